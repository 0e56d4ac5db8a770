"""(prec29) Precision on unseen chats: facts no annotator wrote.

A duration the user works out in a remark on the way to another value ("the 26th? thats only 47 days", "1st
july? thats 2 weeks off", 26号？那才三天) is a span between two dates or a reason, not how long the thing lasts;
the same words answering the assistant's "how long" stay, and so does a plain duration the user asks for."""

from __future__ import annotations

from ctxgraph import Tracker
from tests.test_graph import bot, user


def _durations(t: Tracker) -> list[str]:
    return sorted(f.value for f in t.state().facts if f.status == "current" and f.key in ("duration", "时长"))


def test_en_span_worked_out_between_dates_is_no_duration():
    t = Tracker("en", today="2026-11-02")
    t.observe_many([bot("We can scan the flock on the 26th or in early February."),
                    user("the 26th. well hang on, thats only 51 days for the late ewes. 3rd of Feb better")])
    assert _durations(t) == []


def test_en_span_off_and_a_reason_with_only():
    t = Tracker("en", today="2026-06-10")
    t.observe_many([user("can you deliver the first box on the 1st of july?"),
                    bot("Yes, the 1st of July works."), user("wait 1st july? thats 3 weeks off, i meant the one after")])
    assert _durations(t) == []
    t = Tracker("en")
    t.observe_many([bot("The 10GB roaming pack is £15."), user("hmm, it's only 5 days. make it the 3GB one")])
    assert _durations(t) == []


def test_en_remark_answering_how_long_stays():
    t = Tracker("en")
    t.observe_many([bot("How long will you need the van?"), user("it's only 3 days, Friday to Sunday")])
    assert _durations(t) == ["3 days"]
    t = Tracker("en")
    t.observe_many([user("we need the marquee for 3 days, thats the whole festival")])
    assert _durations(t) == ["3 days"]


def test_zh_span_worked_out_between_dates_is_no_duration():
    t = Tracker("zh", today="2026-05-20")
    t.observe_many([bot("最早可以26号出发。"), user("26号？那才三天，签证来不及，改到下月8号吧")])
    assert _durations(t) == []
    t = Tracker("zh")
    t.observe_many([bot("下周五可以取。"), user("下周五？那只有五天了 不够 往后推一周")])
    assert _durations(t) == []


def test_zh_plain_duration_and_answer_stay():
    t = Tracker("zh")
    t.observe_many([user("想租一台发电机，用五天")])
    assert _durations(t) == ["五天"]
    t = Tracker("zh")
    t.observe_many([bot("您大概要租多久？"), user("那就只有三天，周五到周日")])
    assert _durations(t) == ["三天"]


def _people(t: Tracker) -> list[str]:
    return sorted(f.value for f in t.state().facts if f.status == "current" and f.key == "people")


def test_zh_living_alone_is_no_headcount():
    t = Tracker("zh")
    t.observe_many([user("想给我姥姥订个上门送餐 她一个人住 八十多了 牙口不好")])
    assert _people(t) == []
    t = Tracker("zh")
    t.observe_many([bot("要单人间还是双人间？"), user("双人间 我爸一个人住会闷 同屋最好也是老头")])
    assert _people(t) == []
    t = Tracker("zh")
    t.observe_many([user("我舅一个人在乡下生活，想请个钟点工")])
    assert _people(t) == []


def test_zh_one_person_going_stays_a_headcount():
    t = Tracker("zh")
    t.observe_many([user("就我一个人去，周六上午")])
    assert _people(t) == ["一个人"]


def _kin(t: Tracker) -> list[str]:
    return sorted(f.value for f in t.state().facts if f.status == "current" and f.key.startswith("person_"))


def test_en_a_relations_home_is_no_party():
    t = Tracker("en")
    t.observe_many([bot("We can come Thursday or Friday."), user("not thursday, im at my nans all day. friday")])
    assert _kin(t) == []
    t = Tracker("en")
    t.observe_many([user("we're staying at my brother's in Leeds till the 9th, so after that please")])
    assert _kin(t) == []
    t = Tracker("en")
    t.observe_many([user("the keys are at my aunties house, 3 Mill Lane, Ripon HG4 1AB")])
    assert _kin(t) == []


def test_en_relation_as_party_or_owner_stays():
    t = Tracker("en")
    t.observe_many([user("my brother will collect it at 5, ring him not me")])
    assert _kin(t) == ["my brother"]
    t = Tracker("en")
    t.observe_many([user("the tapes come from my late husband's collection, mostly holidays")])
    assert _kin(t) == ["my late husband"]
    t = Tracker("en")
    t.observe_many([user("please send the invite to my parents as well")])
    assert _kin(t) == ["my parents"]


def test_zh_a_relations_home_is_no_party():
    t = Tracker("zh")
    t.observe_many([bot("送货地址是朝阳区那个吗？"), user("不对 那是我姐家 改成海淀区学院路20号")])
    assert _kin(t) == []
    t = Tracker("zh")
    t.observe_many([user("我姐也一起来 两个人")])
    assert _kin(t) == ["我姐"]
