"""The memory store: sessions in this process's memory, bounded by count (LRU) and age (TTL).

For tests, notebooks and a single process that may lose its sessions on restart.

>>> store = MemoryStore(max_sessions=2)
>>> for sid in ("a", "b", "c"):
...     store.create(sid, {})
>>> store.sessions()  # "a" was the least recently used
['b', 'c']
"""

from __future__ import annotations

import copy
import threading
import time
import weakref
from collections import OrderedDict
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from .._errors import Errors, StoreError
from ._base import (
    DEFAULT_LOCK_TIMEOUT, Store, Turn, check_session_id, check_turn, config_differs, seconds,
    turns_from_session, parse_session,
)

#: Sessions a MemoryStore keeps before it evicts the least recently used one.
DEFAULT_MAX_SESSIONS = 1000
#: Seconds after its last write a MemoryStore session expires (one day).
DEFAULT_TTL = 86400.0


@dataclass
class _Session:
    config: dict[str, Any]
    written: float
    turns: list[Turn] = field(default_factory=list)
    vectors: dict[str, dict[int, bytes]] = field(default_factory=dict)  # model -> turn -> float32 bytes


class MemoryStore(Store):
    """Sessions in a dict of this process: at most ``max_sessions`` (least recently used
    evicted first), each dropped ``ttl`` seconds after its last write (``ttl=None``: never).

    ``clock`` gives the time in seconds (``time.time``; tests pass their own).
    """

    scheme = "memory"

    def __init__(
        self,
        *,
        max_sessions: int = DEFAULT_MAX_SESSIONS,
        ttl: float | None = DEFAULT_TTL,
        lock_timeout: float = DEFAULT_LOCK_TIMEOUT,
        clock: Callable[[], float] = time.time,
    ):
        if isinstance(max_sessions, bool) or not isinstance(max_sessions, int) or max_sessions < 1:
            raise StoreError(Errors.E106.format(name="max_sessions", value=max_sessions, reason="an int >= 1"))
        self.max_sessions = max_sessions
        self.ttl = None if ttl is None else seconds(ttl)
        self.lock_timeout = lock_timeout
        self._clock = clock
        self._data: OrderedDict[str, _Session] = OrderedDict()
        self._guard = threading.RLock()  # guards _data and _locks
        # a session's lock lives while someone holds or waits for it
        self._locks: weakref.WeakValueDictionary[str, threading.Lock] = weakref.WeakValueDictionary()

    # ------------------------------------------------------------------ internals
    def _get(self, session_id: str) -> _Session | None:
        """The live session (moved to most recently used), dropping it when expired."""
        s = self._data.get(check_session_id(session_id))
        if s is None:
            return None
        if self.ttl is not None and self._clock() - s.written > self.ttl:
            del self._data[session_id]
            return None
        self._data.move_to_end(session_id)
        return s

    def _put(self, session_id: str, s: _Session) -> None:
        self._data[session_id] = s
        self._data.move_to_end(session_id)
        while len(self._data) > self.max_sessions:
            self._data.popitem(last=False)

    # ------------------------------------------------------------------ writing
    def create(self, session_id: str, config: dict[str, Any]) -> None:
        with self._guard:
            s = self._get(session_id)
            if s is not None:
                config_differs(session_id, s.config, config)
                return
            self._put(session_id, _Session(copy.deepcopy(config), self._clock()))

    def append(self, session_id: str, turn: Turn) -> None:
        with self._guard:
            s = self._get(session_id)
            if s is None:
                raise StoreError(Errors.E107.format(session_id=session_id, where="memory://"))
            check_turn(session_id, turn, len(s.turns))
            s.turns.append(copy.deepcopy(turn))
            s.written = self._clock()

    def save(self, session_id: str, session: dict[str, Any] | str) -> None:
        session = parse_session(session)
        turns = turns_from_session(session)
        with self._guard:
            self._data.pop(check_session_id(session_id), None)
            self._put(session_id, _Session(copy.deepcopy(session["config"]), self._clock(), copy.deepcopy(turns)))

    def delete(self, session_id: str) -> bool:
        with self._guard:
            return self._data.pop(check_session_id(session_id), None) is not None

    def expire(self, older_than: float | Any) -> int:
        limit = self._clock() - seconds(older_than)
        with self._guard:
            old = [sid for sid, s in self._data.items() if s.written < limit]
            for sid in old:
                del self._data[sid]
            return len(old)

    def save_vectors(self, session_id: str, model: str, vectors: dict[int, bytes]) -> None:
        with self._guard:
            s = self._get(session_id)
            if s is not None:
                s.vectors.setdefault(model, {}).update(vectors)

    def load_vectors(self, session_id: str, model: str) -> dict[int, bytes]:
        with self._guard:
            s = self._get(session_id)
            return dict(s.vectors.get(model, {})) if s else {}

    # ------------------------------------------------------------------ reading
    def length(self, session_id: str) -> int:
        with self._guard:
            s = self._get(session_id)
            return len(s.turns) if s else 0

    def config(self, session_id: str) -> dict[str, Any] | None:
        with self._guard:
            s = self._get(session_id)
            return copy.deepcopy(s.config) if s else None

    def load_since(self, session_id: str, start: int) -> list[Turn]:
        with self._guard:
            s = self._get(session_id)
            return copy.deepcopy(s.turns[start:]) if s else []

    def sessions(self) -> list[str]:
        with self._guard:
            for sid in list(self._data):
                self._get(sid)  # drops the expired ones
            return sorted(self._data)

    # ------------------------------------------------------------------ locking
    @contextmanager
    def lock(self, session_id: str, timeout: float | None = None) -> Iterator[None]:
        with self._guard:
            lock = self._locks.get(check_session_id(session_id))
            if lock is None:
                lock = self._locks[session_id] = threading.Lock()
        wait = self.lock_timeout if timeout is None else timeout
        if not lock.acquire(timeout=wait):
            raise StoreError(Errors.E104.format(session_id=session_id, timeout=wait))
        try:
            yield
        finally:
            lock.release()

    def close(self) -> None:
        with self._guard:
            self._data.clear()
