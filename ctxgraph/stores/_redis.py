"""The Redis store: sessions shared by several worker processes or machines.

Each session is two keys under the store's ``prefix``, plus one entry in an index:

- ``{prefix}session:{id}:config`` — the Tracker config (JSON);
- ``{prefix}session:{id}:turns`` — a list, one JSON turn per ``observe()``, appended with
  ``RPUSH`` by a Lua script that first checks the turn's index against the list's length, so
  a turn is stored whole or not at all and never twice, never after a gap (the check fences
  a writer whose lock expired too: it gets E101 instead of interleaving);
- ``{prefix}sessions`` — a sorted set: session id -> last write time (ms, Redis server clock),
  for :meth:`RedisStore.sessions` and :meth:`RedisStore.expire`.

``{prefix}session:{id}:vectors`` (semantic recall) is a hash, ``{model}|{turn}`` -> the turn's
vector (float32, base64), with the session's ttl; deleted with the session.

``{prefix}session:{id}:lock`` is the writers' lock (a redis-py :class:`redis.lock.Lock`: a
token set with ``SET NX PX`` and released by a Lua script only by its owner; it expires after
``lock_expiry`` seconds when its holder died). With ``ttl`` both keys of a session expire
``ttl`` seconds after its last write (refreshed by every write).

Appending costs the same at any length (``RPUSH`` and ``LLEN`` are O(1)); reading back a
session is one ``LRANGE``. Redis Cluster is not supported (the index is one key).

Example (needs a redis-server; the tests start one)::

    store = RedisStore("redis://127.0.0.1:6379/0", prefix="mybot:", ttl=7 * 86400)
    t = ctxgraph.open_session(store, "user-42", lang="en")
"""

from __future__ import annotations

import base64
import contextlib
import datetime
import functools
import json
import logging
from typing import Any, Callable, Iterator, TypeVar

from .._errors import Errors, StoreError
from ._base import (
    DEFAULT_LOCK_TIMEOUT, Session, Store, Turn, check_session_id, config_differs, parse_session,
    seconds, session_from_turns, turns_from_session,
)

logger = logging.getLogger("ctxgraph")

#: Key prefix of a RedisStore unless given (several apps can share one Redis with others).
DEFAULT_PREFIX = "ctxgraph:"
#: Seconds a held session lock lives when its holder dies without releasing it.
DEFAULT_LOCK_EXPIRY = 60.0
#: Seconds between two tries to take a lock another writer holds.
LOCK_POLL = 0.005
#: Turns pushed per RPUSH when a whole session is saved (Lua's unpack() has a stack limit).
SAVE_CHUNK = 500

# Every script: KEYS[1] the config, KEYS[2] the turns, KEYS[3] the index; ARGV[1] the session id,
# ARGV[2] the ttl in ms (0: none). TOUCH records the write time and refreshes (or drops) the ttl.
_TOUCH = """
local now = redis.call('TIME')
redis.call('ZADD', KEYS[3], tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000), ARGV[1])
local ttl = tonumber(ARGV[2])
for i = 1, 2 do
  if ttl > 0 then redis.call('PEXPIRE', KEYS[i], ttl) else redis.call('PERSIST', KEYS[i]) end
end
"""
# ARGV[3] the turn's index, ARGV[4] the turn (JSON) -> {0, length} stored, {1, 0} no such
# session, {2, length} the index is not the stored length.
_APPEND = """
if redis.call('EXISTS', KEYS[1]) == 0 then return {1, 0} end
local n = redis.call('LLEN', KEYS[2])
if n ~= tonumber(ARGV[3]) then return {2, n} end
redis.call('RPUSH', KEYS[2], ARGV[4])
""" + _TOUCH + """
return {0, n + 1}
"""
# ARGV[3] the config (JSON) -> the config already stored, or nil when it was created now.
_CREATE = """
local old = redis.call('GET', KEYS[1])
if old then return old end
redis.call('SET', KEYS[1], ARGV[3])
""" + _TOUCH
# ARGV[3] the config (JSON), ARGV[4] SAVE_CHUNK, ARGV[5...] the turns (JSON), replacing the session.
_SAVE = """
redis.call('DEL', KEYS[2])
redis.call('SET', KEYS[1], ARGV[3])
local chunk = tonumber(ARGV[4])
for i = 5, #ARGV, chunk do
  redis.call('RPUSH', KEYS[2], unpack(ARGV, i, math.min(i + chunk - 1, #ARGV)))
end
""" + _TOUCH
# -> how many of the session's keys and index entries were removed.
_DELETE = """
return redis.call('DEL', KEYS[1], KEYS[2]) + redis.call('ZREM', KEYS[3], ARGV[1])
"""
# ARGV[3] the cutoff (ms): delete the session only if it was not written since.
_DELETE_IF_OLD = """
local written = redis.call('ZSCORE', KEYS[3], ARGV[1])
if not written or tonumber(written) > tonumber(ARGV[3]) then return 0 end
redis.call('DEL', KEYS[1], KEYS[2])
redis.call('ZREM', KEYS[3], ARGV[1])
return 1
"""

F = TypeVar("F", bound=Callable[..., Any])


def _talks_to_redis(method: F) -> F:
    """Run a store method on an open store, turning Redis connection failures into E121."""

    @functools.wraps(method)
    def wrapper(self: "RedisStore", *args: Any, **kwargs: Any) -> Any:
        if self._redis is None:
            raise StoreError(Errors.E105)
        try:
            return method(self, *args, **kwargs)
        except self._errors.RedisError as err:
            if isinstance(err, self._errors.ResponseError):
                raise  # a bug of ours, not the server's state: keep redis-py's message
            raise StoreError(Errors.E121.format(url=self.where, reason=f"{type(err).__name__}: {err}")) from err

    return wrapper  # type: ignore[return-value]


class RedisStore(Store):
    """Sessions in Redis, for several worker processes or machines.

    Parameters
    ----------
    url : ``redis://[[user]:password@]host:port/db`` (or ``rediss://`` for TLS, or
        ``unix:///path/to/redis.sock``), as redis-py's ``Redis.from_url`` reads it.
    prefix : put before every key, so apps can share a Redis (``"ctxgraph:"``).
    ttl : seconds (or a timedelta) after its last write a session expires; None keeps it.
    lock_timeout : seconds :meth:`lock` waits for another writer of the session (E104 after).
    lock_expiry : seconds a taken lock lives if its holder dies without releasing it.
    client : a ``redis.Redis`` to use instead of connecting to ``url`` (then ``url`` only
        names the store in messages).

    Opening pings the server, so a wrong URL fails here (E121) and not at the first turn.
    """

    scheme = "redis"

    def __init__(
        self,
        url: str = "redis://127.0.0.1:6379/0",
        *,
        prefix: str = DEFAULT_PREFIX,
        ttl: float | datetime.timedelta | None = None,
        lock_timeout: float = DEFAULT_LOCK_TIMEOUT,
        lock_expiry: float = DEFAULT_LOCK_EXPIRY,
        client: Any = None,
    ):
        try:
            import redis
        except ImportError:
            raise StoreError(Errors.E120) from None
        self._errors = redis.exceptions
        self.where = _without_password(url)
        self.prefix = _check_option("prefix", prefix)
        self.ttl = None if ttl is None else _positive("ttl", seconds(ttl))
        self.lock_timeout = _positive("lock_timeout", lock_timeout)
        self.lock_expiry = _positive("lock_expiry", lock_expiry)
        self._redis = client
        if client is None:
            try:
                self._redis = redis.Redis.from_url(url, decode_responses=True)
            except ValueError as err:
                raise StoreError(Errors.E121.format(url=self.where, reason=str(err))) from None
        self._scripts = {name: self._redis.register_script(text) for name, text in (
            ("append", _APPEND), ("create", _CREATE), ("save", _SAVE), ("delete", _DELETE),
            ("delete_if_old", _DELETE_IF_OLD))}
        try:
            self._ping()
        except StoreError:
            if client is None:  # our own connection pool: do not leave it open
                self._redis.close()
            raise

    @_talks_to_redis
    def _ping(self) -> None:
        self._redis.ping()

    # ------------------------------------------------------------------ keys
    def _keys(self, session_id: str) -> list[str]:
        """The session's config and turns keys and the index, as the scripts take them."""
        base = f"{self.prefix}session:{check_session_id(session_id)}"
        return [f"{base}:config", f"{base}:turns", f"{self.prefix}sessions"]

    def _run(self, script: str, session_id: str, *args: Any) -> Any:
        ttl_ms = 0 if self.ttl is None else max(1, round(self.ttl * 1000))
        return self._scripts[script](keys=self._keys(session_id), args=[session_id, ttl_ms, *args])

    # ------------------------------------------------------------------ writing
    @_talks_to_redis
    def create(self, session_id: str, config: dict[str, Any]) -> None:
        """Record a new, empty session (idempotent with an equal config, E102 otherwise)."""
        text = _dumps(config, sort_keys=True)
        stored = self._run("create", session_id, text)
        if stored is not None:
            config_differs(session_id, json.loads(stored), json.loads(text))

    @_talks_to_redis
    def append(self, session_id: str, turn: Turn) -> None:
        """Push one turn, checked and stored in one Lua script (E101 on a gap or a duplicate)."""
        index = turn.get("turn")
        if isinstance(index, bool) or not isinstance(index, int):
            raise StoreError(Errors.E101.format(session_id=session_id, turn=index, length=self.length(session_id)))
        status, length = self._run("append", session_id, index, _dumps(turn))
        if status == 1:
            raise StoreError(Errors.E107.format(session_id=session_id, where=self.where))
        if status == 2:
            raise StoreError(Errors.E101.format(session_id=session_id, turn=index, length=length))

    @_talks_to_redis
    def save(self, session_id: str, session: Session | str) -> None:
        """Replace the session by a whole ``Tracker.to_json()`` dict, in one script."""
        session = parse_session(session)
        turns = [_dumps(t) for t in turns_from_session(session)]
        self._run("save", session_id, _dumps(session["config"], sort_keys=True), SAVE_CHUNK, *turns)

    @_talks_to_redis
    def delete(self, session_id: str) -> bool:
        """Remove the session's config, turns and index entry; False when there was none."""
        self._redis.delete(self._vectors_key(session_id))
        return bool(self._run("delete", session_id))

    @_talks_to_redis
    def expire(self, older_than: float | datetime.timedelta) -> int:
        """Delete the sessions last written more than ``older_than`` seconds ago (Redis clock).

        A session written in between is kept: each is checked again as it is deleted."""
        now_s, now_us = self._redis.time()
        cutoff = now_s * 1000 + now_us // 1000 - round(seconds(older_than) * 1000)
        old = self._redis.zrangebyscore(f"{self.prefix}sessions", "-inf", cutoff)
        gone = [sid for sid in old if int(self._run("delete_if_old", sid, cutoff))]
        for sid in gone:
            self._redis.delete(self._vectors_key(sid))
        return len(gone)

    # ------------------------------------------------------------------ turn vectors
    def _vectors_key(self, session_id: str) -> str:
        return f"{self.prefix}session:{check_session_id(session_id)}:vectors"

    @_talks_to_redis
    def save_vectors(self, session_id: str, model: str, vectors: dict[int, bytes]) -> None:
        if not vectors or not self._redis.exists(self._keys(session_id)[0]):
            return
        key = self._vectors_key(session_id)
        pipe = self._redis.pipeline(transaction=True)
        pipe.hset(key, mapping={f"{model}|{int(t)}": base64.b64encode(v).decode() for t, v in vectors.items()})
        if self.ttl is not None:
            pipe.pexpire(key, max(1, round(self.ttl * 1000)))
        pipe.execute()

    @_talks_to_redis
    def load_vectors(self, session_id: str, model: str) -> dict[int, bytes]:
        found = self._redis.hgetall(self._vectors_key(session_id))
        head = f"{model}|"
        return {int(k[len(head):]): base64.b64decode(v) for k, v in found.items() if k.startswith(head)}

    # ------------------------------------------------------------------ reading
    @_talks_to_redis
    def length(self, session_id: str) -> int:
        return int(self._redis.llen(self._keys(session_id)[1]))

    @_talks_to_redis
    def config(self, session_id: str) -> dict[str, Any] | None:
        text = self._redis.get(self._keys(session_id)[0])
        return None if text is None else json.loads(text)

    @_talks_to_redis
    def load_since(self, session_id: str, start: int) -> list[Turn]:
        if isinstance(start, bool) or not isinstance(start, int) or start < 0:
            raise StoreError(Errors.E106.format(name="start", value=start, reason="an int >= 0"))
        return [json.loads(t) for t in self._redis.lrange(self._keys(session_id)[1], start, -1)]

    @_talks_to_redis
    def load(self, session_id: str) -> Session | None:
        """The session as ``Tracker.to_json()`` has it, read in one transaction (a snapshot)."""
        config_key, turns_key, _ = self._keys(session_id)
        pipe = self._redis.pipeline(transaction=True)
        config, turns = pipe.get(config_key).lrange(turns_key, 0, -1).execute()
        if config is None:
            return None
        return session_from_turns(json.loads(config), (json.loads(t) for t in turns))

    @_talks_to_redis
    def sessions(self) -> list[str]:
        """The stored session ids, sorted (index entries of sessions whose ttl ran out are dropped)."""
        index = f"{self.prefix}sessions"
        if self.ttl is not None:
            now_s, now_us = self._redis.time()
            self._redis.zremrangebyscore(index, "-inf", f"({now_s * 1000 + now_us // 1000 - round(self.ttl * 1000)}")
        return sorted(self._redis.zrange(index, 0, -1))

    # ------------------------------------------------------------------ locking and life
    @contextlib.contextmanager
    def lock(self, session_id: str, timeout: float | None = None) -> Iterator[None]:
        """Hold the session's lock (all processes and machines using this Redis and prefix).

        Waits up to ``timeout`` (default ``lock_timeout``) seconds, then E104. A lock held
        longer than ``lock_expiry`` expires; the turn-index check of :meth:`append` still
        keeps the session whole (the late writer gets E101), and releasing it logs a warning.
        """
        wait = self.lock_timeout if timeout is None else seconds(timeout)
        held = self._take_lock(session_id, wait)
        try:
            yield
        finally:
            try:
                held.release()
            except self._errors.LockError:
                logger.warning("ctxgraph: the Redis lock of session %r expired before it was released "
                               "(a turn took over lock_expiry=%s s)", session_id, self.lock_expiry)
            except self._errors.RedisError as err:
                logger.warning("ctxgraph: the Redis lock of session %r was not released (%s); it expires "
                               "after lock_expiry=%s s", session_id, err, self.lock_expiry)

    @_talks_to_redis
    def _take_lock(self, session_id: str, wait: float) -> Any:
        name = f"{self.prefix}session:{check_session_id(session_id)}:lock"
        held = self._redis.lock(name, timeout=self.lock_expiry, sleep=LOCK_POLL, blocking_timeout=wait,
                                thread_local=False)
        if not held.acquire():
            raise StoreError(Errors.E104.format(session_id=session_id, timeout=wait))
        return held

    def close(self) -> None:
        """Close the connection pool; the store cannot be used afterwards (E105)."""
        if self._redis is not None:
            self._redis.close()
            self._redis = None

    def __repr__(self) -> str:
        state = "closed" if self._redis is None else f"prefix={self.prefix!r}"
        return f"<RedisStore {self.where} {state}>"


def _dumps(value: Any, *, sort_keys: bool = False) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=sort_keys)


def _without_password(url: str) -> str:
    """The URL to show in messages.

    >>> _without_password("redis://user:secret@cache:6379/0")
    'redis://user:***@cache:6379/0'
    >>> _without_password("redis://127.0.0.1:6379/2")
    'redis://127.0.0.1:6379/2'
    """
    scheme, sep, rest = str(url).partition("://")
    auth, at, host = rest.rpartition("@")
    if not at:
        return str(url)
    user, colon, _ = auth.partition(":")
    return f"{scheme}{sep}{user}{':***' if colon else ''}@{host}"


def _check_option(name: str, value: Any) -> str:
    if not isinstance(value, str):
        raise StoreError(Errors.E106.format(name=name, value=value, reason="a string"))
    return value


def _positive(name: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
        raise StoreError(Errors.E106.format(name=name, value=value, reason="a number of seconds > 0"))
    return float(value)
