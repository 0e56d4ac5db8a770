"""Whose values they are (issue 19, cszh4 round): a phone said for another party ("收件人…，
电话…", "打他家座机…") stays beside the user's own; the user's own phone, said later, does not
replace it, nor it the user's; a record a write issues is kept by its field; a tool's window of
clocks keeps the part of the day the chat named it by. The phrasings are written for these tests, not taken from a bench chat."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from tests.test_graph import bot, call, result, user


def current(*messages) -> set[str]:
    t = Tracker("zh")
    t.observe_many([user(m) if isinstance(m, str) else m for m in messages])
    return {f.value for f in t.state().facts if f.status == "current"}


@pytest.mark.parametrize("messages", [
    pytest.param(["蛋糕送到我外婆家，收货人周兰英，电话13700001234", bot("好的，您本人的手机号是？"), "13911112222"], id="recipient-then-own"),
    pytest.param(["我叫陈默，手机13911112222", bot("好的。"), "对了我爸耳朵不好，有事打他家座机0571-88776655"], id="own-then-his-landline"),
])
def test_trust_zh_parties_another_partys_phone_stays_beside_the_users(messages):
    values = current(*messages)
    assert "13911112222" in values
    assert ({"13700001234", "0571-88776655"} & values)


def test_trust_zh_parties_the_users_new_number_still_replaces_the_old():
    values = current("我手机13911112222", bot("好的。"), "号码换了，我的新手机是13600003333")
    assert "13600003333" in values and "13911112222" not in values


@pytest.mark.parametrize(("field", "issued"), [
    pytest.param("ticket", "WX-55120", id="ticket"),
    pytest.param("receipt", "RC20270304-17", id="receipt"),
    pytest.param("voucher", "QV-8812-3", id="voucher"),
])
def test_trust_zh_parties_a_record_a_write_issues_is_kept_by_its_field(field, issued):
    # a write's result names its record by the record alone ("ticket": ...): the id is a fact,
    # beside the order id the user gave
    t = Tracker("zh")
    t.observe_many([user("订单号MX88120034，想把送货改到周五"),
                    call("c1", "reschedule_delivery", {"order": "MX88120034", "day": "周五"}),
                    result("c1", {"ok": True, field: issued})])
    current = {f.value for f in t.state().facts if f.status == "current"}
    assert issued in current and "MX88120034" in current


@pytest.mark.parametrize(("said", "window", "value"), [
    pytest.param("周五下午那个吧", "13:30-16:30", "下午 13:30-16:30", id="afternoon"),
    pytest.param("约明天晚上的", "19:00-21:00", "晚上 19:00-21:00", id="evening"),
    pytest.param("周五下午那个吧", "08:30-11:30", "08:30-11:30", id="a-part-nobody-named"),
])
def test_trust_zh_parties_a_tools_window_keeps_the_part_of_the_day_the_chat_named(said, window, value):
    t = Tracker("zh")
    t.observe_many([user(said), call("c1", "book_visit", {"day": "周五"}), result("c1", {"booking": "VX-20931", "slot": window})])
    assert value in {f.value for f in t.state().facts if f.status == "current"}


@pytest.mark.parametrize(("first", "change", "old", "new"), [
    pytest.param("5月1号入住，5月3号退房", "退房能改到5月4号吗？", "5月3号", "5月4号", id="check-out-question"),
    pytest.param("8月6号取车，8月8号还车", "还车时间推迟到8月9号", "8月8号", "8月9号", id="return-postponed"),
])
def test_trust_zh_parties_an_end_day_moved_by_a_change_verb_replaces_the_end_day(first, change, old, new):
    # the end's cue and the change verb stand between ("还车能改到…"): the value is the end day, not another date
    t = Tracker("zh")
    t.observe_many([user(first), bot("好的。"), user(change)])
    current = {f.value for f in t.state().facts if f.status == "current"}
    assert new in current and old not in current
