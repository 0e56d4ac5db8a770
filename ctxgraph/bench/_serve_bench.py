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


async def _conversation(client: Any, url: str, session: int, turns: int, out: dict[str, list]) -> None:
    history: list[dict[str, Any]] = []
    sid = f"bench-{session}"
    await asyncio.sleep(out["stagger"] * session)  # conversations start spread over one upstream delay
    for turn in range(turns):
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


async def _drive(base: str, sessions: int, turns: int, delay: float) -> tuple[dict[str, Any], float]:
    import httpx

    out: dict[str, Any] = {"total": [], "added": [], "sent": [], "history": [], "errors": [],
                           "stagger": delay / sessions}
    limits = httpx.Limits(max_connections=sessions + 10, max_keepalive_connections=sessions + 10)
    async with httpx.AsyncClient(timeout=CLIENT_TIMEOUT, limits=limits) as client:
        started = time.perf_counter()
        await asyncio.gather(*(_conversation(client, base + "/v1/chat/completions", s, turns, out)
                               for s in range(sessions)))
        return out, time.perf_counter() - started


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


def run_serve(sessions: int = 100, turns: int = 20, *, workers: int = 2, delay: float = UPSTREAM_DELAY,
              budget: int = 600, quick: bool = False, nlp: str = "trained") -> dict[str, Any]:
    """Run the load and return the report (``quick``: 10 sessions x 5 turns; ``nlp``: the
    gateway's ``--nlp``)."""
    if quick:
        sessions, turns = 10, 5
    from ._run import machine

    with tempfile.TemporaryDirectory(prefix="ctxgraph-bench-serve-") as folder:
        stub = subprocess.Popen([sys.executable, "-c", _STUB.format(n=sessions * turns + 10, delay=delay)],
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
            out, seconds = asyncio.run(_drive(base, sessions, turns, delay))
        finally:
            load = os.getloadavg()[0]
            for proc in (gateway, stub):
                _stop(proc)
    ms = lambda values, q: round(_percentile(values, q) * 1000, 2)  # noqa: E731
    return {
        "dataset": "serve", "sessions": sessions, "turns": turns, "workers": workers, "budget": budget,
        "store": "sqlite", "nlp": nlp, "upstream_delay_s": delay, "requests": len(out["total"]),
        "errors": len(out["errors"]),
        "error_examples": out["errors"][:5], "seconds": round(seconds, 2),
        "requests_per_s": round(len(out["total"]) / seconds, 1) if seconds else None,
        "added_ms_p50": ms(out["added"], 0.5), "added_ms_p95": ms(out["added"], 0.95),
        "total_ms_p50": ms(out["total"], 0.5), "total_ms_p95": ms(out["total"], 0.95),
        "history_tokens_mean": round(statistics.fmean(out["history"]), 1) if out["history"] else None,
        "sent_tokens_mean": round(statistics.fmean(out["sent"]), 1) if out["sent"] else None,
        "load_average_1min": round(load, 2), "machine": machine(),
    }


def serve_parts(report: dict[str, Any], markdown: bool, table: Any) -> list[str]:
    """The text / markdown lines of the serve report."""
    r = report
    rows = [[r["sessions"], r["turns"], r["workers"], r["requests"], r["errors"], r["requests_per_s"],
             r["added_ms_p50"], r["added_ms_p95"], r["total_ms_p50"], r["total_ms_p95"]]]
    head = (f"gateway: ctxgraph serve --nlp {r.get('nlp', 'trained')}, {r['workers']} worker(s), SQLite store, "
            f"budget {r['budget']}; stub upstream "
            f"answering after {r['upstream_delay_s']} s; every request carries the whole history "
            f"(mean {r['history_tokens_mean']} tokens, {r['sent_tokens_mean']} sent)")
    parts = [head, table(["sessions", "turns", "workers", "requests", "errors", "requests/s", "added p50 ms",
                          "added p95 ms", "total p50 ms", "total p95 ms"], rows, markdown)]
    parts.append(f"load average (1 min) at the end of the run: {r.get('load_average_1min')} on "
                 f"{(r.get('machine') or {}).get('cores', '?')} cores (other work on the machine counts too)")
    if r["error_examples"]:
        parts.append("errors, first: " + "; ".join(r["error_examples"]))
    return parts
