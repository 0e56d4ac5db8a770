"""cons7's probe set (``tests/data/probes_cons7.yml``, written and committed before ctxgraph ran
on it): constraints, lifts and changed values said by the act (a limit as "the max is …", a kind
excluded from the thing, a must-have, the user away on dates, an option ruled out for a reason, a
negative request, what the worker must bring, a preference given when asked; a rule withdrawn or
re-stated), in domains no cs set covers; beside them questions, reports and thanks that must make
no rule. Each probe is scored the way ``ctxgraph bench cs`` scores a chat
(``tests/probe_sets.py``'s loader, ``score_state``: a gold string inside a rule's text, with the
status its list says).

``python tests/test_probes_cons7.py`` prints the totals (the figures in docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay, score_state

try:
    from tests.probe_sets import load_probes
except ImportError:  # run as a script from tests/
    from probe_sets import load_probes

PROBES = load_probes("cons7")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "en_farrier_awaychange": "\"my trip got cut short, I'm back on the 8th now\" moves the end of \"I'm away until the 12th\": "
                             "no change verb and no rule in the new message, the old one stays active",
}


def problems(probe: dict, conv) -> list[str]:
    """What the state gets wrong against the probe's gold (empty: right)."""
    state = replay(conv)
    s = score_state(conv, state)
    out = [f"{e['expected']} {e['text']!r}: got {e['got']}" for e in s["constraints_wrong"]]
    if probe.get("no_constraints"):
        out += [f"made a rule: {c['text']!r}" for c in state["constraints"]]
    return out


@pytest.mark.parametrize("probe,conv", [pytest.param(p, c, id=p["id"], marks=[pytest.mark.xfail(strict=True, reason=KNOWN_MISSES[p["id"]])]
                                                     if p["id"] in KNOWN_MISSES else []) for p, c in PROBES])
def test_probes_cons7_rule_is_read_as_an_annotator_would(probe, conv):
    assert problems(probe, conv) == []


def totals() -> dict[str, tuple[int, int]]:
    """(right, total): constraint gold strings with their status, and the probes that must make no rule."""
    out = {"constraints": [0, 0], "nothing_made": [0, 0]}
    for probe, conv in PROBES:
        state = replay(conv)
        right, total = score_state(conv, state)["constraints"]
        out["constraints"][0] += right
        out["constraints"][1] += total
        if probe.get("no_constraints"):
            out["nothing_made"][1] += 1
            out["nothing_made"][0] += not state["constraints"]
    return {k: (v[0], v[1]) for k, v in out.items()}


if __name__ == "__main__":
    import sys

    for probe, conv in PROBES:
        wrong = problems(probe, conv)
        if wrong or "-v" in sys.argv:
            print(probe["id"], "; ".join(wrong) or "ok")
    print(totals())
