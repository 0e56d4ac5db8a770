"""Tokens and CRF features of a text, the same at training and at run time.

English is read as words (``\\w+`` runs and single punctuation marks); Chinese as
characters (a run of Latin letters or digits is one token), each with the jieba word it
sits in (position in the word and the word's part-of-speech tag), which the entities step
has already computed for the same text (:func:`ctxgraph._nlp.jieba_pairs`).

>>> [text for _, _, text in tokens("Book 2 rooms for 3pm.", "en")]
['Book', '2', 'rooms', 'for', '3pm', '.']
>>> [text for _, _, text in tokens("订2间房 at 3pm", "zh")]
['订', '2', '间', '房', 'at', '3pm']
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import islice

_EN_TOKEN = re.compile(r"\w+|[^\w\s]")
_ZH_TOKEN = re.compile(r"[A-Za-z0-9]+|[^\sA-Za-z0-9]")
_NUMBER_WORDS = frozenset(
    "one two three four five six seven eight nine ten eleven twelve twenty thirty half".split())
_MONTHS = frozenset(
    "jan feb mar apr may jun jul aug sep sept oct nov dec january february march april june "
    "july august september october november december".split())
_DAYS = frozenset(
    "monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun "
    "today tomorrow tonight weekend".split())


def tokens(text: str, lang: str, limit: int | None = None) -> list[tuple[int, int, str]]:
    """(start, end, text) of each token of ``text`` (the first ``limit`` of them)."""
    rx = _ZH_TOKEN if lang == "zh" else _EN_TOKEN
    return [(m.start(), m.end(), m.group(0)) for m in islice(rx.finditer(text), limit)]


def _shape(word: str) -> str:
    """Xxxx, dd, xx:dd ... with runs collapsed.

    >>> _shape("McDonald's"), _shape("10:30"), _shape("3pm")
    ("XxXx'x", 'd:d', 'dx')
    """
    out = []
    for ch in word:
        c = "X" if ch.isupper() else "x" if ch.isalpha() else "d" if ch.isdigit() else ch
        if not out or out[-1] != c:
            out.append(c)
    return "".join(out)


@lru_cache(maxsize=8192)
def _en_word(word: str) -> dict[str, str | float]:
    """The features of one English word alone (cached per word: a chat repeats its words; the
    dict is shared, so it is only read, never changed)."""
    low = word.lower()
    f: dict[str, str | float] = {"w": low, "sh": _shape(word), "p3": low[:3], "s3": low[-3:], "s2": low[-2:]}
    if low in _NUMBER_WORDS:
        f["num"] = 1.0
    if low in _MONTHS:
        f["month"] = 1.0
    if low in _DAYS:
        f["day"] = 1.0
    return f


def _token_start(i: int, n: int, own: dict[str, str | float]) -> dict[str, str | float]:
    """Token ``i`` of ``n``'s features before its neighbours': the bias, ``own``, and BOS / EOS
    at the edges (the English and the Chinese features both start so).

    >>> _token_start(0, 1, {"w": "hi"})
    {'b': 1.0, 'w': 'hi', 'BOS': 1.0, 'EOS': 1.0}
    """
    f: dict[str, str | float] = {"b": 1.0, **own}
    if i == 0:
        f["BOS"] = 1.0
    if i == n - 1:
        f["EOS"] = 1.0
    return f


def _near(i: int, n: int) -> list[tuple[int, int]]:
    """``(d, j)`` of the tokens ``j = i + d`` within two of token ``i`` of ``n``, left to right.

    >>> _near(0, 3)
    [(1, 1), (2, 2)]
    """
    return [(d, i + d) for d in (-2, -1, 1, 2) if 0 <= i + d < n]


def en_features(toks: list[tuple[int, int, str]]) -> list[dict[str, str | float]]:
    """One feature dict per English token: the word, its shape and affixes, and its
    neighbours within two tokens.

    >>> en_features(tokens("at 5 pm", "en"))[1]["-1:w"]
    'at'
    """
    words = [_en_word(t) for _, _, t in toks]
    feats = []
    n = len(words)
    for i, w in enumerate(words):
        f = _token_start(i, n, w)
        for d, j in _near(i, n):
            o = words[j]
            f[f"{d}:w"] = o["w"]
            if abs(d) == 1:
                f[f"{d}:sh"] = o["sh"]
                f[f"{d}:s3"] = o["s3"]
        if i > 0:
            f["-1|0"] = f"{words[i - 1]['w']}|{w['w']}"
        if i < n - 1:
            f["0|1"] = f"{w['w']}|{words[i + 1]['w']}"
        feats.append(f)
    return feats


def _zh_kind(ch: str) -> str:
    if ch.isdigit():
        return "d"
    if ch.isascii() and ch.isalpha():
        return "a"
    if "\u4e00" <= ch[0] <= "\u9fff":
        return "h"
    return "p"


def zh_features(text: str, toks: list[tuple[int, int, str]],
                pairs: list[tuple[str, str]]) -> list[dict[str, str | float]]:
    """One feature dict per Chinese token: the character, its neighbours (unigrams and
    bigrams within two), and the jieba word it sits in (``pairs`` from
    :func:`ctxgraph._nlp.jieba_pairs`, their words joining to ``text``).

    >>> from ctxgraph._nlp import jieba_pairs
    >>> text = "我住北京"
    >>> f = zh_features(text, tokens(text, "zh"), jieba_pairs(text))
    >>> f[2]["wt"], f[2]["wp"]
    ('ns', 'B')
    """
    # the jieba word, its tag and the position in it, per character offset
    word_at: list[tuple[str, str, str]] = [("", "", "")] * len(text)
    pos = 0
    for word, tag in pairs:
        n = len(word)
        for k in range(n):
            where = "S" if n == 1 else "B" if k == 0 else "E" if k == n - 1 else "M"
            if pos + k < len(text):
                word_at[pos + k] = (word if n <= 6 else "", tag, where)
        pos += n
    chars = [t for _, _, t in toks]
    n = len(chars)
    feats = []
    for i, (start, _, ch) in enumerate(toks):
        word, tag, where = word_at[start] if start < len(word_at) else ("", "", "")
        f = _token_start(i, n, {"c": ch.lower(), "k": _zh_kind(ch[0]), "wt": tag, "wp": where,
                                "wtp": f"{tag}{where}", "ww": word})
        for d, j in _near(i, n):
            f[f"{d}:c"] = chars[j].lower()
            if abs(d) == 1:
                f[f"{d}:k"] = _zh_kind(chars[j][0])
        if i > 0:
            f["-1|0"] = chars[i - 1] + chars[i]
        if i < n - 1:
            f["0|1"] = chars[i] + chars[i + 1]
        if i > 1:
            f["-2|-1"] = chars[i - 2] + chars[i - 1]
        if i < n - 2:
            f["1|2"] = chars[i + 1] + chars[i + 2]
        feats.append(f)
    return feats


def bio_spans(toks: list[tuple[int, int, str]], tags: list[str]) -> list[tuple[int, int, str]]:
    """(start, end, label) character spans of a BIO tag sequence; an I- without its B-
    starts a span.

    >>> toks = tokens("a table for 2 at 7 pm", "en")
    >>> bio_spans(toks, ["O", "O", "O", "B-count", "O", "B-time", "I-time"])
    [(12, 13, 'count'), (17, 21, 'time')]
    """
    spans: list[tuple[int, int, str]] = []
    cur: list | None = None
    for (start, end, _), tag in zip(toks, tags):
        if tag == "O":
            cur = None
            continue
        kind, label = tag.split("-", 1)
        if kind == "I" and cur is not None and cur[2] == label:
            cur[1] = end
            continue
        cur = [start, end, label]
        spans.append(cur)  # type: ignore[arg-type]
    return [tuple(s) for s in spans]  # type: ignore[misc]


def bio_tags(toks: list[tuple[int, int, str]], spans: list[tuple[int, int, str]]) -> list[str]:
    """BIO tags of the tokens for character spans (a token overlapping a span is in it;
    spans overlapping an earlier one are dropped).

    >>> toks = tokens("a table for 2 at 7 pm", "en")
    >>> bio_tags(toks, [(12, 13, "count"), (17, 21, "time")])
    ['O', 'O', 'O', 'B-count', 'O', 'B-time', 'I-time']
    """
    tags = ["O"] * len(toks)
    for start, end, label in sorted(spans, key=lambda s: (s[0], -(s[1] - s[0]))):
        idx = [i for i, (s, e, _) in enumerate(toks) if s < end and start < e]
        if not idx or any(tags[i] != "O" for i in idx):
            continue
        tags[idx[0]] = f"B-{label}"
        for i in idx[1:]:
            tags[i] = f"I-{label}"
    return tags
