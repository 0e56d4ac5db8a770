"""A support bot on the OpenAI Agents SDK whose session is ctxgraph's (issue 22).

    pip install "ctxgraph[agents]"
    python examples/agents_bot.py --base-url https://api.openai.com/v1 --model gpt-4o-mini   # OPENAI_API_KEY
    python examples/agents_bot.py --stub     # against ctxgraph.testing.StubServer, nothing leaves the machine

Reads one user message per line from stdin and prints the agent's answers; the conversation is
kept in --store (a new run with the same --session continues it).
"""

from __future__ import annotations

import argparse
import sys

from agents import Agent, OpenAIChatCompletionsModel, RunConfig, Runner, function_tool
from openai import AsyncOpenAI

from ctxgraph.integrations.openai_agents import CtxgraphSession

import _support_chat as support

lookup_order = function_tool(support.lookup_order)


async def chat(args: argparse.Namespace, base_url: str, lines: list[str], out) -> None:
    session = CtxgraphSession(args.session, store=args.store, budget=args.budget)
    async with AsyncOpenAI(base_url=base_url, api_key=support.api_key()) as client:
        agent = Agent(name="support", instructions=support.INSTRUCTIONS,
                      model=OpenAIChatCompletionsModel(model=args.model, openai_client=client), tools=[lookup_order])
        config = RunConfig(tracing_disabled=args.stub,
                           call_model_input_filter=session.call_model_input_filter if args.per_call else None)
        for line in lines:
            result = await Runner.run(agent, line, session=session, run_config=config)
            print(result.final_output, file=out)


def main(argv: list[str] | None = None, lines: list[str] | None = None, out=sys.stdout) -> None:
    def options(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--per-call", action="store_true", help="assemble every model call (call_model_input_filter)")

    support.run_bot(chat, argv, lines, out, doc=__doc__, store="sqlite:///agents_bot.db", add_arguments=options)


if __name__ == "__main__":
    main()
