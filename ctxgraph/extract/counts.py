"""The counts step: an English count the user says with the thing's own noun is a fact (issue 19, en17).

"ugh ok 2 bags then", "Could I have two sticks, please", "approximately 1,500 visitors expected", "can we order 2
certificates": the user tells how many of a thing they want with the thing's own plural noun. The entity rules know
a closed list of such nouns (tickets, boxes, people, guests, kids ...) and the roles step binds a count only with a
cue or a question, so a noun of the user's own ("polos", "tups", "panels", "sessions") left the count unread. Here
the count is read by its shape alone, a number and a plural noun right after it (one word may stand between: "2
trestle tables"), never by a domain's nouns:

- the fact's key is the noun ("bags", "certificates"), its value the count as said ("2 bags"); a later count of the
  same noun replaces it ("3 jars" ... "make it 4 jars");
- not a count of the thing: a number inside another value (a phone number, an address, a code, a date or a clock),
  a price ("£45 packets"), a measure or a span of time (the measures step's: "3 weeks", "2 kilos"), a time ago, the
  assistant's words or one the user repeats, a question, a clause taken back or ruled out ("not 2 frames"), and a
  count another step already keeps as its own value ("3 people").

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> t.observe_many([{"role": "assistant", "content": "How many would you like?"},
...                 {"role": "user", "content": "Could I have two frames, please, and 40 plain mounts"}])
>>> sorted((f.key, f.value) for f in t.state().facts if f.key.startswith("count_"))
[('count_frames', 'two frames'), ('count_mounts', '40 plain mounts')]
>>> t = Tracker("en")
>>> _ = t.observe({"role": "user", "content": "how much would 80 chairs cost?"})
>>> [f.key for f in t.state().facts if f.key.startswith("count_")]
[]
"""

from __future__ import annotations

import re

from .. import _graph as g
from .._units import FactUnit, _Unit
from .changes import ACT_WINDOW, _said_by
from .context import MessageContext
from .countwords import _EN_MOVE, _NUMBER, _PLURAL, _ZH_MOVE, RANK_BEFORE, moved_spans
from .measures import UNIT_WORDS, _kept, _skip
from .registry import step

_COUNT = re.compile(rf"(?<![\w£$€¥.,:/#-])(?P<num>{_NUMBER})\s(?:(?P<mid>[a-z]{{3,}}(?:\s[a-z]{{3,}})?)\s)??(?P<noun>{_PLURAL})(?![\w'’-])", re.I)
#: plural words no count of a thing: time and money, a unit (the measures step's), a frequency, function words
_NOT_NOUN = re.compile(rf"(?:{UNIT_WORDS['en']}|seconds|secs|hrs|nights|weekends|times|pounds|quid|dollars|euros|pence|"
                       r"cents|bucks|grand|percent|pcs|pls|thanks|yes|others|ones|lots|bits|days|ways|sorts|kinds|types|"
                       r"goes|does|was|has|its|hes|shes|thats|whats|lets|plus|odds|ends|options|questions|tops|"
                       r"(?:keep|look|sound|seem|work|mean|make|get|take|come|need|want|cost|say|start|stay|run|pay)s)$", re.I)
#: a word between the number and the noun that makes the number no count of it ("3 of ...", "2 more", "4 are")
_NOT_MID = re.compile(r"(?:of|are|were|more|less|fewer|other|extra|and|or|but|then|the|for|per|each|out|from|with|"
                      r"years?|months?|weeks?|days?|hours?|minutes?|times?|am|pm|ish)$", re.I)
#: right before the number: a count ruled out ("not 2 frames"), a clock, a date, a rank or a house number ("at 5", "no 18",
#: "year 3"); (counts19) a place a thing is on, over or among ("the last coat of oil on 4 benches"): where, not how many
_NOT_BEFORE = re.compile(rf"\b(?:{RANK_BEFORE}|the|last|next|past|first|every|on|onto|over|under|across|among|between)\s+$",
                         re.I)
#: (counts19) right before the number: the detail of the question just asked ("can we bring them? just 2 dogs")
_QUESTION_DETAIL = re.compile(r"\?\s*(?:just|only)\s+$", re.I)
#: (counts19) after a count in its message, a bare number that corrects it ("2 guideparents, Marta and Owen. sorry, 3"):
#: a cue of correction, then the number alone (no noun, clock or unit after it, no verb: "no 3 is too many" weighs 3;
#: (lead26) "sorry, 3 is enough" settles on it)
_RECOUNT = re.compile(rf"[^?]{{0,40}}?\b(?:sorry|no|actually|i mean|or rather|wait|make (?:it|that))\W{{1,3}}(?P<num>{_NUMBER})"
                      r"(?!\s*(?:[a-z]{3,}\b|is\b(?!\s+(?:enough|fine|plenty|ok(?:ay)?|good)\b)|'[sd]\b|'ll\b|[:.]\d|%|am\b|pm\b)|\d)", re.I)
#: (en17) right before the number: a deed done in the past ("I swapped two digits", "the partners have added four
#: names"), a story of what happened, no count the user asks for
_DONE_BEFORE = re.compile(r"\b(?:[a-z]{3,}ed|had)\s+$", re.I)  # (counts19) "we had 3 cars towed last month"
#: (counts19) a clause said as a condition ("if we get 10 kayaks is there a discount"): a count the user supposes
_IF = re.compile(r"(?:^|[.,;!?]\s*|\b(?:and|but|so)\s+)(?:if|unless|in case|whether)\b[^.,;!?]*$", re.I)
#: right after the noun: a time ago or old, no count of a thing ("3 years ago" is the measures step's anyway)
_NOT_AFTER = re.compile(r"\s*(?:ago|old|later|earlier|road|rd|street|st|lane|avenue|close|way|drive|place|crescent|grove|"
                        r"terrace|gardens|court|square)\b", re.I)
#: (counts20) a plural noun right after the counted noun: the compound's head ("2 ladies toilets" counts toilets)
_HEAD_AFTER = re.compile(rf"\s({_PLURAL})(?![\w'’-])", re.I)
#: (counts20) a plural thing and "for" right before the number ("beds for two rooms"): the count sizes the thing
#: by what it serves, no count of a thing the user orders
_FOR_THING = re.compile(r"\b[a-z]{3,}s(?<![siu]s)\s+for\s+$", re.I)
#: labels of the mentions a count may lie in: the number or the count itself
_COUNT_LABELS = ("QUANTITY", "CARDINAL", "NUMBER")


def _in_value(ctx: MessageContext, start: int, end: int) -> bool:
    """A mention of another kind covers part of the span: the number is part of a phone number, an address, a date."""
    return any(m.start < end and start < m.end and m.label not in _COUNT_LABELS for m in ctx.mentions)


def counted(ctx: MessageContext) -> list[tuple[str, int, int]]:
    """(noun, start, end) of each count of a thing said with its own plural noun in the message: "2 bags" of
    "ok 2 bags then, 3 weeks ago" (weeks are a span of time)."""
    out = []
    for m in _COUNT.finditer(ctx.text):
        noun, mid = m.group("noun").casefold(), m.group("mid")
        if _NOT_NOUN.fullmatch(noun) or (mid and any(_NOT_MID.fullmatch(w) or _NOT_NOUN.fullmatch(w) for w in mid.split())):
            continue
        before = ctx.text[max(0, m.start() - 16):m.start()]
        if _NOT_BEFORE.search(before) or _DONE_BEFORE.search(before) or _FOR_THING.search(before) or _QUESTION_DETAIL.search(before) \
                or _NOT_AFTER.match(ctx.text, m.end()) or _IF.search(ctx.text, 0, m.start()):
            continue
        end = m.end()
        if (head := _HEAD_AFTER.match(ctx.text, end)) and not _NOT_NOUN.fullmatch(head.group(1)):
            noun, end = head.group(1).casefold(), head.end()  # (counts20) "2 ladies toilets": the head noun last
        if not _in_value(ctx, m.start(), end):
            out.append((noun, m.start(), end))
            if (one := _ONE_MORE.match(ctx.text, end)) and not _NOT_SINGLE.fullmatch(one.group("noun")):
                out.append((one.group("noun").casefold(), one.start("num"), one.end("noun")))
    return out


#: (miss25en) a count of one said next in the same list, its noun singular and the list's piece ending with it: "two
#: veggies, one coeliac, and …", "2 nut allergies and one coeliac", "5 desk phones and 1 cordless"
_ONE_MORE = re.compile(r"(?:\s*,\s*(?:and\s+)?|\s+and\s+)(?P<num>one|1|a single)\s+(?P<noun>[a-z]{3,})(?=\s*(?:[,.;!?)]|$|\band\b|\bbut\b))",
                       re.I)
#: (miss25en) words after "one" that count no thing of the list: a pronoun, a comparison, time, a place word
_NOT_SINGLE = re.compile(r"(?:more|less|other|another|each|thing|things|day|week|month|year|time|night|way|bit|lot|too|"
                         r"please|pls|thanks|then|now|only|extra|left|here|there|off|less|over|same|left)", re.I)


def _held(ctx: MessageContext, key: str) -> bool:
    """The user holds a current fact of ``key`` from an earlier message."""
    return any(d.get("key") == key for _, d in g.recent_current_facts(ctx.graph, 30))


def _changed_elsewhere(ctx: MessageContext, start: int, key: str) -> bool:
    """A change act right before the count ("make it 62 chairs") with no earlier count of that noun: the changes
    step moves the count the user holds (the guests), no new thing is counted."""
    before = ctx.text[max(0, start - ACT_WINDOW):start]
    return any(rx.search(before) for rx in getattr(ctx.pack, "change_acts", ())) and not _held(ctx, key)


@step("counts", roles=("user",))
def counts(ctx: MessageContext) -> list[_Unit]:
    """The user's counts of a thing said with its own noun, as facts keyed ``count_<noun>`` (English); a fact of
    the key the changes step made from the bare number ("make it 4 jars": "4") takes the count whole."""
    if ctx.lang != "en":
        return []
    last: dict[str, tuple[int, int]] = {}
    moved: dict[str, str] = {}
    for noun, start, end in counted(ctx):
        key = f"count_{noun}"
        if _skip(ctx, start, ctx.text[start:end]) or _kept_bare(ctx, start) or _group_part(ctx, noun):
            continue
        if key not in last and _changed_elsewhere(ctx, start, key):  # "4 paddles, no make that 6 paddles": its own
            if (fid := _recounted_thing(ctx)) is not None:
                last[key], moved[key] = (start, end), fid
            continue
        last[key] = (start, end)  # a later count of the noun in the message corrects it ("3 pages... sorry 4 pages")
    out: list[_Unit] = []
    for key, (start, end) in last.items():
        said = _corrected(ctx, start, end)
        mine = next((n for n, u in enumerate(ctx.units) if isinstance(u, FactUnit) and u.key == key), None)
        if mine is not None:
            ctx.units[mine] = ctx.units[mine].model_copy(update=dict(value=said))
        elif not _kept(ctx, start, end):
            out.append(FactUnit(key=key, name=key[len("count_"):], value=said, stressed=ctx.stressed_at(said),
                                correction=ctx.correcting or key in moved, supersedes=moved.get(key)))
    return out


def _corrected(ctx: MessageContext, start: int, end: int) -> str:
    """(counts19) The count as said, or as the message corrects it right after with a bare number: "2 guideparents,
    Marta and Owen. sorry, 3" is "3 guideparents" (no count of another thing between)."""
    said = ctx.text[start:end]
    m = _RECOUNT.match(ctx.text, end)
    if m is None or _COUNT.search(ctx.text, end, m.start("num")):
        return said
    return m.group("num") + said[len(said.split()[0]):]


def _kept_bare(ctx: MessageContext, start: int) -> bool:
    """(counts19) Another step of this message keeps the count's number alone as a count of nothing named ("I've got
    three flats": ``count: three``): a bare "make that four" moves that fact, so a ``count_flats`` beside it would
    stay behind, stale. (A number bound to a role, "40 guests and 5 round tables" read as ``people: 5``, does not.)"""
    number = ctx.text[start:].split(maxsplit=1)[0].casefold()
    return any(isinstance(u, FactUnit) and not u.offered and "count" in (u.key, u.slot)
               and u.value.strip().casefold() == number for u in ctx.units)


def _group_part(ctx: MessageContext, noun: str) -> bool:
    """(counts19) The noun names a slot's count the user holds ("people" with a party size held): a count of it is a
    part of the group ("numbers are 12 now, two people are off") or its new size, the roles and changes steps' own."""
    slots = [s.id for s in ctx.pack.slots.values() if noun in (w.casefold() for w in s.synonyms)]
    if not slots:
        return False
    held = {str(d.get("slot")) for _, d in g.recent_current_facts(ctx.graph, 30)}
    return any(sl in held or any(isinstance(u, FactUnit) and u.slot == sl for u in ctx.units) for sl in slots)


def _recounted_thing(ctx: MessageContext) -> str | None:
    """(counts19) The id of the user's newest thing's count that a change act to a count of another noun moves ("6
    transits" ... "actually make it 7 vans": the same vans), when no other count of the user's moved in the message
    (with "40 guests" held, "make it 42 chairs" moved the guests, and "5 round tables" stays)."""
    if any(isinstance(u, FactUnit) and u.supersedes for u in ctx.units):
        return None
    return next((fid for fid, d in g.recent_current_facts(ctx.graph, 30) if str(d.get("key", "")).startswith("count_")
                 and _said_by(ctx, d) == "user"), None)


#: (counts20) the words that may follow "add 2 more" with no noun of its own ("2 more please", "one less then")
_AFTER_MORE = re.compile(r"please|pls|then|for|if|and|too|now|so|of|to|on|at|in|as|thanks|cheers|would|will|is|are|we|i|cos|because",
                         re.I)


def _moves(ctx: MessageContext) -> list[tuple[int, str]]:
    """(start, noun or "") of each act of the user's message that moves a count with no new total, not asked.

    >>> from types import SimpleNamespace as N
    >>> ctx = N(lang="en", text="cousins are coming, add 2 more please", asking=lambda at: False)
    >>> _moves(ctx), _moves(N(lang="en", text="One more thing: the tape", asking=lambda at: False))
    ([(20, '')], [])
    >>> _moves(N(lang="zh", text="人多了点 再加两个炉子吧", asking=lambda at: False))
    [(5, '炉子吧')]
    """
    rx = _ZH_MOVE if ctx.lang == "zh" else _EN_MOVE
    out = []
    for m in rx.finditer(ctx.text):
        noun = (m.groupdict().get("noun") or "").casefold()
        if ctx.lang == "en" and noun and not re.fullmatch(_PLURAL, noun) and not _AFTER_MORE.fullmatch(noun):
            continue  # "one more thing": a word of another kind after it, no count moved
        if not ctx.asking(m.start()) and not (noun and ctx.lang == "en" and _NOT_NOUN.fullmatch(noun)):
            out.append((m.start(), noun if ctx.lang == "zh" or re.fullmatch(_PLURAL, noun) else ""))
    return out


def _of_noun(d: dict, noun: str) -> bool:
    """A count fact ``d`` counts ``noun`` (an act naming no noun moves the newest count): the noun's head (its first
    four letters, or its first Han character) stands in the fact's key or value.

    >>> _of_noun({"key": "count_paddles", "value": "8 paddles"}, "paddles"), _of_noun({"key": "count_烧烤炉", "value": "两个烧烤炉"}, "炉子吧")
    (True, True)
    >>> _of_noun({"key": "count_canoes", "value": "4 canoes"}, "paddles")
    False
    """
    if not noun:
        return True
    head = noun[:1] if re.match(r"[\u4e00-\u9fff]", noun) else noun[:4]
    return head in (str(d.get("key", "")) + str(d.get("value", ""))).casefold()


def _member_off(ctx: MessageContext, turn_text: str, value: str) -> bool:
    """A person named right after the count ``value`` in ``turn_text`` (the message that said it: "5 players, Jim,
    Kat, Priya") is taken off by this message ("take Priya off", "王浩然不来了"): one of the counted members is gone.
    A name said before the count ("鲍鱼60只 花甲20斤" ... "鲍鱼先不要了") is no member of it."""
    from .dropped import _dropped
    at = turn_text.find(value)
    after = turn_text[at + len(value):at + len(value) + 60] if at >= 0 else ""
    return any(m.label == "PERSON" and m.text in after and _dropped(ctx, (m.start, m.end)) for m in ctx.mentions)


@step("counts_moved", roles=("user",))
def counts_moved(ctx: MessageContext) -> list[_Unit]:
    """(counts20) A count the user said, moved by an act with no new total ("add 2 more", "one less", "再加两个",
    "少订一间", a counted member taken off): the old total is no longer current, and the new one, never said, is not
    guessed: the count is retracted (through ``apply``, its history kept). The user's newest count of the noun the
    act names (any count when it names none); an act in a message that says a count of its own moves nothing.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "assistant", "content": "How many canoes?"}, {"role": "user", "content": "4 canoes"},
    ...                 {"role": "user", "content": "cousins are coming, add 2 more please"}])
    >>> [f.value for f in t.state().facts if f.key == "count_canoes" and f.status == "current"]
    []
    """
    from .._units import RetractUnit
    from .changes import _kind_of_fact

    acts = _moves(ctx)
    gone = _things_dropped(ctx)
    if gone:
        return gone
    if not acts and not any(m.label == "PERSON" for m in ctx.mentions):
        return []  # no act moves a count and no member is named to be taken off: most messages stop here
    spans = moved_spans(ctx)
    if any(isinstance(u, FactUnit) and not u.offered and _kind_of_fact(u.model_dump()) == "count" for u in ctx.units) \
            or any(m.label in _COUNT_LABELS and not any(s <= m.start < e for s, e in spans) for m in ctx.mentions):
        return []  # "its 14 now, 2 more cousins said yes", "I need 2 now and 2 more in march": a count of its own
    for fid, d in g.recent_current_facts(ctx.graph, 30):
        if _kind_of_fact(d) != "count" or _said_by(ctx, d) != "user":
            continue
        said = str(ctx.graph.nodes.get(f"t{d['turn']}", {}).get("text", ""))
        if any(_of_noun(d, noun) for _, noun in acts) or _member_off(ctx, said, str(d["value"])):
            return [RetractUnit(fact=fid), *want_uncounted(ctx, str(d["value"]))]
        if acts:
            return []  # the act names another thing than the newest count: nothing of this one moves
    return []


#: (acts22) a count's number at the start of its value, with its zh measure word ("3 new", "两个")
_LEAD_NUMBER = re.compile(rf"^\s*(?:{_NUMBER}|[0-9一二两三四五六七八九十百几]+\s*[个位名张份台辆间把只件套条杯盒箱桌]?)\s*", re.I)


def want_uncounted(ctx: MessageContext, value: str) -> list[_Unit]:
    """(acts22) The user's want that says a count this message moves with no new total ("need 3 cleaners for an end of
    tenancy clean" ... "add 2 more"): said again with the thing and no number, superseding it (its history kept); the
    new total is not guessed. Nothing when the message already changes the want or the want does not say the count.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "user", "content": "need 3 cleaners for an end of tenancy clean on friday"},
    ...                 {"role": "user", "content": "it's a big house, add 2 more"}])
    >>> [f.value for f in t.state().facts if f.key == "want" and f.status == "current"]
    ['need cleaners for an end of tenancy clean']
    """
    from .wants import WANT_KEY

    thing = _LEAD_NUMBER.sub("", value, count=1)
    if not thing or thing == value or any(isinstance(u, FactUnit) and u.key == WANT_KEY for u in ctx.units):
        return []
    for wid in g.current_with_key(ctx.graph, WANT_KEY):
        want = str(ctx.graph.nodes[wid]["value"])
        if value in want:
            return [FactUnit(key=WANT_KEY, name=ctx.graph.nodes[wid]["name"], value=want.replace(value, thing, 1),
                             correction=True, supersedes=wid, stressed=ctx.stressed)]
    return []


def _things_dropped(ctx: MessageContext) -> list[_Unit]:
    """(counts20) The user's counts of a thing the message takes off ("那书桌不带了", "drop the paddles"), retracted:
    the thing is no longer wanted, so neither is its count (the dropped step takes it off the lists that hold it).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "user", "content": "想约搬家 一张桌子 两个衣柜"}, {"role": "user", "content": "那张桌子不带了"}])
    >>> sorted(f.value for f in t.state().facts if f.key.startswith("count_") and f.status == "current")
    ['两个衣柜']
    """
    from .._units import RetractUnit
    from .dropped import _dropped, _word_at

    out: list[_Unit] = []
    for fid, d in g.recent_current_facts(ctx.graph, 30):
        at = _word_at(ctx.text, str(d["name"])) if str(d.get("key", "")).startswith("count_") else None
        if at is not None and _said_by(ctx, d) == "user" and not ctx.asking(at[0]) and _dropped(ctx, at):
            out.append(RetractUnit(fact=fid))
    return out


#: (miss26zh) a count the user orders with no noun after it, at the start of its clause: an ordering verb or 就 (after
#: 那 / 咁, a subject, an adverb), the number and a measure word that names the thing well enough ("要二十五桌",
#: "那就4所", "咁就两部", (fix28) after a word of now: "现在要五桌"); 个 counts anything and stays out, and so does a noun before the verb ("尿素也整30袋": the
#: roles step's count of 尿素)
_ZH_ORDERED = re.compile(r"(?:^|(?<=[\s，,。！!？?；;：:]))(?:那|咁|嗰)?(?:就|还是)?(?:我们|我|俺们|俺|咱们|咱)?(?:现在|这次|今年)?(?:先|都|还|也)?"
                         r"(?P<verb>要|订|定|摆|来|开|嚟|整)?(?P<count>(?:大概|大约|差不多)?[0-9一二两三四五六七八九十百]+"
                         r"(?P<unit>[桌间份部所台张箱盒套辆袋桶]))(?=$|[\s，,。！!？?；;吧了啊哈嘛呀啦])")
#: a count with its measure word at the end of a held fact's value ("10桌", "精选3所"): the same measure word counts it
_HELD_COUNT = r"[0-9一二两三四五六七八九十百]+{unit}$"


def ordered_counts(ctx: MessageContext) -> list[tuple[str, int, int]]:
    """(measure word, start, end) of each count the user orders bare in the message (see ``_ZH_ORDERED``), not asked.

    >>> from types import SimpleNamespace as N
    >>> ordered_counts(N(text="亲戚多 要二十五桌 莫搞少了", asking=lambda at: False))
    [('桌', 5, 9)]
    >>> ordered_counts(N(text="尿素也整30袋 那就4所", asking=lambda at: False))
    [('所', 10, 12)]
    >>> ordered_counts(N(text="要两桌吗", asking=lambda at: True)), ordered_counts(N(text="三桌", asking=lambda at: False))
    ([], [])
    """
    out = []
    for m in _ZH_ORDERED.finditer(ctx.text):
        if m.start("count") == m.start() or ctx.asking(m.start("count")):
            continue  # a bare "三桌" with no verb or 就 before it answers what another step reads; a question orders nothing
        out.append((m.group("unit"), m.start("count"), m.end("count")))
    return out


def _held_count_key(ctx: MessageContext, unit: str) -> str | None:
    """The key of the user's newest current fact whose value ends with a count in ``unit`` ("tables: 10桌"): a new
    count in that measure word replaces it."""
    rx = re.compile(_HELD_COUNT.format(unit=re.escape(unit)))
    return next((str(d["key"]) for _, d in g.recent_current_facts(ctx.graph, 30)
                 if rx.search(str(d.get("value", ""))) and _said_by(ctx, d) == "user"), None)


@step("counts_ordered", roles=("user",))
def counts_ordered(ctx: MessageContext) -> list[_Unit]:
    """(miss26zh) A count the user orders bare ("亲戚多 要二十五桌", "那就4所", "咁就两部"): the thing is the chat's, its
    measure word says what is counted. The fact is keyed by the held count in that measure word when there is one
    (it replaces it), else by the measure word (the key a bare answer to "多少桌？" takes); the last count of a measure
    word in the message wins ("就三所 … 那就4所"). Nothing when another step of the message keeps the count.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> _ = t.observe({"role": "user", "content": "想给老爷子办寿宴"})
    >>> _ = t.observe({"role": "user", "content": "亲戚多 要二十五桌 莫搞少了"})
    >>> [(f.key, f.value) for f in t.state().facts if f.key == "桌"]
    [('桌', '二十五桌')]
    """
    if ctx.lang != "zh":
        return []
    last: dict[str, tuple[int, int]] = {}
    for unit, start, end in ordered_counts(ctx):
        said = ctx.text[start:end]
        if any(isinstance(u, FactUnit) and not u.offered and said in u.value for u in ctx.units):
            continue  # another step keeps it ("tables: 10桌")
        last[unit] = (start, end)
    out: list[_Unit] = []
    for unit, (start, end) in last.items():
        key = _held_count_key(ctx, unit) or unit
        out.append(FactUnit(key=key, name=unit, value=ctx.text[start:end], stressed=ctx.stressed_at(ctx.text[start:end]),
                            correction=ctx.correcting))
    return out
