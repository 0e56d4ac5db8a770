"""A support bot on the OpenAI Agents SDK whose session is ctxgraph's (issue 22).

    pip install "ctxgraph[agents]"
    python examples/agents_bot.py --base-url https://api.openai.com/v1 --model gpt-4o-mini   # OPENAI_API_KEY
    python examples/agents_bot.py --stub     # against ctxgraph.testing.StubServer, nothing leaves the machine

Reads one user message per line from stdin and prints the agent's answers; the conversation is
kept in --store (a new run with the same --session continues it).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import sys

from agents import Agent, OpenAIChatCompletionsModel, RunConfig, Runner, function_tool
from openai import AsyncOpenAI

from ctxgraph.integrations.openai_agents import CtxgraphSession


@function_tool
def lookup_order(order_id: str) -> str:
    """The status of an order."""
    return f'{{"order_id": "{order_id}", "status": "shipped", "eta": "May 3"}}'


async def chat(args: argparse.Namespace, base_url: str, lines: list[str], out) -> None:
    session = CtxgraphSession(args.session, store=args.store, budget=args.budget)
    async with AsyncOpenAI(base_url=base_url, api_key=os.environ.get("OPENAI_API_KEY", "stub")) as client:
        agent = Agent(name="support", instructions="You are a shop's support agent. Be brief.",
                      model=OpenAIChatCompletionsModel(model=args.model, openai_client=client), tools=[lookup_order])
        config = RunConfig(tracing_disabled=args.stub,
                           call_model_input_filter=session.call_model_input_filter if args.per_call else None)
        for line in lines:
            result = await Runner.run(agent, line, session=session, run_config=config)
            print(result.final_output, file=out)


def main(argv: list[str] | None = None, lines: list[str] | None = None, out=sys.stdout) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-url", default=os.environ.get("OPENAI_BASE_URL", "https://api.openai.com/v1"))
    parser.add_argument("--model", default="gpt-4o-mini")
    parser.add_argument("--store", default="sqlite:///agents_bot.db")
    parser.add_argument("--session", default="demo-user")
    parser.add_argument("--budget", type=int, default=1500)
    parser.add_argument("--per-call", action="store_true", help="assemble every model call (call_model_input_filter)")
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
