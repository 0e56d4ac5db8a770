"""The optional LLM extractor, with the real ``openai`` client against a local stub server.

Every reply the model "gives" is queued on :class:`ctxgraph.testing.StubServer` (127.0.0.1);
the client, HTTP, structured-output parsing and validation are all real.
"""

from __future__ import annotations

import asyncio
import json

import pytest

openai = pytest.importorskip("openai")

from ctxgraph import ConfigError, Extraction, ExtractionWarning, Tracker  # noqa: E402
from ctxgraph.testing import StubServer  # noqa: E402

EMPTY = {"entities": [], "facts": [], "retracted_facts": [], "constraints": [], "lifted_constraints": [],
         "commitments": [], "closed_commitments": [], "questions": [], "goal": None}


def found(**parts) -> str:
    """A model reply: the Extraction JSON with these parts filled."""
    return json.dumps({**EMPTY, **parts}, ensure_ascii=False)


def fact(key, value, correction=False, subject=None):
    return {"key": key, "value": value, "subject": subject, "correction": correction}



def make(client, lang, extractor="llm", **kw):
    return Tracker(lang, extractor=extractor, llm=client, model="extract-mini", **kw)


def facts(t):
    return [(f.key, f.value, f.status) for f in t.state().facts]


# ---------------------------------------------------------------------- what the model finds lands as units
@pytest.mark.parametrize("lang,text,key,value,slot", [
    ("en", "I'd like to keep the whole thing at five hundred bucks or so.", "budget", "five hundred bucks", "budget"),
    ("zh", "整体花费控制在五千块左右吧。", "预算", "五千块", "budget"),
])
def test_llm_facts_map_to_the_rule_slots(server, client, lang, text, key, value, slot):
    server.reply(found(facts=[fact(key, value)]), usage={"prompt_tokens": 210, "completion_tokens": 40})
    t = make(client, lang)
    units = t.observe({"role": "user", "content": text})
    assert [(u.key, u.value) for u in units if u.type == "fact"] == [(slot, value)]
    assert facts(t) == [(slot, value, "current")]
    assert units[0].notes[-1] == "extracted by extract-mini"
    usage = t.extraction_usage
    assert (usage.calls, usage.failures, usage.prompt_tokens, usage.completion_tokens) == (1, 0, 210, 40)


def test_the_request_is_structured_output_with_what_is_known(server, client):
    server.reply(found(facts=[fact("budget", "$500")]))
    server.reply(found())
    t = make(client, "en")
    t.observe({"role": "user", "content": "Budget is $500."})
    t.observe({"role": "user", "content": "Something else entirely."})
    body = server.requests[-1].body
    assert body["model"] == "extract-mini" and body["temperature"] == 0
    assert body["response_format"]["type"] == "json_schema"
    schema = body["response_format"]["json_schema"]["schema"]
    assert set(schema["required"]) == set(Extraction.model_fields)
    sent = json.loads(body["messages"][-1]["content"])
    assert sent["message"] == "Something else entirely." and sent["speaker"] == "user"
    assert sent["known"]["current_facts"] == {"budget": "$500"}


@pytest.mark.parametrize("lang,first,second,key", [
    ("en", "My budget is 5000 dollars.", "Hmm, let me rethink the money side: 6000.", "budget"),
    ("zh", "预算5000元。", "钱的方面我再想想，6000吧。", "预算"),
])
def test_a_correction_from_the_model_supersedes_and_keeps_history(server, client, lang, first, second, key):
    server.reply(found(facts=[fact(key, "5000")]))
    server.reply(found(facts=[fact(key, "6000", correction=True)]))
    t = make(client, lang)
    t.observe({"role": "user", "content": first})
    t.observe({"role": "user", "content": second})
    (old, new) = t.state().facts
    assert (old.value, old.status, new.value, new.status) == ("5000", "superseded", "6000", "current")
    assert new.history[0].value == "5000"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_ids_from_the_model_are_checked_against_the_graph(server, client, lang):
    rule = {"en": "Never call me after 8 pm.", "zh": "晚上八点以后不要给我打电话。"}[lang]
    promise = {"en": "I will email you the invoice tomorrow.", "zh": "我明天会把发票发到您的邮箱。"}[lang]
    server.reply(found(constraints=[{"text": rule, "polarity": "must_not"}]))
    server.reply(found(commitments=[{"text": promise, "due": None}]))
    t = make(client, lang)
    t.observe({"role": "user", "content": rule})
    t.observe({"role": "assistant", "content": promise})
    (c,), (p,) = t.state().constraints, t.state().commitments
    # the model lifts the rule and closes the promise, and also names ids that do not exist
    server.reply(found(lifted_constraints=[c.id, "c999"], closed_commitments=[{"id": p.id, "status": "done"},
                                                                           {"id": "p77", "status": "done"}]))
    t.observe({"role": "user", "content": {"en": "Okay, calls are fine now and I got the invoice.",
                                           "zh": "现在打电话也可以了，发票也收到了。"}[lang]})
    state = t.state()
    assert [x.status for x in state.constraints] == ["lifted"]
    assert [x.status for x in state.commitments] == ["done"]


def test_llm_mode_keeps_rule_entities_and_structure(server, client):
    server.reply(found(entities=[{"text": "Acme Phone X", "label": "PRODUCT"}], facts=[fact("colour", "blue")]))
    t = make(client, "en")
    units = t.observe({"role": "user", "content": "I want the Acme Phone X in blue, order ORD-12345."})
    types = [u.type for u in units]
    assert types[0] == "turn"
    entities = {u.text for u in units if u.type == "entity"}
    assert {"Acme Phone X", "ORD-12345"} <= entities  # the model's and the rules'
    assert ("color", "blue", "current") in facts(t)  # "colour" is a synonym of the rules' slot


def test_tool_turns_never_call_the_model(server, client):
    t = make(client, "en")
    t.observe({"role": "assistant", "content": None, "tool_calls": [
        {"id": "call_1", "type": "function", "function": {"name": "lookup", "arguments": "{}"}}]})
    t.observe({"role": "tool", "tool_call_id": "call_1", "content": '{"status": "ok"}'})
    assert server.requests == []
    assert [a.status for a in t.state().actions] == ["ok"]


# ---------------------------------------------------------------------- hybrid
@pytest.mark.parametrize("lang,clear,vague", [
    ("en", "My budget is $500.", "To be honest my partner usually decides these things, not me."),
    ("zh", "我的预算是5000元。", "说实话越便宜越好，不用太花哨。"),
])
def test_hybrid_asks_only_where_the_rules_found_nothing(server, client, lang, clear, vague):
    t = make(client, lang, extractor="hybrid")
    t.observe({"role": "user", "content": clear})
    assert server.requests == []  # the rules read it: no call, no tokens
    server.reply(found(constraints=[{"text": vague, "polarity": "prefer"}]))
    t.observe({"role": "user", "content": vague})
    assert len(server.requests) == 1
    assert [c.polarity for c in t.state().constraints] == ["prefer"]
    assert t.state().facts[0].key == "budget"
    assert t.extraction_usage.calls == 1


# ---------------------------------------------------------------------- failures fall back to the rules
FAILURES = {
    "server error": dict(status=500),
    "bad request": dict(status=400),
    "invalid json": dict(content="{this is not json"),
    "truncated json": dict(content='{"entities": [{"text": "Acme', finish_reason="length"),
    "schema mismatch": dict(content=json.dumps({**EMPTY, "facts": [{"key": "budget"}]})),
    "wrong type": dict(content=json.dumps({**EMPTY, "facts": "budget=500"})),
    "timeout": dict(content=found(), delay=1.5),
}


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("failure", list(FAILURES))
def test_failures_fall_back_to_the_rules_and_lose_nothing(server, client, lang, failure):
    first = {"en": "My order number is ORD-12345.", "zh": "我的订单号是ORD-12345。"}[lang]
    second = {"en": "My budget is $500, never use FedEx.", "zh": "预算5000元，不要用顺丰。"}[lang]
    server.reply(found(facts=[fact("order number", "ORD-12345")]))
    server.reply(**FAILURES[failure])
    t = make(client, lang, llm_timeout=0.5)
    t.observe({"role": "user", "content": first})
    before = facts(t)
    with pytest.warns(ExtractionWarning, match=r"\[W001\] LLM extraction of message 1 failed"):
        units = t.observe({"role": "user", "content": second})
    assert "rules used" in units[0].notes[-1]
    rules = Tracker(lang)
    rules.observe({"role": "user", "content": first})
    expected = [u for u in rules.observe({"role": "user", "content": second})[1:]]
    assert units[1:] == expected  # exactly the rules' reading of the failed turn
    assert all(f in facts(t) for f in before)  # nothing recorded earlier is lost
    assert t.extraction_usage.calls == 2 and t.extraction_usage.failures == 1
    assert Tracker.from_json(t.to_json()).state() == t.state()


def test_tokens_of_a_truncated_reply_are_still_counted(server, client):
    server.reply('{"facts": [', finish_reason="length", usage={"prompt_tokens": 300, "completion_tokens": 1000})
    t = make(client, "en")
    with pytest.warns(ExtractionWarning):
        t.observe({"role": "user", "content": "Budget $500."})
    assert (t.extraction_usage.prompt_tokens, t.extraction_usage.completion_tokens) == (300, 1000)


def test_connection_refused_falls_back(server):
    base_url = server.base_url
    server.stop()  # nothing listens on the port any more
    with openai.OpenAI(base_url=base_url, api_key="test", max_retries=0) as dead:
        t = make(dead, "en")
        with pytest.warns(ExtractionWarning, match="APIConnectionError"):
            t.observe({"role": "user", "content": "My budget is $500."})
    assert facts(t) == [("budget", "$500", "current")]


# ---------------------------------------------------------------------- configuration and persistence
def test_configuration_errors_are_clear(client):
    with pytest.raises(ConfigError, match=r"\[E063\].*'magic'"):
        Tracker("en", extractor="magic")
    with pytest.raises(ConfigError, match=r"\[E064\]"):
        Tracker("en", extractor="llm")
    with pytest.raises(ConfigError, match=r"\[E064\]"):
        Tracker("en", extractor="hybrid", llm=client)
    async_client = openai.AsyncOpenAI(base_url="http://127.0.0.1:9/v1", api_key="test")
    try:
        with pytest.raises(ConfigError, match=r"\[E065\].*AsyncOpenAI"):
            Tracker("en", extractor="llm", llm=async_client, model="m")
    finally:
        asyncio.run(async_client.close())


def test_a_session_replays_without_calling_the_model(server, client, caplog):
    server.reply(found(facts=[fact("budget", "$500")]))
    t = make(client, "en")
    t.observe({"role": "user", "content": "Keep it around five hundred."})
    saved = t.to_json()
    assert json.loads(saved)["config"]["extractor"] == "llm"
    restored = Tracker.from_json(saved)  # no client: the log is enough to rebuild
    assert restored.state() == t.state() and len(server.requests) == 1
    assert "new turns use the rules" in caplog.text
    server.reply(found(facts=[fact("colour", "red")]))
    again = Tracker.from_json(saved, llm=client)
    again.observe({"role": "user", "content": "Any colour but I lean to red."})
    assert len(server.requests) == 2 and ("color", "red", "current") in facts(again)


def test_the_openai_wrapper_reports_extraction_tokens(server, client):
    from ctxgraph.openai import wrap

    with StubServer() as chat_server, openai.OpenAI(base_url=chat_server.base_url, api_key="t",
                                                    max_retries=0) as chat:
        wrapped = wrap(chat, budget=300, make_tracker=lambda sid: make(client, "en"),
                       state="always")  # the state block shows what the model extracted
        for n in range(2):  # the two history messages before the question are read by the model
            server.reply(found(facts=[fact("budget", "$500")] if n == 0 else []),
                         usage={"prompt_tokens": 100, "completion_tokens": 20})
        server.reply(found())  # the question and the reply, read after the call
        server.reply(found())
        history = [{"role": "user", "content": "Keep it near five hundred."},
                   {"role": "assistant", "content": "Sure."},
                   {"role": "user", "content": "What was my budget?"}]
        wrapped.chat.completions.create(model="m", messages=history)
        assert wrapped.reports[-1].extraction_tokens == 240
        assert "$500" in chat_server.requests[-1].body["messages"][0]["content"]
        assert len(server.requests) == 4 and len(wrapped.tracker().messages) == 4
