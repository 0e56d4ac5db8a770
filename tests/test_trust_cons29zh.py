"""(cons29zh) Chinese constraints in the right status, on chats of our own: a rule said with a dialect's negator (Wu 勿要
= 不要: "照片勿要发到网上"; the 莫 of the south-west after the thing it rules: "店名莫写 门牌也莫写", "味精也莫放") is a rule,
and the lift that later names it takes it back; 勿要紧 (no matter), a question, a surname (老莫) or a place (莫干山) is none.

The shapes are Chinese only: English has one negator ("don't", "no") that the rules already read wherever it stands."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from tests.test_graph import bot, user


def _rules(said: list[dict]) -> list[tuple[str, str]]:
    t = Tracker("zh")
    t.observe_many(said)
    return [(c.text, c.status) for c in t.state().constraints]


def _status(rules, word: str) -> set[str]:
    return {st for text, st in rules if word in text}


# --- Wu 勿要 = 不要 ------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("said, word", [
    ("好个，宝宝照片勿要发到网上去", "网上"),
    ("电话打我好了，勿要打阿拉爷叔，伊耳朵勿好", "阿拉爷叔"),
    ("二手个阿拉勿要的，换新个", "二手"),
])
def test_a_wu_negator_states_a_rule(said, word):
    assert _status(_rules([user(said)]), word) == {"active"}


def test_a_wu_rule_is_lifted_by_the_lift_naming_it():
    rules = _rules([user("二手个阿拉勿要的，换新个"), bot("好的，给您换新。"), user("等一歇，二手个也可以，便宜点")])
    assert _status(rules, "二手") == {"lifted"}


@pytest.mark.parametrize("said", ["勿要紧个，慢慢来", "快递勿要签字伐？"])
def test_no_matter_or_a_question_with_the_wu_negator_is_no_rule(said):
    assert _rules([user(said)]) == []


# --- 莫 after the thing it rules --------------------------------------------------------------------------------------

@pytest.mark.parametrize("said, words", [
    ("对 车牌莫拍 门头也莫拍 怕老板看到", ["车牌莫拍", "门头也莫拍"]),
    ("香肠要麻辣的 花椒也莫放太多 鸡精就莫加", ["鸡精就莫加"]),
])
def test_a_topic_then_mo_states_a_rule(said, words):
    rules = _rules([user(said)])
    for word in words:
        assert _status(rules, word) == {"active"}, rules


@pytest.mark.parametrize("said", ["国庆想去莫干山住两晚 有民宿吗", "找老莫就行 他晓得", "主机要包装 莫摔了"])
def test_a_place_a_surname_or_a_warning_with_mo_is_no_rule(said):
    assert _rules([user(said)]) == []
