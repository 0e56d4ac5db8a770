"""ctxgraph.openai.wrap against the real openai client and the real StubServer (loopback only)."""

from __future__ import annotations

import asyncio
import json
import logging
import sys
import threading

import pytest

openai = pytest.importorskip("openai")
from openai import AsyncOpenAI  # noqa: E402

from ctxgraph import BudgetError, Tracker  # noqa: E402
from ctxgraph._tokens import count_message_tokens  # noqa: E402
from ctxgraph.openai import CallReport, TrackedClient, TrackedStream, wrap  # noqa: E402

MODEL = "gpt-4o-mini"

EN_FILLER = [
    ("Do you also sell phone cases in other colours?", "Yes, we have cases in black, blue and green."),
    ("How long does standard shipping usually take?", "Standard shipping takes three to five working days."),
    ("Is there a warranty on the headphones?", "All headphones come with a two-year warranty."),
    ("Can I pay with a credit card?", "We accept all major credit cards and PayPal."),
    ("What is your return policy for opened items?", "Opened items can be returned within 14 days."),
    ("Do you have a store in Manchester?", "Our nearest store is in Leeds city centre."),
    ("Are the earbuds waterproof?", "They are splash resistant, rated IPX4."),
    ("Can I change the delivery address later?", "You can change it until the parcel is dispatched."),
]
ZH_FILLER = [
    ("你们有其他颜色的手机壳吗？", "有的，黑色、蓝色和绿色都有。"),
    ("普通快递一般几天能到？", "普通快递一般三到五个工作日送达。"),
    ("耳机有保修吗？", "所有耳机都有两年保修。"),
    ("可以用信用卡付款吗？", "支持各大银行信用卡和支付宝。"),
    ("拆封的商品可以退吗？", "拆封商品14天内可以退货。"),
    ("你们在杭州有门店吗？", "杭州西湖区有一家门店。"),
    ("这款耳机防水吗？", "支持IPX4级防溅水。"),
    ("之后还能改收货地址吗？", "发货前都可以修改地址。"),
]
CONVERSATIONS = {
    "en": ("You are a helpful shop assistant.", "Hi, my order number is ORD-58213 and my budget is $750.",
           "Thanks, I have noted order ORD-58213 and your $750 budget.", EN_FILLER,
           "What was my order number again?", "ORD-58213"),
    "zh": ("你是一个耐心的客服。", "你好，我的订单号是DD20261130，预算5000元。",
           "好的，已记下订单DD20261130，预算5000元。", ZH_FILLER, "我的订单号是多少？", "DD20261130"),
}


def long_history(lang: str) -> tuple[list[dict], str]:
    """A 52-message conversation: a fact planted at the start, filler, a question about it."""
    system, fact, ack, filler, question, planted = CONVERSATIONS[lang]
    history = [{"role": "system", "content": system}, {"role": "user", "content": fact},
               {"role": "assistant", "content": ack}]
    for _ in range(3):
        for user, assistant in filler:
            history += [{"role": "user", "content": user}, {"role": "assistant", "content": assistant}]
    return history + [{"role": "user", "content": question}], planted


def user(text: str) -> dict:
    return {"role": "user", "content": text}


def tokens(messages: list[dict], tracker: Tracker) -> int:
    return count_message_tokens(messages, tracker.encoding, per_message=tracker.tokens_per_message)


@pytest.fixture
def raw(client):
    """The unwrapped client (``server`` and ``client`` come from conftest.py)."""
    return client


# ---------------------------------------------------------------------------- contexts
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_openai_wrap_long_conversation_sends_budgeted_context(server, raw, lang):
    history, planted = long_history(lang)
    client = wrap(raw, budget=300)
    server.reply("Here you go.")
    reply = client.chat.completions.create(model=MODEL, messages=history, temperature=0)
    assert reply.choices[0].message.content == "Here you go."
    sent = server.requests[-1].body
    tracker = client.tracker()
    assert tokens(sent["messages"], tracker) <= 300
    assert planted in json.dumps(sent["messages"], ensure_ascii=False)
    assert sent["messages"][-1] == history[-1]
    assert sent["model"] == MODEL and sent["temperature"] == 0  # other arguments unchanged
    # the question and the reply were observed after the call
    assert len(tracker.messages) == len(history) + 1
    assert tracker.messages[-2]["content"] == history[-1]["content"]
    assert tracker.messages[-1] == {"role": "assistant", "content": "Here you go."}
    assert planted in {f.value for f in tracker.state().facts} | {e.text for e in tracker.state().entities}


@pytest.mark.parametrize("append", ["dict", "message object"])
def test_openai_wrap_multi_call_observes_only_new_messages(server, raw, append):
    client = wrap(raw, budget=400)
    history = [{"role": "system", "content": "Be brief."}, user("My budget is $500. Do not ship with FedEx.")]
    server.reply("Noted.")
    reply = client.chat.completions.create(model=MODEL, messages=history)
    message = reply.choices[0].message
    history.append({"role": "assistant", "content": message.content} if append == "dict" else message)
    history.append(user("Which carriers can you use then?"))
    server.reply("UPS or DHL.")
    reply = client.chat.completions.create(model=MODEL, messages=history)
    history += [{"role": "assistant", "content": reply.choices[0].message.content}, user("Thanks!")]
    client.chat.completions.create(model=MODEL, messages=history)
    tracker = client.tracker()
    assert [(m["role"], m["content"]) for m in tracker.messages] == [
        ("system", "Be brief."), ("user", "My budget is $500. Do not ship with FedEx."), ("assistant", "Noted."),
        ("user", "Which carriers can you use then?"), ("assistant", "UPS or DHL."), ("user", "Thanks!"),
        ("assistant", "ok")]
    assert len(server.requests) == 3


def test_openai_wrap_tool_call_observed_as_action_and_result_sent_after_its_call(server, raw):
    client = wrap(raw, budget=400)
    history = [user("Please order one X1 for me, my budget is $50.")]
    server.reply(tool_calls=[{"name": "create_order", "arguments": {"sku": "X1", "qty": 1}}])
    reply = client.chat.completions.create(model=MODEL, messages=history)
    message = reply.choices[0].message
    assert message.content is None and message.tool_calls[0].id == "call_1"
    tracker = client.tracker()
    assert [a.tool for a in tracker.state().actions] == ["create_order"]
    assert tracker.messages[-1]["tool_calls"][0]["id"] == "call_1"

    history += [message.model_dump(exclude_none=True),
                {"role": "tool", "tool_call_id": "call_1", "content": '{"order_id": "A-1001", "status": "created"}'}]
    server.reply("Your order A-1001 is created.")
    client.chat.completions.create(model=MODEL, messages=history)
    sent = server.requests[-1].body["messages"]
    at = next(i for i, m in enumerate(sent) if m["role"] == "tool")
    assert sent[at]["tool_call_id"] == "call_1"
    assert sent[at - 1]["role"] == "assistant" and sent[at - 1]["tool_calls"][0]["id"] == "call_1"
    assert [m["role"] for m in tracker.messages] == ["user", "assistant", "tool", "assistant"]
    assert tracker.state().actions[0].status == "ok"


# ---------------------------------------------------------------------------- streaming
def _chunks(stream) -> list[dict]:
    return [c.model_dump(exclude={"id", "created"}) for c in stream]


@pytest.mark.parametrize("reply", [
    {"content": "Your budget is $500, and FedEx is out."},
    {"tool_calls": [{"name": "create_order", "arguments": {"sku": "X1", "note": "不要顺丰"}}]},
])
def test_openai_wrap_stream_yields_same_chunks_and_observes_reply_once(server, raw, reply):
    history = [user("My budget is $500. Do not ship with FedEx.")]
    server.reply(**reply)
    expected = _chunks(raw.chat.completions.create(
        model=MODEL, messages=history, stream=True, stream_options={"include_usage": True}))
    client = wrap(raw, budget=300)
    server.reply(**{**reply, "tool_calls": [{**c, "id": "call_1"} for c in reply.get("tool_calls", [])]})
    stream = client.chat.completions.create(model=MODEL, messages=history, stream=True,
                                            stream_options={"include_usage": True})
    assert isinstance(stream, TrackedStream) and stream.response.status_code == 200
    with stream:
        got = _chunks(stream)
    assert got == expected
    assert got[-1]["usage"]["prompt_tokens"] > 0
    tracker = client.tracker()
    assert len(tracker.messages) == 2
    last = tracker.messages[-1]
    if "content" in reply:
        assert last == {"role": "assistant", "content": reply["content"]}
    else:
        assert last["content"] is None
        assert last["tool_calls"] == [{"id": "call_1", "type": "function", "function": {
            "name": "create_order", "arguments": json.dumps(reply["tool_calls"][0]["arguments"], ensure_ascii=False)}}]
    stream.close()  # closing again observes nothing more
    assert len(tracker.messages) == 2


def test_openai_wrap_stream_abandoned_half_way_observes_nothing(server, raw):
    client = wrap(raw, budget=300)
    server.reply("A fairly long answer that arrives in many small pieces.")
    with client.chat.completions.create(model=MODEL, messages=[user("hi")], stream=True) as stream:
        next(stream), next(stream)
    assert client.tracker().messages == []
    # a stream left once its reply is complete (finish_reason seen, [DONE] unread) is observed
    server.reply("Short.")
    with client.chat.completions.create(model=MODEL, messages=[user("hi")], stream=True) as stream:
        for chunk in stream:
            if chunk.choices[0].finish_reason:
                break
    assert [m["content"] for m in client.tracker().messages] == ["hi", "Short."]


def test_openai_wrap_async_client_and_stream(server):
    history = [user("我的预算是5000元，不要顺丰。")]

    async def main():
        async with AsyncOpenAI(base_url=server.base_url, api_key="test", max_retries=0) as raw:
            server.reply("好的，预算5000元，不用顺丰。")
            expected = [c.model_dump(exclude={"id", "created"}) async for c in
                        await raw.chat.completions.create(model=MODEL, messages=history, stream=True)]
            client = wrap(raw, budget=300)
            server.reply("好的，预算5000元，不用顺丰。")
            async with await client.chat.completions.create(model=MODEL, messages=history, stream=True) as stream:
                got = [c.model_dump(exclude={"id", "created"}) async for c in stream]
            history.append({"role": "assistant", "content": "好的，预算5000元，不用顺丰。"})
            history.append(user("预算是多少？"))
            server.reply("5000元。")
            reply = await client.chat.completions.create(model=MODEL, messages=history)
            return expected, got, reply, client

    expected, got, reply, client = asyncio.run(main())
    assert got == expected and len(got) > 3
    assert reply.choices[0].message.content == "5000元。"
    assert [m["role"] for m in client.tracker().messages] == ["user", "assistant", "user", "assistant"]
    assert "5000元" in server.requests[-1].body["messages"][0]["content"]


# ---------------------------------------------------------------------------- sessions
def test_openai_wrap_sessions_by_keyword_and_header(server, raw):
    made = []

    def make(session_id):
        made.append(session_id)
        return Tracker(lang="en")

    client = wrap(raw, budget=300, make_tracker=make)
    client.chat.completions.create(model=MODEL, messages=[user("My budget is $500.")], session_id="alice")
    client.chat.completions.create(model=MODEL, messages=[user("My budget is $90.")],
                                   extra_headers={"x-ctxgraph-session": "bob"})
    client.chat.completions.create(model=MODEL, messages=[user("Hello.")])
    assert made == ["alice", "bob", "default"] and set(client.sessions) == {"alice", "bob", "default"}
    assert client.tracker("alice").messages[0]["content"] == "My budget is $500."
    assert client.tracker("bob").messages[0]["content"] == "My budget is $90."
    assert "session_id" not in server.requests[0].body
    assert server.requests[1].headers["x-ctxgraph-session"] == "bob"
    with pytest.raises(KeyError, match="alice"):
        client.tracker("carol")


def test_openai_wrap_edited_history_rebuilds_the_session(server, raw, caplog):
    client = wrap(raw, budget=300)
    client.chat.completions.create(model=MODEL, messages=[user("My budget is $500.")])
    old = client.tracker()
    edited = [user("My budget is $800."), {"role": "assistant", "content": "ok"}, user("And shipping?")]
    with caplog.at_level(logging.WARNING, logger="ctxgraph.openai"):
        client.chat.completions.create(model=MODEL, messages=edited)
    assert "rebuilding" in caplog.text
    tracker = client.tracker()
    assert tracker is not old
    assert [m["content"] for m in tracker.messages] == ["My budget is $800.", "ok", "And shipping?", "ok"]


def test_openai_wrap_restored_session_continues_without_duplicates(server, raw):
    client = wrap(raw, budget=300)
    history = [user("My budget is $500."), {"role": "assistant", "content": "Noted."}]
    saved = Tracker(lang="en")
    saved.observe_many(history)
    client.sessions["default"] = Tracker.from_json(saved.to_json())
    client.chat.completions.create(model=MODEL, messages=history + [user("Anything under budget?")])
    assert len(client.tracker().messages) == 4


def test_openai_wrap_passes_other_attributes_through(server, raw):
    client = wrap(raw, budget=300)
    assert isinstance(client, TrackedClient)
    assert client.base_url == raw.base_url and client.models is raw.models
    assert client.chat.completions.with_raw_response is raw.chat.completions.with_raw_response
    copy = client.with_options(timeout=5)
    assert isinstance(copy, TrackedClient) and copy.sessions is client.sessions
    server.reply('{"x": 1}')
    parsed = client.chat.completions.with_raw_response.create(model=MODEL, messages=[user("hi")]).parse()
    assert parsed.choices[0].message.content == '{"x": 1}'
    assert client.sessions == {}  # not intercepted
    with pytest.raises(TypeError, match="already wrapped"):
        wrap(client)


# ---------------------------------------------------------------------------- errors
def _first_call(server, client) -> list[dict]:
    history = [user("My order number is ORD-58213."), ]
    server.reply("Noted.")
    client.chat.completions.create(model=MODEL, messages=history)
    return history + [{"role": "assistant", "content": "Noted."}, user("Where is my order?")]


@pytest.mark.parametrize("status, error", [
    (400, openai.BadRequestError), (404, openai.NotFoundError),
    (429, openai.RateLimitError), (500, openai.InternalServerError),
])
def test_openai_wrap_api_errors_reach_caller_and_record_nothing(server, raw, status, error):
    body = {"error": {"message": "boom", "type": "server_error" if status == 500 else "invalid_request_error"}}
    server.reply(status=status, body=body)
    with pytest.raises(error) as unwrapped:
        raw.chat.completions.create(model=MODEL, messages=[user("hi")])
    client = wrap(raw, budget=300)
    history = _first_call(server, client)
    tracker = client.tracker()
    before = tracker.to_json()
    server.reply(status=status, body=body)
    with pytest.raises(error) as wrapped:
        client.chat.completions.create(model=MODEL, messages=history)
    assert type(wrapped.value) is type(unwrapped.value)
    assert (wrapped.value.status_code, wrapped.value.body) == (unwrapped.value.status_code, unwrapped.value.body)
    assert tracker.to_json() == before and len(client.reports) == 1
    server.reply("It ships tomorrow.")
    client.chat.completions.create(model=MODEL, messages=history)  # the retry
    assert server.requests[-1].body["messages"] == server.requests[-2].body["messages"]
    assert [m["content"] for m in tracker.messages][-2:] == ["Where is my order?", "It ships tomorrow."]


def test_openai_wrap_timeout_reaches_caller_and_records_nothing(server, raw):
    client = wrap(raw, budget=300)
    history = _first_call(server, client)
    before = client.tracker().to_json()
    server.reply("late", delay=2.0)
    with pytest.raises(openai.APITimeoutError):
        client.chat.completions.create(model=MODEL, messages=history, timeout=0.5)
    assert client.tracker().to_json() == before
    client.chat.completions.create(model=MODEL, messages=history)
    assert server.requests[-1].body["messages"] == server.requests[-2].body["messages"]
    assert len(client.tracker().messages) == 4


def test_openai_wrap_budget_errors_before_any_request(server, raw):
    with pytest.raises(BudgetError):
        wrap(raw, budget=3)
    client = wrap(raw, budget=300, make_tracker=lambda sid: Tracker(tokens_per_message=400))
    with pytest.raises(BudgetError):
        client.chat.completions.create(model=MODEL, messages=[user("hi")])
    assert server.requests == []


# ---------------------------------------------------------------------------- reports
def test_openai_wrap_reports_saved_tokens_to_callback_and_log(server, raw, caplog):
    history, _ = long_history("en")
    reports: list[CallReport] = []
    client = wrap(raw, budget=300, on_report=reports.append)
    with caplog.at_level(logging.INFO, logger="ctxgraph.openai"):
        client.chat.completions.create(model=MODEL, messages=history, session_id="s1")
    (report,) = reports
    tracker = client.tracker("s1")
    assert report.full_tokens == tokens(history, tracker)
    assert report.sent_tokens == tokens(server.requests[-1].body["messages"], tracker) <= 300
    assert report.saved_tokens == report.full_tokens - report.sent_tokens > 0
    assert (report.session_id, report.budget, report.model) == ("s1", 300, MODEL)
    assert "ORD-58213" in report.state_block and sum(report.sections.values()) == report.sent_tokens
    assert list(client.reports) == [report]
    (record,) = [r for r in caplog.records if r.name == "ctxgraph.openai"]
    assert record.levelno == logging.INFO
    assert f"{report.full_tokens} -> {report.sent_tokens} tokens (saved {report.saved_tokens})" in record.getMessage()


# ---------------------------------------------------------------------------- the extra
def test_openai_wrap_missing_openai_names_the_extra(monkeypatch):
    # openai hidden as in an environment without it, and both modules imported anew, in this
    # process (a fresh interpreter cost seconds); monkeypatch puts the real modules back
    import importlib

    monkeypatch.setitem(sys.modules, "openai", None)
    for name in ("ctxgraph.openai", "ctxgraph.integrations.openai"):
        monkeypatch.delitem(sys.modules, name)
    with pytest.raises(ImportError, match=r'pip install "ctxgraph\[openai\]"'):
        importlib.import_module("ctxgraph.openai")


def test_openai_wrap_sessions_in_parallel_threads(server, raw):
    client = wrap(raw, budget=300)
    errors: list[BaseException] = []

    def talk(sid: str, lang: str) -> None:
        try:
            history, _ = long_history(lang)
            history = history[:-1]
            for question in ("Anything else?", "预算多少？", "What about shipping?"):
                history.append(user(question))
                reply = client.chat.completions.create(model=MODEL, messages=history, session_id=sid)
                history.append({"role": "assistant", "content": reply.choices[0].message.content})
        except BaseException as err:  # reported by the main thread
            errors.append(err)

    threads = [threading.Thread(target=talk, args=(f"s{n}", lang)) for n, lang in enumerate(["en", "zh", "en"])]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert {sid: len(t.messages) for sid, t in client.sessions.items()} == {"s0": 57, "s1": 57, "s2": 57}
