"""A trip's end named by the kind of a place the dialogue already holds (issue 19, MultiWOZ round 6):
"a cab from my hotel over to the museum" is the hotel and the museum the user settled on, read from
the dialogue's own facts (or the one place the assistant last offered), in the domain the message is
about; nothing when that kind holds no place yet, and a place the message names itself wins."""

from __future__ import annotations

import pytest

from ctxgraph import RulesError, Tracker

HOTEL = "I'm booked at a hotel called Quillfeather Inn."
MUSEUM = "Tomorrow I want to see a museum called the Brassworks Collection."
TABLE = "Dinner will be at a restaurant called Saltmarrow."


def taxi(*turns: tuple[str, str]) -> dict[str, str]:
    t = Tracker("en", packs=["booking"], today="2026-06-02")
    t.observe_many([{"role": role, "content": text} for role, text in turns])
    assert Tracker.from_json(t.to_json()).state() == t.state()
    return {f.key: f.value for f in t.state().facts if f.status == "current" and f.key.startswith("taxi.")}


@pytest.mark.parametrize("ask, departure, destination", [
    ("Could you arrange a cab from my hotel over to the museum?", "Quillfeather Inn", "Brassworks Collection"),
    ("Order me a taxi, I'll leave the museum at 17:10 and head to the hotel.", "Brassworks Collection", "Quillfeather Inn"),
    ("I'd want a cab to the restaurant, departing from the museum.", "Brassworks Collection", "Saltmarrow"),
])
def test_kind_refs_a_trip_end_named_by_its_kind_is_the_place_held(ask, departure, destination):
    state = taxi(("user", HOTEL), ("user", MUSEUM), ("user", TABLE), ("user", ask))
    assert (state.get("taxi.departure"), state.get("taxi.destination")) == (departure, destination)


def test_kind_refs_the_one_place_just_offered_is_the_one_meant():
    state = taxi(("user", "I need a guesthouse in the west."),
                 ("assistant", "The Wrenfield Guest House has rooms for you."),
                 ("user", "Fine. Now book a cab to pick me up from the guesthouse at 08:15."))
    assert state.get("taxi.departure") == "Wrenfield Guest House"


def test_kind_refs_several_offered_at_once_names_none():
    state = taxi(("user", "I need a guesthouse in the west."),
                 ("assistant", "There is the Wrenfield Guest House and the Alderbank Guest House."),
                 ("user", "Book a cab from the guesthouse at 08:15 please."))
    assert "taxi.departure" not in state


def test_kind_refs_nothing_when_the_kind_holds_no_place():
    assert "taxi.departure" not in taxi(("user", "Get me a taxi from the hotel to Riverside Station please."))


def test_kind_refs_a_place_named_beside_a_kind_keeps_its_name():
    state = taxi(("user", HOTEL), ("user", TABLE),
                 ("user", "I need a taxi going to Fenmarket Square, leaving from the hotel."))
    assert state == {"taxi.departure": "Quillfeather Inn", "taxi.destination": "Fenmarket Square"}


def test_kind_refs_the_kind_of_the_topic_itself_is_no_trip():
    t = Tracker("en", packs=["booking"])
    t.observe_many([{"role": "user", "content": TABLE},
                    {"role": "user", "content": "We will leave the restaurant early, is that fine?"}])
    assert not [f for f in t.state().facts if f.key.endswith(("departure", "destination"))]


def test_kind_refs_group_must_name_a_slot(tmp_path):
    (tmp_path / "x.yml").write_text("kind_refs: ['from the (?P<whence_xyz>\\\\w+)']\n", encoding="utf-8")
    with pytest.raises(RulesError, match="E307"):
        Tracker(rules=[tmp_path], packs=["booking"])


@pytest.mark.parametrize("ask", ["I want to leave the museum by 17:40.", "Pick me up at the museum at 17:40."])
def test_kind_refs_the_kinds_word_names_no_domain_for_the_trips_time(ask):
    state = taxi(("user", HOTEL), ("user", MUSEUM), ("user", "I'll need a cab to the hotel afterwards."),
                 ("assistant", "Sure, when should it come?"), ("user", ask))
    assert (state.get("taxi.departure"), state.get("taxi.destination")) == ("Brassworks Collection", "Quillfeather Inn")
    assert any(v == "17:40" for v in state.values())


def test_kind_refs_between_two_places_one_end_given_the_other_is_the_other_place():
    state = taxi(("user", HOTEL), ("user", MUSEUM),
                 ("user", "Can you sort out a cab between those two places? Pick me up at the hotel at 9."))
    assert (state.get("taxi.departure"), state.get("taxi.destination")) == ("Quillfeather Inn", "Brassworks Collection")


def test_kind_refs_between_places_with_three_held_names_no_other_end():
    state = taxi(("user", HOTEL), ("user", MUSEUM), ("user", TABLE),
                 ("user", "Can you sort out a cab between those places? Pick me up at the hotel at 9."))
    assert state.get("taxi.departure") == "Quillfeather Inn" and "taxi.destination" not in state
