"""Whole values (issue 19, span7): the rule patterns keep a value's span whole - an address with
its flat, its number after the street, its estate's building, phase and gate, its Eircode; a date
range; a model year with its make; a Chinese date in numerals; a day with its part of the day; a
clock with 多 / 左右 - and a tool's bare number is written in the user's words."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from ctxgraph.extract.compiled import compiled_packs
from ctxgraph.extract.entities import find_entities


def spans(lang: str, text: str) -> list[tuple[str, str]]:
    return [(m.label, m.text) for m in find_entities(text, compiled_packs((), ())[lang])]


@pytest.mark.parametrize(("lang", "text", "whole"), [
    ("en", "flat 6, 19 Holloway Gardens, Bath BA2 4QT", ("ADDRESS", "flat 6, 19 Holloway Gardens, Bath BA2 4QT")),
    ("en", "it's on Cranbrook Avenue, number 14", ("ADDRESS", "Cranbrook Avenue, number 14")),
    ("en", "send it to 23 Birchfield Avenue, Cork T12 X2E4", ("ADDRESS", "23 Birchfield Avenue, Cork T12 X2E4")),
    ("en", "Address is 5 Orchard Rise, Kenilworth CV8 1JT", ("ADDRESS", "5 Orchard Rise, Kenilworth CV8 1JT")),
    ("en", "we'd like the kiln from 14th-16th april", ("DATE", "14th-16th april")),
    ("en", "can we book the 20th to the 22nd of March?", ("DATE", "the 20th to the 22nd of March")),
    ("en", "a full service for my 1968 Triumph Bonneville", ("PRODUCT", "1968 Triumph Bonneville")),
    ("en", "come at half past six", ("TIME", "half past six")),
    ("zh", "我叫刘敏，海淀区锦秋家园三号楼东门", ("ADDRESS", "海淀区锦秋家园三号楼东门")),
    ("zh", "天河区华景新城一期北门", ("ADDRESS", "天河区华景新城一期北门")),
    ("zh", "我预产期是五月十号", ("DATE", "五月十号")),
    ("zh", "二十六号送过来", ("DATE", "二十六号")),
    ("zh", "周六上午来吧", ("DATE", "周六上午")),
    ("zh", "明天晚上七点多到", ("TIME", "明天晚上七点多")),
    ("zh", "后天上午十点左右吧", ("TIME", "后天上午十点左右")),
])
def test_trust_spans_value_is_whole(lang, text, whole):
    assert whole in spans(lang, text)


@pytest.mark.parametrize(("lang", "text", "part"), [
    ("en", "in 2019 Tesco closed the branch", "2019 Tesco"),  # a year after "in" is no model year
    ("zh", "我住三号楼", "三号"),  # a building is no day of the month
    ("zh", "坐十号线过来", "十号"),  # nor a line
])
def test_trust_spans_no_value_made_up(lang, text, part):
    assert not any(part in s and label in ("PRODUCT", "DATE") for label, s in spans(lang, text))


def _facts(lang: str, messages: list[dict]) -> dict[str, str]:
    t = Tracker(lang, today="2026-03-09")
    t.observe_many(messages)
    return {f.key: str(f.value) for f in t.state().facts if f.status == "current"}


def _call(name: str, args: dict) -> list[dict]:
    import json
    return [{"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function", "function": {
        "name": name, "arguments": json.dumps(args)}}]}, {"role": "tool", "tool_call_id": "c1", "content": '{"status": "ok"}'}]


@pytest.mark.parametrize(("lang", "said", "args", "key", "own"), [
    ("en", "I'd like to enter her for her Grade 5 ballet exam", {"grade": 5}, "grade", "Grade 5"),
    ("zh", "去年过了四级，今年想考六级", {"grade": 6}, "grade", "六级"),
    ("zh", "只能周末。每次两个小时", {"hours_each": 2}, "hours_each", "两个小时"),
])
def test_trust_spans_tool_number_in_the_users_words(lang, said, args, key, own):
    facts = _facts(lang, [{"role": "user", "content": said}, *_call("book_exam", args)])
    assert facts[key] == own


def test_trust_spans_tool_number_two_ways_names_none():
    facts = _facts("zh", [{"role": "user", "content": "两个人，每次两个小时"}, *_call("book_room", {"people": 2})])
    assert facts.get("people") in ("2", "两个人")  # people counts 人: never the hours


@pytest.mark.parametrize(("lang", "reply", "kept", "refused"), [
    ("zh", "保留原木色，是我爷爷做的，别给我刷成黑的", "原木色", "黑"),
    ("en", "the natural oak, it matches the floor, just don't stain it dark", "natural oak", "dark"),
])
def test_trust_spans_answer_stops_before_a_refusal(lang, reply, kept, refused):
    opening = {"zh": "家里的老实木门想翻新一下", "en": "I'd like the banister restored"}[lang]
    ask = {"zh": "好的，颜色想换吗？", "en": "Sure. What colour would you like?"}[lang]
    facts = _facts(lang, [{"role": "user", "content": opening}, {"role": "assistant", "content": ask},
                          {"role": "user", "content": reply}])
    assert any(kept in v for v in facts.values()) and not any(refused in v for v in facts.values())


@pytest.mark.parametrize(("lang", "address", "change"), [
    ("en", "flat 3, 41 Elm Park Road, Brixton SW2 2UN", "can we also do mondays? turns out 4 days not 3"),
    ("en", "12 Canons Way", "actually make that two"),
])
def test_trust_spans_count_change_leaves_the_address(lang, address, change):
    facts = _facts(lang, [{"role": "assistant", "content": "Where are you based?"}, {"role": "user", "content": address},
                          {"role": "assistant", "content": "Thanks."}, {"role": "user", "content": change}])
    assert facts.get("address") == address


@pytest.mark.parametrize(("lang", "reply", "key", "whole"), [
    ("zh", "其实周五晚上也行，我周五不加班", "date", "周五晚上"),  # the day said again keeps its part of the day
    ("zh", "10点半，不，10点吧", "time", "10点"),  # a clock said again is a change
])
def test_trust_spans_value_said_again(lang, reply, key, whole):
    facts = _facts(lang, [{"role": "user", "content": "想找个陪练"}, {"role": "assistant", "content": "好的，您什么时间方便？"},
                          {"role": "user", "content": reply}])
    assert facts[key] == whole


def test_trust_spans_no_value_across_a_sentence_end():
    facts = _facts("en", [{"role": "user", "content": "looking for a marquee for a party in the back garden"},
                          {"role": "assistant", "content": "How many guests, and will it be a sit-down meal?"},
                          {"role": "user", "content": "around 60, yes sit down meal. garden is about 20 by 14 metres"}])
    assert not any(". " in v for v in facts.values())


@pytest.mark.parametrize(("lang", "said", "offer", "iso", "own"), [
    ("zh", "二十六号", "可以安排2月24日或2月26日。", "2026-02-26", "二十六号"),
])
def test_trust_spans_day_of_month_in_the_users_words(lang, said, offer, iso, own):
    t = Tracker(lang, today="2026-01-05")
    t.observe_many([{"role": "user", "content": "想托运一只猫"}, {"role": "assistant", "content": offer},
                    {"role": "user", "content": said}, *_call("book_transport", {"date": iso})])
    assert any(str(f.value).startswith(own) and "26" in str(f.value) for f in t.state().facts if f.key == "date" and f.status == "current")
