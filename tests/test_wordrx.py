"""The word trie regex (ctxgraph.extract.wordrx) matches what the flat alternation matches.

Every word regex the shipped packs build (slot words, domain words, ordinals; both languages,
every domain pack) is checked against the flat alternation it replaces on the shipped chats'
messages and on texts made of its own words glued together, cut short, upper-cased and
pluralised; and on any text for lists of words hypothesis makes.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ctxgraph.extract.compiled as compiled
from ctxgraph.extract.compiled import _word_head, _word_tail
from ctxgraph.extract.wordrx import _flat, word_regex

DATA = Path(__file__).resolve().parent.parent / "ctxgraph" / "bench" / "data"


def _spans(rx: re.Pattern, text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in rx.finditer(text)]


def _pack_word_lists(monkeypatch) -> list[tuple[list[str], int]]:
    seen: list[tuple[list[str], int]] = []

    def recording(words, flags, head, tail):
        words = list(words)
        seen.append((words, flags))
        return word_regex(words, flags, head, tail)

    monkeypatch.setattr(compiled, "word_regex", recording)
    for packs in [(), ("booking", "ecommerce", "telecom")]:
        compiled.compiled_packs.__wrapped__((), (), (), packs=packs)
    return [(w, f) for w, f in seen if w]


def test_wordrx_same_matches_for_the_shipped_packs(monkeypatch):
    lists = _pack_word_lists(monkeypatch)
    assert len(lists) >= 6  # slot, domain and ordinal words of zh and en
    texts = [m.get("content") or "" for path in sorted((DATA / "cs").glob("*.json"))
             for m in json.loads(path.read_text(encoding="utf-8"))["messages"]]
    rng = random.Random(7)
    for words, flags in lists:
        ordered = sorted(set(words), key=len, reverse=True)
        flat, trie = _flat(ordered, flags, _word_head, _word_tail), word_regex(words, flags, _word_head, _word_tail)
        made = []
        for _ in range(200):
            picked = [rng.choice(ordered) for _ in range(rng.randint(1, 4))]
            glue = [rng.choice(["", " ", "s", "es", "a", "X", "的", "，"]) for _ in picked]
            made.append("".join(g + (w.upper() if rng.random() < 0.2 else w[:-1] if rng.random() < 0.1 else w)
                                for g, w in zip(glue, picked)))
        for text in texts + made:
            assert _spans(trie, text) == _spans(flat, text), text


@pytest.mark.parametrize("flags", [0, re.IGNORECASE])
@given(words=st.lists(st.text(alphabet="abAB套餐 s", min_size=1, max_size=5), min_size=1, max_size=8),
       text=st.text(alphabet="abAB套餐 sx", max_size=30))
def test_wordrx_same_matches_on_any_words(flags, words, text):
    ordered = sorted(set(words), key=len, reverse=True)
    flat = _flat(ordered, flags, _word_head, _word_tail)
    assert _spans(word_regex(words, flags, _word_head, _word_tail), text) == _spans(flat, text)


def test_wordrx_other_cased_letters_ignoring_case_stay_flat():
    rx = word_regex(["café", "cafe"], re.IGNORECASE, _word_head, _word_tail)
    assert rx.pattern.count("(?<![A-Za-z])") == 2  # flat, one guard a word: "É" and "é" would be two edges
    assert _spans(rx, "CAFÉ, Cafe, cafés") == [(0, 4), (6, 10), (12, 16)]
    assert word_regex([], 0, _word_head, _word_tail) is None
