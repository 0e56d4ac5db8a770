"""(cons31) Made-up rules dropped, on chats of our own, both languages.

- A busy time said beside the time the user picks instead is the pick's reason, no rule: "能不能改到下周日，周六我要值班",
  "周四那个吧 周三孩子要上补习", "I'm away on the 7th. the 9th please.", "Friday then, I'm at the dentist on thursday".
  The pick is the state (the date the facts hold). The busy time stays a rule when nothing else is picked ("周六我要加班"),
  when the message leaves other times open ("上午我要去开会，下午三点以后可以": the busy morning is what the allowance
  leaves), when it recurs ("工作日家里没人", "I'm at work mondays": a standing rule), or when the user says a directive
  ("周五不行要上班").
"""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from tests.test_graph import bot, user


def _rules(lang: str, said: str) -> list[str]:
    t = Tracker(lang)
    t.observe_many([user("我想预约上门服务" if lang == "zh" else "I'd like to book a home visit"),
                    bot("好的，您想约哪天？" if lang == "zh" else "Sure, which day suits you?"), user(said)])
    return [c.text for c in t.state().constraints if c.status == "active"]


@pytest.mark.parametrize("lang, said, picked", [
    ("zh", "能不能改到下周日，周六我要值班", "下周日"),
    ("zh", "周四那个吧 周三孩子要上补习", "周四"),
    ("en", "I'm away on the 7th. the 9th please.", "the 9th"),
    ("en", "Friday then, I'm at the dentist on thursday", "Friday"),
])
def test_a_busy_time_beside_the_time_picked_is_no_rule(lang, said, picked):
    t = Tracker(lang)
    t.observe_many([user("我想预约上门服务" if lang == "zh" else "I'd like to book a home visit"),
                    bot("好的，您想约哪天？" if lang == "zh" else "Sure, which day suits you?"), user(said)])
    assert [c.text for c in t.state().constraints] == []
    assert picked in [f.value for f in t.state().facts]


@pytest.mark.parametrize("said", [
    "周三我不在家，25号吧",                      # the time picked by its words (吧), no fact needed
    "下午要值班 晚上那个",                       # 那个
    "周四下午的 他周三要出差。对了 男女都行",      # 都行 allows no time: it leaves nothing open
])
def test_a_busy_time_beside_a_time_picked_by_its_words_is_no_rule(said):
    assert _rules("zh", said) == []


@pytest.mark.parametrize("lang, said, word", [
    ("zh", "周六我要加班", "加班"),                        # nothing else picked
    ("zh", "上午我要去开会，下午三点以后可以", "开会"),      # other times left open
    ("zh", "工作日家里没人，周六那个吧", "工作日"),          # a busy time that recurs
    ("zh", "周五不行要上班，6月1号吧", "周五"),              # a directive of its own
    ("en", "I'm at work mondays. wednesday.", "mondays"),
    ("en", "we're away till the 9th", "the 9th"),
])
def test_a_busy_time_that_is_a_rule_stays(lang, said, word):
    assert any(word in r for r in _rules(lang, said))


# --- an amount guessed with 得有 is no must ------------------------------------------------------------------------------

def _opening(lang: str, said: str):
    t = Tracker(lang)
    t.observe(user(said))
    return t.state()


@pytest.mark.parametrize("said", ["想卖点旧家具，搬家剩下的，得有十来件", "水管漏了得有一个多月了 想找人来修",
                                  "想烘干一批玉米 水分得有三十二三"])
def test_an_amount_guessed_with_de_you_is_no_rule(said):
    assert [c.text for c in _opening("zh", said).constraints] == []


def test_the_opening_want_leaves_out_a_guessed_amount_said_beside_it():
    """A guess the user may put right later ("得有十来件", then "其实有十五件"): the want keeps the deed and the thing."""
    wants = [f.value for f in _opening("zh", "想卖点旧家具，搬家剩下的，得有十来件").facts if f.key == "want"]
    assert wants and not any("十来件" in w for w in wants)


@pytest.mark.parametrize("lang, said, word", [
    ("zh", "想订一批安全帽 得有国标检测报告", "检测报告"),
    ("zh", "想请个护工 晚上得有两个人陪着", "两个人"),
])
def test_a_must_with_de_you_stays_a_rule(lang, said, word):
    assert any(word in c.text for c in _opening(lang, said).constraints)


def test_english_must_be_about_is_no_rule():
    assert [c.text for c in _opening("en", "I need some old books collected, there must be about 30 boxes").constraints] == []
