"""Which domain (hotel, restaurant, train ...) a value belongs to, for packs with domains.

A value belongs to the nearest domain word in its sentence, else to the message's last
one, else to the conversation's current domain (named within :data:`DOMAIN_SPAN` turns).
A domain word inside a name ("北京饭店") speaks only for that name. Packs without domains
(the core pack) give ``None`` everywhere.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Callable, Collection

from .. import _graph as g
from .._units import FactUnit, _Unit
from .cued import cue_role
from .registry import step
from .text import SENTENCE_END, in_brackets, in_spans

if TYPE_CHECKING:
    from .._rules import SlotRule
    from .context import MessageContext

#: A domain stays the topic for this many turns after it was last named.
DOMAIN_SPAN = 8


def message_domain(ctx: "MessageContext") -> str | None:
    """The domain the message names last (the turn's topic), if the pack has domains."""
    pack = ctx.pack
    if not pack.domain_rx or ctx.role == "tool":
        return None
    places = place_words(ctx, _topic(ctx.graph)) if pack.kind_refs else []
    cues = [m.group(0) for m in pack.domain_rx.finditer(ctx.text) if not any(s <= m.start() < e for s, e in places)]
    return pack.domain_of[cues[-1].casefold()] if cues else None


def admits(slot: "SlotRule | Collection[str] | None", domain: str | None) -> bool:
    """Whether ``domain`` has ``slot`` (a slot with no ``domains`` is in every one); ``slot`` may
    also be the domain ids themselves (a fact pattern's ``domains``).

    >>> from ctxgraph._rules import SlotRule
    >>> area = SlotRule(id="area", name="area", scoped=True, domains=["hotel", "restaurant"])
    >>> admits(area, "hotel"), admits(area, "train"), admits(None, "train"), admits({"taxi"}, "taxi")
    (True, False, True, True)
    """
    domains = _domains(slot)
    return not domains or domain in domains


def _domains(slot: "SlotRule | Collection[str] | None") -> "Collection[str]":
    return () if slot is None else slot if not hasattr(slot, "domains") else slot.domains  # type: ignore[union-attr]


def domain_finder(ctx: "MessageContext") -> Callable[..., str | None]:
    """``domain_at(pos, slot=None)`` for the message of ``ctx``: the domain a value at ``pos``
    belongs to. Given the value's ``slot``, only a domain that has it ("in the east" is no
    train's): the nearest such domain word in the sentence, else the last one in the message,
    else, when the message names no domain, the conversation's if it has the slot, else none
    (:func:`bind_domain` binds the value when a domain that has it is named). When the message
    names domains and none has the slot, the value stays with the nearest one, as without a slot."""
    text, pack, G = ctx.text, ctx.pack, ctx.graph
    names = [(m.start, m.end) for m in ctx.mentions if m.kind == "thing"]

    def inside_name(start: int, end: int) -> tuple[int, int] | None:
        return next(((s, e) for s, e in names if s <= start and end <= e and e - s > end - start), None)

    cues = [(m.start(), pack.domain_of[m.group(0).casefold()], inside_name(m.start(), m.end()))
            for m in pack.domain_rx.finditer(text)] if pack.domain_rx else []
    # the name's own domain word, not one in a bracketed branch: "优品酒店(国贸地铁站店)" is a hotel
    own = {span: d for start, d, span in cues if span and not in_brackets(text[span[0]:start])}
    topic = _topic(G)
    # a trip's end named by its kind ("leave the restaurant by 19:00") is a place, not the topic
    places = place_words(ctx, topic) if pack.kind_refs else []
    cues = [(start, d) for start, d, span in cues if not span and not any(s <= start < e for s, e in places)]
    fallback = cues[-1][1] if cues else topic
    bounds = [0] + [m.end() for m in SENTENCE_END.finditer(text)] + [len(text) + 1]
    marker = ctx.profile.modifier_marker

    def nearest(pos: int, slot: "SlotRule | Collection[str] | None") -> str | None:
        lo = max(b for b in bounds if b <= pos)
        hi = min(b for b in bounds if b > pos)
        if marker:  # "价格在400-500元的……酒店": a modifier phrase belongs to the noun after it
            head = next((d for start, d in cues if pos < start < hi and marker in text[pos:start] and admits(slot, d)), None)
            if head is not None:
                return head
        near = [(abs(start - pos), -start, d) for start, d in cues if lo <= start < hi and admits(slot, d)]
        if near:
            return min(near)[2]
        named = [d for _, d in cues if admits(slot, d)]
        return named[-1] if named else None

    def domain_at(pos: int, slot: "SlotRule | Collection[str] | None" = None) -> str | None:
        for (s, e), d in own.items():
            # a name's own domain, when it has the slot: "a taxi from Restaurant Two Two" is the
            # taxi's start, not a restaurant's
            if s <= pos < e and admits(slot, d):
                return d
        if _domains(slot):
            found = nearest(pos, slot)
            if found is not None:
                return found
            if not cues and admits(slot, topic):  # the conversation's domain if it has the slot
                return topic
            # "I need to arrive by 12:15" after "same day as the hotel booking": the train's (a user's
            # statement: a question about an option, "它的评分是在4分以上吗？", keeps the topic)
            if not cues and ctx.role == "user" and not in_spans(pos, ctx.asked) and not _kind_in(pack, slot, topic) \
                    and (latest := latest_domain_with(G, slot, pack)) is not None:
                return latest
        return nearest(pos, None) or fallback

    return domain_at


@step("bind_domain", roles=("user", "assistant"))
def bind_domain(ctx: "MessageContext") -> list[_Unit]:
    """A per-domain value said while no domain was the topic ("somewhere in the centre", the
    dialogue's first words) belongs to the domain the dialogue takes up next: when a message
    names one domain, each such current fact is re-keyed to it (the new fact supersedes the domain-less one), unless that domain already has the slot.
    A message naming several domains ("a hotel or a restaurant?") binds nothing.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en", packs=["booking"])
    >>> t.observe_many([{"role": "user", "content": "I need somewhere in the north, moderately priced."},
    ...                 {"role": "assistant", "content": "Are you looking for a hotel or a restaurant?"},
    ...                 {"role": "user", "content": "A hotel please."}])
    >>> sorted(f.key for f in t.state().facts if f.status == "current" and f.key.endswith(("area", "range")))
    ['hotel.area', 'hotel.price_range']
    """
    pack, G = ctx.pack, ctx.graph
    named = {pack.domain_of[c.casefold()] for c in pack.domain_rx.findall(ctx.text)} if pack.domain_rx else set()
    if len(named) != 1:
        return []  # none, or a choice between several ("a hotel or a restaurant?"): no topic yet
    (domain,) = named
    made = {u.key for u in ctx.units_of(FactUnit)}
    units: list[_Unit] = []
    for fid, d in g.recent_current_facts(G, 50):
        slot = pack.slots.get(d.get("slot") or "")
        if slot is None or not slot.scoped or d.get("group") or d["key"] != slot.id or d.get("subject") \
                or not admits(slot, domain):
            continue
        key, name, group = pack.scoped(slot, domain)
        if key in made or g.current_with_key(G, key):
            continue
        made.add(key)
        units.append(FactUnit(key=key, name=name, value=d["value"], slot=slot.id, group=group, terse=slot.terse,
                              normalized=d.get("normalized"), supersedes=fid, stressed=bool(d.get("stressed"))))
    return units


def _slot_named(ctx: "MessageContext", word: str):
    """The pack's per-domain slot a word names (by a synonym or its name), else None."""
    folded = " ".join(word.casefold().split())
    pack = ctx.pack
    slot_id = pack.synonym_slot.get(folded) if pack.synonym_rx else None
    slot = pack.slots.get(slot_id) if slot_id else next(
        (s for s in pack.slots.values() if s.name.casefold() == folded or s.id == folded), None)
    return slot if slot is not None and slot.scoped else None


@step("same_as", roles=("user",))
def same_as(ctx: "MessageContext") -> list[_Unit]:
    """"A restaurant in the same area as the hotel", "a train on the same day as the hotel": the
    value the other domain holds for that slot, in the domain the message is about (the one it
    names outside the phrase, else the dialogue's topic). Nothing when the other domain holds
    no value yet.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en", packs=["booking"])
    >>> t.observe_many([{"role": "user", "content": "I need a hotel in the north."},
    ...                 {"role": "user", "content": "I also need a restaurant in the same area as the hotel."}])
    >>> sorted((f.key, f.value) for f in t.state().facts if f.status == "current" and f.key.endswith("area"))
    [('hotel.area', 'north'), ('restaurant.area', 'north')]

    With no domain named after it, the phrase refers to the latest other domain holding the slot:

    >>> t = Tracker("en", packs=["booking"])
    >>> t.observe_many([{"role": "user", "content": "Book the hotel for 3 people from Friday."},
    ...                 {"role": "user", "content": "And a restaurant table for the same group of people, same day."}])
    >>> sorted((f.key, f.value) for f in t.state().facts if f.status == "current" and f.key.startswith("restaurant"))
    [('restaurant.day', 'Friday'), ('restaurant.people', '3')]
    """
    pack, G = ctx.pack, ctx.graph
    if not pack.same_as or not pack.domain_rx:
        return []
    units: list[_Unit] = []
    for rx in pack.same_as:
        for m in rx.finditer(ctx.text):
            slot = _slot_named(ctx, m.group("slot"))
            named = m.groupdict().get("domain")
            other = pack.domain_of.get(" ".join(named.casefold().split())) if named else None
            if slot is None or (named and other is None):
                continue
            outside = [pack.domain_of[c.group(0).casefold()] for c in pack.domain_rx.finditer(ctx.text)
                       if not (m.start() <= c.start() < m.end())]
            recent = G.graph.get("domain_turn") is not None and G.graph["turns"] - G.graph["domain_turn"] <= DOMAIN_SPAN
            here = [d for d in outside if d != other] or ([G.graph["domain"]] if recent and G.graph["domain"] != other else [])
            if not here:
                continue
            other = other or _latest_other(ctx, slot, here[-1])
            source = g.current_with_key(G, pack.scoped(slot, other)[0]) if other else []
            key, name, group = pack.scoped(slot, here[-1])
            if not source or any(u.key == key for u in units):
                continue
            # a value an earlier step read inside the phrase ("same price") is the phrase's words
            inside = m.group(0).casefold()
            ctx.units[:] = [u for u in ctx.units if not (isinstance(u, FactUnit) and u.key == key
                                                         and u.value.casefold() in inside)]
            if any(isinstance(u, FactUnit) and u.key == key for u in ctx.units):
                continue  # the message states its own value for the slot
            d = G.nodes[source[0]]
            old = g.current_with_key(G, key)
            units.append(FactUnit(key=key, name=name, value=d["value"], slot=slot.id, group=group, terse=slot.terse,
                                  normalized=d.get("normalized"), supersedes=old[0] if old else None,
                                  correction=ctx.correcting, stressed=ctx.stressed))
    return units


def _latest_other(ctx: "MessageContext", slot, here: str) -> str | None:
    """The domain other than ``here`` whose current value of ``slot`` was said last: what "the same
    day" / "the same group of people" refers to when no domain is named after it."""
    G, pack = ctx.graph, ctx.pack
    held = [(G.nodes[f]["turn"], d) for d in dict.fromkeys(pack.domain_of.values()) if d != here
            for f in g.current_with_key(G, pack.scoped(slot, d)[0])]
    return max(held)[1] if held else None


def _thing_slots(ctx: "MessageContext") -> list[str]:
    """The pack's slots a thing's name fills (``label_slots`` of a "thing" label: VENUE -> venue)."""
    pack = ctx.pack
    return list(dict.fromkeys(slot for label, slot in pack.label_slots.items() if pack.label_kind(label) == "thing"))


def _kind_in(pack, slot: "SlotRule | Collection[str] | None", domain: str | None) -> bool:
    """Whether ``slot`` is one a value fills by its type alone (``label_slots``: a TIME is a ``time``)
    and ``domain`` has another slot of that type: "19:36 is fine" in train talk is a train's time
    (its leave-at), not the one domain's with a bare ``time``. A slot a pattern names ("leave by
    07:30": ``leave_at``) is not: restaurant talk's booking ``time`` keeps no taxi's leave time."""
    types = set(getattr(slot, "types", ()) or ())
    if getattr(slot, "id", None) not in set(pack.label_slots.values()):
        return False
    return domain is not None and bool(types) and any(
        other.scoped and types & set(other.types) and _domains(other) and admits(other, domain)
        for other in pack.slots.values())


def latest_domain_with(G, slot: "SlotRule | Collection[str] | None", pack=None) -> str | None:
    """The domain that has ``slot`` the dialogue took up last, by a message naming it (one of the
    last ``DOMAIN_SPAN``, read with ``pack``'s domain words) or a current fact held in it (None when
    the slot is in every domain or no such domain came up): where a value said with no domain
    word goes when the topic has no such slot. "I need to arrive by 12:15" right after "the same
    day as the hotel booking" is the train's arrival, not the hotel's; "I want to leave after 15:30"
    after "a taxi to soul tree nightclub" (a nightclub: attraction talk) is the taxi's.

    >>> from ctxgraph import Tracker
    >>> from ctxgraph._rules import SlotRule
    >>> t = Tracker("en", packs=["booking"])
    >>> for text in ["I need a train to Ely on Friday.", "Where from?", "From Leeds. I also need a hotel in the north."]:
    ...     _ = t.observe({"role": "user" if text != "Where from?" else "assistant", "content": text})
    >>> latest_domain_with(t.graph, SlotRule(id="arrive_by", name="arrive by", scoped=True, domains=["train", "taxi"]))
    'train'
    """
    domains = _domains(slot)
    if not domains:
        return None
    newest: tuple[int, str] | None = None
    if pack is not None and pack.domain_rx:  # the messages that named one, newest first
        for i in range(G.graph["turns"] - 1, max(-1, G.graph["turns"] - 1 - DOMAIN_SPAN), -1):
            node = G.nodes.get(f"t{i}")
            named = [pack.domain_of[m.group(0).casefold()] for m in pack.domain_rx.finditer(node["text"][:5000])] \
                if node is not None and node["role"] in ("user", "assistant") else []
            if found := [d for d in named if d in domains]:
                newest = (i, found[-1])
                break
    for fid in G.graph["current_fact"].values():
        node = G.nodes[fid]
        domain = str(node.get("key", "")).rpartition(".")[0]
        if domain in domains and (newest is None or node.get("turn", -1) > newest[0]):
            newest = (node.get("turn", -1), domain)
    return newest[1] if newest else None


def _topic(G) -> str | None:
    recent = G.graph.get("domain_turn") is not None and G.graph["turns"] - G.graph["domain_turn"] <= DOMAIN_SPAN
    return G.graph.get("domain") if recent else None


def _held_thing(G, keys: list[str]) -> str | None:
    """The thing a domain holds: its current fact under one of ``keys``, else the one thing the
    assistant last offered there (a user who says "my hotel" has taken it)."""
    for key in keys:
        current = g.current_with_key(G, key)
        if current:
            return current[0]
    offered = [f for key in keys for f in G.graph["offers_by_key"].get(key, ()) if G.nodes[f]["status"] == "offered"]
    if not offered:
        return None
    last = max(G.nodes[f]["turn"] for f in offered)
    newest = [f for f in offered if G.nodes[f]["turn"] == last]
    return newest[0] if len(newest) == 1 else None  # several at once: which one is not said


def _kind_refs_in(ctx: "MessageContext") -> list[tuple[str, str, int, int]]:
    """``(slot id, referred domain, start, end)`` of each ``kind_refs`` group holding a domain
    word, the first per slot."""
    pack = ctx.pack
    refs: list[tuple[str, str, int, int]] = []
    if not pack.kind_refs or not pack.domain_rx:
        return refs
    for rx in pack.kind_refs:
        for m in rx.finditer(ctx.text):
            for slot_id, word in m.groupdict().items():
                other = pack.domain_of.get(" ".join(word.casefold().split())) if word else None
                if other is not None and not any(s == slot_id for s, *_ in refs):
                    refs.append((slot_id, other, m.start(slot_id), m.end(slot_id)))
    return refs


def _trip_domain(ctx: "MessageContext", refs: list[tuple[str, str, int, int]], slot_id: str, other: str,
                 topic: str | None) -> str | None:
    """The domain a reference's slot is filled in: the last one the message names outside the
    references that has the slot, else the dialogue's topic; never the referred domain itself."""
    pack = ctx.pack
    slot = pack.slots[slot_id]
    outside = [pack.domain_of[c.group(0).casefold()] for c in pack.domain_rx.finditer(ctx.text)
               if not any(s <= c.start() < e for *_, s, e in refs)]
    here = [d for d in outside if d != other and admits(slot, d)] or (
        [topic] if topic and topic != other and admits(slot, topic) else [])
    return here[-1] if here else None


def place_words(ctx: "MessageContext", topic: str | None) -> list[tuple[int, int]]:
    """Spans of the domain words that name a trip's end by its kind ("leave the restaurant by
    19:00" in taxi talk): a place, not what the message is about, so they name no domain for its
    values (:func:`message_domain`, :func:`domain_finder`)."""
    refs = _kind_refs_in(ctx)
    return [(s, e) for slot_id, other, s, e in refs if _trip_domain(ctx, refs, slot_id, other, topic)]


#: words before a kind's word that make no name of it ("the cinema")
_ARTICLE = re.compile(r"^(?:the|my|our|that|this)\s+")


@step("kind_refs", roles=("user", "assistant"))
def kind_refs(ctx: "MessageContext") -> list[_Unit]:
    """"A taxi from the hotel to the restaurant": a place named by the kind of a thing the
    dialogue already holds is that thing. Each ``kind_refs`` match names, in groups called after
    slots, domain words; the slot takes the name the named domain holds (its current fact of a
    thing's slot, ``label_slots``), in the domain the message is about: one it names outside the
    references that has the slot, else the dialogue's topic. Nothing when the named domain holds
    no thing yet, or the message states its own value for the slot.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en", packs=["booking"])
    >>> t.observe_many([{"role": "user", "content": "I'm staying at the Lantern Lodge hotel."},
    ...                 {"role": "user", "content": "I'd like to eat at a restaurant called Blue Heron."},
    ...                 {"role": "user", "content": "Please get me a taxi from the hotel to the restaurant."}])
    >>> sorted((f.key, f.value) for f in t.state().facts if f.status == "current" and f.key.startswith("taxi"))
    [('taxi.departure', 'Lantern Lodge'), ('taxi.destination', 'Blue Heron')]

    In the assistant's words a kind's word read as a place's name is dropped, nothing is made.
    """
    pack, G = ctx.pack, ctx.graph
    things = _thing_slots(ctx)
    refs = _kind_refs_in(ctx) if things else []
    topic = _topic(G)
    units: list[_Unit] = []
    for slot_id, other, start, end in refs:
        slot = pack.slots[slot_id]
        domain = _trip_domain(ctx, refs, slot_id, other, topic)
        if domain is None:
            continue
        # a value a fact pattern read as the place ("from attraction", "to the cinema") is the kind's word
        word = ctx.text[start:end].casefold()
        ctx.units[:] = [u for u in ctx.units if not (isinstance(u, FactUnit) and u.slot == slot_id
                                                     and _ARTICLE.sub("", u.value.casefold()).strip() == word)]
        if ctx.role != "user":
            continue
        key, name, group = pack.scoped(slot, domain)
        source = _held_thing(G, [pack.scoped(pack.slots[t], other)[0] for t in things])
        if source is None:
            continue
        if any(isinstance(u, FactUnit) and u.key == key for u in (*ctx.units, *units)):
            continue
        d = G.nodes[source]
        old = g.current_with_key(G, key)
        units.append(FactUnit(key=key, name=name, value=d["value"], slot=slot.id, group=group, terse=slot.terse,
                              normalized=d.get("normalized"), supersedes=old[0] if old else None,
                              correction=ctx.correcting, stressed=ctx.stressed))
    return units + _other_end(ctx, units, topic, things) if ctx.role == "user" else units


def _other_end(ctx: "MessageContext", made: list[_Unit], topic: str | None, things: list[str]) -> list[_Unit]:
    """"A taxi between the two places; I'll leave the hotel at 8": the trip's two ends (the slots
    of ``kind_refs``) join two places the dialogue holds; when one end is known (said now or
    current), the other is the one other place held. Nothing when several others are held.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en", packs=["booking"])
    >>> t.observe_many([{"role": "user", "content": "I'm staying at a hotel called Lantern Lodge."},
    ...                 {"role": "user", "content": "Book me a restaurant called Blue Heron."},
    ...                 {"role": "user", "content": "I need a taxi between the two places. I'll leave the restaurant at 21:00."}])
    >>> sorted((f.key, f.value) for f in t.state().facts if f.status == "current" and f.key.startswith("taxi"))
    [('taxi.departure', 'Blue Heron'), ('taxi.destination', 'Lantern Lodge'), ('taxi.leave_at', '21:00')]
    """
    pack, G = ctx.pack, ctx.graph
    if not pack.pair_refs or not things or not any(rx.search(ctx.text) for rx in pack.pair_refs):
        return []
    ends = [pack.slots[e] for e in dict.fromkeys(n for rx in pack.kind_refs for n in rx.groupindex)]
    if len(ends) != 2:
        return []
    places = place_words(ctx, topic)
    named = [pack.domain_of[c.group(0).casefold()] for c in pack.domain_rx.finditer(ctx.text)
             if not any(s <= c.start() < e for s, e in places)]
    domain = next((d for d in reversed([*([topic] if topic else []), *named])
                   if all(admits(e, d) for e in ends)), None)
    if domain is None:
        return []
    known: dict[str, str | None] = {}
    for end in ends:
        key = pack.scoped(end, domain)[0]
        value = next((u.value for u in (*ctx.units, *made) if isinstance(u, FactUnit) and u.key == key), None)
        current = g.current_with_key(G, key) if value is None else []
        known[end.id] = value if value is not None else (G.nodes[current[0]]["value"] if current else None)
    missing = [e for e in ends if known[e.id] is None]
    if len(missing) != 1:
        return []
    (end,) = missing
    have = next(v for v in known.values() if v is not None).casefold()
    held = {G.nodes[f]["value"] for d in pack.domain_names if d != domain
            if (f := _held_thing(G, [pack.scoped(pack.slots[t], d)[0] for t in things]))}
    others = [v for v in held if v.casefold() != have]
    if len(others) != 1 or len(held) != 2:
        return []
    key, name, group = pack.scoped(end, domain)
    return [FactUnit(key=key, name=name, value=others[0], slot=end.id, group=group, terse=end.terse,
                     correction=ctx.correcting, stressed=ctx.stressed)]


def _trip_ends(pack) -> "list[list[SlotRule]]":
    """The two ends of a trip, each as the slots that stand for it: the core roles ``origin`` and
    ``destination`` and a pack's slot of the same name ("from": the booking pack's ``departure``)."""
    ends = [pack.slots.get(e) for e in ("origin", "destination")]
    if not all(ends):
        return []
    return [[s for s in pack.slots.values() if s.id == e.id or (s.name == e.name and s.scoped)] for e in ends]


def _end_slot(slots: "list[SlotRule]", domain: str) -> "SlotRule":
    """The slot a trip's end is kept under in ``domain``: one scoped there by the pack (the booking pack's
    ``departure``), else the core role."""
    return next((s for s in slots if s.scoped and _domains(s) and admits(s, domain)), slots[0])


def _named_ends(ctx: "MessageContext", labels: Collection[str]) -> None:
    """A name the entity reader took for a person's, with a trip end's cue right beside it ("a train to
    Cambridge from Kings Lynn", "departs Bishops Stortford"), is that end in a domain that has
    both ends: a place's cue makes a place of it there, as the roles step would have. The roles step's unit
    for it is re-keyed in place; none is made."""
    pack = ctx.pack
    person = {r[0] for r in pack.roles if "PERSON" in r[1]} | {pack.type_roles.get("PERSON")}
    if not labels:
        return
    as_place = "GPE" if "GPE" in labels else next(iter(labels))
    ends = None
    for m in ctx.mentions:
        if m.label != "PERSON" or ctx.asking(m.start) or _NAME_GOES_ON.match(ctx.text, m.end):
            continue  # "from Williams Art and Antiques": the reader cut the name, no end of it
        n = next((n for n, u in enumerate(ctx.units) if isinstance(u, FactUnit) and u.value == m.text), None)
        unit = ctx.units[n] if n is not None else None
        if unit is None or unit.offered or unit.slot not in person or unit.key != unit.slot:
            # no fact of the name's own (making one gave CrossWOZ's "收到，真是太…" a metro end), or another slot's
            continue
        cued = cue_role(ctx, replace(m, label=as_place))
        if cued not in ("origin", "destination"):
            continue
        ends = ends if ends is not None else _trip_ends(pack)
        if not ends:
            return
        slots = ends[0] if cued == "origin" else ends[1]
        domain = ctx.domain_at(m.start, slots[0])
        if domain is None or not all(admits(e[0], domain) for e in ends):
            continue
        keys = {pack.scoped(s, domain)[0] for s in slots if admits(s, domain)}
        if any(isinstance(o, FactUnit) and o.key in keys for o in ctx.units):
            continue  # this message says that end already
        end = _end_slot(slots, domain)
        key, name, group = pack.scoped(end, domain)
        ctx.units[n] = unit.model_copy(update=dict(key=key, name=name, slot=end.id, group=group, terse=end.terse))
    return


#: a name going on after "and" / "&" with a capital: the entity is a cut part of it
_NAME_GOES_ON = re.compile(r"\s*(?:and|&)\s+[A-Z]")
#: the words that join two names into one or into a choice: "X and Y", "X, Y", "X or Y"
_JOINED = re.compile(r"\s*(?:,|&|/|\band\b|\bor\b)?\s*", re.I)


@step("trip_ends", roles=("user",))
def trip_ends(ctx: "MessageContext") -> list[_Unit]:
    """A place the user names in a trip's talk with nothing that gives it a role (no "from" / "to" beside
    it, no question asking for it) is the trip's end not yet known: "a monorail from Eastgate into
    Riverside", "Which pier?" - "Millbrook, please", "I start work in Northfield". Only in a domain that
    has both ends (the pack's ``domains`` of ``origin`` and ``destination``) when exactly one of them is
    known, said in the message or held, and the place is not that end; never in a question, never for a
    message naming several such places. The unit the roles step keyed by the place's type is re-keyed
    in place; nothing else is made. Packs without domains (the core pack) are untouched.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en", packs=["booking"])
    >>> t.observe_many([{"role": "user", "content": "I need a taxi from Leeds on Friday."},
    ...                 {"role": "assistant", "content": "What time?"},
    ...                 {"role": "user", "content": "Early, I start work in Harrogate at 9."}])
    >>> sorted((f.key, f.value) for f in t.state().facts if f.status == "current" and f.key.startswith("taxi"))
    [('taxi.day', 'Friday'), ('taxi.destination', 'Harrogate'), ('taxi.origin', 'Leeds')]
    """
    pack, G = ctx.pack, ctx.graph
    if not pack.domain_rx or ctx.role != "user":
        return []
    labels = next((r[1] for r in pack.roles if r[0] == "origin"), frozenset())
    _named_ends(ctx, labels)
    typed = {pack.type_roles[label] for label in labels if label in pack.type_roles}
    places = [(n, u) for n, u in enumerate(ctx.units) if isinstance(u, FactUnit) and not u.offered
              and u.slot in typed and u.key == u.slot]
    ends = _trip_ends(pack) if len(places) == 1 else []
    if not ends:
        return []
    n, unit = places[0]
    # where the place is said: its mention, or its words (a value the tagger found)
    start = next((m.start for m in ctx.mentions if m.text == unit.value), ctx.text.find(unit.value))
    if start < 0 or ctx.asking(start):
        return []
    stop = start + len(unit.value)
    domain = ctx.domain_at(start, ends[1][0])
    if domain is None or not all(admits(e[0], domain) for e in ends):
        return []
    known: list[str | None] = []
    for slots in ends:
        keys = {pack.scoped(s, domain)[0] for s in slots if admits(s, domain)}
        said = [u.value for u in ctx.units if isinstance(u, FactUnit) and not u.offered and u.key in keys]
        held = [G.nodes[f]["value"] for key in keys for f in g.current_with_key(G, key)]
        known.append(next(iter(said + held), None))
    missing = [_end_slot(slots, domain) for slots, value in zip(ends, known) if value is None]
    have = next((str(v) for v in known if v is not None), None)
    place = unit.value.casefold()
    if len(missing) != 1 or have is None or place in have.casefold() or have.casefold() in place:
        return []
    # a place joined to the known end by "and" or a comma is part of its name or a second choice
    # ("from Hotel du Vin and Bistro"), not the other end
    at = ctx.text.find(have)
    gap = ctx.text[at + len(have):start] if at >= 0 and start >= at + len(have) else \
        ctx.text[stop:at] if at >= stop else None
    if gap is not None and _JOINED.fullmatch(gap):
        return []
    end = missing[0]
    key, name, group = pack.scoped(end, domain)
    ctx.units[n] = unit.model_copy(update=dict(key=key, name=name, slot=end.id, group=group, terse=end.terse))
    return []


__all__ = ["DOMAIN_SPAN", "admits", "bind_domain", "domain_finder", "kind_refs", "message_domain", "place_words", "same_as", "trip_ends"]
