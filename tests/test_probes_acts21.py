"""acts21's probe set (``tests/data/probes_acts21.yml``, written before ctxgraph ran on it, but for missen20's
en-slotmoved-shortday, copied): a day the user moves to ("could we do thursday instead", "改周四吧", "能周四吗") while
the pick holding the old day holds a clock too ("weds 3pm", "周三下午那个"), in en and zh; and controls: a change
asked and refused, a second booking on another day, a day of another thing. Each scored the way ``ctxgraph bench cs``
scores a chat.

``python -m tests.probe_sets tests/data/probes_acts21.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("acts21")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "en-daypick-haircut": "'can we do tuesday?' has no change act ('can we do' is none, no 'instead'): the pick 'Monday 11 May 5pm' stays current",
}


def test_probes_acts21_load_both_languages():
    assert len(PROBES) >= 8 and {conv.lang for _, conv in PROBES} == {"en", "zh"}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_acts21_probe_reads_the_value(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])
