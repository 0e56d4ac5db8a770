"""Issue 19 (prec33, blind29 round): facts no annotator writes, read on the freshly opened sets, stay out.

Conversations written for these tests (zh and en), each beside the case that must still be a fact:

- a tool record's notice that a thing was sent, to no address ("invoice": "emailed", "email": "quote sent",
  "safety_notice": "已发送短信"): the tool's deed, no value the user gave;
- a call's argument whose name says the value is to be kept away from ("avoid", "not_next_to", "unavailable"):
  the user's rule, no value they chose;
- (en) a day or a month on which a thing is refused ("no delivery on Friday", "nothing in March"): a rule, neither
  the day of the service nor an event of the user's. Chinese says it with the refusal after the day ("周五别送"),
  which the day readers already weigh (``notvalues.day_unfit``).
"""

from __future__ import annotations

import pytest

from tests.test_trust_values import bot, call, facts_of, result


@pytest.mark.parametrize(("lang", "record", "notice"), [
    pytest.param("en", {"booking": "SC-2251", "total": "£210", "invoice": "emailed"}, "emailed", id="en-invoice-emailed"),
    pytest.param("en", {"order": "TQ-0718", "total": "£785", "email": "quote sent"}, "quote sent", id="en-email-quote-sent"),
    pytest.param("en", {"order": "TQ-0718", "invoice": "sent by email"}, "sent by email", id="en-invoice-sent-by-email"),
    pytest.param("en", {"booking": "SC-2251", "reminder": "sent by text 1 hour before"}, "sent by text 1 hour before",
                 id="en-sent-by-text"),
    pytest.param("zh", {"booking": "HT-0513-02", "safety_notice": "已发送短信"}, "已发送短信", id="zh-sms-sent"),
    pytest.param("zh", {"case": "ZY-2291", "materials_list": "已发送邮箱"}, "已发送邮箱", id="zh-sent-to-mailbox"),
    pytest.param("zh", {"订单号": "LZF-0205-31", "付款链接": "已发短信"}, "已发短信", id="zh-link-texted"),
])
def test_trust_prec33_a_records_sent_notice_is_no_fact(lang, record, notice):
    said = "Book it please, the oak frame, my phone is 07700 900 123" if lang == "en" else "就订橡木框的，电话 13912345678"
    frame = "oak" if lang == "en" else "橡木"
    facts = facts_of(said, call("c1", "place_order", {"phone": "07700900123", "frame": frame}), result("c1", record), lang=lang)
    assert notice not in facts.values(), facts
    assert frame in facts.values()  # the call's own value stays
    assert any(str(v).startswith(tuple("SHTZL")) for v in facts.values()), facts  # and so does the record's reference


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_trust_prec33_a_sent_notice_with_its_address_stays(lang):
    facts = facts_of(call("c1", "book_visit", {"name": "Dan Whelan"}),
                     result("c1", {"booking": "BK-1", "link": "sent to dan.whelan@me.com"}), lang=lang)
    assert any("dan.whelan@me.com" in v for v in facts.values()), facts


@pytest.mark.parametrize(("lang", "said", "arguments", "refused"), [
    pytest.param("en", "Any day but Friday or Saturday, we are busy. Book me in please.",
                 {"name": "Ana Reyes", "unavailable": ["Friday", "Saturday"]}, "Friday, Saturday", id="en-unavailable"),
    pytest.param("en", "Please keep us away from the stage.", {"name": "Ana Reyes", "avoid": "stage area"}, "stage area",
                 id="en-avoid"),
    pytest.param("zh", "横幅别挨着酒类品牌，就这么定吧。", {"company": "麦香坊", "not_next_to": "酒类品牌"}, "酒类品牌",
                 id="zh-not-next-to"),
    pytest.param("zh", "中午十二点到两点别钻孔，老人要午睡。", {"address": "天府三街199号", "avoid": "12:00-14:00"},
                 "12:00-14:00", id="zh-avoid"),
])
def test_trust_prec33_a_refused_argument_is_no_fact(lang, said, arguments, refused):
    facts = facts_of(said, call("c1", "book_visit", arguments), result("c1", {"booking": "BK-4471"}), lang=lang)
    assert not any(refused in v for v in facts.values()), facts
    assert "BK-4471" in facts.values()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_trust_prec33_a_named_argument_stays(lang):
    facts = facts_of(call("c1", "book_visit", {"name": "Ana Reyes", "after": "12:00", "venue": "Oak Hall"}),
                     result("c1", {"booking": "BK-4471"}), lang=lang)
    assert "Oak Hall" in " ".join(facts.values()), facts


@pytest.mark.parametrize(("text", "refused"), [
    pytest.param("17 Orchard Way, GF4 8LR. Also no delivery on Friday, I am at work and the gate is locked.", "Friday",
                 id="no-delivery-on"),
    pytest.param("Survey then. And nothing in March, that's lambing.", "March", id="nothing-in"),
    pytest.param("I will not have anyone drilling on a Sunday, and the work must be done soon.", "Sunday", id="not-anyone-on"),
    pytest.param("yes the flyers. pls no drops on friday night, people bin them", "friday", id="no-drops-on"),
])
def test_trust_prec33_a_day_a_thing_is_refused_on_is_no_fact(text, refused):
    facts = facts_of(text, lang="en")
    assert not any(refused in v for v in facts.values()), facts


@pytest.mark.parametrize("text", ["Friday please, I am at work the rest of the week.",
                                  "his school is closed on the 11th, anything then?",
                                  "I'm not sure, maybe on Friday?"])
def test_trust_prec33_a_day_wanted_or_the_users_own_event_stays(text):
    facts = facts_of(bot("Which day suits you?"), text, lang="en")
    assert any(d in v for v in facts.values() for d in ("Friday", "11th")), facts


def test_trust_prec33_zh_a_day_refused_after_it_stays_out():
    """The Chinese shape says the refusal after the day; the day readers keep it out already."""
    facts = facts_of(bot("哪天送货方便？"), "周五别送，我上班，周六上午吧", lang="zh")
    assert not any(v.startswith("周五") for v in facts.values()), facts
    assert any("周六" in v for v in facts.values()), facts


@pytest.mark.parametrize(("text", "unfit", "wanted"), [
    pytest.param("wednesday is tight, can u send them tuesday?", "wednesday", "tuesday", id="tight"),
    pytest.param("Any day but not Monday, I drive him and Monday I work. Morning is better.", "Monday", None, id="i-work"),
])
def test_trust_prec33_a_day_taken_by_the_speakers_work_is_no_fact(text, unfit, wanted):
    facts = facts_of(bot("Which day suits you?"), text, lang="en")
    assert not any(unfit in v for v in facts.values()), facts
    assert wanted is None or any(wanted in v for v in facts.values()), facts


@pytest.mark.parametrize("text", ["Friday is tight but doable", "Monday I work from home so come then"])
def test_trust_prec33_a_day_said_doable_stays(text):
    assert any(d in v for v in facts_of(bot("Which day suits you?"), text, lang="en").values() for d in ("Friday", "Monday"))


def test_trust_prec33_zh_a_day_taken_by_work_stays_out():
    """The Chinese shape ("周三我上班") is read by the day readers already (prec31zh)."""
    facts = facts_of(bot("哪天方便？"), "周三我上班，周四吧", lang="zh")
    assert not any(v.startswith("周三") for v in facts.values()), facts


@pytest.mark.parametrize("text", [
    pytest.param("声音要轻一点 伊夜里睡不着 大的那只好了", id="person-cannot-sleep"),
    pytest.param("有事发短信 别打电话 我上班听不着", id="person-cannot-hear"),
    pytest.param("商标就要35类 我们不开店 只做网上", id="we-do-not-open"),
    pytest.param("哎对了 那个5公斤袋的先不上了 就两个", id="not-listed-yet"),
])
def test_trust_prec33_zh_not_doing_or_a_persons_state_is_no_fault(text):
    """(prec33) V不C ("打不着火") is a thing's fault; "不" after a pronoun or an adverb ("我们不开店", "先不上了") says what
    is not done, and after 睡 / 听 ("睡不着", "听不着") a person's state given as a reason. The English readers have no
    such reading (their faults are said in words of their own)."""
    facts = facts_of(bot("好的，还有别的要求吗？"), text, lang="zh")
    assert not any(k.startswith("problem") for k in facts), facts


@pytest.mark.parametrize("text", ["家里燃气灶打不着火了", "门锁打不开了，钥匙插不进"])
def test_trust_prec33_zh_a_things_fault_stays(text):
    facts = facts_of(bot("好的，还有别的情况吗？"), text, lang="zh")
    assert any(k.startswith("problem") for k in facts), facts


@pytest.mark.parametrize(("lang", "asked", "reply", "mere"), [
    pytest.param("zh", "分12期，每期898元。确认办理吗？", "行 就这样办", "这样办", id="zh-do-it-so"),
    pytest.param("zh", "需要我帮您预约领取时间吗？", "要得。我叫何家伟，电话18981305526", "得", id="zh-yaode"),
    pytest.param("zh", "底座要等6周。要不要先修手，底座到货再换？", "行吧 等就等 一起寄回给我", "等就等", id="zh-wait-then"),
    pytest.param("en", "What is your number and email?",
                 "07813 559 204, moira.baird@mail.com. Och, Hamish says he'll deal with it too", "Och", id="en-och"),
])
def test_trust_prec33_a_mere_yes_or_exclamation_is_no_answer(lang, asked, reply, mere):
    facts = facts_of(bot(asked), reply, lang=lang)
    assert mere not in facts.values(), facts


@pytest.mark.parametrize(("lang", "asked", "reply", "value"), [
    pytest.param("zh", "要大杯、中杯还是小杯？", "中", "中", id="zh-medium"),
    pytest.param("en", "Which grit would you like, fine or coarse?", "fine", "fine", id="en-fine"),
])
def test_trust_prec33_a_short_answer_that_names_a_value_stays(lang, asked, reply, value):
    assert any(value in v for v in facts_of(bot(asked), reply, lang=lang).values())


@pytest.mark.parametrize(("said", "field", "count", "shown"), [
    pytest.param("厨房那扇也装上，一共4扇", "windows", 4, "4扇", id="shan-windows"),
    pytest.param("卡尺改12把，车间又翻出两把", "calipers", 12, "12把", id="ba-calipers"),
    pytest.param("明信片6款图，每款200张", "designs", 6, "6款", id="kuan-designs"),
])
def test_trust_prec33_zh_a_records_count_in_the_users_classifier(said, field, count, shown):
    facts = facts_of(said, call("c1", "book_job", {"name": "刘建军", field: count}), result("c1", {"booking": "AX-5250"}), lang="zh")
    assert facts.get(field) == shown, facts


def test_trust_prec33_zh_a_records_count_keeps_no_english_noun():
    facts = facts_of("就这样订吧", call("c1", "book_job", {"name": "刘建军", "passengers": 4}), result("c1", {"booking": "AX-5250"}),
                     lang="zh")
    assert facts.get("passengers") == "4", facts
    facts = facts_of("book it please", call("c1", "book_job", {"name": "Ana Reyes", "passengers": 4}),
                     result("c1", {"booking": "AX-5250"}), lang="en")
    assert facts.get("passengers") == "4 passengers", facts  # English keeps the field's noun
