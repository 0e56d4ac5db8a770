"""Over-reaches of the blind24 round's lead24 and lead24b rules, found with near-miss chats of fix28a's own: a "not" that
says how a thing is ("the transit not working for me") split off the thing and picked it; a Chinese take-back before a
remark ("算了 周日人太多") made the day remarked on the wish; a ceiling of another thing's ("my insurance covers up to
£500") or of a story ("last time I paid £350 max") became the budget; a one-word reply that gives no name ("Pardon",
"Nope") or says the question back ("Booking") became the name; a bank transfer's payee became a destination; a letter
inside a word or a story ("我有个B超报告", "上次做的是B") picked the option it codes; a span of years after "order" became an
order id. Each test fails on main before fix28a and the rule's own cases still hold (tests/test_trust_lead24*.py)."""

import pytest

from ctxgraph import Tracker


def _facts(messages, lang):
    t = Tracker(lang, today="2026-12-04")
    t.observe_many([{"role": r, "content": c} for r, c in messages])
    return {(f.key, f.value) for f in t.state().facts if f.status == "current"}


_VANS = "We have the Transit at £70 or the Luton at £95."


@pytest.mark.parametrize("reply", ["the transit not working for me", "transit not suitable sorry", "the transit not big enough"])
def test_a_not_that_says_how_the_thing_is_picks_nothing(reply):
    facts = _facts([("user", "hi need a van"), ("assistant", _VANS), ("user", reply)], "en")
    assert not any("transit" in v.casefold() for _, v in facts), facts


def test_a_not_before_the_other_thing_still_picks():
    facts = _facts([("user", "hi need a van"), ("assistant", _VANS), ("user", "the luton not the transit")], "en")
    assert any("luton" in v.casefold() for _, v in facts), facts


@pytest.mark.parametrize("again", ["算了 周日人太多", "算了 周日也够呛", "算了 周日再说吧", "算了 周日我问问吧"])
def test_a_take_back_before_a_remark_changes_nothing(again):
    facts = _facts([("user", "周六上午来吧"), ("assistant", "好的，确认吗？"), ("user", again)], "zh")
    assert ("date", "周六上午") in facts and ("date", "周日") not in facts, facts


@pytest.mark.parametrize("reply", ["my insurance covers up to £500", "they charge up to £50 for that",
                                   "refunds of up to £30 are instant", "last time I paid £350 max"])
def test_a_ceiling_of_another_thing_or_a_story_moves_no_budget(reply):
    facts = _facts([("user", "looking for a laptop for my daughter, budget about £300"), ("assistant", "Sure."),
                    ("user", reply)], "en")
    assert ("budget", "£300") in facts, facts


@pytest.mark.parametrize("text", ["my insurance covers up to £500", "refunds of up to £30 are instant"])
def test_a_ceiling_of_another_thing_is_no_budget_said_first(text):
    assert not any(k == "budget" for k, _ in _facts([("user", text)], "en"))


def test_a_ceiling_the_user_sets_still_moves_the_budget():
    facts = _facts([("user", "looking for a laptop, budget about £300"), ("assistant", "Would you consider £400?"),
                    ("user", "fine, £450 tops")], "en")
    assert ("budget", "£450") in facts, facts


@pytest.mark.parametrize("question, reply", [("What name should I put?", "Pardon"), ("What name should I put?", "Nope"),
                                             ("What name should I put?", "Cheers"),
                                             ("What name is the booking under?", "Booking")])
def test_a_reply_that_gives_no_name_is_no_name(question, reply):
    facts = _facts([("user", "I need 3 pairs of trousers hemmed"), ("assistant", question), ("user", reply)], "en")
    assert not any(k == "name" for k, _ in facts), facts


def test_a_bank_transfer_to_a_person_is_no_destination():
    facts = _facts([("user", "I need to make a bank transfer to Sarah Jones")], "en")
    assert not any(k == "destination" for k, _ in facts), facts
    assert ("destination", "Gatwick North Terminal") in _facts([("user", "need a transfer to Gatwick North Terminal")], "en")


_PACKAGES = "套餐A 399元，套餐B 699元，您选哪个？"


@pytest.mark.parametrize("reply", ["上次做的是B", "我有个B超报告"])
def test_a_letter_in_a_story_or_inside_a_word_picks_nothing(reply):
    facts = _facts([("user", "想约体检"), ("assistant", _PACKAGES), ("user", reply)], "zh")
    assert not any("套餐B" in v for _, v in facts), facts


@pytest.mark.parametrize("reply", ["我选B套餐吧", "就A吧"])
def test_a_letter_with_words_of_picking_still_picks(reply):
    facts = _facts([("user", "想约体检"), ("assistant", _PACKAGES), ("user", reply)], "zh")
    assert any("套餐" in v for _, v in facts), facts


def test_a_span_of_years_after_order_is_no_order_id():
    assert not any(k == "order_id" for k, _ in _facts([("user", "my order 2023-2024 season ticket hasn't arrived")], "en"))


_SLOTS = "周六上午10点和下午3点有空。"


@pytest.mark.parametrize("reply, slot", [("下午的 我家孩子要上课 所以不行", "下午3点"), ("上午的 我朋友约了", "上午10点")])
def test_a_part_of_the_day_pointed_at_then_ruled_out_picks_nothing(reply, slot):
    facts = _facts([("user", "想约洗牙 周六有吗"), ("assistant", _SLOTS), ("user", reply)], "zh")
    assert not any(slot in v for _, v in facts), facts


def test_a_part_of_the_day_pointed_at_beside_a_count_still_picks():
    facts = _facts([("user", "想约洗牙 周六有吗"), ("assistant", _SLOTS), ("user", "上午的 我们有两个人")], "zh")
    assert any("上午10点" in v for _, v in facts), facts


def test_a_thing_booked_with_no_reference_stays_in_the_state():
    facts = _facts([("user", "I've got a pottery class booked for saturday")], "en")
    assert any("pottery class" in v for _, v in facts), facts
    assert not any(k == "problem" for k, _ in _facts([("user", "hi, I've got a hire car booked under RX-20931")], "en"))


def test_a_part_of_the_day_pointed_at_with_the_other_part_busy_still_picks():
    facts = _facts([("user", "想约洗牙 周六有吗"), ("assistant", _SLOTS), ("user", "下午那个 上午要开会")], "zh")
    assert any("下午3点" in v for _, v in facts), facts
