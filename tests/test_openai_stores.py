"""wrap(client, store=...) (issue 12): sessions kept in a real SQLite file or a real redis-server,
continued by a new wrapper or a new process; the real openai client against the StubServer."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import textwrap

import pytest

openai = pytest.importorskip("openai")
from openai import AsyncOpenAI  # noqa: E402

from ctxgraph import Tracker  # noqa: E402
from ctxgraph.stores import open_store  # noqa: E402
from ctxgraph.openai import wrap  # noqa: E402

MODEL = "gpt-4o-mini"


def user(text: str) -> dict:
    return {"role": "user", "content": text}


def said(text: str) -> dict:
    return {"role": "assistant", "content": text}


def contents(messages: list[dict]) -> list[str]:
    return [m["content"] for m in messages]


@pytest.fixture
def sqlite_url(tmp_path) -> str:
    return f"sqlite:///{tmp_path}/sessions.db"


@pytest.fixture(params=["sqlite", "redis"])
def store_url(request, tmp_path):
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path}/sessions.db"
        return
    url = request.getfixturevalue("redis_url")
    store = open_store(url, prefix=f"ctxgraph-test-{tmp_path.name}:")
    yield store  # a fresh key prefix per test on the shared server
    for sid in store.sessions():
        store.delete(sid)
    store.close()


def test_a_new_wrapper_continues_a_session_from_the_store(server, client, store_url):
    first = wrap(client, budget=300, store=store_url, tracker_options={"lang": "en"})
    history = [user("My order number is ORD-58213 and my budget is $750.")]
    server.reply("Noted: ORD-58213, $750.")
    first.chat.completions.create(model=MODEL, messages=history, session_id="user-42")
    store = first.store
    assert store.length("user-42") == 2

    restarted = wrap(client, budget=300, store=store, tracker_options={"lang": "en"},  # after a deploy
                     state="always")  # the state block shows what the store held
    history += [said("Noted: ORD-58213, $750."), user("What was my order number again?")]
    server.reply("ORD-58213.")
    restarted.chat.completions.create(model=MODEL, messages=history, session_id="user-42")
    report = restarted.reports[-1]
    assert report.history == "continued" and "ORD-58213" in report.state_block
    assert contents(json.loads(restarted.tracker("user-42").to_json())["messages"]) == contents(
        history + [said("ORD-58213.")])
    assert store.length("user-42") == 4  # nothing observed twice
    assert contents(store.load("user-42")["messages"])[-1] == "ORD-58213."


@pytest.mark.slow
def test_a_new_process_continues_a_session_from_sqlite(server, sqlite_url):
    history = [user("My budget is $500. Please do not ship with FedEx.")]
    script = textwrap.dedent(f"""
        from openai import OpenAI
        from ctxgraph.openai import wrap
        client = wrap(OpenAI(base_url={server.base_url!r}, api_key="test", max_retries=0), budget=300,
                      store={sqlite_url!r})
        client.chat.completions.create(model="m", messages={history!r}, session_id="s1")
    """)
    server.reply("Noted: $500 and no FedEx.")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr

    with wrap(openai.OpenAI(base_url=server.base_url, api_key="test", max_retries=0), budget=300, state="always",
              store=sqlite_url) as client:
        history += [said("Noted: $500 and no FedEx."), user("Which carriers are left?")]
        server.reply("UPS or DHL.")
        client.chat.completions.create(model=MODEL, messages=history, session_id="s1")
    assert client.reports[-1].history == "continued"
    assert "$500" in client.reports[-1].state_block
    assert contents(client.store.load("s1")["messages"]) == contents(history + [said("UPS or DHL.")])


def test_two_wrappers_on_one_store_take_turns_on_one_session(server, client, store_url):
    """Two workers (two wrappers sharing a SQLite file or a Redis server) serve alternate calls
    of one conversation."""
    workers = [wrap(client, budget=300, store=store_url), wrap(client, budget=300, store=store_url)]
    history: list[dict] = []
    for k in range(6):
        history.append(user(f"Message {k}: my order ORD-{k:04d} is late."))
        server.reply(f"Reply {k}.")
        workers[k % 2].chat.completions.create(model=MODEL, messages=history, session_id="s")
        history.append(said(f"Reply {k}."))
    stored = workers[0].store.load("s")
    assert contents(stored["messages"]) == contents(history)  # no turn lost, duplicated or reordered
    assert all(r.history == "continued" for w in workers for r in w.reports)
    assert Tracker.from_json(stored).state() == Tracker.from_json(json.loads(workers[1].tracker("s").to_json())).state()


def test_a_call_holds_its_session_in_the_store_until_the_reply_is_recorded(server, client, store_url):
    """Worker A's call waits for its reply; worker B gets the session's next request (the user
    wrote again): B waits for A's record instead of observing A's messages itself."""
    import threading
    import time

    a, b = wrap(client, budget=300, store=store_url), wrap(client, budget=300, store=store_url)
    first = [user("My order ORD-0001 is late.")]
    server.reply("Sorry, let me check.", delay=1.0)
    server.reply("It ships today.")
    failed: list[BaseException] = []

    def call_a() -> None:
        try:
            a.chat.completions.create(model=MODEL, messages=first, session_id="s")
        except BaseException as err:  # noqa: BLE001 - reported by the assertion below
            failed.append(err)

    thread = threading.Thread(target=call_a)
    thread.start()
    time.sleep(0.3)  # A's request is with the model now
    second = first + [said("Sorry, let me check."), user("When will it ship?")]
    b.chat.completions.create(model=MODEL, messages=second, session_id="s")
    thread.join()
    assert not failed, failed
    assert contents(b.store.load("s")["messages"]) == contents(second + [said("It ships today.")])
    assert b.reports[-1].history == "continued"


def test_evicted_session_is_reopened_from_the_store(server, client, sqlite_url):
    wrapped = wrap(client, budget=300, store=sqlite_url, max_sessions=1)
    histories = {"a": [user("I am Alice, budget $100.")], "b": [user("I am Bob, budget $200.")]}
    for sid in ("a", "b", "a", "b"):
        wrapped.chat.completions.create(model=MODEL, messages=histories[sid], session_id=sid)
        histories[sid] += [said("ok"), user(f"{sid}: anything else?")]
    assert list(wrapped.sessions) == ["b"] and wrapped.counters["evicted"] == 3
    assert wrapped.counters["rebuilt"] == 0 and wrapped.counters["continued"] == 4
    for sid in "ab":
        assert contents(wrapped.store.load(sid)["messages"]) == contents(histories[sid][:-1])


def test_edited_history_replaces_the_stored_session(server, client, sqlite_url):
    wrapped = wrap(client, budget=300, store=sqlite_url)
    wrapped.chat.completions.create(model=MODEL, messages=[user("My budget is $500.")])
    edited = [user("My budget is $800."), said("ok"), user("And shipping?")]
    wrapped.chat.completions.create(model=MODEL, messages=edited)
    assert wrapped.reports[-1].history == "rebuilt"
    assert contents(wrapped.store.load("default")["messages"]) == contents(edited + [said("ok")])


def test_assigned_session_is_saved_into_the_store(server, client, sqlite_url):
    saved = Tracker(lang="en")
    saved.observe_many([user("My budget is $500."), said("Noted.")])
    wrapped = wrap(client, budget=300, store=sqlite_url)
    wrapped.sessions["user-7"] = Tracker.from_json(saved.to_json())
    wrapped.chat.completions.create(model=MODEL, messages=[user("My budget is $500."), said("Noted."),
                                                           user("Anything under budget?")], session_id="user-7")
    assert wrapped.store.length("user-7") == 4
    assert wrapped.reports[-1].history == "continued"


def test_async_gather_on_a_store_records_every_turn_once(server, sqlite_url):
    async def main():
        async with AsyncOpenAI(base_url=server.base_url, api_key="test", max_retries=0) as raw:
            client = wrap(raw, budget=300, store=sqlite_url, tracker_options={"lang": "en"})
            await asyncio.gather(*(client.chat.completions.create(
                model=MODEL, messages=[user(f"{sid} asks question {k}.")], session_id=sid)
                for k in range(10) for sid in ("x", "y")))
            return client

    client = asyncio.run(main())
    for sid in ("x", "y"):
        assert contents(client.store.load(sid)["messages"]) == [
            text for k in range(10) for text in (f"{sid} asks question {k}.", "ok")]


def test_make_tracker_cannot_be_combined_with_a_store(client, sqlite_url):
    with pytest.raises(TypeError, match="tracker_options"):
        wrap(client, store=sqlite_url, make_tracker=lambda sid: Tracker())
