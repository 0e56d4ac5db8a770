"""State JSON (ctxgraph.state/1), its shipped JSON Schema, session round trips and event replay."""

from __future__ import annotations

import json

import jsonschema
import pytest

from ctxgraph import State, StateError, Tracker, read_conversation
from ctxgraph._graph import graphs_equal
from ctxgraph._state import SCHEMA
from ctxgraph.schema import SCHEMA_FILE, generate_state_schema, load_state_schema

ZH = [
    {"role": "system", "content": "你是电商客服助手。"},
    {"role": "user", "content": "我想买小米14，预算5000元，快递一定要用顺丰。"},
    {"role": "assistant", "content": "好的，我会在今天18点前给您回电确认库存。"},
    {"role": "assistant", "content": None, "tool_calls": [
        {"id": "call_1", "type": "function", "function": {"name": "create_order", "arguments": "{\"sku\": \"XM14\"}"}}]},
    {"role": "tool", "tool_call_id": "call_1", "content": "{\"order_id\": \"SO202411300088\", \"status\": \"paid\"}"},
    {"role": "user", "content": "对了，预算改成6000。"},
]
EN = [
    {"role": "user", "content": "My budget is $500. Do not ship with FedEx."},
    {"role": "assistant", "content": "Noted. I will email you a quote by 5 pm today."},
    {"role": "assistant", "content": None, "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "get_order", "arguments": "{\"order_id\": \"A-5529014\"}"}}]},
    {"role": "tool", "tool_call_id": "c1", "content": "{\"order_id\": \"A-5529014\", \"status\": \"delivered\"}"},
    {"role": "user", "content": "Actually, make the budget $600."},
]
CONVERSATIONS = [pytest.param("zh", ZH, id="zh"), pytest.param("en", EN, id="en")]


def tracker_after(lang: str, messages: list[dict]) -> Tracker:
    t = Tracker(lang)
    t.observe_many(messages)
    return t


def validate(state: dict) -> None:
    jsonschema.Draft202012Validator(load_state_schema()).validate(state)


# ----------------------------------------------------------------------------- the shipped schema


def test_state_schema_shipped_file_is_current():
    assert json.loads(SCHEMA_FILE.read_text(encoding="utf-8")) == generate_state_schema()
    assert load_state_schema() == generate_state_schema()


def test_state_schema_is_a_valid_json_schema():
    schema = load_state_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["properties"]["schema"]["const"] == SCHEMA == "ctxgraph.state/1"
    assert {"schema", "lang", "turns", "entities", "facts", "constraints", "commitments", "actions", "focus"} <= set(
        schema["properties"])


@pytest.mark.parametrize(("lang", "messages"), CONVERSATIONS)
def test_state_schema_state_json_validates(lang, messages):
    validate(json.loads(tracker_after(lang, messages).state().to_json()))


@pytest.mark.parametrize("name", ["zh_phone_order.jsonl", "en_return_exchange.jsonl"])
def test_state_schema_example_state_validates(examples_dir, name):
    t = Tracker()
    t.observe_many(read_conversation(examples_dir / name))
    validate(json.loads(t.state().to_json()))


def test_state_schema_empty_tracker_state():
    state = json.loads(Tracker().state().to_json())
    validate(state)
    assert state["schema"] == "ctxgraph.state/1" and state["turns"] == 0 and state["lang"] == "en"
    assert all(state[k] == [] for k in ("entities", "facts", "constraints", "commitments", "actions", "focus"))


@pytest.mark.parametrize(
    "bad",
    [
        pytest.param({"schema": "ctxgraph.state/2"}, id="wrong-schema"),
        pytest.param({"turns": "3"}, id="turns-not-int"),
        pytest.param({"facts": [{"id": "f1", "key": "budget", "value": "5000元"}]}, id="fact-missing-fields"),
        pytest.param({"constraints": [{"id": "c1", "text": "x", "polarity": "never", "status": "active", "turn": 0}]},
                     id="bad-polarity"),
    ],
)
def test_state_schema_rejects_bad_state(bad):
    state = json.loads(tracker_after("en", EN).state().to_json()) | bad
    with pytest.raises(jsonschema.ValidationError):
        validate(state)


# ----------------------------------------------------------------------------- DESIGN.md fields


@pytest.mark.parametrize(("lang", "messages"), CONVERSATIONS)
def test_state_schema_has_design_fields(lang, messages):
    state = json.loads(tracker_after(lang, messages).state().to_json())
    assert state["schema"] == "ctxgraph.state/1"
    assert state["lang"] == lang
    assert state["turns"] == len(messages)
    assert isinstance(state["focus"], list)
    shapes = {
        "entities": {"id": str, "text": str, "type": str, "mentions": list},
        "facts": {"id": str, "key": str, "value": str, "status": str, "turn": int, "history": list},
        "constraints": {"id": str, "text": str, "polarity": str, "status": str, "turn": int},
        "commitments": {"id": str, "text": str, "status": str, "turn": int},
        "actions": {"id": str, "tool": str, "status": str, "summary": str, "turn": int},
    }
    for section, fields in shapes.items():
        assert state[section], section  # each conversation fills every section
        for item in state[section]:
            for name, kind in fields.items():
                assert isinstance(item[name], kind), (section, name)
    for fact in state["facts"]:
        assert fact["subject"] is None or fact["subject"] in {e["id"] for e in state["entities"]}
        assert fact["status"] in ("current", "superseded", "retracted")
        assert all({"value", "turn"} <= set(h) for h in fact["history"])
    assert all(c["polarity"] in ("must", "must_not", "prefer") and c["status"] in ("active", "lifted")
               for c in state["constraints"])
    assert all(p["status"] in ("open", "done", "cancelled") for p in state["commitments"])
    assert all(a["status"] in ("ok", "error") and "ref" in a for a in state["actions"])
    assert set(state["focus"]) <= {e["id"] for e in state["entities"]}
    assert all(0 <= m < len(messages) for e in state["entities"] for m in e["mentions"])


@pytest.mark.parametrize(
    ("lang", "messages", "old", "new", "old_turn", "new_turn"),
    [("zh", ZH, "5000元", "6000", 1, 5), ("en", EN, "$500", "$600", 0, 4)],
)
def test_state_schema_correction_keeps_history(lang, messages, old, new, old_turn, new_turn):
    facts = [f for f in tracker_after(lang, messages).state().facts if f.key == "budget"]
    assert [(f.value, f.status, f.turn) for f in facts] == [(old, "superseded", old_turn), (new, "current", new_turn)]
    assert facts[0].until == new_turn
    assert [(h.value, h.turn) for h in facts[1].history] == [(old, old_turn)]


@pytest.mark.parametrize(("lang", "messages", "tool", "ref"), [("zh", ZH, "create_order", "r4"), ("en", EN, "get_order", "r3")])
def test_state_schema_action_and_turn_indexes(lang, messages, tool, ref):
    t = tracker_after(lang, messages)
    (action,) = t.state().actions
    assert (action.tool, action.status, action.ref) == (tool, "ok", ref)
    assert action.turn == int(ref[1:]) - 1  # turn = 0-based index of the calling message
    assert t.payload(ref) == messages[int(ref[1:])]["content"]


@pytest.mark.parametrize(("lang", "messages"), CONVERSATIONS)
def test_state_schema_state_model_round_trip(lang, messages):
    state = tracker_after(lang, messages).state()
    assert State.model_validate_json(state.to_json()) == state
    assert State.model_validate(json.loads(state.to_json())) == state


# ----------------------------------------------------------------------------- session round trip and replay


@pytest.mark.parametrize(("lang", "messages"), CONVERSATIONS)
def test_state_schema_session_round_trip(lang, messages):
    t = tracker_after(lang, messages)
    t2 = Tracker.from_json(t.to_json())
    assert t2.state() == t.state()
    assert graphs_equal(t.graph, t2.graph)
    assert t2.to_json() == t.to_json()
    assert t2.messages == t.messages and t2.events == t.events
    # and the copy goes on exactly like the original
    nxt = {"role": "user", "content": "地址是上海市浦东新区张江路88号" if lang == "zh" else "Ship to 221B Baker Street, London."}
    t.observe(nxt)
    t2.observe(nxt)
    assert t2.state() == t.state() and graphs_equal(t.graph, t2.graph)
    assert t2.assemble("预算多少？", budget=300).messages == t.assemble("预算多少？", budget=300).messages


def test_state_schema_session_round_trip_from_dict():
    t = tracker_after("en", EN)
    assert Tracker.from_json(json.loads(t.to_json())).state() == t.state()


@pytest.mark.parametrize(("lang", "messages"), CONVERSATIONS)
def test_state_schema_replay_rebuilds_the_graph(lang, messages):
    t = tracker_after(lang, messages)
    assert graphs_equal(t.replay(), t.graph)
    assert t.replay() is not t.graph


@pytest.mark.parametrize(("lang", "messages"), CONVERSATIONS)
def test_state_schema_events_rebuild_a_second_tracker(lang, messages):
    # the Rasa way: serialise the events, rebuild a second tracker from them, compare states
    t = tracker_after(lang, messages)
    events = json.loads(json.dumps(t.events, ensure_ascii=False))
    assert all({"turn", "type"} <= set(e) for e in events)
    assert {e["turn"] for e in events} == set(range(len(messages)))
    t2 = Tracker(lang)
    t2.graph = t2._replay(events)
    assert graphs_equal(t2.graph, t.graph)


@pytest.mark.parametrize("name", ["zh_phone_order.jsonl", "en_return_exchange.jsonl"])
def test_state_schema_example_round_trip(examples_dir, name):
    t = Tracker()
    t.observe_many(read_conversation(examples_dir / name))
    t2 = Tracker.from_json(t.to_json())
    assert graphs_equal(t.graph, t2.graph) and graphs_equal(t.graph, t.replay())
    assert t2.state() == t.state()


@pytest.mark.parametrize(
    "data",
    [
        pytest.param("", id="empty"),
        pytest.param("garbage", id="garbage"),
        pytest.param("{\"schema\": ", id="truncated"),
        pytest.param("[]", id="list"),
        pytest.param("null", id="null"),
        pytest.param(json.dumps({"schema": "ctxgraph.state/1", "lang": "en", "turns": 0}), id="state-json-not-session"),
        pytest.param(42, id="int"),
        pytest.param(None, id="none"),
    ],
)
def test_state_schema_from_json_garbage_raises_e050(data):
    with pytest.raises(StateError, match=r"^\[E050\] Not a ctxgraph session"):
        Tracker.from_json(data)


@pytest.mark.parametrize("data", [{"schema": "ctxgraph.session/1"}, {"schema": "ctxgraph.session/1", "config": {}}],
                         ids=["no-config", "empty-config"])
def test_state_schema_from_json_incomplete_session_raises_e050(data):
    with pytest.raises(StateError, match=r"^\[E050\]"):
        Tracker.from_json(data)


def test_state_schema_unknown_event_type_raises_e051():
    session = json.loads(tracker_after("en", EN).to_json())
    session["events"].append({"turn": 0, "type": "teleport"})
    with pytest.raises(StateError, match=r"^\[E051\] Unknown event type 'teleport'"):
        Tracker.from_json(session, verify=False)  # the event check, behind the digest's


@pytest.mark.parametrize("event", [{"type": "retract", "fact": "f99"}, {"type": "lift", "constraint": "c99"},
                                   {"type": "fulfil", "commitment": "p99", "status": "done"}],
                         ids=["retract", "lift", "fulfil"])
def test_state_schema_dangling_event_raises_state_error(event):
    session = json.loads(tracker_after("en", EN).to_json())
    session["events"].append({"turn": 4, **event})
    with pytest.raises(StateError, match=r"^\[E052\]"):
        Tracker.from_json(session, verify=False)


def test_state_schema_bad_event_field_is_not_called_unknown_type():
    session = json.loads(tracker_after("en", EN).to_json())
    entity = next(e for e in session["events"] if e["type"] == "entity")
    entity["key"] = 5
    with pytest.raises(StateError) as err:
        Tracker.from_json(session, verify=False)
    assert "Unknown event type 'entity'" not in str(err.value)
