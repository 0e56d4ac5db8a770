"""The user's own words beside a tool's normal form (issue 19, surface5): the weekday and the
part of the day the user named a slot by stay with the tool's date and clock, a code, a numeric
date or a number with a unit keeps the user's writing, and the day and clock a write books
replace the user's earlier wish. Phrasings and domains of this file's own (archery, kayak hire,
hot-air balloons, aquarium cleaning, 射箭, 皮划艇, 热气球, 鱼缸清洗), none taken from a bench chat."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from ctxgraph.extract.measures import MEASURE_KEYS
from ctxgraph.extract.surface import weekday_of
from tests.test_graph import bot, call, result, user


def facts(*messages, lang: str, today: str = "2026-03-09") -> dict[str, list[str]]:
    """Current facts after the messages: key -> values (a key may hold one value)."""
    t = Tracker(lang, today=today)
    t.observe_many([user(m) if isinstance(m, str) else m for m in messages])
    out: dict[str, list[str]] = {}
    for f in t.state().facts:
        if f.status == "current":
            out.setdefault(f.key, []).append(f.value)
    return out


def holding(found: dict[str, list[str]], *parts: str) -> list[str]:
    """The current values that hold every one of ``parts`` (case-insensitive)."""
    return [v for vs in found.values() for v in vs if all(p.casefold() in v.casefold() for p in parts)]


@pytest.mark.parametrize(("lang", "messages", "parts"), [
    pytest.param("en", ["can I book an archery taster this saturday?", bot("Saturday is 14 March, we have space."),
                        "great, book me in", call("c1", "book_taster", {"date": "2026-03-14"}),
                        result("c1", {"ref": "AR-30114"})], ("this saturday", "14 March"), id="en-weekday"),
    pytest.param("zh", ["下周二想去坐热气球", bot("下周二是3月17日，早上6点起飞。"), "好的，帮我订",
                        call("c1", "book_flight", {"date": "2026-03-17"}), result("c1", {"ref": "RQ-0317"})],
                 ("周二", "3月17日"), id="zh-weekday"),
    pytest.param("zh", ["想约个射箭体验课", bot("可以周三11号上午10点或者周五13号下午3点。"), "周五下午吧",
                        call("c1", "book_lesson", {"time": "2026-03-13 15:00"}), result("c1", {"ref": "SJ-5521"})],
                 ("周五", "下午", "13号"), id="zh-weekday-and-part-of-day"),
    pytest.param("en", ["I'd like to hire a double kayak", bot("We have Thursday 12 March at 9:15 or at 17:30."),
                        "thursday evening please", call("c1", "book_kayak", {"start": "2026-03-12 17:30"}),
                        result("c1", {"ref": "KY-8812"})], ("evening", "17:30"), id="en-part-of-day"),
])
def test_trust_surface_the_users_day_and_part_of_day_stay_with_the_tools_date(lang, messages, parts):
    found = facts(*messages, lang=lang)
    assert holding(found, *parts), found
    assert not holding(found, "2026-"), found


@pytest.mark.parametrize(("lang", "messages", "parts"), [
    pytest.param("zh", ["想约个射箭体验课", bot("可以周三11号上午10点或者周五13号下午3点。"), "周五下午吧",
                        call("c1", "book_lesson", {"time": "2026-03-13 15:00"}), result("c1", {"ref": "SJ-5521"}),
                        bot("已约好3月13日下午3点，单号SJ-5521。")], ("周五下午", "3月13日", "15:00"), id="zh"),
    pytest.param("en", ["could we do a kayak trip on the 12th?", call("c1", "book_kayak", {"start": "2026-03-12 17:30"}),
                        result("c1", {"ref": "KY-8812"}), bot("Booked for Thursday 12 March at 17:30, ref KY-8812.")],
                 ("12 March", "17:30"), id="en"),
])
def test_trust_surface_a_restated_day_keeps_its_clock_and_the_users_words(lang, messages, parts):
    """The assistant's restatement of the day adds its month; it drops neither the clock nor the
    weekday the user said."""
    found = facts(*messages, lang=lang)
    assert holding(found, *parts), found


@pytest.mark.parametrize(("lang", "messages", "booked", "wish"), [
    pytest.param("en", ["I need the aquarium cleaned, around 2pm suits me",
                        bot("We can come Wednesday 11 March at 13:45 or Thursday 12 March at 14:20."),
                        "the thursday one", call("c1", "book_clean", {"date": "2026-03-12", "time": "14:20"}),
                        result("c1", {"ref": "AQ-4410"})], ("14:20", "Thursday"), "2pm", id="en"),
    pytest.param("zh", ["鱼缸想清洗一下，中午12点到1点最好", bot("中午有两个号：3月10日（周二）12:00，3月12日（周四）12:40。"),
                        "周四的", call("c1", "book_clean", {"date": "2026-03-12", "time": "12:40"}),
                        result("c1", {"ref": "YG-3312"})], ("12:40", "周四"), "12点到1点", id="zh"),
])
def test_trust_surface_the_slot_a_write_books_replaces_the_users_earlier_wish(lang, messages, booked, wish):
    """A pick of an offered slot: the day and the clock the write books are current, the user's
    earlier window for the time is not."""
    found = facts(*messages, lang=lang)
    for part in booked:
        assert holding(found, part), (part, found)
    assert not holding(found, wish), found


@pytest.mark.parametrize(("lang", "said", "arguments", "own", "normal"), [
    pytest.param("en", "we fly in on EZ 8043 at noon", {"flight": "EZ8043"}, "EZ 8043", "EZ8043", id="en-code"),
    pytest.param("en", "the booking is for my dad, born 03/11/1952", {"dob": "1952-11-03"}, "03/11/1952", "1952-11-03",
                 id="en-day-first-date"),
    pytest.param("en", "his DOB is 11-03-1952", {"dob": "1952-11-03"}, "11-03-1952", "1952-11-03", id="en-month-first-date"),
    pytest.param("zh", "鱼缸大概200升的，要上门清洗", {"volume": "200L"}, "200升", "200L", id="zh-unit"),
    pytest.param("en", "it's a 40 litre tank", {"tank": "40L"}, "40 litre", "40L", id="en-unit"),
])
def test_trust_surface_a_tools_normal_form_keeps_the_users_writing(lang, said, arguments, own, normal):
    found = facts(said, call("c1", "book_service", arguments), result("c1", {"ref": "QW-20931"}), lang=lang)
    assert holding(found, own), found
    assert not any(v == normal for vs in found.values() for v in vs), found


@pytest.mark.parametrize(("lang", "messages", "absent"), [
    # the user said the number with two units: which one the tool meant is unknown, its form stays
    pytest.param("zh", ["鱼缸30升，底沙大概30公斤", call("c1", "book_clean", {"sand": "30kg"}), result("c1", {"ok": True})],
                 ("30升",), id="zh-two-units"),
    # a part of the day that does not cover the booked clock is not added
    pytest.param("zh", ["上午我要上班", bot("那周五下午3点可以吗？"), "可以",
                        call("c1", "book_lesson", {"time": "2026-03-13 15:00"}), result("c1", {"ref": "SJ-5521"})],
                 ("上午 ", "上午2026", "上午周五"), id="zh-part-not-covering"),
    # a code the user never wrote keeps the tool's spelling; a code is no word
    pytest.param("en", ["please book the balloon flight", call("c1", "book", {"voucher": "BAL77412"}),
                        result("c1", {"ok": True})], ("BAL 77412",), id="en-code-not-said"),
])
def test_trust_surface_no_words_the_user_did_not_say(lang, messages, absent):
    found = facts(*messages, lang=lang)
    for key in MEASURE_KEYS:  # a measure the user said is a fact of its own (miss6: "鱼缸30升" is the tank's volume), never beside the tool's
        found.pop(key, None)
    for word in absent:
        assert not holding(found, word), found


@pytest.mark.parametrize(("text", "weekday"), [
    ("this sunday", 6), ("Thursdays", 3), ("周四中午", 3), ("下周日", 6), ("礼拜天", 6), ("the 12th", None), ("7月3日", None),
])
def test_trust_surface_weekday_of(text, weekday):
    assert weekday_of(text) == weekday
