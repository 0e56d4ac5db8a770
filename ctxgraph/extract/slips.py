"""The slips step: a value the user mends in the same breath (issue 19, prec26).

The facts step's ``corrected_within`` and the overtaken step mend a value followed by the pack's
``self_corrections`` words and a new value of the same type close after them. Users mend values in ways those
readers did not see, and the old value stayed current:

- **a bare "no" between a value and a number** ("26 feet, no, 27 with the bracket", "About 8.40pm. No 9.40") and
  **"actually" right before a number** ("all 5 of us. actually 4, Josh dropped out");
- **the new value as a bare number** after an old value with a unit ("26 feet" → "27 feet", "8.40pm" → "9.40pm",
  "5 of us" → "4 of us"): the number changes inside the old value;
- **the new value restated after a few words** ("DOB 8 March 1938, no wait thats mums, his is 3 August 1938");
- **a labelled part named again** ("22 Harold Road, Flat B, Sheffield. wait no its Flat A");
- **the thing denied right after the words** ("my wife's piano... no, not the piano", "before the SATs mock …
  sorry, no SATs"): the value said before that holds it is dropped.

Only facts of this message are mended (the units the steps before made); wants and problems keep the user's words.

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> _ = t.observe({"role": "user", "content": "a table for all 6 of us. actually 5, Tom can't come"})
>>> [f.value for f in t.state().facts if f.status == "current"]
['5 of us']
"""

from __future__ import annotations

import re
from dataclasses import replace

from .. import _graph as g
from .._units import FactUnit, _Unit
from .context import Mention, MessageContext
from .registry import step
from .sayings import alike, followed, users_sayings

#: (en) the words of a slip the pack's lists do not hold: a bare "no" after a clause's end or a comma with a number
#: right after it (not "No 5 Mill Lane", a house number), "actually" right before a number, "no, not" before a thing
_SLIP = {"en": re.compile(r"(?:(?<=[,.;!?…]\s)|(?<=[,.;!?…])|^)no\b,?(?=\s*\d(?![\d.:]*\s+(?-i:[A-Z])))"
                          r"|\bactually,?(?=\s+\d)|\bno,?(?=\s+not\b)", re.I),
         # (zh) the user saw, remembered or did it wrong ("金额我看错了", "我记错了")
         "zh": re.compile(r"看错了|记错了|搞错了|弄错了|算错了|数错了")}
#: (zh) the field the user mends, named right before the slip's words ("哦金额我看错了 是八千"): its value is the one said
#: right after the same name earlier ("金额五千")
_NAMED = {"zh": re.compile(r"(?P<field>[\u4e00-\u9fff]{2,4})(?<![我也又])(?:我|也|又)?$")}
#: a decimal part a number reader left off the new value ("八十四点六平": 八十四)
_DECIMAL = re.compile(r"^(?:点[零〇一二三四五六七八九两\d]+|\.\d+)")
#: at most this many characters between the slip's words and the new value
_GAP = 16
#: at most this many characters (spaces aside) between the old value and the slip's words: "花甲15斤 哦不对", "26 feet, no",
#: never a clause ("13号吧 那天学校好像有运动会彩排？哦不对 彩排是12号": the 12th is the rehearsal's)
_BEFORE = 4
#: (en) the new value restated after a few words ("thats mums, his is 3 August"): the words before it end so
_RESTATED = {"en": re.compile(r"\b(?:is|it'?s|its|it is|are)\s*$", re.I)}
#: a longer reach for a restated new value, inside one sentence
_RESTATED_GAP = 40
#: a number inside a value (the last one is the part a bare number mends)
_NUMBER = re.compile(r"\d+(?:[.:]\d+)?")
#: (en) a labelled part of a value: a capitalised word and a short code ("Flat B", "Unit 4", "Bay 12")
_LABELLED = re.compile(r"\b([A-Z][a-z]{2,})\s+([A-Z0-9]{1,4})\b")
#: (en) what leads the labelled part named again after the slip's words
_LEAD = re.compile(r"^[\s,.;:!-]*(?:(?:it'?s|its|it is|is|make it)\s+)?", re.I)
#: (en) the thing the user denies right after the slip's words: "not the piano", "no SATs"
_DENIED = {"en": re.compile(r"^[\s,.;:!-]*(?:no|not)\s+(?:the\s+|a\s+|an\s+|my\s+|his\s+|her\s+|any\s+)?(?P<x>[A-Za-z][\w-]{2,})\b", re.I)}

#: (en) what follows a number the user weighs rather than gives: a verb judging it ("no 3 is too many", "no, 4 would
#: be mad", "No 3 was too expensive") or a part of a group it opens ("actually 2 of them need cots"); the number is
#: the subject of a clause of its own, no value mended ("no, 27 with the bracket", "actually 4, Josh dropped out" stay)
_WEIGHED = {"en": re.compile(r"^\s*(?:[a-z]+\s+)?(?:(?:is|was|are|were|'s|seems?|sounds?|looks?|feels?)\s+(?:too|way|far|a\s+bit|"
                             r"not|overkill|excessive|silly|crazy|mad|ridiculous|pointless|much|more|over)\b"
                             r"|(?:is|was|are|were)n't\b|(?:would|will|'d|might|could|wouldn't|won't)(?:\s+be)?\b"
                             r"|of\s+(?:them|those|these)\b)", re.I)}

#: what "no" names that is no thing of the user's ("sorry, no rush", "no worries")
_NO_THING = frozenset({"problem", "problems", "worries", "worry", "rush", "hurry", "need", "idea", "way", "longer", "more",
                       "one", "thanks", "thank", "matter", "bother", "pressure", "stress"})


def _cues(ctx: MessageContext) -> list[tuple[int, int]]:
    """The spans of the message's slip words: the pack's ``self_corrections`` and ``take_backs`` and :data:`_SLIP`."""
    rxs = [*ctx.pack.self_corrections, *getattr(ctx.pack, "take_backs", ())]
    extra = _SLIP.get(ctx.lang)
    spans = {c.span() for rx in [*rxs, *([extra] if extra else [])] for c in rx.finditer(ctx.text)}
    return sorted(spans)


def _new_after(ctx: MessageContext, mentions: list[Mention], end: int) -> Mention | None:
    """The first value mention after the slip's words ending at ``end``: close after them, or restated (:data:`_RESTATED`)
    a little further in the same sentence."""
    new = next((m for m in mentions if m.start >= end), None)
    if new is None:
        return None
    between = ctx.text[end:new.start]
    if new.start - end <= _GAP:
        return _with_decimal(ctx, new)
    restated = _RESTATED.get(ctx.lang)
    if restated and new.start - end <= _RESTATED_GAP and restated.search(between) and not re.search(r"[.!?;]", between):
        return _with_decimal(ctx, new)
    return None


def _with_decimal(ctx: MessageContext, new: Mention) -> Mention:
    """``new`` with the decimal part said right after it (:data:`_DECIMAL`) that its reader left off.

    >>> from types import SimpleNamespace as NS
    >>> _with_decimal(NS(text="是八十四点六平"), Mention(1, 4, "NUMBER", "八十四", "k")).text
    '八十四点六'
    """
    tail = _DECIMAL.match(ctx.text[new.end:])
    if not tail:
        return new
    return replace(new, end=new.end + tail.end(), text=new.text + tail.group(0), value=None)


def _named_old(ctx: MessageContext, mentions: list[Mention], start: int) -> Mention | None:
    """(zh) The value said earlier right after the field the user names before the slip's words ("金额五千 … 哦金额我看错了"):
    the shortest name (two to four characters) said earlier with a value right after it, or None.

    >>> from types import SimpleNamespace as NS
    >>> ctx = NS(lang="zh", text="金额五千 逾期七个月。哦金额我看错了")
    >>> _named_old(ctx, [Mention(2, 4, "NUMBER", "五千", "k"), Mention(7, 10, "QUANTITY", "七个月", "k")], 15).text
    '五千'
    """
    named = _NAMED.get(ctx.lang)
    m = named.search(ctx.text[max(0, start - 6):start]) if named else None
    if not m:
        return None
    field = m.group("field")
    for k in range(2, len(field) + 1):
        name = field[-k:]
        for at in (x.end() for x in re.finditer(re.escape(name), ctx.text[:start - len(m.group(0))])):
            old = next((x for x in mentions if at <= x.start <= at + 1), None)
            if old is not None:
                return old
    return None


#: a number in figures or in Chinese words, to read the unit after it
_ANY_NUMBER = re.compile(r"[\d零〇一二三四五六七八九十百千万两]+(?:[.:点][\d零〇一二三四五六七八九]+)?")


_CJK = re.compile(r"[\u4e00-\u9fff]")
#: (zh) particles after a bare number that are no unit
_PARTICLES = ("吧", "的", "了", "啊", "呀", "哈", "呢", "嘛", "啦")


def _unit(value: str) -> str:
    """What a value says after its last number: its unit ("30袋": 袋, "26 feet": feet), empty when it says none.

    >>> _unit("30袋"), _unit("26 feet"), _unit("3 August 1938"), _unit("Leeds")
    ('袋', 'feet', '', '')
    """
    numbers = list(_ANY_NUMBER.finditer(value))
    return value[numbers[-1].end():].strip() if numbers else ""


def mended_value(old: str, new: Mention, old_label: str, said_after: str = "") -> str | None:
    """The value ``old`` (of type ``old_label``) becomes when the user says ``new`` in its place: ``new`` whole when
    it is of the same type (and unit); the old value with its last number changed when ``new`` is a bare number
    whose next word (``said_after``, zh) is no other unit ("尿素30袋 哎不对 大哥那20亩": no 20袋); else None.

    >>> mended_value("26 feet", Mention(0, 2, "NUMBER", "27", "k"), "QUANTITY")
    '27 feet'
    >>> mended_value("8.40pm", Mention(0, 4, "NUMBER", "9.40", "k"), "TIME")
    '9.40pm'
    >>> mended_value("8 March 1938", Mention(0, 13, "DATE", "3 August 1938", "k"), "DATE")
    '3 August 1938'
    >>> mended_value("Leeds", Mention(0, 2, "NUMBER", "27", "k"), "GPE") is None
    True
    >>> mended_value("30袋", Mention(0, 2, "NUMBER", "20", "k"), "QUANTITY", said_after="亩也让") is None
    True
    """
    if new.text == old:
        return None
    if new.label == old_label:
        return new.text if old_label in ("DATE", "TIME") or _unit(new.text) == _unit(old) else None
    unit = _unit(old)
    if _CJK.match(said_after) and not said_after.startswith(_PARTICLES) and not (unit and said_after.startswith(unit[0])):
        return None
    if new.label in ("NUMBER", "CARDINAL") and _NUMBER.fullmatch(new.text):
        numbers = list(_NUMBER.finditer(old))
        if numbers and numbers[-1].group(0) != new.text:
            last = numbers[-1]
            return old[:last.start()] + new.text + old[last.end():]
    return None


def _mend(ctx: MessageContext, old: str, new: str, drop_said: str | None = None) -> bool:
    """Put ``new`` in place of ``old`` in this message's facts that hold it (wants and problems aside); a fact that
    holds only ``drop_said`` (the new value read on its own) goes. Whether a fact changed. In place."""
    changed = False
    for n, u in enumerate(ctx.units):
        if isinstance(u, FactUnit) and not u.offered and old in u.value and new not in u.value \
                and not u.key.startswith(("want", "problem")):
            ctx.units[n] = u.model_copy(update=dict(value=u.value.replace(old, new), normalized=None, correction=True))
            changed = True
    if changed and drop_said:
        ctx.units[:] = [u for u in ctx.units if not (isinstance(u, FactUnit) and not u.offered and u.value == drop_said
                                                      and not u.correction)]
    return changed


def _relabelled(ctx: MessageContext, old: Mention, end: int) -> bool:
    """(en) A labelled part of ``old`` ("Flat B") named again right after the slip's words with another code ("its
    Flat A"): the code changes in the facts that hold ``old``. Whether it did."""
    again = _LABELLED.match(_LEAD.sub("", ctx.text[end:end + _GAP + 8]))
    if not again:
        return False
    part = next((p for p in _LABELLED.finditer(old.text) if p.group(1) == again.group(1) and p.group(2) != again.group(2)), None)
    if part is None:
        return False
    return _mend(ctx, old.text, old.text[:part.start()] + again.group(0) + old.text[part.end():])


def _denied(ctx: MessageContext, start: int, end: int) -> bool:
    """(en) The thing denied right after the slip's words ("no, not the piano", "sorry, no SATs") drops this message's
    facts said before them that hold it as a word. Whether one went."""
    denied = _DENIED.get(ctx.lang)
    m = denied.match(ctx.text[end:]) if denied else None
    if not m:
        return False
    word = re.compile(r"\b" + re.escape(m.group("x")) + r"\b", re.I)
    if m.group("x").casefold() in _NO_THING or not word.search(ctx.text[:start]):
        return False
    before = len(ctx.units)
    ctx.units[:] = [u for u in ctx.units if not (isinstance(u, FactUnit) and not u.offered and word.search(u.value)
                                                 and not u.key.startswith(("want", "problem")))]
    return len(ctx.units) < before


def _weighed(ctx: MessageContext, new: Mention) -> bool:
    """(en) Whether the number after the slip's words is weighed, not given (:data:`_WEIGHED`): "we need 2 rooms, no
    3 is too many" keeps 2 rooms.

    >>> from types import SimpleNamespace as NS
    >>> _weighed(NS(lang="en", text="2 rooms, no 3 is too many"), Mention(12, 13, "NUMBER", "3", "k"))
    True
    >>> _weighed(NS(lang="en", text="26 feet, no, 27 with the bracket"), Mention(13, 15, "NUMBER", "27", "k"))
    False
    """
    weighed = _WEIGHED.get(ctx.lang)
    return bool(weighed and weighed.match(ctx.text[new.end:]))


@step("slips", roles=("user",))
def slips(ctx: MessageContext) -> list[_Unit]:
    """Mend this message's facts where the user mends a value in the same breath (see the module)."""
    cues = _cues(ctx)
    if not cues:
        return []
    mentions = [m for m in ctx.mentions if m.kind in ("value", "id")]
    for start, end in cues:
        if _denied(ctx, start, end):
            continue
        named = _named_old(ctx, mentions, start)
        old = named or next((m for m in reversed(mentions) if m.end <= start), None)
        if old is None or (old is not named and len(ctx.text[old.end:start].replace(" ", "")) > _BEFORE):
            continue
        new = _new_after(ctx, mentions, end)
        if new is not None and _weighed(ctx, new):
            continue
        value = mended_value(old.text, new, old.label, ctx.text[new.end:new.end + 3]) if new is not None else None
        if value is not None and _mend(ctx, old.text, value, drop_said=new.text):
            continue
        _relabelled(ctx, old, end)
    return []


def _opening_count(ctx: MessageContext, cues: list[tuple[int, int]]) -> list[str]:
    """(zh) The count a message mends a value of an earlier message with: the first value mention right after the
    slip's words when no value comes before them ("我算错了 是两百八十亩"), with its unit (the mention's own, or one or
    two characters said right after it: the number reader leaves 亩 off); the forms to try, longest unit first."""
    mentions = [m for m in ctx.mentions if m.kind in ("value", "id")]
    start, end = cues[0]
    if any(m.start < start for m in mentions):
        return []
    new = _new_after(ctx, mentions, end)
    if new is None or not _ANY_NUMBER.search(new.text):
        return []
    if _unit(new.text):
        return [new.text]
    after = ctx.text[new.end:new.end + 2]
    return [new.text + after[:k] for k in (2, 1) if len(after) >= k and all(_CJK.match(c) for c in after[:k])
            and not after.startswith(_PARTICLES)]


@step("slips_follow", roles=("user",))
def slips_follow(ctx: MessageContext) -> list[_Unit]:
    """(zh) A count the user mends in a message of its own ("我算错了 是两百八十亩") replaces the one count of its unit in
    the user's current want or problem ("…大概三百亩…"): the sentence no longer says the value taken back.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "user", "content": "我们果园要打药 大概一百二十亩 这个礼拜能来吗"},
    ...                 {"role": "assistant", "content": "可以安排，亩数能再确认一下吗？"},
    ...                 {"role": "user", "content": "我算错了 是一百亩"}])
    >>> [f.value for f in t.state().facts if f.status == "current" and f.key == "want"]
    ['我们果园要打药大概一百亩这个礼拜能来吗']
    >>> _ = t.observe({"role": "user", "content": "哦我数错了 是九十亩"})
    >>> [f.value for f in t.state().facts if f.status == "current" and f.key == "want"]
    ['我们果园要打药大概九十亩这个礼拜能来吗']
    """
    if ctx.lang != "zh":
        return []
    cues = _cues(ctx)
    forms = _opening_count(ctx, cues) if cues else []
    if not forms:
        return []
    out: list[_Unit] = []
    for d in users_sayings(ctx):
        for new in forms:
            olds = re.findall(_ANY_NUMBER.pattern + re.escape(_unit(new)), str(d["value"]))
            if len(olds) == 1 and alike(olds[0], new):
                value = followed(str(d["value"]), [(olds[0], new)])
                if value != d["value"]:
                    out.append(FactUnit(key=d["key"], name=d["name"], value=value, subject=None, stressed=d["stressed"]))
                break
    return out


#: (user31zh, zh) a message that opens by saying the value just given was wrong ("不对", "哦错了", "我说错了", "不是")
_WRONG_OPENING = re.compile(r"^\W*(?:[哦噢喔啊呃诶欸]+\W*)?(?:不对|错了|说错了|记错了|看错了|搞错了|写错了|打错了)")
#: (user31zh) a bare number value, with at most a measure word or two after it ("62", "450度", "3个"): nothing else
_BARE_VALUE = re.compile(r"\d+(?:\.\d+)?[\u4e00-\u9fff]{0,2}")


@step("numbers_mended", roles=("user",))
def numbers_mended(ctx: MessageContext) -> list[_Unit]:
    """(user31zh, zh) A number said in a message that opens by saying the last one was wrong replaces the bare number
    the user's previous message gave ("瞳距是多少？" - "好像是62" - "不对 我看了下单子 是63"): the one fact of that
    message whose value is a number, when this message gives one number and no fact of its own; the unit said with the
    old number, if any, stays.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "assistant", "content": "请问瞳距是多少？"}, {"role": "user", "content": "好像是62"},
    ...                 {"role": "user", "content": "不对 我看了下单子 是63"}])
    >>> [(f.key, f.value) for f in t.state().facts if f.status == "current"]
    [('瞳距', '63')]
    """
    if ctx.lang != "zh" or not _WRONG_OPENING.match(ctx.text) or any(isinstance(u, FactUnit) for u in ctx.units):
        return []
    numbers = [m for m in ctx.mentions if m.kind == "value" and m.label in ("NUMBER", "QUANTITY")]
    if len(numbers) != 1 or not numbers[0].text[:1].isdigit():
        return []
    G = ctx.graph
    before = g.previous_turn(G, ctx.index, "user")
    if before is None:
        return []
    facts = [G.nodes[f] for f in G.graph["current_fact"].values() if G.nodes[f].get("turn") == before]
    olds = [d for d in facts if _BARE_VALUE.fullmatch(str(d["value"]))]
    if len(facts) != 1 or len(olds) != 1:
        return []
    old, new = str(olds[0]["value"]), numbers[0].text
    digits = re.match(r"\d+(?:\.\d+)?", old).group(0)
    value = new if _unit(new) or not old[len(digits):] else new + old[len(digits):]
    if value == old:
        return []
    return [FactUnit(key=olds[0]["key"], name=olds[0]["name"], value=value, correction=True, stressed=ctx.stressed)]
