"""The assistant's promises, zh and en (issue 10): made by the assistant or by a colleague it
speaks for, with a due date resolved when ``today`` is known; closed when the chat shows them
kept (the assistant reports it, the user says it came, or a tool call does it). Offers and
requests to the user are no promises. Conversations written for these tests."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker


def bot(text: str) -> dict:
    return {"role": "assistant", "content": text}


def promises_after(lang: str, *turns: str | dict, today: str | None = "2026-03-02") -> list[tuple[str, str, str | None]]:
    """(text, status, due) of each commitment once the turns (strings are user turns) are observed."""
    t = Tracker(lang, today=today)
    for turn in turns:
        t.observe(turn if isinstance(turn, dict) else {"role": "user", "content": turn})
    return [(c.text, c.status, c.due) for c in t.state().commitments]


def the_one(promises, part: str) -> tuple[str, str, str | None]:
    found = [p for p in promises if part.casefold() in p[0].casefold()]
    assert len(found) == 1, promises
    return found[0]


MADE = [
    pytest.param("zh", "维修好后会给您发付款链接", "付款链接", id="zh-will-send"),
    pytest.param("zh", "保险公司收到材料后，审核结果5个工作日内通知您", "5个工作日", id="zh-deadline"),
    pytest.param("zh", "退款到账后我第一时间告诉您", "到账", id="zh-after-then-i"),
    pytest.param("zh", "我让快递员出发前给您打个电话", "快递员", id="zh-i-have-someone"),
    pytest.param("en", "Our courier will call you 30 minutes before arrival.", "courier", id="en-colleague"),
    pytest.param("en", "I've asked the store manager to email you about the refund.", "store manager", id="en-asked-someone"),
    pytest.param("en", "Your account is fixed, and you'll hear from billing within 3 business days.", "billing", id="en-you-will-hear"),
    pytest.param("en", "The replacement ships by Thursday.", "replacement", id="en-deadline"),
    pytest.param("en", "Updated invoices will be emailed within the hour.", "invoices", id="en-passive"),
]


@pytest.mark.parametrize(("lang", "text", "part"), MADE)
def test_promise_is_open(lang, text, part):
    assert the_one(promises_after(lang, bot(text)), part)[1] == "open"


NOT_PROMISES = [
    pytest.param("zh", "需要我帮您把发票寄过去吗？", id="zh-offer"),
    pytest.param("zh", "请在15分钟内完成支付。", id="zh-asks-the-user"),
    pytest.param("zh", "预计10分钟内送达。", id="zh-estimate"),
    pytest.param("en", "Shall I email you the receipt?", id="en-offer"),
    pytest.param("en", "We'll need a copy of your ID within 30 days.", id="en-asks-the-user"),
]


@pytest.mark.parametrize(("lang", "text"), NOT_PROMISES)
def test_offer_or_request_to_the_user_is_no_promise(lang, text):
    assert promises_after(lang, bot(text)) == []


DUE = [
    pytest.param("zh", "补发的1件3月5日前送到。", "补发", "2026-03-05", id="zh-month-day"),
    pytest.param("zh", "我会在明天下午给您回电。", "回电", "2026-03-03", id="zh-tomorrow"),
    pytest.param("en", "I'll email you the invoice by Friday.", "invoice", "2026-03-06", id="en-weekday"),
    pytest.param("en", "A technician will visit on March 9 between 8am and noon.", "technician", "2026-03-09", id="en-date"),
]


@pytest.mark.parametrize(("lang", "text", "part", "iso"), DUE)
def test_due_date_resolves_to_iso_when_today_is_known(lang, text, part, iso):
    _, status, due = the_one(promises_after(lang, bot(text)), part)
    assert status == "open" and iso in due


def test_due_stays_words_without_today():
    (promise,) = promises_after("zh", bot("我会在明天下午给您回电。"), today=None)
    assert promise[2] == "明天下午"


KEPT = [
    pytest.param("zh", ["到账后我提醒您。", "那我等着", "500元已经到账了。"], "提醒", id="zh-assistant-reports"),
    pytest.param("zh", ["取件码稍后短信发给您。", "取件码已经发到您手机了：4471。"], "取件码", id="zh-sent"),
    pytest.param("zh", ["师傅出发前会给您打电话。", "师傅刚打电话了，马上到"], "师傅", id="zh-user-says"),
    pytest.param("en", ["I'll email you the return label right away.", "Got the label, thanks"], "label", id="en-user-got-it"),
    pytest.param("en", ["I'll text you when the courier is on the way.", "Your courier left the depot, and I've texted you the link."],
                 "courier", id="en-texted"),
    pytest.param("en", ["I'll put a note on the booking about the late arrival.", "The late-arrival note is on the booking."],
                 "note", id="en-now-on-booking"),
]


@pytest.mark.parametrize(("lang", "turns", "part"), KEPT)
def test_promise_kept_in_the_chat_is_done(lang, turns, part):
    turns = [bot(t) if n % 2 == 0 else t for n, t in enumerate(turns)]
    assert the_one(promises_after(lang, *turns), part)[1] == "done"


def test_report_closes_the_promise_it_is_about_not_the_other():
    promises = promises_after("en", bot("You'll have an answer by March 20, and I'll email you the claim form now."),
                              "Got the claim form, thanks")
    assert the_one(promises, "answer")[1] == "open"
    assert the_one(promises, "claim form")[1] == "done"


@pytest.mark.parametrize("report", [
    "Booking was successful. Your reference number is QX2L9.",
    "Your booking has been confirmed for Saturday.",
    "I have successfully booked it, the reference is 7781.",
])
def test_an_accepted_offer_to_book_is_the_booking_not_a_promise(report):
    # prom10: the user's yes to "Shall I book X?" asks for the booking, which the report (or the booking call)
    # records; the annotated chats list no promise for it (blind5, blind7, blind9), open or done
    promises = promises_after("en", bot("The 10:15 train fits. Shall I book the 10:15 train for you?"), "yes please",
                              bot(report))
    assert promises == []


def test_an_accepted_offer_is_closed_by_the_outcome_it_reports():
    # the user's yes makes any other offered deed a promise; the report of its outcome keeps it
    promises = promises_after("en", bot("The 10:15 train fits. Shall I email you the timetable?"), "yes please",
                              bot("I have emailed you the timetable."))
    assert the_one(promises, "email you the timetable")[1] == "done"


def test_report_in_the_same_sentence_is_not_part_of_the_promise():
    # the report is a deed done that no promise named: kept on its own, as done
    promises = promises_after("en", bot("The engineer will ring you before arriving, and the confirmation is on its way."))
    assert the_one(promises, "engineer")[:2] == ("The engineer will ring you before arriving", "open")
    assert the_one(promises, "confirmation")[:2] == ("and the confirmation is on its way", "done")


def test_zh_two_promises_in_one_sentence_stay_two():
    promises = promises_after("zh", bot("押金明天会先退回您的账户，调查结果30天内通知您。"), "好", bot("押金已经退回了。"))
    assert the_one(promises, "押金")[1] == "done"
    assert the_one(promises, "30天")[1] == "open"


def test_successful_tool_call_keeps_the_promise():
    call = {"role": "assistant", "content": "", "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "send_payment_link", "arguments": "{}"}}]}
    promises = promises_after("en", bot("I'm sending a payment link to your phone now."), call,
                              {"role": "tool", "tool_call_id": "c1", "content": '{"status": "sent"}'})
    assert the_one(promises, "payment link")[1] == "done"


SUPERSEDED = [
    pytest.param("zh", ["我会在今天下班前把维修单号短信发给您。", "系统出了点问题", "抱歉，我会在明天上午把维修单号短信发给您。"],
                 "今天", "明天", id="zh"),
    pytest.param("en", ["I'll email you the invoice today.", "the address on it is wrong",
                        "Fixed. I'll email you the corrected invoice tomorrow."], "today", "tomorrow", id="en"),
]


@pytest.mark.parametrize(("lang", "turns", "old", "new"), SUPERSEDED)
def test_newer_promise_about_the_same_thing_replaces_the_older(lang, turns, old, new):
    turns = [bot(t) if n % 2 == 0 else t for n, t in enumerate(turns)]
    promises = promises_after(lang, *turns)
    assert the_one(promises, old)[1] == "cancelled"
    assert the_one(promises, new)[1] == "open"


def test_a_different_promise_with_some_words_in_common_replaces_nothing():
    promises = promises_after("zh", bot("维修中心收到后3个工作日内修好寄回。"), "好的", bot("修好后会给您发付款链接，付完再寄回。"))
    assert [status for _, status, _ in promises] == ["open", "open"]


@pytest.mark.parametrize(("lang", "text", "part"), [
    pytest.param("en", "Booked. Your e-ticket has been emailed to you.", "e-ticket", id="en-emailed"),
    pytest.param("en", "The payment link is in your inbox.", "payment link", id="en-in-your-inbox"),
    # prom32zh: money or a credit put into the account is no promise (the open sets list none, test_trust_prom32zh); a thing sent is
    pytest.param("zh", "取件码已经发到您手机了。", "取件码", id="zh-sent-to-phone"),
])
def test_a_deed_reported_done_with_no_promise_is_kept_as_done(lang, text, part):
    assert the_one(promises_after(lang, bot(text)), part)[1] == "done"


@pytest.mark.parametrize(("lang", "text"), [
    pytest.param("en", "Done."),
    pytest.param("zh", "已经好了。"),
])
def test_a_report_naming_nothing_records_nothing(lang, text):
    assert promises_after(lang, bot(text)) == []


@pytest.mark.parametrize(("lang", "turns", "part"), [
    pytest.param("zh", ["我会短信把取件码发给您。", "好的", "发好了，请查收。"], "取件码", id="zh-bare-report"),
    pytest.param("en", ["I'll set up the direct debit.", "thanks", "The direct debit is set up now."], "direct debit", id="en-set-up"),
    pytest.param("en", ["I will submit the claim for you today.", "ok", "Your claim has been submitted, reference CL-5531."],
                 "submit the claim", id="en-submitted"),
    pytest.param("en", ["I'll email you the invoice.", "ok", "Sent, it should be in your inbox."], "invoice", id="en-sent"),
])
def test_a_report_closes_the_promise(lang, turns, part):
    turns = [bot(t) if n % 2 == 0 else t for n, t in enumerate(turns)]
    assert the_one(promises_after(lang, *turns), part)[1] == "done"


def test_a_bare_report_leaves_promises_open_when_two_are():
    promises = promises_after("en", bot("I'll email you the invoice, and a courier will call you tomorrow."), "ok", bot("Done!"))
    assert [p[1] for p in promises] == ["open", "open"]


# issue 19: promises said the many ways agents say them (sentences written for these tests)
def test_the_detail_question_is_not_part_of_the_promise():
    assert [p[0] for p in promises_after("en", bot("I'll send you the packing list - which address should I use?"))] == \
        ["I'll send you the packing list"]


@pytest.mark.parametrize(("lang", "text", "part"), [
    pytest.param("en", "I'll send you the packing list - which address should I use?", "packing list", id="en-promise-then-detail-question"),
    pytest.param("zh", "我把报价单发您邮箱，您邮箱是多少？", "报价单", id="zh-promise-then-detail-question"),
    pytest.param("en", "If the part is delayed, we'd call you before the visit.", "call you", id="en-conditional-we-would"),
    pytest.param("zh", "我顺便帮您查一下明天的库存。", "库存", id="zh-check"),
    pytest.param("zh", "没问题，会多送两个小碗。", "小碗", id="zh-subjectless-will-add"),
    pytest.param("en", "You'll get a tracking link by text shortly.", "tracking link", id="en-you-will-get-shortly"),
])
def test_promise_said_many_ways_is_open(lang, text, part):
    assert the_one(promises_after(lang, bot(text)), part)[1] == "open"


@pytest.mark.parametrize(("lang", "text"), [
    pytest.param("en", "I can send you the packing list, would that help?", id="en-offer-yes-no"),
    pytest.param("zh", "我可以帮您安排师傅明天上门，可以吗？", id="zh-offer-yes-no"),
])
def test_promise_before_a_yes_no_question_is_an_offer(lang, text):
    # issue 19 (cons3): only a question that asks the go-ahead makes an offer; "我们安排师傅上门，
    # 地址还是原来那个吗？" asks a detail the deed needs (see the test below): a promise
    assert promises_after(lang, bot(text)) == []


@pytest.mark.parametrize(("lang", "text", "part"), [
    pytest.param("en", "I'll send you the packing list, is that ok?", "packing list", id="en-asks-the-go-ahead"),
    pytest.param("en", "I'll ring the depot in the morning and check which van is free, alright?", "ring the depot", id="en-alright"),
    pytest.param("zh", "我们安排师傅明天上门，可以吗？", "师傅", id="zh-keyi-ma"),
    pytest.param("zh", "我去问一下仓库，明天上午回复您，好吗？", "回复您", id="zh-hao-ma"),
])
def test_own_deed_before_a_go_ahead_question_is_open(lang, text, part):
    # cons6 (issue 19, blind5: "I'll send a digital proof within two working days…, ok?" and
    # "我去申请一下协议价，明天上午回复您，可以吗？" were promises the annotators kept open, whatever
    # the user said next): the assistant's own future deed is a promise whatever follows it
    assert the_one(promises_after(lang, bot(text)), part)[1] == "open"


def test_two_deeds_joined_by_and_are_two_promises():
    promises = promises_after("en", bot("I'll hold the van for you until Monday and email the invoice tonight."),
                              bot("The invoice has been emailed to you."))
    assert the_one(promises, "hold the van")[1] == "open"
    assert the_one(promises, "invoice")[1] == "done"


@pytest.mark.parametrize(("lang", "turns", "part"), [
    pytest.param("zh", [bot("我帮您问一下仓库能不能加急。"), bot("问到了，可以加急，明天发出。")], "加急", id="zh-asked-then-answered"),
    pytest.param("en", [bot("I'll check with Dana whether the hall is free on the 4th."), bot("Dana confirmed the hall is free.")], "Dana", id="en-third-party-confirmed"),
    pytest.param("en", [bot("Your boxes will be posted tomorrow."), bot("The boxes are on their way to you.")], "boxes", id="en-on-their-way"),
])
def test_check_or_deed_reported_is_done(lang, turns, part):
    assert the_one(promises_after(lang, *turns), part)[1] == "done"


def test_a_check_is_kept_by_the_tool_call_of_its_message():
    call = {"role": "assistant", "content": "我帮您查一下物流。", "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "track_parcel", "arguments": "{\"no\": \"SF123\"}"}}]}
    promises = promises_after("zh", call, {"role": "tool", "tool_call_id": "c1", "content": "{\"status\": \"in transit\"}"})
    assert the_one(promises, "物流")[1] == "done"


def test_a_check_made_earlier_is_not_kept_by_a_later_unrelated_call():
    call = {"role": "assistant", "content": None, "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "update_quote", "arguments": "{\"vanity\": \"36-inch\"}"}}]}
    promises = promises_after("en", bot("I'll check with the supplier whether the tile is in stock."), "Let's just do the smaller vanity.",
                              call, {"role": "tool", "tool_call_id": "c1", "content": "{\"quote\": 14780}"})
    assert the_one(promises, "supplier")[1] == "open"


@pytest.mark.parametrize(("lang", "text", "part"), [
    pytest.param("zh", "我帮您查一下，您的包裹昨天已经到杭州了。", "查一下", id="zh"),
    pytest.param("en", "Let me check. Your parcel left the depot this morning.", "check", id="en"),
])
def test_a_check_the_same_message_answers_is_done(lang, text, part):
    assert the_one(promises_after(lang, bot(text)), part)[1] == "done"


def test_a_check_that_asked_for_input_is_kept_by_the_next_call():
    call = {"role": "assistant", "content": None, "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "warranty_lookup", "arguments": "{\"sn\": \"F2LX91\"}"}}]}
    promises = promises_after("zh", bot("请提供一下机器的序列号，我查一下保修状态。"), "F2LX91", call,
                              {"role": "tool", "tool_call_id": "c1", "content": "{\"warranty\": \"2027-01-31\"}"})
    assert the_one(promises, "保修")[1] == "done"


def test_a_report_that_starts_with_the_deed_closes_the_promise():
    promises = promises_after("en", bot("I'll book the fitter for Tuesday."), "thanks", bot("Booked: FT-22, Tuesday 9-11."))
    assert the_one(promises, "fitter")[1] == "done"


# issue 19 (cons3): offers and promises as the second blind set says them, shown on other words
@pytest.mark.parametrize(("lang", "turns", "part"), [
    pytest.param("en", [bot("Your lease is signed. Shall I send the movers your floor plan?"), "yes please"], "movers", id="en-shall-i"),
    pytest.param("en", [bot("Would you like me to email the floor plan to you?"), "sure, it's kim@example.org"], "floor plan", id="en-would-you-like-me-to"),
    pytest.param("zh", [bot("安装那天我提前半小时给您打电话，可以吗？"), "可以"], "打电话", id="zh-may-i"),
    pytest.param("zh", [bot("要不要我帮您预约下周的复诊？"), "好的，麻烦了"], "复诊", id="zh-shall-i"),
])
def test_an_offer_the_user_accepts_is_a_promise(lang, turns, part):
    assert the_one(promises_after(lang, *turns), part)[1] == "open"


@pytest.mark.parametrize(("lang", "turns"), [
    pytest.param("en", [bot("Shall I book the movers for Saturday morning?"), "no, we'll carry it ourselves"], id="en-declined"),
    pytest.param("en", [bot("Shall I send it?"), "yes"], id="en-no-deed-named"),
])
def test_an_offer_not_taken_is_no_promise(lang, turns):
    assert promises_after(lang, *turns) == []


@pytest.mark.parametrize(("lang", "turns", "part"), [
    pytest.param("zh", [bot("安装那天我提前半小时给您打电话，可以吗？"), "不用了，直接来就行"], "打电话", id="zh-declined"),
    pytest.param("en", [bot("I'll add the gift wrap to your order, ok?"), "no thanks"], "gift wrap", id="en-declined"),
])
def test_a_promise_the_user_declines_is_cancelled(lang, turns, part):
    # cons6: the promise stood as it was said; the user's no cancels it
    assert the_one(promises_after(lang, *turns), part)[1] == "cancelled"


@pytest.mark.parametrize(("lang", "text", "part"), [
    pytest.param("en", "I'll post the spare key back to you, and do you want the old lock too?", "spare key", id="en-and-another-question"),
    pytest.param("en", "I'll text the code on the day, is the mobile ending 44 still yours?", "code", id="en-yes-no-about-a-detail"),
    pytest.param("zh", "装好后我们会把保修卡寄给您，请问地址是？", "保修卡", id="zh-asks-the-detail"),
    pytest.param("zh", "我们安排师傅上门，地址还是原来那个吗？", "师傅", id="zh-checks-the-address"),
])
def test_a_promise_before_a_question_about_something_else_stands(lang, text, part):
    assert the_one(promises_after(lang, bot(text)), part)[1] == "open"


def test_a_promise_said_as_what_we_always_do():
    assert the_one(promises_after("en", bot("Dropped off at 9. We call you when the car is ready.")), "ready")[1] == "open"


def test_a_bare_done_about_another_deed_keeps_the_promise_open():
    promises = promises_after("en", bot("I'll send the survey link 15 minutes before the call."), "also reset my pin please",
                              bot("Done: a new PIN went to your phone, valid for 10 minutes."))
    assert the_one(promises, "survey")[1] == "open"


def test_a_deed_reported_in_the_passive_closes_the_promise():
    promises = promises_after("en", bot("I'll email your parking permit once it's approved."), "great",
                              bot("Your parking permit is approved and emailed to you."))
    assert the_one(promises, "permit")[1] == "done"


@pytest.mark.parametrize(("report", "status"), [
    pytest.param("The parts arrived this morning, the fitter starts Monday.", "done", id="the-event-reported"),
    pytest.param("The fitter can start Monday if the parts come.", "open", id="the-event-still-awaited"),
])
def test_a_promise_to_tell_when_something_happens_is_kept_by_its_report(report, status):
    promises = promises_after("en", bot("I'll let you know as soon as the parts arrive."), "thanks", bot(report))
    assert the_one(promises, "parts arrive")[1] == status


def test_a_promise_keeps_no_question_its_sentence_ends_with():
    promises = promises_after("en", bot("I'll text the code on the day, is the mobile ending 44 still yours?"))
    assert [p[0] for p in promises] == ["I'll text the code on the day"]


def test_an_offer_after_a_comma_accepted_is_a_promise_zh():
    promises = promises_after("zh", bot("订单已经提交了，需要我帮您预约一下下次保养吗？"), "好的，约一下吧")
    assert the_one(promises, "保养")[1] == "open"


def test_a_deed_set_for_a_day_is_reported():
    promises = promises_after("en", bot("Would you like me to arrange the engineer's follow-up visit?"), "yes please",
                              bot("The follow-up visit is set for Friday at 10."))
    assert the_one(promises, "follow-up")[1] == "done"


# issue 19 (cons4): promises kept, and not kept, in other words


def test_a_promise_before_can_i_have_your_detail_stands():
    promises = promises_after("en", bot("I'll post the spare key fob to you, can I have your postcode?"))
    assert the_one(promises, "key fob")[1] == "open"


def test_a_report_said_as_a_heading_closes_the_promise():
    promises = promises_after("en", bot("I'll email you the floor plan today. Which address?"), "ana@example.org",
                              bot("Floor plan sent to ana@example.org."))
    assert the_one(promises, "floor plan")[1] == "done"


def test_who_has_it_now_closes_the_promise():
    promises = promises_after("en", bot("I'll pass your parking instructions to Mirela before the visit."), "thanks",
                              bot("Mirela has your parking instructions now."))
    assert the_one(promises, "parking")[1] == "done"


def test_a_bare_report_after_a_tool_kept_deed_closes_no_other_promise():
    call = {"role": "assistant", "content": None, "tool_calls": [
        {"id": "c9", "type": "function", "function": {"name": "send_invoice", "arguments": "{\"order\": \"A-77\"}"}}]}
    promises = promises_after("en", bot("I'll send you the invoice now, and I'll post the warranty card by Friday."), call,
                              {"role": "tool", "tool_call_id": "c9", "content": '{"sent": true}'}, bot("Sent to your inbox."))
    assert the_one(promises, "invoice")[1] == "done" and the_one(promises, "warranty")[1] == "open"


def test_a_deed_sharing_only_a_name_keeps_the_promise_open():
    promises = promises_after("en", bot("I'll text you when Tomas is ten minutes away."), "ok, the gate code is 4411",
                              bot("Thanks, I've added the gate code to the notes for Tomas."))
    assert the_one(promises, "ten minutes")[1] == "open"


def test_a_subjectless_promise_to_follow_the_users_wish_zh():
    promises = promises_after("zh", bot("好的，会按照您给的尺寸裁板。还需要封边吗？"))
    assert the_one(promises, "尺寸")[1] == "open"


@pytest.mark.parametrize(("report", "kept", "still_open"), [
    pytest.param("[系统] 验房报告已于3月5日发送至您的邮箱。", "报告", "打电话", id="already-on-a-day"),
    pytest.param("张工已致电您确认验房时间。", "打电话", "报告", id="already-called"),
])
def test_a_report_with_its_day_or_a_call_made_closes_the_promise_zh(report, kept, still_open):
    promises = promises_after("zh", bot("验房结束后我们会把验房报告发给您，张工出发前会打电话联系您。"), "好的", bot(report))
    assert the_one(promises, kept)[1] == "done" and the_one(promises, still_open)[1] == "open", promises


def test_a_booking_reported_as_already_arranged_closes_the_promise_zh():
    promises = promises_after("zh", bot("我帮您预约师傅上门回收旧家电，哪天方便？"), "周五吧",
                              bot("回收已经约好，周五上午师傅上门。"))
    assert the_one(promises, "回收旧家电")[1] == "done"


# prom7: promises read by the act and closed by the act (phrasings and domains of these tests' own)


def call(name: str, n: int, **args) -> list[dict]:
    """An assistant's tool call and the tool's result."""
    import json

    return [{"role": "assistant", "content": None, "tool_calls": [{"id": f"c{n}", "type": "function", "function": {
        "name": name, "arguments": json.dumps(args, ensure_ascii=False)}}]},
            {"role": "tool", "tool_call_id": f"c{n}", "content": json.dumps({"ok": True}, ensure_ascii=False)}]


@pytest.mark.parametrize(("lang", "promise", "reply", "part"), [
    pytest.param("en", "I'll post the spare keys back to you on Monday.", "great. we can't be home before 6 though", "spare keys", id="en"),
    pytest.param("zh", "我明天把装修合同发您邮箱。", "好的，我们周末没法安排人去现场", "装修合同", id="zh"),
])
def test_the_users_own_cant_cancels_no_promise(lang, promise, reply, part):
    assert the_one(promises_after(lang, bot(promise), reply), part)[1] == "open"


@pytest.mark.parametrize(("lang", "report", "status"), [
    pytest.param("en", "Done, the reminder will go out to that number on Wednesday.", "open", id="en-done-will"),
    pytest.param("en", "Done - the reminder is set up on your number now.", "done", id="en-done-now"),
    pytest.param("zh", "搞定，提醒短信周三会发到您手机。", "open", id="zh-done-will"),
    pytest.param("zh", "搞定。", "done", id="zh-done"),
])
def test_a_bare_done_with_the_deed_still_ahead_keeps_the_promise_open(lang, report, status):
    offer = {"en": "Shall I set up a reminder text for the day before?", "zh": "需要我帮您设置一条提前一天的提醒短信吗？"}[lang]
    yes = {"en": "yes please", "zh": "要的"}[lang]
    got = promises_after(lang, bot(offer), yes, bot(report))
    assert the_one(got, {"en": "set up", "zh": "设置"}[lang])[1] == status


@pytest.mark.parametrize(("lang", "text", "part"), [
    pytest.param("zh", "量完尺寸两天内给您出效果图。", "效果图", id="zh-after-a-time"),
    pytest.param("zh", "没问题，给您做一份三家的对比表，晚上发过去。", "对比表", id="zh-no-subject"),
    pytest.param("zh", "我去申请一下团购价，明天下午回复您。", "团购价", id="zh-i-go"),
    pytest.param("zh", "我先安排最近的网点师傅，尽量中午前到。", "网点师傅", id="zh-i-first"),
    pytest.param("zh", "等物业审批通过了，我再安排进场，到时候通知您。", "进场", id="zh-once-then"),
    pytest.param("zh", "我尽量帮您加急处理。", "加急", id="zh-try-my-best"),
    pytest.param("zh", "会员卡开卡后三天内寄到家里。", "会员卡", id="zh-thing-first"),
    pytest.param("en", "Let me ask the site manager about weekend access.", "site manager", id="en-let-me-ask"),
    pytest.param("en", "I can get the survey report out to you by Thursday.", "survey report", id="en-i-can-by"),
    pytest.param("en", "Our glazier is going to ring you on Monday to measure up.", "glazier", id="en-role-going-to"),
    pytest.param("en", "Expect a call from our loans desk within two working days.", "loans desk", id="en-expect"),
    pytest.param("en", "A written estimate will follow by email.", "estimate", id="en-will-follow"),
    pytest.param("zh", "我们的理赔专员明天上午会联系您核对材料。", "理赔专员", id="zh-role-will"),
    pytest.param("zh", "稍后会有专人跟您联系。", "专人", id="zh-someone-will"),
])
def test_a_promise_said_by_its_act_is_read(lang, text, part):
    assert the_one(promises_after(lang, bot(text)), part)[1] == "open"


@pytest.mark.parametrize(("lang", "text"), [
    pytest.param("zh", "非常抱歉给您带来不便。", id="zh-apology"),
    pytest.param("zh", "给您查到两个时段：周三上午和周四下午。", id="zh-found"),
    pytest.param("zh", "已为您预订双人间，订单号HT-2231。", id="zh-booked"),
    pytest.param("zh", "我们无法直接帮您改签。", id="zh-cannot"),
    pytest.param("zh", "业主委员会在小区给您办证后会自动生效。", id="zh-condition"),
    pytest.param("en", "Let me explain how the warranty works.", id="en-let-me-explain"),
    pytest.param("en", "I can do Tuesday or Thursday by 5.", id="en-i-can-alternatives"),
    pytest.param("en", "We can fit you in by 3pm if you come now?", id="en-i-can-question"),
    pytest.param("en", "The prices are going to increase in May.", id="en-going-to-no-deed"),
])
def test_a_report_an_apology_or_an_option_is_no_promise(lang, text):
    assert [p for p in promises_after(lang, bot(text)) if p[1] == "open"] == []


@pytest.mark.parametrize(("lang", "offer", "reply", "part", "status"), [
    pytest.param("en", "I can get the joiner to quote for the shelving too, want me to?", "yes go on", "shelving", "open", id="en-want-me-to"),
    pytest.param("en", "Would it help if I emailed you the seating plan?", "yes please", "seating plan", "open", id="en-would-it-help"),
    pytest.param("en", "I could add a free eye check to your visit, if you like?", "go on then", "eye check", "open", id="en-i-could"),
    pytest.param("en", "I could book you in for a free eye check, if you like?", "no thanks", None, None, id="en-i-could-no"),
    pytest.param("zh", "要不我先让师傅看看照片，给您估个价？", "行，麻烦了", "估个价", "open", id="zh-yaobu"),
    pytest.param("zh", "要不我先让师傅看看照片，给您估个价？", "不用了", None, None, id="zh-yaobu-no"),
    pytest.param("zh", "需要我把保养清单发您微信吗？", "要的，发吧", "保养清单", "open", id="zh-yaode"),
    pytest.param("en", "Shall I pencil you in for Thursday at 2?", "please", "pencil you in", "open", id="en-please"),
    pytest.param("en", "Happy to send the floor plans over if that helps?", "yes", "floor plans", "open", id="en-happy-to"),
])
def test_an_offer_the_user_takes_is_a_promise(lang, offer, reply, part, status):
    got = promises_after(lang, bot(offer), reply)
    if part is None:
        assert [p for p in got if p[1] == "open"] == []
    else:
        assert the_one(got, part)[1] == status


@pytest.mark.parametrize(("lang", "promise", "reply", "status"), [
    pytest.param("en", "Great. I'll post you a sample of the fabric as well.", "no need, I've seen it in the shop", "cancelled", id="en-no-need"),
    pytest.param("en", "Great. I'll post you a sample of the fabric as well.", "don't bother, thanks", "cancelled", id="en-dont-bother"),
    pytest.param("en", "I'll post you a sample of the fabric. Do you want the grey one too?", "no thanks", "open", id="en-no-to-the-question"),
    pytest.param("zh", "我回头把几款面料的样卡寄给您。", "不用寄了，我去店里看", "cancelled", id="zh-buyong"),
    pytest.param("zh", "我回头把面料样卡寄给您。要不要顺便加一块灰色的？", "不用", "open", id="zh-no-to-the-question"),
])
def test_a_promise_the_user_turns_down_is_cancelled_when_nothing_else_was_asked(lang, promise, reply, status):
    assert [s for _, s, _ in promises_after(lang, bot(promise), reply)] == [status]


@pytest.mark.parametrize(("lang", "promise", "tool", "args"), [
    pytest.param("zh", "我这就把保修卡电子版发到您邮箱。", "send_email", {"attachment": "保修卡电子版"}, id="zh-send-email"),
    pytest.param("zh", "好的，我马上给您下单两桶纯净水。", "create_order", {"item": "纯净水", "qty": 2}, id="zh-create-order"),
    pytest.param("en", "I'll ship the replacement filter as soon as it's approved.", "place_order", {"item": "replacement filter"}, id="en-ship-order"),
    pytest.param("zh", "好的，我马上给您预订两间会议室。", "book_room", {"date": "2026-03-20", "rooms": 2}, id="zh-just-promised"),
    pytest.param("en", "Sure, I'll reserve two lanes for you now.", "reserve_lanes", {"date": "2026-03-20", "count": 2}, id="en-just-promised"),
])
def test_a_tool_named_in_english_keeps_the_promise_of_its_deed(lang, promise, tool, args):
    assert [s for _, s, _ in promises_after(lang, bot(promise), *call(tool, 1, **args))] == ["done"]


@pytest.mark.parametrize(("lang", "turns", "kept", "still_open"), [
    pytest.param("en", ["Marta will send you a parking permit the day before.", "also tell her we have a dog",
                        "Sure, I'll let Marta know about the dog.", "cheers", "Message sent to Marta."],
                 "let Marta know", "parking permit", id="en-sent-to"),
    pytest.param("zh", ["王师傅会提前一天给您打电话。", "跟师傅说一下家里有狗", "好的，我跟王师傅说一声家里有狗。", "谢谢", "已转告王师傅。"],
                 "说一声", "打电话", id="zh-told"),
])
def test_a_report_sent_to_a_person_keeps_the_promise_to_tell_them(lang, turns, kept, still_open):
    got = promises_after(lang, *[bot(t) if i % 2 == 0 else t for i, t in enumerate(turns)])
    assert the_one(got, kept)[1] == "done" and the_one(got, still_open)[1] == "open"


@pytest.mark.parametrize(("lang", "promise", "report"), [
    pytest.param("zh", "我帮您预约周五上午上门测量。", "已为您预约好周五上午10点的上门测量。", id="zh-booked-it"),
    pytest.param("zh", "我这边给您申请一张满减券。", "满减券申请下来了。", id="zh-granted"),
    pytest.param("zh", "我稍后把付款链接发给您。", "付款链接发您了。", id="zh-sent-you"),
    pytest.param("en", "I'll confirm the interpreter in writing tomorrow.", "Confirming in writing as promised: Sam is booked for the 14th.", id="en-as-promised"),
    pytest.param("en", "I'll text you the door code.", "You should have the door code by text now.", id="en-should-have-now"),
    pytest.param("en", "I'll email you the price list.", "Price list's in your inbox.", id="en-in-your-inbox"),
    pytest.param("en", "I'm booking the Friday slot now.", "That's booked: Friday at 10.", id="en-thats-booked"),
])
def test_a_report_in_its_own_words_closes_the_promise(lang, promise, report):
    assert the_one(promises_after(lang, bot(promise), "ok", bot(report)), promise[2:6] if lang == "zh" else promise.split()[2])[1] == "done"


def test_a_tool_call_long_after_a_promise_keeps_it_only_by_what_it_names():
    got = promises_after("zh", bot("我明天帮您预订会议室。"), "好", bot("另外茶歇要几份？"), "二十份",
                         *call("book_room", 1, date="2026-03-20", rooms=2))
    assert [s for _, s, _ in got] == ["open"]


@pytest.mark.parametrize(("lang", "result", "report", "open_"), [
    pytest.param("en", {"visit": "GX-4410", "fitter": "Ruth"}, "Ruth can come on Friday at 9am, ref GX-4410.", [], id="en-restated"),
    pytest.param("en", {"visit": "GX-4410", "fitter": "Ruth"}, "Booked, ref GX-4410. I'll email you the checklist tonight.",
                 ["checklist"], id="en-own-promise-stays"),
    pytest.param("zh", {"order": "XS-2231", "master": "小李"}, "小李明天上午10点可以到，单号XS-2231。", [], id="zh-restated"),
    pytest.param("zh", {"order": "XS-2231", "master": "小李"}, "单号XS-2231，我稍后把发票发您邮箱。", ["发票"], id="zh-own-promise-stays"),
])
def test_a_third_partys_deed_said_with_the_tools_reference_restates_the_booking(lang, result, report, open_):
    import json

    turns = [{"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function", "function": {
        "name": "book_visit", "arguments": "{}"}}]}, {"role": "tool", "tool_call_id": "c1", "content": json.dumps(result, ensure_ascii=False)}]
    got = [p for p in promises_after(lang, *turns, bot(report)) if p[1] == "open"]
    assert [part for part in open_ if any(part in p[0] for p in got)] == open_ and len(got) == len(open_), got


@pytest.mark.parametrize(("lang", "offer", "yes", "part"), [
    pytest.param("zh", "已预约好了。我先把套餐的植物清单发给您看看可以吗？", "好", "植物清单", id="zh-glued-tail"),
    pytest.param("zh", "有的，我加您微信发几张样板间照片？", "好 就这个手机号", "样板间照片", id="zh-asks-by-saying"),
    pytest.param("en", "You're enrolled. Is it alright if I email you the kit list tonight?", "yes please", "kit list", id="en-is-it-alright"),
    pytest.param("en", "Do you mind if I text you the gate code on the day?", "yes go ahead", "gate code", id="en-do-you-mind"),
])
def test_an_offer_asked_in_its_own_clause_is_a_promise_once_the_user_says_yes(lang, offer, yes, part):
    assert the_one(promises_after(lang, bot(offer), yes), part)[1] == "open"


@pytest.mark.parametrize(("lang", "text"), [
    pytest.param("zh", "我先把套餐的植物清单发给您看看可以吗？", id="zh-glued-tail"),
    pytest.param("zh", "我加您微信发几张样板间照片？", id="zh-asks-by-saying"),
    pytest.param("zh", "我怎么把照片发给您？", id="zh-asks-how"),
    pytest.param("en", "Is it alright if I email you the kit list tonight?", id="en-is-it-alright"),
])
def test_an_offer_asked_in_its_own_clause_is_no_promise_before_the_yes(lang, text):
    assert promises_after(lang, bot(text)) == []


def test_a_bare_one_verb_report_keeps_the_one_open_promise():
    assert [s for _, s, _ in promises_after("zh", bot("我加您微信发几张样板间照片？"), "好", bot("已发。您看看怎么样？"))] == ["done"]


@pytest.mark.parametrize(("lang", "check", "tool"), [
    pytest.param("zh", "我先帮您查一下十月三号还有没有车，稍等。", "check_car", id="zh"),
    pytest.param("en", "Let me check stock for that blade.", "check_stock", id="en"),
])
def test_a_check_said_then_done_by_the_next_messages_tool_call_is_kept(lang, check, tool):
    assert [s for _, s, _ in promises_after(lang, bot(check), *call(tool, 1, date="2026-10-03"))] == ["done"]


@pytest.mark.parametrize(("lang", "text", "part"), [
    pytest.param("en", "Wetsuit hire is £8 a day each; I'll add it to your booking.", "Wetsuit", id="en-it"),
    pytest.param("zh", "电子发票今天能开好；这个我下午发您邮箱。", "电子发票", id="zh-zhege"),
])
def test_a_promise_that_names_its_thing_by_a_pronoun_takes_the_clause_before_the_semicolon(lang, text, part):
    assert the_one(promises_after(lang, bot(text)), part)[1] == "open"


@pytest.mark.parametrize(("lang", "text", "part"), [
    pytest.param("zh", "颜色挺多的，我让师傅明天带色卡过来给您挑。", "色卡", id="zh-i-have-someone"),
    pytest.param("zh", "装好以后师傅会给叔叔阿姨的手机装好App，当面教他们怎么回看录像。", "App", id="zh-role-for-family"),
    pytest.param("en", "I'll get our engineer to call you tomorrow morning.", "engineer", id="en-i-have-someone"),
])
def test_a_deed_for_the_user_by_someone_of_the_assistants_side_is_a_promise(lang, text, part):
    assert the_one(promises_after(lang, bot(text)), part)[1] == "open"


@pytest.mark.parametrize(("lang", "text"), [
    pytest.param("zh", "鉴定一般需要3到5个工作日，结果会以短信形式通知。", id="zh-yiban"),
    pytest.param("en", "Results usually take two days and are emailed within 48 hours.", id="en-usually"),
])
def test_how_the_service_goes_as_a_rule_is_no_promise(lang, text):
    assert promises_after(lang, bot(text)) == []


def test_a_habit_word_beside_the_assistants_own_deed_leaves_the_promise():
    assert the_one(promises_after("zh", bot("我们一般当天处理，我今晚把结果发您邮箱。")), "结果")[1] == "open"


@pytest.mark.parametrize(("text", "promised"), [
    pytest.param("Yes, we'll collect it on Thursday 12 March between 9 and 12.", False, id="day-of-the-service"),
    pytest.param("Order SF-2027 confirmed. We'll collect on Monday 19 October.", False, id="after-a-report"),
    pytest.param("Will do, I'll ship them to the office on a weekday other than Friday.", True, id="where-and-when"),
    pytest.param("I'll call you tomorrow.", True, id="to-you"),
    pytest.param("We'll have a replacement spring fitted by Friday.", True, id="a-thing"),
])
def test_the_booked_services_day_restated_is_no_promise(text, promised):
    assert bool(promises_after("en", bot(text))) is promised


@pytest.mark.parametrize(("lang", "promise", "user", "part"), [
    pytest.param("en", "Of course, I'll post you five green velvet swatches today.", "ok the swatches came this morning!", "swatches", id="en-came"),
    pytest.param("zh", "我明天把色卡寄给您。", "色卡今天到了，我选浅灰色", "色卡", id="zh-daole"),
])
def test_the_user_saying_the_thing_came_keeps_the_promise(lang, promise, user, part):
    assert the_one(promises_after(lang, bot(promise), user), part)[1] == "done"


@pytest.mark.parametrize(("text", "promised"), [
    pytest.param("订好了，单号XC-0420-15，4月20号进店。交车时送您一次洗车。", True, id="gift-at-a-step"),
    pytest.param("满500送您一张20元券。", False, id="promotion"),
])
def test_a_gift_at_a_step_of_this_order_is_a_promise(text, promised):
    assert bool(promises_after("zh", bot(text))) is promised


@pytest.mark.parametrize(("lang", "text", "part"), [
    pytest.param("zh", "这个我记下了，下周一之前给您答复。", "答复", id="zh-time-then-to-you"),
    pytest.param("zh", "装好后师傅拍个视频发您确认。", "视频", id="zh-after-then-someone"),
    pytest.param("zh", "小林每次上门后会给您发视频。", "视频", id="zh-every-visit-to-you"),
    pytest.param("en", "Leave it with me - I'll chase the parts supplier and update you by Thursday.", "supplier", id="en"),
])
def test_a_deed_to_the_user_after_a_time_is_a_promise(lang, text, part):
    assert the_one(promises_after(lang, bot(text)), part)[1] == "open"


@pytest.mark.parametrize(("lang", "text"), [
    pytest.param("zh", "押金是退房后3个工作日内原路退回的。", id="zh-shi-de"),
    pytest.param("zh", "营地每天晚上都会在家长群里发当天的照片和视频。", id="zh-every-day-to-everyone"),
    pytest.param("en", "Our trainers always send a short summary after each class.", id="en-always"),
])
def test_a_statement_of_how_the_service_always_goes_is_no_promise(lang, text):
    assert promises_after(lang, bot(text)) == []


@pytest.mark.parametrize(("lang", "promise", "reply", "status"), [
    pytest.param("zh", "好的，我晚点把托管合同发您。", "合同不用发了，我们周六当面签。", "cancelled", id="zh-thing-first-decline"),
    pytest.param("en", "I'll post you a brochure too.", "no need, I've seen it online", "cancelled", id="en-no-need"),
])
def test_the_user_turning_down_the_promised_thing_cancels_it(lang, promise, reply, status):
    assert [s for _, s, _ in promises_after(lang, bot(promise), reply)] == [status]


def test_the_contacted_party_answering_keeps_the_promise_to_contact_it():
    got = promises_after("zh", bot("稍等，我帮您联系一下酒店前台。"), "嗯", bot("前台回复了，十二点以后就可以入住。"))
    assert [s for _, s, _ in got] == ["done"]


@pytest.mark.parametrize(("lang", "promise", "reply", "status"), [
    pytest.param("zh", "已改好。我会把取车须知发到您的手机上。", "收到了，谢谢", "done", id="zh-received"),
    pytest.param("en", "All changed. I'll text you the pickup instructions now.", "got it thanks", "done", id="en-got-it"),
    pytest.param("en", "I'll call the landlord tomorrow.", "got it thanks", "open", id="en-not-a-sending"),
])
def test_the_user_saying_it_came_right_after_a_promise_to_send_keeps_it(lang, promise, reply, status):
    assert [s for _, s, _ in promises_after(lang, bot(promise), reply)] == [status]


def test_an_answer_awaited_in_a_condition_is_the_promise_not_its_report():
    assert [s for _, s, _ in promises_after("zh", bot("这个要问一下仓库，等仓库回复了我再告诉您。"))] == ["open"]
