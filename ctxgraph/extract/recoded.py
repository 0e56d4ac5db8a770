"""(prec23) A code changed: "航班改了，改成QF131", "actually it's BA287 now".

A flight number, a room or a seat code is often a fact only because a record said it ("flight: QF129" from the
booking tool); when the user changes it, the message names the new code with a word of change and no slot word,
and no rule gives it a key: the old code stays current. The step ``codes_changed`` reads, in a message that
corrects (the pack's ``corrections``), each code (an entity of kind ``id``) no fact of the message holds: when
the current facts holding a code of the same shape (the same letters, as many digits) and another value all hold
one code, the new code replaces it under their keys, as a correction.

>>> from ctxgraph import Tracker
>>> t = Tracker("zh")
>>> t.observe_many([{"role": "user", "content": "帮我约个接机，航班是MU587"},
...                 {"role": "user", "content": "航班改了，改成MU589"}])
>>> [(f.key, f.value) for f in t.state().facts if f.status == "current" and "MU" in f.value]
[('flight', 'MU589')]

(fix26) A clause about another person ("她改成MU125了", "his flight's now BA288") changes none of the user's codes.
"""

from __future__ import annotations

import re

from .._units import FactUnit, _Unit
from .context import MessageContext
from .registry import step
from .text import clause_at


#: (fix26) another person the clause is about: "她改成MU125了", "his flight's now BA288" (not 其他)
_OTHER_PERSON = re.compile(r"(?<!其)[他她]|\b(?:he|she|they|his|her|their|hers|theirs)\b", re.I)


def shape(code: str) -> str:
    """A code's shape: its letters as written (upper-cased), each digit a 9, signs kept.

    >>> shape("QF129"), shape("qf131"), shape("JJ-0704-0412")
    ('QF999', 'QF999', 'JJ-9999-9999')
    """
    return re.sub(r"\d", "9", code.strip().upper())


@step("codes_changed", roles=("user",))
def codes_changed(ctx: MessageContext) -> list[_Unit]:
    """The current fact whose code the message changes to another of its shape (see the module)."""
    if not ctx.correcting:
        return []
    held = " ".join(u.value for u in ctx.units_of(FactUnit)).casefold()
    G = ctx.graph
    out: list[_Unit] = []
    for m in ctx.mentions:
        if m.kind != "id" or not re.search(r"\d", m.text) or m.text.casefold() in held or ctx.asking(m.start) \
                or _OTHER_PERSON.search(clause_at(ctx.text, m.start)):
            continue  # (fix26) "她改成MU125了": another person's code changes, not the user's
        same = [f for f in G.graph["current_fact"].values()
                if shape(str(G.nodes[f]["value"])) == shape(m.text) and str(G.nodes[f]["value"]).casefold() != m.text.casefold()]
        if len({str(G.nodes[f]["value"]).casefold() for f in same}) != 1:
            continue  # no code of the shape, or two: which one changes is not said
        for f in same:
            d = G.nodes[f]
            out.append(FactUnit(key=d["key"], name=d["name"], value=m.text, correction=True, supersedes=f,
                                slot=None if d.get("phrase") else d.get("slot"), stressed=ctx.stressed))
    return out
