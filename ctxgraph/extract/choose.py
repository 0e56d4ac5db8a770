"""The choose step: the user's pick among offered options, read by matching, and a yes to an extra.

A pick is a MATCH of a short clause of the user's reply against each option the assistant's
last message offered (``options.py``: options said in prose as well as "A or B"):

- by a distinctive part of its name or description - a word (or, in Chinese, two characters)
  no other option and not the list's lead-in holds: "hand building please", "the one with the
  pub stop", "含拍照的那个吧", "flexi one. no shoes needed";
- by a comparison against the options' measures: "the cheaper one", "bigger one", 便宜那个,
  早一点的那场 (price, size, duration, clock);
- by a paraphrase of how often or per what period: "once a week is plenty" for "1 session a
  week", 办一年的 for 年卡.

A clause that declines ("too much", 太贵了, "not sunrise") or asks picks nothing and takes what it
names out of the running; a pick right after it in the same message needs no other cue
("the rolls is too much... actually the daimler"). Otherwise a pick says so (an accepting
word, "the X one", 吧, a clause that only names the option) or is the first clause of a reply to
a message that asked which.

An acceptance is a yes to the assistant's last proposal of an extra ("Would you like a printed
ribbon as well?" - "yes please"; 需要加挽联吗？- 要的): the extra is kept, its parts the reply
declines left out (茶歇和午餐 - 午餐不用).

Picks are ``choice_t<turn>`` facts (as the picks step's); extras ``extra_t<turn>``.

The step is on by default since picks10 (it was optional: on the unseen chat sets of the picks8 round
it added about as many wrong values as values, most of them the option's whole description kept as the
pick); ``settle.py`` retracts a pick the next reply contradicts or a later change leaves behind. A pick
by name keeps the user's words with the option's name ("全面的吧" -> "全面的 (全面版)"), the option as
said is its normal form (``normalized``):

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> t.observe_many([{"role": "assistant", "content": "Private lessons are £120 for two hours. Group lessons are £70 for three hours. Which do you prefer?"},
...                 {"role": "user", "content": "I'll do the cheaper one"}])
>>> [f.value for f in t.state().facts if f.status == "current"]
['the cheaper one (Group lessons are £70 for three hours)']
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from .._normalize import parse_number
from .._units import DecisionUnit, FactUnit, RetractUnit, _Unit
from ..lang import content_words
from .context import MessageContext
from .cues import _ASKS_PREFERENCE, _ZH_CLOSED
from .options import _PRICE, MAX_OPTION_CHARS, Option, asks_which, offered_lists, offered_options, tags
from .picks import NOT_A_NAME, _short_name
from .notchosen import FEAR_PATTERN, asks, others_experience, put_off_until
from .registry import step
from .several import several
from .text import OPENING_TAKE_BACK_ZH, clauses, cut_at_boundary, first_match, sub_clauses

#: a clause longer than this (characters) says more than a pick
MAX_CLAUSE_CHARS = 48
#: a pick's value: the option as said, cut at a word boundary
MAX_VALUE_CHARS = 60
#: an option's name (its words before its price) beside the user's words of a pick
MAX_NAME_CHARS = 40
#: Latin words at least this long may match with a typo ("beginers" - "beginner's")
FUZZY_MIN, FUZZY_RATIO = 5, 0.8

_CJK = re.compile(r"[\u4e00-\u9fff]")
# characters that make no option's name on their own ("那个", "一下", "就要")
_FUNCTION = set("的了吧呢啊吗嘛那这个就要是一也都还和与在有我你您他她它们些点下")
# where a reply's clause splits further: commas, "..." and "actually" start a new act
# a clause that ends asking: a question mark, or 吗 / 呢 / 么 at its end
_ASKS_END = re.compile(r"(?:[?？]|[吗呢么嘛][\s。.!！~～]*)$")
# declining or complaining about what the clause names ("too much", 太贵了, "not sunrise")
# (picks10) or fearing what it names ("石膏那个怕孩子哭闹", "worried the silk one will crease")
# (fix12) the fears are notchosen's: 怕 but not 恐怕 / 哪怕, "afraid" but not "I'm afraid it'll have to be"
# (picks16) or saying it goes past a limit ("何阿姨超过五十了吧": the one over the age asked for)
# (user32zh) or saying it is of no use ("补送也没用", "换货没必要": its 用 is no "use it")
_DECLINES = re.compile(r"\b(?:not|no|never|too|nah|nope|rather not|don't|dont|forget|skip|hate)\b|n't\b|不|别|太|算了|免了|讨厌|超过|超出|"
                       r"没用(?!过)|没必要|"
                       + FEAR_PATTERN, re.I)
# (wants11) a clause that supposes ("换镜头组的话都快够买个二手的了", "if we went premium"): it weighs an option, takes none
_SUPPOSES = re.compile(r"的话|要是|如果|假如|万一|\b(?:if|unless|suppose)\b", re.I)
# the clause says it takes what it names: an accepting word, "the X one", 吧, a 的-form; (fix12) a necessity said of
# it ("I'm afraid it has to be the starter block"); (user32zh) not the 用 of 没用过 / 不用 ("白色的没用过" takes nothing)
_TAKES = re.compile(r"\b(?:please|pls|plz|then|i think|i'?d|i'?ll|go (?:for|with)|for me|is fine|will do|works|sounds good|is plenty|is enough"
                    r"|(?:is|are) (?:ok|okay|good|perfect|great|better)"  # (user26) "The twin is ok"
                    r"|in that case,?\s+(?:just\s+|then\s+)?(?:do|take|get|book|grab|have|make it)(?!\s+(?:you|u|they|we|it)\b)"  # (lead25c)
                    # "6 months is £60, 12 months is £100." - "oh in that case do 12 months"; (fix30) only before a verb that takes:
                    # "in that case is 12 months cheaper", "in that case 12 months seems pointless" ask or weigh, and so does the
                    # verb before its subject ("in that case do you do 12 months for less", "have you got …")
                    r"|try(?= (?:the|a|an|that|this)\b)"  # (lead26) "try the router first": the one to go with now
                    # (user34) the idiom that settles a choice, "Premium it is.", "then the Golf it is": the clause ends on it
                    r"|(?<!\bwhat)(?<!\bwhich)(?<!\bhow)(?<!\bwhere)(?<!\bwhen)(?<!\bthat)(?<!\bwhether)(?<!\bif) it is(?=\W*$)"
                    r"|one|ones|actually|(?:has|have|got) to be|gotta be|must be"
                    # (prec30) the option taken now or in place of another: "stage 2 but … so stage 1 for now", "pine instead"
                    r"|for now|instead)\b|吧|就|要|选|来|订|定|(?<![没不])用|那个|那种|那款|那场|那家|那位|的$|够", re.I)
# a clause that opens asking (no "?" needed): 有没有 / 是不是 / 能不能 / "is there" / "do you"
_ASKS_CLAUSE = re.compile(r"^\W*(?:有没有|有没|是不是|能不能|可不可以|要不要|会不会|(?:is|are) there|do you|does it|can you|could you|have you"
                          r"|(?:is|are|does|do|will|would|was) (?:the|this|that|it|they)\b|(?:what|how|why)(?:'s|s)?\b)", re.I)
# the assistant's message asks which (or offers a choice with a question)
_ASKS_WHICH = re.compile(r"哪|还是|选|\b(?:which|prefer|or|would you like|do you want|suits? you)\b", re.I)
# comparisons: the measure and the direction (min / max)
_COMPARE_EN = [(re.compile(r"\b(?:cheap(?:er|est)?|less expensive|lower[- ]priced|budget)\b", re.I), "price", min),
               (re.compile(r"\b(?:pricier|priciest|more expensive|most expensive|premium)\b", re.I), "price", max),
               (re.compile(r"\b(?:big(?:ger|gest)?|larg(?:e|er|est)|roomier)\b", re.I), "size", max),
               (re.compile(r"\bsmall(?:er|est)?\b", re.I), "size", min),
               (re.compile(r"\blong(?:er|est)\b", re.I), "duration", max),
               (re.compile(r"\b(?:short(?:er|est)|quick(?:er|est)?|fast(?:er|est)?)\b", re.I), "duration", min),
               (re.compile(r"\bearl(?:y|ier|iest)\b", re.I), "clock", min),
               (re.compile(r"\blat(?:er|est)\b", re.I), "clock", max)]
_COMPARE_ZH = [(re.compile(r"便宜|实惠|省钱|低价"), "price", min), (re.compile(r"(?<!太)贵"), "price", max),
               (re.compile(r"(?<!太)大"), "size", max), (re.compile(r"(?<!太)小"), "size", min),
               (re.compile(r"(?<!太)(?:长|久)"), "duration", max), (re.compile(r"(?<!太)(?:短|快)"), "duration", min),
               (re.compile(r"(?<!太)早"), "clock", min), (re.compile(r"(?<!太)晚"), "clock", max)]
# a comparison names an option: "the cheaper one", "cheapest is fine", 便宜那个, 大的, 早一点的那场
_COMPARE_FRAME_EN = re.compile(r"^\W*(?:(?:i'?ll|i'?d|let'?s)\s+(?:\w+\s+)?)?(?:the\s+)?(?:\w+est|\w+er|cheap|budget|big|large|small)\b", re.I)
_COMPARE_FRAME_ZH = re.compile(r"(?:最)?[\u4e00-\u9fff]{1,2}(?:一)?(?:点|些)?(?:的|那)")
# a proposal of an extra in the assistant's question
_EXTRA_EN = re.compile(r"\b(?:would you (?:both |all |also )?like|do you (?:also )?want|want|fancy|(?:shall|should|can) (?:i|we) (?:also )?(?:add|include|throw in)"
                       r"|(?:would|do) you (?:also )?need|interested in)\s+(?:to (?:add|include|get|have|take)\s+)?(?P<x>[^?.!]{2,60})\?", re.I)
_EXTRA_ZH = re.compile(r"(?:需要|要不要|需不需要|想要|要)(?:我们|帮您|给您)?(?:顺便|再|另外|也)?(?:加|添|配|买|办)?(?P<x>[^？?，,。！!]{2,14}?)(?:吗|呢)?[？?]"
                       r"|(?P<y>[^？?，,。！!]{2,14})[，,]\s*(?:要吗|需要吗|要不要)[？?]")
_EXTRA_CUT = re.compile(r"\s+(?:as well|too|also|added|for [£$€]|at [£$€]|while|with your|first)\b.*$|[，,].*$", re.I)
#: words that name no extra; (prec32en) a bare "one" ("Want one?", "Do you need one?") stands for a thing named
#: before it, never the extra itself
_NOT_AN_EXTRA = re.compile(r"^(?:one$|ones$|to\b|me\b|us\b|it\b|that\b|this\b|them\b|those\b|you\b|i\b|we\b|any\b|anything\b|看|了解|确认|考虑|预约|试|我们|您|安排|先|什么|哪|多少|几|帮)", re.I)
_LEADING_ZH = re.compile(r"^(?:另外|还有|顺便|再|也)+")
#: (prec31zh) a Chinese question that offers the assistant's own deed, not a thing to add: "需要我帮您预约兑奖时间吗？",
#: "要不要现在帮您登记？", "要一起帮他保留吗？"
_ASSISTANTS_DEED_ZH = re.compile(r"^(?:我|现在|马上)|帮(?:您|你|他|她)")
_YES = re.compile(r"^\W*(?:(?:hmm+|um+|oh|ah|well)\W+)?(?:yes|yeah|yep|yup|ya|sure|ok|okay|please|pls|go on|go for it|why not|sounds good|definitely|absolutely|of course|lovely|great|perfect"
                  r"|要|需要|好|可以|行|嗯|对|加|来)", re.I)
_PARTS = re.compile(r"和|及|以及|、|\band\b|\bor\b|\s*&\s*", re.I)


def _words(text: str, lang: str) -> set[str]:
    """Latin content words, plural "s" and possessive "'s" cut ("dives" - "dive")."""
    out = set()
    for w in content_words(re.sub(r"[-_/]", " ", text), lang):
        w = re.sub(r"'s$", "", w)
        out.add(w[:-1] if len(w) > 4 and w.endswith("s") and not w.endswith("ss") else w)
    return out - _NOT_A_NAME


# words of a reply or an option that name no option (one list for both pick readers, picks.py)
_NOT_A_NAME = NOT_A_NAME


def _alike(a: str, b: str) -> bool:
    if a == b:
        return True
    if len(a) < FUZZY_MIN or len(b) < FUZZY_MIN or 2 * min(len(a), len(b)) / (len(a) + len(b)) < FUZZY_RATIO:
        return False  # the lengths alone rule it out (the bound real_quick_ratio gives), no matcher built
    m = SequenceMatcher(None, a, b)
    return m.quick_ratio() >= FUZZY_RATIO and m.ratio() >= FUZZY_RATIO


def _lead(options: list[Option]) -> str:
    """The list's lead-in, whose words never pick - unless it names the options themselves
    ("月卡分地面和地下：地面月卡300元/月，地下月卡450元/月": 地下 is the second option's own word)."""
    lead = options[0].lead if options else ""
    if not lead:
        return ""
    named = 0
    for i, o in enumerate(options):
        others = [x.text for j, x in enumerate(options) if j != i]
        if _CJK.search(o.text):
            parts = {o.text[k:k + 2] for k in range(len(o.text) - 1) if len(_CJK.findall(o.text[k:k + 2])) == 2}
            named += any(p in lead and not any(p in x for x in others) for p in parts)
        else:
            words = _words(o.text, "en") - set().union(*(_words(x, "en") for x in others))
            named += bool(words & _words(lead, "en"))
    return "" if named >= 2 else lead


def _by_name(clause: str, options: list[Option], lang: str) -> tuple[int | None, str]:
    """The one option ``clause`` names by a distinctive part, and that part."""
    if _CJK.search(clause):
        return _by_name_zh(clause, options)
    said = _words(clause, "en")
    own = [_words(o.text, "en") for o in options]
    lead = _words(_lead(options), "en")
    scores = []
    for i, words in enumerate(own):
        others = set().union(*(w for j, w in enumerate(own) if j != i)) | lead
        distinct = {w for w in words if not any(_alike(w, x) for x in others)
                    and (not w.isdigit() or _model_number(w, options[i].text))}
        hit = {w for w in distinct if any(_alike(w, s) for s in said)}
        scores.append((sum(len(w) for w in hit), i, " ".join(sorted(hit))))
    scores.sort(reverse=True)
    if not scores or scores[0][0] < 3 or (len(scores) > 1 and scores[0][0] == scores[1][0]):
        return None, ""
    return scores[0][1], scores[0][2]


#: (lead25g) a number said on its own in English: not part of a clock, a price, a date or a longer number
_BARE_NUMBER_EN = re.compile(r"(?<![\d.,:£$€/-])\b(\d+(?:\.\d+)?)\b(?![\d.,:/-]|\s*(?:%|am\b|pm\b|st\b|nd\b|rd\b|th\b))")


#: (lead25g) the words a bare number is taken with ("stick with 128 then", "12 please", "ok the 6")
_TAKE_WORDS = frozenset({"ok", "okay", "stick", "go", "take", "then", "please", "pls", "plz", "one", "just", "yes", "yeah",
                         "fine", "i'll", "let's", "lets"})


def _by_measure(clause: str, options: list[Option]) -> tuple[int | None, str]:
    """(lead25g) The one option whose measure (a size, a duration, a count; no price) is the number the clause says on its
    own ("stick with 128 then" for "128GB is £35 a month"): the options name their size, the user says its number.

    >>> from ctxgraph.extract.options import offered_options
    >>> opts = offered_options("128GB is £35 a month, 256GB is £41.", "en")
    >>> _by_measure("ok stick with 128 then", opts), _by_measure("35 is too much", opts), _by_measure("128 or 256?", opts)
    ((0, '128'), (None, ''), (None, ''))
    >>> _by_measure("128 should do it", opts)  # more than words of taking: no pick by the number alone
    (None, '')
    """
    said = {float(n) for n in _BARE_NUMBER_EN.findall(clause)}
    if len(said) != 1 or _words(_BARE_NUMBER_EN.sub(" ", clause), "en") - _TAKE_WORDS:
        return None, ""  # the number and words of taking only: "6 months should do it, … make it 12" is the measures' to read
    n = said.pop()
    hits = [i for i, o in enumerate(options) if any(k != "price" and v == n for k, v in o.measures.items())]
    return (hits[0], f"{n:g}") if len(hits) == 1 else (None, "")


def _model_number(word: str, option: str) -> bool:
    """(lead21d) A number that is part of a name in ``option`` ("Fibre 150", "iPhone 15", "Model 3"): right after a
    capitalised word, no unit after it; such a number tells options apart ("stick with 150").

    >>> _model_number("150", "Fibre 150"), _model_number("38", "Fibre 500 for £38"), _model_number("2", "2 rooms")
    (True, False, False)
    """
    return bool(re.search(r"\b[A-Z][A-Za-z]+[\s-]" + re.escape(word) + r"\b(?![.,]\d|\s*(?:%|[a-zA-Z]))", option))


def _by_name_zh(clause: str, options: list[Option]) -> tuple[int | None, str]:
    """The one option holding the longest part of ``clause`` no other option and no lead-in
    holds: two Chinese characters that make a content word, or a code ("A5", "3M")."""
    best: list[tuple[int, int, str]] = []
    for i, o in enumerate(options):
        others = [x.text for j, x in enumerate(options) if j != i] + [_lead(options)]
        found = ""
        for size in range(min(len(clause), 10), 1, -1):
            for start in range(len(clause) - size + 1):
                part = clause[start:start + size]
                if part.strip() != part or not _holds(o.text, part) or any(_holds(x, part) for x in others) \
                        or _denied_in(o.text, part, clause[:start]):
                    continue
                cjk = len(_CJK.findall(part))
                if (cjk >= 2 and (content_words(part, "zh") or sum(ch not in _FUNCTION for ch in part) >= 2)) or (cjk >= 1 and re.search(r"[A-Za-z0-9]", part)) \
                        or re.fullmatch(r"[A-Za-z]*\d+[A-Za-z]*|[A-Za-z]{2,}", part.strip()):
                    found = part
                    break
            if found:
                break
        if found:
            best.append((len(found), i, found))
    best.sort(reverse=True)
    if not best:
        return _by_letter(clause, options)
    if len(best) > 1 and best[0][0] == best[1][0]:
        return None, ""
    return best[0][1], best[0][2]


#: (lead24) a Latin letter standing alone, the code of an option ("套餐B 699元" - "B吧", "选A")
_LONE_LETTER = re.compile(r"(?<![A-Za-z0-9])[A-Za-z](?![A-Za-z0-9])")


#: (fix28a) the words a letter is picked with ("选B", "就A吧", "B套餐吧", "我要B那个"): a clause with more (a story, a word
#: the letter is part of: "B超", "T恤") picks nothing by its letter
_LETTER_AROUND_ZH = re.compile(r"我们?|还是|那就|就行|就好|好了|可以|套餐|方案|这个|那个|这款|那款|[那就要选订定用来吧的个呢啊哈]")


def _by_letter(clause: str, options: list[Option]) -> tuple[int | None, str]:
    """(lead24) The one option whose code is the one letter the Chinese ``clause`` says alone ("套餐A 399元，套餐B 699元" -
    "B吧"); none when the clause says two letters or the letter stands alone in two options.

    >>> opts = [Option("套餐A 399元", "", {}, frozenset()), Option("套餐B 699元 含胃镜", "", {}, frozenset())]
    >>> _by_letter("B吧", opts), _by_letter("A还是B", opts), _by_letter("好的", opts)
    ((1, 'B'), (None, ''), (None, ''))
    >>> _by_letter("我选B套餐吧", opts), _by_letter("上次做的是B", opts), _by_letter("我有个B超报告", opts)  # (fix28a)
    ((1, 'B'), (None, ''), (None, ''))
    """
    said = _LONE_LETTER.findall(clause)
    if len(said) != 1 or _LETTER_AROUND_ZH.sub("", _LONE_LETTER.sub("", clause)).strip(" ，,。.！!~～"):
        return None, ""  # (fix28a) the letter said with no more than words of picking: not "上次做的是B", "我有个B超报告"
    letter = re.compile(rf"(?<![A-Za-z0-9]){said[0]}(?![A-Za-z0-9])", re.I)
    holding = [i for i, o in enumerate(options) if letter.search(o.text)]
    return (holding[0], said[0]) if len(holding) == 1 else (None, "")


#: (prec25, zh) a word that denies what follows it in an option ("不带粉碎", "无早餐", "没有阳台")
_DENIAL_ZH = re.compile(r"(?:不|无|没有|没|非|免)(?:带|含|包|配|送|要|用)?$")


def _denied_in(option: str, part: str, said_before: str) -> bool:
    """(prec25) Whether ``option`` says ``part`` only denied ("雷沃…，不带粉碎" for "带粉碎那个") while the user's
    words before it (``said_before``) deny nothing: the option says the opposite of the user's pick.

    >>> _denied_in("雷沃谷神，每亩55元，不带粉碎", "带粉碎", ""), _denied_in("雷沃谷神，不带粉碎", "带粉碎", "不")
    (True, False)
    >>> _denied_in("久保田，带秸秆粉碎", "粉碎", "带"), _denied_in("标准房，不带早餐", "早餐", "带")
    (False, True)
    """
    spots = [m.start() for m in re.finditer(re.escape(part), option)]
    return bool(spots) and all(_DENIAL_ZH.search(option[:at]) for at in spots) and not _DENIAL_ZH.search(said_before)


def _holds(text: str, part: str) -> bool:
    """``part`` is in ``text``, a number in it never a piece of a longer one ("58" is not in "5800元",
    "07" is in "L-A07").

    >>> _holds("再加高桩表演5800元", "58"), _holds("L-A07和L-A15两个空柜", "07"), _holds("两头狮", "两头")
    (False, True, True)
    """
    if part not in text:
        return False
    if not (part[0].isdigit() or part[-1].isdigit()):
        return True
    rx = ("(?<!\\d)" if part[0].isdigit() else "") + re.escape(part) + ("(?!\\d)" if part[-1].isdigit() else "")
    return re.search(rx, text) is not None


def _by_comparison(clause: str, options: list[Option], lang: str) -> int | None:
    """"the cheaper one", 便宜那个: the option at the extreme of the measure the clause compares by."""
    zh = bool(_CJK.search(clause))
    if not (_COMPARE_FRAME_ZH.search(clause) if zh else _COMPARE_FRAME_EN.search(clause)):
        return None
    for rx, measure, pick in (_COMPARE_ZH if zh else _COMPARE_EN):
        if not rx.search(clause):
            continue
        have = [(o.measures[measure], i) for i, o in enumerate(options) if measure in o.measures]
        if len(have) < 2:
            return None
        target = pick(v for v, _ in have)
        hits = [i for v, i in have if v == target]
        return hits[0] if len(hits) == 1 else None
    return None


def _by_paraphrase(clause: str, options: list[Option]) -> int | None:
    """"once a week" for "1 session a week", 办一年的 for 年卡: the one option holding a
    paraphrase tag of the clause no other option holds."""
    said = tags(clause)
    if not said:
        return None
    hits = [i for i, o in enumerate(options)
            if said & (o.tags - set().union(*(x.tags for j, x in enumerate(options) if j != i)))]
    return hits[0] if len(hits) == 1 else None


#: (user27zh) an amount in Chinese numerals with a unit of ten, hundred or thousand in it ("八十八", "六百八", "一百二十八")
_ZH_AMOUNT = re.compile(r"(?<![零〇一二两三四五六七八九十百千万第])[一二两三四五六七八九]?[十百千][零〇一二三四五六七八九十百]*(?![零〇一二两三四五六七八九十百千万个位])")


def in_digits(clause: str) -> str:
    """(user27zh) ``clause`` with its amounts in Chinese numerals written in digits, as options state their prices:
    a user names an option by its price as they say it ("八十八那个吧" for "88元套餐"); a count (两个, 三位) stays.

    >>> in_digits("八十八那个吧"), in_digits("看台六百八的来两张"), in_digits("两个人")
    ('88那个吧', '看台680的来两张', '两个人')
    """
    def digits(m: re.Match) -> str:
        n = parse_number(m.group(0))
        return str(int(n)) if n is not None else m.group(0)
    return _ZH_AMOUNT.sub(digits, clause)


def _compares(clause: str, options: list[Option], i: int, lang: str) -> bool:
    """(miss26en) Whether ``clause`` picks option ``i`` by an English comparison ("cheapest one", "the bigger one"): the
    user's words are kept with the option's name, as a pick by a part or a place is ("cheapest one (Economy)").

    >>> from ctxgraph.extract.options import offered_options
    >>> opts = offered_options("Economy (48-72 hours) £148, Next Day £212, or AM Timed £268.", "en")
    >>> _compares("cheapest one", opts, 0, "en"), _compares("next day", opts, 1, "en")
    (True, False)
    """
    return lang == "en" and _by_comparison(clause, options, lang) == i


def match(clause: str, options: list[Option], lang: str) -> tuple[int | None, str]:
    """The option a clause names (by name, comparison or paraphrase) and the part it matched by.

    >>> from ctxgraph.extract.options import offered_options
    >>> opts = offered_options("热气球有早场和晚场，早场5点半起飞，晚场6点起飞，价格一样。", "zh")
    >>> match("早一点的那场", opts, "zh")
    (0, '')
    >>> match("晚场吧", opts, "zh")  # slots told apart by their clock: by name, the slot readers' part
    (None, '')
    """
    # options told apart only by their clock are slots: picked by a comparison here, by the slot readers when
    # named by their time of day ("晚场吧"); a name of their own picks here ("the tower climb" of "the Tower
    # Climb at 10am or the Keeper's Tour at 1pm")
    slots = all(set(o.measures) == {"clock"} for o in options)
    i, part = _by_name(clause, options, lang)
    if i is None and lang == "en":
        i, part = _by_measure(clause, options)  # (lead25g) "stick with 128 then" to "128GB is £35 a month, 256GB is £41"
    if i is None and lang == "zh" and (said := in_digits(clause)) != clause:
        i, part = _by_name(said, options, lang)  # (user27zh) "八十八那个吧" names the option of 88元
    if i is not None and not (slots and _DAYTIME.search(part)):
        return i, part
    i = _by_comparison(clause, options, lang)
    if i is None:
        i = _by_paraphrase(clause, options)
    return i, ""


# a part of the day: what slots are named by
_DAYTIME = re.compile(r"\d|早|晚|午|夜|凌晨|傍|\b(?:morning|afternoon|evening|night|noon|lunchtime|am|pm|early|late)\b", re.I)


def _sub_clauses(ctx: MessageContext) -> list[tuple[int, str]]:
    return sub_clauses(ctx.text)


def _last_assistant(ctx: MessageContext) -> tuple[int, str] | None:
    G = ctx.graph
    last = G.graph.get("last_turn")
    d = G.nodes[last] if last else {}
    if d.get("role") != "assistant" or not d.get("text", "").strip():
        return None
    return d["index"], d["text"]


def _bare(clause: str, part: str, option: str = "") -> bool:
    """The clause only names the option ("十次卡", "overhaul"): nothing but the part and fillers; (fix13) a word of
    the option besides its distinctive part is no other word ("the starter block" for "a Starter block at £90" beside
    "a Full block at £160").

    >>> _bare("the starter block", "starter", "a Starter block at £90"), _bare("the starter block is too short", "starter", "a Starter block")
    (True, False)
    """
    rest = clause.replace(part, " ") if part else clause
    if _CJK.search(clause):
        return len(_CJK.findall(rest)) <= 1
    return not _words(rest, "en") - set(part.split()) - _words(option.casefold(), "en")


def _picked(ctx: MessageContext, turn: int, text: str) -> list[_Unit]:
    options = offered_options(text, ctx.lang)
    lists = offered_lists(text, ctx.lang)  # (picks16) with no list of its own, parallel sentences each with a price
    G = ctx.graph
    if len(options) < 2 and not lists or any(turn - 3 <= G.nodes[f]["turn"] <= turn for f in G.graph.get("offers", ())):
        return []  # options that are things the offers step tracks (products, venues) are decided there
    # (fix12) "the thermal one sounds pricey, let me ask my wife", 我考虑一下带蓝牙那款: put off up to the deferral
    until = put_off_until(ctx.text, ctx.lang, [o.text for o in options or lists[0]])  # (fix13) …but not of another topic
    subs = [(o, c) for o, c in _sub_clauses(ctx) if o >= until]
    found = _pick_in(ctx, subs, options, asks_which(text), by_name_only=False) if len(options) >= 2 else None
    out = []
    if found:
        pick, part, said, _ = found
        placed = ctx.pack.position(part, len(options))[0] is not None  # (picks15) named by its place ("第二个")
        out.append(pick_fact(f"choice_t{turn}", options, pick, part, said, placed=placed, correction=ctx.correcting, stressed=ctx.stressed))
    # (picks10) the message's other lists: a clause that names one of their options by a part of its own
    # ("full service. i'll drop it off" to a list of services and a list of ways to hand it in)
    used = {found[3]} if found else set()
    for k, other in enumerate(x for x in lists if x is not options):
        extra = _pick_in(ctx, [(o, c) for o, c in subs if o not in used], other, False, by_name_only=True)
        if extra:
            pick, part, said, at = extra
            used.add(at)
            out.append(pick_fact(f"choice_t{turn}_{k + 1}", other, pick, part, said, correction=ctx.correcting, stressed=ctx.stressed))
    return out


def _pick_in(ctx: MessageContext, subs: list[tuple[int, str]], options: list[Option], asked_which: bool, *,
             by_name_only: bool) -> tuple[int, str, str, int] | None:
    """The option of ``options`` the reply's clauses pick: (its index, the part it was named by, the
    user's words when named by a part, the clause's offset), or None."""
    out: set[int] = set()
    declined = False
    pick: int | None = None
    parts: dict[int, str] = {}
    said: dict[int, str] = {}  # the user's words that named the option by a part of its own
    where: dict[int, int] = {}
    for n, (offset, clause) in enumerate(subs):
        if len(clause.strip()) > MAX_CLAUSE_CHARS or ctx.asking(offset) or _ASKS_CLAUSE.match(clause) or _ASKS_END.search(clause) \
                or asks(clause, ctx.lang) or others_experience(clause, ctx.lang):
            continue  # (miss6) a clause opening with a question word asks, with or without "?" ("有没有季卡年卡便宜点的");
            # (picks10) so does one that ends asking ("午夜紫有实车图吗"); (review) and one opening as a question without "?"
            # ("is the thermal one longer", "what's the difference between…"); (fix12) a zh interrogative with no
            # mark (带蓝牙那款多重, 差在哪), and another person's past deed ("my brother did the thermal one", 我姐用的就是…)
        i, part = match(clause, options, ctx.lang)
        by_name = bool(part)
        if by_name_only and not by_name:
            i, part = None, ""
        by_place = False
        if i is None and not by_name_only:
            i, pointed = ctx.pack.position(clause, len(options))  # "the second one", 第二个, 要最后一个
            part = pointed if i is not None else part
            by_place = i is not None
        if pick is not None and i is None and first_match(ctx.pack.take_backs, clause):
            out.add(pick)  # "the roses. actually no, ... the chrysanthemum one": the pick is taken back
            pick, declined = None, True
            continue
        if _DECLINES.search(clause) or first_match(ctx.pack.rejects, clause) or _SUPPOSES.search(clause):
            if i is not None and i != pick:  # a reason after the pick ("my dad can't manage tiny batteries") keeps it
                out.add(i)
                declined = True
            continue
        if i is not None and i == pick:
            parts[i] = f"{part} {parts[i]}".strip()  # named again: every word it was named by counts
            continue
        if i is None or i in out:
            continue
        if part and ctx.pack.synonym_rx is not None and not ctx.pack.synonym_rx.sub(" ", part).strip():
            continue  # a slot word is no part ("请提供订单号或者手机号" - "订单号 VP26…" gives a value)
        # a bare answer to "which?" takes an option named in a few words, not a sentence
        answered = n == 0 and asked_which and _short_name(options[i].text)
        # (picks15) a place in the list said in a clause that neither asks nor declines picks ("第一个先试试")
        if declined or by_place or _TAKES.search(clause) or first_match(ctx.pack.accepts, clause) or answered \
                or _bare(clause, part, options[i].text):
            pick = i  # the last pick of a message stands
            parts[i] = part
            # (picks15) "second one", 第二款: the user's words too; (miss26en) and a comparison's ("cheapest one")
            said[i] = clause if by_name or by_place or _compares(clause, options, i, ctx.lang) else ""
            where[i] = offset
    if pick is None:
        return None
    return pick, parts.get(pick, ""), said.get(pick, ""), where[pick]


def pick_fact(key: str, options: list[Option], i: int, part: str, clause: str, *, placed: bool = False, **flags) -> FactUnit:
    """The fact of a pick: the user's own words when they named the option by a part of it ("全面的吧"
    -> "全面的") or (picks15) by its place in the list (``placed``: "second one (the glaze firing)"), else the option
    as said (by comparison, paraphrase) without what it says of the other options; the option as said is its normal
    form (``normalized``), which the settle steps read. A pick by place with no name before the option's price keeps
    the option as said beside the user's words ("the second one (£90 for the six-week course)")."""
    option = options[i].text
    if clause:
        value, name = said_words(clause, part), option_name(options, i, part)
        name = name or (own_part(options, i) if placed else "")
        if not part:  # (miss26en) a comparison ("the cheaper one"): the option as said, its price and terms with it
            name = own_part(options, i)
        if name and name.casefold() not in value.casefold():
            value = f"{value} ({name})"  # the user's words, with the option's name as the assistant said it
    else:
        value = own_part(options, i, part)
    return FactUnit(key=key, name="choice", value=value, normalized=cut_at_boundary(option, MAX_OPTION_CHARS), **flags)


# fillers around the words that name the pick: "ok i'll go for", "please", "then", "is fine", 我要, 吧, 就行
_SAID_HEAD_EN = re.compile(r"^\W*(?:(?:ok(?:ay)?|yes|yeah|yep|so|um+|hmm+|right|alright|great|lovely|cool|and|oh|ah|well|erm|uh|then|actually)\b[\s,.!]*)*"
                         # (user35) a request for the option said as a question: "actually can we do Gold instead?"
                         r"(?:(?:i'?ll|i'?d|i will|i would|we'?ll|we'?d|let'?s|we will|we would|(?:can|could) (?:we|i))\s+)?"
                         r"(?:(?:go (?:for|with)|stick (?:with|to)|stay with|keep|take|have|do|book|choose|pick|like|want|prefer)\s+)?", re.I)
_SAID_TAIL_EN = re.compile(r"(?:[\s,.!]*\b(?:please|pls|plz|thanks|thank you|thx|then|is fine|(?:is|are) (?:ok|okay|good|perfect|great)|will do|works(?: for (?:me|us))?|sounds (?:good|great|fun|perfect|right|about right|ideal)"
                          r"|for me|for us|is plenty|is enough|for now|instead))+\W*$", re.I)
# (user25zh) a change's verb before the option ("那还是换外景吧", "换成外景吧") is no word of the pick
_SAID_HEAD_ZH = re.compile(r"^[\W]*(?:好的?|行|嗯|那|那就|就|还是|我们|我)*(?:想要|想找|想约|要|选|订|定|用|来|报|约)?")
_CHANGED_HEAD_ZH = re.compile(r"^[\W]*(?:好的?|行|嗯|那|那就|就|还是|我们|我)*(?:换成|改成|改为|换|改)(?:想要|想找|想约|要|选|订|定|用|来|报|约)?")
_SAID_TAIL_ZH = re.compile(r"(?:吧|就行|就好|就可以|就够了?|够了|好了|可以|呢|啊|哈|[。！!，,~～\s])+$")  # (user34) 就够了


def said_words(clause: str, part: str) -> str:
    """The user's words that name a pick, fillers around them left out (never the part itself).

    >>> said_words("全面的吧", "全面"), said_words("ok I'll go for the heron please", "heron")
    ('全面的', 'the heron')
    >>> said_words("student plan is fine for now", "student plan")
    'student plan'
    >>> said_words("那还是换成外景吧", "外景"), said_words("换新吧", "换新"), said_words("要防蓝光的吧", "防蓝光")
    ('外景', '换新', '防蓝光的')
    """
    words = clause.strip()
    if _CJK.search(words):
        trimmed = _SAID_TAIL_ZH.sub("", _SAID_HEAD_ZH.sub("", words))
        changed = _SAID_TAIL_ZH.sub("", _CHANGED_HEAD_ZH.sub("", words)) if _CHANGED_HEAD_ZH.match(words) else ""
        if changed and all(w.casefold() in changed.casefold() for w in part.split()):
            trimmed = changed  # "换成外景吧" -> 外景, "换新吧" stays 换新 (the option's own 换)
    else:
        trimmed = _SAID_TAIL_EN.sub("", _SAID_HEAD_EN.sub("", words))
    folded = trimmed.casefold()
    if _CJK.search(words):
        folded += " " + in_digits(folded)  # (user27zh) "八十八那个吧" named the option by "88"
    keep = trimmed if trimmed and all(w.casefold() in folded for w in part.split()) else words
    return cut_at_boundary(keep, MAX_VALUE_CHARS)


_CODE = re.compile(r"[A-Za-z]*\d+[A-Za-z]*|[A-Za-z]{2,}")


def option_name(options: list[Option], i: int, part: str) -> str:
    """The option's name: its words before its price and before it names another option; a code the
    user named by a part ("07" of "L-A07和L-A15两个空柜") is the code alone.

    >>> from ctxgraph.extract.options import offered_options
    >>> opts = offered_options("B2层还有月租车位，每月350元；B1层的是每月450元，剩2个。", "zh")
    >>> option_name(opts, 1, "B1")
    'B1'
    >>> opts = offered_options("We fly the Standard tandem at £120 or the Thermal tandem at £190.", "en")
    >>> option_name(opts, 1, "thermal")
    'the Thermal tandem'
    >>> opts = offered_options("直接赔69元当场结案，或者在特殊理赔之外再送一张20元寄件券，您选哪个？", "zh")
    >>> option_name(opts, 1, "特殊理赔")
    '在特殊理赔之外再送一张寄件券'
    """
    text = options[i].text
    if part and _CODE.fullmatch(part.strip()) and _CJK.search(text):
        token = next((m.group(0) for m in re.finditer(r"[A-Za-z0-9][A-Za-z0-9-]*", text) if part.strip().casefold() in m.group(0).casefold()), "")
        if token:
            return token
    name = own_part(options, i)
    if m := _PRICE.search(name):
        # a Chinese name may go on past its price ("再送一张20元寄件券"): what follows up to the next boundary
        rest = re.match(r"[\u4e00-\u9fff][^，,。；;（(、/]*", name[m.end():]) if _CJK.search(name) else None
        name = name[:m.start()] + (rest.group(0) if rest and not re.match(r"[每一起左右以多元块镑]", rest.group(0)) else "")
    name = cut_at_boundary(name.strip(" ,，:：;；(（、"), MAX_NAME_CHARS)
    if name.count("(") + name.count("（") > name.count(")") + name.count("）"):
        name = name[:max(name.rfind("("), name.rfind("（"))]  # cut inside its brackets: up to them
    name = _NAME_TAIL.sub("", _NAME_VERB.split(name, maxsplit=1)[0])
    return name if len(_CJK.findall(name)) + len(re.findall(r"[A-Za-z]", name)) >= 2 else ""


#: (picks16) where an English name ends and what is said of it begins ("Our Local Starter package is 2 weeks", "A 36-inch
#: vanity instead of the 48-inch"): the name is the words before
_NAME_VERB = re.compile(r"(?<=\w)\s+(?:is|are|costs?|comes? to|adds|includes?|covers|takes|instead of|rather than)\s+(?=\S)", re.I)


# words that lead to the price cut off after a name ("at", "for", 的是)
_NAME_TAIL = re.compile(r"(?:\s+(?:at|for|is|are|costs?|from|only|just|with)|的是|是|为|要|[\s,，:：、(（-])+$", re.I)


def own_part(options: list[Option], i: int, part: str = "") -> str:
    """The option as said (:func:`option_value`) up to where it names another option of the list
    ("全面版5元/平（在标准版基础上加…）" -> "全面版5元/平").

    >>> from ctxgraph.extract.options import offered_options
    >>> opts = offered_options("精装验房有两档：标准版3元/平（外观、水电），全面版5元/平（在标准版基础上加红外热成像）。", "zh")
    >>> own_part(opts, 1)
    '全面版5元/平'
    """
    text = options[i].text
    cut = len(text)
    for j, o in enumerate(options):
        head = _head(o.text)
        if j != i and head and head != _head(text):
            at = text.find(head, 1)
            if at > 0:
                cut = min(cut, max([text.rfind(c, 0, at) for c in ",，;；(（"] + [0]))
    return option_value(text[:cut].strip() if cut > 0 else text, part)


def _head(text: str) -> str:
    """An option's name: its words before the first measure, bracket or comma ("标准版3元/平（…）" -> "标准版")."""
    m = re.search(r"[\d£$€¥￥(（,，:：;；]", text)
    head = re.sub(r"^(?:the|a|an|our)\s+", "", text[:m.start()] if m else text, flags=re.I).strip()
    return head if (len(_CJK.findall(head)) >= 2 or len(re.findall(r"[A-Za-z]", head)) >= 3) and len(head) <= 30 else ""


def option_value(text: str, part: str = "") -> str:
    """The value a pick keeps: the option as said, cut at a word boundary; when the words it was
    picked by lie past the cut, from the clause that holds them.

    >>> option_value("Our 3/4 outfits (violin, bow, case, rosin) are £14 a month on the Student plan", "student")
    'are £14 a month on the Student plan'
    """
    value = cut_at_boundary(text, MAX_VALUE_CHARS)
    folded = text.casefold()
    found = [folded.find(w.casefold()) for w in part.split()]
    if not found or -1 in found or any(w.casefold() in value.casefold() for w in part.split()):
        return value
    at = min(found)
    start = max(text.rfind(c, 0, at) for c in ",，;；)）(（") + 1
    return cut_at_boundary(text[start:], MAX_VALUE_CHARS)


def proposed_extras(text: str) -> list[str]:
    """The extras the assistant's questions propose.

    >>> proposed_extras("Would you like a printed ribbon with a message as well? It's £12.")
    ['a printed ribbon with a message']
    >>> proposed_extras("Would you like to make it a monthly auto top-up?"), proposed_extras("需要加挽联吗？手写挽联加60元。")
    ([], ['挽联'])
    >>> proposed_extras("保养完要不要顺便换一根新皮带？另外送货上门加30元，要吗？")
    ['换一根新皮带', '送货上门加30元']
    >>> proposed_extras("好的，地下季卡1260元。需要从哪天开始？")  # a question of when, no extra
    []
    >>> proposed_extras("需要我帮您预约兑奖时间吗？"), proposed_extras("要不要现在帮您登记？")  # (prec31zh) the assistant's deed
    ([], [])
    """
    out = []
    for rx in (_EXTRA_EN, _EXTRA_ZH):
        for m in rx.finditer(text):
            x = (m.group("x") or (m.groupdict().get("y") or "")).strip()
            x = _LEADING_ZH.sub("", _EXTRA_CUT.sub("", x)).strip()
            if len(x) >= 2 and not _NOT_AN_EXTRA.match(x) and not _ASSISTANTS_DEED_ZH.search(x) and not re.search(r"还是|或|\bor\b|哪|什么|多少|几|\b(?:when|which|what|how)\b", x, re.I) and (content_words(x, "zh" if _CJK.search(x) else "en")):
                out.append(x)
    return out


def _extras(ctx: MessageContext, turn: int, text: str) -> list[_Unit]:
    """A yes to the extras the assistant's last message proposed, without the parts declined."""
    extras = proposed_extras(text)
    if not extras:
        return []
    subs = [(o, c) for o, c in _sub_clauses(ctx) if not ctx.asking(o)]
    if not subs:
        return []
    taken: list[str] = []
    for x in extras:
        parts = [p.strip() for p in _PARTS.split(x) if p and p.strip()]
        named = [(c, p) for _, c in subs for p in parts if _shares(c, p)]
        if named:  # "皮带换一下，送货不用了", "上下午各一次茶歇，午餐要的"
            kept = [p for p in parts if any(q == p for c, q in named if not _DECLINES.search(c))
                    and not any(q == p for c, q in named if _DECLINES.search(c))]
            if kept:
                taken.append(x if len(kept) == len(parts) else "、".join(kept) if _CJK.search(x) else " and ".join(kept))
        elif len(extras) == 1 and _YES.match(subs[0][1]) and not _DECLINES.search(subs[0][1]):
            taken.append(x)  # "yes pls", 要的
    return [FactUnit(key=f"extra_t{turn}" + (f"_{n}" if n else ""), name="extra", value=x[:60], stressed=ctx.stressed)
            for n, x in enumerate(taken)]


#: (missen21) a question that asks yes or no about one thing: "are you claiming on insurance?", "Would you like to
#: start with a taster day?"; the thing is the words after it (a question with "or" offers two)
_YES_NO_EN = re.compile(r"\b(?:would|do|does|did|are|is|will|shall|should|can|could|have|has)\s+(?:you|she|he|they)\b"
                        r"(?P<x>[^?.!]{2,80})\?", re.I)
#: (missen21) a yes/no question that offers two things, or asks leave to go on ("go ahead with a site visit"): no thing
_TWO_OR_GO = re.compile(r"\bor\b|\b(?:go ahead|proceed|book|confirm|arrange|schedule)\b", re.I)
_YES_AT_END = re.compile(r"\b(?:yes|yeah|yep)\W*$", re.I)
#: (fix23) a clause that answers no: a yes said after it ("not really, yes the fireplace was used last winter") only
#: qualifies the no and picks nothing
_NO_FIRST = re.compile(r"^\W*(?:no|nope|nah|not really|not often|not usually|not much)\b", re.I)
_ARTICLE = re.compile(r"^(?:the|a|an)\s+", re.I)
#: (missen21) a word that leads the thing repeated: an article, a number, a sum ("the £7,500 grant")
_LEAD = re.compile(r"the|a|an|[£$€]?\d[\d,.]*", re.I)


def _yes_echo(ctx: MessageContext, turn: int, text: str) -> list[_Unit]:
    """(missen21) A yes to the one thing the assistant's yes/no question names, in the user's words that repeat it
    ("are you claiming on insurance?" - "yes insurance, admiral"; "Do you get winter fuel payment?" - "i get winter
    fuel payment yes"), when no extra the question proposes was taken: from the words right after the yes (two before
    the first repeated at most; else a number or article before it) to the last word it repeats, an article dropped.
    A question of the assistant's own act ("Shall I add it?"), of two things or of going ahead names no thing."""
    if ctx.lang != "en":
        return []
    asked = [m.group("x") for m in _YES_NO_EN.finditer(text) if not _TWO_OR_GO.search(m.group("x"))]
    if len(asked) != 1:
        return []
    words = _words(asked[0], "en")
    held = [str(u.value).casefold() for u in ctx.units_of(FactUnit)]
    for offset, clause in _sub_clauses(ctx):
        if _NO_FIRST.match(clause):
            return []
        if ctx.asking(offset) or _DECLINES.search(clause) or not (_YES.match(clause) or _YES_AT_END.search(clause)):
            continue
        value = _echoed_thing(clause, words)
        if value and not any(value.casefold() in h for h in held):
            return [FactUnit(key=f"extra_t{turn}", name="extra", value=value[:60], stressed=ctx.stressed)]
    return []


def _echoed_thing(clause: str, words: set[str]) -> str:
    """The clause's words from its start after a yes (two words before the first repeated at most) or from the first
    of ``words`` it repeats, to the last it repeats.

    >>> (_echoed_thing("yes the £7,500 grant if it applies", {"grant", "scheme"}),
    ...  _echoed_thing("i get winter fuel payment yes", {"winter", "fuel", "payment"}))
    ('£7,500 grant', 'winter fuel payment')
    >>> _echoed_thing("Yes a taster would be good", {"taster", "day"}), _echoed_thing("yes", {"taster"})
    ('taster', '')
    """
    tokens = list(re.finditer(r"[£$€]?[\w',.-]*\w", clause))
    hits = [n for n, t in enumerate(tokens) if _words(t.group(0), "en") & words]
    if not hits:
        return ""
    yes = _YES.match(clause)
    first = next((n for n, t in enumerate(tokens) if yes and t.start() >= yes.end()), hits[0])
    if hits[0] - first > 2:
        first = hits[0]
        while first and _LEAD.fullmatch(tokens[first - 1].group(0)):
            first -= 1
    return _ARTICLE.sub("", clause[tokens[first].start():tokens[hits[-1]].end()])


#: (en22) the most words a pick said in the assistant's own words holds ("dry foam", "full strip-down", "with the coating")
MAX_ECHO_WORDS = 3
#: (en22) the fillers of a pick in the assistant's words beside :data:`_SAID_TAIL_EN`: "i think", "definitely", "i guess"
#: (user34) and the idiom that settles it, "Premium it is."
_ECHO_TAIL = re.compile(r"(?:[\s,.!]*\b(?:i think|i guess|definitely|is better|is best|is good|is perfect|would be (?:good|great|best|ideal)|it is))+\W*$", re.I)
_ECHO_WORD = re.compile(r"[a-z0-9]+(?:[',.][a-z0-9]+)*")
#: (en22) words that name no thing of an offer: a quantifier ("both", "all"), a pronoun of the assistant's act ("add it"),
#: a day or time (the slot steps read those: "kirkstall tomorrow", "20-21 june")
_NOT_ECHOED = re.compile(r"\b(?:both|all|any|either|none|each|it|them|this|that|today|tomorrow|tonight|(?:mon|tues|wednes|thurs|fri|satur|sun)day"
                         r"|jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|august|september"
                         r"|october|november|december|am|pm|morning|afternoon|evening)\b|\d[-:]\d|\b[a-z]+\d\w*", re.I)
#: (fix24) a pleasantry said back ("Hello there! Welcome ..." - "hello there"; "Thanks for waiting." - "thanks for
#: waiting"): the assistant's words repeated, nothing picked
#: (user34) a clause that is only an interjection ("Oh.", "Ah ok", "Hmm"): the reply opens after it
_INTERJECTION = re.compile(r"^\W*(?:(?:oh|ah|ahh|hmm+|um+|ok(?:ay)?|right|i see|ugh|damn|argh|shame)\W*)+$", re.I)
_PLEASANTRY = re.compile(r"^\W*(?:hi|hello|hey|good (?:morning|afternoon|evening|day)|thanks?|thank you|cheers|welcome|bye|goodbye)\b", re.I)


def _folded(text: str) -> str:
    """Lower case, a hyphen as a space ("Mains-fed" - "mains fed")."""
    return re.sub(r"[-_/]", " ", text.casefold())


#: the opening of a yes/no question about the thing the assistant names, up to the words ("Is it a ", "Are they ")
_YES_NO_ABOUT = re.compile(r"(?:^|[.!?]\s+)(?:and\s+|so\s+)?(?:is|are|was|were)\s+(?:it|they|this|that|these|those)\s+"
                           r"(?:an?\s+|the\s+)?$", re.I)


def _said_as_such(words: list[str], text: str) -> bool:
    """``text`` says ``words`` in that order, not as part of a name (beside another capitalised word: "FixPoint
    Broadway", "Raj Patel": the entity steps read names) nor as the assistant's own act ("Shall I switch?").

    >>> _said_as_such(["dry", "foam"], "A dry-foam clean is £85."), _said_as_such(["raj"], "It is Raj Patel or Gareth.")
    (True, False)
    >>> _said_as_such(["full", "strip", "down"], "from the Basic at £35 up to the Full strip-down at £120")
    True
    """
    at = re.search(r"(?<![\w,.'])" + r"[\s_/-]+".join(re.escape(w) for w in words) + r"(?![\w'])", text, re.I)
    if not at:
        return False
    if re.search(r"\b(?:shall|should|can|could|may)\s+(?:i|we)\s+$", text[:at.start()], re.I):
        return False  # the assistant's own act ("Shall I switch?"): a yes to it is no thing picked
    if _YES_NO_ABOUT.search(text[:at.start()]) and re.match(r"[^.!?]*\?", text[at.end():]):
        return False  # "Is it a wooden deck, …?": the question's slot (the asked step: deck: wooden), no offer
    beside = re.findall(r"(\S+)\s*$", text[:at.start()])[-1:] + re.findall(r"^\s*(\S+)", text[at.end():])[:1]
    return not text[at.start()].isupper() or not any(w[0].isupper() and w[-1].isalnum() for w in beside)


def _echo_pick(ctx: MessageContext, turn: int, text: str) -> list[_Unit]:
    """(en22) A pick the user says in the assistant's own words when no option list was read from its message (options
    in separate sentences, a range "from X up to Y", one option said alone): a clause of the reply of at most
    :data:`MAX_ECHO_WORDS` words, fillers ("then", "please", "i think") cut, whose words the assistant's last message
    says in that order, that opens the reply; not a clause that asks, declines or supposes, nor words a fact of this
    message holds. A later clause that declines the words ("ok forget on site") takes the pick back (:func:`_echo_dropped`).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "assistant", "content": "Our services go from the Basic check at £35 up to the Full strip-down at £120."},
    ...                 {"role": "user", "content": "full strip-down i think, it hasnt been done in years"}])
    >>> [f.value for f in t.state().facts if f.name == "choice"]
    ['full strip-down']
    """
    if ctx.lang == "zh":
        return _echo_pick_zh(ctx, turn, text)
    if ctx.lang != "en":
        return []
    if ctx.correcting:
        return []  # "delivery, ... Actually no, I'll pick it up": the pick the message takes back
    held = [str(u.value).casefold() for u in ctx.units_of(FactUnit)]
    if put_off_until(ctx.text, ctx.lang):
        return []  # "full block sounds good but I need to sleep on it": put off, no pick
    subs = _sub_clauses(ctx)
    while len(subs) > 1 and _INTERJECTION.match(subs[0][1]):
        subs = subs[1:]  # (user34) "Oh. Then Anytime it is.": a bare interjection opens no reply of its own
    for offset, clause in subs[:1]:  # the pick opens the reply: an answer to the offer
        if ctx.asking(offset) or _DECLINES.search(clause) or _SUPPOSES.search(clause) or _ASKS_CLAUSE.match(clause) \
                or _PLEASANTRY.match(clause):
            continue
        core = _echo_core(clause, text)
        if core and not any(core.casefold() in h for h in held):
            core = _echo_now(ctx, offset, text) or core
            key = _repicked(ctx.graph, _ECHO_WORD.findall(_folded(core)), turn) or f"choice_t{turn}"
            return [FactUnit(key=key, name="choice", value=core, correction=ctx.correcting, stressed=ctx.stressed)]
    return []


def _echo_core(clause: str, text: str) -> str:
    """(en22) The words of ``clause`` that pick by the assistant's own words in ``text``, fillers cut ("" for none)."""
    core = _ECHO_TAIL.sub("", _SAID_TAIL_EN.sub("", _SAID_HEAD_EN.sub("", clause.strip())))
    core = _ECHO_TAIL.sub("", core).strip(" ,.!")
    words = _ECHO_WORD.findall(_folded(core))
    if not 0 < len(words) <= MAX_ECHO_WORDS or not _words(core, "en") or _NOT_ECHOED.search(core):
        return ""
    return core if _said_as_such(words, text) else ""


#: (prec30) a later clause that says its option is the one for now or in place of the first ("so stage 1 for now")
_NOW_EN = re.compile(r"\b(?:for now|instead)\b", re.I)


def _echo_now(ctx: MessageContext, after: int, text: str) -> str:
    """(prec30) The pick of a later clause of the reply that takes another of the assistant's words for now or instead
    ("stage 2 but i dont have the downpipe yet lol. so stage 1 for now": stage 1), "" for none.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "assistant", "content": "Stage 1 is £399. Stage 2 is £549 and needs a downpipe."},
    ...                 {"role": "user", "content": "stage 2 but i dont have the downpipe yet. so stage 1 for now"}])
    >>> [f.value for f in t.state().facts if f.name == "choice"]
    ['stage 1']
    """
    for offset, clause in _sub_clauses(ctx):
        if offset > after and _NOW_EN.search(clause) and not (_DECLINES.search(clause) or ctx.asking(offset)):
            core = _echo_core(_NOW_EN.sub("", clause), text)
            if core:
                return core
    return ""


#: (user34) how many turns back an earlier pick's list may be for a pick of another of its options to replace it
REPICK_TURNS = 6


def _repicked(G, words: list[str], turn: int) -> str | None:
    """(user34) The key of the latest current pick, made at most :data:`REPICK_TURNS` turns back, whose offer also said
    ``words``: the user now picks another option of that list ("Off-Peak please" … "Off-peak ends at 4pm, so evenings
    need Anytime." - "Oh. Then Anytime it is."), which replaces the first pick; None when no such pick stands."""
    picks = sorted((f for k, f in G.graph["current_fact"].items() if k.startswith("choice_t")), key=lambda f: int(f[1:]))
    for fid in reversed(picks):
        key = str(G.nodes[fid]["key"])
        picked_at = key[len("choice_t"):]
        if not picked_at.isdigit() or turn - int(picked_at) > REPICK_TURNS:
            continue
        said = _folded(str(G.nodes[fid]["value"]).split(" (")[0]).strip()
        if said and " ".join(words) not in said and _listed_with(_folded(_picked_from(G, fid)), said, words):
            return key
    return None


def _listed_with(offer: str, old: str, words: list[str]) -> bool:
    """(user34) Whether the (folded) ``offer`` lists ``words`` beside the option ``old`` in one sentence, joined by "or" /
    "and" with no comma inside the later piece: "off peak at £19 a month and anytime at £29" lists anytime beside off peak;
    "mr osei … or ms clarke …, both online" lists no "online" (a remark said of both).

    >>> _listed_with("we have off peak at £19 a month and anytime at £29 a month.", "off peak", ["anytime"])
    True
    >>> _listed_with("mr osei on mondays at 6pm or ms clarke on wednesdays at 7pm, both online.", "mr osei", ["online"])
    False
    """
    new = r"[\s_/-]+".join(re.escape(w) for w in words)
    old_rx = re.escape(old)
    return bool(re.search(rf"\b{old_rx}\b[^.!?;]*?\b(?:or|and)\b[^.!?,;]*?\b{new}\b", offer)
                or re.search(rf"\b{new}\b[^.!?,;]*?\b(?:or|and)\b[^.!?;]*?\b{old_rx}\b", offer))


#: (lead21c) the longest pick said in the assistant's words in Chinese (characters)
MAX_ECHO_CHARS_ZH = 8
#: (lead21c) the assistant's clauses, each with the mark that ends it; a clause that asks yes or no
_ZH_PIECES = re.compile(r"[^，。！？,;；!?]+[，。！？,;；!?]?")
_ZH_YES_NO = re.compile(r"吗|么|有没有|是不是|能不能|要不要|可不可以|行不行|好不好")
#: (lead21c) a word around the thing that takes it (那就, 要, 选, 吧, 就行, 可以)
_PICK_MARK_ZH = re.compile(r"[那就要选订定用来报约吧]|就行|就好|可以|好了")


def _echo_pick_zh(ctx: MessageContext, turn: int, text: str) -> list[_Unit]:
    """(lead21c) :func:`_echo_pick` in Chinese: the reply opens with words the assistant's last message says as they
    are ("白色目前缺货，黑色有货，可以吗？" - "那就黑色吧"), fillers (那就, 要, 吧, 就行) cut, two to
    :data:`MAX_ECHO_CHARS_ZH` characters naming a thing (not only closed-class characters: "没问题", "可以") with a word
    that takes it around them ("拼车就行", "线下吧"); not a clause that asks or declines, nor the words of a yes/no question
    ("确认修改吗？" - "确认"), nor words a fact of this message holds (a day, a clock: the facts').

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "assistant", "content": "好的，白色目前缺货，黑色有货，可以吗？"},
    ...                 {"role": "user", "content": "那就黑色吧"}])
    >>> [f.value for f in t.state().facts if f.name == "choice"]
    ['黑色']
    """
    if put_off_until(ctx.text, ctx.lang) or _ASKS_PREFERENCE.search(text):
        return []  # "包装有袋装和瓶装，您有偏好吗？" - "袋装吧": a preference kept as a rule (cons7), the constraints step's
    held = [str(u.value) for u in ctx.units_of(FactUnit)]
    G = ctx.graph
    subs = _sub_clauses(ctx)
    back = OPENING_TAKE_BACK_ZH.match(subs[0][1]) if subs else None
    if back and not subs[0][1][back.end():].strip(" ，,。"):
        subs = subs[1:]  # "算了 还是九价吧": the take-back said alone, then the pick
    for offset, clause in subs[:1]:
        back = back or OPENING_TAKE_BACK_ZH.match(clause)
        clause = OPENING_TAKE_BACK_ZH.sub("", clause)  # "算了 还是九价吧": the take-back is the change, not a decline
        # the picks standing, read only for a take-back (a scan of the current facts on every reply otherwise)
        picks = sorted((f for k, f in G.graph["current_fact"].items() if k.startswith("choice_t")),
                       key=lambda f: int(f[1:])) if back else []
        if ctx.asking(offset) or _DECLINES.search(clause) or _ASKS_CLAUSE.match(clause) or (ctx.correcting and not back):
            continue
        head = _SAID_HEAD_ZH.match(clause.strip()).group(0)
        core = _SAID_TAIL_ZH.sub("", clause.strip()[len(head):])
        if not _PICK_MARK_ZH.search(head) and not _PICK_MARK_ZH.search(clause.strip()[len(head) + len(core):]):
            continue  # no word that takes ("那就", "要", "吧", "就行"): "老师 试托咋样" calls, "提货 成都市…" labels
        if not 2 <= len(core) <= MAX_ECHO_CHARS_ZH or not _CJK.search(core) or all(ch in _ZH_CLOSED for ch in core) \
                or core not in text + _picked_from(G, picks[-1] if back and picks else None) \
                or any(core in h or h in core for h in held if h):
            continue
        if any(core in c and (_ZH_YES_NO.search(c) or c.endswith(("？", "?"))) for c in _ZH_PIECES.findall(text)):
            continue  # the words of a yes/no question ("确认修改吗？" - "确认", "您能接受吗？" - "能接受"): a yes, no pick
        key = G.nodes[picks[-1]]["key"] if back and picks else f"choice_t{turn}"  # taken back: the last pick changes
        return [FactUnit(key=key, name="choice", value=core, correction=bool(back), stressed=ctx.stressed)]
    return []


def _picked_from(G, fid: str | None) -> str:
    """(lead21c) The text of the assistant's message a pick answered ("choice_t4": turn 4), "" for none: a pick taken
    back ("算了 还是九价吧") may name another thing of that message."""
    if fid is None:
        return ""
    turn = str(G.nodes[fid]["key"])[len("choice_t"):]
    node = G.nodes.get(f"t{turn}") if turn.isdigit() else None
    return f" {node.get('text') or ''}" if node else ""


#: (prec30) a clause that is only "no <things>" ("No bulbs then", "no spotlights after all"): none of them at all
_NONE_OF = re.compile(r"\W*(?:ok(?:ay)?\W+)?(?:no|nah)\s+(?:more\s+)?(?P<x>[a-z]+(?:\s+[a-z]+)??)"
                      r"(?:\s+(?:then|now|after all|at all|needed|thanks|please|pls))*\W*")


def _echo_dropped(ctx: MessageContext) -> list[_Unit]:
    """(en22) A pick in the assistant's words (:func:`_echo_pick`) that a later clause of the user's declines by its
    words ("on site" - "ok forget on site, off-site is fine"): taken back."""
    if ctx.lang != "en":
        return []
    G = ctx.graph
    picks = [(f, G.nodes[f]["value"]) for k, f in G.graph["current_fact"].items() if k.startswith("choice_t")]
    out: list[_Unit] = []
    for fid, value in picks:
        words = _ECHO_WORD.findall(_folded(str(value)))
        if not 0 < len(words) <= MAX_ECHO_WORDS:
            continue
        if len(words) > 1 and words[0].isdigit() and len(words[1]) >= 3 and any(
                _NONE_OF.fullmatch(_folded(c), 0) and _NONE_OF.fullmatch(_folded(c)).group("x") == " ".join(words[1:])
                for _, c in _sub_clauses(ctx)):
            out.append(RetractUnit(fact=fid))  # (prec30) a counted pick declined by its noun alone ("10 bulbs" - "No bulbs then")
            continue
        near = re.compile(r"\b" + r"\s+".join(map(re.escape, words)) + r"\b")
        if any(_DECLINES.search(c) and near.search(_folded(c)) for _, c in _sub_clauses(ctx)):
            out.append(RetractUnit(fact=fid))
    return out


def _shares(clause: str, part: str) -> bool:
    """The clause names ``part``: two Chinese characters of it, or a content word."""
    if _CJK.search(part):
        return any(part[i:i + 2] in clause and content_words(part[i:i + 2], "zh") for i in range(len(part) - 1))
    return bool(_words(part, "en") & _words(clause, "en"))


def _not_an_extra(picks: list[_Unit], extras: list[_Unit]) -> list[_Unit]:
    """(fix24) The picks whose value no extra of the same message holds: a yes to a yes/no question about one thing
    ("Are you claiming on insurance?" - "yes insurance") is the extra, not a choice too.

    >>> _not_an_extra([FactUnit(key="choice_t0", name="choice", value="insurance")],
    ...               [FactUnit(key="extra_t0", name="extra", value="insurance")])
    []
    """
    held = {str(u.value).casefold() for u in extras if isinstance(u, FactUnit)}
    return [u for u in picks if not (isinstance(u, FactUnit) and str(u.value).casefold() in held)]


@step("choose", roles=("user",))
def choose(ctx: MessageContext) -> list[_Unit]:
    """The option the user picks from the assistant's last message (none when a step before made a choice or accepted
    an offer), the extras accepted, and several items of one list taken together (:func:`several.several`)."""
    said = _last_assistant(ctx)
    if said is None:
        return []
    made = [u for u in ctx.units_of(FactUnit) if u.name == "choice"]
    out = [] if made or any(u.decision == "accepted" for u in ctx.units_of(DecisionUnit)) else \
        _picked(ctx, *said) or _the_recommended(ctx, *said) or _the_offered(ctx, *said) or _echo_pick(ctx, *said)
    extras = _extras(ctx, *said) or _yes_echo(ctx, *said)
    out = _not_an_extra(out, extras)
    # (picks17) several items of one list taken in one clause ("硬件要一体机扫码枪小票机"): a tie for the one-pick readers
    return out + _echo_dropped(ctx) + extras + several(ctx, *said, subs=_sub_clauses(ctx), declines=_DECLINES, made=made + out)


# the assistant recommends one thing: "I'd recommend the Lakeside route, ...", 推荐您买家庭畅玩票，...
_RECOMMENDS_EN = re.compile(r"\b(?:i'?d|i would|we'?d|we would|i|we)\s+(?:(?:really|strongly|personally)\s+)?(?:recommend|suggest)\s+"
                            r"(?:going with\s+|booking\s+|getting\s+|taking\s+)?(?P<x>(?:the|our|a|an)\s+[^,.;:!?()]{3,50}?)"
                            r"(?=\s*(?:[,.;:!?(]|\s-\s|\b(?:because|for|as|since|which|if|so|it'?s)\b|$))", re.I)
_RECOMMENDS_ZH = re.compile(r"(?:(?:推荐|建议)(?:您|你)(?:选|买|订|用|办|报|选择|预订|试试|上|约|做|报名|参加)?|适合(?:您|你)的是)"
                            r"(?P<x>[^，,。！!？?；;：:（(]{2,12})(?=[，,。！!？?；;（(]|$)")
# the user takes the recommended one: "that one", "sounds perfect", 就这个, 按你推荐的
_THAT_ONE = re.compile(r"\b(?:that|this|your) one\b|\bthat sounds\b|\bgo (?:with|for) (?:that|it|your (?:suggestion|recommendation))\b"
                       r"|\b(?:your|the) (?:recommendation|suggestion)\b|\bwhat you (?:recommend|suggest)\w*\b"
                       r"|(?:那就|就)(?:这个|那个|它)|这个吧|那个吧|按你(?:说|推荐|建议)的|听你的|按您(?:说|推荐|建议)的|听您的")
# a recommendation of an errand or a step, no thing to pick ("建议您先拍照留证", "I'd suggest calling them")
_NOT_A_THING = re.compile(r"^(?:先|再|去|等|把|在|尽快|及时|直接|提前|到|带|做好|联系|咨询|考虑|注意|保留|不要|别|多)", re.I)


def recommended(text: str) -> str | None:
    """The one thing the assistant's message recommends, or None (none, or more than one).

    >>> recommended("For a first-timer I'd recommend the Lakeside route, it's flat and 12km. The Ridge route is 25km.")
    'the Lakeside route'
    >>> recommended("推荐您买家庭畅玩票，两大一小198元，含防滑袜。"), recommended("建议您先拍照留证。")
    ('家庭畅玩票', None)
    """
    found = [m.group("x").strip() for rx in (_RECOMMENDS_EN, _RECOMMENDS_ZH) for m in rx.finditer(text)]
    found = [x for x in found if not _NOT_A_THING.match(x)]
    return found[0] if len(set(found)) == 1 else None


def _the_recommended(ctx: MessageContext, turn: int, text: str) -> list[_Unit]:
    """"that one sounds perfect" / 那就这个吧 / 就按你推荐的来 after the assistant recommended one thing: that thing."""
    thing = recommended(text)
    if thing is None:
        return []
    fact = [FactUnit(key=f"choice_t{turn}", name="choice", value=cut_at_boundary(thing, MAX_VALUE_CHARS), stressed=ctx.stressed)]
    subs = _sub_clauses(ctx)
    for offset, clause in subs:
        if ctx.asking(offset) or _DECLINES.search(clause) or not _THAT_ONE.search(clause):
            continue
        return fact
    # the one thing recommended, then a yes-or-no question ("Does that work?", 您看可以吗？, 给您约上？): a plain yes takes it
    if subs and _proposes(text) and _YES.match(subs[0][1]) and not any(
            ctx.asking(o) or _DECLINES.search(c) or _HEDGES.search(c) for o, c in subs):
        return fact
    return []


# (picks17) one thing the assistant offers: after 可以 / 也可以 ("也可以免费上门取车", "可以按季度交"), or as a condition
# before 的话 ("签年度框架协议的话费率18%")
_OFFERED_ZH = re.compile(r"(?:也可以|可以)(?P<x>[^，,。！!？?；;：:]{2,14})|(?:^|[，,。！!？?；;：:])(?P<y>[^，,。！!？?；;：:]{2,14}?)的话")
# (picks17) en: after "you can" / "we can also" ("but you can split it into two payments of £31")
_OFFERED_EN = re.compile(r"\b(?:you|we) (?:can|could) (?:also )?(?P<x>[^,.;:!?]{3,60})", re.I)
# (picks17) the user takes it up: 吧, or 那就 / 就 before it ("上门取吧", "那就按季度"); "then", "please" ("two payments then")
_TAKES_UP = re.compile(r"吧\W*$|^\W*(?:那|那就|就|那我们|那我)|\b(?:then|please|pls|plz|let'?s)\b", re.I)
#: a clause that takes up an offered thing is short: at most this many characters
MAX_TAKE_UP_CHARS = 14
#: (picks17) en: at most this many words, and the offer's content words it must repeat: two, or one this long
MAX_TAKE_UP_WORDS, LONG_WORD = 8, 7


def _the_offered(ctx: MessageContext, turn: int, text: str) -> list[_Unit]:
    """(picks17) The one thing the assistant's message offers with 可以 / 也可以 or as a condition (的话), or "you can" /
    "we can also", taken up by a short clause with 吧 / 那就 / "then" / "please" that repeats it (:func:`_repeated`): the
    user's words.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "assistant", "content": "可以按月付，每月300元。"}, {"role": "user", "content": "行 那就按月付"}])
    >>> [f.value for f in t.state().facts if f.key.startswith("choice")]
    ['按月付']
    """
    zh = ctx.lang == "zh"
    found = [(m.group("y"), m.group("x")) for m in _OFFERED_ZH.finditer(text)] if zh else \
        [(None, m.group("x")) for m in _OFFERED_EN.finditer(text)]
    # a condition's 可以 is its result ("签两年合同的话月租可以降到2800元"): the condition is the one thing offered
    offers = [y for y, _ in found if y] or [x for _, x in found if x]
    if len(offers) != 1:
        return []  # none, or two offered ("We can courier it …, or you can collect it …"): a list, no one thing
    for offset, clause in _sub_clauses(ctx):
        if (len(clause.strip()) > MAX_TAKE_UP_CHARS if zh else len(clause.split()) > MAX_TAKE_UP_WORDS) or ctx.asking(offset) \
                or asks(clause, ctx.lang) or _ASKS_CLAUSE.match(clause) or _DECLINES.search(clause) or _SUPPOSES.search(clause) \
                or not _TAKES_UP.search(clause):
            continue
        part = _repeated(clause, offers[0], zh)
        if part:
            return [FactUnit(key=f"choice_t{turn}", name="choice", value=said_words(clause, part), stressed=ctx.stressed)]
    return []


def _repeated(clause: str, offer: str, zh: bool) -> str:
    """(picks17) What ``clause`` repeats of ``offer``: three Chinese characters in a row (two not function words), or two
    content words ("collect", "home"; a plural's s cut), or one of :data:`LONG_WORD` letters; else "".

    >>> _repeated("那就按月付", "按月付，每月300元", True), _repeated("three instalments then", "split it into three instalments of £90", False)
    ('按月付', 'three instalment')
    """
    if zh:
        m = SequenceMatcher(None, clause, offer, autojunk=False).find_longest_match(0, len(clause), 0, len(offer))
        part = clause[m.a:m.a + m.size]
        return part if len(_CJK.findall(part)) >= 3 and sum(ch not in _FUNCTION for ch in part) >= 2 else ""
    shared = sorted(_words(clause, "en") & _words(offer, "en"), key=clause.casefold().find)
    return " ".join(shared) if len(shared) >= 2 or any(len(w) >= LONG_WORD for w in shared) else ""


# a yes that defers: "ok let me think", 好的我考虑一下
_HEDGES = re.compile(r"\b(?:think|check|ask|later|maybe|might|not sure|let me)\b|考虑|想想|再说|问问|商量|看看|回头|等等", re.I)


def _proposes(text: str) -> bool:
    """The message ends asking yes or no of what it proposed (a question, not "which?")."""
    return text.rstrip().endswith(("?", "？")) and not asks_which(text)
