"""The sessions of a wrapped client: a bounded table of trackers and where a caller's history stands.

:class:`SessionTable` keeps at most ``max_sessions`` sessions, least recently used first out;
a session in use (a call holds or waits for its lock) is never evicted. An evicted session
that comes back is opened again: from the store when there is one, else rebuilt from the
caller's history (the wrapper is always sent the whole history).

:func:`align` says which messages of a caller's history are new to a session:

>>> seen = [("user", "a"), ("assistant", "ok")]
>>> align([("user", "a"), ("assistant", "ok"), ("user", "b")], seen, known=2)   # continues
([2], 'continued')
>>> align([("user", "a"), ("user", "b")], seen, known=0)     # sent while "a" was in flight
([1], 'interleaved')
>>> align([("user", "x"), ("user", "b")], seen, known=2)     # edited: rebuild from scratch
([0, 1], 'rebuilt')
"""

from __future__ import annotations

import collections
import json
import threading
from collections.abc import MutableMapping
from contextlib import ExitStack
from typing import Any, Callable, Iterator, Mapping

from ._errors import Errors, MessageError, StoreError
from ._messages import ROLES, content_text, normalize_message
from ._tokens import count_message_tokens
from ._tracker import Tracker
from ._turnlock import TurnLock
from .stores import Store, open_store
from .stores._session import open_session

__all__ = ["Session", "SessionSource", "SessionTable", "align", "fingerprint"]

#: How many sessions a wrapped client keeps in memory by default (least recently used go first).
MAX_SESSIONS = 10_000


def fingerprint(message: Any) -> tuple:
    """(role, text, tool_call_id, tool call ids): equal for a caller's message and the
    tracker's cleaned copy of it, so what was seen is known from ``tracker.messages``.

    >>> fingerprint({"role": "user", "content": [{"type": "text", "text": "hi"}]})
    ('user', 'hi', '', ())
    """
    if not isinstance(message, Mapping):
        return ("?", repr(message), "", ())
    role = ROLES.get(str(message.get("role")), str(message.get("role")))
    try:
        text = content_text(message.get("content"))[0]
    except MessageError:
        text = repr(message.get("content"))
    call_id = str(message.get("tool_call_id") or "") if role == "tool" else ""
    calls = message.get("tool_calls") if role == "assistant" else None
    ids = tuple(str(c.get("id")) for c in calls if isinstance(c, Mapping)) if isinstance(calls, list) else ()
    return (role, text, call_id, ids)


def align(history: list[tuple], seen: list[tuple], known: int) -> tuple[list[int], str]:
    """Which messages of a caller's ``history`` are new to a session, and how it relates to ``seen``.

    ``known`` is how much of ``seen`` the caller could know when its call arrived (what the
    session held when no call of it was in flight). Returns the indexes of the new messages
    and one of ``continued`` (the history extends ``seen``), ``interleaved`` (it holds every
    message the caller could know, maybe in another order, and other calls recorded
    messages since: the new ones go after those; the last message is always new) or
    ``rebuilt`` (a message the caller knew is missing or changed, or one was inserted
    among them: an edited history or another conversation; all of it is new).
    """
    common = 0
    for a, b in zip(history, seen):
        if a != b:
            break
        common += 1
    if common == len(seen):
        return list(range(common, len(history))), "continued"
    left, required = collections.Counter(seen), collections.Counter(seen[:known])
    new: list[int] = []
    last_known = -1
    for i, fp in enumerate(history):
        if left[fp] <= 0:
            new.append(i)
            continue
        left[fp] -= 1
        if required[fp] > 0:
            required[fp] -= 1
            last_known = i
    if +required or (new and new[0] < last_known):
        return list(range(len(history))), "rebuilt"
    if history and (not new or new[-1] != len(history) - 1):
        new.append(len(history) - 1)
    return new, "interleaved"


class Session:
    """One session: its tracker, its turn lock, and fingerprints of what the tracker observed.

    ``tracker`` is None until the first call that holds the lock opens it (so a session is
    opened once, whoever else waits). ``known`` is the number of messages a caller may know
    of (set when a call ends; None before the session is opened), ``holder`` the call that
    holds the lock, ``pins`` the calls using the session now.
    """

    def __init__(self, tracker: Tracker | None = None):
        self.lock = TurnLock()
        self.guard = threading.RLock()  # changes of holder (a stream's call handing over)
        self.holder: Any = None
        self.pins = 0
        self.replacement: Tracker | None = None
        self.tracker: Tracker = None  # type: ignore[assignment]
        self.known: int | None = None
        self.opened_with = 0  # messages the tracker held when it was opened or adopted
        self.seen: list[tuple] = []
        self.token_cache: dict[str, int] = {}
        if tracker is not None:
            self.adopt(tracker)

    def adopt(self, tracker: Tracker) -> None:
        self.tracker, self.seen, self.token_cache = tracker, [], {}
        self.known = self.opened_with = len(tracker.messages)

    def fingerprints(self) -> list[tuple]:
        """Fingerprints of the tracker's messages. A tracker's messages are only ever appended
        to (observed directly, caught up from a store); a tracker put in its place is adopted."""
        messages = self.tracker.messages
        if len(self.seen) < len(messages):
            self.seen += [fingerprint(m) for m in messages[len(self.seen):]]
        return self.seen

    def hold_binding(self, held: bool) -> None:
        """Tell the tracker's store binding that the call holds the session's lock (or no longer)."""
        binding = getattr(self.tracker, "_binding", None)
        if binding is not None:
            binding.held = held

    def observe(self, message: dict) -> None:
        self.tracker.observe(message)  # may first catch up turns another process stored
        self.fingerprints()

    def count(self, history: list) -> int:
        """Exact tokens of the history as given (memoised per message between calls)."""
        t, cache, total = self.tracker, {}, 0
        for m in history:
            clean = normalize_message(m)[0]
            key = json.dumps(clean, sort_keys=True, ensure_ascii=False, default=str)
            n = self.token_cache.get(key)
            if n is None:
                n = count_message_tokens([clean], t.encoding, per_message=t.tokens_per_message)
            cache[key] = n
            total += n
        self.token_cache = cache
        return total


class SessionSource:
    """Where a wrapped client's sessions come from: ``make_tracker(session_id)`` (default
    ``Tracker(**tracker_options)``) in memory, or a store, through :func:`ctxgraph.open_session`.

    >>> source = SessionSource(store="memory://", tracker_options={"lang": "en"})
    >>> t = source.open("user-42")
    >>> _ = t.observe({"role": "user", "content": "My budget is $500."})
    >>> len(source.open("user-42").messages)             # the same session, from the store
    1
    >>> len(source.fresh("user-42").messages), source.store.length("user-42")   # started again
    (0, 0)

    ``keep_diverged=True`` (``ctxgraph serve``, whose callers are not authenticated) never
    deletes stored turns for a history that does not continue them: :meth:`fresh` raises
    StoreError E241 instead, and the session stays as stored.

    >>> _ = source.open("user-42").observe({"role": "user", "content": "My budget is $500."})
    >>> source.keep_diverged = True
    >>> source.fresh("user-42")
    Traceback (most recent call last):
    ...
    ctxgraph._errors.StoreError: [E241] Session 'user-42': this history does not continue the 1 ...
    """

    def __init__(self, make_tracker: Callable[[str], Tracker] | None = None, store: str | Store | None = None,
                 tracker_options: Mapping[str, Any] | None = None):
        self.store = None if store is None else open_store(store)
        self.options = dict(tracker_options or {})
        self.make_tracker = make_tracker or (lambda session_id: Tracker(**self.options))
        self.keep_diverged = False

    def open(self, sid: str) -> Tracker:
        """The session's tracker: new, or loaded from the store (rebuilt from its events)."""
        if self.store is None:
            return self.make_tracker(sid)
        return open_session(self.store, sid, **self.options)

    def fresh(self, sid: str) -> Tracker:
        """An empty session under ``sid`` (in a store, what was stored under it is deleted;
        with ``keep_diverged``, StoreError E241 when the store holds turns of it)."""
        if self.store is not None:
            if self.keep_diverged:
                stored = self.store.length(sid)
                if stored:
                    raise StoreError(Errors.E241.format(session_id=sid, stored=stored))
            self.store.delete(sid)
        return self.open(sid)

    def lease(self, sid: str, timeout: float | None) -> ExitStack | None:
        """Hold the store's lock of ``sid`` until the returned stack is closed (None without a
        store): a call holds it from reading the caller's history to recording the reply, so
        the session's next call waits for that record in every process that serves it.
        ``timeout`` None waits as long as it takes."""
        if self.store is None:
            return None
        stack = ExitStack()
        stack.enter_context(self.store.lock(sid, threading.TIMEOUT_MAX if timeout is None else timeout))
        return stack

    def sync(self, sid: str, tracker: Tracker) -> Tracker:
        """``tracker`` with the turns other processes stored since (reopened when the session
        was deleted or expired meanwhile)."""
        binding = getattr(tracker, "_binding", None)
        if self.store is None or binding is None or binding.store is not self.store:
            return tracker
        try:
            binding.sync(tracker)
        except StoreError as err:
            if not str(err).startswith("[E111]"):
                raise
            return self.open(sid)
        return tracker

    def restore(self, sid: str, tracker: Tracker) -> Tracker:
        """A tracker the caller assigned to a session: saved into the store (replacing what
        was there) and bound to it; without a store, the tracker itself."""
        binding = getattr(tracker, "_binding", None)
        if self.store is None or (binding is not None and binding.store is self.store
                                  and binding.session_id == sid):
            return tracker
        self.store.save(sid, json.loads(tracker.to_json()))
        return open_session(self.store, sid, llm=getattr(tracker.extractor, "client", None))


class SessionTable(MutableMapping):
    """``{session_id: Tracker}`` of a wrapped client, at most ``max_sessions`` long (LRU).

    ``open(session_id)`` makes the tracker of a session that is not in the table. Assigning
    a tracker restores a session (it is used from the session's next call on); deleting
    one forgets it (not what a store holds). ``evicted`` counts the sessions pushed out.

    >>> table = SessionTable(lambda sid: Tracker(lang="en"), max_sessions=2)
    >>> for sid in ("a", "b", "c"):
    ...     session = table.pin(sid)         # a call of the session arrives ...
    ...     table.ensure_open(sid, session)  # ... holds its lock, opens it ...
    ...     table.unpin(session)             # ... and ends
    >>> list(table), table.evicted
    (['b', 'c'], 1)
    """

    def __init__(self, open: Callable[[str], Tracker], max_sessions: int = MAX_SESSIONS):
        if isinstance(max_sessions, bool) or not isinstance(max_sessions, int) or max_sessions < 1:
            raise ValueError(f"max_sessions must be an int >= 1, got {max_sessions!r}")
        self.open = open
        self.max_sessions = max_sessions
        self.evicted = 0
        self._table: collections.OrderedDict[str, Session] = collections.OrderedDict()
        self._lock = threading.Lock()

    def pin(self, sid: str) -> Session:
        """The session, marked used and in use until :meth:`unpin` (its tracker is opened by
        the first call that holds its lock: :meth:`ensure_open`)."""
        with self._lock:
            session = self._table.get(sid)
            if session is None:
                session = self._table[sid] = Session()
            else:
                self._table.move_to_end(sid)
            session.pins += 1
            self._evict()
        return session

    def ensure_open(self, sid: str, session: Session) -> None:
        """Open the session's tracker if it is not yet (call it holding the session's lock)."""
        if session.tracker is None:
            session.adopt(self.open(sid))

    def unpin(self, session: Session) -> None:
        with self._lock:
            session.pins -= 1
            self._evict()

    def _evict(self) -> None:
        excess = len(self._table) - self.max_sessions
        if excess <= 0:
            return
        idle = []
        for sid, session in self._table.items():  # least recently used first
            if session.pins == 0 and not session.lock.busy:
                idle.append(sid)
                if len(idle) == excess:
                    break
        for sid in idle:
            del self._table[sid]
        self.evicted += len(idle)

    # ------------------------------------------------------------------ the mapping
    def __getitem__(self, sid: str) -> Tracker:
        session = self._table[sid]
        tracker = session.replacement or session.tracker
        if tracker is None:  # its first call is opening it
            raise KeyError(sid)
        return tracker

    def __setitem__(self, sid: str, tracker: Tracker) -> None:
        if not isinstance(tracker, Tracker):
            raise TypeError(f"a session is a ctxgraph.Tracker, got {type(tracker).__name__}")
        with self._lock:
            session = self._table.get(sid)
            if session is None:
                session = self._table[sid] = Session()
            session.replacement = tracker  # taken up (with a store: saved into it) by the next call
            self._table.move_to_end(sid)
            self._evict()

    def __delitem__(self, sid: str) -> None:
        with self._lock:
            del self._table[sid]

    def __iter__(self) -> Iterator[str]:
        with self._lock:
            items = list(self._table.items())
        return iter([sid for sid, s in items if s.tracker is not None or s.replacement is not None])

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __repr__(self) -> str:
        return f"<ctxgraph sessions {len(self)} of at most {self.max_sessions}>"
