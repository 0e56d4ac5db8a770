"""The state as a small HTML table, for notebooks (``Tracker._repr_html_``).

>>> from ctxgraph import Tracker
>>> t = Tracker(lang="en")
>>> _ = t.observe({"role": "user", "content": "My budget is $500."})
>>> "<td" in repr_html(t) and "$500" in repr_html(t)
True
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from .style import INACTIVE

if TYPE_CHECKING:
    from .._state import State
    from .._tracker import Tracker

MAX_ROWS = 200


def _rows(s: State) -> list[tuple[str, str, str, str, int | None]]:
    """kind, key, value, status, turn of everything in the state, goal first."""
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
    return rows


def repr_html(tracker: Tracker) -> str:
    """The state as a small HTML table: kind / key / value / status / turn, escaped."""
    s = tracker.state()
    rows = _rows(s)
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
