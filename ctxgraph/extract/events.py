"""The event_dates step: a date said OF another event keeps that event's role (issue 19, slot6).

"My wedding is 13 June", "搬家是4月18号": the date is the wedding's or the move's, not the
booking's. Before this step it was a ``date`` fact, and the booking's date ("the 7th") took its
place. Here a date right after "<event> is (on)" / "<event>是" (the sentence's subject and a
copula, no verb list) is keyed by the event's noun, so the booking's date stands beside it. A day
said relative to that event ("the day before", 前一天, "the day after", 后一天) is resolved against
it: "打包就前一天吧" after "搬家是4月18号" is 4月17日. A slot word as the subject ("the date is",
"时间是") names no event: the fact keeps its key. A date the user states of their own plans without a copula
("my dad turns 70 on 9 june", "我们4月20号到敦煌", "5月2号生的") is re-keyed the same way when a rule read it as a
plain date (held14, :func:`_own_event`).

>>> from ctxgraph import Tracker
>>> t = Tracker("zh", today="2026-03-09")
>>> _ = t.observe({"role": "user", "content": "搬家是4月18号，打包就前一天吧"})
>>> sorted((f.key, f.value) for f in t.state().facts if f.status == "current" and f.key != "want")
[('date', '前一天 4月17日'), ('搬家', '4月18号')]
"""

from __future__ import annotations

import datetime
import re

from .. import _graph as g
from .._units import FactUnit, _Unit
from .context import Mention, MessageContext
from .bounds import said_as_bound
from .notvalues import refused_on
from .registry import step
from .text import EN_WEEKDAY, in_spans

# "<my|our|the ...> <event> is (on)" right before the date: the event's noun in group 1
_EN_EVENT = re.compile(r"\b(?:my|our|the|his|her|their|a)\s+(?:[a-z]+'s\s+)?((?:[a-z-]+\s+)?[a-z-]{3,})\s+"
                       r"(?:is|'s|was|will be|falls|opens|starts|begins)\s+(?:on\s+|the\s+)*$", re.I)
# "<event>是" / "<event>定在" right before the date: the event's 2-4 characters in group 1
_ZH_EVENT = re.compile(r"(?:^|[，,。；;！!\s])(?:我们?的?|我家|咱们?的?|他的?|她的?|孩子的?)?([\u4e00-\u9fff]{2,4}?)(?:是|定在|那天是|日期是)$")
# a day relative to an event: the day before / after it, the number of days before it
_RELATIVE = re.compile(r"\bthe day (before|after)\b|(前|后)一天|(?:提前|早)一天", re.I)
#: (lead25, user31zh) nor a word of what was before or of a hedge opening the subject ("原来是12月20号的", "原来约的是3号",
#: "好像是周五"): the date is the one the user meant (or the old one, given up), no event of its own
_ZH_NOT_EVENT = re.compile(r"^(?:时间|日期|时候|那天|当天|今天|明天|后天|这天|哪天|预约|约的|订的|原先|之前|以前|一开始|起初)$"
                           r"|^(?:原来|本来|原本|其实|应该|大概|可能|好像|估计)")


def _event_of(ctx: MessageContext, m: Mention) -> str | None:
    """The noun of the event a date mention is said of ("wedding", "搬家"), or None."""
    before = ctx.text[max(0, m.start - 40):m.start]
    hit = (_ZH_EVENT if ctx.lang == "zh" else _EN_EVENT).search(before)
    if hit is None:
        return None
    noun = hit.group(1).strip()
    synonyms = ctx.pack.synonym_rx
    if _ZH_NOT_EVENT.match(noun) or (synonyms is not None and synonyms.search(noun)) or noun.casefold() in (
            "date", "day", "time", "deadline", "slot", "booking", "appointment"):
        return None
    return noun


# held14: the clause a date is said in, up to the date (its start) and from it (its end)
_CLAUSE_END = re.compile(r"[.!?;:\n。！？；，,]")
_ZH_CLAUSE_END = re.compile(r"[.!?;:\n。！？；，,\s]")
# the user's side as the clause's subject, right at its start ("my dad turns 70 on", "our band is playing a gig
# on", "we fly to kalymnos on", "it's on"): group 1 the words between the subject and the date
_EN_SUBJECT = re.compile(r"^\s*(?:(?:and|but|so|well|oh|hi|hey|hello|yes|yeah)\s+)*"
                         r"(?:(?:my|our|his|her|their)\s+(?:[a-z'-]+\s+){0,3}?"
                         r"(?=(?:[a-z'-]+\s+)*(?:is|are|was|has|have|had|[a-z]+s|[a-z]+ed|will|'s)\b)"
                         r"|(?:i|we|he|she|they|it)(?:'s|'re|'m|'ve|ve(?=\s)|\s)\s*|(?=[a-z]+ing\s))"
                         r"((?:[a-z0-9'-]+\s+){0,7}?)(?:on\s+|in\s+)?(?:the\s+)?$", re.I)
# what makes the clause the booking's own (a request, an offer taken, a time one is free): no other event
_EN_BOOKING = re.compile(r"\b(?:you|u|ur|want|wants|wanted|need|needs|like|book|booked|booking|come|coming|visit|"
                         r"deliver|delivered|delivery|collect|collected|collection|pick|free|available|(?<!at )home|around|off|fine|ok|okay|good|works?|suits?|"
                         r"can|could|would|please|pls|prefer|best|instead|appointment|slot|session|must|has to|have to|"
                         r"should|before|by|until|after|looking|hoping|wanting|needing|trying|planning|thinking)\b", re.I)
# a date the calendar names (a digit, a month, a weekday): "a month" or "the weekend" is no event's day
_CALENDAR_WORD = re.compile(r"\d|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b|"
                            r"\b" + EN_WEEKDAY + r"(?:day)?s?\b|[月号日周]", re.I)
_EN_FUNCTION = {"is", "are", "was", "has", "have", "had", "will", "be", "been", "the", "a", "an", "his", "her", "my",
                "our", "their", "its", "at", "on", "in", "to", "of", "for", "'s", "just", "also"}
# zh: the user's side right before the date ("我女儿5月16号要考", "我们4月20号到", "我男朋友6月8号生日")
_ZH_SUBJECT = re.compile(r"^\s*(?:我们|咱们|我家|我|他们|他|她们|她)的?(?:(?!想|要|约|订|能|可以|请|了|过|这|下|那)[\u4e00-\u9fff]){0,3}$")
# a predicate of availability, of a request or of the booking itself: the date is the booking's
_ZH_BOOKING = re.compile(r"有空|方便|在家|可以|行|能|来|上门|约|订|去你们|到你们|上课|开始|办|吧|吗|没空|取|拿|送|？|\?")
# "before exchange on the 19th feb": the event named after before / after, the date its day
#: (miss28en) the event may be someone's: "before the Archdeacon's visitation on 24 June"
_EN_BEFORE_EVENT = re.compile(r"\b(?:before|after)\s+(?:the\s+|my\s+|our\s+)?(?:[a-z]+'s\s+)?([a-z]{4,})\s+(?:on|in)\s+(?:the\s+)?$",
                              re.I)
#: the keys of a date no rule gave a role: only these take the event's key (a role's date, "checkout", keeps its role)
_PLAIN_DATE_KEYS = ("date", "day", "日期")
_EN_NEXT_CLAUSE = re.compile(r"\b(?:and|but|so|because|cos|then)\b", re.I)
#: (fix15) how far before and after a date its clause is read (the subject, the event's words and a '?' are near it)
_CLAUSE_READ = 200
_SENTENCE_MARK = re.compile(r"[.!?。！？\n,，;；]")


def _own_event(ctx: MessageContext, m: Mention) -> str | None:
    """The event a date is said of when the user states their own plans (held14): the date sits in a declarative
    clause whose subject is the user's side and whose words name no request, no booking and no time they are free
    ("my dad turns 70 on 9 june", "our fixed rate ends in February", "我们4月20号到敦煌"); or the event is named
    after before / after ("before exchange on the 19th feb"); or the date is a past event's, said with 是…的
    ("5月2号生的"). The key is the event's words ("dad turns 70", "到敦煌", "exchange", "生"); None when the
    clause asks, requests or books (the date is then the booking's) or the date names no day of the calendar.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en", today="2026-03-09")
    >>> _ = t.observe({"role": "user", "content": "my dad turns 70 on 9 june. can we book a skydive?"})
    >>> [(f.key, f.value) for f in t.state().facts if f.status == "current" and f.key != "want"]
    [('dad turns 70', '9 june')]
    """
    text = ctx.text
    if not _CALENDAR_WORD.search(m.text):
        return None
    ends = _ZH_CLAUSE_END if ctx.lang == "zh" else _CLAUSE_END
    lo = max(0, m.start - _CLAUSE_READ)  # (fix15) a clause is read this far back and on: no scan of the whole message
    start = max([x.end() for x in ends.finditer(text, lo, m.start)] or [lo])
    if start == lo and lo > 0:
        return None  # no subject of a clause this long is the user's side right before the date
    after_end = ends.search(text, m.end, m.end + _CLAUSE_READ)
    before, after = text[start:m.start], text[m.end:after_end.start() if after_end else min(len(text), m.end + _CLAUSE_READ)]
    if ctx.lang != "zh":
        after = after[:next_clause.start()] if (next_clause := _EN_NEXT_CLAUSE.search(after)) else after
        joined = list(_EN_NEXT_CLAUSE.finditer(before))
        if joined:
            before = before[joined[-1].end():]
        elif start and text[start - 1] not in ".!?\n":
            before = re.sub(r"^\s*(?=[a-z]+ing\s)", "-", before, flags=re.I)  # a gerund after a comma: no subject
    sentence_end = _SENTENCE_MARK.search(text, m.end, m.end + _CLAUSE_READ)
    if sentence_end and sentence_end.group(0) in "?？":
        return None  # a question: the date is asked for
    if _trip_in(ctx, before + after):
        return None  # "flying from Denver to Boston on June 18": a journey's date is the trip's own (roles' date)
    if ctx.lang == "zh":
        past = re.fullmatch(r"(?:就是|是)?([\u4e00-\u9fff]{1,3})的", after.strip())  # "5月2号生的": a past event's day
        if past is not None and not _ZH_BOOKING.search(after):
            return past.group(1)
        if not _ZH_SUBJECT.match(before) or _ZH_BOOKING.search(after):
            return None
        words = re.sub(r"^(?:还有个|有个|还要|已经|还|也|都|要|就|才|得|会|是|将|去|有|已)+", "", after.strip())  # (fix15) 已经
        run = re.match(r"[\u4e00-\u9fff]+", words)
        words = re.sub(r"[的了]+$", "", run.group(0)[:4] if run else "")
        return words if len(words) >= 2 and "的" not in words else None  # (fix15) "说的那个套餐": a thing described
    if re.match(r"\s*(?:today|tonight|now)\b", after, re.I):
        return None  # (fix15) "it is 9 june today": the calendar's day, no event
    if (named := _EN_BEFORE_EVENT.search(before)) is not None:
        return named.group(1).casefold()
    hit = _EN_SUBJECT.match(before)
    if hit is None or _EN_BOOKING.search(before) or _EN_BOOKING.search(after):
        return None
    words = [w for w in hit.group(1).split() if w.casefold() not in _EN_FUNCTION]
    return " ".join(words[-3:]) if words else "event"


#: (missen19) a date with a year at least this many years before today is long past: a date of birth, not the plan's
LONG_PAST_YEARS = 2
_YEAR = re.compile(r"(?<!\d)(?:19|20)\d{2}(?!\d)")


def _long_past(ctx: MessageContext, m: Mention) -> str | None:
    """(missen19) The key of a date said with a year long past ("Gareth Wyn Pritchard, 2 March 1968", "dob 4/9/1996",
    "1988年3月4日"): in a customer's message that is a date of birth, never the date of what they book, so it must not
    take the booking's ``date`` (nor the booking's date its place). None for a date of this year or the last.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en", today="2026-12-01")
    >>> t.observe_many([{"role": "user", "content": "Make it the 14th then."},
    ...                 {"role": "user", "content": "Gareth Wyn Pritchard, 2 March 1968. 5 Heol y Parc"}])
    >>> sorted((f.key, f.value) for f in t.state().facts if f.status == "current" and f.key != "person")
    [('born', '2 March 1968'), ('date', 'the 14th')]
    """
    year = m.value[:4] if isinstance(m.value, str) and re.match(r"\d{4}-", m.value) else None
    if year is None and (hit := _YEAR.search(m.text)):
        year = hit.group(0)
    today = ctx.today or datetime.date.today()
    if year is None or int(year) > today.year - LONG_PAST_YEARS or not _of_birth(ctx, m):
        return None
    return "出生" if ctx.lang == "zh" else "born"


#: (missen20) a word that makes a date a birth's: born, dob, d.o.b., date of birth, birthday, 出生, 生日
_BIRTH_WORD = re.compile(r"\b(?:born|d\.?o\.?b\b\.?|date of birth|birth\s?(?:day|date))|出生|生日|生于", re.I)
#: (missen20) how far before a date a birth word or a name still speaks of it
_BIRTH_READ = 30


def _of_birth(ctx: MessageContext, m: Mention) -> bool:
    """(missen20) The date ``m`` is a birth's: a birth word just before or after it ("born 2 March 1958", "dob
    4/9/1996", "1988年3月4日出生"), a person's name right before it with only a comma or a dash between ("Gareth Wyn
    Pritchard, 2 March 1968"), or the assistant asked for a date of birth. A past event's date ("last tuned on 3 May
    2021") is none.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en", today="2026-12-01")
    >>> _ = t.observe({"role": "user", "content": "our piano was last tuned on 3 May 2021, can you come on the 19th?"})
    >>> [f.key for f in t.state().facts if f.value == "3 May 2021"] != ["born"]
    True
    """
    near = ctx.text[max(0, m.start - _BIRTH_READ):m.end + _BIRTH_READ]
    if _BIRTH_WORD.search(near) or _BIRTH_WORD.search(ctx.assistant_before) \
            or {"born", "出生"} & set(ctx.graph.graph["current_fact"]):
        return True  # (a date long past said again once a birth is held: "oh wait it's 2 March 1956", its correction)
    before = ctx.text[:m.start].rstrip(" ,:-–(")
    return len(before) < m.start and any(isinstance(u, FactUnit) and u.key in ("person", "name", "姓名")
                                         and before.endswith(str(u.value)) for u in ctx.units)


#: (miss25en) the assistant's when-question of another event than the booking: "When do you fly?", "When does the
#: tenancy end?", "Do you know roughly when completion is?"; group 1 the question's words after its auxiliary, group 2
#: those before a closing copula
_EN_WHEN_EVENT = re.compile(r"\bwhen\s+(?:(?:do|does|is|are|will)\s+((?:[a-z'-]+\s+){0,4}?[a-z'-]+)"
                            r"|((?:(?:my|your|the|his|her|their|our)\s+)?[a-z-]+(?:\s+[a-z-]+)?)\s+(?:is|are))\s*\?", re.I)
#: (miss25en) the words of a when-question that name no event: who is asked and the determiners
_EN_ASKED_FUNCTION = {"you", "your", "the", "it", "they", "he", "she", "we", "his", "her", "their", "our", "my", "be",
                      "roughly", "exactly", "usually", "actually", "going", "to"}
#: (miss25en) a when-question's word that asks for the service's own day or names no event
_EN_ASKED_NOT_EVENT = re.compile(r"^(?:date|day|days|time|times|deadline|slot|booking|appointment|visit|delivery|"
                                 r"open|closed|free|ready|back|home|around|off|available|done|finished|due)$", re.I)


def _asked_event(ctx: MessageContext) -> str | None:
    """(miss25en) The event the assistant's last when-question asks the day of, when that event is not the booking:
    "When do you fly?" -> "fly", "When does the tenancy end?" -> "tenancy end", "Do you know roughly when completion
    is?" -> "completion". None for a question of the service's own day ("When would suit?", "When do you need them?",
    "When should they arrive?": a request or a modal word) and for a when-question that names no event ("When are you
    free?", "when is best?").

    >>> from types import SimpleNamespace as N
    >>> import networkx as nx
    >>> [_asked_event(N(lang="en", assistant_before=q, graph=nx.MultiDiGraph())) for q in ("Lovely. When do you fly?",
    ...  "When does the tenancy end?", "Do you know roughly when completion is?", "When would suit?",
    ...  "When do you need them?", "When are you free?", "When is best for you?")]
    ['fly', 'tenancy end', 'completion', None, None, None, None]
    """
    if ctx.lang != "en" or "when" not in ctx.assistant_before.casefold():
        return None
    hits = list(_EN_WHEN_EVENT.finditer(ctx.assistant_before))
    if not hits:
        return None
    said = hits[-1].group(1) or hits[-1].group(2)
    words = [w for w in said.split() if w.casefold() not in _EN_ASKED_FUNCTION]
    if not words or len(words) > 3 or len(words[-1]) < 3 or _EN_BOOKING.search(" ".join(words)) \
            or any(_EN_ASKED_NOT_EVENT.match(w) for w in words):
        return None  # a request, a modal word or the service's own day: the booking's date
    if _service_says(ctx, words[-1]):
        return None  # "When is the party?" asked by a party venue: the event is what the user books
    return " ".join(w.casefold() for w in words)


def _service_says(ctx: MessageContext, word: str) -> bool:
    """(miss25en) Whether the system message at the chat's start (the service's own description) names ``word``: an
    event the service provides ("a party venue" and "the party") is the booking, no other event."""
    for turn in ("t0", "t1"):
        d = ctx.graph.nodes.get(turn, {})
        if d.get("role") == "system" and re.search(rf"\b{re.escape(word)}", str(d.get("text") or ""), re.I):
            return True
    return False


def _answers_event(ctx: MessageContext, m: Mention) -> str | None:
    """(miss25en) The event of the assistant's when-question (:func:`_asked_event`) when the date ``m`` answers it:
    the message's first day of the calendar, said in a clause that neither asks nor requests ("When do you fly?" -
    "fly 8 aug. thinking of adding a few days after"; "When does the tenancy end?" - "30th june. keys back that
    morning"). The day the user then asks to book stands beside it as the booking's.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en", today="2026-05-02")
    >>> t.observe_many([{"role": "assistant", "content": "When do you fly?"},
    ...                 {"role": "user", "content": "fly 8 aug. thinking of adding a few days after too"},
    ...                 {"role": "user", "content": "book us in for 20 june please"}])
    >>> sorted((f.key, f.value) for f in t.state().facts if f.status == "current" and f.key != "want")
    [('date', '20 june'), ('fly', '8 aug')]
    """
    event = _asked_event(ctx)
    if event is None or in_spans(m.start, ctx.asked):
        return None
    first = next((x for x in ctx.mentions if x.label == "DATE" and x.kind == "value" and _CALENDAR_WORD.search(x.text)), None)
    if first is not m:
        return None
    start = max([x.end() for x in _CLAUSE_END.finditer(ctx.text, 0, m.start)] or [0])
    end = _CLAUSE_END.search(ctx.text, m.end)
    clause = ctx.text[start:end.start() if end else len(ctx.text)]
    clause = clause[:next_clause.start()] if (next_clause := _EN_NEXT_CLAUSE.search(clause, m.end - start)) else clause
    joined = list(_EN_NEXT_CLAUSE.finditer(clause, 0, m.start - start))
    clause = clause[joined[-1].end():] if joined else clause
    return None if _EN_BOOKING.search(clause) else event


def _calendar(value: object, today: datetime.date | None) -> datetime.date | None:
    """A mention's normal date ("2026-04-18", "--04-18") as a day of the calendar."""
    if not isinstance(value, str):
        return None
    m = re.fullmatch(r"(\d{4}|-)-(\d{2})-(\d{2})", value)
    if m is None:
        return None
    year = int(m.group(1)) if m.group(1) != "-" else (today.year if today else datetime.date.today().year)
    try:
        day = datetime.date(year, int(m.group(2)), int(m.group(3)))
    except ValueError:
        return None
    if m.group(1) == "-" and today is not None and day < today:
        day = day.replace(year=day.year + 1)
    return day


def _written(day: datetime.date, lang: str) -> str:
    return f"{day.month}月{day.day}日" if lang == "zh" else day.strftime("%d %B").lstrip("0")


def _freed(ctx: MessageContext, said_of_events: list[Mention]) -> list[_Unit]:
    """The message's own date (the booking's: "想4月底来试妆"), which the event's date had kept out of
    the one ``date`` fact a message holds: a stated date no fact holds, not asked, after the events' dates."""
    if any(isinstance(u, FactUnit) and u.key == "date" for u in ctx.units):
        return []
    held = " ".join(u.value for u in ctx.units if isinstance(u, FactUnit))
    for m in ctx.mentions:
        if m.label == "DATE" and m.kind == "value" and m not in said_of_events and m.text not in held \
                and m.start > said_of_events[0].end and not in_spans(m.start, ctx.asked):
            return [FactUnit(key="date", name="日期" if ctx.lang == "zh" else "date", value=m.text,
                             normalized=m.value if isinstance(m.value, str) else None, stressed=ctx.stressed)]
    return []


def _moved(ctx: MessageContext) -> None:
    """A new date in a message that names an event the state dates ("预产期刚改了，大概是4月15号" after
    "预产期是4月8号"): the message's one ``date`` fact is that event's new date."""
    from .slotpicks import _DAY

    G = ctx.graph
    dated = [d for fid, d in g.recent_current_facts(G, 30) if G.nodes.get(f"t{d['turn']}", {}).get("role") == "user"
             and d.get("slot") in (None, d.get("key")) and d.get("key") == d.get("name") and d["key"] not in ctx.pack.slots
             and len(str(d["key"])) >= 2
             and str(d["key"]) in ctx.text and _DAY.fullmatch(str(d["value"]).strip())]
    mine = [n for n, u in enumerate(ctx.units) if isinstance(u, FactUnit) and not u.offered and u.key == "date"]
    if len(dated) == 1 and len(mine) == 1 and ctx.text.find(str(dated[0]["key"])) < ctx.text.find(ctx.units[mine[0]].value):
        d = dated[0]
        ctx.units[mine[0]] = ctx.units[mine[0]].model_copy(update=dict(key=d["key"], name=d["name"], slot=None, correction=True))


def _trip_in(ctx: MessageContext, clause: str) -> bool:
    """True when the message arranges a journey: the clause names where the user travels from (a fact the roles
    step keyed ``origin``) or the message gives the journey's return (``checkout``). The date said with it is then
    the journey's own, the role the booking reads, not another event's ("flying from Denver to Boston on June 18",
    "we fly to Athens on 12 June and back on 19 June"); a trip said only by where it goes ("we fly to kalymnos on
    2 may", 我们4月20号到丽江) stays the user's own event beside what they book.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en", today="2026-06-02")
    >>> _ = t.observe({"role": "user", "content": "We fly from Leeds to Athens on 12 June."})
    >>> sorted((f.key, f.value) for f in t.state().facts if f.status == "current")
    [('date', '12 June'), ('destination', 'Athens'), ('origin', 'Leeds')]
    """
    return any(isinstance(u, FactUnit) and ((u.key == "origin" and str(u.value) in clause) or u.key == "checkout")
               for u in ctx.units)


#: (user29) a change act on the thing said before ("push it to", "move that to", "make it"), then the new value
_MOVED_ON = re.compile(r"\b(?:push|move|change|switch|bump|put|make)\s+(?:it|that|this)\s+(?:(?:back|forward)\s+)?(?:to\s+)?(?:the\s+)?$", re.I)


def _moved_on(ctx: MessageContext, m: Mention) -> bool:
    """(user29) The event's date is moved later in its message by a change act on it ("my delivery is on the 14th but
    I'll be away. Can we push it to the 21st?"): the day it moves away from, no date of the event's.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> _ = t.observe({"role": "user", "content": "my delivery is on the 14th but I'll be away. Can we push it to the 21st?"})
    >>> sorted((f.key, f.value) for f in t.state().facts if f.status == "current")
    [('date', 'the 21st')]
    """
    return any(isinstance(u, FactUnit) and u.correction and (later := ctx.text.find(u.value, m.end)) > 0
               and _MOVED_ON.search(ctx.text, m.end, later) for u in ctx.units)


#: (miss28en) "on" / "in" right before a date: the date is said as an event's day ("a hip op on 25 October")
_ON_DAY = re.compile(r"\b(?:on|in)\s+(?:the\s+)?$", re.I)


def _unread_own_event(ctx: MessageContext, m: Mention) -> FactUnit | None:
    """(miss28en) A date no rule read (a message's facts keep one ``date``: the first) that the user says of their own
    event (:func:`_own_event`): "I have a jury summons for 8 November but I'm having a hip replacement on 25 October".
    Before, :func:`_freed` made it the booking's ``date``, and the day the user then booked took its place; keyed by
    its event, it stands beside the booking's day. None when a fact of the message already holds the date's words, when
    the message moves the booking away from it, or when it is the day a current fact holds ("I've been put on a night
    shift on the 14th": the booked day, said as why it fails).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en", today="2026-09-01")
    >>> t.observe_many([{"role": "user", "content": "My summons is for 8 November but I'm having a hip op on 25 October."},
    ...                 {"role": "user", "content": "The 13th of March then."}])
    >>> sorted((f.key, f.value) for f in t.state().facts if f.status == "current" and f.key != "want")
    [('date', '13th of March'), ('having hip op', '25 October'), ('summons', '8 November')]
    """
    if ctx.lang != "en" or any(isinstance(u, FactUnit) and (m.text in str(u.value) or str(u.value).strip() and str(u.value) in m.text)
                               for u in ctx.units):
        return None  # (review) a fact that holds the date's words, or whose date the mention holds ("billing_cycle: 15th")
    if not _ON_DAY.search(ctx.text, 0, m.start) and not re.match(r"(?:on|in)\b", m.text, re.I):
        return None  # "we're in Inverness the 17th": a stay's day, the place said before it no event
    if _moved_on(ctx, m) or any(str(d["value"]).casefold() == m.text.casefold() for _, d in g.recent_current_facts(ctx.graph, 30)):
        return None  # the day a booking moves from ("push it to the 21st"), or the booked day said as why it fails
    if refused_on(ctx.text, m.start):
        return None  # (prec33) "And nothing in March, that's lambing": a time refused (a rule), no event of the user's
    own = _own_event(ctx, m)
    if own is None or own == "event":
        return None
    return FactUnit(key=own, name=own, value=m.text, normalized=m.value if isinstance(m.value, str) else None,
                    stressed=ctx.stressed)


@step("event_dates", roles=("user",))
def event_dates(ctx: MessageContext) -> list[_Unit]:
    """Re-keys a date said of another event by that event, and resolves a day said relative to it."""
    events: list[tuple[str, Mention]] = []
    owned: list[Mention] = []  # (fix16) dates re-keyed as the user's own events
    for m in ctx.mentions:
        if m.label != "DATE" or m.kind != "value":
            continue
        noun = _event_of(ctx, m)
        if noun is None:
            # held14: only a date a rule already read is re-keyed, no new fact; (fix15) so only such a date is read
            plain = [n for n, u in enumerate(ctx.units) if isinstance(u, FactUnit) and not u.offered
                     and u.value == m.text and u.key in _PLAIN_DATE_KEYS]
            own = (_long_past(ctx, m) or _own_event(ctx, m) or _answers_event(ctx, m)) if plain else None
            for n in plain if own else ():
                ctx.units[n] = ctx.units[n].model_copy(update=dict(key=own, name=own, slot=None, supersedes=None))
            owned += [m] if own and plain else []
            if not plain and (unread := _unread_own_event(ctx, m)):
                ctx.units.append(unread)
                owned.append(m)
            continue
        if _moved_on(ctx, m):
            continue  # (user29) "my delivery is on the 14th ... can we push it to the 21st?": the day it moves from
        events.append((noun, m))
        for n, u in enumerate(ctx.units):
            if isinstance(u, FactUnit) and not u.offered and u.value == m.text and u.key != noun:
                ctx.units[n] = u.model_copy(update=dict(key=noun, name=noun, slot=None, supersedes=None))
        if not any(isinstance(u, FactUnit) and u.key == noun for u in ctx.units):
            ctx.units.append(FactUnit(key=noun, name=noun, value=m.text, normalized=m.value if isinstance(m.value, str) else None,
                                      stressed=ctx.stressed))
    if not events:
        _moved(ctx)
        return [u for u in _freed(ctx, owned) if not said_as_bound(ctx.text, u.value)] if owned else []
        # (fix16) "他4月20号不在，想订4月21号": the later date is the booking's; "has to be up by the 26th" a deadline's
    units: list[_Unit] = _freed(ctx, [m for _, m in events])
    for rel in _RELATIVE.finditer(ctx.text):
        before = [(noun, m) for noun, m in events if m.end <= rel.start()]
        if not before:
            continue
        noun, m = before[-1]
        day = _calendar(m.value, ctx.today)
        if day is None:
            continue
        step_days = 1 if (rel.group(1) or "").casefold() == "after" or rel.group(2) == "后" else -1
        when = day + datetime.timedelta(days=step_days)
        units.append(FactUnit(key="date", name="日期" if ctx.lang == "zh" else "date",
                              value=f"{rel.group(0)} {_written(when, ctx.lang)}", normalized=when.isoformat(),
                              stressed=ctx.stressed))
        break
    return units
