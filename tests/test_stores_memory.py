"""The memory store: the Store contract, LRU and TTL bounds, locks across threads, and
open_session over it (the same contract the SQLite and Redis stores keep)."""

from __future__ import annotations

import contextlib
import datetime
import json
import threading
from pathlib import Path

import pytest

from ctxgraph import StoreError, Tracker, open_session
from ctxgraph.stores import MemoryStore, open_store
from ctxgraph.stores._base import turns_from_session
from ctxgraph.stores._memory import DEFAULT_MAX_SESSIONS, DEFAULT_TTL

DATA = Path(__file__).parent / "data"


class Clock:
    """Time that moves only when the test says so."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def turn(i: int, text: str = "hi") -> dict:
    return {"turn": i, "message": {"role": "user", "content": text}, "events": [], "payload": None, "lang": "en"}


def test_stores_memory_open_store_gives_a_bounded_store_with_documented_defaults():
    store = open_store("memory://")
    assert isinstance(store, MemoryStore)
    assert (store.max_sessions, store.ttl) == (DEFAULT_MAX_SESSIONS, DEFAULT_TTL) == (1000, 86400.0)


def test_stores_memory_evicts_the_least_recently_used_session():
    store = MemoryStore(max_sessions=2)
    store.create("a", {})
    store.create("b", {})
    store.append("a", turn(0))  # "a" is now the most recently used
    store.create("c", {})
    assert store.sessions() == ["a", "c"]
    assert store.load("b") is None and store.length("b") == 0


def test_stores_memory_drops_a_session_ttl_seconds_after_its_last_write():
    clock = Clock()
    store = MemoryStore(ttl=60, clock=clock)
    store.create("old", {})
    clock.now += 30
    store.create("new", {})
    clock.now += 20
    store.append("old", turn(0))  # a write keeps it alive: "old" was last written after "new"
    clock.now += 35
    assert store.sessions() == ["new", "old"]
    clock.now += 10
    assert store.sessions() == ["old"]
    clock.now += 60
    assert store.sessions() == [] and store.load("old") is None


def test_stores_memory_expire_deletes_by_last_write_time():
    clock = Clock()
    store = MemoryStore(ttl=None, clock=clock)
    store.create("a", {})
    clock.now += 100
    store.create("b", {})
    assert store.expire(datetime.timedelta(seconds=50)) == 1
    assert store.sessions() == ["b"]
    assert store.expire(0) == 0  # written at this very moment: not older than 0 s


@pytest.mark.parametrize("index", [1, 0, 5, -1, None])
def test_stores_memory_append_refuses_a_gap_or_a_duplicate_and_stores_nothing(index):
    store = MemoryStore()
    store.create("s", {})
    store.append("s", turn(0))
    with pytest.raises(StoreError, match=r"\[E101\]") if index != 1 else contextlib.nullcontext():
        store.append("s", turn(index))
    assert store.length("s") == (2 if index == 1 else 1)


def test_stores_memory_append_to_a_session_never_created_is_an_error():
    with pytest.raises(StoreError, match=r"\[E107\]"):
        MemoryStore().append("nobody", turn(0))


def test_stores_memory_create_is_idempotent_with_the_same_config_and_refuses_another():
    store = MemoryStore()
    store.create("s", {"lang": "en"})
    store.create("s", {"lang": "en"})
    with pytest.raises(StoreError, match=r"\[E102\].*lang"):
        store.create("s", {"lang": "zh"})


@pytest.mark.parametrize("bad", ["", None, 42])
def test_stores_memory_session_ids_are_non_empty_strings(bad):
    with pytest.raises(StoreError, match=r"\[E108\]"):
        MemoryStore().create(bad, {})


@pytest.mark.parametrize("options", [{"max_sessions": 0}, {"max_sessions": "10"}, {"ttl": -1}])
def test_stores_memory_bad_options_are_coded_errors(options):
    with pytest.raises(StoreError, match=r"\[E106\]"):
        MemoryStore(**options)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_stores_memory_save_then_load_keeps_the_to_json_contract(lang):
    session = json.loads((DATA / f"session_v1_{lang}.json").read_text(encoding="utf-8"))
    store = MemoryStore()
    store.save("s", session)
    loaded = store.load("s")
    assert loaded == {**session, "langs": loaded["langs"]}
    assert sum(loaded["langs"].values()) == len(session["messages"])
    assert Tracker.from_json(loaded).state() == Tracker.from_json(session).state()
    assert [t["turn"] for t in store.load_since("s", 3)] == list(range(3, len(session["messages"])))


def test_stores_memory_save_refuses_what_is_not_a_session():
    with pytest.raises(StoreError, match=r"\[E110\]"):
        MemoryStore().save("s", {"schema": "something/else"})
    with pytest.raises(StoreError, match=r"\[E110\]"):
        MemoryStore().save("s", "{not json")


def test_stores_memory_turns_from_session_split_events_payloads_and_langs_per_turn():
    t = Tracker(lang="en")
    t.observe({"role": "user", "content": "My budget is $500."})
    t.observe({"role": "tool", "tool_call_id": "c1", "content": '{"order": "A1", "status": "shipped"}'})
    turns = turns_from_session(t.to_json())
    assert [x["turn"] for x in turns] == [0, 1]
    assert turns[1]["payload"] == '{"order": "A1", "status": "shipped"}' and turns[0]["payload"] is None
    assert [e for x in turns for e in x["events"]] == t.events


def test_stores_memory_delete_removes_the_session():
    store = MemoryStore()
    store.create("s", {})
    store.append("s", turn(0, "secret"))
    assert store.delete("s") is True
    assert store.delete("s") is False
    assert store.load("s") is None and store.load_since("s", 0) == [] and "s" not in store


def test_stores_memory_lock_serialises_threads_and_times_out():
    store = MemoryStore()
    held, release = threading.Event(), threading.Event()

    def holder():
        with store.lock("s"):
            held.set()
            release.wait()

    thread = threading.Thread(target=holder)
    thread.start()
    held.wait()
    try:
        with pytest.raises(StoreError, match=r"\[E104\]"):
            with store.lock("s", timeout=0.05):
                pass
        with store.lock("other", timeout=0.05):  # another session is not blocked
            pass
    finally:
        release.set()
        thread.join()
    with store.lock("s", timeout=1):
        pass


def test_stores_memory_open_session_rebuilds_from_events_and_catches_up():
    store = MemoryStore()
    a = open_session(store, "s", lang="en")
    a.observe({"role": "user", "content": "My budget is $500. Do not ship with FedEx."})
    b = open_session(store, "s")  # a second tracker of the session, as another worker holds
    b.observe({"role": "user", "content": "Actually my budget is $600."})
    a.observe({"role": "assistant", "content": "Noted. I will email you a quote by 5 pm today."})
    ref = Tracker(lang="en")
    for m in store.load("s")["messages"]:
        ref.observe(m)
    assert json.loads(a.to_json()) == json.loads(ref.to_json())
    assert [f.value for f in a.state().facts if f.status == "current"] == ["$600"]
    assert len(b) == 2  # b catches up on its next observe, not before


def test_stores_memory_open_session_refuses_other_options_for_an_existing_session():
    store = MemoryStore()
    open_session(store, "s", lang="en")
    open_session(store, "s", lang="en")
    with pytest.raises(StoreError, match=r"\[E102\].*lang"):
        open_session(store, "s", lang="zh")


def test_stores_memory_observe_after_the_session_was_deleted_is_an_error_and_changes_nothing():
    store = MemoryStore()
    t = open_session(store, "s", lang="en")
    t.observe({"role": "user", "content": "My budget is $500."})
    before = t.to_json()
    store.delete("s")
    with pytest.raises(StoreError, match=r"\[E111\]"):
        t.observe({"role": "user", "content": "And my name is Ann."})
    assert t.to_json() == before
