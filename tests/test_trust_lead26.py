"""A new user's rough edges the lead mended in the blind26 round, from short chats of the lead's own (expectations
written before the first run, /work/brief/lead26): "从宝山搬到浦东张江" and "我在徐家汇这边" lost the district (jieba tags
it a person's name); "4 tiers. sorry, 3 is enough actually" kept 4 tiers current beside 3; "drop it off saturday and
pick up monday" made Saturday the end; "C级锁芯300元，B级180元" - "换C级的" and "12+256 5999元，12+512 6999元" - "256的"
picked nothing (options named by a code were no list); "a cockapoo called Biscuit" kept no name; "I'll confirm once
payment clears" stayed open after "Payment cleared"."""

import pytest

from ctxgraph import Tracker
from tests.test_trust_lead23 import _facts  # the current (key, value) pairs after the messages, today 2026-12-04


@pytest.mark.parametrize("text, key, place", [
    ("我们下个月十五号搬家 从宝山搬到浦东张江", "origin", "宝山"),
    ("下周搬家，从浦东搬到徐汇", "destination", "徐汇"),
    ("门店吧 我在徐家汇这边", "所在地", "徐家汇"),
])
def test_a_district_jieba_calls_a_name_is_a_place_where_only_a_place_stands(text, key, place):
    assert (key, place) in _facts([("user", text)], "zh")


@pytest.mark.parametrize("text", ["从张伟那里拿钥匙", "钥匙在李明这里"])
def test_a_name_after_cong_or_zai_without_moving_or_a_side_word_stays_a_person(text):
    facts = _facts([("user", text)], "zh")
    assert not any(k in ("origin", "destination", "所在地", "place") for k, _ in facts), facts


def test_a_count_corrected_with_is_enough_keeps_only_the_new_count():
    facts = _facts([("user", "I'd like to order a wedding cake"), ("assistant", "Lovely! How many tiers?"),
                    ("user", "4 tiers. sorry, 3 is enough actually")], "en")
    assert not any("4" in v for _, v in facts), facts
    assert any(v == "3 tiers" for _, v in facts), facts


def test_no_number_is_too_many_still_weighs_the_number():
    facts = _facts([("user", "we need 2 rooms, no 3 is too many")], "en")
    assert not any(v.startswith("3") for _, v in facts), facts


@pytest.mark.parametrize("text, start, end", [
    ("just the truing. i can drop it off saturday and pick up monday", "saturday", "monday"),
    ("I'll pick it up Friday and drop it off Sunday", "Friday", "Sunday"),
])
def test_the_day_said_first_of_a_drop_off_and_a_pick_up_starts(text, start, end):
    facts = _facts([("user", text)], "en")
    assert ("checkin", start) in facts and ("checkout", end) in facts, facts


@pytest.mark.parametrize("offer, reply, part", [
    ("好的，换锁芯的话C级锁芯300元，B级180元。今天下午可以上门。", "换C级的 下午几点", "C级"),
    ("好的，换锁芯的话C级锁芯300元，B级180元。今天下午可以上门。", "C级的吧", "C级"),
    ("mate60有两个版本：12+256 5999元，12+512 6999元。", "256的吧", "256"),
])
def test_options_named_by_a_code_and_priced_are_a_list_a_part_picks_from(offer, reply, part):
    facts = _facts([("user", "你好"), ("assistant", offer), ("user", reply)], "zh")
    assert any(k.startswith("choice") and part in v for k, v in facts), facts


def test_a_price_alone_in_each_piece_is_still_no_list():
    facts = _facts([("user", "你好"), ("assistant", "后盖220元，加电池一共369元。"), ("user", "220的吧")], "zh")
    assert not any(k.startswith("choice") for k, _ in facts), facts


@pytest.mark.parametrize("text, name", [
    ("can u book my dog in for a groom. shes a cockapoo called Biscuit", "Biscuit"),
    ("I have a dog named Pip, he's 4", "Pip"),
])
def test_a_named_one_of_a_kind_keeps_its_name(text, name):
    assert any(v == name for _, v in _facts([("user", text)], "en"))


def test_a_confirmation_waiting_for_an_event_is_kept_when_the_event_is_reported():
    t = Tracker("en")
    t.observe_many([{"role": "user", "content": "Need a parking permit, car reg LK19 XYZ"},
                    {"role": "assistant", "content": "Digital permit for LK19 XYZ, six months, £50. I'll confirm once payment clears."},
                    {"role": "tool", "content": '{"status": "paid", "permit": "RP-55102"}'},
                    {"role": "assistant", "content": "Payment cleared, your permit RP-55102 is active."}])
    assert [c.status for c in t.state().commitments] == ["done"]


def test_a_confirmation_whose_event_has_not_happened_stays_open():
    t = Tracker("en")
    t.observe_many([{"role": "assistant", "content": "I'll confirm once payment clears."},
                    {"role": "assistant", "content": "Still waiting on the bank, nothing yet."}])
    assert [c.status for c in t.state().commitments] == ["open"]


@pytest.mark.parametrize("offer, reply, part, lang", [
    ("推荐三款：保温杯礼盒168，蓝牙音箱199，茶叶礼盒188。", "茶叶礼盒吧 要印公司logo 数量改成150份", "茶叶礼盒", "zh"),
])
def test_pieces_as_many_as_the_lead_in_announced_are_a_list(offer, reply, part, lang):
    facts = _facts([("user", "hi"), ("assistant", offer), ("user", reply)], lang)
    assert any(k.startswith("choice") and part in v for k, v in facts), facts


def test_a_lead_in_announcing_another_number_makes_no_list():
    from ctxgraph.extract.options import offered_options

    assert [o.text for o in offered_options("推荐三款：保温杯礼盒168，蓝牙音箱199，茶叶礼盒188。", "zh")] == [
        "保温杯礼盒168", "蓝牙音箱199", "茶叶礼盒188"]
    assert offered_options("推荐两款：保温杯礼盒168，蓝牙音箱199，茶叶礼盒188。", "zh") == []


def test_try_the_option_first_picks_it():
    facts = _facts([("user", "my internet keeps dropping every evening"),
                    ("assistant", "I can send a new router (free) or book an engineer visit (£65 if the fault is inside your home)."),
                    ("user", "try the router first")], "en")
    assert any(k.startswith("choice") and "router" in v for k, v in facts), facts


def test_a_fault_the_assistant_supposes_is_no_problem_of_the_users():
    facts = _facts([("user", "我家空调不制冷了"), ("assistant", "可能是缺氟，加氟150元，如果是压缩机坏了要另外报价。")], "zh")
    assert not any("压缩机" in v for _, v in facts), facts
    assert any("不制冷" in v for _, v in facts), facts


def test_a_word_the_tagger_calls_a_count_with_no_number_is_no_count():
    facts = _facts([("user", "private room. one of the group is vegan")], "en")
    assert not any(k == "count" or k.startswith("count_") for k, _ in facts), facts


def test_a_name_after_a_relation_is_no_place():
    facts = _facts([("user", "Can I change the name on a flight booking? my friend Dimitri can't come, his brother Nikos will go instead")], "en")
    assert ("place", "Nikos") not in facts and any(k == "person_brother" and "Nikos" in v for k, v in facts), facts


def _rules(messages, lang="en"):
    t = Tracker(lang, today="2026-12-04")
    t.observe_many([{"role": r, "content": c} for r, c in messages])
    return [(c.text, c.status) for c in t.state().constraints]


@pytest.mark.parametrize("text", ["12/03/1948, 7 Rowan Close. please ring the bell twice. and never leave it on the doorstep",
                                  "7 Rowan Close. never leave parcels outside"])
def test_never_as_an_order_before_a_deed_is_a_rule(text):
    assert any("never leave" in r and s == "active" for r, s in _rules([("user", text)])), _rules([("user", text)])


@pytest.mark.parametrize("text", ["I've never had a delivery go wrong", "never mind, it's fine"])
def test_never_in_a_story_or_a_filler_is_no_rule(text):
    assert not any("never" in r for r, _ in _rules([("user", text)])), _rules([("user", text)])
