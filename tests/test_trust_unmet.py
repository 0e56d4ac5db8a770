"""A wish the user gives up (issue 19, CrossWOZ round 3): the assistant says its option does not
meet a wish and states the values that break it; a user who goes on with the option no longer
holds the wish. Phrasings written for these tests, not taken from the corpora."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from ctxgraph.extract.bounds import interval, meets
from tests.test_graph import bot, user


def facts(*messages, lang: str = "zh", packs=("booking",)) -> list[tuple[str, str, str]]:
    t = Tracker(lang, packs=list(packs), today="2026-06-02")
    t.observe_many([user(m) if isinstance(m, str) else m for m in messages])
    return [(f.key, f.value, f.status) for f in t.state().facts]


def status(state, key: str, value: str) -> str | None:
    return next((s for k, v, s in state if k == key and v == value), None)


def test_trust_unmet_a_price_the_option_breaks_is_given_up():
    state = facts("帮我找一家人均消费200-300元的餐厅。",
                  bot("不好意思，查不到这个价位的，给您推荐老北京涮肉坊，人均消费150元。"),
                  "也行，它家电话多少？")
    assert status(state, "restaurant.per_person", "200-300元") == "retracted"
    assert ("restaurant.per_person", "150元", "current") not in state


def test_trust_unmet_a_type_the_option_breaks_is_given_up():
    state = facts("我想住一家经济型的宾馆。",
                  bot("抱歉，附近没有经济型的，为您推荐如家精选酒店，是舒适型的。"),
                  "那它的地址在哪？")
    assert status(state, "hotel.venue_type", "经济型") == "retracted"


@pytest.mark.parametrize("reply, assistant", [
    # the option meets the wish: 250 lies inside 200-300
    ("好的，地址发我一下。", "抱歉，没有带包间的，推荐您去老北京涮肉坊，人均消费250元。"),
    # no word says the option falls short: what it costs is only its description
    ("它家电话多少？", "推荐您去老北京涮肉坊，人均消费150元。"),
    # the user declines the option
    ("不行，太便宜的不要。", "不好意思，查不到这个价位的，给您推荐老北京涮肉坊，人均消费150元。"),
    # the user restates the wish
    ("还是要人均200-300元的。", "不好意思，查不到这个价位的，给您推荐老北京涮肉坊，人均消费150元。"),
])
def test_trust_unmet_the_wish_stays(reply, assistant):
    state = facts("帮我找一家人均消费200-300元的餐厅。", bot(assistant), reply)
    assert status(state, "restaurant.per_person", "200-300元") == "current"


def test_trust_unmet_a_list_of_dishes_is_not_judged_by_the_dishes_named():
    state = facts("我想吃酸菜鱼，找一家人均消费100元以内的餐厅。",
                  bot("抱歉，人均消费没有符合的，推荐您去江边城外，推荐菜有烤鱼，人均消费130元。"),
                  "那就它吧，地址在哪？")
    assert status(state, "restaurant.dish", "酸菜鱼") == "current"
    assert status(state, "restaurant.per_person", "100元以内") == "retracted"


def test_trust_unmet_needs_the_packs_words():
    """The rule's words are the booking pack's Chinese data: English booking talk and the core
    pack keep the wish."""
    state = facts("I need a cheap hotel in the north.",
                  bot("Sorry, there is nothing cheap in the north. The Acorn Guest House is moderately priced."),
                  "OK, what is its address?", lang="en")
    assert ("hotel.price_range", "cheap", "current") in state


@pytest.mark.parametrize("wish, value, verdict", [
    ("100-150元", "68元", False), ("4分以上", "3.5分", False), ("4.5分以上", "4.7分", True),
    ("20元以下", "免费", True), ("免费", "40元", False), ("1小时 - 2小时", "2小时 - 4小时", False),
    ("3天", "12小时 - 3天", None), ("豪华型", "豪华型", True), ("100-150元", "豪华型", None),
])
def test_trust_unmet_meets(wish, value, verdict):
    assert meets(wish, value) is verdict


def test_trust_unmet_interval_reads_bounds_and_ranges():
    assert interval("150到500元") == (150.0, 500.0)
    assert interval("5000元以内") == (float("-inf"), 5000.0)
    assert interval("at least 4 stars") == (4.0, float("inf"))


def test_trust_unmet_a_yes_takes_the_option_not_the_value_that_breaks_the_wish():
    state = facts("帮我找一家评分4分以上、能吃到羊蝎子的餐厅。",
                  bot("不好意思，评分都不够高，老城根羊蝎子有这个菜，评分是3.5分，您看可以吗？"),
                  "行，电话发我。")
    assert status(state, "restaurant.rating", "4分以上") == "retracted"
    assert ("restaurant.rating", "3.5分", "current") not in state
