"""General customer-service values with the core packs only (issue 10): ids of every kind keyed
by their slot word, addresses, dates and times, amounts, phone numbers, and the facts a tool
result gives. Every conversation here is written for these tests."""

from __future__ import annotations

import datetime
import json

import pytest

from ctxgraph import Tracker
from ctxgraph.extract import Message, RuleExtractor
from ctxgraph._graph import new_graph
from ctxgraph._normalize import parse_date, parse_money

TODAY = "2026-11-30"


def user(text: str) -> dict:
    return {"role": "user", "content": text}


def bot(text: str) -> dict:
    return {"role": "assistant", "content": text}


def call(call_id: str, name: str, arguments: dict) -> dict:
    return {"role": "assistant", "content": None, "tool_calls": [
        {"id": call_id, "type": "function",
         "function": {"name": name, "arguments": json.dumps(arguments, ensure_ascii=False)}}]}


def result(call_id: str, content: dict) -> dict:
    return {"role": "tool", "tool_call_id": call_id, "content": json.dumps(content, ensure_ascii=False)}


def facts_of(*messages, lang: str) -> dict[str, str]:
    """Current facts (key -> value) after the messages (strings are user turns)."""
    t = Tracker(lang, today=TODAY)
    for m in messages:
        t.observe(m if isinstance(m, dict) else user(m))
    return {f.key: f.value for f in t.state().facts if f.status == "current"}


@pytest.fixture(scope="module")
def extractor() -> RuleExtractor:
    return RuleExtractor(today=datetime.date.fromisoformat(TODAY))


def mentions(extractor: RuleExtractor, text: str, lang: str) -> list[tuple[str, str]]:
    return [(u.label, u.text) for u in extractor(Message(role="user", text=text), 0, new_graph(), lang)
            if u.type == "entity"]


# ------------------------------------------------------------------------------------ ids

@pytest.mark.parametrize(("lang", "text", "surface"), [
    pytest.param("zh", "售后单号是QX250301-66120，麻烦看下", "QX250301-66120", id="zh-letters-digits-hyphen"),
    pytest.param("zh", "工单BJ-WX-20260211-0431已经派了", "BJ-WX-20260211-0431", id="zh-four-groups"),
    pytest.param("zh", "保单号3307-2210-5581-9024", "3307-2210-5581-9024", id="zh-digit-groups"),
    pytest.param("zh", "保单PA2026SH00417789", "PA2026SH00417789", id="zh-letters-inside"),
    pytest.param("en", "my order is NW4471-220913 from last week", "NW4471-220913", id="en-mixed-first-group"),
    pytest.param("en", "the e-ticket 176-2208813450 was issued", "176-2208813450", id="en-ticket-number"),
])
def test_trust_values_an_id_is_found_whole(extractor, lang, text, surface):
    assert ("ORDER_ID", surface) in mentions(extractor, text, lang)


@pytest.mark.parametrize(("lang", "text"), [
    pytest.param("zh", "2026-03-15那天下的单", id="zh-date"),
    pytest.param("zh", "耳机型号WH-1000XM5", id="zh-model"),
    pytest.param("en", "it arrived on 2025-11-02", id="en-date"),
    pytest.param("en", "call 212-555-0187 please", id="en-phone"),
    pytest.param("en", "the COVID-19 rules", id="en-short-number"),
])
def test_trust_values_no_id_in_dates_phones_or_models(extractor, lang, text):
    assert not [m for m in mentions(extractor, text, lang) if m[0] == "ORDER_ID"]


@pytest.mark.parametrize(("lang", "messages", "expected"), [
    pytest.param("zh", ["订单号BK20260112003，衣服小了想退", "退款单号RF88120934，多久到账？"],
                 {"order_id": "BK20260112003", "refund_id": "RF88120934"}, id="zh-refund-after-order"),
    pytest.param("zh", ["我的保单号ZX2026HZ0077001234", "理赔号LP-20260301-1188"],
                 {"policy_no": "ZX2026HZ0077001234", "claim_id": "LP-20260301-1188"}, id="zh-claim-after-policy"),
    pytest.param("en", ["order NW4471-220913 never came", "the refund number is RFD-7730021, where is it?"],
                 {"order_id": "NW4471-220913", "refund_id": "RFD-7730021"}, id="en-refund-after-order"),
    pytest.param("en", ["Policy number HMX-4410872", "claim number CL-2026-00481 was opened yesterday"],
                 {"policy_no": "HMX-4410872", "claim_id": "CL-2026-00481"}, id="en-claim-after-policy"),
])
def test_trust_values_an_id_is_keyed_by_its_slot_word(lang, messages, expected):
    facts = facts_of(*messages, lang=lang)
    assert {k: facts.get(k) for k in expected} == expected


@pytest.mark.parametrize(("lang", "messages", "first"), [
    pytest.param("zh", ["订单号BK20260112003", "还有个AB20260113887也看看"], "BK20260112003", id="zh"),
    pytest.param("en", ["order NW4471-220913 is late", "oh and DP-5500213 too"], "NW4471-220913", id="en"),
])
def test_trust_values_a_second_bare_id_keeps_the_first_order_id(lang, messages, first):
    assert facts_of(*messages, lang=lang)["order_id"] == first


@pytest.mark.parametrize(("lang", "messages", "key", "value"), [
    pytest.param("zh", ["会员号660188213479", "不好意思 最后两位反了，660188213497"], "member_no", "660188213497",
                 id="zh-member-number-retyped"),
    pytest.param("en", ["my PAC is TMO772104", "ugh sorry, TMO772140, typo"], "order_id", "TMO772140",
                 id="en-bare-id-retyped"),
])
def test_trust_values_a_retyped_id_replaces_the_one_it_corrects(lang, messages, key, value):
    assert facts_of(*messages, lang=lang)[key] == value


@pytest.mark.parametrize(("lang", "text", "key", "value"), [
    pytest.param("zh", "预订号是 Q7KD2M", "booking_ref", "Q7KD2M", id="zh-booking-code"),
    pytest.param("zh", "SN码 R58M40CXYZ", "serial", "R58M40CXYZ", id="zh-serial"),
    pytest.param("zh", "用尾号4402的卡付", "card_tail", "4402", id="zh-card-tail"),
    pytest.param("zh", "取票码5521 0876", "booking_ref", "5521 0876", id="zh-spaced-code"),
    pytest.param("zh", "税号91440300MA5FQ1XK2R", "tax_id", "91440300MA5FQ1XK2R", id="zh-tax-id"),
    pytest.param("en", "booking reference ZP4QXT please", "booking_ref", "ZP4QXT", id="en-booking-code"),
    pytest.param("en", "Serial number FVH2KQ7731M", "serial", "FVH2KQ7731M", id="en-serial"),
    pytest.param("en", "put it on the Mastercard ending 0917", "card_tail", "0917", id="en-card-tail"),
    pytest.param("en", "the IBAN is DE44 5001 0517 5407 3249 31", "account_no", "DE44 5001 0517 5407 3249 31",
                 id="en-iban"),
])
def test_trust_values_codes_after_their_slot_word(lang, text, key, value):
    assert facts_of(text, lang=lang).get(key) == value


@pytest.mark.parametrize(("lang", "text"), [
    pytest.param("zh", "我买的是EG100MATE35S洗衣机", id="zh-model-alone"),
    pytest.param("en", "I fly MU5195 tomorrow", id="en-flight-alone"),
])
def test_trust_values_a_code_alone_is_no_fact(lang, text):
    assert not [v for v in facts_of(text, lang=lang).values() if v in text and any(c.isdigit() for c in v)]


@pytest.mark.parametrize(("lang", "text"), [
    pytest.param("en", "any information about the pending refund?", id="en-words-holding-short-codes"),
])
def test_trust_values_no_id_slot_inside_words(lang, text):
    assert facts_of(text, lang=lang) == {}


# ------------------------------------------------------------------------------- addresses

@pytest.mark.parametrize(("lang", "text", "surface"), [
    pytest.param("zh", "送到长宁区延安西路2299弄3号702", "长宁区延安西路2299弄3号702", id="zh-lane-house-room"),
    pytest.param("zh", "取件地址还是西安市雁塔区科技路48号吗", "西安市雁塔区科技路48号", id="zh-no-function-word"),
    pytest.param("zh", "公司在银泰中心B座1905", "银泰中心B座1905", id="zh-building-block-room"),
    pytest.param("zh", "新家是5幢1单元602", "5幢1单元602", id="zh-units-alone"),
    pytest.param("en", "ship it to 77 Orchard Close, Bath BA2 4QT today", "77 Orchard Close, Bath BA2 4QT",
                 id="en-uk-postcode"),
    pytest.param("en", "office: 1200 J Street, Suite 410, Fresno CA 93721", "1200 J Street, Suite 410, Fresno CA 93721",
                 id="en-us-suite-zip"),
    pytest.param("en", "Flat 5, 9 Mill Lane please", "Flat 5, 9 Mill Lane", id="en-flat-first"),
])
def test_trust_values_addresses(extractor, lang, text, surface):
    assert ("ADDRESS", surface) in mentions(extractor, text, lang)


@pytest.mark.parametrize(("lang", "messages", "expected"), [
    pytest.param("zh", ["地址是成都市武侯区天府三街199号", "不对，换成高新区益州大道中段1800号"],
                 "益州大道中段1800号", id="zh-new-address"),
    pytest.param("en", ["deliver to 14 Quarry Road, Leeds LS6 2AB", "no wait, send it to 3 Ash Grove, York YO1 7HH"],
                 "3 Ash Grove, York YO1 7HH", id="en-new-address"),
])
def test_trust_values_the_new_address_is_current(lang, messages, expected):
    assert expected in facts_of(*messages, lang=lang)["address"]


def test_trust_values_a_postcode_alone(extractor):
    assert ("POSTCODE", "G12 8QQ") in mentions(extractor, "the postcode is G12 8QQ", "en")
    assert facts_of("postcode is G12 8QQ", lang="en")["postcode"] == "G12 8QQ"


# ----------------------------------------------------------------------- dates, times, money

@pytest.mark.parametrize(("lang", "text", "label", "surface"), [
    pytest.param("zh", "能改到3月12吗", "DATE", "3月12", id="zh-date-without-ri"),
    pytest.param("zh", "有效期6月3日到6月9日", "DATE", "6月3日到6月9日", id="zh-date-range"),
    pytest.param("zh", "我住9月20-22日", "DATE", "9月20-22日", id="zh-day-range"),
    pytest.param("zh", "那就27号下午吧", "DATE", "27号下午", id="zh-day-with-period"),
    pytest.param("zh", "周六10:00-13:00上门", "TIME", "10:00-13:00", id="zh-time-range"),
    pytest.param("zh", "晚上6点到8点送", "TIME", "晚上6点到8点", id="zh-time-range-words"),
    pytest.param("en", "limit R12,500 a day", "MONEY", "R12,500", id="en-rand-commas"),
    pytest.param("en", "it was ₹18,499 at checkout", "MONEY", "₹18,499", id="en-rupee-commas"),
    pytest.param("en", "ring me on 07911 123456", "PHONE", "07911 123456", id="en-uk-mobile"),
    pytest.param("en", "my number is 8765 4321", "PHONE", "8765 4321", id="en-singapore"),
    pytest.param("en", "call (415) 555-0199 after 5", "PHONE", "(415) 555-0199", id="en-us-brackets"),
])
def test_trust_values_dates_times_money_phones(extractor, lang, text, label, surface):
    assert (label, surface) in mentions(extractor, text, lang)


@pytest.mark.parametrize(("text", "iso"), [
    pytest.param("3月12", "--03-12", id="month-day-without-ri"),
    pytest.param("12月3日到5日", "--12-03", id="range-starts-at-its-first-day"),
    pytest.param("2号上午", "2026-12-02", id="day-of-next-month"),
    pytest.param("30号", "2026-11-30", id="day-of-this-month"),
])
def test_trust_values_zh_dates_normalised(text, iso):
    assert parse_date(text, datetime.date.fromisoformat(TODAY)) == iso


@pytest.mark.parametrize(("text", "amount", "currency"), [
    pytest.param("R12,500", 12500.0, "ZAR", id="rand"),
    pytest.param("₹18,499", 18499.0, "INR", id="rupee"),
    pytest.param("Rs. 250", 250.0, "INR", id="rs"),
])
def test_trust_values_money_with_commas_and_currency(text, amount, currency):
    assert parse_money(text) == {"amount": amount, "currency": currency}


# -------------------------------------------------------------------------- tool results

def test_trust_values_tool_result_ids_become_facts_keyed_by_field():
    facts = facts_of(user("my dishwasher leaks, order RX-4410298"),
                     call("c1", "open_repair", {"order_id": "RX-4410298"}),
                     result("c1", {"rma_number": "RMA-88213-04", "case_id": "SR-5512093", "status": "open",
                                   "fee": 89.0, "items": [{"id": "P-1"}, {"id": "P-2"}]}),
                     lang="en")
    assert facts["order_id"] == "RX-4410298"
    assert facts["return_id"] == "RMA-88213-04" and facts["case_id"] == "SR-5512093"
    assert facts["fee"] == "89.0"  # the record of what was opened (open_repair writes): the fee charged
    assert "P-1" not in facts.values()


def test_trust_values_lookup_result_never_gives_an_amount():
    facts = facts_of(user("查一下套餐"), call("c1", "get_plan", {"plan": "畅享59"}),
                     result("c1", {"plan": {"name": "畅享59", "price": 59}, "total": 118, "order_no": "TC20261130-0071"}),
                     lang="zh")
    assert "59" not in facts.values() and "118" not in facts.values()
    assert facts["item"] == "畅享59" and "TC20261130-0071" in facts.values()


def test_trust_values_a_writes_amount_never_replaces_the_users():
    facts = facts_of(user("预算100元以内，换个套餐"), call("c1", "change_plan", {"plan": "畅享59"}),
                     result("c1", {"plan": {"name": "畅享59", "price": 59}, "total": 118, "order_no": "TC20261130-0071"}),
                     lang="zh")
    assert facts["budget"] == "100元以内" and facts["price"] == "59"  # "total" names the budget slot: the user's stays


def test_trust_values_tool_result_never_overwrites_the_user():
    facts = facts_of(user("订单号SO20261128001"), call("c1", "get_order", {"order_id": "SO20261128001"}),
                     result("c1", {"order_id": "SO20261128009", "status": "paid"}), lang="zh")
    assert facts["order_id"] == "SO20261128001"


def test_trust_values_tool_result_facts_are_few():
    payload = {f"{w}_id": f"{w[:2].upper()}-{n}77120" for n, w in enumerate(
        ["refund", "claim", "case", "quote", "link", "notice", "payment"])}
    t = Tracker("en", today=TODAY)
    for m in (call("c1", "do_all", {}), result("c1", payload)):
        t.observe(m)
    assert len(t.state().facts) <= 3


def test_trust_values_tool_result_name_of_many_items_is_no_fact():
    facts = facts_of(call("c1", "search", {"q": "laptop"}),
                     result("c1", {"products": [{"name": "Aero 14", "sku": "A-1"}, {"name": "Aero 16", "sku": "A-2"}]}),
                     lang="en")
    assert "item" not in facts


# ---------------------------------------------------------------------------------- dates

@pytest.mark.parametrize(("lang", "messages", "value"), [
    pytest.param("zh", ["师傅12月8日上午能来吗"], "12月8日上午", id="zh-date-with-period"),
    pytest.param("zh", ["取件改到12月3吧"], "12月3", id="zh-date-without-ri"),
    pytest.param("en", ["can the engineer come on December 8?"], "December 8", id="en-date"),
    pytest.param("en", ["deliver on 14 Jan", "sorry, make it 16 Jan"], "16 Jan", id="en-later-date-wins"),
])
def test_trust_values_the_users_date_is_a_fact(lang, messages, value):
    assert facts_of(*messages, lang=lang).get("date") == value


@pytest.mark.parametrize(("lang", "messages"), [
    pytest.param("zh", [bot("退款预计3月3日到账，服务宝有效期到2027年1月1日")], id="zh-assistant-dates"),
    pytest.param("zh", ["我昨天下的单，明天能到吗"], id="zh-relative-days"),
    pytest.param("en", [bot("Your refund should land by March 3.")], id="en-assistant-date"),
    pytest.param("en", ["I ordered it yesterday and it was meant to come last week"], id="en-relative-days"),
])
def test_trust_values_no_date_fact_from_the_assistant_or_a_story(lang, messages):
    assert "date" not in facts_of(*messages, lang=lang)


def test_trust_values_zh_tool_field_named_in_english_fills_the_slot():
    facts = facts_of(call("c1", "create_ticket", {"issue": "宽带断网"}),
                     result("c1", {"order_no": "WX-20261130-00871", "status": "已派单"}), lang="zh")
    assert facts == {"issue": "宽带断网", "order_id": "WX-20261130-00871"}  # the call's argument is a fact too


@pytest.mark.parametrize(("lang", "messages", "key"), [
    pytest.param("zh", [bot("附近的维修点在解放大道688号，可以打027-85551234问")], "phone", id="zh-shop-phone"),
    pytest.param("zh", [bot("附近的维修点在解放大道688号，可以打027-85551234问")], "address", id="zh-shop-address"),
    pytest.param("en", [bot("Our Leeds store is at 40 Park Row, LS1 5HU, call (113) 555-0100.")], "phone", id="en-shop-phone"),
    pytest.param("en", [bot("Our Leeds store is at 40 Park Row, LS1 5HU, call (113) 555-0100.")], "address", id="en-shop-address"),
    pytest.param("en", [bot("Write to help@shop.example if it happens again.")], "email", id="en-support-email"),
])
def test_trust_values_the_assistants_own_contacts_are_not_the_users(lang, messages, key):
    assert key not in facts_of(*messages, lang=lang)


@pytest.mark.parametrize(("lang", "messages", "key", "value"), [
    pytest.param("zh", ["电话13911112222", bot("好的，联系电话13911112222已记录")], "phone", "13911112222", id="zh"),
    pytest.param("en", ["my cell is 617-555-0123", bot("Got it, we'll call 617-555-0123.")], "phone", "617-555-0123",
                 id="en"),
])
def test_trust_values_the_users_contact_stays(lang, messages, key, value):
    assert facts_of(*messages, lang=lang)[key] == value


@pytest.mark.parametrize(("lang", "text", "value"), [
    pytest.param("zh", "信用卡末四位3390", "3390", id="zh-last-four"),
    pytest.param("en", "Card ends 7731, it's me", "7731", id="en-card-ends"),
])
def test_trust_values_card_tail(lang, text, value):
    assert facts_of(text, lang=lang)["card_tail"] == value


def test_trust_values_a_year_after_ends_is_no_card_tail(extractor):
    assert not [m for m in mentions(extractor, "the contract ends 2027", "en") if m[0] == "CARD_TAIL"]


@pytest.mark.parametrize(("lang", "text", "expected"), [
    pytest.param("en", "My serial number is HX4-88310. Sorry, HX4-88301", "HX4-88301", id="en-sorry"),
    pytest.param("en", "order A-77310, no wait, A-77301", "A-77301", id="en-no-wait"),
    pytest.param("zh", "订单号是E928306471，不对，是E928306417", "E928306417", id="zh-budui"),
    pytest.param("zh", "电话13812345678，打错了，13812345687", "13812345687", id="zh-dacuole"),
    pytest.param("en", "Sorry to bother you, my order is A-77310", "A-77310", id="en-polite-sorry"),
])
def test_trust_values_a_value_taken_back_in_the_same_message(lang, text, expected):
    t = Tracker(lang)
    t.observe({"role": "user", "content": text})
    assert [f.value for f in t.state().facts if f.status == "current"] == [expected]


def test_trust_values_a_tools_counts_in_the_words_the_user_used():
    """qty 12 and 3 in a write are the "12杯" and "3杯" the user asked for; a count never said
    with its unit stays a bare number."""
    from tests.test_graph import call, result

    def qty(*counts: int) -> str:
        t = Tracker("zh")
        t.observe_many([{"role": "user", "content": "有3个人不喝奶，改成12杯拿铁加3杯美式"},
                        call("c1", "place_order", {"items": [{"name": n, "qty": c} for n, c in zip("AB", counts)]}),
                        result("c1", {"order_id": "LK20260318-556201"})])
        return {f.key: f.value for f in t.state().facts if f.status == "current"}["item_qty"]

    assert qty(12, 3) == "12杯, 3杯"
    assert qty(12, 4) == "12, 4"


@pytest.mark.parametrize(("reply", "expected"), [
    pytest.param("ugh fine, go up to 700 then", "$700", id="go-up-to"),
    pytest.param("can you push it to 620?", "$600", id="a-question-moves-nothing"),
    pytest.param("ok bump the budget to 650", "$650", id="bump-the-budget-to"),
    pytest.param("go up to 3 nights then", "$600", id="a-count-is-no-amount"),
])
def test_trust_values_a_bare_number_moves_the_users_amount(reply, expected):
    """"budget is $600" ... "go up to 700 then": the bare number is the budget, in its currency;
    a question, or a number far from the amount (a count), moves nothing."""
    facts = facts_of("We need a hotel in Lisbon, budget is $600 for the stay.",
                     bot("The nearest fit is the Rossio Garden at $690."), reply, lang="en")
    assert facts.get("budget", "").lstrip("$") == expected.lstrip("$"), facts  # "650" as said after a slot word


# csen4: a vehicle registration after the words that name it (phrasings written for this test)
@pytest.mark.parametrize(("text", "value"), [
    pytest.param("the car's reg is AB12 CDE, it needs an MOT", "AB12 CDE", id="reg-is"),
    pytest.param("number plate: 7ABC 123 please check the fines", "7ABC 123", id="number-plate"),
])
def test_trust_values_a_registration_after_its_word(text, value):
    assert facts_of(text, lang="en").get("registration") == value


@pytest.mark.parametrize("text", ["I'm a regular at the Leeds branch, room B12 3F", "we are a party of AB12 CDE"])
def test_trust_values_no_registration_without_its_word(text):
    assert "registration" not in facts_of(text, lang="en")
