"""A new Chinese user's rough edges (issue 19, user26zh round), from chats written as real customers type them
(tests/data/user26zh/chats.yml, expectations written before running ctxgraph): a second choice said after the
first ("这周四上午吧如果没有周五也行") became the current day."""

import pytest

from ctxgraph import Tracker


def _facts(lang, messages):
    t = Tracker(lang)
    t.observe_many([{"role": r, "content": c} for r, c in messages])
    return [(f.key, f.value, f.status) for f in t.state().facts]


def _current(facts, key):
    return [v for k, v, status in facts if k == key and status == "current"]


@pytest.mark.parametrize("reply, wanted", [
    ("这周四上午吧如果没有周五也行", "这周四上午"),
    ("下周二下午吧，没有的话周三也可以", "下周二下午"),
    ("10点吧 11点也行", "10点"),
])
def test_a_fallback_after_the_first_choice_is_not_current(reply, wanted):
    facts = _facts("zh", [("user", "想约个牙科检查"), ("assistant", "好的，您想约什么时候？"), ("user", reply)])
    assert wanted in [v for k, v, status in facts if status == "current"], facts
    assert not [v for k, v, status in facts if status == "current" and ("周五" in v or "周三" in v or v == "11点")], facts


@pytest.mark.parametrize("reply, day", [
    ("周四不行，周五也行", "周五"),   # the first is ruled out: the fallback is all there is
    ("周五也行", "周五"),
])
def test_a_lone_fallback_is_still_the_value(reply, day):
    facts = _facts("zh", [("user", "想约个牙科检查"), ("assistant", "好的，您想约什么时候？"), ("user", reply)])
    assert day in [v for k, v, status in facts if status == "current"], facts


def test_a_fallback_in_english_stays_out_too():
    facts = _facts("en", [("user", "I need a dental check-up"), ("assistant", "Sure."),
                          ("user", "Thursday morning please, if not Friday is fine too")])
    assert not [v for k, v, status in facts if status == "current" and "Friday" in v], facts


@pytest.mark.parametrize("message, origin, destination", [
    ("订一张北京到上海的机票", "北京", "上海"),
    ("我要改签 原来是12月10号广州到成都的航班", "广州", "成都"),
    ("帮我看看两张南京飞厦门的票", "南京", "厦门"),
])
def test_a_trip_said_as_place_to_place_keeps_where_it_leaves_from(message, origin, destination):
    facts = _facts("zh", [("user", message)])
    assert _current(facts, "origin") == [origin] and _current(facts, "destination") == [destination], facts


def test_a_place_said_as_a_manner_stays_out():
    facts = _facts("zh", [("user", "想约上门喂猫，周六上午")])
    assert not _current(facts, "place") and not _current(facts, "origin"), facts  # a guard: prec9's shape holds


@pytest.mark.parametrize("reply, day", [
    ("想改到12号", "12号"),
    ("下个月3号 老房子6楼没电梯", "下个月3号"),
    ("那就推到20号吧", "20号"),
])
def test_a_bare_day_after_a_verb_that_moves_it_is_a_date(reply, day):
    facts = _facts("zh", [("user", "我想约搬家"), ("assistant", "好的，请问哪天？"), ("user", reply)])
    assert day in [v for k, v, status in facts if status == "current"], facts


@pytest.mark.parametrize("reply", ["请调到3号窗口", "改到3号楼吧", "下个月3号之前修好"])
def test_a_day_number_that_is_no_date_stays_as_before(reply):
    facts = _facts("zh", [("user", "我想办业务"), ("assistant", "好的"), ("user", reply)])
    assert not _current(facts, "date"), facts  # a window, a building; a bound is the deadline's


@pytest.mark.parametrize("message", ["我家猫不吃东西两天了", "孩子这两天吃不下饭"])
def test_not_eating_is_a_symptom_not_a_rule(message):
    t = Tracker("zh")
    t.observe({"role": "user", "content": message})
    assert not [c.text for c in t.state().constraints if c.status == "active"]


@pytest.mark.parametrize("message", ["订个包间，孩子不吃辣", "我老婆吃不了海鲜"])
def test_a_food_not_eaten_stays_a_rule(message):
    t = Tracker("zh")
    t.observe({"role": "user", "content": message})
    assert [c.text for c in t.state().constraints if c.status == "active"]


@pytest.mark.parametrize("request_, answer, key", [
    ("请提供保单号。", "4300112233", "policy_no"),
    ("麻烦提供一下您的会员卡号，我帮您查。", "88662011", "member_no"),
])
def test_a_bare_answer_to_a_request_without_a_question_mark(request_, answer, key):
    facts = _facts("zh", [("user", "车被刮了"), ("assistant", request_), ("user", answer)])
    assert _current(facts, key) == [answer], facts


def test_a_request_closed_by_a_question_mark_is_read_as_before():
    facts = _facts("zh", [("user", "车被刮了"), ("assistant", "请问您的保单号是多少？"), ("user", "4300112233")])
    assert _current(facts, "policy_no") == ["4300112233"], facts


@pytest.mark.parametrize("lang, messages, key, names", [
    ("zh", [("user", "买两张去西安的高铁票"), ("assistant", "二等座可以吗？"), ("user", "可以 乘车人张伟和刘芳")],
     "traveller", ["张伟", "刘芳"]),
    ("en", [("user", "two train tickets to York please"), ("assistant", "Standard class ok?"),
            ("user", "yes, passengers John Smith and Mary Jones")], "traveller", ["John Smith", "Mary Jones"]),
])
def test_people_joined_to_a_cued_person_share_the_role(lang, messages, key, names):
    facts = _facts(lang, messages)
    values = _current(facts, key)
    assert len(values) == 1 and all(n in values[0] for n in names), facts


def test_a_person_with_a_cue_of_their_own_keeps_it():
    facts = _facts("zh", [("user", "乘车人张伟，联系人刘芳")])
    assert not any("刘芳" in v for v in _current(facts, "traveller")), facts


@pytest.mark.parametrize("reply, channel", [
    ("视频会员 绑的微信支付", "微信支付"),
    ("用支付宝付款", "支付宝"),
    ("不用分期 走信用卡", "信用卡"),
])
def test_the_channel_the_user_pays_by(reply, channel):
    facts = _facts("zh", [("user", "我要续费会员"), ("assistant", "好的，请问是哪个会员？"), ("user", reply)])
    assert _current(facts, "payment") == [channel], facts


@pytest.mark.parametrize("reply", ["能用支付宝吗", "我用微信跟你们联系过", "别用信用卡"])
def test_a_channel_asked_about_or_refused_is_no_payment(reply):
    facts = _facts("zh", [("user", "我要续费会员"), ("assistant", "好的"), ("user", reply)])
    assert not _current(facts, "payment"), facts


def _pick(facts):
    return [v for k, v, status in facts if k.startswith("choice") and status == "current"]


@pytest.mark.parametrize("offer, reply, picked", [
    ("有无烟房和普通房，您要哪种？", "无烟的", "无烟房"),
    ("我们有海景房和普通房两种房型，海景房每晚388元。", "海景的吧", "海景房"),
])
def test_a_pick_from_two_things_the_assistant_says_it_has(offer, reply, picked):
    facts = _facts("zh", [("user", "定一间大床房"), ("assistant", offer), ("user", reply)])
    assert _pick(facts) == [picked], facts


def test_a_thing_had_with_no_reply_naming_it_is_no_pick():
    facts = _facts("zh", [("user", "定一间大床房"), ("assistant", "我们有海景房和普通房两种房型。"), ("user", "有停车场吗")])
    assert not _pick(facts), facts


@pytest.mark.parametrize("reply, day", [
    ("下个周六吧", "下个周六"),
    ("下个礼拜六下午", "下个礼拜六下午"),
    ("这个星期三可以", "这个星期三"),
    ("下周六吧", "下周六"),  # a guard: as before
])
def test_a_weekday_of_next_week_said_with_ge_keeps_it(reply, day):
    facts = _facts("zh", [("user", "想约师傅上门"), ("assistant", "好的，哪天方便？"), ("user", reply)])
    assert _current(facts, "date") == [day], facts
