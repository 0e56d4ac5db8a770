"""Recall in a chat of named participants (the ``name`` of their messages): when a question names
one of them, the other participants' turns found for it count at a share of their score, so the
named speaker's own turns come first; a reply next to a hit still comes along, and the facts the question
does not touch wait for the recalled turns (issue 21,
``_select.named_speaker``, ``SPEAKER_SHARE``)."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from ctxgraph._select import FUSE_MIN_TURNS, NEIGHBOUR_SHARE, SPEAKER_SHARE, Query, named_speaker, select

PRIYA = "My favourite instrument to play has always been the cello, since I was nine years old."
ASKED = "Priya, which festival will you bring your instrument to this summer?"
ANSWER = "Probably the one in Ghent, the harbour stage is lovely."


def _band_chat(named: bool, n: int = FUSE_MIN_TURNS + 10, festival: bool = False) -> list[dict]:
    """Two band mates, both role "user": Priya says once what she plays, long ago; Tomas talks
    about playing his instrument in short turns that share more of the question's words; later
    (``festival``) Tomas asks Priya about a festival and her reply shares no word with the question."""
    tomas = ["I play my instrument tonight.", "Will I play my instrument at the gig?",
             "The rehearsal room is cold again.", "Bus was late, sorry."]
    priya = ["Same here, see you soon.", "Let's meet at seven.", "I booked the van for Saturday."]
    chat = [("Priya", PRIYA)]
    for i in range(n - 7):
        chat.append(("Tomas", tomas[i % 4]) if i % 2 == 0 else ("Priya", priya[i % 3]))
    chat += [("Tomas", ASKED), ("Priya", ANSWER)] if festival else [("Tomas", "See you."), ("Priya", "Bye!")]
    chat += [("Tomas", "ok"), ("Priya", "ok")] * 2 + [("Tomas", "bye")]
    out = []
    for who, text in chat:
        m = {"role": "user", "content": text}
        if named:
            m["name"] = who
        out.append(m)
    return out


def _tracker(chat: list[dict]) -> Tracker:
    t = Tracker(lang="en")
    for m in chat:
        t.observe(m)
    return t


def _turns(t: Tracker, question: str) -> list[str]:
    return [t.graph.nodes[i.node]["text"] for i in select(t.graph, t.extractor.query(question, t.graph, "en"))
            if i.kind == "turn"]


def test_select_speakers_the_named_speakers_own_turn_comes_first():
    question = "Which instrument does Priya play?"
    unnamed, named = _turns(_tracker(_band_chat(False)), question), _turns(_tracker(_band_chat(True)), question)
    assert unnamed.index(PRIYA) > 0  # Tomas's short turns hold more of the question's words
    assert named[0] == PRIYA
    ctx = _tracker(_band_chat(True)).assemble(question, budget=120)
    assert PRIYA in ctx.state_block


def test_select_speakers_a_reply_next_to_another_speakers_hit_still_comes():
    recalled = _turns(_tracker(_band_chat(True, festival=True)), "Which festival will Priya go to?")
    assert ASKED in recalled and ANSWER in recalled  # Tomas's question found, Priya's answer beside it


@pytest.mark.parametrize("question, speaker", [
    ("Which instrument does Priya play?", "Priya"),
    ("What did tomas say about the van?", "Tomas"),
    ("Do Priya and Tomas both play?", None),  # both named: no preference
    ("Who plays the cello?", None),
])
def test_select_speakers_the_one_participant_a_question_names(question, speaker):
    t = _tracker(_band_chat(True))
    assert named_speaker(t.graph, t.extractor.query(question, t.graph, "en")) == speaker


def test_select_speakers_one_name_a_short_chat_or_no_names_rank_as_before():
    one = _tracker([{**m, "name": "Priya"} for m in _band_chat(False)])
    assert named_speaker(one.graph, Query(terms={"priya", "instrument"})) is None
    question = "Which instrument does Priya play?"
    assert _turns(_tracker(_band_chat(True, n=30)), question) == _turns(_tracker(_band_chat(False, n=30)), question)
    assert _turns(one, question) == _turns(_tracker(_band_chat(False)), question)


def _with_budget(named: bool) -> Tracker:
    """The band chat with Tomas saying his budget (a fact under a rule's slot) halfway through."""
    chat = _band_chat(named)
    said = {"role": "user", "content": "My budget for the new amp is $500."}
    chat.insert(40, {**said, "name": "Tomas"} if named else said)
    return _tracker(chat)


def _budget_after_every_turn(t: Tracker, question: str) -> bool:
    items = select(t.graph, t.extractor.query(question, t.graph, "en"))
    budget = next(k for k, i in enumerate(items) if t.graph.nodes[i.node].get("value") == "$500")
    return all(i.kind != "turn" for i in items[budget:])


@pytest.mark.parametrize("named, question, waits", [
    (True, "Which instrument does Priya play?", True),  # Tomas's fact, a question about Priya: it waits
    (True, "Which instrument does Tomas play?", True),  # his own fact does not answer it either: it waits
    (True, "What is Priya's budget?", False),  # a fact the question names is pinned
    (True, "Priya, is 500 enough for an amp?", False),  # one whose words it shares keeps its place
    (True, "Is 500 enough for the amp Tomas wants?", False),  # his own, sharing its words: keeps its place
    (True, "Which instrument do they play?", False),  # a question naming nobody: the facts keep their place
    (False, "Which instrument does Priya play?", False),  # no names: the user's facts never wait
    (False, "Which instrument does Tomas play?", False),
])
def test_select_speakers_untouched_facts_wait_in_a_question_about_one_participant(named, question, waits):
    assert _budget_after_every_turn(_with_budget(named), question) is waits


class _Recorder:
    """An ``embed=`` callable that keeps every text it is given (word counts as vectors)."""

    langs = ("en",)

    def __init__(self):
        self.texts: list[str] = []

    def __call__(self, texts: list[str]) -> list[list[float]]:
        self.texts += texts
        return [[1.0, t.count("instrument"), t.count("Priya"), t.count("van")] for t in texts]


def _asked_of_the_encoder(named: bool, question: str, n: int = FUSE_MIN_TURNS + 10) -> str:
    """The text the encoder is given for ``question`` ("" when it is given none)."""
    encoder, chat = _Recorder(), _band_chat(named, n=n)
    t = Tracker(lang="en", embed=encoder)
    for m in chat:
        t.observe(m)
    t.assemble(question, budget=120)
    asked = [text for text in encoder.texts if text not in {m["content"] for m in chat}]
    assert len(asked) <= 1
    return asked[0] if asked else ""


@pytest.mark.parametrize("named, question, asked", [
    (True, "Which instrument does Priya play?", "Which instrument does play?"),  # who: the speaker rule; what: dense
    (True, "What did Priya's band mate say about the van?", "What did band mate say about the van?"),
    (True, "Do Priya and Tomas both play?", "Do Priya and Tomas both play?"),  # both named: no speaker
    (False, "Which instrument does Priya play?", "Which instrument does Priya play?"),  # no names: as asked
])
def test_select_speakers_dense_recall_looks_for_what_not_who(named, question, asked):
    assert _asked_of_the_encoder(named, question) == asked


def test_select_speakers_a_short_chat_asks_no_dense_question():
    assert _asked_of_the_encoder(True, "Which instrument does Priya play?", n=30) == ""  # lexical only (FUSE_MIN_TURNS)



#: A hit halfway through a two-person chat and the other participant's praise right after it
#: (a turn that shares no word with a question about the hit), per language.
_HIT = {"en": ("Priya", "Tomas", "I finally restrung the old harp in the attic.", "Wow, lovely!"),
        "zh": ("小李", "老王", "我终于把阁楼里的旧竖琴换好了弦。", "哇，真好！")}
_FILLER = {"zh": ["今晚排练室又很冷。", "好的，七点见。", "公交车晚点了，抱歉。", "我订了周六的车。"]}


def _praised_tracker(lang: str, named: bool) -> Tracker:
    """The band chat (en) or one like it (zh), with the hit and the praise at turns 30 and 31."""
    who, other, hit, praise = _HIT[lang]
    if lang == "en":
        chat = _band_chat(True)
    else:
        chat = [{"role": "user", "content": text, "name": (other, who)[i % 2]}
                for i, text in enumerate(_FILLER["zh"][i % 4] for i in range(FUSE_MIN_TURNS + 10))]
    chat[30:30] = [{"role": "user", "content": hit, "name": who}, {"role": "user", "content": praise, "name": other}]
    t = Tracker(lang=lang)
    for m in chat:
        t.observe(m if named else {"role": "user", "content": m["content"]})
    return t


@pytest.mark.parametrize("lang, named, question, share", [
    ("en", True, "What did Priya restring in the attic?", NEIGHBOUR_SHARE * SPEAKER_SHARE),  # Tomas's turn beside her hit
    ("en", True, "Who restrung the harp in the attic?", NEIGHBOUR_SHARE),  # a question naming nobody: as before
    ("en", False, "What did Priya restring in the attic?", NEIGHBOUR_SHARE),  # no names: as before
    ("zh", True, "小李在阁楼里给什么换了弦？", NEIGHBOUR_SHARE * SPEAKER_SHARE),
    ("zh", True, "谁在阁楼里给竖琴换了弦？", NEIGHBOUR_SHARE),
    ("zh", False, "小李在阁楼里给什么换了弦？", NEIGHBOUR_SHARE),
])
def test_select_speakers_another_speakers_turn_beside_a_hit_counts_at_the_share(lang, named, question, share):
    t = _praised_tracker(lang, named)
    _, _, hit, praise = _HIT[lang]
    items = select(t.graph, t.extractor.query(question, t.graph, lang))
    score = {t.graph.nodes[i.node]["text"]: i.score for i in items if i.kind == "turn"}
    assert score[praise] == pytest.approx(share * score[hit], abs=1e-5)
