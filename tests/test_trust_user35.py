"""A new user's rough edges found by the user35 helper (issue 19, blind27 round), from 16 short service chats of my own
in both languages (a piano tuning, a bike service, a prescription refill for a father, a wedding photographer, a gutter
clean, a car hire, guitar lessons for a son, an eye test; 手机换屏, 给妈妈配老花镜, 干洗上门取件, 驾校约课, 宠物美容, 生日蛋糕,
寄快递, 给爸爸约体检; the chats and what I expected, written before the first run, are in
``tests/data_user35/chats_user35.py``): "it must be an automatic, I can't drive manual" was no rule; "no need to ask"
did not take back "dont replace any parts without asking me first"; "weekends fine too actually" (no verb) lifted
nothing where "weekends are fine too" did; "下午来也行" did not lift "只能晚上7点以后来取"."""

import pytest

from tests.chat_state import state_of as _state, rules_of as _rules


# --- "must be a/an <kind>" is a need, like "has to be a <kind>"


@pytest.mark.parametrize("said", ["the compact. it must be an automatic, I can't drive manual",
                                  "The room must be a double, we're a couple."])
def test_must_be_a_kind_is_a_rule(said):
    rules = _rules([("user", "I need to book something for next week."), ("assistant", "Sure, which one?"), ("user", said)])
    assert any("must be a" in r and s == "active" for r, s in rules.items())


@pytest.mark.parametrize("said", ["Oh that must be a relief for you.", "there must be a mistake on the invoice",
                                  "you must be a busy shop this week"])
def test_must_be_a_guess_is_no_rule(said):
    assert _rules([("user", "I need my boiler looked at."), ("assistant", "Booked for Monday."), ("user", said)]) == {}


# --- "no need to ask" takes back a rule that forbids a deed without asking first


@pytest.mark.parametrize("lift", ["yes go ahead. and honestly just replace whatever needs it from now on, no need to ask",
                                  "you don't need to ask me first anymore"])
def test_no_need_to_ask_lifts_the_without_asking_rule(lift):
    rules = _rules([("user", "my bike's rear brake is squeaking"),
                    ("user", "pls dont replace any parts without asking me first"),
                    ("assistant", "Understood. I'll call you before replacing anything."), ("user", lift)])
    assert rules["pls dont replace any parts without asking me first"] == "lifted"


def test_no_need_for_the_forbidden_deed_lifts_nothing():
    rules = _rules([("user", "my bike's rear brake is squeaking"),
                    ("user", "please don't replace any parts without asking me first"),
                    ("assistant", "Understood."), ("user", "no need to replace the tyres though, they're new")])
    assert rules["please don't replace any parts without asking me first"] == "active"


# --- the other side said to be fine too, tersely, without a verb


@pytest.mark.parametrize("lift", ["weekends fine too actually", "saturdays ok as well"])
def test_terse_fine_too_lifts_the_rule_it_names(lift):
    rules = _rules([("user", "gutters need cleaning. 14 Birch Road"), ("user", "weekday mornings only"),
                    ("assistant", "I'll text you a slot later today."), ("user", lift)])
    assert rules == {"weekday mornings only": "lifted"}


@pytest.mark.parametrize("said", ["I'm fine too, thanks", "Saturday fine too?"])
def test_a_person_fine_or_a_question_lifts_nothing(said):
    rules = _rules([("user", "gutters need cleaning."), ("user", "weekday mornings only"),
                    ("assistant", "How are you today?"), ("user", said)])
    assert rules == {"weekday mornings only": "active"}


# --- a part of the day whose hours go past a clock bound lifts it


@pytest.mark.parametrize("lift", ["哦明天我白天在家了，下午来也行", "下午也可以"])
def test_zh_a_part_of_the_day_before_the_lower_bound_lifts_it(lift):
    rules = _rules([("user", "你好 我有两件羊毛大衣要干洗"), ("user", "只能晚上7点以后来取，白天家里没人"),
                    ("assistant", "好的，明天晚上8点上门取件。"), ("user", lift)], "zh")
    assert set(rules.values()) == {"lifted"}


def test_zh_a_part_of_the_day_after_the_lower_bound_lifts_nothing():
    rules = _rules([("user", "我有两件大衣要干洗"), ("user", "只能10点以后来取"), ("assistant", "好的。"), ("user", "下午来也行")], "zh")
    assert set(rules.values()) == {"active"}


def test_en_afternoons_go_past_an_evening_bound():
    rules = _rules([("user", "I need a cleaner once a week."), ("user", "only after 6pm please, I'm at work"),
                    ("assistant", "Sure."), ("user", "afternoons fine too now, I've gone part time")])
    assert set(rules.values()) == {"lifted"}


# --- a pick said with "sounds right", and a later pick from the same list asked for "instead"

_PACKAGES = [("user", "We're getting married on 20 September and looking for a photographer!"),
             ("assistant", "Congratulations! Our packages: Silver (6 hours, $1800) and Gold (8 hours, $2400).")]


def _choices(messages):
    return [f.value for f in _state(messages).facts if f.name == "choice" and f.status == "current"]


@pytest.mark.parametrize("said", ["Silver sounds right.", "silver sounds about right, thanks"])
def test_sounds_right_picks_the_option(said):
    assert [v.casefold() for v in _choices(_PACKAGES + [("user", said)])] == ["silver"]


@pytest.mark.parametrize("again", ["actually can we do Gold instead?", "actually Gold please"])
def test_a_later_pick_from_the_list_is_said_without_its_fillers(again):
    assert _choices(_PACKAGES + [("user", "Silver please."), ("assistant", "Noted. I'll send the contract by Friday."),
                                 ("user", again)]) == ["Gold"]


# --- a relative named with a title: the name is kept, not the title cut at its full stop


@pytest.mark.parametrize("said, kin, name", [
    ("Hello, I'm calling for my father, Mr. Arun Patel. He needs his prescription refilled.", "person_father", "Arun Patel"),
    ("I'm booking for my uncle, Dr. Sam Reid, he's 80.", "person_uncle", "Sam Reid"),
])
def test_a_title_before_the_name_keeps_the_name(said, kin, name):
    facts = {f.key: f.value for f in _state([("user", said)]).facts if f.status == "current"}
    assert facts[kin].endswith(name)
