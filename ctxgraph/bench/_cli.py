"""``ctxgraph bench DATASET``: the measurement command (its ``--help`` is :data:`DESCRIPTION`).

``ctxgraph bench DATASET [--data PATH] [--catalog [PATH]] [--pack NAME]... [--metric recall|state] [--budget N]... [--limit N] [--offset N] [--format text|json|markdown]``
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ._cs import BLIND_SETS, blind_group, blind_ordinal
from ._data import PUBLISHED, DataNotFoundError
from ._run import DATASETS, packs_for, run_recall, run_scenarios


DESCRIPTION = """\
Measure ctxgraph against baselines (recency, BM25, full history) in one run: recall of the
gold dialogue state at a token budget (crosswoz, multiwoz), recall of the evidence turns
(locomo), the scenario conversations' pass rate (scenarios), the state at the end of annotated
customer-service conversations (cs: fact recall and precision, wrong facts, constraints and
commitments right), latency and memory (speed), observe+persist per turn in SQLite and Redis
after 100 and 10,000 turns of history (store), the gateway under 100 concurrent conversations
(serve: ctxgraph serve with SQLite against a stub upstream; requests/s and added latency), the
worst observe() time of pathological messages of 1k to 1M characters (adversarial), the cost
of semantic recall (semantic: encoding per turn, assemble at 1k and 10k turns, memory), whether the
context is ever worse than the raw window on a short chat, after one long message and after a
pasted megabyte (probes: tokens sent against history tokens, the first message's id kept). --metric state compares crosswoz and multiwoz
states after every system turn with the gold belief state (slot precision, recall, F1, joint
goal accuracy), the dataset's slot schema loaded as a pack derived from its database; sgd does
the same on a folder of SGD dialogues (its schema.json as the pack: services never seen, a
domain-transfer figure; not part of 'all'); --offset N skips the first N dialogues.
'all' runs every one, crosswoz and multiwoz with and without their database as catalogue;
with --format markdown it prints docs/benchmarks.md. crosswoz and multiwoz load the booking
rule pack, the others no domain pack unless --pack is given.

The public datasets are not shipped: put each in <data>/<dataset>, where <data> is
$CTXGRAPH_DATA when set, else ~/.local/share/ctxgraph/data ($XDG_DATA_HOME/ctxgraph/data), or
point --data at the published file or folder (a .zip, the .json inside it, or their folder).
Where each dataset comes from and its licence: README.md, "Benchmarks". cs reads the
development set shipped with ctxgraph (ctxgraph/bench/data/cs) and, as a separate held-out
group, chats the rules were not tuned on (ctxgraph/bench/data/cs_holdout), and a blind group
no rule was written against (ctxgraph/bench/data/cs_blind), and twenty-nine more blind groups,
each written before any run (ctxgraph/bench/data/cs_blind2 ... cs_blind30),
and prints the gaps between dev and each,
unless --data names a folder of conversations in that format.
"""

EXAMPLE = """\
example:
  ctxgraph bench crosswoz --data ~/data/crosswoz/val.json.zip --budget 128 --limit 50
  ctxgraph bench scenarios --format json
  CTXGRAPH_DATA=~/datasets ctxgraph bench multiwoz --limit 50
  ctxgraph bench cs --data ~/my-cs-chats --json-out cs.json
  ctxgraph bench multiwoz --metric state --limit 50
  ctxgraph bench store --redis redis://127.0.0.1:6379/0
  ctxgraph bench serve --quick
"""


def add_bench_parser(sub: Any) -> None:
    p = sub.add_parser("bench", help="measure recall at a budget and speed, against baselines",
                       description=DESCRIPTION, epilog=EXAMPLE,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("dataset", choices=[*DATASETS, "all"], help="what to measure (all: every one)")
    p.add_argument("--data", metavar="PATH", help="data file or folder in the published format (default: $CTXGRAPH_DATA/<dataset>, "
                        "else ~/.local/share/ctxgraph/data/<dataset>)")
    p.add_argument("--catalog", metavar="PATH", nargs="?", const=True, default=None,
                   help="load the domain database as the catalogue (default: <data>/database.zip)")
    p.add_argument("--pack", action="append", metavar="NAME",
                   help="domain rule pack to load besides the dataset's own (repeatable; crosswoz and multiwoz load booking)")
    p.add_argument("--metric", default="recall", choices=["recall", "state"],
                   help="crosswoz, multiwoz: recall of gold values in the context at a budget (default), or the "
                        "state JSON against the gold belief state")
    p.add_argument("--budget", type=int, action="append", metavar="N", help="budget (repeatable)")
    p.add_argument("--limit", type=int, metavar="N", help="first N dialogues / conversations")
    p.add_argument("--offset", type=int, default=0, metavar="N",
                   help="--metric state: skip the first N dialogues (--offset 200 --limit 200: dialogues 200-399)")
    p.add_argument("--format", default="text", choices=["text", "json", "markdown"])
    p.add_argument("--quick", action="store_true", help="speed, store, serve, adversarial: short runs (checks the harness, not the machine)")
    p.add_argument("--turns", type=int, metavar="N",
                   help="speed: instead, cost over one long chat of N messages (en; zh up to 20,000): observe and "
                        "assemble at 1k, 10k, 100k messages, memory per message")
    p.add_argument("--nlp", default="rules", choices=["rules", "trained"],
                   help="serve: the gateway's English reading (ctxgraph serve --nlp; default rules, as the gateway's)")
    p.add_argument("--think", type=float, metavar="SECONDS",
                   help="serve: the users' mean pause between a reply and their next message (default 2; 0 sends "
                        "each next request at once: a stress test)")
    p.add_argument("--repeats", type=int, metavar="N", help="serve: runs of the load, the median reported (default 3)")
    p.add_argument("--redis", metavar="URL", help="store: the Redis to measure (default: a redis-server started "
                                                  "for the run on a free 127.0.0.1 port)")
    p.add_argument("--semantic", action="store_true",
                   help="locomo, crosswoz, multiwoz: also ctxgraph with embed=\"minilm\" (the semantic extra), same run")
    p.add_argument("--json-out", metavar="PATH", help="also write every report as JSON to PATH")
    p.set_defaults(func=cmd_bench)


def _one(dataset: str, args: argparse.Namespace, catalog: Any) -> dict[str, Any]:
    packs = args.pack or []  # the dataset's own pack is added by the run (booking for crosswoz and multiwoz)
    if dataset == "scenarios":  # progress bars: only when stderr is a terminal
        return run_scenarios(packs=packs)
    if dataset == "speed" and getattr(args, "turns", None):
        from ._longrun import run_long

        return run_long(args.turns)
    if dataset == "semantic":
        from ._semantic_bench import run_semantic

        return run_semantic(quick=args.quick)
    if dataset == "probes":
        from ._probes import run_probes

        return run_probes()
    if dataset == "adversarial":
        from ._adversarial import run_adversarial

        return run_adversarial(quick=args.quick)
    if dataset == "speed":
        from ._speed import run_speed

        return run_speed(quick=args.quick, packs=packs)
    if dataset == "serve":
        from ._serve_bench import run_serve

        options = {k: v for k, v in (("think", getattr(args, "think", None)), ("repeats", getattr(args, "repeats", None)))
                   if v is not None}
        return run_serve(quick=args.quick, nlp=getattr(args, "nlp", "rules"), **options)
    if dataset == "store":
        from ._store_bench import run_store

        return run_store(quick=args.quick, redis_url=getattr(args, "redis", None))
    if dataset == "cs":
        from ._cs import run_cs

        return run_cs(data=args.data, packs=packs, limit=args.limit)
    if dataset == "sgd":  # SGD has a gold state and no database: the state metric only
        from ._sgd import run_sgd_state

        return run_sgd_state(data=args.data, limit=args.limit, offset=getattr(args, "offset", 0) or 0, packs=packs)
    if getattr(args, "metric", "recall") == "state" and (dataset in ("crosswoz", "multiwoz") or args.dataset != "all"):
        from ._state_accuracy import run_state  # run_state says which datasets have a gold state

        return run_state(dataset, data=args.data, catalog=catalog, limit=args.limit, packs=packs,
                         offset=getattr(args, "offset", 0) or 0)
    return run_recall(dataset, data=args.data, catalog=catalog, budgets=args.budget, limit=args.limit, packs=packs,
                      semantic=getattr(args, "semantic", False))


def cmd_bench(args: argparse.Namespace) -> int:
    try:
        return _bench(args)
    except DataNotFoundError as err:  # the Python hint (path=...) is not for the command line
        print(f"ctxgraph bench: {err.what} Pass {PUBLISHED} with --data PATH; where the public datasets "
              "come from: README.md, section Benchmarks.", file=sys.stderr)
        return 2
    except (OSError, ValueError) as err:  # data that is not in the published format
        print(f"ctxgraph bench: {err}", file=sys.stderr)
        return 2


def _bench(args: argparse.Namespace) -> int:
    if args.dataset == "all":
        reports = []
        for dataset in ("crosswoz", "multiwoz"):
            reports.append(_one(dataset, args, None))
            reports.append(_one(dataset, args, True))
        reports += [_one(d, args, None) for d in ("locomo", "scenarios", "cs", "speed")]
    else:
        reports = [_one(args.dataset, args, args.catalog)]
    for report in reports:
        if args.format == "json":
            sys.stdout.write(json.dumps(report, ensure_ascii=False) + "\n")
        elif args.format == "text":
            sys.stdout.write(format_report(report, markdown=False) + "\n")
    if args.format == "markdown":
        sys.stdout.write(format_document(reports, " ".join(sys.argv[1:]) or "bench") + "\n")
    if args.json_out:
        with open(args.json_out, "w", encoding="utf-8") as f:
            json.dump(reports, f, ensure_ascii=False, indent=1)
    return 0


# ----------------------------------------------------------------------------- formatting


def _table(header: list[str], rows: list[list[Any]], markdown: bool) -> str:
    cells = [[f"{c:.3f}" if isinstance(c, float) else ("—" if c is None else str(c)) for c in r] for r in rows]
    if markdown:
        out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        out += ["| " + " | ".join(r) + " |" for r in cells]
        return "\n".join(out)
    widths = [max(len(h), *(len(r[i]) for r in cells)) if cells else len(h) for i, h in enumerate(header)]
    out = ["  ".join(h.rjust(w) for h, w in zip(header, widths))]
    out += ["  ".join(c.rjust(w) for c, w in zip(r, widths)) for r in cells]
    return "\n".join(out)


def format_report(report: dict[str, Any], markdown: bool = False) -> str:
    ds = report["dataset"]
    ds_title = ds + (" state" if report.get("metric") == "state" else "")
    title = ds_title + (" (catalogue: database loaded, %d names, %d attribute values)" % (
        report["catalog_size"], report.get("catalog_attributes", 0)) if report.get("catalog") else
                  (" (no catalogue)" if ds in ("crosswoz", "multiwoz") else ""))
    head = f"### {title}" if markdown else f"== {title}"
    parts = [head]
    if "packs" in report:  # which domain rule packs ctxgraph loaded, next to the catalogue line
        parts.append(f"packs: {', '.join(report['packs']) or 'none (core rules only)'}")
    if report.get("metric") == "state":
        parts += _state_parts(report, markdown)
    elif ds == "cs":
        parts += _cs_parts(report, markdown)
    elif ds in ("crosswoz", "multiwoz"):
        rows = [[r["method"], r["budget"], r["recall"], r.get("recall_strict"), r["recall_fuzzy"], r["tokens_mean"],
                 r["tokens_median"], r["over_budget"]] for r in report["results"]]
        parts.append(f"{report['n']} dialogues, {report['results'][0]['n']} checkpoints, {report['seconds']} s")
        parts.append(_table(["method", "budget", "recall", "recall (strict)", "recall (fuzzy)", "tokens mean",
                             "tokens median", "over budget"], rows, markdown))
    elif ds == "locomo":
        rows = [[r["method"], r["budget"], r["recall"], r["answer_contained"], r["tokens_mean"],
                 ", ".join(f"{k}: {v:.2f}" for k, v in r["recall_by_category"].items())] for r in report["results"]]
        parts.append(f"{report['n']} conversations, {report['results'][0]['n']} questions (categories 1-4), {report['seconds']} s")
        parts.append(_table(["method", "budget", "evidence recall", "answer contained", "tokens mean", "recall by category"], rows, markdown))
    elif ds == "scenarios":
        rows = [[r["lang"], f"{r['passed']}/{r['n']}", r["recall"], r["tokens_mean"], "; ".join(
            f"{k}: {v}" for k, v in r["failures"].items()) or "—"] for r in report["results"]]
        parts.append(_table(["lang", "passed", "pass rate", "tokens mean", "failures"], rows, markdown))
    elif ds == "serve":
        from ._serve_bench import serve_parts

        parts += serve_parts(report, markdown, _table)
    elif ds == "store":
        from ._store_bench import store_parts

        parts += store_parts(report, markdown, _table)
    elif ds == "speed" and report.get("long"):
        from ._longrun import long_parts

        parts += long_parts(report, markdown, _table)
    elif ds == "semantic":
        from ._semantic_bench import semantic_parts

        parts += semantic_parts(report, markdown, _table)
    elif ds == "probes":
        from ._probes import format_probes

        title, header, rows = format_probes(report)
        parts += [title, _table(header, rows, markdown)]
    elif ds == "adversarial":
        from ._adversarial import format_adversarial

        title, header, rows = format_adversarial(report)
        parts += [title, _table(header, rows, markdown)]
    elif ds == "speed":
        rows = [[r["lang"], r.get("name", r["pipeline"]), "yes" if r.get("default") else "", r["source"], r["n"],
                 r["median_ms"], r["p95_ms"], r.get("assemble_median_ms"), r.get("assemble_p95_ms"),
                 r.get("load_ms"), r.get("load_rss_mib"), _tagger_cell(r)] for r in report["results"]]
        parts.append(_speed_text_note(report))
        parts.append("observe() per message, then assemble() on the same tracker (ms); the models' load time and "
                     "memory (RSS delta) in a fresh process")
        parts.append(_table(["lang", "pipeline", "default", "text", "messages", "observe median ms", "observe p95 ms",
                             "assemble median ms", "assemble p95 ms", "load ms", "load MiB", "value tagger"],
                            rows, markdown))
        grow = report["growth"]
        base = next((g["assemble_median_ms"] for g in grow if g["turns"] == 100), None)
        rows = [[g["turns"], g["nodes"], g["assemble_median_ms"], g["assemble_p95_ms"],
                 (g["assemble_median_ms"] / base) if base else None, g["context_tokens"], g["full_history_tokens"]] for g in grow]
        parts.append(f"assemble() as the conversation grows (zh, budget {grow[0]['budget']}; one tracker per size, "
                     f"warmed up, median of {grow[0].get('repeats', '?')} interleaved rounds)")
        parts.append(_table(["turns", "graph nodes", "median ms", "p95 ms", "x vs 100 turns", "context tokens", "full history tokens"], rows, markdown))
        if report.get("memory"):
            parts.append(f"memory per 1,000 turns: {report['memory']['kib']} KiB (tracemalloc)")
        t = report["throughput"]
        parts.append(f"replay throughput ({t['lang']}, {t['messages']} messages): observe {t['observe_per_s']} msg/s, "
                     f"observe+assemble {t['observe+assemble_per_s']} msg/s")
    m = report.get("machine")
    if m:
        parts.append(f"machine: {m['cpu']}, {m['cores']} cores, Python {m['python']}; "
                     + ", ".join(f"{k} {v}" for k, v in m["versions"].items() if v))
    return "\n\n".join(parts) if markdown else "\n".join(parts)


def _state_parts(report: dict[str, Any], markdown: bool) -> list[str]:
    """The state-accuracy table of crosswoz / multiwoz ``--metric state``."""
    rows = [[r["method"], r["slot_precision"], r["slot_recall"], r["slot_f1"], r["jga"], r["n"]] for r in report["results"]]
    schema = report.get("schema", {})
    first = f"dialogues {report['offset']}-{report['offset'] + report['n'] - 1}" if report.get("offset") else "dialogues"
    return [
        f"{report['n']} {first}, {report['results'][0]['n']} checkpoints (state after every system turn with a gold "
        f"state), {report['seconds']} s; schema: {schema.get('name')}, {schema.get('slots')} domain-slots",
        _table(["method", "slot precision", "slot recall", "slot F1", "joint goal accuracy", "checkpoints"], rows, markdown),
    ]


#: what each group's gap to dev measures, in the cs report's words
_GAP_AGAINST = {"held-out": "chats they were not", "blind": "chats no rule was written against",
                **{blind_group(n): f"{blind_ordinal(n)}, issue 19" for n in range(2, BLIND_SETS + 1)}}


def _cs_parts(report: dict[str, Any], markdown: bool) -> list[str]:
    """The cs table (per language and overall) and, in text, each conversation's errors."""
    from ._cs import GAPS, format_cs_errors

    rows = [[r.get("group", "data"), r["lang"], r["n"], r["fact_recall"], r["fact_precision"], r["wrong"],
             f"{r['constraints_right']}/{r['constraints_n']}", f"{r['commitments_right']}/{r['commitments_n']}"]
            for r in report["results"]]
    parts = [f"data: {report['data']}, {report['n']} conversations, {report['seconds']} s",
             _table(["group", "lang", "conversations", "fact recall", "fact precision", "wrong facts",
                     "constraints right", "commitments right"], rows, markdown)]
    for key, group in GAPS:
        if report.get(key):
            parts.append(f"gap, dev minus {group} (the set the rules were tuned on minus {_GAP_AGAINST[group]}): "
                         + ", ".join(f"{k.replace('_', ' ')} {v:+.3f}" for k, v in report[key].items()))
    unlisted = [f"{r.get('group', 'data')} {r['constraints_unlisted']} of {r['constraints_items']} / "
                f"{r['commitments_unlisted']} of {r['commitments_items']}"
                for r in report["results"] if r["lang"] == "all" and "constraints_items" in r]
    if unlisted:
        parts.append("constraints / commitments in the state that no gold substring names (made up, or not "
                     "annotated): " + ", ".join(unlisted))
    errors = list(format_cs_errors(report))
    if errors and not markdown:
        parts.append("errors (missed / wrong / unsupported facts, constraints and commitments with the wrong status):\n"
                     + "\n".join(errors))
    return parts


def _tagger_cell(row: dict[str, Any]) -> str:
    """The value tagger's share of a speed row's load cost, or "not used".

    >>> _tagger_cell({"tagger": True, "tagger_load_ms": 41.0, "tagger_rss_mib": 3.5})
    '41.0 ms, 3.5 MiB'
    >>> _tagger_cell({"tagger": False})
    'not used'
    """
    if "tagger" not in row:
        return ""
    if not row["tagger"]:
        return "not used"
    return f"{row['tagger_load_ms']:.1f} ms, {row['tagger_rss_mib']:.1f} MiB"


def _speed_text_note(report: dict[str, Any]) -> str:
    """Which text the speed figures were measured on; the scenario filler is said loudly."""
    from ._speed import FILLER

    text = report.get("text") or {r["lang"]: r["source"] for r in report["results"]}
    note = "text: " + ", ".join(f"{lang} {source}" for lang, source in text.items())
    if FILLER in text.values():
        note += (" (CrossWOZ/MultiWOZ not found in the data folder: the scenario filler is other text, with long "
                 "tool results, so these figures are not comparable with docs/benchmarks.md)")
    return note


def format_document(reports: list[dict[str, Any]], command: str) -> str:
    m = reports[0].get("machine", {})
    intro = [
        "# Benchmarks",
        "",
        "Generated by `ctxgraph bench all --format markdown > docs/benchmarks.md` (run from the repository,",
        "with the datasets in `$CTXGRAPH_DATA`, see README.md, \"Benchmarks\"). Every figure below comes from that one run; baselines are",
        "measured in the same run with the same budget and the same counting (o200k_base, 4 tokens per",
        "message, the question counted in the budget).",
        "ctxgraph loads the booking rule pack for CrossWOZ and MultiWOZ (their schemas' domains) and no",
        "domain pack elsewhere; each table names its packs.",
        "",
        f"Machine: {m.get('cpu')}, {m.get('cores')} cores, Python {m.get('python')}, {m.get('platform')}.",
        "",
        "- **recall** (CrossWOZ, MultiWOZ): share of gold state values found, lower-cased, as substrings of",
        "  the context without the question message. **strict** counts a value only where it stands alone",
        "  (no letter or digit glued to either side) and leaves yes/no values out; **fuzzy** also unifies",
        "  punctuation and spacing.",
        "- **evidence recall** (LoCoMo): share of evidence turns whose whole text is in the context.",
        "- **cs** (annotated customer-service conversations, the development set in `ctxgraph/bench/data/cs`):",
        "  the state at the end, no domain pack. **fact recall**: gold current values found in current facts;",
        "  **fact precision**: current facts holding a gold current or acceptable value; **wrong facts**:",
        "  superseded or rejected values still in a current fact; constraints and commitments with the right",
        "  status (active/lifted, open/done). Numbers match on digit boundaries, short Latin tokens on word",
        "  boundaries, anything else as a case-insensitive substring.",
        "- **state** (CrossWOZ, MultiWOZ, `--metric state`): the state JSON after every system turn against the",
        "  gold belief state, the dataset's slot schema loaded as a pack derived from its database:",
        "  slot precision, recall, F1 over (slot, value) pairs, and joint goal accuracy (the share of turns",
        "  whose predicted state equals the gold one).",
        "- **recency**: the newest whole turns that fit; **bm25**: turns ranked by BM25 against the question",
        "  (rank_bm25), packed until full; **full**: the whole history, budget ignored.",
    ]
    targets = format_targets(reports)
    body = "\n\n".join(format_report(r, markdown=True) for r in reports)
    return "\n".join(intro) + ("\n\n" + targets if targets else "") + "\n\n## All tables\n\n" + body


def _recall(reports: list[dict[str, Any]], dataset: str, method: str, budget: int | None, *,
            catalog: bool | None = None, column: str = "recall") -> float | None:
    for r in reports:
        if r["dataset"] == dataset and r.get("metric", "recall") == "recall" and (
                catalog is None or bool(r.get("catalog")) == catalog):
            for row in r["results"]:
                if row["method"] == method and row["budget"] == budget:
                    return row.get(column)
    return None


#: issue 10's targets for the state against the gold belief state: precision, F1, JGA
STATE_TARGETS = {"multiwoz": (0.90, 0.85, 0.40), "crosswoz": (0.90, 0.80, 0.30)}


def _state_targets(reports: list[dict[str, Any]], add: Any) -> None:
    for r in reports:
        if r.get("metric") != "state" or r["dataset"] not in STATE_TARGETS:
            continue
        row = r["results"][0]
        where = f"{r['dataset']} state, {'with' if r.get('catalog') else 'no'} catalogue"
        for column, label, target in zip(("slot_precision", "slot_f1", "jga"), ("slot precision", "slot F1", "JGA"),
                                         STATE_TARGETS[r["dataset"]]):
            add(f"{where}: {label}", row[column], target, "—")


def _cs_targets(reports: list[dict[str, Any]], add: Any) -> None:
    for r in reports:
        if r["dataset"] != "cs":
            continue
        overall = [x for x in r["results"] if x["lang"] == "all"]  # the newest blind group's, else an older one's
        newest_first = [blind_group(n) for n in range(BLIND_SETS, 0, -1)] + ["held-out"]
        row = next((x for g in newest_first for x in overall if x.get("group") == g), overall[0])
        add("cs set: fact recall", row["fact_recall"], 0.85, "—")
        add("cs set: fact precision", row["fact_precision"], 0.92, "—")
        for kind in ("constraints", "commitments"):
            if row[f"{kind}_n"]:
                add(f"cs set: {kind} right", row[f"{kind}_right"] / row[f"{kind}_n"], 0.90, "—")


def format_targets(reports: list[dict[str, Any]]) -> str:
    """The quality and speed targets (issue 4) against what this run measured."""
    rows: list[list[Any]] = []

    def add(measure: str, value: float | None, target: float, baseline: str, *, higher: bool = True, unit: str = "") -> None:
        if value is None:
            return
        met = value >= target if higher else value <= target
        shown = f"{value:.3f}{unit}" if not unit else f"{value:.2f}{unit}"
        rows.append([measure, baseline, shown, f"{'>=' if higher else '<='} {target}{unit}", "met" if met else "missed"])

    for ds in ("crosswoz", "multiwoz"):
        for budget, target in ((128, 0.85), (64, 0.70)):
            rec = _recall(reports, ds, "recency", budget)
            base = f"recency {rec:.3f}" if rec is not None else "—"
            for catalog in (False, True):
                label = f"{ds} recall at {budget} tokens, {'with' if catalog else 'no'} catalogue"
                add(label, _recall(reports, ds, "ctxgraph", budget, catalog=catalog), target, base)
    for ds, target in (("crosswoz", 0.75), ("multiwoz", 0.86)):  # issue 10: no lower than when first measured
        strict = _recall(reports, ds, "ctxgraph", 128, catalog=False, column="recall_strict")
        add(f"{ds} strict recall at 128 tokens, no catalogue", strict, target, "—")
    _state_targets(reports, add)
    _cs_targets(reports, add)
    bm = _recall(reports, "locomo", "bm25", 1000)
    add("locomo evidence recall at 1,000 tokens", _recall(reports, "locomo", "ctxgraph", 1000), 0.65,
        f"bm25 {bm:.3f}" if bm is not None else "—")
    for r in reports:
        if r["dataset"] == "scenarios":
            passed = sum(x["passed"] for x in r["results"])
            total = sum(x["n"] for x in r["results"])
            add("scenario pass rate (zh and en)", passed / total, 1.0, "—")
        if r["dataset"] == "speed":
            for row in r["results"]:
                target = 8.0 if row["pipeline"].startswith("trained") else 1.0
                add(f"observe() median, {row['lang']} ({row['pipeline']})", row["median_ms"], target,
                    "LLM extraction: seconds", higher=False, unit=" ms")
            for row in r["results"]:
                if row.get("default"):  # issue 19: the pipeline Tracker(lang) uses by default
                    add(f"observe() median, {row['lang']} default pipeline ({row['name']})", row["median_ms"], 3.0,
                        "LLM extraction: seconds", higher=False, unit=" ms")
            grow = {g["turns"]: g["assemble_median_ms"] for g in r["growth"]}
            if 100 in grow and 10000 in grow:
                add("assemble() at 10,000 turns / at 100 turns", grow[10000] / grow[100], 3.0, "—",
                    higher=False, unit="x")
    if not rows:
        return ""
    return "## Targets\n\n" + _table(["measure", "baseline (same run)", "ctxgraph", "target", ""], rows, True) + (
        "\n\nWhat was tried for the targets still missed, and the misses that remain, with examples: "
        "[quality.md](quality.md).")
