"""The addresses step: every address a user message gives is a value of its own (issue 19, miss26en).

A user often gives two or more addresses in one message: where a thing is collected and where it goes
("collect from Unit 4, Burway Trading Estate, Ludlow SY8 1EN ... deliver to 60 Mugdock Road, Milngavie G62 8HW"),
the old and the new home ("Old address 9 Coronation Terrace, ... New one is Flat 12, Rosewood Court, ..."),
the properties of a job ("38 Albany Road, Reading RG30 2UT, and the studio is 9 Church Street RG4 8AU").
The facts and postal steps keep one ``address`` a message: the second replaced the first, or was dropped.
Here each further address of the message keeps its own key, named by the role word said before it
(``address_from``: from, old, collect; ``address_to``: to, new, deliver, send, post; else ``address_2``...).
An address said after a word that takes back what went before ("no sorry", "actually", "instead") is a
correction and stays the one ``address``; an address ruled out ("not to Rosewood Court") or asked about is none.

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> t.observe_many([{"role": "assistant", "content": "Where from and where to?"},
...     {"role": "user", "content": "Old address 9 Coronation Terrace, Ashington NE63 8JA. "
...                                 "New one is Flat 12, Rosewood Court, Morpeth NE61 2TX."}])
>>> sorted((f.key, f.value) for f in t.state().facts if f.status == "current")
[('address', '9 Coronation Terrace, Ashington NE63 8JA'), ('address_to', 'Flat 12, Rosewood Court, Morpeth NE61 2TX')]
"""

from __future__ import annotations

import re

from .._units import FactUnit, _Unit
from .context import MessageContext
from .registry import step

#: a word before an address that says it is where a thing comes from
_FROM = re.compile(r"\b(?:from|old|collect(?:ion)?|pick(?:ing)?\s*up|currently|moving\s+out)\b", re.I)
#: a word before an address that says it is where a thing goes
_TO = re.compile(r"\b(?:to|new|deliver(?:y|ing)?|send|post|drop(?:\s*off)?|moving\s+(?:in)?to)\b", re.I)
#: words that take back what went before: the address after them corrects the one before, no second one
_TAKES_BACK = re.compile(r"\b(?:no|nope|sorry|actually|instead|wait|rather|i\s+mean|scratch\s+that|not)\b|不", re.I)
#: "not" right before the address (or its preposition): an address ruled out ("not to Rosewood Court")
_NOT_BEFORE = re.compile(r"\bnot\s+(?:to\s+|at\s+|the\s+)?$", re.I)
#: what ends a clause: the window a role word is looked for in starts after it
_CLAUSE_END = re.compile(r"[.!?;\n]")


def _role(lead: str) -> str | None:
    """The role the words ``lead`` before an address give it, or None.

    >>> _role("collect from "), _role(" deliver to "), _role("New one is "), _role(", then ")
    ('address_from', 'address_to', 'address_to', None)
    """
    to, frm = list(_TO.finditer(lead)), list(_FROM.finditer(lead))
    if not to and not frm:
        return None
    last_to = to[-1].start() if to else -1
    last_from = frm[-1].start() if frm else -1
    return "address_to" if last_to > last_from else "address_from"


def _free_key(role: str | None, used: set[str]) -> str:
    """A key for a further address: its role, or ``address_2``, ``address_3``..., none of ``used``."""
    if role and role not in used:
        return role
    n = 2
    while f"address_{n}" in used:
        n += 1
    return f"address_{n}"


def _spans(ctx: MessageContext, units: list[FactUnit]) -> list[tuple[int, int, FactUnit | None]]:
    """(start, end, unit) of the message's addresses in text order: the address facts found so far (located in
    the text) and the ADDRESS mentions no fact holds (unit None)."""
    text, out = ctx.text, []
    for u in units:
        at = text.find(u.value)
        if at >= 0:
            out.append((at, at + len(u.value), u))
    for x in ctx.mentions:
        if x.label == "ADDRESS" and not any(s <= x.start < e or x.start <= s < x.end for s, e, _ in out):
            out.append((x.start, x.end, None))
    return sorted(out, key=lambda s: s[0])


@step("addresses", roles=("user",))
def addresses(ctx: MessageContext) -> list[_Unit]:
    """Each further address of a user message as a fact keyed by its role, beside the one ``address``."""
    if ctx.lang != "en":
        return []
    held = [u for u in ctx.units if isinstance(u, FactUnit) and not u.offered and u.key == "address"]
    spans = _spans(ctx, held)
    if len(spans) < 2 or any(_TAKES_BACK.search(ctx.text[a[1]:b[0]]) for a, b in zip(spans, spans[1:])):
        return []  # one address, or one that corrects another ("9 Fern Road. Actually no, 12 Oak Lane")
    text, used, units = ctx.text, {"address"}, []
    renamed: dict[int, FactUnit] = {}
    keeper = held[0] if held else None  # the one ``address`` the other steps read stays as it is
    prev_end = None
    for start, end, unit in spans:
        clause = max((m.end() for m in _CLAUSE_END.finditer(text, 0, start)), default=0)
        lead = text[max(clause, prev_end or 0):start]
        prev_end = end
        if unit is keeper or _NOT_BEFORE.search(text[:start]) or ctx.asking(start) \
                or any(s <= start < e for s, e in ctx.taken_back):
            continue
        key = _free_key(_role(lead), used)
        used.add(key)
        if unit is not None:
            renamed[id(unit)] = unit.model_copy(update={"key": key, "name": key})
        else:
            value = text[start:end].strip(" ,")
            units.append(FactUnit(key=key, name=key, value=value, stressed=ctx.stressed_at(value)))
    if renamed:
        ctx.units[:] = [renamed.get(id(u), u) for u in ctx.units]
    return units
