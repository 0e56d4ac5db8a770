"""prom10 (issue 19): what a promise's look-alikes are, by the act, in both languages — the user's rule said
back, the service answering the user's call, a report of the deed a tool just did, the user's detail put in the
record, a check kept by the call after the user's answer, and a deed to the user after 当天."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from tests.test_trust_promises import bot, promises_after, the_one


def tool_turns(name: str, args: str, result: str, n: int = 1) -> list[dict]:
    call = f"c{n}"
    return [{"role": "assistant", "content": None, "tool_calls": [{"id": call, "type": "function",
                                                                  "function": {"name": name, "arguments": args}}]},
            {"role": "tool", "tool_call_id": call, "content": result}]


@pytest.mark.parametrize(("lang", "rule", "reply"), [
    pytest.param("zh", "那走单位那个吧，千万别联系房东，他知道了要涨房租", "好的，我们不会联系房东。单位证明需要盖公章。", id="zh-not"),
    pytest.param("zh", "别打电话联系我，上班不方便接，有事发微信", "好的，之后只通过微信联系您，不打电话。", id="zh-only"),
    pytest.param("en", "Please don't phone me at work, I can't take calls there.", "Understood, we won't phone you at work.", id="en-not"),
])
def test_promises_prom10_the_users_rule_said_back_is_no_promise(lang, rule, reply):
    t = Tracker(lang)
    t.observe_many([{"role": "user", "content": rule}, bot(reply)])
    state = t.state()
    assert state.constraints, "the user's rule is kept as a constraint"
    assert [c.text for c in state.commitments if c.status == "open"] == []


@pytest.mark.parametrize(("lang", "rule", "reply", "part"), [
    pytest.param("zh", "师傅来之前一定要先打个电话", "好的，师傅上门前会先给您打电话。", "打电话", id="zh-deed-asked-for"),
    pytest.param("en", "Please call me before you come round.", "Of course, the fitter will call you before he comes.", "call you",
                 id="en-deed-asked-for"),
])
def test_promises_prom10_a_deed_the_rule_asks_for_still_promises(lang, rule, reply, part):
    assert the_one(promises_after(lang, rule, bot(reply)), part)[1] == "open"


@pytest.mark.parametrize(("lang", "text"), [
    pytest.param("en", "A little sneezing is usually dust. If it gets worse, ring us and we'll ask our vet to see her.", id="en-ring-us"),
    pytest.param("en", "If he's still poorly on the day, just call us and we'll move the appointment free of charge.", id="en-call-us"),
    pytest.param("zh", "先放在通风的地方晾两天，如果还有霉味，您再联系我们，我们给您换一饼。", id="zh-lianxi-women"),
])
def test_promises_prom10_the_service_answering_the_users_call_is_no_promise(lang, text):
    assert promises_after(lang, bot(text)) == []


@pytest.mark.parametrize(("lang", "promise", "tool", "args", "report", "part"), [
    pytest.param("en", "I'll send the deposit invoice over now. Who should it go to?", "send_invoice", '{"to": "s@x.com"}',
                 "Invoice INV-3390 for £100 is in your inbox, Sophie.", "deposit invoice", id="en"),
    pytest.param("zh", "好的，我现在把术前注意事项发到您微信上。", "send_wechat", '{"doc": "术前注意事项"}',
                 "术前注意事项已经发到您微信了，请查收。", "术前注意事项", id="zh"),
])
def test_promises_prom10_a_report_after_the_tool_that_kept_it_is_no_second_promise(lang, promise, tool, args, report, part):
    t = Tracker(lang)
    t.observe_many([bot(promise), *tool_turns(tool, args, '{"sent": true}'), bot(report)])
    promises = [(c.text, c.status) for c in t.state().commitments]
    assert len(promises) == 1 and part in promises[0][0] and promises[0][1] == "done", promises


def test_promises_prom10_a_report_after_a_tool_keeps_the_one_it_names_not_the_other():
    t = Tracker("zh")
    t.observe_many([bot("已预约周六下午2点，检查前一天我们会短信提醒您，另外我现在把术前注意事项发到您微信上。"),
                    *tool_turns("send_wechat", '{"doc": "术前注意事项"}', '{"sent": true}'),
                    bot("术前注意事项已经发到您微信了，请查收。")])
    promises = [(c.text, c.status) for c in t.state().commitments]
    assert the_one(promises, "短信提醒")[1] == "open"
    assert the_one(promises, "术前注意事项")[1] == "done"


@pytest.mark.parametrize(("lang", "text"), [
    pytest.param("en", "I've added it to your Wednesday pickup at Westgate.", id="en-to-pickup"),
    pytest.param("en", "I've added that to the job notes for Nadia.", id="en-to-notes"),
])
def test_promises_prom10_the_users_detail_put_in_the_record_is_no_done_promise(lang, text):
    assert promises_after(lang, "can you add the eye drops too", bot(text)) == []


@pytest.mark.parametrize(("lang", "ask", "answer", "tool", "part"), [
    pytest.param("zh", "可以，清缝每平加5元。我查一下师傅的档期，您想约哪天、地址在哪？", "周五下午，地址是天府三街5栋1202",
                 "installer_slots", "档期", id="zh"),
    pytest.param("en", "Where is the car? I'll check what's on the van in your area once I know.", "on my drive, LS6 3AB",
                 "check_stock", "on the van", id="en"),
])
def test_promises_prom10_a_check_that_waited_for_the_users_answer_is_kept_by_the_call(lang, ask, answer, tool, part):
    t = Tracker(lang)
    t.observe_many([bot(ask), {"role": "user", "content": answer}, *tool_turns(tool, "{}", '{"slots": ["09:00"]}')])
    assert the_one([(c.text, c.status) for c in t.state().commitments], part)[1] == "done"


@pytest.mark.parametrize(("text", "part"), [
    pytest.param("已预约12月20日上午9点。验完当天出电子报告发到您手机。", "电子报告", id="dangtian-fadao"),
    pytest.param("好的，门禁人脸今晚10点前给您开通。", "门禁", id="qian-kaitong"),
])
def test_promises_prom10_zh_a_deed_to_the_user_after_a_time_promises(text, part):
    assert the_one(promises_after("zh", bot(text)), part)[1] == "open"


def test_promises_prom10_zh_what_can_be_arranged_on_the_day_is_no_promise():
    assert promises_after("zh", bot("医院到我们这里车程大约15分钟，出院当天可以安排专车接。")) == []


@pytest.mark.parametrize(("lang", "promise", "answer", "tool", "part"), [
    pytest.param("zh", "好的，那为您登记排队，请提供孩子姓名和家长电话。", "何欣怡 13705713368", "queue_register", "登记排队", id="zh"),
    pytest.param("en", "Sure, I'll register you for the waiting list. Please provide your full name.", "Tom Reilly",
                 "waitlist_register", "register you", id="en"),
])
def test_promises_prom10_a_promise_that_asked_for_details_is_kept_by_the_call_after_the_answer(lang, promise, answer, tool, part):
    t = Tracker(lang)
    t.observe_many([bot(promise), {"role": "user", "content": answer}, *tool_turns(tool, "{}", '{"queue_no": "Q-12"}')])
    assert the_one([(c.text, c.status) for c in t.state().commitments], part)[1] == "done"
