"""The state API: read, preview and delete sessions (admin routes).

Closed unless ``CTXGRAPH_ADMIN_TOKEN`` is set (403, E240): then every route here needs
``Authorization: Bearer <token>`` (401 otherwise). ``--admin-open`` opens them without a
token, for local use. Session ids are checked like the proxy's (400). A store that cannot
be reached is a 503 with its coded error (E121 for Redis), as on the chat route.
"""

from __future__ import annotations

import functools
import hmac
from typing import Awaitable, Callable

import anyio
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from .._errors import BudgetError, ConfigError, Errors, StoreError
from .._fit import check_state_mode
from .._tracker import Tracker
from ._gateway import Gateway
from ._http import error_response, session_id_error, valid_session_id
from ._proxy import parse_budget


def _refused(gw: Gateway, request: Request) -> Response | None:
    """403 when no admin token is set (unless --admin-open), 401 unless it is sent as the bearer token."""
    gw.metrics.requests.labels(kind="admin").inc()
    if gw.admin_token is None:
        if gw.config.admin_open:
            return None
        gw.metrics.errors.labels(kind="unauthorized").inc()
        return error_response(403, Errors.E240)
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() == "bearer" and hmac.compare_digest(token.strip().encode(), gw.admin_token.encode()):
        return None
    gw.metrics.errors.labels(kind="unauthorized").inc()
    return error_response(401, Errors.E195, headers={"www-authenticate": 'Bearer realm="ctxgraph"'})


def _store_down_is_503(route: Callable[[Request], Awaitable[Response]]) -> Callable[[Request], Awaitable[Response]]:
    """The route, answering 503 with the store's coded error (E121: Redis unreachable) when
    the store fails, as the chat route does, instead of a plain-text 500."""

    @functools.wraps(route)
    async def guarded(request: Request) -> Response:
        try:
            return await route(request)
        except StoreError as err:
            request.app.state.gateway.metrics.errors.labels(kind="store").inc()
            return error_response(503, str(err))

    return guarded


async def _session(request: Request) -> tuple[Gateway, Tracker | None, Response | None]:
    """The gateway, the session's tracker as stored, or the response saying why not."""
    gw: Gateway = request.app.state.gateway
    refused = _refused(gw, request)
    if refused is not None:
        return gw, None, refused
    sid = request.path_params["session_id"]
    if not valid_session_id(sid):
        return gw, None, error_response(400, session_id_error(sid))
    lease = await gw.locks.acquire(sid)  # a reply still being recorded is waited for
    try:
        tracker = await anyio.to_thread.run_sync(gw.sessions.tracker, sid)
    finally:
        lease.release()
    if tracker is None:
        return gw, None, error_response(404, Errors.E194.format(session_id=sid))
    return gw, tracker, None


@_store_down_is_503
async def list_sessions(request: Request) -> Response:
    """``GET /v1/sessions``: ``{"sessions": [ids]}``."""
    gw: Gateway = request.app.state.gateway
    refused = _refused(gw, request)
    if refused is not None:
        return refused
    ids = await anyio.to_thread.run_sync(gw.sessions.ids)
    return JSONResponse({"sessions": ids})


@_store_down_is_503
async def session_state(request: Request) -> Response:
    """``GET /v1/sessions/{id}/state``: the state JSON (schema ctxgraph.state/1)."""
    _, tracker, problem = await _session(request)
    if problem is not None:
        return problem
    return Response(tracker.state().to_json(), media_type="application/json")


@_store_down_is_503
async def session_context(request: Request) -> Response:
    """``GET /v1/sessions/{id}/context?q=...&budget=N&state=auto|always``: what would be sent for
    question ``q`` (``state`` as ``Tracker.assemble``'s; default: the gateway's ``--state``)."""
    gw, tracker, problem = await _session(request)
    if problem is not None:
        return problem
    state = request.query_params.get("state", gw.config.state)
    try:
        budget = parse_budget(request.query_params.get("budget")) or gw.config.budget
        check_state_mode(state)
    except (BudgetError, ConfigError) as err:
        return error_response(400, str(err))
    ctx = tracker.assemble(request.query_params.get("q", ""), budget, state=state)
    return JSONResponse({"session_id": request.path_params["session_id"], "budget": budget, "tokens": ctx.tokens,
                         "sections": ctx.sections, "messages": ctx.messages, "state_block": ctx.state_block,
                         "dropped": ctx.dropped, "state": state, "passed_through": ctx.passed_through})


@_store_down_is_503
async def session_graph(request: Request) -> Response:
    """``GET /v1/sessions/{id}/graph``: the offline HTML view of the session's graph."""
    _, tracker, problem = await _session(request)
    if problem is not None:
        return problem
    from ..views import to_html

    return HTMLResponse(to_html(tracker))


@_store_down_is_503
async def delete_session(request: Request) -> Response:
    """``DELETE /v1/sessions/{id}``: nothing of the session remains in the store."""
    gw: Gateway = request.app.state.gateway
    refused = _refused(gw, request)
    if refused is not None:
        return refused
    sid = request.path_params["session_id"]
    if not valid_session_id(sid):
        return error_response(400, session_id_error(sid))
    lease = await gw.locks.acquire(sid)
    try:
        deleted = await anyio.to_thread.run_sync(gw.sessions.delete, sid)
    finally:
        lease.release()
    if not deleted:
        return error_response(404, Errors.E194.format(session_id=sid))
    gw.metrics.forget(sid)
    return JSONResponse({"deleted": sid})
