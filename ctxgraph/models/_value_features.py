"""Token features of a user message for the learned value reader (issue 19, vals9).

The reader marks the spans of a user message an annotator keeps as values. What carries from one
trade to the next is the structure around a value, not its nouns, so a token is described by its
shape (digits, capitals, units after a number), its place in its clause, the closed-class words
around it, what the pipeline already knows of it (an entity mention and its label, a value a rule
reader recorded, a clause that asks) and what the assistant's message just before did (asked; its
closed-class words; whether the token echoes a word of it: a pick of an offered option).

A word's identity is a feature only when it is in the model's **lexicon**: the words (zh: the
characters and jieba words) found in the user messages of at least ``min_groups`` of the training
groups (:func:`lexicon`). A noun of one trade is in no lexicon; words every trade uses are. Every
other word is only its shape and affixes.

>>> toks, feats = message_features("the second week please", "en", "Which week suits?", lex={"the", "week", "please"})
>>> [t for _, _, t in toks]
['the', 'second', 'week', 'please']
>>> feats[2]["w"], "w" in feats[1], feats[2]["echo"]
('week', False, 1.0)
"""

from __future__ import annotations

import re
from typing import Iterable

from . import _features as F

#: feature keys whose value is a word (kept only when the word is in the lexicon)
_WORD_KEYS = ("w", "-1:w", "1:w", "-2:w", "2:w", "ww", "c", "-1:c", "1:c", "-2:c", "2:c", "-1|0", "0|1", "-2|-1", "1|2")
_CLAUSE_END = frozenset(",，.。!！?？;；:：\n、")
_ASK_END = ("?", "？")
_UNIT_AFTER = re.compile(r"^(?:[a-z]{1,3}|%|°)$")


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-z]{3,}|[\u4e00-\u9fff]", text)}


def _in(spans: Iterable[tuple[int, int]], s: int, e: int) -> bool:
    return any(a < e and s < b for a, b in spans)


def _first(spans: Iterable[tuple[int, int, str]], s: int, e: int) -> tuple[int, int, str] | None:
    return next((sp for sp in spans if sp[0] < e and s < sp[1]), None)


def message_features(text: str, lang: str, previous: str = "", *, lex: frozenset[str] | set[str] | None = None,
                     mentions: Iterable[tuple[int, int, str]] = (), facts: Iterable[tuple[int, int]] = (),
                     asked: Iterable[tuple[int, int]] = (), max_tokens: int = 200):
    """(tokens, one feature dict per token) of a user message ``text``; ``previous`` is the assistant's
    message just before it ("" when none), ``mentions`` the (start, end, label) entity mentions the
    pipeline found, ``facts`` the spans of values its rule readers recorded, ``asked`` the spans of
    the clauses that ask. Words outside ``lex`` (None: every word) lose their identity."""
    toks = F.tokens(text, lang, max_tokens)
    if not toks:
        return toks, []
    if lang == "zh":
        from .._nlp import chinese_doc

        head = text[: toks[-1][1]]
        doc = chinese_doc(text if len(head) == len(text) else head)
        base = F.zh_features(head, toks, [(t.text, t.tag_) for t in doc])
    else:
        base = F.en_features(toks)
    mentions, facts, asked = list(mentions), list(facts), list(asked)
    prev = previous.strip()
    prev_words = _words(prev)
    q_words = [w for w in re.findall(r"[a-z]+|[\u4e00-\u9fff]", prev.lower())][-12:] if prev else []
    shared: dict[str, str | float] = {}
    if prev:
        shared["prev"] = 1.0
        if prev.endswith(_ASK_END) or "?" in prev[-40:] or "？" in prev[-20:]:
            shared["prev_asks"] = 1.0
    clause, k_in_clause = 0, 0
    out = []
    for i, ((s, e, t), f) in enumerate(zip(toks, base)):
        f = dict(f)
        f.pop("p3", None)  # a prefix is a noun's head more than its shape
        f.update(shared)
        if t in _CLAUSE_END:
            f["punct"] = 1.0
            clause += 1
            k_in_clause = 0
        else:
            f["ci"] = str(min(clause, 3))
            f["ki"] = str(min(k_in_clause, 3))
            k_in_clause += 1
        if any(ch.isdigit() for ch in t):
            f["dig"] = 1.0
            if i + 1 < len(toks) and _UNIT_AFTER.match(toks[i + 1][2].lower()):
                f["unit_after"] = 1.0
        if i > 0 and any(ch.isdigit() for ch in toks[i - 1][2]) and not any(ch.isdigit() for ch in t):
            f["after_num"] = 1.0
        m = _first(mentions, s, e)
        if m:
            f["m"] = m[2]
            f["mb"] = "B" if m[0] >= s else "I"
        if _in(facts, s, e):
            f["rule_fact"] = 1.0
        if _in(asked, s, e):
            f["asks"] = 1.0
        low = t.lower()
        if prev_words and (low in prev_words if lang == "zh" else len(low) >= 3 and low in prev_words):
            f["echo"] = 1.0
        for w in q_words:
            f[f"q={w}"] = 1.0 if lex is None or w in lex else 0.0
        out.append(f)
    if lex is not None:
        out = [restrict(f, lex) for f in out]
    return toks, out


def restrict(feats: dict, lex: frozenset[str] | set[str]) -> dict:
    """``feats`` with the words outside ``lex`` left out (their shape and affixes stay).

    >>> restrict({"w": "pinball", "sh": "x", "-1:w": "the"}, {"the"})
    {'sh': 'x', '-1:w': 'the'}
    """
    out = {}
    for k, v in feats.items():
        if k.startswith("q="):
            if v:
                out[k] = v
            continue
        if k in _WORD_KEYS and isinstance(v, str) and not all(p in lex for p in _parts(k, v)):
            continue
        out[k] = v
    return out


def _parts(key: str, value: str) -> list[str]:
    if "|" in key:
        return value.split("|") if "|" in value else list(value)  # en "a|b", zh two characters
    return [value]


def lexicon(groups: Iterable[Iterable[Iterable[str]]], min_groups: int = 3) -> frozenset[str]:
    """The words found in the messages of at least ``min_groups`` groups (each group an iterable of
    messages, each message an iterable of words).

    >>> sorted(lexicon([[["the", "pinball"]], [["the", "kiln"]], [["the"]]], min_groups=2))
    ['the']
    """
    seen: dict[str, int] = {}
    for group in groups:
        for w in {w for msg in group for w in msg}:
            seen[w] = seen.get(w, 0) + 1
    return frozenset(w for w, n in seen.items() if n >= min_groups)


def lexicon_words(feats: list[dict]) -> set[str]:
    """The words a message's features name (what :func:`lexicon` counts)."""
    out: set[str] = set()
    for f in feats:
        for k in ("w", "c", "ww"):
            v = f.get(k)
            if isinstance(v, str) and v:
                out.add(v)
    return out
