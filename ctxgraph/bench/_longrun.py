"""Cost over a long chat: ``ctxgraph bench speed --turns 100000``.

One tracker per language reads the long customer-service chat of
:mod:`ctxgraph.bench._longchat` (facts that change, promises kept and new ones made, tool
calls) message by message. At each checkpoint (1,000, 10,000, 100,000 messages, and the
last) it reports observe()'s median and p95 over the ``window`` messages before the
checkpoint, assemble()'s median over ``repeats`` calls (CPU time of the process, so a
shared machine's other work does not count), the process's resident memory
(RSS, after a garbage collection), and the size of the state JSON. Memory per turn is the
RSS growth since the first checkpoint divided by the messages read since. Chinese stops at
``zh_turns`` (jieba makes each message ~10x dearer; 20,000 by default).

Nothing here is asserted in a unit test; the figures go to docs/benchmarks.md.
"""

from __future__ import annotations

import gc
import statistics
import time
from typing import Any, Sequence

from .._tracker import Tracker
from ._longchat import QUESTION, long_chat, support_chat
from ._run import machine, progress_bar
from ._speed import _percentile

CHECKPOINTS = (1_000, 10_000, 100_000)
ZH_TURNS = 20_000


def rss_bytes() -> int:
    """The process's resident memory now (Linux /proc; elsewhere the peak from getrusage)."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for ln in f:
                if ln.startswith("VmRSS:"):
                    return int(ln.split()[1]) * 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def checkpoints_for(turns: int, marks: Sequence[int] = CHECKPOINTS) -> list[int]:
    """The checkpoints up to ``turns``, and ``turns`` itself.

    >>> checkpoints_for(20_000), checkpoints_for(500)
    ([1000, 10000, 20000], [500])
    """
    return sorted({m for m in marks if m <= turns} | {turns})


def long_run(lang: str, turns: int, *, window: int = 500, repeats: int = 11, budget: int = 600,
             progress: bool | None = None, mix: str = "orders") -> dict[str, Any]:
    """Observe ``turns`` messages of the long chat (``mix`` "orders": :func:`long_chat`;
    "support": :func:`support_chat`, English), measuring at each checkpoint."""
    tracker = Tracker(lang, en_models=())
    stream = support_chat() if mix == "support" else long_chat(lang)
    marks = checkpoints_for(turns)
    rows: list[dict[str, Any]] = []
    times: list[float] = []
    started = time.perf_counter()
    with progress_bar(turns, f"speed: {lang} long chat, {turns} messages", progress) as bar:
        for n in range(1, turns + 1):
            m = next(stream)
            t0 = time.process_time()
            tracker.observe(m)
            times.append((time.process_time() - t0) * 1000)
            bar.update(1)
            if n in marks:
                rows.append(_checkpoint(tracker, lang, n, times[-window:], repeats=repeats, budget=budget))
            if len(times) > window:
                del times[:-window]
    base = rows[0]
    for r in rows:
        r["observe_x"] = round(r["observe_median_ms"] / base["observe_median_ms"], 2)
        r["assemble_x"] = round(r["assemble_median_ms"] / base["assemble_median_ms"], 2)
    grown = rows[-1]["turns"] - base["turns"]
    per_turn = (rows[-1]["rss_mib"] - base["rss_mib"]) * 2**20 / grown if grown else None
    return {"lang": lang, "mix": mix, "turns": turns, "window": window, "repeats": repeats, "budget": budget,
            "checkpoints": rows, "rss_bytes_per_turn": round(per_turn) if per_turn is not None else None,
            "seconds": round(time.perf_counter() - started, 1)}


def _checkpoint(tracker: Tracker, lang: str, n: int, observed: list[float], *, repeats: int,
                budget: int) -> dict[str, Any]:
    """The figures at one checkpoint (assemble calls warmed up once, then timed)."""
    question = QUESTION[lang]
    ctx = tracker.assemble(question, budget=budget)
    spent = []
    for _ in range(repeats):
        t0 = time.process_time()
        tracker.assemble(question, budget=budget)
        spent.append((time.process_time() - t0) * 1000)
    t0 = time.process_time()
    state = tracker.state()
    state_json = state.to_json()
    state_ms = (time.process_time() - t0) * 1000
    gc.collect()
    budget_fact = next((f.value for f in state.facts if f.key == "budget" and f.status == "current"), None)
    return {
        "turns": n, "observe_median_ms": round(statistics.median(observed), 3),
        "observe_p95_ms": round(_percentile(observed, 0.95), 3),
        "assemble_median_ms": round(statistics.median(spent), 2), "rss_mib": round(rss_bytes() / 2**20, 1),
        "nodes": tracker.graph.number_of_nodes(),
        "open_commitments": len(tracker.graph.graph["open_items"]["commitment"]),
        "active_constraints": len(tracker.graph.graph["open_items"]["constraint"]),
        "state_json_kib": round(len(state_json.encode()) / 1024, 1), "state_json_ms": round(state_ms, 1),
        "answer_in_context": bool(budget_fact and budget_fact in ctx.state_block),
    }


def run_long(turns: int, *, zh_turns: int = ZH_TURNS, progress: bool | None = None) -> dict[str, Any]:
    """The long-chat report: English up to ``turns``, Chinese up to ``min(turns, zh_turns)``."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    runs = []
    for lang, n, mix in (("en", turns, "orders"), ("zh", min(turns, zh_turns), "orders"), ("en", turns, "support")):
        # each run in a fresh process: memory freed by one run is not given back to the
        # system, so a second run in the same process would show no growth in RSS
        with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn")) as pool:
            runs.append(pool.submit(long_run, lang, n, progress=progress, mix=mix).result())
    return {"dataset": "speed", "n": 0, "results": [], "growth": [], "long": runs, "machine": machine()}


def long_parts(report: dict[str, Any], markdown: bool, table) -> list[str]:
    """The long-chat tables of a report (``table(headers, rows, markdown)`` draws one)."""
    parts = []
    for run in report["long"]:
        rows = [[r["turns"], r["nodes"], r["observe_median_ms"], r["observe_p95_ms"], f"{r['observe_x']}x",
                 r["assemble_median_ms"], f"{r['assemble_x']}x", r["rss_mib"], r["open_commitments"], r.get("active_constraints"),
                 r["state_json_kib"], "yes" if r["answer_in_context"] else "no"] for r in run["checkpoints"]]
        pipeline = "jieba" if run["lang"] == "zh" else "blank spaCy pipeline"
        mix = "" if run.get("mix", "orders") == "orders" else f", {run['mix']} mix (budgets, constraints, promises, tool calls)"
        parts.append(f"long chat, {run['lang']}{mix} (rules path, {pipeline}, a fresh process): {run['turns']} messages in "
                     f"{run['seconds']} s; CPU time, observe over the {run['window']} messages before each checkpoint, "
                     f"assemble median of {run['repeats']} calls at budget {run['budget']}; memory "
                     f"{run['rss_bytes_per_turn']} bytes per message (RSS growth after the first checkpoint)")
        parts.append(table(["messages", "graph nodes", "observe median ms", "observe p95 ms", "x first",
                            "assemble median ms", "x first", "RSS MiB", "open promises", "active constraints", "state JSON KiB",
                            "budget in context"], rows, markdown))
    return parts
