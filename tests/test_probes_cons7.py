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

try:
    from tests.probe_sets import constraint_problems, load_probes, print_constraint_probes, probe_params
except ImportError:  # run as a script from tests/
    from probe_sets import constraint_problems, load_probes, print_constraint_probes, probe_params

PROBES = load_probes("cons7")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "en_farrier_awaychange": "\"my trip got cut short, I'm back on the 8th now\" moves the end of \"I'm away until the 12th\": "
                             "no change verb and no rule in the new message, the old one stays active",
}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_cons7_rule_is_read_as_an_annotator_would(probe, conv):
    assert constraint_problems(probe, conv) == []


if __name__ == "__main__":
    import sys

    print_constraint_probes(PROBES, sys.argv[1:])
