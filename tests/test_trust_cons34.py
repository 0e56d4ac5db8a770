"""(cons34) Constraints lifted by saying the ruled-out deed again, on chats of our own.

- (zh) A deed ruled out by a bare 不 / 不能 ("年会我不主持", "也不能在院子里挖池塘") or by 不得 between verb and thing
  ("我爸吃不得海鲜" rules out 吃海鲜) is lifted when a later piece that negates and asks nothing says the deed whole with
  也 ("那我也主持吧"), wants it with 要 / 想 right before it ("想吃海鲜了"), or gives in to it by its verb said again
  ("那挖塘就挖吧"). Another person doing it ("小李主持吧"), a question, or the deed said with a negation lifts nothing.
  The other rules said in the same message stay active.
- (en) the English shape (the ruled-out deed said again as a go-ahead: "don't paint the fence", then "he says paint the
  fence") is cons21's ``deedagain`` and is unchanged; its guard is kept here (it passes before and after).
"""

from __future__ import annotations

from ctxgraph import Tracker
from tests.test_graph import user


def _rules(lang: str, *said: str) -> list[tuple[str, str]]:
    t = Tracker(lang)
    t.observe_many([user(s) for s in said])
    return [(c.text, c.status) for c in t.state().constraints]


def test_zh_bare_not_deed_said_again_with_ye_lifts() -> None:
    got = _rules("zh", "周末年会我不主持 节目单上别写我名字", "同事都说我主持最合适 那我也主持吧")
    assert ("周末年会我不主持 节目单上别写我名字", "lifted") in got
    assert ("节目单上别写我名字", "active") in got


def test_zh_cannot_deed_wanted_lifts() -> None:
    got = _rules("zh", "订个包间 我爸吃不得海鲜 别安排靠门口的位置", "我爸后来说过生日想吃海鲜 加一道清蒸鱼")
    assert ("订个包间 我爸吃不得海鲜 别安排靠门口的位置", "lifted") in got
    assert ("订个包间 别安排靠门口的位置", "active") in got


def test_zh_given_in_by_its_verb_lifts_that_piece_only() -> None:
    got = _rules("zh", "院子里那棵树不能砍 是我爷爷种的 也不能在院子里挖池塘", "邻居说挖塘能养鱼 那挖塘就挖吧 别挖在树底下就行")
    assert ("院子里那棵树不能砍 是我爷爷种的 也不能在院子里挖池塘", "lifted") in got
    assert ("院子里那棵树不能砍 是我爷爷种的", "active") in got


def test_zh_another_doing_it_a_question_or_a_negation_lifts_nothing() -> None:
    rule = "周末年会我不主持 节目单上别写我名字"
    assert _rules("zh", rule, "小李主持吧") == [(rule, "active")]
    assert _rules("zh", rule, "我还是不主持 你们找别人") == [(rule, "active")]
    meal = "订个包间 我爸吃不得海鲜 别安排靠门口的位置"
    assert _rules("zh", meal, "要吃海鲜吗") == [(meal, "active")]


def test_en_deed_said_again_guard_kept() -> None:
    assert _rules("en", "Please don't paint the fence, it's the neighbour's", "He says paint the fence if you want") \
        == [("Please don't paint the fence", "lifted")]
    assert _rules("en", "Please don't paint the fence", "If you paint the fence he'll be cross") \
        == [("Please don't paint the fence", "active")]


def test_zh_deed_wanted_in_a_condition_or_question_lifts_nothing() -> None:
    meal = "订个包间 我爸吃不得海鲜 别安排靠门口的位置"
    assert _rules("zh", meal, "要是想吃海鲜的话 有什么推荐") == [(meal, "active")]
