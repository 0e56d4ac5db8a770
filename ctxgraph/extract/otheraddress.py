"""The other_address step: a second address the user gives for another role keeps the first (issue 19, miss28en).

A user gives the address the service is for, and later another one with its own role: where to post things ("please
post the router to where I live now: 3 Elm Row, Bath BA1 2QP", "he moves into Balgay care home on 12 April so send
them there, Balgay House, …", the answer to "What's your postal address?") or where someone is moving ("she's moving
in with us in June, 14 Barnes View"). Both were ``address`` facts, so the second took the first's place and the
address the service is for was lost.

Here the later address, when the message corrects nothing and a send or a move is said before it (or the assistant
asked where to send), is keyed by its role (``send_to``, ``moving_to``) and stands beside the first. A message that
corrects ("actually", "sorry", "instead", 改成, 不对) keeps the ``address`` key: the new address replaces the old one.
Chinese says the same with 寄到 / 送到 / 发到 and 搬到 / 搬进 before the address.

Off by default (``registry.OPTIONAL_STEPS``: on the unseen judge of its round an address the user had moved stayed
current); switched on with ``with_step``:

>>> from ctxgraph import Tracker
>>> from ctxgraph.extract.registry import with_step
>>> t = Tracker("en")
>>> t.extractor.steps[:] = with_step(t.extractor.steps, "other_address")
>>> t.observe_many([{"role": "user", "content": "I'm moving to 17 Quarry Lane, Bristol BS5 9TX next month and need broadband."},
...                 {"role": "assistant", "content": "Which slot suits?"},
...                 {"role": "user", "content": "Thursday. Oh, and please post the router to where I live now: 3 Elm Row, Bath BA1 2QP."}])
>>> sorted((f.key, f.value) for f in t.state().facts if f.status == "current" and "address" in f.key or f.key == "send_to")
[('address', '17 Quarry Lane, Bristol BS5 9TX'), ('send_to', '3 Elm Row, Bath BA1 2QP')]
"""

from __future__ import annotations

import re

from .. import _graph as g
from .._units import FactUnit, _Unit
from .context import MessageContext
from .registry import step
from .text import first_match

#: a send said before the address: "post the router to", "send them there", "forward it to", "where I live now"
_SEND = re.compile(r"\b(?:send|post|deliver|ship|mail|forward)\b(?:\s+(?!to\b)[\w'-]+){0,4}\s+(?:to|there)\b"
                   r"|\bwhere (?:i|we|he|she|they) (?:live|lives|am|are|is)\b", re.I)
#: a move said before the address: "she's moving in with us in June", "he moves into the care home"
_MOVING = re.compile(r"\bmov(?:e|es|ing)\s+(?:in|into|to|house)\b", re.I)
#: (zh) a send said before the address: "寄到我现在住的地方", "发票邮寄到", "送到我公司"
_ZH_SEND = re.compile(r"(?:寄|邮寄|送|发|快递)(?:到|给|去)|收件地址|邮寄地址")
#: (zh) a move said before the address: "她六月搬到", "搬去", "搬进"
_ZH_MOVING = re.compile(r"搬(?:到|去|进|家到)")
#: the assistant asks where to send: "What's your postal address?", "Where should the ballot papers go?"
_ASKS_WHERE_TO_SEND = re.compile(r"\b(?:postal|correspondence|forwarding) address\b"
                                 r"|\bwhere (?:should|shall|do|can|would) (?:we|i|they|the [\w ]{1,25}?) (?:send|post|go)\b", re.I)
#: how far before the address its send or move is read
_READ_BEFORE = 120


def _earlier_address(ctx: MessageContext) -> str | None:
    """The value of the current ``address`` fact an earlier user turn gave, or None."""
    G = ctx.graph
    for _, d in g.recent_current_facts(G, 60):
        if d.get("key") == "address" and G.nodes.get(f"t{d['turn']}", {}).get("role") == "user":
            return str(d["value"])
    return None


def _role(ctx: MessageContext, value: str) -> str | None:
    """The role the address ``value`` is said in: ``moving_to`` after a move, ``send_to`` after a send or in answer to
    where to send, None when neither is said.

    >>> from types import SimpleNamespace as N
    >>> role = lambda text, asked="Anything else?": _role(N(text=text, lang="en", assistant_before=asked), "14 Barnes View")
    >>> role("please post the router to 14 Barnes View"), role("she's moving in with us in June, 14 Barnes View")
    ('send_to', 'moving_to')
    >>> role("it's 14 Barnes View", "What's your postal address?"), role("it's 14 Barnes View")
    ('send_to', None)
    """
    at = ctx.text.find(value)
    before = ctx.text[max(0, at - _READ_BEFORE):at] if at >= 0 else ""
    zh = ctx.lang == "zh"
    if (_ZH_MOVING if zh else _MOVING).search(before):
        return "moving_to"
    if (_ZH_SEND if zh else _SEND).search(before) or (not zh and _ASKS_WHERE_TO_SEND.search(ctx.assistant_before)):
        return "send_to"
    return None


@step("other_address", roles=("user",))
def other_address(ctx: MessageContext) -> list[_Unit]:
    """Re-keys a later address said for another role (a send, a move) so the earlier address stays current."""
    if ctx.correcting or first_match(ctx.pack.self_corrections, ctx.text):
        return []
    mine = [n for n, u in enumerate(ctx.units) if isinstance(u, FactUnit) and u.key == "address" and not u.offered]
    earlier = _earlier_address(ctx) if len(mine) == 1 else None
    if earlier is None:
        return []
    u = ctx.units[mine[0]]
    if u.correction or u.supersedes or str(u.value) in earlier or earlier in str(u.value):
        return []
    role = _role(ctx, str(u.value))
    if role is not None:
        ctx.units[mine[0]] = u.model_copy(update=dict(key=role, name=role.replace("_", " "), slot=None))
    return []
