"""cp15's probe set (``tests/data/probes_cp15.yml``, written and committed before ctxgraph ran on it): Chinese
promises unseen chats keep missing: a role of the service will do a deed (周工程师上门会再量一遍, 修复师先看一下,
司机会自己搬上楼), a promised deed reported with 已 and a verb outside the old closed list (已约, 已上传, 已经发), a deed
done for the user with 了 and no promise before it (给您发了…, 先帮您留了…, 课表我发到您微信了); and look-alikes
that promise nothing (what a role usually does, the user's own deed, an apology). Scored as prom10's probe set
(``no_other``: no open or done promise but the listed ones, the cs sets' "unlisted"). The set's en part, a time
asked for with can / could it ("can it be after 4", "asked if it could be before noon"), was written with its rule,
not before it, and is scored as the constraint probe sets.

``python -m tests.test_probes_cp15`` prints each miss and the totals per language and class (docs/quality.md).
"""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay
from tests.probe_sets import constraint_problems, load_probes, probe_params
from tests.test_probes_prom7 import print_set
from tests.test_probes_prom10 import problems

_RULE_CLASSES = ("request_time", "money_given_up")
PROBES = [(p, c) for p, c in load_probes("cp15") if p["class"] not in _RULE_CLASSES]
#: the rules asked with can / could it and the budgets given up (written with their rules, not before them), scored as
#: the cons probe sets
RULES = [(p, c) for p, c in load_probes("cp15") if p["class"] in _RULE_CLASSES]
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
}


@pytest.mark.parametrize("probe, conv", probe_params(PROBES, KNOWN_MISSES))
def test_probes_cp15_promises_as_an_annotator_would(probe, conv):
    state = replay(conv)
    assert problems(probe, state) == [], state["commitments"]


@pytest.mark.parametrize("probe, conv", probe_params(RULES, {}))
def test_probes_cp15_rules_asked_and_budgets_given_up(probe, conv):
    assert constraint_problems(probe, conv) == []


if __name__ == "__main__":
    import sys

    print_set("cp15", PROBES, sys.argv, check=problems)
