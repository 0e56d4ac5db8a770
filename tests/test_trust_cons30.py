"""(cons30) Constraints in the right status, on chats of our own, both languages.

- A rule taken back by saying there is no need for what it asks ("it must finish by 6pm", then "so no need to finish by
  6pm"; "要匿名", then "唔使匿名"; "唔好加糖", then "唔使一定无糖"): the rule is lifted. A no-need that says again what the
  rule rules out ("别按门铃", then "不用按门铃") lifts nothing, and a no-need naming no rule lifts nothing.
- (en) "no" said as a take-back or an answer, not as a rule: "no hang on, the 21st is my birthday", "no do both",
  "no make it the 14th",
  "no all adults" state no rule ("no hang on" is a pause, "no" before a verb or "all" answers or corrects); a "no"
  before a thing is still a rule ("no nuts please", "no all-inclusive").
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
    "Next week, the 10th? No hang on we're at my mum's in Leeds till the 12th. Make it the 14th then.",
    "no hang on, the 21st is my birthday and we've got people over",
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
