"""HTTP pieces the gateway's routes share: error bodies, headers passed on, SSE reading.

>>> error_body(400, "bad", "E190")["error"]["type"]
'invalid_request_error'
>>> reader = SSEReader()
>>> reader.feed(b'data: {"choices": [{"index": 0, "delta": {"content": "Hi"}, "finish_reason": null}]}\\n\\nda')
>>> reader.feed(b'ta: {"choices": [{"index": 0, "delta": {"content": "!"}, "finish_reason": "stop"}]}\\n\\ndata: [DONE]\\n\\n')
>>> reader.done, reader.message()
(True, {'role': 'assistant', 'content': 'Hi!'})
"""

from __future__ import annotations

import json
import re
from typing import Any, Mapping

from starlette.responses import JSONResponse

from .._errors import Errors
from ..integrations._streams import _Accumulator

#: Request headers not passed to the upstream (hop-by-hop, recomputed, or the gateway's own).
DROP_REQUEST = frozenset({"host", "content-length", "connection", "keep-alive", "proxy-authorization",
                          "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade", "accept-encoding"})
#: Response headers not passed back to the caller (the gateway's server sets its own).
DROP_RESPONSE = frozenset({"content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive",
                           "date", "server"})
#: A tracked request's body may nest JSON this deep (chat requests, tool schemas included, are
#: far shallower); a deeper one would make the gateway recurse past Python's limit.
MAX_BODY_DEPTH = 100
#: Session ids: letters, digits and . _ - : @ +, at most this long.
SESSION_ID_MAX = 128
_SESSION_ID = re.compile(r"[A-Za-z0-9._:@+\-]{1,%d}" % SESSION_ID_MAX)


def error_body(status: int, message: str, code: str | None = None) -> dict[str, Any]:
    """An OpenAI-style error object, so OpenAI clients raise their usual exception."""
    kind = "invalid_request_error" if status < 500 else "server_error"
    if status == 401:
        kind = "authentication_error"
    return {"error": {"message": message, "type": kind, "param": None, "code": code}}


def error_response(status: int, message: str, headers: Mapping[str, str] | None = None) -> JSONResponse:
    code = message[1:5] if message.startswith("[E") else None
    return JSONResponse(error_body(status, message, code), status_code=status, headers=dict(headers or {}))


def valid_session_id(session_id: str) -> bool:
    """Ids go into store keys, logs and URLs: a short plain charset only.

    >>> valid_session_id("user-42@shop.example"), valid_session_id("../etc"), valid_session_id("a b")
    (True, False, False)
    """
    return bool(_SESSION_ID.fullmatch(session_id)) and session_id.strip(".") != ""


def session_id_error(session_id: str) -> str:
    return Errors.E190.format(session_id=session_id[:200], limit=SESSION_ID_MAX)


def upstream_headers(headers: Mapping[str, str], api_key: str | None) -> dict[str, str]:
    """The caller's headers minus hop-by-hop ones and ``X-Ctxgraph-*``; the gateway's key if it has one."""
    out = {k: v for k, v in headers.items() if k.lower() not in DROP_REQUEST and not k.lower().startswith("x-ctxgraph-")}
    if api_key is not None:
        out = {k: v for k, v in out.items() if k.lower() != "authorization"}
        out["authorization"] = f"Bearer {api_key}"
    out["accept-encoding"] = "identity"  # bytes are read as they pass (streams), so no compression
    return out


def reply_headers(headers: Any) -> dict[str, str]:
    """The upstream's response headers the caller gets (request ids, rate-limit headers, ...)."""
    return {k: v for k, v in headers.items() if k.lower() not in DROP_RESPONSE}


def reply_message(body: Any) -> dict[str, Any] | None:
    """The assistant message (choice 0) of a chat completion, as the tracker observes it."""
    try:
        message = body["choices"][0]["message"]
    except (KeyError, IndexError, TypeError):
        return None
    if not isinstance(message, dict):
        return None
    out = {"role": "assistant", "content": message.get("content")}
    if message.get("tool_calls"):
        out["tool_calls"] = message["tool_calls"]
    return out


class _Obj(dict):
    """A JSON object read with attribute access (missing keys are None), as the wrapper's
    stream accumulator reads openai's chunk objects."""

    def __getattr__(self, name: str) -> Any:
        return self.get(name)


class SSEReader:
    """Reads the server-sent events of a streamed chat completion as the bytes pass through,
    and puts the assistant's message together (text and tool calls)."""

    def __init__(self) -> None:
        self._buffer = b""
        self._acc = _Accumulator()
        self.done = False  # data: [DONE] seen

    def feed(self, data: bytes) -> None:
        self._buffer += data
        *lines, self._buffer = self._buffer.split(b"\n")
        for line in lines:
            if not line.startswith(b"data:"):
                continue
            payload = line[5:].strip()
            if payload == b"[DONE]":
                self.done = True
                continue
            try:
                chunk = json.loads(payload, object_hook=_Obj)
            except ValueError:
                continue
            if isinstance(chunk, dict):
                self._acc.add(chunk)

    @property
    def complete(self) -> bool:
        """A finish reason or [DONE] was seen: the reply is whole."""
        return self.done or self._acc.finished

    def message(self) -> dict[str, Any]:
        return self._acc.message()


async def read_body(request: Any, limit: int) -> bytes | None:
    """The request's body, or None as soon as it is known to be longer than ``limit`` bytes:
    from its Content-Length before anything is read, else while it streams in (chunked)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        return None
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
    return b"".join(chunks)


def nested_deeper(value: Any, limit: int) -> bool:
    """Whether JSON ``value`` nests containers more than ``limit`` deep (no recursion).

    >>> nested_deeper({"a": [{"b": 1}]}, 3), nested_deeper({"a": [{"b": 1}]}, 2)
    (False, True)
    """
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False
