"""Values the user gives that the state missed, in Chinese, by shapes that recur across the open sets (miss31zh).

- a reply that opens with a bare word of the choices the assistant just gave ("常规。", "线装 宣纸那种", "半盔就行，要粉色的",
  "大包嘛 第二轮", "就第一种嘛", "用718的那个吧", "包钢个好"), when the offer is prose no pick reader split: the pick
  is a ``choice_t<turn>`` fact with the user's words (and the offer's name for it when it goes on: "正式的 (正式评估报告)").
  A yes or no, a denial, a day or a time, a kind of detail the assistant asked for, a question, a message that takes
  it back later, and a word every option says pick nothing; a later fact that takes another choice of the same offer
  (a booking's ``room: 大房``) or changes the picked value ("零担" booked, then "4.2米整车") retracts it.
  English has no such shape here (the English lane's readers take "the X one").
"""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from ctxgraph.extract.barepicks import bare_word, offers_word
from tests.test_graph import bot, user


def current(*messages, lang: str = "zh", without: str | None = None) -> list[str]:
    t = Tracker(lang)
    if without:
        t.extractor.steps[:] = [s for s in t.extractor.steps if s != without]
    t.observe_many(list(messages))
    return [f.value for f in t.state().facts if f.status == "current"]


@pytest.mark.parametrize(("offer", "reply", "said"), [
    ("报价合计1460元，常规5个工作日出证书，月底前来得及。加急3个工作日需加30%。", "常规。另外卡尺我再数一下", "常规"),
    ("纱窗做两种：1. 铝合金纱窗，每平米95元；2. 金刚网纱窗，每平米210元。家里有猫的一般选第二种。", "就第二种嘛，家里有猫", "第二种"),
    ("门头字可以做两种：发光字每个字260元，亚克力平面字每个字90元。", "发光字个好 晚上看得见", "发光字个好"),
    ("请问是邮寄还是到店自取？", "自取的，我住得近", "自取的"),
    ("模具钢我们常用两种：1. S136 钢，寿命约20万模；2. 2344H 钢，寿命约40万模。", "用2344的那个吧，先做一万个", "2344的那个"),
    ("评估有两种：简易咨询报告300元，正式评估报告按评估值0.1%收费，最低1500元。", "那就正式的。银行要的", "正式的 (正式评估报告)"),
])
def test_trust_miss31zh_bare_pick_of_an_offered_word_is_kept(offer, reply, said):
    messages = (user("你好 想问一下"), bot(offer), user(reply))
    got = current(*messages)
    assert said in got, got
    assert said not in current(*messages, without="bare_picks")  # no other step reads it


@pytest.mark.parametrize(("offer", "reply", "word"), [
    ("确认修改吗？修改后不能再改。", "确认", "确认"),                                  # a yes
    ("需要上门安装吗？上门安装加80元，也可以自己装。", "不用 我自己装", "不用"),           # a no
    ("请提供手机的IMEI或者SN，我查一下保修。", "IMEI 860123456789012", "IMEI"),          # a kind of detail to give
    ("维修报告可以发邮箱或者寄纸质版，请留一个邮箱。", "邮箱 abc_1@qq.com", "邮箱"),        # a detail given right after its kind
    ("可以约周三上午或者周五下午。", "周五下午吧", "周五下午"),                           # a time: the slot steps' to read
    ("有小号和大号两种，大号贵20元。", "大号？能装多少", "大号"),                           # a question
    ("有线上和线下两种课，线下在徐汇。", "线下吧 哦不对 还是线上吧 离得远", "线下"),         # taken back later
    ("只有一种套餐，每月99元，含20G流量。", "套餐吧", "套餐"),                              # no choice offered
])
def test_trust_miss31zh_bare_words_that_pick_nothing(offer, reply, word):
    messages = (user("你好"), bot(offer), user(reply))
    assert current(*messages) == current(*messages, without="bare_picks")


def test_trust_miss31zh_bare_pick_leaves_other_steps_picks_alone():
    """A reply another pick step reads ("X那个吧") keeps that step's pick, no second copy."""
    got = current(user("想订包间"), bot("小包间坐8人，大包间坐14人，都有投影。"), user("大包间那个吧"))
    assert sum("大包间" in v for v in got) == 1, got


def test_trust_miss31zh_bare_pick_retracted_when_the_booking_takes_another_choice():
    messages = [user("想订个房 周六晚上 8个人"),
                bot("周六晚上8人可以订中房（6到10人，398元），或者大房（10到15人，598元）。"),
                user("中房啦 加个蛋糕"),
                bot("好的，中房398元。几点到？"),
                user("8点半 哦又多了4个人 12个人了"),
                bot("12人建议换大房，598元。"),
                user("咁就大房 ok"),
                {"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function", "function": {
                    "name": "book_room", "arguments": '{"room": "大房", "people": 12}'}}]},
                {"role": "tool", "tool_call_id": "c1", "content": '{"booking_no": "KT-0529-07", "room": "大房", "price": 598}'},
                bot("订好了，大房，订单号KT-0529-07。"),
                user("好 谢谢")]
    got = current(*messages)
    assert not any(v.startswith("中房") for v in got), got


def test_trust_miss31zh_bare_pick_retracted_when_its_value_changes_later():
    messages = [user("要发一批冷冻货到上海 两吨"),
                bot("报价：零担（拼车）4600元，3到4天到；包一台4.2米冷藏整车7800元，48小时到。您选哪种？"),
                user("零担嘛，便宜些"),
                {"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function", "function": {
                    "name": "book", "arguments": '{"type": "零担"}'}}]},
                {"role": "tool", "tool_call_id": "c1", "content": '{"waybill": "YD-118402", "type": "零担"}'},
                bot("已下单，运单号YD-118402，零担。"),
                user("等一哈 上海那边要得急 那还是包车嘛"),
                {"role": "assistant", "content": None, "tool_calls": [{"id": "c2", "type": "function", "function": {
                    "name": "change", "arguments": '{"waybill": "YD-118402", "type": "4.2米整车"}'}}]},
                {"role": "tool", "tool_call_id": "c2", "content": '{"waybill": "YD-118402", "type": "4.2米整车", "price": 7800}'},
                bot("已改成4.2米整车，7800元。"),
                user("要得")]
    got = current(*messages)
    assert not any(v.startswith("零担") for v in got), got


@pytest.mark.parametrize(("clause", "expected"), [
    ("就第一种嘛", ("第一种", "第一种")), ("包钢个好", ("包钢个好", "包钢")), ("C1的", ("C1的", "C1")),
    ("确认", None), ("不要了", None), ("礼拜四下半天吧", None), ("来一刀", ("一刀", "一刀")),
])
def test_trust_miss31zh_bare_word_reads_the_clause(clause, expected):
    assert bare_word(clause) == expected


def test_trust_miss31zh_lead_that_is_the_words_first_letter_picks_nothing():
    """"对讲机吧": 对 is no accepting lead before 讲机 when the offer says 对讲机."""
    got = current(user("想租点设备"), bot("我们有对讲机和扩音器两种，对讲机每台每天25元。"), user("对讲机吧"))
    assert "讲机" not in got, got


@pytest.mark.parametrize(("offer", "word", "expected"), [
    ("请问是线装还是精装？", "线装", True),
    ("开一个门洞：包钢加固约1.2万元，碳纤维加固约8500元。", "包钢", True),
    ("请提供户号或者用电地址。", "户号", False),
    ("1680元的那个含教材。", "80", False),  # a piece of a number
])
def test_trust_miss31zh_offers_word(offer, word, expected):
    assert offers_word(offer, word) is expected


def test_trust_miss31zh_bare_pick_put_off_picks_nothing():
    messages = (user("想买个保温杯"), bot("有两款：普通款69元，加厚保温款99元。"), user("加厚保温款吧，我再跟老公商量下"))
    assert current(*messages) == current(*messages, without="bare_picks")


def kin_values(text: str) -> list[str]:
    t = Tracker("zh")
    t.observe_many([user("你好 想问个事"), bot("您好，请讲。"), user(text)])  # (the opening message is the want)
    return sorted(f.value for f in t.state().facts if f.key.startswith("person_"))


@pytest.mark.parametrize(("text", "said"), [
    ("收货的是我小舅子 曲明亮 电话13904000000", "我小舅子"),   # an in-law, with the name after it
    ("行 我叫王丽 13800001111 我闺蜜也要来", "我闺蜜"),         # a close friend, after a possessive
    ("屋里五口人 我 堂客 儿子 媳妇 还有我娘老子", "堂客"),      # Hunan: the wife, the mother
    ("捐二千 头先同家姐倾过 一人出几百", "家姐"),              # Cantonese: the elder sister
    ("人数可能要变 我幺舅他们来不来还不晓得", "我幺舅"),        # south-west: the youngest uncle
    ("俺老伴儿说字太小 看不清", "俺老伴儿"),                    # a spouse, after the dialect's 俺
    ("好额，礼拜三来好伐，阿拉儿子在屋里等侬", "阿拉儿子"),       # Shanghainese possessive 阿拉
])
def test_trust_miss31zh_dialect_kin_is_a_person(text, said):
    assert said in kin_values(text)


@pytest.mark.parametrize("text", [
    "闺蜜装有没有大码的",     # a possessive-only noun without one
    "那个老爷子的车挡住路了",  # an old man, no kin of the user's
])
def test_trust_miss31zh_possessive_only_kin_needs_the_possessive(text):
    assert not any(v in ("闺蜜", "老爷子") for v in kin_values(text))
