"""cons11's probe set (``tests/data/probes_cons11.yml``, 27 exchanges, 13 en / 14 zh, written and committed before
ctxgraph ran on it): a rule said with its reason in the same message is one rule (``max_rules``), a busy time said to
turn down an offered slot while picking another makes no rule, rules said in frames the readers missed, two rules of
one message, reasoned rules lifted later, and messages that must make no rule, in domains no cs set nor earlier probe
set covers. Never trained on. Scored the way ``ctxgraph bench cs`` scores a chat (``tests/probe_sets.py``'s loader,
``score_state``), plus the rules made beyond ``max_rules``.

``python tests/test_probes_cons11.py`` prints the totals (the figures in docs/quality.md)."""

from __future__ import annotations

import pytest

try:
    from tests.probe_sets import constraint_problems, load_probes, print_constraint_probes, probe_params
except ImportError:  # run as a script from tests/
    from probe_sets import constraint_problems, load_probes, print_constraint_probes, probe_params

PROBES = load_probes("cons11")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
_BUSY_PICK = ("a busy time that turns down an offered slot while the message picks another is still a rule: not built, the open "
              "groups' gold lists it in 3 chats (blind7 calligraphy and catneuter, held-out course) and leaves it out in about 8")
KNOWN_MISSES: dict[str, str] = {
    "en_harmonica_busy_pick": _BUSY_PICK,
    # en_lino_away_pick, zh_biaohua_busy_pick, zh_weiyu_nobody_pick pass since cons31 (extract/pickreasons.py)
}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_cons11_rule_and_its_reason_as_an_annotator_would(probe, conv):
    assert constraint_problems(probe, conv) == []


if __name__ == "__main__":
    import sys

    print_constraint_probes(PROBES, sys.argv)
