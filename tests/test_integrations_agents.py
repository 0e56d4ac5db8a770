"""CtxgraphSession through the real OpenAI Agents SDK (Runner, chat-completions model, function
tool) against the real StubServer: 30 turns with tool calls, a restart on the same SQLite store."""

from __future__ import annotations

import asyncio

import pytest

agents = pytest.importorskip("agents")
openai = pytest.importorskip("openai")

from agents import Agent, OpenAIChatCompletionsModel, RunConfig, Runner, function_tool  # noqa: E402

from ctxgraph.integrations.openai_agents import CtxgraphSession  # noqa: E402

BUDGET = 400


def _agent(client, chat) -> Agent:
    model = OpenAIChatCompletionsModel(model="stub-model", openai_client=client)
    return Agent(name="support", instructions=chat.INSTRUCTIONS, model=model,
                 tools=[function_tool(chat.lookup_order)])


def _run(server, chat, session: CtxgraphSession, turns: range, *, with_filter: bool) -> list[str]:
    async def go() -> list[str]:
        outputs = []
        config = RunConfig(tracing_disabled=True,
                           call_model_input_filter=session.call_model_input_filter if with_filter else None)
        async with openai.AsyncOpenAI(base_url=server.base_url, api_key="test", max_retries=0) as client:
            agent = _agent(client, chat)
            for i in turns:
                chat.queue(server, i)
                result = await Runner.run(agent, chat.turns[i], session=session, run_config=config)
                outputs.append(result.final_output)
        return outputs

    return asyncio.run(go())


@pytest.mark.parametrize("with_filter", [False, True], ids=["session", "session+filter"])
def test_integrations_agents_30_turns_within_budget_with_state(server, support_chat, tmp_path, with_filter):
    store = f"sqlite:///{tmp_path / 'sessions.db'}"
    session = CtxgraphSession("user-1", store=store, budget=BUDGET)
    outputs = _run(server, support_chat, session, range(30), with_filter=with_filter)
    assert outputs[-1].startswith("Answer 29")
    bodies = [r.body for r in server.requests]
    assert len(bodies) == 30 + len(support_chat.TOOL_TURNS)
    sizes = support_chat.check(bodies, BUDGET)
    assert max(sizes) > BUDGET // 2  # the history outgrew the budget: it was assembled, not sent whole
    last = bodies[-1]["messages"]
    state = next(m["content"] for m in last if "[Conversation state" in (m.get("content") or ""))
    assert "$500" in state and "A1001" in state  # planted in turns 0 and 1, long out of the raw window
    assert last[-1] == {"role": "user", "content": support_chat.turns[29]}
    tool_turn = bodies[-2 if 27 in support_chat.TOOL_TURNS else -1]
    assert tool_turn["messages"]  # tool results reached the model with their calls (checked above)
    facts = {f.key: f.value for f in session.tracker().state().facts if f.status == "current"}
    assert facts.get("budget") == "$500"
    assert len(session.tracker().messages) == 30 * 2 + 2 * len(support_chat.TOOL_TURNS)


def test_integrations_agents_new_session_after_restart_knows_the_conversation(server, support_chat, tmp_path):
    store = f"sqlite:///{tmp_path / 'sessions.db'}"
    _run(server, support_chat, CtxgraphSession("user-1", store=store, budget=BUDGET), range(12), with_filter=False)
    before = len(server.requests)
    again = CtxgraphSession("user-1", store=store, budget=BUDGET)  # a new process would do the same
    assert len(again.tracker().messages) == 12 * 2 + 2 * len([t for t in support_chat.TOOL_TURNS if t < 12])
    _run(server, support_chat, again, range(12, 14), with_filter=False)
    first = server.requests[before].body["messages"]
    state = next(m["content"] for m in first if "[Conversation state" in (m.get("content") or ""))
    assert "$500" in state and "A1001" in state
    assert first[-1] == {"role": "user", "content": support_chat.turns[12]}
    support_chat.check([r.body for r in server.requests], BUDGET)


def test_integrations_agents_session_protocol(tmp_path):
    from agents.memory import Session

    session = CtxgraphSession("s", store=f"sqlite:///{tmp_path / 's.db'}", budget=300)
    assert isinstance(session, Session)  # the SDK's runtime-checkable protocol

    async def go():
        await session.add_items([{"role": "user", "content": "My budget is $500."}])
        await session.add_items([{"type": "message", "role": "assistant", "status": "completed", "id": "m1",
                                  "content": [{"type": "output_text", "text": "Noted.", "annotations": []}]}])
        await session.add_items([{"role": "user", "content": "Actually make it $600."}])
        popped = await session.pop_item()
        items = await session.get_items()
        last_two = await session.get_items(limit=2)
        await session.clear_session()
        return popped, items, last_two, await session.get_items()

    popped, items, last_two, cleared = asyncio.run(go())
    assert popped == {"role": "user", "content": "Actually make it $600."}
    # a history that fits the budget comes back as it is, with no state block (issue 20)
    assert [i.get("role") for i in items] == ["user", "assistant"]
    assert "$500" in items[0]["content"] and "$600" not in str(items)
    assert last_two == items[-2:]
    assert cleared == [] and CtxgraphSession("s", store=f"sqlite:///{tmp_path / 's.db'}").tracker().messages == []


def test_integrations_agents_reserve_must_leave_room():
    from ctxgraph import BudgetError

    with pytest.raises(BudgetError, match=r"\[E221\]"):
        CtxgraphSession("s", budget=100, input_reserve=100)


def test_integrations_agents_limit_never_starts_with_an_orphan_tool_result():
    session = CtxgraphSession("s", budget=300)

    async def go():
        await session.add_items([
            {"role": "user", "content": "Where is order A1001?"},
            {"type": "function_call", "call_id": "c1", "name": "lookup_order", "arguments": '{"order_id": "A1001"}'},
            {"type": "function_call_output", "call_id": "c1", "output": "shipped"},
            {"type": "message", "role": "assistant", "status": "completed", "id": "m1",
             "content": [{"type": "output_text", "text": "It shipped.", "annotations": []}]}])
        return await session.get_items(), await session.get_items(limit=2)

    items, last = asyncio.run(go())
    assert [i.get("type", i.get("role")) for i in items[-3:]] == ["function_call", "function_call_output", "assistant"]
    assert last == items[-1:]  # the result whose call was cut off is left out


def test_integrations_agents_input_over_the_reserve_is_named(caplog):
    session = CtxgraphSession("s", budget=200, input_reserve=20)
    long_input = {"role": "user", "content": "Please check my order A1001 and " + "also the blue headphones " * 10}
    with caplog.at_level("WARNING", logger="ctxgraph.integrations"):
        asyncio.run(session.add_items([long_input]))
    (record,) = caplog.records
    assert "input_reserve=20" in record.getMessage() and "call_model_input_filter" in record.getMessage()


@pytest.mark.parametrize("state", ["auto", "always"])
def test_integrations_agents_short_history_passes_through_unless_state_always(server, support_chat, state):
    session = CtxgraphSession("user-1", budget=BUDGET, state=state)
    _run(server, support_chat, session, range(2), with_filter=False)
    support_chat.check_short(server.requests[-1].body["messages"], state)


def test_integrations_agents_state_mode_is_checked():
    from ctxgraph import ConfigError

    with pytest.raises(ConfigError, match=r"\[E090\]"):
        CtxgraphSession("s", state="never")
