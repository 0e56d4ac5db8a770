"""The learned fact verifier's step (model33f, issue 19): the rule steps propose facts, a small model verifies them.

``verify_facts`` runs last when switched on (it is off by default: ``with_step(DEFAULT_STEPS, "verify_facts")``,
ctxgraph/models/FACT_VERIFIER.md says why). For each fact the message's steps made (not an offer), it computes the structure-only
features of :mod:`ctxgraph.models._fact_features` (the step that made it, the key's class, the value's shape, the
speaker, a question, the assistant's message before, supersession ...) and leaves out of the message's units the
facts the verifier (:func:`ctxgraph.models.load_fact_verifier`) gives a P(holds) below its threshold, unless the
fact would supersede a current one under its key (left out, the value it replaces would stand again). Extract stays
pure (it only drops units of this message); apply is untouched. It drops nothing where no weights ship, in a pack
with domains (booking) and in a chat among named participants (LoCoMo), like ``learned_constraints``.
"""

from __future__ import annotations

from typing import Any, Callable

from .. import _graph as g
from .._units import FactUnit
from ..models import load_fact_verifier
from ..models._fact_features import fact_features
from .context import MessageContext
from .learned import reader_for
from .registry import step

#: the verifier ``verify_facts`` asks (the harness of ``train_facts`` swaps in each fold's model)
_LOADER: list[Callable[[str], Any]] = [load_fact_verifier]


def candidates(ctx: MessageContext) -> list[tuple[FactUnit, dict[str, Any]]]:
    """The facts of the message the verifier reads (each with its raw description for
    :func:`~ctxgraph.models._fact_features.fact_features`): every fact with a value that is no offer."""
    facts = [u for u in ctx.units if isinstance(u, FactUnit) and u.value and not u.offered]
    if not facts:
        return []
    labels = frozenset(k for m in ctx.mentions for k in (m.label.lower(), (m.slot or "").lower()) if k)
    low = ctx.text.casefold()
    out = []
    for u in facts:
        at = low.find(str(u.value).strip().casefold())
        current = g.current_with_key(ctx.graph, u.key)
        out.append((u, {
            "key": u.key, "value": str(u.value), "origin": ctx.origins.get(id(u)), "role": ctx.role,
            "lang": ctx.profile.code, "text": ctx.text, "before": ctx.assistant_before, "label_keys": labels,
            "asked": at >= 0 and ctx.asking(at), "supersedes": bool(u.supersedes), "correction": u.correction,
            "stressed": u.stressed, "subject": bool(u.subject), "facts": len(facts),
            "same_key": sum(v.key == u.key for v in facts), "current_key": bool(current),
            "current_value": any(str(ctx.graph.nodes[f].get("value")) == str(u.value) for f in current)}))
    return out


@step("verify_facts", roles=("user", "assistant", "system"))
def verify_facts(ctx: MessageContext) -> list:
    verifier = reader_for(ctx, _LOADER[0])
    found = candidates(ctx) if verifier is not None else []
    if not found:
        return []
    probs = verifier([fact_features(c) for _, c in found])
    # a fact that would supersede a current one stays: left out, the value it replaces would stand again
    low = [u for (u, c), p in zip(found, probs) if p < verifier.threshold and not c["current_key"]]
    if low:
        ctx.units[:] = [u for u in ctx.units if not any(u is x for x in low)]
    return []
