"""A new Chinese user's rough edges (issue 19, user28zh lane), from short chats written as real customers type them
(tests/data_user28zh/chats.py, expectations written before running ctxgraph): a way of settling the user says
they do NOT want ("不要退款", "勿要退款了") is no request. (The lead took back user28zh's sizes in 码 and 寸: they
changed the opt-in ecommerce pack's size slot and read "包裹大概有14寸长" as a fact there; see docs/quality.md.)"""

import pytest

from ctxgraph import Tracker


def _facts(messages):
    t = Tracker(lang="zh")
    t.observe_many([{"role": r, "content": c} for r, c in messages])
    return [(f.key, f.value, f.status) for f in t.state().facts]


def _current(facts, key):
    return [v for k, v, status in facts if k == key and status == "current"]


# --- a way of settling the user turns down is not what they ask for

@pytest.mark.parametrize("message", [
    "我要换新镜片 不要退款",
    "勿要退款了 换货就好",
    "鞋子不合适 不想要换货",
    "机器还能用 不需要维修",
    "别退款 我等补发",
])
def test_a_refused_way_is_no_request(message):
    facts = _facts([("user", message)])
    assert not _current(facts, "request"), facts


@pytest.mark.parametrize("message, way", [
    ("我要退款", "退款"),
    ("不想等了 还是退款吧", "退款"),
    ("我想换货", "换货"),
])
def test_a_wanted_way_is_still_the_request(message, way):
    assert _current(_facts([("user", message)]), "request") == [way]


# --- a change to a clock that carries its own weekday moves the day said before (Chinese says them as one value)

@pytest.mark.parametrize("first, change, day", [
    ("周六上午吧 十点", "哦不对 改成周日下午两点", "周日下午"),
    ("约礼拜三下午", "还是改成礼拜五上午九点吧", "礼拜五上午"),
    ("星期二", "不好意思 换到星期四晚上七点", "星期四晚上"),
])
def test_a_changed_clock_with_its_weekday_moves_the_day(first, change, day):
    facts = _facts([("user", first), ("assistant", "好的"), ("user", change)])
    days = [v for k, v, status in facts if k in ("date", "day") and status == "current"]
    assert days == [day], facts


def test_the_same_weekday_moves_no_day():
    facts = _facts([("user", "周六上午吧 十点"), ("assistant", "好的"), ("user", "改成周六上午十一点")])
    assert ("date", "周六上午", "current") in facts, facts


@pytest.mark.parametrize("question, reply, name", [
    ("您好，电视是什么品牌，多大尺寸？", "创维55寸的", "创维"),
    ("请问鞋子是什么牌子，多大码？", "安踏 42码", "安踏"),
])
def test_a_size_said_beside_a_name_leaves_the_name_answered(question, reply, name):
    facts = _facts([("user", "东西坏了想修"), ("assistant", question), ("user", reply)])
    assert any(name in v for k, v, status in facts if status == "current"), facts
