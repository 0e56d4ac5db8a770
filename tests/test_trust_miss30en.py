"""miss30en (issue 19, blind28 round): English values the user gives that the state missed, shapes seen in four
open groups or more.

Short chats of our own, one shape each; every positive case failed on the code before its rule.
"""

from __future__ import annotations

import pytest

from tests.test_trust_miss26en import _current  # replay (assistant first, then turns in alternation): key -> value


def _properties(chat: list[str]) -> list[str]:
    return [v for k, v in _current(chat).items() if k.startswith("property")]


# --- the kind of home the user says the job is for -------------------------------------------------------------
# "it's a Victorian terrace in Brockley", "1930s semi.", "moving fae a 2 bed flat", "its an old granite cottage":
# said in passing, in the opening or as an answer, and read by no rule (or read as an address a later address
# replaced). English only: the Chinese lane reads its own shapes.

@pytest.mark.parametrize("chat, wanted", [
    (["How can we help?", "hi, we're buying an edwardian terrace and the survey flagged woodworm in the loft"],
     "edwardian terrace"),
    (["Can I take a name?", "Dave Morris. 1950s semi. ring after 5 pls, I'm on site"], "1950s semi"),
    (["Where are you moving?", "from a three bed flat in Leith to my mum's in Perth, end of May"], "three bed flat"),
    (["What kind of property is it?", "a stone cottage, quite damp in the back bedroom"], "stone cottage"),
    (["Hello!", "hi my dad wants a stairlift fitted in his bungalow, he's 82"], "bungalow"),
    (["Hi there", "I let a one-bedroom flat in Bath and need the gas safety check done"], "one-bedroom flat"),
])
def test_miss30en_the_kind_of_home_is_kept(chat, wanted):
    assert _properties(chat) == [wanted], _current(chat)


def test_miss30en_the_kind_of_home_stays_when_the_address_follows():
    """Read as an address first, the kind was replaced by the address the user gave next."""
    chat = ["Is it a house or a flat?", "its an old brick bungalow, the gutters leak at the back",
            "What's the address?", "Rose Lodge, 4 Mill Lane, Ely CB7 4AA"]
    assert _properties(chat) == ["old brick bungalow"], _current(chat)


@pytest.mark.parametrize("chat", [
    ["How can we help?", "the flat roof on the extension leaks when it rains"],
    ["Address please?", "Flat 3, 12 High Street, Leeds LS1 2AB"],
    ["Address please?", "Ivy Cottage, Mill Lane, Ledbury HR8 1AB"],
    ["Where is it?", "holly cottage, back lane, upper slaughter GL54 2JF"],
    ["Anything else?", "my old flat was on the top floor, so a lift would be nice this time"],
    ["Where should the charger go?", "on the wall of the detached garage please"],
    ["Anything else?", "we're away for the semi final on saturday so not then"],
    ["What sort of house?", "It is a three-bedroom house but we are only moving the piano"],
    ["What sort of house?", "it's not a bungalow, it's got stairs"],
])
def test_miss30en_no_kind_of_home_where_none_is_said(chat):
    assert _properties(chat) == [], _current(chat)
