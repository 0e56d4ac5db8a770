"""prec21's probe set (``tests/data/probes_prec21.yml``, written before the rule): a tool's day and clock written in the
user's words carry no part of the day the booking contradicts ("明天上午 ... 下午来" booked in the afternoon) and no
end of a range the booking moved ("7点到11点" booked 19:00-22:30); controls where the part of the day or the range the
booking keeps stays. Domains no cs set covers, each scored the way ``ctxgraph bench cs`` scores a chat.

``python -m tests.probe_sets tests/data/probes_prec21.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("prec21")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {}


def test_probes_prec21_load():
    assert len(PROBES) >= 8


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_prec21_probe_reads_the_value(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])
    if probe["class"] == "amount-bound":  # the want may hold the words; the budget itself must hold them too
        assert not [u for u in s["unsupported"] if u.startswith("budget:")], s["unsupported"]
