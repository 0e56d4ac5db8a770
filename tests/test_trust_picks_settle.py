"""Picks of offered options (the optional ``choose`` step, switched on here), settled by what follows them (issue 19, picks8): the reply that names
another option or says the picked one cannot be had retracts it, a reply with a list of its own has
moved on, a change of mind to another option of the standing list replaces the pick, a change of a
clock the pick carries or a report naming it with another size retires it; within one message the
last pick stands and a take-back cancels it; positions, "A (x), B (y) and C (z)" lists, 分为 lead-ins
and "that one" after a recommendation pick. en and zh side by side."""

from __future__ import annotations

import json

import pytest

from ctxgraph import Tracker
from ctxgraph.extract import DEFAULT_STEPS, with_step
from ctxgraph.extract.choose import recommended
from ctxgraph.extract.options import offered_options, tags
from ctxgraph.extract.settle import named


def _choosing(lang):
    """A tracker with the optional ``choose`` step on."""
    t = Tracker(lang)
    t.extractor.steps[:] = with_step(t.extractor.steps, "choose")
    return t


def _state(lang, *messages):
    t = _choosing(lang)
    t.observe_many([{"role": r, "content": c} for r, c in messages])
    return t.state()


def _current_choices(lang, *messages):
    return [f.value for f in _state(lang, *messages).facts if f.status == "current" and f.key.startswith("choice")]


def test_settle_choose_is_on_by_default_and_goes_before_the_settle_steps():
    assert "choose" in DEFAULT_STEPS  # (picks10) on by default
    steps = with_step(DEFAULT_STEPS, "choose")
    assert steps.index("slot_picks") < steps.index("choose") < steps.index("picks_answered")
    assert {"picks_changed", "picks_stale"} <= set(DEFAULT_STEPS)


@pytest.mark.parametrize(("lang", "offer", "pick", "reply", "left"), [
    ("en", "We can frame it in oak with a cream mount (£85), or in black ash with no mount (£60). Which would you like?",
     "the oak. actually no, too dark for the room, the black ash one", "Noted, black ash with no mount.", "black ash"),
    ("zh", "相框有胡桃木款（带卡纸）260元，或者白色铝框款180元，您选哪个？", "胡桃木的吧", "好的，白色铝框款给您备好了。", None),
])
def test_settle_reply_naming_another_option_retracts_the_pick(lang, offer, pick, reply, left):
    values = _current_choices(lang, ("assistant", offer), ("user", pick), ("assistant", reply))
    assert (left is None and values == []) or (left is not None and len(values) == 1 and left in values[0])


@pytest.mark.parametrize(("lang", "offer", "pick", "reply", "gone"), [
    ("en", "The lantern tour runs as the Short Walk (1 hour, £12) or the Long Walk (2 hours, £20). Which would you prefer?",
     "long walk please", "Unfortunately the Long Walk is sold out this Friday.", "Long Walk"),
    ("zh", "游船有普通舱每位80元，或者VIP舱每位260元，您要哪种？", "VIP舱", "不好意思，今晚VIP舱已经订满了。", "VIP舱"),
])
def test_settle_reply_saying_the_pick_cannot_be_had_retracts_it(lang, offer, pick, reply, gone):
    state = _state(lang, ("assistant", offer), ("user", pick), ("assistant", reply))
    assert not any(gone in f.value for f in state.facts if f.status == "current")
    assert any(gone in f.value and f.status == "retracted" for f in state.facts)


@pytest.mark.parametrize(("lang", "offer", "pick", "reply", "kept"), [
    ("zh", "洗护有基础洗护88元，深层护理加SPA 168元，以及美容造型（高级技师）298元。您选哪种？", "深层护理吧",
     "好的。想约男技师还是女技师？", "深层护理"),
    ("en", "Tuning is £70 for a standard tune or £140 with a regulation service. Which would you like?", "the regulation one",
     "Lovely. Would you like a morning or an afternoon visit from a senior technician?", "regulation"),
])
def test_settle_reply_with_a_list_of_its_own_keeps_the_pick(lang, offer, pick, reply, kept):
    values = _current_choices(lang, ("assistant", offer), ("user", pick), ("assistant", reply))
    assert any(kept in v for v in values)


@pytest.mark.parametrize(("lang", "messages", "now", "before"), [
    ("en", [("assistant", "We can fix it in the workshop (5 days, £40) or send a technician to your home (2 days, £75). Which do you prefer?"),
            ("user", "workshop is fine"), ("assistant", "Okay."),
            ("user", "on second thought, send the technician, I need it sooner")], "technician", "workshop"),
    ("zh", [("assistant", "染发有黑茶色198元，亚麻灰268元，焦糖棕228元，您想染哪种？"), ("user", "亚麻灰吧"), ("assistant", "好的。"),
            ("user", "算了还是焦糖棕的，公司不让染太浅")], "焦糖棕", "亚麻灰"),
])
def test_settle_change_of_mind_replaces_the_pick(lang, messages, now, before):
    values = _current_choices(lang, *messages)
    assert len(values) == 1 and now in values[0] and before not in values[0]


def test_settle_change_of_a_clock_the_pick_carries_retires_it():
    t = _choosing("en")
    t.observe_many([
        {"role": "assistant", "content": "Two tutors are free: Amir Shah, from 4:00, or Bea Lund, from 5:30."},
        {"role": "user", "content": "the later one please"},
        {"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function", "function": {
            "name": "book_lessons", "arguments": json.dumps({"tutor": "Bea Lund", "time": "17:30"})}}]},
        {"role": "tool", "tool_call_id": "c1", "content": json.dumps({"booking": "TU-5512"})},
        {"role": "user", "content": "can she start at 6 instead of half 5?"},
        {"role": "assistant", "content": None, "tool_calls": [{"id": "c2", "type": "function", "function": {
            "name": "update_booking", "arguments": json.dumps({"booking": "TU-5512", "time": "18:00"})}}]},
        {"role": "tool", "tool_call_id": "c2", "content": json.dumps({"booking": "TU-5512", "time": "18:00"})}])
    current = [f.value for f in t.state().facts if f.status == "current"]
    assert not any("5:30" in v for v in current) and any("Bea Lund" in v for v in current)


def test_settle_report_naming_the_pick_with_another_size_retires_it():
    t = _choosing("en")
    t.observe_many([
        {"role": "assistant", "content": "Two fit: the Kestrel 15 (8GB/256GB) at £549, or the Osprey 14 (16GB/512GB) at £749. Which would you like?"},
        {"role": "user", "content": "the osprey sounds good"},
        {"role": "assistant", "content": "It also comes with 32GB for £899. Swap to that one?"},
        {"role": "user", "content": "yes"},
        {"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function", "function": {
            "name": "place_order", "arguments": json.dumps({"sku": "OS-14-32"})}}]},
        {"role": "tool", "tool_call_id": "c1", "content": json.dumps({"order_id": "ORD-88213", "status": "confirmed"})},
        {"role": "assistant", "content": "Order ORD-88213 is confirmed: Osprey 14 32GB/512GB, £899."}])
    assert not any("16GB" in f.value for f in t.state().facts if f.status == "current")


@pytest.mark.parametrize(("lang", "offer", "pick", "taken", "not_taken"), [
    ("en", "We make it in yellow tulips (£60), or in white lilies for £95. Which would you prefer?",
     "the lilies. actually no, too pricey, the tulip one", "tulips", "lilies"),
    ("en", "The Aria 3 is £900, or the Aria 5 with rechargeable batteries at £1,300. Which one?",
     "the one with the rechargeable batteries, my mum can't manage tiny batteries", "Aria 5", "Aria 3"),
])
def test_settle_last_pick_of_a_message_stands(lang, offer, pick, taken, not_taken):
    values = _current_choices(lang, ("assistant", offer), ("user", pick))
    assert len(values) == 1 and taken in values[0] and not_taken not in values[0]


@pytest.mark.parametrize(("lang", "offer", "pick", "taken"), [
    ("en", "For the choir we run Sopranos (10 weeks, £80), Altos (10 weeks, £80) and Tenors (8 weeks, £70). Which would you like to join?",
     "the second one", "Altos"),
    ("en", "For teams we have three rooms: Nook (4 seats, £20 an hour), Hub (8 seats, £35 an hour) and the Hall (20 seats, £60 an hour).",
     "the last one for us", "Hall"),
    ("zh", "攀树体验有三个套餐：儿童场30分钟58元，亲子场1小时128元，成人场1小时98元。", "第二个", "亲子场"),
    ("zh", "茶园采茶分为上午场和下午场，上午场约2小时88元，下午场约3小时118元。", "下午场", "下午场"),
])
def test_settle_positions_and_lists_pick(lang, offer, pick, taken):
    values = _current_choices(lang, ("assistant", offer), ("user", pick))
    assert len(values) == 1 and taken in values[0]


@pytest.mark.parametrize(("lang", "offer", "pick", "taken"), [
    ("en", "For beginners I'd recommend the Harbour loop, it's flat and 8km. The Cliff path is 18km with steep steps.",
     "that one sounds lovely", "Harbour loop"),
    ("zh", "推荐您选亲子双人套餐，两人298元，含饮品。", "那就这个吧", "亲子双人套餐"),
])
def test_settle_that_one_after_a_recommendation_picks_it(lang, offer, pick, taken):
    values = _current_choices(lang, ("assistant", offer), ("user", pick))
    assert values == [taken] or (len(values) == 1 and taken in values[0])


@pytest.mark.parametrize(("lang", "offer", "reply"), [
    ("en", "I'd recommend the Harbour loop, it's flat. The Cliff path is steeper.", "is the harbour loop ok for a pushchair?"),
    ("zh", "建议您先拍照留证，再联系物业。", "那就这个吧"),
    ("zh", "推荐您选亲子双人套餐，两人298元。", "这个太贵了"),
])
def test_settle_no_pick_without_taking_a_recommended_thing(lang, offer, reply):
    assert _current_choices(lang, ("assistant", offer), ("user", reply)) == []


def test_settle_recommended_reads_one_thing():
    assert recommended("We'd recommend the report.") == "the report"
    assert recommended("I'd recommend the oak frame, or I'd suggest the ash frame.") is None
    assert recommended("建议您先拍照留证。") is None


def test_settle_named_needs_a_part_of_the_option_alone():
    opts = offered_options("Segway tours run as the 1-hour Old Town loop at £45 or the 2-hour River route at £70.", "en")
    assert named("the River route it is", opts, "en") == {1}
    assert named("lovely, thanks", opts, "en") == set()
    zh = offered_options("游船有普通舱每位80元，或者VIP舱每位260元，您要哪种？", "zh")
    assert named("普通舱还有位置", zh, "zh") == {0}


def test_settle_a_price_a_month_is_no_frequency():
    assert not any(t.startswith("freq:") for t in tags("£14 a month on the Student plan"))
    assert "freq:2/week" in tags("2 sessions a week")


def test_settle_title_point_is_no_sentence_end():
    opts = offered_options("We have Dr. Helen Marsh at 9:15am, Dr. Owen Cardew at 11:40am, or Dr. Marsh again at 4:50pm.", "en")
    assert [o.text for o in opts] == ["Dr. Helen Marsh at 9:15am", "Dr. Owen Cardew at 11:40am", "Dr. Marsh again at 4:50pm"]


def test_settle_the_latest_list_of_a_message_is_answered():
    values = _current_choices("en", ("assistant", "Cotton bags are £2 each; jute bags are £4 each. You can collect them in store (free) or have them couriered (£6)."),
                              ("user", "couriered please, I'm in Hull"))
    assert len(values) == 1 and "couriered" in values[0]


def test_settle_a_pick_keeps_the_words_it_was_picked_by():
    values = _current_choices("en", ("assistant", "Our 3/4 outfits (violin, bow, case, rosin) are £14 a month on the Student plan, or £22 a month on the Step-Up plan with a better-set-up instrument."),
                              ("user", "student plan is fine for now"))
    assert len(values) == 1 and "student plan" in values[0].casefold() and "Step-Up" not in values[0]
