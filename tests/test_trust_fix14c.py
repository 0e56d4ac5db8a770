"""fix14c: value mends after the fix14 review (items 10, 11): zh options joined by 和 with a count of kinds, a short
opening want kept when a later message defers, and 想想 (thinking it over) is no want. Controls must still read."""
from ctxgraph import Tracker
from ctxgraph.extract.options import offered_options

ZH_OFFER = "我们有入门班480元和进阶班880元两种，您选哪个？"


def _facts(lang, msgs):
    t = Tracker(lang)
    for m in msgs:
        t.observe(m if isinstance(m, dict) else {"role": "user", "content": m})
    return {f.key: f.value for f in t.state().facts if f.status == "current"}


def _a(text):
    return {"role": "assistant", "content": text}


def test_zh_pair_joined_by_he_with_count_of_kinds_is_listed():
    assert [o.text for o in offered_options(ZH_OFFER, "zh")] == ["入门班480元", "进阶班880元"]


def test_en_pair_joined_by_and_before_a_question_is_listed():
    opts = offered_options("We have the beginner class at £480 and the advanced at £880, which would you like?", "en")
    assert [o.measures["price"] for o in opts] == [480.0, 880.0]


def test_controls_one_price_breakdown_and_unpriced_pair_are_no_list():
    assert offered_options("后盖220元和电池149元，一共369元。", "zh") == []
    assert [o.text for o in offered_options("有两种：入门班，480元；进阶班，880元。您选哪个？", "zh")] == ["入门班，480元", "进阶班，880元"]


def test_zh_pick_of_he_joined_option():
    facts = _facts("zh", ["想学陶笛", _a(ZH_OFFER), "入门班吧"])
    assert facts.get("want") == "想学陶笛"
    assert "入门班" in facts.values() and any(k.startswith("choice") for k in facts)


def test_zh_deferral_after_short_opening_keeps_the_want():
    for last in ["入门班吧，我再想想", "入门班吧，上课时间我再跟孩子商量下", "上课时间我再跟孩子商量下", "我再想想"]:
        assert _facts("zh", ["想学陶笛", _a(ZH_OFFER), last]).get("want") == "想学陶笛", last


def test_en_deferral_keeps_the_want():
    facts = _facts("en", ["want a DJ", _a("We do a 4-hour set at £300 or a 6-hour one at £420. Which one?"),
                          "let me think it over with my wife"])
    assert facts.get("want") == "want a DJ"


def test_controls_greeting_then_want_and_thinking_word_in_a_want():
    assert _facts("zh", ["你好", "我想给儿子报个游泳课"]).get("want") == "我想给儿子报个游泳课"
    assert _facts("zh", ["在吗", "想想办法帮我修下空调"]).get("want", "") != "在吗"
    assert _facts("en", ["hi", "need a DJ for my parents' party"]).get("want", "").startswith("need a DJ")


def test_amount_alone_is_no_thing_of_a_kind_that_is_not_money():
    en = ["I'd like to book a falconry experience day for two"]
    assert "pets_coming_along" not in _facts("en", en + [_a("Any pets coming along?"), "twenty quid"])
    assert _facts("en", en + [_a("Any pets coming along?"), "one dog"]).get("pets_coming_along", "").endswith("dog")
    assert _facts("en", en + [_a("Any budget in mind?"), "about £500"]).get("budget") == "£500"
    zh = ["想订个农家乐"]
    assert not any("宠物" in k for k in _facts("zh", zh + [_a("有没有宠物一起来？"), "二十块"]))
    assert _facts("zh", zh + [_a("有没有宠物一起来？"), "一只狗"]).get("宠物一起来") == "一只狗"
    # (lead18) the question is the budget slot's now (its word is a slot's name), so the answer is that slot's
    assert _facts("zh", zh + [_a("有预算吗？"), "五千块"]).get("budget") == "五千块"
