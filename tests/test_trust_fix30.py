"""fix30 (issue 19, blind25 round): the late merges reviewed for over-reach, each with chats of my own near the rule's
shape that must not trigger it.

- prom29's promise cue without 会/将 read the assistant's everyday sentences as open promises: a past deed named by
  上周 / 上个月 ("上周五发给您的报价单有个错误"), a deed as a relative clause ("今天下午打电话的是我们的客服"), the user's
  own step told to them with no 您 ("表格填好后发到…就行", "签好了寄到我们公司"), advice ("上午打电话比较好"), the
  service's routine ("…是标准流程").
- lead25c's plate after "car is" took a model for the plate ("my car is BMW X5"); its "in that case" took an option
  the clause only asks about or weighs ("in that case is 12 months cheaper per month").
- lead25d's building named by a letter took a year, a price or an area after it for the room ("B座2025年入住").
The shapes that must stay are the merged tests' (tests/test_trust_prom29.py, test_trust_lead25c.py, test_trust_lead25d.py)."""

from __future__ import annotations

import pytest

from tests.test_trust_lead23 import _facts  # the current (key, value) pairs after the messages, today 2026-12-04
from tests.test_trust_promises import bot, promises_after

ASK = "我想把家里的旧空调拆了换新的"


@pytest.mark.parametrize("reply", [
    pytest.param("上周五发给您的报价单有个错误，这是新的。", id="last-week-past"),
    pytest.param("上个月检测完出的报告在附件里。", id="last-month-relative-paper"),
    pytest.param("今天下午打电话的是我们的客服小王。", id="relative-clause-caller"),
    pytest.param("上周三打电话的那位师傅姓李。", id="relative-clause-last-week"),
    pytest.param("表格填好后发到hr@example.com就行。", id="users-step-jiuxing"),
    pytest.param("资料准备好了发到邮箱即可。", id="users-step-jike"),
    pytest.param("签好了寄到我们公司地址：朝阳区建国路5号。", id="users-step-post-to-us"),
    pytest.param("明天打电话给前台就行。", id="users-call-tomorrow"),
    pytest.param("工作日上午打电话比较好。", id="advice"),
    pytest.param("下午打个电话到门店问问吧。", id="suggestion-ba"),
    pytest.param("快递员到了打您电话是标准流程。", id="routine"),
    pytest.param("明天发到的货要当面签收。", id="relative-clause-goods"),
    pytest.param("下周一打电话来的客户都有优惠。", id="relative-clause-callers"),
    pytest.param("修好后送过去的运费由您承担。", id="relative-clause-fee"),
    pytest.param("晚上打电话也行。", id="option-yexing"),
    pytest.param("那条用短信通知您的消息是诈骗。", id="channel-relative-clause"),
    pytest.param("上次用短信通知您的那条作废。", id="channel-past"),
    pytest.param("准备好了给我们打个电话。", id="users-call-to-us"),
    pytest.param("东西收拾好了打电话叫我们上门。", id="users-call-for-us"),
    pytest.param("以后打电话找小王。", id="from-now-on"),
    pytest.param("来之前提前打个电话。", id="users-coming"),
    pytest.param("出门前打个电话过来，我们好安排车位。", id="users-call-over-here"),
])
def test_fix30_prom29_everyday_sentences_promise_nothing(reply):
    assert [p for p in promises_after("zh", ASK, bot(reply)) if p[1] == "open"] == []


@pytest.mark.parametrize("reply, part", [
    pytest.param("装好后送过去。", "送过去", id="after-step"),
    pytest.param("明天上午小王先打电话到物业问问。", "打电话", id="tomorrow-call"),
    pytest.param("检测完出报告给您。", "出报告", id="step-ended-paper"),
    pytest.param("那我们明天把报价单发给您吧。", "报价单", id="soft-ba-to-you"),
    pytest.param("师傅来之前先打您电话。", "打您电话", id="worker-coming"),
    pytest.param("修好以后送过去。", "送过去", id="after-yihou"),
])
def test_fix30_prom29_promises_still_made(reply, part):
    assert any(part in p[0] and p[1] == "open" for p in promises_after("zh", ASK, bot(reply)))


@pytest.mark.parametrize("text", ["my car is BMW X5", "the car is VW T5", "car is MK7 GTI", "my van is VW T6 2019"])
def test_fix30_a_car_model_after_car_is_is_no_plate(text):
    assert not any(k == "registration" for k, _ in _facts([("user", text)], "en"))


@pytest.mark.parametrize("text, plate", [("car is KM19 XYZ", "KM19 XYZ"), ("my car is A123 BCD", "A123 BCD"),
                                         ("the van is ABC 123D", "ABC 123D"), ("my plate is KLM 4827", "KLM 4827")])
def test_fix30_a_plate_after_car_is_stays(text, plate):
    assert ("registration", plate) in _facts([("user", text)], "en")


PERMIT = [("user", "parking permit for zone C please"), ("assistant", "6 months is £60, 12 months is £100.")]


@pytest.mark.parametrize("text", ["in that case is 12 months cheaper per month", "in that case 12 months seems pointless",
                                  "in that case 12 months last year was a waste", "in that case do you do 12 months for less",
                                  "in that case have you got 12 months cheaper"])
def test_fix30_in_that_case_asking_or_weighing_takes_nothing(text):
    assert not any(k.startswith("choice") for k, _ in _facts(PERMIT + [("user", text)], "en"))


@pytest.mark.parametrize("text", ["oh in that case do 12 months", "in that case just take 12 months", "in that case, 12 months"])
def test_fix30_in_that_case_taking_still_picks(text):
    assert any(k.startswith("choice") and v.startswith("12 months") for k, v in _facts(PERMIT + [("user", text)], "en"))


@pytest.mark.parametrize("text", ["B座2025年入住的", "K座1200元一个月", "E栋2000平米", "5栋2025年入住的"])
def test_fix30_a_year_price_or_area_after_a_building_is_no_room(text):
    assert not any(k == "address" for k, _ in _facts([("user", text)], "zh"))


@pytest.mark.parametrize("text, part", [("送到B座1502", "B座1502"), ("送到C栋1203室", "C栋1203室"), ("5栋1502", "5栋1502")])
def test_fix30_a_building_and_its_room_stays_the_address(text, part):
    assert any(k == "address" and part in v for k, v in _facts([("user", text)], "zh"))


@pytest.mark.parametrize("text, town", [("moving from Sunderland to York on the 5th", "Sunderland"),
                                        ("I'm moving from Monmouth to Leeds on 5 January", "Monmouth")])
def test_fix30_a_town_that_opens_like_a_day_or_month_is_a_moves_origin(text, town):
    """lead25b read the opening letters only ("Sun…", "Mon…"): a town that opens like a day was a booking moved away."""
    facts = _facts([("user", text)], "en")
    assert ("origin", town) in facts and any(k == "date" for k, _ in facts), facts


@pytest.mark.parametrize("text, old, new", [("move it from Sat to Sun", "Sat", "Sun"),
                                            ("can I move my flight from Tuesday to Wednesday", "Tuesday", "Wednesday")])
def test_fix30_a_booking_moved_from_a_short_day_still_leaves_it(text, old, new):
    values = [v for _, v in _facts([("user", text)], "en")]
    assert old not in values, values
