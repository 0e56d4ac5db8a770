"""The value tagger against the rules, on dialogues neither was trained on:
``python -m ctxgraph.models.evaluate --lang en --data DIR [--sgd DIR] [--dialogues N]``.

For every user message of held-out dialogues (MultiWOZ / CrossWOZ val held-out part, SGD
test for English), the gold values are the corpus's spans (mapped as in
:mod:`ctxgraph.models.corpora`). "Rules" are what the current extractor makes of that
message while a :class:`~ctxgraph.Tracker` reads the whole dialogue (entity texts and fact
values of the message's units); "tagger" are the tagger's spans. One matching for both: a gold
value is found when a found text holds it, or is held by it and is at least half its length
(case-insensitive). Recall = gold values found / gold values; precision = found texts that
match a gold value / found texts (the corpora do not annotate every value, e.g. phone
numbers and ids: precision is a lower bound for both).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .corpora import Example, crosswoz_examples, held_out, multiwoz_examples, sgd_examples


def _match(found: str, gold: str) -> bool:
    """>>> _match("7 pm on Friday", "Friday"), _match("Fr", "Friday"), _match("Frida", "Friday")
    (True, False, True)
    """
    f, g = found.casefold().strip(), gold.casefold().strip()
    return bool(f and g) and (g in f or (f in g and 2 * len(f) >= len(g)))


def _rules_found(units) -> list[str]:
    out = []
    for u in units:
        kind = type(u).__name__
        if kind == "EntityUnit":
            out.append(u.text)
        elif kind == "FactUnit" and isinstance(u.value, str):
            out.append(u.value)
    return out


def compare(dialogues: list[list[Example]], lang: str, *, blank: bool = False, packs: tuple[str, ...] = ()) -> dict:
    from .._tracker import Tracker
    from . import load_value_tagger

    tagger = load_value_tagger(lang)
    tally = {k: [0, 0, 0] for k in ("rules", "tagger", "rules+tagger")}  # found gold, matching found, found
    gold_n = 0
    for dlg in dialogues:
        t = Tracker(lang=lang, packs=list(packs), **({"en_models": ()} if blank else {}))
        for ex in dlg:
            role = "user" if ex.speaker == "user" else "assistant"
            units = t.observe({"role": role, "content": ex.text})
            if role != "user":
                continue
            gold = [ex.text[s:e] for s, e, _ in ex.spans]
            rules = _rules_found(units)
            tags = [ex.text[s:e] for s, e, _ in tagger(ex.text)] if tagger else []
            gold_n += len(gold)
            for name, found in (("rules", rules), ("tagger", tags), ("rules+tagger", rules + tags)):
                tally[name][0] += sum(any(_match(f, g) for f in found) for g in gold)
                tally[name][1] += sum(any(_match(f, g) for g in gold) for f in found)
                tally[name][2] += len(found)
    return {"gold_values": gold_n, "dialogues": len(dialogues), **{
        name: {"recall": round(a / gold_n, 3) if gold_n else 0.0, "precision": round(b / c, 3) if c else 0.0,
               "found": c} for name, (a, b, c) in tally.items()}}


def cs_examples(folder: Path, lang: str) -> list[list[Example]]:
    """The annotated customer-service chats of ``folder`` in ``lang`` as dialogues: the gold
    spans of a user message are its ``current`` and ``also_ok`` values written in it verbatim
    (label ``value``; not every value a user states is in the gold: precision is a lower bound)."""
    out = []
    for path in sorted(folder.glob(f"{lang}_*.json")):
        chat = json.loads(path.read_text(encoding="utf-8"))
        values = chat["gold"]["current"] + chat["gold"].get("also_ok", [])
        dlg = []
        for i, m in enumerate(chat["messages"]):
            text = m.get("content") or ""
            if m["role"] not in ("user", "assistant") or not text:
                continue
            low = text.casefold()
            spans = [(low.find(v.casefold()), low.find(v.casefold()) + len(v), "value")
                     for v in values if m["role"] == "user" and v.casefold() in low]
            dlg.append(Example(text, spans, f"cs-{path.stem}", "user" if m["role"] == "user" else "system", "cs"))
        out.append(dlg)
    return out


def _by_dialogue(examples) -> list[list[Example]]:
    out: dict[str, list[Example]] = {}
    for ex in examples:
        out.setdefault(ex.dialogue, []).append(ex)
    return list(out.values())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m ctxgraph.models.evaluate", description=__doc__.split("\n")[0])
    ap.add_argument("--lang", required=True, choices=["en", "zh"])
    ap.add_argument("--data", required=True)
    ap.add_argument("--sgd", help="a copy of dstc8-schema-guided-dialogue: SGD test as a transfer set (en)")
    ap.add_argument("--dialogues", type=int, default=100, help="dialogues per set")
    ap.add_argument("--cs", action="append", default=[],
                    help="a folder of annotated customer-service chats (lang_*.json with gold values); repeatable")
    ap.add_argument("--pack", action="append", default=[], help="a domain pack for the rules (e.g. booking); repeatable")
    ap.add_argument("--cs-only", action="store_true", help="only the --cs folders")
    ap.add_argument("--blank", action="store_true",
                    help="English rules without a trained spaCy pipeline (as `ctxgraph serve` reads by default)")
    args = ap.parse_args(argv)
    data = Path(args.data)
    sets: dict[str, list[list[Example]]] = {}
    if args.cs_only:
        pass
    elif args.lang == "en":
        sets["multiwoz-val-heldout"] = _by_dialogue(ex for ex in multiwoz_examples(data) if held_out(ex.dialogue))
        if args.sgd:
            sets["sgd-test"] = _by_dialogue(sgd_examples(Path(args.sgd), "test", 0.05))
    else:
        sets["crosswoz-val-heldout"] = _by_dialogue(ex for ex in crosswoz_examples(data, weak=False) if held_out(ex.dialogue))
    for folder in args.cs:
        sets[f"cs:{folder}"] = cs_examples(Path(folder), args.lang)
    result = {name: compare(dlgs[: args.dialogues], args.lang, blank=args.blank, packs=tuple(args.pack)) for name, dlgs in sets.items()}
    json.dump(result, sys.stdout, indent=1, ensure_ascii=False)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
