"""prec19's probe set (``tests/data/probes_prec19.yml``, written before the rule): a budget the user waives by
taking an option above it ("贵点就贵点", "happy to go over the 800 for that", "slightly over budget but … fine"),
and the controls where it still holds (refused to go over, asked whether it is over) or is raised. zh and en, domains
no cs set covers, each scored the way ``ctxgraph bench cs`` scores a chat.

``python -m tests.probe_sets tests/data/probes_prec19.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("prec19")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "en-waived-gardenroom": "a budget the user goes over stays current",
    "en-waived-signwriting": "a budget the user goes over stays current; 'ah go on, gold leaf' is no pick",
    "en-waived-drumkit": "'the Stage kit.' (an option named alone, then a reason) is no pick",
    "zh-waived-hunshazhao": "a budget the user goes over (贵点就贵点) stays current",
    "zh-waived-chaye": "a budget the user goes over stays in the want; 30份 is masked out of the want and kept by no fact",
    "zh-kept-raised": "the want keeps the budget a later message raises (提到三万) with no word of correction",
}


def test_probes_prec19_load_both_languages():
    assert len(PROBES) >= 8 and {conv.lang for _, conv in PROBES} == {"en", "zh"}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_prec19_probe_reads_the_value(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])
