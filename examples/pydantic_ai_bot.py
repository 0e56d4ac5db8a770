"""A support bot on Pydantic AI with ctxgraph as its history processor (issue 22).

    pip install "ctxgraph[pydantic-ai]" "pydantic-ai-slim[openai]"
    python examples/pydantic_ai_bot.py --base-url https://api.openai.com/v1 --model gpt-4o-mini   # OPENAI_API_KEY
    python examples/pydantic_ai_bot.py --stub     # against ctxgraph.testing.StubServer

Reads one user message per line from stdin and prints the agent's answers.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import sys

from openai import AsyncOpenAI
from pydantic_ai import Agent
from pydantic_ai.capabilities import ProcessHistory
from pydantic_ai.models.openai import OpenAIChatModel
from pydantic_ai.providers.openai import OpenAIProvider

from ctxgraph.integrations.pydantic_ai import CtxgraphHistory


def lookup_order(order_id: str) -> str:
    """The status of an order."""
    return f'{{"order_id": "{order_id}", "status": "shipped", "eta": "May 3"}}'


async def chat(args: argparse.Namespace, base_url: str, lines: list[str], out) -> None:
    history = CtxgraphHistory(budget=args.budget, store=args.store)
    async with AsyncOpenAI(base_url=base_url, api_key=os.environ.get("OPENAI_API_KEY", "stub")) as client:
        model = OpenAIChatModel(args.model, provider=OpenAIProvider(openai_client=client))
        agent = Agent(model, instructions="You are a shop's support agent. Be brief.", tools=[lookup_order],
                      capabilities=[ProcessHistory(history)])
        messages = None
        for line in lines:
            result = await agent.run(line, message_history=messages, conversation_id=args.session)
            messages = result.all_messages()
            print(result.output, file=out)


def main(argv: list[str] | None = None, lines: list[str] | None = None, out=sys.stdout) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-url", default=os.environ.get("OPENAI_BASE_URL", "https://api.openai.com/v1"))
    parser.add_argument("--model", default="gpt-4o-mini")
    parser.add_argument("--store", default="sqlite:///pydantic_ai_bot.db")
    parser.add_argument("--session", default="demo-user")
    parser.add_argument("--budget", type=int, default=1500)
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
        asyncio.run(chat(args, base_url, lines, out))


if __name__ == "__main__":
    main()
