"""The graph as a static picture, with matplotlib (``pip install "ctxgraph[viz]"``).

Same layout and colours as the HTML page. Labels use the default sans-serif font plus an
installed CJK font when they need one (:mod:`ctxgraph.views.fonts`).

>>> figure_size({"width": 850.0, "height": 170.0})
(10.0, 3.0)
"""

from __future__ import annotations

import math
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import fonts as _fonts
from .data import graph_data
from .style import INACTIVE_COLOR, ROLE_COLORS

if TYPE_CHECKING:
    from .._tracker import Tracker

_GLYPH_WARNING = r"Glyph \d+ .* missing from"


def figure_size(data: dict[str, Any]) -> tuple[float, float]:
    """A figure size (inches) at which the layout's labels fit."""
    return (min(max(data["width"] / 85.0, 6.0), 60.0), min(max(data["height"] / 85.0, 3.0), 30.0))


def _import_matplotlib() -> None:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise ImportError('drawing the graph needs matplotlib: pip install "ctxgraph[viz]"') from None


def draw(tracker: Tracker, ax: Any = None, *, layout: str = "timeline", labels: bool = True,
         font_size: float = 7.0, fonts: _fonts.LabelFonts | None = None) -> Any:
    """Draw the graph with matplotlib (the HTML page's colours and layout); returns the Axes.

    A new figure is made (``matplotlib.pyplot``) when ``ax`` is None. Chinese labels use an
    installed CJK font when there is one (found even when installed after matplotlib built
    its font cache); otherwise they are drawn as □ and a ``FontWarning`` [W002] says, once,
    how to install one. ``fonts`` chooses the font lookup (default: matplotlib's font list).
    """
    _import_matplotlib()
    data = graph_data(tracker, layout=layout)
    nodes = data["nodes"]
    shown = [n for n in nodes if labels and not (n["kind"] == "turn" and data["layout"] == "timeline")]
    families, texts = (fonts or _fonts.DEFAULT).prepare([n["label"] for n in shown])
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=_GLYPH_WARNING, category=UserWarning)
        if ax is None:
            import matplotlib.pyplot as plt

            _, ax = plt.subplots(figsize=figure_size(data))
        _draw_lanes(ax, data, font_size)
        _draw_edges(ax, data)
        _draw_nodes(ax, data)
        for n, text in zip(shown, texts):
            ax.text(n["x"] + 10, n["y"], text, fontsize=font_size, va="center",
                    color="#222" if n["active"] else "#999", fontfamily=list(families), parse_math=False,
                    zorder=4, clip_on=True)
        _draw_legend(ax, data, font_size)
    return ax


def _draw_lanes(ax: Any, data: dict[str, Any], font_size: float) -> None:
    """Each kind's band with its name and, on the timeline, the messages' axis with ticks."""
    for i, lane in enumerate(data["lanes"]):
        ax.axhspan(lane["y"], lane["y"] + lane["height"], color="#fbfbfb" if i % 2 else "#f3f3f3", zorder=0, lw=0)
        ax.text(6, lane["y"] + 11, lane["kind"], fontsize=font_size + 1, color="#888", fontweight="bold",
                va="center", parse_math=False, zorder=1)
    turns = [n for n in data["nodes"] if n["kind"] == "turn"]
    if data["layout"] == "timeline" and turns:
        ax.plot([turns[0]["x"], turns[-1]["x"]], [turns[0]["y"]] * 2, color="#bbb", lw=0.8, zorder=1)
        ax.text(6, turns[0]["y"], "messages", fontsize=font_size + 1, color="#888", fontweight="bold",
                va="center", parse_math=False, zorder=1)
        every = max(1, math.ceil(len(turns) / 40))
        for t in turns:
            if t["turn"] % every == 0:
                ax.text(t["x"], t["y"] - 9, str(t["turn"]), fontsize=font_size - 1, color="#999",
                        ha="center", va="center", parse_math=False)


def _draw_edges(ax: Any, data: dict[str, Any]) -> None:
    """Edges to a message faint, a fact to the one it replaced dashed, the rest plain."""
    from matplotlib.collections import LineCollection

    by_id = {n["id"]: n for n in data["nodes"]}
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
    timeline = data["layout"] == "timeline"
    ax.add_collection(LineCollection(faint, colors="#999", linewidths=0.4, alpha=0.12 if timeline else 0.3, zorder=2))
    ax.add_collection(LineCollection(plain, colors="#555", linewidths=1.0, alpha=0.6, zorder=2))
    ax.add_collection(LineCollection(dashed, colors="#888", linewidths=1.0, linestyles="dashed", zorder=2))


def _draw_nodes(ax: Any, data: dict[str, Any]) -> None:
    """A dot per node: its kind's colour (grey when no longer true), a dark ring when pinned."""
    for kind, info in data["kinds"].items():
        group = [n for n in data["nodes"] if n["kind"] == kind]
        if kind == "turn":
            colors = [ROLE_COLORS.get((n["source"] or {}).get("role"), "#aaa") for n in group]
            ax.scatter([n["x"] for n in group], [n["y"] for n in group], s=10, c=colors, zorder=3, linewidths=0)
            continue
        ax.scatter([n["x"] for n in group], [n["y"] for n in group], s=42, zorder=3,
                   c=[info["color"] if n["active"] else INACTIVE_COLOR for n in group],
                   edgecolors=["#111" if n["pinned"] else "#00000059" for n in group],
                   linewidths=[1.6 if n["pinned"] else 0.6 for n in group])


def _draw_legend(ax: Any, data: dict[str, Any], font_size: float) -> None:
    """The legend above the axes, limits to the layout's extent, no ticks or frame."""
    from matplotlib.lines import Line2D

    handles = [Line2D([], [], marker="o", ls="", color=info["color"], label=f"{k} {info['count']}")
               for k, info in data["kinds"].items() if k != "turn"]
    handles += [Line2D([], [], marker="o", ls="", color=INACTIVE_COLOR, label="no longer true / open"),
                Line2D([], [], marker="o", ls="", color="white", markeredgecolor="#111", label="pinned")]
    if data["nodes"]:
        ax.legend(handles=handles, loc="lower left", bbox_to_anchor=(0.0, 1.0), ncol=min(len(handles), 5),
                  fontsize=font_size, frameon=False)
    ax.set_xlim(0, data["width"])
    ax.set_ylim(data["height"], 0)
    ax.set_xticks([])
    ax.set_yticks([])
    for spine in ax.spines.values():
        spine.set_visible(False)
    if not data["nodes"]:
        ax.text(0.5, 0.5, "nothing observed yet", transform=ax.transAxes, ha="center", color="#999")


def save_picture(tracker: Tracker, path: str | Path, *, layout: str = "timeline", dpi: int = 120,
                 fonts: _fonts.LabelFonts | None = None) -> None:
    """Draw the graph into an image file (.png, .svg, .pdf) with the Agg canvas, no pyplot."""
    _import_matplotlib()
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=figure_size(graph_data(tracker, layout=layout)))
    FigureCanvasAgg(fig)
    draw(tracker, fig.add_subplot(), layout=layout, fonts=fonts)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=_GLYPH_WARNING, category=UserWarning)
        fig.savefig(path, dpi=dpi, bbox_inches="tight")
