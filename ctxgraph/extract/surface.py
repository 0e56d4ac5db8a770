"""The user's own words beside a tool's normal form of the same value.

A tool writes what the user settled on in its own shape: the day as ``2026-07-12``, a clock as
``12:00``, a flight as ``FR7124``, a birth date as ``1981-02-14``, a weight as ``30kg``. The user
said "this sunday", "周四中午", "FR 7124", "14/02/1981", "30公斤". A fact made from the tool keeps
the user's words: in place of the normal form when they are the same text in another spelling
(:func:`user_form`), beside it when they say less than it does (a weekday and a part of the day
before the date and clock: :func:`with_user_words`). The normal form is the fact's
``normalized``; nothing here is a list of a domain's words, only the shapes of days, clocks,
codes and numbers with units.

>>> from ctxgraph import Tracker
>>> from tests.test_graph import bot, call, result, user
>>> t = Tracker("en", today="2026-07-10")
>>> t.observe_many([user("can we come this sunday? we land on FR 7124"), bot("Sunday is 12 July, yes."),
...                 call("c1", "book", {"date": "2026-07-12", "flight": "FR7124"}), result("c1", {"ref": "AB-55120"})])
>>> sorted(f.value for f in t.state().facts if f.key in ("date", "flight"))
['FR 7124', 'this sunday 12 July']
"""

from __future__ import annotations

import datetime
import re
from typing import Iterator

import networkx as nx

from ..lang.zh import small_number
from .measures import UNIT_WORDS

#: at most this many of the latest entities are read
RECENT = 200
# a weekday as people name it: "sunday", "Sundays", "周四", "星期日", "礼拜天"
_EN_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WEEKDAY = re.compile(r"\b(mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?s?\b|(?:周|星期|礼拜)([一二三四五六日天])", re.I)
_ZH_WEEKDAYS = "一二三四五六日"
#: (miss22b) the word that places a weekday in this week or the next ("this", "next", 这, 下个, 本), before the weekday
_RELATIVE_WEEKDAY = re.compile(r"(?i)(?:this|next|coming|this coming)(?=\s+(?:mon|tue|wed|thu|fri|sat|sun))|"
                               r"(?:下下个?|下个?|这个?|本)(?=(?:周|星期|礼拜)[一二三四五六日天])")
# the parts of a day, each with the hours it covers [from, to): the language's words for them
_DAY_PARTS = {
    "zh": (("凌晨", 0, 6), ("早上", 5, 10), ("上午", 6, 12), ("中午", 11, 14), ("下午", 12, 18), ("傍晚", 17, 20),
           ("晚上", 18, 24), ("上昼", 6, 12), ("下昼", 12, 18)),  # (miss20) the Cantonese morning and afternoon
    "en": (("morning", 5, 12), ("lunchtime", 11, 14), ("afternoon", 12, 18), ("evening", 17, 23), ("night", 19, 24)),
}
_PART_WORD = {lang: re.compile("|".join(rf"\b{w}s?\b" if lang == "en" else w for w, _, _ in parts), re.I)
              for lang, parts in _DAY_PARTS.items()}
# a clock a tool writes, alone or after a date ("12:00", "2026-03-26 12:00", "14:00-16:00")
_CLOCK = re.compile(r"(?<![\d:.])([01]?\d|2[0-3]):[0-5]\d(?![\d])")
_ISO = re.compile(r"(?<![A-Za-z0-9_-])(\d{4})-(\d{2})-(\d{2})(?![A-Za-z0-9_-]|:\d)")
# a date written with numbers only: "14/02/1981", "3.11.90", "02-14-1981"
_NUMERIC_DATE = re.compile(r"(?<![\d/.-])(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})(?![\d/.-])")
# a number with a unit a tool writes: "30kg", "2.5 L", "40m"
_WITH_UNIT = re.compile(r"(\d+(?:\.\d+)?)\s*([A-Za-z]{1,5})")
_LEADING_NUMBER = re.compile(r"\D{0,3}?(\d+(?:\.\d+)?)\s*(\S.*)?$")


def weekday_of(text: str) -> int | None:
    """The weekday (Monday 0) a text names, or None.

    >>> weekday_of("this sunday"), weekday_of("周四中午"), weekday_of("礼拜天"), weekday_of("the 12th")
    (6, 3, 6, None)
    """
    m = _WEEKDAY.search(text)
    if m is None:
        return None
    if m.group(2):
        return _ZH_WEEKDAYS.index(m.group(2).replace("天", "日"))
    head = m.group(1).casefold()[:3]
    return next(n for n, day in enumerate(_EN_WEEKDAYS) if day.startswith(head))


def _user_turn(G: nx.MultiDiGraph, turn: int) -> bool:
    return G.nodes.get(f"t{turn}", {}).get("role") == "user"


def _user_entities(G: nx.MultiDiGraph, labels: tuple[str, ...]) -> Iterator[dict]:
    """Entities of ``labels`` the user said, the latest said first."""
    ids = G.graph["kinds"].get("entity", [])[-RECENT:]
    nodes = [G.nodes[e] for e in ids if G.nodes[e].get("label") in labels]
    nodes = [d for d in nodes if any(_user_turn(G, t) for t in d.get("mentions", ()))]
    nodes.sort(key=lambda d: max((t for t in d.get("mentions", ()) if _user_turn(G, t)), default=-1), reverse=True)
    return iter(nodes)


def _assistant_entities(G: nx.MultiDiGraph, labels: tuple[str, ...]) -> Iterator[dict]:
    """Entities of ``labels`` only the assistant said, the latest said first."""
    ids = G.graph["kinds"].get("entity", [])[-RECENT:]
    nodes = [G.nodes[e] for e in ids if G.nodes[e].get("label") in labels]
    nodes = [d for d in nodes if d.get("mentions") and not any(_user_turn(G, t) for t in d["mentions"])
             and all(G.nodes.get(f"t{t}", {}).get("role") == "assistant" for t in d["mentions"])]
    nodes.sort(key=lambda d: max(d["mentions"]), reverse=True)
    return iter(nodes)


def _near(day: datetime.date, value: object, today: datetime.date | None) -> bool:
    """Whether a weekday said (its calendar value ``value``, else the chat's ``today``) can name
    ``day``: within two weeks of it (a birth date on a Saturday is not "Saturdays")."""
    try:
        ref = datetime.date.fromisoformat(value) if isinstance(value, str) else today
    except ValueError:
        ref = today
    return ref is not None and abs((day - ref).days) <= NEAR_DAYS


#: a day of the month said alone, in Chinese numerals or words ("二十六号", "the twenty-sixth")
_BARE_DAY = re.compile(r"[一二三]?十[一二三四五六七八九]?[号日]|(?:the )?[a-z]+(?:-[a-z]+)?(?:st|nd|rd|th)", re.I)

#: a weekday the user said names a tool's day at most this many days from when it was said
NEAR_DAYS = 14


def day_words(G: nx.MultiDiGraph, iso: str, today: datetime.date | None = None) -> str | None:
    """The user's latest words for the day ``iso`` that hold no date digits: a weekday ("this
    sunday", "周四") naming the weekday of ``iso`` within two weeks of when it was said (not a
    plural: "saturdays" is every Saturday), or a relative day ("明天", "tomorrow") the chat's
    calendar puts on ``iso``. None when the user named that day only by its date."""
    try:
        day = datetime.date.fromisoformat(iso)
    except ValueError:
        return None
    for d in _user_entities(G, ("DATE", "DAY")):
        text = str(d.get("text") or "").strip()
        if not text or any(c.isdigit() for c in _SAID_CLOCK.sub("", text)) or re.search(r"days\b", text, re.I):
            continue  # (miss13) the digits of a clock said with the weekday ("周三10点半") name no date
        named = weekday_of(text)
        if named is None and d.get("value") == iso:
            return text
        if named is None and _BARE_DAY.fullmatch(text) and str(d.get("value") or "")[-3:] == iso[-3:]:
            return text  # (span7) "二十六号" said of an offered 2月26日, read as this month's 26th: the day's words
        if named is not None and named == day.weekday() and _near(day, d.get("value"), today):
            return text
    return _digit_day(G, day.day)


#: (miss13) a day of the month said alone in digits ("26th then", "20号吧", "推迟到27号了"): not a floor, a house
#: number or a part of a written date ("2nd floor", "湖南路28号", "6月4号", "26 Jan")
_DIGIT_DAY = re.compile(r"(?<![A-Za-z0-9_路街弄巷道村栋楼区座室月/.-])(?:the\s+)?(?P<n>[1-9]|[12]\d|3[01])(?:st|nd|rd|th\b|[号日])"
                        r"(?!\s*(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|floor|time|birthday|anniversary|"
                        r"century|place|year|week|grade|edition|[楼层床室栋单元]))", re.I)
#: the user's turns read for such a day, the latest first
DIGIT_DAY_TURNS = 4


def _digit_day(G: nx.MultiDiGraph, n: int) -> str | None:
    """The user's latest words that name the ``n``-th of a month by its number alone, in the last few user turns.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> _ = t.observe({"role": "user", "content": "not thursday. 26th then, we're on the 2nd floor"})
    >>> _digit_day(t.graph, 26), _digit_day(t.graph, 2)
    ('26th', None)
    """
    seen = 0
    for t in reversed(G.graph["kinds"].get("turn", ())):
        d = G.nodes[t]
        if d.get("role") != "user":
            continue
        for m in _DIGIT_DAY.finditer(str(d.get("text") or "")):
            if int(m.group("n")) == n:
                return m.group(0)
        seen += 1
        if seen == DIGIT_DAY_TURNS:
            break
    return None


def part_of_day(G: nx.MultiDiGraph, lang: str, hour: int) -> str | None:
    """The part of the day the user named last ("中午", "afternoon"), when it covers ``hour``."""
    parts = _DAY_PARTS.get(lang)
    if parts is None:
        return None
    for t in reversed(G.graph["kinds"].get("turn", ())):
        d = G.nodes[t]
        if d.get("role") != "user":
            continue
        words = [m.group(0).casefold().rstrip("s") for m in _PART_WORD[lang].finditer(str(d.get("text") or ""))]
        if words:
            return next((w for w in words for p, lo, hi in parts if p == w and lo <= hour < hi), None)
    return None


#: (miss7) a clock as the user says it: "十点", "上午十点半", "下午3点半", "9am", "7.30pm", "19:30"
_SAID_CLOCK = re.compile(r"(?P<zh>十[一二]?|[零一两二三四五六七八九]|\d{1,2})点(?P<half>半)?|(?P<h>\d{1,2})(?:[:.](?P<m>[0-5]\d))?\s*(?P<ampm>am|pm)\b"
                         r"|(?<![\d:])(?P<h24>[01]?\d|2[0-3]):(?P<m24>[0-5]\d)(?![\d])", re.I)


def _said_clock(text: str) -> tuple[int, int] | None:
    """(hour on a 12-hour dial, minute) of the first clock in ``text``, else None.

    >>> _said_clock("周五上午十点"), _said_clock("下午3点半"), _said_clock("by 9am"), _said_clock("19:30")
    ((10, 0), (3, 30), (9, 0), (7, 30))
    """
    m = _SAID_CLOCK.search(text)
    if m is None:
        return None
    if m.group("zh"):
        return small_number(m.group("zh")) % 12, 30 if m.group("half") else 0
    if m.group("h"):
        return int(m.group("h")) % 12, int(m.group("m") or 0)
    return int(m.group("h24")) % 12, int(m.group("m24"))


def _part_hours(lang: str, word: str) -> tuple[int, int] | None:
    """The hours (from, to) a part of the day covers ("下午": 12-18, "mornings": 5-12), else None."""
    word = word.strip().casefold()
    return next(((lo, hi) for part, lo, hi in _DAY_PARTS.get(lang, ()) if word in (part, part + "s")), None)


def record_hours(values: list[str], lang: str, *, inside: bool = False) -> tuple[int, int] | None:
    """(prec21) The hours a tool's record books: its first clock's hour, else a value that is a part of the day
    ("slot": "下午"), else None. ``inside``: (miss20) a part of the day said inside a value counts too, for a fact's
    own value ("2027-03-13 下午"); a record's other fields count only when they are the part whole (a note that
    names "morning" books no hours).

    >>> record_hours(["2027-06-22", "下午"], "zh"), record_hours(["2027-03-20", "14:30"], "zh"), record_hours(["3"], "en")
    ((12, 18), (14, 15), None)
    >>> record_hours(["3月13号 下昼"], "zh"), record_hours(["3月13号 下昼"], "zh", inside=True)
    (None, (12, 18))
    """
    for value in values:
        if clock := _CLOCK.search(_ISO.sub("", value)):
            return int(clock.group(1)), int(clock.group(1)) + 1
    rx = _PART_WORD.get(lang)
    parts = ((m.group(0) for m in rx.finditer(value)) if inside and rx is not None else (value,) for value in values)
    return next((span for words in parts for word in words if (span := _part_hours(lang, word))), None)


def without_other_part(day: str, lang: str, hours: tuple[int, int] | None) -> str | None:
    """(prec21) The user's words for a day without a part of the day the booked ``hours`` are not in: the user took
    the part back or moved the booking ("明天上午 哦不对 ... 下午来", then the afternoon booked); None when nothing
    is left.

    >>> without_other_part("明天上午", "zh", (14, 15)), without_other_part("周六上午", "zh", (9, 10))
    ('明天', '周六上午')
    >>> without_other_part("tomorrow morning", "en", (12, 18)), without_other_part("上午", "zh", (14, 15))
    ('tomorrow', None)

    (miss20) The hours of a part said by its word, the Cantonese ones too: "礼拜六上昼" beside the booking's
    "3月13号 下昼" is "礼拜六", beside "12月5号 上午" (the same part in other words) it stays.

    >>> [without_other_part("礼拜六上昼", "zh", record_hours([v], "zh", inside=True)) for v in ("3月13号 下昼", "12月5号 上午")]
    ['礼拜六', '礼拜六上昼']
    """
    rx = _PART_WORD.get(lang)
    for m in rx.finditer(day) if rx is not None and hours is not None else ():
        span = _part_hours(lang, m.group(0))
        if span is not None and (span[1] <= hours[0] or span[0] >= hours[1]):
            return re.sub(r"\s{2,}", " ", day[:m.start()] + day[m.end():]).strip() or None
    return day


def said_in_hours(said: list[tuple[str, object]], lang: str, hours: tuple[int, int] | None) -> list[tuple[str, object]]:
    """(prec21) A conversation's date mentions (text, value) with no part of the day outside the booked ``hours``
    (:func:`without_other_part`); a mention that is only such a part is left out.

    >>> said_in_hours([("明天上午", "2027-06-22"), ("6月22号", "2027-06-22")], "zh", (12, 18))
    [('明天', '2027-06-22'), ('6月22号', '2027-06-22')]
    """
    if hours is None:
        return said
    return [(kept, value) for text, value in said if (kept := without_other_part(text, lang, hours))]


def without_other_end(said: str, end: re.Match | None) -> str:
    """(prec21) The user's words for a clock without the end of a range the tool's value ends elsewhere ("7点到11点"
    beside a booked 19:00-22:30 is "7点"; ``end``: the value's second clock).

    >>> without_other_end("7点到11点", _CLOCK.search("22:30")), without_other_end("7点到10点", _CLOCK.search("22:00"))
    ('7点', '7点到10点')
    """
    clocks = list(_SAID_CLOCK.finditer(said))
    if len(clocks) < 2 or end is None or _said_clock(clocks[1].group(0)) == (int(end.group(1)) % 12, int(end.group(0)[-2:])):
        return said
    return said[:clocks[0].end()]


def clock_words(G: nx.MultiDiGraph, hour: int, minute: int) -> str | None:
    """The user's latest words for the clock ``hour``:``minute`` (a TIME they said, "十点" for a tool's 22:00), else
    (miss11) the assistant's latest words for it: the user picked an option by its day ("周日那个") and the option
    was offered as "周日下午2点", so the tool's "14:00" is "下午2点" in the chat's words (the normal form stays)."""
    for who in (_user_entities(G, ("TIME",)), _assistant_entities(G, ("TIME",))):
        for d in who:
            text = str(d.get("text") or "").strip()
            said = _said_clock(text)
            if said is not None and said == (hour % 12, minute) and not _CLOCK.fullmatch(text):
                return text
    return None


def with_user_words(value: str, G: nx.MultiDiGraph, lang: str, iso: str | None = None, *,
                    today: datetime.date | None = None, hours: tuple[int, int] | None = None) -> str:
    """``value`` (a tool's day and clock in the chat's words) with the user's words for them before
    it, where the value does not hold them yet: the weekday or relative day the user named the day
    ``iso`` by, and the part of the day the user named its first clock by. (prec21) The day's words
    keep no part of the day the booking is not in (the value's clock or part of the day, else ``hours``,
    the hours its record books: :func:`record_hours`), the clock's words no end of a range the value ends elsewhere.

    Examples: ``tests/test_trust_surface.py``.
    """
    iso = iso or (m.group(0) if (m := _ISO.search(value)) else None)
    folded = value.casefold()
    words = []
    clocks = list(_CLOCK.finditer(_ISO.sub("", value)))
    clock = clocks[0] if clocks else None
    hours = record_hours([value], lang, inside=True) or hours
    day = day_words(G, iso, today) if iso else None
    day = without_other_part(day, lang, hours) if day else None
    if day and (weekday_of(day) is None or weekday_of(day) != weekday_of(value)) and day.casefold() not in folded:
        words.append(day)
    elif day and day.casefold() not in folded and (rel := _RELATIVE_WEEKDAY.match(day)) is not None \
            and (named := _WEEKDAY.search(value)) is not None \
            and not re.search(r"(?i)(?:this|next|coming|下|这|本|个|上)\s*$", value[:named.start()]):
        # (miss22b) the value names the weekday the user named with this / next before it ("这周六" - "周六 4月17日",
        # "this saturday" - "Saturday 4th September"): the user's word goes before the value's weekday
        value = f"{value[:named.start()]}{rel.group(0)}{'' if lang == 'zh' else ' '}{value[named.start():]}".replace("  ", " ")
        folded = value.casefold()
    said = clock_words(G, int(clock.group(1)), int(clock.group(0)[-2:])) if clock else None
    said = without_other_end(said, clocks[1] if len(clocks) > 1 else None) if said else None
    if said and said.casefold() not in folded and not (day and said.casefold() in day.casefold()):
        words.append(said)  # (miss7) "十点" beside the tool's 22:00, "周五上午十点" beside 10:00
    part = part_of_day(G, lang, int(clock.group(1))) if clock else None
    if part and part not in folded and not (day and part in day.casefold()) and not (said and part in said.casefold()):
        words.append(part)
    if not words:
        return value
    head = ("" if lang == "zh" else " ").join(words)
    return f"{head} {value}"


def _squashed(text: str) -> str:
    return re.sub(r"[\s\-_./]+", "", text).casefold()


def _user_texts(G: nx.MultiDiGraph, last: int = 40) -> list[str]:
    turns = G.graph["kinds"].get("turn", ())[-last:]
    return [str(G.nodes[t].get("text") or "") for t in reversed(turns) if G.nodes[t].get("role") == "user"]


def _spelled(value: str, texts: list[str]) -> str | None:
    """The user's spelling of a code the tool wrote without its spaces or dashes ("FR 7124" for
    "FR7124"): a run of the user's text that is the same letters and digits in the same order.
    Only codes: a digit and at least four letters and digits."""
    core = _squashed(value)
    if len(core) < 4 or not re.search(r"\d", core) or not re.fullmatch(r"[a-z0-9]+", core):
        return None
    pattern = re.compile(r"(?<![A-Za-z0-9])" + r"[\s\-_./]?".join(re.escape(c) for c in core) + r"(?![A-Za-z0-9])", re.I)
    for text in texts:
        m = pattern.search(text)
        if m and m.group(0) != value:
            return m.group(0)
    return None


def _numeric_date(iso: re.Match, texts: list[str]) -> str | None:
    """The user's numeric writing of the ISO date ("14/02/1981" for 1981-02-14), day or month first."""
    year, month, day = (int(x) for x in iso.groups())
    for text in texts:
        for m in _NUMERIC_DATE.finditer(text):
            a, b, y = int(m.group(1)), int(m.group(3)), int(m.group(4))
            if (y == year or (len(m.group(4)) == 2 and y == year % 100)) and {(a, b)} & {(day, month), (month, day)}:
                return m.group(0)
    return None


def _with_unit(value: str, G: nx.MultiDiGraph, texts: list[str]) -> str | None:
    """The user's words for a number with a unit the tool wrote ("30公斤" for "30kg", "40 litre"
    for "40L"): the one way the user said that number with a unit of its own (a quantity the
    entities found, else the number and the word or the Chinese character after it); an English
    unit starts with the tool's letter. Two ways ("30升", "30公斤") name none."""
    m = _WITH_UNIT.fullmatch(value.strip())
    if m is None:
        return None
    number, unit = float(m.group(1)), m.group(2).casefold()
    said: set[str] = set()
    for d in _user_entities(G, ("QUANTITY",)):
        n = _LEADING_NUMBER.match(str(d.get("text") or ""))
        if n and n.group(2) and float(n.group(1)) == number and re.fullmatch(_UNIT, n.group(2), re.I):
            said.add(str(d["text"]).strip())
    if not said:
        for text in texts:
            for w in _NUMBER_UNIT.finditer(text):
                if float(w.group(1)) == number and (w.group(3) or w.group(2)[:1].casefold() == unit[:1]):
                    said.add(w.group(0))
    said = {w for w in said if w.casefold() != value.strip().casefold()}
    return said.pop() if len(said) == 1 else None


# a number and the unit word or character after it: "40 litre", "200升"
_NUMBER_UNIT = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s*(?:([A-Za-z]{2,12})\b|([\u4e00-\u9fff]))")


def user_form(value: str, G: nx.MultiDiGraph) -> str | None:
    """The user's own writing of a value a tool normalised, or None: a code with the user's spaces
    ("FR 7124"), a date in the user's numbers ("14/02/1981"), a number with the user's unit
    ("30公斤"). Only when the value is nothing but that code, date or number.

    Examples: ``tests/test_trust_surface.py``.
    """
    texts = _user_texts(G)
    iso = _ISO.fullmatch(value.strip())
    if iso is not None:
        return _numeric_date(iso, texts)
    return _spelled(value.strip(), texts) or _with_unit(value, G, texts)


#: (span7) the Chinese units that count what an English field word names: a tool writes
#: ``hours_each: 2`` or ``grade: 6`` for the user's "两个小时" or "六级". The language's words for
#: units, not a domain's values.
_ZH_UNITS = {"hour": "小时|钟头", "minute": "分钟", "grade": "级", "level": "级", "day": "天", "night": "晚|夜",
             "year": "年", "age": "岁", "week": "周|星期", "month": "月", "time": "次", "session": "次|节",
             "lesson": "节|次", "class": "节", "people": "人|位", "person": "人|位", "guest": "人|位",
             "room": "间", "floor": "楼|层", "kg": "公斤|千克", "weight": "公斤|斤|千克"}
#: field words that name no unit ("hours_each", "per_week", "max_people")
_NOT_A_UNIT = frozenset({"each", "per", "num", "number", "count", "total", "max", "min", "new", "old", "the", "of",
                         "no", "id", "qty", "amount", "value", "target"})
_EN_NUM = (r"\d+(?:\.\d+)?|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ](?:one|two|three|four|five"
           r"|six|seven|eight|nine))?|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen"
           r"|one|two|three|four|five|six|seven|eight|nine|ten")
_ZH_NUM = r"\d+(?:\.\d+)?|[零一二两三四五六七八九十百]+"


def _unit_words(field: str) -> list[str]:
    words = [w[:-1] if w.endswith("s") and len(w) > 3 else w for w in re.findall(r"[a-z]+", field.casefold())]
    return [w for w in words if len(w) >= 3 and w not in _NOT_A_UNIT or w == "kg"]


def counted_form(value: str, field: str, G: nx.MultiDiGraph) -> str | None:
    """The user's words for a bare number a tool wrote under ``field``: the number with the
    field's word before or after it ("Grade 3" for ``grade: 3``, "two hours" for ``hours_each: 2``)
    or, in Chinese, with the unit that counts the field's word ("六级", "两个小时", "一个半小时").
    Read in the user's latest message saying it; two different ways in that message name none.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> _ = t.observe({"role": "user", "content": "去年过了四级，今年想考六级。每次两个小时"})
    >>> counted_form("6", "grade", t.graph), counted_form("2", "hours each", t.graph), counted_form("3", "grade", t.graph)
    ('六级', '两个小时', None)
    """
    from .._normalize import parse_number

    if not re.fullmatch(r"\d+(?:\.\d+)?", value.strip()):
        return None
    number = float(value)
    words = _unit_words(field)
    if not words:
        return None
    patterns = []
    for w in words:
        patterns.append((re.compile(rf"\b{w}s?\s+({_EN_NUM})\b", re.I), 0))
        patterns.append((re.compile(rf"\b({_EN_NUM})\s+{w}s?\b", re.I), 0))
        if w in _ZH_UNITS:
            patterns.append((re.compile(rf"({_ZH_NUM})(个半|个)?(?:{_ZH_UNITS[w]})"), 1))
    for text in _user_texts(G):
        said = set()
        for rx, zh in patterns:
            for m in rx.finditer(text):
                n = parse_number(m.group(1))
                if n is not None and zh and m.group(2) == "个半":
                    n += 0.5
                if n is not None and n == number:
                    said.add(m.group(0))
        if said:
            return said.pop() if len(said) == 1 else None
    return _classified(number, field, G)


#: (prec11) the classifiers that count a thing in Chinese (a closed class of the grammar, money aside): a tool's
#: count the user said with one is in the user's words, not the field's English word ("10桌", not "10 tables")
#: (prec33) and 把 (tools, chairs: "卡尺改12把"), 扇 (windows, doors: "一共4扇"), 款 (designs: "8款")
_CLASSIFIER = "个位名桌间张台件套次节晚天人份盒辆只条本双瓶杯箱袋束场趟对颗把扇款"
_CLASSIFIED = re.compile(rf"(?<![\d.])({_ZH_NUM})([{_CLASSIFIER}])((?<=[个位名])(?![是都要在也就还])[^\W\d零一二两三四五六七八九十百个位名]{{1,2}})?")
#: a classifier that is the unit of a field word (晚 counts nights, 次 times): no count of another field
_UNIT_OF = {u: w for w, units in _ZH_UNITS.items() for u in units.split("|") if len(u) == 1}


def _classified(number: float, field: str, G: nx.MultiDiGraph) -> str | None:
    """A tool's count under a field named by one English plural ("tables": 10, "visitors": 2) that the user of a
    Chinese chat said with a classifier: the user's words ("10桌", "两个大人"), from their latest message saying
    the number so; two different ways in that message name none.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> _ = t.observe({"role": "user", "content": "另外桌数可能要加 估计10桌"})
    >>> _classified(10.0, "tables", t.graph), _classified(3.0, "tables", t.graph), _classified(10.0, "price", t.graph)
    ('10桌', None, None)
    >>> _ = t.observe({"role": "user", "content": "住两晚 两个大人"})
    >>> _classified(2.0, "adults", t.graph), _classified(2.0, "nights", t.graph)
    ('两个大人', None)
    """
    from .._normalize import parse_number

    words = field.split()
    if len(words) != 1 or not re.fullmatch(r"[a-z]{4,}s", words[0]) or words[0].endswith("ss"):
        return None  # only what with_its_field would write as "10 tables"
    for text in _user_texts(G):
        said = {m.group(0) for m in _CLASSIFIED.finditer(text) if parse_number(m.group(1)) == number
                and _UNIT_OF.get(m.group(2), words[0][:-1]) == words[0][:-1]}  # "两晚" counts nights, not adults
        if said:
            return said.pop() if len(said) == 1 else None
    return None


#: (miss25zh) the words that measure a count in Chinese beyond the classifiers: a weight, a load, a plot, a term ("25袋",
#: "30吨", "2000尾", "三亩", "12期", "两部", "4所")
_COUNT_WORDS = _CLASSIFIER + "斤吨桶尾亩期枚部所包"
#: the noun after 个 / 位 / 名 is said with it ("两个大人"), a particle is not ("二个吧")
_COUNTED = re.compile(rf"(?<![\d.])({_ZH_NUM})([{_COUNT_WORDS}])"
                      r"((?<=[个位名])(?![是都要在也就还吧了啊呀呢的哈嘛])[^\W\d零一二两三四五六七八九十百个位名]{1,2})?")


def counted_words(value: str, field: str, G: nx.MultiDiGraph) -> str | None:
    """(miss25zh) The user's words for a bare count a tool wrote under a field no other reader knows the unit of (an
    item's name, ``t``, ``期数``, ``accounts``): the number with the word that measures it in the user's latest message
    saying it so ("米改25袋" for ``东北长粒香: 25``, "12期" for ``期数: 12``). None when the field holds money or
    names a unit of its own (``floor``, ``nights``: :func:`counted_form` reads those), when the number was said with a
    word that counts another field's thing (两晚 for ``accounts``), or said two ways in that message.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> _ = t.observe({"role": "user", "content": "米改25袋 油10桶 住两晚"})
    >>> counted_words("25", "东北长粒香", t.graph), counted_words("10", "oil", t.graph), counted_words("2", "rooms", t.graph)
    ('25袋', '10桶', None)
    >>> counted_words("25", "price", t.graph), counted_words("10", "floor", t.graph), counted_words("2.5", "qty", t.graph)
    (None, None, None)
    """
    from .._normalize import parse_number

    if not re.fullmatch(r"\d+", value.strip()) or names_money(field) \
            or any(w in _ZH_UNITS or w in _MEASURE_FIELD for w in _unit_words(field)):
        return None
    number, words = float(value), set(_unit_words(field))
    for text in _user_texts(G):
        said = {m.group(0) for m in _COUNTED.finditer(text) if parse_number(m.group(1)) == number}
        if said:
            if len(said) > 1:
                return None
            word = said.pop()
            unit = next((u for u in word if u in _UNIT_OF), None)
            return None if unit is not None and _UNIT_OF[unit] not in words else word
    return None


#: (prec14) a currency an API names in a field ("total_gbp", "fee_cny") and how an amount of it is written
_CURRENCY_CODES = {"gbp": ("£", ""), "usd": ("$", ""), "eur": ("€", ""), "cny": ("", "元"), "rmb": ("", "元")}
#: (prec14) the words of an API's fields that name an amount of money: "price", "total", "deposit_gbp", "monthly fee"
_MONEY_FIELD = frozenset({"price", "prices", "fee", "fees", "cost", "total", "subtotal", "deposit", "amount", "paid",
                          "balance", "charge", "fare", "rent"})


def names_money(field: str, *, money: bool = False) -> bool:
    """(prec14) Whether an API's field names an amount of money: a money word or a currency code in its name, or
    ``money`` (the pack's slot for it holds money).

    >>> names_money("total gbp"), names_money("price per month"), names_money("people"), names_money("x", money=True)
    (True, True, False, True)
    """
    words = set(field.casefold().split())
    return money or bool(words & _MONEY_FIELD) or bool(words & set(_CURRENCY_CODES))


def priced_form(value: str, field: str, G: nx.MultiDiGraph, *, money: bool = False) -> str | None:
    """(prec14) The conversation's words for a bare amount a tool wrote under a money field (``total: 108``,
    ``fee_cny: 280``; ``money``: the pack's slot for the field holds money): the latest amount of money
    either speaker said that is that number ("£108", "280元", "三百块"); else, when the field names its
    currency, the number with that currency's sign. None when the field names no money or the value is
    no bare number: a count or a code stays as the tool wrote it.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> _ = t.observe({"role": "assistant", "content": "It's £36 each, so £108 for the three of you."})
    >>> priced_form("108", "total", t.graph), priced_form("64", "total gbp", t.graph), priced_form("3", "people", t.graph)
    ('£108', '£64', None)
    >>> z = Tracker("zh")
    >>> _ = z.observe({"role": "assistant", "content": "上门更换是280元，今天下午能到"})
    >>> priced_form("280", "price", z.graph), priced_form("900", "total cny", z.graph), priced_form("45", "fee", z.graph)
    ('280元', '900元', None)
    """
    code = next((w for w in field.casefold().split() if w in _CURRENCY_CODES), None)
    if not re.fullmatch(r"\d+(?:\.\d+)?", value.strip()) or not names_money(field, money=money):
        return None
    number = float(value)
    ids = G.graph["kinds"].get("entity", [])[-RECENT:]
    said = [G.nodes[e] for e in ids if G.nodes[e].get("label") == "MONEY"]
    said = [d for d in said if isinstance(d.get("value"), dict) and d["value"].get("amount") == number
            and (code is None or (d["value"].get("currency") or code.upper()) == {"rmb": "CNY"}.get(code, code.upper()))]
    if said:
        return str(max(said, key=lambda d: d.get("last", -1))["text"]).strip()
    if code is not None:
        sign, suffix = _CURRENCY_CODES[code]
        return f"{sign}{value.strip()}{suffix}"
    return None


#: (prec14) the words of an API's fields that name a measure, and the units a field's name ends with
_MEASURE_FIELD = frozenset({"area", "weight", "length", "width", "height", "depth", "size", "volume", "distance"})
_UNIT_CODES = frozenset({"m2", "sqm", "sqft", "t", "g", "lb", "lbs", "m", "l", "ft"})  # kg, cm ...: ``with_its_field``
#: a number and its unit of measure: a word ("35 tonnes"), letters glued to it ("140g", "36m2") or a Chinese unit ("36平");
#: (fix15) a unit the measures step knows or a field's unit code, not any word after a number ("12 kids" is a count)
_UNIT = rf"(?:\s*(?:{UNIT_WORDS['en']}|g|grams?|t|tons?|l|sqm|sqft)\b|{UNIT_WORDS['zh']})"
_MEASURED = re.compile(rf"(?<![\d.])(\d+(?:\.\d+)?){_UNIT}", re.I)


def measured_form(value: str, field: str, G: nx.MultiDiGraph) -> str | None:
    """(prec14) The user's words for a bare number a tool wrote under a field that names a measure
    (``area_m2: 36``, ``weight_t: 35``, ``weight: 140``): the one way the user said that number with a unit
    ("36平", "35吨", "140g"); None when the field names no measure, the user said the number with no
    unit, or with two.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> _ = t.observe({"role": "user", "content": "店面大概36平，要做两个展柜"})
    >>> measured_form("36", "area m2", t.graph), measured_form("2", "area m2", t.graph), measured_form("36", "price", t.graph)
    ('36平', None, None)
    """
    words = field.casefold().split()
    if not re.fullmatch(r"\d+(?:\.\d+)?", value.strip()) or not words \
            or not (_MEASURE_FIELD & set(words) or words[-1] in _UNIT_CODES):
        return None
    number = float(value)
    said: set[str] = set()
    for d in _user_entities(G, ("QUANTITY",)):  # the entities' span keeps a unit of two characters whole ("4公分")
        n = _LEADING_NUMBER.match(str(d.get("text") or ""))
        if n and n.group(2) and float(n.group(1)) == number and re.fullmatch(_UNIT, n.group(2), re.I):
            said.add(str(d["text"]).strip())
    for text in _user_texts(G):
        found = {w.group(0) for w in _MEASURED.finditer(text) if float(w.group(1)) == number}
        if found:
            said |= found
            break  # the user's latest message saying the number with a unit
    said = {w for w in said if not any(o != w and o.startswith(w) for o in said)}  # "4公" of "4公分"
    return said.pop() if len(said) == 1 else None
