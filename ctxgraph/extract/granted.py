"""Two steps on the assistant's turn that give the user what it grants or confirms (issue 19): a
request the user asked as a question and the reply grants, a value the user named in part and the
reply confirms whole. Split from :mod:`ctxgraph.extract.asked`.
"""

from __future__ import annotations

import re

from .. import _graph as g
from .._units import FactUnit, RetractUnit, _Unit
from .asked import _letters
from .changes import _SAID_CLOCK, _clock_of, acted_weekday, clock_units, day_units
from .context import MessageContext
from .registry import step
from .surface import _WEEKDAY, weekday_of
from .text import first_match, question_spans


# ---------------------------------------------------------------- a clock asked for as a question, granted

#: (acts19) a day named beside a clock: the question asks for another slot, not another clock of the booked day
_A_DAY = re.compile(r"\d\s*[月号日]|\d(?:st|nd|rd|th)\b|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day|\b(?:today|tomorrow)\b|"
                    r"[周星期礼拜][一二三四五六日天]|[今明后]天", re.I)

#: the clause of a clock closes as a question, with no other number between ("能4点吗", "4pm instead?"; not the 3点 of
#: "3点有点早 能4点吗")
_ASKED_AFTER = re.compile(r"[^。.!！,，;；\n\d一二两三四五六七八九十]{0,12}?[?？吗么呢]")


def _user_asked(ctx: MessageContext) -> str | None:
    """The text of the user's message this reply answers, or None: the message before was not the user's, or the
    reply opens by turning the request down ("Sorry, …", "抱歉，…")."""
    G = ctx.graph
    last = G.graph.get("last_turn")
    if not last or G.nodes[last].get("role") != "user" or _DECLINED.match(ctx.text):
        return None
    return str(G.nodes[last].get("text") or "")


@step("clock_granted", roles=("assistant",))
def clock_granted(ctx: MessageContext) -> list[_Unit]:
    """(acts19) A clock the user asked for as a question ("3点有点早 能4点吗", "could we do 4pm?") moves the booking
    when the reply grants it: the reply says that clock back and does not open by turning it down ("可以，改到周日
    下午4点"); "Sorry, 8pm is fully booked" moves nothing.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "assistant", "content": "周六上午10点或者周日下午3点，您看哪个？"},
    ...                 {"role": "user", "content": "周日那个"}, {"role": "assistant", "content": "好的，周日下午3点。"},
    ...                 {"role": "user", "content": "3点有点早 能4点吗"}, {"role": "assistant", "content": "可以，改到周日下午4点。"}])
    >>> [f.value for f in t.state().facts if f.status == "current" and f.key == "date"]
    ['周日那个 (周日下午4点)']
    """
    asked = _user_asked(ctx)
    if asked is None:
        return []
    spans = question_spans(asked, ctx.pack.question_words)
    said = [c for c in _SAID_CLOCK.finditer(asked) if any(s <= c.start() < e for s, e in spans) or _ASKED_AFTER.match(asked, c.end())]
    if len(said) != 1 or _A_DAY.search(asked):
        return []  # the one clock the question asks for ("3点有点早 能4点吗": 4点)
    if not any(_clock_of(c) == _clock_of(said[0]) for c in _SAID_CLOCK.finditer(ctx.text)):
        return []
    return clock_units(ctx, said[0])


@step("day_granted", roles=("assistant",))
def day_granted(ctx: MessageContext) -> list[_Unit]:
    """(acts21) A weekday the user asked to move to as a question ("could we do thursday instead, same time?", "能改
    周四吗") moves the pick holding the old weekday and a clock (:func:`~ctxgraph.extract.changes.day_units`) when the
    reply says that weekday back and does not open by turning it down; "Sorry, Friday is fully booked" moves nothing.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en", today="2026-05-04")
    >>> t.observe_many([{"role": "assistant", "content": "Tuesday 12 May at 10am or Wednesday 13 May at 3pm."},
    ...                 {"role": "user", "content": "weds 3pm"}, {"role": "assistant", "content": "Booked."},
    ...                 {"role": "user", "content": "could we do thursday instead?"},
    ...                 {"role": "assistant", "content": "Yes, Thursday 14 May at 3pm."}])
    >>> [f.value for f in t.state().facts if f.status == "current" and "3pm" in f.value]
    ['thursday 3pm']
    """
    asked = _user_asked(ctx)
    w = None if asked is None else acted_weekday(asked, ctx.pack)
    if asked is None or w is None or not any(s <= w.start() < e for s, e in question_spans(asked, ctx.pack.question_words)):
        return []  # a statement moved the pick on the user's turn
    if not any(weekday_of(r.group(0)) == weekday_of(w.group(0)) for r in _WEEKDAY.finditer(ctx.text)):
        return []
    return day_units(ctx, w.group(0), set())


# ---------------------------------------------------------------- a change asked as a question, refused

#: (acts22) the reply's first sentence says the value asked for cannot be had
_UNAVAILABLE = re.compile(r"\b(?:fully booked|booked up|(?:is|are|'s) full|not (?:available|possible|free)|unavailable|no (?:slots?|space|"
                          r"availability|room)|can't do|cannot do)\b|满了|约满|排满|没有空|没空|没有位|安排不了|做不了", re.I)
#: (acts22) the reply does the change after all ("Sorry for the wait, moved to Friday")
_DONE = re.compile(r"\b(?:moved|changed|rebooked|switched|updated|done)\b|已改|改好|已经改|已调整|改到了", re.I)
_ASKS = re.compile(r"[?？]|吗\s*$")


@step("change_refused", roles=("assistant",))
def change_refused(ctx: MessageContext) -> list[_Unit]:
    """(acts22) A change the user asked as a question ("can we move it to friday?", "能改到周四吗"), which the changes
    step took on the user's turn, turned down by the reply: the reply opens by declining, its first sentence says the
    value asked for cannot be had ("Sorry, Friday 15 May is fully booked", "不好意思，周四已经排满了"), and it does not do
    the change after all. The old value comes back as the current
    fact (through ``apply``, superseding the asked one, whose history keeps both); an asked value that replaced
    nothing is retracted.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en", today="2026-05-04")
    >>> t.observe_many([{"role": "user", "content": "book the garden room for saturday 16 may please"},
    ...                 {"role": "user", "content": "can we move it to friday?"},
    ...                 {"role": "assistant", "content": "Sorry, Friday 15 May is fully booked, so it stays on Saturday."}])
    >>> [f.value for f in t.state().facts if f.status == "current" and f.key == "date"]
    ['saturday 16 may']
    """
    G = ctx.graph
    last = G.graph.get("last_turn")
    if not last or G.nodes[last].get("role") != "user" or not _DECLINED.match(ctx.text) or _DONE.search(ctx.text):
        return []
    asked = str(G.nodes[last].get("text") or "")
    first = re.split(r"(?<=[.!?。！？])\s*", ctx.text.strip(), maxsplit=1)[0]
    if not _ASKS.search(asked) or not _UNAVAILABLE.search(first):
        return []
    out: list[_Unit] = []
    for fid, d in g.recent_current_facts(G, 30):
        olds = [v for _, v, k in G.out_edges(fid, keys=True) if k == "supersedes"]
        value = str(d["value"])
        if f"t{d['turn']}" != last or not (value.casefold() in first.casefold() or (
                weekday_of(value) is not None and any(weekday_of(w.group(0)) == weekday_of(value) for w in _WEEKDAY.finditer(first)))):
            continue
        if not olds:  # asked under a key of its own ("day: friday" beside the pick): the asked value only goes
            out.append(RetractUnit(fact=fid))
            continue
        old = G.nodes[olds[0]]
        out.append(FactUnit(key=d["key"], name=d["name"], value=str(old["value"]), slot=d.get("slot"), group=d.get("group"),
                            correction=True, supersedes=fid))
    return out


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

    >>> from ctxgraph.extract.granted import asked_requests
    >>> from ctxgraph.extract.asking import _demo_ctx
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
            # the cheap tests first: a run no longer than the best, or not in the value, needs no regex
            if len(run) > len(best) and run in v and re.search(rf"(?<!\w){re.escape(run)}(?!\w)", v):
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
