"""Issue 10: what a successful tool call was asked to do is state; corrections of part of a value.

Conversations written for these tests (zh and en). A call's arguments become current facts
once its result comes back ok, keyed by the argument's name, so a later call with the same
argument supersedes them; a failed call leaves nothing; free text, API enums, flags, file
names, what is removed and what is merely an option never become facts; a value the user
stated under the same key is never replaced.
"""

from __future__ import annotations

import pytest

from tests.test_trust_values import bot, call, facts_of, result, user


def test_trust_calls_en_a_booking_call_states_what_was_settled():
    facts = facts_of(
        user("Move my stay LV-2281934 to Oct 27-31 please, a king room."),
        call("c1", "modify_reservation", {"confirmation": "LV-2281934", "check_in": "2025-10-27",
                                          "check_out": "2025-10-31", "room": "King Deluxe",
                                          "note": "Late arrival, around 12:30am, keep the room"}),
        result("c1", {"confirmation": "LV-2281934", "status": "modified"}), lang="en")
    assert facts["room"] == "King Deluxe"
    assert facts["check_out"] == "2025-10-31"
    assert "note" not in facts  # free text is no fact


def test_trust_calls_zh_order_items_are_joined_and_keyed_by_their_parent():
    facts = facts_of(
        user("来两杯美式，一杯拿铁"),
        call("c1", "place_order", {"shop": "街角咖啡", "items": [{"name": "美式", "qty": 2}, {"name": "拿铁", "qty": 1}],
                                   "payment": "wechat_pay", "invoice": False}),
        result("c1", {"order_id": "KF-552019", "status": "paid"}), lang="zh")
    assert facts["item_name"] == "美式, 拿铁"
    assert facts["shop"] == "街角咖啡"
    assert "payment" not in facts and "invoice" not in facts  # an API enum and a flag


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_trust_calls_a_failed_call_leaves_no_state(lang):
    facts = facts_of(call("c1", "apply_promo", {"code": "SPRING20"}),
                     result("c1", {"error": "PROMO_EXPIRED", "code": "SPRING20"}), lang=lang)
    assert "SPRING20" not in facts.values()


def test_trust_calls_en_a_later_call_supersedes_the_earlier_argument():
    facts = facts_of(
        call("c1", "check_availability", {"hotel": "Lakeview Riverfront", "check_out": "2025-10-30"}),
        result("c1", {"rooms": [{"type": "King Deluxe", "nightly": 279.0}]}),
        call("c2", "modify_reservation", {"hotel": "Lakeview Riverfront", "check_out": "2025-10-31"}),
        result("c2", {"status": "modified"}), lang="en")
    assert facts["check_out"] == "2025-10-31"


@pytest.mark.parametrize(("lang", "field"), [("en", "remove"), ("en", "options"), ("zh", "remove")])
def test_trust_calls_what_is_removed_or_only_possible_is_no_fact(lang, field):
    facts = facts_of(call("c1", "update_order", {"order_id": "SO-88412", field: "Transparent Back Case"}),
                     result("c1", {"status": "updated"}), lang=lang)
    assert "Transparent Back Case" not in facts.values()
    assert facts["order_id"] == "SO-88412"


def test_trust_calls_zh_never_over_the_users_value():
    facts = facts_of(user("我的订单号是DD-20261101-5521"),
                     call("c1", "get_order", {"order_id": "DD-20261101-5512"}),
                     result("c1", {"status": "delivered"}), lang="zh")
    assert facts["order_id"] == "DD-20261101-5521"


@pytest.mark.parametrize(("lang", "messages", "expected"), [
    pytest.param("zh", [user("收货地址是幸福路12号3单元"), bot("好的。"), user("哦说错了，是5单元不是3单元")],
                 "幸福路12号5单元", id="zh-part-of-an-address"),
    pytest.param("en", [user("Ship it to 14 Elm Road, Flat 3 please."), bot("Noted."), user("Sorry, flat 5, not 3.")],
                 "14 Elm Road, Flat 5", id="en-part-of-an-address"),
    pytest.param("en", [user("My order number is AB-4471."), bot("Checking."), user("Sorry it's AB-4417, not AB-4471.")],
                 "AB-4417", id="en-whole-id"),
])
def test_trust_calls_a_correction_changes_the_part_it_names(lang, messages, expected):
    facts = facts_of(*messages, lang=lang)
    assert expected in facts.values()


def test_trust_calls_zh_a_correction_after_the_call_changes_the_calls_value():
    facts = facts_of(
        call("c1", "report_claim", {"policy_no": "PDAA2026330100", "location": "杭甬高速宁波方向K56绍兴段"}),
        result("c1", {"claim_no": "PA3302260126", "status": "已受理"}),
        bot("已报案。"), user("哦位置说错了，是K65不是K56"), lang="zh")
    assert facts["location"] == "杭甬高速宁波方向K65绍兴段"


def test_trust_calls_zh_a_writes_record_is_state_a_lookup_is_not():
    facts = facts_of(
        call("c1", "get_order", {"order_no": "E928306471"}),
        result("c1", {"order_no": "E928306471", "train": "G111", "dep": "08:30", "seat": "二等座 05车12F"}),
        call("c2", "change_ticket", {"order_no": "E928306471", "train": "G187", "date": "2026-04-03"}),
        result("c2", {"order_no": "E928306471", "new_ticket": {"dep": "19:30", "seat": "二等座 07车03A", "price": 214.5},
                      "fee": 0, "status": "改签成功"}), lang="zh")
    assert facts["train"] == "G187"
    assert facts["seat"] == "二等座 07车03A"  # the object the tool acts on ("new_ticket" of "change_ticket")
    assert "08:30" not in facts.values() and "05车12F" not in " ".join(facts.values())
    assert "fee" not in facts and "status" not in facts


def test_trust_calls_en_another_partys_details_and_bookkeeping_are_no_state():
    facts = facts_of(
        call("c1", "report_claim", {"policy_no": "PD-2026-88120", "location": "M8 junction 2"}),
        result("c1", {"claim_no": "CL-5521907", "surveyor": {"name": "Dave Lowe", "phone": "07700 900461"},
                      "created_at": "2026-01-26 15:12", "review_days": 3, "eta_contact": "30 min"}), lang="en")
    assert facts["location"] == "M8 junction 2"
    assert "07700 900461" not in facts.values() and "Dave Lowe" not in facts.values()
    assert not {"created_at", "review_days", "eta_contact"} & set(facts)


def test_trust_calls_en_a_phone_under_any_field_name_is_the_phone():
    facts = facts_of(
        call("c1", "book_visit", {"case": "SR-3390218", "contact": "514-555-0178", "slot": "afternoon"}),
        result("c1", {"visit_id": "V-2291", "status": "booked"}),
        bot("Booked for the afternoon."), user("call my cell instead, 438-555-0129"), lang="en")
    assert facts["phone"] == "438-555-0129"
    assert "514-555-0178" not in facts.values()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_trust_calls_a_lookups_criteria_are_no_state_its_id_is(lang):
    facts = facts_of(
        call("c1", "search_laptops", {"min_ram_gb": 16, "max_price": 900, "brand": "Lenovo"}),
        result("c1", {"results": [{"sku": "LN-5521", "name": "IdeaPad Slim 5"}]}),
        call("c2", "get_order", {"order_id": "BW-7730215"}),
        result("c2", {"order_id": "BW-7730215", "status": "processing"}), lang=lang)
    assert facts["order_id"] == "BW-7730215"
    assert "min_ram_gb" not in facts and "brand" not in facts


def test_trust_calls_en_a_count_or_a_seat_keeps_what_its_field_names():
    facts = facts_of(
        call("c1", "book_tickets", {"event": "Leinster v Munster", "seats": 2}),
        result("c1", {"booking_ref": "TK-88120", "row": "F", "nights": 4, "status": "confirmed"}), lang="en")
    assert facts["row"] == "row F" and facts["nights"] == "4 nights" and facts["seats"] == "2 seats"


@pytest.mark.parametrize(("tool", "payload", "expected"), [
    pytest.param("get_order", {"order_no": "E928306471", "passenger": "孔令宇", "train": "G111"}, {"passenger": "孔令宇"},
                 id="zh-passenger"),
    pytest.param("get_policy", {"policy": "BMI-7741209", "holder": "Callum Reid"}, {"holder": "Callum Reid"}, id="en-holder"),
    pytest.param("lookup_account", {"name": "Rosa Delgado", "tier": "gold"}, {"name": "Rosa Delgado"}, id="en-account-name"),
    pytest.param("get_product", {"name": "Trail Runner", "price": 99}, {}, id="en-a-products-name-is-no-person"),
    pytest.param("list_cards", {"customer": "吴*婷"}, {}, id="zh-masked"),
])
def test_trust_calls_the_person_a_record_is_about(tool, payload, expected):
    """The person a lookup's record is about is a fact keyed by its field; a masked name, or the
    name of a thing, is none."""
    from ctxgraph import Tracker
    from tests.test_graph import call, result

    t = Tracker("en")
    t.observe_many([{"role": "user", "content": "hi, can you check my booking"}, call("c1", tool, {"ref": "X-1"}),
                    result("c1", payload)])
    facts = {f.key: f.value for f in t.state().facts if f.status == "current"}
    assert {k: facts.get(k) for k in ("passenger", "holder", "name", "customer") if k in facts} == expected


def test_trust_calls_a_records_status_fields_are_no_facts():
    """"account_status": "open", "sms_confirmation": "sent" say how the record stands, not what
    the user settled on."""
    from ctxgraph import Tracker
    from tests.test_graph import call, result

    t = Tracker("en")
    t.observe_many([{"role": "user", "content": "block my card please"}, call("c1", "block_card", {"card_last4": "6632"}),
                    result("c1", {"ref": "BLK-40217", "account_status": "open", "sms_confirmation": "sent"})])
    keys = {f.key for f in t.state().facts if f.status == "current"}
    assert not keys & {"account_status", "sms_confirmation"} and "ref" in keys


# csen4: an id the tool returns keeps its own key when another id of the same shape is already held
# (conversations written for these tests)
def test_trust_calls_the_booking_a_write_records_wins_over_a_membership_number_of_the_same_shape():
    facts = facts_of(user("I'd like the 7pm spin class, membership number GY-5521980"),
                     call("c1", "book_class", {"class": "spin", "time": "19:00", "member": "GY-5521980"}),
                     result("c1", {"booking": "BK-77120", "studio": "Studio 2"}), lang="en")
    assert "BK-77120" in facts.values() and "GY-5521980" in facts.values(), facts


def test_trust_calls_a_returned_id_beside_the_users_order_id():
    facts = facts_of(user("order SO-44120 arrived with a cracked lid"),
                     call("c1", "open_return", {"order_id": "SO-44120", "reason": "damaged"}),
                     result("c1", {"return_label": "RL-99310", "drop_off_by": "2026-03-20"}), lang="en")
    assert facts.get("order_id") == "SO-44120" and "RL-99310" in facts.values(), facts


def test_trust_calls_a_phone_in_a_contact_field_stays_the_phone():
    facts = facts_of(user("my number is 514-555-0101"),
                     call("c1", "open_claim", {"item": "kettle"}),
                     result("c1", {"claim_no": "CL-20331", "contact": "514-555-0101"}), lang="en")
    assert "contact" not in facts and facts.get("phone") == "514-555-0101", facts
