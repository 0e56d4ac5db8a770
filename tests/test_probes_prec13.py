"""prec13's probe set (``tests/data/probes_prec13.yml``, written before ctxgraph ran on it): a place or a name said
glued to the words around it is kept whole, never as a cut of it; a place said alone stays; and exchanges with no
value of the user's make no fact. Scored like ``ctxgraph bench cs``.

``python -m tests.probe_sets tests/data/probes_prec13.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from tests.probe_sets import load_probes, probe_params, score_probes

SCORED = score_probes("prec13")
#: probes that still hold a fact no gold string holds, each with the reason (strict: a probe that stops doing so
#: must leave this list)
KNOWN_UNSUPPORTED: dict[str, str] = {}  # (prec26) zh_chengshi_none passes: 吉时 is in the zh pack's not_entities


def test_probes_prec13_set_is_both_languages_with_no_fact_exchanges():
    probes = [p for p, _ in load_probes("prec13")]
    assert len(probes) >= 20 and {p["lang"] for p in probes} == {"en", "zh"}
    none = [p for p in probes if p["class"] == "none"]
    assert len(none) >= 8 and {p["lang"] for p in none} == {"en", "zh"}
    assert all(not p.get("current") for p in none)


@pytest.mark.parametrize("probe,score", probe_params(SCORED, KNOWN_UNSUPPORTED))
def test_probes_prec13_no_unsupported_fact(probe, score):
    assert not score["unsupported"] and not score["wrong"], (score["unsupported"], score["wrong"])
