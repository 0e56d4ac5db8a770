"""cons11's widened frames, with the same acts in Chinese beside them: a negated request in text-speak ("can u not
…"), a day excluded after "please", a limit said as a negated imperative with a comparison ("dont dig past 20cm"),
and the time a service covers ("while we're on holiday") that is no absence."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker


def rules(lang: str, text: str) -> list[str]:
    t = Tracker(lang)
    t.observe({"role": "user", "content": text})
    return [c.text for c in t.state().constraints]


@pytest.mark.parametrize(("lang", "text", "core"), [
    ("en", "can u not ring the doorbell when u arrive, the baby will be asleep", "doorbell"),
    ("zh", "到了别按门铃，宝宝在睡觉", "门铃"),
    ("en", "please not mondays, the road is closed", "not mondays"),
    ("zh", "别约周一，那天路封了", "周一"),
    ("en", "whatever you do dont dig past 20cm on that side", "20cm"),
    ("zh", "那边千万别挖超过20公分", "20公分"),
])
def test_cues_cons11_rule_is_read(lang, text, core):
    assert any(core in r for r in rules(lang, text))


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "can you board our two hamsters while we're on holiday 3rd to 10th august"),
    ("en", "I don't think it's over 20 quid"),
    ("en", "we dont spend more than 50 on gifts usually"),
])
def test_cues_cons11_no_rule(lang, text):
    assert rules(lang, text) == []
