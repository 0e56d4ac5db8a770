"""fix24's probe set (``tests/data/probes_fix24.yml``): over-reaches of the pick in the assistant's own words (a greeting or
thanks said back, a question, a "too dear") and the duplicate choice/extra of a yes; real picks as controls.

``python -m tests.probe_sets tests/data/probes_fix24.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("fix24")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {}


def test_probes_fix24_load():
    assert len(PROBES) >= 4 and {conv.lang for _, conv in PROBES} == {"en"}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_fix24_probe_reads_the_value_and_no_other(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])


@pytest.mark.parametrize("pid", ["fix24-yes-insurance", "fix24-yes-damage-cover"])
def test_probes_fix24_one_fact_holds_a_yes(pid):
    """A yes to a yes/no question about one thing ("yes insurance"): one fact holds the thing, not a choice too."""
    conv = next(c for p, c in PROBES if p["id"] == pid)
    facts = [f for f in replay(conv)["facts"] if f["name"] in ("choice", "extra")]
    assert len(facts) == 1, [(f["key"], f["value"]) for f in facts]
