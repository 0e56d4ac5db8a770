"""The ``ctxgraph`` command.

``ctxgraph replay FILE [--budget N] [--lang auto|zh|en] [--today YYYY-MM-DD] [--pack NAME]... [--rules DIR]... [--format text|json]``
replays a conversation: for each user message at index i it assembles the context
from messages 0..i-1 with message i as the question. ``ctxgraph state FILE``
prints the state JSON after the whole file (``--format text``: for people). ``ctxgraph graph FILE --out graph.html``
writes a view of the graph after the whole file (.html page, .png/.svg/.pdf picture or
.json data). ``ctxgraph bench DATASET`` measures (see ``ctxgraph bench --help``).
``ctxgraph replay FILE --store URL --session ID`` keeps the session in a store (going on after
the messages it already holds); ``ctxgraph sessions list|show|delete --store URL [ID]`` reads
and deletes stored sessions.
``ctxgraph serve --upstream URL`` runs the OpenAI-compatible gateway (docs/serve.md).
``ctxgraph stub [--port 9000]`` runs a local OpenAI-compatible server that answers with what it
received (``python -m ctxgraph.testing`` does the same), to try the gateway without an upstream.
``ctxgraph`` alone prints the commands, one line each, and exits 0 (asking what there is
is not an error); ``ctxgraph --version`` prints the version. Every error is one coded line
on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Sequence

from ._errors import CtxgraphError, Errors, MessageError
from ._messages import normalize_message, read_conversation
from ._stores_cli import add_sessions_parser, add_store_options, replay_tracker
from ._tracker import Tracker


def version() -> str:
    """The installed distribution's version, else the package's ``__version__``."""
    from importlib import metadata

    try:
        return metadata.version("ctxgraph")
    except metadata.PackageNotFoundError:
        from . import __version__

        return __version__


def _options(args: argparse.Namespace) -> dict[str, Any]:
    return {"lang": args.lang, "rules": args.rules or (), "packs": args.pack or (), "catalog": args.catalog,
            "today": args.today}


def _tracker(args: argparse.Namespace) -> Tracker:
    return Tracker(**_options(args))


def _conversation(args: argparse.Namespace) -> list[dict]:
    """The messages of FILE; a file without any is an error, not a silent empty run."""
    messages = read_conversation(args.file)
    if not messages:
        raise MessageError(Errors.E023.format(path=args.file))
    return messages


def _add_common(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", help='conversation: JSON array, JSONL or {"messages": [...]} of OpenAI chat messages')
    p.add_argument("--lang", default="auto", choices=["auto", "zh", "en"],
                   help="language of the conversation: zh, en, or auto to detect it per message (default)")
    p.add_argument("--today", metavar="YYYY-MM-DD",
                   help="the conversation's date: relative dates ('tomorrow', '下周三') become ISO dates")
    p.add_argument("--pack", action="append", metavar="NAME",
                   help="domain rule pack to load, e.g. booking (repeatable; none by default)")
    p.add_argument("--rules", action="append", metavar="DIR", help="extra rule folder, a pack of your own (repeatable)")
    p.add_argument("--catalog", metavar="PATH", help="catalogue file (JSON or CSV) of names")


def cmd_replay(args: argparse.Namespace) -> int:
    messages = _conversation(args)
    # with --store: the stored session, going on after the messages it holds
    tracker, start = replay_tracker(args, messages, _options(args)) if args.store else (_tracker(args), 0)
    out = sys.stdout
    if start:  # a stored session: say what it already held (on stderr beside JSON lines)
        where = f"session {args.session or Path(args.file).stem!r} in {args.store}"
        news = (f"no new messages: {where} already holds all {start} messages of {args.file}"
                if start == len(messages) else
                f"{where} already holds the first {start} of {len(messages)} messages; replaying from message {start}")
        print(news, file=out if args.format == "text" else sys.stderr)
    for i, message in enumerate(messages):
        if i < start:
            continue
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
    if args.format == "text":  # what the replay leaves: the state, for people (JSON lines carry it already)
        from .views.text import state_text

        out.write(f"=== final state\n{state_text(tracker.state())}\n")
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
    tracker.observe_many(_conversation(args))
    if args.format == "text":
        from .views.text import state_text

        sys.stdout.write(state_text(tracker.state()) + "\n")
    else:
        sys.stdout.write(tracker.state().to_json(indent=2) + "\n")
    return 0


def _fail(message: str) -> int:
    """A problem of the command line itself (not of the conversation): one line on stderr, status 2."""
    print(f"ctxgraph: {message}", file=sys.stderr)
    return 2


GRAPH_FORMATS = {".html": "html", ".htm": "html", ".json": "json", ".png": "picture", ".svg": "picture", ".pdf": "picture"}


def cmd_graph(args: argparse.Namespace) -> int:
    from . import views

    out = Path(args.out)
    kind = GRAPH_FORMATS.get(out.suffix.lower())
    if kind is None:  # checked before the conversation is read
        return _fail(Errors.E070.format(out=args.out, suffix=out.suffix or "(none)", known=", ".join(sorted(GRAPH_FORMATS))))
    if not out.parent.is_dir():  # before the conversation is read, too
        return _fail(Errors.E071.format(out=args.out, reason=f"no folder {out.parent}"))
    tracker = _tracker(args)
    tracker.observe_many(_conversation(args))
    try:
        if kind == "html":
            views.to_html(tracker, out, layout=args.layout, window=args.window or None)
        elif kind == "json":
            data = views.graph_data(tracker, layout=args.layout, window=args.window or None)
            out.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        else:
            views.save_picture(tracker, out, layout=args.layout)
    except ImportError as err:
        return _fail(str(err))
    except OSError as err:
        return _fail(Errors.E071.format(out=args.out, reason=err.strerror or err))
    print(f"{out}: {tracker.graph.number_of_nodes()} nodes, {tracker.graph.number_of_edges()} edges")
    return 0


COMMANDS = {
    "replay": ("assemble the context for every user message of a conversation",
               "For each user message at index i, assemble the context from messages 0..i-1 with\n"
               "message i as the question, and print it (text, or one JSON object a line); the text\n"
               "ends with the state after the whole file.",
               "ctxgraph replay examples/zh_phone_order.jsonl --budget 400"),
    "state": ("print the state JSON after the whole conversation",
              "Observe the whole conversation and print its state JSON (schema ctxgraph.state/1),\n"
              "or with --format text a line per goal, constraint, promise, fact and action.",
              "ctxgraph state examples/en_return_exchange.jsonl --today 2026-11-30"),
    "stub": ("run a local OpenAI-compatible server that answers with what it received",
             "A chat-completions server on 127.0.0.1 (streams too) whose every answer says what the\n"
             "request held: the messages, their tokens, the last one. Try ctxgraph serve, or a bot,\n"
             "without an upstream or a key. Same as python -m ctxgraph.testing. Ctrl-C stops it.",
             "ctxgraph stub --port 9000 & ctxgraph serve --upstream http://127.0.0.1:9000/v1 --budget 300"),
    "graph": ("write a view of the graph: HTML page, picture or JSON",
              "Observe the whole conversation and write a view of its graph; the format follows\n"
              "the extension of --out.",
              "ctxgraph graph examples/zh_phone_order.jsonl --out graph.html"),
}


def _command(sub: Any, name: str) -> argparse.ArgumentParser:
    """A subcommand whose --help says what it does, with an example."""
    summary, description, example = COMMANDS[name]
    return sub.add_parser(name, help=summary, description=description, epilog=f"example:\n  {example}",
                          formatter_class=argparse.RawDescriptionHelpFormatter)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ctxgraph", description="Context-graph state tracking for LLM chats.",
        epilog="Run 'ctxgraph COMMAND --help' for a command's options and an example.")
    parser.add_argument("--version", action="version", version=f"ctxgraph {version()}")
    sub = parser.add_subparsers(dest="command", title="commands", metavar="COMMAND")
    p = _command(sub, "replay")
    _add_common(p)
    p.add_argument("--budget", type=int, default=600, help="token budget per context (default 600)")
    p.add_argument("--format", default="text", choices=["text", "json"],
                   help="text (default) or json: one object a line with index, question, budget, tokens, messages, state")
    add_store_options(p)
    p.set_defaults(func=cmd_replay)
    p = _command(sub, "state")
    _add_common(p)
    p.add_argument("--format", default="json", choices=["json", "text"],
                   help="json: the state JSON, schema ctxgraph.state/1 (default); text: a line per goal, "
                        "constraint, promise, fact and action, for people")
    p.set_defaults(func=cmd_state)
    p = _command(sub, "graph")
    _add_common(p)
    p.add_argument("--out", required=True, metavar="PATH",
                   help="graph.html (interactive, self-contained), graph.png/.svg/.pdf (needs ctxgraph[viz]) or graph.json")
    p.add_argument("--layout", default="timeline", choices=["timeline", "spring"],
                   help="timeline: x is the message a node came from, a lane per kind (default); spring: networkx")
    p.add_argument("--window", type=int, default=200, metavar="N",
                   help="html, json: the last N messages and the state as it is now (default 200; 0: everything)")
    p.set_defaults(func=cmd_graph)
    try:
        from .bench._cli import add_bench_parser
    except ImportError:  # the bench package is optional in a trimmed install
        pass
    else:
        add_bench_parser(sub)
    add_sessions_parser(sub)
    from .testing import add_stub_options, serve_stub

    p = _command(sub, "stub")
    add_stub_options(p)
    p.set_defaults(func=serve_stub)
    from ._serve_cli import add_serve_parser

    add_serve_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:  # `ctxgraph` alone: what there is
        parser.print_help()
        return 0
    try:
        return args.func(args)
    except CtxgraphError as err:
        print(f"ctxgraph: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
