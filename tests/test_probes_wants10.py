"""wants10's probe set (``tests/data/probes_wants10.yml``, written before ctxgraph ran on it): the want's parts - the
opening request said as a question, the person a zh deed is for, the opening's statements beside the want, counts no
other fact keeps, things asked for and granted - and non-wants (pure questions, declined offers, small talk, a thing
refused). zh and en, domains no cs set covers, each scored the way ``ctxgraph bench cs`` scores a chat.

``python -m tests.probe_sets tests/data/probes_wants10.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("wants10")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "en-items-with-counts": "'high res please' answers a two-way question with a cut of the option ('high')",
    "en-asked-yes-can-it-have": "a thing asked for and granted by a yes ('card payments') is no fact: reading it cost precision on the open groups",
    "en-asked-yes-do-you-do": "as en-asked-yes-can-it-have ('banksman'); the address '4 mill lane' before a postcode is not read",
    "en-neg-declined-offer": "'book me a spray tan' (an English imperative) is no want form",
    "en-neg-declined-offer-assistant-item": "'nah just email them' answers an offer with another way: not read",
    "en-neg-question-refused": "'12 park road' with no town or postcode is no address",
    "zh-openq-neng-ma": "a bare 15号 answering 具体哪天 is no fact",
    "zh-items-counts": "the address loses its first character (平区南京路88号): the address reader's cut",
    "zh-asked-yes-you-ma": "as en-asked-yes-can-it-have (卡拉OK)",
    "zh-asked-yes-neng-ma": "as en-asked-yes-can-it-have (旧沙发); a bare 周三 before the question is no fact",
}


def test_probes_wants10_load_both_languages_and_a_third_are_non_wants():
    assert len(PROBES) >= 30 and {conv.lang for _, conv in PROBES} == {"en", "zh"}
    assert sum(p["class"].startswith("neg") for p, _ in PROBES) * 3 >= len(PROBES)


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_wants10_probe_reads_the_want_and_nothing_else(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])


def test_probes_wants10_non_wants_add_no_wrong_value():
    """The non-wants (pure questions, declined offers, small talk, a thing refused) leave no asked or declined
    thing in the state, known misses or not."""
    for probe, conv in PROBES:
        if probe["class"].startswith("neg"):
            assert not score_state(conv, replay(conv))["wrong"], probe["id"]
