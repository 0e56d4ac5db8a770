"""prom11 (issue 19): promises and their look-alikes by the clause's structure, zh and en side by side.

- a second deed joined by "and" with no time of its own is one promise with the first; two deeds with their own
  times stay two;
- a done cue said of a deed still ahead ("when the van is on its way", 办好了短信通知您) is no report;
- in a sentence that opens by reporting a booking, a clause with no will/会 restates the booking;
- the thing first, its date, then 给您看 (zh) is a promise, as "You will have the first draft by 10 April" is;
- the user calling first ("give us a ring and we'll …", 您随时打给我们，我们…) is no promise;
- an accepted offer to change the order is the booking itself (en; zh offers stay promises, prom10);
- the user's rule said back before a promise in one sentence does not take the promise with it.
"""

from __future__ import annotations

import pytest

from ctxgraph import Tracker


def _promises(lang: str, messages: list[tuple[str, str]]) -> list[tuple[str, str]]:
    t = Tracker(lang, today="2026-04-01")
    for role, content in messages:
        t.observe({"role": role, "content": content})
    return [(c.text, c.status) for c in t.state().commitments]


@pytest.mark.parametrize("lang, said, promises", [
    ("en", "I'll ask the manager and let you know by Friday.", ["I'll ask the manager and let you know by Friday"]),
    ("en", "I'll ring the agents to arrange the keys and confirm back to you.",
     ["I'll ring the agents to arrange the keys and confirm back to you"]),
    ("en", "I'll hold the room until Friday and email the contract today.",
     ["I'll hold the room until Friday", "email the contract today"]),
    ("zh", "我先跟医务室确认一下，明天回复您。", ["我先跟医务室确认一下，明天回复您"]),
])
def test_promises_prom11_second_deed_without_its_own_time_is_one_promise(lang, said, promises):
    assert [text for text, _ in _promises(lang, [("user", "ok"), ("assistant", said)])] == promises


@pytest.mark.parametrize("lang, said, text", [
    ("en", "We will text you when the van is on its way.", "We will text you when the van is on its way"),
    ("zh", "好的，收到文件后我们先出样图，办好了发给您确认。", None),
])
def test_promises_prom11_done_cue_of_a_deed_still_ahead_is_no_report(lang, said, text):
    got = _promises(lang, [("user", "ok"), ("assistant", said)])
    assert all(status != "done" for _, status in got)
    if text:
        assert (text, "open") in got


def _after_booking(lang: str, report: str) -> list[dict]:
    call = {"id": "c1", "type": "function", "function": {"name": "book", "arguments": "{}"}}
    return [{"role": "user", "content": "ok"}, {"role": "assistant", "content": None, "tool_calls": [call]},
            {"role": "tool", "tool_call_id": "c1", "content": '{"booking": "EF-613-22"}'},
            {"role": "assistant", "content": report}]


@pytest.mark.parametrize("lang, report, promises", [
    ("zh", "已约好明晚9点半，小周给您做可视采耳，订单EF-613-22。", []),
    ("zh", "已预约明天上午，上门前林工会给您打电话。", ["上门前林工会给您打电话"]),
    ("en", "Booked, ref EF-613-22: Priya will email you the quote.", ["Priya will email you the quote"]),
])
def test_promises_prom11_booking_report_clause_without_will_restates_it(lang, report, promises):
    t = Tracker(lang)
    t.observe_many(_after_booking(lang, report))
    got = [c.text for c in t.state().commitments if c.status == "open"]
    assert len(got) == len(promises) and all(p in text for p, text in zip(promises, got))


@pytest.mark.parametrize("lang, said, core", [
    ("zh", "没问题，设计师汪晴负责，首版设计稿4月10日前给您看。", "首版设计稿"),
    ("zh", "好的，设计图周四前出给您。", "设计图"),
    ("en", "You will have the first draft by 10 April.", "first draft"),
])
def test_promises_prom11_thing_first_then_its_date_then_to_you(lang, said, core):
    got = _promises(lang, [("user", "ok"), ("assistant", said)])
    assert [status for text, status in got if core in text] == ["open"]


@pytest.mark.parametrize("lang, said", [
    ("en", "Usually a restart fixes it; if not, give us a ring and we will send an engineer out."),
    ("zh", "一般喝点温水就好，如果还是不舒服您随时打给我们，我们让医师给您调方案。"),
])
def test_promises_prom11_user_calls_first_is_no_promise(lang, said):
    assert _promises(lang, [("user", "what if it goes wrong?"), ("assistant", said)]) == []


def test_promises_prom11_accepted_order_change_is_the_booking_itself():
    got = _promises("en", [("user", "can I have the fraser instead?"),
                           ("assistant", "The yard has two at £72. Shall I swap the Nordmann for one?"), ("user", "yes go on")])
    assert got == []


@pytest.mark.parametrize("lang, rule, said, core", [
    ("zh", "菜里别放海鲜 虾蟹都不行", "好的，整桌不用海鲜，我让厨师换成别的菜，明天把调整后的菜单发您确认。", "调整后的菜单"),
    ("en", "no nuts anywhere near the food please", "Of course, no nuts at all, we will email you the adjusted menu tomorrow.",
     "adjusted menu"),
])
def test_promises_prom11_rule_said_back_before_a_promise_keeps_the_promise(lang, rule, said, core):
    got = _promises(lang, [("user", rule), ("assistant", said)])
    assert [status for text, status in got if core in text] == ["open"]


@pytest.mark.parametrize("lang, rule, said", [
    ("zh", "千万别联系房东", "好的，我们不会联系房东。"),
    ("en", "please don't ring my landlord", "Of course, we won't ring your landlord."),
])
def test_promises_prom11_rule_said_back_alone_is_still_no_promise(lang, rule, said):
    assert _promises(lang, [("user", rule), ("assistant", said)]) == []


def _calls(lang: str, said: str, tool: str, result: str) -> list[tuple[str, str]]:
    call = {"id": "c1", "type": "function", "function": {"name": tool, "arguments": "{}"}}
    t = Tracker(lang)
    t.observe_many([{"role": "user", "content": "ok"}, {"role": "assistant", "content": said, "tool_calls": [call]},
                    {"role": "tool", "tool_call_id": "c1", "content": result}])
    return [(c.text, c.status) for c in t.state().commitments]


@pytest.mark.parametrize("lang, said, tool, core", [
    ("en", "Thanks, I'll ring you the morning of the install for directions. Let me check dates.", "install_slots",
     "ring you the morning"),
    ("zh", "好的，安装当天早上我给您打电话问路。我查一下安装档期。", "install_slots", "打电话问路"),
])
def test_promises_prom11_lookup_tool_keeps_no_promise_of_another_deed(lang, said, tool, core):
    got = _calls(lang, said, tool, '{"slots": ["2026-03-23 AM"]}')
    assert [status for text, status in got if core in text] == ["open"]


@pytest.mark.parametrize("lang, said, tool", [
    ("en", "I'll book the court for you now.", "book_court"),
    ("zh", "我马上给您预订两片场地。", "book_court"),
])
def test_promises_prom11_deed_tool_still_keeps_the_promise_just_made(lang, said, tool):
    assert [status for _, status in _calls(lang, said, tool, '{"ref": "BC-1"}')] == ["done"]
