"""lifts17's probe set (``tests/data/probes_lifts17.yml``, written and committed before the round's rules): rules whose
state goes wrong after they are read, and promises closed wrongly: a "got it" right after a promise due later, a zh
report 已经 + verb + 好/到 with no 了, an hour that is no new amount of a money bound, a rule dropped by naming it as a
thing ("scrap the mornings thing", 停车的事就算了), a report in the perfect tense of a promised deed; with look-alikes
that change nothing (a question, a negative, a thing no rule is about, a rule named and kept). Each probe is scored on
its rules (``constraint_problems``) and on its promises (prom10's ``problems``).

``python -m tests.test_probes_lifts17`` prints each miss.
"""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay
from tests.probe_sets import constraint_problems, load_probes, probe_params
from tests.test_probes_prom10 import problems

PROBES = load_probes("lifts17")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "en_marquee_has_checked": "a consequence said after a check's report ('has checked the access: …, so the van will come "
                              "in by the rear track') is read as a promise of its own (blind16 cranehire, where it also "
                              "replaces the check as cancelled); not built: no open set but blind16 has it",
    # built, then taken out: each gained on one chat of one open set (commit named, for a cherry-pick)
    "en_locksmith_hell_bring": "'He'll <deed>' of the person the booking is with is no promise cue (81d749a gained on "
                               "blind14 conservatory alone)",
    "en_physio_if_shell_write": "as en_locksmith_hell_bring (81d749a)",
}


def test_probes_lifts17_load_both_languages():
    assert len(PROBES) >= 12 and {conv.lang for _, conv in PROBES} == {"en", "zh"}


@pytest.mark.parametrize("probe, conv", probe_params(PROBES, KNOWN_MISSES))
def test_probes_lifts17_rules_and_promises_as_an_annotator_would(probe, conv):
    state = replay(conv)
    assert constraint_problems(probe, conv) + problems(probe, state) == [], (state["constraints"], state["commitments"])


if __name__ == "__main__":
    for probe, conv in PROBES:
        wrong = constraint_problems(probe, conv) + problems(probe, replay(conv))
        print("ok " if not wrong else "-- ", probe["id"], wrong)
