"""A new English user's rough edges found by the user31 helper (issue 19, blind25 round): short customer-service chats
of my own (a plumber visit, a prescription refill, a birthday cake, an airport taxi, a dry-cleaning pickup, a ski
rental), each a defect a user sees in the state: "Wednesday is bad, is Thursday morning possible?" kept Wednesday as
the day, "refill my prescription for metformin 500mg" kept "metformin 500mg" as a date, "we are 2 with 2 suitcases"
kept no party, "chocolate, for about 12 kids" kept the count inside the flavour, and "14 Elm Street apt 3B" lost its
flat. The shapes are English ones. The chats with what I expected before running them are in
``tests/data_user31/chats_user31.py``."""

import pytest

from tests.test_trust_user30 import _current, _state  # noqa: F401  (the same replay of (role, text) messages)


# --- a day said not to suit is no day the user settled on


@pytest.mark.parametrize("said, day", [("Wednesday is bad, is Thursday morning possible?", "Wednesday"),
                                       ("Monday won't work", "Monday"),
                                       ("friday is bad for me", "friday"),
                                       ("tuesday's not ok for us sorry", "tuesday")])
def test_a_day_said_not_to_suit_is_no_value(said, day):
    state = _state([("user", "can someone come look at my boiler?"), ("user", said)])
    assert not any(f.value.casefold() == day.casefold() and f.status == "current" for f in state.facts)


def test_a_day_the_assistant_proposed_is_taken_back_by_a_plain_no():
    state = _state([("user", "Hi, the pipe under my kitchen sink is leaking. When can someone come?"),
                    ("assistant", "Our plumber can come Wednesday between 1 and 3 pm. The call-out fee is $89."),
                    ("user", "Wednesday is bad, is Thursday morning possible?")])
    assert ("day", "Wednesday") not in {(f.key, f.value) for f in state.facts if f.status == "current"}
    assert [c for c in state.constraints if c.polarity == "must_not"]  # the rule still holds the day


@pytest.mark.parametrize("said, day", [("friday is fine", "friday"), ("Monday works for me", "Monday"),
                                       ("wednesday please", "wednesday")])
def test_a_day_that_suits_is_still_the_day(said, day):
    assert ("day", day) in _current([("user", "can someone come look at my boiler?"), ("user", said)])


def test_a_day_the_user_gave_stays_when_another_is_called_bad():
    current = _current([("user", "book me in for Thursday please"), ("user", "friday is bad anyway")])
    assert ("day", "Thursday") in current


# --- a medicine's strength is no date


@pytest.mark.parametrize("said", ["I need to refill my prescription for metformin 500mg",
                                  "I need a refill for ibuprofen 400 mg", "can i get more of my lisinopril 10mg"])
def test_a_medicine_strength_is_no_date(said):
    state = _state([("user", said)])
    assert not [f for f in state.facts if f.key in ("date", "day", "time")]


# --- a bare count said of "we" is the party


@pytest.mark.parametrize("said, people", [("sedan. we are 2 with 2 suitcases", "2"), ("we're 3", "3"),
                                          ("We're a family of 4 coming to Zermatt", "4"), ("we r 5", "5")])
def test_a_bare_count_of_we_is_the_party(said, people):
    assert ("people", people) in _current([("assistant", "Sedan is 65 francs, van 90."), ("user", said)])


def test_a_later_we_count_replaces_the_party():
    current = _current([("user", "We are 4 persons, me, my wife and 2 sons. Is 22 June possible?"),
                        ("assistant", "Yes, the morning trip has space."),
                        ("user", "oh my wife won't come after all, so we are 3")])
    assert ("people", "3") in current and ("people", "4 persons") not in current


@pytest.mark.parametrize("said", ["we're 10 minutes away", "we are 2 weeks late with the rent", "we are 1 short",
                                  "we're 3 hours behind schedule"])
def test_a_we_number_of_time_or_shortfall_is_no_party(said):
    assert not [f for f in _state([("user", said)]).facts if f.key == "people"]


def test_a_we_count_with_its_kind_stays_the_kind():
    current = _current([("user", "any seal trips this saturday? We're two adults and three kids")])
    assert ("adults", "two adults") in current and ("children", "three kids") in current
    assert not any(k == "people" for k, _ in current)


# --- an answer's value does not run on into the count of people said after it


def test_the_answered_value_stops_before_a_count_of_people():
    current = _current([("user", "I want to order a birthday cake for my son"),
                        ("assistant", "How lovely! What flavour and size?"),
                        ("user", "chocolate, for about 12 kids. no nuts please")])
    assert ("flavour", "chocolate") in current and ("children", "12 kids") in current


def test_the_answered_value_still_runs_on_into_a_place():
    current = _current([("assistant", "Which roles are you targeting?"),
                        ("user", "clinical research associate, CRA roles, mainly in Manchester or remote.")])
    assert any(v.endswith("Manchester or remote") for _, v in current)


# --- a street address keeps its flat typed in lower case


@pytest.mark.parametrize("said, address", [("14 Elm Street apt 3B", "14 Elm Street apt 3B"),
                                           ("my address is 22 Baker Street, flat 4", "22 Baker Street, flat 4"),
                                           ("12 Rose Lane, Apt. 5C, Leeds", "12 Rose Lane, Apt. 5C, Leeds")])
def test_an_address_keeps_its_lower_case_unit(said, address):
    assert ("address", address) in _current([("assistant", "What's the address?"), ("user", said)])


def test_a_lower_case_word_after_the_street_is_no_unit():
    assert ("address", "5 Mill Road") in _current([("assistant", "What's the address?"),
                                                  ("user", "it's 5 Mill Road flat is on the top")])


# --- a bare count is new even when its digit stands inside a longer value said before


def test_a_we_count_after_a_terminal_number_is_the_party():
    current = _current([("user", "Need taxi to airport on 9 Oct, flight at 7:15 am from terminal 2"),
                        ("assistant", "I suggest pickup at 4:45am. Sedan is 65 francs, van 90."),
                        ("user", "sedan. we are 2 with 2 suitcases")])
    assert ("people", "2") in current


def test_a_count_held_before_is_not_made_again():
    state = _state([("user", "table for 2 people tonight"), ("assistant", "Sure, 7pm?"), ("user", "yes, we are 2")])
    assert len([f for f in state.facts if f.key == "people" and f.status == "current"]) == 1


# --- what the user was charged or billed is the amount


@pytest.mark.parametrize("said, amount", [("the bill is 340 dollars this month, normally it's 90", "340 dollars"),
                                          ("you charged me $59.99 twice", "$59.99"),
                                          ("the invoice says £120 but you quoted £90", "£120")])
def test_an_amount_charged_or_billed_is_kept(said, amount):
    assert ("amount", amount) in _current([("user", "hi, I have a problem with my account"), ("user", said)])


# --- a value held as plain words changes when the change names it


@pytest.mark.parametrize("said, new", [("can we make it vanilla instead of chocolate, sorry", "vanilla"),
                                       ("swap chocolate for lemon please", "lemon"),
                                       ("actually change the chocolate to red velvet", "red velvet")])
def test_plain_words_named_as_the_old_value_change(said, new):
    state = _state([("user", "I'd like to order a birthday cake"), ("assistant", "What flavour?"), ("user", "chocolate"),
                    ("assistant", "Great, ready for pickup Saturday."), ("user", said)])
    current = {(f.key, f.value) for f in state.facts if f.status == "current"}
    assert ("flavour", new) in current
    assert ("flavour", "chocolate") not in current


def test_instead_of_a_value_not_held_changes_nothing():
    current = _current([("assistant", "What flavour?"), ("user", "chocolate"),
                        ("user", "we'd like candles instead of sparklers")])
    assert ("flavour", "chocolate") in current and not any(v == "candles" for _, v in current)

