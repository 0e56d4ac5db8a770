"""ctxgraph as the memory of an OpenAI Agents SDK agent: ``session=CtxgraphSession(...)``.

:class:`CtxgraphSession` implements the SDK's ``Session`` protocol (``get_items``,
``add_items``, ``pop_item``, ``clear_session``). The items the runner adds are observed by the
session's :class:`~ctxgraph.Tracker` (kept in a store, so a new session object after a restart
continues the conversation); the history the runner asks for is the assembled context: the
state block and the recent turns that fit, tool calls kept with their results::

    from agents import Agent, Runner
    from ctxgraph.integrations.openai_agents import CtxgraphSession

    session = CtxgraphSession(user.id, store="sqlite:///sessions.db", budget=1500)
    result = await Runner.run(agent, text, session=session)

The runner asks for the history before it sees the new input, so the history is packed within
``budget - input_reserve`` and the new input must fit the reserve (a warning says when it did
not). For a bound on every model call, tool loops included, with each call assembled for its
own question, add the session's filter (see docs/integrations.md, "which one")::

    result = await Runner.run(agent, text, session=session,
                              run_config=RunConfig(call_model_input_filter=session.call_model_input_filter))

Install with ``pip install "ctxgraph[agents]"`` (the ``openai-agents`` package).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from typing import Any, Mapping

from ctxgraph._errors import BudgetError, Errors

try:
    from agents.models.chatcmpl_converter import Converter as _Converter
    from agents.run_config import CallModelData, ModelInputData
except ImportError as _err:  # tested in a subprocess (tests/test_integrations_agents.py)
    raise ImportError(Errors.E220.format(module="openai_agents", package="the openai-agents package",
                                         missing=_err.name, extra="agents")) from _err

from ctxgraph._fit import check_budget, check_state_mode
from ctxgraph._sessiontable import SessionSource
from ctxgraph._tokens import TOKENS_PER_MESSAGE, count_message_tokens
from ctxgraph._tracker import Tracker
from ctxgraph.stores import Store

from ._hub import _plain

__all__ = ["CtxgraphSession", "message_items"]

logger = logging.getLogger("ctxgraph.integrations")


def message_items(message: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A chat message as Responses input items (what an Agents SDK session returns).

    >>> message_items({"role": "assistant", "content": None, "tool_calls": [
    ...     {"id": "c1", "type": "function", "function": {"name": "track", "arguments": "{}"}}]})
    [{'type': 'function_call', 'call_id': 'c1', 'name': 'track', 'arguments': '{}'}]
    >>> message_items({"role": "tool", "tool_call_id": "c1", "content": "shipped"})
    [{'type': 'function_call_output', 'call_id': 'c1', 'output': 'shipped'}]
    """
    role = message.get("role")
    if role == "tool":
        return [{"type": "function_call_output", "call_id": str(message.get("tool_call_id") or ""),
                 "output": message.get("content") or ""}]
    items: list[dict[str, Any]] = []
    content = message.get("content")
    if content or role != "assistant":
        items.append({"role": role, "content": content or ""})
    for call in message.get("tool_calls") or ():
        fn = call.get("function") or {}
        items.append({"type": "function_call", "call_id": str(call.get("id") or ""),
                      "name": fn.get("name", ""), "arguments": fn.get("arguments") or "{}"})
    return items


def _messages(items: list[Any]) -> list[dict[str, Any]]:
    """Responses items as chat messages, by the SDK's own converter (reasoning items dropped)."""
    return [_plain(m) for m in _Converter.items_to_messages(items)]


class CtxgraphSession:
    """An Agents SDK ``Session`` whose history is ctxgraph's assembled context.

    ``store`` is a URL (``"sqlite:///sessions.db"``, ``"redis://..."``, ``"memory://"``) or a
    :class:`~ctxgraph.stores.Store`; without one the session lives in this object only.
    ``budget`` bounds what the model gets besides the agent's instructions and tools:
    ``get_items`` returns at most ``budget - input_reserve`` tokens (the runner adds the new
    input after it), :meth:`call_model_input_filter` assembles each model call within
    ``budget``. ``input_reserve`` defaults to a quarter of the budget. ``tracker_options``
    configure a new session's tracker (``{"lang": "zh"}``). ``state="auto"`` (the default)
    returns a history that fits unchanged, with no state block; ``state="always"`` carries
    the block whatever the history's length (as ``Tracker.assemble(state=...)``).

    >>> import asyncio
    >>> session = CtxgraphSession("user-42", store="memory://", budget=400)
    >>> asyncio.run(session.add_items([{"role": "user", "content": "My budget is $500."},
    ...                                {"role": "assistant", "content": "Noted."}]))
    >>> items = asyncio.run(session.get_items())
    >>> items[0]["role"], "$500" in items[0]["content"], items[-1]   # it fits: the history as is
    ('user', True, {'role': 'assistant', 'content': 'Noted.'})
    """

    session_settings = None  # the SDK's SessionSettings: none (the budget bounds the history)

    def __init__(self, session_id: str, *, store: str | Store | None = None, budget: int = 1500,
                 input_reserve: int | None = None, tracker_options: Mapping[str, Any] | None = None,
                 state: str = "auto"):
        self.session_id = str(session_id)
        check_budget(budget, TOKENS_PER_MESSAGE)
        check_state_mode(state)
        self.budget = budget
        self.state = state
        self.input_reserve = budget // 4 if input_reserve is None else input_reserve
        if not 0 <= self.input_reserve <= budget - 2 * TOKENS_PER_MESSAGE:
            raise BudgetError(Errors.E221.format(what="input_reserve", reserve=self.input_reserve, budget=budget,
                                                 least=2 * TOKENS_PER_MESSAGE))
        self._source = SessionSource(store=store, tracker_options=tracker_options)
        self._tracker: Tracker | None = None
        self._pending: dict[str, Any] | None = None  # the run's new user message, observed with its answer
        self._added: list[Any] = []  # items added through this object, for pop_item
        self._base: list[dict[str, Any]] = []  # the messages the session held before them
        self._history_tokens = 0  # what the last get_items returned
        self._lock = threading.Lock()

    # ------------------------------------------------------------------ the Session protocol
    async def get_items(self, limit: int | None = None) -> list[dict[str, Any]]:
        """The assembled context as input items: the state block, then the recent turns that fit
        ``budget - input_reserve`` (tool calls with their results); the history unchanged when
        it all fits. ``limit`` keeps the last
        ``limit`` items (less when the first would be a tool result without its call)."""
        items = await asyncio.to_thread(self._get_items)
        if limit is None:
            return items
        tail = items[-limit:] if limit > 0 else []
        while tail and tail[0].get("type") == "function_call_output":  # its call was cut off
            tail = tail[1:]
        return tail

    async def add_items(self, items: list[Any]) -> None:
        """Observe the items (the run's input, the model's output, tool results)."""
        await asyncio.to_thread(self._add_items, list(items))

    async def pop_item(self) -> Any:
        """Remove the latest item (the tracker is rebuilt without it) and return it."""
        return await asyncio.to_thread(self._pop_item)

    async def clear_session(self) -> None:
        """Forget the conversation (in the store too)."""
        await asyncio.to_thread(self._clear)

    # ------------------------------------------------------------------ per model call
    async def call_model_input_filter(self, data: CallModelData) -> ModelInputData:
        """For ``RunConfig(call_model_input_filter=session.call_model_input_filter)``: every
        model call of a run gets the context assembled for it within ``budget`` (the state
        block, the recent turns, this run's tool calls and results, the question last) instead
        of the session's history plus everything the run added. The run's items reach the
        session (``add_items``) before each of its model calls, so the session holds them."""
        items = await asyncio.to_thread(self._assemble_call)
        return ModelInputData(input=items, instructions=data.model_data.instructions)

    def _assemble_call(self) -> list[dict[str, Any]]:
        with self._lock:
            tracker = self._open()
            ctx = tracker.assemble(self._pending if self._pending is not None else "", self.budget, state=self.state)
        return [item for m in ctx.messages for item in message_items(m)]

    # ------------------------------------------------------------------ the work (worker threads)
    def tracker(self) -> Tracker:
        """The session's tracker (its ``state()``, ``to_json()``)."""
        with self._lock:
            return self._open()

    def _open(self) -> Tracker:
        if self._tracker is None:
            self._tracker = self._source.open(self.session_id)
            self._base, self._added = [dict(m) for m in self._tracker.messages], []
        return self._tracker

    def _get_items(self) -> list[dict[str, Any]]:
        with self._lock:
            tracker = self._open()
            self._flush(tracker)
            ctx = tracker.assemble("", self.budget - self.input_reserve, state=self.state)
            self._history_tokens = ctx.tokens
        return [item for m in ctx.messages for item in message_items(m)]

    def _add_items(self, items: list[Any]) -> None:
        messages = _messages(items)
        with self._lock:
            tracker = self._open()
            self._flush(tracker)
            last = messages[-1] if messages else None
            if last is not None and last.get("role") == "user":  # the run's input: its answer comes next
                messages, self._pending = messages[:-1], last
                self._check_input(tracker, last)
            for m in messages:
                tracker.observe(m)
            self._added += items

    def _flush(self, tracker: Tracker) -> None:
        if self._pending is not None:
            pending, self._pending = self._pending, None
            tracker.observe(pending)

    def _check_input(self, tracker: Tracker, message: dict[str, Any]) -> None:
        cost = count_message_tokens([message], tracker.encoding, per_message=tracker.tokens_per_message)
        if cost > self.input_reserve:
            logger.warning(
                "ctxgraph session %r: the new input costs %d tokens, more than input_reserve=%d, so the model "
                "call may exceed budget=%d; raise input_reserve or add RunConfig(call_model_input_filter="
                "session.call_model_input_filter).", self.session_id, cost, self.input_reserve, self.budget)

    def _pop_item(self) -> Any:
        with self._lock:
            tracker = self._open()
            self._flush(tracker)
            if self._added:  # the items as the runner gave them
                item = self._added.pop()
                kept = self._base + _messages(self._added)
            elif self._base:  # from before this object: the item rebuilt from its message
                item, self._base = message_items(self._base[-1])[-1], self._base[:-1]
                kept = self._base
            else:
                return None
            self._tracker = self._source.fresh(self.session_id)  # rebuilt without it (re-extracted)
            self._tracker.observe_many([dict(m) for m in kept])
            return item

    def _clear(self) -> None:
        with self._lock:
            self._tracker = self._source.fresh(self.session_id)
            self._pending, self._added, self._base = None, [], []

    def __repr__(self) -> str:
        return f"<CtxgraphSession {self.session_id!r} budget={self.budget} reserve={self.input_reserve}>"

