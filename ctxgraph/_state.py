"""The public state: pydantic models of DESIGN.md's state JSON (``ctxgraph.state/1``).

The JSON Schema shipped in ``ctxgraph/schema/state.schema.json`` is generated
from :class:`State` (``python -m ctxgraph.schema`` writes it; a test checks it
is current). Fields beyond DESIGN.md's minimum are additions, never changes.

>>> State(lang="en", turns=0).model_dump()["schema"]
'ctxgraph.state/1'
"""

from __future__ import annotations

from typing import Any, Literal

import networkx as nx
from pydantic import BaseModel, ConfigDict, Field

from . import _graph as g
from ._errors import ConfigError, Errors

SCHEMA = "ctxgraph.state/1"


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_by_name=True, validate_by_alias=True, serialize_by_alias=True)


class EntityState(_Model):
    id: str
    text: str
    type: str
    mentions: list[int]
    value: Any = None
    selected: bool = False


class FactHistory(_Model):
    value: str
    turn: int
    until: int | None = None


class FactState(_Model):
    id: str
    subject: str | None
    key: str
    name: str
    value: str
    #: current: the user's state; superseded / retracted: stopped being true; offered: an
    #: option the assistant listed, not (yet) chosen; rejected: an option the user declined
    status: Literal["current", "superseded", "retracted", "offered", "rejected"]
    turn: int
    until: int | None = None
    #: earlier values, newest first: by default only on the newest fact of a key (see
    #: :func:`build_state`'s ``history``), so the JSON grows linearly with the chat
    history: list[FactHistory] = []
    stressed: bool = False
    #: the id of the fact this one replaced (its earlier value), if any
    supersedes: str | None = None


class ConstraintState(_Model):
    id: str
    text: str
    polarity: Literal["must", "must_not", "prefer"]
    status: Literal["active", "lifted"]
    turn: int


class CommitmentState(_Model):
    id: str
    text: str
    #: done: kept; cancelled: dropped, or replaced by a newer promise about the same thing;
    #: expired: never mentioned again within ``COMMITMENT_TURNS`` messages
    status: Literal["open", "done", "cancelled", "expired"]
    turn: int
    due: str | None = None


class ActionState(_Model):
    id: str
    tool: str
    status: Literal["ok", "error", "pending"]
    summary: str
    ref: str | None
    turn: int
    arguments: dict[str, Any] = {}
    fields: dict[str, Any] = {}
    arguments_error: str | None = None
    orphan: bool = False


class QuestionState(_Model):
    id: str
    text: str
    status: Literal["open", "answered"]
    turn: int


class GoalState(_Model):
    id: str
    text: str
    turn: int


class State(_Model):
    """Everything ctxgraph knows about a conversation, as JSON for other systems."""

    schema_: Literal["ctxgraph.state/1"] = Field(SCHEMA, alias="schema")
    lang: str
    turns: int
    goal: GoalState | None = None
    entities: list[EntityState] = []
    facts: list[FactState] = []
    constraints: list[ConstraintState] = []
    commitments: list[CommitmentState] = []
    actions: list[ActionState] = []
    questions: list[QuestionState] = []
    focus: list[str] = []

    def to_json(self, **kwargs: Any) -> str:
        return self.model_dump_json(by_alias=True, **kwargs)


def action_summary(d: dict) -> str:
    """'create_order ok: order_id=SO-1, status=paid' — one line for an action."""
    parts = [f"{k}={v}" for k, v in d.get("fields", {}).items()]
    if d.get("arguments_error"):
        parts.append(f"arguments: {d['arguments_error']}")
    head = f"{d['tool']} {d['status']}"
    return f"{head}: {', '.join(parts)}" if parts else head


def focus(G: nx.MultiDiGraph, window: int = 6, limit: int = 3) -> list[str]:
    """Entities in focus: the selected ones, then things named or referred to in the last
    ``window`` turns, newest first."""
    chosen = list(G.graph["selected"])
    recent: list[str] = []
    for turn in g.recent(G, "turn", window):
        for _, e, k in G.out_edges(turn, keys=True):
            if k in ("mentions", "refers_to") and G.nodes[e]["entity_kind"] == "thing" and e not in chosen and e not in recent:
                recent.append(e)
    return (chosen + recent)[: max(limit, len(chosen))]


#: What each fact's ``history`` holds (:func:`build_state`).
HISTORY_MODES = ("current", "all", "none")


def _fact_state(G: nx.MultiDiGraph, f: str, d: dict, history: str) -> FactState:
    older = next((v for _, v, k in G.out_edges(f, keys=True) if k == "supersedes"), None)
    newest = history == "all" or history == "current" and not any(
        k == "supersedes" for _, _, k in G.in_edges(f, keys=True))
    return FactState(id=f, subject=d["subject"], key=d["key"], name=d["name"], value=d["value"], status=d["status"],
                     turn=d["turn"], until=d["until"], stressed=d["stressed"], supersedes=older,
                     history=[FactHistory(**h) for h in g.fact_history(G, f)] if newest and older else [])


def build_state(G: nx.MultiDiGraph, lang: str, history: str = "current") -> State:
    """The State model of a graph.

    ``history``: "current" (default) lists a key's earlier values once, on its newest fact
    (the current one, or the last one retracted), and every fact names the one it replaced
    in ``supersedes``, so the JSON grows linearly with the conversation; "all" also repeats
    the earlier values on every superseded fact (as before issue 11: quadratic in the number
    of changes to one key); "none" gives no ``history`` lists, only the ``supersedes`` links.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> for amount in (500, 600, 700):
    ...     _ = t.observe({"role": "user", "content": f"Actually my budget is now ${amount}."})
    >>> [(f.id, f.value, f.supersedes, [h.value for h in f.history]) for f in t.state().facts]
    [('f1', '$500', None, []), ('f2', '$600', 'f1', []), ('f3', '$700', 'f2', ['$600', '$500'])]
    >>> [len(f.history) for f in t.state(history="all").facts], [len(f.history) for f in t.state(history="none").facts]
    ([0, 1, 2], [0, 0, 0])
    """
    if history not in HISTORY_MODES:
        raise ConfigError(Errors.E170.format(value=history, modes=", ".join(HISTORY_MODES)))
    goal = G.graph["goal"]
    return State(
        lang=lang,
        turns=G.graph["turns"],
        goal=GoalState(id=goal, text=G.nodes[goal]["text"], turn=G.nodes[goal]["turn"]) if goal else None,
        entities=[EntityState(id=e, text=d["text"], type=d["label"], mentions=list(d["mentions"]),
                              value=d["value"], selected=d.get("selected", False)) for e, d in g.entities(G)],
        facts=[_fact_state(G, f, d, history) for f, d in g.facts(G)],
        constraints=[ConstraintState(id=c, text=d["text"], polarity=d["polarity"], status=d["status"], turn=d["turn"])
                     for c, d in g.nodes_of(G, "constraint")],
        commitments=[CommitmentState(id=p, text=d["text"], status=d["status"], turn=d["turn"], due=d["due"])
                     for p, d in g.nodes_of(G, "commitment")],
        actions=[ActionState(id=a, tool=d["tool"], status=d["status"], summary=action_summary(d), ref=d["ref"],
                             turn=d["turn"], arguments=d["arguments"], fields=d["fields"],
                             arguments_error=d.get("arguments_error"), orphan=d.get("orphan", False))
                 for a, d in g.nodes_of(G, "action")],
        questions=[QuestionState(id=q, text=d["text"], status=d["status"], turn=d["turn"])
                   for q, d in g.nodes_of(G, "question")],
        focus=focus(G),
    )
