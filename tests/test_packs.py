"""The shipped domain packs ecommerce and telecom (YAML only), zh and en: they load, give the
facts and intents of their domain, switch off the core cues that misfire there, keep their
tool-result fields, and do nothing when not asked for. A user's own pack folder works the
same way, and an unknown pack name is a coded error.

Conversations go through the public :class:`Tracker`; intents are read from the turn nodes
(``t.graph.nodes["t0"]["intent"]``) as tests/test_extract.py does.
"""

from __future__ import annotations

import json

import pytest

from ctxgraph import RulesError, Tracker, load_pack
from ctxgraph._graph import new_graph
from ctxgraph._rules import available_packs, pack_dir
from ctxgraph.extract import RuleExtractor
from ctxgraph.extract.compiled import compiled_packs

PACKS = ["ecommerce", "telecom"]
TODAY = "2026-11-30"


def tracker(*messages, packs=(), rules=(), lang="auto") -> Tracker:
    t = Tracker(lang, packs=list(packs), rules=list(rules), today=TODAY)
    for m in messages:
        t.observe(m if isinstance(m, dict) else {"role": "user", "content": m})
    return t


def facts(t: Tracker) -> list[tuple[str, str, str]]:
    return [(f.key, f.value, f.status) for f in t.state().facts]


def current(t: Tracker) -> dict[str, str]:
    """The current facts but the core opening ``want`` (tests/test_trust_zh_wants.py): these tests are about the packs' slots."""
    return {f.key: f.value for f in t.state().facts if f.status == "current" and f.key != "want"}


def intent(t: Tracker, turn: int = 0) -> str | None:
    return t.graph.nodes[f"t{turn}"]["intent"]


def tool_exchange(name: str, result: dict) -> list[dict]:
    """An assistant tool call and its result."""
    return [
        {"role": "assistant", "content": None,
         "tool_calls": [{"id": "c1", "type": "function", "function": {"name": name, "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "c1", "content": json.dumps(result)},
    ]


# ----------------------------------------------------------------------------- loading


def test_packs_are_shipped_beside_booking():
    assert {"booking", "ecommerce", "telecom"} <= set(available_packs())


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("name", PACKS)
def test_packs_load_and_validate(name, lang):
    pack = load_pack([], lang, packs=[name])
    folder = pack_dir(name)
    mine = [f for f in pack.files if f.startswith(str(folder))]
    # the labels file at the pack's top level and the language's own file
    assert any(f.endswith("labels.yml") for f in mine)
    assert any(f"/{lang}/" in f.replace("\\", "/") for f in mine)
    assert pack.disable, "each pack switches off a core cue"
    assert pack.render_labels["facts"]
    # the pack's intents come first: priority 10 before the core's 0
    assert pack.intents[0].priority == 10
    assert [i.priority for i in pack.intents] == sorted((i.priority for i in pack.intents), reverse=True)
    compiled_packs((), (), packs=(name,))[lang]  # every regex compiles, fact-pattern groups name slots


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_packs_declare_their_labels_and_slot_types(lang):
    eco = load_pack([], lang, packs=["ecommerce"])
    assert {eco.labels[k] for k in ("SIZE", "COLOR", "RAM", "STORAGE", "SCREEN_SIZE")} == {"value"}
    assert eco.labels["RMA_ID"] == "id"
    slots = {s.id: s for s in eco.slots}
    assert slots["size"].types == ["SIZE"] and slots["ram"].types == ["RAM"]
    assert "color" in {s.id for s in load_pack([], lang).slots}  # the core slot, extended:
    assert slots["color"].types == ["COLOR"]
    tel = load_pack([], lang, packs=["telecom"])
    assert tel.labels["PLAN"] == "thing" and tel.labels["DATA"] == "value" and tel.labels["ICCID"] == "id"
    assert {"plan", "data", "minutes", "roaming_pass", "bill_amount"} <= {s.id for s in tel.slots}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_packs_load_together_with_booking(lang):
    pack = load_pack([], lang, packs=["booking", "ecommerce", "telecom"])
    assert {"SIZE", "PLAN", "VENUE"} <= set(pack.labels)
    compiled_packs((), (), packs=("booking", "ecommerce", "telecom"))[lang]


def test_packs_unknown_name_is_e015_listing_the_shipped_packs():
    with pytest.raises(RulesError, match=r"\[E015\]") as err:
        Tracker(packs=["nope"])
    message = str(err.value)
    assert "'nope'" in message
    for name in ("booking", "ecommerce", "telecom"):
        assert name in message


# ----------------------------------------------------------------------------- ecommerce facts


def test_packs_ecommerce_zh_size_changed_in_one_breath():
    t = tracker("我上周买了一件M码的外套", "尺码从 M 换成 L", packs=["ecommerce"])
    assert facts(t) == [("size", "M", "superseded"), ("size", "L", "current")]
    assert not {"departure", "destination"} & {f.key for f in t.state().facts}


def test_packs_ecommerce_zh_size_change_with_booking_loaded_is_no_trip():
    # the held-out chat: with the travel pack loaded too, "从 M 换成 L" is no departure
    t = tracker("我上周买了一件M码的外套", "尺码从 M 换成 L", packs=["booking", "ecommerce"])
    assert current(t) == {"size": "L"}
    assert not [k for k in current(t) if k.endswith(("departure", "destination"))]


def test_packs_ecommerce_en_size_as_a_short_answer():
    t = tracker("I bought a jacket in size M", {"role": "assistant", "content": "Which size would you like instead?"},
                "L please", packs=["ecommerce"])
    assert facts(t) == [("size", "M", "superseded"), ("size", "L", "current")]


def test_packs_ecommerce_en_size_swapped():
    t = tracker("I bought the jacket in M", "Please swap the M for an L", packs=["ecommerce"])
    assert facts(t) == [("size", "M", "superseded"), ("size", "L", "current")]


@pytest.mark.parametrize(("lang", "text", "expected"), [
    ("en", "I need 16GB of RAM and a 14-inch screen", {"ram": "16GB", "screen": "14-inch"}),
    ("en", "16GB RAM, 512GB storage and a 15.6-inch display in space grey",
     {"ram": "16GB", "storage": "512GB", "screen": "15.6-inch", "color": "space grey"}),
    ("zh", "我要一台12+256G的手机，6.7英寸屏幕，黑色", {"ram": "12", "storage": "256G", "screen": "6.7英寸", "color": "黑色"}),
    ("zh", "运行内存16G，硬盘1TB，屏幕14寸", {"ram": "16G", "storage": "1TB", "screen": "14寸"}),
    ("en", "The memory should be 32GB", {"ram": "32GB"}),  # "memory" is RAM in this pack, not storage
    ("zh", "运存至少12GB，存储512G", {"ram": "12GB", "storage": "512G"}),
    ("zh", "鞋子要42码的", {"size": "42码"}),
    ("en", "Do you have these in size 9?", {"size": "9"}),
])
def test_packs_ecommerce_specs_sizes_and_colours(lang, text, expected):
    assert current(tracker(text, packs=["ecommerce"], lang=lang)) == expected


@pytest.mark.parametrize(("lang", "text"), [
    ("zh", "我上周买了一件M码的外套，运行内存16G，屏幕14寸"),
    ("en", "I need 16GB of RAM and a 14-inch screen in size M"),
])
def test_packs_ecommerce_without_the_pack_no_size_or_ram(lang, text):
    keys = set(current(tracker(text, lang=lang)))
    assert not keys & {"size", "ram", "screen"}


def test_packs_ecommerce_a_building_named_by_a_letter_is_no_size():
    """"我家在M栋3单元" is a building, not size M: (lead25d) the building and its unit are the address, and no more."""
    assert current(tracker("我家在M栋3单元", packs=["ecommerce"], lang="zh")) == {"address": "M栋3单元"}


@pytest.mark.parametrize(("lang", "text"), [
    ("zh", "包裹大概有14寸长"),             # a length, not a screen
    ("en", "I want the S Pen too"),        # a name, not size S
    ("en", "What format is it in, 1080 or 4K?"),  # "rma" inside "format" is no RMA number
])
def test_packs_ecommerce_ordinary_talk_gives_no_fact(lang, text):
    assert current(tracker(text, packs=["ecommerce"], lang=lang)) == {}


def test_packs_ecommerce_a_length_is_no_screen():
    # a parcel's length is a measure of the thing (people6's measures), never the pack's screen size
    facts = current(tracker("The package is about 14 inches long", packs=["ecommerce"], lang="en"))
    assert "screen" not in facts and "size" not in facts
    assert facts == {"measure_length": "14 inches"}


@pytest.mark.parametrize(("lang", "messages", "expected"), [
    ("en", ["I want to return these shoes because they are too small"], {"return_reason": "too small"}),
    ("en", ["I want a refund to my original card", "My RMA number is RMA-20481"],  # what the user wants done
     {"refund_method": "original card", "return_id": "RMA-20481", "request": "refund"}),
    ("zh", ["退款退回到支付宝"], {"refund_method": "支付宝"}),
    ("zh", ["寄修单XM-RMA-260528-77190已创建"], {"return_id": "XM-RMA-260528-77190"}),  # the word RMA inside the id
    ("zh", ["我买的38码鞋子", "我的38码鞋子想换成39码"], {"size": "39码"}),
])
def test_packs_ecommerce_returns_and_refunds(lang, messages, expected):
    assert current(tracker(*messages, packs=["ecommerce"], lang=lang)) == expected


# ----------------------------------------------------------------------------- telecom facts


@pytest.mark.parametrize(("lang", "messages", "expected"), [
    ("en", ["I need a roaming pass for Japan"], {"roaming_destination": "Japan"}),
    ("en", ["I'm on the Unlimited Plus plan with 30GB of data"], {"plan": "Unlimited Plus plan", "data": "30GB"}),
    ("en", ["I want unlimited data and 500 minutes for $45 a month"],
     {"data": "unlimited data", "minutes": "500 minutes", "monthly_fee": "$45"}),
    ("en", ["My bill is $85 this month", "My billing cycle starts on the 15th"],
     {"bill_amount": "$85", "billing_cycle": "15th"}),
    ("en", ["I want to port my number, my PAC code is ABC123456"], {"port_code": "ABC123456"}),
    ("zh", ["我下周去日本出差，要开通国际漫游", "开通日本的7天漫游包"],
     {"roaming_destination": "日本", "roaming_pass": "7天漫游包"}),
    ("zh", ["我现在是199元套餐，每月20G流量，通话500分钟"], {"plan": "199元套餐", "data": "20G", "minutes": "500分钟"}),
    ("zh", ["账单日是每月15号", "这个月话费扣了158元"], {"billing_cycle": "15号", "bill_amount": "158元"}),
    ("zh", ["我要补办SIM卡，卡号89860012345678901234"], {"iccid": "89860012345678901234", "request": "补办"}),
    ("en", ["I want the North America Day Pass", "I use around 25 gigs a month"],
     {"roaming_pass": "North America Day Pass", "data": "25 gigs"}),
    ("zh", ["平时都是129的套餐", "我订购日韩10天包"], {"plan": "129的套餐", "roaming_pass": "日韩10天包"}),
])
def test_packs_telecom_facts(lang, messages, expected):
    assert current(tracker(*messages, packs=["telecom"], lang=lang)) == expected


def test_packs_telecom_zh_plan_change_states_the_data_allowance():
    t = tracker("我想把套餐换成每月30GB流量的", packs=["telecom"])
    assert current(t)["data"] == "30GB"


def test_packs_telecom_data_allowance_superseded():
    t = tracker("I'm on a plan with 30GB of data", "Actually I want unlimited data now", packs=["telecom"])
    assert [(k, v, s) for k, v, s in facts(t) if k == "data"] == [
        ("data", "30GB", "superseded"), ("data", "unlimited data", "current")]


def test_packs_telecom_zh_no_destination_from_a_service_word():
    # "在线客服，可以办理国际漫游": neither "线客服" nor "理国际" is a place one roams in
    t = tracker({"role": "system", "content": "你是通信公司的在线客服，可以办理国际漫游和流量包业务。"}, packs=["telecom"])
    assert "roaming_destination" not in current(t)


@pytest.mark.parametrize("text", ["The plan is to come by the store on Monday", "The package is about 14 inches long"])
def test_packs_telecom_slot_words_inside_other_words_give_no_fact(text):
    # "plan" of "the plan is to ...", "PAC" inside "package": no plan, no PAC code
    assert not {"plan", "port_code"} & set(current(tracker(text, packs=["telecom"], lang="en")))


def test_packs_telecom_minutes_are_an_allowance_not_a_wait():
    assert "minutes" not in current(tracker("I waited for 30 minutes on hold", packs=["telecom"]))


@pytest.mark.parametrize(("lang", "text"), [("zh", "我想把套餐换成每月30GB流量的"), ("en", "I need a roaming pass for Japan")])
def test_packs_telecom_without_the_pack_no_fact(lang, text):
    # the core pack still keeps a place the user names (issue 19), but no telecom slot
    assert set(current(tracker(text, lang=lang))) <= {"place", "destination"}


# ----------------------------------------------------------------------------- intents

INTENTS = [
    # (pack, text, the pack's intent, the core's intent for the same text)
    ("ecommerce", "我想退货", "return", "request"),
    ("ecommerce", "尺码从 M 换成 L", "exchange", "correct"),
    ("ecommerce", "我要退款", "refund", "request"),
    ("ecommerce", "帮我取消这个订单", "cancel_order", "request"),
    ("ecommerce", "I want to return these shoes", "return", "request"),
    ("ecommerce", "Can I exchange it for a bigger size?", "exchange", "ask"),
    ("ecommerce", "Where is my order?", "track_order", "request"),
    ("ecommerce", "Please cancel my order", "cancel_order", "request"),
    ("telecom", "我想把套餐换成每月30GB流量的", "change_plan", "correct"),
    ("telecom", "我要开通国际漫游", "roaming", "request"),
    ("telecom", "我想携号转网", "port_number", "request"),
    ("telecom", "I need a roaming pass for Japan", "roaming", "request"),
    ("telecom", "I want to switch to a cheaper plan", "change_plan", "correct"),
    ("telecom", "Can you explain my bill?", "billing", "request"),
    ("telecom", "I need a new eSIM", "sim_card", "request"),
]


@pytest.mark.parametrize(("pack", "text", "with_pack", "core"), INTENTS, ids=[row[1] for row in INTENTS])
def test_packs_intent_precedes_the_core_intents(pack, text, with_pack, core):
    assert intent(tracker(text, packs=[pack])) == with_pack
    assert intent(tracker(text)) == core


# ----------------------------------------------------------------------------- disabled cues


def test_packs_ecommerce_zh_disables_the_core_selection_cue_after_sale():
    # "我要退掉这个小米14" does not choose the phone it returns; "我要小米14" still chooses it
    core = tracker("我要退掉这个小米14")
    assert [(e.text, e.selected) for e in core.state().entities] == [("小米14", True)]
    pack = tracker("我要退掉这个小米14", packs=["ecommerce"])
    assert [(e.text, e.selected) for e in pack.state().entities] == [("小米14", False)]
    kept = tracker("我要小米14", packs=["ecommerce"])
    assert [(e.text, e.selected) for e in kept.state().entities] == [("小米14", True)]
    assert "我(?:就)?(?:要|选|买|定|拿)(?:了)?" not in load_pack([], "zh", packs=["ecommerce"]).selections


@pytest.mark.parametrize(("pack", "lang", "cue", "question"), [
    ("ecommerce", "en", r"\bchanged?\b", "Can I change the colour?"),
    ("telecom", "en", r"\bold\b", "Can I keep my old number?"),
    ("telecom", "zh", "原来", "携号转网后还能用原来的号码吗？"),
])
def test_packs_disabled_history_word_no_longer_fires(pack, lang, cue, question):
    assert cue in load_pack([], lang).history_words
    assert cue not in load_pack([], lang, packs=[pack]).history_words
    assert RuleExtractor().query(question, new_graph(), lang).history is True
    assert RuleExtractor(packs=[pack]).query(question, new_graph(), lang).history is False


# ----------------------------------------------------------------------------- tool fields


def test_packs_ecommerce_tool_fields_keep_the_return_fields():
    result = {"rma": "RMA-20481", "return_label_url": "https://shop.example/l/20481", "restocking_fee": 5,
              "refund_amount": 124.95}
    core = tracker(*tool_exchange("create_return", result))
    assert not {"rma", "return_label_url", "restocking_fee"} & set(core.state().actions[0].fields)
    # a write's record is state with the core pack too (tests/test_trust_calls.py); a get_ is not
    assert current(core)["refund_amount"] == "124.95" and "return_label_url" not in current(core)
    assert "refund_amount" not in current(tracker(*tool_exchange("get_return", result)))
    t = tracker(*tool_exchange("create_return", result), packs=["ecommerce"])
    fields = t.state().actions[0].fields
    assert fields["rma"] == "RMA-20481" and fields["restocking_fee"] == 5 and "return_label_url" in fields
    assert current(t)["refund_amount"] == "124.95"  # the field's name is a slot word of the pack: a fact


def test_packs_telecom_tool_fields_keep_the_usage_fields():
    result = {"data_remaining_gb": 3.2, "roaming_pass": "EU 7-day", "billing_cycle_day": 15}
    assert tracker(*tool_exchange("get_usage", result)).state().actions[0].fields == {}
    t = tracker(*tool_exchange("get_usage", result), packs=["telecom"])
    assert t.state().actions[0].fields == result
    assert current(t)["roaming_pass"] == "EU 7-day"


# ----------------------------------------------------------------------------- render labels


@pytest.mark.parametrize(("name", "lang", "label"), [
    ("ecommerce", "en", "Order details:"), ("ecommerce", "zh", "订单信息："),
    ("telecom", "en", "Account details:"), ("telecom", "zh", "账户信息："),
])
def test_packs_render_labels_override_the_profile_templates(name, lang, label):
    compiled = compiled_packs((), (), packs=(name,))[lang]
    assert compiled.templates["facts"] == label
    assert compiled_packs((), ())[lang].templates["facts"] != label


@pytest.mark.parametrize(("name", "lang", "text", "label"), [
    ("ecommerce", "en", "I need 16GB of RAM", "Order details:"),
    ("ecommerce", "zh", "运行内存16G", "订单信息："),
    ("telecom", "en", "I'm on a plan with 30GB of data", "Account details:"),
    ("telecom", "zh", "我现在每月20G流量", "账户信息："),
])
def test_packs_render_labels_head_the_state_block(name, lang, text, label):
    block = tracker(text, packs=[name], lang=lang).assemble("?", budget=300, state="always").state_block
    assert label in block
    assert label not in tracker(text, lang=lang).assemble("?", budget=300, state="always").state_block


# ----------------------------------------------------------------------------- a user's own pack

LIBRARY_PACK = r"""
# A lending library, in YAML only: a new label declared as a thing, an intent that precedes
# the core ones, and a core cue switched off.
labels:
  BOOK: thing
entities:
  - label: BOOK
    phrases: [Dune, The Hobbit]
slots:
  - {id: loan_weeks, name: loan weeks, synonyms: [loan period, loan], types: [QUANTITY]}
intents:
  - {name: renew, priority: 5, cues: ['\brenew']}
disable:
  goals: ['\bi want to\b']
"""


def test_packs_user_pack_folder_works_through_rules(tmp_path):
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "library.yml").write_text(LIBRARY_PACK, encoding="utf-8")
    messages = ["I want to renew Dune", "Can you extend it by a week?"]
    t = tracker(*messages, rules=[tmp_path], lang="en")
    assert intent(t) == "renew"  # priority 5 precedes the core request ("I want")
    assert t.state().goal is None  # the core goal cue "I want to" is off
    (book,) = [e for e in t.state().entities if e.text == "Dune"]
    assert book.type == "BOOK"
    # a thing can be referred to: "it" in the next turn means the book
    refers = [v for _, v, k in t.graph.out_edges("t1", keys=True) if k == "refers_to"]
    assert refers == [book.id]
    core = tracker(*messages, lang="en")
    assert intent(core) == "request" and core.state().goal is not None


def test_packs_user_pack_label_undeclared_is_no_thing(tmp_path):
    # the same pack without `labels:`: BOOK is of no declared kind, so "it" finds nothing
    (tmp_path / "library.yml").write_text(LIBRARY_PACK.replace("labels:\n  BOOK: thing\n", ""), encoding="utf-8")
    t = tracker("I want to renew Dune", "Can you extend it by a week?", rules=[tmp_path], lang="en")
    assert [v for _, v, k in t.graph.out_edges("t1", keys=True) if k == "refers_to"] == []
