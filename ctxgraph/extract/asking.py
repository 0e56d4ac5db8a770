"""Reading the assistant's questions into the slots they name (issue 19): the question half of
:mod:`ctxgraph.extract.asked`, which binds the user's reply to them.

>>> from ctxgraph.extract.asking import asked_slots, _demo_ctx
>>> [(a.word, a.kind) for a in asked_slots(_demo_ctx("en"), "Do you have any pets?")]
[('pets', 'ask')]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .context import MessageContext
from .text import question_sentences

_NUMBER = re.compile(r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|"
                     r"forty|fifty|hundred|a couple|a few)\b|[一二两三四五六七八九十百千万半]", re.I)


@dataclass(frozen=True)
class Asked:
    """A slot a question names: its ``word`` (the key), ``kind`` (``open``, ``count``,
    ``free``, ``choice``, ``yesno``, ``known``: a slot a pack knows, ``pick``: "which one",
    ``ask``: a yes-no question of any verb, "需要开发票吗", "Do you have any pets?"), the
    ``options`` of a choice or a yes-no question, the pack slot id of a ``known`` one, the
    words that say yes to an ``ask`` (its verb: 需要 / 要, 有; none in English, whose yes is a word);
    ``exists``: (asked13) the ``ask`` asks whether a thing is there or had ("Any pets?", "Is there a
    loft hatch?", "Does the organ have a swell box?", "家里有暖气片吗", "有没有自带的渔具"), so a bare yes
    gives the thing and a bare noun phrase answers it; ``had``: (fix14) what is asked of is a thing had, so a bare yes
    gives it (not "Any other questions?", 有时间来试听吗, 有其他需要吗)."""

    word: str
    kind: str
    options: tuple[str, ...] = ()
    slot: str | None = None
    yes: tuple[str, ...] = ()
    exists: bool = False
    had: bool = True

# ---------------------------------------------------------------- reading the question (en)

_AUX = r"(?:do|does|did|is|are|was|were|would|will|should|shall|can|could|suits?|works?)"
_EN_HOW_MANY = re.compile(rf"\bhow (many|much) ([a-z][a-z\- ]{{0,30}}?)(?=\s+{_AUX}\b|\s+(?:and|or)\b|[,?.;]|$)", re.I)
_EN_WHAT_IS = re.compile(r"\bwhat(?:'s|’s| is| are| was)\s+(?:the |your |his |her |their |its |this |that )?"
                         r"([a-z][a-z\- ]{0,40}?)(?=[,?.;]|$)", re.I)
_EN_WHICH = re.compile(rf"\b(?:which|what) ([a-z]+)(?=\s+{_AUX}\b|\s*[,?]|\s+(?:and|or|for|of)\b)", re.I)
_EN_FREE = re.compile(r"\bwhat (?:should|would|do you want|will|shall) (?:it|they|this|that|he|she)(?: to)? ([a-z]+)\s*\??$", re.I)
_EN_FREE_LIKE = re.compile(r"\bwhat would you like (?:it|them|this|that) to ([a-z]+)\b", re.I)
_EN_YESNO = re.compile(r"^(?:and\s+|so\s+)?(?:is|are) (?:it|they|this|that) (?:an? )([a-z][a-z\- ]{1,30}?)\s*(?=[,?]|$)", re.I)
_EN_OR = re.compile(r"\bor\b", re.I)
#: adverbs that end a question's noun and are no part of it ("how many litres again")
_EN_TAIL = re.compile(r"(?:\s+(?:again|exactly|roughly|approximately|altogether|overall|in total|total|please|then|now|there|here))+$", re.I)
#: words a question names that are no slot: pronouns and the filler nouns of "which one"
_EN_PICK = re.compile(r"^(?:one|ones|of them|kind|way)$", re.I)
_EN_LEAD = re.compile(r"^(?:and |so |also |then )?(?:is it|are they|is that|would you (?:like|prefer)|do you (?:want|prefer|need)|"
                      r"shall i|should i|should we|should it|shall we|will it be|is this|are you)?\s*(?:the |a |an |at |on |in |to )?", re.I)
_EN_WORDS_AND = re.compile(r"\s*(?:,\s*)?\band\b\s*|\s*,\s*")


#: the auxiliaries a yes-no question opens with, the subjects after them, the determiners before its thing
_EN_Q_AUX = frozenset("do does did will would can could have has shall should is are was were".split())
#: (not "I" or "we": "Shall I send him the request?" offers the assistant's own deed)
_EN_Q_SUBJECT = frozenset("you they he she it there anyone someone anybody somebody".split())
_EN_Q_POSSESSIVE = frozenset("the your his her their my our its this that".split())
_EN_Q_OBJECT = frozenset("us me him her them".split())
_EN_Q_DET = frozenset("any a an the some your his her their another extra more".split())
#: words that end the thing a yes-no question is about ("pets that might…", "a case as well")
_EN_Q_STOP = frozenset("that which who whom whose on in for with to as at from by of too there please it this these those "
                       "today tomorrow now then also again ever before after while when if so and but".split())
_EN_Q_LEAD = frozenset("and so also oh then just".split())
_EN_COPULA = frozenset("is are was were".split())
_EN_Q_ADVERBS = frozenset("also still already ever really actually maybe".split())
#: (asked13) words of place and subjects that end a question's thing ("any trees near the house", "any allergies we
#: should know about")
_EN_Q_PLACE = frozenset("near under behind above below inside outside around beside here yet i we you they".split())
#: (asked13) a yes-no question about whether a thing is there or had: "Any X", "Is there / Are there",
#: "Do you have", "Does the roof have", "Have you got", "Is the chimney still there"
_EN_EXISTS = re.compile(r"^(?:(?:and|so|also|oh|then|just)\s+)*(?:any\b|(?:is|are|was|were)\s+there\b|"
                        r"(?:do|does|did|have|has)\s+(?:\w+\s+){1,2}?(?:\w+\s+)?(?:have|has|got)\b)|\bstill there$", re.I)
#: (redo13) a thing that is an indefinite pronoun ("Is there anything else I can help you with?"): the question asks
#: whether more is wanted, no thing is there or had
_EN_INDEFINITE = re.compile(r"^(?:any|some|every|no)(?:thing|one|body|where)\b", re.I)
#: (fix14) "Any more questions?", "Any other questions?": whether more is wanted; a bare yes to it gives no thing
_EN_MORE = re.compile(r"\bany\s+(?:more|other|further|additional)\b", re.I)
#: (redo13) a question that asks the user to specify ("Do you have a preference?", "any particular area?", "Do you have
#: a cuisine in mind?", "is there a certain type you're looking for?"): a wh-question put as yes-no, no thing had
_EN_SPECIFY = re.compile(r"\b(?:particular|certain|specific|preference|preferences|preferred|in mind)\b", re.I)


def _en_exists(clause: str, thing: str) -> bool:
    """(asked13, redo13) Whether a yes-no question asks if a thing is there or had (:data:`_EN_EXISTS`), not whether
    more is wanted (an indefinite pronoun) nor which one the user would specify (:data:`_EN_SPECIFY`).

    >>> [_en_exists(q, t) for q, t in (("Any pets", "pets"), ("Is there anything else I can help with", "anything else"),
    ...  ("Do you have a preference", "preference"), ("Do you have a cuisine in mind", "cuisine"))]
    [True, False, False, False]
    """
    return bool(_EN_EXISTS.search(clause)) and not _EN_INDEFINITE.match(thing) and not _EN_SPECIFY.search(clause)


def _en_thing_had(clause: str, thing: str) -> bool:
    """(fix14) Whether a bare yes to the yes-no question ``clause`` gives its ``thing`` (:attr:`Asked.had`): not when it
    asks whether more is wanted ("Any other questions?") nor when the thing is followed by a clause of the speakers' own
    ("Is there a reason you chose falconry?", "Any chance you could do Sunday?", "Any questions before I book it?"): the
    question is about the talk, no thing the user has.

    >>> [_en_thing_had(q, t) for q, t in (("Any pets", "pets"), ("Any other questions", "other questions"),
    ...  ("Is there a reason you chose falconry", "reason"), ("Any questions before I book it", "questions"))]
    [True, False, False, False]
    """
    talk = re.search(rf"\b{re.escape(thing)}\s+(?:(?:before|after|when|that|why)\s+)?(?:you|i)\b(?!')", clause, re.I)
    return not _EN_MORE.search(clause) and talk is None


_EN_WH = re.compile(r"\b(?:what|which|how|when|where|who|whose|why)\b", re.I)


def _en_yesno_thing(clause: str) -> str:
    """The thing a yes-no question of any verb asks about: the noun phrase after its auxiliary,
    subject and verb ("Do you have any pets that…" -> "pets", "Will you need a case as well" ->
    "case", "Does the roof have any solar panels on it" -> "solar panels", "Would you like us to
    include packed lunches" -> "packed lunches", "Any conservatory" -> "conservatory"); "" when the
    clause is no such question.

    >>> [_en_yesno_thing(c) for c in ("Do you have any pets that might get at it", "Any conservatory", "Is that ok")]
    ['pets', 'conservatory', '']
    """
    words = [w.casefold() for w in re.findall(r"[A-Za-z][\w'-]*", clause)]
    i = 0
    while i < len(words) and words[i] in _EN_Q_LEAD:
        i += 1
    if i < len(words) and words[i] == "any":
        pass  # "Any conservatory?": the thing alone
    elif i + 2 < len(words) and words[i] in _EN_Q_AUX:
        copula = words[i] in _EN_COPULA
        i += 1
        there = copula and words[i] == "there"
        if there:  # (asked13) "Is there a loft hatch": no verb, the thing follows
            i += 1
        elif words[i] in _EN_Q_SUBJECT:
            i += 1
        elif words[i] in _EN_Q_POSSESSIVE and i + 1 < len(words):
            rest = [w for w in words[i + 2:] if w not in _EN_Q_ADVERBS]
            if copula and rest == ["there"]:  # (asked13) "Is the chimney still there": the subject is the thing
                return words[i + 1]
            i += 2
        else:
            return ""
        while i < len(words) and words[i] in _EN_Q_ADVERBS:
            i += 1
        if not there:
            i += 1  # the verb, whatever it is
        if i + 1 < len(words) and words[i] in _EN_Q_OBJECT and words[i + 1] == "to":
            i += 3  # "would you like us to include …"
        elif i < len(words) and words[i] == "to":
            i += 2  # "do you want to add …"
    else:
        return ""
    while i < len(words) and words[i] in _EN_Q_DET:
        i += 1
    thing: list[str] = []
    while i < len(words) and words[i] not in _EN_Q_STOP and words[i] not in _EN_Q_DET and words[i] not in _EN_Q_ADVERBS \
            and words[i] not in _EN_Q_PLACE and len(thing) < 3:
        thing.append(words[i])
        i += 1
    if not thing or _EN_PICK.match(" ".join(thing)) or thing[0] in _EN_Q_AUX or thing[0] in _EN_Q_SUBJECT:
        return ""
    if _NUMBER.search(" ".join(thing)):
        return ""  # "Would you like three city e-bikes?": a proposal of values, taken or not (the offers and picks steps)
    return " ".join(thing)


#: (lead19) what a "what's …" question names when it asks what is wrong ("what's wrong with it", "the matter")
_EN_WRONG = re.compile(r"(?:wrong|the matter|up)\b", re.I)
#: (lead19) the verb of a "how many/much" question that names no thing: money spent, or people who come
_EN_SPEND = re.compile(r"\b(?:spend|pay|paying|spending|afford|budget)\b", re.I)
_EN_COME = re.compile(r"\b(?:coming|come|attending|attend|joining|join|going|travelling|traveling|staying|there be|be there)\b", re.I)


def _en_unnamed_count(rest: str) -> str:
    """(lead19) The key of "how many/much" + a verb with no noun ("How many do you need?"), from the
    verb: money spent is the budget, those who come are the people, else a quantity (a key of the
    question's words read "do_you_need"). Only the key: the answer binds as any count's does.

    >>> _en_unnamed_count("are you looking to spend"), _en_unnamed_count("are coming"), _en_unnamed_count("do you need")
    ('budget', 'people', 'quantity')
    """
    if _EN_SPEND.search(rest):
        return "budget"
    return "people" if _EN_COME.search(rest) else "quantity"


def _en_question(q: str) -> list[tuple[int, Asked]]:
    found: list[tuple[int, Asked]] = []
    for m in _EN_HOW_MANY.finditer(q):
        word = _EN_TAIL.sub("", m.group(2).strip()).casefold()
        if word:
            found.append((m.start(), Asked(word, "count")))
    for rx in (_EN_FREE, _EN_FREE_LIKE):
        for m in rx.finditer(q):
            found.append((m.start(), Asked(m.group(1).casefold(), "free")))
    if any(a.kind == "free" for _, a in found):
        return found
    for m in _EN_WHAT_IS.finditer(q):
        for i, w in enumerate(p for p in _EN_WORDS_AND.split(m.group(1)) if p.strip()):
            w = w.strip().casefold()
            if not w.startswith(("how ", "what ", "which ")) and len(w.split()) <= 3:
                w = "problem" if _EN_WRONG.match(w) else w  # (lead19) "what's wrong with them?": the problems step's key
                found.append((m.start() + i, Asked(w, "open")))
    for m in _EN_WHICH.finditer(q):
        w = m.group(1).casefold()
        if any(at <= m.start() < at + 1 for at, _ in found) or re.fullmatch(_AUX, w):
            continue
        found.append((m.start(), Asked(w, "pick" if _EN_PICK.match(w) else "open")))
    named = [a for _, a in found if a.kind == "open"]
    for part in re.split(r"[,;]", q):
        clause = part.strip().rstrip("?").strip()
        y = _EN_YESNO.match(clause)
        if y and not _EN_OR.search(clause):
            thing = y.group(1).strip()
            if len(thing.split()) <= 4:
                found.append((q.find(part), Asked(thing.split()[-1].casefold(), "yesno", (thing,))))
            continue
        if not _EN_OR.search(clause) and not _EN_WH.search(clause) and not any(q.find(part) <= at < q.find(part) + len(part) for at, _ in found):
            thing = _en_yesno_thing(clause)
            if thing:  # "Do you have any pets?", "Will you need a case as well?"
                found.append((q.find(part), Asked(thing, "ask", (thing,), exists=_en_exists(clause, thing),
                                                  had=_en_thing_had(clause, thing))))
                continue
        if _EN_OR.search(clause) and not re.search(r"\b(?:what|which|how|when|where|who)\b", clause, re.I):
            options = [_EN_LEAD.sub("", o.strip()).strip() for o in _EN_OR.split(_EN_LEAD.sub("", clause))]
            options = [o for o in options if o and len(o.split()) <= 5]
            if len(options) >= 2 and len(named) == 1:  # "Which branch suits you, Stockport or Didsbury?"
                found = [(at, Asked(a.word, "choice", tuple(options)) if a is named[0] else a) for at, a in found]
            elif len(options) >= 2:  # a choice with no slot named: kept for its place, the picks step reads it
                found.append((q.find(part), Asked("", "pick", tuple(options))))
    return found


# ---------------------------------------------------------------- reading the question (zh)

_ZH_OPTIONS = re.compile(r"([^，。？！、（()）\s还]{1,10})还是([^，。？！、（()）\s]{1,10}?)(?=[？?）)，,。]|呢|$)")
_ZH_WHICH = re.compile(r"哪(?:一|几)?(?:个|种|款|家|位|类|条|辆|台|张)?")
_ZH_WHERE = re.compile(r"在哪(?:里|儿)?")
_ZH_HOW_MANY = re.compile(r"(?:是)?多少|几(?=[\u4e00-\u9fff])")
_ZH_WHAT = re.compile(r"什么")
_ZH_YESNO = re.compile(r"是([^，。？！、吗]{2,10})吗")
_ZH_TIME_UNIT = re.compile(r"(?:点|号|月|日|时|分|周|个?星期|个?小时|天)")
_ZH_FREE = re.compile(r"(?:写|印|刻|说)(?:些)?什么")
#: tags of the words a slot's name is made of (nouns, names, foreign words; jieba tags 本科 as r)
_ZH_NOUNISH = ("n", "eng", "x", "r", "vn", "nz", "ng")
_ZH_NOT_SLOT = re.compile(r"^(?:哪|什么|怎么|多少|几|这|那|您|你|我|他|她|它|请问|一下)")


def _zh_nouns_tail(ctx: MessageContext, text: str) -> str:
    """The noun run that ends ``text`` ("方便说一下本科学校" -> "本科学校")."""
    words = list(ctx.profile.doc(text, ctx.en_models))
    out: list[str] = []
    verbs = 0
    for t in reversed(words):
        if _ZH_NOT_SLOT.match(t.text) or not re.match(r"\w", t.text):
            break
        if t.tag_.startswith(_ZH_NOUNISH):
            out.insert(0, t.text)
        elif t.tag_ == "v" and out and not verbs:  # a verb that makes a compound noun: 装修|方式
            verbs += 1
            out.insert(0, t.text)
        elif t.tag_ == "m" and not out and len(t.text) == 1 and not t.text.isdigit():  # 单|号
            out.insert(0, t.text)
        else:
            break
    return "".join(out)


def _zh_nouns_head(ctx: MessageContext, text: str) -> str:
    """The noun run that starts ``text`` ("型号，购车单号" -> "型号")."""
    out: list[str] = []
    tokens = list(ctx.profile.doc(text, ctx.en_models))
    for i, t in enumerate(tokens):
        if t.tag_.startswith(_ZH_NOUNISH) and not _ZH_NOT_SLOT.match(t.text) and re.match(r"\w", t.text):
            out.append(t.text)
        elif i == 0 and t.tag_ == "v" and len(tokens) > 1 and tokens[1].tag_.startswith("n"):
            out.append(t.text)  # a verb that makes a compound noun: 摆台|方式
        else:
            break
    return "".join(out)


def _zh_measure_head(ctx: MessageContext, text: str) -> str:
    """(lead19) The measure word that starts ``text``, as jieba tags it ("份呢" -> "份"): the slot of
    "打印多少份" when no noun names the thing counted (几 takes its measure word the same way).

    >>> _zh_measure_head(_demo_ctx("zh"), "份呢"), _zh_measure_head(_demo_ctx("zh"), "呢")
    ('份', '')
    """
    tokens = list(ctx.profile.doc(text, ctx.en_models))
    return tokens[0].text if tokens and tokens[0].tag_ == "q" and len(tokens[0].text) == 1 else ""


def _zh_question(ctx: MessageContext, q: str) -> list[tuple[int, Asked]]:
    found: list[tuple[int, Asked]] = []
    taken: list[tuple[int, int]] = []
    if _ZH_FREE.search(q):
        m = _ZH_FREE.search(q)
        return [(m.start(), Asked(m.group(0)[0], "free"))]
    for m in _ZH_OPTIONS.finditer(q):
        a, b = m.group(1), m.group(2)
        a = re.sub(r"^(?:请问|是|要|选|想要|您要|您是)", "", a)
        head = q[:m.start()]
        inner = re.search(r"(?:是|要|选|用)(?=[^是要选用]+$)", a)
        if inner:  # "地板要实木还是复合": the slot before the verb, the option after it
            head, a = head + a[:inner.start()] + "要", a[inner.end():]
        word = _zh_nouns_tail(ctx, head.rstrip("（(是要选用")) if head.endswith(("（", "(", "是", "要", "选", "用")) else ""
        found.append((m.start(), Asked(word, "choice" if word else "pick", (a, b))))
        taken.append((m.start() - len(word) - (1 if word else 0), m.end()))
    clauses = list(re.finditer(r"[^，,；;？?。！]+", q))
    for n, clause_m in enumerate(clauses):
        clause, at = clause_m.group(0), clause_m.start()
        if any(s < at + len(clause) and at < e for s, e in taken):
            continue
        subs = [(at, clause)]
        if "、" in clause:  # a list of slot nouns: "本科学校、专业、均分和语言成绩"
            items = re.split(r"、|和|及|以及|跟", re.sub(r"(?:吗|呢|等|等等)$", "", clause))
            words = [_zh_nouns_tail(ctx, items[0])] + [_zh_nouns_head(ctx, it) for it in items[1:]]
            # the clause that asks, every item after the first a noun and nothing else
            if (n == len(clauses) - 1 or re.search(r"(?:吗|呢)$", clause)) and all(
                    w == it.strip() for w, it in zip(words[1:], items[1:])) and all(words):
                found += [(at + i, Asked(w, "open")) for i, w in enumerate(words)]
                continue
            # questions listed ("哪家医院、哪个科"): each read on its own
            subs = [(at + m.start(), m.group(0)) for m in re.finditer(r"[^、]+", clause)]
        for sub_at, sub in subs:
            found += _zh_clause_slots(ctx, sub, sub_at, found)
    return found


#: (lead22) a question that asks when, with no slot word of its own: "请问什么时间方便？", "什么时候送？", "哪天方便上门？",
#: "When would suit?", "When do you need it?" (not "when did it start?", "什么时候买的？", "哪天坏了？": a story's day, which
#: the question's past tells; (fix26) nor "您什么时候生日？": a person's own day, no day for the service)
_WHEN = {"zh": re.compile(r"^(?![^？?]*(?:的|了|过)[？?]?$)(?![^？?]*(?:生日|出生|纪念日))[^？?]*?(?:(?:什么|啥)(?:时候|时间)|哪(?:一)?天|几号)"), "en": re.compile(r"^\W*when\b(?!\s+(?:did|was|were|had)\b)", re.I)}
_CLOCK = {"zh": re.compile(r"几点"), "en": re.compile(r"^\W*(?:at\s+)?what\s+time\b", re.I)}


def when_slot(lang: str, q: str) -> str | None:
    """(lead22) The slot a when-question with no slot word of its own asks for: ``time`` for a clock ("请问几点方便？",
    "What time suits?"), ``date`` for a day ("请问什么时间方便？", "什么时候送？", "When would suit you?"); None for any
    other question and for a story's day ("When did it start?").

    >>> when_slot("zh", "请问什么时间方便？"), when_slot("zh", "几点到？"), when_slot("en", "When would suit you?")
    ('date', 'time', 'date')
    >>> when_slot("en", "When did it start?"), when_slot("zh", "请问您贵姓？"), when_slot("zh", "您什么时候生日？")
    (None, None, None)
    """
    for slot, rx in (("time", _CLOCK), ("date", _WHEN)):
        if lang in rx and rx[lang].search(q):
            return slot
    return None


def _when_asked(ctx: MessageContext, q: str) -> list[tuple[int, Asked]]:
    """(lead22) A when-question as the pack's ``date`` or ``time`` slot (:func:`when_slot`)."""
    slot = when_slot(ctx.lang, q)
    return [(0, Asked(slot, "known", slot=slot))] if slot in ctx.pack.slots else []


_ZH_HOW_BIG = re.compile(r"多(?:大|长|宽|高|重|久|远|深|厚|少钱)")
#: a yes-no question of any verb: 吗 at its end, or the verb said twice ("要不要", "有没有", "需不需要")
_ZH_ASKS = re.compile(r"(?:吗|么|嘛)$")
_ZH_A_NOT_A = re.compile(r"([\u4e00-\u9fff])(?:不|没)\1|需不需要|可不可以|能不能")
#: jieba tags of what may stand before a question's verb: who, where, when, how ("您之前", "家里", "最近")
_ZH_BEFORE_VERB = ("r", "zg", "s", "f", "t", "d", "ad", "c", "p")


def _zh_clause_slots(ctx: MessageContext, clause: str, at: int, found: list[tuple[int, Asked]]) -> list[tuple[int, Asked]]:
    """The slots one clause of a Chinese question names (see :func:`asked_slots`)."""
    out: list[tuple[int, Asked]] = []
    for m in _ZH_WHERE.finditer(clause):
        w = _zh_nouns_tail(ctx, clause[:m.start()])
        if w:
            out.append((at + m.start(), Asked(w, "open")))
    for m in _ZH_WHICH.finditer(clause):
        w = _zh_nouns_head(ctx, clause[m.end():])
        if w:
            out.append((at + m.start(), Asked(w, "open")))
    for m in _ZH_HOW_MANY.finditer(clause):
        if m.group(0).startswith("几"):
            rest = clause[m.end():]
            if _ZH_TIME_UNIT.match(rest):
                continue  # "几点", "几号": a time or a date, the date steps read it  # "几个房间": past the measure word
            w = _zh_nouns_head(ctx, rest) or _zh_nouns_head(ctx, rest[1:]) or rest[:1]
        else:  # the noun before ("人数是多少"), else the one after ("大概多少人"), else its measure word ("打印多少份")
            w = (_zh_nouns_tail(ctx, clause[:m.start()]) or _zh_nouns_head(ctx, clause[m.end():])
                 or _zh_measure_head(ctx, clause[m.end():]))
        if w:
            out.append((at + m.start(), Asked(w, "count")))
    for m in _ZH_HOW_BIG.finditer(clause):  # "房子多大": the noun before
        w = _zh_nouns_tail(ctx, clause[:m.start()])
        if w and not m.group(0).endswith("少钱"):
            out.append((at + m.start(), Asked(w, "open")))
    for m in _ZH_WHAT.finditer(clause):
        w = _zh_nouns_head(ctx, clause[m.end():])
        if w.startswith(("时候", "时间")):  # "什么时候": a date, read by the date steps; (lead23) "什么时候上门方便？"
            w = "时间" if len(w) > 2 else ""  # asks when too, its answer kept as 时间, not as a slot "时候上门"
        if w:
            out.append((at + m.start(), Asked(w, "open")))
    y = _ZH_YESNO.search(clause)
    if y and not out:
        thing = y.group(1)
        word = _zh_nouns_tail(ctx, thing)
        if word:
            out.append((at + y.start(), Asked(word, "yesno", (thing,))))
    if not out and not y:
        asked = _zh_ask(ctx, clause)
        if asked:
            out.append((at, asked))
    return out


def _zh_ask(ctx: MessageContext, clause: str) -> Asked | None:
    """A yes-no question of any verb ("需要开发票吗", "家里有宠物吗", "要不要加装遮阳棚", "您有没有C1
    驾照", "您之前潜过水吗"): its thing (the key) and the words that say yes to it (its verb).

    >>> from ctxgraph.extract.asking import _zh_ask, _demo_ctx
    >>> [(a.word, a.yes) for a in (_zh_ask(_demo_ctx("zh"), q) for q in ("家里有宠物吗", "要不要加装遮阳棚"))]
    [('宠物', ('有',)), ('加装遮阳棚', ('要',))]
    """
    body = re.sub(r"^(?:请问|那|那么|另外|还有|再)", "", clause.strip())
    pair = _ZH_A_NOT_A.search(body)
    if not _ZH_ASKS.search(body) and not pair:
        return None
    body = _ZH_ASKS.sub("", body)
    if pair:  # "要不要加装遮阳棚": the verb said twice is one verb
        verb = {"需不需要": "需要", "可不可以": "可以", "能不能": "能"}.get(pair.group(0), pair.group(0)[0])
        head, rest = body[:pair.start()], body[pair.end():]
    else:
        tokens = list(ctx.profile.doc(body, ctx.en_models))
        i = 0
        while i < len(tokens) and (tokens[i].tag_.startswith(_ZH_BEFORE_VERB) or tokens[i].tag_.startswith("n") and i + 1 < len(tokens)
                                   and tokens[i + 1].tag_.startswith(("v", "f"))) and not tokens[i].tag_.startswith("v"):
            i += 1  # who, where, when, and the thing spoken of ("鱼缸需要配灯吗")
        if i >= len(tokens) or not tokens[i].tag_.startswith("v"):
            return None
        verb = tokens[i].text
        i += 1
        while i < len(tokens) and tokens[i].tag_ in ("ug", "ul", "uz"):  # "潜过", "去过"
            verb += tokens[i].text
            i += 1
        head, rest = "", "".join(t.text for t in tokens[i:])
    if re.search(r"[我您你]", head) and not re.match(r"^[您你]", head):
        return None
    rest = re.sub(r"^(?:我们|我|您|你|咱们|顺便|一起|一下|再|也|还)+", "", rest)
    if not rest or len(rest) > 12:
        return None
    word = _zh_nouns_tail(ctx, rest) or rest
    yes = (verb, verb[-1]) if len(verb) > 1 and verb[-1] in "要有" else (verb,)  # "需要开发票吗？" - "要，专票"
    return Asked(word, "ask", (rest,), yes=yes, exists=verb == "有", had=_zh_thing_had(ctx, rest))


def _zh_thing_had(ctx: MessageContext, rest: str) -> bool:
    """(fix14) Whether what follows 有 in a yes-no question is a thing had ("有棋盘吗", "有没有自带的渔具", "有C1驾照吗"),
    so a bare yes gives it (:attr:`Asked.had`); not a bare deed ("有没有学过": whether it was done; "有没有养宠物" has its
    thing), a noun with the deed it is for ("有时间来试听吗", "有兴趣参加比赛吗": time, interest to do something), nor more
    of anything ("有其他需要吗", "有没有别的问题": whether more is wanted, as "anything else" is in English). A reply that
    names what it has answers all of them ("对阿姨有什么要求吗？" - "要有育婴师证").

    >>> from ctxgraph.extract.asking import _demo_ctx
    >>> [_zh_thing_had(_demo_ctx("zh"), r) for r in ("棋盘", "自带的渔具", "C1驾照", "养宠物", "学过", "时间来试听", "其他需要")]
    [True, True, True, True, False, False, False]
    """
    tags = [t.tag_ for t in ctx.profile.doc(rest, ctx.en_models)]
    if not tags or all(t.startswith(("v", "u")) for t in tags) or re.match(r"^(?:其他|其它|别的|另外|什么)", rest):
        return False
    return not any(a.startswith(("n", "r")) and b.startswith("v") for a, b in zip(tags, tags[1:]))


def asked_slots(ctx: MessageContext, text: str) -> list[Asked]:
    """The slots the questions of the assistant's message ``text`` name, in the order asked; a
    word a pack knows as a slot's name is that slot's (``known``).

    >>> from ctxgraph.extract.asked import asked_slots, _demo_ctx
    >>> [(a.word, a.kind, a.options) for a in asked_slots(_demo_ctx("en"), "Is it an in-ground pool, and roughly how many gallons?")]
    [('pool', 'yesno', ('in-ground pool',)), ('gallons', 'count', ())]
    >>> [a.word for a in asked_slots(_demo_ctx("zh"), "方便说一下本科学校、专业、均分和语言成绩吗？")]
    ['本科学校', '专业', '均分', '语言成绩']
    >>> [(a.word, a.kind, a.options) for a in asked_slots(_demo_ctx("zh"), "请问装修方式（全包还是半包）？")]
    [('装修方式', 'choice', ('全包', '半包'))]
    """
    found: list[tuple[int, Asked]] = []
    sentences = list(question_sentences(text))
    for start, end in sentences:
        q = text[start:end].strip()
        # the sentence's question part: after the last clause that does not ask ("Thanks. ..."); (lead22) a lone
        # when-question asks for the day or the clock
        part = _en_question(q) if not ctx.profile.segmented else _zh_question(ctx, q)
        if not part and len(sentences) == 1:
            part = _when_asked(ctx, q)
        found += [(start + at, a) for at, a in part]
    out: list[Asked] = []
    pack = ctx.pack
    for _, a in sorted(found, key=lambda p: p[0]):
        if a.kind in ("open", "count", "yesno") and a.word and pack.synonym_rx:
            sm = pack.synonym_rx.search(a.word)
            if sm and (len(sm.group(0)) >= len(a.word) - 1 or a.kind == "open" and not ctx.profile.segmented):
                a = Asked(a.word, "known", a.options, pack.synonym_slot[sm.group(0).casefold()])
        if a.kind in ("open", "count", "yesno") and a.word in pack.slots:  # "what day": the pack's slot "day"
            a = Asked(a.word, "known", a.options, a.word)
        if a.kind == "count" and not ctx.profile.segmented and re.match(rf"{_AUX}\b", a.word):
            a = Asked(_en_unnamed_count(a.word), "count")  # after the pack's slots: the answer binds as before
        if a.word and any(o.word == a.word and o.kind == a.kind for o in out):
            continue
        out.append(a)
    return out


def _demo_ctx(lang: str) -> MessageContext:
    """A context over an empty graph, for the doctests."""
    from .._graph import new_graph
    from .compiled import compiled_packs
    from .context import Message

    return MessageContext(message=Message(role="user", text=""), index=0, graph=new_graph(), pack=compiled_packs((), (), (), packs=())[lang])
