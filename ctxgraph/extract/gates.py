r"""Gates: what every match of a rule's regex needs in the text, read from the pattern, so a
rule is not run on a text that lacks it (the same matches, found cheaper; issue 19, speed13).

A rule's *need* is a set of literal words (lower-cased) and perhaps "a digit": every match of
the pattern holds one of them in the text it looks at (the match, or a lookaround that must
hold). It is read from the pattern's parse tree (``re._parser``): literal runs, groups,
repeats of at least one, lookarounds that must hold, alternations where every branch needs
something, digit classes; anything unsure gives no need, and the rule always runs. Since it is
read from the pattern, it holds for a user's pack too; nothing is listed by hand.

>>> need = needs(re.compile(r"(?i)\b(?:refunds?|return(?:ed)?)\b"))
>>> need.words, need.or_digit, need.digit  # the parser took "re" out of both branches
(('fund', 'turn'), False, False)
>>> may_match(re.compile(r"(?i)\b(?:refunds?|return(?:ed)?)\b"), Folded("I want my money back"))
False
>>> needs(re.compile(r"\d+|noon")).or_digit, needs(re.compile(r"\w+ please")).words
(True, (' please',))
>>> needs(re.compile(r"(?<=\bending )\d{4}")).digit  # a digit always, and the word
True
>>> needs(re.compile(r"[a-z]+")) is None  # nothing every match needs: the rule always runs
True
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from typing import Iterable

# the regex parser's tree: read to learn what a pattern needs, never changed
# (``re._parser`` since Python 3.11, ``sre_parse`` on 3.10, which pyproject still supports)
_P = getattr(re, "_parser", None) or importlib.import_module("sre_parse")
_REPEATS = tuple(op for op in (_P.MAX_REPEAT, _P.MIN_REPEAT, getattr(_P, "POSSESSIVE_REPEAT", None)) if op is not None)
_ATOMIC = getattr(_P, "ATOMIC_GROUP", None)
_DIGIT = re.compile(r"\d")
#: the letters outside ASCII that ``re.IGNORECASE`` matches to an ASCII one and ``str.lower`` does not
#: lower to it (dotted and dotless i, long s; the Kelvin sign lowers to "k" already): folded first
_FOLDS = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})
#: a need with more words than this is not worth testing word by word: no gate
MAX_WORDS = 64
#: at most this many patterns, and lists of patterns, are kept with what they need (then forgotten, all at once)
KEPT = 4096
DIGIT = "\\d"  # the need's mark for "a digit" while it is read


@dataclass(frozen=True)
class Need:
    """What every match needs: a digit in the text (when ``digit``), and one of ``words``
    (lower-cased) in the lower-cased text, or a digit when ``or_digit`` (no word need: ``words``
    is None)."""

    words: tuple[str, ...] | None
    or_digit: bool = False
    digit: bool = False


class Folded:
    """A text as the gates read it: lower-cased (with :data:`_FOLDS`), and whether it holds a digit;
    each worked out once, when first asked.

    >>> f = Folded("Room 12 at the KING'S ARMS")
    >>> f.lower, f.has_digit
    ("room 12 at the king's arms", True)
    """

    __slots__ = ("text", "_lower", "_digit")

    def __init__(self, text: str):
        self.text = text
        self._lower: str | None = None
        self._digit: bool | None = None

    @property
    def lower(self) -> str:
        if self._lower is None:
            text = self.text if self.text.isascii() else self.text.translate(_FOLDS)
            self._lower = text.lower()
        return self._lower

    @property
    def has_digit(self) -> bool:
        if self._digit is None:
            self._digit = _DIGIT.search(self.text) is not None
        return self._digit


def _plain(ch: str) -> bool:
    """A literal character a word of a need may hold: ASCII, or one without case (CJK, "：");
    a cased letter outside ASCII ("é", "ß") may match in ways lower-casing does not show."""
    return ch.isascii() or (ch.lower() == ch and ch.upper() == ch and ch.casefold() == ch)


def _is_digit_item(op, av) -> bool:
    """True when a character-class item matches digits only."""
    if op is _P.LITERAL:
        return chr(av).isdecimal()  # str.isdecimal is Unicode Nd, the same class as \d
    if op is _P.RANGE:
        return 48 <= av[0] <= av[1] <= 57
    return op is _P.CATEGORY and av is _P.CATEGORY_DIGIT


def _seq_needs_digit(seq) -> bool:
    """True when every match of the parsed sequence ``seq`` needs a digit in the text
    (conservative: False when unsure)."""
    for op, av in seq:
        if op is _P.LITERAL and chr(av).isdecimal():
            return True
        if op is _P.IN and av and all(_is_digit_item(o, a) for o, a in av):  # a NEGATE item fails the test
            return True
        if op in _REPEATS and av[0] >= 1 and _seq_needs_digit(av[2]):
            return True
        if op is _P.SUBPATTERN and _seq_needs_digit(av[-1]):
            return True
        if _ATOMIC is not None and op is _ATOMIC and _seq_needs_digit(av):
            return True
        if op is _P.ASSERT and _seq_needs_digit(av[1]):  # a lookaround that must hold, either way
            return True
        if op is _P.BRANCH and all(_seq_needs_digit(branch) for branch in av[1]):
            return True
    return False


def _item_need(op, av) -> frozenset[str] | None:
    """What one parsed item (not a plain literal) needs, or None when unsure or nothing."""
    if op is _P.IN:
        if av and all(_is_digit_item(o, a) for o, a in av):  # a NEGATE item fails the test
            return frozenset({DIGIT})
        if av and all(o is _P.LITERAL and _plain(chr(a)) for o, a in av):  # [$£€]
            return frozenset(chr(a).lower() for _, a in av)
        return None
    if op in _REPEATS:
        return _seq_need(av[2]) if av[0] >= 1 else None
    if op is _P.SUBPATTERN:
        return _seq_need(av[-1])
    if _ATOMIC is not None and op is _ATOMIC:
        return _seq_need(av)
    if op is _P.ASSERT:  # a lookaround that must hold, either way: its text is in the text
        return _seq_need(av[1])
    if op is _P.BRANCH:
        union: set[str] = set()
        for branch in av[1]:
            need = _seq_need(branch)
            if need is None:
                return None
            union |= need
        return frozenset(union)
    return None


def _score(need: frozenset[str]) -> tuple[int, int]:
    """How many texts a need rules out, roughly: its shortest word's length, then fewer words."""
    return min(1 if w == DIGIT else len(w) for w in need), -len(need)


def _better(a: frozenset[str] | None, b: frozenset[str] | None) -> frozenset[str] | None:
    """The need of the two that rules more texts out (a digit alone is left to the digit gate)."""
    if a is None or b is None:
        return a if b is None else b
    if a == {DIGIT} or b == {DIGIT}:
        return b if a == {DIGIT} else a
    return a if _score(a) >= _score(b) else b


def _seq_need(seq) -> frozenset[str] | None:
    """What every match of the parsed sequence needs: any one need of its items (they all must
    match), the best of them; None when none of them needs anything sure."""
    best, run = None, ""
    for op, av in seq:
        if op is _P.LITERAL and _plain(chr(av)):
            run += chr(av).lower()
            continue
        if run:
            best, run = _better(best, frozenset({run})), ""
        if op is _P.LITERAL and chr(av).isdecimal():  # a digit outside ASCII
            best = _better(best, frozenset({DIGIT}))
        elif op is not _P.LITERAL:
            best = _better(best, _item_need(op, av))
    if run:
        best = _better(best, frozenset({run}))
    return best


_NEEDS: dict[int, tuple[re.Pattern, Need | None]] = {}


def needs(rx: re.Pattern) -> Need | None:
    r"""What every match of ``rx`` needs in the text (see the module), or None: no gate. Cached per
    compiled pattern (by identity: hashing a pattern hashes its whole code).

    >>> needs(re.compile(r"(?i)(?<=\bhe's )\d+|(?<=\bshe is )\d+"))
    Need(words=("he's ", 'she is '), or_digit=False, digit=True)
    >>> needs(re.compile(r"[a-z]+")) is None
    True
    """
    hit = _NEEDS.get(id(rx))
    if hit is not None and hit[0] is rx:
        return hit[1]
    need = _read(rx)
    if len(_NEEDS) > KEPT:  # patterns made per call would fill it
        _NEEDS.clear()
    _NEEDS[id(rx)] = (rx, need)
    return need


def _read(rx) -> Need | None:
    if not isinstance(rx, re.Pattern) or not isinstance(rx.pattern, str):
        return None
    try:
        tree = _P.parse(rx.pattern, rx.flags)
        digit, found = _seq_needs_digit(tree), _seq_need(tree)
    except Exception:  # a parser this code does not know: run the rule
        return None
    if not found or found == {DIGIT} or "" in found or len(found) > MAX_WORDS:
        found = None
    if not digit and found is None:
        return None
    words = None if found is None else tuple(sorted(w for w in found if w != DIGIT))
    return Need(words, found is not None and DIGIT in found, digit)


def may_match(rx: re.Pattern, text: Folded) -> bool:
    """False only when ``rx`` cannot match ``text`` (a :class:`Folded`): it needs a digit and the
    text has none, or it lacks every word the rule needs (and a digit, when a digit would do)."""
    hit = _NEEDS.get(id(rx))
    need = hit[1] if hit is not None and hit[0] is rx else needs(rx)
    if need is None:
        return True
    if need.digit and not text.has_digit:
        return False
    words = need.words
    if words is None or (need.or_digit and text.has_digit):
        return True
    lower = text.lower
    for word in words:
        if word in lower:
            return True
    return False


#: per list of patterns (by identity): the list, and each pattern with its need's parts
_LISTS: dict[int, tuple[object, tuple[tuple[re.Pattern, bool, bool, tuple[str, ...] | None], ...]]] = {}


def _plan(patterns) -> tuple[tuple[re.Pattern, bool, bool, tuple[str, ...] | None], ...]:
    """(pattern, needs a digit, a digit will do, words or None) for each of ``patterns``; a pattern
    with no gate needs nothing: (pattern, False, True, None)."""
    plan = []
    for rx in patterns:
        need = needs(rx)
        plan.append((rx, False, True, None) if need is None else (rx, need.digit, need.or_digit, need.words))
    return tuple(plan)


def first_match(patterns: Iterable[re.Pattern], text: str) -> re.Match | None:
    """The first match of any of ``patterns`` in ``text``, else None; a pattern :func:`may_match`
    rules out is not run (:func:`ctxgraph.extract.text.first_match` is this).

    >>> first_match([re.compile(r"\\bno (?:nuts|dairy)\\b"), re.compile(r"(?i)\\bplease\\b")], "Nuts are fine, please").group(0)
    'please'
    """
    if not isinstance(patterns, (list, tuple)):
        patterns = tuple(patterns)
    hit = _LISTS.get(id(patterns))
    if hit is None or hit[0] is not patterns or len(hit[1]) != len(patterns):
        if len(_LISTS) > KEPT:  # lists made per call would fill it
            _LISTS.clear()
        hit = _LISTS[id(patterns)] = (patterns, _plan(patterns))
    plan = hit[1]
    lower = digit = None
    for (rx, need_digit, or_digit, words), now in zip(plan, patterns):
        if now is not rx:  # the list was changed in place since it was planned: plan it again
            del _LISTS[id(patterns)]
            return first_match(patterns, text)
        if need_digit or (or_digit and words is not None):  # may_match, inlined: this runs ~50 times a message
            if digit is None:
                digit = _DIGIT.search(text) is not None
            if need_digit and not digit:
                continue
        if words is not None and not (or_digit and digit):
            if lower is None:
                lower = (text if text.isascii() else text.translate(_FOLDS)).lower()
            for word in words:
                if word in lower:
                    break
            else:
                continue
        m = rx.search(text)
        if m:
            return m
    return None


def gated(patterns: Iterable[re.Pattern]) -> list[re.Pattern]:
    """The patterns of ``patterns`` that have a gate (for tests and reports)."""
    return [rx for rx in patterns if needs(rx) is not None]
