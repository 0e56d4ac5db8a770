"""The day_parts step: the part of the day the user is free, said as a preference (issue 19, miss28en).

"Mornings are best", "Afternoons only please, she's slow getting going", "mornings are best, afternoons she has her
nap", "monday after work like 5.30?", "Only evenings after 6 mind, I'm plastering all day", "anytime after dinner":
when a visit or a session may be is the user's state, yet no reader kept it (a part of the day is no date, no clock,
no weekday), so the next booking was made blind to it.

Here two shapes are read in a clause that states (neither asks nor refuses): a part of the day opening a clause with a
word that prefers it ("mornings are best", "evenings only", "afternoons pls": the politeness word left out of the
value), and a time after something, said with a day or a part of the day before it ("monday after work", "evenings
after 6", "anytime after dinner", "thurs evening after 8"). The value is the words as said, under ``availability``;
a later preference takes its place. A preference a rule of the message already holds ("mornings only, we open at 12":
a constraint) is left to the rule, which is lifted when the user lifts it.

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> t.observe_many([{"role": "assistant", "content": "When can the assessor visit?"},
...                 {"role": "user", "content": "home visit please. monday after work is best"}])
>>> [(f.key, f.value) for f in t.state().facts if f.key == "availability"]
[('availability', 'monday after work')]

("Mornings are best, she naps after lunch" is a rule since model32: the retrained constraint reader marks it, and the
annotators split on the shape.)
"""

from __future__ import annotations

import re

from .._units import ConstraintUnit, FactUnit, _Unit
from .context import MessageContext
from .registry import step

_WEEKDAY = r"(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?s?"
_PART = r"(?:morning|afternoon|evening|night|lunchtime)s?"
#: a part of the day opening a clause with a word that prefers it: "Mornings are best", "Afternoons only please"
_PREFERRED = re.compile(r"(?:^|(?<=[.!,;]\s))\W*(?:(?:but|and|so|only|just)\s+)?(?P<v>" + _PART
                        + r"(?:\s+(?:only|are best|is best|are better|is better|better|preferred|suit me|suits me|"
                          r"work best|works best|are good|is good|are fine|is fine|are ok|is ok))+|" + _PART
                        + r")(?:\s+(?:please|pls|plz))?(?=\s*(?:[.,;!]|$))", re.I)
#: a time after something, said with a day or a part of the day: "monday after work", "evenings after 6"
_AFTER = re.compile(r"\b(?:(?:" + _WEEKDAY + r")\s+)?(?:" + _WEEKDAY + r"|tomorrow|today|any ?time|" + _PART
                    + r")\s+after\s+(?:work|school|college|dinner|lunch|tea|\d{1,2}(?:[.:]\d{2})?(?:\s*[ap]m)?)\b", re.I)
#: (fix31) "sun", "sat" and "wed" are words too: after an article or a subject they are no day ("sit in the sun after
#: lunch", "we sat after dinner"); "sat after 5" alone is Saturday
_NO_DAY_WORD = re.compile(r"\b(?:the|a|in|i|we|he|she|they|you|who|and)\s+$", re.I)
_SHORT_DAY = re.compile(r"(?:sun|sat|wed)\b", re.I)
#: a refusal right before the words: "not mornings", "can't do evenings after 6"
_REFUSED = re.compile(r"\b(?:not|no|never|cant|can't|cannot|won't|wont)\s+(?:do\s+|on\s+|in\s+the\s+)?$", re.I)


def _found(ctx: MessageContext) -> list[tuple[int, str]]:
    """(start, value) of each preference for a part of the day the message states.

    >>> from types import SimpleNamespace as N
    >>> said = lambda text: _found(N(text=text, asking=lambda at: False))
    >>> said("Mornings are best, she naps after lunch"), said("mornings, afternoons she has her nap")
    ([(0, 'Mornings are best')], [])
    >>> said("Afternoons only please"), said("can't do evenings after 6"), said("Sunday after work")
    ([(0, 'Afternoons only')], [], [(0, 'Sunday after work')])
    >>> said("she likes the sun after lunch"), said("we sat after dinner"), said("sat after 5 is good")
    ([], [], [(0, 'sat after 5')])
    """
    out = []
    for rx, group in ((_PREFERRED, "v"), (_AFTER, 0)):
        for m in rx.finditer(ctx.text):
            start, value = m.start(group), m.group(group).strip()
            if rx is _PREFERRED and " " not in value and not m.group(0).rstrip().endswith(("please", "pls", "plz")):
                continue  # a bare "mornings," says no preference ("mornings, afternoons she has her nap")
            if ctx.asking(start) or _REFUSED.search(ctx.text, max(0, start - 16), start):
                continue
            if rx is _AFTER and _SHORT_DAY.match(value) and _NO_DAY_WORD.search(ctx.text, max(0, start - 8), start):
                continue  # (fix31) "in the sun after lunch", "we sat after dinner": no day
            out.append((start, value))
    return sorted(out)


@step("day_parts", roles=("user",))
def day_parts(ctx: MessageContext) -> list[_Unit]:
    """The user's preferred part of the day ("mornings are best", "monday after work") as an ``availability`` fact."""
    if ctx.lang != "en":
        return []
    found = _found(ctx)
    if not found:
        return []
    _, value = found[0]
    if any(isinstance(u, FactUnit) and value.casefold() in str(u.value).casefold()
           or isinstance(u, ConstraintUnit) and value.casefold() in u.text.casefold() for u in ctx.units):
        return []  # a fact holds it, or a rule does ("mornings only, we open at 12"): the rule is lifted when it goes
    if _told_by_facts(value, ctx.units):
        return []  # (fix31) "tomorrow after 5pm": the date and the time facts hold it between them
    return [FactUnit(key="availability", name="availability", value=value, stressed=ctx.stressed)]


def _told_by_facts(value: str, units: list[_Unit]) -> bool:
    """(fix31) Whether the facts of the message hold every word of ``value`` between them: "tomorrow after 5pm" is the
    date "tomorrow" and the time "after 5pm", no availability of its own; "monday after work" says more than the day.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "assistant", "content": "When should we collect it?"},
    ...                 {"role": "user", "content": "monday after 6pm"}])
    >>> sorted((f.key, f.value) for f in t.state().facts if f.status == "current")
    [('day', 'monday'), ('time', 'after 6pm')]
    >>> t.observe_many([{"role": "user", "content": "actually tuesday after work"}])
    >>> [f.value for f in t.state().facts if f.key == "availability"]
    ['tuesday after work']
    """
    rest = value.casefold()
    for held in sorted((str(u.value).casefold() for u in units if isinstance(u, FactUnit) and u.value), key=len, reverse=True):
        rest = rest.replace(held, " ")
    return not rest.strip()
