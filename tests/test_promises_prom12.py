"""prom12: promises by structure — a casual zh 你 as the form of address, a follow-up after a semicolon that only
sets up the deed before it, the thing owed and where it will go, passing word on with 说一下, and the bare-report
fallback that must not take a report of another deed for the one open promise (docs/quality.md, prom12 round)."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker


def _promises(lang: str, messages: list[tuple[str, str]]) -> list[tuple[str, str]]:
    t = Tracker(lang, today="2026-06-01")
    for role, text in messages:
        t.observe({"role": role, "content": text})
    return [(c.text, c.status) for c in t.state().commitments]


@pytest.mark.parametrize("lang, said, promise", [
    ("zh", "可以，已经加上了。视频跳完当天发你微信。", "视频跳完当天发你微信"),
    ("zh", "要付50元定金，我等下微信发你付款码哈。", "我等下微信发你付款码哈"),
    ("zh", "视频跳完当天发您微信。", "视频跳完当天发您微信"),
    ("en", "Booked, ref CC-0702. The invoice will go to accounts@example.org within 2 working days.",
     "The invoice will go to accounts@example.org within 2 working days"),
    ("zh", "好的，我跟餐厅说一下。", "好的，我跟餐厅说一下"),
])
def test_promises_prom12_read_in_the_assistants_own_words(lang, said, promise):
    assert _promises(lang, [("user", "好的" if lang == "zh" else "ok"), ("assistant", said)]) == [(promise, "open")]


@pytest.mark.parametrize("lang, said", [
    ("zh", "你想看周五还是周六那场？"),
    ("zh", "这款一般3天内发货，下单后你可以在订单里看物流。"),
    ("en", "You'll go to room 3 when you arrive."),
    ("en", "Will the invoice go to your work email?"),
])
def test_promises_prom12_look_alikes_make_no_promise(lang, said):
    assert _promises(lang, [("user", "ok"), ("assistant", said)]) == []


@pytest.mark.parametrize("lang, said, promise", [
    ("en", "I'll get our site surveyor to walk the field; they'll call you next week to arrange a time.",
     "I'll get our site surveyor to walk the field; they'll call you next week to arrange a time"),
    ("en", "If the trial goes well, I'll hold Thursday 5pm for you; your tutor will confirm it at the end of the trial.",
     "If the trial goes well, I'll hold Thursday 5pm for you; your tutor will confirm it at the end of the trial"),
    ("zh", "我让表演队队长周六上午去看场地；他会提前一天打电话跟您约具体时间。",
     "我让表演队队长周六上午去看场地；他会提前一天打电话跟您约具体时间"),
])
def test_promises_prom12_a_follow_up_after_a_semicolon_is_one_promise(lang, said, promise):
    assert _promises(lang, [("user", "ok"), ("assistant", said)]) == [(promise, "open")]


def test_promises_prom12_two_deeds_after_a_semicolon_stay_two():
    got = _promises("en", [("user", "ok"), ("assistant", "I'll email the invoice tonight; our van driver will call you "
                                                         "on Saturday morning before he unloads."),
                           ("assistant", "I've emailed the invoice to you now.")])
    assert [s for t, s in got if "invoice" in t] == ["done"]
    assert [s for t, s in got if "van driver" in t] == ["open"]


@pytest.mark.parametrize("report", ["可以哒，阿琳老师7点半也有空，已经给小唐约上了。", "好嘞，已经给你改成自然款了，198元，其他不变。"])
def test_promises_prom12_a_report_of_another_deed_keeps_no_promise(report):
    got = _promises("zh", [("user", "我闺蜜小唐也想一起"), ("assistant", "要付50元定金，我等下微信发你付款码哈。"),
                           ("user", "好的"), ("assistant", report)])
    assert ("我等下微信发你付款码哈", "open") in got


def test_promises_prom12_a_bare_report_still_keeps_the_one_promise():
    got = _promises("zh", [("user", "好的"), ("assistant", "我等下微信发你付款码哈。"), ("user", "好"), ("assistant", "发好了，请查收。")])
    assert got == [("我等下微信发你付款码哈", "done")]


@pytest.mark.parametrize("lang, said, promise", [
    ("en", "The deposit is £600; our team will call you to arrange a time for the survey.",
     "our team will call you to arrange a time for the survey"),
    ("zh", "定金500元；师傅会提前打电话跟您约时间。", "师傅会提前打电话跟您约时间"),
])
def test_promises_prom12_a_follow_up_takes_no_price_before_the_semicolon(lang, said, promise):
    assert _promises(lang, [("user", "ok"), ("assistant", said)]) == [(promise, "open")]


def test_promises_prom12_the_thing_said_again_with_where_it_goes_is_the_same_promise():
    got = _promises("en", [("user", "ok"), ("assistant", "I'll text a reminder on the morning of the visit."),
                           ("user", "use my partner's number 07700 900562"),
                           ("assistant", "Updated, the reminder will go to 07700 900562.")])
    assert got == [("I'll text a reminder on the morning of the visit", "open")]
