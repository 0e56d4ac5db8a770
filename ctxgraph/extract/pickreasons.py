"""A busy time said beside the time the user picks instead is that pick's reason, no rule (issue 19, cons31).

The busy-time frames read the user's situation as a rule ("周六公司要加班", "I'm at work mondays"): a rule
no annotator lists when, in the same message, the user picks another time ("能不能改到20号周日，周六公司要加班",
"周日那个，周六她还有英语课", "I'm at work mondays. wednesday."): the pick is the state (a date the facts hold),
the busy time only says why. :func:`ctxgraph.extract.reasons.fold_reasons` folds a situation into a directive rule
beside it; this module drops a situation whose only neighbour is a pick. A situation stays a rule when the message
picks nothing else, or leaves other times open ("上午我要陪孩子上课，下午两点以后可以": the busy morning is the rule
the allowance leaves), or says a directive of its own ("周五不行要上班").

>>> from ctxgraph._units import ConstraintUnit
>>> u = ConstraintUnit(text="周六公司要加班", polarity="must_not")
>>> [x.text for x in drop_pick_reasons("能不能改到20号周日，周六公司要加班", [u], ["20号"], "zh")]
[]
>>> [x.text for x in drop_pick_reasons("这周六吧。上午我要陪孩子上课，下午两点以后可以。",
...   [ConstraintUnit(text="上午我要陪孩子上课", polarity="must_not")], ["这周六", "下午两点以后"], "zh")]
['上午我要陪孩子上课']
"""

from __future__ import annotations

import re
from typing import Iterable, Sequence

from .._units import ConstraintUnit, _Unit
from .reasons import _DIRECTIVE_EN, is_situation

#: (zh) what keeps a person busy at a time, or the house empty: a duty, a trip, nobody home
_BUSY_ZH = re.compile(r"上班|加班|夜班|值班|开会|出差|上课|补课|补习|英语课|游泳|考试|面试|培训|康复|接孩子|送孩子|"
                      r"不在家|没人|冇人|都不在|跑车")
#: (zh) the duty's own 要 / 得 / 还有 ("周五要加班": the speaker's duty, not a must of the service)
_OWN_DUTY_ZH = re.compile(r"(?:都|也|还|临时)?(?:要|得|还有)(?=[^，,。！？\s]{0,4}(?:" + _BUSY_ZH.pattern + "))")
#: (zh) a directive word left in the busy piece once the duty's 要 is gone: 不行, 别, 只, 必须 ... (not 不在家)
_DIRECTIVE_ZH = re.compile(r"不(?!在家|过)|莫|得|别(?![家人的处])|只|必须|务必|最好|尽量|请|麻烦|一定|千万|以内|之前|以前|以后|之后|能|可以")
#: (en) where a person is or what keeps them busy: away, at work, out, at somebody's, in a place, working
_BUSY_EN = re.compile(r"\b(?:away|abroad|at work|out|at (?:my|our|his|her|the) [\w']+|in (?-i:[A-Z])\w+|working|busy|teaching|"
                      r"on (?:shift|holiday|nights))\b", re.I)
#: a busy time that recurs (weekdays, daytime, every Monday): a standing rule, whatever the message picks
_HABIT_ZH = re.compile(r"平日|平时|工作日|白天|每天|天天|每周|每个|周末|一般|经常|老是")
_HABIT_EN = re.compile(r"\b(?:weekdays|weekends|(?:mon|tues|wednes|thurs|fri|satur|sun)days|every|usually|always|during the day|all week)\b", re.I)
#: (en) a correcting "no" before the busy time ("actually no im at my mums all day wed"): no directive
_CORRECTING_NO_EN = re.compile(r"^\W*(?:(?:actually|oh|ah|wait|sorry)\W+)*no\b(?:\W+(?:wait|hang on|sorry))?\W*", re.I)
#: (zh) a time the user picks: a date, a weekday, a part of the day, a clock
_TIME_ZH = re.compile(r"\d+\s*[号日]|[一二三四五六七八九十]+[号日]|周[一二三四五六日天末]|星期|礼拜|[上下中]午|早上|晚上|明天|后天|\d+\s*点")
#: (en) a time the user picks: a weekday, a day of the month, a part of the day
_TIME_EN = re.compile(r"\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|"
                      r"\d{1,2}(?:st|nd|rd|th)|mornings?|afternoons?|evenings?|tomorrow)\b", re.I)
#: other times left open: the busy time is then the rule they leave ("下午两点以后可以", "上午没问题", "Friday is fine")
_LEAVES_OPEN = re.compile(r"可以(?![吗不么])|没问题|都行|也行|都可|\b(?:is|are|'s) (?:fine|ok|okay)\b|\bworks\b|\bsuits\b", re.I)


def busy_pieces(text: str, lang: str) -> list[str]:
    """The pieces of a rule's text that only say a busy time (a situation, no directive).

    >>> busy_pieces("13号下午那个 周五要加班", "zh"), busy_pieces("周五不行要上班", "zh")
    (['周五要加班'], [])
    >>> busy_pieces("I'm at work on the 3rd", "en"), busy_pieces("I'm at work mondays", "en"), busy_pieces("工作日家里没人", "zh")
    (["I'm at work on the 3rd"], [], [])
    >>> busy_pieces("actually no im at my mums all day wed, tuesday", "en"), busy_pieces("not thursday, im out all day", "en")
    (['im at my mums all day wed'], [])
    """
    if lang == "zh":
        pieces = _pieces(text, lang)
        if any(_DIRECTIVE_ZH.search(_OWN_DUTY_ZH.sub("", p)) for p in pieces):
            return []  # a rule folded with its reason ("只有晚上七点以后在屋头，我白天上班") stays
        return [p for p in pieces if _BUSY_ZH.search(p) and not _HABIT_ZH.search(p)]
    pieces = [p for p in (_CORRECTING_NO_EN.sub("", p).strip() for p in _pieces(text, lang)) if p]
    busy = [p for p in pieces if is_situation(p, lang) and _BUSY_EN.search(p) and not _HABIT_EN.search(p)]
    if not busy or any(_DIRECTIVE_EN.search(p) for p in pieces if p not in busy):
        return []
    return busy


#: (zh) a time picked by its words: said with 吧, 那个, 的, or asked to be taken ("30号吧", "晚上那个", "12号行不行")
_PICK_ZH = re.compile(r"(?:吧|那个|的|行不行|可以不|好了)$")


def _pieces(text: str, lang: str) -> list[str]:
    """The pieces of ``text`` between commas, full stops and (zh) spaces."""
    return [p for p in re.split(r"[\s，,。！？!?；;]+" if lang == "zh" else r"[,.;!?]+", text) if p.strip()]


def _leaves_open(text: str, lang: str) -> bool:
    """Whether the message leaves another time open: a piece with a time and a word that allows ("下午两点以后可以",
    "上午没问题", "周末其实也行了"; not "其实外地的也行", which allows a place).

    >>> _leaves_open("周日上午的 他周六要加班。对了 其实外地的也行", "zh"), _leaves_open("上午我要陪孩子上课，下午两点以后可以", "zh")
    (False, True)
    """
    time_rx = _TIME_ZH if lang == "zh" else _TIME_EN
    return any(_LEAVES_OPEN.search(p) and time_rx.search(p) for p in _pieces(text, lang))


def _picked_elsewhere(text: str, pieces: Sequence[str], values: Iterable[str], lang: str) -> bool:
    """Whether ``text`` (the message) names a time among ``values`` (its facts) outside the busy ``pieces``, or
    (zh) a piece outside them picks a time by its words ("30号吧", "晚上那个").

    >>> _picked_elsewhere("晚上那个 下午要上班", ["下午要上班"], [], "zh")
    True
    """
    time_rx = _TIME_ZH if lang == "zh" else _TIME_EN
    spans = [(at, at + len(p)) for p in pieces if (at := text.find(p)) >= 0]
    if lang == "zh" and any(p not in pieces and time_rx.search(p) and _PICK_ZH.search(p) for p in _pieces(text, lang)):
        return True
    for v in values:
        v = str(v).strip()
        if not v or not time_rx.search(v) or any(v in p for p in pieces):
            continue
        for m in re.finditer(re.escape(v), text):
            if not any(s <= m.start() < e for s, e in spans):
                return True
    return False


def drop_pick_reasons(text: str, units: list[_Unit], values: Iterable[str], lang: str) -> list[_Unit]:
    """``units`` without the rules that only say a busy time when the message (``text``) picks another time among
    its facts' ``values`` and leaves no other time open."""
    values = list(values)
    if _leaves_open(text, lang):
        return units
    return [u for u in units if not (isinstance(u, ConstraintUnit) and _busy_and_picked(text, u.text, values, lang))]


def is_pick_reason(text: str, rule: str, values: Iterable[str], lang: str) -> bool:
    """Whether ``rule`` only says a busy time and the message ``text`` picks another time among ``values``.

    >>> is_pick_reason("周日那个，周六她还有英语课", "周六她还有英语课", ["周日"], "zh")
    True
    >>> is_pick_reason("周六她还有英语课", "周六她还有英语课", [], "zh")
    False
    """
    return not _leaves_open(text, lang) and _busy_and_picked(text, rule, values, lang)


def _busy_and_picked(text: str, rule: str, values: Iterable[str], lang: str) -> bool:
    """Whether ``rule`` only says a busy time and ``text`` picks another time among ``values`` (the message's leaving
    another time open is checked by the caller, once a message)."""
    pieces = busy_pieces(rule, lang)
    return bool(pieces) and _picked_elsewhere(text, pieces, values, lang)
