"""Issue 19 (blind27 round, lane prec32en): English facts no annotator would write.

Conversations written for these tests (English; the Chinese code paths are another lane's):
the assistant offering days to choose from ("free Tuesday 9th or Friday 12th"), whose weekdays
are no day the user settled on, beside the day the assistant confirms alone, which stays.
"""

from __future__ import annotations

import pytest

from tests.test_trust_values import bot, facts_of


def _days(facts: dict[str, str]) -> list[str]:
    return [v for k, v in facts.items() if k in ("day", "date")]


@pytest.mark.parametrize("offer", [
    pytest.param("We can send someone Tuesday 9th or Friday 12th. Tuesday is usually quieter.", id="two-dates"),
    pytest.param("Our fitter can come on Wednesday 3, 10 or 17 June, the fee is £90.", id="weekday-and-list"),
    pytest.param("We have Monday 7 June from 8am or Monday 14 June from 8am. Which suits?", id="same-weekday"),
    pytest.param("Tomorrow afternoon at £120 as a rush job, or Thursday morning at £80.", id="or-after-comma"),
])
def test_trust_prec32en_days_the_assistant_offers_are_no_day_settled(offer):
    facts = facts_of("Hi, the extractor fan in the bathroom has stopped, can you fix it next week?", bot(offer),
                     lang="en")
    assert _days(facts) == []


def test_trust_prec32en_the_day_the_assistant_confirms_alone_stays():
    facts = facts_of("Hi, the extractor fan in the bathroom has stopped, can you fix it?",
                     bot("I'll ask Dan to come on Thursday instead; he'll text you a time."), lang="en")
    assert "Thursday" in _days(facts)


def test_trust_prec32en_the_day_the_user_picks_from_the_offer_is_kept():
    facts = facts_of("Hi, the extractor fan in the bathroom has stopped, can you fix it next week?",
                     bot("We can send someone Tuesday 9th or Friday 12th."), "friday please", lang="en")
    assert any("friday" in v.casefold() or "12" in v for v in facts.values())


@pytest.mark.parametrize("messages", [
    pytest.param(("Can the fitter come on Thursday 13th?", bot("Yes, Thursday is booked for you. Anything else?")),
                 id="assistant-restates"),
    pytest.param(("We would like to hire the hall on Sunday, 14th November for a christening.",
                  bot("Yes, the hall is free then."),
                  "Great, book it for Sunday then and I'll send the deposit."), id="user-restates"),
])
def test_trust_prec32en_a_bare_weekday_restating_a_held_date_adds_no_fact(messages):
    facts = facts_of(*messages, lang="en")
    assert not [k for k, v in facts.items() if v.casefold() in ("thursday", "sunday")]
    assert any(any(ch.isdigit() for ch in v) for v in _days(facts) + list(facts.values()))


def test_trust_prec32en_another_weekday_beside_a_held_date_stays():
    facts = facts_of("Can the fitter come on Thursday 13th?", bot("Yes, that's booked."),
                     "sorry, make it friday instead", lang="en")
    assert any("friday" in v.casefold() for v in facts.values())


@pytest.mark.parametrize("question", [
    pytest.param("We sell a carry case for £20. Want one?", id="want-one"),
    pytest.param("We have locker spaces at £40 for the term. Do you need one?", id="need-one"),
])
def test_trust_prec32en_a_yes_to_one_keeps_no_extra_one(question):
    facts = facts_of("I'd like to book the beginners' course.", bot(question), "go on then", lang="en")
    assert "one" not in [v.casefold() for k, v in facts.items() if k.startswith("extra")]


def test_trust_prec32en_a_yes_to_a_named_extra_stays():
    facts = facts_of("I'd like to book the beginners' course.", bot("Would you like a carry case for £20?"), "yes please",
                     lang="en")
    assert any(k.startswith("extra") and "carry case" in v for k, v in facts.items())


@pytest.mark.parametrize(("messages", "gone"), [
    pytest.param(("We need the rug cleaned by the 14th, we have guests.", bot("We can collect it on Monday."),
                  "Lovely. oh and forget what i said about the 14th, the guests cancelled so no rush"), "14th",
                 id="forget-what-i-said-about"),
    pytest.param(("Our budget is 450 for the sign.", bot("The lightbox sign is £520 fitted."),
                  "ok forget the 450, the landlord is paying half"), "450", id="forget-an-amount"),
    pytest.param(("Can we hire the pitch for ten weeks?", bot("Yes, from the 5th."),
                  "great. keep it 10 weeks tho, drop the 2nd"), "2nd", id="drop-a-date"),
])
def test_trust_prec32en_a_value_given_up_leaves_the_state(messages, gone):
    facts = facts_of(*messages, lang="en")
    assert not [v for v in facts.values() if gone in v and not v.startswith(("We need", "Can we", "Our budget"))]


def test_trust_prec32en_a_value_not_to_forget_stays():
    facts = facts_of("We need the rug cleaned by the 14th, we have guests.", bot("We can collect it on Monday."),
                     "great, and don't forget the 14th please", lang="en")
    assert any("14th" in v for v in facts.values())
