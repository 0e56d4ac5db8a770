"""The changes step: a change act replaces the value of the same kind.

Two readers of a message's structure, run after the facts and roles steps have made the
message's facts:

- **A change act** (the pack's ``change_acts``: words right before a value, "make it 4",
  "move it to Friday", "改周日", "换到10点") names the new value of a slot. The value after
  the act wins over other values of its kind in the same message ("5月1号放假……改周六上午吧":
  周六, not 5月1号), or, when the message holds none, supersedes the user's latest current
  fact of that kind ("3 people" ... "actually make it 4 bikes"). A change asked as a question
  ("改周日上午可以吗") is a change too: it is a request the assistant acts on.
- **A range is one value**: "Monday to Friday" is the fact, not "Monday".
- **"X not Y" inside one value** ("three malm not two"): a fact whose value holds one of the
  pack's ``corrections`` with a new and an old part keeps the part up to the new one.

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> t.observe_many([{"role": "user", "content": "We are 3 people, need bikes for Sunday."},
...                 {"role": "assistant", "content": "Three bikes for Sunday, noted."},
...                 {"role": "user", "content": "actually make it 5, my cousin is coming"}])
>>> [(f.key, f.value) for f in t.state().facts if f.key == "people"]
[('people', '3 people'), ('people', '5')]
>>> [f.status for f in t.state().facts if f.key == "people"]
['superseded', 'current']
"""

from __future__ import annotations

import re

from .. import _graph as g
from .._normalize import _parse_cn_integer
from .._units import FactUnit, _Unit
from .asked import _HEADCOUNT_SLOTS
from .context import Mention, MessageContext
from .countwords import other_measure
from .cued import cue_role
from .dates import ISO_DATE
from .measures import dimension_at, dimensions
from .notvalues import moved_from
from .registry import step
from .surface import _WEEKDAY as _ANY_WEEKDAY
from .surface import weekday_of

#: At most this many characters before a value are read for a change act.
ACT_WINDOW = 24
#: kinds of values a change act moves, and the labels of one kind
_KINDS = {"DATE": "day", "DAY": "day", "TIME": "time", "NUMBER": "count", "CARDINAL": "count", "QUANTITY": "count"}
#: a count's value in a fact: a number, then at most two words ("3 people", "两个大人", "4 bikes")
_COUNT = re.compile(r"^\s*(?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|[一二两三四五六七八九十]+)"
                    r"(?:\s*[^\W\d]+){1,2}\s*$", re.I)
#: (user29) a day of the month or a weekday alone, as the event_dates step keys it by its event ("the 14th", "Friday")
_EVENT_DAY = re.compile(r"^(?:the\s+)?(?:\d{1,2}(?:st|nd|rd|th)|(?:mon|tues|wednes|thurs|fri|satur|sun)day)$"
                        # (user36) in Chinese, a weekday with its part of the day, as a bare answer keys it by the thing
                        # asked ("需要上门取件吗？" - "要 周日上午": 上门取件: 周日上午): "改周一晚上吧" moves it
                        r"|^(?:下|这|本)?(?:周|星期|礼拜)[一二三四五六日天](?:上午|下午|晚上|中午|早上|傍晚)?$", re.I)
#: (prec14) an amount of money ("980元", "£65"): no count, whatever unit follows its number ("改成3张" changes no price)
_MONEY = re.compile(r"[¥￥$€£]|\d\s*[元块]")


def _kind_of_fact(d: dict) -> str | None:
    """The kind (day, time, count) of a current fact's value, by its slot's types or its shape."""
    value = str(d.get("value", ""))
    from .facts import PLACE_SLOTS

    if d.get("slot") in PLACE_SLOTS or d.get("key") in PLACE_SLOTS:
        return None  # (span7) "12 Canons Way", "flat 3, 41 Elm Park Road" count nothing: "make that two" is no new address
    if d.get("key") == "deadline":
        return None  # (miss17) "7点之前" (a deadline, deadlines.py) is no count: "米改25袋" moves the rice, not the deadline
    if d.get("slot") in ("date", "day", "checkin", "checkout") or d.get("key") in ("date", "day"):
        return "day"
    if d.get("slot") in (None, "", d.get("key")) and not re.match(r"(?:choice|slot|extra)", str(d.get("key", ""))) \
            and _EVENT_DAY.match(value):
        return "day"  # (user29) an event's date, keyed by the event ("party: the 14th"): "push it to the 21st" moves it
    if d.get("slot") == "time" or d.get("key") == "time":
        return "time"
    if str(d.get("key", "")).startswith("count_"):
        return "count"  # (counts18) a thing's count, however said ("奖杯3个")
    if d.get("slot") in ("people", "count", "nights", "duration") or (_COUNT.match(value) and not _MONEY.search(value)
                                                                   and not re.search(r"id|no|number|ref|号|码", str(d.get("key")))):
        return "count"
    return None


#: (counts20) later in the message, the old count kept: "make it 12, new starter. no wait … keep it 11"
_KEPT_AFTER = re.compile(r"\b(?:keep|leave|stick with|stay (?:at|with)|back to)\s+(?:it\s+|that\s+)?(?:at\s+|as\s+)?\d", re.I)


def _act_values(ctx: MessageContext) -> list[tuple[Mention, str]]:
    """(mention, value) of each value right after a change act; a day keeps the part of day or
    clock said right after it ("改周日上午" -> 周日上午)."""
    acts = getattr(ctx.pack, "change_acts", ())
    marks = getattr(ctx.pack, "change_marks", ())
    if not acts and not marks:
        return []
    out = []
    mentions = sorted(ctx.mentions, key=lambda m: m.start)
    for n, m in enumerate(mentions):
        if m.label not in _KINDS or m.kind != "value" or (_KINDS[m.label] == "count" and _DATE_PART.match(ctx.text, m.end)):
            continue  # "改成2号入住": a day of the month, not a count
        before = ctx.text[max(0, m.start - ACT_WINDOW):m.start]
        end = m.end
        nxt = mentions[n + 1] if n + 1 < len(mentions) else None
        if _KINDS[m.label] == "day" and nxt is not None and nxt.label == "TIME" and nxt.start == m.end:
            end = nxt.end
        elif _KINDS[m.label] == "day" and (part := _PART_AFTER.match(ctx.text, m.end)):
            end = part.end()  # "换成周四晚上吧": the day with its part of the day
        if not any(rx.search(before) for rx in acts) and not any(rx.match(ctx.text, end) for rx in marks) \
                and not (_KINDS[m.label] in ("day", "time") and _BETTER_AFTER.match(ctx.text, end)):
            continue  # a change act before the value ("move it to"), or a mark after it ("the tuesday instead")
        if _KINDS[m.label] == "count" and _KEPT_AFTER.search(ctx.text, end):
            continue  # (counts20) "make it 12 … no wait … keep it 11": the change taken back in its message
        if _NOW_ONLY.match(ctx.text, end) and not any(rx.search(before) for rx in acts) \
                and any(_KINDS[x.label] == _KINDS[m.label] for x, _ in out) \
                and not _TAKEN_BACK_BETWEEN.search(ctx.text, out[-1][0].end, m.start):
            # (fix25) not after a take-back between the two ("make it Thursday, no wait, Friday now"): a second change
            continue  # (lead21b) "make it Wednesday, Sam's off on Friday now": the change is made; "now" tells why
        out.append((m, ctx.text[m.start:end]))
    return out


#: (user36) a day or a clock said to be the better one, after the message first gave another ("Tuesday. Oh wait, I'm there
#: Thursday so Thursday is better"); not a comparison ("Thursday is better than Friday"). A count is left out: "husband
#: say 3 is better" beside "she is 9" would move the age
_BETTER_AFTER = re.compile(r"\s+(?:is|would be|works|suits(?: me| us)?)\s+(?:much\s+|way\s+|a lot\s+|a bit\s+)?better\b"
                           r"(?!\s+than\b)(?=\s*(?:[,.!;]|$|\b(?:for|as|because|since|cos|so|tbh|actually)\b))", re.I)
#: (lead21b) a value marked as changed only by a "now" after it ("… off on Friday now")
_NOW_ONLY = re.compile(r"\s+now\b", re.I)
#: (fix25) words that take the value before back ("no wait", "sorry, I mean", "actually no", "rather"): the value after
#: them, even marked only by "now", is the change
_TAKEN_BACK_BETWEEN = re.compile(r"\b(?:no|nope|wait|sorry|i mean|actually|rather|scratch that|oops)\b", re.I)


def _kind_of_unit(ctx: MessageContext, u: FactUnit) -> str | None:
    m = next((m for m in ctx.mentions if m.text and m.text in u.value and m.label in _KINDS), None)
    if m is not None:
        return _KINDS[m.label]
    return _kind_of_fact({"slot": u.slot, "key": u.key, "value": u.value})


#: a part of the day said right after a day ("周四晚上", "friday morning")
_PART_AFTER = re.compile(r"\s*(?:上午|下午|晚上|中午|早上|傍晚|凌晨|(?:morning|afternoon|evening|night)\b)", re.I)
#: a bare number that can be an hour of the clock
_BARE_HOUR = re.compile(r"(?:[1-9]|1[0-2])")
#: right after a number: it is part of a date or a clock
_DATE_PART = re.compile(r"\s*(?:[号日月点时:：]|st\b|nd\b|rd\b|th\b)", re.I)
#: (miss7) right before a bare number: it is an hour of the clock ("can it be collected at 5 instead"), never a count
_AT_CLOCK = re.compile(r"\b(?:at|by|from|until|till|before|after|around)\s+$", re.I)
#: (user36) a verb that moves a booking in time, then "to", right before a bare number: "can we move it to 11 actually?"
_MOVE_TO = re.compile(r"\b(?:move|moved|push|pushed|bring|brought|shift|shifted|reschedule|rescheduled)\s+(?:it|that|this|them|"
                      r"the (?:party|booking|appointment|session|slot|visit|lesson|class|table|reservation|pickup|delivery))"
                      r"(?:\s+(?:up|back|forward|on|over))?\s+to\s+$", re.I)
#: (user36) what may follow that bare hour: the message ends, or a word that says no noun is counted
_HOUR_ENDS = re.compile(r"\s*(?:$|[.,;!?)]|(?:actually|instead|then|please|pls|if|so|maybe|rather|now|for|as|because|cos|"
                        r"since|thanks|thank|the|and|or|ish)\b)", re.I)


def moved_to_hour(text: str, m: Mention) -> bool:
    """(user36) The bare number ``m`` is the hour a booking is moved to ("can we move it to 11 actually?", "push the
    party back to 3 please"), never a count ("move it to 15 people" counts people).

    >>> from types import SimpleNamespace as N
    >>> moved_to_hour("can we move it to 11 actually?", N(start=18, end=20))
    True
    >>> moved_to_hour("move it to 15 people", N(start=11, end=13)), moved_to_hour("make it 11 please", N(start=8, end=10))
    (False, False)
    """
    return bool(_MOVE_TO.search(text, 0, m.start)) and bool(_HOUR_ENDS.match(text, m.end))


#: a range's joiner right after a value: the value is the range's start
_RANGE_AFTER = re.compile(r"\s*(?:to|till|until|through|[-–~～到至])\s*(?=\w)", re.I)
#: fact keys that are a value's type, not a role
_GENERIC = ("date", "day", "time", "count")


def _latest(ctx: MessageContext, kind: str, m: Mention | None = None, value: str = "") -> tuple[str, dict] | None:
    """The user's newest current fact of ``kind`` (day, time, count) whose role ``m`` fits, as
    (fact id, data): the role a cue beside ``m`` names first ("改成4个人": people, not the
    nights), then, for a count said with its noun ("45 minutes"), one counting the same noun."""
    from .facts import fits_role
    G = ctx.graph
    if m is not None and kind != "count" and dimension_at(ctx.text, m.start, ctx.lang) is not None:
        return None  # (lead22) "换成10寸的吧": a measure moves no clock nor day ("下午3点" became "10")
    # a value that opens a range ("make it Aug 1 to Aug 6") is a start: it never changes the range's end
    starts = m is not None and _RANGE_AFTER.match(ctx.text, m.end) is not None
    found = [(fid, d) for fid, d in g.recent_current_facts(G, 30)
             if _kind_of_fact(d) == kind and G.nodes.get(f"t{d['turn']}", {}).get("role") == "user"
             and (m is None or not d.get("slot") or fits_role(ctx, d["slot"], m))
             and not (starts and d.get("slot") == "checkout") and not other_measure(value, d)]
    if not found:
        # (miss9) the user made none: the value the tool's call or the assistant's confirmation set from the user's
        # choice ("half 1" -> the booking's 13:30) is the one a change act moves ("can he do 11 instead")
        found = [(fid, d) for fid, d in g.recent_current_facts(G, 30) if _kind_of_fact(d) == kind
                 and (m is None or not d.get("slot") or fits_role(ctx, d["slot"], m)) and not (starts and d.get("slot") == "checkout")
                 and not other_measure(value, d)]
    if m is not None and kind == "count":
        found = [f for f in found if not _other_unit(ctx, m, f[1])]
    dim = dimension_at(ctx.text, m.start, ctx.lang) if m is not None and kind == "count" else None
    if dim is not None:  # (lead20) "改成10寸", "make it 30 square metres": only a measure of that dimension moves
        found = [f for f in found if dim in dimensions(str(f[1].get("value", "")), ctx.lang)]
    cued = cue_role(ctx, m) if m is not None else None
    noun = re.search(r"[^\W\d]{3,}", value) if kind == "count" else None
    same = [f for f in found if (cued and f[1].get("slot") == cued) or (
        noun and re.search(r"(?<![^\W\d])" + re.escape(noun.group(0)[:3]), str(f[1]["value"]), re.I))]
    return (same or _count_pool(ctx, found, m) or [None])[0]


#: (prec25, zh) a number and the measure word right after it ("三亩多", "2000尾"; 个 counts anything)
_ZH_MEASURE = re.compile(r"[0-9一二两三四五六七八九十百千万]+\s*([\u4e00-\u9fff])")


def _other_unit(ctx: MessageContext, m: Mention, d: dict) -> bool:
    """(prec25, zh) A count changed with a measure word ("草鱼改成2000尾") and a fact whose numbers all count in another
    one ("三亩多"): the change moves no area into a number of fish. 个 and a fact with no measure word match any.

    >>> from types import SimpleNamespace as N
    >>> _other_unit(N(lang="zh", text="草鱼改成2000尾嘛"), N(start=4, end=8), {"value": "三亩多"})
    True
    >>> _other_unit(N(lang="zh", text="改成25吨"), N(start=2, end=4), {"value": "三十吨, 五十斤"})
    False
    """
    if ctx.lang != "zh":
        return False
    new = _ZH_MEASURE.match(ctx.text[m.start:m.end + 1])
    held = _ZH_MEASURE.findall(str(d.get("value", "")))
    return bool(new and held) and new.group(1) not in ("个", "多", "左", "来") \
        and all(u != new.group(1) and u not in ("个", "多", "左", "来") for u in held)


#: (en17) a plural noun right after a changed count ("make it 62 chairs"): the count names what it counts
_NOUN_AFTER = re.compile(r"\s+(?:[a-z]{3,}\s+)?[a-z]{3,}s\b", re.I)


def _counted_apart(ctx: MessageContext, noun: str) -> bool:
    """(lead25c) Whether an earlier message of the user counted ``noun`` with a number of its own ("2 big cases"): such
    a count is no count of the party, so a change of it ("make it 3 cases") leaves the party as it is."""
    G = ctx.graph
    rx = re.compile(r"\b\d+\s+(?:[a-z]+\s+)?" + re.escape(noun) + r"\b", re.I)
    return any(d.get("role") == "user" and rx.search(str(d.get("text") or "")) for _, d in g.nodes_of(G, "turn"))


def _count_pool(ctx: MessageContext, found: list[tuple[str, dict]], m: Mention | None) -> list[tuple[str, dict]]:
    """(en17) The facts a count with no noun of theirs may move: a count the counts step keeps by its noun
    (``count_tables``: "8 round tables") is moved by a bare count ("make it 30") and never by a count of another noun
    ("make it 62 chairs"); among the counts of one message it moves the first said ("150 paperback copies. A5, about
    240 pages" ... "make it 200": the copies)."""
    if m is not None and (noun := _NOUN_AFTER.match(ctx.text, m.end)):
        # (lead25c) nor the party when the user counted that noun apart from it before: "4 of us with 2 big cases" ...
        # "make it 3 cases" is no party of 3 ("we're 3 people … make it 4 bikes" still is: one bike each)
        apart = _counted_apart(ctx, noun.group(0).split()[-1])
        return [f for f in found if not str(f[1].get("key", "")).startswith("count_")
                and not (apart and f[1].get("slot") in _HEADCOUNT_SLOTS)]
    if found and str(found[0][1].get("key", "")).startswith("count_"):
        turn = found[0][1].get("turn")
        return [f for f in found if f[1].get("turn") == turn][::-1]
    return found


def changed_values(ctx: MessageContext) -> list[_Unit]:
    """Apply the message's change acts to its own facts; returns the changes of earlier facts."""
    added: list[_Unit] = []
    for m, value in _act_values(ctx):
        kind = _KINDS[m.label]
        if kind == "count" and _BARE_HOUR.fullmatch(value) and (_AT_CLOCK.search(ctx.text, 0, m.start) or moved_to_hour(ctx.text, m)):
            kind = "time"  # "at 5 instead" changes a clock; with none held it changes nothing (not "15 kids")
        mine = [(n, u) for n, u in enumerate(ctx.units) if isinstance(u, FactUnit) and not u.offered
                and _kind_of_unit(ctx, u) == kind and not (u.slot == "things" and value not in u.value)]
        # (counts18) a thing counted with its noun in the message ("改成12杯拿铁加3杯美式": 3杯美式) keeps its own count
        if any(value in u.value or u.value in value for _, u in mine):
            # the act's value is a fact already; other facts of its kind in this message are the old ones
            keep = next(u for _, u in mine if value in u.value or u.value in value)
            ctx.units[:] = [u for u in ctx.units if not (isinstance(u, FactUnit) and u is not keep and u.key == keep.key)]
            update = dict(value=value, correction=True) if keep.value != value and value.startswith(keep.value) else {}
            if keep.key == keep.slot and keep.key in _GENERIC:
                # keyed by its type alone ("date"): it changes the user's latest value of its kind ("checkin")
                old = _latest(ctx, kind, m, value)
                if old is not None and old[1]["key"] != keep.key and not any(
                        isinstance(u, FactUnit) and u.key == old[1]["key"] for u in ctx.units):
                    fid, d = old
                    update.update(key=d["key"], name=d["name"], slot=d.get("slot"), group=d.get("group"),
                                  supersedes=fid, correction=True)
            moved = _moved_in_message(ctx, mine, keep, m) if keep.key == keep.slot and keep.key in _GENERIC else None
            if moved is not None:  # (user29) "arrive on the 14th ... push it to the 21st": the 14th's role, moved
                update.update(key=moved.key, name=moved.name, slot=moved.slot, group=moved.group, correction=True)
                ctx.units.remove(moved)
            if update:
                ctx.units[ctx.units.index(keep)] = keep.model_copy(update=update)
            continue
        if mine:  # "5月1号放假……改周六上午吧": the act's value replaces the other day
            n, u = mine[0]
            ctx.units[n] = u.model_copy(update=dict(value=value, normalized=m.value, correction=True))
            continue
        recount = thing_recounted(ctx, m) if kind == "count" else None
        if recount is not None:  # (prec25) "草鱼改成2000尾": the count held beside 草鱼 ("草鱼1500尾 (…)")
            fid, d, value = recount
            added.append(FactUnit(key=d["key"], name=d["name"], value=value, slot=d.get("slot"), group=d.get("group"),
                                  correction=True, supersedes=fid, stressed=ctx.stressed))
            continue
        old = (named_count(ctx, m) if kind == "count" else None) or _latest(ctx, kind, m, value)
        if old is None and kind == "count" and _BARE_HOUR.fullmatch(value) and not _NOUN_AFTER.match(ctx.text, m.end):
            old = _latest(ctx, "time", m)  # "can you do 9 instead" with a setup time and no count: the hour; (lead25c)
            # not a count of a noun ("make it 3 cases": no 3 o'clock)
        if old is None:
            continue
        fid, d = old
        value = with_noun(value, d) if kind == "count" else value
        value = renumbered(d, with_said_unit(ctx.text, m.end, value, d)) if kind == "count" else value
        added.append(FactUnit(key=d["key"], name=d["name"], value=value, slot=d.get("slot"), group=d.get("group"),
                              normalized=m.value, correction=True, supersedes=fid, stressed=ctx.stressed))
    return added


def _moved_in_message(ctx: MessageContext, mine: list[tuple[int, FactUnit]], keep: FactUnit, m: Mention) -> FactUnit | None:
    """(user29) The one other value of the act's kind this message said before the act, under a role of its own
    ("it's supposed to arrive on the 14th but I'm away, can we push it to the 21st?": checkin the 14th): the value the
    act moves away from, so the act's value takes its role and it goes. Two or more (a check-in and a check-out) name
    no one the act moves.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> _ = t.observe({"role": "user", "content": "it's supposed to arrive on the 14th but I'm away, can we push it to the 21st?"})
    >>> sorted((f.key, f.value) for f in t.state().facts if f.status == "current")
    [('checkin', 'the 21st')]
    """
    said = [u for _, u in mine if u is not keep and u.key != keep.key and u.value in ctx.text
            and ctx.text.find(u.value) < m.start]
    return said[0] if len(said) == 1 else None


#: (acts22) the old count named right before a change act: "20个改成25个", "把3张换成4张", "change the 3 to"
_NAMED_BEFORE = re.compile(r"(?P<num>\d{1,4}|[一二两三四五六七八九十百]+)\s*(?P<unit>[\u4e00-\u9fff])?\s*(?:改成|换成|改为|变成|改到)\s*$"
                           r"|\bchange\s+(?:the\s+)?(?P<en>\d{1,4})\s+(?:\w+\s+)?to\s+(?:an?\s+)?$", re.I)
#: a count's number and measure word at the start of a value ("20个人", "3 new cleaners")
_LEADING = re.compile(r"^\s*(?P<num>\d{1,4}|[一二两三四五六七八九十百]+)\s*(?P<unit>[\u4e00-\u9fff])?")


def _number(text: str) -> int | None:
    return int(text) if text.isdigit() else _parse_cn_integer(text)


def named_count(ctx: MessageContext, m: Mention) -> tuple[str, dict] | None:
    """(acts22) The current fact whose count the change names before its act ("20个改成25个": the people fact "20个人";
    "change the 3 to 4": "3 vans"): a count fact of the user's whose value opens with the named number and, when one is
    said, the same measure word. None when the message names no old count, or no fact holds it.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "user", "content": "要临时工 打包 要20个人 白班"},
    ...                 {"role": "user", "content": "大巴要 20个改成25个 订单又多了"}])
    >>> [(f.value, f.status) for f in t.state().facts if f.key == "people"]
    [('20个人', 'superseded'), ('25个人', 'current')]
    """
    named = _NAMED_BEFORE.search(ctx.text, max(0, m.start - ACT_WINDOW), m.start)
    if named is None:
        return None
    number = _number(named.group("num") or named.group("en"))
    for fid, d in g.recent_current_facts(ctx.graph, 30):
        lead = _LEADING.match(str(d["value"]))
        if lead and _kind_of_fact(d) == "count" and _said_by(ctx, d) == "user" and _number(lead.group("num")) == number \
                and (not named.group("unit") or named.group("unit") == lead.group("unit")):
            return fid, d
    return None


#: (prec25, zh) the thing whose count a change act moves, named right before the act ("草鱼改成2000尾")
_THING_BEFORE = re.compile(r"(?P<thing>[\u4e00-\u9fff]{2,4}?)(?:的)?\s*(?:改成|换成|改为|变成)\s*$")


def thing_recounted(ctx: MessageContext, m: Mention) -> tuple[str, dict, str] | None:
    """(prec25, zh) A change of the count of a thing named before the act ("草鱼改成2000尾") and a current fact holding
    that thing right before a count in the same measure word ("草鱼1500尾 (草鱼苗…)"): (fact id, data, its value with
    the new number). None when the message names no thing, or no fact holds it with such a count.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "assistant", "content": "一般放草鱼1500尾、鲢鱼500尾。"},
    ...                 {"role": "user", "content": "要得 草鱼1500尾 鲢鱼500"}, {"role": "user", "content": "等哈 草鱼改成2000尾嘛"}])
    >>> [f.value for f in t.state().facts if f.status == "current" and "草鱼" in f.value]
    ['要得草鱼2000尾鲢鱼500']
    """
    if ctx.lang != "zh":
        return None
    named = _THING_BEFORE.search(ctx.text, max(0, m.start - ACT_WINDOW), m.start)
    unit = ctx.text[m.end:m.end + 1]
    if named is None or not re.fullmatch(r"[\u4e00-\u9fff]", unit) or unit in "个了吧嘛啊呢":
        return None
    held = re.compile(re.escape(named.group("thing")) + r"\s*([0-9一二两三四五六七八九十百千万]+)\s*" + re.escape(unit))
    for fid, d in g.recent_current_facts(ctx.graph, 30):
        hit = held.search(str(d["value"]))
        if hit and hit.group(1) != m.text:
            value = str(d["value"])
            return fid, d, value[:hit.start(1)] + m.text + value[hit.end(1):]
    return None


def with_said_unit(text: str, end: int, value: str, d: dict) -> str:
    """(user37) A bare number the message says with the old count's measure word right after it ("改成10寸的" after
    "8寸芒果的") takes that word, so :func:`renumbered` keeps the rest of the old value ("10寸芒果的"; it was "10").

    >>> with_said_unit("改成10寸的", 4, "10", {"value": "8寸芒果的"}), with_said_unit("改成10个", 4, "10", {"value": "8寸芒果的"})
    ('10寸', '10')
    """
    lead = _LEADING.match(str(d["value"]))
    unit = lead.group("unit") if lead else None
    return value + unit if unit and value.isdigit() and text.startswith(unit, end) else value


def renumbered(d: dict, value: str) -> str:
    """(acts22) A new count said with the measure word alone ("25个") takes the rest of the old count's value ("20个人"
    -> "25个人"); any other value stays as said.

    >>> renumbered({"value": "20个人"}, "25个"), renumbered({"value": "3 vans"}, "4")
    ('25个人', '4')
    """
    lead = _LEADING.match(str(d["value"]))
    new = _LEADING.fullmatch(value)
    if lead and new and new.group("unit") and new.group("unit") == lead.group("unit"):
        return value + str(d["value"])[lead.end():]
    return value


def contrasted(ctx: MessageContext) -> None:
    """A fact whose value says "X not Y" (a correction inside the value) keeps X."""
    for n, u in enumerate(ctx.units):
        if not isinstance(u, FactUnit) or u.offered:
            continue
        for rx in ctx.pack.corrections:
            c = rx.search(u.value)
            if c and c.groupdict().get("old") and c.groupdict().get("new") and c.start("new") < c.start("old"):
                new = (u.value[:c.start()] + c.group("new")).strip(" ,，")
                if new:
                    ctx.units[n] = u.model_copy(update=dict(value=new, correction=True))
                break


#: words joining two days into one range ("Monday to Friday", "周一到周五")
_RANGE = re.compile(r"\s*(?:to|through|thru|till|until|-|–|—|到|至)\s*$", re.I)


#: a weekday by its name: a range of weekdays is a schedule, one value; a range of dates is a
#: start and an end, each with its role ("10 Aug to 24 Aug")
_WEEKDAY = re.compile(r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?|(?:每)?(?:周|星期|礼拜)[一二三四五六日天]", re.I)


def ranged(ctx: MessageContext) -> None:
    """A fact holding the first day of a range of weekdays said as one ("Monday to Friday",
    "周一到周五") holds the whole range."""
    days = sorted((m for m in ctx.mentions if m.label in ("DAY", "DATE") and m.kind == "value" and _WEEKDAY.fullmatch(m.text)),
                  key=lambda m: m.start)
    for a, b in zip(days, days[1:]):
        if not _RANGE.match(ctx.text[a.end:b.start]) or moved_from(ctx.text, a.start):
            continue  # (lead22) "move it from Tuesday to Wednesday": the day left and the new one, no range
        whole = ctx.text[a.start:b.end]
        ends = {u.key for u in ctx.units if isinstance(u, FactUnit) and not u.offered and u.value in (a.text, b.text)}
        if len(ends) > 1:
            continue  # each end has a role of its own ("10 Aug to 24 Aug": from and until), each changes alone
        for n, u in enumerate(ctx.units):
            if isinstance(u, FactUnit) and not u.offered and u.value in (a.text, b.text):
                ctx.units[n] = u = u.model_copy(update=dict(value=whole, normalized=None))
                # the range's other day read on its own is the same value
                ctx.units[:] = [o for o in ctx.units if o is u or not (
                    isinstance(o, FactUnit) and not o.offered and o.value in (a.text, b.text))]
                break


#: (acts19) a clock as said: "11am", "8.30", "10:20", "4点半", "七点"; a bare number is no clock
_SAID_CLOCK = re.compile(r"(?<![\d:.£$€¥￥])(?:(?P<h>\d{1,2})(?:[:.](?P<m>[0-5]\d))?\s*(?P<ap>am|pm|a\.m\.|p\.m\.)"
                         r"|(?P<h2>\d{1,2})[:.](?P<m2>[0-5]\d)(?![\d.])"
                         r"|(?P<h3>\d{1,2}|[一二两三四五六七八九十]{1,3})[点點](?P<half>半|(?P<m3>[0-5]?\d)分?)?)", re.I)


def _clock_of(c: re.Match) -> tuple[int, int]:
    """(hour on a 12-hour face, minute) of a said clock: "8.30" and "8:30am" are one clock.

    >>> _clock_of(_SAID_CLOCK.search("yes 8.30 perfect")), _clock_of(_SAID_CLOCK.search("at 8:30am"))
    ((8, 30), (8, 30))
    >>> _clock_of(_SAID_CLOCK.search("改到十点半吧")), _clock_of(_SAID_CLOCK.search("二十点以后"))
    ((10, 30), (8, 0))
    """
    h = c.group("h") or c.group("h2") or c.group("h3")
    hour = _number(h) or 0  # "十一" 11, "二十" 20 (a 24-hour 二十点 is 8)
    minute = 30 if c.group("half") == "半" else int(c.group("m") or c.group("m2") or c.group("m3") or 0)
    return hour % 12, minute


def _moved_clock(ctx: MessageContext) -> re.Match | None:
    """The one clock a user's message moves a booking to, by a change act ("move it to 11am instead", "改到10点吧")
    or by taking the clock the assistant just offered ("yes 8.30 perfect" after "I have 8:30am"); None when the
    message says a day too (a new slot), says no clock or two, or only asks."""
    said = list(_SAID_CLOCK.finditer(ctx.text))
    if len({_clock_of(c) for c in said}) != 1 or any(m.label in ("DATE", "DAY") and m.kind == "value" for m in ctx.mentions):
        return None
    c = said[0]
    if any(s <= c.start() < e for s, e in ctx.asked) and not any(s <= c.start() < e for s, e in ctx.proposed):
        return None  # "晚上几点关门 8点吗": a question about a clock moves nothing
    before = ctx.text[max(0, c.start() - ACT_WINDOW):c.start()]
    acted = any(rx.search(before) for rx in ctx.pack.change_acts) or any(rx.match(ctx.text, c.end()) for rx in ctx.pack.change_marks)
    offered = any(_clock_of(o) == _clock_of(c) for o in _SAID_CLOCK.finditer(ctx.assistant_before))
    return c if acted or offered else None


def clock_moved(ctx: MessageContext) -> list[_Unit]:
    """(acts19) A clock the message moves the booking to replaces the old clock held inside the user's newest day or
    pick ("the wednesday one (Wednesday 4 March at 9am)" -> "… at 11am") and, when the message keys no time of its
    own, the user's newest time fact ("7点半" -> "7点"): no time fact held the old clock alone for a change to
    supersede, so it stayed current."""
    c = _moved_clock(ctx)
    return [] if c is None else clock_units(ctx, c)


def clock_units(ctx: MessageContext, c: re.Match) -> list[_Unit]:
    """The changes that move the booking to the clock ``c`` (a match of :data:`_SAID_CLOCK`): the user's newest day
    fact holding another clock, with ``c`` in its place, and the user's newest time fact when this message keys no
    time of its own (a time keyed in the message is placed by its own role or domain: "19:36 is fine" is the train's,
    never the restaurant's 18:00)."""
    mine = {u.key for u in ctx.units if isinstance(u, FactUnit) and not u.offered}
    timed = any(isinstance(u, FactUnit) and not u.offered and _kind_of_unit(ctx, u) == "time" for u in ctx.units)
    out: list[_Unit] = []
    for kind in ("day",) if timed else ("day", "time"):
        for fid, d in g.recent_current_facts(ctx.graph, 30):
            old = _SAID_CLOCK.search(str(d["value"]))
            if (_kind_of_fact(d) != kind or ctx.graph.nodes.get(f"t{d['turn']}", {}).get("role") != "user"
                    or old is None or d["key"] in mine or "." in d["key"]):
                continue  # "restaurant.time": a domain pack's slot, which the pack's own readers place
            if _clock_of(old) != _clock_of(c):
                # (missen20) every place the old clock is said: the user's words and the option in brackets beside
                value = _SAID_CLOCK.sub(lambda o: c.group(0) if _clock_of(o) == _clock_of(old) else o.group(0),
                                        str(d["value"])) if kind == "day" else c.group(0)
                out.append(FactUnit(key=d["key"], name=d["name"], value=value, slot=d.get("slot"), group=d.get("group"),
                                    correction=True, supersedes=fid, stressed=ctx.stressed))
            break
    return out


#: (acts20) a day of a month as written: "12月12号", "7 November", "Nov 7th" (a weekday alone, or a bare "the 20th", is
#: too common to find in another fact)
_WRITTEN_DAY = re.compile(r"\d{1,2}月\d{1,2}[号日]|\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b"
                          r"|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+\d{1,2}(?:st|nd|rd|th)?\b", re.I)


#: (acts20) keys whose day is a bound or a past event, never the booking's day a change moves
_NOT_MOVED = ("deadline", "born", "by", "due")


def written_day(value: str) -> str | None:
    """The day of a month a value names, as written ("日" read as "号"), or None.

    >>> written_day("Saturday 7 November 9am"), written_day("周六上午 12月12日上午"), written_day("3pm")
    ('7 november', '12月12号', None)
    """
    return next(iter(written_days(value)), None)


def written_days(value: str) -> list[str]:
    """Every day of a month ``value`` names, as :func:`written_day` reads one."""
    return [w.group(0).replace("日", "号").casefold() for w in _WRITTEN_DAY.finditer(value)]


def days_held(ctx: MessageContext, moved: list[tuple[str, FactUnit]], keys: set[str]) -> list[_Unit]:
    """(acts20) For each (old fact id, new unit) of a day the chat moved, a change of every other current fact that
    held the old day, by its normal form ("2026-03-20") or its written words ("12月12号" inside the pick "您看周六
    12月12号上午"): the pick or the second key the old day sat under stayed current beside the change. Never a fact
    under ``keys`` (the message's own), a bound ("deadline") or a domain pack's slot."""
    G, out = ctx.graph, []
    for fid, u in moved:
        old = G.nodes[fid]
        day, words = ISO_DATE.search(str(old.get("normalized") or "")), written_day(str(old["value"]))
        for oid, d in g.recent_current_facts(G, 30):
            if oid == fid or d["key"] in keys or "." in d["key"] or d["key"] in _NOT_MOVED or d.get("slot") in _NOT_MOVED:
                continue
            same = ISO_DATE.search(str(d.get("normalized") or ""))
            if (day and same and same.group(0) == day.group(0)) or (words and words in written_days(str(d["value"]))):
                keys.add(d["key"])
                out.append(FactUnit(key=d["key"], name=d["name"], value=u.value, normalized=u.normalized,
                                    slot=d.get("slot"), group=d.get("group"), correction=True, supersedes=oid))
    return out


def acted_days(ctx: MessageContext, added: list[_Unit]) -> list[_Unit]:
    """(acts20) The day a change act moves ("改成周日下午吧", "make it the 21st instead") leaves no other current fact
    holding the old day (:func:`days_held`): the pick "您看周六12月12号上午" stayed current beside "date: 周日下午".

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh", today="2026-12-01")
    >>> t.observe_many([{"role": "assistant", "content": "您看周六12月12号上午还是周日12月13号下午方便？"},
    ...                 {"role": "user", "content": "周六上午吧"},
    ...                 {"role": "assistant", "content": "好的，12月12号周六上午，师傅上门。"},
    ...                 {"role": "user", "content": "不好意思，改成周日下午吧"}])
    >>> [f.value for f in t.state().facts if f.status == "current" and "12月12号" in f.value]
    []
    """
    mine = [u for u in list(ctx.units) + added if isinstance(u, FactUnit) and not u.offered]
    moved = []
    for m, value in _act_values(ctx):
        u = next((u for u in mine if _KINDS[m.label] == "day" and value in u.value), None)
        fid = u and (u.supersedes or next(iter(g.current_with_key(ctx.graph, u.key)), None))
        words = written_day(str(ctx.graph.nodes[fid]["value"])) if fid else None
        if words and words not in written_days(u.value):
            moved.append((fid, u))
    return days_held(ctx, moved, {u.key for u in mine})


#: (acts21) a bracket a value carries (the option's words beside the user's: "weds 3pm (Wednesday 13 May 3pm)")
_BRACKET = re.compile(r"\s*[(（][^()（）]*[)）]")


def acted_weekday(text: str, pack) -> re.Match | None:
    """(acts21) The one weekday a message moves a booking to by a change act ("could we do thursday instead", "改周四
    吧", "能周四吗"), or None: no act, two weekdays, or a clock said too (a new slot, read by the change acts).

    >>> from ctxgraph.extract.compiled import compiled_packs
    >>> packs = compiled_packs((), ())
    >>> [(w and w.group(0)) for w in (acted_weekday(t, packs[l]) for t, l in [("could we do thursday instead?", "en"),
    ...  ("改周四吧，时间不变", "zh"), ("and thursday for my son too", "en"), ("friday at 10am instead", "en")])]
    ['thursday', '周四', None, None]
    """
    said = list(_ANY_WEEKDAY.finditer(text))
    if len({weekday_of(w.group(0)) for w in said}) != 1 or _SAID_CLOCK.search(text):
        return None
    w = said[0]
    part = _PART_AFTER.match(text, w.end())
    end = part.end() if part else w.end()
    acted = any(rx.search(text[max(0, w.start() - ACT_WINDOW):w.start()]) for rx in pack.change_acts)
    return w if acted or any(rx.match(text, end) for rx in pack.change_marks) else None


def _moved_to(value: str, day: str) -> str:
    """``value`` (a pick holding a day and a clock) moved to the weekday ``day``: the weekday replaced, the day of the
    month dropped, the words holding the clock kept (the user's, else the bracket's).

    >>> _moved_to("Wednesday 13 May 3pm", "thursday"), _moved_to("weds 3pm (Wednesday 13 May 3pm)", "thursday")
    ('thursday 3pm', 'thursday 3pm')
    >>> _moved_to("the wed one (Wednesday 13 May at 9am)", "fri"), _moved_to("周三5月13号下午3点", "周四")
    ('fri at 9am', '周四下午3点')
    """
    words = _BRACKET.sub("", value)
    if not _SAID_CLOCK.search(words):
        words = next((b.group(0).strip(" (（)）") for b in _BRACKET.finditer(value) if _SAID_CLOCK.search(b.group(0))), words)
    return " ".join(_ANY_WEEKDAY.sub(day, _WRITTEN_DAY.sub("", words), count=1).split())


def day_units(ctx: MessageContext, day: str, done: set[str]) -> list[_Unit]:
    """(acts21) The change that moves the user's newest current fact holding a weekday and a clock ("time: Wednesday
    13 May 3pm", held from "weds 3pm") to the weekday ``day``, when it holds another: the day is kept under its own
    key, so no change superseded the pick and it stayed current. Never a fact under the message's own keys, one in
    ``done`` (moved already), a bound or a domain pack's slot."""
    mine = {u.key for u in ctx.units if isinstance(u, FactUnit) and not u.offered}
    for fid, d in g.recent_current_facts(ctx.graph, 30):
        value = str(d["value"])
        old = _ANY_WEEKDAY.search(value)
        if (old is None or not _SAID_CLOCK.search(value) or _said_by(ctx, d) != "user" or fid in done
                or d["key"] in mine or "." in d["key"] or d["key"] in _NOT_MOVED or d.get("slot") in _NOT_MOVED):
            continue
        if weekday_of(old.group(0)) == weekday_of(day):
            return []
        return [FactUnit(key=d["key"], name=d["name"], value=_moved_to(value, day), slot=d.get("slot"),
                         group=d.get("group"), correction=True, supersedes=fid, stressed=ctx.stressed)]
    return []


def day_moved(ctx: MessageContext, added: list[_Unit]) -> list[_Unit]:
    """(acts21) A weekday the user moves to in a statement ("改周四吧", "thursday instead then") moves the pick holding
    the old weekday and a clock (:func:`day_units`); asked as a question ("could we do thursday instead?") it waits for
    the reply (:func:`~ctxgraph.extract.granted.day_granted`).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en", today="2026-05-04")
    >>> t.observe_many([{"role": "assistant", "content": "Tuesday 12 May at 10am or Wednesday 13 May at 3pm."},
    ...                 {"role": "user", "content": "weds 3pm"}, {"role": "assistant", "content": "Booked."},
    ...                 {"role": "user", "content": "thursday instead please, same time"}])
    >>> [f.value for f in t.state().facts if f.status == "current"]
    ['thursday', 'thursday 3pm']
    """
    w = acted_weekday(ctx.text, ctx.pack)
    if w is None or any(s <= w.start() < e for s, e in ctx.asked):
        return []
    return day_units(ctx, w.group(0), {u.supersedes for u in added if isinstance(u, FactUnit) and u.supersedes})


def _acted(ctx: MessageContext, value: str) -> bool:
    """(user28zh) Whether a change act ("换到", "改成", "instead") stands right before ``value`` in the message."""
    at = ctx.text.find(value)
    return at >= 0 and any(rx.search(ctx.text[max(0, at - ACT_WINDOW):at]) for rx in ctx.pack.change_acts)


def day_of_change(ctx: MessageContext, added: list[_Unit]) -> list[_Unit]:
    """(user28zh) A change to a clock that carries its own weekday ("不对 改成周日下午两点", one time value in Chinese)
    moves the user's newest current day without a clock ("date: 周六上午") to that weekday and its part of the day: the
    old day stayed current beside the new time. Never a fact under the message's own keys, one moved already, a bound
    or a domain pack's slot; the same weekday moves nothing.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "user", "content": "约周六上午"}, {"role": "assistant", "content": "好的，几点？"},
    ...                 {"role": "user", "content": "十点"}, {"role": "assistant", "content": "好的"},
    ...                 {"role": "user", "content": "哦不对 改成周日下午两点"}])
    >>> [f.value for f in t.state().facts if f.status == "current"]
    ['周日下午两点', '周日下午']
    """
    mine = [u for u in list(ctx.units) + added if isinstance(u, FactUnit) and not u.offered]
    new = next((u for u in mine if (u.supersedes or u.correction or _acted(ctx, u.value)) and _SAID_CLOCK.search(u.value)
                and len({weekday_of(w.group(0)) for w in _ANY_WEEKDAY.finditer(u.value)}) == 1), None)
    if new is None:
        return []
    w = _ANY_WEEKDAY.search(new.value)
    part = _PART_AFTER.match(new.value, w.end())
    day = new.value[w.start():part.end() if part else w.end()]
    keys, done = {u.key for u in mine}, {u.supersedes for u in mine if u.supersedes}
    for fid, d in g.recent_current_facts(ctx.graph, 30):
        value = str(d["value"])
        old = _ANY_WEEKDAY.search(value)
        if (old is None or _SAID_CLOCK.search(value) or _said_by(ctx, d) != "user" or fid in done or d["key"] in keys
                or "." in d["key"] or d["key"] in _NOT_MOVED or d.get("slot") in _NOT_MOVED):
            continue
        if weekday_of(old.group(0)) == weekday_of(day):
            return []
        return [FactUnit(key=d["key"], name=d["name"], value=day, slot=d.get("slot"), group=d.get("group"),
                         correction=True, supersedes=fid, stressed=ctx.stressed)]
    return []


def recounted(ctx: MessageContext) -> None:
    """(counts18) A count said of a thing the user counted before, keyed by the thing's noun ("椅子改成十把",
    "奖杯3个" after "三个奖杯"), takes the thing's ``count_<noun>`` key, so that it supersedes the old count
    through ``apply``; said right after the noun, the value keeps it ("奖杯3个").

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> _ = t.observe({"role": "user", "content": "要定一批奖牌和三个奖杯"})
    >>> _ = t.observe({"role": "user", "content": "金银铜各10枚，奖杯3个"})
    >>> [(f.value, f.status) for f in t.state().facts if f.key == "count_奖杯"]
    [('三个奖杯', 'superseded'), ('奖杯3个', 'current')]
    """
    counted = {str(d["key"]) for _, d in g.recent_current_facts(ctx.graph, 30) if str(d.get("key")).startswith("count_")}
    counted |= {u.key for u in ctx.units if isinstance(u, FactUnit) and u.key.startswith("count_")}
    for n, u in enumerate(ctx.units):
        key = f"count_{u.key}" if isinstance(u, FactUnit) else ""
        if key in counted and not u.offered and _kind_of_fact({"key": u.key, "value": u.value}) == "count":
            value = u.key + u.value if u.key + u.value in ctx.text else with_noun(u.value, {"key": key, "name": u.key})
            ctx.units[n] = u.model_copy(update=dict(key=key, value=value))


#: (counts18) a total said before a bare count ("阳台还有一个 一共7个"): 个, said of anything, counts the thing then
_TOTAL = re.compile(r"(?:一共|总共|总数|合计|加起来)(?:是|要|有)?\s*$")
#: (counts19) a bare 个 count standing alone as what the user orders or says it is ("先订六个 不够再说", "是十二个",
#: "八个就够"): the verb or 是 before it, the clause's end or a closing word after it; not a part ("其中两个要无糖")
#: nor a count added or taken off ("再加两个", "少两个")
_BARE_BEFORE = re.compile(r"(?:是|订|要|买|定|租|做|改|换成|改成|就)\s*$|(?:^|[\s，,。！？!?；;])$")  # or a clause's start: "八个就够"
_BARE_AFTER = re.compile(r"\s*(?:$|[，。！？,.!?；;\s]|吧|就|够|了|好了|左右)")
#: (counts18) a count's numeral and its measure word, at the start of a counted thing's value ("两棵" of "两棵果树")
_MEASURED = re.compile(r"[0-9零一二两三四五六七八九十百千]+([\u4e00-\u9fff])")


def restated_counts(ctx: MessageContext) -> list[_Unit]:
    """(counts18) A bare count with the measure word of a thing the user counted ("想认养一棵果树" ... "两棵吧"): the
    new count of that thing (its noun kept), under its ``count_<noun>`` key, superseding the old one; 个 only after
    a total ("一共7个"). The first such count of the message ("两棵吧 一棵写我爸名字一棵写我妈的": 两棵); not a count
    asked about, taken back or ruled out, nor one a fact of the message holds already.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> _ = t.observe({"role": "user", "content": "想租两顶帐篷"})
    >>> _ = t.observe({"role": "assistant", "content": "两顶帐篷，押金400元。"})
    >>> _ = t.observe({"role": "user", "content": "那行 三顶吧"})
    >>> [(f.value, f.status) for f in t.state().facts if f.key == "count_帐篷"]
    [('两顶帐篷', 'superseded'), ('三顶帐篷', 'current')]
    """
    from .countwords import moved_spans
    from .roles import _ruled_out
    from .text import clause_at

    held = {}
    for fid, d in g.recent_current_facts(ctx.graph, 30):
        measured = _MEASURED.match(str(d["value"])) if str(d.get("key")).startswith("count_") else None
        if measured and _said_by(ctx, d) == "user":
            held.setdefault(measured.group(1), (fid, d))
    values = [u.value for u in ctx.units if isinstance(u, FactUnit)]
    for m in sorted(ctx.mentions, key=lambda m: m.start):
        if m.label != "QUANTITY" or m.kind != "value" or m.text[-1] not in held or ctx.asking(m.start) \
                or (m.text[-1] == "个" and not _TOTAL.search(ctx.text, 0, m.start) and not _bare_ge(ctx, m)) \
                or any(m.text in v for v in values) or _ruled_out(ctx, clause_at(ctx.text, m.start)) \
                or any(s <= m.start < e for s, e in moved_spans(ctx)):
            continue  # (counts20) "再加两个": an increment, no new total (the counts_moved step's)
        fid, d = held[m.text[-1]]
        if any(isinstance(u, FactUnit) and u.key == d["key"] for u in ctx.units):
            return []
        return [FactUnit(key=d["key"], name=d["name"], value=with_noun(m.text, d), slot=d.get("slot"), group=d.get("group"),
                         correction=True, supersedes=fid, stressed=ctx.stressed)]
    return []


def _bare_ge(ctx: MessageContext, m: Mention) -> bool:
    """(counts19) A 个 count said alone as the thing the user orders or says it is ("那就先订六个 不够再说",
    "不好意思 是十二个"), the noun left out: a recount of the thing counted with 个 before.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "user", "content": "公司想订十个蛋糕"}, {"role": "user", "content": "不好意思 是十二个"}])
    >>> [f.value for f in t.state().facts if f.key == "count_蛋糕" and f.status == "current"]
    ['十二个蛋糕']
    """
    return bool(_BARE_BEFORE.search(ctx.text, 0, m.start) and _BARE_AFTER.match(ctx.text, m.end))


def with_noun(value: str, d: dict) -> str:
    """(counts18) A new count of a thing the user counted (``d``, a ``count_<noun>`` fact), said with its measure word
    alone ("改成二十五杯"), keeps the thing's noun ("二十五杯奶茶"): the want that held the old count says it whole.

    (en17) A bare number keeps the words after the old count ("make it 30": "30 medium boxes").

    >>> with_noun("二十五杯", {"key": "count_奶茶", "name": "奶茶"}), with_noun("30", {"key": "people", "name": "people"})
    ('二十五杯奶茶', '30')
    >>> with_noun("30", {"key": "count_boxes", "name": "boxes", "value": "20 medium boxes"})
    '30 medium boxes'
    """
    noun = str(d.get("name", ""))
    if not str(d.get("key", "")).startswith("count_"):
        return value
    if value.isdigit() and " " in str(d.get("value", "")):
        return re.sub(r"^\S+", value, str(d["value"]))
    if noun in value or not re.search(r"[\u4e00-\u9fff]$", value):
        return value
    return value + noun


def _said_by(ctx: MessageContext, d: dict) -> str | None:
    """The role of the message a fact was said in."""
    return ctx.graph.nodes.get(f"t{d['turn']}", {}).get("role")


@step("changes", roles=("user",))
def changes(ctx: MessageContext) -> list[_Unit]:
    """Edits the message's facts in place (change acts, "X not Y"); returns the changes of
    earlier facts it adds."""
    contrasted(ctx)
    ranged(ctx)
    recounted(ctx)
    added = (changed_values(ctx) or restated_counts(ctx)) + clock_moved(ctx)
    added += acted_days(ctx, added)
    added += day_moved(ctx, added)
    return added + day_of_change(ctx, added)
