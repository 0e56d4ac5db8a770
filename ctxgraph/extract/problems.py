"""The problems step: what the user says is wrong, as a fact.

Customer service starts from a fault: "my rear derailleur keeps skipping gears", "the dog has
been limping since Saturday", "I got charged twice this month", "my laptop won't connect to the
VPN". No entity rule reads these, yet the agent must keep them. A user's clause holding one of
the pack's ``problems`` cues (a fault said in general words: "keeps ...ing", "has been ...ing",
"won't connect", "charged twice", "cracked") becomes a ``problem`` fact, its value the clause as
said (a later one is ``problem_t<turn>``, beside it). Questions ("does it keep skipping if I
...?"), clauses taken back, and the assistant's words make none.

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> _ = t.observe({"role": "user", "content": "Hi, my kettle keeps tripping the fuse. Bought it in May."})
>>> [(f.key, f.value) for f in t.state().facts if f.key.startswith("problem")]
[('problem', 'my kettle keeps tripping the fuse')]
"""

from __future__ import annotations

import re

from .. import _graph as g
from .._units import FactUnit, _Unit
from .context import MessageContext
from .registry import step
from .text import SENTENCE_END, clauses, cut_at_boundary, first_match, in_spans
from .wants import _opening

#: a problem is kept up to this many characters, cut at a word or clause boundary
PROBLEM_CHARS = 120
# a greeting before the problem is no part of it ("hey my rear derailleur ...")
_GREETING = re.compile(r"^\W*(?:hi|hello|hey|good (?:morning|afternoon|evening))\b[\s,!.-]*(?:there\b[\s,!.-]*)?", re.I)


@step("problems", roles=("user",))
def problems(ctx: MessageContext) -> list[_Unit]:
    """The user's clauses that say what is wrong, as ``problem`` facts (one per message)."""
    rules = getattr(ctx.pack, "problems", ())
    if not rules or any(isinstance(u, FactUnit) and u.key.startswith("problem") for u in ctx.units):
        return []  # a fact pattern of the pack read it already ("空调坏了")
    opening = _opening(ctx) or _asked_about_condition(ctx)
    found: list[str] = []
    taken_to = -1
    for offset, clause in clauses(ctx.text):
        start = offset + len(clause) - len(clause.lstrip())
        if start < taken_to or ctx.asking(start) or in_spans(start, ctx.taken_back) or not _fault(ctx, rules, clause, opening):
            continue
        # the rest of its sentence tells the same fault ("I hurt my knee playing football, twisted it, still swollen"),
        # up to a record's id ("结果没人来，单号YX…": the order is a fact of its own, and may be replaced)
        end = next((m.start() for m in SENTENCE_END.finditer(ctx.text, start)), len(ctx.text))
        end = min([end] + [c for c in _clause_starts(ctx.text, start, end)
                           if any(m.kind == "id" and c <= m.start < end for m in ctx.mentions)])
        said = ctx.text[start:end] if end > start else clause
        value = cut_at_boundary(_GREETING.sub("", said.strip()), PROBLEM_CHARS).strip(" ,;:-，、；")
        if not value:
            continue
        found.append(value)
        taken_to = end
        if not opening:
            break  # later, one per message; the opening tells every fault it came about ("we've got a wood burner… Smoke's coming back…")
    if not found:
        return []
    key = "problem" if not g.current_with_key(ctx.graph, "problem") else f"problem_t{ctx.index}"
    value = cut_at_boundary(("。" if ctx.profile.segmented else ". ").join(found), PROBLEM_CHARS * 2)
    return [FactUnit(key=key, name="problem", value=value, stressed=ctx.stressed)]


# (miss6) the assistant asked whether the thing has a fault or a condition ("有没有虫蛀或者开裂？", "Is there any damp?")
_ASKS_CONDITION = re.compile(r"有没有[^？?。，,]{1,12}[？?]|是否有[^？?。，,]{1,12}[？?]|\b(?:is|are) there (?:any )?[^?.]{1,30}\?|\bany (?:damage|cracks?|leaks?|marks?|problems?|issues?)\b[^?.]{0,20}\?", re.I)


def _asked_about_condition(ctx: MessageContext) -> bool:
    """The assistant's last message asked whether the thing has a fault: the reply describes it, as an opening does."""
    last = ctx.graph.graph.get("last_turn")
    d = ctx.graph.nodes[last] if last else {}
    return d.get("role") == "assistant" and bool(_ASKS_CONDITION.search(str(d.get("text", ""))))


def _fault(ctx: MessageContext, rules: list[re.Pattern], clause: str, opening: bool) -> bool:
    """Whether a cue says a fault in ``clause``. A cue with a ``desc`` group reads the shape of a
    description (a thing or person whose predicate is negated or changes state: "one of them won't
    close", "出水变小了", "爸爸有高血压", "完全不会游"; what the thing does again and again: "the back
    ones overflow every time it rains"): it counts in the opening message only, where the user
    describes what they came about (later, such clauses are rules, picks and chat), and not in a
    clause that says a want ("need someone every morning": when the service is wanted)."""
    wanted = None
    for rx in rules:
        for m in rx.finditer(clause):
            if not m.groupdict().get("desc"):
                return True
            if opening:
                if wanted is None:
                    wanted = bool(first_match(getattr(ctx.pack, "wants", ()), clause))
                if not wanted:
                    return True
    return False


def _clause_starts(text: str, lo: int, hi: int) -> list[int]:
    """Where the clauses of ``text[lo:hi]`` after the first one start."""
    return [lo + offset for offset, _ in clauses(text[lo:hi])][1:]
