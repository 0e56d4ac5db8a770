"""(fix34, issue 19) Three defects other lanes left: a piece of a number names no option of an offer; a colour value
ends at its own word when the next clause names a part of its own. (The slow path on a long run of one deadline is
tested in test_adversarial_input.py.)"""

from __future__ import annotations

from ctxgraph import Tracker


def _current(lang: str, msgs: list[str]) -> dict[str, str]:
    t = Tracker(lang=lang)
    for i, m in enumerate(msgs):
        t.observe({"role": "user" if i % 2 == 0 else "assistant", "content": m})
    return {f.key: f.value for f in t.state().facts if f.status == "current"}


def test_fix34_cut_number_names_no_option_zh():
    """"1480那个" holds the "80" of the offer's "1680元": the pick of the standard plan stays, no "80那个"."""
    state = _current("zh", ["想给孩子报个编程课", "有三种套餐：基础版 880元；标准版 1680元；高级版 2680元。", "标准那个吧",
                            "标准版这个月有优惠，立减200，只要1480元。", "好 那就1480那个 帮我报上"])
    assert "80那个" not in state.values()
    assert state.get("choice_t1", "").startswith("标准")


def test_fix34_cut_number_names_no_option_en():
    """The English shape ("the 1480 one" after "£1680"): no piece of a number is read as a pick (a guard: en has no
    echo reader of this kind)."""
    state = _current("en", ["I want a coding course for my son", "We have three plans: Basic £880, Standard £1680, Premium £2680.",
                            "the standard one please", "Standard is £200 off this month, so £1480.", "ok the 1480 one then, sign me up"])
    assert not any(v.startswith("80") for v in state.values())
    assert state.get("choice_t1") == "the standard one"


def test_fix34_colour_value_ends_at_its_word_zh():
    """"颜色要黑的，轴用牛奶黄": the next clause says what a part of its own takes; the colour is "黑" alone."""
    state = _current("zh", ["颜色要黑的，轴用牛奶黄"])
    assert state.get("颜色") == "黑"
    state = _current("zh", ["外壳要银色的，键帽用PBT的"])
    assert state.get("外壳") == "银色"


def test_fix34_colour_value_ends_before_a_terse_part_zh():
    """"颜色是黑，尺码L": a part and its code said tersely is no more of the colour; no value "黑，尺码L"."""
    state = _current("zh", ["想买件冲锋衣 颜色是黑，尺码L"])
    assert state.get("color") == "黑" and state.get("颜色", "黑") == "黑"


def test_fix34_colour_value_ends_at_its_word_en():
    """The English shape ("the colour is black, size L"): the colour is "black" alone (a guard: the en reader
    already ends it there)."""
    state = _current("en", ["the colour is black, size L"])
    assert state.get("color") == "black"


def test_fix34_description_still_goes_on_zh():
    """A clause that goes on describing (no part of its own) still joins the head's value."""
    state = _current("zh", ["都要。车衣要亮面的，窗膜要隔热好的"])
    assert state.get("车衣") == "亮面" and state.get("窗膜") == "隔热好"
