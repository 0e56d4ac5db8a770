"""A trip's other end (issue 19, jga9): a place the user names in a ride's talk with no word that gives
it a role is the ride's end not yet known, when exactly one end is known; never when both or none are,
never the known end again, never in talk about a domain without ends. Cases from
tests/data/probes_jga9.yml (written before ctxgraph was run on them), en and zh, with the user's own pack
tests/data/packs_jga9 saying which domain has ends. ``python -m tests.test_trust_trip_ends`` prints the
per-probe table."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from ctxgraph import Tracker
from ctxgraph.bench._cs import holds
from tests.probe_sets import load_turn_probes, print_turn_probe_totals, turn_messages

DATA = Path(__file__).parent / "data"
PACK = DATA / "packs_jga9"
PROBES = {p["id"]: p for p in load_turn_probes(DATA / "probes_jga9.yml")}


def _key(key: str) -> str:
    domain, _, slot = key.rpartition(".")
    return f"{domain}.{'departure' if slot == 'origin' else slot}"


def run(probe: dict) -> dict:
    """The probe replayed with the booking pack and the probes' own pack; what it misses and holds wrongly."""
    t = Tracker(probe["lang"], packs=["booking"], rules=[PACK])
    t.observe_many(turn_messages(probe["turns"], "find"))
    facts = [(_key(f.key), f.value) for f in t.state().facts if f.status == "current"]
    missed = []
    for gold in probe.get("current", []):
        key, _, value = gold.partition("=")
        if not any(k == _key(key) and holds(v, value) for k, v in facts):
            missed.append(gold)
    wrong = [key for key in probe.get("absent", []) if any(k == _key(key) for k, _ in facts)]
    # a gold end held with another value is wrong too
    for gold in probe.get("current", []):
        key, _, value = gold.partition("=")
        if any(k == _key(key) and not holds(v, value) for k, v in facts):
            wrong.append(f"{key}={[v for k, v in facts if k == _key(key)]}")
    return {"id": probe["id"], "facts": facts, "missed": missed, "wrong": wrong}


def main(argv: list[str]) -> None:
    print_turn_probe_totals([run(p) for p in PROBES.values()], PROBES)


if __name__ == "__main__":
    main(sys.argv[1:])
