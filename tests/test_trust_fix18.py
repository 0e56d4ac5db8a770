"""The blind16 round's code as a new user meets it (issue 19, fix18 round): sentences of the same shape as each rule's
cue in other domains, and controls that must not trigger it. One test per rough edge, each with its controls."""

from __future__ import annotations

import pytest

from tests.test_graph import bot
from tests.test_trust_fix16 import _tracker


def rules(*messages, lang: str) -> list[tuple[str, str]]:
    return [(c.polarity, c.text) for c in _tracker(*messages, lang=lang).state().constraints if c.status == "active"]


def promises(*messages, lang: str) -> list[str]:
    return [c.status for c in _tracker(*messages, lang=lang).state().commitments]


# ---------------------------------------------------------------- 1. "X not Y" said of what someone or something is

@pytest.mark.parametrize("said", [
    "I'm a student not a teacher",
    "the leak is in the kitchen not the bathroom",
    "we're in the back office, not the shop floor",
])
def test_fix18_x_not_y_that_describes_is_no_rule(said):
    assert rules(said, lang="en") == []


@pytest.mark.parametrize("said", [
    "please call me on the landline not the mobile",
    "send the letters to me not to my brother",
    "it has to be a hat not a fascinator",
])
def test_fix18_x_not_y_said_as_a_choice_is_still_a_rule(said):
    assert [p for p, _ in rules(said, lang="en")] == ["must"]


# ---------------------------------------------------------------- 2. "<amount> minimum/or more" said of what was or what it costs

@pytest.mark.parametrize("said", [
    "our old sofa was 2m or longer",
    "we had 30 guests or more last year",
    "delivery usually takes 5 days or more",
    "it costs £50 minimum, the shop said",
])
def test_fix18_an_amount_with_its_extent_said_of_the_past_or_a_price_is_no_rule(said):
    assert rules(said, lang="en") == []


@pytest.mark.parametrize("said", [
    "the venue must seat 80 minimum",
    "the coop is for 4 hens maximum",
    "the shelf needs to be 1.5m or longer",
])
def test_fix18_an_amount_with_its_extent_is_still_a_rule(said):
    assert [p for p, _ in rules(said, lang="en")] == ["must"]


# ---------------------------------------------------------------- 3. "no hurry to …" / "not in a hurry to …" lifts no deadline

@pytest.mark.parametrize("then", [
    "I'm in no hurry to pay, by the way",
    "the dog is not in a hurry to go out lol",
])
def test_fix18_no_hurry_to_do_a_thing_keeps_the_deadline(then):
    assert rules("it must be finished before Friday", then, lang="en") == [("must", "it must be finished before Friday")]


@pytest.mark.parametrize("then", ["they moved the launch, so there's no hurry at all now", "we're not in a hurry any more"])
def test_fix18_no_hurry_still_lifts_the_deadline(then):
    assert rules("it must be finished before Friday", then, lang="en") == []


# ---------------------------------------------------------------- 4. zh: 避开了 / 错开了, 你们只…了 report what happened

@pytest.mark.parametrize("said", ["我们上次错开了高峰", "他们避开了主路 走小道来的", "师傅只修了一半就走了", "你们只给了一个报价"])
def test_fix18_zh_a_past_avoidance_or_only_is_no_rule(said):
    assert rules(said, lang="zh") == []


@pytest.mark.parametrize("said", ["时间要避开中午", "错开饭点", "你们只弄客厅就行"])
def test_fix18_zh_avoid_and_only_still_rules(said):
    assert len(rules(said, lang="zh")) == 1


# ---------------------------------------------------------------- 5. zh: a role's first step that happened, or a habit, promises nothing

@pytest.mark.parametrize("said", ["上次师傅先拆了外壳才发现问题", "平时下午师傅来看的比较多"])
def test_fix18_zh_a_past_step_or_a_habit_of_a_role_is_no_promise(said):
    assert promises(bot(said), lang="zh") == []


@pytest.mark.parametrize("said", ["师傅先检查一下，您同意了再换", "明天下午电工去修"])
def test_fix18_zh_a_roles_step_ahead_is_still_a_promise(said):
    assert promises(bot(said), lang="zh") == ["open"]


# ---------------------------------------------------------------- 6. zh: an extra asked for, then given up in the same message

def _wants(then: str) -> list[str]:
    t = _tracker("想订个包间 六个人", bot("好的，周六晚上有。"), then, lang="zh")
    return [f.value for f in t.state().facts if f.key.startswith("want_t") and f.status == "current"]


@pytest.mark.parametrize("then", ["能自带酒吗 算了 那就不要了", "能带狗吗 哦它最近生病 那就不带了", "能加一个投影吗 哦不用了 我们自己带"])
def test_fix18_zh_an_extra_given_up_in_the_same_message_is_no_want(then):
    assert _wants(then) == []


@pytest.mark.parametrize("then", ["能自带酒吗", "能带宝宝来吗 万一老公搞不定", "包间上能不能印我们公司logo"])
def test_fix18_zh_an_extra_asked_for_is_still_a_want(then):
    assert len(_wants(then)) == 1


# ---------------------------------------------------------------- 7. "you need to be close to …" says how a thing is done, to anyone

def test_fix18_you_need_to_be_close_to_is_no_rule():
    assert rules("you need to be close to the wall to see the crack", lang="en") == []


@pytest.mark.parametrize("said", ["we need to be close to the station", "the flat has to be near to a bus stop"])
def test_fix18_a_need_to_be_close_to_is_still_a_rule(said):
    assert [p for p, _ in rules(said, lang="en")] == ["must"]
