"""CtxgraphMiddleware through real LangChain v1 (create_agent, ChatOpenAI, a tool, LangGraph's
checkpointer) and LangGraph's prebuilt agent, against the real StubServer: 30 turns with tool
calls, sync and async, a restart on the same SQLite store."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("langchain")
pytest.importorskip("langchain_openai")

from langchain.agents import create_agent  # noqa: E402
from langchain_core.tools import tool  # noqa: E402
from langchain_openai import ChatOpenAI  # noqa: E402
from langgraph.checkpoint.memory import InMemorySaver  # noqa: E402

from ctxgraph.integrations.langchain import CtxgraphMiddleware  # noqa: E402

BUDGET = 400


def _agent(server, chat, middleware, checkpointer):
    model = ChatOpenAI(model="stub-model", base_url=server.base_url, api_key="test", max_retries=0)
    return create_agent(model, tools=[tool(chat.lookup_order)], system_prompt=chat.INSTRUCTIONS,
                        middleware=[middleware], checkpointer=checkpointer)


def _turns(agent, server, chat, turns, thread="user-1"):
    config = {"configurable": {"thread_id": thread}}
    for i in turns:
        chat.queue(server, i)
        out = agent.invoke({"messages": [{"role": "user", "content": chat.turns[i]}]}, config)
    return out


def _state_block(body) -> str:
    return next(m["content"] for m in body["messages"] if "[Conversation state" in (m.get("content") or ""))


def test_integrations_langchain_30_turns_within_budget_with_state(server, support_chat, tmp_path):
    mw = CtxgraphMiddleware(budget=BUDGET, store=f"sqlite:///{tmp_path / 'sessions.db'}")
    out = _turns(_agent(server, support_chat, mw, InMemorySaver()), server, support_chat, range(30))
    assert out["messages"][-1].content.startswith("Answer 29")
    assert len(out["messages"]) == 30 * 2 + 2 * len(support_chat.TOOL_TURNS)  # the graph keeps everything
    bodies = [r.body for r in server.requests]
    assert len(bodies) == 30 + len(support_chat.TOOL_TURNS)
    sizes = support_chat.check(bodies, BUDGET)
    assert max(sizes) > BUDGET // 2
    assert "$500" in _state_block(bodies[-1]) and "A1001" in _state_block(bodies[-1])
    assert bodies[-1]["messages"][0] == {"role": "system", "content": support_chat.INSTRUCTIONS}
    assert bodies[-1]["messages"][-1] == {"role": "user", "content": support_chat.turns[29]}
    facts = {f.key: f.value for f in mw.tracker("user-1").state().facts if f.status == "current"}
    assert facts.get("budget") == "$500"
    assert len(mw.tracker("user-1").messages) == len(out["messages"])
    assert mw.counters.get("rebuilt", 0) == 0 and len(mw.reports) == len(bodies)


def test_integrations_langchain_restart_continues_from_the_store(server, support_chat, tmp_path):
    store, saver = f"sqlite:///{tmp_path / 'sessions.db'}", InMemorySaver()
    _turns(_agent(server, support_chat, CtxgraphMiddleware(budget=BUDGET, store=store), saver),
           server, support_chat, range(12))
    before = len(server.requests)
    again = CtxgraphMiddleware(budget=BUDGET, store=store)  # a new process: the store and the checkpointer remain
    _turns(_agent(server, support_chat, again, saver), server, support_chat, range(12, 14))
    assert "$500" in _state_block(server.requests[before].body)
    assert again.counters.get("continued") == 2 + len([t for t in support_chat.TOOL_TURNS if 12 <= t < 14])
    assert again.counters.get("rebuilt", 0) == 0  # read from the store, nothing extracted again
    support_chat.check([r.body for r in server.requests], BUDGET)


def test_integrations_langchain_async_threads_are_apart(server, support_chat):
    mw = CtxgraphMiddleware(budget=BUDGET)
    agent = _agent(server, support_chat, mw, InMemorySaver())

    async def go():
        for i in range(6):
            for thread in ("a", "b"):
                support_chat.queue(server, i)
                await agent.ainvoke({"messages": [{"role": "user", "content": f"{thread}: {support_chat.turns[i]}"}]},
                                    {"configurable": {"thread_id": thread}})

    asyncio.run(go())
    support_chat.check([r.body for r in server.requests], BUDGET)
    assert len(mw.tracker("a").messages) == len(mw.tracker("b").messages) == 6 * 2 + 2
    assert all(m["content"].startswith("a: ") for m in mw.tracker("a").messages if m["role"] == "user")


def test_integrations_langchain_prebuilt_pre_model_hook(server, support_chat):
    with pytest.warns(DeprecationWarning):  # langgraph 1.x points to langchain's create_agent
        from langgraph.prebuilt import create_react_agent

        mw = CtxgraphMiddleware(budget=BUDGET)
        model = ChatOpenAI(model="stub-model", base_url=server.base_url, api_key="test", max_retries=0)
        agent = create_react_agent(model, [tool(support_chat.lookup_order)], prompt=support_chat.INSTRUCTIONS,
                                   pre_model_hook=mw.pre_model_hook, checkpointer=InMemorySaver())
    _turns(agent, server, support_chat, range(30))
    bodies = [r.body for r in server.requests]
    support_chat.check(bodies, BUDGET)
    assert "$500" in _state_block(bodies[-1])
    assert mw.counters.get("rebuilt", 0) == 0


@pytest.mark.parametrize("state", ["auto", "always"])
def test_integrations_langchain_short_history_passes_through_unless_state_always(server, support_chat, state):
    mw = CtxgraphMiddleware(budget=BUDGET, state=state)
    _turns(_agent(server, support_chat, mw, InMemorySaver()), server, support_chat, range(2))
    support_chat.check_short(server.requests[-1].body["messages"], state)
    if state == "auto":  # the history fits the budget: nothing added, nothing saved (issue 20)
        assert mw.reports[-1].saved_tokens == 0


def test_integrations_langchain_state_mode_is_checked():
    from ctxgraph import ConfigError

    with pytest.raises(ConfigError, match=r"\[E090\]"):
        CtxgraphMiddleware(state="never")
