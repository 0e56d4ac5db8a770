"""user31zh: a new Chinese user's rough edges, from 18 chats of my own (tests/data/user31zh/chats.yml, expectations
written before running ctxgraph). Each test is a short chat of my own; it failed before its rule. The shapes are
Chinese only (an English handle or street number is read by other rules)."""

import pytest

from ctxgraph import Tracker
from tests.test_trust_user30zh import _current, _facts  # (key, value, status) of every fact; one key's current values


def _values(facts):
    return [v for _, v, status in facts if status == "current"]


# --- a WeChat id or an account's name with an underscore is kept whole, not its digits alone

@pytest.mark.parametrize("text, key, value", [
    ("找不到啊 你帮我关了吧 账号是 sunny_0921", "handle", "sunny_0921"),
    ("我的账号 lily_chen88 你查一下", "handle", "lily_chen88"),
    ("用户名：tom_lee。", "handle", "tom_lee"),
    ("有事加我微信 mei_0315 就行", "wechat", "mei_0315"),
    ("我叫周敏 微信号zhoumin88 电话13900001111", "wechat", "zhoumin88"),
])
def test_a_handle_after_its_noun_is_kept_whole(text, key, value):
    facts = _facts([("assistant", "请提供一下您的账号或联系方式。"), ("user", text)])
    assert _current(facts, key) == [value], facts
    assert not any(v.isdigit() and v in value for v in _values(facts)), facts  # not "0921" as an account number


@pytest.mark.parametrize("text", ["有事发微信 ok的", "微信是 mei_0315@qq.com", "账号 Test"])
def test_no_handle_from_a_word_or_an_email(text):
    facts = _facts([("user", text)])
    assert _current(facts, "wechat") == [] and _current(facts, "handle") == [], facts


# --- a street's number typed after a space stays in the address

@pytest.mark.parametrize("text, value", [
    ("天河区体育西路 191号 明天中午十二点前送到", "天河区体育西路191号"),
    ("送到中山路 12号", "中山路12号"),
    ("地址是人民路 88号3栋1201", "人民路88号3栋1201"),
])
def test_a_street_number_after_a_space_stays_in_the_address(text, value):
    facts = _facts([("assistant", "好的，请问送到哪里？"), ("user", text)])
    assert _current(facts, "address") == [value], facts
    assert "西路" not in _values(facts), facts


# --- a count changed with a word of change, and another count of the same thing said for someone else

@pytest.mark.parametrize("first, change, value", [
    ("打印毕业论文 双面胶装 一共5本", "哦还有 改成6本 导师也要一本", "打印毕业论文双面胶装一共6本"),
    ("我要5本", "改成6本 老师也要一本", "我要6本"),
])
def test_the_count_after_the_change_word_is_the_new_one(first, change, value):
    facts = _facts([("user", first), ("assistant", "好的。"), ("user", change)])
    assert _current(facts, "want") == [value], facts


# --- numbers of a labelled series said with their unit ("左眼450度 右眼500")

@pytest.mark.parametrize("text, expected", [
    ("配眼镜 左眼450度 右眼500 散光都是75", {"左眼": "450度", "右眼": "500"}),
    ("左眼450度，右眼500度", {"左眼": "450度", "右眼": "500度"}),
])
def test_a_series_number_with_its_unit_keeps_its_label(text, expected):
    facts = _facts([("assistant", "请问度数是多少？"), ("user", text)])
    for key, value in expected.items():
        assert _current(facts, key) == [value], facts


# --- a hedged bare answer ("好像是62") is the number, and "不对 … 是63" mends it

@pytest.mark.parametrize("answer", ["好像是62", "应该是62", "是62", "好像62"])
def test_a_hedged_answer_is_the_number(answer):
    facts = _facts([("assistant", "请问瞳距是多少？"), ("user", answer)])
    assert _current(facts, "瞳距") == ["62"], facts


@pytest.mark.parametrize("messages, key, value, old", [
    ([("assistant", "请问瞳距是多少？"), ("user", "好像是62"), ("user", "不对 我看了下单子 是63")], "瞳距", "63", "62"),
    ([("assistant", "请问宝宝多重？"), ("user", "7公斤吧"), ("assistant", "好的。"), ("user", "哦不对 是8")], "weight", "8公斤", "7公斤"),
])
def test_a_number_said_wrong_is_mended_in_the_next_message(messages, key, value, old):
    facts = _facts(messages)
    assert _current(facts, key) == [value], facts
    assert (key, old, "superseded") in facts, facts


def test_no_mend_without_a_word_that_says_wrong():
    facts = _facts([("assistant", "请问瞳距是多少？"), ("user", "62"), ("user", "镜框要黑色的 大概300")])
    assert _current(facts, "瞳距") == ["62"], facts


# --- "还是" after a day is no return ("还车"): the day a trip moves to stays its date

def test_a_day_before_haishi_is_no_end_date():
    facts = _facts([("user", "我要改签 原来是11月3号北京到上海的车"), ("assistant", "您想改到哪天？"),
                    ("user", "改到5号 还是早上的车")])
    assert _current(facts, "date") == ["5号"] and _current(facts, "checkout") == [], facts


# --- a vehicle's frame number after its noun; the count of digits asked for is no value

@pytest.mark.parametrize("text, value", [
    ("大众朗逸 2019年的 车架号LSVAA4187K2123456", "LSVAA4187K2123456"),
    ("车牌苏A·7K3M2，车架号后六位582317", "582317"),
])
def test_a_frame_number_after_its_noun_is_kept(text, value):
    facts = _facts([("assistant", "好的，车辆信息发一下。"), ("user", text)])
    assert _current(facts, "vin") == [value], facts


def test_the_count_of_digits_asked_for_is_no_value():
    facts = _facts([("assistant", "请提供卡号后4位核验。"), ("user", "8893")])
    assert ("account_no", "4", "superseded") not in facts and _current(facts, "account_no") == ["8893"], facts


# --- "不过" (however) negates nothing: a limit said after it is a must, not a must-not

def test_buguo_negates_nothing():
    t = Tracker(lang="zh")
    t.observe_many([{"role": "assistant", "content": "洗牙一次168元，您方便哪天来？"},
                    {"role": "user", "content": "下礼拜二吧 不过我只有午休时间 12点到1点半"}])
    assert [c.polarity for c in t.state().constraints] == ["must"], t.state().constraints


# --- (ecommerce pack) the amount after a request word ("我要退款50元") is the refund's amount

@pytest.mark.parametrize("text", ["我要退款50元", "申请退款50元"])
def test_the_amount_after_a_request_word_is_kept(text):
    t = Tracker(lang="zh", packs=["ecommerce"])
    t.observe({"role": "user", "content": text})
    facts = [(f.key, f.value) for f in t.state().facts if f.status == "current"]
    assert ("refund_amount", "50元") in facts and ("request", "退款") in facts, facts


# --- "原来是11月3号": 原来 (originally) is no event; the day moved to replaces it

@pytest.mark.parametrize("first", ["我要改签 原来是11月3号北京到上海的车", "原来约的是11月3号"])
def test_the_day_said_with_yuanlai_is_the_date_it_moves_from(first):
    facts = _facts([("user", first), ("assistant", "您想改到哪天？"), ("user", "改到5号")])
    assert _current(facts, "date") == ["5号"] and ("date", "11月3号", "superseded") in facts, facts
    assert not any(k.startswith("原来") for k, _, _ in facts), facts
