"""miss26en (issue 19, blind24 round): English values the user gives that the state missed.

Short chats of our own, one shape each; every case failed on the code before its rule.
"""

from __future__ import annotations

import pytest

from ctxgraph import Tracker


def _current(chat: list[str], lang: str = "en") -> dict[str, str]:
    """Replay ``chat`` (assistant first, then turns in alternation) and return the current facts, key -> value."""
    t = Tracker(lang)
    for i, text in enumerate(chat):
        t.observe({"role": "assistant" if i % 2 == 0 else "user", "content": text})
    return {f.key: f.value for f in t.state().facts if f.status == "current"}


def _values(chat: list[str], lang: str = "en") -> list[str]:
    return list(_current(chat, lang).values())


# --- every address of one message is current, each under its own role ---------------------------------------

@pytest.mark.parametrize("chat, wanted", [
    (["Where do we collect and deliver?",
      "Pick up from Unit 9, Harbour Trading Estate, Bude EX23 8LG please. Drop off at 14 Seaview Road, Padstow PL28 8BX."],
     ["Unit 9, Harbour Trading Estate, Bude EX23 8LG", "14 Seaview Road, Padstow PL28 8BX"]),
    (["What's the old address and the new one?",
      "Old address is 3 Mill Lane, Kendal LA9 4QT. New one is Flat 2, Beech Court, Penrith CA11 7RS."],
     ["3 Mill Lane, Kendal LA9 4QT", "Flat 2, Beech Court, Penrith CA11 7RS"]),
    (["Which properties need the check?",
      "The shop at 21 Castle Street, Ludlow SY8 1AS and the cottage at 5 Brook Lane, Tenbury WR15 8EH."],
     ["21 Castle Street, Ludlow SY8 1AS", "5 Brook Lane, Tenbury WR15 8EH"]),
])
def test_miss26en_every_address_of_a_message(chat, wanted):
    values = _values(chat)
    for w in wanted:
        assert any(w in v for v in values), (w, values)


def test_miss26en_address_roles_are_keys():
    facts = _current(["Where from and to?",
                      "Collect from 4 Station Road, Ely CB7 4BS and deliver to 18 Queens Road, Bath BA1 2HP."])
    assert facts.get("address_from") == "4 Station Road, Ely CB7 4BS"
    assert facts.get("address") == "18 Queens Road, Bath BA1 2HP"


@pytest.mark.parametrize("chat, gone", [
    # a correction: the second address replaces the first, which is no longer current
    (["Where to?", "Send it to 9 Fern Road, Hull HU5 2AB. Actually no, 12 Oak Lane, Hull HU6 3CD."], "9 Fern Road"),
    (["Where to?", "Post it to 7 Elm Close, York YO1 7HH, sorry I mean 8 Elm Close, York YO1 7HH."], "7 Elm Close"),
])
def test_miss26en_a_corrected_address_stays_replaced(chat, gone):
    values = _values(chat)
    assert not any(gone in v for v in values), values


# --- a second email or phone in one message is another person's, keyed by them -------------------------------

@pytest.mark.parametrize("chat, own, key, value", [
    (["Email for the report?",
      "nina.hale@gmail.com. copy in his tutor tho, Mr Okafor, j.okafor@westbrook.sch.uk"],
     "nina.hale@gmail.com", "email_mr_okafor", "j.okafor@westbrook.sch.uk"),
    (["Contact number?",
      "Dev Patel 07700 900 311. my cousin Ravi will meet the driver not me, ring him on 07700 900 644"],
     "07700 900 311", "phone_ravi", "07700 900 644"),
    (["Who gets the receipts?", "me, Lena Fox, lena@foxbakes.co.uk. cc Marta, marta@foxbakes.co.uk"],
     "lena@foxbakes.co.uk", None, "marta@foxbakes.co.uk"),
])
def test_miss26en_second_contact_of_another_person(chat, own, key, value):
    facts = _current(chat)
    assert value in facts.values() and own in facts.values(), facts  # the user's own stays beside it
    if key:
        assert facts.get(key) == value, facts


@pytest.mark.parametrize("chat, gone", [
    # a contact ruled out, and one corrected, stays out
    (["Where do I send the invoice?", "send it to accounts@brightco.co.uk not my personal sam.b@gmail.com"], "sam.b@gmail.com"),
    (["Best number?", "07700 900 101, sorry no, 07700 900 202 is the right one"], "07700 900 101"),
])
def test_miss26en_a_ruled_out_or_corrected_contact_stays_out(chat, gone):
    assert gone not in _values(chat)


# --- a pick by comparison keeps the user's words beside the option -------------------------------------------

@pytest.mark.parametrize("offer, reply, said, option", [
    ("Standard delivery is £9 in 3-5 days, Express is £19 next day, or Timed is £29 before noon.",
     "cheapest one. no rush at all", "cheapest one", "Standard delivery"),
    ("A basic clean is £60 or a deep clean is £110. Which would you like?",
     "the pricier one please", "pricier one", "deep clean"),
    ("We can do the 9am class or the 6pm class.", "the later one please", "later one", "6pm class"),
])
def test_miss26en_comparison_pick_keeps_the_words(offer, reply, said, option):
    values = _values([offer, reply])
    assert any(said in v and option in v for v in values), values


# --- a request not to do a thing corrects no part of a value -------------------------------------------------

@pytest.mark.parametrize("chat, kept", [
    (["Where's the course?", "at Unit 2, Riverside Business Park, Leeds LS10 1AB", "Noted.",
      "great. can the trainer not park in the yard, use the visitor bays"], "Unit 2, Riverside Business Park, Leeds LS10 1AB"),
    (["Address?", "It's 4 Park Green, Hexham NE46 1AB", "Thanks.",
      "and can you not park on the grass, it's just been seeded"], "4 Park Green, Hexham NE46 1AB"),
])
def test_miss26en_asked_not_to_corrects_nothing(chat, kept):
    t = Tracker("en")
    for i, text in enumerate(chat):
        t.observe({"role": "assistant" if i % 2 == 0 else "user", "content": text})
    assert kept in [f.value for f in t.state().facts if f.status == "current"]


def test_miss26en_a_part_corrected_still_changes():
    chat = ["Address?", "It's 14 Elm Road, Flat 3", "Thanks.", "Sorry, flat 5, not 3."]
    assert "14 Elm Road, Flat 5" in _values(chat)


# --- a person named by their role keeps it in the key, and outlives the next person named ----------------------

@pytest.mark.parametrize("chat, key, value", [
    (["Who will meet the engineer?", "Our caretaker Dennis Holt, 07700 900 812. He has the boiler key.",
      "Thanks. And the invoice?", "Addressed to me, Joan Pike."], "person_caretaker", "Dennis Holt"),
    (["Who approves the design?", "my business partner Kwame has the final say", "Noted. Your name?", "Lucy Grant"],
     "person_business_partner", "Kwame"),
    (["Who do we bill?", "our bursar, Mrs Helen Cobb, at the school office"], "person_bursar", "Mrs Helen Cobb"),
])
def test_miss26en_named_role_is_its_own_person(chat, key, value):
    facts = _current(chat)
    assert value in facts.get(key, ""), facts


@pytest.mark.parametrize("chat, key", [
    (["How do you send money home?", "my brother uses Wise for it"], "person_brother_uses"),
    (["Where from?", "from my workshop in Ludlow to Glasgow"], "person_workshop_in"),
    (["Which town?", "My daughter says Stockton is nicer"], "person_daughter_says"),
])
def test_miss26en_no_role_of_a_verb_or_a_place(chat, key):
    assert key not in _current(chat)
