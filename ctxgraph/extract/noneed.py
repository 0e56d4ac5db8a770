"""A rule taken back by saying there is no need for what it asks (cons30).

The user asks for a thing as a rule ("it must all finish by 10pm", "匿名得啦", "唔好加糖") and later says the thing is not
needed: "so no need to finish by 10pm", "唔使匿名", "少少冰糖都得 唔使一定无糖". The rule no longer holds.

How the thing not needed is read: the words after the no-need cue, to the end of the comma piece. It takes back the one
active rule whose piece that names the thing says it the same way: both plain ("finish by 10pm" / "it must all finish
by 10pm") or both negated ("一定无糖" / "唔好加糖"). A rule that rules the thing out ("别按门铃", then "不用按门铃") is said
again, not taken back: the two differ in their negation.

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> t.observe_many([{"role": "user", "content": "The guide must speak French, my parents have no English"},
...                 {"role": "user", "content": "Good news, they are staying home, so no need for a French speaker now"}])
>>> [(c.text, c.status) for c in t.state().constraints]
[('The guide must speak French', 'lifted')]
>>> t = Tracker("zh")
>>> t.observe_many([{"role": "user", "content": "别放糖 我在控糖"},
...                 {"role": "user", "content": "医生说血糖好多了 放一点点也行 不用一定无糖"}])
>>> [(c.text, c.status) for c in t.state().constraints][:1]
[('别放糖 我在控糖', 'lifted')]
"""

from __future__ import annotations

import re
from typing import Callable

from .. import _graph as g
from .._units import LiftUnit, _Unit
from .context import MessageContext

#: (en) the cue saying a thing is not needed, and the thing after it to the end of its piece ("there's no need to …" is
#: found by its "no need": fix32 took out the optional "there's" before it, which a search never needed)
_EN_NO_NEED = re.compile(r"\b(?:no need|(?:do|does) ?n[o'’]?t need|needn[o'’]?t"
                         r"|not (?:necessary|needed))\b(?: (?:to|for))?\s+(?P<thing>[^,.;:!?]+)", re.I)
#: (zh) the same, written in segmented writing (Cantonese 唔使 / 唔需要 among them); (fix32) not inside an A-not-A question
#: typed without its question mark ("用不用提前打电话", "需不需要发票", "使唔使预约"): it asks, it takes nothing back
_ZH_NO_NEED = re.compile(r"(?:(?<!用)不用|(?<!必)不必|(?<!使)唔使|(?<!洗)唔洗|(?<!需)唔需要|(?<!需)不需要|无须|无需|没必要|用不着)"
                         r"(?:再)?(?P<thing>[^\s，,。！!？?；;]+)")
#: (fix32, en) "X is not needed": the thing is the subject before the cue ("so French is not needed now"), not the words
#: after it ("a ladder is not needed for the roof" says nothing of the roof); a dummy subject ("it is not necessary to
#: finish by 10") leaves the thing to the words after the cue (:data:`_EN_NO_NEED`)
_EN_NOT_NEEDED = re.compile(r"(?P<thing>[^,.;:!?]+?)\s+(?:is|are|was|were|’s|'s)\s+not\s+(?:necessary|needed)\b", re.I)
#: the cue of :data:`_EN_NOT_NEEDED` alone: found first, so the lazy subject is only looked for in the piece that holds it
#: (searched over the whole clause, the subject made every clause quadratic: 8,000 words without a stop took 13 s)
_EN_NOT_NEEDED_CUE = re.compile(r"\s+(?:is|are|was|were|’s|'s)\s+not\s+(?:necessary|needed)\b", re.I)
_EN_DUMMY = re.compile(r"(?:.*\s)?(?:it|that|this|there)", re.I | re.S)
#: a negator: a thing said negated ("一定无糖", "without sugar") or a rule piece that rules a thing out
_NEGATED = re.compile(r"[不别没唔莫无免勿]|\b(?:no|not|never|without|nothing)\b|n['’]t\b", re.I)
_EN_PIECES = re.compile(r"[^,.;:!?]+")
_ZH_PIECES = re.compile(r"[^\s，,。！!？?；;]+")


#: how much two texts share, as the constraints step reads it (``cues._named_overlap``): passed in, cues reads this module
Overlap = Callable[[MessageContext, str, str], int]


def no_need(ctx: MessageContext, clause: str, overlap: Overlap) -> list[_Unit]:
    """The lift of the one active rule whose asked-for thing the user's ``clause`` says is not needed (the caller passes
    no clause that asks); ``overlap`` tells whether a rule's piece names the thing.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "user", "content": "送的时候别按门铃"},
    ...                 {"role": "user", "content": "对 不用按门铃 孩子在睡觉"}])
    >>> [(c.text, c.status) for c in t.state().constraints][:1]
    [('送的时候别按门铃', 'active')]
    """
    if ctx.role != "user":
        return []
    thing = _thing(clause, ctx.profile.segmented)
    if not thing:
        return []
    named = [cid for cid, d in g.open_items(ctx.graph, "constraint") if _says_alike(ctx, thing, d["text"], overlap)]
    return [LiftUnit(constraint=cid) for cid in named if len(named) == 1]


def _thing(clause: str, segmented: bool) -> str | None:
    """The thing ``clause`` says is not needed, or None: (en) the subject of "X is not needed", else the words after
    the cue.

    >>> _thing("a ladder is not needed for the roof", False), _thing("so no need to finish by 10pm", False)
    ('a ladder', 'finish by 10pm')
    >>> _thing("it is not necessary to finish by 10", False), _thing("对 不用按门铃", True)
    ('finish by 10', '按门铃')
    """
    if not segmented and (cue := _EN_NOT_NEEDED_CUE.search(clause)):
        # no match can start before the stop that ends the piece before the cue: the subject holds no stop
        piece = max(clause.rfind(stop, 0, cue.start()) for stop in ",.;:!?") + 1
        if (m := _EN_NOT_NEEDED.search(clause, piece)) and not _EN_DUMMY.fullmatch(m.group("thing")):
            return m.group("thing").strip()
    m = (_ZH_NO_NEED if segmented else _EN_NO_NEED).search(clause)
    return m.group("thing") if m else None


#: (user35) a rule piece that forbids a deed unless another is done first ("dont replace any parts without asking me
#: first"): what follows "without" is asked for, said plain ("no need to ask" takes it back)
_WITHOUT = re.compile(r"\bwithout\s+(?P<asked>[^,.;:!?]+)", re.I)
#: the negator before "without", the apostrophe left out as users type it ("dont", "cant") among them
_FORBIDS = re.compile(r"\b(?:no|not|never|nothing|nobody|dont|cant|wont)\b|n['’]t\b", re.I)


def _pieces(ctx: MessageContext, rule: str) -> list[str]:
    """The comma pieces of ``rule``, and in spaced writing what a "<no> … without <X>" piece asks for, plain.

    >>> from types import SimpleNamespace
    >>> en = SimpleNamespace(profile=SimpleNamespace(segmented=False))
    >>> _pieces(en, "pls dont replace any parts without asking me first")
    ['pls dont replace any parts without asking me first', 'asking me first']
    """
    pieces = (_ZH_PIECES if ctx.profile.segmented else _EN_PIECES).findall(rule)
    if ctx.profile.segmented:
        return pieces
    return pieces + [m.group("asked") for p in pieces if (m := _WITHOUT.search(p)) and _FORBIDS.search(p[:m.start()])]


def _says_alike(ctx: MessageContext, thing: str, rule: str, overlap: Overlap) -> bool:
    """Whether a piece of ``rule`` names ``thing`` and, like it, negates or does not.

    >>> from types import SimpleNamespace
    >>> en, words = SimpleNamespace(profile=SimpleNamespace(segmented=False)), lambda ctx, a, b: "French" in a and "French" in b
    >>> _says_alike(en, "a French speaker", "The guide must speak French, please", words)
    True
    >>> _says_alike(en, "a French speaker", "Don't send a French guide", words)  # the rule rules the thing out: said again
    False
    """
    pieces = _pieces(ctx, rule)
    negated = _NEGATED.search(thing)
    return any((overlap(ctx, thing, p) or negated and _same_deed_negated(ctx, thing[negated.end():], p))
               and bool(_NEGATED.search(p)) == bool(negated) for p in pieces)


def _same_deed_negated(ctx: MessageContext, after: str, piece: str) -> bool:
    """In segmented writing, whether what a negated thing says after its negator ("无糖" -> 糖) is in what a rule
    piece rules out after its negator ("唔好加糖" -> 加糖).

    >>> from types import SimpleNamespace
    >>> zh = SimpleNamespace(profile=SimpleNamespace(segmented=True))
    >>> _same_deed_negated(zh, "糖", "但系唔好加糖"), _same_deed_negated(zh, "糖", "唔好打电话"), _same_deed_negated(zh, "", "唔好加糖")
    (True, False, False)
    """
    m = _NEGATED.search(piece)
    return bool(ctx.profile.segmented and after and m and after in piece[m.end():])
