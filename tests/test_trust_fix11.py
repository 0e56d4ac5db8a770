"""Regressions a review found in the previous round's code (issue 19, fix11 round), one test per item,
both languages where the item is in both: the review's snippets are the cases."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from tests.test_graph import bot


def current(*messages, lang: str, packs: list[str] | None = None) -> dict[str, str]:
    t = Tracker(lang, packs=packs or [])
    for m in messages:
        t.observe(m if isinstance(m, dict) else {"role": "user", "content": m})
    return {f.key: f.value for f in t.state().facts if f.status == "current"}


# ---------------------------------------------------------------- 6. measures: 到 is no distance by itself

@pytest.mark.parametrize(("lang", "text", "said"), [
    ("zh", "从量尺到安装大概要3个月", "3个月"),
    ("zh", "每天练到晚上得2个小时", "2个小时"),
    ("en", "from measuring to fitting it takes about 3 months", "3 months"),
])
def test_fix11_a_span_from_one_step_to_another_is_a_duration(lang, text, said):
    from ctxgraph.extract.measures import MEASURE_KEYS

    got = current(text, lang=lang)
    assert any(said in v for k, v in got.items() if k in MEASURE_KEYS), got


@pytest.mark.parametrize(("lang", "text", "far"), [
    ("zh", "我离你们店就20分钟，下班过去", "20分钟"),
    ("zh", "我开车到你们店要20分钟，下班过去", "20分钟"),
    ("zh", "到你们店走路得半小时", "半小时"),
    ("zh", "18:05来不及，下班到南站得一个小时", "一个小时"),
    ("en", "we're about 3 miles away from you", "3 miles"),
])
def test_fix11_how_far_the_user_travels_is_still_no_measure(lang, text, far):
    from ctxgraph.extract.measures import MEASURE_KEYS

    got = current(text, lang=lang)  # (the want may hold the whole sentence: that is the want's lane)
    assert not [v for k, v in got.items() if k in MEASURE_KEYS and far in v], got


# ---------------------------------------------------------------- 7. booking: "for N" is people only where a domain has people

@pytest.mark.parametrize(("text", "key"), [
    ("I need a taxi for 7 please", "taxi.people"),
    ("Can you book me a taxi from the hotel for 7?", "taxi.people"),
])
def test_fix11_a_taxi_for_a_number_is_no_party_size(text, key):
    assert key not in current(text, lang="en", packs=["booking"])


@pytest.mark.parametrize(("messages", "key", "value"), [
    (["I'd like a table for 7 on Friday"], "restaurant.people", "7"),
    (["I need a hotel in the north", bot("The Acorn has rooms. Shall I book it?"), "yes, book it for 4 please"], "hotel.people", "4"),
])
def test_fix11_a_booking_for_a_number_is_still_its_party_size(messages, key, value):
    assert current(*messages, lang="en", packs=["booking"]).get(key) == value


# ---------------------------------------------------------------- 8. booked_time works with the shipped booking pack

def test_fix11_a_taxi_in_time_for_the_reservation_with_the_shipped_pack():
    got = current("Book a table for two at 19:30 on Friday.", bot("Your table is booked for 19:30."),
                  "I also need a taxi to get us there in time for our reservation.", lang="en", packs=["booking"])
    assert got.get("taxi.arrive_by") == "19:30", got


def test_fix11_the_shipped_packs_say_which_trips_arrive():
    from ctxgraph._rules import load_pack

    for lang in ("en", "zh"):
        slots = {s.id: s for s in load_pack([], lang, packs=["booking"]).slots}
        assert "taxi" in slots["arrive_by"].domains and "hotel" not in slots["arrive_by"].domains, lang


# ---------------------------------------------------------------- 9. attributes: a compass word is no superlative

@pytest.mark.parametrize(("text", "value"), [
    ("the garden is southwest", "southwest"),
    ("the roof is south facing, the garden is northwest", "northwest"),
])
def test_fix11_a_compass_word_is_no_superlative(text, value):
    got = current("Hi", text, lang="en")
    assert value in got.values(), got


def test_fix11_a_superlative_is_still_no_value():
    from ctxgraph.extract.attributes import _en_complement

    assert [_en_complement(c) for c in ("cheapest", "biggest", "southwest")] == ["", "", "southwest"]


# ---------------------------------------------------------------- 11. kin

@pytest.mark.parametrize(("lang", "text", "said"), [
    ("en", "Can the driver ring my Dad when he arrives?", ["my Dad"]),
    ("en", "the booking is for my Mum and my Nan", ["my Mum", "my Nan"]),
    ("zh", "我妈订了春节那天的位子", ["我妈"]),
    ("zh", "我姐周末过来，她是中秋节生日", ["我姐"]),
])
def test_fix11_kin_a_capital_or_a_later_word_does_not_hide_the_relation(lang, text, said):
    got = current("Hi" if lang == "en" else "你好", text, lang=lang)
    for value in said:
        assert value in got.values(), got


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "i'll print the voucher on my Brother printer"),
    ("zh", "我哥们儿下午过来取"),
    ("zh", "大姐，那个快递到哪了"),
    ("zh", "大哥你好，帮我看看这个订单"),
])
def test_fix11_kin_no_wrong_relation(lang, text):
    got = current(text, lang=lang)
    assert not {k: v for k, v in got.items() if k.startswith("person_")}, got


@pytest.mark.parametrize(("text", "said"), [("我姐夫下午过来取", "我姐夫"), ("我弟媳下午过来取", "我弟媳")])
def test_fix11_kin_a_longer_word_is_not_its_first_character(text, said):
    got = current("你好", text, lang="zh")
    values = [v for k, v in got.items() if k.startswith("person_")]
    assert values == [said], got


def test_fix11_kin_a_held_value_must_hold_the_whole_word():
    got = current("my email is jason.lee@gmail.com and my son will collect it", lang="en")
    assert got.get("person_son") == "my son", got


@pytest.mark.parametrize(("lang", "messages", "said"), [
    ("zh", ["想约个体检", "是给女儿约的"], "女儿"),
    ("zh", ["想约个体检", "这次是帮老公约的"], "老公"),
])
def test_fix11_kin_the_value_starts_at_the_noun(lang, messages, said):
    got = current(*messages, lang=lang)
    values = [v for k, v in got.items() if k.startswith("person_")]
    assert said in values, got
