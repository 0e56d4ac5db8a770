"""The past_days step: a weekday the user tells of a past event is no day of theirs (issue 19, prec26).

"The tech came Monday for my dishwasher", "Neil came Saturday with the samples", "we got the offers on tuesday",
"boxing day was the saturday and he went on the monday": the weekday says when something already happened, not
the day the user books or asks for. The facts step kept it as the ``day`` of the state, beside (or instead of) the
day the user settles on later. Here a ``day`` fact of this message whose value is a bare weekday goes when every
time the message says that weekday it is right after a verb of a past event (:data:`_PAST`,
with at most two words and "on", "last", "this" or "the" between); a past of a choice or a change ("we moved it to
Friday", "I booked Monday") or a participle that may be a request ("can it be delivered Monday") keeps it.

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> _ = t.observe({"role": "user", "content": "Hi, case SR-3390218. The tech came Monday for my dishwasher"})
>>> [f.value for f in t.state().facts if f.status == "current" and f.key == "day"]
[]
>>> t = Tracker("en")
>>> _ = t.observe({"role": "user", "content": "we moved it to Friday, so Friday please"})
>>> [f.value for f in t.state().facts if f.status == "current" and f.key == "day"]
['Friday']
"""

from __future__ import annotations

import re

from .._units import FactUnit, _Unit
from .context import MessageContext
from .registry import step

#: (en) a bare weekday, as a day fact holds it ("Monday", "the saturday")
_WEEKDAY = re.compile(r"(?:the\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day", re.I)
#: (en) the pasts of events: irregular ones and a few that are only ever said of what happened ("delivered Monday" may be
#: a request, "came Monday" never is); "got" after its subject ("we got the offers on tuesday", not "I've got Monday off"),
#: (fix28) not when what was got is a booking the user holds ("we got a slot on Friday", "we got booked in on the Friday")
_PAST = re.compile(r"(?:\b(?:came|went|was|were|broke|fell|rang|happened|arrived|visited|turned\s+up|showed\s+up)"
                   r"|\b(?:i|we|he|she|they)\s+got(?!\s+(?:(?:a|an|the|our|my|us|it|me|him|her|them)\s+)?(?:in\s+)?"
                   r"(?:slots?|booking|booked|appointment|spot|reservation)\b))"
                   r"(?:\s+(?:[\w']+\s+){0,2}?(?:on|last|this|the|on\s+the))?\s+$", re.I)
#: at most this many characters before the weekday read for its verb
_BEFORE = 40


def told_of_past(text: str, day: str) -> bool:
    """Whether ``text`` says the weekday ``day`` only right after a verb of a past event.

    >>> told_of_past("The tech came Monday for my dishwasher", "Monday")
    True
    >>> told_of_past("we got the offers on tuesday", "tuesday"), told_of_past("we moved it to Friday", "Friday")
    (True, False)
    >>> told_of_past("The tech came Monday, can he come back Monday?", "Monday")
    False
    >>> told_of_past("We got a slot on Friday, can you confirm it?", "Friday")
    False
    """
    name = re.sub(r"(?i)^the\s+", "", day.strip())
    spots = list(re.finditer(r"\b" + re.escape(name) + r"\b", text, re.I))
    if not spots:
        return False
    return all(_PAST.search(text[max(0, s.start() - _BEFORE):s.start()]) for s in spots)


@step("past_days", roles=("user",))
def past_days(ctx: MessageContext) -> list[_Unit]:
    """Drop this message's day facts that are a bare weekday told of a past event (see the module)."""
    if ctx.lang != "en":
        return []
    ctx.units[:] = [u for u in ctx.units if not (
        isinstance(u, FactUnit) and u.key == "day" and not u.offered and _WEEKDAY.fullmatch(u.value.strip())
        and told_of_past(ctx.text, u.value))]
    return []
