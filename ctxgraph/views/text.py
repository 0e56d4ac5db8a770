"""The state as plain text for people: ``ctxgraph state --format text`` and the end of
``ctxgraph replay``. The same rows as the notebook table (:mod:`.table`), one a line, the
current ones first in each kind; what no longer holds is marked, never hidden.

>>> from ctxgraph import Tracker
>>> t = Tracker(lang="en")
>>> _ = t.observe({"role": "user", "content": "My budget is $500. Do not ship with FedEx."})
>>> _ = t.observe({"role": "user", "content": "Actually, make the budget $600."})
>>> print(state_text(t.state()))
state after 2 messages (en): 2 facts (1 current), 1 constraint, 0 promises, 0 actions
  constraint  must not  "Do not ship with FedEx"             active       #0
  fact        budget    $600                                 current      #1
  fact        budget    $500                                 superseded   #0
  focus       GPE       FedEx                                             #0
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .style import INACTIVE
from .table import _rows

if TYPE_CHECKING:
    from .._state import State

#: A value longer than this is cut (with "…"): a line a person can read.
MAX_VALUE_CHARS = 60
_QUOTED = ("constraint", "commitment", "question", "goal")


def _cut(text: str, limit: int) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def state_text(state: State) -> str:
    """One header line with the counts, then a line per goal, constraint, promise, question,
    fact, action and entity in focus: kind, key (a fact's name, a constraint's polarity, a
    promise's due), value (what was said quoted), status and the message it came from."""
    rows = _rows(state)
    rows.sort(key=lambda r: r[3] in INACTIVE)  # stable: per kind as the state lists it, what holds first
    order = {k: i for i, k in enumerate(("goal", "constraint", "commitment", "question", "fact", "action", "focus"))}
    rows.sort(key=lambda r: order.get(r[0], len(order)))
    current = sum(1 for f in state.facts if f.status == "current")
    head = (f"state after {state.turns} messages ({state.lang}): {len(state.facts)} facts ({current} current), "
            f"{len(state.constraints)} constraint{'s' * (len(state.constraints) != 1)}, "
            f"{len(state.commitments)} promise{'s' * (len(state.commitments) != 1)}, "
            f"{len(state.actions)} action{'s' * (len(state.actions) != 1)}")
    if not rows:
        return head + "\n  nothing extracted"
    cells = []
    for kind, key, value, status, turn in rows:
        value = _cut(value, MAX_VALUE_CHARS)
        cells.append((kind, _cut(key, 24), f'"{value}"' if kind in _QUOTED else value, status,
                      "" if turn is None else f"#{turn}"))
    widths = [max(len(c[i]) for c in cells) for i in range(4)]
    lines = [head]
    for c in cells:
        lines.append("  " + "  ".join(c[i].ljust(max(widths[i], (10, 8, 35, 11)[i])) for i in range(4)) + "  " + c[4])
    return "\n".join(line.rstrip() for line in lines)
