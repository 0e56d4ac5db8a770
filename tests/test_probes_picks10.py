"""picks10's probe set (``tests/data/probes_picks10.yml``, written before ctxgraph ran on it): the
user's pick of an offered option - by name, by a part of a long option, by position, by a feature, a
yes to the single option proposed, a pick changed later or overtaken by what the service can book - and
acts that are no pick (a list the user does not answer, a single offer declined, a recommendation not
taken, a question about an option). zh and en, domains no cs set covers, scored the way ``ctxgraph
bench cs`` scores a chat, with the default steps (``choose`` among them since picks10).

``python -m tests.probe_sets tests/data/probes_picks10.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("picks10")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "en_lasertag_single_yes": "one thing proposed with no recommending verb ('The Mission Party fits that: ... Shall I pencil that in?') - 'yes please' takes nothing",
    "en_curling_booked_other": "bare clocks '6 please' then 'ok 8 then': slots told apart by their clock are the slot readers' (slot_picks)",
    "zh_art_position_last": "options that are days (1月10日 / 1月20日 / 2月1日开班) are the date readers', never a list here",
}


def test_probes_picks10_load_both_languages():
    assert len(PROBES) >= 30 and {conv.lang for _, conv in PROBES} == {"en", "zh"}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_picks10_probe_reads_the_pick_and_no_other(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])
