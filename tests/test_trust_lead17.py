"""Three over-reaches the second read of the blind17 round found (reread17), mended by the lead: a where-offer is
taken only by an answer that gives the detail; "sat", "sun", "wed", "mon" alone are no second day; an item taken
off a list by a first name two items share takes neither off."""

import pytest

from ctxgraph import Tracker


def _open_promises(messages, lang="en"):
    t = Tracker(lang)
    t.observe_many(messages)
    return [c.text for c in t.state().commitments if c.status == "open"]


def _current(messages, lang="en"):
    t = Tracker(lang)
    t.observe_many(messages)
    return {(f.key, f.value) for f in t.state().facts if f.status == "current"}


OFFER = "Order PR-220 placed. Where shall I send the digital proof?"


@pytest.mark.parametrize("answer", ["hmm let me think about it",
                                    "actually hold on, I need to check with my wife first"])
def test_a_where_offer_answered_without_a_detail_is_no_promise(answer):
    msgs = [{"role": "user", "content": "300 business cards, matt finish"},
            {"role": "assistant", "content": OFFER}, {"role": "user", "content": answer}]
    assert not any("proof" in c for c in _open_promises(msgs))


@pytest.mark.parametrize("answer", ["priya.nair@example.org", "to my work address please"])
def test_a_where_offer_answered_with_a_detail_is_a_promise(answer):
    msgs = [{"role": "user", "content": "300 business cards, matt finish"},
            {"role": "assistant", "content": OFFER}, {"role": "user", "content": answer}]
    assert any("proof" in c for c in _open_promises(msgs))


def test_sat_as_a_verb_is_no_second_day():
    from ctxgraph.extract.notvalues import ruled_out
    t = "she has netball thursdays, we sat outside anyway"
    assert not ruled_out(t, t.index("thursdays"))
    t = "she has netball thursdays, so saturday"
    assert ruled_out(t, t.index("thursdays"))


def _course_after(message):
    """The current values after a list of three people, two of them Toms, and ``message``."""
    msgs = [{"role": "assistant", "content": "Who is coming on the course?"},
            {"role": "user", "content": "Tom Hill, Tom Rees, Ann Bell"}, {"role": "user", "content": message}]
    return {v for _, v in _current(msgs)}


def test_a_first_name_two_items_share_takes_neither_off():
    values = _course_after("take tom off, sorry")
    assert any("Tom Hill" in v and "Tom Rees" in v for v in values)


def test_the_whole_name_of_one_of_them_takes_that_one_off():
    values = _course_after("take tom rees off, sorry")
    assert any("Tom Hill" in v and "Ann Bell" in v for v in values)
    assert not any("Tom Rees" in v for v in values)
