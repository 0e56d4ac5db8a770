"""miss16's probe set (``tests/data/probes_miss16.yml``, written before the rules): four zh structures among blind15's
non-pick misses that recur in the other open sets: a bank named by its short name as the user's card or account
("卡用建行的", "换成农行 6228…"), instalments asked for ("6980能分期吗"), a person hard of hearing or with high blood
sugar said as a fixed phrase ("他耳背", "我妈血糖高"), and a name said after a relation or a role at work with 叫
("人事叫刘敏", "媳妇叫于秀梅"); and their negatives. Scored the way ``ctxgraph bench cs`` scores a chat.

``python -m tests.probe_sets tests/data/probes_miss16.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("miss16")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "zh-bank-chedai": "a bank's short name is no value",
    "zh-bank-gongzika": "a bank's short name is no value",
    "zh-bank-xubao": "a bank's short name is no value",
    "zh-instal-jiaxiao": "instalments asked for are no value",
    "zh-instal-sijiao": "instalments asked for are no value",
    "zh-instal-zhutingqi": "instalments asked for are no value",
    "zh-hearing-baomu": "耳朵背 is no condition",
    "zh-hearing-tijian": "耳背 is no condition",
    "zh-hearing-sugar": "血糖高 is no condition",
    "zh-relname-xifu": "媳妇 is no relation word",
}


def test_probes_miss16_load():
    assert len(PROBES) >= 16 and {conv.lang for _, conv in PROBES} == {"zh"}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_miss16_probe_reads_the_value(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])
