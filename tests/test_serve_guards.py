"""ctxgraph serve under abuse (issues 23 and 24): closed admin routes, bounded requests, a
stored session nobody can wipe through the chat route, a store outage said plainly. Real
uvicorn on 127.0.0.1, the real openai client, ctxgraph.testing.StubServer upstream, real
SQLite files and a real redis-server."""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import sys
import time

import httpx
import openai
import pytest

from ctxgraph.cli import main
from ctxgraph.serve import ServeConfig, create_app, serving
from ctxgraph.stores import open_store
from tests.test_serve import get, stored

VICTIM = [{"role": "user", "content": "My budget is $500. Please do not ship with FedEx."},
          {"role": "assistant", "content": "Noted."},
          {"role": "user", "content": "I need it in Berlin by Friday."},
          {"role": "assistant", "content": "Understood."}]


@pytest.fixture
def store_url(tmp_path):
    return f"sqlite:///{tmp_path / 'sessions.db'}"


_CLIENTS: list[openai.OpenAI] = []


@pytest.fixture(autouse=True)
def _close_clients():
    """Each test's openai clients are closed when it ends (their pooled sockets with them)."""
    yield
    while _CLIENTS:
        _CLIENTS.pop().close()


def client(url: str) -> openai.OpenAI:
    made = openai.OpenAI(base_url=url + "/v1", api_key="caller-key", max_retries=0)
    _CLIENTS.append(made)
    return made


@pytest.mark.parametrize("token", [None, "", "   "], ids=["unset", "empty", "spaces"])
def test_the_state_api_is_closed_without_a_token(server, store_url, monkeypatch, token):
    """23.4 / 24.2: no token (or an empty one) is a 403 naming CTXGRAPH_ADMIN_TOKEN, on every route."""
    if token is None:
        monkeypatch.delenv("CTXGRAPH_ADMIN_TOKEN", raising=False)
    else:
        monkeypatch.setenv("CTXGRAPH_ADMIN_TOKEN", token)
    with serving(create_app(ServeConfig(upstream=server.base_url, store=store_url, lang="en"))) as url:
        client(url).chat.completions.create(model="m", messages=VICTIM[:1], user="alice")
        for path in ("/v1/sessions", "/v1/sessions/alice/state", "/v1/sessions/alice/context",
                     "/v1/sessions/alice/graph"):
            status, body = get(url + path)
            assert status == 403 and body["error"]["code"] == "E240", path
            assert "CTXGRAPH_ADMIN_TOKEN" in body["error"]["message"] and "500" not in json.dumps(body)
            assert get(url + path, token="anything")[0] == 403
        delete = httpx.delete(url + "/v1/sessions/alice")
        assert delete.status_code == 403 and delete.json()["error"]["code"] == "E240"
    assert open_store(store_url).length("alice") == 2


def test_admin_open_opens_the_state_api_without_a_token(server, store_url, monkeypatch):
    monkeypatch.delenv("CTXGRAPH_ADMIN_TOKEN", raising=False)
    app = create_app(ServeConfig(upstream=server.base_url, store=store_url, lang="en", admin_open=True))
    with serving(app) as url:
        client(url).chat.completions.create(model="m", messages=VICTIM[:1], user="alice")
        assert get(url + "/v1/sessions") == (200, {"sessions": ["alice"]})


def test_serve_help_names_the_admin_token_and_the_limits(capsys):
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    text = capsys.readouterr().out
    for word in ("CTXGRAPH_ADMIN_TOKEN", "--admin-open", "--max-body", "--max-messages", "--on-divergence"):
        assert word in text, word


def test_a_rejected_request_leaves_no_session_behind(server, store_url):
    """23.6: a message with an unknown role is a 400 (E021), and the store holds nothing of it."""
    with serving(create_app(ServeConfig(upstream=server.base_url, store=store_url, lang="en"))) as url:
        with pytest.raises(openai.BadRequestError) as raised:
            client(url).chat.completions.create(model="m", messages=[{"role": "wizard", "content": "hi"}], user="s2")
        assert raised.value.body["code"] == "E021"
    assert open_store(store_url).sessions() == [] and server.requests == []


@pytest.mark.parametrize("how", ["user field", "session header"])
def test_nobody_wipes_a_stored_session_through_the_chat_route(server, store_url, monkeypatch, how):
    """24.1: with the admin token set, an unauthenticated request whose history does not continue
    the victim's is forwarded untouched and recorded nowhere; the victim's turns stay, and the
    victim goes on."""
    monkeypatch.setenv("CTXGRAPH_ADMIN_TOKEN", "s3cret")
    named = {"user": "victim"} if how == "user field" else {"extra_headers": {"X-Ctxgraph-Session": "victim"}}
    with serving(create_app(ServeConfig(upstream=server.base_url, store=store_url, lang="en"))) as url:
        history = VICTIM[:1]
        reply = client(url).chat.completions.create(model="m", messages=history, user="victim")
        history = VICTIM[:1] + [{"role": "assistant", "content": reply.choices[0].message.content}] + VICTIM[2:3]
        client(url).chat.completions.create(model="m", messages=history, user="victim")
        before = stored(store_url, "victim", 4)["messages"]
        assert len(before) == 4
        raw = client(url).chat.completions.with_raw_response.create(
            model="m", messages=[{"role": "user", "content": "hi"}], **named)
        assert raw.headers["x-ctxgraph-diverged"] == "1" and raw.parse().choices[0].message.content == "ok"
        assert server.requests[-1].body["messages"] == [{"role": "user", "content": "hi"}]  # untouched
        assert "$500" not in json.dumps(server.requests[-1].body)
        retry = client(url).chat.completions.with_raw_response.create(model="m", messages=history, user="victim")
        assert retry.headers["x-ctxgraph-diverged"] == "1"  # a retry of an answered question is served too
        assert open_store(store_url).load("victim")["messages"] == before
        status, state = get(url + "/v1/sessions/victim/state", token="s3cret")
        assert status == 200 and state["turns"] == 4 and "500" in json.dumps(state)
        history += [{"role": "assistant", "content": before[3]["content"]},
                    {"role": "user", "content": "Which carrier will you use?"}]
        raw = client(url).chat.completions.with_raw_response.create(model="m", messages=history, user="victim")
        assert "x-ctxgraph-diverged" not in raw.headers  # the victim goes on, tracked
        assert len(stored(store_url, "victim", 6)["messages"]) == 6


def test_on_divergence_refuse_is_a_409_and_keeps_the_session(server, store_url):
    config = ServeConfig(upstream=server.base_url, store=store_url, lang="en", on_divergence="refuse")
    with serving(create_app(config)) as url:
        client(url).chat.completions.create(model="m", messages=VICTIM[:1], user="victim")
        stored(store_url, "victim", 2)
        with pytest.raises(openai.ConflictError) as raised:
            client(url).chat.completions.create(model="m", messages=[{"role": "user", "content": "hi"}], user="victim")
        assert raised.value.status_code == 409 and raised.value.body["code"] == "E241"
        assert len(server.requests) == 1
    assert [m["content"] for m in open_store(store_url).load("victim")["messages"]] == [VICTIM[0]["content"], "ok"]


def test_on_divergence_rebuild_restarts_the_session_for_trusted_callers(server, store_url):
    config = ServeConfig(upstream=server.base_url, store=store_url, lang="en", on_divergence="rebuild")
    with serving(create_app(config)) as url:
        client(url).chat.completions.create(model="m", messages=VICTIM[:1], user="edited")
        stored(store_url, "edited", 2)
        client(url).chat.completions.create(model="m", messages=[{"role": "user", "content": "Start over."}],
                                            user="edited")
    assert [m["content"] for m in open_store(store_url).load("edited")["messages"]] == ["Start over.", "ok"]


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def test_deep_json_is_a_coded_400_not_a_500(server, store_url):
    """24.3: a body nested 1,000 deep, a tracked body nested 200 deep and tool-call arguments
    nested 600 deep are each a coded 400 (E244), and the gateway goes on serving."""
    with serving(create_app(ServeConfig(upstream=server.base_url, store=store_url, lang="en"))) as url:
        post = f"{url}/v1/chat/completions"
        headers = {"content-type": "application/json"}
        deep = httpx.post(post, content='{"model": "m", "user": "d", "messages": [], "x": %s}' % _nested(1000),
                          headers=headers)
        assert deep.status_code == 400 and deep.json()["error"]["code"] == "E244"
        body = {"model": "m", "user": "d", "messages": [{"role": "user", "content": "hi"}],
                "metadata": json.loads(_nested(200))}
        middle = httpx.post(post, json=body, headers=headers)
        assert middle.status_code == 400 and middle.json()["error"]["code"] == "E244"
        arguments: dict = {"sku": "X1"}
        for _ in range(600):
            arguments = {"a": arguments}
        call = {"id": "c1", "type": "function", "function": {"name": "create_order", "arguments": arguments}}
        messages = [{"role": "user", "content": "Order it."}, {"role": "assistant", "content": None,
                                                               "tool_calls": [call]},
                    {"role": "tool", "tool_call_id": "c1", "content": "done"}]
        with pytest.raises(openai.BadRequestError) as raised:
            client(url).chat.completions.create(model="m", messages=messages, user="d")
        assert raised.value.body["code"] == "E244"
        client(url).chat.completions.create(model="m", messages=[{"role": "user", "content": "hi"}], user="d")
    assert server.requests[-1].body["messages"][-1]["content"] == "hi" and len(server.requests) == 1


def test_bodies_past_max_body_are_413_before_they_are_read(server, store_url):
    """24.4: a body longer than --max-body is a 413 (E242), whether it says its length or streams
    in chunks; nothing reaches the upstream or the store."""
    config = ServeConfig(upstream=server.base_url, store=store_url, lang="en", max_body=20_000)
    big = [{"role": "user", "content": "word " * 5000}]
    with serving(create_app(config)) as url:
        with pytest.raises(openai.APIStatusError) as raised:
            client(url).chat.completions.create(model="m", messages=big, user="big")
        assert raised.value.status_code == 413 and raised.value.body["code"] == "E242"

        def chunks():  # no Content-Length: chunked transfer encoding
            yield b'{"model": "m", "user": "big", "messages": [{"role": "user", "content": "'
            for _ in range(100):
                yield b"word " * 100
            yield b'"}]}'

        chunked = httpx.post(url + "/v1/chat/completions", content=chunks(), headers={"content-type": "application/json"})
        assert chunked.status_code == 413 and chunked.json()["error"]["code"] == "E242"
        small = client(url).chat.completions.create(model="m", messages=[{"role": "user", "content": "hi"}], user="ok")
        assert small.choices[0].message.content == "ok"
    assert [r.body["user"] for r in server.requests] == ["ok"]
    assert open_store(store_url).sessions() == ["ok"]


def test_more_messages_than_max_messages_is_a_413(server, store_url):
    """23.17: one request's work is bounded: more messages than --max-messages is a 413 (E243)."""
    config = ServeConfig(upstream=server.base_url, store=store_url, lang="en", max_messages=50)
    many = [{"role": "user", "content": f"m{i}"} for i in range(51)]
    with serving(create_app(config)) as url:
        with pytest.raises(openai.APIStatusError) as raised:
            client(url).chat.completions.create(model="m", messages=many, user="many")
        assert raised.value.status_code == 413 and raised.value.body["code"] == "E243"
        client(url).chat.completions.create(model="m", messages=many[:50], user="many")
    assert open_store(store_url).length("many") == 51  # 50 messages and the reply


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _redis_server(port: int, folder) -> subprocess.Popen:
    """A real redis-server on 127.0.0.1:port, returned once it accepts connections."""
    proc = subprocess.Popen([shutil.which("redis-server"), "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                             "--appendonly", "no", "--dir", str(folder), "--daemonize", "no"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    for line in proc.stdout:
        if "Ready to accept connections" in line:
            return proc
    _stop(proc)
    raise RuntimeError("redis-server did not start")


def _stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    proc.communicate(timeout=30)  # reads the rest of its log, closes the pipe


@pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server is not installed")
def test_a_store_outage_is_a_coded_503_and_healthz_says_degraded(server, tmp_path, monkeypatch):
    """24.7: with Redis stopped, the admin routes answer 503 E121 (not a plain 500), /healthz says
    degraded, /readyz answers 503; once Redis is back, both say ok again."""
    monkeypatch.setenv("CTXGRAPH_ADMIN_TOKEN", "s3cret")
    port = _free_port()
    redis = _redis_server(port, tmp_path)
    try:
        config = ServeConfig(upstream=server.base_url, store=f"redis://127.0.0.1:{port}/0", lang="en")
        with serving(create_app(config)) as url:
            client(url).chat.completions.create(model="m", messages=VICTIM[:1], user="alice")
            assert get(url + "/healthz") == (200, {"status": "ok"}) and get(url + "/readyz")[0] == 200
            _stop(redis)
            for path in ("/v1/sessions", "/v1/sessions/alice/state"):
                status, body = get(url + path, token="s3cret")
                assert status == 503 and body["error"]["code"] == "E121", path
            status, health = get(url + "/healthz")
            assert status == 200 and health["status"] == "degraded" and "E121" in health["store"]
            status, ready = get(url + "/readyz")
            assert status == 503 and ready["status"] == "degraded"
            with pytest.raises(openai.InternalServerError) as raised:
                client(url).chat.completions.create(model="m", messages=VICTIM[:1], user="bob")
            assert raised.value.status_code == 503 and raised.value.body["code"] == "E121"
            redis = _redis_server(port, tmp_path)
            assert get(url + "/healthz") == (200, {"status": "ok"}) and get(url + "/readyz")[0] == 200
    finally:
        _stop(redis)


def _workers(pid: int) -> list[int]:
    """The worker processes of the gateway ``pid`` (multiprocessing's spawned children, not its
    resource tracker)."""
    import pathlib

    out = []
    for task in pathlib.Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            try:
                cmdline = pathlib.Path(f"/proc/{child}/cmdline").read_bytes()
            except OSError:
                continue
            if b"spawn_main" in cmdline and b"resource_tracker" not in cmdline:
                out.append(int(child))
    return out


def _start_gateway(server, store_url: str, tmp_path, port: int) -> subprocess.Popen:
    import os

    env = {k: v for k, v in os.environ.items() if k not in ("PROMETHEUS_MULTIPROC_DIR", "CTXGRAPH_ADMIN_TOKEN")}
    return subprocess.Popen([sys.executable, "-m", "ctxgraph.cli", "serve", "--upstream", server.base_url,
                             "--store", store_url, "--port", str(port), "--workers", "2", "--lang", "en",
                             "--log-level", "warning"], env=env, cwd=tmp_path, stderr=subprocess.PIPE, text=True)


def _wait_until(check, proc: subprocess.Popen, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            if check():
                return
        except OSError:
            pass
        assert proc.poll() is None, f"the gateway exited with status {proc.returncode}"
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.2)


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads worker processes from /proc")
def test_workers_killed_every_few_seconds_are_replaced_and_it_says_what_it_serves(server, store_url, tmp_path):
    """23.16 and 23.5: `ctxgraph serve --workers 2`; one worker SIGKILLed 8 times in a row, each
    as soon as the one killed before was replaced (the last three after the back-off's pauses):
    the gateway keeps starting workers (a log line each), keeps answering, and stops with status
    0 on SIGTERM. It said at start what it serves."""
    import signal

    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    proc = _start_gateway(server, store_url, tmp_path, port)
    try:
        _wait_until(lambda: get(url + "/healthz")[0] == 200 and len(_workers(proc.pid)) == 2, proc, 120)
        for kill in range(8):
            pids = _workers(proc.pid)
            assert pids, "no worker running"
            victim = pids[kill % len(pids)]
            subprocess.run(["kill", "-KILL", str(victim)], check=True)
            # replaced: polled, not slept (a worker may be killed again while it is still starting)
            _wait_until(lambda: victim not in (now := _workers(proc.pid)) and len(now) == 2, proc, 120)
            assert proc.poll() is None, f"the gateway exited after kill {kill + 1}"
        _wait_until(lambda: len(_workers(proc.pid)) == 2 and get(url + "/healthz")[0] == 200, proc, 120)
        reply = client(url).chat.completions.create(model="m", messages=VICTIM[:1], user="after-kills")
        assert reply.choices[0].message.content == "ok"
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0, err
    assert err.count("starting another in") >= 8, err
    for line in ("ctxgraph serve on http://127.0.0.1:%d/v1" % port, "upstream       " + server.base_url,
                 "store          " + store_url, "budget         1500", "workers        2",
                 "reading        English: rules", "admin API      closed (403)"):
        assert line in err, line


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads worker processes from /proc")
def test_workers_that_cannot_start_make_the_gateway_exit_non_zero(server, tmp_path):
    """23.16: when a new worker cannot make its app (the store file was replaced by something
    that is not a store), the gateway stops with a non-zero status, for a supervisor to see."""
    import os

    path = tmp_path / "sessions.db"
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    proc = _start_gateway(server, f"sqlite:///{path}", tmp_path, port)
    try:
        _wait_until(lambda: get(url + "/healthz")[0] == 200 and len(_workers(proc.pid)) == 2, proc, 120)
        broken = tmp_path / "broken.db"
        broken.write_bytes(b"this is not a SQLite database" * 100)
        os.replace(broken, path)
        subprocess.run(["kill", "-KILL", str(_workers(proc.pid)[0])], check=True)
        _, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode != 0, err
    assert "could not start the app" in err and "Traceback" not in err, err


def test_a_long_first_history_is_observed_in_slices_and_stored_whole(server, store_url):
    """23.17: a first request of more than four slices of messages (420) is observed in slices
    (other sessions are served between them); the store then holds every message once, in
    order, and the reply; the upstream got one request."""
    from ctxgraph.serve._proxy import SLICE

    history = []
    for i in range(2 * SLICE + 10):
        history += [{"role": "user", "content": f"Question {i}: is item {i} in stock?"},
                    {"role": "assistant", "content": f"Item {i} is in stock."}]
    history[-1] = {"role": "user", "content": "And what did I ask first?"}
    assert len(history) > 4 * SLICE
    with serving(create_app(ServeConfig(upstream=server.base_url, store=store_url, lang="en"))) as url:
        reply = client(url).chat.completions.create(model="m", messages=history, user="long")
        assert reply.choices[0].message.content == "ok"
        session = stored(store_url, "long", len(history) + 1)
        assert [m["content"] for m in session["messages"]] == [m["content"] for m in history] + ["ok"]
        assert len(server.requests) == 1
        history += [{"role": "assistant", "content": "ok"}, {"role": "user", "content": "Thanks."}]
        client(url).chat.completions.create(model="m", messages=history, user="long")
        assert len(stored(store_url, "long", len(history) + 1)["messages"]) == len(history) + 1


def test_the_depth_check_reads_each_container_of_a_body_once():
    """Leftover of the review: the per-request depth check walks the whole body, so it must be
    linear in its size: every dict and list is read once (counted here), scalars not at all,
    and a body as deep as the limit passes while one deeper does not."""
    from ctxgraph.serve._http import MAX_BODY_DEPTH, nested_deeper

    reads = []

    class Dict(dict):
        def values(self):
            reads.append(id(self))
            return super().values()

    class List(list):
        def __iter__(self):
            reads.append(id(self))
            return super().__iter__()

    def chain(depth: int):  # List(Dict(List(...))) nested `depth` containers deep
        value = List(["leaf"])
        for level in range(depth - 1):
            value = Dict(k=value) if level % 2 else List([value, 1, "x"])
        return value

    wide = Dict(messages=List([Dict(role="user", content=f"m{i}", n=List([i, i + 1])) for i in range(2000)]),
                deep=chain(MAX_BODY_DEPTH - 1))
    containers = 2 + 2000 * 2 + (MAX_BODY_DEPTH - 1)
    assert nested_deeper(wide, MAX_BODY_DEPTH) is False
    assert len(reads) == len(set(reads)) == containers
    reads.clear()
    assert nested_deeper(Dict(deep=chain(MAX_BODY_DEPTH)), MAX_BODY_DEPTH) is True
    assert len(reads) == len(set(reads)) <= MAX_BODY_DEPTH + 1


def test_a_request_checks_its_history_against_the_session_in_linear_work(tmp_path):
    """Leftover of the review: each request compares the caller's whole history with what the
    session observed (the behaviour is kept). Its cost is counted in Python calls outside the
    tracker's observe and assemble (one new message each time): doubling the history doubles the
    extra work, never more, on a real SQLite store."""
    from ctxgraph import Tracker
    from ctxgraph.serve._sessions import Sessions

    skip = {Tracker.observe.__code__, Tracker.assemble.__code__}
    sessions = Sessions(ServeConfig(upstream="http://127.0.0.1:9/v1", store=f"sqlite:///{tmp_path / 's.db'}",
                                    budget=300, lang="en"))
    history: list[dict] = []

    def request(*, counted: bool) -> int:
        history.append({"role": "user", "content": f"Question {len(history)}: where is my order A{len(history)}?"})
        state = {"calls": 0, "inside": 0}

        def count(frame, event, arg):
            if event == "call":
                state["inside"] += frame.f_code in skip
                state["calls"] += not state["inside"]
            elif event == "return" and frame.f_code in skip:
                state["inside"] -= 1

        if counted:
            sys.setprofile(count)
        try:
            call, sent = sessions.begin("u", {"model": "m", "messages": history}, None)
        finally:
            sys.setprofile(None)
        assert sent["messages"][-1] == history[-1] and call.report.history == "continued"
        history.append({"role": "assistant", "content": f"Answer {len(history)}: it ships tomorrow."})
        sessions.finish(call, history[-1])
        return state["calls"]

    counts = {}
    for size in (10, 20, 40):  # one growing session: counted at 10, 20 and 40 messages
        while len(history) < size - 2:
            request(counted=False)
        counts[size] = request(counted=True)
        assert len(sessions.tracker("u").messages) == size
    sessions.close()
    small, double, quadruple = counts[10], counts[20], counts[40]
    assert 0 < double - small and quadruple - double <= 2.2 * (double - small), counts
