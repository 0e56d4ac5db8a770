"""The dwellings step: the kind of home the user says the service is for (issue 19, miss30en).

Builders, surveyors, removers and installers ask what kind of house it is, and users say it in passing, often in
the opening sentence: "it's a Victorian terrace in Brockley", "we're buying a victorian terrace", "its an old granite
cottage", "moving fae a 2 bed flat", "I let a two-bedroom flat", "Roy Whitehouse. 1930s semi.", "Stone cottage, old
stone". The kind decides the quote, yet no entity rule reads it (a want may hold it inside a sentence, and an address
reader may take it for an address a later address then replaces). Here the noun phrase is kept as said, as a
``property`` fact (a later one, ``property_t<turn>``, stands beside it).

The phrase is a word for a kind of home and the words before it that say which: a number of bedrooms ("2 bed",
"two-bedroom", "one-bed"), a period or decade ("Victorian", "1930s", "1962"), a material ("stone", "granite"), a form
("end terrace", "semi-detached", "student", "new build"). A word that is a kind of home on its own (bungalow, cottage,
semi, maisonette, new build) needs an article or an owner before it ("a bungalow", "his bungalow"), so a house's name
("Trewint Cottage", "holly cottage, back lane") is no kind; a word that names more than a home (terrace, flat, house,
apartment, detached) needs a word that says which ("Victorian terrace", "2 bed flat", "student house"): "flat roof",
"Flat 3", "17 Ashgrove Terrace" and "a detached garage" are none. Not read: the assistant's words, a home left or
told of in the past ("my old flat was on the top floor"), one turned down ("not a bungalow"), a phrase a fact of the
message already holds as its value.

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> _ = t.observe({"role": "user", "content": "need a quote for a kitchen extension, it's a Victorian terrace in Hove"})
>>> [(f.key, f.value) for f in t.state().facts if f.key.startswith("property")]
[('property', 'Victorian terrace')]
"""

from __future__ import annotations

import re

from .. import _graph as g
from .._units import FactUnit, _Unit
from .context import MessageContext
from .registry import step
from .text import in_spans, story_clause

#: words that say which kind of home: bedrooms, a period or decade, a material, a form
_WHICH = (r"(?:(?:\d|one|two|three|four|five|six)[- ]?bed(?:room)?(?:ed)?|victorian|edwardian|georgian|regency|tudor|"
          r"period|(?:19|20)\d0s|(?:18|19|20)\d\d|stone|granite|brick|red[- ]brick|timber[- ]framed|thatched|"
          r"end[- ]of[- ]terrace|end[- ]terrace|mid[- ]terrace|terraced|semi[- ]detached|detached|student|"
          r"new[- ]build|(?:(?<=\ba )|(?<=\ban ))listed|grade\s+(?:i|ii\*?|2|1|two|one)\s+listed|ex[- ]council|council|ground[- ]floor|top[- ]floor|basement)")
_WHICH_RE = re.compile(_WHICH, re.I)
#: words before those that say nothing of the kind ("an old granite cottage", "a little 2 bed flat")
_PLAIN = r"(?:old|little|small|tiny|lovely|big|large|typical|standard)"
#: a kind of home on its own
_ALONE = r"(?:bungalow|cottage|semi-detached|semi detached|semi|maisonette|townhouse|farmhouse|new[- ]build|terraced house)"
#: a word that names a home only with a word that says which
_WITH_WHICH = r"(?:terrace|flat|house|apartment|detached)"
_EN_DWELLING = re.compile(
    r"(?<![\w'’-])(?P<which>(?:(?:" + _PLAIN + r"|" + _WHICH + r"),?\s+){0,3})"
    r"(?P<head>" + _ALONE + r"|" + _WITH_WHICH + r")(?![\w-])", re.I)
#: what follows a word for a home when it names something else ("flat roof", "cottage pie", "semi final", "Flat 3")
#: a capital letter alone is a flat's letter ("Flat B"), not "I" ("a terrace I bought") nor "a" ("a 2 bed flat a mile")
_NOT_A_HOME = re.compile(r"\s*(?:\d|(?-i:[A-HJ-Z])\b|(?:roof|roofs|tyre|tire|rate|fee|pack|white|cheese|pie|garden|fence|final|"
                         r"finals|skimmed|retired|pro|professional|permanent|automatic|formal|garage|doors?|wall|sinks?|"
                         r"style|tables?|kitchens?|details)\b)", re.I)
#: a word for a material only: "a stone terrace" is paving at the back of a garden, not a home
_MATERIAL_ONLY = re.compile(r"^(?:(?:" + _PLAIN + r"|stone|granite|brick|red[- ]brick|timber|slate|paved|wooden|concrete"
                            r"|sandstone|limestone|tiled),?\s+)+$", re.I)
#: an article or an owner right before a word that is a kind of home on its own ("a bungalow", "his bungalow", "mum's")
_OWNED = re.compile(r"(?:\b(?:a|an|the|my|our|his|her|their|your|its)|['’]s)\s+$", re.I)
#: a turn down right before the phrase ("it's not a bungalow", "no semi")
_NOT_BEFORE = re.compile(r"\b(?:not|no|never|isn['’]?t|wasn['’]?t)\s+(?:(?:a|an|the)\s+)?$", re.I)
#: a house with only a number of bedrooms says no kind of home ("a three-bedroom house": how big, said of any house)
_ROOMS_ONLY = re.compile(r"^(?:(?:" + _PLAIN + r"),?\s+)*(?:\d|one|two|three|four|five|six)[- ]?bed(?:room)?(?:ed)?,?\s+$", re.I)


def dwelling_phrases(text: str) -> list[tuple[int, str]]:
    """(offset, phrase) of each kind of home ``text`` names (see the module).

    >>> dwelling_phrases("hiya we're moving fae a 2 bed flat in Dennistoun to a house in Leith")
    [(24, '2 bed flat')]
    >>> dwelling_phrases("its an old granite cottage, 2 storeys"), dwelling_phrases("Roy Whitehouse. 1930s semi. ring me")
    ([(7, 'old granite cottage')], [(16, '1930s semi')])
    >>> dwelling_phrases("Trewint Cottage, Cardinham"), dwelling_phrases("not keen on a flat roof"), dwelling_phrases("flat 3, 41 Elm Park Road")
    ([], [], [])
    >>> dwelling_phrases("his bungalow"), dwelling_phrases("holly cottage, back lane"), dwelling_phrases("It is a three-bedroom house")
    ([(4, 'bungalow')], [], [])
    >>> dwelling_phrases("It's a Victorian terrace I bought in 2010"), dwelling_phrases("we live in a 2 bed flat a mile away")
    ([(7, 'Victorian terrace')], [(13, '2 bed flat')])
    >>> dwelling_phrases("a farmhouse sink fitted"), dwelling_phrases("a stone terrace at the back"), dwelling_phrases("I've listed house details")
    ([], [], [])
    >>> dwelling_phrases("it's a grade II listed cottage"), dwelling_phrases("we own a listed farmhouse")
    ([(7, 'grade II listed cottage')], [(9, 'listed farmhouse')])
    """
    out = []
    for m in _EN_DWELLING.finditer(text):
        which, head = m.group("which"), m.group("head")
        start = m.start() if which else m.start("head")
        named = bool(_WHICH_RE.search(text, m.start("which"), m.end("which")))  # in the text: "a listed" looks behind
        if _NOT_A_HOME.match(text, m.end()) or _NOT_BEFORE.search(text[max(0, start - 20):start]):
            continue
        if re.fullmatch(_ALONE, head, re.I):
            if not named and not _OWNED.search(text[max(0, m.start("head") - 12):m.start("head")]):
                continue  # a bare word with no article: a house's name ("Trewint Cottage") or a place in an address
        elif not named or (head.casefold() == "house" and _ROOMS_ONLY.match(which)):
            continue
        elif head.casefold() == "terrace" and _MATERIAL_ONLY.match(which):
            continue  # "laying a stone terrace at the back of the garden": paving
        if not which and text[start:start + 1].isupper() and start > 0:
            continue  # "… at Ivy Cottage": a name
        out.append((start, text[start:m.end()].strip(" ,")))
    return out


@step("dwellings", roles=("user",))
def dwellings(ctx: MessageContext) -> list[_Unit]:
    """A ``property`` fact for the first kind of home an English user message names that no fact of it holds."""
    if ctx.lang != "en":
        return []
    for offset, phrase in dwelling_phrases(ctx.text):
        if story_clause(ctx.text, offset) or in_spans(offset, ctx.taken_back):
            continue
        said = phrase.casefold()
        if any(isinstance(u, FactUnit) and said in str(u.value).casefold() and len(str(u.value)) <= len(phrase) + 12
               and not u.key.startswith("address") for u in ctx.units):
            continue  # a fact of the message is this kind already ("house: 1930s semi")
        held = [ctx.graph.nodes[f]["value"] for f in g.current_with_key(ctx.graph, "property")]
        if any(said == str(v).casefold() for v in held):
            return []
        key = "property" if not held else f"property_t{ctx.index}"
        return [FactUnit(key=key, name="property", value=phrase, stressed=ctx.stressed_at(phrase))]
    return []
