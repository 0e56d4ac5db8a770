"""miss24en: English values the user gives that the state missed (issue 19, blind22 round).

- The plain option of a list taken as "the normal one" / "just the basic one": the list names it by no word the user
  says (a price "or" a priority visit; "Full Check" beside "Full Check plus drone survey"), so no alternative was
  picked; the user's words are now the choice, and they replace an earlier pick of the same list.
- A name said as what the relation is ("her mum is Hannah 07831 …"): the kin step read a name only right after the
  noun or after "called"; capitalised words after "is" that the NER reads as a person, or that end the clause or stand
  before a number, are now the name.
"""

from __future__ import annotations

import pytest

from tests.test_trust_miss23en import facts  # the current facts (key -> value) after messages


@pytest.mark.parametrize(("messages", "value"), [
    (("A:A re-check costs £60 and takes 3 weeks, or £95 for a fast-track one within 5 days.",
      "A:I've found your account.", "yes. the normal one, 60 is plenty"), "normal one"),
    (("A:Booked: premium wash with wax at 10am, £40. Or the plain wash at £25.",
      "actually scrap the wax. just the basic one."), "basic one"),
])
def test_trust_miss24en_plain_option_taken_as_the_normal_one(messages, value):
    got = facts("en", *messages)
    assert value in got.values(), got


def test_trust_miss24en_plain_one_replaces_the_earlier_pick():
    got = facts("en", "A:You can have the Full Check at £300, or the Full Check plus drone survey at £450. Which would you like?",
                "the drone one please", "A:Booked: Full Check plus drone survey, £450.",
                "hmm actually changed my mind on the drone. just the standard one.")
    assert "standard one" in got.values() and not any("drone" in v for v in got.values()), got


@pytest.mark.parametrize("messages", [
    ("A:We have a large van or a small van.", "is the normal one cheaper?"),
    ("A:We have a large van or a small van.", "the old one broke down near the normal one"),
    ("my normal one is broken, the screen cracked",),
])
def test_trust_miss24en_no_plain_pick_from_a_question_or_without_a_list(messages):
    got = facts("en", *messages)
    assert not any(k.startswith("choice") or v == "normal one" for k, v in got.items()), got


@pytest.mark.parametrize(("text", "key", "name"), [
    ("my friends boy is joining the class too. his dad is Marcus 07700 900 123", "person_dad", "Marcus"),
    ("ok. my partner is Lena Fischer, she can collect the keys", "person_partner", "Lena Fischer"),
])
def test_trust_miss24en_name_said_as_what_the_relation_is(text, key, name):
    got = facts("en", text)
    assert name in got.get(key, ""), got

