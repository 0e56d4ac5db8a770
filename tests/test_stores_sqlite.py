"""The SQLite store on real files: WAL, turns appended in one transaction, the schema version
and its migrations, delete that leaves nothing on disk, expire, locks across processes."""

from __future__ import annotations

import contextlib
import datetime
import json
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from ctxgraph import StoreError, Tracker, open_session
from ctxgraph.stores import SQLiteStore, open_store
from ctxgraph.stores import _sqlite

DATA = Path(__file__).parent / "data"


def turn(i: int, text: str = "hi", payload: str | None = None) -> dict:
    role = "tool" if payload else "user"
    return {"turn": i, "message": {"role": role, "content": text}, "events": [{"turn": i, "type": "turn"}],
            "payload": payload, "lang": "en"}


@pytest.fixture
def db(tmp_path) -> Path:
    return tmp_path / "data" / "sessions.db"


@pytest.fixture
def store(db):
    with SQLiteStore(db) as s:
        yield s


def rows(db: Path, sql: str, *args) -> list[tuple]:
    with sqlite3.connect(db) as con:
        return con.execute(sql, args).fetchall()


def test_stores_sqlite_url_names_a_relative_or_an_absolute_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with open_store("sqlite:///rel/s.db") as s:
        assert isinstance(s, SQLiteStore) and s.path == "rel/s.db"
    assert (tmp_path / "rel" / "s.db").exists()
    with open_store(f"sqlite:///{tmp_path}/abs.db") as s:  # sqlite:////tmp/... (four slashes)
        assert s.path == f"{tmp_path}/abs.db"
    with open_store("sqlite://") as s:
        s.create("x", {})
        assert s.path == ":memory:" and s.sessions() == ["x"]


@pytest.mark.parametrize("url", ["sqlite:/x.db", "sqlite:relative.db", "postgres://h/db", "sqlite:x"])
def test_stores_sqlite_bad_urls_are_coded_errors(url):
    with pytest.raises(StoreError, match=r"\[E100\]"):
        open_store(url)


def test_stores_sqlite_file_is_wal_with_a_schema_version_table(store, db):
    store.create("s", {})
    assert rows(db, "PRAGMA journal_mode") == [("wal",)]
    assert rows(db, "SELECT value FROM ctxgraph_meta WHERE key = 'schema_version'") == [(str(_sqlite.SCHEMA_VERSION),)]
    assert store.schema_version() == _sqlite.SCHEMA_VERSION == 2


def test_stores_sqlite_turns_are_appended_rows_and_survive_reopening(store, db):
    store.create("s", {"lang": "en"})
    for i in range(3):
        store.append("s", turn(i, f"m{i}", payload="{}" if i == 2 else None))
    store.close()
    with SQLiteStore(db) as again:
        assert again.length("s") == 3
        assert again.load_since("s", 1) == [turn(1, "m1"), turn(2, "m2", payload="{}")]
        assert again.load("s")["payloads"] == {"r2": "{}"}
    assert rows(db, "SELECT session_id, turn FROM ctxgraph_turns ORDER BY turn") == [("s", 0), ("s", 1), ("s", 2)]


@pytest.mark.parametrize("index", [0, 2, 7, None])
def test_stores_sqlite_append_refuses_a_gap_or_a_duplicate_and_writes_nothing(store, db, index):
    store.create("s", {})
    store.append("s", turn(0))
    store.append("s", turn(1))
    with pytest.raises(StoreError, match=r"\[E101\]") if index != 2 else contextlib.nullcontext():
        store.append("s", turn(index))
    expected = 3 if index == 2 else 2
    assert store.length("s") == expected
    assert rows(db, "SELECT count(*) FROM ctxgraph_turns") == [(expected,)]


def test_stores_sqlite_create_and_append_errors(store):
    store.create("s", {"lang": "en"})
    store.create("s", {"lang": "en"})
    with pytest.raises(StoreError, match=r"\[E102\]"):
        store.create("s", {"lang": "zh"})
    with pytest.raises(StoreError, match=r"\[E107\]"):
        store.append("nobody", turn(0))
    store.close()
    with pytest.raises(StoreError, match=r"\[E105\]"):
        store.sessions()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_stores_sqlite_save_load_keeps_the_to_json_contract(store, lang):
    text = (DATA / f"session_v1_{lang}.json").read_text(encoding="utf-8")
    original = Tracker.from_json(text)
    store.save("s", original.to_json())
    back = Tracker.from_json(store.load("s"))
    assert json.loads(back.to_json()) == json.loads(original.to_json())
    store.save("s", back.to_json())  # replacing, not adding
    assert store.length("s") == len(original.messages)


def test_stores_sqlite_delete_leaves_nothing_of_the_session_on_disk(db):
    secret = "ZX-SECRET-7731-payload"
    with SQLiteStore(db) as s:
        t = open_session(s, "gone", lang="en")
        t.observe({"role": "user", "content": f"My order number is {secret}."})
        t.observe({"role": "tool", "tool_call_id": "c1", "content": json.dumps({"note": secret})})
        open_session(s, "kept", lang="en").observe({"role": "user", "content": "My budget is $500."})
        assert s.delete("gone") is True
        assert s.delete("gone") is False
        assert s.sessions() == ["kept"] and s.load("gone") is None
    assert rows(db, "SELECT count(*) FROM ctxgraph_turns WHERE session_id = 'gone'") == [(0,)]
    on_disk = b"".join(p.read_bytes() for p in db.parent.iterdir() if p.is_file())
    assert secret.encode() not in on_disk
    assert b"budget is $500" in on_disk


def test_stores_sqlite_expire_deletes_sessions_by_last_write(store, db):
    for sid in ("old", "new"):
        store.create(sid, {})
        store.append(sid, turn(0))
    with sqlite3.connect(db) as con:  # as if "old" was last written two hours ago
        con.execute("UPDATE ctxgraph_sessions SET updated = updated - 7200 WHERE id = 'old'")
    assert store.expire(datetime.timedelta(hours=1)) == 1
    assert store.sessions() == ["new"]
    assert rows(db, "SELECT DISTINCT session_id FROM ctxgraph_turns") == [("new",)]
    info = store.info("new")
    assert info["turns"] == 1 and info["created"] <= info["updated"]


def test_stores_sqlite_migrates_an_older_file_and_refuses_a_newer_one(db, monkeypatch):
    with SQLiteStore(db) as s:
        s.create("s", {"lang": "en"})
        s.append("s", turn(0, "kept"))
    # a later ctxgraph adds a version 3: opening the version-2 file migrates it in place
    v3 = ("ALTER TABLE ctxgraph_sessions ADD COLUMN owner TEXT",)
    monkeypatch.setattr(_sqlite, "MIGRATIONS", (*_sqlite.MIGRATIONS, v3))
    monkeypatch.setattr(_sqlite, "SCHEMA_VERSION", 3)
    with SQLiteStore(db) as s:
        assert s.schema_version() == 3 and s.load_since("s", 0) == [turn(0, "kept")]
    assert "owner" in [r[1] for r in rows(db, "PRAGMA table_info(ctxgraph_sessions)")]
    monkeypatch.undo()  # this ctxgraph knows version 2 only: a version-3 file is refused
    with pytest.raises(StoreError, match=r"\[E109\].*version 3"):
        SQLiteStore(db)


def test_stores_sqlite_a_file_that_is_not_a_database_is_a_coded_error(tmp_path):
    bad = tmp_path / "notes.db"
    bad.write_bytes(b"this is not an SQLite database, just some text" * 100)
    with pytest.raises(StoreError, match=r"\[E103\]"):
        SQLiteStore(bad)


def test_stores_sqlite_bad_option_is_a_coded_error(db):
    with pytest.raises(StoreError, match=r"\[E106\]"):
        SQLiteStore(db, synchronous="OFF")


def test_stores_sqlite_open_session_rebuilds_from_events_after_restart(db):
    msgs = [{"role": "user", "content": "My budget is $500. Do not ship with FedEx."},
            {"role": "assistant", "content": "Noted. I will email you a quote by 5 pm today."},
            {"role": "tool", "tool_call_id": "c1", "content": json.dumps({"order": "A123", "status": "shipped"})}]
    with SQLiteStore(db) as s:
        t = open_session(s, "user-42", lang="en")
        t.observe_many(msgs)
    t2 = open_session(f"sqlite:///{db}", "user-42")
    assert t2.to_json() == t.to_json() and t2.payload("r2") == msgs[2]["content"]


def test_stores_sqlite_two_trackers_of_one_session_take_turns_and_catch_up(db):
    a = open_session(f"sqlite:///{db}", "s", lang="en")
    b = open_session(f"sqlite:///{db}", "s", lang="en")
    texts = ["My budget is $500.", "Do not ship with FedEx.", "Actually my budget is $650.", "Ship it to Berlin."]
    for i, text in enumerate(texts):
        (a if i % 2 == 0 else b).observe({"role": "user", "content": text})
    b.observe({"role": "assistant", "content": "Noted."})
    ref = Tracker(lang="en")
    ref.observe_many([{"role": "user", "content": x} for x in texts] + [{"role": "assistant", "content": "Noted."}])
    assert json.loads(b.to_json()) == json.loads(ref.to_json())
    assert json.loads(Tracker.from_json(open_store(f"sqlite:///{db}").load("s")).to_json()) == json.loads(ref.to_json())


class FailingStore(SQLiteStore):
    """A store whose disk refuses the next write (fault injection for the rollback test)."""

    fail = False

    def append(self, session_id, turn):
        if self.fail:
            raise StoreError("[E103] disk full (injected)")
        super().append(session_id, turn)


def test_stores_sqlite_a_failed_append_leaves_the_tracker_as_it_was(db):
    store = FailingStore(db)
    t = open_session(store, "s", lang="en")
    t.observe({"role": "user", "content": "My budget is $500."})
    before, state = t.to_json(), t.state()
    store.fail = True
    with pytest.raises(StoreError, match="disk full"):
        t.observe({"role": "user", "content": "Actually my budget is $900."})
    assert t.to_json() == before and t.state() == state and store.length("s") == 1
    store.fail = False
    t.observe({"role": "user", "content": "Actually my budget is $900."})
    assert store.length("s") == 2 and [f.value for f in t.state().facts if f.status == "current"] == ["$900"]
    store.close()


def test_stores_sqlite_lock_serialises_threads_of_two_store_objects(db):
    first, second = SQLiteStore(db), SQLiteStore(db)
    entered, release = threading.Event(), threading.Event()

    def holder():
        with first.lock("s"):
            entered.set()
            release.wait()

    thread = threading.Thread(target=holder)
    thread.start()
    entered.wait()
    try:
        with pytest.raises(StoreError, match=r"\[E104\]"):
            with second.lock("s", timeout=0.05):
                pass
        second.close()  # closing one store object keeps the other's lock held
        third = SQLiteStore(db)
        with pytest.raises(StoreError, match=r"\[E104\]"):
            with third.lock("s", timeout=0.05):
                pass
    finally:
        release.set()
        thread.join()
    with third.lock("s", timeout=1):
        pass
    first.close()
    third.close()


HOLDER = """
import sys
from ctxgraph.stores import SQLiteStore
store = SQLiteStore(sys.argv[1])
with store.lock("s"):
    print("held", flush=True)
    sys.stdin.read()  # until the test closes stdin, or kills us
"""


def test_stores_sqlite_lock_holds_across_processes_and_dies_with_its_holder(db, store):
    child = subprocess.Popen([sys.executable, "-c", HOLDER, str(db)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline() == "held\n"
        with pytest.raises(StoreError, match=r"\[E104\]"):
            with store.lock("s", timeout=0.1):
                pass
        with store.lock("another session", timeout=0.1):
            pass
    finally:
        child.kill()  # SIGKILL: no clean-up runs in the child
        child.wait()
        child.stdin.close()
        child.stdout.close()
    with store.lock("s", timeout=5):  # the kernel released the dead holder's lock
        pass


def test_stores_sqlite_threads_writing_one_session_are_serialised(db):
    texts = [[f"Thread {k} says: my budget is ${100 * k + i}." for i in range(8)] for k in range(4)]
    trackers = [open_session(f"sqlite:///{db}", "s", lang="en") for _ in texts]  # a store object each
    errors: list[BaseException] = []

    def write(tracker, mine):
        try:
            for text in mine:
                tracker.observe({"role": "user", "content": text})
        except BaseException as err:  # reported below: a thread's exception would be lost
            errors.append(err)

    threads = [threading.Thread(target=write, args=pair) for pair in zip(trackers, texts)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
    with open_store(f"sqlite:///{db}") as store:
        session = store.load("s")
    stored = [m["content"] for m in session["messages"]]
    for mine in texts:
        assert [x for x in stored if x in mine] == mine
    ref = Tracker(lang="en")
    ref.observe_many({"role": "user", "content": x} for x in stored)
    assert json.loads(Tracker.from_json(session, verify=False).to_json()) == json.loads(ref.to_json())
