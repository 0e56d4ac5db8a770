"""A new user's rough edges the lead mended in the blind21 round (second part): "make it Wednesday, Sam's off on
Friday now" keeps Wednesday (the "now" of the reason read as a second change back to Friday); "One of us is vegan"
counts no one (people: 1 replaced the table for 6) and is no place; a pick answering "Any preference?" after a list of
options is the pick, no preference rule."""

from ctxgraph import Tracker


def _state(messages, lang="en"):
    t = Tracker(lang)
    t.observe_many([{"role": r, "content": c} for r, c in messages])
    return t.state()


def test_a_change_made_then_a_reason_with_now_keeps_the_change():
    s = _state([("user", "I need a plumber for a leaking radiator valve."),
                ("assistant", "We can send someone Wednesday 9-12 or Friday 1-5. Which suits?"),
                ("user", "friday afternoon please"),
                ("assistant", "Great, Friday 1-5 booked."),
                ("user", "Actually can we make it Wednesday, Sam's off on Friday now")])
    days = {f.value for f in s.facts if f.status == "current" and f.key in ("day", "date")}
    assert days == {"Wednesday"}, [(f.key, f.value, f.status) for f in s.facts]


def test_a_change_back_said_with_now_alone_still_changes():
    s = _state([("user", "Can I book the van for Tuesday?"), ("assistant", "Tuesday is booked in."),
                ("user", "sorry, it's Thursday now")])
    assert any(f.value == "Thursday" for f in s.facts if f.status == "current"), [(f.key, f.value, f.status) for f in s.facts]


def test_one_of_us_said_of_a_diet_counts_no_one_and_is_no_place():
    s = _state([("user", "Can I book a table for 6 on Saturday at 7? One of us is vegan")])
    current = {(f.key, f.value) for f in s.facts if f.status == "current"}
    assert ("people", "6") in current, current
    assert not any(k == "place" for k, v in current), current


def test_just_the_two_of_us_is_still_a_count():
    s = _state([("user", "A table for Friday please, just the two of us")])
    assert any("two" in f.value for f in s.facts if f.status == "current" and f.key == "people"), s.facts


def test_a_pick_answering_any_preference_is_no_preference_rule():
    s = _state([("user", "Can I book a table for 6 on Saturday at 7?"),
                ("assistant", "Saturday at 7 we have the window table or the garden room. Any preference?"),
                ("user", "window table. and can we bring a birthday cake?")])
    assert any(f.key.startswith("choice") and "window table" in f.value for f in s.facts if f.status == "current"), s.facts
    assert not s.constraints, s.constraints


def test_an_open_preference_answer_is_still_a_rule():
    s = _state([("assistant", "Do you have a preference for a male or female interpreter?"),
                ("user", "female please, it's a gynaecology appointment")])
    assert [(c.text, c.polarity) for c in s.constraints] == [("female please, it's a gynaecology appointment", "prefer")]
