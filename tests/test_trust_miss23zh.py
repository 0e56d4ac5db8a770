"""Trust tests of the miss23zh lane (issue 19, blind22 round): Chinese values the user gives that the state missed -
phone numbers typed in parts or with a country code, a bare phone before a rule of its own, the way the user pays."""

from ctxgraph import Tracker


def _facts(lang, messages):
    t = Tracker(lang)
    for role, content in messages:
        t.observe({"role": role, "content": content})
    return {f.key: f.value for f in t.state().facts if f.status == "current"}


def _all(lang, messages):
    t = Tracker(lang)
    for role, content in messages:
        t.observe({"role": role, "content": content})
    return [(f.key, f.value, f.status) for f in t.state().facts]


# --- phones ---------------------------------------------------------------------------------------------------


def test_zh_landline_typed_in_parts_is_whole():
    facts = _facts("zh", [("user", "我是前台李敏，座机电话010-6521 3388，有事打这个")])
    assert "010-6521 3388" in facts.values()
    assert "010" not in facts.values()


def test_zh_phone_abroad_with_country_code():
    facts = _facts("zh", [("user", "我人在温哥华 联系我打这个 +1 604 555 0192")])
    assert "+1 604 555 0192" in facts.values()


def test_zh_bare_phone_before_a_rule_of_its_own():
    facts = _facts("zh", [("user", "联系人写我 刘洋 13911112222 别给我爸打电话")])
    assert "13911112222" in facts.values()


def test_zh_bare_value_then_its_refusal_still_one_piece():
    from ctxgraph.extract.context import Mention
    from ctxgraph.extract.facts import _zh_piece

    for text, after in (("周六上午 不行 周日下午吧", "周六上午 不行"), ("周六上午 那天我要上班", "周六上午 那天我要上班"),
                        ("周六上午 别给我打电话了", "周六上午")):
        m = Mention(0, 4, "DATE", "周六上午", "", None, None, "value")
        assert text[slice(*_zh_piece(text, m, 0, len(text)))] == after


def test_en_phone_abroad_unchanged():
    facts = _facts("en", [("user", "you can reach me on +44 7700 900 123")])
    assert "+44 7700 900 123" in facts.values()


# --- how the user pays ----------------------------------------------------------------------------------------


def test_zh_payment_cash_then_transfer():
    states = _all("zh", [("user", "尾款我给现金，扫码我不会弄"),
                         ("user", "女儿说带那么多现金不安全，那就转账吧")])
    assert ("payment", "现金", "superseded") in states
    assert ("payment", "转账", "current") in states


def test_zh_payment_ruled_out_is_not_the_way():
    facts = _facts("zh", [("user", "我们只走对公转账，不收现金")])
    assert facts.get("payment") == "对公转账"


def test_zh_payment_by_month_and_in_full():
    assert _facts("zh", [("user", "会员费按月交吧 先试一个月")]).get("payment") == "按月交"
    assert _facts("zh", [("user", "那就先订二十箱 全款 下次再看")]).get("payment") == "全款"


def test_zh_payment_words_of_other_things_are_no_payment():
    facts = _facts("zh", [("user", "店里要配个刷卡机，我手上有转账记录可以发你")])
    assert "payment" not in facts


# --- days said with 个 and with 晚 -----------------------------------------------------------------------------


def test_zh_next_week_with_ge_is_whole_and_next_week():
    import datetime

    from ctxgraph._normalize import parse_date

    facts = _facts("zh", [("user", "下个礼拜四下午我自己过去拿")])
    assert "下个礼拜四下午" in facts.values()
    monday = datetime.date(2027, 3, 1)
    assert parse_date("下个礼拜四", monday) == "2027-03-11"
    assert parse_date("这个星期五", monday) == "2027-03-05"


def test_zh_day_with_wan_ending_the_phrase():
    facts = _facts("zh", [("user", "想订个包间 礼拜五晚 六个人")])
    assert "礼拜五晚" in facts.values()
    assert "周五晚饭" not in _facts("zh", [("user", "周五晚饭想吃点清淡的")]).values()


# --- a count in a piece of its own beside a rule ----------------------------------------------------------------


def test_zh_count_in_its_own_piece_beside_a_rule():
    states = _all("zh", [("user", "想装几个墙插"), ("assistant", "一般一个房间装一个。"),
                         ("user", "客厅一定要装 那就5个插座"), ("user", "厨房不装了 那就4个")])
    assert ("count_插座", "5个插座", "superseded") in states
    assert ("count_插座", "4个插座", "current") in states


# --- the user's name after what they are at work -----------------------------------------------------------------


def test_zh_name_after_a_work_title():
    facts = _facts("zh", [("user", "公司是华辰建材有限公司 我是采购经理 钱浩 13900001234")])
    assert facts.get("name") == "钱浩"
    assert _facts("zh", [("user", "我是店长 刘建新 有事找我")]).get("name") == "刘建新"


# --- the person the user asks for by surname and title ----------------------------------------------------------


def test_zh_person_asked_for_by_surname_and_title():
    assert _facts("zh", [("user", "想找陈主任 下周能约吗")]).get("staff") == "陈主任"
    facts = _facts("zh", [("assistant", "有两位：张丽医生团队，或者李强医生团队。"), ("user", "张医生那个吧")])
    assert facts.get("staff") == "张医生"


def test_zh_thanks_or_a_slot_of_the_title_is_no_pick():
    assert "staff" not in _facts("zh", [("user", "好的 谢谢老师")])
    assert "staff" not in _facts("zh", [("user", "要黄主任的号，周五上午那个")])
