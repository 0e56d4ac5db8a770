"""miss18's probe set (``tests/data/probes_miss18.yml``, written before the rule): a zh pick said by repeating a word of
what the assistant just named before 那个 / 那班 / 那趟 ("暑假那个吧", "5号那趟吧", "就莫干山路那个"), where the assistant
named the things in prose the option readers do not split; and its negatives (asked, declined, a word the assistant
did not say, a bare pronoun). Domains no cs set covers, each scored the way ``ctxgraph bench cs`` scores a chat; plus
the behaviour the rule adds.

``python -m tests.probe_sets tests/data/probes_miss18.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("miss18")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "zh-echo-bus": "5号那趟: the prose offer is no list the option readers split",
    "zh-echo-single-shop": "莫干山路那个: one place offered is no list",
    "zh-echo-venue": "室内馆那个: the prose offer is no list the option readers split",
    "zh-echo-summer": "暑假那个: the prose offer is no list the option readers split",
}


def test_probes_miss18_load():
    assert len(PROBES) >= 12 and {conv.lang for _, conv in PROBES} == {"zh"}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_miss18_probe_reads_the_value(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])
