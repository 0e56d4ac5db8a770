"""A support bot over LlamaIndex's Memory with ctxgraph's memory block (issue 22).

    pip install "ctxgraph[llamaindex,openai]"
    python examples/llamaindex_bot.py --base-url https://api.openai.com/v1 --model gpt-4o-mini   # OPENAI_API_KEY
    python examples/llamaindex_bot.py --stub     # against ctxgraph.testing.StubServer

Reads one user message per line from stdin and prints the answers. The model is called with the
openai client (llama-index-llms-openai 0.8.3 pins openai<3); with that package installed, pass
the same ``memory`` to a LlamaIndex agent: ``agent.run(text, memory=memory)``.
"""

from __future__ import annotations

import argparse
import sys

from llama_index.core.base.llms.types import ChatMessage
from llama_index.core.memory import Memory
from openai import AsyncOpenAI
from sqlalchemy.ext.asyncio import create_async_engine

from ctxgraph.integrations.llamaindex import CtxgraphMemoryBlock, to_chat

import _support_chat as support


async def chat(args: argparse.Namespace, base_url: str, lines: list[str], out) -> None:
    engine = create_async_engine(f"sqlite+aiosqlite:///{args.queue_db}")  # LlamaIndex's own recent messages
    memory = Memory.from_defaults(session_id=args.session, token_limit=args.token_limit, async_engine=engine,
                                  memory_blocks=[CtxgraphMemoryBlock(store=args.store, budget=args.budget, priority=0)])
    async with AsyncOpenAI(base_url=base_url, api_key=support.api_key()) as client:
        for line in lines:
            await memory.aput(ChatMessage(role="user", content=line))
            messages = [{"role": "system", "content": support.INSTRUCTIONS}]
            messages += [to_chat(m) for m in await memory.aget()]
            reply = await client.chat.completions.create(model=args.model, messages=messages)
            text = reply.choices[0].message.content or ""
            await memory.aput(ChatMessage(role="assistant", content=text))
            print(text, file=out)
    await engine.dispose()


def main(argv: list[str] | None = None, lines: list[str] | None = None, out=sys.stdout) -> None:
    def options(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--queue-db", default="llamaindex_queue.db", help="SQLite file of LlamaIndex's queue")
        parser.add_argument("--token-limit", type=int, default=2000, help="LlamaIndex Memory's token limit")

    support.run_bot(chat, argv, lines, out, doc=__doc__, store="sqlite:///llamaindex_bot.db", budget=400,
                    budget_help="tokens of the state block", add_arguments=options)


if __name__ == "__main__":
    main()
