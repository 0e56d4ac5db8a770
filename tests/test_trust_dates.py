"""Dates the user settles on (issue 19): a tool's machine date in the words the chat used for
that day, options of dates the assistant lists and the one the user picks."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from ctxgraph.extract.dates import spoken_dates
from tests.test_graph import bot, call, result, user


def current(*messages, lang: str, today: str = "2026-05-28") -> dict[str, str]:
    t = Tracker(lang, today=today)
    t.observe_many([user(m) if isinstance(m, str) else m for m in messages])
    return {f.key: f.value for f in t.state().facts if f.status == "current"}


@pytest.mark.parametrize(("lang", "said", "booked", "expected"), [
    pytest.param("zh", "好的，明天（5月29日）上午还是下午来取？", {"date": "2026-05-29", "slot": "下午"}, "5月29日", id="zh"),
    pytest.param("en", "The earliest port date is Monday 26 January. Would you like that?",
                 {"port_date": "2026-01-26"}, "Monday 26 January", id="en"),
])
def test_trust_dates_a_tools_date_in_the_chats_words(lang, said, booked, expected):
    facts = current(bot(said), "下午" if lang == "zh" else "Monday's good",
                    call("c1", "book_pickup", booked), result("c1", {"ok": True, **booked}), lang=lang)
    assert expected in facts.values()
    assert not any(v.startswith("2026-") for v in facts.values())


def test_trust_dates_a_day_nobody_named_stays_iso():
    """No mention of the day: the tool's date is not reworded (no words to take it from)."""
    facts = current("I'd like to cancel my plan", call("c1", "cancel_plan", {"plan": "Flex 30"}),
                    result("c1", {"ok": True, "effective": "2026-07-03"}), lang="en")
    assert facts.get("effective") == "2026-07-03"


@pytest.mark.parametrize(("value", "expected"), [
    ("2026-04-10 11:00", "4月10日 11:00"),  # the time after the date stays
    ("2019-3301-8821-0467", "2019-3301-8821-0467"),  # an id with dashes is no date
    ("TQ20260907-5581", "TQ20260907-5581"),
    ("2026-11-15扣款起", "11月15日扣款起"),
])
def test_trust_dates_spoken_dates_rewrites_only_dates(value, expected):
    said = [("4月10日", "--04-10"), ("11月15日", "--11-15")]
    assert spoken_dates(value, "zh", said, written=False) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("collect on Thursday 25 September or Friday 26 September", ["Thursday 25 September", "Friday 26 September"]),
    ("Saturday the 11th works", ["Saturday the 11th"]),
    ("the 21st at 10 please", ["the 21st"]),
    ("Fri, March 13 at 5pm", ["Fri, March 13"]),
    ("I'm on the 2nd floor", []),  # an ordinal that is no day of the month
    ("the 3rd one", []),
])
def test_trust_dates_a_weekday_belongs_to_its_date(text, expected):
    import datetime

    from ctxgraph.extract.compiled import compiled_packs
    from ctxgraph.extract.entities import find_entities

    mentions = find_entities(text, compiled_packs((), ())["en"], (), datetime.date(2026, 3, 10))
    assert [m.text for m in mentions if m.label == "DATE"] == expected


def test_trust_dates_a_moved_day_of_the_month_keeps_its_role():
    """"the 26th" with its "the" after a return cue: the check-out moves."""
    facts = current("I need a car, pick it up June 20 and return it June 25.",
                    bot("Sure, a compact from June 20 to June 25 is $210."),
                    "can we return it on the 26th instead?", lang="en", today="2026-06-10")
    assert facts["checkout"] == "the 26th"


def test_trust_dates_the_day_a_write_books_replaces_the_users_first_date():
    """"我买了4月4号的票，想改签到3号": the change the tool makes is the day settled on, and a
    later lookup for a return trip the user only asks about does not move it."""
    facts = current("我买了4月4号北京南到济南西的票，想改签到3号。订单号E928306471",
                    bot("想改到4月3日几点的？"), "下午6点之后的",
                    call("c1", "change_ticket", {"order_no": "E928306471", "train": "G187", "date": "2026-04-03"}),
                    result("c1", {"order_no": "E928306471", "status": "改签成功"}),
                    "顺便查一下6号回北京的",
                    call("c2", "query_trains", {"from": "济南西", "to": "北京南", "date": "2026-04-06"}),
                    result("c2", {"date": "2026-04-06", "trains": [{"train": "G150"}]}), lang="zh", today="2026-04-01")
    # (miss13) the user's "3号" stays in front of the day the write booked
    assert facts["date"] in ("4月3日", "3号 4月3日") and "4号" not in facts["date"] and "6" not in facts["date"]


@pytest.mark.parametrize(("offered", "reply", "booked", "expected"), [
    pytest.param("The dentist can do 8:10am or 3:45pm on Thursday.", "3:45 works", {"slot_time": "15:45"}, "3:45pm", id="pm"),
    pytest.param("A plumber is free at 7:30am, 1pm or 6:15pm.", "the early one", {"arrival": "2026-06-02 07:30"},
                 "7:30am", id="date-and-time"),
])
def test_trust_dates_a_tools_clock_in_the_chats_words(offered, reply, booked, expected):
    """A write's "15:45" is the "3:45pm" the chat said: the fact keeps the chat's words."""
    facts = current(bot(offered), reply, call("c1", "book_visit", booked), result("c1", {"ok": True, "ref": "AB-1"}),
                    lang="en")
    assert any(expected in v for v in facts.values()), facts
    assert not any("15:45" in v or "07:30" in v for v in facts.values())


@pytest.mark.parametrize(("value", "said", "expected"), [
    ("16:50", [("at 4:50pm", "16:50")], "4:50pm"),
    ("09:00-11:00", [("9am", "09:00")], "09:00-11:00"),  # a window stays: one end in words reads worse
    ("16:50", [("at 9:15am", "09:15")], "16:50"),  # nobody said that time
    ("AB-16:50X", [], "AB-16:50X"),
])
def test_trust_dates_spoken_times_rewrites_one_clock(value, said, expected):
    from ctxgraph.extract.dates import spoken_times

    assert spoken_times(value, said) == expected


def test_trust_dates_the_mention_that_names_its_month_wins():
    """The user said "Friday the 5th" after the assistant's "Friday June 5": the booked day keeps the
    user's words (miss8: a restatement does not replace them) with the mention that names the month beside them."""
    facts = current(bot("We can survey on Thursday June 4 or Friday June 5."), "Friday the 5th please",
                    call("c1", "book_survey", {"date": "2026-06-05"}), result("c1", {"survey_id": "SV-1"}), lang="en")
    assert facts.get("date") == "Friday the 5th (Friday June 5)", facts


@pytest.mark.parametrize(("lang", "confirmation", "expected"), [
    pytest.param("en", "Done: the sofa will be delivered on Thursday 4 June, order SF-2.", "Thursday 4 June", id="en"),
    pytest.param("zh", "已安排好，沙发6月4日送到，订单号SF-2。", "6月4日", id="zh"),
])
def test_trust_dates_the_assistant_names_a_tools_date_right_after(lang, confirmation, expected):
    """A tool wrote a day nobody had named ("delivery": "2026-06-04"); the assistant's next message
    names it: the fact takes those words. A date the assistant names that no fact holds changes nothing."""
    facts = current("deliver the sofa please" if lang == "en" else "沙发送货吧", call("c1", "schedule_delivery", {"item": "sofa"}),
                    result("c1", {"order": "SF-2", "delivery": "2026-06-04", "valid_until": "2026-06-30"}),
                    bot(confirmation), lang=lang)
    assert expected in facts.values(), facts
    assert not any("2026-06-04" in v for v in facts.values())


def test_trust_dates_a_day_said_without_its_month_takes_the_assistants_words():
    """"Please book my fitting for the 14th." ... "Booked: your fitting is on Thursday May 14.": the
    user's day keeps the user's words with the assistant's naming of it beside them (miss8); a day the
    assistant names that is not it changes nothing."""
    facts = current("Please book my suit fitting for the 14th.",
                    bot("Booked: your fitting is on Thursday May 14. The tailor is away on May 20."), lang="en",
                    today="2026-05-04")
    assert "the 14th (Thursday May 14)" in facts.values(), facts
    assert not any("May 20" in v for v in facts.values())


@pytest.mark.parametrize(("lang", "turns", "today", "key", "expected"), [
    # the assistant's confirmation names the day the user said by its digits alone
    ("en", ["deliver it the 9th in the evening", bot("Evening delivery on 9 July is fine.")], "2026-07-01", "date",
     "the 9th (9 July)"),
    ("zh", ["27号下午 余老师", bot("已预约6月27日下午2点余老师面谈。")], "2026-06-20", "date", "27号下午（6月27日）"),
    # the tool's date for a day the user named with its month: the user's words first
    ("en", ["bowling for 12 kids, sat 21st march", bot("Saturday 21 March is free at 3:30pm."),
            call("c1", "book", {"date": "2026-03-21"}), result("c1", {"ref": "B-1"})], "2026-03-01", "date",
     "sat 21st march (Saturday 21 March)"),
    ("zh", ["采耳 周六18号 两个人", call("c1", "book", {"date": "2026-04-18"}), result("c1", {"ref": "C-1"})],
     "2026-04-06", "date", "18号"),
])
def test_trust_dates_a_restatement_keeps_the_users_words(lang, turns, today, key, expected):
    """(miss8) The assistant's confirmation or the tool's call restating the day the user named keeps the
    user's words for it, the restated form beside them."""
    facts = current(*turns, lang=lang, today=today)
    assert expected in facts.get(key, ""), facts


@pytest.mark.parametrize(("lang", "turns", "today", "gone"), [
    ("en", ["lash extensions for the 12th?", bot("The 12th is full; the 13th has 3pm."), "13th at 3 then",
            call("c1", "book", {"date": "2026-09-13", "time": "15:00"}), result("c1", {"ref": "L-1"})], "2026-09-01", "12th"),
    ("zh", ["想约个拔罐 8号可以吗", bot("8号约满了，10号下午有空。"), "那10号吧",
            call("c1", "book", {"date": "2026-11-10"}), result("c1", {"ref": "B-1"})], "2026-11-02", "8号"),
])
def test_trust_dates_a_restatement_of_another_day_keeps_no_old_words(lang, turns, today, gone):
    """The user's words for a day stay only beside that same day: the tool's other day carries none of them."""
    facts = current(*turns, lang=lang, today=today)
    assert not any(gone in v for k, v in facts.items() if k == "date"), facts


@pytest.mark.parametrize(("lang", "turns", "today", "kept"), [
    ("zh", [bot("试听课有周六上午10点和周日下午3点，选哪个？"), "周六那个", bot("试听已约好：8月1日周六上午10点。")],
     "2026-07-27", "周六上午10点"),
    ("en", [bot("We can do Saturday at 10am or Sunday at 3pm."), "saturday one", bot("Booked: Saturday August 1 at 10am.")],
     "2026-07-27", "10am"),
])
def test_trust_dates_a_day_in_words_keeps_its_clock_when_restated(lang, turns, today, kept):
    """(miss8) A day picked in words with its clock ("周六上午10点"), restated by the assistant's date, keeps the clock."""
    facts = current(*turns, lang=lang, today=today)
    assert any(kept in v for v in facts.values()), facts
