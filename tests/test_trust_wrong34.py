"""(wrong34) A booking's day that a later report replaces is no longer current.

- **a booking moved**: a tool result answering a call that moves a booking ("move_booking", "reschedule") repeats
  the booking's reference and names the new day; the day the booking was first made for (kept under ``slot`` or
  ``date``) goes, though no new reference was made;
- **a week asked for, another booked**: "week of 15 March if you can" is kept under ``week``; when the booking's
  report names another day (under ``delivery``, ``collection``, ``date`` ...), the asked week goes.

Days the report names stay, and so do the days of the opening message and of other bookings (the rebooked step's
rules)."""

from __future__ import annotations

from ctxgraph import Tracker
from tests.test_graph import bot, call, result, user


def _current(t: Tracker) -> list[tuple[str, str]]:
    return [(f.key, f.value) for f in t.state().facts if f.status == "current"]


def _moved(lang: str, said: list[dict], first: dict, move_said: str, moved: dict) -> list[tuple[str, str]]:
    t = Tracker(lang, today="2027-05-03")
    t.observe_many(said + [call("c1", "book_visit", first), result("c1", {"booking": "VX-3318", **first}),
                           bot("Booked." if lang == "en" else "约好了。"), user(move_said),
                           call("c2", "move_booking", {"booking": "VX-3318", "to": moved["date"]}),
                           result("c2", {"booking": "VX-3318", **moved})])
    return _current(t)


def test_en_a_moved_booking_leaves_the_first_day_behind():
    facts = _moved("en", [user("hi, my boiler keeps cutting out, can someone come?"),
                          bot("An engineer can come Tuesday 11 May at 9am or Wednesday 12 May at 2pm."),
                          user("tuesday 9 please, I'm Ann Lee")],
                   {"slot": "2027-05-11 09:00"}, "sorry my sister needs the car that day. wednesday works",
                   {"date": "2027-05-12", "time": "14:00"})
    values = " ".join(v for _, v in facts)
    assert "11 May" not in values and "12 May" in values


def test_zh_a_moved_booking_leaves_the_first_day_behind():
    facts = _moved("zh", [user("空调不制冷了 想约个师傅上门"), bot("5月11日上午9点或5月12日下午2点都可以。"),
                          user("11号上午吧 我姓林")],
                   {"slot": "2027-05-11 09:00"}, "不好意思 我那天要加班 12号下午行",
                   {"date": "2027-05-12", "time": "14:00"})
    values = " ".join(v for _, v in facts)
    assert "5月11日" not in values and "11号" not in values and ("12号" in values or "5月12日" in values)


def test_a_lookup_with_the_same_reference_moves_nothing():
    t = Tracker("en", today="2027-05-03")
    t.observe_many([user("hi, my boiler keeps cutting out, can someone come?"),
                    bot("An engineer can come Tuesday 11 May at 9am or Wednesday 12 May at 2pm."),
                    user("tuesday 9 please, I'm Ann Lee"),
                    call("c1", "book_visit", {"slot": "2027-05-11 09:00"}),
                    result("c1", {"booking": "VX-3318", "slot": "2027-05-11 09:00"}), bot("Booked."),
                    user("can you check the booking? my neighbour wants one on the 20th too"),
                    call("c2", "get_booking", {"booking": "VX-3318"}),
                    result("c2", {"booking": "VX-3318", "date": "2027-05-20"})])
    assert any("11 May" in v for _, v in _current(t))


def test_en_the_week_asked_for_goes_when_another_is_booked():
    t = Tracker("en", today="2027-03-01")
    t.observe_many([user("hi, we'd like to hire the bouncy castle for the school fete"),
                    bot("Lovely. Which week would you like it?"),
                    user("week of 15 March if you can. it's for Oakfield Primary"),
                    call("c1", "availability", {"week": "2027-03-15"}),
                    result("c1", {"week_2027-03-15": "none left", "week_2027-03-22": "1 left"}),
                    bot("The week of 15 March is fully booked; the week of 22 March has one left."),
                    user("the 22nd then. Delivery to the school please, I'm Tom Reid"),
                    call("c2", "book", {"delivery": "2027-03-22", "collection": "2027-03-26"}),
                    result("c2", {"booking": "BC-2210", "delivery": "2027-03-22", "collection": "2027-03-26"})])
    facts = _current(t)
    assert not any(k == "week" for k, _ in facts) and any("22" in v for _, v in facts)


def _values(lang: str, said: list[dict]) -> list[str]:
    t = Tracker(lang, today="2027-05-03")
    t.observe_many(said)
    return [v for _, v in _current(t)]


def test_zh_a_value_no_longer_needed_is_not_current():
    values = _values("zh", [user("想办个营业执照变更"), bot("普通5个工作日，加急2个工作日，加急多收200元。要哪种？"),
                            user("加急"), bot("好的，给您登记加急。"),
                            user("刚问了老板 月底才用 那不用加急了 普通就行")])
    assert "加急" not in values


def test_zh_cantonese_no_need_takes_the_value_back():
    values = _values("zh", [user("想捐两千蚊俾学校图书馆"), bot("捐赠人名称要点写？可以公开名，亦可以匿名。"), user("匿名得啦"),
                            call("c1", "register_donation", {"amount": 2000, "public_name": "匿名"}),
                            result("c1", {"ref": "DN-5512"}), bot("登记好，DN-5512。"), user("啊 老公话唔使匿名 写我哋屋企个名")])
    assert "匿名" not in values


def test_en_a_value_no_longer_needed_is_not_current():
    values = _values("en", [user("I need my passport photos printed"),
                            bot("Standard is ready tomorrow, express is ready in an hour. Which would you like?"),
                            user("the express one please"), bot("Express it is. Name?"), user("Joe Bloggs"), bot("Thanks Joe."),
                            user("oh the embassy moved my slot to next week, so no need for the express one anymore")])
    assert not any("express" in v.casefold() for v in values) and "Joe Bloggs" in values


def test_a_question_or_another_thing_takes_nothing_back():
    asked = _values("zh", [user("想办个营业执照变更"), bot("普通还是加急？"), user("加急"), bot("好的。"), user("用不用加急处理？")])
    other = _values("zh", [user("想办个营业执照变更"), bot("普通还是加急？"), user("加急"), bot("好的。"),
                           user("不用加急处理费发票")])
    assert "加急" in asked and "加急" in other


def test_zh_a_measure_denied_in_the_same_breath_gives_way_to_the_next():
    values = _values("zh", [user("想把家里的旧书卖给你们 大概八十斤"), bot("可以，上门称重。"),
                            user("刚称了一下 没八十斤，六十五斤")])
    assert any("六十五斤" in v for v in values) and not any("八十斤" in v for v in values)


def test_en_a_weight_denied_gives_way_to_the_next():
    values = _values("en", [user("I'd like to send a parcel to Leeds"), bot("Sure, how heavy is it?"),
                            user("weighed it again, not 12kg, 9kg")])
    assert any("9kg" in v for v in values) and not any("12kg" in v for v in values)


def test_two_measures_said_plainly_both_stay():
    values = _values("zh", [user("两个箱子 一个三十斤 一个二十斤")])
    assert any("三十斤" in v for v in values) and any("二十斤" in v for v in values)


def test_zh_an_item_told_not_to_be_ordered_any_more_leaves_the_list():
    t = Tracker("zh")
    t.observe_many([user("想订明年的杂志 《读者》和《青年文摘》各一份"), bot("好的，两份都是全年。"),
                    user("哎 《青年文摘》别订了 孩子不看了")])
    lists = [v for k, v in _current(t) if not k.startswith("want")]
    assert not any("青年文摘" in v for v in lists) and any("读者" in v for v in lists)


def test_en_a_companion_who_can_no_longer_come_is_not_current():
    values = _values("en", [user("hi, I'd like the pottery taster for me and my friend Daniela"),
                            bot("Lovely, Saturday or Sunday?"), user("saturday. oh Daniela cannot come, she has to work. just me then")])
    assert not any("Daniela" in v for v in values)


def test_zh_a_relation_who_no_longer_comes_is_not_current():
    t = Tracker("zh")
    t.observe_many([user("想报名周六的陶艺体验"), bot("好的，请问几位？"), user("周六吧。我老公也玩陶艺，他能一起来吗"),
                    bot("可以，两位。"), user("我老公那天加班不来了 就我一个")])
    assert not any(k.startswith("person") for k, _ in _current(t))


def test_a_companion_who_cannot_come_at_one_time_stays():
    values = _values("en", [user("a pottery taster for me and my friend Daniela please"), bot("Saturday or Sunday?"),
                            user("Daniela can't come on saturday so sunday please")])
    assert any("Daniela" in v for v in values)
