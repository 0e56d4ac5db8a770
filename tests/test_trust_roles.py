"""Values with roles (issue 19): the user's values become facts keyed by the role they play;
constraints and promises follow the facts; the new user's probes."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from ctxgraph._errors import RulesError
from ctxgraph.extract.compiled import compiled_packs
from tests.test_graph import bot, call, result, user


def tracked(*messages, lang: str) -> Tracker:
    t = Tracker(lang, today="2026-06-02")
    t.observe_many([user(m) if isinstance(m, str) else m for m in messages])
    return t


def current(*messages, lang: str) -> dict[str, str]:
    return {f.key: f.value for f in tracked(*messages, lang=lang).state().facts if f.status == "current"}


# ----------------------------------------------------------------------------- roles


@pytest.mark.parametrize(("lang", "messages", "expected"), [
    pytest.param("en", ["I'm flying from Denver to Boston"], {"origin": "Denver", "destination": "Boston"}, id="en-from-to"),
    pytest.param("zh", ["我要从成都去西安"], {"origin": "成都", "destination": "西安"}, id="zh-from-to"),
    pytest.param("en", [bot("What's the patient's full name?"), "Ethan Morales"], {"patient": "Ethan Morales"},
                 id="en-asked-patient"),
    pytest.param("zh", [bot("请提供就诊人的姓名。"), "赵秀兰"], {"patient": "赵秀兰"}, id="zh-asked-patient"),
    pytest.param("en", ["check in oct 27, out oct 30"], {"checkin": "oct 27", "checkout": "oct 30"}, id="en-stay"),
    pytest.param("en", ["a table for the 4 of us at 7:30pm"], {"time": "7:30pm"}, id="en-time"),
])
def test_trust_roles_a_value_is_keyed_by_its_role(lang, messages, expected):
    facts = current(*messages, lang=lang)
    assert {k: facts.get(k) for k in expected} == expected


@pytest.mark.parametrize(("lang", "messages", "expected", "not_keys"), [
    # "with" alone names no companion: the doctor one sees is no traveller
    pytest.param("en", ["10:40 with Dr Cho works"], {"person": "Dr Cho"}, {"traveller"}, id="en-with-the-doctor"),
    pytest.param("en", [bot("Any additional drivers?"), "Sam Ortiz"], {"traveller": "Sam Ortiz"}, set(), id="en-second-driver"),
    # a child's name the assistant asks for is a person of the family, neither the patient nor the user
    pytest.param("zh", [bot("先填子女教育：孩子叫什么名字？"), "一个孩子，陈可心，小学三年级。我跟我老婆一人扣50%"], {"person": "陈可心"},
                 {"patient", "name"}, id="zh-childs-name"),
])
def test_trust_roles_general_cues_only(lang, messages, expected, not_keys):
    facts = current(*messages, lang=lang)
    assert {k: facts.get(k) for k in expected} == expected
    assert not not_keys & set(facts)


def test_trust_roles_a_reference_point_is_no_pick_of_the_offer():
    """"在八达岭长城周边的景点里找": the name is where to look (``near``, in the domain sought),
    not the offered attraction taken; a trip's ends ("从X打车到Y") take no offer either."""
    t = Tracker("zh", packs=["booking"])
    t.observe_many([bot("推荐您去八达岭长城游玩。"), user("请在八达岭长城周边的景点给我推荐一个门票免费的景点。"),
                    bot("周边酒店有北京京仪大酒店和北京天伦王朝酒店。"), user("我想从八达岭长城打车到北京京仪大酒店。")])
    facts = {(f.key, f.value): f.status for f in t.state().facts}
    assert facts[("attraction.near", "八达岭长城")] == "current"
    assert facts[("attraction.venue", "八达岭长城")] == "offered"
    assert facts[("hotel.venue", "北京京仪大酒店")] == "offered"
    assert facts[("taxi.departure", "八达岭长城")] == facts[("taxi.destination", "北京京仪大酒店")] == "current"


def test_trust_roles_a_reference_point_in_a_question_states_nothing():
    facts = current("颐和园周边有什么景点吗？", lang="zh")
    assert "near" not in facts


@pytest.mark.parametrize(("lang", "messages", "key", "value", "old"), [
    pytest.param("en", ["I'm flying to Boston", "actually, flying to Chicago"], "destination", "Chicago", "Boston",
                 id="en-later-destination"),
    pytest.param("zh", ["我想去西安", "还是去南京吧"], "destination", "南京", "西安", id="zh-later-destination"),
    pytest.param("en", ["I'll arrive at 10:30am", "make it 11:15am"], "time", "11:15am", "10:30am", id="en-later-time"),
])
def test_trust_roles_a_later_value_of_the_role_supersedes(lang, messages, key, value, old):
    facts = tracked(*messages, lang=lang).state().facts
    assert [f.value for f in facts if f.key == key and f.status == "current"] == [value]
    assert [f.value for f in facts if f.key == key and f.status == "superseded"] == [old]


@pytest.mark.parametrize(("lang", "messages"), [
    pytest.param("en", ["Do you deliver on Sundays?"], id="en-service-question"),  # the new user's probe
    pytest.param("zh", ["你们周日送货吗？"], id="zh-service-question"),
    pytest.param("zh", ["我昨天下的单，明天能到吗"], id="zh-question-without-mark"),
    pytest.param("en", [bot("I can do 18:05 or 19:30 to Boston.")], id="en-assistant-values"),
    pytest.param("en", ["nothing before 9am please"], id="en-rule-holds-the-time"),
])
def test_trust_roles_questions_rules_and_the_assistants_values_state_nothing(lang, messages):
    assert current(*messages, lang=lang) == {}


def test_trust_roles_a_bare_name_is_no_person_by_type_alone():
    # the pipeline takes capitalised words for names; a person by type alone needs a first and a last name
    assert "person" not in current("Wise sent me a code", lang="en")


# ----------------------------------------------------------------------------- the new user's probes


@pytest.mark.parametrize(("lang", "text", "value"), [
    pytest.param("en", "I'd rather have a refund", "refund", id="en"),
    pytest.param("zh", "我还是想退款吧", "退款", id="zh"),
])
def test_trust_roles_a_wish_between_remedies_is_what_the_user_wants(lang, text, value):
    t = tracked(bot("I can send a replacement or refund you." if lang == "en" else "可以补发或者退款。"), text, lang=lang)
    state = t.state()
    assert [c.text for c in state.constraints if c.polarity == "prefer"] == []
    assert {f.key: f.value for f in state.facts if f.status == "current"}.get("request") == value


def test_trust_roles_an_id_after_an_id_word_is_not_an_offered_item():
    facts = tracked(bot("Refund RF-20931 and return label RL-3391 are created."), lang="en").state().facts
    assert [f.value for f in facts if f.status == "offered"] == []
    # a model number the assistant lists is still an option
    facts = tracked(bot("We have the WH-1000XM5 and the WF-1000XM4."), lang="en").state().facts
    assert sorted(f.value for f in facts if f.status == "offered") == ["WF-1000XM4", "WH-1000XM5"]


# ----------------------------------------------------------------------------- constraints and promises


@pytest.mark.parametrize(("lang", "messages", "lifted", "active"), [
    pytest.param("en", ["My budget is $500, it must be under $500 a night.", "Actually make the budget $800."],
                 "under $500", "under $800", id="en"),
    pytest.param("zh", ["预算500元，必须500元以内", "预算改成800"], "500元以内", "800元以内", id="zh"),
])
def test_trust_roles_a_constraint_follows_the_value_it_states(lang, messages, lifted, active):
    constraints = tracked(*messages, lang=lang).state().constraints
    assert any(lifted in c.text and c.status == "lifted" for c in constraints)
    assert any(active in c.text and c.status == "active" for c in constraints)


def test_trust_roles_a_tool_that_does_the_promised_deed_keeps_the_promise():
    t = tracked(bot("Booked. I'll text the intake form to 312-555-0164."), "send it to 312-555-0199 instead",
                call("c1", "send_sms", {"to": "312-555-0199", "template": "intake_form"}), result("c1", {"sent": True}),
                lang="en")
    assert [c.status for c in t.state().commitments] == ["done"]


def test_trust_roles_a_tool_that_only_shares_an_address_keeps_no_promise():
    t = tracked(bot("I'll email you a reminder at tash@yahoo.com when they're live."), "use tash@gmail.com",
                call("c1", "update_customer", {"email": "tash@gmail.com"}), result("c1", {"ok": True}), lang="en")
    assert [c.status for c in t.state().commitments] == ["open"]


# ----------------------------------------------------------------------------- rule data


def test_trust_roles_a_role_for_an_unknown_slot_is_a_coded_error(tmp_path):
    (tmp_path / "roles.yml").write_text("roles:\n  - {slot: nowhere, labels: [DATE], before: ['on']}\n", encoding="utf-8")
    with pytest.raises(RulesError, match=r"\[E072\].*'nowhere'"):
        compiled_packs((str(tmp_path),), ())


def test_trust_roles_a_pack_switches_a_role_off(tmp_path):
    (tmp_path / "off.yml").write_text("disable:\n  roles: [origin]\n", encoding="utf-8")
    t = Tracker("en", rules=[tmp_path])
    t.observe(user("I'm flying from Denver to Boston"))
    assert "origin" not in {f.key for f in t.state().facts}


def test_trust_roles_binds_the_value_taggers_spans(monkeypatch):
    # the learned tagger (ctxgraph.models, another branch) yields (start, end, slot type); a
    # stand-in with the same contract: "King Deluxe" is a room type no NER knows
    from ctxgraph.extract import roles

    def tagger(text):
        i = text.find("King Deluxe")
        return [(i, i + len("King Deluxe"), "room_type")] if i >= 0 else []

    monkeypatch.setattr(roles, "value_tagger", lambda lang: tagger)  # English packs turn it on
    facts = current("I'd like the King Deluxe, check in oct 27", lang="en")
    assert facts.get("room_type") == "King Deluxe" and facts.get("checkin") == "oct 27"
    assert current("Do you have a King Deluxe?", lang="en") == {}  # asked about, not wished for


def _current(*messages) -> dict[str, str]:
    t = Tracker("en")
    t.observe_many([user(m) if isinstance(m, str) else m for m in messages])
    return {f.key: f.value for f in t.state().facts if f.status == "current"}


@pytest.mark.parametrize(("messages", "name"), [
    pytest.param((bot("Lovely. Can I take a name for the booking?"), "Tamsin Eriksdottir, 07802 114 659"), "Tamsin Eriksdottir",
                 id="asked-for-a-name"),
    pytest.param(("Account under surname McAllister please",), "McAllister", id="after-surname"),
])
def test_trust_roles_a_name_the_ner_took_for_an_organisation(messages, name):
    """A person's name the NER labels ORG is the user's name right after a word that names a name,
    or when the assistant asked for one; a UK mobile written 5-3-3 is a phone."""
    facts = _current(*messages)
    assert facts.get("name") == name, facts
    if "07802" in messages[-1]:
        assert facts.get("phone") == "07802 114 659"


def test_trust_roles_an_organisation_with_no_name_cue_is_no_name():
    assert "name" not in _current("I bank with Barclays and shop at Tesco")
