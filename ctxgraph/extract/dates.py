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

#: an ISO date standing alone in a value (not part of an id: "2019-3301-8821-0467")
ISO_DATE = re.compile(r"(?<![A-Za-z0-9_-])(\d{4})-(\d{2})-(\d{2})(?![A-Za-z0-9_-]|:\d)")
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")
_DAY_FIRST = re.compile(r"^(?:[A-Za-z]+,?\s+)?(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?[A-Za-z]")
_MONTH_FIRST = re.compile(r"^(?:[A-Za-z]+day,?\s+)?[A-Za-z]{3,9}\.?\s+\d{1,2}\b")
#: at most this many of the latest date entities are read
RECENT_DATES = 200


def _same_day(value: object, year: str, month: str, day: str) -> bool:
    """An entity's normalised date (``2026-05-29`` or ``--05-29``) is the day ``year-month-day``."""
    if not isinstance(value, str):
        return False
    m = re.fullmatch(r"(\d{4}|-)-(\d{2})-(\d{2})", value)
    return bool(m) and m.group(2) == month and m.group(3) == day and m.group(1) in ("-", year)


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


def spoken_dates(value: str, lang: str, said: Iterable[tuple[str, object]], *, written: bool = True) -> str:
    """``value`` with each ISO date in it written as the conversation says it. ``said``: the
    conversation's date mentions, newest first, as (text, normalised date). ``written``: a day
    nobody named is written in the language's words (else it stays ISO)."""
    if not ISO_DATE.search(value):
        return value
    said = list(said)

    def spoken(m: re.Match) -> str:
        year, month, day = m.groups()
        named = [t for t, v in said if _same_day(v, year, month, day)]
        same = [t for t in named if any(c.isdigit() for c in t)]
        if same:  # the fullest of the mentions said last ("Friday 13 March" over "13 March")
            return max(same[:3], key=len)
        if named:  # a day the conversation named without its date: its word and the date ("周六 2026年9月12日")
            return f"{named[0]} {_written(lang, year, month, day, said)}"
        return _written(lang, year, month, day, said) if written else m.group(0)

    return ISO_DATE.sub(spoken, value)


def said_dates(G: nx.MultiDiGraph) -> list[tuple[str, object]]:
    """The date mentions of the conversation (entities labelled DATE), newest first, as
    (text, normalised date)."""
    ids = G.graph["kinds"].get("entity", [])[-RECENT_DATES:]
    nodes = [G.nodes[e] for e in ids if G.nodes[e].get("label") == "DATE"]
    nodes.sort(key=lambda d: d.get("last", d.get("turn", 0)), reverse=True)
    return [(d["text"], d.get("value")) for d in nodes]
