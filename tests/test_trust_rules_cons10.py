"""Rules and lifts by the act (issue 19, cons10), in English and Chinese: an exclusion from a universal, a bare
"not X" said as a request or against the wanted one, a negated request beside the wanted one, "keep X out", what can
reach the place; lifts by reversal (the user wants after all what a rule ruled out), by leave to go past a bound and
by any day being fine now. Beside each act, sentences of the same shape that set or lift nothing."""

from __future__ import annotations

import pytest

try:
    from tests.test_trust_rules_act import rules_after
except ImportError:  # run from tests/
    from test_trust_rules_act import rules_after

MADE = [
    # an exclusion from a universal, whatever it ranges over
    ("en", ["any weeknight except thursday, that's choir"], "must_not", "thursday"),
    ("en", ["any of the three drivers but Gary please"], "must_not", "Gary"),
    ("en", ["whatever date works for you apart from the 9th"], "must_not", "9th"),
    ("zh", ["除了周五 哪天都可以"], "must_not", "周五"),
    # a bare "not X" as a request or set against the wanted one; a negated request beside the wanted one
    ("en", ["not by the front door please, the dog goes mad"], "must_not", "front door"),
    ("en", ["a: We can post it or use a courier.", "post is fine. but not second class"], "must_not", "second class"),
    ("en", ["pls whatsapp dont phone me, I'm at work"], "must_not", "phone"),
    ("zh", ["发短信 别打电话 在开会"], "must_not", "打电话"),
    # keep a thing out; what can reach the place
    ("en", ["keep the cushions out of the quote, we're reusing ours"], "must_not", "cushions"),
    ("en", ["the track is muddy, only a 4x4 can get up there"], "must", "4x4"),
    ("zh", ["巷子很窄 只有三轮车能进"], "must", "三轮车"),
    # a busy time said by where the person has to be
    ("zh", ["晚上他要去学游泳"], "must_not", "晚上"),
    ("zh", ["春节我们回老家"], "must_not", "春节"),
    ("zh", ["周四下午孩子有书法课"], "must_not", "周四下午"),
]


@pytest.mark.parametrize(("lang", "messages", "polarity", "held"), MADE)
def test_rules_cons10_rule_by_the_act_is_read(lang, messages, polarity, held):
    rules = rules_after(lang, *messages)
    assert any(s == "active" and p == polarity and held in t for s, p, t in rules), rules


NOT_MADE = [
    ("en", ["any of them is fine but the blue is nicest"]),
    ("en", ["a: Shall I book the 10th?", "not sure yet, I'll check with my wife"]),
    ("en", ["the 3rd, not the 4th, sorry"]),
    ("en", ["we can't go past the 2nd roundabout, is that where you are?"]),
    ("zh", ["要大的还是小的？"]),
    ("zh", ["周六我要去你们店里看看样品"]),
    ("zh", ["周末有试听课的话我想去"]),
]


@pytest.mark.parametrize(("lang", "messages"), NOT_MADE)
def test_rules_cons10_same_shape_makes_no_rule(lang, messages):
    assert rules_after(lang, *messages) == []


LIFTED = [
    # the user wants after all what a rule ruled out
    ("en", ["no gift wrap, it's a waste", "a: Noted, no gift wrap.", "oh go on, do the gift wrap as well"], "gift wrap"),
    ("en", ["no sprinkles on the cupcakes please", "a: Sure.", "the kids will riot, add the sprinkles after all"], "sprinkles"),
    ("zh", ["不要送货上门 我自己去拿", "a: 好的，那您到店自提。", "送货上门还是你们送吧 我那天没空"], "送货上门"),
    # leave to go past a bound
    ("en", ["keep it under £300", "a: The nearest is £340.", "fine, you can go over the 300 for that one"], "300"),
    ("zh", ["预算别超过五千", "a: 这款五千八。", "钱可以多花点 质量好就行"], "五千"),
    # any day fine now
    ("en", ["it has to be a saturday, I work weekdays", "a: Noted.", "I've got the week off now so any day's fine"], "saturday"),
    ("zh", ["只能周日 其他时间上班", "a: 好的。", "我换了班 哪天都行了"], "周日"),
]


@pytest.mark.parametrize(("lang", "messages", "held"), LIFTED)
def test_rules_cons10_rule_is_lifted_by_the_act(lang, messages, held):
    rules = rules_after(lang, *messages)
    assert any(s == "lifted" and held in t for s, _, t in rules), rules


KEPT = [
    # a negated reversal is a rule again, a question asks, two rules named leave both
    ("en", ["no gift wrap, it's a waste", "a: Noted.", "and no card as well"], "gift wrap"),
    ("en", ["keep it under £300", "a: Noted.", "we can't go over the 300 though"], "300"),
    ("zh", ["不要送货上门 我自己去拿", "a: 好的。", "送货上门还是自提便宜？"], "送货上门"),
]


@pytest.mark.parametrize(("lang", "messages", "held"), KEPT)
def test_rules_cons10_same_shape_lifts_nothing(lang, messages, held):
    rules = rules_after(lang, *messages)
    assert any(s == "active" and held in t for s, _, t in rules), rules


def test_rules_cons10_busy_time_is_no_pick_of_its_slot():
    """"周日吧，周六他有英语课" takes the Sunday slot; Saturday is the busy time, not the pick. (cons31) Nor a rule: the busy
    Saturday beside the Sunday picked is the pick's reason (blind6 dance's "周日那个，周六她还有英语课" is unlisted)."""
    from ctxgraph import Tracker

    t = Tracker("zh", today="2026-03-02")
    t.observe_many([{"role": "user", "content": "想给孩子报个围棋体验课"},
                    {"role": "assistant", "content": "体验课有周六上午10点和周日上午10点两场。"},
                    {"role": "user", "content": "周日那个，周六他有英语课"}])
    current = [f.value for f in t.state().facts if f.status == "current"]
    assert any("周日" in v for v in current) and not any("周六" in v for v in current), current
    assert not any(c.status == "active" and "周六" in c.text for c in t.state().constraints)
