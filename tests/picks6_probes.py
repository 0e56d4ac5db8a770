"""Score the picks6 probe set (tests/data/probes_picks6.yml) the way `bench cs` scores a chat.

Run: ``python -m tests.picks6_probes`` (prints per-probe hits and totals). The tests in
``tests/test_trust_picks_match.py`` run the same probes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ctxgraph import Tracker
from ctxgraph.extract.registry import with_step
from ctxgraph.bench._cs import holds
from tests.probe_sets import load_turn_probes, turn_messages

PROBES = Path(__file__).parent / "data" / "probes_picks6.yml"


def load() -> list[dict]:
    return load_turn_probes(PROBES)


def messages(probe: dict) -> list[dict]:
    """The probe's turns as chat messages; a tool turn ``t`` is a call and its result."""
    return turn_messages(probe["turns"], "find_slots")


def tracker(lang: str) -> Tracker:
    """A tracker with the optional ``choose`` step switched on (off by default)."""
    t = Tracker(lang)
    t.extractor.steps[:] = with_step(t.extractor.steps, "choose")
    return t


def run(probe: dict) -> dict:
    t = tracker(probe["lang"])
    t.observe_many(messages(probe))
    values = [f.value for f in t.state().facts if f.status == "current"]
    return {"id": probe["id"], "act": probe["act"], "values": values,
            "found": [v for v in probe["current"] if any(holds(x, v) for x in values)],
            "missed": [v for v in probe["current"] if not any(holds(x, v) for x in values)],
            "wrong": [v for v in probe["absent"] if any(holds(x, v) for x in values)]}


def main() -> None:
    rows = [run(p) for p in load()]
    for r in rows:
        mark = "ok " if not r["missed"] and not r["wrong"] else "-- "
        print(mark, r["id"], "missed", r["missed"], "wrong", r["wrong"], "| state", json.dumps(r["values"], ensure_ascii=False))
    for lang in ("en", "zh", ""):
        sel = [r for r in rows if r["id"].startswith(lang)]
        found = sum(len(r["found"]) for r in sel)
        total = found + sum(len(r["missed"]) for r in sel)
        print(f"{lang or 'all'}: current found {found}/{total}; probes with a wrong value {sum(bool(r['wrong']) for r in sel)}/{len(sel)}")


if __name__ == "__main__":
    sys.exit(main())
