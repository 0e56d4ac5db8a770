"""cons17's probe set (``tests/data/probes_cons17.yml``): constraints never read on unseen chats, by the shape of
the clause that states them (a time said not to suit, a clause led by "only", a rule piece of an unpunctuated Chinese
message that goes on to ask; then a need put on a third person or the thing, "it has to fit through that"), each class
with look-alikes that make no rule. Written and committed before ctxgraph ran on them. The asked_piece class passed
before any change (the learned reader reads those pieces); a head-of-clause reader for it was tried and dropped. Scored the way ``ctxgraph bench cs`` scores a chat (``tests/probe_sets.py``).

``python tests/test_probes_cons17.py`` prints the misses and the totals (the figures in docs/quality.md)."""

from __future__ import annotations

import pytest

try:
    from tests.probe_sets import constraint_problems, load_probes, print_constraint_probes, probe_params
except ImportError:  # run as a script from tests/
    from probe_sets import constraint_problems, load_probes, print_constraint_probes, probe_params

PROBES = load_probes("cons17")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "en_allotment_only_want_six_weeks": "'i only want <N>' was read and dropped: on blind13 taking the longer term later "
                                        "restated the limit with the new number as a rule no gold lists",
    "zh_xianhua_question_only_no_rule": "a request asked for the go-ahead ('能不能不要百合 可以吗') is kept as a rule by the "
                                        "request path of the constraints step, before this round; arguably a rule",
    # zh_daoyou_prefer_cantonese_other_piece passes since model32: the constraint reader retrained on every open group
    "en_twins_they_have_to_sit_apart": "a need put on a third person with a plain verb ('they have to sit apart') is no "
                                       "frame: the cue gained on one chat of blind12 alone (and read a second whose lift is "
                                       "missed), the bar for one-chat rules; cons13 came to the same (en_hedgehog_it_has_to_go_back)",
    # en_caterer_they_had_to_no_rule passes since model32: the retrained constraint reader leaves the past need under its threshold
}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_cons17_rules_kept_and_read_as_an_annotator_would(probe, conv):
    assert constraint_problems(probe, conv) == []


if __name__ == "__main__":
    import sys

    print_constraint_probes(PROBES, sys.argv)
