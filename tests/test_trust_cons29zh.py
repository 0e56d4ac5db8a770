"""(cons29zh) Chinese constraints in the right status, on chats of our own: a rule said with a dialect's negator (Wu 勿要
= 不要: "照片勿要发到网上"; the 莫 of the south-west after the thing it rules: "店名莫写 门牌也莫写", "味精也莫放") is a rule,
and the lift that later names it takes it back; 勿要紧 (no matter), a question, a surname (老莫) or a place (莫干山) is none.
A bare report of a change a tool just made ("改好了，后天上午10点上门") keeps no open promise that is no change ("拍好的照片发给您");
a message labelled with a deed ("[提醒] 明天上午10点洗牙", "[Reminder] …") is that deed sent, and keeps the promise naming it;
the other part of the week allowed ("平日也可以了", Henan "平时也中") lifts the one rule held to weekends, and the reverse;
a seeing said with a condition after it ("师傅看了要是不合适…") is no receipt that keeps a promise; the A-not-A question
可不可以 ("我老婆可不可以帮我去取？") holds 不可以 but forbids nothing.

The shapes are Chinese only: English has one negator ("don't", "no") that the rules already read wherever it stands."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from tests.test_graph import bot, call, result, user


def _rules(said: list[dict]) -> list[tuple[str, str]]:
    t = Tracker("zh")
    t.observe_many(said)
    return [(c.text, c.status) for c in t.state().constraints]


def _status(rules, word: str) -> set[str]:
    return {st for text, st in rules if word in text}


# --- Wu 勿要 = 不要 ------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("said, word", [
    ("好个，宝宝照片勿要发到网上去", "网上"),
    ("电话打我好了，勿要打阿拉爷叔，伊耳朵勿好", "阿拉爷叔"),
    ("二手个阿拉勿要的，换新个", "二手"),
])
def test_a_wu_negator_states_a_rule(said, word):
    assert _status(_rules([user(said)]), word) == {"active"}


def test_a_wu_rule_is_lifted_by_the_lift_naming_it():
    rules = _rules([user("二手个阿拉勿要的，换新个"), bot("好的，给您换新。"), user("等一歇，二手个也可以，便宜点")])
    assert _status(rules, "二手") == {"lifted"}


@pytest.mark.parametrize("said", ["勿要紧个，慢慢来", "快递勿要签字伐？"])
def test_no_matter_or_a_question_with_the_wu_negator_is_no_rule(said):
    assert _rules([user(said)]) == []


# --- 莫 after the thing it rules --------------------------------------------------------------------------------------

@pytest.mark.parametrize("said, words", [
    ("对 车牌莫拍 门头也莫拍 怕老板看到", ["车牌莫拍", "门头也莫拍"]),
    ("香肠要麻辣的 花椒也莫放太多 鸡精就莫加", ["鸡精就莫加"]),
])
def test_a_topic_then_mo_states_a_rule(said, words):
    rules = _rules([user(said)])
    for word in words:
        assert _status(rules, word) == {"active"}, rules


@pytest.mark.parametrize("said", ["国庆想去莫干山住两晚 有民宿吗", "找老莫就行 他晓得", "主机要包装 莫摔了"])
def test_a_place_a_surname_or_a_warning_with_mo_is_no_rule(said):
    assert _rules([user(said)]) == []


# --- a change reported after the tool made it keeps no other promise ----------------------------------------------------

def _promises(said: list[dict], lang: str = "zh") -> list[tuple[str, str]]:
    t = Tracker(lang)
    t.observe_many(said)
    return [(c.text, c.status) for c in t.state().commitments]


@pytest.mark.parametrize("report", ["改好了，后天上午10点小王上门，单号不变。", "已改到9月20号上午10点，小王上门。"])
def test_a_change_report_after_its_tool_keeps_no_other_promise(report):
    said = [call("c1", "create_pickup", {"date": "2027-09-19"}), result("c1", {"order": "PJ-1"}),
            bot("订好了，单号PJ-1，明天下午3点小王上门取件。取件时会拍照记录，拍好的照片发给您。"),
            user("明天下午要上班 改后天上午十点行吗"),
            call("c2", "reschedule_pickup", {"order": "PJ-1", "date": "2027-09-20"}), result("c2", {"order": "PJ-1"}),
            bot(report)]
    assert [st for text, st in _promises(said) if "照片" in text] == ["open"]


def test_a_change_report_keeps_the_promise_to_make_that_change():
    said = [bot("我帮您把时间改到后天上午。"), call("c1", "reschedule", {"date": "2027-09-20"}), result("c1", {"ok": True}),
            bot("改好了。")]
    assert [st for text, st in _promises(said) if "改到后天" in text] == ["done"]


def test_a_change_report_after_its_tool_keeps_no_other_promise_en():
    said = [call("c1", "create_pickup", {"date": "2027-09-19"}), result("c1", {"order": "PJ-1"}),
            bot("Booked, order PJ-1, Sam picks it up tomorrow at 3. I'll email you the photos of the bag once he has it."),
            user("can't do tomorrow, can he come on Monday at 10 instead?"),
            call("c2", "reschedule_pickup", {"order": "PJ-1", "date": "2027-09-20"}), result("c2", {"order": "PJ-1"}),
            bot("Rescheduled.")]
    assert [st for text, st in _promises(said, "en") if "photos" in text] == ["open"]


# --- a message labelled with the deed is the deed ---------------------------------------------------------------------

@pytest.mark.parametrize("lang, said, reminder", [
    ("zh", [bot("已预约周六上午10点洗牙，我会在前一天提醒您。"), user("好的"),
            bot("[提醒] 张女士您好，明天上午10点洗牙，记得带医保卡。")], "提醒"),
    ("en", [bot("Booked for Saturday at 10. I'll send you a reminder the day before."), user("great"),
            bot("[Reminder] Hi Ann, your cleaning is tomorrow at 10, bring your card.")], "reminder"),
])
def test_a_message_labelled_with_the_deed_keeps_its_promise(lang, said, reminder):
    assert [st for text, st in _promises(said, lang) if reminder in text] == ["done"]


def test_a_label_no_promise_names_keeps_none():
    said = [bot("已预约周六上午10点，我会在前一天提醒您。"), bot("[系统] 订单已同步到门店。")]
    assert [st for text, st in _promises(said)] == ["open"]


# --- the other part of the week allowed lifts the rule held to one part -----------------------------------------------

@pytest.mark.parametrize("rule, lift, word", [
    ("只能周末，平时她上学。想约个专家", "平日也可以了，她放暑假了", "周末"),
    ("只能周末，平时她上学。想约个专家", "哎对了，她放暑假了，平时也中。那就王主任", "周末"),
    ("工作日最好，周末要带娃", "周末也可以了，娃去外婆家", "工作日"),
])
def test_the_other_part_of_the_week_lifts_the_rule_held_to_one(rule, lift, word):
    rules = _rules([user(rule), bot("好的，有周六上午和周三下午。"), user(lift)])
    assert _status(rules, word) == {"lifted"}, rules


def test_a_week_part_allowed_leaves_a_rule_against_the_other_part():
    rules = _rules([user("周末不行，要加班"), bot("好的，有周三下午。"), user("平时也行，晚上都可以")])
    assert _status(rules, "周末不行") == {"active"}, rules


# --- a seeing with a condition after it keeps no promise --------------------------------------------------------------

@pytest.mark.parametrize("said", ["那个鱼缸我已经买了，师傅看了要是不合适我也不换", "图纸你们看了如果有问题再说"])
def test_a_seeing_on_a_condition_keeps_no_promise(said):
    promises = _promises([bot("好的，周六上午十点师傅上门，出发前先给您打电话。"), user(said)])
    assert [st for text, st in promises if "打电话" in text] == ["open"]


# --- 可不可以 asks, it forbids nothing -----------------------------------------------------------------------------------

@pytest.mark.parametrize("said", ["我老婆可不可以帮我去取？", "你们可不可以帮我把旧的拉走？"])
def test_an_a_not_a_question_is_no_rule(said):
    assert _rules([user(said)]) == []


@pytest.mark.parametrize("said, word", [("周六不可以 要上班", "周六"), ("可不可以别放香菜", "香菜")])
def test_a_rule_said_with_or_beside_it_stands(said, word):
    assert _status(_rules([user(said)]), word) == {"active"}
