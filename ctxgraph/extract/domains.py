"""Which domain (hotel, restaurant, train ...) a value belongs to, for packs with domains.

A value belongs to the nearest domain word in its sentence, else to the message's last
one, else to the conversation's current domain (named within :data:`DOMAIN_SPAN` turns).
A domain word inside a name ("北京饭店") speaks only for that name. Packs without domains
(the core pack) give ``None`` everywhere.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from .text import SENTENCE_END, in_brackets

if TYPE_CHECKING:
    from .context import MessageContext

#: A domain stays the topic for this many turns after it was last named.
DOMAIN_SPAN = 8


def message_domain(ctx: "MessageContext") -> str | None:
    """The domain the message names last (the turn's topic), if the pack has domains."""
    pack = ctx.pack
    if not pack.domain_rx or ctx.role == "tool":
        return None
    cues = pack.domain_rx.findall(ctx.text)
    return pack.domain_of[cues[-1].casefold()] if cues else None


def domain_finder(ctx: "MessageContext") -> Callable[[int], str | None]:
    """``domain_at(pos)`` for the message of ``ctx``."""
    text, pack, G = ctx.text, ctx.pack, ctx.graph
    names = [(m.start, m.end) for m in ctx.mentions if m.kind == "thing"]

    def inside_name(start: int, end: int) -> tuple[int, int] | None:
        return next(((s, e) for s, e in names if s <= start and end <= e and e - s > end - start), None)

    cues = [(m.start(), pack.domain_of[m.group(0).casefold()], inside_name(m.start(), m.end()))
            for m in pack.domain_rx.finditer(text)] if pack.domain_rx else []
    # the name's own domain word, not one in a bracketed branch: "优品酒店(国贸地铁站店)" is a hotel
    own = {span: d for start, d, span in cues if span and not in_brackets(text[span[0]:start])}
    cues = [(start, d) for start, d, span in cues if not span]
    recent = G.graph.get("domain_turn") is not None and G.graph["turns"] - G.graph["domain_turn"] <= DOMAIN_SPAN
    fallback = cues[-1][1] if cues else (G.graph.get("domain") if recent else None)
    if not cues and not own:
        return lambda pos: fallback
    bounds = [0] + [m.end() for m in SENTENCE_END.finditer(text)] + [len(text) + 1]
    marker = ctx.profile.modifier_marker

    def domain_at(pos: int) -> str | None:
        for (s, e), d in own.items():
            if s <= pos < e:
                return d
        lo = max(b for b in bounds if b <= pos)
        hi = min(b for b in bounds if b > pos)
        if marker:  # "价格在400-500元的……酒店": a modifier phrase belongs to the noun after it
            head = next((d for start, d in cues if pos < start < hi and marker in text[pos:start]), None)
            if head is not None:
                return head
        near = [(abs(start - pos), -start, d) for start, d in cues if lo <= start < hi]
        return min(near)[2] if near else fallback

    return domain_at


__all__ = ["DOMAIN_SPAN", "domain_finder", "message_domain"]
