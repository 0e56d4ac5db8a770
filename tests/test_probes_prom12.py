"""prom12's probe set (``tests/data/probes_prom12.yml``, written and committed before ctxgraph ran on it):
promises by structure in unseen domains, both languages — a casual zh assistant's 你 as the form of address,
a follow-up after a semicolon that only sets up the deed before it, two deeds kept apart, and look-alikes
(price, habit, policy, question). Scored as prom10's probe set (``no_other``: no open or done promise but
the listed ones, the cs sets' "unlisted").

``python -m tests.test_probes_prom12`` prints each miss and the totals per language and class (docs/quality.md).
"""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay
from tests.probe_sets import load_probes, probe_params
from tests.test_probes_prom7 import print_set
from tests.test_probes_prom10 import problems

PROBES = load_probes("prom12")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "zh_tapian_two_deeds": "the thing first, more than eight letters before its deadline, then 寄给您 (另外框子的发票周五前寄给您): "
                           "the thing-first frames read 寄到/寄出/寄回 or a short lead, not this one",
    "en_tuba_pronoun_other_deed": "a pronoun as the doer of another deed (\"she'll also bring a spare mouthpiece on Tuesday\"): "
                                  "the role frame reads a name or a role noun, not he/she, and 'bring' is not among the en deed verbs",
}


@pytest.mark.parametrize("probe, conv", probe_params(PROBES, KNOWN_MISSES))
def test_probes_prom12_promise_and_look_alikes_as_an_annotator_would(probe, conv):
    state = replay(conv)
    assert problems(probe, state) == [], state["commitments"]


if __name__ == "__main__":
    import sys

    print_set("prom12", PROBES, sys.argv, check=problems)
