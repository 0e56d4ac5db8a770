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
>>> [(f.key, f.value) for f in t.state().facts if f.status == "current"]
[('deck', 'wooden'), ('square_metres', 'about 30 square metres')]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .._units import DecisionUnit, FactUnit, SelectUnit, _Unit
from .context import MessageContext
from .registry import step
from .facts import _without_fillers
from .text import SENTENCE_END, first_match, in_spans, question_sentences

#: A clause of the answer longer than this (characters) is a statement of its own, not a bare value.
MAX_VALUE_CHARS = 40
#: Clauses of at most this many characters in segmented writing (Chinese) are bare values.
MAX_VALUE_CHARS_SEGMENTED = 16


@dataclass(frozen=True)
class Asked:
    """A slot a question names: its ``word`` (the key), ``kind`` (``open``, ``count``,
    ``free``, ``choice``, ``yesno``, ``known``: a slot a pack knows, ``pick``: "which one",
    ``ask``: a yes-no question of any verb, "需要开发票吗", "Do you have any pets?"), the
    ``options`` of a choice or a yes-no question, the pack slot id of a ``known`` one, the
    words that say yes to an ``ask`` (its verb: 需要 / 要, 有; none in English, whose yes is a word)."""

    word: str
    kind: str
    options: tuple[str, ...] = ()
    slot: str | None = None
    yes: tuple[str, ...] = ()


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
        i += 1
        if words[i] in _EN_Q_SUBJECT:
            i += 1
        elif words[i] in _EN_Q_POSSESSIVE and i + 1 < len(words):
            i += 2
        else:
            return ""
        while i < len(words) and words[i] in ("also", "still", "already", "ever", "really", "actually", "maybe"):
            i += 1
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
    while i < len(words) and words[i] not in _EN_Q_STOP and words[i] not in _EN_Q_DET and len(thing) < 3:
        thing.append(words[i])
        i += 1
    if not thing or _EN_PICK.match(" ".join(thing)) or thing[0] in _EN_Q_AUX or thing[0] in _EN_Q_SUBJECT:
        return ""
    if _NUMBER.search(" ".join(thing)):
        return ""  # "Would you like three city e-bikes?": a proposal of values, taken or not (the offers and picks steps)
    return " ".join(thing)


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
                found.append((q.find(part), Asked(thing, "ask", (thing,))))
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
        else:  # the noun before ("人数是多少"), else the one after ("大概多少人")
            w = _zh_nouns_tail(ctx, clause[:m.start()]) or _zh_nouns_head(ctx, clause[m.end():])
        if w:
            out.append((at + m.start(), Asked(w, "count")))
    for m in _ZH_HOW_BIG.finditer(clause):  # "房子多大": the noun before
        w = _zh_nouns_tail(ctx, clause[:m.start()])
        if w and not m.group(0).endswith("少钱"):
            out.append((at + m.start(), Asked(w, "open")))
    for m in _ZH_WHAT.finditer(clause):
        w = _zh_nouns_head(ctx, clause[m.end():])
        if w and w not in ("时候", "时间"):  # "什么时候": a date, read by the date steps
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

    >>> from ctxgraph.extract.asked import _zh_ask, _demo_ctx
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
                                   and tokens[i + 1].tag_.startswith("v")) and not tokens[i].tag_.startswith("v"):
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
    return Asked(word, "ask", (rest,), yes=yes)


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
    for start, end in question_sentences(text):
        q = text[start:end].strip()
        # the sentence's question part: after the last clause that does not ask ("Thanks. ...")
        part = _en_question(q) if not ctx.profile.segmented else _zh_question(ctx, q)
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
        if a.word and any(o.word == a.word and o.kind == a.kind for o in out):
            continue
        out.append(a)
    return out


# ---------------------------------------------------------------- binding the answer

_CLAUSES = re.compile(r"(?:[^,，;；。！？!?\n.]|\.(?!\s|$)|(?<=\d),(?=\d{3}))+|[。！？!?\n]|\.(?=\s|$)")
_SENTENCE_MARK = re.compile(r"^[。！？!?\n.]$")
_NUMBER = re.compile(r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|"
                     r"forty|fifty|hundred|a couple|a few)\b|[一二两三四五六七八九十百千万半]", re.I)
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


def _value_of(ctx: MessageContext, clause: str, at: tuple[int, int]) -> str:
    """The value of a clause holding its slot's word: the rest when the word leads ("均分86" ->
    "86", "本科是南京审计大学" -> "南京审计大学"), the clause when the word ends it ("15,000 gallons",
    "会计专业")."""
    head, tail = clause[:at[0]].strip(_FILLER_EDGE), clause[at[1]:]
    if head:
        return clause.strip(_FILLER_EDGE)
    rest = (_LINK_ZH if ctx.profile.segmented else _LINK_EN).sub("", tail).strip(_FILLER_EDGE)
    return rest


def _read(ctx: MessageContext) -> list[str]:
    """Values the other steps read in this message."""
    return [u.value for u in ctx.units if isinstance(u, FactUnit) and not u.offered]


def _consumed(clause: str, read: list[str]) -> bool:
    c = _letters(clause)
    return any(_letters(v) and (c in _letters(v) or (_letters(v) in c and len(_letters(v)) * 2 >= len(c))) for v in read)


def _answer_clauses(ctx: MessageContext, text: str):
    """(start, end, raw) of the reply's clauses and sentence marks; in segmented writing a space
    between two Chinese words parts two values too ("华山医院总院 皮肤科 专家号")."""
    for m in _CLAUSES.finditer(text):
        if ctx.profile.segmented and not _SENTENCE_MARK.match(m.group(0)):
            pos = m.start()
            for gap in _HAN_SPACE.finditer(m.group(0)):
                yield pos, m.start() + gap.start(), text[pos:m.start() + gap.start()]
                pos = m.start() + gap.end()
            yield pos, m.end(), text[pos:m.end()]
        else:
            yield m.start(), m.end(), m.group(0)


_HAN_SPACE = re.compile(r"(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])")
#: words that say yes to a yes-no question, and no
_YES = {"en": re.compile(r"^\W*(?:yes|yeah|yep|yup|yea|ya|sure|definitely|absolutely|of course|correct|please|pls|plz|"
                         r"we do|i do|we will|i will|it does|it is|they do|there is|there are|yes please)\b[\s,.!:;-]*", re.I),
        "zh": re.compile(r"^\W*(?:是的|对的|对|是|嗯+|好的|好|行|可以|当然|要的|有的|需要的)[\s,，.。!！~、]*")}
_NO = re.compile(r"^\W*(?:no|nope|nah|not|none|never|don'?t|no need|no thanks)\b|^\W*(?:不|没|别|无|免|暂时不)", re.I)
#: what is said around a value, not the value ("pls", "吧", "the … one")
_AROUND_EN = re.compile(r"^(?:the|a|an)\s+|\s+(?:ones?|please|pls|plz|thanks|thank you|then|for me|for us)$", re.I)
_AROUND_ZH = re.compile(r"^(?:那就|就要|就|那|要|选)|(?:的|吧|了|呀|啊|哈|哦|呢)+$")
#: a clause that declines or complains about what it names is no pick ("not the oak", "太贵了")
_NOT_PICK = re.compile(r"\b(?:not|no|never|too)\b|n't\b|不|别|太|没", re.I)


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
    bounds = [0] + [m.end() for m in SENTENCE_END.finditer(text)] + [len(text)]
    for lo, hi in zip(bounds, bounds[1:]):
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
        if verb is None and m is None:
            return  # the reply does not open by saying yes: no bare answer to this question
        parts: list[str] = []
        for n, (start, end, raw) in enumerate(c for c in _answer_clauses(ctx, sentence) if not _SENTENCE_MARK.match(c[2])):
            clause = raw.strip(_FILLER_EDGE)
            if n == 0:
                if verb is not None:  # "有只狗": the verb said with its thing, the clause whole; "要，专票": the rest
                    rest = clause.lstrip(_FILLER_EDGE)[len(verb):]
                    clause = clause if _core(ctx, rest) else ""
                else:  # "yes please, …": every word of yes off
                    prev = None
                    while prev != clause:
                        prev, clause = clause, _YES[lang].sub("", clause).strip(_FILLER_EDGE)
                    clause = _core(ctx, clause) if clause else ""
                    if clause and not ctx.profile.segmented and not _bare(ctx, clause):
                        break  # "yes, did that", "Yes but no poison baits anywhere the dog can reach": a clause of its own, no value
                if clause:
                    parts.append(clause)
                continue
            if not clause or _SPEAKERS.search(clause) or ctx.asking(lo + start) or first_match(ctx.pack.rejects, clause) \
                    or _consumed(clause, read) or len(clause) > limit or not ctx.profile.segmented and not _bare(ctx, clause):
                break
            parts.append(_core(ctx, clause) if not parts else clause)
        value = ("，" if ctx.profile.segmented else ", ").join(p for p in parts if p)
        if not ctx.profile.segmented and a.word:  # "a small one at the back": the one is the thing asked of
            value = re.sub(r"\bones?\b", a.word, value, count=1, flags=re.I)
        value = _without_fillers(value, ctx.pack.answer_fillers) or value
        if value and len(value) <= limit * 2:
            filled[i] = value
            spans.append((lo, hi))


def bind_answer(ctx: MessageContext, asked: list[Asked]) -> list[tuple[Asked, str]]:
    """(slot, value) pairs the user's message gives for the ``asked`` slots (see the module)."""
    text = ctx.text
    read = _read(ctx)
    limit = MAX_VALUE_CHARS_SEGMENTED if ctx.profile.segmented else MAX_VALUE_CHARS
    if len(asked) == 1 and asked[0].kind == "free":  # "what should it say?": the words as they come, names and all
        said = text.strip(_FILLER_EDGE)
        if said and len(said) <= limit * 3 and not ctx.asked and not first_match(ctx.pack.rejects, said):
            return [(asked[0], said)]
        return []
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
        if _consumed(clause, read):
            for i, a in enumerate(asked):  # "华山医院总院": read already, its slot is answered
                if i not in filled and a.kind in ("open", "count") and _word_at(ctx, clause, a.word) is not None:
                    filled[i] = ""
                    break
            last, run = None, True
            continue
        if ctx.asking(start + raw.find(clause)) or first_match(pack.rejects, clause) or first_match(backs, clause) \
                or (first_match(pack.accepts, clause) and len(clause) <= 12):
            last, run = None, False
            continue
        if ctx.profile.segmented and wants:  # "要课桌式的": a want said as the answer, the value after it
            w = first_match(wants, clause)
            if w is not None and w.start() == 0 and w.end() < len(clause) and not w.groupdict().get("ask"):
                clause = _core(ctx, clause[w.end():]) or clause
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
        if j is None:  # an option of a choice or of a yes-no question
            core = _norm(clause)
            j = next((i for i in open_ if asked[i].kind in ("choice", "yesno", "pick") and any(
                core and (core in _norm(o) or _norm(o) in core) and len(core) <= len(_norm(o)) + 12 for o in asked[i].options)), None)
            if j is not None and asked[j].kind == "pick" and not bare:
                j = None  # "Ground floor is a must": a rule about an option, the picks and rules steps' to read
            if j is not None and asked[j].kind == "pick":  # the option the clause names, whole ("walnut" -> "walnut frame")
                by_option.add(j)
                value = next((_option_value(ctx, o) for o in asked[j].options
                              if core in _norm(o) or _norm(o) in core), clause)
        if j is None and bare:  # an option said by what sets it apart ("母的", "evening one")
            for i in open_:
                if asked[i].kind in ("choice", "pick") and len(asked[i].options) >= 2:
                    k = _option_by_part(ctx, clause, asked[i].options)
                    if k is not None:
                        j, value = i, _option_value(ctx, asked[i].options[k])
                        by_option.add(i)
                        break
        # the next slot asked, in order (a yes-no question of any verb is answered by yes, never by place)
        nxt = next((i for i, a in enumerate(asked) if i not in filled and a.kind != "ask"), None)
        if j is None and nxt is not None and bare and run:
            kind = asked[nxt].kind
            if kind in ("open", "free") or kind == "count" and _NUMBER.search(clause) \
                    or kind == "known" and _fits(ctx, asked[nxt], start, end):
                j = nxt
        if j is not None and value and len(value) <= limit:
            filled[j] = _without_fillers(value, pack.answer_fillers) or value
            last, run = j, True
        elif j is None and last is not None and bare and not any(
                start <= x.start < end and x.slot and x.kind in ("value", "id") for x in ctx.mentions):
            # the clause goes on with the value just given ("雅思考了6.5，小分有个5.5"), holding no typed value of its own
            sep = "，" if ctx.profile.segmented else ", "
            filled[last] = f"{filled[last]}{sep}{clause}" if filled[last] else ""
        elif j is None and bare and run and not open_ and ctx.profile.segmented and not _NOT_PICK.search(clause) \
                and _has_value(ctx, clause) and not any(
                start <= x.start < end and x.kind in ("value", "id") for x in ctx.mentions):
            extra.append(_core(ctx, clause) or clause)  # a value past the slots named, kept under its own key
        else:
            last, run = None, j is not None
    # a slot the packs know only keeps its place: its value is the packs' steps' to read (MultiWOZ's
    # "what day and time?" - "6 people. on friday": a clause by its place is no day); a pick only
    # when it was bound by the option it names
    out = [(asked[i], v) for i, v in sorted(filled.items())
           if v and asked[i].kind != "known" and (asked[i].kind != "pick" or i in by_option)]
    if extra and out:
        out.append((Asked(EXTRA_KEY, "extra"), ("，" if ctx.profile.segmented else ", ").join(extra)))
    return out


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


def _bare(ctx: MessageContext, clause: str) -> bool:
    """Whether ``clause`` is a bare value, not a clause of its own: it names neither speaker and
    has no finite verb (English: no auxiliary or negation; Chinese: no verb unless it holds a
    number or a Latin name, "雅思考了6.5", "冠能E9").

    >>> from ctxgraph.extract.asked import _bare, _demo_ctx
    >>> [_bare(_demo_ctx("en"), c) for c in ("in ground", "about 15,000 gallons", "dad isn't keen", "closer to my office")]
    [True, True, False, False]
    >>> [_bare(_demo_ctx("zh"), c) for c in ("会计专业", "雅思考了6.5", "阀门开着", "孩子明早要喝")]
    [True, True, False, False]
    """
    if _SPEAKERS.search(clause):
        return False
    if not ctx.profile.segmented:
        return not _EN_FINITE.search(clause)
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
    for a, value in bind_answer(ctx, asked):
        if any(_letters(value) in h for h in held) or _key(a, turn).casefold() in keys:
            continue  # read already, or its slot set by another step from this message
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
    return units


def _demo_ctx(lang: str) -> MessageContext:
    """A context over an empty graph, for the doctests."""
    from .._graph import new_graph
    from .compiled import compiled_packs
    from .context import Message

    return MessageContext(message=Message(role="user", text=""), index=0, graph=new_graph(), pack=compiled_packs((), (), (), packs=())[lang])


# ---------------------------------------------------------------- requests asked as questions, granted

#: a request said as a question ("could he also hang a mirror while he's there?", "can you post me a
#: brochure of the sash colours though"): who is asked, the deed, and the thing it is about
_EN_REQUEST = re.compile(
    r"(?:^|[.!?]\s+|\b(?:and|also|oh|so|but)\s+)(?:can|could|would|will)\s+(?:you|he|she|they|someone|somebody|your \w+)\s+"
    r"(?:also\s+|please\s+|just\s+|maybe\s+)*(?P<deed>[a-z]+)\s+(?:me\s+|us\s+|him\s+|her\s+|them\s+)?"
    r"(?P<thing>(?:a|an|the|some|my|our|his|her|their)\s+[^?.!,]{2,40}?)"
    r"(?=\s+(?:while|when|too|as well|though|please|for me|for us|to me|to us|today|tomorrow)\b|\s*[?.!,]|\s*$)", re.I)
_ZH_REQUEST = re.compile(
    r"(?:能不能|能否|可不可以|可以|能)(?:帮我|给我|帮忙|麻烦|顺便|再|也|另外|一起)+(?P<thing>[^，,。？?！!吗]{3,12})(?:吗|么)?[？?]")
#: words that turn a request down at the start of the reply
_DECLINED = re.compile(r"^\W*(?:sorry|unfortunately|i'm afraid|we can't|we cannot|i can't|i cannot|no\b|不好意思|抱歉|不行|不能|没办法|暂时不)", re.I)
#: deeds that take a thing away or put another in its place: the thing named is not the user's item
_EN_CHANGE_DEED = re.compile(r"^(?:swap|switch|replace|change|cancel|remove|drop|move|exchange|return|refund|stop|skip|pause|take)$", re.I)
_ARTICLE = re.compile(r"^(?:a|an|the|some)\s+", re.I)


def asked_requests(ctx: MessageContext, text: str) -> list[str]:
    """The things the user's message asks the service to do something with, as questions.

    >>> from ctxgraph.extract.asked import asked_requests, _demo_ctx
    >>> asked_requests(_demo_ctx("en"), "lovely. could she also trim the hedge while she's there?")
    ['hedge']
    >>> asked_requests(_demo_ctx("zh"), "好的。能不能顺便清洗一下油烟机？")
    ['清洗一下油烟机']
    """
    if ctx.profile.segmented:
        return [m.group("thing") for m in _ZH_REQUEST.finditer(text)]
    return [_ARTICLE.sub("", m.group("thing").strip()) for m in _EN_REQUEST.finditer(text)
            if not _EN_CHANGE_DEED.match(m.group("deed")) and (
                "?" in text[m.end():m.end() + 60] or text.rstrip().endswith("?") or re.match(r"\s*(?:though|please)", text[m.end():], re.I))]


@step("granted_requests", roles=("assistant",))
def granted_requests(ctx: MessageContext) -> list[_Unit]:
    """A request the user asked as a question, granted in the assistant's reply (a deed reported
    done or promised: "I've added it", "I'll post the colour brochure today"), is the user's item."""
    from .._units import CommitmentUnit

    G = ctx.graph
    last = G.graph.get("last_turn")
    if not last or G.nodes[last]["role"] != "user" or _DECLINED.match(ctx.text):
        return []
    granted = bool(first_match(ctx.pack.done, ctx.text)) or bool(ctx.units_of(CommitmentUnit))
    if not granted:
        return []
    held = [_letters(str(G.nodes[f]["value"])) for f in G.graph["current_fact"].values()]
    held += [_letters(u.value) for u in ctx.units_of(FactUnit)]
    units: list[_Unit] = []
    for thing in asked_requests(ctx, G.nodes[last]["text"] or ""):
        if thing and not any(_letters(thing) in h for h in held):
            units.append(FactUnit(key=f"request_t{G.nodes[last]['index']}", name="请求" if ctx.profile.segmented else "request",
                                  value=thing))
    return units[:1]


# ---------------------------------------------------------------- a partial value the assistant completes

#: the assistant's reply opens by saying the user is right ("对，…", "Yes, that's …")
_CONFIRMS = re.compile(r"^\W*(?:对的?|是的|没错|对呀|yes|yep|yeah|right|correct|that's right|exactly)\b|^\W*(?:对的?|是的|没错)", re.I)
#: at least this many letters of the user's words stand inside the value the assistant completes
PART_CHARS_SEGMENTED = 3
PART_CHARS = 5


def _shared_part(user: str, value: str, segmented: bool) -> str:
    """The longest run of the user's words that stands inside ``value`` ("文三路" in "文三路478号…";
    "carver street" in "14 Carver Street, Suite 210")."""
    u, v = user.casefold(), value.casefold()
    best = ""
    if segmented:
        for i in range(len(u)):
            for j in range(i + len(best) + 1, len(u) + 1):
                if u[i:j] in v and re.search(r"\w", u[i:j]):
                    best = u[i:j]
                else:
                    break
        return best
    words = re.findall(r"[\w'-]+", u)
    for i in range(len(words)):
        for j in range(i + 1, len(words) + 1):
            run = " ".join(words[i:j])
            if re.search(rf"(?<!\w){re.escape(run)}(?!\w)", v) and len(run) > len(best):
                best = run
    return best


@step("completed_values", roles=("assistant",))
def completed_values(ctx: MessageContext) -> list[_Unit]:
    """A value the user names in part ("还是文三路那个", "the Carver Street one") that the assistant
    confirms whole ("对，文三路478号华星时代公寓3幢1102") is the user's, under the value's slot.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "user", "content": "地址没变吧，还是建设路那个"},
    ...                 {"role": "assistant", "content": "对，建设路66号阳光小区5栋302。"}])
    >>> [(f.key, f.value) for f in t.state().facts if f.status == "current"]
    [('address', '建设路66号阳光小区5栋302')]
    """
    G = ctx.graph
    last = G.graph.get("last_turn")
    if not last or G.nodes[last]["role"] != "user" or not _CONFIRMS.match(ctx.text):
        return []
    said = G.nodes[last]["text"] or ""
    need = PART_CHARS_SEGMENTED if ctx.profile.segmented else PART_CHARS
    if ctx.units_of(FactUnit) and any(not u.offered for u in ctx.units_of(FactUnit)):
        return []  # the assistant's words were read as facts already
    units: list[_Unit] = []
    for m in ctx.mentions:
        # the assistant's bare values lose their slot (a shop's own address); the label's slot is the user's
        slot = ctx.pack.slots.get(m.slot or ctx.pack.label_slots.get(m.label) or next(
            (s.id for s in ctx.pack.slots.values() if s.types and s.types[0] == m.label and not s.scoped), ""))
        if slot is None or m.kind != "value" or m.text.casefold() in said.casefold():
            continue
        part = _shared_part(said, m.text, ctx.profile.segmented)
        if len(re.sub(r"\W", "", part)) >= need and not any(
                str(G.nodes[f]["value"]).casefold() == m.text.casefold() for f in G.graph["current_fact"].values()):
            key, name, group = ctx.pack.scoped(slot, ctx.domain_at(m.start, slot))
            units.append(FactUnit(key=key, name=name, value=m.text, slot=slot.id, group=group, terse=slot.terse))
    return units[:1]
