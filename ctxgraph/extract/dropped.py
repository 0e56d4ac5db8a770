"""The dropped step: an item the user takes off a list the state holds (issue 19, prec18).

A list of people or places is one fact ("person: Kev Marsh, Pawel Nowak, Stuart Ince", a tool's "destinations:
Kenya, Zanzibar"). When a later message of the user's takes one item off ("actually take stuart off", "leon's
pulled out", "we've dropped zanzibar", "王浩然那天有事不来了"), every current list fact holding it is superseded by
the list without it; an item replaced ("马晓彤那天要回老家 换成隔壁宿舍的林悦") gives its place to the person named
after "换成" / "swap … for". The item is found whole or by its first word ("stuart" of "Stuart Ince", unless
another item starts with it) and the message must say, right around it, that it is taken off: an item only named ("can lena have the smaller boat") stays.

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> t.observe_many([{"role": "user", "content": "names are Hugo Marr, Lena Ortiz, Sam Quayle"},
...                 {"role": "user", "content": "lena's pulled out, sorry"}])
>>> [(f.key, f.value) for f in t.state().facts if f.status == "current"]
[('name', 'Hugo Marr'), ('person', 'Sam Quayle')]
"""

from __future__ import annotations

import re

from .._units import FactUnit, RetractUnit, _Unit
from .context import MessageContext
from .registry import step
from .text import EN_WEEKDAY

#: the separator of a list fact's items
_ITEMS = re.compile(r"\s*[,，、]\s*")
#: (en) the words before an item that take it off: "take |stuart off", "we've dropped |zanzibar", "remove |Tom"
_EN_BEFORE = re.compile(r"\b(?:take|taking|took|drop|dropped|dropping|remove|removed|cross|scratch)\s+$", re.I)
#: (en) the words after an item that take it off: "stuart| off", "leon|'s pulled out", "tom| can't come"
_EN_AFTER = re.compile(r"^(?:(?:'s|’s)?\s+off\b(?!\s+(?:work|sick|on|to|for|at|till|until|today|tomorrow))"
                       r"|(?:'s|’s|\s+has|\s+have|\s+is|\s+are)?\s+(?:pulled|dropped|dropping|pulling)\s+out\b"
                       r"|\s+(?:isn't|isnt|is not|won't be|wont be|is no longer)\s+coming\b"
                       r"|\s+(?:can't|cant|cannot|can not|won't|wont)\s+(?:come|make it|do it|attend)\b)", re.I)
#: (en, fix20) a time after "can't come" / "isn't coming": the item is out of that time, not off the list ("jo can't
#: come on friday so let's do saturday", "omar can't make it at 9", "maya can't come that weekend")
_AT_A_TIME = re.compile(r"\s+(?:(?:on|at|by|before|after|until|till|in the)\s+(?:the\s+)?(?:\d|" + EN_WEEKDAY
                        + r"(?:day)?s?\b|morning|afternoon|evening|night|noon|weekend|week)"
                        r"|(?:that|this|next|then|tomorrow|today|tonight)\b)", re.I)
#: (en, fix20) the item still coming, said after a "but" in its sentence ("jo can't come to the dinner but will do the
#: tour", "… but he's still coming on the trip"): out of one part, not off the list
_STILL_IN = re.compile(r"[^.!?]*?\bbut\s+(?:(?:he|she|they)(?:'s|’s|'ll|’ll|\s+is|\s+are|\s+will)?\s+|will\s+|is\s+)?"
                       r"(?:still\s+)?(?:will\s+)?(?:do|doing|come|coming|join|joining|make|making|be)\b", re.I)
#: (zh) what follows an item in its clause when it is taken off: "王浩然|那天有事不来了", "马晓彤|那天要回老家 换成…";
#: (counts20) a thing no longer brought, sent or bought: "那书桌|不带了", "柜子|不寄了"; (wrong34) or told not to be any
#: more: "《晚报》|别订了", "椅子|别带了"
_ZH_AFTER = re.compile(r"^[^，。！？,.!?；;]{0,10}?(?:不来了|不去了|来不了|去不了|不参加了|参加不了|不报了|不要了|退出|[不别][带拿寄运搬买订]了)")
#: (zh) the words before an item that take it off: "去掉|王浩然", "把|王浩然去掉" reads as after
_ZH_BEFORE = re.compile(r"(?:去掉|删掉|删除|不要|取消)\s*$")
#: a message with none of these words takes nothing off (the current facts are not scanned)
_ANY_CUE = re.compile(r"\b(?:off|out|coming|come|make it|do it|attend|drop\w*|remove\w*|take|taking|took|cross|scratch|swap)\b"
                      r"|不来|不去|来不了|去不了|参加|不报|退出|换成|改成|去掉|删|不要|取消|[不别][带拿寄运搬买订]了", re.I)
#: (zh) "换成" / (en) "swap … for" and the person after it who takes the item's place
_REPLACED = re.compile(r"(?:换成|改成|\bswap\b[^.!?]{0,30}?\bfor\b)\s*")


def list_items(value: str) -> list[str]:
    """The items of a list fact's value (one item: not a list).

    >>> list_items("Kev Marsh, Pawel Nowak"), list_items("郑可欣、何雯"), list_items("Kenya")
    (['Kev Marsh', 'Pawel Nowak'], ['郑可欣', '何雯'], ['Kenya'])
    """
    return _ITEMS.split(value)


def _word_at(text: str, word: str) -> tuple[int, int] | None:
    """Where ``word`` stands in ``text`` as a word (case-insensitively), or None."""
    if len(word) < 2:
        return None
    edge = r"\b" if word[:1].isascii() else ""
    m = re.search(edge + re.escape(word) + (r"(?![A-Za-z])" if edge else ""), text, re.I)
    return m.span() if m else None


def _item_at(text: str, item: str, items: list[str] = ()) -> tuple[int, int] | None:
    """Where ``item`` stands in ``text``: whole, or by its first word when no other item of its list (``items``) starts
    with that word ("take tom off" of "Tom Hill, Tom Rees" names neither); None: not said.

    >>> _item_at("actually take stuart off", "Stuart Ince"), _item_at("赵一鸣换成刘洋", "赵一鸣"), _item_at("a leonberger", "Leon Bright")
    ((14, 20), (0, 3), None)
    >>> items = ["Tom Hill", "Tom Rees", "Ann Bell"]
    >>> _item_at("take tom off", "Tom Hill", items), _item_at("take tom rees off", "Tom Rees", items)
    (None, (5, 13))
    """
    if " " not in item:
        return _word_at(text, item)
    whole = _word_at(text, item)
    word = item.split()[0]
    if whole or any(x != item and x.split()[0].lower() == word.lower() for x in items):
        return whole
    return _word_at(text, word)


def _dropped(ctx: MessageContext, at: tuple[int, int]) -> bool:
    """Whether the message takes off the item said at ``at`` ("take |stuart| off", "王浩然|那天有事不来了"); one who
    can't come at a time ("jo| can't come on friday") or is still coming after a "but" is not taken off (fix20)."""
    before, after = ctx.text[max(0, at[0] - 24):at[0]], ctx.text[at[1]:]
    if ctx.lang == "zh":
        return bool(_ZH_AFTER.match(after) or _ZH_BEFORE.search(before))
    out = _EN_AFTER.match(after)
    return bool(_EN_BEFORE.search(before) or out and not _AT_A_TIME.match(after, out.end())
                and not _STILL_IN.match(after, out.end()))


def _replacement(ctx: MessageContext, at: tuple[int, int]) -> str | None:
    """The person named after "换成" / "swap … for" in the item's sentence, who takes its place; None: no one
    ("12寸那两张能不能换成珠光的": the item's finish changes, the item stays)."""
    rest = re.split(r"[。！？.!?\n]", ctx.text[at[1]:], maxsplit=1)[0]
    cue = _REPLACED.search(rest)
    if cue is None:
        return None
    start = at[1] + cue.end()
    end = at[1] + len(rest)
    return next((m.text for m in ctx.mentions if m.label == "PERSON" and start <= m.start < end), None)


def lists_without(G, gone: dict[str, str | None]) -> list[FactUnit]:
    """The current list facts of ``G`` holding an item of ``gone`` (item -> who takes its place, or None), each
    superseded by the list without it (or with the one taking its place).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "assistant", "content": "Names please?"}, {"role": "user", "content": "Hugo Marr, Lena Ortiz, Sam Quayle"}])
    >>> [u.value for u in lists_without(t.graph, {"Lena Ortiz": None})]
    ['Hugo Marr, Sam Quayle']
    """
    out = []
    for fid in list(G.graph["current_fact"].values()):
        d = G.nodes[fid]
        items = list_items(str(d["value"]))
        if len(items) < 2 or d["key"].startswith(("want", "problem")):
            continue
        kept = [gone.get(x) or x for x in items if x not in gone or gone[x]]
        if kept != items:
            out.append(FactUnit(key=d["key"], name=d["name"], value=", ".join(kept), correction=True,
                                supersedes=fid, slot=d.get("slot"), group=d.get("group")))
    return out


@step("dropped", roles=("user",))
def dropped(ctx: MessageContext) -> list[_Unit]:
    """Supersede each current list fact holding an item this message takes off, with the list without it."""
    if not _ANY_CUE.search(ctx.text):
        return []
    G = ctx.graph
    gone: dict[str, str | None] = {}
    for fid in G.graph["current_fact"].values():
        items = list_items(str(G.nodes[fid]["value"]))
        for item in items if len(items) > 1 else ():
            at = _item_at(ctx.text, item, items)
            if item in gone or at is None or ctx.asking(at[0]):
                continue
            new = _replacement(ctx, at)
            if new or _dropped(ctx, at):
                gone[item] = new
    return (lists_without(G, gone) if gone else []) + _people_out(ctx)


#: (wrong34) the words before a person's name or relation in a ``person_*`` fact: "my friend |Larissa", "我|老公"
_EN_OWNER = re.compile(r"^(?:my|our)\s+(?:[a-z]+\s+){0,2}?(?=[A-Z])|^(?:my|our)\s+", re.I)
_ZH_OWNER = re.compile(r"^(?:我们家|我家|我们|俺家|俺|我)")


def _person_word(value: str, zh: bool) -> str:
    """(wrong34) The name a ``person_*`` fact's person goes by in a later message: the name after "my friend", else the
    relation ("my husband" -> "husband", "我老公" -> "老公").

    >>> _person_word("my friend Larissa", False), _person_word("my husband", False), _person_word("我老公", True)
    ('Larissa', 'husband', '老公')
    """
    own = value.split(" (")[0].strip()
    if zh:
        return _ZH_OWNER.sub("", own)
    m = re.match(r"^(?:my|our)\s+(?:[a-z]+\s+){0,2}?([A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?)$", own)
    return m.group(1) if m else _EN_OWNER.sub("", own)


def _people_out(ctx: MessageContext) -> list[_Unit]:
    """(wrong34) Retract a one-person ``person_*`` fact (a friend, a relation coming along) when the message says that
    person no longer comes ("Larissa cannot come, she go back to Brazil", "我老公那天有事不来了"): the same words that
    take an item off a list (:func:`_dropped`), with no one named to take the place."""
    G = ctx.graph
    out: list[_Unit] = []
    for fid in G.graph["current_fact"].values():
        d = G.nodes[fid]
        if not str(d["key"]).startswith("person") or len(list_items(str(d["value"]))) > 1:
            continue
        word = _person_word(str(d["value"]), ctx.lang == "zh")
        at = _item_at(ctx.text, word)
        if at and not ctx.asking(at[0]) and not _replacement(ctx, at) and _dropped(ctx, at):
            out.append(RetractUnit(fact=fid))
            # the person named again as they are taken off is no fact of their own ("我老公那天加班不来了")
            ctx.units[:] = [u for u in ctx.units if not (isinstance(u, FactUnit) and u.key == d["key"] and word in u.value)]
    return out
