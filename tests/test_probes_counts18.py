"""counts18's probe set (``tests/data/probes_counts18.yml``, written before the rule): zh counts said with their
measure word and noun ("三顶帐篷", "十二个画架") kept with their noun, a later count of the same thing superseding the
earlier one (with the noun, bare after the assistant restated it, or corrected in the same message), two things
counted side by side, and controls (a count asked about, the assistant's offer, an age, a duration, a price).

``python -m tests.probe_sets tests/data/probes_counts18.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("counts18")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "en-control-question": "the want holds the whole question 'could you deliver 40 ferns ...' (the wants lane's)",
}


def test_probes_counts18_load_both_languages():
    assert len(PROBES) >= 8 and {conv.lang for _, conv in PROBES} == {"en", "zh"}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_counts18_probe_reads_the_value(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])
