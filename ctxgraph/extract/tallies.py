"""The tallies step: a Chinese count the user says with its measure word and no noun after it (miss28zh, issue 19).

"送八羽", "那就十羽了", "再加4组，24组", "算12个吧", "油10桶", "尿素40袋": the user tells how many with a measure
word and no counted noun after it (the thing is named before the count, or was named earlier in the chat). The
entity rules read a count with its noun after it ("两台冰箱"); a count that ends its phrase was left unread, or
read by another step as a bare number ("尿素: 30袋", losing the thing). Here, by shape alone:

- the count is a number and a measure word that ends its phrase (a particle at most after it: "吧", "了");
- a noun said right before it (jieba's tags; two short words may stand between: "花甲要20斤") is the thing
  counted: the value keeps it ("尿素40袋") and the key is ``count_<noun>`` (the noun's first count takes the key
  of a bare count of its kind instead: "每周20袋" ... "米改25袋"); with no noun the key is the one counts_ordered
  and a bare answer to "几羽？" take: the user's held count in that measure word, else the measure word ("羽":
  "十羽"), so that a later count of the same kind replaces it;
- a later count of the same key in one message wins only after a correction ("尿素也整30袋 哎不对 ... 尿素40袋");
  else the first stands ("员工而家6个，旧年4个");
- not a count the user gives: one of something ("一台", "一个"), a count added or taken away ("再加4组", "多两个"),
  one pointed at ("那两个", "我们两个"), ranked ("第二个"), a rate ("一个月3条", "每周20袋"), denied ("不是八个"), said of the
  past ("旧年4个"), asked, taken back, inside another value (a phone, a date), or a count a fact of this message
  already holds (that step keeps it; a count of the same kind kept before by another key is retracted).

Off by default (``registry.OPTIONAL_STEPS``: on the unseen sets of its round it added a wrong value and facts no annotator
wrote); switched on with ``with_step``:

>>> from ctxgraph import Tracker
>>> from ctxgraph.extract.registry import with_step
>>> t = Tracker("zh")
>>> t.extractor.steps[:] = with_step(t.extractor.steps, "tallies")
>>> t.observe_many([{"role": "user", "content": "送八羽，都是今年的幼鸽"},
...                 {"role": "user", "content": "我媳妇说再加两羽，那就十羽了"}])
>>> [(f.key, f.value) for f in t.state().facts if f.status == "current" and f.key == "羽"]
[('羽', '十羽')]
"""

from __future__ import annotations

import re

from .._units import FactUnit, RetractUnit, _Unit
from .context import MessageContext
from .counts import _held_count_key
from .registry import step
from .wants import WANT_KEY
from .text import in_spans

#: measure words of a counted thing (money, time and people are other steps' values)
_MEASURE = "个件台部张箱瓶只套杯盒袋包双条支本把顶辆束副盆根桶罐桌枚棵盏颗组羽斤吨打床头亩串捆卷筐"
_COUNT = re.compile(rf"(?P<n>\d{{1,5}}|[两二三四五六七八九十百千]{{1,5}}[一二两三四五六七八九十]?|一(?=[{_MEASURE}]半))(?:来|多)?(?P<m>[{_MEASURE}])半?"
                    r"(?=[吧啦了呢啊呀嘛哈]*(?:就好|就行|就够|就可以|就)?(?:[\s，。！？、,.!?；;：:）)~～]|$))")
#: right before the count: an addition or a taking away, a pointer, a rank, a rate, a denial, a number word (a count
#: of a count: "五六个" is read whole by the pattern's own numerals)
_NOT_BEFORE = re.compile(r"(?:加|多|再|又|少|减|还|另|这|那|哪|第|每|几|不是|没|了|正|们|一|\d)$")
#: words that take back what was just said ("哦不对", "说错了"): a count after them corrects one before them
_SLIP = re.compile(r"不对|说错|搞错|讲错|记错|哦不|哎不|不不")
#: right before a count, a span of time: a rate ("一个月3条", "一天两包", "每周20袋"), which the tool and the changes
#: steps read as the count itself; a second count of it by this step leaves one copy behind when the rate changes
_RATE = re.compile(r"(?:[一两二三四五六七八九十\d]个?|每|半)(?:个月|月|周|星期|礼拜|年|天|日)\s*$")
#: a clause said of the past ("旧年4个", "去年买了三台"): its count is no value of now
_PAST = re.compile(r"(?:^|[\s，。！？、,.!?；;])\s*(?:旧年|去年|前年|以前|之前|原来|原先|上次|当时|以往)[^\s，。！？、,.!?；;]*$")
#: measure words that are units of weight or land: a count of them is the measures step's unless a noun names the
#: thing weighed ("香肠灌三十斤"; "大概两百斤" alone is a weight, not a count)
_UNITS = "斤吨亩"
#: a number said alone right after a counted noun ("安全帽一百五", "背心还是二百"): a new count of that thing
_RECOUNT = (r"(?:改成?|要|还是)?(?P<n>\d{1,5}|[一两二三四五六七八九十百千]{1,6})(?![\d一两二三四五六七八九十百千万])"
            rf"(?![{_MEASURE}块元钱号月日点岁年天])")
#: jieba tags of a counted noun, and of the short words that may stand between it and the count ("要", "也整", "灌")
_NOUN_TAGS = ("n", "nz", "ng", "vn", "nr")
_BETWEEN_TAGS = ("v", "d", "b")
#: labels of the mentions a count may lie in
_COUNT_LABELS = ("QUANTITY", "CARDINAL", "NUMBER")
_EDGE = re.compile(r"[\s，。！？、,.!?；;：:]")
_HAN = re.compile(r"^[\u4e00-\u9fff]+$")


def counted_noun(ctx: MessageContext, start: int) -> tuple[str, int] | None:
    """(the noun counted, where the value starts) for a count starting at ``start``: nouns right before it, two
    short words at most between ("花甲要20斤", "种子也整两袋"); None when no noun stands there ("每周20袋", "那就十羽了")."""
    tokens = [t for t in ctx.profile.doc(ctx.text) if t.idx + len(t.text) <= start]
    at, between = start, 0
    while len(tokens) > 1 and between < 2 and tokens[-1].idx + len(tokens[-1].text) == at \
            and tokens[-1].tag_.startswith(_BETWEEN_TAGS) and len(tokens[-1].text) == 1:
        at, between = tokens.pop().idx, between + 1  # "花甲要20斤", "种子也整两袋"
    noun: list = []
    while tokens and len(noun) < 2 and tokens[-1].idx + len(tokens[-1].text) == at \
            and tokens[-1].tag_.startswith(_NOUN_TAGS) and _HAN.match(tokens[-1].text):
        noun.insert(0, tokens.pop())
        at = noun[0].idx
    if not noun or len(noun[0].text) == 1 and len(noun) == 1 and noun[0].idx and not _EDGE.match(ctx.text[noun[0].idx - 1]):
        return None  # one character after another word is no noun of its own ("就报四羽": 报)
    return ctx.text[noun[0].idx:noun[-1].idx + len(noun[-1].text)], noun[0].idx


def _in_value(ctx: MessageContext, start: int, end: int) -> bool:
    """A mention of another kind covers part of the span: the number is part of a phone number, a date, an id."""
    return any(m.start < end and start < m.end and m.label not in _COUNT_LABELS for m in ctx.mentions)


def _current(ctx: MessageContext, key: str) -> bool:
    """A current fact has ``key``."""
    fid = ctx.graph.graph["current_fact"].get(key)
    return fid is not None and ctx.graph.nodes[fid].get("status") == "current"


def recounts(ctx: MessageContext, found: dict[str, FactUnit], held: list[str]) -> dict[str, FactUnit]:
    """New counts of things counted before (a current ``count_<noun>`` fact), said as the noun and a number alone
    ("安全帽二百顶" … "安全帽一百五"), keyed like the old count so that they replace it."""
    out: dict[str, FactUnit] = {}
    for key, fid in ctx.graph.graph["current_fact"].items():
        noun = str(key).removeprefix("count_")
        if not str(key).startswith("count_") or len(noun) < 2 or key in found or noun not in ctx.text \
                or not _current(ctx, key):
            continue
        for m in re.finditer(re.escape(noun) + _RECOUNT, ctx.text):
            said = ctx.text[m.start():m.end()]
            if m.group("n") == "一" or ctx.asking(m.start()) or any(m.group("n") in v for v in held) \
                    or m.group("n") in str(ctx.graph.nodes[fid].get("value", "")):  # "背心还是二百": the same count
                continue
            out[key] = FactUnit(key=key, name=noun, value=said, correction=True, stressed=ctx.stressed)
    return out


def _count_key(ctx: MessageContext, unit: str) -> str | None:
    """The key of the newest current fact the user gave whose value ends with a count in ``unit`` (counts.py's
    ``_held_count_key``), never a want's (its text holds the user's words, not a count)."""
    key = _held_count_key(ctx, unit)
    return key if key != WANT_KEY else None


def _holder(ctx: MessageContext, said: str, name: str | None) -> FactUnit | None | bool:
    """What of this message holds the count ``said``: None when nothing does, the relations step's bare number
    of the same noun ("尿素: 30袋" for "尿素30袋"; the count takes its place, with its noun), True for another step's
    value (that step keeps the count)."""
    for u in ctx.units:
        if isinstance(u, FactUnit) and u.key != WANT_KEY and said in u.value:  # (a want holds the user's words whole)
            return u if name is not None and u.key == name and u.value == said else True
    return None


@step("tallies", roles=("user",))
def tallies(ctx: MessageContext) -> list[_Unit]:
    """Counts with a measure word and no noun after them, as ``count_<noun>`` facts or keyed by their measure word."""
    if ctx.lang != "zh" or not re.search(f"[{_MEASURE}]", ctx.text):
        return []
    held = [u.value for u in ctx.units if isinstance(u, FactUnit) and u.key != WANT_KEY]
    found: dict[str, FactUnit] = {}
    replaced: list[FactUnit] = []
    said_at: dict[str, int] = {}
    retracted: list[_Unit] = []
    noun_keys: dict[str, str] = {}
    for m in _COUNT.finditer(ctx.text):
        start, end = m.start(), m.end()
        if m.group(0) == "一" + m.group("m") or _NOT_BEFORE.search(ctx.text[max(0, start - 2):start]) \
                or ctx.asking(start) or in_spans(start, ctx.taken_back) or _in_value(ctx, start, end) \
                or _PAST.search(ctx.text[:start]) or _RATE.search(ctx.text[max(0, start - 5):start]):
            continue
        said = ctx.text[start:end]
        noun = counted_noun(ctx, start)
        holder = _holder(ctx, said, noun[0] if noun else None)
        unit = m.group("m")
        if noun is not None:
            name, at = noun
            key = noun_keys.get(name) or f"count_{name}"
            if key not in found and not _current(ctx, key) and _current(ctx, unit) and unit not in found:
                key = unit  # "米改25袋": the first count of a noun changes the bare count of its kind ("每周20袋")
            noun_keys[name] = key
            start = at
        elif unit in _UNITS:
            continue
        else:
            name, key = unit, _count_key(ctx, unit) or unit  # the key a bare answer to "几桶？" takes
            start -= ctx.text[start - 1:start] == "各"  # "金银铜各12枚": each of them
        if holder is True:
            if _current(ctx, key) and ctx.graph.nodes[ctx.graph.graph["current_fact"][key]].get("value") != said:
                keys = {u.key for u in ctx.units if isinstance(u, FactUnit) and u.value == said}
                if keys:  # kept as it is by another step: under this key it replaces the old count itself, under
                    if key not in keys:  # another key the old count goes
                        retracted.append(RetractUnit(fact=ctx.graph.graph["current_fact"][key]))
                    continue
            else:
                continue  # another step keeps this count, and no count of this kind was kept before that it replaces
        if key in found and not (ctx.correcting or _SLIP.search(ctx.text, said_at.get(key, 0), start)):
            continue  # two counts of one kind in a message and no correction: the first is said of now
        if isinstance(holder, FactUnit):
            replaced.append(holder)
        said_at[key] = end
        found.pop(key, None)  # a later count of the same thing in a correcting message wins ("哎不对 … 尿素40袋")
        found[key] = FactUnit(key=key, name=name, value=ctx.text[start:end], correction=ctx.correcting,
                              stressed=ctx.stressed)
    found.update(recounts(ctx, found, held))
    nouns = {u.name for u in found.values() if u.key.startswith("count_")}
    if found:  # the relations step's bare numbers of a noun counted here are the count's ("尿素: 30袋")
        ctx.units[:] = [u for u in ctx.units if not (u in replaced or isinstance(u, FactUnit) and u.key in nouns
                                                     and ctx.correcting)]
    return retracted + list(found.values())
