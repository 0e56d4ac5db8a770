"""What the user says is wrong becomes a ``problem`` fact (issue 19, csen round): the problems step.

Phrasings written for these tests, in domains none of the cs sets uses: a boiler, a printer, a
gym card, a parcel, a tooth, a pet, a bill. Each beside a case that must make no problem.
"""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from tests.test_graph import bot, user


def problems(*messages) -> list[str]:
    t = Tracker("en")
    t.observe_many([user(m) if isinstance(m, str) else m for m in messages])
    return [f.value for f in t.state().facts if f.status == "current" and f.name == "problem"]


@pytest.mark.parametrize(("text", "expected"), [
    pytest.param("Hello, our boiler keeps cutting out overnight. It's a Vaillant.", "boiler keeps cutting out", id="keeps"),
    pytest.param("my cat has been sneezing since Tuesday", "has been sneezing", id="has-been"),
    pytest.param("we've been having issues with the router since Monday", "having issues", id="having-issues"),
    pytest.param("The printer won't connect to the office wifi any more", "won't connect", id="wont-verb"),
    pytest.param("You billed me twice for June, can you fix it", "billed me twice", id="billed-twice"),
    pytest.param("the parcel came damaged, the box was soaked", "parcel came damaged", id="came-damaged"),
    pytest.param("my gym card stopped working at the turnstile", "stopped working", id="stopped-working"),
    pytest.param("The app shows error 0x80070005 when I log in", "error 0x80070005", id="error-code"),
])
def test_trust_problems_a_fault_the_user_states_is_a_fact(text, expected):
    (value,) = problems(text)
    assert expected in value
    assert not value.lower().startswith(("hello", "hi "))


@pytest.mark.parametrize("messages", [
    pytest.param(("does the boiler keep cutting out if the pressure is low?",), id="a-question"),
    pytest.param((bot("If the printer won't connect, restart the router."), "ok"), id="the-assistants-words"),
    pytest.param(("sorry, I keep doing this, what was the code again",), id="keep-doing-is-no-fault"),
    pytest.param(("I've been meaning to upgrade my plan",), id="been-meaning"),
    pytest.param(("my boiler keeps cutting out. Actually no, forget it, it's fine now",), id="taken-back"),
    # chit-chat of a long chat: encouragement, what the speaker has been doing, a figure of speech
    pytest.param(("Let's keep going and chase our dreams",), id="keep-going"),
    pytest.param(("I've been reading a lot in the past week",), id="i-have-been-doing"),
    pytest.param(("This support network has been amazing",), id="been-amazing"),
    pytest.param(("Turns out she had no other family - it broke my heart",), id="broke-my-heart"),
    pytest.param(("It's disheartening not knowing why it didn't work out",), id="did-not-work-out"),
])
def test_trust_problems_no_problem(messages):
    assert problems(*messages) == []


def test_trust_problems_a_later_fault_stands_beside_the_first():
    values = problems("my tooth has been aching for a week", bot("Sorry to hear that. Anything else?"),
                      "and the filling is cracked too")
    assert len(values) == 2 and "aching" in values[0] and "cracked" in values[1]


# csen4: damage said by its noun, a part stuck or blocked, an injury or a symptom, and the rest of
# the sentence that tells the same fault (phrasings written for these tests)
@pytest.mark.parametrize(("text", "held"), [
    pytest.param("there's a crack in the windscreen from a stone on the motorway, about 10cm long",
                 ["crack", "windscreen", "10cm"], id="damage-noun"),
    pytest.param("the kitchen drain is blocked again, water backs up into the sink", ["drain is blocked", "sink"], id="blocked"),
    pytest.param("Hi, I pulled my shoulder lifting boxes last week, it's still sore when I reach up. can I book a massage",
                 ["pulled my shoulder", "sore"], id="injury-and-symptom"),
    pytest.param("my son has a rash on his arm since Friday, it's itchy", ["rash", "itchy"], id="symptom"),
])
def test_trust_problems_damage_injury_and_symptom(text, held):
    (value,) = problems(text)
    assert all(h in value for h in held), value
    assert "massage" not in value  # the next sentence asks for the remedy, it is no part of the fault


@pytest.mark.parametrize("text", ["I'm stuck at work till 6, can we do 7pm", "is the drain blocked or is it the trap?",
                                  "we set off at the crack of dawn", "she broke her promise to call"])
def test_trust_problems_no_damage(text):
    assert problems(text) == []


def _problems_in(lang: str, *messages) -> list[str]:
    t = Tracker(lang)
    t.observe_many([user(m) if isinstance(m, str) else m for m in messages])
    return [f.value for f in t.state().facts if f.status == "current" and f.key.startswith("problem")]


@pytest.mark.parametrize(("lang", "messages", "expected"), [
    # (lead19) the reply to "what is wrong?" is the fault, with or without a cue of its own
    pytest.param("zh", ["热水壶要报修", bot("好的，具体什么问题？"), "烧开以后一直跳闸"], "一直跳闸", id="zh-asked-what-problem"),
    pytest.param("zh", ["扫地机器人想退货", bot("请问是什么原因呢？"), "用了一周就不充电了"], "不充电了", id="zh-asked-reason-stopped"),
    pytest.param("zh", ["电饭煲坏了"], "坏了", id="zh-opening-control"),
    pytest.param("en", ["I'd like to send my kettle back", bot("Sorry to hear that - what's wrong with it?"), "the lid won't stay shut"],
                 "lid won't stay shut", id="en-asked-whats-wrong"),
])
def test_trust_problems_the_reply_to_what_is_wrong_is_the_fault(lang, messages, expected):
    found = _problems_in(lang, *messages)
    assert len(found) == 1 and expected in found[0], found


@pytest.mark.parametrize(("lang", "messages"), [
    # a reason that is no fault, and a reply that asks back, make no problem
    pytest.param("zh", ["想取消周六的预约", bot("好的，方便说下原因吗？"), "那天要出差"], id="zh-reason-no-fault"),
    pytest.param("zh", ["空调要修", bot("具体什么问题？"), "你们上门费多少？"], id="zh-question-back"),
    pytest.param("en", ["I want to cancel my booking", bot("Can I ask why?"), "we're moving to Leeds"], id="en-why"),
])
def test_trust_problems_a_reason_or_a_question_back_is_no_fault(lang, messages):
    assert _problems_in(lang, *messages) == []
