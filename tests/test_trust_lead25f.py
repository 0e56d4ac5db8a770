"""A new user's rough edge the lead found in the blind25 round (a boarding chat of /work/brief/lead25/chats3.py, written
before the first run, then the same shape for a hotel): "20号入住 23号退房" kept nothing (a bare day said right before
what happens on it was no date), and with a day read, the space-typed message gave check-in the 23rd."""

import pytest

from tests.test_trust_lead23 import _facts  # the current (key, value) pairs after the messages, today 2026-12-04


@pytest.mark.parametrize("text", ["20号入住 23号退房", "20号入住，23号退房", "我想订个房间 20号入住 23号退房", "入住20号 退房23号"])
def test_bare_days_with_check_in_and_out(text):
    facts = _facts([("user", text)], "zh")
    assert ("checkin", "20号") in facts and ("checkout", "23号") in facts, facts


@pytest.mark.parametrize("text", ["5号出发", "12月20号送过来"])
def test_a_bare_day_before_what_happens_on_it_is_a_date(text):
    facts = _facts([("user", text)], "zh")
    assert any(k in ("date", "checkin") for k, _ in facts), facts


@pytest.mark.parametrize("text", ["3号楼来人修一下", "放到5号柜", "取消20号的预约吗"])
def test_a_building_a_locker_or_a_question_is_no_new_date(text):
    facts = _facts([("user", text)], "zh")
    assert not any(k in ("checkin", "checkout") for k, _ in facts), facts
