"""Values by the act (issue 19, miss7): the recurring value classes of the opened blind sets -
an address with a house's own name or a flat in a named building, a Chinese address typed with
spaces between its parts; zh and en side by side."""

from __future__ import annotations

import pytest

from ctxgraph.extract.compiled import compiled_packs
from ctxgraph.extract.entities import find_entities


def spans(lang: str, text: str, label: str) -> list[str]:
    return [m.text for m in find_entities(text, compiled_packs((), ())[lang]) if m.label == label]


@pytest.mark.parametrize(("lang", "text", "address"), [
    ("en", "The Laurels, 9 Mill Hill, Stroud GL5 2HE", "The Laurels, 9 Mill Hill, Stroud GL5 2HE"),
    ("en", "ok. Bramble End, 14 Kiln Lane, Ludlow SY8 2PD", "Bramble End, 14 Kiln Lane, Ludlow SY8 2PD"),
    ("en", "Apartment 12, Granary Wharf, Leeds LS1 4BR. the bread knife is serrated", "Apartment 12, Granary Wharf, Leeds LS1 4BR"),
    ("en", "unit 7, Foundry Court, Sheffield S3 8RT", "unit 7, Foundry Court, Sheffield S3 8RT"),
    ("zh", "地址是苏州工业园区星湖街 天域花园11-1503，我姓葛", "苏州工业园区星湖街天域花园11-1503"),
    ("zh", "杭州西湖区文三路 云栖苑 5幢1单元1101", "杭州西湖区文三路云栖苑5幢1单元1101"),
    ("zh", "梁嘉欣，福田区 莲花路 景田小区5栋1203，电话13829901746", "福田区莲花路景田小区5栋1203"),
])
def test_values7_address_kept_whole(lang, text, address):
    assert spans(lang, text, "ADDRESS") == [address]


@pytest.mark.parametrize(("lang", "text", "address"), [
    ("en", "Hi Sarah, 14 Kiln Lane", "14 Kiln Lane"),  # a greeting is no house name
    ("en", "Thanks. Yes, 14 Kiln Lane", "14 Kiln Lane"),
    ("zh", "我住在东升大厦A座1208", "东升大厦A座1208"),
])
def test_values7_address_takes_no_greeting(lang, text, address):
    assert spans(lang, text, "ADDRESS") == [address]


def test_values7_flat_in_a_building_needs_its_postcode():
    assert spans("en", "Unit 7, Foundry Court is round the back", "ADDRESS") == []


def facts_after(lang: str, *messages: str) -> dict[str, str]:
    from ctxgraph import Tracker

    t = Tracker(lang)
    for text in messages:
        t.observe({"role": "user", "content": text})
    return {f.key: f.value for f in t.state().facts if f.status == "current"}


@pytest.mark.parametrize(("lang", "messages", "value"), [
    ("en", ("hi, can you clean a rug?", "nah. oh and it has fringes, they're a bit delicate"), "fringes"),
    ("en", ("hi", "the old one has a split seam, can you fix that?"), "split seam"),
    ("zh", ("想卖钢琴", "广州天河，住七楼，有电梯的"), "有电梯"),
    ("zh", ("上门洗澡", "6楼，没电梯。。老小区"), "没电梯"),
])
def test_values7_feature_the_thing_has_or_lacks(lang, messages, value):
    assert value in facts_after(lang, *messages).values()


@pytest.mark.parametrize(("lang", "messages"), [
    ("en", ("hi", "my neighbour has a key")),  # a person's, not the thing's
    ("en", ("hi", "it has to be ready by friday")),
    ("en", ("hi", "it has been a while")),
    ("zh", ("你好", "没有")),
    ("zh", ("你好", "没打过，没漏")),  # events, not features
    ("zh", ("你好", "没问题，有空的")),
])
def test_values7_no_feature_from_other_haves(lang, messages):
    values = facts_after(lang, *messages).values()
    assert not any(v in ("key", "a key", "没有", "没打过", "没漏", "没问题", "有空") for v in values)
    assert "features" not in facts_after(lang, *messages)


def chat_facts(lang: str, *turns: str) -> dict[str, str]:
    """Facts after turns that alternate assistant, user, assistant, ... (the first is the assistant's)."""
    from ctxgraph import Tracker

    t = Tracker(lang)
    for n, text in enumerate(turns):
        t.observe({"role": "assistant" if n % 2 == 0 else "user", "content": text})
    return {f.key: f.value for f in t.state().facts if f.status == "current"}


@pytest.mark.parametrize(("lang", "turns", "name"), [
    ("en", ("Booked. Who should the van ask for?", "Rosalind Fenwick. it's me"), "Rosalind Fenwick"),
    ("en", ("Who should I put it under?", "Naledi Mokoena, and my son is Thabo"), "Naledi Mokoena"),
    ("zh", ("已安排。请留个联系人和详细地址？", "黄伟棠，天河北路侨林苑3栋702，电话13602258890"), "黄伟棠"),
    ("zh", ("请留一下联系人和地址。", "梁嘉欣，福田区 莲花路 景田小区5栋1203"), "梁嘉欣"),
])
def test_values7_name_answering_who(lang, turns, name):
    assert chat_facts(lang, *turns).get("name") == name


@pytest.mark.parametrize(("turns", "expected"), [
    (("Can I take both names and ages?", "I'm Graham Ollerenshaw, 46, and she's Poppy Ollerenshaw, 14"),
     {"name": "Graham Ollerenshaw", "age": "46", "person": "Poppy Ollerenshaw", "age_poppy": "14"}),
    (("And the children?", "Tom, 12 and Amy, 9"), {"person": "Tom", "age_tom": "12", "age_amy": "9"}),
])
def test_values7_names_each_with_an_age(turns, expected):
    facts = chat_facts("en", *turns)
    assert {k: facts.get(k) for k in expected} == expected


@pytest.mark.parametrize("reply", ["Tuesday, 4 works", "Room 5, 2 nights"])
def test_values7_a_day_or_room_and_a_number_is_no_age(reply):
    assert not any(k.startswith("age") for k in chat_facts("en", "When would suit?", reply))


@pytest.mark.parametrize(("reply", "age"), [
    ("he's nine and a half. student plan is fine for now", "nine and a half"),
    ("she is 7 and a half", "7 and a half"),
])
def test_values7_age_keeps_its_half(reply, age):
    assert chat_facts("en", "What's his age?", reply).get("age") == age


def test_values7_a_half_with_a_unit_is_no_age():
    assert "age" not in chat_facts("en", "How long?", "about two and a half hours")


def test_values7_a_clock_after_at_changes_no_count():
    facts = chat_facts("en", "Hi!", "hey do u have bouncy castles? about 15 kids", "Delivery is 8-10am, collection after 6pm.",
                       "no we're fine. can it be collected at 5 instead, we're going out after")
    assert facts.get("children") == "15 kids"


def test_values7_a_count_change_still_changes_the_count():
    assert chat_facts("en", "Hi!", "a table for 4 please", "ok", "actually make that 5 instead").get("people") == "5"


@pytest.mark.parametrize(("text", "clock"), [("改成十点吧", "十点"), ("就十点吧", "十点"), ("八点出发", "八点")])
def test_values7_zh_bare_clock_ending_its_phrase(text, clock):
    assert spans("zh", text, "TIME") == [clock]


@pytest.mark.parametrize("text", ["有两点吧", "测五个点吧", "三点水"])
def test_values7_zh_points_are_no_clock(text):
    assert spans("zh", text, "TIME") == []


@pytest.mark.parametrize(("lang", "turns", "key", "words"), [
    ("zh", ("请问几点、从哪里出发？", "大概九点半，从海景酒店出发", "好的。您的电话？", "13828760439。哦时间可能会晚，改成十点吧"), "time", "十点"),
    ("zh", ("11月13日周五上午10点有空，可以吗？", "可以，就周五上午十点"), "time", "上午十点"),
])
def test_values7_tool_clock_keeps_the_users_words(lang, turns, key, words):
    from ctxgraph import Tracker

    t = Tracker(lang, today="2026-12-18")
    for n, text in enumerate(turns):
        t.observe({"role": "assistant" if n % 2 == 0 else "user", "content": text})
    clock = "22:00" if "十点吧" in turns[-1] else "10:00"
    t.observe({"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function", "function": {
        "name": "book", "arguments": '{"%s": "2026-12-18 %s"}' % (key, clock)}}]})
    t.observe({"role": "tool", "tool_call_id": "c1", "content": '{"order": "AX-1"}'})
    value = next(f.value for f in t.state().facts if f.status == "current" and f.key == key)
    assert words in value and clock in value


@pytest.mark.parametrize(("lang", "turns", "said"), [
    ("en", ("Hi!", "hey do u have bouncy castles for a 6th birthday? about 15 kids"), "6th birthday"),
    ("en", ("Hi!", "hiya do you do paintball for a stag do? about 12 of us"), "stag do"),
    ("en", ("Hi!", "we want to learn to sail", "You're booked.", "yes please, and can we hire wetsuits there?"), "wetsuits"),
    ("zh", ("您好", "想报调酒课", "您已报名周六下午的调酒体验课，两位。", "好的，能再加一份小吃拼盘吗？"), "小吃拼盘"),
])
def test_values7_want_asked_of_the_service(lang, turns, said):
    assert any(said in v for k, v in chat_facts(lang, *turns).items() if k.startswith("want"))


@pytest.mark.parametrize(("lang", "turns"), [
    ("en", ("Hi!", "my son wants riding lessons. do you do kids?")),  # who they take, not a want
    ("zh", ("您好", "想订一束花送朋友", "好的。", "可以加个小熊吗多少钱")),  # a price asked, nothing added yet
])
def test_values7_no_want_from_a_question_about_the_service(lang, turns):
    wants = [v for k, v in chat_facts(lang, *turns).items() if k.startswith("want")]
    assert not any("kids" in v or "小熊" in v for v in wants)


@pytest.mark.parametrize(("lang", "turns", "not_budget"), [
    ("en", ("Hi!", "Ivy Cottage, Church Street. budget is max 1200 all in", "Buttons are £90 more.",
            "hmm go on then, I can stretch to 1250"), "1200"),  # a ceiling is the rule's, and a raise replaces it
    ("zh", ("您好", "头车要红旗，跟车用A6L就行。预算一共控制在五千五以内", "红旗H9 2200加5辆A6L 3000，一共5200元，在预算内。"), "5200"),
    ("en", ("Hi!", "a sofa re-cover please", "With delivery it comes to about £1,130, so within your budget."), "1,130"),
])
def test_values7_a_price_or_ceiling_is_no_budget(lang, turns, not_budget):
    assert not_budget not in chat_facts(lang, *turns).get("budget", "")


def test_values7_a_budget_said_plainly_stays():
    assert chat_facts("zh", "您好", "预算5000元").get("budget") == "5000元"
    assert chat_facts("en", "Hi!", "my budget is £800").get("budget") == "£800"


@pytest.mark.parametrize(("offer", "reply", "date"), [
    ("We have yurts free on 3-4 July, 17-18 July and 24-25 July.",
     "17-18 july. wait no, that's my sister's wedding weekend. 24-25 July instead", "24-25 July"),
    ("Level 1 runs on these weekends: 6-7 June, 20-21 June and 11-12 July. Any of those?", "20-21 june", "20-21 june"),
])
def test_values7_a_picked_range_of_days_stays_whole(offer, reply, date):
    assert chat_facts("en", offer, reply).get("date") == date


@pytest.mark.parametrize(("opening", "said"), [
    ("Hi there, I have a 3-seater chesterfield that's gone threadbare on the arms. Thinking of re-covering it.", "threadbare"),
    ("hiya, our dog had an accident on a wool rug, its a persian style one. can you clean it?", "dog had an accident"),
])
def test_values7_opening_fault_worn_or_had(opening, said):
    facts = chat_facts("en", "Hi!", opening)
    assert said in facts.get("problem", "")


@pytest.mark.parametrize("opening", ["hi, prices have gone up so much lately, do you do cheaper ones?",
                                     "my daughter had a birthday party here last year, want to book again"])
def test_values7_no_fault_from_prices_or_parties(opening):
    assert "problem" not in chat_facts("en", "Hi!", opening)


@pytest.mark.parametrize(("lang", "turns", "wording"), [
    ("en", ("Would you like a card message?", "yes. 'Forever in our hearts, love Janet, Colin and the grandchildren'"),
     "Forever in our hearts, love Janet, Colin and the grandchildren"),
    ("en", ("Card?", "yes “Happy birthday Mum” please"), "Happy birthday Mum"),
    ("zh", ("蛋糕上要写字吗？", "写「生日快乐，小雨」吧"), "生日快乐，小雨"),
])
def test_values7_quoted_words_are_the_wording(lang, turns, wording):
    facts = chat_facts(lang, *turns)
    assert facts.get("wording" if lang == "en" else "文字") == wording


@pytest.mark.parametrize(("turns"), [
    ("Which one?", "the 'deluxe' one"),  # one word: a pick's
    ("hi", "it's fine, don't worry, I'm ok"),  # apostrophes open nothing
    ("Noted.", "my son said 'no way' lol"),  # no question, nothing written
])
def test_values7_no_wording_from_other_quotes(turns):
    assert "wording" not in chat_facts("en", *turns)


def test_values7_zh_two_names_each_with_an_age():
    facts = chat_facts("zh", "请留一下学员的姓名和年龄。", "大的叫周子墨，八岁，小的叫周子琪，六岁")
    assert {"八岁", "六岁"} <= set(facts.values())


def test_values7_zh_one_name_and_age_unchanged():
    facts = chat_facts("zh", "您好", "孩子叫何予安，九岁")
    assert facts.get("age") == "九岁" and not any(k.startswith("age_") for k in facts)
