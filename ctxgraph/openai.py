"""Alias of :mod:`ctxgraph.integrations.openai` (where the OpenAI wrapper lives since issue 22).

``from ctxgraph.openai import wrap`` keeps working, with every public name, and the wrapper
still logs to the ``ctxgraph.openai`` logger.
"""

from __future__ import annotations

from ctxgraph.integrations.openai import (  # noqa: F401
    LOCK_TIMEOUT,
    MAX_REPORTS,
    AsyncTrackedStream,
    CallReport,
    TrackedClient,
    TrackedStream,
    logger,
    wrap,
)

__all__ = ["AsyncTrackedStream", "CallReport", "TrackedClient", "TrackedStream", "wrap"]
