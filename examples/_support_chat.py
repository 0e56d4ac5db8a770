"""What the example support bots share: their command line, their input and the --stub server.

Each ``examples/*_bot.py`` keeps only its framework's lines (a ``chat`` function) and hands it
to :func:`run_bot`. Run a bot as ``python examples/NAME_bot.py``: Python puts examples/ first
on ``sys.path``, so ``import _support_chat`` finds this file.

>>> import io
>>> def chat(args, base_url, lines, out):
...     print(args.session, base_url.startswith("http://127.0.0.1:"), lines, file=out)
>>> out = io.StringIO()
>>> run_bot(chat, ["--stub"], [" hi ", "", "bye"], out, doc=__doc__, store="sqlite:///bot.db")
>>> out.getvalue()
"demo-user True ['hi', 'bye']\\n"
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import inspect
import os
import sys
from collections.abc import Callable, Iterable

INSTRUCTIONS = "You are a shop's support agent. Be brief."


def api_key() -> str:
    """The key the bots send: ``OPENAI_API_KEY``, or "stub" (all the StubServer needs)."""
    return os.environ.get("OPENAI_API_KEY", "stub")


def lookup_order(order_id: str) -> str:
    """The status of an order."""
    return f'{{"order_id": "{order_id}", "status": "shipped", "eta": "May 3"}}'


def run_bot(chat: Callable, argv: list[str] | None, lines: Iterable[str] | None, out, *, doc: str, store: str,
            conversation: str = "--session", budget: int = 1500, budget_help: str | None = None,
            add_arguments: Callable[[argparse.ArgumentParser], None] | None = None) -> None:
    """Parse *argv*, read the user's lines (stdin when *lines* is None) and call ``chat(args, base_url, lines, out)``.

    With ``--stub``, *base_url* is a local :class:`ctxgraph.testing.StubServer` that answers
    "(stub answer N)" to the N-th line. *chat* may be a coroutine function (run with asyncio).
    """
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--base-url", default=os.environ.get("OPENAI_BASE_URL", "https://api.openai.com/v1"))
    parser.add_argument("--model", default="gpt-4o-mini")
    parser.add_argument("--store", default=store)
    parser.add_argument(conversation, default="demo-user")
    parser.add_argument("--budget", type=int, default=budget, help=budget_help)
    if add_arguments is not None:
        add_arguments(parser)
    parser.add_argument("--stub", action="store_true", help="answer from a local StubServer")
    args = parser.parse_args(argv)
    lines = [ln.strip() for ln in (sys.stdin if lines is None else lines) if ln.strip()]
    with contextlib.ExitStack() as stack:
        base_url = args.base_url
        if args.stub:
            from ctxgraph.testing import StubServer

            server = stack.enter_context(StubServer())
            for n, _ in enumerate(lines):
                server.reply(f"(stub answer {n})")
            base_url = server.base_url
        result = chat(args, base_url, lines, out)
        if inspect.iscoroutine(result):
            asyncio.run(result)
