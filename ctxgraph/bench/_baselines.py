"""The method interface and the baselines ctxgraph is measured against.

A *method* is a callable ``method(history, question, budget) -> messages``:

- ``history``: the chat messages so far (OpenAI format); a method must not modify it;
- ``question``: the new user message; "" when there is none (end of a dialogue);
- ``budget``: the token budget for everything sent, the question message
  included, counted with :func:`ctxgraph._tokens.count_message_tokens`
  (4 tokens a message plus its content); ``None`` means no limit.

It returns the messages to send, the question as a ``{"role": "user"}``
message last when the question is non-empty. A method with the attribute
``budgeted = False`` ignores the budget (:class:`Full`); a benchmark runs it
once and reports its budget as ``None``.

A stateful method (ctxgraph's tracker) is instead an object with
``reset()`` (start a new conversation), ``observe(message)`` and
``assemble(question, budget) -> messages``: a :class:`Session`. The replay
loops call :func:`as_session`, which wraps a plain callable in a
:class:`StatelessSession`, so both shapes go through the same loop:

>>> session = as_session(Recency())
>>> session.reset()
>>> session.observe({"role": "user", "content": "I need a hotel in the east."})
>>> session.observe({"role": "assistant", "content": "What price range?"})
>>> [m["content"] for m in session.assemble("Cheap, please.", 20)]
['What price range?', 'Cheap, please.']

An adapter for the tracker is a few lines::

    class TrackerSession:
        budgeted = True
        def reset(self): self.tracker = Tracker(lang="auto")
        def observe(self, message): self.tracker.observe(message)
        def assemble(self, question, budget):
            return self.tracker.assemble(question, budget=budget).messages
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any, Protocol, runtime_checkable

import tiktoken

from .._tokens import count_message_tokens, get_encoding, message_text

__all__ = [
    "BM25",
    "Baseline",
    "Full",
    "Method",
    "Recency",
    "Session",
    "StatelessSession",
    "as_session",
    "baselines",
    "bm25_tokens",
    "is_budgeted",
    "question_messages",
]

Message = dict[str, Any]
#: ``method(history, question, budget) -> messages`` (see the module docstring).
Method = Callable[[list[Message], str, "int | None"], list[Message]]

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af]")
_WORD = re.compile(r"\w+")


@runtime_checkable
class Session(Protocol):
    """A stateful method: sees the conversation one message at a time."""

    def reset(self) -> None:
        """Forget everything: a new conversation starts."""

    def observe(self, message: Message) -> None:
        """Take in the next message of the conversation."""

    def assemble(self, question: str, budget: int | None) -> list[Message]:
        """The messages to send for ``question`` within ``budget`` tokens."""


class StatelessSession:
    """A :class:`Session` over a plain method: it keeps the history and passes it on.

    >>> s = StatelessSession(Full())
    >>> s.observe({"role": "user", "content": "hi"})
    >>> s.assemble("", None)
    [{'role': 'user', 'content': 'hi'}]
    """

    def __init__(self, method: Method) -> None:
        self.method = method
        self.budgeted = is_budgeted(method)
        self.history: list[Message] = []

    def reset(self) -> None:
        self.history = []

    def observe(self, message: Message) -> None:
        self.history.append(message)

    def assemble(self, question: str, budget: int | None) -> list[Message]:
        return self.method(self.history, question, budget)


def as_session(method: Method | Session) -> Session:
    """``method`` itself if it is a :class:`Session`, else a :class:`StatelessSession` over it."""
    if hasattr(method, "observe") and hasattr(method, "assemble"):
        if not hasattr(method, "reset"):
            raise TypeError(
                f"{type(method).__name__} has observe() and assemble() but no reset(); add a "
                f"reset() that starts a new conversation, so one dialogue cannot leak into the next."
            )
        return method  # type: ignore[return-value]
    if not callable(method):
        raise TypeError(
            f"A method must be callable as method(history, question, budget) or have "
            f"reset(), observe() and assemble(); got {type(method).__name__}."
        )
    return StatelessSession(method)


def is_budgeted(method: Any) -> bool:
    """False when ``method`` declares ``budgeted = False`` (it ignores the budget)."""
    return bool(getattr(method, "budgeted", True))


def question_messages(question: str) -> list[Message]:
    """The question as a one-message list, or no message for an empty question.

    >>> question_messages("where?"), question_messages("")
    ([{'role': 'user', 'content': 'where?'}], [])
    """
    return [{"role": "user", "content": question}] if question else []


def _check_budget(budget: int | None) -> None:
    if budget is not None and (isinstance(budget, bool) or not isinstance(budget, int) or budget < 0):
        raise ValueError(f"budget must be a non-negative int or None, got {budget!r}.")


class Baseline:
    """Base of the baselines: a method bound to the encoding that counts its tokens.

    Subclasses implement :meth:`select`, returning the indices of the history
    messages to keep; the kept messages go out in conversation order, then the
    question. When the question alone is over the budget, no history is kept
    and the question is still sent: the only case where the result exceeds it.
    """

    name = "baseline"
    budgeted = True

    def __init__(self, encoding: tiktoken.Encoding | None = None) -> None:
        self.encoding = encoding if encoding is not None else get_encoding()
        self._costs: dict[str, int] = {}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.encoding.name!r})"

    def cost(self, message: Message) -> int:
        """Tokens ``message`` costs when sent (remembered by its text: a replay asks often)."""
        text = message_text(message)
        cost = self._costs.get(text)
        if cost is None:
            cost = self._costs[text] = count_message_tokens([message], self.encoding)
        return cost

    def __call__(self, history: list[Message], question: str, budget: int | None) -> list[Message]:
        _check_budget(budget)
        asked = question_messages(question)
        left = None if budget is None or not self.budgeted else budget - count_message_tokens(asked, self.encoding)
        keep = sorted(self.select(history, question, left)) if history else []
        return [history[i] for i in keep] + asked

    def select(self, history: list[Message], question: str, left: int | None) -> list[int]:
        """Indices of ``history`` to keep, within ``left`` tokens (``None``: no limit)."""
        raise NotImplementedError


class Recency(Baseline):
    """The newest whole messages that fit, then the question.

    Stops at the first message, going back in time, that does not fit: the
    window is contiguous, no message is cut.

    >>> history = [{"role": "user", "content": "one two three four five six"},
    ...            {"role": "assistant", "content": "seven"}]
    >>> [m["content"] for m in Recency()(history, "eight", 10)]
    ['seven', 'eight']
    """

    name = "recency"

    def select(self, history: list[Message], question: str, left: int | None) -> list[int]:
        if left is None:
            return list(range(len(history)))
        keep = []
        for i in range(len(history) - 1, -1, -1):
            left -= self.cost(history[i])
            if left < 0:
                break
            keep.append(i)
        return keep


class BM25(Baseline):
    """History messages ranked by BM25 (``rank_bm25.BM25Okapi``) against the question.

    The best-ranked messages are packed while they fit (one that does not fit
    is skipped, smaller ones after it may still go in), then put back in
    conversation order. Ties, and every message when the question is empty or
    shares no term, go newest first: BM25 then packs like recency, except that
    a message that does not fit is skipped rather than ending the window. Text with CJK
    characters is tokenised with jieba, other text with a lower-cased word regex
    (:func:`bm25_tokens`).

    ``BM25Okapi`` gives a term found in half of the messages an idf of 0, and
    one found in more a floor that turns negative when the average idf is
    (rank_bm25 issues #29, #39, #43). Negative scores are raised to 0, so a
    matching message never ranks below one that shares nothing with the
    question; on very short histories (2-3 messages) BM25 therefore often
    degrades to recency.

    >>> history = [{"role": "user", "content": t} for t in
    ...            ["the hotel is in the east", "I take the train", "book a taxi", "thanks"]]
    >>> [m["content"] for m in BM25()(history, "which train?", 16)]
    ['I take the train', 'which train?']
    """

    name = "bm25"

    def __init__(self, encoding: tiktoken.Encoding | None = None) -> None:
        super().__init__(encoding)
        # the last history's index and the last question's scores: a replay asks
        # the same history at several budgets, and LoCoMo many questions of it
        self._index: tuple[tuple[str, ...], Any] | None = None
        self._scored: tuple[tuple[str, ...], str, list[float]] | None = None

    def select(self, history: list[Message], question: str, left: int | None) -> list[int]:
        scores = self.scores(history, question)
        ranked = sorted(range(len(history)), key=lambda i: (-scores[i], -i))
        if left is None:
            return ranked
        keep = []
        for i in ranked:
            cost = self.cost(history[i])
            if cost <= left:
                keep.append(i)
                left -= cost
        return keep

    def scores(self, history: list[Message], question: str) -> list[float]:
        """BM25 score of each history message against ``question``, at least 0."""
        texts = tuple(m.get("content") or "" for m in history)
        if self._scored is not None and self._scored[0] == texts and self._scored[1] == question:
            return self._scored[2]
        query = list(bm25_tokens(question))
        index = self._bm25(texts)
        scores = [0.0] * len(history) if index is None or not query else [
            max(0.0, float(s)) for s in index.get_scores(query)
        ]
        self._scored = (texts, question, scores)
        return scores

    def _bm25(self, texts: tuple[str, ...]) -> Any:
        if self._index is not None and self._index[0] == texts:
            return self._index[1]
        try:
            from rank_bm25 import BM25Okapi
        except ImportError as error:  # pragma: no cover - depends on the environment
            raise ImportError("The bm25 baseline needs rank_bm25: pip install 'ctxgraph[bench]'.") from error
        corpus = [list(bm25_tokens(t)) for t in texts]
        index = BM25Okapi(corpus) if any(corpus) else None
        self._index = (texts, index)
        return index


class Full(Baseline):
    """The whole history and the question; the budget is ignored (``budgeted = False``).

    >>> Full()([{"role": "user", "content": "hi"}], "bye", 1)[-1]
    {'role': 'user', 'content': 'bye'}
    """

    name = "full"
    budgeted = False

    def select(self, history: list[Message], question: str, left: int | None) -> list[int]:
        return list(range(len(history)))


@lru_cache(maxsize=65536)
def bm25_tokens(text: str) -> tuple[str, ...]:
    """BM25 terms of ``text``: jieba words when it has CJK characters, else lower-cased words.

    >>> bm25_tokens("Book a TAXI, please!")
    ('book', 'a', 'taxi', 'please')
    >>> bm25_tokens("我想去故宫")
    ('我', '想', '去', '故宫')
    """
    if _CJK.search(text):
        import jieba

        return tuple(t.lower() for t in jieba.lcut(text) if _WORD.search(t))
    return tuple(_WORD.findall(text.lower()))


def baselines(encoding: tiktoken.Encoding | None = None) -> dict[str, Baseline]:
    """The three baselines by name, sharing one encoding: recency, bm25, full.

    >>> sorted(baselines())
    ['bm25', 'full', 'recency']
    """
    encoding = encoding if encoding is not None else get_encoding()
    return {cls.name: cls(encoding) for cls in (Recency, BM25, Full)}
