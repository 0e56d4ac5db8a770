"""Words that say a value is not one the user settled on (issue 19, prec7): a day the sentence rules
out or the speaker is away on, a weekday that only names a date just said, a clause said as a
condition or as the reason of a rule. The facts, roles and attributes steps ask these before they
keep a value; a module of its own so those steps need not import each other.
"""

from __future__ import annotations

import re

from .context import Mention, MessageContext
from .text import EN_WEEKDAY, SENTENCE_END, clauses, first_match

__all__ = ["appositive_day", "fallback_value", "greeting_part", "mere_reply", "named_as_matter", "reason_or_condition", "refused_on",
           "ruled_out", "service_own"]


#: the words right before a value that rule it out or say the speaker is away then: "not on a friday",
#: "any day next week but not Tuesday", "except Easter weekend", "I'm at work mondays", "the office is
#: shut fridays", "we can't get there before 10 on the sunday" (a negated rule's day); (prec18) "he works mondays",
#: "closed mondays." opening a clause, "it cant be a friday"
_RULED_OUT_BEFORE = re.compile(
    r"(?:\b(?:not|except|excluding|apart from|other than|never)|\b(?:any|every|all)\b[^,.;!?]{0,24}?\bbut)"
    r"\s+(?:(?:on|at|in|for|during|over)\s+)?(?:(?:the|a|an|this|that|next)\s+)?$"
    r"|(?:\b(?:i|we|he|she|they|you)(?:'m|’m|'re|’re|'s|’s|\s+am|\s+are|\s+is)|\b(?:is|are))\s+(?:\w+\s+){0,2}?"
    r"(?:at work|working|away|busy|shut|closed|unavailable|out of (?:town|the country)|on (?:holiday|shift|call|nights))"
    r"(?:\s+all day)?\s+(?:(?:on|every)\s+)?(?:(?:the|a)\s+)?$"
    r"|\b(?:i|we|he|she|they)\s+(?:work|works|teach|teaches)\s+(?:\w+\s+)?(?:(?:on|every)\s+)?$"
    r"|(?:^|[.!?;,]\s*)(?:closed|shut)\s+(?:on\s+)?$"
    r"|\b(?:cant|can't|can’t|cannot|can not|won't|wont)\s+be\s+(?:on\s+)?(?:(?:a|the)\s+)?$"
    r"|(?:n't|\bnot|\bno|\bnever|\bcannot)\b[^,.;!?]{0,40}?\b(?:before|after|until|till|past)\s+[^,.;!?]{1,12}?"
    r"\s+(?:on|at)\s+(?:the\s+|a\s+)?$", re.I)
#: (fix36) the speaker's own free time after no / not: "no school on the 14th", "no work on Thursday", "nothing on on
#: Friday", "no plans in August", "not working on Saturday", "not too busy on Friday" - the day suits, nothing is refused
_FREE = (r"(?:school|work|college|uni|university|nursery|classes|lessons|lectures|plans?|commitments|shifts?|"
         r"training|practice|football|rugby|swimming|on\b|planned|booked|else|(?:too\s+|that\s+|so\s+)?busy|"
         r"working|at\s+work|in\s+work|away|travelling|traveling)\b")
#: (prec33) the words right before a day or a month on which a thing is refused: "no delivery on |Friday", "pls no drops
#: on |friday night", "nothing in |March", "I will not have anyone drilling on |a Sunday" - a rule, no value settled on
_REFUSED_ON_BEFORE = re.compile(
    r"\b(?:no|nothing|never)\s+(?!" + _FREE + r")(?:[a-z]+\s+){0,2}?(?:on|in|during|over)\s+(?:(?:the|a|an)\s+)?$"
    r"|\bnot\s+(?!sure\b|" + _FREE + r")(?:[a-z]+\s+){1,3}?(?:on|during|over)\s+(?:(?:the|a|an)\s+)?$", re.I)


def refused_on(text: str, at: int) -> bool:
    """(prec33) Whether the value at ``at`` is the day or month a thing is refused on ("Also no delivery on Friday",
    "nothing in March, that's lambing"): a rule the constraints step holds, neither a value nor an event of the user's.

    >>> t = "Also no delivery on Friday, I am at work. And nothing in March. I will not have anyone drilling on a Sunday"
    >>> [refused_on(t, t.index(d)) for d in ("Friday", "March", "a Sunday")]
    [True, True, True]
    >>> refused_on("I'm not sure about on Friday", 23), refused_on("No, on Friday please", 7)
    (False, False)
    >>> refused_on("his school is closed on the 11th", 24)  # the user's own event (a day ruled out, :func:`ruled_out`)
    False
    >>> t = "There's no school on the 14th. I have no work on Thursday. I've got nothing on on Friday. I'm not working on Monday"
    >>> [refused_on(t, t.index(d)) for d in ("the 14th", "Thursday", "Friday", "Monday")]
    [False, False, False, False]
    """
    return _REFUSED_ON_BEFORE.search(text, max(0, at - 60), at) is not None

#: (prec16) someone's engagement right before a day: "she has netball |thursdays", "my husband's got the dentist |monday",
#: "My wife has her hospital appointment on the |Friday" - the day it takes is ruled out. Not an occasion the day is
#: for ("my son has his party on saturday"), nor a free time ("I have the day off friday", "whichever has a slot saturday")
_ENGAGED_BEFORE = re.compile(
    r"(?:\bhas|\bhave|\bhad|['’]?s\s+got|\bhave\s+got|\bhas\s+got)\s+(?:(?:a|an|the|his|her|their|my|our|some)\s+)?"
    r"(?!.*\b(?:party|parties|birthday|wedding|anniversary|celebration|christening|event|do|bbq|barbecue|time"
    r"|free|day|days|off|space|room|availability|slots?|openings?|leave|guests|visitors|people)\b)"
    r"(?:[a-z]+\s+){1,3}?(?:(?:on|every)\s+)?(?:(?:the|a)\s+)?$", re.I)
#: (prec18) a person named before "works" a day ("Richard works Tuesdays"): case-sensitive, a name is capitalised
_NAME_WORKS_BEFORE = re.compile(r"\b[A-Z][a-z]+\s+(?:works|teaches)\s+(?:(?:on|every)\s+)?$")
#: (prec20) the speaker's or someone's own time right before a day: a shift ("my fella is on an early shift |sunday",
#: "put on a night shift on |the 20th"), a routine done ("I do the school run for my son on |Wednesdays"), a trip
#: ("hes off to his nans on |tues night"), a past event ("one got set off by some kids on |saturday", "leaking since
#: |monday"). Only with another day in the message, the one wanted (:func:`_other_day`)
_OWN_TIME_BEFORE = re.compile(
    r"(?:\bon\s+(?:(?:an?|the|my|his|her|their|our)\s+)?(?:[a-z]+\s+)?shifts?"
    r"|\b(?:i|we|he|she|they)\s+(?:do|does)\s+(?:the|a|an|my|his|her|our|their)\s+[^,.;!?]{1,40}?"
    r"|\b(?:i|we|he|she|they)(?:'s|’s|s|'m|’m|'re|’re|\s+is|\s+am|\s+are)\s+off\s+to\s+[^,.;!?]{1,30}?"
    r"|\b(?:got|was|were)\s+(?:[a-z]+\s+)?[a-z]+(?:ed|en|et|ut)\b[^,.;!?]{0,40}?)"
    r"\s+(?:(?:on|every)\s+)?(?:(?:the|a)\s+)?$"
    r"|\bsince\s+(?:last\s+)?$", re.I)
#: a weekday at a value's start ("thursdays", "tues", "Friday")
_WEEKDAY_AT = re.compile(r"(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b", re.I)
#: (fix19) a weekday or a day of the month anywhere in the message
#: (not "sat", "sun", "wed", "mon" alone: words of their own, "we sat outside")
_WEEKDAY = re.compile(r"\b(?:" + EN_WEEKDAY + r"days?|tues?|thu(?:rs?)?|fri|\d{1,2}(?:st|nd|rd|th))\b", re.I)


def _other_day(text: str, at: int) -> bool:
    """(fix19) Whether the message names a weekday or a date besides the one at ``at``: the day picked instead of the one
    someone's engagement takes ("she has netball thursdays, so tuesday"). With no other day the engaged day may be
    the one wanted ("she has the dentist tuesday, so that's the day to bring the car in").

    >>> t = "she has netball thursdays, so tuesday"
    >>> _other_day(t, t.index("thursdays")), _other_day("she has the dentist tuesday", 20)
    (True, False)
    >>> _other_day("he has rugby on saturday, so the 14th", 19)
    True
    >>> t = "she has netball thursdays, we sat outside anyway"
    >>> _other_day(t, t.index("thursdays"))
    False
    """
    own = at + len(re.match(r"(?:(?:the|a|this|next)\s+)?", text[at:], re.I).group(0))  # "the 14th" at "the"
    return any(m.start() not in (at, own) for m in _WEEKDAY.finditer(text))

#: (lead22) what follows a day said not to suit: "Tuesday| doesn't work", "the 5th|'s no good", "周二|不行", "21号|去不了";
#: (user31) "Wednesday| is bad", "friday|'s not ok for me", "monday| is tough"
_DAY_UNFIT = {
    "en": re.compile(r"(?:'s|’s|\s+is|\s+are)?\s+(?:(?:doesn'?t|does not|won'?t|will not|isn'?t going to)\s+work\b"
                     r"|(?:no good|not good|out|no longer (?:good|possible|ok|okay)|not possible|impossible)\b"
                     r"|(?:bad|not (?:ok|okay)|(?:really |a bit |too )?(?:tough|difficult|hard|tight))\b(?!\s+(?:news|weather|time)\b|\s*,?\s*but\b))"
                     r"(?:\s+for\s+(?:me|us|him|her|them)\b)?"
                     # (prec33) "wednesday is tight", "Monday I work": the day is taken by the speaker's own work
                     r"|\s+(?:i|we)\s+(?:work|(?:am|'m|’m|are|'re|’re)\s+(?:at work|working))\b(?!\s+(?:from home|remotely)\b)", re.I),
    "zh": re.compile(r"\s*(?:那天|就|也)?(?:不行|不可以|不方便|没空|没时间|去不了|来不了|有事)"
                     # (prec31zh) who is busy or away then, then why it does not suit, in the value's own clause: "周末家里有人
                     # 不方便", "晚上8点我经常加班", "周三我们都不在家"
                     r"|(?:[我俺]们?|家里|屋里|家)(?:[^，,。！？；;\s]{0,4}?(?:不方便|没空|没时间|去不了|来不了|有事)"
                     r"|(?:经常|一般|老是|都|要|得)?(?:加班|不在家?))"),
}
#: (prec31zh) the labels of a time of day as well as a day in Chinese: "晚上8点我经常加班" says the time does not suit
_UNFIT_LABELS = {"zh": ("DATE", "DAY", "date", "TIME", "time")}
#: (lead22) a word of now after it: a day given before is taken back ("Tuesday doesn't work anymore", "周二不行了")
_NOW = {"en": re.compile(r"\s+(?:any ?more|now|after all)\b", re.I), "zh": re.compile(r"了")}


def day_unfit(ctx: MessageContext, m: Mention, now: bool = False) -> bool:
    """(lead22) Whether the day or date ``m`` is said not to suit right after it ("Tuesday doesn't work", "周二不行");
    with ``now``, only when a word of now follows ("Tuesday doesn't work anymore", "周二不行了"): a day given before and
    taken back.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "user", "content": "周二上午过来装宽带"}, {"role": "user", "content": "周二不行了 有事"}])
    >>> [(f.key, f.value, f.status) for f in t.state().facts]
    [('date', '周二上午', 'retracted')]

    (prec33) A day said tight, or taken by the speaker's work ("wednesday is tight", "Monday I work"):

    >>> t = Tracker("en")
    >>> _ = t.observe({"role": "user", "content": "Any day but not Monday, I drive him and Monday I work. Thursday then."})
    >>> [f.value for f in t.state().facts if f.key == "day"]
    ['Thursday']

    (prec31zh) Who is busy or away then, said right after the value in its clause:

    >>> t = Tracker("zh")
    >>> _ = t.observe({"role": "user", "content": "晚上8点我经常加班 周末上午那个吧"})
    >>> [f.value for f in t.state().facts if f.key in ("time", "date")]
    ['周末上午']
    """
    unfit = _DAY_UNFIT.get(ctx.lang)
    if unfit is None or m.label not in _UNFIT_LABELS.get(ctx.lang, ("DATE", "DAY", "date")):  # (user31) "date": the value tagger's day
        return False
    said = unfit.match(ctx.text, m.end)
    return said is not None and (not now or _NOW[ctx.lang].match(ctx.text, said.end()) is not None)


def day_said_unfit(ctx: MessageContext, m: Mention) -> bool:
    """(user31) Whether the user says the day or date ``m`` does not suit ("Wednesday is bad, is Thursday possible?",
    "tuesday's not ok for us") and does not name it again as fitting later in the message: no value the user settled
    on (the constraints step keeps the rule).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "user", "content": "can someone look at my boiler?"},
    ...                 {"role": "user", "content": "tuesday's not ok for us sorry"}])
    >>> [f.key for f in t.state().facts if f.key == "day"]
    []
    """
    return ctx.role == "user" and day_unfit(ctx, m) and not any(
        o.start > m.end and o.text.casefold() == m.text.casefold() and not day_unfit(ctx, o) for o in ctx.mentions)


#: the word before a value in a list: "mondays and |", "the 3rd or |" (not a comma: "not Friday, Saturday")
_LISTED_BEFORE = re.compile(r"\b(\w+)\s*(?:\band\b|\bor\b|&|/)\s*$")


#: (lead22) a change verb, then "from" right before the value: "move my flight QX7Y2P from |Tuesday", "change it from |the 3rd"
_MOVED_FROM = re.compile(r"\b(?:move|moving|moved|change|changing|changed|switch|switching|shift|shifting|push|pushing|bring|"
                         r"bringing|swap|swapping|reschedule|rescheduling|rebook|rebooking|put)\b[^.!?]{0,40}?\bfrom\s+$", re.I)
#: (lead22) what follows the value it leaves: "Tuesday| to Wednesday", "the 3rd| to the 5th"
_TO_AFTER = re.compile(r"\S+(?:\s+\S+){0,2}?\s+(?:to|till|until)\s+\S", re.I)


#: (lead25b) what a day, a date or a clock opens with: only such a value is one a change moves a booking away from ("move
#: it from |Tuesday", "from |the 3rd", "from |10am"); "moving from |Leeds to York" is a journey (a house move), whose
#: origin the roles step keeps
_CALENDAR_AT = re.compile(r"\d|(?:the|next|this|tomorrow|today|tonight|(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?|"
                          r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|"
                          r"nov(?:ember)?|dec(?:ember)?|noon|midday|morning|afternoon|evening|lunch)\b", re.I)
#: (fix30) whole words only: "moving from Sunderland / Marlow / Monmouth / Thurso to …" opens with a town, not a day or a month


def moved_from(text: str, at: int) -> bool:
    """(lead22) Whether the value at ``at`` is the one a change moves a booking away from ("move my flight from |Tuesday
    to Wednesday"), not the start of a range ("I work from Monday to Friday").

    >>> t = "can I move my flight QX7Y2P from Tuesday to Wednesday evening"
    >>> moved_from(t, t.index("Tuesday")), moved_from("I work from Monday to Friday", 12)
    (True, False)
    >>> moved_from("moving from Leeds to York on the 5th", 12)  # (lead25b) a journey's origin, no day moved
    False
    >>> moved_from("moving from Sunderland to York on the 5th", 12), moved_from("move it from Sat to Sun", 13)  # (fix30) a town
    (False, True)
    """
    return bool(_MOVED_FROM.search(text[max(0, at - 60):at]) and _TO_AFTER.match(text, at) and _CALENDAR_AT.match(text, at))


def ruled_out(text: str, at: int) -> bool:
    """Whether the value at ``at`` is one the sentence rules out or says the speaker is away on
    ("but not on a friday", "any day but Tuesday", "I'm at work mondays", "no deliveries before 11am
    on the saturday"): no value the user settled on; a rule (the constraints step) holds it.

    >>> t = "any day next week but not Tuesday. Thursday ideally"
    >>> ruled_out(t, t.index("Tuesday")), ruled_out(t, t.index("Thursday"))
    (True, False)
    >>> t = "I'm at work mondays and tuesdays. wednesday works"
    >>> ruled_out(t, t.index("mondays")), ruled_out(t, t.index("tuesdays")), ruled_out(t, t.index("wednesday"))
    (True, True, False)
    >>> t = "the crew can't come before 9am on the friday"
    >>> ruled_out(t, t.index("friday")), ruled_out("Can you clean it on Saturday, not Friday?", 22)
    (True, False)
    >>> t = "closed mondays. it cant be a friday either. No wait, Richard works Tuesdays. Thursday then"
    >>> [ruled_out(t, t.index(d)) for d in ("mondays", "friday", "Tuesdays", "Thursday")]
    [True, True, True, False]
    >>> t = "she has netball thursdays, so tuesday. my son has his party on saturday"
    >>> ruled_out(t, t.index("thursdays")), ruled_out(t, t.index("tuesday")), ruled_out(t, t.index("saturday"))
    (True, False, False)
    >>> t = "my son has football on saturday, can you come then while he's out?"  # the only day: maybe the one wanted
    >>> ruled_out(t, t.index("saturday"))
    False
    >>> t = "oh wait my fella is on an early shift sunday, the saturday then. I do the gym run on Mondays"
    >>> ruled_out(t, t.index("sunday")), ruled_out(t, t.index("saturday")), ruled_out(t, t.index("Mondays"))
    (True, False, True)
    >>> t = "I've been put on a night shift on the 20th. Could we do the Tuesday?"
    >>> ruled_out(t, t.index("the 20th")), ruled_out("I'm on a night shift on the 20th", 27)  # no other day
    (True, False)
    >>> t = "the 10th. oh wait, one got set off by some kids on saturday. it's leaked since monday"
    >>> ruled_out(t, t.index("saturday")), ruled_out(t, t.index("monday")), ruled_out(t, t.index("10th"))
    (True, True, False)
    >>> t = "can I move my flight QX7Y2P from Tuesday to Wednesday evening"
    >>> ruled_out(t, t.index("Tuesday")), ruled_out(t, t.index("Wednesday")), ruled_out("open from Tuesday to Friday", 10)
    (True, False, False)
    >>> t = "Also no delivery on Friday, I am at work"  # (prec33) a thing refused on the day (:func:`refused_on`)
    >>> ruled_out(t, t.index("Friday"))
    True
    """
    before = text[max(0, at - 60):at]
    if moved_from(text, at):
        return True  # (lead22) "can I move my flight from Tuesday to Wednesday": the day it leaves, no value wanted
    if _RULED_OUT_BEFORE.search(before) or refused_on(text, at) or (_WEEKDAY_AT.match(text, at) and (
            _ENGAGED_BEFORE.search(before) or _NAME_WORKS_BEFORE.search(before)) and _other_day(text, at)):
        return True
    if _OWN_TIME_BEFORE.search(before) and _other_day(text, at):
        return True  # (prec20) "my fella is on an early shift sunday, the saturday then"
    # the next of a list that was ruled out ("I'm at work mondays and tuesdays")
    listed = _LISTED_BEFORE.search(text[max(0, at - 30):at])
    return bool(listed) and ruled_out(text, at - len(listed.group(0)) + listed.start(1) - listed.start(0))


#: what joins a weekday to the date it names: "the 19th, a thursday", "11 April (a Saturday)"
_APPOSITIVE = re.compile(r"^\s*(?:,|\(|-|–)?\s*(?:which is|which's|that's|that is|it's|it is)?\s*an?\s+$", re.I)


def appositive_day(ctx: MessageContext, m: Mention) -> bool:
    """Whether ``m`` is a weekday said after a date to name its day ("his birthday is the 19th, a
    thursday"): the date holds it, the weekday alone is no second value.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en", today="2026-03-09")
    >>> _ = t.observe({"role": "user", "content": "her birthday's the 11th of april, a saturday"})
    >>> [(f.key, f.value) for f in t.state().facts]
    [('date', '11th of april')]
    """
    return m.label == "DAY" and any(
        o.label == "DATE" and o.end <= m.start and _APPOSITIVE.match(ctx.text[o.end:m.start]) for o in ctx.mentions)


#: (prec16) a greeting that opens a message or a sentence, and its day part: "Good |afternoon|. We're a ...",
#: "hi, good |morning| all" (not "a good afternoon slot": no greeting opens with an article)
_GREETING = re.compile(r"(?:^|[.!?\n]\s*|\b(?:hi|hello|hey|and)\b[\s,!]*)\W*good\s+(morning|afternoon|evening|day)\b"
                       r"(?!\s+(?:slots?|sessions?|times?|ones?|for|to)\b)", re.I)


def greeting_part(text: str, at: int) -> bool:
    """(prec16) Whether the value at ``at`` is the day part of a greeting ("Good afternoon. We're a 12-person
    company ..."): it greets, it says no time the user wants.

    >>> t = "Good afternoon. Afternoons suit me best"
    >>> greeting_part(t, 5), greeting_part(t, t.index("Afternoons"))
    (True, False)
    >>> greeting_part("is there a good afternoon slot?", 16), greeting_part("hi, good morning! new boiler pls", 9)
    (False, True)
    """
    return any(m.start(1) <= at < m.end(1) for m in _GREETING.finditer(text[:at + 12]))


#: a clause said as a condition: "if …", "挂不上就算了", "打不了孔就别弄了", "要是…的话"
_CONDITION = re.compile(r"^\W*(?:if|unless|in case|如果|要是|万一|假如)\b|就(?:算了|别|不|换)|的话", re.I)


def reason_or_condition(ctx: MessageContext, at: int) -> bool:
    """Whether the clause of ``ctx.text`` at ``at`` is a condition ("挂不上就算了", "if it won't
    hold then leave it") or the reason of a rule said before it in its sentence ("油烟机别动，上次
    别家阿姨拆坏了", "don't use bleach, the last cleaner ruined my rug"): a fault said there is the
    rule's, not a fault of the user's thing.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> _ = t.observe({"role": "user", "content": "厨房油烟机别动，上次别家阿姨拆坏了"})
    >>> [f.key for f in t.state().facts if f.key.startswith("problem")]
    []
    """
    text = ctx.text
    lo = max([0] + [m.end() for m in SENTENCE_END.finditer(text) if m.end() <= at])
    for offset, clause in clauses(text[lo:]):
        start, end = lo + offset, lo + offset + len(clause)
        if start <= at < end:
            if _CONDITION.search(clause):
                return True
            before = text[lo:start]
            return any(p == "must_not" and first_match(cues, before) for p, cues in ctx.pack.constraints)
    return False


#: (user26zh) the words right after a value that make it a second choice: "周五也行", "周五下午也可以", "周五也没问题"
_FALLBACK_AFTER = re.compile(r"[^，,。！!？?；;\s]{0,4}?也(?:行|可以|成|没问题|凑合|ok|OK|好)(?![^，,。！!？?；;\s]{0,3}(?:吗|么|不))")


def fallback_value(text: str, end: int) -> bool:
    """(user26zh) Whether the value ending at ``end`` is said as a fallback: "也行" / "也可以" right after it
    ("周四上午吧，如果没有周五也行", "周四上午吧周五也行"). Said after another value of its role, it is not the
    one wanted; "周五也行吗" asks.

    >>> fallback_value("周四上午吧，周五也行", 8), fallback_value("周四上午吧，周五也行", 4)
    (True, False)
    >>> fallback_value("周五也行吗", 2)
    False
    """
    return bool(_FALLBACK_AFTER.match(text, end))


#: (prec9) the words before a contact value that make it the service's own, where the user is to send or
#: come: "our email is", "find us at", "the studio is at", "please post it to" (the assistant's "I'll email it to" names the user's), "我们的地址是", "发到我们邮箱",
#: "请寄到：". A restatement of the user's ("寄到您家", "we'll deliver to 5 Orchard Rise") has none of them.
_SERVICE_OWN_BEFORE = re.compile(
    r"\bour (?:\w+ )?(?:address|email|e-mail|phone|number|office|studio|shop|store|workshop|centre|center|clinic|lab"
    r"|warehouse|depot|branch|premises|showroom)\b|\b(?:find us|write to us|we(?:'re| are)(?: based| located)? (?:at|in))\b"
    r"|\b(?:the|this) (?:studio|shop|store|office|workshop|centre|center|clinic|lab|warehouse|depot|venue)(?:'s| is) (?:at|in)\b"
    r"|\b(?:please|kindly|just)\s+(?:send|post|mail|ship|bring|drop|email|return)\b[^.!?\n]{0,30}?\b(?:to|at)\s*(?:us\s*(?:at|on)?)?\s*[:：]?\s*$"
    r"|\b(?:send|post|mail|ship|bring|drop|email|return)\b[^.!?\n]{0,30}?\bto us\s*(?:at|on)?\s*[:：]?\s*$"
    r"|我们(?:的|这边的?|店的?|公司的?|门店的?)?(?:地址|邮箱|电话|门店|店|工作室|位置)"
    r"|(?:^|[，,。！!？?\s])(?:请|麻烦)(?:您)?(?:把[^，,。！？]{0,12})?(?:寄|发|送|邮寄|快递)(?:到|至)[：:]?\s*$"
    r"|(?:请|麻烦)(?:您)?(?:把[^，,。！？]{0,12})?(?:寄|发|送|邮寄|快递)(?:到|至)[：:]"
    r"|(?:本店|我司|本公司|门店)(?:的)?(?:地址|邮箱|电话|在)", re.I)

#: the slots a service's own contact value would fill
_CONTACT_SLOTS = frozenset({"address", "email", "phone"})


#: (prec10) the service's own place said as where it is ("我们馆在…", "本店位于…", "we're based at …", "our studio is at …")
_SERVICE_OWN_PLACE = re.compile(
    r"(?:我们|本)(?:的)?(?:馆|店|厂|中心|公司|工作室|门店|医院|诊所|机构|学校|场馆|基地)(?:地址)?(?:在|位于|地址)"
    r"|\bour (?:\w+ )?(?:studio|shop|store|office|workshop|centre|center|clinic|lab|warehouse|depot|branch|premises|showroom|venue)"
    r" (?:is|are) (?:at|in|on)\b|\bwe(?:'re| are) (?:based|located) (?:at|in|on)\b", re.I)
#: a word of the user's between the service's place and a contact value: the value may be theirs
_YOURS = re.compile(r"您|你|\byour?\b", re.I)


def service_own(ctx: MessageContext, slot_id: str, at: int) -> bool:
    """Whether the assistant's contact value at ``at`` is the service's own (where to send, write or come:
    "请寄到：上海市…", "发到我们邮箱xiufu@…", "The studio is at Unit 4, Mill Yard"), no value of the user's.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> _ = t.observe({"role": "assistant", "content": "可以的。请把扫描件发到我们邮箱xiufu@guangying.cn。"})
    >>> [f.key for f in t.state().facts if f.status == "current"]
    []
    >>> t = "Please post it to us at 4 Mill Yard", "We'll deliver to 5 Orchard Rise", "We'll send our engineer to 5 Elm Road"
    >>> [_SERVICE_OWN_BEFORE.search(x[:x.index(" 4 " if "Mill" in x else " 5 ")]) is not None for x in t]
    [True, False, False]
    """
    if ctx.role != "assistant" or slot_id not in _CONTACT_SLOTS:
        return False
    text = ctx.text
    lo = max([0] + [m.end() for m in SENTENCE_END.finditer(text) if m.end() <= at])
    if _SERVICE_OWN_BEFORE.search(text[max(lo, at - 40):at]):
        return True
    # (prec10) the service's own place opens the sentence and no word of the user's comes before the value:
    # "我们馆在朝阳区安贞路12号二楼，每周二、四早上7点上课，电话010-64421133" - the phone is the venue's too
    cue = _SERVICE_OWN_PLACE.search(text, lo, at)
    return cue is not None and not _YOURS.search(text, cue.end(), at)


#: (user34) a value said as the name of a matter talked about before: "the 10am thing", "that Saturday bit", "the 2pm rule"
_MATTER_BEFORE = re.compile(r"\b(?:the|that|this|your|my)\s+$", re.I)
_MATTER_AFTER = re.compile(r"\s+(?:thing|things|bit|rule|stuff|business|restriction)\b", re.I)


def named_as_matter(text: str, start: int, end: int) -> bool:
    """(user34) Whether the value at ``start:end`` only names a matter said before, "the <value> thing" ("the 10am thing
    is fine to ignore", "forget that Saturday bit"): the user's name for an earlier rule or request, no value wanted now.

    >>> named_as_matter("the 10am thing is fine to ignore", 4, 8), named_as_matter("at 10am things get busy", 3, 7)
    (True, False)
    """
    return bool(_MATTER_BEFORE.search(text, max(0, start - 8), start) and _MATTER_AFTER.match(text, end))


#: (fix36) the deeds a resignation X就X is said of ("等就等", "买就买"): "芒果就芒果吧" picks a value, no mere yes
_RESIGNED = r"等|买|订|定|去|来|做|换|改|用|算|走|试|办|约|交|付|退|修|装|选|要|加|签|弄|搞|住|坐|吃|喝|拿|寄|送|取|排"
#: (prec33) a reply that only agrees or exclaims, in each language: "要得" (its 要 stripped as a filler: "得"), "行 就这样办",
#: "等就等" (a resignation: X就X), "哦对" (oh right); "Och", "aye", "cheers". No negative ("不", "没有", "no"): those answer
#: a yes/no question and may be the user's state
_MERE_REPLY = {
    "zh": re.compile(r"(?:哦|噢|喔|啊|嗯|哎|诶|欸)?(?:对|是|好|行|妥|得|要得|可以|(?:就)?这样办|(" + _RESIGNED + r")就\1)了?(?:吧|啊|哈|呀)?"),
    "en": re.compile(r"(?:och|aye|ach|oh|ah|cheers|ta|yes|yeah|yep|ok|okay|sure)[.!]?", re.I),
}


def mere_reply(value: str, lang: str) -> bool:
    """(prec33) Whether an answer's value only agrees or exclaims ("要得", "就这样办", "等就等", "哦对", "Och"): the reply
    says yes to the question, it holds no value for the slot asked about.

    >>> [mere_reply(v, "zh") for v in ("得", "这样办", "等就等", "哦对", "中", "没有", "周五下午")]
    [True, True, True, True, False, False, False]
    >>> [mere_reply(v, "zh") for v in ("芒果就芒果吧", "红色就红色", "买就买吧")]
    [False, False, True]
    >>> [mere_reply(v, "en") for v in ("Och", "aye", "no", "fine", "the 14th")]
    [True, True, False, False, False]
    """
    rx = _MERE_REPLY.get(lang)
    return rx is not None and rx.fullmatch(value.strip()) is not None
