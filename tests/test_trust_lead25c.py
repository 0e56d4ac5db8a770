"""The lead's third batch of a new user's rough edges in the blind25 round (chats in /work/brief/lead25/chats4.py, written
before the first run): "4 of us with 2 big cases" then "actually make it 3 cases" made the party 3 (and, with no party
held, the 14:35 landing 3 o'clock); "car is KM19 XYZ" kept the plate as a person; "6 months is £60, 12 months is £100." -
"oh in that case do 12 months" picked nothing."""

import pytest

from tests.test_trust_lead23 import _facts  # the current (key, value) pairs after the messages, today 2026-12-04


def test_a_count_of_another_noun_moves_no_party():
    facts = _facts([("user", "need a transfer from Gatwick sunday, flight BA 2490 lands 14:35, 4 of us with 2 big cases"),
                    ("assistant", "A saloon fits 4 with 2 cases. Anything else?"),
                    ("user", "actually make it 3 cases, my son is bringing one too")], "en")
    assert ("people", "4 of us") in facts and ("time", "14:35") in facts, facts


@pytest.mark.parametrize("again, new", [("actually make it 6 people", "6 people"), ("actually make it 6", "6")])
def test_a_count_of_people_or_a_bare_count_still_moves_the_party(again, new):
    facts = _facts([("user", "table for 4 please"), ("assistant", "Booked for 4."), ("user", again)], "en")
    assert ("people", new) in facts, facts


@pytest.mark.parametrize("text", ["car is KM19 XYZ", "my car is AB12 CDE", "reg is LM67 XYZ"])
def test_a_plate_after_car_is_is_the_registration(text):
    facts = _facts([("user", text)], "en")
    assert any(k == "registration" for k, _ in facts) and not any(k == "person" for k, _ in facts), facts


def test_a_car_described_is_no_registration():
    assert not any(k == "registration" for k, _ in _facts([("user", "the car is a 2019 Ford")], "en"))


def test_in_that_case_takes_the_option_it_names():
    facts = _facts([("user", "parking permit for zone C please"), ("assistant", "6 months is £60, 12 months is £100."),
                    ("user", "oh in that case do 12 months")], "en")
    assert any(k.startswith("choice") and v.startswith("12 months") for k, v in facts), facts


def test_a_count_of_things_one_each_still_moves_the_party():
    facts = _facts([("user", "we're 3 people looking to rent e-bikes this sunday"), ("assistant", "Three city e-bikes then?"),
                    ("user", "yes"), ("assistant", "Reserved."), ("user", "actually make it 4 bikes, my cousin is coming too")], "en")
    assert any(k == "people" and v.startswith("4") for k, v in facts), facts
