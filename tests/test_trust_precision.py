"""Issue 19 (csprec round): values that are not the user's state stay out of the facts.

Conversations written for these tests (zh and en): a rule's limit ("总价别超过两万"), the day
the assistant's own deed is due ("I'll hold it until Friday"), a question about what the
service does said with "you guys", a tool's outcome ("cancel": "success"), and "X是Y" phrases
whose X is no key ("肯德基和盒马是我的", "爆米花还是不要了"). Each beside the case that must
still be a fact.
"""

from __future__ import annotations

import pytest

from tests.test_trust_values import bot, call, facts_of, result


@pytest.mark.parametrize(("lang", "text", "value"), [
    pytest.param("zh", "总价别超过两万。", "两万", id="zh-price"),
    pytest.param("zh", "价格别超过每晚150。", "150", id="zh-per-night"),
    pytest.param("en", "Spend no more than $200 on it.", "$200", id="en"),
])
def test_trust_precision_a_rules_limit_is_no_fact(lang, text, value):
    assert value not in " ".join(facts_of(text, lang=lang).values())


def test_trust_precision_a_budget_the_user_sets_stays_a_fact():
    assert "800" in " ".join(facts_of("预算改成800元", lang="zh").values())


def test_trust_precision_the_day_the_assistants_deed_is_due_is_no_fact():
    facts = facts_of("I'd like the private office from May 1.",
                     bot("May 1 works. I'll hold Studio 2A for you until Friday and email the contract today."), lang="en")
    assert "Friday" not in facts.values()
    # the user's own day stays ("we'll move in on Friday" is no deed of the assistant)
    assert any("Friday" in v for v in facts_of("We'll move in on Friday 1 May.", lang="en").values())


def test_trust_precision_a_question_about_the_service_with_you_guys():
    assert "NZ" not in facts_of("do you guys ship to NZ? my brother wants one", lang="en").values()
    assert "NZ" in " ".join(facts_of("Please ship it to NZ, my address is 5 Queen St, Auckland, NZ", lang="en").values())


@pytest.mark.parametrize(("field", "value"), [("cancel", "success"), ("effective", "immediate"), ("renewed", "true")])
def test_trust_precision_a_tools_outcome_is_no_fact(field, value):
    facts = facts_of(call("c1", "cancel_pack", {"pack_id": "PK-55120"}), result("c1", {"refund_no": "TF2607031190", field: value}),
                     lang="zh")
    assert "PK-55120" in facts.values()
    assert value not in facts.values()


@pytest.mark.parametrize("text", ["就1599那笔，肯德基和盒马是我的。", "爆米花还是不要了，到影院再买"])
def test_trust_precision_zh_phrases_without_a_key(text):
    facts = facts_of(text, lang="zh")
    assert not any(k.endswith("还") or "和" in k for k in facts), facts


def test_trust_precision_zh_a_phrase_with_a_key_stays():
    assert "王芳" in facts_of("收货人是王芳", lang="zh").values()


@pytest.mark.parametrize(("text", "gone", "kept"), [
    pytest.param("Please courier it to 41 Heron Street, Leeds. Actually no, I'll collect it from the shop on Friday",
                 "Heron Street", "Friday", id="address-taken-back"),
    pytest.param("Call me on 0161 496 0000, scratch that, email me at dee@example.org",
                 "0161", "dee@example.org", id="phone-taken-back"),
])
def test_trust_precision_a_value_taken_back_is_no_fact(text, gone, kept):
    """"Actually no" / "scratch that" with no new value of the same kind after it: the values of
    the sentence before are taken back, what follows stays."""
    values = " ".join(facts_of(text, lang="en").values())
    assert gone not in values and kept in values


def test_trust_precision_a_take_back_followed_by_its_new_value_is_a_correction():
    values = " ".join(facts_of("Send it to 41 Heron Street, Leeds. Actually no, to 7 Wren Close, Leeds",
                               lang="en").values())
    assert "7 Wren Close" in values and "Heron" not in values


# ---------------------------------------------------------------- csen4: values the user declines
# (phrasings written for these tests, not taken from any bench chat)

@pytest.mark.parametrize(("messages", "gone", "kept"), [
    pytest.param([bot("The fitter can come Monday at 8:00 or Wednesday at 14:00."), "monday's no good for me, wednesday then"],
                 "monday", "wednesday", id="no-good-then-other"),
    pytest.param([bot("We can collect on Tuesday or on Friday."), "tuesday won't work for us, friday please"],
                 "tuesday", "friday", id="wont-work-for-us"),
    pytest.param(["Can you deliver the sofa next week? My tuesdays are taken with work though, Thursday suits."],
                 "tuesday", "thursday", id="are-taken"),
    pytest.param([bot("The earliest slot is the 9th or the 11th."), "I can't make the 9th. the 11th is fine"],
                 "9th", "11th", id="cant-make"),
])
def test_trust_precision_a_day_the_user_declines_is_no_fact(messages, gone, kept):
    values = " ".join(facts_of(*messages, lang="en").values()).casefold()
    assert gone not in values and kept in values, values


def test_trust_precision_a_declining_clause_makes_no_phrase_fact():
    facts = facts_of("my weekends are taken by football, weekdays after 5 only", lang="en")
    assert not any("weekends" in k for k in facts), facts


def test_trust_precision_a_day_the_user_takes_stays():
    assert "Tuesday" in facts_of(bot("We have Tuesday or Friday."), "Tuesday works for me", lang="en").values()


def test_trust_precision_a_day_taken_back_for_one_a_change_names_later():
    facts = facts_of(bot("Slots: Tuesday 6-8pm or Friday 6-8pm."),
                     "tuesday evening. no wait, i have choir on tuesdays, make it the friday evening", lang="en")
    assert "friday" in " ".join(facts.values()).casefold() and "tuesday" not in " ".join(facts.values()).casefold(), facts


def test_trust_precision_a_slot_word_describing_a_named_option_takes_no_value():
    facts = facts_of(bot("We stock the Pirelli P7 at £120 a tyre or the budget Nexen N1 at £58."), lang="en")
    assert "£58" not in facts.values(), facts
    # the user's own budget, and a slot word before its own capitalised value, still read
    assert facts_of("my budget is £150", lang="en").get("budget") == "£150"
    assert "Friday 3 May" in facts_of(bot("Your parcel should arrive by Friday 3 May."), lang="en").values()
