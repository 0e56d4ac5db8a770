"""miss19's probe set (``tests/data/probes_miss19.yml``, written before the rule): an echoed pick ("大号那个", miss18's
reader) holds one option of an offer; a later user message that takes another option of the same offer (echoed again,
a size word standing for it, a booking asked for, a digit word) must leave the pick behind, while a question about the
other option, a second item added beside the first and the same option said again leave it current. And a booking
call that books the day (and clock) a pick of an offered day names restates the pick: the user's words stay.

``python -m tests.probe_sets tests/data/probes_miss19.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("miss19")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "zh-booked-pick-other-clock": "the pick 周六那个 (…上午9点) is keyed slot, and the booking at 14:00 is keyed date and "
                                  "time: nothing moves the pick's clock",
}


def test_probes_miss19_load():
    assert len(PROBES) >= 8 and {conv.lang for _, conv in PROBES} == {"zh"}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_miss19_probe_reads_the_value(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])
