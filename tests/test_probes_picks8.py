"""picks8's probe set (``tests/data/probes_picks8.yml``, written before ctxgraph ran on it): the
user's pick of an option the assistant offered - by name, by a part, by position, by a comparison,
"that one" after a recommendation, confirmed by a tool or by the reply, changed later, refused by the
reply - and acts that are no pick (with the optional ``choose`` step on: it is off by default) (a question about an option, a rejection, an option only offered,
an extra declined). zh and en, domains no cs set covers, each scored the way ``ctxgraph bench cs``
scores a chat.

``python -m tests.probe_sets tests/data/probes_picks8.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay, score_state
from ctxgraph.extract import DEFAULT_STEPS, with_step
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("picks8")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "en_gokart_that_one_confirmed": "one option offered in a statement and 'Would that work?': a single offer is no list to pick from",
    "en_helicopter_reject": "opening5's want keeps 'the coast flight is more than I want to spend' (a complaint read as a want)",
    "en_whale_extra_no": "'the standard trip is fine' names no option offered (the extra was declined; nothing was picked)",
}


def test_probes_picks8_load_both_languages():
    assert len(PROBES) >= 30 and {conv.lang for _, conv in PROBES} == {"en", "zh"}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_picks8_probe_reads_the_pick_and_no_other(probe, conv):
    s = score_state(conv, replay(conv, steps=with_step(DEFAULT_STEPS, "choose")))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])
