"""State accuracy on the booking corpora in general terms (issue 19, MultiWOZ part): a value said
before any domain is bound to the domain the dialogue takes up next, "the same area as the hotel"
copies the other domain's value, role cues read per-domain slots, the value tagger's general
types fill the pack's slots, and an implicit acceptance takes the thing offered or the values the
assistant proposes, never what it states of an option."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from tests.test_graph import bot, user


def facts(*messages, lang: str = "en", packs=("booking",)) -> list[tuple[str, str, str]]:
    t = Tracker(lang, packs=list(packs), today="2026-06-02")
    t.observe_many([user(m) if isinstance(m, str) else m for m in messages])
    return [(f.key, f.value, f.status) for f in t.state().facts]


def current(*messages, **kw) -> dict[str, str]:
    return {k: v for k, v, s in facts(*messages, **kw) if s == "current"}


@pytest.mark.parametrize("domain_turn", [bot("What type of attraction are you looking for?"), "An attraction, please."])
def test_bind_domain_a_value_said_before_any_domain_joins_the_next_one(domain_turn):
    state = facts("I am looking for something in the centre.", domain_turn)
    assert ("attraction.area", "centre", "current") in state
    assert ("area", "centre", "superseded") in state  # the domain-less fact is kept in the history


def test_bind_domain_a_choice_between_domains_binds_nothing():
    state = current("I need somewhere in the north.", bot("Are you looking for a hotel or a restaurant?"))
    assert state.get("area") == "north" and "hotel.area" not in state and "restaurant.area" not in state


def test_bind_domain_a_value_said_on_a_topic_is_that_domains():
    state = facts("I need a hotel in the south.", bot("Any price range?"), "Actually somewhere in the north.")
    assert ("hotel.area", "north", "current") in state and ("hotel.area", "south", "superseded") in state


@pytest.mark.parametrize("text, key", [
    ("I also need a restaurant in the same area as the hotel.", "restaurant.area"),
    ("Find me a restaurant in the same price range as the hotel.", "restaurant.price_range"),
])
def test_same_as_copies_the_other_domains_value(text, key):
    state = current("I need an expensive hotel in the north.", text)
    assert state[key] == state[key.replace("restaurant", "hotel")]


def test_same_as_without_a_value_to_copy_adds_nothing():
    state = current("I need a restaurant in the same area as the hotel.")
    assert not [k for k in state if k.endswith("area")]


def test_same_as_train_day_follows_the_hotels_day():
    state = current("Book the hotel for 2 people for 3 nights starting Friday.",
                    "I also need a train on the same day as the hotel, going to Cambridge.")
    assert state["train.day"].lower() == "friday"


@pytest.mark.parametrize("text", ["I'm looking for a train that departs leicester on wednesday.",
                                  "Can you also help me find a train from Leicester?"])
def test_roles_a_trips_origin_is_the_domains(text):
    assert current(text).get("train.origin", "").lower() == "leicester"


def test_roles_tagger_types_fill_the_packs_slots():
    state = current("I want to eat at a moderately priced restaurant.", bot("What type of food would you like?"),
                    "Belgian please, I'm craving that lately.")
    assert state.get("restaurant.food", "").lower() == "belgian" and "cuisine" not in state


@pytest.mark.parametrize("answer", ["Yes please.", "Great, can you book a table for 3 at 18:45 on Friday?"])
def test_offers_accepting_takes_the_thing_not_what_was_said_of_it(answer):
    state = facts("I need an expensive restaurant.",
                  bot("May I suggest the Curry Garden? It is in the centre. Shall I book it?"), answer)
    assert ("restaurant.venue", "Curry Garden", "current") in state
    assert ("restaurant.area", "centre", "offered") in state


def test_offers_a_found_trains_times_are_not_the_users():
    state = current("I need a train to Cambridge on Friday after 10:00.",
                    bot("TR9557 will depart at 11:01 and arrive by 13:44. Can I book it for you?"), "Yes, please.")
    assert "train.arrive_by" not in state and state.get("train.leave_at") == "10:00"


@pytest.mark.parametrize("confirm", [
    "Please confirm: a table for 2 at the Lotus Thai Restaurant at 7 pm.",
    "Confirming that you want a table for 2 at 7 pm at the Lotus Thai Restaurant?",
])
def test_offers_a_yes_to_a_confirmation_takes_its_values(confirm):
    state = current("I want to book a table at a restaurant called Lotus.", bot(confirm), "Yes, that's correct.")
    assert state.get("restaurant.people") == "2"


def test_offers_a_question_that_asks_takes_nothing():
    state = facts("I need an expensive restaurant.", bot("May I suggest the Curry Garden? It is in the centre."),
                  "Is it near the river?")
    assert ("restaurant.venue", "Curry Garden", "offered") in state
