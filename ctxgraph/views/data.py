"""The graph as JSON-able data (``"schema": "ctxgraph.graph/1"``), the input of every view.

Nodes carry kind, short label, status, provenance (the message each came from) and a layout
position; edges their kind. ``ctxgraph graph FILE --out graph.json`` writes it; the HTML page
embeds it. See docs/views.md for every field.

>>> from ctxgraph import Tracker
>>> t = Tracker(lang="zh")
>>> _ = t.observe({"role": "user", "content": "预算5000元"})
>>> _ = t.observe({"role": "user", "content": "预算改成6000"})
>>> data = graph_data(t)
>>> [(n["label"], n["status"], n["turn"]) for n in data["nodes"] if n["kind"] == "fact"]
[('预算: 5000元', 'superseded', 0), ('预算: 6000', 'current', 1)]
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import networkx as nx

from .. import _graph as g
from .._errors import ConfigError, Errors
from .._state import action_summary
from .labels import LABEL_CELLS, excerpt, shorten
from .layout import LAYOUTS, spring, timeline
from .style import INACTIVE, INACTIVE_COLOR, KIND_COLORS

if TYPE_CHECKING:
    from .._tracker import Tracker

GRAPH_SCHEMA = "ctxgraph.graph/1"
EXCERPT_CHARS = 160  # the excerpt of the source message each node carries
TURN_TEXT_CHARS = 1000  # the text a turn node carries
#: Views show the last this many messages and the state as it is now (``window=None``: all).
WINDOW = 200
#: A fact's details list at most this many earlier values.
HISTORY_SHOWN = 20


def graph_data(tracker: Tracker, *, layout: str = "timeline", window: int | None = WINDOW) -> dict[str, Any]:
    """The graph as JSON-able data, with layout positions (deterministic).

    A long chat is shown as a window: the last ``window`` messages with what came from them,
    and the state as it is now (current facts, active rules, open promises and questions,
    the goal, chosen entities) however old. ``"window"`` in the data says which messages
    are shown and how many nodes are left out; ``window=None`` shows everything.

    Every node: ``id``, ``kind``, ``label`` (short), ``text`` (full), ``status``,
    ``active`` (false when superseded, retracted, lifted, done, cancelled or answered),
    ``pinned`` (kept in every context while the budget allows), ``turn`` (index of the
    message it came from), ``source`` (``{"role", "excerpt"}`` of that message), ``details``
    (per kind: a fact's history, an entity's mentions, an action's ref ...), ``x``, ``y``.
    Every edge: ``source``, ``target``, ``kind``. See docs/views.md.
    """
    if layout not in LAYOUTS:
        raise ValueError(f"layout must be one of {', '.join(LAYOUTS)}; got {layout!r}")
    if window is not None and (not isinstance(window, int) or isinstance(window, bool) or window < 1):
        raise ConfigError(Errors.E171.format(name="window", value=window, minimum=1))
    G = tracker.graph
    pinned = _pinned(G)
    shown, first = _window(G, pinned, window)
    nodes = [_node(tracker, n, G.nodes[n], n in pinned) for n in shown]
    edges = [{"source": u, "target": v, "kind": d.get("kind", k)}
             for u, v, k, d in G.edges(list(shown), keys=True, data=True) if v in shown]
    if layout == "timeline":
        lanes, width, height = timeline(nodes, first)
    else:
        lanes, width, height = spring(G, nodes)
    present = {n["kind"] for n in nodes}
    return {
        "schema": GRAPH_SCHEMA,
        "lang": tracker.conversation_lang,
        "turns": G.graph["turns"],
        "window": {"first_turn": first, "messages": G.graph["turns"] - first,
                   "hidden_nodes": G.number_of_nodes() - len(nodes)},
        "layout": layout,
        "width": width,
        "height": height,
        "kinds": {k: {"color": c, "count": sum(1 for n in nodes if n["kind"] == k)}
                  for k, c in KIND_COLORS.items() if k in present},
        "inactive_color": INACTIVE_COLOR,
        "lanes": lanes,
        "nodes": nodes,
        "edges": edges,
    }


def _window(G: nx.MultiDiGraph, pinned: set[str], window: int | None) -> tuple[dict[str, None], int]:
    """The nodes a view shows, in graph order, and the first message it shows: the last
    ``window`` messages with the nodes made in them, and the state as it is now."""
    if window is None or G.graph["turns"] <= window:
        return dict.fromkeys(G.nodes), 0
    first = G.graph["turns"] - window
    return dict.fromkeys(n for n in G.nodes if _recent_or_now(G, n, first, pinned)), first


def _recent_or_now(G: nx.MultiDiGraph, n: str, first: int, pinned: set[str]) -> bool:
    d = G.nodes[n]
    turn = d.get("index") if d["kind"] == "turn" else d.get("last", d.get("turn"))
    return (turn or 0) >= first or n in pinned or d["kind"] == "fact" and d["status"] == "current"


def _pinned(G: nx.MultiDiGraph) -> set[str]:
    """What assemble() keeps whatever the question (see _select.py): the goal, active
    constraints, open commitments and questions, selected entities, stressed facts."""
    out = {G.graph["goal"]} if G.graph["goal"] else set()
    for kind in ("constraint", "commitment", "question"):
        out.update(n for n, _ in g.open_items(G, kind))
    return out | set(G.graph["selected"]) | set(G.graph["stressed"])


def _message_text(tracker: Tracker, index: int, limit: int) -> str:
    """The text of message ``index`` (its tool calls when it has no text)."""
    d = tracker.graph.nodes.get(f"t{index}", {})
    text = d.get("text") or ""
    if not text.strip() and index < len(tracker.messages):
        calls = tracker.messages[index].get("tool_calls") or []
        if calls:
            text = "[tool call] " + ", ".join(
                f"{(c.get('function') or {}).get('name')}({(c.get('function') or {}).get('arguments') or ''})"
                for c in calls)
    return excerpt(text, limit)


def _jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value, ensure_ascii=False, default=str))


def _describe(tracker: Tracker, n: str, d: dict) -> tuple[str, str, str | None, dict[str, Any]]:
    """A node's label, full text, status and per-kind details."""
    G = tracker.graph
    kind = d["kind"]
    status: str | None = d.get("status")
    if kind == "turn":
        details = {"role": d["role"], "intent": d.get("intent"), "lang": d.get("lang"), "notes": list(d.get("notes") or [])}
        return f"#{d['index']}", _message_text(tracker, d["index"], TURN_TEXT_CHARS), None, details
    if kind == "fact":
        subject = G.nodes[d["subject"]]["text"] if d.get("subject") in G else None
        text = f"{d['name']} ({d['key']}): {d['value']}" + (f" — about {subject}" if subject else "")
        newer = [u for u, _, k in G.in_edges(n, keys=True) if k == "supersedes"]
        details = {"key": d["key"], "name": d["name"], "value": d["value"], "subject": subject,
                   "until": d.get("until"), "history": g.fact_history(G, n, limit=HISTORY_SHOWN),
                   "superseded_by": newer[0] if newer else None,
                   "stressed": d.get("stressed", False), "correction": d.get("correction", False)}
        return f"{d['name']}: {d['value']}", text, status, details
    if kind == "entity":
        details = {"type": d["label"], "mentions": list(d["mentions"]), "value": d.get("value")}
        return d["text"], f"{d['text']} ({d['label']})", "selected" if d.get("selected") else "mentioned", details
    if kind == "action":
        details = {"tool": d["tool"], "ref": d.get("ref"), "result_turn": d.get("result_turn"),
                   "arguments": excerpt(json.dumps(d.get("arguments") or {}, ensure_ascii=False, default=str), 400),
                   "arguments_error": d.get("arguments_error"), "orphan": d.get("orphan", False)}
        return f"{d['tool']} {d['status']}", action_summary(d), status, details
    # goal, constraint, commitment, question
    text, details = d["text"], {}
    if kind == "constraint":
        text = f"[{d['polarity'].replace('_', ' ')}] {d['text']}"
        details = {"polarity": d["polarity"], "closed": d.get("closed")}
    elif kind == "commitment":
        details = {"due": d.get("due"), "closed": d.get("closed")}
    elif kind == "question":
        details = {"closed": d.get("closed")}
    return d["text"], text, status, details


def _node(tracker: Tracker, n: str, d: dict, pinned: bool) -> dict[str, Any]:
    G = tracker.graph
    kind = d["kind"]
    turn = d.get("index") if kind == "turn" else d.get("turn")
    label, text, status, details = _describe(tracker, n, d)
    source = None
    if turn is not None and f"t{turn}" in G:
        source = {"role": G.nodes[f"t{turn}"]["role"], "excerpt": _message_text(tracker, turn, EXCERPT_CHARS)}
    return {
        "id": n, "kind": kind, "label": shorten(label, 8 if kind == "turn" else LABEL_CELLS), "text": text,
        "status": status, "active": status not in INACTIVE, "pinned": pinned,
        "turn": turn, "source": source, "details": _jsonable(details), "x": 0.0, "y": 0.0,
    }
