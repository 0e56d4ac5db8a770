"""cons12: rules read by the clause's structure, and look-alike lifts that keep a rule (zh and en side by side)."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker


def _rules(lang: str, turns: list[tuple[str, str]]) -> list[tuple[str, str]]:
    t = Tracker(lang)
    t.observe_many([{"role": {"u": "user", "a": "assistant"}[r], "content": text} for r, text in turns])
    return [(c.text, c.status) for c in t.state().constraints]


@pytest.mark.parametrize(("lang", "turns", "rule"), [
    # review: 算了 gives up the very thing the rule rules out, it agrees with the rule
    ("zh", [("u", "千万别放香菜 我们家都不吃"), ("a", "记下了。要不要加一份香菜拌牛肉？"), ("u", "还是多放点辣吧，香菜就算了")], "香菜"),
    ("zh", [("u", "伞面千万别换 是外婆留下的"), ("a", "好的。要不要再换个伞面套？"), ("u", "伞骨多换一根吧 伞面也算了")], "伞面"),
    # a pronoun shared with the rule names no thing
    ("en", [("u", "hi my daughter is 15, can we book"), ("a", "What's her name, and does she have any allergies we should know about?"),
            ("u", "Maisie Clarke. she's coeliac so absolutely no gluten in any meal plan. and vegetarian"), ("a", "Booked: Wednesday 4:45pm."),
            ("u", "can u move it to 5.15 or later, just realised she has training till 4.30 on weds")], "gluten"),
    # a pick said before the rule in the same message is not the rule
    ("zh", [("u", "那就漫画款 短一点的 胶水我之前过敏过 要用低敏的啊"), ("a", "好的，4月29日晚上7点半。"),
            ("u", "算了算了 漫画款还是太夸张了 我也要自然款吧")], "低敏"),
])
def test_cues_cons12_look_alike_lift_keeps_the_rule(lang, turns, rule):
    rules = _rules(lang, turns)
    assert any(rule in text and status == "active" for text, status in rules), rules


@pytest.mark.parametrize(("lang", "turns", "thing"), [
    ("zh", [("u", "别用发胶 她头皮会痒"), ("a", "好的。"), ("u", "问了老师 发胶也可以用了")], "发胶"),
    ("en", [("u", "please don't take him outside, he escaped last year"), ("a", "Noted."),
            ("u", "actually it's fine to take him outside now, we've fixed the run")], "outside"),
])
def test_cues_cons12_a_real_lift_still_lifts(lang, turns, thing):
    rules = _rules(lang, turns)
    assert any(thing in text and status == "lifted" for text, status in rules), rules


@pytest.mark.parametrize(("lang", "text"), [
    ("zh", "除了价格 其他都好"),
    ("zh", "除了颜色，别的都可以"),
    ("en", "apart from the price it all looks good"),
])
def test_cues_cons12_a_remark_on_all_but_one_is_no_rule(lang, text):
    assert _rules(lang, [("a", "四节课960元，花材都含。" if lang == "zh" else "Tastings are £30."), ("u", text)]) == []


@pytest.mark.parametrize(("lang", "text", "core"), [
    ("zh", "除了周三 哪天都可以", "周三"),
    ("en", "has to be nut free, we have a couple of kids with severe nut allergies", "nut free"),
    ("en", "its gotta be low noise, theres stables right next door", "low noise"),
    ("en", "needs to be beginner friendly, none of us have drawn since school", "beginner friendly"),
    ("en", "dont want marketing texts, only appointment stuff", "marketing"),
    ("zh", "照片能现场拍吗 我们不太想在网上传照片", "网上传照片"),
    ("zh", "我不想让邻居知道", "邻居"),
])
def test_cues_cons12_rule_by_its_structure(lang, text, core):
    rules = _rules(lang, [("a", "好的，还有别的要求吗？" if lang == "zh" else "Anything else we should know?"), ("u", text)])
    assert any(core in t and s == "active" for t, s in rules), rules


@pytest.mark.parametrize(("lang", "text"), [
    ("zh", "我不想打扰你们"),
    ("en", "ok dont want to be a pain but what time do you open"),
    ("en", "I don't want to know the price yet"),
])
def test_cues_cons12_plain_messages_make_no_rule(lang, text):
    assert _rules(lang, [("u", text)]) == []


@pytest.mark.parametrize(("lang", "role", "text", "made"), [
    # 要求 as a noun in a list of what the service explains is no rule (blind6, blind11 system prompts)
    ("zh", "system", "你是户籍业务的在线助手，可以解答新生儿落户的材料要求、预约派出所户籍窗口、查询办理进度。", False),
    ("zh", "user", "没什么要求", False),
    ("zh", "user", "我们要求师傅带鞋套", True),
    ("zh", "user", "有个要求：周末不上门", True),
    # a refused thing is a rule, the user's own deed is not (MultiWOZ)
    ("en", "user", "Don't want to kick around town that long.", False),
    ("en", "user", "dont want any calls, texts only", True),
])
def test_cues_cons12_requirement_as_a_noun_and_own_deeds(lang, role, text, made):
    t = Tracker(lang)
    t.observe({"role": role, "content": text})
    assert bool(t.state().constraints) is made, t.state().constraints


@pytest.mark.parametrize("text", ["it doesnt have to be quiet", "it doesn't need to be dog friendly"])
def test_cues_cons12_a_negated_need_sets_no_rule(text):
    t = Tracker("en")
    t.observe({"role": "user", "content": text})
    assert t.state().constraints == []
