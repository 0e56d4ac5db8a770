"""Constraints and promises follow the facts (issue 19).

- ``constraint_values``: a constraint that states a slot's value follows that value when the
  user changes it: "nightly budget 500, that's a must" then "改成800" lifts the rule with 500
  and states it again with 800.
- ``promises_kept``: a tool call that does what an open promise said ("I'll text you the
  form" and a successful ``send_sms`` with the form) closes the promise as done.

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> t.observe_many([{"role": "user", "content": "My budget is $500, it must be under $500 a night."},
...                 {"role": "user", "content": "Actually make the budget $800."}])
>>> [(c.text, c.status) for c in t.state().constraints]
[('it must be under $500 a night', 'lifted'), ('it must be under $800 a night', 'active')]
"""

from __future__ import annotations

import re

from .. import _graph as g
from .._units import ActionResultUnit, ConstraintUnit, FactUnit, FulfilUnit, LiftUnit, _Unit
from .bounds import bound, satisfies
from .context import MessageContext
from .facts import _token_at
from .registry import step
from .text import first_match

_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")
#: a value that is a date: it names a month, or a day of one ("2 oct", "10月3号", "the 14th")
_DATED = re.compile(r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b|\d\s*(?:月|号|日)|\b\d{1,2}(?:st|nd|rd|th)\b|\b\d{4}-\d\d-\d\d\b", re.I)
#: a tool call and a promise share at least this many content words to be one deed
KEPT_OVERLAP = 2
#: a check that asked the user for input is kept by a tool call at most this many messages later
CHECK_TURNS = 2


def _core(value: str) -> str:
    """What a constraint repeats of a value: its number ("$500" -> "500"), else the value.

    >>> _core("$1,500/night"), _core("window seat")
    ('1,500', 'window seat')
    """
    m = _NUMBER.search(value)
    return m.group(0) if m else value.strip()


def _numeric(core: str) -> bool:
    """Whether a value's core (:func:`_core`) is a number, its separators aside: "1,200" is one as much as "1400"
    (cons32: "£1,200 max" then "we can push to £1,400" left the old bound active, the old number read as a word).

    >>> _numeric("1,200"), _numeric("1400"), _numeric("12.50"), _numeric("window seat")
    (True, True, True, False)
    """
    return core.replace(",", "").replace(".", "").isdigit()


@step("constraint_values", roles=("user",))
def constraint_values(ctx: MessageContext) -> list[_Unit]:
    """Active constraints holding a value this message changes: lifted, and stated again
    with the new value."""
    G = ctx.graph
    stated = [u for u in ctx.units_of(FactUnit) if not u.offered]
    if not stated or not G.graph["open_items"]["constraint"]:
        return []
    units: list[_Unit] = []
    done = {u.constraint for u in ctx.units_of(LiftUnit)}
    for u in stated:
        if u.key.startswith("person_"):
            continue  # "my sister is Agnieszka" names the person a rule is about, it moves no value (cons16)
        for fid in ([u.supersedes] if u.supersedes else g.current_with_key(G, u.key)):
            old, new = _core(str(G.nodes[fid]["value"])), _core(u.value)
            if not old or old.casefold() == new.casefold() or _numeric(old) != _numeric(new):
                continue  # a number follows a number, a word a word
            if _dated(str(G.nodes[fid]["value"])) != _dated(u.value):
                continue  # a date follows a date: "starts 2 oct" keeps its day when a count becomes 500 (cons9)
            for cid, d in g.active_rules_holding(G, old):  # an index: not all active ones
                at = _token_at(old, d["text"])
                if cid in done or at < 0 or _inside(ctx, d["text"], u.value) or _excluded(d) \
                        or _other_unit(str(G.nodes[fid]["value"]), d["text"], at, old) \
                        or _count_for_clock(u.value if new != u.value.strip() else ctx.text, new, d["text"], at, old):
                    continue
                done.add(cid)
                units += [LiftUnit(constraint=cid),
                          ConstraintUnit(text=d["text"][:at] + new + d["text"][at + len(old):],
                                         polarity=d["polarity"], stressed=bool(d.get("stressed")))]
    return units


#: (acts22) what a number is counted in, right after it: a Han measure word, a clock's colon, am or pm
_UNIT_AFTER = re.compile(r"\s*([\u4e00-\u9fff]|[:：]|am\b|pm\b)", re.I)


def _other_unit(value: str, rule: str, at: int, old: str) -> bool:
    """(acts22) The rule says the value's number in another unit ("10点半之前要结束" beside the people "10个人"): a
    clock, not the count, so the rule does not follow the count.

    >>> _other_unit("10个人", "10点半之前要结束", 0, "10"), _other_unit("500元", "别超过500元", 3, "500")
    (True, False)
    >>> _other_unit("$500", "must be under $500 a night", 15, "500")
    False
    """
    here = _UNIT_AFTER.match(value, value.find(old) + len(old))
    there = _UNIT_AFTER.match(rule, at + len(old))
    return bool(here and there and here.group(1).casefold() != there.group(1).casefold())


#: (cons28) a count's thing right after its number ("12 standard", "14 people"), not a clock's am/pm nor a span of time
_COUNTED = re.compile(r"\s*(?!(?:am|pm|o'?clock|ish|h|hrs?|hours?|mins?|minutes?|days?|weeks?|months?|years?)\b)[a-z]{2,}", re.I)
#: (cons28) a bound word right before a rule's number, and nothing counted after it: a clock ("not before 9", "by 6")
_CLOCK_BEFORE = re.compile(r"\b(?:before|after|by|until|till|til|from|past)\s*$", re.I)


def _count_for_clock(value: str, new: str, rule: str, at: int, old: str) -> bool:
    """(cons28) In spaced writing, a new value that counts things ("make it 12 standard") does not move a rule's clock
    bound said with the old bare number ("servicing yes but not before 9"): the rule keeps its hour. A bare number is read
    in the message said (``value``: "make it 12 standard after all").

    >>> _count_for_clock("12 standard", "12", "servicing yes but not before 9, people sleeping", 29, "9")
    True
    >>> _count_for_clock("$800", "800", "it must be under $500 a night", 17, "500")
    False
    >>> _count_for_clock("10 people", "10", "max 8 people", 4, "8"), _count_for_clock("10am", "10", "not before 9", 11, "9")
    (False, False)
    """
    said = re.search(rf"(?<![\d.,]){re.escape(new)}(?![\d.,]\d)", value)
    counted = _COUNTED.match(value, said.end()) if said else None
    return bool(counted) and bool(_CLOCK_BEFORE.search(rule[:at])) and not _COUNTED.match(rule, at + len(old))


def _dated(value: str) -> bool:
    """Whether a value names a month or a day of one ("2 oct", "10月3号", "2026-10-02"): then only a date can replace it
    in a rule's text.

    >>> _dated("2 oct"), _dated("500"), _dated("10月3号"), _dated("$800.50"), _dated("the 14th")
    (True, False, True, False, True)
    """
    return bool(_DATED.search(value))


def _excluded(rule: dict) -> bool:
    """A rule that excludes its value without bounding it ("不能周一", "not on a friday") does not
    follow the value when the user takes another: taking 周四 keeps Monday out (cons5).

    >>> _excluded({"text": "不能周一", "polarity": "must_not"}), _excluded({"text": "别超过500元", "polarity": "must_not"})
    (True, False)
    """
    return rule["polarity"] == "must_not" and bound(rule["text"]) is None


def _inside(ctx: MessageContext, rule: str, value: str) -> bool:
    """A value the user settles on inside the rule's bound does not move it: "it has to be
    before May 29", then "the 21st please" books the 21st, the deadline stays; a correction
    ("actually make it $400") does move it."""
    b = bound(rule)
    return b is not None and ctx.intent != "correct" and satisfies(b, value)


def _call_text(ctx: MessageContext, call_id: str) -> tuple[str, str]:
    """A tool call's name, and its name and arguments, as words ("send_sms" -> "send sms")."""
    G = ctx.graph
    aid = G.graph["call_to_action"].get(call_id)
    if aid is None:
        return "", ""
    d = G.nodes[aid]
    args = " ".join(f"{k} {v}" for k, v in d.get("arguments", {}).items() if isinstance(v, (str, int, float)))
    words = lambda text: re.sub(r"[_\-.@]", " ", text)  # noqa: E731
    return words(d["tool"]), words(f"{d['tool']} {args}")


@step("promises_kept", roles=("tool",), needs_text=False)
def promises_kept(ctx: MessageContext) -> list[_Unit]:
    """A successful tool call that shares most with an open promise keeps it: two content
    words at least (words of one deed count as one), one of them in the tool's name (the
    deed: ``send_sms`` keeps "I'll text you the form"; ``update_customer`` with a new email
    address keeps no "I'll email you a reminder")."""
    from .cues import _overlap

    results = [u for u in ctx.units_of(ActionResultUnit) if u.status == "ok"]
    if not results or not ctx.graph.graph["open_items"]["commitment"]:
        return []
    open_ = g.open_items(ctx.graph, "commitment")
    units: list[_Unit] = []
    for r in results:
        name, call = _call_text(ctx, r.call_id)
        scored = [(_overlap(ctx, call, d["text"]), pid) for pid, d in open_
                  if pid not in {u.commitment for u in units} and _overlap(ctx, name, d["text"])]
        best = max(scored, default=(0, None))
        if best[0] < KEPT_OVERLAP and not _LOOKUP.search(name):  # "我马上给您预订两片场地" then book_court(courts=2): the deed
            best = _just_promised(ctx, r.call_id, [pid for _, pid in scored])  # just promised; a lookup does no deed for the user
        if best[0] >= KEPT_OVERLAP:
            units.append(FulfilUnit(commitment=best[1], status="done"))
        else:
            closed = {u.commitment for u in units}
            units += _checked(ctx, r.call_id, closed) or _check_answered(ctx, closed) or _said_with_call(ctx, r, closed)
    return units


def _said_with_call(ctx: MessageContext, result: ActionResultUnit, closed: set[str]) -> list[_Unit]:
    """(cons33) A tool's result whose call came in a message that says what it does ("中，我给您约一下礼拜六上午的机子。" with
    ``book_slot``; "明白，我先给您出报价。" with ``quote``): the call does that message's promise, whatever words the tool's
    name uses, so the one promise of that message still open is kept, unless it says it is done later ("稍后", "明天",
    "tomorrow": the day of a booking it makes is no such word). With two such promises the result keeps neither.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "assistant", "content": "好的，我给您约周二晚上，师傅上门量尺寸。", "tool_calls": [
    ...                     {"id": "x1", "type": "function", "function": {"name": "book_measure", "arguments": "{}"}}]},
    ...                 {"role": "tool", "tool_call_id": "x1", "content": '{"booking": "AX-1", "status": "ok"}'}])
    >>> [(c.text, c.status) for c in t.state().commitments]
    [('好的，我给您约周二晚上，师傅上门量尺寸', 'done')]

    (fix37) A promise to send something is kept only by a tool whose name, arguments or result send: "I'll email you
    the invoice." said with ``book_slot`` stays open.
    """
    from .promises import _LATER, _SENDING

    G = ctx.graph
    aid = G.graph["call_to_action"].get(result.call_id)
    if aid is None or result.status != "ok":
        return []
    turn = G.nodes[aid].get("turn")
    said = G.nodes.get(f"t{turn}", {})
    if said.get("role") != "assistant" or not (said.get("text") or "").strip():
        return []
    sends = _tool_sends(ctx, result)
    made = [pid for pid, d in g.open_items(G, "commitment") if d["turn"] == turn and pid not in closed
            and not _LATER.search(d["text"]) and _MINE_NOW.search(d["text"]) and not _NOT_NOW.search(d["text"])
            and (sends or not _SENDING.search(d["text"]))]
    return [FulfilUnit(commitment=made[0], status="done")] if len(made) == 1 else []


def _tool_sends(ctx: MessageContext, result: ActionResultUnit) -> bool:
    """(fix37) Whether a tool's call (its name and arguments) or its result says it sends (``send_invoice``,
    ``{"status": "sent"}``, ``email_customer``)."""
    from .promises import _SENDING

    _, call = _call_text(ctx, result.call_id)
    fields = " ".join(f"{k} {v}" for k, v in (result.fields or {}).items())
    return bool(_SENDING.search(re.sub(r"[_\-.@]", " ", f"{call} {result.tool} {fields} {ctx.text or ''}")))


#: (cons33) a promise that is the assistant's own deed ("我先帮您核一下", "I'll lift the block now", "let me …"), not a
#: colleague's later one ("师傅会帮您重新设置"), a condition ("If the drive needed replacing we'd contact you"), nor a habit
_MINE_NOW = re.compile(r"我|\b(?:i'll|i will|let me|i'm going to|i am going to)\b", re.I)
_NOT_NOW = re.compile(r"会|如果|要是|的话|\b(?:if|when|once|whenever|would|'d|after|before)\b", re.I)


#: a tool that only looks something up (``install_slots``, ``check_stock``, ``search_tm``): the word its name shares with a
#: promise is the thing looked up ("ring you the morning of the install"), not the promise's deed
_LOOKUP = re.compile(r"(?:^|\s)(?:check|search|query|find|get|list|lookup|look up|fetch)(?:\s|$)|(?:^|\s)(?:slots?|availability|stock)(?:\s|$)", re.I)


def _just_promised(ctx: MessageContext, call_id: str, named: list[str]) -> tuple[int, str | None]:
    """The one open promise whose deed the tool's name names (``named``) and that was made in the
    message calling the tool, in the assistant's message just before it, or in the one before the user's
    answer to what it asked (:func:`_asked_then_answered`): the call does what was just promised, whatever
    words its arguments use (``KEPT_OVERLAP`` then, else nothing)."""
    G = ctx.graph
    aid = G.graph["call_to_action"].get(call_id)
    if aid is None:
        return 0, None
    turn = G.nodes[aid].get("turn", -1)
    answered = _asked_then_answered(G, turn, ctx.pack.asks_input)  # "好的，为您登记九价排队。请提供孩子姓名…", the user's details, then the call
    recent = [pid for pid in named if turn - G.nodes[pid].get("turn", -99) <= 1 or G.nodes[pid].get("turn") in answered]
    return (KEPT_OVERLAP, recent[0]) if len(recent) == 1 else (0, None)


def _checked(ctx: MessageContext, call_id: str, closed: set[str]) -> list[_Unit]:
    """A promise to look something up (the pack's ``checks``: "let me check", "我帮您查一下")
    made in the message that called the tool or in the assistant's message just before it (the
    check said, then done: "我先帮您查一下十月三号还有没有车，稍等。" then ``check_car``), or in one that asked the user for what the
    check needs (``asks_input``: "请提供IMEI，我查一下保修状态") up to :data:`CHECK_TURNS`
    messages before, is kept when the call comes back (any other check made earlier may have
    been dropped while the chat went on: "I'll check with the supplier", then the user chooses
    another way, then a tool call of another deed)."""
    G = ctx.graph
    aid = G.graph["call_to_action"].get(call_id)
    if aid is None:
        return []
    turn = G.nodes[aid].get("turn")
    recent = G.graph["kinds"].get("turn", [])[-(CHECK_TURNS + 2):]
    asked = {G.nodes[t]["index"] for t in recent
             if G.nodes[t]["role"] == "assistant" and first_match(ctx.pack.asks_input, G.nodes[t]["text"] or "")}
    # the check said just before the call, or offered and taken in the user's message just before it (prom16: "要不要我帮您
    # 查一下周日班还有没有空位？" - "查查吧", then ``query_class_seats``)
    said = {G.nodes[t]["index"] for t in recent if G.nodes[t]["role"] in ("assistant", "user") and G.nodes[t]["index"] == turn - 1}
    said |= _asked_then_answered(G, turn, ctx.pack.asks_input)
    return [FulfilUnit(commitment=pid, status="done") for pid, d in g.open_items(G, "commitment")
            if pid not in closed and (d["turn"] == turn or d["turn"] in said
                                      or d["turn"] in asked and turn - d["turn"] <= CHECK_TURNS)
            and first_match(ctx.pack.checks, d["text"])][:1]


#: (prom18) an open check is answered by a tool's result at most this many messages after it was said
ANSWER_TURNS = 8
#: the words of checking itself, which a result's keys share with any check ("route_check", "verified")
_CHECK_WORDS = frozenset("check ask confirm verify whether find out see look".split())


def _check_answered(ctx: MessageContext, closed: set[str]) -> list[_Unit]:
    """(prom18) A tool's result that names the thing an open check asked about answers it: "I'll ask our appointed person to
    check the route and the weight limit" then ``book_lift`` returning ``"route_check": "ok - weight limit exempts
    access"``; "我跟厨师确认一下甜品能不能做无糖的" then ``book_room`` returning ``"dessert": "可做无糖"``. The check (the pack's
    ``checks``) was said up to :data:`ANSWER_TURNS` messages before, and the result shares two of its words besides the
    words of checking (letter pairs in segmented writing); the latest such check is the one.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "assistant", "content": "I'll check the loading bay height with the venue."},
    ...     {"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function",
    ...      "function": {"name": "book_delivery", "arguments": "{}"}}]},
    ...     {"role": "tool", "tool_call_id": "c1", "content": '{"ref": "D-1", "loading_bay_height": "3.2m"}'}])
    >>> [(c.text, c.status) for c in t.state().commitments]
    [("I'll check the loading bay height with the venue", 'done')]
    """
    from .cues import _pairs, _stems

    checks = [(pid, d["text"]) for pid, d in reversed(g.open_items(ctx.graph, "commitment"))
              if pid not in closed and ctx.index - d["turn"] <= ANSWER_TURNS and first_match(ctx.pack.checks, d["text"])]
    if not checks:
        return []  # no check in reach: the result's words are not read
    words = lambda text: _pairs(ctx, text) if ctx.profile.segmented else _stems(text, ctx.lang) - _CHECK_WORDS  # noqa: E731
    said = words(re.sub(r"[_\-]", " ", ctx.text or ""))
    for pid, thing in checks:
        if len(said & words(thing)) >= 2:
            return [FulfilUnit(commitment=pid, status="done")]
    return []


def _asked_then_answered(G, turn: int, asks_input=()) -> set[int]:
    """The assistant's message two before the calling one, when it asked the user something (a question, or a
    request for details: ``asks_input``, 请提供…) and the user's answer is all that came between: a check said there waited for that answer ("我查一下师傅的档期，您想约哪天、地址
    在哪？", the user's day and address, then ``installer_slots``; "Where is the car? I'll check what's on the van
    once I know.", the address, then ``check_stock``)."""
    asked, answer = G.nodes.get(f"t{turn - 2}"), G.nodes.get(f"t{turn - 1}")
    if asked is None or answer is None or asked["role"] != "assistant" or answer["role"] != "user":
        return set()
    text = asked.get("text") or ""
    return {turn - 2} if re.search(r"[?？]", text) or first_match(asks_input, text) else set()
