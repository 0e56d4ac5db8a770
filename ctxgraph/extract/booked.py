"""A trip timed by a booking the dialogue holds (the ``booked_time`` step).

"A taxi to get us there in time for our reservation", "by the booked time", "要赶得上预订的时间":
the user names the trip's arrival by the time of a booking the state already holds (a table at
19:30, a show at 20:00). The pack's ``booked_refs`` patterns say how such a reference is worded;
each names its group after the trip's slot the time fills (``arrive_by``). Packs without them (the
core pack, every customer-service pack) are untouched.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import _graph as g
from .._units import FactUnit, _Unit
from .domains import _topic, admits
from .registry import step

if TYPE_CHECKING:
    from .._rules import SlotRule
    from .context import MessageContext


def _trip_domain(ctx: "MessageContext", slot: "SlotRule", start: int, end: int) -> str | None:
    """The trip the reference speaks of: the last domain the message names outside it that has the
    slot, else the dialogue's topic when it has the slot; None when neither has it."""
    pack = ctx.pack
    named = [pack.domain_of[c.group(0).casefold()] for c in pack.domain_rx.finditer(ctx.text)
             if not (start <= c.start() < end)]
    here = [d for d in named if admits(slot, d)]
    if here:
        return here[-1]
    topic = _topic(ctx.graph)
    return topic if topic and admits(slot, topic) else None


def _booked(ctx: "MessageContext", slot: "SlotRule", trip: str) -> str | None:
    """The newest current fact of a booking: a slot of the trip slot's type (a ``TIME``) held in a
    domain that has no such trip slot (a restaurant's table, not another ride's arrival); None when
    none is held or two were made in one message."""
    pack, G = ctx.pack, ctx.graph
    types = set(slot.types)
    found: list[tuple[int, str]] = []
    for fid in G.graph["current_fact"].values():
        node = G.nodes[fid]
        domain, _, _ = str(node.get("key", "")).rpartition(".")
        other = pack.slots.get(str(node.get("slot")))
        if not domain or domain == trip or other is None or other.id == slot.id or not types & set(other.types) \
                or admits(slot, domain):
            continue
        found.append((int(node.get("turn", -1)), fid))
    newest = [fid for turn, fid in found if turn == max(found)[0]] if found else []
    return newest[0] if len(newest) == 1 else None  # two bookings made at once: which one is not said


@step("booked_time", roles=("user",))
def booked_time(ctx: "MessageContext") -> list[_Unit]:
    """A trip the user times by a held booking takes the booking's time: "a taxi ... in time for our
    reservation" after "a table at 19:30" is the taxi's arrival by 19:30. Only for a slot whose pack
    lists the domains that have it (the trip's, not the booking's), only when the message or the
    dialogue's topic is such a trip and a booking's time is held; a time the message gives the trip
    itself wins ("by 18:45, before our reservation"), and a time said inside the reference ("by my
    19:00 reservation time") is the trip's.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en", packs=["booking"], rules=[_demo_pack()])
    >>> t.observe_many([{"role": "user", "content": "Book a table for two at 19:30 on Friday."},
    ...                 {"role": "assistant", "content": "Your table is booked for 19:30."},
    ...                 {"role": "user", "content": "I also need a taxi to get us there in time for our reservation."}])
    >>> sorted((f.key, f.value) for f in t.state().facts if f.status == "current" and f.key.endswith(("time", "arrive_by")))
    [('restaurant.time', '19:30'), ('taxi.arrive_by', '19:30')]
    """
    pack, G = ctx.pack, ctx.graph
    if not pack.booked_refs or not pack.domain_rx:
        return []
    units: list[_Unit] = []
    for rx in pack.booked_refs:
        for m in rx.finditer(ctx.text):
            for slot_id, words in m.groupdict().items():
                slot = pack.slots.get(slot_id)
                if words is None or slot is None or not slot.domains:
                    continue
                trip = _trip_domain(ctx, slot, m.start(), m.end())
                if trip is None:
                    continue
                key, name, group = pack.scoped(slot, trip)
                if any(isinstance(u, FactUnit) and u.key == key and not u.offered for u in [*ctx.units, *units]):
                    continue  # the message gives the trip its own time
                inside = [x for x in ctx.mentions if x.label in slot.types and m.start() <= x.start < m.end()]
                if inside:
                    value, normalized = inside[0].text, inside[0].value
                elif (source := _booked(ctx, slot, trip)) is not None:
                    value, normalized = G.nodes[source]["value"], G.nodes[source].get("normalized")
                else:
                    continue
                old = g.current_with_key(G, key)
                if old and str(G.nodes[old[0]]["value"]).casefold() == str(value).casefold():
                    continue
                units.append(FactUnit(key=key, name=name, value=str(value), slot=slot.id, group=group,
                                      terse=slot.terse, normalized=normalized, supersedes=old[0] if old else None,
                                      correction=ctx.correcting, stressed=ctx.stressed))
    return units


def _demo_pack() -> str:
    """A folder with a pack that says a taxi has an arrival time (for the doctest; ``ctxgraph bench
    multiwoz`` writes the dataset's schema the same way)."""
    import tempfile
    from pathlib import Path

    folder = Path(tempfile.mkdtemp(prefix="ctxgraph-booked-")) / "en"
    folder.mkdir()
    (folder / "trip.yml").write_text("slots:\n  - {id: arrive_by, name: arrive by, types: [TIME], scoped: true, "
                                     "domains: [taxi, train]}\n", encoding="utf-8")
    return str(folder.parent)


__all__ = ["booked_time"]
