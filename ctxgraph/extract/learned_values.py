"""Values the learned value reader finds beside the rule readers (issue 19, vals9).

The rule readers record a value by the act it is said in (an answer, a pick, a change, a want);
the learned value reader (:func:`ctxgraph.models.load_value_reader`, a CRF over the user's tokens
trained on our own annotated chats, features by structure) marks the spans an annotator keeps
whatever the phrasing. This step records each span the model marks that no rule value of the
message or current fact already holds. Its key is the entity label of the mention it covers, else
``value``; it supersedes a current fact of that key only when the message corrects, else it stands
beside it (a generic key must not replace unrelated values). In a pack with domains (booking) it
makes nothing: there the facts are the search's slots (issue 21).
"""

from __future__ import annotations

import re

from .._units import FactUnit, _Unit
from ..models import load_value_reader
from .context import MessageContext
from .learned import reader_for
from .registry import step

_EDGE = " \t\n,，.。!！?？;；:：、\"'“”‘’()（）[]【】-—–~～"
#: a span with none of these is no value (punctuation, a lone particle)
_HAS_WORD = re.compile(r"[A-Za-z0-9\u4e00-\u9fff]")


def rule_value_spans(text: str, values) -> list[tuple[int, int]]:
    """Where the values recorded by the rule readers stand in ``text`` (every occurrence, any case).

    >>> rule_value_spans("Friday, then friday again", ["Friday"])
    [(0, 6), (13, 19)]
    """
    low, out = text.casefold(), []
    for v in {str(v).casefold().strip() for v in values if v and str(v).strip()}:
        start = low.find(v)
        while start != -1:
            out.append((start, start + len(v)))
            start = low.find(v, start + 1)
    return sorted(out)


def value_context(ctx: MessageContext) -> dict:
    """What the value reader reads of a user message beyond its text: the assistant's message just
    before, the entity mentions, the spans of the rule readers' values, the clauses that ask."""
    facts = [u.value for u in ctx.units_of(FactUnit) if not u.offered]
    return {"previous": ctx.assistant_before, "mentions": [(m.start, m.end, m.label) for m in ctx.mentions],
            "facts": rule_value_spans(ctx.text, facts), "asked": list(ctx.asked)}


def _current_values(ctx: MessageContext) -> list[str]:
    G = ctx.graph
    return [str(G.nodes[f].get("value") or "").casefold() for f in G.graph["current_fact"].values()]


def _key(ctx: MessageContext, start: int, end: int) -> str:
    for m in ctx.mentions:
        if m.start < end and start < m.end and m.label:
            return (m.slot or m.label).lower()
    return "value"


@step("learned_values", roles=("user",))
def learned_values(ctx: MessageContext) -> list[_Unit]:
    reader = reader_for(ctx, load_value_reader)
    if reader is None:
        return []
    context = value_context(ctx)
    spans = reader.spans(ctx.text, **context)
    if not spans:
        return []
    held = [str(u.value).casefold() for u in ctx.units_of(FactUnit) if u.value] + _current_values(ctx)
    current_keys = {ctx.graph.nodes[f].get("key") for f in ctx.graph.graph["current_fact"].values()}
    current_keys |= {u.key for u in ctx.units_of(FactUnit)}
    units: list[_Unit] = []
    for start, end, _p in spans:
        while start < end and ctx.text[start] in _EDGE:
            start += 1
        while end > start and ctx.text[end - 1] in _EDGE:
            end -= 1
        value = ctx.text[start:end]
        if not _HAS_WORD.search(value) or any(a < end and start < b for a, b in context["facts"]):
            continue  # a rule value of this message holds it
        low = value.casefold()
        if any(low in h for h in held):
            continue  # already recorded (a restatement)
        key = _key(ctx, start, end)
        supersede = ctx.correcting and key != "value" and key in current_keys
        if not supersede:
            n, base = 2, key
            while key in current_keys:
                key, n = f"{base}_{n}", n + 1
        current_keys.add(key)
        held.append(low)
        units.append(FactUnit(key=key, name=key.replace("_", " "), value=value, stressed=ctx.stressed,
                              correction=supersede))
    return units
