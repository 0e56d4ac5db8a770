"""wrong12's probe set (``tests/data/probes_wrong12.yml``, written before ctxgraph ran on it): a booked value the
chat changes afterwards, most often in the service's own words, must not stay current, beside controls whose values
must; and the act wrong12 read by structure (the ``change_reports`` step), in zh and en.

``python -m tests.probe_sets tests/data/probes_wrong12.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker

from tests.probe_sets import load_probes, probe_params, score_probes

SCORED = score_probes("wrong12")
#: probes that still put a not_current value into the state, each with the reason (strict: a probe that
#: stops doing so must leave this list)
KNOWN_WRONG: dict[str, str] = {
    "en_mosaic_report_name": "the want holds the opening's 'her name is Maureen Dolan' (the want: wantfb12's lane)",
    "en_hovercraft_cancel": "the cancelled booking's day was the user's, said in the opening (only the day said with the reference ends)",
}


def test_probes_wrong12_set_is_both_languages_with_controls():
    probes = [p for p, _ in load_probes("wrong12")]
    assert len(probes) >= 20 and {p["lang"] for p in probes} == {"en", "zh"}
    assert {p["class"] for p in probes} >= {"report", "cancel", "inline", "keep"}
    assert all(p["not_current"] for p in probes if p["class"] in ("report", "cancel", "inline"))


@pytest.mark.parametrize("probe,score", probe_params(SCORED, KNOWN_WRONG))
def test_probes_wrong12_no_wrong_value(probe, score):
    assert not score["wrong"], score["wrong"]


@pytest.mark.parametrize("probe,score", [(p, s) for p, s in SCORED if p["class"] == "keep"], ids=lambda x: x.get("id", ""))
def test_probes_wrong12_controls_keep_every_fact_supported(probe, score):
    # an offered change, a declined one, a change of another field: nothing true is replaced
    assert not score["unsupported"], score["unsupported"]


def _current(lang: str, messages: list[dict]) -> dict[str, str]:
    t = Tracker(lang)
    t.observe_many(messages)
    return {f.key: f.value for f in t.state().facts if f.status == "current"}


def _booked(lang: str, args: dict, report: str, ask: str) -> list[dict]:
    import json

    return [{"role": "user", "content": ask},
            {"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function", "function": {
                "name": "book", "arguments": json.dumps(args, ensure_ascii=False)}}]},
            {"role": "tool", "tool_call_id": "c1", "content": '{"booking": "BK-1"}'},
            {"role": "user", "content": "can you change it?" if lang == "en" else "能改一下吗"},
            {"role": "assistant", "content": report}]


@pytest.mark.parametrize("lang,args,report,key,new,old", [
    ("en", {"time": "10:00"}, "Done, I've moved it to 15:30, same tutor.", "time", "15:30", "10:00"),
    # a tool's total is the price slot's value
    ("zh", {"time": "14:00"}, "好的，已经帮您改到下午4点了。", "time", "下午4点", "14:00"),
    ("en", {"total": "£420"}, "Sure, I've changed it to 2 hours, so the total is now £300.", "price", "£300", "£420"),
    ("zh", {"total": "1560元"}, "好的，已改为10人，总价1300元。", "price", "1300元", "1560元"),
    ("zh", {"teacher": "钱老师"}, "有的，已换成冯老师了。", "teacher", "冯老师", "钱老师"),
    ("zh", {"style": "团扇"}, "好的，已经给您改成折扇了。", "style", "折扇", "团扇"),
    ("zh", {"child": "邓知远"}, "已改为邓致远。", "child", "邓致远", "邓知远"),
    ("en", {"student": "Maureen Dolan"}, "No worries, I've changed the name to Maureen Doolan.", "student", "Maureen Doolan", "Maureen Dolan"),
    ("en", {"technician": "Dave Morrow"}, "I've switched the job to Ian Clegg.", "technician", "Ian Clegg", "Dave Morrow"),
    ("en", {"service": "standard service"}, "I've changed it to the full service.", "service", "full service", "standard service"),
    ("zh", {"plate": "15厘米"}, "有的，已换20厘米的版子。", "plate", "20厘米", "15厘米"),
    ("en", {"duration": "10 min"}, "Switched to Classic, 12 minutes, low-noise.", "duration", "12 minutes", "10 min"),
    ("en", {"model": "clothed"}, "Noted, I'll switch it to our usual life model.", "model", "usual life model", "clothed"),
])
def test_a_reported_change_replaces_the_booked_value(lang, args, report, key, new, old):
    ask = "please book it" if lang == "en" else "帮我订一下"
    facts = _current(lang, _booked(lang, args, report, ask))
    assert facts.get(key) == new, facts
    assert old not in facts.values()


@pytest.mark.parametrize("lang,args,report", [
    ("en", {"time": "09:30"}, "I can move it to 13:00 if the afternoon suits you better?"),   # an offer
    ("en", {"total": "£300"}, "Want me to switch it to the bigger tuk tuk for £360?"),           # a question
    ("zh", {"size": "25升"}, "要不要改成40升的？5天300元。"),                                      # a question
    ("zh", {"teacher": "苏老师", "time": "10:00"}, "可以，已改到下午2点，老师不变。"),              # what stays
    ("en", {"tutor": "Nell Ashby"}, "I've moved it to 14:30 the same day, still with Nell."),      # what stays
    ("en", {"booking": "MC-044"}, "I've changed the name to Maureen Doolan on the booking."),     # a place, no value
])
def test_an_offer_a_question_or_what_stays_replaces_nothing(lang, args, report):
    ask = "please book it" if lang == "en" else "帮我订一下"
    facts = _current(lang, _booked(lang, args, report, ask))
    for key, value in args.items():
        if key == "time" and "下午2点" in report:
            continue  # the time is the change; the teacher stays
        assert key in facts and value in facts[key] or value in " ".join(facts.values()), facts


def test_a_report_of_a_value_already_held_changes_nothing_else():
    # the tool already holds the new return time: the user's pickup time is no old value of it
    msgs = [{"role": "user", "content": "10月1号取车 早上9点"},
            {"role": "assistant", "content": "好的，10月1日9:00取车。"},
            {"role": "user", "content": "还车能改到10月7号下午吗"},
            {"role": "assistant", "content": "已改为10月7日下午还车。"}]
    facts = _current("zh", msgs)
    assert any("9点" in v or "9:00" in v for v in facts.values()), facts


@pytest.mark.parametrize("lang,ref,arg,booked,done", [
    ("zh", "GJJ-0713-0452", "ref", "已预约7月13日周一下午光谷网点，预约号GJJ-0713-0452。", "预约已取消。"),
    ("en", "HC-2103", "booking", "Booked for Saturday 21 March, booking HC-2103.", "Cancelled, HC-2103 is refunded in full."),
])
def test_a_cancel_call_ends_the_booking_it_names(lang, ref, arg, booked, done):
    import json

    msgs = [{"role": "user", "content": "book it please" if lang == "en" else "帮我约一下"},
            {"role": "assistant", "content": booked},
            {"role": "user", "content": "please cancel it" if lang == "en" else "预约帮我取消掉"},
            {"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function", "function": {
                "name": "cancel", "arguments": json.dumps({arg: ref})}}]},
            {"role": "tool", "tool_call_id": "c1", "content": '{"ok": true}'},
            {"role": "assistant", "content": done}]
    facts = _current(lang, msgs)
    assert not any(ref in v or "13" in v or "21 March" in v for v in facts.values()), facts


def test_a_cancel_call_by_a_phone_number_ends_nothing():
    # a bare number is no booking's reference: the user's phone stays
    msgs = [{"role": "user", "content": "我的手机13301827645 会员帮我退订"},
            {"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function", "function": {
                "name": "cancel_and_refund", "arguments": '{"msisdn": "13301827645", "product": "视频会员"}'}}]},
            {"role": "tool", "tool_call_id": "c1", "content": '{"cancel": "success"}'},
            {"role": "assistant", "content": "已退订视频会员。"}]
    assert "13301827645" in _current("zh", msgs).values()
