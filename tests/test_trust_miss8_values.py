"""miss8: people counted by kind in the singular and in chat shorthand ("1 teen", "one child", "8 ppl"),
each kind its own fact (teenagers apart from the children), in both languages."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker


def facts(text: str, lang: str, asked: str | None = None) -> dict[str, str]:
    t = Tracker(lang)
    if asked:
        t.observe({"role": "assistant", "content": asked})
    t.observe({"role": "user", "content": text})
    return {f.key: f.value for f in t.state().facts if f.status == "current"}


@pytest.mark.parametrize(("lang", "asked", "text", "expected"), [
    ("en", "Who's travelling?", "2 adults, 1 teen and our dog", {"adults": "2 adults", "teens": "1 teen"}),
    ("en", None, "one adult and one child please", {"adults": "one adult", "children": "one child"}),
    ("en", None, "2 adults, 2 kids and 1 teen", {"children": "2 kids", "teens": "1 teen"}),
    ("en", None, "a room friday 9pm for 3 hrs, 8 ppl", {"people": "8 ppl"}),
    ("zh", "几位？", "两个大人一个小孩", {"adults": "两个大人", "children": "一个小孩"}),
])
def test_trust_miss8_people_counted_by_kind(lang, asked, text, expected):
    got = facts(text, lang, asked)
    assert all(got.get(k) == v for k, v in expected.items()), got


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "we have one child's seat in the car already"),
    ("zh", "一个孩子的座位我们自己带"),
])
def test_trust_miss8_a_count_inside_another_noun_is_no_people_count(lang, text):
    got = facts(text, lang)
    assert "teens" not in got and "people" not in got, got
