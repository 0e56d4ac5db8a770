"""No input stalls or breaks a session (issue 11): pathological messages, any Unicode string,
tool JSON of any depth and number size. Correctness only (no exception, the message kept
whole, bounded output, strict exports); ``ctxgraph bench adversarial`` measures the time."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ctxgraph import Tracker
from ctxgraph._jsonsafe import MAX_JSON_DEPTH, loads_bounded
from ctxgraph._messages import SURROGATES_NOTE
from ctxgraph.bench._adversarial import GENERATORS
from ctxgraph.extract.context import EXTRACT_TAIL_CHARS, MAX_EXTRACT_CHARS, extract_window

#: no message yields more units than this (the rules read a bounded window)
MAX_UNITS = 1_000


def _refuse(name: str):
    raise AssertionError(f"bare {name} in strict JSON")


def _strict(text: str) -> object:
    """The parsed JSON of an export, refusing NaN/Infinity and text that is not UTF-8."""
    text.encode("utf-8")
    return json.loads(text, parse_constant=_refuse)


def _tracker(lang: str) -> Tracker:
    t = Tracker(lang=lang)
    t.observe({"role": "user", "content": "我的预算是5000元" if lang == "zh" else "My budget is $500."})
    t.observe({"role": "assistant", "content": None, "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "get_order", "arguments": "{}"}}]})
    return t


def _message(name: str, text: str) -> dict:
    if name.startswith("tool_"):
        return {"role": "tool", "tool_call_id": "c1", "content": text}
    return {"role": "user", "content": text}


def _check_after(t: Tracker, units: list, sent: str) -> None:
    assert len(units) <= MAX_UNITS
    kept = t.messages[-1]["content"]
    assert len(kept) == len(sent)  # the message itself is kept whole
    assert t.events[-len(units)]["type"] == "turn"
    ctx = t.assemble("what is my budget?", budget=300)
    assert ctx.tokens <= 300
    _strict(t.state().to_json())
    again = Tracker.from_json(t.to_json())
    assert again.state() == t.state()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(GENERATORS)), size=st.integers(0, 30_000), lang=st.sampled_from(["en", "zh"]))
def test_adversarial_input_pathological_generators_are_read_without_error(name, size, lang):
    t = _tracker(lang)
    text = GENERATORS[name](size)
    units = t.observe(_message(name, text))
    _check_after(t, units, text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.text(st.characters(codec=None, exclude_categories=()), max_size=300),
       role=st.sampled_from(["system", "user", "assistant", "tool"]), lang=st.sampled_from(["en", "zh", "auto"]))
def test_adversarial_input_any_unicode_string_is_accepted_in_every_role(text, role, lang):
    t = _tracker("en" if lang == "auto" else lang)
    message = {"role": role, "content": text, **({"tool_call_id": "c1"} if role == "tool" else {})}
    units = t.observe(message)
    _check_after(t, units, text)
    t.to_html().encode("utf-8")


@pytest.mark.slow
@pytest.mark.parametrize("name", ["brackets", "one_char", "dots", "cjk_no_punctuation", "cjk_rare", "words",
                                  "surrogates", "tool_deep_json", "tool_big_number"])
def test_adversarial_input_one_megabyte_messages(name):
    for lang in ("en", "zh"):
        t = _tracker(lang)
        text = GENERATORS[name](1_000_000)
        _check_after(t, t.observe(_message(name, text)), text)


@pytest.mark.parametrize("text", ["[" * 20_000, "x" * 20_000, "." * 1_000_000])
def test_adversarial_input_issue_messages_are_observed_and_noted(text):
    t = _tracker("en")
    units = t.observe({"role": "user", "content": text})
    _check_after(t, units, text)
    turn = next(e for e in t.events if e["type"] == "turn" and e["turn"] == 2)
    assert f"only the first {MAX_EXTRACT_CHARS - EXTRACT_TAIL_CHARS} and the last {EXTRACT_TAIL_CHARS}" in turn["notes"][0]


def test_adversarial_input_window_reads_head_and_tail():
    text = "My budget is $500. " + "Some filler words here. " * 2_000 + "Do not ship with FedEx."
    window = extract_window(text)
    assert len(window) == MAX_EXTRACT_CHARS
    assert window.startswith("My budget is $500.") and window.endswith("Do not ship with FedEx.")
    t = Tracker(lang="en")
    t.observe({"role": "user", "content": text})
    state = t.state()
    assert [f.value for f in state.facts] == ["$500"]
    assert [c.text for c in state.constraints] == ["Do not ship with FedEx"]


def test_adversarial_input_long_run_is_cut_for_the_rules_only():
    email = "anna.lee@example.com"
    text = "x" * 500 + " " + "contact me at " + email + " " + "9" * 500
    window = extract_window(text)
    assert len(window) == len(text) and email in window and "x" * 65 not in window
    t = Tracker(lang="en")
    t.observe({"role": "user", "content": text})
    assert t.messages[0]["content"] == text
    assert email in [e.text for e in t.state().entities]


# ------------------------------------------------------------------ tool JSON never raises
DEEP = '{"order_id": "SO-12345", "status": "paid", "x": ' + "[" * 1_500 + "]" * 1_500 + "}"
BIG = '{"order_id": "SO-12345", "total": ' + "9" * 5_000 + ', "tax": NaN, "cap": Infinity, "floor": -1e999}'


@pytest.mark.parametrize("payload", [DEEP, BIG, "[" * 100_000, '{"a": ' + "{\"b\": " * 3_000 + "1" + "}" * 3_001],
                         ids=["deep-1500", "5000-digits", "unclosed-100k", "deep-objects-3000"])
def test_adversarial_input_tool_json_of_any_depth_and_number_size(payload):
    t = _tracker("en")
    t.observe({"role": "tool", "tool_call_id": "c1", "content": payload})
    t.observe({"role": "assistant", "content": None, "tool_calls": [
        {"id": "c2", "type": "function", "function": {"name": "pay", "arguments": payload}}]})
    units = t.observe({"role": "tool", "tool_call_id": "c2", "content": '{"ok": true}'})
    action = t.state().actions[0]
    if payload in (DEEP, BIG):
        assert action.fields["order_id"] == "SO-12345" and action.status == "ok"
    assert t.payload("r2") == payload
    _check_after(t, units, '{"ok": true}')


def test_adversarial_input_loads_bounded_keeps_deep_parts_and_big_numbers_as_text():
    data = loads_bounded(BIG)
    assert data["total"] == "9" * 5_000 and data["tax"] == "NaN" and data["cap"] == "Infinity"
    assert data["floor"] == "-1e999"
    deep = loads_bounded(DEEP)
    node, depth = deep["x"], 1
    while isinstance(node, list):
        node, depth = node[0], depth + 1
    assert depth == MAX_JSON_DEPTH and isinstance(node, str) and node.startswith("[[")


def test_adversarial_input_tool_json_through_the_wrapper(server, client):
    from ctxgraph.openai import wrap

    wrapped = wrap(client, budget=400)
    history = [{"role": "user", "content": "Where is my order SO-12345?"}]
    server.reply(tool_calls=[{"name": "get_order", "arguments": {"order_id": "SO-12345"}}])
    reply = wrapped.chat.completions.create(model="m", messages=history)
    history += [reply.choices[0].message.model_dump(exclude_none=True),
                {"role": "tool", "tool_call_id": "call_1", "content": DEEP}]
    server.reply("It is paid.")
    wrapped.chat.completions.create(model="m", messages=history)
    history += [{"role": "assistant", "content": "It is paid."}, {"role": "tool", "tool_call_id": "x", "content": BIG},
                {"role": "user", "content": "Thanks \ud800 and the total?"}]
    server.reply("The total is large.")
    wrapped.chat.completions.create(model="m", messages=history)  # the session keeps working
    tracker = wrapped.tracker()
    assert [a.status for a in tracker.state().actions][:1] == ["ok"]
    assert tracker.messages[-1]["content"] == "The total is large."
    sent = json.dumps(server.requests[-1].body, ensure_ascii=False)
    sent.encode("utf-8")
    _strict(tracker.to_json())


# ------------------------------------------------------------------ any Unicode, strict exports
@pytest.mark.parametrize("role", ["system", "user", "assistant", "tool"])
def test_adversarial_input_lone_surrogates_replaced_and_noted_in_every_role(role):
    t = _tracker("en")
    message = {"role": role, "content": "budget \ud800 $500 \udfff", "name": "n\udc00"}
    if role == "tool":
        message = {**message, "tool_call_id": "c1", "content": '{"order_id": "S\ud800O-1", "v": NaN}'}
    t.observe(message)
    assert "\ufffd" in t.messages[-1]["content"]
    turn = [e for e in t.events if e["type"] == "turn"][-1]
    assert SURROGATES_NOTE in turn["notes"]
    for text in (t.to_json(), t.state().to_json(), t.to_html()):
        text.encode("utf-8")
    _strict(t.to_json())
    _strict(t.state().to_json())


def test_adversarial_input_question_with_surrogates_is_sent_as_utf8():
    t = _tracker("en")
    ctx = t.assemble("my budget \ud800?", budget=200)
    json.dumps(ctx.messages, ensure_ascii=False).encode("utf-8")


# ------------------------------------------------------------------ counted once
def test_adversarial_input_a_long_message_is_counted_once(monkeypatch):
    import ctxgraph._tracker as tracker_module

    t = Tracker(lang="en")
    big = "word " * 200_000
    t.observe({"role": "user", "content": big})
    t.observe({"role": "assistant", "content": "Noted."})
    counted: list[int] = []
    real = tracker_module.count_message_tokens

    def spy(messages, *args, **kwargs):
        counted.extend(len(m.get("content") or "") for m in messages)
        return real(messages, *args, **kwargs)

    monkeypatch.setattr(tracker_module, "count_message_tokens", spy)
    for _ in range(3):
        t.assemble("what did I say?", budget=300)
    assert counted.count(len(big)) == 1


# ------------------------------------------------------------------ the bench
def test_adversarial_input_bench_measures_and_formats_one_message():
    from ctxgraph.bench._adversarial import format_adversarial, measure

    results = [measure("brackets", 2_000, lang) for lang in ("en", "zh")]
    assert {r["lang"] for r in results} == {"en", "zh"} and all(r["observe_cpu_ms"] >= 0 for r in results)
    report = {"results": results, "worst": max(results, key=lambda r: r["observe_ms"]), "load": "1.0"}
    title, header, rows = format_adversarial(report)
    assert header == ["message", "2,000 chars"] and rows[0][0] == "brackets" and rows[0][1] is not None
    assert "worst overall" in title


@pytest.mark.slow
def test_adversarial_input_bench_cli_quick(capsys):
    from ctxgraph.cli import main

    assert main(["bench", "adversarial", "--quick", "--format", "json"]) == 0
    (report,) = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.strip()]
    assert report["dataset"] == "adversarial" and len(report["results"]) == len(GENERATORS) * 2 * 2
    assert report["worst"]["observe_ms"] == max(r["observe_ms"] for r in report["results"])


# ------------------------------------------------------------------ (fix34) a long run of one value stays linear
@pytest.mark.parametrize("lang,unit", [("zh", "四月十号前"), ("zh", "4月10号前"), ("en", "before the 10th of April, ")])
def test_adversarial_input_run_of_one_deadline_asks_each_position_once(monkeypatch, lang, unit):
    """(fix34) 15,000 characters of one deadline said again and again: whether a value is ruled out is asked once per
    value, not of every later value for every value (180,000 asks and seconds of work on the zh run before)."""
    import ctxgraph.extract.facts as facts

    asked = []
    real = facts.ruled_out
    monkeypatch.setattr(facts, "ruled_out", lambda text, at: asked.append(at) or real(text, at))
    t = Tracker(lang=lang)
    t.observe({"role": "user", "content": "别打我电话。只能周末。" if lang == "zh" else "Please don't call me, weekends only."})
    text = (unit * (15_000 // len(unit) + 1))[:15_000]
    _check_after(t, t.observe({"role": "user", "content": text}), text)
    assert len(asked) <= 2_000  # a few hundred values, each asked once or twice
