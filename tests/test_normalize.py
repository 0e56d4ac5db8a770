"""Normalisers: money, numbers (digits, 五千 / 5k / 5,000, words) and dates."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ctxgraph._normalize import normalize, parse_date, parse_money, parse_number

TODAY = datetime.date(2026, 11, 30)  # a Monday

# ----------------------------------------------------------------------------- money


@pytest.mark.parametrize(
    ("text", "amount", "currency"),
    [
        # zh                                  # en
        ("5000元", 5000.0, "CNY"),            ("$349", 349.0, "USD"),
        ("¥5,000", 5000.0, "CNY"),            ("100 dollars", 100.0, "USD"),
        ("￥1,299.50", 1299.5, "CNY"),         ("$1.5k", 1500.0, "USD"),
        ("五千块", 5000.0, "CNY"),             ("5 bucks", 5.0, "USD"),
        ("两千元", 2000.0, "CNY"),             ("USD 100", 100.0, "USD"),
        ("1.2万", 12000.0, None),             ("5k", 5000.0, None),
        ("2万元", 20000.0, "CNY"),             ("3.5k", 3500.0, None),
        ("5000块钱", 5000.0, "CNY"),           ("€20", 20.0, "EUR"),
        ("三千五百元", 3500.0, "CNY"),          ("20 euros", 20.0, "EUR"),
        ("一万二千元", 12000.0, "CNY"),         ("£15", 15.0, "GBP"),
        ("人民币5000", 5000.0, "CNY"),          ("5000 RMB", 5000.0, "CNY"),
        ("一千零五十元", 1050.0, "CNY"),        ("1,000,000", 1000000.0, None),
        ("十块", 10.0, "CNY"),                 ("0 dollars", 0.0, "USD"),
    ],
)
def test_normalize_parse_money(text, amount, currency):
    assert parse_money(text) == {"amount": amount, "currency": currency}


@pytest.mark.parametrize("text", ["", "元", "abc", "$", "预算", "lots of money"])
def test_normalize_parse_money_without_amount_is_none(text):
    assert parse_money(text) is None


@given(st.integers(min_value=1, max_value=99_999))
def test_normalize_money_yuan_property(n):
    assert parse_money(f"{n}元") == {"amount": float(n), "currency": "CNY"}


@given(st.integers(min_value=0, max_value=10**8))
def test_normalize_money_symbol_and_grouping_property(n):
    assert parse_money(f"¥{n:,}") == {"amount": float(n), "currency": "CNY"}
    assert parse_money(f"${n:,}") == {"amount": float(n), "currency": "USD"}


# ----------------------------------------------------------------------------- numbers


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # zh                      # en
        ("五千", 5000.0),          ("5000", 5000.0),
        ("两千", 2000.0),          ("5,000", 5000.0),
        ("一万二千", 12000.0),      ("twelve", 12.0),
        ("十五", 15.0),            ("a dozen", 12.0),
        ("十", 10.0),              ("five", 5.0),
        ("二十", 20.0),            ("5k", 5000.0),
        ("一百零五", 105.0),        ("3M", 3_000_000.0),
        ("三千零五", 3005.0),       ("0.5", 0.5),
        ("零", 0.0),               ("12,345.67", 12345.67),
        ("1.2万", 12000.0),        (" 42 ", 42.0),
        ("5千", 5000.0),           ("Zero", 0.0),
        ("一千万", 10_000_000.0),   ("1,000,000", 1_000_000.0),
        ("一亿", 100_000_000.0),    ("100", 100.0),
        ("九万九千九百九十九", 99999.0), ("eleven", 11.0),
    ],
)
def test_normalize_parse_number(text, value):
    assert parse_number(text) == value


@pytest.mark.parametrize("text", ["", "abc", "预算", "1e3", "五千块", "many"])
def test_normalize_parse_number_rejects_non_numbers(text):
    assert parse_number(text) is None


@pytest.mark.parametrize(("text", "value"), [("五千五", 5500.0), ("两万五", 25000.0), ("三百五", 350.0), ("1万5", 15000.0)])
def test_normalize_parse_number_colloquial_elision(text, value):
    # today 五千五 -> 5005, 两万五 -> 20005, 三百五 -> 305, 1万5 -> None
    assert parse_number(text) == value


def test_normalize_parse_number_wan_yi():
    assert parse_number("一万亿") == 1e12


@given(st.integers(min_value=0, max_value=10**8))
def test_normalize_number_digits_property(n):
    assert parse_number(str(n)) == n
    assert parse_number(f"{n:,}") == n


@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=0, max_value=99))
def test_normalize_number_decimal_property(whole, cents):
    assert parse_number(f"{whole}.{cents:02d}") == pytest.approx(whole + cents / 100)


_CN_DIGITS = "零一二三四五六七八九"


def _cn_below_10000(n: int, *, leading: bool) -> str:
    """Standard Chinese numeral for 1 <= n <= 9999 (``leading``: 10-19 as 十X, not 一十X)."""
    out, zero = "", False
    for value, unit in ((1000, "千"), (100, "百"), (10, "十"), (1, "")):
        d = n // value % 10
        if d == 0:
            zero = bool(out)
            continue
        if zero:
            out += "零"
            zero = False
        out += ("" if (unit == "十" and d == 1 and not out and leading) else _CN_DIGITS[d]) + unit
    return out


def chinese_numeral(n: int) -> str:
    """Written-out Chinese numeral for 1 <= n <= 99999: 10010 -> 一万零一十, 15 -> 十五."""
    assert 1 <= n <= 99_999
    wan, rest = divmod(n, 10_000)
    if not wan:
        return _cn_below_10000(rest, leading=True)
    out = _CN_DIGITS[wan] + "万"
    if rest:
        out += ("零" if rest < 1000 else "") + _cn_below_10000(rest, leading=False)
    return out


@pytest.mark.parametrize(
    ("n", "text"),
    [(1, "一"), (10, "十"), (15, "十五"), (20, "二十"), (105, "一百零五"), (110, "一百一十"), (1005, "一千零五"),
     (5000, "五千"), (10010, "一万零一十"), (12000, "一万二千"), (20005, "二万零五"), (99999, "九万九千九百九十九")],
)
def test_normalize_chinese_numeral_writer(n, text):
    assert chinese_numeral(n) == text  # the test's own writer is right before it is trusted


@given(st.integers(min_value=1, max_value=99_999))
def test_normalize_chinese_numeral_round_trip_property(n):
    assert parse_number(chinese_numeral(n)) == n


@given(st.integers(min_value=1, max_value=99_999))
def test_normalize_chinese_money_round_trip_property(n):
    assert parse_money(chinese_numeral(n) + "元") == {"amount": float(n), "currency": "CNY"}


# ----------------------------------------------------------------------------- dates


@pytest.mark.parametrize(
    ("text", "iso"),
    [
        # zh                                   # en
        ("2024年12月3日", "2024-12-03"),        ("2024-12-03", "2024-12-03"),
        ("12月3号", "--12-03"),                 ("March 3rd", "--03-03"),
        ("2025年1月31日前送到", "2025-01-31"),    ("Mar 3, 2025", "2025-03-03"),
        ("预计12月3日送达", "--12-03"),           ("3rd of March", "--03-03"),
        ("2024-1-5", "2024-01-05"),            ("December 31", "--12-31"),
        ("1月1日", "--01-01"),                  ("by Dec. 24", "--12-24"),
    ],
)
def test_normalize_parse_date_absolute(text, iso):
    assert parse_date(text) == iso
    assert parse_date(text, today=TODAY) == iso  # today does not change an absolute date


@pytest.mark.parametrize(
    ("text", "iso"),
    [
        # zh                       # en
        ("今天", "2026-11-30"),     ("today", "2026-11-30"),
        ("明天", "2026-12-01"),     ("tomorrow", "2026-12-01"),
        ("后天", "2026-12-02"),     ("tonight", "2026-11-30"),
        ("昨天", "2026-11-29"),     ("yesterday", "2026-11-29"),
        ("下周三", "2026-12-09"),   ("next wednesday", "2026-12-09"),
        ("这周日", "2026-12-06"),   ("this sunday", "2026-12-06"),
        ("上周一", "2026-11-23"),   ("last monday", "2026-11-23"),
        ("星期五", "2026-12-04"),   ("friday", "2026-12-04"),
        ("下下周五", "2026-12-18"), ("Next Friday", "2026-12-11"),
        ("礼拜天", "2026-12-06"),   ("明晚", "2026-12-01"),
    ],
)
def test_normalize_parse_date_relative_needs_today(text, iso):
    assert parse_date(text) is None
    assert parse_date(text, today=TODAY) == iso


@pytest.mark.parametrize("text", ["", "改天再说", "some day", "13月1日", "May"])
def test_normalize_parse_date_not_a_date(text):
    assert parse_date(text, today=TODAY) is None


def test_normalize_parse_date_da_hou_tian():
    assert parse_date("大后天", today=TODAY) == "2026-12-03"


@pytest.mark.parametrize(("text", "iso"), [("3 March 2025", "2025-03-03"), ("15 Jan 2025", "2025-01-15")])
def test_normalize_parse_date_day_month_year(text, iso):
    assert parse_date(text) == iso


@pytest.mark.parametrize("text", ["2024-13-01", "2024-02-30", "2024-00-10"])
def test_normalize_parse_date_invalid_iso_is_none(text):
    assert parse_date(text) is None


_dates = st.dates(min_value=datetime.date(1900, 1, 1), max_value=datetime.date(2100, 12, 31))


@given(_dates)
def test_normalize_date_absolute_forms_property(d):
    iso = d.isoformat()
    assert parse_date(iso) == iso
    assert parse_date(f"{d.year}年{d.month}月{d.day}日") == iso
    assert parse_date(f"{d.year}年{d.month}月{d.day}号") == iso
    assert parse_date(d.strftime("%B %d, %Y")) == iso
    assert parse_date(d.strftime("%b %d %Y")) == iso
    assert parse_date(f"{d.month}月{d.day}日") == f"--{d.month:02d}-{d.day:02d}"


@given(_dates)
def test_normalize_date_relative_property(today):
    one = datetime.timedelta(days=1)
    assert parse_date("明天", today=today) == parse_date("tomorrow", today=today) == (today + one).isoformat()
    assert parse_date("昨天", today=today) == parse_date("yesterday", today=today) == (today - one).isoformat()
    monday = today - datetime.timedelta(days=today.weekday())
    for n, (zh, en) in enumerate(zip("一二三四五六日", ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"], strict=True)):
        next_week = (monday + datetime.timedelta(days=7 + n)).isoformat()
        assert parse_date(f"下周{zh}", today=today) == parse_date(f"next {en}", today=today) == next_week
        this_week = (monday + datetime.timedelta(days=n)).isoformat()
        assert parse_date(f"这周{zh}", today=today) == parse_date(f"this {en}", today=today) == this_week


# ----------------------------------------------------------------------------- dispatch by label


@pytest.mark.parametrize(
    ("label", "text", "value"),
    [
        ("MONEY", "5000元", {"amount": 5000.0, "currency": "CNY"}),  ("MONEY", "$500", {"amount": 500.0, "currency": "USD"}),
        ("DATE", "12月3日", "--12-03"),                               ("DATE", "Dec 3, 2024", "2024-12-03"),
        ("DATE", "明天", "2026-12-01"),                               ("DATE", "tomorrow", "2026-12-01"),
        ("NUMBER", "五千", 5000.0),                                   ("CARDINAL", "5,000", 5000.0),
        ("QUANTITY", "3件", 3.0),                                     ("QUANTITY", "2 units", 2.0),
        ("QUANTITY", "两台", 2.0),                                    ("QUANTITY", "twelve boxes", 12.0),
        ("PHONE", "138-1234-5678", "13812345678"),                   ("PHONE", "+1 (555) 010-9999", "+15550109999"),
        ("ORDER_ID", "#SO202411300088", "SO202411300088"),           ("EMAIL", " a@b.com ", "a@b.com"),
        ("PRODUCT", "小米14", None),                                  ("PERSON", "Holmes", None),
    ],
)
def test_normalize_by_label(label, text, value):
    assert normalize(label, text, TODAY) == value
