"""user32zh: a new Chinese user's rough edges, from 25 chats of my own (tests/data/user32zh/chats.yml, expectations
written before running ctxgraph). Each test is a short chat of my own; it failed before its rule. The shapes are
Chinese only (the English readers have their own words for them)."""

import pytest

from ctxgraph import Tracker
from tests.test_trust_user30zh import _current, _facts  # (key, value, status) of every fact; one key's current values


def _values(facts):
    return [v for _, v, status in facts if status == "current"]


def _rules(messages):
    t = Tracker(lang="zh")
    t.observe_many([{"role": r, "content": c} for r, c in messages])
    return [(c.polarity, c.text) for c in t.state().constraints if c.status == "active"]


# --- the 别 of "特别", "分别", "别的" forbids nothing: a long message typed without stops is no rule

@pytest.mark.parametrize("text", [
    "喂你好我家洗衣机脱水的时候响得特别厉害像要飞起来一样是海尔的滚筒",
    "喂你好我家热水器烧水的时候响得特别厉害像要炸了一样是万和的",
    "前天买的面包吃起来味道特别怪像是坏了",
])
def test_a_word_with_a_bie_that_forbids_nothing_makes_no_rule(text):
    assert _rules([("user", text)]) == []


def test_a_real_bie_still_forbids():
    assert [p for p, _ in _rules([("user", "一定要特别小心 别碰到旁边的柜子")])] == ["must_not"]


# --- "对方…" opens no yes: the reply to a yes-no question that starts with it is no answer with its 对 cut off

@pytest.mark.parametrize("question, reply, cut", [
    ("有没有报交警？", "对方全责 交警来了 定完责了", "方全责"),
    ("请问对方有没有留电话？", "对方走了 没留", "方走"),
    ("有没有报保险？", "对方报了 人保的", "方报"),
    ("行李需要托运吗？", "行李就一个小箱子 不用托运", "李就一个小箱子"),
])
def test_a_word_that_starts_with_a_yes_word_is_no_yes(question, reply, cut):
    facts = _facts([("user", "你好"), ("assistant", question), ("user", reply)])
    assert not any(v.startswith(cut) for v in _values(facts)), facts
