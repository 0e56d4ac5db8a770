"""(prec14) A tool's bare amount under a money field is kept as the conversation said it: ``total: 108`` after the
assistant's "£108" is "£108", ``price: 280`` after "280元" is "280元", ``total_gbp: 64`` said by no one is "£64"; a
count, a code and an amount no one said under a field that names no currency stay as the tool wrote them; and a
change of a count ("能改成3张吗") never lands on an amount of money."""

from __future__ import annotations

from ctxgraph import Tracker
from tests.test_graph import bot, call, result, user


def _current(t: Tracker) -> dict[str, str]:
    return {f.key: f.value for f in t.state().facts if f.status == "current"}


def _booked(lang: str, said: list[dict], arguments: dict) -> dict[str, str]:
    t = Tracker(lang, today="2026-03-09")
    t.observe_many(said + [call("c1", "book", arguments), result("c1", {"ref": "QX-5521", "status": "confirmed"})])
    return _current(t)


def test_en_total_takes_the_currency_the_assistant_said():
    facts = _booked("en", [user("can we book the tour for three on saturday?"),
                           bot("Saturday at 11am is free. It's £36 each, so £108 for the three of you."), user("yes please")],
                    {"date": "2026-03-14", "people": 3, "total": 108})
    assert "£108" in facts.values() and "108" not in facts.values()


def test_zh_price_takes_the_currency_the_assistant_said():
    facts = _booked("zh", [user("门锁坏了 想换个锁芯"), bot("C级锁芯上门更换是280元，今天下午4点可以吗？"), user("行")],
                    {"service": "换锁芯", "price": 280})
    assert "280元" in facts.values() and "280" not in facts.values()


def test_a_field_naming_its_currency_takes_its_sign_when_no_one_said_the_amount():
    en = _booked("en", [user("book the taster for me and my dad please")], {"names": "Trevor Price", "fee_gbp": 16})
    zh = _booked("zh", [user("周六上午搬钢琴 可以")], {"item": "立式钢琴", "total_cny": 900})
    assert "£16" in en.values() and "900元" in zh.values()


def test_counts_codes_and_unsaid_amounts_stay_as_written():
    # "callout" names no money; the price of 40 was said by no one, and its field names no currency
    facts = _booked("en", [user("a survey of the thatch please, I'm Pat Hollis"), bot("That is £75 for the callout.")],
                    {"name": "Pat Hollis", "surveys": 2, "callout": 75, "room": "B12", "price": 40})
    values = set(facts.values())
    assert {"75", "40", "2 surveys", "room B12"} <= values and not {"£75", "£40"} & values


def test_a_count_change_never_lands_on_an_amount():
    t = Tracker("zh", today="2026-03-09")
    t.observe_many([user("15号的 980 两张，要连座"), call("c1", "lock_seats", {"price": 980, "qty": 2}),
                    result("c1", {"lock_id": "LK-1", "price": 980, "qty": 2}), bot("已锁定两张980元的连座，共1960元。"),
                    user("我姐也想去，能改成3张吗")])
    assert all(f.value != "3张" for f in t.state().facts if f.key == "price")


def test_a_measure_field_takes_the_users_unit():
    zh = _booked("zh", [user("展位大概36平，要做两个展柜")], {"area_m2": 36, "cabinets": 2})
    en = _booked("en", [user("300 LPs please, 140g vinyl, sea blue")], {"copies": 300, "weight": 140})
    assert "36平" in zh.values() and "140g" in en.values()


def test_a_measure_said_with_no_unit_or_two_units_stays_bare():
    none = _booked("zh", [user("展位36 要做两个展柜")], {"area_m2": 36})
    two = _booked("en", [user("it's 12kg, the box is 12cm deep")], {"weight": 12})
    # (missen18) "12kg" is now the user's own weight (the measures step, no longer lost to a tagger's date): the
    # tool's 12 is never given the other unit
    assert "36" in none.values() and two.get("weight") in ("12", "12kg") and "12cm" != two.get("weight")


def test_how_the_tool_sent_a_thing_is_no_value():
    en = Tracker("en")
    en.observe_many([user("book me in please"), call("c1", "book", {"name": "Sophie Marsh"}),
                     result("c1", {"ref": "GLOW-4471", "prep_guide": "sent by SMS", "label": "emailed",
                                   "link": "sent to sophie@example.com"})])
    zh = Tracker("zh")
    zh.observe_many([user("帮我报名"), call("c1", "register", {"name": "黄子轩"}),
                     result("c1", {"booking": "YS-0905-14", "link": "发送至预留手机", "address": "已短信发送"})])
    en_values, zh_values = set(_current(en).values()), set(_current(zh).values())
    assert not {"sent by SMS", "emailed", "发送至预留手机", "已短信发送"} & (en_values | zh_values)
    assert "sent to sophie@example.com" in en_values and "GLOW-4471" in en_values and "YS-0905-14" in zh_values


def test_an_amount_the_assistant_restates_after_the_tool_takes_its_words():
    zh = Tracker("zh")
    zh.observe_many([user("年夜饭订14人的包厢"), call("c1", "book_room", {"people": 14}),
                     result("c1", {"booking": "FML-0205-08", "deposit": 1000}), bot("已订好，定金1000元，明天中午前付就行。")])
    en = Tracker("en")
    en.observe_many([user("book it please"), call("c1", "book_job", {"site": "front"}),
                     result("c1", {"job": "APX-3062", "total": 745}), bot("Booked: APX-3062, £745 or $745 if paid abroad.")])
    assert "1000元" in _current(zh).values()
    assert "745" in _current(en).values()  # two ways of saying it name none
