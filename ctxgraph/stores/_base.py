"""The store interface: where a session's turns are kept, one appended row per turn.

A store holds sessions by id. A session is its config and its turns; a *turn* is what one
``Tracker.observe()`` recorded, as a plain dict:

``{"turn": 3, "message": {...}, "events": [...], "payload": None, "lang": "en"}``

``message`` is the clean message (as in ``Tracker.messages``), ``events`` the event dicts of
that turn (as in ``Tracker.events``), ``payload`` the kept-aside tool text (ref ``r3``) or
None, ``lang`` the language the turn was read in. :meth:`Store.load` folds the turns back into
the ``Tracker.to_json()`` shape, so ``Tracker.from_json(store.load(sid))`` rebuilds the tracker.

>>> turns = [{"turn": 0, "message": {"role": "tool", "content": "{}"}, "events": [{"turn": 0, "type": "turn", "lang": "en"}],
...           "payload": "{}", "lang": "en"}]
>>> session = session_from_turns({"lang": "en"}, turns)
>>> session["payloads"], session["langs"]
({'r0': '{}'}, {'en': 1})
>>> turns_from_session(session) == turns
True
"""

from __future__ import annotations

import abc
import datetime
from collections import Counter
from typing import Any, ContextManager, Iterable

from .._errors import Errors, StoreError

SESSION_SCHEMA = "ctxgraph.session/1"  # the same as ctxgraph._tracker.SESSION_SCHEMA
#: Seconds a writer waits for a session's lock before :class:`~ctxgraph.StoreError` E104.
DEFAULT_LOCK_TIMEOUT = 30.0

Turn = dict[str, Any]
Session = dict[str, Any]


class Store(abc.ABC):
    """Base class of the session stores (memory, SQLite, Redis).

    Subclasses implement the abstract methods; the turn-index check of :meth:`append`
    ("exactly the stored length") must happen inside the store's write transaction, so two
    writers can never interleave turns of one session.
    """

    #: the URL scheme the store is opened with (``sqlite``, ``memory``, ``redis``)
    scheme: str = ""

    # ------------------------------------------------------------------ writing
    @abc.abstractmethod
    def create(self, session_id: str, config: dict[str, Any]) -> None:
        """Record a new, empty session with its Tracker config (``config.as_mapping()``).

        Idempotent when the session exists with an equal config; E102 when it differs."""

    @abc.abstractmethod
    def append(self, session_id: str, turn: Turn) -> None:
        """Store one observed turn atomically; E101 unless ``turn["turn"] == length(session_id)``."""

    @abc.abstractmethod
    def save(self, session_id: str, session: Session) -> None:
        """Import a whole ``Tracker.to_json()`` dict (or JSON text) under ``session_id``, replacing it."""

    @abc.abstractmethod
    def delete(self, session_id: str) -> bool:
        """Remove the session, its messages, events and payloads; False when there was none."""

    @abc.abstractmethod
    def expire(self, older_than: float | datetime.timedelta) -> int:
        """Delete the sessions last written more than ``older_than`` (seconds) ago; returns how many."""

    # ------------------------------------------------------------------ reading
    @abc.abstractmethod
    def length(self, session_id: str) -> int:
        """How many turns of the session are stored (0 when there is no such session)."""

    @abc.abstractmethod
    def config(self, session_id: str) -> dict[str, Any] | None:
        """The session's Tracker config as stored, or None when there is no such session."""

    @abc.abstractmethod
    def load_since(self, session_id: str, start: int) -> list[Turn]:
        """The turns from index ``start`` on, in order (for catching up with other writers)."""

    @abc.abstractmethod
    def sessions(self) -> list[str]:
        """The ids of the stored sessions, sorted."""

    def load(self, session_id: str) -> Session | None:
        """The session in the shape of ``Tracker.to_json()`` (parsed), or None when absent."""
        config = self.config(session_id)
        if config is None:
            return None
        return session_from_turns(config, self.load_since(session_id, 0))

    # ------------------------------------------------------------------ turn vectors (semantic recall)
    def save_vectors(self, session_id: str, model: str, vectors: dict[int, bytes]) -> None:
        """Keep the turns' vectors of the encoder ``model`` (message index -> float32 bytes, little
        endian) with the session, beside its turns and never in its JSON; a session that does not
        exist keeps none. The stores shipped implement it; a store of yours that does not keeps
        no vectors (a reopened session is then encoded again)."""

    def load_vectors(self, session_id: str, model: str) -> dict[int, bytes]:
        """The vectors :meth:`save_vectors` kept for ``model`` (empty when none)."""
        return {}

    def __contains__(self, session_id: object) -> bool:
        return isinstance(session_id, str) and self.config(session_id) is not None

    # ------------------------------------------------------------------ locking and life
    @abc.abstractmethod
    def lock(self, session_id: str, timeout: float | None = None) -> ContextManager[None]:
        """A context manager that serialises the writers of one session (threads and, for the
        SQLite and Redis stores, processes). Not re-entrant. E104 after ``timeout`` seconds."""

    def close(self) -> None:
        """Release connections and files; the store cannot be used afterwards."""

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} sessions={len(self.sessions())}>"


# ---------------------------------------------------------------------- helpers for stores
def check_session_id(session_id: object) -> str:
    """The id itself, or E108 for anything but a non-empty string.

    >>> check_session_id("user-42")
    'user-42'
    """
    if not isinstance(session_id, str) or not session_id:
        raise StoreError(Errors.E108.format(session_id=session_id))
    return session_id


def seconds(older_than: float | datetime.timedelta) -> float:
    """``older_than`` in seconds (a number or a timedelta).

    >>> seconds(datetime.timedelta(minutes=2)), seconds(5)
    (120.0, 5.0)
    """
    if isinstance(older_than, datetime.timedelta):
        return older_than.total_seconds()
    if isinstance(older_than, bool) or not isinstance(older_than, (int, float)) or older_than < 0:
        raise StoreError(Errors.E106.format(name="older_than", value=older_than,
                                            reason="a number of seconds >= 0 or a datetime.timedelta"))
    return float(older_than)


def check_turn(session_id: str, turn: Turn, length: int) -> None:
    """E101 unless ``turn`` is the next one of a session that holds ``length`` turns."""
    if turn.get("turn") != length:
        raise StoreError(Errors.E101.format(session_id=session_id, turn=turn.get("turn"), length=length))


def config_differs(session_id: str, stored: dict[str, Any], config: dict[str, Any]) -> None:
    """E102 when a session exists with another config than the one asked for."""
    if stored != config:
        keys = sorted(k for k in set(stored) | set(config) if stored.get(k) != config.get(k))
        raise StoreError(Errors.E102.format(session_id=session_id, differs=", ".join(keys)))


def session_from_turns(config: dict[str, Any], turns: Iterable[Turn]) -> Session:
    """Fold stored turns into the ``Tracker.to_json()`` dict."""
    messages: list[dict] = []
    events: list[dict] = []
    payloads: dict[str, str] = {}
    langs: Counter[str] = Counter()
    for t in turns:
        messages.append(t["message"])
        events.extend(t["events"])
        if t.get("payload") is not None:
            payloads[f"r{t['turn']}"] = t["payload"]
        langs[t["lang"]] += 1
    return {"schema": SESSION_SCHEMA, "config": config, "messages": messages, "events": events,
            "payloads": payloads, "langs": dict(langs)}


def turns_from_session(session: Session | str) -> list[Turn]:
    """Split a ``Tracker.to_json()`` dict (or its JSON text) into turns (E110 when malformed)."""
    session = parse_session(session)
    by_turn: dict[int, list[dict]] = {}
    for e in session["events"]:
        by_turn.setdefault(e.get("turn") if isinstance(e, dict) else None, []).append(e)
    if None in by_turn or set(by_turn) - set(range(len(session["messages"]))):
        raise StoreError(Errors.E110.format(reason="an event names no turn of the messages"))
    turns = []
    for i, message in enumerate(session["messages"]):
        events = by_turn.get(i, [])
        lang = events[0].get("lang") if events and events[0].get("type") == "turn" else None
        turns.append({"turn": i, "message": message, "events": events,
                      "payload": session["payloads"].get(f"r{i}"), "lang": lang or "en"})
    return turns


def parse_session(session: Session | str) -> Session:
    """A ``to_json()`` dict checked for its schema and parts (E110 otherwise)."""
    import json

    if isinstance(session, (str, bytes)):
        try:
            session = json.loads(session)
        except ValueError as err:
            raise StoreError(Errors.E110.format(reason=f"invalid JSON ({err})")) from None
    if not isinstance(session, dict) or session.get("schema") != SESSION_SCHEMA:
        raise StoreError(Errors.E110.format(reason=f"schema is not {SESSION_SCHEMA!r}"))
    kinds = {"config": dict, "messages": list, "events": list, "payloads": dict}
    wrong = [k for k, kind in kinds.items() if not isinstance(session.get(k), kind)]
    if wrong:
        raise StoreError(Errors.E110.format(reason=f"missing or malformed {', '.join(wrong)}"))
    return session

