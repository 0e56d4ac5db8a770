"""A promise's deadline has the same shape in English and Chinese, with or without ``today``:
the words as said ("Friday", "周五", "within 24 hours", "24小时内"), the ISO date after
them when a date resolves."""

import pytest

from ctxgraph import Tracker


def due(lang: str, text: str, today: str | None = None) -> list[str | None]:
    t = Tracker(lang=lang, today=today)
    t.observe({"role": "assistant", "content": text})
    return [c.due for c in t.state().commitments]


@pytest.mark.parametrize(("lang", "text", "said"), [
    ("en", "I will call you back by Friday.", "Friday"),
    ("zh", "我会在周五前给您回电。", "周五"),
])
def test_a_weekday_deadline_is_the_day_as_said_and_its_date_when_today_is_known(lang, text, said):
    assert due(lang, text) == [said]
    assert due(lang, text, today="2026-11-30") == [f"{said} (2026-12-04)"]  # a Monday: that week's Friday


@pytest.mark.parametrize(("lang", "text", "said"), [
    ("en", "I'll email you the prepaid label within 24 hours.", "within 24 hours"),
    ("en", "We will refund you within 5 business days.", "within 5 business days"),
    ("zh", "我们会在24小时内给您回电。", "24小时内"),
    ("zh", "我们会在3个工作日内把退款原路退回。", "3个工作日内"),
])
def test_a_span_of_time_is_a_deadline_as_said(lang, text, said):
    assert due(lang, text) == [said]
    assert due(lang, text, today="2026-11-30") == [said]  # from when, the message does not say: no date


def test_a_promise_without_a_deadline_has_none_and_a_date_wins_over_a_span():
    assert due("en", "I will look into it for you.") == [None]
    assert due("en", "I will call you tomorrow, within 2 hours of opening.", today="2026-11-30") == [
        "tomorrow (2026-12-01)"]
