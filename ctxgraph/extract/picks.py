"""The picks step: the user takes one of the alternatives the assistant just named in words.

The offers step decides on options that are entities (a product, a venue, a date). Many choices
in customer service are words no entity rule knows: a repair by mail or at a shop ("可以寄修，
也可以去小米之家" - "寄修吧"), a colour ("雾霾蓝（14件）和米白（3件）" - "雾霾蓝吧"), a payment plan
("3期、6期或12期" - "还是12期吧"). When one of the assistant's last messages lists alternatives
(the pack's ``alternatives`` cues: "or", "还是", "也可以" ...) and a short clause of the user's
reply repeats a distinctive part of exactly one of them, that alternative is the user's choice:
a fact keyed ``choice_t<turn>`` (one key per list, so a later pick from the same list replaces the
earlier one, and a pick from another list stands beside it). Questions, declining clauses
("米白太容易脏了不要") and parts a fact of this message already holds pick nothing.

>>> from ctxgraph import Tracker
>>> t = Tracker("zh")
>>> t.observe_many([{"role": "assistant", "content": "您的小米13已过保，换电池149元。可以寄修，也可以去小米之家。"},
...                 {"role": "user", "content": "寄修吧 附近没店"}])
>>> [(f.name, f.value) for f in t.state().facts if f.status == "current"]
[('choice', '可以寄修')]
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from .._units import FactUnit, _Unit
from ..lang import content_words
from .context import MessageContext
from .registry import step
from .text import clauses, first_match, in_spans

#: how far back the alternatives may be: this many assistant messages
LOOK_BACK = 4
#: a reply clause longer than this (characters) states more than a pick
MAX_CLAUSE_CHARS = 40
#: a chosen alternative is kept up to this many characters
MAX_VALUE_CHARS = 60
# where one alternative ends and the next begins
_SEGMENT_SPLIT = re.compile(r"[，,、；;。.!?！？:：()（）\n]|\b(?:or|and|either)\b|还是|或者|或|和|以及|也可以|①|②|③|④|⑤", re.I)
_CJK = re.compile(r"[\u4e00-\u9fff]")
# a clause that declines or complains about what it names picks nothing ("not saturday", "Rust is
# a bit loud for me", "保额降太多了")
_NOT_A_PICK = re.compile(r"\b(?:not|no|never|too|a bit)\b|n't\b|不|别|太", re.I)


def _normal(text: str) -> str:
    return re.sub(r"[-_]", " ", text.casefold())


def _segments(text: str) -> list[str]:
    return [s.strip() for s in _SEGMENT_SPLIT.split(text) if s and s.strip()]


def _distinctive(part: str, lang: str) -> bool:
    """A part worth matching: three Chinese characters, two that make a content word ("寄修",
    not "好的"), one with a digit ("6期"); or a content word of four letters or more."""
    if _CJK.search(part):
        cjk, digits = len(_CJK.findall(part)), len(re.findall(r"\d", part))
        return cjk >= 3 or (cjk >= 1 and digits >= 1) or (cjk >= 2 and bool(content_words(part, "zh")))
    return any(len(w) >= 4 for w in content_words(part, lang))


def _whole(part: str, text: str) -> bool:
    """A Latin part stands as whole words in ``text`` ("mail in", not "ail i")."""
    if _CJK.search(part) or not part.strip():
        return True
    p = part.strip()
    return re.search(rf"(?<![a-z0-9]){re.escape(p)}(?![a-z0-9])", text) is not None


def _shared(clause: str, segment: str, lang: str, slot_words: re.Pattern | None) -> str:
    """The longest distinctive part ``clause`` and ``segment`` share; a slot word is no part
    ("请提供订单号或者手机号" - "订单号 VP26..." gives a value, it picks nothing)."""
    a, b = _normal(clause), _normal(segment)
    m = SequenceMatcher(None, a, b, autojunk=False).find_longest_match(0, len(a), 0, len(b))
    part = b[m.b:m.b + m.size].strip()
    bare = slot_words.sub(" ", part) if slot_words else part
    return part if part and _distinctive(bare, lang) and _whole(part, a) and _whole(part, b) else ""


def _pick(clause: str, text: str, lang: str, slot_words: re.Pattern | None) -> str | None:
    """The one alternative of ``text`` the clause repeats a part of (the longest part; None
    when two alternatives share it or none does)."""
    scored = sorted(((len(p), s) for s in _segments(text) if (p := _shared(clause, s, lang, slot_words))),
                    reverse=True)
    if not scored or (len(scored) > 1 and scored[0][0] == scored[1][0] and scored[0][1] != scored[1][1]):
        return None
    return scored[0][1][:MAX_VALUE_CHARS]


def _listing_turns(ctx: MessageContext) -> list[tuple[int, str]]:
    """(turn index, text) of the last assistant messages that list alternatives, newest first."""
    G, out, seen = ctx.graph, [], 0
    for node in reversed(G.graph["kinds"].get("turn", [])[-8:]):
        d = G.nodes[node]
        if d["role"] != "assistant" or not d["text"].strip():
            continue
        seen += 1
        if first_match(ctx.pack.alternatives, d["text"]):
            out.append((d["index"], d["text"]))
        if seen == LOOK_BACK:
            break
    return out


@step("picks", roles=("user",))
def picks(ctx: MessageContext) -> list[_Unit]:
    """The alternative the user's short reply picks, as a ``choice_t<turn>`` fact."""
    if not ctx.pack.alternatives:
        return []
    listing = _listing_turns(ctx)
    if not listing:
        return []
    held = [_normal(u.value) for u in ctx.units_of(FactUnit)]
    slot_words = ctx.pack.synonym_rx
    chosen: dict[str, str] = {}
    for offset, clause in clauses(ctx.text):
        if len(clause.strip()) > MAX_CLAUSE_CHARS or in_spans(offset, ctx.asked) \
                or first_match(ctx.pack.rejects, clause) or _NOT_A_PICK.search(clause):
            continue
        for turn, text in listing:
            value = _pick(clause, text, ctx.lang, slot_words)
            if value is None:
                continue
            if not any(_normal(value) in h or h in _normal(value) for h in held if h):
                chosen.setdefault(_same_choice(ctx, text, value, slot_words) or f"choice_t{turn}", value)
            break
    return [FactUnit(key=key, name="choice", value=value, correction=ctx.correcting, stressed=ctx.stressed)
            for key, value in chosen.items()]


def _same_choice(ctx: MessageContext, text: str, value: str, slot_words: re.Pattern | None) -> str | None:
    """The key of an earlier choice that this list offers again beside the new pick ("Still want
    the remake, or the refund or credit instead?"): the new pick replaces it."""
    G = ctx.graph
    for key, fid in G.graph["current_fact"].items():
        d = G.nodes[fid]
        if not str(d.get("key", "")).startswith("choice_t"):
            continue
        if any(s != value and _shared(d["value"], s, ctx.lang, slot_words) for s in _segments(text)):
            return d["key"]
    return None
