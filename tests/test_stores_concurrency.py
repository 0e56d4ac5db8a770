"""Sessions in Redis written by several real processes: no lost, duplicated or reordered turn,
and a writer killed with SIGKILL at any moment leaves a whole prefix of the conversation.

The worker processes are forked from one warm "zygote" process (it has loaded the language
models once), so each worker or crash victim is a real process that starts in milliseconds.
"""

from __future__ import annotations

import json
import os
import queue
import random
import signal
import subprocess
import sys
import threading
import time

import pytest

redis = pytest.importorskip("redis")

from ctxgraph import Tracker  # noqa: E402

pytestmark = pytest.mark.slow

OPTIONS = {"lang": "auto", "today": "2026-11-30", "en_models": []}  # blank English pipeline: quicker turns
WORKERS = 4

# The zygote reads one JSON command a line on stdin: {"task": "serve"|"flood"|"crash", ...} forks
# a child that runs it (the child reports on stdout, a JSON line each, with its pid), and
# {"reap": pid} waits until that child has exited. Children write through ctxgraph.open_session.
ZYGOTE = r'''
import json, os, sys, traceback
from ctxgraph import Tracker, open_session
from ctxgraph.stores import RedisStore
import redis

OPTIONS = json.loads(sys.argv[1])
warm = Tracker(**OPTIONS)  # load the models once, before forking
warm.observe_many([{"role": "user", "content": "My budget is $500."},
                   {"role": "user", "content": "我想订一张明天去上海的机票。"}])

def say(**msg):  # one write() per line, so the lines of several children never mix
    os.write(1, (json.dumps({"pid": os.getpid(), **msg}) + "\n").encode())

def serve(cmd, store):
    """Observe the turns the test queues for this worker, whatever session they belong to."""
    q = redis.Redis.from_url(cmd["url"], decode_responses=True)
    trackers = {}
    while True:
        _, raw = q.blpop(cmd["prefix"] + "q:" + str(cmd["worker"]))
        task = json.loads(raw)
        if task is None:
            return
        sid = task["session"]
        if sid not in trackers:
            trackers[sid] = open_session(store, sid, **OPTIONS)
        t = trackers[sid]
        t.observe(task["message"])
        q.rpush(cmd["prefix"] + "acks", json.dumps(
            {"session": sid, "turn": task["turn"], "worker": cmd["worker"], "length": len(t.messages)}))

def flood(cmd, store):
    """Observe this worker's messages into the one session all workers write at once."""
    t = open_session(store, cmd["session"], **OPTIONS)
    for m in cmd["messages"]:
        t.observe(m)

def crash(cmd, store):
    """Carry on with the conversation from what is stored, reporting each stored turn."""
    t = open_session(store, cmd["session"], **OPTIONS)
    for m in cmd["messages"][len(t.messages):]:
        t.observe(m)
        say(stored=len(t.messages))

say(ready=True)
for line in sys.stdin:
    cmd = json.loads(line)
    if "reap" in cmd:
        os.waitpid(cmd["reap"], 0)
        say(reaped=cmd["reap"])
        continue
    pid = os.fork()
    if pid:
        say(forked=pid)
        continue
    try:
        store = RedisStore(cmd["url"], prefix=cmd["prefix"], lock_expiry=cmd.get("lock_expiry", 60))
        {"serve": serve, "flood": flood, "crash": crash}[cmd["task"]](cmd, store)
        say(done=True)
        os._exit(0)
    except BaseException:
        say(error=traceback.format_exc())
        os._exit(1)
'''


class Zygote:
    """The warm parent of the worker processes (see ZYGOTE)."""

    def __init__(self):
        self.proc = subprocess.Popen([sys.executable, "-c", ZYGOTE, json.dumps(OPTIONS)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.lines: queue.Queue = queue.Queue()
        self.backlog: list[dict] = []  # lines read while waiting for another one
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self.expect(lambda m: m.get("ready"), timeout=300)

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.put(json.loads(line))
        self.lines.put({"eof": True})

    def expect(self, wanted, timeout: float = 120) -> dict:
        """The first reported line that ``wanted`` accepts (others wait in the backlog);
        a child's traceback fails the test."""
        for n, msg in enumerate(self.backlog):
            if wanted(msg):
                return self.backlog.pop(n)
        while True:
            msg = self.lines.get(timeout=timeout)
            if "error" in msg:
                raise AssertionError(f"worker {msg['pid']} failed:\n{msg['error']}")
            if msg.get("eof"):
                raise AssertionError("the zygote process exited")
            if wanted(msg):
                return msg
            self.backlog.append(msg)

    def take(self, wanted) -> list:
        """The ``stored`` figures of the lines in the backlog that ``wanted`` accepts (removed from it)."""
        taken = [m for m in self.backlog if wanted(m)]
        self.backlog = [m for m in self.backlog if not wanted(m)]
        return [m.get("stored") for m in taken]

    def send(self, **cmd) -> None:
        self.proc.stdin.write(json.dumps(cmd) + "\n")
        self.proc.stdin.flush()

    def fork(self, **cmd) -> int:
        self.send(**cmd)
        return self.expect(lambda m: "forked" in m)["forked"]

    def reap(self, pid: int) -> None:
        self.send(reap=pid)
        self.expect(lambda m: m.get("reaped") == pid)

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=60)
        self.reader.join(timeout=60)
        self.proc.stdout.close()


@pytest.fixture(scope="module")
def zygote():
    z = Zygote()
    yield z
    z.close()


@pytest.fixture(params=["server", "cluster"])
def any_redis_url(request, redis_url):
    """One redis-server, then a Redis Cluster of three masters: the same guarantees on both."""
    return redis_url if request.param == "server" else request.getfixturevalue("redis_cluster_url")


def conversation(seed: int, n: int) -> list[dict]:
    """A deterministic customer-service chat of ``n`` messages, English and Chinese, with tool results."""
    rng = random.Random(seed)
    cities = ["Boston", "Denver", "Austin", "上海", "北京"]
    lines = [
        lambda: {"role": "user", "content": f"My budget is ${rng.randint(2, 90) * 10}."},
        lambda: {"role": "user", "content": f"Please ship it to {rng.choice(cities)}, not with FedEx."},
        lambda: {"role": "assistant", "content": f"Noted. I will email you a quote by {rng.randint(1, 9)} pm today."},
        lambda: {"role": "user", "content": f"我想订{rng.randint(1, 4)}张明天去{rng.choice(cities)}的机票，预算{rng.randint(1, 9)}千元。"},
        lambda: {"role": "user", "content": f"What is the status of order A-{rng.randint(100, 999)}?"},
        lambda: {"role": "tool", "content": json.dumps({"order_id": f"A-{rng.randint(100, 999)}",
                                                        "status": rng.choice(["shipped", "packed"])})},
        lambda: {"role": "assistant", "content": "好的，我会在今天下午五点前给您回复。"},
        lambda: {"role": "user", "content": f"Actually make it {rng.randint(1, 5)} tickets."},
    ]
    return [rng.choice(lines)() for _ in range(n)]


def session_of(tracker: Tracker) -> dict:
    """``tracker.to_json()`` parsed, the parts a store keeps (not the export's integrity digest)."""
    session = json.loads(tracker.to_json())
    session.pop("integrity", None)
    return session


def replayed(messages: list[dict]) -> dict:
    """What one process that observed ``messages`` in order holds (to_json, parsed)."""
    t = Tracker(**OPTIONS)
    t.observe_many(messages)
    return session_of(t)


def test_stores_concurrency_turns_of_a_session_at_different_workers(zygote, redis_url, prefix):
    """4 processes x 24 sessions x 12 turns (each session visits every worker three times);
    turn k of session s goes to worker (s + k) % 4, sent when turn k - 1 is stored (as a user
    waits for the reply): every worker catches up on the turns the others stored before it
    observes."""
    from ctxgraph.stores import RedisStore

    sessions, turns = 24, 12
    chats = {f"s{s}": conversation(s, turns) for s in range(sessions)}
    q = redis.Redis.from_url(redis_url, decode_responses=True)
    workers = [zygote.fork(task="serve", url=redis_url, prefix=prefix, worker=w) for w in range(WORKERS)]

    def dispatch(sid: str, k: int) -> None:
        w = (int(sid[1:]) + k) % WORKERS
        q.rpush(f"{prefix}q:{w}", json.dumps({"session": sid, "turn": k, "message": chats[sid][k]}))

    for sid in chats:
        dispatch(sid, 0)
    acks = []
    while len(acks) < sessions * turns:
        popped = q.blpop(f"{prefix}acks", timeout=120)
        assert popped is not None, f"no worker answered within 120 s after {len(acks)} turns"
        ack = json.loads(popped[1])
        acks.append(ack)
        if ack["turn"] + 1 < turns:
            dispatch(ack["session"], ack["turn"] + 1)
    for w in range(WORKERS):
        q.rpush(f"{prefix}q:{w}", "null")
    for pid in workers:
        zygote.expect(lambda m, pid=pid: m.get("pid") == pid and m.get("done"))
        zygote.reap(pid)
    q.close()

    assert all(a["length"] == a["turn"] + 1 for a in acks)  # each worker saw every earlier turn
    assert {a["worker"] for a in acks} == set(range(WORKERS))
    with RedisStore(redis_url, prefix=prefix) as store:
        assert store.sessions() == sorted(chats)
        for sid, messages in chats.items():
            assert store.load(sid) == replayed(messages), sid


def test_stores_concurrency_workers_writing_one_session_at_once(zygote, any_redis_url, prefix):
    """4 processes observe 25 messages each into one session at the same time: the lock
    serialises them, so all 100 turns are stored once, each worker's in its order, and the
    stored session is what one process replaying the stored order holds."""
    from ctxgraph.stores import RedisStore

    per_worker = 25
    mine = {w: [{"role": "user", "content": f"Worker {w} note {i}: my budget is ${(w + 1) * 100 + i}."}
                for i in range(per_worker)] for w in range(WORKERS)}
    pids = [zygote.fork(task="flood", url=any_redis_url, prefix=prefix, session="shared", messages=mine[w])
            for w in range(WORKERS)]
    for pid in pids:
        zygote.expect(lambda m, pid=pid: m.get("pid") == pid and m.get("done"))
        zygote.reap(pid)

    with RedisStore(any_redis_url, prefix=prefix) as store:
        session = store.load("shared")
    stored = [m["content"] for m in session["messages"]]
    assert sorted(stored) == sorted(m["content"] for ms in mine.values() for m in ms)
    for w, ms in mine.items():
        assert [c for c in stored if c.startswith(f"Worker {w} ")] == [m["content"] for m in ms]
    assert session == replayed(session["messages"])


def test_stores_concurrency_sigkill_leaves_a_whole_prefix(zygote, any_redis_url, prefix):
    """A process observing a long conversation into Redis is killed with SIGKILL at random
    moments, 20 times, and started again: each time the stored session is exactly a replay of
    a prefix of the messages, holding every turn the process reported stored before it died and
    at most one more (the turn in flight)."""
    from ctxgraph.stores import RedisStore

    messages = conversation(2026, 90)
    t = Tracker(**OPTIONS)
    prefixes = [session_of(t)]
    for m in messages:
        t.observe(m)
        prefixes.append(session_of(t))
    rng = random.Random(12)
    reported = 0
    store = RedisStore(any_redis_url, prefix=prefix)
    for _ in range(20):
        pid = zygote.fork(task="crash", url=any_redis_url, prefix=prefix, session="victim", messages=messages,
                          lock_expiry=0.3)  # a killed holder's lock goes after 0.3 s
        target = min(len(messages) - 1, reported + rng.randint(1, 3))
        while reported < target:
            reported = zygote.expect(lambda m, pid=pid: m.get("pid") == pid and "stored" in m)["stored"]
        time.sleep(rng.uniform(0, 0.03))  # not a wait for anything: the kill lands anywhere in a turn
        os.kill(pid, signal.SIGKILL)
        zygote.reap(pid)  # its lines all came before this answer: take the last turn it saw stored
        reported = max([reported, *zygote.take(lambda m, pid=pid: m.get("pid") == pid and "stored" in m)])
        session = store.load("victim")
        length = len(session["messages"])
        assert reported <= length <= reported + 1
        assert session == prefixes[length]
        reported = length
    store.close()
    assert reported > 20
