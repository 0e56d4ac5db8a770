"""What blind10 missed that recurs in the earlier blind sets, read by the sentence's structure (miss10).

- an address's parts said beside its postcode (en: "Plot 42, Meadow Rise, Cottam, PR4 0NY", "22b Harcourt
  Street, Dublin 2, D02 X285", the postcode first); zh addresses keep their own reader, which the step leaves alone;
- a surname said alone and unprompted ("我姓龙 电话…", "… 姓蒋"), never someone else's ("师傅姓韩");
- the opening's fault a fact pattern read in one piece goes on in the pieces typed around it (zh), and a thing
  that "stopped <doing>" (en);
- a person's body part with an adverb or of one character, then its predicate (zh: 他肩膀一直疼, 她腿不好), and
  the name said after "called" following a relation (en)."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from tests.test_graph import bot, user


def current(*messages, lang: str) -> list[tuple[str, str]]:
    t = Tracker(lang)
    t.observe_many(list(messages))
    return [(f.key, f.value) for f in t.state().facts if f.status == "current"]


def values(facts, key: str) -> list[str]:
    return [v for k, v in facts if k == key or k.startswith(key + "_")]


@pytest.mark.parametrize(("text", "parts"), [
    ("Plot 42, Meadow Rise, Cottam, PR4 0NY. the road isnt on satnavs yet", ["Plot 42", "Meadow Rise", "Cottam"]),
    ("yes pls. 22b Harcourt Street, Dublin 2, D02 X285. im home thursday all day", ["22b Harcourt Street", "Dublin 2"]),
    ("holly cottage, back lane, upper slaughter, GL54 2JF", ["holly cottage", "upper slaughter"]),
    ("DE22 1FG, flat 2, the old forge, duffield road", ["flat 2", "the old forge", "duffield road"]),
    ("courier pls, to my home address - 3 chandos road, redland, BS6 6PG", ["3 chandos road", "redland"]),
    ("Hi, I'm moving to 17 Quarry Lane, Bristol BS5 9TX next month", ["17 Quarry Lane", "Bristol"]),
])
def test_trust_miss10_address_parts_beside_the_postcode_are_the_address(text, parts):
    got = current(bot("What's the address?"), user(text), lang="en")
    assert any(all(p in v for p in parts) for v in values(got, "address")), got


@pytest.mark.parametrize("text", [
    "do you cover NE26 2BJ? need a garage door spring replaced",   # a postcode asked about
    "what days can you do? I work from home. postcode BS6 5JT",     # the postcode alone, after its slot word
    "we're away for 2 weeks, BS6 5JT",                               # a time is no address part
])
def test_trust_miss10_no_address_run_without_parts(text):
    got = current(user(text), lang="en")
    assert not [v for v in values(got, "address") if "," in v or "postcode" in v], got


def test_trust_miss10_a_name_opening_the_sentence_is_no_address_part():
    got = current(bot("Name and postcode?"), user("Rhys Powell, CF14 2JT, 88 Heol Hir"), lang="en")
    assert not any("Rhys" in v for v in values(got, "address")) and any("88 Heol Hir" in v for v in values(got, "address")), got


@pytest.mark.parametrize(("messages", "surname"), [
    ([user("车门被人蹭了"), bot("您好，什么车？"), user("我姓龙 电话13580417726 钥匙放前台")], "龙"),
    ([user("想约采耳"), bot("好的，明晚9点半。"), user("行 手机尾号0452 姓蒋")], "蒋"),
    ([user("插座没电了"), bot("联系电话是？"), user("18601157746 我姓孟")], "孟"),
])
def test_trust_miss10_a_surname_said_alone_is_the_name(messages, surname):
    got = current(*messages, lang="zh")
    assert ("name", "姓" + surname) in got, got  # (miss25zh) the value says only the surname is known


@pytest.mark.parametrize("messages", [
    [user("上次来修马桶的师傅姓韩 这次还找他")],                    # someone else's surname
    [user("我叫蒋丽"), bot("好的。"), user("手机尾号0452 姓蒋")],     # the full name said before
    [user("地址是星湖街 天域花园11-1503，我姓葛，叫葛文涛")],          # the full name said with it
])
def test_trust_miss10_no_surname_alone_when_not_the_users_or_said_whole(messages):
    got = current(*messages, lang="zh")
    assert not [v for k, v in got if len(v) == 1 and (k == "name" or k.startswith("person"))], got


@pytest.mark.parametrize(("lang", "text", "pieces"), [
    ("zh", "车门被人蹭了 右后门 凹进去一块 漆也掉了 大概巴掌大", ["凹进去一块", "漆也掉了", "巴掌大"]),
    ("zh", "家里厨房一半插座没电了 空开跳了推不上去", ["插座没电", "推不上去"]),
    ("en", "tumble dryer drum stopped turning. it heats up but nothing moves", ["drum stopped turning"]),
])
def test_trust_miss10_the_opening_fault_is_read_whole(lang, text, pieces):
    got = current(user(text), lang=lang)
    assert any(all(p in v for p in pieces) for v in values(got, "problem")), got


@pytest.mark.parametrize(("lang", "text"), [
    ("zh", "空调坏了 想约个师傅明天上午来 电话13905718834"),   # the want and the values stay out of the fault
    ("en", "we stopped going to the old garage, need a new one for the MOT"),
    ("zh", "厨房下水道堵了 水下不去 今天能来疏通吗"),                # a question piece is no part of the fault
])
def test_trust_miss10_the_fault_stops_at_a_want_or_a_value(lang, text):
    got = current(user(text), lang=lang)
    assert not any(("明天" in v or "1390" in v or "stopped going" in v or "今天" in v) for v in values(got, "problem")), got


@pytest.mark.parametrize(("lang", "messages", "said"), [
    ("zh", [user("你好"), user("想给我爸约个正骨 他肩膀一直疼")], "他肩膀一直疼"),
    ("zh", [user("空调移机"), bot("几楼？"), user("六楼没电梯 她腿不好 师傅来了要自己搬")], "她腿不好"),
    ("zh", [user("想咨询养老院"), bot("阿姨饮食有要求吗？"), user("另外她只吃软的 牙不好")], "牙不好"),
    ("en", [user("hi"), user("my son has asthma, is that ok for the class")], "my son has asthma"),
])
def test_trust_miss10_a_persons_condition_with_an_adverb_or_a_short_body_part(lang, messages, said):
    got = current(*messages, lang=lang)
    assert any(said in v for v in values(got, "condition")), got


@pytest.mark.parametrize("text", ["效果不太好 他觉得不好", "做过 效果一直不错", "他试了一下 效果不好"])
def test_trust_miss10_no_condition_without_a_body_part(text):
    got = current(user("想约个正骨"), bot("之前做过吗？"), user(text), lang="zh")
    assert not values(got, "condition"), got


@pytest.mark.parametrize(("lang", "text", "name"), [
    ("en", "Gemma Stokes. my sons called Alfie. also pls no face painting", "Alfie"),
    ("en", "my brother's called Declan, he'll let you in", "Declan"),
    ("zh", "我儿子叫陈子墨 9岁", "陈子墨"),
])
def test_trust_miss10_a_name_after_called_goes_with_the_relation(lang, text, name):
    got = current(user(text), lang=lang)
    assert any(name in v for k, v in got if k.startswith("person")), got


def test_trust_miss10_called_as_phoning_names_no_one():
    got = current(user("my mum called me yesterday about the turf"), lang="en")
    assert values(got, "person_mum") == ["my mum"], got
