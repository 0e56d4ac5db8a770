"""Select the part of the graph that matters for the current question.

Pinned items come first, in tiers (DESIGN.md): goal, active constraints, open
commitments, facts the question names, open questions, selected entities,
facts the user stressed. Everything else competes on a score: what the question
names (entities, slot keys, words), the graph neighbourhood of those
(personalized PageRank on the nodes around them) and recency.

>>> from ctxgraph._graph import new_graph, apply
>>> from ctxgraph._units import TurnUnit, FactUnit, ConstraintUnit
>>> G = new_graph()
>>> for u in [TurnUnit(index=0, role="user", text="", lang="en"),
...           FactUnit(key="budget", name="budget", value="$500"),
...           ConstraintUnit(text="do not ship with FedEx", polarity="must_not")]:
...     apply(G, u)
>>> [(i.node, i.tier) for i in select(G, Query(slots={"budget"}))]
[('c1', 1), ('f1', 3)]
"""

from __future__ import annotations

from dataclasses import dataclass, field

import networkx as nx

from . import _graph as g

TIER_GOAL, TIER_CONSTRAINT, TIER_COMMITMENT, TIER_NAMED_FACT, TIER_QUESTION, TIER_SELECTED, TIER_STRESSED = range(7)
TIER_RANKED = 10
#: PageRank runs on at most this many nodes around the question's seeds.
PPR_MAX_NODES = 1500


@dataclass
class Query:
    """What the question names: slot keys, entity ids, content words."""

    slots: set[str] = field(default_factory=set)
    entities: set[str] = field(default_factory=set)
    words: set[str] = field(default_factory=set)


@dataclass(frozen=True)
class Item:
    node: str
    kind: str
    tier: int
    score: float = 0.0
    count: int = 1  # actions: how many calls this line stands for

    @property
    def pinned(self) -> bool:
        return self.tier < TIER_RANKED


def _words_of(d: dict) -> str:
    kind = d["kind"]
    if kind == "fact":
        return f"{d['name']} {d['key']} {d['value']}"
    if kind == "action":
        return f"{d['tool']} " + " ".join(f"{k} {v}" for k, v in d.get("fields", {}).items())
    if kind == "entity":
        return d["text"]
    return d.get("text", "")


def _action_key(d: dict) -> str:
    """Actions alike but for their ids: same tool, status and non-id fields."""
    fields = {k: v for k, v in d.get("fields", {}).items() if not k.endswith("id")}
    return f"{d['tool']}|{d['status']}|{sorted(fields.items(), key=str)}"


def neighbourhood_rank(G: nx.MultiDiGraph, seeds: set[str]) -> dict[str, float]:
    """Personalized PageRank from ``seeds`` over the nodes within two hops of them."""
    seeds = {s for s in seeds if s in G}
    if not seeds:
        return {}
    U = G.to_undirected(as_view=True)
    nodes = set(seeds)
    frontier = set(seeds)
    for _ in range(2):
        nxt = set()
        for n in frontier:
            nxt.update(U.neighbors(n))
        nxt -= nodes
        nodes |= nxt
        frontier = nxt
        if len(nodes) > PPR_MAX_NODES:
            break
    if len(nodes) > PPR_MAX_NODES:  # keep the seeds and the newest nodes
        rest = sorted(nodes - seeds, key=lambda n: G.nodes[n].get("turn", G.nodes[n].get("index", 0)), reverse=True)
        nodes = seeds | set(rest[: PPR_MAX_NODES - len(seeds)])
    sub = nx.Graph(U.subgraph(nodes))
    return nx.pagerank(sub, alpha=0.85, personalization={s: 1.0 for s in seeds}, max_iter=50, tol=1e-4)


def select(G: nx.MultiDiGraph, query: Query) -> list[Item]:
    """Pinned items by tier, then the rest by score; a stable order for a given graph."""
    items: list[Item] = []
    goal = G.graph["goal"]
    if goal:
        items.append(Item(goal, "goal", TIER_GOAL))
    for cid, d in sorted(g.open_items(G, "constraint"), key=lambda x: (not x[1]["stressed"], x[1]["turn"])):
        items.append(Item(cid, "constraint", TIER_CONSTRAINT))
    for pid, _ in g.open_items(G, "commitment"):
        items.append(Item(pid, "commitment", TIER_COMMITMENT))
    current = g.current_facts(G)
    named = [f for f, d in current if d["key"] in query.slots or (d["subject"] and d["subject"] in query.entities)]
    items += [Item(f, "fact", TIER_NAMED_FACT) for f in sorted(named, key=lambda f: G.nodes[f]["turn"])]
    for qid, _ in g.open_items(G, "question"):
        items.append(Item(qid, "question", TIER_QUESTION))
    selected = [e for e, d in g.entities(G) if d.get("selected")]
    items += [Item(e, "entity", TIER_SELECTED) for e in selected]
    items += [Item(f, "fact", TIER_STRESSED) for f, d in current if d["stressed"] and f not in named]

    taken = {i.node for i in items}
    last = max(G.graph["turns"] - 1, 1)
    ppr = neighbourhood_rank(G, query.entities)
    candidates = [(f, d) for f, d in current if f not in taken]
    # repeated calls with the same outcome ("search_catalog ok: count=25" ×18) compete once, as the newest
    groups: dict[str, list[str]] = {}
    for a, d in g.nodes_of(G, "action"):
        groups.setdefault(_action_key(d), []).append(a)
    repeats = {ids[-1]: len(ids) for ids in groups.values()}
    candidates += [(a, G.nodes[a]) for a in repeats if a not in taken]
    from ._state import focus

    candidates += [(e, G.nodes[e]) for e in focus(G) if e not in taken]
    ranked = []
    for node, d in candidates:
        words = {w.casefold() for w in _words_of(d).split()}
        lexical = len(words & query.words) + sum(1 for w in query.words if len(w) > 1 and w in _words_of(d).casefold())
        named_here = 2.0 if node in query.entities or d.get("subject") in query.entities else 0.0
        recency = d.get("turn", 0) / last
        score = 1.5 * lexical + named_here + 20.0 * ppr.get(node, 0.0) + 0.5 * recency
        if d["kind"] == "fact":
            score += 0.3  # a value the conversation established beats an incidental mention
        ranked.append(Item(node, d["kind"], TIER_RANKED, round(score, 6), repeats.get(node, 1)))
    ranked.sort(key=lambda i: (-i.score, i.node))
    return items + ranked
