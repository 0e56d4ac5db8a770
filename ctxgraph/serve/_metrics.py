"""The gateway's Prometheus metrics (prometheus-client), one registry per app.

With several uvicorn workers, ``ctxgraph serve`` sets ``PROMETHEUS_MULTIPROC_DIR`` before
the workers start: every worker writes its values there and ``/metrics`` (whichever worker
answers) sums them, prometheus-client's multiprocess mode.

>>> m = Metrics()
>>> m.requests.labels(kind="chat").inc()
>>> m.observe_tokens(history=2000, sent=600, budget=800)
>>> text = m.exposition()[1].decode()
>>> 'ctxgraph_requests_total{kind="chat"} 1.0' in text, "ctxgraph_saved_tokens_total 1400.0" in text
(True, True)
"""

from __future__ import annotations

import os
import threading
import time

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client import multiprocess

#: Token-count buckets: the token curve of conversations, from a greeting to a long-context model.
TOKEN_BUCKETS = (100, 250, 500, 1000, 2000, 4000, 8000, 16000, 32000, 64000, 128000)
#: Sent tokens as a share of the budget (0.7: the watermark operators watch).
FILL_BUCKETS = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)
#: Latency buckets in seconds, 1 ms to 60 s.
SECONDS_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)
#: A session counts as active for this many seconds after its last request.
ACTIVE_SECONDS = 900.0


class Metrics:
    """Every metric the gateway exports (see docs/serve.md, "Metrics")."""

    def __init__(self) -> None:
        self.multiprocess = bool(os.environ.get("PROMETHEUS_MULTIPROC_DIR"))
        reg = None if self.multiprocess else CollectorRegistry()
        self.registry = reg
        self.requests = Counter("ctxgraph_requests", "Requests by kind: chat (a session's), untracked (no "
                                "session id, forwarded untouched), models, admin.", ["kind"], registry=reg)
        self.history_tokens = Histogram("ctxgraph_history_tokens", "Tokens of the caller's full history, per "
                                        "request.", buckets=TOKEN_BUCKETS, registry=reg)
        self.sent_tokens = Histogram("ctxgraph_sent_tokens", "Tokens of the assembled context sent upstream, "
                                     "per request.", buckets=TOKEN_BUCKETS, registry=reg)
        self.budget_fill = Histogram("ctxgraph_budget_fill", "Sent tokens / budget, per request.",
                                     buckets=FILL_BUCKETS, registry=reg)
        self.saved_tokens = Counter("ctxgraph_saved_tokens", "History tokens minus sent tokens, summed over "
                                    "requests that sent less than the history.", registry=reg)
        self.observe_seconds = Histogram("ctxgraph_observe_seconds", "Observing a request's new messages, "
                                         "and the reply.", buckets=SECONDS_BUCKETS, registry=reg)
        self.assemble_seconds = Histogram("ctxgraph_assemble_seconds", "Assembling the context.",
                                          buckets=SECONDS_BUCKETS, registry=reg)
        self.upstream_seconds = Histogram("ctxgraph_upstream_seconds", "The upstream's time: to the whole "
                                          "reply (plain) or to the end of the stream.", buckets=SECONDS_BUCKETS,
                                          registry=reg)
        self.errors = Counter("ctxgraph_errors", "Errors by kind.", ["kind"], registry=reg)
        self.active = Gauge("ctxgraph_active_sessions", f"Sessions with a request in the last {ACTIVE_SECONDS:.0f} s "
                            "(summed over workers).", registry=reg, multiprocess_mode="livesum")
        self._seen: dict[str, float] = {}
        self._lock = threading.Lock()

    def observe_tokens(self, history: int, sent: int, budget: int) -> None:
        self.history_tokens.observe(history)
        self.sent_tokens.observe(sent)
        self.budget_fill.observe(sent / budget)
        if history > sent:
            self.saved_tokens.inc(history - sent)

    def seen(self, session_id: str) -> None:
        """Count ``session_id`` active now; sessions quiet for ACTIVE_SECONDS drop out."""
        now = time.monotonic()
        with self._lock:
            self._seen.pop(session_id, None)
            self._seen[session_id] = now  # newest last: the oldest are first in the dict
            for sid, last in list(self._seen.items()):
                if now - last <= ACTIVE_SECONDS:
                    break
                del self._seen[sid]
            self.active.set(len(self._seen))

    def forget(self, session_id: str) -> None:
        with self._lock:
            if self._seen.pop(session_id, None) is not None:
                self.active.set(len(self._seen))

    def exposition(self) -> tuple[str, bytes]:
        """(content type, body) of ``GET /metrics``."""
        registry = self.registry
        if registry is None:
            registry = CollectorRegistry()
            multiprocess.MultiProcessCollector(registry)
        return CONTENT_TYPE_LATEST, generate_latest(registry)
