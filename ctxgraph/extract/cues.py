"""Cue steps: the turn and its intent, constraints, commitments, questions and answers, goal.

Each reads the message's clauses against the pack's cue patterns.

>>> from ctxgraph._graph import new_graph
>>> from ctxgraph.extract import RuleExtractor, Message
>>> units = RuleExtractor()(Message(role="user", text="预算5000元，不要用顺丰以外的快递"), 0, new_graph())
>>> [(u.polarity, u.text) for u in units if u.type == "constraint"]
[('must_not', '不要用顺丰以外的快递')]
"""

from __future__ import annotations

import re

from .. import _graph as g
from .._units import (
    AnswerUnit,
    CommitmentUnit,
    ConstraintUnit,
    FactUnit,
    FulfilUnit,
    GoalUnit,
    LiftUnit,
    QuestionUnit,
    TurnUnit,
    _Unit,
)
from ..lang import content_words
from .compiled import CompiledPack
from .context import MAX_EXTRACT_CHARS, MessageContext
from .domains import message_domain
from .registry import step
from .text import QUESTION_SENTENCE, asking_clause, clauses, cut_at_boundary, first_match, in_spans

#: A goal is the clause that states it, cut at a word or clause boundary past this length.
GOAL_CHARS = 200
_ENDS_ASKING = re.compile(r"[？?]\s*$|吗\s*$")


def find_intent(text: str, pack: CompiledPack) -> str:
    """First intent whose cue matches (by priority, then file order), else inform."""
    stripped = text.strip()
    for name, cues in pack.intents:
        if first_match(cues, stripped):
            return name
    return "inform"


@step("turn", roles=("user", "assistant", "system", "tool"), needs_text=False)
def turn(ctx: MessageContext) -> list[_Unit]:
    """The turn itself: role, text, language, the user's intent and the domain it names."""
    msg = ctx.message
    notes = list(msg.notes)
    if len(msg.text) > MAX_EXTRACT_CHARS and msg.role != "tool":
        notes.append(f"only the first {MAX_EXTRACT_CHARS} characters were read by the rules")
    ctx.intent = find_intent(ctx.text, ctx.pack) if msg.role == "user" and ctx.text.strip() else None
    ctx.domain = message_domain(ctx)
    return [TurnUnit(index=ctx.index, role=msg.role, text=msg.text, lang=ctx.lang, intent=ctx.intent,
                     name=msg.name, tool_call_id=msg.tool_call_id, notes=notes, domain=ctx.domain)]


@step("answers", roles=("user",))
def answers(ctx: MessageContext) -> list[_Unit]:
    """A user turn answers the questions the assistant left open."""
    return [AnswerUnit(question=qid) for qid, _ in g.open_items(ctx.graph, "question")]


def _lifts(ctx: MessageContext, clause: str, active) -> list[_Unit]:
    words = content_words(clause, ctx.lang)
    return [LiftUnit(constraint=cid) for cid, d in active if words & content_words(d["text"], ctx.lang)]


@step("constraints", roles=("user", "system"))
def constraints(ctx: MessageContext) -> list[_Unit]:
    """Rules with polarity, and lifts of active ones. A preference whose value this message
    already records as a fact ("最好评分是4分以上" -> 评分 4分以上) is that fact, not a
    second item; a question about a rule is not a rule."""
    pack = ctx.pack
    units: list[_Unit] = []
    active = g.open_items(ctx.graph, "constraint")
    stated = [u.value for u in ctx.units_of(FactUnit)]
    for offset, clause in clauses(ctx.text):
        c = clause.strip()
        if first_match(pack.lifts, c):
            units += _lifts(ctx, c, active)
            continue
        if _ENDS_ASKING.search(c) or in_spans(offset, ctx.asked):
            continue  # "这两家酒店哪个符合这个要求？"
        for polarity, cues in pack.constraints:
            if first_match(cues, c) and ctx.profile.has_object(c):
                if polarity == "prefer" and any(v and v in c for v in stated):
                    break
                if not any(d["text"] == c for _, d in active):
                    units.append(ConstraintUnit(text=c, polarity=polarity, stressed=ctx.stressed))
                break
    return units


@step("commitments", roles=("assistant",))
def commitments(ctx: MessageContext) -> list[_Unit]:
    """Promises the assistant makes (with their due date), and ones it reports kept or dropped."""
    pack = ctx.pack
    units: list[_Unit] = []
    open_ = g.open_items(ctx.graph, "commitment")
    for offset, clause in clauses(ctx.text):
        c = clause.strip()
        for status, cues in (("done", pack.done), ("cancelled", pack.cancel)):
            if first_match(cues, c):
                words = content_words(c, ctx.lang)
                units += [FulfilUnit(commitment=pid, status=status) for pid, d in open_
                          if len(words & content_words(d["text"], ctx.lang)) >= 1]
        if first_match(pack.make, c) and not re.search(r"[？?]\s*$", c) and not first_match(pack.done, c) \
                and not first_match(pack.cancel, c):
            end = offset + len(clause)
            due = [m.text for m in ctx.mentions if offset <= m.start < end and m.label in ("DATE", "TIME")]
            units.append(CommitmentUnit(text=c, due=" ".join(due) or None))
    return units


@step("questions", roles=("assistant",))
def questions(ctx: MessageContext) -> list[_Unit]:
    """What the assistant asks and waits for; "你觉得怎么样？" asks about nothing in particular."""
    return [QuestionUnit(text=s.strip()) for s in QUESTION_SENTENCE.findall(ctx.text)
            if s.strip() and first_match(ctx.pack.questions, s) and ctx.profile.has_object(asking_clause(s))]


@step("goal", roles=("user",))
def goal(ctx: MessageContext) -> list[_Unit]:
    """The first clause that states what the user wants, once per conversation."""
    if ctx.graph.graph["goal"] is not None:
        return []
    for _, clause in clauses(ctx.text):
        if first_match(ctx.pack.goals, clause):
            return [GoalUnit(text=cut_at_boundary(clause, GOAL_CHARS))]
    return []
