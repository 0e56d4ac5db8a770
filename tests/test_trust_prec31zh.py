"""(prec31zh) Chinese facts no annotator wrote: cuts jieba makes of a person's name or a road's name.

Chats written for these tests. jieba knows many given names as places (长海, 永康, 桂兰 are towns to its dictionary) and
many roads' last words as places of their own (中路, 南路, 新村): a reader that keeps its place tag keeps a piece of a
person's name as a place, or a bare "中路" for the road the user named. A place said alone stays a place.
"""

from __future__ import annotations

import pytest

from tests.test_trust_values import bot, facts_of


def _places(facts: dict[str, str]) -> list[str]:
    return [v for k, v in facts.items() if k == "place" or k.endswith("所在地")]


@pytest.mark.parametrize("text", [
    pytest.param("司机是冼永康，电话13800001234", id="surname-then-place-word"),
    pytest.param("收货人写我舅，孙长海，电话13911112222", id="name-said-alone"),
])
def test_zh_a_given_name_jieba_knows_as_a_place_is_no_place(text):
    assert not any("长海" in v or "永康" in v for v in _places(facts_of(text, lang="zh")))


def test_zh_the_same_word_said_as_a_place_stays():
    assert "永康" in _places(facts_of("我们厂在永康，想订一批五金", lang="zh"))


@pytest.mark.parametrize(("text", "whole"), [
    pytest.param("寄到南宁市青秀区汇丽中路 收件人我", "汇丽中路", id="middle-road"),
    pytest.param("在郑州金水区金丽南路那边", "金丽南路", id="south-road"),
    pytest.param("工地在天河区车陂路 靠地铁口", "车陂路", id="unknown-character"),
])
def test_zh_a_roads_last_word_is_read_with_the_name_before_it(text, whole):
    places = _places(facts_of(text, lang="zh"))
    assert any(whole in v for v in places)
    assert not any(v in ("中路", "南路") or v.endswith(", 南路") or v.endswith("车") for v in places)


@pytest.mark.parametrize(("text", "address"), [
    pytest.param("送到朝阳区和平街8号，姓吴，吴阿姨就行，电话13800002222", "吴阿姨", id="title-after-comma"),
    pytest.param("我姓彭，你们叫我彭老师好了，手机13900003333", "彭老师", id="call-me"),
])
def test_zh_a_surname_with_the_form_of_address_the_user_adds(text, address):
    """(prec31zh) "姓吴，吴阿姨": the name keeps how the user asks to be called, not the surname alone."""
    facts = facts_of(text, lang="zh")
    assert address in facts.get("name", "") and facts["name"].startswith("姓")


def test_zh_a_surname_said_alone_stays_as_it_is():
    assert facts_of("我姓吴 电话13800002222", lang="zh").get("name") == "姓吴"


@pytest.mark.parametrize(("text", "unfit", "kept"), [
    pytest.param("晚上7点我经常加班 周六上午那个吧", "7点", "周六上午", id="time-overtime"),
    pytest.param("下午两点俺们都不在家 礼拜天那个吧", "两点", "礼拜天", id="time-away"),
])
def test_zh_a_time_said_busy_in_its_own_clause_is_no_value(text, unfit, kept):
    """(prec31zh) "晚上8点我经常加班": who is busy or away then, right after the value, says it does not suit."""
    values = " ".join(facts_of(text, lang="zh").values())
    assert unfit not in values and kept in values


def test_zh_a_time_the_user_is_home_at_stays():
    assert "周六上午" in " ".join(facts_of("周六上午我在家，过来吧", lang="zh").values())


def _kin(facts: dict[str, str]) -> list[str]:
    return [k for k in facts if k.startswith("person_")]


@pytest.mark.parametrize("text", [
    pytest.param("周末班吧 他爸说报个便宜点的就行", id="his-dad-says"),
    pytest.param("孩子她妈刚讲蓝色也行 那就蓝色", id="her-mum-said"),
])
def test_zh_another_persons_relation_said_only_as_a_remarks_source_is_no_party(text):
    """(prec31zh) "孩子他妈说双名也行": the person only says something; nobody the service is for or with."""
    assert _kin(facts_of(text, lang="zh")) == []


def test_zh_the_same_relation_acting_in_what_is_said_stays():
    assert _kin(facts_of("她爸说周六下午他来接她", lang="zh")) == ["person_爸"]


@pytest.mark.parametrize(("text", "deadline"), [
    pytest.param("九月底之前一定要装好，十月要开业", "九月底之前", id="month-in-words"),
    pytest.param("材料11月底前要交齐", "11月底前", id="month-in-digits"),
])
def test_zh_the_end_of_a_named_month_keeps_its_month(text, deadline):
    """(prec31zh) "四月底之前": the deadline is the end of that month, not "月底之前" of any month."""
    assert facts_of(text, lang="zh").get("deadline") == deadline


def test_zh_a_class_named_by_its_day_is_read_whole():
    """(prec31zh) "周末班吧": the class the user picks, not the bare day 周末."""
    values = list(facts_of("周末班吧 平时晚上孩子要上网课", lang="zh").values())
    assert "周末班" in values and "周末" not in values


def test_zh_a_day_before_a_bus_stays_a_day():
    assert "周末班车" not in " ".join(facts_of("周末有班车吗 我周六去", lang="zh").values())


@pytest.mark.parametrize(("offer", "reply"), [
    pytest.param("需要我帮您约一下安装时间吗？", "要的", id="me-for-you"),
    pytest.param("要不要现在帮您办一下登记？", "好的 麻烦了", id="now-for-you"),
])
def test_zh_a_yes_to_the_assistants_own_deed_is_no_extra(offer, reply):
    """(prec31zh) "需要我帮您预约兑奖时间吗？" - "要得": the assistant offers to act, the user adds no thing."""
    facts = facts_of(bot(offer), reply, lang="zh")
    assert not [k for k in facts if k.startswith("extra")]


def test_zh_a_yes_to_an_offered_thing_stays_an_extra():
    facts = facts_of(bot("需要加一份挽联吗？手写挽联加60元。"), "要的", lang="zh")
    assert [v for k, v in facts.items() if k.startswith("extra")] == ["一份挽联"]


def test_zh_a_measure_with_its_tenths_after_the_unit_is_not_cut():
    """(prec31zh) "层高2米9": the height is 2米9; "2米" is no length of its own."""
    facts = facts_of("客厅层高2米9 吊灯要挂多长的", lang="zh")
    assert "2米9" in facts.values() and "2米" not in facts.values()


def test_zh_the_same_head_said_elsewhere_as_its_own_measure_stays():
    assert "2米" in " ".join(facts_of("宽2米，层高2米9", lang="zh").values())


@pytest.mark.parametrize(("text", "not_courier"), [
    pytest.param("快递不要用中通，上回丢过件", "中通", id="refused"),
    pytest.param("包裹还在快递路上 万一周六到不了怎么办", "万一", id="word-in-a-phrase"),
    pytest.param("我们物流公司 二十台车 要办油卡", "二十台", id="compound"),
])
def test_zh_a_mention_after_other_words_is_no_free_slots_value(text, not_courier):
    """(prec31zh) "快递别用中通", "快递路上 万一…": words between the slot word and the mention say it is no courier."""
    assert facts_of(text, lang="zh").get("courier") != not_courier


def test_zh_a_courier_said_right_after_its_word_stays():
    assert facts_of("快递用顺丰，周五前寄出", lang="zh").get("courier") == "顺丰"
