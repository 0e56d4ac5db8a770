"""(prec30) Precision on unseen chats: a pick the same message takes back for another.

A reply that names one of the offered options and, before it ends, turns away to another ("17th. No, 13th.", "the oak
one please. no wait, the pine one", "stage 2 but … so stage 1 for now", 红色的吧。哦不，蓝色的) holds only the later
pick; the first one is a wrong current value. A pick with no turn after it, or a hedge (应该是), stays."""

from __future__ import annotations

from ctxgraph import Tracker
from tests.test_graph import bot, user


def _choices(t: Tracker) -> list[str]:
    return sorted(f.value for f in t.state().facts if f.status == "current" and f.name == "choice")


def _values(t: Tracker) -> str:
    return " | ".join(f.value for f in t.state().facts if f.status == "current")


def test_en_bare_no_turns_an_echoed_pick_to_the_next():
    t = Tracker("en", today="2027-05-01")
    t.observe_many([bot("A van is free Tuesday 11th or Friday 14th; Tuesday gives you more time."),
                    user("14th. No, 11th. Need the time.")])
    assert "14th" not in _values(t)
    assert "11th" in _values(t)


def test_en_no_wait_then_another_option_of_the_list():
    t = Tracker("en")
    t.observe_many([bot("We can fit the oak shelf or the pine shelf. Which one?"),
                    user("the oak one please. no wait, the pine one.")])
    assert _choices(t) == ["pine one (the pine shelf)"]


def test_en_for_now_takes_the_place_of_the_first_echo():
    t = Tracker("en")
    t.observe_many([bot("Level 1 is £120. Level 2 is £210 and needs the new sensor."),
                    user("level 2 but i havent got the sensor yet. so level 1 for now")])
    assert _choices(t) == ["level 1"]


def test_en_pick_without_a_turn_stays():
    t = Tracker("en")
    t.observe_many([bot("We can fit the oak shelf or the pine shelf. Which one?"),
                    user("the oak one please. No, we don't need it fitted today.")])
    assert _choices(t) == ["oak one (We can fit the oak shelf)"]
    t = Tracker("en")
    t.observe_many([bot("Level 1 is £120. Level 2 is £210 and needs the new sensor."), user("level 2 please")])
    assert _choices(t) == ["level 2"]


def test_zh_oh_no_then_another_option_of_the_list():
    t = Tracker("zh")
    t.observe_many([bot("有红色的，也有蓝色的，您要哪个？"), user("红色的吧。哦不，蓝色的")])
    assert [c for c in _choices(t) if "红" in c] == []
    assert any("蓝" in c for c in _choices(t))


def test_zh_hedge_takes_no_pick_back():
    t = Tracker("zh")
    t.observe_many([bot("原装粉盒389元，兼容粉盒69元。您是要换哪个？打印出来是变淡还是有竖条？"),
                    user("颜色变淡，应该是没粉了。那就是粉盒对吧")])
    assert any("变淡" in c for c in _choices(t))


def _days(t: Tracker) -> list[str]:
    return sorted(f.value for f in t.state().facts if f.status == "current" and f.key in ("day", "date"))


def test_en_day_of_a_clash_then_the_day_picked():
    """A day said of another thing on the way ("his swimming is Monday") then another day said as the pick ("Wednesday
    then"): the later one is the day wanted, the day held before moves to it."""
    t = Tracker("en")
    t.observe_many([bot("We run classes on Mondays and Wednesdays."), user("Monday is fine."),
                    bot("Monday at 5pm it is."), user("Ah wait, his swimming is Monday. Wednesday then.")])
    assert _days(t) == ["Wednesday"]


def test_en_day_taken_as_it_is_stays_beside_a_later_then():
    t = Tracker("en")
    t.observe_many([user("Monday is fine. Wednesday then for the second one")])
    assert _days(t) == ["Monday"]


def test_zh_day_of_a_clash_then_the_day_picked():
    t = Tracker("zh")
    t.observe_many([bot("周一和周三都有课，您看哪天？"), user("周一可以"), bot("好的，周一下午5点。"),
                    user("等下，他周一有游泳课。周三吧")])
    assert _days(t) == ["周三"]


def _deadlines(t: Tracker) -> list[str]:
    return sorted(f.value for f in t.state().facts if f.status == "current" and f.key == "deadline")


def test_zh_month_end_deadline_keeps_its_month():
    """A deadline at a month's end said with its month ("四月底之前", "6月底前") keeps the month: "月底之前" alone is
    another month's end (the current one)."""
    t = Tracker("zh", today="2027-03-01")
    t.observe({"role": "user", "content": "地址是杭州市西湖区文三路8号。四月底之前一定要到，五月一号要办酒。"})
    assert _deadlines(t) == ["四月底之前"]
    t = Tracker("zh", today="2027-03-01")
    t.observe({"role": "user", "content": "我们想做认证 客户要求6月底前要拿到证"})
    assert _deadlines(t) == ["6月底前"]
    t = Tracker("zh", today="2027-03-01")
    t.observe({"role": "user", "content": "月底前得整完"})
    assert _deadlines(t) == ["月底前"]


def test_en_counted_pick_declined_by_its_noun_alone():
    """A pick in the assistant's words with a count ("6 spotlights") that a later clause declines by its noun alone
    ("No spotlights then") is taken back; "no spotlights in the hall" limits where, the pick stays."""
    said = "Spotlights in the other rooms come to about 6 spotlights. The kit has 4; 2 extra are £20 each."
    t = Tracker("en")
    t.observe_many([bot(said), user("Ok 6 spotlights."), bot("Do you still want the spotlights with the dimmer?"),
                    user("No spotlights then, the dimmer is enough.")])
    assert _choices(t) == []
    t = Tracker("en")
    t.observe_many([bot(said), user("Ok 6 spotlights."), bot("Any colour preference?"),
                    user("warm white. no spotlights in the hall though")])
    assert _choices(t) == ["6 spotlights"]
