"""Defects a review found in the code merged in the blind29 round, mended by the fix36 lane (issue 19).

Each test holds the reviewer's repro and one sentence of the lane's own; each failed before its mend.
"""



from tests.chat_state import assistant as _a, current_pairs as _current, user as _u


def _value(facts, key):
    return [v for k, v in facts if k == key]


# 1. a bare new count replaces the count of people, not a count of things said since
def test_bare_count_replaces_the_party_not_the_dogs():
    facts = _current("en", [_u("Table for 4 people at 7pm Saturday please"), _a("Booked for 4 at 7pm Saturday."),
                            _u("Great, we'll bring 2 dogs, is that ok?"), _a("Dogs are welcome on the terrace."),
                            _u("Lovely. Oh and Sam is coming now, so 5.")])
    assert _value(facts, "people") == ["5"] and "5" not in _value(facts, "dogs")


def test_bare_count_replaces_the_party_not_the_prams():
    facts = _current("en", [_u("Table for 5 people on Friday at 6pm"), _a("Booked for 5 on Friday."),
                            _u("We're bringing 2 prams, is there space?"), _a("Yes, plenty."),
                            _u("Oh Tom can't come, so 4.")])
    assert _value(facts, "people") == ["4"] and _value(facts, "count_prams") == ["2 prams"]


# 2. a price going up, a clock, a room number: no new count
def test_price_went_up_is_no_headcount():
    facts = _current("en", [_u("Table for 6 people on Saturday at 8pm please"),
                            _a("Booked: 6 people, Saturday 8pm. The set menu is £25 a head."),
                            _u("Oh the price went up, so 30 then.")])
    assert _value(facts, "people") == ["6 people"]


def test_costs_going_down_is_no_headcount():
    facts = _current("en", [_u("We need a minibus for 12 people on Friday"), _a("12 people Friday, noted."),
                            _u("Fuel costs are going down, so 40 only.")])
    assert _value(facts, "people") == ["12 people"]


def test_so_clock_then_is_no_headcount():
    facts = _current("en", [_u("Table for 4 people tonight at 7pm please"), _a("Booked: 4 people at 7pm."),
                            _u("Ah, the babysitter isn't coming till 7:30, so 8 then.")])
    assert _value(facts, "people") == ["4 people"]


def test_room_number_answer_is_no_headcount():
    facts = _current("en", [_u("Dinner for 4 people tonight at 7 in the hotel restaurant please"),
                            _a("Booked for 4 at 7pm. Which room number are you in?"),
                            _u("Great, my wife is coming down at 7. 214")])
    assert _value(facts, "people") == ["4 people"]


def test_flat_number_answer_is_no_headcount():
    facts = _current("en", [_u("Table for 6 people on Saturday at 8pm please"),
                            _a("Booked: 6 people, Saturday 8pm. Can I take a phone number?"),
                            _u("My mate is coming to pick the wine. Flat number is. 12")])
    assert _value(facts, "people") == ["6 people"]


# 3. "Does that work?" after a clock told for another reason moves no time
def test_closing_time_does_that_work_moves_nothing():
    facts = _current("en", [_u("Vet appointment at 5:15 today please"),
                            _a("You're all set. Note we close at 7pm on Fridays. Does that work for you?"), _u("yes")])
    assert _value(facts, "time") == ["5:15"]


def test_car_park_opening_would_that_work_moves_nothing():
    facts = _current("en", [_u("Haircut at 5:15 tomorrow please"),
                            _a("Done, see you tomorrow. The car park barrier opens at 9am. Would that work?"), _u("sure")])
    assert _value(facts, "time") == ["5:15"]


def test_opened_slot_would_that_work_still_moves():
    facts = _current("en", [_u("Dentist at 2pm Thursday please"), _a("2pm Thursday is booked."),
                            _u("thanks"), _a("A cancellation: 11am has opened on Thursday. Would that work?"), _u("yes")])
    assert _value(facts, "time") == ["11am"]


# 4. 能不能改到下午 asks; 把快递改到下午 moves another thing
_VISIT = [_u("预约12月12号上午上门量尺寸"), _a("好的，12月12号上午。")]


def test_asked_part_move_moves_nothing():
    assert _value(_current("zh", _VISIT + [_u("能不能改到下午")]), "date") == ["12月12号上午"]
    assert _value(_current("zh", _VISIT + [_u("师傅可不可以换到晚上来，白天要上班")]), "date") == ["12月12号上午"]


def test_other_thing_moved_leaves_the_visit():
    assert _value(_current("zh", _VISIT + [_u("另外我把快递改到下午送了，上午要开会")]), "date") == ["12月12号上午"]
    assert _value(_current("zh", _VISIT + [_u("我已经把会议改到下午了")]), "date") == ["12月12号上午"]


def test_time_moved_with_ba_still_moves():
    assert _value(_current("zh", _VISIT + [_u("麻烦把时间改到下午吧")]), "date") == ["12月12号下午"]


# 5. another person's sum is not the user's; two sums of one kind in one message stand side by side
def test_brothers_rent_keeps_the_users_rent():
    facts = _current("en", [_u("I'm looking for a flat, my rent is £900 a month now."), _a("Got it."),
                            _u("My brother's rent is £1,200 and he says that's normal here.")])
    assert _value(facts, "rent") == ["£900 a month"] or _value(facts, "rent")[0].startswith("£900")


def test_partners_salary_is_not_the_users_income():
    facts = _current("en", [_u("I earn about 32k and want a mortgage quote."), _a("Thanks."),
                            _u("My partner's salary is 45k but she's not on the application.")])
    assert _value(facts, "income") == ["32k"]


def test_two_fees_in_one_message_both_kept():
    facts = _current("en", [_u("The fees are £1,140 for Tom this year and for Amy the fees are £900.")])
    assert sorted(v for k, v in facts if k.startswith("fees")) == ["£1,140", "£900"]


# 12. "a 10k" run, "rent" as a verb, a denied "owe", "spent" far from the sum: no sum of the user's
def test_a_10k_run_is_no_rent():
    assert not [v for k, v in _current("en", [_u("Hi, our rent went up so I'm running a 10k for charity next month, "
                                                  "can you help with a training plan?")]) if k == "rent"]
    assert not [v for k, v in _current("en", [_u("The fees are fine, my son is doing a 5k fun run on Sunday.")])
                if k == "fees"]


def test_rent_as_a_verb_is_no_rent():
    assert _value(_current("en", [_u("Hi, I want to rent a 4k projector for the weekend, what do you have?")]),
                  "rent") == []
    assert _value(_current("en", [_u("Could we rent a $300 camera for two days?")]), "rent") == []


def test_denied_owe_is_no_balance():
    assert _value(_current("en", [_u("I don't owe anything, I paid the £200 deposit last week so please release "
                                     "the keys.")]), "balance") == []


def test_spent_far_from_the_sum_is_not_spent():
    assert _value(_current("en", [_u("I spent ages on hold, I just want the £40 refund for the cancelled class.")]),
                  "spent") == []
    assert _value(_current("en", [_u("I spent two hours in the queue and then paid £15 for parking.")]),
                  "spent") == []


# 6. a correction naming the thing after its count changes that thing's count
def test_count_named_after_changes_that_thing():
    facts = _current("en", [_u("we want 10 boxes of paper and 20 boxes of gloves delivered Monday"), _a("Noted."),
                            _u("sorry, make it 15 boxes of gloves")])
    assert _value(facts, "want") == ["we want 10 boxes of paper and 15 boxes of gloves delivered"]


def test_count_named_after_changes_that_thing_own():
    facts = _current("en", [_u("I need 4 bags of sand and 6 bags of gravel for Friday"), _a("Sure."),
                            _u("actually make it 9 bags of gravel")])
    assert [v for v in _value(facts, "want") if "4 bags of sand and 9 bags of gravel" in v]


# 7. 接 after a day is the pick-up day only in a chat about boarding or care, never a ride's
def test_airport_pickup_day_is_no_checkout():
    facts = _current("zh", [_u("我想订接机服务，10月3号接，航班晚上8点到")])
    assert _value(facts, "checkout") == [] and "10月3号" in _value(facts, "date")


def test_station_pickup_day_is_no_checkout():
    facts = _current("zh", [_u("帮我安排接站，11月8号接，高铁下午到")])
    assert _value(facts, "checkout") == []


def test_boarding_pickup_day_still_checkout():
    facts = _current("zh", [_u("我家狗1月25号送过来寄养，2月3号接")])
    assert _value(facts, "checkout") == ["2月3号"]


# 8. the user's own free time ("no school on", "no work on", "nothing on on") is no day refused
def test_no_school_day_is_the_date():
    facts = _current("en", [_u("I'd like to book a dentist check-up for my son. There's no school on the 14th so that "
                               "day is ideal.")])
    assert _value(facts, "date") == ["the 14th"]


def test_no_work_day_is_the_day():
    assert _value(_current("en", [_u("I need my car serviced. I have no work on Thursday, so could you fit me in "
                                     "then?")]), "day") == ["Thursday"]
    assert _value(_current("en", [_u("Book me a haircut please. I've got nothing on on Friday morning so that's "
                                     "best.")]), "day") == ["Friday"]
    assert _value(_current("en", [_u("Can the boiler service be done then? I've no lectures on Wednesday.")]),
                  "day") == ["Wednesday"]


def test_no_delivery_on_a_day_still_refused():
    assert _value(_current("en", [_u("Please send the sofa, but no delivery on Friday.")]), "day") == []


# 9. "芒果就芒果吧" answers the flavour asked: X就X is a mere yes only when X is a deed (等就等)
def test_value_resigned_to_is_kept():
    facts = _current("zh", [_u("我想订一个蛋糕"), _a("请问您要什么口味？"), _u("芒果就芒果吧")])
    assert [v for k, v in facts if "芒果" in v and k != "want"]


def test_sweetness_resigned_to_is_kept():
    facts = _current("zh", [_u("我想订一份外卖奶茶"), _a("请问您要什么甜度？"), _u("半糖就半糖吧")])
    assert [v for k, v in facts if "半糖" in v and k != "want"]


# 10. 还不亮 after a fix tried is the thing's fault, not a deed left undone
def test_still_not_working_is_a_problem():
    facts = _current("zh", [_u("换了灯泡还不亮，是不是线路问题，想约电工")])
    assert [v for k, v in facts if k == "problem" and "还不亮" in v]
    facts = _current("zh", [_u("重启了好几次投影仪还不亮，能派人来看看吗")])
    assert [v for k, v in facts if k == "problem" and "还不亮" in v]


# 11. a tool argument named "blocked" holds what is blocked, not a day kept away from
def test_blocked_argument_is_kept():
    from tests.test_trust_values import call, facts_of, result
    facts = facts_of("The kitchen sink is blocked, can someone come Tuesday",
                     call("c1", "book_plumber", {"name": "Jo Park", "blocked": "kitchen sink", "day": "Tuesday"}),
                     result("c1", {"booking": "BK-9"}), lang="en")
    assert facts.get("blocked") == "kitchen sink"
    facts = facts_of("My drain is blocked, please book someone",
                     call("c2", "book_drain", {"blocked_item": "shower drain", "day": "Friday"}),
                     result("c2", {"booking": "BK-2"}), lang="en")
    assert "shower drain" in facts.values()


def test_blocked_days_argument_still_dropped():
    from tests.test_trust_values import call, facts_of, result
    facts = facts_of("Not Mondays please", call("c3", "book_clean", {"blocked_days": "Monday", "day": "Friday"}),
                     result("c3", {"booking": "BK-3"}), lang="en")
    assert "Monday" not in facts.values()


# 13. a bare word picks only among the alternatives: not a greeting, not a word beside a lone 或
def test_greeting_is_no_pick():
    facts = _current("zh", [_a("您好，请问您是到店自取还是送货上门？"), _u("您好，我想先问一下运费多少")])
    assert not [v for k, v in facts if k.startswith("choice")]
    facts = _current("zh", [_a("你好，请问要大杯还是中杯？"), _u("你好，我先看看菜单")])
    assert not [v for k, v in facts if k.startswith("choice")]


def test_word_beside_lone_or_is_no_pick():
    facts = _current("zh", [_a("师傅明天上午或下午上门，请保持电话畅通。"), _u("电话，换了个号 13812345678")])
    assert not [v for k, v in facts if k.startswith("choice")]


def test_word_among_alternatives_still_picked():
    facts = _current("zh", [_a("您要线装，还是精装？"), _u("线装吧")])
    assert [v for k, v in facts if k.startswith("choice") and "线装" in v]


def test_word_told_after_alternatives_still_picked():
    facts = _current("zh", [_a("请问您是堂食还是外带？堂食送一杯茶，外带有包装费。"), _u("外带，我赶时间")])
    assert [v for k, v in facts if k.startswith("choice") and "外带" in v] or [v for k, v in facts if "外带" in v]
