"""The promise verifier: drops a promise a rule reader made that our annotators would not list (issue 19, model33c).

The promise readers (:mod:`ctxgraph.extract.promises`) read a promise by its frame; some frames also catch what is no
promise to keep: the user's own rule said back ("We'll keep it short and plain"), a look taken there and then ("No
worries, let me take a look"), two times offered for the user to choose from. The verifier
(:func:`ctxgraph.models.load_promise_verifier`, a maximum-entropy classifier over the structure of the clauses a promise
spans, trained on the rule readers' own promises on our annotated chats, listed against unlisted) gives each promise of
this message P(kept); under its threshold the promise is dropped before it reaches the graph. Only open promises are
verified: a deed the assistant reports done ("The payment link is in your inbox") is left as the rule readers read it
(verifying reports too lost more right ones for the same made-up ones dropped, docs/quality.md "model33c"). Extract stays pure: the
step only filters this message's units. Like the learned readers it does nothing in a pack with domains (booking) or in a
chat among named participants, and it is a step to switch off like any (``disable: {steps: [verify_promises]}``).

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> _ = t.observe({"role": "user", "content": "I want the CV short and plain, no fancy words."})
>>> _ = t.observe({"role": "assistant", "content": "We'll keep it short and plain"})
>>> [c.text for c in t.state().commitments]
[]
"""

from __future__ import annotations

from .._units import CommitmentUnit, _Unit
from ..models import load_promise_verifier
from .context import MessageContext
from .learned import _overlaps, reader_for
from .learned_promises import _after_tool, _user_before
from .promises import _addressed
from .registry import step
from .text import clauses


#: the longest unit text or clause matched by shared characters when the unit is not found as said (the match is
#: quadratic in the two lengths; a said clause is far shorter: pasted text is left unjudged)
_LONGEST = 1000


def linked_clauses(text: str, parts: list[tuple[int, str]], said: str) -> list[int]:
    """The indices of the clauses of ``text`` (``parts``: offset and clause) that the unit text ``said`` spans: where it
    is found, the clauses its span meets; else the clauses (of at most :data:`_LONGEST` characters) it shares a run of
    characters with.

    >>> t = "Sure, we'll bring a ladder. See you then"
    >>> linked_clauses(t, clauses(t), "we'll bring a ladder")
    [1]
    """
    start = text.find(said)
    if start >= 0:
        end = start + len(said)
        found = [i for i, (o, c) in enumerate(parts) if o < end and o + len(c) > start]
        if found:
            return found
    if len(said) > _LONGEST:
        return []
    return [i for i, (_, c) in enumerate(parts) if len(c) <= _LONGEST and _overlaps(c, said)]


@step("verify_promises", roles=("assistant",))
def verify_promises(ctx: MessageContext) -> list[_Unit]:
    made = [u for u in ctx.units_of(CommitmentUnit) if u.status == "open"]  # a deed reported done is left as read
    verifier = reader_for(ctx, load_promise_verifier) if made else None
    if verifier is None:
        return []
    parts = clauses(ctx.text)
    linked = [linked_clauses(ctx.text, parts, u.text) for u in made]
    units = [(k, u.status) for k, u in zip(linked, made) if k]
    probs = iter(verifier([_addressed(ctx, c.strip()) for _, c in parts], _user_before(ctx), units,
                          tool_call=bool(ctx.message.tool_calls), after_tool=_after_tool(ctx)))
    dropped = [u for k, u in zip(linked, made) if k and next(probs) < verifier.threshold]
    if dropped:
        ctx.units[:] = [u for u in ctx.units if not any(u is d for d in dropped)]
    return []
