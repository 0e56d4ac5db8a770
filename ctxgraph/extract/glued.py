"""A Chinese place word glued to the words around it (prec13, issue 19): the value is the whole.

jieba cuts a name into words and tags only some of them as a place: "南京西路" + "店", "上海" + "话", "上门" +
"私厨", "徐汇区" + "漕河泾", "杭州" + "萧山" + "国际" + "机场". A reader that keeps the place word alone keeps a
cut of what the user said (南京西路 of 南京西路店, 上海 of 上海话), a value no careful reader writes down; on the
unseen chat sets blind6-blind12 such cuts were the largest class of fragments the roles step made. The words a
place is glued to are read by their tags and by there being no break (a space, a mark, a particle) between them.
"""

from __future__ import annotations

import re

from .context import Mention, MessageContext

#: (prec13) what a Chinese place word may be glued to with no break: before it, a place word, or a word jieba tags as
#: a person's name that ends as a place's does ("徐汇区" + "漕河泾"; not a singer's "李健" + "南京"); after it, nouns
#: ("南京西路" + "店", "上海" + "话", "上门" + "私厨", "杭州" + "萧山" + "国际" + "机场")
_GLUED_AFTER = ("n", "ng", "nr", "ns", "nz", "nt", "ag")
#: (miss25zh) a name jieba tags as a person's or a foreign one that a place's word follows with no break: the name of
#: a town, a school ("东坡区" + "崇礼" + "镇", "杭州" + "文澜" + "小学"); glued only when such a word comes right after it
_NAME_TAGS = ("nrt", "nrfg")
#: (miss25zh) the word that ends a place's name, whatever jieba tags it (a lone 村 is "zg": "战旗" + "村")
_PLACE_WORD = re.compile(r"^(?:村|镇|乡|县|区|屯|庄|寨|街道|社区)$")
_PLACE_END = re.compile(r"[区市县镇乡村路街道省]$")
#: (prec31zh) 班 right after a day: a class or a shift named by its day ("周末班好 就它了"); not a bus, a flight or a run
#: (班车, 班机, 班次)
_CLASS_AFTER = re.compile(r"班(?![车机次])")
#: (prec31zh) a place word that is only the last word of a street's, an estate's or a district's name: "万家丽" + "中路",
#: "和平" + "新村", "浑" + "南区"
_ROAD_TAIL = re.compile(r"[东南西北中]?[路街]|[东南西北中新]区|新村|[东南西北中]段")
#: (prec31zh) the words such a tail takes before it with no break: nouns, names, numerals of the name ("万家" is m)
_TAIL_GLUE = ("n", "ng", "nr", "ns", "nz", "nt", "nrt", "nrfg", "m", "j", "a")
#: (fix14) a noun after a place that names a person from it ("广东人", "上海籍", "四川老乡"): the whole says who, no place
_PERSON_AFTER = re.compile(r"^(?:人|人士|籍|老乡)$")


def whole_place(ctx: MessageContext, m: Mention) -> str:
    """(prec13) The text of a Chinese place word with the words it is glued to (no space, mark or particle
    between): the place is one part of a longer name, and a cut of it is no value the user gave ("到你们南京西路店"
    is 南京西路店, "说上海话" 上海话, "订上门私厨" 上门私厨, "地点是徐汇区漕河泾" 徐汇区漕河泾). A place said alone
    ("从成都出发", "在杭州工作", "到你们的南京西路店"), one of two places a word joins ("上海飞厦门"), or one a person is
    from ("我是广东人"; fix14), is its own text; so is every other mention.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> _ = t.observe({"role": "user", "content": "我下班顺路，到你们南京西路店吧。"})
    >>> [f.value for f in t.state().facts if f.key == "place"]
    ['南京西路店']
    """
    start, end = whole_span(ctx, m)
    return ctx.text[start:end] if (start, end) != (m.start, m.end) else m.text


def whole_span(ctx: MessageContext, m: Mention) -> tuple[int, int]:
    """(prec13) Where the whole place of :func:`whole_place` starts and ends in the message (the mention's own span
    for a place said alone and for every other mention).

    (prec31zh) A place word that is only the last word of a street's or an estate's name ("中路", "新村", "南区") takes
    the words glued before it whatever their tags ("万家丽" + "中路", "和平" + "新村", "浑" + "南区"), and a character
    jieba knows no word for is glued like a noun ("车" + "陂" + "路"): a cut of a road's name is no place the user gave.

    >>> from types import SimpleNamespace as N
    >>> text = "在长沙雨花区万家丽中路 保利梧桐语"
    >>> s, e = whole_span(N(lang="zh", text=text), N(label="PLACE", start=text.index("中路"), end=text.index(" ")))
    >>> text[s:e]
    '长沙雨花区万家丽中路'
    >>> text = "天河区车陂路 同东圃二马路交界"
    >>> s, e = whole_span(N(lang="zh", text=text), N(label="PLACE", start=0, end=3))
    >>> text[s:e]
    '天河区车陂路'
    """
    if ctx.lang == "zh" and m.label in ("DATE", "DAY") and _CLASS_AFTER.match(ctx.text, m.end):
        return m.start, m.end + 1  # (prec31zh) "周末班", "周六班": a class named by its day, the user's words whole
    if ctx.lang != "zh" or m.label != "PLACE":
        return m.start, m.end
    from .._nlp import chinese_doc  # the Doc the entities step read (kept per process): no second segmentation

    spans = [(t.idx, t.idx + len(t.text), t.tag_) for t in chinese_doc(ctx.text)]
    start, end = m.start, m.end
    tail = _ROAD_TAIL.fullmatch(ctx.text[m.start:m.end])
    for s, e, tag in reversed(spans):
        if e == start and (tag == "ns" or tag == "nr" and _PLACE_END.search(ctx.text[s:e])
                           or tail and (tag in _TAIL_GLUE or _unknown_char(ctx.text[s:e], tag))):
            start = s
        elif e <= start:
            break
    for n, (s, e, tag) in enumerate(spans):
        if s == end and _PLACE_WORD.match(ctx.text[s:e]):
            end = e  # (miss25zh) "战旗" + "村": the word that ends the name, whatever its tag
        elif s == end and _unknown_char(ctx.text[s:e], tag) and n + 1 < len(spans) and spans[n + 1][0] == e \
                and spans[n + 1][2] in _GLUED_AFTER:
            end = e  # (prec31zh) "车" + "陂" + "路": a character jieba knows no word for, inside a name
        elif s == end and tag in _NAME_TAGS and _named_place_after(ctx.text, spans, n):
            end = e  # (miss25zh) "崇礼" of "崇礼镇", "文澜" of "文澜小学": a name the place's own word follows
        elif s == end and tag in _GLUED_AFTER:
            if _PERSON_AFTER.match(ctx.text[s:e]):
                break  # (fix14) "我是广东人": a person from the place; the place word stays its own
            if tag not in ("ns", "nr") and n + 1 < len(spans) and spans[n + 1][0] == e and spans[n + 1][2] == "ns":
                break  # "上海飞厦门": a word between two places joins a route, not one name
            end = e
        elif s >= end:
            break
    return start, end


def whole_places(ctx: MessageContext, ms: list[Mention]) -> list[str]:
    """(prec31zh) The whole places of mentions said together, each once, without one that lies inside another's whole
    ("长沙雨花区" inside "长沙雨花区万家丽中路").

    >>> from types import SimpleNamespace as N
    >>> text = "在长沙雨花区万家丽中路 保利"
    >>> ctx = N(lang="zh", text=text)
    >>> whole_places(ctx, [N(label="PLACE", start=1, end=6, text="长沙雨花区"), N(label="PLACE", start=9, end=11, text="中路")])
    ['长沙雨花区万家丽中路']
    """
    spans = [whole_span(ctx, m) for m in ms]
    kept = [ctx.text[sp[0]:sp[1]] if sp != (m.start, m.end) else m.text for m, sp in zip(ms, spans)
            if not any(o != sp and o[0] <= sp[0] and sp[1] <= o[1] for o in spans)]
    return list(dict.fromkeys(kept))


def _unknown_char(word: str, tag: str) -> bool:
    """(prec31zh) Whether ``word`` is one Chinese character jieba tags ``x`` (a character its dictionary has no word for).

    >>> _unknown_char("陂", "x"), _unknown_char("，", "x"), _unknown_char("车", "n")
    (True, False, False)
    """
    return tag == "x" and len(word) == 1 and "\u4e00" <= word <= "\u9fff"


def _named_place_after(text: str, spans: list[tuple[int, int, str]], n: int) -> bool:
    """(miss25zh) Whether the word after ``spans[n]`` follows it with no break and is a noun: the name at ``n`` is part
    of a place's name ("崇礼" + "镇", "文澜" + "小学"), not a person said after the place.

    >>> _named_place_after("崇礼镇", [(0, 2, "nrt"), (2, 3, "n")], 0), _named_place_after("杭州文澜", [(0, 2, "ns"), (2, 4, "nrfg")], 1)
    (True, False)
    """
    if n + 1 >= len(spans):
        return False
    s, _, tag = spans[n + 1]
    return s == spans[n][1] and tag in _GLUED_AFTER
