"""(prec22) Precision: a price the service stated before a change the user made is no longer current once the service
states the new whole price ("合计2150元", "共430元", "so it's £220"); an add-on's own price said after the change, a
price said while nothing changed and a total offered as a question stay."""

from __future__ import annotations

from ctxgraph import Tracker
from tests.test_graph import bot, call, result, user


def _prices(t: Tracker) -> list[str]:
    return sorted(f.value for f in t.state().facts if f.status == "current" and f.key in ("price", "total", "total_gbp"))


def test_zh_requoted_total_replaces_the_booked_price():
    t = Tracker("zh", today="2026-04-10")
    t.observe_many([user("想订两桌酒席 周六中午"), call("c1", "book", {"tables": 2}), result("c1", {"order": "JX-301", "total": 1600}),
                    bot("订好了：JX-301，两桌，共1600元。"), user("等下 改成三桌吧 亲戚多"),
                    bot("改好了：三桌，合计2400元。")])
    assert _prices(t) == ["2400元"]


def test_en_requoted_total_after_an_item_dropped():
    t = Tracker("en", today="2026-03-10")
    t.observe_many([user("I need the carpets cleaned in the lounge and the stairs"),
                    call("c1", "book", {"rooms": "lounge, stairs"}), result("c1", {"ref": "CC-118", "total_gbp": 140}),
                    bot("Booked, ref CC-118. Total £140."), user("actually forget the stairs, just the lounge"),
                    bot("Done, so it's £90 for the lounge.")])
    assert _prices(t) == ["£90", "£90"]  # the tool's total_gbp and the price the chat said, both moved


def test_zh_total_offered_as_a_question_changes_nothing():
    t = Tracker("zh", today="2026-04-10")
    t.observe_many([user("想订两桌酒席 周六中午"), call("c1", "book", {"tables": 2}), result("c1", {"order": "JX-301", "total": 1600}),
                    bot("订好了：JX-301，两桌，共1600元。"), user("能改成三桌吗"),
                    bot("三桌的话合计2400元，要改吗？")])
    assert "2400元" not in _prices(t)


def test_zh_add_on_price_after_the_change_is_kept_beside_the_total():
    t = Tracker("zh", today="2026-07-03")
    t.observe_many([user("流量不够用 有没有便宜点的办法"), bot("可以加一个10GB流量月包15元，每月合计144元。"), user("加包就行"),
                    call("c1", "add_pack", {"pack": "10GB"}), result("c1", {"result": "success", "price": 15}),
                    bot("已加装10GB流量月包15元，每月合计144元。")])
    assert _prices(t) == ["15元"]


def _days(t: Tracker) -> list[str]:
    return sorted(f.value for f in t.state().facts if f.status == "current" and any(c.isdigit() for c in f.value)
                  or f.status == "current" and f.value in ("May", "June"))


def test_zh_event_pushed_to_another_day_leaves_its_old_day():
    t = Tracker("zh", today="2026-11-20")
    t.observe_many([user("我爸12月3号做白内障手术 想请个人陪一下"), bot("好的，陪诊半天200元。"), user("医院刚通知 手术推到5号了")])
    assert "12月3号" not in _days(t) and "5号" in _days(t)


def test_en_event_moved_to_a_month_leaves_its_old_day():
    t = Tracker("en", today="2027-01-10")
    t.observe_many([user("the exhibition opens at the town hall on 14 February, so the prints must be ready before then"),
                    bot("We can have them ready by 7 February."),
                    user("good news, the council moved the exhibition to May, so no rush")])
    assert "14 February" not in _days(t)


def test_asking_whether_it_moves_changes_nothing():
    t = Tracker("zh", today="2026-11-20")
    t.observe_many([user("我爸12月3号做白内障手术 想请个人陪一下"), bot("好的，陪诊半天200元。"), user("如果手术推到5号 你们还能来吗？")])
    assert "12月3号" in " ".join(_days(t))
