"""Long chats (issue 11): promises close when kept, expire or are replaced, the open ones
never crowd out what the question asks, and a chat of thousands of turns still assembles
the fact asked for. Behaviour only: timings are in ``ctxgraph bench speed --turns``."""

from __future__ import annotations

import itertools
import json

import pytest

from ctxgraph import Tracker
from ctxgraph._select import PINNED_COMMITMENTS
from ctxgraph.bench._longchat import QUESTION, long_chat
from ctxgraph.extract.cues import COMMITMENT_TURNS


def chat(lang: str, n: int, **kw) -> Tracker:
    t = Tracker(lang, en_models=())
    for m in itertools.islice(long_chat(lang, **kw), n):
        t.observe(m)
    return t


def current_budget(t: Tracker) -> str:
    return next(f.value for f in t.state().facts if f.key == "budget" and f.status == "current")


@pytest.fixture(scope="module")
def en_1500() -> Tracker:
    """1,500 messages of the English long chat, read once by the tests that only look at it."""
    return chat("en", 1_500)


@pytest.fixture(scope="module")
def promises_10k() -> Tracker:
    """10,000 messages with a promise every round and none ever reported: only the expiry closes them."""
    return chat("en", 10_000, promise_every=1, kept_share=0.0)


@pytest.mark.slow
def test_many_open_promises_leave_room_for_the_budget_asked_for(promises_10k):
    t = promises_10k
    states = [c.status for c in t.state().commitments]
    assert states.count("open") > PINNED_COMMITMENTS * 5
    assert set(states) == {"open", "expired"}
    ctx = t.assemble(QUESTION["en"], budget=300)
    assert current_budget(t) in ctx.state_block
    shown = [n for n in ctx.node_ids if n.startswith("p")]
    assert 0 < len(shown) <= PINNED_COMMITMENTS + 3


def test_an_open_promise_expires_after_the_set_number_of_messages():
    t = Tracker("en")
    t.observe({"role": "assistant", "content": "I'll email you the invoice for order SO-7 by Friday."})
    for i in range(COMMITMENT_TURNS - 1):
        t.observe({"role": "user" if i % 2 else "assistant", "content": "ok"})
    assert [c.status for c in t.state().commitments] == ["open"]
    t.observe({"role": "user", "content": "ok"})
    assert [c.status for c in t.state().commitments] == ["expired"]
    assert "SO-7" not in t.assemble("anything else?", budget=300).state_block


def test_a_report_closes_the_promise_about_the_same_order():
    t = Tracker("zh")
    for text in ["我会在周一前把订单SO-11的发票发到您邮箱。", "我会在周三前把订单SO-12的发票发到您邮箱。",
                 "订单SO-12的发票已经发到您邮箱了。"]:
        t.observe({"role": "assistant", "content": text})
    assert [(c.text, c.status) for c in t.state().commitments] == [
        ("我会在周一前把订单SO-11的发票发到您邮箱", "open"), ("我会在周三前把订单SO-12的发票发到您邮箱", "done")]


def test_a_newer_promise_about_the_same_thing_replaces_the_open_one():
    t = Tracker("en")
    for text in ["I'll email you the invoice for order SO-1 today.", "I'll email you the invoice for order SO-2 today.",
                 "Sorry, I'll email you the corrected invoice for order SO-1 tomorrow."]:
        t.observe({"role": "assistant", "content": text})
    assert [c.status for c in t.state().commitments] == ["cancelled", "open", "open"]


def test_the_question_picks_which_promises_are_pinned():
    t = Tracker("en")
    for n in range(12):
        t.observe({"role": "assistant", "content": f"I'll send you the tracking link for order SO-{n} today."})
    t.observe({"role": "assistant", "content": "I will call you back about the refund for order SO-99 tomorrow."})
    old = "I'll email you the warranty card for order SO-500 today."
    t = Tracker.from_json(t.to_json())
    t.observe({"role": "assistant", "content": old})
    for n in range(12, 20):
        t.observe({"role": "assistant", "content": f"I'll send you the tracking link for order SO-{n} today."})
    from ctxgraph._select import TIER_COMMITMENT, select

    warranty = next(c.id for c in t.state().commitments if "warranty" in c.text)

    def tiers(question: str) -> dict[str, int]:
        items = select(t.graph, t.extractor.query(question, t.graph, "en"))
        return {i.node: i.tier for i in items if i.kind == "commitment"}

    asked, other = tiers("When do I get the warranty card?"), tiers("Thanks, bye.")
    assert sum(tier == TIER_COMMITMENT for tier in asked.values()) == PINNED_COMMITMENTS
    assert asked[warranty] == TIER_COMMITMENT and other[warranty] != TIER_COMMITMENT
    assert len(asked) == len(other) == 22  # every open promise is still a candidate
    ctx = t.assemble("When do I get the warranty card?", budget=300)
    assert "warranty card" in ctx.state_block


def test_long_chat_replays_to_the_same_state():
    t = chat("zh", 1_200)
    again = Tracker.from_json(t.to_json())
    assert again.state() == t.state()
    assert json.loads(t.state().to_json())["commitments"]
    assert {"open", "done", "expired"} <= {c.status for c in t.state().commitments}


def test_bench_speed_turns_reports_every_checkpoint(capsys):
    from ctxgraph.cli import main

    assert main(["bench", "speed", "--turns", "120", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    for run in report["long"]:
        (row,) = run["checkpoints"]
        assert row["turns"] == 120 and row["observe_median_ms"] > 0 and row["assemble_median_ms"] > 0
        assert row["answer_in_context"] and row["rss_mib"] > 0
    assert [(run["lang"], run["mix"]) for run in report["long"]] == [("en", "orders"), ("zh", "orders"),
                                                                      ("en", "support")]


def test_html_of_a_long_chat_shows_a_window_and_the_current_state(en_1500):
    from ctxgraph.views import graph_data, to_html

    t = en_1500
    data = graph_data(t, window=100)
    assert data["window"] == {"first_turn": 1_400, "messages": 100,
                              "hidden_nodes": t.graph.number_of_nodes() - len(data["nodes"])}
    turns = sorted(n["turn"] for n in data["nodes"] if n["kind"] == "turn")
    assert turns == list(range(1_400, 1_500))
    shown = {n["id"] for n in data["nodes"]}
    budget = t.graph.graph["current_fact"]["budget"]
    assert budget in shown  # the state as it is now, however old
    assert all(e["source"] in shown and e["target"] in shown for e in data["edges"])
    old = [n for n in data["nodes"] if n["turn"] < 1_400]
    assert old and all(n["kind"] != "turn" and n["active"] for n in old)
    assert {n["x"] for n in old} == {min(n["x"] for n in data["nodes"])}  # one column for what came before
    page = to_html(t, window=100)
    assert "messages 1400-1499 of 1500 and the current state" in page
    assert len(page) < len(to_html(t, window=None)) / 4
    assert graph_data(t, window=None)["window"] == {"first_turn": 0, "messages": 1_500, "hidden_nodes": 0}


@pytest.mark.parametrize("window", [0, -3, 2.5, True])
def test_html_window_must_be_a_positive_whole_number(window):
    from ctxgraph import ConfigError
    from ctxgraph.views import graph_data

    with pytest.raises(ConfigError, match=r"^\[E171\] window="):
        graph_data(Tracker("en"), window=window)


@pytest.mark.slow
def test_html_of_10000_turns_is_bounded(promises_10k):
    from ctxgraph.views import to_html

    page = to_html(promises_10k)
    assert "messages 9800-9999 of 10000 and the current state" in page
    assert len(page.encode()) < 1_000_000


def test_state_json_lists_a_keys_history_once(en_1500):
    t = en_1500
    facts = t.state().facts
    budgets = [f for f in facts if f.key == "budget"]
    assert len(budgets) > 5
    (current,) = [f for f in budgets if f.status == "current"]
    assert [h.value for h in current.history] == [f.value for f in reversed(budgets[:-1])]
    assert all(f.history == [] for f in budgets[:-1])
    assert [f.supersedes for f in budgets] == [None] + [f.id for f in budgets[:-1]]
    total = sum(len(f.history) for f in facts)
    assert total == sum(1 for f in facts if f.supersedes)  # one entry per change: linear
    everything = t.state(history="all").facts
    assert [len(f.history) for f in everything if f.key == "budget"] == list(range(len(budgets)))
    assert all(f.history == [] for f in t.state(history="none").facts)


def test_state_history_mode_is_checked():
    from ctxgraph import ConfigError

    with pytest.raises(ConfigError, match=r"^\[E170\] history='some'"):
        Tracker("en").state(history="some")


def test_cli_graph_window(tmp_path, capsys):
    from ctxgraph.cli import main

    conversation = tmp_path / "chat.jsonl"
    conversation.write_text("".join(json.dumps(m) + "\n" for m in itertools.islice(long_chat("en"), 120)))
    for window, first in ((50, 70), (0, 0)):
        out = tmp_path / f"graph{window}.json"
        assert main(["graph", str(conversation), "--lang", "en", "--window", str(window), "--out", str(out)]) == 0
        assert json.loads(out.read_text())["window"]["first_turn"] == first
    assert main(["graph", str(conversation), "--window", "-2", "--out", str(tmp_path / "g.html")]) == 2
    assert "[E171] window=-2" in capsys.readouterr().err


def test_promises_the_llm_extractor_found_expire_too(server, client, monkeypatch):
    from ctxgraph.extract import cues

    monkeypatch.setattr(cues, "COMMITMENT_TURNS", 3)
    empty = {"entities": [], "facts": [], "retracted_facts": [], "constraints": [], "lifted_constraints": [],
             "commitments": [], "closed_commitments": [], "questions": [], "goal": None}
    promise = "I will email you the invoice tomorrow."
    server.reply(json.dumps({**empty, "commitments": [{"text": promise, "due": None}]}))
    t = Tracker("en", extractor="llm", llm=client, model="extract-mini")
    t.observe({"role": "assistant", "content": promise})
    for n in range(3):
        server.reply(json.dumps(empty))
        t.observe({"role": "user", "content": f"ok {n}"})
        assert [c.status for c in t.state().commitments] == ["open" if n < 2 else "expired"]
