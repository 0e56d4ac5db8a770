"""acts19's probe set (``tests/data/probes_acts19.yml``, written before ctxgraph ran on it): a clock the chat changes
while the only fact holding the old clock is a pick or a day carrying it inside its value, by a change act on the clock
alone or by taking the assistant's new clock; controls where nothing moves (a change refused, a return time, a
question). zh and en, each scored the way ``ctxgraph bench cs`` scores a chat.

``python -m tests.probe_sets tests/data/probes_acts19.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("acts19")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "zh-clockaccepted-zhengjianzhao": "4点 supersedes 4点半 already; 周六 said before 想拍 is no fact (the want drops it)",
    "en-control-return": "'bring it back by 5pm' supersedes the pick-up's 9am (a return time taken as the same slot)",
}


def test_probes_acts19_load_both_languages():
    assert len(PROBES) >= 7 and {conv.lang for _, conv in PROBES} == {"en", "zh"}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_acts19_probe_reads_the_value(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])
