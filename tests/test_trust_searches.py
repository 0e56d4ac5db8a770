"""A new search starts over (issue 19, CrossWOZ round 3): after the user chose a thing, or the
assistant found one, asking to find another thing of that kind ends the first search's wishes.
Phrasings written for these tests, not taken from the corpora."""

from __future__ import annotations

from ctxgraph import Tracker
from tests.test_graph import bot, user


def current(*messages, lang: str = "zh", packs=("booking",)) -> dict[str, str]:
    t = Tracker(lang, packs=list(packs), today="2026-06-02")
    t.observe_many([user(m) if isinstance(m, str) else m for m in messages])
    return {f.key: f.value for f in t.state().facts if f.status == "current"}


def test_trust_searches_a_second_restaurant_starts_over():
    state = current("帮我找一家人均消费50-80元、评分4分以上的餐厅。",
                    bot("推荐您去老北京炸酱面馆。"),
                    "好的，就去老北京炸酱面馆。",
                    bot("好的，地址是东四北大街10号。"),
                    "晚上我还想再找一家能吃到烤鸭的餐厅，人均200元以内。")
    assert "restaurant.rating" not in state and state.get("restaurant.venue") != "老北京炸酱面馆"
    assert state.get("restaurant.dish") == "烤鸭"


def test_trust_searches_more_wishes_before_anything_is_found_refine():
    state = current("帮我找一家评分4.5分以上的酒店。",
                    bot("请问您对价格有要求吗？"),
                    "价格在300-400元，帮我推荐一家。")
    assert state.get("hotel.rating") == "4.5分以上" and state.get("hotel.price") == "300-400元"


def test_trust_searches_another_domain_keeps_the_first():
    state = current("帮我找一家经济型的酒店。",
                    bot("推荐您住如家酒店(东直门店)。"),
                    "就住这家。",
                    bot("好的。"),
                    "吃完饭想找个门票免费的景点，推荐一个。")
    assert state.get("hotel.venue_type") == "经济型"


def test_trust_searches_the_domain_is_the_one_sought():
    """"吃了饭我想找一家…的酒店": the restaurant named in passing is not searched again."""
    state = current("找一家人均100元以内的餐厅。",
                    bot("推荐您去西贝莜面村。"),
                    "行，就它了。",
                    bot("好的。"),
                    "吃了饭我想找一家经济型的酒店住下，给我推荐一个吧！")
    assert state.get("restaurant.per_person") == "100元以内"


def test_trust_searches_needs_the_packs_words():
    state = current("I need a cheap hotel in the north.",
                    bot("I recommend the Acorn Guest House."),
                    "Great, the Acorn it is.",
                    bot("Done."),
                    "Can you find me another hotel in the east for tomorrow?", lang="en")
    assert state.get("hotel.price_range") == "cheap"


def test_trust_searches_an_option_named_again_answers_the_newer_wishes():
    # the assistant repeats two hotels it named before the user's last wish: the search was answered,
    # so a request for another hotel starts over
    state = current("帮我找一家舒适型的酒店。",
                    bot("有北京云天酒店和北京饭店。"),
                    "我还要有洗衣服务的酒店。",
                    bot("北京云天酒店和北京饭店都有洗衣服务。"),
                    "好的。另外帮我朋友找一家评分4.5分以上的酒店。")
    assert "hotel.venue_type" not in state and "hotel.facilities" not in state
    assert state.get("hotel.rating") == "4.5分以上"
