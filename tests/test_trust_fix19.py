"""The blind16 round's code as a new user meets it (issue 19, fix19 round): sentences of our own in the shape of each
rule that round added (other domains), and controls that must not trigger it. One test per rough edge, with controls."""

from __future__ import annotations

import pytest

from tests.test_graph import bot
from tests.test_trust_fix16 import current
from tests.test_trust_fix18 import promises, rules


# ---------------------------------------------------------------- 1. prom16: our staff meet the user's party at a place

@pytest.mark.parametrize("said", [
    "上次我们老师在校门口接她，结果晚了半小时",
    "平时我们老师在校门口接孩子",
    "以前我们司机在小区门口接您，现在改了",
])
def test_fix19_staff_meeting_the_party_in_the_past_or_as_a_habit_is_no_promise(said):
    assert promises(bot(said), lang="zh") == []


@pytest.mark.parametrize("said", [
    "好的，周六上午九点我们教练在体育馆门口接他",
    "明天下午四点我们司机在小区东门接您",
])
def test_fix19_staff_meeting_the_party_ahead_is_still_a_promise(said):
    assert promises(bot(said), lang="zh") == ["open"]


# ---------------------------------------------------------------- 2. prom16: a repairer comes at a time, with no 会

@pytest.mark.parametrize("said", [
    "昨天下午电工去修了，还是不亮",
    "前天晚上师傅来修过一次，没修好",
])
def test_fix19_a_repairer_who_came_already_is_no_promise(said):
    assert promises(bot(said), lang="zh") == []


@pytest.mark.parametrize("said", ["明天上午水电工去修", "今天下班前电工去修"])
def test_fix19_a_repairer_coming_ahead_is_still_a_promise(said):
    assert promises(bot(said), lang="zh") == ["open"]


# ---------------------------------------------------------------- 3. cons16: someone's insistence

@pytest.mark.parametrize("said", [
    "he insisted on coming with me last time",
    "my mum insists on paying for dinner",
    "my son insists on doing it himself",
])
def test_fix19_an_insistence_on_ones_own_deed_or_in_the_past_is_no_rule(said):
    assert rules(said, lang="en") == []


@pytest.mark.parametrize("said", [
    "my landlord insists on a professional clean",
    "the school insists that all kids wear helmets",
    "the buyer's bank insists on a full survey",
])
def test_fix19_an_insistence_on_a_thing_is_still_a_rule(said):
    assert [p for p, _ in rules(said, lang="en")] == ["must"]


# ---------------------------------------------------------------- 4. prec16: the day someone's engagement takes

@pytest.mark.parametrize(("said", "day"), [
    ("she has the dentist tuesday, so that's the day to bring the car in", "tuesday"),
    ("my son has football on saturday, can you come then while he's out?", "saturday"),
])
def test_fix19_an_engagement_day_that_is_the_only_day_said_stays(said, day):
    assert current(said, lang="en").get("day") == day


@pytest.mark.parametrize(("said", "day", "engaged"), [
    ("my wife has yoga on thursday, so tuesday please", "tuesday", "thursday"),
    ("Wednesday the 9th would suit. Grandad has his physio on the Monday.", "wednesday", "monday"),
])
def test_fix19_an_engagement_day_beside_another_day_is_still_ruled_out(said, day, engaged):
    days = [v.lower() for k, v in current(said, lang="en").items() if k in ("day", "date")]
    assert any(day in v for v in days) and not any(engaged in v for v in days), days


# ---------------------------------------------------------------- 5. miss16: the user's bank, not a bank asked about

@pytest.mark.parametrize("said", ["工行的利率是多少", "建行的网点在哪", "农行的手续费高吗？"])
def test_fix19_a_bank_asked_about_is_not_the_users_bank(said):
    assert "own_bank" not in current(said, lang="zh")


@pytest.mark.parametrize(("said", "bank"), [("卡用建行的 能分期吗", "建行"), ("换成农行 6228 4800 1234 5678", "农行"),
                                            ("扣款用招商银行的卡", "招商银行")])
def test_fix19_the_users_own_bank_stays(said, bank):
    assert current(said, lang="zh").get("own_bank") == bank


# ---------------------------------------------------------------- 6. prom16: the party met as promised (接到…了)

_PICK_UP = "明天下午四点我们老师在校门口接她。"


@pytest.mark.parametrize("said", ["接到通知了，明天停课。", "接到您的电话了，情况我记下了。", "接到投诉了，我们会处理。"])
def test_fix19_a_notice_or_call_received_closes_no_pick_up(said):
    assert promises(bot(_PICK_UP), bot(said), lang="zh")[0] == "open"


@pytest.mark.parametrize("said", ["老师已经接到孩子了。", "四点在校门口接到小雨了，正在回来。"])
def test_fix19_the_party_met_still_closes_the_pick_up(said):
    assert promises(bot(_PICK_UP), bot(said), lang="zh")[0] == "done"


# ---------------------------------------------------------------- 7. prec16: a comparison is no attribute

@pytest.mark.parametrize("said", ["Kingston is nearer for me", "the loft is warmer than the garage", "the oak is darker for us"])
def test_fix19_a_comparative_with_for_me_or_than_is_no_attribute(said):
    assert current(said, lang="en") == {}


@pytest.mark.parametrize(("said", "value"), [("the sofa is leather", "leather"), ("the floor is rubber for safety", "rubber")])
def test_fix19_a_material_in_er_is_still_an_attribute(said, value):
    assert value in current(said, lang="en").values()


# ---------------------------------------------------------------- 8. prom16: "I'll change it" said of the assistant's own words

@pytest.mark.parametrize("said", ["我改一下说法，是三天不是两天。", "我调整一下措辞：是工作日不是自然日。", pytest.param(
    "我更新一下，刚才说错了，价格是298。", marks=pytest.mark.xfail(strict=True, reason="the cue reads one clause; 说错 is the next"))])
def test_fix19_correcting_ones_own_words_is_no_promise(said):
    assert promises(bot(said), lang="zh") == []


@pytest.mark.parametrize("said", ["我改一下订单备注。", "我这边更新一下地址，刚才写错了。"])
def test_fix19_changing_the_users_record_is_still_a_promise(said):
    assert promises(bot(said), lang="zh") == ["open"]


# ---------------------------------------------------------------- 9. an exclusion "keep/leave the X out" (older) across a clause

@pytest.mark.parametrize("said", ["we keep the cat upstairs when we go out", "I leave the car on the drive if we go out"])
def test_fix19_going_out_after_when_or_if_is_no_exclusion(said):
    assert rules(said, lang="en") == []


@pytest.mark.parametrize("said", ["keep the loft out of the quote", "leave the garage out of it"])
def test_fix19_leaving_a_part_out_is_still_an_exclusion(said):
    assert [p for p, _ in rules(said, lang="en")] == ["must_not"]


# ---------------------------------------------------------------- 10. the learned promise reader (older): the user asked to send

@pytest.mark.parametrize("said", ["到时候您发给我就行。", "到时候您把合同发给我就行。", "回头您把照片发给我看看。"])
def test_fix19_the_user_asked_to_send_something_is_no_promise(said):
    assert promises(bot(said), lang="zh") == []


@pytest.mark.parametrize("said", ["到时候您把资料发给我，我帮您加急审核。", "到时候我把合同发给您。"])
def test_fix19_the_assistants_deed_beside_it_is_still_a_promise(said):
    assert promises(bot(said), lang="zh") == ["open"]


@pytest.mark.parametrize("said", ["我给您发过去，到时候查收一下。", "明天帮您预约上午的号。"])
def test_fix19_the_assistants_deed_for_the_user_is_still_a_promise(said):
    assert "open" in promises(bot(said), lang="zh")


# ---------------------------------------------------------------- 11. miss16: a job title said of the speaker, then where

@pytest.mark.parametrize(("said", "title"), [
    ("I'm the office manager here", "office manager"),
    ("I'm the practice manager at Elm Surgery, calling about the boiler", "practice manager"),
    ("I'm the site manager for the Oakfield job", "site manager"),
])
def test_fix19_a_title_followed_by_where_the_speaker_holds_it_is_a_role(said, title):
    assert current(said, lang="en").get("role") == title


@pytest.mark.parametrize("said", ["the site manager at the depot was rude", "is the office manager here today?"])
def test_fix19_a_title_of_someone_else_or_asked_about_is_still_no_role(said):
    assert "role" not in current(said, lang="en")
