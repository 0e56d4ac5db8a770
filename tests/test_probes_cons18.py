"""cons18's probe set (``tests/data/probes_cons18.yml``): constraints lost by where the words went rather than by
their cue words (a rule piece before the piece that asks in an unpunctuated Chinese message, a thing named first
then given up, a rule taken back as "the X thing", a standing request said as "to A not B"), each class with
look-alikes that make no rule. Written and committed before ctxgraph ran on them. Scored the way ``ctxgraph bench cs``
scores a chat (``tests/probe_sets.py``).

``python tests/test_probes_cons18.py`` prints the misses and the totals (the figures in docs/quality.md)."""

from __future__ import annotations

import pytest

try:
    from tests.probe_sets import constraint_problems, load_probes, print_constraint_probes, probe_params
except ImportError:  # run as a script from tests/
    from probe_sets import constraint_problems, load_probes, print_constraint_probes, probe_params

PROBES = load_probes("cons18")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
_TOPIC_DROP = ("a thing named then given up ('X就算了', 'X不用') was not made a rule: on the open sets the annotators list it "
               "as a rule in 4 of about 24 such clauses (blind13/14/16/17), the rest are declines of an offer")
KNOWN_MISSES: dict[str, str] = {
    "zh_hunsha_outdoor_dropped": _TOPIC_DROP,
    "zh_tijian_gastroscope_dropped": _TOPIC_DROP,
    "zh_banjia_packing_dropped": _TOPIC_DROP,
    "zh_tijian_dropped_then_back": _TOPIC_DROP,
    "zh_topic_drop_question_no_rule": "a request asked for the go-ahead ('胃镜能不能不要？') is kept as a rule by the request path "
                                      "of the constraints step, before this round (cons17 found the same); arguably a rule",
    # en_carpet_every_week_no_rule passes since model32: the retrained constraint reader leaves the clause under its threshold
    "zh_tiyan_saturday_swim": "(cons31) a one-off busy time beside the slot picked instead ('周六上午她要学游泳，周日下午吧') is "
                              "the pick's reason, no rule: cons11's probes of the same shape (zh_biaohua_busy_pick, "
                              "zh_weiyu_nobody_pick) want no rule, and on the open groups the shape is unlisted in 16 chats "
                              "and listed where the message leaves another time open or the busy time recurs (kept)",
    "zh_past_class_no_rule": "the past event makes no rule; the day asked for after it ('这周六可以吗') is a rule by the "
                             "issue-19 cue for a time asked for, before this round (the control was written too long)",
}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_cons18_rules_kept_and_read_as_an_annotator_would(probe, conv):
    assert constraint_problems(probe, conv) == []


if __name__ == "__main__":
    import sys

    print_constraint_probes(PROBES, sys.argv)
