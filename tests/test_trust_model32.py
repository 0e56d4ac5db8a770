"""model32: the constraint reader retrained on every open group (cs … cs_blind26, the 别 mask in its features, threshold
0.65) marks a bare "not yet" (P 0.67), which keeps nothing; the learned step leaves it. Short chats of my own. English
only: "先不用 我再想想" makes no rule already; "先不要 我问问我老婆" is a rule before this round too (left)."""

import pytest

from ctxgraph import Tracker


def _state(messages, lang="en"):
    t = Tracker(lang=lang)
    t.observe_many([{"role": r, "content": c} for r, c in messages])
    return t.state()


# --- a bare "not yet" that puts off what the assistant offered is no rule: it keeps nothing

@pytest.mark.parametrize("reply", ["please not yet, I need to ask my wife first", "not yet please, I'll ring back",
                                   "ok not now, maybe next month"])
def test_a_bare_not_yet_is_no_rule(reply):
    state = _state([("user", "I'd like to cancel my gym contract"), ("assistant", "Shall I cancel it today?"),
                    ("user", reply)])
    assert not [c for c in state.constraints if c.status == "active"], state.constraints


def test_not_before_a_time_is_still_a_rule():
    state = _state([("user", "I'd like a boiler service"), ("assistant", "When suits you?"),
                    ("user", "not before 10 please, I do the school run")])
    assert [c for c in state.constraints if c.status == "active"]
