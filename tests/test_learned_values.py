"""The learned value reader (vals9): a CRF over a user message's tokens trained on our annotated chats,
its features (structure, a lexicon of words many groups share), its training labels, and the optional
step that records a span it marks where no rule value holds it. No weights ship (leave-one-group-out
it did not carry: docs/quality.md), so the step is optional and these tests use a stand-in reader or a
model trained here on a few lines."""

from __future__ import annotations

import re

import pytest

import ctxgraph.extract.learned_values as lv
from ctxgraph import Tracker
from ctxgraph.extract import DEFAULT_STEPS, OPTIONAL_STEPS, with_step
from ctxgraph.models import ValueReader, load_value_reader
from ctxgraph.models._value_features import lexicon, message_features
from ctxgraph.models.train_values import labels, train


class _Marks:
    """A stand-in reader that marks every run of the given words: what is left is the step's own gates."""

    threshold = 0.5

    def __init__(self, *words: str):
        self.rx = re.compile("|".join(re.escape(w) for w in words))

    def spans(self, text, previous="", **context):
        return [(m.start(), m.end(), 0.9) for m in self.rx.finditer(text)]


def _facts(lang: str, *turns: tuple[str, str], reader=None, monkeypatch=None) -> list[tuple[str, str]]:
    if monkeypatch is not None:
        monkeypatch.setattr(lv, "load_value_reader", lambda code: reader)
    t = Tracker(lang)
    t.extractor.steps[:] = with_step(t.extractor.steps, "learned_values")
    for role, text in turns:
        t.observe({"role": role, "content": text})
    return [(f.key, f.value) for f in t.state().facts if f.status == "current"]


def test_learned_values_is_an_optional_step_with_no_weights_shipped():
    assert "learned_values" not in DEFAULT_STEPS and OPTIONAL_STEPS["learned_values"] in DEFAULT_STEPS
    assert load_value_reader("en") is None and load_value_reader("zh") is None


@pytest.mark.parametrize("lang,said,value", [
    ("en", "my old pinball has dead flippers on the left", "dead flippers"),
    ("zh", "麻将机不洗牌了，一按就卡住", "不洗牌"),
])
def test_learned_values_step_records_a_span_no_rule_holds(monkeypatch, lang, said, value):
    # the assistant speaks first: an opening's fault is the fallback want's since wantfb12, which holds the span
    turns = (("assistant", "您好，请问有什么可以帮您？" if lang == "zh" else "Hi, how can I help?"), ("user", said))
    assert value not in [v for _, v in _facts(lang, *turns)]
    assert ("value", value) in _facts(lang, *turns, reader=_Marks(value), monkeypatch=monkeypatch)


@pytest.mark.parametrize("lang,said,held", [
    ("en", "can you deliver on Friday the 14th", "14th"),
    ("zh", "我的电话是13812345678", "13812345678"),
])
def test_learned_values_step_leaves_a_span_a_rule_value_holds(monkeypatch, lang, said, held):
    before = _facts(lang, ("user", said))
    assert any(held in v for _, v in before)
    assert _facts(lang, ("user", said), reader=_Marks(held), monkeypatch=monkeypatch) == before


def test_learned_values_generic_key_supersedes_nothing(monkeypatch):
    # two spans with the generic key stand side by side: "value" names no role, so the later is no change
    facts = _facts("en", ("assistant", "Hi, how can I help?"), ("user", "the sac perished"), ("user", "a resac please"),
                   reader=_Marks("sac perished", "resac"), monkeypatch=monkeypatch)
    assert {v for _, v in facts} >= {"sac perished", "resac"}


def test_learned_values_step_makes_nothing_in_a_pack_with_domains(monkeypatch):
    # (miss9: "my mum" alone is the kin step's; the reader marks a span no rule makes)
    monkeypatch.setattr(lv, "load_value_reader", lambda code: _Marks("for my mum"))
    t = Tracker("en", packs=["booking"])
    t.extractor.steps[:] = with_step(t.extractor.steps, "learned_values")
    t.observe({"role": "user", "content": "I need a train to Ely. it's for my mum"})
    assert "for my mum" not in [f.value for f in t.state().facts]


@pytest.mark.parametrize("lang,a,b", [
    ("en", "the pinball has dead flippers", "the jukebox has dead speakers"),
    ("zh", "麻将机卡住了", "风筝线断掉了"),
])
def test_learned_value_features_hold_no_rare_word(lang, a, b):
    # with a lexicon of shared words only, two messages that differ by their trade's nouns differ in no word feature
    lex = frozenset({"the", "has", "dead", "了"})
    fa = message_features(a, lang, "", lex=lex)[1]
    fb = message_features(b, lang, "", lex=lex)[1]
    words = ("w", "c", "ww", "-1:w", "1:w", "-1:c", "1:c")
    assert [{k: f[k] for k in words if k in f} for f in fa] == [{k: f[k] for k in words if k in f} for f in fb]


def test_learned_value_lexicon_keeps_words_many_groups_share():
    assert lexicon([[["the", "kiln"]], [["the", "pinball"]], [["the"]]], min_groups=3) == {"the"}


def test_learned_value_labels_mark_gold_values_and_keep_number_edges():
    text = "room 110, then room 11 for 2 nights"
    toks = message_features(text, "en", "")[0]
    tags = labels(toks, text, ["11", "2 nights"])
    assert [t for (_, _, t), tag in zip(toks, tags) if tag != "O"] == ["11", "2", "nights"]
    assert [tag for tag in tags if tag != "O"] == ["B", "B", "I"]


def test_learned_value_reader_round_trip(tmp_path):
    # a model trained here reads back the shape it was taught: a count after "for" and before "people"
    lines = [f"table for {n} people please" for n in range(2, 12)] + ["thanks a lot", "see you then"]
    exs = []
    for text in lines:
        toks, feats = message_features(text, "en", "How many?")
        exs.append((toks, feats, labels(toks, text, [re.search(r"\d+", text).group(0)] if re.search(r"\d", text) else []), text))
    lex = frozenset({"table", "for", "people", "please", "thanks", "a", "lot", "see", "you", "then"})
    train(exs, lex, tmp_path / "m.crfsuite")
    reader = ValueReader("en", str(tmp_path / "m.crfsuite"), {"threshold": 0.5, "lexicon": sorted(lex)})
    text = "table for 14 people please"
    assert [text[s:e] for s, e, _ in reader.spans(text, "How many?")] == ["14"]
    assert reader.spans("thanks a lot", "How many?") == []


def test_value_reader_training_reads_open_groups_only():
    """The training script's groups stop at cs_blind26 and it refuses a judge group before reading anything."""
    from ctxgraph.models import train_values as tv

    assert tv.OPEN_GROUPS[-1] == "cs_blind26" and len(tv.OPEN_GROUPS) == 28
    assert tv.VALS9_GROUPS == tv.OPEN_GROUPS[:10] and tv.VALS9_GROUPS[-1] == "cs_blind8"
    with pytest.raises(SystemExit):
        tv.main(["--logo", "--groups", "cs,cs_blind27"])
