"""asked13's probe set (``tests/data/probes_asked13.yml``, written before ctxgraph ran on it): bare answers to the
assistant's yes/no and "any X?" questions. A question whether a thing is there or had binds a bare yes to the thing
("Is there a UV clarifier on the filter?" - "yeah"; 家里有暖气片吗 - 有) and a bare noun phrase to its answer ("Any
fish in there?" - "six koi, two of them quite big"; 有没有自带的渔具 - 两根台钓竿); the ``bind_nothing`` probes (a
bare no, a reply that is a question, a topic change, the assistant's own offer) bind nothing.

``python -m tests.probe_sets tests/data/probes_asked13.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("asked13")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "en-neg-question-back": "the opening 'the organ in our village hall needs a tune' keeps no want (the want's lane)",
    "en-neg-offer": "'book me onto the weaving taster session' keeps only the day (the want's lane)",
    "zh-yesnp-yangguangfang": "有，两个，在角落: a count said after yes is kept without the thing it counts (排水口)",
}


def _current(conv) -> list[str]:
    return [str(f["value"]) for f in replay(conv)["facts"] if f["status"] == "current"]


def test_probes_asked13_load_both_languages_and_non_answers():
    assert len(PROBES) >= 20 and {conv.lang for _, conv in PROBES} == {"en", "zh"}
    assert sum(bool(p.get("bind_nothing")) for p, _ in PROBES) >= 4


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_asked13_probe_reads_the_answer(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])


@pytest.mark.parametrize(("probe", "conv"), [(p, c) for p, c in PROBES if p.get("bind_nothing")],
                         ids=lambda x: x["id"] if isinstance(x, dict) else "")
def test_probes_asked13_non_answers_bind_nothing(probe, conv):
    """A bare no, a question back, a topic change, an offer taken: nothing of the question is kept."""
    held = [v for v in _current(conv) if probe["bind_nothing"].casefold() in v.casefold()]
    assert held == []


def _facts(lang: str, question: str, reply: str) -> list[tuple[str, str]]:
    t = Tracker(lang)
    t.observe_many([{"role": "assistant", "content": question}, {"role": "user", "content": reply}])
    return [(f.key, f.value) for f in t.state().facts if f.status == "current"]


@pytest.mark.parametrize(("lang", "question", "reply", "key", "value"), [
    ("en", "Is there a gas meter in the cellar?", "yep", "gas_meter", "gas meter"),
    ("en", "Does the boat have a bilge pump?", "yes it does", "bilge_pump", "bilge pump"),
    ("en", "Any allergies we should know about?", "shellfish, mild", "allergies", "shellfish"),
    ("zh", "车上有行车记录仪吗？", "有的", "行车记录仪", "行车记录仪"),
    ("zh", "有没有指定的字体？", "宋体", "字体", "宋体"),
])
def test_a_thing_asked_after_binds_a_bare_yes_or_a_noun_phrase(lang, question, reply, key, value):
    assert any(k == key and value in v for k, v in _facts(lang, question, reply)), _facts(lang, question, reply)


@pytest.mark.parametrize(("lang", "question", "reply", "thing"), [
    ("en", "Is there a gas meter in the cellar?", "no", "gas meter"),
    ("en", "Any allergies we should know about?", "why do you ask?", "allergies"),
    ("en", "Would you like us to add a carry case?", "sure", "carry case"),
    ("zh", "车上有行车记录仪吗？", "没有", "行车记录仪"),
    ("zh", "有没有指定的颜色？", "你们有哪些颜色？", "颜色"),
])
def test_a_no_a_question_back_or_an_offer_binds_no_thing(lang, question, reply, thing):
    assert not any(thing in v for _, v in _facts(lang, question, reply))
