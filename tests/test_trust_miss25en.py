"""miss25en: English values the user gives that the state missed (issue 19, blind23 round).

- A day answering the assistant's when-question about another event than the booking ("When do you fly?", "When does
  the lease end?", "do you know when completion is?"): the day was the plain ``date`` and the booked day replaced it;
  it is now that event's day and the booked day stands beside it.
- A name that opens the reply to "name and phone?" written with accents ("Tomasz Wójcik 07555 …"), or whose surname
  alone the NER read ("Mehmet Yilmaz 07700 …" as "Yilmaz"), or said beside a relation's name ("my brother Emre"):
  the opening-name reader took capitalised ASCII words only and stood down for any person the NER found.
- A slot picked from a list the assistant closes by suggesting one of its options again ("we have 10:30am or 2pm. So
  10:30am?" - "10.30 is fine"; "15号那场还有位，22号那场满了。建议15号那场。" - "那就15号的"): the option said twice made the list
  one that could not be told apart, so no pick was read (both languages).
- A count of one said next in a list of counts ("three vegans, one coeliac", "4 desk chairs and 1 stool"): the counts
  step read a number with a plural noun only, so the one was lost (English: Chinese counts take a measure word and
  are read by the roles step).
- How the user pays, asked as leave at the end of the message ("Jo Pike. pay on pickup ok?", "card on the day ok?"):
  the payment role read "pay by card" and a bare "card please", not a way to pay said with when it is paid.
- An English deadline: "before" and a day or clock after a deed that must be done ("it has to be back before the
  20th march", "need it finished before 8am", "has to be up before christmas") is a ``deadline`` fact, as the Chinese
  deadlines step reads "12号之前必须到"; a later "anything before the 28th works now" moves it. The day was a plain
  date the booked day replaced, or lost.
"""

from __future__ import annotations

import pytest

from ctxgraph import Tracker

from tests.test_trust_miss23en import facts  # the current facts (key -> value) after messages


@pytest.mark.parametrize(("messages", "event", "day", "booked"), [
    (("we need jabs for a trip to Peru", "A:Of course. When do you fly?", "fly 14 march. just the two of us",
      "A:We have Tuesday 3 February at 10am or Thursday 5 February at 4pm.", "thursday 5 february please"),
     "fly", "14 march", "5 february"),
    (("I need an end of lease clean for my flat", "A:No problem. When does the lease end?",
      "28th july. keys go back that afternoon", "A:We can clean on Monday 26th July or Tuesday 27th July.",
      "the 26th july works"), "lease end", "28th july", "26th july"),
    (("need a removal van for my mum's house", "A:Sorry to hear. Do you know when completion is?",
      "completion is 9 october so it needs doing before that", "A:We have Friday 2 October.", "ok 2 october then"),
     "completion", "9 october", "2 october"),
])
def test_trust_miss25en_day_answering_when_another_event_is(messages, event, day, booked):
    got = facts("en", *messages)
    assert got.get(event) == day and any(booked in v for k, v in got.items() if k != event), got


@pytest.mark.parametrize("messages", [
    ("A:When would suit you?", "14 march please"),
    ("A:When do you need them?", "by 14 march please"),
    ("A:When are you free?", "14 march"),
])
def test_trust_miss25en_booking_when_questions_keep_the_date(messages):
    got = facts("en", *messages)
    assert "14 march" in " ".join(got.values()) and not any(k not in ("date", "deadline") and "14 march" in v
                                                             for k, v in got.items()), got


def test_trust_miss25en_event_the_service_provides_is_the_booking():
    t = Tracker("en")
    t.observe_many([{"role": "system", "content": "You are the assistant of Jolly Parties, a children's party venue."},
                    {"role": "assistant", "content": "Happy to help! When is the party?"},
                    {"role": "user", "content": "14 march. about 20 kids"}])
    got = {f.key: f.value for f in t.state().facts if f.status == "current"}
    assert got.get("date") == "14 march", got


@pytest.mark.parametrize(("reply", "name"), [
    ("Tomasz Wójcik 07555 902 441. actually forget the second socket", "Tomasz Wójcik"),
    ("Mehmet Yilmaz 07700 918 442. my brother Emre will be there not me, call him 07700 918 550", "Mehmet Yilmaz"),
])
def test_trust_miss25en_opening_name_with_accents_or_read_in_part(reply, name):
    got = facts("en", "A:Can I take a name and phone number?", reply)
    assert got.get("name") == name, got


@pytest.mark.parametrize("reply", ["Yes Please, 07700 900 789", "Thanks Very Much, 07700 900 789"])
def test_trust_miss25en_no_opening_name_from_common_words(reply):
    got = facts("en", "A:Can I take a name and phone number?", reply)
    assert "name" not in got, got


@pytest.mark.parametrize(("lang", "messages", "said"), [
    ("en", ("A:On Friday 6 March we have 10:30am (room for 10) or 2pm (only 3 places). So 10:30am?",
            "10.30 is fine. add drinks for everyone pls"), "10.30"),
    ("en", ("A:Tuesday at 9am or Thursday at 4pm. I'd go for Thursday at 4pm, it's quieter.", "thursday then"), "thursday"),
    ("zh", ("A:15号那场还有位，22号那场只剩2个位。你们6个人的话只能15号那场。", "那就15号的"), "15号"),
])
def test_trust_miss25en_pick_from_a_list_closed_by_the_suggested_option(lang, messages, said):
    got = facts(lang, *messages)
    assert any(said in v.casefold() and k in ("slot", "时段", "date", "day", "日期") for k, v in got.items()), got


@pytest.mark.parametrize(("lang", "messages"), [
    ("en", ("A:Friday at 9am works? Friday at 9am it is then.", "hmm let me think")),
    ("zh", ("A:15号那场还有位。15号那场可以吗？", "我再想想")),
])
def test_trust_miss25en_one_slot_said_twice_is_no_list(lang, messages):
    got = facts(lang, *messages)
    assert not any(k in ("slot", "时段") for k in got), got


@pytest.mark.parametrize(("text", "key", "value"), [
    ("three vegans, one coeliac, and please nothing with mushrooms", "count_coeliac", "one coeliac"),
    ("we've got 3 peanut allergies and one coeliac, so no nuts at all", "count_coeliac", "one coeliac"),
    ("ok go with that. so 4 desk chairs and 1 stool", "count_stool", "1 stool"),
])
def test_trust_miss25en_count_of_one_next_in_a_list(text, key, value):
    got = facts("en", text)
    assert got.get(key) == value, got


@pytest.mark.parametrize("text", ["2 bags and one more please", "3 boxes, one of them is fragile",
                                  "two adults and one big dog", "I need one coeliac meal"])
def test_trust_miss25en_no_count_of_one_outside_a_list(text):
    got = facts("en", text)
    assert not any(k.startswith("count_") and v.split()[0].casefold() in ("one", "1") for k, v in got.items()), got


@pytest.mark.parametrize(("text", "value"), [
    ("Jo Pike. pay on pickup ok?", "pay on pickup"),
    ("lovely thanks. card on the day ok?", "card on the day"),
    ("great. paying cash on collection?", "paying cash on collection"),
])
def test_trust_miss25en_way_to_pay_asked_as_leave(text, value):
    got = facts("en", text)
    assert got.get("payment") == value, got


# (miss28en) "card on the day ok? also the gate code is 4471" moved out: leave asked at its sentence's end is the payment
# too when more is said after it (blind22's "card on the day ok? oh and ..."; test_trust_miss28en.py)
@pytest.mark.parametrize("text", ["on the day ok?", "can you deliver on the day?", "yes place it. pay cash on delivery ok?"])
def test_trust_miss25en_no_way_to_pay_without_one_or_mid_message(text):
    got = facts("en", text)
    assert "payment" not in got, got


@pytest.mark.parametrize(("text", "value"), [
    ("i cant be without it for the wedding so it has to be back before the 20th march", "before the 20th march"),
    ("need it finished before 8am, the shop opens at 9", "before 8am"),
    ("it has to be up before christmas, family are coming", "before christmas"),
    ("we close early so he has to be here before 4, after that nobody's in", "before 4"),
])
def test_trust_miss25en_english_deadline(text, value):
    got = facts("en", text)
    assert got.get("deadline") == value, got


def test_trust_miss25en_english_deadline_restated_moves():
    got = facts("en", "the photos have to be done before May 20, my parents fly home then",
                "A:Noted. We have the 13th or the 18th.", "my parents stayed longer, so anything before May 29 works now")
    assert got.get("deadline") == "before May 29", got


@pytest.mark.parametrize("text", ["we can't have it done before 10, the baby sleeps", "I'm out before 9 most days",
                                  "does it have to be done before the 20th?", "anything before the 28th works"])
def test_trust_miss25en_no_english_deadline(text):
    got = facts("en", text)
    assert "deadline" not in got, got
