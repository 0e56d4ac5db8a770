"""A new user's rough edges the lead mended in the blind21 round (sixth part): a day or a clock the assistant proposes
in a yes/no question ("Would Tuesday at 3pm work?", "周六上午可以吗？") is offered until the user takes it; a "no" leaves
it out of the state (it was current the moment the assistant said it)."""

import pytest

from ctxgraph import Tracker


def _facts(lang, proposal, reply):
    t = Tracker(lang)
    t.observe_many([{"role": "user", "content": "I need an engineer visit" if lang == "en" else "我要约师傅上门"},
                    {"role": "assistant", "content": proposal}, {"role": "user", "content": reply}])
    return [(f.key, f.value, f.status) for f in t.state().facts]


@pytest.mark.parametrize("lang, proposal, reply, day", [
    ("en", "Would Tuesday at 3pm work?", "no, I'm at work then", "Tuesday"),
    ("en", "How about Friday?", "no", "Friday"),
])
def test_a_proposed_day_declined_is_not_current(lang, proposal, reply, day):
    facts = _facts(lang, proposal, reply)
    assert not any(day in v and status == "current" for k, v, status in facts), facts


@pytest.mark.parametrize("lang, proposal, reply, day", [
    ("en", "Would Tuesday at 3pm work?", "yes", "Tuesday"),
    ("en", "How about Friday?", "ok friday", "Friday"),
    ("zh", "周六上午可以吗？", "可以", "周六"),
    ("en", "We have Tuesday at 3pm.", "ok", "Tuesday"),  # a statement, no proposal: as before
])
def test_a_proposed_day_taken_is_current(lang, proposal, reply, day):
    facts = _facts(lang, proposal, reply)
    assert any(day in v and status == "current" for k, v, status in facts), facts
