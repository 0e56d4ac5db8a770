"""Learned models shipped inside the package: the value tagger.

A value tagger finds the values a dialogue fills slots with (dates, times, counts, room and
seat types, cuisines, car classes, account types ...) and types each with one of the general
slot types in :data:`LABELS`. It is a linear-chain CRF (python-crfsuite) trained on public
span-annotated dialogue corpora (see ``ctxgraph/models/<lang>/MODEL_CARD.md``); its weights are
package data, loaded offline, once per process. Training is
``python -m ctxgraph.models.train`` (never imported here).

>>> tagger = load_value_tagger("en")
>>> [(label, "I need a table for 4 people at 7 pm on Friday"[s:e]) for s, e, label in
...  tagger("I need a table for 4 people at 7 pm on Friday")]
[('count', '4'), ('time', '7 pm'), ('date', 'Friday')]
>>> load_value_tagger("fr") is None
True
"""

from __future__ import annotations

import json
import threading
from functools import lru_cache
from importlib import resources

from . import _features as F

__all__ = ["CONSTRAINT_THRESHOLD", "FACT_THRESHOLD", "LABELS", "PROMISE_THRESHOLD", "PROMISE_VERIFY_THRESHOLD", "VALUE_THRESHOLD",
           "ConstraintReader", "FactVerifier", "PromiseReader", "PromiseVerifier", "ValueReader", "ValueTagger",
           "load_constraint_reader", "load_fact_verifier", "load_promise_reader", "load_promise_verifier", "load_value_reader",
           "load_value_tagger", "model_langs"]

#: The general slot types a tagger may return (each language's model uses a subset, listed
#: in its ``meta.json`` and model card).
LABELS = frozenset({
    "date", "time", "duration", "count", "money", "person", "place", "address", "venue", "org",
    "title", "product", "cuisine", "dish", "category", "car_class", "seat_type", "account_type",
    "price_range", "facility",
})

MODEL_FILE = "value_tagger.crfsuite"
CONSTRAINT_MODEL_FILE = "constraint_reader.crfsuite"
CONSTRAINT_META_FILE = "constraint_reader.json"
#: P(rule) a user clause needs before the learned constraint reader calls it a rule (model32: 0.65, chosen on the
#: leave-one-group-out curve of the weights retrained on every open group)
CONSTRAINT_THRESHOLD = 0.65
#: P(promise) an assistant clause needs before the learned promise reader calls it a promise (prom9)
PROMISE_THRESHOLD = 0.7
#: (model33c) P(kept) under which the promise verifier drops a promise a rule reader made (chosen leave-one-group-out)
PROMISE_VERIFY_THRESHOLD = 0.2
META_FILE = "meta.json"
VALUE_READER_FILE = "value_reader.crfsuite"
VALUE_READER_META_FILE = "value_reader.json"
#: P(value) each token of a span needs before the learned value reader keeps the span
VALUE_THRESHOLD = 0.5


class ValueTagger:
    """A CRF value tagger for one language: ``tagger(text) -> [(start, end, label)]``
    (character offsets into ``text``, labels from :data:`LABELS`, in text order).

    Thread-safe (a CRF tagger holds the sequence it reads; calls take turns).
    """

    def __init__(self, lang: str, model_path: str, meta: dict):
        import pycrfsuite

        self.lang = lang
        self.meta = meta
        self.labels: frozenset[str] = frozenset(meta["labels"])
        self._tagger = pycrfsuite.Tagger()
        self._tagger.open(model_path)
        self._lock = threading.Lock()
        #: texts longer than this are read up to it (the CRF's cost is linear per token)
        self.max_tokens: int = int(meta.get("max_tokens", 400))

    def features(self, text: str) -> tuple[list[tuple[int, int, str]], list[dict]]:
        toks = F.tokens(text, self.lang, self.max_tokens)
        if not toks:
            return toks, []
        if self.lang == "zh":
            from .._nlp import chinese_doc

            head = text[: toks[-1][1]]
            doc = chinese_doc(text if len(head) == len(text) else head)  # the entities step's Doc, when kept
            pairs = [(t.text, t.tag_) for t in doc]
            return toks, F.zh_features(head, toks, pairs)
        return toks, F.en_features(toks)

    def __call__(self, text: str) -> list[tuple[int, int, str]]:
        toks, feats = self.features(text)
        if not toks:
            return []
        with self._lock:
            tags = self._tagger.tag(feats)
        return [s for s in F.bio_spans(toks, tags) if s[2] in self.labels]

    def __repr__(self) -> str:
        return f"ValueTagger(lang={self.lang!r}, labels={len(self.labels)})"


def model_langs() -> tuple[str, ...]:
    """Languages with a value tagger shipped in the package.

    >>> model_langs()
    ('en', 'zh')
    """
    root = resources.files(__name__)
    return tuple(sorted(p.name for p in root.iterdir() if p.is_dir() and (p / MODEL_FILE).is_file()))


def _load_packaged(cls, lang: str, model_file: str, meta_file: str):
    """``cls(lang, model path, meta)`` from the package data of ``lang``, or None when the language
    ships no such model (or ``lang`` is no folder name)."""
    if not isinstance(lang, str) or not lang.isidentifier():
        return None
    folder = resources.files(__name__) / lang
    model, meta = folder / model_file, folder / meta_file
    if not model.is_file() or not meta.is_file():
        return None
    with resources.as_file(model) as path:
        return cls(lang, str(path), json.loads(meta.read_text(encoding="utf-8")))


@lru_cache(maxsize=None)
def load_value_tagger(lang: str) -> ValueTagger | None:
    """The value tagger of ``lang`` (loaded once per process, from package data, offline),
    or None when no model ships for that language."""
    return _load_packaged(ValueTagger, lang, MODEL_FILE, META_FILE)



class _CrfModel:
    """A python-crfsuite model shipped in the package, with its meta (``threshold`` falls back to the class's
    ``default_threshold``); the readers and verifiers below share this constructor. Thread-safe: calls hold
    ``self._lock`` around the tagger."""

    default_threshold = 0.5

    def __init__(self, lang: str, model_path: str, meta: dict):
        import pycrfsuite

        self.lang = lang
        self.meta = meta
        self.threshold: float = float(meta.get("threshold", self.default_threshold))
        self._tagger = pycrfsuite.Tagger()
        self._tagger.open(model_path)
        self._lock = threading.Lock()


class ConstraintReader(_CrfModel):
    """A CRF over the clauses of one user message: ``reader(clauses, previous) -> [P(rule)]``,
    the probability that each clause states a rule the assistant must keep (features:
    :mod:`ctxgraph.models._clause_features`, structure only). Thread-safe."""

    default_threshold = CONSTRAINT_THRESHOLD

    def __call__(self, clauses: list[str], previous: str = "") -> list[float]:
        from ._clause_features import clause_features

        if not clauses:
            return []
        feats = clause_features(clauses, self.lang, previous)
        import pycrfsuite

        with self._lock:
            self._tagger.set(pycrfsuite.ItemSequence(feats))
            return [self._tagger.marginal("R", i) for i in range(len(clauses))]

    def __repr__(self) -> str:
        return f"ConstraintReader(lang={self.lang!r}, threshold={self.threshold})"


@lru_cache(maxsize=None)
def load_constraint_reader(lang: str) -> ConstraintReader | None:
    """The learned constraint reader of ``lang`` (loaded once per process, from package data,
    offline), or None when none ships for that language.

    >>> reader = load_constraint_reader("zh")
    >>> [p >= reader.threshold for p in reader(["只能周末", "平时要上班"], "好的，什么时候方便？")]
    [True, False]
    >>> reader = load_constraint_reader("en")
    >>> [p >= reader.threshold for p in reader(["the medium one please"], "Which size?")]
    [False]
    >>> load_constraint_reader("fr") is None
    True
    """
    return _load_packaged(ConstraintReader, lang, CONSTRAINT_MODEL_FILE, CONSTRAINT_META_FILE)


PROMISE_MODEL_FILE = "promise_reader.crfsuite"
PROMISE_META_FILE = "promise_reader.json"


class PromiseReader(_CrfModel):
    """A CRF over the clauses of one assistant message: ``reader(clauses, user_before, tool_call=,
    after_tool=) -> [P(promise)]``, the probability that each clause promises the user a deed of the
    assistant's side (features: :mod:`ctxgraph.models._promise_features`, structure only). Thread-safe."""

    default_threshold = PROMISE_THRESHOLD

    def __call__(self, clauses: list[str], user_before: str = "", *, tool_call: bool = False,
                 after_tool: bool = False) -> list[float]:
        from ._promise_features import promise_features

        if not clauses:
            return []
        feats = promise_features(clauses, self.lang, user_before, tool_call=tool_call, after_tool=after_tool)
        import pycrfsuite

        with self._lock:
            self._tagger.set(pycrfsuite.ItemSequence(feats))
            return [self._tagger.marginal("P", i) for i in range(len(clauses))]

    def __repr__(self) -> str:
        return f"PromiseReader(lang={self.lang!r}, threshold={self.threshold})"


@lru_cache(maxsize=None)
def load_promise_reader(lang: str) -> PromiseReader | None:
    """The learned promise reader of ``lang`` (loaded once per process, from package data, offline),
    or None when none ships for that language.

    >>> reader = load_promise_reader("zh")
    >>> [p >= reader.threshold for p in reader(["好的", "我明天上午把报价单发您微信"], "能发个报价吗？")]
    [False, True]
    >>> load_promise_reader("fr") is None
    True
    """
    return _load_packaged(PromiseReader, lang, PROMISE_MODEL_FILE, PROMISE_META_FILE)


PROMISE_VERIFIER_MODEL_FILE = "promise_verifier.crfsuite"
PROMISE_VERIFIER_META_FILE = "promise_verifier.json"


class PromiseVerifier(_CrfModel):
    """(model33c) A maximum-entropy classifier (a CRF over one-item sequences) over the promises the rule readers made in
    one assistant message: ``verifier(clauses, user_before, units, tool_call=, after_tool=) -> [P(kept)]``, for each
    unit (``(linked clause indices, status)``) the probability that an annotator lists it as a promise; trained on the
    rule readers' own promises on our annotated chats, listed (kept) against unlisted (made up). Features:
    :func:`ctxgraph.models._promise_features.unit_features`, structure only. Thread-safe."""

    default_threshold = PROMISE_VERIFY_THRESHOLD

    def __call__(self, clauses: list[str], user_before: str, units: list[tuple[list[int], str]], *,
                 tool_call: bool = False, after_tool: bool = False) -> list[float]:
        from ._promise_features import promise_features, unit_features

        if not clauses or not units:
            return []
        feats = promise_features(clauses, self.lang, user_before, tool_call=tool_call, after_tool=after_tool)
        import pycrfsuite

        out = []
        with self._lock:
            for linked, status in units:
                self._tagger.set(pycrfsuite.ItemSequence([unit_features(feats, linked, status)]))
                out.append(self._tagger.marginal("K", 0))
        return out

    def __repr__(self) -> str:
        return f"PromiseVerifier(lang={self.lang!r}, threshold={self.threshold})"


@lru_cache(maxsize=None)
def load_promise_verifier(lang: str) -> PromiseVerifier | None:
    """(model33c) The promise verifier of ``lang`` (loaded once per process, from package data, offline), or None when
    none ships for that language.

    >>> v = load_promise_verifier("en")
    >>> [p < v.threshold for p in v(["We'll keep it short and plain"], "I want it short and plain", [([0], "open")])]
    [True]
    >>> [p < v.threshold for p in v(["I'll email you the quote by Friday"], "can you send a quote?", [([0], "open")])]
    [False]
    >>> load_promise_verifier("fr") is None
    True
    """
    return _load_packaged(PromiseVerifier, lang, PROMISE_VERIFIER_MODEL_FILE, PROMISE_VERIFIER_META_FILE)


class ValueReader(_CrfModel):
    """A CRF over the tokens of one user message (B / I / O of a value an annotator keeps):
    ``reader.spans(text, previous, mentions=, facts=, asked=) -> [(start, end, P)]``, the runs of
    tokens whose P(in a value) reaches the threshold (features: :mod:`ctxgraph.models._value_features`;
    words outside the model's lexicon keep only their shape). Thread-safe."""

    default_threshold = VALUE_THRESHOLD

    def __init__(self, lang: str, model_path: str, meta: dict):
        super().__init__(lang, model_path, meta)
        self.lexicon: frozenset[str] = frozenset(meta.get("lexicon", ()))
        self._known = frozenset(self._tagger.labels())  # a model trained on values only has no "I" when none ran on

    def marginals(self, text: str, previous: str = "", **context) -> tuple[list, list[tuple[float, float]]]:
        """(tokens, (P(B), P(I)) of each token)."""
        from ._value_features import message_features
        import pycrfsuite

        toks, feats = message_features(text, self.lang, previous, lex=self.lexicon, **context)
        if not toks:
            return toks, []
        with self._lock:
            self._tagger.set(pycrfsuite.ItemSequence(feats))
            probs = [tuple(self._tagger.marginal(y, i) if y in self._known else 0.0 for y in ("B", "I"))
                     for i in range(len(toks))]
        return toks, probs

    def spans(self, text: str, previous: str = "", *, threshold: float | None = None, **context) -> list[tuple[int, int, float]]:
        """(start, end, P) of each value span: a run of tokens with P(B) + P(I) at or above the threshold,
        cut where a token is more likely a value's first than a later one; P is the run's lowest."""
        t = self.threshold if threshold is None else threshold
        toks, probs = self.marginals(text, previous, **context)
        out: list[list] = []
        open_ = False
        for (s, e, _), (b, i) in zip(toks, probs):
            p = b + i
            if p < t:
                open_ = False
                continue
            if open_ and i >= b:
                out[-1][1], out[-1][2] = e, min(out[-1][2], p)
            else:
                out.append([s, e, p])
            open_ = True
        return [(s, e, p) for s, e, p in out]

    def __repr__(self) -> str:
        return f"ValueReader(lang={self.lang!r}, threshold={self.threshold})"


@lru_cache(maxsize=None)
def load_value_reader(lang: str) -> ValueReader | None:
    """The learned value reader of ``lang`` (loaded once per process, from package data, offline),
    or None when none ships for that language.

    >>> load_value_reader("fr") is None
    True
    """
    return _load_packaged(ValueReader, lang, VALUE_READER_FILE, VALUE_READER_META_FILE)


FACT_MODEL_FILE = "fact_verifier.crfsuite"
FACT_META_FILE = "fact_verifier.json"
#: (model33f) P(holds) a proposed fact needs before the fact verifier keeps it (chosen on the chat-level leave-one-group-out curve; the meta's threshold wins)
FACT_THRESHOLD = 0.2


class FactVerifier(_CrfModel):
    """A maxent classifier (a one-item CRF, python-crfsuite) over one fact a rule step proposes:
    ``verifier(features) -> P(holds)``, the probability that the fact's value is one an annotator keeps
    (features: :mod:`ctxgraph.models._fact_features`, structure only). Thread-safe."""

    default_threshold = FACT_THRESHOLD

    def __call__(self, features: list[dict]) -> list[float]:
        """P(holds) of each proposed fact (one feature dict each)."""
        import pycrfsuite

        out = []
        with self._lock:
            if "T" not in self._tagger.labels():
                return [1.0] * len(features)
            for f in features:
                self._tagger.set(pycrfsuite.ItemSequence([f]))
                out.append(self._tagger.marginal("T", 0))
        return out

    def __repr__(self) -> str:
        return f"FactVerifier(lang={self.lang!r}, threshold={self.threshold})"


@lru_cache(maxsize=None)
def load_fact_verifier(lang: str) -> FactVerifier | None:
    """The learned fact verifier of ``lang`` (loaded once per process, from package data, offline), or None
    when none ships for that language (then the step ``verify_facts`` drops nothing)."""
    return _load_packaged(FactVerifier, lang, FACT_MODEL_FILE, FACT_META_FILE)
