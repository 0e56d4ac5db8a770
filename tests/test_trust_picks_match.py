"""Picks by matching the offered options (issue 19, picks6): options said in prose, a pick by a
feature, a comparison or a paraphrase, a pick after a rejection, a yes to an offered extra; offer
lists, lead-ins and rejections never picks. Cases from tests/data/probes_picks6.yml (written
before ctxgraph was run on them) and the shapes of blind5's wrong values in other words."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from tests.picks6_probes import load, run, tracker

PROBES = {p["id"]: p for p in load()}
# the probes each mechanism reads (both languages); the rest are documented misses
READ = ["en_pottery_prose", "zh_pottery_prose", "zh_mooncake_prose_nade",               # prose lists
        "en_hearing_feature", "en_riding_feature_with", "zh_hearing_feature", "zh_riding_feature_de",  # by a feature
        "en_aquarium_compare_cheapest", "zh_aquarium_compare_cheap", "zh_studio_compare_big", "zh_balloon_compare_early",
        "en_chess_paraphrase_freq", "en_sauna_paraphrase_annual", "zh_chess_paraphrase_freq",  # a paraphrase
        "en_bouldering_lowername", "en_sewing_lowername_ithink", "zh_bouldering_name_then_clause",
        "en_weddingcar_after_reject", "zh_weddingcar_after_reject", "zh_pick_position_then_rejected_other",
        "en_funeral_extra_yes", "en_tea_extra_yes_terse", "zh_funeral_extra_yes", "zh_sewing_extra_yes_list"]


@pytest.mark.parametrize("pid", READ)
def test_trust_picks_match_reads_the_pick(pid):
    result = run(PROBES[pid])
    assert result["missed"] == [] and result["wrong"] == [], result


@pytest.mark.parametrize("pid", sorted(PROBES))
def test_trust_picks_match_never_keeps_an_option_not_taken(pid):
    """Precision on every probe: offers, lead-ins, rejected options and questions stay out."""
    assert run(PROBES[pid])["wrong"] == []


def _current(*messages, lang):
    t = tracker(lang)
    t.observe_many(list(messages))
    return [f.value for f in t.state().facts if f.status == "current"]


def a(text):
    return {"role": "assistant", "content": text}


def u(text):
    return {"role": "user", "content": text}


@pytest.mark.parametrize(("lang", "offer", "reply"), [
    pytest.param("zh", "体验课有5月6日周六上午10点，或者5月7日周日下午3点。", "先上体验课再说吧", id="zh-lead-in"),
    pytest.param("en", "Lessons available: Saturday 10am with Kate, or Sunday 2pm with Tom.", "lessons sound great, let me ask my wife", id="en-lead-in"),
])
def test_trust_picks_match_a_lead_in_word_picks_nothing(lang, offer, reply):
    assert _current(a(offer), u(reply), lang=lang) == []


def test_trust_picks_match_the_slots_asked_for_are_no_alternatives():
    values = _current(u("我要配助听器"), a("请问哪家门店、哪个城市？"), u("徐汇那家门店，上海"), lang="zh")
    assert not any("请问" in v or "哪" in v for v in values)


def test_trust_picks_match_another_things_head_noun_changes_no_choice():
    """"乔医师周六那个" after a pick among 普通推拿 / 推拿加艾灸 / 正骨（主任医师）: no 主任医师."""
    values = _current(a("推拿有：普通推拿45分钟168元，推拿加艾灸60分钟238元，以及正骨手法（主任医师）398元。您想做哪种？"),
                      u("推拿加艾灸吧"), a("女医师有乔医师和蔡医师，想约男医师还是女医师？"), u("乔医师周六那个"), lang="zh")
    assert "主任医师" not in values and any("推拿加艾灸" in v for v in values)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_trust_picks_match_a_write_listing_slots_keeps_none(lang):
    call = {"role": "assistant", "content": None, "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "book", "arguments": '{"service": "grooming"}'}}]}
    result = {"role": "tool", "tool_call_id": "c1", "content": '{"slots": ["15:30", "16:30"]}'}
    values = _current(u("book grooming saturday" if lang == "en" else "周六约洗澡"), call, result, lang=lang)
    assert not any("15:30" in v and "16:30" in v for v in values)


@pytest.mark.parametrize(("lang", "offer", "reply"), [
    pytest.param("en", "Would you like bedding packs for £15 per person?", "no we'll bring our own", id="en-no"),
    pytest.param("zh", "要不要加擦玻璃服务，每月一次加80元？", "擦玻璃不用", id="zh-declined"),
    pytest.param("en", "Would you like to make it a monthly auto top-up?", "yes", id="en-an-action-is-no-extra"),
])
def test_trust_picks_match_an_extra_declined_or_an_action_is_no_fact(lang, offer, reply):
    t = tracker(lang)
    t.observe_many([a(offer), u(reply)])
    assert [f.value for f in t.state().facts if f.status == "current" and f.name in ("extra", "choice")] == []
