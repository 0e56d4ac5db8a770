"""Chinese booking values read as the user means them (issue 19, CrossWOZ round 3): no dish from
words around eating, a duration said as two numbers is a range, "不免费" is not free. Phrasings
written for these tests, not taken from the corpora."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from ctxgraph.bench._state_accuracy import state_value


def current(message: str) -> dict[str, str]:
    t = Tracker("zh", packs=["booking"])
    t.observe({"role": "user", "content": message})
    return {f.key: f.value for f in t.state().facts if f.status == "current"}


@pytest.mark.parametrize("message", [
    "这家饭店附近有没有吃饭的餐馆？",
    "逛累了能不能吃到饭啊，附近有餐馆吗？",
    "去吃烤肉比较实在，那家餐厅几点开门？",
    "我想在附近找个餐馆吃宵夜呢，有推荐吗？",
    "哪里有这样的餐馆？",
    "帮我找个有那个菜的餐厅。",
])
def test_trust_booking_zh_no_dish_from_words_around_eating(message):
    assert "restaurant.dish" not in current(message)


@pytest.mark.parametrize("message, dish", [
    ("帮我找一家能吃到卤煮火烧的餐馆。", "卤煮火烧"),
    ("我想找个有酸辣土豆丝这道菜的餐厅。", "酸辣土豆丝"),
])
def test_trust_booking_zh_dishes_still_read(message, dish):
    assert current(message).get("restaurant.dish") == dish


def test_trust_booking_zh_two_numbers_of_hours_are_a_range():
    state = current("想找个能逛3、4个小时的景点，评分高一点的。")
    assert state_value(state["attraction.duration"]) == state_value("3小时 - 4小时")


@pytest.mark.parametrize("message, free", [
    ("帮我找个不免费的景点，玩两小时左右。", False),
    ("找一个门票不是免费的景点吧。", False),
    ("有没有免费的景点推荐一个？", True),
])
def test_trust_booking_zh_not_free_is_not_free(message, free):
    assert (current(message).get("attraction.ticket") == "免费") is free


@pytest.mark.parametrize("message", [
    "帮我推荐家吧，评分4分以上的餐馆。",
    "我想找个评分4.5分以上的景点，给我点建议好吗？",
    "你的建议很贴心，这家酒店电话是多少？",
    "帮我推荐有一个能玩2小时的景点吧。",
    "可以帮我查一下餐馆的营业时间吗？",
])
def test_trust_booking_zh_no_venue_from_asking_for_one(message):
    assert not any(k.endswith(".venue") for k in current(message))


@pytest.mark.parametrize("message, venue", [
    ("我觉得北京饭店不错，它的评分是多少？", "北京饭店"),
    ("帮我查一下北京饭店的地址。", "北京饭店"),
])
def test_trust_booking_zh_a_name_after_a_verb_is_read_without_it(message, venue):
    assert venue in current(message).values()
