"""The state API: read, preview and delete sessions (admin routes).

When ``CTXGRAPH_ADMIN_TOKEN`` is set, every route here needs ``Authorization: Bearer
<token>`` (401 otherwise). Session ids are checked like the proxy's (400).
"""

from __future__ import annotations

import hmac

import anyio
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from .._errors import BudgetError, Errors
from .._tracker import Tracker
from ._gateway import Gateway
from ._http import error_response, session_id_error, valid_session_id
from ._proxy import parse_budget


def _refused(gw: Gateway, request: Request) -> Response | None:
    """401 unless the admin token is unset or sent as the bearer token."""
    gw.metrics.requests.labels(kind="admin").inc()
    if gw.admin_token is None:
        return None
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() == "bearer" and hmac.compare_digest(token.strip().encode(), gw.admin_token.encode()):
        return None
    gw.metrics.errors.labels(kind="unauthorized").inc()
    return error_response(401, Errors.E195, headers={"www-authenticate": 'Bearer realm="ctxgraph"'})


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


async def list_sessions(request: Request) -> Response:
    """``GET /v1/sessions``: ``{"sessions": [ids]}``."""
    gw: Gateway = request.app.state.gateway
    refused = _refused(gw, request)
    if refused is not None:
        return refused
    ids = await anyio.to_thread.run_sync(gw.sessions.ids)
    return JSONResponse({"sessions": ids})


async def session_state(request: Request) -> Response:
    """``GET /v1/sessions/{id}/state``: the state JSON (schema ctxgraph.state/1)."""
    _, tracker, problem = await _session(request)
    if problem is not None:
        return problem
    return Response(tracker.state().to_json(), media_type="application/json")


async def session_context(request: Request) -> Response:
    """``GET /v1/sessions/{id}/context?q=...&budget=N``: what would be sent for question ``q``."""
    gw, tracker, problem = await _session(request)
    if problem is not None:
        return problem
    try:
        budget = parse_budget(request.query_params.get("budget")) or gw.config.budget
    except BudgetError as err:
        return error_response(400, str(err))
    ctx = tracker.assemble(request.query_params.get("q", ""), budget)
    return JSONResponse({"session_id": request.path_params["session_id"], "budget": budget, "tokens": ctx.tokens,
                         "sections": ctx.sections, "messages": ctx.messages, "state_block": ctx.state_block,
                         "dropped": ctx.dropped})


async def session_graph(request: Request) -> Response:
    """``GET /v1/sessions/{id}/graph``: the offline HTML view of the session's graph."""
    _, tracker, problem = await _session(request)
    if problem is not None:
        return problem
    from ..views import to_html

    return HTMLResponse(to_html(tracker))


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
