"""ctxgraph in a LangChain v1 agent: ``create_agent(model, tools, middleware=[CtxgraphMiddleware(...)])``.

:class:`CtxgraphMiddleware` is an ``AgentMiddleware``: before every model call
(``wrap_model_call``, and ``awrap_model_call`` for ``ainvoke``/``astream``) the request's
messages are replaced with ctxgraph's assembled context (the state block, the recent turns
that fit the budget with tool calls kept whole, the new message last); the agent's system
prompt and tools are left as they are. The graph's state keeps every message: only what the
model sees is assembled. One tracker per LangGraph ``thread_id``::

    from langchain.agents import create_agent
    from langgraph.checkpoint.memory import InMemorySaver
    from ctxgraph.integrations.langchain import CtxgraphMiddleware

    agent = create_agent(model, tools, checkpointer=InMemorySaver(),
                         middleware=[CtxgraphMiddleware(budget=1500, store="sqlite:///sessions.db")])
    agent.invoke({"messages": [{"role": "user", "content": text}]},
                 {"configurable": {"thread_id": user.id}})

For LangGraph's prebuilt ``create_react_agent``, :meth:`CtxgraphMiddleware.pre_model_hook`
returns the context as ``llm_input_messages``. Install with ``pip install "ctxgraph[langchain]"``.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from ctxgraph._errors import Errors

try:
    from langchain.agents.middleware import AgentMiddleware, ModelRequest, ModelResponse
    from langchain_core.messages import AIMessage, BaseMessage
    from langchain_core.messages.utils import convert_to_messages, convert_to_openai_messages
except ImportError as _err:  # tested in a subprocess (tests/test_integrations_langchain.py)
    raise ImportError(Errors.E220.format(module="langchain", package="langchain v1 and langgraph",
                                         missing=_err.name, extra="langchain")) from _err

from ctxgraph._sessiontable import MAX_SESSIONS
from ctxgraph._tracker import Tracker
from ctxgraph.stores import Store

from ._hub import LOCK_TIMEOUT
from ._keeper import Keeper, KeeperViews
from ._reports import CallReport

__all__ = ["CtxgraphMiddleware"]


def _thread_id(runtime: Any, config: Mapping[str, Any] | None = None) -> str:
    """The LangGraph thread of the call ("default" outside a thread)."""
    info = getattr(runtime, "execution_info", None)
    tid = getattr(info, "thread_id", None)
    if tid is None:
        if config is None:
            try:
                from langgraph.config import get_config

                config = get_config()
            except RuntimeError:  # not inside a graph run
                config = {}
        tid = (config.get("configurable") or {}).get("thread_id")
    return "default" if tid is None else str(tid)


def _reply(response: Any) -> dict[str, Any] | None:
    """The model's answer as a chat dict (the last AIMessage of a ModelResponse)."""
    messages = response.result if isinstance(response, ModelResponse) else [response]
    answers = [m for m in messages if isinstance(m, AIMessage)]
    return convert_to_openai_messages(answers[-1]) if answers else None


class CtxgraphMiddleware(KeeperViews, AgentMiddleware):
    """Replace what the model sees with ctxgraph's context, within ``budget`` tokens.

    ``store`` keeps the sessions (``"sqlite:///sessions.db"``, ``"redis://..."``; default: in
    memory); ``tracker_options`` configure new sessions (``{"lang": "zh"}``); ``on_report``
    receives a :class:`~ctxgraph.integrations.openai.CallReport` per model call.
    ``state="auto"`` (the default) sends a history that fits the budget unchanged, with no
    state block; ``state="always"`` adds the block on every call (as ``Tracker.assemble``).
    ``tracker(thread_id)`` is a thread's tracker, ``reports`` the last call reports.

    >>> mw = CtxgraphMiddleware(budget=300)
    >>> mw.name, mw.budget
    ('CtxgraphMiddleware', 300)
    """

    def __init__(self, budget: int = 1500, *, store: str | Store | None = None,
                 tracker_options: Mapping[str, Any] | None = None, max_sessions: int = MAX_SESSIONS,
                 lock_timeout: float | None = LOCK_TIMEOUT, on_report: Callable[[CallReport], None] | None = None,
                 state: str = "auto"):
        super().__init__()
        self._keeper = Keeper(budget, store=store, tracker_options=tracker_options, max_sessions=max_sessions,
                              lock_timeout=lock_timeout, on_report=on_report, state=state)
        self.budget = budget

    def wrap_model_call(self, request: ModelRequest, handler: Callable[[ModelRequest], Any]) -> Any:
        call, context = self._keeper.begin(_thread_id(request.runtime), convert_to_openai_messages(request.messages))
        try:
            response = handler(request.override(messages=convert_to_messages(context)))
        except BaseException:
            self._keeper.abort(call)
            raise
        self._keeper.finish(call, _reply(response))
        return response

    async def awrap_model_call(self, request: ModelRequest, handler: Callable[[ModelRequest], Any]) -> Any:
        call, context = await self._keeper.abegin(_thread_id(request.runtime),
                                                  convert_to_openai_messages(request.messages))
        try:
            response = await handler(request.override(messages=convert_to_messages(context)))
        except BaseException:
            self._keeper.abort(call)
            raise
        await self._keeper.afinish(call, _reply(response))
        return response

    def pre_model_hook(self, state: Mapping[str, Any]) -> dict[str, Any]:
        """For ``langgraph.prebuilt.create_react_agent(..., pre_model_hook=mw.pre_model_hook)``:
        ``{"llm_input_messages": <the context>}``; the graph's messages stay whole. The model's
        reply is observed when the thread's next call brings it in its history. The thread is
        the run's ``configurable.thread_id``."""
        messages = [m for m in state["messages"] if not (isinstance(m, BaseMessage) and m.type == "system")]
        call, context = self._keeper.begin(_thread_id(None), convert_to_openai_messages(messages))
        self._keeper.finish(call, None)
        return {"llm_input_messages": convert_to_messages(context)}

    def tracker(self, thread_id: str = "default") -> Tracker:
        """The tracker of a thread (``state()``, ``to_json()``)."""
        return self._keeper.tracker(thread_id)
