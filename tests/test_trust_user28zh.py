"""A new Chinese user's rough edges (issue 19, user28zh lane), from short chats written as real customers type them
(tests/data_user28zh/chats.py, expectations written before running ctxgraph): a way of settling the user says
they do NOT want ("不要退款", "勿要退款了") is no request, and a size said in 码 or 寸 ("42码", "八寸的蛋糕") is a
value that a later change ("换成六寸吧") replaces."""

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


# --- a size in 码 (shoes, clothes) or 寸 (cakes, screens) is a value, and a change replaces it

@pytest.mark.parametrize("message, key, value", [
    ("鞋子买了42码的 小了", "size", "42码"),
    ("我穿37.5码", "size", "37.5码"),
    ("定个蛋糕 八寸的 巧克力味", "length", "八寸"),
    ("要一个6寸的", "length", "6寸"),
    ("想买55寸的电视", "length", "55寸"),
])
def test_a_size_is_kept(message, key, value):
    assert _current(_facts([("user", message)]), key) == [value]


def test_a_new_size_replaces_the_old():
    facts = _facts([("user", "定个蛋糕 八寸的"), ("assistant", "好的，需要写字吗？"),
                    ("user", "要不还是换成六寸吧 人不多")])
    assert _current(facts, "length") == ["六寸"], facts
    assert ("length", "八寸", "superseded") in facts


@pytest.mark.parametrize("message", ["验证码是4821", "扫一下二维码", "收到的6位码不对", "一寸土地都没有"])
def test_a_code_is_no_size(message):
    facts = _facts([("user", message)])
    assert not _current(facts, "size") and not _current(facts, "length"), facts


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
