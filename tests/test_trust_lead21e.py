"""A new user's rough edges the lead mended in the blind21 round (fifth part): a plain yes to the one slot the
assistant proposes with a yes/no question keeps the slot ("The earliest slot is Saturday 8 March, 8am-1pm. Shall I
book it?" - "yes please" kept nothing); a window of two clocks is one slot there."""

import pytest

from ctxgraph import Tracker


def _current(messages, lang="en"):
    t = Tracker(lang, today="2027-02-20")
    t.observe_many([{"role": r, "content": c} for r, c in messages])
    return {(f.key, f.value) for f in t.state().facts if f.status == "current"}


@pytest.mark.parametrize("lang, proposal, yes, slot", [
    ("en", "The earliest slot is Saturday 8 March, 8am-1pm. Shall I book it?", "yes please", "Saturday 8 March, 8am-1pm"),
    ("en", "We have Saturday 8 March, 8am to 1pm. Shall I book it?", "yes", "Saturday 8 March, 8am to 1pm"),
    ("en", "I can book you in for Saturday 8 March at 9am. Shall I?", "sure", "Saturday 8 March at 9am"),
    ("zh", "师傅周六上午10点可以上门，可以吗？", "可以", "周六上午10点"),
])
def test_a_yes_to_one_proposed_slot_keeps_it(lang, proposal, yes, slot):
    current = _current([("user", "I need an engineer visit" if lang == "en" else "我要预约师傅上门"),
                        ("assistant", proposal), ("user", yes)], lang)
    assert any(v == slot for k, v in current), current


@pytest.mark.parametrize("proposal, reply", [
    ("The earliest slot is Saturday 8 March, 8am-1pm. Shall I book it?", "no, I'm away that weekend"),
    ("The earliest slot is Saturday 8 March, 8am-1pm. Which suits?", "yes"),  # asks which: no proposal
    ("We have Saturday 8 March or Sunday 9 March. Shall I book one?", "yes"),  # two days: a list
])
def test_no_slot_without_a_plain_yes_to_one_proposal(proposal, reply):
    current = _current([("user", "I need an engineer visit"), ("assistant", proposal), ("user", reply)])
    assert not any(k == "slot" for k, v in current), current
