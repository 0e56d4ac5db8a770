"""prec19's probe set (``tests/data/probes_prec19.yml``, written before the rule): a budget the user waives by
taking an option above it ("贵点就贵点", "happy to go over the 800 for that", "slightly over budget but … fine"),
and the controls where it still holds (refused to go over, asked whether it is over) or is raised; a problem said in
the opening that holds a number the user corrects later ("it's 3 years old" … "actually it's 5"). zh and en, domains
no cs set covers, each scored the way ``ctxgraph bench cs`` scores a chat.

``python -m tests.probe_sets tests/data/probes_prec19.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker

from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("prec19")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "en-waived-signwriting": "'ah go on, gold leaf' is no pick",
    "zh-waived-chaye": "30份 is masked out of the want and kept by no fact",
    "en-follow-gutter": "'the gutters on my 2 rental houses keep overflowing' (a fault after a place) makes no problem",
    "zh-follow-loushui": "a later fault (应该是防水层坏了) replaces the opening's problem instead of standing beside it",
    "en-follow-neg-unchanged": "'E15 I think' (an error code said alone, hedged) is no value",
}


def test_probes_prec19_load_both_languages():
    assert len(PROBES) >= 8 and {conv.lang for _, conv in PROBES} == {"en", "zh"}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_prec19_probe_reads_the_value(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])


def _budget(lang: str, texts: list[str]) -> list[tuple[str, str]]:
    t = Tracker(lang, today="2026-03-09")
    t.observe_many([{"role": "user", "content": x} for x in texts])
    return [(f.value, f.status) for f in t.state().facts if f.key == "budget"]


@pytest.mark.parametrize(("lang", "texts"), [
    ("en", ["budget is about 800 tops", "happy to go over the 800 for that"]),
    ("en", ["new kitchen tap, budget 150", "the brass one. slightly over budget but fine"]),
    ("zh", ["想拍婚纱照 预算八千左右", "外景那个吧 贵点就贵点"]),
    ("zh", ["预算500以内", "那套票吧 超预算一点也行"]),
])
def test_waived_a_budget_the_user_goes_over_is_retracted(lang, texts):
    assert [s for _, s in _budget(lang, texts)] == ["retracted"]


@pytest.mark.parametrize(("lang", "texts"), [
    ("en", ["budget £1,500", "can't go over budget, the Kingfisher then"]),
    ("en", ["budget 2500", "is the system one over my budget?"]),
    ("en", ["budget 2500", "the suite is over budget, the balcony one then"]),
    ("zh", ["预算一节课150", "不能超预算 就学生老师吧"]),
    ("zh", ["预算两千", "贵了点 算了"]),
])
def test_waived_a_budget_refused_asked_or_declined_over_stays(lang, texts):
    assert [s for _, s in _budget(lang, texts)] == ["current"]


def _problems(lang: str, texts: list[str]) -> list[str]:
    t = Tracker(lang, today="2026-03-09")
    t.observe_many([{"role": "user", "content": x} for x in texts])
    return [f.value for f in t.state().facts if f.key.startswith("problem") and f.status == "current"]


@pytest.mark.parametrize(("lang", "texts", "now"), [
    ("en", ["my combi boiler keeps cutting out, it's 3 years old", "sorry, actually it's 5 years old"], "5 years old"),
    ("en", ["the van keeps breaking down, 2 times this week", "sorry, actually 3 times"], "3 times this week"),
    ("zh", ["我家水管漏水漏了3天了，地板都泡了", "说错了，漏了5天了"], "漏了5天了"),
])
def test_follow_a_problem_follows_a_number_the_user_corrects(lang, texts, now):
    assert [p for p in _problems(lang, texts) if now in p]


@pytest.mark.parametrize(("lang", "texts", "kept"), [
    ("en", ["my laptop keeps crashing, had it 2 years", "the shop is in Leeds, not York"], "had it 2 years"),
    ("en", ["my dishwasher keeps stopping mid cycle, it's 4 years old", "can someone come on friday"], "4 years old"),
])
def test_follow_a_problem_keeps_what_no_change_names(lang, texts, kept):
    assert [p for p in _problems(lang, texts) if kept in p]
