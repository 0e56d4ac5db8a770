"""model32: the constraint reader retrained on every open group (cs … cs_blind26, the 别 mask in its features, threshold
0.65) marks two clauses that other readers own; the learned step leaves them to those readers. Short chats of my own.
The shapes are English only (a Chinese deferral, 先不用, is a lift word the step skips already; day_parts reads English)."""

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


# --- a part of the day said as preferred is the user's availability (day_parts), not a rule

@pytest.mark.parametrize("reply, wanted", [
    ("any day except Monday, I volunteer on Mondays. Afternoons are better.", "Afternoons are better"),
    ("weekdays are fine, I work from home. Mornings are best.", "Mornings are best"),
])
def test_a_preferred_part_of_the_day_is_availability(reply, wanted):
    state = _state([("user", "I need a meter reading visit"), ("assistant", "When can the engineer come?"), ("user", reply)])
    assert wanted in [f.value for f in state.facts if f.key == "availability" and f.status == "current"], state.facts
    assert not [c for c in state.constraints if wanted in c.text]
