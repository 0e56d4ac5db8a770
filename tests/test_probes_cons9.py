"""cons9's probe set (``tests/data/probes_cons9.yml``, 35 exchanges, written and committed before ctxgraph ran
on it): rules said the way unseen chats say them (a limit with its reason, a rule after a report, a rule as a
message's second clause, an unavailability that implies the rule, a deadline said by an event), lifts, and
messages that must make no rule, in domains no cs set covers. It is the new-domain check of the learned
constraint reader: never trained on. Each probe is scored the way ``ctxgraph bench cs`` scores a chat
(``tests/probe_sets.py``'s loader, ``score_state``: a gold string inside a rule's text, with the status its
list says).

``python tests/test_probes_cons9.py`` prints the totals (the figures in docs/quality.md)."""

from __future__ import annotations

import pytest

try:
    from tests.probe_sets import constraint_problems, load_probes, print_constraint_probes, probe_params
except ImportError:  # run as a script from tests/
    from probe_sets import constraint_problems, load_probes, print_constraint_probes, probe_params

PROBES = load_probes("cons9")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "en_wall_deadline_event": "a deadline said by an event and pointed back to (\"… on the 20th of May so before that really\"): no frame, the model below its threshold",
    "en_mural_secondclause": "a standing request after a limit in one sentence (\"and please use low-odour paint\"): the model below its threshold",
    "en_telescope_unavailable": "being at work implies the delivery day is out: no frame, the model below its threshold",
    "en_gravestone_gentle": "\"no pressure washing\" answers the assistant's list: read as declining an option, not a rule",
    "zh_reqiqiu_unavailable": "5号6号我都在出差: being away on dates the assistant offered, with 都 between the dates and 在出差",
    "zh_yuebing_nosugar": "要低糖的 (a kind required) after a pick in the same message: no frame, the model below its threshold",
    "zh_wushi_noise": "鞭炮就不要了 reads as a lift cue (不要了), not as an exclusion of what the assistant listed",
}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_cons9_rule_is_read_as_an_annotator_would(probe, conv):
    assert constraint_problems(probe, conv) == []


if __name__ == "__main__":
    import sys

    print_constraint_probes(PROBES, sys.argv[1:])
