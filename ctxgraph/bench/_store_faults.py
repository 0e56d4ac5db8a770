"""The Redis store under faults, for ``ctxgraph bench store``: how long a session stays blocked.

- ``holder killed``: a real process takes a session's lock and is killed with SIGKILL while
  it holds it; timed from the kill until another writer's turn of that session is stored.
- ``Redis restarted``: a writer holds the session's lock when Redis stops (SIGTERM: it saves
  its data, the lock key included) so its release is lost; Redis starts again; timed from the
  moment it accepts connections until the next turn of the session is stored, by another
  writer and by the writer of the outage.

Each with the default lease (``lock_expiry``), on a redis-server of its own started on a free
127.0.0.1 port, ``repeats`` times (median and worst reported).
"""

from __future__ import annotations

import os
import signal
import statistics
import subprocess
import sys
import time
from typing import Any

HOLDER = r'''
import sys, threading
from ctxgraph.stores import RedisStore
store = RedisStore(sys.argv[1], prefix=sys.argv[2])
with store.lock("s"):
    print("held", flush=True)
    threading.Event().wait()
'''
OPTIONS = {"lang": "en", "en_models": []}


def run_faults(repeats: int = 3) -> dict[str, Any]:
    """Seconds from a holder's death, and from Redis's return, to the session's next stored turn."""
    from ..stores._redis import DEFAULT_LOCK_EXPIRY
    from ._redis_procs import RedisProcess

    killed, returned_other, returned_same = [], [], []
    with RedisProcess(persist=True) as server:
        for k in range(repeats):
            killed.append(_holder_killed(server.url, f"bench-kill-{k}:"))
            other, same = _redis_restarted(server, f"bench-outage-{k}:")
            returned_other.append(other)
            returned_same.append(same)
    rows = [("holder killed (SIGKILL) -> next turn, other writer", killed),
            ("Redis restarted -> next turn, other writer", returned_other),
            ("Redis restarted -> next turn, writer of the outage", returned_same)]
    return {"lease_s": DEFAULT_LOCK_EXPIRY, "repeats": repeats,
            "rows": [{"what": what, "median_s": statistics.median(s), "max_s": max(s)} for what, s in rows]}


def _holder_killed(url: str, prefix: str) -> float:
    from .. import open_session
    from ..stores import RedisStore

    proc = subprocess.Popen([sys.executable, "-c", HOLDER, url, prefix], stdout=subprocess.PIPE, text=True)
    try:
        if proc.stdout.readline().strip() != "held":  # type: ignore[union-attr]
            raise RuntimeError("the lock holder process did not start")
        with RedisStore(url, prefix=prefix, lock_timeout=120) as store:
            t = open_session(store, "s", **OPTIONS)
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(timeout=30)
            t0 = time.perf_counter()
            t.observe({"role": "user", "content": "Is anyone there?"})
            elapsed = time.perf_counter() - t0
            store.delete("s")
        return elapsed
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=30)
        proc.stdout.close()  # type: ignore[union-attr]


def _redis_restarted(server: Any, prefix: str) -> tuple[float, float]:
    from .. import open_session
    from .._errors import StoreError
    from ..stores import RedisStore

    with RedisStore(server.url, prefix=prefix, lock_timeout=120) as a, \
            RedisStore(server.url, prefix=prefix, lock_timeout=120) as b:
        t = open_session(a, "s", **OPTIONS)
        t.observe({"role": "user", "content": "My budget is $500."})
        try:
            with a.lock("s"):
                server.stop()
        except StoreError:
            pass  # the release is lost in the outage (logged), as a turn in flight would lose it
        server.start()
        t0 = time.perf_counter()
        open_session(b, "s", **OPTIONS).observe({"role": "user", "content": "Actually make it $450."})
        other = time.perf_counter() - t0
        t1 = time.perf_counter()
        t.observe({"role": "assistant", "content": "Noted: $450."})
        same = time.perf_counter() - t1
        a.delete("s")
    return other, same


def fault_parts(faults: dict[str, Any], markdown: bool, table: Any) -> list[str]:
    rows = [[r["what"], r["median_s"], r["max_s"]] for r in faults["rows"]]
    return [f"Redis session lock under faults: seconds until the session's next stored turn "
            f"(lease {faults['lease_s']} s, {faults['repeats']} runs each)",
            table(["fault", "median s", "max s"], rows, markdown)]
