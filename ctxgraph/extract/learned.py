"""Rules the learned constraint reader finds beside the rule readers (issue 19, cons8).

The constraint readers (:mod:`ctxgraph.extract.cues`) read a rule by the frame it is said in;
the learned reader (:func:`ctxgraph.models.load_constraint_reader`, a CRF over the clauses of
a user message, features by structure only) marks the clauses that state a rule whatever the
frame. This step makes a rule of each clause the model marks that the rule readers left alone:
not one a rule of this message already covers, not a question, not a lift, not a rule already
active. Its text is the user's whole clause, so the rule keeps its object. In a pack with domains
(booking) it makes nothing: there the facts hold what the user needs (issue 21).

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> _ = t.observe({"role": "user", "content": "need the boiler serviced"})
>>> _ = t.observe({"role": "assistant", "content": "Any particular requirements?"})
>>> _ = t.observe({"role": "user", "content": "the dog is nervous so please no loud tools near the kitchen"})
>>> [c.text for c in t.state().constraints]
['the dog is nervous so please no loud tools near the kitchen']
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher
from typing import Any, Callable

from .. import _graph as g
from .._units import ConstraintUnit, FactUnit, _Unit
from ..models import load_constraint_reader
from ..models._clause_features import EN_CLASSES, ZH_CLASSES, _classes, mask_zh_false_negation
from .context import MessageContext
from .pickreasons import is_pick_reason
from .reasons import in_folded_rule
from .registry import step
from .text import clauses, first_match, in_spans

#: a clause the model marks is the same rule as one a rule reader made when they share this much
_SAME_RULE_CHARS = 6
_NEG_EN = frozenset(EN_CLASSES["NEG"])


def _overlaps(a: str, b: str) -> bool:
    """Whether two texts are one rule's: one holds the other, or they share a run of
    :data:`_SAME_RULE_CHARS` characters (or all of the shorter one).

    >>> _overlaps("漆不要动", "修就行，漆不要动，保持原样")
    True
    >>> _overlaps("no studs", "keep it under 700")
    False
    """
    a, b = a.strip().lower(), b.strip().lower()
    if not a or not b:
        return False
    if a in b or b in a:
        return True
    m = SequenceMatcher(None, a, b, autojunk=False).find_longest_match(0, len(a), 0, len(b))
    return m.size >= min(_SAME_RULE_CHARS, len(a), len(b))


def _bounds(clause: str, lang: str) -> bool:
    """Whether the clause negates, bounds or places its value in time ("so before that really", "not will call"):
    then a value the message also records as a fact does not make it a mere pick.

    >>> _bounds("the sheep come back on the 20th of May so before that really", "en"), _bounds("Wednesday at 2:15 please", "en")
    (True, False)
    """
    return bool(_classes(clause, lang) & {"NEG", "NEGW", "BOUND", "TREL"})


#: English phrases that leave a choice open or allow something (a closed class; zh: ``ZH_CLASSES["LIFT"]``)
_ALLOWS_EN = re.compile(r"\b(?:does ?n[o']?t matter|do ?n[o']?t mind|(?:is|are|'s|s) (?:fine|ok|okay)|no worries"
                        r"|(?:do|does) ?n[o']?t (?:need|have) to|no need to)\b", re.I)  # (fix16) a negated need leaves it open


def _allows(clause: str, lang: str) -> bool:
    """Whether the clause allows rather than rules: "侧窗后挡深一点没关系", "but 11 is fine".

    >>> _allows("侧窗后挡深一点没关系", "zh"), _allows("but 11 is fine", "en"), _allows("keep it under 700", "en")
    (True, True, False)
    >>> _allows("we don't need to complete before 30 june", "en")
    True
    """
    if lang == "zh":
        return any(w in clause for w in ZH_CLASSES["LIFT"])
    return bool(_ALLOWS_EN.search(clause))


#: (user31zh) words with 不 that negate nothing: "however", "not bad", "quite a few", "not only", "no matter", "soon"
_ZH_NOT_NEGATING = re.compile(r"不过|不错|不少|不但|不仅|不管|不论|不久")


def _polarity(clause: str, lang: str) -> str:
    """The rule's polarity: must_not when the clause holds a word of negation, (user31zh) not one of the words with
    不 that negate nothing (:data:`_ZH_NOT_NEGATING`) nor (user32zh) the 别 of "特别", "分别", "别的".

    >>> _polarity("下礼拜二吧 不过我只有午休时间 12点到1点半", "zh"), _polarity("不过千万别放香菜", "zh")
    ('must', 'must_not')
    >>> _polarity("一定要特别小心", "zh")
    'must'
    """
    if lang == "zh":
        clause = mask_zh_false_negation(_ZH_NOT_NEGATING.sub("", clause))
        return "must_not" if any(w in clause for w in ZH_CLASSES["NEG"]) else "must"
    words = set(clause.lower().replace("'", "").replace("’", "").split())
    return "must_not" if words & _NEG_EN else "must"


#: (model32) a bare "not yet" that puts off what the assistant offered: no thing to keep, so no rule
_NOT_YET_EN = re.compile(r"^\W*(?:(?:no|ok|okay|but|please|pls|plz|just|maybe|erm|um)\W+)*not\W+(?:yet|now|right now|today)"
                         r"(?:\W+(?:please|pls|plz|thanks))?\W*$", re.I)


def _left_to_others(clause: str, lang: str, opens: bool = True) -> bool:
    """(model32) Whether a clause the model marks is another reader's, not a rule: a bare "not yet" that puts off an
    offer (it keeps nothing). (fix32) Only as the reply's opening (``opens``: nothing before it in the message): after
    what the user asks for ("Any weekday is fine. Not today please.") "not today" rules a day out.

    >>> _left_to_others("please not yet", "en"), _left_to_others("ok not now", "en")
    (True, True)
    >>> _left_to_others("not before 10 please", "en"), _left_to_others("Not today please.", "en", opens=False)
    (False, False)
    """
    return lang == "en" and opens and bool(_NOT_YET_EN.match(clause))


def reader_for(ctx: MessageContext, load: Callable[[str], Any]) -> Any:
    """The learned reader ``load`` gives for the message's language, or None where the learned readers stay
    out: none ships for the language; a pack with domains (its facts hold what the user needs and the
    booking's acts, issue 21: "a train leaving after 12:00" is a search); a chat among named participants
    (a group chat, LoCoMo: what they say to each other is no rule or promise for the assistant)."""
    if ctx.pack.domain_rx is not None or len(ctx.graph.graph.get("speakers") or {}) >= 2:
        return None
    return load(ctx.profile.code)


@step("learned_constraints", roles=("user",))
def learned_constraints(ctx: MessageContext) -> list[_Unit]:
    reader = reader_for(ctx, load_constraint_reader)
    parts = clauses(ctx.text) if reader is not None else []
    if not parts:
        return []
    probs = reader([c.strip() for _, c in parts], ctx.assistant_before)  # what the model was trained with
    made = [u.text for u in ctx.units_of(ConstraintUnit)]
    facts = [u for u in ctx.units_of(FactUnit) if u.value]
    values = [str(u.value) for u in facts]
    corrected = [str(u.value) for u in facts if u.correction or u.supersedes]
    units: list[_Unit] = []
    for (offset, clause), p in zip(parts, probs):
        c = clause.strip()
        if p < reader.threshold or c.endswith(("?", "？")) or in_spans(offset, ctx.asked):
            continue
        if len(c.splitlines()) > 1:
            continue  # lines the clause split left joined (a CR, U+2028 ...): pasted text, not one said rule
        if any(_overlaps(c, t) for t in made) or first_match(ctx.pack.lifts, c):
            continue
        if _left_to_others(c, ctx.profile.code, opens=not ctx.text[:offset].strip()):
            continue  # (model32) "please not yet": no rule
        if g.is_active_rule(ctx.graph, c) or in_folded_rule(ctx.graph.graph["active_rules"], c, ctx.profile.code) \
                or any(v in c for v in corrected) or _allows(c, ctx.profile.code):
            continue  # a correction ("the total was $4,680 not 4,860"), a leave ("深一点没关系", "11 is fine")
        if is_pick_reason(ctx.text, c, values, ctx.profile.code):
            continue  # (cons31) "不过周六上午我爸要做康复 … 能不能改到下午": the busy time is the pick's reason
        if any(v in c for v in values) and not _bounds(c, ctx.profile.code):
            continue  # a value this message records is a fact: a pick or an answer ("Wednesday at 2:15 please")
        units.append(ConstraintUnit(text=c, polarity=_polarity(c, ctx.profile.code), stressed=ctx.stressed))
        made.append(c)
    return units
