"""The swapped-words step (user31): a value held as the user's plain words changed by naming it beside the new one.

A value no recogniser types (a flavour, a colour, a style: "chocolate" answered to "What flavour?") is held as the
user's words; the change steps read only typed values, so "make it vanilla instead of chocolate" or "change the
chocolate to vanilla" changed nothing. When the words the change names as the old value are the whole value of a
current fact, the new words take its key.

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> t.observe_many([{"role": "assistant", "content": "What flavour?"}, {"role": "user", "content": "chocolate"},
...                 {"role": "user", "content": "actually make it vanilla instead of chocolate"}])
>>> [(f.key, f.value, f.status) for f in t.state().facts]
[('flavour', 'chocolate', 'superseded'), ('flavour', 'vanilla', 'current')]
"""

from __future__ import annotations

import re

from .. import _graph as g
from .._units import FactUnit, _Unit
from .context import MessageContext
from .registry import step

_WORD = r"[a-z][a-z'-]*"
#: "vanilla instead of chocolate", "a king bed rather than the twin beds": the new words first
_NEW_FIRST = re.compile(rf"\b(?P<new>{_WORD}(?:\s+{_WORD})?)\s+(?:instead of|rather than)\s+(?:the\s+|a\s+|an\s+)?"
                        rf"(?P<old>{_WORD}(?:\s+{_WORD})?)\b", re.I)
#: "change the chocolate to vanilla", "swap chocolate for vanilla", "switch from chocolate to vanilla": the old words first
_OLD_FIRST = re.compile(rf"\b(?:change|changing|switch|switching|swap|swapping|replace|replacing)\s+(?:from\s+)?"
                        rf"(?:the\s+|my\s+)?(?P<old>{_WORD}(?:\s+{_WORD})?)\s+(?:to|for|with)\s+(?:the\s+|a\s+|an\s+)?"
                        rf"(?P<new>{_WORD}(?:\s+{_WORD})?)\b", re.I)
#: words that are no value's own: what stands before the new words ("make it", "can we have") or after the old ones
_NOT_VALUE = frozenset("""a an the it that this one ones make have get do go with use take want need can we i you
could would please pls plz and or but so then just actually maybe instead rather of to for from please sorry""".split())


def _trimmed(words: str, size: int, *, last: bool = True) -> str:
    """The last (or first) ``size`` words of ``words`` when all are a value's own, "" when one of them is not.

    >>> _trimmed("make it vanilla", 1), _trimmed("it", 1), _trimmed("king bed", 2), _trimmed("lemon please", 1, last=False)
    ('vanilla', '', 'king bed', 'lemon')
    """
    split = words.split()
    kept = split[-size:] if last else split[:size]
    return "" if len(kept) < size or any(w.casefold() in _NOT_VALUE for w in kept) else " ".join(kept)


def _held(ctx: MessageContext, old: str) -> tuple[str, dict] | None:
    """The current fact whose whole value is ``old`` (said without "the"), if one is held and is plain words."""
    folded = old.casefold()
    for fid, d in g.recent_current_facts(ctx.graph, 50):
        value = str(d.get("value", "")).casefold().removeprefix("the ")
        if value == folded and not d.get("normalized"):
            return fid, d
    return None


@step("swapped_words", roles=("user",))
def swapped_words(ctx: MessageContext) -> list[_Unit]:
    """(user31) The new words of a change that names the old value held as plain words ("make it vanilla instead of
    chocolate", "change the chocolate to vanilla"), under the old value's key; a key another step filled in this
    message, and new words another step read, are left to it."""
    if ctx.lang != "en":
        return []
    filled = {u.key for u in ctx.units if isinstance(u, FactUnit)}
    units: list[_Unit] = []
    for rx in (_NEW_FIRST, _OLD_FIRST):
        for m in rx.finditer(ctx.text):
            if ctx.asking(m.start()):
                continue
            # the old value as two words or one ("instead of chocolate please": "chocolate")
            olds = [o for o in (_trimmed(m.group("old"), n, last=False) for n in (2, 1)) if o]
            held = next(((o, h) for o in olds if (h := _held(ctx, o)) is not None), None)
            if held is None or held[1][1]["key"] in filled:
                continue
            old, (_, d) = held
            new = next((w for w in (_trimmed(m.group("new"), n, last=rx is _NEW_FIRST) for n in (2, 1)) if w), "")
            if not new or new.casefold() == old.casefold() or any(
                    isinstance(u, FactUnit) and new.casefold() in u.value.casefold() for u in ctx.units):
                continue  # the new words another step read as a value of its own ("a refund instead of ...")
            units.append(FactUnit(key=d["key"], name=d["name"], value=new, slot=d.get("slot"), group=d.get("group"),
                                  terse=bool(d.get("terse")), correction=True))
            filled.add(d["key"])
    return units
