"""``ctxgraph bench serve``: the gateway under load, as it runs in production.

Three processes on this machine: a stub upstream (:class:`ctxgraph.testing.StubServer`,
answering every request after a fixed delay that stands in for the model's time), the
gateway started with ``ctxgraph serve`` (SQLite store in a temporary folder), and this
process driving ``sessions`` concurrent conversations of ``turns`` user turns each (every
request carries the whole history, as bots do). Reported: requests per second, errors,
and the gateway's own added latency per request, the client's total time minus the
upstream's time that the gateway reports in its ``Server-Timing`` header (p50, p95).
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

from ._speed import _percentile

#: The stub upstream's answer time (seconds): a fast model's time to a short reply.
UPSTREAM_DELAY = 0.5
#: The users' mean pause between a reply and their next message (seconds, exponentially
#: distributed): quick for a person reading a short reply and typing a line. 0 sends each
#: conversation's next request as soon as the reply is in (a stress test, not a chat).
THINK_TIME = 2.0
#: The bench client's timeout per request: the openai client's default.
CLIENT_TIMEOUT = 600.0
_STUB = """
import sys
from ctxgraph._tokens import get_encoding
from ctxgraph.testing import StubServer
get_encoding("o200k_base")  # the stub counts usage: its tokenizer is built before the first request
server = StubServer().start()
for i in range({n}):  # every reply another text, as a model's are
    server.reply(f"Thanks, I have noted request {{i}}. Your parcel leaves our warehouse within {{i % 5 + 1}} days. "
                 f"Is there anything else about the order?", delay={delay})
print(server.base_url, flush=True)
sys.stdin.read()
server.stop()
"""
_UPSTREAM_DUR = re.compile(r"upstream;dur=([0-9.]+)")
CITIES = ("Berlin", "Paris", "Madrid", "Lisbon", "Vienna", "Prague", "Oslo", "Dublin")


def _user_message(session: int, turn: int) -> str:
    city = CITIES[(session + turn) % len(CITIES)]
    if turn == 0:
        return f"Hi, I'm customer {session}. My budget is ${200 + session}. Please do not ship with FedEx."
    return (f"For order A{session}-{turn}, I need {turn % 5 + 1} units of SKU X{turn} shipped to {city} by "
            f"Friday. Can you confirm the delivery date?")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


async def _conversation(client: Any, url: str, session: int, turns: int, out: dict[str, Any]) -> None:
    history: list[dict[str, Any]] = []
    sid = f"bench-{out['run']}-{session}"
    pauses = random.Random(session)  # the same user pauses the same way in every run
    await asyncio.sleep(out["stagger"] * session)  # conversations start spread over one turn's time
    for turn in range(turns):
        if turn and out["think"]:  # the user reads the reply and types the next message
            await asyncio.sleep(pauses.expovariate(1 / out["think"]))
        history.append({"role": "user", "content": _user_message(session, turn)})
        started = time.perf_counter()
        try:
            response = await client.post(url, json={"model": "stub", "messages": history},
                                         headers={"X-Ctxgraph-Session": sid, "Authorization": "Bearer bench"})
            total = time.perf_counter() - started
            response.raise_for_status()
            reply = response.json()["choices"][0]["message"]
        except Exception as err:  # counted: the run reports zero errors or says how many
            out["errors"].append(f"{sid} turn {turn}: {type(err).__name__}: {err}"[:300])
            return
        upstream = _UPSTREAM_DUR.search(response.headers.get("server-timing", ""))
        out["total"].append(total)
        out["added"].append(total - float(upstream.group(1)) / 1000 if upstream else total)
        out["sent"].append(int(response.headers.get("x-ctxgraph-sent-tokens", 0)))
        out["history"].append(int(response.headers.get("x-ctxgraph-history-tokens", 0)))
        history.append({"role": "assistant", "content": reply["content"]})


async def _drive(base: str, sessions: int, turns: int, delay: float, *, think: float = 0.0,
                 run: int = 0) -> tuple[dict[str, Any], float]:
    import httpx

    out: dict[str, Any] = {"total": [], "added": [], "sent": [], "history": [], "errors": [],
                           "stagger": (delay + think) / sessions, "think": think, "run": run}
    # a client (a connection) per conversation, as separate bots or users have: one pool of 100
    # connections costs httpx time per request that grows with the pool (encode/httpx#3215),
    # which the bench would count as the gateway's
    clients = [httpx.AsyncClient(timeout=CLIENT_TIMEOUT) for _ in range(sessions)]
    try:
        started = time.perf_counter()
        await asyncio.gather(*(_conversation(clients[s], base + "/v1/chat/completions", s, turns, out)
                               for s in range(sessions)))
        return out, time.perf_counter() - started
    finally:
        for client in clients:
            await client.aclose()


def _wait_healthy(url: str, proc: subprocess.Popen, timeout: float = 300.0) -> None:
    import httpx

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"ctxgraph serve exited with status {proc.returncode}")
        try:
            if httpx.get(url + "/healthz", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise RuntimeError("ctxgraph serve did not answer /healthz in time")


def _stop(proc: subprocess.Popen | None) -> None:
    """SIGTERM (the stub: end of its stdin), then SIGKILL if it is not gone within a minute."""
    if proc is None:
        return
    if proc.stdin is not None:
        proc.stdin.close()
    else:
        proc.terminate()
    try:
        proc.wait(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    if proc.stdout is not None:
        proc.stdout.close()


def _cpu_seconds(pid: int) -> float | None:
    """CPU time of a process and its children (the gateway's workers); None without psutil."""
    try:
        import psutil
    except ImportError:
        return None
    try:
        root = psutil.Process(pid)
        return sum(sum(p.cpu_times()[:2]) for p in [root, *root.children(recursive=True)])
    except psutil.Error:
        return None


def _one_run(base: str, gateway: subprocess.Popen, *, sessions: int, turns: int, delay: float, think: float,
             run: int) -> dict[str, Any]:
    cpu_before = _cpu_seconds(gateway.pid)
    out, seconds = asyncio.run(_drive(base, sessions, turns, delay, think=think, run=run))
    cpu_after = _cpu_seconds(gateway.pid)
    n = len(out["total"])
    ms = lambda values, q: round(_percentile(values, q) * 1000, 2)  # noqa: E731
    return {"requests": n, "errors": len(out["errors"]), "error_examples": out["errors"][:5],
            "seconds": round(seconds, 2), "requests_per_s": round(n / seconds, 1) if seconds else None,
            "added_ms_p50": ms(out["added"], 0.5), "added_ms_p95": ms(out["added"], 0.95),
            "total_ms_p50": ms(out["total"], 0.5), "total_ms_p95": ms(out["total"], 0.95),
            "gateway_cpu_ms_per_request": round((cpu_after - cpu_before) / n * 1000, 2)
            if n and cpu_before is not None and cpu_after is not None else None,
            "history_tokens_mean": round(statistics.fmean(out["history"]), 1) if out["history"] else None,
            "sent_tokens_mean": round(statistics.fmean(out["sent"]), 1) if out["sent"] else None}


def run_serve(sessions: int = 100, turns: int = 20, *, workers: int = 2, delay: float = UPSTREAM_DELAY,
              think: float = THINK_TIME, repeats: int = 3, budget: int = 600, quick: bool = False,
              nlp: str = "rules") -> dict[str, Any]:
    """Run the load ``repeats`` times (new conversations each time, one gateway) and return the
    report: every run, and the median of each figure (``quick``: 10 sessions x 5 turns, once,
    pauses of 0.2 s at most;
    ``nlp``: the gateway's ``--nlp``; ``think``: the users' mean pause in seconds, 0 for
    back-to-back requests)."""
    if quick:
        sessions, turns, repeats, think = 10, 5, 1, min(think, 0.2)
    from ._run import machine

    with tempfile.TemporaryDirectory(prefix="ctxgraph-bench-serve-") as folder:
        replies = (sessions * turns + 10) * repeats
        stub = subprocess.Popen([sys.executable, "-c", _STUB.format(n=replies, delay=delay)],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        port = _free_port()
        env = {k: v for k, v in os.environ.items() if k not in ("PROMETHEUS_MULTIPROC_DIR", "CTXGRAPH_ADMIN_TOKEN")}
        gateway = None
        try:
            upstream = stub.stdout.readline().strip()
            store = f"sqlite:///{os.path.join(folder, 'sessions.db')}"
            gateway = subprocess.Popen(
                [sys.executable, "-m", "ctxgraph.cli", "serve", "--upstream", upstream, "--store", store,
                 "--port", str(port), "--workers", str(workers), "--budget", str(budget), "--log-level", "warning", "--nlp", nlp],
                env=env, cwd=folder)
            base = f"http://127.0.0.1:{port}"
            _wait_healthy(base, gateway)
            runs = [_one_run(base, gateway, sessions=sessions, turns=turns, delay=delay, think=think, run=run)
                    for run in range(repeats)]
        finally:
            load = os.getloadavg()[0]
            for proc in (gateway, stub):
                _stop(proc)
    median = {key: statistics.median(r[key] for r in runs) for key in MEDIAN_KEYS
              if all(r[key] is not None for r in runs)}
    return {
        "dataset": "serve", "sessions": sessions, "turns": turns, "workers": workers, "budget": budget,
        "store": "sqlite", "nlp": nlp, "upstream_delay_s": delay, "think_s": think, "repeats": repeats,
        "runs": runs, **median, "errors": sum(r["errors"] for r in runs),
        "error_examples": [e for r in runs for e in r["error_examples"]][:5],
        "load_average_1min": round(load, 2), "machine": machine(),
    }


#: The figures reported as the median over the runs.
MEDIAN_KEYS = ("requests", "requests_per_s", "added_ms_p50", "added_ms_p95", "total_ms_p50", "total_ms_p95",
               "gateway_cpu_ms_per_request", "history_tokens_mean", "sent_tokens_mean")


def serve_parts(report: dict[str, Any], markdown: bool, table: Any) -> list[str]:
    """The text / markdown lines of the serve report."""
    r = report
    head = (f"gateway: ctxgraph serve --nlp {r.get('nlp', 'rules')}, {r['workers']} worker(s), SQLite store, "
            f"budget {r['budget']}; {r['sessions']} conversations x {r['turns']} turns, users pausing "
            f"{r.get('think_s', 0)} s on average between a reply and their next message; stub upstream "
            f"answering after {r['upstream_delay_s']} s; every request carries the whole history "
            f"(mean {r.get('history_tokens_mean')} tokens, {r.get('sent_tokens_mean')} sent)")
    columns = ["run", "requests", "errors", "requests/s", "added p50 ms", "added p95 ms", "total p50 ms",
               "total p95 ms", "gateway CPU ms/request"]
    keys = ("requests", "errors", "requests_per_s", "added_ms_p50", "added_ms_p95", "total_ms_p50", "total_ms_p95",
            "gateway_cpu_ms_per_request")
    runs = r.get("runs") or [r]
    rows = [[n + 1, *(run.get(k) for k in keys)] for n, run in enumerate(runs)]
    if len(runs) > 1:
        rows.append(["median", *(r.get(k) if k != "errors" else r["errors"] for k in keys)])
    parts = [head, table(columns, rows, markdown)]
    parts.append(f"load average (1 min) at the end of the run: {r.get('load_average_1min')} on "
                 f"{(r.get('machine') or {}).get('cores', '?')} cores (other work on the machine counts too)")
    if r["error_examples"]:
        parts.append("errors, first: " + "; ".join(r["error_examples"]))
    return parts
