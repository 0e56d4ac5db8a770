"""(prec25) Wrong current values: a pick the same message takes back with a change of mind ("8点那个 … 算了还是9点半",
"13号 … 哦还是平日吧，11号", "5号上午 … 哦 6号下午算了", "6期吧 … 还是12期"): only the later pick is the user's."""

from __future__ import annotations

from ctxgraph import Tracker
from tests.test_graph import bot, user


def _current(t: Tracker, key: str) -> list[str]:
    return [f.value for f in t.state().facts if f.status == "current" and f.key == key]


def _all_current(t: Tracker) -> list[str]:
    return [f.value for f in t.state().facts if f.status == "current"]


def test_zh_clock_picked_then_haishi_another():
    t = Tracker("zh", today="2027-03-01")
    t.observe_many([bot("周三上午可以约7:30、9:00、10:30三个时间。"),
                    user("7点半那个吧 不过我家离得远 路上要一个多小时 算了还是9点")])
    values = _all_current(t)
    assert not any("7点半" in v or "7:30" in v for v in values)
    assert any("9点" in v for v in values)


def test_zh_day_picked_then_oh_another_marked_as_pick():
    t = Tracker("zh", today="2027-08-01")
    t.observe_many([bot("可以约8月5号上午、6号下午或9号上午。"), user("5号上午 要去买东西 哦 6号下午算了 5号我要上班")])
    assert _current(t, "date") == ["6号下午"]


def test_zh_day_picked_then_haishi_a_date_fact():
    t = Tracker("zh", today="2027-10-01")
    t.observe_many([bot("11月的6号、13号、20号有档期，都是周六。平日拍便宜300。"),
                    user("13号。我老公周末要值班，哦还是平日吧，11号礼拜四，他请假")])
    values = _all_current(t)
    assert not any(v.startswith("13号") for v in values)
    assert any("11号" in v for v in values)


def test_zh_count_picked_then_haishi_another():
    t = Tracker("zh", today="2027-01-05")
    t.observe_many([bot("可以分3期、6期或12期，费率不同。"), user("6期吧 12期手续费太高了 等等 我算算 每月要还房贷 还是12期")])
    values = _all_current(t)
    assert "6期" not in values
    assert "12期" in values


def test_zh_reason_after_oh_moves_nothing():
    """A day said after a bare 哦 as a reason, not a pick ("哦 周日我不在家"), leaves the pick alone."""
    t = Tracker("zh", today="2027-08-01")
    t.observe_many([bot("周六上午还是周日上午？"), user("周六上午吧 哦 周日我不在家")])
    assert any("周六上午" in v for v in _all_current(t))


def test_zh_haishi_in_a_question_moves_nothing():
    t = Tracker("zh", today="2027-08-01")
    t.observe_many([bot("可以约8月5号上午或者6号下午。"), user("5号上午吧，你们是上午9点还是10点开门？")])
    assert any("5号上午" in v for v in _all_current(t))
