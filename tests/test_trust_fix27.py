"""Over-reaches of the blind23 round's new rules (fix27), from short chats of our own near each rule's shape that should
not trigger it: a need told as a story of the past ("it was mandatory at my old gym"), a gender of the helper that is not
required (不需要女老师, 不一定要女老师, 男老师女老师都行), a symptom that has stopped (已经不发烧了, 也不咳嗽了, 没发烧了),
a held English deadline moved by a story with "before" in it ("my son was born before christmas"), a bare 下 / 本 taken
as the month of a day ("催下15号前"), and 别 of a name read as an order in the system message's persona (云栖别墅)."""

import pytest

from tests.test_trust_fix26 import _facts, _state  # the state after messages; its current (key, value) pairs


def _musts(messages, lang):
    return [c.text for c in _state(messages, lang).constraints if c.status == "active" and c.polarity == "must"]


# --- cons25's "essential / mandatory" need: not a story of the past

@pytest.mark.parametrize("said", [
    "I need a personal trainer. it was mandatory at my old gym to do an induction",
    "a DBS check was essential at my last job, not sure here",
    "references were compulsory at the last agency we used",
])
def test_a_need_of_the_past_is_no_rule(said):
    assert _musts([("user", said)], "en") == []


def test_a_need_said_now_is_kept():
    assert _musts([("user", "a DBS check is essential, the kids are under 10")], "en")


# --- cons25's 要女老师: not when it is not needed or either will do

@pytest.mark.parametrize("said", ["不需要女老师，男老师也行", "不一定要女老师", "要男老师还是女老师都行", "要个女教练也行，男的也可以"])
def test_a_helper_not_required_is_no_rule(said):
    assert _musts([("user", said)], "zh") == []


def test_a_helper_required_is_kept():
    assert _musts([("user", "孩子是女孩，要女老师")], "zh")


# --- lead23's symptoms (and lead19's "也不…了"): a symptom that stopped is no problem

@pytest.mark.parametrize("said", ["孩子已经不发烧了，想预约复查", "烧退了，也不咳嗽了", "孩子没发烧了，想约个体检"])
def test_a_symptom_that_stopped_is_no_problem(said):
    assert not {k for k, _ in _facts([("user", said)], "zh")} & {"problem"}


@pytest.mark.parametrize("said", ["孩子发烧了，想挂个号", "猫吐了两天了", "空调突然不出风了"])
def test_a_symptom_or_fault_now_is_a_problem(said):
    assert "problem" in {k for k, _ in _facts([("user", said)], "zh")}


# --- miss25en's held deadline: a story with "before" in it does not move it

def test_a_story_with_before_moves_no_deadline():
    facts = _facts([("user", "need it done before friday"), ("assistant", "ok"),
                    ("user", "my son was born before christmas")], "en")
    assert ("deadline", "before friday") in facts and ("deadline", "before christmas") not in facts, facts


def test_a_held_deadline_said_again_as_fitting_moves():
    facts = _facts([("user", "need it done before friday"), ("assistant", "ok"),
                    ("user", "they extended their trip, so anything before May 29 works now")], "en")
    assert ("deadline", "before May 29") in facts, facts


# --- miss25zh's month before a deadline's day: a bare 下 / 本 is no month

@pytest.mark.parametrize("said, value", [("麻烦催下15号前要到", "15号前"), ("笔记本15号前要交", "15号前"),
                                         ("下个月15号前要到", "下个月15号前"), ("下周三前要到", "下周三前")])
def test_the_deadline_keeps_only_a_real_month_or_week(said, value):
    assert ("deadline", value) in _facts([("user", said)], "zh")


# --- cons25's persona sentence: 别 of a name is no order

def test_a_name_with_bie_in_the_persona_sets_no_rule():
    state = _state([("system", "你是云栖别墅民宿的客服助手，为客人提供接送。"), ("user", "你好")], "zh")
    assert [c.text for c in state.constraints] == []


# --- user27zh's 一点 with minutes: not "a little" after a word of how much

@pytest.mark.parametrize("said", ["再便宜一点二十吧", "能再少一点二十块吗"])
def test_a_little_is_no_clock(said):
    assert "time" not in {k for k, _ in _facts([("user", said)], "zh")}


def test_one_twenty_is_a_clock():
    assert ("time", "下午一点二十") in _facts([("user", "下午一点二十到")], "zh")


# --- lead23's slow or down service: "the line" / "the service" of a place is no fault of the user's

@pytest.mark.parametrize("said", ["the line is really slow at the post office, anyway can I book a slot for friday",
                                  "the service is so slow at that cafe lol, anyway 2 people for sunday"])
def test_a_queue_somewhere_is_no_problem(said):
    assert "problem" not in {k for k, _ in _facts([("user", said)], "en")}


@pytest.mark.parametrize("said", ["my internet's been really slow all week", "our phone line has been dead since monday"])
def test_the_users_own_service_down_is_a_problem(said):
    assert "problem" in {k for k, _ in _facts([("user", said)], "en")}


# --- cons25's "anyway / actually / btw / plus don't …": reassurance is no rule

@pytest.mark.parametrize("said", ["btw don't feel bad about the delay", "plus don't stress about it, we're flexible",
                                  "actually don't apologise, it happens"])
def test_reassurance_after_a_turn_word_is_no_rule(said):
    assert [c.text for c in _state([("user", said)], "en").constraints] == []


def test_an_order_after_a_turn_word_is_kept():
    assert [c.polarity for c in _state([("user", "actually don't ring the bell, the baby is asleep")], "en").constraints] == ["must_not"]


# --- cons25's "…发您" promise: what was sent, said with 是…的, is no promise

@pytest.mark.parametrize("said", ["那条短信不是我们发您的", "验证码是系统发您的"])
def test_what_was_sent_is_no_promise(said):
    assert _state([("user", "帮我改下地址"), ("assistant", said)], "zh").commitments == []


@pytest.mark.parametrize("said", ["付款链接发您微信", "电子发票发您的邮箱"])
def test_a_thing_to_be_sent_is_a_promise(said):
    assert [c.text for c in _state([("user", "帮我改下地址"), ("assistant", said)], "zh").commitments] == [said]


# --- miss25en's English deadline: "had to … before" of the past is no deadline now

@pytest.mark.parametrize("said", ["last time we had to return it before 5pm and it was a nightmare",
                                  "we used to need it done before 8 but not anymore"])
def test_a_deadline_of_the_past_is_none(said):
    assert "deadline" not in {k for k, _ in _facts([("user", said)], "en")}


def test_a_deadline_now_is_kept():
    assert ("deadline", "before 5pm") in _facts([("user", "it has to be back before 5pm please")], "en")
