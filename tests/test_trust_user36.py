"""A new user's rough edges the user36 lane found in its own chats (tests/data_user36, blind28 round).

- (zh) A reply that names a thing sharing only its first characters with an option ("对了再加一床羽绒被" after
  "羽绒服普洗45元/件，精洗78元/件" was picked from) is no pick of that option: the shared characters end inside a word of
  the reply (羽绒被) that the option goes on otherwise from (羽绒服), and the choice made before stands. The option named
  with a particle or a count after it ("普洗吧", "精洗两件吧") still picks. English options are matched by whole words,
  so the shape has no English side.
- (en) A bare hour after a verb that moves a booking ("can we move it to 11 actually?") moves the clock, never the
  party's head count ("15 kids" became "11"). A count said with its noun ("move it to 15 kids") is still a count.
- (en) A plate in the UK's current shape ("LM71 WQP") answering "what's the registration of the new car?" is the
  registration (the old car's leaves the current state), and so is one closing its sentence after a bare "reg"
  ("…, reg ND21 XKT. Got a caravan"); said anywhere else it is an id with no slot.
- (en) A card tail or phone number the assistant checks in a yes/no question ("Is it the one ending 4417?") is offered
  until the user's yes; "no thats my old sim" leaves it out.
- (zh) 我姓林电话… (voice, no pause) keeps the surname; a weekday answered to the thing asked (上门取件: 周日上午) moves
  with a change (改周一晚上吧); a preference in a space-parted piece of its own (… 数学跟不上 … 最好是女老师) is kept
  beside the fault before it.
- (en) "Thursday is better" settles the day a message first said otherwise ("Tuesday. Oh wait, I'm there Thursday so
  Thursday is better"): the later day or clock, marked as the better one, is the value. A comparison ("Thursday is
  better than Friday") changes nothing, nor does a count said to be better (an age beside it would move). (zh already
  reads "还是周四吧".)
"""

import pytest

from ctxgraph import Tracker


from tests.chat_state import assistant as _a, current_pairs as _current, user as _u


_DOWN = [_u("羽绒服能洗吗 有三件"),
         _a("可以的，羽绒服普洗45元/件，精洗（含除菌护理）78元/件。请问选哪种？"),
         _u("都精洗吧"),
         _a("好的，3件精洗。什么时候上门取件？"),
         _u("明天下午"),
         _a("好的，明天下午上门取件。")]


@pytest.mark.parametrize("added", ["对了再加一床羽绒被", "还有一床羽绒被也要洗"])
def test_a_word_sharing_only_its_first_characters_with_an_option_is_no_pick(added):
    facts = _current("zh", _DOWN + [_u(added)])
    choices = [v for k, v in facts if k.startswith("choice_")]
    assert choices and all("精洗" in v for v in choices), facts
    assert not any("普洗" in v for k, v in facts), facts


@pytest.mark.parametrize("reply, picked", [("普洗吧", "普洗"), ("精洗两件吧", "精洗")])
def test_an_option_named_with_a_particle_or_a_count_still_picks(reply, picked):
    facts = _current("zh", _DOWN[:2] + [_u(reply)])
    assert any(k.startswith("choice_") and picked in v for k, v in facts), facts


_PARTY = [_u("Hi, a birthday party for my daughter on Saturday the 16th please, about 12 kids"),
          _a("We have 10am, 1pm or 3:30pm on the 16th. Which start time would you like?"),
          _u("1pm please"),
          _a("Booked for 1pm on the 16th for 12 children, ref JP-442.")]


@pytest.mark.parametrize("ask", ["can we move it to 11 actually? the little ones get tired",
                                 "could you push the party back to 3 please"])
def test_a_bare_hour_a_booking_is_moved_to_is_the_clock_not_the_party(ask):
    facts = _current("en", _PARTY + [_u(ask)])
    assert any(v.startswith("12") for k, v in facts if k in ("children", "people")), facts
    hour = ask.split(" to ")[1].split()[0].rstrip("?")
    assert any(k == "time" and v.strip().startswith(hour) for k, v in facts), facts


def test_a_count_with_its_noun_after_move_to_is_still_a_count():
    facts = _current("en", _PARTY + [_u("can we move it to 15 kids? two more are coming")])
    assert not any(k == "time" and v.strip().startswith("15") for k, v in facts), facts


_DAYS = [_u("I need a repeat prescription delivered to 7 Elm Grove"),
         _a("Deliveries to Elm Grove go out Tuesdays or Thursdays. Which day?")]


@pytest.mark.parametrize("reply", ["Tuesday. Oh wait, I'm there Thursday so Thursday is better.",
                                   "Tuesday, hmm no actually Thursday would be better for me"])
def test_the_day_said_to_be_better_settles_the_day(reply):
    facts = _current("en", _DAYS + [_u(reply)])
    days = [v for k, v in facts if "Thursday" in v or "Tuesday" in v]
    assert days and all("Thursday" in v for v in days), facts


def test_a_day_compared_as_better_than_another_changes_nothing():
    facts = _current("en", _DAYS + [_u("Tuesday please. Thursday is better than Friday for the other one, but Tuesday works")])
    assert any("Tuesday" in v for k, v in facts), facts
    assert not any("Thursday" in v for k, v in facts), facts


@pytest.mark.parametrize("opening, answer, plate", [
    ("Hiya, I need to renew my residents permit, reg is KX19 TBN. I've a new car though, can that go on it instead?",
     "its LM71 WQP, a grey Kia Niro", "LM71 WQP"),
    ("need a towbar fitted on my Skoda, reg ND21 XKT. When can you come?", "mornings are best", "ND21 XKT"),
])
def test_a_plate_answering_the_registration_asked_or_closing_a_reg_sentence_is_the_registration(opening, answer, plate):
    facts = _current("en", [_u(opening), _a("Happy to help. What's the registration of the new car?"), _u(answer)])
    assert ("registration", plate) in facts, facts
    assert not any(k == "registration" and v != plate for k, v in facts), facts  # the old car's plate is no longer current


@pytest.mark.parametrize("text", ["my postcode is EH6 7RT", "order AB12 CDEF please", "ref ab12 cde",
                                  "we are a party of AB12 CDE, booking for Friday"])
def test_a_postcode_a_longer_code_or_lower_case_letters_are_no_plate(text):
    facts = _current("en", [_u(text)])
    assert not any(k == "registration" for k, v in facts), facts


_CHECK = [_u("im going to spain on the 27th, need a roaming pass"),
          _a("The 30-day EU pass is £15. Can I confirm the number? Is it the one ending 4417?")]


def test_a_number_the_assistant_checks_and_the_user_denies_is_not_current():
    facts = _current("en", _CHECK + [_u("no thats my old sim, its 07456 223 918")])
    assert not any("4417" in v for k, v in facts), facts
    assert ("phone", "07456 223 918") in facts, facts


@pytest.mark.parametrize("reply", ["yes", "yep thats the one"])
def test_a_number_the_assistant_checks_and_the_user_confirms_is_current(reply):
    facts = _current("en", _CHECK + [_u(reply)])
    assert any("4417" in v for k, v in facts), facts


@pytest.mark.parametrize("reply, name", [("我姓林电话一五九零一二三四五六七", "林"), ("姓王手机13800001111", "王")])
def test_zh_a_surname_said_straight_before_the_number_label_is_the_name(reply, name):
    facts = _current("zh", [_a("好的，包间，鸳鸯锅底。请问贵姓，联系电话？"), _u(reply)])
    assert any(k == "name" and name in v for k, v in facts), facts


def test_zh_someone_elses_surname_before_a_number_label_is_no_name_of_the_users():
    facts = _current("zh", [_a("师傅明天上门。"), _u("师傅姓韩电话多少")])
    assert not any(k == "name" for k, v in facts), facts


_PICKUP = [_u("羽绒服要洗 三件"), _a("好的，3件精洗。需要上门取件吗？"), _u("要 周日上午 别用漂白剂")]


@pytest.mark.parametrize("change, new", [("周日上午有事 改周一晚上吧", "周一晚上"), ("换到下周二下午吧", "下周二下午")])
def test_zh_a_weekday_keyed_by_the_thing_asked_moves_with_a_change(change, new):
    facts = _current("zh", _PICKUP + [_a("好的，周日上午9-12点上门。"), _u(change)])
    assert not any("周日上午" in v for k, v in facts), facts
    assert any(new in v for k, v in facts), facts


def test_zh_a_count_changed_leaves_the_weekday_keyed_by_the_thing_asked():
    facts = _current("zh", _PICKUP + [_a("好的，周日上午9-12点上门。"), _u("改成四件吧")])
    assert any("周日上午" in v for k, v in facts), facts


def _rules(lang, messages):
    t = Tracker(lang, today="2026-12-05")
    t.observe_many(messages)
    return [(c.text, c.polarity, c.status) for c in t.state().constraints]


@pytest.mark.parametrize("text", ["你好 我家孩子初二 数学跟不上 想找个一对一的老师 最好是女老师",
                                  "孩子初二 数学跟不上 想找个老师 最好是女老师"])
def test_zh_a_preference_in_a_space_parted_piece_of_its_own_is_kept_beside_a_fault(text):
    rules = _rules("zh", [_u(text)])
    assert any("女老师" in r and p == "prefer" for r, p, s in rules), rules


@pytest.mark.parametrize("text", ["想订酒店 最好评分是4分以上", "想订酒店，最好评分是4分以上"])
def test_zh_a_preference_that_states_a_value_of_its_piece_is_still_that_value(text):
    assert not _rules("zh", [_u(text)]), _rules("zh", [_u(text)])


@pytest.mark.parametrize("text", ["Put it under my dad, Alan Whitby, 07911 555 482", "just put the booking under my husband",
                                  "put it under my name please"])
def test_whose_name_a_booking_goes_under_is_no_rule_where_to_leave_it(text):
    assert not _rules("en", [_a("Could I have the lead passenger's name and a mobile number?"), _u(text)])


@pytest.mark.parametrize("text", ["leave it under the mat", "leave it under my wheelie bin"])
def test_where_to_leave_a_parcel_is_still_a_rule(text):
    assert any(p == "must" for r, p, s in _rules("en", [_u(text)]))
