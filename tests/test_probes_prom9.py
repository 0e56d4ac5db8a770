"""prom9's probe set (``tests/data/probes_prom9.yml``, written and committed before ctxgraph ran on it):
the assistant's promises in unseen domains, Chinese weighted — made, offers taken, kept by a report, a
tool or the user, left open, turned down, and the prices, policies, abilities and reported bookings
that promise nothing. Scored as ``tests/test_probes_prom7.py`` scores its sets.

``python -m tests.test_probes_prom9`` prints each miss and the totals per class (docs/quality.md).
"""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay
from tests.probe_sets import load_probes, probe_params
from tests.test_probes_prom7 import print_set, problems

PROBES = load_probes("prom9")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "zh_cansi_offer_samples": "an offer asked with 要不要 inside the sentence after the thing (被套的面料小样要不要先寄几块给您…？): the "
                              "offer cues read 要不要我… only at the start",
    "en_hogroast_user_received": "the user names the thing in another form (\"the knives arrived\" after \"a carving knife set\"): "
                                 "the words do not match",
}


@pytest.mark.parametrize("probe, conv", probe_params(PROBES, KNOWN_MISSES))
def test_probes_prom9_promise_is_read_and_closed_as_an_annotator_would(probe, conv):
    state = replay(conv)
    assert problems(probe, state) == [], state["commitments"]


if __name__ == "__main__":
    import sys

    print_set("prom9", PROBES, sys.argv)
