"""Issue 20: the assembled context is never worse than the raw window.

The probes of the issue, in zh and en: a short chat that fits the budget goes as it is (no
state block, never more tokens than the history); one long message without punctuation
holding a rule does not push the order id of the first message out of any budget; a
megabyte pasted mid-chat does not keep the earlier turns out. Through the tracker, the
wrapped openai client and the gateway.
"""

from __future__ import annotations

import json

import pytest

from ctxgraph import ConfigError, Tracker, count_message_tokens, get_encoding
from ctxgraph.bench._probes import ANGRY, LOG_CHAT, ORDER_IDS, SHORT_CHATS, angry_chat, log_chat


@pytest.fixture(scope="module")
def encoding():
    return get_encoding()


def tracked(*messages, lang: str = "auto") -> Tracker:
    t = Tracker(lang, today="2026-11-30")
    for m in messages:
        t.observe(m)
    return t


def history_tokens(messages: list[dict], encoding) -> int:
    return count_message_tokens(messages, encoding)


def text_of(messages: list[dict]) -> str:
    return json.dumps(messages, ensure_ascii=False)


# ----------------------------------------------------------------------------- pass-through


@pytest.mark.parametrize("budget", [600, 1500])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_assemble_short_chat_is_sent_as_it_is(encoding, lang, budget):
    *history, question = SHORT_CHATS[lang]
    t = tracked(*history)
    ctx = t.assemble(question["content"], budget=budget)
    whole = history + [question]
    assert ctx.passed_through and ctx.state_block == "" and ctx.node_ids == []
    assert ctx.messages == whole
    assert ctx.tokens == history_tokens(whole, encoding) <= budget
    assert sum(ctx.sections.values()) == ctx.tokens and ctx.sections["state"] == 0
    assert ctx.turns == [i for i, m in enumerate(history) if m["role"] != "system"]
    # asked for, the block comes back, as before
    block = t.assemble(question["content"], budget=budget, state="always")
    assert not block.passed_through and block.state_block and block.tokens > ctx.tokens


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_assemble_never_sends_more_than_the_history(encoding, lang):
    *history, question = SHORT_CHATS[lang]
    t = tracked(*history)
    whole = history_tokens(history + [question], encoding)
    for budget in range(8, whole + 40, 3):
        ctx = t.assemble(question["content"], budget=budget)
        assert ctx.tokens <= min(budget, whole), budget
        assert ctx.passed_through == (budget >= whole), budget


def test_assemble_passthrough_keeps_tool_calls_and_their_whole_results(encoding):
    payload = json.dumps({"order_id": "A-5529014", "items": [{"sku": f"SKU-{n}", "qty": n} for n in range(40)]})
    history = [{"role": "system", "content": "You are a shop assistant."},
               {"role": "user", "content": "Where is my order A-5529014?"},
               {"role": "assistant", "content": None, "tool_calls": [
                   {"id": "call_1", "type": "function", "function": {"name": "get_order", "arguments": "{}"}}]},
               {"role": "tool", "tool_call_id": "call_1", "content": payload}]
    t = tracked(*history)
    ctx = t.assemble("Thanks", budget=2000)
    assert ctx.passed_through and ctx.messages == t.messages + [{"role": "user", "content": "Thanks"}]
    assert ctx.tokens == history_tokens(ctx.messages, encoding)
    assert not t.assemble("Thanks", budget=300).passed_through  # the payload alone is over 300


@pytest.mark.parametrize("state", ["never", "", None, 1])
def test_assemble_bad_state_mode_is_e090(state):
    with pytest.raises(ConfigError, match="E090"):
        Tracker("en").assemble("hi", budget=100, state=state)


# ----------------------------------------------------------------------------- one long message


@pytest.mark.parametrize("budget", [200, 300, 600, 1000])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_assemble_long_angry_message_does_not_sink_the_order_id(encoding, lang, budget):
    *history, question = angry_chat(lang)
    t = tracked(*history)
    ctx = t.assemble(question["content"], budget=budget)
    whole = history_tokens(history + [question], encoding)
    assert ORDER_IDS[lang] in text_of(ctx.messages[:-1]), budget
    assert ctx.tokens == history_tokens(ctx.messages, encoding) <= min(budget, whole)
    assert ctx.tokens >= 0.8 * min(budget, whole), (budget, ctx.tokens)  # the budget is used
    rule = next(c for c in t.state().constraints)
    assert ANGRY[lang]["cue"] in rule.text and len(rule.text) <= 161  # the quote is capped, its cue kept
    if not ctx.passed_through:  # the angry message itself comes in, cut, with its marker
        assert any("characters cut]" in (m.get("content") or "") for m in ctx.messages)


# ----------------------------------------------------------------------------- a megabyte mid-chat


@pytest.fixture(scope="module")
def log_tracker():
    return {lang: (tracked(*log_chat(lang)[:-1]), log_chat(lang)[-1]) for lang in ("zh", "en")}


@pytest.mark.parametrize("budget", [300, 600])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_assemble_megabyte_log_does_not_keep_earlier_turns_out(encoding, log_tracker, lang, budget):
    t, question = log_tracker[lang]
    ctx = t.assemble(question["content"], budget=budget)
    assert ctx.tokens == history_tokens(ctx.messages, encoding) <= budget
    assert ctx.tokens >= 0.8 * budget
    log_at = LOG_CHAT["log_index"]
    assert [i for i in ctx.turns if i < log_at], ctx.turns  # turns before the log came in
    assert ORDER_IDS[lang] in text_of(ctx.messages[:-1])
    assert any(d.startswith(f"turn {log_at}: cut to ") for d in ctx.dropped)


# ----------------------------------------------------------------------------- through the wrapper and the gateway


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_wrap_short_chat_goes_as_it_is_and_saves_nothing_honestly(server, client, lang):
    from ctxgraph.openai import wrap

    *history, question = SHORT_CHATS[lang]
    wrapped = wrap(client, budget=600)
    server.reply("OK")
    wrapped.chat.completions.create(model="m", messages=history + [question])
    assert server.requests[-1].body["messages"] == history + [question]
    r = wrapped.reports[-1]
    assert (r.sent_tokens, r.saved_tokens, r.state_block) == (r.full_tokens, 0, "")
    always = wrap(client, budget=600, state="always")
    always.chat.completions.create(model="m", messages=history + [question])
    assert always.reports[-1].state_block and server.requests[-1].body["messages"] != history + [question]
    with pytest.raises(ConfigError, match="E090"):
        wrap(client, budget=600, state="sometimes")


def test_gateway_never_sends_more_than_the_history(server, tmp_path):
    import openai
    import urllib.request

    from ctxgraph.serve import ServeConfig, create_app, serving

    config = ServeConfig(upstream=server.base_url, store=f"sqlite:///{tmp_path / 's.db'}", budget=600, lang="en")
    with serving(create_app(config)) as url:
        caller = openai.OpenAI(base_url=url + "/v1", api_key="k", max_retries=0)
        history: list[dict] = []
        for turn in SHORT_CHATS["en"][::2] + [{"role": "user", "content": "And the delivery date?"}]:
            history.append(turn)
            server.reply("Noted.")
            raw = caller.chat.completions.with_raw_response.create(
                model="m", messages=history, extra_headers={"X-Ctxgraph-Session": "s1"})
            assert int(raw.headers["x-ctxgraph-sent-tokens"]) == int(raw.headers["x-ctxgraph-history-tokens"])
            assert server.requests[-1].body["messages"] == history
            history.append({"role": "assistant", "content": "Noted."})
        long = history + [angry_chat("en")[-2], {"role": "user", "content": "So?"}]
        server.reply("Sorry.")
        raw = caller.chat.completions.with_raw_response.create(
            model="m", messages=long, extra_headers={"X-Ctxgraph-Session": "s1", "X-Ctxgraph-Budget": "200"})
        sent, full = int(raw.headers["x-ctxgraph-sent-tokens"]), int(raw.headers["x-ctxgraph-history-tokens"])
        assert sent <= 200 < full
        with urllib.request.urlopen(url + "/metrics") as response:
            metrics = response.read().decode()
        saved = next(float(ln.split()[-1]) for ln in metrics.splitlines()
                     if ln.startswith("ctxgraph_saved_tokens_total"))
        assert saved == full - sent  # the short calls saved 0, honestly


@pytest.mark.parametrize("budget", [60, 100, 200, 300])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_assemble_long_promise_is_cut_to_its_share(encoding, lang, budget):
    """A promise quoting a long reply without punctuation is pinned: it is quoted up to its
    cap and cut to its share, and the order id and the turns still come in."""
    said = {"zh": "我会明天给您回电话" + "并且帮您核实仓库物流和支付系统的情况" * 40,
            "en": "I will call you back tomorrow " + "and check the warehouse and the courier and the payment system " * 30}
    t = tracked({"role": "user", "content": _first(lang)}, {"role": "assistant", "content": said[lang]})
    ctx = t.assemble("？" if lang == "zh" else "ok?", budget=budget)
    assert ctx.tokens == history_tokens(ctx.messages, encoding) <= budget
    assert ORDER_IDS[lang] in text_of(ctx.messages[:-1])
    (promise,) = [ln for ln in ctx.state_block.splitlines() if ("客服" if lang == "zh" else "assistant") in ln]
    assert '…"' in promise and len(promise) < 280
    assert ctx.tokens >= 0.75 * budget


def _first(lang: str) -> str:
    return {"zh": "你好，我的订单号是SO202411300088。", "en": "My order number is A-5529014."}[lang]


def test_bench_probes_rows_compare_with_the_raw_window():
    from ctxgraph.bench._probes import _probe, format_probes

    rows = _probe("long message", "en", angry_chat("en"), (200,)) + _probe("short chat", "zh", SHORT_CHATS["zh"], (600,))
    title, header, table = format_probes({"results": rows})
    assert "order id in context" in header and len(table) == 4
    mine, raw = rows[0], rows[1]
    assert (mine["method"], raw["method"]) == ("ctxgraph", "raw window")
    assert mine["order_id"] and not raw["order_id"] and mine["sent_tokens"] <= 200
    assert rows[2]["sent_tokens"] == rows[2]["history_tokens"] == rows[3]["sent_tokens"]
