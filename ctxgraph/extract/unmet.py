"""A wish the user gives up: they go on with an option the assistant said does not meet it.

The assistant says it found nothing that meets a wish and offers something else, stating the
values that break it ("抱歉，没有符合您要求的，推荐您去讲礼驴肉馆，人均消费68元"); the user goes on
with that option ("那它的地址是？") instead of declining it or restating the wish. The wish is
then no longer the user's state: the user's facts under the keys of the option's stated values
that do not meet them are retracted (a range and a number by their numbers, words by their
parts: :func:`~ctxgraph.extract.bounds.meets`). Which words say "does not meet" is pack data
(``unmet:``); a pack without them (the core pack) runs no such rule.

A cue with a ``lacking`` group names what nothing has ("都没有樟茶鸭和担担面", "不提供暖气", "能吃到流沙
包的还真没有"), one with a ``without`` group what the option is without ("无评分的X", and says no
more: "有无烟房" is no cue): a wish of the domain the message is about whose every part stands in
that group, or whose slot word opens it, is given up the same way, whether or not the assistant
states a value for its option.

>>> from ctxgraph import Tracker
>>> t = Tracker("zh", packs=["booking"])
>>> _ = t.observe({"role": "user", "content": "帮我找一家人均消费100-150元的餐馆。"})
>>> _ = t.observe({"role": "assistant", "content": "抱歉，没有符合您要求的餐馆，推荐您去讲礼驴肉馆，人均消费68元。"})
>>> _ = t.observe({"role": "user", "content": "那好吧，它的地址在哪？"})
>>> [(f.value, f.status) for f in t.state().facts if f.key == "restaurant.per_person"]
[('100-150元', 'retracted'), ('68元', 'offered')]
>>> t = Tracker("zh", packs=["booking"])
>>> _ = t.observe({"role": "user", "content": "我想找一家有桑拿的豪华型酒店。"})
>>> _ = t.observe({"role": "assistant", "content": "抱歉，豪华型的酒店都不提供桑拿，推荐您住北京云天酒店。"})
>>> _ = t.observe({"role": "user", "content": "那也行，它的电话是多少？"})
>>> [(f.key, f.value, f.status) for f in t.state().facts if f.turn == 0 and f.key != "want"]
[('hotel.facilities', '桑拿', 'retracted'), ('hotel.venue_type', '豪华型', 'current')]
"""

from __future__ import annotations

import re

from .._units import DecisionUnit, FactUnit, RetractUnit, _Unit
from .bounds import interval, meets
from .context import MessageContext
from .registry import step
from .text import first_match


def _last_assistant_turn(ctx: MessageContext) -> int | None:
    G = ctx.graph
    for i in range(ctx.index - 1, -1, -1):
        node = G.nodes.get(f"t{i}")
        if node is not None and node["role"] == "assistant":
            return i
        if node is not None and node["role"] == "user":
            return None  # the user spoke since: not a reply to it
    return None


def after_none_found(ctx: MessageContext) -> bool:
    """The assistant's message right before this one says it found nothing that meets a wish (the
    pack's ``none_found:`` cues; the core pack has none): the user's question for another value
    ("There are no parks in the west." - "Could you look for a college?") searches anew.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en", packs=["booking"])
    >>> _ = t.observe({"role": "user", "content": "I'd like Swedish food, please."})
    >>> _ = t.observe({"role": "assistant", "content": "Sorry, there are no Swedish restaurants in town."})
    >>> _ = t.observe({"role": "user", "content": "Do you have any Indian restaurants?"})
    >>> [(f.value, f.status) for f in t.state().facts if f.key == "restaurant.food"]
    [('Swedish', 'superseded'), ('Indian', 'current')]
    """
    if not ctx.pack.none_found:
        return False
    before = ctx.graph.nodes.get(f"t{ctx.index - 1}")  # only a reply right before this message
    return before is not None and before["role"] == "assistant" and bool(first_match(ctx.pack.none_found, before["text"]))


def lacking(ctx: MessageContext, text: str) -> list[str]:
    """What the assistant's ``text`` says nothing has: the ``lacking`` groups of the pack's
    ``unmet:`` cues."""
    return [m.group(g) for rx in ctx.pack.unmet for g in ("lacking", "without") if g in rx.groupindex
            for m in rx.finditer(text) if m.group(g)]


def _lacks(ctx: MessageContext, slot_id: str | None, value: str, lacks: list[str]) -> bool:
    """A wish is lacking when every part of its value is in what nothing has ("没有樟茶鸭和担担面"),
    or what nothing has opens with its slot's word ("无评分的X", "没有评分信息")."""
    parts = _parts(value)
    if parts and all(any(p in lack for lack in lacks) for p in parts):
        return True
    slot = ctx.pack.slots.get(slot_id or "")
    words = [w for w in (slot.synonyms if slot else []) if len(w) >= 2]
    return any(lack.lstrip().startswith(w) for lack in lacks for w in words)


def _parts(value: str) -> list[str]:
    return [p for p in re.split(r"[\s,，、和]+", value) if p]


def breaks(ctx: MessageContext, slot_id: str | None, wish: str, value: str) -> bool:
    """Whether an option's ``value`` breaks the user's ``wish`` for the slot: by their numbers, or
    by their words where the slot holds one value of a known kind (a type, "经济型" / "舒适型"); a
    list slot (dishes, facilities) or a name is not judged by the words the assistant names."""
    verdict = meets(wish, value)
    if verdict is not False:
        return False
    if interval(wish) is not None:
        return True
    slot = ctx.pack.slots.get(slot_id or "")
    return slot is not None and not slot.multi and bool(slot.types) and not any(ctx.pack.is_thing(t) for t in slot.types)


@step("unmet", roles=("user",))
def unmet(ctx: MessageContext) -> list[_Unit]:
    """Retract the user's facts that the option just offered breaks, when the assistant said so
    and the user goes on with it (no declining cue, no rejected option, no new value of the key)."""
    if not ctx.pack.unmet:
        return []
    last = _last_assistant_turn(ctx)
    said = ctx.graph.nodes[f"t{last}"]["text"] if last is not None else ""
    lacks = lacking(ctx, said)
    falls_short = first_match([rx for rx in ctx.pack.unmet if "without" not in rx.groupindex], said)
    if last is None or not (lacks or falls_short):
        return []
    if first_match(ctx.pack.rejects, ctx.text) or any(u.decision == "rejected" for u in ctx.units_of(DecisionUnit)):
        return []
    G = ctx.graph
    restated = {u.key for u in ctx.units_of(FactUnit)}
    units: list[_Unit] = []
    # the domains the assistant's message is about: of its options, else of its domain words
    about = {G.nodes[f]["key"].split(".")[0] for f in G.graph.get("offers", ())
             if G.nodes[f]["turn"] == last and "." in G.nodes[f]["key"]} \
        or ({ctx.pack.domain_of[w.casefold()] for w in ctx.pack.domain_rx.findall(said)} if ctx.pack.domain_rx else set())
    for wid in G.graph["current_fact"].values() if lacks and about else ():  # no domain: no lack of a wish
        wish = G.nodes[wid]
        by_user = G.nodes.get(f"t{wish['turn']}", {}).get("role") == "user"
        if by_user and "." in wish["key"] and wish["key"] not in restated \
                and wish["key"].split(".")[0] in about \
                and _lacks(ctx, wish.get("slot"), str(wish["value"]), lacks):
            units.append(RetractUnit(fact=wid))
    if not falls_short:
        return units
    for fid in G.graph.get("offers", ()):
        offer = G.nodes[fid]
        if offer["turn"] != last or "." not in offer["key"] or offer["key"] in restated:
            continue  # per-domain keys only: what the option is, in the domain it is offered in
        for wid in ctx.graph.graph["current_fact"].values():
            wish = G.nodes[wid]
            by_user = G.nodes.get(f"t{wish['turn']}", {}).get("role") == "user"
            if wish["key"] == offer["key"] and by_user and breaks(ctx, offer["slot"], wish["value"], offer["value"]) \
                    and RetractUnit(fact=wid) not in units:
                units.append(RetractUnit(fact=wid))
    return units
