"""Checks of a saved session (``Tracker.to_json()``) before it is loaded.

A session file is data from outside: it may have been edited, corrupted or written by
someone else. :func:`read_session` checks every part's shape (a coded
:class:`~ctxgraph.StateError` for each malformed part), :func:`check_integrity` the
digest that ``to_json`` writes (sha256 over the canonical JSON of config, messages,
events, payloads and langs; HMAC-SHA256 with a caller's key), and
:func:`check_sources` that the config names no rule folder the caller did not allow,
no pack that is not shipped and no module that is not an installed spaCy pipeline.

>>> body = {"config": {}, "messages": [], "events": [], "payloads": {}, "langs": {}}
>>> integrity(body)["alg"], len(integrity(body)["digest"])
('sha256', 64)
>>> integrity(body, key="secret")["alg"]
'hmac-sha256'
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
from pathlib import Path
from typing import Any, Iterable

from ._errors import Errors, MessageError, StateError

logger = logging.getLogger("ctxgraph")

#: The parts of a session the digest covers.
DIGEST_PARTS = ("config", "messages", "events", "payloads", "langs")
ALGORITHMS = ("sha256", "hmac-sha256")


def canonical(data: dict[str, Any]) -> bytes:
    """The canonical JSON bytes of a session's digested parts (sorted keys, ASCII, no
    spaces, no NaN): the same for a session and its ``json.loads(to_json())``."""
    body = {k: data.get(k, {} if k == "langs" else None) for k in DIGEST_PARTS}
    try:
        return json.dumps(body, sort_keys=True, ensure_ascii=True, separators=(",", ":"), allow_nan=False).encode()
    except (ValueError, TypeError, RecursionError) as err:
        raise StateError(Errors.E152.format(part="session", reason=f"not strict JSON ({err})")) from None


def _key_bytes(key: str | bytes) -> bytes:
    return key.encode("utf-8") if isinstance(key, str) else bytes(key)


def integrity(data: dict[str, Any], key: str | bytes | None = None) -> dict[str, str]:
    """``{"alg", "digest"}`` of a session: sha256, or HMAC-SHA256 under ``key``."""
    body = canonical(data)
    if key is None:
        return {"alg": "sha256", "digest": hashlib.sha256(body).hexdigest()}
    return {"alg": "hmac-sha256", "digest": hmac.new(_key_bytes(key), body, hashlib.sha256).hexdigest()}


def check_integrity(data: dict[str, Any], verify: bool | str, key: str | bytes | None) -> None:
    """Refuse a session whose digest does not match its content (E150), or that lacks the
    digest the caller requires (E151). ``verify``: True checks a digest when there is one
    (a session without one, as saved before digests, loads with warning W150); "strict"
    requires one; False checks nothing. A ``key`` requires an HMAC under that key."""
    if verify is False:
        return
    if verify not in (True, "strict"):
        raise StateError(Errors.E152.format(part="verify", reason=f"{verify!r} is not True, False or 'strict'"))
    found = data.get("integrity")
    if found is None:
        if key is not None or verify == "strict":
            raise StateError(Errors.E151.format(reason="it has no integrity digest"))
        logger.warning(Errors.W150)
        return
    if not isinstance(found, dict) or found.get("alg") not in ALGORITHMS or not isinstance(found.get("digest"), str):
        raise StateError(Errors.E152.format(part="integrity", reason='not {"alg": "sha256" or "hmac-sha256", "digest": hex}'))
    if (found["alg"] == "hmac-sha256") != (key is not None):
        reason = "it is signed with a key: pass key=" if key is None else "it is not signed with a key"
        raise StateError(Errors.E151.format(reason=reason))
    if not hmac.compare_digest(integrity(data, key)["digest"], found["digest"]):
        raise StateError(Errors.E150)


def read_session(data: str | dict, schema: str) -> dict[str, Any]:
    """The session as a dict with every part of the expected shape (E050 otherwise)."""
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except (json.JSONDecodeError, UnicodeDecodeError) as err:
            raise StateError(Errors.E050.format(reason=f"invalid JSON ({getattr(err, 'msg', err)})")) from None
        except (RecursionError, ValueError) as err:
            raise StateError(Errors.E050.format(reason=f"invalid JSON ({err})")) from None
    if not isinstance(data, dict) or data.get("schema") != schema:
        raise StateError(Errors.E050.format(reason=f"schema is not {schema!r}"))
    missing = [k for k in ("config", "messages", "events", "payloads") if k not in data]
    if missing:
        raise StateError(Errors.E050.format(reason=f"missing {', '.join(missing)}"))
    kinds = {"config": dict, "messages": list, "events": list, "payloads": dict, "langs": dict}
    for part, kind in kinds.items():
        if part in data and not isinstance(data[part], kind):
            raise StateError(Errors.E050.format(reason=f"{part} is not a {'mapping' if kind is dict else 'list'}"))
    return data


def clean_messages(messages: list[Any]) -> list[dict[str, Any]]:
    """The stored messages read again the way ``observe`` reads them (E152 for one it refuses)."""
    from ._messages import normalize_message

    out = []
    for n, m in enumerate(messages):
        try:
            out.append(normalize_message(m)[0])
        except MessageError as err:
            raise StateError(Errors.E152.format(part=f"messages[{n}]", reason=str(err))) from None
    return out


def check_log(data: dict[str, Any], langs: Iterable[str]) -> None:
    """Events name a turn of the messages; payloads are text kept for a tool message;
    langs count turns per known language (E152 otherwise)."""
    n = len(data["messages"])
    for i, e in enumerate(data["events"]):
        turn = e.get("turn") if isinstance(e, dict) else None
        if not isinstance(turn, int) or isinstance(turn, bool) or not 0 <= turn < n:
            raise StateError(Errors.E152.format(part=f"events[{i}]", reason="names no turn of the messages"))
    for ref, text in data["payloads"].items():
        index = ref[1:] if isinstance(ref, str) and ref.startswith("r") else ""
        if not index.isdigit() or int(index) >= n or data["messages"][int(index)]["role"] != "tool" or not isinstance(text, str):
            raise StateError(Errors.E152.format(part=f"payloads[{ref!r}]", reason="not the text of a tool message"))
    for lang, count in data.get("langs", {}).items():
        if lang not in langs or not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise StateError(Errors.E152.format(part=f"langs[{lang!r}]", reason="not a count of turns in a known language"))


def check_sources(config: Any, allow_rules: Iterable[str | Path]) -> None:
    """Rule folders only inside ``allow_rules`` (E153), packs only shipped ones (E154),
    English models only installed spaCy pipeline packages (E155): a session names no
    folder or module the caller did not choose."""
    from ._nlp import DEFAULT_EN_MODELS
    from ._rules import available_packs

    allowed = [Path(a).resolve() for a in allow_rules]
    for folder in config.rules:
        path = Path(folder).resolve()
        if not any(path == a or a in path.parents for a in allowed):
            raise StateError(Errors.E153.format(path=folder))
    for name in config.packs:
        if name not in available_packs():
            raise StateError(Errors.E154.format(name=name, known=", ".join(available_packs()) or "none"))
    extra = [m for m in config.en_models if m not in DEFAULT_EN_MODELS]
    if extra:
        import spacy.util

        installed = set(spacy.util.get_installed_models())
        for name in extra:
            if name not in installed:
                raise StateError(Errors.E155.format(name=name, known=", ".join(sorted(installed)) or "none"))
