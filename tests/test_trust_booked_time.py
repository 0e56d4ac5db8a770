"""A ride timed by a booking the dialogue holds (issue 19, jga10): "a taxi to get us there in time for our
reservation", "by the booked time", "要赶得上话剧开场" name the ride's arrival by the booking's time. Never
when no booking time is held, never for a ride that leaves after it, never over the ride's own time, never
without a ride. Cases from tests/data/probes_jga10.yml (written before ctxgraph was run on them), en and zh,
with the user's own pack tests/data/packs_jga10 saying which domain has which slot.
``python -m tests.test_trust_booked_time`` prints the per-probe table."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from ctxgraph.bench._cs import holds
from tests.probe_sets import end_key as _key
from tests.probe_sets import load_turn_probes, print_turn_probe_totals, run_pack_probe

DATA = Path(__file__).parent / "data"
PACK = DATA / "packs_jga10"
PROBES = {p["id"]: p for p in load_turn_probes(DATA / "probes_jga10.yml")}


def run(probe: dict) -> dict:
    """The probe replayed with the booking pack and the probes' own pack; what it misses and holds wrongly."""
    result = run_pack_probe(probe, PACK)
    facts, wrong = result["facts"], result["wrong"]
    for gold in probe.get("current", []):  # a gold value held in another form is wrong too
        key, _, value = gold.partition("=")
        if any(k == _key(key) and not holds(v, value) for k, v in facts):
            wrong.append(f"{key}={[v for k, v in facts if k == _key(key)]}")
    return result


def main(argv: list[str]) -> None:
    print_turn_probe_totals([run(p) for p in PROBES.values()], PROBES)


if __name__ == "__main__":
    main(sys.argv[1:])
