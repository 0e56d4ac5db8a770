"""The blind18 round's first merges as a new user meets them (issue 19, fix21 round): sentences of our own in the
shape of prec19's budget_waived and problems_follow and lead18's ranges and zh questions (other domains), and
controls that must not trigger them. One test per rough edge mended, with controls; the rough edges left are
known misses (xfail strict)."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker


def _facts(lang: str, *messages: tuple[str, str]) -> dict[str, list[tuple[str, str]]]:
    t = Tracker(lang)
    t.observe_many([{"role": r, "content": c} for r, c in messages])
    out: dict[str, list[tuple[str, str]]] = {}
    for f in t.state().facts:
        out.setdefault(f.key, []).append((f.value, f.status))
    return out


def _budget(lang: str, budget: str, offer: str, said: str) -> str:
    """The status of the budget stated first, after the assistant's offer and the user's reply."""
    facts = _facts(lang, ("user", budget), ("assistant", offer), ("user", said))
    return facts["budget"][0][1]


def _problems(lang: str, *messages: tuple[str, str]) -> list[str]:
    return [v for v, s in _facts(lang, *messages).get("problem", []) if s == "current"]


# ---------------------------------------------------------------- 1. prec19 budget_waived: going over a count or a time

@pytest.mark.parametrize("said", [
    "it's over 30 people but fine",
    "we might go over 3 hours, that's ok",
])
def test_fix21_going_over_a_count_or_a_time_keeps_the_budget(said):
    assert _budget("en", "party catering, budget 400", "How many guests, and how long?", said) == "current"


@pytest.mark.parametrize("said", ["menu B, happy to go over the 400 for it", "happy to go over £450 for menu B"])
def test_fix21_going_over_the_amount_still_lets_the_budget_go(said):
    assert _budget("en", "party catering, budget 400", "Menu B is 450.", said) == "retracted"


# ---------------------------------------------------------------- 2. prec19 budget_waived: a zh question without a mark

@pytest.mark.parametrize("said", ["超一点行不行", "贵点可不可以", "超一点没关系吧？"])
def test_fix21_a_zh_going_over_asked_keeps_the_budget(said):
    assert _budget("zh", "想买台电脑 预算五千", "A款5500，B款4800", said) == "current"


@pytest.mark.parametrize("said", ["要A款 超一点没关系", "A款吧 贵点就贵点"])
def test_fix21_a_zh_going_over_said_still_lets_the_budget_go(said):
    assert _budget("zh", "想买台电脑 预算五千", "A款5500，B款4800", said) == "retracted"


# ---------------------------------------------------------------- 3. prec19 budget_waived: over for one item, not the rest

@pytest.mark.parametrize("said", ["瓷砖贵点就贵点，其他的别超预算", "瓷砖超一点没关系 其余的不能超预算"])
def test_fix21_a_zh_budget_let_go_for_one_item_but_held_for_the_rest_stays(said):
    assert _budget("zh", "装修 预算十万", "进口瓷砖贵两万", said) == "current"


# ---------------------------------------------------------------- 4. prec19 budget_waived: a going over told, not agreed

@pytest.mark.parametrize("said", [
    "my sister went over budget on hers and regretted it",
    "last year we went over the 400 and it was a mess",
])
def test_fix21_a_going_over_that_happened_keeps_the_budget(said):
    assert _budget("en", "party catering, budget 400", "Menu B is 450.", said) == "current"


# ---------------------------------------------------------------- 5. prec19 problems_follow: a number of another thing

@pytest.mark.parametrize(("question", "said"), [
    ("We can send a plumber. How many people in the house?", "make it 4 people"),
    ("How many devices are connected?", "actually 4"),
])
def test_fix21_a_problem_keeps_its_number_when_another_thing_is_counted(question, said):
    first = "the kitchen tap has been leaking for 3 days"
    assert _problems("en", ("user", first), ("assistant", question), ("user", said)) == [first]


def test_fix21_a_problem_still_follows_its_own_number():
    assert _problems("en", ("user", "my boiler keeps cutting out, it's 3 years old"),
                     ("user", "sorry, actually it's 5 years old")) == ["my boiler keeps cutting out, it's 5 years old"]


# ---------------------------------------------------------------- 6. lead18 range_to: an end that opens another value

@pytest.mark.parametrize(("lang", "messages", "wrong"), [
    ("zh", [("user", "预算5000到6月底定下来就行")], "5000到6"),
    ("en", [("user", "budget 300 - 2 rooms please")], "300 - 2"),
    ("en", [("assistant", "What's your budget?"), ("user", "around 500 - 2 of us travelling")], "500 - 2"),
    ("en", [("user", "budget is 500 to 10 June is when we need it")], "500 to 10"),
])
def test_fix21_a_range_whose_end_opens_another_value_is_no_range(lang, messages, wrong):
    assert (wrong, "current") not in _facts(lang, *messages).get("budget", [])


@pytest.mark.parametrize(("lang", "messages", "budget"), [
    ("zh", [("user", "预算3000到5000")], "3000到5000"),
    ("en", [("user", "budget is 300-500 pounds")], "300-500 pounds"),
    ("en", [("assistant", "What's your budget?"), ("user", "£300-£500 tops")], "£300-£500"),
])
def test_fix21_a_range_still_is_the_value_whole(lang, messages, budget):
    assert (budget, "current") in _facts(lang, *messages).get("budget", [])


# ---------------------------------------------------------------- known misses left for later

@pytest.mark.xfail(strict=True, reason="a question said without a question mark ('would it be ok to ...') is read as consent")
def test_fix21_known_miss_an_en_going_over_asked_without_a_mark():
    assert _budget("en", "I need a new laptop, budget 800", "The Pro is 950.",
                   "would it be ok to go over budget a little") == "current"


@pytest.mark.xfail(strict=True, reason="超 of another thing (时间, 人数) is read as going over the budget")
def test_fix21_known_miss_a_zh_going_over_of_a_time():
    assert _budget("zh", "租车 预算五百", "四小时够吗", "时间超一点也没关系") == "current"


def test_fix21_a_range_of_weeks_is_one_duration():
    """A known miss of fix21 ('10-12 weeks' kept as '12 weeks'), mended in lead19 (the measures step reads the range)."""
    facts = _facts("en", ("assistant", "How long is the course?"), ("user", "10-12 weeks"))
    assert ("10-12 weeks", "current") in facts.get("duration", [])


@pytest.mark.xfail(strict=True, reason="asked_answers files '4个人到7点' under a learned key '位' beside people and time")
def test_fix21_known_miss_a_count_answer_with_a_time_makes_no_learned_key():
    assert "位" not in _facts("zh", ("assistant", "请问几位？"), ("user", "4个人到7点吧"))
