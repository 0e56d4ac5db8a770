"""user30zh: a new Chinese user's rough edges, from 14 chats of my own (tests/data_user30zh/chats_user30zh.py, expectations
written before running ctxgraph). Each test is a short chat of my own; it failed before its rule."""

import pytest

from ctxgraph import Tracker


def _facts(messages, lang="zh"):
    t = Tracker(lang=lang)
    t.observe_many([{"role": r, "content": c} for r, c in messages])
    return [(f.key, f.value, f.status) for f in t.state().facts]


def _current(facts, key):
    return [v for k, v, status in facts if k == key and status == "current"]


# --- a short letter-prefixed number right after 订单号 is the order id

@pytest.mark.parametrize("text, value", [
    ("订单号YJ7788 是上周配的", "YJ7788"),
    ("订单号AB123 帮我查下", "AB123"),
    ("订单号 KX5521，到现在还没发货", "KX5521"),
])
def test_a_short_order_number_after_its_label_is_kept(text, value):
    facts = _facts([("assistant", "请问您的订单号是多少？"), ("user", text)])
    assert _current(facts, "order_id") == [value], facts


def test_a_short_code_with_no_order_label_is_no_order_id():
    facts = _facts([("user", "我的车停在B123车位")])
    assert _current(facts, "order_id") == [], facts


# --- a room typed after a space ends the address

@pytest.mark.parametrize("text, value", [
    ("送到阳光小区 7栋 2单元 301", "阳光小区7栋2单元301"),
    ("阳光小区7栋2单元 301，谢谢", "阳光小区7栋2单元301"),
    ("地址是金色家园 3号楼 1502", "金色家园3号楼1502"),
])
def test_a_room_after_a_space_stays_in_the_address(text, value):
    facts = _facts([("assistant", "可以，地址是？"), ("user", text)])
    assert _current(facts, "address") == [value], facts


def test_a_price_after_a_space_is_no_room():
    facts = _facts([("user", "阳光小区7栋2单元 300块以内")])
    assert _current(facts, "address") == ["阳光小区7栋2单元"], facts


# --- numbers in a series of labels keep every label

@pytest.mark.parametrize("text, pairs", [
    ("左眼300，右眼350", {"左眼": "300", "右眼": "350"}),
    ("左眼300右眼350", {"左眼": "300", "右眼": "350"}),
    ("右眼350 左眼300", {"左眼": "300", "右眼": "350"}),
    ("身高170体重65", {"身高": "170", "体重": "65"}),
])
def test_each_label_of_a_number_series_is_kept(text, pairs):
    facts = _facts([("assistant", "请说一下您的数据"), ("user", text)])
    for key, value in pairs.items():
        assert _current(facts, key) == [value], facts


def test_a_count_after_a_number_is_no_series():
    facts = _facts([("user", "买了3件衣服 想退一件")])
    assert not any(k in ("买了", "了") for k, _, _ in facts), facts


# --- a weight or a distance in kg / 千克 / 千米 is no amount of money

@pytest.mark.parametrize("text", ["快递15kg多少钱", "孩子体重20kg 穿多大的", "这箱大概5千克 运费多少"])
def test_a_weight_is_no_price(text):
    facts = _facts([("assistant", "您好"), ("user", text)])
    assert not any(k in ("price", "budget") for k, _, _ in facts), facts
    assert not any(v.endswith("k") or v.endswith("千") for _, v, _ in facts), facts


@pytest.mark.parametrize("text, value", [("预算5k左右", "5k左右"), ("预算8千块", "8千块"), ("预算5K，别超", "5K")])
def test_thousands_written_k_or_qian_stay_amounts(text, value):
    facts = _facts([("assistant", "您的预算是多少？"), ("user", text)])
    assert _current(facts, "budget") == [value], facts


def test_a_change_to_a_counted_quantity_is_no_labelled_number():
    facts = _facts([("assistant", "好的"), ("user", "有2个人不吃辣，改成8碗面加2碗粥")])
    assert not any(k == "改成" for k, _, _ in facts), facts
