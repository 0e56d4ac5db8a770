"""Stress marks the sentence it is said in, not the whole message (issue 21): a stressed fact or
rule is pinned, so a word of stress must not pin everything else the message says. Phrasings
written for these tests, in both languages."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker


def stressed(lang: str, *turns: str) -> dict[str, bool]:
    """{value or rule text: stressed} after the user's ``turns``, current facts and rules only."""
    t = Tracker(lang, today="2026-03-02")
    for text in turns:
        t.observe({"role": "user", "content": text})
    s = t.state()
    out = {f.value: f.stressed for f in s.facts if f.status == "current"}
    out.update({c.text: t.graph.nodes[c.id]["stressed"] for c in s.constraints if c.status == "active"})
    return out


@pytest.mark.parametrize(("lang", "text", "plain", "meant"), [
    pytest.param("en", "My budget is $450. Please remember, I'm allergic to peanuts.", "$450", "allergic to peanuts",
                 id="en-rule-stressed-not-the-fact-before"),
    pytest.param("en", "We land at 6pm on Friday. Make sure the driver has a sign with my name.", "6pm", "sign with my name",
                 id="en-make-sure-after-the-times"),
    pytest.param("zh", "预算5000元。请记住，不要用顺丰。", "5000元", "不要用顺丰", id="zh-rule-after-the-budget"),
    pytest.param("zh", "我住在北京。务必注意，预算不超过五千。", "北京", "预算不超过五千", id="zh-place-before-the-stress"),
])
def test_stress_scope_marks_its_sentence_only(lang, text, plain, meant):
    found = stressed(lang, text)
    assert found[plain] is False
    assert any(meant in k and v for k, v in found.items()), found


@pytest.mark.parametrize(("lang", "text", "value"), [
    pytest.param("en", "Remember! My budget is $450. I like the blue one.", "$450", id="en-cue-alone-then-the-fact"),
    pytest.param("zh", "记住！预算5000元。我喜欢蓝色的。", "5000元", id="zh-cue-alone-then-the-fact"),
    pytest.param("en", "Please remember, my budget is $450.", "$450", id="en-same-sentence"),
])
def test_stress_scope_a_cue_alone_stresses_the_next_sentence(lang, text, value):
    assert stressed(lang, text)[value] is True


@pytest.mark.parametrize(("lang", "turns", "value", "expected"), [
    pytest.param("en", ["Please remember, my budget is $450.", "Actually, make it $500."], "$500", True,
                 id="en-correction-keeps-the-stress"),
    pytest.param("en", ["Please remember, my budget is $450.", "My budget is $600 for the second trip."], "$600", False,
                 id="en-a-later-value-is-not-stressed"),
    pytest.param("zh", ["记住，预算5000元。", "不对，预算改成6000元。"], "6000元", True, id="zh-correction-keeps-the-stress"),
])
def test_stress_scope_handed_on_only_to_a_correction(lang, turns, value, expected):
    assert stressed(lang, *turns)[value] is expected
