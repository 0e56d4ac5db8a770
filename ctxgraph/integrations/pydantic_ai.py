"""ctxgraph as a Pydantic AI history processor: ``capabilities=[ProcessHistory(CtxgraphHistory(...))]``.

Before every model request of an agent (tool loops included), :class:`CtxgraphHistory`
observes the messages the session has not seen and replaces the history with ctxgraph's
assembled context: the state block, the recent turns that fit the budget (tool calls with their
returns), the new message last. Pydantic AI keeps what a processor returns as the run's history,
so the messages it returns are marked (``metadata={"ctxgraph": "context"}``) and never observed
twice, also when an application stores ``result.all_messages()`` and passes them back::

    from pydantic_ai import Agent
    from pydantic_ai.capabilities import ProcessHistory
    from ctxgraph.integrations.pydantic_ai import CtxgraphHistory

    history = CtxgraphHistory(budget=1500, store="sqlite:///sessions.db")
    agent = Agent(model, instructions="...", capabilities=[ProcessHistory(history)])
    result = await agent.run(text, message_history=messages, conversation_id=user.id)

One session per ``conversation_id`` of the run (or ``session=lambda ctx: ...``). The agent's
instructions and system prompts are kept as they are, outside the budget. Install with
``pip install "ctxgraph[pydantic-ai]"``.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Mapping

from ctxgraph._errors import Errors

try:
    from pydantic_ai import RunContext
    from pydantic_ai.messages import (
        ModelMessage,
        ModelRequest,
        ModelResponse,
        RetryPromptPart,
        SystemPromptPart,
        TextPart,
        ToolCallPart,
        ToolReturnPart,
        UserPromptPart,
    )
except ImportError as _err:  # tested in a subprocess (tests/test_integrations_pydantic_ai.py)
    raise ImportError(Errors.E220.format(module="pydantic_ai", package="pydantic-ai-slim",
                                         missing=_err.name, extra="pydantic-ai")) from _err

from ctxgraph._sessiontable import MAX_SESSIONS
from ctxgraph._tracker import Tracker
from ctxgraph.stores import Store

from ._hub import LOCK_TIMEOUT
from ._keeper import Keeper, KeeperViews
from ._reports import CallReport

__all__ = ["CtxgraphHistory", "to_chat"]

#: The metadata mark of the messages a CtxgraphHistory returns (already observed).
MARK = {"ctxgraph": "context"}


def to_chat(message: ModelMessage) -> list[dict[str, Any]]:
    """A Pydantic AI message as chat dicts (system prompt parts left out: they are instructions).

    >>> to_chat(ModelResponse(parts=[TextPart("Checking."), ToolCallPart("track", {"id": 7}, "c1")]))
    [{'role': 'assistant', 'content': 'Checking.', 'tool_calls': [{'id': 'c1', 'type': 'function', 'function': {'name': 'track', 'arguments': '{"id":7}'}}]}]
    >>> to_chat(ModelRequest(parts=[ToolReturnPart("track", "shipped", "c1"), UserPromptPart("thanks")]))
    [{'role': 'tool', 'tool_call_id': 'c1', 'content': 'shipped'}, {'role': 'user', 'content': 'thanks'}]
    """
    if isinstance(message, ModelResponse):
        text = "".join(p.content for p in message.parts if isinstance(p, TextPart))
        calls = [{"id": p.tool_call_id, "type": "function",
                  "function": {"name": p.tool_name, "arguments": p.args_as_json_str()}}
                 for p in message.parts if isinstance(p, ToolCallPart)]
        out: dict[str, Any] = {"role": "assistant", "content": text or (None if calls else "")}
        return [{**out, "tool_calls": calls} if calls else out]
    chat = []
    for part in message.parts:
        if isinstance(part, UserPromptPart):
            content = part.content if isinstance(part.content, str) else " ".join(
                c for c in part.content if isinstance(c, str))
            chat.append({"role": "user", "content": content})
        elif isinstance(part, ToolReturnPart):
            chat.append({"role": "tool", "tool_call_id": part.tool_call_id, "content": part.model_response_str()})
        elif isinstance(part, RetryPromptPart):
            text = part.model_response()
            chat.append({"role": "tool", "tool_call_id": part.tool_call_id, "content": text} if part.tool_name
                        else {"role": "user", "content": text})
    return chat


def _from_chat(messages: list[dict[str, Any]]) -> list[ModelMessage]:
    """Chat dicts (an assembled context) as Pydantic AI messages, marked as observed."""
    out: list[ModelMessage] = []
    parts: list[Any] = []

    def flush() -> None:
        if parts:
            out.append(ModelRequest(parts=list(parts), metadata=dict(MARK)))
            parts.clear()

    for m in messages:
        role, content = m["role"], m.get("content") or ""
        if role == "assistant":
            flush()
            calls = [ToolCallPart(c["function"]["name"], c["function"]["arguments"], c["id"])
                     for c in m.get("tool_calls") or ()]
            out.append(ModelResponse(parts=([TextPart(content)] if content else []) + calls, metadata=dict(MARK)))
        elif role == "tool":
            parts.append(ToolReturnPart(m.get("name") or "tool", content, m["tool_call_id"]))
        elif role == "system":
            parts.append(SystemPromptPart(content))
        else:
            parts.append(UserPromptPart(content))
    flush()
    return out


def _default_session(ctx: RunContext) -> str:
    return ctx.conversation_id or "default"


class CtxgraphHistory(KeeperViews):
    """A Pydantic AI history processor that sends ctxgraph's context within ``budget`` tokens.

    ``store`` keeps the sessions (``"sqlite:///sessions.db"``; default: in memory);
    ``session(ctx)`` names a run's session (default: the run's ``conversation_id``);
    ``tracker_options`` configure new sessions; ``on_report`` receives a
    :class:`~ctxgraph.integrations.openai.CallReport` per model request. ``state="auto"`` (the
    default) sends a history that fits the budget unchanged, with no state block;
    ``state="always"`` adds the block on every request (as ``Tracker.assemble``).

    >>> CtxgraphHistory(budget=300).budget
    300
    """

    def __init__(self, budget: int = 1500, *, store: str | Store | None = None,
                 session: Callable[[RunContext], str] = _default_session,
                 tracker_options: Mapping[str, Any] | None = None, max_sessions: int = MAX_SESSIONS,
                 lock_timeout: float | None = LOCK_TIMEOUT, on_report: Callable[[CallReport], None] | None = None,
                 state: str = "auto"):
        self._keeper = Keeper(budget, store=store, tracker_options=tracker_options, max_sessions=max_sessions,
                              lock_timeout=lock_timeout, on_report=on_report, state=state)
        self.budget = budget
        self.session = session

    async def __call__(self, ctx: RunContext, messages: list[ModelMessage]) -> list[ModelMessage]:
        sid = str(self.session(ctx))
        new = [c for m in messages if not _marked(m) for c in to_chat(m)]
        if not new:  # nothing the session has not seen (a retry): the history as it is
            return messages
        seen = [dict(m) for m in self._keeper.tracker(sid).messages]
        call, context = await self._keeper.abegin(sid, seen + new)
        await self._keeper.afinish(call, None)  # the reply comes back in the next request's history
        out = _from_chat(context)
        prompts = [p for m in messages if isinstance(m, ModelRequest) for p in m.parts
                   if isinstance(p, SystemPromptPart) and not _marked(m)]
        if prompts and out and isinstance(out[0], ModelRequest):  # the agent's system prompts, first
            out[0] = dataclasses.replace(out[0], parts=[*prompts, *out[0].parts])
        elif prompts:
            out.insert(0, ModelRequest(parts=prompts, metadata=dict(MARK)))
        last = next((m for m in reversed(messages) if isinstance(m, ModelRequest)), None)
        if last is not None and isinstance(out[-1], ModelRequest):  # the run's instructions ride on it
            out[-1] = dataclasses.replace(out[-1], instructions=last.instructions, run_id=last.run_id,
                                          conversation_id=last.conversation_id)
        return out

    def tracker(self, session_id: str = "default") -> Tracker:
        """The tracker of a session (``state()``, ``to_json()``)."""
        return self._keeper.tracker(session_id)


def _marked(message: ModelMessage) -> bool:
    return (getattr(message, "metadata", None) or {}).get("ctxgraph") == MARK["ctxgraph"]
