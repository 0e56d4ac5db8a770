"""The deadlines step: a day or a clock said with 之前 / 前 and a deed is a value, the deadline (issue 19, miss17).

"12号之前必须到", "九点前到就行", "12月之前必须考完", "周四之前得弄好": the user states when a thing must be done by.
The constraints step keeps the sentence as a rule; the day itself was lost ("7点之前" read as no fact) or kept
as a plain date without its 之前 ("15号", the booking's day it is not). Here the day or clock, with the bound word
right after it and a deed after that (a modal or a verb of doing, arriving, handing over: 必须到, 要结束, 得弄好,
到就行), is one ``deadline`` fact, the words as said; a plain date or time fact of the message that is that day is
the deadline's, not a second value. A later deadline supersedes the earlier one (one key).

The bound word needs a deed after it: "周三之前我都在外地" (when the user is away), "两年前装的" (a past time) and
a question ("20号之前能送到吗？") are no deadline. The day reads the bound module's patterns of a day and a
clock, and the calendar's own words (a holiday, the month's or the year's end).

(miss25en) English reads the same shape the other way round: a deed that must be done, then "before" and the day or
clock ("it has to be back before the 12th feb", "need it done before 7am"): :func:`said_deadlines_en`.

>>> from ctxgraph import Tracker
>>> t = Tracker("zh", today="2026-03-09")
>>> _ = t.observe({"role": "user", "content": "25号吧 房东说24号之前必须把钥匙还了"})
>>> [f.value for f in t.state().facts if f.key == "deadline"]
['24号之前']
"""

from __future__ import annotations

import re

from .. import _graph as g
from .._units import FactUnit, RetractUnit, _Unit
from .bounds import _MONTH, _PATTERN_OF, _UPPER_TIME_ZH
from .context import MessageContext
from .registry import step
from .text import in_spans

#: a day the calendar names by a word: a holiday, the end of the month or the year, the weekend
_ZH_CALENDAR = re.compile(r"国庆|春节|元旦|五一|中秋|端午|过年|年底|周末"
                          # (prec31zh) the end of a month with the month said before it: "四月底", "6月底", "这个月底"
                          r"|(?:(?:1[0-2]|0?[1-9]|十[一二]?|[一二三四五六七八九])|[这本下]个?)?月底"
                          # (miss25zh) the next week or month said alone, and the month said before its day ("下个月15号")
                          r"|下个?(?:礼拜|星期|周)(?![一二三四五六日天\d])|下个?月(?:\d{1,2}|[一二三四五六七八九十]{1,3})?[号日]?")
#: the bound word right after the day, then a deed: a modal or a verb of doing, arriving or handing over, its object
#: before it with 把 ("24号之前必须把钥匙还了"); or the bound allowed ("那周五之前也行"); (miss20) 整, 搞 (月底前得整完)
_ZH_DEED = re.compile(rf"\s?(?:{_UPPER_TIME_ZH})\s?(?:一定|必须|务必|最好|都|就|得|要|需要|能|可以)*"
                      rf"(?:[把将][\u4e00-\u9fff]{{1,6}}?)?(?:到|送|交|给|完|结束|弄|整|搞|装|做|办|上线|出|寄|发|还|付|拿|取|考|签|搬|修|好)|\s?(?:{_UPPER_TIME_ZH})\s?[也都就]?(?:行|可以)"
                      # (miss25zh) a modal that ends the clause, the deed said before it ("超市下个月15号前要。")
                      rf"|\s?(?:{_UPPER_TIME_ZH})\s?(?:就|都)?(?:必须|得|要|需要)(?=\s*(?:[，,。！!；;\n]|$)|\s)")
#: (miss25zh) what says which week or month the day is in, right before it: "下个月|15号前", "下|周三前"
_DAY_LEAD = re.compile(r"(?<![一以上])(?:下下?个?月?|这个?月?|本月?)$")
#: (fix27) a day of the week, the only day a bare 下 / 这 / 本 says the week of
_WEEK_DAY = re.compile(r"周|礼拜|星期")
#: the bound word alone (its span ends the deadline's value); every form of it holds 前 or 内, so a text with neither
#: says no deadline and is not scanned
_BOUND_WORD = re.compile(rf"\s?(?:{_UPPER_TIME_ZH})")
#: the end of the clause a deadline is said in, and a clause that asks
_CLAUSE_END = re.compile(r"[，,。！？?!；;\n]")
_ASKED = re.compile(r"[吗呢](?=\s*[，,。！？?!；;\n]|\s*$)|[？?]")
#: the plain keys a day or a clock of the message may have been read under
_PLAIN_KEYS = ("date", "time", "日期", "时间")
#: (fix20) a day of the past: "上|周五", "去年|国庆", "上个月|15号" (not 早上, 晚上, 马上)
_PAST_DAY = re.compile(r"(?:(?<![早晚马])上(?:个月)?|去年|前年|昨天|前天)\s*$")
#: (fix20) a deed after the bound word said as done: 了, 过 or 的 with no modal nor an allowing word ("之前就交了材料",
#: "8点前到的"); "必须把钥匙还了", "到了就行" are ahead
_AHEAD = re.compile(r"一定|必须|务必|最好|得|要|需要|能|可以|就行|就好|才行")
_DONE = re.compile(r"[了过的]")


def _past(text: str, start: int, end: int) -> bool:
    """(fix20) Whether the deadline-shaped day at ``start``..``end`` of ``text`` is a time past: a day of the past, or
    a deed said as done in its clause.

    >>> _past("上周五之前就交了材料", 1, 3), _past("8点前到的", 0, 2), _past("九点前到就行", 0, 2), _past("早上7点之前必须到", 2, 4)
    (True, True, False, False)
    """
    clause = _CLAUSE_END.split(text[end:], maxsplit=1)[0]
    return bool(_PAST_DAY.search(text[:start]) or _DONE.search(clause) and not _AHEAD.search(clause))


def said_deadlines(text: str) -> list[tuple[int, int]]:
    """The spans of the days and clocks said as a deadline in ``text``: the day and its bound word; a day past
    (fix20: "上周五之前就交了材料") is none.

    >>> t = "周一 早上7点之前必须到 食堂7点半开饭"
    >>> [t[a:b] for a, b in said_deadlines(t)]
    ['7点之前']
    >>> [t[a:b] for t in ("九点前到就行", "国庆前一定要上线", "12月之前必须考完") for a, b in said_deadlines(t)]
    ['九点前', '国庆前', '12月之前']
    >>> said_deadlines("周三之前我都在外地"), said_deadlines("空调是两年前装的"), said_deadlines("我去年国庆前搬的家")
    ([], [], [])
    >>> [t[a:b] for t in ("月底前得整完", "周五前得搞定") for a, b in said_deadlines(t)]  # (miss20) dialect deeds
    ['月底前', '周五前']
    >>> [t[a:b] for t in ("四月底之前一定要到", "客户要求6月底前要拿到证") for a, b in said_deadlines(t)]  # (prec31zh) its month
    ['四月底之前', '6月底前']
    >>> [t[a:b] for t in ("超市下个月15号前要。", "下个礼拜前要 能快点吗", "下周三前要到") for a, b in said_deadlines(t)]
    ['下个月15号前', '下个礼拜前', '下周三前']
    >>> [t[a:b] for t in ("麻烦催下15号前要到", "笔记本15号前要交") for a, b in said_deadlines(t)]  # (fix27) no week or month
    ['15号前', '15号前']
    """
    spans: list[tuple[int, int]] = []
    if "前" not in text and "内" not in text:
        return spans
    for rx in (_PATTERN_OF["time"], _PATTERN_OF["day"], _ZH_CALENDAR):
        for m in rx.finditer(text):
            deed = _ZH_DEED.match(text, m.end())
            if deed is None or _past(text, m.start(), m.end()) or any(a < m.end() and m.start() < b for a, b in spans):
                continue
            lead = _DAY_LEAD.search(text, 0, m.start())
            if lead and not re.search(r"[个月]", lead.group()) and not _WEEK_DAY.match(m.group()):
                lead = None  # (fix27) a bare 下 / 这 / 本 leads a weekday ("下周三前"), not "催下|15号前" nor "笔记本|15号前"
            spans.append((lead.start() if lead else m.start(), _BOUND_WORD.match(text, m.end()).end()))
    return sorted(spans)


#: (miss25en) English: a deed that must be done, in the clause before the bound ("has to be back", "need it done",
#: "must be finished", "gotta be done", "I need pass"), then "before" and the day or the clock
_EN_DEED = re.compile(r"\b(?:has to|have to|got to|gotta|must|need(?:s)? to|need(?:s)? (?:it|them|this|that|everything)"
                      r"|i need|we need)\b[^.!?;,]{0,40}?\bbefore\s+$", re.I)
#: (miss25en) a negation or a question word in the clause before the bound: "can't be done before 10" is no deadline
#: (fix27) nor a story of the past ("last time we had to return it before 5pm": "had to" is no deed now)
_EN_NOT_DEED = re.compile(r"\b(?:not|never|nothing|no|don'?t|can'?t|cannot|won'?t)\b|n't\b|\b(?:if|whether)\b"
                          r"|\blast (?:time|year|month|week)\b|\bused to\b", re.I)
#: (miss25en) a day the calendar names by a word, or a bare hour ("before 3", "before 10 tho"), after "before"
_EN_CALENDAR = re.compile(r"(?:xmas|christmas|easter|new year|the weekend|(?:the )?end of (?:the )?(?:month|week|year|"
                          r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*))\b"
                          r"|(?:1[0-2]|[1-9])(?![\d:.]|\s*(?:%|[a-z]))", re.I)


#: (fix27) a clause that restates a held deadline with no deed says the day fits: "anything before", "any time before"
_EN_FITS_BEFORE = re.compile(r"\b(?:anything|any ?time|any day|whenever|as long as|so long as|just|only|ideally)\b", re.I)
_EN_FITS_AFTER = re.compile(r"[^.!?;,]{0,30}?\b(?:works?|is fine|is ok(?:ay)?|is good|fine|ok(?:ay)?|would (?:work|do|be fine)|suits?|please|pls)\b", re.I)


def _fits_after(text: str, at: int) -> bool:
    """(fix27) Whether the clause after ``at`` says the day before it fits ("before May 29 works now")."""
    return _EN_FITS_AFTER.match(text, at) is not None


_EN_MONTH_AFTER = re.compile(rf"(?: of)? {_MONTH}(?![a-z])", re.I)


def said_deadlines_en(text: str, *, held: bool = False) -> list[tuple[int, int]]:
    """(miss25en) The spans of the English deadlines in ``text``: "before" and the day or clock after it, said after a
    deed that must be done in the same clause ("it has to be back before the 12th feb", "need it done before 7am",
    "has to be in before xmas", "I need pass before 30 september"). None for a negated or supposed clause ("can't
    be done before 10"), nor for "before" with no deed ("I'm out before 9").

    >>> t = "ok but it has to be back before the 12th feb, valentines"
    >>> [t[a:b] for a, b in said_deadlines_en(t)]
    ['before the 12th feb']
    >>> [t[a:b] for t in ("has to be in before xmas, the inlaws", "so he has to be here before 3, after that nobodys in")
    ...  for a, b in said_deadlines_en(t)]
    ['before xmas', 'before 3']
    >>> said_deadlines_en("we can't have it done before 10"), said_deadlines_en("I'm out before 9 most days")
    ([], [])

    With a deadline ``held``, a day said after "before" with no deed restates it ("they extended their trip, so
    anything before May 29 works now"): the deadline moves.

    >>> t = "so anything before May 29 works now"
    >>> [t[a:b] for a, b in said_deadlines_en(t, held=True)], said_deadlines_en(t)
    (['before May 29'], [])

    (fix27) Only when the clause says the day fits ("anything before", "before May 29 works"): a story that merely has
    "before" in it ("my son was born before christmas") moves no deadline.

    >>> said_deadlines_en("my son was born before christmas", held=True)
    []
    >>> said_deadlines_en("last time we had to return it before 5pm")
    []
    """
    spans: list[tuple[int, int]] = []
    for m in re.finditer(r"\bbefore\s+", text, re.I):
        deed = _EN_DEED.search(text, max(0, m.start() - 60), m.end())
        lo = deed.start() if deed is not None else max([0] + [x.end() for x in re.finditer(r"[.!?;,]", text[:m.start()])])
        if (deed is None and not held) or _EN_NOT_DEED.search(text, max(0, lo - 12), m.start()):
            continue
        if deed is None and not _EN_FITS_BEFORE.search(text, lo, m.start()) and not _fits_after(text, m.end()):
            continue  # (fix27) "my son was born before christmas": no deed, and no word that the day fits
        day = None
        for rx in (_PATTERN_OF["day"], _PATTERN_OF["time"], _EN_CALENDAR):
            hit = rx.match(text, m.end())
            if hit and (day is None or hit.end() > day.end()):
                day = hit
        if day is not None:
            month = _EN_MONTH_AFTER.match(text, day.end())  # "the 12th feb": the month said after the day is the day's
            spans.append((m.start(), month.end() if month else day.end()))
    return spans


@step("deadlines", roles=("user",))
def deadlines(ctx: MessageContext) -> list[_Unit]:
    """The user's deadline as a ``deadline`` fact; a plain date or time fact that is its day goes."""
    if ctx.lang not in ("zh", "en"):
        return []
    units: list[_Unit] = []
    held = ctx.lang == "en" and bool(g.current_with_key(ctx.graph, "deadline"))
    for a, b in (said_deadlines(ctx.text) if ctx.lang == "zh" else said_deadlines_en(ctx.text, held=held)):
        end = _CLAUSE_END.search(ctx.text, b)
        if ctx.asking(a) or _ASKED.search(ctx.text, b, end.end() if end else len(ctx.text)):
            continue  # "那20号之前能送到吗？", "周五前能修好吗，周末要用": asked, not said
        value = ctx.text[a:b].strip()
        ctx.units[:] = [u for u in ctx.units if not (isinstance(u, FactUnit) and not u.offered and u.key in _PLAIN_KEYS
                                                     and u.value.strip() and u.value.strip() in value)]
        units.append(FactUnit(key="deadline", name="截止" if ctx.lang == "zh" else "deadline", value=value,
                              stressed=ctx.stressed_at(value)))
    return units[-1:]


# ---------------------------------------------------------------- (miss22b) a clock with its bound word

#: (miss22b) a clock the user bounds a visit by from below, the bound word kept: "下午4点以后", "两点以后都可以",
#: "下昼两点后", "周三晚上10点以后" (the day said right before it is part of it); the clock in digits or in numerals.
#: Not 前 ("早上7点前", "十点之前"): a clock before which a thing must happen is the deadlines step's or a rule the
#: annotators keep as a constraint (tried: 1 value gained, 4 unsupported on the open groups)
_ZH_CLOCK_BOUND = re.compile(
    r"(?:(?:(?:下下|下个?|这个?|本)?(?:周|星期|礼拜)[一二三四五六日天]|今天|明天|后天))?"
    r"(?:早上|上午|中午|下午|晚上|傍晚|上昼|下昼|朝早|夜晚|夜里)?"
    r"(?<![\d一二两三四五六七八九十有差这那多几好])(?P<hour>\d{1,2}|十[一二]?|[一两二三四五六七八九])[点點](?:半|钟)?"
    r"(?:以后|之后|(?<![以之])后(?![台面边天年后]))")
#: a clock the message bounds from above ("7点前", "九点之前"): the 以后 said after it tells what happens then
_A_CLOCK = re.compile(r"(?:\d{1,2}|十[一二]?|[一两二三四五六七八九])(?:[点點](?:半|钟)?|[:：]\d\d)")
_REFUSED = re.compile(r"\s*(?:[的也]?不行|[的也]?不可以|不方便|没空|没时间|不得|太早|太晚)")
#: (fix25) what follows a bounded clock that refuses it ("以后不行", "以后我没空") or puts something off until then
#: ("以后再说", "以后再联系你"): 以后 in the sense "later on", no bound of the visit
_NOT_THEN = re.compile(r"\s*(?:我|我们|他|她|家里|都|也)?\s*(?:[的也都]?不行|[的也都]?不可以|不方便|没空|没时间|没人|不在|不得|"
                       r"再(?:说|联系|打|聊|商量|定|看|回复|约|讲|沟通))")
_UPPER_CLOCK = re.compile(r"(?:\d{1,2}|十[一二]?|[一两二三四五六七八九])[点點](?:半|钟)?(?:之前|以前|前)")


@step("clock_bounds", roles=("user",))
def clock_bounds(ctx: MessageContext) -> list[_Unit]:
    """(miss22b) The user's clock said with 以后 / 之后 / 后 as one ``time`` fact, the bound word kept.

    "下午2点以后才行", "两点以后都可以", "下昼两点后啦": the user bounds when the visit may be. The
    time was lost (a Chinese clock in numerals before 以后 is no time entity) or kept without its bound (a tool's
    "after": "16:00" restated as "下午4点"). Not a deadline (that step's, with 必须到 after it), not asked, not taken
    back, not a time past ("两点以后才到的").

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "assistant", "content": "哪天提货？"}, {"role": "user", "content": "周三 下午4点以后 上午装柜忙"}])
    >>> [f.value for f in t.state().facts if f.key == "time" and f.status == "current"]
    ['下午4点以后']
    """
    if ctx.lang != "zh" or "后" not in ctx.text:
        return []
    taken = said_deadlines(ctx.text)
    for m in _ZH_CLOCK_BOUND.finditer(ctx.text):
        a, b = m.start(), m.end()
        if ctx.asking(a) or in_spans(a, ctx.taken_back) or any(x < b and a < y for x, y in taken):
            continue
        end = _CLAUSE_END.search(ctx.text, b)
        if _ASKED.search(ctx.text, b, end.end() if end else len(ctx.text)) or _past(ctx.text, a, b):
            continue
        if _NOT_THEN.match(ctx.text, b):
            continue  # (fix25) "3点以后不行", "2点以后我没空", "3点以后再联系你": refused or put off, no time to come
        if _UPPER_CLOCK.search(ctx.text, 0, a) or any(not _REFUSED.match(ctx.text, c.end()) for c in _A_CLOCK.finditer(ctx.text, 0, a)):
            # "早上7点前，7点以后卸货区要进货车", "上午10点，9点以后工地大门才开": the clock said before it is the wish,
            # the bound says why (a clock refused before it is none: "九点不行的…两点以后都可以")
            return []
        value = m.group(0).strip()
        if any(isinstance(u, FactUnit) and not u.offered and value in u.value and u.key not in _PLAIN_KEYS
               for u in ctx.units):
            return []  # another step keeps the bound in its own value ("after: 下午4点以后")
        plain = [n for n, u in enumerate(ctx.units) if isinstance(u, FactUnit) and not u.offered and u.key in _PLAIN_KEYS
                 and u.value.strip() and u.value.strip() in value]
        if plain:  # another step's cut of it ("两点" changing the offered clock): that fact holds the bound too
            ctx.units[plain[0]] = ctx.units[plain[0]].model_copy(update=dict(value=value))
            ctx.units[:] = [u for n, u in enumerate(ctx.units) if n not in plain[1:]]
            return _stale_picks(ctx, m.group("hour"))
        return [FactUnit(key="time", name="时间", value=value, slot="time", stressed=ctx.stressed_at(value),
                         correction=ctx.correcting), *_stale_picks(ctx, m.group("hour"))]
    return []


def _stale_picks(ctx: MessageContext, hour: str) -> list[_Unit]:
    """(miss22b) The picks that carry the clock of the current time fact the bound replaces ("可以约这周六3月20号上午9点"
    when "两点以后都可以" moves the visit from 9点): their copy of the old clock goes, as picks_stale does for a clock
    its measures read (a clock in numerals before 以后 is none it reads)."""
    from .. import _graph as g
    from .changes import _number
    from .options import measures
    from .settle import _choices, _same

    G, new = ctx.graph, _number(hour)
    old = G.graph["current_fact"].get(g.fact_slot("time", None))
    was = measures(str(G.nodes[old]["value"])).get("clock") if old is not None else None
    if new is None or was is None or _same("clock", was, float(new * 60)):
        return []
    return [RetractUnit(fact=fid) for fid, d in _choices(G)
            if _same("clock", measures(str(d["value"])).get("clock", -1.0), was)]
