"""Cue steps: the turn and its intent, constraints, questions and answers, goal (the
assistant's promises are the ``promises`` module's).

Each reads the message's clauses against the pack's cue patterns.

>>> from ctxgraph._graph import new_graph
>>> from ctxgraph.extract import RuleExtractor, Message
>>> units = RuleExtractor()(Message(role="user", text="预算5000元，不要用顺丰以外的快递"), 0, new_graph())
>>> [(u.polarity, u.text) for u in units if u.type == "constraint"]
[('must_not', '不要用顺丰以外的快递')]
"""

from __future__ import annotations

import re
from functools import lru_cache

from .. import _graph as g
from .._units import (
    AnswerUnit,
    ConstraintUnit,
    FactUnit,
    GoalUnit,
    LiftUnit,
    QuestionUnit,
    TurnUnit,
    _Unit,
)
from ..lang import content_words
from .asking import when_slot
from .bounds import _LOWER, _PATTERN_OF, _UPPER, _plain, without_bound, any_day, any_time, bound, narrower, off_class, other_day, outside, part_past, past_bound, same_bound, satisfies, about_when
from ..models._clause_features import EN_CLASSES, ZH_CLASSES
from .compiled import CompiledPack
from .context import EXTRACT_TAIL_CHARS, MAX_EXTRACT_CHARS, MessageContext
from .deedagain import _ZH_PIECES as _ZH_PIECE, deed_again, whole_deed_said
from .noneed import no_need
from .widened import widened
from .contactok import contact_allowed
from .pickreasons import drop_pick_reasons
from .domains import message_domain
from .estimates import guessed_at
from .notchosen import asks
from .reasons import fold_reasons, in_folded_rule, is_situation
from .registry import step
from .text import HAN_SPACE, asking_clause, clauses, cut_at_boundary, first_match, in_spans, question_sentences

#: A goal is the clause that states it, cut at a word or clause boundary past this length.
GOAL_CHARS = 200
#: A rule quotes at most this many characters of its clause (issue 20: a 1,200-character
#: message without punctuation was one rule that no budget could hold), the ones around its
#: cue, marked "…" where cut; fewer where words are written without spaces.
RULE_CHARS = {"segmented": 60, "spaced": 160}
#: An open promise nobody mentions again within this many messages expires (status
#: "expired"): the chat has moved on, and it no longer takes room in the state block.
COMMITMENT_TURNS = 400
_EN_CLOSED = frozenset(w for ws in EN_CLASSES.values() for w in ws)
#: characters of the closed classes of Chinese (a pair holding one names no thing: 你们, 还是, 准备 keeps)
_ZH_CLOSED = frozenset("".join(w for c, ws in ZH_CLASSES.items() if c in ("PRON", "PART", "OK", "MODAL") for w in ws)) | set("还是")
_ENDS_ASKING = re.compile(r"[？?]\s*$|吗\s*$")
#: a bound the user sets and asks the go-ahead for: "总价别超过1000行吗", "keep it under $50, ok?"
_ASKS_OK = re.compile(r"(?:行|可以|好)(?:吗|不)\s*[？?]?\s*$|\b(?:ok|okay|alright)\s*\?\s*$", re.I)


def find_intent(text: str, pack: CompiledPack) -> str:
    """First intent whose cue matches (by priority, then file order), else inform."""
    stripped = text.strip()
    for name, cues in pack.intents:
        if first_match(cues, stripped):
            return name
    return "inform"


@step("turn", roles=("user", "assistant", "system", "tool"), needs_text=False)
def turn(ctx: MessageContext) -> list[_Unit]:
    """The turn itself: role, text, language, the user's intent and the domain it names."""
    msg = ctx.message
    notes = list(msg.notes)
    if len(msg.text) > MAX_EXTRACT_CHARS and msg.role != "tool":
        notes.append(f"only the first {MAX_EXTRACT_CHARS - EXTRACT_TAIL_CHARS} and the last {EXTRACT_TAIL_CHARS} "
                     "characters were read by the rules")
    ctx.intent = find_intent(ctx.text, ctx.pack) if msg.role == "user" and ctx.text.strip() else None
    ctx.domain = message_domain(ctx)
    return [TurnUnit(index=ctx.index, role=msg.role, text=msg.text, lang=ctx.lang, intent=ctx.intent,
                     name=msg.name, tool_call_id=msg.tool_call_id, notes=notes, domain=ctx.domain)]


@step("answers", roles=("user",))
def answers(ctx: MessageContext) -> list[_Unit]:
    """A user turn answers the questions the assistant left open."""
    return [AnswerUnit(question=qid) for qid, _ in g.open_items(ctx.graph, "question")]


#: A Latin word's ending that a promise and its report may not share ("text" / "texted").
_ENDING = re.compile(r"(?<=[a-z]{3})(?:ing|ed|es|s)$")


@lru_cache(maxsize=4096)
def _stems(text: str, lang: str) -> frozenset[str]:
    """Content words of ``text``, Latin ones without their ending ("calls" -> "call").

    >>> sorted(_stems("so I texted you the links", "en"))
    ['link', 'text']
    """
    return frozenset(_ENDING.sub("", w) for w in content_words(text, lang) if not (w.isascii() and w.isalpha() and len(w) < 3))


def _pairs(ctx: MessageContext, text: str) -> frozenset[str]:
    """In segmented writing, neighbouring letters of the meaningful words: a word the
    segmenter splits ("到|账") is still found ("到账后我提醒您" and "已经到账了" share 到账)."""
    return _letter_pairs(text, ctx.lang, ctx.en_models) if ctx.profile.segmented else frozenset()


@lru_cache(maxsize=4096)
def _letter_pairs(text: str, lang: str, models: tuple[str, ...]) -> frozenset[str]:
    from ..lang import get_profile

    profile = get_profile(lang)
    kept = "".join(t.text if t.tag_[:1].lower() not in profile.function_tags else " " for t in profile.doc(text, models))
    return frozenset(kept[i:i + 2] for i in range(len(kept) - 1) if kept[i:i + 2].isalpha() and not kept[i:i + 2].isascii())


def _overlap(ctx: MessageContext, a: str, b: str) -> int:
    """How much two texts share: content words (words of one deed count as one: the packs'
    ``same_deed``), else pairs of letters in segmented writing."""
    wa, wb = _stems(a, ctx.lang), _stems(b, ctx.lang)
    shared = len(wa & wb) + (1 if any(wa & g and wb & g and not wa & wb & g for g in ctx.pack.same_deed) else 0)
    return shared or len(_pairs(ctx, a) & _pairs(ctx, b))


#: words that name no thing: a lift and a rule sharing only these share nothing ("she can have dairy
#: again" names the dairy rule, not "she can't be given nuts"); (cons23) nor a modal ("You may widen it to Stockton after
#: all" names no "Julie may visit any weekday but not a Tuesday")
_NAMELESS = frozenset("he she they him her his hers them their its there have has had was were do does did not "
                      "so but as if then too also again now after all may might can could would should shall must".split())


def _named_overlap(ctx: MessageContext, a: str, b: str) -> int:
    """:func:`_overlap` of two texts, pronouns and auxiliaries left out in spaced writing."""
    if ctx.profile.segmented:
        return _overlap(ctx, a, b)
    wa, wb = _stems(a, ctx.lang) - _NAMELESS, _stems(b, ctx.lang) - _NAMELESS
    return len(wa & wb) + (1 if any(wa & g and wb & g and not wa & wb & g for g in ctx.pack.same_deed) else 0)


def _outside(text: str, cues) -> str:
    """``text`` without the span its first cue matches ("前排也行" -> "前排")."""
    m = first_match(cues, text)
    return text[:m.start()] + text[m.end():] if m else text


_SPACE = re.compile(r"\s+")

#: a lift that takes the going past as it comes ("贵点就贵点 6980能分期吗", "钱不是问题了", "£12,650, over what we wanted but
#: the wife's fine with it"): the number beside it is a price, not a new bound (cp15)
_GIVEN_UP = re.compile(r"(贵|超|多)(?:一)?点就\1|不是(?:问题|事)|\bover what (?:i|we)\b", re.I)


def _said_apart(ctx: MessageContext, clause: str, cue: re.Match) -> bool:
    """In segmented writing, whether a lift cue is said in a space-parted piece of its own, one that asks nothing, in a
    clause that goes on to ask ("还是面授吧 我自制力差 贵点就贵点 6980能分期吗": the question is about paying in parts, the
    lift stands; cp15).

    >>> from types import SimpleNamespace
    >>> zh = SimpleNamespace(profile=SimpleNamespace(segmented=True))
    >>> c = "还是面授吧 贵点就贵点 6980能分期吗"
    >>> _said_apart(zh, c, re.search("贵点就贵点", c)), _said_apart(zh, "贵点就贵点能分期吗", re.search("贵点就贵点", "贵点就贵点能分期吗"))
    (True, False)
    """
    if not ctx.profile.segmented:
        return False
    piece, last = _cue_piece(clause, cue)
    return not last and not _piece_asks(piece)  # a piece that runs to the clause's end: asked or not, as the clause


def _cue_piece_asks(ctx: MessageContext, clause: str, cue: re.Match) -> bool:
    """In segmented writing, whether the space-parted piece holding a lift cue asks, the clause going on after it
    ("那工作日也能来吗 钥匙放物业": a question, no lift; cons21).

    >>> from types import SimpleNamespace
    >>> zh = SimpleNamespace(profile=SimpleNamespace(segmented=True))
    >>> c = "那工作日也能来吗 钥匙放物业"
    >>> _cue_piece_asks(zh, c, re.search("也能", c)), _cue_piece_asks(zh, "以后白天也能上 那就好", re.search("也能", "以后白天也能上 那就好"))
    (True, False)
    """
    return bool(ctx.profile.segmented and _piece_asks(_cue_piece(clause, cue)[0]))


def _cue_piece(clause: str, cue: re.Match) -> tuple[str, bool]:
    """The space-parted piece of ``clause`` holding ``cue``, and whether it runs to the clause's end.

    >>> c = "还是面授吧 贵点就贵点 6980能分期吗"
    >>> _cue_piece(c, re.search("贵点就贵点", c)), _cue_piece(c, re.search("分期", c))
    (('贵点就贵点', False), ('6980能分期吗', True))
    """
    start = max((m.end() for m in _SPACE.finditer(clause, 0, cue.start())), default=0)
    end = _SPACE.search(clause, cue.end())
    return clause[start:end.start() if end else len(clause)], end is None


def _piece_asks(piece: str) -> bool:
    return bool(_ENDS_ASKING.search(piece) or "？" in piece or "?" in piece)


_SPACE_PIECE = re.compile(r"\S+")
#: (cons26) a give-up word: what the user just asked for is taken back
_GIVE_UP = re.compile(r"算了|算啦|不要了|不用了|罢了")


def _after_own_ask(ctx: MessageContext, clause: str, cue: re.Match) -> str:
    """(cons26) In segmented writing, a give-up right after a space-parted piece that asks takes back that ask, so only
    the words after the ask can name an earlier rule: "我爸喜欢喝黄酒 能带一瓶吗 算了算了 墓园不让带酒 那就不要了" gives up the wine
    it just asked for, and its 喜欢 lifts no "我妈最喜欢白色的花 别买彩色的".

    >>> from types import SimpleNamespace
    >>> zh = SimpleNamespace(profile=SimpleNamespace(segmented=True))
    >>> c = "我爸喜欢喝黄酒 能带一瓶吗 算了算了 墓园不让带酒 那就不要了"
    >>> _after_own_ask(zh, c, re.search("不要了", c))
    '算了算了 墓园不让带酒 那就不要了'
    >>> _after_own_ask(zh, "前排也行", re.search("也行", "前排也行"))
    '前排也行'
    """
    if not ctx.profile.segmented:
        return clause
    asks = [m for m in _SPACE_PIECE.finditer(clause, 0, cue.start()) if m.end() < cue.start() and _piece_asks(m.group(0))]
    return clause[asks[-1].end():].strip() if asks and _GIVE_UP.search(clause, asks[-1].end(), cue.end()) else clause


#: (cons29zh) the two parts of the week as a Chinese lift names them: weekdays said as 平时 / 平日 / 周中 too
_WEEK_SIDES = (re.compile(r"周末|双休|(?:周|星期|礼拜)[六日天]"), re.compile(r"平时|平日|平常|工作日|周中|(?:周|星期|礼拜)[一二三四五]"))


#: (user33) the same two parts of the week in English ("weekdays only", then "weekends would work too now"), and the
#: two halves of the day ("I can only do mornings", then "afternoons work for me too now")
_EN_WEEK_SIDES = (re.compile(r"(?i)\bweekends?\b|\b(?:satur|sun)days?\b"),
                  re.compile(r"(?i)\bweek ?days?\b|\b(?:mon|tues|wednes|thurs|fri)days?\b"))
_EN_DAY_SIDES = (re.compile(r"(?i)\bmornings?\b"), re.compile(r"(?i)\b(?:afternoons?|evenings?)\b"))
_SIDES = (_WEEK_SIDES, _EN_WEEK_SIDES, _EN_DAY_SIDES)


def _without_reason(rule: str) -> str:
    """(user34) A rule's text without the comma pieces that only say the user's situation (its folded reason, see
    :func:`reasons.fold_reasons`): "只能周末上门，平时我不在家" is a rule on the weekend, its reason names the weekdays.

    >>> _without_reason("只能周末上门，平时我不在家"), _without_reason("weekends only, I'm not home on weekdays")
    ('只能周末上门', 'weekends only')
    """
    pieces = re.split(r"\s*[,，;；]\s*", rule)
    lang = "zh" if re.search(r"[\u4e00-\u9fff]", rule) else "en"
    kept = [p for p in pieces if not is_situation(p, lang)]
    return ("，" if lang == "zh" else ", ").join(kept) if kept else rule


def _other_part_of_week(clause: str, active) -> list[str]:
    """(cons29zh) A lift that names one part of the week alone ("平日也可以了", "周末也行") gives way to the one active
    rule (must or prefer) that names only the other part ("只能周末", "工作日最好"); with two such rules, none.

    >>> _other_part_of_week("她放暑假了 平时也中", [("c1", {"text": "只能周末", "polarity": "must"})])
    ['c1']
    >>> _other_part_of_week("周六也行", [("c1", {"text": "只能周末", "polarity": "must"})])
    []
    >>> _other_part_of_week("weekends would work too now", [("c1", {"text": "Walks at noon, weekdays only", "polarity": "must"})])
    ['c1']
    >>> _other_part_of_week("afternoons work for me too", [("c1", {"text": "I can only do mornings", "polarity": "must"})])
    ['c1']
    >>> _other_part_of_week("工作日也可以了", [("c1", {"text": "只能周末上门，平时我不在家", "polarity": "must"})])  # (user34)
    ['c1']
    """
    for sides in _SIDES:
        said = [bool(side.search(clause)) for side in sides]
        if said.count(True) != 1:
            continue
        other, this = sides[said.index(False)], sides[said.index(True)]
        held = [cid for cid, d in active if d["polarity"] in ("must", "prefer") and other.search(rule := _without_reason(d["text"]))
                and not this.search(rule)]
        return held if len(held) == 1 else []
    return []


def _lifts(ctx: MessageContext, clause: str, active) -> list[_Unit]:
    """Active rules a lifting clause is about: a shared word ("以后按门铃也没事" lifts
    "别按门铃"), or in segmented writing every letter of what the clause names ("前排也行"
    lifts "不要前三排")."""
    named = re.sub(r"\W|\d", "", _outside(clause, ctx.pack.lifts))
    units: list[_Unit] = []
    active = [(cid, d) for cid, d in active if not _gives_up_what_it_rules_out(ctx, clause, d)]
    for cid, d in active:
        rule = _rule_span(ctx, d["text"])
        if (_named_overlap(ctx, clause, rule) or (ctx.profile.segmented and len(named) >= 2
                                                 and set(named) <= set(_outside(rule, _all_rule_cues(ctx))))) \
                and not _accepts_inside(clause, d["text"]):
            units.append(LiftUnit(constraint=cid))
    if not units:  # "超一点也行" lifts "价格别超过每晚150": the one bound it goes past
        # "The balcony one is over. Oh, Jean says go for it": a bare go-ahead goes past what the message says is over (cons16)
        way = past_bound(clause) or (_GO_AHEAD.search(clause) and past_bound(ctx.text))
        bounded = [cid for cid, d in active if way and (bound(d["text"]) or ("",))[0] == way
                   and (not _on_the_hour(d["text"]) or _OF_THE_CLOCK.search(clause))]  # cons18: "going over the 2k" is no later hour
        units += [LiftUnit(constraint=cid) for cid in bounded[:1] if len(bounded) == 1]
    if len(units) == 1 and not _GIVEN_UP.search(clause):  # "can't be without it for more than 5 days", then "up to 7 days is fine then": moved
        moved = _moved(ctx, clause, [(cid, d) for cid, d in active if cid == units[0].constraint], any_polarity=True)
        units = moved or units
    lifted = {u.constraint for u in units if isinstance(u, LiftUnit)}
    # "这周六上午可以吗？", then "那下午也行吧" (which also lifts "下午我不在家"): the one time asked for gives way; so does
    # the one time preferred ("洗澡最好下午", then "上午也行", cons10)
    asked = [cid for cid, d in active if cid not in lifted and d["polarity"] in ("must", "prefer") and not bound(d["text"])
             and other_day(d["text"], clause)]
    units += [LiftUnit(constraint=cid) for cid in asked if len(asked) == 1]
    if not units and part_past(clause):  # "mornings are fine from now on" lifts "nothing before 10": the one time bound it goes past
        way = part_past(clause)
        timed = [cid for cid, d in active if _hour_bound(d["text"], way)]
        units += [LiftUnit(constraint=cid) for cid in timed if len(timed) == 1]
    if not units:  # (user35) "下午来也行" lifts "只能晚上7点以后来取": the one clock bound the part's hours go past
        units += [LiftUnit(constraint=cid) for cid in _past_by_part(ctx, clause, active)]
    # a rule on how the service contacts the user ("周日别给我打电话") is no rule on when the service is done (review)
    active_when = [(cid, d) for cid, d in active if not _CONTACT_RULE.search(d["text"])]
    if not units and any_time(clause):  # "几点都可以", "any time is fine now": the one bound on the time
        on_time = [cid for cid, d in active_when if (bound(d["text"]) or ("", ""))[1] == "time"]
        units += [LiftUnit(constraint=cid) for cid in on_time if len(on_time) == 1]
    if not units:  # (cons29zh) "平日也可以了" lifts "只能周末": the one rule held to the other part of the week
        units += [LiftUnit(constraint=cid) for cid in _other_part_of_week(clause, active_when)]
    if not units and (any_day(clause) or any_time(clause)):  # "下周哪天都行" lifts "只能周末" (cons10): the one rule on when
        on_when = [cid for cid, d in active_when if d["polarity"] != "prefer" and about_when(d["text"])]
        units += [LiftUnit(constraint=cid) for cid in on_when if len(on_when) == 1]
    if not units and _NO_HURRY.search(clause):  # "…moved the launch to May, so there's no hurry at all now" (cons16)
        due = [cid for cid, d in active if d["polarity"] == "must" and (bound(d["text"]) or ("", ""))[:2] in (("upper", "day"), ("upper", "time"))]
        units += [LiftUnit(constraint=cid) for cid in due if len(due) == 1]
    return units or _moved(ctx, clause, active) or _resigned(ctx, clause, active) or _limit_dropped(ctx, clause, active) \
        or deed_again(ctx, clause) or no_need(ctx, clause, _named_overlap) or widened(ctx, clause, _named_overlap) \
        or contact_allowed(ctx, clause)  # cons21: "please dont phone me", then "you can ring me now"; cons32


def _ruled_pieces(ctx: MessageContext, text: str) -> list[str]:
    """In segmented writing, the space- or comma-parted pieces of a kept rule's text that state a rule themselves, not
    a reason said beside one ("周六上午他有英语课，不能冲突" is one rule)."""
    if not ctx.profile.segmented:
        return []
    return [p for p in _ZH_PIECE.findall(text) if _rule(ctx, p) and not is_situation(p, ctx.profile.code)]


def _piece_named(ctx: MessageContext, clause: str, piece: str) -> bool:
    """Whether a lifting clause names one piece of a rule: a shared word, the piece's bound gone past or moved, or
    (cons34, segmented writing) the deed it rules out said again as a go-ahead ("那打井就打吧" names "也不能在地里打机井")."""
    b = bound(piece)
    return bool(_named_overlap(ctx, clause, piece)
                or b and (past_bound(clause) == b[0] or outside(b, clause))
                or ctx.profile.segmented and whole_deed_said(clause, piece))


def _keep_unnamed_pieces(ctx: MessageContext, clause: str, units: list[_Unit]) -> list[_Unit]:
    """``units`` with, for each rule they lift that holds two or more rules in space-parted pieces (segmented writing:
    one message, one text), the pieces the lifting clause does not name stated again as an active rule: "别太贵 五十块以内
    别搞那种印照片的杯子", then "超过五十也行" lifts the fifty, not the mugs (cons16).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "user", "content": "包装别太花哨 别用塑料盒 每份两百以内"},
    ...                 {"role": "user", "content": "客户重要 塑料盒也可以了"}])
    >>> [(c.text, c.status) for c in t.state().constraints]
    [('包装别太花哨 别用塑料盒 每份两百以内', 'lifted'), ('包装别太花哨 每份两百以内', 'active')]
    """
    named_in = {u.constraint: _named_in(ctx, clause, ctx.graph.nodes[u.constraint]["text"]) for u in units
                if isinstance(u, LiftUnit) and u.constraint in ctx.graph}
    # (cons28) a lift that takes back one rule by the piece stating it (or by its bound) takes back that one, not another
    # rule it shares only a side word with ("刚刚老板说 … 平日也可以了" lifts "只能周日来", not "只能局域网 老板不让连外网")
    side = {cid for cid, (*_, plain) in named_in.items() if plain} if any(not plain for *_, plain in named_in.values()) else set()
    out = [u for u in units if not (isinstance(u, LiftUnit) and u.constraint in side)]
    for u in out[:]:
        if not isinstance(u, LiftUnit) or u.constraint not in named_in:
            continue
        d = ctx.graph.nodes[u.constraint]
        pieces, named, plain = named_in[u.constraint]
        if len(pieces) + plain < 2 or not named or not plain and len(named) == len(pieces):
            continue
        kept = " ".join(p for p in _ZH_PIECE.findall(d["text"]) if p not in named and not _bare_cue(ctx, p))
        rule = _rule(ctx, kept)
        out.append(ConstraintUnit(text=kept, polarity=rule[0] if rule else d["polarity"], stressed=bool(d.get("stressed"))))
    return out


def _named_in(ctx: MessageContext, clause: str, text: str) -> tuple[list[str], list[str], bool]:
    """The pieces of a lifted rule's ``text`` that state a rule, those of them the lifting ``clause`` names (else the pieces
    stating none it names: :func:`_named_plain_pieces`), and whether the named ones state no rule (cons28)."""
    pieces = _ruled_pieces(ctx, text)
    named = [p for p in pieces if _piece_named(ctx, clause, p)] or _named_plain_pieces(ctx, clause, text, pieces)
    return pieces, named, bool(named) and named[0] not in pieces


#: (cons28) a space-parted piece that holds a rule's cue and no more than two characters beside it ("必须", "只要"): too bare
#: to stand as a rule once the piece it rules is lifted
_BARE_PIECE_CHARS = 2


def _bare_cue(ctx: MessageContext, piece: str) -> bool:
    """(cons28) A space-parted piece that is a rule's cue and nothing more ("必须"): once the piece after it that it ruled is
    lifted, it is not kept as a rule of its own; "要女护工" is a rule, kept."""
    return len(re.sub(r"\W", "", piece)) <= _BARE_PIECE_CHARS + 1 and not _rule(ctx, piece) \
        and bool(first_match(_all_rule_cues(ctx), piece))


def _named_plain_pieces(ctx: MessageContext, clause: str, text: str, ruled: list[str]) -> list[str]:
    """(cons28) When a lifting clause names no piece that states a rule, the pieces it does name that state none
    themselves (no cue :func:`_rule` reads, no situation): the request it takes back, said without a rule word ("名字要单名",
    "不行就拖到星沙那个4S店"), while the rules said beside it stand ("别用生僻字", "不要拖到路边修理厂"). Only when every ruled
    piece has words of its own beside its cue, so that none is left a bare cue.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "user", "content": "别用生僻字 名字要单名"},
    ...                 {"role": "user", "content": "双名也行 不一定非得单名"}])
    >>> [(c.text, c.status) for c in t.state().constraints]
    [('别用生僻字 名字要单名', 'lifted'), ('别用生僻字', 'active')]
    """
    if not ruled or any(len(re.sub(r"\W", "", p)) - len(_rule(ctx, p)[1].group(0)) <= _BARE_PIECE_CHARS for p in ruled):
        return []
    return [p for p in _ZH_PIECE.findall(text) if p not in ruled and not is_situation(p, ctx.profile.code)
            and _piece_named(ctx, clause, p)]


def _accepts_inside(clause: str, rule: str) -> bool:
    """Whether a lifting clause only accepts a value inside the rule's bound, going past nothing: "we need completion
    before 30 june", then "12 june is ok but sooner is better" keeps the deadline (cons16).

    >>> _accepts_inside("12 june is ok but sooner is better", "we need completion before 30 june")
    True
    >>> _accepts_inside("2 july is ok now", "we need completion before 30 june"), _accepts_inside("june is ok", "before 30 june")
    (False, False)
    >>> _accepts_inside("forget what i said about the 21st, no rush now", "we need it back by the 21st")
    False
    """
    b = bound(rule)
    if not b or past_bound(clause) or any_time(clause) or any_day(clause):
        return False
    m = _PATTERN_OF[b[1]].search(clause)  # the bound's own value names the rule ("forget what i said about the 21st")
    return bool(m) and _plain(m.group(0)) != _plain(b[2]) and satisfies(b, m.group(0)) and (b[1] != "day" or _same_month(b[2], m.group(0)))


def _same_month(a: str, b: str) -> bool:
    """Two days compared by their day number are comparable only in one month (or when neither names one)."""
    ma, mb = _MONTH_NAME.search(a), _MONTH_NAME.search(b)
    return bool(ma and mb and ma.group(0)[:3].casefold() == mb.group(0)[:3].casefold()) or not (ma or mb)


_MONTH_NAME = re.compile(r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*|\d+月", re.I)


#: a bare go-ahead to pay more, said after what is over the bound in the same message
_GO_AHEAD = re.compile(r"\bgo for it\b|\b(?:let'?s|just) do it\b", re.I)
#: urgency given up: the one deadline goes ("so there's no hurry at all now", "不着急了"), not "no rush on the receipt"
_NO_HURRY = re.compile(r"\bno (?:hurry|rush)\b(?! (?:on|with|for|to)\b)|\bnot in (?:a|any) (?:hurry|rush)\b(?! (?:on|with|for|to)\b)|不(?:用)?(?:着急|急)了", re.I)


#: the user gives a thing up, the thing said first: "香菜就算了", "手柄套也算了", "ladder, never mind"
_GIVES_UP = re.compile(r"(?P<thing>[^\s，,。！？；;、]{1,12}?)(?:就|也|还是)?算了|^\W*(?P<en>[a-z][\w' -]{1,30}?),? never ?mind\b", re.I)


def _rule_span(ctx: MessageContext, text: str) -> str:
    """In segmented writing, the part of a kept rule a lift can name: the piece that holds its cue, the piece before it
    (its subject or reason) and what follows, not a pick said first in the message (cons12): in "那就漫画款 短一点的
    胶水我之前过敏过 要用低敏的啊" the rule is "胶水我之前过敏过 要用低敏的啊", so "算了 漫画款还是太夸张了" lifts nothing."""
    if not ctx.profile.segmented:
        return text
    pieces = list(_ZH_PIECE.finditer(text))
    if len(pieces) < 3:
        return text
    ruled = [i for i, m in enumerate(pieces) if _rule(ctx, m.group(0))]
    return text[pieces[max(0, ruled[0] - 1)].start():] if ruled else text


def _gives_up_what_it_rules_out(ctx: MessageContext, clause: str, rule: dict) -> bool:
    """Whether ``clause`` gives up the very thing a must_not ``rule`` rules out: after "千万别放香菜",
    "还是多放点辣吧，香菜就算了" agrees with the rule (no 香菜), it lifts nothing (cons12 review).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "user", "content": "千万别放香菜 我们家都不吃"},
    ...                 {"role": "assistant", "content": "记下了。要不要加一份香菜拌牛肉？"},
    ...                 {"role": "user", "content": "还是多放点辣吧，香菜就算了"}])
    >>> [(c.text, c.status) for c in t.state().constraints]
    [('千万别放香菜 我们家都不吃', 'active')]
    """
    m = _GIVES_UP.search(clause)
    thing = m and (m.group("thing") or m.group("en"))
    return bool(thing) and rule["polarity"] == "must_not" and bool(_named_overlap(ctx, thing, rule["text"]))


#: a rule on contacting the user: a time in it says when not to call, not when the service may come
_CONTACT_RULE = re.compile(r"\b(?:call|ring|phone|text|email|message|contact)(?:s|ed|ing)?\b|打电话|来电|联系|短信|发微信", re.I)


#: a lift that drops a limit as such ("尺寸不用限制了", "no restriction on that any more"): the word it names
_LIMIT_WORD = re.compile(r"限制|限定|强制|\b(?:limits?|restrictions?|caps?|mandatory|compulsory)\b", re.I)


def _limit_dropped(ctx: MessageContext, clause: str, active) -> list[_Unit]:
    """A lift whose cue drops a limit as such and names no rule ("后来借到一辆货车，尺寸不用限制了") lifts the one
    active rule that bounds a value ("不能超过三米"), else the one active rule the message names ("救生衣就看个人意愿吧，
    不强制了" lifts "必须每人穿救生衣"); with two or more such rules it lifts none (cons9).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "user", "content": "尼龙的，不能超过三米，车放不下"},
    ...                 {"role": "user", "content": "后来借到一辆货车，尺寸不用限制了"}])
    >>> [(c.text, c.status) for c in t.state().constraints]
    [('不能超过三米', 'lifted')]
    """
    cue = first_match(ctx.pack.lifts, clause)
    if not cue or not _LIMIT_WORD.search(cue.group(0)):
        return []
    bounded = [cid for cid, d in active if bound(d["text"]) or _UPPER.search(d["text"]) or _LOWER.search(d["text"])]
    if len(bounded) == 1:
        return [LiftUnit(constraint=bounded[0])]
    # "救生衣就看个人意愿吧，不强制了": the clause before it in the message names the rule
    named = [cid for cid, d in active if _named_overlap(ctx, ctx.text, d["text"])]
    return [LiftUnit(constraint=named[0])] if len(named) == 1 and not bounded else []


#: a deed asked for whatever the condition: "just put a new chain on regardless", "either way", 不管怎样, 无论如何
_WHATEVER = re.compile(r"\bregardless\b(?! of\b)|\bin any case\b|\beither way\b|不管|无论|不论", re.I)
#: a decision reported to take a thing: "our board has just agreed to pay for priority", "we've decided to go with …"
_DECIDED = re.compile(r"\b(?:has|have|had|'ve|'s) (?:now |just |finally )?(?:decided|agreed) to (?:pay for|go (?:for|with)|take|get"
                      r"|have|book|add)\b", re.I)
#: (fix20) what may stand before a "whatever" word that leads its clause ("either way, …", "and in any case …")
_LEADS = re.compile(r"\W*(?:(?:and|but|so|ok|okay|oh|well|actually|also)\W+)*", re.I)
#: a rule that makes a deed conditional: "only if it's actually past 0.75 wear", "unless it's cracked", 除非…, 只有…才
_CONDITIONAL = re.compile(r"\bonly if\b|\bunless\b|除非|只有[^，,。！？]{1,12}?才", re.I)


def _condition_dropped(ctx: MessageContext, clause: str) -> list[_Unit]:
    """The user asks for a deed a rule made conditional, the condition aside: "regardless" (naming no rule) or a decision
    reported to take the thing the rule names lifts the one active conditional rule (lifts17): "only if it's actually
    past 0.75 wear, don't upsell me", then "just put a new chain on regardless"; "Priority only if we can't get a decision
    before 1 August", then "our board has just agreed to pay for priority". With two such rules, or none, or a clause that
    asks, nothing is lifted; a "whatever" word leading its clause lifts only a rule the deed after it names ("either way,
    please call me before you arrive" asks another deed; fix20).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "user", "content": "replace the felts only if they're actually grooved, don't upsell me"},
    ...                 {"role": "user", "content": "actually just do it regardless"}])
    >>> [(c.text, c.status) for c in t.state().constraints]
    [("replace the felts only if they're actually grooved, don't upsell me", 'lifted')]
    """
    whatever, decided = _WHATEVER.search(clause), _DECIDED.search(clause)
    if not (whatever or decided) or _ENDS_ASKING.search(clause):
        return []
    conditional = [(cid, d) for cid, d in g.open_items(ctx.graph, "constraint") if _CONDITIONAL.search(d["text"])]
    if not whatever:  # a decision names what it takes: the rule must name it too
        conditional = [(cid, d) for cid, d in conditional if _named_overlap(ctx, clause[decided.end():], d["text"])]
    elif _LEADS.fullmatch(clause[:whatever.start()]):  # "either way, please call me …": the deed after it must be the rule's
        conditional = [(cid, d) for cid, d in conditional if _named_overlap(ctx, clause[whatever.end():], d["text"])]
    return [LiftUnit(constraint=conditional[0][0])] if len(conditional) == 1 else []


def _rule_is_the_lift(ctx: MessageContext, clause: str) -> bool:
    """Whether the clause's rule cue is (part of) its lift cue: "尺寸不用限制了" reads 不用 as a rule, but the words
    take a limit away, they set none ("晚上8点以后都行" is a rule: it bounds a value)."""
    if bound(clause):
        return False
    lift, rule = first_match(ctx.pack.lifts, clause), _rule(ctx, clause)
    return bool(lift and rule and rule[1].start() < lift.end() and lift.start() < rule[1].end())


def _past_by_part(ctx: MessageContext, clause: str, active) -> list[str]:
    """(user35) The one active rule bounding the clock that a part of the day the lifting ``clause`` names goes past:
    "下午来也行" (12-18) goes past "只能晚上7点以后来取" (from 19), "afternoons are fine too" past "only after 6pm";
    not past "10点以后" (the afternoon is after 10). Only a clock said with its part or on a 24-hour dial counts.

    >>> from types import SimpleNamespace
    >>> zh = SimpleNamespace(lang="zh")
    >>> _past_by_part(zh, "下午来也行", [("c1", {"text": "只能晚上7点以后来取，白天家里没人"})])
    ['c1']
    >>> _past_by_part(zh, "下午来也行", [("c1", {"text": "10点以后再来"})])
    []
    """
    from .surface import _PART_WORD, _part_hours
    rx = _PART_WORD.get(ctx.lang)
    parts = [span for m in rx.finditer(clause) if (span := _part_hours(ctx.lang, m.group(0)))] if rx is not None else []
    if len(parts) != 1:
        return []
    lo, hi = parts[0]
    past = []
    for cid, d in active:
        b = bound(d["text"])
        if not b or b[1] != "time" or (at := _day_hour(d["text"])) is None:
            continue
        if b[0] == "lower" and lo < at or b[0] == "upper" and hi > at + 1:
            past.append(cid)
    return past if len(past) == 1 else []


#: (user35) a clock whose hour of the day is known: said with its part ("晚上7点", "下午3点"), with am / pm, or on a
#: 24-hour dial ("19:00")
_DAY_CLOCK = re.compile(r"(?P<part>早上|上午|中午|下午|傍晚|晚上)\s*(?P<zh>\d{1,2})\s*点|(?P<h>\d{1,2})(?::[0-5]\d)?\s*(?P<ampm>am|pm)\b"
                        r"|(?<![\d:])(?P<h24>[01]?\d|2[0-3]):[0-5]\d(?!\d)", re.I)


def _day_hour(text: str) -> int | None:
    """(user35) The hour of the day (0-23) of the first clock in ``text`` whose hour is known, else None.

    >>> _day_hour("只能晚上7点以后来取"), _day_hour("only after 6pm"), _day_hour("not before 09:30"), _day_hour("10点以后")
    (19, 18, 9, None)
    """
    m = _DAY_CLOCK.search(text)
    if m is None:
        return None
    if m.group("zh"):
        hour = int(m.group("zh"))
        return hour + 12 if m.group("part") in ("下午", "傍晚", "晚上") and hour < 12 or m.group("part") == "中午" and hour < 3 else hour
    if m.group("h"):
        return int(m.group("h")) % 12 + (12 if m.group("ampm").casefold() == "pm" else 0)
    return int(m.group("h24"))


def _hour_bound(rule: str, way: str) -> bool:
    """Whether ``rule`` bounds the time of day that ``way``: a time ("before 9am", "6点之后") or a
    bare hour ("nothing before 10").

    >>> _hour_bound("Nothing before 10 though", "lower"), _hour_bound("keep it under 150", "upper")
    (True, False)
    """
    b = bound(rule)
    if not b or b[0] != way:
        return False
    return b[1] == "time" or b[1] == "number" and b[2].isdigit() and int(b[2]) <= 24 and not re.search(r"[$£€]|元|块", rule)


#: words of the clock: a lift that goes past a bound on the hour says "later", "earlier", a time or 早 / 晚 / 点
_OF_THE_CLOCK = re.compile(r"\b(?:later|earlier|time|am|pm|o'?clock)\b|\d:\d\d|[早晚]|点", re.I)


def _on_the_hour(text: str) -> bool:
    """Whether the first bound in ``text`` bounds the time of day (cons18): then a bound on an amount is another rule.

    >>> _on_the_hour("dont come before 10, school run"), _on_the_hour("don't want to go over 2k all in")
    (True, False)
    """
    b = bound(text)
    return bool(b) and _hour_bound(text, b[0])


def _an_hour(value: str) -> bool:
    """Whether a value can be a time of day: a clock time, or a bare number up to 24 (cons18).

    >>> _an_hour("11"), _an_hour("7:30"), _an_hour("3000"), _an_hour("£40")
    (True, True, False, False)
    """
    v = value.strip().rstrip(",")
    return bool(_PATTERN_OF["time"].fullmatch(v)) or v.isdigit() and int(v) <= 24


def _moved(ctx: MessageContext, clause: str, active, *, any_polarity: bool = False) -> list[_Unit]:
    """A lifting clause that names a value past the one active bound of that kind moves the
    bound there: "I need them by the 13th at the latest", then "the 20th is fine now" makes it
    "… by the 20th …" ("周三之前装好", then "周五也行"). A bound on the hour moves only to an hour (cons18:
    "dont come before 10", then "if the 3000 can do the toilets too" names a model, not a time).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "user", "content": "We need it delivered by the 3rd at the latest."},
    ...                 {"role": "user", "content": "ok the 9th is fine now"}])
    >>> [(c.text, c.status) for c in t.state().constraints]
    [('We need it delivered by the 3rd at the latest', 'lifted'), ('We need it delivered by the 9th at the latest', 'active')]
    """
    moved = []
    for cid, d in active:
        b = bound(d["text"]) if d["polarity"] == "must" or any_polarity else None
        value = outside(b, clause) if b else None
        if value and not (_hour_bound(d["text"], b[0]) and not _an_hour(value)):
            moved.append((cid, d, b, value))  # cons18: "dont come before 10" does not move to the 3000 of a model's name
    if len(moved) != 1:
        return []
    cid, d, b, value = moved[0]
    return [LiftUnit(constraint=cid), ConstraintUnit(text=d["text"].replace(b[2], value, 1), polarity=d["polarity"],
                                                     stressed=bool(d.get("stressed")))]


#: the user gives up what they asked for: "算了普通的就行", "早上送不了也没办法", "oh well", "never mind"
_RESIGNS = re.compile(r"算了|没办法|没辙|也罢|\b(?:oh well|never ?mind|forget it|fair enough)\b", re.I)


def _resigned(ctx: MessageContext, clause: str, active) -> list[_Unit]:
    """A clause that gives up (``_RESIGNS``) naming no rule drops the latest preference the
    assistant's last message spoke of: "最好是恒温恒湿的", the assistant quotes the 恒温恒湿 unit
    at 100元 more, "贵100啊，算了普通的就行"."""
    G = ctx.graph
    last = G.graph.get("last_turn")
    if not _RESIGNS.search(clause) or not last or G.nodes[last]["role"] != "assistant":
        return []
    said = G.nodes[last]["text"] or ""
    spoken = [cid for cid, d in active if d["polarity"] == "prefer" and _overlap(ctx, said, _outside(d["text"], _all_rule_cues(ctx)))]
    return [LiftUnit(constraint=spoken[-1])] if spoken else []


def _all_rule_cues(ctx: MessageContext) -> list[re.Pattern]:
    return [p for _, cues in ctx.pack.constraints for p in cues]


def _proposes_a_bound(ctx: MessageContext, clause: str) -> bool:
    """A question that proposes a time bound ("Can we do after 3pm on weekdays?"): a rule."""
    b = first_match(ctx.pack.proposals, clause) and bound(clause)
    return bool(b) and b[1] in ("time", "day")


def _requests(ctx: MessageContext, clause: str) -> bool:
    """The clause asks the assistant to do something ("can you put a limit on my bill?")."""
    return any(name == "request" and first_match(cues, clause) for name, cues in ctx.pack.intents)


def _about_something(ctx: MessageContext, clause: str, cue: re.Match) -> bool:
    """A rule is about something: the clause has an object, or words beside its cue carry
    meaning ("别给我打电话": 打电话), not only adverbs and pronouns ("也只能这样了"); a cue
    that names what it is about holds it in its group ``object`` ("要连座", "6点之后的")."""
    if ctx.profile.has_object(clause) or "object" in cue.re.groupindex and cue.group("object"):
        return True
    rest = clause[:cue.start()] + clause[cue.end():]
    if content_words(rest, ctx.lang):
        return True
    return ctx.profile.segmented and any(
        t.tag_[:1] in ("l", "v", "n", "i", "a") and (len(t.text) > 1 or t.tag_[:1] in ("n", "a"))
        for t in ctx.profile.doc(rest, ctx.en_models))


#: (cons17) a rule closing on a headless 的-phrase, its thing left out ("不用你们的", "别打他的")
_HEADLESS_DE = re.compile(r"的[了啊呀哈啦嘛哦吧]*\W*$")
#: (cons17) what may part a rule from the clause before that names its thing: a comma, no sentence end
_COMMA_ONLY = re.compile(r"\s*[,，、]\s*")


def _with_thing_before(ctx: MessageContext, prev: tuple[int, str] | None, offset: int, clause: str) \
        -> tuple[int, str, tuple[str, re.Match]] | None:
    """(cons17) In segmented writing, a rule said of a thing it leaves out, closing on a headless 的-phrase ("不用你们的": not
    yours; "别打他的": not his), takes its thing from the clause before it, joined by a comma: (offset, text, rule) of the
    two clauses read as one when the rule's cue is in the second ("地址我们有，南山区科技园的共享办公，不用你们的" reads
    "南山区科技园的共享办公，不用你们的"); else None. A clause that asks lends no thing.

    >>> from ctxgraph._graph import new_graph
    >>> from ctxgraph.extract import RuleExtractor, Message
    >>> units = RuleExtractor()(Message(role="user", text="托盘我们自己有，不用你们的"), 0, new_graph())
    >>> [u.text for u in units if u.type == "constraint"]
    ['托盘我们自己有，不用你们的']
    """
    if prev is None or not ctx.profile.segmented or not _HEADLESS_DE.search(clause):
        return None
    start, text = prev
    gap = ctx.text[start + len(text):offset]
    head = text.strip()
    if not head or not _COMMA_ONLY.fullmatch(gap) or _ENDS_ASKING.search(head) or asks(head, ctx.profile.code):
        return None
    joined = head + "，" + clause
    rule = _rule(ctx, joined)
    if rule is None or rule[1].start() < len(head) + 1:
        return None
    return start + (len(text) - len(text.lstrip())), joined, rule


def _comma_piece(part: str, cue: str) -> str:
    """The comma-delimited piece of ``part`` holding ``cue`` (all of ``part`` when the cue is not in it); (user36) a
    space between Chinese letters parts pieces as a comma does, in a message typed without punctuation ("我家孩子初二
    数学跟不上 想找个一对一的老师 最好是女老师": the preference is "最好是女老师", not the fault before it).

    >>> _comma_piece("a session, 2 adults, outdoors if possible", "if possible")
    ' outdoors if possible'
    >>> _comma_piece("孩子初二 数学跟不上 最好是女老师", "最好")
    '最好是女老师'
    """
    at = part.find(cue)
    if at < 0:
        return part
    start = max(part.rfind(",", 0, at), part.rfind("，", 0, at)) + 1
    ends = [e for e in (part.find(",", at), part.find("，", at)) if e >= 0]
    for space in HAN_SPACE.finditer(part):
        if space.end() <= at:
            start = max(start, space.end())
        elif space.start() >= at + len(cue):
            ends.append(space.start())
            break
    return part[start:min(ends) if ends else len(part)]


#: (cons18) a run of spaces before a Chinese letter, after a letter or digit: how a message typed without punctuation
#: parts its pieces ("国庆订两晚民宿 预算最多两千 有合适的吗")
_CJK_SPACE = re.compile(r"(?<=[\u4e00-\u9fff\w])\s+(?=[\u4e00-\u9fff])")


def _bound_said_again(ctx: MessageContext, text: str) -> bool:
    """Whether an active rule already bounds the same value the same way ("人均别超过150", then "人均150以内正好"):
    a stated piece that says it again takes an option inside it, it makes no second rule (cons18)."""
    b = bound(text)
    if not b:
        return False
    olds = (bound(d["text"]) for _, d in g.open_items(ctx.graph, "constraint"))
    return any(old and old[0] == b[0] and _plain(old[2]) == _plain(b[2]) for old in olds)


def _asks(ctx: MessageContext, piece: str) -> bool:
    """Whether a space-parted piece asks: it ends asking (吗, a question mark) or holds a question word."""
    return bool(_ENDS_ASKING.search(piece) or first_match(ctx.pack.question_words, piece))


def _stated_pieces(ctx: MessageContext) -> list[tuple[int, str, bool]]:
    """The message's clauses as (offset, clause, stated). In segmented writing a clause typed without punctuation
    whose last space-parted piece asks is two: the pieces before it that ask nothing, stated (a rule among them is a
    rule), and the rest, read as the clause was; ``stated`` is True for the first (cons18).

    >>> from ctxgraph._graph import new_graph
    >>> from ctxgraph.extract import RuleExtractor, Message
    >>> units = RuleExtractor()(Message(role="user", text="国庆订两晚民宿 预算最多两千 有合适的吗"), 0, new_graph())
    >>> [u.text for u in units if u.type == "constraint"]
    ['国庆订两晚民宿 预算最多两千']
    >>> units = RuleExtractor()(Message(role="user", text="标准的吧 能不能不拆空调啊"), 0, new_graph())
    >>> [u.text for u in units if u.type == "constraint"]
    []
    """
    out: list[tuple[int, str, bool]] = []
    for offset, clause in clauses(ctx.text):
        cuts = [m.end() for m in _CJK_SPACE.finditer(clause)] if ctx.profile.segmented else []
        if not cuts or not (_ENDS_ASKING.search(clause.strip()) or in_spans(offset, ctx.asked)):
            out.append((offset, clause, False))
            continue
        starts = [0] + cuts
        pieces = [clause[a:b] for a, b in zip(starts, starts[1:] + [len(clause)])]
        head = len(pieces) - 1  # the asking tail, then back to the first piece after one that asks
        while head > 0 and not _asks(ctx, pieces[head - 1].strip()):
            head -= 1
        if head == len(pieces) - 1 or not _asks(ctx, pieces[-1].strip()):
            out.append((offset, clause, False))
            continue
        start, end = starts[head], starts[-1]
        if start:
            out.append((offset, clause[:start], False))
        out += [(offset + start, clause[start:end], True), (offset + end, clause[end:], False)]
    return out


#: (cons25) a system message that opens by saying who the assistant is ("You are the booking assistant of …", "你是…的客服助手")
_PERSONA = re.compile(r"^\W*(?:you are|you're|act as|你是|您是|你作为|作为)", re.I)
#: (cons25) an order to the assistant inside that sentence: it keeps its rules ("You are a bot that must never quote prices");
#: (fix27) 别 as a word of its own, not of a name or a noun ("云栖别墅", "别人")
_PERSONA_ORDER = re.compile(r"\b(?:must|never|always|do not|don'?t|should not|shouldn'?t|only)\b|必须|不得|不要|禁止|务必|一律|只能|切勿|严禁|不可以|别(?!墅|人|的|处|名|称|致|针|克|具)", re.I)
_SENTENCE_STOP = re.compile(r"[.。!！?？\n]")


def _persona_end(ctx: MessageContext) -> int:
    """(cons25) Where the sentence of a system message that says who the assistant is ends (0 when there is none): its
    clauses describe the service ("…, a private clinic testing adults and children for allergies", "为不能到场的家属提供墓碑
    清洁"), they set no rule, unless they order the assistant (:data:`_PERSONA_ORDER`).

    >>> from types import SimpleNamespace as N
    >>> _persona_end(N(role="system", text="You are the assistant of X, a clinic testing for allergies. Never quote prices."))
    59
    >>> _persona_end(N(role="system", text="你是福寿园的客服，为不能到场的家属提供祭扫。")), _persona_end(N(role="user", text="You are late."))
    (22, 0)
    """
    if ctx.role != "system" or not _PERSONA.search(ctx.text):
        return 0
    stop = _SENTENCE_STOP.search(ctx.text)
    return stop.end() if stop else len(ctx.text)


@step("constraints", roles=("user", "system"))
def constraints(ctx: MessageContext) -> list[_Unit]:
    """Rules with polarity, and lifts of active ones. A preference whose value this message
    already records as a fact ("最好评分是4分以上" -> 评分 4分以上) is that fact, not a
    second item; a question about a rule is not a rule, but a request that sets one is
    ("can you make sure my bill never goes over €30?").

    >>> from ctxgraph._graph import new_graph
    >>> from ctxgraph.extract import RuleExtractor, Message
    >>> units = RuleExtractor()(Message(role="user", text="送的时候别按门铃，孩子在睡觉"), 0, new_graph())
    >>> [(u.polarity, u.text) for u in units if u.type == "constraint"]
    [('must_not', '送的时候别按门铃')]
    """
    pack = ctx.pack
    units: list[_Unit] = []
    stated = [u.value for u in ctx.units_of(FactUnit)]
    before: tuple[int, str] | None = None  # the clause before, for a rule that leaves its thing to it
    persona = _persona_end(ctx)
    for offset, clause, plain in _stated_pieces(ctx):
        c = clause.strip()
        if offset < persona and not _PERSONA_ORDER.search(c):
            continue  # (cons25) "You are the booking assistant of Brightwell Allergy Clinic": who the assistant is, no rule
        prev, before = before, (offset, clause)
        asked = not plain and in_spans(offset, ctx.asked)
        lift = first_match(pack.lifts, c)
        lifting = lift and (_said_apart(ctx, c, lift) or not _ENDS_ASKING.search(c) and not asked and not _cue_piece_asks(ctx, c, lift))
        if lifting and not _restated(ctx, c, _rule(ctx, c)):
            lifted = _keep_unnamed_pieces(ctx, c, _lifts(ctx, _after_own_ask(ctx, c, lift), g.open_items(ctx.graph, "constraint")))
            units += lifted
            if lifted and _rule(ctx, c) and bound(c) or not lifted and _rule(ctx, c) and not _rule_is_the_lift(ctx, c):
                pass  # "周四早上8点前送到也可以" lifts "最晚周三下午必须送到" and is the bound now; "3点以后都行" lifts nothing: a rule
            else:
                continue
        chosen = [] if ctx.role != "user" else _chosen(ctx, c) + _reversed(ctx, c) + _condition_dropped(ctx, c) \
            + ([] if _ENDS_ASKING.search(c) or asked else deed_again(ctx, c) + no_need(ctx, c, _named_overlap) + widened(ctx, c, _named_overlap) + contact_allowed(ctx, c))  # "能改到周四下午那个吗？" takes周四 too; cons21, cons30
        gone = {x.constraint for x in units if isinstance(x, LiftUnit)}
        units += _keep_unnamed_pieces(ctx, c, [u for u in chosen if u.constraint not in gone])
        if not lifting and (_ENDS_ASKING.search(c) or asked) and not _requests(ctx, c) \
                and not _proposes_a_bound(ctx, c) and not (_ASKS_OK.search(c) and bound(c)):
            continue  # "这两家酒店哪个符合这个要求？"
        parts = _rule_parts(ctx, c)
        if len(parts) == 1 and parts[0][1] is None and (joined := _with_thing_before(ctx, prev, offset, c)):
            offset, parts = joined[0], [(joined[1], joined[2])]  # "南山区科技园的共享办公，不用你们的"
        for part, rule in parts:
            if rule is None:
                continue
            polarity = rule[0]
            # (people6) the fact must be in the comma-piece the preference is said in: "a family photo session,
            # 2 adults and 3 kids, outdoors if possible" prefers outdoors, not the count
            piece = _comma_piece(part, rule[1].group(0))
            if polarity == "prefer" and not _PREFERS_NOT.search(piece) \
                    and any(v and v in piece and v not in rule[1].group(0) and not _DAY_OR_WEEK_PART.fullmatch(v.strip()) for v in stated):
                continue  # "最好评分是4分以上" is the fact 4分以上; "周末的话最好，工作日不好请假" is a rule on when (cons6)
            if polarity == "must_not" and _declines(ctx, part, rule[1]):
                continue
            if polarity == "must" and _searched(ctx, part, stated, rule[1]):
                continue  # "It needs to be an attraction", "needs to be in the centre area": what is searched for (issue 21)
            text = around(_with_referent(ctx.text, offset, part), rule[1], RULE_CHARS["segmented" if ctx.profile.segmented else "spaced"])
            text = _with_named_thing(ctx.text, offset + max(0, c.find(part)), text)
            if not g.is_active_rule(ctx.graph, text) and not in_folded_rule(ctx.graph.graph["active_rules"], text, ctx.profile.code) \
                    and not (plain and _bound_said_again(ctx, text)):
                gone = {u.constraint for u in units if isinstance(u, LiftUnit)}
                units += [LiftUnit(constraint=cid) for cid in _restated(ctx, part, rule) if cid not in gone]
                units.append(ConstraintUnit(text=text, polarity=polarity, stressed=ctx.stressed))
    units += _changed(ctx, units)
    if not any(isinstance(u, ConstraintUnit) for u in units):
        units += _preferred_when_asked(ctx)
    made = [u.text for u in units if isinstance(u, ConstraintUnit)]
    # "The deposit is 300 max, please don't go over that…": the part a later rule points back to is in that rule
    units = [u for u in units if not (isinstance(u, ConstraintUnit) and any(u.text != t and u.text in t for t in made))]
    units = [u for i, u in enumerate(units) if not isinstance(u, ConstraintUnit) or u not in units[:i]]  # a rule kept twice
    # cons11: "weekday evenings only, he's at work till 6" is one rule with its reason, not two rules
    if ctx.role != "user":
        return units
    units = fold_reasons(ctx.text, units, ctx.profile.code)
    # cons31: "周日那个，周六她还有英语课": the busy Saturday is the reason of the Sunday picked, no rule
    return drop_pick_reasons(ctx.text, units, [u.value for u in ctx.units_of(FactUnit) if u.value], ctx.profile.code)


#: the assistant asks whether the user has a preference: "Do you have a preference for a male or female interpreter?",
#: "您有偏好吗？" (not "Which would you prefer?": a pick among options, the picks' and facts' business)
_ASKS_PREFERENCE = re.compile(r"\bpreferences?\b|\b(?:any|special) requirements?\b|偏好|喜好|倾向|(?:有|什么)(?:特别的?|别的|其他)?要求", re.I)
#: an answer that leaves it open: "no preference", "都可以", "随便", "either is fine"
_NO_PREFERENCE = re.compile(r"^\W*(?:no\b|none\b|not really\b|nope\b|either\b|any\b|whatever|doesn'?t matter|don'?t mind|i don'?t|no preference)"
                            r"|没有|没什么|都(?:可以|行|好|没问题)|随便|无所谓|不挑|不介意|不用", re.I)
#: (lead21b) a pick's option as said, after its value: "window table (the window table)"
_BRACKET_TAIL = re.compile(r"\s*[(（][^()（）]*[)）]\s*$")
#: the longest first sentence read as the answer to "any preference?" (a longer one says more than a preference)
_PREFERENCE_CHARS = {"segmented": 30, "spaced": 80}


def _preferred_when_asked(ctx: MessageContext) -> list[_Unit]:
    """The user's answer to the assistant asking for a preference (cons7): "Do you have a preference
    for a male or female interpreter?" -> "female please, it's a gynaecology appointment"; "教练有男有女，
    您有偏好吗？" -> "女教练吧，我会紧张". Its first sentence is a preference kept for the rest of the chat,
    unless it leaves the choice open ("no preference", "都可以"), asks back, or holds a value this
    message records as a fact (then the fact is the answer: a search in a booking, issue 21).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "assistant", "content": "包装有袋装和瓶装，您有偏好吗？"},
    ...                 {"role": "user", "content": "袋装吧，瓶子不好带"}])
    >>> [(c.text, c.polarity) for c in t.state().constraints]
    [('袋装吧，瓶子不好带', 'prefer')]
    """
    G = ctx.graph
    last = G.graph.get("last_turn")
    if ctx.role != "user" or not last or G.nodes[last]["role"] != "assistant" or ctx.pack.domain_rx is not None:
        return []  # in a pack with domains the answer is what is searched for, the facts' (issue 21)
    said = G.nodes[last]["text"] or ""
    if not any(_ASKS_PREFERENCE.search(said[s:e]) for s, e in question_sentences(said)):
        return []
    first = _SENTENCE.search(ctx.text)
    answer = first.group(0).strip() if first else ""
    end = first.end() if first else 0
    if not answer or len(answer) > _PREFERENCE_CHARS["segmented" if ctx.profile.segmented else "spaced"] or _NO_PREFERENCE.search(answer) \
            or ctx.text[end:end + 1] in ("?", "？"):
        return []
    if any(u.value and _BRACKET_TAIL.sub("", str(u.value)) in answer for u in ctx.units_of(FactUnit)):
        return []  # "I'd like the centre please" after "Do you have a preference for the area?": the fact, a search (issue 21)
    return [ConstraintUnit(text=answer, polarity="prefer", stressed=ctx.stressed)]


#: what a rule was about has moved: "the school trip got moved to the week after", "旅游改期了，改到7月25号"
_CHANGE = re.compile(r"\b(?:got |been |was |were |is |are |has |have )?(?:moved|changed|pushed|put back|brought forward|rescheduled|postponed)"
                     r"(?: (?:back |forward )?to)?\b|改(?:到|成|为|期|在)|(?:推迟|推后|延后|延期|提前|挪|换|调)到", re.I)
#: a value a moved rule takes: a number or a date in digits or Chinese numerals
_CHANGE_VALUE = re.compile(r"\d|[一二两三四五六七八九十]+\s*(?:号|日|月|点|周|天|块|元|百|千|万)")
_SENTENCE = re.compile(r"[^.!?。！？\n]+")
_CLAUSE_END = re.compile(r"[,，;；]|$")


def _changed(ctx: MessageContext, units: list[_Unit]) -> list[_Unit]:
    """A rule whose subject has moved (cons7): a sentence with a change verb (``_CHANGE``) that names
    the thing of exactly one active rule ("I'm away the week of the 16th, so not that week", then "the
    school trip got moved to the week after, so it's the 23rd-27th she can't do now"; "7月20号到22号我们
    出去旅游，这几天不行", then "旅游改期了，改到7月25号到26号") lifts it; the rule this message makes
    of the same kind is the new one, else the sentence up to the clause that names the new value is.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "user", "content": "我五号到九号出差，这几天排不了"},
    ...                 {"role": "user", "content": "出差改到十二号到十六号了"}])
    >>> [(c.text, c.status) for c in t.state().constraints]
    [('我五号到九号出差，这几天排不了', 'lifted'), ('出差改到十二号到十六号了', 'active')]
    """
    if ctx.role != "user":
        return []
    out: list[_Unit] = []
    gone = {u.constraint for u in units if isinstance(u, LiftUnit)}
    made = {u.polarity for u in units if isinstance(u, ConstraintUnit)}
    for sentence in _SENTENCE.finditer(ctx.text):
        cue = _CHANGE.search(sentence.group(0))
        if not cue or _ENDS_ASKING.search(sentence.group(0)):
            continue
        said = sentence.group(0)
        named = [(cid, d) for cid, d in g.open_items(ctx.graph, "constraint")
                 if d["polarity"] != "prefer" and _named_overlap(ctx, _outside(said, [_CHANGE]), d["text"])]
        if len(named) != 1:
            continue
        cid, d = named[0]
        value = _CHANGE_VALUE.search(said, cue.start())
        if not value and d["polarity"] not in made:
            continue
        out += [] if cid in gone else [LiftUnit(constraint=cid)]
        if d["polarity"] not in made:
            end = _CLAUSE_END.search(said, value.end()).start()
            out.append(ConstraintUnit(text=around(said[:end].strip(), value, RULE_CHARS["segmented" if ctx.profile.segmented else "spaced"]),
                                      polarity=d["polarity"], stressed=ctx.stressed))
    return out


#: a rule whose bound points back ("so it has to be done before then", "在那之前要装好"), or that rules out what was
#: just named ("so not that one", "这几天不行")
_POINTS_BACK = re.compile(r"\b(?:before|by|until|after|till) (?:then|that)\b|\b(?:past|over|above|beyond|more than|under|below) (?:that|this|it)\b(?! (?:is|was|'s)\b)"
                          r"|(?:在)?那(?:之|以)?(?:前|后)|超过(?:这个|那个)(?:数|价|钱)?"
                          # cons7: the option or dates just named, ruled out ("…wedding so not that one", "…不在家，这几天不行")
                          r"|\bnot (?:then|that (?:one|week|day|date|weekend|time|month|morning|afternoon|evening|slot)|those (?:days|dates|weeks))\b"
                          r"|^\W*(?:这|那)(?:几|两|三)?(?:天|周|个星期|段时间|个时间)[^，,。！？]{0,3}?(?:都|也)?(?:不行|不可以|不方便|没空|没时间|排不了"
                          r"|来不了|约不了|去不了|考不了|上不了|做不了|不能约|不能来|不在)", re.I)
_SENTENCE_START = re.compile(r"[.!?。！？\n]\s*")
#: a value a bound can point back to in the sentence before: a number or a date in digits or Chinese numerals
_VALUE_SAID = re.compile(r"\d|[一二两三四五六七八九十]+\s*(?:号|日|月|点)")


def _with_referent(text: str, offset: int, part: str) -> str:
    """``part`` with the clauses of its sentence before it when its bound points back to them:
    "My son's recital is on the 9th, so it has to be tuned before then" keeps "the 9th".

    >>> _with_referent("Hi. The exam is on the 14th, so it has to be done before then.", 28, "so it has to be done before then")
    'The exam is on the 14th, so it has to be done before then'
    >>> _with_referent("Hi. It expires on 14 March. I want it renewed before then.", 28, "I want it renewed before then")
    'It expires on 14 March. I want it renewed before then'
    """
    if not _POINTS_BACK.search(part) or offset <= 0:
        return part
    starts = [m.end() for m in _SENTENCE_START.finditer(text, 0, offset)]
    start = starts[-1] if starts else 0
    if not text[start:offset].strip() and len(starts) > 1 and _VALUE_SAID.search(text, starts[-2], start):
        start = starts[-2]  # "… expires on 14 March. I should like it renewed before then" (cons16): the sentence before
    head = text[start:offset].strip()
    return (head + ("" if _CJK_END.search(head.rstrip("，,；;")) and head[-1] in "，,；;" else " ") + part) if head else part


_NEEDS_TO_BE = re.compile(r"\b(?:has|have|needs?|need|got|must) to be (?:a |an |in (?:the )?|on (?:the )?)?(?P<what>[^.?!,;]{2,40})", re.I)


def _searched(ctx: MessageContext, part: str, stated: list[str], cue: re.Match | None = None) -> bool:
    """A need that names a kind of thing the pack's domains offer ("It needs to be an attraction",
    "it needs to be a guesthouse") or a value this message records as a fact ("needs to be in the
    centre area", "…in the south area and have a 4 star rating"): a search the facts hold, not a rule
    (issue 21: pinned, such rules took a 64-token context's room from the facts).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en", packs=["booking"])
    >>> _ = t.observe({"role": "user", "content": "I want somewhere to visit. It needs to be an attraction in the centre."})
    >>> t.state().constraints
    []
    """
    rx = ctx.pack.domain_rx  # only a pack with domains knows what is offered
    if rx is None:
        return False
    held = cue.group("object") if cue is not None and "object" in cue.re.groupindex else None
    if held and any(held.strip() in v for v in stated if v):
        return True  # "游玩时间控制在0.2小时 - 0.3小时": a search for a value the facts hold
    m = _NEEDS_TO_BE.search(part)
    if not m:
        return False
    what = m.group("what").strip().casefold()
    if (d := rx.match(what)) and d.end() >= len(what.split(" ")[0]):
        return True
    return any(v and what.startswith(v.strip().casefold()) and not _BOUND_VALUE.match(v) for v in stated)


#: (lead, blind23 round) a value that is a bound ("before Friday", miss25en's deadline): "Delivery needs to be before
#: Friday" is a rule on when, not a search the facts hold
_BOUND_VALUE = re.compile(r"\s*(?:before|by|until|till|no later than|after)\b", re.I)


#: (cons18) a preference that rules its value out ("I would rather not be telephoned after six", "最好别安排在晚上"): the value
#: it names is no pick, so a fact holding it does not stand for the rule
_PREFERS_NOT = re.compile(r"\b(?:rather|prefer(?:ably)?|ideally|if possible)\s+(?:not|no|never)\b|\b(?:prefer|like) (?:it |you )?not to\b"
                          r"|(?:最好|尽量|希望)(?:是)?(?:不要|别|不|避开)", re.I)
#: a part of the day or of the week: preferred, it is a rule on when, not a slot's value (cons6)
_DAY_OR_WEEK_PART = re.compile(r"(?:早上|上午|中午|下午|晚上|白天|夜里|工作日|周末)|(?:weekday |weekend )?(?:mornings?|afternoons?|evenings?|nights?|weekends?|weekdays?)", re.I)
#: a rule whose thing is a pronoun ("please dont take them out", "那个你们不用管"): the thing is named just before it
_PRONOUN_THING = re.compile(r"^\W*(?:(?:please|pls|but|and|so|oh|just)\s+)*(?:(?:do not|don'?t|dont|never|can'?t|leave|keep|skip)\s+(?:\w+\s+)?(?:them|it|those|these)\b)"
                            r"|^\W*(?:那个|这个|那些|这些|它们?)"
                            # (cons8) a degree with no subject of its own: the thing is in the clause before ("水温要调高一点，别太凉")
                            r"|^\W*(?:但是?|也|可|就)?(?:别|不要|不能|不用|不会|不)?太[\u4e00-\u9fff]{1,2}(?:了|的|啊|哦|呀)?\W*$"
                            r"|^\W*(?:(?:and|but|just)\s+)?(?:not|nothing|never|do ?n[o']?t make (?:it|them))\s+too\s+\w+\W*$", re.I)
_PIECE_END = re.compile(r"[,，;；]\s*$")


def _with_named_thing(text: str, at: int, rule: str) -> str:
    """``rule`` with the clause just before it in its sentence when the rule names its thing by a
    pronoun (cons6): "the lenses are varifocals, please dont take them out" keeps "the lenses are
    varifocals"; "有个钢琴，那个你们不用管" keeps "有个钢琴".

    >>> _with_named_thing("对了有个钢琴，那个你们不用管，琴行会来搬", 7, "那个你们不用管")
    '对了有个钢琴，那个你们不用管'
    >>> _with_named_thing("Oh, and the lenses are varifocals, please dont take them out", 35, "please dont take them out")
    'and the lenses are varifocals, please dont take them out'
    >>> _with_named_thing("菜要清淡一点，别太咸", 7, "别太咸")
    '菜要清淡一点，别太咸'
    >>> _with_named_thing("No nuts, please.", 0, "No nuts")
    'No nuts'
    """
    if not _PRONOUN_THING.search(rule) or at <= 0 or not _PIECE_END.search(text[:at]):
        return rule
    head = re.split(r"[.!?。！？\n,，;；]", text[:at].rstrip(" ,，;；"))[-1].strip()
    if not head:
        return rule
    return head + ("，" if _CJK_END.search(head) else ", ") + rule


_CJK_END = re.compile(r"[\u4e00-\u9fff]$")


#: a word that makes a "no X" a standing rule rather than an answer ("no calls ever", "以后都不要")
_STANDING = re.compile(r"\b(?:ever|never|at all|any(?:more| more)?|from now on|always)\b|以后|今后|一律|永远|任何|都不", re.I)


#: thanks said with a "no": the user declines what was offered ("no photos thanks", "不用了谢谢")
_THANKS = re.compile(r"\bthanks?\b|\bthank you\b|\bthx\b|\bcheers\b|谢谢|多谢", re.I)


def _declines(ctx: MessageContext, part: str, cue: re.Match) -> bool:
    """"no photos thanks" answers the assistant's last message, which offered the photo pack
    ("Would you like the souvenir photo pack for £12?"): the user declines with thanks, sets no
    rule. A user's must_not part said with thanks, that shares a word with a question of the
    assistant's last message and has no word that makes it standing ("no calls ever, thanks").
    Without thanks, "No catering, we'll bring our own food" after "Do you want catering?" stays a
    rule (the annotators of the dev set list it as one); "no domain" after "Do you have a domain
    already?" answers whether the user has one, with or without thanks (cons21).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "assistant", "content": "Booked. Would you like to add a dessert platter for £20?"},
    ...                 {"role": "user", "content": "no dessert thanks, someone is bringing a cake"}])
    >>> t.state().constraints
    []
    """
    G = ctx.graph
    last = G.graph.get("last_turn")
    if ctx.role != "user" or not last or G.nodes[last]["role"] != "assistant" or _STANDING.search(part):
        return False
    text = G.nodes[last]["text"] or ""
    asked = [text[s:e] for s, e in question_sentences(text)]
    if not _THANKS.search(part):  # cons21: "no domain" answers "Do you have a domain already?": a fact, no rule
        return any(_ASKS_HAVING.search(q) and _named_overlap(ctx, part, q) for q in asked)
    return any(_overlap(ctx, part, q) for q in asked)


#: (cons21) a question whether the user has or had a thing ("Do you have a domain already?", "was there any tax planning?")
_ASKS_HAVING = re.compile(r"\b(?:do|does|did) (?:you|he|she|they|we) (?:already |still )?(?:have|own)\b|\bhave you (?:got|had)\b"
                          r"|\b(?:is|was|are|were) there\b", re.I)


_FRAME_NUMBER = re.compile(r"\d[\d,]*(?:[.:]\d+)?")
#: after a rule's cue, its value is looked for this far
_FRAME_CHARS = 24
#: words for money beside a number, left out of a rule's frame ("300元以内" is "300以内")
_MONEY_WORDS = re.compile(r"\s*(?:元|块钱?|rmb|usd|eur|gbp)\s*", re.I)


def _frame(text: str, cue: re.Match) -> tuple[str, str] | None:
    """A rule's frame and its number: its cue up to the first number after it, the number
    masked ("must be under $300" -> ("must be under $#", "300"), "6点之后送" -> ("#点之后",
    "6")); None when no number is in or right after the cue.

    >>> import re
    >>> text = "it must be under $1,500 a night"
    >>> _frame(text, re.search("must be under", text))
    ('must be under $#', '1,500')
    >>> _frame("300元以内", re.search(r"\\d+\\s*(?:元)?以内", "300元以内"))
    ('#以内', '300')
    """
    m = _FRAME_NUMBER.search(text, cue.start(), max(cue.end(), cue.start() + _FRAME_CHARS))
    if not m:
        return None
    frame = text[cue.start():m.start()] + "#" + text[m.end():cue.end()]
    return _MONEY_WORDS.sub("", frame.casefold()).strip(), m.group(0)


def _restated(ctx: MessageContext, clause: str, rule: tuple[str, re.Match] | None) -> list[str]:
    """Active rules this one states again with another number (the same cue, polarity and
    words around the number): "6点之后送" then "改成7点之后吧", "预算300以内" then "那400以内也行".
    They are lifted; the new rule is active."""
    frame = _frame(clause, rule[1]) if rule else None
    if frame is None:
        return (_rebound(ctx, clause) + _narrowed(ctx, _piece(clause, rule[1].start()), rule[0])) if rule else []
    out = _rebound(ctx, clause)
    anchor = max(frame[0].split("#"), key=len).strip()  # a cheap test before reading a rule again
    for cid, d in g.open_items(ctx.graph, "constraint"):
        if d["polarity"] != rule[0] or anchor.casefold() not in d["text"].casefold():
            continue
        old = _rule(ctx, d["text"])
        old_frame = _frame(d["text"], old[1]) if old else None
        if old_frame and old_frame[0] == frame[0] and old_frame[1] != frame[1] and cid not in out:
            out.append(cid)
    return out


def _rebound(ctx: MessageContext, clause: str) -> list[str]:
    """Active rules whose bound this one states again with another value, in other words
    (:func:`~ctxgraph.extract.bounds.same_bound`): "keep it under $1,500" then "our limit is
    $1,800 now", "总价别超过两万" then "预算放宽到两万五". Of two or more such rules, the ones
    sharing a word with this one. A bound on the hour restates only one on the hour, and in segmented writing a
    rule whose value a fact holds that this message leaves is on another thing (cons18: :func:`_value_kept`)."""
    new = bound(clause)
    if new is None:
        return []
    hourly = _on_the_hour(clause)
    same = [(cid, d) for cid, d in g.open_items(ctx.graph, "constraint") if same_bound(new, bound(d["text"]))
            and _on_the_hour(d["text"]) == hourly]  # cons18: "dont come before 10" restates no "over 2k"
    if len(same) > 1:
        same = [(cid, d) for cid, d in same if _overlap(ctx, clause, d["text"])]
    return [cid for cid, d in same if not _value_kept(ctx, bound(d["text"])[2])]


def _value_kept(ctx: MessageContext, value: str) -> bool:
    """In segmented writing, whether a current fact holds an old bound's value and this message records no new value
    under its key: then a new bound is on another thing ("预算人均三百以内" is the budget; "纪念品 五十块以内" moves no
    budget, cons18). In spaced writing the value readers miss too many new bounds ("we can go to 19k now") to tell.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "user", "content": "预算人均三百以内"}, {"role": "user", "content": "纪念品 别太贵 五十块以内"}])
    >>> sorted((c.text, c.status) for c in t.state().constraints)
    [('纪念品 别太贵 五十块以内', 'active'), ('预算人均三百以内', 'active')]
    """
    if not ctx.profile.segmented:
        return False
    keys = {d["key"] for _, d in g.current_facts(ctx.graph) if _plain(without_bound(str(d["value"]))) == _plain(value)}
    return bool(keys) and not any(u.key in keys for u in ctx.units_of(FactUnit))


def _piece(clause: str, at: int) -> str:
    """The comma-separated piece of ``clause`` that holds position ``at``."""
    start = max(clause.rfind(",", 0, at), clause.rfind("，", 0, at)) + 1
    ends = [i for i in (clause.find(",", at), clause.find("，", at)) if i >= 0]
    return clause[start:min(ends) if ends else len(clause)]


def _narrowed(ctx: MessageContext, clause: str, polarity: str) -> list[str]:
    """Active rules of the same polarity whose times this one narrows (:func:`~ctxgraph.extract.
    bounds.narrower`): "I can only do evenings after 6 or weekends", then "so evenings only"."""
    return [cid for cid, d in g.open_items(ctx.graph, "constraint") if d["polarity"] == polarity and narrower(clause, d["text"])]


def _chosen(ctx: MessageContext, clause: str) -> list[_Unit]:
    """Active rules the user drops by taking what they excluded (the pack's ``choices``): a
    must_not rule the option names ("no long contracts", then "go with the 18-month contract";
    "不要线上课", then "那就线上吧"), a bound the option's value lies outside ("nothing before
    9am", then "the 7:10 it is"), a day asked for when another is taken ("周六可以吗？", then
    "那就周日吧"), the alternative a must rule's reason rules out ("钱我只要现金，转账我不会弄", then "那就转账吧")."""
    cue = first_match(ctx.pack.choices, clause)
    if not cue:
        return []
    option = clause[cue.end():] if clause[cue.end():].strip() else cue.group(0)  # "the 7:10 it is"
    out: list[_Unit] = []
    for cid, d in g.open_items(ctx.graph, "constraint"):
        limit = bound(d["text"]) if d["polarity"] != "prefer" else None
        if limit and outside(limit, option) or d["polarity"] == "must" and not limit and other_day(d["text"], option) \
                or d["polarity"] != "must_not" and off_class(d["text"], option) \
                or d["polarity"] == "must_not" and not limit and option.strip() and _names(ctx, option, _outside(d["text"], _all_rule_cues(ctx))) \
                or d["polarity"] == "must" and not limit and option.strip() and _names(ctx, option, _ruled_out_beside(d["text"])):
            out.append(LiftUnit(constraint=cid))
    return out


#: a negator in a piece beside a rule: what its reason rules out ("转账我不会弄", "I don't do bank transfers")
_NEGATES = re.compile(r"[不别没唔莫]|\b(?:not|never|no)\b|n['’]?t\b", re.I)


def _ruled_out_beside(text: str) -> str:
    """The pieces of a rule's text after its first that negate: the alternative its reason rules out, which the user
    may take after all ("钱我只要现金，转账我不会弄", then "那就转账吧"; cons21); "" when there is none.

    >>> _ruled_out_beside("钱我只要现金，转账我不会弄"), _ruled_out_beside("cash only please, the card machine is slow")
    ('转账我不会弄', '')
    """
    pieces = [p for p in re.split(r"[,，;；]\s*|\s+(?=[\u4e00-\u9fff])", text) if p.strip()]
    return " ".join(p for p in pieces[1:] if _NEGATES.search(p))


def _reversed(ctx: MessageContext, clause: str) -> list[_Unit]:
    """The user wants after all what a must_not rule ruled out (the pack's ``reversals``: "do the garden one as well",
    "we DO need a barcode", "舞鞋还是你们准备吧"): the one active must_not rule whose words the clause names is lifted
    (cons10). A clause that asks, or rules something out itself, or names two such rules, lifts none.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "user", "content": "no smoked salmon, it's too pricey for us"},
    ...                 {"role": "user", "content": "actually do the smoked salmon ones after all, the boss is paying"}])
    >>> [(c.text, c.status) for c in t.state().constraints]
    [('no smoked salmon', 'lifted')]
    """
    if not first_match(ctx.pack.reversals, clause) or _ENDS_ASKING.search(clause) or _KEEPS_RULE.search(clause):
        return []
    rule = _rule(ctx, clause)
    if rule and rule[0] == "must_not":
        return []
    words = _thing_words(ctx, clause)
    named = [cid for cid, d in g.open_items(ctx.graph, "constraint") if d["polarity"] == "must_not" and words & _thing_words(ctx, d["text"])]
    return [LiftUnit(constraint=named[0])] if len(named) == 1 else []


#: a reversal's clause that keeps the rule: the thing without what was ruled out ("the nut free brownies as well",
#: "还是要无坚果的那款吧"), or the user's own deed ("I'll call you as well if I'm late" keeps "don't call me before 10am")
_KEEPS_RULE = re.compile(r"(?<!feel)[- ]free\b|\bwithout\b|无(?!所谓|论)|不含|不放|不加|去掉"
                         r"|^\W*(?:i(?:'ll| will| can| could| might)|我(?:会|也会|自己|可以))(?!\s*(?:need|want|take|have|get|go|do|要|需要|选))", re.I)

#: words that name no thing in a reversal: the closed classes of the learned reader's features and the reversal's own
_NO_THING_EN = frozenset(_EN_CLOSED) | _NAMELESS | frozenset("well bother need want dont do done one ones".split())


def _thing_words(ctx: MessageContext, text: str) -> frozenset[str]:
    """The words of ``text`` that can name a thing: content words outside the closed classes (spaced writing), pairs of
    letters outside them (segmented writing: "舞鞋还是你们准备吧" -> 舞鞋, 准备)."""
    if ctx.profile.segmented:
        return frozenset(p for p in _pairs(ctx, text) if not any(ch in _ZH_CLOSED for ch in p))
    return frozenset(w for w in _stems(text, ctx.lang) if w not in _NO_THING_EN and len(w) >= 3)


def _names(ctx: MessageContext, option: str, rule: str) -> bool:
    """Whether an option names what a rule is about: a shared word (a word and its plural
    with a cruder ending, "lease" and "leases", are one), else :func:`_overlap`."""
    words = [w for w in _stems(rule, ctx.lang) if len(w) >= 4]
    if any(w.startswith(o) or o.startswith(w) for o in _stems(option, ctx.lang) if len(o) >= 4 for w in words):
        return True
    # a pronoun names no thing (cons12): "can u move it to 5.15 or later, she has training" keeps "she's coeliac so no gluten"
    return bool(_named_overlap(ctx, option, rule))


_SPACED_WORD = re.compile(r"\S")


def around(text: str, cue: re.Match, limit: int) -> str:
    """``text`` whole when it has at most ``limit`` characters, else the ``limit`` around the
    match ``cue`` (a third of them before it), never cutting a word written with spaces,
    marked "…" on each side cut.

    >>> import re
    >>> text = "I have been waiting for two weeks and " * 3 + "please do not call me again at work"
    >>> around(text, re.search("do not", text), 40)
    '…and please do not call me again at…'
    >>> around("不要打电话", re.search("不要", "不要打电话"), 40)
    '不要打电话'
    """
    text = text.strip()
    if len(text) <= limit:
        return text
    start = max(0, min(cue.start() - limit // 3, len(text) - limit))
    end = start + limit
    spaced = " " in text
    if spaced and start > 0:  # whole words only
        while start < cue.start() and _SPACED_WORD.match(text[start - 1]):
            start += 1
    if spaced and end < len(text):
        while end > cue.end() and _SPACED_WORD.match(text[end]):
            end -= 1
    head, tail = ("…" if start > 0 else ""), ("…" if end < len(text) else "")
    return head + text[start:end].strip(" ,，;；") + tail


def _rule(ctx: MessageContext, text: str) -> tuple[str, re.Match] | None:
    """(polarity, cue) of the first constraint cue in ``text`` that is about something (a must that is a need
    denied, "we don't have to be out before the 3rd", is none: :func:`_need_denied`; nor what a thing is for,
    "that coupon is for new customers only": :func:`_is_for`)."""
    for polarity, cues in ctx.pack.constraints:
        cue = first_match(cues, text)
        if cue and _about_something(ctx, text, cue) and not (polarity == "must" and (_need_denied(text, cue) or _is_for(text, cue)
                                                                                    or _estimates(text, cue))):
            return polarity, cue
    return None


def _estimates(text: str, cue: re.Match) -> bool:
    """(cons31) Whether a 得有 / 得是 cue guesses an amount ("一屋子书，得有二十来箱": there are about twenty boxes) rather
    than sets a must ("得有国标检测报告", "得有两个人陪着"): :func:`ctxgraph.extract.estimates.guessed_at`.

    >>> rx = re.compile("得有")
    >>> [_estimates(t, rx.search(t)) for t in ("得有二十来箱", "水分得有二十七八", "漏了得有半个月了", "得有国标检测报告", "得有两个人陪着")]
    [True, True, True, False, False]
    """
    return cue.group(0) in ("得有", "得是") and guessed_at(text, cue.end())


#: (fix17) a need denied right before a must cue: "don't have to", "doesn't need to", "no need to", 不用非得, 不必, 没必要
_DENIED_BEFORE = re.compile(r"(?:\b(?:do|does|did)(?:n[o'’]?t| not)|\bno)\s+(?:really\s+|actually\s+|necessarily\s+)?$"
                            r"|(?:不用|不必|没必要|无需|不需要|用不着)(?:非得|非要|一定|必须)?$", re.I)
#: (fix17) a must cue whose own first word a bare 不 denies: 不一定要, 不必须, 不非得
_ZH_NEED_CUE = re.compile(r"一定|必须|非得|非要")


#: (fix17) what the copula's subject is for, a word or two before the thing of an "<X> only" cue
_IS_FOR_BEFORE = re.compile(r"\b(?:is|are|was|were|'s)\s+for\s+(?:[\w'-]+\s+){1,3}$", re.I)


def _is_for(text: str, cue: re.Match) -> bool:
    """(fix17) Whether an "<X> only" cue tells what the copula's subject is for, with words before the thing that
    fix16's look-behind ("is for ") cannot see: "that coupon is for new customers only"; "we want organic
    vegetables only" stays a rule.

    >>> c = re.compile(r"[a-z]+ only")
    >>> _is_for("that coupon is for new customers only", c.search("that coupon is for new customers only"))
    True
    >>> _is_for("we want organic vegetables only", c.search("we want organic vegetables only"))
    False
    """
    return cue.group(0).endswith("only") and bool(_IS_FOR_BEFORE.search(text, 0, cue.start()))


def _need_denied(text: str, cue: re.Match) -> bool:
    """(fix16's left-over, fix17) Whether a must cue is a need the words right before it deny: the thing may be
    done so, it need not ("we don't need to be out before the 3rd", "it doesn't have to be done by friday",
    "不用非得周五之前做完", "不一定要10点前到"); "we have to be out before the 3rd" and "不要周五之前来" stay rules.

    >>> c = re.compile(r"have to be out before|周五之前|一定要")
    >>> _need_denied("we don't have to be out before the 3rd", c.search("we don't have to be out before the 3rd"))
    True
    >>> _need_denied("不一定要10点前到", c.search("不一定要10点前到")), _need_denied("不要周五之前来", c.search("不要周五之前来"))
    (True, False)
    """
    before = text[max(0, cue.start() - 24):cue.start()]
    return bool(_DENIED_BEFORE.search(before)) or (before.endswith("不") and bool(_ZH_NEED_CUE.match(cue.group(0))))


def _rule_parts(ctx: MessageContext, clause: str) -> list[tuple[str, tuple[str, re.Match] | None]]:
    """The rules of a clause, each with its :func:`_rule`: its comma-separated parts when two
    or more of them state a rule ("don't call, just text" is two rules: one can be lifted
    alone), else the clause (each text read once: reading a Chinese text segments it)."""
    parts = [p.strip() for p in re.split(r"[,，]\s*", clause) if p.strip()]
    rules = [(p, _rule(ctx, p)) for p in parts]
    ruled = [(p, r) for p, r in rules if r]
    if len(ruled) >= 2:
        return ruled
    same = [r for p, r in rules if p == clause]  # a clause of one part was read already
    return [(clause, same[0] if same else _rule(ctx, clause))]


@step("questions", roles=("assistant",))
def questions(ctx: MessageContext) -> list[_Unit]:
    """What the assistant asks and waits for; "你觉得怎么样？" asks about nothing in particular."""
    sentences = [ctx.text[start:end] for start, end in question_sentences(ctx.text)]
    return [QuestionUnit(text=s.strip()) for s in sentences
            if s.strip() and first_match(ctx.pack.questions, s) and _asks_about(ctx, asking_clause(s))]


def _asks_about(ctx: MessageContext, clause: str) -> bool:
    """A question asks about something: a noun in it, or a word the pack knows as a slot's name
    (jieba tags "预算" in "您的预算大概多少？" and "几间" in "请问要几间？" as no noun), or (user29zh) the day or the
    clock a when-question asks for ("您看哪天方便？", "您想约哪天？": no noun, still waiting for a day)."""
    return ctx.profile.has_object(clause) or bool(ctx.pack.synonym_rx and ctx.pack.synonym_rx.search(clause)) \
        or when_slot(ctx.lang, clause) in ctx.pack.slots


@step("goal", roles=("user",))
def goal(ctx: MessageContext) -> list[_Unit]:
    """The first clause that states what the user wants, once per conversation."""
    if ctx.graph.graph["goal"] is not None:
        return []
    for _, clause in clauses(ctx.text):
        if first_match(ctx.pack.goals, clause):
            return [GoalUnit(text=cut_at_boundary(clause, GOAL_CHARS))]
    return []
