from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ctxgraph._tokens import count_message_tokens, get_encoding
from ctxgraph.bench import BM25, Full, Recency, as_session, baselines, bm25_tokens, is_budgeted

ENC = get_encoding("o200k_base")

EN = [
    {"role": "user", "content": "I need a hotel in the east with free parking."},
    {"role": "assistant", "content": "What price range would you like?"},
    {"role": "user", "content": "Something cheap. Also a train to Cambridge on Friday."},
    {"role": "assistant", "content": "The Acorn Guest House is cheap. Which train time?"},
    {"role": "user", "content": "Leaving after 17:45, please."},
    {"role": "assistant", "content": "TR1234 leaves at 18:01."},
]
ZH = [
    {"role": "user", "content": "你好，我想找家人均消费在100-150元的餐馆吃驴杂汤。"},
    {"role": "assistant", "content": "推荐您去人均消费68元的讲礼驴肉馆用餐。"},
    {"role": "user", "content": "这家餐馆的周边有哪些景点啊？"},
    {"role": "assistant", "content": "周边的景点有小汤山镇。"},
    {"role": "user", "content": "帮我叫一辆出租车，从小汤山镇到北京饭店。"},
    {"role": "assistant", "content": "已为您叫车，车型是丰田。"},
]


def _cost(messages):
    return count_message_tokens(messages, ENC)


def _contents(messages):
    return [m["content"] for m in messages]


@pytest.mark.parametrize("history", [EN, ZH], ids=["en", "zh"])
@pytest.mark.parametrize("keep", [0, 1, 2, 3, 6])
def test_baselines_recency_keeps_newest_whole_turns(history, keep):
    question = {"role": "user", "content": "and then?"}
    kept = history[len(history) - keep:] if keep else []
    exact = _cost(kept + [question])
    older = history[len(history) - keep - 1] if keep < len(history) else None
    spare = _cost([older]) if older else 50
    for budget in range(exact, exact + spare):  # spare tokens never buy part of a turn
        assert Recency(ENC)(history, "and then?", budget) == kept + [question]


@pytest.mark.parametrize("history", [EN, ZH], ids=["en", "zh"])
@pytest.mark.parametrize("budget", range(8, 200, 11))
def test_baselines_recency_never_exceeds_budget(history, budget):
    sent = Recency(ENC)(history, "and then?", budget)
    assert _cost(sent) <= budget
    assert sent[-1] == {"role": "user", "content": "and then?"}
    assert sent[:-1] == history[len(history) - len(sent) + 1:]  # a contiguous newest window


def test_baselines_recency_stops_at_the_first_turn_that_does_not_fit():
    history = [{"role": "user", "content": "ok"}, {"role": "assistant", "content": "word " * 50},
               {"role": "user", "content": "yes"}]
    sent = Recency(ENC)(history, "", _cost(history[-1:]) + _cost(history[:1]))
    assert sent == history[-1:]  # "ok" would fit, but the window does not skip a turn


def test_baselines_empty_question_sends_no_question_message():
    budget = _cost(EN[-2:])
    assert Recency(ENC)(EN, "", budget) == EN[-2:]
    assert Full(ENC)(EN, "", None) == EN


def test_baselines_question_over_budget_is_sent_alone():
    question = "a rather long question " * 10
    sent = Recency(ENC)(EN, question, 10)
    assert sent == [{"role": "user", "content": question}]
    assert BM25(ENC)(EN, question, 10) == sent


@pytest.mark.parametrize("method", [Recency, BM25, Full])
def test_baselines_do_not_modify_history(method):
    history = copy.deepcopy(EN)
    method(ENC)(history, "which train?", 40)
    assert history == EN


@pytest.mark.parametrize("budget", [-1, 1.5, True, "10"])
def test_baselines_reject_bad_budget(budget):
    with pytest.raises(ValueError, match="budget must be a non-negative int"):
        Recency(ENC)(EN, "q", budget)


@pytest.mark.parametrize(
    ("history", "question", "expected"),
    [
        (EN, "Is there free parking at the hotel?", EN[0]["content"]),
        (EN, "Which train leaves to Cambridge?", EN[2]["content"]),
        (ZH, "讲礼驴肉馆人均消费多少？", ZH[1]["content"]),
        (ZH, "出租车是什么车型？", ZH[5]["content"]),
    ],
    ids=["en-hotel", "en-train", "zh-restaurant", "zh-taxi"],
)
def test_baselines_bm25_picks_the_matching_turn(history, question, expected):
    ask = {"role": "user", "content": question}
    budget = _cost([{"role": "user", "content": expected}, ask])
    assert BM25(ENC)(history, question, budget) == [{"role": h["role"], "content": expected} for h in history
                                                    if h["content"] == expected] + [ask]


def test_baselines_bm25_returns_conversation_order_within_budget():
    question = "cheap hotel in the east, and the train on Friday?"
    for budget in range(16, 120, 9):
        sent = BM25(ENC)(EN, question, budget)
        kept = sent[:-1]
        assert _cost(sent) <= budget
        assert kept == [m for m in EN if m in kept]  # original order


def test_baselines_bm25_without_matching_terms_packs_newest_first():
    for question in ("", "zzz qqq"):
        for budget in range(20, 120, 7):
            by_bm25 = BM25(ENC)(EN, question, budget)
            by_recency = Recency(ENC)(EN, question, budget)
            # newest first like recency; a turn that does not fit is skipped, not the end
            assert all(m in by_bm25 for m in by_recency)
            skipped = [m for m in EN if m not in by_bm25]
            left = budget - _cost(by_bm25)
            assert all(_cost([m]) > left for m in skipped)
    assert BM25(ENC)(EN, "", _cost(EN[-2:])) == EN[-2:]


def test_baselines_bm25_scores_are_never_negative():
    # "hotel" is in 3 of 4 messages: rank_bm25 gives it a negative idf floor
    history = [{"role": "user", "content": t} for t in ("hotel east", "hotel cheap", "hotel now", "taxi")]
    scores = BM25(ENC).scores(history, "hotel")
    assert min(scores) >= 0


@pytest.mark.parametrize(
    ("text", "tokens"),
    [
        ("Book a TAXI, please!", ("book", "a", "taxi", "please")),
        ("leave after 17:45", ("leave", "after", "17", "45")),
        ("我想去故宫", ("我", "想", "去", "故宫")),
        ("北京饭店有WiFi吗？", ("北京饭店", "有", "wifi", "吗")),
        ("", ()),
        ("?!", ()),
    ],
)
def test_baselines_bm25_tokens(text, tokens):
    assert bm25_tokens(text) == tokens


@pytest.mark.parametrize("history", [EN, ZH], ids=["en", "zh"])
def test_baselines_full_counts_real_tokens_and_ignores_budget(history):
    sent = Full(ENC)(history, "and then?", 5)
    assert sent == history + [{"role": "user", "content": "and then?"}]
    assert _cost(sent) == sum(4 + len(ENC.encode(m["content"])) for m in sent)
    assert not is_budgeted(Full(ENC))
    assert is_budgeted(Recency(ENC)) and is_budgeted(lambda h, q, b: [])


def test_baselines_by_name_share_the_encoding():
    methods = baselines(ENC)
    assert list(methods) == ["recency", "bm25", "full"]
    assert all(m.encoding is ENC for m in methods.values())


def test_baselines_session_adapter_replays_a_plain_method():
    session = as_session(Recency(ENC))
    session.reset()
    for message in EN:
        session.observe(message)
    assert session.assemble("ok", None) == EN + [{"role": "user", "content": "ok"}]
    session.reset()
    assert session.assemble("ok", None) == [{"role": "user", "content": "ok"}]


def test_baselines_session_without_reset_is_refused():
    class Half:
        def observe(self, message): ...
        def assemble(self, question, budget): ...

    with pytest.raises(TypeError, match="add a reset"):
        as_session(Half())
    with pytest.raises(TypeError, match="must be callable"):
        as_session(42)


@settings(max_examples=60, deadline=None)
@given(
    texts=st.lists(st.text(min_size=0, max_size=40), min_size=0, max_size=12),
    question=st.text(max_size=20),
    budget=st.integers(min_value=0, max_value=150),
)
def test_baselines_budget_holds_whenever_the_question_fits(texts, question, budget):
    history = [{"role": "user" if i % 2 == 0 else "assistant", "content": t} for i, t in enumerate(texts)]
    asked = [{"role": "user", "content": question}] if question else []
    for method in (Recency(ENC), BM25(ENC)):
        sent = method(history, question, budget)
        assert sent[len(sent) - len(asked):] == asked
        if _cost(asked) <= budget:
            assert _cost(sent) <= budget
        else:
            assert sent == asked
