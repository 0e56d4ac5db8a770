"""The access step: how the place the service goes to is reached, in the user's words (issue 19, miss23en).

Whoever delivers, removes, collects or visits needs to know the floor and whether there is a lift, and the
user says it in passing beside the address: "its top floor and no lift", "we're on the 2nd floor ... no lift
I'm afraid", "3rd floor, 88 Canal Street", "It must be ground floor". No slot word names it; the address
reader stops before it or takes the floor for a date ("the 2nd floor" read as the 2nd).

Read in English by shape: a floor named by its place (top, ground, basement, an ordinal in words or digits)
and "floor"; "no lift" / "no elevator" / "without a lift" / "there's no lift". Not read: a floor after "not"
("not the ground floor"), a piece another fact of the message holds already, the assistant's words. The
pieces of one message are one fact, in the order said: key ``access`` (a later message's ``access_t<turn>``
beside it, as the conditions step keeps its facts).

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> _ = t.observe({"role": "user", "content": "flat 3, 41 Gloucester Road. its top floor and no lift"})
>>> [(f.key, f.value) for f in t.state().facts if f.key.startswith("access")]
[('access', 'top floor, no lift')]
"""

from __future__ import annotations

import re

from .. import _graph as g
from .._units import FactUnit, _Unit
from .context import MessageContext
from .registry import step
from .text import story_clause, unread_phrases

#: a floor by its place, or the lift missing
_EN_ACCESS = re.compile(
    r"\b(?:(?:top|ground|basement|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d{1,2}(?:st|nd|rd|th))"
    r"[- ]floor|no (?:lift|elevator)|without an? (?:lift|elevator)|there(?:'s| is) no (?:lift|elevator))\b", re.I)
#: a negation right before a floor: "not the ground floor", "isn't on the top floor"
_EN_NOT_BEFORE = re.compile(r"(?:\bnot|n['’]?t)\s+(?:\w+\s+){0,2}$", re.I)


def en_access(text: str) -> list[tuple[int, str]]:
    """(start, words) of each piece of access the English ``text`` says, in text order.

    >>> en_access("we're on the 2nd floor, 41 Market Street. no lift I'm afraid")
    [(13, '2nd floor'), (42, 'no lift')]
    >>> en_access("anything but not the ground floor please"), en_access("the floor is tiled")
    ([], [])
    >>> en_access("my old flat was on the top floor with no lift, this one is a bungalow")  # (fix26) a place left
    []
    """
    return [(m.start(), m.group(0)) for m in _EN_ACCESS.finditer(text)
            if not _EN_NOT_BEFORE.search(text, max(0, m.start() - 24), m.start()) and not story_clause(text, m.start())]


@step("access", roles=("user",))
def access(ctx: MessageContext) -> list[_Unit]:
    """The floor and the lift the user's message says, as one ``access`` fact (English)."""
    if ctx.lang != "en" or not re.search(r"(?i)floor|lift|elevator", ctx.text):
        return []
    found = unread_phrases(ctx, en_access(ctx.text))
    if not found:
        return []
    key = "access" if not g.current_with_key(ctx.graph, "access") else f"access_t{ctx.index}"
    value = ", ".join(dict.fromkeys(found))
    return [FactUnit(key=key, name="access", value=value, stressed=ctx.stressed_at(value))]
