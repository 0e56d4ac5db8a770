"""The relations step: what a found value is said of, read from the sentence's structure.

Runs after the roles step, over the user's message. Three readers, none a list of domain words:

- **A person with their relation** (the pack's ``relations``, groups ``name`` and ``rel``):
  "my sister Rachel will do the speeches" -> ``person_sister: Rachel``; "I'm Helen, her
  daughter" -> ``name: Helen``; "我姓欧阳，欧阳静" -> ``name: 欧阳静`` (a surname said, then the
  full name that starts with it). Facts the message made of a piece of the name ("欧阳" as a
  place) are dropped.
- **The noun a bare number is said of** (Chinese, from jieba's tags): "爸爸67，妈妈63" ->
  ``爸爸: 67``, ``妈妈: 63``; "布线大概要40米" -> ``布线: 40米``; "电池健康81%" -> ``电池健康: 81%``.
  The number must stand alone (no role, no fact holds it) and end its phrase.
- **A whole name**: "南京审计大学" is one organisation (jieba cuts it after the city), "The Oak
  Room at Fernley Golf Club" one venue.
- **Where a thing is** ("X在PLACE", Chinese): "我人在上海" -> ``所在地: 上海``; "房子在安徽安庆" ->
  ``房子所在地: 安徽安庆``: two places of two holders, not one place said twice.
- **Names in any frame** (people6; the same ``relations`` rules, groups ``other`` / ``rel`` / ``self``):
  someone else's ("Her name's Isla" -> ``person: Isla``, 孩子名字是王一一, 狗叫豆包 -> ``person_狗``), the
  user's own ("name's Callum Reid btw", "sign it Kwame", "this is Gwen Ashby"); the name replaces the place
  or venue the NER made of it, and a fact holding the relation word takes the name ("the patient is my
  grandson, Alfie Turner" -> ``patient: Alfie Turner``). An honorific alone is no name (祁小姐 whole, never
  小姐); a short rare word answering 怎么称呼 is the user's name (甘露). Chinese ages with no age word:
  months said of a noun (猫三个月了), a number alone after a name (叫孔德明，七十八了).

>>> from ctxgraph import Tracker
>>> t = Tracker("zh")
>>> _ = t.observe({"role": "user", "content": "我人在北京，厂房在江西赣州，面积大概要800平"})
>>> sorted((f.key, f.value) for f in t.state().facts if f.status == "current" and "所在地" in f.key)
[('厂房所在地', '江西赣州'), ('所在地', '北京')]
>>> t = Tracker("en")
>>> _ = t.observe({"role": "user", "content": "pony ride for my daughter please. Her name's Maisie, she's 7"})
>>> sorted((f.key, f.value) for f in t.state().facts if f.key in ("person", "place", "age"))
[('age', '7'), ('person', 'Maisie')]
"""

from __future__ import annotations

import re

from .. import _graph as g
from .._units import FactUnit, _Unit
from .context import MessageContext
from .gates import Folded, may_match
from .registry import step
from .text import clause_at, in_spans

#: (people6) Chinese: a count of months of a living thing ("猫三个月了", "宝宝十个月大"); a clause that is a number
#: and nothing else, said after a person was named ("叫孔德明，七十八了"), is their age
_MONTHS = re.compile(r"个半?月$")
_AGE_CLAUSE = re.compile(r"^(?:今年|已经|都|才)?(?P<n>[一二两三四五六七八九十]{1,3}|\d{1,3})(?:岁半?)?了?$")
_PRONOUN = ("她", "他", "它")


def _zh_ages(ctx: MessageContext, filled: set[str], units: list[_Unit]) -> list[_Unit]:
    """Chinese ages with no age word: months said of a noun or pronoun right before them, with 了 or 大 after
    (not "等了两个月了": a verb before; not "课程三个月": nothing after), or a clause of a number alone after a name."""
    if ctx.lang != "zh" or "age" in filled:
        return []
    held = [u.value for u in ctx.units + units if isinstance(u, FactUnit)]
    named = any(m.label == "PERSON" for m in ctx.mentions) or any(
        isinstance(u, FactUnit) and _PERSON_KEYS.match(u.key) for u in ctx.units + units)
    doc = None
    for m in ctx.mentions:
        if m.label not in ("QUANTITY", "NUMBER") or ctx.asking(m.start) or any(m.text in v for v in held):
            continue
        clause = clause_at(ctx.text, m.start)
        if _MONTHS.search(m.text):
            doc = doc if doc is not None else ctx.profile.doc(ctx.text)
            before = [t for t in doc if t.idx + len(t.text) <= m.start]
            while before and before[-1].tag_ in ("d", "t"):  # 才, 已经, 今年
                before.pop()
            noun = bool(before) and (before[-1].text in _PRONOUN or (before[-1].tag_ in ("n", "nr", "nz", "ng") and _HAN.match(before[-1].text)))
            after = ctx.text[m.end:m.end + 1]
            if not ((noun and (after in ("了", "大") or before[-1].text in _PRONOUN)) or (named and clause == m.text)):
                continue
        elif not (named and _AGE_CLAUSE.match(clause) and m.text == _AGE_CLAUSE.match(clause).group("n")):
            continue
        slot = ctx.pack.slots.get("age")
        return [FactUnit(key="age", name=slot.name if slot else "age", value=m.text, slot="age" if slot else None,
                         normalized=m.value, correction=ctx.correcting, stressed=ctx.stressed)]
    return []


#: (people6) a title or an honorific said alone is no one's name ("小姐" of "收件人祁小姐", "Dr" of "Dr. Menon")
_HONORIFIC = re.compile(r"^(?:小姐|先生|女士|太太|夫人|阿姨|师傅|老师|同学|老板|(?i:mr|mrs|ms|miss|dr|sir|madam|mx)\.?)$")
#: the assistant asks how to address the user
_ASKS_NAME = re.compile(r"怎么称呼|贵姓|您的?(?:姓名|名字)|叫什么|留(?:一?下|个)?(?:您的?)?(?:联系人|姓名)|(?i:\bwhat(?:'s| is) your (?:full )?name\b|\bname (?:for|on) the booking\b)")
_SHORT_NAME = re.compile(r"^[\u4e00-\u9fff]{2,3}(?=[，,。\s\d]|$)")


def _honorifics(ctx: MessageContext) -> None:
    """A name fact that is an honorific alone holds the surname said right before it ("祁" + "小姐"), or goes."""
    for n, u in reversed(list(enumerate(ctx.units))):
        if not isinstance(u, FactUnit) or u.offered or not _HONORIFIC.match(u.value.strip()):
            continue
        at = ctx.text.find(u.value)
        sur = ctx.text[at - 1] if at > 0 else ""
        if ctx.lang == "zh" and _HAN.match(sur) and sur not in "我你您他她的是叫和跟与位个":
            ctx.units[n] = u.model_copy(update=dict(value=sur + u.value))
        else:
            del ctx.units[n]


#: (miss6) English: the assistant's question asks for a name - someone else's ("his name", "the learner's name") or the user's
_ASKS_NAME_EN = re.compile(r"\b(?P<other>his|her|their|\w+'s|\w+s')\s+(?:full |first )?name\b|\b(?:your|a|the)\s+(?:full |first )?name\b|\bname (?:for|on) the\b|\bwho(?:'s| is) (?:it|the booking) for\b"
                           # (miss7) a question for the person: "Who should the van ask for?", "Who should I put it under?"
                           r"|\bwho\s+(?:should|shall|will|would|can|do|does)\s+(?:i|we|the|he|she|they|you)\b[^?]{0,40}\b(?:for|under|to)\s*\?", re.I)
#: a reply that opens with a name: one to three capitalised words, then a comma, a full stop or the end
_OPENING_NAME_EN = re.compile(r"^\W*(?P<name>(?-i:[A-Z][a-z]+(?:[-'][A-Z]?[a-z]+)?(?: (?:Mc|Mac|O')?[A-Z][a-z]+(?:[-'][A-Z]?[a-z]+)?){0,2}))\s*(?:[,.;!]|$)")
#: capitalised words that open a reply without being a name
_NOT_A_NAME_EN = {"Yes", "Yeah", "No", "Nope", "Sure", "Ok", "Okay", "Thanks", "Thank", "Hi", "Hello", "Hey", "Great", "Perfect", "Lovely",
                  "Fine", "Cheers", "Please", "Sorry", "Actually", "Me", "Mine", "Why", "What", "Who", "Just", "Both", "Yep", "Cool"}


def _asked_name_en(ctx: MessageContext, filled: set[str]) -> list[_Unit]:
    """English: the assistant asked for a name and the reply opens with one ("Oscar, about 1m 35 and 30 kilos", "Rhodri
    Vaughan. he's a total beginner"): someone else's (``person``) when the question said whose, else the user's (``name``)."""
    last = ctx.graph.graph.get("last_turn")
    if not last or ctx.graph.nodes[last].get("role") != "assistant":
        return []
    asked = [q for q in _ASKS_NAME_EN.finditer(ctx.graph.nodes[last].get("text", "")[-200:])]
    m = _OPENING_NAME_EN.match(ctx.text)
    if not asked or m is None or m.group("name").split()[0] in _NOT_A_NAME_EN or ctx.asking(m.start("name")) or any(
            x.start < m.end("name") and m.start("name") < x.end and x.label not in _NAME_LABELS for x in ctx.mentions):
        return []
    name = m.group("name")
    other = asked[0].group("other") is not None
    key = "person" if other else "name"
    if key in filled or any(isinstance(u, FactUnit) and not u.offered and u.value == name and _PERSON_KEYS.match(u.key) for u in ctx.units):
        return []
    ctx.units[:] = [u for u in ctx.units if not (isinstance(u, FactUnit) and not u.offered and u.value == name)]
    slot = ctx.pack.slots.get("name") if key == "name" else None
    return [FactUnit(key=key, name=slot.name if slot else key, value=name, slot=slot.id if slot else None, stressed=ctx.stressed)]


def _asked_name(ctx: MessageContext, filled: set[str]) -> list[_Unit]:
    """Chinese: the assistant asked how to address the user and the reply opens with two or three characters
    that are one name (甘露 is also a word, so jieba's name tag is not asked for): the user's name."""
    if ctx.lang == "en":
        return _asked_name_en(ctx, filled)
    last = ctx.graph.graph.get("last_turn")
    if ctx.lang != "zh" or "name" in filled or not last or ctx.graph.nodes[last].get("role") != "assistant" \
            or not _ASKS_NAME.search(ctx.graph.nodes[last].get("text", "")[-120:]):
        return []
    m = _SHORT_NAME.match(ctx.text.strip())
    if m is None or any(x.start < m.end() and m.start() < x.end and x.label != "PERSON" for x in ctx.mentions) \
            or m.group(0) in ctx.pack.not_entities:
        return []
    from .._zhseg import _jieba_posseg

    freq = _jieba_posseg().dt.tokenizer.FREQ
    doc = ctx.profile.doc(m.group(0))
    # a name is a rare word (甘露 147 in jieba's counts, 李强 159) of a content tag; "可以", "需要", "没有",
    # "不用" are answers (tens of thousands)
    if not all(t.tag_[:1] in ("n", "v", "a", "x") and (freq.get(t.text) or 0) < 500 for t in doc):
        return []
    name = m.group(0)
    ctx.units[:] = [u for u in ctx.units if not (isinstance(u, FactUnit) and not u.offered and u.value in name)]
    slot = ctx.pack.slots.get("name")
    return [FactUnit(key="name", name=slot.name if slot else "name", value=name, slot=slot.id if slot else None,
                     stressed=ctx.stressed)]


#: (miss30zh) an amount said in Chinese numerals with a place value ("五千八", "一千二", "两千", "八百万"): a bare number as
#: "5800" is (not "十二", "三" nor "几")
_ZH_AMOUNT = re.compile(r"[一二两三四五六七八九]+[十百千万][一二两三四五六七八九十百千万]*")
#: (miss30zh) a word after an amount that makes it approximate ("五千多", "三十来", "五万左右")
_APPROX = re.compile(r"多|来|左右")
#: (miss30zh) the period an amount is per, said between its noun and it ("学费一年五千八", "房租每月2000"): passed over
_PER_PERIOD = re.compile(r"(?:一|每)(?:个)?(?:年|月|季度?|周|天|晚|次)")
#: jieba tags of the words a bare number may be said of (nouns, a name, an adjective noun: "电池健康")
_NOUN_TAGS = ("n", "nr", "nz", "ng", "vn", "an", "a", "nrt")
#: jieba tags passed over between that noun and the number ("大概", "要", "有", "约")
_SKIP_TAGS = ("d", "v", "vshi", "vyou")
#: a number that is a date, a clock or a count of something named after it, not a measure of a noun before it
_NOT_BARE = re.compile(r"^\s*(?:[月号日点时:：.\d]|个月(?!大)|年|周|天|分钟|小时)|^(?![大左多])[\u4e00-\u9fff]")
_HAN = re.compile(r"[\u4e00-\u9fff]")
#: (user30zh) numbers said in a series, each after its label ("左眼300，右眼350", "身高170体重65"): the next label and
#: number right after this one, or a number right before this label
_SERIES_GAP = re.compile(r"\s*[，,、；;]?\s*")
#: (user31zh) the unit a number of a series may carry ("左眼450度 右眼500度", "腰围80公分 臀围95"): still the series
_SERIES_UNIT = re.compile(r"度|厘米|公分|毫米|公斤")
_SERIES_PREV = re.compile(r"\d(?:度|厘米|公分|毫米|公斤)?\s*[，,、；;]?\s*$")
#: (user31zh) the last number of a series said with its unit: a label right after the number (and unit) before it
_SERIES_LAST = re.compile(r"\d(?:度|厘米|公分|毫米|公斤)?\s*[，,、；;]?\s*[\u4e00-\u9fff]{2,3}$")
_SERIES_LABEL_BEFORE = re.compile(r"(?:^|[^\u4e00-\u9fff])[\u4e00-\u9fff]{2,3}$|\d[\u4e00-\u9fff]{2,3}$")
#: characters of a numeral: a word of them tagged 'm' is a number ("三十"), not a label jieba mis-tagged ("左眼")
_NUMERAL = re.compile(r"[零〇一二两三四五六七八九十百千万亿几多半余第每双俩仨全整]")


#: labels a name may carry: the NER takes a name for a place, a venue or a group as often as for a person
_NAME_LABELS = ("PERSON", "ORG", "PLACE", "GPE", "FAC", "LOC", "VENUE", "NORP")
#: the keys of facts that hold a person's name already (a name said again is not a second person)
_PERSON_KEYS = re.compile(r"^(?:name|person(?:_.+)?|patient|traveller|contact|customer|lead|receiver|owner|child)$")


def _tagged_name(ctx: MessageContext, start: int, end: int) -> str | None:
    """The name the tagger found over ``start:end``: the whole span when one PERSON mention covers it, or (names17)
    a PERSON mention of two characters or more that starts there and ends inside it ("俺媳妇赵晓梅管账" -> 赵晓梅,
    "我儿子王强来接" -> 王强); None when the tagger holds no name there ("我爸周四上午复查").

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> _ = t.observe({"role": "user", "content": "对了俺媳妇赵晓梅管账 资料让她发"})
    >>> [(f.key, f.value) for f in t.state().facts if f.key.startswith("person")]
    [('person_媳妇', '赵晓梅')]
    """
    people = [m for m in ctx.mentions if m.label == "PERSON"]
    if any(m.start <= start and end <= m.end for m in people):
        return ctx.text[start:end]
    return next((m.text for m in people if m.start == start and start + 2 <= m.end < end), None)


#: (fix28) a question word where the name would be ("他叫什么", "她叫啥来着", "叫谁"): no name is given
_ASKED_WORD = re.compile(r"(?:什么|什麼|啥|谁|誰|哪位|哪个|多少)(?:名字)?(?:来着|呢|啊|呀)?$|(?i:what|who)$")


#: (user29) a second name joined right after a plural relation's first ("my twins, Leo and Nora", "my kids Sam and Ella");
#: (fix28) not a name owning the next thing ("my kids, Leo and Nora's friends": Nora's friends are no kid)
_AND_NAME = re.compile(r",? and (?:my |our )?(?P<name>[A-Z][a-z]+)\b(?! [A-Z])(?!['’]s\b)")
#: (user29) relations that name more than one person
_PLURAL_RELATION = re.compile(r"(?:twins|kids|children|sons|daughters|boys|girls|parents|grandparents|grandkids|"
                              r"grandchildren|nieces|nephews|cousins|friends|dogs|cats)$")


def _with_joined_name(ctx: MessageContext, rel: str, name: str, end: int) -> str:
    """(user29) The names of a plural relation: the first, and one joined to it by "and" ("my twins, Leo and Nora":
    "Leo and Nora"), so the second is theirs too and no place nor name of anyone else.

    >>> from types import SimpleNamespace as N
    >>> text = "sign up my twins, Leo and Nora, for camp"
    >>> _with_joined_name(N(lang="en", text=text), "twins", "Leo", text.index(" and"))
    'Leo and Nora'
    >>> text = "my kids, Leo and Nora's friends"
    >>> _with_joined_name(N(lang="en", text=text), "kids", "Leo", text.index(" and"))
    'Leo'
    >>> text = "my son Leo and Nora from next door"
    >>> _with_joined_name(N(lang="en", text=text), "son", "Leo", text.index(" and"))
    'Leo'
    """
    if ctx.lang != "en" or not _PLURAL_RELATION.search(rel):
        return name
    joined = _AND_NAME.match(ctx.text, end)
    return f"{name} and {joined.group('name')}" if joined else name


#: (prec31zh) how the user asks to be called right after the surname they gave: the surname with a title ("姓周，周阿姨",
#: "姓顾，叫我顾阿姨好了", "姓邱，邱女士")
_ZH_TITLES = r"(?:阿姨|叔叔|叔|先生|女士|小姐|老师|大姐|姐|大哥|哥|师傅|总|工|伯|婆婆|爷爷|奶奶|老板)"


def _surname_with_address(text: str, start: int, end: int) -> str | None:
    """(prec31zh) "姓X" at ``start:end`` with the form of address the user adds right after it, a comma or a space
    between ("姓周，周阿姨", "姓顾，叫我顾阿姨好了"): the user's words from 姓 to the title, which hold both the surname
    and how to address them; None when no such form follows.

    >>> text = "莘松路958弄12号601，姓顾，叫我顾阿姨好了，电话13701839265"
    >>> _surname_with_address(text, text.index("姓"), text.index("姓") + 2)
    '姓顾，叫我顾阿姨'
    >>> _surname_with_address("我姓周 电话13757120846", 1, 3) is None
    True
    """
    surname = text[end - 1:end]
    said = re.compile(rf"[，,、\s]*(?:(?:你们|您|你)?(?:叫|喊|称呼)我)?{re.escape(surname)}{_ZH_TITLES}")
    m = said.match(text, end)
    return text[start:m.end()] if m else None


def _relation_facts(ctx: MessageContext, filled: set[str]) -> list[_Unit]:
    units: list[_Unit] = []
    folded = Folded(ctx.text)
    for rx in getattr(ctx.pack, "relations", ()):
        if not may_match(rx, folded):  # it needs a word the message lacks: no match (gates.py)
            continue
        for r in rx.finditer(ctx.text):
            name = r.group("name").strip()
            groups = r.groupdict()
            rel = (groups.get("rel") or "").strip().casefold()
            # a name said with its relation ("my partner Tom … can he be on it as well?") is told, not asked
            if (ctx.asking(r.start("name")) and not rel) or in_spans(r.start("name"), ctx.taken_back) or any(
                    m.label not in _NAME_LABELS and m.start < r.end("name") and r.start("name") < m.end
                    for m in ctx.mentions):
                continue  # a date, a product or an id is no one's name
            if _ASKED_WORD.match(name):
                continue  # (fix28) "我不知道他叫什么", "她叫啥来着": the name is asked or forgotten, not given
            if ctx.lang == "zh" and not re.search("叫|名字|姓", ctx.text[r.start():r.start("name")]):
                if (name := _tagged_name(ctx, r.start("name"), r.end("name"))) is None:
                    continue  # "我爸，明天来", "我爸周四复查": after a relation, only what the tagger takes for a name
            if len(name) == 1 and (any(str(ctx.graph.nodes[f].get("value", "")).startswith(name)
                                       for k in ("name", "person") for f in g.current_with_key(ctx.graph, k))
                                   or any(isinstance(u, FactUnit) and _PERSON_KEYS.match(u.key) and u.value.startswith(name)
                                          for u in ctx.units + units)):
                continue  # a surname said alone ("姓蒋") with or after the full name ("我姓葛，叫葛文涛", "蒋丽"): nothing new
            name = _with_joined_name(ctx, rel, name, r.end("name"))
            other = groups.get("other") is not None
            self_said = not other and (not rel or groups.get("self") is not None)
            key = "name" if self_said and "name" not in filled else f"person_{rel}" if rel else "person" if other else "person_self"
            # a fact that holds the relation word where the name belongs ("patient: my grandson", "病人: 我爸",
            # "联系人: 我爱人") takes the name
            said = {f"my {rel}", f"our {rel}", f"我{rel}", f"我的{rel}", f"我家{rel}", rel} if rel else set()
            kept = [n for n, u in enumerate(ctx.units) if isinstance(u, FactUnit) and not u.offered
                    and u.value.strip().casefold() in said]
            if kept:
                ctx.units[kept[0]] = ctx.units[kept[0]].model_copy(update=dict(value=name))
                ctx.units[:] = [u for n, u in enumerate(ctx.units) if n == kept[0] or not (
                    isinstance(u, FactUnit) and not u.offered and u.value == name and u.key == "person")]
                filled.add(key)
                continue
            if key in filled or any(isinstance(u, FactUnit) and u.value == name and _PERSON_KEYS.match(u.key)
                                    for u in ctx.units + units):
                continue
            # the name, or pieces of it, the message made facts of by their type ("欧阳" as a place, "建国" of
            # "祁建国", "Maisie" as a place, "Noor" as a venue)
            ctx.units[:] = [u for u in ctx.units if not (isinstance(u, FactUnit) and not u.offered and
                                                        u.value in name and not _PERSON_KEYS.match(u.key))]
            filled.add(key)
            slot = ctx.pack.slots.get("name") if key == "name" else None
            if ctx.lang == "zh" and len(name) == 1 and ctx.text[r.start("name") - 1:r.start("name")] == "姓":
                name = "姓" + name  # (miss25zh) "我姓何": only the surname is known, and the value says so ("姓何", not 何)
                name = _surname_with_address(ctx.text, r.start("name") - 1, r.end("name")) or name
            units.append(FactUnit(key=key, name=slot.name if slot else key.replace("_", " "), value=name,
                                  slot=slot.id if slot else None, correction=ctx.correcting, stressed=ctx.stressed))
    return units


def _bare_number_facts(ctx: MessageContext, filled: set[str]) -> list[_Unit]:
    """Chinese: a number that stands alone, keyed by the noun it is said of; (miss30zh) an amount in Chinese numerals
    too (:func:`_zh_amount_end`), kept with the noun said right before it ("房租两千", "水分二十五六")."""
    if ctx.lang != "zh":
        return []
    from .roles import _ruled_out

    held = [u.value for u in ctx.units if isinstance(u, FactUnit)]
    doc, units = None, []
    for m in ctx.mentions:
        words = not m.text[:1].isdigit()  # (miss30zh) said in Chinese numerals
        if m.label not in ("NUMBER", "QUANTITY") or m.kind != "value" or (words and not _ZH_AMOUNT.fullmatch(m.text)) \
                or ctx.asking(m.start) or any(m.text in v for v in held) or _ruled_out(ctx, clause_at(ctx.text, m.start)):
            continue
        doc = doc if doc is not None else ctx.profile.doc(ctx.text)
        end = _zh_amount_end(ctx.text, m.end) if words else m.end
        if (end < 0) if words else _not_bare(ctx.text, m, doc):
            continue
        tokens = [t for t in doc if t.idx + len(t.text) <= m.start]
        label = _series_label(ctx.text, tokens[-1], m, doc) if tokens and m.label == "NUMBER" else None
        while tokens and (tokens[-1].tag_ in _SKIP_TAGS and len(tokens[-1].text) <= 2 or _PER_PERIOD.fullmatch(tokens[-1].text)):
            tokens.pop()
        noun = []  # the noun right before, with at most one word before it ("电池" "健康"; not "旧电脑电池损耗")
        while tokens and len(noun) < 2 and tokens[-1].tag_ in _NOUN_TAGS and _HAN.match(tokens[-1].text):
            noun.insert(0, tokens.pop())
        key = "".join(t.text for t in noun) or label or ""
        if len(key) < 2 or key in filled or key in ctx.pack.slots:  # "2门606": one character names no measure
            continue
        if words and g.current_with_key(ctx.graph, f"count_{key}"):
            continue  # (miss30zh) a new count of a thing counted before ("手套三百双" - "手套二百五"): the count readers' change
        value = m.text + ("%" if ctx.text[m.end:m.end + 1] in "%％" and ctx.text[m.end:m.end + 1] else "")
        if m.label == "NUMBER" and (unit := series_unit(ctx.text, m.end)):
            value = m.text + ctx.text[m.end:m.end + unit]  # (user31zh) "450度": the unit said with it
        if words:  # the noun said right before it is one phrase with it ("房租两千"); else the amount as said ("五千多")
            start = noun[0].idx if noun and noun[-1].idx + len(noun[-1].text) == m.start else m.start
            value = ctx.text[start:end]
        filled.add(key)
        units.append(FactUnit(key=key, name=key, value=value, normalized=m.value, correction=ctx.correcting,
                              stressed=ctx.stressed))
    return units


def _zh_amount_end(text: str, end: int) -> int:
    """(miss30zh) Where an amount in Chinese numerals ending at ``end`` ends with the word that makes it approximate
    ("五千多", "三十来", "五万左右"), or -1 when a character of a unit, a date or a count follows it (:data:`_NOT_BARE`:
    "两百几蚊", "两千块" are another reader's).

    >>> t = "工资就五千多 房租两千块"
    >>> _zh_amount_end(t, 5), _zh_amount_end(t, 11)
    (6, -1)
    """
    if approx := _APPROX.match(text, end):
        end = approx.end()
    return -1 if _NOT_BARE.match(text[end:end + 3]) else end


def _not_bare(text: str, m, doc) -> bool:
    """Whether the number ``m`` is a date, a clock or a count of what follows it (:data:`_NOT_BARE`); not where it
    is a bare number after a label and another label and number follow right on ("左眼300右眼350", "身高170体重65")."""
    if not _NOT_BARE.match(text[m.end:m.end + 3]):
        return False
    if m.label != "NUMBER" or not _SERIES_LABEL_BEFORE.search(text[:m.start]):
        return True
    end = m.end + series_unit(text, m.end)
    # (user31zh) with its unit: "左眼450度 右眼500" (the first), "左眼450度，右眼500度" (the last too)
    return not (_labelled_next(text, end, doc) or end > m.end and _SERIES_LAST.search(text[:m.start]))


def series_unit(text: str, end: int) -> int:
    """(user31zh) How many characters of a series' unit follow a number ending at ``end`` (:data:`_SERIES_UNIT`), 0 for none.

    >>> series_unit("左眼450度 右眼500", 5), series_unit("左眼450 右眼500", 5), series_unit("腰围80公分", 4)
    (1, 0, 2)
    """
    unit = _SERIES_UNIT.match(text, end)
    return len(unit.group(0)) if unit else 0


def _labelled_next(text: str, end: int, doc) -> bool:
    """Whether a label and its number follow ``end`` with at most a comma between: one word of two or three Han
    characters (no numeral, tagged a noun, a numeral or a verb) and right after it a number. "右眼350" after
    "左眼300"; not "碗面加2" after "改成8" (碗 is a word of its own)."""
    words = [t for t in doc if t.idx >= end and not _SERIES_GAP.fullmatch(t.text)]
    if len(words) < 2 or not _SERIES_GAP.fullmatch(text[end:words[0].idx]):
        return False
    label, number = words[0], words[1]
    return (2 <= len(label.text) <= 3 and all(_HAN.match(c) for c in label.text) and not _NUMERAL.search(label.text)
            and label.tag_ in _NOUN_TAGS + ("m", "v") and number.idx == label.idx + len(label.text)
            and number.text[:1].isdigit())


def _series_label(text: str, token, m, doc) -> str | None:
    """(user30zh) The label of a number in a series of labelled numbers that jieba tagged no noun: "左眼" of
    "左眼300，右眼350" (tagged a numeral), "身高" of "身高170体重65" (tagged a verb); only a two- or three-character
    word right before a bare number, with another label and number right after it or a number right before it
    (a quantity has its counter: "改成12杯拿铁加3杯" is a change, not a label).

    >>> from ctxgraph._nlp import chinese_doc
    >>> import types
    >>> text = "左眼300，右眼350"
    >>> _series_label(text, chinese_doc(text)[0], types.SimpleNamespace(start=2, end=5), chinese_doc(text))
    '左眼'
    >>> text = "我身高170"
    >>> _series_label(text, chinese_doc(text)[1], types.SimpleNamespace(start=3, end=6), chinese_doc(text)) is None
    True
    """
    if token.idx + len(token.text) != m.start or token.tag_ not in ("m", "v") or not 2 <= len(token.text) <= 3:
        return None
    if not all(_HAN.match(c) for c in token.text) or _NUMERAL.search(token.text):
        return None
    if _labelled_next(text, m.end + series_unit(text, m.end), doc) or _SERIES_PREV.search(text[:token.idx]):
        return token.text
    return None


#: "X在PLACE": the words right before 在, as jieba cuts them
_AT = "在"


def _holder(ctx: MessageContext, doc, at: int) -> str | None:
    """Who or what is at the place starting at ``at`` ("房子" of "房子在安庆"; "" for the user:
    "我人在上海"), None when no 在 stands right before it."""
    if at < 1 or ctx.text[at - 1] != _AT:
        return None
    before = [t for t in doc if t.idx + len(t.text) <= at - 1]
    if not before or not _HAN.match(before[-1].text) or before[-1].tag_ not in _NOUN_TAGS + ("r",):
        return None
    holder = before[-1].text
    return "" if holder.startswith("我") or holder in ("人", "本人") else holder


def _located(ctx: MessageContext) -> None:
    """Chinese: a place fact keyed by its type alone takes the key of who or what is there;
    two places of two holders said together ("我人在深圳，老房子在赣州") become two facts."""
    if ctx.lang != "zh":
        return
    doc = None
    for u in list(ctx.units):
        if not isinstance(u, FactUnit) or u.offered or u.slot != "place" or u.key != "place":
            continue
        doc = doc if doc is not None else ctx.profile.doc(ctx.text)
        parts: dict[str | None, list[str]] = {}
        for part in u.value.split(", "):
            parts.setdefault(_holder(ctx, doc, ctx.text.find(part)), []).append(part)
        if set(parts) == {None}:
            continue
        at = ctx.units.index(u)
        ctx.units[at:at + 1] = [
            u.model_copy(update=dict(value=", ".join(ps))) if holder is None else
            u.model_copy(update=dict(key=f"{holder}所在地", name=f"{holder}所在地", slot=None, value=", ".join(ps)))
            for holder, ps in parts.items()]


#: Chinese: the head noun of an institution named after its city ("南京" "审计" "大学"), which jieba
#: cuts after the city; English: a named part of a venue before it ("The Oak Room at" Fernley Golf Club)
_INSTITUTION_AFTER = re.compile(r"^[\u4e00-\u9fff]{0,4}?(?:大学|学院|医院|中学|小学|银行|研究所|幼儿园)")
#: ("the X at": a capitalised word before "in" or "at" alone is most often a verb or another venue:
#: "Search in SFO", "Triptych in SF" - SGD test lost 11 of 100 cities to it before this was narrowed)
_PART_BEFORE = re.compile(r"\b[Tt]he (?:[A-Z][a-z]+ ){1,3}at $")


def _whole_names(ctx: MessageContext) -> None:
    """A place cut off its institution ("南京" of "南京审计大学") or a venue cut off its named
    part ("Fernley Golf Club" of "The Oak Room at Fernley Golf Club") holds the whole name."""
    for n, u in enumerate(ctx.units):
        if not isinstance(u, FactUnit) or u.offered or (at := ctx.text.find(u.value)) < 0:
            continue
        end = at + len(u.value)
        if ctx.lang == "zh" and u.slot == "place" and (inst := _INSTITUTION_AFTER.match(ctx.text[end:])):
            ctx.units[n] = u.model_copy(update=dict(value=u.value + inst.group(0), key="org", name=ctx.pack.slots["org"].name
                                                    if "org" in ctx.pack.slots else "org", slot="org" if "org" in ctx.pack.slots else None))
        elif ctx.lang == "en" and u.value[:1].isupper() and (part := _PART_BEFORE.search(ctx.text[max(0, at - 40):at])):
            ctx.units[n] = u.model_copy(update=dict(value=part.group(0) + u.value))


#: (miss7) a name and a number alone after it, in a list of people: "I'm Graham Ollerenshaw, 46, and she's Poppy
#: Ollerenshaw, 14", "Nadia Osei, 38 and Kofi Osei, 9": each number is the age of the name before it
_EN_AGE_WORD = r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?)"
_NAME_AGE_EN = re.compile(
    r"(?:(?P<self>\b(?i:i'm|i’m|i am|my name's|my name is|this is))\s+|\b(?i:he's|she's|he is|she is|and|then)\s+|^\W*|[,;]\s*)"
    r"(?P<name>(?-i:[A-Z][a-z]+(?:[-'][A-Z]?[a-z]+)?(?: (?:Mc|Mac|O')?[A-Z][a-z]+(?:[-'][A-Z]?[a-z]+)?){0,2})),\s*"
    r"(?P<age>\d{1,2}|(?i:" + _EN_AGE_WORD + r"))(?:\s+(?i:and a half))?(?=\s*(?:[,.;!]|\b(?i:and)\b|$))")


def _name_ages_zh(ctx: MessageContext) -> list[_Unit]:
    """Chinese: two or more names each followed by its age ("大的叫周子墨，八岁，小的叫周子琪，六岁"): one age
    fact per name (``age_周子墨``), where no fact of the message holds that age yet."""
    ms = sorted(ctx.mentions, key=lambda m: m.start)
    pairs = [(a.text, b.text) for a, b in zip(ms, ms[1:]) if a.label == "PERSON" and "岁" in b.text
             and re.fullmatch(r"\s*[，,、]\s*", ctx.text[a.end:b.start])]
    if len(pairs) < 2:
        return []
    held = {u.value for u in ctx.units if isinstance(u, FactUnit) and not u.offered}
    return [FactUnit(key=f"age_{name}", name=f"age（{name}）", value=age, stressed=ctx.stressed)
            for name, age in pairs if age not in held]


def _name_ages_en(ctx: MessageContext, filled: set[str]) -> list[_Unit]:
    """English: names each followed by a number alone (see ``_NAME_AGE_EN``), two or more in the message or one
    after "I'm": the name (the user's own after "I'm", else a person) and their age; Chinese: :func:`_name_ages_zh`."""
    if ctx.lang == "zh":
        return _name_ages_zh(ctx)
    if ctx.lang != "en":
        return []
    found = [m for m in _NAME_AGE_EN.finditer(ctx.text) if m.group("name").split()[0] not in _NOT_A_NAME_EN
             and not ctx.asking(m.start("name")) and not any(
                 x.start < m.end("name") and m.start("name") < x.end and x.label not in _NAME_LABELS for x in ctx.mentions)]
    if len(found) < 2 and not (found and found[0].group("self")):
        return []  # "Tuesday, 4" / "Room 5, 2" alone: no list of people
    held = {u.value for u in ctx.units if isinstance(u, FactUnit) and not u.offered}
    units: list[_Unit] = []
    for n, m in enumerate(found):
        name, age = m.group("name"), m.group(0)[m.start("age") - m.start():].strip(" ,.;!")
        own = bool(m.group("self"))
        name_key = "name" if own else ("person" if "person" not in filled else f"person_{name.split()[0].casefold()}")
        age_key = "age" if own and "age" not in filled else f"age_{name.split()[0].casefold()}"
        if name not in held and name_key not in filled:
            slot = ctx.pack.slots.get("name") if name_key == "name" else None
            units.append(FactUnit(key=name_key, name=name_key.replace("_", " "), value=name, slot=slot.id if slot else None,
                                  stressed=ctx.stressed))
            filled.add(name_key)
        if age not in held and age_key not in filled:
            units.append(FactUnit(key=age_key, name=age_key.replace("_", " "), value=age, stressed=ctx.stressed))
            filled.add(age_key)
    return units


#: (miss11) Chinese: where the user lives, said as 住 (在) and a place the tagger does not know ("我们住莘庄", "我们住市区",
#: "我家住在七宝那边"); not a stay (住两晚, 住酒店), a floor (住七楼), a hospital stay (住院) nor a manner (住得远)
_LIVES = re.compile(r"(?:我们|我家|我|家)(?:就|现在|目前|都)?住(?:在)?(?P<place>(?![一二两三四五六七八九十几\d得院的了着过酒宾民楼家])"
                    r"[\u4e00-\u9fff]{2,6}?)(?=那边|附近|这边|一带|$|[\s，,。！!？?；;])")
_NOT_LIVED_IN = re.compile(r"(?:晚|天|夜|楼|层|院|店|馆|间|房)$")


def _lives(ctx: MessageContext, filled: set[str]) -> list[_Unit]:
    """Chinese: the place the user lives in, as ``居住地`` (a place the message keeps otherwise stays as it is)."""
    if ctx.lang != "zh" or "居住地" in filled:
        return []
    held = [u.value for u in ctx.units if isinstance(u, FactUnit)]
    for m in _LIVES.finditer(ctx.text):
        place = m.group("place")
        if _NOT_LIVED_IN.search(place) or any(place in v for v in held) or ctx.asking(m.start()):
            continue
        return [FactUnit(key="居住地", name="居住地", value=place, stressed=ctx.stressed_at(place))]
    return []


#: (miss16) English: a job title: up to two words before a job noun ("practice manager", "Head of People", "PTA chair")
_EN_TITLE = (r"(?P<title>(?:(?!(?:and|or|but|the|a|an|our|my|is|was)\b)[A-Za-z]+ ){0,2}?(?:chair(?:man|woman|person)?|manager|director|officer|"
             r"treasurer|secretary|administrator|co-?ordinator|founder|developer|engineer|chef|clerk|receptionist|accountant|"
             r"bursar|CEO|CFO|COO|CTO|[Hh]ead of [A-Za-z]+))")
#: the title said of the speaker ("I'm PTA chair", "I'm the parish clerk", then where: "I'm the office manager here"), after
#: a name in apposition ("Helen Ashworth, practice manager, 01422…"), or before one ("our finance director, Ruth Adebayo");
#: the title ends its phrase
_EN_TITLES = (re.compile(r"(?:\b(?:I'm|I’m|I am)\s+|,\s+)(?:the |a |an |our )?" + _EN_TITLE + r"(?=\s*(?:[,.;!]|$|\band\b))"),
              # (fix19) the speaker's title, then where it is held ("I'm the office manager here", "… at Elm Surgery")
              re.compile(r"\b(?:I'm|I’m|I am)\s+(?:the |a |an |our )?" + _EN_TITLE + r"(?=\s+(?:here\b|(?:at|for|of) (?:the )?[A-Z]))"),
              re.compile(r"\b(?:[Oo]ur|[Mm]y) " + _EN_TITLE + r",\s+(?=[A-Z])"))

#: the words that make the name after them the speaker's own ("I'm Daniel Osei", "this is Ruth")
_SELF_BEFORE = re.compile(r"\b(?:I'm|I’m|I am|my name is|this is)\s*$")


def _titles_en(ctx: MessageContext, filled: set[str]) -> list[_Unit]:
    """(miss16) English: a job title said of the speaker or beside a name, as a ``role`` fact (the speaker's, or
    ``role_<first name>`` of the person named right beside it); none asked about, none in a clause with no name or "I".

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> _ = t.observe({"role": "user", "content": "I'm Daniel Osei, Head of People. Our CEO, Fiona Marsh, signs"})
    >>> sorted((f.key, f.value) for f in t.state().facts if f.key.startswith("role"))
    [('role', 'Head of People'), ('role_Fiona', 'CEO')]
    """
    if ctx.lang != "en" or "," not in ctx.text and "I" not in ctx.text:
        return []
    out: list[_Unit] = []
    people = [m for m in ctx.mentions if m.label == "PERSON"]
    for r in (r for rx in _EN_TITLES for r in rx.finditer(ctx.text)):
        title = r.group("title") or ""
        at = r.start("title")
        if ctx.asking(at) or any(m.label not in ("PERSON", "ORG", "NORP") and m.start < r.end("title") and at < m.end
                                  for m in ctx.mentions):
            continue
        said_by_me = r.group(0).startswith("I")
        beside = next((m for m in people if (0 <= r.start() - m.end <= 1) or (0 <= m.start - r.end() <= 1)), None)
        if beside is None and not said_by_me:
            continue  # ", store manager": a title of no one named
        mine = said_by_me or _SELF_BEFORE.search(ctx.text[max(0, beside.start - 14):beside.start])
        mine = mine or any(isinstance(u, FactUnit) and u.key == "name" and u.value == beside.text for u in ctx.units)
        key = "role" if mine else f"role_{beside.text.split()[0]}"
        if key in filled:
            continue
        filled.add(key)
        out.append(FactUnit(key=key, name=key.replace("_", " "), value=title.strip(), correction=ctx.correcting,
                            stressed=ctx.stressed))
    return out


#: (miss16) what may stand between a name and the phone after it
_TO_PHONE = re.compile(r"[\s，,：:]*")


def _name_before_phone(ctx: MessageContext, filled: set[str], units: list[_Unit]) -> list[_Unit]:
    """(miss16) Chinese: a name the tagger found right before a phone, said after the party whose phone it is and held by
    no fact yet ("收货人行政部 何佳 136…", "让师傅打她电话 许静 138…"): that party's name (``person_<party>``).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> _ = t.observe({"role": "user", "content": "收货人行政部 何佳 13601925566"})
    >>> [(f.key, f.value) for f in t.state().facts if f.key.startswith("person")]
    [('person_收货人', '何佳')]
    """
    phones = [x for x in ctx.mentions if x.label == "PHONE"] if ctx.lang == "zh" else []
    if not phones:
        return []  # the cheap test first: most messages say no phone
    from .facts import party_before

    held = [u.value for u in ctx.units + units if isinstance(u, FactUnit)]
    out: list[_Unit] = []
    for m in (m for m in ctx.mentions if m.label == "PERSON"):
        phone = next((x for x in phones if _TO_PHONE.fullmatch(ctx.text, m.end, x.start)), None)
        if phone is None or ctx.asking(m.start) or any(m.text in v for v in held):
            continue
        party = party_before(ctx, m.start)
        key = f"person_{party}" if party else None
        if key is None or key in filled:
            continue  # the user's own name said with a phone is the name step's ("熊雨晴 133…" answering 怎么称呼)
        filled.add(key)
        out.append(FactUnit(key=key, name=key.replace("_", " "), value=m.text, correction=ctx.correcting, stressed=ctx.stressed))
    return out


#: (miss26zh) the assistant's question asks another person's name: whose (a pronoun, or a noun of the person), then the name
#: word ("他叫什么？", "孩子叫什么名字？", "请提供老人的姓名"); a question that also asks the user's own name asks both
_ASKS_OTHER_NAME = re.compile(r"(?P<who>他|她|孩子|小孩|宝宝|小朋友|老人家?|患者|病人|学员|学生)的?(?:全名|姓名|名字|大名|叫什么)")
_ASKS_OWN_NAME = re.compile(r"怎么称呼|贵姓|[您你]的?(?:全名|姓名|名字|大名)|[您你]叫什么|家长|联系人")


def _other_name_key(lang: str, question: str, reply: str) -> str | None:
    """The key of the person whose name the assistant's ``question`` asks, when it is not the user's and the ``reply``
    names no self: ``person_<noun>`` ("孩子叫什么名字？"), ``person`` for a pronoun ("他叫什么？", "What's his name?").

    >>> _other_name_key("zh", "好的。孩子叫什么名字？", "叫林一一"), _other_name_key("zh", "孩子叫什么？家长怎么称呼？", "林一一")
    ('person_孩子', None)
    >>> _other_name_key("en", "Lovely. What's his name?", "Oscar, he's 6"), _other_name_key("en", "What's your name?", "Dana")
    ('person', None)
    """
    if lang == "zh":
        asked = _ASKS_OTHER_NAME.search(question[-60:])
        if asked is None or _ASKS_OWN_NAME.search(question[-60:]) or re.search(r"我(?:叫|姓)|叫我", reply):
            return None
        return "person" if asked.group("who") in ("他", "她") else f"person_{asked.group('who')}"
    asked = _ASKS_NAME_EN.search(question[-200:])
    # only a pronoun says whose: "the lead passenger's name" is as often the user's own
    if asked is None or (asked.group("other") or "").casefold() not in ("his", "her") or re.search(r"\b(?:i'm|i am|my name|me)\b", reply, re.I):
        return None
    return "person"


def _asked_other_name(ctx: MessageContext, units: list[_Unit]) -> None:
    """(miss26zh) A name given in answer to a question about another person's name ("他叫什么？" -
    "李长顺，他是拖了三个月") is that person's, not the user's: the message's ``name`` fact is keyed ``person_<noun>``
    (``person`` for 他 / 她), so the user's own name held from before stays current. A reply that says the user's own
    name too ("我叫…", "我是她妈妈李倩") is the relation reader's.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "user", "content": "我叫王铁柱，电话15945887316"},
    ...                 {"role": "assistant", "content": "好的。您同事也可以一起来，他叫什么？"},
    ...                 {"role": "user", "content": "刘小军"}])
    >>> sorted((f.key, f.value) for f in t.state().facts if f.status == "current" and f.key in ("name", "person"))
    [('name', '王铁柱'), ('person', '刘小军')]
    """
    last = ctx.graph.graph.get("last_turn")
    if not last or ctx.graph.nodes[last].get("role") != "assistant":
        return
    key = _other_name_key(ctx.lang, ctx.graph.nodes[last].get("text", ""), ctx.text)
    if key is None:
        return
    held = {u.value for u in ctx.units + units if isinstance(u, FactUnit) and u.key == key}
    for n, u in reversed(list(enumerate(units))):
        if isinstance(u, FactUnit) and not u.offered and u.key == "name":
            if u.value in held:
                del units[n]
            else:
                units[n] = u.model_copy(update=dict(key=key, name=key.replace("_", " ")))
                held.add(u.value)


@step("relations", roles=("user",))
def relations(ctx: MessageContext) -> list[_Unit]:
    """People with their relation, bare numbers with their noun, places with their holder; (miss16) a zh name said
    before a phone as its party's, an English job title as a ``role``."""
    filled = {u.key for u in ctx.units if isinstance(u, FactUnit)}
    _honorifics(ctx)
    units = _relation_facts(ctx, filled)
    units += _asked_name(ctx, filled | {u.key for u in units if isinstance(u, FactUnit)})
    units += _name_ages_en(ctx, filled | {u.key for u in units if isinstance(u, FactUnit)})
    units += _zh_ages(ctx, filled, units)
    filled |= {u.key for u in units if isinstance(u, FactUnit)}
    units += _name_before_phone(ctx, filled, units)
    units += _titles_en(ctx, filled)
    units += _bare_number_facts(ctx, filled)
    units += _lives(ctx, filled)
    _located(ctx)
    _whole_names(ctx)
    _asked_other_name(ctx, ctx.units)
    _asked_other_name(ctx, units)
    return units
