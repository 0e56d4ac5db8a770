"""Values blind6 showed lost, read by the act in other words (issue 19, miss6): a name told with its
relation inside a question, "I'm his daughter, Karen", a bare name answering the assistant's question
for it, addresses with a lower-case "flat N,", other street types and an Irish Eircode, and three fixes
of the optional choose step (a lead-in that names the options, a clause opening with a question word,
"A, B or C" lists). Phrasings and domains of this file's own (canal trips, clog fitting, model boats,
泥塑, 竹编), none taken from a bench chat."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from ctxgraph.bench._cs import holds
from ctxgraph.extract import with_step
from ctxgraph.extract.choose import match
from ctxgraph.extract.options import offered_options
from tests.test_graph import bot, user


def facts(*messages, lang: str, choose: bool = False) -> dict[str, str]:
    t = Tracker(lang)
    if choose:
        t.extractor.steps[:] = with_step(t.extractor.steps, "choose")
    t.observe_many([user(m) if isinstance(m, str) else m for m in messages])
    return {f.key: f.value for f in t.state().facts if f.status == "current"}


@pytest.mark.parametrize(("messages", "key", "value"), [
    pytest.param(["Just me for the clog fitting. my husband Rory might come along so can he watch?"], "person_husband", "my husband Rory", id="relation-in-question"),
    pytest.param(["booking clog fitting for my grandad. I'm his grandson, Declan"], "name", "Declan", id="im-his-rel-name"),
    pytest.param([bot("What's your son's name and how old is he?"), "Ewan, he's 6"], "person", "Ewan", id="bare-name-someone-else"),
    pytest.param([bot("Can I take a name for the booking?"), "Harriet Lowe. I'll pay on the day"], "name", "Harriet Lowe", id="bare-name-own"),
])
def test_names_by_the_act(messages, key, value):
    found = facts(*messages, lang="en")
    assert found.get(key) == value, found


@pytest.mark.parametrize("reply", ["Yes, go ahead", "Why do you need it?", "Sorry, which booking?"])
def test_bare_name_answer_never_takes_a_word_that_is_no_name(reply):
    found = facts(bot("What's the name on the booking?"), reply, lang="en")
    assert "name" not in found and "person" not in found, found


@pytest.mark.parametrize(("text", "parts"), [
    pytest.param("flat 2, 18 Tanners Court, York YO1 7HB", ["flat 2", "18 Tanners Court", "YO1 7HB"], id="flat-lower"),
    pytest.param("deliver to 3 Juniper Rise, Wigan WN1 2AB please", ["3 Juniper Rise", "WN1 2AB"], id="rise"),
    pytest.param("it's 40 Quarry Vale, Sligo F91 K2P7", ["40 Quarry Vale", "F91 K2P7"], id="eircode"),
])
def test_addresses_whole(text, parts):
    found = facts(bot("What's the address?"), text, lang="en")
    assert "address" in found and all(holds(found["address"], p) for p in parts), found


def test_choose_lead_in_naming_the_options_does_not_hide_them():
    options = offered_options("泥塑课分室内和户外：室内课每次120元，户外课每次150元。", "zh")
    assert [o.text[:2] for o in options] == ["室内", "户外"]
    assert match("户外的", options, "zh")[0] == 1


def test_choose_list_of_short_names_before_or():
    assert [o.text for o in offered_options("For the hull we do Oak, Cedar or larch. Which one?", "en")] == ["Oak", "Cedar", "larch"]


@pytest.mark.parametrize(("lang", "offer", "reply", "never"), [
    pytest.param("zh", "竹编课有两种：单次课每次88元，月卡每月299元。", "单次的吧。有没有更便宜点的", "月卡", id="zh-asks-without-mark"),
    pytest.param("en", "Model boat hire is £15 for the small one or £25 for the big one.", "do you have anything cheaper", "£15", id="en-asks-without-mark"),
])
def test_choose_a_clause_opening_with_a_question_word_picks_nothing(lang, offer, reply, never):
    found = facts(bot(offer), reply, lang=lang, choose=True)
    assert not any(holds(v, never) for k, v in found.items() if k.startswith("choice")), found


@pytest.mark.parametrize(("messages", "parts"), [
    pytest.param([bot("Narrowboat hire is £180 a day or £95 for a half day."), "half day then, with a dog bed and the fishing kit"],
                 ["dog bed", "fishing kit"], id="after-pick"),
    pytest.param([bot("We fit clogs in ash or alder soles."), "alder is fine. with leather laces please"], ["leather laces"], id="sentence"),
])
def test_additions_things_added_to_a_choice(messages, parts):
    found = facts(*messages, lang="en")
    assert "with" in found and all(holds(found["with"], p) for p in parts), found


@pytest.mark.parametrize("reply", ["the half day, with my husband and our two boys", "half day. with that, how do we pay?",
                                   "ok, with lunch?"])
def test_additions_never_company_a_reference_or_a_question(reply):
    found = facts(bot("Narrowboat hire is £180 a day or £95 for a half day."), reply, lang="en")
    assert "with" not in found, found


@pytest.mark.parametrize(("lang", "messages", "part"), [
    pytest.param("zh", ["书房的折叠门拉不开了"], "拉不开", id="zh-cannot-do"),
    pytest.param("zh", ["暖气片开了一晚上一点也不暖和"], "不暖", id="zh-not-at-all"),
    pytest.param("zh", ["想修一下红木茶几", bot("好的，请问有没有开裂或者松动？"), "桌腿有条裂缝，抽屉推不动"], "裂缝", id="zh-answer-to-asked"),
    pytest.param("en", ["need someone for our shed door", bot("Sure. Is there any rot, or does it stick?"), "the frame is soft at the bottom and it won't shut"],
                 "won't shut", id="en-answer-to-asked"),
])
def test_problems_said_as_a_deed_undone_or_in_answer(lang, messages, part):
    found = facts(*messages, lang=lang)
    assert any(holds(v, part) for k, v in found.items() if k.startswith("problem")), found


@pytest.mark.parametrize("reply", ["周六吧，周日我赶不上", "地下的吧，太晒了受不了"])
def test_problems_never_a_reason_or_a_refusal(reply):
    found = facts(bot("安装可以约周六或者周日，地面或地下车位都有。"), reply, lang="zh")
    assert not any(k.startswith("problem") for k in found), found
