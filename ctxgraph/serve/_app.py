"""The Starlette app of ``ctxgraph serve`` and how uvicorn runs it (one or several workers).

>>> from starlette.testclient import TestClient
>>> app = create_app(ServeConfig(upstream="http://127.0.0.1:9/v1", store="memory://"))
>>> with TestClient(app) as client:
...     client.get("/healthz").json(), client.get("/readyz").status_code
({'status': 'ok'}, 200)
"""

from __future__ import annotations

import contextlib
import os
import socket
import tempfile
import threading
import time
from typing import Any, AsyncIterator, Iterator

import anyio
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from . import _admin, _proxy
from ._config import CONFIG_ENV, ServeConfig
from ._gateway import Gateway
from ..stores import open_store
from ._workers import KEEP_ALIVE, reuse_port_supported, run_workers


#: Seconds uvicorn waits for a worker's health answer: loading the language pipelines (spaCy,
#: jieba) can hold the interpreter for several seconds, longer than uvicorn's default 5.
WORKER_HEALTHCHECK = 60.0


async def _store_problem(request: Request) -> str | None:
    """Why the session store cannot be used now (None: it answers)."""
    return await anyio.to_thread.run_sync(request.app.state.gateway.sessions.store_problem)


async def healthz(request: Request) -> Response:
    """``GET /healthz``: 200 while the process serves (the upstream is not asked): ``{"status":
    "ok"}``, or ``"degraded"`` with the reason while the store cannot be reached (restarting
    the process would not bring it back, so a liveness probe still passes)."""
    problem = await _store_problem(request)
    return JSONResponse({"status": "ok"} if problem is None else {"status": "degraded", "store": problem})


async def readyz(request: Request) -> Response:
    """``GET /readyz``: 200 when requests can be served (the store answers), else 503: a load
    balancer's readiness check takes the process out of rotation while its store is down."""
    problem = await _store_problem(request)
    if problem is None:
        return JSONResponse({"status": "ok"})
    return JSONResponse({"status": "degraded", "store": problem}, status_code=503)


async def metrics(request: Request) -> Response:
    """``GET /metrics``: Prometheus text format."""
    content_type, body = request.app.state.gateway.metrics.exposition()
    return Response(body, media_type=content_type)


ROUTES = [
    Route("/v1/chat/completions", _proxy.chat_completions, methods=["POST"]),
    Route("/v1/models", _proxy.models, methods=["GET"]),
    Route("/v1/models/{model:path}", _proxy.models, methods=["GET"]),
    Route("/v1/sessions", _admin.list_sessions, methods=["GET"]),
    Route("/v1/sessions/{session_id}/state", _admin.session_state, methods=["GET"]),
    Route("/v1/sessions/{session_id}/context", _admin.session_context, methods=["GET"]),
    Route("/v1/sessions/{session_id}/graph", _admin.session_graph, methods=["GET"]),
    Route("/v1/sessions/{session_id}", _admin.delete_session, methods=["DELETE"]),
    Route("/metrics", metrics, methods=["GET"]),
    Route("/healthz", healthz, methods=["GET"]),
    Route("/readyz", readyz, methods=["GET"]),
]


def create_app(config: ServeConfig, **gateway_options: Any) -> Starlette:
    """The gateway as an ASGI app (mount it, or run it with any ASGI server).

    ``gateway_options`` go to :class:`~ctxgraph.serve._gateway.Gateway` (``transport=``:
    an httpx transport for the upstream)."""
    gateway = Gateway(config, **gateway_options)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await gateway.start()
        try:
            yield
        finally:
            await gateway.stop()

    app = Starlette(routes=ROUTES, lifespan=lifespan)
    app.state.gateway = gateway
    return app


def create_app_from_env() -> Starlette:
    """uvicorn's factory in each worker process: the settings come from ``CTXGRAPH_SERVE_CONFIG``."""
    return create_app(ServeConfig.from_env())


def run(config: ServeConfig, host: str = "127.0.0.1", port: int = 8000, log_level: str = "info") -> int:
    """Serve until interrupted; the exit status (0, or non-zero when the workers could not be
    kept running). Several workers: each makes its app from the environment, has its own
    listening socket on Linux (:mod:`ctxgraph.serve._workers`; elsewhere uvicorn's workers
    share one), and their metrics are summed through PROMETHEUS_MULTIPROC_DIR."""
    import uvicorn

    config.api_key()  # a missing key is said now, not at the first request
    if config.workers == 1:
        uvicorn.run(create_app(config), host=host, port=port, log_level=log_level, timeout_keep_alive=KEEP_ALIVE)
        return 0
    open_store(config.store).close()  # a store that cannot be opened is said once, now, not by every worker
    os.environ[CONFIG_ENV] = config.to_json()
    with contextlib.ExitStack() as stack:
        if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
            folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="ctxgraph-metrics-"))
            os.environ["PROMETHEUS_MULTIPROC_DIR"] = folder
        if reuse_port_supported(port):  # a socket per worker: connections spread evenly
            return run_workers(config.workers, host, port, log_level, make_app=create_app_from_env)
        else:
            uvicorn.run("ctxgraph.serve._app:create_app_from_env", factory=True, host=host, port=port,
                        timeout_keep_alive=KEEP_ALIVE,
                        workers=config.workers, log_level=log_level, timeout_worker_healthcheck=WORKER_HEALTHCHECK)
    return 0


@contextlib.contextmanager
def serving(app: Starlette, host: str = "127.0.0.1", startup_timeout: float = 120.0) -> Iterator[str]:
    """Run ``app`` on uvicorn in a background thread on a free port; yields ``http://HOST:PORT``.

    For tests and notebooks: the server is real (sockets, HTTP/1.1, lifespan), stopped on exit::

        with serving(create_app(config)) as url:
            client = OpenAI(base_url=url + "/v1", api_key="...")
    """
    import uvicorn

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, 0))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, name="ctxgraph-serve", daemon=True)
    thread.start()
    deadline = time.monotonic() + startup_timeout
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            sock.close()
            raise RuntimeError("the gateway did not start (see the log above)")
        time.sleep(0.01)
    try:
        yield f"http://{host}:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join()
        sock.close()
