"""Words of the acts that move a count without a new total (issue 19, counts20): "add 2 more", "take one off",
"再加两个", "少订一辆" - shared by the counts step, which retracts the count they move, and the changes step, whose
restated counts leave a number inside one alone (a module of their own, so that neither step imports the other); and
(acts22) the measure words of time, which a count of things in another measure word never moves ("改成4条" is no new
"1个小时"), read by the facts and changes steps.

>>> from types import SimpleNamespace as N
>>> moved_spans(N(lang="en", text="add 2 more, thanks"))
[(0, 10)]
"""

from __future__ import annotations

import re

from .context import MessageContext

_WORD_NUMBER = (r"two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
                r"seventeen|eighteen|nineteen|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ](?:one|two|"
                r"three|four|five|six|seven|eight|nine))?|a dozen|a hundred")
#: a count of two or more: digits (with thousands' commas) or words; one thing has no plural
_NUMBER = rf"(?:\d{{1,3}}(?:,\d{{3}})+|\d{{1,4}}|{_WORD_NUMBER})"
#: a plural noun: a word ending in s (not -ss, -us, -is: "class", "bus", "this") or an irregular plural
_PLURAL = r"(?:[a-z]{2,}s(?<![siu]s)|people|children|men|women|geese|mice|teeth|feet)"
#: (fix32) a word right before a number that makes it no count of things: a count ruled out ("not 2 frames", "no 18"), a
#: clock, a date, a rank or a house number ("at 5", "by 3", "year 3", "flat 2", "gate 12"); the counts and recounts steps
#: both read it (they held two copies of it)
RANK_BEFORE = (r"not|no|at|by|after|before|until|till|from|number|flat|unit|room|year|page|size|age|aged|step|level|floor|"
               r"platform|gate|table")

#: (counts20) an increment or a decrement of a count with no new total: "add 2 more", "2 more paddles", "one less",
#: "take one off"; the plural noun after it, if any, names the thing
_EN_MOVE = re.compile(rf"\b(?:(?:add|adding|plus|another)\s+)?(?P<num>{_NUMBER}|one|an?)\s+(?:more|less|fewer|extra)\b"
                      rf"(?:\s+(?P<noun>{_PLURAL}|[a-z]{{3,}})\b)?|\btake\s+(?:{_NUMBER}|one)\s+off\b", re.I)
#: (counts20) zh: "再加两个", "多订一间", "少订一辆", "去掉一个", "减两份"; the noun after the measure word, if any
_ZH_MOVE = re.compile(r"(?:再(?:加|订|要|买|来|多)?|多(?:加|订|要|买|来)|加订|少(?:订|要|买|来)?|去掉|减(?:少|掉)?)"
                      r"(?P<num>[0-9一二两三四五六七八九十几]+)[个间辆张份台把只位件套桌箱盒杯瓶顶条块本]"
                      r"(?P<noun>(?![吧呢啊了呀嘛哦的就吗好给来过也都])[\u4e00-\u9fff]{1,3})?")


def moved_spans(ctx: MessageContext) -> list[tuple[int, int]]:
    """(counts20) The spans of the message's acts that move a count with no new total ("再加两个", "add 2 more"): a
    number inside one is no total of the thing.

    >>> from types import SimpleNamespace as N
    >>> moved_spans(N(lang="zh", text="再加两个吧"))
    [(0, 4)]
    """
    return [m.span() for m in (_ZH_MOVE if ctx.lang == "zh" else _EN_MOVE).finditer(ctx.text)]


#: (acts22) a zh count and its measure word, alone ("4条", "二十五杯")
_MEASURED_COUNT = re.compile(r"[0-9一二两三四五六七八九十百]+\s*([\u4e00-\u9fff])")
#: (acts22) zh measure words of time: a count in one of them is a length of time, not a number of things
_TIME_MEASURES = frozenset("小时天晚夜周月年分秒点号日")


def other_measure(value: str, d: dict) -> bool:
    """(acts22) A zh count said with a measure word of things ("改成4条") and a fact whose numbers all count time in
    other measure words ("1个小时, 10分钟"): the change never moves a length of time into a number of things.

    >>> other_measure("4条", {"value": "1个小时, 10分钟"}), other_measure("4条", {"value": "3条"})
    (True, False)
    >>> other_measure("4个", {"value": "2个小时"}), other_measure("4", {"value": "2个小时"})
    (False, False)
    """
    new = _MEASURED_COUNT.fullmatch(value.strip())
    if not new or new.group(1) in _TIME_MEASURES or new.group(1) == "个":
        return False
    held = re.findall(r"[0-9一二两三四五六七八九十百]+\s*(?:个)?([\u4e00-\u9fff])", str(d.get("value", "")))
    return bool(held) and all(u in _TIME_MEASURES for u in held)
