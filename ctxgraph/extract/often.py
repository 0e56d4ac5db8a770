"""The often step: how often the user wants a thing done, or how often something happens (issue 19, miss23en).

A service that repeats is asked for by its rhythm, in the user's words: "every other week pls", "every 2 weeks
because the gym is busy", "I'd like him to have twice a week after the assessment", "my 14 month old wakes like
5 times a night". No slot word names it and no entity reader takes "every 2 weeks" as a value.

Read in English by shape: "every other" + a unit of time, "every" + a number + a unit ("every 2 wks", "every
three months"), a count of times + "a" / "per" + a unit ("twice a week", "5 times a night"). Not read: "every
day" / "every week" alone (said of the user's life as often as of the service: "people walk dogs on the field
every day"), a bare "weekly" / "monthly" (a plan's name as often as a rhythm), a clause after "not", the
assistant's words. The key is ``frequency``; a later one supersedes the earlier as any fact does.

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> _ = t.observe({"role": "user", "content": "go down to the small one and every other week pls"})
>>> [(f.key, f.value) for f in t.state().facts if f.key == "frequency"]
[('frequency', 'every other week')]
>>> _ = t.observe({"role": "user", "content": "actually make it every 4 weeks"})  # (lead24) no duration of 4 weeks
>>> [(f.key, f.value) for f in t.state().facts if f.status == "current" and f.key != "pick"]  # (miss27en) "the small one" is a pick
[('frequency', 'every 4 weeks')]
"""

from __future__ import annotations

import re

from .._units import FactUnit, _Unit
from .context import MessageContext
from .registry import step
from .text import story_clause, unread_phrases

_UNIT = r"(?:days?|nights?|weeks?|wks?|fortnights?|months?|mths?|years?|yrs?)"
_COUNT = r"(?:\d{1,2}|two|three|four|five|six|eight|ten|twelve)"
#: a rhythm: every other / every N + a unit; a count of times a / per + a unit
_EN_OFTEN = re.compile(
    rf"\bevery (?:other|{_COUNT}) {_UNIT}\b|\b(?:once|twice|{_COUNT} times) (?:a|per|an|every) (?:day|night|week|fortnight|month|year|hour)\b",
    re.I)
#: a negation right before it: "not every other week", "don't need it twice a week"
_EN_NOT_BEFORE = re.compile(r"(?:\bnot|\bno|n['’]?t)\s+(?:\w+\s+){0,3}$", re.I)


def en_often(text: str) -> list[tuple[int, str]]:
    """(start, words) of each rhythm the English ``text`` says, in text order.

    >>> en_often("nappy bin 1. every 2 weeks because the gym is busy")
    [(13, 'every 2 weeks')]
    >>> en_often("people walk dogs on the field every day"), en_often("we don't need it twice a week")
    ([], [])
    >>> en_often("we used to have it every other week")  # (fix26) a story of the past
    []
    """
    return [(m.start(), m.group(0)) for m in _EN_OFTEN.finditer(text)
            if not _EN_NOT_BEFORE.search(text, max(0, m.start() - 30), m.start()) and not story_clause(text, m.start())]


@step("often", roles=("user",))
def often(ctx: MessageContext) -> list[_Unit]:
    """The rhythm the user's message says, as a ``frequency`` fact (English; the last one said)."""
    if ctx.lang != "en" or not re.search(r"(?i)\bevery\b|\b(?:once|twice|times)\b", ctx.text):
        return []
    found = unread_phrases(ctx, en_often(ctx.text))
    if not found:
        return []
    # (lead24) the span of time inside the rhythm ("6 weeks" of "every 6 weeks") is no duration of its own
    ctx.units[:] = [u for u in ctx.units if not (isinstance(u, FactUnit) and u.key == "duration" and not u.offered
                                                 and any(str(u.value) in rhythm for rhythm in found)
                                                 and ctx.text.count(str(u.value)) == 1)]
    return [FactUnit(key="frequency", name="how often", value=found[-1], stressed=ctx.stressed_at(found[-1]))]
