"""The postal step: an address's parts said beside its postcode are the address (issue 19, miss10).

The user types an address as a run of comma-separated parts with the postcode at one end: "flat 3, 12
wilmslow rd, didsbury M20 5PG", "holly cottage, back lane, upper slaughter, GL54 2JF", "Plot 42, Meadow
Rise, Cottam, PR4 0NY", "22b Harcourt Street, Dublin 2, D02 X285", "DE22 1FG, flat 2, the old forge,
duffield road". The address pattern reads a number and a street word written with capitals; parts
with no street word, a house name, a number with a lower-case letter or a lower-case street were
lost (blind9 and blind10 both), or read as a person ("person: Rose Cottage, Mill Lane").

Here the postcode anchors the reading, never a list of place words: in a user's message that states
(not asks), the parts of its sentence next to the postcode, up to the sentence's start (or its end
when the postcode opens the sentence), are the address, as long as each part is short and reads as a
part of an address: no pronoun, no verb of the chat, no day, money, phone or email, and no part that
is a person's name another reader keeps ("Rhys Powell, CF14 2JT, 88 Heol Hir": the name is no part of
it). The value is the run as written, the postcode with it; an address fact of the message that the
run holds takes the whole run, and facts of the message that hold only a piece of it under another
key (a person, a place, a venue) are dropped.

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> t.observe_many([{"role": "assistant", "content": "What's the address?"},
...                 {"role": "user", "content": "Plot 42, Meadow Rise, Cottam, PR4 0NY. the road isnt on satnavs yet"}])
>>> [f.value for f in t.state().facts if f.key == "address"]
['Plot 42, Meadow Rise, Cottam, PR4 0NY']
>>> t = Tracker("en")
>>> _ = t.observe({"role": "user", "content": "DE22 1FG, flat 2, the old forge, duffield road"})
>>> [f.value for f in t.state().facts if f.key == "address"]
['DE22 1FG, flat 2, the old forge, duffield road']
"""

from __future__ import annotations

import re

from .._units import FactUnit, _Unit
from .context import MessageContext
from .registry import step
from .text import in_spans

#: a part holds at most this many words ("the old forge", "12 wilmslow rd", "upper slaughter")
PART_WORDS = 4
#: most parts a run takes on either side of the postcode
MOST_PARTS = 4
# words no part of an address holds: pronouns, the chat's verbs and fillers, days and times
_NOT_PART = re.compile(
    r"\b(?:i|i'?m|im|me|my|we|our|us|you|your|he|she|they|it|its|it's|is|are|was|be|been|pls|please|thanks|thank|"
    r"cheers|yes|yeah|no|not|ok|okay|need|want|can|could|would|will|should|do|does|did|have|has|got|get|just|"
    r"and|but|or|so|if|then|when|there|here|home|address|postcode|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|yrs?|am|pm|post|code|zip|eircode|at|to|today|tomorrow|tonight|morning|afternoon|evening|"
    r"mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:rs(?:day)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)\b", re.I)
# a part starts with a word or a house number ("22b", "14a", "12")
_PART = re.compile(r"^[A-Za-z0-9][\w'&.-]*(?:\s+[\w'&.-]+)*$")
_SENTENCE_END = re.compile(r"[.!?;]+(?=\s|$)|\n")
# a part opening with a house number ("22b Harcourt Street", "14a Belmont Terrace", "12 wilmslow rd")
_HOUSE = re.compile(r"^(\d{1,5}[A-Za-z]?)\s+[A-Za-z]")
# what ends a lead-in before an address's first part: a dash, a colon, a preposition or the label word before the
# house number ("Hi, I'm moving to 17 Quarry Lane, Bristol BS5 9TX", "address 22 larkspur road, kettering NN15 7AB"),
# "it's" before a capitalised name or a number opening the sentence ("its Hartley Jewellery Repairs, 3 Abbey Arcade, …")
_LEAD = re.compile(r".*(?:\s[-–]\s*|:\s*|\b(?:to|at|is|in|on|address|addr)\s+(?=\d))|^(?:it[’']?s|this is)\s+(?=(?-i:[A-Z0-9]))", re.I)
# an address mention that ends with a UK-style postcode
_ENDS_IN_POSTCODE = re.compile(r"\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}$")
# (fix12) a part that is a person named with a title ("Mr Grey, red brick house, LS6 2AB")
_TITLED = re.compile(r"^(?:mr|mrs|ms|miss|mx|dr|prof)\.?\s+[A-Z]", re.I)
# (fix12) a part that is a count: a number and one plural noun in lower case ("10 hives", "3 beds"), no house number
_COUNT = re.compile(r"^\d{1,4}\s+[a-z]+s$")
#: labels of values that are no part of an address
_OTHER_VALUES = ("PHONE", "EMAIL", "MONEY", "DATE", "TIME", "DAY", "PERCENT", "ID")
#: keys of facts that may hold a piece of the address read as something else
_PIECE_KEYS = re.compile(r"^(?:person|place|venue|location|area|street|town|city)$")


def _sentence(text: str, at: int, end: int) -> tuple[int, int]:
    """The span of the sentence holding ``text[at:end]``."""
    lo = max((m.end() for m in _SENTENCE_END.finditer(text, 0, at)), default=0)
    m = _SENTENCE_END.search(text, end)
    return lo, m.start() if m else len(text)


def _is_part(ctx: MessageContext, part: str, start: int, names: set[str], farthest: bool) -> bool:
    words = part.split()
    if not words or len(words) > PART_WORDS or not _PART.match(part) or _NOT_PART.search(part) \
            or _TITLED.match(part) or _COUNT.match(part):
        return False
    if any(isinstance(u, FactUnit) and not u.offered and u.value == part and not (u.key == "address" or _PIECE_KEYS.match(u.key)
                                                                                  or u.key == "date") for u in ctx.units):
        return False  # (fix12) "large batch, blue glaze, LS6 2AB": a part another reader keeps as a thing (product: blue glaze)
    if farthest and part.casefold() in names:
        return False  # "Rhys Powell, CF14 2JT, …": a name another reader keeps, opening the sentence (not "…, Whitley Bay, NE26")
    if farthest and any(x.label == "PERSON" and x.start == start and x.end == start + len(part) for x in ctx.mentions):
        return False  # (miss11) "Sarah Jones, 7 Station Road, …": a person's name, whole, opening the run
    # a house number is no day ("22b Harcourt Street": the NER's DATE "22b")
    house = _HOUSE.match(part)
    return not any(x.label in _OTHER_VALUES and start <= x.start < start + len(part)
                   and not (house and x.start == start and x.end <= start + house.end(1)) for x in ctx.mentions)


def _parts(text: str, lo: int, hi: int) -> list[tuple[int, str]]:
    """(start, part) of the comma-separated parts of ``text[lo:hi]``, stripped."""
    out, at = [], lo
    for piece in text[lo:hi].split(","):
        s = at + len(piece) - len(piece.lstrip())
        if piece.strip():
            out.append((s, piece.strip()))
        at += len(piece) + 1
    return out


def _run(ctx: MessageContext, start: int, end: int, names: set[str], whole: bool = False) -> tuple[int, int] | None:
    """The span of the address run around the postcode at ``text[start:end]``, or None (no part beside it);
    ``whole``: the anchor is an address read whole, only parts before it are looked for."""
    text = ctx.text
    lo, hi = _sentence(text, start, end)
    before, after = _parts(text, lo, start), _parts(text, end, hi)
    run_lo, run_hi, n = start, end, 0
    for k, (s, part) in enumerate(reversed(before)):
        # "didsbury M20 5PG": the words right before the postcode, in its own part, are a part too
        if n >= MOST_PARTS:
            break
        # (miss11) before an address read whole, a part with no number is taken only after a lead-in ("its Greenway
        # Motors, 7 Station Road, …"; not "Sarah Jones, 7 Station Road, …")
        if not _is_part(ctx, part, s, names, k == len(before) - 1) or (whole and not re.search(r"\d", part)):
            # "to my home address - 3 chandos road, redland, BS6 6PG", "I'm moving to 17 Quarry Lane, Bristol BS5 9TX":
            # the part after a dash, a colon or a preposition before a house number closes the run
            lead = _LEAD.search(part)
            if lead and _is_part(ctx, part[lead.end():], s + lead.end(), names, True):
                run_lo, n = s + lead.end(), n + 1
            break
        run_lo, n = s, n + 1
    if run_lo == start and not whole:  # "DE22 1FG, flat 2, the old forge, duffield road": the postcode opens the run
        for k, (s, part) in enumerate(after):
            if n >= MOST_PARTS or not _is_part(ctx, part, s, names, k == len(after) - 1):
                break
            run_hi, n = s + len(part), n + 1
    return (run_lo, run_hi) if n else None


def postcodes(ctx: MessageContext) -> list:
    """The message's mentions that hold a UK-style postcode: a POSTCODE one, or an ADDRESS one that ends in its postcode
    (also read by the read_back step, fix32: a reply that gives its own postcode).

    >>> from types import SimpleNamespace as N
    >>> [x.text for x in postcodes(N(mentions=[N(label="ADDRESS", text="7 Station Road, Leyburn DL8 5AA"),
    ...                                        N(label="ADDRESS", text="7 Station Road"), N(label="POSTCODE", text="LS6 2AB")]))]
    ['7 Station Road, Leyburn DL8 5AA', 'LS6 2AB']
    """
    return [x for x in ctx.mentions if x.label == "POSTCODE" or (x.label == "ADDRESS" and _ENDS_IN_POSTCODE.search(x.text))]


@step("postal", roles=("user",))
def postal(ctx: MessageContext) -> list[_Unit]:
    """The user's address as the run of parts beside its postcode, as one ``address`` fact."""
    if ctx.lang != "en":
        return []
    # (miss11) an address the address pattern read whole with its postcode ("7 Station Road, Leyburn DL8 5AA") anchors
    # the run too: the parts before it ("its Greenway Motors, 7 Station Road, …") are its first parts
    codes = postcodes(ctx)
    if not codes:
        return []
    facts = [u for u in ctx.units if isinstance(u, FactUnit) and not u.offered]
    names = {u.value.casefold() for u in facts if u.key in ("name", "person") or u.key.startswith("person_")}
    units: list[_Unit] = []
    for x in codes:
        if ctx.asking(x.start) or in_spans(x.start, ctx.taken_back):
            continue
        run = _run(ctx, x.start, x.end, names, x.label == "ADDRESS")
        if run is None:
            continue
        value = ctx.text[run[0]:run[1]].strip(" ,")
        held = [u for u in facts if u.key == "address"]
        if any(value in u.value for u in held):
            continue
        # the run's pieces the message read as other things ("person: Rose Cottage, Mill Lane", "place: Heol")
        ctx.units[:] = [u for u in ctx.units if not (isinstance(u, FactUnit) and not u.offered and u.value in value and (
            u.key == "address" or _PIECE_KEYS.match(u.key) or (u.key == "date" and re.fullmatch(r"\d{1,5}[A-Za-z]?", u.value))))]
        if any(isinstance(u, FactUnit) and u.key == "address" for u in units):
            continue
        units.append(FactUnit(key="address", name="address", value=value, stressed=ctx.stressed_at(value)))
    return units
