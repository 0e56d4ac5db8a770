"""user32zh: a new Chinese user's rough edges, from 25 chats of my own (tests/data/user32zh/chats.yml, expectations
written before running ctxgraph). Each test is a short chat of my own; it failed before its rule. The shapes are
Chinese only (the English readers have their own words for them)."""

import pytest

from ctxgraph import Tracker
from tests.test_trust_user30zh import _current, _facts  # (key, value, status) of every fact; one key's current values


def _values(facts):
    return [v for _, v, status in facts if status == "current"]


def _rules(messages):
    t = Tracker(lang="zh")
    t.observe_many([{"role": r, "content": c} for r, c in messages])
    return [(c.polarity, c.text) for c in t.state().constraints if c.status == "active"]


# --- the 别 of "特别", "分别", "别的" forbids nothing: a long message typed without stops is no rule
# (a strict xfail until model32 retrained the constraint model with the mask in its features)

@pytest.mark.parametrize("text", [
    "喂你好我家洗衣机脱水的时候响得特别厉害像要飞起来一样是海尔的滚筒",
    "喂你好我家热水器烧水的时候响得特别厉害像要炸了一样是万和的",
    "前天买的面包吃起来味道特别怪像是坏了",
])
def test_a_word_with_a_bie_that_forbids_nothing_makes_no_rule(text):
    assert _rules([("user", text)]) == []


def test_a_real_bie_still_forbids():
    assert [p for p, _ in _rules([("user", "一定要特别小心 别碰到旁边的柜子")])] == ["must_not"]


# --- "对方…" opens no yes: the reply to a yes-no question that starts with it is no answer with its 对 cut off

@pytest.mark.parametrize("question, reply, cut", [
    ("有没有报交警？", "对方全责 交警来了 定完责了", "方全责"),
    ("请问对方有没有留电话？", "对方走了 没留", "方走"),
    ("有没有报保险？", "对方报了 人保的", "方报"),
    ("行李需要托运吗？", "行李就一个小箱子 不用托运", "李就一个小箱子"),
])
def test_a_word_that_starts_with_a_yes_word_is_no_yes(question, reply, cut):
    facts = _facts([("user", "你好"), ("assistant", question), ("user", reply)])
    assert not any(v.startswith(cut) for v in _values(facts)), facts


# --- an option said to be of no use, or never used, is no pick: the option taken before it stands

@pytest.mark.parametrize("offer, reply, picked", [
    ("查到了，少送的酸辣粉18元，给您退款还是补送？", "退款吧 都吃完了 补送也没用", "退款"),
    ("这款有黑色和白色，要哪个？", "黑色吧 白色的没用过", "黑色"),
])
def test_an_option_of_no_use_is_no_pick(offer, reply, picked):
    facts = _facts([("assistant", offer), ("user", reply)])
    picks = [v for k, v, s in facts if k.startswith("choice_") and s == "current"]
    assert len(picks) == 1 and picks[0].startswith(picked), facts


# --- "check whether it leaks" is no leak: a problem asked about with 是否 / 有没有 is no problem had

@pytest.mark.parametrize("text", ["查到本月用水42吨，比上月多30吨，建议检查是否漏水。", "建议您检查一下水管有没有漏水。"])
def test_a_problem_asked_whether_is_no_problem(text):
    assert _current(_facts([("user", "这个月水费怎么这么多"), ("assistant", text)]), "problem") == []


def test_a_problem_said_is_still_one():
    assert _current(_facts([("user", "厨房水管漏水了")]), "problem") == ["厨房水管漏水了"]


# --- two people named in a reply are two names, not the reply as one name

@pytest.mark.parametrize("question, reply, names", [
    ("好的，请问两位的姓名和年龄？", "我爸王建国 62岁 我妈李秀兰 58岁", ["王建国", "李秀兰"]),
    ("好的，请问两位的姓名？", "我爸王建国 我妈李秀兰", ["王建国", "李秀兰"]),
])
def test_two_people_named_are_no_one_name(question, reply, names):
    facts = _facts([("user", "我想给我爸妈约个体检"), ("assistant", question), ("user", reply)])
    assert reply not in _values(facts), facts
    assert all(any(n in v for v in _values(facts)) for n in names), facts


# --- an allergy said as its own piece after the name, with no person word before 对

@pytest.mark.parametrize("reply, value", [
    ("周子墨 对芒果过敏 你们午饭点心里千万别有芒果", "对芒果过敏"),
    ("王小川 对海鲜过敏", "对海鲜过敏"),
])
def test_an_allergy_that_opens_a_piece_is_a_condition(reply, value):
    facts = _facts([("assistant", "孩子叫什么名字，有没有过敏或者需要我们特别注意的？"), ("user", reply)])
    assert value in _current(facts, "condition"), facts


def test_an_allergy_that_qualifies_a_noun_is_no_condition():
    assert _current(_facts([("user", "对花生过敏的可以吃吗")]), "condition") == []


# --- the ages of two people said in one reply, each after its person, are two ages: not the last one for both

@pytest.mark.parametrize("reply, ages", [
    ("我爸王建国 62岁 我妈李秀兰 58岁", {"age_我爸": "62岁", "age_我妈": "58岁"}),
    ("我爷爷75岁 我奶奶73岁", {"age_我爷爷": "75岁", "age_我奶奶": "73岁"}),
])
def test_two_ages_of_two_people_are_both_kept(reply, ages):
    facts = _facts([("assistant", "请问两位的姓名和年龄？"), ("user", reply)])
    got = {k: v for k, v, s in facts if k.startswith("age") and s == "current"}
    assert got == ages, facts


def test_one_person_said_twice_keeps_the_last_age():
    facts = _facts([("user", "孩子7岁"), ("user", "孩子8岁")])
    assert _current(facts, "age") == ["8岁"], facts


# --- an id's or a contact's word left at a piece's end once its value is out is no part of the want

@pytest.mark.parametrize("text, want", [
    ("我定的酒店想改一下日期 订单号是 HT8837261", "我定的酒店想改一下日期"),
    ("车要年检了 能帮我约个时间吗 车牌沪B88K21", "车要年检了能帮我约个时间吗"),
    ("我想退货 订单号123456789012 衣服太大了", "我想退货衣服太大了"),
])
def test_a_value_word_left_hanging_is_out_of_the_want(text, want):
    assert _current(_facts([("user", text)]), "want") == [want]


def test_a_value_word_inside_a_running_sentence_stays():
    facts = _facts([("user", "你好我有个快递单号是SF1234567890我想改一下地址")])
    assert _current(facts, "want") == ["我有个快递单号是我想改一下地址"], facts


def test_a_de_the_user_ended_a_piece_on_keeps_its_word():
    facts = _facts([("user", "我买的电饭煲坏了 想换个新的 订单号DF20260412")])
    assert any("换个新的" in v for v in _current(facts, "want")), facts
