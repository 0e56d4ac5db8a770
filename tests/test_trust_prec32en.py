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
