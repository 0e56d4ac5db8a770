"""The Redis store on a real Redis Cluster of three masters (the ``redis_cluster_url`` fixture
starts it with ``redis-cli --cluster create``), and the renaming of keys written before hash tags."""

from __future__ import annotations

import datetime
import json
import uuid

import pytest

redis = pytest.importorskip("redis")

from redis.cluster import RedisCluster  # noqa: E402

from ctxgraph import Tracker, open_session  # noqa: E402
from ctxgraph.stores import RedisStore, StoreError, open_store  # noqa: E402
from ctxgraph.stores._base import turns_from_session  # noqa: E402

CONVERSATION = [
    {"role": "user", "content": "My budget is $500. Do not ship with FedEx."},
    {"role": "assistant", "content": "Noted. I will email you a quote by 5 pm today."},
    {"role": "tool", "content": json.dumps({"order_id": "A-1001", "status": "shipped"})},
    {"role": "user", "content": "Actually make it $450."},
]
OPTIONS = {"lang": "en", "today": "2026-11-30", "en_models": []}


@pytest.fixture
def prefix() -> str:
    return f"test:{uuid.uuid4().hex[:8]}:"


@pytest.fixture
def cluster(redis_cluster_url):
    """A plain redis-py cluster client, to look at where the store's keys live."""
    client = RedisCluster.from_url(redis_cluster_url.replace("redis+cluster://", "redis://"), decode_responses=True)
    yield client
    client.close()


@pytest.fixture
def store(redis_cluster_url, prefix):
    with open_store(redis_cluster_url, prefix=prefix) as s:
        yield s


def reference(messages=CONVERSATION) -> Tracker:
    t = Tracker(**OPTIONS)
    t.observe_many(messages)
    return t


def test_stores_redis_cluster_url_opens_a_cluster_store(store):
    assert isinstance(store, RedisStore) and store.cluster and "cluster" in repr(store)


def test_stores_redis_cluster_keys_of_a_session_share_one_slot(store, cluster, prefix):
    ids = ["user-42", "user-43", "a", "客户-7"]
    for sid in ids:
        open_session(store, sid, **OPTIONS).observe(CONVERSATION[0])
        with store.lock(sid):
            assert cluster.exists(f"{prefix}session:{{{sid}}}:lock")
            slots = {cluster.keyslot(k) for k in cluster.scan_iter(match=f"{prefix}session:{{{sid}}}:*")}
            assert len(slots) == 1  # config, turns, written and lock
    slots = {sid: {cluster.keyslot(k) for k in cluster.scan_iter(match=f"{prefix}session:{{{sid}}}:*")} for sid in ids}
    assert all(len(s) == 1 for s in slots.values())
    assert len(set().union(*slots.values())) > 1  # and sessions spread over the cluster
    assert store.sessions() == sorted(ids)


def test_stores_redis_cluster_workers_take_turns_and_load_a_whole_session(redis_cluster_url, store, prefix):
    with RedisStore(redis_cluster_url, prefix=prefix) as elsewhere:
        workers = [open_session(store, "user-42", **OPTIONS), open_session(elsewhere, "user-42", **OPTIONS)]
        for n, message in enumerate(CONVERSATION):
            workers[n % 2].observe(message)
        reopened = open_session(elsewhere, "user-42")
    ref = reference()
    assert reopened.state() == ref.state() and reopened.messages == ref.messages
    with pytest.raises(StoreError, match=r"\[E101\]"):  # the turn-index fence works there too
        store.append("user-42", turns_from_session(json.loads(ref.to_json()))[1])


def test_stores_redis_cluster_save_delete_expire_and_ttl(redis_cluster_url, store, cluster, prefix):
    store.save("imported", reference().to_json())
    assert Tracker.from_json(store.load("imported")).messages == reference().messages
    store.create("old", {"lang": "en"})
    cluster.zadd(f"{prefix}sessions", {"old": 1000})  # the index says: written in 1970 ...
    assert store.expire(datetime.timedelta(hours=1)) == 0  # ... but its own write time says now
    cluster.set(f"{prefix}session:{{old}}:written", 1000)
    assert store.expire(datetime.timedelta(hours=1)) == 1
    assert store.sessions() == ["imported"] and store.load("old") is None
    assert store.delete("imported") is True and store.delete("imported") is False
    assert list(cluster.scan_iter(match=f"{prefix}*")) == []
    with RedisStore(redis_cluster_url, prefix=prefix, ttl=60) as s:
        s.create("brief", {})
        keys = [f"{prefix}session:{{brief}}:{k}" for k in ("config", "written")]
        assert all(0 < cluster.pttl(k) <= 60_000 for k in keys)
        s.delete("brief")


def test_stores_redis_cluster_lock_is_exclusive(redis_cluster_url, store, prefix):
    with RedisStore(redis_cluster_url, prefix=prefix) as other:
        with store.lock("s"):
            with pytest.raises(StoreError, match=r"\[E104\]"):
                with other.lock("s", timeout=0.05):
                    pass
        with other.lock("s", timeout=5):
            pass


def test_stores_redis_cluster_unreachable_seed_is_a_coded_error():
    with pytest.raises(StoreError, match=r"\[E261\] Redis Cluster at redis\+cluster://127.0.0.1:1"):
        RedisStore("redis+cluster://127.0.0.1:1")


def test_stores_redis_sessions_of_untagged_keys_are_renamed_on_open(redis_url, prefix, caplog):
    """Sessions an older ctxgraph wrote (``session:ID:config``, no hash tag) are found: the
    first store opened renames their keys, once; nothing is orphaned."""
    raw = redis.Redis.from_url(redis_url, decode_responses=True)
    ref = reference()
    try:
        for sid in ("legacy", "also"):
            raw.set(f"{prefix}session:{sid}:config", json.dumps(ref.config.as_mapping(), sort_keys=True))
            raw.rpush(f"{prefix}session:{sid}:turns",
                      *[json.dumps(t) for t in turns_from_session(json.loads(ref.to_json()))])
            raw.zadd(f"{prefix}sessions", {sid: 1})
        with RedisStore(redis_url, prefix=prefix) as store:
            assert store.sessions() == ["also", "legacy"]
            t = open_session(store, "legacy")
            assert t.state() == ref.state()
            t.observe({"role": "user", "content": "And ship it to Berlin."})
            assert store.length("legacy") == len(CONVERSATION) + 1
        assert "renamed the keys of 2 session(s)" in caplog.text
        assert not raw.exists(f"{prefix}session:legacy:config", f"{prefix}session:legacy:turns")
        assert raw.get(f"{prefix}layout") == "2"
    finally:
        for key in raw.scan_iter(match=f"{prefix}*"):
            raw.delete(key)
        raw.close()
