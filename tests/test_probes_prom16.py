"""prom16's probe set (``tests/data/probes_prom16.yml``, written and committed before the round's rules): Chinese
promises unseen chats keep missing: the assistant's own deed for the user at a later time or step with no 我会 / 给您
cue (到时候发给您, 月底一起开给您, 裱好了短信通知您, 出图纸，发您微信), an offer taken by its verb (我发给您？ - 发吧;
要不要我帮您查一下…？ - 查查吧, kept by the check's call), a promise reported done with 已经 + verb + 好 (已经画好草图，
发您微信了); and look-alikes that promise nothing (the user's deed, a deed done, an offer declined, a wait with no deed,
a question). Scored as prom10's probe set (``no_other``: no open or done promise but the listed ones).

``python -m tests.test_probes_prom16`` prints each miss and the totals per language and class.
"""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay
from tests.probe_sets import load_probes, probe_params
from tests.test_probes_prom7 import print_set
from tests.test_probes_prom10 import problems

PROBES = load_probes("prom16")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "zh_pottery_done_told": "a word to the user said done with no promise before it (已经烧好了，短信通知您了) is read as no promise "
                            "at all: ``deeds`` lists sending, not telling (通知您了); not tried (a notice said done is rarely "
                            "listed by the annotators)",
}


@pytest.mark.parametrize("probe, conv", probe_params(PROBES, KNOWN_MISSES))
def test_probes_prom16_promises_as_an_annotator_would(probe, conv):
    state = replay(conv)
    assert problems(probe, state) == [], state["commitments"]


if __name__ == "__main__":
    import sys

    print_set("prom16", PROBES, sys.argv, check=problems)
