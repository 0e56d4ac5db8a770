"""The one-picks step: a pick the user says as "the <part> one" that no other step read (issue 19, miss27en).

A user picks among the options by a part of one of them, or by a word of their own for it: "the online one",
"the funny one" (of a celebrant "with a bit of light humour"), "lets do the full one", "the 5 day one", "The
Wednesday one suits". The picks steps read such a reply when its part is a word of one option of the list just
offered; when it is not (a place in the list, a word for a quality, a list offered earlier, an option a date step
settled on without the user's words), the user's words were lost. The clause opens a sentence or has the lead;
a predicate after the phrase says something of a thing ("the uni one is only spare in term time") and picks nothing;
a correction or take-back after it ("the tuesday one. actually no, ... thursday then") leaves it to the steps that read changes. Here the clause that opens with "the <part>
one" (after an accepting lead: "ok", "so", "lets do", "go for", "make it") is kept as said, as a ``pick`` fact (one key:
a later one replaces it), when no fact of the message holds the part already. Not read: a clause that asks or turns one down ("not
the big one", "is the 5 day one dearer?"), "the one" with no part, a part that names no option ("the other one",
"the same one", "the little one": a child) or one the pick steps resolve to the option (a place in the list, "the
middle one"; a comparison, "the bigger one"), "a <part> one" (a kind wanted, no pick), the assistant's words.

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> t.observe_many([{"role": "assistant", "content": "Basic (£200), Standard (£350) or Premium (£500)?"},
...                 {"role": "user", "content": "ok the full one please. we're busy people"}])
>>> [(f.name, f.value) for f in t.state().facts if f.status == "current"]
[('pick', 'the full one')]
"""

from __future__ import annotations

import re

from .._units import FactUnit, _Unit
from .context import MessageContext
from .registry import step
from .text import clauses, first_match, in_spans

#: a clause that opens with "the <part> one", after the words that accept or lead in to a pick
_EN_ONE = re.compile(
    r"^\W*(?:(?i:ok(?:ay)?|yes|yeah|yep|right|so|then|and|oh|actually|hmm|great|perfect|fine|well|lets do|let's do|let us do|"
    r"we'?ll (?:go for|take|do|have)|i'?ll (?:go for|take|do|have)|go (?:for|with)|do|book|take|make it|switch to|go down to|"
    r"go up to|change (?:it )?to|we should do|should do)[\s,]+)*"
    r"(?P<phrase>(?i:the)\s+(?P<part>(?:[\w:.£'-]+\s+){0,3}?[\w:.£'-]+)\s+(?i:one))\b"
    # a predicate after it says something of a thing, no pick ("the trader joes one is mine", "the uni one is spare")
    r"(?!\s*(?:[’']s\b|(?i:is|was|are|were|has|had|isn[’']?t|wasn[’']?t)\b))")
#: parts that name no option of a list: another, the same, a child ("the little one"), an order word of
#: time ("the next one", "the last one")
#: (a place in the list and a comparison are the steps' that resolve them to the option, "the middle one", "the bigger
#: one": the words alone name no option)
_EN_NO_PART = re.compile(r"^(?:other|same|little|wee|next|last|previous|right|wrong|only|very|old|new|first|second|third|"
                         r"middle|top|bottom|that|this|which|what|each|every|any|no|other's|[a-z]+er)$", re.I)
#: how far after the phrase a correction or take-back cue takes it back: the next words ("the tuesday one. actually no,
#: …"); one later in the message corrects something else ("the funny one. we have 2 guideparents, … sorry, 3")
_CORRECTED_WITHIN = 20
#: (fix29) right after the phrase, words that tell of the thing instead of picking it: a story of one the user had
#: ("the blue one I had last year was rubbish", "the cheap one we got broke"), a doubt ("the wednesday one might be
#: tricky"), a verb that weighs or asks about it ("the 5 day one seems long", "the premium one includes fitting?"), a
#: liking taken back ("the full one sounds nice but my wife wants the basic")
_EN_SAID_OF = re.compile(
    r"\s*(?:(?:i|we|you|u|he|she|they|my \w+)\s+(?:had|got|bought|used|tried|saw|booked|ordered|hired|rented|picked|chose|"
    r"went|did|returned|sent|mentioned|owned|fitted|installed|have had|[’']ve had|have got)|[’']ve\b|seems?|seemed|looked|"
    r"sounded|might|may|costs?|includes?|came|broke|took|does|did|doesn[’']?t|didn[’']?t|won[’']?t|can[’']?t|cannot|"
    r"shouldn[’']?t|(?:sounds|looks|would be)\s[^.!?,;]{0,30}?\bbut)\b", re.I)
#: a turn down or a doubt in the clause ("not the big one", "never the …")
_EN_DECLINE = re.compile(r"\b(?:not|no|never|nor|instead of|rather than)\b|n['’]t\b", re.I)


def _en_one_picks(ctx: MessageContext) -> list[str]:
    """The "the <part> one" phrases the clauses of an English message open with, each a pick (see the module).

    >>> from ctxgraph.extract.asking import _demo_ctx
    >>> from dataclasses import replace
    >>> from ctxgraph.extract.context import Message
    >>> def said(text):
    ...     return _en_one_picks(replace(_demo_ctx("en"), message=Message(role="user", text=text)))
    >>> said("ok lets do the full one, my sister agrees"), said("not the big one. the other one")
    (['the full one'], [])
    >>> said("the blue one I had last year was rubbish"), said("the 5 day one seems long"), said("The Wednesday one suits")
    ([], [], ['The Wednesday one'])
    """
    out = []
    for offset, clause in clauses(ctx.text):
        m = _EN_ONE.match(clause)
        if m is None or _EN_DECLINE.search(clause[:m.end()]) or in_spans(offset, ctx.asked):
            continue
        if ctx.text[:offset].rstrip()[-1:] not in ("", ".", "!", "?", "\n") and m.start("phrase") == len(clause) - len(clause.lstrip()):
            continue  # "meter is outside in white box, the gas one": a thing described, said after a comma with no lead
        if first_match(ctx.pack.rejects, clause) or _EN_SAID_OF.match(clause, m.end("phrase")):
            continue
        end = offset + m.end("phrase")
        after = ctx.text[end:end + _CORRECTED_WITHIN]
        if any(rx.search(after) for rx in (*ctx.pack.self_corrections, *getattr(ctx.pack, "take_backs", ()))):
            continue  # "the tuesday one. actually no, he has football tuesdays. thursday then": said, then taken back
        part = m.group("part")
        if _EN_NO_PART.match(part.split()[0]) and len(part.split()) == 1:
            continue
        out.append(m.group("phrase"))
    return out


@step("one_picks", roles=("user",))
def one_picks(ctx: MessageContext) -> list[_Unit]:
    """A ``pick`` fact for a pick said as "the <part> one" that no fact of the message holds."""
    if ctx.lang != "en":
        return []
    found = _en_one_picks(ctx)
    if not found:
        return []
    held = [u.value.casefold() for u in ctx.units if isinstance(u, FactUnit) and not u.offered]
    key = "pick"  # one key: a later "the <part> one" is a change of mind, it replaces the earlier
    if any(isinstance(u, FactUnit) and u.key == key for u in ctx.units):
        return []
    units: list[_Unit] = []
    for phrase in found:
        part = phrase.split(None, 1)[1].rsplit(None, 1)[0].casefold()
        if any(part in h for h in held) or in_spans(ctx.text.find(phrase), ctx.taken_back):
            continue
        units.append(FactUnit(key=key, name="pick", value=phrase, stressed=ctx.stressed_at(phrase)))
        break  # one pick per message
    return units
