"""A trip's places as people type them (issue 19, MultiWOZ round 5): a place ends where the
sentence goes on ("from stevenage and should go to cambridge", "leaving from Cambridge this
Thursday", "a train going into Cambridge please"), a verb or a pronoun is no place ("depart out of
Cambridge", "a train to work in cambridge"), "I don't need parking" is parking `no` with its
apostrophe attached, and the MultiWOZ loader gives the text as people type it ("I'd", "don't")."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from ctxgraph.bench._data import detokenize
from tests.test_graph import user


def current(*messages: str) -> dict[str, str]:
    t = Tracker("en", packs=["booking"], today="2026-06-02")
    t.observe_many([user(m) for m in messages])
    return {f.key: f.value for f in t.state().facts if f.status == "current"}


@pytest.mark.parametrize("text, departure, destination", [
    ("I want trains that depart from Leeds and go to Ipswich.", "Leeds", "Ipswich"),
    ("The train should leave on friday, departing from york and should go to durham.", "york", "durham"),
    ("I need a train from london kings cross to cambridge on friday", "london kings cross", "cambridge"),
    ("Can you find me a train from Dover going to Bath?", "Dover", "Bath"),
    ("I'm leaving from Norwich and want to arrive in London Liverpool Street.", "Norwich", "London Liverpool Street"),
])
def test_trip_places_a_place_ends_where_the_sentence_goes_on(text, departure, destination):
    state = current("I need a train.", text)
    assert (state.get("train.departure"), state.get("train.destination")) == (departure, destination)


@pytest.mark.parametrize("text, key, value", [
    ("I need a train leaving from Oxford this Thursday", "train.departure", "Oxford"),
    ("Could you look for a train going into Reading please?", "train.destination", "Reading"),
    ("I need a train to Ely as well.", "train.destination", "Ely"),
    ("Find me a train departing from Derby that morning.", "train.departure", "Derby"),
])
def test_trip_places_trailing_words_are_not_the_place(text, key, value):
    assert current(text).get(key) == value


@pytest.mark.parametrize("text, key", [
    ("My car is in the shop so I will take a train to work in Oxford that day.", "train.destination"),
    ("Saturday, but I can't leave until that night after 21:30.", "train.departure"),
    ("I would like to leave to Norwich on Friday.", "train.departure"),
])
def test_trip_places_a_verb_or_a_pronoun_is_no_place(text, key):
    assert key not in current("I need a train.", text)


@pytest.mark.parametrize("text, slot, value", [
    ("Can you recommend a hotel? I don't need free parking.", "hotel.parking", "no"),
    ("I need a hotel. I dont really need internet.", "hotel.internet", "no"),
    ("I need a hotel with free parking.", "hotel.parking", "yes"),
])
def test_trip_places_a_need_declined_with_its_apostrophe_attached(text, slot, value):
    assert current(text).get(slot) == value


def test_trip_places_multiwoz_text_as_people_type_it():
    assert detokenize("I 'd like that . Do n't book Rosa 's , please !") == "I'd like that. Don't book Rosa's, please!"
    assert detokenize("It leaves at 17:45 , 2 stops .") == "It leaves at 17:45, 2 stops."


def test_trip_places_a_search_asked_as_what_exists_changes_the_wish():
    # "are there any that serve X?" / "is there something like X?" ask for X: a wish, as "how about X?"
    assert current("I need an Australian restaurant in the centre.",
                   "Are there any that serve Thai food?").get("restaurant.food") == "Thai"
    assert current("I'd like something architecture related in the west.",
                   "Is there something like a museum?").get("attraction.venue_type") == "museum"
    # a question about the one offered changes nothing
    assert current("I need an Australian restaurant in the centre.",
                   "Is it expensive?").get("restaurant.food") == "Australian"


@pytest.mark.parametrize("text, key, value", [
    ("I'd like a hotel with a star of 4 in the west.", "hotel.stars", "4"),
    ("I need a guesthouse with a star rating of 0.", "hotel.stars", "0"),
    ("I need a train to take me to York; I want to arrive by 10:30.", "train.destination", "York"),
])
def test_trip_places_said_another_way(text, key, value):
    assert current(text).get(key) == value


def test_trip_places_the_museum_already_named_is_no_kind_wanted():
    state = current("Tell me about the Fitzwilliam Museum.", "What type of attraction is the museum?")
    assert "attraction.venue_type" not in state and state.get("attraction.venue") == "Fitzwilliam Museum"
    assert current("I want to visit a museum in the centre.").get("attraction.venue_type") == "museum"


def test_trip_places_an_address_is_no_venue():
    t = Tracker("en", packs=["booking"])
    t.observe_many([user("Could you help me find a restaurant called The Golden Wok?"),
                    {"role": "assistant", "content": "The Golden Wok is located at Mill Park Arcade Road. Shall I book it?"},
                    user("Yes, please reserve a table for five on Monday at 11:15.")])
    venues = {f.value for f in t.state().facts if f.key == "restaurant.venue" and f.status == "current"}
    assert venues == {"Golden Wok"}


@pytest.mark.parametrize("text, area", [
    ("I'm looking for a hotel in the east of Leeds with 4 stars.", "east"),
    ("I need a restaurant on the south side of york.", "south"),
])
def test_trip_places_the_part_of_the_city(text, area):
    state = current(text)
    assert area in (state.get("hotel.area"), state.get("restaurant.area"))
    assert "hotel.area" not in current("I need a hotel in the north of the river.")
