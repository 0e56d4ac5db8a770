"""Score the attrs6 probe set (tests/data/probes_attrs6.yml) the way the cs bench scores a chat.

Each probe is replayed through a fresh :class:`~ctxgraph.Tracker`; the facts read from its last
message are scored: recall = ``expect`` values held by a current fact; precision = facts of the
last message holding an ``expect`` or ``also_ok`` value / all facts of the last message;
``never`` values held by a current fact are counted as wrong.

    python tests/probes_attrs6.py            # totals, then each probe's misses and extras
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

from ctxgraph import Tracker
from ctxgraph.bench._cs import holds

PROBES = Path(__file__).parent / "data" / "probes_attrs6.yml"


def load(path: Path = PROBES) -> list[dict]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def run_probe(probe: dict) -> dict:
    t = Tracker(probe["lang"])
    t.observe_many(probe["messages"])
    last = len(probe["messages"]) - 1
    facts = [f for f in t.state().facts if f.status == "current"]
    new = [f for f in facts if f.turn == last]
    good = list(probe.get("expect", [])) + list(probe.get("also_ok", []))
    return {
        "id": probe["id"], "lang": probe["lang"],
        "found": [v for v in probe.get("expect", []) if any(holds(str(f.value), v) for f in facts)],
        "missed": [v for v in probe.get("expect", []) if not any(holds(str(f.value), v) for f in facts)],
        "supported": [f"{f.key}: {f.value}" for f in new if any(holds(str(f.value), v) for v in good)],
        "unsupported": [f"{f.key}: {f.value}" for f in new if not any(holds(str(f.value), v) for v in good)],
        "wrong": [v for v in probe.get("never", []) if any(holds(str(f.value), v) for f in facts)],
    }


def totals(rows: list[dict]) -> dict:
    out = {}
    for lang in ("all", "en", "zh"):
        rs = [r for r in rows if lang == "all" or r["lang"] == lang]
        found = sum(len(r["found"]) for r in rs)
        expected = found + sum(len(r["missed"]) for r in rs)
        sup = sum(len(r["supported"]) for r in rs)
        facts = sup + sum(len(r["unsupported"]) for r in rs)
        out[lang] = {"recall": f"{found}/{expected}", "precision": f"{sup}/{facts}",
                     "wrong": sum(len(r["wrong"]) for r in rs)}
    return out


def main(argv: list[str]) -> None:
    rows = [run_probe(p) for p in load(Path(argv[0]) if argv else PROBES)]
    for lang, t in totals(rows).items():
        print(f"{lang}: recall {t['recall']}  precision {t['precision']}  wrong {t['wrong']}")
    for r in rows:
        if r["missed"] or r["unsupported"] or r["wrong"]:
            print(f"- {r['id']}: missed {r['missed']} extra {r['unsupported']} wrong {r['wrong']} (kept {r['supported']})")


if __name__ == "__main__":
    main(sys.argv[1:])
