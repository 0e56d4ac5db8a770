"""The graph and the one function that changes it.

:func:`apply` folds a unit into a ``networkx.MultiDiGraph``; nothing else mutates
the graph. Replaying the same units into a new graph gives an equal graph
(:func:`graphs_equal`). Queries are plain functions ``f(G, ...)``.

Node kinds: turn, entity, fact, constraint, commitment, action, question, goal.
Edge kinds: mentions, about, supersedes, refers_to, fulfills, made_in, result_of.

>>> from ctxgraph._units import TurnUnit, FactUnit
>>> G = new_graph()
>>> apply(G, TurnUnit(index=0, role="user", text="预算5000元", lang="zh"))
>>> apply(G, FactUnit(key="budget", name="预算", value="5000元"))
>>> apply(G, TurnUnit(index=1, role="user", text="预算改成6000", lang="zh"))
>>> apply(G, FactUnit(key="budget", name="预算", value="6000元", correction=True))
>>> [(f, d["value"], d["status"]) for f, d in facts(G)]
[('f1', '5000元', 'superseded'), ('f2', '6000元', 'current')]
"""

from __future__ import annotations

import heapq
import math
import re
from itertools import islice
from typing import Any, Iterator

import networkx as nx

from ._errors import Errors, StateError
from ._units import (
    LEGACY_LABEL_KINDS,
    DecisionUnit,
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

_PREFIX = {"entity": "e", "fact": "f", "constraint": "c", "commitment": "p", "action": "a",
           "question": "q", "goal": "g"}


def new_graph() -> nx.MultiDiGraph:
    """An empty conversation graph with its lookup indexes."""
    G = nx.MultiDiGraph()
    G.graph.update(
        turns=0, counters={}, entity_by_key={}, current_fact={}, call_to_action={},
        goal=None, last_turn=None,
        # open items per kind, oldest first: dict keys (values None), so closing one is O(1)
        open_items={"commitment": {}, "question": {}, "constraint": {}},
        active_rules={},  # text of an active constraint -> how many active ones have it
        # active constraints by the tokens a value can match in their text (_rule_keys), and
        # those whose text no key covers (checked always); dict keys, oldest first
        rules_by_token={}, rules_unkeyed={},
        # lookup indexes, so per-turn work does not grow with the conversation
        kinds={}, terms={}, facts_by_slot={}, domain=None, domain_turn=None,
        turn_terms={}, turn_lengths={}, turn_length_total=0, selected=[], stressed=[], action_groups={},
        speakers={},  # a message's ``name`` (a participant of a group chat) -> how many turns they said
        offers=[], offers_by_key={},  # facts with status "offered", oldest first, and per key
        facts_about={},  # entity -> the facts about it (not its mentions), oldest first
    )
    return G


_LATIN = re.compile(r"[a-z0-9][a-z0-9@.\-]*[a-z0-9]|[a-z0-9]")
_HYPHENATED = re.compile(r"\b([a-z]{1,12})-([a-z]{2,12})\b")
_CJK_RUN = re.compile(r"[\u4e00-\u9fff]+")
_STOP = frozenset("the a an to of for and or in on at by with my your our it is are be was were will i you we me us "
                  "please can could would should just what which when where how do does did that this those these "
                  "have has had so but not no yes oh really like get got go going it's i'm that's there they "
                  "them their he she his her him also too very some any about from as if than then".split())


def _stem(word: str) -> str:
    """A light English suffix stripper, so "plans" meets "plan" and "adopted" meets "adopt"."""
    for suffix, keep in (("'s", 3), ("ies", 4), ("ing", 5), ("ed", 4), ("es", 5), ("s", 4)):
        if word.endswith(suffix) and len(word) >= keep + len(suffix) - 1 and not word.endswith("ss"):
            return word[: -len(suffix)] + ("y" if suffix == "ies" else "")
    return word


def index_terms(text: str) -> set[str]:
    """Cheap lookup terms of a text: lower-cased, lightly stemmed words (no stop words)
    and Chinese bigrams.

    >>> sorted(index_terms("预算 budget is $500"))
    ['500', 'budget', '预算']
    >>> sorted(index_terms("Caroline's plans"))
    ['caroline', 'plan']
    >>> index_terms("running farther to de-stress") & index_terms("What do you do to destress?")
    {'destress'}
    """
    low = text.casefold()
    terms = {_stem(w) for w in _LATIN.findall(low) if w not in _STOP and len(w) > 1}
    # a hyphenated word is also its joined form: "de-stress" meets "destress", "e-mail" "email"
    terms.update(_stem(a + b) for a, b in _HYPHENATED.findall(low))
    for run in _CJK_RUN.findall(low):
        terms.update(run[i:i + 2] for i in range(max(1, len(run) - 1)))
    return terms


def _index(G: nx.MultiDiGraph, node: str, text: str) -> None:
    for term in index_terms(text):
        G.graph["terms"].setdefault(term, []).append(node)


def _new_id(G: nx.MultiDiGraph, kind: str) -> str:
    n = G.graph["counters"].get(kind, 0) + 1
    G.graph["counters"][kind] = n
    node = f"{_PREFIX[kind]}{n}"
    G.graph["kinds"].setdefault(kind, []).append(node)
    return node


def _made_in(G: nx.MultiDiGraph, node: str) -> None:
    if G.graph["last_turn"] is not None:
        G.add_edge(node, G.graph["last_turn"], key="made_in", kind="made_in")


def _turn_index(G: nx.MultiDiGraph) -> int:
    return G.nodes[G.graph["last_turn"]]["index"] if G.graph["last_turn"] else 0


def fact_slot(key: str, subject: str | None) -> str:
    """Index key of a fact: its slot key, per subject entity."""
    return f"{key}@{subject}" if subject else key


def _magnitude(value: Any) -> float | None:
    if isinstance(value, dict):
        value = value.get("amount")
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def same_value(old: dict, new: FactUnit) -> bool:
    """A restatement: the same text, or the same number written differently ("6000" / "6000元")."""
    if old["value"].casefold().strip() == new.value.casefold().strip():
        return True
    a, b = _magnitude(old.get("normalized")), _magnitude(new.normalized)
    return a is not None and a == b


def apply(G: nx.MultiDiGraph, unit: _Unit) -> None:
    """Fold one unit into the graph (the only place the graph changes)."""
    handler = _HANDLERS.get(type(unit))
    if handler is None:
        raise StateError(Errors.E051.format(type=getattr(unit, "type", type(unit).__name__)))
    handler(G, unit)


def _turn(G, u: TurnUnit) -> None:
    node = f"t{u.index}"
    G.add_node(node, kind="turn", index=u.index, role=u.role, text=u.text, lang=u.lang,
               intent=u.intent, name=u.name, tool_call_id=u.tool_call_id, notes=list(u.notes))
    G.graph["kinds"].setdefault("turn", []).append(node)
    if u.role in ("user", "assistant") and u.text.strip():  # what lexical recall searches
        terms = index_terms(u.text[:5000])
        for term in terms:
            G.graph["turn_terms"].setdefault(term, []).append(node)
        G.graph["turn_lengths"][node] = len(terms)
        G.graph["turn_length_total"] += len(terms)
        if u.name:
            speakers = G.graph.setdefault("speakers", {})
            speakers[u.name] = speakers.get(u.name, 0) + 1
    if u.domain:
        G.graph["domain"] = u.domain
        G.graph["domain_turn"] = u.index
    G.graph["turns"] = max(G.graph["turns"], u.index + 1)
    G.graph["last_turn"] = node


def _entity(G, u: EntityUnit) -> None:
    turn = _turn_index(G)
    eid = G.graph["entity_by_key"].get(u.key)
    if eid is None:
        eid = _new_id(G, "entity")
        G.graph["entity_by_key"][u.key] = eid
        G.add_node(eid, kind="entity", key=u.key, text=u.text, label=u.label, value=u.value,
                   entity_kind=u.kind or LEGACY_LABEL_KINDS.get(u.label, "other"),
                   mentions=[], selected=False, turn=turn)
    data = G.nodes[eid]
    if not data["mentions"] or data["mentions"][-1] != turn:  # turns only grow: the last one tells
        data["mentions"].append(turn)
    if data["value"] is None and u.value is not None:
        data["value"] = u.value
    data["last"] = turn
    if G.graph["last_turn"] and not G.has_edge(G.graph["last_turn"], eid, key="mentions"):
        G.add_edge(G.graph["last_turn"], eid, key="mentions", kind="mentions")


def _fact(G, u: FactUnit) -> None:
    if u.offered:
        _offer(G, u)
        return
    turn = _turn_index(G)
    subject = G.graph["entity_by_key"].get(u.subject) if u.subject else None
    slot = fact_slot(u.key, subject)
    old = u.supersedes or G.graph["current_fact"].get(slot)
    # a restatement, unless the value moves to another key (a domain-less value bound to its domain)
    if old and G.nodes[old]["status"] == "current" and G.nodes[old]["key"] == u.key and same_value(G.nodes[old], u):
        data = G.nodes[old]
        data["stressed"] = data["stressed"] or u.stressed
        data["confirmed"] = turn
        if len(u.value) > len(data["value"]):  # "6000" restated as "6000元": keep the fuller form
            data["value"], data["normalized"] = u.value, u.normalized
        return  # a restatement, not a change
    fid = _new_id(G, "fact")
    G.add_node(fid, kind="fact", key=u.key, name=u.name, value=u.value, subject=subject,
               normalized=u.normalized, status="current", turn=turn, until=None,
               stressed=u.stressed, correction=u.correction, slot=u.slot or u.key, group=u.group,
               phrase=u.slot is None, terse=u.terse)  # keyed by the user's own phrase, not by a rule's slot
    _made_in(G, fid)
    _index(G, fid, f"{u.name} {u.key.replace('_', ' ')} {u.value}")
    if subject:
        G.add_edge(fid, subject, key="about", kind="about")
        G.graph.setdefault("facts_about", {}).setdefault(subject, []).append(fid)
    if old and G.nodes[old]["status"] == "current":
        G.nodes[old]["status"] = "superseded"
        G.nodes[old]["until"] = turn
        G.add_edge(fid, old, key="supersedes", kind="supersedes")
        # a correction of a stressed value is stressed too ("actually, make it $600"); a later
        # value that merely replaces it under the same key ("at 6:46 pm" after a stressed time) is not
        G.nodes[fid]["stressed"] = G.nodes[fid]["stressed"] or G.nodes[old]["stressed"] and u.correction
        _uncurrent(G, old)
    G.graph["current_fact"][slot] = fid
    G.graph["facts_by_slot"].setdefault(u.slot or u.key, []).append(fid)
    for offer in [f for f in G.graph["offers_by_key"].get(u.key, ()) if same_value(G.nodes[f], u)]:
        G.nodes[offer].update(status="superseded", until=turn)  # the option taken, now a fact of its own
        _drop_offer(G, offer)
        G.add_edge(fid, offer, key="supersedes", kind="supersedes")
    if G.nodes[fid]["stressed"]:
        G.graph["stressed"].append(fid)


def _offer(G, u: FactUnit) -> None:
    """An option the assistant lists: a fact of its own with status "offered", outside the
    current-fact indexes; offering the same value again for the same key changes nothing."""
    if any(G.nodes[f]["value"] == u.value for f in G.graph["offers_by_key"].get(u.key, ())):
        return
    subject = G.graph["entity_by_key"].get(u.subject) if u.subject else None
    current = G.graph["current_fact"].get(fact_slot(u.key, subject))
    if current and same_value(G.nodes[current], u):
        return  # the assistant names what the user already chose
    fid = _new_id(G, "fact")
    G.add_node(fid, kind="fact", key=u.key, name=u.name, value=u.value, subject=subject,
               normalized=u.normalized, status="offered", turn=_turn_index(G), until=None,
               stressed=False, correction=False, slot=u.slot or u.key, group=u.group,
               phrase=u.slot is None, terse=u.terse, detail=u.detail)
    _made_in(G, fid)
    _index(G, fid, f"{u.name} {u.key.replace('_', ' ')} {u.value}")
    G.graph["offers"].append(fid)
    G.graph["offers_by_key"].setdefault(u.key, []).append(fid)


def _decision(G, u: DecisionUnit) -> None:
    """Accepted: the offer becomes the current fact of its key (superseding the one before);
    rejected: it is never current."""
    d = G.nodes.get(u.fact)
    if d is None or d.get("status") != "offered":
        return
    _drop_offer(G, u.fact)
    turn = _turn_index(G)
    if u.decision == "rejected":
        d["status"], d["until"] = "rejected", turn
        return
    slot = fact_slot(d["key"], d["subject"])
    old = G.graph["current_fact"].get(slot)
    d["status"], d["accepted"] = "current", turn
    if old and G.nodes[old]["status"] == "current":
        G.nodes[old]["status"], G.nodes[old]["until"] = "superseded", turn
        G.add_edge(u.fact, old, key="supersedes", kind="supersedes")
        _uncurrent(G, old)
    G.graph["current_fact"][slot] = u.fact
    G.graph["facts_by_slot"].setdefault(d["slot"], []).append(u.fact)


def _drop_offer(G, fid: str) -> None:
    """An offer decided on leaves both offer indexes."""
    if fid in G.graph["offers"]:
        G.graph["offers"].remove(fid)
        G.graph["offers_by_key"][G.nodes[fid]["key"]].remove(fid)


def _uncurrent(G, fid: str) -> None:
    """Drop a fact that stopped being true from the current-fact indexes."""
    d = G.nodes[fid]
    G.graph["current_fact"].pop(fact_slot(d["key"], d["subject"]), None)
    ids = G.graph["facts_by_slot"].get(d["slot"], [])
    if fid in ids:
        ids.remove(fid)
    if fid in G.graph["stressed"]:
        G.graph["stressed"].remove(fid)


def _retract(G, u: RetractUnit) -> None:
    data = G.nodes[u.fact]
    if data["status"] == "current":
        data["status"], data["until"] = "retracted", _turn_index(G)
        _uncurrent(G, u.fact)


def _open(G, kind: str, attrs: dict[str, Any]) -> str:
    nid = _new_id(G, kind)
    G.add_node(nid, kind=kind, turn=_turn_index(G), **attrs)
    _made_in(G, nid)
    G.graph["open_items"][kind][nid] = None
    if kind == "constraint":
        rules = G.graph["active_rules"]
        rules[attrs["text"]] = rules.get(attrs["text"], 0) + 1
        keys = _rule_keys(attrs["text"])
        if keys is None:
            G.graph["rules_unkeyed"][nid] = None
        for key in keys or ():
            G.graph["rules_by_token"].setdefault(key, {})[nid] = None
    return nid


def _close(G, kind: str, nid: str, status: str) -> None:
    data = G.nodes[nid]
    data["status"], data["closed"] = status, _turn_index(G)
    if G.graph["open_items"][kind].pop(nid, 0) is None and kind == "constraint":
        rules = G.graph["active_rules"]
        if rules[data["text"]] == 1:
            del rules[data["text"]]
        else:
            rules[data["text"]] -= 1
        keys = _rule_keys(data["text"])
        if keys is None:
            del G.graph["rules_unkeyed"][nid]
        by_token = G.graph["rules_by_token"]
        for key in keys or ():
            del by_token[key][nid]
            if not by_token[key]:
                del by_token[key]


def _constraint(G, u: ConstraintUnit) -> None:
    _open(G, "constraint", dict(text=u.text, polarity=u.polarity, status="active", stressed=u.stressed))


def _lift(G, u: LiftUnit) -> None:
    _close(G, "constraint", u.constraint, "lifted")


def _commitment(G, u: CommitmentUnit) -> None:
    nid = _open(G, "commitment", dict(text=u.text, due=u.due, status="open"))
    if u.status == "done":  # a deed reported done that no promise named: kept as it is made
        _close(G, "commitment", nid, "done")


def _fulfil(G, u: FulfilUnit) -> None:
    _close(G, "commitment", u.commitment, u.status)
    if G.graph["last_turn"]:
        G.add_edge(G.graph["last_turn"], u.commitment, key="fulfills", kind="fulfills")


def _question(G, u: QuestionUnit) -> None:
    _open(G, "question", dict(text=u.text, status="open"))


def _answer(G, u: AnswerUnit) -> None:
    _close(G, "question", u.question, "answered")


def _goal(G, u: GoalUnit) -> None:
    old = G.graph["goal"]
    gid = _new_id(G, "goal")
    G.add_node(gid, kind="goal", text=u.text, status="current", turn=_turn_index(G))
    _made_in(G, gid)
    if old:
        G.nodes[old]["status"] = "superseded"
        G.add_edge(gid, old, key="supersedes", kind="supersedes")
    G.graph["goal"] = gid


def _select(G, u: SelectUnit) -> None:
    eid = G.graph["entity_by_key"].get(u.entity)
    if eid:
        for other in list(G.graph["selected"]):  # one choice per kind of thing
            if G.nodes[other]["label"] == G.nodes[eid]["label"]:
                G.nodes[other]["selected"] = False
                G.graph["selected"].remove(other)
        G.nodes[eid]["selected"] = True
        G.nodes[eid]["selected_turn"] = _turn_index(G)
        G.graph["selected"].append(eid)


def _reference(G, u: ReferenceUnit) -> None:
    eid = G.graph["entity_by_key"].get(u.entity)
    if eid and G.graph["last_turn"]:
        G.add_edge(G.graph["last_turn"], eid, key="refers_to", kind="refers_to", text=u.text)
        G.nodes[eid]["last"] = _turn_index(G)


def _action(G, u: ActionUnit) -> None:
    aid = _new_id(G, "action")
    G.add_node(aid, kind="action", call_id=u.call_id, tool=u.tool, arguments=dict(u.arguments),
               arguments_error=u.arguments_error, status="pending", fields={}, result_type=None,
               size=0, ref=None, turn=_turn_index(G))
    _made_in(G, aid)
    G.graph["call_to_action"][u.call_id] = aid


def _action_result(G, u: ActionResultUnit) -> None:
    aid = G.graph["call_to_action"].get(u.call_id)
    if aid is None:  # a result whose call we never saw: keep it as an action of its own
        _action(G, ActionUnit(call_id=u.call_id, tool=u.tool))
        aid = G.graph["call_to_action"][u.call_id]
    G.nodes[aid].update(status=u.status, fields=dict(u.fields), result_type=u.result_type,
                        size=u.size, ref=u.ref, orphan=u.orphan, result_turn=_turn_index(G))
    _index(G, aid, f"{u.tool.replace('_', ' ')} " + " ".join(f"{k} {v}" for k, v in u.fields.items()))
    G.graph["action_groups"].setdefault(action_group(G.nodes[aid]), []).append(aid)
    if G.graph["last_turn"]:
        G.add_edge(G.graph["last_turn"], aid, key="result_of", kind="result_of")


_HANDLERS = {
    TurnUnit: _turn, EntityUnit: _entity, FactUnit: _fact, RetractUnit: _retract,
    ConstraintUnit: _constraint, LiftUnit: _lift, CommitmentUnit: _commitment, FulfilUnit: _fulfil,
    QuestionUnit: _question, AnswerUnit: _answer, GoalUnit: _goal, SelectUnit: _select,
    ReferenceUnit: _reference, ActionUnit: _action, ActionResultUnit: _action_result,
    DecisionUnit: _decision,
}


HANDLER_TYPES = tuple(t.model_fields["type"].default for t in _HANDLERS)

# ----------------------------------------------------------------------------- queries


def action_group(d: dict) -> str:
    """Actions alike but for their ids: same tool, status and non-id fields."""
    fields = {k: v for k, v in d.get("fields", {}).items() if not k.endswith("id")}
    return f"{d['tool']}|{d['status']}|{sorted(fields.items(), key=str)}"


def nodes_of(G: nx.MultiDiGraph, kind: str) -> Iterator[tuple[str, dict]]:
    """(id, data) of every node of ``kind``, in creation order."""
    return ((n, G.nodes[n]) for n in G.graph["kinds"].get(kind, ()))


def previous_turn(G: nx.MultiDiGraph, index: int, role: str) -> int | None:
    """The index of the newest turn of ``role`` before turn ``index`` (None: there is none); read back from ``index``, so
    the cost is the distance to it, not the length of the chat.

    >>> G = new_graph()
    >>> for i, r in enumerate(["user", "assistant", "tool"]):
    ...     G.add_node(f"t{i}", kind="turn", index=i, role=r)
    >>> previous_turn(G, 3, "user"), previous_turn(G, 0, "user")
    (0, None)
    """
    return next((i for i in range(index - 1, -1, -1) if (G.nodes.get(f"t{i}") or {}).get("role") == role), None)


def recent(G: nx.MultiDiGraph, kind: str, n: int) -> list[str]:
    """The ``n`` newest nodes of ``kind``, newest first."""
    return G.graph["kinds"].get(kind, [])[-n:][::-1]


#: Recall reads at most this many turns per term, the newest (a word in thousands of turns
#: says little about which one is meant; its rarer neighbours in the question decide).
POSTINGS_READ = 2000


def recall_turns(G: nx.MultiDiGraph, terms: set[str], *, k: int = 30, skip_last: int = 4,
                 k1: float = 1.2, b: float = 0.75, normalized: bool = False) -> list[tuple[str, float]]:
    """Earlier turns that share words with ``terms``, best first: (turn id, BM25 score).

    Okapi BM25 with binary term frequency, over the incremental index ``apply`` keeps
    (libraries such as rank_bm25 index a fixed corpus in one go; a conversation grows by
    a turn at a time). The newest ``skip_last`` turns are left to the raw-turn window;
    terms in more than half of the turns carry almost no weight and are skipped, and of a
    term's turns only the newest :data:`POSTINGS_READ` are scored (its idf still counts them
    all), which keeps the cost bounded however long the chat. ``normalized`` divides by the summed idf of the question's
    terms: about 1.0 for an average-length turn holding all of them.

    >>> from ctxgraph._units import TurnUnit
    >>> G = new_graph()
    >>> for i, text in enumerate(["I adopted a dog named Rex", "nice weather", "ok", "sure", "yes", "fine"]):
    ...     apply(G, TurnUnit(index=i, role="user", text=text, lang="en"))
    >>> recall_turns(G, {"dog", "name"}, skip_last=2)[0][0]
    't0'
    """
    n = len(G.graph["turn_lengths"])
    if not n or not terms:
        return []
    avg = G.graph["turn_length_total"] / n
    recent = set(G.graph["kinds"].get("turn", [])[-skip_last:]) if skip_last else set()
    scores: dict[str, float] = {}
    total_idf = 0.0
    for term in sorted(terms):
        postings = G.graph["turn_terms"].get(term)
        if not postings or len(postings) > n / 2:
            continue
        idf = math.log((n - len(postings) + 0.5) / (len(postings) + 0.5) + 1)
        total_idf += idf
        for node in postings[-POSTINGS_READ:]:
            if node not in recent:
                norm = 1 - b + b * G.graph["turn_lengths"][node] / avg
                scores[node] = scores.get(node, 0.0) + idf * (k1 + 1) / (1 + k1 * norm)
    top = heapq.nsmallest(k, scores.items(), key=lambda x: (-x[1], x[0]))  # sorted(...)[:k], without sorting all
    return [(node, score / total_idf) for node, score in top] if normalized and total_idf else top


def nodes_with_terms(G: nx.MultiDiGraph, terms: set[str], per_term: int = 50) -> list[str]:
    """Facts and actions indexed under any of ``terms`` (the newest ``per_term`` each)."""
    found: dict[str, None] = {}
    for t in sorted(terms):
        for node in G.graph["terms"].get(t, [])[-per_term:]:
            found[node] = None
    return list(found)


def entities(G):
    return nodes_of(G, "entity")


def facts(G):
    return nodes_of(G, "fact")


def facts_about(G: nx.MultiDiGraph, entity: str) -> list[str]:
    """Facts whose subject is ``entity`` (an index: an entity named in 5,000 turns is not
    scanned through its mentions)."""
    return list(G.graph.get("facts_about", {}).get(entity, ()))


def current_facts(G: nx.MultiDiGraph) -> list[tuple[str, dict]]:
    """Every current fact, oldest first (O(facts): per-turn code uses the indexes below)."""
    return sorted(((f, G.nodes[f]) for f in G.graph["current_fact"].values()), key=lambda x: int(x[0][1:]))


def current_with_key(G: nx.MultiDiGraph, key: str) -> list[str]:
    """Current facts under ``key``, about any subject (looked up only when a rule needs it)."""
    prefix = f"{key}@"
    return [f for k, f in G.graph["current_fact"].items() if k == key or k.startswith(prefix)]


def current_facts_with_slot(G: nx.MultiDiGraph, slot: str) -> list[str]:
    """Current facts of a slot, in every domain and about every subject."""
    return list(G.graph["facts_by_slot"].get(slot, ()))


def recent_current_facts(G: nx.MultiDiGraph, n: int) -> list[tuple[str, dict]]:
    """Up to ``n`` current facts, newest first (``current_fact`` keeps them in the order
    they became current)."""
    return [(f, G.nodes[f]) for f in islice(reversed(G.graph["current_fact"].values()), n)]


def open_items(G: nx.MultiDiGraph, kind: str) -> list[tuple[str, dict]]:
    """Open commitments, open questions or active constraints, oldest first."""
    return [(n, G.nodes[n]) for n in G.graph["open_items"][kind]]


def newest_open(G: nx.MultiDiGraph, kind: str, n: int) -> list[str]:
    """The ids of the ``n`` newest open items of ``kind``, oldest first."""
    return list(islice(reversed(G.graph["open_items"][kind]), n))[::-1]


def is_active_rule(G: nx.MultiDiGraph, text: str) -> bool:
    """Whether an active constraint has exactly this text (an index, not a scan)."""
    return text in G.graph["active_rules"]


#: runs of what ``_token_at`` counts as glued to an ASCII edge (the IGNORECASE class, as there)
_GLUED = re.compile(r"[A-Za-z0-9]+", re.IGNORECASE)


def _is_han(c: str) -> bool:
    return "\u3400" <= c <= "\u9fff"


def _rule_keys(text: str) -> set[str] | None:
    """The keys a constraint's text is indexed by: its ASCII letter-digit runs (lowercased)
    and its Han characters; ``None`` when a run holds a character outside ASCII that matches
    one inside it case-insensitively (such texts are always checked).

    >>> sorted(_rule_keys("Budget under $1,500/night")), sorted(_rule_keys("预算不超过800"))
    (['1', '500', 'budget', 'night', 'under'], ['800', '不', '算', '超', '过', '预'])
    """
    runs = _GLUED.findall(text)
    if not all(r.isascii() for r in runs):
        return None
    return {r.lower() for r in runs} | {c for c in text if _is_han(c)}


def _value_key(part: str) -> str | None:
    """The key a constraint holding ``part`` as a token (``extract.facts._token_at``) is
    indexed by: its first ASCII letter-digit run when it starts with one (no letter or digit
    is glued before it, so that run stands whole in the text), else its first character when
    Han; ``None`` when no key covers it.

    >>> _value_key("1,500"), _value_key("Window seat"), _value_key("3单元"), _value_key("#5")
    ('1', 'window', '3', None)
    """
    m = _GLUED.match(part)
    if m:
        return m.group(0).lower() if m.group(0).isascii() else None
    return part[0] if part and _is_han(part[0]) else None


def active_rules_holding(G: nx.MultiDiGraph, part: str) -> list[tuple[str, dict]]:
    """Active constraints whose text may hold ``part`` as a token, oldest first: every one
    that does, and maybe some that don't (callers check); an index, not a scan of all."""
    key = _value_key(part)
    if key is None:
        return open_items(G, "constraint")
    found = list(G.graph["rules_by_token"].get(key, ()))
    unkeyed = G.graph["rules_unkeyed"]
    if unkeyed:
        found = sorted({*found, *unkeyed}, key=lambda n: int(n[1:]))
    return [(n, G.nodes[n]) for n in found]


def fact_history(G: nx.MultiDiGraph, fid: str, limit: int | None = None) -> list[dict]:
    """Earlier values of a fact, newest first: [{"value", "turn", "until"}] (at most ``limit``)."""
    out, node = [], fid
    while limit is None or len(out) < limit:
        olds = [v for _, v, k in G.out_edges(node, keys=True) if k == "supersedes"]
        if not olds:
            return out
        node = olds[0]
        d = G.nodes[node]
        out.append({"value": d["value"], "turn": d["turn"], "until": d["until"]})
    return out


def graphs_equal(G: nx.MultiDiGraph, H: nx.MultiDiGraph) -> bool:
    """Same nodes with the same data, same edges, same indexes."""
    return (
        dict(G.nodes(data=True)) == dict(H.nodes(data=True))
        and sorted(G.edges(keys=True, data=True), key=repr) == sorted(H.edges(keys=True, data=True), key=repr)
        and G.graph == H.graph
    )
