"""The graph: apply is the only mutation, the event log rebuilds it, node and edge
kinds as DESIGN.md lists them, fact history."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from ctxgraph import StateError, Tracker
from ctxgraph import _graph as g
from ctxgraph.extract import Message
from ctxgraph._messages import read_conversation
from ctxgraph._units import UNIT_ADAPTER, FactUnit, GoalUnit, TurnUnit

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
NODE_KINDS = {"turn", "entity", "fact", "constraint", "commitment", "action", "question", "goal"}
EDGE_KINDS = {"mentions", "about", "supersedes", "refers_to", "fulfills", "made_in", "result_of"}
#: edge kind -> (kind of its source node, kinds its target may be)
EDGE_ENDS = {
    "mentions": ("turn", {"entity"}),
    "about": ("fact", {"entity"}),
    "supersedes": (None, {"fact", "goal"}),
    "refers_to": ("turn", {"entity"}),
    "fulfills": ("turn", {"commitment"}),
    "made_in": (None, {"turn"}),
    "result_of": ("turn", {"action"}),
}


def user(text: str) -> dict:
    return {"role": "user", "content": text}


def bot(text: str) -> dict:
    return {"role": "assistant", "content": text}


def call(call_id: str, name: str, arguments: dict) -> dict:
    return {"role": "assistant", "content": None, "tool_calls": [
        {"id": call_id, "type": "function", "function": {"name": name, "arguments": json.dumps(arguments)}}]}


def result(call_id: str, content: dict) -> dict:
    return {"role": "tool", "tool_call_id": call_id, "content": json.dumps(content, ensure_ascii=False)}


#: conversations that exercise every node and edge kind
FULL = {
    "zh": [
        user("你好，我想买一部手机，预算5000元。"),
        bot("好的。请问您的收货地址是哪里？"),
        user("收货地址是上海市浦东新区张江路88号3号楼502室"),
        bot("小米14的价格是4299元。"),
        user("不要用顺丰以外的快递"),
        user("预算改成6000"),
        user("它有黑色吗？"),
        user("那我就要小米14了"),
        bot("我会在今天18点前给您回电确认。"),
        call("c1", "create_order", {"sku": "XM14"}),
        result("c1", {"order_id": "SO202411300088", "status": "paid"}),
        bot("已经给您回电了，发票信息已确认。"),
    ],
    "en": [
        user("Hi, I need to return my WH-1000XM5 headphones. My budget is $500."),
        bot("Sure. What is your shipping address?"),
        user("Ship to 221B Baker Street, London."),
        bot("The MX Master 3S price is $99."),
        user("Do not ship with FedEx."),
        user("Actually make it $600."),
        user("Does it come in black?"),
        user("I'll go with the MX Master 3S."),
        bot("I will email you a return label by 5 pm today."),
        call("c1", "send_return_label", {"order_id": "A-5529014"}),
        result("c1", {"status": "sent", "label_id": "L-123456"}),
        bot("Done, the label is on its way."),
    ],
}



def conversations():
    rows = [pytest.param(FULL[lang], id=f"full-{lang}") for lang in ("zh", "en")]
    rows += [pytest.param(read_conversation(p), id=p.stem) for p in sorted(EXAMPLES.glob("*.jsonl"))]
    return rows


def kinds(G) -> tuple[set[str], set[str]]:
    return {d["kind"] for _, d in G.nodes(data=True)}, {k for *_, k in G.edges(keys=True)}


# ----------------------------------------------------------------------------- kinds


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_graph_node_and_edge_kinds_as_designed(make_tracker, lang):
    t = make_tracker(*FULL[lang])
    nodes, edges = kinds(t.graph)
    assert nodes == NODE_KINDS
    assert edges == EDGE_KINDS


@pytest.mark.parametrize("messages", conversations())
def test_graph_edge_ends_have_the_right_kinds(make_tracker, messages):
    G = make_tracker(*messages).graph
    for u, v, k, d in G.edges(keys=True, data=True):
        source, targets = EDGE_ENDS[k]
        assert d["kind"] == k
        assert source is None or G.nodes[u]["kind"] == source, (u, v, k)
        assert G.nodes[v]["kind"] in targets, (u, v, k)
        if k == "supersedes":
            assert G.nodes[u]["kind"] == G.nodes[v]["kind"]


@pytest.mark.parametrize("messages", conversations())
def test_graph_every_made_node_points_to_its_turn(make_tracker, messages):
    G = make_tracker(*messages).graph
    for n, d in G.nodes(data=True):
        if d["kind"] in ("fact", "constraint", "commitment", "action", "question", "goal"):
            (turn,) = [v for _, v, k in G.out_edges(n, keys=True) if k == "made_in"]
            assert G.nodes[turn]["index"] == d["turn"]


# ----------------------------------------------------------------------------- one mutation, replayable


@pytest.mark.parametrize("messages", conversations())
def test_graph_replay_of_events_equals_graph(make_tracker, messages):
    t = make_tracker(*messages)
    assert g.graphs_equal(t.replay(), t.graph)
    rebuilt = Tracker.from_json(t.to_json())
    assert g.graphs_equal(rebuilt.graph, t.graph)
    assert rebuilt.state() == t.state()


@pytest.mark.parametrize("messages", conversations())
def test_graph_fold_of_returned_units_equals_graph(make_tracker, messages):
    """observe returns the units it applied; folding them with apply gives the graph."""
    t = Tracker(today="2026-11-30")
    G = g.new_graph()
    for m in messages:
        for unit in t.observe(m):
            g.apply(G, unit)
    assert g.graphs_equal(G, t.graph)


@pytest.mark.parametrize("messages", conversations())
def test_graph_event_log_round_trips(make_tracker, messages):
    t = make_tracker(*messages)
    events = json.loads(json.dumps(t.events, ensure_ascii=False))
    assert events == t.events
    turns = [e for e in events if e["type"] == "turn"]
    assert [e["index"] for e in turns] == list(range(len(messages)))
    for e in events:
        body = {k: v for k, v in e.items() if k != "turn"}
        assert UNIT_ADAPTER.validate_python(body).model_dump() == body


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_graph_extraction_does_not_change_the_graph(make_tracker, lang):
    """Extraction is pure: it reads the graph, only apply writes."""
    t = make_tracker(*FULL[lang][:-1])
    before = copy.deepcopy(t.graph)
    last = FULL[lang][-1]
    t.extractor(Message(role=last["role"], text=last["content"]), len(t.messages), t.graph, lang)
    t.extractor.query("它多少钱？" if lang == "zh" else "how much is it?", t.graph, lang)
    assert g.graphs_equal(before, t.graph)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_graph_assemble_and_state_do_not_change_the_graph(make_tracker, lang):
    t = make_tracker(*FULL[lang])
    before, events = copy.deepcopy(t.graph), list(t.events)
    t.assemble("它多少钱？" if lang == "zh" else "how much is it?", budget=300)
    t.state()
    assert g.graphs_equal(before, t.graph) and t.events == events


def test_graph_apply_rejects_unknown_unit():
    with pytest.raises(StateError, match="E051"):
        g.apply(g.new_graph(), object())


def test_graph_graphs_equal_sees_a_difference():
    G, H = g.new_graph(), g.new_graph()
    for X in (G, H):
        g.apply(X, TurnUnit(index=0, role="user", text="预算5000元", lang="zh"))
        g.apply(X, FactUnit(key="budget", name="预算", value="5000元"))
    assert g.graphs_equal(G, H)
    g.apply(H, FactUnit(key="budget", name="预算", value="6000元", correction=True))
    assert not g.graphs_equal(G, H)


def test_graph_from_json_rejects_unknown_event(make_tracker):
    data = json.loads(make_tracker("预算5000元").to_json())
    data["events"].append({"turn": 0, "type": "teleport"})
    with pytest.raises(StateError, match="E051"):
        Tracker.from_json(data, verify=False)  # the event check, behind the digest's


# ----------------------------------------------------------------------------- facts over time

HISTORY_ROWS = [
    pytest.param(["预算5000元", "预算改成6000元", "预算改成7000元"], ["5000元", "6000元", "7000元"], id="zh"),
    pytest.param(["my budget is $500", "actually make it $600", "actually make it $700"], ["$500", "$600", "$700"], id="en"),
]


@pytest.mark.parametrize(("messages", "values"), HISTORY_ROWS)
def test_graph_fact_history_newest_first(make_tracker, messages, values):
    t = make_tracker(*messages)
    facts = list(g.facts(t.graph))
    assert [d["value"] for _, d in facts] == values
    assert [d["status"] for _, d in facts] == ["superseded", "superseded", "current"]
    newest = facts[-1][0]
    assert g.fact_history(t.graph, newest) == [
        {"value": values[1], "turn": 1, "until": 2},
        {"value": values[0], "turn": 0, "until": 1},
    ]
    (cur,) = [f for f in json.loads(t.state().to_json())["facts"] if f["status"] == "current"]
    assert [h["value"] for h in cur["history"]] == [values[1], values[0]]
    assert [fid for fid, _ in g.current_facts(t.graph)] == [newest]


@pytest.mark.parametrize(("messages", "retracted"), [
    pytest.param(["发票抬头写上海某某公司", "发票抬头不用了"], "上海某某公司", id="zh"),
    pytest.param(["the invoice title is Holmes Ltd", "forget the invoice title"], "Holmes Ltd", id="en"),
])
def test_graph_retracted_fact_stays_in_graph(make_tracker, messages, retracted):
    t = make_tracker(*messages)
    ((_, d),) = g.facts(t.graph)
    assert (d["value"], d["status"], d["turn"], d["until"]) == (retracted, "retracted", 0, 1)
    assert g.current_facts(t.graph) == []


def test_graph_fact_about_entity_and_per_subject_slot(make_tracker):
    t = make_tracker(bot("小米14的价格是4299元。"), bot("OPPO Find X7的价格是3999元。"))
    about = [(fid, d) for fid, d in g.facts(t.graph) if d["subject"]]  # the phones themselves are offered items
    prices = {t.graph.nodes[d["subject"]]["text"]: (d["value"], d["status"]) for _, d in about}
    assert prices == {"小米14": ("4299元", "current"), "OPPO Find X7": ("3999元", "current")}
    for fid, d in about:
        assert t.graph.has_edge(fid, d["subject"], key="about")


def test_graph_goal_superseded_by_a_new_goal():
    G = g.new_graph()
    g.apply(G, TurnUnit(index=0, role="user", text="", lang="en"))
    g.apply(G, GoalUnit(text="return the headphones"))
    g.apply(G, GoalUnit(text="exchange the headphones"))
    assert [(n, d["status"]) for n, d in g.nodes_of(G, "goal")] == [("g1", "superseded"), ("g2", "current")]
    assert G.graph["goal"] == "g2" and G.has_edge("g2", "g1", key="supersedes")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_graph_open_items_close(make_tracker, lang):
    t = make_tracker(*FULL[lang])
    assert g.open_items(t.graph, "commitment") == []  # fulfilled by the later turns
    assert g.open_items(t.graph, "question") == []  # answered by the user
    assert [d["status"] for _, d in g.open_items(t.graph, "constraint")] == ["active"]


def test_active_rule_index_follows_lift_and_replay():
    """The index of active constraints by token (issue 24.8) drops a lifted rule, holds its
    restatement, and an event-log replay rebuilds it the same."""
    from ctxgraph import Tracker
    from ctxgraph import _graph as g

    t = Tracker("en", en_models=())
    t.observe_many([{"role": "user", "content": "My budget is $500, it must be under $500 a night."},
                    {"role": "user", "content": "Actually make the budget $800."}])
    G = t.graph
    [(cid, d)] = g.active_rules_holding(G, "800")
    assert d["text"] == "it must be under $800 a night"
    assert g.active_rules_holding(G, "500") == []
    back = Tracker.from_json(t.to_json()).graph
    assert back.graph["rules_by_token"] == G.graph["rules_by_token"]
    assert back.graph["rules_unkeyed"] == G.graph["rules_unkeyed"] == {}
