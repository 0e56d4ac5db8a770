"""cp14: a deadline on any deed the user needs done, a modal and one verb before a date (issue 19).

"we need to complete before 30 june" (blind12), "it must be finish before april" (blind13): the issue-19 frame read
the act for be / get / arrive / finish … only. Not the speaker checking or asking before a date, not negated. zh
reads the act already (…前必须做好): the zh tests hold that.
"""

from __future__ import annotations

import pytest

from ctxgraph import Tracker


def rules(lang: str, text: str) -> list[str]:
    t = Tracker(lang)
    t.observe_many([{"role": "user", "content": text}])
    return [c.text for c in t.state().constraints if c.status == "active"]


@pytest.mark.parametrize("text, core", [
    ("the valuation is done. we need to complete before 30 june, our lease runs out", "30 june"),
    ("I need pass before 12 october because my visa", "12 october"),
    ("the pitch opens in may so it must be finish before may", "before may"),
    ("my daughter needs to learn the routine by 3rd august", "3rd august"),
])
def test_en_deadline_on_any_deed_is_a_rule(text, core):
    got = rules("en", text)
    assert any(core in r for r in got), got


@pytest.mark.parametrize("text", [
    "sounds good but I need to check with my partner before friday",
    "I need to ask the landlord before 3 may",
    "we went there before christmas and loved it",
])
def test_en_checking_before_a_date_or_a_past_date_sets_no_rule(text):
    assert rules("en", text) == []


@pytest.mark.parametrize("text, core", [
    ("书签要20个 公司年会用 1月15号前必须做好", "1月15号前"),
    ("围巾要三条 5月10号前一定要寄到", "5月10号前"),
])
def test_zh_deadline_on_a_deed_is_a_rule(text, core):
    got = rules("zh", text)
    assert any(core in r for r in got), got
