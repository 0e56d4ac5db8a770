"""The problems step: what the user says is wrong, as a fact.

Customer service starts from a fault: "my rear derailleur keeps skipping gears", "the dog has
been limping since Saturday", "I got charged twice this month", "my laptop won't connect to the
VPN". No entity rule reads these, yet the agent must keep them. A user's clause holding one of
the pack's ``problems`` cues (a fault said in general words: "keeps ...ing", "has been ...ing",
"won't connect", "charged twice", "cracked") becomes a ``problem`` fact, its value the clause as
said (a later one is ``problem_t<turn>``, beside it). Questions ("does it keep skipping if I
...?"), clauses taken back, and the assistant's words make none.

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> _ = t.observe({"role": "user", "content": "Hi, my kettle keeps tripping the fuse. Bought it in May."})
>>> [(f.key, f.value) for f in t.state().facts if f.key.startswith("problem")]
[('problem', 'my kettle keeps tripping the fuse')]
"""

from __future__ import annotations

import re

from .. import _graph as g
from .._units import FactUnit, _Unit
from .context import MessageContext
from .gates import Folded, may_match
from .notvalues import day_unfit
from .registry import step
from .text import SENTENCE_END, clauses, cut_at_boundary, first_match, in_spans
from .wants import _opening, changed_values

#: a problem is kept up to this many characters, cut at a word or clause boundary
PROBLEM_CHARS = 120
# a greeting before the problem is no part of it ("hey my rear derailleur ...")
_GREETING = re.compile(r"^\W*(?:hi|hello|hey|good (?:morning|afternoon|evening))\b[\s,!.-]*(?:there\b[\s,!.-]*)?", re.I)


@step("problems", roles=("user",))
def problems(ctx: MessageContext) -> list[_Unit]:
    """The user's clauses that say what is wrong, as ``problem`` facts (one per message)."""
    rules = getattr(ctx.pack, "problems", ())
    if not rules:
        return []
    opening = _opening(ctx) or _asked_about_condition(ctx)
    read = [n for n, u in enumerate(ctx.units) if isinstance(u, FactUnit) and u.key.startswith("problem")]
    if read:
        if opening and ctx.profile.segmented:
            _widen(ctx, read[0])
        return []  # a fact pattern of the pack read it already ("空调坏了")
    found: list[str] = []
    taken_to = -1
    for offset, clause in clauses(ctx.text):
        start = offset + len(clause) - len(clause.lstrip())
        if start < taken_to or ctx.asking(start) or in_spans(start, ctx.taken_back) or not _fault(ctx, rules, clause, opening):
            continue
        if any(start <= m.start < start + len(clause) and day_unfit(ctx, m) for m in ctx.mentions):
            continue  # (lead22) "Tuesday doesn't work anymore": a day that does not suit, no fault of a thing
        # the rest of its sentence tells the same fault ("I hurt my knee playing football, twisted it, still swollen"),
        # up to a record's id ("结果没人来，单号YX…": the order is a fact of its own, and may be replaced)
        end = next((m.start() for m in SENTENCE_END.finditer(ctx.text, start)), len(ctx.text))
        end = min([end] + [c for c in _clause_starts(ctx.text, start, end)
                           if any(m.kind == "id" and c <= m.start < end for m in ctx.mentions)])
        said = ctx.text[start:end] if end > start else clause
        value = cut_at_boundary(_GREETING.sub("", said.strip()), PROBLEM_CHARS).strip(" ,;:-，、；")
        if not value:
            continue
        found.append(value)
        taken_to = end
        if not opening:
            break  # later, one per message; the opening tells every fault it came about ("we've got a wood burner… Smoke's coming back…")
    if not found and _asked_what_is_wrong(ctx):  # (lead19) the reply to "具体什么问题？" is the fault, cue or none
        found = [v for v in [_first_statement(ctx)] if v]
    if not found:
        return []
    key = "problem" if not g.current_with_key(ctx.graph, "problem") else f"problem_t{ctx.index}"
    value = cut_at_boundary(("。" if ctx.profile.segmented else ". ").join(found), PROBLEM_CHARS * 2)
    return [FactUnit(key=key, name="problem", value=value, stressed=ctx.stressed)]


# (miss6) the assistant asked whether the thing has a fault or a condition ("有没有虫蛀或者开裂？", "Is there any damp?")
_ASKS_CONDITION = re.compile(r"有没有[^？?。，,]{1,12}[？?]|是否有[^？?。，,]{1,12}[？?]|\b(?:is|are) there (?:any )?[^?.]{1,30}\?|\bany (?:damage|cracks?|leaks?|marks?|problems?|issues?)\b[^?.]{0,20}\?", re.I)


# (lead19) the assistant asked what is wrong ("具体什么问题？", "can I ask what's wrong with them?"): the reply tells the
# fault, cue or none; or asked the reason ("请问是什么原因呢？", "what's the reason for the return?"): the reply's fault
# is read by its description's shape, as an opening's is (a reason may be no fault: "那天要出差")
_ASKS_FAULT = re.compile(r"(?:什么|啥)(?:问题|情况|毛病|故障)|怎么(?:了|回事)|哪里(?:坏|有问题|不好)|出了什么|"
                         r"\bwhat(?:'s| is| seems to be)(?: the)? (?:wrong|problem|issue|matter|fault)\b", re.I)
_ASKS_REASON = re.compile(r"(?:什么|啥)原因|说[下一]*原因|\bwhat(?:'s| is) the reason\b|\breason for\b", re.I)
#: (fix22) a reply that opens by saying nothing is wrong, or that the speaker does not know what is: no fault told
#: ("nothing's wrong, I just want an upgrade", "没什么问题，就是想换个颜色", "我也不知道，你们看看吧")
NO_FAULT = re.compile(r"^\W*(?:(?:well|oh|um|erm|no|nah)\W+)*(?:nothing(?:'s|’s| is)?(?: really)? (?:wrong|the matter)|"
                      r"(?:there's |there is |it's |it is )?no (?:real )?(?:problem|issue|fault)s?\b|"
                      r"(?:i'm|i am|we're|we are) not sure\b|(?:i|we) (?:don't|do not|dont) know\b|"
                      r"(?:it's|it is|they're|they are) (?:fine|ok|okay|working)\b)|"
                      r"^\W*(?:我|我们)?(?:也|都)?(?:没(?:有)?(?:什么|啥)?(?:大)?(?:问题|毛病|故障|事)|不(?:太)?(?:知道|清楚)|说不(?:清|上来)|好(?:好|着)?的)",
                      re.I)
#: (fix22) a fault told after the denial all the same ("no problem with the screen but the battery dies", "没什么大问题，
#: 就是有点响"); "就是想…" is a want, not a fault
_BUT_FAULT = re.compile(r"\b(?:but|except|only|when|until|unless)\b|但|不过|只是(?!想|要)|就是(?!想|要)", re.I)


def no_fault(said: str) -> bool:
    """(fix22) Whether a reply to "what is wrong?" says nothing is, or that the speaker does not know, and tells no
    fault after all the same.

    >>> no_fault("nothing's wrong, I just want an upgrade"), no_fault("没什么问题，就是想换个颜色")
    (True, True)
    >>> no_fault("it's fine when cold but rattles when hot"), no_fault("没什么大问题，就是有点响"), no_fault("it rattles")
    (False, False, False)
    """
    m = NO_FAULT.search(said)
    return m is not None and not _BUT_FAULT.search(said, m.end())


def _assistant_question(ctx: MessageContext) -> str:
    """The text of the message right before, when the assistant said it and it asks something (a question mark), else ""."""
    last = ctx.graph.graph.get("last_turn")
    d = ctx.graph.nodes[last] if last else {}
    said = str(d.get("text", ""))
    return said if d.get("role") == "assistant" and ("?" in said or "？" in said) else ""


def _asked_what_is_wrong(ctx: MessageContext) -> bool:
    """(lead19) The assistant's last message asked, as a question, what is wrong ("具体什么问题？")."""
    return bool(_ASKS_FAULT.search(_assistant_question(ctx)))


def _first_statement(ctx: MessageContext) -> str:
    """(lead19) The reply's first sentence, when it states (no question, no refusal, nothing taken back).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "user", "content": "洗衣机要报修"}, {"role": "assistant", "content": "好的，具体什么问题？"},
    ...                 {"role": "user", "content": "脱水的时候响得很厉害。下午能来吗"}])
    >>> [f.value for f in t.state().facts if f.key == "problem"]
    ['脱水的时候响得很厉害']
    """
    end = next((m.start() for m in SENTENCE_END.finditer(ctx.text)), len(ctx.text))
    start = len(ctx.text) - len(ctx.text.lstrip())
    said = _GREETING.sub("", ctx.text[start:end].strip()).strip(" ,;:-，、；。.")
    if not said or ctx.asking(start) or in_spans(start, ctx.taken_back) or first_match(ctx.pack.rejects, said):
        return ""
    if no_fault(said):
        return ""  # (fix22) "nothing's wrong, I just want an upgrade": no fault told
    return cut_at_boundary(said, PROBLEM_CHARS)


def _asked_about_condition(ctx: MessageContext) -> bool:
    """The assistant's last message asked whether the thing has a fault, or what is wrong with it: the reply describes
    it, as an opening does."""
    said = _assistant_question(ctx)
    return any(rx.search(said) for rx in (_ASKS_CONDITION, _ASKS_FAULT, _ASKS_REASON))


def _fault(ctx: MessageContext, rules: list[re.Pattern], clause: str, opening: bool) -> bool:
    """Whether a cue says a fault in ``clause``. A cue with a ``desc`` group reads the shape of a
    description (a thing or person whose predicate is negated or changes state: "one of them won't
    close", "出水变小了", "爸爸有高血压", "完全不会游"; what the thing does again and again: "the back
    ones overflow every time it rains"): it counts in the opening message only, where the user
    describes what they came about (later, such clauses are rules, picks and chat), and not in a
    clause that says a want ("need someone every morning": when the service is wanted)."""
    wanted = None
    folded = Folded(clause)
    for rx in rules:
        if not may_match(rx, folded):  # it needs a word the clause lacks: no match (gates.py)
            continue
        for m in rx.finditer(clause):
            if not m.groupdict().get("desc"):
                return True
            if opening:
                if wanted is None:
                    wanted = bool(first_match(getattr(ctx.pack, "wants", ()), clause))
                if not wanted:
                    return True
    return False


def _clause_starts(text: str, lo: int, hi: int) -> list[int]:
    """Where the clauses of ``text[lo:hi]`` after the first one start."""
    return [lo + offset for offset, _ in clauses(text[lo:hi])][1:]


# (miss10) the pieces a Chinese description is typed in: spaces and commas between them
_PIECE_GAP = re.compile(r"[\s，,、]+")
# a piece that asks ("今天能来疏通吗", "能修吗"): no part of the description
_ZH_ASKS = re.compile(r"[吗呢么嘛？?]$|能不能|可不可以|有没有|是不是")
# a piece that says what the thing is or whose it is ("是公公婆婆家的", "是去年买的", "无人机是大疆mini3"): an attribute,
# read by its own step
_ZH_COPULA = re.compile(r"^[^是\s]{0,8}?(?:就|也|都)?是(?!不是)")
_ZH_GREETING = re.compile(r"^(?:你好|您好|在吗|在不在|哈喽|嗨|hi|hello|老板|师傅|亲)[呀啊吗？?！!]*$", re.I)


def _widen(ctx: MessageContext, n: int) -> None:
    """(miss10) The opening's fault a fact pattern read in one piece ("车门被人蹭了", "空开跳了推不上去") goes on in the
    pieces of its sentence around it, typed between spaces: "车门被人蹭了 右后门 凹进去一块 漆也掉了 大概巴掌大",
    "家里厨房一半插座没电了 空开跳了推不上去". The problem takes the pieces next to it that state (no question, no
    want, no value a fact of its own keeps, no greeting, no 是 statement of what the thing is), as written.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> _ = t.observe({"role": "user", "content": "车门被人蹭了 右后门 凹进去一块 漆也掉了 大概巴掌大"})
    >>> [f.value for f in t.state().facts if f.key == "problem"]
    ['车门被人蹭了 右后门 凹进去一块 漆也掉了 大概巴掌大']
    """
    unit = ctx.units[n]
    text = ctx.text
    at = text.find(unit.value)
    if at < 0:
        return
    lo = max((m.end() for m in SENTENCE_END.finditer(text, 0, at)), default=0)
    m = SENTENCE_END.search(text, at + len(unit.value))
    hi = m.start() if m else len(text)
    pieces, pos = [], lo
    for gap in _PIECE_GAP.finditer(text, lo, hi):
        if gap.start() > pos:
            pieces.append((pos, gap.start()))
        pos = gap.end()
    if pos < hi:
        pieces.append((pos, hi))
    held = [k for k, (s, e) in enumerate(pieces) if s < at + len(unit.value) and at < e]
    if not held:
        return
    wants = getattr(ctx.pack, "wants", ())
    # a value a fact of its own keeps ("电话138…", "明天上午") ends the description; one no fact keeps ("凹进去一块") is part of it
    kept = [u.value for u in ctx.units if isinstance(u, FactUnit) and u is not unit]

    def states(s: int, e: int) -> bool:
        piece = text[s:e]
        return not (ctx.asking(s) or ctx.asking(e - 1) or _ZH_ASKS.search(piece) or _ZH_COPULA.match(piece) or in_spans(s, ctx.taken_back) or _ZH_GREETING.match(piece) or first_match(wants, piece)
                    or any(x.kind in ("value", "id") and s <= x.start < e and any(x.text in v for v in kept) for x in ctx.mentions))

    first, last = held[0], held[-1]
    while first > 0 and states(*pieces[first - 1]):
        first -= 1
    while last + 1 < len(pieces) and states(*pieces[last + 1]):
        last += 1
    start, end = min(pieces[first][0], at), max(pieces[last][1], at + len(unit.value))
    value = cut_at_boundary(text[start:end].strip(), PROBLEM_CHARS).strip(" ,;:-，、；")
    if len(value) > len(unit.value):
        ctx.units[n] = unit.model_copy(update=dict(value=value))


@step("problems_follow", roles=("user",))
def problems_follow(ctx: MessageContext) -> list[_Unit]:
    """(prec19) A problem said before follows the values this message changes, as the want does
    (:func:`~ctxgraph.extract.wants.changed_values`): "I've got three flats in Reading" then "actually make that
    four" is "I've got four flats in Reading"; a value given up leaves it. The problem is a sentence the user
    said, its values facts of their own: left as it was, it holds a value the user changed.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "user", "content": "my boiler keeps cutting out, it's 3 years old"},
    ...                 {"role": "user", "content": "sorry, actually it's 5 years old"}])
    >>> [f.value for f in t.state().facts if f.key == "problem" and f.status == "current"]
    ["my boiler keeps cutting out, it's 5 years old"]
    """
    G = ctx.graph
    if any(isinstance(u, FactUnit) and u.key.startswith("problem") for u in ctx.units):
        return []
    out: list[_Unit] = []
    for fid in [f for k, f in G.graph["current_fact"].items() if k.startswith("problem")]:
        d = G.nodes[fid]
        value = d["value"]
        for old, new in changed_values(ctx, value):
            if len(old.strip()) > 1 and old != new and old in value and _NUMERAL.search(old) and _NUMERAL.search(new) \
                    and not _counts_another(ctx, old, new):
                value = _swapped(value, old, new, ctx.text)
        value = " ".join(value.split()).strip(" ,，、")
        if value and value != d["value"]:
            out.append(FactUnit(key=d["key"], name=d["name"], value=value, stressed=d["stressed"]))
    return out


def _counts_another(ctx: MessageContext, old: str, new: str) -> bool:
    """(fix21) The new number is the value of another thing this message gives: a fact of a key none of whose
    current values holds the old number ("the tap has been leaking for 3 days", "How many people?" - "make it 4
    people": the people, not the days). A change of the problem's own value ("it's 3 years old" - "actually 5
    years") supersedes a value that holds it, and follows."""
    number, was = _NUMERAL.search(new).group(0), _NUMERAL.search(old).group(0)
    for u in ctx.units:
        if isinstance(u, FactUnit) and not u.key.startswith("problem") and number in u.value:
            held = [str(ctx.graph.nodes[f]["value"]) for f in g.current_with_key(ctx.graph, u.key)]
            if not any(was in v for v in held):
                return True
    return False


#: (prec19) a number, in digits or words: a problem follows a changed count, amount, day or time, never a changed
#: name or place (a second place said later is no change of the first: "the studio in Caversham" beside "Reading")
_NUMERAL = re.compile(r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|hundred)\b|[一二两三四五六七八九十百千万]", re.I)
#: a range around a value: its start, a joiner, its end ("12 till 4", "3-5", "周二到周四")
_RANGE = r"(?:to|till|until|through|[-–~～到至])"


def _swapped(value: str, old: str, new: str, text: str) -> str:
    """``value`` with ``old`` replaced by ``new``; an ``old`` that opens a range in it ("12 till 4") is replaced with
    the range it opens, by the range ``new`` opens in ``text`` ("1 till 5"), or is left when ``new`` opens none.

    >>> _swapped("could we have the van from 12 till 4", "12", "1", "can we do 1 till 5 instead")
    'could we have the van from 1 till 5'
    >>> _swapped("could we have the van from 12 till 4", "12 till", "1 till", "can we do 1 till 5 instead")
    'could we have the van from 1 till 5'
    >>> _swapped("three flats in Reading", "three", "four", "make that four")
    'four flats in Reading'
    >>> _swapped("in our 120 flats, 12 of them empty", "12", "14", "make that 14")
    'in our 120 flats, 14 of them empty'
    """
    old, new = (re.sub(rf"\s*\b{_RANGE}$", "", v) for v in (old, new))  # a count read as "12 till": the range's start
    ranged = re.compile(rf"(?<!\w){re.escape(old)}\s*{_RANGE}\s*[\w:.]+", re.I)
    span = ranged.search(value)
    if span is None:  # (reread18) the old number whole, not inside another ("12" in "120 a month")
        edge = r"(?<![\d.,])" if old[:1].isdigit() else ""
        return re.sub(rf"{edge}{re.escape(old)}" + (r"(?![\d]|[.,]\d)" if old[-1:].isdigit() else ""),
                      lambda _: new, value, count=1)
    to = re.compile(rf"(?<!\w){re.escape(new)}\s*{_RANGE}\s*[\w:.]+", re.I).search(text)
    return value.replace(span.group(0), to.group(0)) if to else value
