"""(cons22) Constraints read by mechanism on chats the rules were not written against: a channel the user does not
use said as a habit ("I do not do email", "I don't care for paying online"), the channel a thing is to be sent by,
asked with please ("send the forms by post please"), folded with its reason when the habit stands beside it."""

from __future__ import annotations

from ctxgraph import Tracker
from tests.test_graph import bot, user


def _rules(lang: str, said: list[dict]) -> list[tuple[str, str, str]]:
    t = Tracker(lang)
    t.observe_many(said)
    return [(c.text, c.polarity, c.status) for c in t.state().constraints]


def test_a_channel_the_user_does_not_do_is_a_rule():
    rules = _rules("en", [user("hi, I need the boiler serviced next month"), bot("Sure, can I take a contact?"),
                          user("07700 112 334. I don't do texts, my phone is ancient.")])
    assert any("don't do texts" in text for text, _, status in rules if status == "active")


def test_a_channel_the_user_does_not_care_for_is_a_rule():
    rules = _rules("en", [user("I'd like to join the pottery class on Thursdays"), bot("Lovely. How would you like to pay?"),
                          user("I do not care for paying over the internet. Cheque if that suits.")])
    assert any("internet" in text for text, _, status in rules if status == "active")


def test_a_habit_that_names_no_channel_is_no_rule():
    rules = _rules("en", [user("it's for my sister's 40th. we don't really do surprises in our family, she knows")])
    assert rules == []


def test_send_by_post_please_folds_its_reason():
    rules = _rules("en", [user("the survey on friday is fine"), bot("Great, I'll send the report afterwards."),
                          user("send the report by post please, I don't really do email")])
    assert [text for text, _, status in rules if status == "active"] == ["send the report by post please, I don't really do email"]


def test_what_the_person_served_will_not_take_is_a_rule():
    rules = _rules("en", [user("booking my mum in for the respite week"), bot("Of course. Any dietary needs?"),
                          user("she's fine with most things but she won't drink coffee, never has")])
    assert any("won't drink coffee" in text for text, polarity, status in rules if status == "active" and polarity == "must_not")


def test_a_floor_said_as_what_the_user_would_not_let_go_for():
    rules = _rules("en", [user("selling my late dad's stamp album through you"), bot("Happy to help. Any reserve in mind?"),
                          user("I'd never let it go for under 200")])
    assert any("200" in text for text, _, status in rules if status == "active")


def test_what_someone_else_will_not_do_is_no_rule():
    rules = _rules("en", [user("my landlord won't answer my emails about the boiler, can you help?")])
    assert rules == []
