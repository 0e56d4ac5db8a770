"""Bare answers to the assistant's question (issue 19): the slots the question names key the
values of the user's next message.

The assistant asks for values by naming their slots ("Is it an in-ground pool, and roughly how
many gallons?", "what should it say?", "方便说一下本科学校、专业、均分和语言成绩吗？", "装修方式（全包还是
半包）", "请问是哪个型号？") and the user answers bare ("in ground, about 15,000 gallons"; "会计专业，
均分86，雅思考了6.5"; "半包"; "冠能E9"). Two parts, both read the dialogue's structure, never a
domain's words:

- :func:`asked_slots` reads the assistant's last message into the slots its questions name, in
  order: the noun after a question word (what / which / how many / how much / 哪个 / 什么 /
  多少 / 几), the options of "A or B?" / "A还是B", a list of slot nouns ("学校、专业、均分"), the
  thing of a yes-no question ("Is it an X?", "是X吗"), the deed of "what should it say?".
- :func:`bind_answer` cuts the user's reply into clauses and binds them to those slots: a clause
  holding a slot's own word ("均分86") goes to that slot; one that is an option of a choice to
  it; one with a number to a "how many" slot; any other short clause to the next slot in order
  ("冠能E9" to 型号, a free phrase to "what should it say"); a clause right after a bound one in
  the same sentence continues its value ("雅思考了6.5，小分有个5.5"). Clauses another step has
  already read as a value, questions, acceptances and rejections, and (except for a free
  phrase) clauses about the speakers ("closer to my office") bind to nothing.

The step adds only what the other steps did not find; slots the packs know (a name, an address,
a date) are left to them and only keep their place in the order.

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> t.observe_many([{"role": "assistant", "content": "Is it a wooden deck, and roughly how many square metres?"},
...                 {"role": "user", "content": "wooden, about 30 square metres"}])
>>> [(f.key, f.value) for f in t.state().facts if f.status == "current"]  # the measure's own reader keys the area
[('measure_size', '30 square metres'), ('deck', 'wooden')]
"""

from __future__ import annotations

import re

from .._units import DecisionUnit, FactUnit, SelectUnit, _Unit
from .asking import _NUMBER, Asked, _demo_ctx, asked_slots  # noqa: F401  (_demo_ctx: the doctests' and tests' context)
from .context import MessageContext
from .registry import step
from .facts import _without_fillers
from .notchosen import asks
from .notvalues import mere_reply
from .problems import no_fault
from .text import HAN_SPACE, first_match, in_spans, question_sentences, sentence_spans

#: A clause of the answer longer than this (characters) is a statement of its own, not a bare value.
MAX_VALUE_CHARS = 40
#: Clauses of at most this many characters in segmented writing (Chinese) are bare values.
MAX_VALUE_CHARS_SEGMENTED = 16


# ---------------------------------------------------------------- binding the answer

_CLAUSES = re.compile(r"(?:[^,，;；。！？!?\n.]|\.(?!\s|$)|(?<=\d),(?=\d{3}))+|[。！？!?\n]|\.(?=\s|$)")
_SENTENCE_MARK = re.compile(r"^[。！？!?\n.]$")
#: words about the speakers: a clause with them says something of its own ("closer to my office")
_SPEAKERS = re.compile(r"\b(?:i|i'm|im|i've|i'd|we|we're|my|me|our|us|you|your)\b|[我您你咱]", re.I)
_LINK_EN = re.compile(r"^\s*(?:is|are|was|'s|:|=|of)\s*", re.I)
_LINK_ZH = re.compile(r"^\s*(?:是|在|为|有|:|：)\s*")
_FILLER_EDGE = " \t,.!?;:，。！？；：、\"'“”‘’"


def _norm(text: str) -> str:
    return re.sub(r"[\s\-_]+", " ", text.casefold()).strip()


def _letters(text: str) -> str:
    """Only the letters and digits, case-folded ("K56附近，绍兴段" and "K56附近绍兴段" are one value)."""
    return re.sub(r"[\W_]+", "", text.casefold())


def _word_at(ctx: MessageContext, clause: str, word: str) -> tuple[int, int] | None:
    """Where the slot's ``word`` (or, in Chinese, a two-letter part of it: 本科 of 本科学校)
    stands in ``clause``; in English its last word, whole ("gallons", "a week" of "mornings a week")."""
    if not word:
        return None
    if ctx.profile.segmented:
        if word in clause:
            i = clause.index(word)
            return i, i + len(word)
        for size in range(len(word) - 1, 1, -1):
            for s in (word[:size], word[-size:]):
                if s in clause:
                    i = clause.index(s)
                    return i, i + len(s)
        return None
    head = word.split()[0] if len(word.split()) > 1 else word
    m = re.search(rf"(?<![\w-]){re.escape(head)}(?![\w-])", clause, re.I)
    return m.span() if m else None


#: a bare number or a short code after its slot's word in English ("Grade 3", "Level 2B"): the pair is the value
_LABEL_NUMBER = re.compile(r"[A-Za-z]?\d{1,3}[A-Za-z]?")


def _value_of(ctx: MessageContext, clause: str, at: tuple[int, int]) -> str:
    """The value of a clause holding its slot's word: the rest when the word leads ("均分86" ->
    "86", "本科是南京审计大学" -> "南京审计大学"), the clause when the word ends it ("15,000 gallons",
    "会计专业")."""
    head, tail = clause[:at[0]].strip(_FILLER_EDGE), clause[at[1]:]
    if head:
        return clause.strip(_FILLER_EDGE)
    rest = (_LINK_ZH if ctx.profile.segmented else _LINK_EN).sub("", tail).strip(_FILLER_EDGE)
    if not ctx.profile.segmented and _LABEL_NUMBER.fullmatch(rest) and not _LINK_EN.match(tail):
        return clause.strip(_FILLER_EDGE)  # "Grade 3", "Level 2": the word names the number, one value as said
    return rest


def _read(ctx: MessageContext) -> list[str]:
    """Values the other steps read in this message."""
    return [u.value for u in ctx.units if isinstance(u, FactUnit) and not u.offered]


def _chosen(ctx: MessageContext) -> list[str]:
    """The values of the choose step's picks in this message (a choice with the option as said as its normal
    form): they leave the answer to be bound here as before - a choice the question names ("地板要实木还是复合？")
    under its name, the values said past it beside it ("二胡。零基础，右手受过伤")."""
    return [u.value for u in ctx.units if isinstance(u, FactUnit) and u.name == "choice" and isinstance(u.normalized, str)]


def _picked(ctx: MessageContext) -> list[str]:
    """(missen19) The values of the picks step's picks of this message held in the user's words, the alternative in
    brackets beside ("aluminium one (aluminium composite)"): the clause they were read from answers the question."""
    return [u.value for u in ctx.units if isinstance(u, FactUnit) and u.name == "choice" and u.normalized is None
            and u.value.endswith(")")]


def _unchosen(ctx: MessageContext) -> list[str]:
    """Values the other steps read in this message, less the choose step's picks (see :func:`_chosen`)."""
    chosen = _chosen(ctx)
    return [v for v in _read(ctx) if v not in chosen]


#: (user28zh) a size said in 码 or 寸 ("65寸", "42码"): said beside a name ("海信65寸的") it leaves the name to answer
_SIZE = re.compile(r"[\d一二两三四五六七八九十.]+\s?(?:英)?[寸码]$")


def _consumed(clause: str, read: list[str]) -> bool:
    """Whether ``clause`` is (mostly) a value another step read; a size is so only when it is the whole clause.

    >>> _consumed("华山医院总院", ["华山医院"]), _consumed("海信65寸的", ["65寸"]), _consumed("65寸的", ["65寸"])
    (True, False, True)
    """
    c = _letters(clause)
    return any(_letters(v) and (c in _letters(v) or (_letters(v) in c and len(_letters(v)) * 2 >= len(c)
                                                     and not (_SIZE.search(v) and len(c.replace(_letters(v), "").rstrip("的了吧啊")) >= 2)))
               for v in read)


def _holds_read(clause: str, read: list[str]) -> bool:
    """Whether ``clause`` holds a value another step read from the message.

    >>> _holds_read("开发商通知的是12月20号", ["12月20号"]), _holds_read("中海云麓", ["12月20号"])
    (True, False)
    """
    c = _letters(clause)
    return any(_letters(v) and _letters(v) in c for v in read)


#: (user31) the slots of a count of people, another step's
_HEADCOUNT_SLOTS = frozenset({"people", "adults", "children", "teens"})


def _holds_headcount(ctx: MessageContext, clause: str) -> bool:
    """(user31) Whether ``clause`` holds a count of people another step read from the message ("chocolate, for about 12
    kids": the children's count): the clause says for whom, it does not go on with the value just given.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "assistant", "content": "What flavour and size?"},
    ...                 {"role": "user", "content": "chocolate, for about 12 kids"}])
    >>> sorted((f.key, f.value) for f in t.state().facts)
    [('children', '12 kids'), ('flavour', 'chocolate')]
    """
    return any(isinstance(u, FactUnit) and not u.offered and u.slot in _HEADCOUNT_SLOTS and _letters(u.value)
               and _letters(u.value) in _letters(clause) for u in ctx.units)


#: (user32) a question for the counts of two things at once ("How many passengers and bags?"): the second thing's
#: count has no slot of its own in the question read, so a clause left over would take the first's
#: (fix31) the second thing a noun, not a question word ("How many people and what time?" asks a count and a time)
_COUNTS_TWO = re.compile(r"\bhow many [a-z]+(?: [a-z]+)? and (?:how many )?(?!(?:what|which|when|where|who|whose|how|whether)\b)[a-z]+", re.I)


def _count_by_headcount(ctx: MessageContext, asked: list[Asked], filled: dict[int, str], clause: str) -> int | None:
    """(user32) The next "how many" slot asked, when ``clause`` is a count of people another step read ("How many
    passengers and bags?" - "2 people, 3 big suitcases"; only where two things' counts are asked, not "几个人参加？" -
    "两个孩子 一个10岁一个13岁", where the clause after still says who comes): the headcount answers it, so the clause after has no
    place left to take (the suitcases are no passengers; the counts step keeps them under their own noun).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "assistant", "content": "How many passengers and bags?"},
    ...                 {"role": "user", "content": "2 people, 3 big suitcases"}])
    >>> [(f.key, f.value) for f in t.state().facts]
    [('people', '2 people'), ('count_suitcases', '3 big suitcases')]
    """
    if not _holds_headcount(ctx, clause) or not _COUNTS_TWO.search(ctx.assistant_before or ""):
        return None
    nxt = next((i for i, a in enumerate(asked) if i not in filled and a.kind != "ask"), None)
    return nxt if nxt is not None and asked[nxt].kind == "count" else None


def _opens_with_read(clause: str, read: list[str]) -> bool:
    """(redo13) Whether ``clause`` opens with a value another step read from the message (or is one): a reply that
    gives the values other readers keep, not a thing named.

    >>> _opens_with_read("Wednesday by 14:15 for 6 people", ["Wednesday", "14:15"]), _opens_with_read("最好45岁以内", ["45岁"])
    (True, False)
    """
    c = _letters(clause)
    return any(_letters(v) and (c.startswith(_letters(v)) or c in _letters(v)) for v in read)


def _answer_clauses(ctx: MessageContext, text: str):
    """(start, end, raw) of the reply's clauses and sentence marks; in segmented writing a space
    between two Chinese words parts two values too ("华山医院总院 皮肤科 专家号")."""
    for m in _CLAUSES.finditer(text):
        if ctx.profile.segmented and not _SENTENCE_MARK.match(m.group(0)):
            pos = m.start()
            for gap in HAN_SPACE.finditer(m.group(0)):
                yield pos, m.start() + gap.start(), text[pos:m.start() + gap.start()]
                pos = m.start() + gap.end()
            yield pos, m.end(), text[pos:m.end()]
        else:
            yield m.start(), m.end(), m.group(0)


#: words that say yes to a yes-no question, and no; (user32zh) a yes word is no yes where it opens a word: "对方全责"
#: (the other side), "好像", "行李", "是否"
_YES = {"en": re.compile(r"^\W*(?:yes|yeah|yep|yup|yea|ya|sure|definitely|absolutely|of course|correct|please|pls|plz|"
                         r"we do|i do|we will|i will|it does|it is|they do|there is|there are|yes please)\b[\s,.!:;-]*", re.I),
        "zh": re.compile(r"^\W*(?:是的|对的|对(?![方面于象比接应账])|是(?!否)|嗯+|好的|好(?![像多几久些])|行(?![李程驶])|可以|当然"
                         r"|要的|有的|需要的)[\s,，.。!！~、]*")}
_NO = re.compile(r"^\W*(?:no|nope|nah|not|none|never|don'?t|no need|no thanks)\b|^\W*(?:不|没|别|无|免|暂时不)", re.I)
#: what is said around a value, not the value ("pls", "吧", "the … one")
_AROUND_EN = re.compile(r"^(?:the|a|an)\s+|\s+(?:ones?|please|pls|plz|thanks|thank you|then|for me|for us)$", re.I)
_AROUND_ZH = re.compile(r"^(?:那就|就要|就|那|要|选)|(?:的|吧|了|呀|啊|哈|哦|呢)+$")
#: a clause that declines or complains about what it names is no pick ("not the oak", "太贵了")
_NOT_PICK = re.compile(r"\b(?:not|no|never|too)\b|n't\b|不|别|太|没", re.I)


#: (prec18) a clause of thanks after a yes is no value ("要的要的 谢谢啊", "yes please, thanks so much"); the English
#: words end at a word's end ("ta", not "take"), the Chinese ones need not ("谢谢啊")
_THANKS = re.compile(r"^\W*(?:(?:thanks|thank you|cheers|ta)\b|谢谢|多谢|感谢|辛苦|麻烦了)", re.I)


def _only_yes(clause: str, verb: str, lang: str, word: str = "") -> str:
    """(prec18) What a reply opening with the question's ``verb`` says past it, with the verb, the yes words and the
    question's own ``word`` said again taken off ("要的要的": nothing; "能接受" to "您能接受吗": nothing; "要，专票":
    "，专票").

    >>> _only_yes("要的要的", "要", "zh"), _only_yes("能接受", "能", "zh", "接受"), _only_yes("要，专票", "要", "zh")
    ('', '', '，专票')
    >>> _only_yes("有只狗", "有", "zh")
    '只狗'
    """
    rest, prev = clause[len(verb):], None
    while rest != prev:
        prev = rest
        rest = _YES[lang].sub("", rest.lstrip("的了啊呀哈")) if rest[:1] in "的了啊呀哈" or _YES[lang].match(rest) else rest
        for said in (verb, word):
            if said and rest.startswith(said):
                rest = rest[len(said):]
    return rest


def _core(ctx: MessageContext, clause: str) -> str:
    """A reply clause without what is said around its value ("evening one" -> "evening", "女的吧" -> "女")."""
    rx = _AROUND_ZH if ctx.profile.segmented else _AROUND_EN
    prev = None
    core = clause.strip(_FILLER_EDGE)
    while prev != core:
        prev, core = core, rx.sub("", core).strip(_FILLER_EDGE)
    return core


def _units_of(ctx: MessageContext, text: str) -> list[str]:
    """Words (spaced writing) or letters (segmented writing) of ``text``, case-folded."""
    return list(_norm(text)) if ctx.profile.segmented else _norm(text).split()


def _distinct(ctx: MessageContext, options: tuple[str, ...]) -> list[str]:
    """What sets each option apart: the option less what all of them start and end with
    ("公猫", "母猫" -> "公", "母"; "the oak frame", "the walnut frame" -> "oak", "walnut")."""
    parts = [_units_of(ctx, o) for o in options]
    if len(parts) < 2 or not all(parts):
        return ["" for _ in options]
    head = 0
    while all(len(p) > head for p in parts) and len({p[head] for p in parts}) == 1:
        head += 1
    tail = 0
    while all(len(p) > head + tail for p in parts) and len({p[-1 - tail] for p in parts}) == 1:
        tail += 1
    sep = "" if ctx.profile.segmented else " "
    return [sep.join(p[head:len(p) - tail]) for p in parts]


def _option_by_part(ctx: MessageContext, clause: str, options: tuple[str, ...]) -> int | None:
    """The one option whose distinctive part the clause says, said alone ("母的" for 公猫 / 母猫,
    "evening one" for the Tuesday morning / Thursday evening group, "铁的" for 铁盒装 / 纸盒装)."""
    core = _norm(_core(ctx, clause))
    if not core or _NOT_PICK.search(clause) or len(core) > MAX_VALUE_CHARS:
        return None
    hits = []
    for i, part in enumerate(_distinct(ctx, options)):
        if not part:
            continue
        if ctx.profile.segmented:
            ok = core in part or (part in core and len(core) <= len(part) + 2)
        else:
            ok = re.search(rf"(?<!\w){re.escape(core)}(?!\w)", part) is not None or (
                re.search(rf"(?<!\w){re.escape(part)}(?!\w)", core) is not None and len(core.split()) <= len(part.split()) + 2)
        if ok:
            hits.append(i)
    return hits[0] if len(hits) == 1 else None


_EN_OPTION_LEAD = re.compile(r"^(?:(?:it|them|one|you)\s+)?(?:(?:after|for|with|in|on|at|as)\s+)?(?:the|a|an)\s+", re.I)


def _option_value(ctx: MessageContext, option: str) -> str:
    """An option as a value: without the verb or the words the question led it with ("找男琴师" ->
    "男琴师", "it in the oak frame" -> "oak frame")."""
    if not ctx.profile.segmented:
        return _EN_OPTION_LEAD.sub("", option.strip()) or option
    tokens = list(ctx.profile.doc(option, ctx.en_models))
    while len(tokens) > 1 and tokens[0].tag_.startswith("v") and tokens[0].tag_ != "vn":
        tokens = tokens[1:]
    return "".join(t.text for t in tokens)


def _bind_yes(ctx: MessageContext, asked: list[Asked], filled: dict[int, str], spans: list[tuple[int, int]]) -> None:
    """Bind the yes-no questions of any verb (``ask``) to the sentences of the reply that say yes
    with a value, in order: "要，专票" (需要开发票吗), "有只狗，很乖的" (家里有宠物吗), "yeah a border
    collie" (Do you have any pets?), "yes a small one at the back" (Any conservatory?: "a small
    conservatory at the back"). A sentence that says no fills its question with nothing. The
    sentences taken go into ``spans``."""
    text = ctx.text
    lang = "zh" if ctx.profile.segmented else "en"
    limit = MAX_VALUE_CHARS_SEGMENTED if ctx.profile.segmented else MAX_VALUE_CHARS
    read = _read(ctx)
    for lo, hi in sentence_spans(text):
        i = next((n for n, a in enumerate(asked) if a.kind == "ask" and n not in filled), None)
        if i is None:
            return
        a = asked[i]
        sentence = text[lo:hi]
        if not sentence.strip(_FILLER_EDGE):
            continue
        if in_spans(lo + len(sentence) - len(sentence.lstrip()), ctx.taken_back):
            return  # "delivery, 22 Larch Court. Actually no, I'll pick it up": said and taken back
        if _NO.match(sentence) or ctx.asking(lo + len(sentence) - len(sentence.lstrip())):
            if _NO.match(sentence):
                filled[i] = ""
            continue
        verb = next((v for v in sorted(a.yes, key=len, reverse=True) if sentence.lstrip(_FILLER_EDGE).startswith(v)), None)
        m = _YES[lang].match(sentence)
        named = verb is None and m is None  # (asked13) "Any pets?" - "one dog, old labrador": the thing said, no yes
        if named and _money_only(ctx, lo, hi) and not _MONEY_THING.search(a.word or ""):
            return  # (fix14c) "Any pets coming along?" - "twenty quid": an amount is no thing of a kind that is not money
        if named and not (a.exists and all(n in filled for n in range(i)) and not _asked_unnamed(ctx, asked)
                          and _names_thing(ctx, sentence, read, lo)):
            return  # the reply does not open by saying yes: no bare answer to this question
        parts: list[str] = []
        said = False  # anything said past the yes
        for n, (start, end, raw) in enumerate(c for c in _answer_clauses(ctx, sentence) if not _SENTENCE_MARK.match(c[2])):
            clause = raw.strip(_FILLER_EDGE)
            said = said or (n > 0 and bool(clause))
            if n == 0 and not named:
                if verb is not None:  # "有只狗": the verb said with its thing, the clause whole; "要，专票": the rest
                    # the question's word said again is a yes only when the sentence says nothing more ("能接受";
                    # "能坐，但站不稳" answers 能坐起来吗 with its detail)
                    alone = clause.strip(_FILLER_EDGE) == sentence.strip(_FILLER_EDGE)
                    rest = _only_yes(clause.lstrip(_FILLER_EDGE), verb, lang, a.word or "" if alone else "")
                    clause = clause if _core(ctx, rest) else ""
                else:  # "yes please, …": every word of yes off
                    prev = None
                    while prev != clause:
                        prev, clause = clause, _YES[lang].sub("", clause).strip(_FILLER_EDGE)
                    clause = _core(ctx, clause) if clause else ""
                    if clause and not ctx.profile.segmented and not _bare(ctx, clause):
                        said = True
                        break  # "yes, did that", "Yes but no poison baits anywhere the dog can reach": a clause of its own, no value
                if clause:
                    said = True
                    parts.append(clause)
                continue
            if clause and asks(clause, lang) and not ctx.asking(lo + start):
                continue  # (fix20) "需要需要，多少钱": a question with no question mark is no part of the answer
            if not clause or _SPEAKERS.search(clause) or ctx.asking(lo + start) or first_match(ctx.pack.rejects, clause) \
                    or _consumed(clause, read) or len(clause) > limit or not ctx.profile.segmented and not _bare(ctx, clause) \
                    or _THANKS.match(clause):
                break
            parts.append(_core(ctx, clause) if not parts else clause)
        value = ("，" if ctx.profile.segmented else ", ").join(p for p in parts if p)
        if not value and not said and not named and a.exists and a.had:
            value = a.word  # (asked13) "Is there a UV clarifier?" - "yeah", "家里有暖气片吗" - "有": the thing is there
        if not ctx.profile.segmented and a.word and not named:  # "a small one at the back": the one is the thing asked of
            value = re.sub(r"\bones?\b", a.word, value, count=1, flags=re.I)
        value = _without_fillers(value, ctx.pack.answer_fillers) or value
        if value and len(value) <= limit * 2:
            filled[i] = value
            spans.append((lo, hi))


#: (fix14c) the thing asked of is an amount of money ("Any budget in mind?", "有预算吗"): an amount said alone answers it
_MONEY_THING = re.compile(r"budget|price|cost|fee|deposit|charge|spend|pay|amount|预算|价|费|钱|押金|金额", re.I)


#: an amount said with its currency, in digits or words ("£20", "twenty quid", "二十块", "50元"); (fix15) a run of digits
#: is read from its start only and a run of number words at most six long, so a long message is read in linear time
_AMOUNT = re.compile(r"[£$€¥￥]\s?\d[\d,.]*k?|\b(?:(?<![\d,.])\d[\d,.]*k?|(?:(?:a|one|two|three|four|five|six|seven|eight|nine|ten|"
                     r"twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|couple of|few)[ -]?){1,6})"
                     r"\s*(?:quid|pounds?|dollars?|euros?|bucks|grand)\b"
                     r"|(?<![\d零一二两三四五六七八九十百千万])[\d零一二两三四五六七八九十百千万]+\s*(?:元|块钱?|镑)", re.I)
#: (fix15) how near an amount is said ("about 20 quid", 大概两百块左右): no thing besides it
_ABOUT = re.compile(r"\b(?:about|around|roughly|approx(?:imately)?|maybe|up to|under|less than)\b|大概|大约|差不多|左右|上下|以内", re.I)


def _money_only(ctx: MessageContext, lo: int, hi: int) -> bool:
    """The sentence at ``lo:hi`` says an amount of money and nothing else (punctuation, fillers and "about" aside).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "user", "content": "I want to book a boat trip"},
    ...                 {"role": "assistant", "content": "Any pets coming along?"}, {"role": "user", "content": "about 20 quid"}])
    >>> [f.key for f in t.state().facts if f.status == "current"]
    ['want']
    """
    money = [(x.start - lo, x.end - lo) for x in ctx.mentions if x.label == "MONEY" and lo <= x.start < hi]
    money += [x.span() for x in _AMOUNT.finditer(ctx.text[lo:hi])]
    if not money:
        return False
    said = list(ctx.text[lo:hi])
    for a, b in money:  # (fix15) each amount blanked once, not each character tested against every amount
        said[a:b] = " " * len(said[a:b])
    rest = "".join(said)
    return not re.search(r"[^\W\d_]", _ABOUT.sub(" ", _without_fillers(rest, ctx.pack.answer_fillers) or ""))


#: (fix14) a reply that hedges: neither yes nor no ("maybe", "probably", "not sure", "depends", 可能吧, 不一定, 看情况)
_HEDGE = re.compile(r"^\W*(?:maybe|perhaps|possibly|probably|might|not sure|unsure|dunno|don'?t know|depends|it depends|hopefully)\b"
                    r"|^\W*(?:可能|也许|大概|或许|不一定|不确定|说不好|说不定|不知道|看情况|待定|再说)", re.I)
#: (asked13) a clause said as a pick among offered things: "the X one" (the one offered), "X吧" (the choice put forward)
_PICK_SAID = re.compile(r"\bones?$|吧$", re.I)


def _names_thing(ctx: MessageContext, sentence: str, read: list[str], at: int = 0) -> bool:
    """(asked13) Whether a reply sentence that says no yes opens by naming a thing, as the answer to "any X?" /
    "有没有X": its first clause a bare phrase holding a value ("six koi", "两根台钓竿"), no question, no word of
    accepting or declining, no pick said as one ("the sports injury one", "女教练吧"), no value another step read
    ("next tuesday"), nor one opening with such a value: (redo13) "Did you have a day and time in mind?" - "Wednesday
    by 14:15 for 6 people" is the values the date, time and count readers keep, no thing (MultiWOZ val 0-799's one
    dialogue asked13 made worse), while "最好45岁以内，要有育婴师证" names what is asked for, the age a qualifier in it
    (:func:`_opens_with_read`); the caller binds it only to the first question left in order, and only when every question
    asked named its slot ("大概多大尺寸？有没有虫蛀？" - "宽一米左右" answers the size); ``at``: where the sentence starts in
    the message.

    >>> from ctxgraph.extract.asked import _names_thing, _demo_ctx
    >>> [_names_thing(_demo_ctx("en"), s, []) for s in ("a small rigid heddle loom, bit dusty", "how would I tell?", "I think so")]
    [True, False, False]
    >>> [_names_thing(_demo_ctx("zh"), s, []) for s in ("日式粗陶，哑光的", "加热棒是干嘛用的？", "好")]
    [True, False, False]
    """
    lead = len(sentence) - len(sentence.lstrip())
    first = next((raw.strip(_FILLER_EDGE) for _, _, raw in _answer_clauses(ctx, sentence) if not _SENTENCE_MARK.match(raw)), "")
    if not first or ctx.asking(at + lead) or re.search(r"[?？]", sentence) or _NO.match(first) or _NOT_PICK.search(first):
        return False
    if _HEDGE.match(first):
        return False  # (fix14) "maybe", "not sure yet", 可能吧, 不一定: neither yes nor no, no thing named
    if _PICK_SAID.search(first):
        return False  # "the sports injury one", "女教练吧": a pick among what was offered, the choose and rules steps' to read
    if first_match(ctx.pack.accepts, first) or first_match(ctx.pack.rejects, first) or _opens_with_read(first, read):
        return False
    limit = MAX_VALUE_CHARS_SEGMENTED if ctx.profile.segmented else MAX_VALUE_CHARS
    return len(first) <= limit and _bare(ctx, first) and _has_value(ctx, first)


def bind_answer(ctx: MessageContext, asked: list[Asked]) -> list[tuple[Asked, str]]:
    """(slot, value) pairs the user's message gives for the ``asked`` slots (see the module)."""
    text = ctx.text
    read = _unchosen(ctx)  # (picks10) choose's picks leave the answer to bind
    limit = MAX_VALUE_CHARS_SEGMENTED if ctx.profile.segmented else MAX_VALUE_CHARS
    if len(asked) == 1 and asked[0].kind == "free":  # "what should it say?": the words as they come, names and all
        said = text.strip(_FILLER_EDGE)
        ok = said and len(said) <= limit * 3 and not ctx.asked and not first_match(ctx.pack.rejects, said)
        return [(asked[0], said)] if ok else []
    # slots the packs know and another step filled from this message keep no place in the order
    got = {u.slot for u in ctx.units if isinstance(u, FactUnit) and not u.offered}
    filled: dict[int, str] = {i: "" for i, a in enumerate(asked) if a.kind == "known" and a.slot in got}
    yes_spans: list[tuple[int, int]] = []
    _bind_yes(ctx, asked, filled, yes_spans)
    by_option: set[int] = set()  # picks bound by the option they name
    extra: list[str] = []  # values said past the slots named ("叫团子，公的，三岁，布偶")
    last: int | None = None
    pack = ctx.pack
    run = True  # the clause opens its sentence or follows one that gave a value: the answer goes on
    backs = [*pack.self_corrections, *getattr(pack, "take_backs", ())]
    wants = getattr(pack, "wants", ())
    unnamed = _asked_unnamed(ctx, asked)
    for start, end, raw in _answer_clauses(ctx, text):
        if _SENTENCE_MARK.match(raw):
            last, run = None, True
            continue
        if any(lo <= start < hi for lo, hi in yes_spans):
            last, run = None, False
            continue
        clause = raw.strip(_FILLER_EDGE)
        if not clause:
            continue
        if in_spans(start, ctx.taken_back):  # said and taken back in the same message
            last, run = None, False
            continue
        if _consumed(clause, read):  # "华山医院总院": read already, its slot is answered
            filled.update({i: "" for i in [next((i for i, a in enumerate(asked) if i not in filled and a.kind in ("open", "count")
                                                 and _word_at(ctx, clause, a.word) is not None), None)] if i is not None})
            filled.update({i: "" for i in [_count_by_headcount(ctx, asked, filled, clause)] if i is not None})
            if _consumed(clause, _picked(ctx)):  # (missen19) "aluminium one", read as a pick, answers "Which material?"
                filled.update({i: "" for i in [next((i for i, a in enumerate(asked) if i not in filled
                                                     and a.kind in ("open", "choice", "pick")), None)] if i is not None})
            last, run = None, True
            continue
        if ctx.profile.segmented:  # (user31zh) "好像是62": no acceptance (好), the number is the answer
            clause = _without_hedge(clause)
        if ctx.asking(start + raw.find(clause)) or first_match(pack.rejects, clause) or first_match(backs, clause) \
                or (first_match(pack.accepts, clause) and len(clause) <= 12):
            last, run = None, False
            continue
        clause = _after_want(ctx, clause, wants)
        open_ = [i for i, a in enumerate(asked) if i not in filled and a.kind not in ("known", "ask")]
        bare = len(clause) <= limit and _bare(ctx, clause)
        j, value = None, clause
        for i in open_:  # a slot's own word in the clause
            at = _word_at(ctx, clause, asked[i].word) if asked[i].kind in ("open", "count", "yesno") else None
            if at is not None:
                value = _value_of(ctx, clause, at)
                if value != clause or bare:  # a whole clause is the value only when it is bare
                    j = i
                break
        if j is None:
            j, value = _option_said(ctx, clause, asked, open_, bare=bare, by_option=by_option)
        if j is None and bare and run and not (unnamed and _holds_read(clause, read)):
            j = _by_place(ctx, asked, filled, clause, (start, end))
        if j is not None and value and len(value) <= limit:
            filled[j] = _without_fillers(value, pack.answer_fillers) or value
            last, run = j, True
        elif j is None and last is not None and bare and not _holds_headcount(ctx, clause) and not any(
                start <= x.start < end and x.slot and x.kind in ("value", "id") for x in ctx.mentions):
            # the clause goes on with the value just given ("雅思考了6.5，小分有个5.5"), holding no typed value of its own
            # nor a count of people another step read ((user31) "chocolate, for about 12 kids": the children's)
            sep = "，" if ctx.profile.segmented else ", "
            filled[last] = f"{filled[last]}{sep}{clause}" if filled[last] else ""
        elif j is None and bare and run and not open_ and ctx.profile.segmented and not _NOT_PICK.search(clause) \
                and _has_value(ctx, clause) and not any(
                start <= x.start < end and x.kind in ("value", "id") for x in ctx.mentions):
            extra.append(_core(ctx, clause) or clause)  # a value past the slots named, kept under its own key
        else:
            last, run = None, j is not None
    return _bound(ctx, asked, filled, by_option, extra)


#: (user31zh) a hedge or a copula opening a Chinese answer before its number ("好像是62", "应该62", "是62", "大概是7公斤"):
#: no part of the value
_HEDGED_NUMBER = re.compile(r"^(?:好像|应该|大概|大约|估计|可能|貌似|印象中|记得)?是?(?=\d)")


def _without_hedge(clause: str) -> str:
    """(user31zh) The answer's number without the hedge or the copula before it (:data:`_HEDGED_NUMBER`).

    >>> _without_hedge("好像是62"), _without_hedge("是62"), _without_hedge("应该62"), _without_hedge("是不是62"), _without_hedge("62")
    ('62', '62', '62', '是不是62', '62')
    """
    m = _HEDGED_NUMBER.match(clause)
    return clause[m.end():] if m and m.end() else clause


def _asked_unnamed(ctx: MessageContext, asked: list[Asked]) -> bool:
    """The question asked more than the slots it named ("交付是哪天？小区在哪里？": no slot read of 哪天)."""
    said = ctx.graph.nodes[ctx.graph.graph["last_turn"]]["text"] if ctx.graph.graph.get("last_turn") else ""
    return sum(1 for _ in question_sentences(said)) > len(asked)


def _by_place(ctx: MessageContext, asked: list[Asked], filled: dict[int, str], clause: str,
              span: tuple[int, int]) -> int | None:
    """The next slot asked, in order, that a bare clause answers by its place (a yes-no question of any verb
    is answered by yes, never by place). (prec10) The caller keeps out a clause holding a value another step
    read when the question named no slot: "开发商通知的是12月20号" answers "交付是哪天？" (read as the date),
    not the next slot named ("小区在哪里？")."""
    nxt = next((i for i, a in enumerate(asked) if i not in filled and a.kind != "ask"), None)
    if nxt is None:
        return None
    kind = asked[nxt].kind
    if kind in ("open", "free") or kind == "count" and _NUMBER.search(clause) \
            or kind == "known" and _fits(ctx, asked[nxt], *span):
        return nxt
    return None


def _bound(ctx: MessageContext, asked: list[Asked], filled: dict[int, str], by_option: set[int],
           extra: list[str]) -> list[tuple[Asked, str]]:
    """The (slot, value) pairs to keep. A slot the packs know only keeps its place: its value is the packs'
    steps' to read (MultiWOZ's "what day and time?" - "6 people. on friday": a clause by its place is no day);
    a pick only when it was bound by the option it names."""
    out = [(asked[i], v) for i, v in sorted(filled.items())
           if v and asked[i].kind != "known" and (asked[i].kind != "pick" or i in by_option)]
    if extra and out:
        out.append((Asked(EXTRA_KEY, "extra"), ("，" if ctx.profile.segmented else ", ").join(extra)))
    return out


def _after_want(ctx: MessageContext, clause: str, wants) -> str:
    """A Chinese clause that opens with a want says the value after it ("要课桌式的" -> "课桌式")."""
    w = first_match(wants, clause) if ctx.profile.segmented and wants else None
    if w is not None and w.start() == 0 and w.end() < len(clause) and not w.groupdict().get("ask"):
        return _core(ctx, clause[w.end():]) or clause
    return clause


def _option_said(ctx: MessageContext, clause: str, asked: list[Asked], open_: list[int], *, bare: bool,
                 by_option: set[int]) -> tuple[int | None, str]:
    """The open slot whose option ``clause`` names, and the value: an option of a choice or of a
    yes-no question said in the clause, or an option said by what sets it apart ("母的", "evening
    one"); a pick (no slot named) only in a bare clause, as the option whole. Picks bound go into
    ``by_option``."""
    core = _norm(clause)
    j = next((i for i in open_ if asked[i].kind in ("choice", "yesno", "pick") and any(
        core and (core in _norm(o) or _norm(o) in core) and len(core) <= len(_norm(o)) + 12 for o in asked[i].options)), None)
    if j is not None and asked[j].kind == "pick":
        if not bare:
            return None, clause  # "Ground floor is a must": a rule about an option, the picks and rules steps' to read
        by_option.add(j)  # the option the clause names, whole ("walnut" -> "walnut frame")
        return j, next((_option_value(ctx, o) for o in asked[j].options if core in _norm(o) or _norm(o) in core), clause)
    if j is not None or not bare:
        return j, clause
    for i in open_:
        if asked[i].kind in ("choice", "pick") and len(asked[i].options) >= 2:
            k = _option_by_part(ctx, clause, asked[i].options)
            if k is not None:
                by_option.add(i)
                return i, _option_value(ctx, asked[i].options[k])
    return None, clause


#: the key of the values a reply gives past the slots its question named, its name by language
EXTRA_KEY = "details"
EXTRA_NAMES = {"zh": "补充"}


def _has_value(ctx: MessageContext, clause: str) -> bool:
    """A clause that holds a value: a noun, a number, a name or a 的-form in segmented writing;
    a word that is not a filler in spaced writing."""
    if first_match(ctx.pack.accepts, clause) or first_match(ctx.pack.rejects, clause):
        return False
    if not ctx.profile.segmented:
        return bool(re.search(r"[A-Za-z0-9]{2,}", _without_fillers(clause, ctx.pack.answer_fillers) or ""))
    return any(t.tag_.startswith(("n", "m", "eng", "b", "a", "nz")) or t.text == "的" for t in ctx.profile.doc(clause, ctx.en_models))


#: words of a finite clause (a verb's auxiliaries, negation, common verbs of requests): such a clause
#: says something of its own ("dad isn't keen", "please don't leave it"), it is no bare value
_EN_FINITE = re.compile(r"\b(?:is|are|was|were|be|been|am|do|does|did|can|could|will|would|should|shall|must|may|might|"
                        r"have|has|had|let|make|need|want|leave|take|get|go|come|try|think|know)\b|n't\b|'(?:ll|re|ve|d|m)\b", re.I)
#: jieba's tags of verbs and of the particles of a finished or ongoing deed
_ZH_VERB_TAGS = ("v", "ul", "uz", "ug")


#: (user26) a clause whose subject is "nobody", "no one", "nothing" and that goes on with a word of its own says a
#: no with its verb left out ("nobody hurt thank god", "nothing broken"): no bare value (a lone "none" still is)
_NOBODY_SAYS = re.compile(r"\s*(?:nobody|no\s?one|nothing|none\s+of\s+\w+)\s+\w", re.I)


def _bare(ctx: MessageContext, clause: str) -> bool:
    """Whether ``clause`` is a bare value, not a clause of its own: it names neither speaker and
    has no finite verb (English: no auxiliary or negation; Chinese: no verb unless it holds a
    number or a Latin name, "雅思考了6.5", "冠能E9").

    >>> from ctxgraph.extract.asked import _bare, _demo_ctx
    >>> [_bare(_demo_ctx("en"), c) for c in ("in ground", "about 15,000 gallons", "dad isn't keen", "closer to my office")]
    [True, True, False, False]
    >>> [_bare(_demo_ctx("en"), c) for c in ("nobody hurt thank god", "none")]
    [False, True]
    >>> [_bare(_demo_ctx("zh"), c) for c in ("会计专业", "雅思考了6.5", "阀门开着", "孩子明早要喝")]
    [True, True, False, False]
    """
    if _SPEAKERS.search(clause):
        return False
    if not ctx.profile.segmented:
        return not _EN_FINITE.search(clause) and not _NOBODY_SAYS.match(clause)
    if re.search(r"[0-9A-Za-z]", clause):
        return True
    return not any(t.tag_.startswith(_ZH_VERB_TAGS) and t.tag_ != "vn" for t in ctx.profile.doc(clause, ctx.en_models))


def _fits(ctx: MessageContext, a: Asked, start: int, end: int) -> bool:
    """A clause holds a value the pack's slot takes: a mention of one of its types (a slot of
    free text takes no clause by its place alone: MultiWOZ's "area" would take "yes please")."""
    slot = ctx.pack.slots.get(a.slot or "")
    if slot is None or not slot.types:
        return False
    return any(start <= x.start < end and x.label in slot.types for x in ctx.mentions)


def _key(a: Asked, turn: int) -> str:
    if a.kind == "extra":
        return f"{EXTRA_KEY}_t{turn}"
    if not a.word:
        return f"choice_t{turn}"
    return re.sub(r"\s+", "_", a.word.strip())


@step("asked_answers", roles=("user",))
def asked_answers(ctx: MessageContext) -> list[_Unit]:
    """The user's reply to the assistant's last message, bound to the slots its questions name."""
    G = ctx.graph
    last = G.graph.get("last_turn")
    if not last or G.nodes[last]["role"] != "assistant" or not G.nodes[last].get("text"):
        return []
    said = G.nodes[last]["text"]
    if "?" not in said and "？" not in said:
        return []
    asked = asked_slots(ctx, said)
    if not any(a.kind != "known" and (a.kind != "pick" or len(a.options) >= 2) for a in asked):
        return []
    if any(isinstance(u, (DecisionUnit, SelectUnit)) for u in ctx.units) and all(a.kind in ("choice", "pick", "known") for a in asked):
        return []  # the offers and picks steps read a choice among offered things
    turn = G.nodes[last]["index"]
    held = [_letters(v) for v in _read(ctx)]
    keys = {u.key for u in ctx.units if isinstance(u, FactUnit)}
    units: list[_Unit] = []
    held_unchosen = [_letters(v) for v in _unchosen(ctx)]
    for a, value in bind_answer(ctx, asked):
        if any(_letters(value) in h for h in (held_unchosen if a.kind in ("choice", "pick") else held)) \
                or _key(a, turn).casefold() in keys:
            continue  # read already, or its slot set by another step from this message
        if a.word == "problem" and no_fault(value):
            continue  # (fix22) "what's wrong with it?" "no problem with it really, I'd like a bigger one"
        if mere_reply(value, ctx.lang):
            continue  # (prec33) "确认办理吗？" "行 就这样办", "what is your number?" "… Och, Hamish says …": a yes or an
            # exclamation, no value of the slot asked about
        if a.kind == "known":  # a slot the pack knows: its key, per domain where it has one
            slot = ctx.pack.slots[a.slot]
            key, name, group = ctx.pack.scoped(slot, ctx.domain_at(0, slot))
            units.append(FactUnit(key=key, name=name, value=value, slot=slot.id, group=group, terse=slot.terse,
                                  correction=ctx.correcting, stressed=ctx.stressed))
            continue
        key = _key(a, turn)
        name = EXTRA_NAMES.get(ctx.lang, EXTRA_KEY) if a.kind == "extra" else a.word or key
        units.append(FactUnit(key=key.casefold(), name=name, value=value, correction=ctx.correcting,
                              stressed=ctx.stressed))
        if a.kind == "choice" and a.word:  # the same pick the choose step read, now under the choice's name
            chosen = _chosen(ctx)
            ctx.units[:] = [u for u in ctx.units if not (isinstance(u, FactUnit) and u.value in chosen
                                                          and _letters(value) and _letters(value) in _letters(u.value))]
    return units
