"""A rule and its reason are one rule (issue 19, cons11).

Users often say a rule and, in the same breath, the situation behind it: "weekday evenings only, he's at
work till 6", 我工作日没空，只能周末, 不要拆内饰门边啊，上次别家拆坏过卡扣. The busy-time frames read the
situation as a rule of its own ("he's at work till 6"), so the state held two rules where the user set one,
and the second is one no annotator lists (blind6-blind10: a recurring kind of unlisted rule). This module
folds such a *situation* into the rule beside it: one rule whose text runs from the first to the last, so the
reason stays with the rule it explains (the model reading the state sees why), and nothing is dropped.

A situation is said by its structure, not its words: a person (the speaker, a third party: I / we / he /
my son, 我 / 他 / 孩子) or a past time (last time, 上次) is its subject, and it holds no directive to the
service (no negation, modal of need, limit, "only", request or preference). "I'm at work mondays" alone stays
a rule: only a situation beside a directive rule of the same message is folded.

>>> from ctxgraph._units import ConstraintUnit
>>> text = "weekday evenings only, he's at work till 6"
>>> units = [ConstraintUnit(text="weekday evenings only", polarity="must"),
...          ConstraintUnit(text="he's at work till 6", polarity="must_not")]
>>> [(u.text, u.polarity) for u in fold_reasons(text, units, "en")]
[("weekday evenings only, he's at work till 6", 'must')]
"""

from __future__ import annotations

import re
from typing import Iterable

from .._units import ConstraintUnit, _Unit

#: a directive to the service, by closed classes: negation, a modal of need, a limit, "only", a request, a
#: preference ("not mondays", "has to be after 6", "only weekends", "please", "ideally", "max 300")
_DIRECTIVE_EN = re.compile(
    r"\b(?:no|not|never|nothing|none|nobody|don'?t|dont|do not|doesn'?t|cannot|can'?t|cant|won'?t|wont|mustn'?t|must|"
    r"shouldn'?t|should|needs?|has to|have to|got to|gotta|only|please|pls|plz|keep|avoid|make sure|ideally|"
    r"preferably|prefer|rather|max(?:imum)?|min(?:imum)?|at (?:least|most)|more than|less than|under|within|"
    r"budget|limit|can|could|would|will|want|like)\b|n't\b|'(?:d|ll)\b", re.I)
_DIRECTIVE_ZH = re.compile(r"不(?!过|少|久|错)|别(?![家人的处])|没(?=法|办法)|勿|必须|只|得|务必|需要|最好|尽量|希望|请|麻烦|记得|"
                           r"一定|千万|以内|之内|以前|之前|以后|之后|超过|最多|至少|预算|能|可以|想")
#: its subject is a person or a past time: the speaker or someone else, not the service
_SUBJECT_EN = re.compile(r"^\W*(?:(?:and|but|so|as|because|cos|since|coz|oh)\s+)?(?:(?:mondays?|tuesdays?|wednesdays?|thursdays?|"
                         r"fridays?|saturdays?|sundays?|weekdays?|weekends?|mornings?|afternoons?|evenings?)\s+)?"
                         r"(?:i|i'm|im|i've|ive|we|we're|were|we've|he|he's|hes|she|she's|shes|they|they're|theyre|"
                         r"(?:my|our|his|her|their) [a-z]+|last time|the last time)\b", re.I)
_SUBJECT_ZH = re.compile(r"^\W*(?:对了|还有|而且|另外|因为|所以)?\W*(?:[上下中]午|晚上|早上|白天|平时|工作日|周[一二三四五六日末]|星期[一二三四五六日天]|"
                         r"[那这今明后每]天|\d+号|[一二三四五六七八九十]+号|\d+点)*(?:我|他|她|孩子|家里|老人|上次|之前|以前|那次)")
#: (cons21) what a person cannot do themselves ("转账我不会弄", "我不方便接电话"): their situation, no directive;
#: (fix23) not with a result after the verb: "不会用完", "不会弄坏" say what will not happen (不会 = will not)
_UNABLE_ZH = re.compile(r"不会[用弄](?![完到光掉坏丢脏错乱断破])|弄不来|搞不来|整不来|用不来|不方便接")
#: (cons22) a habit of the speaker's own ("I don't do email really", "I do not care for paying things online"): said
#: beside a request ("send everything by post please, I don't do email really") it is that request's reason
_OWN_HABIT_EN = re.compile(r"\bi (?:really |just )?(?:do not|don'?t|never) (?:really )?(?:do|care for|read|check|look at|bother with)\b", re.I)
#: (user34) someone away from where the service comes ("平时我不在家", "白天家里没人", "I'm not home on weekdays"): their
#: situation, no directive, though said with a negation
_AWAY_ZH = re.compile(r"(?:不|没)在家|家里?没(?:有)?人|不在本地|不在国内")
_AWAY_EN = re.compile(r"\b(?:i'?m|im|i am|we'?re|we are|he'?s|hes|he is|she'?s|shes|she is|they'?re|they are|nobody'?s|nobody is|no one'?s|no one is)"
                      r"\s+(?:not\s+)?(?:usually\s+|ever\s+)?(?:at\s+)?(?:home|in|around|back)\b", re.I)
#: what may stand between a rule and its reason: punctuation, spaces, a word that gives a reason
_GAP = re.compile(r"^[\s,，;；.。!！—–-]*(?:(?:so|as|because|cos|since|因为|所以)\s*)?[\s,，;；]*$", re.I)


def is_situation(text: str, lang: str) -> bool:
    """Whether a rule's text only says how things stand for the user (a reason), no directive to the service.

    >>> [is_situation(t, "en") for t in ("he's at work till 6", "I'm on shift till 5", "not mondays", "weekday evenings only")]
    [True, True, False, False]
    >>> [is_situation(t, "en") for t in ("I don't do email really", "I don't do email, please post it")]
    [True, False]
    >>> [is_situation(t, "zh") for t in ("我工作日没空", "上次别家拆坏过卡扣", "上午我要送儿子去补课", "只能周末", "别约上午")]
    [True, True, True, False, False]
    >>> [is_situation(t, "zh") for t in ("转账我不会弄", "转账我不会弄 别发链接", "平时我不在家", "白天家里没人")]
    [True, False, True, True]
    >>> [is_situation(t, "en") for t in ("I am not home on weekdays", "I'm not home so don't ring")]
    [True, False]
    """
    if lang == "zh":
        own = re.sub(r"(?:我|我们|他|她|孩子)(?:都|也|还)?要", "", text)  # 我要上班: the speaker's own duty, not a rule
        unable = _UNABLE_ZH.search(own)  # cons21: "转账我不会弄" beside "钱我只要现金" is its reason
        own = _AWAY_ZH.sub("", _UNABLE_ZH.sub("", own))
        return bool(_SUBJECT_ZH.search(text) or unable) and not _DIRECTIVE_ZH.search(own)
    return bool(_SUBJECT_EN.search(text)) and not _DIRECTIVE_EN.search(_AWAY_EN.sub("", _OWN_HABIT_EN.sub("", text)))


def fold_reasons(text: str, units: list[_Unit], lang: str) -> list[_Unit]:
    """``units`` with each situation that stands next to a directive rule of the same message (``text``) folded
    into it: one rule spanning both, with the directive's polarity. Situations with no directive rule beside them,
    and rules not found verbatim in the message, stay as they are."""
    rules = [(text.find(u.text), u) for u in units if isinstance(u, ConstraintUnit)]
    spans = sorted((at, at + len(u.text), u) for at, u in rules if at >= 0)
    folded: dict[int, ConstraintUnit] = {}  # id of a directive unit -> its folded unit
    gone: set[int] = set()
    for (s1, e1, a), (s2, e2, b) in zip(spans, spans[1:]):
        if id(a) in gone or id(b) in gone or not _GAP.match(text[e1:s2]):
            continue
        sa, sb = is_situation(a.text, lang), is_situation(b.text, lang)
        if sa == sb:
            continue
        rule, reason = (b, a) if sa else (a, b)
        base = folded.get(id(rule), rule)
        start = min(s1, text.find(base.text))
        end = max(e2, text.find(base.text) + len(base.text))
        folded[id(rule)] = base.model_copy(update={"text": text[start:end].strip(), "stressed": rule.stressed or reason.stressed})
        gone.add(id(reason))
    kept = [folded.get(id(u), u) for u in units if id(u) not in gone]
    return [_with_reason_after(text, u, lang) if isinstance(u, ConstraintUnit) else u for u in kept] if lang == "en" else kept


#: (cons29en) the clause right after a rule, up to the next comma or the sentence's end
_NEXT_CLAUSE = re.compile(r"\s*,\s*(?P<clause>[^,;.!?]{6,80})(?=[,;.!?]|$)")


#: (cons29en) a word of four letters or more, without a plural "s" ("Mondays" names "Monday")
_WORD = re.compile(r"[a-z]{4,}", re.I)


def _words(text: str) -> set[str]:
    """(cons29en) The longer words of ``text``, lower case, without a plural "s": what a rule and its reason can share.

    >>> sorted(_words("Not Mondays, bridge on Monday"))
    ['bridge', 'monday']
    """
    return {w.lower().removesuffix("s") for w in _WORD.findall(text)}


def _with_reason_after(text: str, unit: ConstraintUnit, lang: str) -> ConstraintUnit:
    """(cons29en) A rule with the situation said right after it, in the next clause of its sentence, that no rule
    cue read: "Not Monday, I have bridge on Mondays" is one rule with its reason (the reason is what a reader keeps:
    bridge), as "weekday evenings only, he's at work till 6" is when the busy-time cues read the reason.

    >>> u = ConstraintUnit(text="Not Monday", polarity="must_not")
    >>> _with_reason_after("Not Monday, I have bridge on Mondays. Wednesday.", u, "en").text
    'Not Monday, I have bridge on Mondays'
    >>> _with_reason_after("Not Monday, Wednesday please.", u, "en").text
    'Not Monday'
    >>> _with_reason_after("Not Monday, we're flexible on times.", u, "en").text
    'Not Monday'
    """
    at = text.find(unit.text)
    if at < 0:
        return unit
    m = _NEXT_CLAUSE.match(text, at + len(unit.text))
    if not m or not is_situation(m.group("clause"), lang) or not _words(unit.text) & _words(m.group("clause")):
        return unit  # (a situation that does not name the rule's thing, "no gold, we're flexible on times", is no reason of it)
    return unit.model_copy(update={"text": text[at:m.end()].strip()})


def in_folded_rule(active: Iterable[str], text: str, lang: str) -> bool:
    """Whether ``text`` is a part of an active rule folded with its reason: said again ("weekday evenings only" after
    "weekday evenings only, he's at work till 6"), it is that rule, no new one.

    >>> rules = ["weekday evenings only, he's at work till 6"]
    >>> in_folded_rule(rules, "weekday evenings only", "en"), in_folded_rule(rules, "he's at work till 6", "en")
    (True, True)
    >>> in_folded_rule(["no calls please, text only"], "text only", "en")
    False
    """
    for rule in active:
        at = rule.find(text)
        if at < 0 or rule == text:
            continue
        rest = (rule[:at] + " " + rule[at + len(text):]).strip(" ,，;；.。!！")
        if is_situation(text, lang) or is_situation(rest, lang):
            return True
    return False
