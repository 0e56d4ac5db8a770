"""miss10's probe set (``tests/data/probes_miss10.yml``, written before ctxgraph ran on it): the value classes that
recur in blind6-blind10 and are no other helper's lane - the fault told over several pieces, a person's condition,
an address's parts beside its postcode, a surname said alone, a name after "called". zh and en, domains no cs set
covers, each scored the way ``ctxgraph bench cs`` scores a chat.

``python -m tests.probe_sets tests/data/probes_miss10.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("miss10")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "zh-problem-bingxiang-chunks": "the brand 美的的 (a brand said with 的) is no value form",
    "zh-problem-neg-no-fault": "方太或者老板都行 (brands offered as either) and 三千以内 are not read whole",
    "en-problem-survey-flagged": "'the 3rd of next month' is cut to 'the 3rd'",
    "en-problem-garage-door": "'roller, electric': the answer's second word is no value read",
    "en-problem-neg-question-only": "'do you lay turf?' is no want form; 'mostly weeds' is not read",
    "zh-condition-one-char-body-part": "空调移机 两台 and 六楼没电梯 in the opening are not read",
    "zh-condition-all-allergic": "'要刷 用环保的' (an answer to 需要刷漆吗) is not read",
    "zh-condition-neg-fine": "做过 (a yes to 之前做过吗) and 上次那个李师傅 are not read",
    "en-condition-adverb": "'my dad's hands are really shaky' (a body part + adjective) and the wanted 'big buttons' are not read",
    "en-called-son-name": "'booking a garage door service' is no want form",
    "en-called-neg-phoned": "'about the turf' is no want form",
}


def test_probes_miss10_load_both_languages():
    assert len(PROBES) >= 20 and {conv.lang for _, conv in PROBES} == {"en", "zh"}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_miss10_probe_reads_the_value(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])
