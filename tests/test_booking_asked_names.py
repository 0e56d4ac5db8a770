"""The booking pack reads a place the user asks about by its name (issue 19, jga14 round): "information
on X", "tell me about X", "the entrance fee for X", "I'm looking for X" (a Title Case name) give the
venue of the domain the name or the talk names; a name made only of kinds and values ("the museums",
"the cheapest hotel", "How about the center?") is no venue. The names are our own, not a data set's."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker


def venues(*turns: tuple[str, str]) -> dict[str, str]:
    t = Tracker(packs=["booking"], lang="en")
    for role, text in turns:
        t.observe({"role": role, "content": text})
    return {f.key: f.value for f in t.state().facts if f.status == "current" and f.key.endswith("venue")}


@pytest.mark.parametrize(("message", "key", "value"), [
    ("Can you give me some information on the Marlow Lock Gallery please?", "attraction.venue", "Marlow Lock Gallery"),
    ("I'd like info on quayside kiln museum.", "attraction.venue", "quayside kiln museum"),
    ("What is the entrance fee for Juniper Yard?", "attraction.venue", "Juniper Yard"),
    ("Can I get the phone number and entrance fee of brackenfield cinema?", "attraction.venue", "brackenfield cinema"),
    ("Could you tell me about the Saffron Lantern? I also need a table.", "restaurant.venue", "Saffron Lantern"),
    ("I am also looking for Ferrier's Wharf, can you help?", "attraction.venue", "Ferrier's Wharf"),
])
def test_a_place_asked_about_by_its_name_is_the_venue(message, key, value):
    talk = {"attraction": "I want to visit an attraction in town.", "restaurant": "I need a restaurant in town."}
    assert venues(("user", talk[key.split(".")[0]]), ("user", message)).get(key) == value


@pytest.mark.parametrize("message", [
    "Can you give me information about the museums in the centre?",
    "Can you tell me about the cheapest hotel in the north?",
    "I'd like information on the train leaving at 9.",
    "Can you provide me the phone number of the first one on the list?",
    "No thanks, I am just gathering information for now.",
    "What is the address and postcode for cb21tq?",
    "I'm looking for a hotel with free parking.",
])
def test_kinds_values_and_positions_asked_about_are_no_venue(message):
    assert venues(("user", "I want a hotel or maybe an attraction in town."), ("user", message)) == {}


def test_the_assistant_telling_a_fee_names_no_new_venue():
    # the asking act is the user's: "The entrance fee for X is ..." is the answer, not a question
    turns = [("user", "I want to visit an attraction in town."),
             ("assistant", "The entrance fee for the Marlow Lock Gallery is 4 pounds.")]
    assert "Marlow Lock Gallery" not in venues(*turns).values()


@pytest.mark.parametrize("message", ["How about the center?", "What about Chinese?", "How about colleges in the area?",
                                     "How about moderately priced?", "What about Indian restaurants? Any in the west?"])
def test_a_how_about_of_kinds_and_values_is_no_venue(message):
    assert venues(("user", "I need a restaurant or an attraction."), ("user", message)) == {}


def test_a_how_about_with_a_name_still_offers_it():
    turns = [("user", "I need a restaurant in the centre."), ("assistant", "How about the Saffron Lantern?"),
             ("user", "Yes, that sounds good.")]
    assert venues(*turns) == {"restaurant.venue": "Saffron Lantern"}


@pytest.mark.parametrize(("message", "value"), [
    ("Can I have The Saffron Lantern's phone number, please?", "Saffron Lantern"),
    ("What is the Juniper Yard's postcode?", "Juniper Yard"),
    ("I want to book the Bramble's Guest House.", "Bramble's Guest House"),  # a possessive inside a name stays
])
def test_a_possessive_ends_the_name_asked_about(message, value):
    assert value in venues(("user", "I want a restaurant, a hotel or an attraction."), ("user", message)).values()


def test_a_name_ending_in_a_possessive_keeps_it_when_nothing_is_asked_of_it():
    message = "Please book a table for 2 at Bramble and Kit's at 19:30."
    assert "Bramble and Kit's" in venues(("user", "I want a restaurant in town."), ("user", message)).values()
