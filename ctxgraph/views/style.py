"""Colours and statuses shared by every view (the HTML page, the picture, the table).

>>> KIND_COLORS["fact"], "superseded" in INACTIVE
('#0072B2', True)
"""

from __future__ import annotations

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
INACTIVE = frozenset({"superseded", "retracted", "lifted", "done", "cancelled", "expired", "answered"})
#: Colour of a message dot on the picture's timeline axis, by the message's role.
ROLE_COLORS = {"user": "#222222", "assistant": "#777777", "tool": "#AAAAAA", "system": "#AAAAAA"}
