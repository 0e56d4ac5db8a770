"""miss22b (issue 19): days, times and durations kept in the user's words.

Each case is a short chat of its own words; each failed before the lane's change.
"""

from __future__ import annotations

import datetime

from ctxgraph import Tracker
from tests.test_graph import bot, call, result, user


def _current(t: Tracker, key: str) -> list[str]:
    return [f.value for f in t.state().facts if f.key == key and f.status == "current"]


def _values(t: Tracker) -> list[str]:
    return [f.value for f in t.state().facts if f.status == "current"]


# ---------------------------------------------------------------- a clock with 以后 / 后


def test_zh_clock_after_in_digits_keeps_its_bound():
    t = Tracker("zh")
    t.observe_many([user("我想约师傅上门看看热水器"), bot("好的，您哪天方便？"),
                    user("周五吧 下午3点以后家里才有人")])
    assert _current(t, "time") == ["下午3点以后"]


def test_zh_clock_after_in_numerals_is_read():
    t = Tracker("zh")
    t.observe_many([user("要约个保洁"), bot("明天上午十点可以吗？"), user("上午不行，要送孩子，三点以后都可以")])
    assert "三点以后" in _current(t, "time")


def test_zh_clock_after_with_its_day_is_one_value():
    t = Tracker("zh")
    t.observe_many([user("想订一车沙子"), bot("什么时候卸货？"), user("周四晚上9点以后卸，白天工地不让进车")])
    assert "周四晚上9点以后" in _values(t)


def test_zh_after_clause_behind_an_upper_bound_is_no_wish():
    # "8点前来" is the wish; "8点以后…" says why, no time of its own
    t = Tracker("zh")
    t.observe_many([user("想约上门取件"), bot("几点方便？"), user("早上8点前来吧，8点以后我要去上班")])
    assert "8点以后" not in " ".join(_values(t))


def test_zh_clock_after_moves_the_picked_clock():
    # the pick of the 9点 visit goes once the user moves the visit to after 两点
    t = Tracker("zh", today=datetime.date(2027, 3, 15))
    t.observe_many([user("想约上门修空调"), bot("可以约周六上午9点，或者周日下午3点。"), user("周六那个"),
                    call("c1", "book", {"date": "2027-03-20", "time": "09:00"}), result("c1", {"order": "KT-1"}),
                    bot("约好了，周六上午9点。"), user("周六上午有事，能改到下午吗？两点以后都可以。")])
    assert not any("9点" in v for v in _values(t) if "以后" not in v)


# ---------------------------------------------------------------- a tool's AM / PM in the user's words


def test_tool_half_day_code_takes_the_users_word_en():
    t = Tracker("en")
    t.observe_many([user("my boiler is leaking"), bot("We can come Thursday or Friday."),
                    user("thursday. afternoon if poss, I work till 12"),
                    call("c1", "book_visit", {"day": "Thursday", "slot": "PM"}), result("c1", {"job": "BX-55012"})])
    assert _current(t, "slot") == ["afternoon"]


def test_tool_half_day_code_takes_the_users_word_zh():
    t = Tracker("zh")
    t.observe_many([user("要换个水龙头"), bot("您哪天方便？"), user("后天吧 上半天要开会 下半天可以"),
                    call("c1", "book_visit", {"slot": "PM"}), result("c1", {"job": "SL-22013"})])
    assert _current(t, "slot") == ["下半天"]


# ---------------------------------------------------------------- a duration taken up from an offer


def test_duration_taken_up_from_the_offer_is_kept():
    t = Tracker("en")
    t.observe_many([user("I need a van on lease for the shop"),
                    bot("We can do 24 months at £300 a month or 36 months at £260."),
                    user("24 months is fine, we might move after that")])
    assert _current(t, "duration") == ["24 months"]


def test_duration_taken_up_before_a_declined_one():
    t = Tracker("en")
    t.observe_many([user("can I spread the cost of the sofa"),
                    bot("You could pay over 6 months at £95 or over 10 months at £57."),
                    user("10 months please the 6 is too steep for me")])
    assert _current(t, "duration") == ["10 months"]


# ---------------------------------------------------------------- this / 这 before the restated weekday


def test_this_weekday_stays_before_the_tools_date_zh():
    t = Tracker("zh", today=datetime.date(2027, 4, 12))
    # the assistant restates the weekday alone before the write: the user's 这 stays before it
    t.observe_many([user("想订两百斤土豆"), bot("哪天送？"), user("这周五嘛 上午送"), bot("可以，周五上午到。地址呢？"),
                    user("城南菜场二号门"),
                    call("c1", "book_delivery", {"date": "2027-04-16"}), result("c1", {"order": "TD-2207"})])
    assert any(v.startswith("这周五") and "16" in v for v in _current(t, "date"))


def test_this_weekday_stays_before_the_tools_date_en():
    t = Tracker("en", today=datetime.date(2027, 4, 12))
    t.observe_many([user("can the piano tuner come this friday"), bot("Friday works. What's the address?"),
                    user("14 Elm Row, Leith"),
                    call("c1", "book_tuning", {"date": "2027-04-16"}), result("c1", {"ref": "PT-5521"})])
    assert any("this friday" in v.casefold() and "16" in v for v in _current(t, "date"))
