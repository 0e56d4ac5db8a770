"""Features of a user clause for the learned constraint reader, by structure only.

A clause is described by the closed-class words it holds (negation, modals, bounds and comparison,
time relations, parts of the day and week, request words, particles, reasons), the shape of its
numbers, its place in the message, its neighbours' classes and the assistant's previous message
(did it ask, and about what kind of thing). No open-class word (no domain noun, no verb of one
trade) is a feature, so what the model learns is the act, not one chat's vocabulary.

>>> sorted(f for f in clause_features(["no glass eyes please"], "en", "Which pose would you like?")[0]
...        if f.startswith("w=") or f.startswith("c="))
['c=NEG', 'c=REQ', 'w=no', 'w=please']
>>> "c=NEG" in clause_features(["漆不要动"], "zh", "")[0]
True
"""

from __future__ import annotations

import re

#: closed classes of English words (lower case, apostrophes dropped)
EN_CLASSES: dict[str, tuple[str, ...]] = {
    "NEG": ("no", "not", "never", "nothing", "none", "nobody", "without", "dont", "didnt", "cant", "cannot",
            "wont", "shouldnt", "mustnt", "isnt", "arent", "doesnt", "wouldnt", "couldnt", "nor", "neither", "nt"),
    "MODAL": ("must", "need", "needs", "needed", "gotta", "should", "would", "will", "can",
              "could", "may", "might", "ll", "d", "want", "wanted", "wants", "rather", "prefer", "prefers"),
    "HAVE": ("have", "has", "had", "got"),
    "TO": ("to",),
    "BOUND": ("max", "maximum", "min", "minimum", "least", "most", "under", "over", "below", "above", "less",
              "more", "than", "within", "limit", "cap", "budget", "only", "just", "tops", "exceed", "beyond",
              "upto", "top", "ceiling", "afford", "spend", "cheaper", "biggest", "smallest", "too", "enough"),
    "TREL": ("before", "after", "by", "until", "till", "til", "latest", "earliest", "between", "from", "during",
             "ahead", "later", "earlier", "then", "when", "while", "every", "always", "each"),
    "DAYPART": ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "mon", "tue",
                "wed", "thu", "fri", "sat", "sun", "weekend", "weekends", "weekday", "weekdays", "morning",
                "mornings", "afternoon", "afternoons", "evening", "evenings", "night", "nights", "am", "pm",
                "today", "tomorrow", "week", "month", "noon", "midday", "lunchtime"),
    "REQ": ("please", "pls", "make", "sure", "keep", "avoid", "leave", "skip", "ideally", "preferably", "best",
            "mind", "careful", "remember", "ensure", "stick", "let", "instead", "rather", "dont"),
    "OK": ("ok", "okay", "fine", "good", "great", "thanks", "thank", "cheers", "yes", "yeah", "sure", "perfect",
           "lovely", "cool", "alright"),
    "PRON": ("i", "im", "ive", "we", "were", "weve", "he", "she", "they", "my", "our", "his", "her", "their",
             "us", "me", "it", "its", "that", "this", "those", "these", "one", "you", "your"),
    "REASON": ("so", "because", "cause", "cos", "since", "as", "otherwise", "or", "else"),
    "ASK": ("what", "which", "when", "where", "how", "who", "why", "any", "anything", "is", "are", "do", "does",
            "can", "could"),
    "STATE": ("away", "busy", "work", "working", "free", "off", "out", "available", "around", "home", "back"),
    "WH_NUM": ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "twenty", "hundred",
               "grand", "k", "quid", "pounds", "dollars", "euros", "bucks"),
    "MONTH": ("jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "january",
              "february", "march", "april", "june", "july", "august", "september", "october", "november",
              "december"),
    "HEDGE": ("like", "really", "though", "anyway", "actually", "maybe", "probably", "pretty", "kinda", "bit"),
}
#: closed classes of Chinese words and characters (matched as substrings)
ZH_CLASSES: dict[str, tuple[str, ...]] = {
    "NEG": ("不", "别", "没", "无", "勿", "莫", "甭", "免"),
    "NEGW": ("不要", "不能", "不用", "不想", "不行", "不可以", "千万别", "没空", "没时间", "不方便", "不了", "不在", "不需要",
             "不超过", "不好", "不太", "不喜欢", "别太"),
    "MODAL": ("要", "得", "必须", "一定", "务必", "需要", "只能", "只要", "最好", "希望", "尽量", "可以", "能", "会", "想", "肯定"),
    "BOUND": ("以内", "以下", "以上", "之内", "最多", "最少", "至少", "超过", "封顶", "控制", "左右", "上限", "预算", "太", "一点",
              "最", "更", "只", "就", "多于", "少于", "低于", "高于", "大于", "小于", "够"),
    "TREL": ("之前", "以前", "之后", "以后", "前", "后", "到", "从", "每次", "每", "一直", "总是", "的时候", "那天", "当天", "期间"),
    "DAYPART": ("周一", "周二", "周三", "周四", "周五", "周六", "周日", "周末", "星期", "工作日", "平时", "上午", "下午", "晚上",
                "早上", "中午", "白天", "夜里", "今天", "明天", "后天", "号", "月", "点", "国庆", "春节", "节"),
    "REQ": ("请", "麻烦", "记得", "保持", "注意", "千万", "帮", "让", "留", "小心", "轻", "先"),
    "OK": ("好的", "好", "行", "可以", "谢谢", "辛苦", "没问题", "嗯", "对"),
    "PART": ("吧", "了", "吗", "呢", "啊", "哦", "呀", "啦", "的"),
    "PRON": ("我", "我们", "他", "她", "你们", "您", "那", "这", "它", "家里", "人"),
    "REASON": ("因为", "所以", "不然", "否则", "怕", "免得", "省得", "会", "要是", "如果", "的话"),
    "ASKW": ("要不要", "能不能", "可不可以", "是不是", "有没有", "会不会", "用不用", "多少", "几", "什么", "怎么", "哪"),
    "LIFT": ("不要了", "不用了", "也行", "也可以", "都行", "都可以", "算了", "没关系", "无所谓"),
    "STATE": ("在", "上班", "出差", "有事", "回", "外地", "没人", "来不了", "忙"),
}
#: (user32zh) words whose 别 negates nothing ("特别厉害", "分别", "性别"): their 别 is no NEG, else a long clause with "特别" in
#: it reads as a rule against something ("响得特别厉害" was a must_not). (review) Only the words that end in 别: 别 opening
#: "别的" / "别人" stays a NEG, as the constraint model was trained ("别人的别动" and "别的都不要" are rules). (fix32) And 别家
#: (another shop or firm: "我自己报了别家", "别家报价比你们低"), not 别家里 / 别家具 / 别家访 / 别家长 / 别家电 (别 + a word of 家),
#: as the rule cue reads it since cons30 (rules/core/zh/cues.yml): the model32 weights marked those clauses rules again
_ZH_BIE_NOT_NEG = re.compile(r"(?<=[特分区性级个类识差告鉴辨离派])别|别(?=家(?![里具访长电]))")


def mask_zh_false_negation(text: str) -> str:
    """``text`` with the 别 of words that negate nothing put out of the negation class (replaced by "·"). Read where a rule's
    polarity is decided (``learned._polarity``) and (model32) in the constraint model's own features of a clause
    (:func:`_own`): the weights shipped since model32 were trained with the mask (user32zh had kept it out of the features
    because the weights of then were trained on features that read every 别).

    >>> mask_zh_false_negation("响得特别厉害"), mask_zh_false_negation("别放香菜"), mask_zh_false_negation("别人的别动")
    ('响得特·厉害', '别放香菜', '别人的别动')
    >>> mask_zh_false_negation("别家报价比你们低"), mask_zh_false_negation("师傅来了别家里乱翻")
    ('·家报价比你们低', '师傅来了别家里乱翻')
    """
    return _ZH_BIE_NOT_NEG.sub("·", text)


_EN_TOKEN = re.compile(r"[a-z]+|\d+|[£$€%?!]")
_DIGIT = re.compile(r"\d")
_ZH_NUM = re.compile(r"[一二两三四五六七八九十百千万]")
_CLOCK = re.compile(r"\d{1,2}(?::\d\d|\s*(?:am|pm)\b|点|:)", re.I)
_ORDINAL = re.compile(r"\d+(?:st|nd|rd|th)\b|\d+号|\d+日", re.I)
_MONEY = re.compile(r"[£$€¥]|\d\s*(?:k\b|元|块|quid|pounds?\b|dollars?\b|euros?\b)|\d+\s*bucks", re.I)
_UNIT = re.compile(r"\d+\s*(?:cm|mm|m|km|ft|in|kg|g|l|ml|metres?|meters?|inches|feet|foot|miles?|公分|厘米|米|公斤|斤|升|平)\b|"
                   r"\d+\s*(?:公分|厘米|米|公斤|斤|升|平|人|个|位|天|小时|分钟)", re.I)
_EN_WORDS = {w: c for c, ws in EN_CLASSES.items() for w in ws}
_ZH_PAIRS = tuple((w, c) for c, ws in ZH_CLASSES.items() for w in ws)
_ZH_WORDS = frozenset(w for w, _ in _ZH_PAIRS)
#: every class of a word ("can" asks and is a modal)
_EN_CLASSES_OF: dict[str, frozenset[str]] = {w: frozenset(c for c, ws in EN_CLASSES.items() if w in ws) for w in _EN_WORDS}


def _en_words(text: str) -> list[str]:
    return _EN_TOKEN.findall(text.lower().replace("'", "").replace("’", ""))


def _classes(text: str, lang: str) -> set[str]:
    if lang == "zh":
        return {c for w, c in _ZH_PAIRS if w in text}
    return {c for w in _en_words(text) for c in _EN_CLASSES_OF.get(w, ())}


def _own(text: str, lang: str) -> dict[str, float]:
    """A clause's own features (words of closed classes, their classes, shapes)."""
    f: dict[str, float] = {"bias": 1.0}
    low = text.strip().lower()
    if lang == "zh":
        low = mask_zh_false_negation(low)  # (model32) "特别" forbids nothing: its 别 is no NEG (trained so)
        for w, c in _ZH_PAIRS:
            if w in low:
                f[f"w={w}"] = 1.0
                f[f"c={c}"] = 1.0
        if low[:1]:
            f[f"first={low[:1]}" if low[:1] in _ZH_WORDS else "first=open"] = 1.0
        last = low.rstrip("。！!？?～~…. ")[-1:]
        f[f"last={last}" if last in ZH_CLASSES["PART"] else "last=open"] = 1.0
        if _ZH_NUM.search(low):
            f["zhnum"] = 1.0
        n = len(low)
    else:
        words = _en_words(low)
        known = [w for w in words if w in _EN_WORDS]
        for w in known:
            f[f"w={w}"] = 1.0
            f[f"c={_EN_WORDS[w]}"] = 1.0
        for a, b in zip(words, words[1:]):  # two closed-class words in a row: "no more", "has to", "not before"
            if a in _EN_WORDS and b in _EN_WORDS:
                f[f"ww={a}_{b}"] = 1.0
            elif a in _EN_WORDS:
                f[f"w_={a}"] = 1.0  # a closed-class word before an open one: "no <thing>", "keep <thing>"
        if words:
            f[f"first={words[0]}" if words[0] in _EN_WORDS else "first=open"] = 1.0
            f[f"last={words[-1]}" if words[-1] in _EN_WORDS else "last=open"] = 1.0
        n = len(words) * 3
    f[f"len={min(n // 8, 6)}"] = 1.0
    for name, rx in (("digit", _DIGIT), ("clock", _CLOCK), ("ordinal", _ORDINAL), ("money", _MONEY), ("unit", _UNIT)):
        if rx.search(low):
            f[name] = 1.0
    if low.rstrip().endswith(("?", "？")):
        f["asks"] = 1.0
    if "!" in low or "！" in low:
        f["bang"] = 1.0
    return f


def _asked(previous: str, lang: str) -> dict[str, float]:
    """What the assistant's previous message did: asked, and with which closed-class words."""
    f: dict[str, float] = {}
    tail = previous.strip()[-120:]
    if not tail:
        return {"prev=none": 1.0}
    if tail.endswith(("?", "？", "吗", "呢")):
        f["prev=asks"] = 1.0
    for c in _classes(tail, lang):
        f[f"prev:{c}"] = 1.0
    if _DIGIT.search(tail):
        f["prev:digit"] = 1.0
    return f


def clause_features(clauses: list[str], lang: str, previous: str = "") -> list[dict[str, float]]:
    """The features of each clause of one user message (``clauses`` in order), given the text
    of the assistant's previous message (``""`` when none)."""
    return in_sequence([_own(c, lang) for c in clauses], ("asks", "digit"), _asked(previous, lang))


def in_sequence(own: list[dict[str, float]], shapes: tuple[str, ...], around: dict[str, float]) -> list[dict[str, float]]:
    """Each clause's features (``own``: its own, in order) with its place in the message, its neighbours'
    classes and ``shapes`` (as ``-1:c=NEG``, ``+1:digit``) and what the message ``around`` it holds.

    >>> in_sequence([{"c=NEG": 1.0}, {"digit": 1.0}], ("digit",), {"prev=none": 1.0})[1]
    {'digit': 1.0, 'pos=last': 1.0, '-1:c=NEG': 1.0, 'prev=none': 1.0}
    """
    out = []
    for i, f in enumerate(own):
        g = dict(f)
        g[f"pos={'only' if len(own) == 1 else 'first' if i == 0 else 'last' if i == len(own) - 1 else 'mid'}"] = 1.0
        for d, tag in ((-1, "-1"), (1, "+1")):
            if 0 <= i + d < len(own):
                for k in own[i + d]:
                    if k.startswith("c=") or k in shapes:
                        g[f"{tag}:{k}"] = 1.0
        g.update(around)
        out.append(g)
    return out
