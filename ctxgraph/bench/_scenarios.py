"""The project's own scenario conversations, zh and en, with their checks.

Each scenario plants something early (a fact, a correction, a choice, two
constraints, a promise, a tool result), buries it under unrelated rounds and
large noisy tool outputs, then asks for it. A scenario passes when the
assembled context (within its budget) carries what was planted and the state
JSON says the right thing. They are used by the test suite and by
``ctxgraph bench scenarios``.

>>> s = next(s for s in scenarios() if s.name == "correction" and s.lang == "en")
>>> result = run_scenario(s)
>>> result.passed, result.tokens <= s.budget
(True, True)
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any, Callable

BUDGET = 500


@dataclass
class Scenario:
    name: str
    lang: str
    messages: list[dict[str, Any]]
    question: str
    must_contain: list[str]
    check_state: Callable[[dict], list[str]]
    budget: int = BUDGET
    must_not_contain: list[str] = field(default_factory=list)


@dataclass
class ScenarioResult:
    scenario: Scenario
    passed: bool
    failures: list[str]
    tokens: int
    context: str
    state: dict


# ----------------------------------------------------------------------------- filler

_ZH_TOPICS = ["充电器", "手机壳", "蓝牙音箱", "移动电源", "数据线", "智能手表", "路由器", "键盘"]
_EN_TOPICS = ["charger", "phone case", "bluetooth speaker", "power bank", "usb cable", "smart watch", "router", "keyboard"]


def _noisy_payload(rng: random.Random, topic: str, n: int = 25) -> str:
    """A large search result: many records with long descriptions, like real tools return."""
    items = [{
        "sku": f"SKU-{rng.randint(10000, 99999)}",
        "title": f"{topic} model {rng.randint(1, 900)}",
        "rating": round(rng.uniform(3, 5), 1),
        "stock": rng.randint(0, 500),
        "warehouse": rng.choice(["north", "south", "east", "west"]),
        "description": " ".join(rng.choice(["fast", "durable", "compact", "premium", "light", "classic"]) for _ in range(30)),
    } for _ in range(n)]
    return json.dumps({"query": topic, "items": items}, ensure_ascii=False)


def filler(lang: str, rounds: int, seed: int, start: int = 0) -> list[dict[str, Any]]:
    """``rounds`` unrelated rounds; every third round calls a search tool with a large result."""
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    topics = _ZH_TOPICS if lang == "zh" else _EN_TOPICS
    for r in range(rounds):
        topic = topics[(r + seed) % len(topics)]
        if lang == "zh":
            out.append({"role": "user", "content": f"顺便问一下，{topic}有什么推荐吗？"})
        else:
            out.append({"role": "user", "content": f"By the way, any {topic} you would recommend?"})
        if r % 3 == 0:
            cid = f"call_f{start + r}"
            out.append({"role": "assistant", "content": None, "tool_calls": [{
                "id": cid, "type": "function",
                "function": {"name": "search_catalog", "arguments": json.dumps({"query": topic}, ensure_ascii=False)}}]})
            out.append({"role": "tool", "tool_call_id": cid, "content": _noisy_payload(rng, topic)})
        if lang == "zh":
            out.append({"role": "assistant", "content": f"{topic}方面，评分高的几款都不错，看您的使用场景。"})
        else:
            out.append({"role": "assistant", "content": f"For a {topic}, the top-rated ones are all solid; it depends on how you use it."})
    return out


# ----------------------------------------------------------------------------- checks

def _fact(state: dict, key: str, value: str) -> list[str]:
    current = [f for f in state["facts"] if f["key"] == key and f["status"] == "current"]
    if not any(value in f["value"] for f in current):
        return [f"state: no current fact {key}={value!r} (current: {[f['value'] for f in current]})"]
    return []


def _history(state: dict, key: str, old: str) -> list[str]:
    current = [f for f in state["facts"] if f["key"] == key and f["status"] == "current"]
    if not any(any(old in h["value"] for h in f["history"]) for f in current):
        return [f"state: current {key} has no history value {old!r}"]
    superseded = [f for f in state["facts"] if f["key"] == key and f["status"] == "superseded" and old in f["value"]]
    return [] if superseded else [f"state: old value {old!r} not kept as superseded"]


def _selected(state: dict, text: str) -> list[str]:
    chosen = [e for e in state["entities"] if e.get("selected")]
    if not any(text in e["text"] for e in chosen):
        return [f"state: {text!r} not selected (selected: {[e['text'] for e in chosen]})"]
    ids = {e["id"] for e in chosen if text in e["text"]}
    return [] if ids & set(state["focus"]) else [f"state: {text!r} not in focus"]


def _constraints(state: dict, *texts: str) -> list[str]:
    active = [c["text"] for c in state["constraints"] if c["status"] == "active"]
    return [f"state: constraint {t!r} not active" for t in texts if not any(t in a for a in active)]


def _commitment(state: dict, text: str, due: str) -> list[str]:
    open_ = [c for c in state["commitments"] if c["status"] == "open" and text in c["text"]]
    if not open_:
        return [f"state: no open commitment with {text!r}"]
    return [] if any(due in (c.get("due") or "") for c in open_) else [f"state: commitment due {due!r} missing"]


def _action(state: dict, tool: str, field_value: str) -> list[str]:
    ok = [a for a in state["actions"] if a["tool"] == tool and a["status"] == "ok"]
    if not any(field_value in json.dumps(a["fields"], ensure_ascii=False) for a in ok):
        return [f"state: no ok action {tool} with {field_value!r}"]
    return []


# ----------------------------------------------------------------------------- scenarios

def _order_calls(lang: str, order_id: str) -> list[dict[str, Any]]:
    args = {"sku": "XM14-256-BK" if lang == "zh" else "MBA-M3-16", "qty": 1}
    result = {"order_id": order_id, "status": "paid", "amount": 4299 if lang == "zh" else 1299,
              "eta": "2026-12-03", "audit": [{"step": i, "ok": True} for i in range(40)]}
    return [
        {"role": "assistant", "content": None, "tool_calls": [{"id": "call_order", "type": "function",
         "function": {"name": "create_order", "arguments": json.dumps(args)}}]},
        {"role": "tool", "tool_call_id": "call_order", "content": json.dumps(result)},
    ]


def scenarios() -> list[Scenario]:
    """All scenarios, zh and en (deterministic)."""
    out: list[Scenario] = []
    # 1. a fact stated at turn 1, asked for 60 rounds later, large noisy tool outputs between
    out.append(Scenario(
        "fact_after_60_rounds", "zh",
        [{"role": "system", "content": "你是客服助手。"},
         {"role": "user", "content": "我们的项目代号是 Phoenix，请记住。"},
         {"role": "assistant", "content": "好的，已记下。"}] + filler("zh", 60, 1),
        "我们的项目代号是什么来着？", ["Phoenix"], lambda s: _fact(s, "project_code", "Phoenix")))
    out.append(Scenario(
        "fact_after_60_rounds", "en",
        [{"role": "system", "content": "You are a support assistant."},
         {"role": "user", "content": "Our project code name is Phoenix, please keep that in mind."},
         {"role": "assistant", "content": "Got it."}] + filler("en", 60, 1),
        "What was our project code name again?", ["Phoenix"], lambda s: _fact(s, "project_code", "Phoenix")))
    # 2. a corrected value: the new one current, the old one history
    out.append(Scenario(
        "correction", "zh",
        [{"role": "user", "content": "我想买台笔记本，预算5000元。"},
         {"role": "assistant", "content": "好的，5000元左右有不少选择。"}] + filler("zh", 20, 2) +
        [{"role": "user", "content": "预算改成6000吧。"}, {"role": "assistant", "content": "好的。"}] + filler("zh", 5, 3),
        "我现在的预算是多少？", ["6000"], lambda s: _fact(s, "budget", "6000") + _history(s, "budget", "5000")))
    out.append(Scenario(
        "correction", "en",
        [{"role": "user", "content": "I want a new laptop, my budget is $1,000."},
         {"role": "assistant", "content": "Sure, there are good options around $1,000."}] + filler("en", 20, 2) +
        [{"role": "user", "content": "Actually, change the budget to $1,500."}, {"role": "assistant", "content": "Noted."}] + filler("en", 5, 3),
        "What's my budget now?", ["$1,500"], lambda s: _fact(s, "budget", "$1,500") + _history(s, "budget", "$1,000")))
    # 3. "the one I picked" after 10 unrelated rounds
    out.append(Scenario(
        "picked_after_10_rounds", "zh",
        [{"role": "user", "content": "帮我推荐一款拍照好的手机。"},
         {"role": "assistant", "content": "推荐小米14、华为 Mate 60 Pro 和 OPPO Find X7。"},
         {"role": "user", "content": "我就要小米14了。"}, {"role": "assistant", "content": "好的，已为您记下。"}] + filler("zh", 10, 4),
        "我选的那款手机什么时候能到货？", ["小米14"], lambda s: _selected(s, "小米14")))
    out.append(Scenario(
        "picked_after_10_rounds", "en",
        [{"role": "user", "content": "Which laptop would you recommend for travel?"},
         {"role": "assistant", "content": "The MacBook Air M3, the Dell XPS 13 and the ThinkPad X1 Carbon are all great."},
         {"role": "user", "content": "I'll go with the MacBook Air M3."}, {"role": "assistant", "content": "Great choice."}] + filler("en", 10, 4),
        "When will the laptop I picked arrive?", ["MacBook Air M3"], lambda s: _selected(s, "MacBook Air M3")))
    # 4. two constraints stated once, 30 rounds before the request
    out.append(Scenario(
        "constraints_after_30_rounds", "zh",
        [{"role": "user", "content": "先说好：不要用顺丰以外的快递，发票抬头必须写北京某某科技有限公司。"},
         {"role": "assistant", "content": "明白。"}] + filler("zh", 30, 5),
        "好了，帮我下单吧。", ["不要用顺丰以外的快递", "北京某某科技有限公司"],
        lambda s: _constraints(s, "不要用顺丰以外的快递", "发票抬头必须写北京某某科技有限公司")))
    out.append(Scenario(
        "constraints_after_30_rounds", "en",
        [{"role": "user", "content": "Two things first: do not ship with FedEx. The invoice must be addressed to Holmes Consulting Ltd."},
         {"role": "assistant", "content": "Understood."}] + filler("en", 30, 5),
        "OK, please place the order now.", ["FedEx", "Holmes Consulting Ltd"],
        lambda s: _constraints(s, "do not ship with FedEx", "The invoice must be addressed to Holmes Consulting Ltd")))
    # 5. an assistant promise asked about later
    out.append(Scenario(
        "promise", "zh",
        [{"role": "user", "content": "我的退款什么时候能处理好？"},
         {"role": "assistant", "content": "我会在今天18点前给您回电确认退款进度。"}] + filler("zh", 15, 6),
        "你之前答应我什么了？", ["今天18点前给您回电"], lambda s: _commitment(s, "回电", "18点前")))
    out.append(Scenario(
        "promise", "en",
        [{"role": "user", "content": "How do I send the headphones back?"},
         {"role": "assistant", "content": "I will email you a prepaid return label by 5 pm today."}] + filler("en", 15, 6),
        "What did you promise me earlier?", ["prepaid return label"], lambda s: _commitment(s, "return label", "5 pm")))
    # 6. a tool result's order id asked for after noisy tool output
    out.append(Scenario(
        "order_id_after_noise", "zh",
        [{"role": "user", "content": "帮我下单小米14黑色256GB。"}] + _order_calls("zh", "SO2026113000421") +
        [{"role": "assistant", "content": "已为您下单。"}] + filler("zh", 12, 7),
        "我的订单号是多少？", ["SO2026113000421"], lambda s: _action(s, "create_order", "SO2026113000421")))
    out.append(Scenario(
        "order_id_after_noise", "en",
        [{"role": "user", "content": "Please order the MacBook Air M3 with 16 GB."}] + _order_calls("en", "ORD-7731920") +
        [{"role": "assistant", "content": "Your order is placed."}] + filler("en", 12, 7),
        "What is my order number?", ["ORD-7731920"], lambda s: _action(s, "create_order", "ORD-7731920")))
    return out


def run_scenario(s: Scenario, tracker_factory: Callable[[], Any] | None = None) -> ScenarioResult:
    """Observe the scenario, assemble for its question, check context and state."""
    from .._tracker import Tracker

    tracker = tracker_factory() if tracker_factory else Tracker()
    tracker.observe_many(s.messages)
    ctx = tracker.assemble(s.question, budget=s.budget)
    sent = ctx.messages[:-1]  # what the question itself says does not count
    text = "\n".join(m.get("content") or "" for m in sent)
    state = json.loads(tracker.state().to_json())
    failures = [f"context: missing {x!r}" for x in s.must_contain if x not in text]
    failures += [f"context: should not contain {x!r}" for x in s.must_not_contain if x in text]
    if ctx.tokens > s.budget:
        failures.append(f"context: {ctx.tokens} tokens > budget {s.budget}")
    failures += s.check_state(state)
    return ScenarioResult(s, not failures, failures, ctx.tokens, text, state)
