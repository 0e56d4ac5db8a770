"""The measures step: a quantity the user states with its unit is a fact (issue 19, miss6).

"about 1m 35 and 30 kilos", "roughly 1.2m wide by 1.5 high", "the MG will do maybe 1500 miles a
year", "五公斤左右", "宽九十六公分，高两米零五", "用了快八年了", "每次两个小时": the user tells a measure
of the thing (its weight, size, area, volume, how far, how long, how old) as a number and a unit,
in digits or words. Only some of these were read before (metres by the role cues, 公分 as a
length), most were lost: the named-entity models tag "30 kilos" or 五公斤 as a bare number or not
at all. Here the act is read by its shape alone, number + unit word, never by a domain's nouns:

- the fact's key is the dimension the unit measures (``weight``, ``length``, ``area``,
  ``volume``, ``distance``, ``duration``, ``power``), or the one a word beside it names ("wide", "high",
  宽, 高: ``width``, ``height``); two lengths joined by "by" / "x" / 乘 are one ``size`` ("2.4m by
  1.8", "80cm x 190cm"), the bare second number taking the first's unit; a thing's age said with
  a verb of having or using ("12 years old") is its ``age``, in Chinese ("用了快八年了") ``used_for`` (miss25zh: the
  person's 岁 keeps ``age``); a rate after it ("a
  year", 每次) stays in the value;
- several measures of one dimension in a message are one fact ("六十公斤, 四十五公斤"); a later
  message's measure of the same dimension replaces it (a correction: "it's 18 metres");
- not a measure of the thing: a time ago or from now ("3 weeks ago", "in 2 weeks", 三天前,
  两周后), a bound ("within 3 days", 三天内), a year or a month of the calendar (2026年, 3月), a
  school grade (五年级), a price, the assistant's words, a question, a clause taken back, and a
  span another step already keeps as its own value.

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> t.observe_many([{"role": "assistant", "content": "How tall is he and roughly what does he weigh?"},
...                 {"role": "user", "content": "about 1m 35 and 30 kilos"}])
>>> sorted((f.key, f.value) for f in t.state().facts if f.status == "current")
[('length', '1m 35'), ('weight', '30 kilos')]
>>> t = Tracker("zh")
>>> _ = t.observe({"role": "user", "content": "猫五公斤左右，狗十二公斤，都用了快三年的航空箱"})
>>> [(f.key, f.value) for f in t.state().facts if f.key == "weight"]
[('weight', '五公斤, 十二公斤')]
"""

from __future__ import annotations

import re

from .._units import FactUnit, _Unit
from .context import MessageContext
from .registry import step
from .text import in_spans

# ---------------------------------------------------------------- English

_EN_WORD_NUMBER = (r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|"
                   r"fifty|sixty|seventy|eighty|ninety|a hundred|hundred")
_EN_NUMBER = rf"(?:\d{{1,3}}(?:,\d{{3}})+|\d+(?:\.\d+)?|(?:{_EN_WORD_NUMBER})(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?)"
#: unit words by the dimension they measure (longest first inside each)
_EN_UNITS = (
    ("weight", r"kilograms?|kilos?|kgs?|stones?|tonnes?|lbs?"),
    ("area", r"square (?:metres?|meters?|feet|foot|ft|yards?)|sq ?(?:m|ft|yds?)|m2|m²|acres?|hectares?"),
    ("volume", r"litres?|liters?|ml|gallons?"),
    ("distance", r"miles?|kilometres?|kilometers?|km"),
    ("power", r"kilowatts?|kw|watts?"),  # (missen18) an appliance's load: "fryer 3kw", "750 watts"
    ("length", r"metres?|meters?|centimetres?|centimeters?|millimetres?|millimeters?|cm|mm|m|feet|foot|ft|inch(?:es)?|yards?"),
    ("duration", r"years?|yrs?|months?|weeks?|wks?|days?|hours?|hrs?|minutes?|mins?"),
)
_EN_UNIT = "|".join(f"(?P<{dim}>{words})" for dim, words in _EN_UNITS)
_EN_RATE = r"(?:\s+(?:a|per|each|every)\s+(?:year|month|week|day|night|session|time|visit))"
_EN_MEASURE = re.compile(
    rf"(?<![\w£$€¥.,])(?P<num>{_EN_NUMBER})\s?(?:{_EN_UNIT})(?![\w'’-])"
    rf"(?P<more>\s?\d{{1,2}}(?![\w.,:]))?"                     # "1m 35", "5ft 10"
    rf"(?P<rate>{_EN_RATE})?", re.I)
_EN_SPECIAL = re.compile(r"\b(?:an? (?:hour|day) and a half|half an hour|a half hour)\b", re.I)
#: a bare number with a rate: "maybe 1500 a year" (the unit left to the question)
_EN_BARE_RATE = re.compile(rf"(?<![\w£$€¥.,])(?P<num>\d{{2,}}(?:,\d{{3}})*)(?P<rate>\s+(?:a|per)\s+(?:year|month|week))\b", re.I)
#: the second of two lengths: "by 1.5 high", "x 190cm", "by 12ft"
_EN_BY = re.compile(rf"\s*(?:by|x|×)\s*(?P<num>{_EN_NUMBER})(?:\s?(?:{_EN_UNIT}))?(?![\w])", re.I)
_EN_DIM_AFTER = re.compile(r"\s*(?P<w>wide|across|high|tall|long|deep|in length|in width|in height)\b", re.I)
_EN_DIM = {"wide": "width", "across": "width", "in width": "width", "high": "height", "tall": "height",
           "in height": "height", "long": "length", "in length": "length", "deep": "depth"}
#: before the number: a time from now, a bound, an order ("in 3 weeks", "within 2 days", "the 2nd")
_EN_NOT_BEFORE = re.compile(r"\b(?:in|within|under|over|after|before|next|last|past|first|up to|at least|at most)\s+(?:the\s+|about\s+|around\s+)?$", re.I)
_EN_NOT_AFTER = re.compile(r"^\s*(?:ago|later|earlier|from now|before|after|back|since|time\b|notice|old\b|or (?:more|less|longer|so)|plus\b|\+|"
                           r"away\b)", re.I)  # (prec10) "im only 20 mins away": how far the user is, no measure of the thing
#: (prec10) a bare number and "by" / "x" before a length: the first side of one size ("3.5 x 3m", "2 by 3 metres")
_EN_BY_BEFORE = re.compile(r"(?<![\w£$€¥.,])\d+(?:\.\d+)?\s*(?:by|x|×)\s*$", re.I)
#: (lead19) the low end of a range before a measure's number: "10-12 weeks", "2 to 3 days", "2 or 3 hours"
_EN_RANGE_FROM = re.compile(rf"(?<![\w£$€¥.,])(?:between\s+{_EN_NUMBER}\s+and|{_EN_NUMBER}\s*(?:-|–|to|or))\s*$", re.I)
_EN_AGE = re.compile(r"^\s*old\b", re.I)
_EN_HAD = re.compile(r"\b(?:had|owned|used|run|worn|kept|been using)\s+(?:it\s+|them\s+)?(?:for\s+)?(?:about\s+|around\s+|nearly\s+|almost\s+)?$", re.I)

# ---------------------------------------------------------------- Chinese

_ZH_DIGITS = "零〇一二两三四五六七八九十百千万"
_ZH_NUMBER = rf"(?:\d+(?:\.\d+)?|[{_ZH_DIGITS}]+(?:点[{_ZH_DIGITS}]+)?)(?:多|来|几)?"
_ZH_UNITS = (
    ("weight", r"公斤|千克|斤|吨"),
    ("area", r"平方米|平米|平方|平|亩"),
    ("volume", r"毫升|升"),
    ("distance", r"公里|千米"),
    ("length", r"厘米|公分|毫米|米"),
    ("duration", r"个小时|小时|个钟头|分钟|个月|年|周|天"),
)
_ZH_UNIT = "|".join(f"(?P<{dim}>{words})" for dim, words in _ZH_UNITS)
#: (fix15) every unit word of a measure, by language, as one alternation (``surface.measured_form`` reads with it)
UNIT_WORDS = {"en": "|".join(words for _, words in _EN_UNITS), "zh": "|".join(words for _, words in _ZH_UNITS)}
_ZH_MEASURE = re.compile(
    rf"(?<![第\d{_ZH_DIGITS}.])(?P<num>{_ZH_NUMBER})(?:{_ZH_UNIT})"
    rf"(?P<more>(?<=米)(?:零)?[{_ZH_DIGITS[:-4]}\d]{{1,2}}(?![{_ZH_DIGITS}\d]))?"   # 一米三, 两米零五, 1米65
    rf"(?:多|半)?")
_ZH_SPECIAL = re.compile(rf"(?<![{_ZH_DIGITS}\d])(?:[{_ZH_DIGITS}\d]+个半小时|半个?小时)")
#: after the unit: a time before or after now, a bound, a grade, a calendar word, an anniversary
_ZH_NOT_AFTER = re.compile(r"^(?:前|后|以前|以后|之前|之后|内|以内|之内|以上|以下|里|级|底|初|中|末|度|代|龄|岁|年|次|份|期|号|日)")
_ZH_NOT_BEFORE = re.compile(r"(?:这|那|每隔|隔|提前|晚|早|推迟|延后|前|后|最多|最少|不超过|不到|超过|多于|少于|至少|在|周|星期|礼拜|《)$")
_ZH_DIM_BEFORE = re.compile(r"(宽|高|长|深|重)(?:度|约|大概|差不多|有)?$")
_ZH_DIM_AFTER = re.compile(r"^(?:左右|上下|多)?(宽|高|长|深)")
_ZH_DIM = {"宽": "width", "高": "height", "长": "length", "深": "depth", "重": "weight"}
_ZH_BY = re.compile(rf"^\s*(?:乘以?|[x×*])\s*(?P<num>{_ZH_NUMBER})(?:{_ZH_UNIT})?")
#: (prec10) a bare number and 乘 / x before a length: the first side of one size ("3乘2米", "3.5x3米")
_ZH_BY_BEFORE = re.compile(rf"(?<![\d{_ZH_DIGITS}.])(?:\d+(?:\.\d+)?|[{_ZH_DIGITS}]+(?:点[{_ZH_DIGITS}]+)?)\s*(?:乘以?|[x×*])\s*$")
#: (prec10) how far the user is from a place ("离你们店就20分钟", "到南站得一个小时", "半小时车程"): no measure of the
#: thing. (fix11) 离 says it alone; 到 only with a way of travelling (开车到…, 到…走路) or a place it reaches (a place
#: noun's head: 到南站, 到你们店, 到你们那): "从量尺到安装大概要3个月", "练到晚上得2个小时" are durations, 到 ending a span of time
_ZH_TRAVEL = r"开车|坐车|打车|走路|步行|骑车|坐地铁|坐公交|路上"
_ZH_PLACE_HEAD = r"站|店|家|公司|单位|机场|码头|医院|学校|小区|市区|城里|那边|那儿|那里|这边|这儿|这里|你们那|你那"
_ZH_AWAY_ADV = rf"就|只有|才|也就|大概|差不多|要|得|有|{_ZH_TRAVEL}"
_ZH_AWAY_BEFORE = re.compile(rf"(?:离[^，,。！？!?；;\s]{{1,10}}?(?:{_ZH_AWAY_ADV})+|(?:{_ZH_TRAVEL})到[^，,。！？!?；;\s]{{1,10}}?(?:{_ZH_AWAY_ADV})*|"
                             rf"到[^，,。！？!?；;\s]{{0,8}}?(?:{_ZH_PLACE_HEAD})(?:{_ZH_AWAY_ADV})+|"
                             rf"到[^，,。！？!?；;\s]{{1,10}}?(?:{_ZH_TRAVEL})(?:{_ZH_AWAY_ADV})*)$")
_ZH_AWAY_AFTER = re.compile(r"^(?:的)?(?:路程|车程|路)")
#: (lead19) the low end of a range before a measure's number: "3到6个月", "两三天" is one number already
_ZH_RANGE_FROM = re.compile(rf"(?<![\d{_ZH_DIGITS}.]){_ZH_NUMBER}(?:{'|'.join(w for _, w in _ZH_UNITS)})?\s*(?:到|至|-|~|～)\s*$")
_ZH_HAD = re.compile(r"(?:用了|戴了|装了|买了|开了|养了|住了|穿了|骑了)(?:快|将近|差不多|大概|有)?$")
#: a rate before the number keeps with it: 每次两个小时
_ZH_RATE = re.compile(r"(?:每次|每回|每天|每周|每月|每年|一次)$")

#: (missen18) a number and a unit of weight, size, volume or power: no day nor time ("m" left out: "18m" may be months);
#: (user31) nor a medicine's strength ("metformin 500mg", "vitamin D 1000 IU", "20 mcg")
_EN_NOT_WHEN = re.compile(rf"(?<![\w£$€¥.,])\d+(?:\.\d+)?\s?(?:{'|'.join(w for d, w in _EN_UNITS if d not in ('duration', 'length'))}|"
                          r"centimetres?|centimeters?|millimetres?|millimeters?|cm|mm|mg|mcg|µg|milligrams?|micrograms?|iu)"
                          r"(?![\w'’-])", re.I)


def holds_measure(text: str) -> bool:
    """A span a learned tagger reads as a day or a time holds a measure of the thing instead.

    >>> holds_measure("fryer 3kw"), holds_measure("about 2.5 tonnes"), holds_measure("3 weeks"), holds_measure("18m")
    (True, True, False, False)
    >>> holds_measure("metformin 500mg"), holds_measure("ibuprofen 400 mg")
    (True, True)
    """
    return bool(_EN_NOT_WHEN.search(text))


#: the keys this step's facts take
MEASURE_KEYS = ("weight", "area", "volume", "distance", "length", "width", "height", "depth", "size", "duration", "age", "usage", "power",
                "used_for")

_NAMES_ZH = {"weight": "重量", "area": "面积", "volume": "容量", "distance": "距离", "length": "长度", "width": "宽度",
             "height": "高度", "depth": "深度", "size": "尺寸", "duration": "时长", "age": "用了多久", "usage": "用量", "power": "功率",
             "used_for": "用了多久"}


def dimension_at(text: str, start: int, lang: str) -> str | None:
    """(lead20) The dimension of the measure said at ``text[start:]`` (a number and its unit), None when no unit
    follows the number: a change to "10寸" moves a size, never a count of cakes nor a lease's length.

    >>> dimension_at("改成10寸吧", 2, "zh"), dimension_at("改成30平米吧", 2, "zh"), dimension_at("改成3箱吧", 2, "zh")
    ('size', 'area', None)
    >>> sorted(dimensions("42码的跑鞋, 3公斤", "zh"))
    ['size', 'weight']
    >>> dimension_at("make it 30 square metres", 8, "en"), dimension_at("make it 8", 8, "en")
    ('area', None)
    """
    m = measure_at(text, start, lang)
    return None if m is None else _dimension_of(m, lang)


def measure_at(text: str, start: int, lang: str) -> re.Match | None:
    """(lead20) The measure (a number and its unit) said at ``text[start:]``, if any.

    >>> measure_at("need 3 kilos of rice", 5, "en").group(0), measure_at("要一台55寸的电视", 3, "zh").group(0)
    ('3 kilos', '55寸')
    """
    return (_ZH_MEASURE if lang == "zh" else _EN_MEASURE).match(text, start) or (
        _ZH_SIZE.match(text, start) if lang == "zh" else None)


#: (lead20) a cake's, a screen's, a shoe's size ("8寸", "55寸", "42码"): a measure a change moves as its own, never a
#: count; no fact of this step (the answer it is given to keeps it: "海信65寸的")
_ZH_SIZE = re.compile(rf"(?P<num>{_ZH_NUMBER})(?P<size>英寸|寸|码)")


def dimensions(text: str, lang: str) -> set[str]:
    """(lead20) The dimensions of the measures a value holds.

    >>> sorted(dimensions("三个月, 20平米", "zh")), dimensions("一个生日蛋糕", "zh"), dimensions("3 months", "en")
    (['area', 'duration'], set(), {'duration'})
    """
    if lang == "zh":
        return {_zh_dimension(m) for m in _ZH_MEASURE.finditer(text)} | {"size" for _ in _ZH_SIZE.finditer(text)}
    return {_dimension(m) for m in _EN_MEASURE.finditer(text)}


def _dimension_of(m: re.Match, lang: str) -> str:
    if lang != "zh":
        return _dimension(m)
    return "size" if "size" in m.re.groupindex else _zh_dimension(m)


def _dimension(m: re.Match) -> str:
    return next(dim for dim, _ in _EN_UNITS if m.group(dim))


def _zh_dimension(m: re.Match) -> str:
    return next(dim for dim, _ in _ZH_UNITS if m.group(dim))


def _kept(ctx: MessageContext, start: int, end: int) -> bool:
    """The span is another step's value already: a fact of this message whose value is little
    more than it (a want or a problem that holds the whole sentence does not count)."""
    said = ctx.text[start:end]
    for u in ctx.units:
        if not isinstance(u, FactUnit) or u.offered or u.key.startswith(("want", "problem")):
            continue  # (lead20) a short want ("We need 6 chairs") holds the sentence, not the value alone
        if len(u.value) <= len(said) + 8 and re.search(rf"{re.escape(said)}(?![\d{_ZH_DIGITS}.])", u.value):
            return True  # (not "一米" in "一米二": another measure)
        at = u.value.find(said)
        if at >= 0 and _MODIFIER_AFTER.match(u.value, at + len(said)):
            return True  # it qualifies a noun of another step's value: "24小时热水服务" is a facility, no duration
    return False


#: a Chinese noun right after a measure inside another value: the measure qualifies it ("24小时热水", "5公斤装")
#: - not a word that ends the measure itself (左右, 多, 了, 的, 吧 ...)
_MODIFIER_AFTER = re.compile(r"(?![左右上下多了的吧啊呢半以来])[\u4e00-\u9fff]")


#: a clause that declines or rules out what it measures ("the 8 yard is way too big", 对开的太宽了)
_DECLINE = re.compile(r"\btoo\b|\brather than\b|\binstead of\b|\bnot (?:the|that|this)\b|\bdon'?t want\b|太|不要|不用|不是|别|不想要")


_PIECE = re.compile(r"(?:[^,;.!?，。；！？、\n]|\.(?=\d))+")


def _echoed(ctx: MessageContext, said: str) -> bool:
    """The assistant's last message said the same measure: the user repeats it ("三周有点长" after
    "周期大约三周"), a pick or a remark the offers and picks steps read, not a measure of their own."""
    last = ctx.graph.graph.get("last_turn")
    d = ctx.graph.nodes[last] if last else {}
    return d.get("role") == "assistant" and said.casefold() in str(d.get("text", "")).casefold()


#: (miss22b) a duration the user takes up from the assistant's offer, the words of assent right after it: "6 months
#: is fine", "18 months please", "一年可以", "三个月就行"
_TAKEN_UP = re.compile(r"\s*(?:(?:is|'s|sounds|would be)\s+(?:fine|ok|okay|good|great|perfect|better)|works|please|pls|plz|then\b|for me)"
                       r"|\s*(?:吧|可以|就行|就可以|行|好了|没问题)", re.I)


def _taken_up(ctx: MessageContext, start: int, said: str) -> bool:
    """(miss22b) Whether the echoed measure at ``start`` is a duration the user takes up ("6 months is fine" after
    "we can do 6 months at £54"): the value of the deal, not a remark on the offer. The picks steps read an option
    by its name; a term said alone with an assent was read by none.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "assistant", "content": "Over 12 months at £102 a month, or over 18 months at £71."},
    ...                 {"role": "user", "content": "18 months please the 12 is too much for me"}])
    >>> [f.value for f in t.state().facts if f.key == "duration" and f.status == "current"]
    ['18 months']
    """
    if not _DURATION_SAID.fullmatch(said):
        return False
    up = _TAKEN_UP.match(ctx.text, start + len(said))
    if up is None:
        return _changed_to(ctx, start) and not _TURNED_DOWN.match(ctx.text, start + len(said))
    # (fix25) not when the words right after turn it down ("24 months for me is way too long")
    return not _TURNED_DOWN.match(ctx.text, up.end())


#: (user27) how far before a term a change act is read ("make it ", "change it to ")
_ACT_READ = 24


def _changed_to(ctx: MessageContext, start: int) -> bool:
    """(user27) Whether a change act of the pack's (``change_acts``) stands right before the term at ``start``: "make it
    2 months to be safe" after "You can freeze for 1 or 2 months" takes the term up as "2 months please" does.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "assistant", "content": "You can freeze it for 1 or 2 months."},
    ...                 {"role": "user", "content": "make it 2 months to be safe"}])
    >>> [f.value for f in t.state().facts if f.key == "duration" and f.status == "current"]
    ['2 months']
    """
    before = ctx.text[max(0, start - _ACT_READ):start]
    return any(rx.search(before) for rx in getattr(ctx.pack, "change_acts", ()))


#: (fix25) words right after the assent that judge the term too much or not wanted ("for me is way too long")
_TURNED_DOWN = re.compile(r"\s*(?:is|'s|are|would be|seems|feels)?\s*(?:(?:way|much|a bit|a little|far|just)\s+)?(?:too|not|no good)\b"
                          r"|\s*(?:太|不)", re.I)


_DURATION_SAID = re.compile(r"(?i)(?:\d+|one|two|three|four|five|six|twelve|eighteen|twenty-four|[一两二三四五六七八九十半]+)\s?"
                            r"(?:years?|months?|weeks?|个月|年|周)")


#: (prec29) the head of a remark that measures a span the user works out ("thats only 47 days", "it's only 4 days",
#: "thats 2 weeks off", 那才三天): "that" / "it" + "is", and in English a word that weighs the span or a word after it
_EN_REMARK_HEAD = re.compile(r"\b(?:that'?s|thats|that is|it'?s|its|it is)\s+(?P<weigh>(?:only|just|barely|not even|less than|under|"
                             r"like|about)\s+)*$", re.I)
_EN_REMARK_TAIL = re.compile(r"\s*(?:off|away|olds?|left|to go)\b", re.I)
_ZH_REMARK_HEAD = re.compile(r"(?:那|这)(?:样)?(?:也)?(?:才|只有|只剩|就剩|还不到|都不到|不到)(?:了)?$")
#: (prec29) the assistant's question about how long: a remark's shape then answers it ("How long is the trip?" -
#: "it's only 4 days")
_ASKED_HOW_LONG = re.compile(r"how long|how many (?:days|weeks|months|years|hours|nights)|多久|多长时间|几天|几个月|几年|几个小时", re.I)


def _remarked_span(ctx: MessageContext, start: int, said: str) -> bool:
    """(prec29) A duration the user works out in a remark ("the 26th. well hang on, thats only 47 days for the last
    ones", "1st july? thats 2 weeks off", "26号？那才三天，来不及"): a span between two dates or a reason said on
    the way to another value, not how long the thing lasts. Across the open groups no annotator kept one. Not when
    the assistant just asked how long (the remark is then the answer).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> _ = t.observe({"role": "user", "content": "the 26th? thats only 47 days for the ewes, make it the 2nd of Feb"})
    >>> [f.value for f in t.state().facts if f.key == "duration"]
    []
    >>> t.observe_many([{"role": "assistant", "content": "How long is the trip?"},
    ...                 {"role": "user", "content": "it's only 4 days"}])
    >>> [f.value for f in t.state().facts if f.key == "duration"]
    ['4 days']
    """
    if not re.search(r"(?i)years?|yrs?|months?|weeks?|wks?|days?|hours?|hrs?|minutes?|mins?|小时|钟头|分钟|个月|年|周|天$", said) \
            or _ASKED_HOW_LONG.search(ctx.assistant_before):
        return False
    before = ctx.text[max(0, start - 30):start]
    if ctx.lang == "zh":
        return bool(_ZH_REMARK_HEAD.search(before))
    head = _EN_REMARK_HEAD.search(before)
    return bool(head and (head.group("weigh") or _EN_REMARK_TAIL.match(ctx.text, start + len(said))))


def _skip(ctx: MessageContext, start: int, said: str) -> bool:
    if ctx.asking(start) or in_spans(start, ctx.taken_back) or (_echoed(ctx, said) and not _taken_up(ctx, start, said)):
        return True
    if _remarked_span(ctx, start, said):
        return True
    for m in _PIECE.finditer(ctx.text):
        if m.start() <= start < m.end():
            # (miss22b) a term taken up is declined only by words before it ("18 months please the 12 is too much":
            # the 12 is the one turned down)
            return bool(_DECLINE.search(ctx.text, m.start(), start if _taken_up(ctx, start, said) else m.end()))
    return False


#: (fix22) a measure said as a range ("2-3 metres", "4 to 5 feet", "3到6个月"), see :func:`_range_start`
_RANGED = re.compile(r"^(?:between\s|[^\s\-–~～到至]+\s*(?:-|–|to\s|or\s|到|至|~|～))", re.I)


def _range_start(rx: re.Pattern, text: str, start: int) -> int:
    """(lead19) Where a measure starts when a range's low end comes before its number: the whole range is the
    value ("10-12 weeks", not "12 weeks" with "10-" left in the want).

    >>> t = "away for 10-12 weeks"; t[_range_start(_EN_RANGE_FROM, t, 12):]
    '10-12 weeks'
    >>> t = "大概3到6个月"; t[_range_start(_ZH_RANGE_FROM, t, 4):]
    '3到6个月'
    >>> _range_start(_EN_RANGE_FROM, "for 12 weeks", 4), _range_start(_EN_RANGE_FROM, "1m 35 and 30 kilos", 11)
    (4, 11)
    """
    low = rx.search(text, max(0, start - 24), start)
    return low.start() if low else start


def _english(ctx: MessageContext) -> list[tuple[str, int, int]]:
    text, found = ctx.text, []
    taken_to = -1
    for m in _EN_MEASURE.finditer(text):
        start, end, dim = m.start(), m.end(), _dimension(m)
        start = _range_start(_EN_RANGE_FROM, text, start)
        if start < taken_to or _EN_NOT_BEFORE.search(text[max(0, start - 24):start]) or m.group(0).isupper():
            continue  # (an upper-case "1HR" is a postcode's part, not an hour)
        after = text[end:end + 16]
        if dim == "duration" and _EN_AGE.match(after):
            found.append(("age", start, end + _EN_AGE.match(after).end()))
            taken_to = end
            continue
        if dim == "duration" and _EN_NOT_AFTER.match(after) or dim == "distance" and re.match(r"\s*away\b", after, re.I):
            continue
        if dim == "length" and m.group("length").casefold() == "m" and not re.match(r"[\d.]+$", m.group("num")):
            continue  # "one m" is no length
        by = _EN_BY.match(text, end) if dim in ("length", "area") or m.group("length") else None
        if by is None and dim == "length":
            by = _EN_BY.match(text, end + (_EN_DIM_AFTER.match(text, end).end() - end if _EN_DIM_AFTER.match(text, end) else 0))
        if by is not None:
            tail = _EN_DIM_AFTER.match(text, by.end())
            end = tail.end() if tail else by.end()
            dim = "size"
        elif dim == "length" and _EN_BY_BEFORE.search(text[max(0, start - 16):start]):
            start, dim = start - len(_EN_BY_BEFORE.search(text[max(0, start - 16):start]).group(0)), "size"
        else:
            side = _EN_DIM_AFTER.match(text, end)
            if side and dim == "length":
                dim = _EN_DIM[side.group("w").casefold()]
            elif dim == "duration" and _EN_HAD.search(text[max(0, start - 30):start]):
                dim = "age"
        found.append((dim, start, end))
        taken_to = end
    for m in _EN_SPECIAL.finditer(text):
        if m.start() >= taken_to or not any(s <= m.start() < e for _, s, e in found):
            found.append(("duration", m.start(), m.end()))
    for m in _EN_BARE_RATE.finditer(text):
        if not any(s <= m.start() < e for _, s, e in found) and not _EN_NOT_BEFORE.search(text[max(0, m.start() - 24):m.start()]):
            found.append(("usage", m.start(), m.end()))
    return found


def _chinese(ctx: MessageContext) -> list[tuple[str, int, int]]:
    text, found = ctx.text, []
    taken_to = -1
    for m in _ZH_MEASURE.finditer(text):
        start, end, dim = m.start(), m.end(), _zh_dimension(m)
        num = m.group("num")
        if start < taken_to or num[0] in "百千万":
            continue  # 百年 (a title's word, "a century") is no measure
        if dim == "duration" and (re.fullmatch(r"\d{4}", num) or _ZH_NOT_AFTER.match(text[end:end + 2])):
            continue
        if dim != "duration" and re.match(r"(?:级|号|楼|层|栋|单元)", text[end:end + 1]):
            continue
        start = _range_start(_ZH_RANGE_FROM, text, start)
        before = text[max(0, start - 6):start]
        if _ZH_NOT_BEFORE.search(before):
            continue
        if dim in ("duration", "distance") and (_ZH_AWAY_BEFORE.search(text[max(0, start - 16):start])
                                               or _ZH_AWAY_AFTER.match(text[end:end + 3])):
            continue
        if num in ("一", "两", "几") and dim == "duration" and not m.group(0).endswith(("小时", "钟头", "分钟")) \
                and not before.endswith("了"):
            continue  # 一天 / 两天 / 一年 alone say when more often than how long ("拿了两年" says how long)
        by = _ZH_BY.match(text[end:])
        by_before = _ZH_BY_BEFORE.search(text[max(0, start - 10):start]) if dim == "length" else None
        if by is not None:
            end, dim = end + by.end(), "size"
        elif by_before is not None:
            start, dim = start - len(by_before.group(0)), "size"
        else:
            side_before, side_after = _ZH_DIM_BEFORE.search(before), _ZH_DIM_AFTER.match(text[end:end + 4])
            if dim == "length" and (side_before or side_after):
                dim = _ZH_DIM[(side_before or side_after).group(1)]
            elif dim == "duration" and _ZH_HAD.search(before):
                dim = "used_for"  # (miss25zh) how long a thing was had ("开了三十多年"), not a person's 岁 under age
        rate = _ZH_RATE.search(before)
        found.append((dim, start - (len(rate.group(0)) if rate else 0), end))
        taken_to = end
    for m in _ZH_SPECIAL.finditer(text):
        if not any(s <= m.start() < e for _, s, e in found) and not _ZH_NOT_BEFORE.search(text[max(0, m.start() - 6):m.start()]) \
                and not _ZH_AWAY_BEFORE.search(text[max(0, m.start() - 16):m.start()]) and not _ZH_AWAY_AFTER.match(text[m.end():m.end() + 3]):
            found.append(("duration", m.start(), m.end()))
    return found


#: (prec31zh) a Chinese measure with its tenths said after the unit: "2米9", "一米二八", "4米5"
_TENTHS_AFTER_UNIT = re.compile(rf"米(?:零)?[{_ZH_DIGITS[:-4]}\d]{{1,2}}$")


def _cut_of(text: str, u, said: str, start: int, end: int) -> bool:
    """(prec31zh) Whether the unit ``u`` is another step's fact holding only the head of the measure ``said`` at
    ``start``..``end`` ("2米" of "层高2米9"): its value starts the measure, holds a number, and is said nowhere else.

    >>> from ctxgraph._units import FactUnit
    >>> t = "层高2米9 走廊筒灯14个"
    >>> _cut_of(t, FactUnit(key="length", name="length", value="2米"), "2米9", 2, 5)
    True
    >>> t = "宽2米，层高2米9"
    >>> _cut_of(t, FactUnit(key="length", name="length", value="2米"), "2米9", 6, 9)
    False
    """
    if not isinstance(u, FactUnit) or u.offered or u.value == said or not said.startswith(u.value) \
            or not re.search(rf"[\d{_ZH_DIGITS}]", u.value):
        return False
    return all(start <= m.start() < end for m in re.finditer(re.escape(u.value), text))


#: (wrong34) a measure the user denies as they say another of its kind: "没三百斤，260斤", "不是5米 是6米", "not 300kg,
#: 260", or one turned down for being too little or too slow ("7天来不及，3天快一点", "2 weeks is too long, 5 days?")
_DENIED_BEFORE = {"zh": re.compile(r"(?:没有?|不是|不到)\s*$"),
                  "en": re.compile(r"\b(?:not|isn'?t|wasn'?t|it'?s not|no)\s+(?:quite\s+)?$", re.I)}
_DENIED_AFTER = {"zh": re.compile(r"^\s*(?:来不及|赶不上|不够|太久|太长|太慢|不行)"),
                 "en": re.compile(r"^\s*(?:is|are|'s)?\s*(?:too (?:long|slow|late)|not enough|won'?t do|no good)\b", re.I)}


def _denied(ctx: MessageContext, spans: list[tuple[str, int, int]], at: tuple[str, int, int]) -> bool:
    """(wrong34) Whether the measure at ``at`` is one the user denies (:data:`_DENIED_BEFORE` / :data:`_DENIED_AFTER`)
    and another of its dimension follows it in the message: the later one is the value.

    >>> class C: text, lang = "刚称了一下，没三百斤，260斤", "zh"
    >>> _denied(C, [("weight", 7, 10), ("weight", 11, 15)], ("weight", 7, 10))
    True
    >>> C.text = "三百斤，没260斤"
    >>> _denied(C, [("weight", 0, 3), ("weight", 5, 9)], ("weight", 5, 9))
    False
    >>> C.text = "7天来不及，3天快一点"
    >>> _denied(C, [("duration", 0, 2), ("duration", 6, 8)], ("duration", 0, 2))
    True
    """
    dim, start, end = at
    if not any(d == dim and s >= end for d, s, _ in spans):
        return False
    before, after = _DENIED_BEFORE.get(ctx.lang), _DENIED_AFTER.get(ctx.lang)
    return bool(before and before.search(ctx.text[max(0, start - 12):start])
                or after and after.match(ctx.text[end:end + 16]))


@step("measures", roles=("user",))
def measures(ctx: MessageContext) -> list[_Unit]:
    """The user's quantities with a unit as facts keyed by the dimension they measure."""
    zh = ctx.lang == "zh"
    spans = _chinese(ctx) if zh else _english(ctx)
    spans = [s for s in spans if not _denied(ctx, spans, s)]  # (wrong34) "没三百斤，260斤": only 260斤 is the weight
    by_dim: dict[str, list[str]] = {}
    for dim, start, end in sorted(spans, key=lambda s: s[1]):
        said = ctx.text[start:end].strip()
        if not said or _skip(ctx, start, said) or _kept(ctx, start, end):
            continue
        values = by_dim.setdefault(dim, [])
        if said not in values:
            values.append(said)
        if _RANGED.match(said):  # (fix22) another step's cut of a range's end ("3 metres" of "2-3 metres")
            ctx.units[:] = [u for u in ctx.units if not (isinstance(u, FactUnit) and not u.offered and u.value != said
                                                         and said.endswith(u.value) and not u.value.isdigit())]
        if dim == "size":  # (prec10) another step's cut of the size ("2米" of "3乘2米") is no value of its own
            ctx.units[:] = [u for u in ctx.units if not (isinstance(u, FactUnit) and not u.offered and u.value != said
                                                         and u.value in said and re.search(rf"[\d{_ZH_DIGITS}]", u.value))]
        if zh and _TENTHS_AFTER_UNIT.search(said):  # (prec31zh) another step's cut of "2米9" ("2米") is no value of its own
            ctx.units[:] = [u for u in ctx.units if not _cut_of(ctx.text, u, said, start, end)]
    out: list[_Unit] = []
    for dim, values in by_dim.items():
        # another step's fact of the same key in this message ("七十公分宽" read as a length): one fact holds both
        mine = next((n for n, u in enumerate(ctx.units) if isinstance(u, FactUnit) and not u.offered and u.key == dim), None)
        if mine is not None:
            held = ctx.units[mine]
            extra = [v for v in values if v not in held.value]
            if extra:  # (lead19) a measure that holds the other's whole ("4-5 days" of "5 days") replaces it
                kept = [] if any(held.value in v for v in extra) else [held.value]
                ctx.units[mine] = held.model_copy(update=dict(value=", ".join(kept + extra)))
            continue
        out.append(FactUnit(key=dim, name=_NAMES_ZH.get(dim, dim) if zh else dim, value=", ".join(values),
                            stressed=ctx.stressed_at(values[0]), correction=ctx.correcting))
    return out
