"""Text utilities the steps share: clauses, question spans, lists, masks.

>>> clauses("预算5000元，不要用顺丰以外的快递")
[(0, '预算5000元'), (8, '不要用顺丰以外的快递')]
>>> asking_clause("好的，已记录，你看行吗？")
'你看行吗？'
>>> [m.group(0) for m in STATEMENT_END.finditer("It's £1.50; fine!! 好的。")]
[';', '!!', '。']
"""

from __future__ import annotations

import re
from functools import lru_cache

from .gates import first_match  # noqa: F401  (the steps import it from here)

#: an English weekday's stem, short forms too ("tues", "thurs", "sat", missen19 "weds"): add "(?:day)?s?" for the word
EN_WEEKDAY = r"(?:mon|tues?|wed(?:nes|s)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)"
#: where a statement ends: a sentence's end or a semicolon, a run of marks as one end ("！！", "?!"), a full
#: stop only before a space or the text's end (a number's point, "£1.50", ends none)
STATEMENT_END = re.compile(r"[。！？!?；;\n]+|\.(?:\s+|$)")
_CLAUSE_SPLIT = re.compile(STATEMENT_END.pattern + r"|(?<=[，,])\s*(?=(?:but|and|但|不过|另外|还有|其他|其它))|[，](?=\S)|,\s+(?=(?i:and|but|so|please|also|the|my|i|we|it)\b)")
#: a question sentence; as a regex it backtracks on long text without "?": use
#: :func:`question_sentences`, which finds the same spans in linear time
QUESTION_SENTENCE = re.compile(r"(?:[^。！？!?\n.]|\.(?!\s))*[？?]")
# what ends a sentence for question_sentences (a "." only before a space)
_SENTENCE_BREAK = re.compile(r"[。！？!?\n]|\.(?=\s)")
#: (lead21c) a take-back opening a Chinese reply ("算了 还是九价吧", "算了 充100吧"): the change, not a decline
OPENING_TAKE_BACK_ZH = re.compile(r"^\W*(?:算了|不对|不了)[\s，,。、]*")
#: where a sentence or clause ends, for a value's window after its slot word
CLAUSE_END = re.compile(r"[。！？!?；;\n,，]|\.(?:\s|$)")
#: where a sentence ends
#: (user26) words that lead a name given for the name asked ("It's Rossi", "name's Okafor", "under Rossi"): not the name
NAME_LEAD_EN = r"(?:(?i:it'?s|it is|name'?s|name is|the name'?s|my name'?s|my name is|surname'?s|surname is|under)\s+)"

SENTENCE_END = re.compile(r"[。！？!?\n]|\.(?:\s|$)")
_CLAUSE_PART = re.compile(r"[^,，;；]+")
_LIST_SEP = re.compile(r"\s*(?:、|以及|及|和|与|,|，|/)\s*")  # "fish and chips" is one dish: no "and"
_LIST_LEAD = re.compile(r"^(?:提供|还有|有|能做|会做|some|the)\s*", re.I)


def clauses(text: str) -> list[tuple[int, str]]:
    """(offset, clause) pieces split at sentence punctuation and Chinese commas (a new list each
    call; the split is worked out once per text: several steps split the same message)."""
    return list(_clauses(text))


@lru_cache(maxsize=256)
def _clauses(text: str) -> tuple[tuple[int, str], ...]:
    out, pos = [], 0
    for m in _CLAUSE_SPLIT.finditer(text):
        if m.start() > pos and text[pos:m.start()].strip():
            out.append((pos, text[pos:m.start()]))
        pos = m.end()
    if text[pos:].strip():
        out.append((pos, text[pos:]))
    return tuple(out)


def question_spans(text: str, question_words: list[re.Pattern]) -> list[tuple[int, int]]:
    """Spans of the clauses that ask rather than state: the clause a question mark closes,
    and any clause of a question sentence holding a question word ("多少", "which").

    >>> text = "我预算5000元，有推荐吗？"
    >>> [text[s:e] for s, e in question_spans(text, [])]
    ['有推荐吗？']
    """
    spans = []
    for first, end in question_sentences(text):
        parts = [(m.start(), m.group(0)) for m in _CLAUSE_PART.finditer(text, first, end)]
        for n, (start, clause) in enumerate(parts):
            if n == len(parts) - 1 or first_match(question_words, clause.strip()):
                spans.append((start, start + len(clause)))
    return spans


def question_sentences(text: str):
    """(start, end) of each sentence a question mark closes (what :data:`QUESTION_SENTENCE`
    matches), in one pass: the text from the last sentence end before a "?" up to it.

    >>> text = "Budget is $500. Which hotel? Fine!"
    >>> [text[s:e] for s, e in question_sentences(text)]
    [' Which hotel?']
    """
    start = 0
    for m in _SENTENCE_BREAK.finditer(text):
        if m.group(0) in "？?":
            yield start, m.end()
        start = m.end()


def sentence_spans(text: str) -> list[tuple[int, int]]:
    r"""(start, end) of each sentence of ``text``, end to end (the closing mark and a full stop's space
    kept; a sentence of blanks too), up to the text's end.

    >>> text = "Budget is $500. Which hotel?\nFine"
    >>> [text[s:e] for s, e in sentence_spans(text)]
    ['Budget is $500. ', 'Which hotel?', '\n', 'Fine']
    >>> sentence_spans(""), sentence_spans("好的。")
    ([], [(0, 3)])
    """
    bounds = [0] + [m.end() for m in SENTENCE_END.finditer(text)]
    if bounds[-1] < len(text):
        bounds.append(len(text))
    return list(zip(bounds, bounds[1:]))


def stressed_sentences(text: str, patterns: list[re.Pattern]) -> list[tuple[int, int]]:
    """(start, end) of the sentences a stress cue is said in; a cue that ends its sentence
    ("Important!", "记住！") stresses the next sentence too, which says what is meant.

    >>> text = "My budget is $450. Please remember, no nuts! I like blue."
    >>> [text[s:e].strip() for s, e in stressed_sentences(text, [re.compile(r"remember")])]
    ['Please remember, no nuts!']
    >>> text = "Important! The gate code is 4411. I like blue."
    >>> [text[s:e].strip() for s, e in stressed_sentences(text, [re.compile(r"important", re.I)])]
    ['Important!', 'The gate code is 4411.']
    """
    sentences = sentence_spans(text)
    spans: dict[tuple[int, int], None] = {}
    for m in (m for p in patterns for m in p.finditer(text)):  # a cue may take the punctuation before it
        n = next(n for n, (start, end) in enumerate(sentences) if start <= m.end() - 1 < end)
        spans[sentences[n]] = None
        if n + 1 < len(sentences) and not re.search(r"\w", text[m.end():sentences[n][1]]):
            spans[sentences[n + 1]] = None
    return sorted(spans)


def in_spans(pos: int, spans) -> bool:
    """Whether ``pos`` falls inside one of the (start, end) ``spans``."""
    return any(s <= pos < e for s, e in spans)


def mask(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with the spans blanked out, offsets kept.

    >>> mask("abcdef", [(1, 3)])
    'a  def'
    """
    chars = list(text)
    for s, e in spans:
        chars[s:e] = " " * (e - s)
    return "".join(chars)


def list_value(text: str) -> str:
    """A list as a multi-valued slot keeps it: items separated by one space.

    >>> list_value("中式餐厅、提供早餐服务")
    '中式餐厅 早餐服务'
    >>> list_value("fish and chips, some mushy peas")
    'fish and chips mushy peas'
    """
    items = [_LIST_LEAD.sub("", item).strip() for item in _LIST_SEP.split(text)]
    return " ".join(dict.fromkeys(i for i in items if i))


def asking_clause(sentence: str) -> str:
    """The clause of a question sentence that asks: "好的，已记录，你看行吗？" -> "你看行吗？"."""
    return re.split(r"[，,；;]", sentence)[-1].strip() or sentence


def in_brackets(before: str) -> bool:
    """Whether text ending with ``before`` is inside an unclosed bracket.

    >>> in_brackets("优品酒店(国贸"), in_brackets("优品酒店(国贸店)")
    (True, False)
    """
    return before.count("(") + before.count("（") > before.count(")") + before.count("）")


def cut_at_boundary(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters at a clause or word boundary (never
    inside a word), or whole when it fits.

    >>> cut_at_boundary("I need to return the WH-1000XM5 headphones I bought last week", 40)
    'I need to return the WH-1000XM5'
    >>> cut_at_boundary("我想退掉上周买的耳机，换一副新的", 10)
    '我想退掉上周买的耳机'
    """
    text = text.strip()
    if len(text) <= limit:
        return text
    head = text[:limit + 1]
    cut = max(head.rfind(c) for c in "，,；;：:")
    if cut >= limit // 2:
        return head[:cut].strip()
    space = head.rfind(" ")
    if space > 0:
        return head[:space].strip()
    return text[:limit].strip()


def clause_at(text: str, pos: int) -> str:
    """The clause of ``text`` around ``pos`` (an option's price and details are in it).

    >>> clause_at("We have Starter at $20, Plus at $35.", 24)
    'Plus at $35'
    """
    start = max((m.end() for m in CLAUSE_END.finditer(text, 0, pos)), default=0)
    end = next((m.start() for m in CLAUSE_END.finditer(text, pos)), len(text))
    return text[start:end].strip()[:120]


#: (fix26) a clause that tells a story of the past or of another place: "last time", "used to", "years ago", "my old
#: flat" (not "like last time" / "as last time": the same again, wanted now)
_EN_STORY = re.compile(r"(?<!like )(?<!as )\blast (?:time|year|month|week|winter|summer|spring|autumn)\b|\bused to\b"
                       r"|\b(?:years?|months?|weeks?) ago\b|\bpreviously\b|\bin the past\b|\b(?:my|our) (?:old|previous|former)\b", re.I)


def story_clause(text: str, pos: int) -> bool:
    """(fix26) Whether the clause around ``pos`` tells a story of the past or of a place left ("I paid by card last
    time", "we used to have it every other week", "my old flat was on the top floor"): a value in it is no value the
    user gives now.

    >>> story_clause("I paid by card last time and it got declined", 2), story_clause("can I pay by card like last time?", 2)
    (True, False)
    >>> story_clause("my old flat was on the top floor, this one is a bungalow", 20), story_clause("I'll pay by card", 2)
    (True, False)
    """
    return bool(_EN_STORY.search(clause_at(text, pos)))


#: (fix17) a zh clause that ends in 吗 asks, with or without its question mark
_ENDS_MA = re.compile(r"吗\s*$")


def unmarked_question(text: str, pos: int) -> bool:
    """(fix17) Whether the clause around ``pos`` ends in 吗: a zh question typed without a question mark
    ("数字蜡烛不用了吗"), which :func:`question_spans` does not see.

    >>> unmarked_question("数字蜡烛不用了吗", 0), unmarked_question("数字蜡烛先不要了", 0)
    (True, False)
    """
    return bool(_ENDS_MA.search(clause_at(text, pos)))


def whole_words(part: str, text: str) -> bool:
    """Whether ``part`` stands in ``text`` as whole Latin words (no letter or digit beside it).

    >>> whole_words("dell", "a dell laptop"), whole_words("ell", "a dell laptop")
    (True, False)
    """
    return re.search(rf"(?<![a-z0-9]){re.escape(part)}(?![a-z0-9])", text) is not None


#: (fix28a) what a "not" negates when it says how the thing named is, not which other thing: a state or a verb's form
#: ("the transit not working for me", "tuesday not possible", "luton not big enough", "not sure", "not for me"): the clause
#: stays whole, a decline or a remark, and the thing named before it is no pick
_NOT_A_PREDICATE = (r"(?!\s+(?:(?:a|an)\s+(?:problem|issue|big deal|bother|chance|fan)|too|so|very|really|quite|at all|yet|"
                    r"sure|keen|fussed|bothered|interested|good|great|ideal|ok|okay|fine|right|enough|bad|happy|for|in|on|at|"
                    r"with|until|till|before|after|ready|open|free)\b)(?!\s+\w{3,}(?:ing|ed)\b|\s+\w{2,}(?:able|ible)\b|\s+\w+\s+enough\b)")
#: (lead24) a "not" that turns to another thing after a thing named, as a clause of its own: "original card definitely
#: not store credit", "the 11 one not the 9"; not after a verb it negates ("I do not", "it's not", "can not") nor after
#: "or", "if", "why", "whether" ("blue or not")
#: The "not" ahead is tested first, so the words it may not follow are read only before a "not" (sub_clauses reads
#: every message).
_NOT_THE_OTHER = (r"|(?=\s+(?:(?:definitely|absolutely|certainly|just|and)\s+)?not\b" + _NOT_A_PREDICATE + ")"
                  r"(?<=\w)(?<!\bdo)(?<!\bdoes)(?<!\bdid)(?<!\bis)(?<!\bare)(?<!\bwas)(?<!\bwere)(?<!\bam)(?<!'s)(?<!'re)(?<!'m)"
                  r"(?<!\bwill)(?<!\bwould)(?<!\bcould)(?<!\bshould)(?<!\bcan)(?<!\bmight)(?<!\bmust)(?<!\bhave)(?<!\bhas)(?<!\bhad)"
                  r"(?<!\bor)(?<!\bif)(?<!\bwhy)(?<!\bwhether)(?<!\bbut)(?<!\bthat)(?<!\bit)(?<!\bi)(?<!\bwe)(?<!\byou)(?<!\bthey)"
                  r"(?<!\bdefinitely)(?<!\babsolutely)(?<!\bcertainly)(?<!\bjust)(?<!\band)\s+")
#: (picks10) where a clause parts in chat: a comma, dots, "actually", "but"; a space between Chinese characters is a
#: comma ("那走单位那个吧 千万别联系房东"); (user27zh) so is a 吧 that closes a pick typed with no mark after it, as
#: voice typing writes ("八十八那个吧流量不够用", "一对一线上吧周末白天都行"; not 酒吧, 网吧); (lead25) and a 吧 with a
#: space and a digit or a letter after it ("B吧 12月10号行不行": the pick, then a question of its own)
_SUB = re.compile(r"[,，、]\s*|\.{2,}\s*|…+\s*|\s+(?=actually\b)|(?<=\S)\s+(?=but\b)|(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])"
                  r"|(?<=(?<![酒网水氧贴话])吧)(?=[\u4e00-\u9fff])|(?<=(?<![酒网水氧贴话])吧)\s+(?=[0-9A-Za-z])" + _NOT_THE_OTHER, re.I)


#: a space between two Chinese characters: a comma in a message typed without marks
HAN_SPACE = re.compile(r"(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])")


def sub_clauses(text: str) -> list[tuple[int, str]]:
    """(offset, piece) of each piece of ``text``'s clauses, parted by :data:`_SUB` (moved here from the choose step so
    that the echoed step reads them without importing choose).

    >>> sub_clauses("那走单位那个吧 千万别联系房东")
    [(0, '那走单位那个吧'), (8, '千万别联系房东')]
    """
    out = []
    for offset, clause in clauses(text):
        pos = 0
        for m in list(_SUB.finditer(clause)) + [None]:
            end = m.start() if m else len(clause)
            if clause[pos:end].strip():
                out.append((offset + pos, clause[pos:end]))
            pos = m.end() if m else end
    return out


def unread_phrases(ctx, said: list[tuple[int, str]]) -> list[str]:
    """The words of ``said`` ((start, words) pairs a step found in the message) that no fact of the message holds yet
    and that the speaker did not take back, in order: what a phrase step (access, often) keeps.

    >>> from types import SimpleNamespace as N
    >>> ctx = N(units=[N(type="fact", value="2nd floor, no lift", offered=False)], taken_back=[(30, 40)])
    >>> unread_phrases(ctx, [(0, "2nd floor"), (12, "every week"), (33, "twice a day")])
    ['every week']
    """
    held = [str(u.value).casefold() for u in ctx.units if getattr(u, "type", "") == "fact" and not u.offered]
    return [w for start, w in said if not in_spans(start, ctx.taken_back) and not any(w.casefold() in h for h in held)]
