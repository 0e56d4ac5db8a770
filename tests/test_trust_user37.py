"""A new user's rough edges the user37 lane found in its own chats (tests/data_user37, blind29 round).

- (zh, en) A correction that counts a thing of the want again changes only the count it means. When the want holds
  several counts of one word ("左眼450度右眼500度散光75度", "10 boxes of paper … 20 boxes of gloves"), the count the
  correction names as the old one ("是525度不是500", "15 boxes not 20") or the one the words before the new count name
  ("右眼改成525度", "make the paper 12 boxes") changes; every count of the word followed it before. No words that tell
  which: none changes. A unit said with the new number is not doubled ("500度" became "525度度").
- (en, zh) A count in a sentence that adds another thing ("yes the sleeves too, maybe 2 cm", "饮料也要8份") is that
  thing's, no recount of the want's ("take them up about 4 cm" became "2 cm"; "10份盒饭" became "8份").
- (zh) "改到下午吧" moves the booked day's part of the day: the day fact ("12月12号上午") follows it, its old clock
  dropped; nothing changed before. Not when asked ("能改到下午吗？") or refused ("改到下午不行"). English keeps no part
  of the day in a day's value ("Thursday morning" is held as "Thursday"), so the shape has no English side.
- (en, zh) A bare yes to the assistant's "3:50pm has opened. Move Miso there?" / "下午3点也能来，给您改到这个时间吗？"
  makes that clock the time (the old one stayed current); a no, or a yes to a question of which, moves nothing.
- (en, zh) A promise due by a weekday this week has passed ("call you by Wednesday", "周三前给您回电" said on a Saturday)
  is due the coming one (2026-12-09); it was shown due 2026-12-02, three days overdue when made.
- (en) An ordinal no month has, wished in a greeting ("yes happy 60th mom …", a card message), is no date: it was kept
  as `date: happy 60th` beside the delivery day. A day of the month ("the 12th") still is, and so is an occasion said as
  one ("for my mum's 70th", the probes' value). (Chinese says 60岁生日, no such ordinal.)
- (zh) "1月25号送过来，2月3号接": the day before a clause-ending 接 / 接回 is the pickup day (`checkout`), and "接的时间也变了，
  改成2月5号" moves it; the drop-off day was kept alone and then replaced. "12号接机" stays a plain date.
- (zh) "改成10寸的" after the pick "8寸芒果的": the bare number said with the pick's measure word right after it takes
  the word, and the rest of the pick stays ("10寸芒果的"; it was "10"). English says the unit apart ("10 inch"), read as before.
"""

from ctxgraph import Tracker


from tests.chat_state import assistant as _a, current_pairs as _current, user as _u


def _want(lang, messages):
    return [v for k, v in _current(lang, messages) if k == "want"]


# --- a correction changes the count it means, not every count of its word ---------------------------------------

def test_zh_the_named_old_degree_changes_alone():
    want = _want("zh", [_u("你好我想配一副近视眼镜左眼450度右眼500度散光都是75度镜框要黑色的"),
                        _a("好的，镜片有1.60和1.67两种。"), _u("哦对了右眼我记错了是525度不是500")])
    assert want and "左眼450度右眼525度散光都是75度" in want[0]


def test_zh_the_unit_with_the_new_number_is_not_doubled():
    facts = _current("zh", [_u("你好我想配一副近视眼镜左眼450度右眼500度"), _u("哦对了右眼我记错了是525度不是500")])
    assert ("右眼", "525度") in facts and not any(v.endswith("度度") for _, v in facts)


def test_zh_the_count_the_words_before_it_name_changes():
    want = _want("zh", [_u("新房装修要订一批瓷砖 客厅的80片 厨房的40片 报个价"),
                        _a("好的，请问要什么规格？"), _u("800乘800的 不过厨房的改成50片")])
    assert want and "客厅的80片" in want[0] and "厨房的50片" in want[0]


def test_en_the_count_the_words_before_it_name_changes():
    want = _want("en", [_u("Hi, we want a monthly order for the office. Printer paper, 10 boxes, and hand towels 20 boxes"),
                        _a("Sure, which paper weight?"), _u("80gsm. make the paper 12 boxes actually")])
    assert want and "paper, 12 boxes" in want[0] and "towels 20 boxes" in want[0]


def test_en_the_named_old_count_changes_alone():
    want = _want("en", [_u("Hi, we want a monthly order for the office. Printer paper, 10 boxes, and hand towels 20 boxes"),
                        _a("Sure, which paper weight?"), _u("sorry, 15 boxes not 20")])
    assert want and "paper, 10 boxes" in want[0] and "towels 15 boxes" in want[0]


def test_a_single_count_of_its_word_still_follows():
    want = _want("zh", [_u("修复好的照片想冲印成6寸"), _u("等下，改成7寸吧")])
    assert want == ["修复好的照片想冲印成7寸"]


# --- a move to another part of the same day ----------------------------------------------------------------------

def test_zh_a_move_to_the_afternoon_moves_the_day_booked():
    facts = _current("zh", [_u("行吧。那再约一次上门补做厨房，12月12号上午"), _a("好的，已约12月12号上午，换了张阿姨。"),
                            _u("改到下午吧，上午要送孩子")])
    assert ("date", "12月12号下午") in facts and ("date", "12月12号上午") not in facts


def test_a_part_of_the_day_refused_or_asked_moves_nothing():
    asked = _current("zh", [_u("再约一次上门补做厨房，12月12号上午"), _u("能改到下午吗？")])
    refused = _current("zh", [_u("再约一次上门补做厨房，12月12号上午"), _u("改到下午不行，下午孩子在家睡觉")])
    assert ("date", "12月12号上午") in asked and ("date", "12月12号上午") in refused


# --- a yes to the assistant's "move it there?" moves the time ---------------------------------------------------

_VET = [_u("my cat is vomiting since morning, need an appointment today"), _a("We have 5:15pm with Dr. Chen today."),
        _u("5:15 please, only a female vet"), _a("Booked for 5:15pm with Dr. Chen.")]


def _times(lang, messages):
    return [v for k, v in _current(lang, messages) if k == "time"]


def test_en_a_yes_to_move_there_takes_the_new_clock():
    assert _times("en", [*_VET, _a("The nurse checked: 3:50pm with Dr. Chen has opened. Move Miso there?"), _u("yes")]) == ["3:50pm"]
    assert _times("en", [*_VET, _a("A 4:30pm slot has just opened. Would that work?"), _u("ok")]) == ["4:30pm"]


def test_zh_a_yes_to_move_there_takes_the_new_clock():
    base = [_u("空调不制热，想约师傅上门，明天上午10点"), _a("好的，已约明天上午10点。")]
    assert _times("zh", [*base, _a("师傅说下午3点也能来，给您改到这个时间吗？"), _u("好的")]) == ["下午3点"]


def test_no_or_a_choice_question_moves_nothing():
    assert _times("en", [*_VET, _a("3:50pm has opened. Move Miso there?"), _u("no, keep 5:15")]) == ["5:15"]
    assert _times("en", [*_VET, _a("We also have 3:50pm or 4:30pm. Which would you like?"), _u("ok")]) == ["5:15"]
    base = [_u("空调不制热，想约师傅上门，明天上午10点"), _a("好的，已约明天上午10点。")]
    assert _times("zh", [*base, _a("师傅说下午3点也能来，给您改到这个时间吗？"), _u("不用了")]) == ["上午10点"]


# --- a count of another thing wanted as well is no recount of the want's ----------------------------------------

def test_en_a_count_of_the_sleeves_too_leaves_the_trousers_count():
    want = _want("en", [_u("Hi! My husband has a wedding on the 27th and his suit trousers are too long. Could you take them up about 4 cm?"),
                        _a("Hemming is £18. Would you also like the jacket sleeves shortened?"),
                        _u("Oh good idea, yes the sleeves too, maybe 2 cm.")])
    assert want and "about 4 cm" in want[0]


def test_zh_a_count_of_the_drinks_too_leaves_the_meals_count():
    want = _want("zh", [_u("公司开会要订10份盒饭，中午12点送到"), _a("好的，需要饮料吗？"), _u("饮料也要8份")])
    assert want == ["公司开会要订10份盒饭"]


def test_a_count_said_again_without_too_still_recounts():
    assert _want("zh", [_u("公司开会要订10份盒饭，中午12点送到"), _a("好的。"), _u("人多了，要12份")]) == ["公司开会要订12份盒饭"]


# --- a promise's weekday is the coming one ----------------------------------------------------------------------

def _dues(lang, text):
    t = Tracker(lang, today="2026-12-05")  # a Saturday
    t.observe({"role": "assistant", "content": text})
    return [c.due for c in t.state().commitments]


def test_en_a_promise_by_a_weekday_already_past_this_week_is_due_next_week():
    assert _dues("en", "I will escalate it today and call you by Wednesday with a decision.") == ["Wednesday (2026-12-09)"]
    assert _dues("en", "I will call you on Monday 7 December.") == ["Monday 7 December (2026-12-07)"]


def test_zh_a_promise_by_a_weekday_already_past_this_week_is_due_next_week():
    assert _dues("zh", "我周三前给您回电") == ["周三 (2026-12-09)"]
    assert _dues("zh", "我们今天给您回电") == ["今天 (2026-12-05)"]


# --- an ordinal no month has is no date ------------------------------------------------------------------------

def test_en_a_birthdays_ordinal_is_no_date():
    facts = _current("en", [_u("I need flowers for my mom's birthday, deliver on the 11th to 22 Maple Avenue"),
                            _a("Would you like a card message?"), _u("yes happy 60th mom love you lots from Jenny and Mark")])
    dates = [v for k, v in facts if k == "date"]
    assert dates == ["the 11th"]


def test_en_a_day_of_the_month_is_still_a_date():
    facts = _current("en", [_a("Would you like a card message?"), _u("the card should say happy 75th grandad, deliver on the 12th")])
    assert [v for k, v in facts if k == "date"] == ["the 12th"]


def test_en_an_occasion_said_as_one_is_still_a_value():
    facts = _current("en", [_u("booking a limo for my mum's 70th, picking her up from Hexham")])
    assert any("70th" in v for _, v in facts)


# --- the day a pet or a child is taken home -----------------------------------------------------------------------

def test_zh_the_day_before_jie_is_the_pickup_and_its_change_moves_only_it():
    facts = _current("zh", [_u("帮我妈订个寄养，她家的泰迪叫豆豆，春节回老家，1月25号送过来，2月3号接"),
                            _a("好的，标准间每晚80元。"), _u("接的时间也变了，改成2月5号")])
    assert ("date", "1月25号") in facts and ("checkout", "2月5号") in facts


def test_zh_jie_with_a_word_after_it_is_no_pickup_day():
    facts = _current("zh", [_u("12号接机，航班CA1234")])
    assert ("date", "12号") in facts and not any(k == "checkout" for k, _ in facts)


# --- a new count said with the old one's measure word keeps the rest of the pick --------------------------------

def test_zh_a_bare_number_with_the_measure_word_keeps_the_picked_thing():
    facts = _current("zh", [_u("订个生日蛋糕，周六下午送"), _a("好的，我们有6寸198元、8寸268元、10寸368元，口味有芒果、巧克力、草莓。"),
                            _u("6寸巧克力的"), _a("好的。"), _u("等下人多，改成8寸的")])
    assert any(v == "8寸巧克力的" for _, v in facts) and not any(v == "8" for _, v in facts)


def test_zh_a_too_that_adds_no_thing_still_recounts():
    # (lead, blind29 round) 也 before 改 after the count's own noun, or in 也可以, adds no other thing
    assert _want("zh", [_u("公司开会要订10份盒饭，中午12点送到"), _a("好的。"), _u("人多了，份数也得改，要12份")]) == ["公司开会要订12份盒饭"]
    assert _want("zh", [_u("公司开会要订10份盒饭，中午12点送到"), _a("好的。"), _u("晚点送也可以，要12份")]) == ["公司开会要订12份盒饭"]


def test_en_too_long_is_no_thing_added():
    want = _want("en", [_u("Could you take my suit trousers up about 4 cm?"), _a("Sure, hemming is £18."),
                        _u("Actually they're still too long, make it 6 cm.")])
    assert want and "6 cm" in want[0]
