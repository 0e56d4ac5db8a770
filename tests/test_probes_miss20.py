"""miss20's probe set (``tests/data/probes_miss20.yml``, written before the mend): a day with its part picked and taken
back in the same message for another part of that day ("礼拜六上昼。啊唔系，…，下昼啦") keeps only the later part, while
不是 inside a clause ("不是很急", "不是下午") takes nothing back; a booking whose part of the day is another than the one
the user's words for that day hold keeps the day words without it; and a company named with its branch office keeps it.

``python -m tests.probe_sets tests/data/probes_miss20.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("miss20")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    # (miss20) a day and its bound word alone in their clause, read as a deadline, gained on blind19 only: dropped
    "zh-bound-upper-alone-answer": "a deadline needs a deed after its bound word: 国庆之前 said alone is none (dropped: see above)",
    "zh-bound-upper-alone-comma": "a deadline needs a deed after its bound word: 早上6点前， said alone is none (dropped: see above)",
    # (miss20) a lower bound read as an ``earliest`` fact gained on blind6/17/18 and lost precision on cs, cs_holdout and
    # blind5, whose gold does not list the same shape ("下午两点以后可以", "最好3点以后"): dropped
    # (miss22b) read since: a clock with 以后 / 后 is a ``time`` fact with its bound (deadlines.clock_bounds), not after
    # a clock the message said first; the three zh-bound-lower probes pass
    "zh-booked-part-moved-clock": "行 taking the assistant's 下午2点 moves nothing: the date 周六早上 stays current, and the "
                                  "booking's time is said with it (the words come from the dates the user said, not day_words)",
}


def test_probes_miss20_load():
    assert len(PROBES) >= 8 and {conv.lang for _, conv in PROBES} == {"zh"}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_miss20_probe_reads_the_value(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])
