"""A new Chinese user's rough edges (issue 19, user26zh round), from chats written as real customers type them
(tests/data/user26zh/chats.yml, expectations written before running ctxgraph): a second choice said after the
first ("这周四上午吧如果没有周五也行") became the current day."""

import pytest

from ctxgraph import Tracker


def _facts(lang, messages):
    t = Tracker(lang)
    t.observe_many([{"role": r, "content": c} for r, c in messages])
    return [(f.key, f.value, f.status) for f in t.state().facts]


def _current(facts, key):
    return [v for k, v, status in facts if k == key and status == "current"]


@pytest.mark.parametrize("reply, wanted", [
    ("这周四上午吧如果没有周五也行", "这周四上午"),
    ("下周二下午吧，没有的话周三也可以", "下周二下午"),
    ("10点吧 11点也行", "10点"),
])
def test_a_fallback_after_the_first_choice_is_not_current(reply, wanted):
    facts = _facts("zh", [("user", "想约个牙科检查"), ("assistant", "好的，您想约什么时候？"), ("user", reply)])
    assert wanted in [v for k, v, status in facts if status == "current"], facts
    assert not [v for k, v, status in facts if status == "current" and ("周五" in v or "周三" in v or v == "11点")], facts


@pytest.mark.parametrize("reply, day", [
    ("周四不行，周五也行", "周五"),   # the first is ruled out: the fallback is all there is
    ("周五也行", "周五"),
])
def test_a_lone_fallback_is_still_the_value(reply, day):
    facts = _facts("zh", [("user", "想约个牙科检查"), ("assistant", "好的，您想约什么时候？"), ("user", reply)])
    assert day in [v for k, v, status in facts if status == "current"], facts


def test_a_fallback_in_english_stays_out_too():
    facts = _facts("en", [("user", "I need a dental check-up"), ("assistant", "Sure."),
                          ("user", "Thursday morning please, if not Friday is fine too")])
    assert not [v for k, v, status in facts if status == "current" and "Friday" in v], facts
