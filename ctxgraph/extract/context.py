"""What the steps share while one message is read: the message, its language profile and
pack, a read-only view of the graph, and what earlier steps found.

Steps read the context and return units; the orchestrator appends them to
``ctx.units``, so a later step sees what an earlier one found (constraints see the
message's facts, a selection sees its references).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import networkx as nx

from .._units import _Unit
from ..lang import LanguageProfile
from .compiled import CompiledPack
from .text import first_match, question_spans

#: Text beyond this many characters is kept in the turn but not run through the rules.
MAX_EXTRACT_CHARS = 20_000


@dataclass
class Message:
    """A chat message reduced to what extraction reads."""

    role: str
    text: str
    name: str | None = None
    tool_call_id: str | None = None
    tool_calls: list[dict] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


@dataclass
class Mention:
    """An entity found in the text, with its merge key and normalised value."""

    start: int
    end: int
    label: str
    text: str
    key: str
    value: Any = None
    slot: str | None = None  # slot id a bare value of this entity fills
    kind: str = "other"  # thing | value | id as the pack declares the label, else other


@dataclass
class MessageContext:
    """One message being read. ``graph`` is a read-only view: steps never change it."""

    message: Message
    index: int
    graph: nx.MultiDiGraph
    pack: CompiledPack
    en_models: tuple[str, ...] = ()
    today: datetime.date | None = None
    units: list[_Unit] = field(default_factory=list)
    mentions: list[Mention] = field(default_factory=list)
    intent: str | None = None
    domain: str | None = None

    @property
    def role(self) -> str:
        return self.message.role

    @property
    def profile(self) -> LanguageProfile:
        return self.pack.profile

    @property
    def lang(self) -> str:
        return self.pack.lang

    @cached_property
    def text(self) -> str:
        """The part of the message the rules read (at most :data:`MAX_EXTRACT_CHARS`)."""
        return self.message.text[:MAX_EXTRACT_CHARS]

    @cached_property
    def stressed(self) -> bool:
        """The message stresses what it says ("一定要记住", "make sure")."""
        return bool(first_match(self.pack.stress, self.text))

    @cached_property
    def asked(self) -> list[tuple[int, int]]:
        """Spans of the clauses that ask rather than state (computed once per message)."""
        return question_spans(self.text, self.pack.question_words)

    @cached_property
    def correcting(self) -> bool:
        """The message corrects something ("改成", "actually")."""
        return self.intent == "correct" or bool(first_match(self.pack.corrections, self.text))

    @cached_property
    def domain_at(self):
        """``domain_at(pos)``: the domain a value at ``pos`` belongs to (see
        :func:`ctxgraph.extract.domains.domain_finder`)."""
        from .domains import domain_finder

        return domain_finder(self)

    def units_of(self, cls: type) -> list[Any]:
        return [u for u in self.units if isinstance(u, cls)]
