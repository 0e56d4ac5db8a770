"""The SQLite store: sessions in one file, one appended row per turn, WAL, safe across processes.

Every turn is one ``BEGIN IMMEDIATE`` transaction that checks the session's stored length
and inserts the turn's row (message, events and kept-aside payload together), so a turn is
stored whole or not at all and its cost does not grow with the conversation. Writers of one
session are serialised by :meth:`SQLiteStore.lock` (a lock per session, held across
threads and processes by an ``fcntl`` byte-range lock on ``FILE.lock``).

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "sessions.db")
>>> with SQLiteStore(path) as store:
...     store.create("user-42", {"lang": "en"})
...     store.append("user-42", {"turn": 0, "message": {"role": "user", "content": "hi"},
...                               "events": [], "payload": None, "lang": "en"})
...     store.length("user-42"), store.schema_version()
(1, 2)
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from .._errors import Errors, StoreError
from ._base import (
    DEFAULT_LOCK_TIMEOUT, Store, Turn, check_session_id, check_turn, config_differs, parse_session,
    seconds, session_from_turns, turns_from_session,
)
from ._locks import SessionLocks

#: The schema this ctxgraph writes. Each migration takes the file from version i-1 to i, in
#: one transaction; a file of a newer version is refused (E109), an older one is migrated.
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (  # version 1
        "CREATE TABLE ctxgraph_sessions (id TEXT PRIMARY KEY, config TEXT NOT NULL,"
        " length INTEGER NOT NULL DEFAULT 0, created REAL NOT NULL, updated REAL NOT NULL)",
        "CREATE INDEX ctxgraph_sessions_updated ON ctxgraph_sessions (updated)",
        "CREATE TABLE ctxgraph_turns (session_id TEXT NOT NULL, turn INTEGER NOT NULL,"
        " message TEXT NOT NULL, events TEXT NOT NULL, payload TEXT, lang TEXT NOT NULL,"
        " PRIMARY KEY (session_id, turn)) WITHOUT ROWID",
    ),
    (  # version 2: the turns' vectors of semantic recall, per encoder (float32 little endian)
        "CREATE TABLE ctxgraph_vectors (session_id TEXT NOT NULL, model TEXT NOT NULL, turn INTEGER NOT NULL,"
        " vector BLOB NOT NULL, PRIMARY KEY (session_id, model, turn)) WITHOUT ROWID",
    ),
)
SCHEMA_VERSION = len(MIGRATIONS)
_COLUMNS = "turn, message, events, payload, lang"


def sqlite_path(url: str) -> str:
    """The file of a ``sqlite://`` URL: three slashes before a relative path, four before an
    absolute one (as SQLAlchemy); ``sqlite://`` or ``sqlite:///:memory:`` is an in-memory database.

    >>> sqlite_path("sqlite:///data/sessions.db"), sqlite_path("sqlite:////var/lib/s.db")
    ('data/sessions.db', '/var/lib/s.db')
    >>> sqlite_path("sqlite://")
    ':memory:'
    """
    rest = url.partition("://")[2]
    if rest and not rest.startswith("/"):
        raise StoreError(Errors.E100.format(url=url))
    return rest[1:].partition("?")[0] or ":memory:"


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _turn(row: tuple) -> Turn:
    return {"turn": row[0], "message": json.loads(row[1]), "events": json.loads(row[2]),
            "payload": row[3], "lang": row[4]}


class SQLiteStore(Store):
    """Sessions in the SQLite file ``path`` (created with its folder's parents when missing).

    Options: ``timeout`` — seconds a write waits for SQLite's write lock (busy timeout);
    ``lock_timeout`` — seconds :meth:`lock` waits for a session's writer lock;
    ``synchronous`` — ``"FULL"`` (default: a turn survives power loss once observe returns)
    or ``"NORMAL"`` (faster; survives a crash of the process, not of the machine).
    ``create`` — False: the file must exist (E260), as reading commands such as
    ``ctxgraph sessions list`` need, so a mistyped path creates nothing.
    Deleted rows are overwritten on disk (``secure_delete``). The lock file ``FILE.lock`` is
    made by the first :meth:`lock`, not when the store is opened.
    """

    scheme = "sqlite"

    def __init__(
        self,
        path: str | Path,
        *,
        timeout: float = 30.0,
        lock_timeout: float = DEFAULT_LOCK_TIMEOUT,
        synchronous: str = "FULL",
        create: bool = True,
    ):
        if synchronous not in ("FULL", "NORMAL", "EXTRA"):
            raise StoreError(Errors.E106.format(name="synchronous", value=synchronous,
                                                reason="'FULL', 'NORMAL' or 'EXTRA'"))
        self.path = str(path)
        self.lock_timeout = lock_timeout
        memory = self.path == ":memory:"
        if not memory and not create and not Path(self.path).is_file():
            raise StoreError(Errors.E260.format(where=self.path))
        if not memory:
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._timeout = timeout
        self._db = self._connect(timeout, synchronous)
        self._guard = threading.RLock()  # one statement sequence at a time on the writing connection
        self._readers: list[sqlite3.Connection] = []  # every reading connection opened (see _reader)
        self._idle_readers: list[sqlite3.Connection] = []
        self._pool = threading.Lock()  # guards the two lists (not _guard: a write holds that through its fsync)
        self._locks = SessionLocks(None if memory else self.path + ".lock")
        self._closed = False

    def _open(self, timeout: float) -> sqlite3.Connection:
        try:
            return sqlite3.connect(self.path, timeout=timeout, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as err:
            raise StoreError(Errors.E103.format(where=self.path, reason=err)) from None

    def _connect(self, timeout: float, synchronous: str) -> sqlite3.Connection:
        db = self._open(timeout)
        try:
            db.execute("PRAGMA journal_mode=WAL" if self.path != ":memory:" else "PRAGMA journal_mode=MEMORY")
            db.execute(f"PRAGMA synchronous={synchronous}")
            db.execute("PRAGMA secure_delete=ON")
            self._migrate(db)
        except BaseException as err:
            db.close()
            if isinstance(err, sqlite3.DatabaseError):
                raise StoreError(Errors.E103.format(where=self.path, reason=err)) from None
            raise
        return db

    # ------------------------------------------------------------------ schema
    def _migrate(self, db: sqlite3.Connection) -> None:
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute("CREATE TABLE IF NOT EXISTS ctxgraph_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            row = db.execute("SELECT value FROM ctxgraph_meta WHERE key = 'schema_version'").fetchone()
            found = int(row[0]) if row else 0
            if found > SCHEMA_VERSION:
                raise StoreError(Errors.E109.format(where=self.path, found=found, known=SCHEMA_VERSION))
            for statements in MIGRATIONS[found:]:
                for sql in statements:
                    db.execute(sql)
            db.execute("INSERT OR REPLACE INTO ctxgraph_meta VALUES ('schema_version', ?)", (str(SCHEMA_VERSION),))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    def schema_version(self) -> int:
        """The schema version of the file (:data:`SCHEMA_VERSION` once opened)."""
        with self._use() as db:
            return int(db.execute("SELECT value FROM ctxgraph_meta WHERE key = 'schema_version'").fetchone()[0])

    # ------------------------------------------------------------------ connection use
    @contextmanager
    def _use(self) -> Iterator[sqlite3.Connection]:
        with self._guard, self._checked(self._db) as db:
            yield db

    @contextmanager
    def _checked(self, db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
        """``db`` while the store is open; SQLite's errors as E103."""
        if self._closed:
            raise StoreError(Errors.E105)
        try:
            yield db
        except sqlite3.DatabaseError as err:
            raise StoreError(Errors.E103.format(where=self.path, reason=err)) from None

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: committed when the block ends, rolled back on any error."""
        with self._use() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise

    @contextmanager
    def _reader(self) -> Iterator[sqlite3.Connection]:
        """A reading connection of its own for the block: with WAL, reads never wait for a
        write of another thread (its commit, fsync included) as they would on the writing
        connection. Connections are reused (at most as many as reads at once); an in-memory
        database has one connection for everything."""
        if self.path == ":memory:":
            with self._use() as db:
                yield db
            return
        with self._pool:
            if self._closed:
                raise StoreError(Errors.E105)
            db = self._idle_readers.pop() if self._idle_readers else None
            if db is None:
                db = self._open(self._timeout)
                self._readers.append(db)
        try:
            with self._checked(db):
                yield db
        finally:
            with self._pool:
                self._idle_readers.append(db)

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        """One read transaction: a consistent snapshot while other processes write."""
        with self._reader() as db:
            db.execute("BEGIN")
            try:
                yield db
            finally:
                db.execute("COMMIT")

    # ------------------------------------------------------------------ writing
    def create(self, session_id: str, config: dict[str, Any]) -> None:
        check_session_id(session_id)
        with self._write() as db:
            row = db.execute("SELECT config FROM ctxgraph_sessions WHERE id = ?", (session_id,)).fetchone()
            if row is not None:
                config_differs(session_id, json.loads(row[0]), config)
                return
            now = time.time()
            db.execute("INSERT INTO ctxgraph_sessions VALUES (?, ?, 0, ?, ?)", (session_id, _dumps(config), now, now))

    def append(self, session_id: str, turn: Turn) -> None:
        check_session_id(session_id)
        row = (session_id, turn.get("turn"), _dumps(turn["message"]), _dumps(turn["events"]),
               turn.get("payload"), turn["lang"])
        with self._write() as db:
            found = db.execute("SELECT length FROM ctxgraph_sessions WHERE id = ?", (session_id,)).fetchone()
            if found is None:
                raise StoreError(Errors.E107.format(session_id=session_id, where=self.path))
            check_turn(session_id, turn, found[0])
            db.execute(f"INSERT INTO ctxgraph_turns (session_id, {_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)", row)
            db.execute("UPDATE ctxgraph_sessions SET length = length + 1, updated = ? WHERE id = ?",
                       (time.time(), session_id))

    def save(self, session_id: str, session: dict[str, Any] | str) -> None:
        check_session_id(session_id)
        session = parse_session(session)
        rows = [(session_id, t["turn"], _dumps(t["message"]), _dumps(t["events"]), t["payload"], t["lang"])
                for t in turns_from_session(session)]
        now = time.time()
        with self._write() as db:
            self._remove(db, "id = ?", (session_id,))
            db.execute("INSERT INTO ctxgraph_sessions VALUES (?, ?, ?, ?, ?)",
                       (session_id, _dumps(session["config"]), len(rows), now, now))
            db.executemany(f"INSERT INTO ctxgraph_turns (session_id, {_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)", rows)

    @staticmethod
    def _remove(db: sqlite3.Connection, where: str, args: tuple) -> int:
        """Delete the sessions matching ``where`` with all their turns; returns how many."""
        for table in ("ctxgraph_turns", "ctxgraph_vectors"):
            db.execute(f"DELETE FROM {table} WHERE session_id IN (SELECT id FROM ctxgraph_sessions WHERE {where})", args)
        return db.execute(f"DELETE FROM ctxgraph_sessions WHERE {where}", args).rowcount

    def delete(self, session_id: str) -> bool:
        check_session_id(session_id)
        with self._write() as db:
            return self._remove(db, "id = ?", (session_id,)) > 0

    def expire(self, older_than: Any) -> int:
        limit = time.time() - seconds(older_than)
        with self._write() as db:
            return self._remove(db, "updated < ?", (limit,))

    def save_vectors(self, session_id: str, model: str, vectors: dict[int, bytes]) -> None:
        check_session_id(session_id)
        rows = [(session_id, model, int(turn), sqlite3.Binary(v)) for turn, v in vectors.items()]
        with self._write() as db:
            if db.execute("SELECT 1 FROM ctxgraph_sessions WHERE id = ?", (session_id,)).fetchone():
                db.executemany("INSERT OR REPLACE INTO ctxgraph_vectors VALUES (?, ?, ?, ?)", rows)

    def load_vectors(self, session_id: str, model: str) -> dict[int, bytes]:
        with self._reader() as db:
            rows = db.execute("SELECT turn, vector FROM ctxgraph_vectors WHERE session_id = ? AND model = ?",
                              (check_session_id(session_id), model)).fetchall()
        return {turn: bytes(v) for turn, v in rows}

    # ------------------------------------------------------------------ reading
    def length(self, session_id: str) -> int:
        with self._reader() as db:
            row = db.execute("SELECT length FROM ctxgraph_sessions WHERE id = ?", (check_session_id(session_id),))
            found = row.fetchone()
        return found[0] if found else 0

    def config(self, session_id: str) -> dict[str, Any] | None:
        with self._reader() as db:
            row = db.execute("SELECT config FROM ctxgraph_sessions WHERE id = ?", (check_session_id(session_id),))
            found = row.fetchone()
        return json.loads(found[0]) if found else None

    def load_since(self, session_id: str, start: int) -> list[Turn]:
        with self._reader() as db:
            rows = db.execute(f"SELECT {_COLUMNS} FROM ctxgraph_turns WHERE session_id = ? AND turn >= ? ORDER BY turn",
                              (check_session_id(session_id), start)).fetchall()
        return [_turn(r) for r in rows]

    def load(self, session_id: str) -> dict[str, Any] | None:
        check_session_id(session_id)
        with self._read() as db:
            found = db.execute("SELECT config FROM ctxgraph_sessions WHERE id = ?", (session_id,)).fetchone()
            if found is None:
                return None
            rows = db.execute(f"SELECT {_COLUMNS} FROM ctxgraph_turns WHERE session_id = ? ORDER BY turn",
                              (session_id,)).fetchall()
        return session_from_turns(json.loads(found[0]), (_turn(r) for r in rows))

    def sessions(self) -> list[str]:
        with self._reader() as db:
            return [r[0] for r in db.execute("SELECT id FROM ctxgraph_sessions ORDER BY id")]

    def info(self, session_id: str) -> dict[str, Any] | None:
        """Turns stored and the creation and last write times (Unix seconds), or None."""
        with self._reader() as db:
            row = db.execute("SELECT length, created, updated FROM ctxgraph_sessions WHERE id = ?",
                             (check_session_id(session_id),)).fetchone()
        return dict(zip(("turns", "created", "updated"), row)) if row else None

    # ------------------------------------------------------------------ locking and life
    def lock(self, session_id: str, timeout: float | None = None):
        return self._locks.hold(check_session_id(session_id), self.lock_timeout if timeout is None else timeout)

    def close(self) -> None:
        with self._guard:
            if not self._closed:
                self._closed = True
                self._db.close()
                with self._pool:
                    for reader in self._readers:
                        reader.close()
                self._locks.close()

    def __del__(self) -> None:
        # a store opened by URL (open_session("sqlite:///...")) lives as long as its trackers:
        # close it when they are gone (Python 3.13 warns about connections left open)
        if getattr(self, "_closed", True) is False:
            self.close()

    def __repr__(self) -> str:
        return f"<SQLiteStore {self.path}>"
