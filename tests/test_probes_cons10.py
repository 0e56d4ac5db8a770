"""cons10's probe set (``tests/data/probes_cons10.yml``, 36 exchanges, 22 en / 14 zh, written and committed before
ctxgraph ran on it): rules said by the act (an exclusion from a universal, a negated request beside the wanted one, a
bare "not X", a restriction of access, a standing or conditional rule, a busy time that rules out an offered slot),
lifts said as the opposite want, as leave to go over a bound or as any time being fine now, and messages that must
make no rule, in domains no cs set nor earlier probe set covers. Never trained on. Scored the way ``ctxgraph bench
cs`` scores a chat (``tests/probe_sets.py``'s loader, ``score_state``).

``python tests/test_probes_cons10.py`` prints the totals (the figures in docs/quality.md)."""

from __future__ import annotations

import pytest

try:
    from tests.probe_sets import constraint_problems, load_probes, print_constraint_probes, probe_params
except ImportError:  # run as a script from tests/
    from probe_sets import constraint_problems, load_probes, print_constraint_probes, probe_params

PROBES = load_probes("cons10")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_cons10_rule_is_read_as_an_annotator_would(probe, conv):
    assert constraint_problems(probe, conv) == []


if __name__ == "__main__":
    import sys

    print_constraint_probes(PROBES, sys.argv[1:])
