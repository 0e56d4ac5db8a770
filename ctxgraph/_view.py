"""Views of the graph: JSON, a self-contained HTML page, a matplotlib picture, a notebook table.

- :func:`graph_data` — the graph as JSON-able data (``"schema": "ctxgraph.graph/1"``):
  nodes with kind, short label, status, provenance (the message each came from) and a
  layout position, edges with their kind. ``ctxgraph graph FILE --out graph.json`` writes it.
- :func:`to_html` — one HTML page holding that data and a small renderer (SVG, vanilla
  JavaScript): colours per kind with a legend, what stopped being true greyed, hover for
  where a node came from, wheel to zoom, drag to pan.
- :func:`draw` — the same picture, static, with matplotlib (``pip install "ctxgraph[viz]"``).
- :func:`repr_html` — the state as a small HTML table (``Tracker._repr_html_``, notebooks).

Why no JavaScript graph library (d3, vis-network, cytoscape) is vendored: the page has to
work offline, from a file attached to a ticket, for years. A vendored library is hundreds
of kilobytes copied into every page, a licence and a version to follow; a CDN link breaks
offline and leaks that someone opened the page. The layout is computed here, in Python, so
the page only has to draw circles, lines and text and handle hover, wheel and drag: about
200 lines of plain JavaScript, inline, with a Content-Security-Policy that forbids every
network request. Nothing to download, nothing to update.

The default layout is a timeline: x is the message a node came from (its provenance), each
kind has its own lane, and nodes of a lane are packed in rows so their labels do not
overlap. It reads like the conversation: what was said when, what replaced what.
``layout="spring"`` uses ``networkx.spring_layout`` (seed 0) instead.

>>> from ctxgraph import Tracker
>>> t = Tracker(lang="zh")
>>> _ = t.observe({"role": "user", "content": "预算5000元"})
>>> _ = t.observe({"role": "user", "content": "预算改成6000"})
>>> data = graph_data(t)
>>> [(n["label"], n["status"], n["turn"]) for n in data["nodes"] if n["kind"] == "fact"]
[('预算: 5000元', 'superseded', 0), ('预算: 6000', 'current', 1)]
>>> page = to_html(t)
>>> page.count("<script"), page.count("https://"), page.count("http://")  # http:// once: the SVG namespace
(2, 0, 1)
"""

from __future__ import annotations

import functools
import html
import json
import math
import re
import unicodedata
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Any

import networkx as nx

from . import _graph as g

if TYPE_CHECKING:
    from ._tracker import Tracker

GRAPH_SCHEMA = "ctxgraph.graph/1"
LAYOUTS = ("timeline", "spring")

#: Colour of each node kind (Okabe-Ito where it has enough colours), shared by every view.
KIND_COLORS: dict[str, str] = {
    "goal": "#CC79A7",
    "constraint": "#D55E00",
    "commitment": "#E69F00",
    "question": "#56B4E9",
    "fact": "#0072B2",
    "action": "#009E73",
    "entity": "#8E6BBF",
    "turn": "#555555",
}
#: Colour of a node that stopped being true or open (superseded, retracted, lifted, done ...).
INACTIVE_COLOR = "#C8C8C8"
#: Lanes of the timeline, top to bottom (turns are the axis above them).
LANE_ORDER = ("goal", "constraint", "commitment", "question", "fact", "action", "entity")
#: Statuses drawn greyed: the node no longer holds or is no longer open.
INACTIVE = frozenset({"superseded", "retracted", "lifted", "done", "cancelled", "answered"})
ROLE_COLORS = {"user": "#222222", "assistant": "#777777", "tool": "#AAAAAA", "system": "#AAAAAA"}

LABEL_CELLS = 26  # a short label: at most this many cells (a CJK character is two)
EXCERPT_CHARS = 160  # the excerpt of the source message each node carries
TURN_TEXT_CHARS = 1000  # the text a turn node carries
# timeline geometry, in CSS pixels at zoom 1
X0, STEP, ROW, LANE_GAP, TOP = 120.0, 30.0, 22.0, 12.0, 24.0
CELL_PX, LABEL_GAP, PAD = 6.4, 11.0, 10.0


# ----------------------------------------------------------------------------- data


def graph_data(tracker: Tracker, *, layout: str = "timeline") -> dict[str, Any]:
    """The graph as JSON-able data, with layout positions (deterministic).

    Every node: ``id``, ``kind``, ``label`` (short), ``text`` (full), ``status``,
    ``active`` (false when superseded, retracted, lifted, done, cancelled or answered),
    ``pinned`` (kept in every context while the budget allows), ``turn`` (index of the
    message it came from), ``source`` (``{"role", "excerpt"}`` of that message), ``details``
    (per kind: a fact's history, an entity's mentions, an action's ref ...), ``x``, ``y``.
    Every edge: ``source``, ``target``, ``kind``. See docs/views.md.
    """
    if layout not in LAYOUTS:
        raise ValueError(f"layout must be one of {', '.join(LAYOUTS)}; got {layout!r}")
    G = tracker.graph
    pinned = _pinned(G)
    nodes = [_node(tracker, n, d, n in pinned) for n, d in G.nodes(data=True)]
    edges = [{"source": u, "target": v, "kind": d.get("kind", k)} for u, v, k, d in G.edges(keys=True, data=True)]
    if layout == "timeline":
        lanes, width, height = _timeline(nodes)
    else:
        lanes, width, height = _spring(G, nodes)
    present = {n["kind"] for n in nodes}
    return {
        "schema": GRAPH_SCHEMA,
        "lang": tracker.conversation_lang,
        "turns": G.graph["turns"],
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


def _pinned(G: nx.MultiDiGraph) -> set[str]:
    """What assemble() keeps whatever the question (see _select.py): the goal, active
    constraints, open commitments and questions, selected entities, stressed facts."""
    out = {G.graph["goal"]} if G.graph["goal"] else set()
    for kind in ("constraint", "commitment", "question"):
        out.update(n for n, _ in g.open_items(G, kind))
    return out | set(G.graph["selected"]) | set(G.graph["stressed"])


def _cells(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def shorten(text: str, cells: int = LABEL_CELLS) -> str:
    """One line of at most ``cells`` display cells (a CJK character takes two), "…" when cut.

    >>> shorten("预算改成六千元，我想顺便加一副耳机", 12)
    '预算改成六…'
    >>> shorten("  two\\n lines ")
    'two lines'
    """
    text = " ".join(str(text).split())
    if _cells(text) <= cells:
        return text
    out, used = [], 0
    for c in text:
        w = _cells(c)
        if used + w > cells - 1:
            break
        out.append(c)
        used += w
    return "".join(out).rstrip() + "…"


def _excerpt(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


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
    return _excerpt(text, limit)


def _jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value, ensure_ascii=False, default=str))


def _node(tracker: Tracker, n: str, d: dict, pinned: bool) -> dict[str, Any]:
    G = tracker.graph
    kind = d["kind"]
    turn = d.get("index") if kind == "turn" else d.get("turn")
    status: str | None = d.get("status")
    details: dict[str, Any] = {}
    if kind == "turn":
        label, text, status = f"#{d['index']}", _message_text(tracker, d["index"], TURN_TEXT_CHARS), None
        details = {"role": d["role"], "intent": d.get("intent"), "lang": d.get("lang"), "notes": list(d.get("notes") or [])}
    elif kind == "fact":
        label = f"{d['name']}: {d['value']}"
        subject = G.nodes[d["subject"]]["text"] if d.get("subject") in G else None
        text = f"{d['name']} ({d['key']}): {d['value']}" + (f" — about {subject}" if subject else "")
        newer = [u for u, _, k in G.in_edges(n, keys=True) if k == "supersedes"]
        details = {"key": d["key"], "name": d["name"], "value": d["value"], "subject": subject,
                   "until": d.get("until"), "history": g.fact_history(G, n),
                   "superseded_by": newer[0] if newer else None,
                   "stressed": d.get("stressed", False), "correction": d.get("correction", False)}
    elif kind == "entity":
        label, text = d["text"], f"{d['text']} ({d['label']})"
        status = "selected" if d.get("selected") else "mentioned"
        details = {"type": d["label"], "mentions": list(d["mentions"]), "value": d.get("value")}
    elif kind == "action":
        from ._state import action_summary

        label, text = f"{d['tool']} {d['status']}", action_summary(d)
        details = {"tool": d["tool"], "ref": d.get("ref"), "result_turn": d.get("result_turn"),
                   "arguments": _excerpt(json.dumps(d.get("arguments") or {}, ensure_ascii=False, default=str), 400),
                   "arguments_error": d.get("arguments_error"), "orphan": d.get("orphan", False)}
    else:  # goal, constraint, commitment, question
        label, text = d["text"], d["text"]
        if kind == "constraint":
            text = f"[{d['polarity'].replace('_', ' ')}] {d['text']}"
            details = {"polarity": d["polarity"], "closed": d.get("closed")}
        elif kind == "commitment":
            details = {"due": d.get("due"), "closed": d.get("closed")}
        elif kind == "question":
            details = {"closed": d.get("closed")}
    source = None
    if turn is not None and f"t{turn}" in G:
        source = {"role": G.nodes[f"t{turn}"]["role"], "excerpt": _message_text(tracker, turn, EXCERPT_CHARS)}
    return {
        "id": n, "kind": kind, "label": shorten(label, 8 if kind == "turn" else LABEL_CELLS), "text": text,
        "status": status, "active": status not in INACTIVE, "pinned": pinned,
        "turn": turn, "source": source, "details": _jsonable(details), "x": 0.0, "y": 0.0,
    }


def _label_px(node: dict) -> float:
    return LABEL_GAP + _cells(node["label"]) * CELL_PX + PAD


def _timeline(nodes: list[dict]) -> tuple[list[dict], float, float]:
    """x: the message a node came from; y: its kind's lane, rows packed so labels never overlap."""
    turns = [n for n in nodes if n["kind"] == "turn"]
    for n in turns:
        n["x"], n["y"] = X0 + STEP * n["turn"], TOP
    lanes, y = [], TOP + 26.0
    right = X0 + STEP * max((n["turn"] for n in turns), default=0)
    for kind in LANE_ORDER:
        members = sorted((n for n in nodes if n["kind"] == kind),
                         key=lambda n: (n["turn"] or 0, int(n["id"][1:]) if n["id"][1:].isdigit() else 0, n["id"]))
        if not members:
            continue
        row_ends: list[float] = []
        for n in members:
            x = X0 + STEP * (n["turn"] or 0)
            row = next((r for r, end in enumerate(row_ends) if end <= x), len(row_ends))
            if row == len(row_ends):
                row_ends.append(0.0)
            row_ends[row] = x + _label_px(n)
            n["x"], n["y"] = x, y + ROW * (row + 0.5)
            right = max(right, row_ends[row])
        height = ROW * len(row_ends)
        lanes.append({"kind": kind, "y": y, "height": height})
        y += height + LANE_GAP
    return lanes, round(right + 20.0, 1), round(y + 10.0, 1)


def _spring(G: nx.MultiDiGraph, nodes: list[dict]) -> tuple[list[dict], float, float]:
    """networkx.spring_layout (seed 0) of the whole graph, turns included and chained in
    order (so the conversation is a spine the rest hangs from), scaled to pixels."""
    if not nodes:
        return [], X0, TOP
    simple = nx.Graph()
    simple.add_nodes_from(G.nodes)
    simple.add_edges_from(G.edges())
    turns = g.recent(G, "turn", len(G))[::-1]
    simple.add_edges_from(zip(turns, turns[1:]))  # the conversation as a spine (layout only)
    pos = nx.spring_layout(simple, seed=0)
    size = 260.0 * max(2.0, math.sqrt(len(nodes)) / 2)
    right = 0.0
    for n in nodes:
        px, py = pos[n["id"]]
        n["x"], n["y"] = round(40 + (float(px) + 1) / 2 * size, 1), round(40 + (float(py) + 1) / 2 * size, 1)
        right = max(right, n["x"] + _label_px(n))
    return [], round(right + 20.0, 1), round(size + 80.0, 1)


# ----------------------------------------------------------------------------- HTML page

_CSS = """
html,body{margin:0;height:100%;background:#fff;color:#222;
 font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans CJK SC","Source Han Sans SC",
 "PingFang SC","Hiragino Sans GB","Microsoft YaHei","WenQuanYi Micro Hei",sans-serif}
body{display:flex;flex-direction:column}
header{flex:none;padding:6px 12px;border-bottom:1px solid #ddd;font-size:13px}
header h1{font-size:15px;margin:0 12px 0 0;display:inline-block}
#legend{display:inline-flex;flex-wrap:wrap;gap:4px 12px;vertical-align:middle}
#legend span{display:inline-flex;align-items:center;gap:4px}
#legend i{display:inline-block;width:11px;height:11px;border-radius:50%}
.hint{color:#777;font-size:12px;margin-top:3px}
#graph{flex:1;width:100%;min-height:0;cursor:grab;user-select:none;touch-action:none}
#graph.dragging{cursor:grabbing}
.lane{fill:#f6f6f6}.lane.odd{fill:#fbfbfb}
.lane-label{font-size:12px;fill:#888;font-weight:600;paint-order:stroke;stroke:#fff;stroke-width:3px;pointer-events:none}
.axis{stroke:#bbb;stroke-width:1}
.tick{font-size:9px;fill:#999;text-anchor:middle}
.edge{stroke:#555;stroke-width:1.2;fill:none;opacity:.55}
.edge.k-supersedes{stroke-dasharray:4 3;stroke:#888}
.edge.turn-edge{stroke:#999;stroke-width:.8;opacity:.12}
.edge.hl{opacity:.95;stroke:#E69F00;stroke-width:2}
.node text{font-size:11px;fill:#222;dominant-baseline:central;pointer-events:none}
.node.inactive text{fill:#999}
.node.struck text{text-decoration:line-through}
.node circle{stroke:rgba(0,0,0,.35);stroke-width:1}
.node.pinned circle{stroke:#111;stroke-width:2.2}
.node.hl circle{stroke:#E69F00;stroke-width:3}
.node:hover circle{stroke:#000;stroke-width:2.5}
.empty{font-size:16px;fill:#999}
#tip{position:fixed;max-width:420px;background:#fff;border:1px solid #bbb;border-radius:6px;
 box-shadow:0 2px 10px rgba(0,0,0,.18);padding:8px 10px;font-size:12px;line-height:1.45;pointer-events:none;
 white-space:pre-wrap;overflow-wrap:anywhere}
#tip .head{font-weight:600}
#tip .src{color:#555;margin-top:4px;border-left:3px solid #ddd;padding-left:6px}
#tip .k{color:#777}
"""

_JS = r"""
(function () {
  "use strict";
  window.addEventListener("error", function (e) { document.body.dataset.error = String(e.message); });
  var NS = "http://www.w3.org/2000/svg";
  var data = JSON.parse(document.getElementById("ctxgraph-data").textContent);
  var svg = document.getElementById("graph"), vp = document.getElementById("viewport");
  var tip = document.getElementById("tip"), legend = document.getElementById("legend");
  function el(name, attrs, parent) {
    var e = document.createElementNS(NS, name);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function div(cls, text, parent) {
    var e = document.createElement("div");
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    parent.appendChild(e);
    return e;
  }
  function swatch(color, text, ring) {
    var s = document.createElement("span"), i = document.createElement("i");
    i.style.background = color;
    if (ring) i.style.boxShadow = "0 0 0 2px #111 inset";
    s.appendChild(i);
    s.appendChild(document.createTextNode(text));
    legend.appendChild(s);
  }
  Object.keys(data.kinds).forEach(function (k) { swatch(data.kinds[k].color, k + " " + data.kinds[k].count); });
  swatch(data.inactive_color, "no longer true / open");
  swatch("#fff", "pinned", true);

  var byId = {}, adj = {};
  data.nodes.forEach(function (n) { byId[n.id] = n; adj[n.id] = []; });
  var defs = el("defs", {}, vp);
  var marker = el("marker", {id: "arrow", viewBox: "0 0 10 10", refX: "16", refY: "5", markerWidth: "7",
                             markerHeight: "7", orient: "auto-start-reverse"}, defs);
  el("path", {d: "M0,0 L10,5 L0,10 z", fill: "#888"}, marker);
  var sticky = [];  // lane names stay at the left edge while the graph pans
  function laneLabel(text, y) {
    var t = el("text", {x: 8, y: y, "class": "lane-label"}, svg);
    t.textContent = text;
    sticky.push({el: t, y: y});
  }
  data.lanes.forEach(function (l, i) {
    el("rect", {x: 0, y: l.y, width: data.width, height: l.height, "class": "lane" + (i % 2 ? " odd" : "")}, vp);
    laneLabel(l.kind, l.y + 15);
  });
  var turns = data.nodes.filter(function (n) { return n.kind === "turn"; });
  if (data.layout === "timeline" && turns.length) {
    var last = turns[turns.length - 1];
    el("line", {x1: turns[0].x, x2: last.x, y1: turns[0].y, y2: turns[0].y, "class": "axis"}, vp);
    laneLabel("messages", turns[0].y + 4);
    var every = Math.max(1, Math.ceil(turns.length / 60));
    turns.forEach(function (t) {
      if (t.turn % every === 0) el("text", {x: t.x, y: t.y - 8, "class": "tick"}, vp).textContent = String(t.turn);
    });
  }
  var edgeLayer = el("g", {}, vp), nodeLayer = el("g", {}, vp);
  data.edges.forEach(function (e) {
    var s = byId[e.source], t = byId[e.target];
    if (!s || !t) return;
    var turnEdge = s.kind === "turn" || t.kind === "turn";
    var line = el("line", {x1: s.x, y1: s.y, x2: t.x, y2: t.y,
                           "class": "edge k-" + e.kind + (turnEdge ? " turn-edge" : "")}, edgeLayer);
    if (e.kind === "supersedes") line.setAttribute("marker-end", "url(#arrow)");
    adj[e.source].push(line); adj[e.target].push(line);
  });
  var nodeEls = {};
  data.nodes.forEach(function (n) {
    var cls = "node k-" + n.kind + (n.active ? "" : " inactive") + (n.pinned ? " pinned" : "") +
              (n.status === "superseded" || n.status === "retracted" ? " struck" : "");
    var grp = el("g", {transform: "translate(" + n.x + "," + n.y + ")", "class": cls, "data-id": n.id}, nodeLayer);
    var color = n.kind === "turn" ? (({user: "#222", assistant: "#777"})[n.source && n.source.role] || "#aaa")
                                  : (n.active ? data.kinds[n.kind].color : data.inactive_color);
    el("circle", {r: n.kind === "turn" ? 3.5 : 6.5, fill: color}, grp);
    if (n.kind !== "turn" || data.layout !== "timeline") el("text", {x: 10, y: 0}, grp).textContent = n.label;
    grp.addEventListener("mouseenter", function (ev) { show(n, ev); });
    grp.addEventListener("mousemove", place);
    grp.addEventListener("mouseleave", hide);
    nodeEls[n.id] = grp;
  });
  if (!data.nodes.length) {
    el("text", {x: 20, y: 40, "class": "empty"}, vp).textContent = "nothing observed yet";
  }

  function fmt(key, v) {
    if (v === null || v === undefined || v === "" || v === false) return null;
    if (key === "history") {
      return v.length ? v.map(function (h) {
        return h.value + "  (#" + h.turn + (h.until !== null && h.until !== undefined ? " → #" + h.until : "") + ")";
      }).join("\n") : null;
    }
    if (key === "mentions") return v.map(function (i) { return "#" + i; }).join(", ");
    if (key === "superseded_by" && byId[v]) return v + ": " + byId[v].label + "  (#" + byId[v].turn + ")";
    if (key === "until" || key === "closed" || key === "result_turn") return "#" + v;
    if (Array.isArray(v)) return v.length ? v.join(", ") : null;
    if (typeof v === "object") return JSON.stringify(v);
    return String(v);
  }
  var lit = [];
  function show(n, ev) {
    tip.textContent = "";
    div("head", n.kind + " " + n.id + (n.status ? " · " + n.status : "") + (n.pinned ? " · pinned" : ""), tip)
      .style.color = n.kind === "turn" ? "#222" : data.kinds[n.kind].color;
    if (n.kind !== "turn") div("", n.text, tip);
    if (n.source) div("src", "message #" + n.turn + " (" + n.source.role + "): " +
                      (n.kind === "turn" ? n.text : n.source.excerpt), tip);
    Object.keys(n.details).forEach(function (k) {
      var v = fmt(k, n.details[k]);
      if (v === null || (n.kind === "turn" && k === "role") || (n.kind === "fact" && (k === "name" || k === "value"))) return;
      var row = div("", undefined, tip), key = document.createElement("span");
      key.className = "k";
      key.textContent = k.replace(/_/g, " ") + ": ";
      row.appendChild(key);
      row.appendChild(document.createTextNode(v));
    });
    tip.hidden = false;
    place(ev);
    lit = adj[n.id].slice();
    if (n.turn !== null && nodeEls["t" + n.turn] && n.kind !== "turn") lit.push(nodeEls["t" + n.turn]);
    lit.forEach(function (e) { e.classList.add("hl"); });
  }
  function place(ev) {
    var w = tip.offsetWidth, h = tip.offsetHeight;
    var x = ev.clientX + 14, y = ev.clientY + 14;
    if (x + w > window.innerWidth - 4) x = Math.max(4, ev.clientX - w - 14);
    if (y + h > window.innerHeight - 4) y = Math.max(4, ev.clientY - h - 14);
    tip.style.left = x + "px"; tip.style.top = y + "px";
  }
  function hide() {
    tip.hidden = true;
    lit.forEach(function (e) { e.classList.remove("hl"); });
    lit = [];
  }

  var view = {x: 0, y: 0, s: 1};
  function apply() {
    vp.setAttribute("transform", "translate(" + view.x + "," + view.y + ") scale(" + view.s + ")");
    sticky.forEach(function (l) { l.el.setAttribute("y", view.y + l.y * view.s); });
  }
  function fit() {
    var W = svg.clientWidth || 1200, H = svg.clientHeight || 700;
    var s = Math.min(W / data.width, H / data.height, 1.6);
    if (s < 0.45) {  // a long conversation: fit the height and show its end
      s = Math.min(H / data.height, 1.2);
      view.x = Math.min(0, W - data.width * s);
    } else {
      view.x = (W - data.width * s) / 2;
    }
    view.s = s;
    view.y = Math.max(0, (H - data.height * s) / 2);
    apply();
  }
  function zoomAt(px, py, k) {
    var s = Math.max(0.03, Math.min(8, view.s * k));
    k = s / view.s;
    view.x = px - (px - view.x) * k;
    view.y = py - (py - view.y) * k;
    view.s = s;
    apply();
  }
  svg.addEventListener("wheel", function (ev) {
    ev.preventDefault();
    var r = svg.getBoundingClientRect();
    zoomAt(ev.clientX - r.left, ev.clientY - r.top, Math.exp(-ev.deltaY * 0.0015));
  }, {passive: false});
  var drag = null;
  svg.addEventListener("pointerdown", function (ev) {
    if (ev.button !== 0) return;
    drag = {x: ev.clientX, y: ev.clientY, vx: view.x, vy: view.y};
    svg.setPointerCapture(ev.pointerId);
    svg.classList.add("dragging");
  });
  svg.addEventListener("pointermove", function (ev) {
    if (!drag) return;
    view.x = drag.vx + ev.clientX - drag.x;
    view.y = drag.vy + ev.clientY - drag.y;
    apply();
  });
  function stop() { drag = null; svg.classList.remove("dragging"); }
  svg.addEventListener("pointerup", stop);
  svg.addEventListener("pointercancel", stop);
  svg.addEventListener("dblclick", fit);
  window.addEventListener("keydown", function (ev) {
    if (ev.key === "0") fit();
    else if (ev.key === "+" || ev.key === "=") zoomAt(svg.clientWidth / 2, svg.clientHeight / 2, 1.25);
    else if (ev.key === "-") zoomAt(svg.clientWidth / 2, svg.clientHeight / 2, 0.8);
  });
  window.addEventListener("resize", fit);
  fit();
  document.body.dataset.rendered = data.nodes.length + " nodes";
})();
"""

_PAGE = """<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<link rel="icon" href="data:,">
<title>{title}</title>
<style>{css}</style>
</head>
<body>
<header><h1>{title}</h1><div id="legend"></div>
<div class="hint">wheel: zoom · drag: pan · double-click or 0: fit · hover a node: where it came from</div></header>
<svg id="graph" role="img" aria-label="{title}"><g id="viewport"></g></svg>
<div id="tip" hidden></div>
<script id="ctxgraph-data" type="application/json">{data}</script>
<script>{js}</script>
</body>
</html>
"""


def script_json(value: Any) -> str:
    """JSON safe inside ``<script>``: ``<``, ``>`` and ``&`` as ``\\u`` escapes, so no text
    in the data can close the element or open a comment (``JSON.parse`` reads them back).

    >>> print(script_json({"t": "</script>"}))
    {"t": "\\u003c/script\\u003e"}
    """
    text = json.dumps(value, ensure_ascii=False)
    return (text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


def to_html(tracker: Tracker, path: str | Path | None = None, *, layout: str = "timeline") -> str:
    """One self-contained, interactive HTML page of the graph; also written to ``path`` if given.

    No network at all: data, styles and the renderer are inline, and the page's
    Content-Security-Policy blocks any request.
    """
    data = graph_data(tracker, layout=layout)
    title = f"ctxgraph · {data['lang']} · {data['turns']} messages · {len(data['nodes'])} nodes"
    page = _PAGE.format(lang=html.escape(data["lang"]), title=html.escape(title), css=_CSS,
                        data=script_json(data), js=_JS)
    if path is not None:
        Path(path).write_text(page, encoding="utf-8")
    return page


# ----------------------------------------------------------------------------- matplotlib

_MISSING_GLYPH = "\u25a1"  # □, what is drawn for a character no installed font has
_CJK_NAMES = ("Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", "Source Han Sans CN", "WenQuanYi Micro Hei",
              "WenQuanYi Zen Hei", "Microsoft YaHei", "SimHei", "PingFang SC", "Heiti SC", "Hiragino Sans GB",
              "Noto Sans CJK JP", "Noto Sans CJK TC", "Droid Sans Fallback", "AR PL UMing CN", "Arial Unicode MS")
_CJK_HINT = re.compile(r"CJK|Hei|Song|Ming|Kai|WenQuanYi|Han Sans|YaHei|PingFang|Gothic|Fallback|Unicode", re.I)


@functools.lru_cache(maxsize=1)
def _fonts() -> tuple[tuple[str, ...], frozenset[int]]:
    """Font families for labels (the default sans-serif, then a CJK font if one is
    installed) and the characters they can draw."""
    from matplotlib import font_manager as fm

    families = ["sans-serif"]
    names = sorted({f.name for f in fm.fontManager.ttflist})
    ranked = [n for n in _CJK_NAMES if n in names] + [n for n in names if _CJK_HINT.search(n) and n not in _CJK_NAMES]
    for name in ranked:
        try:
            charmap = fm.get_font(fm.findfont(fm.FontProperties(family=[name]), fallback_to_default=False)).get_charmap()
        except (ValueError, RuntimeError, OSError):
            continue
        if 0x4E2D in charmap and 0x5143 in charmap:  # 中, 元
            families.append(name)
            break
    covered: set[int] = set()
    for family in families:
        covered.update(fm.get_font(fm.findfont(fm.FontProperties(family=[family]))).get_charmap())
    return tuple(families), frozenset(covered)


def _drawable(text: str, covered: frozenset[int]) -> str:
    """Characters no installed font has become □ (matplotlib would warn at every render)."""
    return "".join(c if ord(c) in covered or c in " \t" else _MISSING_GLYPH for c in text)


def figure_size(data: dict[str, Any]) -> tuple[float, float]:
    """A figure size (inches) at which the layout's labels fit."""
    return (min(max(data["width"] / 85.0, 6.0), 60.0), min(max(data["height"] / 85.0, 3.0), 30.0))


def _import_matplotlib():
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise ImportError('drawing the graph needs matplotlib: pip install "ctxgraph[viz]"') from None


def draw(tracker: Tracker, ax: Any = None, *, layout: str = "timeline", labels: bool = True,
         font_size: float = 7.0) -> Any:
    """Draw the graph with matplotlib (the HTML page's colours and layout); returns the Axes.

    A new figure is made (``matplotlib.pyplot``) when ``ax`` is None. Chinese labels use an
    installed CJK font when there is one; characters no installed font has are drawn as □.
    """
    _import_matplotlib()
    from matplotlib.collections import LineCollection
    from matplotlib.lines import Line2D

    data = graph_data(tracker, layout=layout)
    families, covered = _fonts()
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=r"Glyph \d+ .* missing from", category=UserWarning)
        if ax is None:
            import matplotlib.pyplot as plt

            _, ax = plt.subplots(figsize=figure_size(data))
        nodes = data["nodes"]
        by_id = {n["id"]: n for n in nodes}
        for i, lane in enumerate(data["lanes"]):
            ax.axhspan(lane["y"], lane["y"] + lane["height"], color="#fbfbfb" if i % 2 else "#f3f3f3", zorder=0, lw=0)
            ax.text(6, lane["y"] + 11, lane["kind"], fontsize=font_size + 1, color="#888", fontweight="bold",
                    va="center", parse_math=False, zorder=1)
        turns = [n for n in nodes if n["kind"] == "turn"]
        timeline = data["layout"] == "timeline"
        if timeline and turns:
            ax.plot([turns[0]["x"], turns[-1]["x"]], [turns[0]["y"]] * 2, color="#bbb", lw=0.8, zorder=1)
            ax.text(6, turns[0]["y"], "messages", fontsize=font_size + 1, color="#888", fontweight="bold",
                    va="center", parse_math=False, zorder=1)
            every = max(1, math.ceil(len(turns) / 40))
            for t in turns:
                if t["turn"] % every == 0:
                    ax.text(t["x"], t["y"] - 9, str(t["turn"]), fontsize=font_size - 1, color="#999",
                            ha="center", va="center", parse_math=False)
        plain, dashed, faint = [], [], []
        for e in data["edges"]:
            s, t = by_id.get(e["source"]), by_id.get(e["target"])
            if s is None or t is None:
                continue
            seg = [(s["x"], s["y"]), (t["x"], t["y"])]
            if "turn" in (s["kind"], t["kind"]):
                faint.append(seg)
            else:
                (dashed if e["kind"] == "supersedes" else plain).append(seg)
        ax.add_collection(LineCollection(faint, colors="#999", linewidths=0.4, alpha=0.12 if timeline else 0.3, zorder=2))
        ax.add_collection(LineCollection(plain, colors="#555", linewidths=1.0, alpha=0.6, zorder=2))
        ax.add_collection(LineCollection(dashed, colors="#888", linewidths=1.0, linestyles="dashed", zorder=2))
        for kind, info in data["kinds"].items():
            group = [n for n in nodes if n["kind"] == kind]
            if kind == "turn":
                colors = [ROLE_COLORS.get((n["source"] or {}).get("role"), "#aaa") for n in group]
                ax.scatter([n["x"] for n in group], [n["y"] for n in group], s=10, c=colors, zorder=3, linewidths=0)
                continue
            ax.scatter([n["x"] for n in group], [n["y"] for n in group], s=42, zorder=3,
                       c=[info["color"] if n["active"] else INACTIVE_COLOR for n in group],
                       edgecolors=["#111" if n["pinned"] else "#00000059" for n in group],
                       linewidths=[1.6 if n["pinned"] else 0.6 for n in group])
        if labels:
            for n in nodes:
                if n["kind"] == "turn" and timeline:
                    continue
                ax.text(n["x"] + 10, n["y"], _drawable(n["label"], covered), fontsize=font_size, va="center",
                        color="#222" if n["active"] else "#999", fontfamily=list(families), parse_math=False,
                        zorder=4, clip_on=True)
        handles = [Line2D([], [], marker="o", ls="", color=info["color"], label=f"{k} {info['count']}")
                   for k, info in data["kinds"].items() if k != "turn"]
        handles += [Line2D([], [], marker="o", ls="", color=INACTIVE_COLOR, label="no longer true / open"),
                    Line2D([], [], marker="o", ls="", color="white", markeredgecolor="#111", label="pinned")]
        if nodes:
            ax.legend(handles=handles, loc="lower left", bbox_to_anchor=(0.0, 1.0), ncol=min(len(handles), 5),
                      fontsize=font_size, frameon=False)
        ax.set_xlim(0, data["width"])
        ax.set_ylim(data["height"], 0)
        ax.set_xticks([])
        ax.set_yticks([])
        for spine in ax.spines.values():
            spine.set_visible(False)
        if not nodes:
            ax.text(0.5, 0.5, "nothing observed yet", transform=ax.transAxes, ha="center", color="#999")
    return ax


def save_picture(tracker: Tracker, path: str | Path, *, layout: str = "timeline", dpi: int = 120) -> None:
    """Draw the graph into an image file (.png, .svg, .pdf) with the Agg canvas, no pyplot."""
    _import_matplotlib()
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    data_size = figure_size(graph_data(tracker, layout=layout))
    fig = Figure(figsize=data_size)
    FigureCanvasAgg(fig)
    draw(tracker, fig.add_subplot(), layout=layout)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=r"Glyph \d+ .* missing from", category=UserWarning)
        fig.savefig(path, dpi=dpi, bbox_inches="tight")


# ----------------------------------------------------------------------------- notebook table

MAX_ROWS = 200


def repr_html(tracker: Tracker) -> str:
    """The state as a small HTML table: kind / key / value / status / turn, escaped."""
    s = tracker.state()
    rows: list[tuple[str, str, str, str, int | None]] = []
    if s.goal:
        rows.append(("goal", "", s.goal.text, "current", s.goal.turn))
    rows += [("constraint", c.polarity.replace("_", " "), c.text, c.status, c.turn) for c in s.constraints]
    rows += [("commitment", c.due or "", c.text, c.status, c.turn) for c in s.commitments]
    rows += [("question", "", q.text, q.status, q.turn) for q in s.questions]
    rows += [("fact", f.name, f.value, f.status, f.turn) for f in s.facts]
    rows += [("action", a.tool, a.summary, a.status, a.turn) for a in s.actions]
    entities = {e.id: e for e in s.entities}
    rows += [("focus", entities[e].type, entities[e].text, "selected" if entities[e].selected else "",
              entities[e].mentions[-1] if entities[e].mentions else None) for e in s.focus if e in entities]
    cell = "padding:1px 8px;text-align:left;vertical-align:top;border-bottom:1px solid #eee"
    caption = (f'<caption style="text-align:left;font-weight:600;padding-bottom:3px">ctxgraph · '
               f'{html.escape(s.lang)} · {s.turns} messages · {tracker.graph.number_of_nodes()} nodes</caption>')
    head = "".join(f'<th style="{cell}">{h}</th>' for h in ("kind", "key", "value", "status", "turn"))
    out = ['<table class="ctxgraph-state" style="border-collapse:collapse;font-size:12px">', caption,
           f"<thead><tr>{head}</tr></thead><tbody>"]
    for kind, key, value, status, turn in rows[:MAX_ROWS]:
        style = ";color:#999" if status in INACTIVE else ""
        strike = ";text-decoration:line-through" if status in ("superseded", "retracted") else ""
        out.append(f'<tr style="{style.lstrip(";")}"><td style="{cell}">{kind}</td>'
                   f'<td style="{cell}">{html.escape(key)}</td>'
                   f'<td style="{cell}{strike}">{html.escape(value)}</td>'
                   f'<td style="{cell}">{html.escape(status)}</td>'
                   f'<td style="{cell}">{"" if turn is None else turn}</td></tr>')
    if not rows:
        out.append(f'<tr><td colspan="5" style="{cell};color:#999">nothing observed yet</td></tr>')
    elif len(rows) > MAX_ROWS:
        out.append(f'<tr><td colspan="5" style="{cell};color:#999">… {len(rows) - MAX_ROWS} more rows '
                   "(tracker.state() has them all)</td></tr>")
    out.append("</tbody></table>")
    return "".join(out)
