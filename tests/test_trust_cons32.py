"""(cons32) Constraints in the right status, on chats of our own, both languages.

- A limit written with a thousands separator follows the value when the user moves it: "£1,200 max" then "make the
  budget £1,400" lifts the £1,200 rule and states it again with £1,400 (the old number was read as a word, "1,200" is
  not ``isdigit``, so a number never followed it).
"""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from tests.test_graph import user


def _rules(lang: str, *said: str) -> list[tuple[str, str]]:
    t = Tracker(lang)
    t.observe_many([user(s) for s in said])
    return [(c.text, c.status) for c in t.state().constraints]


@pytest.mark.parametrize("lang, first, then, old, new", [
    ("en", "budget is £1,200 max", "actually make the budget £1,400", "£1,200", "£1,400"),
    ("en", "our budget is $12,500, it must stay under $12,500", "ok our budget is $13,000 now", "$12,500", "$13,000"),
    ("zh", "预算是2,000元，最多不能超过2,000元", "老板批了，预算改成2,600元", "2,000元", "2,600元"),
])
def test_a_limit_with_a_thousands_separator_follows_the_new_value(lang, first, then, old, new):
    rules = _rules(lang, first, then)
    assert [s for t, s in rules if old in t] == ["lifted"]
    assert [s for t, s in rules if new in t] == ["active"]


@pytest.mark.parametrize("lang, first, then", [
    ("en", "budget is £1,200 max", "the delivery is £1,400 on its own?"),
    ("zh", "预算是2,000元，最多不能超过2,000元", "好的，定金是500元对吧"),
])
def test_a_limit_with_a_separator_stays_when_no_budget_moves(lang, first, then):
    assert all(s == "active" for _, s in _rules(lang, first, then))
