"""miss15's probe set (``tests/data/probes_miss15.yml``, written before ctxgraph ran on it): a zh message typed as
space-separated pieces where one piece refuses something ("别走海运", "别发短信"): the values of the other pieces (an
address, a phone, a list of names) are still the user's; and the negatives, a value refused by its own piece or by the
piece right after it ("周六上午 不行"). Scored the way ``ctxgraph bench cs`` scores a chat.

``python -m tests.probe_sets tests/data/probes_miss15.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("miss15")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "zh-apart-ditan": "a refusal in another piece declines the address",
    "zh-apart-hunsha": "a refusal in another piece declines the address and the phone",
    "zh-apart-mingpian-names": "a refusal in another piece declines the names",
    "zh-apart-jiyang-phone": "a refusal in another piece declines the name and the phone",
    "zh-apart-neg-alone": "the day taken after the refused one",
    "zh-apart-neg-inside": "the day taken after the refused one",
}


def test_probes_miss15_load():
    assert len(PROBES) >= 7 and {conv.lang for _, conv in PROBES} == {"zh"}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_miss15_probe_reads_the_value(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])
