"""The kin step: a person the user names by their relation to them, in any message (issue 19, miss9).

In every blind set the user names the people around the service by how they relate to them, and the
relation noun is what a careful reader writes down: "executors my brother daniel price and our friend
ruth okoro", "my sister ana works at the airport", "booking for my mum", "im the maid of honour",
"联系人写我大哥 邓国平", "我是她爸何志强", "我老公也会去", "给女儿约hpv疫苗", "舅舅一家也来". The relations step
reads a relation only when a name follows it and keeps the noun in the key (``person_sister: Rachel``);
here the noun is read by its frame, with or without a name:

- English: a possessive (my / our / his / her / their) before a noun of the closed class of kin and
  the people around a person (brother, sister-in-law, friend, neighbour, carer, landlord …); the user's
  own relation after "I'm" ("im his carer", "I'm the best man"); the couple of a wedding with "the"
  ("the bride", "the groom"). A relation noun written with a capital after a lower-case possessive is a
  brand when a noun follows ("my Brother printer") and is not read; "ring my Dad", "my Mum and my Nan" are.
- Chinese: a kin noun after 我 / 我的 / 我家 / 他 / 她 / 给 / 帮 (and the dialects' 俺 / 俺家 / 阿拉 / 我哋), or a kin noun of two characters or more
  anywhere (老公, 女儿, 舅舅, 公公婆婆); the people who are no kin (房东, 同事, 朋友) only after a possessive
  ("我同事", not "千万别联系房东"); a single-character one (爸, 妈, 哥, 姐) only after 我 / 他 / 她 and not as the
  start of a longer word (我哥们儿). The value starts at the noun ("是给女儿约的": 女儿). Not read: the noun inside
  a word of another sense (朋友圈, 父亲节), a kin noun opening the message as a form of address ("大姐，…").
- The name said right after the noun goes with it ("my brother daniel price" when the NER finds the
  name, "my sister Rachel"; zh a common surname and one or two characters, then no more Chinese: "我大哥
  邓国平", "她爸何志强"); a relations fact that holds that name alone (``person_sister: Rachel``) takes the
  whole phrase.

Not read: a person the user will consult ("once I have talked to my wife", 问下老婆, 跟我老公商量一下), generic words for children (kids, children, baby, 孩子, 宝宝: the service's subject, counted
elsewhere), a relation a fact of the message already holds in its value ("me and my husband want to
do our wills"), one the state already holds, the assistant's words. The key is ``person_<noun>``,
the value the user's words from the possessive to the end of the name.

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> _ = t.observe({"role": "user", "content": "executors my brother Daniel Price and our friend Ruth Okoro"})
>>> sorted(f.value for f in t.state().facts if f.key.startswith("person_"))
['my brother Daniel Price', 'our friend Ruth Okoro']
>>> t = Tracker("zh")
>>> _ = t.observe({"role": "user", "content": "我老公也会去，舅舅一家也来"})
>>> sorted(f.value for f in t.state().facts if f.key.startswith("person_"))
['我老公', '舅舅']
"""

from __future__ import annotations

import re

from .. import _graph as g
from .._nlp import ZH_SURNAMES
from .._units import FactUnit, _Unit
from .context import MessageContext
from .registry import step
from .text import in_spans

# ---------------------------------------------------------------- English

#: the closed class of nouns for the people around a person (kin, partners, friends, the people of a home
#: and of a wedding party); children in general (kids, children, baby) are left to the counts
#: (miss28en) with the words of the regions: "mam", "mammy", "mummy", "nain" and "taid" (Welsh grandparents), "hubby",
#: "missus", "fella"
_EN_KIN = (r"(?:(?:step|half-)?(?:son|daughter|brother|sister|mum|mom|mam|mammy|mummy|dad|father|mother)(?:[- ]in[- ]law)?|"
           r"husband|hubby|wife|missus|fella|nain|taid|partner|"
           r"fianc[ée]e?|boyfriend|girlfriend|parents|in-laws|grandson|granddaughter|grandkids|grandchildren|grandma|"
           r"grandmother|granny|gran|nan|nana|grandad|grandpa|grandfather|grandparents|niece|nephew|aunt|auntie|uncle|"
           r"cousin|friend|mate|neighbou?r|colleague|boss|carer|flatmate|housemate|landlord|landlady|tenant|"
           r"best man|maid of honou?r|bridesmaid|bride|groom|girl|boy|lad)s?")
#: (miss22a) nouns for a child that are a relation only with the name said after them ("my little girl Ruby", not
#: "my boy likes it")
_EN_NAMED_ONLY = frozenset({"girl", "boy", "lad", "girls", "boys", "lads"})
_EN_ADJ = r"(?:(?:little|big|older|younger|eldest|oldest|youngest|twin|elderly|late|best|new|old)\s+)?"
#: (miss28en) "me" for "my" after a preposition or "got" ("a blue badge for me mam", "I've got me grandad's medals")
_EN_ME = r"(?:(?<=\bfor )|(?<=\bwith )|(?<=\bof )|(?<=\band )|(?<=\bgot )|(?<=\bto ))me"
_EN_POSSESSED = re.compile(r"\b(?P<pos>my|our|his|her|their|" + _EN_ME + r")\s+" + _EN_ADJ + r"(?P<rel>" + _EN_KIN + r")(?![\w-])", re.I)
_EN_SELF = re.compile(r"\b(?P<pos>i['’]?m|i am)\s+(?:(?:his|her|their|the)\s+)" + _EN_ADJ + r"(?P<rel>" + _EN_KIN + r")(?![\w-])", re.I)
_EN_COUPLE = re.compile(r"\b(?P<pos>the)\s+(?P<rel>bride|groom|bride-to-be|groom-to-be)(?![\w-])", re.I)
#: a person the user will consult is no party to the service ("once I have talked to my wife", "let me ask my husband")
_EN_CONSULTED = re.compile(r"\b(?:talk(?:ed|ing)? to|speak(?:ing)? to|spoke to|ask(?:ed|ing)?|check(?:ed|ing)? with|run (?:it|this) by|"
                           r"chat(?:ted)? (?:to|with)|discuss(?:ed)? (?:it |this )?with)\s+$", re.I)
#: (fix11) a lower-case word after a capitalised relation makes it a brand's name ("my Brother printer"); a name, a
#: function word or the sentence's end leaves it a relation ("ring my Dad when he arrives", "my Mum and my Nan")
#: and a word in -s / -ed after it is the relation's verb ("my Dad collects it")
_EN_NOUN_AFTER = re.compile(r"\s+(?!(?:and|or|but|nor|when|while|if|as|so|to|for|at|on|in|with|is|was|are|were|will|would|"
                            r"can|could|should|may|might|must|has|had|have|does|did|who|that|which|too|also|please|now|"
                            r"then|again|about|from|by|of|the|isn|wasn|doesn|didn|won|just|only|still|already|never|"
                            r"always|usually)\b)[a-z]{3,}(?<!s)(?<!ed)\b")
#: a name written right after the noun: capitalised words ("my sister Rachel Lee"),
#: (miss10) or after "called" / "named" ("my son's called Alfie", "my sons called Alfie", "my sister is named Ana")
_EN_NAME = re.compile(r"^(?:['’]?s\s+(?:called|named)|\s+(?:is\s+)?(?:called|named))?,?\s+(?P<name>(?-i:[A-Z][a-z]+(?:[-'’][A-Z]?[a-z]+)?(?: (?:Mc|Mac|O')?[A-Z][a-z]+(?:[-'’][A-Z]?[a-z]+)?){0,2}))(?![\w'’-])")

#: (miss24en) the words between a relation and the name it is (" is called" is _EN_NAME's)
_EN_IS = re.compile(r"\s+is\s+")
#: (miss24en) capitalised words after "is" that end the clause or come before a number: "my partner is Lena Fischer, she
#: …", "her mum is Hannah 07831 …" ("my wife is Polish so …" goes on, and names nobody)
_EN_IS_NAME = re.compile(r"\s+is\s+(?P<name>(?-i:[A-Z][a-z]+(?: [A-Z][a-z]+){0,2}))(?=\s*(?:[,.;!?]|$|\+?\d))")

# ---------------------------------------------------------------- Chinese

_ZH_KIN = ("老公|老婆|爱人|丈夫|妻子|媳妇|对象|男朋友|女朋友|未婚夫|未婚妻|儿子|女儿|闺女|儿媳|女婿|爸爸|妈妈|爸妈|父母|父亲|母亲|"
           "爷爷|奶奶|外公|外婆|姥姥|姥爷|公公|婆婆|公婆|岳父|岳母|丈母娘|老丈人|哥哥|姐姐|弟弟|妹妹|大哥|二哥|大姐|二姐|小妹|小弟|"
           "姐夫|妹夫|嫂子|弟媳|舅舅|舅妈|姑姑|姑父|叔叔|婶婶|姨妈|小姨|伯伯|伯母|表哥|表姐|表妹|表弟|堂哥|堂姐|侄子|侄女|外甥女?|孙子|孙女|外孙女?|"
           "朋友|同事|室友|邻居|房东|同学|亲戚|家人|"
           # (miss31zh) kin said in dialect or colloquially (Cantonese 家姐, south-west 幺舅 / 幺爸 / 老汉儿, Hunan 堂客 /
           # 娘老子, in-laws 小舅子, a spouse 老伴 / 婆娘, an old father 老爷子, a close friend 闺蜜), the last three read
           # only after a possessive ("我闺蜜", not "闺蜜装")
           "家姐|幺舅|幺爸|幺叔|幺妹|老汉儿|堂客|娘老子|小舅子|小姨子|大舅子|老伴儿|老伴|闺蜜|老爷子|婆娘")
#: the people around a person who are no kin: read only with a possessive before them ("我同事", not "别联系房东")
_ZH_SOCIAL = ("朋友", "同事", "室友", "邻居", "房东", "同学", "亲戚", "家人",
              # (miss31zh) words of another sense without one ("闺蜜装", "那个老爷子", "婆娘们")
              "闺蜜", "老爷子", "婆娘")
#: kin nouns run together are one party ("公公婆婆", "爸爸妈妈")
_ZH_RUN = re.compile(r"(?P<pos>我的|我家|我|俺家|俺|阿拉|我哋|他的|她的|他|她|给|帮)?(?P<rel>(?:" + _ZH_KIN + r")+)(?![圈节装])")
#: (fix11) a single-character noun is not the first character of another word (姐夫, 哥们儿, 弟媳, 妹夫, 妈妈 is the
#: run's): checked right after the noun, like 圈 / 节 ("我妈订了春节那天的位子" is 我妈)
_ZH_SHORT = re.compile(r"(?P<pos>我|他|她)(?P<rel>爸|妈|哥|姐|弟|妹)(?![圈节夫们媳婿])")
#: (fix11) a kin noun that opens the message as a form of address ("大姐，那个快递到哪了", "大哥你好") is the agent
_ZH_ADDRESS = re.compile(r"[\s，,]*(?:[，,！!：:]|你好|您好)")
_ZH_SELF = re.compile(r"我是$")
#: a person the user will consult (问下老婆, 跟我老公商量一下)
_ZH_CONSULTED = re.compile(r"(?:问问|问下|问一下|问了?)$")
#: (lead23) the words to be written, carved or printed on a thing ("写生日快乐妈妈", "蛋糕上写 妈妈生日快乐", "刻上爸爸
#: 平安"): an inscription, no person of the user's; not a form's field filled in ("联系人写我大哥 邓国平")
_ZH_INSCRIBED = re.compile(r"(?<![人名址号栏])(?:写|刻|印|绣)(?:上|个|着|一句|几个字)?[：:\s\"“「]*[^，,。！!？?\s]*$")
#: (prec31zh) a verb of saying right after a relation noun ("他爸说", "孩子他妈刚说", "他爸讲")
_ZH_SAYS = re.compile(r"(?:刚刚?|又|也|还)?(?:说|讲)")
#: (prec31zh) where a sentence ends
_ZH_SENTENCE_END = re.compile(r"[。！!？?]")


def _remark_only(text: str, m: re.Match) -> bool:
    """(prec31zh) Whether the relation of another person ("他爸", "她姑姑", "孩子他妈": the user's kin named through
    someone else) is said only as the source of a remark: a verb of saying right after it, and no 他 / 她 in the rest
    of the sentence, so the person does nothing in what is said ("他爸说别卡太死", "孩子他妈说双名也行"). "她爸说周六
    要带她回奶奶家" has the person act and stays.

    >>> t = "对了 孩子他妈说双名也行 先发个样子"
    >>> _remark_only(t, _ZH_SHORT.search(t))
    True
    >>> t = "她爸说周六下午要带她回奶奶家"
    >>> _remark_only(t, _ZH_SHORT.search(t))
    False
    """
    if m.group("pos") not in ("他", "她", "他的", "她的"):
        return False
    said = _ZH_SAYS.match(text, m.end())
    if not said:
        return False
    stop = _ZH_SENTENCE_END.search(text, said.end())
    return not re.search(r"[他她]", text[said.end():stop.start() if stop else len(text)])


#: a name right after the noun: a common surname (``ZH_SURNAMES``, the closed class without the characters that are
#: also common words) and one or two characters, then no more Chinese
_ZH_NAME = re.compile(r"^[\s，,]*(?:叫)?(?P<name>[" + ZH_SURNAMES + r"][\u4e00-\u9fff]{1,2})(?![\u4e00-\u9fff])")


#: (prec29) a relation said as the place of their home: a preposition of place before the possessive ("at my sister's",
#: "left my mum's", "she'll be at her mums that day", "at my mum's house"); "my late aunt's bungalow" alone names the
#: aunt whose home the service is for
_EN_PLACE_BEFORE = re.compile(r"\b(?:at|to|from|left|round|near|by|stay(?:ing)? at|over at)\s+$", re.I)
_EN_PLACE_AFTER = re.compile(r"(?:['’]s|(?<=s))(?!\w)(?:(?P<home>\s+(?:house|place|flat|home|bungalow|cottage)\b)|"
                             r"(?=\s*(?:[,.;:!?)]|$|(?:in|on|at|for|till|until|all|this|that|today|tonight|tomorrow|anyway|not|"
                             r"and|then|now|instead|when|while|because|so|but|every|overnight)\b)))", re.I)
#: kin nouns whose plural is the noun itself ("to my parents" is the people, not their home)
_EN_PLURAL_KIN = frozenset({"parents", "in-laws", "grandkids", "grandchildren", "grandparents"})
#: (prec29) 家 right after a relation ("那是我妈家", "住我姐家"): their home, not the person (家人 / 家里 / 家长 are other words;
#: "是公公婆婆家的" says whose the thing is: they are the party)
_ZH_HOME_AFTER = re.compile(r"家(?![人里长属务的])")


def _kin_home(text: str, start: int, end: int, rel: str) -> bool:
    """(prec29) The relation names the place of their home, not a party to the service: "we're at my sister's in Tenby
    till the 12th", "im at my mums all day wed", "I'd left my mum's at half nine", "at my mum's house",
    "那是我妈家". Across the open groups an annotator kept such a relation once in eight.

    >>> _kin_home("actually no im at my mums all day wed", 18, 25, "mums"), _kin_home("send it to my parents", 11, 21, "parents")
    (True, False)
    >>> _kin_home("it's at my mums house", 8, 15, "mums"), _kin_home("my mum says it's fine", 0, 6, "mum")
    (True, False)
    >>> _kin_home("house clearance please, my late aunt's bungalow", 24, 37, "aunt")
    False
    >>> _kin_home("tapes from my late husband's collection", 11, 27, "husband")
    False
    """
    if re.fullmatch(r"[\u4e00-\u9fff]+", rel):
        return _ZH_HOME_AFTER.match(text, end) is not None
    after = _EN_PLACE_AFTER.match(text, end)
    if after is None or (rel.casefold() in _EN_PLURAL_KIN and not after.group(0).startswith(("'", "’"))):
        return False
    if not after.group(0).startswith(("'", "’")) and not rel.casefold().endswith("s"):
        return False
    return bool(_EN_PLACE_BEFORE.search(text, max(0, start - 16), start))


def _en_found(ctx: MessageContext) -> list[tuple[int, int, str]]:
    """(start, end, rel) of each relation noun phrase an English message says."""
    text, out = ctx.text, []
    for rx in (_EN_SELF, _EN_POSSESSED, _EN_COUPLE):
        for m in rx.finditer(text):
            rel = m.group("rel")
            if rel[:1].isupper() and not m.group("pos")[:1].isupper() and _EN_NOUN_AFTER.match(text, m.end()):
                continue  # "my Brother printer": a brand; "ring my Dad", "for my Mum and my Nan": British usage
            if _EN_CONSULTED.search(text[max(0, m.start() - 30):m.start()]):
                continue
            if any(s <= m.start() < e for s, e, _ in out):
                continue
            end = m.end()
            name = _en_name(ctx, end)
            if not name and rel.casefold() in _EN_NAMED_ONLY:
                continue
            if not name and _kin_home(text, m.start(), end, rel):
                continue  # (prec29) "at my sister's in Tenby": their home, no party
            out.append((m.start(), name or end, rel.casefold()))
    return out


#: (user35) what may stand between a relation noun and the name the NER found: a comma and a title ("my father, Mr. ")
_EN_TITLE_GAP = re.compile(r"[\s,]*(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof)\.?\s+")


def _en_name(ctx: MessageContext, end: int) -> int | None:
    """The end of a name said right after the noun at ``end``: a PERSON the NER found there, or capitalised words."""
    for x in ctx.mentions:
        if x.label == "PERSON" and end < x.start <= end + 2 and not ctx.text[end:x.start].strip(" ,"):
            return x.end
        # (user35) the name after a title, which the NER leaves out: "my father, Mr. Arun Patel"
        if x.label == "PERSON" and end < x.start <= end + 8 and _EN_TITLE_GAP.fullmatch(ctx.text[end:x.start]):
            return x.end
        # (miss24en) "her mum is Hannah 07831 …": the name said as what the relation is, when the NER reads a PERSON
        if x.label == "PERSON" and _EN_IS.fullmatch(ctx.text[end:x.start]):
            return x.end
    if (m := _EN_IS_NAME.match(ctx.text, end)) and not any(x.label != "PERSON" and x.start < m.end("name") and m.start("name") < x.end
                                                           for x in ctx.mentions):
        return m.end("name")  # (miss24en) or capitalised words ending the clause or before a number ("my son is Thabo.")
    n = _EN_NAME.match(ctx.text[end:])
    if n and n.group("name").split()[0] not in ("I", "Im", "I'm"):
        return end + n.end("name")
    return None


def _zh_found(ctx: MessageContext) -> list[tuple[int, int, str]]:
    """(start, end, rel) of each relation noun phrase a Chinese message says."""
    text, out = ctx.text, []
    for rx in (_ZH_RUN, _ZH_SHORT):
        for m in rx.finditer(text):
            if any(s <= m.start("rel") < e for s, e, _ in out) or (m.group("rel") in _ZH_SOCIAL and not m.group("pos")):
                continue
            start = m.start()
            if not text[:start].strip() and _ZH_ADDRESS.match(text, m.end()):
                continue  # (fix11) "大姐，那个快递到哪了": the agent addressed, no person of the user's
            if _ZH_CONSULTED.search(text[max(0, start - 3):start]) or (
                    re.search(r"[跟和]$", text[max(0, start - 1):start]) and "商量" in text[m.end():m.end() + 6]):
                continue
            if _ZH_INSCRIBED.search(text, 0, start):
                continue
            if _ZH_SELF.search(text[max(0, start - 2):start]):
                start -= 2  # "我是她爸": the user's own relation
            elif m.group("pos") in ("给", "帮"):
                start = m.start("rel")  # (fix11) "是给女儿约的": the person is 女儿, 给 is the sentence's
            end = m.end()
            if _kin_home(text, start, end, m.group("rel")):
                continue  # (prec29) "那是我妈家": their home, no party
            name = _ZH_NAME.match(text[end:])
            if name:
                end += name.end("name")
            elif _remark_only(text, m):
                continue  # (prec31zh) "他爸说别卡太死": the source of a remark, no party to the service
            out.append((start, end, m.group("rel")))
    return out


@step("kin", roles=("user",))
def kin(ctx: MessageContext) -> list[_Unit]:
    """A ``person_<noun>`` fact for each person the user names by their relation, with the name said after it."""
    if ctx.lang == "en":
        found = _en_found(ctx)
    elif ctx.lang == "zh":
        found = _zh_found(ctx)
    else:
        return []
    held = [u.value for u in ctx.units if isinstance(u, FactUnit) and not u.offered]
    units: list[_Unit] = []
    for start, end, rel in sorted(found):
        if in_spans(start, ctx.taken_back):
            continue
        phrase = ctx.text[start:end].strip(" ,，")
        key = f"person_{rel.replace(' ', '_')}"
        # a relations fact holding the name alone takes the phrase
        named = [n for n, u in enumerate(ctx.units) if isinstance(u, FactUnit) and not u.offered and u.key == key
                 and u.value in phrase and u.value != phrase]
        if named:
            ctx.units[named[0]] = ctx.units[named[0]].model_copy(update=dict(value=phrase))
            continue
        mine = [n for n, u in enumerate(ctx.units) if isinstance(u, FactUnit) and u.key == key]
        if mine:
            # "I'm Helen, her daughter": the name said before the relation, under the same key, takes it
            u = ctx.units[mine[0]]
            at = ctx.text.rfind(u.value, 0, start)
            if at >= 0 and not ctx.text[at + len(u.value):start].strip(" ,，"):
                ctx.units[mine[0]] = u.model_copy(update=dict(value=ctx.text[at:end].strip(" ,，")))
            continue
        # (fix11) the whole word: "jason.lee@gmail.com" holds no "son"
        said = re.compile(rf"(?<![a-z]){re.escape(rel)}(?![a-z])", re.I)
        if any(said.search(h) for h in held) or any(u.key == key for u in units) \
                or g.current_with_key(ctx.graph, key):
            continue
        units.append(FactUnit(key=key, name=key.replace("_", " "), value=phrase, stressed=ctx.stressed_at(phrase)))
    return units
