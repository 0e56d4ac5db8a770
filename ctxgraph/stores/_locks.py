"""Per-session writer locks that hold across threads and processes of one machine.

A session's lock is a thread lock of this process (shared by every store object on the same
file) plus an ``fcntl`` byte-range lock on one byte of the lock file, at an offset hashed from
the session id. The kernel drops a process's range locks when it dies, so a writer killed
with SIGKILL never leaves a stale lock. Without ``fcntl`` (Windows) only threads are serialised.

>>> locks = SessionLocks(None)
>>> with locks.hold("user-42", timeout=1):
...     "held"
'held'
"""

from __future__ import annotations

import hashlib
import os
import threading
import time
import weakref
from contextlib import contextmanager
from typing import Iterator

from .._errors import Errors, StoreError

try:
    import fcntl
except ImportError:  # pragma: no cover - not on Windows
    fcntl = None  # type: ignore[assignment]

# One thread lock per (lock file, session), alive while someone holds or waits for it.
_THREAD_LOCKS: "weakref.WeakValueDictionary[tuple[str, str], threading.Lock]" = weakref.WeakValueDictionary()
# One open descriptor per lock file and process: closing any descriptor of a file would drop
# every range lock this process holds on it, so store objects share it and the last closes it.
_FILES: dict[str, list[int]] = {}  # real path -> [fd, users]
_GUARD = threading.Lock()


def _offset(session_id: str) -> int:
    """The byte of the lock file that stands for the session (56-bit hash: no practical clash)."""
    return int.from_bytes(hashlib.blake2b(session_id.encode("utf-8"), digest_size=7).digest(), "big")


class SessionLocks:
    """The writer locks of one store; ``path`` is its lock file (None: this process only)."""

    def __init__(self, path: str | None):
        self._key = os.path.realpath(path) if path else f"process:{id(self)}"
        self._path = path if fcntl is not None else None
        self._fd: int | None = None  # opened by the first hold(): a store only read makes no lock file

    def _file(self) -> int | None:
        """The shared descriptor of the lock file (opened, and the file made, on first use)."""
        if self._path is None:
            return None
        with _GUARD:
            if self._fd is None:
                entry = _FILES.get(self._key)
                if entry is None:
                    entry = _FILES[self._key] = [os.open(self._key, os.O_RDWR | os.O_CREAT, 0o644), 0]
                entry[1] += 1
                self._fd = entry[0]
            return self._fd

    def _thread_lock(self, session_id: str) -> threading.Lock:
        with _GUARD:
            lock = _THREAD_LOCKS.get((self._key, session_id))
            if lock is None:
                lock = _THREAD_LOCKS[(self._key, session_id)] = threading.Lock()
            return lock

    @contextmanager
    def hold(self, session_id: str, timeout: float) -> Iterator[None]:
        """Hold the session's lock for the block; E104 after ``timeout`` seconds of waiting."""
        deadline = time.monotonic() + timeout
        lock = self._thread_lock(session_id)
        if not lock.acquire(timeout=max(timeout, 0)):
            raise StoreError(Errors.E104.format(session_id=session_id, timeout=timeout))
        try:
            fd = self._file()
            if fd is None:
                yield
                return
            offset = _offset(session_id)
            self._lock_range(fd, offset, deadline, (session_id, timeout))
            try:
                yield
            finally:
                fcntl.lockf(fd, fcntl.LOCK_UN, 1, offset)
        finally:
            lock.release()

    @staticmethod
    def _lock_range(fd: int, offset: int, deadline: float, who: tuple[str, float]) -> None:
        delay = 0.0005
        while True:
            try:
                fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, offset)
                return
            except OSError:  # EAGAIN / EACCES: another process holds it
                if time.monotonic() >= deadline:
                    raise StoreError(Errors.E104.format(session_id=who[0], timeout=who[1])) from None
                time.sleep(delay)
                delay = min(delay * 2, 0.02)

    def close(self) -> None:
        """Give up this store's use of the lock file (closed when its last user closes)."""
        with _GUARD:
            if self._fd is None:
                self._path = None
                return
            self._path = None
            entry = _FILES[self._key]
            entry[1] -= 1
            if entry[1] == 0:
                os.close(entry[0])
                del _FILES[self._key]
        self._fd = None
