"""(cons25) Constraints and promises in the right status, on chats of our own: what the user or a relative cannot work
themselves said with 不太会 / 不会整, and the sex of the person the service sends asked for (要女老师), taken back
later (男教练也行)."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from tests.test_graph import bot, user


from tests.test_trust_cons23 import _promises, _rules  # (text, polarity, status) of the rules; (text, status) of the promises


def _has(rules, word: str, status: str = "active", polarity: str | None = None) -> bool:
    return any(word in text and st == status and polarity in (None, pol) for text, pol, st in rules)


@pytest.mark.parametrize("said, word", [("我不太会弄那个小程序，想直接打电话约", "小程序"),
                                        ("钱到时候给现金吧 俺不会整网上转账", "网上转账"),
                                        ("我妈不大会用手机，她耳朵也背", "手机")])
def test_what_one_cannot_work_said_with_tai_or_zheng_is_a_rule(said, word):
    rules = _rules("zh", [user("想给我妈约个上门体检"), bot("好的，请问老人家住哪里？"), user(said)])
    assert _has(rules, word, "active", "must_not")


@pytest.mark.parametrize("said", ["放心 我们不会整坏的", "这个我不会弄错"])
def test_wont_with_a_result_is_no_inability(said):
    rules = _rules("zh", [user("想给我妈约个上门体检"), bot("好的，请问老人家住哪里？"), user(said)])
    assert not _has(rules, "不会")


@pytest.mark.parametrize("said, word", [("要女老师 孩子比较内向", "女老师"), ("给我妈要个女护工 她不好意思", "女护工"),
                                        ("一对一吧周末都行要女教练孩子怕生", "女教练")])
def test_the_sex_of_the_person_sent_asked_for_is_a_rule(said, word):
    rules = _rules("zh", [user("你好 想约个课"), bot("好的，请问有什么要求？"), user(said)])
    assert _has(rules, word, "active", "must")


@pytest.mark.parametrize("said", ["要女老师吗？还是男老师好", "我不想要女老师", "要女装 160的"])
def test_a_question_or_a_thing_is_no_sex_rule(said):
    rules = _rules("zh", [user("你好 想约个课"), bot("好的，请问有什么要求？"), user(said)])
    assert not _has(rules, "女", "active", "must")


def test_the_sex_asked_for_is_lifted_when_the_other_will_do():
    rules = _rules("zh", [user("给孩子约个滑雪私教"), bot("好的，上午有刘教练和金教练。"),
                          user("要女教练 孩子害羞"), bot("好的，金教练10点。"),
                          user("哦 孩子说男教练也行 哪个早约哪个吧")])
    assert _has(rules, "女教练", "lifted")


@pytest.mark.parametrize("said, word", [("anyway please dont put us on the newsletter", "newsletter"),
                                        ("actually don't ring the doorbell, the baby naps", "doorbell")])
def test_an_order_after_a_word_that_turns_to_a_new_point_is_a_rule(said, word):
    rules = _rules("en", [user("hi, I'd like to book a trial class for my son"), bot("Of course. How old is he?"), user(said)])
    assert _has(rules, word, "active", "must_not")


def test_anyway_dont_worry_is_no_rule():
    rules = _rules("en", [user("hi, I'd like to book a trial class for my son"), bot("Sorry, that class is full."),
                          user("anyway don't worry about it")])
    assert rules == []


@pytest.mark.parametrize("said, word", [("Jo Hart 07700 900 123. text me not email, I never look at it", "email"),
                                        ("ring her not voicemail, she never checks it", "voicemail")])
def test_a_channel_chosen_against_a_bare_twin_is_a_rule(said, word):
    rules = _rules("en", [user("hi, I need a plumber for a leaking tap"), bot("Sure. What's the best way to reach you?"), user(said)])
    assert _has(rules, word, "active")


def test_who_it_was_against_a_channel_is_no_rule():
    rules = _rules("en", [user("hi, I need a plumber for a leaking tap"), bot("Who called us earlier, was it you?"),
                          user("yes it was me not email")])
    assert rules == []


@pytest.mark.parametrize("lang, said", [
    ("en", "You are the booking assistant of Kestrel Allergy Clinic, a private clinic testing children for allergies."),
    ("zh", "你是安心陪诊的客服助手，为不能陪父母看病的子女提供陪诊服务。")])
def test_who_the_assistant_is_sets_no_rule(lang, said):
    t = Tracker(lang)
    t.observe({"role": "system", "content": said})
    assert t.state().constraints == []


@pytest.mark.parametrize("lang, said, word", [
    ("en", "You are the assistant of Kestrel Clinic. Do not contact patients by text.", "text"),
    ("en", "You are the assistant of Kestrel Clinic and must never quote prices.", "prices"),
    ("zh", "你是安心陪诊的客服助手。不要承诺退款。", "退款")])
def test_an_order_in_the_system_message_stays_a_rule(lang, said, word):
    t = Tracker(lang)
    t.observe({"role": "system", "content": said})
    assert any(word in c.text and c.status == "active" for c in t.state().constraints)


@pytest.mark.parametrize("lang, said, word", [("en", "yeah forklift licence essential. and they bring their own boots", "forklift"),
                                              ("en", "a DBS check is essential, it's a school", "DBS"),
                                              ("zh", "健康证是必须的 食品厂要查", "健康证")])
def test_a_need_said_as_essential_is_a_rule(lang, said, word):
    rules = _rules(lang, [user("hi, we need two temp staff" if lang == "en" else "想招两个临时工"),
                          bot("Sure. From when?" if lang == "en" else "好的，从哪天开始？"), user(said)])
    assert _has(rules, word, "active", "must")


@pytest.mark.parametrize("said", ["essential is enough for us", "I'll take the essential package", "is a DBS check essential?",
                                  "a DBS check is not essential", "lavender essential oils please"])
def test_the_essential_kind_or_a_question_is_no_rule(said):
    rules = _rules("en", [user("hi, we need two temp staff"), bot("Sure. From when?"), user(said)])
    assert rules == []


@pytest.mark.parametrize("said, word", [("订好了，共480元。付款链接发您微信。", "付款链接"),
                                        ("要提供授权书，模板我微信发您。", "模板"),
                                        ("报价单发您邮箱。", "报价单")])
def test_a_thing_then_sent_to_the_user_is_a_promise(said, word):
    promises = _promises("zh", [user("你好 想办个手续"), bot(said)])
    assert any(word in text and status == "open" for text, status in promises)


@pytest.mark.parametrize("said", ["付款链接已经发您微信了。", "报价单刚发您邮箱，含税1900元。", "照片发您微信吗？", "我们全程拍照发您。"])
def test_a_thing_sent_already_asked_or_always_sent_is_no_promise(said):
    assert not any(status == "open" for _, status in _promises("zh", [user("你好 想办个手续"), bot(said)]))


@pytest.mark.parametrize("lang, promise, reply", [("zh", "改好了。电子合同稍后发到您邮箱。", "好的，收到，谢谢。"),
                                                  ("en", "All set. I'll email you the contract tomorrow.", "got it thanks")])
def test_a_bare_got_it_right_after_a_later_send_keeps_it_open(lang, promise, reply):
    promises = _promises(lang, [user("你好" if lang == "zh" else "hi"), bot(promise), user(reply)])
    assert [status for _, status in promises] == ["open"]


@pytest.mark.parametrize("lang, promise, reply", [("zh", "改好了。我会把电子合同发到您邮箱。", "收到了，谢谢"),
                                                  ("en", "All set. I'll email you the contract now.", "got it thanks")])
def test_a_bare_got_it_after_a_send_now_keeps_it(lang, promise, reply):
    promises = _promises(lang, [user("你好" if lang == "zh" else "hi"), bot(promise), user(reply)])
    assert [status for _, status in promises] == ["done"]
