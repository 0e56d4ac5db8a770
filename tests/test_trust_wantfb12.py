"""wantfb12: the narrow fallback want. An opening that says no want verb keeps a want only when it reports a fault of
a named thing or asks for a thing by naming it, as whole parts: nothing masked out of them, no last word that needs
more after it, no person by relation, no value another fact keeps, not after the assistant spoke."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from ctxgraph.extract.wants import _FRAGMENT_END


def wants_after(lang: str, *messages: dict) -> list[str]:
    t = Tracker(lang)
    t.observe_many(list(messages))
    return [f.value for f in t.state().facts if f.key.startswith("want") and f.status == "current"]


def user(text: str) -> dict:
    return {"role": "user", "content": text}


def facts_after(lang: str, *messages: dict) -> list[str]:
    t = Tracker(lang)
    t.observe_many(list(messages))
    return [f.value for f in t.state().facts if f.status == "current"]


@pytest.mark.parametrize(("lang", "text", "held"), [
    pytest.param("en", "my dishwasher is leaking from the door", "dishwasher is leaking", id="en-fault-is-ing"),
    pytest.param("en", "the app keeps logging me out", "keeps logging me out", id="en-fault-keeps"),
    pytest.param("zh", "洗衣机不脱水了", "洗衣机不脱水了", id="zh-fault-negated"),
])
def test_wantfb12_a_fault_is_kept_once(lang, text, held):
    """A fault the problems step reads is the problem fact; the fallback want does not say it twice."""
    assert [v for v in facts_after(lang, user(text)) if held in v] and len([v for v in facts_after(lang, user(text)) if held in v]) == 1


@pytest.mark.parametrize(("lang", "text", "held"), [
    pytest.param("en", "my smart thermostat shows the wrong temperature", "wrong temperature", id="en-fault-verb-s"),
    pytest.param("en", "the rowing machine seat sticks halfway along the rail", "seat sticks", id="en-fault-verb-s2"),
    pytest.param("en", "replacement filter for a dyson v8 please", "replacement filter", id="en-request-for"),
    pytest.param("zh", "扫地机器人回不了充电座了", "回不了充电座", id="zh-fault-cannot"),
    pytest.param("zh", "发票开错了抬头", "发票开错了抬头", id="zh-fault-done-wrong"),
])
def test_wantfb12_a_fault_or_a_request_naming_a_thing_is_the_want(lang, text, held):
    (want,) = wants_after(lang, user(text))
    assert held in want


@pytest.mark.parametrize(("lang", "text"), [
    pytest.param("en", "Ship it to 22 Marlow Crescent, Leeds LS6 2QT", id="en-address-masked"),
    pytest.param("en", "her birthday's the 14th", id="en-day-masked"),
    pytest.param("en", "We fly to Athens on 3 May and back on the 10th", id="en-days-masked"),
    pytest.param("en", "do you deliver on sundays", id="en-policy-question"),
    pytest.param("en", "hello there, good morning", id="en-greeting"),
    pytest.param("en", "the invoice title is Holmes Ltd", id="en-value-another-fact-keeps"),
    pytest.param("en", "the booking is for my Mum and my Nan", id="en-person"),
    pytest.param("zh", "公司年会定在12月20号 地点在浦东", id="zh-days-masked"),
    pytest.param("zh", "你们周日送货吗", id="zh-policy-question"),
    pytest.param("zh", "你好 在吗", id="zh-greeting"),
    pytest.param("zh", "我的会员卡号是88012345", id="zh-value"),
    pytest.param("zh", "我姐夫下午过来取", id="zh-person"),
    pytest.param("en", "the kids loved it last time", id="en-people-subject"),
    pytest.param("en", "the gift is for a colleague who is retiring", id="en-copula-is-no-request"),
    pytest.param("en", "the depot is miles away", id="en-description"),
    pytest.param("zh", "天气太热了", id="zh-adjective-state"),
    pytest.param("zh", "地址没变吧，还是建设路那个", id="zh-tag-question-negated-ba"),
])
def test_wantfb12_a_fragment_a_question_a_greeting_or_a_value_keeps_no_want(lang, text):
    assert wants_after(lang, user(text)) == []


@pytest.mark.parametrize(("lang", "said", "fragment"), [
    ("en", "Ship it to", True), ("en", "her birthday's the", True), ("en", "We fly to Athens on", True),
    ("en", "my order is", True), ("en", "the app keeps logging me out", False), ("en", "our upright needs tuning", False),
    ("zh", "公司年会定在", True), ("zh", "送到", True), ("zh", "是我外婆留下来的", True), ("zh", "洗衣机不脱水了", False),
    ("zh", "漆都掉了", False),
])
def test_wantfb12_the_fragment_guard_reads_the_last_word(lang, said, fragment):
    """The clause's last word: a preposition, an article, a possessive, a copula, a particle needs more after it."""
    assert bool(_FRAGMENT_END[lang].search(said)) is fragment


@pytest.mark.parametrize(("lang", "question", "answer"), [
    pytest.param("zh", "您想要什么颜色？", "雾霾蓝吧", id="zh-answer"),
    pytest.param("en", "Hi, how can I help today?", "the garden tap drips all night", id="en-after-greeting"),
])
def test_wantfb12_no_fallback_want_after_the_assistant_spoke(lang, question, answer):
    assert wants_after(lang, {"role": "assistant", "content": question}, user(answer)) == []


def test_wantfb12_a_phone_number_corrected_leaves_the_wants_number():
    """A correction's old side and a group of a phone number ("07911 555 240 not 204") are no new count."""
    got = wants_after("en", user("need about 600 quid til end of feb"),
                      {"role": "assistant", "content": "What's your number?"}, user("07911 555 204"),
                      user("sorry my mobile is 07911 555 240 not 204"))
    assert got and all("600 quid" in w for w in got)


def test_wantfb12_a_bare_ba_is_a_suggestion_not_a_question():
    """吧 after a negation or 对/是 asks to confirm; a bare 吧 suggests ("全面版吧", "麻烦上门看看吧") and asks nothing."""
    from ctxgraph.extract.wants import _ASKS_END

    assert all(_ASKS_END.search(s) for s in ("地址没变吧", "不会再收费吧", "单号是对的吧", "是这个地址对吧"))
    assert not any(_ASKS_END.search(s) for s in ("全面版吧", "麻烦上门看看吧", "那就周三吧"))
