"""Trust tests of the miss26zh lane (issue 19, blind24 round): Chinese values the user gives that the state missed."""

from ctxgraph import Tracker
from tests.test_graph import bot, user


def _current(lang, messages, today=None):
    t = Tracker(lang, today=today) if today else Tracker(lang)
    t.observe_many(messages)
    return [(f.key, f.value) for f in t.state().facts if f.status == "current"]


# --- a clock in Chinese numerals after a date's part of the day -------------------------------------------------


def test_zh_clock_in_chinese_numerals_after_a_dated_part_of_day_is_kept():
    """"9月17号下午两点": the date took 下午 and the clock 两点 was lost; now the date is 9月17号, the time 下午两点."""
    facts = _current("zh", [user("年会10月8号下午三点开始，大概两个小时"), bot("好的，10月8号下午三点。")])
    assert ("time", "下午三点") in facts
    assert ("date", "10月8号") in facts


def test_zh_dated_part_of_day_without_a_clock_stays_the_dates():
    facts = _current("zh", [user("10月8号下午两个人过来"), bot("好的。")])
    assert ("date", "10月8号下午") in facts


def test_en_dated_afternoon_clock_unchanged():
    facts = _current("en", [user("The launch is on October 8 at 3pm, about two hours."), bot("Noted.")])
    assert any(k == "time" and "3pm" in v for k, v in facts)
