"""(cons30) Constraints in the right status, on chats of our own, both languages.

- A rule taken back by saying there is no need for what it asks ("it must finish by 6pm", then "so no need to finish by
  6pm"; "要匿名", then "唔使匿名"; "唔好加糖", then "唔使一定无糖"): the rule is lifted. A no-need that says again what the
  rule rules out ("别按门铃", then "不用按门铃") lifts nothing, and a no-need naming no rule lifts nothing.
- (en) "no" said as a take-back or an answer, not as a rule: "no do both", "no make it the 14th", "no lets do friday",
  "no all adults" state no rule ("no" before a verb of correction or before "all" answers or corrects); a "no" before a
  thing is still a rule ("no nuts please", "no all-inclusive"). Not "no hang on …": what follows it is often the user's
  own time out ("No hang on we're at my sister's till the 12th"), and cons21 kept it as a rule on purpose (probe
  en_no_discourse_hang_on).
- (zh) 别家 is another shop ("上回别家医院天天发", "雅思我自己报了别家"), no 别 that forbids: no rule; 别 before 家里, 家具
  or 家长 still forbids ("别家里乱翻" is a rule). The learned reader (models/, another lane) still reads some of them
  ("我之前在别家办过", "别家都说要三天"): its _ZH_BIE_NOT_NEG mask lacks 别家.
- (zh) a deadline on a weekday said with 礼拜 ("最迟礼拜五", "最晚下个礼拜三要弄好") is a rule, as "最迟周五" and "最迟星期五" are.
"""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from tests.test_graph import bot, user


def _rules(lang: str, said: list[dict]) -> list[tuple[str, str]]:
    t = Tracker(lang)
    t.observe_many(said)
    return [(c.text, c.status) for c in t.state().constraints]


def _status(rules, word: str) -> set[str]:
    return {st for text, st in rules if word.casefold() in text.casefold()}


# --- no need for what a rule asks ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, rule, lift, word", [
    ("en", "We must finish by 6pm, the caretaker locks up then", "Good news, the caretaker is staying late, so no need to finish by 6pm", "6pm"),
    ("en", "The guide must speak French, my parents have no English", "They are staying home now, so no need for a French speaker", "French"),
    ("en", "Please call me before you come", "I'll be in all day, there's no need to call before you come", "call me"),
    ("zh", "捐款一定要匿名 我不想出名", "家里人商量了 写我的名字也好 唔使匿名", "匿名"),
    ("zh", "但系唔好加糖，佢血糖高", "医生话血糖控制得几好，少少冰糖都得，唔使一定无糖", "加糖"),
    ("zh", "别放糖 我在控糖", "医生说血糖好多了 放一点点也行 不用一定无糖", "放糖"),
])
def test_no_need_for_what_a_rule_asks_lifts_it(lang, rule, lift, word):
    assert _status(_rules(lang, [user(rule), bot("好的" if lang == "zh" else "Noted."), user(lift)]), word) == {"lifted"}


@pytest.mark.parametrize("lang, rule, again, word", [
    ("zh", "送的时候别按门铃", "对 不用按门铃 孩子在睡觉", "别按门铃"),
    ("en", "We must finish by 6pm, the caretaker locks up then", "No need to bring chairs, we have plenty", "6pm"),
    ("zh", "要女老师 孩子比较内向", "不用带教材 我们自己有", "女老师"),
])
def test_no_need_that_says_the_rule_again_or_names_none_lifts_nothing(lang, rule, again, word):
    assert _status(_rules(lang, [user(rule), bot("好的" if lang == "zh" else "Noted."), user(again)]), word) == {"active"}


def test_a_question_of_no_need_lifts_nothing():
    said = [user("We must finish by 6pm, the caretaker locks up then"), bot("Noted."),
            user("Is there no need to finish by 6pm if the caretaker stays?")]
    assert _status(_rules("en", said), "6pm") == {"active"}


# --- "no" as a take-back or an answer ------------------------------------------------------------------------------------

@pytest.mark.parametrize("said", [
    "no do both, the kids will love it",
    "no make it the 14th",
    "no lets do friday",
    "no switch it to friday",
    "no all adults, six of us",
])
def test_no_as_a_take_back_or_an_answer_states_no_rule(said):
    rules = _rules("en", [user("Hi, I'd like to book a session"), bot("Sure! Any children coming, and which day?"), user(said)])
    assert not [text for text, _ in rules if text.casefold().startswith(("no", "next", "actually"))]


@pytest.mark.parametrize("said, word", [
    ("no nuts please, my son is allergic", "nuts"),
    ("no all-inclusive please, we like to eat out", "all-inclusive"),
    ("and no dogs in the bedrooms", "dogs"),
])
def test_no_before_a_thing_is_still_a_rule(said, word):
    assert _status(_rules("en", [user(said)]), word) == {"active"}


# --- (zh) 别家: another shop, no 别 that forbids ---------------------------------------------------------------------------

@pytest.mark.parametrize("said", [
    "雅思我自己报了别家",
    "别给我发广告啊，上回别家医院天天发",
    "别家报价比你们低",
])
def test_another_shop_is_no_rule(said):
    rules = _rules("zh", [user("你好 我想咨询一下"), bot("您好，请说"), user(said)])
    assert not [text for text, _ in rules if "别家" in text]


@pytest.mark.parametrize("said, word", [
    ("师傅来了别家里乱翻", "乱翻"),
    ("别动家具 我刚擦过", "家具"),
])
def test_bie_before_a_word_of_home_still_forbids(said, word):
    assert _status(_rules("zh", [user(said)]), word) == {"active"}


# --- (zh) a deadline on a weekday said with 礼拜 ----------------------------------------------------------------------------

@pytest.mark.parametrize("said, word", [
    ("玉米都收了 你们得赶紧来 最迟礼拜五", "礼拜五"),
    ("最晚下个礼拜三要弄好 我礼拜四搬家", "礼拜三"),
    ("最迟礼拜六得修好", "礼拜六"),
])
def test_a_deadline_on_a_libai_weekday_is_a_rule(said, word):
    assert _status(_rules("zh", [user("你好 想请你们来帮忙"), bot("好的，什么时候要？"), user(said)]), word) == {"active"}
