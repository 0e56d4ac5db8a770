"""Crash safety and concurrency of stored sessions, with real processes.

A writer process imports ctxgraph once and forks the real writers (so twenty of them start in
milliseconds, not twenty times the import): each opens the session with ``open_session`` on a
real SQLite file and observes a conversation. The test kills writers with SIGKILL at random
moments and checks the reopened session against a single-process replay.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ctxgraph import Tracker
from ctxgraph.stores import open_store

WRITER = r'''
import json, os, sys, traceback


def say(line):
    """One write(2) per short line (print() can make two: a writer SIGKILLed between them left
    "ok 54" without its newline, and the parent's "done" line was glued to it)."""
    data = (line + "\n").encode("utf-8")
    while data:
        data = data[os.write(1, data):]

from ctxgraph import Tracker, open_session

messages = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8")]
Tracker(lang="en").observe({"role": "user", "content": "My budget is $5."})  # load the models once
say("ready")


def write(url, session_id, mine):
    t = open_session(url, session_id, lang="en")
    for m in mine(len(t)):
        t.observe(m)
        say(f"ok {len(t)}")


for line in sys.stdin:
    if line.startswith("replay "):  # the reference, by this same code: a fresh Tracker observing these messages
        ref = Tracker(lang="en")
        ref.observe_many(messages[int(i)] for i in line.split()[1].split(",") if i)
        say(ref.to_json())
        continue
    cmd, url, session_id, n = line.split()
    n = int(n)
    shares = ([lambda have: messages[have:]] if cmd == "resume"                 # one writer, goes on
              else [lambda have, k=k: messages[k::n] for k in range(n)])         # n writers, a share each
    pids = []
    for mine in shares:
        pid = os.fork()
        if pid == 0:
            try:
                write(url, session_id, mine)
                code = 0
            except BaseException:
                traceback.print_exc()
                code = 1
            sys.stdout.flush()
            os._exit(code)
        pids.append(pid)
        say(f"pid {pid}")
    statuses = [os.waitpid(pid, 0)[1] for pid in pids]
    say("done " + " ".join(map(str, statuses)))
'''


def conversation(n: int) -> list[dict]:
    """A long support chat: facts that change, constraints, promises, tool calls and results."""
    out: list[dict] = [{"role": "system", "content": "You are the support assistant of a shop."}]
    cities = ["Berlin", "Paris", "Madrid", "Vienna", "Oslo"]
    for i in range(n):
        k = i % 6
        if k == 0:
            out.append({"role": "user", "content": f"My budget is ${400 + 10 * i}. Please ship it to {cities[i % 5]}."})
        elif k == 1:
            out.append({"role": "assistant", "content": f"Noted (ticket T{i}). I will email you a quote by {i % 11 + 1} pm today."})
        elif k == 2:
            out.append({"role": "user", "content": f"Do not ship with FedEx (ticket T{i})." if i % 4 else f"Can you check order A{i}?"})
        elif k == 3:
            out.append({"role": "assistant", "content": None, "tool_calls": [{
                "id": f"call_{i}", "type": "function",
                "function": {"name": "lookup_order", "arguments": json.dumps({"order_id": f"A{i}"})}}]})
        elif k == 4:
            out.append({"role": "tool", "tool_call_id": f"call_{i - 1}",
                        "content": json.dumps({"order_id": f"A{i - 1}", "status": "shipped", "eta": f"2026-12-{i % 27 + 1:02d}",
                                               "items": [{"sku": f"SKU-{j}", "qty": j + 1} for j in range(i % 7)]})})
        else:
            out.append({"role": "user", "content": f"Actually, make the budget ${500 + i} and call me Ann."})
    return out


MESSAGES = conversation(240)
assert len({json.dumps(m, sort_keys=True) for m in MESSAGES}) == len(MESSAGES)  # each message tells its writer


class Writers:
    """The writer process: ``start(cmd, url, session_id, n)`` forks writers, ``lines()`` reads them."""

    def __init__(self, folder: Path):
        script, data = folder / "writer.py", folder / "messages.jsonl"
        script.write_text(WRITER, encoding="utf-8")
        data.write_text("".join(json.dumps(m, ensure_ascii=False) + "\n" for m in MESSAGES), encoding="utf-8")
        self.proc = subprocess.Popen([sys.executable, str(script), str(data)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
        assert self.read() == "ready"

    def read(self) -> str:
        line = self.proc.stdout.readline()
        assert line, "the writer process died"
        return line.rstrip("\n")

    def progress(self) -> str:
        """The next line of a running writer ("ok N ..."); the writers must not have ended."""
        line = self.read()
        assert line.startswith("ok "), f"the writer ended early: {line}"
        return line

    def start(self, cmd: str, url: str, session_id: str, n: int = 1) -> list[int]:
        self.proc.stdin.write(f"{cmd} {url} {session_id} {n}\n")
        self.proc.stdin.flush()
        pids: list[int] = []
        while len(pids) < n:
            line = self.read()
            if line.startswith("pid "):
                pids.append(int(line.split()[1]))
        return pids

    def replay(self, indexes: list[int]) -> dict:
        """The to_json() of a fresh Tracker that observed these messages, made by the writers'
        own code (the one that wrote the store, even if the files changed since this test began)."""
        self.proc.stdin.write("replay " + (",".join(map(str, indexes)) or ",") + "\n")
        self.proc.stdin.flush()
        session = json.loads(self.read())
        session.pop("integrity", None)
        return session

    def finish(self) -> tuple[list[str], list[int]]:
        """The writers' lines until all have ended, and their wait statuses."""
        lines = []
        while not (line := self.read()).startswith("done"):
            lines.append(line)
        return lines, [int(s) for s in line.split()[1:]]

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=30)
        self.proc.stdout.close()


@pytest.fixture(scope="module")
def writers(tmp_path_factory):
    w = Writers(tmp_path_factory.mktemp("writers"))
    yield w
    w.close()


def acked(lines: list[str]) -> int:
    """The last length a writer reported after observe() returned."""
    return max((int(x.split()[1]) for x in lines if x.startswith("ok ")), default=0)


def integrity(db: Path) -> str:
    with sqlite3.connect(db) as con:
        return con.execute("PRAGMA integrity_check").fetchone()[0]


@pytest.mark.slow
def test_stores_crash_sigkill_twenty_times_leaves_a_whole_prefix_of_the_conversation(writers, tmp_path):
    db = tmp_path / "sessions.db"
    url = f"sqlite:///{db}"
    rng = random.Random(20261201)
    last_acked = 0
    in_flight_kept = 0
    for run in range(20):
        (pid,) = writers.start("resume", url, "s", 1)
        seen = [writers.progress() for _ in range(rng.randint(1, 6))]
        time.sleep(rng.uniform(0, 0.006))  # a random moment of the next turn (extraction or commit)
        os.kill(pid, signal.SIGKILL)
        rest, (status,) = writers.finish()
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, (run, rest)
        assert integrity(db) == "ok"
        with open_store(url) as store:
            session = store.load("s")
        stored = len(session["messages"])
        reported = acked(seen + rest)
        # every turn observe() returned for is there; at most the turn in flight is lost
        assert reported <= stored <= reported + 1, (run, reported, stored)
        assert stored > last_acked, "the writer made no progress"
        in_flight_kept += stored == reported + 1
        last_acked = stored
        assert session["messages"] == MESSAGES[:stored]
        assert session == writers.replay(list(range(stored))), run
        assert len(Tracker.from_json(session, verify=False)) == stored
    # the reopened sessions went on where the killed writer stopped, so the last one holds all turns
    assert last_acked >= 20
    print(f"20 kills; {in_flight_kept} kept the turn in flight (stored, not yet reported)")


@pytest.mark.slow
def test_stores_crash_two_writer_processes_on_one_session_are_serialised(writers, tmp_path):
    db = tmp_path / "sessions.db"
    url = f"sqlite:///{db}"
    with open_store(url) as store:  # both writers see the same conversation, which the test cuts short
        store.create("s", Tracker(lang="en").config.as_mapping())
    writers.start("race", url, "s", 2)
    lines, statuses = writers.finish()
    assert statuses == [0, 0], lines
    with open_store(url) as store:
        session = store.load("s")
    stored = session["messages"]
    assert len(stored) == len(MESSAGES)
    for k in range(2):  # each writer's share, whole and in its own order: nothing lost, doubled or swapped
        share = MESSAGES[k::2]
        assert [m for m in stored if m in share] == share
    owner = [MESSAGES.index(m) % 2 for m in stored]
    print(f"two writers: {sum(a != b for a, b in zip(owner, owner[1:]))} hand-overs in {len(stored)} turns")
    # each writer read the other's turns before extracting its own: the state is the one of a
    # single process observing the messages in the stored order
    assert session == writers.replay([MESSAGES.index(m) for m in stored])
