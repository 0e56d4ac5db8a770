"""cp14's probe set (``tests/data/probes_cp14.yml``, written and committed before ctxgraph ran on it): the
assistant offers a deed as a question and the user takes it up, by saying the offered verb again (查查吧, 发吧,
要的, "check that week please"), to an offer with no 我 (能先给您寄一个样品…吗？, 要帮您留一条吗？), an offer whose thing
is in the clause before (有份课前准备清单，我发给您？) or an ability with an offer tail ("I can also reserve boots in
her size, if you like?"); and look-alikes that promise nothing (the verb said back negated, a question back, an
offer of something to buy). Scored as prom10's probe set (``no_other``: no open or done promise but the listed
ones, the cs sets' "unlisted").

``python -m tests.test_probes_cp14`` prints each miss and the totals per language and class (docs/quality.md).
"""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import holds, replay
from tests.probe_sets import load_probes, probe_params
from tests.test_probes_prom7 import print_set
from tests.test_probes_prom10 import problems

PROBES = load_probes("cp14")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
}


@pytest.mark.parametrize("probe, conv", probe_params(PROBES, KNOWN_MISSES))
def test_probes_cp14_offers_taken_up_as_an_annotator_would(probe, conv):
    state = replay(conv)
    assert problems(probe, state) == [], state["commitments"]


REPORTS = load_probes("cp14c")
#: probes of probes_cp14c.yml still missed, each with the reason (strict)
KNOWN_REPORT_MISSES: dict[str, str] = {
    "zh_pressed_flower_list_ready_sms": "a done verb outside the closed list (整理好了): no done cue reads it",
    "en_theremin_guide_finished_emailed": "a done report with its object as 'it' after a clause naming the thing (\"The practice "
                                          "guide is finished, emailed it to you just now\"): not built",
}


@pytest.mark.parametrize("probe, conv", probe_params(REPORTS, KNOWN_REPORT_MISSES))
def test_probes_cp14c_report_with_its_thing_in_the_clause_before(probe, conv):
    assert problems(probe, replay(conv)) == [], replay(conv)["commitments"]


DEADLINES = load_probes("cp14b")
#: probes of probes_cp14b.yml still missed, each with the reason (strict)
KNOWN_DEADLINE_MISSES: dict[str, str] = {
    "zh_brocade_deadline": "a deadline by an event with no number (得在母亲节前寄到): no zh frame reads it",
    "zh_velvet_ask_first": "the speaker's own deed before a day (我得先问问我女儿 周五前回复你) is read as a rule by a zh frame",
}


def rule_problems(probe: dict, state: dict) -> list[str]:
    """The listed active rules the state lacks, and with ``no_other`` every active rule no gold string names."""
    active = [c["text"] for c in state["constraints"] if c["status"] == "active"]
    out = [f"no active rule holds {g!r}" for g in probe.get("constraints_active", []) if not any(holds(t, g) for t in active)]
    if probe.get("no_other"):
        out += [f"unlisted rule {t!r}" for t in active if not any(holds(t, g) for g in probe.get("constraints_active", []))]
    return out


@pytest.mark.parametrize("probe, conv", probe_params(DEADLINES, KNOWN_DEADLINE_MISSES))
def test_probes_cp14b_deadline_on_any_deed_as_an_annotator_would(probe, conv):
    assert rule_problems(probe, replay(conv)) == []


if __name__ == "__main__":
    import sys

    print_set("cp14", PROBES, sys.argv, check=problems)
    print_set("cp14b", DEADLINES, sys.argv, check=rule_problems)
    print_set("cp14c", REPORTS, sys.argv, check=problems)
