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


# ----------------------------------------------------------------------------- what nothing has (round 4)


@pytest.mark.parametrize("first, assistant, reply, key, value", [
    ("我想找一家能吃到酸汤肥牛的餐厅。", "抱歉，这一带的餐厅都没有酸汤肥牛，推荐您去南门涮肉，他家羊肉不错。",
     "那好吧，他家几点关门？", "restaurant.dish", "酸汤肥牛"),
    ("帮我找一家有健身房的酒店。", "不好意思，附近的酒店都不提供健身房，可以考虑如家精选酒店。",
     "行吧，那它的价格是多少？", "hotel.facilities", "健身房"),
    ("帮我找一家有健身房的酒店。", "附近带健身房的还真没有，您看如家精选酒店可以吗？",
     "也行，地址发我一下。", "hotel.facilities", "健身房"),
])
def test_trust_unmet_a_wish_the_assistant_says_nothing_has_is_given_up(first, assistant, reply, key, value):
    assert status(facts(first, bot(assistant), reply), key, value) == "retracted"


@pytest.mark.parametrize("reply", [
    "那换一家有健身房的酒店吧。",  # the wish said again
    "不行，没有健身房我不住。",  # the option declined
])
def test_trust_unmet_a_lacking_wish_stays_when_the_user_holds_to_it(reply):
    state = facts("帮我找一家有健身房的酒店。",
                  bot("不好意思，附近的酒店都不提供健身房，可以考虑如家精选酒店。"), reply)
    assert status(state, "hotel.facilities", "健身房") == "current"


def test_trust_unmet_no_problem_is_not_a_lack():
    state = facts("帮我找一家有健身房的酒店。",
                  bot("没有问题，健身房的话推荐您去如家精选酒店。"), "好的，它的电话是多少？")
    assert status(state, "hotel.facilities", "健身房") == "current"


def test_trust_unmet_a_value_before_the_recommended_name_is_the_options():
    # the recommendation pattern reads the name; the price said before it is still read, as the option's
    state = facts("帮我找一家人均消费200-300元的火锅店，要餐厅。",
                  bot("抱歉，没有这个价位的，推荐您去人均消费120元的小龙坎火锅。"),
                  "那也行，地址在哪？")
    assert status(state, "restaurant.per_person", "200-300元") == "retracted"
    assert status(state, "restaurant.per_person", "120元") == "offered"


@pytest.mark.parametrize("assistant", [
    "抱歉，没有这么高评分的，推荐您去无评分的老张家常菜馆。",
    "不好意思，没找到，老张家常菜馆还不错，就是没有评分信息。",
])
def test_trust_unmet_an_option_without_the_slot_gives_up_its_wish(assistant):
    state = facts("帮我找一家评分4.5分以上的餐馆。", bot(assistant), "好吧，它家地址在哪？")
    assert status(state, "restaurant.rating", "4.5分以上") == "retracted"


def test_trust_unmet_a_facility_word_with_wu_is_no_lack():
    # "无烟房" is a facility, not "nothing has 烟房"; and no cue says the option falls short
    state = facts("帮我找一家有无烟房的酒店，价格500-600元。", bot("推荐北京云天酒店，有无烟房，价格800元。"), "好的，电话多少？")
    assert status(state, "hotel.price", "500-600元") == "current"


def test_trust_unmet_a_lack_in_one_domain_keeps_anothers_wish():
    state = facts("帮我找一家评分4.5分以上的酒店。", bot("推荐您住北京云天酒店。"), "好的。再帮我找一家评分5分的餐馆。",
                  bot("抱歉，没有这样的餐馆，推荐您去无评分的老张家常菜馆。"), "好吧，它家地址在哪？")
    assert status(state, "restaurant.rating", "5分") == "retracted"
    assert status(state, "hotel.rating", "4.5分以上") == "current"
