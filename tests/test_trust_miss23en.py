"""miss23en: English values the user gives that the state missed (issue 19, blind22 round).

- A name typed right before its phone number with no comma ("Jo Pemberton 07812 334 900"): the
  statistical reader ran the name into the number's first group and the phone rule's longer match
  threw the whole name away; the name is now cut before the number and kept.
"""

from __future__ import annotations

import pytest

from ctxgraph import Tracker


def facts(lang: str, *messages: str) -> dict[str, str]:
    """The current facts (key -> value) after ``messages``; one starting "A:" is the assistant's."""
    t = Tracker(lang)
    for text in messages:
        role = "assistant" if text.startswith("A:") else "user"
        t.observe({"role": role, "content": text.removeprefix("A:")})
    return {f.key: f.value for f in t.state().facts if f.status == "current"}


@pytest.mark.parametrize(("messages", "name", "phone"), [
    (("thanks. contact me Jo Pemberton 07812 334 900",), "Jo Pemberton", "07812 334 900"),
    (("ok. Chloe Brennan 07723 918 406. oh and my fiance Jamie might collect",), "Chloe Brennan", "07723 918 406"),
])
def test_trust_miss23en_name_run_into_its_phone_number(messages, name, phone):
    got = facts("en", *messages)
    assert phone in got.values() and any(v == name or v.endswith(name) for v in got.values()), got


def test_trust_miss23en_place_before_a_district_code_keeps_its_end():
    got = facts("en", "german or spanish would be nice for the kids. we're in Didsbury, Manchester M20")
    assert not any(v == "Manchester" for v in got.values()), got


@pytest.mark.parametrize(("text", "key", "value"), [
    ("Thanks. I shall pay the balance by cheque on the day.", "payment", "cheque"),
    ("ok pay now by card. my daughter will sign for it", "payment", "card"),
    ("can the deposit be paid by card over the phone, I'm at work", "payment", "card over the phone"),
    ("we'd like to pay the invoice by bank transfer from the club account", "payment", "bank transfer"),
    ("Lovely. Could the certificate go by post? I don't use email.", "send_by", "by post"),
    ("and send the paperwork by post please", "send_by", "by post"),
])
def test_trust_miss23en_how_the_user_pays_or_wants_papers_sent(text, key, value):
    # the payment is the core pack's English role since user26 (the means step reads only the sending)
    got = facts("en", text)
    assert got.get(key) == value, got


@pytest.mark.parametrize("text", [
    "please do not send anything by post, I am away for a month",
    "dont send the forms by post, email only",
    "do I need to send the originals by post?",
    "I paid the plumber last week and he fixed it by hand",
])
def test_trust_miss23en_no_means_from_a_negated_or_needed_clause(text):
    got = facts("en", text)
    assert "send_by" not in got and "payment" not in got, got


@pytest.mark.parametrize(("text", "held"), [
    ("ok full days then. Hes got a milk allergy btw, not nuts", "milk allergy"),
    ("shes got eczema is that ok for the pool", "eczema"),
    ("no strong perfume please, some patients have asthma", "asthma"),
    ("we are 30 now, and 3 of the staff are nut allergic. is that a problem", "nut allergic"),
])
def test_trust_miss23en_conditions_of_people_in_chat_spelling_and_plural(text, held):
    got = facts("en", text)
    assert held in got.get("condition", ""), got


@pytest.mark.parametrize("text", [
    "some guests have cars so we need parking",
    "both kids have lessons on monday",
    "please no garlic in the sausage, my son is allergic",
])
def test_trust_miss23en_no_condition_from_light_plurals_or_a_bare_allergic(text):
    got = facts("en", text)
    assert not any(k.startswith("condition") and ("cars" in v or "lessons" in v or v.endswith("is allergic"))
                   for k, v in got.items()), got


@pytest.mark.parametrize(("text", "value"), [
    ("SE5 9QT, flat 8, 12 Camberwell Grove. its top floor and no lift", "top floor, no lift"),
    ("we're on the 4th floor btw. there's no lift so bring a trolley", "4th floor, there's no lift"),
    ("A flat, two bedrooms. It must be ground floor, my knees are bad.", "ground floor"),
])
def test_trust_miss23en_the_floor_and_the_lift(text, value):
    got = facts("en", text)
    assert value in got.values(), got


@pytest.mark.parametrize("text", [
    "anything but not the ground floor please",
    "the floor is tiled over concrete, is that an issue",
    "is there a lift at the venue?",
])
def test_trust_miss23en_no_access_from_a_negated_floor_or_a_question(text):
    got = facts("en", text)
    assert "access" not in got, got


def test_trust_miss23en_an_ordinal_floor_is_no_date():
    got = facts("en", "we're on the 4th floor btw. there's no lift so bring a trolley")
    assert "date" not in got, got


def test_trust_miss23en_the_floor_said_before_the_address_is_access_not_a_date():
    got = facts("en", "we're on the 3rd floor, 12 Mill Street, Halifax HX1 1AB. no lift sorry")
    assert "date" not in got and got.get("access") == "3rd floor, no lift", got


@pytest.mark.parametrize(("text", "name"), [
    ("megan hale, megan.h@outlook.com, im the best man's sister", "megan hale"),
    ("tom birch at birch & sons, tom@birchandsons.co.uk. could we start at 8", "tom birch"),
])
def test_trust_miss23en_a_lower_case_name_before_its_email(text, name):
    got = facts("en", text)
    assert got.get("person") == name or got.get("name") == name, got


def test_trust_miss23en_no_name_from_words_before_an_email_that_is_not_theirs():
    got = facts("en", "invoice later, accounts@kestrel.co.uk please")
    assert not any(k in ("person", "name") for k in got), got


@pytest.mark.parametrize(("text", "value"), [
    ("the large box then, and every other week please", "every other week"),
    ("general bin 2, recycling 1. every 3 weeks is enough for us", "every 3 weeks"),
    ("after the first session I'd like her to come twice a week", "twice a week"),
    ("my little one wakes about 4 times a night at the moment", "4 times a night"),
])
def test_trust_miss23en_how_often(text, value):
    got = facts("en", text)
    assert got.get("frequency") == value, got


@pytest.mark.parametrize("text", [
    "people walk their dogs past every day so no poison",
    "we don't need it twice a week, the garden is small",
    "is the monthly plan cheaper?",
])
def test_trust_miss23en_no_frequency_from_daily_life_a_negation_or_a_plan_name(text):
    got = facts("en", text)
    assert "frequency" not in got, got


def test_trust_miss23en_a_means_only_asked_about_gives_way_to_the_write_that_follows():
    t = Tracker("en")
    t.observe({"role": "user", "content": "one large margherita to 4 Elm Row. can i pay by card at the door?"})
    t.observe({"role": "assistant", "content": "Card at the door isn't available: you can pay now by card or pay the driver cash."})
    t.observe({"role": "user", "content": "cash then"})
    t.observe({"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function", "function": {
        "name": "place_order", "arguments": '{"items": ["margherita"], "address": "4 Elm Row", "payment": "cash"}'}}]})
    t.observe({"role": "tool", "tool_call_id": "c1", "content": '{"order_id": "PZ-1182", "status": "placed"}'})
    got = {f.key: f.value for f in t.state().facts if f.status == "current"}
    assert got.get("payment") == "cash", got
