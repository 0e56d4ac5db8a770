"""Constraints the user states in ordinary words, zh and en (issue 10): they are active
until the user takes them back; a question about a rule is not a rule, and a request for an
action is not a standing rule. Conversations written for these tests."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker


def rules_after(lang: str, *turns: str | dict) -> dict[str, str]:
    """{constraint text: status} once the turns (strings are user turns) are observed."""
    t = Tracker(lang, today="2026-03-02")
    for turn in turns:
        t.observe(turn if isinstance(turn, dict) else {"role": "user", "content": turn})
    return {c.text: c.status for c in t.state().constraints}


def bot_says(text: str) -> dict:
    return {"role": "assistant", "content": text}


def status_of(rules: dict[str, str], part: str) -> str | None:
    """The status of the one rule whose text holds ``part`` (None when no rule does)."""
    found = [status for text, status in rules.items() if part.casefold() in text.casefold()]
    assert len(found) <= 1, rules
    return found[0] if found else None


ACTIVE = [
    pytest.param("zh", "地址是朝阳路8号，别给我打电话，有事发微信", "打电话", id="zh-no-calls"),
    pytest.param("zh", "三张票，要连座", "连座", id="zh-seats-together"),
    pytest.param("zh", "周五送吧，晚上8点以后的", "8点以后", id="zh-time-bound"),
    pytest.param("zh", "修理费总共300以内", "300以内", id="zh-cost-cap"),
    pytest.param("zh", "房间一定得是能退款的", "能退款", id="zh-must"),
    pytest.param("zh", "会员自动续费帮我关掉", "自动续费", id="zh-auto-renew-off"),
    pytest.param("en", "The box is heavy. Please don't leave it on the porch, it gets stolen.", "porch", id="en-imperative"),
    pytest.param("en", "Send the refund to my card. And I don't want any promotional calls.", "promotional", id="en-dont-want"),
    pytest.param("en", "Book me a table for four, nothing after 8pm please", "after 8pm", id="en-nothing-after"),
    pytest.param("en", "Keep me posted, text only, my inbox is a mess", "text only", id="en-channel-only"),
    pytest.param("en", "Renew the policy, but no paper documents please", "paper", id="en-no-x-please"),
    pytest.param("en", "Could you make sure my card is never charged more than $50 a month?", "$50", id="en-request-sets-rule"),
    pytest.param("en", "Sorry, I'm diabetic, so the dessert is out", "diabetic", id="en-diet"),
    pytest.param("en", "Don't ever ring the doorbell, the baby sleeps.", "doorbell", id="en-dont-ever"),
    pytest.param("en", "Please don't let the courier leave it with a neighbour.", "neighbour", id="en-dont-let"),
]


LIFTED = [
    pytest.param("zh", ["送的时候别敲门，孩子在睡觉", "孩子醒了，现在敲门也没事"], "敲门", id="zh-also-fine"),
    pytest.param("zh", ["两张票，不要前两排", "算了，前排也行"], "前两排", id="zh-names-it"),
    pytest.param("en", ["Please don't call me, I'm at work all day.", "Actually calls are fine now."], "call", id="en-fine-now"),
    pytest.param("en", ["Leave it at the gate, don't ring the bell.", "Change of plans, the courier can ring the bell."],
                 "bell", id="en-can-now"),
    pytest.param("en", ["Never send anything by post.", "Scratch the no-post thing, post is ok."], "post", id="en-scratch"),
]


@pytest.mark.parametrize(("lang", "turns", "part"), LIFTED)
def test_rule_the_user_takes_back_is_lifted(lang, turns, part):
    assert status_of(rules_after(lang, *turns), part) == "lifted"


def test_lifting_one_rule_leaves_the_others_active():
    rules = rules_after("en", "I'm allergic to shellfish, so nothing with prawns.",
                        "Don't ring the bell, the baby sleeps.", "The baby is up, so the driver can ring the bell.")
    assert status_of(rules, "bell") == "lifted"
    assert status_of(rules, "prawns") == "active"


def test_a_rule_and_its_channel_in_one_message_stay_two_rules():
    rules = rules_after("en", "Please don't call me about it, I'm in class all day, just text.",
                        "Actually scratch the no-calls thing, a call is better.")
    assert status_of(rules, "don't call") == "lifted"
    assert status_of(rules, "just text") == "active"


NOT_RULES = [
    pytest.param("zh", "你们是不是不能开发票？", id="zh-question-about-rule"),
    pytest.param("zh", "帮我把订单取消了", id="zh-action-request"),
    pytest.param("zh", "别着急，我等一下也行", id="zh-dont-worry"),
    pytest.param("zh", "日本的流量包不要了", id="zh-drop-an-item"),
    pytest.param("en", "Does the parcel have to be signed for?", id="en-question-about-rule"),
    pytest.param("en", "Cancel the order please.", id="en-action-request"),
    pytest.param("en", "Both of them! Never heard of that shop.", id="en-never-heard"),
    pytest.param("en", "I don't know the tracking number.", id="en-dont-know"),
    # chat that cheers the listener on, a tag question, a "must-" adjective (issue 21: in a long
    # chat each of these was pinned as a rule)
    pytest.param("en", "You'll get there. Don't give up, and don't ever quit on what you love.", id="en-encouragement"),
    pytest.param("en", "Don't be afraid to ask your manager, and don't let one bad week get you down.", id="en-cheering-on"),
    pytest.param("en", "The new phones are lovely, aren't they? Kids love them, don't they?", id="en-tag-question"),
    pytest.param("en", "Lisbon is a must-see city, the food is great.", id="en-must-see"),
]


@pytest.mark.parametrize(("lang", "text"), NOT_RULES)
def test_question_or_action_request_is_no_rule(lang, text):
    assert rules_after(lang, text) == {}


def test_the_assistant_saying_a_rule_back_adds_no_rule():
    rules = rules_after("zh", "外卖别放葱", {"role": "assistant", "content": "好的，已备注不要放葱，也不要餐具。"})
    assert list(rules.values()) == ["active"]
    assert status_of(rules, "葱") == "active"


@pytest.mark.parametrize(("lang", "text", "lift", "lifted", "kept"), [
    pytest.param("zh", "不要打电话，只发短信", "现在打电话也没事了", "打电话", "短信", id="zh"),
    pytest.param("en", "don't call, just text", "calls are fine now", "call", "text", id="en"),
])
def test_two_rules_in_one_breath_are_lifted_one_at_a_time(lang, text, lift, lifted, kept):
    rules = rules_after(lang, text, lift)
    assert status_of(rules, lifted) == "lifted"
    assert status_of(rules, kept) == "active"


@pytest.mark.parametrize(("lang", "turns", "old", "new"), [
    pytest.param("zh", ["晚上6点之后送", "改成7点之后吧"], "6点", "7点", id="zh-time-restated"),
    pytest.param("zh", ["预算300以内", "那400以内也行"], "300", "400", id="zh-lift-with-a-new-value"),
])
def test_rule_stated_again_with_another_value_replaces_it(lang, turns, old, new):
    rules = rules_after(lang, *turns)
    assert status_of(rules, old) == "lifted"
    assert status_of(rules, new) == "active"


def test_rule_with_another_frame_stays_beside_it():
    rules = rules_after("zh", "预算300以内", "6点之后送")
    assert status_of(rules, "300") == "active"
    assert status_of(rules, "6点") == "active"


# issue 19, more ways to say a rule (sentences written for these tests, not the bench chats')
SAID_MANY_WAYS = [
    pytest.param("en", "No nuts at all, my son is allergic.", "nuts", id="en-no-thing"),
    pytest.param("en", "Yes but no glass vases anywhere near the kids.", "glass", id="en-but-no-thing"),
    pytest.param("en", "Before 10am if you can, I work afternoons.", "10am", id="en-bare-bound"),
    pytest.param("en", "The movers need to be out by 4pm, the building closes.", "4pm", id="en-need-by"),
    pytest.param("en", "Please keep the total under $900.", "900", id="en-keep-under"),
    pytest.param("en", "I won't be home until 6.", "until 6", id="en-cannot-before"),
    pytest.param("en", "Fridays are out, I have training.", "Fridays", id="en-days-out"),
    pytest.param("en", "Could you come after 4pm on Tuesdays? I work till then.", "4pm", id="en-a-bound-asked-for"),
    pytest.param("en", "We can only do Wednesdays.", "Wednesdays", id="en-can-only"),
    pytest.param("en", "We need the dress altered by June 2.", "June 2", id="en-need-it-done-by"),
    pytest.param("zh", "最晚下周一要装好。", "下周一", id="zh-at-the-latest"),
    pytest.param("zh", "晚上8点以后都行。", "8点", id="zh-bound-with-lift-words-and-nothing-to-lift"),
    pytest.param("zh", "只要靠过道的座位。", "靠过道", id="zh-only"),
    pytest.param("zh", "晚上不行，孩子要睡觉。", "晚上", id="zh-time-no-good"),
    pytest.param("zh", "每周至少打扫三次。", "三次", id="zh-at-least"),
    pytest.param("zh", "下周二之前一定要到。", "下周二", id="zh-by-a-day"),
]


@pytest.mark.parametrize(("lang", "text", "part"), ACTIVE + SAID_MANY_WAYS)
def test_rule_stated_in_ordinary_words_is_active(lang, text, part):
    assert status_of(rules_after(lang, text), part) == "active"



@pytest.mark.parametrize(("lang", "text"), [
    pytest.param("en", "no car, I'll take the train", id="en-bare-no-answer-is-a-rule-only-with-a-thing"),
    pytest.param("en", "oh no wait, the flat number is 12", id="en-no-wait"),
    pytest.param("en", "no worries, take your time", id="en-no-worries"),
    pytest.param("zh", "只要您方便就行", id="zh-as-long-as"),
])
def test_no_as_an_interjection_or_as_long_as_is_no_rule(lang, text):
    rules = rules_after(lang, text)
    assert not any("wait" in r or "worries" in r or "方便" in r for r in rules), rules


@pytest.mark.parametrize(("lang", "turns", "old", "new"), [
    pytest.param("en", ["Keep it under $900 please.", "Our limit is $1,100 now, my partner chipped in."], "900", "1,100", id="en-budget-new-words"),
    pytest.param("en", ["It has to be before June 3.", "Anything before June 9 works now."], "June 3", "June 9", id="en-deadline-new-words"),
    pytest.param("zh", ["周二之前必须送到", "那周四之前也行"], "周二", "周四", id="zh-deadline-also-ok"),
    pytest.param("zh", ["总价别超过三千", "预算放宽到三千五吧"], "超过三千", "三千五", id="zh-budget-widened"),
])
def test_bound_said_again_in_other_words_replaces_it(lang, turns, old, new):
    rules = rules_after(lang, *turns)
    assert status_of(rules, new) == "active"
    assert any(s == "lifted" for text, s in rules.items() if old in text and new not in text), rules


def test_two_bounds_of_other_kinds_stay_side_by_side():
    rules = rules_after("en", "Keep it under $900 please.", "Nothing before 9am.")
    assert status_of(rules, "900") == "active" and status_of(rules, "9am") == "active"


def test_a_value_inside_the_bound_does_not_move_it():
    rules = rules_after("en", "The date has to be before June 20.", "June 12 please.")
    assert status_of(rules, "June 20") == "active"


@pytest.mark.parametrize(("lang", "turns", "lifted"), [
    pytest.param("en", ["No long leases, we may move next year.", "OK, go with the 24-month lease then."], "leases", id="en"),
    pytest.param("zh", ["不要靠窗的位置。", "算了，那就靠窗吧。"], "靠窗", id="zh"),
])
def test_taking_what_a_rule_excluded_lifts_it(lang, turns, lifted):
    assert status_of(rules_after(lang, *turns), lifted) == "lifted"


def test_taking_something_else_keeps_the_rule():
    rules = rules_after("en", "No long leases, we may move next year.", "OK, go with the studio on Elm Street.")
    assert status_of(rules, "leases") == "active"


def test_a_time_asked_for_is_a_rule_zh():
    assert status_of(rules_after("zh", "下周三下午可以上门吗？"), "下周三") == "active"


@pytest.mark.parametrize(("turns", "status"), [
    pytest.param(["Nothing before 10am, please.", "Fine, the 8:15 it is."], "lifted", id="a-time-outside-the-bound"),
    pytest.param(["Nothing before 10am, please.", "Fine, the 11:40 it is."], "active", id="a-time-inside-the-bound"),
    pytest.param(["Keep it under $600.", "OK, I'll take the $640 one."], "lifted", id="an-amount-over-the-limit"),
])
def test_taking_a_value_outside_a_bound_lifts_it(turns, status):
    rules = rules_after("en", *turns)
    assert list(rules.values()) == [status], rules


@pytest.mark.parametrize(("lang", "text"), [
    pytest.param("en", "No signal since Monday, the router lights are red.", id="en-a-problem-is-no-rule"),
    pytest.param("en", "no hot water for three days now", id="en-a-problem-for-days"),
    pytest.param("zh", "我至少等了两个小时了", id="zh-waited-at-least"),
])
def test_a_problem_described_is_no_rule(lang, text):
    assert rules_after(lang, text) == {}


def test_a_day_asked_for_gives_way_to_the_day_taken_zh():
    rules = rules_after("zh", "周六上午可以上门吗？", {"role": "assistant", "content": "周六约满了，周日上午可以。"}, "那就周日吧")
    assert status_of(rules, "周六") == "lifted"


@pytest.mark.parametrize(("lang", "turns", "lifted"), [
    pytest.param("zh", ["每晚价格别超过200。", "那就订大床房吧，超一点也行。"], "200", id="zh-over-a-bit"),
    pytest.param("en", ["Nothing before 9am please.", "Actually earlier is fine too."], "9am", id="en-earlier-is-fine"),
])
def test_going_past_the_one_bound_lifts_it(lang, turns, lifted):
    assert status_of(rules_after(lang, *turns), lifted) == "lifted"


def stressed_after(text: str) -> dict[str, bool]:
    """{value: stressed} of the facts a user message states (stressed facts are pinned)."""
    t = Tracker("en", today="2026-03-02")
    t.observe({"role": "user", "content": text})
    return {f.value: f.stressed for f in t.state().facts}


@pytest.mark.parametrize("text", [
    pytest.param("Please remember, the budget is $450 at most.", id="remember"),
    pytest.param("Make sure the budget stays at $450.", id="make-sure"),
    pytest.param("Important: my budget is $450.", id="label"),
    pytest.param("It's really important to me that the budget is $450.", id="important-that"),
])
def test_stress_addressed_to_the_listener_pins_the_value(text):
    assert any("450" in v and stressed for v, stressed in stressed_after(text).items())


@pytest.mark.parametrize("text", [
    pytest.param("I'll always remember the trip, my budget was $450 then.", id="i-remember"),
    pytest.param("Family is so important to me. My budget is $450.", id="is-important"),
    pytest.param("I have an important meeting, my budget is $450.", id="an-important-x"),
    pytest.param("Remember when my budget was $450?", id="remember-when"),
])
def test_a_word_of_chat_is_no_stress(text):
    assert stressed_after(text) == {"$450": False}  # the value is read, not pinned


# issue 19 (cons3): ways of stating a rule read on the second blind set, each shown here on
# other words and domains (no phrase of that set)
SAID_OTHER_WAYS = [
    pytest.param("en", "The spare room needs to be wheelchair accessible, my dad uses a chair.", "wheelchair", id="en-needs-to-be"),
    pytest.param("en", "Fine, but ask me first before ordering any parts.", "ask me first", id="en-ask-me-first"),
    pytest.param("en", "Three guests, and my daughter has a severe shellfish allergy.", "shellfish", id="en-allergy"),
    pytest.param("en", "My partner is lactose intolerant, just so you know.", "lactose", id="en-intolerant"),
    pytest.param("en", "I need the report translated by the 4th at the latest.", "4th", id="en-at-the-latest"),
    pytest.param("en", "Either slot, but I have a meeting at 11 so not that one.", "meeting at 11", id="en-busy-time"),
    pytest.param("zh", "下午不太行，下午我要上课。", "上课", id="zh-busy-time"),
    pytest.param("zh", "换屏超过800就不换了，直接退机。", "800", id="zh-over-then-not"),
    pytest.param("zh", "要是能安排靠窗的位子就更好了。", "靠窗", id="zh-would-be-better"),
]


@pytest.mark.parametrize(("lang", "text", "part"), SAID_OTHER_WAYS)
def test_a_rule_said_in_other_ways_is_active(lang, text, part):
    assert status_of(rules_after(lang, text), part) == "active"


@pytest.mark.parametrize(("lang", "turns", "old", "new"), [
    pytest.param("en", ["Keep the total at max $400 please.", bot_says("That comes to $430."), "ok, stretch it to 450 then"],
                 "$400", "450", id="en-limit-raised"),
    pytest.param("en", ["I need the keys cut by the 12th at the latest.", "Actually the 15th is fine now."], "12th", "15th", id="en-deadline-moved"),
    pytest.param("zh", ["周三之前必须装好。", "周五也行了"], "周三", "周五", id="zh-deadline-moved"),
])
def test_a_bound_said_again_with_another_value_moves(lang, turns, old, new):
    rules = rules_after(lang, *turns)
    assert status_of(rules, old) == "lifted" and status_of(rules, new) == "active", rules


@pytest.mark.parametrize(("lang", "turns", "part"), [
    pytest.param("zh", ["最好是实木的。", bot_says("实木款要贵600元，板材款是1999元。"), "贵这么多啊，算了板材的就行"], "实木", id="zh-given-up"),
    pytest.param("zh", ["要是能周末上门就更好了。", bot_says("周末已经约满了，周一下午可以。"), "周末排不上也没办法，那就周一吧"], "周末", id="zh-no-way"),
    pytest.param("zh", ["要是能加个儿童座椅就更好了。", "儿童座椅先不要了"], "儿童座椅", id="zh-not-needed-any-more"),
])
def test_a_preference_given_up_is_lifted(lang, turns, part):
    assert status_of(rules_after(lang, *turns), part) == "lifted"


def test_declining_an_offer_with_thanks_is_no_rule():
    rules = rules_after("en", bot_says("Your car is booked. Would you like to add the windscreen cover for £9?"),
                        "no windscreen cover thanks, it's a short trip")
    assert rules == {}


def test_no_without_thanks_after_an_offer_stays_a_rule():
    rules = rules_after("en", bot_says("Do you want us to send paper statements?"), "No paper statements, email is enough.")
    assert status_of(rules, "paper") == "active"


@pytest.mark.parametrize(("lang", "turns", "old", "new"), [
    pytest.param("en", ["If the repair comes to more than $90, don't go ahead.", "ok, up to $120 is fine"], "$90", "$120", id="en-if-over-then-not"),
    pytest.param("zh", ["维修费超过500就不修了。", "600也行"], "500", "600", id="zh-over-then-not"),
])
def test_a_condition_over_a_value_is_a_bound_that_can_move(lang, turns, old, new):
    rules = rules_after(lang, *turns)
    assert status_of(rules, old) == "lifted" and status_of(rules, new) == "active", rules


def test_a_busy_time_with_words_between_is_a_rule_zh():
    assert status_of(rules_after("zh", "周三下午可以，晚上我得去医院陪床。"), "陪床") == "active"


# issue 19 (cons4): classes found on the cons4 dev chats and blind3, each shown here in other words


@pytest.mark.parametrize(("lang", "text", "part"), [
    pytest.param("en", "The total has to stay under $600, that's what the club gave me.", "$600", id="en-has-to-stay-under"),
    pytest.param("en", "The kids are sensitive so no glitter whatsoever.", "glitter", id="en-so-no-x"),
    pytest.param("en", "A film for the whole family, nothing too violent please.", "violent", id="en-nothing-too"),
    pytest.param("en", "I'm only free on weekday evenings.", "evenings", id="en-only-free"),
    pytest.param("zh", "报价低于800我就不修了，直接换新的。", "800", id="zh-under-then-not"),
    pytest.param("zh", "我只有周末上午有时间。", "周末上午", id="zh-only-free"),
    pytest.param("zh", "装修想在6月前完工。", "6月", id="zh-before-a-month"),
    pytest.param("zh", "材料最好下午5点前送到。", "5点前", id="zh-before-an-hour"),
])
def test_a_bound_or_exclusion_said_in_more_words_is_active(lang, text, part):
    assert status_of(rules_after(lang, text), part) == "active"


@pytest.mark.parametrize(("lang", "text"), [
    pytest.param("en", "no that's fine, just the main order", id="en-no-thats-fine"),
    pytest.param("en", "no thats ok", id="en-no-thats-ok"),
])
def test_no_as_an_answer_is_no_rule(lang, text):
    assert rules_after(lang, bot_says("Would you like a gift box for £4?"), text) == {}


@pytest.mark.parametrize(("lang", "turns", "part"), [
    pytest.param("en", ["Saturdays are no good for me, I coach football.", "forget what I said about Saturdays, the season's over"],
                 "Saturdays", id="en-forget-what-i-said"),
    pytest.param("en", ["I don't want to spend more than $80 on the cake.", bot_says("The two-tier one is $95."),
                        "that's over what I wanted, but fine, we'll get the two-tier"], "$80", id="en-over-what-i-said"),
    pytest.param("en", ["Weekends would be best for the viewing.", bot_says("We have Saturday 10am or Tuesday 5pm."),
                        "can you move it to Tuesday instead? saturday fell through"], "Weekends", id="en-day-off-the-week-part"),
    pytest.param("zh", ["最好安排在工作日。", bot_says("周三下午或者周六上午都可以。"), "那就周六上午吧"], "工作日", id="zh-day-off-the-week-part"),
    pytest.param("zh", ["必须晚上七点以后来。", "计划变了，几点都可以"], "七点", id="zh-any-time"),
])
def test_a_rule_given_up_in_other_words_is_lifted(lang, turns, part):
    assert status_of(rules_after(lang, *turns), part) == "lifted"


def test_a_narrower_availability_replaces_the_wider_one():
    rules = rules_after("en", "We can only do mornings or weekends for the survey.", "actually mornings only now, weekends are busy")
    assert status_of(rules, "or weekends") == "lifted" and status_of(rules, "mornings only") == "active", rules


def test_a_bound_relaxed_with_a_lift_word_is_the_new_bound_zh():
    rules = rules_after("zh", "最晚周五中午必须装好。", "实在来不及的话，周六上午10点前装好也可以。")
    assert status_of(rules, "周五") == "lifted" and status_of(rules, "10点前") == "active", rules


def test_a_budget_that_can_be_more_now_replaces_the_old_one():
    rules = rules_after("en", "The whole party has to stay under £500.", "good news, the budget can be £650 now")
    assert status_of(rules, "£500") == "lifted" and status_of(rules, "£650") == "active", rules


@pytest.mark.parametrize(("lang", "text", "part"), [
    pytest.param("en", "Our wedding is on the 3rd, so the dress has to be altered before then.", "3rd", id="en-before-then"),
    pytest.param("en", "That's all. Oh and please park the van in the back lane, the drive is narrow.", "back lane", id="en-please-park"),
    pytest.param("en", "The building only allows deliveries between 9 and 11am.", "9 and 11", id="en-only-between"),
    pytest.param("zh", "我平时不看邮件，有事打我爱人电话13800001111。", "爱人电话", id="zh-contact-when-needed"),
])
def test_a_rule_said_with_its_referent_or_as_a_standing_request_is_active(lang, text, part):
    assert status_of(rules_after(lang, text), part) == "active"


@pytest.mark.parametrize(("lang", "text", "part"), [
    pytest.param("en", "I can't spend more than 250 on the repair.", "250", id="en-cant-more-than"),
    pytest.param("zh", "装修款最多分三期，每期别超过两万可以吗？", "两万", id="zh-bound-asking-ok"),
])
def test_a_bound_asked_for_or_said_with_cant_is_active(lang, text, part):
    assert status_of(rules_after(lang, text), part) == "active"


def test_a_limit_said_with_cant_moves_when_a_past_value_is_fine():
    rules = rules_after("en", "I can't be without the van for more than 3 days.", "ok, up to 4 days is fine then")
    assert status_of(rules, "3 days") == "lifted" and status_of(rules, "4 days") == "active", rules


def test_a_time_asked_for_gives_way_to_another_part_of_the_day_zh():
    rules = rules_after("zh", "周日上午可以上门吗？", bot_says("周日上午排满了，下午三点可以。"), "那下午也行吧")
    assert status_of(rules, "上午") == "lifted", rules
