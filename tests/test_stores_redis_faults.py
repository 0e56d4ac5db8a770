"""The Redis store's session lock under faults, with real processes and a real redis-server:
a live holder keeps its lock however long it works, a holder killed with SIGKILL frees it
within its lease, and a Redis that stopped and started again serves the very next turn."""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import threading

import pytest

redis = pytest.importorskip("redis")

from ctxgraph import open_session  # noqa: E402
from ctxgraph.stores import RedisStore, StoreError  # noqa: E402

# A process that takes the session's lock, says so, and works until it is killed.
HOLDER = r'''
import sys, threading
from ctxgraph.stores import RedisStore
url, prefix, lease = sys.argv[1], sys.argv[2], float(sys.argv[3])
store = RedisStore(url, prefix=prefix, lock_expiry=lease)
with store.lock("s"):
    print("held", flush=True)
    threading.Event().wait()
'''


def holder(url: str, prefix: str, lease: float) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, url, prefix, str(lease)],
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "held"
    return proc


def test_stores_redis_faults_killed_holder_frees_the_session_within_its_lease(redis_url, prefix):
    proc = holder(redis_url, prefix, lease=0.5)
    try:
        with RedisStore(redis_url, prefix=prefix, lock_expiry=0.5) as other:
            # alive, the holder renews its lease: six leases later the lock is still its own
            with pytest.raises(StoreError, match=r"\[E104\]"):
                with other.lock("s", timeout=3):
                    pass
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(timeout=30)
            # dead, its lease runs out: the other writer gets in (the old 60 s expiry would
            # have made it wait far past this timeout)
            with other.lock("s", timeout=20):
                pass
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=30)
        proc.stdout.close()


def test_stores_redis_faults_live_holder_keeps_the_lock_past_its_lease(redis_url, prefix):
    """A turn that takes many leases (a long upstream call): the second writer of the session
    waits for it instead of running beside it, and the turns stay in order, none duplicated."""
    with RedisStore(redis_url, prefix=prefix, lock_expiry=0.3) as a, \
            RedisStore(redis_url, prefix=prefix, lock_expiry=0.3) as b:
        first = open_session(a, "s", lang="en", en_models=[])
        second = open_session(b, "s", lang="en", en_models=[])
        done = threading.Event()

        def other_writer() -> None:
            second.observe({"role": "user", "content": "q2"})
            done.set()

        with a.lock("s"):
            first._binding.held = True  # as the gateway does: the call holds the lock
            first.observe({"role": "user", "content": "q1"})
            writer = threading.Thread(target=other_writer)
            writer.start()
            assert not done.wait(2.0)  # ~7 leases: the lock did not lapse, q2 waits
            first.observe({"role": "assistant", "content": "ack:q1"})
            first._binding.held = False
        writer.join(30)
        assert done.is_set()
        assert [m["content"] for m in b.load("s")["messages"]] == ["q1", "ack:q1", "q2"]


def test_stores_redis_faults_first_turn_after_redis_returns_succeeds(redis_process, caplog):
    """Redis stops (SIGTERM, it saves its data) while a writer holds the session's lock, and
    starts again: the writer's release was lost in the outage, yet the next turn of the
    session, from this worker or another one, goes through."""
    options = {"lang": "en", "en_models": []}
    with RedisStore(redis_process.url, lock_expiry=2) as a, RedisStore(redis_process.url, lock_expiry=2) as b:
        t = open_session(a, "s", **options)
        t.observe({"role": "user", "content": "My budget is $500."})
        with caplog.at_level(logging.WARNING, logger="ctxgraph"):
            with pytest.raises(StoreError, match=r"\[E121\]"):
                with a.lock("s"):
                    redis_process.stop()
                    t._binding.held = True
                    try:
                        t.observe({"role": "user", "content": "lost in the outage"})
                    finally:
                        t._binding.held = False
        assert "was not released" in caplog.text
        redis_process.start()
        other = open_session(b, "s", **options)  # another worker: waits at most for the pending release
        other.observe({"role": "user", "content": "Actually make it $450."})
        t.observe({"role": "assistant", "content": "Noted: $450."})  # and the worker of the outage
        assert [m["content"] for m in a.load("s")["messages"]] == [
            "My budget is $500.", "Actually make it $450.", "Noted: $450."]
