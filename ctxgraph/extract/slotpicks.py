"""The slot_picks step: a pick among offered slots carries the whole slot (issue 19, slot6).

The assistant offers times as days and clocks ("We have Monday 16th at 10am or Wednesday 18th at
2pm", "周三18号有上午9点和下午4点两个时段"); the user takes one by a part of it: its position ("first
one", 要第一个), its day ("so thursday", 周六那个), its day of the month ("17th works", 10号吧), its
clock ("the 2:15 one", 四点半的, "the eleven o'clock one"), its part of the day (上午的) or a word
of its own ("Peckham one", 西湖那个). Before this step the fact kept only what the user said (the
day), and the clock was lost. Here the offer is read as options - each day the assistant names
starts one, a clock goes with the day before it, a second clock for one day is an option of that
day - and the user's clause is matched against every option by every feature it names (position,
weekday, day of the month, clock, part of the day, a word only one option's piece holds). When
exactly one option fits all of them, the message's own day or clock fact of that clause takes the
whole slot, else a ``slot`` fact holds it. A question about an option ("is the wednesday one with
the same teacher?", 周日那个停车方便吗？), a declining clause and an offer with one option pick
nothing. A fact that held two of the options' words as one value ("滨江, 西湖") narrows to the
one picked.

>>> from ctxgraph import Tracker
>>> t = Tracker("en", today="2026-03-09")
>>> t.observe_many([{"role": "assistant", "content": "We can do Thursday 12 March at 6:30pm or Friday 13 March at 8pm."},
...                 {"role": "user", "content": "so thursday"}])
>>> [(f.key, f.value) for f in t.state().facts if f.status == "current"]
[('day', 'Thursday 12 March at 6:30pm')]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import SequenceMatcher

from .. import _graph as g
from .._units import FactUnit, RetractUnit, _Unit
from ..lang import content_words
from ..lang.zh import small_number
from .context import MessageContext
from .notchosen import asks, others_experience, put_off_until
from .notvalues import ruled_out
from .registry import step
from .surface import _DAY_PARTS, weekday_of
from .text import EN_WEEKDAY, clauses, first_match, in_spans

#: a reply clause longer than this (characters) says more than a pick
MAX_CLAUSE_CHARS = 60
#: the offer is read in the assistant's messages since the user last spoke, at most this many back
LOOK_BACK = 3

_WD = EN_WEEKDAY + r"(?:day)?"
_MON = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)[a-z]*\.?"
_DOM = r"\d{1,2}(?:st|nd|rd|th)"
# a day as people write it: "Monday 16th", "Saturday 14 March", "the 24th", "March 20", "周三18号", "3月20日", "周六";
# (miss7) a range of days of one month is one: "24-25 July" (was cut to "25 July"); (picks16) a date with its weekday
# after it is one: "6月7日周日" (was two days, so two slots on one Sunday read as the same option twice)
# (fix22) what a bare number after a weekday counts when it is no day nor hour: "thursday, 5 of us", "friday 4 adults"
_COUNTED = r"\s+of\s+(?:us|them|you|we)\b|\s+(?:people|persons?|guests?|adults?|kids?|children|pax)\b"
_DAY = re.compile(
    rf"\b{_WD}\b\.?,?(?:\s+(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?\b(?![-–:.]\d|\s*(?:am|pm|a\.m|p\.m)\b|{_COUNTED})(?:\s+(?:of\s+)?{_MON}(?![a-z]))?"
    rf"|\s+{_MON}\s+\d{{1,2}}\b)?"
    rf"|\b(?:the\s+)?(?:\d{{1,2}}(?:st|nd|rd|th)?\s*[-–]\s*)?\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MON}(?![a-z])|\b{_MON}\s+\d{{1,2}}(?:st|nd|rd|th)?\b|\b(?:the\s+)?{_DOM}\b"
    r"|(?:(?:下下个?|下个?|这个?|本)?(?:周|星期|礼拜)[一二三四五六日天])?\s*(?:\d{1,2}月)?\d{1,2}[日号](?:\s*[(（]?(?:周|星期|礼拜)[一二三四五六日天][)）]?)?"
    r"|(?:下下个?|下个?|这个?|本)?(?:周|星期|礼拜)[一二三四五六日天]|今天|明天|后天"
    r"|\b(?:today|tomorrow)\b",  # (user32) the English of 今天 / 明天: "Our engineer can come tomorrow morning."
    re.I)
_ZH_PART = r"(?:上午|下午|晚上|中午|早上|凌晨|傍晚)"
_ZH_NUM = r"[一二两三四五六七八九十]{1,3}"
# a clock: "10am", "at 6:30pm", "15:30", "noon", "eleven o'clock", (missen20) "1 o clock", "上午9点", "四点半", "两点半", "16:00"
_CLOCK = re.compile(
    r"\b(?:at\s+)?(?:\d{1,2}(?:[:.]\d{2})?(?:\s*(?:-|–|to)\s*\d{1,2}(?:[:.]\d{2})?)?\s*(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}:\d{2}|noon|midday"
    r"|(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s*o'?\s?clock)(?![\w:])"
    # (miss12) a clock typed with a dot and no am/pm ("9.30 fine", "13.30 pls", "9.30那个"): two digits of minutes, no
    # money sign before, no unit or "per" after ("£9.50", "9.50 per bag", "2.45 hours", "1.20m", "9.50元" are no clocks)
    r"|(?<![£$€¥\d.,:A-Za-z])(?:[01]?\d|2[0-3])\.[0-5]\d(?![\d.,%]|[A-Za-z]|\s*(?:per|each|a|an|for|quid|pounds?|euros?|dollars?|p|pence"
    r"|hours?|hrs?|h|mins?|minutes?|days?|weeks?|nights?|miles?|km|kg|metres?|meters?|m|cm|mm)\b|\s*[元块米斤岁倍折万千克分秒%％])"
    rf"|{_ZH_PART}?\s*(?:\d{{1,2}}[:：]\d{{2}}|(?:\d{{1,2}}|{_ZH_NUM})\s*[点點](?:半|一刻|三刻|\d{{1,2}}分?|[一二三四五]?十[一二三四五六七八九]?分?|钟)?)",
    re.I)
# a part of the day named alone: "上午的", "the evening one", "晚上"
_PART = re.compile(rf"{_ZH_PART}(?!\s*(?:\d|{_ZH_NUM}[点點]))|\b(?:morning|afternoon|evening|lunchtime)\b", re.I)
_EN_NUMBERS = {w: n for n, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve".split())}
# a clause that declines what it names picks nothing ("not the friday", "周六不行")
_DECLINES = re.compile(r"\b(?:not|no|never|can't|cannot|won't|too|a bit)\b|n't\b|不|别|没空|太", re.I)
#: (fix17) a piece that is a refusal and nothing else: "so no", "nope", "sadly no"
#: (lead19) a zh day or part of the day the clause says someone is busy at ("她上午要带孙子", "周二下午有课"): a reason the
#: other option is taken, no pick of its own ("有空", "有时间", "方便" say the opposite)
_ZH_BUSY_AT = re.compile(r"(?:上午|下午|晚上|早上|中午|傍晚|(?:周|星期|礼拜)[一二三四五六日天]|\d{1,2}[号日])"
                         r"(?:都|还|一般|经常|每周)*(?:要|得|有|在)(?![空时便])[\u4e00-\u9fff]")
_BARE_NO = re.compile(r"\W*(?:(?:so|then|sadly|sorry|so sadly)\W+)?(?:no|nope|no good|not possible)\W*", re.I)
# the assistant reporting what it did ("Booked for Friday...", "预约成功", "已改到...") offers nothing
_REPORT = re.compile(r"^\W*(?:booked|confirmed|done|all set|changed|moved|rescheduled)\b|预约成功|已(?:为您|帮您|经)?[\u4e00-\u9fff]?(?:约|订|改|安排|登记|更新|确认|提交|办理)", re.I)
# words that point at an option and say nothing else ("the ... one", "那个", "吧")
_POINTERS = re.compile(r"\b(?:the|that|this|one|ones|pls|please|plz|so|ok|okay|then|works?|fine|good|is|it|for|me|us|at|on|"
                       r"i'?ll|take|go|with|do|let'?s|lets|yes|yeah|great|perfect|sounds)\b|那个|这个|那场|那班|那趟|那期|那天|的|吧|要|选|就|那就|好|行|可以",
                       re.I)


#: (missen21) the end of a window after its start's hour: "-9am", " to 7pm" (the end's hour, its am/pm)
_WINDOW_END = re.compile(r"\s*(?:-|–|to)\s*(\d{1,2})(?:[:.]\d{2})?\s*(am|pm|a\.m\.|p\.m\.)")


def hour_minute(token: str) -> tuple[int, int, bool] | None:
    """(hour, minute, whether the hour is known on a 24-hour clock) of a clock ``token``.

    >>> hour_minute("at 6:30pm"), hour_minute("15:30"), hour_minute("四点半"), hour_minute("下午2点")
    ((18, 30, True), (15, 30, True), (4, 30, False), (14, 0, True))
    >>> hour_minute("eleven o'clock"), hour_minute("noon"), hour_minute("两点"), hour_minute("一点")
    ((11, 0, False), (12, 0, True), (2, 0, False), None)
    >>> hour_minute("7.30-9am"), hour_minute("5-7pm"), hour_minute("11-1pm"), hour_minute("12-2pm")
    ((7, 30, True), (17, 0, True), (11, 0, True), (12, 0, True))
    """
    t = token.strip().casefold()
    if t in ("noon", "midday") or t.endswith((" noon", " midday")):
        return 12, 0, True
    m = re.search(r"(\d{1,2})(?:[:.：](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?", t)
    z = re.search(rf"({_ZH_PART})?\s*(\d{{1,2}}|{_ZH_NUM})\s*[点點](半|一刻|三刻|(\d{{1,2}})分?|([一二三四五]?十[一二三四五六七八九]?)分?)?", t)
    if z is not None:
        hour = small_number(z.group(2))
        if hour is None or hour > 23 or (hour == 1 and not z.group(1) and not z.group(3)):
            return None  # "一点" alone is "a little", not one o'clock
        extra = z.group(3) or ""
        minute = {"半": 30, "一刻": 15, "三刻": 45}.get(extra, 0)
        if z.group(4):
            minute = int(z.group(4))
        elif z.group(5):
            minute = small_number(z.group(5)) or 0
        part = z.group(1)
        if part in ("下午", "晚上", "傍晚") and hour < 12 or part == "中午" and hour < 3:
            hour += 12
        return hour, minute, bool(part) or hour > 12
    w = re.search(r"(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s*o'?\s?clock", t)
    if w is not None:
        return _EN_NUMBERS[w.group(1)], 0, False
    if m is None:
        return None
    hour, minute, half = int(m.group(1)), int(m.group(2) or 0), (m.group(3) or "").replace(".", "")
    if hour > 23 or minute > 59:
        return None
    if not half and (end := _WINDOW_END.match(t, m.end())):
        # (missen21) a window with am/pm only at its end ("7-9am", "5-7pm"): its start is in the same half of the day
        # when it is the earlier hour; a window across noon ("11-1pm") starts in the morning
        half = end.group(2).replace(".", "") if hour % 12 <= int(end.group(1)) % 12 else "am"
    if half:
        return hour % 12 + (12 if half == "pm" else 0), minute, True
    return hour, minute, ":" in t or "：" in t or hour > 12


def _same_clock(a: tuple[int, int, bool], b: tuple[int, int, bool]) -> bool:
    if a[1] != b[1]:
        return False
    return a[0] == b[0] if a[2] and b[2] else a[0] % 12 == b[0] % 12


def _day_of_month(token: str) -> int | None:
    m = re.search(r"(\d{1,2})\s*(?:st|nd|rd|th|[日号])", token, re.I) or re.search(r"(?<![\d月])(\d{1,2})(?![\d月])", token)
    if m is None:
        return None
    n = int(m.group(1))
    return n if 1 <= n <= 31 else None


def _month(token: str) -> int | None:
    """The month a day names ("June 10" 6, "3月18号" 3), or None."""
    m = re.search(r"(\d{1,2})月", token)
    if m:
        return int(m.group(1))
    w = re.search(_MON, token, re.I)
    names = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
    return names.index(w.group(0)[:3].casefold()) + 1 if w and w.group(0)[:3].casefold() in names else None


@dataclass
class Option:
    """One offered slot: its day and clock as the assistant wrote them, and the piece of text it stands in."""

    day: str = ""
    clock: str = ""
    part: str = ""
    piece: str = ""

    @property
    def value(self) -> str:
        zh = bool(re.search(r"[\u4e00-\u9fff]", self.day + self.clock + self.part))
        when = self.clock or self.part
        if self.part and self.clock and self.part not in self.clock:
            when = self.part + ("" if zh else " ") + self.clock if zh else self.clock
        return ("" if zh else " ").join(x.strip() for x in (self.day, when) if x.strip())


#: (user25) the full stop after a month written in full ends the sentence ("… or Wednesday 5 June."), no
#: abbreviation's ("Jun. 5"): no part of the day
_FULL_MONTH_STOP = re.compile(r"(?<=[a-z]{4})\.$|(?<=\bmay)\.$", re.I)


def _tokens(text: str) -> list[tuple[int, int, str, str]]:
    """(start, end, kind, text) of the days, clocks and parts of the day in ``text``, in order."""
    found = [(m.start(), m.end() - len(m.group(0)) + len(day), "day", day) for m in _DAY.finditer(text)
             if (day := _FULL_MONTH_STOP.sub("", m.group(0))).strip()]
    for kind, rx in (("clock", _CLOCK), ("part", _PART)):
        for m in rx.finditer(text):
            if m.group(0).strip() and (kind != "clock" or hour_minute(m.group(0)) is not None) \
                    and not any(s < m.end() and m.start() < e for s, e, _, _ in found):
                found.append((m.start(), m.end(), kind, m.group(0)))
    return sorted((s + len(t) - len(t.lstrip()), e, k, t.strip()) for s, e, k, t in found)


# (missen20) a weekday and a bare hour after it, "at" between or not: "thursday 5", "Thursday at 11"
_DAY_HOUR = re.compile(rf"\b{_WD}\b\.?,?\s+(?:at\s+)?(1[0-2]|[1-9])\b(?![:.]\d)(?!\s*(?:st|nd|rd|th|of)\b|\s*{_MON}|{_COUNTED})", re.I)


def _hour_tokens(clause: str) -> list[tuple[int, int, str, str]] | None:
    """(missen20) The clause's tokens with a bare hour said after a weekday read as a clock, the weekday as the day
    ("thursday 5" is Thursday at five, not the 5th), or None when the clause says no such hour. Read only where the
    day-of-month reading picks no offered slot.

    >>> [t[2:] for t in _hour_tokens("thursday 5")], [t[2:] for t in _hour_tokens("Thursday at 11 will do")]
    ([('day', 'thursday'), ('clock', '5')], [('day', 'Thursday'), ('clock', '11')])
    >>> _hour_tokens("saturday 14th"), _hour_tokens("the friday one"), _hour_tokens("monday 5 june")
    (None, None, None)
    """
    m = _DAY_HOUR.search(clause)
    if m is None:
        return None
    day_end = m.start() + len(re.match(rf"{_WD}\.?", clause[m.start():], re.I).group(0))
    kept = [t for t in _tokens(clause) if t[1] <= m.start() or t[0] >= m.end()]
    return sorted(kept + [(m.start(), day_end, "day", clause[m.start():day_end]), (m.start(1), m.end(1), "clock", m.group(1))])


#: (lead23) a bare hour a short reply says alone or after "at" ("11 please", "the saturday one at 11"): nothing counted
#: after it, no day of the month
_BARE_HOUR = re.compile(r"(?:^|(?<=\bat)|(?<=\bthe))\s*(1[0-2]|[1-9])\b(?![:.]\d)"
                        r"(?=\s*(?:one\b|o'?clock\b|please\b|pls\b|then\b|is fine\b|works\b|thanks\b|[,.!]|$))", re.I)


def _bare_hour_tokens(clause: str, said: list[tuple[int, int, str, str]]) -> list[tuple[int, int, str, str]] | None:
    """(lead23) The clause's tokens with a bare hour said alone or after "at" read as a clock ("11 please" after "We
    have Wednesday 9am or 11am."), or None when it says a clock already or no such hour. Read only where the options
    have clocks and no option is on that day of the month (:func:`_fits`).

    >>> [t[2:] for t in _bare_hour_tokens("11 please", [])]
    [('clock', '11')]
    >>> [t[2:] for t in _bare_hour_tokens("the saturday one at 11", [(4, 12, "day", "saturday")])]
    [('day', 'saturday'), ('clock', '11')]
    >>> _bare_hour_tokens("2 people", []), _bare_hour_tokens("the 11am one", [(4, 8, "clock", "11am")])
    (None, None)
    >>> _bare_hour_tokens("I have a call at 2", [])  # words of its own: a remark, no pick
    """
    if any(kind == "clock" for _, _, kind, _ in said):
        return None
    m = _BARE_HOUR.search(clause)
    if m is None or any(s < m.end(1) and m.start(1) < e for s, e, _, _ in said):
        return None
    if re.search(r"[A-Za-z]{2,}|[\u4e00-\u9fff]", _POINTERS.sub(" ", _PART.sub(" ", _DAY.sub(" ", clause[:m.start(1)] + " " + clause[m.end(1):])))):
        return None
    return sorted(said + [(m.start(1), m.end(1), "clock", m.group(1))])


#: where an option's own words begin at the latest: the clause it is said in
_BOUNDARY = re.compile(r"[,，;；.。!！?？\n]\s*|\bor\b|或者|还是")


def offered_slots(text: str) -> list[Option]:
    """The options of days and clocks an offer names (two or more, no two the same), else [].

    >>> [o.value for o in offered_slots("We have Monday 16th at 10am or Wednesday 18th at 2pm.")]
    ['Monday 16th at 10am', 'Wednesday 18th at 2pm']
    >>> [o.value for o in offered_slots("周三18号有上午9点和下午4点两个时段，您要哪个？")]
    ['周三18号上午9点', '周三18号下午4点']
    >>> [o.value for o in offered_slots("目前有6月7日周日上午9点和6月14日周日上午9点两场。")]
    ['6月7日周日上午9点', '6月14日周日上午9点']
    >>> offered_slots("Friday 13 March, pickup at 9am. Booked.")
    []

    (miss25en) An option said again after the whole list (the assistant's own suggestion: "we have 9:30am or 1pm. So
    9:30am?") is the same option, not a list that cannot be told apart; one slot said twice, or a day said again
    among other days ("5号和9号各有一班，5号那班7号到": the arrival days), is still no list.

    >>> [o.value for o in offered_slots("On Saturday 23 May we have 9:30am or 1pm (only 4 left). So 9:30am?")]
    ['Saturday 23 May 9:30', 'Saturday 23 May 1pm']
    >>> offered_slots("Friday at 9am works? Friday at 9am it is then"), offered_slots("5号和9号各有一班，5号那班7号到，9号那班11号到。")
    ([], [])
    """
    options: list[Option] = []
    seen: set[tuple[str, str, str]] = set()
    again = False
    for o in _slot_options(text):
        said = (o.day.casefold(), _clock_key(o.clock), o.part)
        if said not in seen and again:
            return []  # a new day after one said again: the days say other things, no list
        again = again or said in seen
        if not again:
            seen.add(said)
            options.append(o)
    return options if len(options) > 1 else []


def _clock_key(clock: str) -> str:
    """(miss25en) A clock as its hour and minute, so that "9:30am" said again as "9:30" or "9.30am" is the same option."""
    hm = hour_minute(clock) if clock else None
    return f"{hm[0]}:{hm[1]:02d}" if hm else clock.casefold()


def _slot_options(text: str, windows: bool = False) -> list[Option]:
    """Every slot of days and clocks ``text`` names, in order (:func:`offered_slots` keeps two or more); with
    ``windows`` two clocks joined as a window ("8am-1pm") are one slot's."""
    options: list[Option] = []
    starts: list[int] = []  # where each option's piece begins: where the one before it ended
    last_end = 0
    for start, end, kind, token in _tokens(text):
        cur = options[-1] if options else None
        if kind == "part" and cur is not None and not cur.clock and not cur.part:
            cur.part = token
        elif kind == "clock" and cur is not None and not cur.clock:
            cur.clock = token
        elif windows and kind == "clock" and cur is not None and _WINDOW_JOIN.fullmatch(text[last_end:start]):
            cur.clock = text[text.index(cur.clock, starts[-1]):end]  # (lead21e) a window, "8am-1pm": one slot
        else:  # a day; a second clock of one day, or a clock before any day: an option of its own
            options.append(Option(day=token) if kind == "day" else Option(day=cur.day if cur else "", **{kind: token}))
            starts.append(last_end)
        begin = max(starts[-1], max((m.end() for m in _BOUNDARY.finditer(text, 0, start)), default=0)) \
            if options[-1].piece == "" else starts[-1]
        starts[-1] = begin
        options[-1].piece = text[begin:end]
        last_end = end
    return options


def _offer(ctx: MessageContext) -> str:
    """The text of the assistant's latest message since the user last spoke (tool results between)."""
    G = ctx.graph
    seen = 0
    for node in reversed(G.graph["kinds"].get("turn", [])[-8:]):
        d = G.nodes[node]
        if d["role"] == "user":
            return ""
        if d["role"] == "assistant" and str(d.get("text") or "").strip():
            return str(d["text"])
        seen += 1
        if seen == LOOK_BACK:
            break
    return ""


def _words(text: str, lang: str) -> set[str]:
    return {w.casefold() for w in content_words(text, lang) if len(w) >= (2 if re.search(r"[\u4e00-\u9fff]", w) else 4)}


def _lead(option: Option) -> str:
    """The words of an option's piece before its day or clock (its own words: "Hackney has")."""
    first = option.day or option.clock or option.part
    return _POINTERS.sub(" ", option.piece.split(first)[0]) if first else ""


def _own_words(options: list[Option], lang: str) -> list[str]:
    """Each option's own words (its lead: "Hackney has", "滨江"), or the lead of the option before it when
    it has none ("Camden at 9:40 or 11:15": 11:15 is Camden's too; "a remote session today at 2pm or at 4:30pm")."""
    out: list[str] = []
    for n, o in enumerate(options):
        lead = _lead(o)
        own = _words(lead, lang) or re.search(r"[\u4e00-\u9fff]{2}", lead)
        out.append(lead if own or n == 0 else out[-1])
    return out


def _by_words(clause: str, options: list[Option], lang: str) -> set[int] | None:
    """The options whose piece holds a word of the clause that no other piece holds (None: no such word)."""
    found: set[int] = set()
    pieces = _own_words(options, lang)
    rest = _CLOCK.sub(" ", _DAY.sub(" ", clause))
    if re.search(r"[\u4e00-\u9fff]", rest):
        rest = _POINTERS.sub(" ", _PART.sub(" ", rest))
        for n, piece in enumerate(pieces):
            others = "".join(x for k, x in enumerate(pieces) if k != n)
            m = SequenceMatcher(None, rest, piece, autojunk=False).find_longest_match(0, len(rest), 0, len(piece))
            part = rest[m.a:m.a + m.size].strip()
            if len(re.findall(r"[\u4e00-\u9fff]", part)) >= 2 and part not in others and content_words(part, "zh"):
                found.add(n)
    else:
        for w in _words(rest, lang) - _words(_POINTERS.pattern, lang):
            holders = {n for n, piece in enumerate(pieces) if re.search(rf"\b{re.escape(w)}\b", piece, re.I)}
            if len(holders) == 1:
                found |= holders
    return found or None


def _fitting(tokens: list[tuple[int, int, str, str]], options: list[Option]) -> bool:
    """(missen20) Some offered slot is on every day-of-month the tokens name."""
    doms = [d for _, _, kind, token in tokens if kind == "day" and (d := _day_of_month(token)) is not None]
    return any(o.day and all(_day_of_month(o.day) == d for d in doms) for o in options)


def _fits(ctx: MessageContext, clause: str, options: list[Option]) -> tuple[int | None, bool]:
    """(index of the one option the clause names by every feature it says, whether it named it by a word)."""
    fits = set(range(len(options)))
    named = False
    index, pointed = ctx.pack.position(clause, len(options))
    if pointed:
        fits &= {index} if index is not None else set()
        named = True
    said = _tokens(clause)
    if (hours := _hour_tokens(clause)) is not None and not _fitting(said, options):
        said = hours  # (missen20) "thursday 5" when no offered slot is on the 5th: Thursday at five
    elif any(o.clock for o in options) and (bare := _bare_hour_tokens(clause, said)) is not None \
            and not any(o.day and _day_of_month(o.day) == int(t[3]) for t in bare if t[2] == "clock" for o in options):
        said = bare  # (lead23) "11 please" when clocks are offered and no slot is on the 11th
    for start, end, kind, token in said:
        named = True
        if kind == "day":
            wd, dom, month = weekday_of(token), _day_of_month(token), _month(token)
            fits &= {n for n, o in enumerate(options) if o.day
                     and (wd is None or weekday_of(o.day) == wd) and (dom is None or _day_of_month(o.day) == dom)
                     and (month is None or _month(o.day) in (None, month))}
        elif kind == "clock":
            said = hour_minute(token)
            fits &= {n for n, o in enumerate(options) if said and o.clock and (hm := hour_minute(o.clock))
                     and _same_clock(said, hm)}
        else:
            fits &= {n for n, o in enumerate(options) if _in_part(ctx.lang, token, o)}
    by_words = _by_words(clause, options, ctx.lang)
    if by_words is not None and not named and len(re.findall(r"[A-Za-z]+", clause)) + len(re.findall(r"[\u4e00-\u9fff]", clause)) / 2 > 4:
        by_words = None  # a word alone picks in a short reply ("Peckham one pls", 西湖那个), not in a sentence
    if by_words is not None:
        fits &= by_words
        named = True
    return (next(iter(fits)) if named and len(fits) == 1 else None), by_words is not None


def _in_part(lang: str, part: str, option: Option) -> bool:
    """The option's clock falls in the part of the day ``part`` names, or the option names that part."""
    word = part.casefold()
    if option.part and option.part.casefold() == word:
        return True
    hm = hour_minute(option.clock) if option.clock else None
    if hm is None:
        return word in option.clock.casefold()
    span = next(((lo, hi) for w, lo, hi in _DAY_PARTS.get(lang, ()) if w == word), None)
    hour = hm[0] if hm[2] else (hm[0] + 12 if hm[0] < 8 else hm[0])  # "2:15" offered by day is 14:15
    return span is not None and span[0] <= hour < span[1] and (not option.part or option.part in option.clock)


def _asks_more(clause: str, lang: str) -> bool:
    """A question that asks about the option rather than naming it: words left beyond the option's."""
    rest = _POINTERS.sub(" ", _PART.sub(" ", _CLOCK.sub(" ", _DAY.sub(" ", clause))))
    if ordinal := re.search(r"(?:first|second|third|last|第[一二三]|最后)", rest):
        rest = rest.replace(ordinal.group(0), " ")
    return bool(_words(re.sub(r"[^\w\s]", " ", rest), lang))


#: where a clause is cut further: after a comma, and (picks16) at a space between Chinese characters, the comma of
#: an unpunctuated chat message ("7号吧 哦不行 7号有事 14号那场")
_SPACE_CUT = re.compile(r"(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff\d])")
_PART_CUT = re.compile(r"(?<=[,;])\s*|" + _SPACE_CUT.pattern)


#: (lead24) a part of the day with a word that points at the option holding it, and nothing else ("上午的", "下午那个吧")
_PART_POINTED = re.compile(rf"(?:{_ZH_PART})(?:的|那个|那场|那班)吧?")
#: (fix28a) a later piece that declines or says someone is busy ("所以不行", "我朋友约了", "孩子要上课"): the part of the day
#: pointed at before it is the one ruled out, not picked ("上午的 我叫陈静" still picks)
_BUSY_OR_NO_ZH = re.compile(_DECLINES.pattern + r"|(?:要|得)(?:上|去|带|接|送|开|加|值|陪)|有(?:事|课|会|约|安排)|约了|忙|上班|上课", re.I)


def _ruled_out_after(pointed: str, later: list[str]) -> bool:
    """(fix28a) Whether a later piece declines or says someone is busy, at no other part of the day than the one
    ``pointed`` at ("下午的 我家孩子要上课 所以不行", "上午的 我朋友约了"); busy at another part is the pick's reason ("晚上那个
    下午要上班").

    >>> _ruled_out_after("下午的", ["我家孩子要上课", "所以不行"]), _ruled_out_after("晚上那个", ["下午要上班", "杨柳"])
    (True, False)
    >>> _ruled_out_after("上午的", ["我叫陈静"])
    False
    """
    own = re.search(_ZH_PART, pointed)
    for piece in later:
        part = re.search(_ZH_PART, piece)
        if _BUSY_OR_NO_ZH.search(piece) and not (part and own and part.group(0) != own.group(0)):
            return True
    return False


def _bare_pick(piece: str, pack, size: int) -> bool:
    """(picks16) A piece that names a slot by its day, clock or place and says nothing else ("14号那场", "周三那个",
    "16号上午吧"): a part of the day alone ("上午最好") or a reason ("下午她有课", "7号孩子要去外婆家") is none.

    >>> _bare_pick("14号那场", None, 2), _bare_pick("16号上午吧", None, 2), _bare_pick("下午她有课", None, 2), _bare_pick("上午最好", None, 2)
    (True, True, False, False)
    >>> _bare_pick("上午的", None, 2), _bare_pick("下午那个吧", None, 2)  # (lead24) a part of the day pointed at
    (True, True)
    """
    tokens = [kind for _, _, kind, _ in _tokens(piece)]
    placed = pack is not None and pack.position(piece, size)[1]
    if not placed and "day" not in tokens and "clock" not in tokens:
        return bool(_PART_POINTED.fullmatch(piece.strip()))  # (lead24) "上午的 我叫陈静": the part of the day pointed at
    rest = _POINTERS.sub(" ", _PART.sub(" ", _CLOCK.sub(" ", _DAY.sub(" ", piece))))
    if placed:
        rest = rest.replace(placed, " ")
    return len(re.findall(r"[\u4e00-\u9fff]", rest)) <= 1 and not re.search(r"[A-Za-z]{2,}", rest)


def _parts(text: str) -> list[tuple[int, str, bool]]:
    """The message's clauses cut at commas too: "thursday's no good, saturday then" declines one and picks the other;
    (picks16) a zh clause cut by spaces is cut there, each piece marked (True) as such: a piece that declines or a long
    message no longer keeps the pick out, and such a piece picks only when it names the option alone.

    >>> _parts("7号吧 哦不行 7号有事 14号那场")
    [(0, '7号吧', True), (4, '哦不行', True), (8, '7号有事', True), (13, '14号那场', True)]
    >>> _parts("thursday's no good, saturday then")
    [(0, "thursday's no good,", False), (20, 'saturday then', False)]
    """
    out = []
    for offset, clause in clauses(text):
        at = 0
        spaced = _SPACE_CUT.search(clause) is not None
        for piece in _PART_CUT.split(clause):
            if piece.strip():
                out.append((offset + clause.find(piece, at), piece, spaced))
            at += len(piece)
    return out


@step("slot_picks", roles=("user",))
def slot_picks(ctx: MessageContext) -> list[_Unit]:
    """The one offered slot the user's short clause picks, whole: in the clause's own day or
    clock fact, else a ``slot`` fact; a fact holding several options' words narrows to the picked one.
    (picks16) A ``slot`` an earlier pick of the user's made is retracted (:func:`_left_slots`) when a new pick is held
    in the message's own day or clock fact, when the message names an offered day without a pick (both: only a slot
    on a day offered again), or when no offer stands and the message changes the day ("能改成28号周日吗")."""
    offer = _offer(ctx)
    options = [] if not offer or _REPORT.search(offer) or first_match(ctx.pack.done, offer) else offered_slots(offer)
    if options and len(_slot_options(offer, windows=True)) == 1:
        options = []  # (lead21e) "Saturday 8 March, 8am-1pm": a window, one slot, no list
    if not options:
        if offer and not _REPORT.search(offer) and not first_match(ctx.pack.done, offer):
            one = _yes_to_one_slot(ctx, offer)
            if one:
                return one
        return _left_slots(ctx) if _changed_to(ctx) else []  # (picks16) "能改成28号周日吗"
    picked = None
    until = put_off_until(ctx.text, ctx.lang, [o.value for o in options])  # (fix13) topics of their own aside
    parts = _parts(ctx.text)
    for n, (offset, clause, spaced) in enumerate(parts):
        if len(clause.strip()) > MAX_CLAUSE_CHARS:
            continue
        # (fix12) a decision put off ("let me check with my wife about thursday", 下午那个我考虑一下) or another person's
        # past deed ("my sister went to the thursday one last time", 我同事约的上午那个) takes no slot, as a declined one;
        # (fix17) so does one the next piece refuses bare ("the friday one is when I have physio, so no")
        if _DECLINES.search(clause) or first_match(ctx.pack.rejects, clause) or _rules_out(ctx, offset, clause) \
                or ctx.lang == "zh" and n and _ZH_BUSY_AT.search(clause) \
                or offset < until or others_experience(clause, ctx.lang) \
                or (n + 1 < len(parts) and _BARE_NO.fullmatch(parts[n + 1][1])):
            if _fits(ctx, clause, options)[0] is not None:
                _drop_own(ctx, clause)  # "not thursday, i'm away": an offered slot declined is no value of the user's
            continue
        asked = in_spans(offset, ctx.asked) or asks(clause, ctx.lang)  # (fix12) a zh interrogative with no mark
        bare = not spaced or _bare_pick(clause, ctx.pack, len(options))
        if bare and spaced and _PART_POINTED.fullmatch(clause.strip()) and _ruled_out_after(clause, [p for _, p, _ in parts[n + 1:]]):
            continue  # (fix28a) "下午的 我家孩子要上课 所以不行": the part of the day pointed at, then why not, is no pick
        if not bare and not asked:
            continue  # (picks16) a space-cut piece with words of its own is a reason ("下午她有课"), no pick
        index, by_word = _fits(ctx, clause, options)
        if asked and _asks_more(clause, ctx.lang):
            if index is not None:  # "is the wednesday one with the same teacher?": asks about an option, takes none
                _drop_own(ctx, clause)
            continue
        if not bare:
            continue
        if index is not None:  # "saturday. wait no ..., friday noon works": the last pick of the message stands
            if picked and picked[1] != index:
                _drop_dropped(ctx, picked[0], clause)
            picked = (clause, index, by_word)
    if picked:
        return _carry(ctx, *picked, options)
    return _left_slots(ctx, options) if any(_offered_day(u.value, options) for u in _own(ctx, ctx.text)) else []


#: (lead21e) a reply that says yes and nothing of its own ("yes please", "that works", "好的", "可以")
_YES_ONLY = re.compile(r"^\W*(?:(?:yes|yeah|yep|yup|ok|okay|sure|please|go ahead|book it|do it|that'?s fine|that works|"
                       r"sounds good|perfect|great|lovely|brilliant|fine|cheers|thanks|thank you|(?<=thank you )(?:very|so) much)\b[\s,.!]*)+$"
                       r"|^\W*(?:好的?|行|可以|是的|对|嗯|没问题|成|中|要得|得|麻烦了?|谢谢)+[\s，,。!！~]*$", re.I)


#: (user26) a last sentence that puts one slot forward with no question ("Thursday 18th at 3:30pm is available.",
#: "I can offer Friday at 10am."): a plain yes to it takes the slot as a yes to "Shall I book it?" does
#: (user32) or the visit the service can make ("Our engineer can come tomorrow between 8 and 12.", "We can deliver on
#: Friday morning.", "Dave could be with you Monday at 9."): a plain yes ("that works") takes the slot
_PROPOSED_EN = re.compile(r"(?:\b(?:is|are) (?:available|free|open)|\bI (?:can|could) (?:offer|do|fit you in)\b[^.!?]*"
                          r"|\b(?:can|could) (?:come|come out|call round|visit|be there|be with you|deliver|collect|install)\b(?![^.!?]*\bor\b)[^.!?]*)"
                          r"[.!]?\s*$", re.I)


def _yes_to_one_slot(ctx: MessageContext, offer: str) -> list[_Unit]:
    """(lead21e) A plain yes to the one slot the assistant proposes with a yes/no question ("The earliest slot is
    Saturday 8 March, 8am-1pm. Shall I book it?" - "yes please"; "周六上午10点可以吗？" - "可以"): the slot, in a
    ``slot`` fact. Not when the question asks which, nor when the proposal names two days or two clocks.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en", today="2027-02-20")
    >>> t.observe_many([{"role": "assistant", "content": "The earliest slot is Saturday 8 March, 8am-1pm. Shall I book it?"},
    ...                 {"role": "user", "content": "yes please"}])
    >>> [(f.key, f.value) for f in t.state().facts if f.status == "current"]
    [('slot', 'Saturday 8 March, 8am-1pm')]
    """
    text = offer.rstrip()
    proposed = text.endswith(("?", "？")) or ctx.lang == "en" and _PROPOSED_EN.search(text[-80:]) is not None
    if not proposed or _WHICH.search(text[-60:]) or not _YES_ONLY.match(ctx.text.strip()):
        return []
    sentences = [x for x in re.split(r"(?<=[.!?。！？])\s*", text) if x.strip()]
    said = " ".join(sentences[-2:]) if len(sentences) >= 2 else text  # the proposal and its question
    asked = [x for x in re.split(r"[，,。！？.!?]\s*", text) if x.strip()][-1:] or [text]  # the question's own clause
    if _UNDO_ASKED.search(asked[0]) and not _tokens(asked[0]):
        return []  # (fix25) "Your visit is Friday 7 March at 10am. Shall I cancel it?": a yes undoes the slot, no pick
    short = len(asked[0].strip()) <= 4 if re.search(r"[\u4e00-\u9fff]", asked[0]) else len(asked[0].split()) <= 3
    if not _tokens(asked[0]) and not _GO_AHEAD_ASKED.search(asked[0]) and not short:
        return []  # (fix25) "Saturday 8 March at 9am is free. Is there parking outside?": the yes answers another thing
    tokens = _tokens(said)
    days = [t for t in tokens if t[2] == "day"]
    clocks = [t for t in tokens if t[2] != "day"]
    if len(days) != 1 or len(clocks) > 2 or len(clocks) == 2 and not _WINDOW_JOIN.fullmatch(said[clocks[0][1]:clocks[1][0]]):
        return []  # two days, or two clocks that are no window: a list, the picks' to read
    value = said[min(t[0] for t in tokens):max(t[1] for t in tokens)].strip(" ,，")
    name = "时段" if ctx.lang == "zh" else "slot"
    return [FactUnit(key="slot", name=name, value=value, stressed=ctx.stressed)]


#: (fix25) a question that asks to undo or move the slot said before it ("Shall I cancel it?", "Do you want me to move
#: that one?", "需要帮您取消吗？"): a yes to it keeps no slot
_UNDO_ASKED = re.compile(r"\b(?:cancel\w*|remove|delete|drop|release|move|change|reschedule|rebook|free up)\b|取消|退掉|删掉|改|换|挪|推迟", re.I)
#: (fix25) a question that asks to go ahead with what was proposed ("Shall I book it?", "Does that work?", "OK with
#: you?", "可以吗？", "给您安排吗？"); a question of another thing ("Is there parking?", "家里有宠物吗？") is none
_GO_AHEAD_ASKED = re.compile(r"(?i)\b(?:it|that|this|one|book\w*|confirm|reserve|go ahead|schedule|arrange|lock|hold|put you down|"
                             r"pencil|suits?|works?|ok|okay|good|fine|alright|all right|want|like)\b|"
                             r"可以吗|行吗|好吗|方便吗|合适吗|行不行|可不可以|好不好|预约|安排|确认|订|约|定")
#: (lead21e) a question of which ("which suits?", "哪个", "还是"): a choice, not a proposal
_WHICH = re.compile(r"\b(?:which|what time|when)\b|哪|还是|几点", re.I)
#: (lead21e) what joins the two clocks of a window ("8am-1pm", "8am to 1pm", "9点到11点")
_WINDOW_JOIN = re.compile(r"\s*(?:-|–|to|until|till|至|到|~|～)\s*", re.I)


def _offered_day(said: str, options: list[Option]) -> bool:
    """(picks16) ``said`` names the day of one of the offered options ("16号上午" of "16号"), though not one option alone.

    >>> _offered_day("16号上午", [Option(day="15号", part="上午"), Option(day="16号")]), _offered_day("6月10号前", [Option(day="16号")])
    (True, False)
    """
    days = [t for _, _, k, t in _tokens(said) if k == "day"]
    return any((dom := _day_of_month(d)) is not None and any(_day_of_month(o.day) == dom for o in options)
               or (wd := weekday_of(d)) is not None and any(weekday_of(o.day) == wd for o in options) for d in days)


def _rules_out(ctx: MessageContext, offset: int, clause: str) -> bool:
    """(prec9) The clause names its day or clock only to rule it out ("we're away the 2nd", "I'm at work
    mondays"): no pick, as a declining clause.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en", today="2026-03-09")
    >>> t.observe_many([{"role": "assistant", "content": "Jump days in May are Saturday 2nd and Saturday 16th."},
    ...                 {"role": "user", "content": "we're away the 2nd, sorry"}])
    >>> [f.value for f in t.state().facts if f.status == "current"]
    []
    """
    tokens = [(start, end) for start, end, kind, _ in _tokens(clause) if kind in ("day", "clock")]
    return any(ruled_out(ctx.text, offset + start) for start, _ in tokens) or _in_must_not(ctx, clause, tokens)


def _in_must_not(ctx: MessageContext, clause: str, tokens: list[tuple[int, int]]) -> bool:
    """(cons10) Whether a must_not rule cue of the pack spans one of the clause's day or clock tokens: "周日那个，周六她还有
    英语课" picks 周日, its 周六 is the busy time the rule keeps."""
    for polarity, cues in ctx.pack.constraints:
        if polarity != "must_not":
            continue
        for cue in cues:
            for m in cue.finditer(clause):
                if any(m.start() <= start < m.end() for start, _ in tokens):
                    return True
    return False


def _own(ctx: MessageContext, clause: str) -> list[FactUnit]:
    """The message's own day and clock facts said in ``clause``."""
    from .changes import _kind_of_unit

    return [u for u in ctx.units if isinstance(u, FactUnit) and not u.offered and u.value in clause
            and _kind_of_unit(ctx, u) in ("day", "time")]


def _drop_own(ctx: MessageContext, clause: str) -> None:
    own = _own(ctx, clause)
    ctx.units[:] = [u for u in ctx.units if not any(u is o for o in own)]


def _drop_dropped(ctx: MessageContext, dropped: str, kept: str) -> None:
    """(missen21) The day and clock facts of a pick the message drops for a later one that says a kind of time it
    said too ("tuesday evening, nobody's home then. wednesday morning then", "8号下午吧，还是周六那个"), but none the
    later pick says too; a later pick that says no such kind is another slot's ("3pm please ... and today for
    collecting").

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en", today="2026-05-04")
    >>> t.observe_many([{"role": "assistant", "content": "We can come Tuesday 12 May 6-8pm or Wednesday 13 May 7-9am."},
    ...                 {"role": "user", "content": "tuesday evening, nobody home till late tho. wednesday morning then"}])
    >>> [(f.key, f.value) for f in t.state().facts if f.status == "current" and "uesday" in str(f.value)]
    []
    """
    if not {t[2] for t in _tokens(dropped)} & {t[2] for t in _tokens(kept)}:
        return
    own = [u for u in _own(ctx, dropped) if str(u.value) not in kept]
    ctx.units[:] = [u for u in ctx.units if not any(u is o for o in own)]


# (picks15) the words that point at an offered slot: a day or clock with 那个 / 那场 after it (周日那个), "the" before a
# weekday ("the Thursday") and "one" after a day or clock ("saturday one", "the 2pm one")
_ZH_POINTER = re.compile(r"\s*(?:那个|那场|那天|那次|那班|那趟)")
_EN_THE = re.compile(r"\bthe\s+$", re.I)
_EN_ONE = re.compile(r"\s+one\b", re.I)


def pointed_words(clause: str, pack, size: int) -> str:
    """The user's words that point at one of ``size`` offered slots: a day or clock with a pointer, or a place in
    the list by the pack's ordinals ("first one", 第二个); "" when the clause names the slot with no pointer ("so
    thursday", "20号吧").

    >>> pointed_words("周日那个吧", None, 3), pointed_words("The Thursday would suit", None, 3), pointed_words("so thursday", None, 3)
    ('周日那个', 'The Thursday', '')
    >>> pointed_words("the saturday one, I'm at choir", None, 2), pointed_words("上午10点那场", None, 2)
    ('the saturday one', '上午10点那场')
    >>> pointed_words("The Monday afternoon, please", None, 3)
    'The Monday afternoon'
    """
    if pack is not None:
        _, pointed = pack.position(clause, size)
        if pointed:
            at = clause.casefold().find(pointed.casefold())
            one = _EN_ONE.match(clause, at + len(pointed))
            return clause[at:one.end() if one else at + len(pointed)]
    for start, end, kind, token in _tokens(clause):
        if kind not in ("day", "clock"):
            continue
        if m := _ZH_POINTER.match(clause, end):
            return clause[start:m.end()].strip()
        the = _EN_THE.search(clause, 0, start)
        if the and kind == "day" and (run := said_when(clause[start:])):
            end = start + len(run)  # (missen19) "The Monday afternoon": the part of the day said with it too
        one = _EN_ONE.match(clause, end)
        if (the and kind == "day") or one:
            return clause[the.start() if the else start:one.end() if one else end].strip()
    return ""


# (missen19) what may stand between two tokens of one said time: "fri morning", "thursday at 5pm", "sat 20th, 10am"
_SAID_GAP = re.compile(r"\s*(?:,|\bat\b)?\s*", re.I)


def said_when(clause: str) -> str:
    """(missen19) The user's words for a day and a clock or part of the day in ``clause``, as one run of tokens with
    nothing but a space, a comma or "at" between them ("weds 3pm", "fri morning"); "" for no day or clock, or (miss12)
    a part of the day alone, which says less than the option it picks.

    >>> said_when("wednesday afternoon is better"), said_when("fri morning pls"), said_when("yes 10.20 great")
    ('wednesday afternoon', 'fri morning', '10.20')
    >>> said_when("morning is better"), said_when("monday after work like 5.30?")
    ('', 'monday')
    """
    tokens = _hour_tokens(clause) or _tokens(clause)  # (missen20) "Thursday at 11": the hour is said too
    if not tokens:
        return ""
    run = [tokens[0]]
    for token in tokens[1:]:
        if not _SAID_GAP.fullmatch(clause, run[-1][1], token[0]):
            break
        run.append(token)
    if all(kind == "part" for _, _, kind, _ in run):
        return ""
    return clause[run[0][0]:run[-1][1]].rstrip(" ,.")  # (fix22) "thursday, 5 of us": the day's comma is no word


def _carry(ctx: MessageContext, clause: str, index: int, by_word: bool, options: list[Option]) -> list[_Unit]:
    value = options[index].value
    units: list[_Unit] = []
    own = _own(ctx, clause)
    pointer = pointed_words(clause, ctx.pack, len(options))
    if own:
        first = own[0]
        ctx.units[:] = [u for u in ctx.units if u is first or not any(u is o for o in own[1:])]
        value = _merged(first.value, options[index], ctx.lang)
        # (picks15) the user's words that picked it, the slot beside; (missen19) a weekday with a part of the day or
        # a clock ("wednesday afternoon", "weds 3pm") too: the option's day and clock alone lost them
        said = pointer or said_when(clause)
        if said and said.casefold() not in value.casefold():
            value = f"{said} ({value})"
        moved = _moved_day(ctx, options, index) if first.key not in ("date", "日期") else None
        ctx.units[ctx.units.index(first)] = first.model_copy(update=dict(value=value, supersedes=moved or first.supersedes))
        units += _left_slots(ctx, options)  # (picks16) the pick is held under the day's key: a slot picked before is left
    else:
        # (miss12) no fact of the message holds the clause's day or clock ("20号吧", "yes 10.20 great"): the user's words
        # for them first, the option beside ("20号 (4月20日)", "10.20 (10:20am)"); a part of the day alone ("morning")
        # says less than the option and adds nothing
        said = pointer or said_when(clause)
        if said and said.casefold() not in value.casefold():
            value = f"{said} ({value})"
        name = "时段" if ctx.lang == "zh" else "slot"
        units.append(FactUnit(key="slot", name=name, value=value, correction=ctx.correcting, stressed=ctx.stressed,
                              supersedes=_moved_day(ctx, options, index)))
    if by_word:
        units += _narrowed(ctx, options, index)
    return units


#: (user27) the keys of a day the user gave with no role of its own: a pick of another offered day moves it
_PLAIN_DAY_KEYS = ("date", "day", "日期")
#: (user27) an offer that moves the user's day: it says the day is taken or offers to move it ("The 12th is full. I can
#: move it to the 14th or the 16th", "周五约满了，可以改到周六或周日"); a list of days alone may be days before another
#: event the user named ("Days before the 19th: …", a certificate's expiry, a birth)
_MOVING_OFFER = re.compile(r"\b(?:move|moved|moving|reschedul\w*|rebook\w*|instead|full(?:y booked)?|booked up|unavailable|"
                           r"not available|no (?:slots?|space|availability)|can(?:'|no)?t do)\b|约满|满了|改到|改成|换到", re.I)


def _moved_day(ctx: MessageContext, options: list[Option], index: int) -> str | None:
    """(user27) The user's own plain day (a ``date`` or ``day`` fact) that the pick of another offered day moves: "my
    wardrobe is meant to be delivered on the 12th but I won't be home" - "I can move it to the 14th or the 16th" -
    "16th please" leaves the 12th behind, though the pick is held as a ``slot``. None when the picked option names no
    day or names the held one (a clock picked on it), when another fact holds an offered day or the user named the
    picked day with the held one (the options are another leg's: "out on the 6th, back on the 15th"), or when the
    offer does not say it moves the day (:data:`_MOVING_OFFER`: a list of days before an event the user dated).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en", today="2027-05-20")
    >>> t.observe_many([{"role": "user", "content": "can you deliver my sofa on the 12th?"},
    ...                 {"role": "assistant", "content": "The 12th is full. I can do the 14th or the 16th."},
    ...                 {"role": "user", "content": "16th please"}])
    >>> sorted((f.key, f.value, f.status) for f in t.state().facts if f.key in ("date", "slot"))
    [('date', 'the 12th', 'superseded'), ('slot', 'the 16th', 'current')]
    """
    if not options[index].day.strip() or not _MOVING_OFFER.search(_offer(ctx)):
        return None
    G = ctx.graph
    held = [(fid, G.nodes[fid]) for fid in G.graph["current_fact"].values() if G.nodes[fid].get("status") == "current"]
    plain = [fid for fid, d in held if d.get("key") in _PLAIN_DAY_KEYS
             and G.nodes.get(f"t{d.get('turn')}", {}).get("role") == "user"]
    if len(plain) != 1 or any(fid != plain[0] and _offered_day(str(d.get("value", "")), options) for fid, d in held):
        return None
    said = str(G.nodes[plain[0]].get("value", ""))
    if _offered_day(said, [options[index]]) or not any(k == "day" for _, _, k, _ in _tokens(said)):
        return None  # the day picked is the one held (a clock picked on it), or the fact names no day
    told = str(G.nodes.get(f"t{G.nodes[plain[0]].get('turn')}", {}).get("text", ""))
    if _offered_day(told, [options[index]]):
        return None  # the user named the picked day beside the held one ("out on the 6th, back on the 15th"): another leg
    return plain[0]


#: (picks16) a change of the day said right before the new one ("改成28号", "换到周五", "move it to the 9th")
_CHANGE_WORD = re.compile(r"[改换调]|\b(?:move|change|switch|push|bring)\b", re.I)
_CHANGE_TO = re.compile(r"(?:改|换|调)(?:成|到|为)\s*$|\b(?:move|change|switch|push|bring)\b(?:\s+\w+){0,3}?\s+to\s+(?:the\s+)?$", re.I)


def _changed_to(ctx: MessageContext) -> bool:
    """(picks16) The message changes the day to one of its own day facts ("能改成28号周日吗"); another day said in a
    correction ("actually can you make it a return? coming back March 15") changes no slot.

    >>> _CHANGE_TO.search("能改成"), _CHANGE_TO.search("can we move it to the "), _CHANGE_TO.search("coming back ")
    (<re.Match object; span=(1, 3), match='改成'>, <re.Match object; span=(7, 22), match='move it to the '>, None)
    """
    if not _CHANGE_WORD.search(ctx.text):
        return False  # the cheap test first: most messages change nothing
    return any(_CHANGE_TO.search(ctx.text[:max(0, ctx.text.find(u.value))]) for u in _own(ctx, ctx.text))


def _left_slots(ctx: MessageContext, options: list[Option] | None = None) -> list[_Unit]:
    """(picks16) The ``slot`` facts an earlier pick of the user's made, which a new pick held under the message's own
    day or clock, or a change of day ("能改成28号周日吗"), leaves behind: retracted, as a pick a later pick replaces.
    A new pick among ``options`` leaves only a slot on a day they offer again ("15号都满了，16号还有…" - "16号上午吧"),
    not the slot of another leg ("March 6 at 20:40", then "13:15 one" of the return's March 15 options).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh", today="2026-05-01")
    >>> t.observe_many([{"role": "assistant", "content": "还有6月6日（周六）、6月20日（周六）。"},
    ...                 {"role": "user", "content": "20号那个吧"},
    ...                 {"role": "assistant", "content": "好的，已为您锁定6月20日。"},
    ...                 {"role": "user", "content": "他周六要加班，能改成28号周日吗"}])
    >>> [(f.key, f.status) for f in t.state().facts if f.key == "slot"]
    [('slot', 'retracted')]
    """
    G = ctx.graph
    return [RetractUnit(fact=f) for f in g.current_with_key(G, "slot")
            if G.nodes.get(f"t{G.nodes[f].get('turn')}", {}).get("role") == "user"
            and (options is None or _offered_day(str(G.nodes[f]["value"]), options))]


def _merged(own: str, option: Option, lang: str) -> str:
    """The user's words for the slot first, the option's day or clock where the user's say none: a
    weekday alone becomes the option's day ("thursday" -> "Thursday 12 March"), a date in digits stays
    the user's ("Dec 9 afternoon" keeps its words), a missing clock comes from the option.

    >>> _merged("so thursday", Option(day="Thursday 12 March", clock="at 6:30pm"), "en")
    'Thursday 12 March at 6:30pm'
    >>> _merged("Dec 9 afternoon", Option(day="December 9", part="in the afternoon"), "en")
    'Dec 9 afternoon'
    >>> _merged("10号", Option(day="周二10号", clock="晚上6点半"), "zh")
    '10号晚上6点半'
    """
    tokens = _tokens(own)
    days = [t for _, _, k, t in tokens if k == "day"]
    clocks = [t for _, _, k, t in tokens if k in ("clock", "part")]
    if not days and not clocks:
        return option.value
    sep = "" if lang == "zh" else " "
    if days and re.search(r"\d", days[0]):
        day = own.strip() if clocks else days[0]
    elif days and days[0].casefold() not in option.day.casefold():
        day = f"{days[0]}{sep}{option.day}".strip()
    else:
        day = option.day or (days[0] if days else "")
    if clocks and day == own.strip():
        return day
    when = clocks[0] if clocks else (option.clock or option.part)
    return sep.join(x for x in (day.strip(), when.strip()) if x)


def _narrowed(ctx: MessageContext, options: list[Option], index: int) -> list[_Unit]:
    """A user's current fact that holds words of two options as one value ("Bath or Bristol", "滨江, 西湖")
    keeps the picked option's word."""
    G = ctx.graph
    chosen = options[index].piece
    out: list[_Unit] = []
    for fid, d in g.recent_current_facts(G, 30):
        if G.nodes.get(f"t{d['turn']}", {}).get("role") != "user" or str(d.get("key")) == "want":
            continue
        parts = [p.strip() for p in re.split(r"\s*(?:,|，|、|\bor\b|或者|还是|或)\s*", str(d["value"])) if p.strip()]
        if len(parts) < 2:
            continue
        held = [p for p in parts if p.casefold() in chosen.casefold()]
        if len(held) == 1 and any(p.casefold() in o.piece.casefold() for k, o in enumerate(options) if k != index for p in parts):
            out.append(FactUnit(key=d["key"], name=d["name"], value=held[0], slot=d.get("slot"), group=d.get("group"),
                                supersedes=fid, correction=True))
    return out
