"""The blind15 round's code as a new user meets it (issue 19, fix17 round): sentences of the same shape as each rule's
cue in other domains, and controls that must not trigger it. One test per rough edge, each with its controls."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from tests.test_graph import bot
from tests.test_trust_fix16 import _tracker, current


def rules(*messages, lang: str) -> list[tuple[str, str]]:
    return [(c.polarity, c.text) for c in _tracker(*messages, lang=lang).state().constraints if c.status == "active"]


def promises(*messages, lang: str) -> list[str]:
    return [c.status for c in _tracker(*messages, lang=lang).state().commitments]


# ---------------------------------------------------------------- 1. a sending to a named third person keeps no promise

@pytest.mark.parametrize(("lang", "promise", "said"), [
    ("zh", "我稍后把报价单发到您邮箱", "报价单已经发给王姐了"),
    ("zh", "我下午把合同发您微信", "合同已经转给李经理了"),
    ("en", "I'll email you the quote later today.", "the quote was sent to Priya already"),
])
def test_fix17_a_users_report_of_a_sending_to_a_named_person_keeps_no_promise_to_the_user(lang, promise, said):
    assert promises(bot(promise), said, lang=lang) == ["open"]


@pytest.mark.parametrize(("lang", "promise", "said"), [
    ("zh", "我下午把合同发您微信", "合同已经发到我微信了"),
    ("zh", "我下午把合同发您微信", "合同收到了"),
    ("zh", "我下午把合同发给您和李经理", "合同已经发给李经理了"),
    ("en", "I'll email the quote to you and Priya.", "the quote was sent to Priya already"),
    ("en", "I'll send the quote to Priya today.", "Priya got the quote, thanks"),
])
def test_fix17_a_report_the_promise_names_still_keeps_it(lang, promise, said):
    assert promises(bot(promise), said, lang=lang) == ["done"]


# ---------------------------------------------------------------- 2. a thing given up: not "don't forget", "drop off", "lose"

@pytest.mark.parametrize(("first", "then", "kept"), [
    ("looking for a caterer, with a cake and a chocolate fountain", "and don't forget the fountain please", "fountain"),
    ("need a babysitter for the kids and a dog walker", "I'll drop the kids off at 8", "babysitter"),
    ("want to rent a van and a trailer for the move", "I don't want to lose the trailer deposit", "trailer"),
])
def test_fix17_words_near_a_giving_up_verb_give_up_nothing(first, then, kept):
    assert kept in current(first, then, lang="en").get("want", ""), current(first, then, lang="en")


@pytest.mark.parametrize(("first", "then", "gone"), [
    ("looking for a caterer, with a cake and a chocolate fountain", "forget the fountain, the venue won't allow it", "fountain"),
    ("I need a plumber to fix the boiler and the shower", "no need for the shower now, my brother fixed it", "shower"),
    ("need a babysitter for the kids and a dog walker", "drop the dog walker, my neighbour will do it", "walker"),
])
def test_fix17_a_thing_given_up_still_leaves_the_want(first, then, gone):
    want = current(first, then, lang="en").get("want", "")
    assert want and gone not in want, want


# ---------------------------------------------------------------- 3. a zh question with 吗 and no question mark gives up nothing

def test_fix17_a_zh_question_without_a_mark_gives_up_nothing():
    got = current("想订个生日蛋糕，要水果夹层、数字蜡烛", "数字蜡烛不用了吗", lang="zh")
    assert "数字蜡烛" in got.get("want", ""), got


def test_fix17_a_zh_thing_given_up_is_still_dropped():
    got = current("想订个生日蛋糕，要水果夹层、数字蜡烛", "数字蜡烛先不要了", lang="zh")
    assert got.get("want") == "想订个生日蛋糕，要水果夹层", got


# ---------------------------------------------------------------- 4. a count said of another time is no recount

@pytest.mark.parametrize(("lang", "first", "then", "count"), [
    ("zh", "公司年会大概订15桌", "去年是12桌", "15桌"),
    ("zh", "公司年会大概订15桌", "上次才10桌", "15桌"),
    ("en", "need 20 chairs for a garden party", "last year we had 15 chairs", "20 chairs"),
])
def test_fix17_a_count_of_last_time_is_no_recount(lang, first, then, count):
    got = current(first, then, lang=lang)
    assert count in got.get("want", ""), got


@pytest.mark.parametrize(("lang", "first", "then", "count"), [
    ("zh", "公司年会大概订15桌", "人多了，要18桌", "18桌"),
    ("en", "need 20 chairs for a garden party", "make it 25 chairs", "25 chairs"),
])
def test_fix17_a_count_said_again_still_recounts(lang, first, then, count):
    got = current(first, then, lang=lang)
    assert count in got.get("want", ""), got


# ---------------------------------------------------------------- 5. a name taken off a list: not a visit, not a question

@pytest.mark.parametrize("then", ["上周去了孙伟家", "孙伟不去了吗？", "孙伟不去了吗"])
def test_fix17_a_name_said_otherwise_stays_on_the_list(then):
    assert current("名字 赵磊 钱芳 孙伟", then, lang="zh").get("name") == "赵磊 钱芳 孙伟"


@pytest.mark.parametrize("then", ["孙伟来不了", "去掉孙伟", "孙伟临时来不了"])
def test_fix17_a_name_taken_off_still_leaves(then):
    assert current("名字 赵磊 钱芳 孙伟", then, lang="zh").get("name") == "赵磊 钱芳"


# ---------------------------------------------------------------- 6. a need denied is no rule (the rule cues' lane)

@pytest.mark.parametrize(("lang", "first", "then"), [
    ("en", "I'm moving house.", "we don't have to be out before the 3rd, no rush"),
    ("en", "I'm moving house.", "we don't need to be out before the 3rd"),
    ("en", "Booking a cleaner.", "it doesn't have to be done by friday"),
    ("zh", "想找个保洁", "不用非得周五之前做完"),
    ("zh", "想找个保洁", "不一定要10点前到"),
])
def test_fix17_a_denied_need_is_no_must_rule(lang, first, then):
    assert not [r for r in rules(first, then, lang=lang) if r[0] == "must"]


@pytest.mark.parametrize(("lang", "first", "then", "polarity"), [
    ("en", "I'm moving house.", "we have to be out before the 3rd", "must"),
    ("en", "Booking a cleaner.", "it needs to be done by friday", "must"),
    ("en", "Booking a cleaner.", "don't come before 10", "must_not"),
    ("zh", "想找个保洁", "一定要10点前到", "must"),
    ("zh", "想找个保洁", "周五之前做完", "must"),
    ("zh", "想找个保洁", "不要周五之前来", "must_not"),
])
def test_fix17_a_need_still_rules(lang, first, then, polarity):
    assert [r[0] for r in rules(first, then, lang=lang)] == [polarity]


# ---------------------------------------------------------------- 7. what a thing is for, with a word before the '<X> only'

@pytest.mark.parametrize("said", ["that coupon is for new customers only", "the lounge is for business class passengers only",
                                  "the offer is for one day only"])
def test_fix17_what_a_thing_is_for_is_no_only_rule(said):
    assert rules("Hi, a question about your shop.", said, lang="en") == []


@pytest.mark.parametrize("said", ["card payment only please", "weekday mornings only", "we want organic vegetables only"])
def test_fix17_an_only_rule_of_the_user_stays(said):
    assert [p for p, _ in rules("Hi, a question about your shop.", said, lang="en")] == ["must"]


# ---------------------------------------------------------------- 8. (booking pack) an apology for the wait is no "found none"

def _booking(*messages) -> dict[str, str]:
    t = Tracker("en", packs=["booking"])
    for m in messages:
        t.observe(m if isinstance(m, dict) else {"role": "user", "content": m})
    return {f.key: f.value for f in t.state().facts if f.status == "current"}


def test_fix17_sorry_for_the_wait_found_something():
    got = _booking("I want a cheap hotel in the north.", bot("Sorry for the wait. The Acorn is a cheap hotel in the north."),
                   "Is it moderate or cheap?")
    assert got.get("hotel.price_range") == "cheap", got


@pytest.mark.parametrize("reply", ["Sorry, there are no cheap hotels in the north.", "Unfortunately I don't have any cheap ones there.",
                                   "Sorry for the wait, there are no cheap hotels in the north."])
def test_fix17_a_reply_that_found_none_still_lets_a_new_value_be_asked(reply):
    got = _booking("I want a cheap hotel in the north.", bot(reply), "What about a moderate one?")
    assert got.get("hotel.price_range") == "moderate", got


# ---------------------------------------------------------------- 9. an offered slot named, then a bare "so no" after a comma

@pytest.mark.parametrize(("lang", "offer", "said"), [
    ("en", "I can do Tuesday at 9am or Friday at 3pm.", "the friday one is when I have physio, so no"),
    ("en", "I can do Tuesday at 9am or Friday at 3pm.", "friday is my physio day, so no"),
    ("zh", "可以约周二上午9点或者周五下午3点。", "周五那天我要值班，不行"),
])
def test_fix17_a_slot_named_then_refused_in_the_next_piece_is_no_pick(lang, offer, said):
    got = current(bot(offer), said, lang=lang)
    assert not any("3" in v or "Friday" in v or "周五" in v for v in got.values()), got


@pytest.mark.parametrize(("lang", "offer", "said", "day"), [
    ("en", "I can do Tuesday at 9am or Friday at 3pm.", "friday works, no problem", "Friday"),
    ("en", "I can do Tuesday at 9am or Friday at 3pm.", "no, the friday one please", "Friday"),
    ("zh", "可以约周二上午9点或者周五下午3点。", "周五那个吧，没问题", "周五"),
])
def test_fix17_a_slot_picked_beside_a_no_that_refuses_nothing_stays(lang, offer, said, day):
    got = current(bot(offer), said, lang=lang)
    assert any(day in v for v in got.values()), got
