"""Issue 19 (prec28, blind26 round): a count the user says again moves the longer value that held the old one.

Chats written for these tests (zh and en): the user counts a thing inside the want, the problem or a keyed value
("we want to install five lampposts", "watches, three of them", "屋里四口人", "报五羽", "员工十二个左右"), then counts
it again with another number ("only four posts", "so that's four", "女儿生了 五口人了", "就报四羽吧", "员工要扩到十八个"). The old
count must leave the current state and the new one be there; a question, a count ruled out, the same number or a
count of another thing move nothing.
"""

from __future__ import annotations

import pytest

from ctxgraph import Tracker


def _state(lang: str, *turns: tuple[str, str]) -> list[tuple[str, str]]:
    """(key, value) of the current facts after the turns, each (role, text)."""
    t = Tracker(lang)
    for role, text in turns:
        t.observe({"role": role, "content": text})
    return [(f.key, str(f.value)) for f in t.state().facts if f.status == "current"]


def _holds(facts: list[tuple[str, str]], part: str) -> bool:
    return any(part in v for _, v in facts)


@pytest.mark.parametrize(("lang", "turns", "old", "new"), [
    pytest.param("en", [("user", "Morning. I manage Oakfield Primary. We want to install five lampposts along the drive, for safety. Quote please."),
                        ("assistant", "Steel posts are 800 each, cast iron 1100. Preference?"),
                        ("user", "Steel is fine. But only four posts, the governors cut the budget")],
                 "five lampposts", "four posts", id="en-want-noun-tail"),
    pytest.param("en", [("user", "Hi. I've got my nan's old watches, three of them, want them serviced before Easter"),
                        ("assistant", "Yes, about 60 each."),
                        ("user", "Lovely. Oh my brother just dropped off another one, so that's four")],
                 "three of them", "four of them", id="en-total-restated"),
    pytest.param("zh", [("user", "你好 我想给我家鸽子报名春季赛 报五羽多少钱"),
                        ("assistant", "每羽300元。"),
                        ("user", "有一羽前几天飞丢了 就报四羽吧")],
                 "五羽", "四羽", id="zh-want-measure"),
    pytest.param("zh", [("user", "我家要拆迁 屋里四口人 我 老婆 女儿 女婿"),
                        ("assistant", "好的，人口以户口本为准。"),
                        ("user", "对了 女儿上周生了 五口人了")],
                 "四口人", "五口人", id="zh-keyed-measure"),
])
def test_trust_prec28_a_count_said_again_moves_the_value_that_held_it(lang, turns, old, new):
    facts = _state(lang, *turns)
    assert not _holds(facts, old), facts
    assert _holds(facts, new), facts


def test_trust_prec28_zh_a_count_keyed_by_its_noun_follows_the_noun_said_again():
    facts = _state("zh", ("user", "你好，我们要办环评。厂房800平方，员工十二个左右。有喷漆的，一年大概用两吨。"),
                   ("assistant", "好的，请问有没有喷漆工序？"),
                   ("user", "没有喷漆。员工明年要扩到十八个"))
    assert _holds(facts, "员工十八个") and not _holds(facts, "十二个"), facts


def test_trust_prec28_en_one_thing_said_again_replaces_a_held_count():
    facts = _state("en", ("user", "We have 2 spare bedrooms, our youngest is 9"),
                   ("assistant", "Thanks, that helps."),
                   ("user", "Sorry, the box room is only a study, so it's really just 1 spare bedroom"))
    assert _holds(facts, "1 spare bedroom") and not _holds(facts, "2 spare bedrooms"), facts


@pytest.mark.parametrize(("lang", "turns", "kept"), [
    pytest.param("en", [("user", "We want to install five lampposts along the drive"), ("assistant", "Steel or cast iron?"),
                        ("user", "would four posts be cheaper?")], "five lampposts", id="en-question"),
    pytest.param("en", [("user", "We want to install five lampposts along the drive"), ("assistant", "Steel or cast iron?"),
                        ("user", "steel, and two benches if you have them")], "five lampposts", id="en-other-thing"),
    pytest.param("en", [("user", "I've got three watches to service"), ("assistant", "Sure, what's your name?"),
                        ("user", "Ann. The total for the last job, that's 40, was fine")], "three watches", id="en-total-mid-sentence"),
    pytest.param("zh", [("user", "我想报名春季赛 报五羽"), ("assistant", "每羽300元。"),
                        ("user", "五羽没错 不是四羽")], "五羽", id="zh-ruled-out"),
    pytest.param("en", [("user", "We want to install five lampposts along the drive"), ("assistant", "Steel or cast iron?"),
                        ("user", "steel. last year we had four posts put in at the other gate")], "five lampposts", id="en-last-year"),
    pytest.param("zh", [("user", "你好，我想报名春季赛 报五羽"), ("assistant", "每羽300元。"),
                        ("user", "好的 去年报了四羽")], "五羽", id="zh-last-year"),
    pytest.param("en", [("user", "need a cement mixer, mon to wed next week"), ("assistant", "110L at 25 a day."),
                        ("user", "last time I had it tues-wed and it was fine")], "mon to wed", id="en-span-last-time"),
    pytest.param("zh", [("user", "员工十二个左右，要办环评"), ("assistant", "好的。"),
                        ("user", "员工多少个算大厂？二十个吗")], "十二个", id="zh-question"),
])
def test_trust_prec28_a_count_not_said_again_moves_nothing(lang, turns, kept):
    assert _holds(_state(lang, *turns), kept)


@pytest.mark.parametrize(("lang", "turns", "old", "new"), [
    pytest.param("en", [("user", "hi need a cement mixer for a garden wall, mon to wed next week"),
                        ("assistant", "We have a 110L mixer at 25 a day."),
                        ("user", "great. actually make it tues-wed, the sand comes late")],
                 "mon to wed", "tues-wed", id="en-weekdays"),
    pytest.param("en", [("user", "Hello, I want to request how many parking fines the council issued from 2019 to 2022, by street."),
                        ("assistant", "Four years by street may exceed the cost limit. We could do 2019-2022 in total, or 2021-2022 by street."),
                        ("user", "The second one then, 2021 and 2022 by street please")],
                 "2019 to 2022", "2021 and 2022", id="en-years"),
    pytest.param("zh", [("user", "国庆想租辆车去海边 杭州提车 10月2到10月5号"),
                        ("assistant", "好的，10月2日到10月5日有一台途观。"),
                        ("user", "那个 改成10月6号还车吧 多玩一天")],
                 "10月2到10月5号", "10月2到10月6号", id="zh-new-end"),
])
def test_trust_prec28_a_span_said_again_moves_the_value_that_held_it(lang, turns, old, new):
    facts = _state(lang, *turns)
    assert not _holds(facts, old), facts
    assert _holds(facts, new), facts


@pytest.mark.parametrize(("lang", "turns", "kept"), [
    pytest.param("en", [("user", "need a cement mixer, mon to wed next week"), ("assistant", "110L at 25 a day."),
                        ("user", "could it be tues-wed instead?")], "mon to wed", id="en-question"),
    pytest.param("zh", [("user", "想租辆车 10月2到10月5号"), ("assistant", "好的。"),
                        ("user", "改成10月1号还车行吗")], "10月2到10月5号", id="zh-end-before-start-asked"),
])
def test_trust_prec28_a_span_not_said_again_moves_nothing(lang, turns, kept):
    assert _holds(_state(lang, *turns), kept)

