"""The blind19 round's merges as a new user meets them (issue 19, fix22 round): sentences of our own in the shape of
lead19's order id after "order" and lead19b's reply to "what is wrong?" (other domains), and controls that must not
trigger them. One test per rough edge mended, with controls."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker


def _facts(lang: str, *messages: tuple[str, str]) -> dict[str, list[str]]:
    t = Tracker(lang)
    t.observe_many([{"role": r, "content": c} for r, c in messages])
    out: dict[str, list[str]] = {}
    for f in t.state().facts:
        if f.status == "current":
            out.setdefault(f.key, []).append(f.value)
    return out


# ---------------------------------------------------------------- 1. lead19 order id: "order" the verb before a count

@pytest.mark.parametrize("said", [
    "can I order 123456 more bricks for the wall?",
    "order 250000 extra leaflets",
    "we need to order 100000 A5 flyers",
])
def test_fix22_a_count_ordered_is_no_order_id(said):
    assert "order_id" not in _facts("en", ("user", said))


@pytest.mark.parametrize("said, wanted", [
    ("order 88231907 hasn't arrived", "88231907"),
    ("my order 88231907 is late", "88231907"),
    ("order 88231907 was never delivered", "88231907"),
    ("order no. 77120456 has gone missing", "77120456"),
])
def test_fix22_an_order_id_said_before_its_verb_is_kept(said, wanted):
    assert _facts("en", ("user", said)).get("order_id") == [wanted]


# ---------------------------------------------------------------- 2. lead19b: a reply to "what is wrong?" saying nothing is

@pytest.mark.parametrize("lang, asked, said", [
    ("en", "What seems to be wrong with the router?", "nothing's wrong, I just want an upgrade"),
    ("en", "What's wrong with it?", "no problem with it really, I'd like a bigger one"),
    ("en", "What's the problem with the bike?", "I'm not sure, can someone look at it?"),
    ("zh", "手机有什么问题吗？", "没什么问题，就是想换个颜色"),
    ("zh", "是什么问题呢？", "我也不知道，你们看看吧"),
])
def test_fix22_no_fault_said_is_no_problem(lang, asked, said):
    assert "problem" not in _facts(lang, ("assistant", asked), ("user", said))


@pytest.mark.parametrize("lang, asked, said, fault", [
    ("en", "What's wrong with the dishwasher?", "it won't drain and smells", "it won't drain and smells"),
    ("zh", "好的，具体什么问题？", "脱水的时候响得很厉害。下午能来吗", "脱水的时候响得很厉害"),
])
def test_fix22_controls_a_fault_told_stays(lang, asked, said, fault):
    assert _facts(lang, ("assistant", asked), ("user", said)).get("problem") == [fault]


# ---------------------------------------------------------------- 4. lead19 ranges: another step's cut of the range's end

@pytest.mark.parametrize("lang, said, whole, end", [
    ("en", "a rug about 2-3 metres long, under £200", "2-3 metres", "3 metres"),
    ("en", "a hedge 4 to 5 feet high please", "4 to 5 feet", "5 feet"),
])
def test_fix22_a_range_holds_no_fact_of_its_end_alone(lang, said, whole, end):
    values = [v for vs in _facts(lang, ("user", said)).values() for v in vs]
    assert whole in values and end not in values


def test_fix22_control_a_measure_with_no_range_is_kept():
    values = [v for vs in _facts("en", ("user", "a rug 3 metres long, under £200")).values() for v in vs]
    assert "3 metres" in values


def test_fix22_control_a_count_inside_a_range_is_kept():
    facts = _facts("en", ("user", "a table for 3, we'll stay 2-3 hours"))
    assert "3" in [v for vs in facts.values() for v in vs] or facts.get("people")


@pytest.mark.parametrize("lang, asked, said", [
    ("en", "What's wrong with the fan?", "it's fine when cold but rattles when hot"),
    ("en", "What's wrong with it?", "no problem with the screen but the battery dies by noon"),
    ("zh", "空调什么问题？", "没什么大问题，就是有点响"),
])
def test_fix22_control_a_fault_told_after_a_denial_stays(lang, asked, said):
    assert _facts(lang, ("assistant", asked), ("user", said)).get("problem")
