"""en22's probe set (``tests/data/probes_en22.yml``): a pick whose words all stand in the assistant's last message,
said as a short clause opening the reply or with an accepting word, when no option list was read from that message;
a question about the words, a decline and a pick asked about as controls.

``python -m tests.probe_sets tests/data/probes_en22.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("en22")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {}


def test_probes_en22_load():
    assert len(PROBES) >= 4 and {conv.lang for _, conv in PROBES} == {"en"}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_en22_probe_reads_the_value_and_no_other(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])
