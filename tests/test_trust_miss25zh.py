"""Trust tests of the miss25zh lane (issue 19, blind23 round): Chinese values the user gives that the state missed -
the part of the day the user said with a day the assistant restates bare."""

from ctxgraph import Tracker
from tests.test_graph import bot, call, result, user


def _current(lang, messages, today=None):
    t = Tracker(lang, today=today) if today else Tracker(lang)
    t.observe_many(messages)
    return [(f.key, f.value) for f in t.state().facts if f.status == "current"]


# --- the user's part of the day beside the assistant's bare day ----------------------------------------------


def test_zh_booked_day_keeps_the_users_part_of_it():
    facts = _current("zh", [
        user("周四晚上想约个桌球房 4个人"),
        bot("好的，周四还有空房。"),
        call("c1", "book_room", {"date": "2027-03-04", "start": "19:00", "people": 4}),
        result("c1", {"booking": "TQ-0304-7"}),
        bot("订好了，周四19:00，单号TQ-0304-7。")], today="2027-03-01")
    dates = [v for k, v in facts if k == "date"]
    assert dates and "周四晚上" in dates[0]


def test_zh_booked_day_drops_a_part_the_booking_moved():
    facts = _current("zh", [
        user("周四上午想约个桌球房 4个人"),
        bot("好的，周四还有空房。"),
        call("c1", "book_room", {"date": "2027-03-04", "start": "19:00", "people": 4}),
        result("c1", {"booking": "TQ-0304-7"})], today="2027-03-01")
    dates = [v for k, v in facts if k == "date"]
    assert dates and "上午" not in dates[0]


def test_en_booked_day_unchanged():
    """English DATE mentions hold no part of the day ("thursday" of "thursday evening"): the booked day reads as before."""
    facts = _current("en", [
        user("could we book the snooker room thursday evening? 4 of us"),
        bot("Sure, let me check Thursday."),
        call("c1", "book_room", {"date": "2027-03-04", "start": "19:00", "people": 4}),
        result("c1", {"booking": "TQ-0304-7"})], today="2027-03-01")
    assert [v for k, v in facts if k == "date"] == ["thursday 2027-03-04"]


# --- a place's name with its last word: 村 / 镇 after a name ---------------------------------------------------


def test_zh_village_keeps_its_cun():
    facts = _current("zh", [user("想订二十桌流水席 地点在郫都区唐昌镇战旗村 五月中旬")])
    assert "郫都区唐昌镇战旗村" in [v for _, v in facts]


def test_zh_town_named_like_a_person_keeps_its_zhen():
    facts = _current("zh", [user("鱼苗送到东坡区崇礼镇 新桥村 到了打我电话")])
    # (miss27zh) the village typed after the town joins the address ("东坡区崇礼镇新桥村"): the town keeps its 镇 in it
    assert any(v.startswith("东坡区崇礼镇") for _, v in facts)


def test_zh_place_then_a_person_stays_apart():
    facts = _current("zh", [user("寄到杭州 收件人李明 13900001111")])
    assert [v for k, v in facts if k in ("place", "address")] == ["杭州"]


# --- a tool's bare count in the user's words with its measure word -------------------------------------------


def test_zh_tool_count_takes_the_users_measure_word():
    facts = _current("zh", [
        user("食堂每周要大米 东北米 每周20袋 菜籽油8桶"),
        bot("好的，我给您下单。"),
        call("c1", "place_order", {"东北米": 20, "菜籽油": 8, "day": "周一"}),
        result("c1", {"order": "LY-2201"})])
    values = [v for _, v in facts]
    assert "20袋" in values and "8桶" in values


def test_zh_tool_account_count_takes_the_users_words():
    facts = _current("zh", [
        user("开企业邮箱 公司要15个"),
        call("c1", "open_mailbox", {"账号数": 15, "plan": "商务版"}),
        result("c1", {"order": "MX-1"})])
    assert ("账号数", "15个") in facts


def test_zh_tool_count_said_two_ways_stays_bare():
    facts = _current("zh", [
        user("两个大人两个小孩 想订摘草莓"),
        call("c1", "book", {"adult": 2, "kid": 2}),
        result("c1", {"ok": True})])
    assert not any(v == "两个" for _, v in facts)


def test_zh_tool_money_field_not_counted():
    facts = _current("zh", [
        user("要3袋大米"),
        call("c1", "quote", {"price": 3}),
        result("c1", {"ok": True})])
    assert ("price", "3袋") not in facts


# --- how long a thing was had is no person's age ---------------------------------------------------------------


def test_zh_years_of_driving_keep_the_persons_age():
    facts = _current("zh", [user("驾驶证快到期了，我今年七十一岁了，想问问换证"),
                            bot("70岁以上要做三力测试。您现在是什么准驾车型？"),
                            user("我是C1，开了三十多年手动挡了")])
    assert ("age", "七十一岁") in facts
    assert "三十多年" in [v for _, v in facts]


def test_zh_thing_used_for_years_still_a_fact():
    facts = _current("zh", [user("跑步机买了四年了，最近有异响")])
    assert "四年" in [v for _, v in facts]


# --- a surname said alone, 俺 as the user ---------------------------------------------------------------------


def test_zh_surname_alone_says_it_is_a_surname():
    facts = _current("zh", [user("周四那个 找我 姓何 13983365120")])
    assert ("name", "姓何") in facts


def test_zh_surname_then_full_name_replaces_it():
    facts = _current("zh", [user("我姓郑，电话13508731290"), user("那个 我姓郑 郑凯")])
    assert ("name", "郑凯") in facts and ("name", "姓郑") not in facts


def test_zh_an_is_the_user():
    facts = _current("zh", [user("中。俺姓常 电话13840561234")])
    assert ("name", "姓常") in facts and ("phone", "13840561234") in facts


def test_zh_an_wife_phone_beside_the_users():
    facts = _current("zh", [user("俺叫孙大勇 18640227315"), user("俺媳妇电话是18640227316 打她的别打俺的")])
    assert ("phone", "18640227315") in facts
    assert any(k.startswith("phone_") and v == "18640227316" for k, v in facts)


# --- a deadline with the month or week it is in, and a modal that ends it -------------------------------------


def test_zh_deadline_keeps_next_month():
    facts = _current("zh", [user("条码要加急，超市下个月15号前要。")])
    assert ("deadline", "下个月15号前") in facts
    assert ("date", "15号") not in facts


def test_zh_deadline_keeps_next_week():
    facts = _current("zh", [user("下周三前要到 我们周四开业")])
    assert ("deadline", "下周三前") in facts


def test_zh_away_before_a_day_is_no_deadline():
    facts = _current("zh", [user("下周三之前我都在外地")])
    assert not any(k == "deadline" for k, _ in facts)


# --- another person's age beside the one held ------------------------------------------------------------------


def test_zh_husbands_age_beside_the_users():
    facts = _current("zh", [user("我今年68岁，想报个声乐班"), user("我老伴也想报，他想学用智能手机，他叫吴德明，73岁")])
    assert ("age", "68岁") in facts
    assert "73岁" in [v for _, v in facts]


def test_zh_same_child_age_corrected_replaces_it():
    facts = _current("zh", [user("孩子7岁 想学游泳"), user("哦不对 孩子8岁了")])
    assert [v for k, v in facts if k.startswith("age")] == ["8岁"]
