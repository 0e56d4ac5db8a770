"""jieba's part-of-speech tagger with a sparse Viterbi: the same words and tags, sooner.

``jieba.posseg`` finds the words its dictionary does not hold (names, places: "远通维景") with
an HMM over 256 states (a word position B/M/E/S times a tag). Its ``viterbi`` scores, at every
character, each state the character may take against every state the previous one took,
though only about 8% of those pairs can follow each other (``trans_P``): on the Chinese speed
pool that was 78% of jieba's time and about 40% of ``Tracker.observe``. :func:`viterbi` here
scores only the pairs that can follow each other and returns the same path: the same sums in
the same order (``V + trans + emit``), the same tie break (the larger state), and jieba's own
function for the rare text where some state has no possible predecessor. :func:`tagger` is a
``jieba.posseg.POSTokenizer`` over jieba's default dictionary that calls it.

>>> mine = [(p.word, p.flag) for p in tagger().cut("我想去远通维景")]
>>> mine == [(p.word, p.flag) for p in _jieba_posseg().cut("我想去远通维景")], mine[-1]
(True, ('通维景', 'nr'))
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any


@lru_cache(maxsize=1)
def _jieba_posseg() -> Any:
    import logging

    import jieba
    import jieba.posseg

    jieba.setLogLevel(logging.WARNING)
    return jieba.posseg


class _Tables:
    """One HMM's tables as arrays over its states in sorted order (so the larger index is the
    larger state, jieba's tie break): transitions (minus infinity where none), which of them
    exist, start scores; and per character, its states and their emission scores (made once
    per character seen)."""

    def __init__(self, states: dict, start_p: dict, trans_p: dict, emit_p: dict):
        import numpy as np

        self.source = (states, start_p, trans_p, emit_p)
        self.names = sorted(trans_p)
        self.index = {y: i for i, y in enumerate(self.names)}
        n = len(self.names)
        self.trans = np.full((n, n), float("-inf"))
        for y0, nexts in trans_p.items():
            for y, p in nexts.items():
                self.trans[self.index[y0], self.index[y]] = p
        self.allowed = np.isfinite(self.trans)
        self.start = np.array([start_p[y] for y in self.names])
        self.chars: dict[str, tuple[Any, Any]] = {}

    def char(self, char: str) -> tuple[Any, Any]:
        """(state indices ascending, their emission scores) of ``char``; every state when the
        HMM has none listed for it."""
        kept = self.chars.get(char)
        if kept is None:
            import numpy as np
            from jieba.posseg.viterbi import MIN_FLOAT

            states, _, trans_p, emit_p = self.source
            ys = sorted({self.index[y] for y in states.get(char, trans_p.keys())})
            kept = self.chars[char] = (np.array(ys, dtype=np.intp),
                                       np.array([emit_p[self.names[i]].get(char, MIN_FLOAT) for i in ys]))
        return kept


#: id of a transition table -> its :class:`_Tables` (jieba's one HMM: made once per process)
_TABLES: dict[int, _Tables] = {}


def _tables(states: dict, start_p: dict, trans_p: dict, emit_p: dict) -> _Tables:
    t = _TABLES.get(id(trans_p))
    if t is None or any(a is not b for a, b in zip(t.source, (states, start_p, trans_p, emit_p))):
        t = _TABLES[id(trans_p)] = _Tables(states, start_p, trans_p, emit_p)
    return t


def _last_max(scores: Any) -> Any:
    """Per column, the row of the largest score, the last row among equal ones (rows ascend
    with the states, so the larger state wins a tie, as in jieba's ``max`` over (score, state))."""
    return scores.shape[0] - 1 - scores[::-1].argmax(axis=0)


def viterbi(obs: str, states: dict, start_p: dict, trans_p: dict, emit_p: dict) -> tuple[float, list]:
    """``jieba.posseg.viterbi.viterbi``'s (probability, route), one array operation per
    character: every score is jieba's sum in jieba's order (previous + transition + emission,
    minus infinity for a pair ``trans_p`` does not allow, which never wins), a tie goes to the
    larger state, and a text where no state of a character can follow the previous ones is
    left to jieba's function (its fallback).

    >>> import jieba.posseg as P
    >>> args = (P.char_state_tab_P, P.start_P, P.trans_P, P.emit_P)
    >>> all(viterbi(s, *args) == P.viterbi(s, *args) for s in ("远通维景", "和开黑电竞", "张坊古战道", "龘"))
    True
    """
    tables = _tables(states, start_p, trans_p, emit_p)
    prev, em = tables.char(obs[0])
    scores = tables.start[prev] + em
    back = []
    for char in obs[1:]:
        ys, em = tables.char(char)
        cand = (scores[:, None] + tables.trans[prev[:, None], ys]) + em
        keep = tables.allowed[prev[:, None], ys].any(axis=0)
        if not keep.all():
            if not keep.any():  # no state of this character can follow: jieba's fallback
                from jieba.posseg.viterbi import viterbi as jieba_viterbi

                return jieba_viterbi(obs, states, start_p, trans_p, emit_p)
            ys, cand = ys[keep], cand[:, keep]
        rows = _last_max(cand)
        scores = cand[rows, range(len(ys))]
        back.append(dict(zip(ys.tolist(), prev[rows].tolist())))
        prev = ys
    last = int(_last_max(scores[:, None])[0])
    prob, state = float(scores[last]), int(prev[last])
    route = [state]
    for pointers in reversed(back):
        state = pointers[state]
        route.append(state)
    names = tables.names
    return prob, [names[i] for i in reversed(route)]


def _tagger_class() -> type:
    posseg = _jieba_posseg()

    class SparseTagger(posseg.POSTokenizer):
        """``POSTokenizer`` whose HMM cut (its private ``__cut``) runs :func:`viterbi`."""

        def _POSTokenizer__cut(self, sentence: str):  # noqa: N802 (overrides jieba's private __cut)
            _, pos_list = viterbi(sentence, posseg.char_state_tab_P, posseg.start_P, posseg.trans_P, posseg.emit_P)
            begin, nexti = 0, 0
            for i, char in enumerate(sentence):
                pos = pos_list[i][0]
                if pos == "B":
                    begin = i
                elif pos == "E":
                    yield posseg.pair(sentence[begin:i + 1], pos_list[i][1])
                    nexti = i + 1
                elif pos == "S":
                    yield posseg.pair(char, pos_list[i][1])
                    nexti = i + 1
            if nexti < len(sentence):
                yield posseg.pair(sentence[nexti:], pos_list[nexti][1])

    return SparseTagger


@lru_cache(maxsize=1)
def tagger() -> Any:
    """The sparse tagger over jieba's default dictionary (``jieba.dt``), made once. It shares
    ``jieba.posseg.dt``'s state (its tokenizer and word-tag table) instead of loading the table
    again: a second copy of jieba's 350k-word table cost 43 MiB a process, and a word tagged with
    ``jieba.add_word`` would reach only the instance that first read it."""
    posseg = _jieba_posseg()
    cls = _tagger_class()
    shared = cls.__new__(cls)
    shared.__dict__.update(posseg.dt.__dict__)  # the same tokenizer and the same table objects
    return shared
