"""The trained English pipeline: only its entity recogniser is loaded, and by default
(``en_ner="gated"``) it reads a user's message only when the message may name something the
rules do not find, and no other; ``en_ner="names"`` also reads the assistant's messages that
may, ``en_ner="always"`` every message (issue 19, speed)."""

from __future__ import annotations

import importlib.util

import pytest

from ctxgraph import ConfigError, Tracker
from ctxgraph._nlp import DEFAULT_EN_MODELS, english_doc, english_pipeline, may_hold_name, ner_when

TRAINED_EN = any(importlib.util.find_spec(name) for name in DEFAULT_EN_MODELS)
needs_trained_en = pytest.mark.skipif(not TRAINED_EN, reason="no trained English spaCy pipeline (ctxgraph[en])")


@needs_trained_en
def test_nlp_the_trained_pipeline_keeps_only_what_sets_entities():
    nlp, trained = english_pipeline(DEFAULT_EN_MODELS)
    assert trained and nlp.pipe_names == ["ner"]
    assert [e.text for e in nlp("Marcus Webb flew to Toronto").ents] == ["Marcus Webb", "Toronto"]


@pytest.mark.parametrize("text, lead, expected", [
    ("Yes please. I need 3 rooms for 2 nights, thanks!", False, False),   # no name: the rules read it
    ("Thank you very much, goodbye.", False, False),                       # a sentence's first word
    ("I need a train from Cambridge to Bishops Stortford.", False, True),  # names inside a sentence
    ("Marcus Webb", False, True),                                          # a short answer
    ("toronto please", False, True),                                       # short, whatever the case
    ("Allenbell is a 4 star guesthouse in the east.", False, False),
    ("Allenbell is a 4 star guesthouse in the east.", True, True),         # the assistant names it first
    ("I'm sure. I'll take it, that is all.", True, False),                 # stop words, capitalised or not
    ("", True, False),
])
def test_nlp_may_hold_name(text, lead, expected):
    assert may_hold_name(text, lead=lead) is expected


def test_nlp_ner_when_by_role():
    assert [ner_when("gated", r) for r in ("user", "assistant", "tool")] == ["names_inside", "never", "never"]
    assert [ner_when("names", r) for r in ("user", "assistant", "tool")] == ["names_inside", "names", "names"]
    assert {ner_when("always", r) for r in ("user", "assistant")} == {"always"}


@needs_trained_en
def test_nlp_a_gated_doc_is_tokens_only_when_nothing_may_be_a_name():
    text = "Allenbell is a 4 star guesthouse in the east."
    assert english_doc(text, DEFAULT_EN_MODELS, "names_inside").ents == ()
    assert english_doc(text, DEFAULT_EN_MODELS, "never").ents == ()
    assert "Allenbell" in [e.text for e in english_doc(text, DEFAULT_EN_MODELS, "names").ents]
    assert "Allenbell" in [e.text for e in english_doc(text, DEFAULT_EN_MODELS, "always").ents]


@needs_trained_en
@pytest.mark.parametrize("en_ner, entities", [
    # gated: a user's sentence-first word is not read ("Cambridge would ..."), a name inside one
    # is ("Thanks, Marcus Webb ..."), the assistant's message is not; names: the assistant's
    # first word is ("Allenbell is ...")
    ("gated", {"Marcus Webb"}),
    ("names", {"Marcus Webb", "Allenbell"}),
    ("always", {"Cambridge", "Marcus Webb", "Allenbell"}),
])
def test_tracker_en_ner_says_which_messages_the_ner_reads(en_ner, entities):
    t = Tracker("en", en_ner=en_ner)
    t.observe({"role": "user", "content": "Cambridge would be great for the meeting."})
    t.observe({"role": "user", "content": "Thanks, Marcus Webb will pay by card."})
    t.observe({"role": "assistant", "content": "Allenbell is a guesthouse close to the airport, shall I book it?"})
    assert {e.text for e in t.state().entities} == entities
    assert Tracker.from_json(t.to_json()).config.en_ner == en_ner


def test_tracker_en_ner_is_checked():
    with pytest.raises(ConfigError, match=r"^\[E066\] Invalid Tracker option en_ner='never'"):
        Tracker("en", en_ner="never")
