"""Over-reaches of the blind22 round's new rules (fix26), from short chats of our own near each rule's shape that should
not trigger it: a story of the past ("I paid by card last time", "we used to have it every other week", "my old flat
was on the top floor", 上次是转账, 以前我老伴要午睡, 上次开专票), a negation (我不要王老师, 别找刘主任, 我没带现金), a day
ruled out that is only inside the booked one ("the 4th" in "the 14th") or said fit again later in the message, a
hypothetical fault (如果尺码不对可以换吗), "可不整不行" (must be done, no rule against it)."""

import pytest

from ctxgraph import Tracker


def _state(messages, lang):
    t = Tracker(lang, today="2026-12-04")
    t.observe_many([{"role": r, "content": c} for r, c in messages])
    return t.state()


def _facts(messages, lang):
    return {(f.key, f.value) for f in _state(messages, lang).facts if f.status == "current"}


def _keys(messages, lang):
    return {k for k, _ in _facts(messages, lang)}


# --- the means, often and access steps (English): a story of the past or of a place left gives no value now

@pytest.mark.parametrize("said, key", [
    ("I paid by card last time and it got declined twice", "payment"),
    ("last year they sent everything by post and half of it got lost", "send_by"),
    ("we used to have it emptied every other week but now it's fine", "frequency"),
    ("my old flat was on the top floor with no lift, this one is a bungalow", "access"),
])
def test_a_story_of_the_past_gives_no_means_rhythm_or_access(said, key):
    assert key not in _keys([("user", said)], "en")


@pytest.mark.parametrize("said, key, value", [
    ("can I pay by card like last time?", "payment", "card"),
    ("I'll pay by cheque when I come", "payment", "cheque"),
    ("every other week please", "frequency", "every other week"),
    ("we're on the 2nd floor, 41 Market Street. no lift I'm afraid", "access", "2nd floor, no lift"),
])
def test_the_values_said_now_are_kept(said, key, value):
    assert (key, value) in _facts([("user", said)], "en")


# --- a day ruled out now (lead22): the day whole, and not one said fit again after

def test_a_day_ruled_out_retracts_no_day_that_only_holds_it():
    facts = _facts([("user", "deliver it on the 14th please"), ("assistant", "Booked for the 14th."),
                    ("user", "the 4th is no good now, but the 14th is fine")], "en")
    assert ("date", "the 14th") in facts, facts


@pytest.mark.parametrize("messages, lang, kept", [
    ([("user", "周二上午过来装宽带"), ("assistant", "好的，周二上午。"), ("user", "我老婆说周二不行了，我觉得可以，就周二吧")], "zh", "周二上午"),
    ([("user", "book me in for Tuesday"), ("assistant", "Done, Tuesday at 10."),
      ("user", "my wife says Tuesday doesn't work anymore, but Tuesday is fine for me")], "en", "Tuesday"),
])
def test_a_day_said_fit_again_after_it_is_ruled_out_stands(messages, lang, kept):
    assert any(v == kept for _, v in _facts(messages, lang)), _facts(messages, lang)


def test_a_day_ruled_out_now_is_still_retracted():
    facts = _facts([("user", "周二上午过来装宽带"), ("assistant", "好的，周二上午。"), ("user", "周二不行了 临时要出差")], "zh")
    assert not any("周二" in v for _, v in facts), facts


# --- Chinese values (miss23zh): the person asked for, the way of paying

@pytest.mark.parametrize("said", ["我不要王老师，换一个吧", "别找刘主任，他太忙了", "上次约王医生，等了两个小时"])
def test_a_person_refused_or_of_the_past_is_no_staff_fact(said):
    assert "staff" not in _keys([("user", said)], "zh")


def test_the_person_asked_for_is_still_a_staff_fact():
    assert ("staff", "刘主任") in _facts([("user", "想找刘主任")], "zh")


@pytest.mark.parametrize("said, wrong", [("我没带现金，能扫码吗", "现金"), ("上次是转账，这次想刷卡", "转账")])
def test_a_way_of_paying_not_had_or_of_the_past_is_no_payment(said, wrong):
    assert ("payment", wrong) not in _facts([("user", said)], "zh")


def test_a_way_of_paying_said_now_is_still_the_payment():
    assert ("payment", "转账") in _facts([("user", "那就转账吧")], "zh")


# --- Chinese rules (cons23): a story of the past, 可不整不行

@pytest.mark.parametrize("said", ["上次开专票开了一个月，这次能快点吗", "以前我老伴要午睡，现在不用了", "这事可不整不行啊，得赶紧弄"])
def test_a_story_or_a_must_is_no_rule(said):
    assert not _state([("user", said)], "zh").constraints


@pytest.mark.parametrize("said, polarity", [("你们的费用发票要开专票", "must"), ("下午我老伴要午睡", "must_not"), ("砸砖可不整", "must_not")])
def test_the_rules_said_now_are_kept(said, polarity):
    assert [c.polarity for c in _state([("user", said)], "zh").constraints] == [polarity]


# --- a fault (lead22): not a hypothetical one

@pytest.mark.parametrize("said", ["如果尺码不对可以换吗", "要是还没发货的话能取消吗"])
def test_a_hypothetical_fault_is_no_problem(said):
    assert not any(k.startswith("problem") for k in _keys([("user", said)], "zh"))


@pytest.mark.parametrize("said", ["鞋子尺码不对", "订单还没发货"])
def test_a_fault_said_is_still_the_problem(said):
    assert any(k.startswith("problem") for k in _keys([("user", said)], "zh"))


# --- promises (cons23): a link handed over with words before its name; a note beside another deed

def _promises(messages, lang):
    return [(c.text, c.status) for c in _state(messages, lang).commitments]


def test_a_link_handed_over_after_a_lead_in_keeps_the_promise_naming_it():
    said = _promises([("user", "我想报名"), ("assistant", "好的，我发个付款链接给您"),
                      ("assistant", "这是付款链接：https://pay.example/7")], "zh")
    assert said == [("我发个付款链接给您", "done")], said


def test_a_link_of_another_name_still_keeps_no_promise():
    said = _promises([("user", "我想报名"), ("assistant", "好的，我发个报名链接给您"),
                      ("assistant", "这是地图链接：https://map.example/p/7")], "zh")
    assert [s for _, s in said] == ["open"], said


def test_a_deed_reported_beside_a_note_keeps_its_promise():
    said = _promises([("user", "table for 2 at 7"), ("assistant", "I'll send you the confirmation email."),
                      ("assistant", "I've sent the confirmation email and added a note about the high chair.")], "en")
    assert said == [("I'll send you the confirmation email", "done")], said


def test_a_note_alone_still_keeps_no_other_promise():
    said = _promises([("user", "I need a cleaner"), ("assistant", "I'll text you the checklist."),
                      ("assistant", "I've put a note on the job that you have a dog.")], "en")
    assert said == [("I'll text you the checklist", "open")], said


# --- a lone when-question (lead22): not one about a person's own day

def test_a_when_question_about_a_birthday_binds_no_date():
    assert "date" not in _keys([("user", "想办个会员卡"), ("assistant", "您什么时候生日？"), ("user", "明天")], "zh")


def test_a_when_question_about_the_visit_still_binds_the_date():
    assert ("date", "明天下午") in _facts([("user", "你好 我家空调坏了"), ("assistant", "请问什么时间方便？"), ("user", "明天下午吧")], "zh")


# --- a bare request with a question mark (lead22): not thanks or an apology

@pytest.mark.parametrize("said", ["thank you for 2 years of great service?", "thanks for 3 lovely nights?"])
def test_thanks_with_a_question_mark_proposes_nothing(said):
    assert not _keys([("user", said)], "en") - {"want"}


def test_a_bare_request_with_a_question_mark_still_proposes_its_values():
    assert ("nights", "2 nights") in _facts([("user", "room for 2 nights?")], "en")


# --- a code changed (prec23): not another person's

@pytest.mark.parametrize("messages, lang, kept", [
    ([("user", "航班是MU587，我老婆是MU123"), ("assistant", "好的"), ("user", "改一下，她改成MU125了")], "zh", "MU587"),
    ([("user", "my flight is BA287, my husband's is BA101"), ("assistant", "Noted."), ("user", "actually his is BA105 now")], "en", "BA287"),
])
def test_another_persons_code_changed_leaves_the_users(messages, lang, kept):
    facts = _facts(messages, lang)
    assert any(v == kept for _, v in facts), facts


def test_the_users_code_changed_still_replaces_it():
    facts = _facts([("user", "帮我约个接机，航班是MU587"), ("user", "航班改了，改成MU589")], "zh")
    assert any(v == "MU589" for _, v in facts) and not any(v == "MU587" for _, v in facts), facts


# --- an order after "so" (cons23): not an aside asking for patience

@pytest.mark.parametrize("said", ["it's my first time so don't judge lol, how does it work?",
                                  "I know it sounds silly so don't laugh but can you do a unicorn cake"])
def test_an_aside_after_so_is_no_rule(said):
    assert not _state([("user", said)], "en").constraints


def test_an_order_after_so_is_still_a_rule():
    said = "btw we're doing a gender reveal party so DONT tell us in the room"
    assert [c.polarity for c in _state([("user", said)], "en").constraints] == ["must_not"]


# --- a Chinese phone with its country code (miss23zh): typed right after a Chinese word

@pytest.mark.parametrize("said", ["我在澳洲，电话+61 412 508 963", "我在澳洲，电话 +61 412 508 963"])
def test_a_phone_abroad_after_a_chinese_word_is_the_phone(said):
    assert any(v == "+61 412 508 963" for _, v in _facts([("user", said)], "zh"))


# --- a Chinese take-back (prec23): 不 glued to 还是 asks back, it takes nothing back

@pytest.mark.parametrize("said, kept", [("我12月5号买的，不还是坏了", "12月5号"), ("订周五的，不还是得等到下周", "周五")])
def test_a_rhetorical_bu_haishi_takes_no_value_back(said, kept):
    assert any(v == kept for _, v in _facts([("user", said)], "zh")), _facts([("user", said)], "zh")


def test_bu_then_a_pause_then_haishi_still_takes_the_value_back():
    facts = _facts([("user", "订周五的，不 还是周六吧")], "zh")
    assert ("date", "周六") in facts and ("date", "周五") not in facts, facts
