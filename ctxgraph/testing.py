"""An OpenAI-compatible stub server for tests: queued replies, recorded requests.

:class:`StubServer` answers ``POST /v1/chat/completions`` on 127.0.0.1 the way the chat
API does (plain JSON or server-sent events when ``"stream": true``), with replies you
queue in advance, and keeps every request it received. Point any OpenAI client at
``server.base_url``; nothing leaves the machine.

>>> import json, urllib.request
>>> with StubServer() as server:
...     server.reply("Your budget is $500.", usage={"completion_tokens": 6})
...     request = urllib.request.Request(
...         server.base_url + "/chat/completions", method="POST",
...         data=json.dumps({"model": "m", "messages": [{"role": "user", "content": "hi"}]}).encode())
...     with urllib.request.urlopen(request) as response:
...         body = json.load(response)
>>> body["choices"][0]["message"]["content"], body["usage"]["prompt_tokens"]
('Your budget is $500.', 5)
>>> server.requests[0].body["messages"]
[{'role': 'user', 'content': 'hi'}]

With the ``openai`` package (``pip install "ctxgraph[openai]"``)::

    with StubServer() as server, OpenAI(base_url=server.base_url, api_key="test") as client:
        server.reply(tool_calls=[{"name": "create_order", "arguments": {"sku": "X1"}}])
        server.reply(status=429, body={"error": {"message": "slow down", "type": "rate_limit"}})
        reply = client.chat.completions.create(model="m", messages=[...])   # the tool call
        client.chat.completions.create(model="m", messages=[...])           # openai.RateLimitError
        server.requests[-1].headers["authorization"]                        # 'Bearer test'

From a shell, ``python -m ctxgraph.testing --port 9000`` (or ``ctxgraph stub --port 9000``)
serves until Ctrl-C, answering every request with what it received (``echo=True``): a
way to try ``ctxgraph serve --upstream http://127.0.0.1:9000/v1`` and see what the model
would be sent, with no upstream and no key.

>>> with StubServer(echo=True) as server:
...     request = urllib.request.Request(
...         server.base_url + "/chat/completions", method="POST",
...         data=json.dumps({"model": "m", "messages": [{"role": "user", "content": "hi"}]}).encode())
...     with urllib.request.urlopen(request) as response:
...         json.load(response)["choices"][0]["message"]["content"]
'[stub] received 1 message (5 tokens: user); the last (user): hi'
"""

from __future__ import annotations

import argparse
import collections
import itertools
import json
import signal
import sys
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from ._messages import content_text
from ._tokens import count_message_tokens, count_text_tokens, get_encoding

__all__ = ["StubRequest", "StubServer", "main"]

#: Streamed content is sent in pieces of this many characters.
STREAM_PIECE_CHARS = 8
_PATHS = ("/v1/chat/completions", "/chat/completions")


@dataclass
class StubRequest:
    """One request the server received: path, headers (lower-case keys) and JSON body."""

    path: str
    headers: dict[str, str]
    body: dict[str, Any]


@dataclass
class _Reply:
    content: str | None = None
    tool_calls: list[dict[str, Any]] = field(default_factory=list)
    finish_reason: str | None = None
    status: int = 200
    body: Any = None
    delay: float = 0.0
    usage: dict[str, int] | None = None


class StubServer:
    """A chat-completions server on 127.0.0.1 (a free port) answering with queued replies.

    Use it as a context manager (or call :meth:`start` and :meth:`stop`). Each request
    takes the next reply queued with :meth:`reply`; with none queued the answer is "ok".
    ``requests`` lists what was received, in order, recorded before any delay. ``echo=True``:
    with none queued, the answer says what the request held (messages, tokens, the last one).
    ``port`` (default 0: a free one) and ``host`` choose where it listens.
    """

    def __init__(self, *, echo: bool = False, port: int = 0, host: str = "127.0.0.1") -> None:
        self.echo, self.port, self.host = echo, port, host
        self.requests: list[StubRequest] = []
        self._queue: collections.deque[_Reply] = collections.deque()
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._call_ids = itertools.count(1)
        self._completion_ids = itertools.count(1)
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # ------------------------------------------------------------------ lifecycle
    def start(self) -> "StubServer":
        if self._httpd is not None:
            return self
        self._stopping.clear()
        self._httpd = _QuietServer((self.host, self.port), _make_handler(self))
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.02},
                                        name="ctxgraph-stub", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving and close the socket; replies still being delayed are cut short."""
        if self._httpd is None:
            return
        self._stopping.set()
        self._httpd.shutdown()
        self._httpd.server_close()
        if self._thread is not None:
            self._thread.join()
        self._httpd = self._thread = None

    def __enter__(self) -> "StubServer":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:PORT/v1``, for ``OpenAI(base_url=...)``."""
        if self._httpd is None:
            raise RuntimeError("StubServer is not running: use `with StubServer() as server:` or call start().")
        return f"http://{self.host}:{self._httpd.server_address[1]}/v1"

    # ------------------------------------------------------------------ replies
    def reply(
        self,
        content: str | None = None,
        *,
        tool_calls: list[dict[str, Any]] | None = None,
        finish_reason: str | None = None,
        status: int = 200,
        body: Any = None,
        delay: float = 0.0,
        usage: dict[str, int] | None = None,
    ) -> None:
        """Queue the answer to one request (replies are used in the order queued).

        ``content`` is the assistant's text, returned as given (also for
        ``chat.completions.parse``, so bad JSON can be tested). ``tool_calls`` are
        ``{"name", "arguments": dict or str, "id"?}``; ids default to ``call_N``.
        ``finish_reason`` defaults to "tool_calls" or "stop". ``status`` and ``body``
        send an error (or any raw body: a dict is sent as JSON, a str as is); an error
        status without a body gets an OpenAI-style error body. ``delay`` (seconds) waits
        before answering. ``usage`` overrides the counted token usage.
        """
        calls = []
        for call in tool_calls or []:
            arguments = call.get("arguments", "")
            if not isinstance(arguments, str):
                arguments = json.dumps(arguments, ensure_ascii=False)
            calls.append({"id": call.get("id") or f"call_{next(self._call_ids)}", "type": "function",
                          "function": {"name": call["name"], "arguments": arguments}})
        if content is None and not calls:
            content = ""
        with self._lock:
            self._queue.append(_Reply(content, calls, finish_reason, status, body, delay, usage))

    def _next_reply(self, request: dict[str, Any] | None = None) -> _Reply:
        with self._lock:
            if self._queue:
                return self._queue.popleft()
        return _Reply(_echo(request or {}) if self.echo else "ok")

    # ------------------------------------------------------------------ responses
    def _completion(self, request: dict[str, Any], reply: _Reply) -> dict[str, Any]:
        message: dict[str, Any] = {"role": "assistant", "content": reply.content, "refusal": None}
        if reply.tool_calls:
            message["tool_calls"] = reply.tool_calls
        return {
            "id": f"chatcmpl-stub-{next(self._completion_ids)}", "object": "chat.completion",
            "created": int(time.time()), "model": str(request.get("model") or "stub"),
            "choices": [{"index": 0, "message": message, "logprobs": None,
                         "finish_reason": _finish_reason(reply)}],
            "usage": _usage(request, reply),
        }

    def _chunks(self, request: dict[str, Any], reply: _Reply) -> list[dict[str, Any]]:
        base = {"id": f"chatcmpl-stub-{next(self._completion_ids)}", "object": "chat.completion.chunk",
                "created": int(time.time()), "model": str(request.get("model") or "stub")}

        def chunk(delta: dict[str, Any], finish_reason: str | None = None) -> dict[str, Any]:
            return {**base, "choices": [{"index": 0, "delta": delta, "logprobs": None,
                                          "finish_reason": finish_reason}]}

        text = reply.content or ""
        out = [chunk({"role": "assistant", "content": "" if reply.content is not None else None})]
        out += [chunk({"content": text[i:i + STREAM_PIECE_CHARS]}) for i in range(0, len(text), STREAM_PIECE_CHARS)]
        for index, call in enumerate(reply.tool_calls):
            fn = call["function"]
            out.append(chunk({"tool_calls": [{"index": index, "id": call["id"], "type": "function",
                                              "function": {"name": fn["name"], "arguments": ""}}]}))
            args = fn["arguments"]
            out += [chunk({"tool_calls": [{"index": index, "function": {"arguments": args[i:i + STREAM_PIECE_CHARS]}}]})
                    for i in range(0, len(args), STREAM_PIECE_CHARS)]
        out.append(chunk({}, _finish_reason(reply)))
        options = request.get("stream_options")
        if isinstance(options, dict) and options.get("include_usage"):
            out.append({**base, "choices": [], "usage": _usage(request, reply)})
        return out


def _echo(request: dict[str, Any]) -> str:
    """What a request held, as the stub's answer, roles in order (behind ``ctxgraph serve`` the
    second ``system`` is the state block): "[stub] received 3 messages (41 tokens: system, system,
    user); the last (user): …"."""
    messages = [m for m in request.get("messages") or [] if isinstance(m, dict)]
    tokens = _usage(request, _Reply(""))["prompt_tokens"]
    roles = ", ".join(str(m.get("role")) for m in messages)
    text = f"[stub] received {len(messages)} message{'s' * (len(messages) != 1)} ({tokens} tokens{': ' * bool(roles)}{roles})"
    if messages:
        last = " ".join(content_text(messages[-1].get("content"))[0].split())
        text += f"; the last ({messages[-1].get('role')}): {last[:200]}"
    return text


def main(argv: list[str] | None = None) -> int:
    """``python -m ctxgraph.testing [--port 9000] [--host 127.0.0.1]``: serve the stub until Ctrl-C
    (or SIGTERM), answering each request with what it received."""
    parser = argparse.ArgumentParser(
        prog="python -m ctxgraph.testing",
        description="A local OpenAI-compatible chat-completions server that answers every request with "
                    "what it received (messages, tokens, the last one): try ctxgraph serve or a wrapped "
                    "client without an upstream or a key. Streams too.")
    add_stub_options(parser)
    return serve_stub(parser.parse_args(argv))


def add_stub_options(parser: argparse.ArgumentParser) -> None:
    """``--port`` and ``--host`` (of ``python -m ctxgraph.testing`` and ``ctxgraph stub``)."""
    parser.add_argument("--port", type=int, default=9000, help="port to listen on (default 9000; 0: a free one)")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")


def serve_stub(args: argparse.Namespace) -> int:
    """Run :class:`StubServer` (``echo=True``) until Ctrl-C or SIGTERM; prints its base URL first."""
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    try:
        server = StubServer(echo=True, port=args.port, host=args.host).start()
    except OSError as err:
        print(f"ctxgraph stub: cannot listen on {args.host}:{args.port}: {err.strerror or err}", file=sys.stderr)
        return 2
    print(f"stub OpenAI-compatible server on {server.base_url} (answers with what it received; Ctrl-C stops)",
          flush=True)
    try:
        while not stop.wait(0.5):
            pass
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
    return 0


def _finish_reason(reply: _Reply) -> str:
    return reply.finish_reason or ("tool_calls" if reply.tool_calls else "stop")


def _usage(request: dict[str, Any], reply: _Reply) -> dict[str, int]:
    enc = get_encoding("o200k_base")
    messages = request.get("messages")
    prompt = 0
    if isinstance(messages, list):  # count text only: content parts flattened, odd messages skipped
        texts = [{**m, "content": content_text(m.get("content"))[0]} for m in messages
                 if isinstance(m, dict) and isinstance(m.get("content"), (str, list, type(None)))]
        prompt = count_message_tokens(texts, enc)
    completion = count_text_tokens(reply.content or "", enc) + sum(
        count_text_tokens(c["function"]["name"] + c["function"]["arguments"], enc) for c in reply.tool_calls)
    usage = {"prompt_tokens": prompt, "completion_tokens": completion}
    usage.update(reply.usage or {})
    usage.setdefault("total_tokens", usage["prompt_tokens"] + usage["completion_tokens"])
    return usage


def _error_body(status: int, message: str) -> dict[str, Any]:
    return {"error": {"message": message, "type": "invalid_request_error" if status < 500 else "server_error",
                      "param": None, "code": None}}


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256  # socketserver's default of 5 resets connections when many clients connect at once

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a client that went away (timeout, closed stream) is not an error of the test


def _make_handler(server: StubServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True  # headers and body are two writes: with Nagle the body waits for an ACK

        def log_message(self, format: str, *args: Any) -> None:
            pass

        def do_GET(self) -> None:
            self._send_json(404, _error_body(404, f"The stub serves POST {_PATHS[0]}, not GET {self.path}."))

        def do_POST(self) -> None:
            length = int(self.headers.get("content-length") or 0)
            raw = self.rfile.read(length) if length else b""
            path = self.path.split("?", 1)[0]
            try:
                body = json.loads(raw or b"{}")
            except (json.JSONDecodeError, UnicodeDecodeError) as err:
                body = {"_invalid_json": raw.decode("utf-8", "replace")}
                invalid = f"Request body is not JSON: {err}"
            else:
                invalid = None if isinstance(body, dict) else "Request body must be a JSON object."
                body = body if isinstance(body, dict) else {"_body": body}
            server.requests.append(StubRequest(path, {k.lower(): v for k, v in self.headers.items()}, body))
            if path.rstrip("/") not in _PATHS:
                return self._send_json(404, _error_body(404, f"Unknown path {path}; the stub serves {_PATHS[0]}."))
            if invalid:
                return self._send_json(400, _error_body(400, invalid))
            reply = server._next_reply(body)
            if reply.delay and server._stopping.wait(reply.delay):
                self.close_connection = True  # the server is stopping: drop the request
                return
            if reply.body is not None or reply.status != 200:
                content = reply.body if reply.body is not None else _error_body(reply.status, f"stub error {reply.status}")
                return self._send_json(reply.status, content)
            try:
                stream = body.get("stream") is True
                answer = server._chunks(body, reply) if stream else server._completion(body, reply)
            except Exception as err:  # a bug in the stub: say so to the client rather than hang up
                return self._send_json(500, _error_body(500, f"StubServer failed: {err!r}"))
            if stream:
                return self._send_stream(answer)
            self._send_json(200, answer)

        def _send_json(self, status: int, content: Any) -> None:
            data = content.encode() if isinstance(content, str) else json.dumps(content, ensure_ascii=False).encode()
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            except OSError:  # the client went away
                self.close_connection = True

        def _send_stream(self, chunks: list[dict[str, Any]]) -> None:
            events = [f"data: {json.dumps(c, ensure_ascii=False)}\n\n".encode() for c in chunks] + [b"data: [DONE]\n\n"]
            try:
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Cache-Control", "no-cache")
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                for event in events:
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(event), event))
                    self.wfile.flush()
                self.wfile.write(b"0\r\n\r\n")
            except OSError:  # the client went away
                self.close_connection = True

    return Handler


if __name__ == "__main__":
    sys.exit(main())
