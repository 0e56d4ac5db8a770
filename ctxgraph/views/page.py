"""One self-contained, interactive HTML page of the graph.

The page holds the graph data (:func:`~ctxgraph.views.data.graph_data`) and a small renderer:
SVG drawn by plain JavaScript, colours per kind with a legend, what stopped being true
greyed, hover for where a node came from, wheel to zoom, drag to pan. The renderer and its
styles are package data files, ``static/graph.js`` and ``static/graph.css``, read with
:mod:`importlib.resources` and inlined into every page when it is rendered.

Why no JavaScript graph library (d3, vis-network, cytoscape) is vendored: the page has to
work offline, from a file attached to a ticket, for years. A vendored library is hundreds
of kilobytes copied into every page, a licence and a version to follow; a CDN link breaks
offline and leaks that someone opened the page. The layout is computed in Python, so the
page only has to draw circles, lines and text and handle hover, wheel and drag: about 200
lines of plain JavaScript, inline, with a Content-Security-Policy that forbids every
network request. Nothing to download, nothing to update.

>>> from ctxgraph import Tracker
>>> t = Tracker(lang="zh")
>>> _ = t.observe({"role": "user", "content": "预算5000元"})
>>> page = to_html(t)
>>> page.count("<script"), page.count("https://"), page.count("http://")  # http:// once: the SVG namespace
(2, 0, 1)
>>> static_text("graph.js") in page and static_text("graph.css") in page
True
"""

from __future__ import annotations

import functools
import html
import json
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .data import WINDOW, graph_data

if TYPE_CHECKING:
    from .._tracker import Tracker

_PAGE = """<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<link rel="icon" href="data:,">
<title>{title}</title>
<style>
{css}</style>
</head>
<body>
<header><h1>{title}</h1><div id="legend"></div>
<div class="hint">wheel: zoom · drag: pan · double-click or 0: fit · hover a node: where it came from</div></header>
<svg id="graph" role="img" aria-label="{title}"><g id="viewport"></g></svg>
<div id="tip" hidden></div>
<script id="ctxgraph-data" type="application/json">{data}</script>
<script>
{js}</script>
</body>
</html>
"""


@functools.lru_cache(maxsize=None)
def static_text(name: str) -> str:
    """A file of the page's renderer (``graph.js``, ``graph.css``), from the package data.

    >>> static_text("graph.css").startswith("html,body{")
    True
    """
    return resources.files(__package__).joinpath("static", name).read_text(encoding="utf-8")


def script_json(value: Any) -> str:
    """JSON safe inside ``<script>``: ``<``, ``>`` and ``&`` as ``\\u`` escapes, so no text
    in the data can close the element or open a comment (``JSON.parse`` reads them back).

    >>> print(script_json({"t": "</script>"}))
    {"t": "\\u003c/script\\u003e"}
    """
    text = json.dumps(value, ensure_ascii=False)
    return (text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


def to_html(tracker: Tracker, path: str | Path | None = None, *, layout: str = "timeline",
            window: int | None = WINDOW) -> str | Path:
    """One self-contained, interactive HTML page of the graph: the page's text, or, given
    ``path``, the page written there and the :class:`~pathlib.Path` returned (not the page, so
    a REPL does not print 35 KB of HTML).

    No network at all: data, styles and the renderer are inline, and the page's
    Content-Security-Policy blocks any request. A chat longer than ``window`` messages is
    shown as its last ``window`` messages and the state as it is now (the title says so);
    ``window=None`` draws everything.
    """
    data = graph_data(tracker, layout=layout, window=window)
    shown = data["window"]
    part = (f" · messages {shown['first_turn']}-{data['turns'] - 1} of {data['turns']} and the current state"
            if shown["first_turn"] else "")
    title = f"ctxgraph · {data['lang']} · {data['turns']} messages · {len(data['nodes'])} nodes{part}"
    page = _PAGE.format(lang=html.escape(data["lang"]), title=html.escape(title), css=static_text("graph.css"),
                        data=script_json(data), js=static_text("graph.js"))
    if path is not None:
        path = Path(path)
        path.write_text(page, encoding="utf-8")
        return path
    return page
