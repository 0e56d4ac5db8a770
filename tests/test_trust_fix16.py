"""Five rough edges a user meets, left by fix15's review (issue 19, fix16 round): one test per edge, with the
controls that must still read."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from tests.test_graph import bot


def _tracker(*messages, lang: str) -> Tracker:
    t = Tracker(lang)
    for m in messages:
        t.observe(m if isinstance(m, dict) else {"role": "user", "content": m})
    return t


def current(*messages, lang: str) -> dict[str, str]:
    return {f.key: f.value for f in _tracker(*messages, lang=lang).state().facts if f.status == "current"}


def rules(*messages, lang: str) -> list[tuple[str, str]]:
    return [(c.polarity, c.text) for c in _tracker(*messages, lang=lang).state().constraints]


# ---------------------------------------------------------------- 1. a pick by position is no day

def test_fix16_the_2nd_one_among_options_that_are_no_days_is_no_date():
    got = current(bot("We have three options: a red one, a blue one and a green one."), "the 2nd one please", lang="en")
    assert "date" not in got, got


@pytest.mark.parametrize(("messages", "day"), [
    ([bot("We have slots on the 1st, the 2nd and the 3rd. Which one suits you?"), "the 2nd one please"], "the 2nd"),
    (["can I come in on the 2nd?"], "the 2nd"),
    (["I'd like to come in on the 2nd"], "the 2nd"),
])
def test_fix16_a_real_day_said_as_an_ordinal_stays(messages, day):
    got = current(*messages, lang="en")
    assert day in got.get("date", ""), got


# ---------------------------------------------------------------- 2. the user's own sending keeps no promise

@pytest.mark.parametrize(("lang", "promise", "said"), [
    ("zh", "好的，我稍后把发票发到您的邮箱。", "发票已经发给她本人的邮箱了"),
    ("zh", "好的，我稍后把发票发到您的邮箱。", "我已经把发票转给她了"),
    ("en", "I'll email you the invoice later today.", "I already sent the invoice to her"),
])
def test_fix16_the_users_own_sending_closes_no_promise(lang, promise, said):
    t = _tracker(bot(promise), said, lang=lang)
    assert [c.status for c in t.state().commitments] == ["open"]


@pytest.mark.parametrize(("lang", "promise", "said"), [
    ("zh", "好的，我稍后把发票发到您的邮箱。", "发票已经发到我邮箱了，谢谢"),
    ("zh", "好的，我稍后把发票发到您的邮箱。", "发票已经收到了"),
    ("zh", "好的，我把发票发到她的邮箱。", "发票已经发给她了"),
    ("en", "An engineer will call you by May 9, and I'll email you the form.", "got the form, thanks"),
])
def test_fix16_a_report_of_the_promised_deed_still_closes_it(lang, promise, said):
    t = _tracker(bot(promise), said, lang=lang)
    assert "done" in [c.status for c in t.state().commitments]


# ---------------------------------------------------------------- 3. a negated need is no rule

def test_fix16_a_need_denied_is_no_rule():
    assert rules("I'm buying a flat.", "we don't need to complete before 30 june, no rush", lang="en") == []


@pytest.mark.parametrize("text", ["don't call before 9", "we need to complete before 30 june"])
def test_fix16_a_real_rule_stays(text):
    assert rules("I'm buying a flat.", text, lang="en"), text


# ---------------------------------------------------------------- 4. the offer's terms are no rule of the user's

@pytest.mark.parametrize("text", ["the offer is for one day only", "the deal is for members only"])
def test_fix16_what_a_thing_is_for_is_no_rule(text):
    assert rules(text, lang="en") == []


@pytest.mark.parametrize("text", ["text only please", "fixed fee only please"])
def test_fix16_x_only_said_as_a_rule_stays(text):
    assert [p for p, _ in rules(text, lang="en")] == ["must"]


# ---------------------------------------------------------------- 5. a date after the user's own event's date

@pytest.mark.parametrize(("text", "event", "day"), [
    ("他4月20号不在，想订4月21号", "不在", "4月21号"),
    ("我4月20号出差，想订4月21号", "出差", "4月21号"),
])
def test_fix16_the_booking_date_after_an_own_event_date_is_kept(text, event, day):
    got = current(text, lang="zh")
    assert got.get(event) == "4月20号" and got.get("date") == day, got


def test_fix16_an_own_event_alone_takes_no_date():
    got = current("我们4月20号到敦煌", lang="zh")
    assert "date" not in got, got
