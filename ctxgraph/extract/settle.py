"""Picks settled by what follows them: the reply, a change of mind, a change of what the pick carries.

A pick read from the user's clause alone (``choose.py``: "the thermal one", 第二个) is a guess about
which option was meant, and the option as said carries details (a price, a size, a clock) that
may move later. What comes next settles it:

- **the assistant's reply** (step ``picks_answered``): when the reply right after the pick names
  another option of the same list and not the picked one ("Understood, yellow chrysanthemums
  with white edging"), the assistant took the user to mean that one; when the sentence naming the
  picked option says it cannot be had ("the small boat is fully booked that week", 今晚大包间已经订
  满了), the pick does not stand. Both retract the pick. A reply that offers a list of its own
  ("想约男医师还是女医师？") has moved on and names nothing of the old one.
- **a change of mind** (step ``picks_changed``): a later reply that changes ("actually", "on second
  thought", 算了还是, 改, 换) to another option of the list the standing pick came from replaces the
  pick (same key), when the last message offered no list of its own.
- **a change of what the pick carries** (step ``picks_stale``): a fact whose clock, price, size or
  duration the picked option states is replaced ("Lorna Baird, from 9:30" when the visit moves to
  10:00), or the report of a booking names the picked option with another size or clock ("ASUS
  Zenbook 14 OLED 32GB/1TB" after "... (16GB/1TB) at £899"): the pick's copy of the option retires.

Tried and dropped: retiring every pick a booking names (the booking is the record) lost more
values than it removed wrong ones (the booking does not hold "课桌式" or "Starter Course").

>>> from ctxgraph import Tracker
>>> from ctxgraph.extract import with_step
>>> t = Tracker("en")
>>> t.extractor.steps[:] = with_step(t.extractor.steps, "choose")  # the step that picks (on by default since picks10)
>>> t.observe_many([
...     {"role": "assistant", "content": "We can put you on the small boat (6 anglers, £50 each) or the big boat (12 anglers, £40 each). Which would you prefer?"},
...     {"role": "user", "content": "small boat please"},
...     {"role": "assistant", "content": "Sorry, the small boat is fully booked that week; the big boat still has space."}])
>>> [(f.value, f.status) for f in t.state().facts if f.key.startswith("choice")]
[('We can put you on the small boat', 'retracted')]
>>> _ = t.observe({"role": "user", "content": "ok fine, big boat then"})
>>> [f.value for f in t.state().facts if f.status == "current" and f.key.startswith("choice")]
['the big boat']
"""

from __future__ import annotations

import re

from .._units import FactUnit, RetractUnit, _Unit
from .. import _graph as g
from .choose import _DECLINES, MAX_VALUE_CHARS, _CJK, _lead, _sub_clauses, _words, match, pick_fact
from .context import MessageContext
from .cues import _ZH_CLOSED
from .notchosen import asks, others_experience, put_off_until
from .options import MAX_OPTION_CHARS, Option, asks_which, measures, offered_options
from .picks import bracketed
from .registry import step
from .text import clauses, cut_at_boundary, first_match

# a change of mind in a reply ("还是X吧", "算了", "X instead", "rather X")
_CHANGE = re.compile(r"还是|算了|改|换|\binstead\b|\brather\b", re.I)
# the measures a report restates of the very option booked (a price may be a total, a duration the booking's length)
_TELLING = ("size", "clock")
_TAKEN_BACK = re.compile(r"^\W*(?:算了|actually,? no|no wait|wait,? no)\W*", re.I)

# the assistant says the option cannot be had
_UNAVAILABLE = re.compile(
    r"\b(?:sold out|fully booked|booked up|(?:is|are) (?:now )?full|(?:not|no longer) available|unavailable|out of stock"
    r"|no (?:more )?(?:space|spaces|places|slots|seats|rooms?|availability)(?: left)?|(?:can't|cannot|can not) (?:do|offer|book)"
    r"|(?:don't|do not) have|(?:isn't|is not|aren't|are not) (?:running|on|possible|an option))\b"
    r"|满了|订满|约满|售罄|卖完|没有了|没货|缺货|不提供|做不了|没法|无法", re.I)


def _same(kind: str, a: float, b: float) -> bool:
    """Two measures agree; a clock said without am/pm agrees with the same clock twelve hours on ("5:30", "17:30")."""
    return a == b or (kind == "clock" and (a - b) % 720 == 0)


def _choices(G) -> list[tuple[str, dict]]:
    """The current picks, oldest first (a scan of the current-fact index, no sort of every fact)."""
    return sorted(((f, G.nodes[f]) for k, f in G.graph["current_fact"].items() if k.startswith("choice_t")),
                  key=lambda x: int(x[0][1:]))


def picked_option(G, d: dict, lang: str) -> tuple[list[Option], int | None]:
    """The options of the message a choice fact was picked from, and which one it holds."""
    turn = d["key"][len("choice_t"):]
    node = G.nodes.get(f"t{turn}") if turn.isdigit() else None
    if node is None or not node.get("text"):
        return [], None
    options = offered_options(node["text"], lang)
    said = d.get("normalized") if isinstance(d.get("normalized"), str) else None  # the option as said (choose's picks)
    hits = ([i for i, o in enumerate(options) if cut_at_boundary(o.text, MAX_OPTION_CHARS) == said] if said else []) \
        or [i for i, o in enumerate(options) if cut_at_boundary(o.text, MAX_VALUE_CHARS) == d["value"]] \
        or [i for i, o in enumerate(options) if bracketed(d["value"]).casefold() in o.text.casefold()]  # a part of it (the picks step's, a late clause)
    return options, (hits[0] if len(hits) == 1 else None)


def named(text: str, options: list[Option], lang: str) -> set[int]:
    """The options ``text`` names by a part of their own: a word (two Chinese characters) no
    other option and no lead-in holds.

    >>> from ctxgraph.extract.options import offered_options
    >>> opts = offered_options("Segway tours run as the 1-hour Old Town loop at £45 or the 2-hour River route at £70.", "en")
    >>> named("Lovely, the River route it is.", opts, "en"), named("Thanks!", opts, "en")
    ({1}, set())
    """
    lead = _lead(options)
    out = set()
    if _CJK.search(text):
        for i, o in enumerate(options):
            others = [x.text for j, x in enumerate(options) if j != i] + [lead]
            # (lead21c) a pair of closed-class characters ("可以", "好的") names no option: "可以为您安排换新或者退货退款"
            # then "白色缺货，黑色有货，可以吗？" names no 换新
            parts = {o.text[k:k + 2] for k in range(len(o.text) - 1) if len(_CJK.findall(o.text[k:k + 2])) == 2
                     and not all(ch in _ZH_CLOSED for ch in o.text[k:k + 2])}
            parts |= set(re.findall(r"[A-Za-z][A-Za-z0-9]+", o.text))  # a code: "VIP舱", "A5款"
            if any(p in text and not any(p in x for x in others) for p in parts):
                out.add(i)
        return out
    said = _words(text, lang)
    own = [_words(o.text, lang) for o in options]
    lead_words = _words(lead, lang)
    for i, words in enumerate(own):
        others = set().union(*(w for j, w in enumerate(own) if j != i)) | lead_words
        if any(w in said for w in words - others if len(w) >= 3 and not w.isdigit()):
            out.add(i)
    return out


def _last_user_turn(ctx: MessageContext) -> int | None:
    """The user's turn this assistant message answers (no other assistant text since)."""
    G = ctx.graph
    for i in range(ctx.index - 1, -1, -1):
        node = G.nodes.get(f"t{i}")
        if node is None:
            continue
        if node["role"] == "user":
            return i
        if node["role"] == "assistant" and node.get("text", "").strip():
            return None
    return None


@step("picks_answered", roles=("assistant",))
def picks_answered(ctx: MessageContext) -> list[_Unit]:
    """The reply right after a pick names another option of its list and not it, or says it cannot be had."""
    user = _last_user_turn(ctx)
    if user is None:
        return []
    G = ctx.graph
    out: list[_Unit] = []
    for fid, d in _choices(G):
        if d["turn"] != user:
            continue
        options, i = picked_option(G, d, ctx.lang)
        if i is None:
            continue
        names = named(ctx.text, options, ctx.lang)
        refused = any(i in named(s, options, ctx.lang) and _UNAVAILABLE.search(s) for s in _sentences(ctx.text))
        # a reply that offers a list of its own moves on ("好的。想约男医师还是女医师？"): it names no option of the old one
        moved_on = len(offered_options(ctx.text, ctx.lang)) >= 2 or asks_which(ctx.text)
        if refused or (names and i not in names and not moved_on):
            out.append(RetractUnit(fact=fid))
    return out


#: where a sentence ends: a full stop only before a space or the end, so a number's point ("£1.50",
#: "3.5 x 3m", "6.30am") ends none
_SENTENCE_SPLIT = re.compile(r"(?<=[!?。！？；;])\s*|(?<=\.)(?:\s+|$)")


def _sentences(text: str) -> list[str]:
    """The sentences of ``text``.

    >>> _sentences("The 3.5 x 3m room is £1.50 a day. Sold out! 好的。还有吗？")
    ['The 3.5 x 3m room is £1.50 a day.', 'Sold out!', '好的。', '还有吗？']
    """
    return [s for s in _SENTENCE_SPLIT.split(text) if s.strip()]


@step("picks_changed", roles=("user",))
def picks_changed(ctx: MessageContext) -> list[_Unit]:
    """A change of mind to another option of the list the standing pick came from ("actually, on
    second thought, send the engineer", 算了还是纯色的) replaces the pick, when the last message offers
    no list of its own (the choose step read nothing)."""
    if any(u.name == "choice" for u in ctx.units_of(FactUnit)):
        return []
    G = ctx.graph
    mine = _choices(G)
    if not mine:
        return []
    fid, d = mine[-1]
    options, i = picked_option(G, d, ctx.lang)
    if i is None or not (ctx.correcting or first_match(ctx.pack.take_backs, ctx.text) or first_match(ctx.pack.choices, ctx.text)
                         or _CHANGE.search(ctx.text)):
        return []
    until = put_off_until(ctx.text, ctx.lang, [o.text for o in options])  # (fix12) a change put off ("maybe the plus, let me ask my wife")
    found = []
    for offset, clause in _sub_clauses(ctx):
        clause = _TAKEN_BACK.sub("", clause)  # "算了还是纯色的": the take-back is the change, not a decline
        if offset < until or ctx.asking(offset) or _DECLINES.search(clause) or asks(clause, ctx.lang) or others_experience(clause, ctx.lang):
            continue  # (fix12) and a question with no mark ("how many sensors do we get"), another person's past deed
        j, part = match(clause, options, ctx.lang)
        if j is not None and j != i:
            found.append((j, part, clause))
    # (user25zh) the clause with the change's own words holds the pick: "其实我爸说外景也行，那还是换外景吧" keeps
    # "外景", not the clause before that names it
    j, part, clause = next((f for f in found if _CHANGE.search(f[2]) and not _CHANGE.search(f[1])), found[0]) if found else (None, "", "")
    if j is not None:
        return [pick_fact(d["key"], options, j, part, clause if part else "", correction=True, stressed=ctx.stressed)]
    return []


@step("picks_stale", roles=("user", "assistant", "tool"), needs_text=False)
def picks_stale(ctx: MessageContext) -> list[_Unit]:
    """A change of a value the pick carries leaves the pick's copy behind: a clock, price, size or
    duration of the picked option that a fact held and this message replaces ("Lorna Baird, from
    9:30" when the visit's time moves from 9:30 to 10:00)."""
    G = ctx.graph
    mine = _choices(G)
    if not mine:
        return []
    out: list[_Unit] = []
    before = G.nodes.get(f"t{ctx.index - 1}")
    if ctx.role == "assistant" and (first_match(ctx.pack.done, ctx.text) or (before is not None and before["role"] == "tool")):
        # a report of what was done that names the picked option with another size or clock ("Order ... is
        # confirmed: ASUS Zenbook 14 OLED 32GB/1TB" after the pick of "... (16GB/1TB) at £899"); a price is
        # no sign (a total for four days is not the price a day)
        for fid, d in mine:
            options, i = picked_option(G, d, ctx.lang)
            carried = {k: v for k, v in measures(d["value"]).items() if k in _TELLING}
            # (prec10) the option and the other measure in one clause: "已占座：G87，…，请在15:45前支付" names G87 and
            # a clock to pay by, no other departure
            if i is not None and carried and any(
                    i in named(c, options, ctx.lang) and any(not _same(k, carried.get(k, v), v) for k, v in measures(c).items())
                    for s in _sentences(ctx.text) for _, c in clauses(s)):
                out.append(RetractUnit(fact=fid))
    for u in ctx.units_of(FactUnit):
        if u.offered:
            continue
        subject = G.graph["entity_by_key"].get(u.subject) if u.subject else None
        old = u.supersedes or G.graph["current_fact"].get(g.fact_slot(u.key, subject))
        if old is None or G.nodes[old]["status"] != "current" or G.nodes[old]["key"].startswith("choice_t"):
            continue
        was, now = measures(str(G.nodes[old]["value"])), measures(u.value)
        for fid, d in mine:
            carried = measures(d["value"])
            if any(k in carried and _same(k, carried[k], v) and not _same(k, now.get(k, v), v) for k, v in was.items()) \
                    and all(RetractUnit(fact=fid) != x for x in out):
                out.append(RetractUnit(fact=fid))
    return out


#: (lead25e) the keys of a day a clock may be said with ("Friday 3:15", "周六10点")
_DAY_KEYS = frozenset({"day", "date", "slot", "checkin"})


@step("clock_moved", roles=("user",), needs_text=False)
def clock_moved(ctx: MessageContext) -> list[_Unit]:
    """(lead25e) A day the user settles on with its clock ("I can offer Friday 3:15pm or Monday 8:40am." - "friday
    please": ``day: Friday 3:15``) leaves behind a clock kept on its own from an earlier message ("it's Thursday 10am":
    ``time: 10am``), when the two clocks differ: the appointment has one time, and the day's value holds it now.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en", today="2026-12-04")
    >>> t.observe_many([{"role": "user", "content": "I need to move my son's checkup. it's Thursday 10am"},
    ...                 {"role": "assistant", "content": "I can offer Friday 3:15pm or Monday 8:40am."},
    ...                 {"role": "user", "content": "friday please"}])
    >>> [f.value for f in t.state().facts if f.key == "time" and f.status == "current"]
    []
    """
    G = ctx.graph
    old = G.graph["current_fact"].get(g.fact_slot("time", None))
    if old is None or G.nodes[old]["status"] != "current" or G.nodes[old].get("turn") == ctx.index:
        return []
    was = measures(str(G.nodes[old]["value"])).get("clock")
    if was is None:
        return []
    for u in ctx.units_of(FactUnit):
        now = measures(u.value).get("clock") if u.key in _DAY_KEYS and not u.offered else None
        if now is not None and not _same("clock", now, was) and not _same("clock", now + 720, was) and not _same("clock", now, was + 720):
            return [RetractUnit(fact=old)]
    return []
