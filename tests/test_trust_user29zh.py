"""A new Chinese user's rough edges (issue 19, user29zh lane), from short chats written as real customers type them
(tests/data_user29zh/chats_user29zh.py, expectations written before running ctxgraph)."""

import pytest

from ctxgraph import Tracker


def _facts(messages, lang="zh"):
    t = Tracker(lang=lang)
    t.observe_many([{"role": r, "content": c} for r, c in messages])
    return [(f.key, f.value, f.status) for f in t.state().facts]


def _current(facts, prefix):
    return [v for k, v, status in facts if k.startswith(prefix) and status == "current"]


# --- a value written wrong, corrected in a later message, replaces the one held about someone

@pytest.mark.parametrize("first, fix, new", [
    ("收件人还是我 王丽 电话13811112222", "对了电话写错了 是13811112223", "13811112223"),
    ("收件人王丽 电话13811112222", "电话写错了 是13811112223", "13811112223"),
    ("收货人是我同事，电话13900001111", "不对 电话应该是13900001112", "13900001112"),
    ("联系人张师傅 手机15800001234", "手机号打错了 是15800001243", "15800001243"),
])
def test_a_phone_written_wrong_is_replaced_where_it_was_held(first, fix, new):
    facts = _facts([("user", first), ("assistant", "好的"), ("user", fix)])
    assert _current(facts, "phone") == [new], facts


def test_a_second_persons_phone_said_after_a_correction_is_no_correction():
    facts = _facts([("user", "收件人李四 电话13811112222"), ("assistant", "好的"),
                    ("user", "地址写错了 是和平路5号 我的电话13900001111")])
    assert sorted(_current(facts, "phone")) == ["13811112222", "13900001111"], facts


def test_two_phones_held_the_correction_picks_none():
    facts = _facts([("user", "收货人是我同事，电话13900001111，我爸电话13800002222"), ("assistant", "好的"),
                    ("user", "不对 电话应该是13900001112")])
    assert "13900001111" in _current(facts, "phone") and "13800002222" in _current(facts, "phone"), facts


def test_the_users_own_phone_corrected_as_before():
    facts = _facts([("user", "我的电话13811112222"), ("assistant", "好的"), ("user", "电话写错了 是13811112223")])
    assert _current(facts, "phone") == ["13811112223"], facts


# --- a bare day of the month right after a one-character verb of booking or change ("改17号吧", "想约16号")

@pytest.mark.parametrize("reply, day", [
    ("那改17号吧", "17号"),
    ("换17号吧", "17号"),
    ("那就17号", "17号"),
    ("挪20号行不行", "20号"),
])
def test_a_bare_day_after_a_short_verb_of_change_moves_the_date(reply, day):
    facts = _facts([("user", "想改到16号"), ("assistant", "好的"), ("user", reply)])
    assert _current(facts, "date") == [day], facts


def test_a_bare_day_after_yue_is_the_date():
    assert _current(_facts([("user", "想约16号 上午")]), "date") == ["16号"]


@pytest.mark.parametrize("reply", ["改3号楼吧", "那3号窗口呢", "换2号线过去"])
def test_a_number_after_a_short_verb_that_is_no_day_stays_out(reply):
    facts = _facts([("user", "想改到16号"), ("assistant", "好的"), ("user", reply)])
    assert _current(facts, "date") == ["16号"], facts


# --- a when-question with no noun ("您看哪天方便？") waits for a day: the reply's day answers it

@pytest.mark.parametrize("question", ["您看哪天方便？", "您哪天有空？", "您想约哪天？", "那总共大约440元，您看哪天方便？"])
@pytest.mark.parametrize("reply, day", [("后天上午", "后天上午"), ("明天下午吧两点以后都行我在家", "明天下午")])
def test_a_relative_day_answers_a_when_question_without_a_noun(question, reply, day):
    facts = _facts([("user", "空调要移机"), ("assistant", question), ("user", reply)])
    assert _current(facts, "date") == [day], facts


def test_a_when_question_without_a_noun_in_english():
    facts = _facts([("user", "My boiler needs a service"), ("assistant", "Sure, when suits you?"),
                    ("user", "Tuesday morning")], lang="en")
    assert any(k in ("date", "day") for k, v, s in facts if s == "current"), facts


def test_a_story_day_asked_is_still_no_question():
    t = Tracker(lang="zh")
    t.observe_many([{"role": "user", "content": "空调坏了"}, {"role": "assistant", "content": "哪天坏的？"}])
    assert not [q for q in t.state().questions if q.status == "open"]


# --- a promise said without its doer: "好嘞，会给冰箱做好包装保护" (Chinese leaves out 我们)

def _promises(messages):
    t = Tracker(lang="zh")
    t.observe_many([{"role": r, "content": c} for r, c in messages])
    return [c.text for c in t.state().commitments if c.status == "open"]


@pytest.mark.parametrize("reply", ["好嘞，会给冰箱做好包装保护。", "可以的，会给您留靠窗的位置。", "没问题，会帮您准备儿童座椅。"])
def test_a_promise_without_its_doer_is_kept(reply):
    assert _promises([("user", "我要订个位子"), ("assistant", reply)]), reply


@pytest.mark.parametrize("reply", ["抱歉，会给您带来不便。", "这个会给皮肤造成刺激。"])
def test_what_may_happen_to_someone_is_no_promise(reply):
    assert not _promises([("user", "我要订个位子"), ("assistant", reply)]), reply


# --- the floor of the user's home, said after 住/爬 or with the lift

@pytest.mark.parametrize("message, floor", [
    ("后天上午 师傅来之前打个电话 我住12楼", "12楼"),
    ("5楼，没电梯。搬上楼要额外收钱吗？", "5楼"),
    ("电梯这周在修 师傅得爬六楼 不好意思啊", "六楼"),
    ("电梯这周在修师傅得爬六楼不好意思啊", "六楼"),
    ("广州天河，住七楼，有电梯的", "七楼"),
])
def test_the_floor_of_the_home_is_a_fact(message, floor):
    assert _current(_facts([("user", message)]), "floor") == [floor]


@pytest.mark.parametrize("message", ["一楼大厅见", "地址是华星大厦12楼", "3楼报告厅", "住12楼的邻居太吵了吗"])
def test_a_floor_of_a_building_or_a_hall_is_no_home_floor(message):
    assert not _current(_facts([("user", message)]), "floor")
