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
    if not any(REF_KEYS.match(k) and v not in made for k, v in recent):
        return []  # no booking made since the user last spoke (a reference said again is none)
    booked = set().union(*(days_of_month(v) for k, v in recent if WHEN_KEYS.match(k)))
    if not booked:
        return []
    # a day said before an earlier booking was that booking's ("valuation Monday 25th, ref VAL-6614" then a gas check)
    since = max((t for t, _ in earlier), default=first)
    return [RetractUnit(fact=fid) for fid, d in g.current_facts(G)
            if (WHEN_KEYS.match(str(d["key"])) or PICK_KEYS.match(str(d["key"]))) and max(first, since) < int(d["turn"]) < last
            and (days := days_of_month(str(d["value"]))) and not days & booked]
