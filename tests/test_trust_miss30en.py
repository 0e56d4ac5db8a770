"""miss30en (issue 19, blind28 round): English values the user gives that the state missed, shapes seen in four
open groups or more.

Short chats of our own, one shape each; every positive case failed on the code before its rule.
"""

from __future__ import annotations

import pytest

from tests.test_trust_miss26en import _current  # replay (assistant first, then turns in alternation): key -> value


def _properties(chat: list[str]) -> list[str]:
    return [v for k, v in _current(chat).items() if k.startswith("property")]


# --- the kind of home the user says the job is for -------------------------------------------------------------
# "it's a Victorian terrace in Brockley", "1930s semi.", "moving fae a 2 bed flat", "its an old granite cottage":
# said in passing, in the opening or as an answer, and read by no rule (or read as an address a later address
# replaced). English only: the Chinese lane reads its own shapes.

@pytest.mark.parametrize("chat, wanted", [
    (["How can we help?", "hi, we're buying an edwardian terrace and the survey flagged woodworm in the loft"],
     "edwardian terrace"),
    (["Can I take a name?", "Dave Morris. 1950s semi. ring after 5 pls, I'm on site"], "1950s semi"),
    (["Where are you moving?", "from a three bed flat in Leith to my mum's in Perth, end of May"], "three bed flat"),
    (["What kind of property is it?", "a stone cottage, quite damp in the back bedroom"], "stone cottage"),
    (["Hello!", "hi my dad wants a stairlift fitted in his bungalow, he's 82"], "bungalow"),
    (["Hi there", "I let a one-bedroom flat in Bath and need the gas safety check done"], "one-bedroom flat"),
])
def test_miss30en_the_kind_of_home_is_kept(chat, wanted):
    assert _properties(chat) == [wanted], _current(chat)


def test_miss30en_the_kind_of_home_stays_when_the_address_follows():
    """Read as an address first, the kind was replaced by the address the user gave next."""
    chat = ["Is it a house or a flat?", "its an old brick bungalow, the gutters leak at the back",
            "What's the address?", "Rose Lodge, 4 Mill Lane, Ely CB7 4AA"]
    assert _properties(chat) == ["old brick bungalow"], _current(chat)


@pytest.mark.parametrize("chat", [
    ["How can we help?", "the flat roof on the extension leaks when it rains"],
    ["Address please?", "Flat 3, 12 High Street, Leeds LS1 2AB"],
    ["Address please?", "Ivy Cottage, Mill Lane, Ledbury HR8 1AB"],
    ["Where is it?", "holly cottage, back lane, upper slaughter GL54 2JF"],
    ["Anything else?", "my old flat was on the top floor, so a lift would be nice this time"],
    ["Where should the charger go?", "on the wall of the detached garage please"],
    ["Anything else?", "we're away for the semi final on saturday so not then"],
    ["What sort of house?", "It is a three-bedroom house but we are only moving the piano"],
    ["What sort of house?", "it's not a bungalow, it's got stairs"],
])
def test_miss30en_no_kind_of_home_where_none_is_said(chat):
    assert _properties(chat) == [], _current(chat)


def _conditions(chat: list[str]) -> list[str]:
    return [v for k, v in _current(chat).items() if k.startswith("condition")]


# --- what a person has, said late in the chat ------------------------------------------------------------------
# An operation, injury or illness said with when in the past ("he had a knee replacement last year"), one of a
# group who has it ("one lady has epilepsy"), a learner's "have" for "has" ("my daughter have asthma"): the problems
# step reads such clauses in the opening only, the conditions step read none of these three.

@pytest.mark.parametrize("chat, wanted", [
    (["Hello, how can I help?", "hi we'd like the garden tour for 4 people", "Lovely, we have the 9th or the 16th.",
      "the 16th. will the path be ok for my mum, she had a hip replacement last year?"], "she had a hip replacement"),
    (["Hi!", "I want to book climbing taster sessions for my two boys", "Sure, Saturday or Sunday?",
      "Saturday. My son had a broken ankle two years ago, it's fine now. Name is Omar Haddad"], "My son had a broken ankle"),
    (["Hello", "we need a coach for the day centre trip on the 3rd", "Shall I book the minibus?",
      "yes please. one gentleman has dementia so he needs someone with him"], "one gentleman has dementia"),
    (["Hi", "need a haircut for my son saturday", "What time suits?",
      "after 4 pls. my son have eczema so no perfumed stuff on him"], "my son have eczema"),
    # allergic as typed: how much first, a dialect's "tae", one "l"
    (["Hi", "we'd like the pony trek for 3", "Anything we should know?", "my husband's a wee bit allergic tae horses, is that bad"],
     "my husband's a wee bit allergic tae horses"),
    (["Hello", "party for 12 kids on the 9th", "Which menu?", "the pizza one. 3 of the kids are alergic to eggs tho"],
     "3 of the kids are alergic to eggs"),
    # a diabetic's type said after it
    (["Hello", "booking a foot check for my dad", "Morning or afternoon?", "morning. he is diabetic, type 1, if that matters"],
     "he is diabetic, type 1"),
])
def test_miss30en_a_condition_said_late_is_kept(chat, wanted):
    assert wanted in _conditions(chat), _current(chat)


@pytest.mark.parametrize("chat", [
    ["Did you enjoy the course?", "yes my daughter had a great time last year, so again please"],
    ["Any changes since last time?", "we had a leak last month but it's fixed"],
    ["Any injuries?", "if he had a fall last year would that matter?"],
    ["When can you come?", "not friday, my son have football then"],
    ["Anything else?", "I have a question about parking"],
    ["Can they bowl?", "some of them have never bowled before so bumpers please"],
])
def test_miss30en_no_condition_where_none_is_said(chat):
    assert _conditions(chat) == [], _current(chat)


def _occasions(chat: list[str]) -> list[str]:
    return [v for k, v in _current(chat).items() if k.startswith("occasion")]


# --- the occasion the user books for ---------------------------------------------------------------------------
# "booking for my son's 13th birthday", "for our office Christmas do", "I'm organising a fun casino night", "we want
# a street party": the reason for the booking, said in passing in the opening, held by no fact of its own.

@pytest.mark.parametrize("chat, wanted", [
    (["Hello!", "hiya can we hire the hall for my mum's 70th birthday, about 50 of us"], "70th birthday"),
    (["How can I help?", "we're organising a charity quiz night at the club and need a PA"], "charity quiz night"),
    (["Hi", "looking for a caterer for our works leaving do in March, 30 people"], "works leaving do"),
    (["Hi there", "Hello, we want a garden party for the residents in June, could you do a buffet?"], "garden party"),
    (["Good morning", "it's their golden anniversary on the 9th so something special please"], "golden anniversary"),
])
def test_miss30en_the_occasion_booked_for_is_kept(chat, wanted):
    assert _occasions(chat) == [wanted], _current(chat)


@pytest.mark.parametrize("chat", [
    ["Any allergies?", "he had a reaction to peanuts at a party last year"],
    ["When suits?", "not the 14th, that's my nephew's christening"],
    ["Anything else?", "he's not a party person so a quiet table please"],
    ["Who is it for?", "my wife, for her birthday"],
    ["What can we help with?", "what can we do about the noise?"],
    ["When?", "before saturday please, we have a party"],
])
def test_miss30en_no_occasion_where_none_is_booked(chat):
    assert _occasions(chat) == [], _current(chat)


def _choices(chat: list[str], lang: str = "en") -> list[str]:
    return [v for k, v in _current(chat, lang).items() if k.startswith("choice")]


# --- a pick by its place in the list ---------------------------------------------------------------------------
# "the middle one" of three named no place the pick steps knew ("the middle one. the brand kit is nice but…"). Both
# languages.

@pytest.mark.parametrize("chat, lang, wanted", [
    (["We have a Basic plan at £10, a Plus plan at £15 or a Max plan at £25. Which one?", "the middle one please"], "en",
     "the middle one (a Plus plan)"),
    (["套餐有三种：基础版199元，标准版299元，豪华版499元，您选哪个？", "中间那个吧"], "zh", "中间那个 (标准版)"),
    (["Prints come as a 6x4 at £2, a 7x5 at £3.50 or an A4 at £8. Which size?", "the middle one. and glossy please"], "en",
     "the middle one (a 7x5)"),
])
def test_miss30en_a_pick_by_its_place_is_kept(chat, lang, wanted):
    assert _choices(chat, lang) == [wanted], _current(chat, lang)


@pytest.mark.parametrize("chat, lang", [
    (["We have a Basic plan at £10 or a Max plan at £25. Which one?", "the middle one please"], "en"),  # two: no middle
    (["套餐有两种：基础版199元，豪华版499元，您选哪个？", "中间那个吧"], "zh"),
])
def test_miss30en_no_middle_of_an_even_list(chat, lang):
    assert _choices(chat, lang) == [], _current(chat, lang)
