"""wantfb12's probe set (``tests/data/probes_wantfb12.yml``, written before ctxgraph ran on it): the narrow fallback
want. An opening that says no want verb keeps a want only when it reports a fault or asks for a thing by naming it,
as a whole clause with nothing masked out of it; the ``no_want`` probes (fragments left by masking, values stated,
policy questions said without "?", greetings) keep none. zh and en, domains no cs set covers, each scored the way
``ctxgraph bench cs`` scores a chat.

``python -m tests.probe_sets tests/data/probes_wantfb12.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("wantfb12")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "en-noverb-clock-service": "a bare place answered to 'Where are you based?' ('Harrogate') is no fact (asked_answers' lane)",
    "en-neg-birthday-dates": "the statement's days are masked, so it keeps no want (by design); 'wife's birthday' and 'Bath' "
                             "are no facts of their own",
    "zh-noverb-xianshiqi": "a bare duration answered to 请问购买多久了 (一年半) is no fact (asked_answers' lane)",
    "zh-neg-nianhui-dates": "年会 is read as the key of the date fact (公司年会: 12月20号), not its value; the statement "
                            "keeps no want by design (its day is masked, it ends in 在)",
}


def _wants(conv) -> list[str]:
    return [f["value"] for f in replay(conv)["facts"] if f["key"].startswith("want") and f["status"] == "current"]


def test_probes_wantfb12_load_both_languages_and_non_wants():
    assert len(PROBES) >= 20 and {conv.lang for _, conv in PROBES} == {"en", "zh"}
    assert sum(bool(p.get("no_want")) for p, _ in PROBES) >= 8


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_wantfb12_probe_reads_the_fault_or_request(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])


@pytest.mark.parametrize(("probe", "conv"), [(p, c) for p, c in PROBES if p.get("no_want")], ids=lambda x: x["id"] if isinstance(x, dict) else "")
def test_probes_wantfb12_non_wants_keep_no_want(probe, conv):
    """A statement of values (its masking leaves a fragment), a policy question, a greeting: no want at all."""
    assert _wants(conv) == []
