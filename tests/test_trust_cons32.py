"""(cons32) Constraints in the right status, on chats of our own, both languages.

- A limit written with a thousands separator follows the value when the user moves it: "£1,200 max" then "make the
  budget £1,400" lifts the £1,200 rule and states it again with £1,400 (the old number was read as a word, "1,200" is
  not ``isdigit``, so a number never followed it).
"""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from tests.test_graph import user


def _rules(lang: str, *said: str) -> list[tuple[str, str]]:
    t = Tracker(lang)
    t.observe_many([user(s) for s in said])
    return [(c.text, c.status) for c in t.state().constraints]


@pytest.mark.parametrize("lang, first, then, old, new", [
    ("en", "budget is £1,200 max", "actually make the budget £1,400", "£1,200", "£1,400"),
    ("en", "our budget is $12,500, it must stay under $12,500", "ok our budget is $13,000 now", "$12,500", "$13,000"),
    ("zh", "预算是2,000元，最多不能超过2,000元", "老板批了，预算改成2,600元", "2,000元", "2,600元"),
])
def test_a_limit_with_a_thousands_separator_follows_the_new_value(lang, first, then, old, new):
    rules = _rules(lang, first, then)
    assert [s for t, s in rules if old in t] == ["lifted"]
    assert [s for t, s in rules if new in t] == ["active"]


@pytest.mark.parametrize("lang, first, then", [
    ("en", "budget is £1,200 max", "the delivery is £1,400 on its own?"),
    ("zh", "预算是2,000元，最多不能超过2,000元", "好的，定金是500元对吧"),
])
def test_a_limit_with_a_separator_stays_when_no_budget_moves(lang, first, then):
    assert all(s == "active" for _, s in _rules(lang, first, then))


@pytest.mark.parametrize("lang, said, rule", [
    ("en", "About 40 guests. Now, strictly no real money, it's all raffle tickets.", "strictly no real money"),
    ("en", "absolutely no pork, half of them are muslim", "absolutely no pork"),
    ("en", "and definitely don't ring the bell, the baby will be asleep", "definitely don't ring the bell"),
    ("zh", "绝对别放香菜，我们都不吃", "绝对别放香菜"),
])
def test_a_prohibition_after_a_word_that_insists_is_a_rule(lang, said, rule):
    """(cons32) "strictly / absolutely / definitely / certainly" before "no X" or "don't X" (Chinese says 绝对 / 千万)."""
    assert any(rule in t and s == "active" for t, s in _rules(lang, said))


@pytest.mark.parametrize("said", ["absolutely no rush", "definitely no problem with that", "absolutely no idea what size"])
def test_an_insisting_word_makes_no_rule_of_a_phrase(said):
    assert _rules("en", said) == []


@pytest.mark.parametrize("lang, said, day", [
    ("zh", "装可以 但得在四月十号前装完 过了就开花了", "四月十号前"),
    ("zh", "十八号前要送到，我们要办酒", "十八号前"),
    ("zh", "礼拜五前要弄好", "礼拜五前"),
    ("en", "the wedding is on the 3rd so it has to be done before the 2nd of july", "before the 2nd of july"),
])
def test_a_deadline_on_a_day_said_in_words_is_a_rule(lang, said, day):
    """(cons32) The deadline's day in Chinese numerals or by 礼拜, as with digits ("4月10号前", "周五前")."""
    assert any(day in t and s == "active" for t, s in _rules(lang, said))


@pytest.mark.parametrize("said", ["两年前装的，一直没坏", "三号前台那个人态度很好"])
def test_a_past_time_or_a_word_with_qian_is_no_deadline(said):
    assert _rules("zh", said) == []


@pytest.mark.parametrize("lang, first, then, rule", [
    ("en", "Two of us. Only weekend possible for us", "My shift changed, I can do weekdays also, not only weekend.",
     "Only weekend possible for us"),
    ("en", "Leeds only please, and no stairs", "Actually you can widen it to Bradford, the bus is quick", "Leeds only please"),
    ("zh", "只能周末来，平时要上班", "现在不只周末了", "只能周末来"),
    ("zh", "只收现金", "不仅限现金了，刷卡转账都收", "只收现金"),
    ("zh", "只能送到小区门口", "不只小区门口了，送上楼吧", "只能送到小区门口"),
])
def test_an_only_rule_widened_is_lifted(lang, first, then, rule):
    """(cons32) "not only X" / 不只 X names the only-rule it widens; a widening verb lifts the one only-rule there is."""
    assert (rule, "lifted") in _rules(lang, first, then)


@pytest.mark.parametrize("lang, first, then", [
    ("en", "Leeds only please. Mornings only too.", "you can widen it to Bradford"),  # two only-rules: which one?
    ("en", "Only weekend possible for us", "not only that, we need parking"),  # widens nothing the rule names
    ("zh", "只能周末来", "不光是我，我老婆也来"),
])
def test_an_only_rule_stays_when_the_widening_names_no_one_rule(lang, first, then):
    only = [s for t, s in _rules(lang, first, then) if "only" in t.lower() or "只" in t]
    assert only and set(only) == {"active"}


@pytest.mark.parametrize("lang, first, then, rule", [
    ("en", "Please contact me not him, he gets flustered on the phone. No stairs.",
     "He says he's not a child. So you can ring him on 01792 893 206 instead of me.", "Please contact me not him"),
    ("en", "pls dont write to her yet we want to talk to her first", "we spoke to her last night, you can send it to her now",
     "pls dont write to her yet"),
    ("zh", "别打我电话 上班不方便", "我下班了 可以打了", "别打我电话"),
])
def test_a_contact_rule_is_lifted_when_the_contact_is_allowed_in_other_words(lang, first, then, rule):
    """(cons32) Ringing, calling, writing, sending are one deed: allowing it lifts the one active rule on contacting."""
    assert [s for t, s in _rules(lang, first, then) if rule in t] == ["lifted"]


@pytest.mark.parametrize("lang, first, then", [
    ("en", "Please contact me not him, he gets flustered", "I can send you photos of it"),  # the user's own deed
    ("en", "Please contact me not him", "can you ring him instead?"),  # asked
    ("en", "Please contact me not him. And no letters to the house.", "you can ring him now"),  # two contact rules: which?
])
def test_a_contact_rule_stays_when_no_one_contact_is_allowed(lang, first, then):
    assert [s for t, s in _rules(lang, first, then) if "not him" in t] == ["active"]


def _said_to_a_question(said: str) -> list[tuple[str, str]]:
    t = Tracker("zh")
    t.observe_many([user("我想订个外卖"), {"role": "assistant", "content": "好的，请问有什么要求？"}, user(said)])
    return [(c.polarity, c.text) for c in t.state().constraints]


@pytest.mark.parametrize("said, rule", [
    ("甭打电话 直接放门口就行", "甭打电话"),
    ("嫑放辣子 娃娃要吃", "嫑放辣子"),
    ("得嘞 要是能顺手上点油也成 算了算了 上油伤料 甭上油", "甭上油"),
])
def test_a_dialect_dont_is_a_prohibition(said, rule):
    """(cons32) 甭 (Beijing, = 别) and 嫑 (north-west, = 不要) forbid as 别 does: must_not, not a preference."""
    assert any(p == "must_not" and rule in t for p, t in _said_to_a_question(said))


@pytest.mark.parametrize("said", ["甭管几点都行", "甭提多高兴了", "嫑急 慢慢弄"])
def test_a_dialect_dont_in_a_set_phrase_is_no_rule(said):
    assert not any(p == "must_not" for p, _ in _said_to_a_question(said))


@pytest.mark.parametrize("lang, said, held", [
    ("en", "its for my daughters wedding on the 3rd july, they have to be back up before that", "3rd july"),
    ("en", "The audit is on 12 May so the report needs to be ready before that.", "12 May"),
    ("zh", "7月3号办婚礼，在那之前一定要弄好", "7月3号"),  # Chinese read it already
])
def test_a_deadline_pointing_back_with_before_that_holds_its_day(lang, said, held):
    """(cons32) "has to be … before that" points back to the day said before it, as "before then" did."""
    assert any(held in t and s == "active" for t, s in _rules(lang, said))
