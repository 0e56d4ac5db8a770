"""How the value tagger's model was chosen: ``python -m ctxgraph.models.compare --data DATA --model crf|spacy``.

Trains one candidate on the MultiWOZ val split's training part (80% of the dialogues by a
stable hash of the id) and scores it on the held-out 20% (exact span and label), the same data
for both: a CRF over :mod:`ctxgraph.models._features`, or spaCy's NER on a blank English
pipeline (its default CNN tok2vec). Prints one JSON line (scores, size, training seconds,
mean milliseconds per message). Training side only.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path

from . import _features as F
from .corpora import Example, held_out, multiwoz_examples
from .train import _snap, featurize, score


def _crf(train: list[Example], test: list[Example], folder: Path) -> tuple[list, float, int]:
    import pycrfsuite

    trainer = pycrfsuite.Trainer(verbose=False)
    for ex in train:
        _, feats, tags = featurize(ex, "en")
        if feats:
            trainer.append(feats, tags)
    trainer.set_params({"c1": 0.1, "c2": 0.01, "max_iterations": 60, "feature.minfreq": 2,
                        "feature.possible_transitions": True})
    t0 = time.perf_counter()
    trainer.train(str(folder / "crf.model"))
    seconds = time.perf_counter() - t0
    tagger = pycrfsuite.Tagger()
    tagger.open(str(folder / "crf.model"))
    pred = []
    for ex in test:
        toks = F.tokens(ex.text, "en")
        pred.append(F.bio_spans(toks, tagger.tag(F.en_features(toks))) if toks else [])
    return pred, seconds, (folder / "crf.model").stat().st_size


def _spacy_examples(nlp, train: list[Example]) -> list:
    from spacy.training import Example as SpacyExample

    out = []
    for ex in train:
        doc = nlp.make_doc(ex.text)
        spans = [doc.char_span(s, e, label=label, alignment_mode="expand") for s, e, label in _snap(ex, "en")]
        kept, last = [], -1
        for sp in sorted((sp for sp in spans if sp is not None), key=lambda sp: sp.start):
            if sp.start >= last:
                kept.append(sp)
                last = sp.end
        out.append(SpacyExample.from_dict(doc, {"entities": [(sp.start_char, sp.end_char, sp.label_) for sp in kept]}))
    return out


def _spacy(train: list[Example], test: list[Example], folder: Path, epochs: int) -> tuple[list, float, int]:
    import spacy

    nlp = spacy.blank("en")
    ner = nlp.add_pipe("ner")
    examples = _spacy_examples(nlp, train)
    for label in sorted({ent.label_ for ex in examples for ent in ex.reference.ents}):
        ner.add_label(label)
    optimizer = nlp.initialize(lambda: examples)
    t0 = time.perf_counter()
    for epoch in range(epochs):
        random.Random(epoch).shuffle(examples)
        for batch in spacy.util.minibatch(examples, size=64):
            nlp.update(batch, sgd=optimizer, drop=0.1)
    seconds = time.perf_counter() - t0
    pred = [[(e.start_char, e.end_char, e.label_) for e in nlp(ex.text).ents] for ex in test]
    nlp.to_disk(folder / "ner")
    return pred, seconds, sum(p.stat().st_size for p in (folder / "ner").rglob("*") if p.is_file())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m ctxgraph.models.compare", description=__doc__.split("\n")[0])
    ap.add_argument("--data", required=True, help="folder with multiwoz/val.json.zip")
    ap.add_argument("--model", required=True, choices=["crf", "spacy"])
    ap.add_argument("--epochs", type=int, default=2, help="spaCy training epochs")
    args = ap.parse_args(argv)
    examples = list(multiwoz_examples(Path(args.data)))
    train = [ex for ex in examples if not held_out(ex.dialogue)]
    test = [ex for ex in examples if held_out(ex.dialogue)]
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        pred, seconds, size = (_crf(train, test, Path(tmp)) if args.model == "crf"
                               else _spacy(train, test, Path(tmp), args.epochs))
        total = time.perf_counter() - t0 - seconds
    result = {"model": args.model, "train_s": round(seconds), "bytes": size,
              "ms_per_message_incl_scoring_setup": round(total * 1000 / len(test), 3),
              "scores": score(pred, [_snap(ex, "en") for ex in test])}
    json.dump(result, sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
