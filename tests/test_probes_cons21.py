"""cons21's probe set (``tests/data/probes_cons21.yml``): rules taken back by saying the ruled-out deed itself as a
go-ahead ("don't cut the joists", then "cut the joists if you have to"; "不要留我的电话", then "我的电话也留上吧"), and by
another verb of the same deed ("please don't phone me", then "you can ring me now"); each class with look-alikes that
lift nothing (the deed asked about, said as a condition of harm, the rule said again, the user's own call). Written
and committed before any rule of this round. Scored the way ``ctxgraph bench cs`` scores a chat
(``tests/probe_sets.py``).

``python tests/test_probes_cons21.py`` prints the misses and the totals (the figures in docs/quality.md)."""

from __future__ import annotations

import pytest

try:
    from tests.probe_sets import constraint_problems, load_probes, print_constraint_probes, probe_params
except ImportError:  # run as a script from tests/
    from probe_sets import constraint_problems, load_probes, print_constraint_probes, probe_params

PROBES = load_probes("cons21")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "en_reason_taken_bank_transfer": "the reason 'I don't do bank transfers' is not folded into 'cash on collection only' "
                                     "(a refusal with 'do' is neither a rule nor a situation in English), so the rule's "
                                     "text does not hold the alternative the user takes",
    "zh_deed_again_jiyang_name_then_ok": "the rule is never made: 不想 + 登记 is no rule cue (cons12's 不想 cue takes 让/在/留 "
                                         "only, a wish of the user's own is no limit); the lift itself is read",
    "en_no_discourse_hang_on": "'hang on' after 'no' left a rule: read as no rule, blind16 apnoea's 'No hang on we're at "
                               "my sister's … till the 12th' turns into an unsupported fact (checkout: the 12th) the rule had "
                               "kept out, a precision loss; not kept",
}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_cons21_rules_taken_back_by_the_deed_itself(probe, conv):
    assert constraint_problems(probe, conv) == []


if __name__ == "__main__":
    import sys

    print_constraint_probes(PROBES, sys.argv)
