"""The ``ctxgraph`` command.

``ctxgraph replay FILE [--budget N] [--lang auto|zh|en] [--rules DIR]... [--format text|json]``
replays a conversation: for each user message at index i it assembles the context
from messages 0..i-1 with message i as the question. ``ctxgraph state FILE``
prints the state JSON after the whole file. ``ctxgraph graph FILE --out graph.html``
writes a view of the graph after the whole file (.html page, .png/.svg/.pdf picture or
.json data). ``ctxgraph bench DATASET`` measures (see ``ctxgraph bench --help``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Sequence

from ._errors import CtxgraphError, Errors
from ._messages import normalize_message, read_conversation
from ._tracker import Tracker


def _tracker(args: argparse.Namespace) -> Tracker:
    return Tracker(args.lang, rules=args.rules or (), catalog=args.catalog)


def _add_common(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", help="conversation: JSON array or JSONL of OpenAI chat messages")
    p.add_argument("--lang", default="auto", choices=["auto", "zh", "en"])
    p.add_argument("--rules", action="append", metavar="DIR", help="extra rule folder (repeatable)")
    p.add_argument("--catalog", metavar="PATH", help="catalogue file (JSON or CSV) of names")


def cmd_replay(args: argparse.Namespace) -> int:
    messages = read_conversation(args.file)
    tracker = _tracker(args)
    out = sys.stdout
    for i, message in enumerate(messages):
        if message.get("role") == "user":
            question = normalize_message(message)[1].text
            ctx = tracker.assemble(message, budget=args.budget)  # a message: always sent last
            if args.format == "json":
                out.write(json.dumps({
                    "index": i, "question": question, "budget": args.budget, "tokens": ctx.tokens,
                    "messages": ctx.messages, "state": json.loads(tracker.state().to_json()),
                }, ensure_ascii=False) + "\n")
            else:
                out.write(_text_view(i, question, ctx, args.budget))
        tracker.observe(message)
    return 0


def _text_view(i: int, question: str, ctx, budget: int) -> str:
    lines = [f"=== message {i}: {question[:80]}", f"--- {ctx.tokens}/{budget} tokens "
             f"(state {ctx.sections['state']}, history {ctx.sections['history']}, question {ctx.sections['question']})"]
    for m in ctx.messages:
        content = m.get("content") or json.dumps(m.get("tool_calls"), ensure_ascii=False)
        lines.append(f"[{m['role']}] {content}")
    if ctx.dropped:
        lines.append(f"(dropped: {', '.join(ctx.dropped[:6])}{' …' if len(ctx.dropped) > 6 else ''})")
    return "\n".join(lines) + "\n\n"


def cmd_state(args: argparse.Namespace) -> int:
    tracker = _tracker(args)
    tracker.observe_many(read_conversation(args.file))
    sys.stdout.write(tracker.state().to_json(indent=2) + "\n")
    return 0


GRAPH_FORMATS = {".html": "html", ".htm": "html", ".json": "json", ".png": "picture", ".svg": "picture", ".pdf": "picture"}


def cmd_graph(args: argparse.Namespace) -> int:
    from . import _view

    out = Path(args.out)
    kind = GRAPH_FORMATS.get(out.suffix.lower())
    if kind is None:  # checked before the conversation is read
        print("ctxgraph: " + Errors.E070.format(out=args.out, suffix=out.suffix or "(none)",
                                                known=", ".join(sorted(GRAPH_FORMATS))), file=sys.stderr)
        return 2
    tracker = _tracker(args)
    tracker.observe_many(read_conversation(args.file))
    if kind == "html":
        _view.to_html(tracker, out, layout=args.layout)
    elif kind == "json":
        data = _view.graph_data(tracker, layout=args.layout)
        out.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    else:
        try:
            _view.save_picture(tracker, out, layout=args.layout)
        except ImportError as err:
            print(f"ctxgraph: {err}", file=sys.stderr)
            return 2
    print(f"{out}: {tracker.graph.number_of_nodes()} nodes, {tracker.graph.number_of_edges()} edges")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ctxgraph", description="Context-graph state tracking for LLM chats.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="assemble the context for every user message of a conversation")
    _add_common(p)
    p.add_argument("--budget", type=int, default=600, help="token budget per context (default 600)")
    p.add_argument("--format", default="text", choices=["text", "json"])
    p.set_defaults(func=cmd_replay)
    p = sub.add_parser("state", help="print the state JSON after the whole conversation")
    _add_common(p)
    p.set_defaults(func=cmd_state)
    p = sub.add_parser("graph", help="write a view of the graph: HTML page, picture or JSON")
    _add_common(p)
    p.add_argument("--out", required=True, metavar="PATH",
                   help="graph.html (interactive, self-contained), graph.png/.svg/.pdf (needs ctxgraph[viz]) or graph.json")
    p.add_argument("--layout", default="timeline", choices=["timeline", "spring"],
                   help="timeline: x is the message a node came from, a lane per kind (default); spring: networkx")
    p.set_defaults(func=cmd_graph)
    try:
        from .bench._cli import add_bench_parser
    except ImportError:  # the bench package is optional in a trimmed install
        pass
    else:
        add_bench_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except CtxgraphError as err:
        print(f"ctxgraph: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
