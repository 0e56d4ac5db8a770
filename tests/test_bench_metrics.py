from __future__ import annotations

import pytest

from ctxgraph._tokens import count_message_tokens, get_encoding
from ctxgraph.bench import (
    QA,
    Checkpoint,
    Conversation,
    Dialogue,
    Full,
    Recency,
    answer_contained,
    baselines,
    context_text,
    default_data_dir,
    evaluate_locomo,
    evaluate_state_recall,
    evidence_recall,
    load_crosswoz,
    load_locomo,
    load_multiwoz,
    normalise,
    strip_question,
    value_recall,
)

ENC = get_encoding("o200k_base")


def _user(text):
    return {"role": "user", "content": text}


def _bot(text):
    return {"role": "assistant", "content": text}


def _cost(messages):
    return count_message_tokens(messages, ENC)


# --------------------------------------------------------------------------- pure metrics


def test_metrics_context_text_joins_content_and_tool_calls():
    messages = [
        _user("hi"),
        {"role": "assistant", "content": None,
         "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "find", "arguments": "{}"}}]},
    ]
    text = context_text(messages)
    assert text.startswith("hi\n") and '"name":"find"' in text
    assert context_text([]) == ""


@pytest.mark.parametrize(
    ("values", "text", "expected"),
    [
        (["east", "cheap"], "A CHEAP hotel in the East", (2, 2)),
        (["guesthouse"], "a guest house", (0, 1)),
        (["驴杂汤", "100-150元"], "我想吃驴杂汤", (1, 2)),
        (["讲礼驴肉馆", "讲礼驴肉馆"], "讲礼驴肉馆", (2, 2)),  # each slot counts
        ([], "anything", (0, 0)),
        (["17:45"], "leave after 17:45", (1, 1)),
    ],
)
def test_metrics_value_recall(values, text, expected):
    assert value_recall(values, text) == expected


@pytest.mark.parametrize(
    ("value", "text", "exact", "fuzzy"),
    [
        ("guesthouse", "the Acorn guest house", False, True),
        ("centre", "in the center of town", False, True),
        ("kings lynn", "to King's Lynn", False, True),
        ("所有房间提供wifi 早餐服务", "有早餐服务，所有房间提供WiFi", False, True),
        ("ｗｉｆｉ", "free wifi", False, True),  # full-width letters, NFKC
        ("italian", "some chinese food", False, False),
    ],
)
def test_metrics_value_recall_fuzzy_only_adds(value, text, exact, fuzzy):
    assert value_recall([value], text) == (int(exact), 1)
    assert value_recall([value], text, fuzzy=True) == (int(fuzzy), 1)


def test_metrics_normalise():
    assert normalise("Guest-House, Centre 17:45") == "guesthousecenter1745"
    assert normalise("北京 饭店！") == "北京饭店"


def test_metrics_strip_question():
    sent = [_user("a"), _bot("b"), _user("q?")]
    assert strip_question(sent, "q?") == sent[:2]
    assert strip_question(sent, "") == sent
    for bad in ([_user("a")], [_bot("q?")], []):
        with pytest.raises(ValueError, match="must be the last message"):
            strip_question(bad, "q?")


@pytest.mark.parametrize(
    ("evidence", "text", "expected"),
    [
        (["Ann: I paint."], "Ann: I paint.\nBo: ok", (1, 1)),
        (["Ann: I paint.", "Bo: I swim."], "ann: i paint.", (1, 2)),
        (["Ann: I paint."], "I paint.", (0, 1)),  # the whole turn, speaker included
        ([], "x", (0, 0)),
    ],
)
def test_metrics_evidence_recall(evidence, text, expected):
    assert evidence_recall(evidence, text) == expected


@pytest.mark.parametrize(
    ("answer", "text", "expected"),
    [
        ("Sunsets", "she paints sunsets", True),
        (2022, "in 2022", True),
        (" 7 May 2023 ", "[session 1 — 1:56 pm on 7 May 2023]", True),
        ("a lake", "a river", False),
        ("", "anything", False),
        (None, "anything", False),
    ],
)
def test_metrics_answer_contained(answer, text, expected):
    assert answer_contained(answer, text) is expected


# --------------------------------------------------------------------------- state recall loop

# The user states "east" in turn 0 and "cheap" only in the question of the
# first checkpoint: at that checkpoint the gold {east, cheap} is half found.
DIALOGUE = Dialogue(
    "d1",
    [_user("I want a hotel in the east."), _bot("What price range?"), _user("Cheap."), _bot("Done.")],
    [Checkpoint(1, "Cheap.", {"hotel-area": "east", "hotel-pricerange": "cheap"}),
     Checkpoint(3, "", {"hotel-area": "east", "hotel-pricerange": "cheap"})],
)


def _row(rows, method, budget):
    return next(r for r in rows if r["method"] == method and r["budget"] == budget)


def test_metrics_state_recall_known_values():
    small = _cost([DIALOGUE.messages[1], _user("Cheap.")])  # the last turn and the question only
    rows = evaluate_state_recall([DIALOGUE], baselines(ENC), [small, 1000], ENC)
    assert [(r["method"], r["budget"]) for r in rows] == [
        ("recency", small), ("recency", 1000), ("bm25", small), ("bm25", 1000), ("full", None)]
    full = _row(rows, "full", None)
    # checkpoint 1: east found, cheap only in the question; checkpoint 3: both found
    assert (full["found"], full["total"], full["n"]) == (3, 4, 2)
    assert full["recall"] == 0.75 and full["recall_macro"] == 0.75
    assert full["tokens_median"] == (_cost(DIALOGUE.messages[:2] + [_user("Cheap.")]) + _cost(DIALOGUE.messages)) / 2
    tight = _row(rows, "recency", small)
    # checkpoint 1 keeps "What price range?" (no value); checkpoint 3 keeps the last turns
    assert tight["found"] < full["found"]
    assert tight["tokens_max"] <= small and tight["over_budget"] == 0
    assert _row(rows, "recency", 1000)["recall"] == 0.75


def test_metrics_state_recall_value_in_question_does_not_count():
    dialogue = Dialogue("d", [_user("hello"), _bot("hi")], [Checkpoint(1, "to the east", {"a": "east"})])
    (row,) = evaluate_state_recall([dialogue], {"full": Full(ENC)}, [64], ENC)
    assert (row["found"], row["total"], row["budget"]) == (0, 1, None)


class Spy:
    """A stateful method that records what the loop does to it."""

    def __init__(self):
        self.log = []
        self.seen = []

    def reset(self):
        self.log.append("reset")
        self.seen = []

    def observe(self, message):
        self.seen.append(message)

    def assemble(self, question, budget):
        self.log.append((len(self.seen), question, budget))
        return self.seen[-1:] + ([_user(question)] if question else [])


def test_metrics_state_recall_replays_a_stateful_method():
    spy = Spy()
    other = Dialogue("d2", [_user("east"), _bot("ok")], [Checkpoint(1, "", {"a": "east"})])
    rows = evaluate_state_recall([DIALOGUE, other], {"spy": spy}, [50, 80], ENC)
    assert spy.log == [
        "reset", (2, "Cheap.", 50), (2, "Cheap.", 80), (4, "", 50), (4, "", 80),
        "reset", (2, "", 50), (2, "", 80),
    ]
    assert [r["n"] for r in rows] == [3, 3]
    assert rows[0]["dialogues"] == 2


def test_metrics_state_recall_rejects_a_misplaced_question():
    def drops_question(history, question, budget):
        return history[-1:]

    with pytest.raises(ValueError, match="must be the last message"):
        evaluate_state_recall([DIALOGUE], {"bad": drops_question}, [64], ENC)


def test_metrics_state_recall_limit_and_progress():
    calls = []
    rows = evaluate_state_recall([DIALOGUE] * 5, {"recency": Recency(ENC)}, [64], ENC, limit=3,
                                 progress=calls.append)
    assert calls == [1, 1, 1]
    assert rows[0]["dialogues"] == 3 and rows[0]["n"] == 6


def test_metrics_state_recall_counts_over_budget():
    long_question = "please " * 40
    dialogue = Dialogue("d", [_user("east"), _bot("ok")], [Checkpoint(1, long_question, {"a": "east"})])
    (row,) = evaluate_state_recall([dialogue], {"recency": Recency(ENC)}, [10], ENC)
    assert row["over_budget"] == 1 and row["recall"] == 0.0


def test_metrics_evaluate_needs_methods():
    with pytest.raises(ValueError, match="No methods"):
        evaluate_state_recall([DIALOGUE], {}, [64], ENC)


# --------------------------------------------------------------------------- locomo loop

TURNS = ["[session 1 — 8 May, 2023]", "Ann: I paint sunsets.", "Bo: The weather is nice.",
         "Ann: I also swim.", "Bo: Cool.", "Ann: Bye."]
CONVERSATION = Conversation(
    "c1",
    [_user(t) for t in TURNS],
    {"D1:1": 1, "D1:2": 2, "D1:3": 3, "D1:4": 4, "D1:5": 5},
    [
        QA("What does Ann paint?", "sunsets", 1, ("D1:1",)),
        QA("What does Ann do, paint or swim?", "painting and swimming", 4, ("D1:1", "D1:3")),
        QA("Why?", "no reason", 3, ()),  # no usable evidence: answer only
        QA("Is Bo a painter?", None, 5, ("D1:2",)),  # adversarial: skipped
    ],
)


def test_metrics_locomo_known_recall():
    budget = _cost([_user(TURNS[1]), _user(TURNS[3]), _user("What does Ann do, paint or swim?")])
    rows = evaluate_locomo([CONVERSATION], baselines(ENC), [budget], ENC)
    full = _row(rows, "full", None)
    assert (full["n"], full["n_evidence"], full["found"], full["total"]) == (3, 2, 3, 3)
    assert full["answer_contained"] == pytest.approx(1 / 3)  # only "sunsets" is verbatim
    bm25 = _row(rows, "bm25", budget)
    assert bm25["recall"] == 1.0 and bm25["tokens_max"] <= budget
    recency = _row(rows, "recency", budget)
    assert recency["recall"] == 0.0
    assert set(full["recall_by_category"]) == {1, 4}


def test_metrics_locomo_categories_limit_and_progress():
    calls = []
    rows = evaluate_locomo([CONVERSATION, CONVERSATION], {"full": Full(ENC)}, categories=[5], limit=1,
                           progress=calls.append, enc=ENC)
    assert calls == [1]
    assert (rows[0]["n"], rows[0]["conversations"], rows[0]["recall"]) == (1, 1, 1.0)


# --------------------------------------------------------------------------- real data

DATA = default_data_dir()


@pytest.mark.slow
@pytest.mark.skipif(
    not all((DATA / name).exists() for name in ("crosswoz", "multiwoz", "locomo")),
    reason=f"evaluation data not found at {DATA} (set CTXGRAPH_DATA: README.md, 'Benchmarks')",
)
def test_metrics_baselines_match_reference_figures():
    """The baselines on the validation splits are within a few points of the test-split references."""
    methods = baselines(ENC)
    woz = {"recency": methods["recency"], "full": methods["full"]}
    for loader, refs in (
        (load_crosswoz, {("recency", 64): 0.05, ("recency", 128): 0.30, ("full", None): 0.88}),
        (load_multiwoz, {("recency", 64): 0.17, ("recency", 128): 0.49, ("full", None): 0.94}),
    ):
        rows = evaluate_state_recall(loader(), woz, [64, 128], ENC)
        for key, reference in refs.items():
            assert _row(rows, *key)["recall"] == pytest.approx(reference, abs=0.04), (loader.__name__, key)
    rows = evaluate_locomo(load_locomo(), {"recency": methods["recency"], "bm25": methods["bm25"]}, [1000], ENC)
    assert _row(rows, "bm25", 1000)["recall"] == pytest.approx(0.5, abs=0.06)
    assert _row(rows, "recency", 1000)["recall"] == pytest.approx(0.03, abs=0.03)


def test_bench_metrics_evidence_recall_reads_a_recalled_turn_through_its_quotes():
    """A turn the state block recalls is flattened and quoted (its own quotes escaped): it is
    still the whole turn, and counts as found (issue 21: these went uncounted after the framing)."""
    from ctxgraph import Tracker

    turn = 'Mel: I loved reading "Charlotte\'s Web"  as a kid.'
    t = Tracker(lang="en")
    t.observe({"role": "user", "content": turn})
    for i in range(40):
        t.observe({"role": "user" if i % 2 else "assistant", "content": f"Small talk number {i} about the weather."})
    text = context_text(strip_question(t.assemble("What book did Mel love?", budget=150).messages,
                                       "What book did Mel love?"))
    assert turn not in text and '\\"Charlotte' in text  # shown quoted, one space
    assert evidence_recall([turn], text) == (1, 1)
    assert evidence_recall(["Mel: I loved reading Dune"], text) == (0, 1)
