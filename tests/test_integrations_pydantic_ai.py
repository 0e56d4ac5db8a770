"""CtxgraphHistory through real Pydantic AI (Agent, OpenAIChatModel, a tool, the ProcessHistory
capability) against the real StubServer: 30 turns with tool calls, the history stored and passed
back as applications do, a restart on the same SQLite store."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("pydantic_ai")
openai = pytest.importorskip("openai")

from pydantic_ai import Agent, ModelMessagesTypeAdapter  # noqa: E402
from pydantic_ai.capabilities import ProcessHistory  # noqa: E402
from pydantic_ai.models.openai import OpenAIChatModel  # noqa: E402
from pydantic_ai.providers.openai import OpenAIProvider  # noqa: E402

from ctxgraph.integrations.pydantic_ai import CtxgraphHistory  # noqa: E402

BUDGET = 400


def _run(server, chat, history: CtxgraphHistory, turns, stored: bytes | None = None) -> bytes:
    """Run the turns, the message history kept as JSON between runs (as an application stores it)."""
    async def go() -> bytes:
        nonlocal stored
        async with openai.AsyncOpenAI(base_url=server.base_url, api_key="test", max_retries=0) as client:
            model = OpenAIChatModel("stub-model", provider=OpenAIProvider(openai_client=client))
            agent = Agent(model, instructions=chat.INSTRUCTIONS, tools=[chat.lookup_order],
                          capabilities=[ProcessHistory(history)])
            for i in turns:
                chat.queue(server, i)
                messages = ModelMessagesTypeAdapter.validate_json(stored) if stored else None
                result = await agent.run(chat.turns[i], message_history=messages, conversation_id="user-1")
                assert result.output.startswith(f"Answer {i}")
                stored = result.all_messages_json()
        return stored

    return asyncio.run(go())


def _state_block(body) -> str:
    return next(m["content"] for m in body["messages"] if "[Conversation state" in (m.get("content") or ""))


def test_integrations_pydantic_ai_30_turns_within_budget_with_state(server, support_chat, tmp_path):
    history = CtxgraphHistory(budget=BUDGET, store=f"sqlite:///{tmp_path / 'sessions.db'}")
    _run(server, support_chat, history, range(30))
    bodies = [r.body for r in server.requests]
    assert len(bodies) == 30 + len(support_chat.TOOL_TURNS)
    sizes = support_chat.check(bodies, BUDGET)
    assert max(sizes) > BUDGET // 2
    assert "$500" in _state_block(bodies[-1]) and "A1001" in _state_block(bodies[-1])
    assert {"role": "system", "content": support_chat.INSTRUCTIONS} in bodies[-1]["messages"]  # kept, outside the budget
    assert bodies[-1]["messages"][-1] == {"role": "user", "content": support_chat.turns[29]}
    tracker = history.tracker("user-1")
    facts = {f.key: f.value for f in tracker.state().facts if f.status == "current"}
    assert facts.get("budget") == "$500"
    assert len(tracker.messages) == 29 * 2 + 2 * len(support_chat.TOOL_TURNS) + 1  # turn 29's answer: next call
    assert history.counters.get("rebuilt", 0) == 0


def test_integrations_pydantic_ai_restart_continues_from_the_store(server, support_chat, tmp_path):
    store = f"sqlite:///{tmp_path / 'sessions.db'}"
    stored = _run(server, support_chat, CtxgraphHistory(budget=BUDGET, store=store), range(12))
    before = len(server.requests)
    again = CtxgraphHistory(budget=BUDGET, store=store)  # a new process, the stored history passed back
    _run(server, support_chat, again, range(12, 14), stored)
    first = server.requests[before].body
    assert "$500" in _state_block(first) and first["messages"][-1]["content"] == support_chat.turns[12]
    assert again.counters.get("rebuilt", 0) == 0
    n = len(again.tracker("user-1").messages)
    assert n == 13 * 2 + 2 * len([t for t in support_chat.TOOL_TURNS if t < 14]) + 1
    support_chat.check([r.body for r in server.requests], BUDGET)


@pytest.mark.parametrize("state", ["auto", "always"])
def test_integrations_pydantic_ai_short_history_passes_through_unless_state_always(server, support_chat, state):
    history = CtxgraphHistory(budget=BUDGET, state=state)
    _run(server, support_chat, history, range(2))
    support_chat.check_short(server.requests[-1].body["messages"], state)
    if state == "auto":  # the history fits the budget: nothing added, nothing saved (issue 20)
        assert history.reports[-1].saved_tokens == 0


def test_integrations_pydantic_ai_state_mode_is_checked():
    from ctxgraph import ConfigError

    with pytest.raises(ConfigError, match=r"\[E090\]"):
        CtxgraphHistory(state="never")
