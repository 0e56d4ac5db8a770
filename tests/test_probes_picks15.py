"""picks15's probe set (``tests/data/probes_picks15.yml``, written before ctxgraph ran on it): a pick by position
("second one", 第二款) and a pick among offered days by the day and a pointer (周五那个, "the Wednesday") keep the user's
words beside the option; a pick after a deferral (我再想想……还是进阶吧); and their negatives (a question about an
option, an option declined). zh and en, domains no cs set covers, scored the way ``ctxgraph bench cs`` scores a chat.

``python -m tests.probe_sets tests/data/probes_picks15.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("picks15")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "zh-list-numbered": "要80个 (a count) is read by the tallies step, off by default since miss28zh's merge; 第二款 is held "
                        "through the slot readers (2号 read as a day: '第二款 (2号)')",
    "zh-defer-chayi": "the pick after 我再想想…… is read (进阶班), but 入门的 (the pick taken back) was also read as a place, which stays",
}


def test_probes_picks15_load_both_languages():
    assert len(PROBES) >= 12 and {conv.lang for _, conv in PROBES} == {"en", "zh"}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_picks15_probe_reads_the_pick_and_no_other(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])


def _current(lang: str, offer: str, said: str) -> list[str]:
    t = Tracker(lang, today="2026-03-09")
    t.observe_many([{"role": "assistant", "content": offer}, {"role": "user", "content": said}])
    return [f.value for f in t.state().facts if f.status == "current"]


@pytest.mark.parametrize(("lang", "offer", "said", "words", "option"), [
    ("en", "Pottery is £20 for the taster or £90 for the six-week course. Which would you like?", "the second one", "the second one", "£90"),
    ("zh", "有两种：单次课200元，十次卡1800元。", "第二个吧", "第二个", "十次卡"),
    ("en", "I can do Monday 12 October at 8am or Wednesday 14 October at 2pm.", "the wednesday one please", "the wednesday one", "14 October"),
    ("zh", "可以约3月11日周三下午2点，或者3月13日周五上午10点。", "周五那个吧", "周五那个", "上午10点"),
])
def test_a_pick_by_place_or_by_a_pointed_day_keeps_the_users_words_beside_the_option(lang, offer, said, words, option):
    values = _current(lang, offer, said)
    assert any(v.startswith(words) and option in v for v in values), values


@pytest.mark.xfail(strict=True, reason="the slot readers read a day in an option's detail as a slot ('第二种 (周五)'); a guard that "
                   "left such lists alone moved no open group (picks15), so it was dropped; the list-read probes pass through it")
@pytest.mark.parametrize(("lang", "offer", "said"), [
    ("zh", "年卡有两种：畅享卡980元/张，全年可用；工作日卡620元/张，只能周一到周五用。", "第二种吧"),
    ("en", "We run the Weekend Intensive (£320, Saturday and Sunday 9-5) or the Evening Course (£280, Tuesdays 7-9pm).", "second one"),
])
def test_days_said_in_the_options_details_are_no_slots(lang, offer, said):
    assert not any(w in v for v in _current(lang, offer, said) for w in ("周五", "Sunday", "Tuesday"))
