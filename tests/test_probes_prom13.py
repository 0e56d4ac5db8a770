"""prom13's probe set (``tests/data/probes_prom13.yml``, written and committed before ctxgraph ran on it):
a promise kept by the assistant's later report in the plain past ("The feeding sheet went to your inbox last
night", 曲谱刚发到您微信了), look-alike reports of another thing (the promise stays open), deeds of the
service ahead said with no will/会 frame, and habits that promise nothing. Scored as prom10's probe set
(``no_other``: no open or done promise but the listed ones, the cs sets' "unlisted").

``python -m tests.test_probes_prom13`` prints each miss and the totals per language and class (docs/quality.md).
"""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay
from tests.probe_sets import load_probes, probe_params
from tests.test_probes_prom7 import print_set
from tests.test_probes_prom10 import problems

PROBES = load_probes("prom13")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "en_dowsing_report_comes": "the thing as subject and a present verb for a deed ahead (\"The written report comes to you within 5 "
                               "working days of the visit\"): no frame reads it; a habit looks the same",
    "en_hoof_results_back": "the thing as subject and a present verb for a deed ahead (\"Results of the scan come back within a week\"): "
                            "no frame reads it (blind12 elevenplus's \"Results come back within 10 days\" is the same gap)",
}


@pytest.mark.parametrize("probe, conv", probe_params(PROBES, KNOWN_MISSES))
def test_probes_prom13_promise_and_look_alikes_as_an_annotator_would(probe, conv):
    state = replay(conv)
    assert problems(probe, state) == [], state["commitments"]


if __name__ == "__main__":
    import sys

    print_set("prom13", PROBES, sys.argv, check=problems)
