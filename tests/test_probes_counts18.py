"""counts18's probe set (``tests/data/probes_counts18.yml``, written before the rule): zh counts said with their
measure word and noun ("三顶帐篷", "十二个画架") kept with their noun, a later count of the same thing superseding the
earlier one (with the noun, bare after the assistant restated it, or corrected in the same message), two things
counted side by side, and controls (a count asked about, the assistant's offer, an age, a duration, a price).

``python -m tests.probe_sets tests/data/probes_counts18.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("counts18")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "en-control-question": "the want holds the whole question 'could you deliver 40 ferns ...' (the wants lane's)",
}


def test_probes_counts18_load_both_languages():
    assert len(PROBES) >= 8 and {conv.lang for _, conv in PROBES} == {"en", "zh"}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_counts18_probe_reads_the_value(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])


def _facts(*messages: tuple[str, str]) -> list[tuple[str, str, str]]:
    t = Tracker("zh", today="2026-03-09")
    for role, text in messages:
        t.observe({"role": role, "content": text})
    return [(f.key, f.value, f.status) for f in t.state().facts]


def _current(*messages: tuple[str, str]) -> dict[str, str]:
    return {k: v for k, v, status in _facts(*messages) if status == "current"}


@pytest.mark.parametrize(("messages", "key", "value"), [
    ((("user", "想订八把椅子"), ("user", "改成十把椅子吧")), "count_椅子", "十把椅子"),  # with its noun
    ((("user", "想订八把椅子"), ("assistant", "八把椅子，好的。"), ("user", "改成十把吧")), "count_椅子", "十把椅子"),  # a change act
    ((("user", "想订八把椅子"), ("assistant", "八把椅子，好的。"), ("user", "那就十把")), "count_椅子", "十把椅子"),  # its measure word
    ((("user", "要定一批奖牌和三个奖杯"), ("user", "奖杯4个")), "count_奖杯", "奖杯4个"),  # said by the noun
    ((("user", "要订三百个糖盒，不对，三百五十个糖盒"),), "count_糖盒", "三百五十个糖盒"),  # corrected in the message
])
def test_a_later_count_of_a_thing_supersedes_the_earlier(messages, key, value):
    facts = _facts(*messages)
    assert [v for k, v, s in facts if k == key and s == "current"] == [value]
    assert len([v for k, v, s in facts if k == key]) >= 1


def test_counts_of_two_things_both_stay():
    facts = _current(("user", "画室要买十二个画架和五张桌子"), ("user", "画架改成十五个"))
    assert facts.get("count_桌子") == "五张桌子" and facts.get("count_画架") == "十五个画架"


def test_people_counted_by_what_they_are_are_the_people():
    facts = _current(("user", "想约化妆师上门 6个女生"), ("user", "有个同事请假 5个人"))
    assert facts.get("people") == "5个人" and not any(k.startswith("count_") for k in facts)


@pytest.mark.parametrize("messages", [
    (("user", "你们能一次租二十张折叠椅吗？"),),  # asked
    (("user", "想给办公室弄点绿植"), ("assistant", "可以先放四盆发财树，您看行吗？"), ("user", "我再想想")),  # offered
    (("user", "孩子九岁，想报三个月的素描课，预算两千块"),),  # age, duration, price
])
def test_no_count_of_a_thing_in_a_question_an_offer_or_a_span(messages):
    assert not any(k.startswith("count_") for k in _current(*messages))


def test_a_part_of_the_counted_things_and_a_bare_ge_change_nothing():
    facts = _current(("user", "一共10个灭火器 8个干粉的两个二氧化碳的"), ("user", "有两个干粉的是2016年的 直接换新"),
                     ("user", "另外还有一个问题"))
    assert facts.get("count_干粉") == "8个干粉" and facts.get("count_二氧化碳") == "两个二氧化碳"
