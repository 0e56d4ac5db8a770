"""`ctxgraph bench serve` (issue 13): the harness runs end to end (three real processes) and reports."""

from __future__ import annotations

import pytest

from ctxgraph.bench._cli import format_report
from ctxgraph.bench._serve_bench import _percentile, _user_message, run_serve


def test_the_conversations_carry_facts_and_percentiles_are_of_the_values():
    assert "$203" in _user_message(3, 0) and "FedEx" in _user_message(3, 0)
    assert "A3-2" in _user_message(3, 2)
    assert _percentile([5.0, 1.0, 3.0], 0.5) == 3.0 and _percentile([5.0, 1.0, 3.0], 0.95) == 5.0


@pytest.mark.slow
def test_a_quick_run_has_no_errors_and_a_complete_report():
    report = run_serve(quick=True, workers=1, delay=0.05)
    assert report["errors"] == 0, report["error_examples"]
    assert report["requests"] == report["sessions"] * report["turns"] == 50 and len(report["runs"]) == 1
    assert 0 < report["added_ms_p50"] <= report["added_ms_p95"]
    assert report["sent_tokens_mean"] > 0
    text = format_report(report)
    assert "requests/s" in text and "added p95 ms" in text and "gateway CPU ms/request" in text
