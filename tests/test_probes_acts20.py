"""acts20's probe set (``tests/data/probes_acts20.yml``, written before ctxgraph ran on it): a change the user asks as a
question ("could we do the Friday instead?", "能不能换到周日那个？") that the assistant carries out with a call named
"move_…", in en and zh; and controls: a change asked and refused (the old value stays), an offer declined, a question
about another thing. Each scored the way ``ctxgraph bench cs`` scores a chat.

``python -m tests.probe_sets tests/data/probes_acts20.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("acts20")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "en-askonly-bikeservice": "the refused 4pm goes (acts22), but the 2pm the user keeps is held nowhere (the booking was Saturday at 2pm in one value)",
    "zh-askonly-xiche": "能改到周日吗 is taken as a change although the assistant says 周日 is full",
    "en-declined-grooming": "'basic wash and trim' (the want's object) is no value",
    "en-actday-neg-clockonly": "'Booked for Monday 16 March at 9am' (the assistant's) is no value: the user said only 'the 9am one'",
    "en-other-grooming": "'nail clip' (the want's object) is no value; Thursday is kept as the user's 'thursday' only",
}


def test_probes_acts20_load_both_languages():
    assert len(PROBES) >= 8 and {conv.lang for _, conv in PROBES} == {"en", "zh"}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_acts20_probe_reads_the_value(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])
