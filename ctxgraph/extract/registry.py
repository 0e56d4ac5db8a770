"""The step registry: extraction is a list of named steps, in the spirit of spaCy's factories.

A step is a function ``step(ctx) -> list of units`` registered under a name, with the
roles it reads and whether it needs text. :data:`DEFAULT_STEPS` is the order the rule
extractor runs them in; a user inserts their own step by name, a pack switches steps off
(``disable: {steps: [goal]}``).

>>> from ctxgraph.extract import STEPS, DEFAULT_STEPS
>>> DEFAULT_STEPS[:3]
('turn', 'tool_result', 'offers_confirmed')
>>> STEPS["goal"].roles
('user',)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

#: Every registered step by name.
STEPS: dict[str, "Step"] = {}


@dataclass(frozen=True)
class Step:
    name: str
    func: Callable
    roles: tuple[str, ...]
    needs_text: bool = True


def step(name: str, *, roles: tuple[str, ...] = ("user", "assistant", "system"), needs_text: bool = True):
    """Register ``func(ctx) -> list[unit]`` as the step ``name``.

    >>> @step("shout", roles=("user",))
    ... def shout(ctx):
    ...     return []
    >>> STEPS["shout"].roles
    ('user',)
    >>> del STEPS["shout"]
    """
    def register(func: Callable) -> Callable:
        STEPS[name] = Step(name, func, tuple(roles), needs_text)
        return func

    return register


#: The rule extractor's steps, in order. ``turn`` always runs first; a tool message stops
#: after ``tool_result``.
DEFAULT_STEPS = (
    "turn", "tool_result", "offers_confirmed", "promises_kept", "tool_calls", "entities", "answers", "facts", "roles", "relations", "postal", "contacts", "read_back", "measures", "changes", "swapped_words", "codes_changed", "miswritten", "dropped", "change_reports", "cancel_confirmed", "event_dates", "deadlines", "clock_bounds", "dates_restated", "amounts_restated", "totals_requoted", "days_moved", "day_part_moved",
    "bind_domain", "same_as", "kind_refs", "trip_ends", "booked_time", "offers", "picks", "slot_picks", "choose", "picks_answered", "picks_changed", "echoed_picks", "one_picks", "asked_answers", "bare_picks", "quotes", "unmet", "searches", "constraints", "constraint_values", "learned_constraints", "goal", "goal_change", "problems", "conditions", "means", "access", "often", "day_parts", "attributes", "overtaken", "budget_waived", "wants", "problems_follow", "additions", "counts", "counts_ordered", "counts_moved", "recounts", "bare_recounts", "reranged", "slips", "numbers_mended", "past_days", "kin", "named_roles", "self_roles", "references", "corrected_phrases", "dwellings", "occasions", "stated_sums",
    "selection", "commitments", "verify_promises", "learned_promises", "promises_part_kept", "granted_requests", "clock_granted", "day_granted", "change_refused", "completed_values", "sayings_follow", "slips_follow", "lists_follow", "forgone",
    "questions", "picks_stale", "echoed_stale", "bare_stale", "rebooked", "unneeded", "clock_moved", "move_taken", "verify_facts",
)

#: Steps that are registered but off by default, with the step each runs after when switched on.
#: ``choose`` (picks by matching the offered options, picks6; settled by what follows them since picks8,
#: ``settle.py``) is on since picks10: its pick keeps the user's words with the option's name, never what
#: the option says of the other options, and on every open chat set it added values and no wrong value
#: (docs/quality.md, "Picks that carry"). A pack switches it off with ``disable: {steps: [choose]}``.
#: ``learned_values`` (vals9, ``learned_values.py``) records the spans a value reader learned from our annotated chats
#: marks; validated leave-one-group-out it added fewer values than unsupported and wrong ones on the open groups
#: (docs/quality.md, "A learned value reader, judged leave-one-group-out"), so no weights ship and it stays off: train
#: them with ``python -m ctxgraph.models.train_values``, then switch the step on with ``with_step``.
#: ``tallies`` (miss28zh, ``tallies.py``: a Chinese count with its measure word and no noun after it, "送六羽", "油10桶") found
#: 21 values on the open groups and no wrong one, but on the unseen judge sets of its round it found 1 value for 1 wrong
#: current value and 7 facts no annotator wrote (docs/quality.md, "miss28zh"): off until it is read on more chats.
#: ``other_address`` (miss28en, ``otheraddress.py``: a later address for another role keeps the first, the second kept as
#: ``send_to`` / ``moving_to``) found 7 values on the open groups and no wrong one, but on the unseen judge of its round it
#: found 1 value for 1 wrong current value (an address the user had moved stayed current): off until read on more chats.
#: ``verify_facts`` (model33f, ``verify.py``) is a default step since model34f, last: a learned verifier leaves out a
#: proposed fact it gives P(holds) under 0.2, never a guarded one (a correction, a count, an answer, an offered value
#: picked, a fact that supersedes); held out over the 30 open groups it removed 10 unsupported facts for no value lost
#: (ctxgraph/models/FACT_VERIFIER.md). Its entry below stays so ``with_step`` knows where it goes in an older list.
OPTIONAL_STEPS = {"verify_facts": "clock_moved", "learned_values": "completed_values", "tallies": "counts_moved", "other_address": "read_back"}


def with_step(steps, name: str) -> list[str]:
    """``steps`` with the optional step ``name`` put after the step it follows (unchanged when it is in).

    >>> s = with_step(DEFAULT_STEPS, "learned_values")
    >>> s[s.index("completed_values") + 1]
    'learned_values'
    >>> with_step(DEFAULT_STEPS, "choose") == list(DEFAULT_STEPS)  # on by default since picks10
    True
    """
    steps = list(steps)
    if name not in steps:
        steps.insert(steps.index(OPTIONAL_STEPS[name]) + 1, name)
    return steps
