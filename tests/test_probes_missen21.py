"""missen21's probe set (``tests/data/probes_missen21.yml``): a slot offered as a window with am/pm only at its end
("7-9am"), picked by a part of the day, with a pick dropped in the same message for another; a window across noon
("11-1pm"), an evening window and a second pick of another slot ("2pm please, and thursday for the bags") as
controls; a name the NER does not know opening the reply to a question for a name; a yes to the one thing a yes/no
question offers, named in the user's words (a no and a question about it as controls).

``python -m tests.probe_sets tests/data/probes_missen21.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("missen21")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {}


def test_probes_missen21_load():
    assert len(PROBES) >= 4 and {conv.lang for _, conv in PROBES} == {"en"}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_missen21_probe_reads_the_value_and_no_other(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])


@pytest.mark.parametrize("reply", ["Same As Before, 07700 900789", "Yes Please, 07700 900789"])
def test_probes_missen21_opening_words_no_name_control(reply):
    """A reply opening with capitalised common words, after a name was asked for, gives no name."""
    from ctxgraph import Tracker

    t = Tracker("en", today="2026-05-04")
    t.observe_many([{"role": "user", "content": "need a skip delivered"},
                    {"role": "assistant", "content": "We can drop it tomorrow. What name and number shall I put down?"},
                    {"role": "user", "content": reply}])
    assert not [f.value for f in t.state().facts if f.key in ("name", "person") and f.status == "current"]
