"""picks17's probe set (``tests/data/probes_picks17.yml``, written before the round's rule): the user takes several
items of one list the assistant just gave, in one clause ("要底座收纳包", "报水彩入门和书法吧", "oven clean and inside
windows please"), and its negatives (a question naming two items, a clause declining both).

``python -m tests.probe_sets tests/data/probes_picks17.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("picks17")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "zh-several-priced-run-together": "every pick reader takes one option per list: two items named tie and pick nothing",
    "zh-several-bare-both-fine": "every pick reader takes one option per list: two items named tie and pick nothing",
    "zh-several-enrol-joined": "every pick reader takes one option per list: two items named tie and pick nothing",
    "zh-several-drinks-want": "every pick reader takes one option per list: two items named tie and pick nothing",
}


def test_probes_picks17_load_both_languages():
    assert len(PROBES) >= 8 and {conv.lang for _, conv in PROBES} == {"en", "zh"}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_picks17_probe_reads_the_picks_and_no_other(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])
