"""prom31 (issue 19): promises made up. A contact said back is no promise:

- the user gives a number, an address or an email, and the assistant only says who will ring whom on it, or that a thing
  will go there ("07700 918 552, ask for Kemal" -> "Thanks, the crew will call Kemal on 07700 918 552"; "post the invoice to
  14 Larch Close please" -> "Certainly, the invoice will go by post to 14 Larch Close"): the contact is a fact of the
  booking, the deed the service's way of working or a promise made before; the annotators of the open sets never list it;
- a call or a thing sent with a when, a purpose or a condition ("… the day before", "… when he's on his way", "… to
  confirm", "… within 2 working days") still promises, and so does an active deed of sending ("I'll post the kit to …").

Chinese: no chat of the open sets says a contact back as a promise, and "师傅到了给您打电话" is a deed with its when; the
rule reads English only (a guard below)."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from tests.test_trust_promises import bot, promises_after, the_one


def rule_promises_after(lang: str, *turns: str | dict) -> list[str]:
    """The texts of the commitments the rule readers make, the learned promise reader (another lane's step) left out: it
    reads a clause on its own and makes its own promises beside the rules; the rule's filters are the rule step's."""
    t = Tracker(lang, today="2026-03-02")
    t.extractor.steps[:] = [s for s in t.extractor.steps if s != "learned_promises"]
    for turn in turns:
        t.observe(turn if isinstance(turn, dict) else {"role": "user", "content": turn})
    return [c.text for c in t.state().commitments]


@pytest.mark.parametrize(("user", "reply"), [
    pytest.param("The site contact is Kemal, 07700 918 552.", "Thanks, the crew will call Kemal on 07700 918 552.",
                 id="crew-calls-the-contact"),
    pytest.param("Ring my landline instead please, 0161 555 0192.", "No problem, we'll ring 0161 555 0192.",
                 id="we-ring-the-number"),
    pytest.param("Could the invoice go by post? 14 Larch Close, Leeds LS6 2QT.",
                 "Certainly, the invoice will go by post to 14 Larch Close.", id="thing-goes-to-the-address"),
    pytest.param("Send the invoices to accounts@brookmills.co.uk please.", "Fine. The invoices will go to that address.",
                 id="goes-to-that-address"),
    pytest.param("+44 7911 123 456", "Thanks. The checklist will come to +44 7911 123 456.", id="thing-comes-to-the-number"),
    pytest.param("call my cell instead, 514-555-0199, nobody's home in the day", "Updated: they'll call your cell, 514-555-0199.",
                 id="updated-your-cell"),
])
def test_prom31_a_contact_said_back_is_no_promise(user, reply):
    assert promises_after("en", user, bot(reply)) == []


def test_prom31_the_call_after_a_booking_head_is_said_back_too():
    """The booking's day in the sentence is the visit's, not the call's: no promise, the booking is a fact."""
    promises = promises_after("en", "Ring my son on 01792 448 310, not me.",
                              bot("Booked HR-4410 with Ms Evans, Monday 6 June at 10am, and we'll call Owen on 01792 448 310."))
    assert promises == []


def test_prom31_another_promise_in_the_message_stays():
    promises = promises_after("en", "My number is 07700 900 615.",
                              bot("Dr Shah will call you on 07700 900 615. I'll email you the intake form today."))
    assert [p[0] for p in promises] == ["I'll email you the intake form today"]


@pytest.mark.parametrize(("user", "reply", "part"), [
    pytest.param("Call Bill on 01347 868 402, he's home all week.", "Thanks, Martin will ring Bill on 01347 868 402 the day before.",
                 "day before", id="with-a-when"),
    pytest.param("Lena's number is 07412 318 905.", "Noted, Lena will call 07412 318 905 when she's on her way.",
                 "on her way", id="with-a-condition"),
    pytest.param("Hannah's mobile is 07831 202 774.", "I'll text Hannah on 07831 202 774 to confirm.",
                 "to confirm", id="with-a-purpose"),
    pytest.param("Invoices to accounts@brookmills.co.uk", "The invoice will go to accounts@brookmills.co.uk within 2 working days.",
                 "invoice", id="with-a-deadline"),
    pytest.param("It's 23 Marsh Lane, Holmfirth.", "I'll post the kit to 23 Marsh Lane.", "post the kit", id="active-send"),
    pytest.param("Here you go: 07700 900 777.", "Tomorrow at 9, Gary will call you on 07700 900 777.", "Gary", id="dated-call"),
])
def test_prom31_a_contact_with_more_still_promises(user, reply, part):
    assert the_one(promises_after("en", user, bot(reply)), part)[1] == "open"


@pytest.mark.parametrize(("user", "reply", "part"), [
    pytest.param("Can someone call me back about the quote? 07700 900 123", "Sure, Sam will call you on 07700 900 123.", "Sam",
                 id="call-back-asked"),
    pytest.param("My number is 07700 900 124.", "I'll call you on 07700 900 124.", "call you", id="assistant-own-call"),
])
def test_prom31_a_call_asked_for_or_the_assistants_own_still_promises(user, reply, part):
    assert the_one(promises_after("en", user, bot(reply)), part)[1] == "open"


def test_prom31_a_number_the_user_never_gave_still_promises():
    promises = promises_after("en", "Can someone ring me about the quote?", bot("Sure, Priya will call you on 0113 496 0321."))
    assert the_one(promises, "Priya")[1] == "open"


@pytest.mark.parametrize(("reply", "part"), [
    pytest.param("好的，我们会打13857300912联系您。", "联系您", id="zh-call"),
    pytest.param("好的，发票会寄到中山北路202号。", "发票", id="zh-thing-sent"),
])
def test_prom31_zh_contact_said_back_stays_a_promise(reply, part):
    """Chinese keeps its deed: the rule is English only (no zh chat of the open sets has the shape)."""
    promises = promises_after("zh", "我电话13857300912，地址中山北路202号", bot(reply))
    assert the_one(promises, part)[1] == "open"


@pytest.mark.parametrize(("rule", "reply"), [
    pytest.param("Please don't phone me after seven in the evening, I go to bed early.", "Noted, we'll only ring you before 7pm.",
                 id="time-window-in-other-words"),
    pytest.param("No visits on Friday or Saturday please, the shop is packed.", "I'll note Monday to Thursday only.",
                 id="days-in-other-words"),
])
def test_prom31_the_rule_step_reads_a_limit_in_other_words_as_no_promise(rule, reply):
    """The rule readers drop it; the learned reader, another lane's step, may still mark such a clause on its own."""
    assert rule_promises_after("en", rule, bot(reply)) == []


@pytest.mark.parametrize(("rule", "reply"), [
    pytest.param("Please don't ring me after 7 in the evening, I go to bed early.", "Noted, we'll only ring you before 7pm.",
                 id="time-window"),
    pytest.param("No deliveries at the weekend please, the gate is locked.", "The driver will deliver Monday to Friday only.",
                 id="weekend-said-as-weekdays"),
    pytest.param("Can you not call my husband at work, he's a teacher.", "Of course, nobody will call your husband at work.",
                 id="nobody-will"),
])
def test_prom31_a_limit_said_back_in_other_words_is_no_promise(rule, reply):
    assert promises_after("en", rule, bot(reply)) == []


@pytest.mark.parametrize(("rule", "reply", "part"), [
    pytest.param("please don't post anything, email only", "Sure, I'll only email you the signed contract tomorrow morning.",
                 "signed contract", id="limit-with-a-due-and-no-rule-of-when"),
    pytest.param("Please call me first if it's over £40, and no repaint.", "We'll phone before anything above £40 and we won't touch the paint.",
                 "phone before", id="positive-deed-beside-the-limit"),
    pytest.param("I'm busy this week.", "I'll only send the quote on Monday.", "quote", id="no-rule-in-the-last-message"),
])
def test_prom31_a_limit_with_a_deed_still_promises(rule, reply, part):
    assert the_one(promises_after("en", rule, bot(reply)), part)[1] == "open"


def test_prom31_zh_limit_in_other_words_stays_as_before():
    """Chinese is left as it was: its annotators list "好的，联系您只发短信" as a promise."""
    promises = promises_after("zh", "晚上8点以后别打电话", bot("好的，我们只在晚上8点前联系您。"))
    assert the_one(promises, "8点前")[1] == "open"


@pytest.mark.parametrize(("user", "reply"), [
    pytest.param("No lavender please, my wife gets migraines.", "Of course, we'll use unscented oil instead.", id="means-instead"),
    pytest.param("Put the certificate in my maiden name, Harriet Cole.", "Thanks, we'll use Harriet Cole.", id="name-chosen"),
    pytest.param("My mobile is 07700 900 318.", "We'll use 07700 900 318 for any questions.", id="number-for-questions"),
    pytest.param("The dog must not reach any poison.", "We'll use sealed traps indoors and covered stations outside only.",
                 id="means-by-the-rule"),
])
def test_prom31_the_means_the_service_uses_is_no_promise(user, reply):
    assert promises_after("en", user, bot(reply)) == []


@pytest.mark.parametrize(("user", "reply", "part"), [
    pytest.param("Come in by the side gate please.", "Sure, we'll use the side gate and text you when we arrive.",
                 "text you", id="second-deed"),
    pytest.param("Can you update my CV layout?", "I'll use the new template and email you a draft by Friday.",
                 "draft", id="second-deed-with-due"),
])
def test_prom31_a_use_with_a_deed_still_promises(user, reply, part):
    assert the_one(promises_after("en", user, bot(reply)), part)[1] == "open"


def test_prom31_zh_use_stays_a_promise():
    """Chinese keeps its deed: "欧师傅会用…把电脑接上" is listed by its annotators (the deed is the connecting)."""
    promises = promises_after("zh", "我弟弟的电脑连不上网", bot("好的，师傅会用一条短网线把您弟弟的电脑接上。"))
    assert the_one(promises, "网线")[1] == "open"
