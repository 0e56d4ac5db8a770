"""Defects a second review (review37) found in the code merged in the blind29 round, mended by the fix37 lane (issue 19).

Each test holds the reviewer's repro and one sentence of the lane's own; each failed before its mend.
"""

from tests.chat_state import assistant as _a, current_pairs as _current, promises_of, rules_of, user as _u


def _value(facts, key):
    return [v for k, v in facts if k == key]


def _want(facts):
    return " ".join(_value(facts, "want"))


# 1. "too" before a word that is no degree adds a thing: its count is no recount of the want's
def test_sleeves_too_please_keeps_the_trousers_count():
    facts = _current("en", [_u("Could you take my trousers up about 4 cm?"),
                            _a("Sure, 4 cm on the trousers. Anything else?"), _u("yes the sleeves too please, maybe 2 cm")])
    assert "4 cm" in _want(facts) and "2 cm" not in _want(facts)


def test_sleeves_too_if_possible_keeps_the_trousers_count():
    facts = _current("en", [_u("Could you take my trousers up about 4 cm?"), _a("Sure, 4 cm on the trousers."),
                            _u("The sleeves too if possible, 2 cm")])
    assert "4 cm" in _want(facts) and "2 cm" not in _want(facts)


def test_coat_too_when_you_can_keeps_the_skirt_count():
    facts = _current("en", [_u("Could you take my skirt up about 5 cm?"), _a("Sure, 5 cm on the skirt."),
                            _u("The coat too when you can, 3 cm")])
    assert "5 cm" in _want(facts) and "3 cm" not in _want(facts)


def test_still_too_long_recounts():
    facts = _current("en", [_u("Could you take my trousers up about 4 cm?"), _a("Sure, 4 cm on the trousers."),
                            _u("They're still too long, 6 cm please.")])
    assert "6 cm" in _want(facts)


# 2. 也 before any verb (准备 / 需要 / 得 ...) adds a thing; 也可以 / 也行 / 人数也 still recount
def test_drinks_also_prepared_keeps_the_meal_count():
    facts = _current("zh", [_u("帮我订20份盒饭，周五中午送。"), _a("好的，20份盒饭周五中午。"), _u("另外饮料也准备8份")])
    assert "20份" in _want(facts) and "8份" not in _want(facts)


def test_cakes_also_needed_keep_the_tea_count():
    facts = _current("zh", [_u("帮我订30杯奶茶，下午三点送"), _a("好的，30杯奶茶三点送到。"), _u("蛋糕也需要10个")])
    assert "30杯" in _want(facts) and "10个" not in _want(facts)


def test_zh_also_fine_still_recounts():
    facts = _current("zh", [_u("帮我订20份盒饭，周五中午送。"), _a("好的，20份盒饭周五中午。"), _u("这样也可以，改成25份")])
    assert "25份" in _want(facts)


# 3. "dont forget the budget" / "Don’t forget my budget" (a curly apostrophe) keep the budget rule
def test_curly_dont_forget_my_budget_keeps_it():
    rules = rules_of([("user", "Looking for a laptop, my budget is £800 tops."), ("assistant", "Okay, under £800."),
                      ("user", "Don’t forget my budget, I really can't go higher.")])
    assert rules.get("my budget is £800 tops") == "active"


def test_dont_without_apostrophe_keeps_the_budget():
    rules = rules_of([("user", "Looking for a laptop, my budget is £800 tops."), ("assistant", "Okay, under £800."),
                      ("user", "Please dont forget the budget")])
    assert rules.get("my budget is £800 tops") == "active"


def test_remember_to_not_scrap_the_budget_keeps_it():
    rules = rules_of([("user", "Find me a hotel in Rome, my budget is max £150 a night."),
                      ("assistant", "Sure, under £150 a night."), ("user", "Try not to forget the budget this time.")])
    assert rules.get("my budget is max £150 a night") == "active"


def test_forget_the_budget_still_lifts_it():
    rules = rules_of([("user", "Find me a hotel in Rome, my budget is max £150 a night."),
                      ("assistant", "Sure, under £150 a night."), ("user", "Actually forget the budget, just find the best one.")])
    assert rules.get("my budget is max £150 a night") == "lifted"


# 4. another person who does the ruled-out deed, or gets it apart, lifts no rule of the user's
def test_wife_wants_coriander_keeps_the_childs_rule():
    rules = rules_of([("user", "孩子不吃香菜，别放"), ("assistant", "好的，不放香菜。"), ("user", "我老婆要吃香菜，单独给她一小碟")], "zh")
    assert "lifted" not in rules.values()


def test_husband_eats_spicy_keeps_the_users_rule():
    rules = rules_of([("user", "我不吃辣，菜都做清淡点"), ("assistant", "好的，不放辣。"), ("user", "我老公也吃辣，给他单独放点辣椒")], "zh")
    assert "lifted" not in rules.values()


def test_daughter_wants_coriander_keeps_the_users_rule():
    rules = rules_of([("user", "我不吃香菜"), ("assistant", "好的，不放香菜。"), ("user", "我女儿要吃香菜")], "zh")
    assert rules == {"我不吃香菜": "active"}


def test_same_person_after_all_still_lifts():
    assert rules_of([("user", "我不吃香菜"), ("assistant", "好的，不放香菜。"), ("user", "那我也吃香菜吧")], "zh") == {
        "我不吃香菜": "lifted"}
    assert rules_of([("user", "孩子不吃香菜"), ("assistant", "好的，不放香菜。"), ("user", "孩子现在也吃香菜了")], "zh") == {
        "孩子不吃香菜": "lifted"}


# 5. the month "May" answered is kept by the fact verifier, like every other month
def _date(messages):
    return _value(_current("en", messages), "date")


def test_in_may_answered_is_kept():
    assert _date([_u("I'd like to go to Italy."), _a("When?"), _u("In May.")]) == ["May"]


def test_may_please_answered_is_kept():
    assert _date([_u("I'd like to book the hall."), _a("Which month?"), _u("May please")]) == ["May"]


def test_maybe_spain_in_may_is_kept():
    assert _date([_u("Thinking about a holiday."), _a("Where and when?"), _u("Maybe Spain in May")]) == ["May"]


def test_sometime_in_may_is_kept():
    assert _date([_u("Looking for a cottage in Devon."), _a("When for?"), _u("Sometime in May.")]) == ["May"]


def test_june_is_kept_as_before():
    assert _date([_u("I'd like to go to Italy."), _a("When?"), _u("In June.")]) == ["June"]


# 6. a promise to send is not kept by a tool that does another deed (a booking's ok)
def _with_call(lang, said, tool, args, result, before=None):
    import json

    from ctxgraph import Tracker

    t = Tracker(lang, today="2027-05-20")
    msgs = [_u(before)] if before else []
    msgs += [{"role": "assistant", "content": said, "tool_calls": [
                 {"id": "x1", "type": "function", "function": {"name": tool, "arguments": json.dumps(args)}}]},
             {"role": "tool", "tool_call_id": "x1", "content": json.dumps(result)}]
    t.observe_many(msgs)
    return [(c.text, c.status) for c in t.state().commitments]


def test_email_invoice_stays_open_after_a_booking():
    assert _with_call("en", "I'll email you the invoice.", "book_slot", {"day": "Saturday"}, {"status": "ok"},
                      "Book me the Saturday slot please and send me the invoice.") == [("I'll email you the invoice", "open")]


def test_zh_invoice_to_mailbox_stays_open_after_a_booking():
    assert _with_call("zh", "好的，我把发票发到您邮箱。", "book_slot", {"day": "周六"}, {"status": "ok"},
                      "帮我约周六上午，发票也发我邮箱") == [("好的，我把发票发到您邮箱", "open")]


def test_post_contract_stays_open_after_an_order():
    assert _with_call("zh", "我把合同寄给您。", "create_order", {}, {"status": "ok"}) == [("我把合同寄给您", "open")]
    assert _with_call("en", "I'll text you the code now.", "reset_account", {}, {"status": "ok"}) == [
        ("I'll text you the code now", "open")]


def test_a_tool_that_sends_still_keeps_it():
    assert _with_call("en", "I'll email you the receipt now.", "dispatch_doc", {}, {"status": "sent"}) == [
        ("I'll email you the receipt now", "done")]
    assert _with_call("zh", "好的，我给您约周二晚上，师傅上门量尺寸。", "book_measure", {}, {"status": "ok"}) == [
        ("好的，我给您约周二晚上，师傅上门量尺寸", "done")]


# 7. a report of "it" sent, or of the same thing in another word, keeps the promise to send
def _kept_after(promise, report, ask="Can I have it?"):
    return promises_of([("user", ask), ("assistant", promise), ("assistant", report)])


def test_sent_it_over_keeps_the_confirmation():
    assert _kept_after("Booked! I'll email you the booking confirmation.",
                       "I've just sent it over, check your inbox for the confirmation.") == [
        ("I'll email you the booking confirmation", "done")]


def test_emailed_it_across_keeps_the_receipt():
    assert _kept_after("I'll email you the receipt.", "I've just emailed it across, look in your inbox for the receipt.") == [
        ("I'll email you the receipt", "done")]


def test_bill_for_invoice_and_pictures_for_photos_keep_them():
    assert _kept_after("I'll send you the invoice today.", "I've emailed the bill to you.") == [
        ("I'll send you the invoice today", "done")]
    assert _kept_after("I'll send you the photos of the damage.", "I've sent the pictures to your email.") == [
        ("I'll send you the photos of the damage", "done")]
    assert _kept_after("I'll send you the brochure.", "I've sent the leaflet to you.") == [("I'll send you the brochure", "done")]


def test_payment_link_still_keeps_no_photos():
    assert _kept_after("I'll email you photos of him before and after.", "I've just sent the payment link to you.") == [
        ("I'll email you photos of him before and after", "open"), ("I've just sent the payment link to you", "done")]


# 8. a bare "and" inside one thing ("black and white prints") parts no promise
def test_black_and_white_prints_are_one_thing():
    assert _kept_after("I'll post you the black and white prints.", "The prints have been posted to you.") == [
        ("I'll post you the black and white prints", "done")]


def test_salt_and_pepper_grinders_are_one_thing():
    assert _kept_after("I'll send you the salt and pepper grinders.", "I've sent the grinders to you.") == [
        ("I'll send you the salt and pepper grinders", "done")]


def test_fish_and_chips_vouchers_are_one_thing():
    assert _kept_after("I'll email you the fish and chips vouchers.", "I've emailed the vouchers to you.") == [
        ("I'll email you the fish and chips vouchers", "done")]


def test_terms_and_conditions_and_the_quote_still_part():
    assert _kept_after("I'll send you the terms and conditions and the quote.", "The quote has been emailed to you.") == [
        ("I'll send you the terms and conditions and the quote", "done"), ("I'll send you the terms and conditions", "open")]
