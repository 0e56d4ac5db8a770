"""Train the learned promise reader: ``python -m ctxgraph.models.train_promises`` (issue 19, prom9).

The training data are the assistant messages of the open annotated chat sets shipped with the bench
(``ctxgraph/bench/data/<group>``) and the earlier promise probe sets: each assistant message is cut
into clauses (the rule readers' ``clauses``); the first clause of a chat that holds a gold promise
string (``commitments_open`` or ``commitments_done``, the bench's :func:`~ctxgraph.bench._cs.holds`)
is a promise (``P``), a later clause holding the same string (its report, a restatement) is left
out, every other clause is ``O``. A linear-chain CRF (python-crfsuite) reads the clauses of a message
in order with :func:`~ctxgraph.models._promise_features.promise_features` (structure only).

``--logo`` validates leave-one-group-out: for each group, a model trained on the others marks that
group's clauses; the script prints clause precision / recall per group. prom9's own probe set is the
new-domain check and is never trained on.

Never imported at run time (the reader is :func:`ctxgraph.models.load_promise_reader`).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from ..bench._cs import SHIPPED_DATA, CsConversation, holds, load_cs
from ._promise_features import promise_features

#: the open groups (the judge groups, cs_blind9 and later, are never read here)
OPEN_GROUPS = ("cs", "cs_holdout", "cs_blind", "cs_blind2", "cs_blind3", "cs_blind4", "cs_blind5", "cs_blind6",
               "cs_blind7", "cs_blind8")
#: probe sets of earlier promise rounds (``tests/data/probes_<name>.yml`` of a checkout), read as one more
#: training group; prom9's own probe set is the new-domain check, never trained on
PROBE_SETS = ("prom7", "prom7b", "prom8", "prom8b", "prom8c")
PROBES_DIR = Path(__file__).resolve().parents[2] / "tests" / "data"
PARAMS = {"c1": 0.0, "c2": 3.0, "max_iterations": 150, "feature.possible_transitions": True}


def message_clauses(text: str) -> list[tuple[int, str]]:
    from ..extract.text import clauses

    return [(o, c) for o, c in clauses(text) if c.strip()]


def conversation_examples(conv: CsConversation) -> list[tuple[list[dict], list[str], list[str], int]]:
    """(features, labels, clause texts, message index) for each assistant message of ``conv`` (see the module doc)."""
    gold = [g for name in ("commitments_open", "commitments_done") for g in conv.gold.get(name, [])]
    seen: set[str] = set()
    user, after_tool, out = "", False, []
    for index, m in enumerate(conv.messages):
        text = m.get("content") if isinstance(m.get("content"), str) else ""
        role = m.get("role")
        if role == "user":
            user = text
        if role != "assistant" or not text.strip():
            after_tool = role == "tool" or (after_tool and role == "assistant")
            continue
        kept, labels = [], []
        for _, c in message_clauses(text):
            held = [g for g in gold if holds(c, g)]
            if held and all(g in seen for g in held):
                continue  # a report or a restatement of a promise already made: neither P nor O
            seen.update(held)
            kept.append(c.strip())
            labels.append("P" if held else "O")
        if kept:
            feats = promise_features(kept, conv.lang, user, tool_call=bool(m.get("tool_calls")), after_tool=after_tool)
            out.append((feats, labels, kept, index))
        after_tool = False
    return out


def _probe_message(item, n: int) -> dict:
    if isinstance(item, str):
        role, _, text = item.partition(": ")
        return {"role": {"u": "user", "a": "assistant"}[role], "content": text}
    if "call" in item:
        return {"role": "assistant", "content": None, "tool_calls": [{"id": f"c{n}", "type": "function", "function": {
            "name": item["call"], "arguments": json.dumps(item.get("args", {}), ensure_ascii=False)}}]}
    return {"role": "tool", "tool_call_id": f"c{n - 1}", "content": json.dumps(item["tool"], ensure_ascii=False)}


def probe_conversations(name: str) -> list[CsConversation]:
    """The exchanges of ``tests/data/probes_<name>.yml`` as chats; none when the checkout's tests are not there."""
    import yaml

    path = PROBES_DIR / f"probes_{name}.yml"
    if not path.is_file():
        return []
    out = []
    for p in yaml.safe_load(path.read_text(encoding="utf-8")):
        messages = [_probe_message(m, n) for n, m in enumerate(p["messages"])]
        gold = {k: p.get(k, []) for k in ("commitments_open", "commitments_done")}
        out.append(CsConversation(p["id"], p["lang"], messages, gold))
    return out


def group_examples(group: str, lang: str) -> list[tuple[list[dict], list[str], list[str], int]]:
    """The examples of an open cs group (``cs_blind7``) or of the probe sets (``probes``: :data:`PROBE_SETS`)."""
    convs = [c for n in PROBE_SETS for c in probe_conversations(n)] if group == "probes" else load_cs(SHIPPED_DATA / group)
    return [ex for conv in convs if conv.lang == lang for ex in conversation_examples(conv)]


def train(examples, path: str | Path, params: dict | None = None) -> None:
    import pycrfsuite

    trainer = pycrfsuite.Trainer(verbose=False)
    for feats, labels, *_ in examples:
        trainer.append(pycrfsuite.ItemSequence(feats), labels)
    trainer.set_params(params or PARAMS)
    trainer.train(str(path))


def marks(model_path: str | Path, examples) -> list[tuple[list[float], list[str], list[str]]]:
    """(P(promise) of each clause, gold labels, clauses) for each example."""
    import pycrfsuite

    tagger = pycrfsuite.Tagger()
    tagger.open(str(model_path))
    out = []
    for feats, labels, texts, *_ in examples:
        tagger.set(pycrfsuite.ItemSequence(feats))
        out.append(([tagger.marginal("P", i) if "P" in tagger.labels() else 0.0 for i in range(len(feats))], labels, texts))
    return out


def clause_scores(marked, threshold: float) -> dict[str, float]:
    tp = sum(p >= threshold and l == "P" for ps, ls, _ in marked for p, l in zip(ps, ls))
    fp = sum(p >= threshold and l == "O" for ps, ls, _ in marked for p, l in zip(ps, ls))
    fn = sum(p < threshold and l == "P" for ps, ls, _ in marked for p, l in zip(ps, ls))
    return {"tp": tp, "fp": fp, "fn": fn, "precision": round(tp / (tp + fp), 3) if tp + fp else 0.0,
            "recall": round(tp / (tp + fn), 3) if tp + fn else 0.0}


def logo_marks(lang: str, groups=OPEN_GROUPS) -> dict[str, list]:
    """Each group's clauses marked by a model trained on the other groups (and the probe sets)."""
    data = {g: group_examples(g, lang) for g in (*groups, "probes")}
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for g in groups:
            path = Path(tmp) / f"{g}.crfsuite"
            train([ex for h in data if h != g for ex in data[h]], path)
            out[g] = marks(path, data[g])  # (the probe sets train every fold)
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m ctxgraph.models.train_promises", description=__doc__.split("\n")[0])
    ap.add_argument("--lang", choices=["en", "zh"], action="append")
    ap.add_argument("--logo", action="store_true", help="leave-one-group-out clause scores, no model written")
    ap.add_argument("--threshold", type=float, default=None, help="P(promise) a clause needs (default: the meta's)")
    ap.add_argument("--out", default=str(Path(__file__).parent), help="folder holding <lang>/ (default: the package)")
    args = ap.parse_args(argv)
    from . import PROMISE_THRESHOLD

    threshold = PROMISE_THRESHOLD if args.threshold is None else args.threshold
    for lang in args.lang or ["en", "zh"]:
        if args.logo:
            for g, marked in logo_marks(lang).items():
                print(lang, g, json.dumps(clause_scores(marked, threshold)))
            continue
        examples = [ex for g in (*OPEN_GROUPS, "probes") for ex in group_examples(g, lang)]
        folder = Path(args.out) / lang
        folder.mkdir(parents=True, exist_ok=True)
        train(examples, folder / "promise_reader.crfsuite")
        n_promises = sum(l == "P" for _, ls, *_ in examples for l in ls)
        meta = {"lang": lang, "groups": list(OPEN_GROUPS), "probe_sets": list(PROBE_SETS), "messages": len(examples),
                "clauses": sum(len(ls) for _, ls, *_ in examples), "promise_clauses": n_promises,
                "threshold": threshold, "params": PARAMS}
        (folder / "promise_reader.json").write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
        print(lang, json.dumps(meta), file=sys.stderr)


if __name__ == "__main__":
    main()
