"""A first-come, first-served lock for one conversation's turns, for threads and event loops.

The OpenAI wrapper holds a session's :class:`TurnLock` from the moment a call observes the
history until its reply is recorded, network call included, so that two calls of one
session never interleave. Waiters are served in the order they arrived, whether they wait
in a thread (:meth:`TurnLock.acquire`) or in a coroutine on any event loop
(:meth:`TurnLock.acquire_async`, which never blocks its loop). Any thread may release it:
a stream is often finished somewhere else than where it was started.

>>> import asyncio
>>> lock = TurnLock()
>>> lock.acquire(), lock.busy
(True, True)
>>> lock.acquire(timeout=0.01)         # a second caller waits, then gives up
False
>>> lock.release()
>>> asyncio.run(lock.acquire_async(timeout=1)), lock.waiting
(True, 0)
>>> lock.release(); lock.busy
False
"""

from __future__ import annotations

import asyncio
import collections
import threading
from typing import Callable

__all__ = ["TurnLock"]


class _Waiter:
    """One caller in the queue: ``wake()`` tells it that the lock is now its own."""

    __slots__ = ("granted", "wake")

    def __init__(self, wake: Callable[[], None]):
        self.granted = False
        self.wake = wake


def _grant(future: asyncio.Future) -> None:
    if not future.done():
        future.set_result(True)


class TurnLock:
    """A FIFO lock usable from threads and from coroutines, released by anyone.

    Not re-entrant: its holder is a call, not a thread. ``busy`` is true while it is held
    or waited for; ``waiting`` counts the callers queued.
    """

    def __init__(self) -> None:
        self._mutex = threading.Lock()
        self._held = False
        self._queue: collections.deque[_Waiter] = collections.deque()

    @property
    def busy(self) -> bool:
        return self._held or bool(self._queue)

    @property
    def waiting(self) -> int:
        return len(self._queue)

    def _try_take(self) -> bool:
        if self._held or self._queue:
            return False
        self._held = True
        return True

    def acquire(self, timeout: float | None = None) -> bool:
        """Wait (in this thread) until the lock is this caller's; False after ``timeout`` seconds."""
        with self._mutex:
            if self._try_take():
                return True
            event = threading.Event()
            waiter = _Waiter(event.set)
            self._queue.append(waiter)
        if event.wait(timeout):
            return True
        return self._give_up(waiter)

    async def acquire_async(self, timeout: float | None = None) -> bool:
        """Wait (without blocking the event loop) until the lock is this caller's; False
        after ``timeout`` seconds. A cancelled waiter leaves the queue (or passes the lock on)."""
        loop = asyncio.get_running_loop()
        with self._mutex:
            if self._try_take():
                return True
            future: asyncio.Future = loop.create_future()
            waiter = _Waiter(lambda: loop.call_soon_threadsafe(_grant, future))
            self._queue.append(waiter)
        try:
            await asyncio.wait_for(future, timeout)
        except asyncio.TimeoutError:
            return self._give_up(waiter)
        except BaseException:
            if self._give_up(waiter):
                self.release()
            raise
        return True

    def _give_up(self, waiter: _Waiter) -> bool:
        """A waiter stops waiting: True if the lock was handed to it meanwhile (it holds it)."""
        with self._mutex:
            if waiter.granted:
                return True
            self._queue.remove(waiter)
            return False

    def release(self) -> None:
        """Hand the lock to the longest waiting caller, or free it."""
        with self._mutex:
            if not self._held:
                raise RuntimeError("TurnLock.release() of a lock that is not held")
            while self._queue:
                waiter = self._queue.popleft()
                waiter.granted = True
                try:
                    waiter.wake()
                except RuntimeError:  # its event loop is closed: nobody waits there any more
                    continue
                return
            self._held = False
