"""The conditions step (miss8): what a person the service is for has, said in any message, read by the
clause's structure (a person as the subject, then has / uses / is allergic to and a noun phrase; 有 / 有点 +
a noun, 对X过敏, a part of the body 不太好 after 最近 or a person). Both languages."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from tests.test_graph import bot


def conditions(*messages, lang: str) -> list[str]:
    t = Tracker(lang)
    for m in messages:
        t.observe(m if isinstance(m, dict) else {"role": "user", "content": m})
    return [f.value for f in t.state().facts if f.status == "current" and f.key.startswith("condition")]


@pytest.mark.parametrize(("lang", "messages", "said"), [
    ("en", ["about 20 kids. chocolate fudge please, her friend has a nut allergy"], "nut allergy"),
    ("en", [bot("Anything we should know?"), "one of the kids uses a wheelchair is that ok"], "wheelchair"),
    ("en", ["booking for my mum, she's 81 and has an ingrown toenail"], "ingrown toenail"),
    ("en", ["Sofia Marquez and Ben Adeyemi. oh wait, Ben has asthma, is that a problem??"], "asthma"),
    ("en", ["Frome. she uses a walker so it needs to be step free"], "walker"),
    ("zh", ["叫豆豆。对了他有点湿疹，水温要调高一点"], "湿疹"),
    ("zh", ["算了 还是报半马吧 最近膝盖不太好"], "膝盖不太好"),
    ("zh", ["周末想去猫咖 不过我老公对猫毛过敏"], "猫毛过敏"),
    ("zh", ["孩子想学象棋 9岁 他有点多动"], "多动"),
])
def test_trust_conditions_a_persons_condition_is_read_wherever_said(lang, messages, said):
    got = conditions(*messages, lang=lang)
    assert any(said in v for v in got), got


@pytest.mark.parametrize(("lang", "messages"), [
    ("en", ["my partner has a question about the class, is it vegetarian?"]),
    ("en", ["my son has school on the 27th so back on the 26th"]),
    ("en", ["she has to be home by 6"]),
    ("en", ["my brother has 3 kids coming too"]),
    ("en", [bot("Does she have any allergies?"), "no"]),
    ("zh", ["他有时间吗 周六可以吗"]),
    ("zh", ["效果不太好 想换个方案"]),
    ("zh", ["我老公有个问题想问"]),
    ("zh", [bot("孩子有没有过敏？"), "没有"]),
])
def test_trust_conditions_light_objects_and_things_make_none(lang, messages):
    assert conditions(*messages, lang=lang) == []


def test_trust_conditions_the_person_stays_with_the_condition():
    """The value runs from the person to the noun phrase, so the state says whose condition it is."""
    assert conditions("one boy has a nut allergy so no nuts near the food", lang="en") == ["one boy has a nut allergy"]
    assert conditions("我老公对猫毛过敏", lang="zh") == ["我老公对猫毛过敏"]


def test_trust_conditions_a_later_one_is_kept_beside_the_first():
    t = Tracker("en")
    t.observe_many([{"role": "user", "content": "my son has mild asthma"},
                    {"role": "assistant", "content": "Thanks, noted."},
                    {"role": "user", "content": "oh and my daughter has a peanut allergy"}])
    facts = {f.key: f.value for f in t.state().facts if f.status == "current" and f.key.startswith("condition")}
    assert len(facts) == 2 and any("asthma" in v for v in facts.values()) and any("peanut" in v for v in facts.values())


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "my brother uses Wise for transfers"),      # a service by its name
    ("en", "our street has a noise rule after 8pm"),   # a thing, not a person
    ("zh", "周六孩子有游泳课 只能周日"),                  # an appointment had
])
def test_trust_conditions_services_things_and_appointments_make_none(lang, text):
    assert conditions(text, lang=lang) == []


@pytest.mark.parametrize(("lang", "text", "said"), [
    ("en", "any day next week but not Tuesday, he has football. Thursday ideally", None),   # what he does that day
    ("en", "he has asthma, is that ok for the saturday class?", "asthma"),                   # a condition beside a day
])
def test_trust_conditions_a_bare_noun_beside_a_day_is_an_activity(lang, text, said):
    got = conditions(text, lang=lang)
    assert (any(said in v for v in got) if said else got == []), got
