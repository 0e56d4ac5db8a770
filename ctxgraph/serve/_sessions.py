"""The gateway's sessions: the OpenAI wrapper's hub over a session store.

The hub (:mod:`ctxgraph.integrations._hub`) does what the wrapper does for a Python client: it
compares the caller's history with what the session has observed, observes the new
messages, assembles the context and records the reply. Its trackers are opened with
:func:`ctxgraph.open_session`, so every observed turn is in the store before the request
goes on, and several worker processes share one SQLite file or Redis server.

>>> sessions = Sessions(ServeConfig(upstream="http://127.0.0.1:9/v1", store="memory://", budget=300))
>>> body = {"model": "m", "messages": [{"role": "user", "content": "My budget is $500."}]}
>>> call, sent = sessions.begin("user-1", body, None)
>>> sent["messages"][-1]["content"], call.report.budget
('My budget is $500.', 300)
>>> sessions.finish(call, {"role": "assistant", "content": "Noted."})
>>> sessions.ids(), len(sessions.tracker("user-1").messages)
(['user-1'], 2)
>>> sessions.delete("user-1"), sessions.tracker("user-1")
(True, None)
"""

from __future__ import annotations

import logging
from typing import Any

from .._embed import encoder_of
from .._errors import StoreError
from .._tracker import Tracker
from .._messages import normalize_message
from ..integrations._hub import _Call, _Hub, _plain
from ..stores import open_store
from ._config import ServeConfig

logger = logging.getLogger("ctxgraph.serve")

#: The header naming a request's session (else the body's ``user`` field).
SESSION_HEADER = "X-Ctxgraph-Session"
#: The session id the health checks ask the store about (never created).
PROBE_ID = "ctxgraph-health-probe"
#: Messages observed by a throw-away tracker at start-up (English and Chinese pipelines).
WARM_UP = ("My order 12345 should arrive in Paris tomorrow; please do not use FedEx.",
           "我的订单12345明天送到北京，不要用顺丰。")


class Sessions:
    """Sessions of one gateway process: ``begin`` a call, ``finish`` it with the reply.

    The methods block (store I/O, extraction): the app runs them in worker threads.
    """

    def __init__(self, config: ServeConfig):
        self.options: dict[str, Any] = {"lang": config.lang, "packs": list(config.packs), **config.tracker_options}
        if config.embed is not None:  # one encoder (one model) for every session of this process
            self.options["embed"] = encoder_of(config.embed)
        self.store = open_store(config.store)
        # the wrapper's hub over the store: it opens sessions with open_session and, under the
        # session's lock, catches up on what other workers stored before comparing histories
        self.hub = _Hub(config.budget, None, None, SESSION_HEADER, store=self.store, tracker_options=self.options,
                        state=config.state)
        # callers are not authenticated: a history that does not continue the stored session
        # raises E241 (then forwarded untouched or refused) rather than deleting its stored turns
        self.hub.source.keep_diverged = config.on_divergence != "rebuild"

    def warm_up(self) -> None:
        """Load the language pipelines now, so the first request does not wait for them."""
        tracker = Tracker(**self.options)
        for text in WARM_UP:
            tracker.observe({"role": "user", "content": text})
        tracker.assemble("", self.hub.budget)

    @staticmethod
    def check(messages: list) -> None:
        """MessageError (E020, E021, ...) for the first message a tracker would refuse."""
        for message in messages:
            normalize_message(_plain(message))

    def begin(self, session_id: str, body: dict[str, Any], budget: int | None, *,
              check: bool = True) -> tuple[_Call, dict[str, Any]] | None:
        """Observe the new messages of ``body["messages"]``; the call and the body to send
        upstream. None, at once, when another process holds the session (its call is not
        recorded yet): the caller waits without holding a thread and tries again.

        Every message is checked first (MessageError, e.g. E021 for an unknown role; ``check=False``:
        the caller did), so a request refused for its messages leaves no trace in the store, not
        even an empty session.

        The call holds the store's lock of the session from here until it ends, so the
        session's next request, whichever worker it reaches, starts from the recorded turn.
        """
        if check:
            self.check(body["messages"])
        try:
            lease = self.hub.source.lease(session_id, 0)
        except StoreError as err:
            if str(err).startswith("[E104]"):
                return None
            raise
        kwargs = dict(body)
        kwargs["session_id"] = session_id
        try:
            call = self.hub.before(kwargs, budget, lease=lease)
        except BaseException:
            if lease is not None:
                lease.close()  # before() ended the call; this covers a failure before it held the lease
            raise
        return call, kwargs

    def finish(self, call: _Call, reply: dict[str, Any] | None) -> None:
        """Observe the question and the upstream's reply (text and tool calls); the call ends."""
        self.hub.end(call, reply, record=True)

    def abort(self, call: _Call) -> None:
        """End a call that got no reply (an upstream error): the session stays as it was."""
        self.hub.abort(call)

    def tracker(self, session_id: str) -> Tracker | None:
        """The session as stored now (a fresh tracker; None when there is no such session)."""
        data = self.store.load(session_id)
        return None if data is None else Tracker.from_json(data, verify=False)  # the gateway's own store

    def store_problem(self) -> str | None:
        """Why the store cannot be used now (its coded error), or None when it answers."""
        try:
            self.store.length(PROBE_ID)
        except StoreError as err:
            return str(err)
        return None

    def ids(self) -> list[str]:
        return sorted(self.store.sessions())

    def delete(self, session_id: str) -> bool:
        self.hub.sessions.pop(session_id, None)
        return self.store.delete(session_id)

    def close(self) -> None:
        self.store.close()
