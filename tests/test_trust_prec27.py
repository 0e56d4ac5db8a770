"""(prec27) Wrong current values: a day picked, then a booking made for another day ("thurs" then a booking for
Monday; "16号上午吧" then "那就这个" for an extra session on the 8th): once the booking (a new reference) is reported
with its day, the day picked before is no longer current. The opening's days and the days an earlier booking took
stay."""

from __future__ import annotations

import json

from ctxgraph import Tracker
from tests.test_graph import bot, user


def _call(tool: str, **args) -> dict:
    """The assistant's tool call, as an OpenAI message."""
    return {"role": "assistant", "content": None, "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": tool, "arguments": json.dumps(args, ensure_ascii=False)}}]}


def _result(**out) -> dict:
    return {"role": "tool", "tool_call_id": "c1", "content": json.dumps(out, ensure_ascii=False)}


def _current(t: Tracker) -> list[tuple[str, str]]:
    return [(f.key, f.value) for f in t.state().facts if f.status == "current"]


def _days(t: Tracker, word: str) -> list[str]:
    return [v for _, v in _current(t) if word in v]


def test_en_pick_then_booking_for_another_day():
    t = Tracker("en", today="2027-05-01")
    t.observe_many([user("hi, need our gutters cleared, semi in Leeds"),
                    bot("We can come Tuesday 11 May or Saturday 15 May."),
                    user("tuesday 11 May works"),
                    bot("Is the back reachable? If not we'd need the tall van, which is only free on Saturdays."),
                    user("no, there's a conservatory. saturday is fine then. Priya Shah, 07700 900123")])
    t.observe(_call("book_visit", slot="2027-05-15 09:00", name="Priya Shah"))
    t.observe(_result(booking_ref="GC-5521"))
    assert not _days(t, "11 May")
    assert any("15 May" in v for v in _days(t, "May"))


def test_zh_pick_then_booking_for_another_day():
    t = Tracker("zh", today="2027-04-01")
    t.observe_many([user("你好 想给孩子报个游泳体验课"),
                    bot("体验课有12号上午和13号下午两场。"),
                    user("12号上午吧"),
                    bot("12号上午教练临时有事，20号上午加了一场，可以吗？"),
                    user("那就这个 孩子叫林小雨")])
    t.observe(_call("book_trial", session="2027-04-20 09:00", name="林小雨"))
    t.observe(_result(order_id="YY-0420-07"))
    assert not _days(t, "12号")
    assert _days(t, "20")


def test_en_day_of_the_opening_stays():
    t = Tracker("en", today="2027-09-01")
    t.observe_many([user("hi, our wedding is on 2 October, need a registrar appointment to give notice"),
                    bot("We have Thursday 16 September at 2pm."),
                    user("fine. Tom Hale and Ana Ruiz")])
    t.observe(_call("book_notice", slot="2027-09-16 14:00"))
    t.observe(_result(ref="RG-7710"))
    assert _days(t, "2 October")


def test_en_day_of_an_earlier_booking_stays():
    t = Tracker("en", today="2027-01-10")
    t.observe_many([user("hello, I want to let my flat, 3 Mill Court, Harrogate"),
                    bot("A valuation visit could be Thursday 21st or Monday 25th."),
                    user("Monday 25th please")])
    t.observe(_call("book_valuation", date="2027-01-25"))
    t.observe(_result(ref="VAL-1102"))
    t.observe_many([bot("Booked. Do you have a gas safety certificate?"),
                    user("it lapsed. can you arrange one?")])
    t.observe(_call("book_gas_check", slot="2027-01-28 09:00"))
    t.observe(_result(ref="GS-3301"))
    assert _days(t, "25")


def test_zh_reference_said_again_is_no_booking():
    t = Tracker("zh", today="2027-05-01")
    t.observe_many([user("你好 搬家想约个上门估价"),
                    bot("可以约5月20号上午或者21号下午。"),
                    user("20号上午吧 我姓周")])
    t.observe(_call("book_survey", date="2027-05-20"))
    t.observe(_result(survey_ref="BJ-5518"))
    t.observe_many([bot("已预约，单号BJ-5518。"),
                    user("另外交房提前到6月10号了 能早点搬吗")])
    t.observe(_call("lookup", date="2027-06-10"))
    t.observe(_result(ref="BJ-5518"))
    assert _days(t, "20号")


def _want(t: Tracker) -> str:
    return next(f.value for f in t.state().facts if f.key == "want" and f.status == "current")


def test_en_want_count_stays_when_a_clock_follows_a_correction():
    t = Tracker("en", today="2027-07-01")
    t.observe_many([user("hi we need an end of tenancy clean, 3 bed semi in Bedford"),
                    bot("We have Monday 12th or Thursday 15th July."),
                    user("15th. but not too early, i need to drop the keys off, after 11 ok?")])
    assert "3 bed" in _want(t)


def test_en_want_count_stays_when_a_label_number_follows_a_correction():
    t = Tracker("en", today="2027-09-01")
    t.observe_many([user("alright, looking to book a 7 a side pitch every thursday for our office lot"),
                    bot("Pitch 2 is free at 7pm most weeks; on 14 Oct only pitch 4 is free."),
                    user("pitch 4 that week is fine. im Dev Patel, text me not email pls")])
    assert "7 a side" in _want(t)


def test_en_word_taken_back_is_not_cut_inside_another_word():
    t = Tracker("en")
    t.observe_many([user("Hello, I need to redirect my mum's post, I have power of attorney."),
                    bot("What's the new address?"),
                    user("Flat 3, Elm Court. But her bank letters I want sent to me, not to Elm Court.")])
    assert "power of attorney" in _want(t)


def test_en_number_before_and_is_no_count_of_the_want():
    t = Tracker("en", today="2027-06-01")
    t.observe_many([user("we are a family on holiday in Cornwall, we want a surf lesson. me, my wife and girls of 9 and 12"),
                    bot("We have 14 June or 16 June at 10am."),
                    user("16 June is good. Wetsuits: me L, the girls XS and S. Shoes 41, 39 and 35")])
    assert "girls of 9 and 12" in _want(t)
