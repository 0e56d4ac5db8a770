"""The ctxgraph command: replay and state, called in process through ctxgraph.cli.main."""

from __future__ import annotations

import json

import jsonschema
import pytest

from ctxgraph import count_message_tokens, get_encoding, read_conversation
from ctxgraph.cli import main
from ctxgraph.schema import load_state_schema

EXAMPLES = ["zh_phone_order.jsonl", "en_return_exchange.jsonl"]
TINY_ZH = [
    {"role": "user", "content": "预算5000元，快递一定要用顺丰。"},
    {"role": "assistant", "content": "好的。"},
    {"role": "user", "content": "预算改成6000"},
    {"role": "user", "content": "我的预算是多少？"},
]
TINY_EN = [
    {"role": "system", "content": "You are a support bot."},
    {"role": "user", "content": "My budget is $500."},
    {"role": "assistant", "content": "Noted. I will email you a quote by 5 pm today."},
    {"role": "user", "content": "What was my budget?"},
]


def chat_api_problems(messages: list[dict]) -> list[str]:
    """A tool message must answer a call of the assistant message right before it."""
    problems, pending = [], None
    for n, m in enumerate(messages):
        if m["role"] == "tool":
            if pending is None or m.get("tool_call_id") not in pending:
                problems.append(f"message {n}: tool result without its call")
            else:
                pending.discard(m["tool_call_id"])
        else:
            pending = {c["id"] for c in m["tool_calls"]} if m.get("tool_calls") else None
    return problems


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write_conversation(tmp_path, messages: list[dict], name: str = "c.jsonl") -> str:
    path = tmp_path / name
    if name.endswith(".json"):
        path.write_text(json.dumps(messages, ensure_ascii=False), encoding="utf-8")
    else:
        path.write_text("\n".join(json.dumps(m, ensure_ascii=False) for m in messages) + "\n", encoding="utf-8")
    return str(path)


def replay_json(capsys, path: str, budget: int = 400, *extra: str) -> list[dict]:
    code, out, err = run(capsys, "replay", path, "--budget", str(budget), "--format", "json", *extra)
    assert code == 0, err
    return [json.loads(line) for line in out.splitlines()]


# ----------------------------------------------------------------------------- replay --format json


@pytest.mark.parametrize("name", EXAMPLES)
def test_cli_replay_json_contract(capsys, examples_dir, name):
    path = examples_dir / name
    messages = read_conversation(path)
    user_indexes = [i for i, m in enumerate(messages) if m["role"] == "user"]
    records = replay_json(capsys, str(path))
    assert [r["index"] for r in records] == user_indexes  # one line per user message, 0-based position
    enc = get_encoding("o200k_base")
    schema = load_state_schema()
    for r in records:
        assert set(r) == {"index", "question", "budget", "tokens", "messages", "state"}
        i = r["index"]
        assert r["question"] == messages[i]["content"]
        assert r["budget"] == 400
        assert r["tokens"] <= 400
        assert r["tokens"] == count_message_tokens(r["messages"], enc)
        assert r["messages"][-1] == {"role": "user", "content": messages[i]["content"]}
        assert r["state"]["schema"] == "ctxgraph.state/1"
        assert r["state"]["turns"] == i  # the state after messages 0..i-1
        jsonschema.Draft202012Validator(schema).validate(r["state"])
        assert not chat_api_problems(r["messages"])


@pytest.mark.parametrize("budget", [20, 60, 150, 1000])
@pytest.mark.parametrize("name", EXAMPLES)
def test_cli_replay_json_budgets(capsys, examples_dir, name, budget):
    for r in replay_json(capsys, str(examples_dir / name), budget):
        assert r["budget"] == budget and r["tokens"] <= budget
        assert r["messages"][-1]["role"] == "user"


@pytest.mark.parametrize(("lang", "messages", "file"), [("zh", TINY_ZH, "c.jsonl"), ("en", TINY_EN, "c.json")])
def test_cli_replay_tiny_conversation(capsys, tmp_path, lang, messages, file):
    records = replay_json(capsys, write_conversation(tmp_path, messages, file), 200, "--lang", lang)
    assert [r["index"] for r in records] == [i for i, m in enumerate(messages) if m["role"] == "user"]
    first, last = records[0], records[-1]
    assert first["state"]["turns"] == first["index"] and first["state"]["facts"] == []
    assert last["state"]["turns"] == last["index"]
    assert last["state"]["facts"]  # the budget was stated before the last question
    assert all(r["state"]["lang"] == lang for r in records[1:])


def test_cli_replay_state_grows_message_by_message(capsys, tmp_path):
    records = replay_json(capsys, write_conversation(tmp_path, TINY_ZH))
    budgets = [[(f["value"], f["status"]) for f in r["state"]["facts"] if f["key"] == "budget"] for r in records]
    assert budgets == [[], [("5000元", "current")], [("5000元", "superseded"), ("6000", "current")]]


def test_cli_replay_with_rules_folder(capsys, tmp_path, write_files):
    rules = write_files({"telecom.yml": "slots:\n  - {id: plan, name: 套餐, synonyms: [套餐, 资费]}\n"})
    path = write_conversation(tmp_path, [{"role": "user", "content": "我的套餐是畅享199"},
                                         {"role": "user", "content": "我的套餐是什么？"}])
    records = replay_json(capsys, path, 200, "--rules", str(rules))
    assert [(f["key"], f["value"]) for f in records[-1]["state"]["facts"]] == [("plan", "畅享199")]


def test_cli_replay_with_catalog(capsys, tmp_path):
    catalog = tmp_path / "hotels.csv"
    catalog.write_text("name,label\n北京饭店王府井店,PLACE\n", encoding="utf-8")
    path = write_conversation(tmp_path, [{"role": "user", "content": "我想订北京饭店王府井店"},
                                         {"role": "user", "content": "那家酒店在哪？"}])
    records = replay_json(capsys, path, 200, "--catalog", str(catalog))
    assert ("北京饭店王府井店", "PLACE") in [(e["text"], e["type"]) for e in records[-1]["state"]["entities"]]


def test_cli_replay_without_user_messages_prints_nothing(capsys, tmp_path):
    path = write_conversation(tmp_path, [{"role": "system", "content": "hi"}, {"role": "assistant", "content": "Hello!"}])
    assert run(capsys, "replay", path, "--format", "json") == (0, "", "")


# ----------------------------------------------------------------------------- replay --format text


@pytest.mark.parametrize("name", EXAMPLES)
def test_cli_replay_text(capsys, examples_dir, name):
    messages = read_conversation(examples_dir / name)
    code, out, err = run(capsys, "replay", str(examples_dir / name), "--budget", "400")
    assert code == 0 and err == ""
    headers = [line for line in out.splitlines() if line.startswith("=== message ")]
    assert [int(h.split()[2].rstrip(":")) for h in headers] == [i for i, m in enumerate(messages) if m["role"] == "user"]
    budgets = [line for line in out.splitlines() if line.startswith("--- ")]
    assert len(budgets) == len(headers)
    for line in budgets:
        used, budget = line.split()[1].split("/")
        assert int(used) <= int(budget) == 400
    assert "[user]" in out


def test_cli_replay_text_is_the_default(capsys, tmp_path):
    code, out, _ = run(capsys, "replay", write_conversation(tmp_path, TINY_EN))
    assert code == 0 and out.startswith("=== message 1: My budget is $500.") and "/600 tokens" in out


# ----------------------------------------------------------------------------- state


@pytest.mark.parametrize("name", EXAMPLES)
def test_cli_state(capsys, examples_dir, name):
    code, out, err = run(capsys, "state", str(examples_dir / name))
    assert code == 0 and err == ""
    state = json.loads(out)
    assert state["schema"] == "ctxgraph.state/1"
    assert state["turns"] == len(read_conversation(examples_dir / name))
    assert state["lang"] == name[:2]
    jsonschema.Draft202012Validator(load_state_schema()).validate(state)


@pytest.mark.parametrize(("lang", "messages"), [("zh", TINY_ZH), ("en", TINY_EN)])
def test_cli_state_matches_last_replay_state(capsys, tmp_path, lang, messages):
    path = write_conversation(tmp_path, messages + [{"role": "user", "content": "ok"}])
    last = replay_json(capsys, path, 300, "--lang", lang)[-1]
    code, out, _ = run(capsys, "state", path, "--lang", lang)
    assert code == 0
    state = json.loads(out)
    assert last["index"] == len(messages)
    assert state["turns"] == len(messages) + 1
    assert state["facts"] == last["state"]["facts"]


# ----------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("content", "code_fragment"),
    [
        pytest.param('{"role": "user", "content": "预算5000元"}\n{"role": "user", "content": \n', "[E022]", id="bad-json-line"),
        pytest.param('{"role": "user", "content": "hi"}\n{"content": "no role"}\n', "[E022]", id="not-a-message"),
        pytest.param('{"role": "robot", "content": "hi"}\n', "[E021]", id="unknown-role"),
    ],
)
@pytest.mark.parametrize("command", ["replay", "state"])
def test_cli_bad_file_exits_2(capsys, tmp_path, command, content, code_fragment):
    path = tmp_path / "bad.jsonl"
    path.write_text(content, encoding="utf-8")
    code, out, err = run(capsys, command, str(path))
    assert code == 2
    assert err.startswith("ctxgraph: ") and code_fragment in err
    if code_fragment == "[E022]":
        assert str(path) in err and "line 2" in err


@pytest.mark.parametrize("command", ["replay", "state"])
def test_cli_missing_file_exits_2(capsys, tmp_path, command):
    code, out, err = run(capsys, command, str(tmp_path / "missing.jsonl"))
    assert (code, out) == (2, "")
    assert "[E022]" in err and "missing.jsonl" in err


@pytest.mark.parametrize(("option", "value", "fragment"), [("--rules", "/nonexistent/rules", "[E012]"),
                                                           ("--catalog", "/nonexistent/cat.json", "[E013]")])
def test_cli_bad_option_path_exits_2(capsys, tmp_path, option, value, fragment):
    code, _, err = run(capsys, "state", write_conversation(tmp_path, TINY_EN), option, value)
    assert code == 2 and fragment in err


@pytest.mark.parametrize("budget", ["0", "3"])
def test_cli_budget_too_small_exits_2(capsys, tmp_path, budget):
    code, _, err = run(capsys, "replay", write_conversation(tmp_path, TINY_EN), "--budget", budget)
    assert code == 2 and ("[E040]" in err or "[E041]" in err)


@pytest.mark.parametrize("argv", [[], ["replay"], ["replay", "x.jsonl", "--format", "xml"], ["state", "x", "--lang", "fr"]])
def test_cli_usage_errors_exit_2(capsys, argv):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    assert "usage: ctxgraph" in capsys.readouterr().err


@pytest.mark.parametrize("content", [None, [{"type": "image_url", "image_url": {"url": "data:,x"}}]], ids=["null", "image"])
def test_cli_replay_empty_question_is_still_last(capsys, tmp_path, content):
    path = write_conversation(tmp_path, [{"role": "user", "content": "My budget is $500"}, {"role": "user", "content": content}])
    last = replay_json(capsys, path, 200)[-1]
    assert last["index"] == 1 and last["question"] == ""
    assert last["messages"][-1] == {"role": "user", "content": ""}
    assert last["tokens"] == count_message_tokens(last["messages"], get_encoding("o200k_base"))
