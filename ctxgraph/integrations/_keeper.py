"""What a framework integration holds: one session hub, and a model call's steps over chat dicts.

A framework module converts its messages to OpenAI chat dicts at its edge and calls
:meth:`Keeper.begin` (the history in, the assembled context out), the model, then
:meth:`Keeper.finish` (the reply recorded) or :meth:`Keeper.abort`. The sessions, their locks,
the store and the reports are the hub's (:mod:`ctxgraph.integrations._hub`), as for the
OpenAI wrapper.

>>> keeper = Keeper(300, store="memory://")
>>> call, context = keeper.begin("thread-1", [{"role": "user", "content": "My budget is $500."}])
>>> [m["role"] for m in context]
['user']
>>> keeper.finish(call, {"role": "assistant", "content": "Noted."})
>>> call, context = keeper.begin("thread-1", [{"role": "user", "content": "My budget is $500."},
...     {"role": "assistant", "content": "Noted."}, {"role": "user", "content": "Any news?"}])
>>> keeper.finish(call, None)
>>> [m["role"] for m in context], "$500" in context[0]["content"]   # it fits the budget: sent as is
(['user', 'assistant', 'user'], True)
>>> len(keeper.tracker("thread-1").messages), keeper.counters["continued"]
(3, 2)

``state="always"`` (as ``Tracker.assemble(state=...)``) carries the state block even when the
history fits the budget:

>>> keeper = Keeper(300, state="always")
>>> call, context = keeper.begin("t", [{"role": "user", "content": "My budget is $500."},
...     {"role": "assistant", "content": "Noted."}, {"role": "user", "content": "Any news?"}])
>>> keeper.finish(call, None)
>>> context[0]["content"].splitlines()[-1], call.report.state_block != ""
('- user: budget: $500', True)
"""

from __future__ import annotations

import functools
from typing import Any, Callable, Mapping

from ctxgraph._fit import check_budget, check_state_mode
from ctxgraph._sessiontable import MAX_SESSIONS
from ctxgraph._tokens import TOKENS_PER_MESSAGE
from ctxgraph._tracker import Tracker
from ctxgraph.stores import Store

from ._hub import LOCK_TIMEOUT, _Call, _Hub
from ._reports import CallReport

__all__ = ["Keeper", "KeeperViews"]


class Keeper:
    """One hub of sessions for a framework integration (see the module's docstring).

    ``state="auto"`` (the default) sends a history that fits the budget unchanged, with no
    state block, and never more tokens than the history; ``"always"`` renders the state block
    on every call. Anything else is a :class:`~ctxgraph.ConfigError` (E090)."""

    def __init__(self, budget: int, *, store: str | Store | None = None,
                 tracker_options: Mapping[str, Any] | None = None, max_sessions: int = MAX_SESSIONS,
                 lock_timeout: float | None = LOCK_TIMEOUT, on_report: Callable[[CallReport], None] | None = None,
                 state: str = "auto"):
        check_budget(budget, TOKENS_PER_MESSAGE)
        check_state_mode(state)
        self.budget = budget
        self.state = state
        self.hub = _Hub(budget, None, on_report, "X-Ctxgraph-Session", max_sessions=max_sessions,
                        lock_timeout=lock_timeout, store=store, tracker_options=tracker_options, state=state)

    def begin(self, session_id: str, messages: list[dict[str, Any]]) -> tuple[_Call, list[dict[str, Any]]]:
        """Observe the history's new messages; the context for its last message, within the budget.
        The caller then ends the call: :meth:`finish` or :meth:`abort`."""
        kwargs: dict[str, Any] = {"messages": messages, "session_id": session_id}
        call = self.hub.before(kwargs)
        return call, kwargs["messages"]

    async def abegin(self, session_id: str, messages: list[dict[str, Any]]) -> tuple[_Call, list[dict[str, Any]]]:
        """:meth:`begin` without blocking the event loop (waits and work in worker threads)."""
        kwargs: dict[str, Any] = {"messages": messages, "session_id": session_id}
        call = await self.hub.before_async(kwargs)
        return call, kwargs["messages"]

    def finish(self, call: _Call, reply: dict[str, Any] | None, *, report: bool = True) -> None:
        """Record the call's question and the model's ``reply`` (None: the reply comes back with the
        next call's history) and free the session; ``report`` the call (not when no model call
        went with it)."""
        try:
            self.hub.end(call, reply, record=True)
        finally:
            if report:
                self.hub.reports.append(call.report)
        if report and self.hub.on_report is not None:
            self.hub.on_report(call.report)

    async def afinish(self, call: _Call, reply: dict[str, Any] | None, *, report: bool = True) -> None:
        await self.hub._off_loop(call, functools.partial(self.finish, call, reply, report=report))

    def abort(self, call: _Call) -> None:
        """End a call whose model call failed: nothing is recorded."""
        self.hub.abort(call)

    def tracker(self, session_id: str) -> Tracker:
        """The tracker of a session (from memory, else from the store, else a new one)."""
        try:
            return self.hub.sessions[session_id]
        except KeyError:
            return self.hub.source.open(session_id)

    @property
    def reports(self):
        return self.hub.reports

    @property
    def counters(self) -> dict[str, int]:
        with self.hub._counting:
            return dict(self.hub.counters)


class KeeperViews:
    """What an integration object shows of its :class:`Keeper` (kept in ``self._keeper``):
    its ``reports`` and ``counters``. Its ``tracker(...)`` stays the integration's own, as
    each names its argument after the framework's word (``thread_id``, ``session_id``)."""

    _keeper: Keeper

    @property
    def reports(self):
        return self._keeper.reports

    @property
    def counters(self) -> dict[str, int]:
        return self._keeper.counters
