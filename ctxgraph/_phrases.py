"""Fast lookup of many fixed phrases (catalogue names, attribute values) in text.

A regex alternation of thousands of names tries every alternative at every
position; this index looks up only the lengths that exist for the character at
hand, longest first, so a message costs about (its length x a few dict lookups).
Latin phrases must sit on word boundaries; Chinese ones need not.

>>> m = PhraseMatcher({"小米14": ("PRODUCT", None), "wifi": ("设施", "设施")})
>>> [(text[s:e], label) for text in ["我要小米14和wifi"] for s, e, label, _ in m.finditer(text)]
[('小米14', 'PRODUCT'), ('wifi', '设施')]
"""

from __future__ import annotations

import re
from typing import Iterator

_WORD = re.compile(r"\w")


class PhraseMatcher:
    """Longest, leftmost, non-overlapping matches of fixed phrases (case-insensitive)."""

    def __init__(self, phrases: dict[str, tuple[str, str | None]]):
        self.table: dict[str, tuple[str, str | None]] = {}
        lengths: dict[str, set[int]] = {}
        for phrase, value in phrases.items():
            key = phrase.casefold().strip()
            if key and key not in self.table:
                self.table[key] = value
                lengths.setdefault(key[0], set()).add(len(key))
        self.lengths = {ch: sorted(ls, reverse=True) for ch, ls in lengths.items()}

    def __bool__(self) -> bool:
        return bool(self.table)

    def finditer(self, text: str) -> Iterator[tuple[int, int, str, str | None]]:
        """(start, end, label, slot) of each match."""
        low = text.casefold()
        i, n = 0, len(low)
        while i < n:
            for length in self.lengths.get(low[i], ()):
                j = i + length
                if j > n:
                    continue
                value = self.table.get(low[i:j])
                if value is None:
                    continue
                if low[i].isascii() and low[i].isalnum() and i > 0 and _WORD.match(low[i - 1]) and low[i - 1].isascii():
                    continue  # inside a Latin word
                if low[j - 1].isascii() and low[j - 1].isalnum() and j < n and _WORD.match(low[j]) and low[j].isascii():
                    continue
                yield i, j, value[0], value[1]
                i = j - 1
                break
            i += 1
