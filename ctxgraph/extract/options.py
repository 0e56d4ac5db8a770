"""Options the assistant offers, read from its prose, and what each one is like.

The picks step (``picks.py``) reads alternatives the assistant joins with "or / 还是". Many
offers are said in prose instead: parallel sentences or clauses that each name a thing with its
own price, size, duration or clock ("Walk-in takes about 3 days; mail-in adds postage";
"评估报告有两种：简易咨询报告300元，正式评估报告…最低1500元"). This module reads such a message
into :class:`Option` s: the option as said (its lead-in, "Two are free:", "试听有", cut off), the
words it is named by, its measures (price, size, duration, clock) and its paraphrase tags (how
often, per what period: "1 session a week" and "once a week" share ``freq:1/week``; "年卡" and
"yearly" share ``per:year``). ``choose.py`` matches the user's reply against them.

>>> [o.text for o in offered_options("Roller blinds are £90 a window. Venetian ones come to £120 and take a week longer. Which would you like?", "en")]
['Roller blinds are £90 a window', 'Venetian ones come to £120 and take a week longer']
>>> [o.text for o in offered_options("票种有单次票80元，十次卡680元，月卡399元。", "zh")]
['单次票80元', '十次卡680元', '月卡399元']
>>> offered_options("Your order ships on Friday.", "en")
[]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from .._normalize import parse_number
from ..lang import content_words
from .text import EN_WEEKDAY

#: an option is kept up to this many characters (a pick's value is cut shorter, at a word boundary:
#: the whole piece is matched, so a name late in a long piece still tells it apart)
MAX_OPTION_CHARS = 200
#: a message offers at most this many options in one list
MAX_OPTIONS = 6

# a decimal point ("£1.50") and a title's point ("Dr. Marsh") are no end
_SENTENCE = re.compile(r"(?<!\bDr)(?<!\bMr)(?<!\bMs)(?<!\bSt)(?<!\bMrs)(?:(?<!\d)\.|\.(?!\d))|[。!?！？\n]")
# an explicit boundary between two options inside a sentence
_SEPARATOR = re.compile(r"[；;]|\b(?:or|either)\b|还是|或者|或|也可以|以及|[①②③④⑤⑥]", re.I)
# a comma or enumeration mark outside brackets (options listed with their details)
_COMMA = re.compile(r"[，,、](?![^（(]*[)）])")
#: (lead21) a comma that ends a clause (not an enumeration's 、), outside brackets
_LAST_CLAUSE = re.compile(r"[，,](?![^（(]*[)）])")
_OR = re.compile(r"还是|或者|或|\b(?:or|either)\b", re.I)
#: (lead21) a list joined inside the clauses before the "or" ("60分钟和90分钟的，7点或9点"): they stay with the option
_JOINED = re.compile(r"和|及|\band\b|、", re.I)
_CJK = re.compile(r"[\u4e00-\u9fff]")

_NUMBER = r"(\d[\d,]*(?:\.\d+)?)"
_PRICE = re.compile(r"[£$€¥￥]\s?" + _NUMBER + r"|" + _NUMBER + r"\s*(?:元|块|镑|pounds?\b|dollars?\b|quid\b|GBP\b|USD\b|EUR\b)"
                    r"|每(?:小时|次|晚|人|位|节|天|月|年|米|平)\s*" + _NUMBER + r"(?![\d.]|\s*(?:小时|分钟|次|天|个|人|节|米|平))", re.I)
_SIZE = re.compile(_NUMBER + r"\s*(?:平方米|平米|平|m²|m2\b|sq ?m\b|sqm\b|square met(?:re|er)s?|寸|inch(?:es)?\b|litres?\b|liters?\b|升|L\b|GB\b|人座|座)", re.I)
_DURATION = re.compile(_NUMBER + r"\s*(?:个)?\s*(小时|分钟|天|(?<=个)月|hours?\b|hrs?\b|minutes?\b|mins?\b|days?\b|weeks?\b|months?\b|years?\b)", re.I)
_MINUTES = {"小": 60, "分": 1, "天": 1440, "月": 43200, "个": 43200, "h": 60, "m": 1, "d": 1440, "w": 10080, "y": 525600}
_CLOCK = re.compile(r"(上午|早上|中午|下午|晚上|晚)?\s*(\d{1,2})(?:[:：](\d{2})|点(半)?)(?:\s*(am|pm))?|\b(\d{1,2})\s*(am|pm)\b", re.I)

# paraphrases of how often and per what period
_COUNT = {"once": 1, "one": 1, "a": 1, "an": 1, "single": 1, "twice": 2, "two": 2, "three": 3, "thrice": 3, "four": 4,
          "一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5}
_UNIT = {"week": "week", "周": "week", "星期": "week", "礼拜": "week", "month": "month", "月": "month", "day": "day", "天": "day", "日": "day",
         "year": "year", "年": "year"}
_FREQ_EN = re.compile(r"(?<![£$€¥￥\d.,])\b(\d+|once|twice|thrice|one|two|three|four)\s*(?:(?:x|times?|sessions?|visits?|classes?|lessons?|cleans?)\s*)?"
                      r"(?:a|per|each|every|/)\s*(week|month|day|year)\b", re.I)
_FREQ_ZH = re.compile(r"(?:每|一)(周|星期|礼拜|月|天|年)(?:各)?(\d+|[一两二三四五])次|(\d+|[一两二三四五])次\s*/\s*(周|月|天)")
_PERIOD = [("year", re.compile(r"\b(?:annual(?:ly)?|yearly|a year|per year|per annum|for the year|the year|12 months|/ ?y(?:ea)?r)\b|年卡|年付|年费|包年|全年|一年|每年|/年|年度", re.I)),
           ("month", re.compile(r"\b(?:monthly|a month|per month|/ ?mo(?:nth)?)\b|月卡|月付|月费|包月|一个月|每月|/月", re.I)),
           ("week", re.compile(r"\bweekly\b|周卡|每周|一周", re.I)),
           ("once", re.compile(r"\b(?:one-off|single|pay as you go|per visit|a visit)\b|单次|次卡", re.I))]


# a day ("5月2日", "Tuesday May 5", "周六"): a slot to book, read by the date readers, not here
_DATED = re.compile(r"\d{1,2}\s*月\s*\d{1,2}|\d{1,2}\s*[号日]|周[一二三四五六日天]|星期|礼拜|"
                    r"\b" + EN_WEEKDAY + r"(?:day)?\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\s+\d", re.I)


@dataclass(frozen=True)
class Option:
    """One option: ``text`` as said (no lead-in), ``lead`` the list's lead-in, its measures
    (price, size, duration in minutes, clock in minutes of the day) and paraphrase tags."""

    text: str
    lead: str = ""
    measures: dict[str, float] = field(default_factory=dict)
    tags: frozenset[str] = frozenset()


def _number(text: str) -> float:
    return float(text.replace(",", ""))


def measures(text: str) -> dict[str, float]:
    """The first price, size, duration (minutes) and clock (minutes from midnight) ``text`` states.

    >>> measures("Studio B is 45 square metres at £50 an hour")
    {'price': 50.0, 'size': 45.0}
    >>> measures("早场5点半起飞")
    {'clock': 330.0}
    >>> measures("推拿加艾灸60分钟238元")
    {'price': 238.0, 'duration': 60.0}
    """
    out: dict[str, float] = {}
    if m := _PRICE.search(text):
        out["price"] = _number(m.group(1) or m.group(2) or m.group(3))
    if m := _SIZE.search(text):
        out["size"] = _number(m.group(1))
    if m := _DURATION.search(text):
        unit = m.group(2).casefold()
        out["duration"] = _number(m.group(1)) * _MINUTES.get(unit[0], 1)
    if m := _CLOCK.search(text):
        if m.group(6):
            hour, minute, half = int(m.group(6)), 0, m.group(7).casefold()
        else:
            hour, minute, half = int(m.group(2)), int(m.group(3) or 0) + (30 if m.group(4) else 0), (m.group(5) or "").casefold()
            if (m.group(1) or "") in ("下午", "晚上", "晚") and hour < 12:
                half = "pm"
        if hour <= 24:
            out["clock"] = float((hour + (12 if half == "pm" and hour < 12 else 0)) * 60 + minute)
    return out


def tags(text: str) -> frozenset[str]:
    """Paraphrase tags: how often (``freq:N/unit``) and per what period (``per:unit``).

    >>> sorted(tags("每周1次每次3小时，月付599元")), sorted(tags("一周一次就够"))
    (['freq:1/week', 'per:month'], ['freq:1/week'])
    >>> sorted(tags("1 session a week at £25")), sorted(tags("once a week is plenty"))
    (['freq:1/week'], ['freq:1/week'])
    """
    out = set()
    for m in _FREQ_EN.finditer(text):
        count = _COUNT.get(m.group(1).casefold()) or (int(m.group(1)) if m.group(1).isdigit() else None)
        if count:
            out.add(f"freq:{count}/{m.group(2).casefold()}")
    for m in _FREQ_ZH.finditer(text):
        unit, count = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        n = int(count) if count.isdigit() else _COUNT.get(count)
        if n:
            out.add(f"freq:{n}/{_UNIT[unit]}")
    for name, rx in _PERIOD:
        if rx.search(text) and not any(t.startswith("freq:") and name == t.rsplit("/", 1)[-1] for t in out):
            out.add(f"per:{name}")
    return frozenset(out)


def _pieces(sentence: str, kinds: bool = False, announced: int = 0) -> list[str]:
    """A sentence's parts that may be options: split at explicit separators, then at commas
    when two or more comma-split parts state the same kind of measure (a part that names
    nothing, "5600元", stays with the part before it).

    >>> _pieces("A3普通款3800元，A5带蓝牙可以充电，5600元")
    ['A3普通款3800元', 'A5带蓝牙可以充电，5600元']
    >>> _pieces("我们有棚拍套餐1280元和外景套餐1880元，外景要看天气")  # (user25zh) a remark after a priced pair
    ['我们有棚拍套餐1280元', '外景套餐1880元']
    >>> _pieces("每周1次每次2小时，一个月480元")
    ['每周1次每次2小时，一个月480元']
    >>> _pieces("2位整理师4小时1200元，2位8小时2200元")
    ['2位整理师4小时1200元', '2位8小时2200元']
    >>> _pieces("明天上午或者后天下午都能派师傅")  # (prec25) what 都 says is said of both
    ['明天上午', '后天下午']
    >>> _pieces("Roller, Roman or vertical")
    ['Roller', 'Roman', 'vertical']
    >>> _pieces("Thai Street Food, Fresh Pasta & Italian, or Indian Thali")  # (prec20) a name joined by "&" is short
    ['Thai Street Food', 'Fresh Pasta & Italian', 'Indian Thali']
    >>> _pieces("Paddington 2 (1h43), The Grand Budapest Hotel (1h39) or Hunt for the Wilderpeople (1h41)")
    ['Paddington 2 (1h43)', 'The Grand Budapest Hotel (1h39)', 'Hunt for the Wilderpeople (1h41)']
    >>> _pieces("保温杯礼盒168，蓝牙音箱199，茶叶礼盒188", True, 3)  # (lead26) as many named parts as the lead-in announced
    ['保温杯礼盒168', '蓝牙音箱199', '茶叶礼盒188']
    """
    out = []
    parts = _SEPARATOR.split(sentence)
    for index, part in enumerate(parts):
        if not part or not part.strip():
            continue
        bits: list[str] = []
        for b in _COMMA.split(part):
            if bits and b.strip() and not _named(b, "zh" if _CJK.search(b) else "en") \
                    and not (_PRICE.search(b) and _PRICE.search(bits[-1])):  # each with its own price: two options
                bits[-1] += "，" + b.strip() if _CJK.search(b) else ", " + b.strip()
            elif b.strip():
                bits.append(b.strip())
        # (fix14c) the last bit before a clause that asks ("入门班480元和进阶班880元两种，您选哪个")
        j = len(bits) - 2 if len(bits) >= 2 and _ASKING.search(bits[-1]) else len(bits) - 1
        # (user25zh) or before remarks with no measure after it ("棚拍套餐1280元和外景套餐1880元，外景要看天气")
        k = len(bits) - 1
        while k > 0 and not measures(bits[k]):
            k -= 1
        if k < j and len(_PRICE.findall(bits[k])) == 2 and _LAST_AND.search(bits[k]):
            j = k
        if bits and len(_PRICE.findall(bits[j])) == 2 and _LAST_AND.search(bits[j]):  # (wants11) one bit too: 「A」（…198元）和「B」（…218元）
            head, _, tail = _last_and(bits[j])  # "A (£90), B (£110) and C (£12)": the list's last "and"
            if _PRICE.search(head) and _PRICE.search(tail):
                bits[j:j + 1] = [head.strip(), _KINDS_TAIL.sub("", tail).strip()]
        measured = [(b, set(measures(b))) for b in bits]
        measured = [(b, k) for b, k in measured if k]
        shared = set.intersection(*(k for _, k in measured)) if measured else set()
        last = len(bits) - 2 if len(bits) >= 2 and _ASKING.search(bits[-1]) else len(bits) - 1  # (user27zh) before 您要哪种
        if kinds and "、" in part and bits and _LAST_JOIN.search(bits[last]):  # "光面、绒面（…）和珠光": the last one after 和
            bits[last:last + 1] = [b.strip() for b in _LAST_JOIN.split(bits[last], maxsplit=1) if b.strip()]
        enumerated = kinds and "、" in part and all(_short(b, True) for b in bits)  # (wants11) "方式有三种：A、B、C"
        # (lead26) "推荐三款：保温杯礼盒168，蓝牙音箱199，茶叶礼盒188": the parts the lead-in counted, each naming something
        enumerated = enumerated or (kinds and announced >= 2 and len(bits) == announced and len(parts) == 1
                                    and all(_named(b, "zh" if _CJK.search(b) else "en") for b in bits))
        if len(bits) >= 2 and (enumerated or not measured and _SEPARATOR.search(sentence) and (
                all(_short(b) for b in bits) or all(_BRACKETED.search(b) for b in bits))):
            out += bits  # (miss6) "Roller, Roman or vertical?": a list of short names before the "or"; (picks10) names
            continue     # each with its detail in brackets: "Paddington 2 (1h43), The Grand Budapest Hotel (1h39) or …"
        if len(measured) >= 2 and shared:
            out += [b for b, _ in measured]
        elif index == 0 and len(parts) >= 2 and _OR.match(sentence, len(part)) and not any(_COMMA.search(p) for p in parts[1:]) \
                and _named(last := _LAST_CLAUSE.split(part)[-1], "zh" if _CJK.search(last) else "en") and last != part \
                and not _JOINED.search(part[:-len(last)]):
            out.append(last)  # (lead21) "好的，学费800元，需要现场交还是网上交？": the first option is the clause before the "or"
        else:
            out.append(part)
    if len(out) >= 2 and "clock" not in measures(out[-1]):
        # (prec25) "明天上午或者后天下午都能派师傅": what 都 says is said of both; options told apart by their clock keep it,
        # so they are not read as bare slots (the slot readers' business) for want of another word
        out[-1] = without_shared_tail(out[-1])
    return [p.strip(" ,，、:：.") for p in out if p.strip(" ,，、:：.")]


#: (prec25, zh) a predicate after the last option that 都 says of all of them ("…或者后天下午都能派师傅", "周二周四都可以")
_SHARED_TAIL = re.compile(r"\s*都(?:能|可以|可|行|有|会|是|得|要|方便|没问题)[\u4e00-\u9fff，,]*$")


def without_shared_tail(piece: str) -> str:
    """(prec25) The last option of a list less the predicate 都 says of all of them (:data:`_SHARED_TAIL`).

    >>> without_shared_tail("后天下午都能派师傅"), without_shared_tail("都可以")
    ('后天下午', '都可以')
    """
    tail = _SHARED_TAIL.search(piece)
    return piece[:tail.start()] if tail and tail.start() > 0 else piece
_LAST_JOIN = re.compile(r"(?<=[\u4e00-\u9fff)）])\s*(?:和|及|以及)\s*(?=[\u4e00-\u9fff])")
_LEAD_COLON = re.compile(r"(?<!\d)[:：](?!\d)")  # a colon, not a clock's ("7:00")
_BRACKETS = re.compile(r"[(（][^()（）]*[)）]")
#: (wants11) a lead-in that announces kinds to choose from ("清洗方式有三种：", "扣费方式支持：", "设备有两种："): what follows,
#: split at enumeration marks, are options though none has a measure
_KINDS = re.compile(r"[种款类档]|方式|套餐|支持|可选|可以选|\b(?:options|types|kinds|choices)\b", re.I)
#: (wants11) a piece that adds to the one before it ("plus £20 for the bracket", "so about £168", "加电池一共369元"): a
#: breakdown of one price, not a second option
_ADDS = re.compile(r"^\W*(?:plus|and|so|about|approx\w*|total|extra|includ\w*|then|each|per|with|that'?s|making|"
                   r"加|另|共|一共|总|含|再|合计|就是|约|大概|大约|其中)", re.I)
_BRACKETED = re.compile(r"\S\s*[(（][^()（）]+[)）]$")
_LAST_AND = re.compile(r"(?:(?<=[)）\d])|(?<=\d[元块]))\s*(?:\band\b|和|以及)\s*", re.I)
#: (fix14c) a count of kinds closing a joined pair ("入门班480元和进阶班880元两种"): the list's lead-in said last, no part of
#: the last option
_KINDS_TAIL = re.compile(r"(?<=[\u4e00-\u9fff\d])\s*(?:这)?[两二三四五几]\s*(?:种|款|类|个|档)(?:选择|套餐|课程|方案)?\s*$")


#: (lead26) the number of kinds a lead-in announces ("推荐三款：", "有两种：", "we have 3 options:")
#: (fix31) the whole number: not the last digit of "12款" nor the 二 of "十二个" or "第二个" (a rank)
_ANNOUNCED = re.compile(r"(?<![\d十第])(\d{1,2}|[两二三四五六])\s*(?:种|款|类|个|档|套)|\b(two|three|four|five|six|\d{1,2}) (?:options|types|kinds|choices)\b",
                        re.I)


def _announced(lead: str) -> int:
    """(lead26) How many options a lead-in says follow, 0 when it says no number: pieces as many as that are the list,
    though they carry no measure ("推荐三款：保温杯礼盒168，蓝牙音箱199，茶叶礼盒188").

    >>> _announced("推荐三款："), _announced("We have 2 options: "), _announced("有以下几种：")
    (3, 2, 0)
    >>> _announced("推荐12款："), _announced("十二个房型："), _announced("第二个：")  # (fix31) the whole number, no rank
    (12, 0, 0)
    """
    m = _ANNOUNCED.search(lead)
    if not m:
        return 0
    return int(parse_number(m.group(1) or m.group(2)) or 0)


def _last_and(bit: str) -> list[str]:
    """``bit`` split at its last "and" after a measure or a bracket: [head, "and", tail]."""
    cuts = list(_LAST_AND.finditer(bit))
    m = cuts[-1]
    return [bit[:m.start()], "and", bit[m.end():]]


def _short(bit: str, kinds: bool = False) -> bool:
    """A bare name in a list: at most three Latin words or six Chinese characters, no verb of its own; (wants11) after a
    lead-in that announces kinds, up to eight Chinese characters and a short Latin code ("普通OBU免费", "银行信用卡记账")."""
    bit = _BRACKETS.sub("", bit).strip()  # (wants11) "储值卡（需要先充值）": the name before its detail
    if _CJK.search(bit):
        latin = len(re.findall(r"[A-Za-z]", bit))
        return len(_CJK.findall(bit)) <= 8 and latin <= 4 if kinds else len(_CJK.findall(bit)) <= 6 and not latin
    return len([w for w in bit.split() if w not in ("&", "+")]) <= 3  # (prec20) "Fresh Pasta & Italian": one name


def lead_in(sentence: str) -> str:
    """The words that introduce a list: up to the last colon, 有 or "we have/offer" before the
    sentence's first number ("骑马有两个套餐：", "For the day we have").

    >>> lead_in("骑马有两个套餐：基础套餐1小时380元"), lead_in("For the day we have the Rolls-Royce at £650")
    ('骑马有两个套餐：', 'For the day we have ')
    >>> lead_in("还10万后有两种方式：")
    ''
    >>> lead_in("For 60 seated you'd want a 9x15m frame marquee (£1,450) or a 12x12m pole marquee (£1,180)")
    "For 60 seated you'd want a "
    >>> lead_in("You can get a full refund or credit for a future show.")  # (user32)
    'You can get a '
    """
    first = _PRICE.search(sentence) or _SIZE.search(sentence) or _DURATION.search(sentence) or _CLOCK.search(sentence)
    before = first.start() if first else len(sentence)
    colon = max((m.start() for m in _LEAD_COLON.finditer(sentence)), default=-1)
    if first and 0 <= colon and first.start() < colon and _PRICE.search(sentence, colon):  # (wants11) "200元档有两款：「A」…198元":
        before = colon + 1  # a measure of the lead-in ("200元档") is no option's
    ends = [m.end() for m in _LEAD_MARK.finditer(sentence) if m.start() < before]
    if not ends or not sentence[ends[-1]:].strip():
        return ""
    return sentence[:ends[-1]]


#: (prec9) also the words that put the options to the user ("For 60 seated you'd want a …", "您希望…还是…"): a
#: value said in them (the 60 guests) is no part of the first option
_LEAD_MARK = re.compile(r"\b(?:you(?:'d| would)? (?:want|need)|would you (?:like|prefer)|do you (?:want|prefer)"
                        # (user32) the options put as what the user can get or the service can give ("You can get a full
                        # refund or credit for a future show", "We can offer a refund or a voucher"); not "you can have",
                        # whose sentence-long option stays whole (test_trust_zh_values)
                        r"|you can (?:get|choose|pick|go for|opt for)|(?:we|i) can (?:offer(?: you)?|give you))\b\s*(?:(?:an?|the)\s+)?"
                        r"|(?:您|你)(?:是)?(?:希望|想要|需要)|[:：]\s*|(?<=[\u4e00-\u9fff])(?:分为|分成)(?=[\u4e00-\u9fff])|(?:(?<=[\u4e00-\u9fff])|(?<=^)|(?<=[，,]))有(?=[\u4e00-\u9fff\dA-Za-z])|\b(?:we (?:offer|have|do|run)|i have|there(?:'s| is| are)|choose from|options are)\b\s*|可以选|可选"
                        # (user25) "That's / It's / It would be" opening a sentence of options before an "or" ("That's £25
                        # outside only or £40 inside and out"): no part of the first option ("It's 12:40 now, so …" lists nothing)
                        r"|^\s*(?:so\s+)?(?:that|it|this)(?:['’]s|['’]d be|['’]ll be| is| would be| will be)\s+(?=.*\bor\b)", re.I)


#: (lead26) a code that names an option in Chinese: a Latin letter with a Han character ("B级", "A款", "C型"), or a
#: phone's memory and storage ("12+256", "8+128G"); (user34) a speed or a size with its unit letter that names a plan
#: ("300M每年980元和1000M每年1580元", "50G流量")
_CODE_NAME_ZH = re.compile(r"(?<![A-Za-z])[A-Za-z]\d{0,2}[\u4e00-\u9fff]|(?<!\d)\d{1,2}\s*\+\s*\d{2,4}(?!\d)"
                           r"|(?<![\d.])\d{1,5}\s*(?:[MGT]B?|Mbps|mbps|[MG]bps)(?![A-Za-z])")


def _named(text: str, lang: str) -> bool:
    """The piece names something besides its numbers.

    >>> _named("B级180元", "zh"), _named("12+512 6999元", "zh"), _named("180元", "zh")  # (lead26) a code names it
    (True, True, False)
    """
    bare = _CLOCK.sub(" ", _PRICE.sub(" ", _DURATION.sub(" ", text)))
    # two Chinese characters first: the cheap test (a word segmenter is slow) decides most pieces
    return len(_CJK.findall(bare)) >= 2 or (lang == "zh" and bool(_CODE_NAME_ZH.search(bare))) \
        or any(re.search(r"[^\W\d_]", w) for w in content_words(bare, lang))


def offered_options(text: str, lang: str) -> list[Option]:
    """The options of an assistant's message: the pieces of one sentence split by separators,
    or the sentences (pieces) that each state a measure, two to :data:`MAX_OPTIONS`; a question
    piece ("请问哪家医院", "Which park?") is never an option. Of several lists the longest, and of
    lists as long the latest. Read once per message (the steps that settle a pick read the same
    message again): the list returned is shared, never changed."""
    return _offered_options(text, lang)[0]


def offered_lists(text: str, lang: str) -> list[list[Option]]:
    """Every list of options the message offers, in order (:func:`offered_options` is one of them):
    a reply may answer two ("… a Diagnostic Check (£15) or a Full Service (£45). Would you like to post
    it in or drop it off?" - "full service. i'll drop it off").

    >>> [[o.text for o in opts] for opts in offered_lists("We do a Check (£15) or a Full Service (£45). Would you like to post it in or drop it off?", "en")]
    [['a Check (£15)', 'a Full Service (£45)'], ['to post it in', 'drop it off']]
    """
    return _offered_options(text, lang)[1]


@lru_cache(maxsize=256)
def _offered_options(text: str, lang: str) -> tuple[list[Option], list[list[Option]]]:
    numbered, span = _numbered(text) if lang == "zh" else ([], (0, 0))
    if numbered:  # (miss30zh) "1）A；2）B；3）C": the marks say where each option starts; the rest may hold another list
        rest = _prose_options(text[:span[0]] + "。" + text[span[1]:], lang)[1]
        return numbered, [*rest, numbered]
    return _prose_options(text, lang)


#: (miss30zh) an option's number at the start of a list item: "1）", "2)", "3、" (not "3、5楼") after the start, a space
#: or a mark, or a circled digit
_ITEM_MARK = re.compile(r"(?:(?<=^)|(?<=[\s：:；;。，,！!？?]))([1-6])\s*(?:[)）]|、(?!\d))|([①②③④⑤⑥])")
_CIRCLED = "①②③④⑤⑥"
#: where the last numbered item ends: the end of its sentence
_ITEM_END = re.compile(r"[。！？!?\n]")


def _numbered(text: str) -> tuple[list[Option], tuple[int, int]]:
    """(miss30zh) The options of a numbered list ("有两种：1）全包代办，3.8万；2）只代办材料，1.2万。", "①…；②…"): each
    item from its mark to the next, the last one to the end of its sentence, numbered 1, 2, ... in turn, two to
    :data:`MAX_OPTIONS`; with the span of the text the list takes. No list: ([], (0, 0)).

    >>> [o.text for o in _numbered("穿绳有三种：1）普通弹力绳 30元；2）进口编织绳 60元；3）钢丝绳 80元。缺的可以配。")[0]]
    ['普通弹力绳 30元', '进口编织绳 60元', '钢丝绳 80元']
    >>> _numbered("第1)条已经办好，2）条明天办")[0], _numbered("房号是3、5楼")[0]
    ([], [])
    """
    marks = []
    for m in _ITEM_MARK.finditer(text):
        n = int(m.group(1)) if m.group(1) else _CIRCLED.index(m.group(2)) + 1
        if n == 1:
            marks = [m]
        elif marks and n == len(marks) + 1 and not _ITEM_END.search(text, marks[-1].end(), m.start()):
            marks.append(m)
        elif len(marks) >= 2:
            break
        else:
            marks = []
    if not 2 <= len(marks) <= MAX_OPTIONS:
        return [], (0, 0)
    end = _ITEM_END.search(text, marks[-1].end())
    stop = end.start() if end else len(text)
    bounds = [(a.end(), b.start()) for a, b in zip(marks, marks[1:])] + [(marks[-1].end(), stop)]
    items = [text[a:b].strip(" ；;，,、") for a, b in bounds]
    if not all(items):
        return [], (0, 0)
    start = max((m.end() for m in _ITEM_END.finditer(text, 0, marks[0].start())), default=0)
    lead = lead_in(text[start:marks[0].start()] + items[0]) or text[start:marks[0].start()]
    return [Option(p[:MAX_OPTION_CHARS], lead.strip(), measures(p), tags(p)) for p in items], (marks[0].start(), stop)


def _prose_options(text: str, lang: str) -> tuple[list[Option], list[list[Option]]]:
    """The options said in prose (:func:`offered_options` when no numbered list holds them)."""
    if not _SEPARATOR.search(text) and "、" not in text and sum(len(rx.findall(text)) for rx in (_PRICE, _SIZE, _DURATION, _CLOCK)) < 2 \
            and not _NAMED_HINT.search(text) and not ("和" in text and asks_which(text)) and not _ANNOUNCED.search(text):
        return [], []  # no "or", fewer than two measures and no names listed with details: no list (the cheap test first)
    best: list[Option] = []
    lists: list[list[Option]] = []
    measured: list[Option] = []
    parallel: list[Option] = []
    for sentence in _SENTENCE.split(text):
        if not sentence.strip():
            continue
        lead = lead_in(sentence)
        kinds = bool(lead) and bool(_KINDS.search(lead) or _listed_to_pick(sentence[len(lead):]))
        named = _named_list(sentence[len(lead):]) if _LEAD_COLON.search(lead[-2:]) else []
        if named:  # (picks16) "Free on those dates: Grace (a navy saucer …), Bettina (…) and Mirabelle (…)"
            best = [Option(p[:MAX_OPTION_CHARS], lead.strip(), measures(p), tags(p)) for p in named]
            lists.append(best)
            measured = []
            continue
        pieces = [p for p in (_without_asking_tail(p) for p in _pieces(sentence[len(lead):], kinds, _announced(lead)))
                  if p and not _ASKING.search(p)]
        paired = _joined_pair(pieces[0]) if len(pieces) == 1 and lead and asks_which(text) else []
        pieces = paired or pieces  # (lead24) "我们有小面包车和中型面包车，您要哪种？": two kinds to pick from
        # (picks10) a piece told by its price and another measure alone is an option ("2位8小时2200元")
        if not all(_named(p, lang) or (_PRICE.search(p) and len(measures(p)) >= 2) for p in pieces):
            best, measured, lists, parallel = [], [], [], []  # "… at 2pm or at 4:30pm, or …": a list inside an option, not read here
            continue
        if any(_DATED.search(p) or p.count("(") + p.count("（") != p.count(")") + p.count("）") or len(_PRICE.findall(p)) > 1
               for p in pieces):  # a day, a piece cut inside brackets, two prices in one piece: not read here
            if len(pieces) == 1 and _DATED.search(pieces[0]):  # (wants11) a remark with a day ("Report by 16 February
                measured = []  # noted.") after a list: the list stands
                continue
            best, measured, lists, parallel = [], [], [], []  # a list of days or slots is not read here
            continue
        opts = [Option(p[:MAX_OPTION_CHARS], lead.strip(), measures(p), tags(p)) for p in pieces]
        # options split only at commas are a list when a lead-in ("有两种：") or a question says so, not
        # a breakdown of one price ("后盖220元，加电池一共369元")
        listed = _SEPARATOR.search(sentence) or (all(o.measures for o in opts) and (lead or asks_which(text))) \
            or (kinds and "、" in sentence) or (all("price" in o.measures for o in opts) and not any(_ADDS.match(p) for p in pieces[1:])) \
            or bool(paired) or (kinds and _announced(lead) == len(opts))  # (lead26) as many as the lead-in announced
        # (wants11) kinds listed after a lead-in that announces them ("清洗方式有三种：A、B、C"); pieces each with its own price
        # and no word of adding ("A fixed tow bar is £280, a detachable one £390."): options though no question follows
        if 2 <= len(opts) <= MAX_OPTIONS and listed:
            lists.append(opts)
        if 2 <= len(opts) <= MAX_OPTIONS and len(opts) >= len(best) and listed:
            best = opts
        elif len(opts) == 1 and "price" in opts[0].measures:  # parallel sentences, each with its own price
            measured.append(opts[0])
        else:
            measured = []  # parallel sentences follow one another
        if len(measured) >= 2 and not best and asks_which(text):  # parallel sentences offer only when a question follows
            best = list(measured)
        elif 2 <= len(measured) <= MAX_OPTIONS:
            parallel = list(measured)
    best = best if len(best) <= MAX_OPTIONS else []
    if not best and parallel and not lists and not any(_ORDINAL_DAY.search(o.text) or _ADDS_ON.search(o.text) for o in parallel):
        lists.append(parallel)  # (picks16) parallel sentences with no question: a list a pick must name ("starter one")
    return best, [x for x in lists if x is not best] + [best] if best and all(x is not best for x in lists) else lists


#: (picks16) a day of the month ("31st August", "the 7th"): parallel sentences that name days are slots, not options
_ORDINAL_DAY = re.compile(r"\b\d{1,2}(?:st|nd|rd|th)\b", re.I)
#: (picks16) a charge on top of another ("上门费另收50元", "Postage is an extra £8"): parallel sentences that add are a breakdown
_ADDS_ON = re.compile(r"另|额外|加收|再加|\b(?:extra|plus|additional|on top|postage|delivery|vat)\b", re.I)
#: (picks16) a name with its detail in brackets followed by a comma, 、 or "and" / 和: maybe a list of named options;
#: (picks17) a decimal point inside the brackets ("（520公里，12.58万）") ends no sentence
_NAMED_HINT = re.compile(r"[:：](?:[^.。!?！？\n]|(?<=\d)\.(?=\d))*?[)）]\s*(?:[,，、]|\band\b|和)", re.I)
#: (picks16) one named option: a name of up to three words or eight characters, then its detail in brackets
_NAMED_ITEM = re.compile(r"(?:(?:the|a|an)\s+)?(?:[\w'’&-]+\s*){1,3}[(（][^()（）]+[)）]|[\u4e00-\u9fffA-Za-z0-9]{1,8}[(（][^()（）]+[)）]", re.I)
_NAMED_CUT = re.compile(r"(?<=[)）])\s*(?:,?\s*\band\b|[,，、]\s*(?:and\b|和)?|和|以及)\s*", re.I)


def _named_list(body: str) -> list[str]:
    """(picks16) The options of a list said as names each with its detail in brackets, after a colon, joined by commas
    and a last "and" / 和 ("Grace (a navy saucer), Bettina (a boater) and Mirabelle (a wide brim)"), two to
    :data:`MAX_OPTIONS`; [] when any piece is more than a name and its brackets, or a piece holds a day (slots are
    slot_picks' business).

    >>> _named_list("P14 (by the entrance), P22 (canal side), P31 (near the food court)")
    ['P14 (by the entrance)', 'P22 (canal side)', 'P31 (near the food court)']
    >>> _named_list("兰亭（靠窗，10人）、竹语（有投影，12人）和松风（带麻将桌，8人）")
    ['兰亭（靠窗，10人）', '竹语（有投影，12人）', '松风（带麻将桌，8人）']
    >>> _named_list("your order (ref 4471) ships tomorrow, the refund (£20) is done")
    []
    """
    items = [p.strip() for p in _NAMED_CUT.split(body.strip().rstrip(" .。")) if p.strip()]
    if not 2 <= len(items) <= MAX_OPTIONS or not all(_NAMED_ITEM.fullmatch(p) for p in items):
        return []
    return [] if any(_DATED.search(p) for p in items) else items


def _without_asking_tail(piece: str) -> str:
    """The piece without a last clause that asks ("白色铝框款180元，您选哪个" -> "白色铝框款180元")."""
    head, sep, tail = max(piece.rpartition("，"), piece.rpartition(","), key=lambda x: len(x[0]))
    return head.strip() if sep and head.strip() and _ASKING.search(tail) and not _ASKING.search(head) else piece


#: (user27zh) names listed with 、 after a lead-in, then the question which one ("口味有巧克力、芒果、草莓，您要哪种？")
_ENUMERATED_THEN_WHICH = re.compile(r"^[^，,。？?]*、[^，,。？?]*[，,]\s*(?:请问)?(?:您|你)?(?:要|选|想要|需要|喜欢)?(?:哪|选哪)[种个款样类]?")


def _listed_to_pick(body: str) -> bool:
    """(user27zh) Whether the words after a lead-in are names listed with 、 and then a question that asks which: kinds
    to pick from, as a lead-in that announces kinds says ("口味有巧克力、芒果、草莓，您要哪种？").

    >>> _listed_to_pick("巧克力、芒果、草莓，您要哪种？"), _listed_to_pick("身份证、户口本，请带齐")
    (True, False)
    """
    return bool(_ENUMERATED_THEN_WHICH.search(body))


#: (lead24) two names joined by one 和, a count of kinds after them or not ("小面包车和中型面包车", "白色和黑色两种"); (lead25)
#: each may open with its code, a capital and up to two digits ("C1手动挡和C2自动挡", "A套餐和B套餐")
_PAIR_ZH = re.compile(r"((?:[A-Z]\d{0,2})?[\u4e00-\u9fff]{1,6})和((?:[A-Z]\d{0,2})?[\u4e00-\u9fff]{1,6}?)(?:(?:这)?[两二]\s*(?:种|款|类|个|档))?")


def _joined_pair(piece: str) -> list[str]:
    """(lead24) The two names of a piece that joins them with 和 after a lead-in, when the message asks which ("我们有小面包车
    和中型面包车，您要哪种？"): short names with no measure, each an option; [] for anything else.

    >>> _joined_pair("小面包车和中型面包车"), _joined_pair("白色和黑色两种"), _joined_pair("早上8点和晚上6点")
    (['小面包车', '中型面包车'], ['白色', '黑色'], [])
    >>> _joined_pair("C1手动挡和C2自动挡")  # (lead25) each with its code
    ['C1手动挡', 'C2自动挡']
    """
    m = _PAIR_ZH.fullmatch(piece.strip())
    return [m.group(1), m.group(2)] if m and not measures(piece) else []


def asks_which(text: str) -> bool:
    """The message ends asking which (or offering a choice with a question)."""
    text = text.rstrip()
    return text.endswith(("?", "？")) and bool(_WHICH.search(text[-80:]))


_WHICH = re.compile(r"哪|还是|选|\b(?:which|prefer|or|would you like|do you want|suits? you)\b", re.I)
# a piece that asks ("请问哪家医院", "Which park would you like"): a question, no option
_ASKING = re.compile(r"哪|什么|多少|请问|^\W*(?:which|what|how|when|where|who|would|do|does|shall|can|could)\b", re.I)
