"""A new Chinese user's rough edges (issue 19, user29zh lane), from short chats written as real customers type them
(tests/data_user29zh/chats.py, expectations written before running ctxgraph)."""

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
