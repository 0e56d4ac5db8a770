"""Trust tests of the miss29 lane (issue 19): a value the user corrects in the same breath, said as a phrase built
like the slip it replaces ("…, sorry, …", "no sorry its …", "不对", "哦不对"). Chats written for these tests."""

import pytest

from ctxgraph import Tracker


def _current(lang, messages):
    t = Tracker(lang)
    for role, content in messages:
        t.observe({"role": role, "content": content})
    return [f.value for f in t.state().facts if f.status == "current"]


def _holds(values, text):
    return any(text.casefold() in v.casefold() for v in values)


@pytest.mark.parametrize("lang, messages, meant, slip", [
    ("en", [("user", "Hello! I'm organising a quiz night for the church tower fund, sorry, the village hall heating fund, "
                     "in Ludlow, Friday 7 May.")],
     "village hall heating fund", "church tower fund"),
    ("en", [("assistant", "Where should the engineer come?"),
            ("user", "Unit 4 Harbour Court Poole no sorry its Unit 4 Dolphin Quays Poole BH15 1HU. monday")],
     "Dolphin Quays", "Harbour Court"),
    ("en", [("assistant", "What is the pickup address?"),
            ("user", "we will pack ourselves. from 1/4 no sorry flat 2/4, 2nd floor, 12 Leith Walk EH6 5DT")],
     "2/4", "1/4"),
    ("en", [("assistant", "Who is the domain registered with now?"),
            ("user", "the old registrar is Namecheap i think. no wait its 1and1, Namecheap was the other site")],
     "1and1", None),
    ("zh", [("assistant", "请问电机功率多大？"),
            ("user", "铭牌上写的七千瓦 不对不对 我看错了 是Y2-132M-4 七点五千瓦")],
     "七点五千瓦", "七千瓦"),
    ("zh", [("user", "你好 我要订货 白菜每天30斤 土豆20斤 哦不对 土豆要25斤 周末再多一点")],
     "土豆要25斤", None),
    ("zh", [("user", "喂，我买的双色球中了，票是上周二，不对，上周三在解放路那个站买的，咋个兑奖？")],
     "上周三", "上周二"),
])
def test_corrected_phrase_is_the_value(lang, messages, meant, slip):
    values = _current(lang, messages)
    assert _holds(values, meant)
    if slip:
        assert not _holds(values, slip)


@pytest.mark.parametrize("lang, text", [
    ("en", "Tuesday morning works. no wait, Tuesday I have physio till 12"),  # a reason, no value meant
    ("en", "4 trays spring rolls frozen. no wait, no frozen, the freezer is broken"),  # a value given up
    ("zh", "周六上午吧 哦不对 上午孩子要上钢琴课"),  # a reason
    ("zh", "家里有三轮车 不对 三轮车拉不了这么多 还是你们派车吧"),  # asks for something else
])
def test_reason_or_refusal_after_the_cue_is_no_value(lang, text):
    t = Tracker(lang)
    t.observe({"role": "user", "content": text})
    assert not [f for f in t.state().facts if f.key.startswith("corrected")]


def test_restating_the_slip_is_no_correction():
    t = Tracker("zh")
    t.observe({"role": "user", "content": "明天上午嘛 哦不对 明天上午我要开会 下午来吧"})
    assert not [f for f in t.state().facts if f.status == "current" and "开会" in f.value]
