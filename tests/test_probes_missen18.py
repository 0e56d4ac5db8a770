"""missen18's probe set (``tests/data/probes_missen18.yml``, written before the rule): an electrical load said as a
number and kW / watts ("the kiln is 3.5kw"), and a number with a singular unit word before a noun ("a 10 tonne weight
limit"), which measures that noun and must not replace the user's own measure; with controls (the assistant's
figures, a question).

``python -m tests.probe_sets tests/data/probes_missen18.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("missen18")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "en-attrib-cabin": "\"a 10 tonne weight limit\" (a measure of another noun) replaces the piano's weight: the reader tried (a singular unit word before a noun, once the thing has its measure) gained blind16 only",
}


def test_probes_missen18_load():
    assert len(PROBES) >= 6


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_missen18_probe_reads_the_value(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])
