"""A new user's rough edge from the lead's first batch of the blind25 round (/work/brief/lead25/chats1.py, written before
the first run): "I need to move my son's checkup. it's Thursday 10am" - "I can offer Friday 3:15pm or Monday 8:40am." -
"friday please" kept `time: 10am` current beside `day: Friday 3:15`."""

import pytest

from tests.test_trust_lead23 import _facts  # the current (key, value) pairs after the messages, today 2026-12-04


@pytest.mark.parametrize("lang, first, offer, pick", [
    ("en", "I need to move my son's checkup. it's Thursday 10am", "I can offer Friday 3:15pm or Monday 8:40am.", "friday please"),
    ("zh", "我想改一下预约 原来是周四上午10点", "周五下午3点或者周一上午8点40可以，您选哪个？", "周五吧"),
])
def test_a_day_settled_with_another_clock_leaves_the_old_clock(lang, first, offer, pick):
    facts = _facts([("user", first), ("assistant", offer), ("user", pick)], lang)
    assert not any(k == "time" and ("10" in v) for k, v in facts), facts


def test_a_day_settled_with_the_same_clock_keeps_it():
    facts = _facts([("user", "can I book a tasting, Thursday 10am?"), ("assistant", "Thursday is full. Friday 10am or Saturday 10am?"),
                    ("user", "friday please")], "en")
    assert any("10" in v for k, v in facts if k in ("time", "day", "date", "slot")), facts
