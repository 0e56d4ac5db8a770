"""The Redis store against a real redis-server (the ``redis_url`` fixture starts one)."""

from __future__ import annotations

import datetime
import json
import logging
import sys
import threading
import uuid

import pytest

redis = pytest.importorskip("redis")

from ctxgraph import Tracker  # noqa: E402
from ctxgraph.stores import RedisStore, StoreError, open_store  # noqa: E402
from ctxgraph.stores._base import turns_from_session  # noqa: E402

CONVERSATION = [
    {"role": "system", "content": "You are a helpful shop assistant."},
    {"role": "user", "content": "My budget is $500. Do not ship with FedEx."},
    {"role": "assistant", "content": "Noted. I will email you a quote by 5 pm today."},
    {"role": "user", "content": "我想订一张明天去上海的机票，预算两千元。"},
    {"role": "tool", "content": json.dumps({"order_id": "A-1001", "status": "shipped",
                                            "items": [{"sku": f"S{i}", "qty": i} for i in range(30)]})},
    {"role": "user", "content": "Actually make it $450."},
]


@pytest.fixture
def prefix() -> str:
    return f"test:{uuid.uuid4().hex[:8]}:"


@pytest.fixture
def raw(redis_url):
    """A plain redis-py client on the test server, to look at the keys the store writes."""
    client = redis.Redis.from_url(redis_url, decode_responses=True)
    yield client
    client.close()


@pytest.fixture
def store(redis_url, prefix, raw):
    s = RedisStore(redis_url, prefix=prefix)
    yield s
    s.close()
    for key in raw.scan_iter(match=f"{prefix}*"):
        raw.delete(key)


def observed(messages=CONVERSATION) -> Tracker:
    t = Tracker(lang="auto", today="2026-11-30")
    t.observe_many(messages)
    return t


def fill(store, session_id: str, tracker: Tracker) -> None:
    store.create(session_id, tracker.config.as_mapping())
    for turn in turns_from_session(json.loads(tracker.to_json())):
        store.append(session_id, turn)


def test_stores_redis_open_store_url_gives_a_redis_store(redis_url, prefix):
    with open_store(redis_url, prefix=prefix, ttl=60) as s:
        assert isinstance(s, RedisStore) and s.scheme == "redis"
        assert s.sessions() == []


def test_stores_redis_appended_turns_load_as_the_trackers_session(store):
    t = observed()
    fill(store, "user-42", t)
    assert store.length("user-42") == len(CONVERSATION)
    loaded = store.load("user-42")
    exported = json.loads(t.to_json())
    exported.pop("integrity", None)  # the digest of an export, not part of the stored session
    assert loaded == exported
    again = Tracker.from_json(loaded)
    assert again.state() == t.state()
    assert again.payload("r4") == CONVERSATION[4]["content"]


def test_stores_redis_save_and_load_round_trip(store):
    t = observed()
    store.save("imported", t.to_json())
    assert Tracker.from_json(store.load("imported")).to_json() == t.to_json()
    store.save("imported", observed(CONVERSATION[:2]).to_json())  # replaces, does not add
    assert store.length("imported") == 2


def test_stores_redis_save_of_a_long_session_pushes_it_in_chunks(store):
    n = 1203  # over two of the script's RPUSH chunks
    session = {"schema": "ctxgraph.session/1", "config": {"lang": "en"},
               "messages": [{"role": "user", "content": f"m{i}"} for i in range(n)],
               "events": [{"turn": i, "type": "turn", "lang": "en"} for i in range(n)],
               "payloads": {}, "langs": {"en": n}}
    store.save("long", session)
    assert store.load("long") == session
    assert [t["turn"] for t in store.load_since("long", 1200)] == [1200, 1201, 1202]


@pytest.mark.parametrize("index", [0, 1, 3, 5, -1, "2", True])
def test_stores_redis_append_rejects_a_gap_or_a_duplicate(store, index):
    t = observed(CONVERSATION[:2])
    fill(store, "s", t)
    turn = turns_from_session(json.loads(observed(CONVERSATION[:3]).to_json()))[2]
    with pytest.raises(StoreError, match=r"\[E101\]"):
        store.append("s", {**turn, "turn": index})
    assert store.length("s") == 2
    store.append("s", turn)  # the right index still goes in
    assert store.length("s") == 3


def test_stores_redis_append_to_a_session_never_created(store):
    with pytest.raises(StoreError, match=r"\[E107\]"):
        store.append("nobody", {"turn": 0, "message": {}, "events": [], "payload": None, "lang": "en"})
    assert store.sessions() == []


def test_stores_redis_create_is_idempotent_and_rejects_another_config(store):
    store.create("s", {"lang": "en", "packs": ["booking"]})
    store.create("s", {"packs": ["booking"], "lang": "en"})
    with pytest.raises(StoreError, match=r"\[E102\].*lang"):
        store.create("s", {"lang": "zh", "packs": ["booking"]})
    assert store.config("s") == {"lang": "en", "packs": ["booking"]}
    assert store.config("other") is None and store.load("other") is None


def test_stores_redis_delete_leaves_no_key_of_the_session(store, raw, prefix):
    fill(store, "gone", observed())
    fill(store, "kept", observed(CONVERSATION[:2]))
    with store.lock("gone"):
        pass
    assert store.delete("gone") is True
    assert store.delete("gone") is False
    left = sorted(raw.scan_iter(match=f"{prefix}*"))
    assert left == sorted([f"{prefix}sessions", f"{prefix}session:{{kept}}:config", f"{prefix}session:{{kept}}:turns"])
    assert store.sessions() == ["kept"] and store.load("gone") is None


def test_stores_redis_prefix_keeps_apps_apart(redis_url, store, raw, prefix):
    other_prefix = f"other-{uuid.uuid4().hex[:8]}:"
    with RedisStore(redis_url, prefix=other_prefix) as other:
        store.create("a", {})
        other.create("b", {})
        assert store.sessions() == ["a"] and other.sessions() == ["b"]
        assert set(raw.scan_iter(match=f"{prefix}*")) == {f"{prefix}sessions", f"{prefix}session:{{a}}:config"}
        assert set(raw.scan_iter(match=f"{other_prefix}*")) == {f"{other_prefix}sessions",
                                                                  f"{other_prefix}session:{{b}}:config"}
        other.delete("b")
    assert list(raw.scan_iter(match=f"{other_prefix}*")) == []


def test_stores_redis_ttl_is_set_and_refreshed_by_every_write(redis_url, prefix, raw):
    with RedisStore(redis_url, prefix=prefix, ttl=datetime.timedelta(hours=1)) as s:
        t = observed(CONVERSATION[:3])
        s.create("s", t.config.as_mapping())
        turns = turns_from_session(json.loads(t.to_json()))
        s.append("s", turns[0])
        keys = [f"{prefix}session:{{s}}:config", f"{prefix}session:{{s}}:turns"]
        assert all(0 < raw.pttl(k) <= 3_600_000 for k in keys)
        for k in keys:
            raw.pexpire(k, 5000)
        s.append("s", turns[1])
        assert all(raw.pttl(k) > 5000 for k in keys)
    with RedisStore(redis_url, prefix=prefix) as forever:  # ttl=None: a write drops the expiry
        forever.append("s", turns[2])
        assert [raw.pttl(k) for k in keys] == [-1, -1]
        forever.delete("s")


def test_stores_redis_sessions_forget_index_entries_past_the_ttl(redis_url, prefix, raw):
    with RedisStore(redis_url, prefix=prefix, ttl=60) as s:
        s.create("fresh", {})
        raw.zadd(f"{prefix}sessions", {"expired": 1000})  # written in 1970: its keys are long gone
        assert s.sessions() == ["fresh"]
        assert raw.zrange(f"{prefix}sessions", 0, -1) == ["fresh"]
        s.delete("fresh")


def test_stores_redis_expire_deletes_only_sessions_not_written_since(store, raw, prefix):
    fill(store, "old", observed(CONVERSATION[:2]))
    fill(store, "new", observed(CONVERSATION[:2]))
    now = raw.time()[0] * 1000
    raw.zadd(f"{prefix}sessions", {"old": now - 2 * 3600_000})
    assert store.expire(datetime.timedelta(hours=1)) == 1
    assert store.sessions() == ["new"] and store.load("old") is None
    assert not raw.exists(f"{prefix}session:{{old}}:config", f"{prefix}session:{{old}}:turns")
    assert store.expire(3600) == 0
    with pytest.raises(StoreError, match=r"\[E106\]"):
        store.expire(-1)


def test_stores_redis_lock_is_exclusive_and_times_out(store):
    holding, release = threading.Event(), threading.Event()

    def hold():
        with store.lock("s"):
            holding.set()
            release.wait(30)

    worker = threading.Thread(target=hold)
    worker.start()
    holding.wait(30)
    try:
        with pytest.raises(StoreError, match=r"\[E104\] Session 's'"):
            with store.lock("s", timeout=0.05):
                pass
        with store.lock("another session", timeout=0.05):  # one lock per session
            pass
    finally:
        release.set()
        worker.join(30)
    with store.lock("s", timeout=5):  # released when the holder left
        pass


def test_stores_redis_lock_that_expired_while_held_is_left_with_a_warning(store, raw, prefix, caplog):
    with caplog.at_level(logging.WARNING, logger="ctxgraph"):
        with store.lock("s"):
            raw.delete(f"{prefix}session:{{s}}:lock")  # what lock_expiry does to a holder that took too long
            with store.lock("s", timeout=1):  # a second writer gets in ...
                pass
    assert "expired before it was released" in caplog.text


def test_stores_redis_a_writer_that_lost_the_race_cannot_interleave(redis_url, store, prefix):
    t = observed(CONVERSATION[:3])
    fill(store, "s", observed(CONVERSATION[:2]))
    late_turn = turns_from_session(json.loads(t.to_json()))[2]
    with RedisStore(redis_url, prefix=prefix) as other_worker:
        other_worker.append("s", late_turn)  # the other worker stored turn 2 first
    with pytest.raises(StoreError, match=r"\[E101\].*holds 3 turn"):
        store.append("s", late_turn)
    assert [m["content"] for m in store.load("s")["messages"]] == [m["content"] for m in CONVERSATION[:3]]


def test_stores_redis_closed_store_and_unreachable_server(redis_url, prefix):
    s = RedisStore(redis_url, prefix=prefix)
    s.close()
    s.close()
    assert "closed" in repr(s)
    with pytest.raises(StoreError, match=r"\[E105\]"):
        s.sessions()
    with pytest.raises(StoreError, match=r"\[E121\] Redis at redis://:\*\*\*@127.0.0.1:1/0"):
        RedisStore("redis://:secret@127.0.0.1:1/0")


@pytest.mark.parametrize("option", [{"ttl": 0}, {"ttl": "1h"}, {"lock_timeout": -1}, {"lock_expiry": 0},
                                    {"prefix": None}])
def test_stores_redis_rejects_bad_options(redis_url, option):
    with pytest.raises(StoreError, match=r"\[E106\]"):
        RedisStore(redis_url, **option)


@pytest.mark.parametrize("session_id", ["", None, 42])
def test_stores_redis_rejects_bad_session_ids(store, session_id):
    with pytest.raises(StoreError, match=r"\[E108\]"):
        store.create(session_id, {})


def test_stores_redis_without_redis_py_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "redis", None)
    with pytest.raises(StoreError, match=r"\[E120\].*ctxgraph\[redis\]"):
        RedisStore("redis://127.0.0.1:6379/0")


def test_stores_redis_open_session_workers_take_turns(redis_url, store, prefix):
    from ctxgraph import open_session

    with RedisStore(redis_url, prefix=prefix) as elsewhere:  # another worker's connection
        workers = [open_session(store, "user-42", lang="auto", today="2026-11-30"),
                   open_session(elsewhere, "user-42", lang="auto", today="2026-11-30")]
        for n, message in enumerate(CONVERSATION):
            workers[n % 2].observe(message)  # each catches up on the other's turn first
        assert [len(w.messages) for w in workers] == [len(CONVERSATION) - 1, len(CONVERSATION)]
        reopened = open_session(elsewhere, "user-42")
    assert reopened.state() == observed().state() == workers[1].state()
    assert reopened.messages == observed().messages
