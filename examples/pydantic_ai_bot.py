"""A support bot on Pydantic AI with ctxgraph as its history processor (issue 22).

    pip install "ctxgraph[pydantic-ai]" "pydantic-ai-slim[openai]"
    python examples/pydantic_ai_bot.py --base-url https://api.openai.com/v1 --model gpt-4o-mini   # OPENAI_API_KEY
    python examples/pydantic_ai_bot.py --stub     # against ctxgraph.testing.StubServer

Reads one user message per line from stdin and prints the agent's answers.
"""

from __future__ import annotations

import argparse
import sys

from openai import AsyncOpenAI
from pydantic_ai import Agent
from pydantic_ai.capabilities import ProcessHistory
from pydantic_ai.models.openai import OpenAIChatModel
from pydantic_ai.providers.openai import OpenAIProvider

from ctxgraph.integrations.pydantic_ai import CtxgraphHistory

import _support_chat as support


async def chat(args: argparse.Namespace, base_url: str, lines: list[str], out) -> None:
    history = CtxgraphHistory(budget=args.budget, store=args.store)
    async with AsyncOpenAI(base_url=base_url, api_key=support.api_key()) as client:
        model = OpenAIChatModel(args.model, provider=OpenAIProvider(openai_client=client))
        agent = Agent(model, instructions=support.INSTRUCTIONS, tools=[support.lookup_order],
                      capabilities=[ProcessHistory(history)])
        messages = None
        for line in lines:
            result = await agent.run(line, message_history=messages, conversation_id=args.session)
            messages = result.all_messages()
            print(result.output, file=out)


def main(argv: list[str] | None = None, lines: list[str] | None = None, out=sys.stdout) -> None:
    support.run_bot(chat, argv, lines, out, doc=__doc__, store="sqlite:///pydantic_ai_bot.db")


if __name__ == "__main__":
    main()
