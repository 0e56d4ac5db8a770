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
    "en_aquarium_can_book_both_done_by_call": "an offer done by the next call was tried: in English it made 25 done promises no "
                                              "annotator of the open sets lists; dropped",
    "en_bookbinding_shall_i_book_done_by_call": "an offered booking taken is left to the booking's record (_BOOKS_IT); the "
                                                "offer done by the next call was dropped (see above)",
    "zh_piano_we_can_contact_done_by_call": "an offer taken, done by the next call (follow._offer_done) was tried: one open "
                                            "chat in Chinese (blind10 banjin), 25 unlisted in English; dropped",
    "zh_bookbinding_proof_printed": "a made thing said done with 做好了/印好了 and no 已: a done cue for it was tried and gained "
                                    "on blind17 only (one chat), dropped",
}


@pytest.mark.parametrize("probe, conv", probe_params(PROBES, KNOWN_MISSES))
def test_probes_prom18_promises_as_an_annotator_would(probe, conv):
    state = replay(conv)
    assert problems(probe, state) == [], state["commitments"]


if __name__ == "__main__":
    import sys

    print_set("prom18", PROBES, sys.argv, check=problems)
