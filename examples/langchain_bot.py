"""A support bot on LangChain v1 (create_agent) with ctxgraph's middleware (issue 22).

    pip install "ctxgraph[langchain]" langchain-openai
    python examples/langchain_bot.py --base-url https://api.openai.com/v1 --model gpt-4o-mini   # OPENAI_API_KEY
    python examples/langchain_bot.py --stub     # against ctxgraph.testing.StubServer

Reads one user message per line from stdin and prints the agent's answers. The graph keeps
every message (LangGraph's checkpointer); the model sees ctxgraph's context of the thread.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys

from langchain.agents import create_agent
from langchain_core.tools import tool
from langchain_openai import ChatOpenAI
from langgraph.checkpoint.memory import InMemorySaver

from ctxgraph.integrations.langchain import CtxgraphMiddleware


@tool
def lookup_order(order_id: str) -> str:
    """The status of an order."""
    return f'{{"order_id": "{order_id}", "status": "shipped", "eta": "May 3"}}'


def main(argv: list[str] | None = None, lines: list[str] | None = None, out=sys.stdout) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-url", default=os.environ.get("OPENAI_BASE_URL", "https://api.openai.com/v1"))
    parser.add_argument("--model", default="gpt-4o-mini")
    parser.add_argument("--store", default="sqlite:///langchain_bot.db")
    parser.add_argument("--thread", default="demo-user")
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
        model = ChatOpenAI(model=args.model, base_url=base_url, api_key=os.environ.get("OPENAI_API_KEY", "stub"))
        agent = create_agent(model, tools=[lookup_order], system_prompt="You are a shop's support agent. Be brief.",
                             middleware=[CtxgraphMiddleware(budget=args.budget, store=args.store)],
                             checkpointer=InMemorySaver())
        config = {"configurable": {"thread_id": args.thread}}
        for line in lines:
            result = agent.invoke({"messages": [{"role": "user", "content": line}]}, config)
            print(result["messages"][-1].content, file=out)


if __name__ == "__main__":
    main()
