"""The session hub the integrations share: a call's history in, the assembled context out.

A call goes ``before`` (or ``before_async``) -> the model -> ``after`` (or ``abort`` when the
model failed). ``before`` takes the session's turn lock (and the store's lock of the session),
observes the history's new messages and assembles the context; ``after`` records the reply and
releases the locks. The OpenAI wrapper (:mod:`ctxgraph.integrations.openai`), the gateway
(:mod:`ctxgraph.serve`) and the framework modules are thin layers over one :class:`_Hub`: one
session table (:class:`~ctxgraph._sessiontable.SessionTable`) over one store.

>>> hub = _Hub(300, None, None, "X-Ctxgraph-Session", store="memory://")
>>> kwargs = {"messages": [{"role": "user", "content": "My budget is $500."}], "session_id": "u1"}
>>> call = hub.before(kwargs)
>>> [m["role"] for m in kwargs["messages"]][-1], call.report.sent_tokens <= 300
('user', True)
>>> hub.end(call, {"role": "assistant", "content": "Noted."}, record=True)
>>> len(hub.source.open("u1").messages)
2

Messages are logged to the ``ctxgraph.openai`` logger (its name from before the integrations
package; users filter on it).
"""

from __future__ import annotations

import asyncio
import collections
import functools
import logging
import threading
import time
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from ctxgraph._errors import Errors, StoreError
from ctxgraph._sessiontable import MAX_SESSIONS, Session, SessionSource, SessionTable, align, fingerprint
from ctxgraph._tokens import TOKENS_PER_MESSAGE
from ctxgraph._tracker import Tracker
from ctxgraph.stores import Store

from ._reports import MAX_REPORTS, CallReport

__all__ = ["LOCK_TIMEOUT", "_Call", "_Hub"]

logger = logging.getLogger("ctxgraph.openai")

#: Seconds a call waits for the earlier calls of its session before StoreError E180.
LOCK_TIMEOUT = 600.0


def _plain(message: Any) -> Any:
    """A chat message as a dict (a ``ChatCompletionMessage`` appended as is works too)."""
    if isinstance(message, Mapping):
        out = dict(message)
    elif hasattr(message, "model_dump"):
        out = message.model_dump(exclude_none=True)
    else:
        return message  # the tracker says what is wrong with it
    calls = out.get("tool_calls")
    if isinstance(calls, (list, tuple)):
        out["tool_calls"] = [c.model_dump(exclude_none=True) if hasattr(c, "model_dump") else c for c in calls]
    return out




@dataclass(eq=False)
class _Call:
    """One intercepted call, from its arrival to its reply recorded (or given up)."""

    session_id: str
    session: Session
    history: list
    owner: tuple  # (thread, task): a call of the same owner may take over its unread stream
    known: int | None  # how much of the session the caller could know when the call arrived
    question: dict | None = None
    report: CallReport | None = None
    seconds: dict[str, float] = field(default_factory=dict)  # observe, assemble: time spent in before()
    holds: bool = False  # the call holds the session's turn lock
    lease: ExitStack | None = None  # the store's lock of the session, held until the call ends
    streaming: bool = False
    abandoned: bool = False  # a later call of the same owner took the lock over
    ended: bool = False


def _reply(result: Any) -> dict | None:
    """The assistant message of a completion (choice 0), or None when it has no choices."""
    choices = getattr(result, "choices", None)
    if not choices:
        return None
    dumped = choices[0].message.model_dump(exclude_none=True)
    reply = {"role": "assistant", "content": dumped.get("content")}
    if dumped.get("tool_calls"):
        reply["tool_calls"] = dumped["tool_calls"]
    return reply


def _owner() -> tuple:
    try:
        task = asyncio.current_task()
    except RuntimeError:  # no event loop running in this thread
        task = None
    return (threading.get_ident(), task)


class _Hub:
    """What the clients made by one ``wrap`` (and their ``with_options`` copies) share.

    A call goes ``before`` (or ``before_async``) -> the API -> ``after`` (or ``abort`` when
    the API failed). ``before`` takes the session's turn lock; ``after`` releases it once
    the reply is recorded (for a stream: once it is read or closed), ``abort`` at once.
    """

    def __init__(self, budget: int, make_tracker: Callable[[str], Tracker] | None,
                 on_report: Callable[[CallReport], None] | None, session_header: str, *,
                 max_sessions: int = MAX_SESSIONS, lock_timeout: float | None = LOCK_TIMEOUT,
                 store: str | Store | None = None, tracker_options: Mapping[str, Any] | None = None,
                 state: str = "auto"):
        self.budget = budget
        self.state = state  # "auto": never more than the caller's history (see wrap)
        self.on_report = on_report
        self.session_header = session_header
        self.lock_timeout = lock_timeout
        self.source = SessionSource(make_tracker, store, tracker_options)
        self.sessions = SessionTable(self.source.open, max_sessions)
        self.reports: collections.deque[CallReport] = collections.deque(maxlen=MAX_REPORTS)
        self.counters: collections.Counter[str] = collections.Counter()
        self._counting = threading.Lock()

    def count(self, name: str) -> None:
        with self._counting:  # `+= 1` on a Counter is no atomic step between threads
            self.counters[name] += 1

    def session_id(self, kwargs: dict[str, Any]) -> str:
        sid = kwargs.pop("session_id", None)
        if sid is None:
            headers = kwargs.get("extra_headers")
            if isinstance(headers, Mapping):
                wanted = self.session_header.lower()
                sid = next((v for k, v in headers.items() if str(k).lower() == wanted and isinstance(v, str)), None)
        return "default" if sid is None else str(sid)

    def arrive(self, kwargs: dict[str, Any]) -> _Call:
        sid = self.session_id(kwargs)
        history = [_plain(m) for m in kwargs["messages"]]
        session = self.sessions.pin(sid)
        return _Call(sid, session, history, _owner(), session.known)

    def before(self, kwargs: dict[str, Any], budget: int | None = None, *, lease: ExitStack | None = None) -> _Call:
        """Wait for the session's turn (this thread), observe the history's new messages and put
        the assembled context into ``kwargs`` (within ``budget``, default the hub's; ``ctxgraph
        serve`` passes a per-request one, and the store's lock of the session as ``lease`` when
        it took it already: :meth:`SessionSource.lease`). The caller must end the call:
        ``after`` or ``abort``."""
        started = time.perf_counter()
        call = self.arrive(kwargs)
        call.lease = lease
        try:
            if not self._take_over(call) and not call.session.lock.acquire(self.lock_timeout):
                raise self._busy(call)
            self._hold(call)
            self.prepare(call, kwargs, budget, started)
        except BaseException:
            self.abort(call)
            raise
        return call

    async def before_async(self, kwargs: dict[str, Any], budget: int | None = None) -> _Call:
        """``before`` for coroutines: waits for the session's turn without blocking the loop, and
        observes and assembles in a worker thread (extraction and store writes never stall the
        other sessions of the loop)."""
        started = time.perf_counter()
        call = self.arrive(kwargs)
        try:
            if not self._take_over(call) and not await call.session.lock.acquire_async(self.lock_timeout):
                raise self._busy(call)
            self._hold(call)
        except BaseException:
            self.abort(call)
            raise
        await self._off_loop(call, functools.partial(self.prepare, call, kwargs, budget, started))
        return call

    async def _off_loop(self, call: _Call, work: Callable[[], None]) -> None:
        """Run ``work`` in a worker thread while ``call`` holds its session; an exception ends
        the call; a caller cancelled meanwhile ends it once the worker is done, never before."""
        future = asyncio.get_running_loop().run_in_executor(None, work)
        try:
            await asyncio.shield(future)
        except asyncio.CancelledError:
            future.add_done_callback(lambda f: (f.cancelled() or f.exception(), self.abort(call)))
            raise
        except BaseException:
            self.abort(call)
            raise

    def _busy(self, call: _Call) -> StoreError:
        self.count("lock_timeouts")
        return StoreError(Errors.E180.format(session_id=call.session_id, timeout=self.lock_timeout))

    def _hold(self, call: _Call) -> None:
        with call.session.guard:
            call.session.holder, call.holds = call, True

    def _take_over(self, call: _Call) -> bool:
        """A call whose own thread or task holds the session with a stream it has not finished
        takes the lock over; that stream's reply is then not recorded."""
        session = call.session
        with session.guard:
            old = session.holder
            if old is None or old.ended or not old.streaming or old.owner != call.owner:
                return False
            old.abandoned = True
            call.lease, old.lease = old.lease, None  # the store's lock goes with the turn lock
        self.count("streams_abandoned")
        logger.warning("ctxgraph session %r: a new call started before the previous stream of the same caller was "
                       "read to its end or closed; that stream's reply is not recorded.", call.session_id)
        return True

    def prepare(self, call: _Call, kwargs: dict[str, Any], budget: int | None, started: float) -> None:
        """Observe the call's new history messages and assemble its context (the lock is held)."""
        budget = self.budget if budget is None else budget
        session, sid = call.session, call.session_id
        if call.lease is None:  # other processes serving the session wait for this call to end
            call.lease = self.source.lease(sid, self.lock_timeout)
        if session.replacement is not None:  # the caller put a tracker into `sessions`
            session.adopt(self.source.restore(sid, session.replacement))
            session.replacement, call.known = None, None
        self.sessions.ensure_open(sid, session)
        synced = self.source.sync(sid, session.tracker)  # turns other processes stored
        if synced is not session.tracker:
            session.adopt(synced)
            call.known = None
        known = session.opened_with if call.known is None else call.known  # None: arrived before it was opened
        fps = [fingerprint(m) for m in call.history]
        new, how = align(fps, session.fingerprints(), known)
        self.count(how)
        if how == "rebuilt":
            fresh = self.source.fresh(sid)  # StoreError E241 when the source keeps diverged sessions (serve)
            logger.warning(
                "ctxgraph session %r: the history does not continue what was observed (edited, or a new "
                "conversation); rebuilding its tracker from the %d messages given. Use session_id= to keep "
                "conversations apart.", sid, len(call.history))
            session.adopt(fresh)
        tracker = session.tracker
        session.hold_binding(call.lease is not None)
        full = session.count(call.history)  # also checks every message before anything is observed
        pending = [call.history[i] for i in new]
        spent = tracker.extraction_usage.total_tokens
        question = pending[-1] if pending and fps[-1][0] == "user" else None
        for m in pending[:-1] if question is not None else pending:
            session.observe(m)
        observed = time.perf_counter()
        room = budget
        if self.state == "auto":  # never more than the caller's history (it may lack turns the session has)
            room = min(budget, max(full, TOKENS_PER_MESSAGE + 1))
        ctx = tracker.assemble(question if question is not None else "", room, state=self.state)
        spent = tracker.extraction_usage.total_tokens - spent
        kwargs["messages"] = ctx.messages
        model = kwargs.get("model")
        call.question = question
        call.report = CallReport(sid, full, ctx.tokens, full - ctx.tokens, ctx.state_block, budget,
                                 model if isinstance(model, str) else None, dict(ctx.sections), spent, how)
        call.seconds = {"observe": observed - started, "assemble": time.perf_counter() - observed}

    def after(self, call: _Call, result: Any, stream_cls: type | None = None) -> Any:
        """Report the call; record the reply and end the call now, or when the stream has been read."""
        stream = self._report(call, result, stream_cls)
        if stream is not None:
            return stream
        self.end(call, _reply(result), record=True)
        return result

    async def after_async(self, call: _Call, result: Any, stream_cls: type | None = None) -> Any:
        """``after`` for coroutines: the reply is recorded in a worker thread."""
        stream = self._report(call, result, stream_cls)
        if stream is not None:
            return stream
        await self._off_loop(call, functools.partial(self.end, call, _reply(result), record=True))
        return result

    def _report(self, call: _Call, result: Any, stream_cls: type | None) -> Any:
        """Report the call; a stream that ``stream_cls`` wraps (``stream_cls.wraps(result)``) is
        returned wrapped: it ends the call when read or closed."""
        try:
            r = call.report
            self.reports.append(r)
            logger.info("ctxgraph session %r: %d -> %d tokens (saved %d)",
                        r.session_id, r.full_tokens, r.sent_tokens, r.saved_tokens)
            if self.on_report is not None:
                self.on_report(r)
            if stream_cls is not None and stream_cls.wraps(result):
                call.streaming = True
                return stream_cls(result, lambda reply: self.end(call, reply, record=reply is not None))
        except BaseException:
            self.abort(call)
            raise
        return None

    def abort(self, call: _Call) -> None:
        """End a call that got no reply (an API error): nothing more is recorded."""
        self.end(call, None, record=False)

    def end(self, call: _Call, reply: dict | None, *, record: bool) -> None:
        """Record the call's question and ``reply`` (if ``record``), release the session's lock."""
        session = call.session
        with session.guard:
            if call.ended:
                return
            call.ended = True
        try:
            if record and not call.abandoned:
                if call.question is not None:
                    session.observe(call.question)
                if reply is not None:
                    session.observe(reply)
        finally:
            holding = call.holds and not call.abandoned
            if holding:
                with session.guard:
                    if session.tracker is not None:
                        session.known = len(session.tracker.messages)
                        session.hold_binding(False)
                    session.holder = None
            lease, call.lease = call.lease, None
            if lease is not None:  # another process may now take the session's next call
                lease.close()
            if holding:
                session.lock.release()
            self.sessions.unpin(session)
