"""The sums step: a sum of money the user states of a thing of theirs, keyed by what it is (issue 19, miss31en).

Users tell the service what their things are worth or cost them in passing, in a longer sentence: "The outstanding
balance is approximately £84,000 and the house was valued at £310,000 last spring", "Our goods are worth about
£45,000", "there's a grant of £5,000 from the council", "The fees keep going up, it's £1,140 this year", "I earn
about 48k", "yes the £7,500 grant if it applies". The sum decides what is offered (a loan, an insurance, an
eligibility), yet no rule kept it: the money rules key a sum by a price or a budget slot the sentence does not name,
so the sum stood only among the message's entities. Here it is kept as said (with its period: "£950 a month"), keyed
by the word that says what it is:

- ``balance`` (balance, owe, outstanding), ``value`` (worth, valued, appraised, valuation), ``grant``, ``fees``
  (fees, service charge), ``income`` (earn, income, salary, wages, take-home), ``rent``, ``spent`` (spent, bought);
- the word stands before the sum in its sentence, with no other sum, no limit word and at most 40 characters between
  ("balance is approximately £84,000", "fees keep going up, it's £1,140"), or right after it ("the £7,500 grant").

A later sum of the same kind replaces it ("Rent is £725" ... "sorry, the rent is £745"). Not read: a limit ("worth
going over the 2k", "no more than £200 a month": the constraint and budget rules' values), a sum the user asks about or
takes back, one in an "if" clause before it ("if the fees are over £500 ..."), one a fact already holds (the price of a
pick, a budget), the assistant's sums, a sum of a time gone ("used to pay £40"), another person's ("my brother's rent"),
a word denied ("I don't owe anything"), "rent" as a verb ("to rent a 4k projector"), "spent" with the sum more than a few
words on, a bare "10k" after any word but an income's ("running a 10k"). Two sums of one kind in one message are kept
side by side ("fees" and "fees_2"), not one in the other's place.

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> _ = t.observe({"role": "user", "content": "We'd like to remortgage. The outstanding balance is approximately £84,000."})
>>> [(f.key, f.value) for f in t.state().facts if f.key == "balance"]
[('balance', '£84,000')]
"""

from __future__ import annotations

import re

from .. import _graph as g
from .._units import FactUnit, _Unit
from .context import MessageContext
from .kin import _EN_KIN
from .registry import step
from .text import in_spans

#: a sum of money: a currency sign and a number (thousands with commas, pence, "10k"), or a number of thousands ("48k")
_SUM = re.compile(r"[£$€]\s?\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?(?!\d|,\d)|[£$€]\s?\d+(?:\.\d{1,2})?(?:\s?k\b)?(?!\d|,\d)"
                  r"|(?<![\w£$€.,])\d{1,3}(?:\.\d)?k\b", re.I)
#: the period a sum is said for, kept with it ("£950 a month", "£1,140 this year" keeps no period: "this year" says when)
_PERIOD = re.compile(r"\s*(?:(?:a|an|per|each|every)\s+(?:month|year|week|annum|night|day)|/\s?(?:month|year|week|mo|yr)|pcm|p\.?a\.?)\b",
                     re.I)
#: the words that say what a sum is, each with its key (looked for before the sum, or right after it)
_ROLES = (
    ("balance", r"balance|owe|owing|outstanding"),
    ("value", r"worth|valued|valuation|apprais(?:ed|al)"),
    ("grant", r"grant"),
    ("fees", r"fees|service charge"),
    ("income", r"earn|earns|earning|income|salary|wages|take[- ]home"),
    ("rent", r"rent"),
    ("spent", r"spent|bought"),
)
_ROLE = re.compile(r"\b(?:" + "|".join(f"(?P<{key}>{words})" for key, words in _ROLES) + r")\b", re.I)
#: at most this many characters between the word that says what a sum is and the sum after it
MAX_GAP = 40
#: between the word and the sum: another sum, a sentence's end, or a limit (the sum is a bound, not what the thing is)
_GAP_STOP = re.compile(r"[.!?;\n]|[£$€]\s?\d|\b(?:over|under|more than|less than|up to|max(?:imum)?|no more|below|above|"
                       r"within|at most|at least|budget|limit|afford|stretch|cap|if|used to|ago|last time|instead of|not)\b", re.I)
#: right before the sum: a limit or a comparison, no statement of what the thing is
_LIMIT_BEFORE = re.compile(r"\b(?:over|under|than|to|max(?:imum)?|below|above|within|most|least|not)\s+(?:about\s+)?$", re.I)
#: a clause of a time gone or a home left ("we used to pay rent of £400", "my old flat's rent was £500", "years ago")
_GONE = re.compile(r"\bused to\b|\bago\b|\blast time\b|\b(?:my|our) (?:old|previous|former)\b", re.I)
#: what ends a clause (for the clause around a sum)
_CLAUSE_MARK = re.compile(r"[.!?;\n](?!\d)")
#: an "if" clause the sum stands in ("if the rent is £900 I'll ...")
_IF_BEFORE = re.compile(r"\b(?:if|unless|whether)\b[^.,;!?]*$", re.I)

#: another person's possessive right before the word ("My brother's rent", "his salary", "Tom's monthly rent"): the sum
#: is theirs, not the user's (the relations are kin.py's)
_OTHERS_BEFORE = re.compile(r"(?:\b(?:his|her|their)|\b(?:[A-Z][a-z]+|" + _EN_KIN + r")['’]s?)\s+(?:\w+\s+)?$")

#: a denial right before the word: "I don't owe anything", "no outstanding balance", "never earned"
_DENIED_BEFORE = re.compile(r"(?:\b(?:not|no|never|nothing)|n[’']t)\s+(?:\w+\s+)?$", re.I)
#: "rent" as a verb: after "to", a subject or a modal ("want to rent", "we rent", "could I rent") ...
_VERB_BEFORE = re.compile(r"\b(?:to|i|we|you|they|can|could|will|would|[’']d|[’']ll)\s+$", re.I)
#: ... or before its object ("rent a 4k projector", "rent out the flat")
_OBJECT_AFTER = re.compile(r"\s+(?:a|an|out|it|them|one|some|two|this|that)\b", re.I)
#: at most this many characters between "spent" and its sum ("spent about £40", not "spent ages on hold ... £40")
MAX_SPENT_GAP = 12


def stated_sums(text: str) -> list[tuple[int, str, str]]:
    """(offset, key, value) of each sum ``text`` states of a thing, keyed by the word that says what it is.

    >>> stated_sums("The outstanding balance is approximately £84,000 and the house was valued at £310,000 last spring.")
    [(41, 'balance', '£84,000'), (77, 'value', '£310,000')]
    >>> stated_sums("The fees keep going up, it's £1,140 this year"), stated_sums("I earn about 48k.")
    ([(29, 'fees', '£1,140')], [(13, 'income', '48k')])
    >>> stated_sums("yes the £7,500 grant if it applies"), stated_sums("I expect rent of £950 a month")
    ([(8, 'grant', '£7,500 grant')], [(17, 'rent', '£950 a month')])
    >>> stated_sums("Sorry, my mistake, the rent is £745, I read the old advert")
    [(31, 'rent', '£745')]
    >>> stated_sums("its worth going over the 2k"), stated_sums("I don't want to pay more than £200 a month")
    ([], [])
    >>> stated_sums("My budget is about £8,000 all in"), stated_sums("if the rent is £900 we'll take it")
    ([], [])
    >>> stated_sums("we used to pay rent of £400 in Hull"), stated_sums("it was valued at £2,300 last year")
    ([], [(17, 'value', '£2,300')])
    >>> stated_sums("My brother's rent is £1,200"), stated_sums("her salary is 40k"), stated_sums("My rent is £900")
    ([], [], [(11, 'rent', '£900')])
    """
    out = []
    for m in _SUM.finditer(text):
        key, end = _role_before(text, m.start()), m.end()
        if key and m.group(0)[0] not in "£$€" and not _bare_thousands(text, m.start(), key):
            key = None  # "our rent went up so I'm running a 10k": a race, no rent
        if key is None and (after := _role_after(text, m.end())) is not None:
            key, end = after.lastgroup, after.end()  # "the £7,500 grant": the word is part of what is said
        if key is None or _IF_BEFORE.search(text[max(0, m.start() - 60):m.start()]) or _GONE.search(_near(text, m.start())):
            continue
        period = _PERIOD.match(text, end)
        out.append((m.start(), key, text[m.start():period.end() if period else end].strip()))
    return out


def _near(text: str, at: int) -> str:
    """The clause around ``at``, read at most 100 characters back and 60 on (a window, so a long message is read once).

    >>> _near("Fine. we used to pay rent of £400 in Hull, now more. Thanks", 29)
    'we used to pay rent of £400 in Hull, now more'
    """
    before, after = text[max(0, at - 100):at], text[at:at + 60]
    start = max((m.end() for m in _CLAUSE_MARK.finditer(before)), default=0)
    end = next((m.start() for m in _CLAUSE_MARK.finditer(after)), len(after))
    return (before[start:] + after[:end]).strip()


def _role_before(text: str, at: int) -> str | None:
    """The key of the nearest word before the sum at ``at`` that says what it is, with nothing between that stops it."""
    if _LIMIT_BEFORE.search(text[max(0, at - 24):at]):
        return None
    window = text[max(0, at - MAX_GAP - 20):at]
    found = None
    for r in _ROLE.finditer(window):
        found = r
    if found is None or at - (len(text[:at]) - len(window) + found.end()) > MAX_GAP:
        return None
    if _GAP_STOP.search(window, found.end()) or _OTHERS_BEFORE.search(window[max(0, found.start() - 40):found.start()]):
        return None
    return None if _not_the_role(window, found, at - (len(text[:at]) - len(window))) else found.lastgroup


def _bare_thousands(text: str, at: int, key: str) -> bool:
    """Whether a bare "10k" at ``at`` (no currency sign) is the sum of ``key``: after an income or worth word ("I earn
    about 48k", "worth nearer 16k"), or a few words after its word; never after "a" ("running a 10k", "a 4k projector").

    >>> stated_sums("I earn about 48k"), stated_sums("it's worth nearer 16k"), stated_sums("our rent went up so I'm running a 10k")
    ([(13, 'income', '48k')], [(18, 'value', '16k')], [])
    """
    before = text[max(0, at - 16):at]
    if re.search(r"\b(?:a|an)\s+$", before, re.I):
        return False
    return key in ("income", "value") or bool(re.search(r"\b(?:" + dict(_ROLES)[key] + r")\b[^.,;!?]{0,8}$", before, re.I))


def _not_the_role(window: str, found: re.Match, at: int) -> bool:
    """Whether the word ``found`` in ``window`` says no role of the sum at ``at`` (the sum's offset in ``window``):
    the word denied ("I don't owe anything"), "rent" as a verb ("I want to rent a 4k projector"), "spent" with the
    sum more than a few words on ("I spent ages on hold, I just want the £40 refund").

    >>> stated_sums("I don't owe anything, I paid the £200 deposit"), stated_sums("I want to rent a £40 tent")
    ([], [])
    >>> stated_sums("I spent ages on hold, I just want the £40 refund"), stated_sums("I spent £40 on it")
    ([], [(8, 'spent', '£40')])
    """
    before = window[max(0, found.start() - 24):found.start()]
    if _DENIED_BEFORE.search(before):
        return True
    if found.lastgroup == "rent" and (_VERB_BEFORE.search(before) or _OBJECT_AFTER.match(window, found.end())):
        return True
    return found.group(0).casefold() == "spent" and at - found.end() > MAX_SPENT_GAP


def _role_after(text: str, end: int) -> re.Match | None:
    """The word right after the sum ending at ``end`` that says what it is ("the £7,500 grant"), its group the key."""
    return _ROLE.match(text, end + 1) if text[end:end + 1] == " " else None


def _digits(value: str) -> str:
    """The digits of a sum, to find it in other values ("£84,000" and "84000" are one sum)."""
    return re.sub(r"\D", "", value.split(" ")[0])


@step("stated_sums", roles=("user",))
def sums(ctx: MessageContext) -> list[_Unit]:
    """A fact for each sum an English user message states of a thing that no fact holds (see the module)."""
    if ctx.lang != "en" or not _SUM.search(ctx.text):
        return []
    said = [_digits(str(u.value)) for u in ctx.units if isinstance(u, FactUnit)]
    out: list[_Unit] = []
    seen: dict[str, int] = {}
    for offset, key, value in stated_sums(ctx.text):
        if ctx.asking(offset) or in_spans(offset, ctx.taken_back):
            continue
        digits = _digits(value)
        mine = [str(ctx.graph.nodes[f]["value"]) for f in g.current_with_key(ctx.graph, key)]
        if any(_digits(v) == digits for v in mine):
            continue  # the same sum again
        held = any(digits and digits in d for d in said) or any(
            digits and digits in re.sub(r"\D", "", str(d.get("value", ""))) for _, d in g.recent_current_facts(ctx.graph, 40))
        if held and not mine:
            continue  # a fact holds the sum already (a price, a budget), and none of its kind is to be replaced
        # two sums of one kind in one message are two things' ("£1,140 for Tom ... for Amy the fees are £900"):
        # the second is kept beside the first, not in its place
        seen[key] = seen.get(key, 0) + 1
        out.append(FactUnit(key=key if seen[key] == 1 else f"{key}_{seen[key]}", name=key, value=value,
                            stressed=ctx.stressed_at(value)))
    return out
