"""cons13: a restriction said as "<a thing> only" closing its clause, whatever the thing (zh and en side by side: the zh
frames 只要 / 只 + a verb read the same act already)."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker


def _rules(lang: str, turns: list[tuple[str, str]]) -> list[tuple[str, str, str]]:
    t = Tracker(lang)
    t.observe_many([{"role": {"u": "user", "a": "assistant"}[r], "content": text} for r, text in turns])
    return [(c.text, c.polarity, c.status) for c in t.state().constraints]


@pytest.mark.parametrize(("lang", "before", "text", "core"), [
    ("en", "Our fixed fee is £1,150, or £210 an hour.", "fixed fee only please, we can't risk hourly bills", "fixed fee only"),
    ("en", "Sessions run mornings and after school.", "face to face. after school only, shes in school til 3.40", "after school only"),
    ("en", "Shall I copy the quote to the tenant?", "send the quote to me only, not the tenant", "me only"),
    ("en", "Classes are up to 14 people on Saturdays, 6 on weekday evenings.", "small groups only pls", "small groups only"),
    ("zh", "一口价1150元，也可以按小时收费。", "只要一口价的 按小时的不要", "一口价"),
    ("zh", "我们收现金、微信和刷卡。", "我们只收现金 别的不方便", "现金"),
])
def test_cues_cons13_a_thing_only_is_a_rule(lang, before, text, core):
    rules = _rules(lang, [("a", before), ("u", text)])
    assert any(core in t and status == "active" for t, _, status in rules), rules


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "if only it were that simple"),
    ("en", "not only that, the door sticks too"),
    ("en", "the medium one only"),
    ("en", "I only want the blue one"),
    ("en", "that's the only one left?"),
    ("zh", "就这一个了吗"),
])
def test_cues_cons13_only_in_other_frames_is_no_rule(lang, text):
    assert _rules(lang, [("u", text)]) == []
