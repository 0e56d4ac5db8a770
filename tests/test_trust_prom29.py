"""prom29 (issue 19): Chinese promises said without 会/将 — the service's next deed once a step of it is done or
before it ("装好后周三送过去", "他出发之前先打您手机"), a paper or a word sent at a time ahead ("报价单今天发到…邮箱"),
the result sent by a channel named ("审核结果用短信通知您"); and their look-alikes: a visit or a delivery on a day (the
booking's schedule), how the service goes as a rule, the user's own step, a question, a past. English says "will"
for these (the rule readers read it already), so the shape is Chinese only."""

from __future__ import annotations

import pytest

from tests.test_trust_promises import bot, promises_after, the_one

ASK = "我家空调外机要拆下来修，你们能弄吗"


@pytest.mark.parametrize(("reply", "part"), [
    pytest.param("好的，单号KT-0302-7，共860元。装好后周三送过去装回去。", "送过去", id="after-step-bring-back"),
    pytest.param("费用一共3100元。货到验收后拍照发给采购部王经理。", "拍照发给", id="after-step-photo-to-third"),
    pytest.param("师傅周五上午到。他出发之前先打您手机13912345678。", "打您手机", id="before-going-call"),
    pytest.param("量完尺寸后三天内出设计方案。", "出设计方案", id="within-days-paper"),
    pytest.param("明白，张先生，报价单今天发到zhang@example.com。", "报价单今天发到", id="today-paper-to-mail"),
    pytest.param("好的，样稿好了快递寄到朝阳区建国路5号。", "寄到", id="done-step-post"),
    pytest.param("明天上午小林先打电话问问物业能不能进车。", "打电话问问", id="tomorrow-staff-calls"),
    pytest.param("申诉已经受理。审核结果用短信通知您。", "短信通知您", id="result-by-sms"),
    pytest.param("行，做好了给您送过去。", "送过去", id="made-then-to-you"),
    pytest.param("师傅到了打您电话。", "打您电话", id="arrived-then-call"),
    pytest.param("弄好了拍照给您看。", "拍照给您看", id="done-then-photo-to-you"),
    pytest.param("检测完出报告给您。", "出报告", id="step-ended-paper"),
])
def test_prom29_a_next_deed_without_hui_is_an_open_promise(reply, part):
    assert the_one(promises_after("zh", ASK, bot(reply)), part)[1] == "open"


@pytest.mark.parametrize("reply", [
    pytest.param("我们周末也营业。", id="opening-hours"),
    pytest.param("师傅一般两小时到。", id="habit"),
    pytest.param("安装后一年内免费上门维修。", id="warranty"),
    pytest.param("单号KT-0302-7，3月5号上午师傅上门取件。", id="booked-visit-on-a-day"),
    pytest.param("好的，后天3月4号送到您小区门口。", id="booked-delivery-on-a-day"),
    pytest.param("昨天师傅上门收过了。", id="past"),
    pytest.param("修好后要送过去吗？", id="question"),
    pytest.param("有需要的话可以用短信通知您。", id="ability"),
    pytest.param("每次修完都拍照发给客户。", id="every-time"),
    pytest.param("到货后半小时内拍照发给我们就行。", id="users-photo-to-us"),
])
def test_prom29_look_alikes_promise_nothing(reply):
    assert [p for p in promises_after("zh", ASK, bot(reply)) if p[1] == "open"] == []


def test_prom29_the_users_own_step_is_no_promise():
    """The user's deed after a step ("您拆好后送过来") is theirs, said by them or said back to them."""
    assert promises_after("zh", "我拆好后明天送过去", bot("好的，您拆好后送过来就行。")) == []


def test_prom29_a_promise_kept_later_is_closed():
    """The promise made without 会 is kept by the report of the deed, as any promise."""
    found = promises_after("zh", ASK, bot("明白，报价单今天发到zhang@example.com。"), bot("报价单已经发到您邮箱了，请查收。"))
    assert the_one(found, "报价单今天发到")[1] == "done"
