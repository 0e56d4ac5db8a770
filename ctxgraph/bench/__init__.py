"""Measurement layer: data loaders, metrics and baselines for ``ctxgraph bench``.

>>> from ctxgraph.bench import baselines, context_text
>>> history = [{"role": "user", "content": "I want a hotel in the east."},
...            {"role": "assistant", "content": "Which price range?"}]
>>> sent = baselines()["recency"](history, "Cheap.", 16)
>>> context_text(sent)
'Which price range?\\nCheap.'

- data: :func:`load_crosswoz`, :func:`load_multiwoz`, :func:`load_locomo`
  (published zips and jsons, read in place);
- methods: ``method(history, question, budget) -> messages``, or a
  :class:`Session` with ``reset/observe/assemble``; baselines :class:`Recency`,
  :class:`BM25`, :class:`Full` (:func:`baselines`);
- metrics and loops: :func:`value_recall`, :func:`value_recall_strict`, :func:`evidence_recall`,
  :func:`answer_contained`, :func:`evaluate_state_recall`, :func:`evaluate_locomo`;
- the state itself: :func:`run_cs` (annotated customer-service conversations, :func:`load_cs`,
  :func:`score_state`) and :func:`run_state` (CrossWOZ / MultiWOZ against the gold belief state,
  the schema a pack derived from the database: :func:`multiwoz_schema`, :func:`crosswoz_schema`,
  :func:`write_schema_pack`, :func:`evaluate_state_accuracy`).
"""

from __future__ import annotations

from ._baselines import (
    BM25,
    Baseline,
    Full,
    Method,
    Recency,
    Session,
    StatelessSession,
    as_session,
    baselines,
    bm25_tokens,
    is_budgeted,
    question_messages,
)
from ._data import (
    QA,
    Checkpoint,
    Conversation,
    Dialogue,
    crosswoz_gold,
    default_data_dir,
    load_crosswoz,
    load_locomo,
    load_multiwoz,
    locomo_messages,
    multiwoz_gold,
    parse_evidence,
)
from ._cs import CsConversation, load_cs, run_cs, score_state
from ._metrics import (
    answer_contained,
    context_text,
    evaluate_locomo,
    evaluate_state_recall,
    evidence_recall,
    normalise,
    strip_question,
    value_found,
    value_found_strict,
    value_recall,
    value_recall_strict,
)
from ._state_accuracy import (
    SlotSchema,
    crosswoz_schema,
    evaluate_state_accuracy,
    multiwoz_schema,
    run_state,
    write_schema_pack,
)

__all__ = [
    "BM25",
    "Baseline",
    "Checkpoint",
    "Conversation",
    "CsConversation",
    "Dialogue",
    "Full",
    "Method",
    "QA",
    "Recency",
    "Session",
    "SlotSchema",
    "StatelessSession",
    "answer_contained",
    "as_session",
    "baselines",
    "bm25_tokens",
    "context_text",
    "crosswoz_gold",
    "crosswoz_schema",
    "default_data_dir",
    "evaluate_locomo",
    "evaluate_state_accuracy",
    "evaluate_state_recall",
    "evidence_recall",
    "is_budgeted",
    "load_crosswoz",
    "load_cs",
    "load_locomo",
    "load_multiwoz",
    "locomo_messages",
    "multiwoz_gold",
    "multiwoz_schema",
    "normalise",
    "parse_evidence",
    "question_messages",
    "run_cs",
    "run_state",
    "score_state",
    "strip_question",
    "value_found",
    "value_found_strict",
    "value_recall",
    "value_recall_strict",
    "write_schema_pack",
]
