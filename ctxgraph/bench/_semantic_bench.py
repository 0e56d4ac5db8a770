"""Cost of semantic recall: ``ctxgraph bench semantic [--quick]``.

Two trackers read the same long English chat (:mod:`ctxgraph.bench._longchat`), one lexical
(as without the extra) and one with ``embed="minilm"``. Reported:

- encoding cost per turn: CPU ms per turn of the bundled all-MiniLM-L6-v2 (numpy) encoding
  the chat's turns in the worker's batches, and of one question alone;
- at 1,000 and 10,000 messages: assemble() median and p95 (CPU ms of the process over
  ``repeats`` questions, after the backlog is encoded), both trackers;
- memory of the vectors per 10,000 turns (the matrix and its index, exact bytes) and the
  resident memory the model adds once per process (RSS after loading it).

CPU time, not wall time, so other work on a shared machine counts less. Nothing here is
asserted in a unit test; the figures go to docs/benchmarks.md.
"""

from __future__ import annotations

import gc
import itertools
import statistics
import sys
import time
from typing import Any

from .._tracker import Tracker
from ._longchat import long_chat
from ._longrun import rss_bytes
from ._run import machine, progress_bar
from ._speed import _percentile

MARKS = (1000, 10_000)
QUICK_MARKS = (200, 1000)
QUESTIONS = ("What was my budget again?", "Where did I ask you to ship it?", "Did you send the tracking link?",
             "What is my phone number?", "Which order was late?", "Did you call me about the refund?")


def _cpu_ms(fn: Any) -> float:
    start = time.process_time()
    fn()
    return (time.process_time() - start) * 1000


def run_semantic(*, quick: bool = False, repeats: int = 12, progress: bool | None = None) -> dict[str, Any]:
    from .. import _minilm
    from .._embed import BATCH

    rss0 = rss_bytes()
    encoder = _minilm.load()
    model_rss = rss_bytes() - rss0
    marks = QUICK_MARKS if quick else MARKS
    texts = [m["content"] for m in itertools.islice(long_chat("en"), 2000) if m["role"] in ("user", "assistant") and m["content"]]
    sample = texts[: 64 if quick else 1024]
    encoder(sample[:BATCH])  # warm-up
    batch_ms = _cpu_ms(lambda: [encoder(sample[i:i + BATCH]) for i in range(0, len(sample), BATCH)])
    singles = [_cpu_ms(lambda q=q: encoder([q])) for q in QUESTIONS * 3]
    encoding = {"turns": len(sample), "batch": BATCH, "ms_per_turn": round(batch_ms / len(sample), 2),
                "question_ms_median": round(statistics.median(singles), 2)}

    lexical, semantic = Tracker("en", en_models=()), Tracker("en", en_models=(), embed=encoder)
    stream = long_chat("en")
    rows, seen = [], 0
    with progress_bar(marks[-1], "semantic", progress) as bar:
        for mark in marks:
            for m in itertools.islice(stream, mark - seen):
                lexical.observe(m)
                semantic.observe(m)
                bar.update(1)
            seen = mark
            backlog_ms = _cpu_ms(lambda: semantic._vectors.flush())  # what the worker had not done yet
            row = {"messages": mark, "encoded_turns": len(semantic._vectors), "backlog_ms": round(backlog_ms, 1)}
            for name, t in (("lexical", lexical), ("semantic", semantic)):
                t.assemble(QUESTIONS[0], budget=1000)  # warm
                times = [_cpu_ms(lambda q=q, t=t: t.assemble(q, budget=1000)) for q in (QUESTIONS * repeats)[:repeats]]
                row[f"{name}_p50_ms"] = round(statistics.median(times), 2)
                row[f"{name}_p95_ms"] = round(_percentile(times, 0.95), 2)
            rows.append(row)
    v = semantic._vectors
    gc.collect()
    used = len(v) * v.encoder.fn.dim * 4  # float32 rows in use (the buffer doubles: up to 2x reserved)
    index = sys.getsizeof(v._rows) + sys.getsizeof(v._order) + 28 * 2 * len(v._rows)
    per_10k = (used + index) * 10_000 / max(len(v), 1)
    return {
        "dataset": "semantic", "model": encoder.name, "encoding": encoding, "results": rows,
        "memory": {"vectors_mib_per_10k_turns": round(per_10k / 2**20, 1),
                   "reserved_mib": round((v._matrix.nbytes + index) / 2**20, 1), "turns": len(v),
                   "model_rss_mib": round(model_rss / 2**20, 1)},
        "quick": quick, "machine": machine(),
    }


def semantic_parts(report: dict[str, Any], markdown: bool, table: Any) -> list[str]:
    """The text or markdown of a ``semantic`` report."""
    e, mem = report["encoding"], report["memory"]
    rows = [[r["messages"], r["encoded_turns"], r["backlog_ms"], r["lexical_p50_ms"], r["lexical_p95_ms"],
             r["semantic_p50_ms"], r["semantic_p95_ms"]] for r in report["results"]]
    return [
        f"model {report['model']} (numpy): {e['ms_per_turn']} CPU ms per turn encoded in batches of {e['batch']} "
        f"({e['turns']} turns of the long chat), {e['question_ms_median']} ms for one question alone",
        table(["messages", "turns encoded", "backlog at assemble (ms)", "lexical p50 ms", "lexical p95 ms",
               "semantic p50 ms", "semantic p95 ms"], rows, markdown),
        f"vectors: {mem['vectors_mib_per_10k_turns']} MiB per 10,000 turns ({mem['reserved_mib']} MiB reserved for "
        f"{mem['turns']} turns); the model adds {mem['model_rss_mib']} MiB resident memory once per process",
    ]
