"""Metrics (pure functions) and the evaluation loops that replay data through methods.

The metrics look at the text of the assembled context, never at how a method
built it, so baselines and ctxgraph are scored the same way:

>>> ctx = [{"role": "user", "content": "A cheap hotel in the East"},
...        {"role": "assistant", "content": "Acorn Guest House?"}]
>>> value_recall(["east", "cheap", "guesthouse"], context_text(ctx))
(2, 3)
>>> value_recall(["east", "cheap", "guesthouse"], context_text(ctx), fuzzy=True)
(3, 3)
>>> answer_contained("acorn guest house", context_text(ctx))
True

The loops (:func:`evaluate_state_recall`, :func:`evaluate_locomo`) take
methods by name (plain callables or sessions, see :mod:`ctxgraph.bench._baselines`)
and return one result row per method and budget::

    {"method": "recency", "budget": 128, "recall": 0.49, "tokens_mean": 112.3,
     "tokens_median": 118.0, "n": 6012, ...}

``tokens_*`` count every message sent, the question included, with the
encoding given (the one the methods must use too).
"""

from __future__ import annotations

import re
import statistics
import unicodedata
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import islice
from typing import Any

import tiktoken

from .._tokens import count_message_tokens, get_encoding, message_text
from ._baselines import Method, Session, as_session, is_budgeted
from ._data import QA, Conversation, Dialogue, _check_limit

__all__ = [
    "answer_contained",
    "comparable",
    "context_text",
    "evaluate_locomo",
    "evaluate_state_recall",
    "evidence_recall",
    "normalise",
    "strip_question",
    "value_found",
    "value_found_strict",
    "value_recall",
    "value_recall_strict",
]

Message = dict[str, Any]
Progress = Callable[[int], Any]

DEFAULT_STATE_BUDGETS = (64, 128, 256)
DEFAULT_LOCOMO_BUDGETS = (500, 1000, 2000)
_NOT_WORD = re.compile(r"[\W_]+")
_SPELLINGS = (("centre", "center"), ("theatre", "theater"), ("&", "and"))
#: Letters of scripts written without spaces between words: a value beside one still stands alone.
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
#: Values the strict recall leaves out: a bare "yes" or "no" is found in almost any context.
YES_NO = frozenset({"yes", "no"})


# --------------------------------------------------------------------------- metrics


def context_text(messages: Iterable[Message]) -> str:
    """The text a list of chat messages sends (content and tool calls), one message a line.

    >>> context_text([{"role": "user", "content": "hi"}, {"role": "assistant", "content": "yo"}])
    'hi\\nyo'
    """
    return "\n".join(message_text(m) for m in messages)


def strip_question(messages: Sequence[Message], question: str) -> list[Message]:
    """``messages`` without the question message, which a method must put last.

    Raises ``ValueError`` when the question is non-empty and the last message is
    not ``{"role": "user", "content": question}`` (or its head, when a question longer
    than the budget was cut): a method that drops or moves the question would otherwise
    be scored on it.

    >>> strip_question([{"role": "user", "content": "a"}, {"role": "user", "content": "q"}], "q")
    [{'role': 'user', 'content': 'a'}]
    >>> strip_question([{"role": "user", "content": "a long"}], "a long question")
    []
    """
    if not question:
        return list(messages)
    last = messages[-1] if messages else {}
    content = last.get("content") or ""
    if last.get("role") != "user" or not (content == question or (content and question.startswith(content))):
        raise ValueError(
            f"The question {question[:60]!r} must be the last message, role 'user'; got "
            f"{(last.get('role'), (last.get('content') or '')[:60]) if last else 'no message'}. "
            f"Fix the method to append the question as its last message."
        )
    return list(messages[:-1])


def normalise(text: str) -> str:
    """Text for fuzzy matching: NFKC, lower-case, a few spellings unified, no spaces or punctuation.

    >>> normalise("Guest-House in the Centre, 17:45")
    'guesthouseinthecenter1745'
    """
    text = unicodedata.normalize("NFKC", text).lower()
    for variant, canonical in _SPELLINGS:
        text = text.replace(variant, canonical)
    return _NOT_WORD.sub("", text)


def value_found(value: str, text: str, *, fuzzy: bool = False) -> bool:
    """Whether ``value`` is in ``text``, both lower-cased; see :func:`value_recall` for fuzzy.

    >>> value_found("East", "in the east"), value_found("guest house", "a guesthouse")
    (True, False)
    >>> value_found("所有房间提供wifi 早餐服务", "有早餐服务，所有房间提供WIFI", fuzzy=True)
    True
    """
    if value.lower() in text.lower():
        return True
    if not fuzzy:
        return False
    haystack = normalise(text)
    needle = normalise(value)
    if needle and needle in haystack:
        return True
    parts = [normalise(p) for p in value.split()]
    return len(parts) > 1 and all(p in haystack for p in parts if p) and any(parts)


def value_recall(values: Iterable[str], text: str, *, fuzzy: bool = False) -> tuple[int, int]:
    """``(found, total)``: how many gold ``values`` occur in ``text``, lower-cased substrings.

    With ``fuzzy=True`` a value also counts when, after :func:`normalise`, it is a
    substring of the normalised text, or all its space-separated parts are (the
    lenient variant, reported beside the exact one, never instead).

    >>> value_recall(["驴杂汤", "100-150元"], "我想吃驴杂汤")
    (1, 2)
    >>> value_recall([], "anything")
    (0, 0)
    """
    values = list(values)
    return sum(value_found(v, text, fuzzy=fuzzy) for v in values), len(values)


def _glued(text: str, i: int) -> bool:
    """Whether ``text[i]`` is a letter or digit that would glue onto a value beside it
    (CJK and kana do not: their words have no spaces between them)."""
    return 0 <= i < len(text) and text[i].isalnum() and not _UNSPACED.match(text[i])


def value_found_strict(value: str, text: str) -> bool:
    """Whether ``value`` stands alone somewhere in ``text`` (lower-cased): no letter or
    digit glued to either side, so "2" is not found in "12:30" nor "east" in "eastern".

    >>> value_found_strict("2", "at 12:30"), value_found_strict("2", "for 2 people")
    (False, True)
    >>> value_found_strict("east", "the eastern part"), value_found_strict("驴杂汤", "我想吃驴杂汤")
    (False, True)
    """
    needle, haystack = value.strip().lower(), text.lower()
    if not needle:
        return False
    start = haystack.find(needle)
    while start != -1:
        if not _glued(haystack, start - 1) and not _glued(haystack, start + len(needle)):
            return True
        start = haystack.find(needle, start + 1)
    return False


def value_recall_strict(values: Iterable[str], text: str) -> tuple[int, int]:
    """``(found, total)`` with :func:`value_found_strict`, leaving yes/no values out of both.

    >>> value_recall_strict(["yes", "2", "east"], "yes, 2 people in the east")
    (2, 2)
    >>> value_recall_strict(["2"], "at 12:30")
    (0, 1)
    """
    values = [v for v in values if v.strip().lower() not in YES_NO]
    return sum(value_found_strict(v, text) for v in values), len(values)


def evidence_recall(evidence_texts: Iterable[str], text: str) -> tuple[int, int]:
    """``(found, total)``: how many evidence turns (their message text) are in ``text``.

    Compared as whole turn texts, :func:`comparable`: lower-cased, runs of white space as
    one space, and read back from the state block's quotes (a recalled turn is flattened to
    one line and quoted, its own ``"`` escaped: docs/security.md), so a turn shown whole
    counts whatever its spacing or quotes.

    >>> evidence_recall(["Ann: I paint.", "Bo: I swim."], "Ann: I paint.\\nAnn: Bye")
    (1, 2)
    >>> evidence_recall(['Ann: I read "Dune".  Twice.'], '- user: "Ann: I read \\\\"Dune\\\\". Twice."')
    (1, 1)
    """
    haystack = comparable(text, quoted=True)
    texts = list(evidence_texts)
    return sum(comparable(t) in haystack for t in texts), len(texts)


_ESCAPED = re.compile(r'\\(["\\])')


def comparable(text: str, *, quoted: bool = False) -> str:
    r"""``text`` lower-cased with runs of white space as one space; ``quoted``: also with the
    state block's quote escapes read back (``\"`` -> ``"``, ``\\`` -> ``\``).

    >>> comparable('I read  \\"Dune\\"\n', quoted=True)
    'i read "dune"'
    """
    if quoted:
        text = _ESCAPED.sub(r"\1", text)
    return " ".join(text.lower().split())


def answer_contained(answer: str | int | None, text: str) -> bool:
    """Whether the answer string, lower-cased and stripped, is a substring of ``text``.

    An empty or missing answer is never contained.

    >>> answer_contained(2022, "She painted it in 2022."), answer_contained("", "x")
    (True, False)
    """
    if answer is None:
        return False
    needle = str(answer).strip().lower()
    return bool(needle) and needle in text.lower()


# --------------------------------------------------------------------------- loops


def _budgets_for(method: Any, budgets: Sequence[int]) -> list[int | None]:
    return list(budgets) if is_budgeted(method) else [None]


def _token_stats(tokens: list[int]) -> dict[str, float]:
    if not tokens:
        return {"tokens_mean": 0.0, "tokens_median": 0.0, "tokens_max": 0}
    return {
        "tokens_mean": statistics.fmean(tokens),
        "tokens_median": float(statistics.median(tokens)),
        "tokens_max": max(tokens),
    }


def _ratio(found: int, total: int) -> float:
    return found / total if total else 0.0


def _sessions(methods: Mapping[str, Method | Session]) -> dict[str, Session]:
    if not methods:
        raise ValueError("No methods to evaluate: pass e.g. methods=baselines(encoding).")
    return {name: as_session(method) for name, method in methods.items()}


def evaluate_state_recall(
    dialogues: Iterable[Dialogue],
    methods: Mapping[str, Method | Session],
    budgets: Sequence[int] = DEFAULT_STATE_BUDGETS,
    enc: tiktoken.Encoding | None = None,
    *,
    limit: int | None = None,
    progress: Progress | None = None,
) -> list[dict[str, Any]]:
    """State value recall at each budget, for CrossWOZ / MultiWOZ dialogues.

    Each dialogue is replayed message by message into every method (reset at
    the start). At each checkpoint, after the system turn is observed, the
    context for the next user message ("" at the end) is assembled at each
    budget; the checkpoint's gold values are looked for in that context
    without the question message, so a value the user says only now does not
    count. ``recall`` is the share of all gold values found (micro);
    ``recall_strict`` counts a value only where it stands alone and leaves yes/no
    values out (:func:`value_recall_strict`);
    ``recall_macro`` averages the per-checkpoint share; ``recall_fuzzy`` uses
    :func:`value_recall` with ``fuzzy=True``. ``n`` counts checkpoints,
    ``over_budget`` the contexts above the budget (only when the question alone
    is). A method with ``budgeted = False`` runs once, reported with budget None.
    ``limit`` keeps the first N dialogues; ``progress(1)`` is called after each
    (e.g. ``tqdm(total=N).update``).

    >>> from ctxgraph.bench import Dialogue, Checkpoint, Recency
    >>> d = Dialogue("d1", [{"role": "user", "content": "a hotel in the east"},
    ...                     {"role": "assistant", "content": "ok"}],
    ...              [Checkpoint(1, "cheap", {"hotel-area": "east"})])
    >>> [(r["budget"], r["recall"]) for r in evaluate_state_recall([d], {"recency": Recency()}, [12, 30])]
    [(12, 0.0), (30, 1.0)]
    """
    _check_limit(limit)
    enc = enc if enc is not None else get_encoding()
    sessions = _sessions(methods)
    acc: dict[tuple[str, int | None], dict[str, Any]] = defaultdict(
        lambda: {"found": 0, "fuzzy": 0, "strict": 0, "strict_total": 0, "total": 0, "shares": [], "tokens": [], "over": 0}
    )
    n_dialogues = 0
    for dialogue in islice(dialogues, limit):
        n_dialogues += 1
        at = {cp.index: cp for cp in dialogue.checkpoints}
        last = max(at, default=-1)
        for name, session in sessions.items():
            session.reset()
            for i, message in enumerate(dialogue.messages[: last + 1]):
                session.observe(message)
                checkpoint = at.get(i)
                if checkpoint is None:
                    continue
                for budget in _budgets_for(session, budgets):
                    sent = session.assemble(checkpoint.question, budget)
                    _score_state_checkpoint(acc[name, budget], checkpoint, sent, budget=budget, enc=enc)
        if progress is not None:
            progress(1)
    rows = []
    for name, session in sessions.items():
        for budget in _budgets_for(session, budgets):
            row = acc[name, budget]
            rows.append({
                "method": name,
                "budget": budget,
                "recall": _ratio(row["found"], row["total"]),
                "recall_strict": _ratio(row["strict"], row["strict_total"]),
                "recall_fuzzy": _ratio(row["fuzzy"], row["total"]),
                "recall_macro": statistics.fmean(row["shares"]) if row["shares"] else 0.0,
                "found": row["found"],
                "total": row["total"],
                "found_strict": row["strict"],
                "total_strict": row["strict_total"],
                **_token_stats(row["tokens"]),
                "over_budget": row["over"],
                "n": len(row["tokens"]),
                "dialogues": n_dialogues,
            })
    return rows


def _score_state_checkpoint(row: dict[str, Any], checkpoint: Any, sent: list[dict[str, Any]], *,
                            budget: int | None, enc: tiktoken.Encoding) -> None:
    """Add one checkpoint's tokens and gold values found (lenient, fuzzy, strict) to ``row``."""
    values = list(checkpoint.gold.values())
    tokens = count_message_tokens(sent, enc)
    text = context_text(strip_question(sent, checkpoint.question))
    found, total = value_recall(values, text)
    strict, strict_total = value_recall_strict(values, text)
    row["found"] += found
    row["fuzzy"] += value_recall(values, text, fuzzy=True)[0]
    row["strict"] += strict
    row["strict_total"] += strict_total
    row["total"] += total
    row["shares"].append(_ratio(found, total))
    row["tokens"].append(tokens)
    row["over"] += budget is not None and tokens > budget


def evaluate_locomo(
    conversations: Iterable[Conversation],
    methods: Mapping[str, Method | Session],
    budgets: Sequence[int] = DEFAULT_LOCOMO_BUDGETS,
    enc: tiktoken.Encoding | None = None,
    *,
    categories: Iterable[int] = (1, 2, 3, 4),
    limit: int | None = None,
    progress: Progress | None = None,
) -> list[dict[str, Any]]:
    """Evidence recall and answer containment at each budget, for LoCoMo.

    Every method observes the whole conversation, then each question of the
    given ``categories`` is asked at each budget (the budget includes the
    question). ``recall`` is the share of all evidence turns found in the
    context without the question (micro; a turn is found when its whole
    message text, ``"<speaker>: <text>"``, is there, lower-cased),
    ``recall_macro`` the mean of the per-question shares, ``recall_by_category`` the micro recall per category;
    questions without usable evidence count only for ``answer_contained``, the
    share of questions with an answer whose answer string is in the context.
    ``n`` counts questions, ``n_evidence`` those with evidence. ``limit``
    keeps the first N conversations; ``progress(1)`` is called after each.

    >>> from ctxgraph.bench import Conversation, QA, BM25
    >>> turns = ["Ann: I love jazz.", "Bo: Nice weather.", "Ann: It is sunny."]
    >>> c = Conversation("c", [{"role": "user", "content": t} for t in turns],
    ...                  {"D1:1": 0, "D1:2": 1, "D1:3": 2},
    ...                  [QA("What does Ann love?", "jazz", 1, ("D1:1",))])
    >>> row = evaluate_locomo([c], {"bm25": BM25()}, [20])[0]
    >>> row["recall"], row["answer_contained"], row["tokens_max"] <= 20
    (1.0, 1.0, True)
    """
    _check_limit(limit)
    enc = enc if enc is not None else get_encoding()
    sessions = _sessions(methods)
    wanted = set(categories)
    acc: dict[tuple[str, int | None], dict[str, Any]] = defaultdict(
        lambda: {"found": 0, "total": 0, "shares": [], "answers": [], "tokens": [], "over": 0,
                 "by_cat": defaultdict(lambda: [0, 0])}
    )
    n_conversations = 0
    for conversation in islice(conversations, limit):
        n_conversations += 1
        questions = [q for q in conversation.questions if q.category in wanted]
        for name, session in sessions.items():
            session.reset()
            for message in conversation.messages:
                session.observe(message)
            for qa in questions:
                evidence = [conversation.turn_text(d) for d in qa.evidence]
                for budget in _budgets_for(session, budgets):
                    sent = session.assemble(qa.question, budget)
                    _score_locomo_question(acc[name, budget], qa, evidence, sent, budget=budget, enc=enc)
        if progress is not None:
            progress(1)
    return _locomo_rows(acc, sessions, budgets, n_conversations)


def _score_locomo_question(row: dict[str, Any], qa: QA, evidence: list[str], sent: list[dict[str, Any]], *,
                           budget: int | None, enc: tiktoken.Encoding) -> None:
    """Add one question's tokens, evidence found and answer containment to ``row``."""
    tokens = count_message_tokens(sent, enc)
    text = context_text(strip_question(sent, qa.question))
    row["tokens"].append(tokens)
    row["over"] += budget is not None and tokens > budget
    if evidence:
        found, total = evidence_recall(evidence, text)
        row["found"] += found
        row["total"] += total
        row["shares"].append(_ratio(found, total))
        row["by_cat"][qa.category][0] += found
        row["by_cat"][qa.category][1] += total
    if qa.answer:
        row["answers"].append(answer_contained(qa.answer, text))


def _locomo_rows(acc, sessions, budgets, n_conversations: int) -> list[dict[str, Any]]:
    """One row per method and budget from the accumulated counts."""
    rows = []
    for name, session in sessions.items():
        for budget in _budgets_for(session, budgets):
            row = acc[name, budget]
            rows.append({
                "method": name,
                "budget": budget,
                "recall": _ratio(row["found"], row["total"]),
                "recall_macro": statistics.fmean(row["shares"]) if row["shares"] else 0.0,
                "answer_contained": statistics.fmean(row["answers"]) if row["answers"] else 0.0,
                "found": row["found"],
                "total": row["total"],
                **_token_stats(row["tokens"]),
                "over_budget": row["over"],
                "n": len(row["tokens"]),
                "n_evidence": len(row["shares"]),
                "conversations": n_conversations,
                "recall_by_category": {c: _ratio(*row["by_cat"][c]) for c in sorted(row["by_cat"])},
            })
    return rows
