"""A new user's rough edges the lead mended in the blind23 round, from short chats of the lead's own (expectations
written before the first run): a bare hour that picks one of the offered clocks ("We have Wednesday 9am or 11am." -
"11 please"; it picked nothing); an interjection before a pick by name ("oh the luton"; it picked nothing); a want said after an order number or with 把 ("订单H20261204帮我取消一下",
"麻烦把订单…取消了"; no want was kept); the words to write on a cake are no person ("写生日快乐妈妈" kept
person_妈妈); "什么时候上门方便？" asks when, not for a slot named "时候上门"."""

import pytest

from ctxgraph import Tracker


def _facts(messages, lang):
    t = Tracker(lang, today="2026-12-04")
    t.observe_many([{"role": r, "content": c} for r, c in messages])
    return {(f.key, f.value) for f in t.state().facts if f.status == "current"}


@pytest.mark.parametrize("offer, reply, picked", [
    ("Sure. We have Wednesday 9am or 11am.", "11 please", "11am"),
    ("Sure. We have Wednesday 9am or 11am.", "the 11 one", "11am"),
    ("We have Saturday 9:30 or 11:00, or Monday 4pm.", "the saturday one at 11", "11:00"),
    ("We have Saturday 9:30 or 11:00, or Monday 4pm.", "4 please", "4pm"),
])
def test_a_bare_hour_picks_the_offered_clock(offer, reply, picked):
    facts = _facts([("user", "can I book a slot"), ("assistant", offer), ("user", reply)], "en")
    assert any(picked in v for _, v in facts), facts


@pytest.mark.parametrize("reply", ["I have a call at 2", "2 people", "ok"])
def test_an_hour_in_a_remark_or_a_count_picks_no_clock(reply):
    facts = _facts([("user", "can I book a slot"), ("assistant", "We have Monday 2pm or 4:30pm."), ("user", reply)], "en")
    assert not any("2pm" in v or "4:30" in v for _, v in facts), facts


def test_a_bare_hour_that_is_an_offered_day_of_the_month_picks_no_clock():
    facts = _facts([("user", "can I book a slot"), ("assistant", "We have the 11th at 9am or the 12th at 11am."),
                    ("user", "11 please")], "en")
    assert not any("12th" in v for _, v in facts), facts


@pytest.mark.parametrize("reply", ["oh the luton", "ah the luton please", "well the luton"])
def test_an_interjection_before_a_pick_by_name(reply):
    facts = _facts([("user", "need a van"), ("assistant", "We have a Transit at £70 or a Luton with tail lift at £95. Which one?"),
                    ("user", reply)], "en")
    picks = [v for k, v in facts if k.startswith("choice")]
    assert picks and "Luton" in picks[0] and not picks[0].lower().startswith(("oh", "ah", "well")), facts


@pytest.mark.parametrize("said, want", [
    ("订单H20261204帮我取消一下", "帮我取消一下"),
    ("H20261204帮我取消一下", "帮我取消一下"),
    ("麻烦把订单H20261204取消了", "取消"),
])
def test_a_want_said_after_an_order_number_or_with_ba(said, want):
    facts = _facts([("user", said)], "zh")
    assert ("order_id", "H20261204") in facts
    assert any(k == "want" and want in v for k, v in facts), facts


@pytest.mark.parametrize("said", ["订单H20261204已经取消了", "订单H20261204帮我查过了"])
def test_a_deed_done_is_no_want(said):
    assert not any(k == "want" for k, _ in _facts([("user", said)], "zh"))


@pytest.mark.parametrize("reply", ["写生日快乐妈妈", "蛋糕上写 妈妈生日快乐", "刻上爸爸平安"])
def test_the_words_to_write_are_no_person(reply):
    facts = _facts([("user", "订个8寸巧克力蛋糕"), ("assistant", "好的，需要写字吗？"), ("user", reply)], "zh")
    assert not any(k.startswith("person_") for k, _ in facts), facts


def test_a_relation_outside_an_inscription_is_still_a_person():
    facts = _facts([("user", "订个蛋糕"), ("assistant", "好的"), ("user", "写生日快乐 是给我老公的")], "zh")
    assert ("person_老公", "我老公") in facts, facts


def test_a_when_question_with_a_verb_is_no_slot_of_its_own():
    facts = _facts([("user", "家里宽带断了 长江路12号502"), ("assistant", "帮您报修了，师傅明天什么时候上门方便？"),
                    ("user", "下午 来之前打个电话 13900001111")], "zh")
    assert not any("时候" in k for k, _ in facts), facts
    assert ("时间", "下午") in facts and ("phone", "13900001111") in facts, facts


@pytest.mark.parametrize("said, day", [("约一下周日练科目二", "周日"), ("帮我看一下周三有没有号", "周三")])
def test_yi_xia_before_a_weekday_is_no_next_week(said, day):
    facts = _facts([("user", said)], "zh")
    assert not any("下周" in v for _, v in facts), facts


def test_next_week_is_still_read():
    assert any(v == "下周日" for _, v in _facts([("user", "约下周日练科目二")], "zh"))


def test_two_named_both_free_are_options():
    facts = _facts([("user", "约一下周日练科目二"), ("assistant", "周日刘教练和陈教练都有空，您约哪位？"), ("user", "刘教练")], "zh")
    assert any(k.startswith("choice") and "刘教练" in v for k, v in facts), facts
    assert not any(v == "空" for _, v in facts), facts


@pytest.mark.parametrize("said, count", [("两份宫保鸡丁 送到幸福小区3栋", "两份宫保鸡丁"), ("点两份宫保鸡丁，一份米饭", "两份宫保鸡丁")])
def test_a_dish_the_ner_reads_as_a_name_is_still_counted(said, count):
    assert ("count_宫保鸡丁", count) in _facts([("user", said)], "zh")


def test_a_count_changed_later_supersedes_the_dish_count():
    facts = _facts([("user", "两份宫保鸡丁 送到幸福小区3栋"), ("assistant", "好的，两份宫保鸡丁，还需要别的吗？"),
                    ("user", "改成三份吧")], "zh")
    assert ("count_宫保鸡丁", "三份宫保鸡丁") in facts and ("count_宫保鸡丁", "两份宫保鸡丁") not in facts, facts


@pytest.mark.parametrize("said, first, second", [
    ("need a van from saturday 9am till sunday 6pm", ("checkin", "saturday 9am"), ("checkout", "sunday 6pm")),
    ("need a car from 3 May 10am to 5 May 4pm", ("checkin", "3 May 10am"), ("date", "5 May 4pm")),
])
def test_two_clocks_each_said_with_a_day_of_its_own_role_stay_with_their_days(said, first, second):
    facts = _facts([("user", said)], "en")
    assert first in facts and second in facts and not any(k == "time" for k, _ in facts), facts


@pytest.mark.parametrize("said", ["book me in for saturday 9am", "table for 6 on Friday at 7:30"])
def test_one_day_and_one_clock_stay_a_day_and_a_time(said):
    facts = _facts([("user", said)], "en")
    assert any(k == "time" for k, _ in facts) and any(k == "day" for k, _ in facts), facts


@pytest.mark.parametrize("said, lang, order", [
    ("the jacket from order 5521-AX is too small", "en", "5521-AX"),
    ("order T88219 never came", "en", "T88219"),
    ("明天上海到南京的高铁票要退 订单T88219 临时有事去不了了", "zh", "T88219"),
    ("订单号T88219退一下", "zh", "T88219"),
])
def test_a_short_order_id_with_letters_after_order(said, lang, order):
    assert ("order_id", order) in _facts([("user", said)], lang)


def test_a_count_after_order_is_no_id():
    assert not any(k == "order_id" for k, _ in _facts([("user", "order 200 AX cables")], "en"))


def test_two_weekdays_said_together_are_one_choice():
    facts = _facts([("user", "想报私教课"), ("assistant", "好的，您一般什么时间方便？"), ("user", "周一周三晚上 最好女教练")], "zh")
    assert ("date", "周一周三晚上") in facts, facts


def test_a_fallback_day_stays_apart():
    assert ("date", "周四") in _facts([("user", "周四吧，周五也行")], "zh")


@pytest.mark.parametrize("said, lang", [
    ("my internet's been really slow all week, I'm on the 100Mb plan", "en"),
    ("the wifi is down again", "en"),
    ("我家猫吐了两天了", "zh"),
    ("孩子发烧了 能约今天的号吗", "zh"),
])
def test_a_service_slow_or_down_and_a_symptom_are_problems(said, lang):
    assert any(k == "problem" for k, _ in _facts([("user", said)], lang))


@pytest.mark.parametrize("said, lang", [("is the internet down in my area?", "en"), ("如果猫吐了怎么办", "zh"), ("狗狗发烧了吗？", "zh")])
def test_a_symptom_or_an_outage_asked_about_is_no_problem(said, lang):
    assert not any(k == "problem" for k, _ in _facts([("user", said)], lang))
