"""Rule extraction: one message plus a read-only look at the graph -> typed units.

Extraction is pure: it never changes the graph it is given; :func:`ctxgraph._graph.apply`
applies what it returns. :class:`RuleExtractor` runs named steps (:data:`STEPS`, in the
order of :data:`DEFAULT_STEPS`) over a :class:`MessageContext`; each step is a module of
its own:

- ``cues``: the turn and its intent, constraints, questions, answers, goal; ``promises``: commitments
- ``entities``: catalogue phrases, rule patterns, segmented names, the pipeline's entities
- ``facts``: slot values, corrections, retractions; ``domains``: which domain a value is in
- ``unmet``: a wish given up for an option that breaks it; ``searches``: a new search starts over
- ``options`` / ``choose``: the user's pick among options said in prose; ``settle``: a pick the reply
  contradicts, a change of mind replaces or a later change leaves behind
- ``references``: "它 / that one" and choices; ``tools``: tool calls and trimmed results
- ``text``: clauses, question spans, lists; ``compiled``: a rule pack compiled per language

A step of your own::

    from ctxgraph.extract import step, DEFAULT_STEPS, RuleExtractor

    @step("tickets", roles=("user",))
    def tickets(ctx):            # ctx: MessageContext (text, pack, mentions, units, graph view)
        return []                # units, e.g. FactUnit(key="ticket", name="ticket", value=...)

    RuleExtractor(steps=DEFAULT_STEPS + ("tickets",))
"""

from .compiled import CompiledPack, compiled_packs, entity_key
from .context import MAX_EXTRACT_CHARS, Mention, Message, MessageContext
from .pipeline import RuleExtractor
from .registry import DEFAULT_STEPS, OPTIONAL_STEPS, STEPS, Step, step, with_step
from .text import asking_clause, clauses, question_spans
from .tools import summarize_payload

__all__ = [
    "CompiledPack", "DEFAULT_STEPS", "MAX_EXTRACT_CHARS", "Mention", "Message", "MessageContext", "OPTIONAL_STEPS",
    "RuleExtractor", "STEPS", "Step", "asking_clause", "clauses", "compiled_packs", "entity_key", "question_spans", "step",
    "summarize_payload", "with_step",
]
