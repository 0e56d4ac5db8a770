"""``ctxgraph serve``: an OpenAI-compatible gateway that assembles each request's context.

Point any OpenAI-compatible client (Node, Java, Go, a low-code platform) at the gateway
instead of the model's API; name the conversation with the ``X-Ctxgraph-Session`` header
or the request's ``user`` field. The gateway observes the history's new messages, sends
the upstream the context assembled within the budget instead of the whole history, and
observes the reply. Routes, headers and metrics: docs/serve.md.

Run it from the command line::

    ctxgraph serve --upstream https://api.openai.com/v1 --api-key-env OPENAI_API_KEY --budget 1500

or mount the ASGI app yourself::

    from ctxgraph.serve import ServeConfig, create_app
    app = create_app(ServeConfig(upstream="https://api.openai.com/v1", store="sqlite:///sessions.db"))
"""

from __future__ import annotations

try:
    import httpx  # noqa: F401
    import prometheus_client  # noqa: F401
    import starlette  # noqa: F401
except ImportError as _err:  # pragma: no cover - the serve extra is installed in dev and CI
    from .._errors import Errors

    raise ImportError(Errors.E200.format(missing=_err.name)) from _err

from ._app import create_app, run, serving
from ._config import DEFAULT_STORE, ServeConfig

__all__ = ["DEFAULT_STORE", "ServeConfig", "create_app", "run", "serving"]
