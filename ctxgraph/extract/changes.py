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
from .context import Mention, MessageContext
from .cued import cue_role
from .registry import step

#: At most this many characters before a value are read for a change act.
ACT_WINDOW = 24
#: kinds of values a change act moves, and the labels of one kind
_KINDS = {"DATE": "day", "DAY": "day", "TIME": "time", "NUMBER": "count", "CARDINAL": "count", "QUANTITY": "count"}
#: a count's value in a fact: a number, then at most two words ("3 people", "两个大人", "4 bikes")
_COUNT = re.compile(r"^\s*(?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|[一二两三四五六七八九十]+)"
                    r"(?:\s*[^\W\d]+){1,2}\s*$", re.I)
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
    if d.get("slot") == "time" or d.get("key") == "time":
        return "time"
    if d.get("slot") in ("people", "count", "nights", "duration") or (_COUNT.match(value) and not _MONEY.search(value)
                                                                   and not re.search(r"id|no|number|ref|号|码", str(d.get("key")))):
        return "count"
    return None


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
        if not any(rx.search(before) for rx in acts) and not any(rx.match(ctx.text, end) for rx in marks):
            continue  # a change act before the value ("move it to"), or a mark after it ("the tuesday instead")
        out.append((m, ctx.text[m.start:end]))
    return out


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
    # a value that opens a range ("make it Aug 1 to Aug 6") is a start: it never changes the range's end
    starts = m is not None and _RANGE_AFTER.match(ctx.text, m.end) is not None
    found = [(fid, d) for fid, d in g.recent_current_facts(G, 30)
             if _kind_of_fact(d) == kind and G.nodes.get(f"t{d['turn']}", {}).get("role") == "user"
             and (m is None or not d.get("slot") or fits_role(ctx, d["slot"], m))
             and not (starts and d.get("slot") == "checkout")]
    if not found:
        # (miss9) the user made none: the value the tool's call or the assistant's confirmation set from the user's
        # choice ("half 1" -> the booking's 13:30) is the one a change act moves ("can he do 11 instead")
        found = [(fid, d) for fid, d in g.recent_current_facts(G, 30) if _kind_of_fact(d) == kind
                 and (m is None or not d.get("slot") or fits_role(ctx, d["slot"], m)) and not (starts and d.get("slot") == "checkout")]
    cued = cue_role(ctx, m) if m is not None else None
    noun = re.search(r"[^\W\d]{3,}", value) if kind == "count" else None
    same = [f for f in found if (cued and f[1].get("slot") == cued) or (
        noun and re.search(r"(?<![^\W\d])" + re.escape(noun.group(0)[:3]), str(f[1]["value"]), re.I))]
    return (same or found or [None])[0]


def changed_values(ctx: MessageContext) -> list[_Unit]:
    """Apply the message's change acts to its own facts; returns the changes of earlier facts."""
    added: list[_Unit] = []
    for m, value in _act_values(ctx):
        kind = _KINDS[m.label]
        if kind == "count" and _BARE_HOUR.fullmatch(value) and _AT_CLOCK.search(ctx.text, 0, m.start):
            kind = "time"  # "at 5 instead" changes a clock; with none held it changes nothing (not "15 kids")
        mine = [(n, u) for n, u in enumerate(ctx.units) if isinstance(u, FactUnit) and not u.offered
                and _kind_of_unit(ctx, u) == kind]
        if any(value in u.value or u.value in value for _, u in mine):
            # the act's value is a fact already; other facts of its kind in this message are the old ones
            keep = next(u for _, u in mine if value in u.value or u.value in value)
            ctx.units[:] = [u for u in ctx.units if not (isinstance(u, FactUnit) and u is not keep and u.key == keep.key)]
            update = dict(value=value, correction=True) if keep.value != value and value.startswith(keep.value) else {}
            if keep.key == keep.slot and keep.key in _GENERIC:
                # keyed by its type alone ("date"): it changes the user's latest value of its kind ("checkin")
                old = _latest(ctx, kind, m)
                if old is not None and old[1]["key"] != keep.key and not any(
                        isinstance(u, FactUnit) and u.key == old[1]["key"] for u in ctx.units):
                    fid, d = old
                    update.update(key=d["key"], name=d["name"], slot=d.get("slot"), group=d.get("group"),
                                  supersedes=fid, correction=True)
            if update:
                ctx.units[ctx.units.index(keep)] = keep.model_copy(update=update)
            continue
        if mine:  # "5月1号放假……改周六上午吧": the act's value replaces the other day
            n, u = mine[0]
            ctx.units[n] = u.model_copy(update=dict(value=value, normalized=m.value, correction=True))
            continue
        old = _latest(ctx, kind, m, value)
        if old is None and kind == "count" and _BARE_HOUR.fullmatch(value):
            old = _latest(ctx, "time", m)  # "can you do 9 instead" with a setup time and no count: the hour
        if old is None:
            continue
        fid, d = old
        added.append(FactUnit(key=d["key"], name=d["name"], value=value, slot=d.get("slot"), group=d.get("group"),
                              normalized=m.value, correction=True, supersedes=fid, stressed=ctx.stressed))
    return added


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
        if not _RANGE.match(ctx.text[a.end:b.start]):
            continue
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
    hour = int(h) if h.isdigit() else _parse_cn_integer(h) or 0  # "十一" 11, "二十" 20 (a 24-hour 二十点 is 8)
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


@step("changes", roles=("user",))
def changes(ctx: MessageContext) -> list[_Unit]:
    """Edits the message's facts in place (change acts, "X not Y"); returns the changes of
    earlier facts it adds."""
    contrasted(ctx)
    ranged(ctx)
    return changed_values(ctx) + clock_moved(ctx)
