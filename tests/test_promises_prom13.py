"""prom13: a promise kept by the assistant's later report of the same thing in the plain past, and a booking's own
report after its tool that keeps no other promise (docs/quality.md, prom13 round)."""

from __future__ import annotations

import json

import pytest

from ctxgraph import Tracker


def _promises(lang: str, messages: list) -> list[tuple[str, str]]:
    t = Tracker(lang, today="2026-06-01")
    for n, m in enumerate(messages):
        if isinstance(m, dict) and "call" in m:
            t.observe({"role": "assistant", "content": None, "tool_calls": [{"id": f"c{n}", "type": "function", "function": {
                "name": m["call"], "arguments": json.dumps(m.get("args", {}), ensure_ascii=False)}}]})
        elif isinstance(m, dict):
            t.observe({"role": "tool", "tool_call_id": f"c{n - 1}", "content": json.dumps(m["tool"], ensure_ascii=False)})
        else:
            t.observe({"role": m[0], "content": m[1]})
    return [(c.text, c.status) for c in t.state().commitments]


@pytest.mark.parametrize("lang, promise, report", [
    ("en", "Booked. I'll email you the swatch card tonight.", "Yes, all colours. The swatch card went to your inbox last night."),
    ("en", "I'll ring the venue about parking and let you know.", "I rang the venue this morning: there are 20 spaces."),
    ("en", "Priya will send you the floor plan by Friday.", "Priya emailed you the floor plan on Thursday, it may be in spam."),
    ("zh", "好的，今晚我把课表发您微信。", "课表刚发到您微信了，您看一下。"),
    ("zh", "演出前一天我把入场码发您邮箱。", "入场码昨晚发到您邮箱了。"),
])
def test_promises_prom13_a_plain_past_report_of_the_same_thing_keeps_it(lang, promise, report):
    user = "好的" if lang == "zh" else "ok thanks"
    state = _promises(lang, [("user", user), ("assistant", promise), ("user", "还有呢" if lang == "zh" else "anything else?"),
                             ("assistant", report)])
    assert [s for _, s in state] == ["done"], state


@pytest.mark.parametrize("lang, promise, report", [
    ("en", "I'll email you the swatch card tonight.", "The invoice went to your inbox a minute ago."),
    ("en", "I'll call you when the car key is programmed.", "The house keys went in the post yesterday."),
    ("en", "I'll send the wax proof by Friday.", "Your last order went to your old address in May."),
    ("en", "I'll post you the sizer today.", "I didn't post the sizer yet, sorry."),
    ("en", "I'll post you the sizer today.", "Did the sizer I posted arrive?"),
    ("zh", "我明天把发票开好发您邮箱。", "收据刚发到您微信了。"),
    ("zh", "开演前我把座位图发您。", "节目单昨天发到您邮箱了。"),
])
def test_promises_prom13_a_past_report_of_another_thing_or_in_doubt_keeps_nothing(lang, promise, report):
    user = "好的" if lang == "zh" else "ok thanks"
    state = _promises(lang, [("user", user), ("assistant", promise), ("user", user), ("assistant", report)])
    assert (promise.strip("。."), "open") in [(t.strip("。."), s) for t, s in state], state


@pytest.mark.parametrize("lang, promise, call, report", [
    ("zh", "好的，不吃花生，我会告诉厨房阿姨每天单独注意。", "register", "登记好了，学号WT-1102。"),
    ("zh", "好的，师傅到楼下先给您打电话，不敲门。", "create_order", "已下单，订单号DD-3391，师傅今晚上门。"),
    ("en", "Noted, I'll tell the kitchen about the peanut allergy.", "register", "Booked: ref KC-2210, Monday to Friday."),
])
def test_promises_prom13_a_bookings_own_report_after_its_tool_keeps_no_other_promise(lang, promise, call, report):
    user = "好的" if lang == "zh" else "ok"
    state = _promises(lang, [("user", user), ("assistant", promise), ("user", user), {"call": call, "args": {"x": 1}},
                             {"tool": {"ref": "X-1"}}, ("assistant", report)])
    assert [s for _, s in state] == ["open"], state


@pytest.mark.parametrize("lang, promise, report", [
    ("zh", "好的，我帮您约一下周六上午的。", "约好了，周六上午10点。"),
    ("en", "I'll book you in for the Saturday class.", "Booked: Saturday 10am, ref SC-118."),
])
def test_promises_prom13_a_promise_to_book_is_still_kept_by_the_bookings_report(lang, promise, report):
    user = "好的" if lang == "zh" else "ok"
    state = _promises(lang, [("user", user), ("assistant", promise), ("user", user), {"call": "book", "args": {"x": 1}},
                             {"tool": {"ref": "X-1"}}, ("assistant", report)])
    assert "done" in [s for _, s in state], state
