"""Train the learned value reader: ``python -m ctxgraph.models.train_values``.

The training data are the user messages of the open annotated chat sets shipped with the bench
(``ctxgraph/bench/data/<group>``). Each chat is replayed through the rule pipeline (the reader off)
and each user message's inputs are recorded where the step ``learned_values`` reads them (the
assistant's message before, the entity mentions, the rule readers' values, the asking clauses), so
training sees what the step sees. A token is in a value (``B`` / ``I``) when it lies in an
occurrence of a gold ``current`` or ``not_current`` value in the message (a value the user gave and
later changed was a value when it was said: the features cannot see the future, and the fact it
makes is superseded by the later one), or of an ``also_ok`` value with ``--also-ok``; every other
token is ``O``. A linear-chain CRF (python-crfsuite) reads the tokens with
:func:`~ctxgraph.models._value_features.message_features`; words outside the lexicon (words found
in at least ``--min-groups`` training groups) keep only their shape.

``--logo`` validates leave-one-group-out through the real pipeline: for each group, a model trained on
the others is put in the step and the group is replayed; the script prints, per group and threshold,
recall / precision / wrong of the rules alone and of rules + model. It writes no model.

Never imported at run time (the reader is :func:`ctxgraph.models.load_value_reader`).
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
import tempfile
from pathlib import Path
from unittest import mock

from ..bench._cs import SHIPPED_DATA, CsConversation, _edge_ok, load_cs, score_state, summarise
from ._training import OPEN_CS_GROUPS
from ._value_features import lexicon, lexicon_words, message_features, restrict

#: the open groups, cs .. cs_blind26 (the judge groups, cs_blind27 and later, are never read here): the one tuple the
#: constraint trainer reads too (fix32)
OPEN_GROUPS = OPEN_CS_GROUPS
#: the ten groups the first reader (vals9) was trained and validated on
VALS9_GROUPS = OPEN_GROUPS[:10]
PARAMS = {"c1": 0.05, "c2": 1.0, "max_iterations": 150, "feature.possible_transitions": True}
MIN_GROUPS = 3


def occurrences(text: str, value: str) -> list[tuple[int, int]]:
    """Where ``value`` stands in ``text`` by the bench's rule (any case, no digit or short word cut at its edges).

    >>> occurrences("Room 110, room 11", "11")
    [(15, 17)]
    """
    import re

    needle, hay = value.strip().casefold(), text.casefold()
    if not needle:
        return []
    head = re.match(r"\d|[a-z]+", needle)
    tail = re.search(r"(?:\d|[a-z]+)$", needle)
    out, start = [], hay.find(needle)
    while start != -1:
        end = start + len(needle)
        if (not head or _edge_ok(hay, start - 1, head.group(0))) and (not tail or _edge_ok(hay, end, tail.group(0))):
            out.append((start, end))
        start = hay.find(needle, start + 1)
    return out


def labels(toks, text: str, values) -> list[str]:
    """B / I / O of each token for the gold ``values`` (longer values first; a token in two is in the first)."""
    tags = ["O"] * len(toks)
    spans = sorted({sp for v in values for sp in occurrences(text, v)}, key=lambda s: (-(s[1] - s[0]), s[0]))
    for start, end in spans:
        idx = [i for i, (s, e, _) in enumerate(toks) if s < end and start < e]
        if not idx or any(tags[i] != "O" for i in idx):
            continue
        tags[idx[0]] = "B"
        for i in idx[1:]:
            tags[i] = "I"
    return tags


def record(convs: list[CsConversation]) -> tuple[list[dict], list[dict]]:
    """Replay ``convs`` through the rule pipeline (the reader off); (one record per user message:
    conversation id, lang, text, the step's inputs; the end state's scores of each chat)."""
    from ..bench._cs import replay
    from ..extract import DEFAULT_STEPS, STEPS, step, with_step
    from ..extract.learned_values import value_context

    rows: list[dict] = []
    current: dict = {}

    def recorder(ctx):
        rows.append({"conv": current["id"], "lang": ctx.profile.code, "text": ctx.text, **value_context(ctx)})
        return []

    step("_value_recorder", roles=("user",))(recorder)
    steps = [("_value_recorder" if s == "learned_values" else s) for s in with_step(DEFAULT_STEPS, "learned_values")]
    scores = []
    try:
        for conv in convs:
            current["id"] = conv.id
            scores.append(score_state(conv, replay(conv, steps=steps)))
    finally:
        STEPS.pop("_value_recorder", None)
    return rows, scores


def examples(rows: list[dict], convs: list[CsConversation], *, also_ok: bool = False) -> list[tuple]:
    """(tokens, raw features, labels, text) of each recorded user message."""
    gold = {c.id: c.gold.get("current", []) + c.gold.get("not_current", []) + (c.gold.get("also_ok", []) if also_ok else [])
            for c in convs}
    out = []
    for r in rows:
        toks, feats = message_features(r["text"], r["lang"], r["previous"], mentions=r["mentions"], facts=r["facts"],
                                       asked=r["asked"])
        if toks:
            out.append((toks, feats, labels(toks, r["text"], gold[r["conv"]]), r["text"]))
    return out


def train(exs, lex, path: str | Path, params: dict | None = None) -> None:
    import pycrfsuite

    trainer = pycrfsuite.Trainer(verbose=False)
    for _, feats, tags, _ in exs:
        trainer.append(pycrfsuite.ItemSequence([restrict(f, lex) for f in feats]), tags)
    trainer.set_params(params or PARAMS)
    trainer.train(str(path))


def _group_data(lang: str, cache: Path | None, also_ok: bool, groups=OPEN_GROUPS) -> dict[str, dict]:
    """Per open group of ``groups``: its chats of ``lang``, recorded rows, examples and the rules' scores (each
    group cached in ``cache`` as ``values_<lang>_<group>.pkl``, so a longer list of groups reuses the replays)."""
    data = {}
    for g in groups:
        path = cache / f"values_{lang}_{g}.pkl" if cache else None
        if path and path.is_file():
            data[g] = pickle.loads(path.read_bytes())
            continue
        convs = [c for c in load_cs(SHIPPED_DATA / g) if c.lang == lang]
        rows, scores = record(convs)
        data[g] = {"convs": convs, "rows": rows, "rules": scores}
        if path:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(pickle.dumps(data[g]))
    for d in data.values():
        d["examples"] = examples(d["rows"], d["convs"], also_ok=also_ok)
    return data


def fit(data: dict[str, dict], groups, path: Path, min_groups: int = MIN_GROUPS, params: dict | None = None) -> frozenset[str]:
    lex = lexicon([[lexicon_words(ex[1]) for ex in data[g]["examples"]] for g in groups], min_groups)
    train([ex for g in groups for ex in data[g]["examples"]], lex, path, params)
    return lex


def replay_with(convs, reader) -> list[dict]:
    """Scores of ``convs`` replayed with ``reader`` in the step ``learned_values``."""
    from ..bench._cs import replay
    from ..extract import DEFAULT_STEPS, with_step

    steps = with_step(DEFAULT_STEPS, "learned_values")  # the step is optional (off by default)
    with mock.patch("ctxgraph.extract.learned_values.load_value_reader", lambda lang: reader):
        return [score_state(c, replay(c, steps=steps)) for c in convs]


def _line(s: dict) -> str:
    return (f"recall {s['current_found']}/{s['current_total']} precision {s['facts_supported']}/{s['facts']} "
            f"wrong {s['wrong']}")


def logo(lang: str, thresholds, cache: Path | None, also_ok: bool, min_groups: int, *, params=None, groups=OPEN_GROUPS,
         folds=None):
    """Leave-one-group-out over ``folds`` (default: every group of ``groups``), each model trained on the other
    groups of ``groups``."""
    from . import ValueReader

    data = _group_data(lang, cache, also_ok, groups)
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for g in folds or groups:
            path = Path(tmp) / f"{g}.crfsuite"
            lex = fit(data, [h for h in groups if h != g], path, min_groups, params)
            rules = summarise(data[g]["rules"], lang)
            out[g] = {"rules": rules}
            print(lang, g, "rules", _line(rules), flush=True)
            for t in thresholds:
                reader = ValueReader(lang, str(path), {"threshold": t, "lexicon": sorted(lex)})
                scores = replay_with(data[g]["convs"], reader)
                out[g][t] = summarise(scores, lang)
                out[g][f"{t}_errors"] = [(s["id"], s["unsupported"], s["wrong"]) for s in scores]
                print(lang, g, t, _line(out[g][t]), flush=True)
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m ctxgraph.models.train_values", description=__doc__.split("\n")[0])
    ap.add_argument("--lang", choices=["en", "zh"], action="append")
    ap.add_argument("--logo", action="store_true", help="leave-one-group-out through the pipeline, no model written")
    ap.add_argument("--thresholds", default="0.5,0.7,0.9", help="P(value) thresholds the --logo curve tries")
    ap.add_argument("--threshold", type=float, default=None, help="P(value) the shipped model needs (default: the package's)")
    ap.add_argument("--also-ok", action="store_true", help="label the also_ok values as values too")
    ap.add_argument("--min-groups", type=int, default=MIN_GROUPS)
    ap.add_argument("--groups", default=None, help="comma-separated open groups to train on (default: all open; "
                    "'vals9': the first reader's ten)")
    ap.add_argument("--folds", default=None, help="--logo: comma-separated groups to hold out (default: every group)")
    ap.add_argument("--cache", default=None, help="folder to keep the recorded replays in (reruns skip the replay)")
    ap.add_argument("--dump", default=None, help="--logo: write the per-group figures and errors to this JSON file")
    ap.add_argument("--out", default=str(Path(__file__).parent), help="folder holding <lang>/ (default: the package)")
    args = ap.parse_args(argv)
    from . import VALUE_THRESHOLD

    cache = Path(args.cache) if args.cache else None
    groups = (VALS9_GROUPS if args.groups == "vals9" else tuple(args.groups.split(",")) if args.groups else OPEN_GROUPS)
    if not set(groups) <= set(OPEN_GROUPS):
        ap.error(f"not open groups: {sorted(set(groups) - set(OPEN_GROUPS))}")
    folds = tuple(args.folds.split(",")) if args.folds else None
    if folds and not set(folds) <= set(groups):  # (fix32) else a KeyError after every replay
        ap.error(f"--folds not among --groups: {sorted(set(folds) - set(groups))}")
    dump = {}
    for lang in args.lang or ["en", "zh"]:
        if args.logo:
            dump[lang] = logo(lang, [float(t) for t in args.thresholds.split(",")], cache, args.also_ok, args.min_groups,
                              groups=groups, folds=folds)
            continue
        data = _group_data(lang, cache, args.also_ok, groups)
        folder = Path(args.out) / lang
        folder.mkdir(parents=True, exist_ok=True)
        lex = fit(data, groups, folder / "value_reader.crfsuite", args.min_groups)
        exs = [ex for g in groups for ex in data[g]["examples"]]
        meta = {"lang": lang, "groups": list(groups), "messages": len(exs),
                "tokens": sum(len(ex[2]) for ex in exs), "value_tokens": sum(t != "O" for ex in exs for t in ex[2]),
                "threshold": VALUE_THRESHOLD if args.threshold is None else args.threshold, "params": PARAMS,
                "min_groups": args.min_groups, "also_ok": args.also_ok, "lexicon": sorted(lex)}
        (folder / "value_reader.json").write_text(json.dumps(meta, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
        print(lang, json.dumps({k: v for k, v in meta.items() if k != "lexicon"}), len(lex), file=sys.stderr)
    if args.dump:
        Path(args.dump).write_text(json.dumps(dump, ensure_ascii=False, indent=1, default=str), encoding="utf-8")


if __name__ == "__main__":
    main()
