"""A new user's rough edges the lead mended late in the blind22 round, from a third batch of the lead's own chats: a
measure after a change word moves no clock ("周日下午3点来取" then "换成10寸的吧" made the pick-up time "10"), and the
thing itself cancelled after an offer the user turns down ("I can pause it for up to 6 weeks. Would that work?" - "no
then just cancel it") changes what the user wants."""

import pytest

from ctxgraph import Tracker


def _facts(messages, lang):
    t = Tracker(lang, today="2026-12-04")
    t.observe_many([{"role": r, "content": c} for r, c in messages])
    return {(f.key, f.value) for f in t.state().facts if f.status == "current"}


@pytest.mark.parametrize("messages, lang, kept", [
    ([("user", "订个8寸的生日蛋糕 巧克力味的 周日下午3点来取"), ("assistant", "好的，8寸巧克力蛋糕，周日下午3点。"), ("user", "人多了 换成10寸的吧")],
     "zh", ("time", "下午3点")),
    ([("user", "a 12 inch pizza for 7pm"), ("assistant", "Sure."), ("user", "make it 14 inch")], "en", ("time", "7pm")),
])
def test_a_measure_after_a_change_word_moves_no_clock(messages, lang, kept):
    facts = _facts(messages, lang)
    assert kept in facts and not any(k == "time" and v != kept[1] for k, v in facts), facts


def test_a_clock_after_a_change_word_still_moves_the_clock():
    facts = _facts([("user", "订个8寸的蛋糕 周日下午3点来取"), ("assistant", "好的。"), ("user", "换成10点吧")], "zh")
    assert ("time", "10点") in facts, facts


@pytest.mark.parametrize("reply", ["no then just cancel it", "no, just cancel it then", "in that case cancel it please"])
def test_cancelling_the_thing_after_an_offer_turned_down_is_the_new_want(reply):
    facts = _facts([("user", "hi I want to pause my meal kit subscription for 2 months"),
                    ("assistant", "I can pause it for up to 6 weeks. Would that work?"), ("user", reply)], "en")
    wants = [v for k, v in facts if k == "want"]
    assert wants and all("cancel" in v for v in wants), facts


def test_cancel_said_of_something_else_changes_no_want():
    facts = _facts([("user", "I want to pause my subscription"), ("assistant", "Sure, for how long?"),
                    ("user", "2 months. and can you cancel the email reminders")], "en")
    assert any(k == "want" and "pause" in v for k, v in facts), facts
