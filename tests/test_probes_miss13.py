"""miss13's probe set (``tests/data/probes_miss13.yml``, written before ctxgraph ran on it): a day the user names by its
number alone ("26th then", "20号吧", "推迟到27号了") kept beside a tool's restated date; a condition said as "is" and a
health adjective ("she's 14 weeks pregnant", "one of my friends (Dawn) is diabetic"); a zh body part hurt in the past
with a time word ("他左膝盖去年受过伤"); and their negatives. zh and en, domains no cs set covers, each scored the way
``ctxgraph bench cs`` scores a chat; plus the behaviour each rule adds, in both languages.

``python -m tests.probe_sets tests/data/probes_miss13.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import json

import pytest

from ctxgraph import Tracker
from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("miss13")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "en-dayown-marquetry-change": "\"can't do that one, my daughter's wedding\" (a reason) is no value",
    "en-dayown-stonemason-then": "the tool's result key 'job' is read from the call's args ('inscription'), not the result",
    "zh-dayown-zixingche-delay": "我出差 (the reason for the change) is no value",
    "en-condadj-sail-pregnant": "'can we still come on the sail repair workshop?' (a question) is no want form",
    "en-condadj-marquetry-bracket": "'booking the marquetry class for 3 of us' is no want form",
    "en-condadj-hearingdog-deaf": "'applying for a hearing dog' is no want form",
    "en-condadj-neg-age": "'marquetry lessons for my daughter' (no verb) is no want form",
    "en-condadj-neg-coming": "'he's free after 3' is no value",
    "zh-condhurt-yuezican": "月子餐能少放点姜吗 (a request asked as 能…吗) is no want",
    "zh-condhurt-xiubiao": "表能上门取吗 (a request asked as 能…吗) is no want",
    "zh-condhurt-xiangkuang": "相框要挂得低一点 is no want form",
    "zh-condhurt-neg-grade": "the opening's want keeps its first clause (他成绩去年下滑过)",
}


def test_probes_miss13_load_both_languages():
    assert len(PROBES) >= 20 and {conv.lang for _, conv in PROBES} == {"en", "zh"}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_miss13_probe_reads_the_value(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])


def _current(lang: str, messages: list[dict]) -> dict[str, str]:
    t = Tracker(lang, today="2026-03-09")
    t.observe_many(messages)
    return {f.key: f.value for f in t.state().facts if f.status == "current"}


def _booked_after(lang: str, said: str, iso: str) -> list[dict]:
    """The user's message, then a call booking ``iso`` and its result."""
    args = json.dumps({"date": iso})
    return [{"role": "user", "content": said},
            {"role": "assistant", "content": None, "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "book", "arguments": args}}]},
            {"role": "tool", "tool_call_id": "c1", "content": json.dumps({"ref": "BK-10442"})}]


@pytest.mark.parametrize(("lang", "said", "iso", "words"), [
    ("en", "not thursday. 26th then", "2026-03-26", "26th"),
    ("en", "can we move it to the 18th instead", "2026-03-18", "the 18th"),
    ("zh", "20号吧", "2026-03-20", "20号"),
    ("zh", "交房推迟到27号了 能改吗", "2026-03-27", "27号"),
])
def test_a_day_said_by_its_number_stays_beside_the_tools_date(lang, said, iso, words):
    assert _current(lang, _booked_after(lang, said, iso)).get("date", "").startswith(words)


@pytest.mark.parametrize(("lang", "said", "iso"), [
    ("en", "we're on the 2nd floor", "2026-04-02"),  # a floor
    ("en", "we're away the 9th, book me in", "2026-03-16"),  # another day
    ("zh", "送到文三路28号", "2026-03-28"),  # a house number
    ("zh", "6月4号前送到", "2026-03-04"),  # a written date of another month
])
def test_a_number_that_names_no_day_of_the_tools_date_is_not_added(lang, said, iso):
    value = _current(lang, _booked_after(lang, said, iso)).get("date", "")
    assert not any(w in value for w in ("2nd", "9th", "28号", "4号")), value


@pytest.mark.parametrize(("lang", "text", "held"), [
    ("en", "what jabs do we need? She's 14 weeks pregnant btw", "She's 14 weeks pregnant"),
    ("en", "one of my bridesmaids (Chloe) is pregnant so shes not having one", "(Chloe) is pregnant"),
    ("en", "my dad Alan. he's partially sighted so please ring", "he's partially sighted"),
    ("zh", "他左膝盖去年受过伤 立定跳远先别给他练", "他左膝盖去年受过伤"),
    ("zh", "我妈腰以前扭伤过 不方便出门", "腰以前扭伤过"),
])
def test_a_condition_said_by_a_health_word_or_a_past_hurt_is_read(lang, text, held):
    facts = _current(lang, [{"role": "user", "content": text}])
    assert any(held in v for k, v in facts.items() if k.startswith("condition")), facts


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "lessons for my daughter, she's 14 and she's really keen"),
    ("en", "the house is blind to the road"),  # no person
    ("en", "my husband is coming along, he's free after 3"),
    ("zh", "他成绩去年下滑过 想找个周末的课"),  # no body part
    ("zh", "表盘去年摔过一次 现在又不走了"),  # no person
])
def test_no_condition_without_a_person_and_a_health_word_or_body_part(lang, text):
    assert not any(k.startswith("condition") for k in _current(lang, [{"role": "user", "content": text}]))


@pytest.mark.parametrize(("lang", "text", "held"), [
    ("zh", "对了院子里那只猫能关起来吗有朋友猫毛过敏很严重", "朋友猫毛过敏"),
    ("zh", "菜里别放海鲜 奶奶和好几个亲戚都过敏", "奶奶和好几个亲戚都过敏"),
    ("en", "one of the guests is allergic to cats", "is allergic to cats"),
])
def test_an_allergy_of_another_person_is_read(lang, text, held):
    facts = _current(lang, [{"role": "user", "content": text}])
    assert any(held in v for k, v in facts.items() if k.startswith("condition")), facts


@pytest.mark.parametrize(("lang", "text"), [("zh", "我们俩都不过敏"), ("zh", "有个同事不过敏"), ("en", "none of us is allergic")])
def test_no_allergy_is_no_condition(lang, text):
    assert not any(k.startswith("condition") for k in _current(lang, [{"role": "user", "content": text}]))
