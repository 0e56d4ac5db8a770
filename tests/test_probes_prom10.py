"""prom10's probe set (``tests/data/probes_prom10.yml``, written and committed before ctxgraph ran on it):
the assistant's promises and, weighted, their look-alikes — prices, policies, descriptions, habits, a
booking restated, a tool result described, questions, abilities, offers conditional on the user and the
user's own deed — in unseen domains, both languages. Scored as ``tests/test_probes_prom7.py`` scores its
sets, and where a probe says ``no_other``, no open or done promise but the listed ones (the cs sets'
"unlisted").

``python -m tests.test_probes_prom10`` prints each miss and the totals per language and class (docs/quality.md).
"""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import holds, replay
from tests.probe_sets import load_probes, probe_params
from tests.test_probes_prom7 import print_set, problems as prom7_problems

PROBES = load_probes("prom10")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "en_modelplane_chased": "\"I've chased them: …\" reports the deed in another verb form than the en done cues read "
                            "(chased / chase): the promise stays open",
    "en_tattoo_sessions": "a role's habit said with \"at each visit\" (\"The therapist will assess the fading at each visit\"): "
                          "the habit words read \"every visit\" and \"after each\", not \"at each\"",
}


def problems(probe: dict, state: dict) -> list[str]:
    """prom7's problems, and with ``no_other`` every open or done promise no gold string names."""
    out = prom7_problems(probe, state)
    if probe.get("no_other"):
        listed = probe.get("commitments_open", []) + probe.get("commitments_done", [])
        out += [f"unlisted {c['status']} promise: {c['text']!r}" for c in state["commitments"]
                if c["status"] in ("open", "done") and not any(holds(c["text"], s) for s in listed)
                and f"made a promise: {c['text']!r}" not in out]
    return out


@pytest.mark.parametrize("probe, conv", probe_params(PROBES, KNOWN_MISSES))
def test_probes_prom10_promise_and_look_alikes_as_an_annotator_would(probe, conv):
    state = replay(conv)
    assert problems(probe, state) == [], state["commitments"]


if __name__ == "__main__":
    import sys

    print_set("prom10", PROBES, sys.argv, check=problems)
