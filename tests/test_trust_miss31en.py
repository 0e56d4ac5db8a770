"""miss31en (issue 19, blind29 round): English values the user gives that the state missed, shapes seen in four
open groups or more (blind27 or blind28 among them).

Short chats of our own, one shape each; every positive case failed on the code before its rule (a2f466c1).
"""

from __future__ import annotations

import pytest

from tests.test_trust_miss26en import _current  # replay (assistant first, then turns in alternation): key -> value

_SUM_KEYS = ("balance", "value", "grant", "fees", "income", "rent", "spent")


def _sums(chat: list[str]) -> dict[str, str]:
    return {k: v for k, v in _current(chat).items() if k in _SUM_KEYS}


# --- a sum of money the user states of a thing of theirs ---------------------------------------------------------
# "the outstanding balance is approximately £84,000", "our goods are worth about £45,000", "there's a grant of £5,000",
# "the fees keep going up, it's £1,140 this year", "I earn about 48k": said in passing, in a longer sentence, and kept
# by no rule (the money rules key a sum by a price or budget slot the sentence does not name). English only: the
# Chinese lane reads its own shapes.

@pytest.mark.parametrize("chat, wanted", [
    (["How can we help?", "We want to switch our mortgage. The balance left is roughly £126,500 and we'd like a fix."],
     {"balance": "£126,500"}),
    (["Tell me about the piece.", "It's a Georgian silver teapot, it was valued at £2,300 last year for probate."],
     {"value": "£2,300"}),
    (["What's in the container?", "furniture and books mostly. Our things are worth about £18,000 in all, is that ok"],
     {"value": "£18,000"}),
    (["Any funding?", "yes, there's a grant of £3,000 from the council towards the boiler"], {"grant": "£3,000"}),
    (["Hi!", "hello, the service charge keeps creeping up, it's £2,150 this year on a one bed, can you challenge it"],
     {"fees": "£2,150"}),
    (["Do you work?", "part time at the library, I earn about 14k. might I get help with fees?"], {"income": "14k"}),
    (["What's the rent?", "The rent is £640 a month and the deposit was paid to the agent"], {"rent": "£640 a month"}),
    (["Anything you bought while you waited?", "a phone charger and some clothes, spent like £64 altogether"],
     {"spent": "£64"}),
    (["Any grant?", "yes we'd use the £7,500 grant if we qualify"], {"grant": "£7,500 grant"}),
])
def test_miss31en_a_sum_the_user_states_is_kept(chat, wanted):
    assert _sums(chat) == wanted, _current(chat)


def test_miss31en_a_later_sum_of_the_same_kind_replaces_it():
    """A corrected rent: the first one said is no longer current."""
    chat = ["What is the monthly rent?", "Rent is £910 per month, 12 months from March.",
            "Thanks, noted.", "Sorry, my mistake, the rent is £950, I looked at the old advert."]
    assert _sums(chat) == {"rent": "£950"}, _current(chat)


@pytest.mark.parametrize("chat", [
    # a limit is a bound for the constraint and budget rules, not what a thing is
    ["Any budget?", "I don't want to pay more than £200 a month for the unit"],
    ["Which tank?", "he says if the big one can do the toilets too its worth going over the 2k"],
    ["Budget?", "My budget is about £8,000 all in"],
    # asked, or in an "if" clause
    ["Anything else?", "is it worth £500 to get it cleaned professionally?"],
    ["Any questions?", "if the rent is £900 we'll take it, otherwise no"],
    # a sum of the assistant's, no word that says what it is, or a time gone
    ["The valuation fee is £250.", "ok fine"],
    ["How much do you want to borrow?", "about £4,000 please"],
    ["Anything else?", "we used to pay rent of £400 when we lived in Hull"],
])
def test_miss31en_no_sum_where_none_is_stated(chat):
    assert _sums(chat) == {}, _current(chat)


# --- a new count said bare after someone joins or drops out ------------------------------------------------------
# "one boy Sunil backed out, his wife said no, so 5 only", "numbers went up, the hygienists are coming now so 22":
# the number names no noun, so no count rule keyed it and the old count stayed current beside the change.

def _counts(chat: list[str]) -> dict[str, str]:
    return {k: v for k, v in _current(chat).items() if k == "people" or k.startswith("count_")}


@pytest.mark.parametrize("chat, wanted", [
    (["How can we help?", "hi, we're 8 lads wanting paintball on the 14th, what packages do you have",
      "We have the Classic at £30 and the Elite at £45.", "classic. oh and one lad pulled out, his knee's gone, so 7 only."],
     "7 only"),
    (["Hi!", "table for the office christmas do please, about 20 of us, friday 12th",
      "Friday 12th at 7pm works for 20.", "brill. numbers went up, the warehouse lot are coming now so 26. two veggies"],
     "26"),
    (["Hello!", "need a minibus for the choir trip, 14 of us, saturday",
      "Our 16-seater is free on Saturday.", "lovely. Ann and Joe can't come after all, so 12 then"],
     "12 then"),
])
def test_miss31en_a_bare_new_count_replaces_the_held_one(chat, wanted):
    """The new count is current, the count said before it is not (under any key)."""
    old = set(_counts(chat[:2]).values())
    counts = set(_counts(chat).values())
    assert wanted in counts and not counts & old, _current(chat)


@pytest.mark.parametrize("chat", [
    # a question; no change told
    ["Hi!", "a court for 8 of us on thursday please", "Thursday at 7pm is free.", "is it cheaper if we're fewer? so 6?"],
    ["Hi!", "a court for 8 of us on thursday please", "Thursday at 7pm is free.", "great, so 8. see you then"],
    # a length of time or a clock is no count ("35 hrs each" ... "so 3")
    ["Hi!", "cpc training, 35 hrs each, weekends only", "We run five 7-hour modules.",
     "actually take stuart off hes retiring, so 3."],
])
def test_miss31en_no_bare_recount_where_none_is_said(chat):
    before = _counts(chat[:2])
    assert _counts(chat) == before, _current(chat)


def test_miss31en_a_bare_count_as_the_last_sentence_follows_the_held_count():
    """The count said in the opening, the new one alone at the end of a message that tells what left."""
    chat = ["How can we help?", "we need 150 lambs weighed at Low Moor, thursday if poss",
            "Thursday works, we'll weigh them all.", "sorry, 12 of them went to market, not bothering with those. 138"]
    values = list(_current(chat).values())
    assert any("138" in v for v in values) and not any("150" in v for v in values), _current(chat)
