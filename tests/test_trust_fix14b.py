"""fix14b: two review items (/work/brief/rev14/REVIEW.md items 8 and 9), mended by structure.

- a clause that asks (a '?' closes it, it ends in 吗, or a tag question: "I sent the invoice, didn't I?") reports no
  deed done, and a zh past deed sent to 他/她 (a third person) keeps none of the user's promises;
- "<X> only" described with a copula of another subject ("this is a one-off only", "the shop is cash only but …") is
  no must rule; "card only please", "weekends only for me", "cash only" stay rules.
"""

from __future__ import annotations

import pytest

from ctxgraph import Tracker


def user(text: str) -> dict:
    return {"role": "user", "content": text}


def bot(text: str) -> dict:
    return {"role": "assistant", "content": text}


def promises(lang: str, *messages: dict) -> dict[str, str]:
    t = Tracker(lang)
    for m in messages:
        t.observe(m)
    return {c.text: c.status for c in t.state().commitments}


def rules(lang: str, *messages: dict) -> dict[str, str]:
    t = Tracker(lang)
    for m in messages:
        t.observe(m)
    return {c.text: c.polarity for c in t.state().constraints if c.status == "active"}


ZH = [user("我想修一本线装书"), bot("好的，修复费用800元。我明天把发票开好发您邮箱。")]
EN = [user("I'd like a rebind of an old family bible"), bot("That's £180. I'll email you the invoice tomorrow.")]


@pytest.mark.parametrize("last", ["发票昨天发给您了吗？", "发票发给您了吗", "上次那位客人的发票昨天发给他了。"])
def test_zh_question_or_another_recipient_keeps_the_promise_open(last):
    got = promises("zh", *ZH, bot(last))
    assert got and set(got.values()) == {"open"}


@pytest.mark.parametrize("last", ["发票已经发给您了。", "发票昨天发给您了。"])
def test_zh_report_to_the_user_still_keeps_it(last):
    assert "done" in promises("zh", *ZH, bot(last)).values()


@pytest.mark.parametrize("last", ["Did you get the invoice I sent?", "I sent the invoice, didn't I?"])
def test_en_question_keeps_the_promise_open(last):
    got = promises("en", *EN, bot(last))
    assert got and set(got.values()) == {"open"}


@pytest.mark.parametrize("last", ["The invoice went to your inbox last night.", "I sent the invoice this morning."])
def test_en_plain_report_still_keeps_it(last):
    assert "done" in promises("en", *EN, bot(last)).values()


ASKED = [user("I'd like a fox mounted by a taxidermist"), bot("Sure, any requirements?")]


@pytest.mark.parametrize("msg", ["this is a one-off only", "the shop is cash only but I'll pay by card"])
def test_copula_description_is_no_must_rule(msg):
    assert "must" not in rules("en", *ASKED, user(msg)).values()


@pytest.mark.parametrize("msg", ["card only please", "weekends only for me", "cash only", "we are weekends only",
                                 "she's after school only", "he is weekends only"])
def test_own_restriction_stays_a_must_rule(msg):
    assert "must" in rules("en", *ASKED, user(msg)).values()


@pytest.mark.parametrize("msg", ["周末才有空，只能周末", "只收现金"])
def test_zh_restrictions_unchanged(msg):
    # the mend is English word order only; zh rules of the same act still read
    assert rules("zh", user("我想做个狐狸标本"), bot("好的，有什么要求吗？"), user(msg))
