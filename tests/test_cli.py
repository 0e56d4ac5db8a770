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
    assert err == f"ctxgraph: [E022] Conversation file {tmp_path / 'missing.jsonl'}: No such file or directory\n"


@pytest.mark.parametrize(("option", "value", "fragment"), [("--rules", "/nonexistent/rules", "[E012]"),
                                                           ("--catalog", "/nonexistent/cat.json", "[E013]")])
def test_cli_bad_option_path_exits_2(capsys, tmp_path, option, value, fragment):
    code, _, err = run(capsys, "state", write_conversation(tmp_path, TINY_EN), option, value)
    assert code == 2 and fragment in err


@pytest.mark.parametrize("budget", ["0", "3"])
def test_cli_budget_too_small_exits_2(capsys, tmp_path, budget):
    code, _, err = run(capsys, "replay", write_conversation(tmp_path, TINY_EN), "--budget", budget)
    assert code == 2 and ("[E040]" in err or "[E041]" in err)


@pytest.mark.parametrize("argv", [["replay"], ["replay", "x.jsonl", "--format", "xml"], ["state", "x", "--lang", "fr"]])
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


# ----------------------------------------------------------------------------- a new user's first commands


def test_cli_version(capsys):
    from importlib import metadata

    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out == f"ctxgraph {metadata.version('ctxgraph')}\n"


def test_cli_alone_lists_the_commands(capsys):
    code, out, err = run(capsys)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    for command in ("replay", "state", "graph", "bench"):
        (line,) = [ln for ln in lines if ln.split()[:1] == [command]]  # one line each, with what it does
        assert len(line.split()) > 3
    assert "ctxgraph COMMAND --help" in out


@pytest.mark.parametrize("command", ["replay", "state", "graph", "bench"])
def test_cli_every_command_help_says_what_and_shows_an_example(capsys, command):
    with pytest.raises(SystemExit) as exc:
        main([command, "--help"])
    out = capsys.readouterr().out
    assert exc.value.code == 0
    usage, description = out.split("\n\n")[:2]
    assert usage.startswith(f"usage: ctxgraph {command}") and len(description.split()) >= 8
    example = out.split("example:\n", 1)[1].splitlines()[0].strip()
    assert example.startswith(f"ctxgraph {command} ")
    assert "``" not in out and ":func:" not in out  # no reST markup


@pytest.mark.parametrize("command", ["replay", "state", "graph"])
def test_cli_lang_today_pack_have_help(capsys, command):
    with pytest.raises(SystemExit):
        main([command, "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "--lang {auto,zh,en} language of the conversation" in out
    assert "--today YYYY-MM-DD the conversation's date" in out
    assert "--pack NAME domain rule pack" in out


def test_cli_today_resolves_relative_dates(capsys, tmp_path):
    path = write_conversation(tmp_path, [{"role": "user", "content": "Please deliver it tomorrow."}])
    dates = []
    for extra in ([], ["--today", "2026-11-30"]):
        code, out, err = run(capsys, "state", path, "--lang", "en", *extra)
        assert code == 0, err
        dates.append([e.get("value") for e in json.loads(out)["entities"] if e["text"] == "tomorrow"])
    assert dates[1] == ["2026-12-01"] and dates[0] != dates[1]


@pytest.mark.parametrize("command", ["replay", "state", "graph"])
def test_cli_bad_today_is_a_coded_error(capsys, tmp_path, command):
    extra = ["--out", str(tmp_path / "g.json")] if command == "graph" else []
    code, out, err = run(capsys, command, write_conversation(tmp_path, TINY_EN), "--today", "2026-13-01", *extra)
    assert (code, out) == (2, "")
    assert err.startswith("ctxgraph: [E062] today='2026-13-01' is not a date")


@pytest.mark.parametrize("content", ["", "  \n\n\t\n", "[]"], ids=["empty", "whitespace", "empty-array"])
@pytest.mark.parametrize("command", ["replay", "state", "graph"])
def test_cli_empty_conversation_is_a_coded_error(capsys, tmp_path, command, content):
    path = tmp_path / "c.jsonl"
    path.write_text(content, encoding="utf-8")
    extra = ["--out", str(tmp_path / "g.json")] if command == "graph" else []
    code, out, err = run(capsys, command, str(path), *extra)
    assert (code, out) == (2, "")
    assert err.startswith(f"ctxgraph: [E023] Conversation file {path} holds no messages.")
    assert not (tmp_path / "g.json").exists()


@pytest.mark.parametrize("out_path", ["/nonexistent_dir/x.html", "/nonexistent_dir/x.json", "{tmp}/x.json/y.html",
                                      "{tmp}/folder.html", "{tmp}/folder.json"])
def test_cli_graph_unwritable_out_is_a_coded_error(capsys, tmp_path, out_path):
    (tmp_path / "x.json").write_text("a file, not a folder", encoding="utf-8")
    (tmp_path / "folder.html").mkdir()  # writing to a folder fails when the file is opened
    (tmp_path / "folder.json").mkdir()
    out_path = out_path.format(tmp=tmp_path)
    code, out, err = run(capsys, "graph", write_conversation(tmp_path, TINY_EN), "--out", out_path)
    assert (code, out) == (2, "")
    assert err.startswith(f"ctxgraph: [E071] --out {out_path}: cannot write the file") and "Traceback" not in err


@pytest.mark.parametrize("command", ["replay", "state"])
def test_cli_reads_a_messages_object(capsys, tmp_path, command):
    path = tmp_path / "c.json"
    path.write_text(json.dumps({"id": "en_tiny", "messages": TINY_EN}, indent=2), encoding="utf-8")
    code, out, err = run(capsys, command, str(path), "--lang", "en")
    assert code == 0 and err == "" and out


def test_cli_other_object_names_the_expected_shape(capsys, tmp_path):
    path = tmp_path / "c.json"
    path.write_text(json.dumps({"conversation": TINY_EN}), encoding="utf-8")
    code, _, err = run(capsys, "state", str(path))
    assert code == 2 and "[E022]" in err and '{"messages": [...]}' in err


@pytest.mark.parametrize(("name", "where"), [("c.jsonl", "line 2"), ("c.json", "message index 1")])
def test_cli_unknown_role_names_file_and_line(capsys, tmp_path, name, where):
    path = write_conversation(tmp_path, [{"role": "user", "content": "hi"}, {"role": "robot", "content": "x"}], name)
    code, _, err = run(capsys, "state", path)
    assert code == 2 and err.startswith(f"ctxgraph: [E021] Conversation file {path}, {where}: unknown role 'robot'")


@pytest.mark.parametrize(("argv", "packs"), [([], ()), (["--pack", "booking"], ["booking"])])
@pytest.mark.parametrize("command", ["replay", "state", "graph"])
def test_cli_pack_options_reach_the_tracker(capsys, tmp_path, monkeypatch, command, argv, packs):
    import ctxgraph.cli

    built = []

    class RecordingTracker(ctxgraph.cli.Tracker):  # the real Tracker, its packs noted
        def __init__(self, *args, **options):
            built.append(options["packs"])
            super().__init__(*args, **options)

    monkeypatch.setattr(ctxgraph.cli, "Tracker", RecordingTracker)
    extra = ["--out", str(tmp_path / "g.json")] if command == "graph" else []
    code, _, err = run(capsys, command, write_conversation(tmp_path, TINY_EN), *argv, *extra)
    assert code == 0, err
    assert built == [packs]
