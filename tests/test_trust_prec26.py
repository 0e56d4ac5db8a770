"""(prec26) Wrong current values: a value the user mends in the same breath ("30 feet, no, 31", "7.20pm. No 8.20",
"all 6 of us. actually 5", "DOB 8 March 1950, no wait thats my wife's, mine is 3 August 1950", "Flat C … wait no its
Flat D", "my son's drum kit... no, not the drum kit", "面积九十二平 不对 房本上是九十点五平", "金额三千 … 哦金额我看错了
是六千"): only the mended value is current."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from tests.test_graph import bot, user


def _all_current(t: Tracker) -> list[str]:
    return [f.value for f in t.state().facts if f.status == "current"]


def _said(lang: str, *messages: str) -> list[str]:
    t = Tracker(lang, today="2027-03-01")
    t.observe_many([user(m) if n % 2 == 0 else bot(m) for n, m in enumerate(messages)])
    return _all_current(t)


@pytest.mark.parametrize("text, old, new", [
    ("I need a berth for my boat, a Contessa, 30 feet, no, 31 with the bracket.", "30 feet", "31"),
    ("It happened about 7.20pm. No 8.20, I'd left work at eight.", "7.20", "8.20"),
    ("a table for all 6 of us. actually 5, Tom can't come", "6 of us", "5 of us"),
])
def test_en_bare_no_or_actually_before_a_number_mends_the_value(text, old, new):
    values = _said("en", text)
    assert not any(old in v for v in values)
    assert any(new in v for v in values)


def test_en_date_restated_after_a_few_words():
    values = _said("en", "DOB 8 March 1950, no wait thats my wifes, mine is 3 August 1950.")
    assert not any("8 March" in v for v in values)
    assert any("3 August 1950" in v for v in values)


def test_en_labelled_part_named_again():
    values = _said("en", "address is 14 Mill Lane, Flat C, Leeds LS6 2AB. wait no its Flat D, C is downstairs")
    assert not any("Flat C" in v for v in values)
    assert any("14 Mill Lane, Flat D" in v for v in values)


def test_en_thing_denied_right_after_the_words():
    t = Tracker("en")
    t.observe_many([bot("Roughly how much are you taking?"),
                    user("the sofas, beds, my son's drum kit... no, not the drum kit, he's selling it. About 400 cubic feet?")])
    values = _all_current(t)
    assert not any("drum" in v for v in values)


@pytest.mark.parametrize("text, kept", [
    ("the address is Flat 2, No 5 Mill Lane", "5 Mill Lane"),  # "No 5": a house number, no slip
    ("2 boxes please, sorry, no rush on them", "2 boxes"),     # "no rush" denies no thing
])
def test_en_no_slip_leaves_values(text, kept):
    assert any(kept in v for v in _said("en", text))


def test_zh_mended_number_keeps_its_decimal():
    t = Tracker("zh")
    t.observe_many([bot("您房子多大面积？"), user("建筑面积九十二平 不对 房本上是九十点五平 九十二是我记错了")])
    values = _all_current(t)
    assert not any("九十二" in v for v in values)
    assert any("九十点五" in v for v in values)


def test_zh_field_named_before_i_misread():
    values = _said("zh", "贷款金额三千 逾期了五个月。哦金额我看错了 是六千")
    assert not any("三千" in v for v in values)
    assert any("六千" in v for v in values)


def test_zh_a_clause_between_keeps_the_value():
    """The 12th after 哦不对 is the rehearsal's, said a clause after the pick: the pick stays."""
    t = Tracker("zh", today="2027-11-01")
    t.observe_many([bot("11月12号和13号都可以，您选哪天？"), user("13号吧 那天学校好像有运动会彩排？哦不对 彩排是12号 13号可以")])
    assert any(f.value.startswith("13号") for f in t.state().facts if f.status == "current" and f.key in ("date", "slot"))


def test_zh_new_number_of_another_unit_mends_nothing():
    values = _said("zh", "复合肥60袋 尿素也整30袋 哎不对 俺大哥那20亩也让俺一块儿订")
    assert not any(v == "20袋" for v in values)


def test_en_po_is_no_place():
    """(prec26) "PO" alone is a purchase order, which the English model reads as a place."""
    t = Tracker("en")
    t.observe_many([bot("Who should the invoice go to?"), user("invoice to accounts@oakfield.co.uk, PO number to follow from Dev")])
    assert not [f.value for f in t.state().facts if f.status == "current" and f.key == "place"]


@pytest.mark.parametrize("text", ["他头疼得厉害，等不了一个礼拜，周三下午那个吧", "两头的吧 吉时9点18 师傅说这个时辰好"])
def test_zh_week_and_lucky_hour_are_no_place(text):
    """(prec26) 礼拜 (a week) and 吉时 (a lucky hour), tagged as places by jieba, name none."""
    t = Tracker("zh", today="2027-03-01")
    t.observe_many([bot("您看哪个时间方便？"), user(text)])
    assert not [f.value for f in t.state().facts if f.status == "current" and f.key == "place"]


@pytest.mark.parametrize("text", [
    "Hi, ref SR-4410. The engineer came Tuesday for my oven, said the fan needs replacing",
    "hi, Priya came Thursday with the swatches, we want the dark green",
    "we got the results on friday and my daughter didnt get her first choice",
])
def test_en_weekday_of_a_past_event_is_no_day(text):
    """(prec26) A weekday the user tells of something that happened is no day the user books."""
    t = Tracker("en")
    t.observe(user(text))
    assert not [f.value for f in t.state().facts if f.status == "current" and f.key == "day"]


@pytest.mark.parametrize("text, day", [("we moved it to Friday, so Friday please", "Friday"),
                                       ("can it be delivered Monday?", "Monday")])
def test_en_weekday_after_a_change_or_a_request_stays(text, day):
    t = Tracker("en")
    t.observe(user(text))
    assert any(day in f.value for f in t.state().facts if f.status == "current")


def test_en_plan_given_up_with_but():
    """(prec26) "We were going to say 14th January but …, so the 21st": the plan given up is no value."""
    t = Tracker("en", today="2027-01-02")
    t.observe_many([bot("What date would you like the crane?"),
                    user("We were thinking of 3rd March but the scaffold is late so the 10th.")])
    values = _all_current(t)
    assert not any("3rd March" in v for v in values)
    assert any("10th" in v for v in values)


def test_zh_count_mended_in_a_message_of_its_own_moves_the_want():
    """(prec26) "我算错了 是两百亩" after a want with "大概两百二十亩": the want no longer says the count taken back."""
    t = Tracker("zh")
    t.observe_many([user("你好 我们村有小麦要飞防 大概两百二十亩 下礼拜能来吗"), bot("可以安排。亩数能再确认一下吗？"),
                    user("我算错了 是两百亩 有二十亩已经打过了")])
    wants = [f.value for f in t.state().facts if f.status == "current" and f.key == "want"]
    assert wants and not any("两百二十亩" in w for w in wants)
    assert any("两百亩" in w for w in wants)
