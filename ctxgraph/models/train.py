"""Train a value tagger: ``python -m ctxgraph.models.train --lang en --sgd DIR --data DIR --out DIR``.

Reads the public corpora (see :mod:`ctxgraph.models.corpora` and the model cards), holds out
20% of the val dialogues (by dialogue id) and scores on them, on SGD dev, and on SGD test (unseen
services: the domain-transfer figure; never trained or tuned on). Writes
``value_tagger.crfsuite`` and ``meta.json`` (labels, data, scores, the command) into ``--out``.

English: SGD train (``--sgd-share`` of its dialogues) + MultiWOZ val (train part).
Chinese: CrossWOZ val (train part) + ``--templates`` utterances from the CrossWOZ user
templates (``--crosswoz DIR``: a checkout of thu-coai/CrossWOZ) filled with database values.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

from . import MODEL_FILE, META_FILE
from . import _features as F
from .corpora import (Example, crosswoz_examples, crosswoz_template_examples, held_out, multiwoz_examples,
                      sgd_examples)


def featurize(ex: Example, lang: str) -> tuple[list, list[dict], list[str]]:
    toks = F.tokens(ex.text, lang)
    if lang == "zh":
        from .._nlp import jieba_pairs

        feats = F.zh_features(ex.text, toks, jieba_pairs(ex.text))
    else:
        feats = F.en_features(toks)
    return toks, feats, F.bio_tags(toks, ex.spans)


def score(pred: list[list[tuple]], gold: list[list[tuple]]) -> dict:
    """Exact span-and-label P/R/F1, overall and per label.

    >>> score([[(0, 1, "count"), (5, 9, "time")]], [[(0, 1, "count"), (5, 8, "time")]])["all"]
    {'p': 0.5, 'r': 0.5, 'f1': 0.5, 'n': 2}
    """
    tp, fp, fn = Counter(), Counter(), Counter()
    for p, g in zip(pred, gold):
        ps, gs = set(p), set(g)
        for s in ps & gs:
            tp[s[2]] += 1
        for s in ps - gs:
            fp[s[2]] += 1
        for s in gs - ps:
            fn[s[2]] += 1

    def prf(t: int, f_p: int, f_n: int) -> dict:
        p = t / (t + f_p) if t + f_p else 0.0
        r = t / (t + f_n) if t + f_n else 0.0
        return {"p": round(p, 3), "r": round(r, 3), "f1": round(2 * p * r / (p + r), 3) if p + r else 0.0,
                "n": t + f_n}

    out = {"all": prf(sum(tp.values()), sum(fp.values()), sum(fn.values()))}
    for label in sorted(set(tp) | set(fn) | set(fp)):
        out[label] = prf(tp[label], fp[label], fn[label])
    return out


def evaluate(model_path: Path, meta: dict, examples: list[Example], lang: str) -> dict:
    from . import ValueTagger

    tagger = ValueTagger(lang, str(model_path), meta)
    t0 = time.perf_counter()
    pred = [tagger(ex.text) for ex in examples]
    ms = (time.perf_counter() - t0) * 1000 / max(1, len(examples))
    gold = [[(s, e, label) for s, e, label in _snap(ex, lang)] for ex in examples]
    result = score(pred, gold)
    result["ms_per_message"] = round(ms, 3)
    result["messages"] = len(examples)
    return result


def _snap(ex: Example, lang: str) -> list[tuple[int, int, str]]:
    """The gold spans as the tagger can express them (snapped to its tokens)."""
    toks = F.tokens(ex.text, lang)
    return F.bio_spans(toks, F.bio_tags(toks, ex.spans))


def load(lang: str, args) -> tuple[list[Example], dict[str, list[Example]]]:
    """(training examples, {held-out set name: examples})."""
    data = Path(args.data)
    if lang == "en":
        mw = list(multiwoz_examples(data))
        train = [ex for ex in mw if not held_out(ex.dialogue)]
        evals = {"multiwoz-val-heldout": [ex for ex in mw if held_out(ex.dialogue)]}
        if args.sgd:  # without it: a model from MIT-licensed data only
            sgd = Path(args.sgd)
            train += list(sgd_examples(sgd, "train", args.sgd_share))
            evals["sgd-dev"] = list(sgd_examples(sgd, "dev", args.eval_share))
            evals["sgd-test (transfer)"] = list(sgd_examples(sgd, "test", args.eval_share))
    else:
        cw = list(crosswoz_examples(data))
        train = [ex for ex in cw if not held_out(ex.dialogue)]
        evals = {"crosswoz-val-heldout": [ex for ex in cw if held_out(ex.dialogue)]}
        if args.crosswoz and args.templates:
            path = Path(args.crosswoz) / "convlab2/nlg/template/crosswoz/manual_user_template_nlg.json"
            held = {ex.dialogue for ex in evals["crosswoz-val-heldout"]}
            train += list(crosswoz_template_examples(path.read_text(encoding="utf-8"), data, held, args.templates))
    return train, evals


_PLACES = {"--data": "DATA", "--sgd": "SGD_REPO", "--crosswoz": "CROSSWOZ_REPO"}


def _command(argv: list[str]) -> str:
    """The training command as run, with the folders of this machine named by role.

    >>> _command(["--lang", "en", "--data", "/home/me/data", "--out", "ctxgraph/models/en"])
    'python -m ctxgraph.models.train --lang en --data DATA --out ctxgraph/models/en'
    """
    out = list(argv)
    for i, arg in enumerate(out[:-1]):
        if arg in _PLACES:
            out[i + 1] = _PLACES[arg]
    return "python -m ctxgraph.models.train " + " ".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m ctxgraph.models.train", description=__doc__.split("\n")[0])
    ap.add_argument("--lang", required=True, choices=["en", "zh"])
    ap.add_argument("--data", required=True, help="folder with multiwoz/val.json.zip, crosswoz/{val,database}.json.zip")
    ap.add_argument("--sgd", help="a copy of google-research-datasets/dstc8-schema-guided-dialogue (en; "
                                  "without it, English learns from MultiWOZ alone)")
    ap.add_argument("--crosswoz", help="a copy of thu-coai/CrossWOZ, for its user templates (zh)")
    ap.add_argument("--out", required=True, help="folder for value_tagger.crfsuite and meta.json")
    ap.add_argument("--sgd-share", type=float, default=0.2, help="share of SGD train dialogues read")
    ap.add_argument("--eval-share", type=float, default=0.2, help="share of SGD dev/test dialogues scored")
    ap.add_argument("--templates", type=int, default=6000, help="template utterances made (zh)")
    ap.add_argument("--max-iterations", type=int, default=100)
    ap.add_argument("--c1", type=float, default=0.1, help="L1 weight (prunes features: a small model)")
    ap.add_argument("--c2", type=float, default=0.01, help="L2 weight")
    ap.add_argument("--min-freq", type=int, default=2, help="features seen fewer times are dropped")
    args = ap.parse_args(argv)
    import pycrfsuite

    t0 = time.perf_counter()
    train, evals = load(args.lang, args)
    print(f"read {len(train)} training utterances in {time.perf_counter() - t0:.0f} s; "
          + ", ".join(f"{k}: {len(v)}" for k, v in evals.items()), file=sys.stderr)
    label_counts = Counter(s[2] for ex in train for s in ex.spans)
    trainer = pycrfsuite.Trainer(verbose=False)
    for ex in train:
        _, feats, tags = featurize(ex, args.lang)
        if feats:
            trainer.append(feats, tags)
    trainer.set_params({"c1": args.c1, "c2": args.c2, "max_iterations": args.max_iterations,
                        "feature.minfreq": args.min_freq, "feature.possible_transitions": True})
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    model = out / MODEL_FILE
    t1 = time.perf_counter()
    trainer.train(str(model))
    train_s = time.perf_counter() - t1
    meta = {
        "name": f"ctxgraph value tagger ({args.lang})", "lang": args.lang, "kind": "crf (python-crfsuite, lbfgs)",
        "labels": sorted(label_counts), "label_counts": dict(label_counts.most_common()),
        "training_utterances": len(train), "training_seconds": round(train_s),
        "command": _command(argv if argv is not None else sys.argv[1:]),
        "size_bytes": model.stat().st_size, "max_tokens": 400,
    }
    meta["scores"] = {name: evaluate(model, meta, exs, args.lang) for name, exs in evals.items()}
    (out / META_FILE).write_text(json.dumps(meta, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(json.dumps({k: meta[k] for k in ("size_bytes", "training_seconds", "scores")}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
