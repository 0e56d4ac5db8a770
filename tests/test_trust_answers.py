"""Issue 10: a bare answer fills the slot the assistant just asked about."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker


def facts_after(lang: str, question: str, answer: str, **options) -> list[tuple[str, str]]:
    t = Tracker(lang, **options)
    t.observe({"role": "assistant", "content": question})
    t.observe({"role": "user", "content": answer})
    return [(f.key, f.value) for f in t.state().facts if f.status == "current"]


@pytest.mark.parametrize(("lang", "question", "answer", "fact"), [
    pytest.param("zh", "请问您要换什么颜色？", "雾霾蓝吧", ("color", "雾霾蓝"), id="zh-free-text"),
    pytest.param("en", "Which colour would you like?", "The blue one, please.", ("color", "blue"), id="en-the-blue-one"),
    pytest.param("en", "What is your email address?", "it's jo.lee@example.com", ("email", "jo.lee@example.com"), id="en-typed"),
])
def test_a_bare_answer_fills_the_slot_asked_about(lang, question, answer, fact):
    assert facts_after(lang, question, answer) == [fact]


@pytest.mark.parametrize(("lang", "question", "answer"), [
    pytest.param("zh", "请问您的手机号是多少？", "稍等我看一下", id="zh-typed-slot-needs-its-type"),
    pytest.param("en", "Which colour would you like?", "Hmm, what colours do you have in stock for this model?",
                 id="en-a-question-back"),
    pytest.param("en", "Which colour would you like?",
                 "I will decide later once I have talked to my wife about the whole thing", id="en-long-reply"),
])
def test_what_is_no_answer_fills_nothing(lang, question, answer):
    assert facts_after(lang, question, answer) == []


def test_an_answer_with_a_domain_pack_slot():
    facts = facts_after("en", "What size would you like instead?", "10.5 should do it.", packs=["ecommerce"])
    assert ("size", "10.5") in facts


# csen4: a name the NER does not know, given as the bare answer to a name question (phrasings of our own)
@pytest.mark.parametrize(("question", "answer", "name"), [
    pytest.param("All set for Tuesday. What name shall I put on the order?", "Eilidh Farquharson", "Eilidh Farquharson", id="two-words"),
    pytest.param("And what's your full name?", "Mrs Oyelaran please", "Mrs Oyelaran", id="title-and-filler"),
])
def test_trust_answers_a_name_reply_to_a_name_question(question, answer, name):
    assert ("name", name) in facts_after("en", question, answer)


@pytest.mark.parametrize("answer", ["Thank You", "Sounds Good", "Next Friday"])
def test_trust_answers_no_name_from_a_reply_that_is_none(answer):
    assert not any(k == "name" for k, _ in facts_after("en", "What name is the reservation under?", answer))


def test_trust_answers_the_later_value_after_a_change_of_mind_in_one_message():
    t = Tracker("en")
    t.observe({"role": "user", "content": "ring me on 07123 456 789. actually I'm out all day, so use my partner's number 07987 654 321"})
    assert [(f.key, f.value) for f in t.state().facts if f.status == "current" and f.key == "phone"] == [("phone", "07987 654 321")]
