"""Session stores: keep a Tracker's turns across restarts and processes.

``open_store(url)`` opens a store by URL:

- ``memory://`` — :class:`MemoryStore`, this process only, bounded (LRU + TTL);
- ``sqlite:///sessions.db`` (relative path) or ``sqlite:////var/lib/app/sessions.db``
  (absolute) — :class:`SQLiteStore`, the embedded default, safe for several processes
  on one machine;
- ``redis://host:6379/0`` (``rediss://`` with TLS, ``unix:///path/redis.sock``) —
  :class:`RedisStore` (``pip install "ctxgraph[redis]"``), for several workers or machines;
  ``redis+cluster://host:7000`` for a Redis Cluster.

>>> store = open_store("memory://", max_sessions=10)
>>> store.create("user-42", {"lang": "en"})
>>> store.sessions(), store.length("user-42")
(['user-42'], 0)
>>> store.delete("user-42"), store.sessions()
(True, [])

Bind a tracker to a store with :func:`ctxgraph.open_session`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .._errors import Errors, StoreError
from ._base import Store

if TYPE_CHECKING:  # pragma: no cover - names for type checkers; imported lazily at run time
    from ._memory import MemoryStore
    from ._redis import RedisStore
    from ._sqlite import SQLiteStore

__all__ = ["MemoryStore", "RedisStore", "SQLiteStore", "Store", "StoreError", "open_store"]

#: URL schemes open_store knows
SCHEMES = ("memory", "sqlite", "redis", "rediss", "unix", "redis+cluster", "rediss+cluster")


def open_store(url: str | Store, *, create: bool = True, **options: Any) -> Store:
    """The store a URL names; a :class:`Store` given is returned as it is.

    ``options`` go to the store class: ``MemoryStore(max_sessions=, ttl=)``,
    ``SQLiteStore(path, timeout=, lock_timeout=)``, ``RedisStore(url, prefix=, ttl=,
    lock_timeout=, lock_expiry=, cluster=)``. An unknown scheme raises
    :class:`~ctxgraph.StoreError` (E100). ``create=False`` opens only a store that exists
    (a SQLite file that is not there: E260), for commands that only read.

    >>> open_store("memory://").scheme
    'memory'
    >>> open_store("ftp://x")
    Traceback (most recent call last):
    ...
    ctxgraph._errors.StoreError: [E100] Unknown store URL 'ftp://x'. Use memory://, sqlite:///path/to/sessions.db or redis://host:6379/0.
    """
    if isinstance(url, Store):
        return url
    scheme, sep, rest = str(url).partition("://")
    if not sep or scheme not in SCHEMES:
        raise StoreError(Errors.E100.format(url=url))
    if scheme == "memory":
        from ._memory import MemoryStore

        return MemoryStore(**options)
    if scheme == "sqlite":
        from ._sqlite import SQLiteStore, sqlite_path

        return SQLiteStore(sqlite_path(url), create=create, **options)
    from ._redis import RedisStore

    return RedisStore(url, **options)


def __getattr__(name: str) -> Any:
    """The store classes, imported when first named (Redis needs the optional redis-py)."""
    modules = {"MemoryStore": "._memory", "SQLiteStore": "._sqlite", "RedisStore": "._redis"}
    if name not in modules:
        raise AttributeError(f"module 'ctxgraph.stores' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(modules[name], __name__), name)
