"""Lifts by the act (issue 19, cons9): a lift that drops a limit as such lifts the one bounded rule and makes no
rule of its own words; a relaxation said without a new value ("doesn't matter any more", 不强制了) is a lift;
a rule's date does not follow a count the user changes."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker


def _rules(lang: str, said: list[str]) -> list[tuple[str, str]]:
    t = Tracker(lang)
    for i, text in enumerate(said):
        t.observe({"role": "user" if i % 2 == 0 else "assistant", "content": text})
    return [(c.text, c.status) for c in t.state().constraints]


@pytest.mark.parametrize(("lang", "said", "rule"), [
    ("zh", ["想订一批定制水杯，预算不能超过两千", "好的，我们有陶瓷和不锈钢两种。", "老板批了，价格不用限制了"], "不能超过两千"),
    ("en", ["the trailer must be under 750kg, that's all my licence covers", "Understood, we have two models under 750kg.",
            "I passed my test last week so you can drop the weight restriction"], "under 750kg"),
])
def test_lifts_cons9_dropping_a_limit_lifts_the_one_bounded_rule(lang, said, rule):
    rules = _rules(lang, said)
    assert [s for t, s in rules if rule in t] == ["lifted"]
    assert all(s == "lifted" for _, s in rules)  # the lift's own words ("价格不用限制了") are no rule


@pytest.mark.parametrize(("lang", "said", "rule"), [
    ("zh", ["下周团建想去攀树，必须每人戴头盔", "好的，头盔我们都会准备。", "问过了场地有安全网，头盔看个人吧，不强制了"], "头盔"),
    ("en", ["no balloons at the venue please, the owner is strict", "Noted, no balloons.",
            "the owner changed her mind, the balloons thing doesn't matter any more"], "balloons"),
])
def test_lifts_cons9_a_relaxation_without_a_value_lifts_the_rule_it_names(lang, said, rule):
    assert [s for t, s in _rules(lang, said) if rule in t] == ["lifted"]


@pytest.mark.parametrize(("lang", "said"), [
    ("zh", ["想买把伞，预算不能超过两百", "好的，两百以内有蓝色和黑色两款。", "颜色都可以"]),
    ("en", ["keep it under £200 please", "Sure, three models under £200.", "ok thanks, that's fine"]),
])
def test_lifts_cons9_an_acknowledgement_lifts_nothing_it_does_not_name(lang, said):
    """A lift cue with no limit word ("that's fine") does not reach for the one bounded rule."""
    rules = _rules(lang, said)
    assert rules and all(s == "active" for _, s in rules)


@pytest.mark.parametrize(("lang", "said", "date"), [
    ("en", ["we want 300 copies and the tour starts 2 oct so they have to arrive by 25 sep", "Noted, 300 copies.",
            "can we bump it to 500?"], "2 oct"),
    ("zh", ["要300本，10月2号展会开始，所以必须9月25号之前到", "好的，300本。", "能加到500本吗？"], "10月2号"),
])
def test_lifts_cons9_a_rules_date_does_not_follow_a_count(lang, said, date):
    rules = _rules(lang, said)
    assert not any("500" in t and ("oct" in t or "月" in t) for t, s in rules if s == "active")
