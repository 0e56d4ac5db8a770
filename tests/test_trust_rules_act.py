"""Rules read by the act (issue 19, cons7), in English and Chinese: what the user asks the assistant
to keep for the rest of the chat in any clause form, its lift and its changed value; beside each
act, the sentences of the same shape that set no rule."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker


def rules_after(lang: str, *messages: str) -> list[tuple[str, str, str]]:
    """(status, polarity, text) of every rule after the messages ("a: …" is the assistant's)."""
    t = Tracker(lang, today="2026-03-02")
    for m in messages:
        role, _, text = m.partition(": ") if m[:3] in ("a: ", "u: ") else ("u", "", m)
        t.observe({"role": {"u": "user", "a": "assistant"}[role], "content": text})
    return [(c.status, c.polarity, c.text) for c in t.state().constraints]


MADE = [
    # a limit said as what the most is
    ("en", ["the max we'd spend is 450 with fitting"], "must", "450"),
    ("en", ["the most we can stretch to is £420 with travel"], "must", "420"),
    # a kind left out of the thing, a request not to do something
    ("en", ["the shared room is fine but no smokers in the room please"], "must_not", "smokers"),
    ("en", ["any colour except green, the kitchen is green"], "must_not", "green"),
    ("en", ["could you not ring the doorbell when you come"], "must_not", "doorbell"),
    # the option or the dates just named, ruled out; the user away; a date that does not work
    ("en", ["the 4th is my graduation so not that one"], "must_not", "graduation"),
    ("en", ["we're away on holiday from the 3rd to the 10th"], "must_not", "3rd"),
    ("en", ["the 5th doesn't work for us"], "must_not", "5th"),
    ("en", ["I'm not free on the 12th"], "must_not", "12th"),
    ("zh", ["8号到12号我们回老家，这几天不行"], "must_not", "8号到12号"),
    ("zh", ["周二孩子打疫苗，那天不行"], "must_not", "打疫苗"),
    ("zh", ["下周我都不在家"], "must_not", "下周"),
    # a must-have, a state due by a time pointed back to, what the person sent must bring
    ("en", ["a lockable lid, that's a must"], "must", "lockable lid"),
    ("en", ["guests come at 7 so the room has to be warm by then"], "must", "warm"),
    ("en", ["whoever comes will need to bring a ladder"], "must", "ladder"),
    ("zh", ["师傅要带梯子，我家没有"], "must", "梯子"),
    ("zh", ["发票不能少，公司要报销"], "must", "发票"),
    # a preference given when the assistant asks whether there is one
    ("en", ["a: Do you have a preference for a window or an aisle seat?", "window please"], "prefer", "window"),
    ("zh", ["a: 老师有男有女，您有偏好吗？", "男老师吧，孩子比较皮"], "prefer", "男老师"),
]


@pytest.mark.parametrize(("lang", "messages", "polarity", "held"), MADE)
def test_rule_by_the_act_is_read(lang, messages, polarity, held):
    rules = rules_after(lang, *messages)
    assert any(s == "active" and p == polarity and held in t for s, p, t in rules), rules


NOT_MADE = [
    ("en", ["Lisbon is a must-see city"]),
    ("en", ["no idea what the model is please help"]),
    ("en", ["no I don't need the receipt please"]),
    ("en", ["a: We have a walk-in or a mail-in service. Which would you prefer?", "mail in, it's easier"]),
    ("en", ["a: Any preference on the day?", "no preference, whatever is free"]),
    ("zh", ["a: 包装有袋装和瓶装，您有偏好吗？", "都可以"]),
    ("zh", ["明天不行的话后天也可以"]),
    ("zh", ["师傅要带什么工具吗？"]),
]


@pytest.mark.parametrize(("lang", "messages"), NOT_MADE)
def test_same_shape_sets_no_rule(lang, messages):
    assert rules_after(lang, *messages) == []


LIFTED_AND_MOVED = [
    # a lift in other words, and a changed value: the old rule lifted, the new one active
    ("en", ["no studs on her please", "actually studs are ok now"], "studs", None),
    ("en", ["can you not tell him about the bill", "oh you can tell him after all, he knows"], "tell him", None),
    ("en", ["keep the total under 16k please", "we sold the car so we can go to 19k now"], "16k", "19k"),
    ("en", ["she's away on a school trip the week of the 16th so not that week",
            "the school trip got moved to the week after, so it's the 23rd she can't do now"], "16th", "23rd"),
    ("zh", ["包装上别印日期", "日期印上也没关系了，婚期定了"], "日期", None),
    ("zh", ["周六上午她要学游泳，不能约周六", "游泳课停了，周六也不用避开了"], "周六", None),
    ("zh", ["我五号到九号出差，这几天排不了", "出差改到十二号到十六号了"], "五号到九号", "十二号到十六号"),
]


@pytest.mark.parametrize(("lang", "messages", "old", "new"), LIFTED_AND_MOVED)
def test_lift_and_changed_value_by_the_act(lang, messages, old, new):
    rules = rules_after(lang, *messages)
    assert any(s == "lifted" and old in t for s, _, t in rules), rules
    assert not any(s == "active" and old in t and (new is None or new not in t) for s, _, t in rules), rules
    if new:
        assert any(s == "active" and new in t for s, _, t in rules), rules
