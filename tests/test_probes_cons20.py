"""cons20's probe set (``tests/data/probes_cons20.yml``): constraints lost by a mechanism rather than by one chat's
words: a rule written in Cantonese (唔好/唔准/唔可以, 唔想 + 畀, 冇人) where its Mandarin twin is a rule, and a contact
channel refused with "do" ("I don't do email") where "I do not use email" is a rule; each class with look-alikes that
make no rule. Written and committed before any rule of this round. Scored the way ``ctxgraph bench cs`` scores a chat
(``tests/probe_sets.py``).

``python tests/test_probes_cons20.py`` prints the misses and the totals (the figures in docs/quality.md)."""

from __future__ import annotations

import pytest

try:
    from tests.probe_sets import constraint_problems, load_probes, print_constraint_probes, probe_params
except ImportError:  # run as a script from tests/
    from probe_sets import constraint_problems, load_probes, print_constraint_probes, probe_params

PROBES = load_probes("cons20")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
_BEFORE = "before any rule of this round (the probes were committed first)"
KNOWN_MISSES: dict[str, str] = {
    "zh_yue_banwu_dont_stack": _BEFORE,
    "zh_yue_yuesao_no_smoking": _BEFORE,
    "zh_yue_detan_no_bleach": _BEFORE,
    "zh_yue_not_want_landlord": _BEFORE,
    "zh_yue_nobody_weekdays": _BEFORE,
    "en_channel_hedge_no_email": _BEFORE,
    "en_channel_bees_no_texts": _BEFORE,
}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_cons20_rules_kept_and_read_as_an_annotator_would(probe, conv):
    assert constraint_problems(probe, conv) == []


if __name__ == "__main__":
    import sys

    print_constraint_probes(PROBES, sys.argv)
