"""Keep the figures quoted elsewhere in step with ``docs/benchmarks.md``, the one place they come from.

``docs/benchmarks.md`` is written by ``ctxgraph bench all --format markdown``. Two things here:

- :func:`readme_block` — the README's headline table, rows of the document's "Targets" table
  (:data:`README_MEASURES`), written between the README's ``<!-- figures -->`` markers.
  ``python -m ctxgraph.bench.figures`` rewrites that block; ``--check`` only says whether it
  is in step (``tests/test_figures.py`` runs the check).
- :func:`splice` — one benchmark re-run alone (``ctxgraph bench cs --json-out cs.json``)
  replaces its own table and its rows of "Targets" in the document, marked as re-run,
  without the 12 minutes of ``bench all``: ``python -m ctxgraph.bench.figures --splice cs.json``
  (then the README block is rewritten from the result).

>>> doc = '''## Targets
...
... | measure | baseline (same run) | ctxgraph | target |  |
... |---|---|---|---|---|
... | cs set: fact recall | — | 0.341 | >= 0.85 | missed |
...
... ## All tables
... '''
>>> targets(doc)["cs set: fact recall"]
['cs set: fact recall', '—', '0.341', '>= 0.85', 'missed']
"""

from __future__ import annotations

import argparse
import datetime
import json
import re
import sys
from pathlib import Path
from typing import Any

#: Rows of the "Targets" table the README quotes, in its order.
README_MEASURES = (
    "crosswoz recall at 128 tokens, no catalogue",
    "crosswoz recall at 128 tokens, with catalogue",
    "multiwoz recall at 128 tokens, no catalogue",
    "multiwoz recall at 128 tokens, with catalogue",
    "crosswoz recall at 64 tokens, no catalogue",
    "multiwoz recall at 64 tokens, no catalogue",
    "locomo evidence recall at 1,000 tokens",
    "scenario pass rate (zh and en)",
    "cs set: fact recall",
    "cs set: fact precision",
    "cs set: constraints right",
    "cs set: commitments right",
    "observe() median, zh (jieba)",
    "observe() median, en (blank)",
    "observe() median, en (trained)",
    "assemble() at 10,000 turns / at 100 turns",
)
BEGIN = "<!-- figures: generated from docs/benchmarks.md by `python -m ctxgraph.bench.figures`; do not edit -->"
END = "<!-- /figures -->"
ROOT = Path(__file__).resolve().parents[2]


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _section(doc: str, heading: str) -> tuple[int, int] | None:
    """(start, end) of the section whose heading line is ``heading``, up to the next heading of its level or above."""
    level = len(heading) - len(heading.lstrip("#"))
    start = doc.find(heading + "\n")
    if start < 0:
        return None
    nxt = re.compile(r"^#{1,%d} " % level, re.M).search(doc, start + len(heading) + 1)
    return start, (nxt.start() if nxt else len(doc))


def targets(doc: str) -> dict[str, list[str]]:
    """The rows of the document's "Targets" table, by measure."""
    span = _section(doc, "## Targets")
    if span is None:
        return {}
    rows = [_cells(line) for line in doc[span[0]:span[1]].splitlines() if line.startswith("| ")]
    return {r[0]: r for r in rows[1:]}  # the header is the first


def readme_block(doc: str) -> str:
    """The README's headline table: the rows of :data:`README_MEASURES` from ``doc``'s "Targets"."""
    rows = targets(doc)
    missing = [m for m in README_MEASURES if m not in rows]
    if missing:
        raise ValueError(f"docs/benchmarks.md has no Targets row for: {', '.join(missing)}")
    machine = re.search(r"^Machine: (.*?)\.?$", doc, re.M)
    out = [BEGIN, "", "| measure | ctxgraph | baseline (same run) | target |", "| --- | --- | --- | --- |"]
    out += [f"| {r[0]} | {r[2]} | {r[1]} | {r[3]}, {r[4]} |" for r in (rows[m] for m in README_MEASURES)]
    out += ["", f"From [docs/benchmarks.md](docs/benchmarks.md#targets) ({machine.group(1) if machine else 'its machine'}).",
            "", END]
    return "\n".join(out)


def update_readme(readme: str, doc: str) -> str:
    """``readme`` with the block between the markers written from ``doc``."""
    start, end = readme.find(BEGIN), readme.find(END)
    if start < 0 or end < start:
        raise ValueError(f"README.md has no figures block ({BEGIN!r} ... {END!r})")
    return readme[:start] + readme_block(doc) + readme[end + len(END):]


def splice(doc: str, reports: list[dict[str, Any]], *, note: str) -> str:
    """``doc`` with each report's table and its "Targets" rows replaced by the report's, marked with ``note``."""
    from ._cli import format_report, format_targets

    fresh = targets(format_targets(reports) + "\n")
    lines = doc.split("\n")
    seen, last_target_row = set(), None
    in_targets = False
    for i, line in enumerate(lines):
        if line.startswith("## "):
            in_targets = line.strip() == "## Targets"
        cells = _cells(line) if line.startswith("| ") else []
        if in_targets and cells:
            last_target_row = i
        if cells and cells[0] in fresh:
            lines[i] = "| " + " | ".join(fresh[cells[0]][:-1]) + f" | {fresh[cells[0]][-1]} ({note}) |"
            seen.add(cells[0])
    new_rows = ["| " + " | ".join(row[:-1]) + f" | {row[-1]} ({note}) |" for m, row in fresh.items() if m not in seen]
    if new_rows and last_target_row is not None:  # a measure the Targets table did not have yet: appended to it
        lines[last_target_row + 1:last_target_row + 1] = new_rows
    doc = "\n".join(lines)
    for report in reports:
        table = format_report(report, markdown=True)
        heading = table.split("\n", 1)[0]
        span = _section(doc, heading)
        if span is None:
            raise ValueError(f"docs/benchmarks.md has no section {heading!r} to replace")
        doc = doc[:span[0]] + table.replace("\n", f"\n\n{note}\n", 1).rstrip("\n") + "\n\n" + doc[span[1]:]
    return doc


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ctxgraph.bench.figures", description=__doc__.split("\n\n")[0])
    parser.add_argument("--splice", metavar="REPORTS.json",
                        help="reports of a re-run (ctxgraph bench DATASET --json-out REPORTS.json) to put into "
                             "docs/benchmarks.md in place of the same tables and Targets rows")
    parser.add_argument("--note", metavar="TEXT", default="",
                        help="--splice: what else to say of the re-run (commit, machine load), after its date")
    parser.add_argument("--check", action="store_true", help="only say whether README.md is in step (exit 1 if not)")
    parser.add_argument("--root", type=Path, default=ROOT, help="the repository (default: this checkout)")
    args = parser.parse_args(argv)
    bench_md, readme_md = args.root / "docs" / "benchmarks.md", args.root / "README.md"
    doc = bench_md.read_text(encoding="utf-8")
    if args.splice:
        reports = json.loads(Path(args.splice).read_text(encoding="utf-8"))
        version = reports[0].get("machine", {}).get("ctxgraph", "")
        note = f"re-run alone on {datetime.date.today().isoformat()}" + (f", ctxgraph {version}" if version else "") + (
            f", {args.note}" if args.note else "")
        doc = splice(doc, reports, note=note)
        bench_md.write_text(doc, encoding="utf-8")
    readme = readme_md.read_text(encoding="utf-8")
    updated = update_readme(readme, doc)
    if args.check:
        if updated != readme:
            print("README.md's figures are not those of docs/benchmarks.md: run python -m ctxgraph.bench.figures",
                  file=sys.stderr)
            return 1
        return 0
    if updated != readme:
        readme_md.write_text(updated, encoding="utf-8")
        print("README.md: figures rewritten from docs/benchmarks.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
