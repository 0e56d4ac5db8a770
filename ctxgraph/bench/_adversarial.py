"""``ctxgraph bench adversarial``: the worst observe() time per pathological message.

Messages built to hit the slow paths of text processing (issue 11): one character repeated
(regexes that restart inside a run, tiktoken's merges), brackets and dots (spaCy's
prefix/suffix loop), Chinese without punctuation and rare Han characters (jieba's HMM), a
token per two characters (the statistical pipeline's cost per token), deep and huge tool
JSON. Each is observed in a fresh English and Chinese tracker after one ordinary turn;
the report gives the time per generator and size, the worst of all, and the first
assemble() after the message (its token count is computed then, once).

>>> sorted(GENERATORS)[:3]
['brackets', 'cjk_no_punctuation', 'cjk_rare']
>>> len(GENERATORS["words"](11))
11
"""

from __future__ import annotations

import gc
import os
import time
from typing import Any, Callable

#: characters of each message: the issue's 1k ... 1 MB
SIZES = (1_000, 10_000, 100_000, 1_000_000)
#: ``--quick`` checks the harness, not the machine (messages of 1 MB are read in the tests too)
QUICK_SIZES = (1_000, 10_000)


def _repeat(unit: str) -> Callable[[int], str]:
    return lambda n: (unit * (n // len(unit) + 1))[:n]


def _deep_json(n: int) -> str:
    half = max(1, (n - 20) // 2)
    return '{"order_id": "SO-1", "x": ' + "[" * half + "]" * half + "}"


def _big_number(n: int) -> str:
    return '{"order_id": "SO-1", "total": ' + "9" * max(1, n - 40) + ', "v": NaN}'


#: name -> (role, text of n characters)
GENERATORS: dict[str, Callable[[int], str]] = {
    "brackets": _repeat("["),
    "one_char": _repeat("x"),
    "dots": _repeat("."),
    "digits": _repeat("1"),
    "question_marks": _repeat("?"),
    "newlines": _repeat("\n"),
    "mixed_punctuation": _repeat("([{<.,;:!?>}])'\"-"),
    "no_spaces": _repeat("ab1.c-d_"),
    "email_like": _repeat("a.b@"),
    "words": _repeat("a "),
    "cjk_no_punctuation": _repeat("我想预订一家北京的酒店价格不要太贵最好在市中心附近"),
    "cjk_rare": _repeat("龘靐齉爩喆堃"),
    "surrogates": _repeat("\ud800a"),
    "tool_deep_json": _deep_json,
    "tool_big_number": _big_number,
}


def _message(name: str, n: int) -> dict[str, Any]:
    text = GENERATORS[name](n)
    if name.startswith("tool_"):
        return {"role": "tool", "tool_call_id": "c1", "content": text}
    return {"role": "user", "content": text}


def measure(name: str, n: int, lang: str) -> dict[str, Any]:
    """observe() and the first assemble() after it, in ms, for one message."""
    from .. import Tracker

    t = Tracker(lang=lang)
    t.observe({"role": "user", "content": "我的预算是5000元" if lang == "zh" else "My budget is $500."})
    if name.startswith("tool_"):
        t.observe({"role": "assistant", "content": None, "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "get_order", "arguments": "{}"}}]})
    message = _message(name, n)
    gc.collect()  # a full collection walks the loaded pipelines (~0.1 s): not this message's cost
    start, cpu = time.perf_counter(), time.thread_time()
    t.observe(message)
    observed, observed_cpu = time.perf_counter(), time.thread_time()
    t.assemble("what is my budget?", budget=600)
    assembled = time.perf_counter()
    return {"generator": name, "lang": lang, "role": message["role"], "chars": n,
            "observe_ms": round((observed - start) * 1000, 1), "observe_cpu_ms": round((observed_cpu - cpu) * 1000, 1),
            "assemble_ms": round((assembled - observed) * 1000, 1)}


#: each message is measured this many times; the run with the median observe() time is kept
REPEATS = 3


def _median(name: str, n: int, lang: str, repeats: int) -> dict[str, Any]:
    runs = sorted((measure(name, n, lang) for _ in range(repeats)), key=lambda r: r["observe_ms"])
    return runs[len(runs) // 2]


def run_adversarial(quick: bool = False) -> dict[str, Any]:
    """Every generator at every size, in English and Chinese trackers (warmed up first)."""
    from ._run import machine

    measure("words", 1_000, "en")  # load the pipelines before timing anything
    measure("words", 1_000, "zh")
    gc.collect()
    # what is loaded now (the pipelines, and a caller's objects: a test run's heap) is set aside
    # from every later collection: the one before each timed observe() walks only what the runs
    # made (it walked the pipelines, and in a test run the whole heap, 60 times for --quick)
    gc.freeze()
    start = time.perf_counter()
    try:
        results = [_median(name, n, lang, 1 if quick else REPEATS) for n in (QUICK_SIZES if quick else SIZES)
                   for name in GENERATORS for lang in ("en", "zh")]
    finally:
        gc.unfreeze()
    worst = max(results, key=lambda r: r["observe_ms"])
    return {"dataset": "adversarial", "results": results, "worst": worst, "load": _load(),
            "seconds": round(time.perf_counter() - start, 1), "machine": machine()}


def _load() -> str:
    """The 1-minute load average (a shared machine's timings are only comparable with it)."""
    try:
        return f"{os.getloadavg()[0]:.1f}"
    except OSError:
        return "?"


def format_adversarial(report: dict[str, Any]) -> tuple[str, list[str], list[list[Any]]]:
    """(title, header, rows): the worst observe() per generator and size over both languages."""
    sizes = sorted({r["chars"] for r in report["results"]})
    rows = []
    for name in GENERATORS:
        cells: list[Any] = [name]
        for n in sizes:
            at = [r for r in report["results"] if r["generator"] == name and r["chars"] == n]
            cells.append(max(r["observe_ms"] for r in at) if at else None)
        rows.append(cells)
    w = report["worst"]
    title = (f"observe() of one pathological message, worst of en and zh, median of {REPEATS} runs (wall ms); worst "
             f"overall {w['observe_ms']} ms ({w['observe_cpu_ms']} ms CPU; {w['generator']}, {w['chars']:,} characters, "
             f"{w['lang']}); first assemble() after such a message at most "
             f"{max(r['assemble_ms'] for r in report['results'])} ms; load average {report.get('load', '?')}")
    return title, ["message", *(f"{n:,} chars" for n in sizes)], rows
