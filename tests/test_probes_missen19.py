"""missen19's probe set (``tests/data/probes_missen19.yml``, written before the round's rules): a pick among offered
slots said as a weekday with a part of the day or a clock ("wednesday afternoon", "weds 3pm"), and an alternative
taken as "the <word> one", both kept in the user's words beside the option; their negatives (a question about a slot
or an option, a declined slot or option).

``python -m tests.probe_sets tests/data/probes_missen19.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("missen19")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
}


def test_probes_missen19_load():
    assert len(PROBES) >= 10 and {conv.lang for _, conv in PROBES} == {"en"}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_missen19_probe_reads_the_value_and_no_other(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])
