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

PROBES = load_probes("prec18")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "en-takeback-football": "the day after 'actually no' replaces the pick though someone is engaged on it",
    "en-takeback-works": "the day after 'No wait' replaces the pick though someone works then",
    "en-takeback-nothing-after": "an offered day accepted, then taken back with no other day: the offers step keeps it",
    "en-ruledout-closed": "'closed wednesdays' opening a clause rules the day out for no rule",
    "en-ruledout-cant-be": "'cant be a monday' rules the day out for no rule",
    "en-ruledout-name-works": "'<Name> works Thursdays' rules the day out for no rule",
}


def test_probes_prec18_load():
    assert len(PROBES) >= 8 and {p["class"] for p, _ in PROBES} == {"takeback", "ruledout", "control"}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_prec18_probe_reads_the_value(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])
