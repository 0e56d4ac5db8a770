"""Train the promise verifier: ``python -m ctxgraph.models.train_promise_verifier`` (issue 19, model33c).

The training data are the promises the rule readers themselves make on the open annotated chat sets shipped with the
bench (``ctxgraph/bench/data/<group>``): each chat is replayed through the pipeline (without the verifier), every
promise a rule reader made (the units of the step ``commitments``) is recorded with the clauses it spans, and labelled
by the chat's final state as the bench scores it (:func:`~ctxgraph.bench._cs.score_state`): ``K`` when its text holds a
gold commitment string, ``M`` (made up) when it holds none; a unit whose text did not reach the state is left out. A
maximum-entropy model (python-crfsuite over one-item sequences, L2 3.0 as the readers) reads
:func:`~ctxgraph.models._promise_features.unit_features` (structure only).

``--logo`` validates leave-one-group-out: each group's promises scored by a model trained on the other groups, and for
each threshold the right promises lost and the unlisted ones removed when the state drops the promises under it
(summed over the held-out groups, the worst group, and the two least tuned-on groups); writes nothing.

Never imported at run time (the verifier is :func:`ctxgraph.models.load_promise_verifier`).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from ._training import OPEN_CS_GROUPS

#: the open cs groups (cs … cs_blind27; the judge groups, cs_blind28 and later, are never read here)
GROUPS = (*OPEN_CS_GROUPS, "cs_blind27")
PARAMS = {"c1": 0.0, "c2": 3.0, "max_iterations": 200}
THRESHOLDS = (0.05, 0.1, 0.15, 0.2, 0.25, 0.3)

_RECORDS: list[dict] = []


def _register_recorder() -> str:
    """Register (once) a step that records the rule readers' promises of each assistant message; its name."""
    from .._units import CommitmentUnit
    from ..extract.learned import reader_for
    from ..extract.learned_promises import _after_tool, _user_before
    from ..extract.promises import _addressed
    from ..extract.registry import STEPS, step
    from ..extract.text import clauses
    from ..extract.verify_promises import linked_clauses

    name = "_promise_verifier_record"
    if name in STEPS:
        return name

    @step(name, roles=("assistant",))
    def record(ctx):
        made = ctx.units_of(CommitmentUnit)
        if made and reader_for(ctx, lambda lang: True) is not None:
            parts = clauses(ctx.text)
            _RECORDS.append({"clauses": [_addressed(ctx, c.strip()) for _, c in parts], "user": _user_before(ctx),
                             "tool_call": bool(ctx.message.tool_calls), "after_tool": _after_tool(ctx),
                             "units": [(u.text, u.status, linked_clauses(ctx.text, parts, u.text)) for u in made]})
        return []

    return name


def chat_units(conv) -> tuple[list[tuple[str, dict, str | None, str]], dict]:
    """(text, features, label, status) of each promise the rule readers made in ``conv`` (open or reported done; the
    verifier learns from both and judges the open ones) and the chat as :func:`dropped_score` needs it."""
    from ..bench._cs import replay, score_state
    from ..extract.registry import DEFAULT_STEPS
    from ._promise_features import promise_features, unit_features

    steps = [s for s in DEFAULT_STEPS if s != "verify_promises"]
    steps.insert(steps.index("commitments") + 1, _register_recorder())
    _RECORDS.clear()
    state = replay(conv, steps=steps)
    score = score_state(conv, state)
    items = {str(c.get("text", "")) for c in state.get("commitments", [])}
    unlisted = set(score["commitments_unlisted"])
    out = []
    for rec in _RECORDS:
        feats = promise_features(rec["clauses"], conv.lang, rec["user"], tool_call=rec["tool_call"],
                                 after_tool=rec["after_tool"])
        for text, status, linked in rec["units"]:
            if linked:
                label = ("M" if text in unlisted else "K") if text in items else None
                out.append((text, unit_features(feats, linked, status), label, status))
    return out, {"gold": conv.gold, "lang": conv.lang, "id": conv.id, "commitments": state.get("commitments", [])}


def group_units(group: str, lang: str) -> list[tuple[list, dict]]:
    """Each chat of ``group`` in ``lang``: its units and its state (see :func:`chat_units`)."""
    from ..bench._cs import SHIPPED_DATA, load_cs

    return [chat_units(conv) for conv in load_cs(SHIPPED_DATA / group) if conv.lang == lang]


def train(units, path: str | Path) -> None:
    """Train the verifier on labelled ``units`` ((text, features, label, status)) and write it to ``path``."""
    import pycrfsuite

    trainer = pycrfsuite.Trainer(verbose=False)
    for _, f, label, _ in units:
        if label:
            trainer.append(pycrfsuite.ItemSequence([f]), [label])
    trainer.set_params(PARAMS)
    trainer.train(str(path))


def dropped_score(chat: dict, probs: dict[str, float], threshold: float) -> tuple[int, int]:
    """(right, unlisted) commitments of a chat's state once the promises whose P(kept) is under ``threshold`` are dropped."""
    from ..bench._cs import CsConversation, score_state

    kept = [c for c in chat["commitments"] if probs.get(str(c.get("text", "")), 1.0) >= threshold]
    s = score_state(CsConversation(chat["id"], chat["lang"], [], chat["gold"]), {"commitments": kept})
    return s["commitments"][0], len(s["commitments_unlisted"])


def logo(lang: str, groups=GROUPS) -> dict[str, list[tuple[dict, dict[str, float]]]]:
    """Each group's chats with the P(kept) of their open promises under a model trained on the other groups (a text made
    open and also reported done keeps the largest)."""
    import pycrfsuite

    data = {g: group_units(g, lang) for g in groups}
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for g in groups:
            path = Path(tmp) / f"{g}.crfsuite"
            train([u for h in groups if h != g for units, _ in data[h] for u in units], path)
            tagger = pycrfsuite.Tagger()
            tagger.open(str(path))
            rows = []
            for units, chat in data[g]:
                probs: dict[str, float] = {}
                for text, f, _, status in units:
                    if status != "open":
                        probs[text] = 1.0  # (a deed reported done is not judged at run time)
                        continue
                    tagger.set(pycrfsuite.ItemSequence([f]))
                    probs[text] = max(probs.get(text, 0.0), tagger.marginal("K", 0))
                rows.append((chat, probs))
            out[g] = rows
    return out


def curve(marked: dict[str, list], thresholds=THRESHOLDS) -> list[dict]:
    """Per threshold: right promises lost and unlisted removed, summed over the held-out groups, with the worst group."""
    rows = []
    for t in thresholds:
        lost, removed, worst = 0, 0, 0
        for chats in marked.values():
            g_lost = 0
            for chat, probs in chats:
                r0, u0 = dropped_score(chat, probs, 0.0)
                r1, u1 = dropped_score(chat, probs, t)
                g_lost += r0 - r1
                removed += u0 - u1
            lost += g_lost
            worst = max(worst, g_lost)
        rows.append({"threshold": t, "right_lost": lost, "unlisted_removed": removed, "worst_group_lost": worst})
    return rows


def main(argv: list[str] | None = None) -> None:
    from . import PROMISE_VERIFY_THRESHOLD

    ap = argparse.ArgumentParser(prog="python -m ctxgraph.models.train_promise_verifier", description=__doc__.split("\n")[0])
    ap.add_argument("--lang", choices=["en", "zh"], action="append")
    ap.add_argument("--logo", action="store_true", help="leave-one-group-out curve, no model written")
    ap.add_argument("--threshold", type=float, default=PROMISE_VERIFY_THRESHOLD)
    ap.add_argument("--out", default=str(Path(__file__).parent), help="folder holding <lang>/ (default: the package)")
    args = ap.parse_args(argv)
    for lang in args.lang or ["en", "zh"]:
        if args.logo:
            for row in curve(logo(lang)):
                print(lang, json.dumps(row))
            continue
        units = [u for g in GROUPS for chat_u, _ in group_units(g, lang) for u in chat_u]
        folder = Path(args.out) / lang
        folder.mkdir(parents=True, exist_ok=True)
        train(units, folder / "promise_verifier.crfsuite")
        meta = {"lang": lang, "groups": list(GROUPS), "units": sum(1 for u in units if u[2]),
                "made_up": sum(1 for u in units if u[2] == "M"), "threshold": args.threshold, "params": PARAMS}
        (folder / "promise_verifier.json").write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
        print(lang, json.dumps(meta), file=sys.stderr)


if __name__ == "__main__":
    main()
