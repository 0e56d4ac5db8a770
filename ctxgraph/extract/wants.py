"""The wants step: what the user came for, said in the opening message, as a fact.

A customer-service chat opens with the deed the user wants done and the thing it is about:
"想拍婚纱照", "空调要清洗，家里三台挂机", "驾照快到期要换证了", "我想开一个社保参保证明，买房要用".
Annotators write these down ("婚纱照", "空调", "换证", "参保证明"), yet no slot word names them.
The clauses of the user's first message that hold one of the pack's ``wants`` cues (a verb of
wanting or needing, an imperative "帮我…") become one ``want`` fact, the clauses as said. Left out:
questions ("你们能代办吗？"), clauses the user takes back or corrects in the same message
("报个寒假班……不对，是春季班": the correction's own rules read it), and every later message (a
later wish is a pick, a change or a correction, read by their own steps).

>>> from ctxgraph import Tracker
>>> t = Tracker("zh")
>>> _ = t.observe({"role": "user", "content": "你好，我想给儿子报个游泳课，他九岁，周末有班吗？"})
>>> [(f.key, f.value) for f in t.state().facts if f.key == "want"]
[('want', '我想给儿子报个游泳课')]
>>> t = Tracker("zh")
>>> _ = t.observe({"role": "user", "content": "有条裙子要改短3公分"})
>>> [(f.key, f.value) for f in t.state().facts if f.key == "want"]
[('want', '有条裙子要改短')]
"""

from __future__ import annotations

import re

from .._units import FactUnit, _Unit
from .context import MessageContext
from .registry import step
from .text import clauses, cut_at_boundary, first_match, in_spans, mask

#: a want is kept up to this many characters, cut at a clause or word boundary
WANT_CHARS = 80
# a number with its unit the entity rules did not read ("内存要16G的", "改到3号"): a value, not
# the want's; a number glued to a name stays ("流浪地球3的票", "小米13")
_NUMBER = re.compile(r"[0-9][0-9.:：/-]*(?:[A-Za-z]+|[号个杯件张台位名人天晚点元块岁])")
#: an earlier user message this short (punctuation aside) is a greeting, not the opening
GREETING_CHARS = 4
_PUNCT = re.compile(r"[\W_]+")
_HAN_GAP = re.compile(r"(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])")


def _opening(ctx: MessageContext) -> bool:
    """No earlier user message said more than a greeting ("你好", "在吗？"): this is the user's opening."""
    G = ctx.graph
    for node in G.graph["kinds"].get("turn", ()):  # in order: the first user message that says more decides
        d = G.nodes[node]
        if d["index"] >= ctx.index:
            return True
        if d["role"] == "user" and len(_PUNCT.sub("", str(d.get("text") or ""))) > GREETING_CHARS:
            return False
    return True


@step("wants", roles=("user",))
def wants(ctx: MessageContext) -> list[_Unit]:
    """The opening message's clauses that say what the user wants, as one ``want`` fact."""
    rules = getattr(ctx.pack, "wants", ())
    if not rules or not _opening(ctx):
        return []
    corrected = [m.start() for rx in ctx.pack.self_corrections for m in rx.finditer(ctx.text)]
    # the values said with the want are facts of their own, which may change later ("要订15杯…"
    # then "改成12杯"): the want keeps the deed and the things, not them
    text = mask(ctx.text, [(m.start, m.end) for m in ctx.mentions if m.kind in ("value", "id") and m.label != "NUMBER"])
    parts = []
    for offset, clause in clauses(ctx.text):
        start = offset + len(clause) - len(clause.lstrip())
        if ctx.asking(start) or in_spans(start, ctx.taken_back) or any(c >= start for c in corrected):
            continue
        if first_match(rules, clause):
            kept = _HAN_GAP.sub("", " ".join(_NUMBER.sub(" ", text[offset:offset + len(clause)]).split()))
            kept = kept.strip(" ,，、…~～")
            if not first_match(ctx.pack.vague_values, kept):  # "想约个时间": nothing the state lacks
                parts.append(kept)
    value = cut_at_boundary("，".join(p for p in parts if p), WANT_CHARS)
    return [FactUnit(key="want", name="want", value=value, stressed=ctx.stressed)] if value else []
