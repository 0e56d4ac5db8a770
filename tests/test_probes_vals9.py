"""vals9's probe set (``tests/data/probes_vals9.yml``, written before ctxgraph ran on it): 37 exchanges in
domains no cs set covers, with the values a careful annotator keeps (answers, values in the opening
message, corrections, values inside longer sentences), zh and en. It is the new-domain check of the
learned value reader, never trained on.

``python -m tests.probe_sets tests/data/probes_vals9.yml`` prints the totals (docs/quality.md, "A learned
value reader, judged leave-one-group-out")."""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("vals9")
#: probes whose state holds a value the user changed (strict: a probe that starts passing must leave this list)
KNOWN_WRONG: dict[str, str] = {
    "zh-guitar-correction": "'周三晚上7点可以' (the assistant's offer) stays a current choice after 改成周四晚上",
}


def test_probes_vals9_load_both_languages():
    assert len(PROBES) >= 30 and {conv.lang for _, conv in PROBES} == {"en", "zh"}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_WRONG))
def test_probes_vals9_probe_keeps_no_changed_value(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["wrong"], s["wrong"]
