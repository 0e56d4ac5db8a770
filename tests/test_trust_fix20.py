"""The blind17 round's code as a new user meets it (issue 19, fix20 round): sentences of our own in the shape of each
rule cons17, miss17, prec18, picks17 and lifts17 added (other domains), and controls that must not trigger it. One test
per rough edge, with controls."""

from __future__ import annotations

import pytest

from tests.test_graph import bot
from tests.test_trust_fix16 import _tracker, current
from tests.test_trust_fix18 import rules


def _user(text: str) -> dict:
    return {"role": "user", "content": text}


# ---------------------------------------------------------------- 1. miss17 deadlines: a deed already done by the day

@pytest.mark.parametrize("said", [
    "上周五之前就交了材料",
    "我去年国庆前搬的家",
    "8点前到的，等了很久",
])
def test_fix20_a_deed_done_before_a_day_is_no_deadline(said):
    assert "deadline" not in current(said, lang="zh")


@pytest.mark.parametrize(("said", "deadline"), [
    ("我月底前得把论文交了", "月底前"),
    ("周三前寄出就行", "周三前"),
    ("25号吧 房东说24号之前必须把钥匙还了", "24号之前"),
    ("我们下周一之前必须搬完", "下周一之前"),  # (miss25zh) the week the day is in kept
])
def test_fix20_a_deadline_ahead_stays(said, deadline):
    assert current(said, lang="zh").get("deadline") == deadline


# ---------------------------------------------------------------- 2. prec18 dropped: someone who can't come at a time

_WHO = [bot("Who's coming on the tour?"), _user("Maya Lind, Omar Pratt, Jo Fenn")]


@pytest.mark.parametrize("said", [
    "jo can't come on friday so let's do saturday",
    "omar can't make it at 9, can we start at 10?",
    "maya can't come that weekend",
])
def test_fix20_an_item_who_cannot_come_at_a_time_stays_on_the_list(said):
    assert current(*_WHO, _user(said), lang="en").get("traveller") == "Maya Lind, Omar Pratt, Jo Fenn"


@pytest.mark.parametrize("said", ["jo can't come, sorry", "take omar off please", "jo can't make it after all"])
def test_fix20_an_item_taken_off_still_leaves_the_list(said):
    assert current(*_WHO, _user(said), lang="en").get("traveller") != "Maya Lind, Omar Pratt, Jo Fenn"


# ---------------------------------------------------------------- 3. picks17 several: a list repeated as a check

_SIDES = bot("配菜有土豆丝、西兰花、木耳、豆芽，任选两样。")


@pytest.mark.parametrize("said", ["土豆丝西兰花木耳豆芽是吧", "土豆丝木耳对吧"])
def test_fix20_items_repeated_as_a_check_are_no_choice(said):
    assert not [k for k in current(_SIDES, _user(said), lang="zh") if k.startswith("choice")]


@pytest.mark.parametrize("said", ["土豆丝木耳吧", "要土豆丝和豆芽"])
def test_fix20_items_taken_are_still_a_choice(said):
    assert [k for k in current(_SIDES, _user(said), lang="zh") if k.startswith("choice")]


# ---------------------------------------------------------------- 4. cons17: a time said to be hard, then conceded

@pytest.mark.parametrize("said", [
    "weekends are manic at the shop but we can do it",
    "mornings are tight but I can manage",
])
def test_fix20_a_hard_time_conceded_is_no_rule(said):
    assert rules(said, lang="en") == []


@pytest.mark.parametrize("said", ["mornings are hard anyway with the school run", "Wednesday's no good, I'm at work"])
def test_fix20_a_hard_time_is_still_a_rule(said):
    assert [p for p, _ in rules(said, lang="en")] == ["must_not"]


# ---------------------------------------------------------------- 5. lifts17: "either way" leading another deed

_RULE = "swap the battery only if it's actually below 80 percent, don't upsell me"


@pytest.mark.parametrize("said", [
    "either way, please call me before you arrive",
    "in any case I need it back by friday",
])
def test_fix20_whatever_leading_another_deed_lifts_no_conditional_rule(said):
    assert any("only if" in t for _, t in rules(_user(_RULE), _user(said), lang="en"))


@pytest.mark.parametrize("said", ["just swap it regardless", "actually just swap the battery regardless, I'm away next month"])
def test_fix20_the_deed_asked_for_whatever_the_condition_still_lifts_it(said):
    assert not any("only if" in t for _, t in rules(_user(_RULE), _user(said), lang="en"))


# ---------------------------------------------------------------- 6. prec18 ruled-out days: a named place shut that day

_SHUT_IS_THE_REASON = ("'<name>'s shut <day>' ruled out (notvalues) lost blind11 safeinstall's right day: 'install has to be"
                       " a monday, shop's shut mondays' (the shop shut is why the day suits); tried and dropped")


@pytest.mark.xfail(strict=True, reason=_SHUT_IS_THE_REASON)
@pytest.mark.parametrize(("said", "day"), [
    ("the shop's closed on monday, so tuesday", "tuesday"),
])
def test_fix20_a_day_a_named_place_or_person_is_out_is_no_value(said, day):
    assert current(bot("Which day suits?"), _user(said), lang="en").get("day") == day


# (prec30) "Priya's away friday. thursday then": the later day said as the pick ("X then") leaves the clash's day
# (facts.picked_later), so this one of the two above passes now
def test_fix20_a_day_then_another_said_as_the_pick():
    assert current(bot("Which day suits?"), _user("Priya's away friday. thursday then"), lang="en").get("day") == "thursday"


@pytest.mark.parametrize(("said", "day"), [("monday's fine", "monday"), ("the shop's open on monday, so monday", "monday")])
def test_fix20_a_day_that_suits_stays(said, day):
    assert current(bot("Which day suits?"), _user(said), lang="en").get("day") == day


# ---------------------------------------------------------------- 7. prec18 yes-only replies: a question after the yes

@pytest.mark.parametrize(("asked", "said"), [
    ("需要给您加急吗？", "需要需要，多少钱"),
    ("要给您留座位吗？", "要的，留到几点"),
])
def test_fix20_a_question_after_the_yes_is_no_value(asked, said):
    values = [v for k, v in current(bot(asked), _user(said), lang="zh").items() if k != "want"]  # the want: the message
    assert not any("多少" in v or "几点" in v for v in values)


def test_fix20_a_detail_after_the_yes_is_still_the_value():
    assert "专票" in "".join(current(bot("需要开发票吗？"), _user("要，专票"), lang="zh").values())


# ---------------------------------------------------------------- 8. prec18 dropped: out of one part, still in the rest

@pytest.mark.parametrize("said", [
    "jo can't come to the dinner but will do the tour",
    "omar can't make it to the briefing, but he's still coming on the trip",
])
def test_fix20_an_item_out_of_one_part_but_still_coming_stays(said):
    assert current(*_WHO, _user(said), lang="en").get("traveller") == "Maya Lind, Omar Pratt, Jo Fenn"


@pytest.mark.parametrize("said", ["jo can't come to the tour, but maya will bring her friend", "omar can't make it, but thanks"])
def test_fix20_an_item_out_with_a_but_of_another_matter_still_leaves(said):
    assert current(*_WHO, _user(said), lang="en").get("traveller") != "Maya Lind, Omar Pratt, Jo Fenn"
