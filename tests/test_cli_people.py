"""What the command line prints for people: the state as text, the end of a replay, a replay
that adds nothing, and the stub server's command (a real process, a real openai client)."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys

import pytest

from ctxgraph.cli import main

TINY_EN = [
    {"role": "user", "content": "My budget is $500. Do not ship with FedEx."},
    {"role": "assistant", "content": "Noted. I will email you a quote by Friday."},
    {"role": "user", "content": "Actually, make the budget $600."},
    {"role": "user", "content": "What is my budget?"},
]


@pytest.fixture
def chat(tmp_path):
    path = tmp_path / "chat.jsonl"
    path.write_text("".join(json.dumps(m) + "\n" for m in TINY_EN), encoding="utf-8")
    return path


def test_state_text_is_for_people_and_json_stays_the_default(chat, capsys):
    assert main(["state", str(chat), "--lang", "en"]) == 0
    assert json.loads(capsys.readouterr().out)["schema"] == "ctxgraph.state/1"  # the contract
    assert main(["state", str(chat), "--lang", "en", "--format", "text"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert re.fullmatch(r"state after 4 messages \(en\): \d+ facts \(\d+ current\), 1 constraint, 1 promise, 0 actions",
                        lines[0])
    rows = [line.split() for line in lines[1:]]
    assert ["fact", "budget", "$600", "current", "#2"] in rows
    assert ["fact", "budget", "$500", "superseded", "#0"] in rows  # what no longer holds is marked, not hidden
    assert any(r[0] == "commitment" and r[1] == "Friday" and r[-2:] == ["open", "#1"] for r in rows)
    assert any(r[:3] == ["constraint", "must", "not"] and r[-2:] == ["active", "#0"] for r in rows)


def test_replay_ends_with_the_final_state(chat, capsys):
    assert main(["replay", str(chat), "--lang", "en", "--budget", "200"]) == 0
    out = capsys.readouterr().out
    assert out.count("=== message") == 3
    head, final = out.split("=== final state\n")
    assert final.startswith("state after 4 messages (en)") and re.search(r"fact +budget +\$600 +current", final)
    assert main(["replay", str(chat), "--lang", "en", "--format", "json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3 and all("index" in json.loads(line) for line in lines)  # JSON lines unchanged


def test_replaying_a_stored_session_again_says_no_new_messages(chat, tmp_path, capsys):
    store = f"sqlite:///{tmp_path / 'sessions.db'}"
    half = tmp_path / "half.jsonl"
    half.write_text("".join(json.dumps(m) + "\n" for m in TINY_EN[:2]), encoding="utf-8")
    assert main(["replay", str(half), "--lang", "en", "--store", store, "--session", "s1"]) == 0
    assert "already holds" not in capsys.readouterr().out
    assert main(["replay", str(chat), "--lang", "en", "--store", store, "--session", "s1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"session 's1' in {store} already holds the first 2 of 4 messages; replaying from message 2")
    assert "=== message 0" not in out and "=== message 2" in out and "=== final state" in out
    assert main(["replay", str(chat), "--lang", "en", "--store", store, "--session", "s1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"no new messages: session 's1' in {store} already holds all 4 messages of {chat}")
    assert "=== message" not in out and re.search(r"fact +budget +\$600 +current", out)
    assert main(["replay", str(chat), "--lang", "en", "--store", store, "--session", "s1", "--format", "json"]) == 0
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith("no new messages")  # stdout stays JSON lines


@pytest.mark.parametrize("command", [[sys.executable, "-m", "ctxgraph.testing"],
                                     [sys.executable, "-m", "ctxgraph.cli", "stub"]])
def test_the_stub_runs_as_a_command_and_answers_with_what_it_received(command):
    openai = pytest.importorskip("openai")
    with subprocess.Popen([*command, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True) as process:
        _ask_the_stub(openai, process)


def _ask_the_stub(openai, process: subprocess.Popen) -> None:
    try:
        first = process.stdout.readline()
        url = re.search(r"http://127\.0\.0\.1:\d+/v1", first)
        assert url, (first, process.stderr.read() if process.poll() is not None else "")
        with openai.OpenAI(base_url=url.group(0), api_key="none", max_retries=0) as client:
            reply = client.chat.completions.create(model="m", messages=TINY_EN[:2])
            chunks = client.chat.completions.create(model="m", messages=TINY_EN[:1], stream=True)
            streamed = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
        assert re.fullmatch(r"\[stub\] received 2 messages \(\d+ tokens: user, assistant\); the last \(assistant\): "
                            r"Noted\. .*", reply.choices[0].message.content)
        assert streamed.startswith("[stub] received 1 message (") and streamed.endswith("Do not ship with FedEx.")
    finally:
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == 0  # SIGTERM: a clean stop


def test_the_stub_says_when_its_port_is_taken(capsys):
    from ctxgraph.testing import StubServer

    with StubServer() as busy:
        port = int(busy.base_url.rsplit(":", 1)[1].split("/")[0])
        assert main(["stub", "--port", str(port)]) == 2
    assert capsys.readouterr().err.startswith(f"ctxgraph stub: cannot listen on 127.0.0.1:{port}")
