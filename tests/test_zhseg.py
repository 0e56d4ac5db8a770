"""The sparse jieba tagger (ctxgraph._zhseg) gives jieba's own words and tags, always.

It is only a faster Viterbi: every text of the shipped Chinese chats and of random strings
(known characters, characters the HMM has no emission for, Latin, digits, punctuation) is cut
by both taggers, with the HMM and without, and must come out the same.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ctxgraph._nlp import _known_to_hmm, jieba_pairs
from ctxgraph._zhseg import _jieba_posseg, tagger, viterbi

CS = Path(__file__).resolve().parent.parent / "ctxgraph" / "bench" / "data" / "cs"


def _cut(tok, text: str, hmm: bool) -> list[tuple[str, str]]:
    return [(p.word, p.flag) for p in tok.cut(text, HMM=hmm)]


def _zh_texts() -> list[str]:
    texts = []
    for path in sorted(CS.glob("zh_*.json")):
        texts += [m.get("content") or "" for m in json.loads(path.read_text(encoding="utf-8"))["messages"]]
    return [t for t in texts if t.strip()]


def test_zhseg_same_as_jieba_on_shipped_chats():
    texts = _zh_texts()
    assert len(texts) > 300  # the dev set's Chinese chats are there
    jieba_posseg = _jieba_posseg()
    for text in texts:
        for hmm in (True, False):
            assert _cut(tagger(), text, hmm) == _cut(jieba_posseg, text, hmm), text


def _hmm_chars() -> list[str]:
    return sorted(_jieba_posseg().char_state_tab_P)[::7]


@given(st.text(alphabet=st.sampled_from(_hmm_chars() + list("龘乇aZ09 ，。？!的了是")), min_size=1, max_size=14))
def test_zhseg_same_as_jieba_on_any_text(text):
    jieba_posseg = _jieba_posseg()
    assert _cut(tagger(), text, True) == _cut(jieba_posseg, text, True)
    assert _cut(tagger(), _known_to_hmm(text), True) == _cut(jieba_posseg, _known_to_hmm(text), True)


@pytest.mark.parametrize("obs", ["远通维景", "和张坊古战道都是很好的", "龘", "龘龘北", "乇乇乇", "的的的的的的"])
def test_zhseg_viterbi_same_path_and_score(obs):
    P = _jieba_posseg()
    args = (P.char_state_tab_P, P.start_P, P.trans_P, P.emit_P)
    assert viterbi(obs, *args) == P.viterbi(obs, *args)


def test_zhseg_pairs_join_to_the_text():
    text = "我想订远通维景酒店，明天入住，两晚。"
    pairs = jieba_pairs(text)
    assert "".join(w for w, _ in pairs) == text
    assert ("明天", "t") in pairs


def test_zhseg_tagger_shares_jiebas_word_tag_table():
    """One word-tag table per process: the sparse tagger reads jieba.posseg.dt's own (a second
    copy cost 43 MiB), so a word tagged with jieba.add_word reaches both."""
    import jieba
    import jieba.posseg

    from ctxgraph._zhseg import tagger

    assert tagger().word_tag_tab is jieba.posseg.dt.word_tag_tab
    jieba.add_word("桂语澜庭", tag="ns")
    try:
        assert ("桂语澜庭", "ns") in [(p.word, p.flag) for p in tagger().cut("我住在桂语澜庭")]
        assert ("桂语澜庭", "ns") in [(p.word, p.flag) for p in jieba.posseg.cut("我住在桂语澜庭")]
    finally:
        jieba.del_word("桂语澜庭")
