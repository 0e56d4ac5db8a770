"""picks17's probe set (``tests/data/probes_picks17.yml``, written before the round's rule): the user takes several
items of one list the assistant just gave, in one clause ("要底座收纳包", "报水彩入门和书法吧", "oven clean and inside
windows please"), and its negatives (a question naming two items, a clause declining both); names with details in
brackets that hold a decimal point ("（1990年产，1.98万）"); a change of an earlier choice with a pronoun before the other
option's words ("那我自助机办吧"); a single thing offered with 可以 or 的话 taken up with 吧 / 那就 ("那就按月付").

``python -m tests.probe_sets tests/data/probes_picks17.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("picks17")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "en-offered-we-can-also": "two things offered ('You can drop it …. We can also collect it …') are a list the option readers do not read, and the one-thing reader leaves lists alone",
}


def test_probes_picks17_load_both_languages():
    assert len(PROBES) >= 8 and {conv.lang for _, conv in PROBES} == {"en", "zh"}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_picks17_probe_reads_the_picks_and_no_other(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])


def _choices(turns: list[str], *, items_only: bool = False) -> list[str]:
    """The current choice values after ``turns`` (assistant first); ``items_only``: those of several items."""
    t = Tracker("zh")
    t.observe_many([{"role": "assistant" if n % 2 == 0 else "user", "content": x} for n, x in enumerate(turns)])
    return [f.value for f in t.state().facts if f.status == "current" and f.key.startswith("choice_")
            and (not items_only or f.key.endswith("_items"))]


@pytest.mark.parametrize(("turns", "kept", "left"), [
    # a one-pick of one list and several items of another, in one message: both kept
    (["打印机有两个型号：家用款每台899元，办公款每台1599元。耗材另买：黑色墨盒89元、彩色墨盒129元、相纸49元。",
      "办公款 耗材要黑色彩色两个墨盒"], ["办公款", "黑色彩色"], []),
    # one item named: the one-pick readers' business, no list of several
    (["口味有香草、抹茶、巧克力、芒果。", "抹茶吧"], [], ["抹茶"]),
    # items named in a clause that supposes or fears: none taken
    (["口味有香草、抹茶、巧克力、芒果。", "抹茶芒果怕孩子不爱吃"], [], ["抹茶"]),
])
def test_several_items_of_one_list_taken_in_one_clause(turns, kept, left):
    values = _choices(turns, items_only=not kept)
    assert all(any(k in v for v in values) for k in kept), values
    assert not any(x in v for x in left for v in values), values
