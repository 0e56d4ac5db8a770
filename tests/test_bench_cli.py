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
def test_bench_cli_speed_harness_runs(speed_quick):
    """The speed benchmark's harness (short runs); its figures are never asserted."""
    report, _ = speed_quick
    assert {r["lang"] for r in report["results"]} == {"zh", "en"}
    assert [g["turns"] for g in report["growth"]] == [10, 100]
    assert all(r["median_ms"] > 0 for r in report["results"])
    # issue 19: each row names its pipeline; exactly one default per language; p95s, load time
    # and memory are numbers (measured, never compared with a figure here)
    for lang in ("zh", "en"):
        assert sum(bool(r["default"]) for r in report["results"] if r["lang"] == lang) == 1, lang
    assert {r["name"] for r in report["results"]} <= {"Chinese", "rules-English", "trained-English",
                                                      "trained-English, NER always"}
    assert [r["en_ner"] for r in report["results"] if r["pipeline"].startswith("trained")] in ([], ["gated", "always"])
    for r in report["results"]:
        for key in ("p95_ms", "assemble_median_ms", "assemble_p95_ms", "pipeline_load_ms", "pipeline_rss_mib",
                    "load_ms", "load_rss_mib", "first_observe_ms"):
            assert isinstance(r[key], float) and r[key] == r[key], (r["name"], key)  # a number, not NaN
        assert isinstance(r["tagger"], bool)
        for key in ("tagger_load_ms", "tagger_rss_mib"):
            assert isinstance(r[key], float) if r["tagger"] else r[key] is None, (r["name"], key)


def test_bench_cli_text_format(capsys, tmp_path):
    path = _write_zip(tmp_path / "val.json.zip", "val.json", MULTIWOZ)
    assert main(["bench", "multiwoz", "--data", str(path), "--budget", "64"]) == 0
    out = capsys.readouterr().out
    assert "== multiwoz (no catalogue)" in out and "ctxgraph" in out and "machine:" in out


def test_bench_cli_missing_data_is_a_clear_error(capsys, tmp_path):
    assert main(["bench", "crosswoz", "--data", str(tmp_path / "nope.zip")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ctxgraph bench: ") and "nope.zip" in err


# ----------------------------------------------------------------------------- packs, errors, help, progress


@pytest.mark.parametrize(("dataset", "data"), [("crosswoz", CROSSWOZ), ("multiwoz", MULTIWOZ)])
def test_bench_cli_woz_loads_the_booking_pack_and_says_so(capsys, tmp_path, dataset, data):
    path = _write_zip(tmp_path / "val.json.zip", "val.json", data)
    (report,) = run(capsys, dataset, "--data", str(path), "--budget", "64")
    assert report["packs"] == ["booking"]
    assert main(["bench", dataset, "--data", str(path), "--budget", "64"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"== {dataset} (no catalogue)" and lines[1] == "packs: booking"


def test_bench_cli_other_datasets_load_no_domain_pack_unless_asked(capsys, tmp_path):
    path = _write_json(tmp_path / "conv.json", LOCOMO)
    (report,) = run(capsys, "locomo", "--data", str(path), "--budget", "60")
    assert report["packs"] == []
    assert main(["bench", "locomo", "--data", str(path), "--budget", "60"]) == 0
    assert "packs: none (core rules only)" in capsys.readouterr().out.splitlines()
    (report,) = run(capsys, "locomo", "--data", str(path), "--budget", "60", "--pack", "booking")
    assert report["packs"] == ["booking"]


@pytest.mark.parametrize(("dataset", "argv", "packs"), [
    ("crosswoz", [], ["booking"]), ("multiwoz", ["--pack", "booking"], ["booking"]), ("locomo", [], None),
    ("locomo", ["--pack", "booking"], ["booking"])])
def test_bench_cli_packs_reach_every_tracker(capsys, tmp_path, monkeypatch, dataset, argv, packs):
    """Every Tracker the bench builds for the dataset gets its packs (none: the option is not passed)."""
    from ctxgraph.bench import _run

    built = []

    class RecordingTracker(_run.Tracker):  # the real Tracker, its options noted
        def __init__(self, *args, **options):
            built.append(options.get("packs"))
            super().__init__(*args, **options)

    monkeypatch.setattr(_run, "Tracker", RecordingTracker)
    data = {"crosswoz": CROSSWOZ, "multiwoz": MULTIWOZ, "locomo": LOCOMO}[dataset]
    path = _write_json(tmp_path / "data.json", data)
    run(capsys, dataset, "--data", str(path), "--budget", "64", *argv)
    assert built and all(p == packs for p in built), built


def test_bench_cli_markdown_names_the_packs(capsys, tmp_path):
    path = _write_zip(tmp_path / "val.json.zip", "val.json", MULTIWOZ)
    assert main(["bench", "multiwoz", "--data", str(path), "--budget", "64", "--format", "markdown"]) == 0
    out = capsys.readouterr().out
    assert "### multiwoz (no catalogue)\n\npacks: booking\n" in out


@pytest.mark.parametrize("make", ["missing", "folder-without-split"])
def test_bench_cli_data_errors_name_the_option_not_python(capsys, tmp_path, make):
    data = tmp_path / ("nope.zip" if make == "missing" else "empty_folder")
    if make != "missing":
        data.mkdir()
    assert main(["bench", "multiwoz", "--data", str(data)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ctxgraph bench: ") and str(data) in err
    assert "--data PATH" in err and "path=" not in err and "split=" not in err


def test_bench_cli_help_is_plain_text(capsys):
    with pytest.raises(SystemExit):
        main(["bench", "--help"])
    out = capsys.readouterr().out
    assert "``" not in out and ":data:" not in out
    assert "--pack NAME" in out and "$CTXGRAPH_DATA" in out and "example:\n  ctxgraph bench " in out
    assert "../shared" not in out  # no folder outside the repository


def test_bench_cli_no_progress_bar_in_captured_output(capsys, tmp_path):
    path = _write_zip(tmp_path / "val.json.zip", "val.json", CROSSWOZ)
    assert main(["bench", "crosswoz", "--data", str(path), "--budget", "64", "--format", "json"]) == 0
    assert capsys.readouterr().err == ""


def _run_on_a_terminal(argv: list[str], cwd) -> tuple[str, str]:  # also conftest.py's speed_quick
    """Run ``ctxgraph ARGV`` with stderr on a pseudo-terminal of 120 columns: (stdout, what the terminal got)."""
    import fcntl
    import os
    import pty
    import struct
    import subprocess
    import sys
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 120, 0, 0))  # a new pty has no width
    with open(cwd / "stdout.txt", "wb") as stdout:
        proc = subprocess.Popen([sys.executable, "-m", "ctxgraph.cli", *argv], stdout=stdout, stderr=slave, cwd=cwd)
        os.close(slave)
        chunks = []
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # EIO: the child closed the terminal
                break
            if not chunk:
                break
            chunks.append(chunk)
        os.close(master)
        assert proc.wait(timeout=300) == 0
    return (cwd / "stdout.txt").read_text(encoding="utf-8"), b"".join(chunks).decode(errors="replace")


def test_bench_cli_progress_bar_on_a_terminal(tmp_path):
    path = _write_zip(tmp_path / "val.json.zip", "val.json", CROSSWOZ)
    out, terminal = _run_on_a_terminal(["bench", "crosswoz", "--data", str(path), "--budget", "64", "--format", "json"],
                                       tmp_path)
    assert f"crosswoz:   0%|" in terminal and f"0/{len(CROSSWOZ)}" in terminal  # tqdm's bar, drawn at the start
    assert "%|" not in out and json.loads(out)["dataset"] == "crosswoz"


@pytest.mark.slow
def test_bench_speed_shows_its_progress(speed_quick):
    """On a terminal, each step of the speed bench draws its progress bar (the run above)."""
    report, terminal = speed_quick
    for step in ("speed: observe zh", "speed: observe en (blank)", "speed: zh conversations of 10, 100 turns",
                 "speed: assemble() rounds", "speed: replay, observe+assemble"):
        assert step in terminal, step
    assert report["text"]["zh"] in ("crosswoz", "scenario filler")


def test_bench_speed_says_when_it_measures_on_the_filler(monkeypatch, tmp_path):
    from ctxgraph.bench import _data
    from ctxgraph.bench._cli import format_report
    from ctxgraph.bench._speed import growth, text_pool

    monkeypatch.setattr(_data, "default_data_dir", lambda: tmp_path)  # no shared data here
    text_pool.cache_clear()
    try:
        assert text_pool("zh")[1] == text_pool("en")[1] == "scenario filler"
        grow = growth("zh", checkpoints=(10, 20), repeats=3, warmup=1, progress=False)
    finally:
        text_pool.cache_clear()
    assert [g["turns"] for g in grow] == [10, 20] and {g["source"] for g in grow} == {"scenario filler"}
    assert all(g["repeats"] == 3 and g["assemble_median_ms"] > 0 for g in grow)
    report = {"dataset": "speed", "packs": [], "text": {"zh": "scenario filler", "en": "scenario filler"},
              "results": [{"lang": "zh", "pipeline": "jieba", "source": "scenario filler", "n": 1, "median_ms": 1.0,
                           "p95_ms": 1.0}],
              "growth": grow, "memory": None,
              "throughput": {"lang": "en", "messages": 1, "observe_per_s": 1.0, "observe+assemble_per_s": 1.0}}
    text = format_report(report)
    assert "text: zh scenario filler, en scenario filler (CrossWOZ/MultiWOZ not found in the data folder" in text
    assert "median of 3 interleaved rounds" in text and "packs: none (core rules only)" in text
