"""Values the user gives that the state missed, in Chinese, by shapes that recur across the open sets (miss30zh).

- a pick from a numbered list the assistant offers ("有两种：1）全包代办，3.8万；2）只代办材料，1.2万。", "①…；②…"): the
  marks say where each option starts, so the user's pick by a part of its name ("编织的吧"), by its place ("第二个吧")
  or by a short name ("三点那个吧") is read, and a reply that names none of them leaves it standing. English numbered
  lists are left to the English lane (the same reader moved picks both ways on the English chats).
- an amount said in Chinese numerals with no unit ("工资就八千多", "月租一千八", "物业费每月两百"): kept as a bare number
  in digits is ("月租1800"), keyed by the noun it is said of, the period between them passed over, with the word
  that makes it approximate (多, 来, 左右) and, when the noun is said right before it, as one phrase with it.
  English has no such shape (amounts in words go through the number parser there).
"""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from ctxgraph.extract.options import offered_options
from tests.test_graph import bot, user


def current(*messages, lang: str = "zh") -> list[str]:
    t = Tracker(lang)
    t.observe_many(list(messages))
    return [f.value for f in t.state().facts if f.status == "current"]


@pytest.mark.parametrize(("text", "items"), [
    ("鱼缸清洗有三种：1）只换水，80元；2）换水加洗滤材，150元；3）全缸翻新，300元。您看选哪个？",
     ["只换水，80元", "换水加洗滤材，150元", "全缸翻新，300元"]),
    ("我们有两种：①包月卡，每月260元；②次卡，每次35元。还有问题随时问。", ["包月卡，每月260元", "次卡，每次35元"]),
    ("轮胎有：1）2条装，1200元；2）4条装，2200元。", ["2条装，1200元", "4条装，2200元"]),  # a digit right after the mark
])
def test_trust_miss30zh_numbered_list_items_are_the_options(text, items):
    assert [o.text for o in offered_options(text, "zh")] == items


@pytest.mark.parametrize("text", [
    "您的房间在3、5楼之间的夹层。",       # a digit and 、 is no list mark
    "第1)条已经办好，2）条明天办。",        # no item 1 at a boundary
    "1）先拍照留证。然后2）再联系我们。",   # the marks in two sentences
])
def test_trust_miss30zh_no_numbered_list_without_its_marks_in_one_sentence(text):
    assert len(offered_options(text, "zh")) < 2


@pytest.mark.parametrize(("offer", "reply", "said"), [
    ("窗帘有三种：1）普通遮光布，每米45元；2）全遮光加厚布，每米78元；3）纱帘，每米30元。", "全遮光那个吧 卧室要黑一点", "全遮光那个"),
    ("年检代办有两种：1）全程代办，上门取车，260元；2）只代预约，您自己开去，80元。", "就第二个吧 我自己开过去", "第二个"),
    ("修补有三种：1）普通补胎，30元；2）蘑菇钉补胎，80元；3）换新胎，420元。", "蘑菇钉的吧 跑高速多", "蘑菇钉的"),
])
def test_trust_miss30zh_pick_from_a_numbered_list_is_kept(offer, reply, said):
    got = current(user("你好 想问一下"), bot(offer), user(reply), bot("好的，帮您登记了。请问什么时候方便？"))
    assert any(said in v for v in got), got


def test_trust_miss30zh_pick_stands_after_a_reply_that_names_no_other_option():
    """The old reader cut "建议…或…" out of the message as the list, so a reply naming 面诊 took the pick back."""
    got = current(user("想做个美白"),
                  bot("美白有三种：1）水光针，1800元；2）光子嫩肤，2600元；3）皮秒，4800元。想快点见效的话，建议光子或皮秒，具体要面诊定。"),
                  user("光子那个吧 面诊要钱吗"),
                  bot("面诊免费，医生挂号费100元，可以抵项目费用。"))
    assert any("光子那个" in v for v in got), got


@pytest.mark.parametrize(("text", "said"), [
    ("工资就八千多 车贷压力有点大", "八千多"),
    ("月租一千八 水电另算", "一千八"),
    ("物业费每月两百 停车费三百", "两百"),
    ("物业费每月两百 停车费三百", "三百"),
    ("孩子学费一年六千五", "六千五"),
])
def test_trust_miss30zh_amount_in_chinese_numerals_is_kept(text, said):
    got = current(bot("您好，请问有什么可以帮您？"), user(text))
    assert any(said in v for v in got), got


@pytest.mark.parametrize("text", [
    "房租两千块 押一付三",   # a unit after it: no bare amount
    "我家老二十二了",         # no place value: an age or a count, not an amount
])
def test_trust_miss30zh_no_bare_amount_without_its_shape(text):
    t = Tracker("zh")
    t.observe_many([user(text)])
    assert not [f for f in t.state().facts if f.status == "current" and f.key in ("房租", "老二", "我家")], t.state().facts
