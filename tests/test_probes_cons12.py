"""cons12's probe set (``tests/data/probes_cons12.yml``, 22 exchanges, 11 en / 11 zh, written and committed before
ctxgraph ran on it): rules kept against look-alike lifts (a word shared with the rule's kept text but not its clause,
a pronoun, 算了 / "never mind" giving up another thing), system prompts and remarks that make no rule, rules said with
their reason or as a negated want, and real lifts, in domains no cs set nor earlier probe set covers. Never trained on. Scored the way ``ctxgraph bench cs`` scores a chat (``tests/probe_sets.py``'s loader,
``score_state``), plus the rules made beyond ``max_rules``.

``python tests/test_probes_cons12.py`` prints the totals (the figures in docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay, score_state

try:
    from tests.probe_sets import load_probes, probe_params
except ImportError:  # run as a script from tests/
    from probe_sets import load_probes, probe_params

PROBES = load_probes("cons12")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "zh_zhuanke_remark_except_wait": "the learned constraint reader (step learned_constraints) marks the remark; no rule cue fires on it",
    "zh_bianfa_real_lift": "a lift said as taking back the thing after all (发胶还是用吧) is not read as a reversal of 别用发胶",
}


def cons12_problems(probe: dict, conv) -> list[str]:
    """What the state gets wrong: a gold rule with the wrong status or none, a rule made where the probe says
    ``no_constraints``, more rules than ``max_rules``."""
    state = replay(conv)
    s = score_state(conv, state)
    made = [c["text"] for c in state["constraints"]]
    out = [f"{e['expected']} {e['text']!r}: got {e['got']}" for e in s["constraints_wrong"]]
    if probe.get("no_constraints"):
        out += [f"made a rule: {t!r}" for t in made]
    if "max_rules" in probe and len(made) > probe["max_rules"]:
        out.append(f"{len(made)} rules, at most {probe['max_rules']}: {made!r}")
    return out


def cons12_totals() -> dict[str, tuple[int, int]]:
    """(right, total) of the gold rules, of the probes that must make no rule, of those with ``max_rules``; the
    unlisted rules (no gold string in their text) over all probes."""
    out = {"rules": [0, 0], "nothing_made": [0, 0], "within_max": [0, 0], "unlisted": [0, 0]}
    for probe, conv in PROBES:
        state = replay(conv)
        s = score_state(conv, state)
        out["rules"][0] += s["constraints"][0]
        out["rules"][1] += s["constraints"][1]
        if probe.get("no_constraints"):
            out["nothing_made"][0] += not state["constraints"]
            out["nothing_made"][1] += 1
        if "max_rules" in probe:
            out["within_max"][0] += len(state["constraints"]) <= probe["max_rules"]
            out["within_max"][1] += 1
        out["unlisted"][0] += len(s["constraints_unlisted"])
        out["unlisted"][1] += s["constraints_items"]
    return {k: (v[0], v[1]) for k, v in out.items()}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_cons12_rules_by_structure_as_an_annotator_would(probe, conv):
    assert cons12_problems(probe, conv) == []


if __name__ == "__main__":
    import sys

    for probe, conv in PROBES:
        wrong = cons12_problems(probe, conv)
        if wrong or "-v" in sys.argv:
            print(probe["id"], "; ".join(wrong) or "ok")
    print(cons12_totals())
