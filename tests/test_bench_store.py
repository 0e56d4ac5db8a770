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
