"""prom30 (issue 19): promises made up. Two shapes the annotators of the open sets never list as promises:

- an English reply that opens by agreeing ("Understood,", "Noted,", "Of course,") and says back the rule the user set in
  their last message as the service's "we'll …" ("please keep the van off the lawn" -> "Understood, we'll keep the van off
  the lawn"): the user's constraint, kept as one, not a deed owed. In Chinese the annotators list such replies as promises
  ("好的，刘师傅到楼下先给您打电话，不敲门"), so Chinese keeps them (a guard below);
- the report of a change, a booking or a filing the user asked for, with no promise before it ("改好了：8月12号下午2点",
  "修改已提交", "I've booked her, reference …"): the state of the booking, no commitment; things sent, held or
  cancelled stay done commitments as before."""

from __future__ import annotations

import pytest

from tests.test_trust_promises import bot, promises_after, the_one


@pytest.mark.parametrize(("rule", "reply"), [
    pytest.param("Please keep the van off the front lawn, it was just reseeded.",
                 "Understood, we'll keep the van off the front lawn.", id="keep-off"),
    pytest.param("The cleaners must use unscented products, my son has asthma.",
                 "Of course, we'll bring unscented products for your visit.", id="bring-products"),
    pytest.param("The crew must come in by the side gate, the front one is broken.",
                 "Noted, the crew will come in by the side gate.", id="side-gate"),
])
def test_prom30_a_rule_said_back_after_agreeing_is_no_promise(rule, reply):
    assert promises_after("en", rule, bot(reply)) == []


@pytest.mark.parametrize(("rule", "reply", "part"), [
    pytest.param("Please keep the van off the front lawn.", "Understood. I'll email you the revised quote by Friday.",
                 "revised quote", id="other-deed"),
    pytest.param("Please keep the van off the front lawn.", "We'll keep the van off the front lawn.",
                 "van off", id="no-agreeing-opening"),
    pytest.param("Please ring me before any extra work.", "Noted, I'll ring you tomorrow at 9am before any extra work.",
                 "ring you", id="due-time-is-a-deed"),
])
def test_prom30_other_deeds_after_a_rule_still_promise(rule, reply, part):
    assert the_one(promises_after("en", rule, bot(reply)), part)[1] == "open"


def test_prom30_zh_rule_said_back_stays_a_promise():
    """The Chinese annotators list the service's deed said back as a promise: the rule is English only."""
    promises = promises_after("zh", "师傅来之前打个电话，我家有狗要先关起来", bot("好的，王师傅到楼下先给您打电话。"))
    assert the_one(promises, "打电话")[1] == "open"


@pytest.mark.parametrize(("lang", "text"), [
    pytest.param("zh", "改好了：3月9号上午10点，地址不变。", id="zh-changed"),
    pytest.param("zh", "修改已提交，新的时间是周四下午。", id="zh-change-filed"),
    pytest.param("zh", "已办理6期分期，每期手续费12元。", id="zh-done-as-asked"),
    pytest.param("zh", "您的报名申请已提交。", id="zh-application-filed"),
    pytest.param("en", "I've booked him, reference TR-55120, for Saturday at 10am.", id="en-booked"),
    pytest.param("en", "I have booked Ms Ortiz in for the 3pm slot.", id="en-have-booked"),
])
def test_prom30_a_record_changed_as_asked_is_no_commitment(lang, text):
    assert promises_after(lang, bot(text)) == []


@pytest.mark.parametrize(("lang", "text", "part"), [
    pytest.param("zh", "付款链接已发到您手机。", "付款链接", id="zh-link-sent"),
    pytest.param("zh", "先帮您保留了名额。", "保留", id="zh-held"),
    pytest.param("en", "The payment link is in your inbox.", "payment link", id="en-link-sent"),
    pytest.param("en", "A blue one is now held for you until Friday.", "held for you", id="en-held"),
])
def test_prom30_things_sent_or_held_stay_done(lang, text, part):
    assert the_one(promises_after(lang, bot(text)), part)[1] == "done"


def test_prom30_a_report_keeps_the_promise_before_it():
    """A change promised earlier is kept by its report, as before."""
    promises = promises_after("zh", bot("我帮您把预约改到周四下午。"), "好的", bot("改好了：周四下午3点。"))
    assert [status for _, status, _ in promises] == ["done"]


@pytest.mark.parametrize("offer", [
    pytest.param("That's £240 for 12 guests. Shall I put the booking in your name?", id="put-booking-in"),
    pytest.param("The 11am pottery class has room. Shall I hold the 11am class for 6?", id="hold-class"),
    pytest.param("Our sitter Dana covers your area. Shall I set up a meet-and-greet with her first?", id="set-up-meeting"),
])
def test_prom30_an_accepted_offer_to_book_by_another_verb_is_the_booking(offer):
    assert promises_after("en", bot(offer), "yes please") == []


def test_prom30_an_accepted_offer_to_send_still_promises():
    promises = promises_after("en", bot("Your table is booked. Shall I email you the menu?"), "yes please")
    assert the_one(promises, "menu")[1] == "open"
