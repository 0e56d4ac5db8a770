"""``ctxgraph replay FILE --store URL --session ID`` and ``ctxgraph sessions list|show|delete``
on a real SQLite file, called in process through ctxgraph.cli.main."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ctxgraph import Tracker, read_conversation
from ctxgraph.cli import main
from ctxgraph.stores import open_store


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def chat(examples_dir):
    return str(examples_dir / "en_return_exchange.jsonl")


@pytest.fixture
def url(tmp_path):
    return f"sqlite:///{tmp_path}/sessions.db"


def test_stores_cli_replay_into_a_store_keeps_the_session(capsys, chat, url):
    code, out, err = run(capsys, "replay", chat, "--store", url, "--session", "user-42", "--format", "json")
    assert code == 0, err
    plain = run(capsys, "replay", chat, "--format", "json")[1]
    assert out == plain  # the store changes where the session lives, not what is assembled
    with open_store(url) as store:
        session = store.load("user-42")
    expected = Tracker()
    expected.observe_many(read_conversation(chat))
    assert Tracker.from_json(session, verify=False).state() == expected.state()


def test_stores_cli_replay_goes_on_after_the_messages_the_session_holds(capsys, chat, url, tmp_path):
    lines = Path(chat).read_text(encoding="utf-8").splitlines()
    first = tmp_path / "first.jsonl"
    first.write_text("\n".join(lines[:6]) + "\n", encoding="utf-8")
    assert run(capsys, "replay", str(first), "--store", url, "--session", "s")[0] == 0
    code, out, err = run(capsys, "replay", chat, "--store", url, "--session", "s", "--format", "json")
    assert code == 0, err
    later = [json.loads(x)["index"] for x in out.splitlines()]
    assert later and min(later) >= 6  # contexts only for the messages not stored before
    full = [json.loads(x) for x in run(capsys, "replay", chat, "--format", "json")[1].splitlines()]
    assert [json.loads(x) for x in out.splitlines()] == [r for r in full if r["index"] >= 6]
    with open_store(url) as store:
        assert store.length("s") == len([x for x in lines if x.strip()])


def test_stores_cli_replay_session_defaults_to_the_file_name_and_refuses_another_conversation(
        capsys, chat, url, examples_dir):
    assert run(capsys, "replay", chat, "--store", url)[0] == 0
    code, out, err = run(capsys, "sessions", "list", "--store", url)
    assert (code, out) == (0, "en_return_exchange\t16\n")
    other = str(examples_dir / "zh_phone_order.jsonl")
    code, _, err = run(capsys, "replay", other, "--store", url, "--session", "en_return_exchange")
    assert code == 2 and "[E112]" in err


def test_stores_cli_sessions_show_prints_the_state_or_the_whole_session(capsys, chat, url):
    run(capsys, "replay", chat, "--store", url, "--session", "a")
    code, out, err = run(capsys, "sessions", "show", "a", "--store", url)
    assert code == 0, err
    state = json.loads(out)
    assert state["schema"] == "ctxgraph.state/1" and state["turns"] == 16
    code, out, _ = run(capsys, "sessions", "show", "a", "--store", url, "--format", "session")
    exported = Tracker.from_json(out)  # an exported session loads anywhere, digest checked
    assert json.loads(exported.state().to_json()) == state


def test_stores_cli_sessions_delete_removes_it(capsys, chat, url):
    run(capsys, "replay", chat, "--store", url, "--session", "a")
    run(capsys, "replay", chat, "--store", url, "--session", "b")
    assert run(capsys, "sessions", "delete", "a", "--store", url)[:2] == (0, "deleted a\n")
    assert run(capsys, "sessions", "list", "--store", url)[1] == "b\t16\n"
    code, _, err = run(capsys, "sessions", "delete", "a", "--store", url)
    assert code == 2 and "[E107]" in err
    code, _, err = run(capsys, "sessions", "show", "a", "--store", url)
    assert code == 2 and "[E107]" in err


@pytest.mark.parametrize("argv, fragment", [
    (["sessions", "list", "--store", "ftp://host/x"], "[E100]"),
    (["replay", "FILE", "--store", "nowhere:///x"], "[E100]"),
])
def test_stores_cli_bad_store_urls_exit_2(capsys, chat, argv, fragment):
    code, _, err = run(capsys, *[chat if a == "FILE" else a for a in argv])
    assert code == 2 and fragment in err


@pytest.mark.parametrize("argv", [["sessions"], ["sessions", "show", "--store", "memory://"],
                                  ["sessions", "list"]])
def test_stores_cli_usage_errors_exit_2(capsys, argv):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2


@pytest.mark.parametrize("action", [["list"], ["show", "user-42"], ["delete", "user-42"]])
def test_stores_cli_sessions_of_a_missing_file_create_nothing(capsys, tmp_path, action):
    typo = tmp_path / "nonexist.db"
    code, out, err = run(capsys, "sessions", action[0], "--store", f"sqlite:///{typo}", *action[1:])
    assert code != 0 and out == ""
    assert "[E260]" in err and str(typo) in err
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # no nonexist.db, no nonexist.db.lock


def test_stores_cli_sessions_list_reads_without_making_a_lock_file(capsys, tmp_path, url):
    open_store(url).close()  # an existing, empty store
    code, out, err = run(capsys, "sessions", "list", "--store", url)
    assert (code, out) == (0, "")
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(("-wal", "-shm"))) == ["sessions.db"]
