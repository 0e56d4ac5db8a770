"""Session locks held as short leases: renewed while their holder lives, gone soon after it dies.

A Redis session lock is a key holding its holder's random token with a short expiry (the
lease, ``lock_expiry`` seconds). While a process holds locks, one thread of its store renews
each of them every third of the lease (redis-py's ``Lock.reacquire``: a Lua script that
resets the expiry only if the key still holds this holder's token). So a holder that works
for ten minutes (a slow upstream call) keeps its lock, and a holder killed with SIGKILL
frees it within one lease. A lock whose release failed because Redis was out of reach is
released again as soon as Redis answers (before the next lock this store takes, and by the
renewal thread), so an outage does not leave a stale lock behind.

The thread runs only while there is something to renew or release, and exits then.

>>> class FakeLock:                       # what the keeper needs of redis-py's Lock
...     renewed = 0
...     def reacquire(self): FakeLock.renewed += 1
...     def release(self): pass
...     def do_release(self, token): pass
>>> keeper = LeaseKeeper(every=0.01, errors=(ConnectionError,), lost=(KeyError,))
>>> lock = FakeLock()
>>> keeper.hold(lock, "user-42")
>>> import time; time.sleep(0.1)
>>> keeper.let_go(lock), FakeLock.renewed > 0
(True, True)
>>> keeper.close()
"""

from __future__ import annotations

import logging
import os
import threading
from typing import Any

logger = logging.getLogger("ctxgraph")
#: Seconds between two tries of a release Redis did not receive.
RETRY_RELEASE = 0.1


class LeaseKeeper:
    """Renews the locks a store holds and retries the releases that failed.

    ``errors``: the exceptions of an unreachable server (kept and retried); ``lost``: the
    exceptions saying a lock is no longer this holder's (logged once, then forgotten).
    """

    def __init__(self, every: float, errors: tuple[type[BaseException], ...],
                 lost: tuple[type[BaseException], ...]):
        self.every = every
        self._errors = errors
        self._lost = lost
        self._held: dict[int, tuple[Any, str]] = {}  # id(lock) -> (lock, session id)
        self._unreleased: dict[int, tuple[Any, str, Any]] = {}  # ... and the lock's token
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None
        self._closed = False
        self._pid = os.getpid()

    # ------------------------------------------------------------------ the holder's side
    def hold(self, lock: Any, session_id: str) -> None:
        """Renew ``lock`` from now on, until :meth:`let_go`."""
        with self._wake:
            if self._pid != os.getpid():  # a forked child: the parent's thread and locks are not its own
                self._pid, self._thread = os.getpid(), None
                self._held, self._unreleased = {}, {}
            self._held[id(lock)] = (lock, session_id)
            self._start()

    def let_go(self, lock: Any) -> bool:
        """Stop renewing ``lock`` and release it; a release Redis did not receive is retried
        later (True when it was released now, or was not this holder's any more)."""
        with self._wake:
            entry = self._held.pop(id(lock), None)
        session_id = entry[1] if entry else "?"
        token = getattr(getattr(lock, "local", None), "token", None)  # release() forgets it first
        try:
            lock.release()
        except self._lost:
            logger.warning("ctxgraph: the Redis lock of session %r expired before it was released "
                           "(its lease was not renewed in time)", session_id)
        except self._errors as err:
            logger.warning("ctxgraph: the Redis lock of session %r was not released (%s); released "
                           "again when Redis answers", session_id, err)
            with self._wake:
                self._unreleased[id(lock)] = (lock, session_id, token)
                self._start()
            return False
        return True

    def release_pending(self) -> None:
        """Release the locks whose release failed earlier (called before taking a new lock)."""
        with self._wake:
            pending = list(self._unreleased.items())
        for key, (lock, _, token) in pending:
            try:
                lock.do_release(token)  # only while the key still holds this holder's token
            except self._lost:
                pass  # expired meanwhile: nothing left to release
            except self._errors:
                continue  # still out of reach: next time
            with self._wake:
                self._unreleased.pop(key, None)

    def close(self) -> None:
        """Stop the thread (the locks still held expire after their lease)."""
        with self._wake:
            self._closed = True
            self._wake.notify_all()
            thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=5)

    # ------------------------------------------------------------------ the thread
    def _start(self) -> None:
        """Start the renewal thread unless it runs (called holding ``_wake``)."""
        if self._thread is None and not self._closed:
            self._thread = threading.Thread(target=self._run, name="ctxgraph-lease", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        while True:
            with self._wake:
                # a lost release is retried often: another writer of the session waits for it
                self._wake.wait(min(self.every, RETRY_RELEASE) if self._unreleased else self.every)
                if self._closed or not (self._held or self._unreleased):
                    self._thread = None
                    return
                held = list(self._held.items())
            for key, (lock, session_id) in held:
                self._renew(key, lock, session_id)
            self.release_pending()

    def _renew(self, key: int, lock: Any, session_id: str) -> None:
        try:
            lock.reacquire()
        except self._lost:
            with self._wake:
                if self._held.pop(key, None) is None:
                    return  # released meanwhile by its holder
            logger.warning("ctxgraph: the Redis lock of session %r was lost while held (its lease "
                           "ran out before it was renewed); the turn-index check keeps the session "
                           "whole, but another writer may run now", session_id)
        except self._errors:
            pass  # Redis out of reach: try again next round, the lease may still hold
        except Exception:  # noqa: BLE001 - a renewal thread must never die of one bad round
            logger.exception("ctxgraph: renewing the Redis lock of session %r failed", session_id)
