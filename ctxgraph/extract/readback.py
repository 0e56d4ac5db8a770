"""The read_back step: what the assistant reads back from the user's record and the user confirms (issue 19, miss28en).

A service often holds the user's address, number or name already (a claim, an enquiry form, a patient record) and
reads it back for a yes: "I've found claim AV-773310 for 42 Moorcroft Road, Moseley, B13 8LU. Is that right?" -
"That's us."; "Is he still at Chy an Dowr, 3 Trevethan Close, Falmouth TR11 2AB?" - "yes thats us"; "Margaret Ellery
and 01684 592 310 are on the enquiry, is that still the best number?" - "Yes, that's me". The user's yes makes them
the user's, yet no reader took them: the assistant's words state no fact of the user's, and the reply says none.

Here a reply that opens with a yes to such a question (:data:`_ASKS_CONFIRM`, in the sentence holding the value or
the one right after it) keeps, in the reply's turn, the address read back (from the lead-in word before its first part
to its postcode), the phone number, and with "that's me" the person named beside them. No address is taken when the
reply gives a postcode of its own, no number when it gives a number (its words stand), and nothing a current fact
already holds.

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> t.observe_many([{"role": "assistant", "content": "I have your order for 12 Mill Lane, Headingley, LS6 2AB. Is that right?"},
...                 {"role": "user", "content": "yes thats us. can it come friday"}])
>>> [(f.key, f.value) for f in t.state().facts if f.key == "address"]
[('address', '12 Mill Lane, Headingley, LS6 2AB')]
"""

from __future__ import annotations

import re

from .. import _graph as g
from .._units import FactUnit, _Unit
from .context import MessageContext
from .postal import postcodes
from .registry import step

#: a UK-style postcode: the anchor of an address read back
_POSTCODE = re.compile(r"\b[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}\b")
#: a phone number as services write it: "01684 592 310", "07970 318 442", "+44 7700 900123"
_PHONE = re.compile(r"(?<![\d-])(?:\+\d{2}\s?|0)\d{2,4}(?:[ -]?\d{3,4}){2}(?![\d-])")
#: what the assistant asks to have a value confirmed: "Is that right?", "is that still the best number?", "Is he still
#: at …?", "Can I confirm …"
_ASKS_CONFIRM = re.compile(r"\b(?:is|was|are) (?:that|this|it|these) (?:still )?(?:right|correct|ok|okay|"
                           r"the (?:right|best|correct|same)\b)|\bstill\b[^?]*\?$|\b(?:right|correct)\?$|"
                           r"^(?:can|could|may) i (?:just )?(?:confirm|check)\b", re.I)
#: the user's yes, opening the reply
_YES = re.compile(r"^\W*(?:yes|yeah|yep|yup|aye|correct|right|spot on|that[’']?s (?:us|right|it|correct|me|him|her|the one)|"
                  r"(?:the )?(?:address|number|details) (?:is |are )?(?:right|correct|fine))\b", re.I)
#: the user says the name read back is theirs
_ME = re.compile(r"\b(?:that[’']?s me|it[’']?s me|yes,? me|speaking)\b", re.I)
#: the word that leads into an address's first part: "for 42 Moorcroft Road", "still at Chy an Dowr", "is 12 …"
_LEAD = re.compile(r"\b(?:at|for|to|is|still|address)\s+", re.I)
#: an address's part: a house number or a capitalised word, at most four words
_PART = re.compile(r"^(?:\d{1,5}[A-Za-z]?\s+)?[A-Z][\w'&.-]*(?:\s+[\w'&.-]+){0,3}$|^\d{1,5}[A-Za-z]?$")
#: a capitalised name right before the number read back: "Margaret Ellery and 01684 592 310", "Mr Jon Bell, 07700 …"
_BESIDE_NUMBER = re.compile(r"\b((?:(?:Mr|Mrs|Ms|Miss|Dr)\.?\s+)?[A-Z][a-z]+(?:[ -][A-Z][a-z'-]+)+)(?:,\s*|\s+and\s+|\s+on\s+)"
                            + _PHONE.pattern)
_SENTENCES = re.compile(r"[^.?!]+(?:[.?!]+|$)")


def _confirm_sentences(text: str) -> list[str]:
    """The sentences of the assistant's ``text`` that a yes confirms: each one asking to confirm
    (:data:`_ASKS_CONFIRM`) and the sentence right before it.

    >>> _confirm_sentences("I have your order for 12 Mill Lane, Leeds LS6 2AB. Is that right? Thanks.")
    ['I have your order for 12 Mill Lane, Leeds LS6 2AB.', 'Is that right?']
    >>> _confirm_sentences("We deliver on Fridays. Would you like that?")
    []
    """
    sentences = [s.group(0).strip() for s in _SENTENCES.finditer(text) if s.group(0).strip()]
    out: list[str] = []
    for n, s in enumerate(sentences):
        if s.endswith("?") and _ASKS_CONFIRM.search(s):
            out += [x for x in (sentences[n - 1] if n else "", s) if x and x not in out]
    return out


def _address(sentence: str) -> str | None:
    """The address read back in ``sentence``: from the lead-in word nearest its first part to its postcode, every part
    between them short and written as an address's (:data:`_PART`), or None.

    >>> _address("Is he still at Chy an Dowr, 3 Trevethan Close, Falmouth TR11 2AB?")
    'Chy an Dowr, 3 Trevethan Close, Falmouth TR11 2AB'
    >>> _address("survey SFD-3391 with Dan Hickman, at Willow Cottage, 4 Waterside, WR8 0HG, as on your form.")
    'Willow Cottage, 4 Waterside, WR8 0HG'
    >>> _address("We cover LS6 2AB.") is None
    True
    """
    code = _POSTCODE.search(sentence)
    if code is None:
        return None
    for lead in reversed(list(_LEAD.finditer(sentence, 0, code.start()))):
        run = sentence[lead.end():code.start()]
        parts = [p.strip() for p in run.split(",")]
        last = parts.pop().strip()  # the words right before the postcode, in its own part ("Falmouth TR11 2AB")
        if parts and all(_PART.match(p) for p in parts) and (not last or _PART.match(last)):
            return sentence[lead.end():code.end()]
    return None


def _held(ctx: MessageContext, value: str) -> bool:
    """Whether a current fact already holds ``value``."""
    folded = value.casefold()
    return any(folded in str(d["value"]).casefold() for _, d in g.recent_current_facts(ctx.graph, 60))


def _person_read(ctx: MessageContext, sentence: str) -> str | None:
    """The one person the assistant's last message named in ``sentence``: an entity it mentions, or a capitalised
    name written right beside the number read back ("Margaret Ellery and 01684 592 310 are on the enquiry"); None when
    there is none or more than one.

    >>> from types import SimpleNamespace as N
    >>> import networkx as nx
    >>> G = nx.MultiDiGraph(); G.graph["last_turn"] = None
    >>> _person_read(N(graph=G), "Margaret Ellery and 01684 592 310 are on the enquiry, is that still the best number?")
    'Margaret Ellery'
    """
    G, last = ctx.graph, ctx.graph.graph.get("last_turn")
    names = {G.nodes[e]["text"] for _, e, k in G.out_edges(last, keys=True)
             if k == "mentions" and G.nodes[e].get("kind") == "entity" and G.nodes[e].get("label") == "PERSON"} if last else set()
    names |= {m.group(1) for m in _BESIDE_NUMBER.finditer(sentence)}
    named = [n for n in names if n in sentence]
    return named[0] if len(named) == 1 else None


#: (fix31) a word that takes the yes back in its sentence: "Right, no, we moved last month", "yes but we've moved", "yeah
#: that's the old address"; not "no problem" / "no worries", which say yes
_TAKES_BACK = re.compile(r"\b(?:no(?! (?:problem|worries|probs|bother)\b)|nope|not|wrong|incorrect|moved|moving|changed|old)\b|n[’']t\b",
                         re.I)


def _taken_back(reply: str) -> bool:
    """(fix31) Whether the first sentence of the user's ``reply`` takes its yes back (the value read back is no longer
    theirs): the yes opens the sentence, a no or a move follows it.

    >>> _taken_back("Right, no, we moved last month"), _taken_back("yes but we've moved"), _taken_back("yeah, that's the old one")
    (True, True, True)
    >>> _taken_back("yes thats us. can it come friday, not monday"), _taken_back("yes that's right, no worries")
    (False, False)
    """
    first = re.match(r"[^.!?]*", reply)
    return bool(_TAKES_BACK.search(first.group(0) if first else reply))


def _gives(ctx: MessageContext, kind: str) -> bool:
    """(fix32) Whether the user's reply gives a ``kind`` ("postcode" or "phone") of its own, as the contacts readers
    read one: a PHONE mention, or a POSTCODE mention or an ADDRESS one that ends in a postcode (the postal step's
    anchors). Its own words then stand, not the value read back.

    >>> from types import SimpleNamespace as N
    >>> m = lambda label, text: N(label=label, text=text)
    >>> _gives(N(mentions=[m("PHONE", "555-123-4567")]), "phone"), _gives(N(mentions=[m("PHONE", "555-123-4567")]), "postcode")
    (True, False)
    >>> _gives(N(mentions=[m("ADDRESS", "4 Elm Road, Leeds LS6 2AB")]), "postcode")
    True
    """
    if kind == "phone":
        return any(x.label == "PHONE" for x in ctx.mentions)
    return bool(postcodes(ctx))


@step("read_back", roles=("user",))
def read_back(ctx: MessageContext) -> list[_Unit]:
    """The address, number and name the assistant read back and the user's yes confirms, as the user's facts."""
    if ctx.lang != "en" or not ctx.assistant_before or not _YES.search(ctx.text) or _taken_back(ctx.text):
        return []
    keys = {u.key for u in ctx.units if isinstance(u, FactUnit) and not u.offered}
    units: list[_Unit] = []
    for sentence in _confirm_sentences(ctx.assistant_before):
        found = [("address", None if _gives(ctx, "postcode") else _address(sentence))]
        phone = None if _gives(ctx, "phone") else _PHONE.search(sentence)
        found.append(("phone", phone.group(0) if phone else None))
        if _ME.search(ctx.text):
            found.append(("name", _person_read(ctx, sentence)))
        for key, value in found:
            if value and key not in keys and not _held(ctx, value):
                keys.add(key)
                units.append(FactUnit(key=key, name=key, value=value))
    return units
