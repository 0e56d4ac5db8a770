"""The proxy routes: ``POST /v1/chat/completions`` (plain and streamed) and ``GET /v1/models``.

A request with a session id (header ``X-Ctxgraph-Session`` or the body's ``user``) and a
``messages`` list is tracked: its new messages are observed, the context assembled within
the budget (``X-Ctxgraph-Budget`` overrides it for one request) and sent upstream in place
of the history; the reply is observed once whole. Anything else is forwarded untouched.
Upstream errors reach the caller as they came, and leave the session as it was before the
request (the question is only recorded with its reply).

A request holds its session from reading the history until the reply is recorded: in this
process by the session's asyncio lock, in every process by the store's lock of the session
(taken without holding a thread: tried, then waited for asynchronously). A plain reply is
therefore recorded after it is sent (the caller does not wait for the two messages to be
read; the session's next request, whichever worker or server it reaches, waits for the
record); a stream's reply is recorded before its last event. A record that fails is logged
and counted: the caller has its reply, and its next request, which carries the whole
history, brings the missing messages.
"""

from __future__ import annotations

import functools
import json
import logging
import time
from typing import Any, Awaitable, Callable

import anyio
import anyio.lowlevel
import httpx
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

from .._errors import BudgetError, Errors, MessageError, StoreError
from .._fit import check_budget
from .._tokens import TOKENS_PER_MESSAGE
from ._gateway import Gateway, Lease
from ._http import SSEReader, error_response, reply_headers, reply_message, session_id_error, upstream_headers
from ._http import MAX_BODY_DEPTH, nested_deeper, read_body, valid_session_id

logger = logging.getLogger("ctxgraph.serve")
#: A session's store lock held by another process is tried again after this many seconds,
#: doubling up to the second value.
LEASE_FIRST_PAUSE, LEASE_MAX_PAUSE = 0.002, 0.05
#: A history with more new messages than this is observed in slices of this many, each its
#: own turn on the worker's one work thread (each observed message is a store write), so one
#: huge request does not stall the other sessions of its worker for the whole of it.
SLICE = 100


class _ClosingStream(StreamingResponse):
    """A streamed response that runs ``on_close(complete)`` when it ends, however it ends
    (read to the end, the caller gone, the upstream failing)."""

    def __init__(self, content: Any, on_close: Callable[[], Awaitable[None]], **kwargs: Any):
        super().__init__(content, **kwargs)
        self._on_close = on_close

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            with anyio.CancelScope(shield=True):
                await self._on_close()


async def _send(gw: Gateway, request: Request, path: str, content: bytes) -> httpx.Response | Response:
    """Send to the upstream, streamed; an unreachable or silent upstream is a 502/504 error."""
    url = gw.config.upstream + path
    if request.url.query:
        url += "?" + request.url.query
    upstream = gw.client.build_request(request.method, url, headers=upstream_headers(request.headers, gw.api_key),
                                       content=content)
    try:
        return await gw.client.send(upstream, stream=True)
    except httpx.TimeoutException:
        gw.metrics.errors.labels(kind="upstream_timeout").inc()
        return error_response(504, Errors.E193.format(upstream=gw.config.upstream, timeout=gw.config.timeout))
    except httpx.HTTPError as err:
        gw.metrics.errors.labels(kind="upstream_unreachable").inc()
        return error_response(502, Errors.E192.format(upstream=gw.config.upstream, reason=err or type(err).__name__))


async def _whole(gw: Gateway, upstream: httpx.Response) -> Response:
    """The upstream's answer read whole and passed on as it came (status, headers, bytes)."""
    try:
        content = await upstream.aread()
    except httpx.HTTPError as err:
        gw.metrics.errors.labels(kind="upstream_unreachable").inc()
        return error_response(502, Errors.E192.format(upstream=gw.config.upstream, reason=err or type(err).__name__))
    finally:
        await upstream.aclose()
    if upstream.status_code >= 400:
        gw.metrics.errors.labels(kind=f"upstream_{upstream.status_code}").inc()
    return Response(content, status_code=upstream.status_code, headers=reply_headers(upstream.headers))


def _is_stream(upstream: httpx.Response) -> bool:
    return upstream.status_code < 400 and upstream.headers.get("content-type", "").startswith("text/event-stream")


async def forward(gw: Gateway, request: Request, path: str, content: bytes) -> Response:
    """Pass a request through untouched (untracked chat requests, /v1/models)."""
    upstream = await _send(gw, request, path, content)
    if not isinstance(upstream, httpx.Response):
        return upstream
    if not _is_stream(upstream):
        return await _whole(gw, upstream)
    return _ClosingStream(upstream.aiter_raw(), upstream.aclose, status_code=upstream.status_code,
                          headers=reply_headers(upstream.headers))


def _session_of(request: Request, body: Any) -> str | None:
    sid = request.headers.get("x-ctxgraph-session")
    if sid is None and isinstance(body, dict) and isinstance(body.get("user"), str):
        sid = body["user"]
    return sid


def parse_budget(raw: str | None) -> int | None:
    """A budget sent as text (``X-Ctxgraph-Budget``, ``?budget=``); None when not sent.

    >>> parse_budget("800"), parse_budget(None)
    (800, None)
    >>> parse_budget("lots")
    Traceback (most recent call last):
    ...
    ctxgraph._errors.BudgetError: [E191] Invalid budget 'lots': not an integer
    """
    if raw is None:
        return None
    try:
        budget = int(raw)
        check_budget(budget, TOKENS_PER_MESSAGE)
    except (ValueError, BudgetError) as err:
        reason = err if isinstance(err, BudgetError) else "not an integer"
        raise BudgetError(Errors.E191.format(budget=raw, reason=reason)) from None
    return budget


async def models(request: Request) -> Response:
    """``GET /v1/models[/...]``: passed through."""
    gw: Gateway = request.app.state.gateway
    gw.metrics.requests.labels(kind="models").inc()
    return await forward(gw, request, request.url.path.removeprefix("/v1"), b"")


async def chat_completions(request: Request) -> Response:
    """``POST /v1/chat/completions``: tracked when the request names a session."""
    gw: Gateway = request.app.state.gateway
    raw = await read_body(request, gw.config.max_body)
    if raw is None:  # checked before parsing: a 50 MB body took 9 s and 800 MB to read as JSON
        gw.metrics.errors.labels(kind="too_large").inc()
        return error_response(413, Errors.E242.format(limit=gw.config.max_body))
    try:
        body = json.loads(raw)
    except ValueError:
        body = None
    except RecursionError:
        gw.metrics.errors.labels(kind="bad_request").inc()
        return error_response(400, Errors.E244.format(limit=MAX_BODY_DEPTH))
    sid = _session_of(request, body)
    if sid is None or not isinstance(body, dict) or not isinstance(body.get("messages"), list):
        gw.metrics.requests.labels(kind="untracked").inc()
        return await forward(gw, request, "/chat/completions", raw)
    problem = _bounds_problem(gw, sid, body)
    if problem is not None:
        return problem
    try:
        budget = parse_budget(request.headers.get("x-ctxgraph-budget"))
    except BudgetError as err:
        gw.metrics.errors.labels(kind="bad_request").inc()
        return error_response(400, str(err))
    gw.metrics.requests.labels(kind="chat").inc()
    gw.metrics.seen(sid)
    started = time.perf_counter()
    lease = await gw.locks.acquire(sid)
    try:
        response = await _tracked(gw, request, lease, body, budget, started=started, raw=raw)
    except BaseException:
        lease.release()
        raise
    if not isinstance(response, (_ClosingStream, _ThenRecord)):
        lease.release()
    return response


def _bounds_problem(gw: Gateway, sid: str, body: dict) -> Response | None:
    """The error response for a tracked request out of bounds (its id, its size, its depth),
    checked before any of it is read into a session."""
    status, message = 0, ""
    if not valid_session_id(sid):
        status, message = 400, session_id_error(sid)
    elif len(body["messages"]) > gw.config.max_messages:  # bounds one request's work on the shared thread
        status, message = 413, Errors.E243.format(count=len(body["messages"]), limit=gw.config.max_messages)
    elif nested_deeper(body, MAX_BODY_DEPTH):
        status, message = 400, Errors.E244.format(limit=MAX_BODY_DEPTH)
    if not status:
        return None
    gw.metrics.errors.labels(kind="too_large" if status == 413 else "bad_request").inc()
    return error_response(status, message)


async def _begin(gw: Gateway, sid: str, body: dict, budget: int | None, *, check: bool = True) -> tuple[Any, dict]:
    """Observe and assemble in a worker thread once no other process holds the session: its
    call there may take as long as its upstream does, so it is waited for here, not in a
    thread. E104 after the hub's lock timeout."""
    timeout = gw.sessions.hub.lock_timeout
    deadline = None if timeout is None else time.monotonic() + timeout
    pause = LEASE_FIRST_PAUSE
    while True:
        begun = await anyio.to_thread.run_sync(functools.partial(gw.sessions.begin, sid, body, budget, check=check),
                                               limiter=gw.limiter)
        if begun is not None:
            return begun
        if deadline is not None and time.monotonic() > deadline:
            raise StoreError(Errors.E104.format(session_id=sid, timeout=timeout))
        await anyio.sleep(pause)
        pause = min(pause * 2, LEASE_MAX_PAUSE)


async def _diverged(gw: Gateway, request: Request, lease: Lease, raw: bytes, err: StoreError) -> Response:
    """A history that does not continue its stored session (a retry or regenerate of an answered
    question, an edit, another conversation under the id): the session is kept as stored; the
    request is forwarded untouched and nothing of it recorded, or refused (409, E241)."""
    gw.metrics.errors.labels(kind="diverged").inc()
    if gw.config.on_divergence == "refuse":
        logger.warning("ctxgraph serve: %s", err)
        return error_response(409, str(err))
    logger.warning("ctxgraph serve: session %r: the history does not continue the stored session; forwarded "
                   "untouched, nothing recorded, the stored session kept.", lease.key)
    lease.release()  # nothing of the session is read or written: its next request need not wait
    response = await forward(gw, request, "/chat/completions", raw)
    response.headers["x-ctxgraph-session"] = lease.key
    response.headers["x-ctxgraph-diverged"] = "1"
    return response


async def _catch_up(gw: Gateway, sid: str, messages: list) -> None:
    """Observe a long history the session has not seen (a first request of 20,000 messages) in
    slices of :data:`SLICE` messages, each its own turn on the worker's work thread, so other
    sessions' requests are served between slices instead of waiting for the whole history."""
    if len(messages) <= SLICE:
        return
    start = await anyio.to_thread.run_sync(gw.sessions.store.length, sid)
    if len(messages) - start <= SLICE:
        return
    await anyio.to_thread.run_sync(gw.sessions.check, messages, limiter=gw.limiter)  # before any is stored
    for end in range(start + SLICE, len(messages), SLICE):
        call, _ = await _begin(gw, sid, {"messages": messages[:end]}, None, check=False)
        gw.sessions.abort(call)  # what it observed is stored; its last user message waits for the next slice


async def _tracked(gw: Gateway, request: Request, lease: Lease, body: dict, budget: int | None, *,
                   started: float, raw: bytes) -> Response:
    """Called holding the session's lease; a stream, or a reply recorded after it is sent,
    releases it when it ends. A history that does not continue the stored session (E241) is
    forwarded untouched (``--on-divergence forward``) or refused (``refuse``)."""
    sid = lease.key
    try:
        await _catch_up(gw, sid, body["messages"])
        call, sent = await _begin(gw, sid, body, budget)
    except (MessageError, BudgetError) as err:
        gw.metrics.errors.labels(kind="bad_request").inc()
        return error_response(400, str(err))
    except StoreError as err:
        if str(err).startswith("[E241]"):  # a history that does not continue the stored session
            return await _diverged(gw, request, lease, raw, err)
        gw.metrics.errors.labels(kind="store").inc()
        return error_response(503, str(err))
    try:
        return await _exchange(gw, request, call, sent, lease, started=started)
    except BaseException:
        gw.sessions.abort(call)
        raise


async def _exchange(gw: Gateway, request: Request, call: Any, sent: dict, lease: Lease, *,
                    started: float) -> Response:
    """Send the assembled request; record the reply, or end the call without one."""
    r = call.report
    gw.metrics.observe_seconds.observe(call.seconds.get("observe", 0.0))
    gw.metrics.assemble_seconds.observe(call.seconds.get("assemble", 0.0))
    gw.metrics.observe_tokens(r.full_tokens, r.sent_tokens, r.budget)
    ours = {"x-ctxgraph-session": r.session_id, "x-ctxgraph-budget": str(r.budget),
            "x-ctxgraph-history-tokens": str(r.full_tokens), "x-ctxgraph-sent-tokens": str(r.sent_tokens)}
    before_ms = (time.perf_counter() - started) * 1000
    sent_at = time.perf_counter()
    upstream = await _send(gw, request, "/chat/completions", json.dumps(sent, ensure_ascii=False).encode())
    if not isinstance(upstream, httpx.Response):
        gw.sessions.abort(call)
        return upstream
    if _is_stream(upstream):
        return _tracked_stream(gw, upstream, call, lease, ours | {"server-timing": f"ctxgraph;dur={before_ms:.2f}"})
    response = await _whole(gw, upstream)
    upstream_s = time.perf_counter() - sent_at
    gw.metrics.upstream_seconds.observe(upstream_s)
    response.headers.update(ours)
    response.headers["server-timing"] = f"ctxgraph;dur={before_ms:.2f}, upstream;dur={upstream_s * 1000:.2f}"
    if response.status_code >= 400:
        gw.sessions.abort(call)  # the question is not recorded: a retry sends it again
        return response
    if await request.is_disconnected():  # the caller will not see the reply
        gw.metrics.errors.labels(kind="client_disconnected").inc()
        gw.sessions.abort(call)
        return response
    try:
        reply = reply_message(json.loads(response.body))
    except ValueError:
        reply = None
    return _ThenRecord(response, functools.partial(_record_after, gw, call, reply, lease))


class _ThenRecord:
    """A whole upstream answer; once it is sent, ``after(sent)`` records the reply (the
    caller does not wait for the record, the session's next request does)."""

    def __init__(self, response: Response, after: Callable[[bool], Awaitable[None]]):
        self.response, self.after = response, after

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        sent = False
        try:
            await self.response(scope, receive, send)
            sent = True
        finally:
            with anyio.CancelScope(shield=True):
                await self.after(sent)


async def _record_after(gw: Gateway, call: Any, reply: dict | None, lease: Lease, sent: bool) -> None:
    """Record the call's question and reply once the caller has it; release the session."""
    try:
        if sent:
            await _finish(gw, call, reply)
    except StoreError as err:  # counted in _finish; the next request's history brings the turn
        logger.warning("ctxgraph serve: session %r: the reply was sent but not recorded: %s", lease.key, err)
    finally:
        gw.sessions.abort(call)  # no-op when the reply was recorded
        lease.release()


async def _finish(gw: Gateway, call: Any, reply: dict | None) -> None:
    started = time.perf_counter()
    try:
        await anyio.to_thread.run_sync(gw.sessions.finish, call, reply, limiter=gw.limiter)
    except StoreError:
        gw.metrics.errors.labels(kind="store").inc()
        raise
    gw.metrics.observe_seconds.observe(time.perf_counter() - started)


async def _let_a_disconnect_land() -> None:
    """Yield to the event loop a few times before a streamed reply is recorded: a caller that
    closed the stream while the upstream sent its end is seen first (Starlette then cancels
    the relay here), so a reply nobody read is not recorded. Recording itself runs in a worker
    thread and, once started, is not cancelled."""
    for _ in range(3):
        await anyio.lowlevel.checkpoint()


def _tracked_stream(gw: Gateway, upstream: httpx.Response, call: Any, lease: Lease,
                    headers: dict[str, str]) -> Response:
    """Pass the events on as they arrive; record the reply once the stream is whole."""
    reader = SSEReader()
    sent_at = time.perf_counter()

    async def relay() -> Any:
        async for piece in upstream.aiter_raw():
            reader.feed(piece)
            if reader.done and not call.ended:  # recorded before the caller reads the end of the stream
                await _let_a_disconnect_land()
                gw.metrics.upstream_seconds.observe(time.perf_counter() - sent_at)
                await _finish(gw, call, reader.message())
            yield piece

    async def on_close() -> None:
        try:
            await upstream.aclose()
            if call.ended:
                pass
            elif reader.complete:  # a finish reason, but no [DONE]
                gw.metrics.upstream_seconds.observe(time.perf_counter() - sent_at)
                await _finish(gw, call, reader.message())
            else:
                gw.metrics.errors.labels(kind="stream_incomplete").inc()
        finally:
            gw.sessions.abort(call)  # no-op when the call was finished
            lease.release()

    return _ClosingStream(relay(), on_close, status_code=upstream.status_code,
                          headers=reply_headers(upstream.headers) | headers)
