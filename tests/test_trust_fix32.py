"""fix32: a review of the blind27 round's merged code (cons30's no-need lift, model32's "not yet" guard) and two
near-copies left from the round before (counts/recounts, readback/postal). Short chats of my own.

- "X is not needed" names X before the cue: the words after it ("a ladder is not needed for the roof") are no thing
  not needed, so a rule on the roof stays; "so French is not needed now" takes back "the guide must speak French".
  English only: the Chinese readers already read "法语导游不需要了" / "发票不需要了".
- model32's bare "not yet" / "not today" is no rule only as the reply's opening: after what the user asks for
  ("Any weekday is fine. Not today please.") it rules a day out.
- counts and recounts read one list of words that make a number no count; read_back asks the contacts readers'
  mentions whether the reply gives its own postcode or number.
"""

import pytest

from ctxgraph import Tracker


def _constraints(messages, lang="en"):
    t = Tracker(lang=lang)
    t.observe_many([{"role": r, "content": c} for r, c in messages])
    return [(c.text, c.status) for c in t.state().constraints]


# --- "X is not needed": the thing is X, not the words after the cue

@pytest.mark.parametrize("rule, said", [
    ("You must check the roof first, it leaks.", "A ladder is not needed for the roof, there's a hatch."),
    ("The cleaner must use the back door.", "A key is not needed for the back door, it's open."),
])
def test_what_is_not_needed_is_the_subject_not_the_words_after(rule, said):
    got = _constraints([("user", rule), ("user", said)])
    assert got and all(status == "active" for _, status in got), got


def test_the_subject_not_needed_takes_its_rule_back():
    got = _constraints([("user", "The guide must speak French."),
                        ("user", "Their English is fine, so French is not needed now.")])
    assert ("The guide must speak French", "lifted") in got, got


def test_a_dummy_subject_leaves_the_thing_after_the_cue():
    from ctxgraph.extract.noneed import _thing

    assert _thing("it is not necessary to finish by 10", False) == "finish by 10"
    assert _thing("a ladder is not needed for the roof", False) == "a ladder"


@pytest.mark.parametrize("rule, said", [("一定要开发票 公司报销用", "发票不需要了 公司不给报"),
                                        ("导游必须会说法语", "我爸妈不去了 法语导游不需要了")])
def test_zh_the_thing_before_its_cue_is_read_already(rule, said):
    got = _constraints([("user", rule), ("user", said)], "zh")
    assert got and got[0][1] == "lifted", got


# --- a bare "not today" is no rule only as the reply's opening

@pytest.mark.parametrize("reply", ["Any weekday is fine. Not today please.", "Any weekday is fine. Not today though, I'm out."])
def test_not_today_after_what_the_user_asks_for_is_a_rule(reply):
    got = _constraints([("user", "I need the boiler checked."), ("assistant", "When suits you?"), ("user", reply)])
    assert [t for t, status in got if status == "active" and t.lower().startswith("not today")], got


def test_a_bare_not_yet_opening_the_reply_is_still_no_rule():
    got = _constraints([("user", "I'd like to cancel my gym contract"), ("assistant", "Shall I cancel it today?"),
                        ("user", "not yet please, I'll ring back")])
    assert not [c for c in got if c[1] == "active"], got


# --- one copy of what two readers share

def test_counts_and_recounts_read_one_list_of_words_before_a_number():
    from ctxgraph.extract import counts, recounts
    from ctxgraph.extract.countwords import RANK_BEFORE

    for word in RANK_BEFORE.split("|"):
        assert recounts._EN_NOT_BEFORE.search(f"ok {word} ") and counts._NOT_BEFORE.search(f"ok {word} "), word
    assert counts._NOT_BEFORE.search("the last coat on ") and not recounts._EN_NOT_BEFORE.search("the last coat on ")
    assert [(c.num, c.thing) for c in recounts.en_counts("We've got 2 spare rooms. At 3 pm, not 5 days")] == [("2", "room")]


def test_read_back_asks_the_contacts_readers_for_the_replys_own_postcode_and_number():
    from types import SimpleNamespace as N

    from ctxgraph.extract import postal, readback

    reply = N(mentions=[N(label="ADDRESS", text="4 Elm Road, Cork T12 X2E4"), N(label="POSTCODE", text="T12 X2E4")])
    assert readback._gives(reply, "postcode") and postal.postcodes(reply) and not readback._gives(reply, "phone")
    t = Tracker(lang="en")
    t.observe_many([{"role": "assistant", "content": "I have your order for 12 Mill Lane, Headingley, LS6 2AB. Is that right?"},
                    {"role": "user", "content": "yes thats us. can it come friday"}])
    assert [(f.key, f.value) for f in t.state().facts if f.key == "address"] == [("address", "12 Mill Lane, Headingley, LS6 2AB")]
    t = Tracker(lang="en")
    t.observe_many([{"role": "assistant", "content": "I have Dana Price and 0113 496 0000. Is that still the best number?"},
                    {"role": "user", "content": "Yes that's me. Use my cell 415-555-0132 today though"}])
    assert [f.value for f in t.state().facts if f.key == "phone"] == ["415-555-0132"]


def test_the_constraint_and_value_trainers_read_one_tuple_of_open_groups():
    from ctxgraph.models import train_constraints as tc, train_values as tv

    assert tv.OPEN_GROUPS is tc.OPEN_GROUPS and len(tc.OPEN_GROUPS) == 28 and tc.OPEN_GROUPS[-1] == "cs_blind26"


@pytest.mark.parametrize("said, thing", [("there's no need to finish by 10pm", "finish by 10pm"),
                                         ("we don't need a French speaker now", "a French speaker now")])
def test_the_thing_after_a_no_need_cue(said, thing):
    from ctxgraph.extract.noneed import _thing

    assert _thing(said, False) == thing


# --- (zh) 别家 (another shop) is no 别 that forbids in the learned reader's features either: the model32 weights marked
# the clauses rules again after cons30 had taken them out of the rule cue. Chinese only (English has no such word).

@pytest.mark.parametrize("said", ["我问过了，别家送路由器", "别家的装修队上周就开工了", "别家都是包安装的", "我朋友在别家做的 效果挺好"])
def test_zh_another_shop_is_no_rule_for_the_learned_reader(said):
    got = _constraints([("user", "我想换个宽带套餐"), ("assistant", "您好，请说"), ("user", said)], "zh")
    assert not got, got


@pytest.mark.parametrize("said, word", [("师傅来了别家里乱翻", "乱翻"), ("别动家具 我刚擦过", "家具")])
def test_zh_a_bie_before_a_word_of_jia_still_forbids(said, word):
    got = _constraints([("user", "明天师傅上门"), ("assistant", "好的"), ("user", said)], "zh")
    assert [t for t, status in got if word in t and status == "active"], got


# --- (zh) an A-not-A question typed without its question mark asks; it takes no rule back (the no-need cue of cons30 read
# 用不用 / 需不需要 as 不用 / 不需要). English has no such question form.

@pytest.mark.parametrize("rule, asked", [("一定要提前打电话确认", "那用不用提前打电话确认"),
                                         ("一定要提前打电话确认", "用不用提前打电话确认 我忘了"),
                                         ("必须开发票", "需不需要开发票 我再问问财务"),
                                         ("一定要预约", "使唔使预约先 我唔记得咗")])
def test_zh_an_a_not_a_question_lifts_no_rule(rule, asked):
    got = _constraints([("user", rule), ("assistant", "好的。"), ("user", asked)], "zh")
    assert got and got[0] == (got[0][0], "active") and rule in got[0][0], got


def test_zh_no_need_said_outright_still_lifts():
    got = _constraints([("user", "一定要提前打电话确认"), ("assistant", "好的。"), ("user", "不用提前打电话确认了 直接来吧")], "zh")
    assert got[0] == ("一定要提前打电话确认", "lifted"), got


def test_value_trainer_refuses_folds_outside_its_groups_before_reading():
    from ctxgraph.models import train_values as tv

    with pytest.raises(SystemExit):
        tv.main(["--logo", "--groups", "cs,cs_holdout,cs_blind", "--folds", "cs_blind2"])
