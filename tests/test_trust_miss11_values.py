"""What blind11 missed that is read by the sentence's structure (miss11), none of it a bench chat's words:

- a clock typed with a dot is one clock ("7.30pm", "9.15 am"), never its minutes alone ("30pm");
- an en address whose first part follows a label word ("address 22 larkspur road, …") or a business or house
  name after "it's" ("its Greenway Motors, 7 Station Road, …"), also before an address the address pattern read whole;
- a zh condition of the speaker's body (我腿脚不太好), of a person who is no kin (有个学生对花生过敏), an operation
  had (他去年做过心脏搭桥手术) and a medicine taken beside a condition (在吃降压药); en conditions are unchanged;
- a tool's clock in the words the assistant offered it by, when the user picked the option by its day ("周日那个"),
  the tool's normal form kept beside it."""

from __future__ import annotations

import pytest

from tests.test_graph import bot, call, result, user
from tests.test_trust_miss10_values import current, values


# ------------------------------------------------------------------ clocks with a dot (en)

@pytest.mark.parametrize(("text", "said"), [
    ("friday then. 7.30pm start, contact is me", "7.30pm"),
    ("thursday, 9.15 am, she's up by then", "9.15 am"),
    ("can you come at 6.45pm", "6.45pm"),
])
def test_trust_miss11_a_clock_with_a_dot_is_one_clock(text, said):
    got = current(user(text), lang="en")
    assert any(said in v for v in values(got, "time")), got
    assert not any(v.startswith(said.split(".")[1]) for v in values(got, "time")), got


def test_trust_miss11_a_price_with_a_dot_is_no_clock():
    got = current(user("bridge lessons for 4 of us, we can pay 12.50 each"), lang="en")
    assert not values(got, "time"), got


def test_trust_miss11_zh_clocks_unchanged_by_the_dot_rule():
    got = current(user("周五晚上7点半开始"), lang="zh")
    assert not any("30pm" in v for _, v in got), got


# ------------------------------------------------------------------ address lead-ins (en)

@pytest.mark.parametrize(("text", "parts"), [
    ("weds pm. address 22 larkspur road, kettering NN15 7AB", ["22 larkspur road", "kettering", "NN15 7AB"]),
    ("7th. its Hartley Jewellery Repairs, 3 Abbey Arcade, Shrewsbury SY1 1HH. ask for me", ["Hartley Jewellery Repairs", "3 Abbey Arcade"]),
    ("it's Willow Barn, 2 Back Lane, Kirkby Stephen CA17 4QE", ["Willow Barn", "2 Back Lane"]),
    ("its Greenway Motors, 7 Station Road, Leyburn DL8 5AA. on the forecourt pls", ["Greenway Motors", "7 Station Road"]),
])
def test_trust_miss11_address_first_part_after_a_lead_in(text, parts):
    got = current(bot("What's the address?"), user(text), lang="en")
    assert any(all(p in v for p in parts) for v in values(got, "address")), got


@pytest.mark.parametrize("text", [
    "address is the same yes, CH4 8PL",          # a label word with no house number after it
    "its near the station, SY1 1HH",             # "it's" before no name and no number
])
def test_trust_miss11_no_lead_in_without_a_name_or_number(text):
    got = current(user(text), lang="en")
    assert not [v for v in values(got, "address") if "same" in v or "near" in v], got


def test_trust_miss11_an_address_read_whole_takes_no_part_after_it():
    got = current(user("7 Station Road, Leyburn DL8 5AA, round the back pls"), lang="en")
    assert not any("round the back" in v for v in values(got, "address")), got


def test_trust_miss11_zh_addresses_keep_their_own_reader():
    got = current(bot("地址是？"), user("地址是杭州市西湖区文三路88号"), lang="zh")
    assert any("文三路88号" in v for v in values(got, "address")), got


# ------------------------------------------------------------------ conditions (zh)

@pytest.mark.parametrize(("text", "said"), [
    ("我腿脚不太好，教室最好在一楼", "腿脚不太好"),
    ("我膝盖一直疼 上下楼梯最难受", "膝盖一直疼"),
    ("对 我右脚骨折了 打着石膏", "右脚骨折"),
    ("那要说一下 我对菊花过敏", "菊花过敏"),
    ("有个学生对花生过敏 午餐别有花生", "花生过敏"),
    ("10公里的 我们有个队员对蜂蜜过敏 午餐注意下", "蜂蜜过敏"),
    ("他去年做过心脏搭桥手术 走路慢", "心脏搭桥手术"),
    ("室友小雯做过近视手术 去年10月做的", "近视手术"),
    ("还有她右手之前骨折过，现在好了但写字有点慢", "右手之前骨折过"),
])
def test_trust_miss11_zh_condition_holders_and_predicates(text, said):
    got = current(user("你好 想咨询一下"), bot("您好，请说。"), user(text), lang="zh")
    assert any(said in v for v in values(got, "condition")), got


def test_trust_miss11_zh_medicine_beside_a_condition():
    got = current(user("想给我妈订午餐"), bot("有什么忌口吗？"), user("她有高血压 在吃降压药 菜要少盐"), lang="zh")
    assert any("高血压" in v and "降压药" in v for v in values(got, "condition")), got


@pytest.mark.parametrize("text", [
    "网课我觉得不太好 还是线下吧",                      # an opinion, no body part
    "我网络不太好 视频老卡",                            # the speaker's thing, no body part
    "对坚果过敏的人能上吗 我们俩都不过敏 就问问",        # an allergy asked about, and denied
    "问下做过手术的人能打吗 帮朋友问的",                # an operation asked about, no holder
    "她有高血压 在吃饭的时候要少盐",                    # 在吃饭 is no medicine
])
def test_trust_miss11_zh_no_condition_without_a_holder_or_a_body_part(text):
    got = current(user("你好"), bot("您好，请说。"), user(text), lang="zh")
    conds = values(got, "condition")
    assert not any(w in v for v in conds for w in ("觉得", "网络", "坚果", "做过手术", "吃饭")), got


def test_trust_miss11_en_conditions_unchanged():
    got = current(user("one boy has a nut allergy so no nuts near the food please"), lang="en")
    assert values(got, "condition") == ["one boy has a nut allergy"], got


# ------------------------------------------------------------------ the offered words for a tool's clock

def test_trust_miss11_zh_tool_clock_in_the_offered_words():
    got = current(user("想给女儿报芭蕾试听"), bot("有两个时间：周六上午9点、周日下午2点。"), user("周日那个"),
                  call("c1", "book_trial", {"date": "2026-08-30", "time": "14:00"}), result("c1", {"ok": True}),
                  lang="zh")
    assert any("下午2点" in v and "14:00" in v for v in values(got, "time")), got


def test_trust_miss11_zh_user_words_win_over_the_offered_ones():
    got = current(user("想约洗澡服务"), bot("11月13日周五上午10点有空，可以吗？"), user("可以，就周五上午十点"),
                  call("c1", "book", {"date": "2026-11-13", "time": "10:00"}), result("c1", {"ok": True}), lang="zh")
    assert any("上午十点" in v for v in values(got, "time")), got


def test_trust_miss11_en_tool_clock_in_the_offered_words():
    got = current(user("a trial class for my daughter"), bot("We have Saturday at 9am or Sunday at 2pm."),
                  user("sunday one"), call("c1", "book_trial", {"date": "2026-08-30", "time": "14:00"}),
                  result("c1", {"ok": True}), lang="en")
    assert any("2pm" in v for v in values(got, "time")), got


# ------------------------------------------------------------------ where the user lives (zh)

@pytest.mark.parametrize(("text", "place"), [
    ("闵行的吧 我们住莘庄", "莘庄"),
    ("下午的吧 上午赶不过去 我们住市区", "市区"),
    ("我家住在城东那边 过去远吗", "城东"),
])
def test_trust_miss11_zh_where_the_user_lives(text, place):
    got = current(user(text), lang="zh")
    assert place in values(got, "居住地"), got


@pytest.mark.parametrize("text", ["我们住两晚", "我家住七楼", "我住院了", "我们住得远", "我们住酒店", "你们住哪"])
def test_trust_miss11_zh_a_stay_a_floor_or_a_manner_is_no_home(text):
    got = current(user(text), lang="zh")
    assert not values(got, "居住地"), got


def test_trust_miss11_en_has_no_home_reader():
    got = current(user("we live in Didsbury, is that in your area"), lang="en")
    assert not values(got, "居住地"), got
