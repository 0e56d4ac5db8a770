"""Where each node sits: the timeline (default) or a spring layout, in CSS pixels at zoom 1.

The timeline reads like the conversation: x is the message a node came from (its
provenance), each kind has its own lane, and the nodes of a lane are packed in rows so their
labels do not overlap. ``spring`` is ``networkx.spring_layout`` (seed 0).

>>> nodes = [{"id": "t0", "kind": "turn", "turn": 0, "label": "#0"},
...          {"id": "f1", "kind": "fact", "turn": 0, "label": "budget: 500"},
...          {"id": "f2", "kind": "fact", "turn": 0, "label": "city: Paris"}]
>>> lanes, width, height = timeline(nodes)
>>> [(n["x"], n["y"]) for n in nodes]
[(120.0, 24.0), (120.0, 61.0), (120.0, 83.0)]
>>> lanes
[{'kind': 'fact', 'y': 50.0, 'height': 44.0}]
"""

from __future__ import annotations

import math

import networkx as nx

from .. import _graph as g
from .labels import cells
from .style import LANE_ORDER

LAYOUTS = ("timeline", "spring")
# timeline geometry, in CSS pixels at zoom 1
X0, STEP, ROW, LANE_GAP, TOP = 120.0, 30.0, 22.0, 12.0, 24.0
CELL_PX, LABEL_GAP, PAD = 6.4, 11.0, 10.0


def label_px(node: dict) -> float:
    """Width a node takes on its row: the gap, its label, some padding."""
    return LABEL_GAP + cells(node["label"]) * CELL_PX + PAD


def _order(n: dict) -> tuple:
    return (n["turn"] or 0, int(n["id"][1:]) if n["id"][1:].isdigit() else 0, n["id"])


def _column(turn: int | None, first: int) -> int:
    """The column of a message: its index, or in a window starting at ``first``, 1 for the
    window's first message and 0 for everything older (the state that is still true)."""
    return (turn or 0) if not first else max((turn or 0) - first + 1, 0)


def timeline(nodes: list[dict], first: int = 0) -> tuple[list[dict], float, float]:
    """x: the message a node came from; y: its kind's lane, rows packed so labels never overlap.
    With ``first`` (a window of a long chat), nodes from before that message share column 0.

    Sets each node's ``x`` and ``y``; returns the lanes (``kind``, ``y``, ``height``), the width and the height.
    """
    turns = [n for n in nodes if n["kind"] == "turn"]
    for n in turns:
        n["x"], n["y"] = X0 + STEP * _column(n["turn"], first), TOP
    lanes, y = [], TOP + 26.0
    right = X0 + STEP * max((_column(n["turn"], first) for n in turns), default=0)
    for kind in LANE_ORDER:
        members = sorted((n for n in nodes if n["kind"] == kind), key=_order)
        if not members:
            continue
        row_ends: list[float] = []
        for n in members:
            x = X0 + STEP * _column(n["turn"], first)
            row = next((r for r, end in enumerate(row_ends) if end <= x), len(row_ends))
            if row == len(row_ends):
                row_ends.append(0.0)
            row_ends[row] = x + label_px(n)
            n["x"], n["y"] = x, y + ROW * (row + 0.5)
            right = max(right, row_ends[row])
        height = ROW * len(row_ends)
        lanes.append({"kind": kind, "y": y, "height": height})
        y += height + LANE_GAP
    return lanes, round(right + 20.0, 1), round(y + 10.0, 1)


def spring(G: nx.MultiDiGraph, nodes: list[dict]) -> tuple[list[dict], float, float]:
    """networkx.spring_layout (seed 0) of the whole graph, turns included and chained in
    order (so the conversation is a spine the rest hangs from), scaled to pixels."""
    if not nodes:
        return [], X0, TOP
    shown = {n["id"] for n in nodes}  # a window of a long chat: only what is shown is laid out
    simple = nx.Graph()
    simple.add_nodes_from(n for n in G.nodes if n in shown)
    simple.add_edges_from((u, v) for u, v in G.edges(list(simple.nodes)) if v in shown)
    turns = [t for t in g.recent(G, "turn", len(G))[::-1] if t in shown]
    simple.add_edges_from(zip(turns, turns[1:]))  # the conversation as a spine (layout only)
    pos = nx.spring_layout(simple, seed=0)
    size = 260.0 * max(2.0, math.sqrt(len(nodes)) / 2)
    right = 0.0
    for n in nodes:
        px, py = pos[n["id"]]
        n["x"], n["y"] = round(40 + (float(px) + 1) / 2 * size, 1), round(40 + (float(py) + 1) / 2 * size, 1)
        right = max(right, n["x"] + label_px(n))
    return [], round(right + 20.0, 1), round(size + 80.0, 1)
