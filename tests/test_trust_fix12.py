"""Picks that are no choice, and the review's defects of the blind11 round's code (issue 19, fix12 round).

Three steps make a pick (``picks``, ``choose``, ``slot_picks``); each case here is a message after an
offer of options, zh and en: a deferral, a third party's experience and a question about the options pick
nothing; 恐怕 / 哪怕 / "I'm afraid it'll have to be" are acceptances, not fears."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from tests.test_graph import bot

TANDEM = "We offer a Standard tandem at £120 or a Thermal tandem at £190. Which would you like?"
BLOCKS = "Lessons come as a Starter block at £90 or a Full block at £160. Which suits you?"
GADGET = "有两种：普通款3800元，带蓝牙的5600元。您要哪种？"
CHECK = "精装验房有两档：标准版3元/平（外观、水电），全面版5元/平（在标准版基础上加红外热成像）。您选哪个？"
CLEAN = "We have a Basic clean at £60 or a Deep clean at £95. Which would you like?"
SLOTS_EN = "We can do Thursday 12 March at 6:30pm or Friday 13 March at 8pm."
SLOTS_ZH = "周三18号有上午9点和下午4点两个时段，您要哪个？"


def facts(lang: str, offer: str, reply: str) -> dict[str, str]:
    t = Tracker(lang, today="2026-03-09")
    t.observe_many([bot(offer), {"role": "user", "content": reply}])
    return {f.key: f.value for f in t.state().facts if f.status == "current"}


def choices(got: dict[str, str]) -> dict[str, str]:
    return {k: v for k, v in got.items() if k.startswith("choice") or k == "slot"}


# ---------------------------------------------------------------- a. a hedge or a deferral is no choice

@pytest.mark.parametrize(("lang", "offer", "reply"), [
    ("en", TANDEM, "hmm the thermal one sounds pricey, let me ask my wife"),
    ("en", TANDEM, "I'll think about the thermal one"),
    ("en", TANDEM, "the thermal one might be better, I'll get back to you"),
    ("en", BLOCKS, "full block sounds good but I need to sleep on it"),
    ("zh", GADGET, "我考虑一下带蓝牙那款"),
    ("zh", GADGET, "带蓝牙那款吧，我再跟老公商量下"),
    ("zh", SLOTS_ZH, "下午那个我考虑一下"),
])
def test_fix12_a_deferral_picks_nothing(lang, offer, reply):
    got = facts(lang, offer, reply)
    assert not choices(got), got


def test_fix12_a_deferral_about_an_offered_day_keeps_no_day():
    got = facts("en", SLOTS_EN, "let me check with my wife about thursday")
    assert not choices(got) and "day" not in got, got


@pytest.mark.parametrize(("lang", "offer", "reply", "word"), [
    ("zh", "写真套餐有：简约套餐，10张精修399元；轻奢套餐，20张精修699元。您选哪个？", "我再想想……还是轻奢吧，20张多一些", "轻奢"),
    ("en", TANDEM, "let me think... ok the thermal one please", "hermal"),
])
def test_fix12_a_pick_after_the_deferral_stands(lang, offer, reply, word):
    got = facts(lang, offer, reply)
    assert any(word in v for v in choices(got).values()), got


@pytest.mark.parametrize(("lang", "offer", "reply", "word"), [
    ("zh", "官网套餐：基础版4800元、营销版9800元、定制版2万起。", "营销版 但是双语加30%有点贵 英文先不做了 明年再说", "营销版"),
    ("zh", GADGET, "换货。顺便问下，带蓝牙的吧", "蓝牙"),
])
def test_fix12_putting_off_another_thing_or_asking_the_agent_keeps_the_pick(lang, offer, reply, word):
    got = facts(lang, offer, reply)
    assert any(word in v for v in choices(got).values()), got


@pytest.mark.parametrize(("lang", "offer", "reply", "word"), [
    ("en", TANDEM, "thermal one please", "hermal"),
    ("en", CLEAN, "deep one I think", "eep"),
    ("en", BLOCKS, "I think the full block", "ull block"),
    ("zh", GADGET, "带蓝牙的吧", "蓝牙"),
    ("zh", SLOTS_ZH, "下午的吧", "下午"),
])
def test_fix12_a_plain_pick_still_picks(lang, offer, reply, word):
    got = facts(lang, offer, reply)
    assert any(word in v for v in choices(got).values()), got


# ---------------------------------------------------------------- a. a third party's experience is no choice

@pytest.mark.parametrize(("lang", "offer", "reply", "person"), [
    ("en", TANDEM, "my brother did the thermal one last year and loved it", "brother"),
    ("en", BLOCKS, "my mate did the full block and said it was worth it", "mate"),
    ("en", "A single hive is £180, a double one £290.", "the double one was what my dad had", "dad"),
    ("zh", GADGET, "我朋友买的带蓝牙那种，说挺好", "朋友"),
    ("zh", GADGET, "我姐用的就是带蓝牙的", "姐"),
    ("zh", SLOTS_ZH, "我同事约的上午那个", "同事"),
])
def test_fix12_a_third_partys_experience_picks_nothing(lang, offer, reply, person):
    got = facts(lang, offer, reply)
    assert not choices(got), got
    assert any(person in k for k in got), got  # the person stays


def test_fix12_a_third_party_on_an_offered_day_keeps_no_day():
    got = facts("en", SLOTS_EN, "my sister went to the thursday one last time")
    assert not choices(got) and "day" not in got, got


@pytest.mark.parametrize(("lang", "offer", "reply", "word"), [
    ("en", TANDEM, "my wife wants the thermal one", "hermal"),
    ("zh", GADGET, "我老婆要带蓝牙的", "蓝牙"),
])
def test_fix12_a_third_party_wanting_an_option_now_still_picks(lang, offer, reply, word):
    got = facts(lang, offer, reply)  # the party the service is for chooses: a present want, no past experience
    assert any(word in v for v in choices(got).values()), got


# ---------------------------------------------------------------- a. a question about the options is no choice, no value

@pytest.mark.parametrize(("lang", "offer", "reply"), [
    ("en", TANDEM, "what's the difference between the standard and thermal ones"),
    ("en", TANDEM, "how long is the thermal one"),
    ("zh", GADGET, "带蓝牙的跟普通款差在哪"),
    ("zh", GADGET, "带蓝牙那款多重"),
    ("zh", GADGET, "带蓝牙那种能便宜点不"),
])
def test_fix12_a_question_about_the_options_picks_nothing(lang, offer, reply):
    got = facts(lang, offer, reply)
    assert not choices(got), got
    assert not [v for k, v in got.items() if k != "want" and ("standard" in v.casefold() or "蓝牙" in v)], got


# ---------------------------------------------------------------- a. 恐怕 / 哪怕 / "I'm afraid it'll have to be" accept

@pytest.mark.parametrize(("lang", "offer", "reply", "word"), [
    ("zh", CHECK, "恐怕得要全面版吧", "全面版"),
    ("zh", GADGET, "哪怕贵点也要带蓝牙的", "蓝牙"),
    ("en", CLEAN, "I'm afraid it'll have to be the deep one", "eep"),
    ("en", BLOCKS, "I'm afraid it has to be the starter block", "tarter"),
])
def test_fix12_a_reluctant_acceptance_picks(lang, offer, reply, word):
    got = facts(lang, offer, reply)
    assert any(word in v for v in choices(got).values()), got


@pytest.mark.parametrize(("lang", "offer", "reply", "word"), [
    ("zh", GADGET, "普通款吧，带蓝牙的怕坏", "普通"),
    ("en", BLOCKS, "I'm afraid the full block is too dear, the starter block please", "tarter"),
])
def test_fix12_a_fear_still_declines_what_it_names(lang, offer, reply, word):
    got = facts(lang, offer, reply)
    assert list(choices(got).values()) and all(word in v for v in choices(got).values()), got


# ---------------------------------------------------------------- review 5. the pick's value ends at the assistant's sentence

@pytest.mark.parametrize(("offer", "reply"), [
    (TANDEM, "thermal one please"),
    ("Our hives come as a National at £180 or a Langstroth at £240. Which suits?", "the Langstroth one please"),
])
def test_fix12_a_pick_keeps_no_words_of_the_next_sentence(offer, reply):
    got = facts("en", offer, reply)
    assert choices(got) and not [v for v in choices(got).values() if "which" in v.casefold()], got


# ---------------------------------------------------------------- review 8-10. postal: a run of address parts holds no name, count or thing

def address_of(text: str) -> str:
    t = Tracker("en")
    t.observe({"role": "user", "content": text})
    return next((f.value for f in t.state().facts if f.key == "address" and f.status == "current"), "")


@pytest.mark.parametrize(("text", "not_in"), [
    ("Mr Grey, red brick house, LS6 2AB", "Mr Grey"),
    ("Tuesday, 10 hives, LS6 2AB", "hives"),
    ("large batch, blue glaze, LS6 2AB", "glaze"),
])
def test_fix12_postal_a_name_a_count_or_a_thing_is_no_part_of_the_address(text, not_in):
    assert not_in not in address_of(text)


@pytest.mark.parametrize(("text", "address"), [
    ("Plot 42, Meadow Rise, Cottam, PR4 0NY", "Plot 42, Meadow Rise, Cottam, PR4 0NY"),
    ("flat 3, 12 wilmslow rd, didsbury M20 5PG", "flat 3, 12 wilmslow rd, didsbury M20 5PG"),
    ("send it to 14 Elms Close, Leeds LS6 2AB", "14 Elms Close, Leeds LS6 2AB"),
])
def test_fix12_postal_still_reads_the_address_run(text, address):
    assert address_of(text) == address
