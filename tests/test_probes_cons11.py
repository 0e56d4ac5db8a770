"""cons11's probe set (``tests/data/probes_cons11.yml``, 27 exchanges, 13 en / 14 zh, written and committed before
ctxgraph ran on it): a rule said with its reason in the same message is one rule (``max_rules``), a busy time said to
turn down an offered slot while picking another makes no rule, rules said in frames the readers missed, two rules of
one message, reasoned rules lifted later, and messages that must make no rule, in domains no cs set nor earlier probe
set covers. Never trained on. Scored the way ``ctxgraph bench cs`` scores a chat (``tests/probe_sets.py``'s loader,
``score_state``), plus the rules made beyond ``max_rules``.

``python tests/test_probes_cons11.py`` prints the totals (the figures in docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay, score_state

try:
    from tests.probe_sets import load_probes, probe_params
except ImportError:  # run as a script from tests/
    from probe_sets import load_probes, probe_params

PROBES = load_probes("cons11")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
_BUSY_PICK = ("a busy time that turns down an offered slot while the message picks another is still a rule: not built, the open "
              "groups' gold lists it in 3 chats (blind7 calligraphy and catneuter, held-out course) and leaves it out in about 8")
KNOWN_MISSES: dict[str, str] = {
    "en_harmonica_busy_pick": _BUSY_PICK,
    "en_lino_away_pick": _BUSY_PICK,
    "zh_biaohua_busy_pick": _BUSY_PICK,
    "zh_weiyu_nobody_pick": _BUSY_PICK,
}


def cons11_problems(probe: dict, conv) -> list[str]:
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


def cons11_totals() -> dict[str, tuple[int, int]]:
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
def test_probes_cons11_rule_and_its_reason_as_an_annotator_would(probe, conv):
    assert cons11_problems(probe, conv) == []


if __name__ == "__main__":
    import sys

    for probe, conv in PROBES:
        wrong = cons11_problems(probe, conv)
        if wrong or "-v" in sys.argv:
            print(probe["id"], "; ".join(wrong) or "ok")
    print(cons11_totals())
