"""acts22's probe set (``tests/data/probes_acts22.yml``, written before ctxgraph ran on it): change acts still
misread, in en and zh. Another deed the assistant offers taken up ("want me to refund it instead?" - "yes refund it
then", 那就退款吧); a count said in a want or a people fact moved ("make it 6", "add 2 more", a counted member taken
off, "30份改成35份", "又来了两个 一共8个人"); a change asked and refused ("sorry, Friday is fully booked"); a ceiling
beside a budget ("we could go to £400 if needed"); and controls: an offer declined, a second thing added, a count only
asked about. Each scored the way ``ctxgraph bench cs`` scores a chat.

``python -m tests.probe_sets tests/data/probes_acts22.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("acts22")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "en-offertaken-refund": "'yes refund it then' after the assistant's offer is no want: the want 'a replacement sent' stays",
    "zh-offertaken-tuikuan": "那就退款吧 is read, but the want 想换个新的 it replaces stays current",
    "en-countwant-memberoff": "'take him off' names no one: the want and count_receptionists keep '3 new receptionists'",
}


def test_probes_acts22_load_both_languages():
    assert len(PROBES) >= 12 and {conv.lang for _, conv in PROBES} == {"en", "zh"}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_acts22_probe_reads_the_value(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"] and not s["constraints_wrong"], (s["missed"], s["wrong"], s["constraints_wrong"])
