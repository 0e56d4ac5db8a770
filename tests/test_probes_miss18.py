"""miss18's probe set (``tests/data/probes_miss18.yml``, written before the rule): a zh pick said by repeating a word of
what the assistant just named before 那个 / 那班 / 那趟 ("暑假那个吧", "5号那趟吧", "就莫干山路那个"), where the assistant
named the things in prose the option readers do not split; and its negatives (asked, declined, a word the assistant
did not say, a bare pronoun). Domains no cs set covers, each scored the way ``ctxgraph bench cs`` scores a chat; plus
the behaviour the rule adds.

``python -m tests.probe_sets tests/data/probes_miss18.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import json

import pytest

from ctxgraph import Tracker
from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("miss18")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "zh-echo-single-shop": "莫干山路那个: the place fact of the same message holds 莫干山路, so the echoed pick stays out "
                           "(a pick beside a fact another step keeps is left behind when that fact changes)",
}


def test_probes_miss18_load():
    assert len(PROBES) >= 12 and {conv.lang for _, conv in PROBES} == {"zh"}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_miss18_probe_reads_the_value(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])


def _choices(messages: list[dict]) -> list[tuple[str, str]]:
    t = Tracker("zh", today="2026-03-09")
    t.observe_many(messages)
    return [(f.value, f.status) for f in t.state().facts if f.key.startswith("choice_t")]


_OFFER = "本市5月有两个考点：江城师范大学考点（5月15日）和洪山区语委考点（5月22日），费用都是50元。"


def _call(**args) -> list[dict]:
    return [{"role": "assistant", "content": None, "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "register", "arguments": json.dumps(args, ensure_ascii=False)}}]},
            {"role": "tool", "tool_call_id": "c1", "content": json.dumps({"ticket": "PSC-88"})}]


@pytest.mark.parametrize(("said", "value"), [
    ("师范大学那个吧", "师范大学那个 (师范大学考点)"),
    ("好，就师范那个", "师范那个 (师范大学考点)"),
])
def test_echoed_pick_keeps_the_users_words_and_the_offers_name(said, value):
    assert _choices([{"role": "assistant", "content": _OFFER}, {"role": "user", "content": said}]) == [(value, "current")]


def test_echoed_pick_is_left_behind_by_a_call_naming_another_thing_of_the_offer():
    said = [{"role": "assistant", "content": _OFFER}, {"role": "user", "content": "师范大学那个吧"}]
    assert _choices(said + _call(site="洪山区语委", name="周雨桐")) == [("师范大学那个 (师范大学考点)", "retracted")]
    assert _choices(said + _call(site="江城师范大学考点", name="周雨桐")) == [("师范大学那个 (师范大学考点)", "current")]


@pytest.mark.parametrize("said", ["师范大学那个多少钱", "师范大学那个？", "师范大学那个太远了", "北大那个吧", "那个吧"])
def test_no_echoed_pick_when_asked_declined_unsaid_or_bare(said):
    assert _choices([{"role": "assistant", "content": _OFFER}, {"role": "user", "content": said}]) == []


def test_echoed_pick_is_not_taken_for_a_list_offered_again():
    """A later list whose lead-in restates the echoed pick ("好的，暑期集训走读。校区有…") offers another thing: the
    place the user names from it replaces no pick of the course."""
    chat = [{"role": "assistant", "content": "暑期集训7月10号到8月20号，全日制，6800元；另外有周末班，每周六上课，4800元。"},
            {"role": "user", "content": "暑期那个吧。午饭自己带"},
            {"role": "assistant", "content": "好的，暑期集训走读。校区有钱塘校区和余杭校区，您选哪个？"},
            {"role": "user", "content": "哪个近啊，我们住在钱塘的下沙那边"}]
    assert ("暑期那个 (暑期集训)", "current") in _choices(chat)
