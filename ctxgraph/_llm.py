"""The optional LLM extractor: an OpenAI-compatible model reads a turn into the same units.

``Tracker(extractor="llm", llm=client, model="...")`` asks the model, once per user or
assistant message, for what the rules look for: facts (with corrections and retractions),
constraints and the ones lifted, the assistant's promises and the ones kept, open questions
and the user's goal. The reply is structured output (``client.chat.completions.parse`` with
a pydantic ``response_format``), validated by :class:`Extraction`, then turned into the
same typed units the rule extractor returns (:mod:`ctxgraph._units`), so ``apply`` and the
event log do not know which extractor ran.

Why an intermediate schema and not the units themselves: units point at graph nodes by id
("supersede f3"), which a model cannot be trusted to invent. The model sees the open items
with their ids and may name them (``lifted_constraints: ["c2"]``); every id is checked
against the graph, keys are mapped to the rule packs' slots (so "budget" and "预算" land on
the slot the rules use), and anything that does not check out is dropped.

The structure of a turn (the turn itself, tool calls and results, answers to open
questions) and the entities always come from the rules: they are exact and cost nothing.

``extractor="hybrid"`` runs the rules first and asks the model only for turns the rules
found nothing in, or flagged as uncertain (a fact keyed by a free phrase, a message too
long for the rules to read whole).

Any failure of the model (network, timeout, status error, invalid or truncated JSON,
schema mismatch, refusal) falls back to the rules' units for that turn, with an
:class:`~ctxgraph.ExtractionWarning` and a note on the turn; nothing recorded is lost.
Tokens spent are counted in :attr:`LLMExtractor.usage`.
"""

from __future__ import annotations

import inspect
import json
import time
import warnings
from dataclasses import dataclass
from typing import Any, Literal

import networkx as nx
from pydantic import BaseModel, ConfigDict

from . import _graph as g
from ._errors import ConfigError, Errors, ExtractionWarning
from .extract import Message, RuleExtractor
from ._units import (
    CommitmentUnit,
    ConstraintUnit,
    EntityUnit,
    FactUnit,
    FulfilUnit,
    GoalUnit,
    LiftUnit,
    QuestionUnit,
    RetractUnit,
    TurnUnit,
    _Unit,
)

EXTRACTORS = ("rules", "llm", "hybrid")
#: Unit types that carry what a turn says (the rest is structure: turn, tool calls, answers).
CONTENT_UNITS = (FactUnit, RetractUnit, ConstraintUnit, LiftUnit, CommitmentUnit, FulfilUnit,
                 QuestionUnit, GoalUnit)
#: How many current facts / open items the model is shown as context.
CONTEXT_ITEMS = 30


# ---------------------------------------------------------------------- the schema the model fills
class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class LLMEntity(_Strict):
    text: str
    label: str


class LLMFact(_Strict):
    key: str
    value: str
    subject: str | None
    correction: bool


class LLMConstraint(_Strict):
    text: str
    polarity: Literal["must", "must_not", "prefer"]


class LLMCommitment(_Strict):
    text: str
    due: str | None


class LLMClosure(_Strict):
    id: str
    status: Literal["done", "cancelled"]


class Extraction(_Strict):
    """What the model returns for one message (strict JSON schema: every field present).

    >>> Extraction.model_validate_json('{"entities": [], "facts": [{"key": "budget", "value": "$500", '
    ...     '"subject": null, "correction": false}], "retracted_facts": [], "constraints": [], '
    ...     '"lifted_constraints": [], "commitments": [], "closed_commitments": [], "questions": [], '
    ...     '"goal": null}').facts[0].value
    '$500'
    """

    entities: list[LLMEntity]
    facts: list[LLMFact]
    retracted_facts: list[str]
    constraints: list[LLMConstraint]
    lifted_constraints: list[str]
    commitments: list[LLMCommitment]
    closed_commitments: list[LLMClosure]
    questions: list[str]
    goal: str | None


SYSTEM_PROMPT = """You extract the state of a customer-service or agent conversation from ONE message.
Return only what this message states. Keep values exactly as written (numbers, units, currency, dates, Chinese text).
- entities: named things (products, people, places, orders, dates, amounts) with an upper-case label.
- facts: key-value pairs the speaker states as true (key: a short noun such as "budget" or "预算"); correction=true when the message changes a value already known (see current facts).
- retracted_facts: keys of current facts the speaker withdraws without a new value.
- constraints: rules the user sets for the rest of the conversation (must / must_not / prefer), in the user's words.
- lifted_constraints: ids of active constraints the message cancels.
- commitments: promises the assistant makes about a future action; due when a time is named.
- closed_commitments: ids of open commitments the message says were done or cancelled.
- questions: questions the assistant asks the user and waits for.
- goal: what the user wants from the whole conversation, if this message says it for the first time, else null.
Use empty lists and null when there is nothing."""


@dataclass
class ExtractionUsage:
    """Cost of LLM extraction so far: calls made, failures, tokens, and seconds waited.

    >>> u = ExtractionUsage()
    >>> u.add(prompt_tokens=120, completion_tokens=30, seconds=0.5)
    >>> u.calls, u.total_tokens
    (1, 150)
    """

    calls: int = 0
    failures: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0

    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens

    def add(self, prompt_tokens: int = 0, completion_tokens: int = 0, seconds: float = 0.0,
            failed: bool = False) -> None:
        self.calls += 1
        self.failures += failed
        self.prompt_tokens += prompt_tokens
        self.completion_tokens += completion_tokens
        self.seconds += seconds


# ---------------------------------------------------------------------- the extractor
class LLMExtractor:
    """Rules for structure and entities, a model for what a turn states (see module doc).

    Has the rule extractor's interface: ``__call__(message, index, G, lang)`` returns
    units and reads the graph only; ``query`` is the rules' (questions are read by rules).
    """

    def __init__(self, rules: RuleExtractor, client: Any, model: str, *, mode: str = "llm",
                 timeout: float = 30.0, max_tokens: int = 1000):
        if mode not in ("llm", "hybrid"):
            raise ConfigError(Errors.E063.format(extractor=mode))
        if client is None or not model:
            raise ConfigError(Errors.E064.format(extractor=mode))
        parse = getattr(getattr(getattr(client, "chat", None), "completions", None), "parse", None)
        if parse is None or inspect.iscoroutinefunction(parse):
            raise ConfigError(Errors.E065.format(kind=type(client).__name__))
        self.rules = rules
        self.client = client
        self.model = model
        self.mode = mode
        self.timeout = timeout
        self.max_tokens = max_tokens
        self.usage = ExtractionUsage()

    def query(self, text: str, G: nx.MultiDiGraph, lang: str = "auto"):
        return self.rules.query(text, G, lang)

    def __call__(self, message: Message, index: int, G: nx.MultiDiGraph, lang: str = "auto") -> list[_Unit]:
        units = self.rules(message, index, G, lang)
        if message.role not in ("user", "assistant") or not message.text.strip():
            return units
        if self.mode == "hybrid" and not self.uncertain(units):
            return units
        turn: TurnUnit = units[0]
        try:
            found = self._ask(message, G, turn.lang)
        except Exception as err:  # any failure of a remote model: the rules' reading stands
            reason = f"{type(err).__name__}: {str(err)[:200]}"
            warnings.warn(Errors.W001.format(index=index, reason=reason), ExtractionWarning, stacklevel=3)
            return [_noted(turn, f"llm extraction failed ({reason}); rules used"), *units[1:]]
        if self.mode == "llm":  # the model reads the content; promises expire by the rules' count all the same
            kept = [u for u in units[1:] if not isinstance(u, CONTENT_UNITS)
                    or isinstance(u, FulfilUnit) and u.status == "expired"]
        else:
            kept = list(units[1:])
        new = self.to_units(found, message, G, turn, kept)
        return [_noted(turn, f"extracted by {self.model}"), *kept, *new]

    @staticmethod
    def uncertain(units: list[_Unit]) -> bool:
        """Hybrid asks the model when the rules found nothing a turn states, read only part
        of it, or keyed a fact by a free phrase instead of a known slot."""
        turn = units[0]
        if any(n.startswith("only the first") for n in turn.notes):
            return True
        content = [u for u in units if isinstance(u, CONTENT_UNITS)]
        return not content or any(isinstance(u, FactUnit) and u.slot is None for u in content)

    # ------------------------------------------------------------------ the call
    def _ask(self, message: Message, G: nx.MultiDiGraph, lang: str) -> Extraction:
        started = time.perf_counter()
        completion = None
        try:
            completion = self.client.chat.completions.parse(
                model=self.model, messages=self.prompt(message, G, lang), response_format=Extraction,
                temperature=0, max_tokens=self.max_tokens, timeout=self.timeout,
            )
            choice = completion.choices[0].message
            if choice.parsed is None:
                raise ValueError(f"no parsed reply (refusal: {choice.refusal!r})")
            found = choice.parsed
        except Exception as err:
            completion = completion or getattr(err, "completion", None)
            self._count(completion, started, failed=True)
            raise
        self._count(completion, started)
        return found

    def _count(self, completion: Any, started: float, failed: bool = False) -> None:
        usage = getattr(completion, "usage", None)
        self.usage.add(prompt_tokens=getattr(usage, "prompt_tokens", 0) or 0,
                       completion_tokens=getattr(usage, "completion_tokens", 0) or 0,
                       seconds=time.perf_counter() - started, failed=failed)

    @staticmethod
    def prompt(message: Message, G: nx.MultiDiGraph, lang: str) -> list[dict[str, str]]:
        """The chat messages sent for one turn: instructions, what is known, the message."""
        known = {
            "current_facts": {d["name"]: d["value"] for _, d in g.recent_current_facts(G, CONTEXT_ITEMS)},
            "active_constraints": {cid: d["text"] for cid, d in g.open_items(G, "constraint")[-CONTEXT_ITEMS:]},
            "open_commitments": {pid: d["text"] for pid, d in g.open_items(G, "commitment")[-CONTEXT_ITEMS:]},
        }
        body = {"language": lang, "speaker": message.role, "known": known, "message": message.text}
        return [{"role": "system", "content": SYSTEM_PROMPT},
                {"role": "user", "content": json.dumps(body, ensure_ascii=False)}]

    # ------------------------------------------------------------------ to units
    def to_units(self, found: Extraction, message: Message, G: nx.MultiDiGraph, turn: TurnUnit,
                 kept: list[_Unit]) -> list[_Unit]:
        """Units from the model's reply; ids checked against the graph, keys mapped to slots,
        duplicates of what ``kept`` already says dropped."""
        pack = self.rules.packs[turn.lang]
        text, role = message.text, message.role
        units: list[_Unit] = []
        known_entities = {u.key for u in kept if isinstance(u, EntityUnit)}
        by_text = {u.text.casefold(): u.key for u in kept if isinstance(u, EntityUnit)}
        for e in found.entities:
            surface = e.text.strip()
            label = e.label.strip().upper() or "THING"
            key = pack.entity_key(label, surface)
            if not surface or key in known_entities or surface.casefold() in by_text:
                continue
            start = max(text.find(surface), 0)
            units.append(EntityUnit(key=key, text=surface, label=label, start=start,
                                    end=start + len(surface) if surface in text else 0, kind=pack.label_kind(label)))
            known_entities.add(key)
            by_text[surface.casefold()] = key
        stated = {(u.key, u.value) for u in kept if isinstance(u, FactUnit)}
        for f in found.facts:
            if not f.key.strip() or not f.value.strip():
                continue
            key, name, slot, group = self._slot(f.key.strip(), pack, turn.domain)
            if (key, f.value.strip()) in stated:
                continue
            subject = by_text.get((f.subject or "").strip().casefold())
            units.append(FactUnit(key=key, name=name, value=f.value.strip(), subject=subject,
                                  correction=f.correction, slot=slot, group=group))
            stated.add((key, f.value.strip()))
        for k in found.retracted_facts:
            key = self._slot(k.strip(), pack, turn.domain)[0]
            units += [RetractUnit(fact=fid) for fid in g.current_with_key(G, key)]
        active = dict(g.open_items(G, "constraint"))
        said = {d["text"] for d in active.values()} | {u.text for u in kept if isinstance(u, ConstraintUnit)}
        if role in ("user", "system"):
            units += [ConstraintUnit(text=c.text.strip(), polarity=c.polarity)
                      for c in found.constraints if c.text.strip() and c.text.strip() not in said]
        units += [LiftUnit(constraint=cid) for cid in dict.fromkeys(found.lifted_constraints) if cid in active]
        open_ = dict(g.open_items(G, "commitment"))
        if role == "assistant":
            units += [CommitmentUnit(text=c.text.strip(), due=c.due) for c in found.commitments if c.text.strip()]
            units += [QuestionUnit(text=q.strip()) for q in found.questions if q.strip()]
        closed = {u.commitment for u in kept if isinstance(u, FulfilUnit)}
        units += [FulfilUnit(commitment=c.id, status=c.status) for c in found.closed_commitments
                  if c.id in open_ and c.id not in closed]
        if role == "user" and found.goal and found.goal.strip() and G.graph["goal"] is None \
                and not any(isinstance(u, GoalUnit) for u in kept):
            units.append(GoalUnit(text=found.goal.strip()[:80]))
        return units

    @staticmethod
    def _slot(key: str, pack, domain: str | None) -> tuple[str, str, str | None, str | None]:
        """(key, name, slot, group): a key the rules know as a slot word takes that slot."""
        slot_id = pack.synonym_slot.get(key.casefold()) or (key if key in pack.slots else None)
        if slot_id is None:
            return key.casefold(), key, None, None
        slot = pack.slots[slot_id]
        k, name, group = pack.scoped(slot, domain)
        return k, name, slot.id, group


def _noted(turn: TurnUnit, note: str) -> TurnUnit:
    return turn.model_copy(update={"notes": [*turn.notes, note]})


__all__ = ["EXTRACTORS", "Extraction", "ExtractionUsage", "LLMExtractor"]
