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

from ctxgraph.bench._cs import replay
from tests.probe_sets import load_probes, probe_params
from tests.test_probes_prom7 import print_set
from tests.test_probes_prom10 import problems

PROBES = load_probes("cp14")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "zh_pressed_flower_echo_send": "the offer says a bare verb and its thing is in the clause before (有份课前准备清单，我发给您？): "
                                   "joining the clause before gained on blind13 alone (shouyin), so it was not kept",
    "zh_snuff_no_subject_invoice_done": "the report names two deeds in one sentence (发票已经开好，短信发您了): the promise 给您开发票 "
                                        "stays open; a done report's reading, not the offer's (prom lane)",
    "en_dryslope_ability_offer": "an ability with a go-ahead tail (\"I can also reserve boots in her size, if you like?\"): read as "
                                 "an offer it gained on blind13 alone and made two unlisted promises (blind3's tarp for £95, "
                                 "blind4's pause of a subscription), so it was not kept",
    "en_unicycle_ability_then_done": "an ability with a go-ahead tail, as en_dryslope_ability_offer",
}


@pytest.mark.parametrize("probe, conv", probe_params(PROBES, KNOWN_MISSES))
def test_probes_cp14_offers_taken_up_as_an_annotator_would(probe, conv):
    state = replay(conv)
    assert problems(probe, state) == [], state["commitments"]


if __name__ == "__main__":
    import sys

    print_set("cp14", PROBES, sys.argv, check=problems)
