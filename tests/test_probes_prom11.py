"""prom11's probe set (``tests/data/probes_prom11.yml``, written and committed before ctxgraph ran on it):
the assistant's promises and, weighted, their look-alikes — prices, policies, descriptions, habits, a
booking restated, a tool result described, questions, abilities, offers conditional on the user and the
user's own deed — in unseen domains, both languages. Scored as ``tests/test_probes_prom7.py`` scores its
sets, and where a probe says ``no_other``, no open or done promise but the listed ones (the cs sets'
"unlisted").

``python -m tests.test_probes_prom11`` prints each miss and the totals per language and class (docs/quality.md).
"""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay
from tests.probe_sets import load_probes, probe_params
from tests.test_probes_prom7 import print_set
from tests.test_probes_prom10 import problems

PROBES = load_probes("prom11")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "zh_huabanke_day_described": "how the class goes, said as the coach's deeds in order (教练会先…，再…，最后…): "
                                 "a role's 会 + 先 reads as a promise; no habit word marks it",
    "en_handcast_price": "a price said with \"we'll add a second hand for £30\": the add is an option priced, read as a deed",
    "en_boardgame_booking_restated": "the booking's own part after its report (\"A games guru will be at your table for "
                                     "the first half hour\"): a role's will in the booking's message reads as a promise",
    "zh_gouyong_rule_back": "the rule said back as a positive deed (我们会安排单独的泳池时段，不会跟别的狗一起): since cons11 a "
                            "piece with a deed of its own beside the limit is a promise ('the fitter will text Marek and "
                            "won't ring the bell'); the two readings meet here (merge of cons11 and prom11)",
}


@pytest.mark.parametrize("probe, conv", probe_params(PROBES, KNOWN_MISSES))
def test_probes_prom11_promise_and_look_alikes_as_an_annotator_would(probe, conv):
    state = replay(conv)
    assert problems(probe, state) == [], state["commitments"]


if __name__ == "__main__":
    import sys

    print_set("prom11", PROBES, sys.argv, check=problems)
