"""What one call through a ctxgraph integration sent: :class:`CallReport`.

Every integration (the OpenAI wrapper, the gateway, the framework modules) reports each model
call it assembled, against what the caller's history would have cost.

>>> r = CallReport("s1", full_tokens=900, sent_tokens=300, saved_tokens=600, state_block="", budget=400, model=None)
>>> r.saved_tokens, r.history
(600, 'continued')
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["MAX_REPORTS", "CallReport"]

#: How many call reports a wrapped client keeps (``client.reports``).
MAX_REPORTS = 1000


@dataclass(frozen=True)
class CallReport:
    """What one intercepted call sent, against what the caller's history would have cost.

    ``full_tokens`` is the exact count of the history as given (tracker's encoding and
    per-message overhead), ``sent_tokens`` the count of the assembled context,
    ``saved_tokens`` their difference: 0 when the whole history fitted the budget and was
    sent unchanged (``wrap(..., state="auto")``, the default, never sends more than the
    history); it can be negative only with ``state="always"``, where the state block of a
    short chat costs more than it saves. Tool definitions are counted in neither.
    ``extraction_tokens`` is what an LLM extractor (``Tracker(extractor="llm"|"hybrid")``)
    spent reading this call's new history messages (0 with the rules). ``history`` says how
    the caller's history related to what the session had recorded: ``"continued"`` (it
    extends it), ``"interleaved"`` (another call of the session was recorded since this
    caller's history was taken: its new messages are recorded after that call's) or
    ``"rebuilt"`` (an edited history or another conversation: the tracker was rebuilt).
    """

    session_id: str
    full_tokens: int
    sent_tokens: int
    saved_tokens: int
    state_block: str
    budget: int
    model: str | None
    sections: dict[str, int] = field(default_factory=dict)
    extraction_tokens: int = 0
    history: str = "continued"
