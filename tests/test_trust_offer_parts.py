"""A reply picks an offered option by a distinctive part of its name, never by a function word the
name holds (issue 19, jga7): "I'd like to come on Tuesday and bring my sister" takes nothing from
"House of Glass and Fire"; "Jump Street please" takes "Jump Street Hall". Cases from
tests/data/probes_jga7.yml (written before ctxgraph was run on them), en and zh; run
``python -m tests.test_trust_offer_parts`` for the per-probe table."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from ctxgraph import Tracker
from ctxgraph.bench._cs import holds
from tests.probe_sets import load_turn_probes, print_turn_probe_totals, turn_messages

PROBES = {p["id"]: p for p in load_turn_probes(Path(__file__).parent / "data" / "probes_jga7.yml")}


def run(probe: dict, packs: tuple[str, ...] = ()) -> dict:
    """The probe replayed; ``packs=("booking",)`` adds the pack that names venues (so there are offers to pick)."""
    t = Tracker(probe["lang"], packs=list(packs))
    t.observe_many(turn_messages(probe["turns"], "find_slots"))
    values = [f.value for f in t.state().facts if f.status == "current"]
    return {"id": probe["id"], "values": values,
            "missed": [v for v in probe["current"] if not any(holds(x, v) for x in values)],
            "wrong": [v for v in probe["absent"] if any(holds(x, v) for x in values)]}


@pytest.mark.parametrize("packs", [(), ("booking",)])
@pytest.mark.parametrize("pid", sorted(p for p in PROBES if PROBES[p]["act"] == "function"))
def test_trust_offer_parts_a_shared_function_word_picks_nothing(pid, packs):
    assert run(PROBES[pid], packs)["wrong"] == []


# the picks read before and after the change (with the booking pack, which names the venues); the
# other pick probes are misses of another kind (a name no entity rule of core or booking knows, a
# position among such names), documented in docs/quality.md
READ = ["en_trampoline_part", "zh_falconry_part", "zh_cheese_name"]


@pytest.mark.parametrize("pid", READ)
def test_trust_offer_parts_a_distinctive_part_still_picks(pid):
    result = run(PROBES[pid], ("booking",))
    assert result["missed"] == [] and result["wrong"] == [], result


def main(argv: list[str]) -> None:
    packs = tuple(argv)
    print_turn_probe_totals([run(p, packs) for p in PROBES.values()], PROBES)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))


@pytest.mark.parametrize(("offer", "reply"), [
    ("I can recommend Alder Bed and Breakfast. It's a quiet place in the west.",
     "I also need a coach on Tuesday and leave after 16:30."),
    ("The Hall of Mirrors Museum is free to enter.", "I need to get there by car and park on the street."),
])
def test_trust_offer_parts_an_unrelated_reply_takes_no_offer_by_its_and(offer, reply):
    """The offer stays offered: the reply shares only "and" / "of" / "the" with its name."""
    t = Tracker("en", packs=["booking"])
    t.observe_many([{"role": "user", "content": "Where can I stay or visit?"},
                    {"role": "assistant", "content": offer}, {"role": "user", "content": reply}])
    assert [f.value for f in t.state().facts if f.status == "current" and f.key.endswith("venue")] == []
