"""Sessions saved as ``ctxgraph.session/1`` keep loading, with the same state.

``tests/data/session_v1_{zh,en}.json`` were written by the code of commit 6e50259 (before
the extraction refactor, the rule packs and ``TrackerConfig``) from the shipped examples,
with ``Tracker(lang=..., today="2024-11-30")``, ``observe_many(...)`` and ``t.to_json()``;
the English one has two turns more (the address corrected). ``*.state.json`` is
``t.state().to_json()`` of the same tracker. Together they hold a correction, constraints,
an open commitment, tool calls with their results and no catalogue; none of it depends on
the travel/booking rules (the same sessions made without ``booking.yml`` are equal).
Never regenerate these files with newer code: they stand for what users saved.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ctxgraph import StateError, Tracker

DATA = Path(__file__).resolve().parent / "data"
LANGS = ("zh", "en")


def _saved(lang: str) -> tuple[str, dict]:
    session = (DATA / f"session_v1_{lang}.json").read_text(encoding="utf-8")
    state = json.loads((DATA / f"session_v1_{lang}.state.json").read_text(encoding="utf-8"))
    return session, state


def _lasting(state: dict) -> dict:
    """The parts of a state that a code change must never alter for a saved session."""
    return {
        "turns": state["turns"],
        "goal": state["goal"] and state["goal"]["text"],
        "facts": [(f["key"], f["name"], f["value"], f["status"], f["turn"]) for f in state["facts"]],
        "constraints": [(c["text"], c["polarity"], c["status"], c["turn"]) for c in state["constraints"]],
        "commitments": [(c["text"], c["status"], c["due"], c["turn"]) for c in state["commitments"]],
        "actions": [(a["tool"], a["status"], a["ref"], a["turn"], a["arguments"], a["fields"]) for a in state["actions"]],
        "questions": [(q["text"], q["status"]) for q in state["questions"]],
    }


@pytest.mark.parametrize("lang", LANGS)
def test_session_compat_saved_session_loads_with_the_saved_state(lang):
    session, saved = _saved(lang)
    t = Tracker.from_json(session)
    now = json.loads(t.state().to_json())
    assert _lasting(now) == _lasting(saved)
    assert now["lang"] == saved["lang"] == lang


def test_session_compat_fixtures_hold_what_they_stand_for():
    zh, en = (_lasting(_saved(lang)[1]) for lang in LANGS)
    for state in (zh, en):
        assert any(status == "superseded" for *_, status, _turn in state["facts"])  # a correction
        assert state["constraints"] and state["commitments"] and state["actions"]
    assert ("budget", "预算", "6000", "current", 13) in zh["facts"]
    assert ("address", "address", "10 Downing Street, London", "current", 16) in en["facts"]
    for lang in LANGS:
        config = json.loads(_saved(lang)[0])["config"]
        assert config["catalog"] == [] and "packs" not in config  # saved before packs existed


@pytest.mark.parametrize("lang", LANGS)
def test_session_compat_loaded_session_round_trips_and_goes_on(lang):
    session, saved = _saved(lang)
    t = Tracker.from_json(session)
    again = Tracker.from_json(t.to_json())
    assert again.state() == t.state()
    assert json.loads(again.to_json())["config"]["lang"] == lang
    assert again.payload("r4")  # kept-aside tool payloads come back
    ctx = again.assemble("?", budget=400)
    assert ctx.tokens <= 400
    again.observe({"role": "user", "content": "ok" if lang == "en" else "好的"})
    assert again.state().turns == saved["turns"] + 1



@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"tokens_per_message": "three"}, "config.tokens_per_message"),
        ({"tokens_per_message": 0}, "config.tokens_per_message"),
        ({"state_share": 2}, "config.state_share"),
        ({"lang": "fr"}, "config.lang"),
        ({"today": "someday"}, "config.today"),
        ({"colour": "blue"}, "config.colour"),
    ],
)
def test_session_compat_malformed_saved_config_is_a_coded_state_error(change, where):
    session = json.loads(_saved("en")[0])
    session["config"].update(change)
    with pytest.raises(StateError, match=rf"^\[E050\] .*{where}"):
        Tracker.from_json(session)


def test_session_compat_config_that_is_no_mapping_is_a_state_error():
    session = json.loads(_saved("zh")[0])
    session["config"] = ["zh"]
    with pytest.raises(StateError, match=r"^\[E050\] .*config is not a mapping"):
        Tracker.from_json(session)


def test_session_compat_new_sessions_save_packs_in_the_same_mapping():
    old = json.loads(_saved("en")[0])["config"]
    new = json.loads(Tracker.from_json(_saved("en")[0]).to_json())["config"]
    assert new == {**old, "packs": [], "en_ner": "gated"}  # later options: their defaults
