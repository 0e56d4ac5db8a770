"""``ctxgraph serve``: the command line of the gateway (the app itself is :mod:`ctxgraph.serve`).

Kept apart from the app so that ``ctxgraph --help`` lists the command, and says what to
install, when the serve extra is missing.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="ctxgraph")
>>> add_serve_parser(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["serve", "--upstream", "http://127.0.0.1:9/v1", "--pack", "booking", "--workers", "2"])
>>> config_of(args).packs, config_of(args).workers, config_of(args).store, config_of(args).tracker_options
(('booking',), 2, 'sqlite:///ctxgraph-sessions.db', {'en_models': []})
>>> config_of(parser.parse_args(["serve", "--upstream", "http://127.0.0.1:9/v1", "--nlp", "trained"])).tracker_options
{}
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

DESCRIPTION = """\
Run an OpenAI-compatible gateway: point any client (Node, Java, Go, a low-code platform) at
http://HOST:PORT/v1 instead of the model's API and name the conversation with the
X-Ctxgraph-Session header or the request's 'user' field. Each request's new messages are
observed, the context assembled within the budget is sent upstream in place of the whole
history, and the reply is observed. Also: the state API (/v1/sessions...), /metrics
(Prometheus) and /healthz. Routes, headers and metrics: docs/serve.md.
"""

EXAMPLE = """\
example:
  export OPENAI_API_KEY=...
  ctxgraph serve --upstream https://api.openai.com/v1 --api-key-env OPENAI_API_KEY --budget 1500 --port 8000
  curl http://127.0.0.1:8000/v1/chat/completions -H 'X-Ctxgraph-Session: user-42' \\
       -H 'Content-Type: application/json' -d '{"model": "gpt-4o-mini", "messages": [...]}'
"""

#: The default store when --store is not given (same value as ctxgraph.serve.DEFAULT_STORE).
DEFAULT_STORE = "sqlite:///ctxgraph-sessions.db"


def add_serve_parser(sub: Any) -> None:
    p = sub.add_parser("serve", help="run an OpenAI-compatible gateway that assembles each request's context",
                       description=DESCRIPTION, epilog=EXAMPLE, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--upstream", required=True, metavar="URL",
                   help="the OpenAI-compatible base URL requests go to, e.g. https://api.openai.com/v1")
    p.add_argument("--api-key-env", metavar="NAME",
                   help="environment variable with the upstream API key (default: pass the caller's Authorization on)")
    p.add_argument("--budget", type=int, default=1500, help="token budget of each assembled context (default 1500; "
                   "X-Ctxgraph-Budget overrides it per request)")
    p.add_argument("--store", default=DEFAULT_STORE, metavar="URL",
                   help=f"session store: sqlite:///FILE (default {DEFAULT_STORE}), redis://HOST:PORT/DB, memory://")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    p.add_argument("--workers", type=int, default=1, help="worker processes (default 1; needs a SQLite or Redis store)")
    p.add_argument("--pack", action="append", metavar="NAME", help="domain rule pack, e.g. booking (repeatable)")
    p.add_argument("--lang", default="auto", choices=["auto", "zh", "en"], help="language of the conversations")
    p.add_argument("--nlp", default="rules", choices=["rules", "trained"],
                   help="English reading: rules only (the pattern rules on a tokenizer; default: on customer-service "
                        "chats as accurate as the trained pipeline at 2.6 times less CPU per request) or the "
                        "installed trained spaCy pipeline (names and places from its statistical NER); Chinese is "
                        "read the same either way")
    p.add_argument("--state", default="auto", choices=["auto", "always"],
                   help="auto (default): a history that fits the budget goes upstream unchanged, no state block; "
                        "always: the state block on every request")
    p.add_argument("--timeout", type=float, default=600.0, help="seconds the upstream may take (default 600)")
    p.add_argument("--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"])
    p.set_defaults(func=cmd_serve)


def config_of(args: argparse.Namespace) -> Any:
    from .serve import ServeConfig

    return ServeConfig(upstream=args.upstream, budget=args.budget, store=args.store, api_key_env=args.api_key_env,
                       packs=tuple(args.pack or ()), lang=args.lang, timeout=args.timeout, workers=args.workers, state=args.state,
                       tracker_options={"en_models": []} if args.nlp == "rules" else {})


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        from .serve import run
    except ImportError as err:
        print(f"ctxgraph: {err}", file=sys.stderr)
        return 2
    config = config_of(args)
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        from .serve._config import admin_token

        if admin_token() is None:
            print("ctxgraph serve: warning: listening on %s without CTXGRAPH_ADMIN_TOKEN: anyone who reaches "
                  "the port can read and delete sessions (/v1/sessions)." % args.host, file=sys.stderr)
    run(config, host=args.host, port=args.port, log_level=args.log_level)
    return 0
