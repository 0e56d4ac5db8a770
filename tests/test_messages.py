"""Chat messages in: normalisation, Tracker.observe on odd input, conversation files."""

from __future__ import annotations

import json

import pytest

from ctxgraph import MessageError, Tracker, read_conversation
from ctxgraph._graph import graphs_equal, nodes_of
from ctxgraph._messages import content_text, normalize_message
from ctxgraph._units import TurnUnit

# ----------------------------------------------------------------------------- helpers


def chat_api_problems(messages: list[dict]) -> list[str]:
    """What the chat API would reject: a tool message that does not answer a call of the
    assistant message right before it, or a tool call left without its result."""
    problems: list[str] = []
    pending: set[str] | None = None
    for n, m in enumerate(messages):
        if m["role"] == "tool":
            if pending is None or m.get("tool_call_id") not in pending:
                problems.append(f"message {n}: tool result {m.get('tool_call_id')!r} without its call")
            else:
                pending.discard(m["tool_call_id"])
            continue
        if pending:
            problems.append(f"message {n}: calls {sorted(pending)} have no result")
        pending = {c["id"] for c in m["tool_calls"]} if m["role"] == "assistant" and m.get("tool_calls") else None
    if pending:
        problems.append(f"end: calls {sorted(pending)} have no result")
    return problems


def snapshot(t: Tracker) -> tuple:
    return t.state().to_json(), json.dumps(t.events, ensure_ascii=False), json.dumps(t.messages, ensure_ascii=False), len(t)


# ----------------------------------------------------------------------------- content forms


@pytest.mark.parametrize(
    ("content", "text", "notes"),
    [
        pytest.param("预算5000元", "预算5000元", [], id="str-zh"),
        pytest.param("My budget is $500", "My budget is $500", [], id="str-en"),
        pytest.param(None, "", [], id="none"),
        pytest.param([{"type": "text", "text": "预算"}, {"type": "text", "text": "5000元"}], "预算\n5000元", [], id="parts-zh"),
        pytest.param([{"type": "input_text", "text": "hi"}, {"type": "output_text", "text": "there"}], "hi\nthere", [],
                     id="parts-en"),
        pytest.param([{"type": "text", "text": "看看这张图"}, {"type": "image_url", "image_url": {"url": "data:,x"}}],
                     "看看这张图", ["non-text part 'image_url' not read"], id="image-zh"),
        pytest.param([{"type": "input_audio", "input_audio": {"data": "..."}}, "plain"], "plain",
                     ["non-text part 'input_audio' not read"], id="audio-en"),
        pytest.param([], "", [], id="empty-list"),
        pytest.param({"a": 1}, '{"a": 1}', ["content was not a string; read as JSON"], id="dict"),
        pytest.param(5, "5", ["content was not a string; read as JSON"], id="int"),
    ],
)
def test_messages_content_forms(content, text, notes):
    assert content_text(content) == (text, notes)


@pytest.mark.parametrize(
    ("role", "expected"),
    [("system", "system"), ("developer", "system"), ("user", "user"), ("assistant", "assistant"),
     ("tool", "tool"), ("function", "tool")],
)
def test_messages_roles_are_mapped(role, expected):
    clean, msg = normalize_message({"role": role, "content": "x"})
    assert clean["role"] == msg.role == expected


@pytest.mark.parametrize(
    ("role", "content", "kind"),
    [("developer", "你是客服助手", "system"), ("function", '{"order_id": "SO1234567"}', "tool"),
     ("developer", "You are a support bot", "system"), ("function", '{"status": "ok"}', "tool")],
)
def test_messages_observe_maps_legacy_roles(role, content, kind):
    t = Tracker()
    t.observe({"role": role, "name": "lookup", "content": content})
    assert t.messages[0]["role"] == kind
    assert t.graph.nodes["t0"]["role"] == kind


def test_messages_image_part_is_noted_not_fatal():
    t = Tracker("zh")
    units = t.observe({"role": "user", "content": [{"type": "text", "text": "预算5000元"},
                                                   {"type": "image_url", "image_url": {"url": "https://example.invalid/x.png"}}]})
    assert "non-text part 'image_url' not read" in units[0].notes
    assert [(f.key, f.value) for f in t.state().facts] == [("budget", "5000元")]
    assert t.messages[0]["content"] == "预算5000元"


# ----------------------------------------------------------------------------- bad messages


@pytest.mark.parametrize("role", ["robot", "usr", "sys", "", None, "USER"])
def test_messages_unknown_role_raises_e021_and_keeps_state(role):
    t = Tracker()
    t.observe({"role": "user", "content": "预算5000元，不要用顺丰以外的快递"})
    t.observe({"role": "assistant", "content": "好的，我会在今天下午给您回电。"})
    before, graph = snapshot(t), t.graph.copy()
    with pytest.raises(MessageError) as err:
        t.observe({"role": role, "content": "预算改成6000"})
    assert str(err.value).startswith("[E021]")
    assert repr(role) in str(err.value)
    assert "system, user, assistant, tool" in str(err.value)  # how to fix it
    assert snapshot(t) == before
    assert graphs_equal(t.graph, graph)


@pytest.mark.parametrize(
    "message",
    [
        pytest.param("预算5000元", id="str-zh"),
        pytest.param("hello", id="str-en"),
        pytest.param(None, id="none"),
        pytest.param(42, id="int"),
        pytest.param(["user", "hi"], id="list"),
        pytest.param({"content": "no role"}, id="dict-without-role"),
        pytest.param({"role": "user", "content": [{"type": "text", "text": "ok"}, 7]}, id="bad-part"),
        pytest.param({"role": "user", "content": object()}, id="bad-content"),
        pytest.param({"role": "assistant", "content": None, "tool_calls": "call"}, id="tool-calls-not-list"),
    ],
)
def test_messages_malformed_message_raises_e020_and_keeps_state(message):
    t = Tracker("en")
    t.observe({"role": "user", "content": "My budget is $500"})
    before = snapshot(t)
    with pytest.raises(MessageError, match=r"^\[E020\]"):
        t.observe(message)
    assert snapshot(t) == before


@pytest.mark.parametrize("tool_calls", [["call_1"], [None], [{"id": "c1", "function": "get_order"}]],
                         ids=["str", "none", "function-str"])
def test_messages_malformed_tool_call_raises_e020(tool_calls):
    t = Tracker("en")
    with pytest.raises(MessageError, match=r"^\[E020\]"):
        t.observe({"role": "assistant", "content": None, "tool_calls": tool_calls})
    assert len(t) == 0


@pytest.mark.parametrize(("lang", "content"), [("zh", ""), ("en", "   \n\t"), ("zh", None), ("en", [])])
def test_messages_empty_message_is_a_turn_with_nothing_extracted(lang, content):
    t = Tracker(lang)
    units = t.observe({"role": "user", "content": content})
    assert len(units) == 1 and isinstance(units[0], TurnUnit)
    assert "empty message" in units[0].notes
    state = t.state()
    assert state.turns == 1 and len(t) == 1
    assert not (state.entities or state.facts or state.constraints or state.commitments or state.actions)
    t.observe({"role": "user", "content": "预算5000元" if lang == "zh" else "My budget is $500"})
    assert [f.turn for f in t.state().facts] == [1]


@pytest.mark.parametrize(
    ("lang", "head", "filler", "key", "value"),
    [("zh", "我的预算是5000元。", "这是一段很长的话。", "budget", "5000元"),
     ("en", "My budget is $500. ", "lorem ipsum dolor sit amet ", "budget", "$500")],
)
def test_messages_one_megabyte_message_is_observed(lang, head, filler, key, value):
    big = head + filler * (1_000_000 // len(filler.encode()) + 1)
    assert len(big.encode()) >= 1_000_000
    t = Tracker(lang)
    t.observe({"role": "user", "content": big})
    assert len(t) == 1 and t.state().turns == 1
    assert t.graph.nodes["t0"]["text"] == big  # the turn keeps the whole text
    assert (key, value) in [(f.key, f.value) for f in t.state().facts]
    ctx = t.assemble("预算多少？" if lang == "zh" else "What is my budget?", budget=300)
    assert ctx.tokens <= 300


# ----------------------------------------------------------------------------- tools


@pytest.mark.parametrize("arguments", ["{not json", "{\"order_id\": \"A-1\"", "[1, 2"], ids=["brace", "unclosed", "list"])
def test_messages_invalid_tool_arguments_keep_the_action(arguments):
    t = Tracker("en")
    t.observe({"role": "user", "content": "Please create the order"})
    t.observe({"role": "assistant", "content": None, "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "create_order", "arguments": arguments}}]})
    (aid, action), = nodes_of(t.graph, "action")
    assert action["tool"] == "create_order"
    assert action["arguments_error"] and "not valid JSON" in action["arguments_error"]
    assert action["arguments"] == {"_raw": arguments}
    # the tracker keeps working: the result is matched, later facts are read
    t.observe({"role": "tool", "tool_call_id": "c1", "content": '{"order_id": "SO-1234567", "status": "paid"}'})
    t.observe({"role": "user", "content": "My budget is $500"})
    state = t.state()
    (a,) = state.actions
    assert a.tool == "create_order" and a.status == "ok" and a.ref == "r2"
    assert "not valid JSON" in a.summary
    assert ("budget", "$500") in [(f.key, f.value) for f in state.facts]
    assert not chat_api_problems(t.assemble("what about my order?", budget=400).messages)


@pytest.mark.parametrize(
    "history",
    [
        pytest.param([], id="first-message"),
        pytest.param([{"role": "user", "content": "查一下我的订单"}], id="after-user-zh"),
        pytest.param([{"role": "user", "content": "Check my order"}, {"role": "assistant", "content": "Sure."}], id="after-assistant-en"),
    ],
)
def test_messages_orphan_tool_result_is_an_orphan_action(history):
    t = Tracker()
    t.observe_many(history)
    t.observe({"role": "tool", "tool_call_id": "nobody", "content": '{"order_id": "SO-1234567", "status": "shipped"}'})
    t.observe({"role": "user", "content": "What is the status?"})
    (aid, action), = nodes_of(t.graph, "action")
    assert action["orphan"] is True
    assert action["call_id"] == "nobody" and action["status"] == "ok"
    ctx = t.assemble("What is the status?", budget=400)
    assert not chat_api_problems(ctx.messages)
    assert any("SO-1234567" in (m.get("content") or "") for m in ctx.messages)


def test_messages_orphan_tool_result_after_a_call_block_is_valid():
    t = Tracker("en")
    t.observe({"role": "user", "content": "Create the order"})
    t.observe({"role": "assistant", "content": None, "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "create_order", "arguments": "{}"}}]})
    t.observe({"role": "tool", "tool_call_id": "c1", "content": '{"order_id": "SO-1234567"}'})
    t.observe({"role": "tool", "tool_call_id": "zzz", "content": '{"status": "ok"}'})  # matches nothing
    assert nodes_of(t.graph, "action") and t.graph.nodes["a2"]["orphan"] is True
    assert chat_api_problems(t.assemble("what about my order?", budget=400).messages) == []


def test_messages_tool_call_without_result_is_valid():
    t = Tracker("en")
    t.observe({"role": "user", "content": "Create the order"})
    t.observe({"role": "assistant", "content": None, "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "create_order", "arguments": "{}"}}]})
    t.observe({"role": "user", "content": "Hello?"})
    assert chat_api_problems(t.assemble("Are you there?", budget=400).messages) == []


def test_messages_tool_result_matches_its_call():
    t = Tracker("zh")
    t.observe({"role": "assistant", "content": None, "tool_calls": [
        {"id": "call_2", "type": "function", "function": {"name": "create_order", "arguments": '{"sku": "XM14"}'}}]})
    t.observe({"role": "tool", "tool_call_id": "call_2", "content": '{"order_id": "SO202411300088", "status": "paid"}'})
    (a,) = t.state().actions
    assert (a.tool, a.status, a.ref, a.arguments) == ("create_order", "ok", "r1", {"sku": "XM14"})
    assert t.graph.nodes[a.id]["orphan"] is False
    assert t.payload("r1") == '{"order_id": "SO202411300088", "status": "paid"}'


# ----------------------------------------------------------------------------- questions are not facts


@pytest.mark.parametrize(
    ("lang", "statement", "question"),
    [
        pytest.param("zh", "订单号是SO202411300088", "我的订单号是多少来着？", id="zh"),
        pytest.param("en", "My order number is SO-2024110", "What is my order number?", id="en"),
    ],
)
def test_messages_user_question_does_not_change_facts(lang, statement, question):
    t = Tracker(lang)
    t.observe({"role": "user", "content": statement})
    before = [(f.key, f.value, f.status) for f in t.state().facts]
    t.observe({"role": "user", "content": question})
    assert [(f.key, f.value, f.status) for f in t.state().facts] == before


# ----------------------------------------------------------------------------- conversation files

CONVERSATION = [
    {"role": "system", "content": "你是客服助手。"},
    {"role": "user", "content": "预算5000元"},
    {"role": "assistant", "content": None, "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "search", "arguments": "{}"}}]},
    {"role": "tool", "tool_call_id": "c1", "content": "[]"},
    {"role": "user", "content": "My budget is $500"},
]


def test_messages_read_conversation_json_array(tmp_path):
    path = tmp_path / "c.json"
    path.write_text(json.dumps(CONVERSATION, ensure_ascii=False, indent=2), encoding="utf-8")
    assert read_conversation(path) == CONVERSATION
    assert read_conversation(str(path)) == CONVERSATION


def test_messages_read_conversation_jsonl(tmp_path):
    path = tmp_path / "c.jsonl"
    lines = [json.dumps(m, ensure_ascii=False) for m in CONVERSATION]
    path.write_text("\n".join(lines[:2]) + "\n\n" + "\n".join(lines[2:]) + "\n", encoding="utf-8")  # a blank line
    assert read_conversation(path) == CONVERSATION


def test_messages_read_conversation_empty_file(tmp_path):
    path = tmp_path / "c.jsonl"
    path.write_text("", encoding="utf-8")
    assert read_conversation(path) == []


@pytest.mark.parametrize(
    ("text", "line"),
    [
        pytest.param('{"role": "user", "content": "预算5000元"}\n{"role": "user", "content": \n', 2, id="jsonl-line-2"),
        pytest.param('{"role": "user", "content": "hi"}\n\n\nnot json\n', 4, id="jsonl-after-blank-lines"),
        pytest.param('[\n  {"role": "user", "content": "hi"},\n  {"role": \n]', 4, id="json-array"),
    ],
)
def test_messages_read_conversation_invalid_json_names_the_line(tmp_path, text, line):
    path = tmp_path / "bad.jsonl"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(MessageError) as err:
        read_conversation(path)
    assert str(err.value).startswith(f"[E022] Conversation file {path}, line {line}:")


@pytest.mark.parametrize(
    ("text", "where"),
    [('{"role": "user", "content": "hi"}\n{"content": "no role"}\n', "line 2"),
     ('{"role": "user", "content": "hi"}\n\n\n{"content": "no role"}\n', "line 4"),  # blank lines count
     ('[{"role": "user", "content": "x"}, 5]', "message index 1")],
    ids=["jsonl", "jsonl-after-blank-lines", "json"],
)
def test_messages_read_conversation_non_message_is_named(tmp_path, text, where):
    path = tmp_path / "c.jsonl"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(MessageError) as err:
        read_conversation(path)
    assert str(err.value).startswith(f"[E022] Conversation file {path}, {where}: not a chat message")


@pytest.mark.parametrize(
    ("text", "where"),
    [('{"role": "user", "content": "hi"}\n\n{"role": "robot", "content": "x"}\n', "line 3"),
     ('[{"role": "user", "content": "x"},\n {"role": "bot", "content": "y"}]', "message index 1"),
     ('{"messages": [{"role": "usr", "content": "x"}]}', "messages[0]")],
    ids=["jsonl", "json", "messages-object"],
)
def test_messages_read_conversation_unknown_role_names_file_and_place(tmp_path, text, where):
    path = tmp_path / "c.jsonl"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(MessageError) as err:
        read_conversation(path)
    assert str(err.value).startswith(f"[E021] Conversation file {path}, {where}: unknown role")
    assert "Use one of: system, user, assistant, tool" in str(err.value)


@pytest.mark.parametrize("indent", [None, 2])
def test_messages_read_conversation_unwraps_a_messages_object(tmp_path, indent):
    path = tmp_path / "c.json"
    path.write_text(json.dumps({"id": "zh_x", "lang": "zh", "messages": CONVERSATION, "gold": {}},
                               ensure_ascii=False, indent=indent), encoding="utf-8")
    assert read_conversation(path) == CONVERSATION


def test_messages_read_conversation_other_object_names_the_expected_shape(tmp_path):
    path = tmp_path / "c.json"
    path.write_text(json.dumps({"id": "x", "turns": [{"role": "user", "content": "hi"}]}, indent=2), encoding="utf-8")
    with pytest.raises(MessageError) as err:
        read_conversation(path)
    assert str(err.value).startswith(f"[E022] Conversation file {path}: one JSON object ('id', 'turns')")
    assert '{"messages": [...]}' in str(err.value) and ", line " not in str(err.value)


def test_messages_read_conversation_one_pretty_printed_message(tmp_path):
    path = tmp_path / "c.json"
    path.write_text(json.dumps(CONVERSATION[0], ensure_ascii=False, indent=2), encoding="utf-8")
    assert read_conversation(path) == CONVERSATION[:1]


def test_messages_read_conversation_missing_file(tmp_path):
    path = tmp_path / "missing.jsonl"
    with pytest.raises(MessageError) as err:
        read_conversation(path)
    assert str(err.value) == f"[E022] Conversation file {path}: No such file or directory"  # no "line 0"


def test_messages_read_conversation_non_utf8_raises_e022(tmp_path):
    path = tmp_path / "c.jsonl"
    path.write_bytes('{"role": "user", "content": "预算5000元"}\n'.encode("gbk"))
    with pytest.raises(MessageError, match=r"^\[E022\]"):
        read_conversation(path)


@pytest.mark.parametrize("name", ["c.jsonl", "c.json"])
def test_messages_read_conversation_accepts_utf8_bom(tmp_path, name):
    path = tmp_path / name
    body = json.dumps(CONVERSATION, ensure_ascii=False) if name.endswith(".json") else "\n".join(
        json.dumps(m, ensure_ascii=False) for m in CONVERSATION)
    path.write_text(body, encoding="utf-8-sig")
    assert read_conversation(path) == CONVERSATION


@pytest.mark.parametrize("name", ["zh_phone_order.jsonl", "en_return_exchange.jsonl"])
def test_messages_shipped_examples_are_observed(examples_dir, name):
    messages = read_conversation(examples_dir / name)
    t = Tracker()
    t.observe_many(messages)
    assert len(t) == len(messages) == t.state().turns
    assert t.state().lang == name[:2]
