"""The bare_recounts step: a new count said bare, after someone joins or drops out, replaces the held count (issue 19,
miss31en).

The user gives a count ("We are 6 boys", "about 18 of us", "340 Cheviot ewes"), then tells of a change and says the new
number alone: "one boy Sunil backed out, his wife said no, so 5 only", "numbers went up, the hygienists are coming now
so 22", "Jessie's sister and the minister's comin, so it's twenty five noo", "28 of them are hoggs I'm no bothering
with. 312". The number names no noun, so no count rule keyed it, and the old count stayed current beside the change
(a wrong value the next booking would use). The recounts step reads a new count with its noun and a sum said as
"so that's five"; this one reads the bare number:

- after "so" (and "it's", "we're", "we are", "we'll be"), ending its clause, with "now", "only", "then" or "in total"
  after it at most ("so 22.", "so 5 only", "so it's 12 now");
- or alone as the message's last sentence ("... I'm no bothering with. 312");

in a message that tells of someone or something joining or leaving ("backed out", "dropped out", "can't come",
"coming now", "wants in", "numbers went up", "moved out", "not bothering with"). The held count is the user's newest
current fact that is a count ("6", "18 of us", "6 boys"), or, when the user said the count only inside a want, the
count a tool or the assistant booked from it ("ewes: 340 ewes" beside "... 340 Cheviot ewes ..."); every short count
fact of that number said with it (or counting the same noun) is replaced by the words said ("5 only"), and a want or
a problem that says the number before the noun takes the new number in its place. Not read: a count with a noun ("so 2
people dropped out": the recounts and counts steps), a number asked about, a count the same as the held one, a message
with no change told ("so 3?"), and nothing when no count is held.

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> t.observe_many([{"role": "user", "content": "hi, a table for our leaving do, about 14 of us, friday 7pm"},
...                 {"role": "assistant", "content": "Friday at 7pm for 14 is free."},
...                 {"role": "user", "content": "great. oh and two can't come now, so 12."}])
>>> [(f.key, f.value, f.status) for f in t.state().facts if f.key == "people"]
[('people', '14 of us', 'superseded'), ('people', '12', 'current')]
"""

from __future__ import annotations

import re

from .._normalize import parse_number
from .._units import FactUnit, _Unit
from .context import MessageContext
from .countwords import _NUMBER
from .. import _graph as g
from .recounts import followed
from .registry import step

_NUM = rf"(?:{_NUMBER}|one)"
#: the new count after "so", ending its clause ("so 22.", "so 5 only", "so it's twenty five noo")
_SO_COUNT = re.compile(rf"\bso\s+(?:(?:it[’']?s|its|we[’']?re|we are|we[’']?ll be)\s+)?(?P<said>(?P<num>{_NUM})"
                       r"(?:\s+(?:now|noo|only|then|in total|altogether|total))?)(?=\s*(?:[.,;!]|$))", re.I)
#: the new count alone, as the message's last sentence ("... I'm no bothering with. 312")
_LAST_COUNT = re.compile(r"(?:^|[.!]\s+)(?P<said>(?P<num>\d{1,4}))\s*[.!]?\s*$")
#: someone or something joining or leaving: what makes a bare number a new count
_CHANGE = re.compile(r"\b(?:backed out|pulled out|dropped out|dropping out|can[’']?t come|cannot come|can[’']?t make it|"
                     r"not coming|isn[’']?t coming|aren[’']?t coming|won[’']?t be coming|(?:is|are|'s|’s) coming|comin|"
                     r"coming (?:now|too|as well|after all)|joining|wants in|want in|"
                     r"(?:numbers|headcount|head count|guest list|party) (?:has |have )?(?:went|gone|going) (?:up|down)|"
                     r"moved out|(?:no|not) bothering|take \w+ off|left us)\b", re.I)
#: a fact that is a count, short: its number, then at most three words ("6", "18 of us", "6 boys", "two person")
_COUNT_VALUE = re.compile(rf"^(?:(?:about|around|roughly|approx|maybe)\s+)?(?P<num>{_NUM})(?:\s+[\w'’]+){{0,3}}$", re.I)


#: a clock said in the message ("till 7:30", "at 8pm"): a bare "so 8 then" may be the new time, not a count
_CLOCK = re.compile(r"\b\d{1,2}(?:[:.]\d{2}\b|\s*(?:am|pm|o[’']?clock)\b)", re.I)
#: a question of the assistant's asking for a number ("Which room number are you in?", "Can I take a phone number?")
_NUMBER_ASKED = re.compile(r"\b(?:number|no\.)[^.?!\n]{0,40}\?", re.I)


def bare_count(text: str) -> re.Match | None:
    """The new count ``text`` says bare after telling of a change, with its words (``said``) and number (``num``).

    >>> bare_count("one boy backed out, his wife said no, so 5 only. all under 120 kg").group("said")
    '5 only'
    >>> bare_count("ah no sorry, 28 of them are hoggs I'm no bothering with. 312").group("said")
    '312'
    >>> bare_count("so 2 people dropped out and our manager wants in, so 7. also outdoor").group("said")
    '7'
    >>> bare_count("7.30 then, so 22."), bare_count("so 2 people dropped out"), bare_count("can he come? so 3?")
    (None, None, None)
    >>> bare_count("Oh the price went up, so 30 then."), bare_count("numbers went up, so 22.").group("said")
    (None, '22')
    """
    if not _CHANGE.search(text):
        return None
    return next(_SO_COUNT.finditer(text), None) or _LAST_COUNT.search(text)


#: keys of values that are no count of people or things (a clock, a day, a length of time, a sum)
_NOT_COUNT_KEYS = re.compile(r"^(?:time|date|day|days|slot|duration|price|budget|total|estimate|deposit|amount|age)\b")
#: a unit of time, money or measure after the number: a length or a sum, no count ("35 hrs each", "5 day", "£40")
_UNIT_AFTER = re.compile(r"^\S+\s+(?:hrs?|hours?|mins?|minutes?|days?|weeks?|months?|years?|nights?|am|pm|o[’']?clock|"
                         r"pounds?|quid|grand|k|kg|kilos?|miles?|metres?|meters?|litres?|percent|%)\b", re.I)


def _amount(value: str, key: str = "") -> float | None:
    """The number of a short count value ("18 of us" 18, "two person" 2), None for any other value or a key of a clock,
    a day, a length of time or a sum ("duration: 35 hrs each").

    >>> _amount("18 of us"), _amount("two person"), _amount("17 Orchard Way, Greenfield"), _amount("Friday")
    (18.0, 2.0, None, None)
    >>> _amount("35 hrs each"), _amount("3", "duration"), _amount("6 boys", "count_boys")
    (None, None, 6.0)
    """
    m = _COUNT_VALUE.match(value.strip())
    if m is None or len(value) > 30 or _NOT_COUNT_KEYS.match(key) or _UNIT_AFTER.match(value.strip()):
        return None
    return parse_number(m.group("num"))


@step("bare_recounts", roles=("user",))
def bare_recounts(ctx: MessageContext) -> list[_Unit]:
    """The held count (and the facts that say it) followed by the new count an English message says bare."""
    if ctx.lang != "en":
        return []
    m = bare_count(ctx.text)
    if m is None or ctx.asking(m.start("num")) or _other_number(ctx, m):
        return []
    new = parse_number(m.group("num"))
    held = _held(ctx)
    counts = [(fid, d) for fid, d in held if _amount(str(d["value"]), str(d["key"])) is not None]
    # the user's own count first ("about 18 of us"); a tool's or the assistant's only when the user said none apart
    # ("340 Cheviot ewes" inside a want, booked as "ewes: 340 ewes"): "2 courts" booked is no count of the party
    wants = [str(d["value"]) for _, d in held if d["key"] in ("want", "problem")]
    counts = [f for f in counts if _said_by_user(ctx, f[1])] or [
        f for f in counts if any(_said_number(w, _amount(str(f[1]["value"]), str(f[1]["key"])) or 0, _noun(str(f[1]["value"])) or "-")
                                 for w in wants)]
    if new is None or not counts:
        return []
    # a bare count counts the party: the newest count of people (or of no noun) before a count of other things
    # ("4 people" before "2 dogs" said since); a count of things only when no count of people is held
    newest = next((d for _, d in counts if _of_people(str(d["value"]))), counts[0][1])
    old = _amount(str(newest["value"]), str(newest["key"]))
    noun = _noun(str(newest["value"]))
    if old is None or old == new:
        return []
    out: list[_Unit] = []
    for fid, d in held:
        value, same_turn = str(d["value"]), d.get("turn") == newest.get("turn")
        if _amount(value, str(d["key"])) == old and (same_turn or (noun and _noun(value) == noun)):
            out.append(followed(fid, d, m.group("said")))
        elif d["key"] in ("want", "problem") and (said := _said_number(value, old, None if same_turn else noun)):
            start, end = said
            out.append(followed(fid, d, value[:start] + m.group("num") + value[end:]))
    return out


#: a noun counting people ("4 people", "18 of us", "6 boys", "12 guests")
_PEOPLE_NOUN = re.compile(r"\b(?:people|persons?|person|pax|guests?|adults?|kids|children|boys|girls|men|women|ladies|"
                          r"lads|us|folks?|friends|diners|players|members|staff|students|covers|heads|couples|family|"
                          r"colleagues|attendees|delegates|participants|teens|teenagers|seniors)\b", re.I)


def _of_people(value: str) -> bool:
    """Whether the short count ``value`` counts people or names no noun ("4 people", "18 of us", "6"), not things.

    >>> _of_people("4 people"), _of_people("about 18 of us"), _of_people("6"), _of_people("2 dogs")
    (True, True, True, False)
    """
    rest = _COUNT_VALUE.match(value.strip())
    words = value.strip()[rest.end("num"):].strip() if rest else value
    return not words or bool(_PEOPLE_NOUN.search(words))


def _other_number(ctx: MessageContext, m: re.Match) -> bool:
    """Whether the bare number ``m`` may be no count: "so 8 then" with a clock said or held (the new time), or a number
    alone at the end answering the assistant's question for a number (a room, a flat, a phone)."""
    said = m.group("said")
    if said.casefold().endswith("then") and 1 <= (parse_number(m.group("num")) or 0) <= 12:
        held_time = any(d["key"] == "time" for _, d in g.recent_current_facts(ctx.graph, 40))
        if held_time or _CLOCK.search(ctx.text):
            return True
    return m.re is _LAST_COUNT and bool(_NUMBER_ASKED.search(ctx.assistant_before))


def _held(ctx: MessageContext) -> list[tuple[str, dict]]:
    """The current facts of earlier messages (the user's, or a tool's that booked the user's count), newest first, that
    this message neither restates nor moves."""
    moved = {u.supersedes for u in ctx.units if isinstance(u, FactUnit) and u.supersedes}
    stated = {u.key for u in ctx.units if isinstance(u, FactUnit)}
    return [(fid, d) for fid, d in g.recent_current_facts(ctx.graph, 40)
            if fid not in moved and d["key"] not in stated and d.get("turn") != ctx.index]


def _said_by_user(ctx: MessageContext, d: dict) -> bool:
    """Whether the fact ``d`` was made from a message of the user's."""
    return ctx.graph.nodes.get(f"t{d['turn']}", {}).get("role") == "user"


def _noun(value: str) -> str:
    """The stem of the plural noun a short count counts ("340 ewes" ewe, "6 boys" boy), "" when it names none.

    >>> _noun("340 ewes"), _noun("18 of us"), _noun("6")
    ('ewe', '', '')
    """
    m = re.match(rf"\s*(?:{_NUM})\s+(?P<noun>[a-z]{{3,}}s)\b", value, re.I)
    return m.group("noun").casefold()[:-1] if m else ""


def _said_number(value: str, amount: float, noun: str | None) -> tuple[int, int] | None:
    """Where ``value`` writes the number ``amount`` before a noun (before ``noun`` within two words, when given).

    >>> _said_number("need the ewes scanned. 340 Cheviot ewes, tups went in", 340.0, "ewe")
    (23, 26)
    >>> _said_number("340 Cheviot ewes", 340.0, "boy"), _said_number("a table", 3.0, None)
    (None, None)
    """
    for n in re.finditer(rf"(?<![\w£$€.,:/-])({_NUM})(?=\s+[a-z])", value, re.I):
        if parse_number(n.group(1)) != amount:
            continue
        if noun and not re.match(rf"(?:\s+[a-z]+){{0,2}}?\s+{re.escape(noun)}s?\b", value[n.end():], re.I):
            continue
        return n.start(1), n.end(1)
    return None
