"""Chat messages in, checked and reduced to what the tracker reads.

Accepts OpenAI chat messages: ``content`` as a string, ``None`` or a list of
parts (the text parts are read, others noted); assistant ``tool_calls``; tool
messages with ``tool_call_id``. ``developer`` counts as ``system`` and the legacy
``function`` role as ``tool``.

>>> clean, msg = normalize_message({"role": "user", "content": [{"type": "text", "text": "hi"}]})
>>> clean["content"], msg.text
('hi', 'hi')
>>> normalize_message({"role": "robot", "content": "x"})
Traceback (most recent call last):
...
ctxgraph._errors.MessageError: [E021] Unknown role 'robot'. Use one of: system, user, assistant, tool (also 'developer', 'function').
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

from ._errors import Errors, MessageError
from ._jsonsafe import clip_depth, scrub, scrub_text, strict_dumps
from .extract.context import Message

#: The note on a turn whose text held lone surrogates (replaced by U+FFFD on the way in).
SURROGATES_NOTE = "lone surrogates replaced by U+FFFD"

ROLES = {"system": "system", "developer": "system", "user": "user", "assistant": "assistant",
         "tool": "tool", "function": "tool"}


def content_text(content: Any) -> tuple[str, list[str]]:
    """(text, notes) of a message's content: str, None or a list of parts."""
    if content is None:
        return "", []
    if isinstance(content, str):
        return content, []
    if isinstance(content, list):
        texts, notes = [], []
        for part in content:
            if isinstance(part, str):
                texts.append(part)
            elif isinstance(part, dict) and part.get("type") in ("text", "input_text", "output_text"):
                texts.append(str(part.get("text") or ""))
            elif isinstance(part, dict):
                notes.append(f"non-text part {part.get('type', '?')!r} not read")
            else:
                raise MessageError(Errors.E020.format(kind=f"a content part of type {type(part).__name__}"))
        return "\n".join(t for t in texts if t), notes
    if isinstance(content, (dict, int, float, bool)):
        return strict_dumps(clip_depth(content)), ["content was not a string; read as JSON"]
    raise MessageError(Errors.E020.format(kind=f"content of type {type(content).__name__}"))


def normalize_message(message: Any) -> tuple[dict, Message]:
    """A cleaned copy of the chat message (text content) and its extraction view."""
    if not isinstance(message, dict) or "role" not in message:
        raise MessageError(Errors.E020.format(kind=type(message).__name__ if not isinstance(message, dict) else "a dict without 'role'"))
    role = ROLES.get(str(message["role"]))
    if role is None:
        raise MessageError(Errors.E021.format(role=message["role"]))
    text, notes = content_text(message.get("content"))
    text, replaced = scrub_text(text)
    if replaced:  # text a UTF-8 encoder refuses: every export would break on it
        notes.append(SURROGATES_NOTE)
    if not text.strip() and not message.get("tool_calls"):
        notes.append("empty message")
    clean: dict[str, Any] = {"role": role, "content": text}
    tool_calls = message.get("tool_calls") or []
    if not isinstance(tool_calls, list):
        raise MessageError(Errors.E020.format(kind="tool_calls that is not a list"))
    for n, call in enumerate(tool_calls):
        fn = call.get("function") if isinstance(call, dict) else None
        if not isinstance(fn, dict) or not isinstance(fn.get("name", ""), str):
            raise MessageError(Errors.E020.format(
                kind=f"tool_calls[{n}] that is not {{'id', 'type': 'function', 'function': {{'name', 'arguments'}}}}"))
    if role == "assistant" and tool_calls:
        clean["tool_calls"] = tool_calls = scrub(tool_calls)
        if not text:
            clean["content"] = None
    if role == "tool":
        clean["tool_call_id"] = scrub_text(str(message.get("tool_call_id") or ""))[0]
    if message.get("name"):
        clean["name"] = scrub_text(str(message["name"]))[0]
    return clean, Message(role=role, text=text, name=clean.get("name"),
                          tool_call_id=clean.get("tool_call_id") or None,
                          tool_calls=tool_calls if role == "assistant" else [], notes=notes)


def text_line(data: bytes, offset: int) -> int:
    """1-based line number of a byte offset."""
    return data[:offset].count(b"\n") + 1


def read_conversation(path: str | Path) -> list[dict]:
    """Messages from a JSON array, a JSONL file (one message a line) or a JSON object
    holding them as ``{"messages": [...]}`` (other keys, such as ``id``, are ignored).

    Problems name the file and where: the line in JSONL, the 0-based message index in a
    JSON array (as ``ctxgraph replay`` numbers messages). An empty file gives ``[]``.

    >>> import json, tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     f = pathlib.Path(folder) / "chat.json"
    ...     _ = f.write_text(json.dumps({"id": "c1", "messages": [{"role": "user", "content": "hi"}]}))
    ...     read_conversation(f)
    [{'role': 'user', 'content': 'hi'}]
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")  # -sig: files saved with a BOM read too
    except OSError as err:
        raise MessageError(Errors.E022_FILE.format(path=path, reason=err.strerror or err)) from None
    except UnicodeDecodeError as err:
        raise MessageError(Errors.E022.format(
            path=path, line=text_line(path.read_bytes(), err.start), reason="not UTF-8 text; save the file as UTF-8")) from None
    stripped = text.lstrip()
    if stripped.startswith("["):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise MessageError(Errors.E022.format(path=path, line=err.lineno, reason=err.msg)) from None
        located = [(f"message index {i}", m) for i, m in enumerate(data)]
    else:
        located = _whole_object(path, text) if stripped.startswith("{") else None
        if located is None:
            located = list(_jsonl(path, text))
    for where, m in located:
        if not isinstance(m, dict) or "role" not in m:
            reason = "not a chat message (needs 'role')"
            if isinstance(m, dict) and "messages" in m:
                reason += "; an object holding a 'messages' list must be the whole file"
            raise MessageError(Errors.E022_AT.format(path=path, where=where, reason=reason))
        if str(m["role"]) not in ROLES:
            raise MessageError(Errors.E021_AT.format(path=path, where=where, role=m["role"]))
    return [m for _, m in located]


def _jsonl(path: Path, text: str) -> Iterator[tuple[str, Any]]:
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            yield f"line {n}", json.loads(line)
        except json.JSONDecodeError as err:
            raise MessageError(Errors.E022.format(path=path, line=n, reason=err.msg)) from None


EXPECTED_SHAPE = 'a JSON array of chat messages, JSONL (one message a line) or an object {"messages": [...]}'


def _whole_object(path: Path, text: str) -> list[tuple[str, Any]] | None:
    """The file as one JSON object: ``{"messages": [...]}`` unwrapped, one message kept;
    None when the file is not a single JSON value (JSONL, read line by line)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return None
    if isinstance(data, dict) and isinstance(data.get("messages"), list):
        return [(f"messages[{i}]", m) for i, m in enumerate(data["messages"])]
    if isinstance(data, dict) and "role" not in data:
        keys = ", ".join(repr(k) for k in list(data)[:5]) or "no keys"
        raise MessageError(Errors.E022_FILE.format(path=path, reason=(
            f"one JSON object ({keys}) that is not a chat message. Expected {EXPECTED_SHAPE}")))
    return [("line 1", data)]
