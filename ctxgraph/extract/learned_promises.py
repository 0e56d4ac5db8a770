"""Promises the learned promise reader finds beside the rule readers (issue 19, prom9).

The promise readers (:mod:`ctxgraph.extract.promises`) read a promise by the frame it is said in;
the learned reader (:func:`ctxgraph.models.load_promise_reader`, a CRF over the clauses of an
assistant message, features by structure only: who acts, for whom, when, and whether the clause
reports, describes a habit, an ability or asks) marks the clauses that promise whatever the frame.
This step makes an open promise of each clause the model marks that the rule readers left alone:
not one a promise or report of this message already covers, not one still open, not a question,
not a report, not how the service goes as a rule. Keeping it is the rule readers' work as for any
promise (a later report, a tool call of the same deed, the user saying it came). In a pack with
domains (booking) and in a chat among named participants it makes nothing.

>>> from ctxgraph import Tracker
>>> t = Tracker("zh")
>>> _ = t.observe({"role": "user", "content": "孩子高考考了598分，想找人帮忙填志愿"})
>>> _ = t.observe({"role": "assistant", "content": "已预约周六下午余老师视频面谈。面谈后两天内余老师会出一份志愿方案给您。"})
>>> [(c.text, c.status) for c in t.state().commitments]
[('面谈后两天内余老师会出一份志愿方案给您', 'open')]
"""

from __future__ import annotations

import re

from .. import _graph as g
from .._units import CommitmentUnit, FulfilUnit, _Unit
from ..models import load_promise_reader
from .context import MessageContext
from .learned import _overlaps, reader_for
from .promises import _USER_CALLS_FIRST, _addressed, _agrees_to_limit, _due, _habitual, _says_back, _sentence_of
from .registry import step
from .text import clauses, first_match, in_spans

_TRIM = " \t,，、:：;；。.!！"
#: a clause whose subject is the user ("you'll get an email when it's ready", "您到店后…", fix19: after a short time
#: word, "到时候您发给我就行"), with no deed of the assistant's in it ("您明天上传后我帮您加急审核" has one): the user's
#: deed or experience, not a promise
_USER_SUBJECT = re.compile(r"^\W*(?:到时候?|届时|回头|今天|明天|后天|今晚|稍后|之后|然后|等会儿?)?(?:您|你)(?!的|们的)|^\W*you(?!r)\b", re.I)
#: the assistant as the doer; (fix19) not as whom the user sends or tells a thing ("发给我", "告诉我")
_OWN = re.compile(r"\b(?:i|we)\b|(?<![给跟诉])我", re.I)
#: a change that happens by itself ("…办证后会自动生效", "it renews automatically"): no one's deed, no promise
_BY_ITSELF = re.compile(r"自动|\bautomatically\b", re.I)


def _user_before(ctx: MessageContext) -> str:
    """The text of the user's last message before this one ("" when none): what the reader was trained with."""
    G = ctx.graph
    for i in range(ctx.index - 1, -1, -1):
        node = G.nodes.get(f"t{i}")
        if node is not None and node["role"] == "user":
            return str(node.get("text") or "")
    return ""


def _after_tool(ctx: MessageContext) -> bool:
    last = ctx.graph.graph.get("last_turn")
    return bool(last) and ctx.graph.nodes[last]["role"] == "tool"


@step("learned_promises", roles=("assistant",))
def learned_promises(ctx: MessageContext) -> list[_Unit]:
    reader = reader_for(ctx, load_promise_reader)
    parts = clauses(ctx.text) if reader is not None else []
    if not parts:
        return []
    # the clauses as the reader was trained on them: a casual 你 read as 您 (prom12, as the rule readers read it)
    probs = reader([_addressed(ctx, c.strip()) for _, c in parts], _user_before(ctx), tool_call=bool(ctx.message.tool_calls),
                   after_tool=_after_tool(ctx))
    made = [u.text for u in ctx.units_of(CommitmentUnit)]
    closed = {u.commitment for u in ctx.units_of(FulfilUnit)}
    made += [d["text"] for pid, d in g.open_items(ctx.graph, "commitment") if pid not in closed]
    units: list[_Unit] = []
    for (offset, clause), p in zip(parts, probs):
        c = clause.strip().strip(_TRIM)
        if p < reader.threshold or not c or len(c.splitlines()) > 1:
            continue
        if in_spans(offset, ctx.asked) or _sentence_of(ctx.text, offset).rstrip().endswith(("?", "？")):
            continue  # an offer ("Shall I …?", "要不要我…？"): a promise once the user says yes (the rule readers' work)
        if _USER_SUBJECT.search(c) and not _OWN.search(c):
            continue
        if any(_overlaps(c, t) for t in made) or first_match(ctx.pack.done, c) or _habitual(c) or _BY_ITSELF.search(c):
            continue  # one of this message's promises or reports, one still open, a report, how the service goes
        if _USER_CALLS_FIRST.search(c) or _agrees_to_limit(ctx, c) or _says_back(ctx, _sentence_of(ctx.text, offset), c):
            continue  # the service answering the user's call; the user's rule said back (as the rule readers judge)
        units.append(CommitmentUnit(text=c, due=_due(ctx, offset, offset + len(clause)), status="open"))
        made.append(c)
    return units
