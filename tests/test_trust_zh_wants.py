"""What the user came for, said in the opening message (issue 19, cszh4 round): the deed and
the thing it is about ("想给女儿报个美术班", "冰箱要除霜") are a ``want`` fact; the values said with
it stay their own facts. The phrasings are written for these tests, not taken from a bench chat."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from tests.test_graph import bot, user


def facts(*messages, lang: str = "zh") -> dict[str, str]:
    t = Tracker(lang)
    t.observe_many([user(m) if isinstance(m, str) else m for m in messages])
    return {f.key: f.value for f in t.state().facts if f.status == "current"}


@pytest.mark.parametrize(("said", "holds"), [
    pytest.param("你好，我想给女儿报个美术班，她八岁", ["美术班"], id="enrol"),
    pytest.param("冰箱要除霜，家里那台是双开门的", ["冰箱", "除霜"], id="topic-first"),
    pytest.param("麻烦帮我查下去杭州的动车", ["杭州的动车"], id="imperative"),
    pytest.param("我想办一张公交卡，学生用的", ["公交卡"], id="card"),
    pytest.param("房东要退押金，我需要开一个租房证明", ["租房证明"], id="two-wants"),
    pytest.param("老师好，我准备考教师资格证，笔试还没报名", ["教师资格证"], id="plan"),
])
def test_trust_zh_wants_the_opening_want_is_a_fact(said, holds):
    want = facts(said).get("want", "")
    assert all(h in want for h in holds), want


@pytest.mark.parametrize("said", [
    pytest.param("热水器一般多少钱？", id="question"),
    pytest.param("我不想要纸质发票", id="negated"),
    pytest.param("想约个时间", id="only-a-time"),
    pytest.param("想给孩子报个周六的班……不对，周日的", id="corrected-in-the-message"),
    pytest.param("只要能在月底前装好就行", id="only-if"),
])
def test_trust_zh_wants_no_want_from_questions_refusals_or_corrections(said):
    assert "want" not in facts(said)


def test_trust_zh_wants_values_said_with_the_want_stay_out_of_it():
    # the count is its own fact and changes later; the want never holds the old count
    state = facts("想订三十杯奶茶送到公司，下午三点前", bot("好的，三十杯，请问送到哪里？"), "改成二十五杯吧")
    assert "奶茶" in state["want"]
    assert "三十" not in state["want"] and "三点" not in state["want"]


def test_trust_zh_wants_only_the_opening_message_is_read():
    # a later wish is a pick or a change, read by its own steps: no second want
    state = facts("想拍一组证件照", bot("可以，明天上午还是下午？"), "我想下午来")
    assert state["want"] == "想拍一组证件照"


def test_trust_zh_wants_a_greeting_first_does_not_take_the_opening():
    assert "驾照" in facts("在吗？", bot("您好，请问有什么可以帮您？"), "我想报名学驾照，C2的").get("want", "")


@pytest.mark.parametrize(("first", "old", "change", "new"), [
    pytest.param("我的目标是考公务员", "考公务员", "对了，我目标其实改成考编了，有影响吗", "考编", id="adverb-and-question-after"),
    pytest.param("收货人是王小丫", "王小丫", "收货人改成李大山", "李大山", id="bare"),
    pytest.param("我的户型是两室一厅", "两室一厅", "户型现在换成三室一厅了", "三室一厅", id="now"),
])
def test_trust_zh_wants_a_key_of_the_users_own_words_changes_with_gai_cheng(first, old, change, new):
    # "X改成Y" with the key the user named before ("X是Y"): Y replaces the old value
    t = Tracker("zh")
    t.observe_many([user(first), bot("好的。"), user(change)])
    current = {f.value for f in t.state().facts if f.status == "current"}
    assert new in current and old not in current


def test_trust_zh_wants_a_question_proposing_a_change_changes_nothing():
    t = Tracker("zh")
    t.observe_many([user("我的目标是南京大学"), bot("好的。"), user("能改成东南大学吗？")])
    assert "南京大学" in {f.value for f in t.state().facts if f.status == "current"}


def test_trust_zh_wants_the_block_says_the_opening_once():
    """The goal line quotes the opening message whole: the want drawn from it is in the state
    JSON (named 来意) but takes no second line of the block."""
    t = Tracker("zh")
    t.observe_many([user("你好，我想给女儿报个美术班，她八岁"), bot("好的，周六上午和周日下午都有班。")])
    want = [f for f in t.state().facts if f.key == "want"]
    assert [(f.name, f.value) for f in want] == [("来意", "我想给女儿报个美术班")]
    block = t.assemble("有几点的班？", budget=400, state="always").state_block
    assert block.count("我想给女儿报个美术班") == 1 and "来意" not in block


def test_trust_zh_wants_masked_values_leave_no_symbols_behind():
    """The values said with the want are masked out; what joined them ("+") and a 的 left
    hanging go with them."""
    t = Tracker("zh", packs=["ecommerce"])
    t.observe(user("我要一台12+256G的手机，黑色"))
    want = {f.key: f.value for f in t.state().facts}["want"]
    assert "手机" in want and "+" not in want and "  " not in want, want
