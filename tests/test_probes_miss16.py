"""miss16's probe set (``tests/data/probes_miss16.yml``, written before the rules): four zh structures among blind15's
non-pick misses that recur in the other open sets: a bank named by its short name as the user's card or account
("卡用建行的", "换成农行 6228…"), instalments asked for ("6980能分期吗"), a person hard of hearing or with high blood
sugar said as a fixed phrase ("他耳背", "我妈血糖高"), and a name said after a relation or a role at work with 叫
("人事叫刘敏", "媳妇叫于秀梅"); and their negatives. Scored the way ``ctxgraph bench cs`` scores a chat.

``python -m tests.probe_sets tests/data/probes_miss16.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("miss16")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "zh-namephone-songhua": "收花人 is no party word of the pack (收件人, 收货人 are), so the name before the phone has no holder",
}


def test_probes_miss16_load():
    assert len(PROBES) >= 16 and {conv.lang for _, conv in PROBES} == {"zh", "en"}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_miss16_probe_reads_the_value(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])


#: an opening and the assistant's reply before the messages a test says, per language
_OPENING = {"zh": ["你好", "您好，请讲。"], "en": ["hello, I'd like to book a training day", "Of course. Who will be the contact?"]}


def _current(messages: list[str], lang: str = "zh") -> dict[str, str]:
    """The current facts after an opening and the assistant's reply, then ``messages`` (the user's)."""
    t = Tracker(lang, today="2026-03-09")
    said = [{"role": "user", "content": _OPENING[lang][0]}, {"role": "assistant", "content": _OPENING[lang][1]}]
    t.observe_many(said + [{"role": "user", "content": m} for m in messages])
    return {f.key: f.value for f in t.state().facts if f.status == "current"}


@pytest.mark.parametrize(("said", "held"), [
    ("别打他的 他耳背 有事打我电话", "他耳背"),
    ("就是我奶奶耳朵背 说话得大声点", "耳朵背"),
    ("我妈血糖高 少放糖", "我妈血糖高"),
    ("他血压有点高 别太累", "血压有点高"),
])
def test_a_condition_said_as_a_fixed_phrase_is_read(said, held):
    assert held in _current([said]).get("condition", ""), _current([said])


@pytest.mark.parametrize("said", ["我背着孩子不方便过去", "他个子高 要大号的", "我妈血糖高吗？"])
def test_no_condition_from_a_back_carried_a_height_or_a_question(said):
    assert "condition" not in _current([said])


@pytest.mark.parametrize(("said", "bank"), [
    ("卡用招行的 尾号3301", "招行"),
    ("换成邮储 6217 9933 0012 4455", "邮储"),
    ("还有贷款呢，农业银行的", "农业银行"),
])
def test_the_users_bank_is_read(said, bank):
    assert _current([said]).get("own_bank") == bank


@pytest.mark.parametrize("said", ["工行可以吗", "中行那张不用了", "施工行不行啊"])
def test_a_bank_asked_about_refused_or_inside_a_word_is_not_read(said):
    assert "own_bank" not in _current([said])


def test_a_bank_the_assistant_lists_is_not_the_users():
    t = Tracker("zh")
    t.observe_many([{"role": "user", "content": "学费怎么交"}, {"role": "assistant", "content": "工行、建行都可以。"}])
    assert not any(f.key == "own_bank" for f in t.state().facts)


def test_instalments_asked_for_then_a_term_picked_replace_each_other():
    facts = _current(["4680能分期吗", "还是12期吧"])
    assert facts.get("payment") == "12期"


@pytest.mark.parametrize("said", ["不用分期 一次付清", "能分期的话再说", "我们小区二期的房子"])
def test_no_instalments_refused_supposed_or_a_phase_of_a_building(said):
    assert "payment" not in _current([said])


@pytest.mark.parametrize(("said", "name"), [
    ("人事叫刘敏 有事找她", "刘敏"),
    ("俺叫刘长海，电话13840213377", "刘长海"),
    ("媳妇叫于秀梅", "于秀梅"),
])
def test_a_name_after_a_relation_or_a_role_at_work_is_read(said, name):
    assert name in _current([said]).values(), _current([said])


def test_tell_someone_to_is_no_name():
    assert not any("我明天" in v for v in _current(["人事叫我明天再来一趟"]).values())


@pytest.mark.parametrize(("said", "held"), [
    ("就这个 对了能自带清酒吗", "自带清酒"),
    ("行 袖子上能印我们班号吗", "班号"),
    ("周六吧 能带宝宝来吗 万一老公搞不定", "宝宝"),
    ("礼盒上能不能印我们公司logo？", "logo"),
])
def test_an_extra_asked_to_be_brought_or_printed_is_wanted(said, held):
    facts = _current(["想订一份套餐", said])
    assert any(held in v for k, v in facts.items() if k.startswith("want")), facts


@pytest.mark.parametrize(("said", "thing"), [("行 能带相机进去吗", "相机"), ("上面能印照片吗 多少钱", "照片"),
                                             ("别印logo了", "logo")])
def test_a_venues_rule_a_price_asked_or_a_refusal_adds_no_want(said, thing):
    facts = _current(["想订一份套餐", said])
    assert not any(thing in v for k, v in facts.items() if k.startswith("want")), facts


def _after_offer(offer: str, said: str) -> list[str]:
    t = Tracker("zh")
    t.observe_many([{"role": "user", "content": "想办个同学会"}, {"role": "assistant", "content": offer},
                    {"role": "user", "content": said}])
    return [f.value for f in t.state().facts if f.key.startswith("want_t") and f.status == "current"]


@pytest.mark.parametrize(("offer", "said", "held"), [
    ("摄影需要吗？跟拍半天1200元。", "摄影要 还有纪念品别太贵", "摄影要"),
    ("要不要顺便注册第35类和第43类？", "35类要 43类先不用", "35类要"),
    ("卫生间建议做防滑地砖和扶手，要加上吗？", "扶手要，防滑砖本来就是要的", "扶手要"),
])
def test_an_offered_extra_taken_up_with_yao_is_wanted(offer, said, held):
    assert any(held in v for v in _after_offer(offer, said)), _after_offer(offer, said)


@pytest.mark.parametrize(("offer", "said"), [
    ("需要蜡烛和帽子吗？", "刀叉要 其他不用"),  # a thing never offered
    ("摄影需要吗？", "摄影不要"),  # declined
    ("摄影需要吗？", "都要"),  # no thing named
    ("跟拍半天1200元。", "摄影要"),  # nothing asked
])
def test_no_extra_taken_up_that_was_never_offered_declined_or_unnamed(offer, said):
    assert _after_offer(offer, said) == []


@pytest.mark.parametrize(("offer", "said", "held"), [
    ("可以先免费上门评估。", "先上门评估吧，我上班去不了", "先上门评估吧"),
    ("一对一课每节45分钟，体验课99元。", "那就周老师吧。先上个体验课看看。", "先上个体验课看看"),
    ("可以先免费试听一次。", "先试听吧。她性子有点急", "先试听吧"),
])
def test_a_first_step_the_assistant_named_taken_with_xian_is_wanted(offer, said, held):
    assert held in _after_offer(offer, said), _after_offer(offer, said)


@pytest.mark.parametrize(("offer", "said"), [("每小时50元。", "先来一次看看效果"), ("可以先免费上门评估。", "先不评估了")])
def test_no_first_step_never_named_or_put_off(offer, said):
    assert _after_offer(offer, said) == []


@pytest.mark.parametrize(("said", "key", "name"), [
    ("收货人行政部 何佳 13601925566", "person_收货人", "何佳"),
    # (user25zh) 她 is the wife the sentence named before it: the party key is 我老婆, no longer the pronoun 她
    ("我老婆在家 让师傅打她电话 许静 13880546613", "person_我老婆", "许静"),
])
def test_a_name_bare_before_a_phone_is_the_partys(said, key, name):
    assert _current([said]).get(key) == name, _current([said])


def test_no_party_name_from_the_users_own_name_or_a_place_before_a_phone():
    facts = _current(["送到万达广场 13912345678", "何佳 13601925566"])
    assert not any(k.startswith("person_") for k in facts), facts


@pytest.mark.parametrize(("said", "key", "title"), [
    ("yes pls. Becky Shaw, 07700 900555, I'm PTA chair.", "role", "PTA chair"),
    ("Helen Ashworth, practice manager, 01422 843 117", "role_Helen", "practice manager"),
    ("our finance director, Ruth Adebayo, signs off", "role_Ruth", "finance director"),
])
def test_a_job_title_beside_a_name_or_after_im_is_read(said, key, title):
    assert _current([said], "en").get(key) == title, _current([said], "en")


@pytest.mark.parametrize("said", ["it arrived damaged, and the store manager was rude", "is the manager in today?",
                                  "we spoke to a manager, nobody called back"])
def test_no_title_of_no_one_named_or_asked_about(said):
    assert not any(k.startswith("role") for k in _current([said], "en")), _current([said], "en")
