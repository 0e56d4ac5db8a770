"""Normalisers for values kept beside their surface text: numbers, money, dates.

Small hand-written parsers: they cover the forms customer-service chat uses and
have no dependencies (cn2an and dateparser would add heavy imports to every
turn for a few lines of logic).

>>> parse_number("五千")
5000.0
>>> parse_number("1.2万")
12000.0
>>> parse_money("¥5,000")
{'amount': 5000.0, 'currency': 'CNY'}
>>> parse_money("5k")
{'amount': 5000.0, 'currency': None}
>>> parse_date("March 3rd")
'--03-03'
>>> parse_date("下周三", today=datetime.date(2026, 11, 30))
'2026-12-09'
"""

from __future__ import annotations

import datetime
import re

_CN_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_CN_UNITS = {"十": 10, "百": 100, "千": 1000}
_EN_NUMBERS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a dozen": 12, "dozen": 12,
    "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}
_EN_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
_EN_COMPOUND = re.compile(r"(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ](one|two|three|four|five|six|seven|eight|nine))?")


def _parse_cn_integer(text: str) -> int | None:
    """'五千' -> 5000, '一万二千' -> 12000, '十五' -> 15, '五千五' -> 5500 (a lone digit after a
    unit is the next lower unit), '一万亿' -> 10**12; None if not a Chinese numeral."""
    if not text or any(ch not in _CN_DIGITS and ch not in _CN_UNITS and ch not in "万亿" for ch in text):
        return None
    big = {"万": 10_000, "亿": 100_000_000}
    total, section, digit, last_unit = 0, 0, None, None
    for ch in text:
        if ch in _CN_DIGITS:
            digit = _CN_DIGITS[ch]
        elif ch in _CN_UNITS:
            section += (1 if digit is None else digit) * _CN_UNITS[ch]
            digit, last_unit = None, _CN_UNITS[ch]
        else:  # 万 / 亿 multiply everything below them
            section += digit or 0
            if ch == "亿":
                total = (total + section) * big[ch]
            else:
                total += section * big[ch]
            section, digit, last_unit = 0, None, big[ch]
    if digit is not None and last_unit and last_unit >= 10 and text[-2] not in "零〇":
        return total + section + digit * last_unit // 10  # elision: 五千五 = 5500
    return total + section + (digit or 0)


def parse_number(text: str) -> float | None:
    """A number written with digits, Chinese numerals, k/万/千 suffixes or English words."""
    s = text.strip().replace(",", "").replace("，", "")
    low = s.lower()
    if low in _EN_NUMBERS:
        return float(_EN_NUMBERS[low])
    tens = _EN_COMPOUND.fullmatch(low)
    if tens:  # "forty-five", "twenty one"
        return float(_EN_TENS[tens.group(1)] + (_EN_NUMBERS[tens.group(2)] if tens.group(2) else 0))
    m = re.fullmatch(r"(\d+(?:\.\d+)?)\s*([kKmM万千亿]?)(\d?)", s)
    if m and (not m.group(3) or m.group(2) in ("万", "千", "亿")):
        mult = {"": 1, "k": 1000, "K": 1000, "m": 1e6, "M": 1e6, "万": 10_000, "千": 1000, "亿": 1e8}[m.group(2)]
        tail = int(m.group(3)) * mult / 10 if m.group(3) else 0  # 1万5 = 15000
        return float(m.group(1)) * mult + tail
    n = _parse_cn_integer(s)
    return float(n) if n is not None else None


_CURRENCY = [
    (re.compile(r"[¥￥]|元|块|人民币|rmb", re.I), "CNY"),
    (re.compile(r"\$|dollars?|usd|bucks", re.I), "USD"),
    (re.compile(r"€|euros?|eur", re.I), "EUR"),
    (re.compile(r"£|pounds?|gbp", re.I), "GBP"),
    (re.compile(r"₹|\bRs\.?|rupees?|inr", re.I), "INR"),
    (re.compile(r"^R(?=\s?\d)|\brand\b|zar", re.I), "ZAR"),
]


_BOUNDS = [(re.compile(r"\s*(?:以上|起|or more|or above|or over)$"), "min"),
           (re.compile(r"\s*(?:以下|以内|之内|or less|or under|or below)$"), "max"),
           (re.compile(r"\s*左右$"), "about")]


def parse_money(text: str) -> dict | None:
    """Amount and currency (ISO code, or None when the text does not say); a bound written
    after it ("5000元以内", "200元以上", "100元左右") is kept as ``bound``: max, min or about.

    >>> parse_money("5000元以内")
    {'amount': 5000.0, 'currency': 'CNY', 'bound': 'max'}
    """
    for rx, bound in _BOUNDS:
        stripped = rx.sub("", text.strip())
        if stripped != text.strip():
            found = parse_money(stripped)
            return {**found, "bound": bound} if found else None
    if text.strip() in ("免费", "free"):
        return {"amount": 0.0, "currency": None}
    if re.search(r"\d\s*[-~到至]\s*\d", text):  # a range "150-500元": amount is its lower bound
        low, high = re.split(r"\s*[-~到至]\s*", text.strip(), maxsplit=1)
        lo, hi = parse_money(low), parse_money(high)
        if lo and hi:
            return {"amount": lo["amount"], "up_to": hi["amount"], "currency": hi["currency"] or lo["currency"]}
    currency = next((code for rx, code in _CURRENCY if rx.search(text)), None)
    core = re.sub(r"[¥￥$€£₹]|^Rs\.?|^R(?=\s?\d)|元|块钱|块|人民币|rmb|dollars?|usd|bucks|euros?|eur|pounds?|gbp",
                  "", text.strip(), flags=re.I)
    amount = parse_number(core.strip())
    if amount is None:
        return None
    return {"amount": amount, "currency": currency}


_MONTHS = {m: i for i, m in enumerate(
    ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], 1)}
_WEEKDAYS_EN = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
_WEEKDAYS_ZH = "一二三四五六日"


# a month or a day of the month in Chinese numerals ("五月十号", "二十六号"): read as digits
_CN_DAY = re.compile(r"[一二三四五六七八九十]{1,3}(?=月)|(?<=月)[一二三四五六七八九十]{1,3}(?=[日号])|[一二三]?十[一二三四五六七八九]?(?=号)")


def parse_date(text: str, today: datetime.date | None = None) -> str | None:
    """ISO date for absolute dates; relative ones ("下周三", "tomorrow") only given ``today``.

    A date without a year is returned as ``--MM-DD``; Chinese numerals are read as digits.

    >>> parse_date("五月十号"), parse_date("二十六号", today=datetime.date(2026, 2, 10))
    ('--05-10', '2026-02-26')
    """
    s = _CN_DAY.sub(lambda m: str(_parse_cn_integer(m.group(0))), text.strip().lower())
    m = re.search(r"(\d{4})-(\d{1,2})-(\d{1,2})", s)
    if m:
        return _iso(m.group(1), m.group(2), m.group(3))
    m = re.search(r"(?:(\d{4})年)?(\d{1,2})月(\d{1,2})(?:[日号]|(?!\d))", s)  # "4月10" too
    if m:
        return _iso(m.group(1), m.group(2), m.group(3))
    m = re.search(r"([a-z]{3})[a-z]*\.?\s+(\d{1,2})(?!\d)(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?", s)
    if m and m.group(1) in _MONTHS:
        return _iso(m.group(3), _MONTHS[m.group(1)], m.group(2))
    m = re.search(r"(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?([a-z]{3})[a-z]*(?:,?\s+(\d{4}))?", s)
    if m and m.group(2) in _MONTHS:
        return _iso(m.group(3), _MONTHS[m.group(2)], m.group(1))
    if today is None:
        return None
    offsets = {"大后天": 3, "今天": 0, "今晚": 0, "today": 0, "tonight": 0, "明天": 1, "明晚": 1, "tomorrow": 1,
               "后天": 2, "昨天": -1, "yesterday": -1, "前天": -2}  # longest first: 大后天 before 后天
    for word, days in offsets.items():
        if word in s:
            return (today + datetime.timedelta(days=days)).isoformat()
    m = re.fullmatch(r"(\d{1,2})[日号]\D*", s) or re.search(r"(?:^|\bthe |\b(?:mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)[a-z]*,?\s+(?:the\s+)?)"
                                                            r"(\d{1,2})(?:st|nd|rd|th)\b", s)
    if m:  # "23号上午", "the 21st", (miss8) "fri 16th": this month's day, or next month's when it has passed
        return _day_of_month(today, int(m.group(1)))
    m = re.search(r"(?:(下下|(?<!一)下|这|本|上)个?)?(?:周|星期|礼拜)([一二三四五六日天])", s)  # (lead23) "约一下周日": 周日  # (miss23zh) "下个礼拜三"
    if m:
        weekday = _WEEKDAYS_ZH.index(m.group(2).replace("天", "日"))
        week = {"下下": 2, "下": 1, "上": -1}.get(m.group(1) or "", 0)
        return _weekday(today, weekday, week)
    m = re.search(r"(next|this|last)?\s*(monday|tuesday|wednesday|thursday|friday|saturday|sunday)", s)
    if m:
        week = {"next": 1, "last": -1}.get(m.group(1) or "", 0)
        return _weekday(today, _WEEKDAYS_EN.index(m.group(2)), week)
    return None


def _iso(year, month, day) -> str | None:
    """ISO date, or None when no such day exists (2024-02-30); ``--MM-DD`` without a year."""
    try:
        date = datetime.date(int(year) if year else 2000, int(month), int(day))  # 2000: a leap year
    except ValueError:
        return None
    return date.isoformat() if year else f"--{date.month:02d}-{date.day:02d}"


def _day_of_month(today: datetime.date, day: int) -> str | None:
    """The next ``day`` of a month on or after ``today``.

    >>> _day_of_month(datetime.date(2026, 7, 21), 23), _day_of_month(datetime.date(2026, 7, 21), 3)
    ('2026-07-23', '2026-08-03')
    """
    year, month = today.year, today.month
    if day < today.day:
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return _iso(year, month, day)


def _weekday(today: datetime.date, weekday: int, week: int) -> str:
    monday = today - datetime.timedelta(days=today.weekday())
    return (monday + datetime.timedelta(weeks=week, days=weekday)).isoformat()


def normalize(label: str, text: str, today: datetime.date | None = None) -> dict | str | float | None:
    """The normalised value for an entity of type ``label``, or None."""
    if label == "MONEY":
        return parse_money(text)
    if label == "DATE":
        return parse_date(text, today)
    if label in ("NUMBER", "CARDINAL"):
        return parse_number(text)
    if label == "QUANTITY":
        m = re.match(r"\s*(\S+?)\s*(?:个|件|台|部|份|张|箱|瓶|只|套|位|人|间|晚|\s|$)", text)
        return parse_number(m.group(1)) if m else None
    if label in ("PHONE",):
        return re.sub(r"[^\d+]", "", text)
    if label in ("EMAIL", "ORDER_ID", "TRACKING_ID"):
        return text.strip().lstrip("#").strip()
    return None
