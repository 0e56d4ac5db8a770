"""Tool facts no gold holds, by field (issue 19, tools17 round): what a tool keeps for itself (a hold's expiry,
the places it has left) and one count fanned out over several things ("金银铜各8枚" -> {"金": 8, "银": 8, "铜": 8})
are no values the user settled; a booking reference, a confirmed date, counts that differ per item and a pair of
counts stay. The exchanges are written for these tests, not taken from a bench chat."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from tests.test_graph import bot, call, result, user


def facts(lang: str, *messages) -> dict[str, str]:
    t = Tracker(lang)
    t.observe_many([user(m) if isinstance(m, str) else m for m in messages])
    return {f.key: f.value for f in t.state().facts if f.status == "current"}


@pytest.mark.parametrize(("lang", "record", "gone"), [
    pytest.param("en", {"hold_ref": "KT-55120", "expires_in": 20}, "expires_in", id="hold-expires-in"),
    pytest.param("en", {"hold_ref": "KT-55120", "expires": "36h"}, "expires", id="hold-expires-span"),
    pytest.param("en", {"booking_ref": "WC-30418", "places_left": 2}, "places_left", id="places-left"),
    pytest.param("en", {"booking_ref": "WC-30418", "remaining": 5}, "remaining", id="remaining"),
    pytest.param("zh", {"order_no": "YX-88213", "seats_left": 4}, "seats_left", id="zh-seats-left"),
])
def test_trust_tools17_what_the_tool_keeps_for_itself_is_no_fact(lang, record, gone):
    said = "book the pottery taster for me please" if lang == "en" else "帮我报一个陶艺体验课"
    state = facts(lang, said, call("c1", "book_class", {"course": "taster"}), result("c1", record))
    assert gone not in state, state
    # control: the reference the user needs later stays
    ref = next(v for k, v in record.items() if k.endswith(("ref", "no")))
    assert ref in state.values(), state


@pytest.mark.parametrize(("lang", "said", "counts"), [
    pytest.param("zh", "金银铜各8枚", {"金": 8, "银": 8, "铜": 8}, id="zh-each"),
    pytest.param("en", "three each of the oak, ash and birch logs bags", {"oak": 3, "ash": 3, "birch": 3}, id="en-each"),
])
def test_trust_tools17_one_count_fanned_out_over_items_is_no_fact_per_item(lang, said, counts):
    state = facts(lang, said, call("c1", "create_order", {"qty": counts, "deadline": "2026-11-20"}),
                  result("c1", {"order_id": "RB-40217"}))
    assert not set(counts) & set(state), state
    assert "RB-40217" in state.values(), state  # control: the order reference stays


def test_trust_tools17_counts_that_differ_per_item_stay():
    # control: "24 VHS and 6 Hi8 tapes" is a count per item the user gave
    state = facts("en", "I have 24 VHS and 6 Hi8 tapes to digitise",
                  call("c1", "create_order", {"tapes": {"vhs": 24, "hi8": 6, "dvd": 1}}), result("c1", {"order_id": "VT-2210"}))
    assert state.get("vhs") and state.get("hi8"), state


def test_trust_tools17_a_pair_of_equal_counts_stays():
    # control: two adults and two children are two counts, not one fanned out
    state = facts("en", "two adults and two children please",
                  call("c1", "book_room", {"guests": {"adults": 2, "children": 2}}), result("c1", {"booking_ref": "HB-77120"}))
    assert "HB-77120" in state.values(), state
    assert "adults" in state and "children" in state, state


def test_trust_tools17_a_confirmed_date_stays():
    state = facts("en", "can you do the 14th of May?", bot("Let me check."),
                  call("c1", "book_visit", {"date": "2026-05-14", "time": "10:30"}),
                  result("c1", {"booking_ref": "SV-11873", "date": "2026-05-14", "places_left": 1}))
    assert any("14" in v for k, v in state.items() if k == "date"), state
    assert "places_left" not in state and "SV-11873" in state.values(), state


def test_trust_tools17_a_holds_expiry_day_stays():
    # control: the day a hold runs out is the user's to act by; only a span counted from now goes
    state = facts("en", "hold the marquee for me", call("c1", "hold_marquee", {"size": "large"}),
                  result("c1", {"hold_ref": "MQ-20931", "expires": "2026-06-27"}))
    assert "expires" in state and "MQ-20931" in state.values(), state


@pytest.mark.parametrize(("said", "arguments", "gone"), [
    pytest.param("线上上课就行，孩子在外地", {"student": "王小川", "mode": "online"}, "mode", id="zh-api-enum"),
    pytest.param("按季度交吧", {"unit": "3-1-802", "billing": "quarterly"}, "billing", id="zh-api-period"),
    pytest.param("要靠窗的座位，一个大人一个小孩", {"prefer": "window", "passenger_type": ["adult", "child"]}, "prefer",
                 id="zh-api-seat"),
])
def test_trust_tools17_an_api_word_in_a_chinese_chat_is_no_fact(said, arguments, gone):
    state = facts("zh", said, call("c1", "create_booking", arguments), result("c1", {"order_no": "ZX-30127"}))
    assert gone not in state, state
    assert "ZX-30127" in state.values(), state  # control: the reference stays


def test_trust_tools17_an_english_word_the_zh_user_wrote_stays():
    # control: "ktv" was the user's own word
    state = facts("zh", "包间要ktv那种的", call("c1", "book_room", {"room_type": "ktv"}), result("c1", {"order_no": "KT-11820"}))
    assert state.get("room_type") == "ktv", state
