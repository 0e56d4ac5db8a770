"""The README's figures are docs/benchmarks.md's, and one benchmark re-run alone goes into
docs/benchmarks.md in place of its own tables (ctxgraph.bench.figures)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from ctxgraph.bench import figures
from ctxgraph.bench._cs import DEFAULT_GROUPS, LEAD_ONLY, run_cs

#: the cs groups these tests replay; blind2 ... the newest blind set (issue 19, LEAD_ONLY) are left to the lead's measurements
GROUPS = [(name, folder()) for name, folder in DEFAULT_GROUPS if name not in LEAD_ONLY]

ROOT = Path(__file__).resolve().parents[1]


def test_the_readme_quotes_the_figures_of_docs_benchmarks(capsys):
    assert figures.main(["--check", "--root", str(ROOT)]) == 0, capsys.readouterr().err
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = figures.targets((ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8"))
    block = readme[readme.index(figures.BEGIN):readme.index(figures.END)]
    quoted = [line.split(" | ") for line in block.splitlines() if line.startswith("| ") and "---" not in line][1:]
    assert [q[0].lstrip("| ") for q in quoted] == list(figures.README_MEASURES)
    assert all(q[1] == rows[q[0].lstrip("| ")][2] for q in quoted)  # each figure is the document's


def test_a_readme_out_of_step_is_found_and_rewritten(tmp_path, capsys):
    (tmp_path / "docs").mkdir()
    shutil.copy(ROOT / "docs" / "benchmarks.md", tmp_path / "docs" / "benchmarks.md")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    (tmp_path / "README.md").write_text(re.sub(r"\| cs set: fact recall \| [0-9.]+ \|", "| cs set: fact recall | 0.34 |",
                                               readme), encoding="utf-8")
    assert figures.main(["--check", "--root", str(tmp_path)]) == 1
    assert "python -m ctxgraph.bench.figures" in capsys.readouterr().err
    assert figures.main(["--root", str(tmp_path)]) == 0
    assert (tmp_path / "README.md").read_text(encoding="utf-8") == readme


def test_a_benchmark_rerun_alone_replaces_its_own_tables_and_rows(tmp_path):
    (tmp_path / "docs").mkdir()
    doc = (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8")
    (tmp_path / "docs" / "benchmarks.md").write_text(doc, encoding="utf-8")
    shutil.copy(ROOT / "README.md", tmp_path / "README.md")
    report = run_cs(limit=2, progress=False, groups=GROUPS)  # a real run of two conversations per group
    (tmp_path / "cs.json").write_text(json.dumps([report]), encoding="utf-8")
    assert figures.main(["--root", str(tmp_path), "--splice", str(tmp_path / "cs.json")]) == 0
    new = (tmp_path / "docs" / "benchmarks.md").read_text(encoding="utf-8")
    overall = [r for r in report["results"] if r["lang"] == "all"]  # the blind group's row, else the held-out one's
    overall = next((r for g in ("blind", "held-out") for r in overall if r.get("group") == g), overall[0])
    row = figures.targets(new)["cs set: fact recall"]
    assert row[2] == f"{overall['fact_recall']:.3f}" and re.fullmatch(r"(met|missed) \(re-run alone on .*\)", row[4])
    assert figures.targets(new)["crosswoz recall at 128 tokens, no catalogue"] == figures.targets(doc)[
        "crosswoz recall at 128 tokens, no catalogue"]  # the others untouched
    section = new[new.index("### cs\n"):new.index("### speed\n")]
    assert "re-run alone on" in section and "| all | 2 |" in section  # the two conversations' table
    assert new.count("### cs\n") == 1 and new.index("### scenarios") < new.index("### cs\n") < new.index("### speed")
    readme = (tmp_path / "README.md").read_text(encoding="utf-8")
    assert f"| cs set: fact recall | {overall['fact_recall']:.3f} |" in readme  # rewritten from the new document


def test_a_document_without_a_quoted_row_is_an_error():
    with pytest.raises(ValueError, match="no Targets row for: .*cs set: fact recall"):
        figures.readme_block("## Targets\n\n| measure | a | b | c | d |\n|---|---|---|---|---|\n")


def test_a_rerun_with_a_measure_the_targets_table_lacks_appends_its_row():
    from ctxgraph.bench import _cli

    doc = ("## Targets\n\n| measure | baseline (same run) | ctxgraph | target |  |\n|---|---|---|---|---|\n"
           "| cs set: fact recall | — | 0.341 | >= 0.85 | missed |\n\n## All tables\n\n### cs\n\nold\n")
    report = run_cs(limit=1, progress=False, groups=GROUPS)
    fresh = figures.targets(_cli.format_targets([report]) + "\n")
    new = figures.splice(doc, [report], note="a note")
    rows = figures.targets(new)
    assert set(fresh) <= set(rows)  # every measured row is in the table: the old one replaced, new ones appended
    assert new.count("| cs set: fact recall |") == 1
    assert all(rows[m][-1].endswith("(a note)") for m in fresh)
    assert new.index("## Targets") < new.index("| cs set: fact precision |") < new.index("## All tables")
