"""The conditions step: what a person (or a pet) the service is for has, in any message (issue 19, miss8).

The user says what the person has or needs to get by, often late and often inside a question:
"one boy has a nut allergy so no nuts anywhere near the food", "she's 81 and has an ingrown toenail",
"one of the kids uses a wheelchair is that ok", "Ben has asthma, is that a problem??", "对了他有点湿疹",
"最近膝盖不太好", "我老公对猫毛过敏". The problems step reads the shape of a description in the opening
message only (later such clauses are rules and chat); a condition is read by its structure wherever
it is said: a person as the subject (he / she, my|our|his|her|their + a noun, "one of the kids", "one
boy", a name; 他 / 她 / 孩子 / a kin noun), then "has (got)" / "uses" / "is allergic to" / "suffers
from" and a noun phrase (有 / 有点 + a noun; 对 X 过敏; a part of the body 不太好). Not read: light
objects ("has a question", "has school on the 27th", "has to", "has been"), an object holding a
number or a determiner of possession ("has my number", "has 3 kids"), the assistant's words. (miss13) "is" and a
health word of the language ("she's 14 weeks pregnant", "one of my bridesmaids (Chloe) is pregnant"), a body part
hurt in the past with when (他左膝盖去年受过伤) and an allergy without 对 (有朋友猫毛过敏) are conditions too.
(miss23en) In English also "hes" / "shes" typed without the apostrophe ("Hes got a dairy allergy"), people in the
plural ("some clients have asthma", "4 of the drivers are egg allergic": a word for what, then "allergic"); a
plural object as light as its singular ("some guests have cars").

The value is the clause from the subject to the end of the noun phrase, so the person stays with it;
the key ``condition`` (a later one ``condition_t<turn>``, beside it).

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> _ = t.observe({"role": "user", "content": "one boy has a nut allergy so no nuts near the food please"})
>>> [(f.key, f.value) for f in t.state().facts if f.key.startswith("condition")]
[('condition', 'one boy has a nut allergy')]
>>> t = Tracker("zh")
>>> _ = t.observe({"role": "user", "content": "周六下午那个吧。他有点近视 戴眼镜 能练吗"})
>>> [(f.key, f.value) for f in t.state().facts if f.key.startswith("condition")]
[('condition', '他有点近视')]
"""

from __future__ import annotations

import re

from .. import _graph as g
from .._units import FactUnit, _Unit
from .context import MessageContext
from .gates import Folded, may_match
from .registry import step
from .text import EN_WEEKDAY, in_spans

# ---------------------------------------------------------------- English

# the verb of having a condition or an aid, and the noun phrase after it (up to four words, cut at a
# conjunction, a clause mark or a question's "is that ok")
#: allergic to a thing, how much first, as typed ("allergic to", "a wee bit allergic tae dogs", "alergic to nuts")
_EN_ALLERGIC = r"(?:(?:a (?:wee |little )?bit|very|really|quite|slightly|severely|mildly)\s+)?al+ergic (?:to|tae)"
_EN_HAS = re.compile(
    r"(?:\b|(?<=\b[Hh]e)|(?<=\b[Ss]he))(?P<verb>(?i:has got|has|[’']s got|s got|uses|is " + _EN_ALLERGIC + r"|[’']s " + _EN_ALLERGIC +
    r"|suffers from|is on|"
    # (miss23en) people in the plural have it ("some clients have asthma", "both kids have got eczema")
    r"(?<=s )have got|(?<=s )have|(?<=s )are " + _EN_ALLERGIC + r"|"
    # (miss30en) a person in the singular with "have", as a learner writes it ("my daughter have asthma"): the subject
    # must still be a person (never "I have", "we have")
    r"(?<=[a-z] )(?<!them )(?<!they )have got|(?<=[a-z] )(?<!them )(?<!they )have(?! to\b)(?!\s+(?:never|always|just|already|also|still|only)\b)))\s+"
    r"(?P<obj>(?:(?i:an?|some|mild|bad|severe|really bad|quite bad)\s+)?[a-z][\w-]*(?:\s+(?!(?:so|and|but|is|are|that|which|who|because|as|if|when|though|tho|btw|too|please|pls|lol|at|in|on|for|with|from|to|since|can|could|would|will|we|i|you|he|she|they|it)\b)[a-z][\w-]*){0,3})")
# (the noun phrase is lower-case: "my brother uses Wise" names a service, not a condition)
#: the language's nouns for people and pets (the same words as the ``rel`` group of rules/core/en/roles.yml)
_EN_PERSON_NOUN = (r"(?:baby|son|daughter|child|kid|boy|girl|husband|wife|partner|mum|mom|mother|dad|father|grandson|"
                   r"granddaughter|grandma|grandmother|granny|gran|nan|nana|grandad|grandpa|grandfather|brother|sister|friend|"
                   r"niece|nephew|aunt|auntie|uncle|cousin|fianc[ée]e?|boyfriend|girlfriend|colleague|neighbou?r|patient|"
                   r"little one|toddler|dog|cat|puppy|pup|kitten|horse|pony|rabbit|parrot|hamster|pet|guest|client)s?")
# the person before the verb, at the end of the text before it in its clause ("she's 81 and ", "one boy ")
_EN_SUBJECT = re.compile(
    r"(?:\b(?:he|she)|\b(?:my|our|his|her|their|some|both|two|three|a few|several)\s+(?:[a-z-]+\s+)?" + _EN_PERSON_NOUN +
    # (miss23en) some of a group ("4 of the drivers are egg allergic", "two of our guests have coeliac")
    r"|\b(?:one|some|two|three|four|five|a few|several|\d+) of (?:the|my|our|them)(?:\s+[a-z-]+)?|\bone (?:boy|girl|kid|child|guest|lad|lass|of them"
    # (miss30en) one of a group named by what they are ("one lady has epilepsy", "one resident uses a hoist")
    r"|lady|man|woman|gentleman|gent|resident|person|pupil|student|player|passenger|member|patient|client|colleague))"
    r"(?:[’']s|\s+(?:is|\d+|and|also|still|now|really|actually|already|just))*\s*$", re.I)
_EN_NAME_SUBJECT = re.compile(r"\b(?P<name>[A-Z][a-z]+)(?:\s+(?:also|still|now|really|actually|already|just))*\s*$")
# what a person has that is no condition of theirs: the language's light objects (an act, a time, an
# obligation, a thing owned or booked, another person)
_EN_LIGHT = re.compile(
    r"^(?:(?:an?|some)\s+)?(?:to|been|had|no|not|any|the|my|our|your|his|her|their|this|that|these|those|it|them|one|two|"
    r"question|questions|query|look|go|chat|word|think|minute|moment|sec|second|lot|bit|few|couple|meeting|appointment|"
    r"booking|reservation|birthday|party|wedding|holiday|day|week|job|school|work|college|nursery|class|lesson|exam|plan|idea|"
    r"car|van|phone|number|email|key|keys|ticket|tickets|voucher|account|card|friend|friends|brother|sister|son|daughter|"
    r"baby|kid|kids|child|children|dog|cat|pet|time|chance|say|right|point|feeling|thing|things|preference|budget|deposit|"
    r"discount|membership|train|flight|bus|lift|space|room|garden|house|flat|home|lunch|dinner|breakfast|nap|shower|bath|"
    r"break|rest|early|late|same|more|less|everything|nothing|something|anything|all|both)\b", re.I)


#: (miss23en) a plural's "s" on the object's first word: "cars", "lessons" are as light as "car", "lesson"
_EN_PLURAL = re.compile(r"(?<=[a-z]{3})s\b")
_EN_QUALIFIED = re.compile(r"(?i:an?|some|mild|bad|severe|really bad|quite bad)\s")
_EN_DAY_WORD = re.compile(r"\b" + EN_WEEKDAY + r"(?:day)?s?\b|\b(?:today|tonight|tomorrow|weekend|morning|afternoon|evening)s?\b", re.I)


def _names_a_day(ctx: MessageContext, text: str, at: int) -> bool:
    """Whether a day or a time (a date, a clock, a weekday) is named before ``at`` in its sentence or after it in
    its clause ("not Tuesday, he has football", "he has football on tuesdays"; not "he has asthma, is that ok
    for the saturday class?")."""
    lo = max(text.rfind(c, 0, at) for c in ".!?\n") + 1
    hi = min([i for i in (text.find(c, at) for c in ",;.!?\n") if i >= 0] or [len(text)])
    return bool(_EN_DAY_WORD.search(text[lo:hi])) or any(
        x.label in ("DATE", "TIME", "DAY") and lo <= x.start < hi for x in ctx.mentions)


# (miss13) a condition said as "is" and a health adjective of the language ("she's 14 weeks pregnant", "he's profoundly
# deaf", "my dad is partially sighted", "one of my friends (Dawn) is diabetic"): how far along or how much may come first
_EN_IS = re.compile(
    # (miss27en) "hes" / "shes" typed without the apostrophe ("hes very deaf", "shes deaf-ish")
    r"(?P<verb>\b(?i:is|are)\b|[’'](?i:s)\b|(?<=\b[Hh]e)s\b|(?<=\b[Ss]he)s\b)\s+(?P<obj>(?i:(?:\d+|a few|(?:one|two|three|four|five|six|seven|eight|nine|ten)(?:\s+\w+)?)"
    r"\s+(?:weeks?|months?)\s+|profoundly\s+|partially\s+|severely\s+|registered\s+|totally\s+|quite\s+|very\s+|a bit\s+)?"
    r"(?i:[a-z]+[- ]allergic|pregnant|diabetic|deaf|blind|sighted|epileptic|asthmatic|disabled|autistic|coeliac|celiac|anaemic|anemic|"
    r"immunocompromised|hard of hearing|housebound|bedbound|bed-bound|wheelchair[- ]bound|hearing[- ]impaired|visually impaired)"
    # (miss27en) a word softened by "-ish" ("shes deaf-ish") is the same word; (miss30en) a diabetic's type said after
    # it is the same condition ("he is diabetic, type 2")
    r"(?:-ish)?(?:,?\s+(?i:type)\s+(?:1|2|one|two|i|ii))?)\b"
    # (fix15) the word closes the predicate: no noun or word it qualifies after it ("my sister's blind date", "blind drunk")
    r"(?=\s*(?:$|[^\w\s]|(?i:and|but|so|or|since|from|in|with|after|now|too|as|at|which|who|because|though|already|also|"
    r"again|for|type|due|on|of|ever|myself|himself|herself|themselves|btw|lol|tho|atm|fyi|haha|anyway|actually|currently|"
    r"still|now|yet|right|though|x+|[0-9])\b))")
# (miss27en) a part of the body that is not well, said of its owner: a possessive (my / his / her / their / our /
# a name's), the part, "is" / "are" and a state of being unwell ("his knees are bad", "her back is not good",
# "Ron's hips are really stiff"); or the speaker who has a bad part ("I have bad knee", "I've got a dodgy back")
_EN_BODY = (r"(?:back|neck|shoulders?|knees?|hips?|ankles?|legs?|feet|foot|hands?|wrists?|arms?|elbows?|eyes|eyesight|"
            r"hearing|ears|heart|chest|joints|balance|lungs)")
_EN_UNWELL_STATE = (r"(?:(?:really|very|quite|a bit|a little|so|pretty|still|getting|always)\s+)*"
                    r"(?:not\s+(?:very\s+|so\s+|that\s+|too\s+)?(?:good|great|well|strong)|bad|weak|poor|dodgy|"
                    r"playing up|stiff|sore|painful|worse|failing)")
_EN_PART_UNWELL = re.compile(
    r"(?<![\w’'])(?:(?i:my|his|her|their|our)|[A-Z][a-z]+[’']s)\s+(?:(?i:left|right|bad)\s+)?(?i:" + _EN_BODY + r")\s+"
    r"(?i:is|are|[’']s)\s+(?i:" + _EN_UNWELL_STATE + r")\b")
_EN_SELF_BAD_PART = re.compile(
    r"(?<![\w’'])(?:I|i)\s*(?:(?i:have|[’']ve)\s+(?i:got\s+)?|[’']?(?i:ve got)\s+)(?:(?i:an?)\s+)?(?:(?i:really|very|quite)\s+)?"
    r"(?i:bad|dodgy|weak|sore|stiff|painful|gammy)\s+(?:(?i:left|right)\s+)?(?i:" + _EN_BODY + r")\b")
# (miss27en) the speaker allergic to a thing ("i'm allergic to latex", "I am allergic to penicillin"); no thing, no
# condition ("nothing with feathers pls im allergic")
_EN_SELF_ALLERGIC = re.compile(
    r"(?<![\w’'])(?:I|i)(?:[’']?m|\s+am)\s+(?:(?i:very|really|quite|severely|a bit)\s+)?(?i:allergic to)\s+"
    r"(?!(?i:it|them|that|this|those|these|something|anything|nothing|none)\b)[a-z][\w-]*(?:\s+(?!(?:so|and|but|is|are|that|which|"
    r"because|as|if|when|too|please|pls|lol|at|in|on|for|with|from|to|since|can|could|would|will|we|i|you|he|she|they|it)\b)"
    r"[a-z][\w-]*){0,2}")

# (miss30en) what a person had, said with when in the past ("he had a knee replacement last year", "He had a broken wrist
# last year", "he had a bout of colic last yr"): an operation, an injury or an illness the service must know of, as
# _ZH_HURT reads 他左膝盖去年受过伤; the time word right after the thing had, no other word between
_EN_PAST_WHEN = (r"(?:last\s+(?:year|yr|month|week|summer|winter|spring|autumn|christmas|easter)|"
                 r"(?:a|one|two|three|four|five|six|\d+|a few|a couple of|couple of)\s+(?:years?|yrs?|months?|weeks?)\s+ago|"
                 r"in\s+(?:19|20)\d\d|earlier this year|this time last year)")
_EN_HAD_WHEN = re.compile(
    r"(?<![\w’'])(?P<verb>(?i:had|has had|[’']s had|[’']d had))\s+"
    r"(?P<obj>(?:(?i:an?)\s+)?[a-z][\w-]*(?:\s+(?!(?:last|this|in|on|at|with|from|when|and|but|so|ago|about|around|a|one|"
    r"two|three|four|five|six|couple|earlier)\b)[a-z][\w-]*){0,3}?)"
    r"(?=(?:\s+(?i:with|at|from)(?:\s+[\w’'-]+){1,4}?)?\s+(?i:" + _EN_PAST_WHEN + r")\b)")
#: (fix35) the head of a thing had that the service must know of: an operation, an injury, an illness (a closed list of
#: general medical words); "had lessons with you last summer" is none
_EN_HEALTH_HEAD = re.compile(
    r"(?:operation|op|surgery|replacement|transplant|stroke|attack|seizure|fit|fall|injury|injuries|illness|fracture|"
    r"break|infection|procedure|bypass|cancer|tumou?r|chemo|chemotherapy|radiotherapy|treatment|concussion|colic|"
    r"pneumonia|covid|flu|virus|baby|miscarriage|caesarean|c-section|sprain|tear|dislocation|diagnosis|biopsy|accident|"
    r"breakdown|clot|sepsis|hernia|bleed|haemorrhage|hemorrhage|op|surgeries|operations|fractures|falls|strokes|"
    r"infections|seizures|fits|sprains|breaks|tears|clots|bleeds)", re.I)

# a name in brackets after the person ("one of my bridesmaids (Chloe) is pregnant") is part of the subject
_BRACKETED = re.compile(r"\s*\([^()]{1,30}\)\s*$")


def _en_subject_start(ctx: MessageContext, text: str, at: int) -> int | None:
    """Where the person a condition at ``at`` is said of starts (in its clause), or None.

    >>> from ctxgraph.extract.asking import _demo_ctx
    >>> said = "we are fine, one of my bridesmaids (Chloe) is pregnant"
    >>> said[_en_subject_start(_demo_ctx("en"), said, said.find(" is pregnant")):]
    'one of my bridesmaids (Chloe) is pregnant'
    >>> _en_subject_start(_demo_ctx("en"), "the room is blind", 8) is None
    True
    """
    lo = max(text.rfind(c, 0, at) for c in ",;.!?\n") + 1
    before = _BRACKETED.sub(" ", text[lo:at])
    subj = _EN_SUBJECT.search(before)
    if subj is None:
        name = _EN_NAME_SUBJECT.search(before)
        if name is None or not any(x.label == "PERSON" and x.text.split()[0] == name.group("name") for x in ctx.mentions):
            return None
        subj = name
    return lo + subj.start()


#: (fix35) a part hurt ("a broken ankle", "a torn ligament"): kept as a health head is
_EN_HURT_PART = re.compile(r"\b(?:broken|sprained|fractured|torn|dislocated|slipped|twisted|injured|damaged|burst)\b", re.I)
#: (fix35) a question's verb opening the clause before its subject ("can my daughter have", "does he have")
_EN_ASKS_FIRST = re.compile(r"\s*(?:(?:and|so|but|also|please|hi|hello|ok|okay)\s+)*(?:can|could|may|might|will|would|"
                            r"should|shall|does|did|do)\b", re.I)


def _asked_of_someone(text: str, start: int, end: int) -> bool:
    """Whether the clause of a "have" at ``start``..``end`` is a question ("Can my daughter have a sleepover?").

    >>> _asked_of_someone("Can my daughter have a sleepover at the camp?", 15, 30)
    True
    >>> _asked_of_someone("my daughter have asthma, she needs her inhaler", 12, 23)
    False
    """
    lo = max(text.rfind(c, 0, start) for c in ",;.!?\n") + 1
    stop = re.compile(r"[.!?\n]").search(text, end)
    return bool(_EN_ASKS_FIRST.match(text, lo)) or bool(stop and stop.group() == "?")


def _en_conditions(ctx: MessageContext) -> list[str]:
    text = ctx.text
    found: list[tuple[int, str]] = []
    for m in _EN_HAS.finditer(text):
        obj = m.group("obj").strip()
        owned = re.search(r"(?i)ha|got", m.group("verb"))  # a thing had, not what one is allergic to ("to cats")
        if _EN_LIGHT.match(obj) or owned and _EN_LIGHT.match(_EN_PLURAL.sub("", obj, 1)) or re.search(r"\d", obj):
            continue
        if m.group("verb").casefold().startswith("have") and _asked_of_someone(text, m.start(), m.end()):
            continue  # (fix35) "Can my daughter have a sleepover at the camp?": asked, not had
        if not _EN_QUALIFIED.match(obj) and _names_a_day(ctx, text, m.start()):
            continue  # "not Tuesday, he has football": a bare noun beside a day is what they do then, not a condition
        start = _en_subject_start(ctx, text, m.start())
        if start is not None:
            found.append((start, text[start:m.end("obj")].strip()))
    # a message holding none of the health words the pattern needs skips it (the gate is read from the pattern)
    for m in _EN_IS.finditer(text) if may_match(_EN_IS, Folded(text)) else ():
        start = _en_subject_start(ctx, text, m.start())
        if start is not None and not any(start < s + len(v) and s < m.end("obj") for s, v in found):
            found.append((start, text[start:m.end("obj")].strip()))
    found.extend(_en_had_when(ctx, found))
    found.extend(_en_unwell_parts(text, found))
    return [v for _, v in sorted(found)]


def _en_had_when(ctx: MessageContext, found: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """(miss30en) What a person had, said with when in the past, as (where its person starts, the clause from the person
    to the thing had), none overlapping what ``found`` holds; not a light thing ("had a look last week", "had a great time
    last year"), a supposed or asked one ("if he had a fall last year").

    >>> from ctxgraph.extract.asking import _demo_ctx
    >>> from dataclasses import replace
    >>> from ctxgraph.extract.context import Message
    >>> def said(text):
    ...     return [v for _, v in _en_had_when(replace(_demo_ctx("en"), message=Message(role="user", text=text)), [])]
    >>> said("is it safe for him, he had a knee replacement last year?"), said("my son had a great time last year")
    (['he had a knee replacement'], [])
    >>> said("She had a stroke two years ago but walks fine"), said("we had a leak last month")
    (['She had a stroke'], [])
    >>> said("My daughter had lessons with you last summer and loved it"), said("my son had surgery at the Royal last year")
    ([], ['my son had surgery'])
    """
    text = ctx.text
    if "had" not in text.casefold():
        return []  # the cheap test first
    out: list[tuple[int, str]] = []
    for m in _EN_HAD_WHEN.finditer(text):
        obj = m.group("obj").strip()
        last = obj.split()[-1]
        if _EN_LIGHT.match(obj) or _EN_LIGHT.match(_EN_PLURAL.sub("", last, 1)) or _EN_LIGHT.match(last):
            continue
        if not _EN_HEALTH_HEAD.fullmatch(last) and not _EN_HURT_PART.search(obj):
            continue  # (fix35) "my daughter had lessons with you last summer": no operation, injury or illness
        if _supposed_or_asked_before(text, m.start()):
            continue
        start = _en_subject_start(ctx, text, m.start())
        if start is not None and not any(start < s + len(v) and s < m.end("obj") for s, v in found + out):
            out.append((start, text[start:m.end("obj")].strip()))
    return out


def _supposed_or_asked_before(text: str, at: int) -> bool:
    """(miss30en) Whether the clause up to ``at`` supposes or asks ("if he had a fall", "has she had a stroke")."""
    lo = max(text.rfind(c, 0, at) for c in ",;.!?\n") + 1
    return bool(_EN_SUPPOSED.search(text, lo, at) or _EN_ASKED_BEFORE.search(text, lo, at))


def _en_unwell_parts(text: str, found: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """(miss27en) The parts of the body a message says are not well, and the speaker's allergies, each as
    (where it starts, the clause from its owner on), none overlapping what ``found`` holds.

    >>> _en_unwell_parts("does the minibus have a step? his knees are bad", [])
    [(30, 'his knees are bad')]
    >>> _en_unwell_parts("both ear please. I have bad knee, I cannot climbing stairs", [])
    [(17, 'I have bad knee')]
    >>> _en_unwell_parts("also i'm allergic to latex so pls no latex gloves", [])
    [(5, "i'm allergic to latex")]
    >>> _en_unwell_parts("my hands are full and my back is fine", [])
    []
    >>> _en_unwell_parts("what if my knees are bad, can I still come?", []), _en_unwell_parts("Do I have bad knees if they click?", [])
    ([], [])
    """
    out: list[tuple[int, str]] = []
    for rx in (_EN_PART_UNWELL, _EN_SELF_BAD_PART, _EN_SELF_ALLERGIC):
        for m in rx.finditer(text):
            if _supposed_or_asked(text, m.start(), m.end()):
                continue
            if not any(m.start() < s + len(v) and s < m.end() for s, v in found + out):
                out.append((m.start(), m.group(0)))
    return out


#: (fix29) a clause that supposes ("what if my knees are bad", "if her back is bad", "in case I have a bad back")
_EN_SUPPOSED = re.compile(r"\b(?:if|whether|in case|suppose|supposing|assuming|unless)\b", re.I)
#: (fix29) a question's verb right before the speaker ("do I have bad knees", "have I got a weak heart")
_EN_ASKED_BEFORE = re.compile(r"\b(?:do|does|did|have|has|am|is|are)\s+$", re.I)


def _supposed_or_asked(text: str, start: int, end: int) -> bool:
    """(fix29) Whether the unwell part or allergy found at ``start``-``end`` is supposed or asked, no state: its clause
    opens with "if" / "what if" ..., a question's verb stands right before it, or its clause ends with "?" ("Do I have bad
    knees if they click?", "I'm allergic to cats?? since when").

    >>> _supposed_or_asked("what if my knees are bad, ok?", 8, 24), _supposed_or_asked("his knees are bad, is that ok?", 0, 17)
    (True, False)
    """
    lo = max(text.rfind(c, 0, start) for c in ",;.!?\n") + 1
    stops = [i for i in (text.find(c, end) for c in ",;.!?\n") if i >= 0]
    return bool(_EN_SUPPOSED.search(text, lo, start) or _EN_ASKED_BEFORE.search(text, lo, start)
                or stops and text[min(stops)] == "?")


# ---------------------------------------------------------------- Chinese

_ZH_PERSON = r"(?:他|她|孩子|宝宝|小孩|老人家?|[我他她]?(?:爸爸?|妈妈?|老公|老婆|儿子|女儿|爷爷|奶奶|外婆|外公|姥姥|姥爷|父亲|母亲|家人|先生|太太|爱人))"
# a person, then 有 (点 / 些) and what they have, up to the clause's end or a verb after it
_ZH_HAS = re.compile(_ZH_PERSON + r"(?:最近|平时|一直|还|也|以前|从小)?有(?P<mild>点儿?|些|一点)?(?P<obj>[\u4e00-\u9fff]{2,4}?)(?=$|[\s，。,.！!？?、；;]|戴|要|吃|能|可以|会|吗|呢|所以|不)")
# 对 X 过敏 / X 过敏, after a person
_ZH_ALLERGY = re.compile(_ZH_PERSON + r"(?:[\u4e00-\u9fff]{0,3}?)(?P<obj>对[\u4e00-\u9fff]{1,4}过敏|[\u4e00-\u9fff]{1,3}过敏)")
# a part of the body that is not well, after 最近 / 一直 / a person ("最近膝盖不太好", "他腰疼"; not "效果不太好")
_ZH_UNWELL = re.compile(r"(?:最近|一直|平时|" + _ZH_PERSON + r")(?P<obj>[\u4e00-\u9fff]{2}(?:不太好|不大好|不好使|不灵活|疼|痛))")
# (miss10) after a person, a part of the body of one or two characters, an adverb of how often or how much,
# then its predicate ("他肩膀一直疼", "她腿不好", "我妈腰老是疼"); the part must be a noun ("她心情不好" is no body part
# only by the noun check's luck, "他成绩不好" is read: what a person is not good at is kept as said)
_ZH_PART_UNWELL = re.compile(_ZH_PERSON + r"(?P<obj>(?P<part>[\u4e00-\u9fff]{1,2}?)(?:一直|老是|总是|经常|有点儿?|特别|很|也|都|之前|以前)?"
                             r"(?:不太好|不大好|不好使|不灵活|不好|疼|痛|不舒服|骨折[了过]?|扭伤[了过]?))")
# (miss10) a piece of the message that opens with a body part of one character and its predicate, after a person
# said earlier in the sentence ("另外她只吃软的 牙不好"; not "他试了一下 效果不好": a noun of two characters there is
# as often the service's result as a part of the body)
_ZH_PIECE_UNWELL = re.compile(r"(?:^|(?<=[\s，,。；;]))(?P<obj>(?P<part>[\u4e00-\u9fff])(?:一直|老是|总是|经常|有点儿?|特别|很|也|都)?"
                              r"(?:不太好|不大好|不好使|不灵活|不好|疼|痛|不舒服))(?=$|[\s，,。！!？?；;])")
_ZH_SOMEONE = re.compile(_ZH_PERSON)
# (miss11) the speaker as the holder: 我 and a part of the body (the language's body-part nouns, 左 / 右 before
# them), an adverb, the predicate ("我腿脚不太好", "我膝盖一直疼", "我右脚骨折了"); never 我 + any noun ("我网络不太好")
_ZH_BODY = (r"[左右]?(?:头|眼睛|眼|耳朵|牙齿|牙|嗓子|喉咙|脖子|颈椎|肩膀|肩|胳膊|手腕|手|腰|背|腿脚|腿|膝盖|脚踝|脚|胃|心脏|"
            r"皮肤|身体|视力|听力|睡眠)")
_ZH_SELF_UNWELL = re.compile(r"(?<![他她你])我(?!们)(?P<obj>" + _ZH_BODY + r"(?:一直|老是|总是|经常|有点儿?|特别|很|也|都|之前|以前|最近)?"
                             r"(?:不太好|不大好|不好使|不灵活|不好|疼|痛|不舒服|骨折[了过]?|扭伤[了过]?))")
# (miss11) a person who is no kin: a pupil, a team-mate, a room-mate (有个 / 有位 / 一个 before, a 小X name after)
_ZH_OTHER_PERSON = r"(?:有(?:一)?个|有位|一个)?(?:学生|同学|室友|队员|朋友|同事|客人|员工|小朋友|成员|组员)(?:小[\u4e00-\u9fff])?"
# (miss11) 对 X 过敏 said of the speaker or of such a person ("我对菊花过敏", "我们有个队员对蜂蜜过敏"); 不 / 没 before
# 过敏 say no allergy ("我们俩都不过敏")
# (miss13) and X 过敏 without 对, as after kin ("有朋友猫毛过敏很严重"); kin and others allergic together ("奶奶和好几个亲戚都过敏")
# (fix15) an allergy feared, guarded against or reported as said, no allergy had (担心过敏, 怕过敏, 抗过敏的枕头, 防过敏, 说过敏)
_ZH_NOT_HAD = re.compile(r"担心|怕|防|避免|以免|抗|说")
_ZH_OTHER_ALLERGY = re.compile(r"(?:(?<![他她你])我(?!们)|" + _ZH_OTHER_PERSON + r")(?:[\u4e00-\u9fff]{0,2}?)"
                               r"(?P<obj>对[\u4e00-\u9fff]{1,4}过敏|(?<![不没无])[\u4e00-\u9fff]{1,3}(?<![不没无都也])过敏)")
_ZH_ALL_ALLERGIC = re.compile(_ZH_PERSON + r"(?P<obj>和[\u4e00-\u9fff]{1,6}?(?:都|也)过敏)")
# (user32zh) 对 X 过敏 that opens a piece of the message, its holder the one just named or asked about ("周子墨 对芒果过敏",
# "孩子叫什么名字，有没有过敏？" - "赵小雨，对花生过敏"); not one that qualifies a noun ("对花生过敏的可以吃吗")
_ZH_PIECE_ALLERGY = re.compile(r"(?:^|(?<=[\s，,。；;]))(?P<obj>对[\u4e00-\u9fff]{1,4}过敏)(?!的)")
# (miss11) an operation had: a person (the speaker, kin, a person as above), a time, 做过 / 动过 / 做了 and the
# operation ("他去年做过心脏搭桥手术", "室友小雯做过近视手术")
_ZH_SURGERY = re.compile(r"(?:(?<![他她你])我(?!们)|" + _ZH_PERSON + "|" + _ZH_OTHER_PERSON + r")(?:[\u4e00-\u9fff]{0,4}?)"
                         r"(?P<obj>(?:做过|动过|做了|刚做完|刚做了)[\u4e00-\u9fff]{0,6}?手术)")
# (miss11) a medicine taken, said after a condition in the same message ("她有高血压 在吃降压药", "在吃二甲双胍")
_ZH_MEDICINE = re.compile(r"(?:^|(?<=[\s，,。；;]))(?:她|他|我)?(?P<obj>(?:一直|还|每天|长期)?在?吃(?:着)?[\u4e00-\u9fff]{2,6}?)(?=$|[\s，,。！!？?；;])")
# (miss13) a part of the body hurt in the past, said with when ("他左膝盖去年受过伤", "我妈腰以前扭伤过", "她左肩之前受过伤"):
# a person, a body part of the language, a time word, the hurt had
_ZH_HURT = re.compile(r"(?:(?<![他她你])我(?!们)|" + _ZH_PERSON + r")(?P<obj>" + _ZH_BODY +
                      r"(?:去年|前年|以前|之前|小时候|年轻时|早年|前几年|前段时间|上个月|上半年)(?:也|还|都)?"
                      r"(?:受过伤|受伤过|骨折过|扭伤过|扭到过|摔伤过|拉伤过|做过手术|动过手术))")
# (miss16) a condition said as a fixed phrase of a body part and its state, after a person: hard of hearing ("他耳背",
# "我奶奶耳朵背"), high blood sugar, pressure or fat ("我妈血糖高", "他血压有点高"); not "背着孩子", "个子高"
_ZH_FIXED = re.compile(r"(?:(?<![他她你])我(?!们)|" + _ZH_PERSON + r")(?:最近|平时|一直|也|还|有点儿?)?"
                       r"(?P<obj>耳朵?(?:有点儿?|比较|很)?背(?![着包])|血[糖压脂](?:有点儿?|偏|比较|很|一直)?高)")
# what a person "has" that is no condition: the language's light objects (time, a matter, a question, things owned)
_ZH_LIGHT = re.compile(r"^(?:时间|空|事|事情|问题|需要|意思|可能|机会|钱|房|车|一个|两个|几个|人|孩子|小孩|朋友|同事|工作|课|班|安排|想法|要求|兴趣|办法|会员|卡|优惠|经验|基础)"
                       r"|(?:课|班|会|会议|约|活动|安排|计划|考试|比赛)$")  # an appointment had ("他有英语课") is no condition


#: (fix15) a condition asked about: 吗 / 么 or a question mark right after it ("他有高血压吗？", "有朋友猫毛过敏吗？"); one said
#: before a question of its own stays ("孩子对鸡蛋过敏可以吃吗？")
_ZH_ASKED_AFTER = re.compile(r"了?(?:吗|么|[？?])")


def _zh_conditions(ctx: MessageContext) -> list[str]:
    """The conditions a Chinese message says, in the order said; none asked about.

    >>> from ctxgraph import Tracker
    >>> def said(text):
    ...     t = Tracker("zh")
    ...     _ = t.observe({"role": "user", "content": text})
    ...     return [f.value for f in t.state().facts if f.key == "condition"]
    >>> said("孩子对鸡蛋过敏可以吃吗？"), said("他有高血压吗？")
    (['孩子对鸡蛋过敏'], [])
    """
    text = ctx.text
    found: list[tuple[int, str]] = []
    for m in _ZH_HAS.finditer(text):
        obj = m.group("obj")
        if _ZH_LIGHT.search(obj) or (not m.group("mild") and _noun_tag(ctx, obj) is False):
            continue
        found.append((m.start(), text[m.start():m.end("obj")]))
    for rx in (_ZH_ALLERGY, _ZH_UNWELL):
        for m in rx.finditer(text):
            # the person stays with it ("我老公对猫毛过敏"); 最近 / 一直 do not
            start = m.start("obj") if re.match(r"最近|一直|平时", m.group(0)) else m.start()
            if not any(start < s + len(v) and s < m.end("obj") for s, v in found):
                found.append((start, text[start:m.end("obj")]))
    for rx in (_ZH_SELF_UNWELL, _ZH_OTHER_ALLERGY, _ZH_SURGERY, _ZH_HURT, _ZH_ALL_ALLERGIC, _ZH_PIECE_ALLERGY, _ZH_FIXED):
        if rx is _ZH_HURT and "过" not in text or rx in (_ZH_ALL_ALLERGIC, _ZH_PIECE_ALLERGY) and "过敏" not in text \
                or rx is _ZH_FIXED and "耳" not in text and "血" not in text:
            continue  # (miss13, miss16) the words each needs
        for m in rx.finditer(text):
            if rx is _ZH_OTHER_ALLERGY and not m.group("obj").startswith("对") and _ZH_NOT_HAD.search(m.group(0)):
                continue  # (fix15) "我同事担心过敏": feared, no allergy had
            if not any(m.start() < s + len(v) and s < m.end("obj") for s, v in found):
                found.append((m.start(), text[m.start():m.end("obj")]))
    for rx in (_ZH_PART_UNWELL, _ZH_PIECE_UNWELL):
        for m in rx.finditer(text):
            if _noun_tag(ctx, m.group("part")) is not True:
                continue  # "效果不好", "他觉得不好": no part of the body said
            if rx is _ZH_PIECE_UNWELL:
                sentence_start = max([0] + [text.rfind(c, 0, m.start()) + 1 for c in "。！？!?\n"])
                if not _ZH_SOMEONE.search(text, sentence_start, m.start()):
                    continue
                start = m.start("obj")
            else:
                start = m.start()
            if not any(start < s + len(v) and s < m.end("obj") for s, v in found):
                found.append((start, text[start:m.end("obj")]))
    found = [(s, v) for s, v in found if not _ZH_ASKED_AFTER.match(text, s + len(v))]
    if found:  # a medicine said after a condition of the message is part of it
        first = min(s for s, _ in found)
        for m in _ZH_MEDICINE.finditer(text):
            obj = m.group("obj")
            if m.start() > first and "吃" in obj and not re.search(r"吃(?:饭|的|东西|早饭|午饭|晚饭|不了|不下)|不|没", obj) \
                    and not any(m.start() < s + len(v) and s < m.end("obj") for s, v in found):
                found.append((m.start("obj"), obj))
    return [v for _, v in sorted(found)]


def _noun_tag(ctx: MessageContext, word: str) -> bool | None:
    """Whether jieba reads ``word`` as a noun (None when it cuts it otherwise)."""
    tags = [(t.text, t.tag_) for t in ctx.profile.doc(word)]
    if len(tags) != 1:
        return None
    return tags[0][1].startswith("n")


# ---------------------------------------------------------------- the step

@step("conditions", roles=("user",))
def conditions(ctx: MessageContext) -> list[_Unit]:
    """A person's conditions the user's message says, as one ``condition`` fact."""
    if ctx.lang == "zh":
        found = _zh_conditions(ctx)
    elif ctx.lang == "en":
        found = _en_conditions(ctx)
    else:
        return []
    held = [u.value for u in ctx.units if isinstance(u, FactUnit) and not u.offered]
    found = [v for v in found if v and not any(v in h for h in held) and not in_spans(ctx.text.find(v), ctx.taken_back)]
    if not found:
        return []
    key = "condition" if not g.current_with_key(ctx.graph, "condition") else f"condition_t{ctx.index}"
    value = ("，" if ctx.lang == "zh" else ", ").join(dict.fromkeys(found))
    return [FactUnit(key=key, name="condition", value=value, stressed=ctx.stressed_at(value))]

