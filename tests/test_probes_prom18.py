"""prom18's probe set (``tests/data/probes_prom18.yml``, written and committed before the round's rules): promises
of someone of the service with 会 and a deed with or to the user (会拉您进群, 做完会和您视频连线, 会提前十分钟到), a deed
to the user then the span the service usually takes, word passed on to someone of the assistant's side (我跟送货师傅说),
an offer ("I can book both …", "Shall I book …?", 我们可以帮您联系…) done by the tool call after the user's answer; and
look-alikes that promise nothing (an apology, the user's own future, a question, a habit said to anyone, words said to the
user, an offer turned down, a call after a question that offered nothing). Scored as prom10's probe set.

``python -m tests.test_probes_prom18`` prints each miss and the totals per language and class.
"""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay
from tests.probe_sets import load_probes, probe_params
from tests.test_probes_prom7 import print_set
from tests.test_probes_prom10 import problems

PROBES = load_probes("prom18")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "zh_bees_named_adds_you_to_group": "a deed with the user after 会 by someone of the service (会拉您进群) is read by no cue",
    "zh_piano_elided_video_call": "会 + a deed with the user (和您视频连线), the doer left out: no cue",
    "zh_climb_meets_you_plural": "会 + a deed with the user's party (约你们): no cue",
    "zh_tailor_arrives_early": "会提前…到 by a named person: no cue",
    "zh_bees_licence_text_usual_days": "the bare span after the deed (一般三个工作日) makes the whole promise a habit",
    "zh_tailor_tell_the_driver": "我跟X说 at the clause's end: the cue wants 说一下 / 说一声",
    "zh_climb_check_with_coach": "我跟X确认一下: no cue",
    "en_aquarium_can_book_both_done_by_call": "an offer with can is no promise, and the call after the user's answer keeps nothing",
    "en_bookbinding_shall_i_book_done_by_call": "an offered booking taken is left to the booking's record (_BOOKS_IT)",
    "zh_piano_we_can_contact_done_by_call": "the offer taken is a promise, but a zh tool name shares no word with it: kept open",
    "zh_bookbinding_proof_printed": "a made thing said done with 做好了/印好了 and no 已: no done cue",
    "en_climb_minibus_lift_answered_by_result": "a tool's result naming the thing of an open check keeps nothing",
    "zh_bees_rain_cover_answered_by_result": "我跟X确认一下 is no check, and a result naming its thing keeps nothing",
    "zh_tailor_user_will_receive": "the user's own future (您会收到…) is read as a promise by the 会…发 cue",
}


@pytest.mark.parametrize("probe, conv", probe_params(PROBES, KNOWN_MISSES))
def test_probes_prom18_promises_as_an_annotator_would(probe, conv):
    state = replay(conv)
    assert problems(probe, state) == [], state["commitments"]


if __name__ == "__main__":
    import sys

    print_set("prom18", PROBES, sys.argv, check=problems)
