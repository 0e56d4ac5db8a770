"""The attributes step: what the user says of the thing, read from the sentence's structure.

A customer describes the thing the chat is about: "It's a Pronovias, lace with a train", "the
lenses are varifocals", "I have the logo as a PDF", "表带是真皮的", "车衣要亮面的", "养的是海水鱼".
Annotators write these down (the brand, the material, the format), yet no slot word names them and
no entity model knows "varifocals" or "亮面". This step reads them by the shape of the sentence,
never by a list of nouns:

- **a copula statement** "<thing or part> is/are <value>" (en), "<noun>是<value>(的)" (zh): keyed by
  the part named ("lenses: varifocals"); "it's a/an <kind>" and "mine are <kind>" keyed ``kind``;
- **a 的-nominalised copula** "<someone><verb>的是<value>" (zh: "我爸戴的是峰力的", "养的是海水鱼");
- **a wanted attribute** "(<part>)要<value>的" (zh: "车衣要亮面的", "要遮光的吧");
- **a thing held in a form** "I have <x> as/in <format>", "<x>我有<value>";
- **the description goes on** in the clauses after such a head that hold no verb, pronoun or
  value of their own ("It's an Omega Seamaster, automatic, steel bracelet": one value);
- **a situation stated before a question about it**: "I'm left handed, is that a problem?", "we'll
  bring our own cake, is that cheaper?", "我家是老小区，没电梯，送货要加钱吗？": the clauses before
  a yes/no question that speak of the user (a first-person subject, or one of the frames above)
  are statements, though the message ends with "?". A genuine question ("is the band platinum?",
  "do you have it in navy?", "表带是真皮的吗？") states nothing.

Complements that judge rather than describe ("fine", "a bit steep", "so excited", 太贵, 可以), values
another step reads (dates, amounts, names, ids: the mentions), clauses taken back, rejections and
the assistant's words make no fact.

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> _ = t.observe({"role": "user", "content": "my glasses snapped. Oh and the lenses are varifocals, please be careful"})
>>> [(f.key, f.value) for f in t.state().facts if f.key == "lenses"]
[('lenses', 'varifocals')]
>>> t = Tracker("zh")
>>> _ = t.observe({"role": "user", "content": "都要。车衣要亮面的，窗膜要隔热好的"})
>>> sorted(f.value for f in t.state().facts if f.status == "current" and f.key in ("车衣", "窗膜"))
['亮面', '隔热好']
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .. import _graph as g
from .._units import FactUnit, _Unit
from .context import MessageContext
from .notvalues import reason_or_condition
from .offers import _offers
from .registry import step
from .text import first_match, in_spans, sentence_spans

#: a value is kept up to this many characters (a longer complement is a sentence, not an attribute)
VALUE_CHARS = 60
#: at most this many words in an English complement or a continuing clause
EN_WORDS = 5
#: at most this many characters in a Chinese value or continuing clause
ZH_CHARS = 10


#: labels of the values other steps read (a date, a clock, an amount, a contact): a clause holding one is theirs
_OTHER_VALUES = frozenset({"DATE", "DAY", "TIME", "MONEY", "EMAIL", "PHONE", "POSTCODE", "CARD_TAIL", "ADDRESS", "PERCENT"})


#: the slots a value is keyed by when only its type is known
_TYPED = frozenset({"person", "place", "org", "product", "date", "brand"})


@dataclass
class _Found:
    key: str
    value: str
    start: int


# ---------------------------------------------------------------- English

# words a clause may open with that are no part of its subject ("oh and the lenses are ...")
_EN_LEAD = re.compile(r"^\W*(?:(?:and|but|so|oh|also|well|btw|plus|ok|okay|yes|yeah|yep|no|nah|hi|hey|hello|though|anyway|then|actually|fyi)\b\W*)*", re.I)
# "<subject> is/are <complement>": the subject a noun phrase of at most three words (a determiner first)
_EN_COPULA = re.compile(
    r"^(?P<subj>(?:(?:the|my|our|his|her|its|their|both|all|these|those|this|that|[a-z]+'s)\s+)?(?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*)"
    r"(?:\s+(?:is|are)\s+|'s\s+|’s\s+|'re\s+|’re\s+)(?P<comp>\S.*)$", re.I)
# "it's a/an <kind>", "its a canon ...", "mine are <kind>": the kind of the thing
_EN_KIND = re.compile(r"^(?:(?:it|this|that)(?:'s|’s|s| is)|(?:they|these)(?:'re|’re| are))\s+(?P<comp>(?:a|an)\s+\S.*)$"
                      r"|^(?:mine|ours)(?:'s|’s| is| are)\s+(?P<comp2>\S.*)$", re.I)
# "I have the logo as a PDF", "we've got the photos in JPEG", "got the artwork as an .ai file"
_EN_HAVE_AS = re.compile(r"\b(?:(?:i|we)\s*(?:'ve|’ve|have|had)?\s*(?:got\s+)?|(?:i|we)\s+have\s+|got\s+)(?:the|my|our|a|an)\s+"
                         r"(?P<subj>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:as|in)\s+(?:a|an)\s*(?P<val>\S.*)$"
                         r"|\b(?:(?:i|we)\s*(?:'ve|’ve|have)?\s*(?:got\s+)?)(?:the|my|our)\s+(?P<subj2>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:as|in)\s+(?P<val2>\S.*)$", re.I)
_EN_AS = re.compile(r"\s(as|in)\s", re.I)
# (miss7) "it has fringes", "her old one has a cracked bridge": a part or feature the thing has, the thing said as
# "it" / "they" / "the (old) one" (a noun subject is as often a person: "my neighbour has a key", "her friend has a nut
# allergy"); not "has to", "has been", "has gone"
_EN_HAS = re.compile(r"^(?P<subj>it|they|(?:the|my|our|his|her|their|this|that)\s+(?:(?:old|new|other|first|second)\s+)?one)"
                     r"(?:\s+(?:has|have)(?:\s+got)?|(?:'s|’s|'ve|’ve)\s+got)\s+(?!to\b|got to\b|been\b|gone\b|had\b|\w+ed\b|no\b|nothing\b)"
                     r"(?P<comp>\S.*)$", re.I)
# "I'm a complete beginner" (a statement), "I'm left handed" (before a question about it)
_EN_SELF = re.compile(r"^(?:i(?:'m|’m| am)|we(?:'re|’re| are))\s+(?P<comp>\S.*)$", re.I)
# a yes/no question about what was just said: "is that a problem?", "would that fit?", "ok?"
_EN_TAIL = re.compile(r"^\W*(?:(?:and|but|so|or|then)\s+)?(?:(?:is|does|would|will|can|could|should|do|did|are)\s+(?:that|it|this|they|those|these|there)\b"
                      r"|(?:any|is there (?:a|an|any))\s+(?:problem|issue|extra|charge|difference)\b|(?:ok|okay|alright|fine)\W*$)", re.I)
# a clause about the user: a first-person subject ("we'll bring our own cake", "our own cushion")
_EN_FIRST_PERSON = re.compile(r"^(?:i|we|i'm|we're|i've|we've|i'll|we'll|i'd|we'd|my|our|i’m|we’re|i’ve|we’ve|i’ll|we’ll)\b", re.I)
# a complement that judges, hedges or feels instead of describing (its first word), or a pronoun
_EN_NOT_VALUE = re.compile(
    r"^(?:not|never|so|very|too|really|quite|pretty|super|fairly|rather|extremely|just|only|still|already|also|always|probably|"
    r"plenty|enough|sufficient|loads|heaps|lots|ample|"
    r"definitely|actually|kind of|sort of|a bit|a little|a lot|bit|little|lot|fine|ok|okay|good|great|perfect|lovely|nice|"
    r"awful|terrible|bad|better|worse|best|worst|cheap|expensive|steep|pricey|dear|free|busy|available|possible|impossible|"
    r"sure|unsure|right|wrong|correct|true|done|ready|here|there|gone|over|up|down|off|on|out|in|back|due|late|early|"
    r"happy|sad|glad|sorry|excited|worried|nervous|upset|angry|keen|fun|important|urgent|same|different|what|which|who|"
    r"rubbish|crap|poor|weak|useless|dreadful|horrible|amazing|brilliant|fantastic|excellent|awesome|gorgeous|beautiful|"
    r"stunning|wonderful|lucky|unlucky|easy|hard|difficult|tricky|simple|safe|dangerous|normal|weird|strange|odd|"
    r"away|abroad|home|at home|at work|on holiday|on leave|travelling|traveling|ill|sick|poorly|"
    r"(?:new|old)\W*$|"
    r"how|it|that|this|them|him|her|me|us|you|one|the one|mine|yours|a problem|a shame|a pain|a must|a nightmare|a joke|"
    r"a mess|a pity|a relief|an issue|a long story)\b", re.I)
# a subject that is a pronoun or an abstract word about the talk, not the thing
_EN_NOT_SUBJECT = re.compile(r"^(?:how|what|which|who|whom|whose|where|when|why|whichever|whatever|either|neither|each|any|let|"
                             r"if|unless|whether|"  # (prec16) "if outdoor is cheaper do that": a condition, no thing described
                             r"a|an|some|few|many|most|several|no)\b"
                             r"|(?:^|\s)(?:i|you|he|she|it|we|they|that|this|there|here|what|which|who|everything|something|"
                             r"anything|nothing|one|problem|issue|thing|question|point|idea|plan|reason|answer|price|cost|"
                             r"total|weather|time|day|date|name|number|address|email|phone|budget)$"
                             # (prec20) a determiner after the first word: a preposition or a verb before the noun
                             # ("to my wife's address", "for the children's area", "think the aerial's been knocked")
                             r"|^(?!(?:all|both|half|the|my|our|his|her|its|their|this|that|these|those)\b)\S+\s+"
                             r"(?:the|my|our|his|her|its|their|this|that|these|those)\b", re.I)
#: (prec20) "'s been": "has been", a change the thing went through ("the aerial's been knocked"), no attribute of it
_EN_PERFECT = re.compile(r"been\b", re.I)
# where an English complement ends: a new clause, a hedge, a sign-off
_EN_CUT = re.compile(r"\s+(?:and\s+(?:i|we|it|they|he|she|you|the|my|our)\b|so\b|but\b|because\b|cos\b|though\b|lol\b|btw\b|"
                     r"pls\b|please\b|thanks\b|i think\b|i'd say\b|i guess\b|i believe\b|if\b|when\b|which\b|that\b|for\b|"
                     r"about\b|around\b|roughly\b)|\s*[-–—(]", re.I)
# a continuing clause holds a verb, a pronoun or a request: the description has ended
_EN_CLAUSE = re.compile(r"\b(?:is|are|was|were|be|been|am|have|has|had|do|does|did|will|would|can|could|should|may|might|"
                        r"must|wont|cant|dont|isnt|i|we|you|he|she|they|it|me|us|please|pls|thanks|thank|need|want|"
                        r"like|can't|won't|don't|isn't)\b|n't\b|'(?:s|re|m|ll|d|ve)\b|\b\w+ing\b", re.I)
_EN_ARTICLE = re.compile(r"^(?:a|an|the|some)\s+", re.I)
_EN_PART_SPLIT = re.compile(r"(?<!\d),|,(?!\d{3}\b)|;|\s+but\s+|\s+-\s+|\s+and\s+(?=(?:the|my|our|its|his|her|their)\s)", re.I)


#: (prec10) a complement that compares ("video is easiest", "whatever's cheapest", "the most comfortable") or says how
#: far a thing is ("the depot is miles away"): a preference or a remark, no attribute of the thing. A superlative
#: by its form: -iest, or -est after a doubled consonant, two vowels and a consonant, or two consonants
#: (fix11) never a compass word, whose "west" has the form: "the garden is southwest"
_EN_COMPARES = re.compile(r"(?:most|least)\s+\w+|[a-z]{3,}iest|[a-z]*(?:([bdgmnpt])\1|[aeiou]{2}[b-df-hj-np-tv-z]|"
                          r"[b-df-hj-np-tv-z]{2})est(?<!northwest)(?<!southwest)(?<!midwest)|(?:.+\s)?away", re.I)


#: (prec16) a complement that compares with another option: "more/less <adjective>" ("Bracknell is more close for
#: me", "the colour is more natural"), or a word in -er said with "too" / "still" ("Woking is closer too"): the
#: reason for a choice, no attribute of the thing ("the frame is silver", "the sofa is leather" stay)
_EN_COMPARATIVE = re.compile(r"(?:more|less)\s+[a-z]+(?:\s+[a-z]+)?|[a-z]+er\s+(?:too|still|as well)", re.I)
#: (fix19) … or a word in -er said with "than" or "for me/us" before the cut takes it away ("Kingston is nearer for me",
#: "the loft is warmer than the garage"; "the floor is rubber for safety" stays)
_EN_THAN = re.compile(r"[a-z]+er\s+(?:than|for (?:me|us|him|her|them))\b", re.I)


#: (lead21) the name a thing is held under ("the account is under Priya Nair", "it's under the name of Hale")
_EN_UNDER = re.compile(r"^under\s+(?:the\s+name\s+(?:of\s+)?)?(?=[A-Z])")


def _en_complement(comp: str) -> str:
    """The value of a description's complement, or "" when it judges, feels, compares or is no value.

    >>> [_en_complement(c) for c in ("easiest", "cheapest", "miles away", "the most comfortable", "forest green", "honest", "southwest")]
    ['', '', '', '', 'forest green', 'honest', 'southwest']
    >>> [_en_complement(c) for c in ("closer too", "more close for me", "more natural for the area", "silver", "leather")]
    ['', '', '', 'silver', 'leather']
    >>> [_en_complement(c) for c in ("nearer for me", "warmer than the garage", "rubber for safety", "under Priya Nair")]
    ['', '', 'rubber', 'Priya Nair']
    """
    than = _EN_THAN.match(comp.strip())
    comp = _EN_UNDER.sub("", comp.strip())  # (lead21) "the account is under Priya Nair": whose name it is in
    comp = _EN_CUT.split(comp, maxsplit=1)[0].strip(" .!?,;:'\"")
    if not comp or than or _EN_NOT_VALUE.match(comp) or _EN_COMPARES.fullmatch(_EN_ARTICLE.sub("", comp)) \
            or _EN_COMPARATIVE.fullmatch(comp) or len(comp.split()) > EN_WORDS or len(comp) > VALUE_CHARS:
        return ""
    first, last = comp.split()[0].casefold(), comp.split()[-1].casefold()
    if last.endswith("ing") or re.fullmatch(r"[a-z]{2,}(?:ing|ed)", first) or (
            len(comp.split()) == 1 and re.fullmatch(r"[a-z]+en", last) and last not in ("green", "linen")):
        return ""  # "is coming", "'s doing the school run", "is booked", "terrified of rain": an event or a feeling
    if not re.search(r"[^\W\d_]", comp):
        return ""  # "Indiranagar is 038": a number, another step's
    # "The Old Mill" keeps its article (a name); "a sapphire" does not
    return comp if re.match(r"(?i:the|a|an)\s+[A-Z]", comp) else _EN_ARTICLE.sub("", comp)


def _en_head(part: str, premise: bool) -> tuple[str, str] | None:
    """(key, value) of a clause that starts a description, else None.

    >>> _en_head("the sofa's a three seater", False), _en_head("its my brother's 50th", False)
    (('sofa', 'three seater'), ('my brother', '50th'))
    >>> _en_head("to my wife's address", False), _en_head("reckon the hinge's been bent", False)  # (prec20)
    (None, None)
    """
    m = _EN_HAVE_AS.search(part)
    if m:
        val = _en_complement(m.group("val") or m.group("val2") or "")
        subj = (m.group("subj") or m.group("subj2") or "").strip()
        if val and subj:  # the thing is what the user has ("the logo"), the format how: both are said
            how = _EN_AS.search(m.group(0)).group(1).casefold()
            return subj.casefold(), f"{subj} {how} {val}"
    m = _EN_KIND.match(part)
    if m:
        # the article stays on for the judging words ("that's a must"), off the kind ("it's an Omega")
        val = re.sub(r"^(?:a|an)\s+", "", _en_complement(m.group("comp") or m.group("comp2") or ""), flags=re.I)
        return ("kind", val) if val else None
    m = _EN_HAS.match(part)
    if m:
        val = _en_complement(m.group("comp"))
        return ("features", val) if val else None
    m = _EN_SELF.match(part)
    if m:
        comp = m.group("comp")
        # "I'm a complete beginner" is said of the user anywhere; "I'm left handed" before a question about it
        if premise or re.match(r"(?:a|an)\s", comp, re.I):
            val = _en_complement(comp)
            return ("about_me", val) if val else None
        return None
    m = _EN_COPULA.match(part)
    if m and not _EN_NOT_SUBJECT.search(m.group("subj")) and not _EN_PERFECT.match(m.group("comp")):
        val = _en_complement(m.group("comp"))
        if val:
            subj = re.sub(r"^(?:the|my|our|his|her|its|their|both|all|these|those|this|that|[a-z]+'s)\s+", "", m.group("subj"), flags=re.I)
            return subj.casefold(), val
    return None


def _en_more(part: str) -> str:
    """A clause that goes on describing: a few words, no verb, pronoun or request."""
    part = part.strip(" .!?,;:")
    if not part or len(part.split()) > EN_WORDS - 1 or _EN_CLAUSE.search(part) or _EN_NOT_VALUE.match(part):
        return ""
    return part


# ---------------------------------------------------------------- Chinese

_ZH_LEAD = re.compile(r"^(?:对了|另外|还有|然后|哦|噢|嗯|那|就|都要|好的|好|其实)[\s，,]*")
_ZH_TAIL_PARTICLES = re.compile(r"(?:的)?(?:了|吧|啦|哈|呀|啊|哦|噢|呢)?[\s。！!~～]*$")
# "<subject>是<value>(的)": the subject ends before 是 (adverbs glued to 是 are no copula: 还是, 就是, 但是 ...)
_ZH_COPULA = re.compile(r"^(?P<subj>[\w\u4e00-\u9fff]{1,8}?)(?<![还就但不要总可于凡倒只真正算也都像硬老即若或])(?:是|为)(?P<val>[^，。？！?!]{1,20})$")
# "<someone><verb>的是<value>": "养的是海水鱼", "我爸戴的是峰力的"
_ZH_NOMINAL = re.compile(r"(?P<verb>[\u4e00-\u9fff])的是(?P<val>[^，。？！?!]{1,20})$")
# "(<part>)要<value>的": "车衣要亮面的", "要遮光的吧" (not 不要 / 别要 / 要不要)
# (miss26zh) the full stop that ends the sentence may close it ("第二个吧，要白的。旧机上门收": the last part of a sentence keeps it)
_ZH_WANT_DE = re.compile(r"^(?P<subj>[\w\u4e00-\u9fff]{0,6}?)(?<![不别没需])(?:想要|要)(?!不要)(?P<val>[^，。？！?!]{1,10}?)的(?:吧|啦|哈|呀|啊|哦)?[\s。！!~～]*$")
# "<topic>我有<value>": "logo我有矢量图"
_ZH_HAVE = re.compile(r"^(?P<subj>[\w\u4e00-\u9fff]{1,8}?)我(?:这|这边|这里|手上)?有(?P<val>[^，。？！?!]{1,12})$")
# (miss7) a feature there is or is not, said as a clause of its own: "住七楼，有电梯的", "6楼，没电梯"; the feature a
# noun (not 没漏 / 没打过: an event; not 有点 / 有空 / 没问题: a degree, a time, a judgement)
_ZH_HAS_NOT = re.compile(r"^(?:也|还|都)?(?P<val>(?:有|没有?)(?P<subj>(?![点些个人空事时钱用关办必意多太一有])[\u4e00-\u9fff]{1,4}?))的?$")
# a number in a wanted attribute: a count, a size or a clock (another step's), not a kind ("要三点的")
_ZH_COUNTED = re.compile(r"[0-9一二两三四五六七八九十几]")
# a clause of the user's own situation: a first-person subject
_ZH_FIRST_PERSON = re.compile(r"^(?:我|俺|咱|家里|我们)")
# a clause that tells an event or an intent (了, 要 / 想 / 打算, a number), not a standing situation
_ZH_EVENT = re.compile(r"了|要|想|打算|准备|[0-9一二两三四五六七八九十百千万]")
# a yes/no question ends the sentence: 吗 / 么 / 没 / a question mark after a clause with no question word
_ZH_YES_NO = re.compile(r"(?:吗|么|嘛|不|没有?)?[？?]$|(?:吗|么|嘛)[\s。！]*$")
# a value that judges or points instead of describing
# a question word: the question asks for something, not about what was said before it
_ZH_WH = re.compile(r"多少|什么|哪|几[点个天号位]|怎么|为什么|啥|谁")
#: (fix14) a truth judgement of the value said before ("是错的", "不对", "没错") is none either
_ZH_NOT_VALUE = re.compile(r"^(?:(?:不|没|可以|对|好|行|一样|不?(?:对|错|正确|准确)|错误|没错|无误)的?$|有点|这|那|什么|怎么|多少|哪|啥|谁|的)")
# a subject that is a stance or a hedge, not a thing ("感觉是…", "应该是…", "主要是…")
_ZH_STANCE = re.compile(r"(?:觉得|感觉|应该|可能|好像|估计|大概|说|想|以为|算|不过|主要|意思|问题|原因|关键|重点|目的)$"
                        r"|^(?:其实|肯定|真的|确实|当然|反正|一定|本来|原来|毕竟|只|就|还|也|都|总|最好|最后|然后|首先|其次|另外)")
_ZH_PRONOUN_SUBJ = frozenset("你您他她它这那哪什谁")
_ZH_PART_SPLIT = re.compile(r"[，,；;、]|(?<=[\u4e00-\u9fff\w])\s+(?=[\u4e00-\u9fff\w])")


def _zh_tags(text: str) -> list[tuple[str, str]]:
    from .._nlp import jieba_pairs

    return jieba_pairs(text)


def _zh_value(val: str, *, verbs_ok: bool) -> str:
    """The value as said, its trailing particles off; "" when it judges, points or is a clause."""
    val = _ZH_TAIL_PARTICLES.sub("", val.strip())
    if not val or len(val) > ZH_CHARS or _ZH_NOT_VALUE.match(val) or not re.search(r"[^\W\d_]", val):
        return ""
    tags = _zh_tags(val)
    if tags and len(tags) > 1 and tags[0][1] == "nr" and len(tags[0][0]) == 1:
        return ""  # "李主任", "王老师": a surname and a title, a person
    if tags and tags[0][1] in (("c", "p", "r") if verbs_ok else ("d", "c", "p", "r")):
        return ""  # "太贵", "真好", "不是": a judgement (a wanted "偏硬一点" is a degree, not one)
    if any(t.startswith(("r", "y", "u")) and w != "的" or t == "t" for w, t in tags):
        return ""  # a pronoun, a particle, a time: "来咨询的", "昨天买的" (a cleft), "这样"
    if not verbs_ok and len(tags) > 1 and any(t in ("v", "vd", "p", "d") for _, t in tags):
        return ""  # a clause, not a value
    return val


def _zh_subject_ok(subj: str) -> bool:
    if not subj or subj[0] in _ZH_PRONOUN_SUBJ or _ZH_STANCE.search(subj):
        return False
    # a topic noun ("鞋底"); jieba's tags of a subject said alone are unreliable ("表", "推车": v; "相机": d), so
    # only a one-character function word first rules it out
    tags = _zh_tags(subj)
    return bool(tags) and not (len(tags[0][0]) == 1 and tags[0][1].startswith(("d", "r", "c", "p", "u", "y")))


def _zh_head(part: str, premise: bool) -> tuple[str, str] | None:
    m = _ZH_HAS_NOT.match(_ZH_TAIL_PARTICLES.sub("", part))
    if m and all(t in ("n", "nz", "ng") for _, t in _zh_tags(m.group("subj"))) and not re.search(r"问题|事|时间|关系|办法|必要|意思|空", m.group("subj")):
        return m.group("subj"), m.group("val")
    m = _ZH_NOMINAL.search(part)
    if m:
        val = _zh_value(m.group("val"), verbs_ok=False)
        return (m.group("verb") + "的", val) if val else None
    m = _ZH_HAVE.match(part)
    if m and _zh_subject_ok(m.group("subj")):
        val = _zh_value(m.group("val"), verbs_ok=False)
        return (m.group("subj"), val) if val else None
    m = _ZH_WANT_DE.match(part)
    if m and "最" not in m.group("val") and not _ZH_COUNTED.search(re.sub(r"(?<=.)(?:一点|一些)$", "", m.group("val"))):
        subj = m.group("subj")
        if not subj or _zh_subject_ok(subj):
            val = _zh_value(m.group("val"), verbs_ok=True)
            if len(val) == 1 and _zh_tags(val)[0][1] in ("v", "zg", "p"):
                return None  # (miss26zh) "过年要穿的": what it is for (a deed), no attribute of the thing
            return (subj or "要求", val) if val else None
    m = _ZH_COPULA.match(part)
    if m:
        subj = m.group("subj")
        if re.fullmatch(r"我|俺|我家|我们|我们家|咱家", subj):
            val = _zh_value(m.group("val"), verbs_ok=False)
            return ("情况", val) if val else None
        if _zh_subject_ok(subj):
            val = _zh_value(m.group("val"), verbs_ok=False)
            return (subj, val) if val else None
    return None


def _zh_more(part: str, premise: bool) -> str:
    part = _ZH_TAIL_PARTICLES.sub("", part.strip())
    if not part or len(part) > ZH_CHARS - 4:
        return ""
    tags = _zh_tags(part)
    if any(t.startswith(("r", "y", "t", "m")) or t in ("v", "vd") and not (premise and w in ("没", "没有")) for w, t in tags):
        return ""  # "最近走时不准", "我想…": a clause of its own
    return part


#: (fix34) a clause that says what a part of its own is made of or takes: "轴用牛奶黄", "键帽用PBT的" (a part, 用, a value),
#: or names a part and its value tersely, a code right after the word: "尺码L", "型号X2"
_ZH_PART_USES = re.compile(r"[\u4e00-\u9fff]{1,4}(?:用(?=[\w\u4e00-\u9fff])|[A-Za-z])")


def _zh_own_part(ctx: MessageContext, part: str) -> bool:
    """(fix34) Whether a clause after a description's head names a part or a slot of its own ("颜色要黑的，轴用牛奶黄",
    "颜色是黑，尺码L"): it starts another attribute, no more of the head's value ("黑" stays the colour).

    >>> from types import SimpleNamespace
    >>> ctx = SimpleNamespace(pack=SimpleNamespace(synonym_rx=re.compile("尺码|颜色")))
    >>> _zh_own_part(ctx, "轴用牛奶黄"), _zh_own_part(ctx, "尺码L"), _zh_own_part(ctx, "没电梯"), _zh_own_part(ctx, "家用")
    (True, True, False, False)
    >>> ctx = SimpleNamespace(pack=SimpleNamespace(synonym_rx=None))
    >>> _zh_own_part(ctx, "尺码XL"), _zh_own_part(ctx, "颜色棕"), _zh_own_part(ctx, "金属外壳")
    (True, False, False)
    """
    rx = getattr(ctx.pack, "synonym_rx", None)
    return bool(_ZH_PART_USES.match(part) or (rx is not None and rx.match(part)))


# ---------------------------------------------------------------- the step

def _sentences(text: str) -> list[tuple[int, int]]:
    return [(a, b) for a, b in sentence_spans(text) if text[a:b].strip()]


def _parts(text: str, lo: int, hi: int, split: re.Pattern) -> list[tuple[int, str]]:
    out, pos = [], lo
    for m in split.finditer(text, lo, hi):
        if text[pos:m.start()].strip():
            out.append((pos, text[pos:m.start()]))
        pos = m.end()
    if text[pos:hi].strip():
        out.append((pos, text[pos:hi]))
    return out


def _read(ctx: MessageContext) -> list[_Found]:
    zh = ctx.lang == "zh"
    split = _ZH_PART_SPLIT if zh else _EN_PART_SPLIT
    text = ctx.text
    found: list[_Found] = []
    for lo, hi in _sentences(text):
        sentence = text[lo:hi].strip()
        parts = _parts(text, lo, hi, split)
        question = sentence.endswith(("?", "？")) or (zh and bool(re.search(r"(?:吗|么)[\s。！]*$", sentence)))
        if question:
            # the clauses before the one that asks state (a description, "I've got the photo as a JPEG, can
            # you frame it?"); before a yes/no question about them they are the user's situation
            last = parts[-1][1].strip() if parts else ""
            premise = bool(_ZH_YES_NO.search(last) and not _ZH_WH.search(last) if zh else _EN_TAIL.match(_EN_LEAD.sub("", last)))
            if len(parts) < 2:
                continue
            parts = parts[:-1]
        else:
            premise = False
        head: _Found | None = None
        for offset, raw in parts:
            start = offset + len(raw) - len(raw.lstrip())
            lead = (_ZH_LEAD if zh else _EN_LEAD).match(raw.strip())
            part = raw.strip()[lead.end():].strip() if lead else raw.strip()
            at = start + (lead.end() if lead else 0)
            if not part or in_spans(start, ctx.taken_back) or ctx.asking(start) or first_match(ctx.pack.rejects, part) or any(
                    (m.kind == "id" or m.label in _OTHER_VALUES) and at <= m.start < start + len(raw.strip()) for m in ctx.mentions):
                if head is not None:
                    found.append(head)
                head = None
                continue
            said = (_zh_head(part, premise) if zh else _en_head(part, premise))
            if said:
                if head is not None:
                    found.append(head)
                head = _Found(said[0], said[1], at)
                continue
            more = (_zh_more(part, premise) if zh else _en_more(part)) if head is not None and not (
                zh and _zh_own_part(ctx, part)) else ""
            if more:
                head.value = head.value + ("，" if zh else ", ") + more
                continue
            if head is not None:
                found.append(head)
                head = None
            if premise and (_ZH_FIRST_PERSON.match(part) and not _ZH_EVENT.search(part) if zh else _EN_FIRST_PERSON.match(part)):
                # the user's situation, asked about: kept as said ("we'll bring our own cake", 我妈医保卡在我这)
                if len(part) <= VALUE_CHARS:
                    head = _Found("situation" if not zh else "情况", part.strip(" .,，。"), at)
        if head is not None:
            found.append(head)
    return found


@step("attributes", roles=("user",))
def attributes(ctx: MessageContext) -> list[_Unit]:
    """Facts of what the user says of the thing (see the module docstring), keyed by the part named."""
    G = ctx.graph
    typed = set(ctx.pack.type_roles.values()) | _TYPED
    offered = _offers(ctx)
    units: list[_Unit] = []

    for f in _read(ctx):
        if reason_or_condition(ctx, f.start):
            continue  # "nothing grey, the room is grey already": the reason of a rule, no attribute wanted
        value = f.value.strip(" ,，、")
        folded = value.casefold()
        said = ctx.text[f.start:f.start + len(ctx.text)].casefold()
        # a piece of the value another step keyed by its type alone ("Omega Seamaster" as a person, "大疆" as a
        # place, "索尼A7M" of "索尼A7M3"): the description says what it is
        pieces = [u for u in ctx.units if isinstance(u, FactUnit) and not u.offered and u.slot in typed
                  and u.key == u.slot and u.value.casefold() in folded and u.value.casefold() != folded
                  and u.value.casefold() in said]
        held = [u.value.casefold() for u in ctx.units + units if isinstance(u, FactUnit) and u not in pieces]
        if not value or any(folded in h or h in folded and len(h) > 1 for h in held) \
                or any(h.isdigit() and re.match(rf"{h}\b", folded) for h in held):
            continue  # another step has it (a slot's value, a problem, a name); (user32) or the number opening it
            # ("my daughter Emma is 9 and wants lessons": Emma's age, 9)
        if any(m.label == "PERSON" and m.text.casefold() in folded for m in ctx.mentions) or any(
                len(str(d["value"])) > 1 and str(d["value"]).casefold() in folded for _, d in offered):
            continue  # "要李主任的": a person or an option picked (the picks step's), not an attribute of the thing
        ctx.units[:] = [u for u in ctx.units if not any(u is p for p in pieces)]
        key = f.key
        if any(isinstance(u, FactUnit) and u.key == key for u in ctx.units + units) or (
                key in ("situation", "情况") and g.current_with_key(G, key)):
            key = f"{key}_t{ctx.index}"
        units.append(FactUnit(key=key, name=f.key.replace("_", " "), value=value, correction=ctx.correcting,
                              stressed=ctx.stressed))
    return units


def judges(lang: str, value: str) -> bool:
    """Whether ``value``, said as a complement ("my son is so excited"), judges or feels rather than
    describes the thing (the generic "my X is Y" phrase of the facts step keeps no such value).

    >>> judges("en", "so excited for the lesson"), judges("en", "left handed")
    (True, False)
    """
    value = value.strip()
    if lang == "zh":
        tags = _zh_tags(value) if value else []
        return bool(_ZH_NOT_VALUE.match(value)) or value[:1] in ("太", "很", "挺", "蛮", "超") or (
            bool(tags) and tags[0][1] in ("d", "c", "p", "r"))
    return bool(_EN_NOT_VALUE.match(value))
