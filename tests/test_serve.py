"""ctxgraph serve (issue 13): a real uvicorn on 127.0.0.1, the real openai client pointed at it,
and ctxgraph.testing.StubServer as the upstream model. Nothing leaves the machine."""

from __future__ import annotations

import asyncio
import json
import time
import urllib.error
import urllib.request

import openai
import pytest

from ctxgraph import Tracker, count_message_tokens
from ctxgraph.serve import ServeConfig, create_app, serving
from ctxgraph.stores import open_store

FACTS = {"alice": "My budget is $500. Please do not ship with FedEx.",
         "bob": "My budget is $900. I want it shipped with DHL to Berlin."}


@pytest.fixture
def stub(server):
    """The upstream: conftest's StubServer on 127.0.0.1."""
    return server


@pytest.fixture
def store_url(tmp_path):
    return f"sqlite:///{tmp_path / 'sessions.db'}"


@pytest.fixture
def gateway(stub, store_url):
    """(base URL of a running gateway, its app) in front of the stub."""
    app = create_app(ServeConfig(upstream=stub.base_url, store=store_url, budget=400, lang="en", admin_open=True))
    with serving(app) as url:
        yield url, app


def client(url: str, **options) -> openai.OpenAI:
    return openai.OpenAI(base_url=url + "/v1", api_key="caller-key", max_retries=0, **options)


def get(url: str, token: str | None = None) -> tuple[int, dict | str]:
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"} if token else {})
    try:
        with urllib.request.urlopen(request) as response:
            body, status, kind = response.read().decode(), response.status, response.headers["content-type"]
    except urllib.error.HTTPError as err:
        body, status, kind = err.read().decode(), err.code, err.headers["content-type"]
    return status, json.loads(body) if kind.startswith("application/json") else body


def tokens(messages: list) -> int:
    """Exact tokens as the gateway's trackers count them (encoding and per-message overhead)."""
    t = Tracker(lang="en")
    return count_message_tokens(messages, t.encoding, per_message=t.tokens_per_message)


def stored(store_url: str, sid: str, messages: int, timeout: float = 30.0) -> dict:
    """The session as stored once it holds ``messages`` messages: a plain reply is recorded just
    after it is sent (the session's next request waits for it, a reader of the store does not)."""
    store, deadline = open_store(store_url), time.monotonic() + timeout
    while True:
        session = store.load(sid)
        if session is not None and len(session["messages"]) >= messages or time.monotonic() > deadline:
            return session
        time.sleep(0.01)


def session_header(sid: str) -> dict:
    return {"extra_headers": {"X-Ctxgraph-Session": sid}}


def test_a_plain_call_is_tracked_and_the_state_api_shows_it(gateway, stub):
    url, _ = gateway
    history = [{"role": "user", "content": FACTS["alice"]}]
    stub.reply("Noted: $500, and no FedEx.")
    raw = client(url).chat.completions.with_raw_response.create(model="m", messages=history, **session_header("alice"))
    reply = raw.parse()
    assert reply.choices[0].message.content == "Noted: $500, and no FedEx."
    assert raw.headers["x-ctxgraph-session"] == "alice"
    assert int(raw.headers["x-ctxgraph-sent-tokens"]) <= 400 == int(raw.headers["x-ctxgraph-budget"])
    assert "upstream;dur=" in raw.headers["server-timing"]
    assert stub.requests[-1].headers["authorization"] == "Bearer caller-key"  # the caller's key passed on
    assert "x-ctxgraph-session" not in stub.requests[-1].headers
    status, state = get(url + "/v1/sessions/alice/state")
    assert status == 200 and state["schema"] == "ctxgraph.state/1" and state["turns"] == 2
    assert "500" in json.dumps(state) and "FedEx" in json.dumps(state)
    assert get(url + "/v1/sessions") == (200, {"sessions": ["alice"]})


def test_the_user_field_names_the_session_and_streams_record_tool_calls(gateway, stub, store_url):
    url, _ = gateway
    history = [{"role": "user", "content": "Please create an order for SKU X1, shipped to Berlin."}]
    stub.reply(tool_calls=[{"name": "create_order", "arguments": {"sku": "X1", "city": "Berlin"}}])
    with client(url).chat.completions.create(model="m", messages=history, user="carol", stream=True) as stream:
        chunks = list(stream)
    calls = [tc for c in chunks for ch in c.choices for tc in (ch.delta.tool_calls or [])]
    assert calls[0].function.name == "create_order"
    assert stub.requests[-1].body["user"] == "carol"  # the body goes on as the caller wrote it
    stored = open_store(store_url).load("carol")
    assert [m["role"] for m in stored["messages"]] == ["user", "assistant"]
    assert stored["messages"][1]["tool_calls"][0]["function"]["name"] == "create_order"
    stub.reply("Order placed.")
    history += [stored["messages"][1], {"role": "tool", "tool_call_id": calls[0].id, "content": '{"order": "A-7"}'}]
    text = "".join(c.choices[0].delta.content or "" for c in
                   client(url).chat.completions.create(model="m", messages=history, user="carol", stream=True)
                   if c.choices)
    assert text == "Order placed."
    assert open_store(store_url).length("carol") == 4  # the tool result, then the reply: no duplicate


def test_async_clients_on_two_sessions_never_see_each_others_facts(gateway, stub):
    url, _ = gateway

    async def talk(sid: str) -> None:
        async with openai.AsyncOpenAI(base_url=url + "/v1", api_key="k", max_retries=0) as aclient:
            history = [{"role": "user", "content": FACTS[sid]}]
            for turn in range(4):
                reply = await aclient.chat.completions.create(model="m", messages=history, **session_header(sid))
                history += [reply.choices[0].message.model_dump(exclude_none=True),
                            {"role": "user", "content": f"Question {turn} from {sid}: what is my budget?"}]

    async def both() -> None:
        await asyncio.gather(talk("alice"), talk("bob"))

    asyncio.run(both())
    assert len(stub.requests) == 8
    for request in stub.requests:
        text = json.dumps(request.body["messages"])
        mine = "alice" if "from alice" in text or "$500" in text else "bob"
        other = "bob" if mine == "alice" else "alice"
        assert f"from {other}" not in text and ("$900" if other == "bob" else "$500") not in text
    for sid, budget in (("alice", "500"), ("bob", "900")):
        status, state = get(url + f"/v1/sessions/{sid}/state")
        assert state["turns"] == 8 and budget in json.dumps(state)


def test_after_40_turns_the_upstream_gets_at_most_the_budget_and_the_early_constraints(gateway, stub):
    url, _ = gateway
    c = client(url)
    history = [{"role": "user", "content": FACTS["alice"]}]
    for turn in range(40):
        reply = c.chat.completions.create(model="m", messages=history, **session_header("long"))
        history += [{"role": "assistant", "content": reply.choices[0].message.content},
                    {"role": "user", "content": f"Tell me more about option {turn}, the blue model with the long "
                                                f"warranty and the larger battery, and compare it with the others."}]
    sent = stub.requests[-1].body["messages"]
    assert tokens(sent) <= 400 and "Please do not ship with FedEx" in sent[0]["content"]
    assert tokens(history) > 3 * 400  # far over the budget
    c.chat.completions.create(model="m", messages=history, extra_headers={"X-Ctxgraph-Session": "long",
                                                                          "X-Ctxgraph-Budget": "600"})
    sent = stub.requests[-1].body["messages"]
    assert tokens(sent) <= 600 and "FedEx" in sent[0]["content"] and "$500" in sent[0]["content"]


@pytest.mark.parametrize("status, error", [(429, openai.RateLimitError), (500, openai.InternalServerError)])
def test_upstream_errors_reach_the_client_unchanged_and_the_session_stays(gateway, stub, store_url, status, error):
    url, _ = gateway
    history = [{"role": "user", "content": FACTS["alice"]}]
    body = {"error": {"message": f"upstream says {status}", "type": "x", "param": None, "code": "slow_down"}}
    stub.reply(status=status, body=body)
    with pytest.raises(error) as raised:
        client(url).chat.completions.create(model="m", messages=history, **session_header("alice"))
    assert raised.value.status_code == status and raised.value.body == body["error"]
    assert open_store(store_url).length("alice") == 0  # the question waits for its reply
    client(url).chat.completions.create(model="m", messages=history, **session_header("alice"))  # the retry
    assert [m["role"] for m in stored(store_url, "alice", 2)["messages"]] == ["user", "assistant"]


def test_an_upstream_timeout_is_the_clients_timeout_and_the_session_stays(gateway, stub, store_url):
    url, _ = gateway
    history = [{"role": "user", "content": FACTS["bob"]}]
    stub.reply("too late", delay=2.0)
    with pytest.raises(openai.APITimeoutError):
        client(url, timeout=0.5).chat.completions.create(model="m", messages=history, **session_header("bob"))
    client(url).chat.completions.create(model="m", messages=history, **session_header("bob"))  # waits for the first
    assert [m["content"] for m in stored(store_url, "bob", 2)["messages"]] == [FACTS["bob"], "ok"]


def test_the_gateways_own_upstream_timeout_is_a_504(stub, store_url):
    app = create_app(ServeConfig(upstream=stub.base_url, store=store_url, timeout=0.3, lang="en"))
    stub.reply("too late", delay=2.0)
    with serving(app) as url, pytest.raises(openai.InternalServerError) as raised:
        client(url).chat.completions.create(model="m", messages=[{"role": "user", "content": "hi"}], user="u")
    assert raised.value.status_code == 504 and "E193" in raised.value.message


def test_a_request_without_session_is_forwarded_untouched_and_counted(gateway, stub):
    url, _ = gateway
    history = [{"role": "user", "content": FACTS["alice"]}]
    client(url).chat.completions.create(model="m", messages=history, temperature=0.5)
    assert stub.requests[-1].body == {"model": "m", "messages": history, "temperature": 0.5}
    assert get(url + "/v1/sessions") == (200, {"sessions": []})
    status, text = get(url + "/metrics")
    assert 'ctxgraph_requests_total{kind="untracked"} 1.0' in text


def test_models_pass_through(gateway, stub):
    url, _ = gateway
    with pytest.raises(openai.NotFoundError) as raised:  # the stub serves no /models: its own 404 comes back
        client(url).models.list()
    assert "The stub serves POST" in raised.value.message
    assert stub.requests == []  # GET is not recorded by the stub; it answered


def test_bad_session_ids_and_budgets_are_400(gateway, stub):
    url, _ = gateway
    c = client(url)
    with pytest.raises(openai.BadRequestError) as raised:
        c.chat.completions.create(model="m", messages=[{"role": "user", "content": "hi"}], user="../../etc/passwd")
    assert "E190" in raised.value.message
    with pytest.raises(openai.BadRequestError) as raised:
        c.chat.completions.create(model="m", messages=[{"role": "user", "content": "hi"}], user="u",
                                  extra_headers={"X-Ctxgraph-Budget": "lots"})
    assert "E191" in raised.value.message
    assert stub.requests == []
    assert get(url + "/v1/sessions/a%20b/state")[0] == 400
    assert get(url + "/v1/sessions/" + "x" * 129 + "/state")[0] == 400


def test_budget_header_overrides_the_budget_for_one_request(gateway, stub):
    url, _ = gateway
    raw = client(url).chat.completions.with_raw_response.create(
        model="m", messages=[{"role": "user", "content": FACTS["alice"]}],
        extra_headers={"X-Ctxgraph-Session": "alice", "X-Ctxgraph-Budget": "120"})
    assert raw.headers["x-ctxgraph-budget"] == "120"
    assert tokens(stub.requests[-1].body["messages"]) <= 120


def test_admin_routes_need_the_token_when_it_is_set(stub, store_url, monkeypatch):
    monkeypatch.setenv("CTXGRAPH_ADMIN_TOKEN", "s3cret")
    app = create_app(ServeConfig(upstream=stub.base_url, store=store_url, lang="en"))
    with serving(app) as url:
        client(url).chat.completions.create(model="m", messages=[{"role": "user", "content": FACTS["bob"]}], user="bob")
        for path in ("/v1/sessions", "/v1/sessions/bob/state", "/v1/sessions/bob/context", "/v1/sessions/bob/graph"):
            status, body = get(url + path)
            assert status == 401 and "E195" in body["error"]["message"]
            assert get(url + path, token="wrong")[0] == 401
            assert get(url + path, token="s3cret")[0] == 200
        status, ctx = get(url + "/v1/sessions/bob/context?q=Where%20to%3F&budget=150", token="s3cret")
        assert ctx["tokens"] <= 150 == ctx["budget"] and ctx["messages"][-1]["content"] == "Where to?"
        status, page = get(url + "/v1/sessions/bob/graph", token="s3cret")
        assert page.lstrip().lower().startswith("<!doctype html")
        assert get(url + "/v1/sessions/nobody/state", token="s3cret")[0] == 404
        delete = urllib.request.Request(url + "/v1/sessions/bob", method="DELETE",
                                        headers={"Authorization": "Bearer s3cret"})
        with urllib.request.urlopen(delete) as response:
            assert json.load(response) == {"deleted": "bob"}
        assert get(url + "/v1/sessions/bob/state", token="s3cret")[0] == 404
        assert open_store(store_url).load("bob") is None


def test_admin_context_takes_state_auto_or_always(gateway, stub):
    url, _ = gateway
    stub.reply("Noted.")
    client(url).chat.completions.create(model="m", messages=[{"role": "user", "content": FACTS["bob"]}], user="bob")
    assert get(url + "/v1/sessions/bob/state")[1]["turns"] == 2  # the reply recorded (the route waits for it)
    base = url + "/v1/sessions/bob/context?q=Where%20to%3F"
    status, auto = get(base)  # the gateway's --state (auto): a short chat as it is, no block
    assert status == 200 and auto["state"] == "auto" and auto["passed_through"] and auto["state_block"] == ""
    assert [m["content"] for m in auto["messages"]] == [FACTS["bob"], "Noted.", "Where to?"]
    status, always = get(base + "&state=always")
    assert status == 200 and always["state"] == "always" and not always["passed_through"]
    assert "$900" in always["state_block"] and always["tokens"] <= 400
    status, bad = get(base + "&state=never")
    assert status == 400 and "E090" in bad["error"]["message"]


def test_metrics_and_healthz(gateway, stub):
    url, _ = gateway
    client(url).chat.completions.create(model="m", messages=[{"role": "user", "content": FACTS["alice"]}], user="a")
    stub.reply(status=429)
    with pytest.raises(openai.RateLimitError):
        client(url).chat.completions.create(model="m", messages=[{"role": "user", "content": "x"}], user="b")
    assert get(url + "/healthz") == (200, {"status": "ok"})
    status, text = get(url + "/metrics")
    for line in ('ctxgraph_requests_total{kind="chat"} 2.0', "ctxgraph_sent_tokens_count 2.0",
                 "ctxgraph_history_tokens_count 2.0", "ctxgraph_active_sessions 2.0",
                 'ctxgraph_errors_total{kind="upstream_429"} 1.0', "ctxgraph_upstream_seconds_count 2.0",
                 "ctxgraph_observe_seconds_count", "ctxgraph_assemble_seconds_count 2.0", "ctxgraph_budget_fill_count 2.0",
                 "ctxgraph_saved_tokens_total"):
        assert line in text, line


def test_a_gateway_key_replaces_the_callers(stub, store_url, monkeypatch):
    monkeypatch.setenv("UPSTREAM_KEY", "sk-gateway")
    app = create_app(ServeConfig(upstream=stub.base_url, store=store_url, api_key_env="UPSTREAM_KEY", lang="en"))
    with serving(app) as url:
        client(url).chat.completions.create(model="m", messages=[{"role": "user", "content": "hi"}])
    assert stub.requests[-1].headers["authorization"] == "Bearer sk-gateway"


def test_two_gateways_on_one_store_continue_each_others_sessions(stub, store_url):
    """Two processes' worth of gateways (as two workers) sharing one SQLite file: turns of one
    conversation go to either; the store holds each message once, in order."""
    config = ServeConfig(upstream=stub.base_url, store=store_url, lang="en", admin_open=True)
    with serving(create_app(config)) as one, serving(create_app(config)) as two:
        history = [{"role": "user", "content": FACTS["alice"]}]
        for turn, url in enumerate([one, two, one, one, two]):
            reply = client(url).chat.completions.create(model="m", messages=history, user="alice")
            history += [{"role": "assistant", "content": reply.choices[0].message.content},
                        {"role": "user", "content": f"Next question {turn}"}]
        status, state = get(two + "/v1/sessions/alice/state")
    stored = open_store(store_url).load("alice")["messages"]
    assert [m["content"] for m in stored] == [m["content"] for m in history[:-1]]
    assert state["turns"] == 10


def test_a_restarted_gateway_keeps_its_sessions(stub, store_url):
    config = ServeConfig(upstream=stub.base_url, store=store_url, lang="en", admin_open=True)
    with serving(create_app(config)) as url:
        client(url).chat.completions.create(model="m", messages=[{"role": "user", "content": FACTS["bob"]}], user="bob")
    with serving(create_app(config)) as url:
        status, state = get(url + "/v1/sessions/bob/state")
    assert status == 200 and "900" in json.dumps(state)


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.mark.slow
def test_the_command_with_two_workers_shares_sessions_and_sums_metrics(stub, store_url, tmp_path):
    """`ctxgraph serve --workers 2` as a real process: two uvicorn workers on one SQLite file."""
    import os
    import subprocess
    import sys

    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("PROMETHEUS_MULTIPROC_DIR", "CTXGRAPH_ADMIN_TOKEN")}
    proc = subprocess.Popen([sys.executable, "-m", "ctxgraph.cli", "serve", "--upstream", stub.base_url,
                             "--store", store_url, "--port", str(port), "--workers", "2", "--lang", "en",
                             "--log-level", "warning"], env=env, cwd=tmp_path, stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                if get(url + "/healthz")[0] == 200:
                    break
            except OSError:
                pass
            assert proc.poll() is None and time.monotonic() < deadline, "the gateway did not start"
            time.sleep(0.2)
        histories = {sid: [{"role": "user", "content": FACTS[sid]}] for sid in FACTS}
        for turn in range(6):
            for sid, history in histories.items():
                reply = client(url).chat.completions.create(model="m", messages=history, user=sid)
                history += [{"role": "assistant", "content": reply.choices[0].message.content},
                            {"role": "user", "content": f"Turn {turn}: anything new?"}]
        for sid, history in histories.items():
            assert [m["content"] for m in stored(store_url, sid, len(history) - 1)["messages"]] == [
                m["content"] for m in history[:-1]]
        text = get(url + "/metrics")[1]
        assert 'ctxgraph_requests_total{kind="chat"} 12.0' in text  # summed over both workers
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=30)
    assert "Traceback" not in err, err


def test_the_command_refuses_a_memory_store_with_workers_and_a_missing_key(capsys, stub):
    from ctxgraph.cli import main

    assert main(["serve", "--upstream", stub.base_url, "--store", "memory://", "--workers", "2"]) == 2
    assert "E196" in capsys.readouterr().err
    assert main(["serve", "--upstream", stub.base_url, "--api-key-env", "CTXGRAPH_NO_SUCH_VARIABLE"]) == 2
    assert "E197" in capsys.readouterr().err
    assert main(["serve", "--upstream", "api.openai.com"]) == 2
    assert "E198" in capsys.readouterr().err


def test_two_gateways_on_one_redis_continue_each_others_sessions(stub, redis_url):
    """Several servers behind a load balancer: each turn of a conversation reaches either."""
    import uuid

    sid = f"redis-{uuid.uuid4().hex[:12]}"
    config = ServeConfig(upstream=stub.base_url, store=redis_url, lang="en", admin_open=True)
    with serving(create_app(config)) as one, serving(create_app(config)) as two:
        history = [{"role": "user", "content": FACTS["bob"]}]
        for turn, url in enumerate([one, two, two, one]):
            reply = client(url).chat.completions.create(model="m", messages=history, user=sid)
            history += [{"role": "assistant", "content": reply.choices[0].message.content},
                        {"role": "user", "content": f"Next question {turn}"}]
        status, state = get(one + f"/v1/sessions/{sid}/state")
        assert status == 200 and state["turns"] == 8 and "900" in json.dumps(state)
        delete = urllib.request.Request(two + f"/v1/sessions/{sid}", method="DELETE")
        with urllib.request.urlopen(delete) as response:
            assert response.status == 200
        assert get(one + f"/v1/sessions/{sid}/state")[0] == 404


def _slow_stream_upstream(client_has_first, upstream_saw):
    """An upstream that streams one event, then waits (up to 20 s) for ``client_has_first``."""
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    def event(delta: dict, finish: str | None = None) -> bytes:
        chunk = {"id": "c1", "object": "chat.completion.chunk", "created": 0, "model": "m",
                 "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
        return f"data: {json.dumps(chunk)}\n\n".encode()

    class Slow(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args) -> None:
            pass

        def do_POST(self) -> None:
            self.rfile.read(int(self.headers["content-length"]))
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            try:
                for i, piece in enumerate([event({"role": "assistant", "content": "First"}),
                                           event({"content": " then"}), event({}, "stop"), b"data: [DONE]\n\n"]):
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece))
                    self.wfile.flush()
                    if i == 0:
                        upstream_saw.append(client_has_first.wait(timeout=20))
                self.wfile.write(b"0\r\n\r\n")
            except OSError:  # the gateway hung up (its caller went away)
                self.close_connection = True

    upstream = ThreadingHTTPServer(("127.0.0.1", 0), Slow)
    upstream.daemon_threads = True
    threading.Thread(target=upstream.serve_forever, daemon=True).start()
    return upstream


def test_a_stream_is_passed_on_as_it_arrives(store_url):
    """The upstream sends one event and then waits until the client has it: a gateway that
    buffered the stream would hold that event back, and the upstream would give up waiting."""
    import threading

    client_has_first = threading.Event()
    upstream_saw = []
    upstream = _slow_stream_upstream(client_has_first, upstream_saw)
    try:
        app = create_app(ServeConfig(upstream=f"http://127.0.0.1:{upstream.server_address[1]}/v1", store=store_url,
                                     lang="en", admin_open=True))
        with serving(app) as url:
            stream = client(url).chat.completions.create(
                model="m", messages=[{"role": "user", "content": "hi"}], user="s", stream=True)
            first = next(iter(stream))
            client_has_first.set()
            rest = [c.choices[0].delta.content or "" for c in stream if c.choices]
            status, state = get(url + "/v1/sessions/s/state")
    finally:
        upstream.shutdown()
        upstream.server_close()
    assert first.choices[0].delta.content == "First" and "".join(rest) == " then"
    assert upstream_saw == [True]
    assert state["turns"] == 2


def test_a_stream_the_caller_drops_records_nothing_and_frees_the_session(store_url):
    """The caller closes a stream after its first event: nothing of that call is recorded, and
    the session's next request is served (the session is not left held)."""
    import threading

    client_has_first = threading.Event()
    upstream = _slow_stream_upstream(client_has_first, [])
    try:
        app = create_app(ServeConfig(upstream=f"http://127.0.0.1:{upstream.server_address[1]}/v1", store=store_url,
                                     lang="en", timeout=30, admin_open=True))
        with serving(app) as url:
            history = [{"role": "user", "content": FACTS["alice"]}]
            stream = client(url).chat.completions.create(model="m", messages=history, user="drop", stream=True)
            next(iter(stream))
            stream.close()
            client_has_first.set()
            stream = client(url, timeout=30).chat.completions.create(model="m", messages=history, user="drop",
                                                                     stream=True)
            text = "".join(c.choices[0].delta.content or "" for c in stream if c.choices)
            status, state = get(url + "/v1/sessions/drop/state")
    finally:
        upstream.shutdown()
        upstream.server_close()
    assert text == "First then"
    assert [m["role"] for m in open_store(store_url).load("drop")["messages"]] == ["user", "assistant"]
    assert state["turns"] == 2


def test_models_and_upstream_headers_pass_through(store_url):
    """GET /v1/models answered by the upstream as it is, its own headers included."""
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    seen = []

    class Models(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args) -> None:
            pass

        def do_GET(self) -> None:
            seen.append((self.path, self.headers.get("authorization")))
            body = json.dumps({"object": "list", "data": [{"id": "gpt-4o-mini", "object": "model", "created": 0,
                                                           "owned_by": "upstream"}]}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("X-Request-Id", "req-123")
            self.end_headers()
            self.wfile.write(body)

    upstream = ThreadingHTTPServer(("127.0.0.1", 0), Models)
    upstream.daemon_threads = True
    threading.Thread(target=upstream.serve_forever, daemon=True).start()
    try:
        app = create_app(ServeConfig(upstream=f"http://127.0.0.1:{upstream.server_address[1]}/v1", store=store_url,
                                     lang="en", admin_open=True))
        with serving(app) as url:
            raw = client(url).models.with_raw_response.list()
            status, text = get(url + "/metrics")
    finally:
        upstream.shutdown()
        upstream.server_close()
    assert [m.id for m in raw.parse()] == ["gpt-4o-mini"]
    assert raw.headers["x-request-id"] == "req-123"
    assert seen == [("/v1/models", "Bearer caller-key")]
    assert 'ctxgraph_requests_total{kind="models"} 1.0' in text
