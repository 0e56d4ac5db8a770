"""Offers and decisions: which option the user takes or declines, and changes of goal.

The assistant's options are facts with status "offered" (the facts step makes them). A
user's message accepts one by name ("Essentials Plus then", "就订北京云天酒店"), by position
("the second one", "第二个"), by a detail of its offer ("就128那个"), or with an accepting
cue; it rejects one with a declining cue ("not the Starter", "首都机场那家就算了"). A tool
result that names an offered option (a booking the tool confirms) accepts it.

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> _ = t.observe({"role": "assistant", "content": "We have the MacBook Air M3 at $1099 and the Surface Pro 11 at $999."})
>>> _ = t.observe({"role": "user", "content": "Not the Surface. I'll take the MacBook Air M3."})
>>> sorted((f.value, f.status) for f in t.state().facts)
[('MacBook Air M3', 'current'), ('Surface Pro 11', 'rejected')]
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from .. import _graph as g
from .._units import ActionResultUnit, DecisionUnit, FactUnit, GoalUnit, _Unit
from .context import MessageContext
from .registry import step
from .text import clauses, cut_at_boundary, first_match, in_spans, question_sentences, whole_words
from .unmet import breaks
from ..lang.en import STOP_WORDS

_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_CJK = re.compile(r"[\u4e00-\u9fff]")


def _offers(ctx: MessageContext) -> list[tuple[str, dict]]:
    G = ctx.graph
    return [(f, G.nodes[f]) for f in G.graph.get("offers", ()) if G.nodes[f]["status"] == "offered"]


def _named(clause: str, offers) -> list[str]:
    """Offers whose value the clause names, longest value first (no two for one span)."""
    folded = clause.casefold()
    hits = [(f, d) for f, d in offers if len(d["value"]) > 1 and d["value"].casefold() in folded]
    hits.sort(key=lambda h: -len(h[1]["value"]))
    chosen, taken = [], []
    for f, d in hits:
        v = d["value"].casefold()
        if not any(v in other for other in taken):
            chosen.append(f)
            taken.append(v)
    return chosen


def _by_part(clause: str, offers) -> list[str]:
    """The one offer a clause names by a distinctive part: "not the Dell" (Dell XPS 13),
    "首都机场那家" (首都机场希尔顿酒店). The part is the longest text the clause and the
    value share, at least 3 characters (2 Chinese ones), and longer than any other offer's."""
    folded = clause.casefold()
    scored = []
    for f, d in offers:
        value = d["value"].casefold()
        m = SequenceMatcher(None, folded, value, autojunk=False).find_longest_match(0, len(folded), 0, len(value))
        part = value[m.b:m.b + m.size].strip()
        cjk = sum("\u4e00" <= ch <= "\u9fff" for ch in part)
        if (cjk >= 2 or len(part) >= 3) and not part.isdigit() and _whole_words(part, value, folded) \
                and not _function_words_only(part):
            scored.append((len(part), f))
    scored.sort(reverse=True)
    if scored and (len(scored) == 1 or scored[0][0] > scored[1][0]):
        return [scored[0][1]]
    return []


def _function_words_only(part: str) -> bool:
    """A latin part made of function words only ("and" of "Bed and Breakfast" in "on Tuesday and
    leave") names no option.

    >>> _function_words_only("and"), _function_words_only("of the"), _function_words_only("dell")
    (True, True, False)
    """
    words = re.findall(r"[a-z0-9]+", part)
    return bool(words) and not _CJK.search(part) and all(w in STOP_WORDS for w in words)


def _whole_words(part: str, value: str, clause: str) -> bool:
    """A latin part must be whole words in the value and in the clause ("dell", not "ell")."""
    if not re.search(r"[a-z0-9]", part):
        return True
    return whole_words(part, value) and whole_words(part, clause)


def _by_position(ctx: MessageContext, clause: str, offers) -> list[str]:
    """"the second one", "第二个": the n-th option of the latest list (-1: the last)."""
    if not offers:
        return []
    latest = max(d["turn"] for _, d in offers)
    listed = [f for f, d in offers if d["turn"] == latest]
    index, _ = ctx.pack.position(clause, len(listed))
    return [listed[index]] if index is not None else []


def _by_detail(clause: str, offers) -> list[str]:
    """"就128那个": the one option whose offer holds a number the clause names."""
    numbers = set(_NUMBER.findall(clause))
    if not numbers:
        return []
    hits = [f for f, d in offers if numbers & set(_NUMBER.findall(d.get("detail") or ""))
            and not numbers & set(_NUMBER.findall(d["value"]))]
    return hits if len(hits) == 1 else []


@step("offers", roles=("user",))
def offers(ctx: MessageContext) -> list[_Unit]:
    """Decisions on the assistant's open options, clause by clause."""
    open_offers = _offers(ctx)
    if not open_offers:
        return []
    units: list[_Unit] = []
    decided: set[str] = set()
    # a name this message already read as another slot's value (a reference point "X附近", a
    # trip's end "从X打车到Y") is not a choice among the options
    read = [u.value for u in ctx.units_of(FactUnit) if not u.offered and len(u.value) > 1]
    for offset, said in clauses(ctx.text):
        clause = _without(said, read)
        if in_spans(offset, ctx.asked) or (first_match(ctx.pack.question_words, clause)
                                           and not first_match(ctx.pack.accepts, clause)):
            # the question as said: a loose read around the name ("postcode for Clare College")
            # must not hide the one thing it asks about
            for f in _inquired_by_name(ctx, said, open_offers):
                if f not in decided:
                    decided.add(f)
                    units.append(DecisionUnit(fact=f, decision="accepted"))
            continue  # "is the Plus cheaper?", "华为和联想哪个散热好点" (no question mark) decide nothing
        rejecting = bool(first_match(ctx.pack.rejects, clause))
        # an offer whose value is itself an answer word ("parking: yes") is not named by a "yes"
        nameable = [(f, d) for f, d in open_offers if not first_match(ctx.pack.accepts, str(d["value"]))]
        picked = _named(clause, nameable) or _by_position(ctx, clause, open_offers) \
            or _by_part(clause, nameable)
        if not picked and not rejecting:
            picked = _by_detail(clause, open_offers)
        for f in picked:
            if f not in decided:
                decided.add(f)
                units.append(DecisionUnit(fact=f, decision="rejected" if rejecting else "accepted"))
    if not units and _accepts(ctx):
        units = _the_one_just_offered(ctx, open_offers)
    elif not units and first_match(ctx.pack.inquiries, ctx.text):
        # "can I get their address?" after the assistant named one thing: that one
        units = [u for u in _the_one_just_offered(ctx, open_offers)
                 if _names_a_thing(ctx, ctx.graph.nodes[u.fact])]
    # one accepted option per key: the last one the message names
    accepted: dict[str, DecisionUnit] = {}
    for u in units:
        if u.decision == "accepted":
            accepted[ctx.graph.nodes[u.fact]["key"]] = u
    return [u for u in units if u.decision == "rejected" or accepted.get(ctx.graph.nodes[u.fact]["key"]) is u]


def _inquired_by_name(ctx: MessageContext, clause: str, offers) -> list[str]:
    """A question asking how to reach or visit one offered thing it names takes it
    ("Can I have the postcode for Holy Trinity Church?"); a question comparing options
    ("is the Plus cheaper?") or asking anything else decides nothing."""
    if not first_match(ctx.pack.inquiries, clause):
        return []
    named = [f for f in _named(clause, offers) if _names_a_thing(ctx, ctx.graph.nodes[f])]
    return named if len(named) == 1 else []


def _without(clause: str, values: list[str]) -> str:
    """``clause`` with each of ``values`` blanked out (case-insensitively).

    >>> _without("从北京饭店打车到故宫", ["北京饭店"])
    '从    打车到故宫'
    """
    for v in values:
        clause = re.sub(re.escape(v), " " * len(v), clause, flags=re.IGNORECASE)
    return clause


def _names_a_thing(ctx: MessageContext, d: dict) -> bool:
    """The offer is an option itself (a venue, a product), not an attribute of one."""
    slot = ctx.pack.slots.get(d.get("slot") or "")
    return slot is not None and bool(slot.types) and all(ctx.pack.is_thing(t) for t in slot.types)


def _accepts(ctx: MessageContext) -> bool:
    """The message holds an accepting cue and asks nothing but requests: "Yes, book it",
    "Great, can you book a table for 8?" (a request to book proposes), not "Yes, is it cheap?"."""
    pure = [(s, e) for s, e in ctx.asked if not any(ps <= s < pe for ps, pe in ctx.proposed)]
    return not pure and bool(first_match(ctx.pack.accepts, ctx.text)) and not _OPENS_NO.match(ctx.text)


#: (lead21f) a reply that opens with a no ("no, I'm at work then": its "then" accepts nothing; "no problem" does not say no)
_OPENS_NO = re.compile(r"^\W*(?:no|nope|nah)\b(?!\s*(?:problem|worries|bother|rush)\b)|^\W*(?:不行|不用|不要|不了|算了)")


def _assistant_spoke_since(G, turn: int, now: int) -> bool:
    """Whether an assistant message lies between ``turn`` and ``now``: read backwards from
    ``now``, so the walk ends at the newest assistant message, not at an old offer's turn."""
    for i in range(now - 1, turn, -1):
        node = G.nodes.get(f"t{i}")
        if node is not None and node["role"] == "assistant":
            return True
    return False


def _the_one_just_offered(ctx: MessageContext, offers) -> list[_Unit]:
    """"Yes, book it" (or "great, can you book it for Friday?") after the assistant's last message
    offered one thing for a key (a venue, a product), or proposed one value in a question
    ("Shall I book it for 2 nights?"), or any value of a message asking the user to confirm
    ("Please confirm: a table for 2 at 7 pm."): that one. The option's attributes the assistant stated
    stay its description ("TR5049 leaves at 14:48.": not the user's time).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en", packs=["booking"])
    >>> _ = t.observe({"role": "user", "content": "I need a cheap hotel in the north."})
    >>> _ = t.observe({"role": "assistant", "content": "I would recommend the Acorn Guest House. Shall I book it?"})
    >>> [f.status for f in t.state().facts if "Acorn" in f.value]
    ['offered']
    >>> _ = t.observe({"role": "user", "content": "Yes, book it for 2 nights please."})
    >>> [f.status for f in t.state().facts if "Acorn" in f.value]
    ['current']
    """
    G = ctx.graph
    last = max((d["turn"] for _, d in offers), default=None)
    if last is None or _assistant_spoke_since(G, last, ctx.index):
        return []  # the option was not in the assistant's last message
    text = G.nodes[f"t{last}"]["text"] if G.has_node(f"t{last}") else ""
    asked = [text[s:e].casefold() for s, e in question_sentences(text)]
    confirming = bool(first_match(ctx.pack.confirms, text))  # "Please confirm: a table for 2 at 7 pm"
    by_key: dict[str, list[str]] = {}
    for fid, d in offers:
        # the thing offered, and the values the assistant's question proposes ("Shall I book it
        # for Friday?", "Confirming a table for 2 at 11:45?"); what it states of an option
        # ("TR5049 leaves at 14:48.", "It is in the east.") describes it, the user did not ask for it
        if _breaks_a_wish(ctx, d):
            continue  # "评分是3.5分，您看可以么？" - "行": the option taken, the wish given up (unmet), not 3.5 wished
        if d["turn"] == last and (confirming or _names_a_thing(ctx, d) or any(d["value"].casefold() in q for q in asked)):
            by_key.setdefault(d["key"], []).append(fid)
    return [DecisionUnit(fact=ids[0], decision="accepted") for ids in by_key.values() if len(ids) == 1]


def _breaks_a_wish(ctx: MessageContext, d: dict) -> bool:
    """The offered value breaks the user's current value of its key (see ``extract/unmet.py``)."""
    if not ctx.pack.unmet:
        return False
    G = ctx.graph
    return any(G.nodes.get(f"t{G.nodes[f]['turn']}", {}).get("role") == "user"
               and breaks(ctx, d.get("slot"), G.nodes[f]["value"], d["value"])
               for f in g.current_with_key(G, d["key"]))


@step("offers_confirmed", roles=("tool",), needs_text=False)
def offers_confirmed(ctx: MessageContext) -> list[_Unit]:
    """A successful tool result that names an offered option (a booking it confirms) accepts it; one
    that names two or more options of one key lists them (a lookup of what is free: "scripts":
    ["长安夜宴", "山村旧事"]) and accepts none of them (prec9: each was accepted in turn, the last one
    current).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "assistant", "content": "推荐这几个：《长安夜宴》古风本，《雾都谜案》推理本，《山村旧事》恐怖本。"},
    ...                 {"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function",
    ...                  "function": {"name": "check_rooms", "arguments": "{}"}}]},
    ...                 {"role": "tool", "tool_call_id": "c1", "content": '{"scripts": ["长安夜宴", "山村旧事"]}'}])
    >>> sorted(f.status for f in t.state().facts if f.key == "item")
    ['offered', 'offered', 'offered']
    """
    if not any(u.status == "ok" for u in ctx.units_of(ActionResultUnit)):
        return []
    values = ctx.message.text[:20_000].casefold()  # the payload, not only its key fields
    named = [(f, d) for f, d in _offers(ctx) if len(d["value"]) > 1 and d["value"].casefold() in values]
    per_key: dict[str, int] = {}
    for _, d in named:
        per_key[d["key"]] = per_key.get(d["key"], 0) + 1
    return [DecisionUnit(fact=f, decision="accepted") for f, d in named if per_key[d["key"]] == 1]


@step("goal_change", roles=("user",))
def goal_change(ctx: MessageContext) -> list[_Unit]:
    """The goal follows the user's latest intent: "actually, cancel the order", "不买了"."""
    if ctx.graph.graph["goal"] is None or ctx.units_of(GoalUnit):
        return []
    for offset, clause in clauses(ctx.text):
        if not in_spans(offset, ctx.asked) and first_match(ctx.pack.goal_changes, clause):
            return [GoalUnit(text=cut_at_boundary(clause, 200))]
    return []
