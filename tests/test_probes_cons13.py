"""cons13's probe set (``tests/data/probes_cons13.yml``, 24 exchanges, 14 en / 10 zh, written and committed before
ctxgraph ran on it): needs said with a modal and a plain verb of a thing or a third person, deadlines by "need to <verb> before <date>",
"<thing> only please", deadlines lifted when their urgency is given up, bounds given up by a concession (贵点就贵点), and
their look-alikes that make or lift no rule, in domains no cs set nor earlier probe set covers. Never trained on. Scored the way ``ctxgraph bench cs`` scores a chat (``tests/probe_sets.py``'s loader,
``score_state``), plus the rules made beyond ``max_rules``.

``python tests/test_probes_cons13.py`` prints the totals (the figures in docs/quality.md)."""

from __future__ import annotations

import pytest

try:
    from tests.probe_sets import constraint_problems, load_probes, print_constraint_probes, probe_params
except ImportError:  # run as a script from tests/
    from probe_sets import constraint_problems, load_probes, print_constraint_probes, probe_params

PROBES = load_probes("cons13")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_cons13_rules_by_structure_as_an_annotator_would(probe, conv):
    assert constraint_problems(probe, conv) == []


if __name__ == "__main__":
    import sys

    print_constraint_probes(PROBES, sys.argv)
