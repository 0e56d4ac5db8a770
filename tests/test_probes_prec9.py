"""prec9's probe set (``tests/data/probes_prec9.yml``, written before ctxgraph ran on it): words that must
not become current facts (the assistant's own details and deeds, offers not taken, values the user
changed or took back, questions, small talk, name fragments, days away) beside the values that must, and
the acts prec9 read by structure. Scored like ``ctxgraph bench cs``.

``python -m tests.probe_sets tests/data/probes_prec9.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker

from tests.probe_sets import load_probes, probe_params, score_probes

SCORED = score_probes("prec9")
#: probes that still put a not_current value into the state, each with the reason (strict: a probe that
#: stops doing so must leave this list)
KNOWN_WRONG: dict[str, str] = {}
#: classes whose probes must hold no unsupported fact
CLEAN = ("own", "away", "name", "smalltalk", "rejected")
KNOWN_UNSUPPORTED: dict[str, str] = {
    "en_harpsichord_own_schedule": "the value tagger reads 'Easter' of 'before Easter' as a place",
}


def test_probes_prec9_set_is_both_languages_and_weighted_to_non_values():
    probes = [p for p, _ in load_probes("prec9")]
    assert len(probes) >= 30 and {p["lang"] for p in probes} == {"en", "zh"}
    assert sum(bool(p["not_current"]) or not p["current"] or p["class"] == "smalltalk" for p in probes) > len(probes) / 2


@pytest.mark.parametrize("probe,score", probe_params(SCORED, KNOWN_WRONG))
def test_probes_prec9_no_wrong_value(probe, score):
    assert not score["wrong"], score["wrong"]


@pytest.mark.parametrize("probe,score", probe_params([(p, s) for p, s in SCORED if p["class"] in CLEAN], KNOWN_UNSUPPORTED))
def test_probes_prec9_no_unsupported_fact(probe, score):
    assert not score["unsupported"], score["unsupported"]


def _current(lang: str, *messages) -> list[tuple[str, str]]:
    t = Tracker(lang, today="2026-03-09")
    for m in messages:
        t.observe(m if isinstance(m, dict) else {"role": m[0], "content": m[1]})
    return [(f.key, f.value) for f in t.state().facts if f.status == "current"]


@pytest.mark.parametrize("text,name", [
    ("yep. name's Tomasz Wrobel", "Tomasz Wrobel"),
    ("8am. name is Sofia Reyes, phone 512-555-0142", "Sofia Reyes"),
    ("no thanks, lets see what she finds first. name's Owen Pritchard btw", "Owen Pritchard"),
])
def test_probes_prec9_slot_word_is_no_value(text, name):
    values = [v for _, v in _current("en", ("user", text))]
    assert "name" not in [v.casefold() for v in values] and name in values, values


@pytest.mark.parametrize("lang,text", [
    ("en", "Booked. I'll email the contract and the invoice tonight."),
    ("en", "Of course. Our courier delivers between 8am and 10pm, any time restrictions?"),
    ("zh", "报名成功！报名费加快递共165元。"),
])
def test_probes_prec9_untyped_slot_takes_no_time_or_amount(lang, text):
    assert not [k for k, _ in _current(lang, ("assistant", text)) if k in ("courier", "invoice_title")]


@pytest.mark.parametrize("lang,text,own", [
    ("zh", "好的，请寄到：上海市徐汇区漕溪北路88号圣爱大厦1207室，光影维修收，电话021-64871520。", "漕溪北路"),
    ("zh", "好的，周六下午2点还有位置。我们地址是南明区花果园R2栋1203，到了打电话给前台。", "花果园"),
    ("zh", "可以的。请把扫描件发到我们邮箱xiufu@guangying.cn，我们一般3个工作日内给您报价。", "xiufu"),
    ("en", "The studio is at Unit 4, Mill Yard, Hebden Bridge HX7 8AD. Parking is on Market Street.", "Mill Yard"),
    ("en", "Please post it to us at 12 Ferry Lane, Bristol BS1 6UX.", "Ferry Lane"),
])
def test_probes_prec9_service_own_contact_is_no_fact(lang, text, own):
    assert not [v for _, v in _current(lang, ("assistant", text)) if own in v]


@pytest.mark.parametrize("lang,messages,value", [
    ("en", [("user", "my address is 5 Orchard Rise, CV8 1JT"), ("assistant", "We'll deliver to 5 Orchard Rise, CV8 1JT.")],
     "5 Orchard Rise"),
    ("en", [("assistant", "I'll email your VAT invoice to h.okafor@outlook.co.uk within 24 hours.")], "h.okafor@outlook.co.uk"),
    ("en", [("user", "it's 5 Elm Road, Leeds LS6 2AB"), ("assistant", "Great, we'll send our engineer to 5 Elm Road, Leeds LS6 2AB.")],
     "5 Elm Road"),
    ("zh", [("user", "寄到杭州市西湖区文三路90号"), ("assistant", "好的，给您寄到杭州市西湖区文三路90号。")], "文三路90号"),
])
def test_probes_prec9_user_contact_restated_stays(lang, messages, value):
    assert any(value in v for _, v in _current(lang, *messages))


@pytest.mark.parametrize("lang,first,change,old,new", [
    ("en", "Need someone to put together an IKEA PAX wardrobe and two MALM chests of drawers",
     "oh wait its actually three malm not two", "two", "three malm"),
    ("en", "I need 200 letterpress business cards on cotton card", "actually make it 500 not 200, my partner wants some",
     "200", None),
    ("zh", "修复好的照片想冲印成6寸", "等下，改成7寸吧", "6寸", "7寸"),
])
def test_probes_prec9_want_follows_a_changed_value(lang, first, change, old, new):
    current = dict(_current(lang, ("user", first), ("user", change)))
    want = current["want"]
    assert old not in want.split() and (old not in want if lang == "zh" else True), want
    # (user28zh) or the new value is a current fact of its own ("尺寸: 7寸"), masked out of the want
    assert new is None or new in want or new in current.values(), current


def test_probes_prec9_want_keeps_an_ordinal():
    # "6th birthday" then a date "20th june" in a message that says "not the biggest one": no count changed
    want = dict(_current("en", ("user", "hey do u have bouncy castles for a 6th birthday? about 15 kids"),
                         ("user", "sat 20th june, in our garden. the garden is like 17ft wide so not the biggest one")))["want"]
    assert "6th birthday" in want


@pytest.mark.parametrize("lang,offer,reply,out,kept", [
    ("en", "Jump days in May are Saturday 2nd, Saturday 16th and Sunday 24th.", "we're away the 2nd. sorry", "2nd", None),
    ("en", "Return is Monday 2 Nov 5pm or Tuesday 3 Nov noon.", "we're away the 2nd, so tuesday please", "2 Nov", "uesday"),
])
def test_probes_prec9_day_ruled_out_is_no_pick(lang, offer, reply, out, kept):
    values = " | ".join(v for _, v in _current(lang, ("assistant", offer), ("user", reply)))
    assert out not in values and (kept is None or kept in values), values


def _call(name: str, args: str, result: str) -> list[dict]:
    return [{"role": "assistant", "content": None, "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": name, "arguments": args}}]},
        {"role": "tool", "tool_call_id": "c1", "content": result}]


def test_probes_prec9_tool_listing_two_offers_accepts_none():
    msgs = [{"role": "assistant", "content": "推荐这几个：《长安夜宴》古风本，《雾都谜案》推理本，《山村旧事》恐怖本。"},
            *_call("check_rooms", "{}", '{"rooms": [{"scripts": ["长安夜宴", "山村旧事"]}]}')]
    assert not [v for k, v in _current("zh", *msgs) if k == "item"]


def test_probes_prec9_tool_confirming_one_offer_accepts_it():
    msgs = [{"role": "assistant", "content": "推荐这几个：《长安夜宴》古风本，《雾都谜案》推理本。"},
            *_call("book_room", '{"script": "雾都谜案"}', '{"booking": "MW-1", "script": "雾都谜案"}')]
    assert "雾都谜案" in [v for _, v in _current("zh", *msgs)]


@pytest.mark.parametrize("name,args,gone,kept", [
    ("move_lesson", '{"student_id": "CW-2091", "from": "2026-01-28 17:30", "to": "2026-01-28 18:00"}', "17:30", "18:00"),
    ("create_exchange", '{"order": "XG1", "from": "黑色 M", "to": "白色 L"}', "黑色 M", "白色 L"),
])
def test_probes_prec9_moved_thing_gives_up_its_old_value(name, args, gone, kept):
    msgs = [*_call("buy_package", '{"student": "Chloe"}', '{"student_id": "CW-2091", "first_lesson": "2026-01-28 17:30"}'),
            *_call(name, args, '{"ok": true}')]
    values = [v for _, v in _current("en", *msgs)]
    assert not [v for v in values if gone in v], values


def test_probes_prec9_trip_ends_stay():
    msgs = _call("book_move", '{"date": "2026-10-24", "from": "南山区桃园路1号", "to": "前海店"}', '{"ok": true, "job": "M-1"}')
    assert any("桃园路1号" in v for _, v in _current("zh", *msgs))


@pytest.mark.parametrize("lang,offer,reply,junk", [
    ("en", "For 60 seated you'd want a 9x15m frame marquee (£1,450) or a 12x12m traditional pole marquee (£1,180).",
     "fine, frame then", "60"),
])
def test_probes_prec9_pick_holds_no_lead_in_value(lang, offer, reply, junk):
    values = [v for _, v in _current(lang, ("assistant", offer), ("user", reply))]
    assert values and not [v for v in values if junk in v.split()], values


@pytest.mark.parametrize("lang,text", [
    ("en", "is the ghost tour suitable for a 9 year old? and do you run it on Sunday nights?"),
    ("zh", "请问你们周日营业吗？"),
])
def test_probes_prec9_service_question_states_no_day(lang, text):
    assert not [k for k, _ in _current(lang, ("user", text)) if k in ("day", "date")]


@pytest.mark.parametrize("lang,text", [
    ("en", "It's fine from age 8, and yes, Sundays at 8pm."),
    ("en", "Section 03 runs every Saturday 9am-noon at Eastside."),
    ("zh", "品鉴师每周二下午在店里。"),
])
def test_probes_prec9_service_schedule_is_no_day(lang, text):
    assert not [k for k, _ in _current(lang, ("user", "hi"), ("assistant", text)) if k in ("day", "date")]
