"""Regressions a review of the blind10 round found in constraints and promises, mended by the lead (both languages):
a reversal that keeps the rule ("the nut free brownies as well", 还是要无坚果的那款吧, "I'll call you as well"), an
any-day answer that lifted a rule on contacting the user (周日别给我打电话 … 下周哪天都行), and a promise with a due
time that agrees to the user's limit ("I'll only email you the signed contract tomorrow morning")."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from tests.test_graph import bot


def _state(lang, *messages):
    t = Tracker(lang)
    for m in messages:
        t.observe(m if isinstance(m, dict) else {"role": "user", "content": m})
    return t.state()


@pytest.mark.parametrize(("lang", "rule", "later"), [
    ("en", "no nuts please, my son is allergic", "we'll have the nut free brownies as well"),
    ("en", "no dairy please", "add a dairy-free cheesecake as well"),
    ("en", "don't call me before 10am", "I'll call you as well if I'm late"),
    ("zh", "蛋糕不要放坚果", "还是要无坚果的那款吧"),
])
def test_trust_review11_a_reversal_that_keeps_the_rule_lifts_nothing(lang, rule, later):
    statuses = [c.status for c in _state(lang, rule, later).constraints]
    assert statuses and all(s == "active" for s in statuses), statuses


def test_trust_review11_a_reversal_still_lifts():
    state = _state("en", "no smoked salmon, it's too pricey for us",
                   "actually do the smoked salmon ones after all, the boss is paying")
    assert [c.status for c in state.constraints] == ["lifted"]


@pytest.mark.parametrize(("lang", "rule", "answer", "lifted"), [
    ("zh", "周日别给我打电话", "下周哪天都行", False),
    ("zh", "只能约周末", "下周哪天都行", True),
])
def test_trust_review11_any_day_lifts_a_rule_on_when_not_on_contact(lang, rule, answer, lifted):
    state = _state(lang, rule, bot("好的。您想哪天送货？"), answer)
    assert [c.status == "lifted" for c in state.constraints] == [lifted]


@pytest.mark.parametrize(("lang", "rule", "reply", "promised"), [
    ("en", "please don't post anything, email only", "Sure, I'll only email you the signed contract tomorrow morning.", True),
    ("en", "please don't post anything, email only", "Understood, we won't post anything.", False),
    ("zh", "别打电话，发微信就行", "好的，我明天上午只通过微信把报价单发给您。", True),
    ("zh", "别打电话，发微信就行", "好的，之后只通过微信联系您，不打电话。", False),
])
def test_trust_review11_a_due_time_makes_the_limit_said_back_a_promise(lang, rule, reply, promised):
    state = _state(lang, rule, bot(reply))
    assert bool(state.commitments) is promised, [c.text for c in state.commitments]


@pytest.mark.parametrize(("lang", "offer", "reply"), [
    ("en", "We offer a Standard tandem at £120 or a Thermal tandem at £190. Which would you like?", "is the thermal one longer"),
    ("en", "We offer a Standard tandem at £120 or a Thermal tandem at £190. Which would you like?",
     "what's the difference between the standard and thermal ones"),
    ("zh", "有两种：普通款3800元，带蓝牙的5600元。您要哪种？", "带蓝牙那种能便宜点不"),
])
def test_trust_review11_a_question_about_an_option_picks_nothing(lang, offer, reply):
    state = _state(lang, bot(offer), reply)
    assert not [f for f in state.facts if f.key.startswith("choice") and f.status == "current"], state.facts


def test_trust_review11_a_pick_still_picks():
    state = _state("en", bot("We offer a Standard tandem at £120 or a Thermal tandem at £190. Which would you like?"),
                   "the thermal one please")
    assert [f for f in state.facts if f.key.startswith("choice") and f.status == "current"]
