"""References and choices: "它 / 那款手机 / that one / the laptop I picked" -> the most
salient compatible entity; "我就要小米14", "I'll go with the MacBook Air" -> selected."""

from __future__ import annotations

import networkx as nx

from .. import _graph as g
from .._units import ReferenceUnit, SelectUnit, _Unit
from .compiled import CompiledPack
from .context import Mention, MessageContext
from .registry import step


def salient_entity(G: nx.MultiDiGraph, pack: CompiledPack, label: str | None = None, window: int = 200) -> str | None:
    """The entity a reference most likely means: the selected one of a compatible type,
    else the thing mentioned or referred to most recently (within ``window`` turns)."""
    allowed = ("thing", "id") if label and pack.label_kind(label) == "id" else ("thing",)

    def fits(e: str) -> bool:
        d = G.nodes[e]
        return d["entity_kind"] in allowed and (not label or pack.compatible(label, d["label"]))

    chosen = [e for e in G.graph["selected"] if fits(e)]
    if chosen:
        return max(chosen, key=lambda e: (G.nodes[e].get("selected_turn", 0), e))
    for turn in g.recent(G, "turn", window):
        hits = [v for _, v, k in G.out_edges(turn, keys=True) if k in ("mentions", "refers_to") and fits(v)]
        if hits:
            return max(hits, key=lambda e: (G.nodes[e].get("last", 0), -G.nodes[turn]["text"].find(G.nodes[e]["text"])))
    return None


def find_references(text: str, mentions: list[Mention], pack: CompiledPack, G: nx.MultiDiGraph) -> list[ReferenceUnit]:
    """Resolve the pack's pronoun patterns to entities; a phrase that names its entity
    itself ("这款小米14") is no reference."""
    units: list[ReferenceUnit] = []
    seen_spans: list[tuple[int, int]] = []
    for rx in pack.pronouns:
        for m in rx.finditer(text):
            if any(m.start() < e and s < m.end() for s, e in seen_spans):
                continue
            noun = (m.groupdict().get("noun") or "").casefold()
            if "noun" in m.groupdict() and m.group("noun") is not None and noun not in pack.nouns:
                continue
            if any(mm.kind == "thing" and m.start() - 2 <= mm.start <= m.end() + 2 for mm in mentions):
                continue
            target = salient_entity(G, pack, pack.nouns.get(noun))
            if target:
                seen_spans.append((m.start(), m.end()))
                units.append(ReferenceUnit(text=m.group(0), entity=G.nodes[target]["key"]))
    return units


@step("references", roles=("user",))
def references(ctx: MessageContext) -> list[_Unit]:
    return find_references(ctx.text, ctx.mentions, ctx.pack, ctx.graph)


@step("selection", roles=("user",))
def selection(ctx: MessageContext) -> list[_Unit]:
    """The chosen thing follows the cue closely: "我就要小米14", "I'll go with the MacBook Air"."""
    refs = ctx.units_of(ReferenceUnit)
    text = ctx.text
    for rx in ctx.pack.selections:
        m = rx.search(text)
        if not m:
            continue
        after = [mm for mm in ctx.mentions if m.end() <= mm.start <= m.end() + 6 and mm.kind == "thing"]
        if after:
            return [SelectUnit(entity=after[0].key)]
        if refs and m.end() <= text.find(refs[0].text, m.start()) <= m.end() + 6:
            return [SelectUnit(entity=refs[0].entity)]
    return []
