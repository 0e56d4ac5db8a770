"""miss27en (issue 19, blind25 round): English values the user gives that the state missed.

Short chats of our own, one shape each; every case failed on the code before its rule.
"""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from tests.test_trust_miss26en import _current  # replay (assistant first, then turns in alternation): key -> value


def _conditions(chat: list[str], lang: str = "en") -> list[str]:
    return [v for k, v in _current(chat, lang).items() if k.startswith("condition")]


# --- a part of the body that is not well is a condition of its owner -----------------------------------------

@pytest.mark.parametrize("chat, wanted", [
    (["The coach leaves the square at 9.", "Is there a step onto the coach? his knees are bad"], "his knees are bad"),
    (["Shall we book the Friday fitting?", "friday is fine. does the chair recline, her hips are not great"],
     "her hips are not great"),
    (["Which room would you like?", "ground floor please, my back is really stiff these days"], "my back is really stiff"),
    (["Do you need anything else for the visit?", "I have bad knee, I can not kneel on the floor"], "I have bad knee"),
])
def test_miss27en_a_body_part_not_well(chat, wanted):
    assert any(wanted in v for v in _conditions(chat))


# --- the speaker's allergy to a thing --------------------------------------------------------------------------

@pytest.mark.parametrize("chat, wanted", [
    (["Any notes for the therapist?", "yes i'm allergic to lanolin so nothing with that please"], "allergic to lanolin"),
    (["Anything we should know before the treatment?", "I am allergic to penicillin, just so you know"],
     "allergic to penicillin"),
])
def test_miss27en_the_speakers_allergy(chat, wanted):
    assert any(wanted in v for v in _conditions(chat))


# --- "hes" / "shes" typed without the apostrophe before a health word, "-ish" kept -----------------------------

@pytest.mark.parametrize("chat, wanted", [
    (["Shall we ring your grandad to confirm?", "no text me please, hes very deaf and wont hear it"], "very deaf"),
    (["Can we call her on the day?", "better email, shes deaf-ish on the phone"], "deaf-ish"),
])
def test_miss27en_hes_shes_without_apostrophe(chat, wanted):
    assert any(wanted in v for v in _conditions(chat))


# --- what is no condition -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("chat", [
    ["Can you carry it in?", "yes my hands are full with the baby"],
    ["How is the new mattress?", "great, my back is fine now thanks"],
    ["Any allergies?", "nothing with feathers pls im allergic"],
    ["Anything else?", "im allergic to it so leave it out"],
])
def test_miss27en_no_condition(chat):
    assert _conditions(chat) == []


# --- a pick said as "the <part> one" that no pick step read -----------------------------------------------------

@pytest.mark.parametrize("chat, wanted", [
    (["Two guides are free: Ana (lively, lots of jokes) or Tom (quiet and thorough).", "the jokey one. we're a loud group"],
     "the jokey one"),
    (["We do a basic clean for £60 and a deep clean with the oven for £95.", "hmm ok lets do the full one please"],
     "the full one"),
    (["Sessions run at 10:40 or 14:20 on Saturday 5 December.", "the 5th 2:20 one. 3 children"], "the 5th 2:20 one"),
])
def test_miss27en_the_part_one_pick(chat, wanted):
    assert _current(chat).get("pick") == wanted


@pytest.mark.parametrize("chat", [
    ["We have a small, a medium or a large box.", "not the big one, it never gets eaten"],
    ["We have a small, a medium or a large box.", "the small one is it enough for two?"],
    ["Where are the meters?", "meter is outside in a white box, the gas one. electric is under the stairs"],
    ["How many spare rooms?", "two, but the uni one is only spare in term time"],
    ["Which size would you like: 6-7kg or 7-8kg?", "the bigger one, we like leftovers"],
    ["Fittings on Tuesday or Thursday.", "the early one. actually no, she has school then. thursday"],
])
def test_miss27en_no_part_one_pick(chat):
    assert "pick" not in _current(chat)


def test_miss27en_a_later_part_one_pick_replaces_the_earlier():
    chat = ["We do a basic clean for £60 and a deep clean with the oven for £95.", "the cheap one please",
            "Noted.", "actually go for the posh one, it's filthy"]
    assert _current(chat).get("pick") == "the posh one"


# --- the opening says what it is about: "I am enquiring about", "im thinking about", "we're planning our" ---------

@pytest.mark.parametrize("text, wanted", [
    ("Good morning. I am enquiring about loft insulation for our bungalow in Leek.", "loft insulation"),
    ("hiya im thinking about a tattoo cover up but im nervous lol", "tattoo cover up"),
    ("Hello! We're planning our ruby anniversary party for next spring, about 60 of us.", "ruby anniversary party"),
    ("Good afternoon. I am writing to enquire about piano lessons for my granddaughter.", "piano lessons"),
])
def test_miss27en_the_opening_says_what_it_is_about(text, wanted):
    t = Tracker("en")
    t.observe({"role": "user", "content": text})
    assert any(wanted in f.value for f in t.state().facts if f.key == "want")


@pytest.mark.parametrize("text", [
    "im thinking about it, can you tell me the price first?",
    "we're planning to come but not sure yet",
])
def test_miss27en_no_want_from_a_question_or_an_unsure_plan(text):
    t = Tracker("en")
    t.observe({"role": "user", "content": text})
    assert not any("thinking about it" in f.value for f in t.state().facts if f.key == "want")
