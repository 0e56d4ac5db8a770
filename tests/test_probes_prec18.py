"""prec18's probe set (``tests/data/probes_prec18.yml``, written before ctxgraph ran on it): a day the message
rules out is no value the user settled on, also right after the words that take an earlier pick back ("the tuesday
one. actually no, he has football tuesdays. thursday then"); its controls (a plain correction, "thursdays are best
for us", "we work from home so friday is fine") still read. Each probe is scored the way ``ctxgraph bench cs`` scores
a chat; plus the behaviour the rules add.

``python -m tests.probe_sets tests/data/probes_prec18.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params
from tests.test_probes_prec16 import _current  # one user message, its current facts

PROBES = load_probes("prec18")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "en-takeback-nothing-after": "an offered day accepted, then taken back with no other day: the offers step keeps it",
    "en-ruledout-name-works": "the day is gone; 'Priya works Thursdays so not then' is read as a problem holding it",
}


def test_probes_prec18_load():
    assert len(PROBES) >= 8 and {p["class"] for p, _ in PROBES} == {"takeback", "ruledout", "phone", "dropped", "cancelled", "moved", "spaced", "glued", "yesonly", "control"}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_prec18_probe_reads_the_value(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])


@pytest.mark.parametrize(("text", "gone", "kept"), [
    ("the tuesday one. actually no, he has football tuesdays. thursday then", "tuesday", "thursday"),
    ("Monday please. No wait, Gerald works Mondays. Wednesday then.", "Monday", "Wednesday"),
    ("tuesday. no wait, thursday", "tuesday", "thursday"),
    ("saturday. actually no, make it sunday", "saturday", "sunday"),
])
def test_a_day_ruled_out_after_a_take_back_replaces_no_pick(text, gone, kept):
    values = list(_current(text).values())
    assert not any(gone in v for v in values) and kept in values, values


@pytest.mark.parametrize(("text", "gone", "kept"), [
    ("closed wednesdays. any other morning is fine", "wednesdays", None),
    ("it cant be a monday or friday, those are our delivery days", "monday", None),
    ("Priya works Thursdays, friday morning then", "Thursdays", "friday"),
    ("it's closed now but friday works", None, "friday"),
    ("we work from home so friday is fine", None, "friday"),
    ("thursdays are best for us", None, "thursdays"),
])
def test_a_day_closed_worked_or_that_cant_be_is_ruled_out(text, gone, kept):
    values = list(_current(text).values())
    assert gone is None or not any(gone in v for v in values), values
    assert kept is None or kept in values, values


@pytest.mark.parametrize(("lang", "said", "then", "kept"), [
    ("en", "names are Hugo Marr, Lena Ortiz, Sam Quayle", "lena's pulled out, sorry", "Sam Quayle"),
    ("en", "names are Hugo Marr, Lena Ortiz, Sam Quayle", "actually take sam off, he's away", "Lena Ortiz"),
    ("en", "names are Hugo Marr, Lena Ortiz, Sam Quayle", "lena's off work that day so she can come early", "Lena Ortiz, Sam Quayle"),
    ("zh", "四个孩子 张子涵 李思琪 王浩然 赵一鸣", "王浩然那天有事不来了", "张子涵, 李思琪, 赵一鸣"),
    ("zh", "四个孩子 张子涵 李思琪 王浩然 赵一鸣", "赵一鸣换成他表弟刘洋", "张子涵, 李思琪, 王浩然, 刘洋"),
    ("zh", "四个孩子 张子涵 李思琪 王浩然 赵一鸣", "赵一鸣能不能换成下午班", "张子涵, 李思琪, 王浩然, 赵一鸣"),
])
def test_an_item_taken_off_a_list_leaves_it(lang, said, then, kept):
    from ctxgraph import Tracker

    t = Tracker(lang, today="2026-03-09")
    t.observe_many([{"role": "assistant", "content": "Names please?" if lang == "en" else "请提供名字。"},
                    {"role": "user", "content": said}, {"role": "user", "content": then}])
    values = [f.value for f in t.state().facts if f.status == "current"]
    assert kept in values, values


@pytest.mark.parametrize(("said", "gone", "kept"), [
    ("好的，人数出发前2天确认就行，周六上午还有位置。", "2", None),
    ("您好！一般按面积算，费用800到1500元不等，要先上门检测。", "800", None),
    ("好的，人数2位，周六上午还有位置。", None, "2位"),
])
def test_a_number_that_goes_on_after_a_slot_word_is_no_value(said, gone, kept):
    from ctxgraph import Tracker

    t = Tracker("zh", today="2026-03-09")
    t.observe_many([{"role": "user", "content": "想订个周末的体验"}, {"role": "assistant", "content": said}])
    values = [f.value for f in t.state().facts if f.status == "current"]
    assert (gone is None or gone not in values) and (kept is None or kept in values), values


@pytest.mark.parametrize(("asked", "said", "gone", "kept"), [
    ("周六上午班还剩两个名额，要帮他先留一个吗？", "要的要的 谢谢啊", "的要的", None),
    ("周六上午班还剩两个名额，要帮他先留一个吗？", "要的要的 谢谢啊", "谢谢", None),
    ("师傅下午要4点以后才能到，您能接受吗？", "能接受", "能接受", None),
    ("好的，需要开发票吗？", "要，专票", None, "专票"),
])
def test_a_reply_that_only_says_yes_holds_no_value(asked, said, gone, kept):
    from ctxgraph import Tracker

    t = Tracker("zh", today="2026-03-09")
    t.observe_many([{"role": "user", "content": "想约个周六的服务"}, {"role": "assistant", "content": asked},
                    {"role": "user", "content": said}])
    values = [f.value for f in t.state().facts if f.status == "current"]
    assert (gone is None or gone not in values) and (kept is None or any(kept in v for v in values)), values
