"""prec17's probe set (``tests/data/probes_prec17.yml``, written before ctxgraph ran on it): the value tagger's
label on a word said in passing, the modifier of a noun its slot types do not describe ("the standard
application", "Canadian pondweed"), is no fact; its controls ("a standard room", "Japanese food", 一辆经济型的车)
still read. Each probe is scored the way ``ctxgraph bench cs`` scores a chat; plus the behaviour the rule adds.

``python -m tests.probe_sets tests/data/probes_prec17.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params
from tests.test_probes_prec16 import _current  # one user message, its current facts

PROBES = load_probes("prec17")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "en-cutname-house": "'at Low Green House, Keld': a house's name after 'we are at' is no address the rules read",
}


def test_probes_prec17_load():
    assert len(PROBES) >= 6 and {p["class"] for p, _ in PROBES} == {"modifier", "cutname"}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_prec17_probe_reads_the_value(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])


@pytest.mark.parametrize(("text", "gone", "kept"), [
    ("let's do the standard application then", "standard", None),
    pytest.param("there's Spanish bluebells all over the lawn", "Spanish", None, marks=pytest.mark.xfail(
        strict=True, reason="a capitalised word with no determiner: 'an intro Spanish course' names the kind the user wants")),
    ("I'd like a standard room please", None, "standard"),
    ("an economy car for the weekend", None, "economy"),
    ("we like Japanese food", None, "Japanese"),
])
def test_a_tagged_modifier_of_another_noun_is_no_fact(text, gone, kept):
    values = list(_current(text).values())
    assert gone is None or gone not in values, values
    assert kept is None or kept in values, values


@pytest.mark.parametrize(("text", "gone", "kept"), [
    ("we are at Low Green House, Keld", "Low Green", None),
    ("the Grand Hotel please", None, "Grand Hotel"),
])
def test_a_tagged_piece_of_a_longer_name_is_no_fact(text, gone, kept):
    values = list(_current(text).values())
    assert gone is None or gone not in values, values
    assert kept is None or kept in values, values
