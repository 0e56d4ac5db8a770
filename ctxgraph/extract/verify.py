"""The learned fact verifier's step (model33f, issue 19): the rule steps propose facts, a small model verifies them.

``verify_facts`` runs last, a default step since model34f (ctxgraph/models/FACT_VERIFIER.md). For each fact the
message's steps made (not an offer), it computes the structure-only features of
:mod:`ctxgraph.models._fact_features` (the step that made it, the key's class, the value's shape, the speaker, a
question, the assistant's message before, supersession ...) and leaves out of the message's units the facts the
verifier (:func:`ctxgraph.models.load_fact_verifier`) gives a P(holds) below its threshold, unless :func:`guarded`
keeps them (a fact that would supersede a current one, a correction, a count, an answer, an offered value picked).
Extract stays pure (it only drops units of this message); apply is untouched. It drops nothing where no weights
ship, in a pack with domains (booking) and in a chat among named participants (LoCoMo), like ``learned_constraints``.
"""

from __future__ import annotations

import re
from collections import Counter
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
    keys = Counter(u.key for u in facts)
    current_of = {k: g.current_with_key(ctx.graph, k) for k in keys}  # one scan of the current facts a key, not a fact
    out = []
    for u in facts:
        at = low.find(str(u.value).strip().casefold())
        current = current_of[u.key]
        out.append((u, {
            "key": u.key, "value": str(u.value), "origin": ctx.origins.get(id(u)), "role": ctx.role,
            "lang": ctx.profile.code, "text": ctx.text, "before": ctx.assistant_before, "label_keys": labels,
            "asked": at >= 0 and ctx.asking(at), "supersedes": bool(u.supersedes), "correction": u.correction,
            "stressed": u.stressed, "subject": bool(u.subject), "facts": len(facts),
            "same_key": keys[u.key], "current_key": bool(current),
            "current_value": any(str(ctx.graph.nodes[f].get("value")) == str(u.value) for f in current)}))
    return out


#: (model34f) the slot stems of a count: a count said with its noun ("a table for 4", "we r 5", "for two") is what the
#: user asks for; the sets mark it with its noun ("we are 3"), so the bare count reads as unsupported there
COUNT_STEMS = frozenset({"people", "count", "adults", "children", "quantity", "nights", "guests"})
#: (fix37) a month named in a date's value ("May", "early May", "the 3rd of May", "五月", "5月"): the verifier read "May"
#: as the verb and dropped "In May." / "May please" / "Maybe Spain in May" (the other months it keeps)
_MONTH = re.compile(r"\b(?:January|February|March|April|May|June|July|August|September|October|November|December)\b"
                    r"|[一二三四五六七八九十\d]{1,3}月")
#: (fix37) the key stems of a date
DATE_STEMS = frozenset({"date", "month"})
#: (model34f) the steps that read a value the user changes to ("X not Y", "let's say 4", "3 instead")
CHANGE_STEPS = frozenset({"changes"})


def guarded(c: dict[str, Any]) -> bool:
    """Whether the proposed fact ``c`` (a :func:`candidates` description) stays whatever its P (model34f): it would
    supersede a current fact (left out, the value it replaces would stand again); the user corrected or stressed
    it, or a change step made it; it is a count under a count's key; a user's date names a month (fix37); it answers the assistant's question
    (``asked_answers``); the user's value echoes the assistant's message before (a pick of what was offered).

    >>> guarded(dict(key="people", value="4", origin="roles", role="user", text="a table for 4", before=""))
    True
    >>> guarded(dict(key="person_aunt", value="my aunt", origin="kin", role="user", text="my aunt hates it", before=""))
    False
    >>> guarded(dict(key="date", value="May", origin="roles", role="user", text="May please", before="Which month?"))
    True
    """
    if c.get("current_key") or c.get("correction") or c.get("stressed") or c.get("origin") in CHANGE_STEPS:
        return True
    stem = c["key"].split("@", 1)[0].split("_", 1)[0].split(".", 1)[-1].lower()
    if stem in COUNT_STEMS or (stem in DATE_STEMS and c.get("role") == "user" and _MONTH.search(str(c["value"]))):
        return True
    before = (c.get("before") or "").casefold()
    if c.get("role") != "user" or not before:
        return False
    if c.get("origin") == "asked_answers":
        return True
    return str(c["value"]).strip().casefold() in before


def threshold_for(verifier: Any, c: dict[str, Any]) -> float:
    """The P a proposed fact ``c`` needs to stay: its step's own threshold in the verifier's meta
    (``step_thresholds``, model34f: chosen leave-one-group-out for a step whose low facts the annotators drop
    consistently), else the verifier's threshold.

    >>> class V: threshold = 0.2; meta = {"step_thresholds": {"event_dates": 0.4}}
    >>> threshold_for(V(), {"origin": "event_dates"}), threshold_for(V(), {"origin": "kin"})
    (0.4, 0.2)
    """
    steps = (getattr(verifier, "meta", None) or {}).get("step_thresholds") or {}
    return float(steps.get(c.get("origin"), verifier.threshold))


@step("verify_facts", roles=("user", "assistant", "system"))
def verify_facts(ctx: MessageContext) -> list:
    verifier = reader_for(ctx, _LOADER[0])
    found = candidates(ctx) if verifier is not None else []
    if not found:
        return []
    probs = verifier([fact_features(c) for _, c in found])
    low = [u for (u, c), p in zip(found, probs) if p < threshold_for(verifier, c) and not guarded(c)]
    if low:
        gone = {id(u) for u in low}
        ctx.units[:] = [u for u in ctx.units if id(u) not in gone]
    return []
