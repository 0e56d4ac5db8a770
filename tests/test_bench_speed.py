"""The speed benchmark's rows: which pipeline each is, which one Tracker uses by default, and
the load cost measured in a fresh process (shapes only; no timing is asserted)."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from ctxgraph.bench._speed import default_en_models, load_cost, observe_latency


def test_the_default_english_pipeline_is_what_tracker_uses():
    assert tuple(Tracker("en").config["en_models"]) == default_en_models()


@pytest.mark.parametrize("lang, trained", [("zh", True), ("en", False), ("en", True)])
def test_a_row_says_its_pipeline_and_whether_it_is_the_default(lang, trained):
    row = observe_latency(lang, 5, trained=trained, assembles=2, load=False, progress=False)
    assert row["name"] == {"jieba": "Chinese", "blank": "rules-English", "trained": "trained-English"}[row["pipeline"]]
    assert row["default"] is (lang == "zh" or trained)
    assert row["assemble_n"] == 2 and row["assemble_p95_ms"] >= row["assemble_median_ms"] > 0
    assert "load_ms" not in row


def test_load_cost_is_measured_in_a_fresh_process():
    cost = load_cost("en", ())  # the rules path: a blank spaCy pipeline
    assert cost["pipeline_load_ms"] > 0 and isinstance(cost["pipeline_rss_mib"], float)
    assert cost["load_ms"] >= cost["pipeline_load_ms"]
    if cost["tagger"]:
        assert cost["tagger_load_ms"] > 0 and cost["load_ms"] == pytest.approx(
            cost["pipeline_load_ms"] + cost["tagger_load_ms"])
    else:
        assert cost["tagger_load_ms"] is None and cost["tagger_rss_mib"] is None
