"""A new user's rough edges the lead mended in the blind21 round (third part): a Chinese pick said in the assistant's
own words ("白色缺货，黑色有货，可以吗？" - "那就黑色吧"; "大板车拼车…和单车专送…" - "拼车就行"), taken back to another thing
of the same message ("那四价吧" … "算了 还是九价吧"); a pick not retracted by a reply that shares only closed-class
characters with it ("可以为您安排换新或者退货退款" then "…黑色有货，可以吗？")."""

import pytest

from ctxgraph import Tracker


def _facts(messages):
    t = Tracker("zh")
    t.observe_many([{"role": r, "content": c} for r, c in messages])
    return [(f.key, f.value, f.status) for f in t.state().facts]


def _picks(facts):
    return [v for k, v, status in facts if k.startswith("choice") and status == "current"]


def test_a_pick_in_the_assistants_words_after_a_proposal():
    facts = _facts([("user", "空气炸锅坏了，想换个新的"), ("assistant", "好的，白色目前缺货，黑色有货，可以吗？"),
                    ("user", "那就黑色吧，快递别放驿站")])
    assert _picks(facts) == ["黑色"], facts


def test_a_pick_of_a_way_said_after_a_statement():
    facts = _facts([("user", "车从深圳托运到西安多少钱"),
                    ("assistant", "有两种：大板车拼车，4-5天到；单车专送，2-3天到，都含保险。"),
                    ("user", "拼车就行 不急")])
    assert "拼车" in " ".join(_picks(facts)), facts


def test_a_pick_taken_back_to_another_thing_of_the_same_message():
    facts = _facts([("user", "想给女儿打HPV疫苗"),
                    ("assistant", "九价目前没苗，需要排队大约6周；四价和二价现在都有现货。"),
                    ("user", "那四价吧 不想等太久"),
                    ("assistant", "好的，四价共3针，每针798元。"),
                    ("user", "算了 还是九价吧 排队就排队")])
    assert _picks(facts) == ["九价"], facts


@pytest.mark.parametrize("assistant, user", [
    ("好的，核对一下：收款人李桦，金额10000元。确认吗？", "确认"),  # a yes to a yes/no question
    ("门边不拆的话会露白边，您能接受吗？", "能接受吧"),
    ("好的，31号中午我们老师在校门口接她。", "老师 试托咋样"),  # a call, no pick
])
def test_no_pick_from_a_yes_or_a_call(assistant, user):
    facts = _facts([("user", "你好"), ("assistant", assistant), ("user", user)])
    assert not _picks(facts), facts


def test_a_pick_survives_a_reply_sharing_only_closed_class_characters():
    facts = _facts([("user", "空气炸锅用了两次就不加热了"),
                    ("assistant", "您好，很抱歉。可以为您安排换新或者退货退款，您选哪种？"),
                    ("user", "换新吧"),
                    ("assistant", "好的，白色目前缺货，黑色有货，可以吗？")])
    assert any("换新" in v for v in _picks(facts)), facts
