"""The lead's last rough edges of the blind25 round (chats in /work/brief/lead25/chats4.py, written before the first run):
"我刚下的外卖地址写错了 写成A座了 应该是B座1502" kept no address (a building named by a letter)."""

import pytest

from tests.test_trust_lead23 import _facts  # the current (key, value) pairs after the messages, today 2026-12-04


@pytest.mark.parametrize("text", ["我刚下的外卖地址写错了 写成A座了 应该是B座1502", "送到B座1502", "地址是C栋 1203"])
def test_a_building_named_by_a_letter_and_its_room_is_the_address(text):
    facts = _facts([("user", text)], "zh")
    assert any(k == "address" and ("B座1502" in v or "C栋" in v) for k, v in facts), facts

