"""Select the part of the graph that matters for the current question.

Pinned items come first, in tiers (DESIGN.md): goal, active constraints, open
commitments (at most :data:`PINNED_COMMITMENTS`, the rest ranked), facts the question names, open questions, selected entities,
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

import re
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import chain, islice

import networkx as nx
import numpy as np

from . import _graph as g
from .extract.wants import WANT_KEY

TIER_GOAL, TIER_CONSTRAINT, TIER_COMMITMENT, TIER_NAMED_FACT, TIER_QUESTION, TIER_SELECTED, TIER_STRESSED = range(7)
TIER_RANKED = 10
#: PageRank runs on at most this many nodes around the question's seeds ...
PPR_MAX_NODES = 400
#: ... taking at most this many (the newest) neighbours of each node.
NEIGHBOURS = 30
#: Ranked candidates always include this many newest current facts and actions.
RECENT_FACTS = 80
RECENT_ACTIONS = 30
#: Extra score of a fact the user stated (under a rule's slot): with it, such a fact
#: outranks any recalled turn.
USER_FACT_BONUS = 1.0
#: Turns after which a fact's edge over recalled turns is halved.
FACT_HALF_LIFE = 60
#: Earlier turns offered by lexical recall, and their weight: a turn that holds all the
#: question's words (normalised BM25 about 1) outranks a fact the question does not touch
#: (about 1.0-1.5) but not one it names.
RECALL_TURNS = 30
#: The newest turns are left to the raw-turn window, not recalled.
RECALL_SKIP_LAST = 4
TURN_WEIGHT = 1.6
#: Reciprocal-rank fusion of lexical and dense recall (:func:`fuse_turns`): its constant (the
#: usual 60; 10 measured the same on LoCoMo dev, within 0.005), and the score of a turn first in
#: both rankings (on the lexical scale above). RRF beat adding a scaled cosine to the BM25
#: score (0.657 against 0.626-0.642 evidence recall at 1,000 tokens, LoCoMo dev 26/30/41).
RRF_K = 60
FUSED_TOP = 1.0
#: Dense recall takes part only in a chat of more than this many turns (twice what recall
#: offers): in a shorter one its top RECALL_TURNS are most of the chat, all near its topic,
#: so it adds candidates instead of choosing among them. MultiWOZ val 0-39 (at most 34
#: messages) at 128 tokens: fused everywhere 0.912, lexical 0.922, this rule 0.922; LoCoMo
#: (600 turns and more) fuses as before (docs/benchmarks.md, "Semantic recall").
FUSE_MIN_TURNS = 2 * RECALL_TURNS
#: The turns next to the best recalled ones come along, at this share of their score.
RECALL_NEIGHBOURS = 8
NEIGHBOUR_SHARE = 0.5
#: In a long chat of named participants (the ``name`` of their messages), when the question names
#: one of them, the turns of the others recalled for it (found or brought as neighbours) count at
#: this share of their score (:func:`speaker_turns_first`); LoCoMo dev at 1,000 tokens: 0.653 -> 0.675
#: with the extra, 0.615 -> 0.649 without (0.3 and 0.7 measured between: docs/benchmarks.md, fifth
#: round; again in the seventh and eighth rounds, docs/quality.md).
SPEAKER_SHARE = 0.5
#: At most this many open promises are pinned: the ones the question's words touch, then
#: the newest. The others compete with the ranked items, so a long chat's promises never
#: push out the fact a question asks for.
PINNED_COMMITMENTS = 5
#: At most this many active constraints are pinned: the ones the user stressed, then the
#: newest. The next RANKED_CONSTRAINTS newer ones compete with the ranked items (by the
#: question's words and recency), so a support chat that gathers hundreds of constraints
#: neither pushes out the fact a question asks for nor costs more to assemble as it grows.
PINNED_CONSTRAINTS = 24
RANKED_CONSTRAINTS = 60
#: Active constraints looked at for the stressed ones, and open promises read (the newest):
#: what an assemble reads stays the same however long the chat.
CONSTRAINTS_READ = 500
PROMISES_READ = 200
#: The newest options offered that are looked at for a slot the question names.
OFFERS_READ = 200


@dataclass
class Query:
    """What the question names: slot keys, entity ids, lookup terms (:func:`index_terms`)."""

    slots: set[str] = field(default_factory=set)
    entities: set[str] = field(default_factory=set)
    terms: set[str] = field(default_factory=set)
    history: bool = False  # the question asks how something was before ("原来的预算", "what was it before")


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


#: The fact bonus of an option offered and not chosen (a settled fact's is 1.0, the user's more).
OFFER_BONUS = 0.25


def _words_of(d: dict) -> str:
    kind = d["kind"]
    if kind == "fact":
        return f"{d['name']} {d['key']} {d['value']}"
    if kind == "action":
        return f"{d['tool']} " + " ".join(f"{k} {v}" for k, v in d.get("fields", {}).items())
    if kind == "entity":
        return d["text"]
    return d.get("text", "")


def _neighbours(G: nx.MultiDiGraph, node: str, cap: int) -> list[str]:
    """At most ``cap`` neighbours (either direction), the newest first (an entity named in
    5,000 turns must not pull all of them in)."""
    nbrs = list(dict.fromkeys(chain(G._succ[node], G._pred[node])))
    if len(nbrs) <= cap:
        return nbrs
    nodes = G.nodes
    return sorted(nbrs, key=lambda n: nodes[n].get("turn", nodes[n].get("index", 0)), reverse=True)[:cap]


def neighbourhood_rank(G: nx.MultiDiGraph, seeds: set[str]) -> dict[str, float]:
    """Personalized PageRank from ``seeds`` over a bounded neighbourhood (two hops, the
    newest ``NEIGHBOURS`` neighbours of each node, at most ``PPR_MAX_NODES`` nodes), with
    edges taken as undirected and unweighted.

    >>> from ctxgraph._graph import new_graph
    >>> G = new_graph()
    >>> _ = G.add_edges_from([("t0", "e1"), ("t0", "e2"), ("t1", "e2")])
    >>> {n: round(r, 3) for n, r in sorted(neighbourhood_rank(G, {"e1"}).items())}
    {'e1': 0.345, 'e2': 0.195, 't0': 0.46}
    """
    seeds = {s for s in seeds if s in G}
    if not seeds:
        return {}
    nodes = dict.fromkeys(sorted(seeds))
    frontier = list(nodes)
    for _ in range(2):
        nxt = []
        for n in frontier:
            for m in _neighbours(G, n, NEIGHBOURS):
                if m not in nodes and len(nodes) < PPR_MAX_NODES:
                    nodes[m] = None
                    nxt.append(m)
        frontier = nxt
    order = list(nodes)
    index = {n: i for i, n in enumerate(order)}
    edges = [(i, index[m]) for i, n in enumerate(order) for m in chain(G._succ[n], G._pred[n]) if m in index]
    return dict(zip(order, personalized_pagerank(len(order), edges, [index[s] for s in seeds]).tolist()))


def personalized_pagerank(n: int, edges: list[tuple[int, int]], seeds: list[int], *, alpha: float = 0.85,
                          max_iter: int = 50, tol: float = 1e-4) -> np.ndarray:
    """PageRank of the undirected, unweighted graph on nodes ``0..n-1`` with ``edges`` (both
    directions given or not; repeats count once), restarting at ``seeds``: networkx's
    ``pagerank`` (power iteration, dangling nodes jump to the seeds, stop when the L1 change
    is below ``n * tol``) on a dense matrix. The neighbourhood is small (at most
    :data:`PPR_MAX_NODES` nodes): building networkx and scipy graphs for it cost ten times
    the iteration itself. After ``max_iter`` steps the last vector is returned.

    >>> personalized_pagerank(3, [(0, 1), (1, 2)], [0]).round(3).tolist()
    [0.345, 0.46, 0.195]
    """
    A = np.zeros((n, n))
    if edges:
        rows, cols = np.array(edges).T
        A[rows, cols] = A[cols, rows] = 1.0
    degree = A.sum(axis=1)
    dangling = degree == 0
    A[~dangling] /= degree[~dangling, None]
    p = np.zeros(n)
    p[seeds] = 1.0 / len(set(seeds))
    x = np.full(n, 1.0 / n)
    for _ in range(max_iter):
        last = x
        x = alpha * (x @ A + x[dangling].sum() * p) + (1 - alpha) * p
        if np.abs(x - last).sum() < n * tol:
            break
    return x


def select(G: nx.MultiDiGraph, query: Query, dense: list[tuple[str, float]] | None = None) -> list[Item]:
    """Pinned items by tier, then the rest by score (in a long chat, the items the question does
    not touch after the recalled turns: :func:`_touches`); a stable order for a given graph.

    ``dense``: earlier turns by similarity to the question (turn id, cosine), best first,
    from an encoder (:mod:`ctxgraph._embed`); fused with the lexical ranking (:func:`fuse_turns`).

    Work is bounded: candidates come from indexes (the question's terms, the newest facts
    and actions, the focus, the neighbourhood of what the question names), so a 10,000-turn
    conversation costs about what a 100-turn one does.
    """
    items = _pinned(G, query)
    taken = {i.node for i in items} | _restating_goal(G)
    ranked = _ranked(G, query, taken) + _unpinned_commitments(G, query, taken) + _unpinned_constraints(G, query, taken)
    # earlier turns that share words with the question (lexical recall of what was said),
    # fused with the turns nearest to it in meaning when an encoder is set (``dense``)
    recalled = dict(g.recall_turns(G, query.terms, k=RECALL_TURNS, skip_last=RECALL_SKIP_LAST, normalized=True))
    if dense:  # none (no encoder, or a question in a language it does not read): lexical as before
        recalled = fuse_turns(recalled, dense)
    for t, score in list(recalled.items())[:RECALL_NEIGHBOURS]:  # the reply to a matching turn often holds the answer
        for n in (f"t{G.nodes[t]['index'] + 1}", f"t{G.nodes[t]['index'] - 1}"):
            if n in G.graph["turn_lengths"] and n not in recalled:
                recalled[n] = NEIGHBOUR_SHARE * score
    speaker = named_speaker(G, query) if long_chat(G) else None
    if speaker:  # "what did Maria say about ...": Maria's turns first
        recalled = speaker_turns_first(G, recalled, speaker)
    ranked += [Item(t, "turn", TIER_RANKED, round(TURN_WEIGHT * min(score, 1.2), 6)) for t, score in recalled.items()]
    ranked.sort(key=lambda i: (-i.score, i.node))
    if long_chat(G):  # what the question does not touch waits for the turns recalled for it
        touched = [_touches(G, query, i, speaker) for i in ranked]
        ranked = [i for i, t in zip(ranked, touched) if t] + [i for i, t in zip(ranked, touched) if not t]
    return items + ranked


def named_speaker(G: nx.MultiDiGraph, query: Query) -> str | None:
    """The one participant the question names, in a chat of several named ones (the ``name``
    of their messages: a group chat, a transcript of two people); None otherwise (no names,
    one speaker only, or a question naming none or several of them).

    >>> from ctxgraph._graph import new_graph, apply
    >>> from ctxgraph._units import TurnUnit
    >>> G = new_graph()
    >>> for i, who in enumerate(["Maria", "John"]):
    ...     apply(G, TurnUnit(index=i, role="user", text="hi", lang="en", name=who))
    >>> named_speaker(G, Query(terms={"maria", "hike"})), named_speaker(G, Query(terms={"hike"}))
    ('Maria', None)
    """
    speakers = G.graph.get("speakers") or {}
    if len(speakers) < 2 or not query.terms:
        return None
    named = [s for s in speakers if (terms := _promise_terms(s)) and terms <= query.terms]
    return named[0] if len(named) == 1 else None


#: A word of a question, with a possessive ("Priya's") or a hyphen kept on it.
_QUESTION_WORD = re.compile(r"[^\W_]+(?:[-'’][^\W_]+)*")


def dense_question(G: nx.MultiDiGraph, query: Query, question: str) -> str:
    """``question`` as dense recall reads it: in a long chat of named participants, without the
    name of the one it names (:func:`named_speaker`); unchanged otherwise.

    The name says *who* (:func:`speaker_turns_first` prefers that participant's turns by their
    ``name``); dense recall should look for *what*. Left in, a short question's vector is
    mostly the name, and its nearest turns are the ones that say it ("Hey Priya!", "Priya:
    ...") rather than the ones about the thing asked. LoCoMo dev at 1,000 tokens with the extra:
    0.676 -> 0.713, every conversation up or equal (docs/quality.md, locomo7 round). A question
    that is nothing but the name stays as it is.

    >>> from ctxgraph._graph import new_graph, apply
    >>> from ctxgraph._units import TurnUnit
    >>> G = new_graph()
    >>> for i in range(FUSE_MIN_TURNS + 1):
    ...     apply(G, TurnUnit(index=i, role="user", text="hi", lang="en", name=["Maria", "John"][i % 2]))
    >>> dense_question(G, Query(terms={"maria", "hike"}), "Where did Maria's hike end?")
    'Where did hike end?'
    >>> dense_question(G, Query(terms={"hike"}), "Where did the hike end?")
    'Where did the hike end?'
    """
    speaker = named_speaker(G, query) if long_chat(G) else None
    if speaker is None:
        return question
    name = _promise_terms(speaker)
    kept = _QUESTION_WORD.sub(lambda m: "" if (t := g.index_terms(m.group())) and t <= name else m.group(), question)
    kept = re.sub(r"\s+([?.!,;:])", r"\1", " ".join(kept.split()))
    return kept if _QUESTION_WORD.search(kept) else question


def speaker_turns_first(G: nx.MultiDiGraph, recalled: dict[str, float], speaker: str) -> dict[str, float]:
    """``recalled`` (turn id -> score) with every turn of a participant other than ``speaker``
    (or of no participant: a session's date line) at :data:`SPEAKER_SHARE` of its score, whether
    recall found it for the question or it came as the neighbour of a hit.

    A question about one participant is answered by their own turns (LoCoMo dev: 933 of the
    970 evidence turns of the questions naming one speaker are that speaker's), while the
    lexical and dense rankings mix everybody's. The others' turns are not dropped: they still
    bring their neighbours (the named speaker's reply to "Maria, how was the hike?" shares no
    word with the question), and a neighbour that is the named speaker's keeps its share. Dropping
    the others' turns instead, or offering the named speaker's turns first from deeper rankings,
    lost the replies and measured no better (docs/benchmarks.md, "issue 21, fifth round").
    Until the eighth round the others' turns that came only as neighbours of the named speaker's
    hits kept their full share and took the room of the speaker's next hits; at the share too,
    LoCoMo dev at 1,000 tokens 0.712 -> 0.725 with the extra, every conversation up (docs/quality.md,
    locomo8 round).

    >>> from ctxgraph._graph import new_graph, apply
    >>> from ctxgraph._units import TurnUnit
    >>> G = new_graph()
    >>> for i, who in enumerate(["John", "Maria", "John"]):
    ...     apply(G, TurnUnit(index=i, role="user", text="hi", lang="en", name=who))
    >>> speaker_turns_first(G, {"t0": 1.0, "t2": 0.8, "t1": 0.5}, "Maria")
    {'t0': 0.5, 't2': 0.4, 't1': 0.5}
    """
    nodes = G.nodes
    return {t: s * SPEAKER_SHARE if nodes[t].get("name") != speaker else s for t, s in recalled.items()}


def _restating_goal(G: nx.MultiDiGraph) -> set[str]:
    """The user's opening want (:mod:`ctxgraph.extract.wants`) while the goal quotes the same
    message whole: the goal line says it already, so the want takes no room of its own (it stays
    in the state JSON)."""
    goal = G.graph["goal"]
    if not goal:
        return set()
    turn = G.nodes[goal]["turn"]
    return {f for f in g.current_with_key(G, WANT_KEY) if G.nodes[f]["turn"] == turn}


def _touches(G: nx.MultiDiGraph, query: Query, item: Item, speaker: str | None = None) -> bool:
    """Whether the question touches a ranked item: a recalled turn (found for it), an item it
    names (or whose subject it names), or one sharing a lookup term with it.

    In a long chat (:func:`long_chat`) the items it does not touch (the assistant's facts,
    entities in focus, actions, the older promises) come after every recalled turn: there they
    are many, most from long ago. The user's rules and current facts keep their place (a budget
    said 40 turns ago must reach the model). Demoting those too gave LoCoMo dev 0.628 -> 0.637 at
    1,000 tokens but lost a support chat's budget; without it LoCoMo is unchanged (0.628,
    docs/benchmarks.md, "Semantic recall"). A short chat ranks as before.

    ``speaker``: the one participant the question names (:func:`named_speaker`). A question about
    a participant of a chat of several named people ("What did Priya say about the festival?")
    asks what was said, not what the task needs next: the facts it does not touch wait like the
    assistant's, the named participant's own too (their budget does not answer which instrument
    they play; a fact the question names is pinned, one sharing its words keeps its place).
    LoCoMo dev at 1,000 tokens: the others' facts only 0.673 -> 0.675 with the extra, 0.649 -> 0.656
    without (docs/benchmarks.md, sixth round); every untouched fact 0.671 -> 0.676, 0.644 -> 0.660,
    no conversation lower (docs/quality.md, locomo7 round). Rules never wait.
    """
    if item.kind in ("turn", "constraint") or item.node in query.entities or (
            _users_fact(G, item) and speaker is None):
        return True  # the user's own rules and current facts never wait: they are what a long chat forgets
    d = G.nodes[item.node]
    return d.get("subject") in query.entities or bool(_promise_terms(_words_of(d)) & query.terms)


def user_stated_first(G: nx.MultiDiGraph, ranked: list[Item]) -> list[Item]:
    """``ranked`` with the current facts the user stated (or accepted) first, each part in its
    order: at a small budget (``Tracker.assemble`` under ``COMPACT_BELOW``) what only the user
    could say (their requirements, ids, choices) comes before what the assistant said or
    offered, the entities in focus and the recalled turns, which the assistant can say again.
    A fact the question names is pinned and comes before all of these anyway.

    On val with the catalogue, first 40 dialogues: CrossWOZ 0.396 -> 0.471 at 64 tokens,
    0.820 -> 0.857 at 128; MultiWOZ 0.650 -> 0.662 and 0.918 -> 0.922 (docs/benchmarks.md).

    >>> from ctxgraph._graph import new_graph, apply
    >>> from ctxgraph._units import TurnUnit, FactUnit
    >>> G = new_graph()
    >>> for u in [TurnUnit(index=0, role="user", text="", lang="en"), FactUnit(key="area", name="area", value="east"),
    ...           TurnUnit(index=1, role="assistant", text="", lang="en"), FactUnit(key="phone", name="phone", value="0123")]:
    ...     apply(G, u)
    >>> [i.node for i in user_stated_first(G, [Item("f2", "fact", TIER_RANKED, 3.0), Item("f1", "fact", TIER_RANKED, 2.0)])]
    ['f1', 'f2']
    """
    mine, others = [], []
    for i in ranked:
        (mine if _users_fact(G, i) else others).append(i)
    return mine + others


def _users_fact(G: nx.MultiDiGraph, item: Item) -> bool:
    """Whether ``item`` is a current fact the user stated or accepted."""
    d = G.nodes[item.node]
    if item.kind != "fact" or d["status"] != "current":
        return False
    turn = G.nodes.get(f"t{d.get('accepted', d.get('turn', -1))}")
    return turn is not None and turn["role"] == "user"


def long_chat(G: nx.MultiDiGraph) -> bool:
    """Whether the chat holds more than :data:`FUSE_MIN_TURNS` turns: long enough for dense
    recall to choose, and for the items the question does not touch to wait (:func:`select`).

    >>> from ctxgraph._graph import new_graph
    >>> long_chat(new_graph())
    False
    """
    return len(G.graph["turn_lengths"]) > FUSE_MIN_TURNS


def dense_wanted(G: nx.MultiDiGraph) -> bool:
    """Whether the chat is long enough for dense recall to choose (:func:`long_chat`).

    >>> from ctxgraph._graph import new_graph
    >>> dense_wanted(new_graph())
    False
    """
    return long_chat(G)


def fuse_turns(lexical: dict[str, float], dense: list[tuple[str, float]]) -> dict[str, float]:
    """Reciprocal-rank fusion of the lexical (BM25) and the dense ranking of earlier turns, on
    the lexical score's scale (a turn first in both rankings scores :data:`FUSED_TOP`, about
    a turn holding all the question's words), the best :data:`RECALL_TURNS` of either.

    >>> fuse_turns({"t1": 0.9, "t2": 0.5}, [("t2", 0.8), ("t3", 0.6)])
    {'t2': 0.991935, 't1': 0.5, 't3': 0.491935}
    """
    fused: dict[str, float] = {}
    for ranking in (sorted(lexical, key=lambda t: (-lexical[t], t)), [t for t, _ in dense]):
        for rank, t in enumerate(ranking[:RECALL_TURNS]):
            fused[t] = fused.get(t, 0.0) + 1.0 / (RRF_K + rank + 1)
    scale = FUSED_TOP * (RRF_K + 1) / 2
    best = sorted(fused.items(), key=lambda x: (-x[1], x[0]))[:RECALL_TURNS]
    return {t: round(score * scale, 6) for t, score in best}


def _pinned(G: nx.MultiDiGraph, query: Query) -> list[Item]:
    """Goal, constraints, promises, named facts (or the options offered for a named slot),
    open questions, selected entities, stressed facts."""
    items: list[Item] = []
    goal = G.graph["goal"]
    if goal:
        items.append(Item(goal, "goal", TIER_GOAL))
    items += [Item(c, "constraint", TIER_CONSTRAINT) for c in _pinned_constraints(G)]
    items += [Item(p, "commitment", TIER_COMMITMENT) for p in _promises_by_relevance(G, query)[:PINNED_COMMITMENTS]]
    named = {f for slot in query.slots for f in g.current_facts_with_slot(G, slot)}
    # a slot the question names with no chosen value yet: the options offered for it, newest
    offers = [f for f in islice(reversed(G.graph.get("offers", [])), OFFERS_READ) if G.nodes[f]["slot"] in query.slots
              and not g.current_facts_with_slot(G, G.nodes[f]["slot"])]
    named.update(offers[:2])
    for e in query.entities:
        named.update(f for f in g.facts_about(G, e) if G.nodes[f]["status"] == "current")
    items += [Item(f, "fact", TIER_NAMED_FACT) for f in sorted(named, key=lambda f: (G.nodes[f]["turn"], f))]
    for qid, _ in g.open_items(G, "question"):
        items.append(Item(qid, "question", TIER_QUESTION))
    items += [Item(e, "entity", TIER_SELECTED) for e in G.graph["selected"]]
    items += [Item(f, "fact", TIER_STRESSED) for f in G.graph["stressed"] if f not in named]
    return items


def _pinned_constraints(G: nx.MultiDiGraph) -> list[str]:
    """The active constraints pinned: the stressed ones (among the newest CONSTRAINTS_READ),
    then the newest, up to PINNED_CONSTRAINTS; stressed first, then in the order stated."""
    active = G.graph["open_items"]["constraint"]
    nodes = G.nodes
    stressed = [c for c in g.newest_open(G, "constraint", CONSTRAINTS_READ) if nodes[c]["stressed"]][-PINNED_CONSTRAINTS:]
    chosen = dict.fromkeys(stressed)
    for c in reversed(active):
        if len(chosen) >= PINNED_CONSTRAINTS:
            break
        chosen[c] = None
    return sorted(chosen, key=lambda c: (not nodes[c]["stressed"], nodes[c]["turn"]))


def _unpinned_constraints(G: nx.MultiDiGraph, query: Query, taken: set[str]) -> list[Item]:
    """Active constraints older than the pinned ones (the next RANKED_CONSTRAINTS), scored
    like an unpinned promise: the question's words, and recency."""
    if len(G.graph["open_items"]["constraint"]) <= PINNED_CONSTRAINTS:
        return []
    return _ranked_open(G, query, taken, "constraint", PINNED_CONSTRAINTS + RANKED_CONSTRAINTS)


def _ranked_open(G: nx.MultiDiGraph, query: Query, taken: set[str], kind: str, n: int) -> list[Item]:
    """The ``n`` newest open items of ``kind`` not ``taken``, ranked by the question's words
    (their lookup terms) and recency."""
    last = max(G.graph["turns"] - 1, 1)
    out = []
    for node in g.newest_open(G, kind, n):
        if node not in taken:
            d = G.nodes[node]
            lexical = len(_promise_terms(d["text"]) & query.terms)
            out.append(Item(node, kind, TIER_RANKED, round(1.5 * lexical + 0.5 * d["turn"] / last, 6)))
    return out


@lru_cache(maxsize=4096)
def _promise_terms(text: str) -> frozenset[str]:
    """The lookup terms of a text that never changes and is looked at on every assemble: a
    promise (open for hundreds of turns, scored twice per assemble), a speaker's name, the words
    of a fact in a long chat (:func:`_touches`)."""
    return frozenset(g.index_terms(text))


def _promises_by_relevance(G: nx.MultiDiGraph, query: Query) -> list[str]:
    """Open promises, the ones sharing most words with the question first, then the newest
    (the promises shown pinned are the head of this list)."""
    opened = g.newest_open(G, "commitment", PROMISES_READ)
    shared = {p: len(_promise_terms(G.nodes[p]["text"]) & query.terms) for p in opened} if query.terms else {}
    return sorted(reversed(opened), key=lambda p: -shared.get(p, 0))


def _unpinned_commitments(G: nx.MultiDiGraph, query: Query, taken: set[str]) -> list[Item]:
    """Open promises beyond :data:`PINNED_COMMITMENTS`, scored like a fact the question does
    not name (its words, and recency)."""
    return _ranked_open(G, query, taken, "commitment", PROMISES_READ)


def _ranked(G: nx.MultiDiGraph, query: Query, taken: set[str]) -> list[Item]:
    """Facts, actions and entities in focus that compete for the rest of the room, scored."""
    last = max(G.graph["turns"] - 1, 1)
    ppr = neighbourhood_rank(G, query.entities)
    pool: dict[str, None] = {}
    for f, _ in g.recent_current_facts(G, RECENT_FACTS):
        pool[f] = None
    for f in G.graph.get("offers", [])[-RECENT_FACTS:]:  # options offered, not (yet) chosen
        pool[f] = None
    for n in g.nodes_with_terms(G, query.terms) + sorted(ppr) + g.recent(G, "action", RECENT_ACTIONS):
        pool[n] = None
    # repeated calls with the same outcome ("search_catalog ok: count=25" ×18) compete once, as the newest
    repeats: dict[str, int] = {}
    candidates: list[tuple[str, dict]] = []
    for n in pool:
        d = G.nodes[n]
        if n in taken or d["kind"] not in ("fact", "action") or d["kind"] == "fact" and d["status"] not in ("current", "offered"):
            continue
        if d["kind"] == "fact" and d["status"] == "offered" and g.current_with_key(G, d["key"]):
            continue  # an option for a key the user has chosen a value of
        if d["kind"] == "action":
            group = G.graph["action_groups"].get(g.action_group(d), [n])
            if group[-1] != n and group[-1] in pool:
                continue
            n, d = group[-1], G.nodes[group[-1]]
            repeats[n] = len(group)
        candidates.append((n, d))
    from ._state import focus

    stated = " ".join(G.nodes[n]["value"].casefold() for n in (*taken, *(c for c, _ in candidates))
                      if G.nodes[n]["kind"] == "fact")  # a name already shown as a value is not shown again
    candidates += [(e, G.nodes[e]) for e in focus(G) if e not in taken and G.nodes[e]["text"].casefold() not in stated]
    ranked, seen = [], set()
    for node, d in candidates:
        if node in seen:
            continue
        seen.add(node)
        lexical = len(g.index_terms(_words_of(d)) & query.terms)
        named_here = 2.0 if node in query.entities or d.get("subject") in query.entities else 0.0
        recency = d.get("turn", 0) / last
        score = 1.5 * lexical + named_here + 20.0 * ppr.get(node, 0.0) + 0.5 * recency
        if d["kind"] == "fact" and not d.get("phrase"):
            # a value under a rule's slot beats an incidental mention, the user's most; the
            # edge fades over FACT_HALF_LIFE turns, so in a long chat an old fact the question
            # does not touch gives way to the turns the question is about
            bonus = 1.0 + (USER_FACT_BONUS if G.nodes[f"t{d['turn']}"]["role"] == "user" else 0.0)
            if d["status"] == "offered":
                bonus = OFFER_BONUS  # an option is worth less than a value somebody settled on
            score += bonus / (1 + (last - d["turn"]) / FACT_HALF_LIFE)
        ranked.append(Item(node, d["kind"], TIER_RANKED, round(score, 6), repeats.get(node, 1)))
    return ranked
