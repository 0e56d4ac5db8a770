"""(user29zh) A value the user wrote wrong, corrected in a later message: "电话写错了 是13811112223".

The value said first may be held about someone: "收件人还是我 王丽 电话13811112222" keeps the phone about 王丽 (a
fact with a subject), "收件人李四 电话…" keeps it under the party's key (``phone_收件人``). The correction names only
the slot ("电话写错了"), so its value has no subject and its own key, and sat beside the old one: two phones current,
one of them wrong. The step ``miswritten`` reads, in a user's message with a word of correction (the pack's
``corrections`` or ``self_corrections``) close before the value, each fact of the message that no current fact of
its own key and subject would be replaced by: when the current facts of its key about someone, or under a party's
key, are one, the new value replaces it there (its key, its subject), as a correction. Two people's phones held:
which one is meant is not said, and nothing changes.

>>> from ctxgraph import Tracker
>>> t = Tracker("zh")
>>> t.observe_many([{"role": "user", "content": "收件人还是我 王丽 电话13811112222"},
...                 {"role": "assistant", "content": "好的"},
...                 {"role": "user", "content": "电话写错了 是13811112223"}])
>>> [(f.key, f.value) for f in t.state().facts if f.status == "current" and f.key.startswith("phone")]
[('phone', '13811112223')]
"""

from __future__ import annotations

from .._units import FactUnit, _Unit
from .context import MessageContext
from .registry import step

#: At most this many characters between the word of correction and the value it brings.
CUE_GAP = 12


def _cue_ends(ctx: MessageContext) -> list[int]:
    """Where the message's words of correction end ("写错了", "改成", "不对")."""
    rxs = [*ctx.pack.corrections, *ctx.pack.self_corrections]
    return [m.end() for rx in rxs for m in rx.finditer(ctx.text)]


def _held_elsewhere(ctx: MessageContext, u: FactUnit) -> list[str]:
    """The current facts of ``u``'s key about someone, or under a party's key (``phone_收件人``, named
    "电话（收件人）"); none when a current fact of the key about no one is held (the new value replaces that one
    as it is)."""
    G = ctx.graph
    if u.key in G.graph["current_fact"]:
        return []
    party = f"{u.key}_"
    return [f for k, f in G.graph["current_fact"].items()
            if k.startswith(f"{u.key}@") or (k.startswith(party) and G.nodes[f]["name"].startswith(f"{u.name}（"))]


@step("miswritten", roles=("user",))
def miswritten(ctx: MessageContext) -> list[_Unit]:
    """Moves a corrected value onto the one value of its key held about someone (see the module); edits the
    message's facts in place, adds nothing."""
    ends = _cue_ends(ctx)
    if not ends:
        return []
    G = ctx.graph
    starts = [ctx.text.find(u.value) for u in ctx.units_of(FactUnit) if u.value] + [m.start for m in ctx.mentions]
    for n, u in enumerate(ctx.units):
        if not isinstance(u, FactUnit) or u.offered or u.subject or u.supersedes:
            continue
        at = ctx.text.find(u.value)
        # the first value after the word ("地址写错了 是和平路5号 我的电话…": the phone is no correction)
        if at < 0 or not any(0 <= at - e <= CUE_GAP and not any(e <= s < at for s in starts) for e in ends):
            continue
        held = _held_elsewhere(ctx, u)
        if len(held) != 1:
            continue
        d = G.nodes[held[0]]
        subject = G.nodes[d["subject"]]["key"] if d.get("subject") else None
        ctx.units[n] = u.model_copy(update=dict(key=d["key"], name=d["name"], subject=subject, supersedes=held[0],
                                                correction=True, group=d.get("group")))
    return []
