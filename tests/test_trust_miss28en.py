"""miss28en (issue 19, blind26 round): English values the user gives that the state missed.

Short chats of our own, one shape each; every case failed on the code before its rule.
"""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from ctxgraph.extract.registry import with_step
from tests.test_trust_miss26en import _current  # replay (assistant first, then turns in alternation): key -> value


def _values(chat: list[str]) -> list[str]:
    return list(_current(chat).values())


# --- a date the user says of their own event stays beside the day they book ------------------------------------
# "I've a craft fair on 22 May", "before the Archdeacon's visitation on 24 June", and a second date of a message
# no rule read ("a jury summons for 8 November but I'm having a hip replacement on 25 October"): each was the
# booking's ``date`` and the day booked later took its place.

@pytest.mark.parametrize("chat, kept, booked", [
    (["How can I help?", "I have a court summons for 3 March but I'm having surgery on 14 February, can I move it?",
      "Which week suits you instead?", "the 20th of April then"], "14 February", "20th of April"),
    (["When would you like the engineer?", "Friday if you can. I've a wedding on 9 June and need the van fixed before",
      "Friday is booked. Anything else?", "actually can he come on the 2nd instead"], "9 June", "2nd"),
    (["When is best for the test?", "It has to be done before the bishop's visit on 12 July.",
      "We have the 1st or the 3rd of July.", "the 3rd of July please"], "12 July", "3rd of July"),
    (["What dates do you need?", "ive a gig on the 14th of May so any day the week before",
      "We can do the 8th or the 9th of May.", "the 9th of May"], "14th of May", "9th of May"),
])
def test_miss28en_an_own_events_date_kept_beside_the_booking(chat, kept, booked):
    values = _values(chat)
    assert any(kept in v for v in values), values
    assert any(booked in v for v in values), values


# --- what is no event's date stays as it was ------------------------------------------------------------------

@pytest.mark.parametrize("chat, not_a_key", [
    # a stay's day after a place, no "on" before it (a second date of the message): the place is no event
    (["When are you over?", "2 to 20 July. We're in Oban the 12th and 13th, so somewhere near there"], "Oban"),
    # a request: the date is the booking's
    (["When would you like to come?", "I have a day off so I'd like to come on 14 March please"], "day off"),
])
def test_miss28en_no_event_date_where_none_is_said(chat, not_a_key):
    keys = list(_current(chat))
    assert not any(not_a_key.casefold() in k.casefold() for k in keys), keys


# --- what the assistant reads back from the user's record and the user confirms is the user's -----------------

@pytest.mark.parametrize("chat, wanted", [
    (["I've found your claim for 42 Cherry Lane, Kings Heath, B14 7QT. Is that right?", "That's us. Who's coming?"],
     "42 Cherry Lane, Kings Heath, B14 7QT"),
    (["Is she still at Rose Villa, 9 Tamar Road, Truro TR1 3AB?", "yes thats her. appointment is monday"],
     "Rose Villa, 9 Tamar Road, Truro TR1 3AB"),
    (["The engineer comes Friday, to 5 Kiln Row, Frome, BA11 2PL as on the form. Is that correct?",
      "Address right, but can it be the Thursday?"], "5 Kiln Row, Frome, BA11 2PL"),
    (["Booked. Alan Pike and 01392 774 120 are on the order, is that still the best number?",
      "Yes, that's me, the landline"], "01392 774 120"),
    (["Booked. Alan Pike and 01392 774 120 are on the order, is that still the best number?",
      "Yes, that's me, the landline"], "Alan Pike"),
])
def test_miss28en_a_read_back_the_user_confirms(chat, wanted):
    values = _values(chat)
    assert any(wanted in v for v in values), values


@pytest.mark.parametrize("chat, not_wanted", [
    # no yes: the address is only the assistant's
    (["I've found your claim for 42 Cherry Lane, Kings Heath, B14 7QT. Is that right?", "no we moved last year"],
     "Cherry Lane"),
    # the user gives their own: their words stand
    (["Is she still at Rose Villa, 9 Tamar Road, Truro TR1 3AB?", "yes but its 11 Tamar Road now, TR1 3AD"],
     "Rose Villa"),
    # no question to confirm: a shop's address said in passing
    (["Our shop is at 3 Abbey Arcade, Bath BA1 1LY. Shall I book you in?", "yes please"], "Abbey Arcade"),
])
def test_miss28en_no_read_back_without_a_yes_to_it(chat, not_wanted):
    values = _values(chat)
    assert not any(not_wanted in v for v in values), values


# --- the people around the user in the words of the regions: "mam", "nain", "hubby"; "me" for "my" -------------

@pytest.mark.parametrize("chat, wanted", [
    (["Who is coming to the fitting?", "just me and me mam, she's 79"], "me mam"),
    (["Who is the appointment for?", "my mam. she's 79 and can't do stairs"], "my mam"),
    (["Who will collect it?", "my hubby will pick it up after work"], "my hubby"),
    (["Who is the parcel for?", "it's a surprise for my nain, she's 90 next week"], "my nain"),
])
def test_miss28en_kin_in_regional_words(chat, wanted):
    people = {k: v for k, v in _current(chat).items() if k.startswith("person")}
    assert any(wanted in v for v in people.values()), people


def test_miss28en_me_is_no_possessive_after_a_verb():
    assert not any("dad" in v for v in _values(["Anything else?", "can you tell me dad's the one paying"]))


# --- "X not Y" corrects nothing when X ends a contraction typed without its apostrophe or an email ------------

@pytest.mark.parametrize("chat, kept, not_wanted", [
    (["Drop it in or use our mail-in service?", "mail in.", "Standard or next day return?",
      "standard is fine, im not in a rush"], "mail in", "mail im"),
    (["Who should we send the report to?", "send it to my mum please",
      "Which email should it go to?", "send it to me, kate.rowe@eircom.net, not mum she doesn't do email"],
     "my mum", "my net"),
])
def test_miss28en_no_correction_from_a_negation_or_an_email(chat, kept, not_wanted):
    values = _values(chat)
    assert any(kept in v for v in values) and not any(not_wanted in v for v in values), values


# --- a later address for another role (where to post, where someone moves) keeps the first -------------------

def _with_other_address(lang: str = "en") -> Tracker:
    """A tracker with the optional other_address step on (off by default since the merge: registry.OPTIONAL_STEPS)."""
    t = Tracker(lang)
    t.extractor.steps[:] = with_step(t.extractor.steps, "other_address")
    return t


def _addresses(chat: list[str]) -> list[str]:
    t = _with_other_address()
    for i, text in enumerate(chat):
        t.observe({"role": "assistant" if i % 2 == 0 else "user", "content": text})
    return [f.value for f in t.state().facts if f.status == "current" and ("address" in f.key or f.key in ("send_to", "moving_to"))]


def test_miss28en_other_address_is_off_by_default():
    chat = ["Where will the broadband go?", "I'm moving to 17 Hill Lane, Bristol BS5 9TX next month.",
            "Which slot suits?", "Friday. please send the router to where I live now: 3 Elm Row, Bath BA1 2QP"]
    assert not any(k in ("send_to", "moving_to") for k in _current(chat)), _current(chat)


@pytest.mark.parametrize("chat, first, second", [
    (["Where is the boiler?", "It's at my rental, 22 Mill Street, Reading RG1 2AB.",
      "Thanks. The report goes out by post. What's your postal address?", "4 Oak Close, Tilehurst RG31 6XF"],
     "22 Mill Street", "4 Oak Close"),
    (["What address is the badge for?", "Joan Platt, 8 Moor View, Leeds LS6 3AA. she's 91",
      "Noted. Anything else?", "oh and she's moving in with us in May, 14 Ash Grove, will it follow her"],
     "8 Moor View", "14 Ash Grove"),
    (["Where will the broadband go?", "I'm moving to 17 Hill Lane, Bristol BS5 9TX next month.",
      "Which slot suits?", "Friday. please send the router to where I live now: 3 Elm Row, Bath BA1 2QP"],
     "17 Hill Lane", "3 Elm Row"),
])
def test_miss28en_a_second_address_for_another_role_keeps_the_first(chat, first, second):
    addresses = _addresses(chat)
    assert any(first in v for v in addresses) and any(second in v for v in addresses), addresses


def test_miss28en_a_corrected_address_still_replaces_the_first():
    chat = ["Where should we deliver?", "22 Mill Street, Reading RG1 2AB.",
            "Great, booked.", "sorry, send it to 4 Oak Close, Tilehurst RG31 6XF instead"]
    addresses = _addresses(chat)
    assert not any("22 Mill Street" in v for v in addresses) and any("4 Oak Close" in v for v in addresses), addresses


@pytest.mark.parametrize("chat, first, second", [
    (["请问装在哪里？", "我家地址是北京市朝阳区建国路88号", "好的，周几方便？", "周五。路由器寄到我现在住的地方：上海市浦东新区世纪大道100号"],
     "建国路88号", "世纪大道100号"),
    (["卡办给谁？", "我妈住在北京市朝阳区建国路88号，帮她办个卡", "好的。", "她下个月搬到上海市浦东新区世纪大道100号"],
     "建国路88号", "世纪大道100号"),
])
def test_miss28en_a_second_address_for_another_role_keeps_the_first_zh(chat, first, second):
    t = _with_other_address("zh")
    for i, text in enumerate(chat):
        t.observe({"role": "assistant" if i % 2 == 0 else "user", "content": text})
    values = [f.value for f in t.state().facts if f.status == "current"]
    assert any(first in v for v in values) and any(second in v for v in values), values


# --- "X, not Y" that takes back a recipient or a place leaves the want's words whole ---------------------------

def _want(chat: list[str]) -> str:
    return _current(chat).get("want", "")


@pytest.mark.parametrize("chat, whole", [
    (["How can I help?", "Looking to buy a watch for my dad's 70th, he loves old Seikos",
      "Shall we post it to you?", "yes post it to me, not dad, it's a surprise"], "my dad's 70th"),
    (["How can I help?", "I need to hire a hospital grade wheelchair for my mum",
      "Where should it go?", "deliver it home not the hospital please"], "hospital grade wheelchair"),
])
def test_miss28en_a_taken_back_recipient_leaves_the_want_whole(chat, whole):
    assert whole in _want(chat), _want(chat)


def test_miss28en_a_count_taken_back_still_changes_the_want():
    chat = ["How can I help?", "I need 200 business cards on cotton card", "Sure.", "actually make it 500 not 200"]
    assert "500 business cards" in _want(chat), _want(chat)


# --- the part of the day the user is free, said as a preference -----------------------------------------------

def _availability(chat: list[str]) -> str:
    return _current(chat).get("availability", "")


@pytest.mark.parametrize("chat, wanted", [
    pytest.param(["When can the officer visit?", "any weekday but not a Friday, I swim on Fridays. Mornings are best."],
                 "Mornings are best", marks=pytest.mark.xfail(strict=True, reason=(
                     "model32: the constraint reader retrained on every open group marks 'Mornings are best.' (P 0.68 >= "
                     "0.65), and day_parts leaves a preference a rule holds to the rule; the annotators split on the shape "
                     "(blind17 aerial lists 'mornings are best' as a rule, blind20 housingtransfer as availability), and "
                     "skipping it in the learned step lost blind17's rule"))),
    (["Booked for Tuesday.", "actually make it the wednesday, the 12th. anytime after tea"], "anytime after tea"),
    (["When could he come in?", "thursday after school is better for him"], "thursday after school"),
])
def test_miss28en_a_part_of_the_day_preferred(chat, wanted):
    assert wanted in _availability(chat), _current(chat)


@pytest.mark.parametrize("chat", [
    ["When can the officer visit?", "are mornings ok for you?"],
    ["When can the officer visit?", "not evenings after 6, I work late"],
    ["When can the officer visit?", "mornings, afternoons she sleeps"],
])
def test_miss28en_no_part_of_the_day_asked_or_refused(chat):
    assert not _availability(chat), _current(chat)


# --- how the user pays, in more of the ways it is said ---------------------------------------------------------

@pytest.mark.parametrize("chat, wanted", [
    (["You're booked in.", "thanks. Payment I do by bank transfer today. my brother will book himself"], "by bank transfer"),
    (["We can't take cheques I'm afraid, only card or cash.", "oh go on then, cash it is"], "cash"),
    (["See you tomorrow at 9.", "great. card on the day ok? oh and the gate code is 4411"], "card on the day"),
])
def test_miss28en_how_the_user_pays(chat, wanted):
    assert wanted in _current(chat).get("payment", ""), _current(chat)


def test_miss28en_a_question_about_paying_is_no_payment():
    assert "payment" not in _current(["Anything else?", "does payment by card cost extra?"])


def test_miss28en_no_own_event_date_beside_a_pack_slot_that_read_it():
    """(review) "My billing cycle starts on the 15th" is the telecom pack's billing_cycle, no event of the user's beside it."""
    t = Tracker("en", packs=["telecom"])
    t.observe_many([{"role": "user", "content": "My bill is $85 this month"},
                    {"role": "user", "content": "My billing cycle starts on the 15th"}])
    assert {f.key: f.value for f in t.state().facts if f.status == "current"} == {"bill_amount": "$85", "billing_cycle": "15th"}
