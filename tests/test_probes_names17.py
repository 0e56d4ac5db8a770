"""names17's probe set (``tests/data/probes_names17.yml``, written before the rule): a zh name said right after a
relation or a role word with no 叫 and no break before it ("俺媳妇赵晓梅管账"), with controls (a relation followed by a
day or a place, a name only the assistant says); names jieba cuts in two are known misses. Scored the way
``ctxgraph bench cs`` scores a chat.

``python -m tests.probe_sets tests/data/probes_names17.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("names17")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "zh-namethenrel-peizhen": "jieba tags 林淑贞 nrfg, a tag the tagger does not take for a PERSON",
}


def test_probes_names17_load():
    assert len(PROBES) >= 6 and {conv.lang for _, conv in PROBES} == {"zh"}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_names17_probe_reads_the_value(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])


@pytest.mark.parametrize("said", ["我是房主，明天有空", "我就是机主，周末办"])
def test_no_name_from_what_follows_an_owner_word_when_it_is_no_name(said):
    t = Tracker("zh")
    t.observe_many([{"role": "user", "content": "房子要过户"}, {"role": "assistant", "content": "您是本人吗？"},
                    {"role": "user", "content": said}])
    assert not [f for f in t.state().facts if f.key in ("name", "person_self")], t.state().facts


def test_the_name_after_an_owner_word_is_the_users():
    t = Tracker("zh")
    t.observe_many([{"role": "user", "content": "宽带要过户"}, {"role": "assistant", "content": "您是机主吗？"},
                    {"role": "user", "content": "我就是机主，梁振宇"}])
    assert ("name", "梁振宇") in [(f.key, f.value) for f in t.state().facts]
