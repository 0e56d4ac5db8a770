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
KNOWN_MISSES: dict[str, str] = {}


@pytest.mark.parametrize("probe, conv", probe_params(PROBES, KNOWN_MISSES))
def test_probes_cp14_offers_taken_up_as_an_annotator_would(probe, conv):
    state = replay(conv)
    assert problems(probe, state) == [], state["commitments"]


if __name__ == "__main__":
    import sys

    print_set("cp14", PROBES, sys.argv, check=problems)
