"""The speed benchmark's rows: which pipeline each is, which one Tracker uses by default, and
the load cost measured in a fresh process (shapes only; no timing is asserted)."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from ctxgraph.bench._speed import default_en_models, default_en_ner, observe_latency


def test_the_default_english_pipeline_is_what_tracker_uses():
    assert tuple(Tracker("en").config["en_models"]) == default_en_models()


def test_the_default_english_ner_is_what_tracker_uses():
    assert Tracker("en").config.en_ner == default_en_ner() == "gated"


@pytest.mark.parametrize("lang, trained, en_ner", [("zh", True, None), ("en", False, None), ("en", True, None),
                                                   ("en", True, "always")])
def test_a_row_says_its_pipeline_and_whether_it_is_the_default(lang, trained, en_ner):
    row = observe_latency(lang, 5, trained=trained, en_ner=en_ner, assembles=2, load=False, progress=False)
    assert row["name"] == {"jieba": "Chinese", "blank": "rules-English", "trained": "trained-English",
                           "trained-always": "trained-English, NER always"}[row["pipeline"]]
    assert row["default"] is (lang == "zh" or trained and en_ner is None)
    assert row["assemble_n"] == 2 and row["assemble_p95_ms"] >= row["assemble_median_ms"] > 0
    assert "load_ms" not in row


@pytest.mark.slow
def test_load_cost_is_measured_in_a_fresh_process(speed_quick):
    # the rules path (a blank spaCy pipeline): its row of the shared quick run holds what
    # load_cost("en", ()) measured in its fresh process (one probe fewer to start here)
    report, _ = speed_quick
    (cost,) = [r for r in report["results"] if r["pipeline"] == "blank"]
    assert cost["pipeline_load_ms"] > 0 and isinstance(cost["pipeline_rss_mib"], float)
    assert cost["load_ms"] >= cost["pipeline_load_ms"]
    if cost["tagger"]:
        assert cost["tagger_load_ms"] > 0 and cost["load_ms"] == pytest.approx(
            cost["pipeline_load_ms"] + cost["tagger_load_ms"])
    else:
        assert cost["tagger_load_ms"] is None and cost["tagger_rss_mib"] is None
