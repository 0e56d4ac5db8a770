"""Dates as the conversation says them: a tool's machine date in the chat's own words.

A tool records the day the user settled on as ``2026-05-29``; the user and the assistant said
"5月29日" or "Friday 13 March". A fact keeps the words the conversation used for that day (the
latest date mention of the same month and day, the fullest one), else the date written in the
conversation's language and its order of day and month ("13 March 2026" where the chat writes
"25 September", "March 13, 2026" where it writes "May 8"). The time after a date stays as it is.

>>> spoken_dates("2026-05-29", "zh", [])
'2026年5月29日'
>>> spoken_dates("2026-03-13 12:00", "en", [("Friday 13 March", "--03-13")])
'Friday 13 March 12:00'
>>> spoken_dates("2026-07-11", "en", [("Saturday the 11th", "--07-11"), ("Saturday July 11", "--07-11")])
'Saturday July 11'
>>> spoken_dates("2026-01-26", "en", [("May 8", "--05-08")]), spoken_dates("HW84-2209-31755", "en", [])
('January 26, 2026', 'HW84-2209-31755')

A day nobody named stays ISO when ``written`` is off; a day named without its date keeps that word:

>>> spoken_dates("2026-09-12", "zh", [], written=False), spoken_dates("2026-09-12", "zh", [("周六", "2026-09-12")], written=False)
('2026-09-12', '周六 2026年9月12日')
"""

from __future__ import annotations

import re
from typing import Iterable

import networkx as nx

from .. import _graph as g
from .._units import FactUnit, _Unit
from .context import MessageContext
from .registry import step
from .surface import with_user_words

#: an ISO date standing alone in a value (not part of an id: "2019-3301-8821-0467")
ISO_DATE = re.compile(r"(?<![A-Za-z0-9_-])(\d{4})-(\d{2})-(\d{2})(?![A-Za-z0-9_-]|:\d)")
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")
_DAY_FIRST = re.compile(r"^(?:[A-Za-z]+,?\s+)?(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?[A-Za-z]")
_MONTH_FIRST = re.compile(r"^(?:[A-Za-z]+day,?\s+)?[A-Za-z]{3,9}\.?\s+\d{1,2}\b")
# a mention that names its month ("July 11", "7月11日", "11/07"), not only the day ("the 11th", "11号")
_NAMES_MONTH = re.compile(r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|月|\d\s*[/.]\s*\d", re.I)
#: at most this many of the latest date entities are read
RECENT_DATES = 200


def _same_day(value: object, year: str, month: str, day: str) -> bool:
    """An entity's normalised date (``2026-05-29`` or ``--05-29``) is the day ``year-month-day``."""
    if not isinstance(value, str):
        return False
    m = re.fullmatch(r"(\d{4}|-)-(\d{2})-(\d{2})", value)
    return bool(m) and m.group(2) == month and m.group(3) == day and m.group(1) in ("-", year)


#: (miss25zh) what may open a weekday's word and say no more of the day: "本周四", "这个礼拜五", "this Friday"
_DAY_LEAD = re.compile(r"^(?:这个?|本|this\s+|on\s+)", re.I)


def _fuller_own(word: str, own: list[str]) -> str:
    """(miss25zh) The user's own latest words for a day when they hold the newest mention's ``word`` for it and say
    more (its part of the day): the assistant's "我帮您看下周五" or "本周四" restates the day the user said as "周五晚上"
    or "周四下午", and the booking keeps the user's part of it. ``own``: the user's words for that day, newest first
    (a part outside the booked hours already taken out). Else ``word``.

    >>> _fuller_own("周五", ["周五晚上"]), _fuller_own("本周四", ["周四下午"]), _fuller_own("周五", ["周六上午"])
    ('周五晚上', '周四下午', '周五')
    >>> _fuller_own("Friday", ["friday evening"]), _fuller_own("周五晚上", ["周五"])
    ('friday evening', '周五晚上')
    """
    core = _DAY_LEAD.sub("", word).casefold()
    mine = own[0] if own else ""
    return mine if core and core in mine.casefold() and len(mine) > len(core) and len(mine) > len(word) else word


def _written(lang: str, year: str, month: str, day: str, said: list[tuple[str, object]]) -> str:
    """The date in the conversation's language and order (no mention of that day was found)."""
    m, d = int(month), int(day)
    if lang == "zh":
        return f"{year}年{m}月{d}日"
    month_first = sum(bool(_MONTH_FIRST.match(t)) and not _DAY_FIRST.match(t) for t, _ in said)
    day_first = sum(bool(_DAY_FIRST.match(t)) for t, _ in said)
    if month_first > day_first:
        return f"{_MONTHS[m - 1]} {d}, {year}"
    return f"{d} {_MONTHS[m - 1]} {year}"


def spoken_dates(value: str, lang: str, said: Iterable[tuple[str, object]], *, written: bool = True,
                 own: Iterable[tuple[str, object]] = ()) -> str:
    """``value`` with each ISO date in it written as the conversation says it. ``said``: the
    conversation's date mentions, newest first, as (text, normalised date). ``written``: a day
    nobody named is written in the language's words (else it stays ISO). ``own``: the user's
    mentions, newest first: (miss8) a day the user named with its digits keeps the user's words,
    the fullest other mention of the day (or the written date, when the user's words lack the
    month) beside them: the tool's or the assistant's restatement of the day does not replace
    what the user said.

    >>> spoken_dates("2026-03-21", "en", [("Saturday 21 March", "2026-03-21"), ("sat 21st march", "2026-03-21")],
    ...              own=[("sat 21st march", "2026-03-21")])
    'sat 21st march (Saturday 21 March)'
    >>> spoken_dates("2026-07-09", "en", [("9 July", "2026-07-09"), ("the 9th", "2026-07-09")], own=[("the 9th", "2026-07-09")])
    'the 9th (9 July)'
    """
    if not ISO_DATE.search(value):
        return value
    said = list(said)
    own = list(own)

    def spoken(m: re.Match) -> str:
        year, month, day = m.groups()
        named = [t for t, v in said if _same_day(v, year, month, day)]
        same = [t for t in named if any(c.isdigit() for c in t)]
        mine = [t for t, v in own if _same_day(v, year, month, day) and any(c.isdigit() for c in t)]
        if mine:
            full = [t for t in same if _NAMES_MONTH.search(t) and t.casefold() != mine[0].casefold()]
            if full and not (lang == "zh" and _NAMES_MONTH.search(mine[0])):  # 2月10号 says all 2月10日 does  # the user's words first, the fullest other mention of that day beside them
                return with_restated(mine[0], max(full[:3], key=len), lang)
            return mine[0] if _NAMES_MONTH.search(mine[0]) else with_restated(mine[0], _written(lang, year, month, day, said), lang)
        if same:  # the fullest of the mentions said last ("Friday 13 March" over "13 March"),
            # one that names its month first ("Saturday July 11" over "Saturday the 11th")
            return max(same[:3], key=lambda t: (bool(_NAMES_MONTH.search(t)), len(t)))
        if named:  # a day the conversation named without its date: its word and the date ("周六 2026年9月12日")
            word = _fuller_own(named[0], [t for t, v in own if _same_day(v, year, month, day)])
            return f"{word} {_written(lang, year, month, day, said)}"
        return _written(lang, year, month, day, said) if written else m.group(0)

    return ISO_DATE.sub(spoken, value)


# a machine clock in a value: "16:50", "2026-03-10 16:30" (not part of a range of digits "1:2:3")
MACHINE_CLOCK = re.compile(r"(?<![\d:.])([01]?\d|2[0-3]):([0-5]\d)(?::00)?(?![\d:]|\s*(?:am|pm|a\.m\.|p\.m\.)\b)", re.I)
# a clock as people say it: "4:50pm", "at 10am", "16:30", "4.30 pm"
_SAID_CLOCK = re.compile(r"(?<![\d:.])(\d{1,2})(?:[:.]([0-5]\d))?\s*(am|pm|a\.m\.|p\.m\.)?(?![\d:])", re.I)
# a clock as a Chinese speaker says it: "9点40", "下午3点", "晚上7点半", "3点15分"
_ZH_CLOCK = re.compile(r"(上午|早上|中午|下午|傍晚|晚上|凌晨)?\s*(\d{1,2})\s*[点點时](半|(\d{1,2})\s*分?)?")
_TIME_LEAD = re.compile(r"^(?:at|around|about|by|from|until|till|before|after)\s+", re.I)


def clock(text: str) -> str | None:
    """The 24-hour clock ``HH:MM`` a time mention says, or None (no digits, or an hour with
    neither minutes nor am/pm: "at 4" could be either).

    >>> clock("at 4:50pm"), clock("10am"), clock("16:30"), clock("12am"), clock("4.30 pm"), clock("at 4")
    ('16:50', '10:00', '16:30', '00:00', '16:30', None)

    Chinese: an hour with its part of the day, or an hour from 7 with its minutes:

    >>> clock("9点40"), clock("下午3点"), clock("晚上7点半"), clock("中午12点"), clock("3点半"), clock("10点")
    ('09:40', '15:00', '19:30', '12:00', None, None)
    """
    z = _ZH_CLOCK.search(text)
    if z is not None:
        part, hour = z.group(1), int(z.group(2))
        minute = 30 if z.group(3) == "半" else int(z.group(4) or 0)
        if hour > 23 or minute > 59 or not (part or (z.group(3) and hour >= 7)):
            return None
        if part in ("下午", "晚上", "傍晚") and hour < 12 or part == "中午" and hour < 3:
            hour += 12
        return f"{hour:02d}:{minute:02d}"
    m = _SAID_CLOCK.search(text)
    if m is None or not (m.group(2) or m.group(3)):
        return None
    hour, minute, half = int(m.group(1)), int(m.group(2) or 0), (m.group(3) or "").casefold().replace(".", "")
    if hour > 23 or (half and not 1 <= hour <= 12):
        return None
    if half:
        hour = hour % 12 + (12 if half == "pm" else 0)
    return f"{hour:02d}:{minute:02d}"


def spoken_times(value: str, said: Iterable[tuple[str, str | None]]) -> str:
    """``value`` with its machine clock ("16:50") written as the conversation last said that
    time ("4:50pm"); a time nobody said, and a window of two clocks ("12:00-18:00": one end
    in words beside one in digits reads worse), stay as they are. ``said``: the
    conversation's time mentions, newest first, as (text, clock).

    >>> spoken_times("2026-03-10 16:30", [("at 4:30pm", "16:30"), ("at 2pm", "14:00")])
    '2026-03-10 4:30pm'
    >>> spoken_times("16:50", [("at 9:15am", "09:15")]), spoken_times("12:00-18:00", [("6pm", "18:00")])
    ('16:50', '12:00-18:00')
    """
    said = list(said)

    def spoken(m: re.Match) -> str:
        at = f"{int(m.group(1)):02d}:{m.group(2)}"
        return next((_TIME_LEAD.sub("", t).strip() for t, c in said if c == at), m.group(0))

    return MACHINE_CLOCK.sub(spoken, value) if said and len(MACHINE_CLOCK.findall(value)) == 1 else value


def with_restated(words: str, restated: str, lang: str) -> str:
    """The user's ``words`` for a day with the ``restated`` day after them in brackets.

    >>> with_restated("the 26th", "26 April", "en"), with_restated("27号下午", "6月27日", "zh")
    ('the 26th (26 April)', '27号下午（6月27日）')
    """
    if restated.casefold() in words.casefold():
        return words
    return f"{words}（{restated}）" if lang == "zh" else f"{words} ({restated})"


def _restated(value: str, spoken: str, iso: re.Match, G: nx.MultiDiGraph) -> str:
    """``value`` with ``spoken`` ("4月10日") beside the words it named the day ``iso`` by in digits
    ("10号", "the 26th": the user's words stay, miss8); a value that names the day only in words
    ("周五", "tomorrow") keeps them, ``spoken`` after them.

    >>> from ctxgraph._graph import new_graph
    >>> _restated("周五", "4月10日", ISO_DATE.search("2026-04-10"), new_graph())
    '周五 4月10日'
    >>> _restated("周六上午10点", "8月1日", ISO_DATE.search("2026-08-01"), new_graph())
    '周六上午10点 8月1日'
    """
    year, month, day = iso.groups()
    said = sorted({t for t, v in said_dates(G) if _same_day(v, year, month, day) and any(c.isdigit() for c in t)
                   and t in value}, key=len, reverse=True)
    if said:  # (miss8) the user's words stay whole, the restated day beside them ("27号下午（6月27日）")
        return with_restated(value, spoken, "zh" if re.search(r"[\u4e00-\u9fff]", spoken) else "en")
    if not any(c.isdigit() for c in _SAID_CLOCKS.sub("", value)):
        # (miss8) the day in words, a clock's digits beside it ("周六上午10点", "tomorrow at 3pm"): all of it stays
        return f"{value} {spoken}"
    clocks = _CLOCKS.search(value)  # words of the day not found: the clock at least stays
    return f"{spoken} {clocks.group(0)}" if clocks and clocks.group(0) not in spoken else spoken


# a clock as said, digits and all: "3pm", "10:30", "上午10点", "3点半", "9点40分"
_SAID_CLOCKS = re.compile(r"\d{1,2}(?:[:.][0-5]\d)?\s*(?:am|pm|a\.m\.|p\.m\.)|(?<![\d:])\d{1,2}:[0-5]\d(?![\d:])|\d{1,2}\s*[点點](?:半|\d{1,2}\s*分?)?", re.I)
# a tool's window of two clocks ("14:00-17:00") or one clock, in a value
_CLOCKS = re.compile(r"(?<![\d:.])(?:[01]?\d|2[0-3]):[0-5]\d(?:\s*[-~至到]\s*(?:[01]?\d|2[0-3]):[0-5]\d)?(?![\d:])")


def said_times(G: nx.MultiDiGraph) -> list[tuple[str, str | None]]:
    """The time mentions of the conversation (entities labelled TIME), newest first, as
    (text, 24-hour clock). A Chinese clock ("9点40", "晚上7点") only as the user said it (the
    assistant's "上午10点" does not replace a tool's "10:00"), cut to the clock ("晚上7点以后" -> "晚上7点")."""
    ids = G.graph["kinds"].get("entity", [])[-RECENT_DATES:]
    nodes = [G.nodes[e] for e in ids if G.nodes[e].get("label") == "TIME"]
    nodes.sort(key=lambda d: d.get("last", d.get("turn", 0)), reverse=True)
    out = []
    for d in nodes:
        z = _ZH_CLOCK.search(d["text"])
        if z is None:
            out.append((d["text"], clock(d["text"])))
        elif any(G.nodes.get(f"t{t}", {}).get("role") == "user" for t in d.get("mentions", ())):
            out.append((z.group(0), clock(z.group(0))))
    return out


_DAY_SPAN = re.compile(r"\d\s?(?:st|nd|rd|th)?\s?(?:-|–|to)\s?\d", re.I)


def said_dates(G: nx.MultiDiGraph, *, user: bool = False) -> list[tuple[str, object]]:
    """The date mentions of the conversation (entities labelled DATE), newest first, as
    (text, normalised date); ``user``: only those the user said."""
    ids = G.graph["kinds"].get("entity", [])[-RECENT_DATES:]
    nodes = [G.nodes[e] for e in ids if G.nodes[e].get("label") == "DATE"]
    if user:
        nodes = [d for d in nodes if any(G.nodes.get(f"t{t}", {}).get("role") == "user" for t in d.get("mentions", ()))]
    nodes.sort(key=lambda d: d.get("last", d.get("turn", 0)), reverse=True)
    # a span of days ("February 14 to 17") says no one day a tool's date could be restated as
    return [(d["text"], d.get("value")) for d in nodes if not _DAY_SPAN.search(d["text"])]


@step("dates_restated", roles=("assistant",))
def dates_restated(ctx: MessageContext) -> list[_Unit]:
    """A current fact still holding a tool's machine date ("pickup": "2026-09-16", a day nobody
    had named when the tool wrote it) takes the words the assistant uses for that day right
    after ("ready at Westgate on Wednesday Sept 16"): the fact is restated in the chat's words,
    the ISO date kept as its normalised value. So does a day the user said without its month
    ("return it on the 26th" - "Changed: return June 26 at 10am").

    >>> from ctxgraph import Tracker
    >>> from tests.test_graph import bot, call, result, user
    >>> t = Tracker("en", today="2026-09-10")
    >>> t.observe_many([user("refill please"), call("c1", "place_refill", {"rx": "RX-1"}),
    ...                 result("c1", {"order": "GW-7", "pickup": "2026-09-16"}),
    ...                 bot("Your order GW-7 will be ready on Wednesday Sept 16.")])
    >>> [f.value for f in t.state().facts if f.key == "pickup" and f.status == "current"]
    ['Wednesday Sept 16']
    """
    dates = [m for m in ctx.mentions if m.label == "DATE" and isinstance(m.value, str) and any(c.isdigit() for c in m.text)]
    if not dates:
        return []
    units: list[_Unit] = []
    said = [(m.text, m.value) for m in dates]
    user_said = said_dates(ctx.graph, user=True)  # the graph does not change while a message is read
    for _, d in g.recent_current_facts(ctx.graph, 40):
        value = str(d.get("value", ""))
        iso = ISO_DATE.fullmatch(value.strip())
        if iso is None and isinstance(d.get("normalized"), str) and ISO_DATE.fullmatch(d["normalized"]) \
                and not _NAMES_MONTH.search(value):
            # a day said without its month ("return it on the 26th"): the assistant's words that name it
            iso = ISO_DATE.fullmatch(d["normalized"])
            named = [(t, v) for t, v in said if _NAMES_MONTH.search(t)]
            spoken = spoken_dates(iso.group(0), ctx.lang, named, written=False)
            if spoken != iso.group(0) and d.get("subject") is None:
                # only the day's words change: the clock and the user's words stay ("周五 10号 下午3点" ->
                # "周五 4月10日 下午3点"; "tomorrow" -> "tomorrow June 26")
                spoken = with_user_words(_restated(value, spoken, iso, ctx.graph), ctx.graph, ctx.lang, iso.group(0),
                                         today=ctx.today)
                units.append(FactUnit(key=d["key"], name=d["name"], value=spoken, normalized=iso.group(0),
                                      slot=None if d.get("phrase") else d.get("slot"), group=d.get("group")))
            continue
        if iso is None or d.get("subject") is not None:
            continue
        spoken = with_user_words(spoken_dates(value, ctx.lang, said, written=False, own=user_said),
                                 ctx.graph, ctx.lang, iso.group(0),
                                 today=ctx.today)
        if spoken != value:
            units.append(FactUnit(key=d["key"], name=d["name"], value=spoken, normalized=iso.group(0),
                                  slot=None if d.get("phrase") else d.get("slot"), group=d.get("group")))
    return units
