"""Issue 10: who said it, and what happened to it — offered options, decisions, goal changes."""

from __future__ import annotations

import json

import pytest

from ctxgraph import Tracker


def bot(text: str, **extra) -> dict:
    return {"role": "assistant", "content": text, **extra}


def user(text: str) -> dict:
    return {"role": "user", "content": text}


def statuses(t: Tracker) -> dict[str, str]:
    return {f.value: f.status for f in t.state().facts if f.key == "item" or f.key.endswith("venue")}


def run(*messages, lang: str, **options) -> Tracker:
    t = Tracker(lang, today="2026-11-30", **options)
    for m in messages:
        t.observe(m)
    return t


@pytest.mark.parametrize(("lang", "offer", "answer", "taken", "declined"), [
    pytest.param("en", "I can offer the iPhone 15, the Pixel 9 or the MacBook Air M3.", "The second one please.",
                 "Pixel 9", ("iPhone 15", "MacBook Air M3"), id="en-position"),
    pytest.param("zh", "给您推荐三款：小米14、华为Mate 60、OPPO Find X7。", "第二个吧",
                 "华为Mate 60", ("小米14", "OPPO Find X7"), id="zh-position"),
    pytest.param("en", "We have the MacBook Air M3 at $1099 and the Surface Pro 11 at $999.",
                 "Not the Surface. I'll take the MacBook Air M3.", "MacBook Air M3", ("Surface Pro 11",), id="en-name"),
])
def test_offers_stay_offered_until_one_is_taken(lang, offer, answer, taken, declined):
    t = run(bot(offer), lang=lang)
    assert set(statuses(t).values()) == {"offered"}
    t.observe(user(answer))
    after = statuses(t)
    assert after[taken] == "current"
    assert all(after[d] in ("offered", "rejected") for d in declined)
    assert [f.value for f in t.state().facts if f.status == "current" and f.key == "item"] == [taken]


@pytest.mark.parametrize(("lang", "offer", "answer", "rejected"), [
    pytest.param("zh", "可以看看iPhone 15或者小米14，都有现货。", "iPhone就算了，太贵", "iPhone 15", id="zh-part"),
    pytest.param("en", "How about the Pixel 9 or the iPhone 15?", "Not the iPhone, please.", "iPhone 15", id="en-part"),
])
def test_a_declined_option_is_rejected_and_never_current(lang, offer, answer, rejected):
    t = run(bot(offer), user(answer), lang=lang)
    assert statuses(t)[rejected] == "rejected"
    ctx = t.assemble("what did I choose?", budget=400)
    assert rejected not in ctx.messages[0]["content"] or "rejected" not in ctx.messages[0]["content"]


def test_an_option_is_taken_by_a_number_of_its_offer():
    t = run(bot("有两款：小米14 售价3999元，华为Mate 60 售价5499元。"), user("就3999那个"), lang="zh")
    assert statuses(t) == {"小米14": "current", "华为Mate 60": "offered"}


def test_a_tool_that_books_an_option_takes_it():
    call = {"id": "c1", "type": "function", "function": {"name": "create_order", "arguments": '{"sku": "p9"}'}}
    t = run(bot("Options: the Pixel 9 or the iPhone 15."),
            bot("", tool_calls=[call]),
            {"role": "tool", "tool_call_id": "c1", "content": json.dumps({"order_id": "SO-99812", "item": "Pixel 9"})},
            lang="en")
    assert statuses(t)["Pixel 9"] == "current"


@pytest.mark.parametrize(("lang", "said", "reply", "kept", "not_current"), [
    pytest.param("zh", "预算改成800元", "好的，预算调整为每晚800元。推荐三里屯亚朵酒店，每晚760元。", "800元", "760",
                 id="zh-nightly-rate"),
    pytest.param("en", "My budget is $900, please.", "Noted. Actually the total comes to $1,149 with tax.", "$900", "1,149",
                 id="en-total"),
])
def test_a_value_the_assistant_mentions_never_replaces_the_users(lang, said, reply, kept, not_current):
    t = run(user(said), bot(reply), lang=lang)
    budget = [f for f in t.state().facts if f.key == "budget" and f.status == "current"]
    assert [f.value for f in budget] == [kept]
    assert not any(not_current in f.value for f in t.state().facts if f.status == "current" and f.key == "budget")


@pytest.mark.parametrize(("lang", "first", "change"), [
    pytest.param("en", "I want to exchange my headphones for a bigger size.", "Actually, cancel the order and refund me.", id="en"),
    pytest.param("zh", "我想把这件外套换成L码。", "算了，不买了，直接退款吧。", id="zh"),
])
def test_the_goal_follows_the_latest_intent(lang, first, change):
    t = run(user(first), bot("OK."), user(change), lang=lang)
    goal = t.state().goal
    assert goal is not None and goal.text in change
    assert not goal.text.endswith(("…",)) and goal.text.strip() == goal.text


def test_offered_and_rejected_statuses_are_in_the_state_json_schema():
    jsonschema = pytest.importorskip("jsonschema")
    from ctxgraph.schema import load_state_schema

    t = run(bot("I can offer the iPhone 15 or the Pixel 9."), user("Not the iPhone."), lang="en")
    data = json.loads(t.state().to_json())
    jsonschema.validate(data, load_state_schema())
    assert {f["status"] for f in data["facts"]} == {"offered", "rejected"}


def test_decisions_replay_from_a_saved_session():
    t = run(bot("I can offer the iPhone 15 or the Pixel 9."), user("The Pixel 9 then."), lang="en")
    again = Tracker.from_json(t.to_json())
    assert again.state() == t.state() and statuses(again)["Pixel 9"] == "current"


@pytest.mark.parametrize(("lang", "reply", "value"), [
    pytest.param("en", "The Acorn Guest House is in the north and has free parking.", "north", id="en"),
    pytest.param("zh", "北京云天酒店在东城区，评分4.5分。", "4.5分", id="zh"),
])
def test_what_the_assistant_says_about_an_option_is_offered_not_the_users(lang, reply, value):
    t = Tracker(lang, packs=["booking"])
    t.observe(user("I need a hotel please." if lang == "en" else "帮我找一家酒店。"))
    t.observe(bot(reply))
    described = [f for f in t.state().facts if value in f.value]
    assert described and all(f.status == "offered" for f in described)


def test_what_the_user_said_is_not_made_an_offer_by_the_assistant_repeating_it():
    t = Tracker("en", packs=["booking"])
    t.observe(user("I need a hotel in the north."))
    t.observe(bot("The Acorn Guest House is in the north."))
    assert [(f.value, f.status) for f in t.state().facts if f.key == "hotel.area"] == [("north", "current")]


@pytest.mark.parametrize(("lang", "asked", "reply", "ack", "value"), [
    pytest.param("en", "How much is the Acorn Guest House and where is it?", "It is moderately priced, in the north.",
                 "Great, thanks.", "north", id="en"),
    pytest.param("zh", "北京广电国际酒店的价格贵吗？评分是多少呢？", "价格比较贵805元，评分是4.7分。", "好的，谢谢。", "4.7分", id="zh"),
])
def test_an_acknowledged_answer_about_an_option_is_not_taken(lang, asked, reply, ack, value):
    """What the assistant told of a thing the user asked about stays offered after "ok, thanks";
    proposed with a question ("..., shall I book it?"), a "yes" takes it."""
    t = Tracker(lang, packs=["booking"])
    t.observe_many([user(asked), bot(reply), user(ack)])
    assert {f.status for f in t.state().facts if f.value == value} == {"offered"}
    t = Tracker(lang, packs=["booking"])
    t.observe_many([user(asked), bot(reply.rstrip("。.") + ("，可以吗？" if lang == "zh" else ", is that ok?")), user(ack)])
    assert {f.status for f in t.state().facts if f.value == value} == {"current"}
