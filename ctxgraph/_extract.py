"""Rule extraction: one message plus a read-only look at the graph -> typed units.

:class:`RuleExtractor` is pure: it never changes the graph it is given. Its steps
follow spaCy's find-then-apply split — each ``find_*`` function reads the text
(and the graph) and returns units; :func:`ctxgraph._graph.apply` applies them.

Steps, in order: entities, facts (with corrections and retractions), intent,
constraints (and lifts), commitments (and their fulfilment), questions and
answers, goal, selection, references, tools.

>>> from ctxgraph._graph import new_graph
>>> ex = RuleExtractor()
>>> units = ex(Message(role="user", text="预算5000元，不要用顺丰以外的快递"), 0, new_graph())
>>> [(u.type, u.value if u.type == "fact" else u.text) for u in units if u.type in ("fact", "constraint")]
[('fact', '5000元'), ('constraint', '不要用顺丰以外的快递')]
"""

from __future__ import annotations

import datetime
import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

import networkx as nx

from . import _graph as g
from ._errors import Errors, RulesError
from ._nlp import DEFAULT_EN_MODELS, EN_LABELS, chinese_doc, detect_lang, english_doc
from ._normalize import normalize
from ._phrases import PhraseMatcher
from ._rules import RulePack, SlotRule, load_pack

if TYPE_CHECKING:
    from ._select import Query
from ._units import (
    ActionResultUnit,
    ActionUnit,
    AnswerUnit,
    CommitmentUnit,
    ConstraintUnit,
    EntityUnit,
    FactUnit,
    FulfilUnit,
    GoalUnit,
    LiftUnit,
    QuestionUnit,
    ReferenceUnit,
    RetractUnit,
    SelectUnit,
    TurnUnit,
    _Unit,
)

#: A domain stays the topic for this many turns after it was last named.
DOMAIN_SPAN = 8
#: Text beyond this many characters is kept in the turn but not run through the rules.
MAX_EXTRACT_CHARS = 20_000
#: Labels of values (they fill slots) as opposed to things (they can be referred to).
VALUE_LABELS = {"MONEY", "DATE", "TIME", "QUANTITY", "CARDINAL", "NUMBER", "PHONE", "EMAIL", "ADDRESS", "PERCENT", "ORDINAL",
                # the booking pack's value types: a slot that takes these takes no free text
                "AREA", "PRICE_LEVEL", "CUISINE", "VENUE_TYPE", "DAY", "RATING", "STYLE", "DURATION"}
THING_LABELS = {"PRODUCT", "ORG", "PERSON", "PLACE", "VENUE", "GPE", "LOC", "FAC", "MISC", "EVENT", "WORK_OF_ART"}
#: Identifiers: merged by their text like things, but never "that one" nor in focus.
ID_LABELS = {"ORDER_ID", "TRACKING_ID"}
_CLAUSE_SPLIT = re.compile(r"[。！？!?；;\n]+|\.(?:\s+|$)|(?<=[，,])\s*(?=(?:but|and|但|不过|另外|还有|其他|其它))|[，](?=\S)|,\s+(?=(?i:and|but|so|please|also|the|my|i|we|it)\b)")
_STOP_EN = set("a an the to of for and or in on at by with my your our it this that is are be will i you we me us please can could would should just".split())
_KEY_FIELD = re.compile(r"(?:^|_|\b)(id|no|number|status|state|amount|price|total|cost|date|time|eta|at|tracking|order|error|message|code|result|refund|ticket)(?:_|\b|$)", re.I)


_QUESTION_SENTENCE = re.compile(r"(?:[^。！？!?\n.]|\.(?!\s))*[？?]")


def question_spans(text: str, pack: "CompiledPack") -> list[tuple[int, int]]:
    """Spans of the clauses that ask rather than state: the clause a question mark closes,
    and any clause of a question sentence holding a question word ("多少", "which").

    "我预算5000元，有推荐吗？" asks only in its last clause.
    """
    spans = []
    for sm in _QUESTION_SENTENCE.finditer(text):
        sentence = sm.group(0)
        parts = [(sm.start() + m.start(), m.group(0)) for m in re.finditer(r"[^,，;；]+", sentence)]
        for n, (start, clause) in enumerate(parts):
            if n == len(parts) - 1 or _any(pack.question_words, clause.strip()):
                spans.append((start, start + len(clause)))
    return spans


def _mask(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with the spans blanked out, offsets kept."""
    chars = list(text)
    for s, e in spans:
        chars[s:e] = " " * (e - s)
    return "".join(chars)


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
    start: int
    end: int
    label: str
    text: str
    key: str
    value: Any = None
    slot: str | None = None  # slot id a bare value of this entity fills


def entity_key(label: str, text: str) -> str:
    """The merge key of a mention: same key, same entity node.

    >>> entity_key("PRODUCT", "MacBook Air M3") == entity_key("PRODUCT", "macbook air m3")
    True
    """
    core = re.sub(r"[\s\-_·]+", "", text.casefold()).lstrip("#")
    return core if label in THING_LABELS | ID_LABELS else f"{label}:{core}"


class CompiledPack:
    """A :class:`RulePack` with its regexes compiled once."""

    def __init__(self, pack: RulePack, catalog_names: Iterable[tuple[str, str]] = (),
                 catalog_attributes: Iterable[tuple[str, str, bool]] = ()):
        flags = re.IGNORECASE if pack.lang == "en" else 0
        c = lambda pats: [re.compile(p, flags) for p in pats]  # noqa: E731
        self.lang = pack.lang
        self.slots = {s.id: s for s in pack.slots}
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
        self.not_entities = {w.casefold() for w in pack.not_entities}
        syn = {s: slot.id for slot in pack.slots for s in slot.synonyms}
        self.synonym_rx = (
            re.compile("|".join(re.escape(s) for s in sorted(syn, key=len, reverse=True)), flags) if syn else None
        )
        self.synonym_slot = {k.casefold(): v for k, v in syn.items()}
        self.intents = [(i.name, c(i.cues)) for i in pack.intents]
        self.constraints = [(r.polarity, c(r.cues)) for r in pack.constraints]
        self.lifts, self.make, self.done, self.cancel = c(pack.lifts), c(pack.make), c(pack.done), c(pack.cancel)
        self.corrections, self.retractions = c(pack.corrections), c(pack.retractions)
        self.pronouns = c(pack.pronouns)
        self.nouns = {k.casefold(): v for k, v in pack.nouns.items()}
        self.selections, self.goals = c(pack.selections), c(pack.goals)
        self.questions, self.stress = c(pack.questions), c(pack.stress)
        self.domain_names = {d.id: d.name for d in pack.domains}
        self.domain_of = {cue.casefold(): d.id for d in pack.domains for cue in d.cues}
        self.domain_rx = (
            re.compile("|".join(re.escape(k) for k in sorted(self.domain_of, key=len, reverse=True)), flags)
            if self.domain_of else None
        )
        # (regex, slot, fixed value, domains it applies in)
        self.fact_patterns: list[tuple[re.Pattern, str | None, str | None, frozenset[str]]] = []
        for fp in pack.fact_patterns:
            source, slot, value, domains = (fp, None, None, frozenset()) if isinstance(fp, str) else (
                fp.pattern, fp.slot, fp.value, frozenset(fp.domains))
            rx = re.compile(source, flags)
            unknown = [name for name in ([slot] if slot else rx.groupindex) if name not in self.slots]
            if unknown:
                raise RulesError(Errors.E014.format(pattern=source, groups=", ".join(unknown), lang=pack.lang))
            self.fact_patterns.append((rx, slot, value, domains))
        self.question_words = c(pack.question_words)
        self.history_words = c(pack.history_words)
        self.name_suffixes = tuple(sorted(pack.name_suffixes, key=len, reverse=True))
        self.label_slots = {label: slot for label, slot in pack.label_slots.items() if slot in self.slots}

    def scoped(self, slot: SlotRule, domain: str | None) -> tuple[str, str, str | None]:
        """(key, name, group) of a fact of ``slot``: per domain when the slot is scoped and a
        domain is known ("hotel.area", "hotel area", "hotel")."""
        if not slot.scoped or not domain or domain not in self.domain_names:
            return slot.id, slot.name, None
        sep = "" if self.lang == "zh" else " "
        group = self.domain_names[domain]
        return f"{domain}.{slot.id}", f"{group}{sep}{slot.name}", group


@lru_cache(maxsize=16)
def compiled_packs(rules: tuple[str, ...], catalog: tuple[tuple[str, str], ...],
                   attributes: tuple[tuple[str, str, bool], ...] = ()) -> dict[str, CompiledPack]:
    """The zh and en packs for these rule folders and catalogue, built once per process
    (loading and compiling is the slow part of creating a Tracker)."""
    return {lang: CompiledPack(load_pack(list(rules), lang), catalog, attributes) for lang in ("zh", "en")}


_NAME_TAGS = ("n", "nr", "ns", "nt", "nz", "nrt", "nrfg", "eng", "j", "m", "x", "ng", "s")
_MOTION = {"去", "到", "来", "回", "在", "住", "找", "要", "选", "订", "吃", "玩", "逛", "是", "有", "叫"}  # verbs before a name, not in it
_NAME_LEAD = re.compile(r"推荐|建议|选择|预订|预定|入住|前往")  # verbs that stand before a name, never start one
_COUNTING = re.compile(r"[一二两三四五六七八九十几这那每某哪][家个座间位处]")  # "一家餐馆" is no name


def suffix_names(doc, suffixes: tuple[str, ...]) -> list[tuple[int, int]]:
    """Character spans of place names in a jieba-segmented Doc: a run of name-like words
    ending in a suffix ("北京" "云天" "酒店"; the suffix may span words: "798" "艺术" "区"),
    or standing before a bracketed branch ("外婆家(北京apm店)"), with that branch.

    >>> from ctxgraph._nlp import chinese_doc
    >>> d = chinese_doc("给你推荐北京云天酒店吧，或者外婆家(北京apm店)")
    >>> [d.text[s:e] for s, e in suffix_names(d, ("酒店",))]
    ['北京云天酒店', '外婆家(北京apm店)']
    """
    spans = []
    tokens = list(doc)
    text = doc.text

    def name_like(k: int) -> bool:
        t = tokens[k]
        return (t.tag_.startswith(_NAME_TAGS) or t.tag_ == "a" and len(t) == 1) \
            and not _COUNTING.match(t.text) and not t.text.endswith("型") \
            and not t.is_punct and not t.is_space and t.text not in "，。！？、,.!?()（）"

    def branch_after(k: int) -> int | None:
        """End of a bracketed branch "(…店)" starting at token k, if there is one."""
        if k < len(tokens) and tokens[k].text in "(（":
            close = next((m for m in range(k + 1, min(k + 8, len(tokens))) if tokens[m].text in ")）"), None)
            if close is not None and tokens[close - 1].text.endswith("店"):
                return tokens[close].idx + 1
        return None

    for i, tok in enumerate(tokens):
        end_at = tok.idx + len(tok.text)  # str.endswith with bounds: no copy of the text per token
        suffix = next((sfx for sfx in suffixes if text.endswith(sfx, 0, end_at)), None)
        branch = branch_after(i + 1)
        if suffix is None and (branch is None or not name_like(i)):
            continue
        j = i
        while j > 0 and (name_like(j - 1) or  # "北京空港远航国际酒店": a verb between two name words
                         j > 1 and (j < i or suffix is None) and tokens[j - 1].tag_ == "v"
                         and tokens[j - 1].text not in _MOTION and name_like(j - 2)):
            j -= 1
        start, end = tokens[j].idx, tok.idx + len(tok.text)
        lead = _NAME_LEAD.match(text, start, end)  # "推荐人定湖公园": jieba glued the verb to the name
        if lead and end - lead.end() >= 3:
            start = lead.end()
        while j < i and tokens[j].text in suffixes and tokens[j].idx == start:  # "酒店北京京仪大酒店"
            j += 1
            start = tokens[j].idx
        if end - start < 2 or suffix is not None and branch is None and end - start <= len(suffix):
            continue  # a bare "酒店" is no name
        spans.append((start, branch or end))
    return spans


_LIST_SEP = re.compile(r"\s*(?:、|以及|及|和|与|,|，|/)\s*")  # "fish and chips" is one dish: no "and"
_LIST_LEAD = re.compile(r"^(?:提供|还有|有|能做|会做|some|the)\s*", re.I)


def list_value(text: str) -> str:
    """A list as a multi-valued slot keeps it: items separated by one space.

    >>> list_value("中式餐厅、提供早餐服务")
    '中式餐厅 早餐服务'
    >>> list_value("fish and chips, some mushy peas")
    'fish and chips mushy peas'
    """
    items = [_LIST_LEAD.sub("", item).strip() for item in _LIST_SEP.split(text)]
    return " ".join(dict.fromkeys(i for i in items if i))


def asking_clause(sentence: str) -> str:
    """The clause of a question sentence that asks: "好的，已记录，你看行吗？" -> "你看行吗？"."""
    return re.split(r"[，,；;]", sentence)[-1].strip() or sentence


def _in_brackets(before: str) -> bool:
    """Whether text ending with ``before`` is inside an unclosed bracket."""
    return before.count("(") + before.count("（") > before.count(")") + before.count("）")


def _has_object(clause: str, lang: str) -> bool:
    """A rule needs something it is about: "不要用顺丰以外的快递" has, "也只能这样了" has not."""
    if lang == "zh":
        return any(t.tag_.startswith(("n", "eng", "t", "s")) or t.like_num for t in chinese_doc(clause))
    return len(content_words(clause, "en")) >= 2


def _noun_phrase(text: str) -> bool:
    """A Chinese phrase that ends in a noun and starts with no verb, adverb or pronoun."""
    doc = chinese_doc(text)
    tags = [t.tag_ for t in doc]
    if not tags or tags[0][:1] in ("v", "d", "r", "p", "c", "u"):
        return False
    # a noun, or a noun with a one-character suffix ("会员卡" + "号")
    return tags[-1].startswith("n") or (len(doc) > 1 and len(doc[-1].text) == 1 and tags[-2].startswith("n"))


def _any(patterns: list[re.Pattern], text: str) -> re.Match | None:
    for p in patterns:
        m = p.search(text)
        if m:
            return m
    return None


def clauses(text: str) -> list[tuple[int, str]]:
    """(offset, clause) pieces split at sentence punctuation and Chinese commas."""
    out, pos = [], 0
    for m in _CLAUSE_SPLIT.finditer(text):
        if m.start() > pos and text[pos:m.start()].strip():
            out.append((pos, text[pos:m.start()]))
        pos = m.end()
    if text[pos:].strip():
        out.append((pos, text[pos:]))
    return out


def content_words(text: str, lang: str) -> set[str]:
    """Words that carry meaning, for overlap between two pieces of text."""
    if lang == "zh" or detect_lang(text) == "zh":
        return {t.text for t in chinese_doc(text) if len(t.text) > 1 and t.tag_[:1] in ("n", "v", "a", "e", "x", "m", "t", "s")
                and not t.text.isspace()} | set(re.findall(r"[A-Za-z][A-Za-z0-9]+", text))
    return {w for w in re.findall(r"[a-z0-9]+", text.casefold()) if w not in _STOP_EN and len(w) > 1}


class RuleExtractor:
    """The default extractor: spaCy pipelines plus the rule packs, no LLM.

    ``rules`` are extra rule folders, ``catalog`` (name, label) pairs that become
    entity patterns, ``today`` resolves relative dates ("下周三", "tomorrow").
    """

    def __init__(
        self,
        rules: Iterable[Path | str] = (),
        *,
        catalog: Iterable[tuple[str, str]] = (),
        catalog_attributes: Iterable[tuple[str, str, bool]] = (),
        en_models: tuple[str, ...] = DEFAULT_EN_MODELS,
        today: datetime.date | None = None,
    ):
        catalog = tuple(tuple(pair) for pair in catalog)
        attributes = tuple((str(v), str(f), bool(m)) for v, f, m in catalog_attributes)
        self.packs = compiled_packs(tuple(str(r) for r in rules), catalog, attributes)
        self.en_models = tuple(en_models)
        self.today = today

    # ------------------------------------------------------------------ entry point
    def __call__(self, message: Message, index: int, G: nx.MultiDiGraph, lang: str = "auto") -> list[_Unit]:
        text = message.text
        lang = detect_lang(text) if lang == "auto" else lang
        notes = list(message.notes)
        if len(text) > MAX_EXTRACT_CHARS and message.role != "tool":
            notes.append(f"only the first {MAX_EXTRACT_CHARS} characters were read by the rules")
        pack = self.packs[lang]
        work = text[:MAX_EXTRACT_CHARS]
        intent = self.find_intent(work, pack) if message.role == "user" and work.strip() else None
        domain = None
        if pack.domain_rx and message.role != "tool":
            cues = pack.domain_rx.findall(work)
            domain = pack.domain_of[cues[-1].casefold()] if cues else None
        units: list[_Unit] = [TurnUnit(index=index, role=message.role, text=text, lang=lang, intent=intent,
                                       name=message.name, tool_call_id=message.tool_call_id, notes=notes,
                                       domain=domain)]
        if message.role == "tool":
            units += self.find_tool_result(message, index, G, pack)
            return units
        units += self.find_tool_calls(message)
        if not work.strip():
            return units
        mentions = self.find_entities(work, lang, pack)
        units += [EntityUnit(key=m.key, text=m.text, label=m.label, value=m.value, start=m.start, end=m.end)
                  for m in mentions]
        stressed = bool(_any(pack.stress, work))
        if message.role == "user":
            units += self.find_answers(G)
        asked = question_spans(work, pack)
        units += self.find_facts(work, mentions, pack, G, message.role, stressed, intent, asked=asked)
        if message.role in ("user", "system"):
            stated = [u.value for u in units if isinstance(u, FactUnit)]
            units += self.find_constraints(work, pack, G, stressed, stated, asked=asked)
        if message.role == "user":
            units += self.find_goal(work, pack, G, intent)
            refs = self.find_references(work, mentions, pack, G)
            units += refs
            units += self.find_selection(work, mentions, refs, pack)
        if message.role == "assistant":
            units += self.find_commitments(work, mentions, pack, G)
            units += self.find_questions(work, pack)
        return units

    # ------------------------------------------------------------------ the question
    def query(self, text: str, G: nx.MultiDiGraph, lang: str = "auto") -> Query:
        """What a question names: slots (by their words), entities (by name or by
        reference, "那款 / the one I picked"), and its content words. Reads only."""
        from ._select import Query

        lang = detect_lang(text) if lang == "auto" else lang
        pack = self.packs[lang]
        text = text[:MAX_EXTRACT_CHARS]
        q = Query(terms=g.index_terms(text), history=bool(_any(pack.history_words, text)))
        if pack.synonym_rx:
            q.slots = {pack.synonym_slot[m.group(0).casefold()] for m in pack.synonym_rx.finditer(text)}
        mentions = self.find_entities(text, lang, pack)
        index = G.graph["entity_by_key"]
        q.entities = {index[m.key] for m in mentions if m.key in index}
        for ref in self.find_references(text, mentions, pack, G):
            q.entities.add(index[ref.entity])
        for fid in g.nodes_with_terms(G, q.terms):  # a value the question repeats names its fact
            d = G.nodes[fid]
            if d["kind"] == "fact" and d["status"] == "current" and len(d["value"]) > 1 \
                    and d["value"].casefold() in text.casefold():
                q.slots.add(d["slot"])
        return q

    # ------------------------------------------------------------------ entities
    def find_entities(self, text: str, lang: str, pack: CompiledPack) -> list[Mention]:
        """Catalogue phrases, rule patterns and the pipeline's entities; longest wins."""
        found: list[tuple[int, int, int, str, str | None]] = []  # start, end, priority, label, slot
        for start, end, label, slot in pack.phrases.finditer(text):
            found.append((start, end, 0, label, slot))
        for rx, label, slot in pack.entity_rules:
            for m in rx.finditer(text):
                if m.end() > m.start():
                    found.append((m.start(), m.end(), 1, label, slot))
        doc = chinese_doc(text) if lang == "zh" else english_doc(text, self.en_models)
        if lang == "zh" and pack.name_suffixes:
            found += [(start, end, 1, "VENUE", None) for start, end in suffix_names(doc, pack.name_suffixes)]
        for ent in doc.ents:
            if (lang == "zh" or ent.label_ in EN_LABELS) and ent.text.casefold() not in pack.not_entities:
                start = ent.start_char
                lead = re.match(r"(?i)(?:the|a|an|my|our|your|this|that)\s+", ent.text)
                if lead:  # "the MacBook Air M3" -> "MacBook Air M3"
                    start += lead.end()
                if start < ent.end_char:
                    found.append((start, ent.end_char, 2, ent.label_, None))
        # rules and catalogue first (longest wins), then the statistical entities in the gaps:
        # a model's looser span ("no more than 500 dollars") must not beat a precise rule
        found.sort(key=lambda f: (f[2] == 2, -(f[1] - f[0]), f[2], f[0]))
        taken: list[Mention] = []
        for start, end, _, label, slot in found:
            if any(start < m.end and m.start < end for m in taken):
                continue
            if label == "ADDRESS" and pack.synonym_rx:  # "寄到上海市…" -> "上海市…"
                lead = pack.synonym_rx.match(text, start)
                if lead:
                    connector = re.match(r"\s*(?:是|为|：|:)?\s*", text[lead.end():end])
                    start = lead.end() + connector.end()
            surface = text[start:end].strip()
            if not surface:
                continue
            start = start + (len(text[start:end]) - len(text[start:end].lstrip()))
            end = start + len(surface)
            taken.append(Mention(start, end, label, surface, entity_key(label, surface),
                                 normalize(label, surface, self.today), slot or pack.label_slots.get(label)))
        return sorted(taken, key=lambda m: m.start)

    # ------------------------------------------------------------------ facts
    def find_facts(self, text, mentions, pack, G, role, stressed, intent, asked=()) -> list[_Unit]:
        """Facts, in this order: fact patterns ("from X to Y", "for 4 people"), slot words
        with their value ("预算5000元"), bare values that name their slot (an email, a
        rating, a cuisine), slot-less corrections and answers, then "X是Y" / "my X is Y".

        In the ``asked`` spans (question clauses) a value only fills a slot that has none
        yet, and only when it is a recognised value: "有评分4.5分以上的酒店吗？" states a
        wish, "我的预算还是5000元吗？" and "地址是哪里？" change nothing."""
        units: list[_Unit] = []
        used: set[int] = set()  # mention indexes that became a value
        filled: set[str] = set()  # fact keys set by this message
        correcting = intent == "correct" or bool(_any(pack.corrections, text))
        sentence_ends = [m.start() for m in re.finditer(r"[。！？!?；;\n,，]|\.(?:\s|$)", text)]
        domain_at = self._domain_finder(text, pack, G, mentions)

        def make(slot: SlotRule, value: str, at: int, subject: str | None = None,
                 mention: Mention | None = None, supersedes: str | None = None, patterned: bool = False,
                 domain: str | None = None) -> None:
            key, name, group = pack.scoped(slot, domain or domain_at(at))
            if key in filled or not value.strip():
                return
            if any(s <= at < e for s, e in asked) and ((mention is None and not patterned) or g.current_with_key(G, key)):
                return  # a question fills an empty slot with a recognised value, never changes one
            if role == "assistant" and any(G.nodes[f"t{G.nodes[f]['turn']}"]["role"] == "user"
                                           for f in g.current_with_key(G, key)):
                return  # what the assistant found ("arrives by 18:07") does not overwrite what the user asked for
            filled.add(key)
            units.append(FactUnit(
                key=key, name=name, value=value.strip(), subject=subject, slot=slot.id, group=group, terse=slot.terse,
                normalized=mention.value if mention else None, correction=correcting,
                stressed=stressed, supersedes=supersedes,
            ))

        def mention_in(start: int, end: int) -> int | None:
            return next((i for i, m in enumerate(mentions) if m.start < end and start < m.end), None)

        # 0. fact patterns with a named group per slot
        read: list[tuple[int, int]] = []  # spans a pattern has read: their slot words are not read again
        for rx, fixed_slot, fixed_value, only_in in pack.fact_patterns:
            for fm in rx.finditer(text):
                domain = domain_at(fm.start())
                if only_in and domain not in only_in:
                    # a pattern for some domains applies where a domain word inside the match names one
                    inner = [pack.domain_of[c.casefold()] for c in pack.domain_rx.findall(fm.group(0))] \
                        if pack.domain_rx else []
                    domain = next((d for d in reversed(inner) if d in only_in), None)
                    if domain is None:
                        continue
                read.append(fm.span())
                if fixed_slot:
                    make(pack.slots[fixed_slot], fixed_value, fm.start(), patterned=True, domain=domain)
                    continue
                for slot_id, value in fm.groupdict().items():
                    if value and pack.slots[slot_id].multi:
                        value = list_value(value)
                    if value and value.strip():
                        i = mention_in(fm.start(slot_id), fm.end(slot_id))
                        # every value inside the group is read: "24小时热水" is no 游玩时间
                        used.update(k for k, m in enumerate(mentions)
                                    if m.start < fm.end(slot_id) and fm.start(slot_id) < m.end)
                        # one domain for the whole match: "从故宫到北京饭店" is one taxi ride
                        make(pack.slots[slot_id], value, fm.start(),
                             mention=mentions[i] if i is not None else None, patterned=True, domain=domain)
        # 1. a slot word followed (or preceded) by a value: "预算5000元", "my budget is $500"
        if pack.synonym_rx:
            for sm in pack.synonym_rx.finditer(text):
                slot = pack.slots[pack.synonym_slot[sm.group(0).casefold()]]
                if pack.scoped(slot, domain_at(sm.start()))[0] in filled or \
                        any(s <= sm.start() < e for s, e in read):  # "its name is X": X is the venue's
                    continue
                clause_end = next((e for e in sentence_ends if e >= sm.end()), len(text))
                window = text[sm.end():min(clause_end, sm.end() + (16 if pack.lang == "zh" else 48))]
                pick = None
                free = self._free_value(text[sm.end():clause_end], pack.lang) if not slot.types else None
                for i, m in enumerate(mentions if not free else ()):
                    if i in used or m.start < sm.end() or m.start > sm.end() + len(window):
                        continue
                    if not slot.types or m.label in slot.types:
                        pick = i
                        break
                if pick is None and slot.types:
                    for i, m in enumerate(mentions):
                        if i in used or m.label not in slot.types:
                            continue
                        inside = m.start <= sm.start() and sm.end() <= m.end  # "2 units" holds "units"
                        before = 0 <= sm.start() - m.end <= 2 and m.label in VALUE_LABELS | ID_LABELS  # "5000元的预算"
                        if inside or before:
                            pick = i
                subject = self._subject(text, sm.start(), mentions, pack)
                if pick is not None:
                    used.add(pick)
                    make(slot, mentions[pick].text, sm.start(), subject, mentions[pick])
                elif not slot.types or not any(t in VALUE_LABELS for t in slot.types):
                    value = free or self._free_value(text[sm.end():clause_end], pack.lang)
                    if value:
                        make(slot, value, sm.start(), subject)
        # 2. bare values that name their own slot (emails, phones, order ids, ratings, cuisines)
        held = {k for k, ids in G.graph["facts_by_slot"].items() if ids}
        multi: dict[str, list[Mention]] = {}
        for i, m in enumerate(mentions):
            if i not in used and m.slot and m.slot in pack.slots and (role == "user" or m.slot not in held
                                                                      or pack.slots[m.slot].scoped):
                if pack.label_slots.get(m.label) == m.slot and pack.slots[m.slot].scoped and domain_at(m.start) is None:
                    continue  # "by 5 pm" is a hotel's or a train's time only where one is talked about
                used.add(i)
                if pack.slots[m.slot].multi:  # a list-valued slot: "wifi 早餐服务"
                    multi.setdefault(m.slot, []).append(m)
                else:
                    make(pack.slots[m.slot], m.text, m.start, mention=m)
        for slot_id, ms in multi.items():
            make(pack.slots[slot_id], " ".join(dict.fromkeys(m.text for m in ms)), ms[0].start)
        # 3. corrections without a slot word: "不是5000，是6000", "make it 5 units, not 2"
        if correcting or role == "user":
            units += self._unslotted_values(text, mentions, used, filled, pack, G, correcting, stressed, domain_at, asked)
        # 4. generic "X是Y" / "my X is Y" when no slot matched (the user's own words only)
        if not units and role == "user":
            units += self._phrase_facts(_mask(text, list(asked)), pack, stressed, correcting)
        # retractions: "不要那个发票了", "forget the gift wrap"
        for rx in pack.retractions:
            for m in rx.finditer(text):
                key = (m.groupdict().get("key") or "").strip()
                for fid, d in g.recent_current_facts(G, 50):
                    if key and (key in d["name"] or d["name"] in key or key.casefold() == d["key"].casefold()):
                        units.append(RetractUnit(fact=fid))
        return units

    @staticmethod
    def _domain_finder(text: str, pack: CompiledPack, G: nx.MultiDiGraph, mentions: list[Mention] = ()):
        """``domain_at(pos)``: the domain a value at ``pos`` belongs to — the nearest domain
        word in its sentence, else the message's last one, else the conversation's current.
        A domain word inside a name ("北京饭店") speaks only for that name."""
        names = [(m.start, m.end) for m in mentions if m.label in THING_LABELS]

        def inside_name(start: int, end: int) -> tuple[int, int] | None:
            return next(((s, e) for s, e in names if s <= start and end <= e and e - s > end - start), None)

        cues = [(m.start(), pack.domain_of[m.group(0).casefold()], inside_name(m.start(), m.end()))
                for m in pack.domain_rx.finditer(text)] if pack.domain_rx else []
        # the name's own domain word, not one in a bracketed branch: "优品酒店(国贸地铁站店)" is a hotel
        own = {span: d for start, d, span in cues if span and not _in_brackets(text[span[0]:start])}
        cues = [(start, d) for start, d, span in cues if not span]
        recent = G.graph.get("domain_turn") is not None and G.graph["turns"] - G.graph["domain_turn"] <= DOMAIN_SPAN
        fallback = cues[-1][1] if cues else (G.graph.get("domain") if recent else None)
        if not cues and not own:
            return lambda pos: fallback
        bounds = [0] + [m.end() for m in re.finditer(r"[。！？!?\n]|\.(?:\s|$)", text)] + [len(text) + 1]

        def domain_at(pos: int) -> str | None:
            for (s, e), d in own.items():
                if s <= pos < e:
                    return d
            lo = max(b for b in bounds if b <= pos)
            hi = min(b for b in bounds if b > pos)
            if pack.lang == "zh":  # "价格在400-500元的……酒店": a 的-phrase belongs to the noun after it
                head = next((d for start, d in cues if pos < start < hi and "的" in text[pos:start]), None)
                if head is not None:
                    return head
            near = [(abs(start - pos), -start, d) for start, d in cues if lo <= start < hi]
            return min(near)[2] if near else fallback

        return domain_at

    def _subject(self, text: str, slot_start: int, mentions: list[Mention], pack: CompiledPack) -> str | None:
        """The thing a slot word belongs to: "小米14的价格", "the MacBook's price"."""
        for m in mentions:
            if m.label in THING_LABELS and 0 <= slot_start - m.end <= 3:
                between = text[m.end:slot_start]
                if re.fullmatch(r"\s*(?:的|'s|’s)?\s*", between):
                    return m.key
        return None

    @staticmethod
    def _free_value(window: str, lang: str) -> str | None:
        if lang == "zh":
            m = re.match(r"\s*(?:必须|一定要|要|需要|请|就)?\s*(?:是|为|：|:|改成|改为|换成|用|写成|写为|写|开成|开)\s*([^，。！？,!?；;\n]{1,30})", window)
        else:
            m = re.match(r"\s*(?:(?:is|are|was|will be|should be|must be|has to be|needs to be|=|:|to|of|as)(?:\s+(?:addressed|made out|written|sent|set|changed))?(?:\s+(?:to|as|for))?)\s*([^.,;!?\n]{1,50})", window, re.I)
        if not m:
            return None
        value = m.group(1).strip().rstrip("吧呢啊了的")
        value = re.split(r"\s+(?:and|but|please|thanks|because)\b", value, maxsplit=1)[0].strip()
        return value or None

    def _unslotted_values(self, text, mentions, used, filled, pack, G, correcting, stressed, domain_at, asked_spans) -> list[_Unit]:
        """Values with no slot word: a correction of an existing fact, or an answer to the
        assistant's open question that names a slot."""
        units: list[_Unit] = []
        current = g.recent_current_facts(G, 50)[::-1]
        old_text = None
        for rx in pack.corrections:
            m = rx.search(text)
            if m and m.groupdict().get("old"):
                old_text = m.group("old").strip()
        asked = self._asked_slots(G, pack)
        for i, m in enumerate(mentions):
            if i in used or m.label not in VALUE_LABELS or any(s <= m.start < e for s, e in asked_spans):
                continue
            if old_text and old_text in m.text:
                continue  # the value being replaced, not the new one
            target = None
            if correcting:
                target = self._corrected_fact(m, old_text, current, pack)
            if target is None:
                slot = next((s for s in asked if m.label in s.types), None)
                if slot:
                    key, name, group = pack.scoped(slot, domain_at(m.start))
                    target = (key, name, None, slot.id, group)
            if target and target[0] not in filled:
                filled.add(target[0])
                used.add(i)
                units.append(FactUnit(key=target[0], name=target[1], value=m.text, normalized=m.value,
                                      correction=correcting, stressed=stressed, supersedes=target[2],
                                      slot=target[3], group=target[4]))
                if correcting:
                    break  # a correction changes one value; other numbers are the old one or noise
        return units

    @staticmethod
    def _corrected_fact(m: Mention, old_text: str | None, current, pack: CompiledPack):
        """The current fact a slot-less correction changes: one whose value is the old
        value named ("not 2") and whose slot takes this type, else the newest of that type."""
        def names_old(value: str) -> bool:
            """"5000" names "5000元" and "$5,000"; "2" does not name "221B Baker Street"."""
            if not old_text:
                return False
            if re.fullmatch(r"[\d.,]+", old_text):
                return re.search(rf"(?<![\d.,]){re.escape(old_text)}(?![\d]|[.,]\d)", value.replace(",", "")) is not None
            return re.search(rf"(?<![\w.]){re.escape(old_text)}(?![\w])", value) is not None

        ranked = []
        for order, (fid, d) in enumerate(current):
            slot = pack.slots.get(d["slot"])
            same_type = slot is not None and m.label in slot.types and (m.label != "NUMBER" or names_old(str(d["value"])))
            if same_type or names_old(str(d["value"])):
                ranked.append(((same_type and names_old(str(d["value"])), same_type, order), fid, d, slot))
        if not ranked:
            return None
        _, fid, d, slot = max(ranked, key=lambda r: r[0])
        return d["key"], d["name"], fid, d["slot"], d.get("group")

    @staticmethod
    def _asked_slots(G: nx.MultiDiGraph, pack: CompiledPack) -> list[SlotRule]:
        if not pack.synonym_rx:
            return []
        out = []
        for _, q in g.open_items(G, "question"):
            for sm in pack.synonym_rx.finditer(q["text"]):
                out.append(pack.slots[pack.synonym_slot[sm.group(0).casefold()]])
        return out

    @staticmethod
    def _phrase_facts(text: str, pack: CompiledPack, stressed: bool, correcting: bool) -> list[_Unit]:
        if pack.lang == "zh":
            rx = r"(?:^|[，。！？,\s])(?:我的|我们的|您的|你的|咱们的)?(?P<key>[\u4e00-\u9fff]{2,6}?)(?:是|为|：|:)\s*(?P<value>[A-Za-z0-9][^，。！？,!?；;\n]{0,29}|[\u4e00-\u9fff]{2,12}(?=[，。！？,!?；;\n]|$))"
            bad = set("我你您他她它这那哪什谁")
        else:
            rx = r"\b(?:my|our)\s+(?P<key>[a-z][a-z\- ]{1,30}?)\s+(?:is|are|was|=|:)\s+(?P<value>[^.,;!?\n]{1,40})"
            bad = set()
        units: list[_Unit] = []
        for m in re.finditer(rx, text, re.I if pack.lang == "en" else 0):
            key, value = m.group("key").strip(), m.group("value").strip()
            if not value or key[0] in bad or len(key.split()) > 4 or key.casefold() in _STOP_EN:
                continue
            if pack.lang == "zh" and not _noun_phrase(key):
                continue
            units.append(FactUnit(key=key.casefold(), name=key, value=value, correction=correcting, stressed=stressed))
        return units

    # ------------------------------------------------------------------ intent
    @staticmethod
    def find_intent(text: str, pack: CompiledPack) -> str:
        """First intent whose cue matches (order from the rules), else inform."""
        stripped = text.strip()
        for name, cues in pack.intents:
            if _any(cues, stripped):
                return name
        return "inform"

    # ------------------------------------------------------------------ constraints
    def find_constraints(self, text: str, pack: CompiledPack, G, stressed: bool,
                         stated: list[str] = (), asked: list[tuple[int, int]] | None = None) -> list[_Unit]:
        """Rules with polarity. A preference whose value this message already records as a
        fact ("最好评分是4分以上" -> 评分 4分以上) is that fact, not a second item. ``asked``:
        the message's question spans (:func:`question_spans`), computed when not given."""
        units: list[_Unit] = []
        active = g.open_items(G, "constraint")
        asked = question_spans(text, pack) if asked is None else asked
        for offset, clause in clauses(text):
            c = clause.strip()
            if _any(pack.lifts, c):
                words = content_words(c, pack.lang)
                for cid, d in active:
                    if words & content_words(d["text"], pack.lang):
                        units.append(LiftUnit(constraint=cid))
                continue
            if re.search(r"[？?]\s*$|吗\s*$", c) or any(s <= offset < e for s, e in asked):
                continue  # a question about a rule is not a rule ("这两家酒店哪个符合这个要求？")
            for polarity, cues in pack.constraints:
                if _any(cues, c) and _has_object(c, pack.lang):
                    if polarity == "prefer" and any(v and v in c for v in stated):
                        break
                    if not any(d["text"] == c for _, d in active):
                        units.append(ConstraintUnit(text=c, polarity=polarity, stressed=stressed))
                    break
        return units

    # ------------------------------------------------------------------ commitments
    def find_commitments(self, text: str, mentions: list[Mention], pack: CompiledPack, G) -> list[_Unit]:
        units: list[_Unit] = []
        open_ = g.open_items(G, "commitment")
        for offset, clause in clauses(text):
            c = clause.strip()
            for status, cues in (("done", pack.done), ("cancelled", pack.cancel)):
                if _any(cues, c):
                    words = content_words(c, pack.lang)
                    for pid, d in open_:
                        if len(words & content_words(d["text"], pack.lang)) >= 1:
                            units.append(FulfilUnit(commitment=pid, status=status))
            if _any(pack.make, c) and not re.search(r"[？?]\s*$", c) and not _any(pack.done, c) \
                    and not _any(pack.cancel, c):
                end = offset + len(clause)
                due = [m.text for m in mentions if offset <= m.start < end and m.label in ("DATE", "TIME")]
                units.append(CommitmentUnit(text=c, due=" ".join(due) or None))
        return units

    # ------------------------------------------------------------------ questions
    @staticmethod
    def find_questions(text: str, pack: CompiledPack) -> list[_Unit]:
        sentences = _QUESTION_SENTENCE.findall(text)
        # "你觉得怎么样？" asks about nothing in particular: no open question to keep
        return [QuestionUnit(text=s.strip()) for s in sentences
                if s.strip() and _any(pack.questions, s) and _has_object(asking_clause(s), pack.lang)]

    @staticmethod
    def find_answers(G) -> list[_Unit]:
        """A user turn answers the questions the assistant left open."""
        return [AnswerUnit(question=qid) for qid, _ in g.open_items(G, "question")]

    # ------------------------------------------------------------------ goal
    @staticmethod
    def find_goal(text: str, pack: CompiledPack, G, intent: str | None) -> list[_Unit]:
        if G.graph["goal"] is not None:
            return []
        for _, clause in clauses(text):
            if _any(pack.goals, clause):
                return [GoalUnit(text=clause.strip()[:80])]
        return []

    # ------------------------------------------------------------------ references and choices
    def find_references(self, text: str, mentions: list[Mention], pack: CompiledPack, G) -> list[_Unit]:
        """Resolve "它 / 那款手机 / that one / the laptop I picked" to the most salient entity."""
        units: list[_Unit] = []
        seen_spans: list[tuple[int, int]] = []
        for rx in pack.pronouns:
            for m in rx.finditer(text):
                if any(m.start() < e and s < m.end() for s, e in seen_spans):
                    continue
                noun = (m.groupdict().get("noun") or "").casefold()
                if "noun" in m.groupdict() and m.group("noun") is not None and noun not in pack.nouns:
                    continue
                if any(mm.label in THING_LABELS and mm.start >= m.start() - 2 and mm.start <= m.end() + 2 for mm in mentions):
                    continue  # "这款小米14": the phrase names its entity itself
                target = salient_entity(G, pack.nouns.get(noun))
                if target:
                    seen_spans.append((m.start(), m.end()))
                    units.append(ReferenceUnit(text=m.group(0), entity=G.nodes[target]["key"]))
        return units

    @staticmethod
    def find_selection(text: str, mentions: list[Mention], refs: list[_Unit], pack: CompiledPack) -> list[_Unit]:
        for rx in pack.selections:
            m = rx.search(text)
            if not m:
                continue
            # the chosen thing follows the cue closely: "我就要小米14", "I'll go with the MacBook Air"
            after = [mm for mm in mentions if m.end() <= mm.start <= m.end() + 6 and mm.label in THING_LABELS]
            if after:
                return [SelectUnit(entity=after[0].key)]
            if refs and m.end() <= text.find(refs[0].text, m.start()) <= m.end() + 6:
                return [SelectUnit(entity=refs[0].entity)]
        return []

    # ------------------------------------------------------------------ tools
    @staticmethod
    def find_tool_calls(message: Message) -> list[_Unit]:
        units: list[_Unit] = []
        for n, call in enumerate(message.tool_calls):
            fn = call.get("function") or {}
            raw = fn.get("arguments")
            args: dict[str, Any] = {}
            error = None
            if isinstance(raw, dict):
                args = raw
            elif raw:
                try:
                    parsed = json.loads(raw)
                    args = parsed if isinstance(parsed, dict) else {"value": parsed}
                except (json.JSONDecodeError, TypeError) as err:
                    error = f"arguments are not valid JSON ({err.msg if hasattr(err, 'msg') else err})"
                    args = {"_raw": str(raw)[:200]}
            units.append(ActionUnit(call_id=str(call.get("id") or f"call_{n}"), tool=str(fn.get("name") or "unknown"),
                                    arguments=args, arguments_error=error))
        return units

    def find_tool_result(self, message: Message, index: int, G, pack: CompiledPack) -> list[_Unit]:
        call_id = message.tool_call_id or f"orphan_{index}"
        aid = G.graph["call_to_action"].get(call_id)
        tool = G.nodes[aid]["tool"] if aid else (message.name or "unknown")
        payload = message.text
        fields, result_type, status = summarize_payload(payload)
        units: list[_Unit] = [ActionResultUnit(
            call_id=call_id, tool=tool, status=status, fields=fields, result_type=result_type,
            size=len(payload), ref=f"r{index}", orphan=aid is None)]
        # key fields that name a slot become facts ("order_id" -> 订单号 / order id)
        for name, value in fields.items():
            leaf = re.sub(r"[_\-.]+", " ", name.rsplit(".", 1)[-1]).strip().casefold()
            slot_id = pack.synonym_slot.get(leaf) or (leaf.replace(" ", "_") if leaf.replace(" ", "_") in pack.slots else None)
            if slot_id and isinstance(value, (str, int, float)) and str(value):
                slot = pack.slots[slot_id]
                units.append(FactUnit(key=slot.id, name=slot.name, value=str(value)))
        # commitments a successful tool call fulfils ("send_return_label" / "I will email you a return label")
        if status == "ok":
            tool_words = {w for w in re.split(r"[_\W]+", tool.casefold()) if len(w) > 2}
            for pid, d in g.open_items(G, "commitment"):
                if len(tool_words & content_words(d["text"], "en")) >= 2 or (
                        tool_words and tool_words <= content_words(d["text"], "en")):
                    units.append(FulfilUnit(commitment=pid, status="done"))
        return units


def summarize_payload(payload: str, max_fields: int = 8) -> tuple[dict[str, Any], str, str]:
    """(key fields, result type, ok|error) of a tool result, JSON or text.

    >>> summarize_payload('{"order_id": "SO-1", "status": "paid", "items": [1, 2]}')
    ({'order_id': 'SO-1', 'status': 'paid', 'items.count': 2}, 'object', 'ok')
    >>> summarize_payload('Error: timeout')[2]
    'error'
    """
    text = payload.strip()
    try:
        data = json.loads(text) if text[:1] in "[{" else None
    except json.JSONDecodeError:
        data = None
    if data is None:
        status = "error" if re.match(r"(?i)(error|exception|failed|failure|traceback|错误|失败|异常)", text) else "ok"
        ids = re.findall(r"\b[A-Z]{1,4}-?\d{5,}\b", text[:4000])
        fields = {"id": ids[0]} if ids else {}
        if status == "error":
            fields["error"] = text[:80]
        return fields, "text" if text else "empty", status
    fields: dict[str, Any] = {}

    def walk(node: Any, path: str, depth: int) -> None:
        if len(fields) >= max_fields or depth > 3:
            return
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, f"{path}.{k}" if path else str(k), depth + 1)
        elif isinstance(node, list):
            fields[f"{path}.count" if path else "count"] = len(node)
            if node and len(node) <= 3:
                walk(node[0], f"{path}[0]" if path else "[0]", depth + 1)
        elif node is not None and _KEY_FIELD.search(path.rsplit(".", 1)[-1]):
            fields[path] = node if not isinstance(node, str) else node[:60]

    walk(data, "", 0)
    status = "ok"
    if isinstance(data, dict):
        st = str(data.get("status", "")).casefold()
        if "error" in data or st in ("error", "failed", "failure") or data.get("ok") is False or data.get("success") is False:
            status = "error"
    return fields, ("object" if isinstance(data, dict) else "array"), status


def salient_entity(G: nx.MultiDiGraph, label: str | None = None, window: int = 200) -> str | None:
    """The entity a reference most likely means: the selected one of a compatible type,
    else the thing mentioned or referred to most recently (within ``window`` turns)."""
    allowed = THING_LABELS | ID_LABELS if label in ID_LABELS else THING_LABELS

    def fits(e: str) -> bool:
        d = G.nodes[e]
        return d["label"] in allowed and (not label or _compatible(label, d["label"]))

    chosen = [e for e in G.graph["selected"] if fits(e)]
    if chosen:
        return max(chosen, key=lambda e: (G.nodes[e].get("selected_turn", 0), e))
    for turn in g.recent(G, "turn", window):
        hits = [v for _, v, k in G.out_edges(turn, keys=True) if k in ("mentions", "refers_to") and fits(v)]
        if hits:
            return max(hits, key=lambda e: (G.nodes[e].get("last", 0), -G.nodes[turn]["text"].find(G.nodes[e]["text"])))
    return None


def _compatible(hint: str, label: str) -> bool:
    places = {"PLACE", "VENUE", "GPE", "LOC", "FAC", "ORG"}
    return hint == label or (hint in places and label in places) or (hint == "PRODUCT" and label in ("PRODUCT", "MISC"))
