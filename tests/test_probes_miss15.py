"""miss15's probe set (``tests/data/probes_miss15.yml``, written before ctxgraph ran on it): a zh message typed as
space-separated pieces where one piece refuses something ("别走海运", "别发短信"): the values of the other pieces (an
address, a phone, a list of names) are still the user's; several people listed after a name's slot word with spaces
between ("名字 周建国 林芳 马小军"); and the negatives, a value refused by its own piece or by the
piece right after it ("周六上午 不行"). Scored the way ``ctxgraph bench cs`` scores a chat.

``python -m tests.probe_sets tests/data/probes_miss15.yml`` prints the totals (docs/quality.md)."""

from __future__ import annotations

import pytest

from ctxgraph import Tracker
from ctxgraph.bench._cs import replay, score_state
from tests.probe_sets import load_probes, probe_params

PROBES = load_probes("miss15")
#: probes still missed, each with the reason (strict: a probe that starts passing must leave this list)
KNOWN_MISSES: dict[str, str] = {
    "zh-apart-mingpian-names": "names answering 'which people' with no slot word before them are no facts",
    "zh-apart-jiyang-phone": "a bare name before the phone asked for is no fact",
    "zh-apart-role-lushu": "a rule in another piece ('必须能停营地的') holds the counts",
    "zh-apart-role-chuanpiao": "a rule in another piece ('一定要靠窗的位置') holds the day and the count",
    "zh-apart-role-neg-rule": "a refusal in another piece ('别订周日') holds the count",
}


def test_probes_miss15_load():
    assert len(PROBES) >= 7 and {conv.lang for _, conv in PROBES} == {"zh"}


@pytest.mark.parametrize(("probe", "conv"), probe_params(PROBES, KNOWN_MISSES))
def test_probes_miss15_probe_reads_the_value(probe, conv):
    s = score_state(conv, replay(conv))
    assert not s["missed"] and not s["wrong"], (s["missed"], s["wrong"], s["unsupported"])


def _current(lang: str, messages: list[dict]) -> dict[str, str]:
    t = Tracker(lang, today="2026-06-20")
    t.observe_many(messages)
    return {f.key: f.value for f in t.state().facts if f.status == "current"}


@pytest.mark.parametrize(("text", "key", "value"), [
    ("别发顺丰 太贵了 收件人周敏 杭州市上城区解放路18号3幢201", "address", "杭州市上城区解放路18号3幢201"),
    ("郑海 13512340000 微信同号 别打座机", "phone", "13512340000"),
    ("洗剂别用太香的 我闻了头疼 南京市建邺区江东中路108号5栋1102", "address", "南京市建邺区江东中路108号5栋1102"),
])
def test_a_refusal_in_another_piece_declines_no_value(text, key, value):
    assert _current("zh", [{"role": "user", "content": text}]).get(key) == value


@pytest.mark.parametrize("text", ["周六上午 不行 要上班", "不要周六上午 要上班"])
def test_a_value_refused_in_its_own_piece_or_the_next_stays_out(text):
    assert not any("周六" in v for v in _current("zh", [{"role": "user", "content": text}]).values())


def test_a_calls_fuller_address_replaces_the_users_part_of_it():
    call = {"id": "c1", "type": "function",
            "function": {"name": "book_pickup", "arguments": '{"address": "浦东新区碧云路588弄12号602"}'}}
    facts = _current("zh", [{"role": "user", "content": "浦东金桥这边"},
                            {"role": "user", "content": "碧云路588弄12号602 张丽萍 来了先打电话别按门铃"},
                            {"role": "assistant", "content": None, "tool_calls": [call]},
                            {"role": "tool", "tool_call_id": "c1", "content": '{"order_id": "HS-1"}'}])
    assert facts["address"] == "浦东新区碧云路588弄12号602"


def test_a_calls_other_address_does_not_replace_the_users():
    call = {"id": "c1", "type": "function",
            "function": {"name": "book_pickup", "arguments": '{"address": "浦东新区张杨路100号"}'}}
    facts = _current("zh", [{"role": "user", "content": "碧云路588弄12号602 张丽萍"},
                            {"role": "assistant", "content": None, "tool_calls": [call]},
                            {"role": "tool", "tool_call_id": "c1", "content": '{"order_id": "HS-1"}'}])
    assert facts["address"] == "碧云路588弄12号602"


@pytest.mark.parametrize(("text", "value"), [
    ("参赛的名字 吴磊 钱小红 孔令军", "吴磊 钱小红 孔令军"),
    ("收件人 陆明、韩雪", "陆明 韩雪"),
    ("联系人王强 他同事李娜负责签收", "王强"),  # another word between: no list
])
def test_people_listed_after_a_name_word_are_one_value(text, value):
    assert _current("zh", [{"role": "user", "content": text}]).get("name") == value


@pytest.mark.parametrize("leaves", ["孔令军不去了", "孔令军那天来不了", "去掉孔令军吧"])
def test_a_person_taken_off_the_list_leaves_the_value(leaves):
    facts = _current("zh", [{"role": "user", "content": "参赛的名字 吴磊 钱小红 孔令军"}, {"role": "user", "content": leaves}])
    assert facts.get("name") == "吴磊 钱小红"
