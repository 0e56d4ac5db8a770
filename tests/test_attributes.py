"""The attributes step: what the user says of the thing, by the sentence's structure (issue 19, attrs6).

Each mechanism is shown in both languages, with its negatives: genuine questions, the assistant's
offers, judgements and chat make no fact. The phrasings are the probe set's kind
(tests/data/probes_attrs6.yml), not the cs sets'.
"""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from ctxgraph.extract.attributes import judges


def _current(lang: str, *messages: tuple[str, str]) -> dict[str, str]:
    t = Tracker(lang)
    t.observe_many([{"role": role, "content": text} for role, text in messages])
    return {f.key: f.value for f in t.state().facts if f.status == "current"}


@pytest.mark.parametrize("lang, text, key, value", [
    # "<part> is/are <value>" / "<part>是<value>(的)": keyed by the part named
    ("en", "need my ring resized. the band is platinum and the stone's a sapphire", "band", "platinum"),
    ("en", "need my ring resized. the band is platinum and the stone's a sapphire", "stone", "sapphire"),
    ("en", "The worktops are solid oak.", "worktops", "solid oak"),
    ("zh", "想改个戒圈，戒圈是铂金的，主石是蓝宝石", "戒圈", "铂金"),
    ("zh", "想改个戒圈，戒圈是铂金的，主石是蓝宝石", "主石", "蓝宝石"),
    ("zh", "鞋底是真皮的 后跟磨平了", "鞋底", "真皮"),
    # "it's a <kind>", the description going on in verbless clauses
    ("en", "Hi, my watch stopped. It's an Omega Seamaster, automatic, steel bracelet", "kind",
     "Omega Seamaster, automatic, steel bracelet"),
    ("en", "its a canon eos r, the shutter wont fire", "kind", "canon eos r"),
    ("zh", "表是浪琴的名匠，自动机械，钢带，最近走时不准", "表", "浪琴的名匠，自动机械，钢带"),
    # a 的-nominalised copula, a wanted attribute (zh)
    ("zh", "我爸戴的是峰力的，耳背式", "戴的", "峰力，耳背式"),
    ("zh", "地毯要短毛的吧，家里有猫", "地毯", "短毛"),
    ("zh", "要偏硬一点的", "要求", "偏硬一点"),
    # a thing held in a form
    ("en", "yes I have the logo in vector format, thanks", "logo", "vector format"),
    ("zh", "logo我有矢量图，AI格式的", "logo", "矢量图，AI格式"),
])
def test_attributes_statements(lang, text, key, value):
    assert value in _current(lang, ("user", text)).get(key, "")


@pytest.mark.parametrize("lang, text, value", [
    # a situation stated before a yes/no question about it is a statement
    ("en", "My daughter is left handed, is that a problem?", "left handed"),
    ("en", "the feast one but we'll bring our own cake, is that cheaper?", "we'll bring our own cake"),
    ("en", "we've got a labrador, is that ok at the cottage?", "we've got a labrador"),
    ("en", "I've got the photo as a JPEG, can you print and frame it?", "JPEG"),
    ("zh", "我是左撇子，影响学毛笔字吗？", "左撇子"),
    ("zh", "对了 我妈医保卡在我这，要给小贾吗", "我妈医保卡在我这"),
    # the lack of a feature is a fact of its own since the miss7 round (电梯: 没电梯)
    ("zh", "我家是老小区，没电梯，送货要加钱吗？", "老小区"),
    ("zh", "我家是老小区，没电梯，送货要加钱吗？", "没电梯"),
])
def test_attributes_situation_before_question(lang, text, value):
    assert any(value in v for v in _current(lang, ("user", text)).values())


@pytest.mark.parametrize("lang, messages, never", [
    # genuine questions state nothing
    ("en", [("user", "Is the band platinum or white gold?")], "platinum"),
    ("en", [("user", "do you have the strap in navy?")], "navy"),
    ("en", [("user", "are the replacement soles leather or rubber?")], "leather"),
    ("zh", [("user", "表带是真皮的吗？")], "真皮"),
    ("zh", [("user", "能做防水的吗")], "防水"),
    # the assistant's offers are not the user's
    ("en", [("assistant", "Frames come in oak, walnut or white lacquer."), ("user", "what's the price difference?")], "oak"),
    ("zh", [("assistant", "框有实木和铝合金两种。"), ("user", "价格差多少？")], "实木"),
    # judgements and chat
    ("en", [("assistant", "Collection is Thursday."), ("user", "thursday is fine, the price is a bit steep though")], "steep"),
    ("en", [("user", "the weather is awful here lol. my son is so excited for the lesson")], "excited"),
    ("zh", [("assistant", "更换表镜是380元。"), ("user", "这个价格有点贵")], "有点贵"),
    # a wanted clock or count is another step's, a superlative a pick's
    ("zh", [("user", "要三点的")], "三点"),
])
def test_attributes_not_a_statement(lang, messages, never):
    facts = _current(lang, *messages)
    assert not any(never in v for v in facts.values()), facts


def test_attributes_superlative_is_a_pick_not_an_attribute():
    assert "要求" not in _current("zh", ("user", "要最便宜的"))


def test_attributes_piece_of_the_description_gives_way():
    # NER read "大疆" as a place; the description says the model
    facts = _current("zh", ("user", "无人机是大疆mini3 云台撞坏了"))
    assert facts.get("无人机") == "大疆mini3" and "place" not in facts


def test_attributes_judges():
    assert judges("en", "so excited") and judges("en", "a bit steep") and not judges("en", "varifocals")
    assert judges("zh", "太贵了") and not judges("zh", "铂金")
