"""One session, one writer (issue 11) and a bounded session table (issue 12), through the real
openai client against the real StubServer on 127.0.0.1."""

from __future__ import annotations

import asyncio
import gc
import threading

import pytest

openai = pytest.importorskip("openai")
from openai import AsyncOpenAI, OpenAI  # noqa: E402

from ctxgraph import StoreError, Tracker  # noqa: E402
from ctxgraph.openai import wrap  # noqa: E402

MODEL = "gpt-4o-mini"
SYSTEM = {"role": "system", "content": "You are a helpful shop assistant."}


def user(text: str) -> dict:
    return {"role": "user", "content": text}


def question(sid: str, k: int) -> str:
    return f"Question {k} of {sid}: is order ORD-{k:04d} shipped?"


def recorded(client, sid: str) -> list[tuple[str, str]]:
    return [(m["role"], m["content"]) for m in client.tracker(sid).messages]


def served_in_order(sid: str, n: int) -> list[tuple[str, str]]:
    out = [("system", SYSTEM["content"])]
    for k in range(n):
        out += [("user", question(sid, k)), ("assistant", "ok")]
    return out


SESSIONS = ["s0", "s1", "s2", "s3"]


@pytest.mark.parametrize("cumulative", [True, False], ids=["all-questions-so-far", "newest-question-only"])
def test_async_gather_100_calls_on_4_sessions_records_every_turn_in_order(server, cumulative):
    """The probe of issue 11 lost 96 of 100 turns: calls of one session interleaved."""
    for _ in range(100):
        server.reply("ok", delay=0.01)  # every call is still in flight when the next ones start

    def history(sid: str, k: int) -> list[dict]:
        asked = range(k + 1) if cumulative else [k]
        return [SYSTEM] + [user(question(sid, j)) for j in asked]

    async def main():
        async with AsyncOpenAI(base_url=server.base_url, api_key="test", max_retries=0) as raw:
            client = wrap(raw, budget=400)
            calls = [client.chat.completions.create(model=MODEL, messages=history(sid, k), session_id=sid)
                     for k in range(25) for sid in SESSIONS]
            replies = await asyncio.gather(*calls)
            return client, replies

    client, replies = asyncio.run(main())
    assert [r.choices[0].message.content for r in replies] == ["ok"] * 100
    for sid in SESSIONS:
        assert recorded(client, sid) == served_in_order(sid, 25)
    assert client.counters["interleaved"] == 96 and client.counters["rebuilt"] == 0
    assert client.counters["continued"] == 4
    # each call's context held its own question and the answers recorded before it
    last = [r.body["messages"] for r in server.requests if question("s0", 24) in str(r.body["messages"])]
    assert last and last[0][-1] == user(question("s0", 24))


def test_threads_100_calls_on_4_sessions_record_every_turn_once(server):
    client = wrap(OpenAI(base_url=server.base_url, api_key="test", max_retries=0), budget=400)
    for _ in range(4):  # the first call of each session (one per session can be in flight) is slow,
        server.reply("ok", delay=1.0)  # so the other 96 all arrive while it is
    results: list[str] = []
    errors: list[BaseException] = []

    def call(sid: str, k: int) -> None:
        try:
            reply = client.chat.completions.create(
                model=MODEL, messages=[SYSTEM, user(question(sid, k))], session_id=sid)
            results.append(reply.choices[0].message.content)
        except BaseException as err:  # reported by the main thread
            errors.append(err)

    threads = [threading.Thread(target=call, args=(sid, k)) for k in range(25) for sid in SESSIONS]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and results == ["ok"] * 100
    for sid in SESSIONS:
        got = recorded(client, sid)
        assert got[0] == ("system", SYSTEM["content"]) and len(got) == 51
        assert all(role == "user" for role, _ in got[1::2]) and got[2::2] == [("assistant", "ok")] * 25
        questions = [text for _, text in got[1::2]]
        assert sorted(questions) == sorted(question(sid, k) for k in range(25))  # none lost, none twice
    assert client.counters["interleaved"] == 96 and client.counters["rebuilt"] == 0


def test_threaded_bot_whose_history_orders_replies_differently_continues(server, client):
    """A bot appends each reply to its history when it arrives: its order can differ from the
    order the calls were served in; nothing is rebuilt for that."""
    wrapped = wrap(client, budget=300)
    server.reply("first", delay=0.5)
    server.reply("second")
    history = [user("a")]
    first = threading.Thread(target=wrapped.chat.completions.create, kwargs={"model": MODEL, "messages": list(history)})
    first.start()
    while not server.requests:  # the first call is in flight
        threading.Event().wait(0.01)
    history.append(user("b"))
    wrapped.chat.completions.create(model=MODEL, messages=list(history))
    first.join()
    history += [{"role": "assistant", "content": "second"}, {"role": "assistant", "content": "first"}, user("c")]
    server.reply("third")
    wrapped.chat.completions.create(model=MODEL, messages=history)
    assert recorded(wrapped, "default") == [("user", "a"), ("assistant", "first"), ("user", "b"),
                                            ("assistant", "second"), ("user", "c"), ("assistant", "third")]
    assert [r.history for r in wrapped.reports] == ["continued", "interleaved", "interleaved"]


def test_async_streams_of_one_session_are_recorded_one_after_another(server):
    replies = [f"Answer number {k}, in several small pieces." for k in range(6)]

    async def ask(client, k: int) -> str:
        stream = await client.chat.completions.create(model=MODEL, messages=[user(f"Question {k}?")], stream=True)
        async with stream:
            return "".join([c.choices[0].delta.content or "" async for c in stream if c.choices])

    async def main():
        async with AsyncOpenAI(base_url=server.base_url, api_key="test", max_retries=0) as raw:
            client = wrap(raw, budget=300)
            for text in replies:
                server.reply(text, delay=0.01)
            return client, await asyncio.gather(*(ask(client, k) for k in range(6)))

    client, texts = asyncio.run(main())
    assert texts == replies  # calls were served in the order they started: replies in queue order
    assert recorded(client, "default") == [
        pair for k in range(6) for pair in (("user", f"Question {k}?"), ("assistant", replies[k]))]


def test_same_caller_starting_a_new_call_gives_up_its_unread_stream(server, client):
    wrapped = wrap(client, budget=300)
    server.reply("A long answer that the caller never reads to its end.")
    stream = wrapped.chat.completions.create(model=MODEL, messages=[user("hi")], stream=True)
    next(stream)
    server.reply("Second answer.")
    reply = wrapped.chat.completions.create(model=MODEL, messages=[user("hello")])  # would deadlock without
    assert reply.choices[0].message.content == "Second answer."
    assert recorded(wrapped, "default") == [("user", "hello"), ("assistant", "Second answer.")]
    assert wrapped.counters["streams_abandoned"] == 1
    list(stream)  # reading it to its end afterwards records nothing
    stream.close()
    assert len(wrapped.tracker().messages) == 2


def test_unread_stream_in_another_thread_times_out_with_E180_until_closed(server, client):
    wrapped = wrap(client, budget=300, lock_timeout=0.2)
    server.reply("A long answer, read slowly.")
    stream = wrapped.chat.completions.create(model=MODEL, messages=[user("hi")], stream=True)
    next(stream)
    errors: list[BaseException] = []

    def other_thread() -> None:
        try:
            wrapped.chat.completions.create(model=MODEL, messages=[user("hi")])
        except StoreError as err:
            errors.append(err)

    worker = threading.Thread(target=other_thread)
    worker.start()
    worker.join()
    assert len(errors) == 1 and "[E180]" in str(errors[0]) and "'default'" in str(errors[0])
    assert wrapped.counters["lock_timeouts"] == 1
    stream.close()  # closed before the reply was complete: nothing recorded, the session is free
    server.reply("Now.")
    worker = threading.Thread(target=wrapped.chat.completions.create, kwargs={
        "model": MODEL, "messages": [user("hi")]})
    worker.start()
    worker.join()
    assert recorded(wrapped, "default") == [("user", "hi"), ("assistant", "Now.")]


def test_dropped_stream_frees_its_session(server, client):
    wrapped = wrap(client, budget=300, lock_timeout=30)
    server.reply("An answer nobody reads.")
    stream = wrapped.chat.completions.create(model=MODEL, messages=[user("hi")], stream=True)
    next(stream)
    del stream
    gc.collect()
    done = []
    worker = threading.Thread(target=lambda: done.append(
        wrapped.chat.completions.create(model=MODEL, messages=[user("again")])))
    worker.start()
    worker.join(timeout=30)
    assert len(done) == 1
    assert recorded(wrapped, "default") == [("user", "again"), ("assistant", "ok")]


def test_cancelled_waiting_call_leaves_the_queue(server):
    async def main():
        async with AsyncOpenAI(base_url=server.base_url, api_key="test", max_retries=0) as raw:
            client = wrap(raw, budget=300)
            server.reply("slow", delay=0.5)
            first = asyncio.ensure_future(client.chat.completions.create(model=MODEL, messages=[user("a")]))
            await asyncio.sleep(0.1)  # the first call holds the session, its reply is delayed
            waiting = asyncio.ensure_future(client.chat.completions.create(model=MODEL, messages=[user("a"), user("b")]))
            await asyncio.sleep(0.05)
            waiting.cancel()
            with pytest.raises(asyncio.CancelledError):
                await waiting
            await first
            server.reply("fine")
            await client.chat.completions.create(model=MODEL, messages=[user("a"), {"role": "assistant", "content": "slow"},
                                                                          user("c")])
            return client

    client = asyncio.run(main())
    assert recorded(client, "default") == [("user", "a"), ("assistant", "slow"), ("user", "c"), ("assistant", "fine")]


def test_edited_history_is_counted_and_reported_as_rebuilt(server, client):
    wrapped = wrap(client, budget=300)
    wrapped.chat.completions.create(model=MODEL, messages=[user("My budget is $500.")])
    wrapped.chat.completions.create(model=MODEL, messages=[user("My budget is $800."), user("And shipping?")])
    assert [r.history for r in wrapped.reports] == ["continued", "rebuilt"]
    assert wrapped.counters["rebuilt"] == 1
    assert recorded(wrapped, "default")[:2] == [("user", "My budget is $800."), ("user", "And shipping?")]


# ---------------------------------------------------------------------------- bounded memory
def test_at_most_max_sessions_in_memory_and_an_evicted_one_is_rebuilt_from_history(server, client):
    made: list[str] = []

    def make(sid: str) -> Tracker:
        made.append(sid)
        return Tracker(lang="en")

    wrapped = wrap(client, budget=300, make_tracker=make, max_sessions=2, state="always")  # the block shows the rebuild
    histories = {sid: [user(f"Hi, I am {sid} and my budget is ${n}00.")] for n, sid in enumerate("abc", 1)}
    for sid, history in histories.items():
        wrapped.chat.completions.create(model=MODEL, messages=history, session_id=sid)
        history += [{"role": "assistant", "content": "ok"}, user(f"{sid} again: what is my budget?")]
    assert list(wrapped.sessions) == ["b", "c"] and wrapped.counters["evicted"] == 1
    with pytest.raises(KeyError, match="'a'"):
        wrapped.tracker("a")

    server.reply("Your budget is $100.")
    wrapped.chat.completions.create(model=MODEL, messages=histories["a"], session_id="a")
    assert made == ["a", "b", "c", "a"] and list(wrapped.sessions) == ["c", "a"]
    assert recorded(wrapped, "a") == [
        ("user", "Hi, I am a and my budget is $100."), ("assistant", "ok"), ("user", "a again: what is my budget?"),
        ("assistant", "Your budget is $100.")]
    assert "$100" in wrapped.reports[-1].state_block and wrapped.reports[-1].history == "continued"
    assert wrapped.counters["evicted"] == 2


def test_max_sessions_must_be_positive(client):
    with pytest.raises(ValueError, match="max_sessions"):
        wrap(client, max_sessions=0)


def test_async_client_observes_and_records_off_the_event_loop(server):
    """Extraction and store writes run in worker threads: a long message in one session never
    stalls the other sessions of the loop."""
    threads: set[int] = set()

    class Recording(Tracker):
        def observe(self, message):
            threads.add(threading.get_ident())
            return super().observe(message)

    async def main():
        async with AsyncOpenAI(base_url=server.base_url, api_key="test", max_retries=0) as raw:
            client = wrap(raw, budget=300, make_tracker=lambda sid: Recording(lang="en"))
            history = [user("My budget is $500."), {"role": "assistant", "content": "ok"}, user("Any news?")]
            await client.chat.completions.create(model=MODEL, messages=history)
            stream = await client.chat.completions.create(
                model=MODEL, messages=history + [{"role": "assistant", "content": "ok"}, user("Thanks")], stream=True)
            async for _ in stream:
                pass
            return client, threading.get_ident()

    client, loop_thread = asyncio.run(main())
    assert len(client.tracker().messages) == 6
    assert threads and loop_thread not in threads
