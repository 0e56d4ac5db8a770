"""(wrong33) A call that replaces a booking names the reference it gives up under an "old" / "original" / "released"
field ("release_hold", "old_booking", "原预约号", "旧订单号"): that reference is no current state, neither as a fact of
the call's own nor as the fact that held it before; a name, a price or a date under such a field stays ("old_name" of a
deed poll is still the person's old name)."""

from __future__ import annotations

from ctxgraph import Tracker
from tests.test_graph import bot, call, result, user


def _current(t: Tracker) -> list[str]:
    return [f.value for f in t.state().facts if f.status == "current"]


def test_en_released_hold_is_not_current():
    t = Tracker("en", today="2026-05-04")
    t.observe_many([user("can you hold the big meeting room for friday, 12 of us"),
                    call("c1", "hold_room", {"room": "Atrium", "date": "2026-05-08", "people": 12}),
                    result("c1", {"hold": "MR-H-2231", "expires": "2026-05-06"}),
                    bot("Held the Atrium for Friday 8 May, hold MR-H-2231."),
                    user("actually the smaller one is fine, book it under Dana Kerr"),
                    call("c2", "book_room", {"room": "Studio", "date": "2026-05-08", "release_hold": "MR-H-2231",
                                             "name": "Dana Kerr"}),
                    result("c2", {"booking": "MR-7740"})])
    now = _current(t)
    assert "MR-7740" in now and not any("MR-H-2231" in v for v in now)


def test_zh_original_booking_number_of_a_reschedule_is_not_current():
    t = Tracker("zh", today="2026-05-04")
    t.observe_many([user("想约个周二上午的体检"),
                    call("c1", "book", {"日期": "2026-05-05", "时段": "上午"}),
                    result("c1", {"预约号": "TJ-0505-12"}),
                    bot("约好了，周二上午，预约号TJ-0505-12。"),
                    user("周二去不了 改成周五上午吧"),
                    call("c2", "reschedule", {"原预约号": "TJ-0505-12", "日期": "2026-05-08", "时段": "上午"}),
                    result("c2", {"预约号": "TJ-0508-03"})])
    now = _current(t)
    assert "TJ-0508-03" in now and not any("TJ-0505-12" in v for v in now)


def test_en_old_order_of_a_rebook_is_not_current():
    t = Tracker("en", today="2026-05-04")
    t.observe_many([user("my collection order AB12345 never turned up"),
                    bot("Sorry about that. I can rebook it for tomorrow afternoon."), user("ok do that"),
                    call("c1", "rebook", {"old_order": "AB12345", "window": "2026-05-05 14:00-16:00"}),
                    result("c1", {"order": "AB12399"}), bot("Rebooked for tomorrow 2-4pm, new order AB12399.")])
    now = _current(t)
    assert any("AB12399" in v for v in now) and not any("AB12345" in v for v in now)


def test_an_old_name_or_price_under_such_a_field_stays():
    t = Tracker("en", today="2026-05-04")
    t.observe_many([user("I'm changing my surname after my wedding, I was Jo Ann Pike and I'll be Jo Ann Leigh"),
                    call("c1", "create_deed", {"old_name": "Jo Ann Pike", "new_name": "Jo Ann Leigh"}),
                    result("c1", {"deed": "DP-4410"})])
    assert any("Jo Ann Pike" in v for v in _current(t))


def _phones(lang: str, text: str) -> list[str]:
    t = Tracker(lang, today="2026-05-04")
    t.observe_many([bot("What's the best number to reach you on?"), user(text)])
    return [f.value for f in t.state().facts if f.status == "current" and f.key.startswith("phone")]


def test_en_phone_taken_back_for_a_later_one_in_the_same_message():
    assert _phones("en", "my mobile's 07712 480 391 but no signal at the yard, put the landline, "
                         "01642 553 870") == ["01642 553 870"]
    assert _phones("en", "07712 480 391, actually no, the landline is better, 01642 553 870") == ["01642 553 870"]


def test_zh_phone_taken_back_for_a_later_one_in_the_same_message():
    assert _phones("zh", "电话13702214586，哎不对，说错了，是13702214568") == ["13702214568"]
    assert _phones("zh", "手机13588120476，哦不是，后四位是0467，13588120467") == ["13588120467"]


def test_a_phone_ruled_out_or_a_second_persons_phone_stays_as_it_was():
    assert _phones("zh", "我电话13702214586，不是13702214568") == ["13702214586"]
    assert _phones("en", "my mobile is 07712 480 391 not 07712 480 319") == ["07712 480 391"]
    assert sorted(_phones("zh", "电话13702214586 我爸的也留一个 13588120467")) == ["13588120467", "13702214586"]
