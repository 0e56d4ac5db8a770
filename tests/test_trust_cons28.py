"""(cons28) Constraints in the right status, on chats of our own: a Chinese message that states several rules, one of
them asked for without a rule word ("名字要单名", "不行就送到城西那个门店"), keeps the other rules when that one is taken back;
a lift that names one rule by the piece stating it lifts no other rule that only shares a side word with the lift; a rule
word left bare by a lift is not kept as a rule; a count of things changed ("make it 12 tents") moves no hour of a rule
("not before 9").

The count-for-clock shape is English's: Chinese says a count with its measure word ("12个") and the rule's hour with its
own ("9点"), which acts22 already tells apart. The first shape is one of segmented writing (one message, one rule text
cut into space-parted pieces); English rules are cut into clauses when they are read, so a lift there names one
clause's rule already."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from tests.test_graph import bot, user


def _rules(lang: str, said: list[dict]) -> list[tuple[str, str]]:
    t = Tracker(lang)
    t.observe_many(said)
    return [(c.text, c.status) for c in t.state().constraints]


def _status(rules, word: str) -> set[str]:
    return {st for text, st in rules if word in text}


# --- a rule asked for without a rule word, taken back: the rules beside it stand --------------------------------------

@pytest.mark.parametrize("first, lift, kept, gone", [
    ("别用生僻字 名字要单名", "双名也行 不一定非得单名", "生僻字", "单名"),
    ("桌子要实木的 不行就送到城西那个门店 不要放快递柜", "算了 城西那个门店太远了", "快递柜", "城西"),
    ("墙面别用深色 客厅刷成米白 不要有味道的漆", "客厅米白不一定 浅灰也行", "有味道", "米白"),
])
def test_the_rules_beside_a_plain_request_stand_when_it_is_taken_back(first, lift, kept, gone):
    rules = _rules("zh", [user(first), bot("好的，记下了。"), user(lift)])
    assert "active" in _status(rules, kept)
    assert "lifted" in _status(rules, gone)
    assert not any(gone in text and st == "active" for text, st in rules)


# --- a lift names one rule by its piece: a rule sharing only a side word stays ----------------------------------------

def test_a_lift_named_by_its_rule_piece_leaves_a_rule_sharing_a_side_word():
    rules = _rules("zh", [user("只能用现金 老板不让扫码 怕被盗刷"), bot("好的。"),
                          user("送货只能周六来 平时店里忙 走不开"), bot("明白，周六送货。"),
                          user("刚刚老板说 下周二店休 平日也可以了 就改那天吧")])
    assert _status(rules, "不让扫码") == {"active"}
    assert "lifted" in _status(rules, "周六")


# --- a rule word left bare by a lift is no rule -----------------------------------------------------------------------

def test_a_bare_rule_word_is_not_kept_as_a_rule():
    rules = _rules("zh", [user("蛋糕别放芒果 字要写生日快乐 必须 周六送到"), bot("好的。"), user("周日送到也行")])
    kept = [text for text, st in rules if st == "active"]
    assert kept and all(not text.endswith("必须") for text in kept)
    assert "active" in _status(rules, "芒果")


# --- a count of things does not move a clock bound said with the same number ----------------------------------------

@pytest.mark.parametrize("first, rule, change, hour", [
    ("we need 8 tents for a camping weekend", "pitching yes but not before 9, people sleeping",
     "make it 12 tents after all, more friends coming", "before 9"),
    ("6 bikes for the family please", "collection fine but not after 5, people at swimming",
     "actually make it 7 bikes, my cousin joins", "after 5"),
])
def test_a_count_changed_leaves_the_hour_of_a_rule(first, rule, change, hour):
    rules = _rules("en", [user(first), bot("Sure. Anything else?"), user(rule), bot("Noted."), user(change)])
    assert _status(rules, hour) == {"active"}, rules
    assert [text for text, st in rules if st == "active"] == [rule], rules
