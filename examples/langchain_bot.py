"""A support bot on LangChain v1 (create_agent) with ctxgraph's middleware (issue 22).

    pip install "ctxgraph[langchain]" langchain-openai
    python examples/langchain_bot.py --base-url https://api.openai.com/v1 --model gpt-4o-mini   # OPENAI_API_KEY
    python examples/langchain_bot.py --stub     # against ctxgraph.testing.StubServer

Reads one user message per line from stdin and prints the agent's answers. The graph keeps
every message (LangGraph's checkpointer); the model sees ctxgraph's context of the thread.
"""

from __future__ import annotations

import argparse
import sys

from langchain.agents import create_agent
from langchain_core.tools import tool
from langchain_openai import ChatOpenAI
from langgraph.checkpoint.memory import InMemorySaver

from ctxgraph.integrations.langchain import CtxgraphMiddleware

import _support_chat as support

lookup_order = tool(support.lookup_order)


def chat(args: argparse.Namespace, base_url: str, lines: list[str], out) -> None:
    model = ChatOpenAI(model=args.model, base_url=base_url, api_key=support.api_key())
    agent = create_agent(model, tools=[lookup_order], system_prompt=support.INSTRUCTIONS,
                         middleware=[CtxgraphMiddleware(budget=args.budget, store=args.store)],
                         checkpointer=InMemorySaver())
    config = {"configurable": {"thread_id": args.thread}}
    for line in lines:
        result = agent.invoke({"messages": [{"role": "user", "content": line}]}, config)
        print(result["messages"][-1].content, file=out)


def main(argv: list[str] | None = None, lines: list[str] | None = None, out=sys.stdout) -> None:
    support.run_bot(chat, argv, lines, out, doc=__doc__, store="sqlite:///langchain_bot.db", conversation="--thread")


if __name__ == "__main__":
    main()
