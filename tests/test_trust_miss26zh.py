"""Trust tests of the miss26zh lane (issue 19, blind24 round): Chinese values the user gives that the state missed."""

from ctxgraph import Tracker
from tests.test_graph import bot, user


def _current(lang, messages, today=None):
    t = Tracker(lang, today=today) if today else Tracker(lang)
    t.observe_many(messages)
    return [(f.key, f.value) for f in t.state().facts if f.status == "current"]


# --- a clock in Chinese numerals after a date's part of the day -------------------------------------------------


def test_zh_clock_in_chinese_numerals_after_a_dated_part_of_day_is_kept():
    """"9月17号下午两点": the date took 下午 and the clock 两点 was lost; now the date is 9月17号, the time 下午两点."""
    facts = _current("zh", [user("年会10月8号下午三点开始，大概两个小时"), bot("好的，10月8号下午三点。")])
    assert ("time", "下午三点") in facts
    assert ("date", "10月8号") in facts


def test_zh_dated_part_of_day_without_a_clock_stays_the_dates():
    facts = _current("zh", [user("10月8号下午两个人过来"), bot("好的。")])
    assert ("date", "10月8号下午") in facts


def test_en_dated_afternoon_clock_unchanged():
    facts = _current("en", [user("The launch is on October 8 at 3pm, about two hours."), bot("Noted.")])
    assert any(k == "time" and "3pm" in v for k, v in facts)



def test_zh_clock_parted_from_its_part_of_day_by_a_space_is_kept():
    """"中午 十二点开席": the bare clock needs a word after it (开席 is none of them) and the part of the day was apart."""
    facts = _current("zh", [user("下个月8号办寿宴 中午 十二点开席"), bot("好的。")])
    assert any(k == "time" and "十二点" in v for k, v in facts)


def test_zh_clock_range_avoided_after_a_space_stays_no_time():
    facts = _current("zh", [user("上课时间要避开中午 十二点到两点 她要睡午觉"), bot("好的。")])
    assert not any(k == "time" for k, _ in facts)

# --- a bare count the user orders: "要二十五桌", "那就4所", "咁就两部" ----------------------------------------------


def test_zh_bare_count_ordered_is_kept():
    facts = _current("zh", [user("老爷子八十大寿 想办几桌"), bot("好的，请问哪天？"),
                            user("下个月6号 中午。哦 亲戚多 要十八桌 别搞少了"), bot("好的，十八桌。")])
    assert ("桌", "十八桌") in facts


def test_zh_later_bare_count_replaces_the_answered_one():
    facts = _current("zh", [user("想订包间吃饭"), bot("好的，请问要几间？"), user("两间"),
                            bot("好的。"), user("人多了 那就要三间")])
    counted = [(k, v) for k, v in facts if v.endswith("间")]
    assert counted and counted[-1][1] == "三间" and not any(v == "两间" for _, v in counted)


def test_zh_last_bare_count_of_a_message_wins():
    facts = _current("zh", [user("想申请澳洲的学校"), bot("您打算申请几所？"),
                            user("钱不够 就两所。哦对 我妈说再加一个保底 那就3所")])
    assert ("所", "3所") in facts and ("所", "两所") not in facts


def test_zh_count_asked_or_named_before_the_verb_is_no_bare_order():
    facts = _current("zh", [user("要两桌吗？"), bot("可以的。")])
    assert not any(k == "桌" for k, _ in facts)
    facts = _current("zh", [user("化肥整50袋 种子也整两袋"), bot("好的。")])
    assert not any(k == "袋" for k, _ in facts)


def test_en_bare_count_unchanged():
    """English counts are the counts step's, read with their noun ("2 tables"): a bare "make it 3" moves them."""
    facts = _current("en", [user("we'd like to book 2 tables for saturday"), bot("Sure."), user("actually make it 3 tables")])
    assert any(v == "3 tables" for _, v in facts)


# --- a name answering the assistant's question about another person's name ----------------------------------------


def test_zh_colleagues_name_asked_does_not_replace_the_users_name():
    facts = _current("zh", [user("想咨询一下欠薪的事"), bot("请留一下您的姓名和电话。"), user("赵大勇，电话13912345678。"),
                            bot("好的。"), user("我还有个同事也被拖了，能一起来吗？"), bot("可以一起来。他叫什么？"),
                            user("王海涛，他拖了两个月")])
    assert ("name", "赵大勇") in facts and ("person", "王海涛") in facts


def test_zh_childs_name_asked_is_the_childs():
    facts = _current("zh", [user("我叫周敏，想给孩子报个美术班"), bot("好的。孩子叫什么名字？"), user("叫林一一 今年六岁")])
    assert ("name", "周敏") in facts and ("person_孩子", "林一一") in facts


def test_zh_own_name_asked_beside_the_childs_stays_the_users():
    facts = _current("zh", [user("想给孩子报个美术班"), bot("好的。孩子叫什么名字？家长怎么称呼？"),
                            user("孩子叫林一一，我是她妈妈周敏，电话13811112222")])
    assert ("name", "周敏") in facts


def test_en_asked_other_name_keeps_the_users_name():
    facts = _current("en", [user("I'm Dana Hill, booking swim lessons for my son"), bot("Lovely. What's his name?"),
                            user("Oscar, he's 6")])
    assert ("name", "Dana Hill") in facts and ("person", "Oscar") in facts


def test_en_lead_passengers_name_is_still_the_users():
    """"the lead passenger's name" names no one else: the reply is the user's own name, as before."""
    facts = _current("en", [user("I'd like to book the river cruise for me and my wife"), bot("Lovely. May I take the lead passenger's name?"),
                            user("Mr Robert Hale.")])
    assert any(k == "name" and "Robert Hale" in v for k, v in facts)


# --- a wanted attribute that ends its sentence with a full stop ------------------------------------------------------


def test_zh_wanted_attribute_before_a_full_stop_is_kept():
    """"第二款吧，要黑色的。周六送过来": the last part of a sentence keeps its 。 and "要X的" was read only at the end."""
    facts = _current("zh", [user("想买个电动车头盔"), bot("好的。"), user("尺码就选L，要黑色的。周六送过来")])
    assert any(v == "黑色" for _, v in facts)


def test_zh_wanted_deed_before_a_full_stop_is_no_attribute():
    facts = _current("zh", [user("想买件羽绒服"), bot("好的。"), user("等不了那么久，过年要穿的。米色太容易脏")])
    assert not any(v == "穿" for _, v in facts)


def test_zh_childs_name_asked_first_then_the_users_own_both_stay():
    facts = _current("zh", [user("想给孩子报个美术班"), bot("好的。孩子叫什么名字？"), user("叫林一一 今年六岁"),
                            bot("好的，请问您怎么称呼？"), user("我叫周敏 电话13811112222")])
    assert ("person_孩子", "林一一") in facts and ("name", "周敏") in facts
