"""The slots the assistant's question names key the user's next bare answer (issue 19, qslot5).

Phrasings and domains of our own (aquarium, trophy engraving, flooring, postgraduate tutoring,
piano shop, door locks), written before running ctxgraph on them."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from ctxgraph.extract.asked import _demo_ctx, asked_slots


def _current(turns, lang):
    t = Tracker(lang)
    t.observe_many(turns)
    return {f.key: f.value for f in t.state().facts if f.status == "current"}


def _chat(question, answer):
    return [{"role": "assistant", "content": question}, {"role": "user", "content": answer}]


@pytest.mark.parametrize("lang, question, slots", [
    ("en", "Great. Is it a freshwater tank, and roughly how many litres?",
     [("tank", "yesno"), ("litres", "count")]),
    ("en", "I'll engrave the trophy. What should it say?", [("say", "free")]),
    ("en", "Would you like the oak or the walnut finish?", [("", "pick")]),  # no slot named: the picks step reads it
    ("zh", "方便说一下考研的本科院校、目标专业和英语成绩吗？", [("本科院校", "open"), ("目标专业", "open"), ("英语成绩", "open")]),
    ("zh", "地板要实木还是复合？一共几间？", [("地板", "choice"), ("间", "count")]),
    ("zh", "请问是哪款钢琴？", [("钢琴", "open")]),
    ("zh", "请问是木门吗？", [("木门", "yesno")]),
    # (lead19) "多少" with no noun: its measure word names the slot, as 几's does
    ("zh", "好的，宣传册印多少份？", [("份", "count")]),
    # (lead19) "how many/much" + a verb, no noun: keyed by the verb, not by the question's words
    ("en", "Lovely. How many do you need?", [("quantity", "count")]),
    ("en", "And how much are you hoping to spend?", [("budget", "count")]),
    ("en", "How many will be coming along?", [("people", "count")]),
])
def test_asked_slots_read_the_question(lang, question, slots):
    got = [(a.word, a.kind) for a in asked_slots(_demo_ctx(lang), question)]
    assert got == slots


@pytest.mark.parametrize("lang, question, answer, expected", [
    # a yes-no thing and a count, answered bare in one message; a quantity with its unit is keyed by
    # what it measures (the measures step), not by the question's unit word
    ("en", "Great. Is it a freshwater tank, and roughly how many litres?", "freshwater, around 200 litres",
     {"tank": "freshwater", "volume": "200 litres"}),
    # a free phrase to "what should it say": the whole answer, its parts kept together
    ("en", "I'll engrave the trophy. What should it say?", "Club Champion 2026, Harry Lim",
     {"say": "Club Champion 2026, Harry Lim"}),
    # a list of slot nouns: each clause to its slot by its own word, a clause continuing the last
    ("zh", "方便说一下考研的本科院校、目标专业和英语成绩吗？", "本科是江西财经大学，目标专业统计学，英语六级520，听力有点弱",
     {"本科院校": "江西财经大学", "目标专业": "统计学", "英语成绩": "六级520，听力有点弱"}),
    # an option of "A还是B" goes to the slot named before it; a count by its measure noun
    ("zh", "地板要实木还是复合？一共几间？", "复合，三间", {"地板": "复合", "间": "三间"}),
    # a bare name to "which X": the next slot in order
    ("zh", "请问是哪款钢琴？", "雅马哈U1", {"钢琴": "雅马哈U1"}),
    # (lead19) a bare count to "多少" + a measure word, and to "how many" + a verb
    ("zh", "好的，宣传册印多少份？", "300份吧", {"份": "300份"}),
    ("en", "Lovely. How many do you need?", "about 40 please", {"quantity": "about 40"}),
])
def test_asked_answer_binds_values_to_the_named_slots(lang, question, answer, expected):
    got = _current(_chat(question, answer), lang)
    for key, value in expected.items():
        assert got.get(key) == value, (key, got)


@pytest.mark.parametrize("lang, question, answer, absent", [
    # a question back is no answer
    ("en", "Which wood finish would you like?", "what finishes do you have?", "finishes"),
    ("zh", "请问是哪款钢琴？", "型号在哪里看？", "型号在哪里看"),
    # a clause about the speakers says something of its own
    ("en", "Which branch suits you?", "the one near my office", "near my office"),
    # a refusal answers nothing
    ("zh", "地板要实木还是复合？", "都不要了", "都不要了"),
])
def test_asked_answer_keeps_questions_and_asides_out(lang, question, answer, absent):
    got = _current(_chat(question, answer), lang)
    assert not any(absent in v for v in got.values()), got


def test_asked_answer_later_answer_replaces_the_slot():
    turns = _chat("Is it a freshwater tank, and roughly how many litres?", "freshwater, about 120 litres")
    turns += _chat("Sorry, how many litres again?", "250 litres")
    t = Tracker("en")
    t.observe_many(turns)
    litres = [(f.value, f.status) for f in t.state().facts if f.key in ("litres", "volume")]
    assert litres == [("120 litres", "superseded"), ("250 litres", "current")]


def test_asked_answer_needs_the_assistant_right_before():
    """A reply to a tool's result or to no question binds nothing."""
    turns = [{"role": "assistant", "content": "Is it a freshwater tank?"},
             {"role": "user", "content": "hello"},
             {"role": "user", "content": "freshwater"}]
    assert "tank" not in _current(turns, "en")


@pytest.mark.parametrize("lang, asked_for, reply, value", [
    ("en", "great. could she also trim the hedge while she's there?", "Yes, I've added the hedge trim to your booking, £20 extra.", "hedge"),
    ("en", "can you send me a copy of the care plan though", "Of course, I'll email the care plan to you this afternoon.", "copy of the care plan"),
    ("zh", "好的。能不能顺便清洗一下油烟机？", "可以，已经帮您安排了油烟机清洗，另收80元。", "清洗一下油烟机"),
])
def test_granted_request_becomes_the_users_item(lang, asked_for, reply, value):
    got = _current([{"role": "user", "content": asked_for}, {"role": "assistant", "content": reply}], lang)
    assert value in got.values(), got


@pytest.mark.parametrize("lang, asked_for, reply", [
    # turned down, or only priced (the user may still say no): not the user's item
    ("en", "could she also trim the hedge while she's there?", "Sorry, our carers don't do garden work."),
    ("en", "can you add a mirror?", "A mirror is £12 extra."),
    ("zh", "能不能顺便延个保？", "可以，延保两年199元。"),
    # a swap names the thing that goes away
    ("en", "could you swap the roses for lilies?", "Done, I've swapped them at no extra charge."),
    # a question about the service asks nothing to be done
    ("en", "do you deliver on Sundays?", "Yes, I've checked: we deliver 7 days a week."),
])
def test_granted_request_needs_a_grant(lang, asked_for, reply):
    got = _current([{"role": "user", "content": asked_for}, {"role": "assistant", "content": reply}], lang)
    assert not any(k.startswith("request") for k in got), got


@pytest.mark.parametrize("lang, said, reply, value", [
    ("zh", "地址没变吧，还是建设路那个", "对，建设路66号阳光小区5栋302。", "建设路66号阳光小区5栋302"),
    ("en", "same address as last time, the Orchard Lane one", "Yes, 42 Orchard Lane, Bristol BS8 2QR. Booked.", "42 Orchard Lane, Bristol BS8 2QR"),
])
def test_completed_value_is_the_users(lang, said, reply, value):
    got = _current([{"role": "user", "content": said}, {"role": "assistant", "content": reply}], lang)
    assert value in got.values(), got


@pytest.mark.parametrize("lang, said, reply", [
    # no confirmation: the assistant names another value
    ("zh", "还是建设路那个吗", "不对，建设路88号那个已经停用了。"),
    # nothing of the user's words in it
    ("en", "is it the usual place?", "Yes, 42 Orchard Lane, Bristol BS8 2QR."),
])
def test_completed_value_needs_the_users_part_confirmed(lang, said, reply):
    got = _current([{"role": "user", "content": said}, {"role": "assistant", "content": reply}], lang)
    assert not any(k == "address" for k in got), got
