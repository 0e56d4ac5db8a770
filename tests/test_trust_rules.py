"""Constraints the user states in ordinary words, zh and en (issue 10): they are active
until the user takes them back; a question about a rule is not a rule, and a request for an
action is not a standing rule. Conversations written for these tests."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker


def rules_after(lang: str, *turns: str | dict) -> dict[str, str]:
    """{constraint text: status} once the turns (strings are user turns) are observed."""
    t = Tracker(lang, today="2026-03-02")
    for turn in turns:
        t.observe(turn if isinstance(turn, dict) else {"role": "user", "content": turn})
    return {c.text: c.status for c in t.state().constraints}


def status_of(rules: dict[str, str], part: str) -> str | None:
    """The status of the one rule whose text holds ``part`` (None when no rule does)."""
    found = [status for text, status in rules.items() if part.casefold() in text.casefold()]
    assert len(found) <= 1, rules
    return found[0] if found else None


ACTIVE = [
    pytest.param("zh", "地址是朝阳路8号，别给我打电话，有事发微信", "打电话", id="zh-no-calls"),
    pytest.param("zh", "三张票，要连座", "连座", id="zh-seats-together"),
    pytest.param("zh", "周五送吧，晚上8点以后的", "8点以后", id="zh-time-bound"),
    pytest.param("zh", "修理费总共300以内", "300以内", id="zh-cost-cap"),
    pytest.param("zh", "房间一定得是能退款的", "能退款", id="zh-must"),
    pytest.param("zh", "会员自动续费帮我关掉", "自动续费", id="zh-auto-renew-off"),
    pytest.param("en", "The box is heavy. Please don't leave it on the porch, it gets stolen.", "porch", id="en-imperative"),
    pytest.param("en", "Send the refund to my card. And I don't want any promotional calls.", "promotional", id="en-dont-want"),
    pytest.param("en", "Book me a table for four, nothing after 8pm please", "after 8pm", id="en-nothing-after"),
    pytest.param("en", "Keep me posted, text only, my inbox is a mess", "text only", id="en-channel-only"),
    pytest.param("en", "Renew the policy, but no paper documents please", "paper", id="en-no-x-please"),
    pytest.param("en", "Could you make sure my card is never charged more than $50 a month?", "$50", id="en-request-sets-rule"),
    pytest.param("en", "Sorry, I'm diabetic, so the dessert is out", "diabetic", id="en-diet"),
]


@pytest.mark.parametrize(("lang", "text", "part"), ACTIVE)
def test_rule_stated_in_ordinary_words_is_active(lang, text, part):
    assert status_of(rules_after(lang, text), part) == "active"


LIFTED = [
    pytest.param("zh", ["送的时候别敲门，孩子在睡觉", "孩子醒了，现在敲门也没事"], "敲门", id="zh-also-fine"),
    pytest.param("zh", ["两张票，不要前两排", "算了，前排也行"], "前两排", id="zh-names-it"),
    pytest.param("en", ["Please don't call me, I'm at work all day.", "Actually calls are fine now."], "call", id="en-fine-now"),
    pytest.param("en", ["Leave it at the gate, don't ring the bell.", "Change of plans, the courier can ring the bell."],
                 "bell", id="en-can-now"),
    pytest.param("en", ["Never send anything by post.", "Scratch the no-post thing, post is ok."], "post", id="en-scratch"),
]


@pytest.mark.parametrize(("lang", "turns", "part"), LIFTED)
def test_rule_the_user_takes_back_is_lifted(lang, turns, part):
    assert status_of(rules_after(lang, *turns), part) == "lifted"


def test_lifting_one_rule_leaves_the_others_active():
    rules = rules_after("en", "I'm allergic to shellfish, so nothing with prawns.",
                        "Don't ring the bell, the baby sleeps.", "The baby is up, so the driver can ring the bell.")
    assert status_of(rules, "bell") == "lifted"
    assert status_of(rules, "prawns") == "active"


def test_a_rule_and_its_channel_in_one_message_stay_two_rules():
    rules = rules_after("en", "Please don't call me about it, I'm in class all day, just text.",
                        "Actually scratch the no-calls thing, a call is better.")
    assert status_of(rules, "don't call") == "lifted"
    assert status_of(rules, "just text") == "active"


NOT_RULES = [
    pytest.param("zh", "你们是不是不能开发票？", id="zh-question-about-rule"),
    pytest.param("zh", "帮我把订单取消了", id="zh-action-request"),
    pytest.param("zh", "别着急，我等一下也行", id="zh-dont-worry"),
    pytest.param("zh", "日本的流量包不要了", id="zh-drop-an-item"),
    pytest.param("en", "Does the parcel have to be signed for?", id="en-question-about-rule"),
    pytest.param("en", "Cancel the order please.", id="en-action-request"),
    pytest.param("en", "Both of them! Never heard of that shop.", id="en-never-heard"),
    pytest.param("en", "I don't know the tracking number.", id="en-dont-know"),
]


@pytest.mark.parametrize(("lang", "text"), NOT_RULES)
def test_question_or_action_request_is_no_rule(lang, text):
    assert rules_after(lang, text) == {}


def test_the_assistant_saying_a_rule_back_adds_no_rule():
    rules = rules_after("zh", "外卖别放葱", {"role": "assistant", "content": "好的，已备注不要放葱，也不要餐具。"})
    assert list(rules.values()) == ["active"]
    assert status_of(rules, "葱") == "active"


@pytest.mark.parametrize(("lang", "text", "lift", "lifted", "kept"), [
    pytest.param("zh", "不要打电话，只发短信", "现在打电话也没事了", "打电话", "短信", id="zh"),
    pytest.param("en", "don't call, just text", "calls are fine now", "call", "text", id="en"),
])
def test_two_rules_in_one_breath_are_lifted_one_at_a_time(lang, text, lift, lifted, kept):
    rules = rules_after(lang, text, lift)
    assert status_of(rules, lifted) == "lifted"
    assert status_of(rules, kept) == "active"


@pytest.mark.parametrize(("lang", "turns", "old", "new"), [
    pytest.param("zh", ["晚上6点之后送", "改成7点之后吧"], "6点", "7点", id="zh-time-restated"),
    pytest.param("zh", ["预算300以内", "那400以内也行"], "300", "400", id="zh-lift-with-a-new-value"),
])
def test_rule_stated_again_with_another_value_replaces_it(lang, turns, old, new):
    rules = rules_after(lang, *turns)
    assert status_of(rules, old) == "lifted"
    assert status_of(rules, new) == "active"


def test_rule_with_another_frame_stays_beside_it():
    rules = rules_after("zh", "预算300以内", "6点之后送")
    assert status_of(rules, "300") == "active"
    assert status_of(rules, "6点") == "active"
