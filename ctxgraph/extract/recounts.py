"""(prec28) A count the user says again of a thing a held value counts: the held value follows (issue 19).

The user counts a thing in a longer value, then counts it again: "we want to put three flagpoles in front" ... "but
only two poles", "I've got his medals, four of them" ... "found another, so that's five", "报三羽多少钱" ... "就报两羽
吧", "屋里五口人" ... "添了个孙子 六口人了", "员工十五个左右" ... "员工也要扩到二十个". The new count is no fact of a
key the old one is held under (the count rules key a count by its own noun, and a want or a problem is a sentence),
so the old count stayed current inside the want, the problem or the keyed value that says it.

Here, for each current value the user said in an earlier message that holds a count of the thing this message
counts again with another number, the value is superseded by itself with the new count in the old one's place (a
value that is the count alone becomes the new count). The thing is the same when

- (en) the nouns share their stem ("rooms" / "room") or one ends with the other ("flagpoles" / "poles");
- (zh) the measure word names the thing on its own (口人, 平方, 羽 ...), or the held value is keyed by a noun the
  message says right before the new count in the same clause ("员工 ... 二十个");
- (en) the message sums up with a bare total ("so that's five", "that makes 6"): the user's newest count of a thing
  or want holding one.

A count asked about, ruled out ("not 2 rooms") or inside another value (a date, a price, a phone number) moves
nothing, nor does the same number said again.

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> t.observe_many([{"role": "user", "content": "we want three flagpoles by the gate, price please"},
...                 {"role": "assistant", "content": "6m poles are 420 each."},
...                 {"role": "user", "content": "ok but only two poles, the boss says"}])
>>> [(f.key, f.value) for f in t.state().facts if f.status == "current" and "poles" in f.value]
[('count_flagpoles', 'two poles'), ('want', 'we want two poles by the gate, price please')]
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .. import _graph as g
from .._normalize import parse_number
from .._units import FactUnit, _Unit
from .context import MessageContext
from .countwords import _NUMBER as _EN_MANY, _PLURAL, RANK_BEFORE
from .registry import step
from .text import clause_at, story_clause, unmarked_question

#: (en) a count: a number, up to two words, the thing's noun ("2 spare rooms", "three flagpoles", "1 spare room")
_EN_COUNT = re.compile(rf"(?<![\w£$€¥.,:/#-])(?P<num>{_EN_MANY}|one|1)(?P<words>(?:\s+[a-z]{{3,}}(?![\w'’-])){{1,3}})", re.I)
#: (en) a count of the things just named ("medals, four of them")
_EN_OF_THEM = re.compile(rf"(?<![\w£$€¥.,:/#-])(?P<num>{_EN_MANY})\s+of\s+(?:them|those)\b", re.I)
#: (en) a bare total that sums up ("so that's five", "that makes 6 then"): the number ends its clause
_EN_TOTAL = re.compile(rf"\b(?:that'?s|thats|that is|that makes|makes it|which makes)\s+(?P<num>{_EN_MANY})"
                       r"(?=\s*(?:now|then|in total|altogether|all together|total)?\s*(?:[.,;!]|$))", re.I)
#: (en) words no thing counted: time, money, units, function words (after the number or between it and the noun)
_EN_NOT_THING = re.compile(r"(?:and|or|but|of|to|for|the|more|less|extra|other|each|per|times?|days?|weeks?|months?|years?|"
                           r"hours?|hrs|minutes?|mins|nights?|pm|am|ish|pounds?|quid|dollars?|euros?|pence|grand|percent|"
                           r"metres?|meters?|miles?|kilos?|kg|tonnes?|litres?|inches|feet|foot|is|are|was|were|has|have|"
                           r"thing|things|lot|bit|way|too|please|pls|then|now|ones?|left|only|just|off|out)", re.I)
#: (en) right before the number: a count ruled out, a rank or a place, not a count of things
_EN_NOT_BEFORE = re.compile(rf"\b(?:{RANK_BEFORE})\s+$", re.I)
_ZH_NUM = r"[0-9]+(?:\.[0-9]+)?|[零一二两三四五六七八九十百千万]+(?:点[零一二三四五六七八九]+)?"
#: (zh) a count in a measure word that names the thing on its own
_ZH_COUNT = re.compile(rf"(?P<num>{_ZH_NUM})(?P<unit>口人|个平方|平方米|平方|平米|羽)")
#: (zh) a count in a measure word of any thing, at the end of a held value keyed by its noun ("员工: 十五个左右")
_ZH_UNIT = r"[个位名张台辆间套只头匹条]"
_ZH_KEYED_END = re.compile(rf"(?P<num>{_ZH_NUM})(?P<unit>{_ZH_UNIT})(?:左右|上下)?$")
#: (zh) a count in a measure word of any thing right after its noun of two characters ("员工十五个")
_ZH_NOUN_COUNT = re.compile(rf"(?P<noun>[\u4e00-\u9fff]{{2}})(?P<num>{_ZH_NUM})(?P<unit>{_ZH_UNIT})(?:左右|上下)?")
#: (zh) any count in a measure word: a message without one moves no count
_ZH_ANY_COUNT = re.compile(rf"(?:{_ZH_NUM})(?:{_ZH_UNIT}|口人|个平方|平方米|平方|平米|羽)")
#: (zh) a clause's bounds
_ZH_CLAUSE = re.compile(r"[，,。！!？?；;\s]")
#: (zh) right before the count: it is ruled out or compared, not the new count ("不是五口人")
_ZH_NOT_BEFORE = re.compile(r"(?:不是|不|没有|没|比|如果|要是)$")


class Count(NamedTuple):
    """A count in a text: its number, the thing (an en noun or a zh measure word), its span."""

    num: str
    thing: str
    start: int
    end: int


def _amount(num: str) -> float | None:
    """The count's number ("three" 3, "八十二点五" 82.5).

    >>> _amount("three"), _amount("八十二点五"), _amount("两")
    (3.0, 82.5, 2.0)
    """
    whole, _, part = num.partition("点")
    n = parse_number(whole)
    if n is None or not part:
        return n
    digits = "".join(str(int(d)) if d.isdigit() else str(int(parse_number(d) or 0)) for d in part)
    return float(f"{int(n)}.{digits}")


def _stem(noun: str) -> str:
    """An English noun without its plural ending ("rooms" room, "boxes" box, "stories" story).

    >>> _stem("rooms"), _stem("boxes"), _stem("stories"), _stem("glass"), _stem("benches")
    ('room', 'box', 'story', 'glass', 'bench')
    """
    noun = noun.casefold()
    if noun.endswith("ies") and len(noun) > 4:
        return noun[:-3] + "y"
    if noun.endswith(("xes", "ches", "shes", "sses")):
        return noun[:-2]
    return noun[:-1] if noun.endswith("s") and not noun.endswith("ss") else noun


def _noun(words: list[str], one: bool) -> str | None:
    """The counted noun among the (up to three) words after a number: the first plural one (after "one", the last
    word before a function word), no word of time, money or function before it; None when there is none.

    >>> _noun(["spare", "rooms", "and"], False), _noun(["spare", "room", "and"], True), _noun(["more", "chairs"], False)
    ('rooms', 'room', None)
    """
    for n, w in enumerate(words):
        if _EN_NOT_THING.fullmatch(w):
            return words[n - 1] if one and n and not words[n - 1].casefold().endswith("s") else None
        if not one and re.fullmatch(_PLURAL, w, re.I):
            return w
    return words[-1] if one and not words[-1].casefold().endswith("s") else None


def en_counts(text: str) -> list[Count]:
    """The English counts of things in ``text``, the thing as its noun's stem.

    >>> [(c.num, c.thing) for c in en_counts("We've got 2 spare rooms, four of them. At 3 pm, not 5 days")]
    [('2', 'room'), ('four', '')]
    """
    out = []
    for m in _EN_COUNT.finditer(text):
        if _EN_NOT_BEFORE.search(text[max(0, m.start() - 12):m.start()]):
            continue
        noun = _noun(m.group("words").split(), m.group("num").casefold() in ("one", "1"))
        if noun is not None:
            end = m.start("words") + m.group("words").casefold().index(noun.casefold()) + len(noun)
            out.append(Count(m.group("num"), _stem(noun), m.start(), end))
    out += [Count(m.group("num"), "", m.start(), m.end()) for m in _EN_OF_THEM.finditer(text)]
    return sorted(out, key=lambda c: c.start)


def zh_counts(text: str) -> list[Count]:
    """The Chinese counts in a measure word that names the thing on its own.

    >>> [(c.num, c.thing) for c in zh_counts("房子七十八个平方 屋里五口人 报三羽")]
    [('七十八', '个平方'), ('五', '口人'), ('三', '羽')]
    """
    return [Count(m.group("num"), m.group("unit"), m.start(), m.end()) for m in _ZH_COUNT.finditer(text)]


def same_thing(a: str, b: str) -> bool:
    """Two counted things are one: the same stem or measure word, or one noun ending with the other (four letters
    at least: "flagpole" / "pole").

    >>> same_thing("flagpole", "pole"), same_thing("room", "room"), same_thing("pole", "hole"), same_thing("", "room")
    (True, True, False, False)
    """
    if not a or not b:
        return False
    return a == b or (min(len(a), len(b)) >= 3 and (a.endswith(b) or b.endswith(a)))


def _new_counts(ctx: MessageContext) -> list[Count]:
    """The counts this message says, not asked about, ruled out, nor inside a value of another kind."""
    if ctx.lang == "en":
        said = en_counts(ctx.text)
    else:
        said = [c for c in zh_counts(ctx.text) if not _ZH_NOT_BEFORE.search(ctx.text[max(0, c.start - 2):c.start])]
    return [c for c in said if c.thing and not ctx.asking(c.start) and not _in_other_value(ctx, c) and not other_time(ctx, c.start)]


#: (zh) a clause of another time or a story ("去年是12桌", "上次才10个", "原来五口人")
_ZH_STORY = re.compile(r"去年|前年|上次|上回|以前|之前|原来|当时|那时")


def other_time(ctx: MessageContext, at: int) -> bool:
    """The count at ``at`` is said of another time or as a deed done ("last year we had 15 chairs", "去年是12桌", "I
    swapped two"), or in a zh question with no mark ("二十个吗"): no count the user gives now."""
    from .counts import _DONE_BEFORE

    if ctx.lang == "en":
        return story_clause(ctx.text, at) or bool(_DONE_BEFORE.search(ctx.text[max(0, at - 16):at]))
    clause = clause_at(ctx.text, at)
    return bool(_ZH_STORY.search(clause)) or unmarked_question(ctx.text, at)


def _in_other_value(ctx: MessageContext, c: Count) -> bool:
    """A mention of another kind (a date, a price, a phone number) covers the count's number (the noun may be misread:
    "two poles" tagged as a nationality)."""
    return any(m.start < c.start + len(c.num) and c.start < m.end and m.label not in ("QUANTITY", "CARDINAL", "NUMBER")
               for m in ctx.mentions)


def _keyed_counts(key: str, value: str) -> list[tuple[str, Count]]:
    """(zh) The counts in a measure word of any thing a held value says with their noun: the value's own count when its
    key is the noun ("员工: 十五个左右"), and each count right after a noun of two characters ("员工十五个左右").

    >>> [(n, c.num, c.thing) for n, c in _keyed_counts("员工", "十五个左右")]
    [('员工', '十五', '个')]
    >>> [(n, c.num) for n, c in _keyed_counts("want", "要办环评，员工十二个左右，一个小厂")]
    [('员工', '十二')]
    """
    out = []
    if (m := _ZH_KEYED_END.search(value)) and re.fullmatch(r"[\u4e00-\u9fff]{2,4}", key):
        out.append((key, Count(m.group("num"), m.group("unit"), m.start(), m.end())))
    for m in _ZH_NOUN_COUNT.finditer(value):
        if not re.search(r"[的是有要了个和与或在就]", m.group("noun")):
            out.append((m.group("noun"), Count(m.group("num"), m.group("unit"), m.start("num"), m.end())))
    return out


def _keyed_count(ctx: MessageContext, key: str, value: str) -> tuple[Count, Count] | None:
    """(zh) A count of a held value said with its noun ("员工: 十五个左右", "员工十五个左右") and this message's new count
    of it: the noun, then in the same clause a count in the same measure word ("员工也要扩到二十个")."""
    if ctx.lang != "zh":
        return None
    for noun, held in _keyed_counts(key, value):
        for at in (m.end() for m in re.finditer(re.escape(noun), ctx.text)):
            clause = _ZH_CLAUSE.search(ctx.text, at)
            stop = clause.start() if clause else len(ctx.text)
            m = re.compile(rf"(?P<num>{_ZH_NUM})" + re.escape(held.thing)).search(ctx.text, at, stop)
            if m and not ctx.asking(m.start()) and not other_time(ctx, m.start()):
                return held, Count(m.group("num"), held.thing, m.start(), m.end())
    return None


#: (fix31) a thing added or taken away, said before a bare total: what makes the total a new count ("my brother dropped
#: off another one, so that's four"); with none the total sums a price ("each room is 50" - "ok so that's 150 then")
_EN_ADDED = re.compile(r"\b(?:another|more|extra|plus|add|added|adding|also|less|minus|fewer|lost|found|dropped|removed?|"
                       r"took|taken|gone|died)\b", re.I)


def _total(ctx: MessageContext) -> str | None:
    """(en) The number of a bare total the message sums up with ("so that's five"), after a thing added or taken away.

    >>> from types import SimpleNamespace as N
    >>> total = lambda text: _total(N(lang="en", text=text, asking=lambda at: False))
    >>> total("found another, so that's five"), total("ok so that's 150 then, fine")
    ('five', None)
    """
    m = _EN_TOTAL.search(ctx.text) if ctx.lang == "en" else None
    if m is None or not _EN_ADDED.search(ctx.text, 0, m.start()):
        return None
    return m.group("num") if not ctx.asking(m.start()) and not other_time(ctx, m.start("num")) else None


def _followed(value: str, old: Count, new: str) -> str:
    """``value`` with the count ``old`` said as ``new``.

    >>> _followed("we want three flagpoles by the gate", Count("three", "flagpole", 8, 23), "two poles")
    'we want two poles by the gate'
    """
    return value[:old.start] + new + value[old.end:] if new.strip() else value


def held_users(ctx: MessageContext) -> list[tuple[str, dict]]:
    """The current facts the user said in an earlier message, newest first, that this message neither restates nor moves
    (the values the recounts and the reranged steps may follow)."""
    moved = {u.supersedes for u in ctx.units if isinstance(u, FactUnit) and u.supersedes}
    stated = {u.key for u in ctx.units if isinstance(u, FactUnit)}
    return [(fid, d) for fid, d in g.recent_current_facts(ctx.graph, 40)
            if fid not in moved and d["key"] not in stated and d.get("turn") != ctx.index
            and ctx.graph.nodes.get(f"t{d['turn']}", {}).get("role") == "user"]


def _moved(ctx: MessageContext, value: str, said: list[Count]) -> tuple[Count, str] | None:
    """The held count in ``value`` that a count of ``said`` (the last of its thing) says again with another number,
    and the new count's words."""
    held = en_counts(value) if ctx.lang == "en" else zh_counts(value)
    for old in held:
        new = next((c for c in reversed(said) if same_thing(old.thing, c.thing)), None)
        if new is not None and _amount(new.num) != _amount(old.num) and _amount(new.num) is not None:
            return old, ctx.text[new.start:new.end]
    return None


def followed(fid: str, d: dict, value: str) -> FactUnit:
    """(fix31) The held fact ``fid`` (its node ``d``) said again as ``value``: same key, a correction that supersedes it
    (shared by the recounts and the reranged steps).

    >>> u = followed("f3", {"key": "want", "name": "want", "stressed": False, "phrase": True}, "two poles")
    >>> (u.key, u.value, u.supersedes, u.correction, u.slot)
    ('want', 'two poles', 'f3', True, None)
    """
    return FactUnit(key=d["key"], name=d["name"], value=value, correction=True, supersedes=fid, stressed=d["stressed"],
                    slot=None if d.get("phrase") else d.get("slot"), group=d.get("group"))


@step("recounts", roles=("user",))
def recounts(ctx: MessageContext) -> list[_Unit]:
    """Each earlier value of the user's holding a count this message says again with another number, superseded by
    itself with the new count (see the module)."""
    said, total = _new_counts(ctx), _total(ctx)
    if not said and total is None and (ctx.lang == "en" or not _ZH_ANY_COUNT.search(ctx.text)):
        return []  # most messages stop here: no count of a thing is said
    out: list[_Unit] = []
    for fid, d in held_users(ctx):
        value = str(d["value"])
        found = _moved(ctx, value, said) if said else None
        if found is None and (keyed := _keyed_count(ctx, str(d["key"]), value)) is not None:
            old, new = keyed
            found = (old, ctx.text[new.start:new.end]) if _amount(new.num) != _amount(old.num) else None
        if found is None and total is not None and not out and str(d["key"]).startswith(("count_", "want", "problem")):
            counts = en_counts(value)
            old = counts[-1] if counts else None
            found = (old, total + value[old.start + len(old.num):old.end]) if old and _amount(old.num) != _amount(total) else None
        if found is None:
            continue
        old, new = found
        rest = _followed(value, old, new).strip()
        mine = next((n for n, u in enumerate(ctx.units) if isinstance(u, FactUnit) and not u.offered
                     and u.key.startswith("count_") and u.value.strip() == rest), None)
        if mine is not None:  # the counts step keyed the new count by its own noun ("count_poles"): it is this one's
            ctx.units[mine] = ctx.units[mine].model_copy(update=dict(key=d["key"], name=d["name"], correction=True, supersedes=fid))
        elif rest != value:
            out.append(followed(fid, d, rest))
    return out
