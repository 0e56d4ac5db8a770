"""A new user's rough edge from the lead's chats of the blind25 round (/work/brief/lead25/chats4.py): "6 months is £60, 12
months is £100." - "12 please" picked nothing (a bare number names no option by its words)."""

import pytest

from tests.test_trust_lead23 import _facts  # the current (key, value) pairs after the messages, today 2026-12-04


@pytest.mark.parametrize("offer, reply, picked", [
    ("6 months is £60, 12 months is £100.", "12 please", "12"),
    ("128GB is £35 a month, 256GB is £41.", "ok stick with 128 then", "128"),
])
def test_a_bare_number_picks_the_option_of_that_size(offer, reply, picked):
    facts = _facts([("user", "hi"), ("assistant", offer), ("user", reply)], "en")
    assert any(k.startswith("choice") and v.startswith(picked) for k, v in facts), facts


@pytest.mark.parametrize("reply", ["35 is too much", "6 months should do it, the house will be sold by then. Better make it 12 months"])
def test_a_price_or_a_number_with_more_words_is_no_pick_by_number(reply):
    facts = _facts([("user", "hi"), ("assistant", "How long: 6 months (£35) or 12 months (£60)?"), ("user", reply)], "en")
    assert not any(k.startswith("choice") and v.startswith(("35", "6 months should")) for k, v in facts), facts
