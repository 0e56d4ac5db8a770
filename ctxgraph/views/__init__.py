"""Views of the graph: JSON data, a self-contained HTML page, a matplotlib picture, a notebook table.

- :func:`graph_data` (:mod:`.data`) — the graph as JSON-able data (``"schema":
  "ctxgraph.graph/1"``): nodes with kind, short label, status, provenance and a layout
  position (:mod:`.layout`), edges with their kind. ``ctxgraph graph FILE --out graph.json``.
- :func:`to_html` (:mod:`.page`) — one HTML page holding that data and a small renderer
  whose JavaScript and CSS are package data files (``static/graph.js``, ``static/graph.css``)
  inlined into the page.
- :func:`draw`, :func:`save_picture` (:mod:`.picture`) — the same picture, static, with
  matplotlib (``pip install "ctxgraph[viz]"``); fonts for Chinese labels in :mod:`.fonts`.
- :func:`repr_html` (:mod:`.table`) — the state as a small HTML table (``Tracker._repr_html_``).
- :func:`state_text` (:mod:`.text`) — the state as plain text, a line per row
  (``ctxgraph state --format text``, the end of ``ctxgraph replay``).

Colours and statuses shared by all of them are in :mod:`.style`. Nothing here imports the
Tracker at run time: every view takes one and reads ``graph``, ``messages`` and ``state()``.

>>> from ctxgraph import Tracker
>>> t = Tracker(lang="en")
>>> _ = t.observe({"role": "user", "content": "My budget is $500."})
>>> graph_data(t)["schema"], to_html(t).startswith("<!DOCTYPE html>")
('ctxgraph.graph/1', True)
"""

from __future__ import annotations

from .data import GRAPH_SCHEMA, graph_data
from .fonts import LabelFonts
from .labels import shorten
from .layout import LAYOUTS
from .page import script_json, to_html
from .picture import draw, figure_size, save_picture
from .style import INACTIVE, INACTIVE_COLOR, KIND_COLORS, LANE_ORDER, ROLE_COLORS
from .table import repr_html
from .text import state_text

__all__ = [
    "GRAPH_SCHEMA",
    "INACTIVE",
    "INACTIVE_COLOR",
    "KIND_COLORS",
    "LANE_ORDER",
    "LAYOUTS",
    "ROLE_COLORS",
    "LabelFonts",
    "draw",
    "figure_size",
    "graph_data",
    "repr_html",
    "save_picture",
    "script_json",
    "shorten",
    "state_text",
    "to_html",
]
