"""``ctxgraph bench store``: what persisting a turn costs, and that it does not grow with the session.

For each store (none, SQLite, Redis) and each history size (100 and 10,000 turns), a session
of that many turns is put into the store (``save``) and opened with
:func:`ctxgraph.open_session`; then the same next messages are observed by every
(store, size) tracker in interleaved rounds (one message to each in turn, the order reversed
every other round, so a slow spell of a shared machine hits all alike). Timed per turn:

- ``observe+persist``: the whole bound ``observe()`` (lock, catch-up check, extraction,
  the durable append, the in-memory update);
- ``persist``: the store's ``append`` alone (one transaction / one Lua script).

"none" is an unbound Tracker: extraction alone, for scale. The English text is the
MultiWOZ pool of ``bench speed`` when the shared data is there, else its filler. The Redis
figures use the server given with ``--redis URL`` or a redis-server started here on a free
127.0.0.1 port (skipped, and said so, when none is installed).
"""

from __future__ import annotations

import contextlib
import json
import shutil
import statistics
import subprocess
import tempfile
import time
from itertools import cycle, islice
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from .._tracker import Tracker
from ._redis_procs import RedisProcess
from ._run import machine, progress_bar
from ._speed import _percentile, text_pool

SIZES = (100, 10_000)
QUICK_SIZES = (100, 1_000)
#: turns timed per (store, size): the next messages of the conversation
TURNS = 60


def run_store(*, quick: bool = False, sizes: Sequence[int] | None = None, turns: int | None = None,
              redis_url: str | None = None, progress: bool | None = None, cluster: bool = True,
              faults: bool = True) -> dict[str, Any]:
    """The ``store`` report: observe+persist and persist per turn, by store and history size
    (with ``cluster`` also on a Redis Cluster of three masters started for the run), and with
    ``faults`` the seconds a session stays blocked after a lock holder's death or a Redis restart."""
    sizes = tuple(sizes or (QUICK_SIZES if quick else SIZES))
    turns = turns or (20 if quick else TURNS)
    started = time.perf_counter()
    pool, source = text_pool("en")
    messages = list(islice(cycle(pool), max(sizes) + turns))
    sessions = _histories(messages, sizes, progress)
    notes: list[str] = []
    with tempfile.TemporaryDirectory(prefix="ctxgraph-bench-") as folder, _redis(redis_url, notes) as url, \
            _cluster(cluster, notes) as cluster_url:
        stores = _open_stores(Path(folder), url)
        if cluster_url:
            from ..stores import RedisStore

            stores["redis-cluster"] = RedisStore(cluster_url, prefix=f"ctxgraph-bench:{time.time_ns()}:")
        timings = _time_turns(stores, sessions, messages, turns, progress)
        for store in stores.values():
            if store is not None:  # leave nothing behind in a Redis given with --redis
                for size in sizes:
                    store.delete(f"bench-{size}")
                store.close()
    base = {name: timings[(name, sizes[0])] for name in stores}
    results = []
    for (name, size), t in timings.items():
        row = {"store": name, "history": size, "n": len(t["observe"]),
               "median_ms": statistics.median(t["observe"]), "p95_ms": _percentile(t["observe"], 0.95),
               "persist_median_ms": statistics.median(t["append"]) if t["append"] else None,
               "persist_p95_ms": _percentile(t["append"], 0.95) if t["append"] else None}
        row["ratio"] = row["median_ms"] / statistics.median(base[name]["observe"])
        if t["append"]:
            row["persist_ratio"] = row["persist_median_ms"] / statistics.median(base[name]["append"])
        results.append(row)
    fault_report = None
    if faults and shutil.which("redis-server"):
        from ._store_faults import run_faults

        fault_report = run_faults(1 if quick else 3)
    return {"dataset": "store", "source": source, "sizes": list(sizes), "turns": turns, "results": results,
            "faults": fault_report, "notes": notes, "seconds": round(time.perf_counter() - started, 1),
            "machine": machine()}


@contextlib.contextmanager
def _cluster(wanted: bool, notes: list[str]) -> Iterator[str | None]:
    """A Redis Cluster of three masters for the run, or None (noted when wanted but not possible)."""
    if not wanted:
        yield None
        return
    from ._redis_procs import redis_cluster

    try:
        cluster = redis_cluster()
        url = cluster.__enter__()
    except (FileNotFoundError, OSError, subprocess.SubprocessError) as err:
        notes.append(f"Redis Cluster not measured: {err}")
        yield None
        return
    try:
        notes.append("Redis Cluster: three redis-server masters started for the run (redis-cli --cluster create)")
        yield url
    finally:
        cluster.__exit__(None, None, None)


def _histories(messages: list[dict], sizes: Sequence[int], progress: bool | None) -> dict[int, dict]:
    """The session (``to_json``, parsed) after the first ``size`` messages, for each size."""
    tracker = Tracker("en", en_models=())
    out = {}
    with progress_bar(max(sizes), "store: building the histories", progress) as bar:
        for i, m in enumerate(messages[:max(sizes)], 1):
            tracker.observe(m)
            bar.update(1)
            if i in sizes:
                out[i] = json.loads(tracker.to_json())
    return out


def _open_stores(folder: Path, redis_url: str | None) -> dict[str, Any]:
    from ..stores import SQLiteStore

    stores: dict[str, Any] = {"none": None, "sqlite": SQLiteStore(folder / "sessions.db")}
    if redis_url:
        from ..stores import RedisStore

        stores["redis"] = RedisStore(redis_url, prefix=f"ctxgraph-bench:{time.time_ns()}:")
    return stores


def _time_turns(stores: dict[str, Any], sessions: dict[int, dict], messages: list[dict], turns: int,
                progress: bool | None) -> dict[tuple[str, int], dict[str, list[float]]]:
    """Observe the messages after each history with every (store, size) tracker, interleaved."""
    from .. import open_session

    trackers: dict[tuple[str, int], Tracker] = {}
    current = {"size": 0}  # the history size being timed, for the append timer
    timings: dict[tuple[str, int], dict[str, list[float]]] = {}
    for name, store in stores.items():
        for size, session in sessions.items():
            timings[name, size] = {"observe": [], "append": []}
            if store is None:
                trackers[name, size] = Tracker.from_json(session)
                continue
            sid = f"bench-{size}"
            store.save(sid, session)
            trackers[name, size] = open_session(store, sid)
            store.append = _timed(store.append, timings, name, current)  # type: ignore[method-assign]
    keys = list(trackers)
    with progress_bar(turns, "store: timed turns", progress) as bar:
        for k in range(turns):
            for key in keys if k % 2 == 0 else reversed(keys):
                current["size"] = key[1]
                t0 = time.perf_counter()
                trackers[key].observe(messages[key[1] + k])
                timings[key]["observe"].append((time.perf_counter() - t0) * 1000)
            bar.update(1)
    return timings


def _timed(append: Callable, timings: dict, name: str, current: dict[str, int]) -> Callable:
    """``append`` that also records how long it took, under (store, the size being timed)."""
    if getattr(append, "_bench_timed", False):
        return append

    def timed(session_id: str, turn: dict) -> None:
        t0 = time.perf_counter()
        append(session_id, turn)
        timings[name, current["size"]]["append"].append((time.perf_counter() - t0) * 1000)

    timed._bench_timed = True  # type: ignore[attr-defined]
    return timed


@contextlib.contextmanager
def _redis(url: str | None, notes: list[str]) -> Iterator[str | None]:
    """``url``, or a redis-server started on a free 127.0.0.1 port for the run, or None (noted)."""
    if url:
        yield url
        return
    try:
        server = RedisProcess()  # raises FileNotFoundError when no redis-server is installed
    except FileNotFoundError:
        notes.append("Redis not measured: no redis-server installed (pass --redis URL)")
        yield None
        return
    with server:
        notes.append(f"Redis: redis-server {_server_version(server.binary)} started for the run on "
                     f"127.0.0.1:{server.port}")
        yield server.url


def _server_version(binary: str) -> str:
    out = subprocess.run([binary, "--version"], capture_output=True, text=True, check=False).stdout
    return next((w.split("=", 1)[1] for w in out.split() if w.startswith("v=")), "?")


def store_parts(report: dict[str, Any], markdown: bool, table: Callable) -> list[str]:
    """The text / markdown of a ``store`` report (called by the bench formatter)."""
    rows = [[r["store"], r["history"], r["n"], r["median_ms"], r["p95_ms"], r["ratio"], r["persist_median_ms"],
             r["persist_p95_ms"], r.get("persist_ratio")] for r in report["results"]]
    sizes = report["sizes"]
    parts = [f"observe()+persist per turn, {report['turns']} turns timed after histories of "
             f"{', '.join(f'{s:,}' for s in sizes)} turns (en, {report['source']}; 'none': no store, "
             f"extraction alone; 'x' is against {sizes[0]:,} turns), {report['seconds']} s",
             table(["store", "history", "turns", "median ms", "p95 ms", "x", "persist median ms",
                    "persist p95 ms", "persist x"], rows, markdown)]
    parts += report.get("notes", [])
    if report.get("faults"):
        from ._store_faults import fault_parts

        parts += fault_parts(report["faults"], markdown, table)
    return parts
