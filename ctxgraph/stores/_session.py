"""``open_session``: a Tracker bound to a store, so every observed turn is stored before it counts.

>>> from ctxgraph import open_session
>>> from ctxgraph.stores import open_store
>>> store = open_store("memory://")
>>> t = open_session(store, "user-42", lang="en")
>>> _ = t.observe({"role": "user", "content": "My budget is $500."})
>>> again = open_session(store, "user-42")   # another worker, or after a restart
>>> again.state() == t.state(), store.length("user-42")
(True, 1)
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator

import numpy as np

from .._config import TrackerConfig
from .._errors import Errors, StoreError
from .._tracker import Tracker
from . import open_store
from ._base import Store, check_session_id, config_differs


class _Binding:
    """What a bound Tracker's ``observe()`` calls: the lock, catching up, the durable append."""

    def __init__(self, store: Store, session_id: str):
        self.store = store
        self.session_id = session_id
        # the caller holds the session's lock for a whole call (the wrapper and the gateway, from
        # reading the history to recording the reply): a turn does not take it again
        self.held = False

    @contextmanager
    def turn(self, tracker: Tracker) -> Iterator[None]:
        """Hold the session's lock (unless :attr:`held`) and bring ``tracker`` up to the stored turns."""
        if self.held:
            self.sync(tracker)
            yield
            return
        with self.store.lock(self.session_id):
            self.sync(tracker)
            yield

    def sync(self, tracker: Tracker) -> None:
        """Apply the turns other writers stored since ``tracker`` last saw the session."""
        have, stored = len(tracker.messages), self.store.length(self.session_id)
        if stored < have:
            raise StoreError(Errors.E111.format(session_id=self.session_id, length=stored, turns=have))
        if stored > have:  # one length read per observed turn; the turns only when there are new ones
            for turn in self.store.load_since(self.session_id, have):
                tracker._absorb(turn)

    def append(self, tracker: Tracker, turn: dict[str, Any]) -> None:
        self.store.append(self.session_id, turn)


def open_session(store: str | Store, session_id: str, **tracker_options: Any) -> Tracker:
    """The Tracker of ``session_id`` in ``store`` (a URL or a :class:`~ctxgraph.stores.Store`).

    An existing session is rebuilt from its stored events (nothing is extracted again); a new
    one is created with ``Tracker(**tracker_options)``. Options given for an existing session
    must equal the ones it was made with (:class:`~ctxgraph.StoreError` E102); ``llm`` and
    ``llm_timeout`` are not stored and may change. Every ``observe()`` of the tracker then
    takes the session's lock, applies the turns other processes stored since, extracts, and
    returns only after the turn is stored (a failed write leaves the tracker as it was).
    """
    check_session_id(session_id)
    store = open_store(store)
    wanted = Tracker(**tracker_options)
    session = store.load(session_id)
    if session is None:
        store.create(session_id, wanted.config.as_mapping())
        tracker = wanted
    else:
        _check_options(session_id, session["config"], wanted.config, tracker_options)
        # the store is the application's own: its turns were checked when they were observed
        tracker = Tracker.from_json(session, llm=tracker_options.get("llm"), verify=False,
                                    embed=wanted._vectors.encoder if wanted._vectors is not None else None)
    tracker._binding = _Binding(store, session_id)
    if tracker._vectors is not None:
        _keep_vectors(tracker, store, session_id)
    return tracker


def _keep_vectors(tracker: Tracker, store: Store, session_id: str) -> None:
    """Vectors stored for this session and encoder are loaded (those turns are not encoded
    again); new ones are stored as the worker encodes them."""
    vectors = tracker._vectors
    stored = store.load_vectors(session_id, vectors.name)
    vectors.preload({turn: np.frombuffer(v, dtype="<f4") for turn, v in stored.items()})
    vectors.sink = lambda name, found: store.save_vectors(
        session_id, name, {turn: np.asarray(v, dtype="<f4").tobytes() for turn, v in found.items()})
    tracker._queue_vectors()  # the turns stored without vectors: encoded from now on


def _check_options(session_id: str, stored: dict[str, Any], wanted: TrackerConfig, given: dict[str, Any]) -> None:
    """E102 when an option given differs from the stored session's."""
    names = list(TrackerConfig.model_fields) if "config" in given else [
        n for n in given if n in TrackerConfig.model_fields]
    if not names:
        return
    try:
        have = TrackerConfig.model_validate(stored)
    except ValueError:
        return  # Tracker.from_json reports a config it cannot read
    config_differs(session_id, {n: have[n] for n in names}, {n: wanted[n] for n in names})
