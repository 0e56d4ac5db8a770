"""A new Chinese user's rough edges (issue 19, user27zh round), from chats written as real customers type them
(tests/data/user27zh/chats.yml, expectations written before running ctxgraph): a mobile said digit by digit in
Chinese characters, a clock with its minutes in Chinese numerals, a flight number right after 航班, a parcel sent
到 a city read as the courier, and a flavour picked from a list parted by 、."""

import pytest

from tests.test_trust_user26zh import _current, _facts  # (key, value, status) of every fact; a key's current values


# --- a mobile said digit by digit (voice typing writes the digits as characters)

@pytest.mark.parametrize("reply, phone", [
    ("阿姨来之前打我电话 幺三八幺二三四五六七八", "幺三八幺二三四五六七八"),
    ("一五九二二三三四四五五", "一五九二二三三四四五五"),
    ("我手机一三八 一七二零 六六四五 白天都能打通", "一三八 一七二零 六六四五"),
])
def test_a_mobile_said_in_chinese_digits_is_the_phone(reply, phone):
    facts = _facts("zh", [("user", "想约个保洁"), ("assistant", "好的，请问您的手机号是？"), ("user", reply)])
    assert _current(facts, "phone") == [phone], facts


@pytest.mark.parametrize("message", ["一共三千五百八十九万", "第一二三四五六七八九十名都有奖"])
def test_a_long_chinese_number_is_no_phone(message):
    assert not _current(_facts("zh", [("user", message)]), "phone")  # a guard: 千 / 十 part a number, no digit run


# --- a clock with its minutes in Chinese numerals, no part of the day before it

@pytest.mark.parametrize("reply, clock", [
    ("明天的航班 三点二十落地", "三点二十"),
    ("约在十点四十吧", "十点四十"),
    ("七点一刻到", "七点一刻"),
    ("一点二十吧", "一点二十"),
    ("三点二十分到门口", "三点二十分"),
])
def test_a_bare_clock_with_chinese_minutes_is_a_time(reply, clock):
    facts = _facts("zh", [("user", "帮我约个接机"), ("assistant", "好的，几点？"), ("user", reply)])
    assert clock in _current(facts, "time"), facts


@pytest.mark.parametrize("reply", ["三点二十分钟就到", "差一点二十个都没有", "有两点二十分重要"])
def test_minutes_that_are_no_clock_stay_out(reply):
    facts = _facts("zh", [("user", "你好"), ("assistant", "好的"), ("user", reply)])
    assert not [v for v in _current(facts, "time") if "点二十" in v], facts  # a duration, a count, a point


# --- a flight's or a train's number said right after its noun

@pytest.mark.parametrize("lang, message, key, code", [
    ("zh", "帮我约个接机明天下午的航班CA1234三点二十落地首都机场T3两个人", "flight", "CA1234"),
    ("zh", "航班号是 MU5137", "flight", "MU5137"),
    ("zh", "我坐的车次G1234 到南京", "train_no", "G1234"),
    ("en", "Please book an airport pickup, flight BA1234 lands at 3:20pm", "flight", "BA1234"),
    ("en", "my flight number is EZY6012", "flight", "EZY6012"),
])
def test_a_flight_number_after_its_noun_is_kept(lang, message, key, code):
    assert _current(_facts(lang, [("user", message)]), key) == [code]


def test_a_code_said_clauses_after_the_flight_is_not_its_number():
    facts = _facts("zh", [("user", "航班延误了 订单号ZX88123")])
    assert not _current(facts, "flight"), facts  # a guard: only the code right after 航班 is its number


def test_a_changed_flight_keeps_its_key():
    facts = _facts("zh", [("user", "帮我约个接机，航班是MU587"), ("user", "航班改了，改成MU589")])
    assert _current(facts, "flight") == ["MU589"], facts


# --- a parcel sent 到 a place: the place is where it goes, no courier

@pytest.mark.parametrize("lang, message, place", [
    ("zh", "寄个快递 到乌鲁木齐 大概五公斤", "乌鲁木齐"),
    ("zh", "我要寄快递去北京", "北京"),
    ("en", "Please send it by courier to London", "London"),
])
def test_a_place_a_parcel_goes_to_is_no_courier(lang, message, place):
    facts = _facts(lang, [("user", message)])
    assert place not in _current(facts, "courier"), facts
    assert _current(facts, "destination") == [place], facts


@pytest.mark.parametrize("lang, message, courier", [("zh", "快递用顺丰", "顺丰"), ("en", "courier: DHL", "DHL")])
def test_a_courier_named_after_its_word_stays(lang, message, courier):
    assert _current(_facts(lang, [("user", message)]), "courier") == [courier]  # a guard


# --- a list parted by 、 after a lead-in, then "which one?"

@pytest.mark.parametrize("offer, reply, picked", [
    ("口味有巧克力、芒果、草莓，您要哪种？", "芒果 不要太甜 老人吃", "芒果"),
    ("口味有巧克力、芒果和草莓，您要哪种？", "草莓的 不要放坚果", "草莓"),
    ("颜色有黑色、白色和蓝色，您选哪个？", "蓝色吧 黑的太闷", "蓝色"),
])
def test_a_pick_from_a_list_parted_by_dun_is_kept(offer, reply, picked):
    facts = _facts("zh", [("user", "订个生日蛋糕"), ("assistant", offer), ("user", reply)])
    assert [v for k, v, status in facts if k.startswith("choice") and status == "current" and picked in v], facts


@pytest.mark.parametrize("offer", ["需要带身份证、户口本和照片，有什么问题吗？", "我们有保洁、维修、安装，周末也上门。"])
def test_a_list_with_no_question_which_offers_nothing(offer):
    from ctxgraph.extract.options import offered_options
    assert offered_options(offer, "zh") == []  # a guard: things to bring, services named, no choice asked


@pytest.mark.parametrize("lang, messages", [
    ("zh", [("user", "寄个快递"), ("assistant", "好的，普通快递约5天，45元；特快约3天，78元。选哪个？")]),
    ("en", [("user", "I need a courier"), ("assistant", "The standard courier takes 3 days and costs £12.")]),
])
def test_how_long_a_courier_takes_is_no_courier(lang, messages):
    facts = _facts(lang, messages)
    assert not _current(facts, "courier"), facts  # a count of days says how long, as a time says when


# --- an option named by its price said in Chinese numerals

@pytest.mark.parametrize("offer, reply, price", [
    ("我们有58元套餐（30G流量）和88元套餐（60G流量加500分钟通话），您看哪个合适？", "八十八那个吧 流量不够用", "88"),
    ("我们有58元套餐（30G流量）和88元套餐（60G流量加500分钟通话），您看哪个合适？", "五十八的就行", "58"),
    ("单人间120元一晚，双人间180元一晚，您要哪种？", "一百八的吧", "180"),
])
def test_an_option_named_by_its_price_in_chinese_numerals_is_picked(offer, reply, price):
    facts = _facts("zh", [("user", "想换个套餐"), ("assistant", offer), ("user", reply)])
    assert [v for k, v, status in facts if k.startswith("choice") and status == "current" and price in v], facts


def test_a_count_in_chinese_numerals_names_no_option():
    facts = _facts("zh", [("user", "订房"), ("assistant", "单人间120元一晚，双人间180元一晚，您要哪种？"), ("user", "两个人住 还没想好")])
    assert not [k for k, v, status in facts if k.startswith("choice")], facts  # a guard: 两个 is a count


# --- a pick closed by 吧 with no mark after it (voice typing)

@pytest.mark.parametrize("offer, reply, picked", [
    ("我们有58元套餐（30G流量）和88元套餐（60G流量加500分钟通话），您看哪个合适？", "八十八那个吧流量不够用", "88"),
    ("有大厅和包间两种，您要哪种？", "包间吧有老人怕吵", "包间"),
])
def test_a_pick_closed_by_ba_before_a_remark_is_kept(offer, reply, picked):
    facts = _facts("zh", [("user", "你好"), ("assistant", offer), ("user", reply)])
    assert [v for k, v, status in facts if k.startswith("choice") and status == "current" and picked in v], facts


def test_a_bar_is_no_clause_break():
    from ctxgraph.extract.text import sub_clauses
    assert sub_clauses("晚上去酒吧喝一杯") == [(0, "晚上去酒吧喝一杯")]  # a guard: 酒吧 is a word
