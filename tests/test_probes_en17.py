"""en17's probe set (``tests/data/probes_en17.yml``, written before the rule): an English count the user says with its
own noun ("60 chairs", "two frames please", "roughly 400 visitors expected", "2 places then") kept as a fact, and its
negatives (a count asked about, a count the assistant offers and the user declines, a phone number, a price, a time ago,
a count ruled out). Each scored the way ``ctxgraph bench cs`` scores a chat.

``python -m tests.probe_sets tests/data/probes_en17.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("en17")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {}


def test_probes_en17_load():
    assert len(PROBES) >= 8 and {conv.lang for _, conv in PROBES} == {"en"}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_en17_probe_reads_the_value(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])


def _counts(messages: list[tuple[str, str]]) -> dict[str, str]:
    t = Tracker("en", today="2026-03-09")
    t.observe_many([{"role": role, "content": text} for role, text in messages])
    return {f.key: f.value for f in t.state().facts if f.status == "current" and f.key.startswith("count_")}


@pytest.mark.parametrize(("said", "held"), [
    ("ok 2 bags then", {"count_bags": "2 bags"}),
    ("Could I have two frames, please", {"count_frames": "two frames"}),
    ("roughly 1,500 visitors expected", {"count_visitors": "1,500 visitors"}),
    ("ok 3 pages... sorry 4 pages", {"count_pages": "4 pages"}),  # the later count corrects it
    ("the transcript is 3 pages... sorry 4 pages", {}),  # the transcript's own fact keeps the count
    ("ring me on 07700 900 318, it was £45 packets", {}),
    ("the frame came 3 weeks ago and I swapped two digits", {}),
    ("has to be after 3 hes at school", {}),
    ("please not 2 frames this time", {}),
])
def test_counts_reads_a_count_with_its_own_noun(said, held):
    assert _counts([("user", said)]) == held


def test_counts_a_bare_change_keeps_the_noun_and_a_count_of_another_noun_leaves_it():
    said = [("user", "we'll need 20 medium boxes delivered"), ("assistant", "That's $70 for 20."),
            ("user", "make it 30 actually")]
    assert _counts(said) == {"count_boxes": "30 medium boxes"}
    said = [("user", "around 60 guests"), ("user", "and 8 round tables please"), ("assistant", "Noted."),
            ("user", "can you make it 62 chairs?")]
    assert _counts(said).get("count_tables") == "8 round tables"
