"""The rebooked step: a booking made for another day leaves the day picked before it behind (prec27).

The user picks a day ("thurs", "16号上午吧", "Saturday one then"), and the day stays a fact under the key its
words got (``day``, ``date``, ``slot``). Later the booking is made for another day: the user moved it without a
change word ("Yes Bradford better" to "would you prefer Tuesday 1 June?"), took an option the assistant found
later ("那就这个"), or the pick was read wrong. The booking's report (a tool result or the assistant's
"Booked …", with its reference) names the day under another of these keys, so nothing replaces the old one and
two days are current for one appointment. When a message reports a booking (a reference no fact held before
the user last spoke) and names its day, a day fact said before the user's last message whose day of the month is
none of the booking's is retracted, and so is a pick of the assistant's options that named such a day. Left as
they are: the opening's days (they often name the event the booking serves: "the wedding is on 2 October") and
the days said before an earlier booking (that booking's: "valuation Monday 25th, ref VAL-6614", then a gas check).

>>> from ctxgraph import Tracker
>>> t = Tracker("en", today="2027-04-01")
>>> for role, text in [("user", "hi, need a boiler service"), ("assistant", "We can come Monday 19 April or Thursday 22 April."),
...                    ("user", "Monday 19 April then"), ("assistant", "Would the Thursday suit too? The engineer is nearby."),
...                    ("user", "yes fine, Sam Reid")]:
...     _ = t.observe({"role": role, "content": text})
>>> call = {"id": "c1", "type": "function", "function": {"name": "book", "arguments": '{"slot": "2027-04-22 09:00"}'}}
>>> _ = t.observe({"role": "assistant", "content": None, "tool_calls": [call]})
>>> _ = t.observe({"role": "tool", "tool_call_id": "c1", "content": '{"booking_ref": "BS-4410"}'})
>>> [(f.key, f.value) for f in t.state().facts if f.status == "current" and "April" in f.value]
[('slot', 'Thursday 22 April 09:00')]
"""

from __future__ import annotations

import re

from .. import _graph as g
from .._units import FactUnit, RetractUnit, _Unit
from .context import MessageContext
from .registry import step

#: the keys a day of an appointment is kept under
WHEN_KEYS = re.compile(r"^(?:date|day|slot|session)$")
#: (wrong34) the key of a week asked for ("Week of 15 March if you can"): a booking for a thing delivered or collected
#: in another week leaves it behind
WEEK_KEYS = re.compile(r"^week$")
#: (wrong34) the keys a booking's report names the days of a hired or delivered thing under, read for a week asked for
#: only (an event's own day, "the party is Saturday 12 June", is no delivery's: it stays beside a Friday delivery)
HANDOVER_KEYS = re.compile(r"^(?:date|day|slot|session|deliver(?:y|y_date)?|collection|pick_?up|start|arrival)$")
#: (wrong34) the days of a week asked for: the day it names and the six after it
WEEK_DAYS = 7
#: the keys of a pick of the assistant's options: a day picked among them goes with the day it named
PICK_KEYS = re.compile(r"^choice_t\d+(?:_\d+)?$")
#: the keys of a booking's reference
REF_KEYS = re.compile(r"^(?:order_id|booking(?:_ref|_id|_no)?|ref|ref_no|reference|ticket|confirmation)$")
#: the keys of any reference (a survey's ``survey_ref``, a ``case_id``): one said before the user last spoke was
#: an earlier booking's
ANY_REF_KEYS = re.compile(r"(?:^|_)(?:ref|ref_no|reference|id|no|ticket|booking|confirmation)$")
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
#: a day of the month as a date says it: "19 April", "April 19", "the 19th", "19th", "19日", "19号", "2027-04-19"
_DAY_OF_MONTH = re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}(?![a-z])|\b{_MONTH}\s+(\d{{1,2}})(?!\d)"
                           r"|\b(\d{1,2})(?:st|nd|rd|th)\b|(?<!\d)(\d{1,2})\s*[日号]|\d{4}-\d{2}-(\d{2})(?!\d)", re.I)


def days_of_month(value: str) -> set[int]:
    """The days of the month a value names.

    >>> sorted(days_of_month("Monday 19 April at 7am")), sorted(days_of_month("下周三下午3点 25日 15:00（8月25日）"))
    ([19], [25])
    >>> sorted(days_of_month("the 21st or May 3")), sorted(days_of_month("Tuesday")), sorted(days_of_month("2027-06-01"))
    ([3, 21], [], [1])
    """
    return {int(next(x for x in m.groups() if x)) for m in _DAY_OF_MONTH.finditer(value)}


#: how many of the newest current facts are read for what was said since the user last spoke (a booking's report
#: and its days are among the newest; a bound keeps the step's cost flat as the conversation grows)
RECENT_FACTS = 40


def _first_and_last_user_turn(ctx: MessageContext) -> tuple[int, int] | None:
    """The indexes of the user's first and last messages before this one, when they are two; read from the two ends of
    the turn list, so the cost does not grow with the conversation."""
    G = ctx.graph
    turns = G.graph["kinds"].get("turn", [])
    users = (G.nodes[n]["index"] for n in turns if G.nodes[n]["role"] == "user" and G.nodes[n]["index"] < ctx.index)
    first, last = next(users, None), g.previous_turn(G, ctx.index, "user")
    return None if first is None or last is None or first == last else (first, last)


#: (wrong34) a tool call that moves a booking: its name says so ("move_booking", "reschedule", "change_date")
_MOVE_CALL = re.compile(r"(?:^|_)(?:move|moved|reschedule|rebook|change_(?:date|day|slot|time)|amend_(?:date|slot))(?:_|$)", re.I)


def _call_name(ctx: MessageContext) -> str:
    """(wrong34) The name of the call a tool result answers ("" when it answers none the graph knows)."""
    G = ctx.graph
    aid = G.graph["call_to_action"].get(ctx.message.tool_call_id or "")
    return str(G.nodes[aid].get("tool", "")) if aid else ""


def _moved_ref(ctx: MessageContext, recent: list[tuple[str, str]], made: set[str]) -> set[str]:
    """(wrong34) The references said before the user last spoke that this tool result repeats for a call that moves a
    booking ("move_booking" answered with the same reference and the new day): that booking's old day goes.

    >>> _MOVE_CALL.search("move_booking") is not None, _MOVE_CALL.search("get_booking") is not None
    (True, False)
    """
    if ctx.role != "tool" or not _MOVE_CALL.search(_call_name(ctx)):
        return set()
    return {v for k, v in recent if REF_KEYS.match(k) and v in made}


@step("rebooked", roles=("assistant", "tool"), needs_text=False)
def rebooked(ctx: MessageContext) -> list[_Unit]:
    """A booking reported for another day retracts the day picked before the user's last message (see the module
    docstring)."""
    bounds = _first_and_last_user_turn(ctx)
    if bounds is None:
        return []
    first, last = bounds
    G = ctx.graph
    recent = [(str(d["key"]), str(d["value"])) for _, d in g.recent_current_facts(G, RECENT_FACTS) if int(d["turn"]) >= last]
    recent += [(u.key, u.value) for u in ctx.units_of(FactUnit) if not u.offered]
    if not any(REF_KEYS.match(k) for k, _ in recent):
        return []  # the cheap test first: no reference said since the user last spoke
    earlier = [(int(d["turn"]), str(d["value"])) for _, d in g.nodes_of(G, "fact")
               if ANY_REF_KEYS.search(str(d["key"])) and int(d["turn"]) < last and d["status"] != "offered"]
    made = {v for _, v in earlier}
    moved = _moved_ref(ctx, recent, made)
    if not moved and not any(REF_KEYS.match(k) and v not in made for k, v in recent):
        return []  # no booking made since the user last spoke (a reference said again is none, unless it is moved)
    booked = set().union(*(days_of_month(v) for k, v in recent if WHEN_KEYS.match(k)))
    handed = set().union(*(days_of_month(v) for k, v in recent if HANDOVER_KEYS.match(k)))
    if not booked and not handed:
        return []
    # a day said before an earlier booking was that booking's ("valuation Monday 25th, ref VAL-6614" then a gas check);
    # (wrong34) the booking moved is the one whose days go
    since = max((t for t, v in earlier if v not in moved), default=first)
    return [RetractUnit(fact=fid) for fid, d in g.current_facts(G)
            if max(first, since) < int(d["turn"]) < last and (days := days_of_month(str(d["value"])))
            and ((booked and (WHEN_KEYS.match(str(d["key"])) or PICK_KEYS.match(str(d["key"]))) and not days & booked)
                 or (WEEK_KEYS.match(str(d["key"])) and handed and not _in_week(days, handed)))]


def _in_week(days: set[int], handed: set[int]) -> bool:
    """(wrong34) Whether a day handed over falls in the week starting on one of ``days`` (the month's turn is
    ignored: a week of 29 March holds the 2nd only by a day count the month's length decides).

    >>> _in_week({15}, {22, 12}), _in_week({15}, {18})
    (False, True)
    """
    return any(0 <= h - d < WEEK_DAYS for d in days for h in handed)
