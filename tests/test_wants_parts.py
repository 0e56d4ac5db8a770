"""The want's parts (issue 19, wants10): what the user asks for in the opening, with its parts, is state.

Each behaviour in zh and en: the opening's statements beside a want, counts no other fact keeps, the opening
request said as a question, the person a zh deed is for, an opening that only asks, a bare day part that says
when, and the want's count following a change of mind."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker


def _wants(lang: str, *messages: str) -> list[str]:
    t = Tracker(lang)
    for n, text in enumerate(messages):
        t.observe({"role": "assistant" if n % 2 else "user", "content": text})
    return [f.value for f in t.state().facts if f.key.startswith("want") and f.status == "current"]


@pytest.mark.parametrize(("lang", "opening", "parts"), [
    ("en", "hi need the gutters cleared. 1930s semi, flat roof extension at the back", ["1930s semi", "flat roof extension"]),
    ("en", "want to book a pottery class for a hen do. its a rented studio flat we'd host in", ["rented studio flat"]),
    ("zh", "想做个包包护理。是LV的老花，边角磨破了", ["LV的老花", "边角磨破"]),
])
def test_wants_parts_the_openings_statements_go_with_the_want(lang, opening, parts):
    wants = _wants(lang, opening)
    assert len(wants) == 1 and all(p in wants[0] for p in parts), wants


@pytest.mark.parametrize(("lang", "opening"), [
    ("en", "I have the gold plan. I want to downgrade, I barely use it"),
    ("zh", "我买的是256G的。想换成512G的"),
])
def test_wants_parts_a_want_to_change_keeps_not_the_old_thing(lang, opening):
    wants = _wants(lang, opening)
    assert wants and not any(old in wants[0] for old in ("gold plan", "256G")), wants


@pytest.mark.parametrize(("lang", "opening", "count"), [
    ("en", "need scaffolding on the front for a roofer, terraced, 2 storeys", "2 storeys"),
    ("zh", "新家要做窗帘，两个卧室加客厅，都是落地窗", "两个卧室"),
])
def test_wants_parts_a_count_no_fact_keeps_stays_in_the_want(lang, opening, count):
    assert any(count in w for w in _wants(lang, opening))


@pytest.mark.parametrize(("lang", "opening", "thing"), [
    ("en", "hi do you hire 1920s stuff, got a gatsby party on the 31st", "gatsby party"),
    ("en", "how much for a bouncy castle for a weekend? its for a 7th birthday", "bouncy castle"),
    ("zh", "年夜饭还有包间吗 除夕晚上", "包间"),
    ("zh", "你们能租舞台灯光吗 学校文艺汇演用", "文艺汇演"),
])
def test_wants_parts_the_opening_request_said_as_a_question_is_the_want(lang, opening, thing):
    assert any(thing in w for w in _wants(lang, opening))


@pytest.mark.parametrize(("lang", "opening"), [
    ("en", "do you do henna for kids? just wondering for later in the year"),
    ("zh", "陪诊能开发票吗 先问一下"),
])
def test_wants_parts_an_opening_that_only_asks_is_no_want(lang, opening):
    assert _wants(lang, opening) == []


@pytest.mark.parametrize(("opening", "parts"), [
    ("给女儿约hpv疫苗 打九价", ["女儿", "hpv疫苗"]),
    ("给我爸妈订奶 每天早上送", ["爸妈", "订奶"]),
])
def test_wants_parts_the_person_a_zh_deed_is_for_opens_the_want(opening, parts):
    wants = _wants("zh", opening)
    assert wants and all(p in wants[0] for p in parts), wants


def test_wants_parts_a_day_part_says_when_and_is_no_greeting():
    assert any("afternoon ideally" in w for w in _wants("en", "looking to book a cocktail class for a hen do, afternoon ideally"))
    assert _wants("en", "morning, need a plumber") == ["need a plumber"]


@pytest.mark.parametrize(("lang", "messages", "old", "new"), [
    ("zh", ("想给我家柯基报个一个月的训练班", "一个月2800，也有三个月的，7200。", "算了 还是三个月的吧"), "一个月", "三个月"),
    ("zh", ("想买个轻薄本，内存要16G的", "有16G和32G两款。", "改成32G的吧"), "16G", "32G"),
    ("en", ("need 2 skips for a garden clearance", "Sure, 2 skips at £250 each.", "actually make it 3 skips"), "2 skips", "3 skips"),
])
def test_wants_parts_the_wants_count_follows_a_change_of_mind(lang, messages, old, new):
    wants = _wants(lang, *messages)
    assert wants and old not in wants[-1] and new in wants[-1], wants


def test_wants_parts_two_new_counts_drop_the_old_one():
    wants = _wants("zh", "要订15杯拿铁送到公司", "好的。", "有3个人不喝奶，改成12杯拿铁加3杯美式")
    assert wants and "15杯" not in wants[-1], wants


@pytest.mark.parametrize(("opening", "want"), [
    ("我儿子下周三前要交作业，帮他把论文打印装订一下", "我儿子要交作业"),
    ("晚上8点以后才有人在家，想约个师傅上门修热水器", "才有人在家"),
])
def test_wants_parts_a_zh_days_bound_word_is_masked_with_it(opening, want):
    """(lead19) "周三前" is the deadline's whole; the want keeps no hanging 前 / 以后 ("我儿子前要交作业")."""
    wants = _wants("zh", opening)
    assert wants and want in wants[0] and "前要" not in wants[0] and "以后才" not in wants[0], wants


@pytest.mark.parametrize(("lang", "messages", "new", "old"), [
    # (lead19) a thing of the want replaced by another, said as such: the want follows
    ("zh", ["订三盒青团，两盒蛋黄酥", "好的", "蛋黄酥不要了，换成鲜花饼"], "两盒鲜花饼", "蛋黄酥"),
    ("zh", ["想订一间标间住三晚", "好的", "把标间改成家庭房吧"], "家庭房", "标间"),
    ("en", ["I'd like to order a lemon tart for Sunday", "Sure", "can you swap the lemon tart for a pecan pie"], "pecan pie", "lemon tart"),
])
def test_wants_parts_a_thing_replaced_by_another_follows_in_the_want(lang, messages, new, old):
    wants = _wants(lang, *messages)
    assert wants and new in wants[-1] and old not in wants[-1], wants


@pytest.mark.parametrize(("lang", "messages", "kept"), [
    # asked, not said: the want keeps its thing
    ("zh", ["想订一间标间住三晚", "好的", "标间能换成家庭房吗"], "标间"),
    ("en", ["I'd like to order a lemon tart for Sunday", "Sure", "could I swap the lemon tart for a pecan pie?"], "lemon tart"),
])
def test_wants_parts_a_replacement_asked_about_changes_nothing(lang, messages, kept):
    wants = _wants(lang, *messages)
    assert wants and kept in wants[-1], wants
