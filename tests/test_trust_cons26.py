"""(cons26) Constraints in the right status, on chats of our own: the way in chosen against its twin ("use the Mill Lane
gate not Church Rd") and a contact chosen against its twin ("invoice to office@… please, not my personal"), where the
twin may be bare or the first side an address or a number."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from tests.test_graph import bot, user


def _rules(lang: str, said: list[dict]) -> list[tuple[str, str, str]]:
    t = Tracker(lang)
    t.observe_many(said)
    return [(c.text, c.polarity, c.status) for c in t.state().constraints]


def _has(rules, word: str, status: str = "active") -> bool:
    return any(word.lower() in text.lower() and st == status for text, _pol, st in rules)


_OPEN = [user("hi, need a plumber for a leaking radiator at the flat"), bot("Of course. Where is the flat?")]


@pytest.mark.parametrize("said, word", [
    ("4 Mill Court. parking is via the Mill Lane gate not Church Rd, the road is dug up", "Mill Lane"),
    ("4 Mill Court. come in through the rear car park, not Station Road", "rear car park"),
    ("4 Mill Court. use the side door not Fore St, the shop is closed on tuesdays", "side door"),
])
def test_the_way_in_chosen_against_its_twin_is_a_rule(said, word):
    assert _has(_rules("en", _OPEN + [user(said)]), word)


@pytest.mark.parametrize("said", [
    "4 Mill Court. we came in through the side entrance not Church Rd last time",
    "4 Mill Court. is it via the side entrance not Church Rd?",
])
def test_a_way_taken_or_asked_about_is_no_rule(said):
    assert not _has(_rules("en", _OPEN + [user(said)]), "side entrance")


@pytest.mark.parametrize("said, word", [
    ("great. receipt send to office@tidyhomes.example please, not my personal", "office@tidyhomes.example"),
    ("ring 07700 900555 not the landline, I'm never in", "07700 900555"),
])
def test_a_contact_chosen_against_its_twin_is_a_rule(said, word):
    rules = _rules("en", _OPEN + [user("4 Mill Court"), bot("Thanks. Anything else we should know?"), user(said)])
    assert _has(rules, word)


def test_a_contact_twin_asked_about_is_no_rule():
    rules = _rules("en", _OPEN + [user("4 Mill Court"), bot("Thanks. Anything else?"),
                                  user("should the receipt go to office@tidyhomes.example, not my personal one?")])
    assert not _has(rules, "office@")


def test_zh_contact_against_its_twin_is_already_a_rule():
    """The zh form says its twin with 别 / 不要, which the zh cues already read; kept here as a guard."""
    rules = _rules("zh", [user("想约个上门修暖气片"), bot("好的，请问地址是？"),
                          user("发票发到office@tidyhomes.example，别发我私人邮箱")])
    assert _has(rules, "私人邮箱")


def test_zh_give_up_of_what_was_just_asked_lifts_no_earlier_rule():
    """A give-up right after the user's own question takes that question back, not a rule said before."""
    rules = _rules("zh", [user("想订个上门做饭 我妈喜欢清淡的 菜里别放辣"), bot("好的，不放辣。请问几位？"),
                          user("四个人 我爸喜欢喝点酒 能帮忙买一瓶吗 算了算了 他最近在吃药 那就不要了")])
    assert _has(rules, "别放辣")


def test_zh_give_up_naming_the_rule_still_lifts_it():
    rules = _rules("zh", [user("想订个上门做饭 菜里别放辣"), bot("好的，不放辣。请问几位？"),
                          user("四个人 放辣能多收钱吗 算了 放辣也行")])
    assert not _has(rules, "别放辣")
