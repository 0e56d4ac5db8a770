"""A rule pack compiled for one language: regexes built once, lookups ready.

>>> pack = compiled_packs((), (), packs=("booking",))["zh"]
>>> pack.label_kind("VENUE"), pack.label_kind("MONEY"), pack.label_kind("ORDER_ID")
('thing', 'value', 'id')
>>> pack.entity_key("PRODUCT", "MacBook Air M3") == pack.entity_key("PRODUCT", "macbook air m3")
True
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable

from .._errors import Errors, RulesError
from .._phrases import PhraseMatcher
from .._rules import RulePack, SlotRule, load_pack
from ..lang import available_langs, get_profile
from .wordrx import word_regex


def entity_key(label: str, text: str, kind: str = "other") -> str:
    """The merge key of a mention: same key, same entity node. Things and ids merge by
    their text alone; values by label and text ("MONEY:5000元").

    >>> entity_key("PRODUCT", "MacBook Air M3", "thing")
    'macbookairm3'
    >>> entity_key("MONEY", "5000 元")
    'MONEY:5000元'
    """
    core = re.sub(r"[\s\-_·]+", "", text.casefold()).lstrip("#")
    return core if kind in ("thing", "id") else f"{label}:{core}"


def _alternation(words: Iterable[str], flags: int) -> re.Pattern | None:
    """One regex for a list of words, longest first; a word that starts or ends with a latin
    letter matches only whole there, or with a plural s ("plan" is in "plans", not in
    "planned"; "PAC" not in "package").

    >>> _alternation(["plan", "套餐"], 0).findall("planned two plans and a plan for 套餐A")
    ['plan', 'plan', '套餐']
    """
    return word_regex(words, flags, _word_head, _word_tail)  # built as a trie: the same matches


def _word_head(w: str) -> str:
    return r"(?<![A-Za-z])" if w[:1].isascii() and w[:1].isalpha() else ""


def _word_tail(w: str) -> str:
    return r"(?=(?:e?s)?(?![A-Za-z]))" if w[-1:].isascii() and w[-1:].isalpha() else ""


class CompiledPack:
    """A :class:`~ctxgraph._rules.RulePack` with its regexes compiled once."""

    def __init__(self, pack: RulePack, catalog_names: Iterable[tuple[str, str]] = (),
                 catalog_attributes: Iterable[tuple[str, str, bool]] = ()):
        self.profile = get_profile(pack.lang)
        flags = self.profile.regex_flags
        c = lambda pats: [re.compile(p, flags) for p in pats]  # noqa: E731
        self.lang = pack.lang
        self.labels = dict(pack.labels)
        self.label_groups = {label: group for group, labels in pack.label_groups.items() for label in labels}
        self.templates = {**self.profile.templates, **pack.render_labels}
        self.slots = {s.id: s for s in pack.slots}
        self._compile_entities(pack, catalog_names, catalog_attributes)
        self.not_entities = {w.casefold() for w in pack.not_entities}
        syn = {s: slot.id for slot in pack.slots for s in slot.synonyms}
        self.synonym_rx = _alternation(syn, flags)
        self.synonym_slot = {k.casefold(): v for k, v in syn.items()}
        self.intents = [(i.name, c(i.cues)) for i in pack.intents]
        self.constraints = [(r.polarity, c(r.cues)) for r in pack.constraints]
        self.lifts, self.make, self.done, self.cancel = c(pack.lifts), c(pack.make), c(pack.done), c(pack.cancel)
        self.deeds, self.choices, self.asks_detail = c(pack.deeds), c(pack.choices), c(pack.asks_detail)
        self.joins, self.checks, self.asks_input = c(pack.joins), c(pack.checks), c(pack.asks_input)
        self.offer_tails, self.offer_cues, self.waits_for = c(pack.offer_tails), c(pack.offer_cues), c(pack.waits_for)
        self.declines, self.reversals = c(pack.declines), c(pack.reversals)
        self.same_deed = [frozenset(w.casefold() for w in group) for group in pack.same_deed]
        self.deed_words = frozenset().union(*self.same_deed)  # every word of them, for the promise readers
        self.corrections, self.retractions = c(pack.corrections), c(pack.retractions)
        self.pronouns = c(pack.pronouns)
        self.nouns = {k.casefold(): v for k, v in pack.nouns.items()}
        self.selections, self.goals = c(pack.selections), c(pack.goals)
        self.questions, self.stress = c(pack.questions), c(pack.stress)
        self.domain_names = {d.id: d.name for d in pack.domains}
        self.domain_of = {cue.casefold(): d.id for d in pack.domains for cue in d.cues}
        self.domain_rx = _alternation(self.domain_of, flags)
        for slot in pack.slots:
            if unknown := [d for d in slot.domains if d not in self.domain_names]:
                raise RulesError(Errors.E306.format(slot=slot.id, lang=pack.lang, unknown=", ".join(map(repr, unknown)),
                                                    known=", ".join(self.domain_names) or "none"))
        self._compile_fact_patterns(pack, flags)
        self.accepts, self.rejects, self.goal_changes = c(pack.accepts), c(pack.rejects), c(pack.goal_changes)
        self.ordinals = {k.casefold(): v for k, v in pack.ordinals.items()}
        self.answer_fillers = c(pack.answer_fillers)
        self.assistant_own = frozenset(pack.assistant_own)
        self.ordinal_rx = _alternation(pack.ordinals, flags)
        self.question_words = c(pack.question_words)
        self.history_words = c(pack.history_words)
        self.name_suffixes = tuple(sorted(pack.name_suffixes, key=len, reverse=True))
        self.name_lead = re.compile("|".join(pack.name_lead)) if pack.name_lead else None
        self.name_stop = set(pack.name_stop)
        self.branch_suffix = pack.branch_suffix
        self.label_slots = {label: slot for label, slot in pack.label_slots.items() if slot in self.slots}
        self.offer_slots = {label: slot for label, slot in pack.offer_slots.items() if slot in self.slots}
        self.tool_field_rx = re.compile(
            rf"(?:^|_|\b)({'|'.join(map(re.escape, pack.tool_fields))})(?:_|\b|$)", re.I) if pack.tool_fields else None
        self.disabled_steps = set(pack.disable.get("steps", ()))
        self._compile_roles(pack, flags)


    def position(self, clause: str, size: int) -> tuple[int | None, str]:
        """The place in a list of ``size`` options that ``clause`` points at by the pack's ordinals ("the
        second one", 第二个, "the last one" counts from the end; (miss30en) 0, "the middle one", 中间那个, is the middle of a
        list of an odd size) and the words it points with; (None, words) past the list's end or with no middle, (None, "")
        with no ordinal. The one reading of a position for every pick step."""
        m = self.ordinal_rx.search(clause) if self.ordinal_rx is not None else None
        if m is None:
            return None, ""
        n = self.ordinals[m.group(0).casefold()]
        if n == 0:
            return (size // 2 if size % 2 else None), m.group(0)
        index = n - 1 if n > 0 else size + n
        return (index if 0 <= index < size else None), m.group(0)

    def _compile_roles(self, pack: RulePack, flags: int) -> None:
        """Role rules with their cues compiled: a ``before`` cue must end where the value
        starts, an ``after`` cue start where it ends (spaces and a colon between allowed)."""
        for slot in [r.slot for r in pack.roles] + list(pack.type_roles.values()):
            if slot not in self.slots:
                raise RulesError(Errors.E072.format(slot=slot, lang=pack.lang, known=", ".join(sorted(self.slots))))

        def joined(patterns: list[str], template: str) -> re.Pattern | None:
            return re.compile(template % "|".join(f"(?:{p})" for p in patterns), flags) if patterns else None

        # a role's cues also read a slot a domain pack scopes per domain ("departs leicester":
        # the train's origin); only a type alone never fills a scoped slot
        self.roles = [(r.slot, frozenset(r.labels), joined(r.before, r"(?:%s)[\s:：,，]*$"),
                       joined(r.after, r"^[\s:：]*(?:%s)"), joined(r.asked, "%s"),
                       re.compile(r.value, flags) if r.value else None) for r in pack.roles]
        self.reference_roles = frozenset(r.slot for r in pack.roles if r.reference)
        self.type_roles = {label: slot for label, slot in pack.type_roles.items() if not self.slots[slot].scoped}
        self.vague_values = [re.compile(p, flags) for p in pack.vague_values]
        self.value_tagger = pack.value_tagger
        self.service_questions = [re.compile(p, flags) for p in pack.service_questions]
        self.proposals = [re.compile(p, flags) for p in pack.proposals]
        self.same_as = [re.compile(p, flags) for p in pack.same_as]
        self.kind_refs = [re.compile(p, flags) for p in pack.kind_refs]
        self.pair_refs = [re.compile(p, flags) for p in pack.pair_refs]
        self.booked_refs = [re.compile(p, flags) for p in pack.booked_refs]
        for rx in self.booked_refs:
            unknown = [name for name in rx.groupindex if name not in self.slots or not self.slots[name].scoped]
            if unknown or not rx.groupindex:
                raise RulesError(Errors.E316.format(pattern=rx.pattern, groups=", ".join(unknown) or "none", lang=pack.lang,
                                                    known=", ".join(sorted(s for s in self.slots if self.slots[s].scoped))))
        for rx in self.kind_refs:
            unknown = [name for name in rx.groupindex if name not in self.slots]
            if unknown:
                raise RulesError(Errors.E307.format(pattern=rx.pattern, groups=", ".join(unknown), lang=pack.lang,
                                                    known=", ".join(sorted(self.slots))))
        self.confirms = [re.compile(p, flags) for p in pack.confirms]
        self.inquiries = [re.compile(p, flags) for p in pack.inquiries]
        self.alternatives = [re.compile(p, flags) for p in pack.alternatives]
        self.self_corrections = [re.compile(p, flags) for p in pack.self_corrections]
        self.take_backs = [re.compile(p, flags) for p in pack.take_backs]
        self.amount_changes = [re.compile(p, flags) for p in pack.amount_changes]
        self.problems = [re.compile(p, flags) for p in pack.problems]
        self.wants = [re.compile(p, flags) for p in pack.wants]
        self.parties = [re.compile(p, flags) for p in pack.parties]
        self.unmet = [re.compile(p, flags) for p in pack.unmet]
        self.none_found = [re.compile(p, flags) for p in pack.none_found]
        self.searches = [re.compile(p, flags) for p in pack.searches]
        self.change_acts = [re.compile(p, flags) for p in pack.change_acts]
        self.relations = [re.compile(p, flags) for p in pack.relations]
        self.change_marks = [re.compile(p, flags) for p in pack.change_marks]
        # an id's word and its shape, matched up to the end of a mention: "(?:refund|label) (?:id )?[A-Z]+-\d+"
        self.id_shape = re.compile("(?:%s)$" % "|".join(f"(?:{p})" for p in pack.id_shapes), flags) if pack.id_shapes else None

    def _compile_entities(self, pack: RulePack, catalog_names, catalog_attributes) -> None:
        # catalogue fields become slots of their own unless a slot already names them
        syn_of = {w.casefold(): sl.id for sl in pack.slots for w in (sl.id, sl.name, *sl.synonyms)}
        attribute_phrases: dict[str, tuple[str, str | None]] = {}
        for value, field_name, multi in catalog_attributes:
            slot_id = syn_of.get(field_name.casefold())
            if slot_id is None:
                slot_id = field_name
                if slot_id not in self.slots:
                    self.slots[slot_id] = SlotRule(id=slot_id, name=field_name, types=[field_name], multi=multi)
            attribute_phrases.setdefault(value, (field_name, slot_id))
        self.slot_by_name = {s.name: s for s in pack.slots} | {s.id: s for s in pack.slots}
        self.entity_rules = []
        phrases: dict[str, tuple[str, str | None]] = {}
        for rule in pack.entities:
            slot = self.slot_by_name.get(rule.slot).id if rule.slot in self.slot_by_name else None
            if rule.pattern:
                self.entity_rules.append((re.compile(rule.pattern), rule.label, slot))
            for phrase in rule.phrases:
                phrases[phrase] = (rule.label, slot)
        for name, label in catalog_names:
            phrases.setdefault(name, (label, None))
        for value, label_slot in attribute_phrases.items():
            phrases.setdefault(value, label_slot)
        self.phrases = PhraseMatcher(phrases)

    def _compile_fact_patterns(self, pack: RulePack, flags: int) -> None:
        # (regex, slot, fixed value, domains it applies in, the one speaker it applies to or None)
        self.fact_patterns: list[tuple[re.Pattern, str | None, str | None, frozenset[str], str | None]] = []
        for fp in pack.fact_patterns:
            source, slot, value, domains, said_by = (fp, None, None, frozenset(), None) if isinstance(fp, str) else (
                fp.pattern, fp.slot, fp.value, frozenset(fp.domains), fp.said_by)
            rx = re.compile(source, flags)
            unknown = [name for name in ([slot] if slot else rx.groupindex) if name not in self.slots]
            if unknown:
                raise RulesError(Errors.E014.format(pattern=source, groups=", ".join(unknown), lang=pack.lang))
            self.fact_patterns.append((rx, slot, value, domains, said_by))

    # ------------------------------------------------------------------ labels
    def label_kind(self, label: str) -> str:
        """"thing", "value" or "id", as the packs declare; "other" for a label no pack
        declares (a catalogue field, a pipeline label such as NORP)."""
        return self.labels.get(label, "other")

    def is_thing(self, label: str) -> bool:
        return self.labels.get(label) == "thing"

    def is_value(self, label: str) -> bool:
        return self.labels.get(label) == "value"

    def entity_key(self, label: str, text: str) -> str:
        return entity_key(label, text, self.label_kind(label))

    def compatible(self, hint: str, label: str) -> bool:
        """Whether a reference that names a ``hint`` type ("那家酒店" -> VENUE) can mean an
        entity of ``label``: the same label or the same ``label_groups`` group."""
        group = self.label_groups.get(hint)
        return hint == label or (group is not None and self.label_groups.get(label) == group)

    def scoped(self, slot: SlotRule, domain: str | None) -> tuple[str, str, str | None]:
        """(key, name, group) of a fact of ``slot``: per domain when the slot is scoped and a
        domain is known ("hotel.area", "hotel area", "hotel")."""
        if not slot.scoped or not domain or domain not in self.domain_names:
            return slot.id, slot.name, None
        group = self.domain_names[domain]
        return f"{domain}.{slot.id}", f"{group}{self.profile.word_sep}{slot.name}", group


@lru_cache(maxsize=16)
def compiled_packs(rules: tuple[str, ...], catalog: tuple[tuple[str, str], ...],
                   attributes: tuple[tuple[str, str, bool], ...] = (), *,
                   packs: tuple[str, ...] = ()) -> dict[str, CompiledPack]:
    """The packs of every registered language for these rule folders, domain packs and
    catalogue, built once per process (loading and compiling is the slow part of creating
    a Tracker)."""
    return {lang: CompiledPack(load_pack(list(rules), lang, packs=list(packs)), catalog, attributes)
            for lang in available_langs()}
