"""A new user's rough edges the lead mended in the blind18 round: a zh question whose slot word jieba tags as no
noun ("您的预算大概多少？", "请问几位？") is still a question its bare answer fills; a range the user gives
("3000到5000", "£300-£500", "8 to 10") is the value whole, not its first or last number; a ceiling said as a
bare answer ("300以内吧") is a rule, not a value settled on."""

import pytest

from ctxgraph import Tracker


def _state(messages, lang):
    t = Tracker(lang)
    t.observe_many([{"role": r, "content": c} for r, c in messages])
    s = t.state()
    facts = {(f.key, f.value) for f in s.facts if f.status == "current"}
    rules = [c.text for c in s.constraints if c.status == "active"]
    return facts, rules


@pytest.mark.parametrize("question, answer, fact", [
    ("您的预算大概多少？", "3000块吧", ("budget", "3000块")),
    ("请问几位？", "6个", ("people", "6个")),
])
def test_a_zh_slot_question_without_a_noun_takes_its_bare_answer(question, answer, fact):
    facts, _ = _state([("assistant", question), ("user", answer)], "zh")
    assert fact in facts


@pytest.mark.parametrize("lang, messages, fact", [
    ("zh", [("assistant", "您的预算大概多少？"), ("user", "3000到5000")], ("budget", "3000到5000")),
    ("zh", [("user", "预算3000到5000")], ("budget", "3000到5000")),
    ("zh", [("user", "预算在3000-5000之间")], ("budget", "3000-5000")),
    ("zh", [("assistant", "请问几位？"), ("user", "8到10个人吧")], ("people", "8到10个人")),
    ("en", [("assistant", "What's your budget?"), ("user", "£300-£500")], ("budget", "£300-£500")),
    ("en", [("user", "budget is 300-500 pounds")], ("budget", "300-500 pounds")),
    ("en", [("assistant", "How many people?"), ("user", "8 to 10")], ("people", "8 to 10")),
])
def test_a_range_the_user_gives_is_the_value_whole(lang, messages, fact):
    facts, _ = _state(messages, lang)
    assert fact in facts
    assert not any(k == fact[0] and v != fact[1] for k, v in facts)


@pytest.mark.parametrize("lang, messages", [
    ("zh", [("assistant", "这类项目费用1500到3000元不等。")]),
    ("zh", [("user", "3000到5000的有吗？")]),
    ("en", [("user", "do you have anything in the 300-500 range?")]),
])
def test_a_range_asked_about_or_quoted_by_the_business_is_no_value(lang, messages):
    facts, _ = _state(messages, lang)
    assert not any(k in ("budget", "price") for k, _ in facts)


def test_a_ceiling_as_a_bare_answer_is_a_rule_not_a_value():
    facts, rules = _state([("assistant", "剪加染的预算大概多少呢？"), ("user", "300以内吧，小林就行")], "zh")
    assert not any(k == "budget" for k, _ in facts)
    assert any("300以内" in r for r in rules)


@pytest.mark.parametrize("lang, question, answer, expected", [
    ("zh", "几位？", "两个大人一个小孩", {("adults", "两个大人"), ("children", "一个小孩")}),
    ("en", "How many people?", "2 adults and 1 child", {("adults", "2 adults"), ("children", "1 child")}),
])
def test_counts_by_kind_answering_a_count_question_stay_apart(lang, question, answer, expected):
    facts, _ = _state([("assistant", question), ("user", answer)], lang)
    assert expected <= facts
    assert not any(k == "people" for k, _ in facts)


@pytest.mark.parametrize("lang, text, fact", [
    ("en", "new sofa please, my budget is £300-£500.", ("budget", "£300-£500")),
    ("zh", "预算3000到5000.", ("budget", "3000到5000")),
])
def test_a_range_that_ends_a_sentence_leaves_the_stop(lang, text, fact):
    facts, _ = _state([("user", text)], lang)
    assert fact in facts


def test_words_holding_numeral_characters_are_no_numbers_to_compare():
    """(reread18's find) 百度, 万一, 万达, 一下 are no amounts: before, 万达广场 parsed to 0 and met every upper bound."""
    from ctxgraph.extract.bounds import _number

    assert [_number(w) for w in ("百度", "万一不行", "万达广场", "看一下", "一楼")] == [None] * 5
    assert [_number(w) for w in ("三百", "两千五", "下午两点", "三百块")] == [300.0, 2500.0, 14.0, 300.0]


def test_a_problem_follows_the_old_number_whole_not_inside_another():
    from ctxgraph.extract.problems import _swapped

    assert _swapped("in our 120 flats, 12 of them empty", "12", "14", "make that 14") == "in our 120 flats, 14 of them empty"
