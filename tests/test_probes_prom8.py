"""prom8's probe sets (``tests/data/probes_prom8.yml``, written and committed before ctxgraph ran on it, and
``probes_prom8b.yml``, written after the readers were built on the first and before ctxgraph ran on it, and
``probes_prom8c.yml``, written at the end of the round, before ctxgraph ran on it, and not tuned on):
the assistant's promises in unseen domains, Chinese weighted. A promise is a future deed of the
assistant's side directed at the user (稍后发您…, 回头给您…, 我们会…, 师傅上门前会电话联系您, "we'll have …
fitted by Friday"), kept by a later report or the tool call of the same deed, left open when talk goes
on or the tool fails; and none where the assistant states a price, a policy, how the service works,
what it can do, recommends, reports a booking, restates the booked service or agrees to the user's rule.
Scored as ``tests/test_probes_prom7.py`` scores its sets.

``python -m tests.test_probes_prom8`` prints each miss and the totals per class (docs/quality.md).
"""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay
from tests.probe_sets import load_probes, probe_params
from tests.test_probes_prom7 import print_set, problems

SETS = ("prom8", "prom8b", "prom8c")
PROBES = [(p, c) for name in SETS for p, c in load_probes(name)]
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
_ECHO = ("the assistant agreeing to the user's rule is read as a promise: a rule that dropped such echoes lost six listed "
         "promises on the open groups (their annotators list 会按潘通色号调色, 质检通过后会在2小时内打款到您的支付宝, …)")
KNOWN_MISSES: dict[str, str] = {
    "zh_shouna_rule_agreed": _ECHO,
    "zh_youhua_xiaci_dai": "prom8c is not tuned on: a role's deed for the user with a time and no 会 (下次上课老师给您带一个画框过来) "
                           "is read by no frame",
}


@pytest.mark.parametrize("probe, conv", probe_params(PROBES, KNOWN_MISSES))
def test_probes_prom8_promise_is_read_and_closed_as_an_annotator_would(probe, conv):
    state = replay(conv)
    assert problems(probe, state) == [], state["commitments"]


if __name__ == "__main__":
    import sys

    for name in SETS:
        print_set(name, load_probes(name), sys.argv)
