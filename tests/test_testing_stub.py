"""ctxgraph.testing.StubServer: what the openai client (and plain HTTP) gets from it."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest

openai = pytest.importorskip("openai")
from pydantic import BaseModel, ValidationError  # noqa: E402

from ctxgraph._tokens import count_message_tokens, get_encoding  # noqa: E402
from ctxgraph.testing import StubRequest, StubServer  # noqa: E402

MESSAGES = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "我的预算是5000元。"}]


class Order(BaseModel):
    sku: str
    qty: int



def _post(url: str, data: bytes) -> tuple[int, dict]:
    request = urllib.request.Request(url, data=data, method="POST")
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as err:
        with err:
            return err.code, json.load(err)


def test_testing_stub_replies_in_order_then_ok_and_records_requests(server, client):
    server.reply("first")
    server.reply("second", usage={"prompt_tokens": 10, "completion_tokens": 3})
    got = [client.chat.completions.create(model="m-1", messages=MESSAGES, user="u1") for _ in range(3)]
    assert [c.choices[0].message.content for c in got] == ["first", "second", "ok"]
    assert [c.choices[0].finish_reason for c in got] == ["stop"] * 3
    assert got[0].model == "m-1" and got[0].object == "chat.completion" and got[0].id != got[1].id
    assert got[0].usage.prompt_tokens == count_message_tokens(MESSAGES, get_encoding("o200k_base"))
    assert (got[1].usage.prompt_tokens, got[1].usage.completion_tokens, got[1].usage.total_tokens) == (10, 3, 13)
    assert len(server.requests) == 3 and isinstance(server.requests[0], StubRequest)
    first = server.requests[0]
    assert first.path == "/v1/chat/completions" and first.body["user"] == "u1"
    assert first.body["messages"] == MESSAGES and first.headers["authorization"] == "Bearer test"


def test_testing_stub_tool_calls_and_finish_reason(server, client):
    server.reply(tool_calls=[{"name": "create_order", "arguments": {"sku": "X1"}},
                             {"name": "lookup", "arguments": '{"q": "订单"}', "id": "mine"}])
    server.reply("partial json", finish_reason="length")
    message = client.chat.completions.create(model="m", messages=MESSAGES).choices[0].message
    assert message.content is None
    assert [(c.id, c.function.name, c.function.arguments) for c in message.tool_calls] == [
        ("call_1", "create_order", '{"sku": "X1"}'), ("mine", "lookup", '{"q": "订单"}')]
    assert client.chat.completions.create(model="m", messages=MESSAGES).choices[0].finish_reason == "length"


@pytest.mark.parametrize("content, ok", [('{"sku": "X1", "qty": 2}', True), ('{"sku": "X1", "qty"', False)])
def test_testing_stub_parse_returns_content_as_given(server, client, content, ok):
    server.reply(content)
    if ok:
        parsed = client.chat.completions.parse(model="m", messages=MESSAGES, response_format=Order)
        assert parsed.choices[0].message.parsed == Order(sku="X1", qty=2)
    else:
        with pytest.raises(ValidationError):
            client.chat.completions.parse(model="m", messages=MESSAGES, response_format=Order)
    assert server.requests[-1].body["response_format"]["type"] == "json_schema"


def test_testing_stub_stream_pieces_tool_deltas_and_usage(server, client):
    server.reply("一段比较长的回答，分成好几块发送。", tool_calls=[{"name": "create_order", "arguments": {"sku": "X1", "qty": 2}}])
    chunks = list(client.chat.completions.create(model="m", messages=MESSAGES, stream=True,
                                                 stream_options={"include_usage": True}))
    deltas = [c.choices[0].delta for c in chunks if c.choices]
    assert sum(1 for d in deltas if d.content) > 1
    assert "".join(d.content or "" for d in deltas) == "一段比较长的回答，分成好几块发送。"
    calls = [tc for d in deltas for tc in d.tool_calls or []]
    assert calls[0].id == "call_1" and calls[0].function.name == "create_order" and len(calls) > 2
    assert json.loads("".join(tc.function.arguments or "" for tc in calls)) == {"sku": "X1", "qty": 2}
    assert [c.choices[0].finish_reason for c in chunks if c.choices][-1] == "tool_calls"
    assert chunks[-1].choices == [] and chunks[-1].usage.completion_tokens > 0
    assert server.requests[-1].body["stream"] is True


@pytest.mark.parametrize("status, error", [
    (400, openai.BadRequestError), (401, openai.AuthenticationError), (404, openai.NotFoundError),
    (429, openai.RateLimitError), (500, openai.InternalServerError), (503, openai.InternalServerError),
])
def test_testing_stub_error_statuses(server, client, status, error):
    server.reply(status=status, body={"error": {"message": "boom", "type": "server_error"}})
    server.reply(status=status)  # a default error body
    with pytest.raises(error, match="boom"):
        client.chat.completions.create(model="m", messages=MESSAGES)
    with pytest.raises(error, match=f"stub error {status}"):
        client.chat.completions.create(model="m", messages=MESSAGES, stream=True)
    assert client.chat.completions.create(model="m", messages=MESSAGES).choices[0].message.content == "ok"


def test_testing_stub_delay_is_recorded_first_and_times_out_quietly(server, client, capfd):
    server.reply("late", delay=2.0)
    with pytest.raises(openai.APITimeoutError):
        client.chat.completions.create(model="m", messages=MESSAGES, timeout=0.3)
    assert len(server.requests) == 1
    server.stop()
    assert capfd.readouterr().err == ""


def test_testing_stub_plain_http_paths(server):
    root = server.base_url.removesuffix("/v1")
    body = json.dumps({"model": "m", "messages": MESSAGES}).encode()
    assert _post(root + "/chat/completions", body)[0] == 200
    status, error = _post(root + "/v1/embeddings", body)
    assert status == 404 and "Unknown path" in error["error"]["message"]
    status, error = _post(server.base_url + "/chat/completions", b"{not json")
    assert status == 400 and "not JSON" in error["error"]["message"]
    assert [r.path for r in server.requests] == ["/chat/completions", "/v1/embeddings", "/v1/chat/completions"]


def test_testing_stub_base_url_needs_a_running_server():
    stub = StubServer()
    with pytest.raises(RuntimeError, match="not running"):
        stub.base_url
    with stub:
        assert stub.base_url.startswith("http://127.0.0.1:") and stub.base_url.endswith("/v1")
    stub.stop()  # stopping twice is harmless
