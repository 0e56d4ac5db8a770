"""What the steps share while one message is read: the message, its language profile and
pack, a read-only view of the graph, and what earlier steps found.

Steps read the context and return units; the orchestrator appends them to
``ctx.units``, so a later step sees what an earlier one found (constraints see the
message's facts, a selection sees its references).
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import networkx as nx

from .._units import _Unit
from ..lang import LanguageProfile
from .compiled import CompiledPack
from .text import first_match, in_spans, question_sentences, question_spans, stressed_sentences

#: The rules read at most this many characters of a message: its first ones, and the last
#: :data:`EXTRACT_TAIL_CHARS` of them (a long paste often ends with the request); the
#: message is kept whole in the turn. Bounds the work per message (issue 11).
MAX_EXTRACT_CHARS = 3_000
EXTRACT_TAIL_CHARS = 1_000
#: A run of printable ASCII without a space longer than this is read only up to this length
#: (the rest blanked, offsets kept): no value is that long, and several rule patterns
#: (emails, amounts) take time quadratic in a run's length.
MAX_RUN_CHARS = 64
_LONG_ASCII_RUN = re.compile(r"[!-~]{%d,}" % (MAX_RUN_CHARS + 1))


def extract_window(text: str) -> str:
    """What the rules read of a message's text: its head and tail (:data:`MAX_EXTRACT_CHARS`
    in all, joined by a line break), long runs without spaces cut short.

    >>> len(extract_window("a" * 10_000))
    3000
    >>> extract_window("x" * 100)[60:70].strip()
    'xxxx'
    """
    if len(text) > MAX_EXTRACT_CHARS:
        head = MAX_EXTRACT_CHARS - EXTRACT_TAIL_CHARS
        start, end = text[:head - 1], text[-EXTRACT_TAIL_CHARS:]
        if text[-EXTRACT_TAIL_CHARS - 1].isalnum() and end[:1].isalnum() and end[:1].isascii():
            cut = re.match(r"[A-Za-z0-9]+", end).end()  # a word the cut split ("…ller words") is no word
            end = " " * cut + end[cut:]
        text = start + "\n" + end
    return _LONG_ASCII_RUN.sub(lambda m: m.group(0)[:MAX_RUN_CHARS] + " " * (len(m.group(0)) - MAX_RUN_CHARS), text)


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
    en_ner: str = "gated"
    today: datetime.date | None = None
    units: list[_Unit] = field(default_factory=list)
    mentions: list[Mention] = field(default_factory=list)
    intent: str | None = None
    domain: str | None = None
    #: (model33f) the step that made each unit of :attr:`units`, by the unit's ``id()``: the fact verifier's
    #: provenance feature (the pipeline sets it; units and the state keep no trace of it)
    #: (model34f) a unit a later step rewrote in place (a new object) has the rewriting step as its origin; the units
    #: are held in :attr:`origin_units` so that no ``id()`` is reused by another unit while the message is read
    origins: dict[int, str] = field(default_factory=dict)
    origin_units: list[_Unit] = field(default_factory=list)
    #: (fix34) answers of pure readers of one position of this message, by (reader, position), worked out once: a reader
    #: asked of every later value for every value would otherwise be quadratic on a long run of one value
    memo: dict[tuple[str, int], Any] = field(default_factory=dict)

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
        """The part of the message the rules read (see :func:`extract_window`)."""
        return extract_window(self.message.text)

    @cached_property
    def stressed(self) -> bool:
        """The message stresses something it says ("一定要记住", "make sure"); what exactly:
        :meth:`stressed_at`."""
        return bool(first_match(self.pack.stress, self.text))

    @cached_property
    def stressed_spans(self) -> list[tuple[int, int]]:
        """The sentences the stress is said in (:func:`~ctxgraph.extract.text.stressed_sentences`)."""
        return stressed_sentences(self.text, self.pack.stress) if self.stressed else []

    @cached_property
    def folded(self) -> str:
        """The text case-folded once, for the lookups of :meth:`stressed_at`."""
        return self.text.casefold()

    def stressed_at(self, said: str) -> bool:
        """Whether ``said`` (a value, a rule's text) is in a sentence the speaker stressed; a
        text not found as it is said keeps the message's stress."""
        if not self.stressed:
            return False
        needle = said.casefold().strip()
        starts = [m.start() for m in re.finditer(re.escape(needle), self.folded)] if needle else []
        return not starts or any(in_spans(at, self.stressed_spans) for at in starts)

    @cached_property
    def assistant_before(self) -> str:
        """The text of the message just before this one when the assistant said it, else "" (the
        question a reply answers, the offer it takes up)."""
        last = self.graph.graph.get("last_turn")
        d = self.graph.nodes[last] if last else {}
        return str(d.get("text") or "") if d.get("role") == "assistant" else ""

    @cached_property
    def asked(self) -> list[tuple[int, int]]:
        """Spans of the clauses that ask rather than state (computed once per message)."""
        return question_spans(self.text, self.pack.question_words)

    @cached_property
    def service_asked(self) -> list[tuple[int, int]]:
        """Spans of the questions about what the service does ("do you deliver on Sundays?",
        "你们周日送货吗？"): their values are asked about, never the user's wish."""
        rules = self.pack.service_questions
        return [(s, e) for s, e in self.asked if rules and first_match(rules, self.text[s:e].strip())]

    @cached_property
    def proposed(self) -> list[tuple[int, int]]:
        """Spans of the questions that propose a value ("how about 16:15?", "2 nights instead?",
        "那换成周五呢？"): their values are the user's wish, as in a statement."""
        rules = self.pack.proposals
        if not rules:
            return []
        # the proposal may stand in an earlier clause of the question ("再给我推荐一个评分4.5以上，票价是50-100元的景点吧？")
        sentences = list(question_sentences(self.text))
        return [(s, e) for s, e in self.asked if first_match(rules, self.text[s:e].strip()) or any(
            a <= s < b and first_match(rules, self.text[a:e].strip()) for a, b in sentences)]

    @cached_property
    def taken_back(self) -> list[tuple[int, int]]:
        """Spans the speaker takes back (the pack's ``take_backs``): the sentence before "actually
        no" / "scratch that" when no value of a kind it holds follows the words ("delivery, 22
        Larch Court. Actually no, I'll pick it up"; "it keeps cutting out. Actually no, it's fine");
        one that does is a correction, read as one.

        >>> from ctxgraph import Tracker
        >>> t = Tracker("en")
        >>> _ = t.observe({"role": "user", "content": "Ship it to 9 Fern Road, Hull. Actually no, I'll collect it Friday"})
        >>> [(f.key, f.value) for f in t.state().facts if f.status == "current"]
        [('day', 'Friday')]
        """
        spans = []
        for rx in getattr(self.pack, "take_backs", ()):
            for cue in rx.finditer(self.text):
                head = self.text[:cue.start()].rstrip(" \t,.;:!-—–")
                start = max(head.rfind(ch) for ch in ".!?\n。！？") + 1
                before = {m.label for m in self.mentions if start <= m.start < cue.start()}
                if not any(m.label in before for m in self.mentions if m.start >= cue.end()):
                    spans.append((start, cue.start()))
        return spans

    def asking(self, pos: int) -> bool:
        """``pos`` is in a clause that asks and does not propose a value."""
        return in_spans(pos, self.asked) and not in_spans(pos, self.proposed)

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

    def record_origins(self, name: str) -> None:
        """After step ``name`` ran: every unit of :attr:`units` with no origin yet was made by it, or rewritten by it in
        place (a new object for an old unit), so its origin is ``name`` (model34f; the model33f origins only knew the
        units a step returned, a rewritten unit read as "unknown"). One pass over the units."""
        for u in self.units:
            if id(u) not in self.origins:
                self.origins[id(u)] = name
                self.origin_units.append(u)

    def units_of(self, cls: type) -> list[Any]:
        return [u for u in self.units if isinstance(u, cls)]
