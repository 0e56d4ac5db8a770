"""The forgone step: a thing the user gives up leaves the sentences and values that hold it (issue 19, prec25).

The user drops a part of what they asked for by naming it: "we've dropped zanzibar", "actually forget the bedroom
point", "we changed our mind on the thermal", "晨晖路就不看了". The dropped step takes such an item off a list fact;
the want that says it ("thinking of adding a few days in zanzibar"), a value joined from parts ("Freesat twin feed +
bedroom point") or a value that is the thing alone ("晨晖路 25平") stayed current with it. Now each current fact of an
earlier message that holds the thing is superseded by itself without it: a want or a problem loses the sentences or
clauses that say it, a value joined with "+" or "and" loses the part, and a fact left with nothing is retracted.

The thing is what the cue names up to the end of its clause (at most three words; a pronoun names nothing), and only
facts holding it whole, as words, follow: "forget it" or "drop me a line" moves nothing.

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> t.observe_many([{"role": "user", "content": "we're flying to Lisbon in May"},
...                 {"role": "user", "content": "thinking of a few days in Porto after too"},
...                 {"role": "user", "content": "we've dropped porto, too much driving"}])
>>> [f.value for f in t.state().facts if f.status == "current" and "Porto" in f.value]
[]
"""

from __future__ import annotations

import re

from .._units import FactUnit, RetractUnit, _Unit
from .context import MessageContext
from .registry import step

#: (en) the words that give a thing up and the thing, to the end of its clause
#: (prec32en) also "scratch", "forget what I said about …", and a thing that is a date or an amount ("drop the 30th",
#: "forget what i said about the 21st", "forget the £600")
_EN_CUE = re.compile(r"\b(?:forget(?:\s+about)?|drop(?:ped)?|dropping|scrap(?:ped)?|scratch(?:ed)?|changed\s+(?:our|my)\s+minds?\s+(?:on|about))"
                     r"\s+(?:what\s+(?:i|we)\s+said\s+(?:about|re)\s+)?"
                     r"(?:the\s+|that\s+|our\s+|my\s+)?(?P<x>[a-z0-9£$€][\w'-]*(?:\s+[a-z][\w'-]*){0,2}?)"
                     r"(?=\s*(?:[,.;!?]|$|\s+(?:too|as\s+well|then|please|pls|now|after\s+all|entirely|altogether)\b))", re.I)
#: (zh) the thing leading its clause, then the words that give it up: "晨晖路就不看了", "那个加湿器不要了"
_ZH_CUE = re.compile(r"(?:^|(?<=[，,。！!？?\s]))(?:那个|这个)?(?P<x>[\u4e00-\u9fffA-Za-z0-9]{2,8}?)(?:那个|那套|那家|那边|的)?"
                     r"(?:就|也|先|都)?(?:不看了|不要了|不去了|不做了|不用了|不考虑了)(?![吗么嘛呢]|\s*[？?])")
#: (en) a cue said under a negation gives nothing up: "don't forget the fountain", "never drop the …"
_EN_NEGATED = re.compile(r"\b(?:don'?t|do not|dont|never|not|won'?t|can'?t|cannot)\s+$", re.I)
#: (fix33) a cue said of what someone or something else will or tends to do ("Our dog will scratch the back door", "the cat
#: likes to scratch the armchair", "the kids might drop the vase"): a deed described, nothing given up; the speaker's own
#: "we'll drop the 30th", "I'd scrap the 21st" still give up
_EN_DESCRIBED = re.compile(r"\b(?!(?:i|we|let's|lets|you)\b)[a-z]+(?:'ll|\s+(?:will|would|might|may|can|could|tends? to|likes? to|loves? to"
                           r"|used to|wants? to|keeps?|always|often|sometimes|usually))\s+$", re.I)
#: (prec32en) an article before a value ("the 21st")
_ARTICLE = re.compile(r"^(?:the|a|an)\s+")
#: what names no thing
_NO_THING = {"it", "that", "this", "them", "him", "her", "his", "me", "us", "idea", "whole thing", "lot", "rest", "line"}
#: the sentences and clauses of a want or a problem
_CLAUSE = re.compile(r"(?<=[.!?;。！？；])\s*|,\s+|，")
#: the parts of a value joined from parts
_PART = re.compile(r"\s*(?:\+|&|\band\b|、)\s*")


def forgone_things(ctx: MessageContext) -> list[str]:
    """The things this message gives up (casefolded), in order.

    >>> from types import SimpleNamespace as N
    >>> forgone_things(N(lang="en", text="we've dropped zanzibar, too much faff. forget it"))
    ['zanzibar']
    >>> forgone_things(N(lang="zh", text="算了 晨晖路就不看了 直接看碧波路"))
    ['晨晖路']
    >>> forgone_things(N(lang="en", text="forget what i said about the 21st, no rush. drop the 30th"))  # (prec32en)
    ['21st', '30th']
    >>> forgone_things(N(lang="en", text="and don't forget the fountain please")), forgone_things(N(lang="zh", text="蜡烛不用了吗"))
    ([], [])
    >>> forgone_things(N(lang="en", text="Our dog will scratch the back door.")), forgone_things(N(lang="en", text="we'll drop the 30th"))  # (fix33)
    ([], ['30th'])
    """
    rx = _EN_CUE if ctx.lang == "en" else _ZH_CUE
    return [x for m in rx.finditer(ctx.text) if (x := m.group("x").strip().casefold()) not in _NO_THING
            and not (ctx.lang == "en" and (_EN_NEGATED.search(ctx.text[max(0, m.start() - 12):m.start()])
                                           or _EN_DESCRIBED.search(ctx.text, max(0, m.start() - 40), m.start())))]


def _holds(value: str, thing: str) -> bool:
    """Whether ``value`` says ``thing`` whole (as words, when it is Latin)."""
    if thing.isascii():
        return re.search(r"(?<![A-Za-z0-9])" + re.escape(thing) + r"(?![A-Za-z0-9])", value, re.I) is not None
    return thing in value


def without(value: str, thing: str, saying: bool) -> str:
    """``value`` less its clauses (a want or a problem, ``saying``) or parts that hold ``thing``; empty: none left.

    >>> without("thinking of adding a few days in zanzibar after too", "zanzibar", True)
    ''
    >>> without("we get the keys on the 16th. want a snagging survey. do u do thermal imaging too", "thermal", True)
    'we get the keys on the 16th. want a snagging survey.'
    >>> without("Freesat twin feed + bedroom point", "bedroom point", False)
    'Freesat twin feed'
    """
    if saying:
        cuts = [m.span() for m in _CLAUSE.finditer(value)]
        bounds = [0] + [b for _, b in cuts] + [len(value)]
        kept = [value[a:b] for a, b in zip(bounds, bounds[1:]) if not _holds(value[a:b], thing)]
        return "".join(kept).strip(" ,，")
    parts = _PART.split(value)
    return " + ".join(p for p in parts if not _holds(p, thing)) if len(parts) > 1 else ""


@step("forgone", roles=("user",))
def forgone(ctx: MessageContext) -> list[_Unit]:
    """Supersede (or retract) each current fact of an earlier message holding a thing this message gives up."""
    things = forgone_things(ctx)
    if not things:
        return []
    # (prec32en) the thing given up is no value of this message either ("forget what i said about the 21st")
    ctx.units[:] = [u for u in ctx.units if not (ctx.lang == "en" and isinstance(u, FactUnit) and not u.supersedes
                                                 and _ARTICLE.sub("", str(u.value).strip().casefold()) in things)]
    G = ctx.graph
    moved = {u.supersedes for u in ctx.units if isinstance(u, FactUnit) and u.supersedes}
    stated = {u.key for u in ctx.units if isinstance(u, FactUnit)}  # a fact this message restates follows it already
    out: list[_Unit] = []
    for fid in list(G.graph["current_fact"].values()):
        d = G.nodes[fid]
        value = str(d["value"])
        thing = next((x for x in things if _holds(value, x)), None)
        if thing is None or fid in moved or d["key"] in stated or d.get("turn") == ctx.index:
            continue
        rest = without(value, thing, d["key"].startswith(("want", "problem")))
        if rest and rest != value:
            out.append(FactUnit(key=d["key"], name=d["name"], value=rest, correction=True, supersedes=fid,
                                slot=d.get("slot"), group=d.get("group")))
        elif not rest:
            out.append(RetractUnit(fact=fid))
    return out
