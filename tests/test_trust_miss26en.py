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
