"""``ctxgraph bench`` end to end on tiny data files given with --data (no shared data needed)."""

from __future__ import annotations

import json

import pytest

from ctxgraph.cli import main

from test_bench_data import CROSSWOZ, LOCOMO, MULTIWOZ, _write_json, _write_zip


def run(capsys, *argv) -> list[dict]:
    assert main(["bench", *argv, "--format", "json"]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.strip()]


@pytest.mark.parametrize(("dataset", "data", "budgets"), [
    pytest.param("crosswoz", CROSSWOZ, ["64", "128"], id="crosswoz"),
    pytest.param("multiwoz", MULTIWOZ, ["64"], id="multiwoz"),
])
def test_bench_cli_state_recall_on_a_given_file(capsys, tmp_path, dataset, data, budgets):
    path = _write_zip(tmp_path / "val.json.zip", "val.json", data)
    (report,) = run(capsys, dataset, "--data", str(path), *[x for b in budgets for x in ("--budget", b)])
    assert report["dataset"] == dataset and report["n"] == len(data) and report["catalog"] is False
    methods = {(r["method"], r["budget"]) for r in report["results"]}
    assert methods == {(m, int(b)) for m in ("ctxgraph", "recency", "bm25") for b in budgets} | {("full", None)}
    for r in report["results"]:
        assert 0.0 <= r["recall"] <= 1.0 and r["tokens_mean"] > 0
        if r["budget"] is not None:
            assert r["tokens_max"] <= r["budget"]
    assert report["machine"]["cores"] >= 1 and report["machine"]["python"]


def test_bench_cli_locomo_on_a_given_file(capsys, tmp_path):
    path = _write_json(tmp_path / "conv.json", LOCOMO)
    (report,) = run(capsys, "locomo", "--data", str(path), "--budget", "60")
    full = next(r for r in report["results"] if r["method"] == "full")
    assert full["recall"] == 1.0  # the whole history holds every evidence turn
    assert {r["method"] for r in report["results"]} == {"ctxgraph", "recency", "bm25", "full"}


def test_bench_cli_scenarios_report_pass_rate_per_language(capsys):
    (report,) = run(capsys, "scenarios")
    assert {r["lang"] for r in report["results"]} == {"zh", "en"}
    for r in report["results"]:
        assert r["passed"] == r["n"] and r["recall"] == 1.0, r["failures"]


@pytest.mark.slow
def test_bench_cli_speed_harness_runs(capsys):
    """The speed benchmark's harness (short runs); its figures are never asserted."""
    (report,) = run(capsys, "speed", "--quick")
    assert {r["lang"] for r in report["results"]} == {"zh", "en"}
    assert [g["turns"] for g in report["growth"]] == [10, 100]
    assert all(r["median_ms"] > 0 for r in report["results"])


def test_bench_cli_text_format(capsys, tmp_path):
    path = _write_zip(tmp_path / "val.json.zip", "val.json", MULTIWOZ)
    assert main(["bench", "multiwoz", "--data", str(path), "--budget", "64"]) == 0
    out = capsys.readouterr().out
    assert "== multiwoz (no catalogue)" in out and "ctxgraph" in out and "machine:" in out


def test_bench_cli_missing_data_is_a_clear_error(capsys, tmp_path):
    assert main(["bench", "crosswoz", "--data", str(tmp_path / "nope.zip")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ctxgraph bench: ") and "nope.zip" in err
