"""A value goes to a domain that has its slot (issue 19, MultiWOZ round 4): a pack may say which
domains a scoped slot exists in (``domains:``; the bench writes the dataset schema's), so "in the
east" is no train's and a train's time is not the restaurant's the traveller leaves; venue names
said the way people describe places ("Royal Standard is an expensive gastropub", "the Cambridge
Museum of Technology", "how does the Avalon sound?") and the everyday words for a domain ("places to
go", "somewhere to dine") in the booking pack."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from ctxgraph._errors import RulesError
from tests.test_graph import bot, user

SLOT_DOMAINS = """slots:
  - {id: area, name: area, domains: [hotel, restaurant, attraction]}
  - {id: time, name: time, domains: [restaurant]}
  - {id: leave_at, name: leave at, domains: [train, taxi]}
  - {id: people, name: people, domains: [hotel, restaurant, train]}
"""


@pytest.fixture
def with_domains(tmp_path):
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "schema.yml").write_text(SLOT_DOMAINS, encoding="utf-8")
    return [tmp_path]


def current(*messages, rules=()) -> dict[str, str]:
    t = Tracker("en", packs=["booking"], rules=list(rules), today="2026-06-02")
    t.observe_many([user(m) if isinstance(m, str) else m for m in messages])
    return {f.key: f.value for f in t.state().facts if f.status == "current"}


def test_slot_domains_a_value_goes_to_the_named_domain_that_has_its_slot(with_domains):
    # the nearest domain word (the train) has no area; the hotel the message names has one
    state = current("I need a hotel for tonight, and a train to Ely; the train should leave after 10:00, "
                    "somewhere in the east would be best.", rules=with_domains)
    assert state.get("hotel.area") == "east" and "train.area" not in state
    assert state.get("train.leave_at") == "10:00"


def test_slot_domains_the_topic_holds_a_value_only_when_it_has_the_slot(with_domains):
    state = current("I need a train to Ely on Friday.", bot("TR1234 leaves at 09:10."),
                    "I also want to eat out. A table for 2 at 19:30 please.", rules=with_domains)
    assert state.get("restaurant.time") == "19:30" and state.get("restaurant.people") == "2"
    assert "train.time" not in state


def test_slot_domains_a_taxis_time_is_not_the_restaurants_it_leaves(with_domains):
    state = current("I need a taxi from the restaurant to the gallery, please. "
                    "I would like to leave the restaurant by 07:00.", rules=with_domains)
    assert state.get("taxi.leave_at") == "07:00" and "restaurant.time" not in state


def test_slot_domains_without_them_the_nearest_domain_word_decides():
    state = current("I need a hotel for tonight, and a train to Ely; the train should be in the east.")
    assert state.get("train.area") == "east"  # the pack alone does not know a train has no area


def test_slot_domains_an_unknown_domain_is_a_coded_error(tmp_path):
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "bad.yml").write_text("slots:\n  - {id: area, name: area, domains: [hotle]}\n", encoding="utf-8")
    with pytest.raises(RulesError, match=r"\[E306\].*'hotle'"):
        Tracker("en", packs=["booking"], rules=[tmp_path]).observe(user("hi"))


@pytest.mark.parametrize("said, key", [
    ("I am looking for places to go in the centre.", "attraction.area"),
    ("Is there a park in the north?", "attraction.area"),
    ("I would like somewhere to dine in the south.", "restaurant.area"),
])
def test_booking_everyday_words_name_the_domain(said, key):
    state = current(said)
    assert key in state and "area" not in state


@pytest.mark.parametrize("said, venue", [
    ("Can you tell me about the Cambridge Museum of Technology?", "Cambridge Museum of Technology"),
    ("I want to see the whipple museum of the history of science.", "whipple museum of the history of science"),
    ("I'd like to visit the museum of classical archaeology.", "museum of classical archaeology"),
    ("I am also looking for the alexander bed and breakfast.", "alexander bed and breakfast"),
])
def test_booking_venue_names_with_their_full_words(said, venue):
    assert venue in current(said).values()


@pytest.mark.parametrize("offer, venue", [
    ("Royal Standard is an expensive gastropub in the east.", "Royal Standard"),
    ("The Cambridge Belfry is a nice 4 star hotel with free parking.", "Cambridge Belfry"),
    ("How does the avalon sound? It is a guesthouse in the north.", "avalon"),
])
def test_booking_a_venue_the_assistant_describes_is_offered_and_a_yes_takes_it(offer, venue):
    key = "restaurant.venue" if "gastropub" in offer else "hotel.venue"
    start = "I need a restaurant in the east." if "gastropub" in offer else "I need a place to stay."
    state = current(start, bot(offer + " Shall I book it?"), "Yes please, for 2 people.")
    assert state.get(key) == venue


@pytest.mark.parametrize("said", ["It is a nice hotel.", "The price is a bit high for a hotel.",
                                  "There is a guesthouse in the north."])
def test_booking_a_description_without_a_name_offers_no_venue(said):
    state = current("I need a place to stay.", bot(said + " Shall I book it?"), "Yes please.")
    assert "hotel.venue" not in state


@pytest.mark.parametrize("said, key, value", [
    ("Sounds good. Get me a ticket for TR0793.", "train.people", "1"),
    ("Are there any boating places in the north?", "attraction.venue_type", "boat"),
])
def test_booking_values_said_in_other_words(said, key, value):
    state = current("I need a train to Ely on Friday.", bot("TR0793 leaves at 13:11."), said)
    assert state.get(key) == value


def test_booking_the_assistant_offering_a_seat_books_no_one():
    state = current("I need a train to Ely on Friday.", bot("TR5003 leaves at 13:48. I can book you a seat on it if you like."))
    assert "train.people" not in state
