"""miss28zh: Chinese values the user gives that the state missed (issue 19, blind26 round). Each test is a short chat
of my own and failed before its rule.

The shape mended: a count said with its measure word and no noun after it ("送八羽", "那就十羽了", "油10桶",
"尿素40袋"), the tallies step (ctxgraph/extract/tallies.py). It is Chinese only: an English count carries its plural
noun ("2 bags", the counts step's) and a bare English number is read by the changes and asked steps.
"""

import pytest

from ctxgraph import Tracker
from ctxgraph.extract.registry import with_step
from tests.test_trust_user30zh import _current, _facts as _default_facts  # one key's current values; every fact


def _facts(messages, lang="zh"):
    """(key, value, status) of every fact, the optional tallies step switched on (it is off by default since the merge:
    registry.OPTIONAL_STEPS)."""
    t = Tracker(lang=lang)
    t.extractor.steps[:] = with_step(t.extractor.steps, "tallies")
    t.observe_many([{"role": r, "content": c} for r, c in messages])
    return [(f.key, f.value, f.status) for f in t.state().facts]


def test_tallies_is_off_by_default():
    facts = _default_facts([("assistant", "您好，秋季赛每羽报名费500元，5月底前送棚。"), ("user", "送六羽，都是今年春天出的")])
    assert not _counts(facts), facts


#: the keys a count takes: ``count_<noun>``, or its measure word alone (the key a bare answer to "几组？" takes)
_MEASURES = set("个件台部张箱瓶只套杯盒袋包双条支本把顶辆束副盆根桶罐桌枚棵盏颗组羽斤吨打床头亩串捆卷筐")


def _counts(facts):
    return sorted(v for k, v, status in facts if (k.startswith("count_") or k in _MEASURES) and status == "current")


def _values(facts):
    return [v for _, v, status in facts if status == "current"]


# --- a count with its measure word and no noun is kept, and a later count of the same kind replaces it

def test_a_bare_count_is_kept_and_a_later_one_replaces_it():
    facts = _facts([("assistant", "您好，秋季赛每羽报名费500元，5月底前送棚。"),
                    ("user", "送六羽，都是今年春天出的"),
                    ("assistant", "好的，六羽。"),
                    ("user", "我儿子说再加两羽，那就八羽了")])
    assert _counts(facts) == ["八羽"], facts
    assert not any(v.endswith("六羽") or v == "两羽" for v in _values(facts)), facts


@pytest.mark.parametrize("messages, value", [
    ([("user", "要订一批货架，大概十组"), ("assistant", "好的，十组。"), ("user", "又开了个仓，再加两组，12组")], "12组"),
    ([("user", "想报名秋季赛，报五羽"), ("assistant", "好的。"), ("user", "有一羽病了 就报四羽吧")], "四羽"),
    ([("user", "我们办公室要订午餐，大概15个"), ("assistant", "好的。"), ("user", "今天有人请假 算12个吧")], "12个"),
])
def test_a_count_changed_in_a_later_message(messages, value):
    facts = _facts(messages)
    assert _counts(facts) == [value], facts


# --- the noun right before the count is the thing counted, and the value keeps it

@pytest.mark.parametrize("text, values", [
    ("茶叶蛋要30个 矿泉水12桶", ["矿泉水12桶"]),
    ("毛巾五十条 牙刷要八十支", ["牙刷要八十支", "毛巾五十条"]),
])
def test_the_noun_before_a_count_is_kept_with_it(text, values):
    facts = _facts([("assistant", "请问各要多少？"), ("user", text)])
    for value in values:
        assert any(value in v for v in _values(facts)), (value, facts)


def test_a_count_corrected_within_one_message_keeps_the_last():
    facts = _facts([("assistant", "各要多少？"), ("user", "土豆15袋 洋葱8袋 哦不对 土豆要25袋")])
    assert any("土豆要25袋" in v for v in _values(facts)), facts
    assert not any("15袋" in v for v in _values(facts)), facts


def test_a_count_changed_by_its_noun_replaces_the_count_by_measure():
    facts = _facts([("user", "食堂每周要送大米 每周30袋"),
                    ("assistant", "好的，每周30袋大米。"),
                    ("user", "人多了 米改40袋")])
    assert any("40袋" in v for v in _values(facts)), facts
    assert not any("30袋" in v for v in _values(facts)), facts


def test_a_count_said_again_after_its_noun_replaces_it():
    facts = _facts([("user", "要一批劳保用品 手套三百双 雨衣二百件"),
                    ("assistant", "好的，手套三百双，雨衣二百件。"),
                    ("user", "刚问了工头 人少了 手套二百五 雨衣还是二百")])
    assert any(v.endswith("手套二百五") for v in _values(facts)), facts
    assert not any("三百双" in v for v in _values(facts)), facts
    assert any("二百件" in v for v in _values(facts)), facts  # "还是二百": the same count, kept as first said


# --- what is no count the user gives

@pytest.mark.parametrize("text", [
    "再加3个",                # an addition: how many more, not how many
    "那两个都可以",            # pointed at
    "第二个吧",                # a rank
    "去年买了三台",            # a deed of the past
    "你们一次最少送几箱？",     # asked
    "我要一台",                # one of something
    "大概两百斤",              # a weight with no thing weighed (the measures step's)
    "不是八个",                # denied
    "还是我们两个去",           # people, not things
])
def test_no_count_from_other_numbers(text):
    facts = _facts([("assistant", "您好，请问有什么需要？"), ("user", text)])
    assert _counts(facts) == [], facts


def test_a_count_for_each_keeps_each():
    facts = _facts([("user", "奖牌要金银铜三种"), ("assistant", "好的，每种几枚？"), ("user", "队伍多了 改成各15枚吧")])
    assert any("各15枚" in v for v in _counts(facts)), facts


def test_a_count_of_the_past_beside_one_of_now_keeps_now():
    facts = _facts([("assistant", "年报要填社保人数。"), ("user", "员工现在7个，以前5个")])
    assert _counts(facts) == ["7个"], facts


# --- (echoed picks) a Cantonese pick by a word of the offer: "<word>嗰个", as "<word>那个" is read

@pytest.mark.parametrize("offer, text, value", [
    ("有两款：冻顶乌龙茶礼盒，388元；大红袍礼盒，468元。", "乌龙嗰个啦，送长辈啱啲", "乌龙嗰个"),
    ("有两款：羊毛地毯，1280元；麻质地毯，860元。", "咁就羊毛嗰款", "羊毛嗰款"),
    ("有两个套餐：清蒸石斑套餐688元，椒盐濑尿虾套餐588元。", "石斑嘅嗰个啦", "石斑嘅嗰个"),
])
def test_a_cantonese_pick_by_a_word_of_the_offer(offer, text, value):
    facts = _facts([("user", "你好，想问下点揀"), ("assistant", offer), ("user", text)])
    assert any(value in v for v in _values(facts)), facts


@pytest.mark.parametrize("offer, text", [
    ("有两款：冻顶乌龙茶礼盒，388元；大红袍礼盒，468元。", "乌龙嗰个几钱？"),   # asked
    ("有两款：冻顶乌龙茶礼盒，388元；大红袍礼盒，468元。", "普洱嗰个有冇"),      # a word the offer does not say
])
def test_no_cantonese_pick_from_a_question_or_an_unsaid_word(offer, text):
    facts = _facts([("user", "你好，想问下点揀"), ("assistant", offer), ("user", text)])
    assert not any("嗰" in v for v in _values(facts)), facts


# --- (relations) a surname said, then the full name, with no 我 before 姓 ("姓郭 郭振海 电话…")

@pytest.mark.parametrize("text, name", [
    ("材料我自己来拿 姓郭 郭振海 电话13900001111", "郭振海"),
    ("下午别来 姓向，向春梅 13800002222", "向春梅"),
    ("俺姓龙 龙海生 手机13700003333", "龙海生"),
])
def test_a_surname_then_the_full_name_is_the_name(text, name):
    facts = _facts([("assistant", "好的，初稿三天后可以取。"), ("user", text)])  # said unasked
    assert _current(facts, "name") == [name], facts


@pytest.mark.parametrize("text", ["姓王 王师傅来装的", "师傅姓韩 韩军说的"])
def test_no_full_name_from_a_title_or_another_persons_surname(text):
    facts = _facts([("assistant", "请问之前是谁装的？"), ("user", text)])
    assert not any(v in ("王师傅", "韩军") for v in _current(facts, "name")), facts
