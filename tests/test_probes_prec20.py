"""prec20's probe set (``tests/data/probes_prec20.yml``, written before the rule): a day the user names as the time of
someone's own engagement (a shift, a routine, a trip, a thing forbidden that day) beside the day wanted is no value the
user settled on; controls where the one day said, a day off, or a day asked for stays. Domains no cs set covers, each
scored the way ``ctxgraph bench cs`` scores a chat.

``python -m tests.probe_sets tests/data/probes_prec20.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("prec20")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "zh-engaged-zhiban": "a zh time before the speaker's own duty (晚上7点我一般要值班) is still read: the rule tried moved "
                         "blind17 zhucan's date to a value the user changes later (wrong +1), so it was dropped",
    "zh-engaged-huiqu": "周末我自己回去给他剪: the same zh rule, dropped",
}  # (prec26) en-proposed-say passes: "were going to say X but … Y" is a plan given up (overtaken._WAS)


def test_probes_prec20_load():
    assert len(PROBES) >= 8


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_prec20_probe_reads_the_value(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])
