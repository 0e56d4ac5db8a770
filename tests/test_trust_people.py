"""People, counts and whole values on a probe set written before any run (issue 19, people6 round).

The probes (``tests/data/probes_people6.yml``) are exchanges of our own, in domains no cs set
covers, each with the values a careful annotator would record. They are scored with the cs
bench's own rule (:func:`ctxgraph.bench._cs.holds`): a probe passes when every current value is
held by a current fact, no old, offered or cut value is, and no value sits under a wrong key.
Precision counts the current facts holding a gold value among all but the want and the problem.
``python -m tests.test_trust_people`` prints the totals (recall / precision) and each failure.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from ctxgraph import Tracker
from ctxgraph.bench._cs import holds

PROBES = yaml.safe_load((Path(__file__).parent / "data" / "probes_people6.yml").read_text(encoding="utf-8"))


def _message(item: dict[str, str]) -> dict[str, str]:
    (who, text), = item.items()
    return {"role": {"u": "user", "a": "assistant"}[who], "content": text}


def _forms(value: Any) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


def score_probe(probe: dict[str, Any]) -> dict[str, Any]:
    """One probe's current facts, the gold values found and missed, the facts no gold value holds, its errors."""
    t = Tracker(probe["lang"], today="2026-06-02")
    t.observe_many([_message(m) for m in probe["messages"]])
    facts = [(f.key, f.value) for f in t.state().facts if f.status == "current"]
    gold = [_forms(v) for v in probe.get("current", [])]
    good = [form for forms in gold for form in forms] + [str(v) for v in probe.get("also_ok", [])]
    missed = [forms[0] for forms in gold if not any(holds(v, form) for _, v in facts for form in forms)]
    errors = [f"missed {v!r}" for v in missed]
    errors += [f"old {v!r} current" for v in probe.get("not_current", []) if any(holds(x, v) for _, x in facts)]
    errors += [f"{k}: {x!r} is a cut or offered value" for k, x in facts
               if any(x.strip() == v for v in probe.get("absent", []))]
    for value, keys in (probe.get("wrong_keys") or {}).items():
        errors += [f"{value!r} under {k}" for k, x in facts if holds(x, value) and k in keys]
    # precision over the values of this round's classes: the want and the problem (whole clauses, other
    # readers) are left out of it
    scored = [(k, x) for k, x in facts if k not in ("want", "problem")]
    supported = [(k, x) for k, x in scored if any(holds(x, g) for g in good)]
    return {"facts": facts, "scored": len(scored), "found": len(gold) - len(missed), "gold": len(gold), "supported": len(supported),
            "errors": errors}


@pytest.mark.parametrize("probe", [pytest.param(p, id=p["id"], marks=pytest.mark.xfail(reason=p["known_miss"], strict=True))
                                   if p.get("known_miss") else pytest.param(p, id=p["id"]) for p in PROBES])
def test_trust_people_probe(probe):
    got = score_probe(probe)
    assert not got["errors"], got


def main() -> None:  # pragma: no cover - a report for the docs, run by hand
    found = gold = supported = facts = passed = 0
    for lang in ("en", "zh"):
        lf = lg = ls = lfa = lp = n = 0
        for probe in (p for p in PROBES if p["lang"] == lang):
            got = score_probe(probe)
            n += 1
            lf, lg, ls, lfa = lf + got["found"], lg + got["gold"], ls + got["supported"], lfa + got["scored"]
            lp += not got["errors"]
            if got["errors"]:
                print(f"  {probe['id']}: {'; '.join(got['errors'])} | facts {got['facts']}")
        print(f"{lang}: probes passed {lp}/{n}, recall {lf}/{lg}, precision {ls}/{lfa}")
        found, gold, supported, facts, passed = found + lf, gold + lg, supported + ls, facts + lfa, passed + lp
    print(f"all: probes passed {passed}/{len(PROBES)}, recall {found}/{gold} = {found / gold:.3f}, "
          f"precision {supported}/{facts} = {supported / max(facts, 1):.3f}")


if __name__ == "__main__":
    main()
