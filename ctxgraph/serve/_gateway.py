"""What the routes of one gateway process share: settings, sessions, metrics, the upstream client.

>>> import asyncio
>>> locks = KeyedLocks()
>>> async def two_turns():
...     lease = await locks.acquire("user-1")
...     waiting = asyncio.ensure_future(locks.acquire("user-1"))  # a second request of that session
...     await asyncio.sleep(0)
...     first_done = not waiting.done()
...     lease.release(); lease.release()  # releasing twice is harmless
...     (await waiting).release()
...     return first_done, len(locks)
>>> asyncio.run(two_turns())
(True, 0)
"""

from __future__ import annotations

import asyncio

import anyio
import httpx

from ._config import ServeConfig, admin_token
from ._metrics import Metrics
from ._sessions import Sessions


#: Threads of a worker process that observe, assemble and record: one. The work holds the
#: interpreter most of the time, so more threads only take turns with it and with the event
#: loop that relays every request (``ctxgraph bench serve``, --nlp rules: 4 threads gave an
#: added p95 of 36 ms, 1 thread 26 ms). Use more worker processes for more cores.
WORK_THREADS = 1


class Lease:
    """One request's hold on its session's lock; ``release()`` is idempotent."""

    def __init__(self, locks: "KeyedLocks", key: str):
        self.key = key
        self._locks: KeyedLocks | None = locks

    def release(self) -> None:
        locks, self._locks = self._locks, None
        if locks is not None:
            locks._release(self.key)


class KeyedLocks:
    """One asyncio lock per session id, kept only while someone holds or waits for it:
    the requests of one session are served one after the other, from observing the history
    to recording the reply (streams: until the stream ends)."""

    def __init__(self) -> None:
        self._locks: dict[str, tuple[asyncio.Lock, int]] = {}

    async def acquire(self, key: str) -> Lease:
        lock, users = self._locks.get(key) or (asyncio.Lock(), 0)
        self._locks[key] = (lock, users + 1)
        try:
            await lock.acquire()
        except BaseException:
            self._drop(key)
            raise
        return Lease(self, key)

    def _release(self, key: str) -> None:
        self._locks[key][0].release()
        self._drop(key)

    def _drop(self, key: str) -> None:
        lock, users = self._locks[key]
        if users <= 1:
            del self._locks[key]
        else:
            self._locks[key] = (lock, users - 1)

    def __len__(self) -> int:
        return len(self._locks)


class Gateway:
    """The state of one gateway process (``app.state.gateway``); ``start``/``stop`` in the app's lifespan."""

    def __init__(self, config: ServeConfig, *, transport: httpx.AsyncBaseTransport | None = None):
        self.config = config
        self.api_key = config.api_key()
        self.admin_token = admin_token()
        self.metrics = Metrics()
        self.sessions = Sessions(config)
        self.locks = KeyedLocks()
        self._transport = transport
        self.client: httpx.AsyncClient = None  # type: ignore[assignment]  # made in start(), on the server's loop
        self.limiter: anyio.CapacityLimiter = None  # type: ignore[assignment]  # threads observing and assembling

    async def start(self) -> None:
        timeout = httpx.Timeout(self.config.timeout, connect=min(self.config.timeout, 10.0))
        limits = httpx.Limits(max_connections=None, max_keepalive_connections=200)
        self.client = httpx.AsyncClient(timeout=timeout, limits=limits, transport=self._transport)
        self.limiter = anyio.CapacityLimiter(WORK_THREADS)
        await anyio.to_thread.run_sync(self.sessions.warm_up)

    async def stop(self) -> None:
        if self.client is not None:
            await self.client.aclose()
        self.sessions.close()
