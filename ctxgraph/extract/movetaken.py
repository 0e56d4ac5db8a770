"""The move_taken step: a yes to the assistant's offer to move the user's time to a new one (issue 19, user37).

The user has a time ("5:15" for the vet). Later the assistant finds another and asks to move it there ("The nurse
checked: 3:50pm with Dr. Chen has opened. Move Miso there?", "师傅下午3点也能来，给您改到这个时间吗？"), and the user
says yes. The new clock stands in a statement before the question or in a question that names no slot, so no reader
offered it, and the yes accepted nothing: the old time stayed current though the appointment moved.

Here a bare yes (the pack's accepts, a few words, no value of its own) right after an assistant message that ends
with one yes/no question proposing a move ("Move … there?", "Shall I switch it?", "Would that work?", "改到这个时间
吗？") and names one clock, other than the user's current ``time``, makes that clock the ``time``.

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> t.observe_many([{"role": "user", "content": "need a vet appt today"},
...                 {"role": "assistant", "content": "We have 5:15pm with Dr. Chen."},
...                 {"role": "user", "content": "5:15 please"},
...                 {"role": "assistant", "content": "3:50pm has opened with Dr. Chen. Move Miso there?"},
...                 {"role": "user", "content": "yes"}])
>>> [f.value for f in t.state().facts if f.key == "time" and f.status == "current"]
['3:50pm']
"""

from __future__ import annotations

import re

from .. import _graph as g
from .._units import FactUnit, _Unit
from .context import MessageContext
from .options import measures
from .registry import step
from .text import first_match, question_sentences

#: a yes/no question that proposes moving the booking: "Move Miso there?", "Shall I switch you to that?", "Would that
#: work instead?", "Want me to rebook it?", "给您改到这个时间吗？", "换成这个时间可以吗？"
_MOVE_QUESTION = {
    "en": re.compile(r"^\W*(?:(?:so|ok|okay|great|then)\W+)?(?:(?:shall|should|can|could)\s+(?:i|we)\s+|(?:do you )?want me to\s+|"
                     r"would you like (?:me|us) to\s+)?(?:move|switch|change|reschedule|rebook|swap|bring)\b", re.I),
    "zh": re.compile(r"(?:改到|改成|换到|换成|调到|挪到|约到)(?:这个|这|那个)?(?:时间|时段|点)?[了]?(?:吗|么|可以吗|行吗|好吗)[？?]$"),
}
#: "Would that work?": a move proposed only when the message offers the clock as a new slot (below)
_WORKS_QUESTION = {"en": re.compile(r"^\W*(?:would|does|will|could) (?:that|this|it) (?:work|suit|do)\b", re.I)}
#: a clock offered as a new slot, or a move told: "3:50pm has opened", "is free", "instead", "we can move you"
_NEW_SLOT = {"en": re.compile(r"\b(?:(?:has|have|just) (?:opened|come up|freed up|become free)|opened up|"
                              r"(?:is|are) (?:now )?(?:free|available|open)|instead|cancellation|"
                              r"move|moving|switch|reschedul\w*|rebook\w*)\b", re.I)}
#: the longest yes that is only a yes ("yes", "yes please", "ok do it", "好的", "可以")
MAX_YES_CHARS = {"en": 24, "zh": 6}
_NO = re.compile(r"^\W*(?:no|nope|nah)\b|不")


def _bare_yes(ctx: MessageContext) -> bool:
    """The message is a short yes with no value of its own."""
    text = ctx.text.strip()
    return (len(text) <= MAX_YES_CHARS.get(ctx.lang, 0) and bool(first_match(ctx.pack.accepts, text))
            and not _NO.search(text) and not any(m.kind in ("value", "id") for m in ctx.mentions))


def _proposed_clock(G, turn: int, lang: str) -> str | None:
    """The one clock the assistant message ``turn`` proposes to move to, when it ends with a question that proposes
    a move."""
    node = G.nodes.get(f"t{turn}")
    if node is None or node.get("role") != "assistant":
        return None
    text = str(node.get("text") or "")
    asked = list(question_sentences(text))
    if len(asked) != 1 or text[asked[0][1]:].strip():
        return None  # no question, two of them, or words after it
    question = text[asked[0][0]:asked[0][1]].strip()
    if not _MOVE_QUESTION[lang].search(question) and not _works_offered(text, question, lang):
        return None
    clocks = {G.nodes[e]["text"] for _, e, k in G.out_edges(f"t{turn}", keys=True)
              if k == "mentions" and G.nodes[e].get("label") == "TIME"}
    return clocks.pop() if len(clocks) == 1 else None


def _works_offered(text: str, question: str, lang: str) -> bool:
    """Whether ``question`` asks "Would that work?" of a clock ``text`` offers as a new slot ("3:50pm has opened.
    Would that work?"), not of a clock told for another reason ("Note we close at 7pm. Does that work for you?").

    >>> _works_offered("3:50pm has opened. Would that work?", "Would that work?", "en")
    True
    >>> _works_offered("Note we close at 7pm on Fridays. Does that work for you?", "Does that work for you?", "en")
    False
    """
    works, new_slot = _WORKS_QUESTION.get(lang), _NEW_SLOT.get(lang)
    return bool(works and works.search(question) and new_slot.search(text))


@step("move_taken", roles=("user",))
def move_taken(ctx: MessageContext) -> list[_Unit]:
    """A yes to the assistant's "Move … there?" after it names a new clock: that clock is the user's ``time``."""
    if ctx.lang not in _MOVE_QUESTION or not _bare_yes(ctx) or any(u.key == "time" for u in ctx.units_of(FactUnit)):
        return []
    G = ctx.graph
    new = _proposed_clock(G, ctx.index - 1, ctx.lang)
    held = g.current_with_key(G, "time")
    if new is None or not held:
        return []
    d = G.nodes[held[-1]]
    was, now = measures(str(d["value"])).get("clock"), measures(new).get("clock")
    if was is None or now is None or now % 720 == was % 720:
        return []  # no clock held, or the same one ("5:15" and "5:15pm")
    return [FactUnit(key="time", name=d["name"], value=new, correction=True, supersedes=held[-1],
                     slot=d.get("slot"), group=d.get("group"))]
