"""The entities step: catalogue phrases, rule patterns, names built from segmented words
and the statistical pipeline's entities; the longest rule match wins, then the
pipeline's entities fill the gaps.

>>> from ctxgraph.extract.compiled import compiled_packs
>>> pack = compiled_packs((), ())["en"]
>>> [(m.label, m.text) for m in find_entities("My budget is $500, call 555-123-4567", pack)]
[('MONEY', '$500'), ('PHONE', '555-123-4567')]
"""

from __future__ import annotations

import datetime
import re

from .. import _graph as g
from .._nlp import ner_when
from .._normalize import normalize
from .._units import EntityUnit
from .compiled import CompiledPack
from .context import Mention, MessageContext
from .gates import Folded, may_match, needs
from .registry import step
from .text import NAME_LEAD_EN

_ARTICLE = re.compile(r"(?i)(?:the|a|an|my|our|your|this|that)\s+")
#: How far before an id-shaped thing the packs' ``id_shapes`` look for the word naming an id.
ID_CUE_CHARS = 32
_CONNECTOR = re.compile(r"\s*(?:是|为|：|:)?\s*")
#: A space a Chinese address is typed with between its parts ("文三路 云栖苑 5幢1单元1101"): not part of it.
_CJK_GAP = re.compile(r"(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff\dA-Z])|(?<=[\u4e00-\u9fff\d])\s+(?=[\u4e00-\u9fff])")


def needs_digit(rx: re.Pattern) -> bool:
    r"""True when ``rx`` can only match a text holding a digit (speed12; since speed13 part of
    the rule's gate, :func:`~ctxgraph.extract.gates.needs`).

    >>> needs_digit(re.compile(r"(?i)(?<=\bending )\d{4}\b|[A-Z]{2}-?[0-9]"))
    True
    >>> needs_digit(re.compile(r"\d+|noon"))
    False
    """
    need = needs(rx)
    return bool(need and need.digit)


#: (user25zh) the model's labels of places, and a model code glued after a Chinese name ("捷安特ATX 830", "美的MB-FB40";
#: not "上海T2航站楼", one letter, nor "北京SKP", no digit, nor "成都IFS3楼", a floor)
_PLACE_LABELS = frozenset({"PLACE", "GPE", "LOC", "FAC"})
_MODEL_AFTER = re.compile(r"[A-Za-z]{2,}(?:[\s-]?[A-Za-z]*)\d[A-Za-z\d-]*(?![A-Za-z\d-]|\s?[楼层号栋幢座室区期店馆门口站])")
_CJK_END = re.compile(r"[\u4e00-\u9fff]$")


def _candidates(text: str, pack: CompiledPack, models: tuple[str, ...],
                ner: str = "always") -> list[tuple[int, int, int, str, str | None]]:
    """(start, end, priority, label, slot) of every candidate: 0 catalogue, 1 rules, 2 pipeline."""
    found = [(start, end, 0, label, slot) for start, end, label, slot in pack.phrases.finditer(text)]
    folded = Folded(text)
    for rx, label, slot in pack.entity_rules:
        if may_match(rx, folded):  # a rule that needs a digit or a word the text lacks is not run
            found += [(m.start(), m.end(), 1, label, slot) for m in rx.finditer(text) if m.end() > m.start()]
    profile = pack.profile
    found += [(start, end, 1, "PERSON", None) for start, end in _named_by_email(text, found)]
    doc = profile.doc(text, models, ner)
    if profile.name_spans:
        found += [(start, end, 1, "VENUE", None) for start, end in profile.name_spans(doc, pack)]
    for ent in doc.ents:
        if (profile.ner_labels is None or ent.label_ in profile.ner_labels) and ent.text.casefold() not in pack.not_entities \
                and not (pack.synonym_rx and pack.synonym_rx.fullmatch(ent.text)):  # (prec9) the word naming a
            # slot is no value of it: "name's Owen Pritchard" where the model reads "name" as a PERSON
            start = ent.start_char
            lead = _ARTICLE.match(ent.text)
            if lead:  # "the MacBook Air M3" -> "MacBook Air M3"
                start += lead.end()
            if ent.label_ in _PLACE_LABELS and _MODEL_AFTER.match(text, ent.end_char) and _CJK_END.search(ent.text):
                continue  # (user25zh) "捷安特ATX 830": a brand before its model code, no place
            end = _name_end(ent, found)
            if start < end:
                found.append((start, end, 2, ent.label_, None))
    return found


#: (miss23en) a name typed in lower case at the start of a clause, right before an email (a firm's name "at ..."
#: may stand between): "sophie barnes, sophie.b@outlook.com", "lucy fenwick at hartwell design, lucy@..."
_LOWER_NAME_BEFORE = re.compile(r"(?:^|[.,;:!?]\s*|\n)(?P<name>[a-z]{2,}(?: [a-z]{2,}){1,2})(?: at [\w&' -]{2,40})?,\s*$")


def _named_by_email(text: str, found: list[tuple[int, int, int, str, str | None]]) -> list[tuple[int, int]]:
    """(start, end) of each name typed in lower case right before an email whose address starts with the
    name's first word (miss23en): the email says the words are a person's name, which the statistical reader
    misses without capitals.

    >>> text = "sophie barnes, sophie.b@outlook.com, im the maid of honour"
    >>> [text[s:e] for s, e in _named_by_email(text, [(15, 35, 1, "EMAIL", "email")])]
    ['sophie barnes']
    >>> _named_by_email("pay later, accounts@firm.co.uk", [(11, 30, 1, "EMAIL", "email")])
    []
    """
    out = []
    for start, end, _, label, _ in found:
        if label != "EMAIL":
            continue
        m = _LOWER_NAME_BEFORE.search(text, max(0, start - 80), start)
        if m and text[start:end].casefold().startswith(m.group("name").split()[0]):
            out.append((m.start("name"), m.end("name")))
    return out


def _name_end(ent, rules: list[tuple[int, int, int, str, str | None]]) -> int:
    """Where a pipeline's PERSON span ends once the number the model ran it into is cut off
    (miss23en): "Jo Pemberton 07812 334 900" is read as PERSON "Jo Pemberton 07812", and the
    phone rule's longer match then threw the whole name away. Only a number a rule's match
    starts with is cut ("Manchester M20" keeps its end); other labels keep theirs.

    >>> from ctxgraph._nlp import english_doc
    >>> doc = english_doc("Jo Pemberton 07812 334 900")
    >>> [(e.text, e.text[:_name_end(e, [(13, 26, 1, "PHONE", "phone")]) - e.start_char]) for e in doc.ents[:1]]
    [('Jo Pemberton 07812', 'Jo Pemberton')]
    """
    if ent.label_ != "PERSON":
        return ent.end_char
    tokens = list(ent)
    cut = len(tokens)
    while cut and any(ch.isdigit() for ch in tokens[cut - 1].text):
        cut -= 1
    if cut == len(tokens) or not any(r[2] < 2 and r[0] == tokens[cut].idx for r in rules):
        return ent.end_char
    return tokens[cut - 1].idx + len(tokens[cut - 1].text) if cut else ent.start_char


def find_entities(text: str, pack: CompiledPack, models: tuple[str, ...] = (),
                  today: datetime.date | None = None, *, ner: str = "always") -> list[Mention]:
    """The mentions of ``text``, in text order, none overlapping another. ``ner``: when a
    trained English pipeline's NER reads the text (:data:`ctxgraph._nlp.NER_WHEN`)."""
    found = _candidates(text, pack, models, ner)
    # rules and catalogue first (longest wins), then the statistical entities in the gaps:
    # a model's looser span ("no more than 500 dollars") must not beat a precise rule
    found.sort(key=lambda f: (f[2] == 2, -(f[1] - f[0]), f[2], f[0]))
    taken: list[Mention] = []
    for start, end, _, label, slot in found:
        if any(start < m.end and m.start < end for m in taken):
            continue
        if label == "ADDRESS":
            start = _after_slot_word(text, start, end, pack)
        surface = text[start:end].strip()
        if not surface:
            continue
        start = start + (len(text[start:end]) - len(text[start:end].lstrip()))
        end = start + len(surface)
        if label == "ADDRESS":
            surface = _CJK_GAP.sub("", surface)  # the address as it is written: 云栖苑5幢1单元1101
        if pack.id_shape and pack.is_thing(label) and pack.id_shape.search(text, max(0, start - ID_CUE_CHARS), end):
            label = "CODE"  # "return label RL-3391" is an id, not a product like "WH-1000XM5"
        taken.append(Mention(start, end, label, surface, pack.entity_key(label, surface),
                             normalize(label, surface, today), slot or pack.label_slots.get(label),
                             pack.label_kind(label)))
    return sorted(taken, key=lambda m: m.start)


def _after_slot_word(text: str, start: int, end: int, pack: CompiledPack) -> int:
    """An address starts after the slot word a pattern took with it: "寄到上海市…" -> "上海市…"."""
    lead = pack.synonym_rx.match(text, start) if pack.synonym_rx else None
    if not lead:
        return start
    return lead.end() + _CONNECTOR.match(text[lead.end():end]).end()


def _retyped(old: str, new: str) -> bool:
    """Whether ``new`` is ``old`` retyped: same length, at most two characters differ (a
    typo, two digits swapped).

    >>> _retyped("VOD483921", "VOD483291"), _retyped("BW-7730215", "BW-7730999")
    (True, False)
    """
    return len(old) == len(new) and old != new and sum(a != b for a, b in zip(old, new)) <= 2


def _bare_id_slots(ctx: MessageContext, mentions: list[Mention]) -> None:
    """The slot a bare id fills. Its label's slot (the order id) only while no id is kept:
    a refund or claim number said without its slot word never replaces the order id. An id
    that retypes a kept one ("sorry, VOD483291") fills that one's slot."""
    pack, G = ctx.pack, ctx.graph
    for m in mentions:
        if m.kind != "id" or not m.slot:
            continue
        id_slots = [sid for sid, slot in pack.slots.items() if m.label in slot.types]
        held = [G.nodes[f] for sid in id_slots for f in g.current_with_key(G, sid)]
        if not held:
            continue
        same = [d for d in held if pack.entity_key(m.label, str(d["value"])) == m.key]
        retyped = [d for d in held if _retyped(str(d["value"]), m.text)]
        m.slot = (same or retyped)[-1]["slot"] if same or retyped else None


def _own_values(mentions: list[Mention], own: frozenset[str]) -> None:
    """Values the assistant says that are its own, not the user's (the packs' ``assistant_own``
    labels: its dates, a shop's phone and address, a support email): bare, they fill no slot;
    after a slot word ("your new address is ...") they still do."""
    for m in mentions:
        if m.label in own:
            m.slot = None


#: (user26) labels the NER gives a lone surname it does not know as a name ("Rossi" a place, "Okafor" an organisation)
_NAME_MISREAD = frozenset({"GPE", "LOC", "ORG", "NORP", "FAC"})
#: a reply that opens with one or two capitalised words (a lead before them or not: "It's Rossi") and then a stop, a
#: comma or nothing ("Rossi. oh wait, ...")
_OPENING_WORDS = re.compile(r"\W*" + NAME_LEAD_EN + r"?(?!" + NAME_LEAD_EN + r")([A-Z][a-z'’-]+(?: [A-Z][a-z'’-]+)?)(?=\s*(?:[,.;!]|$))")


#: a question for someone else's name ("your son's name", "his name"): not the user's own
_OTHERS_NAME = re.compile(r"(?:\w'?s|\b(?:his|her|their))\s+(?:full\s+|first\s+|last\s+)?name\b", re.I)


def _asked_name(ctx: MessageContext, mentions: list[Mention]) -> None:
    """(user26) A name the user gives when the assistant asked for a name and nothing else ("Name please?" - "Rossi"),
    that the NER read as a place or an organisation, is a person's name: relabelled, the name step binds it, and no
    place is kept.

    Examples: ``tests/test_trust_user26.py``.
    """
    opening = _OPENING_WORDS.match(ctx.text)
    m = next((m for m in mentions if opening and m.start == opening.start(1) and m.end == opening.end(1)), None)
    if m is None or m.label not in _NAME_MISREAD:
        return
    G = ctx.graph
    said = G.nodes[G.graph["last_turn"]].get("text") or "" if G.graph.get("last_turn") else ""
    if _OTHERS_NAME.search(said):
        return  # "What's your son's name?": a name the roles step keeps as the person's, not the user's
    from .facts import asked_slots  # the question's slots, read the one way the facts step reads them
    pack = ctx.pack
    asked = list(dict.fromkeys(slot.id for slot in asked_slots(ctx)))
    if len(asked) != 1 or "PERSON" not in pack.slots[asked[0]].types:
        return
    m.label, m.key, m.slot, m.kind = ("PERSON", pack.entity_key("PERSON", m.text), pack.label_slots.get("PERSON"),
                                      pack.label_kind("PERSON"))


@step("entities", roles=("user", "assistant", "system"))
def entities(ctx: MessageContext) -> list[EntityUnit]:
    """Mentions of the message, as entity units; they stay on ``ctx.mentions`` for later steps."""
    ctx.mentions = find_entities(ctx.text, ctx.pack, ctx.en_models, ctx.today, ner=ner_when(ctx.en_ner, ctx.role))
    _bare_id_slots(ctx, ctx.mentions)
    if ctx.role == "user":
        _asked_name(ctx, ctx.mentions)
    if ctx.role != "user":
        _own_values(ctx.mentions, ctx.pack.assistant_own)
    return [EntityUnit(key=m.key, text=m.text, label=m.label, value=m.value, start=m.start, end=m.end, kind=m.kind)
            for m in ctx.mentions]
