"""The picks step: the user takes one of the alternatives the assistant just named in words.

The offers step decides on options that are entities (a product, a venue, a date). Many choices
in customer service are words no entity rule knows: a repair by mail or at a shop ("可以寄修，
也可以去小米之家" - "寄修吧"), a colour ("雾霾蓝（14件）和米白（3件）" - "雾霾蓝吧"), a payment plan
("3期、6期或12期" - "还是12期吧"). When one of the assistant's last messages lists alternatives
(the pack's ``alternatives`` cues: "or", "还是", "也可以" ...) and a short clause of the user's
reply repeats a distinctive part of exactly one of them, that alternative is the user's choice:
a fact keyed ``choice_t<turn>`` (one key per list, so a later pick from the same list replaces the
earlier one, and a pick from another list stands beside it). Questions, declining clauses
("米白太容易脏了不要") and parts a fact of this message already holds pick nothing.

>>> from ctxgraph import Tracker
>>> t = Tracker("zh")
>>> t.observe_many([{"role": "assistant", "content": "您的小米13已过保，换电池149元。可以寄修，也可以去小米之家。"},
...                 {"role": "user", "content": "寄修吧 附近没店"}])
>>> [(f.name, f.value) for f in t.state().facts if f.status == "current"]
[('choice', '可以寄修')]
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from .._units import FactUnit, _Unit
from ..lang import content_words
from .context import MessageContext
from .options import lead_in, without_shared_tail
from .notchosen import asks, others_experience, put_off_until
from .overtaken import turned
from .registry import step
from .text import clauses, first_match, in_spans, whole_words

#: how far back the alternatives may be: this many assistant messages
LOOK_BACK = 3
#: a reply clause longer than this (characters) states more than a pick
MAX_CLAUSE_CHARS = 40
#: an alternative taken by a bare answer to "which?" is a name of at most this many Chinese
#: characters or Latin words
MAX_ANSWER_CJK, MAX_ANSWER_WORDS = 12, 4
#: a chosen alternative is kept up to this many characters
MAX_VALUE_CHARS = 60
# a sentence of the assistant's (a dot inside a number is no end: "$129.95", "0.7%")
_SENTENCE_SPLIT = re.compile(r"(?<!\d)\.(?!\d)|[。!?！？\n]")
# where one alternative ends and the next begins, inside a sentence that lists them
_PIECE_SPLIT = re.compile(r"[；;]|\b(?:or|either)\b|还是|或者|或|也可以|[①②③④⑤⑥]", re.I)
# the parts of one alternative ("①月供不变，缩短期限": two parts of one option)
# (fix12) and a dot after a number that ends its sentence ("… a Thermal tandem at £190. Which would you like?": the
# question is a part of its own, which asks, not a part of the option's value)
_SEGMENT_SPLIT = re.compile(r"[，,、:：()（）]|\band\b|和|以及|(?<=\d)\.\s+(?=[A-Z])", re.I)
_CJK = re.compile(r"[\u4e00-\u9fff]")
# a clause that declines or complains about what it names picks nothing ("not saturday", "Rust is
# a bit loud for me", "保额降太多了")
_NOT_A_PICK = re.compile(r"\b(?:not|no|never|too|a bit)\b|n't\b|不|别|太", re.I)
# besides the pack's accepting cues, a word that says the clause asks for what it names ("mail in
# please", "寄修吧"), or a clause that singles one out as "the <part> one" ("the booth one", "The
# online one", "the six month one"): an echo without one is talk about an option, not a pick
_PICK_WORD = re.compile(r"\b(?:please|pls|plz)\b|吧|^\W*the\s+(?:\w+[\s-]){0,3}?\w+\s+one\b", re.I)
# the assistant's list ends asking which one ("请问您考虑哪种？", "Which would you like?"): the
# reply that opens by naming one of them answers it, with or without an accepting word
_WHICH = re.compile(r"哪(?:一|个|张|种|家|款|位|班|套)|选哪|\bwhich\b", re.I)
# a part that names the slot asked for ("请问哪家医院", "what time"), not an alternative
_ASKS_SLOT = re.compile(r"哪|什么|多少|请问|^\W*(?:which|what|how|when|where|who)\b", re.I)
#: (user27) a part that speaks of every alternative ("…or Ms Clarke on Wednesdays at 7pm, both online", "…或半日制，都含教材"):
#: it rides on the last alternative's piece after a comma but is no part of it, so echoing it ("ok online is fine")
#: picks none
#: ("all day" is an option of its own: "all" only with "of them" or a verb)
_OF_ALL = re.compile(r"^\W*(?:both|(?:all|each) of them|all (?:are|include|come|have)|each (?:is|includes|comes|has))\b"
                     r"|^(?:都|均|全都|两[个种款家位]?都|三[个种款家位]?都)", re.I)
_ASKS_WHICH = re.compile(_WHICH.pattern + r"[^。.!！\n]*[？?]\s*$", re.I)


def _short_name(value: str) -> bool:
    """An option named in a few words ("全日制", "Premium with unlimited data"), not a sentence
    ("You can have a remote session with a technician today at 2pm")."""
    return len(_CJK.findall(value)) <= MAX_ANSWER_CJK and len(re.findall(r"[A-Za-z0-9]+", value)) <= MAX_ANSWER_WORDS


def _normal(text: str) -> str:
    return re.sub(r"[-_]", " ", text.casefold())


def _segments(text: str) -> list[str]:
    return [s.strip() for s in _SEGMENT_SPLIT.split(text) if s and s.strip()]


#: :func:`alternatives` already read: (text, the cues' ids) -> (the cues, kept alive so no id is reused; the parts)
_READ: dict[tuple[str, tuple[int, ...]], tuple[tuple[re.Pattern, ...], tuple[tuple[str, ...], ...]]] = {}
_READ_KEPT = 512


def alternatives(text: str, cues: list[re.Pattern]) -> list[list[str]]:
    """The alternatives the sentences of ``text`` that hold a cue list, each as its parts (new lists
    each call; a text is read once: every user message re-reads the last assistant messages).

    >>> from ctxgraph.extract.compiled import compiled_packs
    >>> alternatives("还10万后有两种方式：①月供不变，缩短期限；②期限不变，减少月供。您选哪种？",
    ...              compiled_packs((), ())["zh"].alternatives)
    [['月供不变', '缩短期限'], ['期限不变', '减少月供']]
    """
    key = (text, tuple(map(id, cues)))
    hit = _READ.get(key)
    if hit is None:
        if len(_READ) >= _READ_KEPT:
            _READ.clear()
        hit = _READ[key] = (tuple(cues), tuple(map(tuple, _alternatives(text, cues))))
    return [list(parts) for parts in hit[1]]


def _alternatives(text: str, cues) -> list[list[str]]:
    out: list[list[str]] = []
    sentences = _SENTENCE_SPLIT.split(text)
    ends = [m.group(0) for m in _SENTENCE_SPLIT.finditer(text)] + [""]
    for n, sentence in enumerate(sentences):
        # a list followed by the question which of them ("两种班型：全日制…，半日制…。请问您考虑哪种？");
        # a question before it is none ("孩子叫什么名字？在哪个校区上课？")
        before_which = n + 1 < len(sentences) and _WHICH.search(sentences[n + 1]) is not None \
            and ends[n] not in ("?", "？")
        if pair := _named_pair(sentence, cues):
            out += pair  # (user26zh) "有无烟房和普通房，无烟房每晚388元": the two things said to be had, not the remark
            continue
        if not sentence.strip() or not (first_match([c for c in cues if "first" not in c.groupindex], sentence) or before_which):
            continue
        # the list's lead-in ("试听有", "Lessons available:") is no part of its first alternative
        pieces = [p for p in _PIECE_SPLIT.split(sentence[len(lead_in(sentence)):]) if p and p.strip()]
        if len(pieces) > 1:
            pieces[-1] = without_shared_tail(pieces[-1])  # (prec25) "明天上午或者后天下午都能派师傅"
            out += [segs for p in pieces if (segs := _segments(p))]
        else:  # "尾号0427的龙卡和尾号6651的龙卡，是哪一张？": the parts are the alternatives, after the lead-in (lead22:
            # "周三上午骨科有王主任和刘医生的号" lists 王主任, not the day and the department with him)
            # (lead23) what 都 says of the two is no part of the last ("刘教练和陈教练都有空，您约哪位？": not "空")
            listed = without_shared_tail(sentence)
            lead = lead_in(listed)
            lead = lead if _HAS_LEAD.fullmatch(lead) else ""
            out += [[seg] for n, seg in enumerate(_segments(listed[len(lead):])) if not (n and _OF_ALL.search(seg))]
    # a part that asks ("请问哪家医院、哪个科？" lists the slots the assistant asks for) is no alternative, nor (user27) a
    # later part said of all of them ("…, both online"; a first part is the alternative's own: "Both ears is £75")
    return [kept for segs in out
            if (kept := [s for n, s in enumerate(segs) if not _ASKS_SLOT.search(s) and not (n and _OF_ALL.search(s))])]


#: words of a reply or an option that name no option (a reply's filler, a verb of wanting, a word of praise)
NOT_A_NAME = frozenset({"one", "ones", "option", "please", "pls", "then", "think", "fine", "actually", "thanks", "have", "has", "had",
                        "take", "get", "want", "need", "like", "would", "could", "rather", "just", "also", "sound", "good", "great",
                        "available", "cost", "come",
                        # (lead23) interjections: "oh the luton" names the Luton as "the luton" does
                        "oh", "ah", "ahh", "erm", "er", "uh", "um", "umm", "hmm", "hm", "well", "ooh", "aah"})
#: (lead22) a lead-in of one clause ending in 有 ("周三上午骨科有"): not one across clauses or options ("线下小班在…，线上也有",
#: "是变淡还是有"), after an acknowledgement at most ("好的，有标间和大床房")
_HAS_LEAD = re.compile(r"(?:(?:好的|好|嗯|可以|没问题|您好|你好)[，,])?[^，,：:。还或]*有", re.S)
#: (user26zh) an amount in a sentence of options: "298元", "¥468", "$20"
_PRICE = re.compile(r"[¥￥$£€]\s?\d|\d(?:[\d,.]*)\s?(?:元|块)")


def _named_pair(sentence: str, cues) -> list[list[str]]:
    """(user26zh) The two alternatives a cue with ``first`` and ``second`` groups names in ``sentence`` ("我们有
    海景房和普通房两种" -> 海景房, 普通房), else []. A sentence that prices two options is left to the choose step
    ("有普通镜片和防蓝光镜片两种，普通的298元，防蓝光的468元")."""
    if len(_PRICE.findall(sentence)) >= 2:
        return []
    for cue in cues:
        m = cue.search(sentence)
        if m and "first" in cue.groupindex and "second" in cue.groupindex and m.group("first") and m.group("second"):
            return [[m.group("first")], [m.group("second")]]
    return []


def _distinctive(part: str, lang: str) -> bool:
    """A part worth matching: three Chinese characters, two that make a content word ("寄修",
    not "好的") or (picks15) a word the segmenter reads as an idiom or abbreviation (轻奢), one with a
    digit ("6期"); or a content word of four letters or more.

    >>> _distinctive("轻奢", "zh"), _distinctive("可以", "zh"), _distinctive("6期", "zh")
    (True, False, True)
    >>> _distinctive("then", "en"), _distinctive("solus", "en")
    (False, True)
    """
    if _CJK.search(part):
        cjk, digits = len(_CJK.findall(part)), len(re.findall(r"\d", part))
        return cjk >= 3 or (cjk >= 1 and digits >= 1) or (cjk >= 2 and (bool(content_words(part, "zh")) or _set_phrase(part)))
    # (prec23) a word that names no option is no part of one: "actually do 8000 then" shares only "then" with
    # "then solus distribution (…)", and picks nothing
    return any(len(w) >= 4 for w in content_words(part, lang) if w.casefold() not in NOT_A_NAME)


def _set_phrase(part: str) -> bool:
    """``part`` is one word the segmenter tags as an idiom, a set phrase or an abbreviation (轻奢: i), which
    :func:`content_words` leaves out."""
    from .._nlp import chinese_doc

    tokens = list(chinese_doc(part.strip()))
    return len(tokens) == 1 and tokens[0].tag_[:1] in ("i", "l", "j")


def _whole(part: str, text: str) -> bool:
    """A Latin part stands as whole words in ``text`` ("mail in", not "ail i")."""
    if _CJK.search(part) or not part.strip():
        return True
    return whole_words(part.strip(), text)


def _shared(clause: str, segment: str, lang: str, slot_words: re.Pattern | None) -> str:
    """The longest distinctive part ``clause`` and ``segment`` share; a slot word is no part
    ("请提供订单号或者手机号" - "订单号 VP26..." gives a value, it picks nothing)."""
    a, b = _normal(clause), _normal(segment)
    if _CJK.search(a + b):
        m = SequenceMatcher(None, a, b, autojunk=False).find_longest_match(0, len(a), 0, len(b))
        part = b[m.b:m.b + m.size].strip()
    else:  # Latin: the longest run of whole words both say ("the booth one" / "a phone-booth desk": "booth")
        part = _common_words(a, b)
    bare = slot_words.sub(" ", part) if slot_words else part
    return part if part and _distinctive(bare, lang) and _whole(part, a) and _whole(part, b) else ""


def _common_words(a: str, b: str) -> str:
    """The longest run of whole words ``a`` and ``b`` share (by characters).

    >>> _common_words("the booth one sounds right", "a phone booth desk at £26/day")
    'booth'
    >>> _common_words("the chicken one", "the smoked chicken at $11")
    'chicken'
    """
    x, y = re.findall(r"[^\W_]+|[^\w\s]", a), re.findall(r"[^\W_]+|[^\w\s]", b)
    best, run = (0, 0, 0), [0] * (len(y) + 1)  # (characters, end in y, words); runs ending at each word of y
    for i in range(len(x)):
        prev, run = run, [0] * (len(y) + 1)
        for j in range(len(y)):
            if x[i] == y[j]:
                run[j + 1] = prev[j] + 1
                chars = sum(len(w) for w in y[j + 1 - run[j + 1]:j + 1])
                best = max(best, (chars, j + 1, run[j + 1]))
    if not best[0]:
        return ""
    words = y[best[1] - best[2]:best[1]]
    start = b.find(words[0])  # the run as ``b`` writes it, spaces and signs kept
    end = b.find(words[-1], start) + len(words[-1]) if start != -1 else -1
    return b[start:end].strip() if start != -1 and end > start else " ".join(words)


def _pick(clause: str, listed: list[list[str]], lang: str, slot_words: re.Pattern | None) -> str | None:
    """The part of the one alternative the clause repeats most of (None when two alternatives
    share as much, or none shares anything distinctive)."""
    best: list[tuple[int, str]] = []
    for parts in listed:
        scored = [(len(p), seg) for seg in parts if (p := _shared(clause, seg, lang, slot_words))]
        if scored:
            best.append(max(scored))
    best.sort(reverse=True)
    if not best or (len(best) > 1 and best[0][0] == best[1][0]):
        return None
    return best[0][1][:MAX_VALUE_CHARS]


#: "the eco one", "the red one": a short word the clause points with, too short for a part of its own
_POINTED = re.compile(r"^\W*the\s+([a-z]{2,3})\s+one\b", re.I)


def _pointed(clause: str, listed: list[list[str]]) -> str | None:
    """The part of the one alternative that holds, as a whole word, the two- or three-letter word the
    clause points with ("the eco one" - "Eco Wash (cold, fragrance free)").

    >>> _pointed("the eco one pls", [["Wash & Fold at £1.90/kg"], ["Eco Wash", "cold"]])
    'Eco Wash'
    >>> _pointed("the new one", [["new battery"], ["new screen"]]) is None
    True
    """
    m = _POINTED.match(clause)
    if m is None:
        return None
    hits = [seg for parts in listed for seg in parts if whole_words(m.group(1).casefold(), seg.casefold())]
    alts = {id(parts) for parts in listed for seg in parts if seg in hits}
    return hits[0][:MAX_VALUE_CHARS] if len(alts) == 1 else None


def _listing_turns(ctx: MessageContext) -> list[tuple[int, list[list[str]]]]:
    """(turn index, alternatives) of the last assistant messages that list some, newest first."""
    G, out, seen = ctx.graph, [], 0
    for node in reversed(G.graph["kinds"].get("turn", [])[-8:]):
        d = G.nodes[node]
        if d["role"] != "assistant" or not d["text"].strip():
            continue
        seen += 1
        listed = alternatives(d["text"], ctx.pack.alternatives)
        if len(listed) > 1:
            out.append((d["index"], listed))
        if seen == LOOK_BACK:
            break
    # the lists the current choices were picked from: a later reply may change its mind
    for fid in G.graph["current_fact"].values():
        m = re.fullmatch(r"choice_t(\d+)", str(G.nodes[fid].get("key", "")))
        node = f"t{m.group(1)}" if m else None
        if node in G and not any(turn == int(m.group(1)) for turn, _ in out):
            out.append((-int(m.group(1)) - 1, alternatives(G.nodes[node]["text"], ctx.pack.alternatives)))
    return out


@step("picks", roles=("user",))
def picks(ctx: MessageContext) -> list[_Unit]:
    """The alternative the user's short reply picks, as a ``choice_t<turn>`` fact."""
    if not ctx.pack.alternatives:
        return []
    listing = _listing_turns(ctx)
    if not listing:
        return []
    held = [_normal(u.value) for u in ctx.units_of(FactUnit)]
    slot_words = ctx.pack.synonym_rx
    last = ctx.graph.graph.get("last_turn")
    said = ctx.graph.nodes[last] if last else {}
    last_said, said_text = (said.get("index"), said.get("text", "")) if said.get("role") == "assistant" else (None, "")
    chosen: dict[str, str] = {}
    words_of: dict[str, str] = {}
    said_at: dict[str, int] = {}  # where each pick of this message was said
    turns = turn_spans(ctx)
    until = put_off_until(ctx.text, ctx.lang, [s for _, listed in listing for alt in listed for s in alt])  # (fix12) "…let me ask my wife", 带蓝牙那款吧，我再跟老公商量下: put off
    for offset, clause in clauses(ctx.text):
        if offset + len(clause) <= until:
            continue
        if offset < until:  # (picks15) "我再想想……还是轻奢吧": the clause's words after the deferral are decided
            clause, offset = ctx.text[until:offset + len(clause)], until
        if len(clause.strip()) > MAX_CLAUSE_CHARS or in_spans(offset, ctx.asked) \
                or first_match(ctx.pack.rejects, clause) or _NOT_A_PICK.search(clause):
            continue
        if asks(clause, ctx.lang) or others_experience(clause, ctx.lang):
            continue  # (fix12) 带蓝牙那款多重 asks with no mark; 我朋友买的带蓝牙那种 is a friend's, not the user's pick
        clause, offset = _after_change(clause, offset, ctx.lang)
        cued = bool(_PICK_WORD.search(clause) or first_match(ctx.pack.accepts, clause))
        for turn, listed in listing:
            # "您考虑哪种？" - "全日制。…": the reply's first clause answers the question just asked
            answered = offset == 0 and turn == last_said and bool(_ASKS_WHICH.search(said_text))
            value = _pick(clause, listed, ctx.lang, slot_words) or _pointed(clause, listed)
            if value is None:
                continue
            turn = -turn - 1 if turn < 0 else turn  # a list older than the last messages, re-read for a change of mind
            if _other_head(clause, value, _shared(clause, value, ctx.lang, slot_words)):
                continue  # the head noun of another thing ("乔医师" is no "主任医师")
            if _other_word(clause, value, _shared(clause, value, ctx.lang, slot_words)):
                continue  # (user36) the first characters of another word ("羽绒被" is no "羽绒服普洗")
            earlier = _same_choice(ctx, listed, value, slot_words)
            # a first pick says so ("mail in please", "寄修吧"); naming another option of a list
            # the user already chose from changes the choice ("just do the credit")
            # an answer with no accepting word takes an option named in a few words, not a sentence
            answered = answered and _short_name(value)
            key = earlier or f"choice_t{turn}"
            # (prec30) another option of the list after words that turn away from the pick before them ("the oak one
            # please. no wait, the pine one", "红色的吧。哦不，蓝色的"), or said as the one now ("so stage 1 for now"): the later pick
            repick = key in chosen and chosen[key] != value and (turned_between(turns, said_at[key], offset) or bool(_NOW.search(clause)))
            if (cued or earlier or answered or repick) and not any(_normal(value) in h or h in _normal(value) for h in held if h):
                if repick:
                    del chosen[key], words_of[key], said_at[key]
                chosen.setdefault(key, value)
                said_at.setdefault(key, offset)
                words_of.setdefault(key, one_words(clause, _shared(clause, value, ctx.lang, slot_words) or value))
            break
        else:  # (miss24en) "just the normal one": the plain option, named by no word of the list
            if (plain := plain_one(clause)) and not any(plain.casefold() in h for h in held):
                newest = listing[0][0] if listing[0][0] >= 0 else -listing[0][0] - 1
                key = _chosen_from(ctx, listing) or f"choice_t{newest}"
                chosen.setdefault(key, plain)
    # (acts20) a list's pick this message's change already moved ("周六上午我女儿要过来，改成周日下午吧") is not taken again;
    # (missen19) an alternative taken as "the <word> one" keeps the user's words, the alternative in brackets beside
    moved = {u.key for u in ctx.units_of(FactUnit) if u.correction}
    return [FactUnit(key=key, name="choice", value=f"{words_of[key]} ({value})" if words_of.get(key) else value,
                     correction=ctx.correcting, stressed=ctx.stressed)
            for key, value in chosen.items() if key not in moved]


#: (prec30) a pick said as the one for now or in place of another ("so stage 1 for now", "the pine one instead")
_NOW = re.compile(r"\b(?:for now|instead)\b|(?:先|还是)[^，,。！!？?]{0,8}吧", re.I)


def turn_spans(ctx: MessageContext) -> list[tuple[int, int]]:
    """(prec30) The spans of the message's words that turn away from what it said before them: the pack's
    ``self_corrections`` and ``take_backs``, and a sentence opening with a bare "No," / "Wait," (:func:`overtaken.turned`)."""
    rxs = [*ctx.pack.self_corrections, *getattr(ctx.pack, "take_backs", ())]
    return [m.span() for rx in rxs for m in rx.finditer(ctx.text) if not _HEDGE.fullmatch(m.group(0))] + turned(ctx.text, ctx.lang)


#: (prec30) a correction word that as often hedges a guess ("颜色变淡，应该是没粉了。那就是粉盒对吧": no pick is taken back)
_HEDGE = re.compile(r"应该是")


def turned_between(spans: list[tuple[int, int]], start: int, end: int) -> bool:
    """(prec30) Whether a turn-away span lies after ``start`` and ends by ``end``: a pick said after it replaces the one
    said before it in the same message.

    >>> turned_between([(20, 27)], 0, 29), turned_between([(20, 27)], 0, 18), turned_between([], 0, 29)
    (True, False, False)
    """
    return any(start < lo and hi <= end for lo, hi in spans)


#: (miss24en) "the normal one", "just the basic one": the option without the extras, which the list names by no word
#: ("the cheaper one" is left to the step that compares the prices)
_PLAIN_ONE = re.compile(r"^\W*(?:(?:yes|yeah|ok|okay|no|just|only|then)\W+)*the\s+"
                        r"((?:normal|standard|basic|regular|ordinary|usual|plain|simple)\s+one)\b", re.I)


def plain_one(clause: str) -> str:
    """(miss24en) The user's words that take the plain option of a list ("normal one"), or "".

    >>> plain_one("just the normal one"), plain_one("yes. the basic one, 30 is fine"), plain_one("is the normal one dearer")
    ('normal one', 'basic one', '')
    >>> plain_one("near the normal one"), plain_one("the red one")
    ('', '')
    """
    m = _PLAIN_ONE.match(clause)
    return m.group(1) if m else ""


def _chosen_from(ctx: MessageContext, listing: list[tuple[int, list[list[str]]]]) -> str | None:
    """(miss24en) The key of the current choice taken from one of the lists in ``listing`` (newest list first): a plain
    pick after it changes it ("Full Snag plus thermal" - "just the normal one")."""
    current = ctx.graph.graph["current_fact"]
    for turn, _ in listing:
        key = f"choice_t{turn if turn >= 0 else -turn - 1}"
        if any(str(ctx.graph.nodes[fid].get("key", "")) == key for fid in current.values()):
            return key
    return None


#: (prec23) the words of a change that put the old value before them: "周五改成周六吧" (zh; an English "change the
#: friday to saturday" re-picked no option on any open chat or a chat of our own, so it has no entry)
_CHANGED_TO = {"zh": re.compile(r"(?:改成|改为|换成|换为|变成|调整为|修改为|改到|换到)")}


def _after_change(clause: str, offset: int, lang: str) -> tuple[str, int]:
    """(prec23) The clause from its last change on ("周五改成周六吧" -> "周六吧"): what stands before "改成" / "change
    X to" is given up, and picks nothing (the option it names was the standing pick). A clause without one is kept.

    >>> _after_change("哦对，周五改成周六吧", 0, "zh"), _after_change("周五吧", 3, "zh")
    (('周六吧', 7), ('周五吧', 3))
    """
    rx = _CHANGED_TO.get(lang)
    last = max(rx.finditer(clause), key=lambda m: m.end(), default=None) if rx else None
    return (clause[last.end():], offset + last.end()) if last else (clause, offset)


# (missen19) "the siblings one", "certificate one": up to three words right before "one" that point at an alternative
_ONE_WORDS = re.compile(r"((?:[\w'-]+\s+){1,3})one\b", re.I)


def one_words(clause: str, part: str) -> str:
    """(missen19) The user's words "<...> one" that name the alternative by ``part`` (the words the clause shares with
    it), from the first word of the part on, or "": "one" with no word of the part right before it ("which one", "the
    other one") names nothing.

    >>> one_words("the siblings one if they like it", "two siblings"), one_words("we take the certificate one", "certificate")
    ('siblings one', 'certificate one')
    >>> one_words("certificate please, the other one is dear", "certificate"), one_words("Eco Wash", "Eco Wash")
    ('', '')
    >>> one_words("the gf one pls", "the GF base")
    'gf one'
    """
    words = {w.casefold() for w in re.findall(r"[^\W_]+", part)} - {"the", "a", "an", "one"}
    for m in _ONE_WORDS.finditer(clause):
        before = list(re.finditer(r"[\w'-]+", m.group(1)))
        at = next((w.start() for w in before if w.group(0).casefold() in words), None)
        if at is not None:
            return clause[m.start(1) + at:m.end()]
    return ""


def bracketed(value: str) -> str:
    """(missen19) The alternative a pick holds: in brackets after the user's words ("siblings one (£55 a month for two
    siblings)"), else the value itself.

    >>> bracketed("block one (a weekend block on 16-17)"), bracketed("Westgate")
    ('a weekend block on 16-17', 'Westgate')
    """
    m = re.fullmatch(r"[^()]+ \((.+)\)", value)
    return m.group(1) if m else value


def _other_head(clause: str, value: str, part: str) -> bool:
    """``part`` ends the option and follows another word in the clause: the same head noun of
    another thing ("乔医师" against "主任医师"), not a name of the option.

    >>> _other_head("乔医师周六那个", "主任医师", "医师"), _other_head("那还是缩短年限", "缩短期限", "缩短")
    (True, False)
    >>> _other_head("那我线上办吧", "您想线上办", "线上办")  # (picks17) a pronoun before the option's words modifies nothing
    False
    """
    if not part or not _CJK.search(part) or not value.endswith(part):
        return False
    at = clause.find(part)
    return at > 0 and bool(_CJK.match(clause[at - 1])) and clause[at - 1] not in "那这的是要选我你您就"


def _other_word(clause: str, value: str, part: str) -> bool:
    """(user36) ``part`` ends inside a word of the clause (a segmenter's token) that the option goes on otherwise from:
    the first characters of another thing ("对了再加一床羽绒被" shares 羽绒 with "羽绒服普洗45元/件"), not a name of the
    option. A part that is a whole word of the clause ("普洗吧", "红包我们自己准备") is read as before.

    >>> _other_word("对了再加一床羽绒被", "羽绒服普洗45元/件", "羽绒"), _other_word("都精洗吧", "精洗（含除菌）", "精洗")
    (True, False)
    >>> _other_word("精洗两件", "精洗78元/件", "精洗"), _other_word("要大床", "大床房", "大床")
    (False, False)
    """
    if not part or not _CJK.search(part):
        return False
    at, there = clause.find(part), value.find(part)
    if at < 0 or there < 0:
        return False
    end, theirs = at + len(part), value[there + len(part):there + len(part) + 1]
    if end >= len(clause) or not _CJK.match(clause[end]) or not theirs or theirs == clause[end]:
        return False
    from .._nlp import chinese_doc

    offset = 0
    for token in chinese_doc(clause):
        offset = clause.find(token.text, offset)
        if offset < end < offset + len(token.text):
            return offset <= at  # the token holds the part from its start on and goes on past it
        offset += len(token.text)
    return False


def _same_choice(ctx: MessageContext, listed: list[list[str]], value: str, slot_words: re.Pattern | None) -> str | None:
    """The key of an earlier choice that this list offers again beside the new pick ("Still want
    the remake, or the refund or credit instead?"): the new pick replaces it."""
    G = ctx.graph
    mine = next((parts for parts in listed if value in parts), [])
    for key, fid in G.graph["current_fact"].items():
        d = G.nodes[fid]
        if not str(d.get("key", "")).startswith("choice_t"):
            continue
        if isinstance(d.get("normalized"), str) and _normal(value) in _normal(d["normalized"]):
            continue  # (picks10) a part of the very option chosen (the choose step keeps it as the normal form): no change
        if _echoed_pick(G, d):
            continue  # (miss18) a pick from prose no reader split as a list: a list now is another one, not it offered again
        if bracketed(str(d["value"])) in mine:
            continue  # (missen19) another part of the alternative chosen ("drawer locks" of the package taken): no change
        if any(s != value and _shared(d["value"], s, ctx.lang, slot_words) for parts in listed for s in parts):
            return d["key"]
    return None


def _echoed_pick(G, d: dict) -> bool:
    """A choice the echoed_picks step read ("寒假那个 (寒假集训)"), from an offer no list reader split."""
    from .echoed import _echoed

    offer = G.nodes.get(f"t{str(d['key'])[len('choice_t'):]}", {}).get("text") or ""
    return bool(offer) and _echoed(str(d["value"]), offer) is not None
