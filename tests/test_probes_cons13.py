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
    "zh_putao_de_jieshu_before_time": "(model32) the constraint reader retrained on every open group gives 我们得九点前结束 … P(rule) 0.51 (the cons8 weights 0.73) and no frame reads 得…前结束; over the new-domain probe sets it gains 4 and loses this one",
    # en_hedgehog_it_has_to_go_back passes since model32: the constraint reader retrained on every open group marks it
    # en_gin_we_need_to_leave_before_date passes since cp14: a deadline on any deed before a date gains on blind12 and blind13
    "en_chimney_no_rush_now_lifts_deadline": "a pick of Thursday inside 'by friday' rewrites the deadline (constraint_values: bound() does not read a weekday), and urgency given up lifts nothing",
    # en_gin_no_hurry_anymore_lifts_deadline passes since cons16: urgency given up lifts the one deadline (gains on blind12)
    # en_signwriting_invoice_not_me passes since cons16: a choice said against its rejected twin ("to the company, not to me")
    # zh_qiaopai_yao_nv_laoshi passes since cons25: 要 + the provider's sex + a staff noun (要女老师) is a rule; "要男的" (blind3) stays none
    "zh_diaoban_yuan_dian_jiu_yuan_dian_lifts_near": "a concession (远点就远点) lifts no preference",
    "zh_shangmen_zuofan_de_xian_wen_no_rule": "得先 is a must cue; the speaker's own step (我得先问问我老公) is not told apart (one 得先 in the open groups, a real rule)",
}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_cons13_rules_by_structure_as_an_annotator_would(probe, conv):
    assert constraint_problems(probe, conv) == []


if __name__ == "__main__":
    import sys

    print_constraint_probes(PROBES, sys.argv)
