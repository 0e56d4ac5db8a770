"""ctxgraph as a LlamaIndex memory block: ``Memory.from_defaults(memory_blocks=[CtxgraphMemoryBlock(...)])``.

LlamaIndex's ``Memory`` keeps the recent messages itself (its short-term queue) and asks each
memory block for content to put into the system message, trimming the blocks of lowest
priority first when the memory's ``token_limit`` is reached. :class:`CtxgraphMemoryBlock`
observes every message of the conversation (those in the queue when the memory is read, those
flushed out of it) and contributes ctxgraph's state block for the new input: the facts with
their corrections, the constraints, the promises and the tool results, from the whole
conversation, in at most ``budget`` tokens::

    from llama_index.core.memory import Memory
    from ctxgraph.integrations.llamaindex import CtxgraphMemoryBlock

    memory = Memory.from_defaults(session_id=user.id, token_limit=2000, memory_blocks=[
        CtxgraphMemoryBlock(store="sqlite:///sessions.db", budget=400, priority=0)])

One ctxgraph session per memory ``session_id``. Install with ``pip install "ctxgraph[llamaindex]"``.
"""

from __future__ import annotations

from typing import Any, List, Optional

from ctxgraph._errors import Errors

try:
    from llama_index.core.base.llms.types import ChatMessage
    from llama_index.core.memory.memory import BaseMemoryBlock
    from pydantic import Field, PrivateAttr
except ImportError as _err:  # tested in a subprocess (tests/test_integrations_llamaindex.py)
    raise ImportError(Errors.E220.format(module="llamaindex", package="llama-index-core",
                                         missing=_err.name, extra="llamaindex")) from _err

from ctxgraph._sessiontable import fingerprint
from ctxgraph._tracker import Tracker

from ._keeper import Keeper

__all__ = ["CtxgraphMemoryBlock", "new_messages", "to_chat"]

#: How far back a message is looked for among the observed ones (LlamaIndex's queue is short).
WINDOW = 400


def to_chat(message: ChatMessage) -> dict[str, Any]:
    """A LlamaIndex chat message as an OpenAI chat dict (tool calls in ``additional_kwargs``)."""
    role = message.role.value if hasattr(message.role, "value") else str(message.role)
    out: dict[str, Any] = {"role": role, "content": message.content or ""}
    extra = message.additional_kwargs or {}
    calls = extra.get("tool_calls")
    if calls:
        out["tool_calls"] = [c if isinstance(c, dict) else c.model_dump(exclude_none=True) for c in calls]
        out["content"] = message.content or None
    if role == "tool":
        out["tool_call_id"] = str(extra.get("tool_call_id") or "")
    return out


def new_messages(seen: list[tuple], messages: list[tuple]) -> list[int]:
    """Indexes of ``messages`` (fingerprints, in order) that ``seen`` does not hold yet:
    the messages after the longest head of ``messages`` that continues ``seen``'s tail, or
    none when all of them are a stretch of ``seen``.

    >>> new_messages(["a", "b", "c"], ["b", "c", "d"])
    [2]
    >>> new_messages(["a", "b", "c", "d"], ["a", "b"])     # flushed after they were read
    []
    >>> new_messages(["a"], ["x", "y"])
    [0, 1]
    """
    best = 0
    for start in range(len(seen) - 1, max(-1, len(seen) - WINDOW - 1), -1):
        n = 0
        while n < len(messages) and start + n < len(seen) and seen[start + n] == messages[n]:
            n += 1
        if n == len(messages):
            return []
        if start + n == len(seen):
            best = max(best, n)
    return list(range(best, len(messages)))


class CtxgraphMemoryBlock(BaseMemoryBlock[str]):
    """A memory block whose content is ctxgraph's state block for the new input.

    ``store`` keeps the sessions (``"sqlite:///sessions.db"``; default in memory), ``budget``
    bounds the state block, ``tracker_options`` configure new sessions. ``priority`` is the
    block's in LlamaIndex's ``Memory`` (0: never truncated). ``state="auto"`` (the default)
    leaves the block empty while the whole conversation fits ``budget`` (the memory's chat
    history already holds it); ``state="always"`` fills it whatever the conversation's length.

    >>> block = CtxgraphMemoryBlock(budget=300)
    >>> block.name, block.priority
    ('ctxgraph_state', 0)
    """

    name: str = Field(default="ctxgraph_state", description="The name of the memory block.")
    description: Optional[str] = Field(default="The conversation's state, extracted by ctxgraph.")
    store: Optional[str] = Field(default=None, description="Where sessions are kept (a ctxgraph store URL).")
    budget: int = Field(default=400, description="Most tokens of the state block.")
    tracker_options: Optional[dict] = Field(default=None, description="Options of a new session's Tracker.")
    state: str = Field(default="auto", description='"auto": no block while the conversation fits the budget; '
                                                   '"always": the block on every read.')
    _keeper: Any = PrivateAttr(default=None)

    def model_post_init(self, context: Any) -> None:
        super().model_post_init(context)
        self._keeper = Keeper(self.budget, store=self.store, tracker_options=self.tracker_options, state=self.state)

    async def _aget(self, messages: Optional[List[ChatMessage]] = None, **block_kwargs: Any) -> str:
        sid = str(block_kwargs.get("session_id") or "default")
        chat = [to_chat(m) for m in messages or () if _kept(m)]
        seen = [dict(m) for m in self._keeper.tracker(sid).messages]
        fresh = [chat[i] for i in new_messages([fingerprint(m) for m in seen], [fingerprint(m) for m in chat])]
        if not fresh and not seen:
            return ""
        call, _ = await self._keeper.abegin(sid, seen + fresh)
        await self._keeper.afinish(call, None)
        return call.report.state_block

    async def _aput(self, messages: List[ChatMessage]) -> None:
        by_session: dict[str, list[dict[str, Any]]] = {}
        for m in messages:
            if _kept(m):
                by_session.setdefault(str((m.additional_kwargs or {}).get("session_id") or "default"), []).append(
                    to_chat(m))
        for sid, chat in by_session.items():
            seen = [dict(m) for m in self._keeper.tracker(sid).messages]
            fresh = [chat[i] for i in new_messages([fingerprint(m) for m in seen], [fingerprint(m) for m in chat])]
            if fresh:  # flushed before the memory was read: observed now, no model call goes with it
                call, _ = await self._keeper.abegin(sid, seen + fresh)
                await self._keeper.afinish(call, None, report=False)

    def tracker(self, session_id: str = "default") -> Tracker:
        """The tracker of a memory session (``state()``, ``to_json()``)."""
        return self._keeper.tracker(session_id)


def _kept(message: ChatMessage) -> bool:
    role = message.role.value if hasattr(message.role, "value") else str(message.role)
    return role in ("user", "assistant", "tool")
