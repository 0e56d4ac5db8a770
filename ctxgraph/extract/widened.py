"""A rule that held the user to one thing only, taken back by widening it (cons32).

The user limits what will do to one thing ("Only weekend possible for us", "Thornaby only, thank you", "只能周末") and
later widens it: "I can do weekdays also, not only weekend", "You may widen it to Stockton after all", "不只周末了
平日也行". The "only" no longer holds.

Two readings, both of the user's clause, neither in a question:

- "not only / not just / solely X" (不只 / 不光 / 不仅 X) names the thing: it lifts the one active rule that holds the user to
  only something (its text says "only" / "just" / 只 / 仅) and names that thing.
- a verb that widens ("widen it to", "expand the search to", "open it up to") names the new thing, not the old: it lifts
  the one active only-rule there is; with two or more it lifts none.

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> t.observe_many([{"role": "user", "content": "Me and my friend. Only weekend possible for us"},
...                 {"role": "user", "content": "My shift changed, I can do weekdays also, not only weekend."}])
>>> [(c.text, c.status) for c in t.state().constraints][0]
('Only weekend possible for us', 'lifted')
"""

from __future__ import annotations

import re
from typing import Callable

from .. import _graph as g
from .._units import LiftUnit, _Unit
from .context import MessageContext

#: "not only X" / "not just X" and the thing after it to the end of its piece
_EN_NOT_ONLY = re.compile(r"\bnot (?:only|just|solely) (?P<thing>[^,.;:!?]+)", re.I)
#: 不只 / 不光 / 不仅 (是 / 能 / 要) X, to the end of its piece
_ZH_NOT_ONLY = re.compile(r"不(?:只|光|仅)(?:是|能|要|限)?(?P<thing>[^\s，,。！!？?；;]+)")
#: a verb that widens a limit to a new thing: "widen it to Stockton", "expand the search to Leeds", "open it up to"
#: it needs an object or "up": a bare "open to suggestions" or "the damp has expanded to the ceiling" widens no rule
_EN_WIDEN = re.compile(r"\b(?:widen|expand|broaden|open)(?:s|ed|ing)? (?:(?:it|that|this|the (?:search|area|list|range)) "
                       r"(?:up |out )?|up |out )(?:to|out to)\b", re.I)
#: the clause goes on to add a condition, not to widen: "not just vegetarian, it also has to be nut free", "不光要素菜，还得…"
_ADDS_MORE = re.compile(r"\b(?:also|too|as well|has to|have to|must)\b|还得|而且|也要|还要|也得", re.I)
#: the word of a rule that holds the user to one thing only
_ONLY = re.compile(r"\bonly\b|\bjust\b|只|仅", re.I)

#: how much two texts share, as the constraints step reads it (``cues._named_overlap``): passed in, cues reads this module
Overlap = Callable[[MessageContext, str, str], int]


def _sentence_after(ctx: MessageContext, clause: str, end: int) -> str:
    """What follows ``clause[end:]`` to the end of its sentence in the message: the clause may be cut at a comma.

    >>> from types import SimpleNamespace as NS
    >>> _sentence_after(NS(message=NS(text="Not just X, it also has to be Y. Fine.")), "Not just X", 10)
    ', it also has to be Y'
    """
    text = ctx.message.text or ""
    at = text.find(clause)
    rest = clause[end:] if at < 0 else text[at + end:]
    stop = re.search(r"[.!?。！？]", rest)
    return rest[:stop.start()] if stop else rest


def widened(ctx: MessageContext, clause: str, overlap: Overlap) -> list[_Unit]:
    """The lift of the one active only-rule the user's ``clause`` widens ("not only weekend", "widen it to Stockton");
    none when the clause widens nothing, or names no such rule, or two.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "user", "content": "Thornaby only, thank you. No stairs."},
    ...                 {"role": "user", "content": "You may widen it to Stockton after all, if it is quicker."}])
    >>> [(c.text, c.status) for c in t.state().constraints]
    [('Thornaby only, thank you', 'lifted'), ('No stairs', 'active')]
    """
    if ctx.role != "user":
        return []
    only = [(cid, d) for cid, d in g.open_items(ctx.graph, "constraint") if d["polarity"] != "must_not" and _ONLY.search(d["text"])]
    if not only:
        return []
    said = (_ZH_NOT_ONLY if ctx.profile.segmented else _EN_NOT_ONLY).search(clause)
    if said:
        if _ADDS_MORE.search(_sentence_after(ctx, clause, said.end())):
            return []
        named = [cid for cid, d in only if overlap(ctx, said.group("thing"), d["text"])]
        return [LiftUnit(constraint=named[0])] if len(named) == 1 else []
    if not ctx.profile.segmented and _EN_WIDEN.search(clause) and len(only) == 1:
        return [LiftUnit(constraint=only[0][0])]
    return []
