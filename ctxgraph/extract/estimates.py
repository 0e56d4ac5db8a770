"""An amount guessed, not a must (issue 19, cons31).

得有 / 得是 says a must ("得有国标检测报告": there has to be a test report) and, before an amount said roughly, a guess
("一屋子书，得有二十来箱": there are about twenty boxes; "水分得有二十七八": the moisture is about 27-28%; "漏了得有半个月了":
it has leaked for about half a month). The guess is a value the user may correct later (二十来箱, then 三十箱), no rule:
the constraint readers leave it, and the opening's want leaves it out of the statements said beside the want.

>>> guessed("得有二十来箱"), guessed("得有国标检测报告"), guessed("得有两个人陪着")
(True, False, False)
"""

from __future__ import annotations

import re

#: the 得有 / 得是 that may guess
_GUESS_CUE = re.compile(r"得(?:有|是)")
#: an amount said roughly: a round number with 来 / 多 / 左右 / 上下, two numerals run together (二十七八), half, several,
#: or an amount that has been (…了)
_ROUGH_AMOUNT = re.compile(r"\s*(?:个把|好几|半|[\d一二两三四五六七八九十百千万]*[\d一二两三四五六七八九十百千万](?:来|多)"
                           r"|[\d一二两三四五六七八九十]*[一二三四五六七八九]{2}(?![\d一二两三四五六七八九十百千万])"
                           r"|[\d一二两三四五六七八九十百千万]+[^，,。！？\s]{0,3}(?:左右|上下|了))")


def guessed_at(text: str, at: int) -> bool:
    """Whether a rough amount starts at ``at`` (right after a 得有 / 得是).

    >>> guessed_at("水分得有二十七八", 4), guessed_at("漏了得有半个月了", 4)
    (True, True)
    """
    return bool(_ROUGH_AMOUNT.match(text, at))


def guessed(text: str) -> bool:
    """Whether ``text`` guesses an amount with 得有 / 得是."""
    return any(guessed_at(text, m.end()) for m in _GUESS_CUE.finditer(text))
