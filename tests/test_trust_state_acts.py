"""Acts over values on the booking corpora (issue 19, part 2): what the assistant says a thing is
like stays its offer, a question that proposes a value changes it, a tagged value takes the role
its cue names."""

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


def test_trust_state_attributes_of_a_thing_the_user_asked_about_stay_offered():
    state = facts("What can you tell me about the Riverside Brasserie?",
                  bot("It is a restaurant that serves modern european food near the centre of town. "
                      "It is moderately priced."))
    assert not [f for f in state if f[0] in ("restaurant.area", "restaurant.price_range") and f[2] == "current"]
    assert ("restaurant.area", "centre", "offered") in state


def test_trust_state_what_the_assistant_found_is_not_the_users_wish():
    state = current("Can you help me find a place to stay in the north?",
                    bot("Sure, I have 5 guest houses all in the moderate price range. When is your stay?"))
    assert "hotel.price_range" not in state and "hotel.venue_type" not in state


def test_trust_state_a_booking_the_assistant_reports_is_kept():
    state = current("I need a guesthouse in the north for 2 people, 3 nights.",
                    bot("I have booked the Acorn Guest House for you from Friday. Reference number is 8ZB1."))
    assert state.get("hotel.day", "").lower() == "friday"


@pytest.mark.parametrize("proposal", ["How about 16:15?", "Could you try 16:15 instead?", "what about 16:15 then?"])
def test_trust_state_a_question_that_proposes_a_value_changes_it(proposal):
    state = facts("I need a table for 2 at 17:15 on friday at the golden wok",
                  bot("I'm sorry, 17:15 is not available."), proposal)
    assert ("restaurant.time", "16:15", "current") in state
    assert ("restaurant.time", "17:15", "superseded") in state


def test_trust_state_a_question_that_asks_changes_nothing():
    state = current("I need a table for 2 at 17:15 on friday at the golden wok",
                    bot("Booked for 17:15."), "Is 16:15 busier than 17:15?")
    assert state.get("restaurant.time") == "17:15"


def test_trust_state_zh_proposal_changes_the_value():
    state = current("帮我订周五晚上7点的位子", bot("好的，周五7点没有位子了。"), "那改到周六呢？", lang="zh", packs=())
    assert "周六" in " ".join(state.values()) and "周五" not in " ".join(state.values())


@pytest.mark.parametrize("last", ["wait, can we return it on the 26th instead?", "we return it on the 26th then."])
def test_trust_state_a_tagged_date_takes_the_role_its_cue_names(last):
    state = facts("I want to rent a car from Denver airport on June 18, returning June 25.", bot("Booked."), last,
                  packs=())
    assert ("checkout", "the 26th", "current") in state and ("checkout", "June 25", "superseded") in state
    assert ("date", "June 18", "current") in state
