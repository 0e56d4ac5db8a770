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

from tests.test_trust_promises import bot, promises_after, the_one


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
