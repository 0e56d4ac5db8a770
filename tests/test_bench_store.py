"""``ctxgraph bench store``: the harness, on tiny histories (the figures are measured by the bench)."""

from __future__ import annotations

import shutil

import pytest

from ctxgraph.bench._cli import format_report
from ctxgraph.bench._store_bench import run_store

redis = pytest.importorskip("redis")


def test_bench_store_times_every_store_at_every_history_size(redis_url):
    report = run_store(sizes=(5, 12), turns=3, redis_url=redis_url, progress=False, cluster=False, faults=False)
    rows = {(r["store"], r["history"]): r for r in report["results"]}
    assert set(rows) == {(s, n) for s in ("none", "sqlite", "redis") for n in (5, 12)}
    for (store, size), r in rows.items():
        assert r["n"] == 3 and 0 < r["median_ms"] <= r["p95_ms"]
        assert (r["persist_median_ms"] is None) == (store == "none")
        if size == 5:
            assert r["ratio"] == 1.0
    assert report["machine"]["cores"] >= 1 and report["notes"] == []
    client = redis.Redis.from_url(redis_url)
    assert list(client.scan_iter(match="ctxgraph-bench:*")) == []  # the run leaves no session behind
    client.close()
    text = format_report(report)
    assert text.startswith("== store") and "persist median ms" in text and "machine:" in text


def test_bench_store_starts_its_own_redis_server_when_none_is_given():
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed")
    report = run_store(sizes=(3,), turns=2, progress=False, cluster=False, faults=False)
    assert {r["store"] for r in report["results"]} == {"none", "sqlite", "redis"}
    assert report["notes"][0].startswith("Redis: redis-server ")


def test_bench_store_measures_a_cluster_and_the_faults():
    if shutil.which("redis-server") is None or shutil.which("redis-cli") is None:
        pytest.skip("redis-server or redis-cli is not installed")
    report = run_store(sizes=(3,), turns=2, progress=False, quick=True)
    assert {r["store"] for r in report["results"]} == {"none", "sqlite", "redis", "redis-cluster"}
    assert [r["what"].split(" ->")[0] for r in report["faults"]["rows"]] == [
        "holder killed (SIGKILL)", "Redis restarted", "Redis restarted"]
    assert all(0 < r["median_s"] <= r["max_s"] for r in report["faults"]["rows"])
    text = format_report(report)
    assert "redis-cluster" in text and "Redis session lock under faults" in text


def _processes_naming(text: str) -> list[int]:
    """Pids of the live processes whose command line holds ``text`` (Linux /proc)."""
    from pathlib import Path

    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmdline = (entry / "cmdline").read_bytes().decode(errors="replace")
            except OSError:  # ended meanwhile
                continue
            if text in cmdline and "redis-server" in cmdline:
                pids.append(int(entry.name))
    return pids


@pytest.mark.parametrize("own_folder", [True, False])
def test_redis_process_that_never_listens_is_killed_and_its_folder_removed(tmp_path, monkeypatch, own_folder):
    """A redis-server that does not accept connections in time (here: told ``--port 0`` and a
    unix socket, so it runs but never listens on TCP) raises OSError, and neither its process nor the folder
    made for it outlives the error."""
    import os
    import sys
    import tempfile

    from ctxgraph.bench._redis_procs import RedisProcess

    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed")
    if not sys.platform.startswith("linux"):
        pytest.skip("finds processes through /proc")
    temp = tmp_path / "temp"
    temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))  # where RedisProcess makes its own folder
    folder = tmp_path / "data"
    folder.mkdir()
    with pytest.raises(OSError, match="did not start"):
        RedisProcess(extra=["--port", "0", "--unixsocket", str(tmp_path / "s.sock")], startup_timeout=0.5, folder=str(folder) if own_folder else None)
    assert _processes_naming(str(tmp_path)) == []  # redis-server retitles itself "... unixsocket:PATH"
    assert os.listdir(temp) == []  # its own folder is gone; a folder the caller gave is the caller's
    assert folder.is_dir()
