"""Picks of offered options that carry to unseen chats (issue 19, picks10), with the ``choose`` step on:
the pick's value is the user's own words with the option's name, never what the option says of the
other options; a number names an option only whole; options with clocks are picked by a name of their
own; a plain yes takes the one thing the assistant recommended and asked about; a reply answers every
list of a message; in Chinese chat a space splits clauses; a clause that fears what it names declines it;
"A (x), B (y) or C (z)" is three options. en and zh side by side."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from ctxgraph.extract import with_step
from ctxgraph.extract.choose import option_name, said_words
from ctxgraph.extract.options import offered_lists, offered_options


def _facts(lang, *messages):
    t = Tracker(lang)
    t.extractor.steps[:] = with_step(t.extractor.steps, "choose")
    t.observe_many([{"role": r, "content": c} for r, c in messages])
    return [(f.key, f.value) for f in t.state().facts if f.status == "current"]


def _choices(lang, *messages):
    return [v for k, v in _facts(lang, *messages) if k.startswith("choice")]


@pytest.mark.parametrize(("lang", "offer", "reply", "said", "other"), [
    ("en", "Glazing comes as Standard (clear glass, £300) or Premium (the Standard glass plus a UV coat, £450). Which one?",
     "premium please", "premium", "Standard"),
    ("zh", "保洁有两档：基础版80元/次（扫拖擦），深度版150元/次（在基础版之上加厨房油污和玻璃）。您选哪个？", "深度的吧", "深度的", "基础版"),
])
def test_picks10_the_value_is_the_users_words_never_the_other_options_name(lang, offer, reply, said, other):
    values = _choices(lang, ("assistant", offer), ("user", reply))
    assert len(values) == 1 and values[0].casefold().startswith(said.casefold()) and other not in values[0]


@pytest.mark.parametrize(("lang", "clause", "part", "words"), [
    ("en", "ok I'll go for the harbour one please", "harbour", "the harbour one"),
    ("en", "silver is fine for now", "silver", "silver"),
    ("zh", "那就要银色的吧", "银色", "银色的"),
    ("zh", "标准的就行", "标准", "标准的"),
])
def test_picks10_said_words_leave_out_fillers_but_never_the_part(lang, clause, part, words):
    assert said_words(clause, part) == words


@pytest.mark.parametrize(("lang", "offer", "part", "name"), [
    ("zh", "A栋的储物间每月120元；C栋的是每月90元，还剩3间。", "C栋", "C栋"),
    ("en", "We hire the Compact van at £60 a day or the Luton van at £95 a day.", "luton", "the Luton van"),
])
def test_picks10_an_options_name_stops_at_its_price(lang, offer, part, name):
    assert option_name(offered_options(offer, lang), 1, part) == name


@pytest.mark.parametrize(("lang", "offer", "reply"), [
    ("zh", "烫染有两种：短发套餐380元，长发套餐5800元。", "约在3点58 可以吗"),
    ("zh", "柜子有：小号柜300元，大号柜580元。", "我58号那天去看"),
])
def test_picks10_a_number_inside_a_longer_number_names_nothing(lang, offer, reply):
    assert _choices(lang, ("assistant", offer), ("user", reply)) == []


@pytest.mark.parametrize(("lang", "offer", "reply", "said", "other"), [
    ("en", "We have the Castle Walk at 10am or the River Cruise at 2pm. Which one?", "the river cruise works for us", "river cruise", "Castle"),
    ("zh", "周末有上午10点的陶艺体验，或者下午3点的木工体验，您选哪个？", "木工的吧", "木工", "陶艺"),
])
def test_picks10_options_with_clocks_are_picked_by_a_name_of_their_own(lang, offer, reply, said, other):
    values = _choices(lang, ("assistant", offer), ("user", reply))
    assert len(values) == 1 and said in values[0].casefold() and other not in values[0]


@pytest.mark.parametrize(("lang", "offer"), [
    ("en", "We have the early tour at 10am or the late tour at 4pm. Which one?"),
    ("zh", "有早场9点和晚场7点，您选哪个？"),
])
def test_picks10_slots_named_by_their_time_of_day_stay_the_slot_readers(lang, offer):
    reply = "the late one" if lang == "en" else "晚场吧"
    assert not any(k.startswith("choice") and ("9点" in v or "10am" in v) for k, v in _facts(lang, ("assistant", offer), ("user", reply)))


@pytest.mark.parametrize(("lang", "offer", "reply", "thing"), [
    ("en", "For a garden that size I'd suggest the Oak trellis panels, £85 each. Does that work?", "yes please", "Oak trellis"),
    ("zh", "推荐您上零基础周末班，每周一次，一共10周，1800元。您看可以吗？", "可以", "零基础周末班"),
    ("zh", "适合您的是深层补水护理，60分钟268元，今晚8点有位置，给您约上？", "行", "深层补水护理"),
])
def test_picks10_a_plain_yes_takes_the_one_thing_recommended(lang, offer, reply, thing):
    assert any(thing in v for v in _choices(lang, ("assistant", offer), ("user", reply)))


@pytest.mark.parametrize(("lang", "offer", "reply"), [
    ("en", "I'd suggest the Oak trellis panels, £85 each. Does that work?", "ok let me think about it"),
    ("en", "I'd suggest the Oak trellis panels, £85 each. Would you like the oak or the larch?", "yes"),
    ("zh", "推荐您上零基础周末班，1800元。您看可以吗？", "好的 我回去考虑一下"),
    ("zh", "推荐您上零基础周末班，1800元。您看可以吗？", "太贵了"),
])
def test_picks10_a_hedged_yes_or_a_which_question_takes_nothing(lang, offer, reply):
    assert _choices(lang, ("assistant", offer), ("user", reply)) == []


@pytest.mark.parametrize(("lang", "offer", "reply", "picked"), [
    ("en", "We can do a Basic Tune (£30) or a Full Rebuild (£120). Would you like to post it in or drop it off?",
     "full rebuild. i'll drop it off", ["full rebuild", "drop it off"]),
    ("zh", "清洗可以选普通清洗80元，或者深度拆洗150元。您是送过来还是我们上门取？", "深度拆洗 你们上门取吧", ["深度拆洗", "上门取"]),
])
def test_picks10_a_reply_answers_every_list_of_a_message(lang, offer, reply, picked):
    assert len(offered_lists(offer, lang)) == 2
    values = _choices(lang, ("assistant", offer), ("user", reply))
    assert all(any(p in v.casefold() for v in values) for p in picked), values


@pytest.mark.parametrize(("lang", "offer", "reply", "kept", "other"), [
    ("zh", "底座有两种：大理石的260元，实木的120元。", "实木的就行 大理石那个怕太重", "实木", "大理石"),
    ("en", "Covers come in silk (£40) or cotton (£25). Which one?", "cotton, worried the silk one would crease", "cotton", "silk"),
])
def test_picks10_a_clause_that_fears_what_it_names_declines_it(lang, offer, reply, kept, other):
    values = _choices(lang, ("assistant", offer), ("user", reply))
    assert len(values) == 1 and kept in values[0] and other not in values[0]


@pytest.mark.parametrize(("lang", "offer", "reply"), [
    ("zh", "热门色有：冰川蓝（亮面，6800元）、森林绿（哑光，7200元）。", "冰川蓝有点怕脏，森林绿有样板吗"),
    ("en", "Frames come in walnut (£60) or ash (£45). Which one?", "walnut is a bit dark, is the ash one light?"),
])
def test_picks10_a_question_after_a_declined_option_picks_nothing(lang, offer, reply):
    assert _choices(lang, ("assistant", offer), ("user", reply)) == []


def test_picks10_bracketed_names_before_or_are_each_an_option():
    opts = offered_options("We have Metropolis (2h33), Nosferatu (1h34) or Sunrise (1h34). Which one?", "en")
    assert [o.text for o in opts] == ["Metropolis (2h33)", "Nosferatu (1h34)", "Sunrise (1h34)"]
    values = _choices("en", ("assistant", "We have Metropolis (2h33), Nosferatu (1h34) or Sunrise (1h34). Which one?"), ("user", "nosferatu"))
    assert len(values) == 1 and "Metropolis" not in values[0]


def test_picks10_zh_prices_side_by_side_are_two_options():
    opts = offered_options("我们按人数收费：3位师傅半天900元，3位全天1600元。", "zh")
    assert [o.text for o in opts] == ["3位师傅半天900元", "3位全天1600元"]


def test_picks10_a_later_word_of_the_chosen_option_changes_nothing():
    facts = _choices("zh", ("assistant", "可以由房东出具证明，也可以由学校出具证明，但需要学校盖章。"),
                     ("user", "那走学校那个吧 别找房东"), ("assistant", "好的，学校证明需要盖公章，代办费200元。"),
                     ("user", "行 学校那边我去说"))
    assert len(facts) == 1 and "学校" in facts[0] and "房东" not in facts[0]


@pytest.mark.parametrize(("lang", "offer", "reply", "kept", "other"), [
    ("zh", "我们按人数和时长收费：3位师傅半天900元，3位全天1600元。您选哪种？", "3个人全天的吧", "全天", "半天"),
    ("en", "It's £60 for 2 hours, or £80 for 3 hours. Which would you like?", "the longer one please", "3 hours", "2 hours"),
])
def test_picks10_an_option_told_by_its_price_and_another_measure_alone_is_one(lang, offer, reply, kept, other):
    values = _choices(lang, ("assistant", offer), ("user", reply))
    assert len(values) == 1 and kept in values[0] and other not in values[0], values
