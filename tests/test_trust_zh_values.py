"""Chinese values the user gives in customer-service chats (issue 19, cszh round): places jieba
splits into words, values known by their shape (an age, a length, an area), a correction that
changes another role than the one its value's type names, and a bare answer to "which one?".
The phrasings are written for these tests, not taken from a bench chat."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from tests.test_graph import bot, user


def current(*messages, lang: str = "zh") -> dict[str, str]:
    t = Tracker(lang)
    t.observe_many([user(m) if isinstance(m, str) else m for m in messages])
    return {f.key: f.value for f in t.state().facts if f.status == "current"}


@pytest.mark.parametrize(("said", "place"), [
    pytest.param("明早从杭州东站出发去宁波", "杭州东站", id="station"),
    pytest.param("快递送到北京海淀中关村", "北京海淀中关村", id="three-place-words"),
    pytest.param("帮我送到深圳福田会展中心", "深圳福田会展中心", id="centre"),
])
def test_trust_zh_values_a_place_of_several_words_is_one_value(said, place):
    assert place in current(said).values()


@pytest.mark.parametrize(("said", "key", "value"), [
    pytest.param("我儿子今年9岁，想学游泳", "age", "9岁", id="age"),
    pytest.param("窗帘要再加长20厘米", "length", "20厘米", id="length"),
    pytest.param("新房大概120平，想做个全屋保洁", "area", "120平", id="area"),
])
def test_trust_zh_values_a_value_known_by_its_shape_is_a_fact(said, key, value):
    assert current(said).get(key) == value


def test_trust_zh_values_a_later_value_of_the_same_shape_replaces_it():
    facts = current("桌腿帮我锯短5公分", "量错了，锯短6公分吧")
    assert facts.get("length") == "6公分"


def test_trust_zh_values_a_time_after_to_is_no_trip():
    """"开到晚上九点" is how long, not a trip from somewhere."""
    assert "origin" not in current("空调能不能开到九点")


def test_trust_zh_values_a_correction_keeps_a_role_its_value_does_not_fit():
    """"改成4个人" changes who comes, not the nights: "4个" has no nights' shape."""
    facts = current("订三晚，两个人", "能改成4个人吗")
    assert facts.get("nights") == "三晚"


@pytest.mark.parametrize(("listing", "reply", "chosen", "lang"), [
    pytest.param("有两种套餐：基础版每月39元，尊享版每月69元。您要哪一种？", "尊享版。另外能开发票吗", "尊享版", "zh",
                 id="zh"),
    pytest.param("We have two plans: Basic with 10GB of data, Premium with unlimited data. Which one would you like?",
                 "Premium. Also, can I pay yearly?", "Premium", "en", id="en"),
])
def test_trust_zh_values_a_bare_answer_to_which_one_picks_it(listing, reply, chosen, lang):
    facts = current(bot(listing), reply, lang=lang)
    assert any(chosen in v for k, v in facts.items() if k.startswith("choice_t"))


def test_trust_zh_values_a_question_before_which_is_no_list():
    """"您的姓名是？在哪个门店办理？": the name question lists nothing the reply could pick."""
    facts = current(bot("请问您的姓名是？在哪个门店办理？"), "姓名是钱多多，去南京西路那家")
    assert not any(k.startswith("choice_t") for k in facts)


def test_trust_zh_values_a_long_alternative_needs_an_accepting_word():
    """A sentence-long option ("a remote session today at 2pm") is not taken by a bare echo as the sentence; (en22) the
    user's own words that repeat the offer's are the pick ("remote")."""
    facts = current(bot("You can have a remote session with a technician today at 2pm, or bring it in tomorrow. Which works?"),
                    "remote is better", lang="en")
    assert not any(k.startswith("choice_t") and "technician" in str(v) for k, v in facts.items())


@pytest.mark.parametrize(("said", "things"), [
    pytest.param("要搬的东西有三台空调和一个衣柜", ["空调", "衣柜"], id="listed"),
    pytest.param("想寄两箱书和一台电脑", ["电脑"], id="one-character-noun-left-out"),
])
def test_trust_zh_values_the_things_the_user_counts_are_a_fact(said, things):
    # (counts18) one fact per thing counted, keyed count_<noun>, its value the count as said ("三台空调")
    facts = current(said)
    assert all(any(t in v for k, v in facts.items() if k == f"count_{t}") for t in things)


@pytest.mark.parametrize("said", [
    pytest.param("我们三个大人一个孩子", id="people"),
    pytest.param("大概要两个小时吧", id="time"),
    pytest.param("要几台空调？", id="question"),
])
def test_trust_zh_values_people_time_and_questions_are_no_things(said):
    assert not any(k == "things" or k.startswith("count_") for k in current(said))


def test_trust_zh_values_a_title_in_book_marks_is_a_value():
    assert "挪威的森林" in current("帮我预约一本《挪威的森林》").values()


@pytest.mark.parametrize(("said", "args", "words"), [
    pytest.param("下周三下午有空吗，想约一下", {"date": "2026-03-11"}, ["周三", "3月11"], id="zh"),
    pytest.param("Could I come in next Wednesday?", {"date": "2026-03-11"}, ["Wednesday", "March"], id="en"),
])
def test_trust_zh_values_a_booked_day_the_user_named_by_weekday_keeps_both(said, args, words):
    """The user named the day by its weekday, the tool books its ISO date: the fact says both."""
    import json

    t = Tracker("zh" if "周" in said else "en", today="2026-03-05")
    t.observe_many([user(said),
                    {"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function", "function": {
                        "name": "book_visit", "arguments": json.dumps(args)}}]},
                    {"role": "tool", "tool_call_id": "c1", "content": '{"booking": "BK-20417"}'}])
    dates = [f.value for f in t.state().facts if f.status == "current" and "2026" in f.value]
    assert dates and all(w in dates[0] for w in words)


@pytest.mark.parametrize(("question", "reply", "name"), [
    pytest.param("请问手机号是？", "13912345678，我是她爸爸高翔", "高翔", id="parent-introduces-self"),
    pytest.param("请提供签约人的姓名。", "邓凯文，13823371905", "邓凯文", id="surname-and-known-word"),
])
def test_trust_zh_values_the_users_name(question, reply, name):
    assert current(bot(question), reply).get("name") == name


def test_trust_zh_values_another_persons_phone_the_assistant_gives_is_not_the_users():
    facts = current(bot("已安排刘师傅上门，师傅电话13711112222，预计半小时到。"), "好的，我电话13899990000")
    assert "13711112222" not in facts.values() and "13899990000" in facts.values()


@pytest.mark.parametrize(("said", "part"), [
    pytest.param("热水器打不着火，一直响", "热水器打不着", id="cannot"),
    pytest.param("卫生间的水管漏水了", "水管漏水", id="leak"),
    pytest.param("我的车钥匙被锁在车里了", "被锁在车里了", id="mishap"),
])
def test_trust_zh_values_the_problem_described_is_a_fact(said, part):
    assert part in current(said).get("problem", "")


@pytest.mark.parametrize("said", [
    pytest.param("我老公吃不了辣", id="a-person-cannot"),
    pytest.param("周末去不了，改下周吧", id="cannot-go"),
    pytest.param("签字确认前不动工", id="a-rule"),
])
def test_trust_zh_values_what_a_person_cannot_do_is_no_problem(said):
    assert "problem" not in current(said)


@pytest.mark.parametrize(("said", "plate"), [
    pytest.param("车牌苏E·88K21，麻烦登记一下", "苏E·88K21", id="with-dot"),
    pytest.param("我的车是京AD66321，新能源", "京AD66321", id="new-energy"),
])
def test_trust_zh_values_a_number_plate_is_a_fact(said, plate):
    assert current(said).get("plate") == plate


def test_trust_zh_values_a_dispatch_is_a_write_and_the_workers_phone_is_not_the_users():
    """dispatch / enrol / sign change something: what they were asked to do is settled; a contact
    field of another party ("worker_phone") and a status word ("sent") are no facts."""
    import json

    t = Tracker("zh")
    t.observe_many([
        user("空调不制冷了，地址滨江区江南大道1200号3幢1501"),
        {"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function", "function": {
            "name": "dispatch_worker", "arguments": json.dumps({"worker": "钱师傅", "service": "空调维修"}, ensure_ascii=False)}}]},
        {"role": "tool", "tool_call_id": "c1", "content": json.dumps(
            {"ticket": "WX-88213", "worker_phone": "13600001111", "sms": "sent"}, ensure_ascii=False)}])
    values = {f.value for f in t.state().facts if f.status == "current"}
    assert {"钱师傅", "空调维修"} <= values
    assert "13600001111" not in values and "sent" not in values


@pytest.mark.parametrize(("said", "addresses"), [
    pytest.param("地址是拱墅区朝晖新村西区5幢2单元302", ["朝晖新村西区5幢2单元302"], id="estate-and-its-part"),
    pytest.param("从海淀区学院路20号搬到昌平区回龙观东大街8号", ["学院路20号", "回龙观东大街8号"], id="from-and-to"),
])
def test_trust_zh_values_an_address_is_read_whole(said, addresses):
    values = " | ".join(current(said).values())
    assert all(a in values for a in addresses) and "从" not in values


@pytest.mark.parametrize(("listing", "lang", "neither"), [
    pytest.param("您绑定了两张卡：建设银行尾号1234，农业银行尾号5678。退到哪张？", "zh", ("1234", "5678"), id="zh"),
    pytest.param("We have two numbers on file: 415-555-0101 and 415-555-0199. Which should we text?", "en",
                 ("415-555-0101", "415-555-0199"), id="en"),
])
def test_trust_zh_values_two_values_the_assistant_lists_are_choices_not_facts(listing, lang, neither):
    values = set(current(bot(listing), lang=lang).values())
    assert not values & set(neither)
