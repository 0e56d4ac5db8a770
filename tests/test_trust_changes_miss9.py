"""Changes the user makes to a value the tool or the assistant set from their choice, and "X now" (miss9).

The user picks "half 1" and the booking's call holds 13:30; "can he do 11 instead" moves that clock (it was
left as it was: the changes step moved only values the user's own words had made). "its 14 now" closing a
clause changes the count the way "14 instead" does. Both languages for the first; the mark is English."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from tests.test_graph import bot, call, result, user


def current(*messages, lang: str) -> dict[str, str]:
    t = Tracker(lang)
    t.observe_many(list(messages))
    return {f.key: f.value for f in t.state().facts if f.status == "current"}


@pytest.mark.parametrize(("lang", "messages", "key", "new", "old"), [
    ("en", [bot("We can come at 11:00 or 13:30 today."), user("half 1"),
            call("c1", "book_fitting", {"time": "13:30"}), result("c1", {"job": "SPK-1"}),
            bot("Booked for 13:30."), user("oh wait can he do 11 instead, wife needs the car")], "time", "11", "13:30"),
    ("zh", [bot("周六有上午10点和下午3点。"), user("下午那个"),
            call("c1", "book", {"time": "15:00"}), result("c1", {"ref": "A-1"}),
            bot("已约周六15:00。"), user("能改成4点吗")], "time", "4点", "15:00"),
])
def test_trust_changes_a_change_moves_the_value_the_call_set(lang, messages, key, new, old):
    got = current(*messages, lang=lang)
    assert new in got.get(key, "") and old not in got.get(key, ""), got


def test_trust_changes_a_count_now_closing_the_clause_changes_the_count():
    got = current(user("cocktail class for a hen do, about 12 of us"), bot("Lovely, 12 it is."),
                  user("and its 14 now, 2 more cousins said yes"), lang="en")
    assert got.get("people") == "14", got


@pytest.mark.parametrize("text", ["I need 2 now and 2 more in march", "can we do it now?"])
def test_trust_changes_now_inside_a_clause_changes_nothing(text):
    got = current(user("we're 6 people"), bot("Six, noted."), user(text), lang="en")
    assert got.get("people") == "6 people", got
