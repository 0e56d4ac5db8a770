"""prom32zh (issue 19): Chinese promises made up and missed. The shapes, in chats of our own:

- a look-up said short, 我查下 / 我问下 for 我查一下 / 我问一下: a promise the readers missed, kept by the tool call that
  does it ("我查下检测站的号" then ``station_slots``);
- a promise kept by a report that names the thing made, 做好了/出好了 ("我先出个效果图给您看", then a tool, then
  "效果图做好了，编号…"); "做好了给您送过去" still promises;
- a thing reported sent to the user's phone or inbox with no 到/给 and no promise before ("合同发我", then "电子合同发您
  手机了"): a done promise, as "…发到您手机了" is;
- how the user's money arrives, with no deed of the assistant's side beside it ("赎回款到您尾号6612的建行卡，T+3个工作日
  到账", "4770元会在7个工作日内原路退回您的支付宝"): the way of the refund, no promise; a word to the user about it
  ("到账后我提醒您") and a refund after a step of the service's ("仓库签收后1-3个工作日退款到账") still promise;
- a deed the service offers for free ("我们先免费做个评估", "寄修我们安排快递上门取件，免费"): what the offer includes, no
  promise, from the rule readers or the learned one; the assistant's own 我, a will (司机会自己盯航班), a word to the user
  and a due day still promise;
- a report, with no promise before it, that money or a credit reached the user's account ("16:05已经退回您尾号5516的
  一卡通", "券已经放到账户里了"): no done promise of its own; a thing sent ("付款链接已发到您手机") stays one.

The money shapes are Chinese: the English promise lane (prom31) works on English at the same time."""

from __future__ import annotations

import json

import pytest

from tests.test_trust_promises import bot, promises_after, the_one


def _call(name: str, n: int, result: dict, text: str | None = None, **args) -> list[dict]:
    """An assistant message with a tool call (and ``text`` said with it), then the tool's result."""
    return [{"role": "assistant", "content": text, "tool_calls": [{"id": f"c{n}", "type": "function", "function": {
        "name": name, "arguments": json.dumps(args, ensure_ascii=False)}}]},
            {"role": "tool", "tool_call_id": f"c{n}", "content": json.dumps(result, ensure_ascii=False)}]


@pytest.mark.parametrize(("said", "tool", "part"), [
    pytest.param("可以代办，380元。我查下检测站的号。", "station_slots", "检测站", id="check-short"),
    pytest.param("好的，我问下仓库还有没有蓝色的。", "ask_warehouse", "仓库", id="ask-short"),
])
def test_prom32zh_a_short_look_up_is_a_promise_kept_by_its_call(said, tool, part):
    promises = promises_after("zh", "你们能帮我查查吗", *_call(tool, 1, {"ok": True}, said, q="x"), bot("查到了，有的。"))
    assert the_one(promises, part)[1] == "done"


def test_prom32zh_a_short_look_up_is_open_until_done():
    promises = promises_after("zh", "还有没有周六的号", bot("我查下周六的号。"))
    assert the_one(promises, "周六")[1] == "open"


@pytest.mark.parametrize("words", [
    pytest.param("我问下您，车是哪年上的牌？", id="asks-the-user"),
    pytest.param("我查下来了，周六没有号。", id="done"),
])
def test_prom32zh_short_forms_that_promise_nothing(words):
    assert promises_after("zh", "周六能约吗", bot(words)) == []


@pytest.mark.parametrize("said", [
    pytest.param("赎回款到您尾号3301的工行卡，T+2个工作日到账，赎回费0.5%。", id="arrives"),
    pytest.param("已取消，2380元会在5个工作日内原路退回您的微信。", id="back-the-way-it-came"),
])
def test_prom32zh_how_the_money_arrives_is_no_promise(said):
    assert promises_after("zh", "那钱什么时候能到？", bot(said)) == []


@pytest.mark.parametrize(("said", "part"), [
    pytest.param("到账后我短信提醒您。", "提醒", id="word-to-the-user"),
    pytest.param("仓库签收后1-3个工作日退款到账。", "退款", id="refund-after-a-step"),
    pytest.param("明天会先临时退回您的额度。", "临时退回", id="no-arrival-word"),
])
def test_prom32zh_a_deed_beside_the_money_still_promises(said, part):
    assert the_one(promises_after("zh", "那钱什么时候能到？", bot(said)), part)[1] == "open"


@pytest.mark.parametrize("said", [
    pytest.param("查到了，那笔转账因为户名不符被退回，14:20已经退回您尾号8812的储蓄卡。", id="money-back"),
    pytest.param("给您添麻烦了，送您一张15元无门槛券，已经放到账户里了。", id="credit-placed"),
])
def test_prom32zh_money_reported_in_the_account_is_no_done_promise(said):
    assert promises_after("zh", "我那笔钱到底去哪了", bot(said)) == []


def test_prom32zh_a_thing_sent_stays_a_done_promise():
    """The guard: a thing sent to the user with no promise before it is reported done, as before."""
    assert the_one(promises_after("zh", "怎么付款", bot("付款链接已经发到您手机上了。")), "付款链接")[1] == "done"


@pytest.mark.parametrize("said", [
    pytest.param("我们先免费做个评估，看看适合哪个方案。", id="free-first-step"),
    pytest.param("寄修的话我们安排快递上门取件，免费。", id="free-tail"),
    pytest.param("您选的这款不用焊，我们免费帮您组装调试好再寄出。", id="free-for-you"),
])
def test_prom32zh_a_free_deed_of_the_service_is_no_promise(said):
    assert promises_after("zh", "你们那边怎么弄？", bot(said)) == []


@pytest.mark.parametrize(("said", "part"), [
    pytest.param("换货我帮您申请免费上门取件。", "上门取件", id="my-own-deed"),
    pytest.param("航班延误我们免费等候，司机会自己盯航班。", "盯航班", id="a-will-beside-it"),
    pytest.param("滤芯第一年免费上门换一次，到时候我们会提前通知您。", "通知", id="word-to-the-user"),
])
def test_prom32zh_a_free_deed_owed_to_the_user_still_promises(said, part):
    assert the_one(promises_after("zh", "你们那边怎么弄？", bot(said)), part)[1] == "open"


def test_prom32zh_the_thing_reported_made_keeps_its_promise():
    promises = promises_after("zh", "横幅上写开业大吉", bot("好的，我先出个设计稿给您看。"), *_call("make_draft", 1, {"draft": "HF-P-2210"}),
                              bot("设计稿做好了，编号HF-P-2210，我微信发给您。"))
    assert the_one(promises, "设计稿给您看")[1] == "done"


def test_prom32zh_made_then_sent_is_still_a_promise():
    promises = promises_after("zh", "横幅什么时候能拿到", bot("横幅做好了给您送过去。"))
    assert the_one(promises, "送过去")[1] == "open"


def test_prom32zh_a_thing_sent_without_dao_is_a_done_promise():
    promises = promises_after("zh", "行，报价单发我", bot("报价单发您邮箱了，您看一下。"))
    assert the_one(promises, "报价单")[1] == "done"
