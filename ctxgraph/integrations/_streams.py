"""Streams of the OpenAI wrapper: the reply is recorded once the stream has been read.

:class:`_Accumulator` puts the assistant message (choice 0) together from chunks (the gateway
uses it too); :class:`TrackedStream` and :class:`AsyncTrackedStream` wrap ``openai.Stream``
and ``openai.AsyncStream``.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from typing import Any, Callable

__all__ = ["AsyncTrackedStream", "TrackedStream", "_Accumulator"]

logger = logging.getLogger("ctxgraph.openai")


class _Accumulator:
    """The assistant message (choice 0) put together from stream chunks."""

    def __init__(self) -> None:
        self.text: list[str] = []
        self.calls: dict[int, dict[str, Any]] = {}
        self.finished = False  # a finish_reason was seen

    def add(self, chunk: Any) -> None:
        for choice in getattr(chunk, "choices", None) or ():
            if choice.index != 0:
                continue
            delta = choice.delta
            if delta is not None:
                if delta.content:
                    self.text.append(delta.content)
                for tc in delta.tool_calls or ():
                    call = self.calls.setdefault(
                        tc.index, {"id": None, "type": "function", "function": {"name": "", "arguments": ""}})
                    call["id"] = call["id"] or tc.id
                    if tc.function is not None:
                        call["function"]["name"] += tc.function.name or ""
                        call["function"]["arguments"] += tc.function.arguments or ""
            if choice.finish_reason:
                self.finished = True

    def message(self) -> dict[str, Any]:
        text = "".join(self.text)
        out: dict[str, Any] = {"role": "assistant", "content": text or (None if self.calls else "")}
        if self.calls:
            out["tool_calls"] = [self.calls[i] for i in sorted(self.calls)]
        return out


class _StreamBase:
    """``on_done(reply)`` ends the call: with the reply once it is complete, with None when the
    stream is closed or dropped before (then nothing is recorded)."""

    def __init__(self, stream: Any, on_done: Callable[[dict | None], None]):
        self._stream = stream
        self._on_done = on_done
        self._acc = _Accumulator()
        self._observed = False

    @staticmethod
    def wraps(result: Any) -> bool:
        """Whether ``result`` is a stream of the openai client (which this class wraps)."""
        import openai

        return isinstance(result, (openai.Stream, openai.AsyncStream))

    def _finish(self) -> None:
        if not self._observed:
            self._observed = True
            self._on_done(self._acc.message())

    def _closed(self) -> None:
        if self._acc.finished:
            self._finish()  # the reply was complete; only the usage chunk or [DONE] was left unread
        elif not self._observed:
            self._observed = True
            logger.debug("ctxgraph: a stream was closed before its reply was complete; nothing observed.")
            self._on_done(None)

    def __del__(self) -> None:
        # Dropped unfinished: free its session (from another thread: the collector may run
        # while this thread holds the session's locks).
        if not getattr(self, "_observed", True):
            self._observed = True
            try:
                threading.Thread(target=self._on_done, args=(None,), daemon=True).start()
            except RuntimeError:  # interpreter shutting down: nobody waits any more
                pass

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name in ("_stream", "_on_done", "_acc", "_observed"):
            raise AttributeError(name)
        return getattr(self._stream, name)


class TrackedStream(_StreamBase):
    """An ``openai.Stream`` that observes the reply once it has been read to the end.

    Yields the same chunks; supports iteration, ``with``, ``close()``, and passes other
    attributes (``response``) through. A stream abandoned half-way observes nothing. Until
    it is read to the end, closed or dropped, it holds its session: the session's next call
    waits (unless it comes from the same thread or task, which takes the session over).
    """

    def __iter__(self) -> "TrackedStream":
        return self

    def __next__(self) -> Any:
        try:
            chunk = next(self._stream)
        except StopIteration:
            self._finish()
            raise
        self._acc.add(chunk)
        return chunk

    def close(self) -> None:
        self._stream.close()
        self._closed()

    def __enter__(self) -> "TrackedStream":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


class AsyncTrackedStream(_StreamBase):
    """The ``openai.AsyncStream`` counterpart of :class:`TrackedStream`."""

    def __aiter__(self) -> "AsyncTrackedStream":
        return self

    async def __anext__(self) -> Any:
        try:
            chunk = await self._stream.__anext__()
        except StopAsyncIteration:
            await asyncio.get_running_loop().run_in_executor(None, self._finish)  # records: off the loop
            raise
        self._acc.add(chunk)
        return chunk

    async def close(self) -> None:
        await self._stream.close()
        await asyncio.get_running_loop().run_in_executor(None, self._closed)

    async def aclose(self) -> None:
        await self.close()

    async def __aenter__(self) -> "AsyncTrackedStream":
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()
