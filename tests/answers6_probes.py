"""Score the answers6 probe set (tests/data/probes_answers6.yml) the way `bench cs` scores a chat.

Run: ``python -m tests.answers6_probes [-v]`` (totals by language and act; ``-v`` adds every probe
with its state). Recall counts the ``current`` values some current fact holds; precision counts the
current facts holding a ``current`` or ``also_ok`` value; wrong counts ``absent`` values held.
``tests/test_answers_by_act.py`` runs the same probes.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path

from ctxgraph import Tracker
from ctxgraph.bench._cs import holds
from tests.probe_sets import load_turn_probes, turn_messages

PROBES = Path(__file__).parent / "data" / "probes_answers6.yml"


def load() -> list[dict]:
    return load_turn_probes(PROBES)


def messages(probe: dict) -> list[dict]:
    """The probe's turns as chat messages; a tool turn ``t`` is a call and its result."""
    return turn_messages(probe["turns"], "lookup")


def run(probe: dict) -> dict:
    """One probe's state and its scores."""
    t = Tracker(probe["lang"])
    t.observe_many(messages(probe))
    facts = [(f.key, str(f.value)) for f in t.state().facts if f.status == "current"]
    values = [v for _, v in facts]
    good = list(probe.get("current", [])) + list(probe.get("also_ok", []))
    return {"id": probe["id"], "lang": probe["lang"], "act": probe["act"], "facts": facts,
            "found": [v for v in probe.get("current", []) if any(holds(x, v) for x in values)],
            "missed": [v for v in probe.get("current", []) if not any(holds(x, v) for x in values)],
            "wrong": [v for v in probe.get("absent", []) if any(holds(x, v) for x in values)],
            "unsupported": [f"{k}: {v}" for k, v in facts if not any(holds(v, g) for g in good)]}


def totals(rows: list[dict]) -> dict:
    found = sum(len(r["found"]) for r in rows)
    total = found + sum(len(r["missed"]) for r in rows)
    facts = sum(len(r["facts"]) for r in rows)
    unsupported = sum(len(r["unsupported"]) for r in rows)
    return {"recall": (found, total), "precision": (facts - unsupported, facts), "wrong": sum(len(r["wrong"]) for r in rows)}


def _line(name: str, t: dict) -> str:
    (f, n), (s, m) = t["recall"], t["precision"]
    return f"{name:16} recall {f}/{n} ({f / n if n else 0:.3f})  precision {s}/{m} ({s / m if m else 0:.3f})  wrong {t['wrong']}"


def main(argv: list[str]) -> None:
    rows = [run(p) for p in load()]
    if "-v" in argv:
        for r in rows:
            mark = "ok " if not r["missed"] and not r["wrong"] and not r["unsupported"] else "-- "
            print(mark, r["id"], "missed", r["missed"], "wrong", r["wrong"], "unsupported", r["unsupported"],
                  "| state", json.dumps(r["facts"], ensure_ascii=False))
    by_act: dict[str, list[dict]] = defaultdict(list)
    for r in rows:
        by_act[r["act"]].append(r)
    for act, sel in by_act.items():
        print(_line(act, totals(sel)))
    for lang in ("en", "zh"):
        print(_line(lang, totals([r for r in rows if r["lang"] == lang])))
    print(_line("all", totals(rows)))


if __name__ == "__main__":
    main(sys.argv[1:])
