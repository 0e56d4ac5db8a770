"""The Redis store: sessions shared by several worker processes or machines, on one Redis
server or a Redis Cluster.

Each session is two keys under the store's ``prefix``, plus one entry in an index:

- ``{prefix}session:{{id}}:config`` — the Tracker config (JSON);
- ``{prefix}session:{{id}}:turns`` — a list, one JSON turn per ``observe()``, appended with
  ``RPUSH`` by a Lua script that first checks the turn's index against the list's length, so
  a turn is stored whole or not at all and never twice, never after a gap (the check fences
  a writer whose lock expired too: it gets E101 instead of interleaving);
- ``{prefix}sessions`` — a sorted set: session id -> last write time (ms, Redis server clock),
  for :meth:`RedisStore.sessions` and :meth:`RedisStore.expire`.

The id sits in braces, a Redis Cluster *hash tag*: every key of one session lives in one
hash slot, so the scripts that touch several of them run on a cluster too. On a cluster
(``redis+cluster://host:port`` or ``cluster=True``) the index is another slot's key: the
scripts record the write time in the session's own ``{prefix}session:{{id}}:written`` and the
index is updated right after (a process killed in between leaves a session out of
``sessions()`` until its next write; its turns are whole either way).

``{prefix}session:{{id}}:lock`` is the writers' lock (a redis-py :class:`redis.lock.Lock`: a
random token set with ``SET NX PX``, released by a Lua script only by its owner), held as a
short lease of ``lock_expiry`` seconds (default 5) that the holder's store renews while the
holder works (:mod:`ctxgraph.stores._lease`): a live holder keeps it through a long upstream
call, a holder killed with SIGKILL frees it within a lease. With ``ttl`` the session's keys
expire ``ttl`` seconds after its last write (refreshed by every write).

``{prefix}session:{{id}}:vectors`` (semantic recall) is a hash, ``{model}|{turn}`` -> the
turn's vector (float32, base64), with the session's ttl; deleted with the session.

Sessions written by ctxgraph before hash tags (``{prefix}session:user-42:config``) are
renamed to the tagged keys the first time a store opens that Redis (single server only; the
index names them all). Stop the older workers first: they would go on writing the old keys.

Appending costs the same at any length (``RPUSH`` and ``LLEN`` are O(1)); reading back a
session is one ``LRANGE``.

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
from urllib.parse import urlsplit

from .._errors import Errors, StoreError
from ._base import (
    DEFAULT_LOCK_TIMEOUT, Session, Store, Turn, check_session_id, config_differs, parse_session,
    seconds, session_from_turns, turns_from_session,
)
from ._lease import LeaseKeeper

logger = logging.getLogger("ctxgraph")

#: Key prefix of a RedisStore unless given (several apps can share one Redis with others).
DEFAULT_PREFIX = "ctxgraph:"
#: Seconds a session lock lives after its holder's last renewal (the lease): how long a
#: holder that died keeps its session from others. A live holder renews it every third.
DEFAULT_LOCK_EXPIRY = 5.0
#: Seconds between two tries to take a lock another writer holds.
LOCK_POLL = 0.005
#: Turns pushed per RPUSH when a whole session is saved (Lua's unpack() has a stack limit).
SAVE_CHUNK = 500
#: Seconds to wait for a connection to Redis before a call fails (E121).
SOCKET_TIMEOUT = 10.0
#: Tries of a call that finds Redis out of reach, and the longest pause between two (s).
RETRIES, RETRY_CAP = 10, 0.25
#: The key that says the sessions' keys carry hash tags (set once old keys are renamed).
LAYOUT = "2"

# Every script: KEYS[1] the config, KEYS[2] the turns, KEYS[3] where the write time goes (the
# index on one server, the session's own :written key on a cluster); ARGV[1] the session id,
# ARGV[2] the ttl in ms (0: none), ARGV[3] "1" on a cluster. TOUCH records the write time
# (now, in ms) and refreshes (or drops) the ttl.
_TOUCH = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[2])
local own = 2
if ARGV[3] == '1' then
  redis.call('SET', KEYS[3], now)
  own = 3
else
  redis.call('ZADD', KEYS[3], now, ARGV[1])
end
for i = 1, own do
  if ttl > 0 then redis.call('PEXPIRE', KEYS[i], ttl) else redis.call('PERSIST', KEYS[i]) end
end
"""
# ARGV[4] the turn's index, ARGV[5] the turn (JSON) -> {0, length, now} stored, {1, 0} no such
# session, {2, length} the index is not the stored length.
_APPEND = """
if redis.call('EXISTS', KEYS[1]) == 0 then return {1, 0} end
local n = redis.call('LLEN', KEYS[2])
if n ~= tonumber(ARGV[4]) then return {2, n} end
redis.call('RPUSH', KEYS[2], ARGV[5])
""" + _TOUCH + """
return {0, n + 1, now}
"""
# ARGV[4] the config (JSON) -> {the config already stored} or {false, now} when created now.
_CREATE = """
local old = redis.call('GET', KEYS[1])
if old then return {old} end
redis.call('SET', KEYS[1], ARGV[4])
""" + _TOUCH + """
return {false, now}
"""
# ARGV[4] the config (JSON), ARGV[5] SAVE_CHUNK, ARGV[6...] the turns (JSON), replacing the
# session -> now.
_SAVE = """
redis.call('DEL', KEYS[2])
redis.call('SET', KEYS[1], ARGV[4])
local chunk = tonumber(ARGV[5])
for i = 6, #ARGV, chunk do
  redis.call('RPUSH', KEYS[2], unpack(ARGV, i, math.min(i + chunk - 1, #ARGV)))
end
""" + _TOUCH + """
return now
"""
# -> how many of the session's keys and index entries were removed.
_DELETE = """
if ARGV[3] == '1' then return redis.call('DEL', KEYS[1], KEYS[2], KEYS[3]) end
return redis.call('DEL', KEYS[1], KEYS[2]) + redis.call('ZREM', KEYS[3], ARGV[1])
"""
# ARGV[4] the cutoff (ms): delete the session only if it was not written since.
_DELETE_IF_OLD = """
local written
if ARGV[3] == '1' then written = redis.call('GET', KEYS[3]) else written = redis.call('ZSCORE', KEYS[3], ARGV[1]) end
if not written or tonumber(written) > tonumber(ARGV[4]) then return 0 end
if ARGV[3] == '1' then redis.call('DEL', KEYS[1], KEYS[2], KEYS[3]) return 1 end
redis.call('DEL', KEYS[1], KEYS[2])
redis.call('ZREM', KEYS[3], ARGV[1])
return 1
"""
# -> {config or false, turns...}: the session read at one moment.
_LOAD = """
local config = redis.call('GET', KEYS[1])
if not config then return {false} end
local turns = redis.call('LRANGE', KEYS[2], tonumber(ARGV[4]), -1)
table.insert(turns, 1, config)
return turns
"""
# KEYS: the old config, turns, then the tagged ones -> 1 renamed, 0 nothing to rename.
_RENAME = """
if redis.call('EXISTS', KEYS[1]) == 0 or redis.call('EXISTS', KEYS[3]) == 1 then return 0 end
redis.call('RENAME', KEYS[1], KEYS[3])
if redis.call('EXISTS', KEYS[2]) == 1 then redis.call('RENAME', KEYS[2], KEYS[4]) end
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
        except (self._errors.RedisError, self._errors.RedisClusterException) as err:
            if isinstance(err, self._errors.ResponseError):
                raise  # a bug of ours, not the server's state: keep redis-py's message
            raise StoreError(Errors.E121.format(url=self.where, reason=f"{type(err).__name__}: {err}")) from err

    return wrapper  # type: ignore[return-value]


class RedisStore(Store):
    """Sessions in Redis (one server or a Redis Cluster), for several worker processes or machines.

    Parameters
    ----------
    url : ``redis://[[user]:password@]host:port/db`` (or ``rediss://`` for TLS, or
        ``unix:///path/to/redis.sock``), as redis-py's ``Redis.from_url`` reads it;
        ``redis+cluster://host:port`` (``rediss+cluster://``) for a Redis Cluster, given one
        or more of its nodes (``redis+cluster://h1:7000,h2:7001``).
    prefix : put before every key, so apps can share a Redis (``"ctxgraph:"``).
    ttl : seconds (or a timedelta) after its last write a session expires; None keeps it.
    lock_timeout : seconds :meth:`lock` waits for another writer of the session (E104 after).
    lock_expiry : the lease: seconds a lock outlives its holder's last renewal (renewed
        every third of it while held, so only a dead holder's lock runs out).
    cluster : True for a Redis Cluster (as the ``redis+cluster://`` scheme says).
    client : a ``redis.Redis`` or ``redis.cluster.RedisCluster`` to use instead of connecting
        to ``url`` (then ``url`` only names the store in messages).

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
        cluster: bool | None = None,
        client: Any = None,
    ):
        try:
            import redis
            import redis.cluster
        except ImportError:
            raise StoreError(Errors.E120) from None
        self._errors = redis.exceptions
        self.where = _without_password(url)
        self.prefix = _check_option("prefix", prefix)
        self.ttl = None if ttl is None else _positive("ttl", seconds(ttl))
        self.lock_timeout = _positive("lock_timeout", lock_timeout)
        self.lock_expiry = _positive("lock_expiry", lock_expiry)
        url, self.cluster = _cluster_url(str(url), cluster)
        if client is not None:
            self.cluster = isinstance(client, redis.cluster.RedisCluster)
        self._redis = client
        if client is None:
            self._redis = self._connect(redis, url)
        self._scripts = {name: self._redis.register_script(text) for name, text in (
            ("append", _APPEND), ("create", _CREATE), ("save", _SAVE), ("delete", _DELETE),
            ("delete_if_old", _DELETE_IF_OLD), ("load", _LOAD), ("rename", _RENAME))}
        self._leases = LeaseKeeper(self.lock_expiry / 3, errors=(redis.exceptions.ConnectionError,
                                                                 redis.exceptions.TimeoutError),
                                   lost=(redis.exceptions.LockError,))
        try:
            self._ping()
            if not self.cluster:
                self._rename_untagged()
        except StoreError:
            if client is None:  # our own connection pool: do not leave it open
                self._redis.close()
            raise

    def _connect(self, redis: Any, url: str) -> Any:
        """A client of ``url`` that waits at most SOCKET_TIMEOUT s to connect (redis-py
        reconnects and retries a call whose connection a restarted server dropped)."""
        from redis.backoff import ExponentialWithJitterBackoff
        from redis.retry import Retry

        # redis-py's default backoff grows to 1 s a try: a call then notices Redis is back up
        # to a second late; capped at RETRY_CAP it notices soon, and gives up after ~1.5 s
        options = {"decode_responses": True, "socket_connect_timeout": SOCKET_TIMEOUT,
                   "retry": Retry(ExponentialWithJitterBackoff(base=0.01, cap=RETRY_CAP), RETRIES)}
        try:
            if not self.cluster:
                return redis.Redis.from_url(url, **options)
            from redis.cluster import ClusterNode, RedisCluster

            hosts = urlsplit(url).netloc.rpartition("@")[2].split(",")
            if len(hosts) > 1:
                nodes = [ClusterNode(*_host_port(h)) for h in hosts]
                return RedisCluster(startup_nodes=nodes, **options)
            return RedisCluster.from_url(url, **options)
        except ValueError as err:
            raise StoreError(Errors.E121.format(url=self.where, reason=str(err))) from None
        except (self._errors.RedisError, self._errors.RedisClusterException) as err:  # asks its nodes for the slots
            raise StoreError(Errors.E261.format(url=self.where, reason=f"{type(err).__name__}: {err}")) from None

    @_talks_to_redis
    def _ping(self) -> None:
        self._redis.ping()

    @_talks_to_redis
    def _rename_untagged(self) -> None:
        """Rename the keys of sessions stored before hash tags (``session:ID:config``) to the
        tagged ones, once per Redis and prefix (a layout key records it is done)."""
        layout = f"{self.prefix}layout"
        if self._redis.get(layout) == LAYOUT:
            return
        renamed, stored = 0, self._redis.zrange(f"{self.prefix}sessions", 0, -1)
        if not stored:
            return  # nothing to rename; leave no key in an empty store
        for sid in stored:
            old = f"{self.prefix}session:{sid}"
            renamed += int(self._scripts["rename"](keys=[f"{old}:config", f"{old}:turns", *self._keys(sid)[:2]]))
        self._redis.set(layout, LAYOUT)
        if renamed:
            logger.warning("ctxgraph: renamed the keys of %d session(s) of %s to hash-tagged keys "
                           "(session:{id}:...)", renamed, self.where)

    # ------------------------------------------------------------------ keys
    def _keys(self, session_id: str) -> list[str]:
        """The session's config and turns keys and where its write time goes, as the scripts take them."""
        base = f"{self.prefix}session:{{{check_session_id(session_id)}}}"
        written = f"{base}:written" if self.cluster else f"{self.prefix}sessions"
        return [f"{base}:config", f"{base}:turns", written]

    def _run(self, script: str, session_id: str, *args: Any) -> Any:
        ttl_ms = 0 if self.ttl is None else max(1, round(self.ttl * 1000))
        return self._scripts[script](keys=self._keys(session_id),
                                     args=[session_id, ttl_ms, "1" if self.cluster else "0", *args])

    def _index(self, session_id: str, now: Any) -> None:
        """On a cluster, the index entry of a session the script just wrote (one server: done by the script)."""
        if self.cluster and now is not None:
            self._redis.zadd(f"{self.prefix}sessions", {session_id: int(now)})

    # ------------------------------------------------------------------ writing
    @_talks_to_redis
    def create(self, session_id: str, config: dict[str, Any]) -> None:
        """Record a new, empty session (idempotent with an equal config, E102 otherwise)."""
        text = _dumps(config, sort_keys=True)
        stored, *now = self._run("create", session_id, text)
        if stored is not None:
            config_differs(session_id, json.loads(stored), json.loads(text))
        else:
            self._index(session_id, now[0])

    @_talks_to_redis
    def append(self, session_id: str, turn: Turn) -> None:
        """Push one turn, checked and stored in one Lua script (E101 on a gap or a duplicate)."""
        index = turn.get("turn")
        if isinstance(index, bool) or not isinstance(index, int):
            raise StoreError(Errors.E101.format(session_id=session_id, turn=index, length=self.length(session_id)))
        status, length, *now = self._run("append", session_id, index, _dumps(turn))
        if status == 1:
            raise StoreError(Errors.E107.format(session_id=session_id, where=self.where))
        if status == 2:
            raise StoreError(Errors.E101.format(session_id=session_id, turn=index, length=length))
        self._index(session_id, now[0])

    @_talks_to_redis
    def save(self, session_id: str, session: Session | str) -> None:
        """Replace the session by a whole ``Tracker.to_json()`` dict, in one script."""
        session = parse_session(session)
        turns = [_dumps(t) for t in turns_from_session(session)]
        now = self._run("save", session_id, _dumps(session["config"], sort_keys=True), SAVE_CHUNK, *turns)
        self._index(session_id, now)

    @_talks_to_redis
    def delete(self, session_id: str) -> bool:
        """Remove the session's config, turns and index entry; False when there was none."""
        self._redis.delete(self._vectors_key(session_id))
        removed = int(self._run("delete", session_id))
        if self.cluster:
            removed += int(self._redis.zrem(f"{self.prefix}sessions", session_id))
        return bool(removed)

    @_talks_to_redis
    def expire(self, older_than: float | datetime.timedelta) -> int:
        """Delete the sessions last written more than ``older_than`` seconds ago (Redis clock).

        A session written in between is kept: each is checked again as it is deleted."""
        now_s, now_us = self._redis.time()
        cutoff = now_s * 1000 + now_us // 1000 - round(seconds(older_than) * 1000)
        old = self._redis.zrangebyscore(f"{self.prefix}sessions", "-inf", cutoff)
        deleted = 0
        for sid in old:
            gone = int(self._run("delete_if_old", sid, cutoff))
            if self.cluster and (gone or self.config(sid) is None):
                self._redis.zrem(f"{self.prefix}sessions", sid)
            if gone:
                self._redis.delete(self._vectors_key(sid))
            deleted += gone
        return deleted

    # ------------------------------------------------------------------ turn vectors
    def _vectors_key(self, session_id: str) -> str:
        return f"{self.prefix}session:{{{check_session_id(session_id)}}}:vectors"  # the session's hash slot

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
        """The session as ``Tracker.to_json()`` has it, read in one script (a snapshot)."""
        config, *turns = self._run("load", session_id, 0)
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

        Waits up to ``timeout`` (default ``lock_timeout``) seconds, then E104. The lock is a
        lease of ``lock_expiry`` seconds renewed while the block runs, however long; if the
        holder dies it runs out within ``lock_expiry``. Should it run out anyway (Redis out of
        reach longer than a lease), the turn-index check of :meth:`append` keeps the session
        whole (the late writer gets E101), and a warning is logged.
        """
        wait = self.lock_timeout if timeout is None else seconds(timeout)
        held = self._take_lock(session_id, wait)
        self._leases.hold(held, session_id)
        try:
            yield
        finally:
            self._leases.let_go(held)

    @_talks_to_redis
    def _take_lock(self, session_id: str, wait: float) -> Any:
        self._leases.release_pending()  # a lock whose release an outage lost is freed first
        name = f"{self.prefix}session:{{{check_session_id(session_id)}}}:lock"
        held = self._redis.lock(name, timeout=self.lock_expiry, sleep=LOCK_POLL, blocking_timeout=wait,
                                thread_local=False)
        if not held.acquire():
            raise StoreError(Errors.E104.format(session_id=session_id, timeout=wait))
        return held

    def close(self) -> None:
        """Close the connection pool; the store cannot be used afterwards (E105)."""
        if self._redis is not None:
            self._leases.close()
            self._redis.close()
            self._redis = None

    def __repr__(self) -> str:
        state = "closed" if self._redis is None else f"prefix={self.prefix!r}"
        kind = "RedisStore cluster" if self.cluster else "RedisStore"
        return f"<{kind} {self.where} {state}>"


def _cluster_url(url: str, cluster: bool | None) -> tuple[str, bool]:
    """The URL redis-py reads and whether it names a cluster.

    >>> _cluster_url("redis+cluster://127.0.0.1:7000", None)
    ('redis://127.0.0.1:7000', True)
    >>> _cluster_url("redis://127.0.0.1:6379/0", None)
    ('redis://127.0.0.1:6379/0', False)
    """
    scheme, sep, rest = url.partition("://")
    if scheme.endswith("+cluster"):
        return f"{scheme[:-len('+cluster')]}{sep}{rest}", True if cluster is None else bool(cluster)
    return url, bool(cluster)


def _host_port(text: str) -> tuple[str, int]:
    host, _, port = text.rpartition(":")
    return (host or text), int(port or 6379)


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
