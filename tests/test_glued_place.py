"""prec13: a Chinese place word glued to the words around it is kept whole (``ctxgraph.extract.glued``), in the
roles step and after a slot word; a place said alone, one of two places a word joins, and English values are untouched."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker


def _facts(lang: str, *texts: str) -> dict[str, str]:
    t = Tracker(lang)
    for n, text in enumerate(texts):
        t.observe({"role": "assistant" if n % 2 else "user", "content": text})
    return {f.key: f.value for f in t.state().facts if f.status == "current"}


@pytest.mark.parametrize("text,whole", [
    ("我下班顺路，到你们南京西路店吧。", "南京西路店"),          # a shop: the place and the noun after it
    ("那我也出镜嘛 说重庆话 不说普通话", "重庆话"),              # a dialect
    ("您好，想订上门私厨，2月6号晚上家里办个家宴", "上门私厨"),  # a service said with the place word
    ("地点是徐汇区漕河泾 宜山路700号B2栋12楼", "徐汇区漕河泾"),  # a district jieba tags as a name, before the place
])
def test_zh_place_glued_to_its_words_is_whole(text, whole):
    values = _facts("zh", text).values()
    assert any(v == whole or whole in v.split(", ") for v in values), values
    assert not any(v == whole[:-1] or v == whole[1:] for v in values)


def test_zh_slot_word_value_is_the_whole_place():
    facts = _facts("zh", "地址是海淀区五道口 成府路28号")
    assert facts.get("address") == "海淀区五道口", facts


@pytest.mark.parametrize("text,place", [
    ("我们从成都出发 想去夹江体验古法造纸", "成都"),           # a place said alone
    ("我在杭州上班 想报个周末的榫卯课", "杭州"),
])
def test_zh_place_said_alone_stays_as_said(text, place):
    assert place in _facts("zh", text).values()


def test_zh_two_places_a_word_joins_stay_two():
    facts = _facts("zh", "想改签下明天上海飞厦门的航班")
    assert facts.get("origin") == "上海" and facts.get("destination") == "厦门", facts


def test_zh_a_name_before_a_place_is_no_part_of_it():
    facts = _facts("zh", "李健南京那场还有票吗 8月的")
    assert facts.get("place") == "南京", facts


@pytest.mark.parametrize("text,value", [
    ("hi, we'd like a lantern making workshop for 12 kids at Higher Combe Farm, Dulverton TA22 9QR", "Higher Combe Farm"),
    ("we'd like to hire a cider press for the weekend, we're in Hereford", "Hereford"),
])
def test_en_places_are_untouched(text, value):
    assert any(value in v for v in _facts("en", text).values())
