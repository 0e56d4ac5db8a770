"""(prec24) Precision: a bare day of the month said right after the words that own the day before was wrong
("日期搞错了 是3号到5号", "时间记错了，是12号") is a date: it takes the place of the day the user gave before, which no
longer stays current. A bare number after "是" with no such words is no date."""

from __future__ import annotations

from ctxgraph import Tracker
from tests.test_graph import bot, user


def _dates(t: Tracker) -> list[tuple[str, str]]:
    return sorted((f.value, f.status) for f in t.state().facts if f.key == "date")


def test_zh_range_said_wrong_then_the_right_one():
    t = Tracker("zh", today="2026-09-01")
    t.observe_many([user("想订个湖边的小木屋 10月6号到8号 两晚 三个人"), bot("好的，有两家：松风居和湖畔小筑。"),
                    user("松风居吧。哎日期搞错了 是7号到9号 6号还要上班")])
    assert _dates(t) == [("10月6号到8号", "superseded"), ("7号到9号", "current")]


def test_zh_single_day_remembered_wrong():
    t = Tracker("zh", today="2026-03-02")
    t.observe_many([user("帮我约个体检 3月10号上午"), bot("好的，3月10号上午可以。"), user("时间记错了，是12号 10号要出差")])
    assert ("12号", "current") in _dates(t)
    assert ("3月10号上午", "current") not in _dates(t)


def test_zh_bare_number_after_shi_is_no_date():
    t = Tracker("zh", today="2026-03-02")
    t.observe_many([user("帮我约个体检 3月10号上午"), user("我家是3号楼")])
    assert ("3月10号上午", "current") in _dates(t)


def _banks(t: Tracker) -> list[str]:
    return [f.value for f in t.state().facts if f.key == "own_bank" and f.status == "current"]


def test_zh_bank_taken_back_for_another():
    t = Tracker("zh", today="2026-04-01")
    t.observe_many([bot("退款打到哪张卡？"), user("打到农行卡 尾号2281。不 还是打到招行那张吧 尾号7730 农行那张快不用了")])
    assert _banks(t) == ["招行"]


def test_zh_bank_said_once_stays():
    t = Tracker("zh", today="2026-04-01")
    t.observe_many([bot("退款打到哪张卡？"), user("打到农行卡 尾号2281 不对 尾号是2218")])
    assert _banks(t) == ["农行"]
