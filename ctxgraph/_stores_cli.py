"""The command line of the stores: ``ctxgraph replay FILE --store URL --session ID`` and
``ctxgraph sessions list|show|delete --store URL [ID]``.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="ctxgraph")
>>> add_sessions_parser(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["sessions", "show", "--store", "sqlite:///s.db", "user-42"])
>>> args.action, args.store, args.session_id, args.format
('show', 'sqlite:///s.db', 'user-42', 'state')
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ._errors import Errors, StoreError
from ._messages import normalize_message
from ._tracker import Tracker
from .stores import Store, open_store
from .stores._session import open_session

SESSIONS_HELP = "list, show or delete the sessions kept in a store"
SESSIONS_DESCRIPTION = """\
The sessions a store keeps (see docs/stores.md). list: one line per session, its id and its
number of turns. show ID: its state JSON (--format session: the whole session, as
Tracker.to_json() writes it, to load with Tracker.from_json). delete ID: remove it, messages,
events and payloads.
"""
SESSIONS_EXAMPLE = """\
examples:
  ctxgraph replay chat.jsonl --store sqlite:///sessions.db --session user-42
  ctxgraph sessions list --store sqlite:///sessions.db
  ctxgraph sessions show --store sqlite:///sessions.db user-42 --format session > user-42.json
  ctxgraph sessions delete --store redis://127.0.0.1:6379/0 user-42
"""


def add_store_options(p: argparse.ArgumentParser) -> None:
    """``--store URL`` and ``--session ID`` of ``ctxgraph replay``."""
    p.add_argument("--store", metavar="URL",
                   help="keep the session in a store: sqlite:///sessions.db or redis://HOST:6379/0; a session "
                        "already there goes on after the messages it holds")
    p.add_argument("--session", metavar="ID", help="the session's id in --store (default: the file's name)")


def replay_tracker(args: argparse.Namespace, messages: list[dict], options: dict[str, Any]) -> tuple[Tracker, int]:
    """The stored session to replay into (bound to ``--store``) and the index of the first
    message of the file it has not seen (its stored messages must be the file's first, E112)."""
    session_id = args.session or Path(args.file).stem
    tracker = open_session(args.store, session_id, **options)
    have = tracker.messages
    if len(have) > len(messages) or any(normalize_message(m)[0] != h for m, h in zip(messages, have)):
        raise StoreError(Errors.E112.format(session_id=session_id, file=args.file, turns=len(have)))
    return tracker, len(have)


def add_sessions_parser(sub: Any) -> None:
    p = sub.add_parser("sessions", help=SESSIONS_HELP, description=SESSIONS_DESCRIPTION, epilog=SESSIONS_EXAMPLE,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    actions = p.add_subparsers(dest="action", title="actions", metavar="ACTION", required=True)
    for action, summary in (("list", "the sessions' ids and turns, one a line"),
                            ("show", "a session's state JSON (or the whole session)"),
                            ("delete", "remove a session: messages, events and payloads")):
        a = actions.add_parser(action, help=summary, description=summary)
        if action != "list":
            a.add_argument("session_id", metavar="ID", help="the session's id")
        a.add_argument("--store", required=True, metavar="URL", help="sqlite:///sessions.db or redis://HOST:6379/0")
        if action == "show":
            a.add_argument("--format", default="state", choices=["state", "session"],
                           help="the state JSON (default) or the whole session, as Tracker.to_json() writes it")
    p.set_defaults(func=cmd_sessions)


def cmd_sessions(args: argparse.Namespace) -> int:
    with open_store(args.store, create=False) as store:  # a mistyped path must not make a store
        if args.action == "list":
            for session_id in store.sessions():
                sys.stdout.write(f"{session_id}\t{store.length(session_id)}\n")
        elif args.action == "show":
            sys.stdout.write(_show(store, args) + "\n")
        elif not store.delete(args.session_id):
            raise StoreError(Errors.E107.format(session_id=args.session_id, where=args.store))
        else:
            sys.stdout.write(f"deleted {args.session_id}\n")
    return 0


def _show(store: Store, args: argparse.Namespace) -> str:
    session = store.load(args.session_id)
    if session is None:
        raise StoreError(Errors.E107.format(session_id=args.session_id, where=args.store))
    tracker = Tracker.from_json(session, verify=False)  # the store is the user's own
    if args.format == "session":
        return tracker.to_json()
    return tracker.state().to_json(indent=2)

