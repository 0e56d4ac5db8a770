"""A rule's bound: which way it limits, what kind of value, and the value (issue 19).

"keep it under $1,500" and "our limit is $1,800 now" are one rule said twice with another
value: both are an upper bound on money. "周三之前必须装好" and "那周五之前也行" are one
deadline. :func:`bound` reads that signature from a rule's text; :func:`same_bound` says
whether a new rule restates an old one; :func:`satisfies` whether a value the user settles on
lies inside a bound (the 21st inside "before May 29"), so it does not move the bound.

>>> bound("Keep it under $1,500 all in please")
('upper', 'money', '$1,500')
>>> bound("Actually our limit is $1,800 now")
('upper', 'money', '$1,800')
>>> bound("早上不要早于9点")
('lower', 'time', '9点')
>>> bound("周三之前必须装好"), bound("那周五之前也行")
(('upper', 'day', '周三'), ('upper', 'day', '周五'))
>>> bound("No pork at all") is None
True
"""

from __future__ import annotations

import re

from .._normalize import _parse_cn_integer

_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_CN_NUM = r"[一二两三四五六七八九十百千万]"
#: (kind, pattern) in the order they are tried: a value's kind decides what it can restate
_VALUES = (
    ("money", re.compile(rf"[$€£¥]\s?\d[\d,]*(?:\.\d+)?k?|\d[\d,]*(?:\.\d+)?\s*(?:元|块|万|千|dollars|euros|pounds|k\b)"
                         rf"|{_CN_NUM}+(?:元|块|万|千){_CN_NUM}?", re.I)),
    ("time", re.compile(r"\b\d{1,2}(?::\d\d)?\s*(?:am|pm)\b|\b\d{1,2}:\d\d\b|\d{1,2}\s*点半?|\bnoon\b|\bmidday\b"
                        r"|(?<=[上下中]午|早上|晚上)[一二两三四五六七八九十]{1,2}点半?|[一二两三四五六七八九十]{1,2}点半?(?=钟?(?:以|之)?[前后])", re.I)),
    ("day", re.compile(rf"\bthe \d{{1,2}}(?:st|nd|rd|th)\b|\b{_MONTH} \d{{1,2}}\b|\b\d{{1,2}}(?:st|nd|rd|th)?(?: of)? {_MONTH}|\d+月\d+[日号]?|\d+[日号]|\d+月(?:份)?(?=(?:之|以)?前)"
                       rf"|周[一二三四五六日天末]|星期[一二三四五六日天]|\b{_WEEKDAY}s?\b", re.I)),
    # cons18: a comma after a number ends it ("before 10, school run" bounds 10), one before three digits is in it
    ("number", re.compile(rf"\d[\d,]*(?<!,)(?:\.\d+)?|[一二两三四五六七八九十]+[百千万]{_CN_NUM}?")),
)
#: the pattern of each kind of value, by kind
_PATTERN_OF = dict(_VALUES)
#: kinds one bound may restate: an amount said with or without its currency
_SAME_KIND = {"money": "amount", "number": "amount"}
#: words that make a bound an upper one (at most, by, before) or a lower one (at least, after)
#: (fix17: the words of time, said before a day or after it, are also what :func:`said_as_bound` reads); a bare 前 / 后
#: inside a word (提前, 目前, 前台, 术后, 然后, 最后, 后天) is none: "78了 术后不能下床" bounds no age (cons16)
_UPPER_TIME_EN = r"before|by|until|till|within|no later than|earlier than"
_LOWER_TIME_EN = r"after|from|later than|no earlier than"
_UPPER_TIME_ZH = r"之前|以前|(?<![以之提目当眼从])前(?![台面边天年])|以内|之内"
_LOWER_TIME_ZH = r"之后|以后|(?<![以之然最术随背产饭])后(?![天来面边续期年])"
_UPPER = re.compile(rf"\b(?:{_UPPER_TIME_EN}|under|below|less than|no more than|at most|up to|limit|max(?:imum)?|cap"
                    rf"|ceiling|budget|tops|stretch|raise|increase|bump)\b|\bgo (?:up )?to(?=\s*[$€£]?\d)|{_UPPER_TIME_ZH}|以下|超过|晚于|最多|上限|预算"
                    r"|放宽到|可以到|放到|顶多", re.I)
_LOWER = re.compile(rf"\b(?:{_LOWER_TIME_EN}|over|above|at least|more than)\b|{_LOWER_TIME_ZH}|(?<!可)以上"
                    r"|至少|起码|早于|最少", re.I)
#: a bound word under a negation turns round ("不要早于9点" is a lower bound, "别超过" an upper one)
_NEGATED_LOWER = re.compile(r"(?:不要|不能|别|不|不可以)(?:早于)|\b(?:nothing|not|never)\s+(?:\w+\s+)?(?:before|earlier than|until)\b"
                            r"|\b(?:can'?t|cannot|won'?t)\b(?:\s+\w+){0,3}?\s+(?:before|until)\b", re.I)
_NEGATED_UPPER = re.compile(r"(?:不要|不能|别|不|不可以)(?:晚于)|\b(?:nothing|not|never)\s+(?:\w+\s+)?(?:after|later than)\b"
                            r"|\b(?:can'?t|cannot|won'?t)\b(?:\s+\w+){0,3}?\s+after\b"
                            r"|\b(?:don'?t|do not|won'?t|not|never|can'?t|cannot)\b(?:\s+\w+){0,5}?\s+(?:more than|over|above)\s*$", re.I)
#: "if it costs more than £15, don't": a condition over a value is an upper bound on it
_IF_OVER = re.compile(r"\bif\b[^.?!,]{0,30}\b(?:more than|over|above)\s*$|超过\s*$", re.I)
#: "低于2500我就不卖了", "if they offer less than £300, don't sell": a condition under a value is a lower bound
_IF_UNDER = re.compile(r"\bif\b[^.?!,]{0,30}\b(?:less than|under|below)\s*$|(?:低于|少于|不到)\s*$", re.I)
#: how far from the value its bound word may be
_NEAR = 16


def bound(text: str) -> tuple[str, str, str] | None:
    """(direction, kind, value) of the first value in ``text`` with a bound word near it:
    direction "upper" or "lower", kind "money", "time", "day" or "number"; None without one.

    >>> bound("After 3pm on weekdays, please"), bound("anything before May 29 works now")
    (('lower', 'time', '3pm'), ('upper', 'day', 'May 29'))
    >>> bound("nothing before 9am, I'm not doing another dawn start"), bound("I can't be home before 1")
    (('lower', 'time', '9am'), ('lower', 'number', '1'))
    >>> bound("if the repair costs more than £90 don't go ahead")
    ('upper', 'money', '£90')
    >>> bound("价格低于2500我就不卖了"), bound("必须下午一点以后开始"), bound("想9月前拍完")
    (('lower', 'number', '2500'), ('lower', 'time', '一点'), ('upper', 'day', '9月'))
    >>> bound("78了 术后肯定不能下床") is None  # 术后 (after the operation) is no bound word (cons16)
    True
    >>> bound("I don't want to pay more than £200 a month"), bound("dont wanna spend over 250 for both")
    (('upper', 'money', '£200'), ('upper', 'number', '250'))
    """
    for kind, pattern in _VALUES:
        for m in pattern.finditer(text):
            window = text[max(0, m.start() - _NEAR):m.end() + _NEAR]
            at = m.start() - max(0, m.start() - _NEAR)
            before = text[max(0, m.start() - 3 * _NEAR):m.start()]
            if _NEGATED_LOWER.search(before) or _IF_UNDER.search(before):
                return "lower", kind, m.group(0).strip()
            if _NEGATED_UPPER.search(before) or _IF_OVER.search(before):
                return "upper", kind, m.group(0).strip()
            near = [(abs(w.start() - at), "upper") for w in _UPPER.finditer(window)]
            near += [(abs(w.start() - at), "lower") for w in _LOWER.finditer(window)]
            if near:
                return min(near)[1], kind, m.group(0).strip()
    return None


def same_bound(new: tuple[str, str, str] | None, old: tuple[str, str, str] | None) -> bool:
    """Whether ``new`` states the bound ``old`` states with another value.

    >>> same_bound(bound("keep it under $1,500"), bound("our limit is $1,800 now"))
    True
    >>> same_bound(bound("keep it under $1,500"), bound("keep it under $1,500")), same_bound(bound("after 3pm"), bound("before 5pm"))
    (False, False)
    >>> same_bound(bound("预算别超过五百"), bound("预算改成800元"))
    True
    """
    return bool(new and old and new[0] == old[0] and _SAME_KIND.get(new[1], new[1]) == _SAME_KIND.get(old[1], old[1])
                and _plain(new[2]) != _plain(old[2]))


def _plain(value: str) -> str:
    return re.sub(r"[\s,]", "", value.casefold())


#: (prec21) the bound said right after an amount, kept with it as the money reader keeps it after 元 ("预算100元以内"):
#: "500以内", "十二万左右", "£50 each", "$20 per head"
AMOUNT_BOUND = re.compile(r"\s?(?:左右|以内|之内|以下|上下)|\s(?:each|per (?:head|person|guest|night|month|item|unit))\b", re.I)


def without_bound(value: str) -> str:
    """(prec21) An amount without the bound said after it: the amount a rule's bound compares.

    >>> without_bound("三百以内"), without_bound("£50 each"), without_bound("300元")
    ('三百', '£50', '300元')
    """
    m = re.search(f"(?:{AMOUNT_BOUND.pattern})$", value, re.I)
    return value[:m.start()] if m else value


_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")
#: a number in Chinese numerals ("三百", "两千五", "三百块"), not the day of a week ("周六"), nor a word that holds
#: numeral characters (百度, 万一, 万达, 一下, 一楼: a run that opens on 百, 千 or 万, or runs on into a word that is no unit)
_CN_RUN = re.compile(r"(?<![周期拜])[一二两三四五六七八九十][一二两三四五六七八九十百千万]*"
                     r"(?=[块元钟点个人位天号月岁晚间半]|[^\u4e00-\u9fff]|$)")


def satisfies(rule_bound: tuple[str, str, str], value: str) -> bool:
    """Whether ``value`` lies inside the bound (compared by their first numbers, hours on a
    24-hour clock): the 21st inside "before May 29", $450 inside "under $500"; False when they
    cannot be compared.

    >>> satisfies(bound("it has to be before May 29"), "May 21"), satisfies(bound("under $500"), "$800")
    (True, False)
    >>> satisfies(bound("after 3pm"), "11am"), satisfies(bound("after 3pm"), "4:30pm")
    (False, True)
    """
    limit, got = _number(rule_bound[2]), _number(value)
    if limit is None or got is None:
        return False
    return got <= limit if rule_bound[0] == "upper" else got >= limit


def _number(value: str) -> float | None:
    """The first number of a value, digits or Chinese numerals (cons18: "三百" is 300, not a value that cannot be
    compared, which :func:`outside` would read as lying outside every bound); hours on a 24-hour clock.

    >>> _number("$1,500"), _number("三百"), _number("下午两点"), _number("周六")
    (1500.0, 300.0, 14.0, None)
    >>> _number("百度"), _number("万一不行"), _number("万达广场"), _number("看一下"), _number("预算三百块")
    (None, None, None, None, 300.0)
    """
    m = _NUMBER.search(value)
    cn = None if m else _CN_RUN.search(value)
    if not m and not cn:
        return None
    n = float(m.group(0).replace(",", "").replace(":", ".")) if m else _parse_cn_integer(cn.group(0))
    if n is None:
        return None  # (reread18) a run that parses to no number says nothing to compare, not 0
    n = float(n)
    return n + 12 if re.search(r"\d\s*pm\b|下午|晚上", value, re.I) and n < 12 else n


def outside(rule_bound: tuple[str, str, str], text: str) -> str | None:
    """The first value of the bound's kind in ``text`` that lies outside it ("the 7:10" is
    outside "nothing before 9am"), else None.

    >>> outside(bound("nothing before 9am"), "the 7:10 with no difference it is"), outside(bound("nothing before 9am"), "the 13:20 one")
    ('7:10', None)
    """
    kind = _PATTERN_OF[rule_bound[1]]
    m = kind.search(text)
    return m.group(0) if m and not satisfies(rule_bound, m.group(0)) else None


def other_day(rule: str, option: str) -> str | None:
    """The day or time an option names when the rule names another one of the same kind and
    no bound (the user asked "周六可以吗？", then takes "那就周日吧"), else None.

    >>> other_day("周六可以吗", "那就周日吧"), other_day("周六可以吗", "那就周六吧"), other_day("周六可以吗", "那就这样吧")
    ('周日', None, None)
    >>> other_day("这周六上午可以吗", "那下午也行吧")
    '下午'

    """
    for kind in ("day", "time", "part"):
        pattern = _PATTERN_OF[kind] if kind != "part" else _DAY_PART
        a, b = pattern.search(rule), pattern.search(option)
        if a and b:
            return b.group(0) if _plain(a.group(0)) != _plain(b.group(0)) else None
    return None


#: a part of the day: "上午可以吗" asked, "那下午也行吧" taken
_DAY_PART = re.compile(r"早上|上午|中午|下午|晚上|\b(?:morning|afternoon|evening)s?\b", re.I)
#: words that go past an upper bound ("超一点", "a bit over", "later is fine") or below a lower one
#: (cp15: money that is no problem any more, "钱不是问题了", goes past the upper bound on it)
_PAST_UPPER = re.compile(r"超|贵(?:一?点|些)|多花|晚(?:一?点|些)|(?:钱|价格|价钱|预算|费用)(?:都|也|就)?不是(?:问题|事)"
                         r"|\b(?:over|more|higher|pricier|later)\b", re.I)
_PAST_LOWER = re.compile(r"早(?:一?点|些)|便宜(?:一?点|些)|少(?:一?点|些)|\b(?:earlier|less|lower|cheaper|under)\b", re.I)


def past_bound(clause: str) -> str | None:
    """Which bound a lifting clause goes past, when it names no rule: "upper" ("超一点也行",
    "a bit over is fine"), "lower" ("早一点也可以", "earlier is fine too"), else None.

    >>> past_bound("超一点也行"), past_bound("earlier is fine too"), past_bound("打电话也行")
    ('upper', 'lower', None)
    """
    if _PAST_UPPER.search(clause):
        return "upper"
    return "lower" if _PAST_LOWER.search(clause) else None



#: parts of the day before noon and after it: naming one as fine goes past a bound on the time
_EARLY_PART = re.compile(r"早上|上午|清早|一早|\b(?:mornings?|early)\b", re.I)
_LATE_PART = re.compile(r"晚上|傍晚|夜里|\b(?:evenings?|nights?|late)\b", re.I)


def part_past(clause: str) -> str | None:
    """Which bound on the time a lifting clause goes past by naming a part of the day (cons5):
    "mornings are fine from now on" goes past "nothing before 10" (a lower bound), "晚上也行"
    past "8点前要送到" (an upper one); None when it names no part or both.

    >>> part_past("mornings are fine from now on"), part_past("晚上也可以"), part_past("打电话也行")
    ('lower', 'upper', None)
    """
    early, late = bool(_EARLY_PART.search(clause)), bool(_LATE_PART.search(clause))
    return "lower" if early and not late else "upper" if late and not early else None


_RANGE = re.compile(r"(\d+(?:\.\d+)?)\s*[^\d\s]{0,3}\s*(?:-|~|到|至|、)\s*(\d+(?:\.\d+)?)")
_AT_LEAST = re.compile(r"以上|以后|之后|至少|起码|不低于|\b(?:at least|or more|and up|over|above)\b", re.I)
_AT_MOST = re.compile(r"以下|以内|之内|不超过|最多|\b(?:at most|or less|under|below|up to)\b", re.I)
_FREE = re.compile(r"免费|\bfree\b", re.I)
_UNIT = re.compile(r"小时|分钟|天|\b(?:hours?|minutes?|days?|nights?)\b", re.I)


def interval(value: str) -> tuple[float, float] | None:
    """The numbers a value allows, as ``(low, high)``: a range ("100-150元", "1.5小时 - 2小时"),
    a bound ("4分以上", "20元以下"), one number, free as 0; None without a number.

    >>> interval("100-150元"), interval("1.5小时 - 2小时"), interval("4.5分以上"), interval("免费")
    ((100.0, 150.0), (1.5, 2.0), (4.5, inf), (0.0, 0.0))
    >>> interval("68元"), interval("under $200"), interval("豪华型") is None
    ((68.0, 68.0), (-inf, 200.0), True)
    """
    if _FREE.search(value):
        return 0.0, 0.0
    if m := _RANGE.search(value):
        low, high = sorted((float(m.group(1)), float(m.group(2))))
        return low, high
    n = _number(re.sub(r"(?<=\d),(?=\d{3})", "", value))
    if n is None:
        return None
    if _AT_LEAST.search(value):
        return n, float("inf")
    if _AT_MOST.search(value):
        return float("-inf"), n
    return n, n


def meets(wish: str, value: str) -> bool | None:
    """Whether an option's ``value`` meets the user's ``wish`` for the same slot: its numbers lie
    inside the wish's ("68元" is outside "100-150元", "4.7分" inside "4.5分以上"), or, for words,
    every part of the wish is in the value ("早餐服务" in "wifi 早餐服务"); None when one has numbers
    and the other not.

    >>> meets("100-150元", "68元"), meets("4.5分以上", "4.7分"), meets("1.5小时 - 2小时", "2小时 - 4小时")
    (False, True, False)
    >>> meets("经济型", "舒适型"), meets("早餐服务", "wifi, 早餐服务"), meets("免费", "40元"), meets("3天", "12小时 - 3天")
    (False, True, False, None)
    """
    want, got = interval(wish), interval(value)
    if {u.casefold() for u in _UNIT.findall(wish)} != {u.casefold() for u in _UNIT.findall(value)}:
        return None  # "3天" and "12小时 - 3天" are not compared by their numbers
    if want is not None and got is not None:
        return want[0] <= got[0] and got[1] <= want[1]
    if (want is None) != (got is None):
        return None
    have = _plain(value)
    return all(_plain(part) in have for part in re.split(r"[\s,，、和]+", wish) if part)


#: parts of the week and of the day a rule can allow or exclude
_WEEK_PARTS = {"weekend": re.compile(r"周末|双休|\bweekends?\b", re.I), "weekday": re.compile(r"工作日|\bweekdays?\b|\bweeknights?\b", re.I)}
_DAY_PARTS = re.compile(r"早上|上午|中午|下午|晚上|白天|夜里|工作日|周末|\b(?:mornings?|afternoons?|evenings?|nights?|weekends?|weekdays?|weeknights?)\b", re.I)
_WEEKEND_DAY = re.compile(r"周[六日天]|星期[六日天]|礼拜[六日天]|\b(?:satur|sun)days?\b", re.I)
_WEEKDAY_DAY = re.compile(r"周[一二三四五]|星期[一二三四五]|礼拜[一二三四五]|\b(?:mon|tues|wednes|thurs|fri)days?\b", re.I)


def off_class(rule: str, option: str) -> bool:
    """Whether an option's day lies outside the part of the week a rule names: "周末最好",
    then "能改到周四下午那个吗？"; "weekdays only", then "move it to Saturday".

    >>> off_class("周末最好", "能改到周四下午那个吗"), off_class("周末最好", "就周六那个"), off_class("weekdays only please", "move it to Saturday")
    (True, False, True)
    """
    weekend, weekday = (bool(_WEEK_PARTS[k].search(rule)) for k in ("weekend", "weekday"))
    if weekend == weekday:
        return False
    return bool((_WEEKDAY_DAY if weekend else _WEEKEND_DAY).search(option)) and not (_WEEKEND_DAY if weekend else _WEEKDAY_DAY).search(option)


def _parts(text: str) -> set[str]:
    return {re.sub(r"s$", "", m.group(0).casefold()) for m in _DAY_PARTS.finditer(text)}


def narrower(new: str, old: str) -> bool:
    """Whether ``new`` allows fewer parts of the day or week than ``old`` and all of them are
    in ``old``: "so evenings only" narrows "I can only do evenings after 6 or weekends".

    >>> narrower("so evenings only", "i can only do evenings after 6 or weekends"), narrower("evenings only", "evenings only")
    (True, False)
    >>> narrower("只能晚上", "工作日晚上或者周末都可以"), narrower("weekends only", "no calls in the evening")
    (True, False)
    """
    a, b = _parts(new), _parts(old)
    return bool(a) and a < b


#: the user can do any time now: "几点都可以", "什么时候都行", "any time is fine"
_ANY_TIME = re.compile(r"几点都|什么时候都|随时都?|\b(?:any ?time|whenever)\b", re.I)
#: any day allowed ("下周哪天都行", "any day's fine now"): a lift of the one rule on the day (cons10)
_ANY_DAY = re.compile(r"哪(?:一)?天都|\bany (?:day|date|weekday)\b", re.I)


def any_day(clause: str) -> bool:
    """Whether a clause allows any day ("下周哪天都行", "any day's fine now"), not a time of the day.

    >>> any_day("我请好年假了 下周哪天都行"), any_day("any day's fine now"), any_day("几点都可以")
    (True, True, False)
    """
    return bool(_ANY_DAY.search(clause))


def about_when(rule: str) -> bool:
    """Whether a rule is about when: a bound on a time or a day, or a day or part of the day or week it names
    ("只能约周末", "it has to be after 2", "nothing before 9am").

    >>> about_when("只能约周末啊 她平时上课外班"), about_when("it has to be after 2, she naps till then"), about_when("no nuts please")
    (True, True, False)
    """
    b = bound(rule)
    if b and (b[1] in ("time", "day") or b[1] == "number" and re.search(r"\b(?:after|before|until|till|by)\s+\d", rule, re.I)):
        return True
    return bool(_PATTERN_OF["day"].search(rule) or _DAY_PARTS.search(rule))


def any_time(clause: str) -> bool:
    """Whether a clause allows any time ("上午来也行，几点都可以", "any time works now").

    >>> any_time("几点都可以"), any_time("any time works now"), any_time("3点以后都行")
    (True, True, False)
    """
    return bool(_ANY_TIME.search(clause))


#: (fix17) a word of time right before a day ("by the 26th") or, in zh, right after it ("4月21号之前", "5号起")
_TIME_WORD_BEFORE = re.compile(rf"\b(?:{_UPPER_TIME_EN}|{_LOWER_TIME_EN})\s+(?:the\s+)?$", re.I)
_TIME_WORD_AFTER = re.compile(rf"\s*(?:{_UPPER_TIME_ZH}|{_LOWER_TIME_ZH}|起|开始)")


def said_as_bound(text: str, value: str) -> bool:
    """(fix16's ``events._bound``, fix17: its words are the bound words here) Whether ``value`` is said in ``text``
    as a bound (a deadline, a start), not as the day itself.

    >>> said_as_bound("opening on the 28th so has to be up by the 26th latest", "the 26th"), said_as_bound("想订4月21号", "4月21号")
    (True, False)
    >>> said_as_bound("4月21号之前送到", "4月21号"), said_as_bound("from the 3rd on", "the 3rd")
    (True, True)
    """
    at = text.find(value)
    return at >= 0 and bool(_TIME_WORD_BEFORE.search(text[max(0, at - 24):at]) or _TIME_WORD_AFTER.match(text, at + len(value)))
