"""A new user's rough edges the lead mended in the blind22 round, from short chats of the lead's own: a Chinese day
moved with a change word ("改成21号", "推到5号") is a date (a bare day of the month was no date unless a weekday or a
part of the day stood beside it, so the old date stayed current, and a reply to "请问要哪种房型？" kept "改成21号" as
the room type); a day the user settled on and now rules out ("actually Tuesday doesn't work anymore", "周二不行了")
is retracted and is no fault (the day stayed current and the sentence became the problem)."""

import pytest

from ctxgraph import Tracker


def _facts(messages, lang):
    t = Tracker(lang, today="2026-12-04")
    t.observe_many([{"role": r, "content": c} for r, c in messages])
    return {(f.key, f.value) for f in t.state().facts if f.status == "current"}


@pytest.mark.parametrize("change", ["改成21号", "日期改成21号", "改到21号吧", "那就推到21号"])
def test_a_day_moved_with_a_change_word_replaces_the_date(change):
    facts = _facts([("user", "订12月20号杭州的酒店"), ("assistant", "好的。"), ("user", change)], "zh")
    assert ("date", "21号") in facts and not any("20号" in v for _, v in facts), facts


def test_a_change_of_day_is_no_answer_to_the_question_asked():
    facts = _facts([("user", "订12月20号杭州的酒店"), ("assistant", "好的，请问要哪种房型？"), ("user", "改成21号")], "zh")
    assert ("date", "21号") in facts and not any("改成" in v for _, v in facts), facts


@pytest.mark.parametrize("said", ["三号楼在哪", "我住21号楼", "坐3号线过来", "我的号码是21号"])
def test_a_number_with_hao_that_is_no_change_is_no_date(said):
    assert not any(k == "date" for k, _ in _facts([("user", said)], "zh"))


@pytest.mark.parametrize("messages, lang, gone", [
    ([("user", "can I book a check-up, Tuesday 3pm if possible"), ("assistant", "Tuesday 3pm is available. Name please?"),
      ("user", "Dev Patel. actually Tuesday doesn't work anymore, do you have thursday morning?")], "en", "Tuesday"),
    ([("user", "deliver it on the 14th please"), ("assistant", "Booked for the 14th."),
      ("user", "hmm the 14th is no good now, my shift changed")], "en", "the 14th"),
    ([("user", "周二上午过来装宽带"), ("assistant", "好的，周二上午。"), ("user", "周二不行了 临时要出差")], "zh", "周二"),
])
def test_a_day_ruled_out_now_is_retracted_and_no_fault(messages, lang, gone):
    facts = _facts(messages, lang)
    assert not any(gone.casefold() in v.casefold() for _, v in facts), facts
    assert not any(k.startswith("problem") for k, _ in facts), facts


def test_a_day_that_does_not_suit_without_a_word_of_now_keeps_the_day_given_before():
    # no "anymore" / "now": the user may only decline an offer, the day given before stands
    facts = _facts([("user", "book me in for Tuesday"), ("assistant", "We have Tuesday or Wednesday."),
                    ("user", "Wednesday doesn't work for me, Tuesday is fine")], "en")
    assert ("day", "Tuesday") in facts, facts


@pytest.mark.parametrize("question, reply, value", [
    ("请问什么时间方便？", "明天下午吧", "明天下午"),
    ("请问什么时候方便上门？", "后天上午", "后天上午"),
    ("好的。什么时候送？", "明天 送到店里", "明天"),
])
def test_a_day_answering_a_when_question_is_the_date(question, reply, value):
    facts = _facts([("user", "你好 我家空调坏了"), ("assistant", question), ("user", reply)], "zh")
    assert ("date", value) in facts, facts


@pytest.mark.parametrize("question, reply", [
    ("什么时候买的？", "去年这时候吧 明天也说不准"),  # a story's day: the question's past
    ("请问什么时间方便？", "月底之前都行"),  # a bound: the constraints hold it
    ("交付是哪天？小区在哪里？", "开发商说是明天 江宁区中海云麓"),  # not the only thing asked
])
def test_a_when_question_of_a_story_a_bound_or_with_other_slots_binds_no_date_alone(question, reply):
    facts = _facts([("user", "你好 我家空调坏了"), ("assistant", question), ("user", reply)], "zh")
    assert ("date", "明天") not in facts and ("date", "月底") not in facts, facts


@pytest.mark.parametrize("said, wanted", [
    ("table for 6 on Friday at 7:30?", {("people", "6"), ("time", "7:30"), ("day", "Friday")}),
    ("Table for 6 on Friday at 7:30?", {("people", "6"), ("time", "7:30")}),
    ("any chance of a room for 2 nights from the 12th?", {("nights", "2 nights"), ("checkin", "the 12th")}),
])
def test_a_request_said_as_a_bare_phrase_with_a_question_mark_keeps_its_values(said, wanted):
    facts = _facts([("user", said)], "en")
    assert wanted <= facts, facts


@pytest.mark.parametrize("said", ["Do you deliver on Sundays?", "Is the table for 6?", "what's the charge for 2 nights?",
                                  "anything for 2 nights?"])
def test_a_question_of_the_service_keeps_its_values_out(said):
    assert not _facts([("user", said)], "en")


def test_sorry_opening_a_reply_is_no_answer():
    facts = _facts([("user", "can I get a table for 6 on Friday at 7:30"), ("assistant", "Sure. Any requests?"),
                    ("user", "sorry, make that 4, two dropped out.")], "en")
    assert ("people", "4") in facts and not any(v.casefold() == "sorry" for _, v in facts), facts


@pytest.mark.parametrize("said, key, value", [
    ("订单20261203887的鞋子尺码不对", "order_id", "20261203887"),
    ("订单 883921 还没发货", "order_id", "883921"),
])
def test_digits_right_after_dingdan_are_the_order_id(said, key, value):
    assert (key, value) in _facts([("user", said)], "zh")


def test_a_phone_after_dingdan_elsewhere_stays_a_phone():
    facts = _facts([("user", "我的订单还没到 电话13812345678")], "zh")
    assert ("phone", "13812345678") in facts and not any(k == "order_id" for k, _ in facts), facts


@pytest.mark.parametrize("said", ["鞋子尺码不对", "收到的颜色不对，想换", "订单 883921 还没发货", "退款还没到账"])
def test_a_wrong_thing_received_or_a_thing_not_yet_come_is_the_problem(said):
    assert any(k == "problem" for k, _ in _facts([("user", said)], "zh"))


@pytest.mark.parametrize("offer, reply, value", [
    ("周三上午骨科有王主任和刘医生的号，您要哪位？", "王主任的", "王主任"),
    ("好的，有标间和大床房，请问要哪种？", "标间", "标间"),
])
def test_a_pick_among_options_listed_after_you_have_is_the_option_alone(offer, reply, value):
    facts = _facts([("user", "帮我妈挂个号"), ("assistant", offer), ("user", reply)], "zh")
    picks = [v for k, v in facts if k.startswith("choice")]
    assert picks == [value], facts


@pytest.mark.parametrize("said", ["hi can I move my flight QX7Y2P from Tuesday to Wednesday evening",
                                  "please change it from Tuesday to Wednesday"])
def test_the_day_a_change_moves_away_from_is_no_value(said):
    facts = _facts([("user", "I booked for Tuesday"), ("assistant", "Yes, I see it."), ("user", said)], "en")
    assert ("day", "Wednesday") in facts and not any("Tuesday" in v for _, v in facts), facts


def test_a_range_of_days_the_user_works_stays_one_value():
    facts = _facts([("user", "It would have to be weekends, I work from Monday to Friday")], "en")
    assert not any(v == "Friday" for _, v in facts), facts
