"""The shipped value taggers: they load offline from package data, once, and tag sentences
written for this test (not taken from any corpus) with labels of the declared set."""

from __future__ import annotations

import json
import socket
from importlib import resources

import pytest

from ctxgraph.models import LABELS, ValueTagger, load_value_tagger, model_langs


@pytest.fixture
def no_network(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("the value tagger touched the network")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)


def test_models_load_offline_once(no_network):
    load_value_tagger.cache_clear()
    en = load_value_tagger("en")
    assert isinstance(en, ValueTagger)
    assert load_value_tagger("en") is en


@pytest.mark.parametrize("lang", ["fr", "xx", "", "../en", "en/../zh"])
def test_models_unknown_language_is_none(lang):
    assert load_value_tagger(lang) is None


@pytest.mark.parametrize("lang, text, expected", [
    ("en", "Could you find me a compact car for next Tuesday, for 3 days?",
     {("car_class", "compact"), ("date", "next Tuesday")}),
    ("en", "We are 4 people and would like Thai food tonight at 8 pm.",
     {("count", "4"), ("time", "8 pm")}),
    ("en", "Move 200 dollars from my checking account please.",
     {("money", "200 dollars"), ("account_type", "checking")}),
    ("zh", "帮我找一家经济型酒店，最好有免费WiFi。", {("category", "经济型")}),
    ("zh", "帮我找个门票免费的景点，游玩时间2小时左右", {("duration", "2小时")}),
    ("zh", "我想从天安门出发去颐和园", {("place", "天安门")}),
])
def test_models_tag_written_sentences(lang, text, expected):
    spans = load_value_tagger(lang)(text)
    found = {(label, text[s:e]) for s, e, label in spans}
    assert expected <= found, found
    assert all(0 <= s < e <= len(text) for s, e, _ in spans)
    assert [s for s, _, _ in spans] == sorted(s for s, _, _ in spans)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_models_labels_within_declared_set(lang):
    tagger = load_value_tagger(lang)
    assert tagger.labels <= LABELS
    text = ("I need 2 tickets to Denver on March 3rd, economy, and a table at Sushi Ran at 7:30 pm"
            if lang == "en" else "我想订明天晚上七点的位子，两个人，去王府井附近的川菜馆")
    assert {label for _, _, label in tagger(text)} <= tagger.labels


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_models_empty_and_odd_text(lang):
    tagger = load_value_tagger(lang)
    assert tagger("") == []
    assert tagger("   \n ") == []
    assert isinstance(tagger("((((((" * 50), list)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_models_card_and_meta_present(lang):
    folder = resources.files("ctxgraph.models") / lang
    card = (folder / "MODEL_CARD.md").read_text(encoding="utf-8")
    meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
    for label in meta["labels"]:
        assert f"`{label}`" in card
    assert "CC BY-SA" in card or lang == "zh"
    assert (folder / "value_tagger.crfsuite").stat().st_size <= 20 * 1024 * 1024
    assert lang in model_langs()


def test_models_not_in_the_base_import(fresh_modules):
    # importing ctxgraph loads no model; reading messages never imports the training side
    assert "pycrfsuite" not in fresh_modules["import"]
    assert not {"ctxgraph.models.train", "ctxgraph.models.corpora", "ctxgraph.models.evaluate",
                "ctxgraph.models.compare"} & fresh_modules["use"]


def test_models_tagger_is_shared_between_threads():
    from concurrent.futures import ThreadPoolExecutor

    tagger = load_value_tagger("en")
    texts = [f"a table for {n} people at {n} pm on Friday" for n in range(2, 9)] * 20
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(tagger, texts))
    assert together == [tagger(t) for t in texts]
