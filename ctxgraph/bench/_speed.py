"""Speed: observe and assemble latency, memory, throughput, and the token curve.

Timings are medians over repeated runs on this machine (stated in the output);
nothing here is asserted in a unit test.

- observe latency per message (median, p95) for zh and en, English with the
  trained spaCy pipeline (its NER gated, ``en_ner="gated"``, the default; and on every
  message, ``en_ner="always"``) and with the blank one (rules path), and assemble latency
  (median, p95) on the same tracker afterwards; each row names its pipeline
  (``Chinese``, ``rules-English``, ``trained-English``, ``trained-English, NER always``) and
  the row of what ``Tracker(lang)`` uses by default carries ``"default": true``;
- the models' load time and memory per pipeline (spaCy pipeline or jieba's dictionary,
  and the value tagger when the pipeline calls it), measured in a fresh subprocess
  (RSS delta: tracemalloc misses the C allocations of spaCy, jieba and crfsuite);
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
import inspect
import json
import os
import statistics
import subprocess
import sys
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


#: what each pipeline is called in the report
PIPELINE_NAMES = {"jieba": "Chinese", "blank": "rules-English", "trained": "trained-English",
                  "trained-always": "trained-English, NER always"}


def default_en_ner() -> str:
    """When ``Tracker()``'s trained English NER reads a message (read from its signature).

    >>> default_en_ner()
    'gated'
    """
    return inspect.signature(Tracker).parameters["en_ner"].default


def default_en_models() -> tuple[str, ...]:
    """The English pipelines ``Tracker()`` tries when none is given (read from its signature).

    >>> from ctxgraph._nlp import DEFAULT_EN_MODELS
    >>> default_en_models() == tuple(DEFAULT_EN_MODELS)
    True
    """
    return tuple(inspect.signature(Tracker).parameters["en_models"].default)


def observe_latency(lang: str, n: int = 2000, *, trained: bool = True, en_ner: str | None = None,
                    packs: Sequence[str] = (), progress: bool | None = None, assembles: int = 50,
                    load: bool = True) -> dict[str, Any]:
    """Per-message observe() latency in ms over ``n`` messages (after a warm-up), then
    assemble() latency over ``assembles`` questions on the same tracker, and (``load``) the
    pipeline's load time and memory from :func:`load_cost`. ``en_ner``: the Tracker's option
    (None: its default).

    ``default`` is true when this is the pipeline ``Tracker(lang)`` uses when none is named.
    """
    from .._nlp import forget_docs

    en_models = default_en_models() if trained else ()
    en_ner = en_ner or default_en_ner()
    tracker = Tracker(lang, en_models=en_models, en_ner=en_ner, **tracker_options(packs))
    stream = _messages(lang)
    for _ in range(20):  # warm-up: pipelines load, caches fill
        tracker.observe(next(stream))
    times = []
    label = f"speed: observe {lang}" + ("" if lang == "zh" else f" (trained, NER {en_ner})" if trained else " (blank)")
    with progress_bar(n, label, progress) as bar:
        for _ in range(n):
            m = next(stream)
            forget_docs()  # a text seen a moment ago would be found parsed
            t0 = time.perf_counter()
            tracker.observe(m)
            times.append((time.perf_counter() - t0) * 1000)
            bar.update(1)
    questions = [m["content"] for m in islice(stream, 4 * assembles) if m["role"] == "user"][:assembles]
    tracker.assemble(questions[0], budget=600)  # warm-up
    spent = []
    for q in questions:
        t0 = time.perf_counter()
        tracker.assemble(q, budget=600)
        spent.append((time.perf_counter() - t0) * 1000)
    from .._nlp import english_pipeline

    has_model = english_pipeline(tuple(tracker.config["en_models"]))[1] if lang == "en" else None
    pipeline = ("trained" if has_model else "blank") if lang == "en" else "jieba"
    if pipeline == "trained" and en_ner == "always":
        pipeline = "trained-always"
    row = {"lang": lang, "pipeline": pipeline, "name": PIPELINE_NAMES[pipeline],
           "en_ner": en_ner if pipeline.startswith("trained") else None,
           "default": lang != "en" or (tuple(en_models) == default_en_models() and en_ner == default_en_ner()),
           "n": n, "median_ms": statistics.median(times), "p95_ms": _percentile(times, 0.95),
           "assemble_turns": n + 20, "assemble_n": len(spent), "assemble_median_ms": statistics.median(spent),
           "assemble_p95_ms": _percentile(spent, 0.95), "source": text_pool(lang)[1]}
    if load:
        row.update(load_cost(lang, en_models, packs))
    return row


def _rss_bytes() -> int:
    """This process's resident set size now (Linux ``/proc``; elsewhere its peak, from ``resource``)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak if sys.platform == "darwin" else peak * 1024


def _load_probe(lang: str, en_models: Sequence[str], packs: Sequence[str],
                messages: Sequence[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Run in a fresh process by :func:`load_cost`: load the language's pipeline, then the
    value tagger, timing each and reading the RSS before and after; then observe a few
    messages (``messages``, by default the first 20 of the text pool) to learn whether the
    pipeline calls the tagger."""
    import ctxgraph.models as models
    from .._nlp import chinese_doc, english_doc

    # read before measuring: the data is not the model
    messages = list(messages) if messages is not None else list(islice(_messages(lang), 20))
    tracker = Tracker(lang, en_models=tuple(en_models), **tracker_options(packs))
    gc.collect()
    rss0, t0 = _rss_bytes(), time.perf_counter()
    if lang == "zh":
        chinese_doc("我想订一间北京的酒店。")  # jieba's dictionary and the blank zh vocab
    else:
        english_doc("I would like a table for two.", tuple(en_models))
    t1 = time.perf_counter()
    gc.collect()
    rss1, t2 = _rss_bytes(), time.perf_counter()
    models.load_value_tagger(lang)
    t3 = time.perf_counter()
    gc.collect()
    rss2 = _rss_bytes()
    calls = models.load_value_tagger.cache_info().hits
    t4 = time.perf_counter()
    tracker.observe(messages[0])
    first = (time.perf_counter() - t4) * 1000
    for m in messages[1:]:
        tracker.observe(m)
    uses_tagger = models.load_value_tagger.cache_info().hits > calls
    mib = 1024 * 1024
    return {"pipeline_load_ms": (t1 - t0) * 1000, "pipeline_rss_mib": (rss1 - rss0) / mib,
            "tagger": uses_tagger,
            "tagger_load_ms": (t3 - t2) * 1000 if uses_tagger else None,
            "tagger_rss_mib": (rss2 - rss1) / mib if uses_tagger else None,
            "load_ms": (t1 - t0 + (t3 - t2 if uses_tagger else 0)) * 1000,
            "load_rss_mib": ((rss2 if uses_tagger else rss1) - rss0) / mib,
            "first_observe_ms": first}


def load_cost(lang: str, en_models: Sequence[str] = (), packs: Sequence[str] = ()) -> dict[str, Any]:
    """The models' load time (ms) and memory (RSS delta, MiB) of a pipeline, measured in a
    fresh Python process (so nothing is loaded yet and C allocations count): the spaCy
    pipeline (English) or jieba's dictionary (Chinese) — ``pipeline_*`` — and the value
    tagger when the pipeline calls it — ``tagger_*``, None when it does not — with their
    sums ``load_ms`` and ``load_rss_mib``; ``first_observe_ms`` is the first observe() after.
    The probe's messages are sent on its stdin (it does not read the datasets again)."""
    code = ("import json, sys; from ctxgraph.bench._speed import _load_probe; "
            "print(json.dumps(_load_probe(*json.loads(sys.stdin.read()))))")
    args = json.dumps([lang, list(en_models), list(packs), list(islice(_messages(lang), 20))], ensure_ascii=False)
    done = subprocess.run([sys.executable, "-c", code], input=args, capture_output=True, text=True, check=True,
                          encoding="utf-8")
    return json.loads(done.stdout.strip().splitlines()[-1])


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
    n = 50 if quick else 2000
    checkpoints = (10, 100) if quick else CHECKPOINTS
    options = {"packs": list(packs), "progress": progress}
    assembles = 10 if quick else 50
    results = []
    # the load cost is measured once per pipeline (a fresh process each): the two trained-English
    # rows (NER gated and always) load the same models, and the probe is the same for both
    probes: dict[tuple[str, tuple[str, ...]], dict[str, Any]] = {}
    for lang, trained, en_ner in (("zh", True, None), ("en", False, None), ("en", True, None), ("en", True, "always")):
        row = observe_latency(lang, n, trained=trained, en_ner=en_ner, assembles=assembles, load=False, **options)
        en_models = default_en_models() if trained else ()
        if (lang, en_models) not in probes:
            probes[lang, en_models] = load_cost(lang, en_models, packs)
        results.append({"method": "ctxgraph", "budget": None, **row, **probes[lang, en_models]})
    grow = growth("zh", checkpoints=checkpoints, repeats=5 if quick else 21, **options)
    return {
        "dataset": "speed", "n": len(results), "results": results, "growth": grow, "packs": list(packs),
        "text": {lang: text_pool(lang)[1] for lang in ("zh", "en")},
        "memory": memory_per_1000_turns("zh", **options) if not quick else None,
        "throughput": replay_throughput("en", 50 if quick else 1000, **options),
        "machine": machine(),
    }
