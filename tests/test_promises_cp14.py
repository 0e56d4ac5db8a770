"""cp14: an offer the user takes up is a promise, whatever form the yes or the offer takes (issue 19).

The yes said by the offered verb (查查吧, 问问吧, 要的要的; "send them over"), the offer asked with the doer left out
(能先给您寄一块布样看看吗？, 要一起帮他报上吗？). Look-alikes make nothing: the verb said back negated, a question back,
a thing to buy offered, a question of which (要帮您留哪个…？), the booking itself offered (要帮您取消吗？ - 取消吧: its
call is the record).
"""

from __future__ import annotations

import pytest

from ctxgraph import Tracker


def promises(lang: str, messages: list[tuple[str, str]]) -> list[tuple[str, str]]:
    t = Tracker(lang)
    t.observe_many([{"role": {"a": "assistant", "u": "user"}[r], "content": c} for r, c in messages])
    return [(c.text, c.status) for c in t.state().commitments]


@pytest.mark.parametrize("offer, reply, core", [
    ("一般要排到月底。要不要我帮您问问师傅能不能提前？", "问问吧", "问问师傅"),
    ("还剩两件。要不要我先帮您留一件？", "要的要的 我下午来拿", "留一件"),
    ("可以定做。能先给您寄一块布样看看吗？", "可以，寄到公司前台", "寄一块布样"),
    ("周五那场还剩1个位置。要一起帮他报上吗？", "要", "帮他报上"),
])
def test_zh_offer_taken_up_is_a_promise(offer, reply, core):
    got = promises("zh", [("a", offer), ("u", reply)])
    assert any(core in text and status == "open" for text, status in got), got


@pytest.mark.parametrize("offer, reply", [
    ("要不要我帮您问问师傅的档期？", "不用问了 我再看看"),
    ("有份款式图册，我发给您？", "先不发了"),
    ("要不要我先帮您包一对？", "一对多少钱啊"),
    ("好的，梅花胸针168元。要不要加个锦盒？", "要"),
    ("有大号和小号两种。要大号的吗？", "要大号的"),
    ("奶油草莓和红颜两种，要帮您留哪个品种的大棚？", "红颜吧"),
    ("这几天入住的订单可以免费取消。要帮您取消吗？", "取消吧"),
])
def test_zh_no_yes_or_no_deed_makes_no_promise(offer, reply):
    assert promises("zh", [("a", offer), ("u", reply)]) == []


@pytest.mark.parametrize("offer, reply, core", [
    ("Six lessons for £210. Want me to send you the starter exercises?", "send them over, thanks", "starter exercises"),
    ("It takes two days. Would you like me to check dates for next month?", "check next month please", "check dates"),
])
def test_en_offer_taken_up_is_a_promise(offer, reply, core):
    got = promises("en", [("a", offer), ("u", reply)])
    assert any(core in text and status == "open" for text, status in got), got


@pytest.mark.parametrize("offer, reply", [
    ("£40 a month. I can also send you a list of ones to buy, if you like?", "no thanks, hiring is fine"),
    ("Usually two days. Would you like me to check dates for next month?", "don't check yet, I need sign-off first"),
    ("We do text reminders. I can only send them to UK numbers, if that's ok?", "ok"),
])
def test_en_no_yes_makes_no_promise(offer, reply):
    assert promises("en", [("a", offer), ("u", reply)]) == []
