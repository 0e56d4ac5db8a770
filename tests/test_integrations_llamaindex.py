"""CtxgraphMemoryBlock in real LlamaIndex ``Memory`` (llama-index-core: its short-term queue,
flushes into the blocks, priority truncation into the system message), with the model reached
through the real openai client on StubServer: 30 turns with tool calls, a restart on SQLite.

llama-index-llms-openai is not used: its 0.8.3 pins openai<3, which the Agents SDK and Pydantic
AI's extras exclude (openai>=3); the loop below is the part of an agent that calls the model."""

from __future__ import annotations

import asyncio
import json

import pytest

pytest.importorskip("llama_index.core")
openai = pytest.importorskip("openai")

from llama_index.core.base.llms.types import ChatMessage  # noqa: E402
from llama_index.core.memory import Memory  # noqa: E402
from sqlalchemy.ext.asyncio import create_async_engine  # noqa: E402

from ctxgraph import get_encoding  # noqa: E402
from ctxgraph._tokens import count_text_tokens  # noqa: E402
from ctxgraph.integrations.llamaindex import CtxgraphMemoryBlock, to_chat  # noqa: E402

TOKEN_LIMIT = 800
TOOLS = [{"type": "function", "function": {"name": "lookup_order", "description": "An order's status.",
                                           "parameters": {"type": "object",
                                                          "properties": {"order_id": {"type": "string"}}}}}]


def _run(server, chat, block: CtxgraphMemoryBlock, turns, queue_db) -> None:
    """The turns through a LlamaIndex Memory whose own queue is kept in the SQLite file ``queue_db``."""
    engine = create_async_engine(f"sqlite+aiosqlite:///{queue_db}")
    memory = Memory.from_defaults(session_id="user-1", token_limit=TOKEN_LIMIT, memory_blocks=[block],
                                  async_engine=engine)

    async def ask(client) -> ChatMessage:
        messages = [{"role": "system", "content": chat.INSTRUCTIONS}] + [to_chat(m) for m in await memory.aget()]
        reply = (await client.chat.completions.create(model="stub-model", messages=messages, tools=TOOLS)).choices[0]
        calls = [c.model_dump() for c in reply.message.tool_calls or ()]
        return ChatMessage(role="assistant", content=reply.message.content, additional_kwargs=(
            {"tool_calls": calls} if calls else {}))

    async def go() -> None:
        async with openai.AsyncOpenAI(base_url=server.base_url, api_key="test", max_retries=0) as client:
            for i in turns:
                chat.queue(server, i)
                await memory.aput(ChatMessage(role="user", content=chat.turns[i]))
                answer = await ask(client)
                await memory.aput(answer)
                for call in answer.additional_kwargs.get("tool_calls", ()):
                    args = json.loads(call["function"]["arguments"])
                    await memory.aput(ChatMessage(role="tool", content=chat.lookup_order(**args),
                                                  additional_kwargs={"tool_call_id": call["id"]}))
                if answer.additional_kwargs.get("tool_calls"):
                    await memory.aput(await ask(client))
        await engine.dispose()

    asyncio.run(go())


def test_integrations_llamaindex_30_turns_state_block_in_memory(server, support_chat, tmp_path):
    block = CtxgraphMemoryBlock(store=f"sqlite:///{tmp_path / 'sessions.db'}", budget=300, priority=0)
    _run(server, support_chat, block, range(30), tmp_path / "queue.db")
    bodies = [r.body for r in server.requests]
    assert len(bodies) == 30 + len(support_chat.TOOL_TURNS)
    # LlamaIndex's Memory keeps its token limit (counting content only, no per-message overhead)
    sizes = support_chat.check(bodies, TOKEN_LIMIT, per_message=0)
    assert max(sizes) > TOKEN_LIMIT // 2
    system = bodies[-1]["messages"][1]["content"]
    state = system[system.index("[Conversation state"):system.index("</ctxgraph_state>")]
    assert count_text_tokens(state, get_encoding("o200k_base")) <= 300  # the block's budget
    assert "ctxgraph_state" in system and "$500" in system and "A1001" in system  # turns 0-1 left the queue
    assert bodies[-1]["messages"][-1] == {"role": "user", "content": support_chat.turns[29]}
    tracker = block.tracker("user-1")
    facts = {f.key: f.value for f in tracker.state().facts if f.status == "current"}
    assert facts.get("budget") == "$500"
    # every message observed once: the queue's when the memory was read, the flushed ones not again
    assert len(tracker.messages) == 29 * 2 + 2 * len(support_chat.TOOL_TURNS) + 1


def test_integrations_llamaindex_restart_knows_the_conversation(server, support_chat, tmp_path):
    store = f"sqlite:///{tmp_path / 'sessions.db'}"
    first = CtxgraphMemoryBlock(store=store, budget=300)
    _run(server, support_chat, first, range(12), tmp_path / "queue.db")
    observed = len(first.tracker("user-1").messages)
    assert observed == 11 * 2 + 2 * len([t for t in support_chat.TOOL_TURNS if t < 12]) + 1  # turn 11's answer: unread
    before = len(server.requests)
    again = CtxgraphMemoryBlock(store=store, budget=300)  # a new process; both stores remain
    assert len(again.tracker("user-1").messages) == observed
    _run(server, support_chat, again, range(12, 13), tmp_path / "queue.db")
    system = server.requests[before].body["messages"][1]["content"]
    assert "$500" in system and "A1001" in system
    assert 12 in support_chat.TOOL_TURNS  # answer 11, question 12, its tool call and result; nothing twice
    assert len(again.tracker("user-1").messages) == observed + 4


@pytest.mark.parametrize("state", ["auto", "always"])
def test_integrations_llamaindex_short_history_passes_through_unless_state_always(server, support_chat, tmp_path,
                                                                                  state):
    block = CtxgraphMemoryBlock(budget=300, state=state)
    _run(server, support_chat, block, range(2), tmp_path / "queue.db")
    sent = server.requests[-1].body["messages"]
    chat = [{"role": "user", "content": support_chat.turns[0]},
            {"role": "assistant", "content": support_chat.answer(0)},
            {"role": "user", "content": support_chat.turns[1]}]
    if state == "auto":  # the conversation fits the budget: the memory's own history, no block (issue 20)
        assert sent == [{"role": "system", "content": support_chat.INSTRUCTIONS}] + chat
    else:  # LlamaIndex puts the block in a system message before the chat
        assert sent[-3:] == chat and len(sent) == 5
        assert "ctxgraph_state" in sent[1]["content"] and "$500" in sent[1]["content"]
        assert "A1001" in sent[1]["content"]


def test_integrations_llamaindex_state_mode_is_checked():
    with pytest.raises(ValueError, match=r"\[E090\]"):  # pydantic's ValidationError, holding ctxgraph's message
        CtxgraphMemoryBlock(state="never")
