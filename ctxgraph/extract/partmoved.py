"""The day_part_moved step: the user moves an appointment to another part of the same day (issue 19, user37).

"12月12号上午" is the day of a visit the user booked; then "改到下午吧，上午要送孩子": the visit is now in the
afternoon of the same day. The message names no day and no clock, only the new
part of the day after a word of change, so no reader replaced anything and the morning stayed current (the user
would be visited while out). Here the newest current day or time fact that holds another part of the day follows
it: that part is put as the new one, and a clock said right after the old part goes with it ("上午9点" was the
morning's clock). Not read: a sentence that asks ("能改到下午吗？": the service answers), a message that names a day
or a clock of its own (the day readers take it), a part said with a refusal ("改到下午不行"). Chinese only: an English
day's value keeps no part of the day ("Thursday morning" is held as "Thursday"), so there is nothing to move.

>>> from ctxgraph import Tracker
>>> t = Tracker("zh")
>>> t.observe_many([{"role": "user", "content": "再约一次补做厨房，12月12号上午"},
...                 {"role": "user", "content": "改到下午吧，上午要送孩子"}])
>>> [f.value for f in t.state().facts if f.key == "date" and f.status == "current"]
['12月12号下午']
"""

from __future__ import annotations

import re

from .. import _graph as g
from .._units import FactUnit, _Unit
from .context import MessageContext
from .registry import step

#: the parts of a day, by language
_PARTS = {"zh": r"上午|下午|中午|晚上|早上|傍晚"}
#: a word of change right before the new part: "改到下午", "换成晚上"
_MOVED_TO = {"zh": re.compile(r"(?:改到|改成|改为|改在|换到|换成|调到|挪到)\s*(?P<part>" + _PARTS["zh"] + r")(?![不没])")}
#: the rest of the clause after the new part, with the question mark that may end it: "吗？" of "能改到下午吗？"
_CLAUSE_REST = re.compile(r"[^，,。！!；;\n?？]{0,20}[?？]?")
#: the keys an appointment's day or time is kept under
_WHEN_KEYS = re.compile(r"^(?:date|day|time|slot|session|visit|appointment|pickup_time|delivery_time)$")
#: a clock right after a part of the day: "上午9点", "上午9:30", "morning at 9", "morning 9.30am"
_CLOCK_AFTER = re.compile(r"\s*(?:at\s+)?(?:\d{1,2}(?:[:.：]\d{2})?\s*(?:点半?|[ap]\.?m\.?)?(?:\d{1,2}分)?)", re.I)


def _new_part(ctx: MessageContext) -> str | None:
    """The one part of the day the message moves to, or None."""
    rx = _MOVED_TO.get(ctx.lang)
    found = [m for m in rx.finditer(ctx.text)] if rx else []
    if len(found) != 1 or ctx.asking(found[0].start()) or _asks(ctx.text, found[0].end()):
        return None
    if _asked_before(ctx.text, found[0].start()) or _other_thing(ctx.text, found[0].start()):
        return None
    if any(ch.isdigit() for ch in ctx.text) or any(m.label in ("DATE", "DAY") for m in ctx.mentions):
        return None  # a day or a clock of its own: the day readers take it
    return found[0].group("part")


#: an A-not-A or 能否 ask before the change in its clause: "能不能改到下午", "可不可以换到晚上"
_ASK_BEFORE = re.compile(r"(?:能不能|可不可以|可以不可以|行不行|能否|可否|是否)[^，,。！!；;\n?？]{0,12}$")
#: 把 with a thing of its own before the change: "我把快递改到下午送了" moves the parcel, not the visit (the
#: appointment itself may be named: "把时间改到下午", "把预约改到下午")
_BA_OTHER = re.compile(r"把(?!(?:时间|预约|上门|安装|这个|那个|它|这|那|我的预约|时段|日子)?\s*$)"
                       r"[^，,。！!；;\n?？把]{1,10}$")


def _asked_before(text: str, at: int) -> bool:
    """Whether the clause holding the change at ``at`` asks with 能不能 / 可不可以 / 行不行 / 能否 before it.

    >>> _asked_before("能不能改到下午", 3), _asked_before("另外快递的派送能不能也改到下午，上午家里没人", 13)
    (True, True)
    >>> _asked_before("改到下午吧，上午要送孩子", 0)
    False
    """
    return bool(_ASK_BEFORE.search(text[max(0, at - 20):at]))


def _other_thing(text: str, at: int) -> bool:
    """Whether 把 names another thing the change at ``at`` moves ("我把快递改到下午送了").

    >>> _other_thing("另外我把快递改到下午送了", 7), _other_thing("麻烦把时间改到下午", 5)
    (True, False)
    """
    return bool(_BA_OTHER.search(text[max(0, at - 12):at]))


def _asks(text: str, at: int) -> bool:
    """Whether the clause going on at ``at`` ends as a question (a question mark or a final 吗/么/呢).

    >>> _asks("能改到下午吗，上午有事", 5), _asks("改到下午可以么", 4), _asks("改到下午吧，上午要送孩子", 4)
    (True, True, False)
    """
    return _CLAUSE_REST.match(text, at).group(0).rstrip().endswith(("?", "？", "吗", "么", "呢"))


def _moved(value: str, new: str, lang: str) -> str | None:
    """``value`` with its one part of the day put as ``new`` (the clock right after the old part dropped), or None
    when it holds none, more than one, or ``new`` already.

    >>> _moved("12月12号上午9点", "下午", "zh"), _moved("周四上午", "晚上", "zh")
    ('12月12号下午', '周四晚上')
    >>> _moved("12月12号下午", "下午", "zh") is None, _moved("周五", "晚上", "zh") is None
    (True, True)
    """
    parts = list(re.finditer(_PARTS[lang], value, re.I))
    if len(parts) != 1 or parts[0].group(0).casefold() == new.casefold():
        return None
    m = parts[0]
    clock = _CLOCK_AFTER.match(value, m.end())
    end = clock.end() if clock and any(ch.isdigit() for ch in clock.group(0)) else m.end()
    return (value[:m.start()] + new + value[end:]).strip()


@step("day_part_moved", roles=("user",))
def day_part_moved(ctx: MessageContext) -> list[_Unit]:
    """The newest current day or time fact follows the part of the day the user moves it to ("改到下午吧")."""
    new = _new_part(ctx)
    if new is None:
        return []
    filled = {u.key for u in ctx.units_of(FactUnit)}
    for fid, d in g.recent_current_facts(ctx.graph, 20):
        if not _WHEN_KEYS.match(str(d.get("key", ""))) or d["key"] in filled:
            continue
        value = _moved(str(d.get("value", "")), new, ctx.lang)
        if value is None:
            continue
        return [FactUnit(key=d["key"], name=d["name"], value=value, correction=True, supersedes=fid,
                         slot=d.get("slot"), group=d.get("group"))]
    return []
