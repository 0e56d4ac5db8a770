"""The slot a role's cue right beside a mention names ("from Kings Lynn": origin).

Read by the roles step and by the steps that re-key a mention later in the turn (changes, a trip's
other end); it lives apart from ``roles.py`` so that those steps need not import the roles step
(``domains`` -> ``roles`` -> ``context`` -> ``domains`` was an import cycle).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .context import Mention, MessageContext

__all__ = ["CUE_WINDOW", "cue_role"]

#: characters on each side of a mention that a role's cue is looked for in
CUE_WINDOW = 32

#: (user31) what follows a bare number that measures time, distance or a shortfall, not heads: "we're 10| minutes away",
#: "we are 2| weeks late", "we are 1| short"; such a number is no count of people whatever cue stands before it
_NO_HEADCOUNT_AFTER = re.compile(r"\s*(?:%|percent\b|(?:min(?:ute)?s?|h(?:ou)?rs?|days?|weeks?|months?|years?|km|miles?|"
                                 r"short|late|behind|away|ahead|down|off|over|under|out|in debt)\b)", re.I)

#: (fix36) 接 right after a day: the day a pet or a child is taken home only in a chat about boarding or care
_PICKUP_AFTER = re.compile(r"^[\s:：]*接")
_CARE = re.compile(r"寄养|托管|寄宿|看护|照看|托班|托儿|送过来|送过去|送来|送去|放你们|放在你们|宠物|猫|狗")
#: ... and never in one about a ride (接机, 接送, 接站): there 接 is the ride's day
_RIDE = re.compile(r"接机|接送|接站|接车|接人|送机")
#: how many earlier turns are read for the chat's subject
_CARE_TURNS = 12


def _cared_for(ctx: "MessageContext") -> bool:
    """(fix36) Whether the chat (this message and the last few before it) is about boarding or care and not a ride:
    "1月25号送过来，2月3号接" (a pet's stay), not "我想订接机服务，10月3号接".

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "user", "content": "我想订接机服务，10月3号接，航班晚上8点到"}])
    >>> [f.key for f in t.state().facts if f.key == "checkout"]
    []
    """
    G = ctx.graph
    texts = [ctx.text] + [str(G.nodes[f"t{i}"].get("text") or "") for i in range(max(0, ctx.index - _CARE_TURNS), ctx.index)
                          if f"t{i}" in G.nodes]
    chat = "\n".join(texts)
    return bool(_CARE.search(chat)) and not _RIDE.search(chat)


def cue_role(ctx: "MessageContext", m: "Mention") -> str | None:
    """The slot a cue right beside ``m`` names, if one does (the pack's ``roles``: slot, entity labels,
    cue before, cue after, asked, value shape).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "user", "content": "sedan. we are 2 with 2 suitcases"},
    ...                 {"role": "user", "content": "we're 10 minutes away"}])
    >>> [(f.key, f.value) for f in t.state().facts if f.key == "people"]
    [('people', '2')]
    """
    before, after = ctx.text[max(0, m.start - CUE_WINDOW):m.start], ctx.text[m.end:m.end + CUE_WINDOW]
    for slot, labels, before_rx, after_rx, _, value_rx in ctx.pack.roles:
        if m.label in labels and (value_rx is None or value_rx.search(m.text)) and (
                (before_rx and before_rx.search(before)) or (after_rx and after_rx.search(after))):
            if slot == "people" and _NO_HEADCOUNT_AFTER.match(after):
                continue
            if slot == "checkout" and _PICKUP_AFTER.match(after) and not (before_rx and before_rx.search(before)) \
                    and not _cared_for(ctx):
                continue
            return slot
    return None
