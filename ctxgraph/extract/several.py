"""Several items of one list taken in one clause (issue 19, picks17).

The pick readers (``picks.py``, ``choose.py``, ``slotpicks.py``) take ONE option of a list: a clause that names two
options as much is a tie, and a tie picks nothing. A user often takes several items of a list the assistant just
gave: "硬件要一体机扫码枪小票机" (of "收银一体机1899元、扫码枪199元、小票机299元"), "报素描和书法吧" (of "素描基础、水彩
入门、书法（楷书）三门"), "抹茶芒果都行" (of "香草、抹茶、巧克力、芒果"). Here a list is the items an assistant's
sentence enumerates with 、 (a last 和 / 及 too), each item its name without its brackets and measures; a clause of
the user's reply that takes (an accepting word, 要, 吧, 都行) and names two or more items, each by a part no other
item holds, keeps the user's words from the first item named to the last (``choice_t<turn>_items``). A clause that
asks or declines ("抹茶和芒果哪个甜", "红酒椰汁都不要") takes nothing.

>>> items("口味有香草、抹茶、巧克力、芒果，都是一个价。")
[['香草', '抹茶', '巧克力', '芒果']]
>>> taken("抹茶芒果都行", items("口味有香草、抹茶、巧克力、芒果。"))
'抹茶芒果'
"""

from __future__ import annotations

import re
from functools import lru_cache

from .._units import FactUnit, _Unit
from ..lang import content_words
from .context import MessageContext
from .notchosen import asks

#: a list has at most this many items; an item's name at most this many characters
MAX_ITEMS, MAX_ITEM_CHARS = 8, 12
#: a clause longer than this (characters) says more than what it takes
MAX_CLAUSE_CHARS = 40
# a run of items joined by 、 (two or more), inside one clause of a sentence
_RUN = re.compile(r"[^、，,。；;：:！!？?\n]+(?:、[^、，,。；;：:！!？?\n]+)+")
# the run's lead-in before its first item ("口味有", "这学期可以选", "硬件另算"): up to the last such word
_LEAD = re.compile(r"^.*(?:有|选|报|是|包括|含|分为|可以|提供)")
# an item's brackets, and its measures and what follows them ("收银一体机1899元" -> "收银一体机")
_BRACKETS = re.compile(r"[(（][^()（）]*[)）]")
_MEASURE = re.compile(r"(?:每|约|共)?\d.*$")
# the last item joined by 和 / 及 ("A、B和C"), and a count of the kinds closing the list ("三门", "两种")
_LAST_JOIN = re.compile(r"和|及|以及|与")
_COUNT_TAIL = re.compile(r"(?:这|等)?[两二三四五六七八几]\s*(?:种|款|类|个|门|样|档|项)\S*$|等$")
_CJK = re.compile(r"[\u4e00-\u9fff]")


@lru_cache(maxsize=256)
def _items(text: str) -> tuple[tuple[str, ...], ...]:
    out = []
    for m in _RUN.finditer(text):
        names = m.group(0).split("、")
        names[0] = _LEAD.sub("", names[0])
        names[-1:] = _LAST_JOIN.split(names[-1], maxsplit=1)
        names = [_COUNT_TAIL.sub("", _MEASURE.sub("", _BRACKETS.sub("", n))).strip() for n in names]
        if 2 <= len(names) <= MAX_ITEMS and all(2 <= len(_CJK.findall(n)) and len(n) <= MAX_ITEM_CHARS for n in names):
            out.append(tuple(names))
    return tuple(out)


def items(text: str) -> list[list[str]]:
    """The lists of items the assistant's ``text`` enumerates with 、, each item its bare name (zh).

    >>> items("硬件另算：收银一体机1899元、扫码枪199元、小票机299元，刷卡机（聚合支付POS）免费领。")
    [['收银一体机', '扫码枪', '小票机']]
    >>> items("这学期可以选素描基础、水彩入门、书法（楷书）三门，建议先选两门。")
    [['素描基础', '水彩入门', '书法']]
    >>> items("可选A、B两种。")  # a name of fewer than two Chinese characters: no list
    []
    """
    return [list(x) for x in _items(text)]


def _part(clause: str, item: str, others: list[str]) -> tuple[int, int] | None:
    """The span of the longest part of ``clause`` (three Chinese characters or more, or two that are the item or a
    word) that ``item`` holds and no other item does."""
    for size in range(min(len(clause), len(item)), 1, -1):  # the item's parts, not the clause's: an item is short
        for start in range(len(item) - size + 1):
            part = item[start:start + size]
            at = clause.find(part)
            if at != -1 and len(_CJK.findall(part)) == size and not any(part in o for o in others) \
                    and (size >= 3 or part == item or content_words(part, "zh")):
                return at, at + size
    return None


def taken(clause: str, lists: list[list[str]]) -> str:
    """The user's words in ``clause`` from the first to the last item it names, when it names two or more items of
    one list, each by a part of its own (spans apart); else "".

    >>> taken("硬件要一体机扫码枪小票机", items("收银一体机1899元、扫码枪199元、小票机299元。"))
    '一体机扫码枪小票机'
    >>> taken("要扫码枪", items("收银一体机1899元、扫码枪199元、小票机299元。"))
    ''
    """
    for names in lists:
        spans = sorted(s for n, name in enumerate(names)
                       if (s := _part(clause, name, names[:n] + names[n + 1:])) is not None)
        if len(spans) >= 2 and all(a[1] <= b[0] for a, b in zip(spans, spans[1:])):
            return clause[spans[0][0]:spans[-1][1]]
    return ""


# a clause that takes what it names: the pack's accepting cues aside, 要, 吧, 都行 ...
_TAKES = re.compile(r"吧|要|选|报|来|加|订|定|用|都行|都可以|都好")
#: (fix20) a clause closing on a tag that checks what was said ("土豆丝木耳对吧", "四样都有是吧"): the list repeated, not taken
_CHECKS = re.compile(r"(?:[是对]吧|是不是|对不对|是吗|对吗)\W*$")


def several(ctx: MessageContext, turn: int, text: str, *, subs: list[tuple[int, str]], declines: re.Pattern,
            made: list[_Unit]) -> list[_Unit]:
    """``choice_t<turn>_items``: the items of the assistant's ``text`` a clause of ``subs`` takes together (zh); a
    clause that asks, declines (``declines``), checks ("…对吧", fix20) or holds a pick already ``made`` takes none."""
    lists = items(text) if ctx.lang == "zh" else []
    if not lists:
        return []
    held = [str(getattr(u, "value", "")) for u in made]
    for offset, clause in subs:
        if len(clause) > MAX_CLAUSE_CHARS or ctx.asking(offset) or asks(clause, "zh") or _CHECKS.search(clause) \
                or declines.search(clause) or any(h and h in clause for h in held):
            continue
        words = taken(clause, lists)
        if words and (_TAKES.search(clause) or ctx.pack.accepts and any(rx.search(clause) for rx in ctx.pack.accepts)):
            return [FactUnit(key=f"choice_t{turn}_items", name="choice", value=words, correction=ctx.correcting,
                             stressed=ctx.stressed)]
    return []
