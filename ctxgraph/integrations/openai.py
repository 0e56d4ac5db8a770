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

import collections
import inspect
from typing import Any, Callable, Mapping

try:
    import openai as _openai
except ImportError as _err:  # tested with openai hidden (tests/test_openai_wrap.py)
    raise ImportError(
        f'ctxgraph.openai needs the openai package ({_err}). Install it with: pip install "ctxgraph[openai]"'
    ) from _err

from ctxgraph._embed import encoder_of
from ctxgraph._fit import check_budget, check_state_mode
from ctxgraph._sessiontable import MAX_SESSIONS, SessionTable
from ctxgraph._tokens import TOKENS_PER_MESSAGE
from ctxgraph._tracker import Tracker
from ctxgraph.stores import Store

from ._hub import LOCK_TIMEOUT, _Hub, logger
from ._reports import MAX_REPORTS, CallReport
from ._streams import AsyncTrackedStream, TrackedStream

__all__ = ["AsyncTrackedStream", "CallReport", "TrackedClient", "TrackedStream", "wrap"]


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
    embed: Any = None,
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
    sends the state block on every call (see :meth:`ctxgraph.Tracker.assemble`).

    ``embed`` (``"minilm"``, the bundled all-MiniLM-L6-v2 of ``ctxgraph[semantic]``, or any
    callable from texts to vectors) gives every session's tracker semantic recall of earlier
    turns (:class:`~ctxgraph.Tracker`'s ``embed``): the encoder is made here, once, and shared
    by all sessions (one model per process); a bad value or a missing extra fails here,
    before any call. With ``make_tracker``, pass ``Tracker(embed=...)`` there instead::

        from openai import OpenAI
        from ctxgraph import Tracker
        from ctxgraph.openai import wrap

        client = wrap(OpenAI(), budget=1500,
                      make_tracker=lambda session_id: Tracker(lang="zh", catalog="catalog.json"),
                      on_report=lambda r: metrics.add(r.saved_tokens))
        reply = client.chat.completions.create(model="gpt-4o-mini", messages=history)
    """
    if isinstance(client, TrackedClient):
        raise TypeError("This client is already wrapped by ctxgraph.integrations.openai.wrap; wrap the original client once.")
    check_budget(budget, TOKENS_PER_MESSAGE)
    check_state_mode(state)
    if make_tracker is not None and (store is not None or tracker_options is not None):
        raise TypeError("wrap(make_tracker=...) makes trackers in memory: with store= or tracker_options=, "
                        "pass the Tracker options as tracker_options={...} instead.")
    if embed is not None:
        tracker_options = _with_encoder(embed, make_tracker, tracker_options)
    hub = _Hub(budget, make_tracker, on_report, session_header, max_sessions=max_sessions,
               lock_timeout=lock_timeout, store=store, tracker_options=tracker_options, state=state)
    return TrackedClient(client, hub)


def _with_encoder(embed: Any, make_tracker: Any, tracker_options: Mapping[str, Any] | None) -> dict[str, Any]:
    """``tracker_options`` with the encoder ``embed`` names, made once for every session."""
    if make_tracker is not None:
        raise TypeError("wrap(make_tracker=..., embed=...): make_tracker builds the trackers itself; "
                        "pass Tracker(embed=...) inside it, or drop make_tracker and keep embed=.")
    if tracker_options is not None and "embed" in tracker_options:
        raise TypeError("wrap(embed=...) and tracker_options={'embed': ...}: give the encoder once.")
    return {**(tracker_options or {}), "embed": encoder_of(embed)}


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
