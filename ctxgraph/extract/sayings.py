"""(prec23) The user's sentences follow a value whoever changes it.

The want and the problem are sentences the user said ("Need indoor courts", "offer accepted at £245,000"); the
values in them are facts of their own, and the steps ``wants`` and ``problems_follow`` let the sentence follow
a value the user changes as a change ("actually", "改成"). A value also moves without a word of change, or in
the assistant's or a tool's message: "预算可以到3300" after "预算3000以内", a booking switched to "outdoor"
after "indoor", a price renegotiated and confirmed by the assistant ("£238,500"). Then the fact moves (its key
gets the new value) while the sentence still holds the old one, and the state says both.

The step ``sayings_follow`` runs after the steps that make facts: for every fact of this message that
replaces a current fact of its key with another value, a current want or problem that holds the old value as
said (whole, not inside a longer word or number) gets the new value in its place. A restatement (the old value
inside the new one, "后天" -> "后天 10月20日") changes nothing; a want or problem this message already states
is left to the step that stated it.

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> t.observe_many([{"role": "user", "content": "hi, me and my partner are buying our first flat, offer accepted at £245,000. Need a conveyancing quote"},
...                 {"role": "assistant", "content": "Got it, purchase price £245,000."},
...                 {"role": "user", "content": "we renegotiated to 238,500"},
...                 {"role": "assistant", "content": "Updated, purchase price £238,500."}])
>>> [f.value for f in t.state().facts if f.key == "problem" and f.status == "current"]
['me and my partner are buying our first flat, offer accepted at £238,500']
"""

from __future__ import annotations

import re

from .. import _graph as g
from .._units import FactUnit, _Unit
from .context import MessageContext
from .registry import step

#: the keys of the user's sentences that follow their values
SAYING_KEYS = ("want", "problem")
#: an old value shorter than this says too little to be found in a sentence ("L", "3")
MIN_OLD_CHARS = 2


def _replaced(ctx: MessageContext, u: FactUnit) -> dict | None:
    """The current fact the fact ``u`` replaces (the one it names as superseded, else the current fact of its key and
    subject), as its node data; None when there is none."""
    G = ctx.graph
    subject = G.graph["entity_by_key"].get(u.subject) if u.subject else None
    old = u.supersedes or G.graph["current_fact"].get(g.fact_slot(u.key, subject))
    if not old or old not in G or G.nodes[old].get("status") != "current":
        return None
    return G.nodes[old]


def replaced_values(ctx: MessageContext) -> list[tuple[str, str]]:
    """(old, new) for each fact of this message that replaces a current fact of its key (or the one it names
    as superseded) with another value; the user's sentences are no such facts, and a restatement (the old
    value inside the new one, or the same number) is none."""
    out = []
    for u in ctx.units:
        if not isinstance(u, FactUnit) or u.offered or u.key.startswith(SAYING_KEYS):
            continue
        d = _replaced(ctx, u)
        if d is None:
            continue
        was = str(d.get("value") or "").strip()
        if d.get("key") != u.key or g.same_value(d, u):
            continue
        if len(was) >= MIN_OLD_CHARS and was.casefold() not in u.value.casefold() and alike(was, u.value):
            out.append((was, u.value.strip()))
    return out


#: a number, in digits or Chinese numerals, with the signs around it ("£245,000", "3000", "四十")
_NUMBER = re.compile(r"[£$€¥￥]?\s?(?:\d[\d,]*(?:\.\d+)?|[零一二两三四五六七八九十百千万]+)")
#: a bound word around a number, no part of its unit ("3000以内", "max 600", "under £50")
_BOUND = re.compile(r"以内|以下|以上|之内|左右|\b(?:max|maximum|min|minimum|under|over|about|around|up to)\b", re.I)
#: the letters a word shares with another of its kind at the end ("indoor" / "outdoor"); (zh) the last character
SHARED_TAIL = 3


def _unit(value: str) -> str:
    """What a number counts, as said: the value less its numbers, currency signs and bound words, casefolded
    ("£245,000" -> "", "两年" -> "年", "3000以内" -> "")."""
    return re.sub(r"\s+", " ", _BOUND.sub(" ", _NUMBER.sub(" ", value))).strip().casefold()


def alike(old: str, new: str) -> bool:
    """``new`` is another value of the kind ``old`` is, so a sentence may swap one for the other: two numbers
    of the same unit and another amount ("£245,000" / "£238,500", "3000以内" / "3300"), or two words of a kind,
    (en) one word each sharing their last three letters ("indoor" / "outdoor"), (zh) as long as each other
    with the same last character ("全马" / "半马"). The fact rules often give one key to two things ("两年" and
    "每次两个小时" as a duration, "河南" and "东北" as a place): a sentence follows no such move.

    >>> alike("£245,000", "£238,500"), alike("3000以内", "3300"), alike("两年", "每次两个小时"), alike("16", "242450元")
    (True, True, False, False)
    >>> alike("indoor", "outdoor"), alike("河南", "东北"), alike("四十来吨", "四十吨"), alike("Manchester", "Priya Raman")
    (True, False, False, False)
    """
    old, new = old.strip(), new.strip()
    a, b = _NUMBER.findall(old), _NUMBER.findall(new)
    if a or b:
        return len(a) == len(b) == 1 and a[0] != b[0] and _unit(old) == _unit(new)
    if old.isascii() and new.isascii():
        return bool(re.fullmatch(r"[a-z-]+", old) and re.fullmatch(r"[a-z-]+", new)) and old[-SHARED_TAIL:] == new[-SHARED_TAIL:]
    return len(old) == len(new) and old[-1] == new[-1]


def _held(value: str, old: str) -> re.Match | None:
    """Where ``value`` holds ``old`` whole: no letter or digit glued to an ASCII edge ("12" is not in "120")."""
    head = r"(?<![A-Za-z0-9])" if old[:1].isascii() and old[:1].isalnum() else ""
    tail = r"(?![A-Za-z0-9])" if old[-1:].isascii() and old[-1:].isalnum() else ""
    return re.search(head + re.escape(old) + tail, value, re.I)


def followed(value: str, swaps: list[tuple[str, str]]) -> str:
    """``value`` with each old value it holds whole replaced by the new one.

    >>> followed("Need indoor courts, after 6", [("indoor", "outdoor")])
    'Need outdoor courts, after 6'
    >>> followed("room for 12 people", [("1", "2"), ("12 people", "14 people")])
    'room for 14 people'
    """
    for old, new in swaps:
        at = _held(value, old)
        if at and not _held(value, new):
            value = value[:at.start()] + new + value[at.end():]
    return value


def users_sayings(ctx: MessageContext) -> list[dict]:
    """The current wants and problems the user said in an earlier message that this message does not say again: the
    sayings a value this message replaces may follow into (here and in the slips step)."""
    G = ctx.graph
    stated = {u.key for u in ctx.units if isinstance(u, FactUnit) and u.key.startswith(SAYING_KEYS)}
    facts = [G.nodes[f] for k, f in G.graph["current_fact"].items() if k.startswith(SAYING_KEYS)]
    return [d for d in facts if d["key"] not in stated and G.nodes.get(f"t{d['turn']}", {}).get("role") == "user"]


@step("sayings_follow", roles=("user", "assistant", "tool"), needs_text=False)
def sayings_follow(ctx: MessageContext) -> list[_Unit]:
    """The current wants and problems, with the values this message replaces replaced (see the module)."""
    swaps = replaced_values(ctx)
    if not swaps:
        return []
    out: list[_Unit] = []
    for d in users_sayings(ctx):
        value = followed(str(d["value"]), swaps)
        if value != d["value"]:
            out.append(FactUnit(key=d["key"], name=d["name"], value=value, subject=None, stressed=d["stressed"]))
    return out


#: where the items of a list fact part ("Priyanka Sharma, Rohan Sharma")
_ITEMS = re.compile(r"\s*[,，、]\s*")


def fuller(old: str, new: str) -> bool:
    """``new`` is ``old`` said in full: every word of ``old``, in order, with more between or around them
    ("Rohan Sharma" -> "Rohan Kumar Sharma").

    >>> fuller("Rohan Sharma", "Rohan Kumar Sharma"), fuller("Rohan Sharma", "Priya Raman"), fuller("Rohan", "Rohan")
    (True, False, False)
    """
    a, b = old.casefold().split(), new.casefold().split()
    if not a or len(b) <= len(a):
        return False
    it = iter(b)
    return all(w in it for w in a)


@step("lists_follow", roles=("user", "assistant", "tool"), needs_text=False)
def lists_follow(ctx: MessageContext) -> list[_Unit]:
    """(prec23) A value said again in full ("Rohan's legal name is Rohan Kumar Sharma" after "Rohan Sharma") also
    replaces its item in the lists the state holds ("passengers: Priyanka Sharma, Rohan Sharma", a booking's record):
    the list is superseded by the list with the full value. Only a fuller form moves an item; another value under the
    same key may be another thing."""
    G = ctx.graph
    swaps = []
    for u in ctx.units:
        d = _replaced(ctx, u) if isinstance(u, FactUnit) and not u.offered else None
        if d is not None and fuller(str(d["value"]), u.value):
            swaps.append((str(d["value"]).casefold(), u.value.strip()))
    if not swaps:
        return []
    stated = {u.key for u in ctx.units if isinstance(u, FactUnit)}
    out: list[_Unit] = []
    for fid in list(G.graph["current_fact"].values()):
        d = G.nodes[fid]
        items = _ITEMS.split(str(d["value"]))
        if len(items) < 2 or d["key"] in stated:
            continue
        moved = [next((new for old, new in swaps if item.casefold() == old), item) for item in items]
        if moved != items:
            sep = "、" if "、" in str(d["value"]) else ", "
            out.append(FactUnit(key=d["key"], name=d["name"], value=sep.join(moved), stressed=d["stressed"], supersedes=fid,
                                slot=None if d.get("phrase") else d.get("slot")))
    return out
