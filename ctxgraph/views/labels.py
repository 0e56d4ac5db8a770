"""Short one-line labels measured in display cells (a CJK character takes two).

>>> cells("预算 $5")
7
>>> excerpt("one   two three", 8)
'one two…'
"""

from __future__ import annotations

import unicodedata

LABEL_CELLS = 26  # a short label: at most this many cells


def cells(text: str) -> int:
    """Display width of ``text``: a wide or full-width character counts two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def shorten(text: str, width: int = LABEL_CELLS) -> str:
    """One line of at most ``width`` display cells, "…" when cut.

    >>> shorten("预算改成六千元，我想顺便加一副耳机", 12)
    '预算改成六…'
    >>> shorten("  two\\n lines ")
    'two lines'
    """
    text = " ".join(str(text).split())
    if cells(text) <= width:
        return text
    out, used = [], 0
    for c in text:
        w = cells(c)
        if used + w > width - 1:
            break
        out.append(c)
        used += w
    return "".join(out).rstrip() + "…"


def excerpt(text: str, limit: int) -> str:
    """``text`` on one line, at most ``limit`` characters, "…" when cut."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"
