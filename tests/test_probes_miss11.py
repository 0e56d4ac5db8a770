"""miss11's probe set (``tests/data/probes_miss11.yml``, written before ctxgraph ran on it): an en address's first
part after a lead-in, an en clock typed with a dot, a zh condition of the speaker, of a person who is no kin, an
operation had and a medicine taken. zh and en, domains no cs set covers, each scored the way ``ctxgraph bench cs``
scores a chat.

``python -m tests.probe_sets tests/data/probes_miss11.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("miss11")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "en-address-label-word-after-sentence-septic": "'septic tank needs emptying' is no want form",
    "en-address-its-business-skip": "'8 yard skip' is cut to a length; 'on the forecourt pls' is not read",
    "en-address-neg-label-no-number-clock": "'our grandfather clock has stopped' is read as a person, not the thing",
    "en-clock-dot-pm-pond": "'can someone clean out our pond' is no want form",
    "en-clock-dot-space-pm-stairlift": "'stairlift service for my mum's house please' is no want form",
    "en-clock-dot-change-chess": "'chess lessons for my son' is no want form; 'weekly' is not read",
    "en-clock-neg-dot-no-ampm-bridge": "'bridge lessons for 4 of us' is no want form; a price per head is not read",
    "en-clock-dot-pm-signlang": "'is there a BSL level 1 class' (a question) is no want form",
    "zh-condition-teammate-allergy-tubu": "10公里的 (a pick of an offered route by its length) is not read",
    "zh-condition-medicine-laonian": "菜要少盐 is not read",
    "zh-condition-neg-surgery-asked-pingpang": "想练练反手 is not read",
    "zh-condition-speaker-wheelchair-lunyi": "要能放平腿的那种 is not read",
}


def test_probes_miss11_load_both_languages():
    assert len(PROBES) >= 20 and {conv.lang for _, conv in PROBES} == {"en", "zh"}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_miss11_probe_reads_the_value(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])
