"""Typed units: what extraction finds in one message, and the events of the log.

Extraction returns a list of units; :func:`ctxgraph._graph.apply` folds each into
the graph. A unit refers to nodes that already exist by their id (``f3``, ``p1``)
and to entities by their *key* (normalised text), so units found in the same
message can refer to each other before any id exists.

>>> u = FactUnit(key="budget", name="预算", value="6000元", subject=None)
>>> UNIT_ADAPTER.validate_python(u.model_dump()) == u
True
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter


class _Unit(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TurnUnit(_Unit):
    """A message: always the first unit of its turn."""

    type: Literal["turn"] = "turn"
    index: int
    role: str
    text: str
    lang: str
    intent: str | None = None
    name: str | None = None
    tool_call_id: str | None = None
    notes: list[str] = []
    domain: str | None = None  # the domain the message talks about (hotel, 餐馆 ...), if any


class EntityUnit(_Unit):
    """A mention of an entity; mentions of the same key merge into one node."""

    type: Literal["entity"] = "entity"
    key: str
    text: str
    label: str
    value: Any = None
    start: int = 0
    end: int = 0
    #: what the pack declares the label to be: a thing (referable, in focus), a value, an
    #: id, or other (no pack declares it); None in events saved before packs declared
    #: kinds (see LEGACY_LABEL_KINDS)
    kind: Literal["thing", "value", "id", "other"] | None = None


#: Label kinds of the events saved before packs declared them (``ctxgraph.session/1``
#: written by ctxgraph 0.1.0): replaying such a session gives its entities these kinds.
#: New events carry the kind their pack declares.
LEGACY_LABEL_KINDS = {
    **dict.fromkeys(("PRODUCT", "ORG", "PERSON", "PLACE", "VENUE", "GPE", "LOC", "FAC", "MISC", "EVENT",
                     "WORK_OF_ART"), "thing"),
    **dict.fromkeys(("ORDER_ID", "TRACKING_ID"), "id"),
}


class FactUnit(_Unit):
    """A key-value pair. ``key`` is the slot id (or the phrase when no slot matched),
    prefixed by a domain for slots that exist per domain ("hotel.area"); ``slot`` is
    the slot id itself."""

    type: Literal["fact"] = "fact"
    key: str
    name: str
    value: str
    subject: str | None = None
    normalized: Any = None
    correction: bool = False
    stressed: bool = False
    supersedes: str | None = None
    slot: str | None = None
    group: str | None = None  # the domain's display name for a per-domain slot ("酒店", "hotel")
    terse: bool = False  # the value says what it is: the compact style shows it alone
    #: an option the assistant lists or recommends: ``offered`` until the user accepts it
    #: (then current) or declines it (then rejected); ``detail`` is the clause it was offered in
    offered: bool = False
    detail: str | None = None


class DecisionUnit(_Unit):
    """The user's (or a confirming tool's) answer to an offered option: accepted or rejected."""

    type: Literal["decision"] = "decision"
    fact: str
    decision: Literal["accepted", "rejected"]


class RetractUnit(_Unit):
    type: Literal["retract"] = "retract"
    fact: str


class ConstraintUnit(_Unit):
    type: Literal["constraint"] = "constraint"
    text: str
    polarity: Literal["must", "must_not", "prefer"]
    stressed: bool = False


class LiftUnit(_Unit):
    type: Literal["lift"] = "lift"
    constraint: str


class CommitmentUnit(_Unit):
    """A promise, ``open``; or a deed the assistant reports done that no open promise named
    ("your e-ticket has been emailed"), recorded as a promise kept (``done``)."""

    type: Literal["commitment"] = "commitment"
    text: str
    due: str | None = None
    status: Literal["open", "done"] = "open"


class FulfilUnit(_Unit):
    """Closes a commitment: ``done`` or ``cancelled`` (by a message or a tool action), or
    ``expired`` (open for :data:`~ctxgraph.extract.cues.COMMITMENT_TURNS` messages)."""

    type: Literal["fulfil"] = "fulfil"
    commitment: str
    status: Literal["done", "cancelled", "expired"]


class QuestionUnit(_Unit):
    type: Literal["question"] = "question"
    text: str


class AnswerUnit(_Unit):
    type: Literal["answer"] = "answer"
    question: str


class GoalUnit(_Unit):
    type: Literal["goal"] = "goal"
    text: str


class SelectUnit(_Unit):
    type: Literal["select"] = "select"
    entity: str


class ReferenceUnit(_Unit):
    """A phrase ("那款", "that one") resolved to an entity key."""

    type: Literal["reference"] = "reference"
    text: str
    entity: str


class ActionUnit(_Unit):
    """A tool call the assistant made."""

    type: Literal["action"] = "action"
    call_id: str
    tool: str
    arguments: dict[str, Any] = {}
    arguments_error: str | None = None


class ActionResultUnit(_Unit):
    """A tool result: status, key fields, type and size; the payload is kept aside under ``ref``."""

    type: Literal["action_result"] = "action_result"
    call_id: str
    tool: str
    status: Literal["ok", "error"]
    fields: dict[str, Any] = {}
    result_type: str
    size: int
    ref: str
    orphan: bool = False


Unit = Annotated[
    Union[
        TurnUnit, EntityUnit, FactUnit, RetractUnit, ConstraintUnit, LiftUnit, CommitmentUnit,
        FulfilUnit, QuestionUnit, AnswerUnit, GoalUnit, SelectUnit, ReferenceUnit, ActionUnit,
        ActionResultUnit, DecisionUnit,
    ],
    Field(discriminator="type"),
]
UNIT_ADAPTER: TypeAdapter[Unit] = TypeAdapter(Unit)
