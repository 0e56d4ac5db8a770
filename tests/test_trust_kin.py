"""The kin step (miss9): a person the user names by their relation to them, read by the frame (a possessive
before a noun of the closed class of kin and the people around a person; the user's own relation after
"I'm" / 我是; zh a kin noun of two characters anywhere), with the name said right after it. Both languages."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from tests.test_graph import bot


def people(*messages, lang: str) -> dict[str, str]:
    t = Tracker(lang)
    for m in messages:
        t.observe(m if isinstance(m, dict) else {"role": "user", "content": m})
    return {f.key: f.value for f in t.state().facts if f.status == "current" and f.key.startswith("person_")}


@pytest.mark.parametrize(("lang", "messages", "said"), [
    ("en", [bot("Who's the suit for?"), "for my son, he's an usher"], ["my son"]),
    ("en", ["the executors are my brother Daniel Price and our friend Ruth Okoro"], ["my brother Daniel Price", "our friend Ruth Okoro"]),
    ("en", [bot("Who's it for?"), "our neighbour at no 7, she's housebound"], ["our neighbour"]),
    ("en", ["guardian would be my sister-in-law helen"], ["my sister-in-law"]),
    ("en", [bot("And you are?"), "im the maid of honour, sophie"], ["im the maid of honour"]),
    ("en", ["im ringing for mr okafor, im his carer"], ["im his carer"]),
    ("zh", ["联系人写我大哥 邓国平 13588321907"], ["我大哥 邓国平"]),
    ("zh", ["何欣怡 我是她爸何志强 13705713368"], ["我是她爸何志强"]),
    ("zh", ["五一那天下午吧 我让我老公陪我来 他开车"], ["我老公"]),
    ("zh", ["舅舅一家也来 变14个人"], ["舅舅"]),
    ("zh", ["燃气热水器打不着火 是公公婆婆家的"], ["公公婆婆"]),
    # (an opening "给女儿约个体检" is the want, which holds it); (fix11) the value starts at the noun: 给 is the
    # sentence's, not the person's (was "给女儿")
    ("zh", ["想约个体检", "是给女儿约的"], ["女儿"]),
])
def test_trust_kin_the_relation_noun_is_read_with_its_name(lang, messages, said):
    got = people(*messages, lang=lang)
    for value in said:
        assert value in got.values(), got


@pytest.mark.parametrize(("lang", "messages"), [
    ("en", ["i'll print the voucher on my Brother printer"]),
    ("en", ["the kids are 9 and 6, can they both come"]),
    ("en", ["can you fix my mother board? laptop wont boot"]),
    ("zh", ["千万别联系房东 他知道了要涨房租"]),
    ("zh", ["父亲节这周末能送到吗"]),
    ("zh", ["发个朋友圈就行"]),
])
def test_trust_kin_no_person_no_relation(lang, messages):
    assert people(*messages, lang=lang) == {}


def test_trust_kin_a_name_said_with_its_relation_keeps_both():
    got = people("my husband Tomas will drop the dog off", lang="en")
    assert got.get("person_husband") == "my husband Tomas", got


def test_trust_kin_a_relation_said_again_leaves_the_named_one():
    got = people("my sister Rachel will do the speeches", bot("Lovely."), "my sister says the hall is fine", lang="en")
    assert got.get("person_sister") == "my sister Rachel", got


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "me and my husband want to do our wills"),
    ("zh", "我老公对猫毛过敏"),
])
def test_trust_kin_a_relation_another_value_holds_is_not_said_twice(lang, text):
    t = Tracker(lang)
    t.observe({"role": "user", "content": text})
    rel = "husband" if lang == "en" else "老公"
    holding = [f for f in t.state().facts if f.status == "current" and rel in f.value]
    assert len(holding) == 1, [(f.key, f.value) for f in holding]


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "I will decide later once I have talked to my wife about the whole thing"),
    ("en", "let me ask my husband and get back to you"),
    ("zh", "等下我问下老婆 再回复你"),
    ("zh", "我跟我老公商量一下"),
])
def test_trust_kin_a_person_to_consult_is_no_party(lang, text):
    assert people(text, lang=lang) == {}


def test_trust_kin_a_name_said_before_its_relation_keeps_both():
    got = people("Her name's Dorothy Fenwick. I'm Helen, her daughter, 07700 918342", lang="en")
    assert any("Helen" in v and "daughter" in v for v in got.values()), got
