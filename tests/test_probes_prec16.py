"""prec16's probe set (``tests/data/probes_prec16.yml``, written before ctxgraph ran on it): a day part inside the
greeting that opens a message ("Good afternoon. ...") is no time the user wants; a day another engagement takes
("she has netball thursdays", "my husband's got the dentist monday morning") is ruled out; and their controls (a
day part said as a wish, the day of the user's own occasion). Each probe is scored the way ``ctxgraph bench cs``
scores a chat; plus the behaviour each rule adds.

``python -m tests.probe_sets tests/data/probes_prec16.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import json

import pytest

from ctxgraph import Tracker
from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params
from tests.test_probes_picks15 import _current as _picked  # the assistant offers, the user says

PROBES = load_probes("prec16")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "en-greet-harp-morning": "'would like harp lessons' after a person in brackets is no want form",
    "en-greet-neg-wish": "'can the tuner come round thursday afternoon?' asks: its day is read alone",
    "en-compare-harp-closer": "'Abingdon, the studio is nearer too': a place picked from the question is no pick",
    "en-engaged-neg-party": "'needs sweeping friday' (a thing's need, no person's) is no wish form",
}


def test_probes_prec16_load_both_classes():
    assert len(PROBES) >= 10 and {p["class"] for p, _ in PROBES} == {"greet", "engaged", "compare", "refused", "repick", "theday", "invoiceto", "status"}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_prec16_probe_reads_the_value(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])


def _current(text: str) -> dict[str, str]:
    t = Tracker("en", today="2026-03-09")
    t.observe({"role": "user", "content": text})
    return {f.key: f.value for f in t.state().facts if f.status == "current"}


@pytest.mark.parametrize(("text", "kept"), [
    ("Good afternoon. Our flue needs sweeping, we're at 4 Kestrel Lane", None),
    ("hi, good morning! I need the piano tuned friday afternoon", "friday"),
    ("Good evening, is there a good afternoon slot on saturday", None),
])
def test_a_greetings_day_part_is_no_time(text, kept):
    facts = _current(text)
    assert not any(v.casefold() in ("afternoon", "morning", "evening") for v in facts.values()), facts
    assert kept is None or kept in facts.values(), facts


@pytest.mark.parametrize(("text", "gone", "kept"), [
    ("she has netball thursdays, so tuesday", "thursdays", "tuesday"),
    ("my husband's got the dentist monday morning. wednesday then", "monday", "wednesday"),
    ("we have a garden party on sunday the 14th", None, "sunday the 14th"),
    ("I have the day off on friday, come then", None, "friday"),
])
def test_a_day_another_engagement_takes_is_ruled_out(text, gone, kept):
    values = " | ".join(_current(text).values()).casefold()
    assert gone is None or gone not in values, values
    assert kept in values, values


@pytest.mark.parametrize(("text", "gone", "kept"), [
    ("Abingdon please, the studio is closer too", "closer", None),
    ("Bracknell is more close for me", "more close", None),
    ("also if the outdoor pen is cheaper do that", "cheaper do", None),
    ("the old cowl is silver and the pot is terracotta", None, "silver"),
])
def test_a_comparison_or_a_condition_is_no_attribute(text, gone, kept):
    values = " | ".join(_current(text).values())
    assert gone is None or gone not in values, values
    assert kept is None or kept in values, values


def _want(lang: str, text: str) -> str:
    t = Tracker(lang)
    t.observe({"role": "user", "content": text})
    return next((f.value for f in t.state().facts if f.key == "want" and f.status == "current"), "")


@pytest.mark.parametrize(("lang", "text", "gone", "kept"), [
    ("en", "need the chimney swept. traditional brush, no vacuum please", "vacuum", "traditional brush"),
    ("en", "I want to hire a harp. It must be a lever harp not a pedal harp", "pedal", "lever harp"),
    ("en", "need a dry stone wall rebuilt, no rush, sometime in spring", None, "no rush"),
    ("zh", "想约个调音师上门调钢琴，要有证书的，别是学生那种", "学生", "调钢琴"),
])
def test_the_opening_want_leaves_out_what_it_refuses(lang, text, gone, kept):
    want = _want(lang, text)
    assert gone is None or gone not in want, want
    assert kept in want, want


@pytest.mark.parametrize(("lang", "offer", "said", "gone", "kept"), [
    ("zh", "可以约5月6日周三上午、5月8日周五下午，或者5月9日周六上午。", "周三上午吧。哦不对，那天要去医院，周六那个", "周三", "周六"),
    ("en", "We can do Tuesday 5 May morning, Wednesday 6 May afternoon or Friday 8 May morning.",
     "weds pm. actually no shes got the dentist weds, friday morning then", "weds", "riday"),
    ("en", "We can do Friday 8th or Sunday 10th May.", "friday then, no wait, friday is fine. 7.30pm start", None, "riday"),
])
def test_a_pick_taken_back_for_another_is_overtaken(lang, offer, said, gone, kept):
    values = " | ".join(_picked(lang, offer, said)).casefold()
    assert gone is None or gone not in values, values
    assert kept in values, values


@pytest.mark.parametrize(("said", "day"), [
    ("Booked, ref TB-2210. We set up his pen on the Saturday morning.", None),
    ("Done, hire HH-3390 for March. The contract will be with you by Thursday.", None),
    ("If your skin is fine I'll hold your first session for the following Saturday.", None),
    ("Yes, the sweep can come on Friday at 10am.", "Friday"),
])
def test_the_assistants_weekday_said_with_the_or_by_is_no_day_booked(said, day):
    t = Tracker("en", today="2026-03-09")
    t.observe_many([{"role": "user", "content": "can you book me in"}, {"role": "assistant", "content": said}])
    assert next((f.value for f in t.state().facts if f.key == "day"), None) == day


@pytest.mark.parametrize(("text", "title"), [
    ("invoice to office@kestrelhomes.co.uk thanks", None),  # (lead24) the email's own fact holds it, whole (below)
    ("invoice to me, Moira Lennox", None),
    ("please invoice to Kestrel Sweeps Ltd, not me", "Kestrel Sweeps Ltd"),
])
def test_the_value_after_a_slot_word_keeps_an_email_whole_and_is_no_pronoun(text, title):
    assert _current(text).get("invoice_title") == title
    if "@" in text:
        assert _current(text).get("email") == "office@kestrelhomes.co.uk"


@pytest.mark.parametrize(("record", "gone", "kept"), [
    ({"hire": "HH-3390", "insurance": "requested", "contract": "sent to customer email"}, ("requested", "sent to"), "HH-3390"),
    ({"order": "BJ-0509-12", "cleaner": "待分配"}, ("待分配",), "BJ-0509-12"),
    ({"ref": "PT-5521", "report": "sent to moira@lennox.me"}, (), "moira@lennox.me"),
])
def test_a_writes_state_of_a_step_is_no_fact(record, gone, kept):
    t = Tracker("en")
    t.observe_many([{"role": "user", "content": "book it please"},
                    {"role": "assistant", "content": None, "tool_calls": [
                        {"id": "c1", "type": "function", "function": {"name": "create_booking", "arguments": "{}"}}]},
                    {"role": "tool", "tool_call_id": "c1", "content": json.dumps(record, ensure_ascii=False)}])
    values = " | ".join(f.value for f in t.state().facts if f.status == "current")
    assert not any(g in values for g in gone), values
    assert kept in values, values
