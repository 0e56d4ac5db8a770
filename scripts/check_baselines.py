"""Scratch check: the baselines on the validation data against the reference figures.

Run from the repository root:

    /tmp/venv/bin/python scripts/check_baselines.py [--limit N] [--data-dir DIR] [--progress]

The references were measured on the held-out test splits (o200k_base, 4 tokens a
message); the validation figures printed here should be within a few points.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ctxgraph._tokens import get_encoding  # noqa: E402
from ctxgraph.bench import (  # noqa: E402
    baselines,
    default_data_dir,
    evaluate_locomo,
    evaluate_state_recall,
    load_crosswoz,
    load_locomo,
    load_multiwoz,
)

#: (dataset, method, budget, field, reference on the test split)
REFERENCES = [
    ("crosswoz", "recency", 64, "recall", 0.05),
    ("crosswoz", "recency", 128, "recall", 0.30),
    ("crosswoz", "full", None, "recall", 0.88),
    ("crosswoz", "full", None, "tokens_median", 266),
    ("multiwoz", "recency", 64, "recall", 0.17),
    ("multiwoz", "recency", 128, "recall", 0.49),
    ("multiwoz", "full", None, "recall", 0.94),
    ("multiwoz", "full", None, "tokens_median", 210),
    ("locomo", "bm25", 1000, "recall", 0.5),
    ("locomo", "recency", 1000, "recall", 0.03),
]


def _progress(enabled: bool, total: int, label: str):
    if not enabled:
        return None, lambda: None
    from tqdm import tqdm

    bar = tqdm(total=total, desc=label, leave=False)
    return bar.update, bar.close


def _table(rows: list[dict], fields: list[str]) -> str:
    lines = ["  ".join(f"{f:>14}" for f in ["method", "budget", *fields])]
    for row in rows:
        cells = [row["method"], str(row["budget"])]
        cells += [f"{row[f]:.3f}" if isinstance(row[f], float) else str(row[f]) for f in fields]
        lines.append("  ".join(f"{c:>14}" for c in cells))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", type=Path, default=default_data_dir())
    parser.add_argument("--limit", type=int, default=None, help="first N dialogues / conversations")
    parser.add_argument("--progress", action="store_true", help="show tqdm bars")
    args = parser.parse_args(argv)

    enc = get_encoding("o200k_base")
    methods = baselines(enc)
    results: dict[str, list[dict]] = {}
    timings: dict[str, float] = {}
    started = time.perf_counter()

    for name, loader, budgets in (
        ("crosswoz", load_crosswoz, (64, 128, 256)),
        ("multiwoz", load_multiwoz, (64, 128, 256)),
    ):
        t0 = time.perf_counter()
        dialogues = loader(args.data_dir / name, limit=args.limit)
        update, close = _progress(args.progress, len(dialogues), name)
        results[name] = evaluate_state_recall(dialogues, methods, budgets, enc, progress=update)
        close()
        timings[name] = time.perf_counter() - t0
        print(f"\n== {name}: {len(dialogues)} dialogues, {timings[name]:.1f}s")
        print(_table(results[name], ["recall", "recall_fuzzy", "recall_macro", "tokens_mean",
                                     "tokens_median", "over_budget", "n"]))

    t0 = time.perf_counter()
    conversations = load_locomo(args.data_dir / "locomo", limit=args.limit)
    update, close = _progress(args.progress, len(conversations), "locomo")
    results["locomo"] = evaluate_locomo(conversations, methods, (500, 1000, 2000), enc, progress=update)
    close()
    timings["locomo"] = time.perf_counter() - t0
    print(f"\n== locomo: {len(conversations)} conversations, {timings['locomo']:.1f}s")
    print(_table(results["locomo"], ["recall", "recall_macro", "answer_contained", "tokens_mean",
                                     "tokens_median", "over_budget", "n", "n_evidence"]))
    for row in results["locomo"]:
        cats = ", ".join(f"{c}: {r:.2f}" for c, r in row["recall_by_category"].items())
        print(f"  {row['method']:>8} {str(row['budget']):>5} recall by category  {cats}")

    print("\n== reference (test splits) vs this run (validation)")
    print(f"{'dataset':>9} {'method':>8} {'budget':>6} {'field':>14} {'reference':>10} {'measured':>9} {'diff':>7}")
    worst = 0.0
    for dataset, method, budget, field, reference in REFERENCES:
        row = next(r for r in results[dataset] if r["method"] == method and r["budget"] == budget)
        measured = row[field]
        diff = measured - reference
        scale = reference if field.startswith("tokens") else 1.0
        worst = max(worst, abs(diff) / scale)
        print(f"{dataset:>9} {method:>8} {str(budget):>6} {field:>14} {reference:>10} {measured:>9.3f} {diff:>+7.3f}")
    print(f"\nlargest gap: {worst:.3f} (recall in points of 1.0, tokens relative)")
    print("runtime: " + ", ".join(f"{k} {v:.1f}s" for k, v in timings.items())
          + f", total {time.perf_counter() - started:.1f}s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
