"""A new search starts over: once the user has chosen a thing in a domain, asking to find another
one there ends what the first search was for.

"找一家评分4.5分以上的舒适型酒店" ... "就住北京云天酒店" ... "明天我想换一家价格200-300元的酒店，推荐一个":
the second hotel is sought with its own wishes; the first one's type, rating and name are no
longer what the user wants. A user's message that asks to find something (the pack's
``searches:`` words) in a domain with a chosen thing (a current fact of a slot whose values are
things: a venue) retracts that domain's earlier facts, but for the keys the message states again.
Before a thing is chosen, more wishes refine the same search and nothing ends. Which words ask to
find is pack data; a pack without them (the core pack) runs no such rule.

>>> from ctxgraph import Tracker
>>> t = Tracker("zh", packs=["booking"])
>>> _ = t.observe({"role": "user", "content": "帮我找一家舒适型的酒店。"})
>>> _ = t.observe({"role": "assistant", "content": "推荐您住北京云天酒店。"})
>>> _ = t.observe({"role": "user", "content": "就住北京云天酒店吧。"})
>>> _ = t.observe({"role": "assistant", "content": "好的。"})
>>> _ = t.observe({"role": "user", "content": "明天想换一家价格200-300元的酒店，给我推荐一个吧。"})
>>> sorted((f.key, f.value) for f in t.state().facts if f.status == "current" and f.key != "want")
[('hotel.price', '200-300元')]
"""

from __future__ import annotations

from .._units import FactUnit, RetractUnit, _Unit
from .context import MessageContext
from .registry import step
from .text import CLAUSE_END, SENTENCE_END


def _is_thing_slot(ctx: MessageContext, slot_id: str | None) -> bool:
    slot = ctx.pack.slots.get(slot_id or "")
    return slot is not None and bool(slot.types) and all(ctx.pack.is_thing(t) for t in slot.types)


def _named_since(G, fact: str, since: int) -> bool:
    """The offer ``fact`` was made, or its thing named again, after turn ``since`` (the assistant
    repeating an earlier option answers the newer wishes: "北京天伦王朝酒店、北京首都宾馆都符合您的要求")."""
    entity = G.graph["entity_by_key"].get(str(G.nodes[fact]["value"]))
    last = G.nodes[entity].get("last", -1) if entity in G else -1
    return max(G.nodes[fact]["turn"], last) > since


def _sought(ctx: MessageContext) -> set[str]:
    """The domain the message asks to find a thing in: the first domain word after its first
    asking cue, in that clause, else in that sentence ("吃了饭我想找一家经济型的酒店" seeks a hotel,
    not a restaurant; "找一个人均消费150-500元，评分4.5分以上的餐馆" a restaurant)."""
    rx = ctx.pack.domain_rx
    cues = [m for cue in ctx.pack.searches for m in cue.finditer(ctx.text)]
    if not rx or not cues:
        return set()
    rest = ctx.text[min(cues, key=lambda m: m.start()).end():]
    for end in (CLAUSE_END, SENTENCE_END):
        if word := rx.search(end.split(rest, maxsplit=1)[0]):
            return {ctx.pack.domain_of[word.group(0).casefold()]}
    return set()


@step("searches", roles=("user",))
def searches(ctx: MessageContext) -> list[_Unit]:
    """Retract a domain's earlier facts when the user asks to find a new thing there after choosing one."""
    if not ctx.pack.searches:
        return []
    domains = _sought(ctx)
    restated = {u.key for u in ctx.units_of(FactUnit) if not u.offered}
    G = ctx.graph
    current = [(f, G.nodes[f]) for f in G.graph["current_fact"].values()]
    units: list[_Unit] = []
    for domain in domains:
        mine = [(f, d) for f, d in current if d["key"].startswith(f"{domain}.")]
        since = max((d["turn"] for _, d in mine), default=-1)
        answered = any(G.nodes[f]["key"].startswith(f"{domain}.") and _named_since(G, f, since)
                       and _is_thing_slot(ctx, G.nodes[f].get("slot")) for f in G.graph.get("offers", ()))
        if not answered and not any(_is_thing_slot(ctx, d.get("slot")) for _, d in mine):
            continue  # nothing chosen or found yet: the wishes refine the same search
        units += [RetractUnit(fact=f) for f, d in mine if d["key"] not in restated]
    return units
