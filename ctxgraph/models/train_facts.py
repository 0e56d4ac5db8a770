"""Train the learned fact verifier: ``python -m ctxgraph.models.train_facts`` (model33f, issue 19).

The rule steps PROPOSE facts; the verifier (a maxent classifier: a one-item CRF, python-crfsuite) learns which of
them hold. Data: every chat of the open annotated groups shipped with the bench (cs, cs_holdout, cs_blind,
cs_blind2 ... cs_blind27; the judge groups, cs_blind28 and later, are never read) replayed through the default
pipeline with the step ``verify_facts`` recording, for every fact a message's steps propose (not an offer), its
features (:mod:`ctxgraph.models._fact_features`, structure only) and its label: ``T`` when its value holds
(the bench's :func:`~ctxgraph.bench._cs.holds`) a gold ``current``, ``also_ok`` or ``not_current`` value of the chat
(a value changed later was a value when said), ``F`` otherwise.

``--logo`` scores each group's candidates with a model trained on the other groups (candidate level);
``--replay`` then replays each group through the pipeline with its own fold model (the bench's figures).

Never imported at run time (the verifier is :func:`ctxgraph.models.load_fact_verifier`).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from ..bench._cs import SHIPPED_DATA, holds, load_cs
from ._fact_features import fact_features

#: every open cs group (cs_blind29 and later are judges: never read)
OPEN_GROUPS = ("cs", "cs_holdout", "cs_blind", *(f"cs_blind{n}" for n in range(2, 29)))
#: (model34f) a step's own threshold, for a step whose low facts the annotators drop consistently (leave-one-group-out)
STEP_THRESHOLDS: dict[str, float] = {}
PARAMS = {"c1": 0.0, "c2": 1.0, "max_iterations": 200, "feature.possible_transitions": False}


def _steps() -> list[str]:
    """The default steps with ``verify_facts`` switched on, last (it records or verifies)."""
    from ..extract.registry import DEFAULT_STEPS, with_step

    return with_step(DEFAULT_STEPS, "verify_facts")


def collect(group: str) -> list[dict[str, Any]]:
    """The proposed facts of every chat of ``group`` with their features and labels (the step records, drops nothing)."""
    from ..bench._cs import _tracker_for
    from ..extract import registry, verify

    out: list[dict[str, Any]] = []
    gold: list[str] = []
    state = {"conv": "", "msg": 0}

    def record(ctx):
        for u, c in verify.candidates(ctx):
            raw = {k: v for k, v in c.items() if k != "label_keys"}
            raw["label_keys"] = sorted(c["label_keys"])
            out.append({"group": group, "conv": state["conv"], "msg": ctx.index, "lang": c["lang"], "raw": raw,
                        "label": "T" if any(holds(str(u.value), v) for v in gold) else "F"})
        return []

    saved = registry.STEPS["verify_facts"]
    registry.STEPS["verify_facts"] = registry.Step("verify_facts", record, saved.roles, saved.needs_text)
    try:
        for conv in load_cs(SHIPPED_DATA / group):
            gold[:] = [v for name in ("current", "also_ok", "not_current") for v in conv.gold.get(name, [])]
            state["conv"] = conv.id
            tracker = _tracker_for(conv, (), _steps())
            for m in conv.messages:
                tracker.observe(m)
    finally:
        registry.STEPS["verify_facts"] = saved
    return out


def features_of(rec: dict[str, Any]) -> dict[str, float]:
    raw = dict(rec["raw"], label_keys=frozenset(rec["raw"]["label_keys"]))
    return fact_features(raw)


def train(records, path: str | Path, params: dict | None = None) -> None:
    """Train the one-item CRF on ``records`` and write it to ``path``."""
    import pycrfsuite

    trainer = pycrfsuite.Trainer(verbose=False)
    for r in records:
        trainer.append(pycrfsuite.ItemSequence([features_of(r)]), [r["label"]])
    trainer.set_params(params or PARAMS)
    trainer.train(str(path))


def score(path: str | Path, records) -> list[float]:
    """P(T) of each record under the model at ``path``."""
    import pycrfsuite

    tagger = pycrfsuite.Tagger()
    tagger.open(str(path))
    out = []
    for r in records:
        tagger.set(pycrfsuite.ItemSequence([features_of(r)]))
        out.append(tagger.marginal("T", 0))
    return out


def load_records(path: str | Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()]


def collect_all(out: str | Path, groups=OPEN_GROUPS, workers: int = 2) -> list[dict[str, Any]]:
    with ProcessPoolExecutor(workers) as ex:
        parts = list(ex.map(collect, groups))
    recs = [r for p in parts for r in p]
    Path(out).write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in recs), encoding="utf-8")
    return recs


def logo_scores(records, groups=OPEN_GROUPS, params=None) -> list[float]:
    """Each record's P(T) under a model of its language trained on every other group."""
    probs = [0.0] * len(records)
    with tempfile.TemporaryDirectory() as tmp:
        for lang in ("en", "zh"):
            for gname in groups:
                test = [i for i, r in enumerate(records) if r["lang"] == lang and r["group"] == gname]
                if not test:
                    continue
                path = Path(tmp) / f"{lang}_{gname}.crfsuite"
                train([r for r in records if r["lang"] == lang and r["group"] != gname], path, params)
                for i, p in zip(test, score(path, [records[i] for i in test])):
                    probs[i] = p
    return probs


def _fold(args) -> str:
    """Train the fold models of group ``g`` (every other group, each language) into ``folder``."""
    g, rec_path, folder = args
    records = load_records(rec_path)
    for lang in ("en", "zh"):
        train([r for r in records if r["lang"] == lang and r["group"] != g], Path(folder) / f"{g}_{lang}.crfsuite")
    return g


def replay_group(args) -> tuple[str, dict[str, list[dict]]]:
    """The bench's scores of each chat of group ``g`` replayed without the step and with it at each threshold,
    the verifier of each language trained without ``g`` (``folder``: the fold models)."""
    g, thresholds, folder, steps = args
    from ..bench._cs import _tracker_for, score_state
    from ..extract import verify
    from ..extract.registry import DEFAULT_STEPS
    from . import FactVerifier

    convs = load_cs(SHIPPED_DATA / g)
    out: dict[str, list[dict]] = {}
    saved = verify._LOADER[0]
    for t in (None, *thresholds):
        models = {lang: FactVerifier(lang, str(Path(folder) / f"{g}_{lang}.crfsuite"), {"threshold": t or 0.0, "step_thresholds": steps if t is not None else {}})
                  for lang in ("en", "zh")}
        verify._LOADER[0] = models.get
        rows = []
        for conv in convs:
            tracker = _tracker_for(conv, (), _steps() if t is not None else [s for s in DEFAULT_STEPS if s != "verify_facts"])
            for m in conv.messages:
                tracker.observe(m)
            sc = score_state(conv, tracker.state().model_dump(by_alias=True))
            rows.append({"conv": conv.id, "lang": conv.lang, "recall": sc["recall"], "precision": sc["precision"],
                         "wrong": len(sc["wrong"]), "unsupported": sc["unsupported"], "missed": sc["missed"]})
        out[str(t)] = rows
    verify._LOADER[0] = saved
    return g, out


def replay_logo(rec_path: str | Path, thresholds, groups=OPEN_GROUPS, workers: int = 2,
                steps: dict[str, float] | None = None) -> dict[str, dict]:
    """Chat-level leave-one-group-out: each group replayed through the pipeline with its own fold models
    (``steps``: per-step thresholds, as the meta's ``step_thresholds``)."""
    with tempfile.TemporaryDirectory() as tmp, ProcessPoolExecutor(workers) as ex:
        list(ex.map(_fold, [(g, str(rec_path), tmp) for g in groups]))
        return dict(ex.map(replay_group, [(g, tuple(thresholds), tmp, dict(steps or {})) for g in groups]))


def replay_table(res: dict[str, dict], thresholds) -> str:
    """Per threshold, summed over the held-out groups: values found, unsupported facts, wrong; and per group the
    values lost, the unsupported facts removed and the change of wrong."""
    lines = []
    for t in ("None", *map(str, thresholds)):
        rows = [c for r in res.values() for c in r[t]]
        found, total = sum(c["recall"][0] for c in rows), sum(c["recall"][1] for c in rows)
        sup, facts = sum(c["precision"][0] for c in rows), sum(c["precision"][1] for c in rows)
        lines.append(f"threshold {t}: found {found}/{total} precision {sup}/{facts} unsupported {facts - sup} "
                     f"wrong {sum(c['wrong'] for c in rows)}")
    for t in map(str, thresholds):
        for g, r in res.items():
            b, n = r["None"], r[t]
            lost = sum(x["recall"][0] for x in b) - sum(x["recall"][0] for x in n)
            rem = sum(x["precision"][1] - x["precision"][0] for x in b) - sum(x["precision"][1] - x["precision"][0] for x in n)
            w = sum(x["wrong"] for x in n) - sum(x["wrong"] for x in b)
            lines.append(f"  {t} {g:12s} values lost {lost} unsupported removed {rem} wrong {w:+d}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m ctxgraph.models.train_facts", description=__doc__.split("\n")[0])
    ap.add_argument("--records", default=None, help="a JSON-lines file of recorded candidates (made when missing)")
    ap.add_argument("--logo", action="store_true", help="leave-one-group-out candidate scores, no model written")
    ap.add_argument("--replay", action="store_true", help="with --logo: chat-level, each group replayed with its fold models")
    ap.add_argument("--threshold", type=float, action="append", default=None)
    ap.add_argument("--step-threshold", action="append", default=[], metavar="STEP=P",
                    help="a step's own threshold (the meta's step_thresholds; default: the shipped ones)")
    ap.add_argument("--replay-out", default=None, help="with --replay: write each group's chat scores (JSON)")
    ap.add_argument("--out", default=str(Path(__file__).parent), help="folder holding <lang>/ (default: the package)")
    args = ap.parse_args(argv)
    from . import FACT_THRESHOLD

    threshold = FACT_THRESHOLD if args.threshold is None else args.threshold[0]
    rec_path = Path(args.records) if args.records else Path(tempfile.gettempdir()) / "fact_candidates.jsonl"
    records = load_records(rec_path) if args.records and rec_path.is_file() else collect_all(rec_path)
    steps = dict(STEP_THRESHOLDS)
    steps.update((k, float(v)) for k, v in (s.split("=", 1) for s in args.step_threshold))
    if args.logo and args.replay:
        res = replay_logo(rec_path, args.threshold or [threshold], steps=steps)
        print(replay_table(res, args.threshold or [threshold]))
        if args.replay_out:
            Path(args.replay_out).write_text(json.dumps(res, ensure_ascii=False), encoding="utf-8")
        return
    if args.logo:
        probs = logo_scores(records)
        for t in (0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5):
            dropped_t = sum(p < t and r["label"] == "T" for p, r in zip(probs, records))
            dropped_f = sum(p < t and r["label"] == "F" for p, r in zip(probs, records))
            print(f"threshold {t}: drops F {dropped_f} T {dropped_t}")
        return
    for lang in ("en", "zh"):
        mine = [r for r in records if r["lang"] == lang]
        folder = Path(args.out) / lang
        folder.mkdir(parents=True, exist_ok=True)
        train(mine, folder / "fact_verifier.crfsuite")
        meta = {"lang": lang, "groups": list(OPEN_GROUPS), "candidates": len(mine),
                "holding": sum(r["label"] == "T" for r in mine), "threshold": threshold, "step_thresholds": steps, "params": PARAMS}
        (folder / "fact_verifier.json").write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
        print(lang, json.dumps(meta), file=sys.stderr)


if __name__ == "__main__":
    main()
