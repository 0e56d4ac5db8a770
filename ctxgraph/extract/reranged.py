"""(prec28) A span of days or years the user says again: the held value that says the old span follows (issue 19).

The user gives a span inside a longer value ("need a mini digger, thurs to sat", "how many notices from 2021 to
2023, by month", "成都提车 4月30到5月4号"), then another span of the same kind ("make it fri-sat", "the second option,
2022 and 2023 by month") or, in Chinese, only its new end with a word of change ("改成5月5号还车"). The new span is
a fact of its own key or none, and the old one stayed current inside the want or the date that holds it.

Here each current value the user said in an earlier message that holds a span of the kind this message says again
(weekdays, years, Chinese month-and-day dates) gets the new span in the old one's place; a new end replaces the old
span's end only when the message says it with a word of change and an end word (还车, 退房, 结束, 回来 ...) and it is
later than the span's start. A span asked about or ruled out moves nothing, nor does the same span said again.

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> t.observe_many([{"role": "user", "content": "hi need a cement mixer for a garden wall, mon to wed next week"},
...                 {"role": "assistant", "content": "We have a 110L mixer at 25 a day."},
...                 {"role": "user", "content": "great. actually make it tues-wed, the sand comes late"}])
>>> [f.value for f in t.state().facts if f.key == "want" and f.status == "current"]
['need a cement mixer for a garden wall, tues-wed']
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .._units import _Unit
from .context import MessageContext
from .registry import step
from .recounts import followed, held_users, other_time
from .text import clause_at, in_spans, question_sentences

_DAY = r"(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)(?:day|nesday|sday|urday)?s?"
_EN_DAYS = re.compile(rf"\b(?P<a>{_DAY})\s*(?:to|-|–|till|until|through|thru)\s*(?P<b>{_DAY})\b", re.I)
_YEARS = re.compile(r"(?<!\d)(?P<a>(?:19|20)\d\d)\s*(?:to|-|–|till|until|through|and|至|到)\s*(?P<b>(?:19|20)\d\d)(?!\d)", re.I)
_ZH_DATE = r"(?:\d{1,2}月)?\d{1,2}(?:号|日)?"
_ZH_DATES = re.compile(rf"(?P<a>\d{{1,2}}月\d{{1,2}}(?:号|日)?)\s*(?:到|至|-|~|—)\s*(?P<b>{_ZH_DATE})(?![\d月])")
#: (zh) a new end said with a word of change and an end word: "改成5月5号还车", "延到5月6号退房"
_ZH_NEW_END = re.compile(r"(?:改成|改到|换成|延到|推到|延长到)(?P<b>\d{1,2}月\d{1,2}(?:号|日)?)(?:再)?(?:还车|退房|结束|回来|离店|还)")
#: right before a span: a question or a span ruled out
_NOT_BEFORE = re.compile(r"(?:\bnot|\bno|不是|不要)\s*$", re.I)
_KINDS = (("days", _EN_DAYS), ("years", _YEARS), ("zh_dates", _ZH_DATES))


class Span(NamedTuple):
    """A span in a text: its kind, its words and where they stand."""

    kind: str
    text: str
    start: int
    end: int


def spans(text: str) -> list[Span]:
    """The spans of days, years and Chinese dates in ``text``.

    >>> [(s.kind, s.text) for s in spans("need it thurs to sat, data from 2021 to 2023, 4月30到5月4号")]
    [('days', 'thurs to sat'), ('years', '2021 to 2023'), ('zh_dates', '4月30到5月4号')]
    """
    out = [Span(kind, m.group(0), m.start(), m.end()) for kind, rx in _KINDS for m in rx.finditer(text)]
    return sorted(out, key=lambda s: s.start)


def _month_day(text: str, month: str | None = None) -> tuple[int, int] | None:
    """(month, day) of a Chinese date; a day alone takes ``month``.

    >>> _month_day("5月4号"), _month_day("30", "4"), _month_day("30")
    ((5, 4), (4, 30), None)
    """
    m = re.fullmatch(r"(?:(\d{1,2})月)?(\d{1,2})(?:号|日)?", text)
    if m is None or (m.group(1) is None and month is None):
        return None
    return int(m.group(1) or month or 0), int(m.group(2))


def _new_spans(ctx: MessageContext) -> list[Span]:
    """The spans this message says (not asked about, in a question or ruled out), and (zh) a span's new end as a span
    of its own kind holding the end alone: "could it be tues-wed instead?" waits for the answer."""
    asked = list(question_sentences(ctx.text))
    said = [s for s in spans(ctx.text) if not _NOT_BEFORE.search(ctx.text[max(0, s.start - 8):s.start])]
    if ctx.lang == "zh":
        said += [Span("zh_end", m.group("b"), m.start("b"), m.end("b")) for m in _ZH_NEW_END.finditer(ctx.text)]
    return [s for s in said if not ctx.asking(s.start) and not in_spans(s.start, asked) and not other_time(ctx, s.start)]


def _moved(old: Span, new: Span) -> str | None:
    """The old span's words as this message says them: the new span of its kind, or the old span with its new end
    (later than its start); None when nothing moves.

    >>> old = spans("thurs to sat")[0]
    >>> _moved(old, spans("fri-sat")[0]), _moved(old, spans("Thurs to Sat")[0])
    ('fri-sat', None)
    >>> old = spans("4月30到5月4号")[0]
    >>> _moved(old, Span("zh_end", "5月6号", 0, 4)), _moved(old, Span("zh_end", "4月29号", 0, 5))
    ('4月30到5月6号', None)
    """
    if new.kind == old.kind:
        return new.text if new.text.casefold().replace(" ", "") != old.text.casefold().replace(" ", "") else None
    if new.kind != "zh_end" or old.kind != "zh_dates":
        return None
    m = _ZH_DATES.fullmatch(old.text)
    start = _month_day(m.group("a")) if m else None
    end, was = _month_day(new.text), _month_day(m.group("b"), str(start[0]) if start else None) if m else None
    if start is None or end is None or end <= start or end == was:
        return None
    return old.text[:m.start("b")] + new.text


#: (fix31) a word that changes what was said ("make it", "instead", "actually", "then", 改, 换 …): a span said with it moves
#: the held one; without it the span must be said of the held value's thing
_CHANGE = re.compile(r"\b(?:make it|change|changed|instead|actually|rather|switch|move|then|now|only|just)\b"
                     r"|改|换|调|挪|推迟|延|提前|变", re.I)
_LONG_WORD = re.compile(r"[a-z]{4,}|[\u4e00-\u9fff]{2}", re.I)


def _shares_words(clause: str, value: str) -> bool:
    """(fix31) Whether the clause of a new span names the held value's thing (a word of four letters or more, or two
    Chinese characters, beside the spans): "my kids were born 2015 and 2018" moves no "notices from 2021 to 2023", "the
    neighbours are away mon to wed" no "mini digger thurs to sat".

    >>> _shares_words("2021 and 2022 by street please", "fines issued from 2019 to 2022, by street")
    True
    >>> _shares_words("the neighbours are away mon to wed so noise is fine", "need a mini digger thurs to sat")
    False
    """
    def words(text: str) -> set[str]:
        bare = text
        for s in spans(text):
            bare = bare.replace(s.text, " ")
        return {w.casefold() for w in _LONG_WORD.findall(bare)}
    return bool(words(clause) & words(value))


@step("reranged", roles=("user",))
def reranged(ctx: MessageContext) -> list[_Unit]:
    """Each earlier value of the user's holding a span this message says again, superseded by itself with the new
    span (see the module)."""
    said = _new_spans(ctx)
    if not said:
        return []
    out: list[_Unit] = []
    changes = ctx.correcting or bool(_CHANGE.search(ctx.text))
    for fid, d in held_users(ctx):
        value = str(d["value"])
        mine = said if changes else [n for n in said if _shares_words(clause_at(ctx.text, n.start), value)]
        for old in spans(value):
            new = next((w for n in reversed(mine) if (w := _moved(old, n)) is not None), None)
            if new is not None:
                out.append(followed(fid, d, value[:old.start] + new + value[old.end:]))
                break
    return out
