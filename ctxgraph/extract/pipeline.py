"""The rule extractor: runs the registered steps over one message, reads a question.

>>> from ctxgraph._graph import new_graph
>>> ex = RuleExtractor()
>>> units = ex(Message(role="user", text="预算5000元，不要用顺丰以外的快递"), 0, new_graph())
>>> [(u.type, u.value if u.type == "fact" else u.text) for u in units if u.type in ("fact", "constraint")]
[('fact', '5000元'), ('constraint', '不要用顺丰以外的快递')]
"""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Iterable

import networkx as nx

from .. import _graph as g
from .._errors import ConfigError, Errors
from .._nlp import DEFAULT_EN_MODELS, ner_when
from .._select import Query
from .._units import ConstraintUnit, FactUnit, _Unit
from ..lang import detect_lang
from . import access, additions, asked, attributes, barepicks, booked, changes, choose, conditions, contacts, counts, cues, dates, dayparts, deadlines, domains, dropped, dwellings, echoed, entities, events, facts, follow, forgone, granted, headcounts, kin, learned, learned_promises, learned_values, means, measures, movetaken, miswritten, named_roles, occasions, offers, often, onepicks, sums, partkept, otheraddress, overtaken, partmoved, pastdays, picks, postal, problems, promises, quotes, readback, rebooked, recoded, recounts, references, relations, reported, reranged, roles, sayings, searches, settle, slips, slotpicks, swaps, tallies, tools, unmet, unneeded, verify, verify_promises, waived, wants, samebreath  # noqa: F401  (they register their steps)
from .compiled import CompiledPack, compiled_packs
from .context import Message, MessageContext, extract_window
from .entities import find_entities
from .references import find_references
from .registry import DEFAULT_STEPS, STEPS
from .text import first_match


def scope_stress(ctx: MessageContext) -> list[_Unit]:
    """The units of ``ctx``, stressed only where the stress was said: a fact or rule outside
    the sentences holding the stress cue ("Please remember, no nuts. I like blue": blue) is
    not stressed (a stressed fact is pinned, issue 21). The steps mark what the message
    stresses; this pass narrows it to the sentence, in every language.

    >>> from ctxgraph._graph import new_graph
    >>> units = RuleExtractor()(Message(role="user", text="预算5000元。请记住，不要用顺丰。"), 0, new_graph())
    >>> [(u.type, u.stressed) for u in units if u.type in ("fact", "constraint")]
    [('fact', False), ('constraint', True)]
    """
    if not ctx.stressed:
        return ctx.units
    out = []
    for u in ctx.units:
        if isinstance(u, (FactUnit, ConstraintUnit)) and u.stressed:
            u = u if ctx.stressed_at(u.value if isinstance(u, FactUnit) else u.text) else u.model_copy(update={"stressed": False})
        out.append(u)
    return out


class RuleExtractor:
    """The default extractor: spaCy pipelines plus the rule packs, no LLM.

    ``rules`` are extra rule folders (a user's own packs), ``packs`` names of shipped
    domain packs ("booking"), ``catalog`` (name, label) pairs that become entity patterns,
    ``today`` resolves relative dates ("下周三", "tomorrow"), ``steps`` the step names to
    run, in order (default :data:`~ctxgraph.extract.DEFAULT_STEPS`). ``en_ner``: when the
    trained English pipeline's NER reads a message, "gated", "names" or "always" (see
    :class:`~ctxgraph.Tracker`).
    """

    def __init__(
        self,
        rules: Iterable[Path | str] = (),
        *,
        packs: Iterable[str] = (),
        catalog: Iterable[tuple[str, str]] = (),
        catalog_attributes: Iterable[tuple[str, str, bool]] = (),
        en_models: tuple[str, ...] = DEFAULT_EN_MODELS,
        en_ner: str = "gated",
        today: datetime.date | None = None,
        steps: Iterable[str] = DEFAULT_STEPS,
    ):
        catalog = tuple(tuple(pair) for pair in catalog)
        attributes = tuple((str(v), str(f), bool(m)) for v, f, m in catalog_attributes)
        self.packs: dict[str, CompiledPack] = compiled_packs(
            tuple(str(r) for r in rules), catalog, attributes, packs=tuple(packs))
        self.en_models = tuple(en_models)
        self.en_ner = en_ner
        self.today = today
        self.steps = list(steps)
        unknown = [name for name in self.steps if name not in STEPS]
        if unknown:
            raise ConfigError(Errors.E016.format(steps=", ".join(unknown), known=", ".join(STEPS)))

    def __call__(self, message: Message, index: int, G: nx.MultiDiGraph, lang: str = "auto") -> list[_Unit]:
        """The units of one message. ``G`` is only read (through a read-only view)."""
        lang = detect_lang(message.text) if lang == "auto" else lang
        pack = self.packs[lang]
        ctx = MessageContext(message=message, index=index, graph=G.copy(as_view=True), pack=pack,
                             en_models=self.en_models, en_ner=self.en_ner, today=self.today)
        has_text = bool(ctx.text.strip())
        for name in self.steps:
            step = STEPS[name]
            if message.role not in step.roles or name in pack.disabled_steps or (step.needs_text and not has_text):
                continue
            made = step.func(ctx)
            ctx.units += made
            ctx.record_origins(name)
        return scope_stress(ctx)

    def query(self, text: str, G: nx.MultiDiGraph, lang: str = "auto") -> Query:
        """What a question names: slots (by their words), entities (by name or by
        reference, "那款 / the one I picked"), and its content words. Reads only."""
        lang = detect_lang(text) if lang == "auto" else lang
        pack = self.packs[lang]
        text = extract_window(text)
        q = Query(terms=g.index_terms(text), history=bool(first_match(pack.history_words, text)))
        if pack.synonym_rx:
            q.slots = {pack.synonym_slot[m.group(0).casefold()] for m in pack.synonym_rx.finditer(text)}
        mentions = find_entities(text, pack, self.en_models, self.today, ner=ner_when(self.en_ner, "user"))
        index = G.graph["entity_by_key"]
        q.entities = {index[m.key] for m in mentions if m.key in index}
        for ref in find_references(text, mentions, pack, G):
            q.entities.add(index[ref.entity])
        for fid in g.nodes_with_terms(G, q.terms):  # a value the question repeats names its fact
            d = G.nodes[fid]
            if d["kind"] == "fact" and d["status"] == "current" and len(d["value"]) > 1 \
                    and d["value"].casefold() in text.casefold():
                q.slots.add(d["slot"])
        return q
