"""State accuracy on the booking corpora, round 3 (issue 19, MultiWOZ part): asking how to reach
or visit the one thing just offered takes it ("can I get their address?"), a question comparing
options takes nothing, and an attribute the user does not need is `no`, not `yes`."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from tests.test_graph import bot, user


def facts(*messages, lang: str = "en", packs=("booking",)) -> list[tuple[str, str, str]]:
    t = Tracker(lang, packs=list(packs), today="2026-06-02")
    t.observe_many([user(m) if isinstance(m, str) else m for m in messages])
    return [(f.key, f.value, f.status) for f in t.state().facts]


@pytest.mark.parametrize("ask", ["Can I get their address and phone number?", "What is the postcode?",
                                 "Where is it located?", "Sounds great. Can I get their number?"])
def test_asking_for_the_details_of_the_one_thing_offered_takes_it(ask):
    state = facts("I want a museum in the centre.", bot("How about Cafe Jello Gallery ?"), ask)
    assert ("attraction.venue", "Cafe Jello Gallery", "current") in state


def test_asking_for_the_details_of_one_named_option_of_several_takes_that_one():
    state = facts("I want a college in the centre.", bot("There are 2 . They are Clare College and Christ's College ."),
                  "Can I please have the postcode for Clare College ?")
    assert ("attraction.venue", "Clare College", "current") in state
    assert ("attraction.venue", "Christ's College", "offered") in state


def test_asking_for_details_after_a_list_takes_nothing():
    state = facts("I want a college in the centre.", bot("There are 2 . They are Clare College and Christ's College ."),
                  "Can I get the address?")
    assert not [f for f in state if f[0] == "attraction.venue" and f[2] == "current"]


@pytest.mark.parametrize("ask", ["Can I get the postcode for both of them?", "No , thank you . I would like the address , please ."])
def test_asking_about_several_or_after_a_no_takes_nothing(ask):
    state = facts("I want a museum in the centre.", bot("How about Cafe Jello Gallery ?"), ask)
    assert ("attraction.venue", "Cafe Jello Gallery", "current") not in state


def test_a_question_comparing_options_takes_nothing():
    state = facts("I want a college in the centre.", bot("There are 2 . They are Clare College and Christ's College ."),
                  "Is Clare College cheaper than Christ's College?")
    assert ("attraction.venue", "Clare College", "offered") in state
    assert ("attraction.venue", "Christ's College", "offered") in state


@pytest.mark.parametrize("said", ["I do n't really need parking .", "We do not require parking."])
def test_an_attribute_the_user_does_not_need_is_no(said):
    state = facts("I need a hotel in the north.", said)
    assert ("hotel.parking", "no", "current") in state
    assert ("hotel.parking", "yes", "current") not in state


def test_an_attribute_the_user_does_not_need_is_never_yes():
    # "don't need" is a declining cue of the core rules: its clause keeps no value at all (not `no`)
    state = facts("I need a hotel in the north.", "I don't need free parking.")
    assert ("hotel.parking", "yes", "current") not in state


def test_an_attribute_the_user_needs_is_still_yes():
    state = facts("I need a hotel in the north with free wifi, and I do need free parking.")
    assert ("hotel.parking", "yes", "current") in state and ("hotel.internet", "yes", "current") in state


@pytest.mark.parametrize("said", ["There are six in my party.", "We are 6 in our group."])
def test_a_count_in_my_party_is_how_many_people(said):
    state = facts("I need a hotel called the lovell lodge.", bot("How many people will be staying?"), said)
    assert any(k == "hotel.people" and v in ("six", "6") and s == "current" for k, v, s in state)


def test_asking_for_a_number_of_things_takes_nothing():
    state = facts("I want a museum in the centre.", bot("How about Cafe Jello Gallery ?"),
                  "What is the number of museums in the north?")
    assert ("attraction.venue", "Cafe Jello Gallery", "offered") in state
