"""The occasions step: the event the user books for, named in passing (issue 19, miss30en).

Party venues, caterers, DJs, hire firms and gift makers ask what the occasion is, and users say it in the opening
sentence as the reason for the booking: "booking for my son's 13th birthday", "a team cookery session for our
office Christmas do", "lashes for my hen do weekend", "I'm organising a fun casino night", "we want a street party",
"we're doing a gender reveal party", "It's his 60th birthday on August 20". The occasion decides what is offered
(a kids' menu, a licence, a theme), yet only a want that swallows the whole sentence held it, or nothing did. Here
the occasion is kept as said, as an ``occasion`` fact (a later one, ``occasion_t<turn>``, stands beside it).

The phrase is an event word (party, do, fete, birthday, anniversary, festival, a night of a kind) with the words
before it that say which: an ordinal for a birthday or an anniversary ("13th birthday", "ruby anniversary"), any
word for the others ("street party", "office Christmas do", "village fete"); a bare "party" or "birthday" says no
occasion. It follows what makes it the reason for the booking: "for", "it's", or a verb of putting one on
("organising", "planning", "doing", "having", "hosting", "want", "booking"), then an article or an owner ("for my
son's", "for our", "a"). Not read: the assistant's words, one told of in the past ("at a party last week"), one turned
down, an occasion named as a reason a day does not suit ("that's my granddaughter's christening": no booking for it).

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> _ = t.observe({"role": "user", "content": "hi can we book bowling for my daughter's 9th birthday, about 10 kids"})
>>> [(f.key, f.value) for f in t.state().facts if f.key.startswith("occasion")]
[('occasion', '9th birthday')]
"""

from __future__ import annotations

import re

from .. import _graph as g
from .._units import FactUnit, _Unit
from .context import MessageContext
from .registry import step
from .text import in_spans, story_clause

#: an ordinal said in digits or words ("13th", "sixtieth", "twenty-first")
_ORDINAL = (r"(?:\d{1,3}(?:st|nd|rd|th)|first|eighteenth|twenty[- ]first|thirtieth|fortieth|fiftieth|sixtieth|seventieth|"
            r"eightieth|ninetieth|hundredth|ruby|golden|silver|diamond|pearl|sapphire)")
#: what makes the occasion the reason for the booking, then an article or an owner (and whose it is: "son's")
_INTRO = (r"(?:\bfor|\bit[’']?s|\bit is|\b(?:organi[sz]|plann|do|hav|host|throw|runn|hold|book|want)ing|\bwant|\bbook|"
          r"\bwe[’']re having|\bgot)\s+(?:(?:a|an|my|our|his|her|their|the|this|next)\s+)"
          r"(?:(?:[a-z]+[’']s|[a-z]+s[’']|(?:mum|mam|mom|dad|son|daughter|wife|husband|partner|parents|friend|sister|brother)s?)\s+)?")
#: the event words and the words before them that say which occasion
_EVENT = re.compile(
    _INTRO +
    r"(?P<phrase>(?:" + _ORDINAL + r"\s+(?:wedding\s+)?(?:birthday|bday|anniversary)(?:\s+(?:party|do|bash|dinner|meal))?"
    r"|(?:[a-z]+\s+){0,2}?(?!(?:a|an|the|my|our|his|her|their|big|little|small|nice|good|great|lovely|quiet|private|"
    r"surprise|kids|childrens|children's|third|other|political|opposing|working)\s+(?:party|do)\b)[a-z][\w’'-]*\s+(?:party|do|fete|f[eê]te|festival|bash)"
    r"|(?:[a-z]+\s+){0,2}?(?:casino|quiz|games|race|karaoke|bingo|poker|comedy|awards|charity|movie|film|curry|cabaret|"
    r"murder mystery|burns|fireworks|bonfire)\s+night"
    r"|(?:hen|stag)\s+(?:do|party|weekend|night)"
    r"|(?:[a-z]+\s+){0,2}?(?:baby shower|christening|reunion|prom|(?:retirement|graduation)\s+(?:party|do|bash))))\b", re.I)
#: words right before an event word that make the phrase no occasion ("what do", "we can do", "to do")
_NOT_AN_OCCASION = re.compile(r"\b(?:can|could|will|would|should|must|to|not|don[’']?t|didn[’']?t|what|how|that|which|"
                              r"who|you|we|they|i|it|lets?|let[’']s|just|also|then|please)\s+(?:do|party)$", re.I)


def occasion_phrases(text: str) -> list[tuple[int, str]]:
    """(offset, phrase) of each occasion ``text`` books for (see the module).

    >>> occasion_phrases("hey booking for my son's 13th birthday, around 10 kids")
    [(25, '13th birthday')]
    >>> occasion_phrases("Looking to book a team cookery session for our office Christmas do, around 14 people")
    [(47, 'office Christmas do')]
    >>> occasion_phrases("I'm organising a fun casino night for the hall roof fund"), occasion_phrases("we want a street party on our road")
    ([(17, 'fun casino night')], [(10, 'street party')])
    >>> occasion_phrases("no, her grandad is buying her one for her birthday"), occasion_phrases("we have a party on saturday")
    ([], [])
    >>> occasion_phrases("Not the first week, that's my granddaughter's christening"), occasion_phrases("what can we do for it")
    ([], [])
    >>> occasion_phrases("I want a third party only policy for my van"), occasion_phrases("It's for the lads who do the deliveries")
    ([], [])
    >>> occasion_phrases("a pension top-up for our retirement"), occasion_phrases("booking for his retirement do")
    ([], [(16, 'retirement do')])
    """
    out = []
    for m in _EVENT.finditer(text):
        phrase = m.group("phrase").strip()
        if _NOT_AN_OCCASION.search(text[max(0, m.start("phrase") - 12):m.end("phrase")]):
            continue
        out.append((m.start("phrase"), phrase))
    return out


@step("occasions", roles=("user",))
def occasions(ctx: MessageContext) -> list[_Unit]:
    """An ``occasion`` fact for the first occasion an English user message books for that no fact of it holds."""
    if ctx.lang != "en":
        return []
    for offset, phrase in occasion_phrases(ctx.text):
        if story_clause(ctx.text, offset) or in_spans(offset, ctx.taken_back):
            continue
        said = phrase.casefold()
        if any(isinstance(u, FactUnit) and said in str(u.value).casefold() and len(str(u.value)) <= len(phrase) + 12
               for u in ctx.units):
            continue  # a fact of the message is this occasion already ("occasion: hen do")
        held = [ctx.graph.nodes[f]["value"] for f in g.current_with_key(ctx.graph, "occasion")]
        if any(said == str(v).casefold() for v in held):
            return []
        key = "occasion" if not held else f"occasion_t{ctx.index}"
        return [FactUnit(key=key, name="occasion", value=phrase, stressed=ctx.stressed_at(phrase))]
    return []
