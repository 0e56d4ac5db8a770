"""(cons33) Constraints and promises in the right status, on chats of our own, both languages.

- A promise of two deeds kept in part leaves the other deed owed (``extract/partkept.py``): "I'll email you the parking
  map and post the welcome booklet next week", then "The parking map is in your inbox": the booklet is still to come.
- A report of one thing sent keeps no promise to send another (``promises._another_thing``): "I'll email you photos of
  him", then "I've just sent the payment link to you" leaves the photos owed (the two shared only the deed of sending);
  the report is a deed done of its own. A thing sent again after its promise was kept makes no second deed.
- (en) A promise that names its thing by a pronoun ("We need a signed consent form first. I'll email it to you.") is kept
  by a report that names the thing ("The consent form is in your inbox"): the sentence before it names what "it" is.
- A promise said in the message that calls the tool doing it ("明白，我先给您出报价。" with ``quote``; "I'll lift the block
  now" with ``unblock_card``) is kept when the call comes back, whatever words the tool's name uses; not a colleague's
  later deed, a condition, or a deed said to come later.
- A money limit dropped as such lifts the rule (a new user's rough edge, our own chats; blind28 has it three times):
  "forget the budget", "scrap the budget limit btw", 预算不用管 / 预算唔使理 (which made a must_not rule of its own).
"""

from __future__ import annotations

import json

import pytest

from ctxgraph import Tracker
from tests.test_graph import bot, user


def _rules(lang: str, *said: str) -> list[tuple[str, str]]:
    t = Tracker(lang)
    t.observe_many([user(s) for s in said])
    return [(c.text, c.status) for c in t.state().constraints]


def _promises(lang: str, *messages: dict) -> list[tuple[str, str]]:
    t = Tracker(lang)
    t.observe_many(list(messages))
    return [(c.text, c.status) for c in t.state().commitments]


def _tool(call_id: str, name: str, result: dict) -> list[dict]:
    """A tool call and its result, as a bot logs them."""
    return [{"role": "assistant", "content": None, "tool_calls": [
                {"id": call_id, "type": "function", "function": {"name": name, "arguments": "{}"}}]},
            {"role": "tool", "tool_call_id": call_id, "content": json.dumps(result, ensure_ascii=False)}]


def _owed(promises: list[tuple[str, str]], words: str) -> list[str]:
    return [s for t, s in promises if words in t]


@pytest.mark.parametrize("lang, promise, report, kept, left", [
    ("en", "Booked. I'll email you the parking map and post the welcome booklet next week.",
     "The parking map is in your inbox now.", "parking map", "welcome booklet"),
    ("en", "I'll send a signed receipt and monthly progress photos while the clock is with us.",
     "Your signed receipt has been emailed to you, and I'll ring you if we find any rust.", "signed receipt", "progress photos"),
    ("en", "I'll email the booking form for your husband to sign, and the fitting guide before the day.",
     "All done: the booking form for your husband is already in your inbox.", "booking form", "fitting guide"),
    ("en", "We post the programme a week before, and I'll send you a seating plan to check.",
     "Here you go: I've emailed the seating plan to you.", "seating plan", "programme"),
    ("en", "I'll text you the address today, and the chef will have a cake ready for her.",
     "I've texted you the address.", "address", "cake ready"),
    ("zh", "好的，我先把合同发您邮箱，再寄两份样品过去。", "合同已经发到您邮箱了，请查收。", "合同", "样品"),
    ("zh", "我今天把报价单发您微信，另外寄一本画册给您。", "报价单已经发您微信了。", "报价单", "画册"),
])
def test_a_promise_of_two_deeds_kept_in_part_leaves_the_other_owed(lang, promise, report, kept, left):
    promises = _promises(lang, bot(promise), bot(report))
    assert "done" in _owed(promises, kept)
    assert "open" in _owed(promises, left)


def test_a_tool_that_sends_one_thing_keeps_that_deed_only():
    """(en) The tool's result says the guide went ("care_guide": "emailed"); the diary sheets go with the kit, later."""
    promises = _promises("en", user("Deliver the kit to the school please."),
                         bot("Noted. I'll email you the classroom care guide and post the diary sheets with the kit."),
                         *_tool("c1", "book_kit", {"booking": "K-1", "care_guide": "emailed"}))
    assert "open" in _owed(promises, "diary sheets")


@pytest.mark.parametrize("lang, promise, report", [
    # one thing with parts: the report names it, all of it is sent
    ("en", "I'll email you the welcome pack with the address and parking details today.", "The welcome pack is on its way to you."),
    ("en", "I'll post you a checklist of what to bring: payslips and your latest statement.", "I've just emailed the checklist to you."),
    # the other deed is a booking or a word back, which the reply itself does
    ("en", "I'll check with the farm whether they can come on the 9th and come back to you.", "The farm has confirmed the 9th."),
    ("en", "Booking it now and I'll email the invoice.", "Done, the invoice has been emailed to you."),
    # the user is asked to do the other deed
    ("en", "Yes, send a photo of the meter and I'll submit it as a reading.", "Thanks, the reading has been submitted."),
    ("zh", "我先帮您把周日下午锁定，再把订单详情发到您手机上。", "订单详情已经发到您手机上了。"),
])
def test_a_promise_kept_whole_leaves_nothing_owed(lang, promise, report):
    assert len(_promises(lang, bot(promise), bot(report))) == 1


def test_both_deeds_reported_keep_the_whole_promise():
    promises = _promises("en", bot("I'll email you the parking map and post the welcome booklet next week."),
                         bot("The parking map is in your inbox and the welcome booklet went in the post today."))
    assert [s for _, s in promises] == ["done"]


@pytest.mark.parametrize("lang, promise, report, owed, sent", [
    ("en", "I'll email you photos of the dog after the groom.", "I've just sent the payment link to you.", "photos", "payment link"),
    ("en", "We'll post you the spare keys next week.", "I've emailed the invoice to you.", "spare keys", "invoice"),
    ("zh", "3个工作日内把设计稿发您微信。", "样例已发您微信，您先看看风格。", "设计稿", "样例"),
    ("zh", "下周把保修卡寄给您。", "电子发票已经发到您邮箱了。", "保修卡", "电子发票"),
])
def test_a_report_of_another_thing_sent_keeps_no_promise(lang, promise, report, owed, sent):
    promises = _promises(lang, bot(promise), bot(report))
    assert _owed(promises, owed) == ["open"]
    assert "open" not in _owed(promises, sent)


@pytest.mark.parametrize("lang, promise, report", [
    ("en", "I'll email you photos of the dog after the groom.", "The photos of the dog have been emailed to you."),
    ("en", "I'll text you the booking code.", "Sent!"),
    ("zh", "我把拍照的样片发您微信。", "照片已经发您微信了。"),
])
def test_a_report_of_the_same_thing_keeps_the_promise(lang, promise, report):
    assert [s for _, s in _promises(lang, bot(promise), bot(report))] == ["done"]


def test_a_thing_sent_again_is_no_second_deed():
    promises = _promises("en", bot("I'll email you a quote with the final order."), bot("The quote has been emailed to you."),
                         bot("Order changed, and the updated quote has been emailed to you."))
    assert promises == [("I'll email you a quote with the final order", "done")]


@pytest.mark.parametrize("lang, first, then, limit, other", [
    ("en", "We're 12. Budget is max £40 a head, and no nuts please.", "Actually forget the budget, the boss is paying.", "£40", "nuts"),
    ("en", "the budget is £600 max, keep me there. no lions please", "scrap the budget limit btw, do the biggest one", "£600", "lions"),
    ("en", "our budget is £2k max. dont ring before 9", "ok never mind the budget, we got a grant", "£2k", "ring"),
    ("zh", "预算不要超过八千，别拍照发公众号", "老板说预算不用管，做一天的", "八千", "拍照"),
    ("zh", "预算唔好超过八千，唔好影相", "老细话预算唔使理，做一日嘅", "八千", "影相"),
])
def test_a_money_limit_dropped_as_such_is_lifted(lang, first, then, limit, other):
    rules = _rules(lang, first, then)
    assert [s for t, s in rules if limit in t] == ["lifted"]
    assert [s for t, s in rules if other in t] == ["active"]
    assert len(rules) == 2  # "老板说预算不用管" is no rule of its own


@pytest.mark.parametrize("lang, first, then", [
    ("en", "Budget is max £40 a head, and no nuts please.", "can we forget the budget?"),
    ("en", "Budget is max £40 a head, and no nuts please.", "don't forget the budget, it's tight"),
    ("zh", "预算不要超过八千，别拍照发公众号", "预算不用管吗？"),
])
def test_a_budget_asked_about_or_stressed_stays(lang, first, then):
    assert all(s == "active" for _, s in _rules(lang, first, then))


@pytest.mark.parametrize("promise, report", [
    ("We need a signed consent form before the first session. I'll email it to you. We'll text a reminder the day before.",
     "The consent form is in your inbox now."),
    ("The spare keys are at our office. We'll post them to you. Any questions, just ask.", "The spare keys have been sent to you."),
])
def test_a_promise_naming_its_thing_by_a_pronoun_is_kept_by_a_report_naming_it(promise, report):
    promises = _promises("en", bot(promise), bot(report))
    assert promises[0][1] == "done"
    assert len([s for _, s in promises if s == "done"]) == 1  # the report is that promise's, no deed of its own


def test_a_promise_told_of_an_event_is_not_kept_by_what_the_sentence_before_names():
    promises = _promises("en", bot("Your account is open on 14-day terms. I'll email you once it's cleared."),
                         bot("Your account terms are set up."))
    assert promises[0] == ("I'll email you once it's cleared", "open")


def _said_and_called(lang: str, said: str, tool: str, result: dict) -> list[tuple[str, str]]:
    t = Tracker(lang)
    t.observe_many([user("ok go ahead"),
                    {"role": "assistant", "content": said, "tool_calls": [
                        {"id": "c1", "type": "function", "function": {"name": tool, "arguments": "{}"}}]},
                    {"role": "tool", "tool_call_id": "c1", "content": json.dumps(result, ensure_ascii=False)}])
    return [(c.text, c.status) for c in t.state().commitments]


@pytest.mark.parametrize("lang, said, tool, result", [
    ("zh", "好的，我给您约一下周六上午的场地。", "book_slot", {"code": "B-1023", "status": "已预约"}),
    ("zh", "明白，我先给您出报价。", "make_quote", {"quote": "Q-77", "total": "¥1,460"}),
    ("zh", "好的，我先帮您核一下人员要求。", "requirements", {"engineers": 5}),
    ("en", "Since that was you, I'll unfreeze the card now.", "unblock", {"ok": True}),
])
def test_a_promise_said_with_the_call_is_kept_when_the_call_comes_back(lang, said, tool, result):
    assert [s for _, s in _said_and_called(lang, said, tool, result)] == ["done"]


@pytest.mark.parametrize("lang, said", [
    ("zh", "好的，师傅会上门帮您重新设置路由器。"),
    ("zh", "好的，我明天上午把场地照片发您。"),
    ("en", "If the part ever needed replacing we'd contact you first."),
])
def test_a_later_or_someone_elses_deed_said_with_a_call_stays_open(lang, said):
    assert "done" not in [s for _, s in _said_and_called(lang, said, "create_order", {"order": "O-1"})]
