"""What the training scripts of the learned clause readers share (``train_constraints``, ``train_promises``; the
open groups also ``train_values``).

A reader is a linear-chain CRF (python-crfsuite) over the clauses of a message, one label for the clauses
it reads (``R`` a rule, ``P`` a promise) and ``O`` for the rest. :class:`ReaderTraining` holds what differs
between readers (the label, the groups and probe sets trained on, how a chat becomes examples) and does the
rest: the examples of a group, training, marking, clause scores, leave-one-group-out and the command line.

Never imported at run time.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from ..bench._cs import SHIPPED_DATA, CsConversation, holds, load_cs

#: (fix32) the open cs groups the constraint and value readers were trained on, cs … cs_blind26 (the judges of that
#: round, cs_blind27 and later, were read by no trainer; the fact verifier's own list adds the groups opened since): the
#: constraint and value trainers read this one tuple (they held two copies of it); the promise trainer keeps its own
#: shorter list, the groups its shipped weights were trained on
OPEN_CS_GROUPS = ("cs", "cs_holdout", "cs_blind", *(f"cs_blind{n}" for n in range(2, 27)))
#: ``tests/data`` of a checkout, where the probe sets read as one more training group live
PROBES_DIR = Path(__file__).resolve().parents[2] / "tests" / "data"
PARAMS = {"c1": 0.0, "c2": 3.0, "max_iterations": 150, "feature.possible_transitions": True}

#: (features, labels, clause texts, message index) of one message
Example = tuple[list[dict], list[str], list[str], int]


def message_clauses(text: str) -> list[tuple[int, str]]:
    """The non-blank clauses of ``text`` with their offsets (the rule readers' ``clauses``)."""
    from ..extract.text import clauses

    return [(o, c) for o, c in clauses(text) if c.strip()]


def label_clauses(text: str, gold: list[str], seen: set[str], label: str) -> tuple[list[str], list[str]]:
    """The clauses of one message kept for training and their labels: ``label`` for the first clause holding
    a gold string, ``O`` for a clause holding none; a clause whose gold strings are all ``seen`` before (a
    restatement, a report, a lift) is left out. Adds the strings held to ``seen``."""
    kept, labels = [], []
    for _, c in message_clauses(text):
        held = [g for g in gold if holds(c, g)]
        if held and all(g in seen for g in held):
            continue
        seen.update(held)
        kept.append(c.strip())
        labels.append(label if held else "O")
    return kept, labels


def probe_message(item: Any, n: int) -> dict:
    """One message of a probe: "u: ..." / "a: ..." / "s: ..." (a system prompt), {call, args} or {tool} (``n``: its index in the probe)."""
    if isinstance(item, str):
        role, _, text = item.partition(": ")
        return {"role": {"u": "user", "a": "assistant", "s": "system"}[role], "content": text}
    if "call" in item:
        return {"role": "assistant", "content": None, "tool_calls": [{"id": f"c{n}", "type": "function", "function": {
            "name": item["call"], "arguments": json.dumps(item.get("args", {}), ensure_ascii=False)}}]}
    return {"role": "tool", "tool_call_id": f"c{n - 1}", "content": json.dumps(item["tool"], ensure_ascii=False)}


def train(examples, path: str | Path, params: dict | None = None) -> None:
    """Train a CRF on ``examples`` (features and labels first) and write it to ``path``."""
    import pycrfsuite

    trainer = pycrfsuite.Trainer(verbose=False)
    for feats, labels, *_ in examples:
        trainer.append(pycrfsuite.ItemSequence(feats), labels)
    trainer.set_params(params or PARAMS)
    trainer.train(str(path))


def marks(model_path: str | Path, examples, label: str) -> list[tuple[list[float], list[str], list[str]]]:
    """(P(``label``) of each clause, gold labels, clauses) for each example."""
    import pycrfsuite

    tagger = pycrfsuite.Tagger()
    tagger.open(str(model_path))
    out = []
    for feats, labels, texts, *_ in examples:
        tagger.set(pycrfsuite.ItemSequence(feats))
        out.append(([tagger.marginal(label, i) if label in tagger.labels() else 0.0 for i in range(len(feats))],
                    labels, texts))
    return out


def clause_scores(marked, threshold: float, label: str) -> dict[str, float]:
    """Clause counts and precision / recall of ``label`` at ``threshold`` over :func:`marks`' output."""
    tp = sum(p >= threshold and l == label for ps, ls, _ in marked for p, l in zip(ps, ls))
    fp = sum(p >= threshold and l == "O" for ps, ls, _ in marked for p, l in zip(ps, ls))
    fn = sum(p < threshold and l == label for ps, ls, _ in marked for p, l in zip(ps, ls))
    return {"tp": tp, "fp": fp, "fn": fn, "precision": round(tp / (tp + fp), 3) if tp + fp else 0.0,
            "recall": round(tp / (tp + fn), 3) if tp + fn else 0.0}


@dataclass(frozen=True)
class ReaderTraining:
    """One reader's training: ``name`` (``promise_reader``: the files written under ``<lang>/``), its
    ``label``, the meta key counting its clauses, the open cs ``groups`` and ``probe_sets`` trained on, how a
    chat becomes examples and a probe set becomes chats, and the name of its default threshold in
    :mod:`ctxgraph.models`."""

    name: str
    label: str
    count_key: str
    groups: tuple[str, ...]
    probe_sets: tuple[str, ...]
    conversation_examples: Callable[[CsConversation], list[Example]]
    probe_conversations: Callable[[str], list[CsConversation]]
    threshold_name: str

    def group_examples(self, group: str, lang: str) -> list[Example]:
        """The examples of an open cs group (``cs_blind7``) or of the probe sets (``probes``)."""
        convs = ([c for n in self.probe_sets for c in self.probe_conversations(n)] if group == "probes"
                 else load_cs(SHIPPED_DATA / group))
        return [ex for conv in convs if conv.lang == lang for ex in self.conversation_examples(conv)]

    def marks(self, model_path: str | Path, examples) -> list[tuple[list[float], list[str], list[str]]]:
        return marks(model_path, examples, self.label)

    def clause_scores(self, marked, threshold: float) -> dict[str, float]:
        return clause_scores(marked, threshold, self.label)

    def logo_marks(self, lang: str, groups: tuple[str, ...] | None = None) -> dict[str, list]:
        """Each group's clauses marked by a model trained on the other groups (and the probe sets)."""
        groups = self.groups if groups is None else groups
        data = {g: self.group_examples(g, lang) for g in (*groups, "probes")}
        out = {}
        with tempfile.TemporaryDirectory() as tmp:
            for g in groups:
                path = Path(tmp) / f"{g}.crfsuite"
                train([ex for h in data if h != g for ex in data[h]], path)
                out[g] = self.marks(path, data[g])  # (the probe sets train every fold)
        return out

    def main(self, argv: list[str] | None, *, prog: str, description: str, what: str) -> None:
        """The training command: write ``<out>/<lang>/<name>.{crfsuite,json}``, or with ``--logo`` print
        leave-one-group-out clause scores (``what``: what the threshold is a probability of)."""
        ap = argparse.ArgumentParser(prog=prog, description=description)
        ap.add_argument("--lang", choices=["en", "zh"], action="append")
        ap.add_argument("--logo", action="store_true", help="leave-one-group-out clause scores, no model written")
        ap.add_argument("--threshold", type=float, default=None, help=f"P({what}) a clause needs (default: the meta's)")
        ap.add_argument("--out", default=str(Path(__file__).parent), help="folder holding <lang>/ (default: the package)")
        args = ap.parse_args(argv)
        default = getattr(importlib.import_module(__package__), self.threshold_name)
        threshold = default if args.threshold is None else args.threshold
        for lang in args.lang or ["en", "zh"]:
            if args.logo:
                for g, marked in self.logo_marks(lang).items():
                    print(lang, g, json.dumps(self.clause_scores(marked, threshold)))
                continue
            examples = [ex for g in (*self.groups, "probes") for ex in self.group_examples(g, lang)]
            folder = Path(args.out) / lang
            folder.mkdir(parents=True, exist_ok=True)
            train(examples, folder / f"{self.name}.crfsuite")
            meta = {"lang": lang, "groups": list(self.groups), "probe_sets": list(self.probe_sets),
                    "messages": len(examples), "clauses": sum(len(ls) for _, ls, *_ in examples),
                    self.count_key: sum(l == self.label for _, ls, *_ in examples for l in ls),
                    "threshold": threshold, "params": PARAMS}
            (folder / f"{self.name}.json").write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
            print(lang, json.dumps(meta), file=sys.stderr)
