"""Drop-in context tracking for the OpenAI client: ``client = wrap(OpenAI(), budget=1500)``.

The wrapped client behaves like the client it wraps. Only
``client.chat.completions.create(messages=<whole history>, ...)`` is intercepted: the
history's new messages are observed by the session's :class:`~ctxgraph.Tracker`, the
model receives ``tracker.assemble(last_message, budget).messages`` instead of the whole
history, and the reply is observed when it arrives (for streams, when fully read).
Every other argument goes to the API unchanged; API errors reach the caller unchanged.

>>> from openai import OpenAI
>>> from ctxgraph.testing import StubServer
>>> history = [{"role": "user", "content": "My budget is $500. Please do not ship with FedEx."}]
>>> with StubServer() as server, OpenAI(base_url=server.base_url, api_key="test") as raw:
...     client = wrap(raw, budget=300)
...     server.reply("Noted: $500, and no FedEx.")
...     reply = client.chat.completions.create(model="gpt-4o-mini", messages=history)
>>> reply.choices[0].message.content
'Noted: $500, and no FedEx.'
>>> [m["role"] for m in client.tracker().messages]
['user', 'assistant']
>>> report = client.reports[-1]
>>> report.session_id, report.sent_tokens <= report.budget
('default', True)

Sessions (one tracker each) are chosen per call with ``session_id=`` or the
``X-Ctxgraph-Session`` header::

    client.chat.completions.create(model=..., messages=history, session_id=user.id)
    client.chat.completions.create(model=..., messages=history,
                                   extra_headers={"X-Ctxgraph-Session": user.id})

Calls of one session are served one at a time, first come first served (threads and
coroutines); at most ``max_sessions`` sessions stay in memory; ``store="sqlite:///..."``
keeps them in a store (:mod:`ctxgraph.stores`). See docs/openai.md.

Not intercepted (sent as they are, nothing observed): ``chat.completions.parse`` and
``.stream``, ``with_raw_response`` / ``with_streaming_response``, the ``responses`` API.
"""

from __future__ import annotations

import asyncio
import collections
import functools
import inspect
import json
import logging
import threading
import time
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

try:
    import openai as _openai
except ImportError as _err:  # tested in a subprocess (tests/test_openai_wrap.py)
    raise ImportError(
        f'ctxgraph.openai needs the openai package ({_err}). Install it with: pip install "ctxgraph[openai]"'
    ) from _err

from ctxgraph._errors import Errors, StoreError
from ctxgraph._fit import check_budget, check_state_mode
from ctxgraph._sessiontable import MAX_SESSIONS, Session, SessionSource, SessionTable, align, fingerprint
from ctxgraph._tokens import TOKENS_PER_MESSAGE
from ctxgraph._tracker import Tracker
from ctxgraph.stores import Store

__all__ = ["AsyncTrackedStream", "CallReport", "TrackedClient", "TrackedStream", "wrap"]

logger = logging.getLogger("ctxgraph.openai")

#: How many call reports a wrapped client keeps (``client.reports``).
MAX_REPORTS = 1000


@dataclass(frozen=True)
class CallReport:
    """What one intercepted call sent, against what the caller's history would have cost.

    ``full_tokens`` is the exact count of the history as given (tracker's encoding and
    per-message overhead), ``sent_tokens`` the count of the assembled context,
    ``saved_tokens`` their difference: 0 when the whole history fitted the budget and was
    sent unchanged (``wrap(..., state="auto")``, the default, never sends more than the
    history); it can be negative only with ``state="always"``, where the state block of a
    short chat costs more than it saves. Tool definitions are counted in neither.
    ``extraction_tokens`` is what an LLM extractor (``Tracker(extractor="llm"|"hybrid")``)
    spent reading this call's new history messages (0 with the rules). ``history`` says how
    the caller's history related to what the session had recorded: ``"continued"`` (it
    extends it), ``"interleaved"`` (another call of the session was recorded since this
    caller's history was taken: its new messages are recorded after that call's) or
    ``"rebuilt"`` (an edited history or another conversation: the tracker was rebuilt).
    """

    session_id: str
    full_tokens: int
    sent_tokens: int
    saved_tokens: int
    state_block: str
    budget: int
    model: str | None
    sections: dict[str, int] = field(default_factory=dict)
    extraction_tokens: int = 0
    history: str = "continued"


#: Seconds a call waits for the earlier calls of its session before StoreError E180.
LOCK_TIMEOUT = 600.0


def wrap(
    client: Any,
    budget: int = 1500,
    *,
    make_tracker: Callable[[str], Tracker] | None = None,
    on_report: Callable[[CallReport], None] | None = None,
    session_header: str = "X-Ctxgraph-Session",
    max_sessions: int = MAX_SESSIONS,
    lock_timeout: float | None = LOCK_TIMEOUT,
    store: str | Store | None = None,
    tracker_options: Mapping[str, Any] | None = None,
    state: str = "auto",
) -> "TrackedClient":
    """Wrap an ``OpenAI`` or ``AsyncOpenAI`` client (any OpenAI-compatible base URL).

    ``budget`` is the token budget of every assembled context. ``make_tracker(session_id)``
    makes a session's tracker (default ``Tracker()``); ``on_report(report)`` receives a
    :class:`CallReport` after each successful call. A budget that cannot hold a message
    raises :class:`~ctxgraph.BudgetError` here, before any call.

    Calls of one session are served one at a time, in the order they arrive (threads and
    coroutines alike): a call waits until the earlier ones have recorded their replies, at
    most ``lock_timeout`` seconds (then :class:`~ctxgraph.StoreError` E180; None waits for
    ever). At most ``max_sessions`` sessions are kept in memory; the least recently used
    one goes first and, when it comes back, is rebuilt from the history its call sends.

    ``store`` (a URL such as ``"sqlite:///sessions.db"`` or ``"redis://127.0.0.1:6379/0"``,
    or a :class:`~ctxgraph.stores.Store`) keeps the sessions: each is opened with
    :func:`ctxgraph.open_session` (``Tracker(**tracker_options)`` when new), every observed
    turn is stored before the call goes on, and a session evicted from memory, or served
    by another process or by a wrapper started after a restart, continues from the store.
    ``tracker_options`` (e.g. ``{"lang": "zh"}``) configure new sessions in both cases;
    ``make_tracker`` is the in-memory alternative and cannot be combined with a store.

    ``state="auto"`` (the default) sends a history that fits the budget unchanged, with no
    state block, and never sends more tokens than the caller's history; ``state="always"``
    sends the state block on every call (see :meth:`ctxgraph.Tracker.assemble`)::

        from openai import OpenAI
        from ctxgraph import Tracker
        from ctxgraph.openai import wrap

        client = wrap(OpenAI(), budget=1500,
                      make_tracker=lambda session_id: Tracker(lang="zh", catalog="catalog.json"),
                      on_report=lambda r: metrics.add(r.saved_tokens))
        reply = client.chat.completions.create(model="gpt-4o-mini", messages=history)
    """
    if isinstance(client, TrackedClient):
        raise TypeError("This client is already wrapped by ctxgraph.openai.wrap; wrap the original client once.")
    check_budget(budget, TOKENS_PER_MESSAGE)
    check_state_mode(state)
    if make_tracker is not None and (store is not None or tracker_options is not None):
        raise TypeError("wrap(make_tracker=...) makes trackers in memory: with store= or tracker_options=, "
                        "pass the Tracker options as tracker_options={...} instead.")
    hub = _Hub(budget, make_tracker, on_report, session_header, max_sessions=max_sessions,
               lock_timeout=lock_timeout, store=store, tracker_options=tracker_options, state=state)
    return TrackedClient(client, hub)


# ---------------------------------------------------------------------------- sessions
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
            logger.warning(
                "ctxgraph session %r: the history does not continue what was observed (edited, or a new "
                "conversation); rebuilding its tracker from the %d messages given. Use session_id= to keep "
                "conversations apart.", sid, len(call.history))
            session.adopt(self.source.fresh(sid))
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

    def after(self, call: _Call, result: Any, stream_cls: type) -> Any:
        """Report the call; record the reply and end the call now, or when the stream has been read."""
        stream = self._report(call, result, stream_cls)
        if stream is not None:
            return stream
        self.end(call, _reply(result), record=True)
        return result

    async def after_async(self, call: _Call, result: Any, stream_cls: type) -> Any:
        """``after`` for coroutines: the reply is recorded in a worker thread."""
        stream = self._report(call, result, stream_cls)
        if stream is not None:
            return stream
        await self._off_loop(call, functools.partial(self.end, call, _reply(result), record=True))
        return result

    def _report(self, call: _Call, result: Any, stream_cls: type) -> Any:
        """Report the call; a stream is returned wrapped (it ends the call when read or closed)."""
        try:
            r = call.report
            self.reports.append(r)
            logger.info("ctxgraph session %r: %d -> %d tokens (saved %d)",
                        r.session_id, r.full_tokens, r.sent_tokens, r.saved_tokens)
            if self.on_report is not None:
                self.on_report(r)
            if isinstance(result, (_openai.Stream, _openai.AsyncStream)):
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


# ---------------------------------------------------------------------------- client proxies
class TrackedClient:
    """The wrapped client: every attribute is the wrapped client's, except
    ``chat.completions.create``. Made by :func:`wrap`.

    ``tracker(session_id)`` is a session's tracker, ``sessions`` all of them (assign a
    ``Tracker.from_json(...)`` to restore one), ``reports`` the last call reports,
    ``counters`` how calls met their sessions (``continued``, ``interleaved``, ``rebuilt``,
    ``streams_abandoned``, ``lock_timeouts``; ``evicted`` sessions).
    """

    def __init__(self, client: Any, hub: _Hub):
        self._wrapped = client
        self._hub = hub
        self._chat: _TrackedChat | None = None

    @property
    def sessions(self) -> SessionTable:
        return self._hub.sessions

    @property
    def store(self) -> Store | None:
        """The store keeping the sessions (``wrap(store=...)``), or None."""
        return self._hub.source.store

    @property
    def counters(self) -> dict[str, int]:
        names = ("continued", "interleaved", "rebuilt", "streams_abandoned", "lock_timeouts")
        with self._hub._counting:
            counted = dict(self._hub.counters)
        return {**dict.fromkeys(names, 0), **counted, "evicted": self._hub.sessions.evicted}

    @property
    def reports(self) -> collections.deque[CallReport]:
        return self._hub.reports

    def tracker(self, session_id: str = "default") -> Tracker:
        """The tracker of ``session_id``; a ``KeyError`` names the known sessions."""
        try:
            return self._hub.sessions[session_id]
        except KeyError:
            known = ", ".join(map(repr, self._hub.sessions)) or "none yet"
            raise KeyError(f"No ctxgraph session {session_id!r}; known sessions: {known}.") from None

    @property
    def chat(self) -> "_TrackedChat":
        if self._chat is None:
            self._chat = _TrackedChat(self._wrapped.chat, self._hub)
        return self._chat

    def with_options(self, **options: Any) -> "TrackedClient":
        """The wrapped client's ``with_options``, wrapped, sharing this wrapper's sessions."""
        return TrackedClient(self._wrapped.with_options(**options), self._hub)

    def copy(self, **options: Any) -> "TrackedClient":
        return TrackedClient(self._wrapped.copy(**options), self._hub)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name in ("_wrapped", "_hub", "_chat"):
            raise AttributeError(name)
        return getattr(self._wrapped, name)

    def __enter__(self) -> "TrackedClient":
        self._wrapped.__enter__()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._wrapped.__exit__(*exc)

    async def __aenter__(self) -> "TrackedClient":
        await self._wrapped.__aenter__()
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self._wrapped.__aexit__(*exc)

    def __repr__(self) -> str:
        return f"<ctxgraph.openai.TrackedClient budget={self._hub.budget} wrapping {self._wrapped!r}>"


class _TrackedChat:
    def __init__(self, chat: Any, hub: _Hub):
        self._wrapped = chat
        completions = chat.completions
        is_async = isinstance(completions, _openai.resources.chat.AsyncCompletions) or inspect.iscoroutinefunction(
            completions.create)
        self.completions = (_AsyncTrackedCompletions if is_async else _TrackedCompletions)(completions, hub)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name == "_wrapped":
            raise AttributeError(name)
        return getattr(self._wrapped, name)


class _TrackedCompletions:
    def __init__(self, completions: Any, hub: _Hub):
        self._wrapped = completions
        self._hub = hub

    def create(self, **kwargs: Any) -> Any:
        """``chat.completions.create`` with ``messages`` replaced by the assembled context.

        Extra keyword: ``session_id``. Returns what the API returns (a stream is wrapped
        in a :class:`TrackedStream`)."""
        if "messages" not in kwargs:
            kwargs.pop("session_id", None)
            return self._wrapped.create(**kwargs)  # the client says what is missing
        call = self._hub.before(kwargs)
        try:
            result = self._wrapped.create(**kwargs)
        except BaseException:
            self._hub.abort(call)
            raise
        return self._hub.after(call, result, TrackedStream)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name in ("_wrapped", "_hub"):
            raise AttributeError(name)
        return getattr(self._wrapped, name)


class _AsyncTrackedCompletions(_TrackedCompletions):
    async def create(self, **kwargs: Any) -> Any:  # type: ignore[override]
        """As the sync ``create``; waiting for the session's earlier calls, observing,
        assembling and recording never block the event loop (worker threads)."""
        if "messages" not in kwargs:
            kwargs.pop("session_id", None)
            return await self._wrapped.create(**kwargs)
        call = await self._hub.before_async(kwargs)
        try:
            result = await self._wrapped.create(**kwargs)
        except BaseException:
            self._hub.abort(call)
            raise
        return await self._hub.after_async(call, result, AsyncTrackedStream)


# ---------------------------------------------------------------------------- streams
class _Accumulator:
    """The assistant message (choice 0) put together from stream chunks."""

    def __init__(self) -> None:
        self.text: list[str] = []
        self.calls: dict[int, dict[str, Any]] = {}
        self.finished = False  # a finish_reason was seen

    def add(self, chunk: Any) -> None:
        for choice in getattr(chunk, "choices", None) or ():
            if choice.index != 0:
                continue
            delta = choice.delta
            if delta is not None:
                if delta.content:
                    self.text.append(delta.content)
                for tc in delta.tool_calls or ():
                    call = self.calls.setdefault(
                        tc.index, {"id": None, "type": "function", "function": {"name": "", "arguments": ""}})
                    call["id"] = call["id"] or tc.id
                    if tc.function is not None:
                        call["function"]["name"] += tc.function.name or ""
                        call["function"]["arguments"] += tc.function.arguments or ""
            if choice.finish_reason:
                self.finished = True

    def message(self) -> dict[str, Any]:
        text = "".join(self.text)
        out: dict[str, Any] = {"role": "assistant", "content": text or (None if self.calls else "")}
        if self.calls:
            out["tool_calls"] = [self.calls[i] for i in sorted(self.calls)]
        return out


class _StreamBase:
    """``on_done(reply)`` ends the call: with the reply once it is complete, with None when the
    stream is closed or dropped before (then nothing is recorded)."""

    def __init__(self, stream: Any, on_done: Callable[[dict | None], None]):
        self._stream = stream
        self._on_done = on_done
        self._acc = _Accumulator()
        self._observed = False

    def _finish(self) -> None:
        if not self._observed:
            self._observed = True
            self._on_done(self._acc.message())

    def _closed(self) -> None:
        if self._acc.finished:
            self._finish()  # the reply was complete; only the usage chunk or [DONE] was left unread
        elif not self._observed:
            self._observed = True
            logger.debug("ctxgraph: a stream was closed before its reply was complete; nothing observed.")
            self._on_done(None)

    def __del__(self) -> None:
        # Dropped unfinished: free its session (from another thread: the collector may run
        # while this thread holds the session's locks).
        if not getattr(self, "_observed", True):
            self._observed = True
            try:
                threading.Thread(target=self._on_done, args=(None,), daemon=True).start()
            except RuntimeError:  # interpreter shutting down: nobody waits any more
                pass

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name in ("_stream", "_on_done", "_acc", "_observed"):
            raise AttributeError(name)
        return getattr(self._stream, name)


class TrackedStream(_StreamBase):
    """An ``openai.Stream`` that observes the reply once it has been read to the end.

    Yields the same chunks; supports iteration, ``with``, ``close()``, and passes other
    attributes (``response``) through. A stream abandoned half-way observes nothing. Until
    it is read to the end, closed or dropped, it holds its session: the session's next call
    waits (unless it comes from the same thread or task, which takes the session over).
    """

    def __iter__(self) -> "TrackedStream":
        return self

    def __next__(self) -> Any:
        try:
            chunk = next(self._stream)
        except StopIteration:
            self._finish()
            raise
        self._acc.add(chunk)
        return chunk

    def close(self) -> None:
        self._stream.close()
        self._closed()

    def __enter__(self) -> "TrackedStream":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


class AsyncTrackedStream(_StreamBase):
    """The ``openai.AsyncStream`` counterpart of :class:`TrackedStream`."""

    def __aiter__(self) -> "AsyncTrackedStream":
        return self

    async def __anext__(self) -> Any:
        try:
            chunk = await self._stream.__anext__()
        except StopAsyncIteration:
            await asyncio.get_running_loop().run_in_executor(None, self._finish)  # records: off the loop
            raise
        self._acc.add(chunk)
        return chunk

    async def close(self) -> None:
        await self._stream.close()
        await asyncio.get_running_loop().run_in_executor(None, self._closed)

    async def aclose(self) -> None:
        await self.close()

    async def __aenter__(self) -> "AsyncTrackedStream":
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()
