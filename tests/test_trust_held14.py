"""held14 (issue 19): a date the user says of their own event (a flight, a wedding, a birthday, the end of a fixed
rate, a birth) is keyed by that event, so the booking's date picked later stands beside it instead of replacing it;
a date asked for the service itself is still replaced by the one picked. zh and en; and the probe set
(``tests/data/probes_held14.yml``, written before ctxgraph ran on it)."""

from __future__ import annotations

import json

import pytest

from ctxgraph import Tracker

from tests.probe_sets import probe_params, score_probes

SCORED = score_probes("held14")
#: probes that still miss a current value, each with the reason (strict: a probe that stops missing must leave)
KNOWN_MISSES: dict[str, str] = {
    "zh_reqiqiu_event_trip": "the pick 22号早上 is kept in the tool's form",
    "zh_yaogu_request": "the pick 19号上午 is kept in the tool's form",
    "zh_xiangqi_request": "the pick 周日上午10点 is cut (time: 上午10点)",
    "zh_reqiqiu_request": "热气球 (the thing booked) is read by no rule",
    "zh_pipa_event_contract": "the subject 我在这边的租房合同 is longer than a pronoun and a short noun: a wider subject keyed "
                              "a train ticket's own date (dev zh ticketing_2)",
    "zh_kouqin_holder_age": "the first child's 8岁 is replaced by the cousin's 12岁 (another holder: left)",
}


def _chat(lang: str, opening: str, offer: str, pick: str, args: dict, report: str) -> list[dict]:
    return [{"role": "user", "content": opening}, {"role": "assistant", "content": offer},
            {"role": "user", "content": pick},
            {"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function", "function": {
                "name": "book", "arguments": json.dumps(args, ensure_ascii=False)}}]},
            {"role": "tool", "tool_call_id": "c1", "content": '{"ref": "BK-1"}'},
            {"role": "assistant", "content": report}]


def _current(lang: str, messages: list[dict]) -> list[str]:
    t = Tracker(lang, today="2026-03-09")
    t.observe_many(messages)
    return [f.value for f in t.state().facts if f.status == "current"]


def _holds(values: list[str], wanted: str) -> bool:
    return any(wanted.casefold() in v.casefold() for v in values)


@pytest.mark.parametrize("lang,opening,offer,pick,args,report,event_date", [
    ("en", "hi, our band is playing a gig on 25 april and i want a drum lesson before",
     "I have Thursday 12 March at 6pm or Friday 13 March at 7pm.", "friday please",
     {"date": "2026-03-13", "time": "19:00"}, "Booked for Friday 13 March at 7pm.", "25 april"),
    ("en", "my mum turns 80 on 14 june and she wants a hot air balloon ride",
     "We fly on Saturday 6 June or Sunday 7 June.", "the saturday",
     {"date": "2026-06-06"}, "Booked for Saturday 6 June.", "14 june"),
    ("en", "we need a valuation before completion on the 30th of april",
     "Our valuer can come Monday 16 March or Tuesday 17 March.", "tuesday",
     {"date": "2026-03-17"}, "Booked for Tuesday 17 March.", "30th of april"),
    ("zh", "你好 我们4月20号到丽江 想约一次雪山徒步", "4月22日和4月23日有团，每人480元。", "22号吧",
     {"date": "2026-04-22"}, "已约好4月22日的雪山徒步。", "4月20号"),
    ("zh", "我女儿5月16号要考钢琴八级 想考前约几节陪练", "周六3月14日下午或者周三3月18日晚上可以。", "周六下午",
     {"date": "2026-03-14"}, "已约好3月14日周六下午。", "5月16号"),
    ("zh", "宝宝是3月1号生的 想约个上门拍满月照", "3月28日周六和3月29日周日都可以上门。", "28号",
     {"date": "2026-03-28"}, "已预约3月28日周六上门拍摄。", "3月1号"),
])
def test_own_event_date_stays_beside_the_booked_date(lang, opening, offer, pick, args, report, event_date):
    values = _current(lang, _chat(lang, opening, offer, pick, args, report))
    assert _holds(values, event_date), values  # the event's day is not replaced by the booking's
    assert _holds(values, args["date"][-2:].lstrip("0")), values  # and the booking's day is read


@pytest.mark.parametrize("lang,opening,offer,pick,args,report,old", [
    ("en", "can you come and tune the harp on friday 20 march?", "Friday is full; Saturday 21 March at 10am is free.",
     "saturday then", {"date": "2026-03-21"}, "Booked for Saturday 21 March at 10am.", "friday 20 march"),
    ("en", "we're free on the 18th for the survey", "Sorry, the 18th is taken. Thursday 19th at 2pm?",
     "ok the 19th", {"date": "2026-03-19"}, "Booked for Thursday 19 March at 2pm.", "the 18th"),
    ("zh", "能约4月18号上午的陶艺课吗 两个人", "4月18日上午满了，4月19日上午还有位置。", "那就19号",
     {"date": "2026-04-19"}, "已约好4月19日上午两位。", "4月18号"),
    ("zh", "我周六上午有空 能来修一下吗", "周六排满了，周日上午可以吗？", "周日上午吧",
     {"date": "2026-03-15"}, "已约好3月15日周日上午上门。", "周六上午"),
])
def test_a_date_asked_for_the_service_is_still_replaced_by_the_pick(lang, opening, offer, pick, args, report, old):
    values = _current(lang, _chat(lang, opening, offer, pick, args, report))
    assert not _holds(values, old), values


@pytest.mark.parametrize("lang,text,key", [
    ("en", "our fixed rate ends in February and we'd like to remortgage", "fixed rate ends"),
    ("en", "getting married on the 22nd may and want spray tans", "getting married"),
    ("zh", "我们4月20号到敦煌 待三天", "到敦煌"),
    ("zh", "宝宝 5月2号生的。", "生"),
])
def test_the_event_names_the_key(lang, text, key):
    t = Tracker(lang, today="2026-03-09")
    t.observe({"role": "user", "content": text})
    assert key in {f.key for f in t.state().facts if f.status == "current"}


@pytest.mark.parametrize("lang,text,date", [
    ("en", "can we book the escape room for friday 20 march?", "friday 20 march"),  # a request
    ("en", "im home thursday all day", "thursday"),  # a time one is free
    ("en", "we're free on the 18th for the survey", "the 18th"),
    ("zh", "我周六上午有空", "周六上午"),
    ("zh", "能约5月1号早上的吗", "5月1号早上"),
])
def test_requests_and_free_times_keep_the_booking_keys(lang, text, date):
    t = Tracker(lang, today="2026-03-09")
    t.observe({"role": "user", "content": text})
    keys = {f.key for f in t.state().facts if f.status == "current" and f.value == date}
    assert keys and keys <= {"date", "day"}, keys


def test_a_span_that_names_no_calendar_day_is_no_event():
    t = Tracker("en", today="2026-03-09")
    t.observe({"role": "user", "content": "I am away for a month, email me please"})
    assert not any(f.value == "month" for f in t.state().facts if f.status == "current")


def test_probes_held14_set_is_both_languages_with_controls():
    probes = [p for p, _ in SCORED]
    assert len(probes) >= 20 and {p["lang"] for p in probes} == {"en", "zh"}
    assert {p["class"] for p in probes} >= {"event", "request", "holder"}


@pytest.mark.parametrize("probe,score", probe_params(SCORED, KNOWN_MISSES))
def test_probes_held14_every_current_value_held(probe, score):
    assert not score["missed"], score["missed"]


@pytest.mark.parametrize("probe,score", [(p, s) for p, s in SCORED if p["class"] == "request"], ids=lambda x: x.get("id", ""))
def test_probes_held14_requests_end_the_asked_date(probe, score):
    assert not score["wrong"], score["wrong"]
