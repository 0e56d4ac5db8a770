"""The roles step: a value the user states becomes a fact keyed by the role it plays.

The facts step reads values with their slot words ("my budget is $500") and the values that
name their own slot (an email, an order id). This step reads the user's other values: people,
places, dates, times, organisations, products, amounts and counts the named-entity rules and
models find. Each is bound to a role (a slot of the pack), in this order:

1. a cue right before or after it (the pack's ``roles``: "from Denver" -> origin,
   "check out Oct 30" -> check-out, "5 people" -> people, "我妈" + a name -> patient);
2. the assistant's open question ("What's the patient's full name?" -> patient);
3. its own shape (a role's ``value``: "3 nights" -> nights);
4. its type (the pack's ``type_roles``: a person, a place, a date, a time ...).

The fact's key is the role's slot, so a later value of the same role supersedes it. Values
the user asks about ("do you deliver on Sundays?"), values in a rule the user states against
them ("nothing before 9am"), values of a clause that declines ("not the 18:05") and the
assistant's options (the offers step decides those) stay out; the assistant's own values are
never read here.

>>> from ctxgraph import Tracker
>>> t = Tracker("en", today="2026-06-02")
>>> t.observe_many([{"role": "user", "content": "I'm flying from Denver to Boston on June 18 with my wife Anna Jensen."}])
>>> sorted((f.key, f.value) for f in t.state().facts if f.status == "current")
[('date', 'June 18'), ('destination', 'Boston'), ('origin', 'Denver'), ('person_wife', 'my wife Anna Jensen'), ('traveller', 'Anna Jensen')]
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Callable

from .. import _graph as g
from ..models import load_value_tagger
from .._units import FactUnit, _Unit
from .context import Mention, MessageContext
from .parties import ages_by_party, another_age
from .cued import CUE_WINDOW, cue_role
from .glued import whole_place, whole_places
from .surface import weekday_of
from .kin import _EN_POSSESSED
from .notvalues import appositive_day, day_said_unfit, fallback_value, greeting_part, named_as_matter, reason_or_condition, ruled_out
from .measures import holds_measure
from .notchosen import asks
from .offers import _offers
from .registry import step
from .text import OPENING_TAKE_BACK_ZH, SENTENCE_END, clause_at, clauses, first_match, in_spans

#: A preposition a model's span takes with a value ("at 7:30pm"): not part of the value.
_LEAD = re.compile(r"^(?:at|on|by|around|about|until|till|from)\s+(?=\S)", re.I)


#: the entity label the roles' cues name for a value tagger type
_TAGGER_LABELS = {"date": "DATE", "time": "TIME", "person": "PERSON", "place": "GPE", "count": "CARDINAL",
                  "money": "MONEY", "duration": "QUANTITY"}


def reference_role(ctx: MessageContext, m: Mention) -> str | None:
    """The reference role a cue beside ``m`` names ("八达岭长城周边的景点", "near the museum"):
    ``m`` is a reference point, not the thing wanted, nor an offer the user takes."""
    if not ctx.pack.reference_roles or m.kind not in ("thing", "value"):
        return None
    cued = cue_role(ctx, m)
    return cued if cued in ctx.pack.reference_roles else None


def _asked_role(ctx: MessageContext, m: Mention, questions: list[str]) -> str | None:
    """The role of ``m`` the assistant's open question asks for, if one does."""
    for slot, labels, _, _, asked_rx, value_rx in ctx.pack.roles:
        if m.label in labels and (value_rx is None or value_rx.search(m.text)) and asked_rx \
                and any(asked_rx.search(q) for q in questions):
            return slot
    return None


#: (user25) the words that put a place after them whatever the NER calls it: where someone lives, is based or moved to
_LIVES_IN = re.compile(r"\b(?:lives?|living|lived|based|moved|moving|relocat\w+)\s+(?:in|to|near|out to)\s+$", re.I)
#: (user25) a name takes no indefinite article: a capitalised "a / an X" the tagger calls a person is a thing's make
_ARTICLE_BEFORE = re.compile(r"\b(?-i:a|an|A|An)\s+$")
def _a_make(ctx: MessageContext, m: Mention) -> bool:
    """(user25) A "person" said after "a / an" is a thing's make and model ("it's a Trek Domane"), no one's name.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en", today="2027-05-20")
    >>> t.observe_many([{"role": "user", "content": "I want my road bike serviced, it's a Trek Domane and the gears keep slipping"}])
    >>> [(f.key, f.value) for f in t.state().facts if f.value == "Trek Domane"]
    [('product', 'Trek Domane')]
    """
    return ctx.lang == "en" and m.label in ("PERSON", "person") and bool(_ARTICLE_BEFORE.search(ctx.text, 0, m.start))


#: (user25) a name said right after a relation of the user's ("my wife Sarah", "our son Leo")
_RELATION_BEFORE = re.compile(r"(?:" + _EN_POSSESSED.pattern + r")[,\s]+$", re.I)


def _named_relation(ctx: MessageContext, m: Mention) -> bool:
    """``m`` is the name of a relation the user names before it ("my wife Sarah"): the relation's name (the kin
    step's), no value the assistant's question asked of the user.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en", today="2027-05-20")
    >>> t.observe_many([{"role": "assistant", "content": "What's your name for the booking?"},
    ...                 {"role": "user", "content": "Tom Price. My wife Sarah might come instead."}])
    >>> sorted((f.key, f.value) for f in t.state().facts if f.status == "current")
    [('name', 'Tom Price'), ('person_wife', 'My wife Sarah')]
    """
    return ctx.lang == "en" and m.label == "PERSON" and bool(_RELATION_BEFORE.search(ctx.text, 0, m.start))


def role_of(ctx: MessageContext, m: Mention, questions: list[str]) -> str | None:
    """The slot ``m`` fills: by a cue beside it, the assistant's open question, its shape,
    else its type (None: it plays no role the pack knows)."""
    cued = cue_role(ctx, m)
    if cued:
        return cued
    if ctx.lang == "en" and m.label == "PRODUCT" and "place" in ctx.pack.slots and _LIVES_IN.search(ctx.text, 0, m.start):
        return "place"  # (user25) "He lives in Hoole" where the NER reads Hoole as a product: where one lives is a place
    if _a_make(ctx, m):  # (user25) "it's a Trek Domane", "a Kia Niro": a make and model, no one's name
        return "product" if "product" in ctx.pack.slots else None
    asked = _asked_role(ctx, m, questions)
    if asked == "name" and _named_relation(ctx, m):
        return None  # (user25) "What's your name?" - "Tom Price. My wife Sarah might come": the wife's name, not the user's
    if asked:
        return asked
    fitting = [r for r in ctx.pack.roles if m.label in r[1] and (r[5] is None or r[5].search(m.text))]
    if first_match(ctx.pack.vague_values, m.text):
        return None  # "yesterday", "next week": no fact by its shape or type alone
    for slot, _, before_rx, after_rx, asked_rx, value_rx in fitting:
        if value_rx is not None and not (before_rx or after_rx or asked_rx):
            return slot
    return ctx.pack.type_roles.get(m.label)


#: (lead24) a Chinese negation: the words after an opening take-back that hold one still decline
_NEGATED_ZH = re.compile(r"[不别没甭]")


#: (fix28a) the words a value is picked with after an opening take-back: changing or taking it, settling on it ("还是周日",
#: "换成100", "充100吧", "周日也行"); with more than these ("算了 周日人太多", "算了 周日再说吧") the take-back still declines
_PICKED_ZH = re.compile(r"还是|改成?|换成?|那就|就行|就好|好了|可以|也行|[就要选订充来吧行的了啊呀]")


def _picked_after_take_back(ctx: MessageContext, rest: str) -> bool:
    """(fix28a) Whether the words after an opening take-back pick a new value ("算了 充100吧", "不对 5个人": the value with
    words of picking at most), not say how the value is or put it off ("算了 周日人太多", "算了 周日再说吧": the take-back
    declines the change).

    >>> from types import SimpleNamespace as N
    >>> ctx = N(mentions=[N(text="周日"), N(text="5个人"), N(text="100")])
    >>> [_picked_after_take_back(ctx, r) for r in ("充100吧", "5个人", "还是周日吧", "周日人太多", "周日再说吧", "周日的话太晚了吧")]
    [True, True, True, False, False, False]
    """
    for m in ctx.mentions:
        rest = rest.replace(m.text, "")
    return not _PICKED_ZH.sub("", rest).strip(" ，,。.！!~～")


def _ruled_out(ctx: MessageContext, clause: str, at: int = -1) -> bool:
    """The clause asks without a question mark ("明天能到吗"), declines ("18:05来不及", "not the
    suite") or states a rule ("nothing before 9am", "6点之后的"): its values are no wish, or
    the rule holds them. (cons20) Not a value at ``at`` that a space parts from the rule's cue in a
    message typed without punctuation: "礼拜六下昼啦 我返工 平日冇人喺屋企" picks 礼拜六; the rule is 平日."""
    from .cues import _ENDS_ASKING, _rule

    if ctx.lang == "zh" and (rest := OPENING_TAKE_BACK_ZH.sub("", clause)).strip() and not _NEGATED_ZH.search(rest) \
            and _picked_after_take_back(ctx, rest):
        clause = rest  # (lead24) "算了 充100吧": the take-back opening it changes the value, the value after it is
        # wished; not "算了 周六不去了" (the rest declines), nor (fix28a) "算了 周日人太多" (the rest says how it is)
    if _ENDS_ASKING.search(clause) or first_match(ctx.pack.rejects, clause):
        return True
    rule = _rule(ctx, clause)
    return rule is not None and rule[0] in ("must", "must_not") and not _cue_apart(ctx, at, clause, rule[1])


#: (acts22) people said to come on top before a count of people ("又有3个同事要来", "又来了两个朋友", "多了两位"): the count
#: after it in the message is the new total, said, whatever the clause then asks ("13个人 还坐得下吗")
_GREW_BEFORE = re.compile(r"(?:又有|又来了?|多了|多来了?|加了)[0-9一二两三四五六七八九十几]+[个位名]")


def _spaced_piece(clause: str, name: str) -> str:
    """(lead25) The piece of a Chinese ``clause`` typed with spaces for commas that holds ``name``, when the clause has
    more than one such piece ("CA1831 乘客王磊 能改到22号吗" -> "乘客王磊"); "" for a clause of one piece.

    >>> _spaced_piece("CA1831 乘客王磊 能改到22号吗", "王磊"), _spaced_piece("王磊能改签吗", "王磊")
    ('乘客王磊', '')
    """
    pieces = clause.split()
    return next((p for p in pieces if name in p), "") if len(pieces) > 1 else ""


def _stated_part(ctx: MessageContext, m: Mention) -> str:
    """The clause around ``m`` that :func:`_ruled_out` reads: the whole clause, but (acts22) only up to ``m`` for a new
    total of people said after people were added, so that a question the clause goes on to ask leaves it stated.

    >>> from types import SimpleNamespace as N
    >>> text = "等下 又有3个同事要来 13个人 还坐得下吗"
    >>> _stated_part(N(text=text), N(start=text.index("13"), end=text.index("13") + 4, label="QUANTITY", text="13个人"))
    '等下 又有3个同事要来 13个人'
    >>> _stated_part(N(text="13个人 还坐得下吗"), N(start=0, end=4, label="QUANTITY", text="13个人"))
    '13个人 还坐得下吗'
    """
    clause = clause_at(ctx.text, m.start)
    if getattr(ctx, "lang", "") == "zh" and m.label in ("PERSON", "person") and (piece := _spaced_piece(clause, m.text)):
        return piece  # (lead25) "CA1831 乘客王磊 能改到22号吗": typed with spaces for commas, the name's own piece states it
    if m.label != "QUANTITY" or not m.text.endswith(("人", "位")) or not _GREW_BEFORE.search(ctx.text, 0, m.start):
        return clause
    at = clause.find(m.text)
    return clause[:at + len(m.text)] if at >= 0 else clause


def _day_at(m: Mention) -> int:
    """(cons20) Where a day mention starts (-1 for any other value): only a day said in a piece of its own is kept
    beside a rule in another piece; a time, a count or a size there is the rule's more often than a pick (open sets).
    """
    return m.start if m.label == "DATE" else -1


def _cue_apart(ctx: MessageContext, at: int, clause: str, cue: re.Match) -> bool:
    """(cons20) Whether, in segmented writing, a space parts the value at ``at`` from the rule ``cue`` found in
    ``clause`` (the clause of the text holding ``at``): the value is said in a piece of its own.

    >>> from types import SimpleNamespace as N
    >>> text = "礼拜六下昼啦 我返工 平日冇人喺屋企"
    >>> ctx = N(text=text, profile=N(segmented=True, code="zh"), pack=N(constraints=[]))
    >>> cue = re.search("平日冇人", text)
    >>> _cue_apart(ctx, 0, text, cue), _cue_apart(ctx, text.index("平日"), text, cue)
    (True, False)
    >>> _cue_apart(N(text="周三 不行", profile=ctx.profile, pack=ctx.pack), 0, "周三 不行", re.search("周三 不行", "周三 不行"))
    False
    >>> text = "周五前一定要做 周六他要去喝喜酒"  # the day's own piece is a situation: the rule's
    >>> _cue_apart(N(text=text, profile=ctx.profile, pack=ctx.pack), text.index("周六"), text, re.search("一定要", text))
    False
    """
    from .cues import _CJK_SPACE

    if at < 0 or not ctx.profile.segmented:
        return False
    start = ctx.text.find(clause, max(0, at - len(clause)))
    if start < 0 or not start <= at < start + len(clause):
        return False
    lo, hi = start + cue.start(), start + cue.end()
    if lo <= at < hi:
        return False
    gap = (at, lo) if at < lo else (hi, at)
    cuts = list(_CJK_SPACE.finditer(ctx.text))
    if not any(gap[0] <= m.start() < gap[1] for m in cuts):
        return False
    piece = ctx.text[max([m.end() for m in cuts if m.end() <= at], default=0):
                     min([m.start() for m in cuts if m.start() > at], default=len(ctx.text))]
    return not _states_itself(ctx, piece)


def _states_itself(ctx: MessageContext, piece: str) -> bool:
    """(cons20) Whether the value's own piece states a rule or a situation ("周六他要去喝喜酒"): its day is the rule's."""
    from .cues import _rule
    from .reasons import is_situation

    return _rule(ctx, piece) is not None or is_situation(piece, ctx.profile.code)


#: (user31) a bare small number: a digit or two of it stand inside many longer values said before
_BARE_NUMBER = re.compile(r"\d{1,3}")


def _skip(ctx: MessageContext, m: Mention, taken: list[str], earlier: frozenset[str] = frozenset()) -> bool:
    """Whether ``m`` is no value of its own: not a thing or value, asked, a pick by position, or a value held already
    (in ``taken``); (user31) a bare small number is held by an ``earlier`` value only when that value is the number, or
    the number and its noun: "we are 2" after "flight from terminal 2" is a new count.

    >>> from types import SimpleNamespace as NS
    >>> ctx = NS(asking=lambda at: False, text="we are 2")
    >>> m = NS(kind="value", text="2", start=7, label="CARDINAL")
    >>> earlier = frozenset({"need taxi, flight from terminal 2"})
    >>> _skip(ctx, m, sorted(earlier), earlier), _skip(ctx, m, sorted(earlier)), _skip(ctx, m, ["2 people"], frozenset({"2 people"}))
    (False, True, True)
    """
    if m.kind not in ("thing", "value") or ctx.asking(m.start) or _ordinal_pick(ctx, m):
        return True  # (fix16) "the 2nd one please": a pick by position, no day
    if getattr(ctx, "role", None) == "user" and named_as_matter(ctx.text, m.start, m.end):
        return True  # (user34) "the 10am thing is fine to ignore": an earlier rule's name, no value
    folded = m.text.casefold()
    loose = _BARE_NUMBER.fullmatch(folded) is not None
    return any((folded in v and not (loose and v in earlier and not re.fullmatch(rf"{folded}(?:\s+\S+)?", v)))
               or (len(v) > 1 and v in folded) for v in taken)


def _refines(ctx: MessageContext, m: Mention, current: list[str], taken: list[str]) -> bool:
    """(user28) Whether ``m`` corrects a current value by saying it whole and longer: "pixel 8", then
    "sorry, it's the pixel 8 pro" (a correction or self-correction cue in the message; the value is
    in no other value held, nor is it only the old one again).

    >>> from types import SimpleNamespace as NS
    >>> import re
    >>> ctx = NS(correcting=False, text="sorry, it's the pixel 8 pro", pack=NS(self_corrections=[re.compile(r"\\bsorry\\b")]))
    >>> _refines(ctx, NS(text="pixel 8 pro"), ["pixel 8"], ["pixel 8"]), _refines(ctx, NS(text="pixel 8"), ["pixel 8"], ["pixel 8"])
    (True, False)
    """
    folded = m.text.casefold()
    if not any(len(v) > 1 and v in folded and v != folded for v in current) or any(folded in v for v in taken):
        return False
    return ctx.correcting or any(rx.search(ctx.text) for rx in ctx.pack.self_corrections)


def value_tagger(lang: str) -> Callable[[str], list[tuple[int, int, str]]] | None:
    """The learned value tagger of ``lang`` (``ctxgraph.models``: ``tagger(text) -> [(start,
    end, slot_type)]``, slot types in lower_snake_case), None when no model ships for it.
    Loaded once per process (:func:`ctxgraph.models.load_value_tagger` caches it)."""
    return load_value_tagger(lang)


#: a time already past, said alone: it dates a story ("the tech came last Monday"), it books nothing
_STORY_TIME = re.compile(r"(?:last\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|week(?:end)?|month|year|night)"
                         r"|yesterday|the other day|the day before yesterday)", re.I)
#: (user37) an ordinal no month has, wished in a greeting ("happy 60th", "congrats on your 40th"): the words of a card
#: or a wish, no day (an occasion said as one, "for my mum's 70th", stays a value)
_WISHED_ORDINAL = re.compile(r"(?:happy|congrats|congratulations)\s+(?:on\s+)?(?:(?:your|his|her|the)\s+)?"
                             r"(?:3[2-9]|[4-9]\d|[1-9]\d\d)(?:st|nd|rd|th)", re.I)
_WISH_BEFORE = re.compile(r"\b(?:happy|congrats|congratulations)\s+(?:on\s+)?(?:(?:your|his|her|the)\s+)?$", re.I)


def _wished_ordinal(ctx: MessageContext, m: Mention) -> bool:
    """(user37) Whether the date ``m`` is an ordinal no month has, wished in a greeting ("yes happy 60th mom love you").

    >>> from types import SimpleNamespace as N
    >>> said = "yes happy 60th mom love you lots"
    >>> _wished_ordinal(N(text=said), N(text="60th", start=10)), _wished_ordinal(N(text=said), N(text="happy 60th", start=4))
    (True, True)
    >>> _wished_ordinal(N(text="for my mum's 70th"), N(text="70th", start=13))
    False
    """
    text = m.text.strip()
    return bool(_WISHED_ORDINAL.fullmatch(text) or re.fullmatch(r"(?:3[2-9]|[4-9]\d|[1-9]\d\d)(?:st|nd|rd|th)", text, re.I)
                and _WISH_BEFORE.search(ctx.text, max(0, m.start - 40), m.start))
#: a sentence ends inside a span: two pieces of two sentences, no value ("sit down meal. garden", 周五。还有);
#: a title or an initial ("Dr. Menon", "J. Smith", "St. Ives") ends none
_SENTENCE_INSIDE = re.compile(r"(?<![A-Z])(?<![A-Z][a-z])(?<![A-Z][a-z][a-z])(?<![\s(][a-z])[.!?]\s|[。！？]")
#: a person and a copula right before a span: what follows says how the person is ("whoever's free",
#: "are you free", "he's around"), not a value of the thing
_PERSON_IS = re.compile(r"(?:\b(?:who|whoever|someone|anyone|somebody|anybody|everyone|you|he|she|they|i|we)"
                        r"(?:'s|’s|'re|’re|'m|’m|\s+is|\s+are|\s+am|\s+was|\s+were)"
                        r"|\b(?:is|are|am|was|were)\s+(?:you|he|she|they|i|we|anyone|someone))\s+$", re.I)


#: (fix16) a bare ordinal that counts the options listed ("the 2nd one please", "2nd option"): a pick by position, no day
_ORDINAL_PICK = re.compile(r"(?:the\s+)?\d{1,2}(?:st|nd|rd|th)(?=\s+(?:one|ones|option|choice)\b)", re.I)


def _ordinal_pick(ctx: MessageContext, m: Mention) -> bool:
    """Whether the date mention ``m`` is an ordinal counting options ("the 2nd one"), not a day of the month:
    kept as a day when the assistant's last message names that day ("slots on the 1st, the 2nd and the 3rd").

    >>> from types import SimpleNamespace as N
    >>> _ordinal_pick(N(text="the 2nd one please"), N(label="DATE", start=0, end=7))
    True
    >>> _ordinal_pick(N(text="can I come on the 2nd?"), N(label="DATE", start=13, end=20))
    False
    """
    hit = _ORDINAL_PICK.match(ctx.text, m.start) if m.label in ("DATE", "date") else None  # the NER's, the tagger's
    if hit is None or hit.end() != m.end:
        return False
    day = re.search(r"\d+\w*", hit.group(0)).group(0)  # the assistant listed days: "the 2nd one" is the 2nd
    return re.search(rf"(?<!\d){day}\b", getattr(ctx, "assistant_before", ""), re.I) is None


#: (miss23en) "floor" right after an ordinal: "on the 2nd floor" names no day
_FLOOR_AFTER = re.compile(r"\s*floor\b", re.I)
#: the words of a clock said in words before its hour: "quarter to six", "half past five"
_CLOCK_WORDS = re.compile(r"\b(?:quarter|half|ten|twenty|twenty-five|five)\s+(?:to|past)\s+$", re.I)


def _after_rule(ctx: MessageContext, at: int) -> bool:
    """Whether the clause at ``at`` follows a rule of any kind said before it in its sentence
    ("please use the side gate, the front door sticks"): it gives the rule's reason, the tagger's
    span in it is no value."""
    text = ctx.text
    lo = max([0] + [m.end() for m in SENTENCE_END.finditer(text) if m.end() <= at])
    for offset, clause in clauses(text[lo:]):
        if lo + offset <= at < lo + offset + len(clause):
            before = text[lo:lo + offset]
            return bool(before.strip()) and any(first_match(cues, before) for _, cues in ctx.pack.constraints)
    return False


def tagged_mentions(ctx: MessageContext) -> list[Mention]:
    """The tagger's spans that no rule or NER mention covers, as mentions labelled with their
    slot type ("room_type"): a type the pack has a slot for (by name, or in its ``label_slots``:
    ``cuisine: food``) fills that slot, any other is keyed by its own name."""
    tagger = value_tagger(ctx.lang) if ctx.pack.value_tagger else None
    if tagger is None:
        return []
    out = []
    for start, end, label in tagger(ctx.text):
        text = ctx.text[start:end].strip()
        # a span the rules read as a value or id stays theirs; a name NER guessed ("King Deluxe" as
        # a person) gives way to the tagger's slot type
        if _SENTENCE_INSIDE.search(text) or _PERSON_IS.search(ctx.text[max(0, start - 24):start]) \
                or _CLOCK_WORDS.search(ctx.text[max(0, start - 16):start]):
            continue  # "sit down meal. garden" runs over a sentence's end; "whoever's free" says who is available;
            # "six" of "quarter to six" is a clock's hour, no count
        if label in ("date", "time") and holds_measure(text):
            continue  # (missen18) "fryer 3kw" is a load, no day: the measures step reads it
        if label == "date" and (_FLOOR_AFTER.match(ctx.text, end) or re.search(r"\bfloor$", text, re.I)):
            continue  # (miss23en) "the 4th floor" is a floor, no day: the access step reads it
        if text and not any(m.start < end and start < m.end for m in ctx.mentions + out if m.kind in ("value", "id")):
            # the pack's slot of that name, else the one its ``label_slots`` names for the type
            slot = label if label in ctx.pack.slots else ctx.pack.label_slots.get(label)
            out.append(Mention(start, end, label, text, f"{label}:{text.casefold()}", None, slot, "value"))
    return out


#: (prec10) a determiner before a noun, and the words that end a noun phrase after its head (prepositions,
#: conjunctions): a word after the tagger's span that is none of them makes the span a modifier of the next noun
_DETERMINER_BEFORE = re.compile(r"\b(?:a|an|the|my|our|his|her|their|your|this|that|these|those|some|any)\s+$", re.I)
_PHRASE_GOES_ON = re.compile(r"\s+(?!(?:with|for|at|in|on|to|from|of|by|and|or|but|so|because|as|if|when|than|then|too|"
                             r"daily|every|each|please|pls|now|again|though|lol)\b)[a-z]", re.I)


def _kind_in_passing(ctx: MessageContext, m: Mention, slot) -> bool:
    """(prec10) The tagger's ``category`` (a kind of event, stay or service, learned from the public
    dialogue corpora) that no slot of the pack, no role cue and no question takes, said as a bare word
    with no determiner ("football with the kids", "long story") or as the modifier of the noun after it
    ("a regular walker", "about a metre tall"): a word said in passing, no kind the user names ("she
    carries an inhaler" stays).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> _ = t.observe({"role": "user", "content": "Hello, looking for a regular walker for my spaniel Biscuit"})
    >>> [f.key for f in t.state().facts if f.key == "category"]
    []
    """
    if m.label != "category" or slot is not None or ctx.profile.segmented:
        return False
    if not re.fullmatch(r"[a-z]+(?: [a-z]+)?", m.text):
        return False
    text = ctx.text
    return not _DETERMINER_BEFORE.search(text[max(0, m.start - 8):m.start]) or bool(_PHRASE_GOES_ON.match(text, m.end))


#: (prec17) the things the tagger's booking slot types describe (it was trained on hotel, car, train, flight and
#: restaurant dialogues): a tagged word that modifies one of them names its kind ("a standard room", "the economy fare")
_BOOKED_HEAD = re.compile(r"(?:rooms?|suites?|cars?|vans?|vehicles?|seats?|tickets?|fares?|tables?|cabins?|class|"
                          r"beds?|food|cuisine|dishes|meals?|restaurants?|hotels?|flights?|trains?|buses|coach)\b", re.I)
#: (prec17) a lowercase word after the tagged one that is no noun it modifies: a verb of the tagged word as subject
#: ("the medium is enough", "standard sounds fine") or the pronoun of the thing ("the standard one")
_NOT_HEAD = re.compile(r"(?:is|are|was|were|would|will|should|could|can|does|do|did|has|have|sounds?|looks?|seems?|"
                       r"works?|one|ones)\b")
#: the tagged span: a lowercase word, the determiner before it inside the span or not ("the little", "standard")
_LOWER_WORD = re.compile(r"(?:(?:the|a|an)\s+)?[a-z]+")
#: the word after the tagged span, when it goes on the noun phrase ("the standard application")
_NEXT_WORD = re.compile(r"\s+([a-z]+)\b")


def _modifier_in_passing(ctx: MessageContext, m: Mention, slot) -> bool:
    """(prec17) The tagger's span no slot of the pack takes (keyed by its own slot type), a lowercase word
    after a determiner, said as the modifier of the noun after it when that noun is no thing the tagger's slot
    types describe ("the standard application" as car_class, "the little light next to the port" as title):
    a word said in passing, no kind the user names. "a standard room", "the medium is enough", "the standard
    one", "standard is fine" stay.

    >>> from ctxgraph import Tracker
    >>> def said(text):
    ...     t = Tracker("en")
    ...     _ = t.observe({"role": "user", "content": text})
    ...     return [f.value for f in t.state().facts if f.value == "standard"]
    >>> said("go with the standard application please"), said("a standard room for the night please")
    ([], ['standard'])
    """
    if slot is not None or ctx.profile.segmented or m.label == "category" or not _LOWER_WORD.fullmatch(m.text):
        return False  # (a kind of event has its own test, _kind_in_passing)
    text = ctx.text
    if " " not in m.text and not re.search(r"\b(?:the|a|an)\s+$", text[max(0, m.start - 4):m.start]):
        return False
    head = _NEXT_WORD.match(text, m.end)
    return head is not None and bool(_PHRASE_GOES_ON.match(text, m.end)) \
        and not _NOT_HEAD.fullmatch(head.group(1)) and not _BOOKED_HEAD.fullmatch(head.group(1))


#: (prec17) capitalised words, and a capitalised word right after them (not after a sentence's end)
_CAPITALISED = re.compile(r"[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?")
_NAME_GOES_ON = re.compile(r" [A-Z][a-z]+\b")


def _piece_of_a_name(ctx: MessageContext, m: Mention) -> bool:
    """(prec17) The tagger's span of one or two capitalised words that a further capitalised word goes on with
    ("Low Whita" of "Low Whita Farm", "Low Green" of "Low Green House"): the first words of a longer name, no
    value of their own. A whole name ("the Grand Hotel please") stays.

    >>> from types import SimpleNamespace as N
    >>> ctx = N(text="we are at Low Green House, Keld", profile=N(segmented=False))
    >>> _piece_of_a_name(ctx, N(start=10, end=19, text="Low Green"))
    True
    >>> ctx = N(text="the Grand Hotel please", profile=N(segmented=False))
    >>> _piece_of_a_name(ctx, N(start=4, end=15, text="Grand Hotel"))
    False
    """
    if ctx.profile.segmented or not _CAPITALISED.fullmatch(m.text):
        return False
    return bool(_NAME_GOES_ON.match(ctx.text, m.end))


#: (lead21b) a person said to be something ("one of us is", "my wife's", "I'm", "he is"), right before a word
_PERSON_IS = re.compile(r"\b(?:(?:one|two|three|some|all|both|each|most|none) of (?:us|them)|i|he|she|we|they|my \w+|our \w+|"
                        r"who(?:ever)?|someone|somebody|anyone|anybody|everyone)"
                        r"(?:\s+(?:is|are|am|was|were)|'s|'m|'re)\s+(?:also\s+|a\s+|an\s+)?$", re.I)


def _said_of_a_person(ctx: MessageContext, m) -> bool:
    """(lead21b) An English word in lower case the tagger took for a value, said of a person ("One of us is vegan" as
    a place, "whoever's free" as an amount): what the person is, no value of the user's.

    >>> from types import SimpleNamespace as N
    >>> _said_of_a_person(N(text="One of us is vegan", lang="en"), N(start=13, text="vegan", label="place"))
    True
    >>> _said_of_a_person(N(text="whoever's free thursday", lang="en"), N(start=10, text="free", label="money"))
    True
    >>> _said_of_a_person(N(text="we are in Leeds", lang="en"), N(start=10, text="Leeds", label="place"))
    False
    """
    return ctx.lang == "en" and m.text.islower() and " " not in m.text \
        and bool(_PERSON_IS.search(ctx.text, 0, m.start))


#: (user29) a count said of some of the party, then what they are or have ("two of us are vegetarian", "two of us
#: are 12", "one of us has a wheelchair"); a verb of coming along still counts the party ("four of us are coming")
_PART_OF_THE_PARTY = re.compile(r"\s+of us\s+(?:(?:is|are|was|were|will be)\s+(?!(?:coming|going|travell?ing|flying|joining|"
                                r"attending|staying|driving|booking|here)\b)|(?:has|have|had|needs?|eats?|gets?|can|cannot|can't|"
                                r"don't|doesn't|won't|would|uses?)\b)", re.I)


def _part_of_the_party(ctx: MessageContext, m: Mention) -> bool:
    """(user29) A count said of some of the party ("two of us are 12", "one of us has a wheelchair"): what those
    people are, no new count of the people (it never replaces the party's size said before).

    >>> from types import SimpleNamespace as N
    >>> text = "is 8pm ok for kids? two of us are 12"
    >>> _part_of_the_party(N(text=text, lang="en"), N(end=text.index(" of us")))
    True
    >>> text = "actually four of us are coming"
    >>> _part_of_the_party(N(text=text, lang="en"), N(end=text.index(" of us")))
    False
    """
    return ctx.lang == "en" and bool(_PART_OF_THE_PARTY.match(ctx.text, m.end))


#: (user28) the nouns after a people's adjective that make it a language, not a food ("Spanish tutoring", "French lessons")
_LANGUAGE_HEAD = re.compile(r"\s+(?:tutoring|tutors?|lessons?|class(?:es)?|courses?|teachers?|speakers?|translat(?:ion|ions|or|ors)|"
                            r"interpret(?:er|ers|ing)|subtitles|dubbing|keyboard|exam)\b", re.I)


def _a_language(ctx: MessageContext, m: Mention) -> bool:
    """(user28) The tagger's cuisine said before a noun of learning or translating ("the Spanish tutoring plan",
    "French lessons"): the language the user learns or needs, no food.

    >>> from types import SimpleNamespace as N
    >>> text = "I'm on the Spanish tutoring plan"
    >>> _a_language(N(text=text), N(label="cuisine", end=text.index(" tutoring"))), _a_language(N(text="Spanish food"), N(label="cuisine", end=7))
    (True, False)
    """
    return m.label == "cuisine" and bool(_LANGUAGE_HEAD.match(ctx.text, m.end))


#: (lead26) a number in a count: digits, a number word, or a Chinese numeral; (fix31) the teens by name ("canteen" is none)
_A_NUMBER = re.compile(r"\d|[一二两三四五六七八九十百千万几]|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
                       r"(?:thir|four|fif|six|seven|eigh|nine)teen|twenty|thirty|forty|fifty|hundred|dozen|couple|few|several|a pair|both|single|double)\b", re.I)


def _count_without_number(m: Mention) -> bool:
    """(lead26) A span the value tagger calls a count with no number in it ("one of the group is vegan": ``vegan``) is
    no count.

    >>> from ctxgraph.extract.context import Mention
    >>> _count_without_number(Mention(0, 5, "count", "vegan", "vegan")), _count_without_number(Mention(0, 5, "count", "a dozen", "a dozen"))
    (True, False)
    >>> _count_without_number(Mention(0, 7, "count", "canteen", "canteen")), _count_without_number(Mention(0, 9, "count", "fifteen", "fifteen"))
    (True, False)
    """
    return m.label == "count" and not _A_NUMBER.search(m.text)


def _tagged_facts(ctx: MessageContext, taken: list[str], filled: set[str], questions: list[str]) -> list[_Unit]:
    units: list[_Unit] = []
    for m in tagged_mentions(ctx):
        if _skip(ctx, m, taken) or _ruled_out(ctx, clause_at(ctx.text, m.start), _day_at(m)) or ruled_out(ctx.text, m.start) \
                or reason_or_condition(ctx, m.start) or _after_rule(ctx, m.start) or day_said_unfit(ctx, m):
            continue  # ... or a condition's or a rule's reason ("if that's free of charge", "no X, the Y is Z"), or (user31)
            # a day said not to suit ("tuesday's not ok for us")
        if ctx.lang == "en" and m.text.casefold() in ctx.assistant_before.casefold() and asks(clause_at(ctx.text, m.start), "en"):
            continue  # (fix12) "what's the difference between the standard and thermal ones": the assistant's own words,
            # asked about with no '?' ("are there museums in the town centre" searches: its values stay)
        slot = ctx.pack.slots.get(m.slot) if m.slot else None
        # a role cue beside the span, or the assistant's question, names its role as for an entity
        # ("return it on the 26th": check-out; "What is your destination?" - "Bishops Stortford")
        as_entity = replace(m, label=_TAGGER_LABELS[m.label]) if m.label in _TAGGER_LABELS else None
        cued = (cue_role(ctx, as_entity) or _asked_role(ctx, as_entity, questions)) if as_entity else None
        if cued and cued in ctx.pack.slots and (slot is None or not slot.scoped):
            slot = ctx.pack.slots[cued]
        if _kind_in_passing(ctx, m, slot) or _modifier_in_passing(ctx, m, slot) or _piece_of_a_name(ctx, m) \
                or _said_of_a_person(ctx, m) or _part_of_the_party(ctx, m) or _count_without_number(m) or _named_kin(ctx, m):
            continue
        if _TAGGER_LABELS.get(m.label) == "DATE" and _wished_ordinal(ctx, m):
            continue  # (user37) "happy 60th mom": a birthday wished, no day
        if _a_make(ctx, m):  # (user25) "it's a Trek Domane", "a Kia Niro": a make and model, no one's name
            slot = ctx.pack.slots.get("product")
        key, name, group = ctx.pack.scoped(slot, ctx.domain_at(m.start, slot)) if slot else (m.label, m.label.replace("_", " "), None)
        if _a_language(ctx, m):
            slot, key, name, group = None, "language", "language", None
        if key not in filled:
            filled.add(key)
            units.append(FactUnit(key=key, name=name, value=m.text, slot=slot.id if slot else None, group=group,
                                  correction=ctx.correcting, stressed=ctx.stressed))
    return units


#: (lead24) a ceiling said right after an amount: "£400 max", "£400 tops", "£400 at most"
_CEILING_AFTER = re.compile(r"\s*(?:max(?:imum)?|tops|at most|at the most)\b", re.I)


#: (fix28a) what may stand before a ceiling the user sets in its sentence: fillers, or the user's own going or paying
#: ("ok £500 max then", "fine, £450 tops", "I'd go £450 max"); not a story or another's figure ("last time I paid £350 max",
#: "they quoted £450 max")
_CEILING_LEAD = re.compile(r"(?:\W*(?:ok(?:ay)?|yeah|yes|yep|fine|sure|alright|right|so|well|then|and|hmm+|um+|go|say|let'?s say"
                           r"|make it|(?:i|we)(?:'d|'ll| would| will| can| could)? (?:go|do|pay|spend|stretch)(?: to)?)\b)*\W*", re.I)
#: where a sentence ends, for the words before a ceiling
_SENTENCE_START = re.compile(r"[.!?;\n]\s")


def moved_amount(ctx: MessageContext, filled: set[str]) -> list[_Unit]:
    """A bare number right after words that move an amount ("budget is max £100" ... "ok go up to
    110 then") is the user's latest amount moved there, in its currency: it supersedes it. Only
    the user's own amount, about no subject, and a number within half to twice of it (a count
    is no budget).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "user", "content": "My budget is £400 for the flight."},
    ...                 {"role": "assistant", "content": "The cheapest fare is £455."},
    ...                 {"role": "user", "content": "fine, go up to 460 then"}])
    >>> [(f.key, f.value) for f in t.state().facts if f.status == "current"]
    [('budget', '£460')]
    >>> _ = t.observe({"role": "user", "content": "ok £500 max then"})  # (lead24) a ceiling with its currency
    >>> [(f.key, f.value) for f in t.state().facts if f.status == "current"]
    [('budget', '£500')]
    >>> _ = t.observe({"role": "user", "content": "last time I paid £600 max"})  # (fix28a) a story moves nothing
    >>> [(f.key, f.value) for f in t.state().facts if f.status == "current"]
    [('budget', '£500')]
    """
    from .._normalize import parse_number

    rules = getattr(ctx.pack, "amount_changes", ())
    if not rules:
        return []
    G = ctx.graph
    old = next((d for _, d in g.recent_current_facts(G, 30) if isinstance(d.get("normalized"), dict)
                and d["normalized"].get("amount") and d.get("subject") is None
                and G.nodes.get(f"t{d['turn']}", {}).get("role") == "user"), None)
    if old is None or old["key"] in filled:
        return []
    for m in ctx.mentions:
        if m.label == "MONEY" and isinstance(m.value, dict) and m.value.get("amount") and _CEILING_AFTER.match(ctx.text, m.end) \
                and _CEILING_LEAD.fullmatch(_SENTENCE_START.split(ctx.text[:m.start])[-1]) and not ctx.asking(m.start) and not in_spans(m.start, ctx.taken_back) \
                and 0.5 <= m.value["amount"] / old["normalized"]["amount"] <= 2:
            # (lead24) "£400 max then" after "budget about £300": the ceiling said with its currency is the budget moved
            return [FactUnit(key=old["key"], name=old["name"], value=m.text, slot=None if old.get("phrase") else old.get("slot"),
                             group=old.get("group"), normalized=m.value, correction=True, stressed=ctx.stressed)]
        if m.label not in ("NUMBER", "CARDINAL") or ctx.asking(m.start) or in_spans(m.start, ctx.taken_back) \
                or not first_match(rules, ctx.text[max(0, m.start - CUE_WINDOW):m.start]):
            continue
        amount = parse_number(m.text)
        if amount is None or not 0.5 <= amount / old["normalized"]["amount"] <= 2:
            continue
        sign = re.match(r"[^\d\s.,]+(?=\d)", old["value"])  # the "£" of "£100"
        return [FactUnit(key=old["key"], name=old["name"], value=(sign.group(0) if sign else "") + m.text,
                         slot=None if old.get("phrase") else old.get("slot"), group=old.get("group"),
                         normalized={**old["normalized"], "amount": amount}, correction=True, stressed=ctx.stressed)]
    return []


def _rekey(ctx: MessageContext) -> None:
    """A fact the facts step keyed by its value's type alone ("oct 30" -> date) takes the role
    a cue beside the value names ("out oct 30" -> check-out): the unit is replaced in place."""
    generic = set(ctx.pack.type_roles.values()) | {r[0] for r in ctx.pack.roles if r[5] is not None}
    for n, u in enumerate(ctx.units):
        if not isinstance(u, FactUnit) or u.offered or u.slot not in generic or u.key != u.slot:
            continue  # only a value keyed by its type ("date"), never a domain pack's slot
        m = next((m for m in ctx.mentions if m.text == u.value and m.slot == u.slot), None)
        slot = cue_role(ctx, m) if m is not None else None
        if slot and slot != u.slot and not any(isinstance(o, FactUnit) and o.slot == slot for o in ctx.units):
            key, name, group = ctx.pack.scoped(ctx.pack.slots[slot], ctx.domain_at(m.start, ctx.pack.slots[slot]))
            ctx.units[n] = u.model_copy(update=dict(key=key, name=name, slot=slot, group=group))


def _counted_things(ctx: MessageContext, picked: dict[str, list[Mention]], taken: list[str]) -> list[tuple[int, int, str]]:
    """(start, end, noun) of the things the user counts ("有一台冰箱一台洗衣机", "两把餐椅"): the count
    with a measure word and the noun after it (the language profile's ``counted_noun``), unless the count
    plays a role itself ("两个大人": people) or the clause asks, declines or states a rule."""
    counted = ctx.profile.extra.get("counted_noun")
    if counted is None:
        return []
    bound = {id(m) for ms in picked.values() for m in ms}
    doc, out = None, []
    for m in ctx.mentions:
        # (miss23zh) a rule in another space-parted piece ("主卧一定要测 那就4个点位") rules out no count said in its own
        if m.label != "QUANTITY" or id(m) in bound or ctx.asking(m.start) or _ruled_out(ctx, clause_at(ctx.text, m.start), m.start) \
                or _QUESTION_DETAIL.search(ctx.text, 0, m.start) or _EARLIER.search(ctx.text, max(0, m.start - 12), m.start):
            continue
        doc = doc if doc is not None else ctx.profile.doc(ctx.text)
        span = counted(doc, m.text, m.end)
        if span and span[1] - span[0] == 1 and _ONE_THING_ANSWER.fullmatch(ctx.text[:m.start] + ctx.text[span[1]:]):
            continue  # (miss27zh) "有没有宠物一起来？" - "一只狗": the whole reply answers the question (its binder's)
        if _OTHERS_HAVE.search(ctx.text, max(0, m.start - 8), m.start):
            continue  # (fix29) "邻居家有一条狗 很吵", "隔壁养了两只猫": the things another household has, not the user's
        if span and (_NONE_BEFORE.search(ctx.text, max(0, m.start - 3), m.start) or _NONE_AFTER.match(ctx.text, span[1])):
            continue  # (fix29) "我们没有一只猫", "一台冰箱都没有": a count said to be none
        noun = ctx.text[span[0]:span[1]] if span else ""
        if noun and noun.casefold() not in taken and not any(x.start < span[1] and span[0] < x.end and not _no_person_in_count(m, x)
                                                             for x in ctx.mentions):
            out.append((m.start, span[1], noun))
    return out


#: (prec29) right after "一个人": a verb of living, with a place between ("一个人住", "一个人在老家生活", "一个人过")
_LIVES_ALONE_AFTER = re.compile(r"(?:在[\u4e00-\u9fff]{1,6})?(?:住|生活|过日子|过)")


def _lives_alone(text: str, count: Mention) -> bool:
    """(prec29) "一个人" right before a verb of living says how someone lives ("她一个人住 79了", "他一个人住 七十三了",
    "她一个人住会闷"): no party's headcount. "就我一个人去" stays a count.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> _ = t.observe({"role": "user", "content": "想给我爸请个保姆 他一个人在老家住 腿脚不好"})
    >>> [f.value for f in t.state().facts if f.key == "people"]
    []
    >>> t = Tracker("zh")
    >>> _ = t.observe({"role": "user", "content": "就我一个人去，周六上午"})
    >>> [f.value for f in t.state().facts if f.key == "people"]
    ['一个人']
    """
    return count.text == "一个人" and _LIVES_ALONE_AFTER.match(text, count.end) is not None


#: (fix29) right before a count, another household that has or keeps the things ("邻居家有", "隔壁养了", "他们家也有"): the
#: count is of their things, not the user's
#: (fix29) a count said to be none: "没有" / "没" / "无" right before it, "都没有" / "也没" right after its noun
_NONE_BEFORE = re.compile(r"(?:没有?|无)$")
_NONE_AFTER = re.compile(r"\s*(?:都|也)(?:没|不)")
_OTHERS_HAVE = re.compile(r"(?:邻居|隔壁|楼上|楼下|对门|他们|她们|别人|人家|朋友|同事|亲戚)(?:家)?(?:里)?(?:也|还)?(?:有|养了?|养着|养的)$")


#: (miss27zh) what may stand beside a one-character thing's count in a reply that is only that count: particles, stops
_ONE_THING_ANSWER = re.compile(r"[\s，。！？,.!?~～]*(?:就|只有|有)?[\s，。！？,.!?~～]*(?:吧|啊|呀|啦|哈|哦)?[\s，。！？,.!?~～]*")


def _no_person_in_count(count: Mention, other: Mention) -> bool:
    """(lead23) A name the NER read in the noun a measure word of things counts ("两份宫保鸡丁": jieba tags 宫保鸡 a
    person's name) is no person: 份, 杯, 盒 ... count no people (个, 位, 名 may)."""
    return other.label == "PERSON" and re.search(r"[个位名口人]$", count.text) is None


#: (counts19) right before a count: the question the user just asked, the count its detail ("车里能放东西吗 就两个箱子":
#: only what the question asks about, no thing the user has; "能送吗？我要订两个水果篮" states one)
_QUESTION_DETAIL = re.compile(r"(?:吗|么|[？?])[\s，,]*(?:就|只|只有|就是|也就)$")
#: (counts19) a time before now said just before a count ("上回在你们店买过两个台灯"): what the user had, no count wanted
_EARLIER = re.compile(r"(?:上次|上回|去年|前年|上个?月|上周|以前|那次|那回|当时)[^\s，。！？,.!?；;]*$")


#: (counts18) a counted noun that names people ("6个女生", "两位老师", "十个学生"): the count is the people's
_PEOPLE_NOUN = re.compile(r"(?:[男女学]生|同学|员工|同事|客人|嘉宾|游客|老师|选手|队员|成员|小朋友|人)$")
#: (counts18) a count right after 有 at a clause's start ("有两个干粉的出厂是2016年的"): a part of what was counted
_PART_OF = re.compile(r"(?:^|[，。！？,.!?;；\s])(?:其中|里面|里头)?有$")


def _counted_units(ctx: MessageContext, things: list[tuple[int, int, str]], filled: set[str]) -> list[FactUnit]:
    """(counts18) One fact per thing counted, keyed ``count_<noun>``, its value the count as said ("八把椅子"): a
    later count of the same thing ("十把椅子"; "椅子改成十把" by the changes step) takes the key and supersedes it
    through ``apply``, and a count of another thing ("两张桌子") stays beside it; the last count of a noun in a
    message wins ("三百个糖盒，不对，三百五十个糖盒"). People counted by what they are ("6个女生") are the
    people's count; "有两个X" after X was counted is a part of them, no new count.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> _ = t.observe({"role": "user", "content": "想订八把椅子和两张桌子"})
    >>> _ = t.observe({"role": "user", "content": "不好意思，改成十把椅子"})
    >>> [(f.key, f.value, f.status) for f in t.state().facts if f.key.startswith("count_")]
    [('count_椅子', '八把椅子', 'superseded'), ('count_桌子', '两张桌子', 'current'), ('count_椅子', '十把椅子', 'current')]
    """
    if "things" not in ctx.pack.slots:
        return []
    held = {str(d.get("key")) for _, d in g.recent_current_facts(ctx.graph, 30)}
    last: dict[str, tuple[int, int, str]] = {}
    for start, end, noun in things:
        people = _PEOPLE_NOUN.search(noun) is not None and "people" in ctx.pack.slots
        key = "people" if people else f"count_{noun}"
        if key in filled or (key in held and _PART_OF.search(ctx.text, 0, start)):
            continue
        last[key] = (start, end, noun)
    out = []
    for key, (start, end, noun) in last.items():
        slot = ctx.pack.slots["people" if key == "people" else "things"]
        scoped, name, group = ctx.pack.scoped(slot, ctx.domain_at(start))
        out.append(FactUnit(key=scoped if key == "people" else key, name=name if key == "people" else noun,
                            value=ctx.text[start:end], slot=slot.id, group=group, correction=ctx.correcting,
                            stressed=ctx.stressed))
        filled.add(key)
    return out


def _not_repeated(ctx: MessageContext, ms: list[Mention]) -> list[Mention]:
    """(span7) The mentions of one role without a later day that repeats an earlier day said with
    its part of the day: "周五晚上也行，我周五不加班" keeps 周五晚上 whole. Clocks are not dropped:
    "10点半，不，10点" changes the clock."""
    kept = []
    for n, m in enumerate(ms):
        low = m.text.casefold()
        if m.label in ("DATE", "DAY") and any(
                o.label == m.label and o.text.casefold().startswith(low) and low != o.text.casefold()
                and not first_match(ctx.pack.corrections, ctx.text[o.end:m.start]) for o in ms[:n]):
            continue
        kept.append(m)
    return kept or ms


def _first_choice(ctx: MessageContext, ms: list[Mention]) -> list[Mention]:
    """(user26zh) The mentions of one role without those said as a fallback after an earlier one ("这周四上午吧
    如果没有周五也行" wants Thursday morning: Friday only if that is full).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "assistant", "content": "请问挂哪天的？"}, {"role": "user", "content": "周四上午吧，周五也行"}])
    >>> [(f.key, f.value) for f in t.state().facts if f.status == "current"]
    [('date', '周四上午')]
    """
    kept = [m for n, m in enumerate(ms) if not (n and fallback_value(ctx.text, m.end))]
    return kept or ms


#: (user26zh) what joins two people of one role: "乘车人张伟和刘芳", "passengers John Smith and Mary Jones"
_JOINED = re.compile(r"\s*(?:和|跟|与|及|、|,|，|and|&)\s*", re.I)


def _joined_role(ctx: MessageContext, m: Mention, picked: dict[str, list[Mention]]) -> str | None:
    """(user26zh) The role of the person ``m`` is joined to by "和" / "and" when that one's role was cued and ``m``
    has no cue of its own: "乘车人张伟和刘芳" has two travellers, not one.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "user", "content": "买两张去西安的高铁票 乘车人张伟和刘芳"}])
    >>> [f.value for f in t.state().facts if f.key == "traveller"]
    ['张伟, 刘芳']
    """
    if m.label != "PERSON" or cue_role(ctx, m):
        return None
    for slot, ms in picked.items():
        prev = ms[-1]
        if prev.label == m.label and _JOINED.fullmatch(ctx.text[prev.end:m.start]) and cue_role(ctx, prev) == slot:
            return slot
    return None


#: (lead26) right before a day: handing a thing over ("drop it off", "dropping the bike off on") or taking it back ("pick up")
_DROP_OFF = re.compile(r"\bdrop(?:ping)?[- ]?(?:(?:it|them|the \w+|my \w+) )?off(?: on)?\s*$", re.I)
_PICK_UP = re.compile(r"\bpick(?:ing)?[- ]?(?:(?:it|them|the \w+|my \w+) )?up(?: on)?\s*$", re.I)


def _handover_order(ctx: MessageContext, units: list[_Unit]) -> None:
    """(lead26) A thing dropped off on one day and picked up on a later one, said in that order, is left with the
    business (a repair, a groom, storage): the drop-off day starts, the pick-up day ends. The pack's cues read a
    hire's order ("pick up the van Friday, drop it off Sunday"); said the other way round, the two days swap, in the
    units of this step (``units``) and of the steps before it.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> _ = t.observe({"role": "user", "content": "just the truing. i can drop it off saturday and pick up monday"})
    >>> sorted((f.key, f.value) for f in t.state().facts if f.status == "current")
    [('checkin', 'saturday'), ('checkout', 'monday')]
    >>> t = Tracker("en")
    >>> _ = t.observe({"role": "user", "content": "I'll pick it up Friday and drop it off Sunday"})
    >>> sorted((f.key, f.value) for f in t.state().facts if f.status == "current")
    [('checkin', 'Friday'), ('checkout', 'Sunday')]
    """
    if ctx.lang != "en":
        return
    days = [(n, u, ctx.text.find(u.value)) for n, u in enumerate(units + ctx.units)
            if isinstance(u, FactUnit) and not u.offered and u.key in ("checkin", "checkout")]
    start = [(n, u, at) for n, u, at in days if u.key == "checkin" and at >= 0]
    end = [(n, u, at) for n, u, at in days if u.key == "checkout" and at >= 0]
    if len(start) != 1 or len(end) != 1:
        return
    (n_up, up, at_up), (n_off, off, at_off) = start[0], end[0]
    if at_off < at_up and _DROP_OFF.search(ctx.text[max(0, at_off - 30):at_off]) \
            and _PICK_UP.search(ctx.text[max(0, at_up - 30):at_up]):
        for n, u, value in ((n_up, up, off), (n_off, off, up)):
            swapped = u.model_copy(update=dict(value=value.value, normalized=value.normalized))
            if n < len(units):
                units[n] = swapped
            else:
                ctx.units[n - len(units)] = swapped


#: (lead26) a relation said right before a name ("his brother Nikos", "my wife, Andrea")
_KIN_BEFORE = re.compile(_EN_POSSESSED.pattern + r",?\s+$", re.I)


def _named_kin(ctx: MessageContext, m: Mention) -> bool:
    """(lead26) A place or an organisation the NER (or the value tagger) found right after a relation word is the
    relation's name ("his brother Nikos": a person, kept by the kin steps), no place of the user's.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> _ = t.observe({"role": "user", "content": "my friend Dimitri can't come, his brother Nikos will go instead"})
    >>> sorted(f.key for f in t.state().facts if f.status == "current" and "Nikos" in f.value and f.key != "problem")
    ['person_brother']
    """
    return ctx.lang == "en" and m.label in ("GPE", "LOC", "FAC", "ORG", "NORP", "place") \
        and bool(_KIN_BEFORE.search(ctx.text, max(0, m.start - 40), m.start))


#: what may stand before a place said as one: a preposition's tag, or a verb of going or being somewhere
_BEFORE_A_PLACE = re.compile(r"(?:到|去|回|来|往|飞|住|在|从|离|至|于|经|过|逛|游|玩|出发|抵达|前往)$")


#: (prec11) the rest of an organisation's name right after a place word: a few characters, no break, and the
#: legal form at its end ("麦田小熊食品有限公司", "青禾数字科技有限公司"; a bare 公司 is said of any company: "我在杭州见客户公司")
_ORG_NAME = re.compile(r"[\u4e00-\u9fffA-Za-z0-9]{0,12}?(?:有限公司|有限责任公司|股份公司|集团)")


def _adverbial_place(ctx: MessageContext, m: Mention) -> bool:
    """(prec9) A Chinese word jieba tags as a place, with a verb or an adjective right after it and no
    preposition or verb of going before it, says how a thing is done, not where ("约上门喂猫", "约个深度保洁",
    "能延时到六点", "是德国小蠊"); "从北京出发", "在杭州出差", "到你们南京西路店" are places.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> _ = t.observe({"role": "user", "content": "你好，想给我奶奶约上门助浴，她82岁"})
    >>> [f.key for f in t.state().facts if f.key == "place"]
    []
    """
    if ctx.lang != "zh" or m.label != "PLACE":
        return False
    from .._nlp import chinese_doc  # the Doc the entities step read (kept per process): no second segmentation

    before, after = None, None
    for token in chinese_doc(ctx.text):
        if token.idx + len(token.text) <= m.start:
            before = (token.text, token.tag_)
        elif token.idx >= m.end:
            after = (token.text, token.tag_)
            break
    if after is None or not (after[1].startswith("v") or after[1] == "a"):
        return False
    if _leg_to_place(ctx, m, after[0]):
        return False  # (user26zh) "订一张北京到上海的机票": a trip's first place, not a manner
    return before is None or not (before[1] == "p" or _BEFORE_A_PLACE.search(before[0]))


#: (user26zh) the verbs that join a trip's two places: "北京到上海", "杭州飞成都", "广州至深圳"
_LEG_VERBS = frozenset({"到", "至", "飞", "去", "飞往", "开往", "直飞"})


def _leg_to_place(ctx: MessageContext, m: Mention, verb: str) -> bool:
    """(user26zh) Whether ``m`` is followed by a verb of a trip and another place right after it ("北京到上海"):
    the place the trip leaves from, whatever stands before it ("订一张北京到上海的机票", "12月10号北京到上海的航班")."""
    if verb not in _LEG_VERBS or not ctx.text.startswith(verb, m.end):
        return False
    after = m.end + len(verb)
    return any(o.start == after and o.label == "PLACE" for o in ctx.mentions)


#: (lead23) what joins two days said as one choice: nothing, 和, 、, "and", "&", "/" ("周一周三晚上", "mon and wed")
_DAYS_JOIN = re.compile(r"\s*(?:和|跟|与|、|/|&|\band\b|\+)?\s*", re.I)


def _joined_days(ctx: MessageContext, ms: list[Mention]) -> list[Mention]:
    """(lead23) The mentions of one role with days said together as one choice made one ("周一周三晚上": Monday and
    Wednesday evenings, not Wednesday alone; "mondays and wednesdays"); days apart ("周四吧，周五也行") stay apart.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "assistant", "content": "您一般什么时间方便？"}, {"role": "user", "content": "周一周三晚上"}])
    >>> [(f.key, f.value) for f in t.state().facts if f.status == "current"]
    [('date', '周一周三晚上')]
    """
    out: list[Mention] = []
    for m in ms:
        prev = out[-1] if out else None
        if prev is not None and prev.label in ("DATE", "DAY") and m.label == prev.label and m.start >= prev.end \
                and _DAYS_JOIN.fullmatch(ctx.text, prev.end, m.start) and weekday_of(prev.text) is not None \
                and weekday_of(m.text) is not None:
            out[-1] = replace(prev, end=m.end, text=ctx.text[prev.start:m.end], value=None)
        else:
            out.append(m)
    return out


#: (lead23) what may stand between a day and the clock said with it: "saturday 9am", "sunday at 6pm", "3 May, 10am"
_DAY_CLOCK_GAP = re.compile(r"\s*,?\s*(?:at\s+|by\s+)?")


def _clocks_with_their_days(ctx: MessageContext, picked: dict[str, list[Mention]]) -> None:
    """(lead23) Two clocks said each right after a day of its own role ("a van from saturday 9am till sunday 6pm",
    "pick up 3 May 10am, drop off 5 May 4pm"): each clock goes into its day's fact (one an earlier step made, or one
    picked here), so "9am" is not lost to one ``time`` slot where the last clock wins. One clock, or clocks not said
    with such days, stay as they were.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en", today="2026-12-04")
    >>> _ = t.observe({"role": "user", "content": "need a van from saturday 9am till sunday 6pm"})
    >>> sorted((f.key, f.value) for f in t.state().facts if f.key in ("checkin", "checkout", "time"))
    [('checkin', 'saturday 9am'), ('checkout', 'sunday 6pm')]
    """
    clocks = picked.get("time", [])
    if len(clocks) < 2:
        return
    dated = [m for m in ctx.mentions if m.label in ("DATE", "DAY")]
    days: list[tuple[Mention, str | int]] = [(ms[0], slot) for slot, ms in picked.items() if len(ms) == 1 and ms[0] in dated]
    days += [(m, n) for n, u in enumerate(ctx.units) if isinstance(u, FactUnit) and u.key != "time"
             for m in dated if u.value == m.text]
    joined = [(day, where, clock) for day, where in days for clock in clocks
              if clock.start > day.end and _DAY_CLOCK_GAP.fullmatch(ctx.text, day.end, clock.start)]
    keys = [ctx.units[w].key if isinstance(w, int) else w for _, w, _ in joined]
    if len(joined) < 2 or len({id(c) for _, _, c in joined}) < len(joined) or len(set(keys)) < len(keys):
        return  # two days of one key ("saturday 9am to sunday 6pm" as two days): no role tells them apart
    for day, where, clock in joined:
        value = ctx.text[day.start:clock.end]
        if isinstance(where, int):
            ctx.units[where] = ctx.units[where].model_copy(update=dict(value=value, normalized=None))
        else:
            picked[where] = [replace(day, end=clock.end, text=value, value=None)]
    picked["time"] = [c for c in clocks if all(c is not j for _, _, j in joined)]
    if not picked["time"]:
        del picked["time"]


@step("roles", roles=("user",))
def roles(ctx: MessageContext) -> list[_Unit]:
    """Facts of the user's values that no earlier step made, keyed by their role."""
    pack, G = ctx.pack, ctx.graph
    if not pack.roles and not pack.type_roles:
        return []
    _rekey(ctx)
    facts = ctx.units_of(FactUnit)
    filled = {u.key for u in facts}
    # what this message or the state already holds, and the assistant's open options
    current = [str(G.nodes[f]["value"]).casefold() for f in G.graph["current_fact"].values()]
    taken = [u.value.casefold() for u in facts] + current + [
        str(d["value"]).casefold() for _, d in _offers(ctx)]
    earlier = frozenset(taken[len(facts):]) - {u.value.casefold() for u in facts}  # held before this message
    questions = [d["text"] for _, d in g.open_items(G, "question")]
    last = G.graph.get("last_turn")
    if last and G.nodes[last]["role"] == "assistant":  # "请提供就诊人的姓名。" asks without a question mark
        questions.append(G.nodes[last]["text"][-300:])
    picked: dict[str, list[Mention]] = {}
    for m in ctx.mentions:
        # a reference point is read even when it is an offer or a fact already ("X附近的餐馆")
        reference = reference_role(ctx, m)
        if (reference is None and _skip(ctx, m, taken, earlier) and not _refines(ctx, m, current, taken)) or ctx.asking(m.start) or in_spans(m.start, ctx.taken_back) \
                or _ruled_out(ctx, _stated_part(ctx, m), _day_at(m)) or ruled_out(ctx.text, m.start) or day_said_unfit(ctx, m):
            continue  # (user31) "Monday won't work": a day said not to suit is no value
        if ctx.lang == "en" and m.text.casefold() in ctx.assistant_before.casefold() and asks(clause_at(ctx.text, m.start), "en"):
            continue  # (fix12) "what's the difference between the standard and thermal ones": the assistant's own words,
            # asked about with no '?' ("are there museums in the town centre" searches: its values stay)
        if _part_of_the_party(ctx, m):
            continue  # (user29) "two of us are 12": some of the party, no count of it
        if ctx.lang == "zh" and _lives_alone(ctx.text, m):
            continue  # (prec29) "她一个人住", "他一个人在老家生活": how a person lives, no headcount
        if _named_kin(ctx, m):
            continue  # (lead26) "his brother Nikos will go instead": a person the NER took for a place
        if _adverbial_place(ctx, m):
            continue  # "想约上门喂猫", "约个深度保洁", "能延时到六点": a word jieba knows as a place, said as a manner
        if _ORG_NAME.match(ctx.text, m.end) and m.label == "PLACE":
            continue  # (prec11) "杭州麦田小熊食品有限公司": the place opens an organisation's name, no place of the user's
        if (m.label == "DATE" and (_STORY_TIME.fullmatch(m.text.strip()) or _wished_ordinal(ctx, m))) or appositive_day(ctx, m):
            continue  # "I came to the open day last Saturday": when a story happened, no day wanted;
            # "his birthday is the 19th, a thursday": the weekday of the date said, no second value
        if m.label in ("TIME", "DATE") and greeting_part(ctx.text, m.start):
            continue  # (prec16) "Good afternoon. We're a 12-person company": the greeting's day part, no time wanted
        slot = reference or _joined_role(ctx, m, picked) or role_of(ctx, m, questions)
        if slot is not None:
            picked.setdefault(slot, []).append(m)
    _clocks_with_their_days(ctx, picked)
    units: list[_Unit] = []
    units += _counted_units(ctx, _counted_things(ctx, picked, taken), filled)
    for slot_id, ms in picked.items():
        slot = pack.slots[slot_id]
        # a reference point belongs to the thing sought after it, not to its own name's domain
        at = ms[0].end if slot_id in pack.reference_roles else ms[0].start
        key, name, group = pack.scoped(slot, ctx.domain_at(at, slot))
        if key in filled:
            continue
        if slot_id == "age" and ctx.role == "user" and (each := ages_by_party(ctx, ms)):
            for party, m in each:  # (user32zh) "我爸 62岁 我妈 58岁": each person's age, not the last one said
                units.append(FactUnit(key=f"{key}_{party}", name=f"{name}（{party}）", value=m.text, slot=slot.id, group=group,
                                      terse=slot.terse, correction=ctx.correcting, stressed=ctx.stressed))
            filled.add(key)
            continue
        if all(pack.is_thing(m.label) for m in ms):  # people travelling together, two places: all of them
            value, normalized = ", ".join(dict.fromkeys(_LEAD.sub("", w) for w in whole_places(ctx, ms))), None
        else:  # one value per role: the last one said ("10点，不，10点半"), not a fallback ("周四吧，周五也行")
            ms = _first_choice(ctx, _not_repeated(ctx, _joined_days(ctx, ms)))
            whole = whole_place(ctx, ms[-1])
            value, normalized = _LEAD.sub("", whole), ms[-1].value if whole == ms[-1].text else None
        if slot_id == "age" and ctx.role == "user" and (other := another_age(ctx, ms[-1].start)):
            key, name = f"{key}_{other}", f"{name}（{other}）"  # (miss25zh) another person's age beside the held one
        units.append(FactUnit(key=key, name=name, value=value, slot=slot.id, group=group, terse=slot.terse,
                              normalized=normalized, correction=ctx.correcting, stressed=ctx.stressed))
        filled.add(key)
    moved = moved_amount(ctx, filled)
    filled |= {u.key for u in moved}
    units += moved
    taken += [u.value.casefold() for u in units]  # a value bound here is not the tagger's again
    _handover_order(ctx, units)
    return units + _tagged_facts(ctx, taken, filled, questions)
