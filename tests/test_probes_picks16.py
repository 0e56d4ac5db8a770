"""picks16's probe set (``tests/data/probes_picks16.yml``, written before the round's rules): a pick among offered
days said in an unpunctuated zh message cut by spaces (beside a declining piece, or in a message too long for one
clause), an afternoon slot picked by a colon clock with no am/pm ("the 9th 3:45 one" for 15:45) with the pointing
words over the day and the clock, and a pick among names listed with a detail in brackets and no "or" ("the sea view
one"); their negatives (every day declined, a question about a named option, an exact 24-hour clock).

``python -m tests.probe_sets tests/data/probes_picks16.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("picks16")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "zh-space-declined-first": "the space-cut pieces are one clause to slot_picks: 不行 declines the whole message",
    "zh-space-long-message": "the space-cut pieces are one clause to slot_picks: the message is too long for a pick",
    "zh-space-urgent": "the space-cut pieces are one clause to slot_picks: 不然 declines the whole message",
    "en-clock-afternoon-colon": "'3:45' with a colon is read as a 24-hour clock, so it fits no offered 15:45",
    "en-clock-afternoon-bare": "'2:30' with a colon is read as a 24-hour clock, so it fits no offered 14:30",
    "zh-clock-day-and-clock": "the pointing words start at the clock (下午3点那个), the day before it is lost",
    "en-named-guesthouse": "options.py reads no list of names with bracketed details joined by commas and 'and'",
    "en-named-craftfair": "options.py reads no list of names with bracketed details joined by commas",
    "zh-named-teahouse": "options.py reads no list of names with bracketed details joined by 、 and 和",
}


def test_probes_picks16_load_both_languages():
    assert len(PROBES) >= 10 and {conv.lang for _, conv in PROBES} == {"en", "zh"}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_picks16_probe_reads_the_pick_and_no_other(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])
