"""The overtaken step: values the user's own message overtakes before it ends (prec11).

Two acts make a value said in a message no longer the user's by the end of it:

- **a value said as what it was**, before a "but" ("budget was 350 but fine i'll stretch", "本来预算1500的
  算了 手工的吧"): the user gives it up as they say it; no fact keeps it, and the slot's current value (one
  the assistant quoted: "机缝的1600元起。您预算多少？") is retracted with it;
- (prec16) **a pick taken back for another**: a day, a time or one of the assistant's options picked before the
  pack's ``self_corrections`` or ``take_backs`` words, and another one after them ("周三那个吧 哦不对 周三他有游泳 周六吧",
  "weds pm. actually no shes got the chiropodist weds, friday morning then"): only the later one is the user's;
- **a value corrected in passing**, its old form and the pack's ``self_corrections`` words inside the span
  another step read as one value ("黄小燕 哦不对 是黄晓燕", "Declan Hughes, sorry, Deklan Hughes"): only the part
  after the words is the value (the facts step's ``corrected_within`` does this for two recognised values of
  one type; this one is for a value read whole, a name or an answer).

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> _ = t.observe({"role": "user", "content": "the two-day course. budget was 200 each but fine, we'll stretch"})
>>> [f.value for f in t.state().facts if f.status == "current" and "200" in f.value]
[]
>>> t = Tracker("zh")
>>> _ = t.observe({"role": "assistant", "content": "方便留个姓名吗？"})
>>> _ = t.observe({"role": "user", "content": "王小明 哦不对 是王晓明"})
>>> [f.value for f in t.state().facts if f.status == "current"]
['王晓明']
"""

from __future__ import annotations

import re

from .. import _graph as g
from .._units import DecisionUnit, FactUnit, RetractUnit, _Unit
from .context import MessageContext
from .registry import step
from .text import SENTENCE_END

#: a value said as what it was, then a "but": the value is in ``v``
_WAS = {"en": re.compile(r"\b(?:was|were)\s+(?:(?:about|around|roughly|only|just|like|originally|initially|meant to be|supposed to be"
                         # (prec26) a plan given up: "we were going to say 14th January but the cassettes are delayed"
                         r"|going to (?:say|go for|go with|book|do|have|pick)|thinking of|planning on)\s+)?"
                         r"(?P<v>[^.!?;]{1,30}?)\s*,?\s*\bbut\b", re.I),
        # (lead25) or a change asked for right after it ("原来是12月20号的 能改到22号吗"): the old value, moved; (fix29a) the
        # change names where it goes ("改到22号", "换成大床", "改22号"): "原来是12月20号 能改吗" only asks, the date stays
        "zh": re.compile(r"(?:本来|原本|原来|起初|一开始)(?P<v>[^，。！？,.!?；;]{1,16}?)[的了]?[\s，,]*"
                         r"(?:算了|不过|但是|可是|(?:能不能|能否|能|可以|可不可以|想|要|帮我)?(?:改|换|调|挪)"
                         r"(?:(?:到|成|为)(?=\s*[^\s，。！？,.!?；;吗呢么嘛])|(?=\s*\d)))")}
#: in English the value is what "was" says, right after it, with at most a few characters before the "but" ("was 200
#: each but"): "I was hoping for a cheap one but …" gives up no "cheap"
_EN_TAIL = 8
#: a value corrected in passing says its old form in at most this many characters before the correction's words
_OLD_CHARS = 30
#: what leads the new form after the correction's words ("是黄晓燕", "it's Deklan")
_LEAD = re.compile(r"^[\s,，.。:：;；!！~-]*(?:(?:是|应该是|叫|it'?s|it is|its)\s*)?", re.I)
_TRAIL = " ,，.。;；!！~-"
#: a number with the one character that counts it ("1068号", "3幢"): the part of a value a correction may name alone
_NUMBERED = re.compile(r"(?<!\d)(\d+)([^\d\s,，.。;；!！?？]?)")
#: at most this many characters between a value's end and the correction's words that follow it
_AFTER = 4


#: (prec16) the keys of a day, a time or an option picked: a later one in the message takes its place
_PICKED = re.compile(r"^(?:date|day|time|slot|choice_t\d+)$")
#: a piece of a value to find it by in the message: a word, a number with its unit, two Chinese characters
_ANCHOR = re.compile(r"[A-Za-z]{3,}|\d+(?:[A-Za-z]+|[\u4e00-\u9fff])?|[\u4e00-\u9fff]{2}")


def _said_at(text: str, value: str) -> int:
    """Where the user said ``value`` (a pick keeps the option's words: "Friday 20th morning" for "20th"): the first
    place a piece of its own words is said (-1: none is).

    >>> _said_at("20th. oh wait, next one then", "Friday 20th morning"), _said_at("周五下午吧。哎不对", "10月16日周五下午2点")
    (0, 0)
    """
    own, said = value.split(" (")[0].casefold(), text.casefold()
    spots = [said.find(a.group(0)) for a in _ANCHOR.finditer(own)]
    return min((p for p in spots if p >= 0), default=-1)


#: (prec25) the user's change of mind between two picks of one message, zh: 还是 out of a question's clause ("8点那个 …
#: 算了还是9点半", "13号 … 哦还是平日吧，11号"), or a bare "oh" with a pick right after it ("5号上午 … 哦 6号下午算哒"); a
#: day or clock said after it counts only as a pick (:data:`_MARKED_PICK`): "周六吧 哦 周日我不在家" moves nothing
_MIND_CHANGED = {"zh": re.compile(r"还是(?![^，,。！!？?]*[？?])|(?:^|(?<=[\s，,。！!]))(?:哦|噢|哎|诶|呃)(?=[\s，,](?!\s*对))")}
#: (prec25) a day or clock said as a pick: 还是 / 那就 / 改 right before it, or 吧 / 算了 / 那个 / 就行 right after it
_MARKED_PICK = {"zh": (re.compile(r"(?:还是|那就|就|改成|改到|改)\s*$"),
                       re.compile(r"^\s*(?:吧|算了|算哒|算咯|那个|那天|就行|就好|好了|可以|行)"))}


def _mind_changed(ctx: MessageContext) -> list[tuple[int, int]]:
    """(prec25) The spans of the message's words of a change of mind between picks (:data:`_MIND_CHANGED`)."""
    rx = _MIND_CHANGED.get(ctx.lang)
    return [m.span() for m in rx.finditer(ctx.text)] if rx else []


def _marked_picks(ctx: MessageContext, after: int) -> list:
    """(prec25) The value mentions said after ``after`` as a pick (:data:`_MARKED_PICK`), in order."""
    marks = _MARKED_PICK.get(ctx.lang)
    if not marks:
        return []
    before, behind = marks
    return [m for m in ctx.mentions if m.start >= after and m.kind == "value"
            and (before.search(ctx.text[max(0, m.start - 4):m.start]) or behind.match(ctx.text[m.end:m.end + 3]))]


def _same_slot(ctx: MessageContext, u: FactUnit, m) -> bool:
    """(prec25) Whether the later mention ``m`` fills what the earlier pick ``u`` holds: a day or clock of the kind
    of a day or clock pick, or a count with the same unit as a value that is said as one mention ("6期" / "12期").

    >>> from ctxgraph.extract.context import Mention
    >>> class C: mentions = [Mention(0, 2, "QUANTITY", "6期", "q")]
    >>> _same_slot(C, FactUnit(key="payment", name="期数", value="6期"), Mention(9, 12, "QUANTITY", "12期", "q"))
    True
    >>> _same_slot(C, FactUnit(key="payment", name="期数", value="6期"), Mention(9, 12, "QUANTITY", "12个", "q"))
    False
    """
    own = u.value.split(" (")[0]
    if _PICKED.match(u.key):
        return m.label in ("DATE", "TIME") and _kind(own) == _kind(m.text)
    return (m.text != own and own[-1:] == m.text[-1:] and any(c.isdigit() for c in own + m.text)
            and any(x.text == own and x.label == m.label for x in ctx.mentions if x.start < m.start))


#: (prec30) en: a sentence opening with a bare "no" / "nah" / "nope" / "wait" and a comma ("17th. No, 13th.", "Ok 10 bulbs.
#: Wait, …"): the speaker turns away from what the sentence before said; a cue for :func:`_repicked` only (a later pick
#: of the same kind must follow it), not one of the pack's ``self_corrections`` ("No, I don't need delivery" answers)
_TURNS = {"en": re.compile(r"(?:^|(?<=[.!?]\s))(?:oh\s+)?(?:no|nah|nope|wait)(?=\s*,)", re.I)}


def turned(text: str, lang: str) -> list[tuple[int, int]]:
    """(prec30) The spans of the sentences' opening turn-away words (:data:`_TURNS`) in ``text``.

    >>> turned("17th. No, 13th.", "en"), turned("No, I don't need it", "en"), turned("no need. 13th", "en")
    ([(6, 8)], [(0, 2)], [])
    >>> turned("Sunday is no good, Monday", "en"), turned("周六吧。不对，周日吧", "zh")
    ([], [])
    """
    rx = _TURNS.get(lang)
    return [m.span() for m in rx.finditer(text)] if rx else []


def _repicked(ctx: MessageContext, corrections: list[tuple[int, int]]) -> list[_Unit]:
    """(prec16) The picks of this message said before its last correction or take-back words when another pick
    is said after them ("周三那个吧 哦不对 … 周六吧"): the earlier ones are overtaken. ``corrections``: the spans of
    the pack's ``self_corrections`` in the message, read by the caller already. (prec30) A sentence opening with a bare
    "No," or "Wait," counts too ("17th. No, 13th.": the 17th is taken back for the 13th)."""
    cues = corrections + [c.span() for rx in getattr(ctx.pack, "take_backs", ()) for c in rx.finditer(ctx.text)]
    cues += turned(ctx.text, ctx.lang)
    if not cues:
        return []
    lo, hi = max(cues)
    G = ctx.graph
    picks = [(u, _said_at(ctx.text, u.value)) for u in ctx.units
             if isinstance(u, FactUnit) and not u.offered and _PICKED.match(u.key)]
    picks += [(u, _said_at(ctx.text, str(G.nodes[u.fact]["value"]))) for u in ctx.units  # an offered option accepted
              if isinstance(u, DecisionUnit) and u.decision == "accepted" and u.fact in G and _PICKED.match(G.nodes[u.fact]["key"])]
    later = {_kind(_value(ctx, u)) for u, at in picks if at >= hi}
    return [u for u, at in picks if 0 <= at < lo and _kind(_value(ctx, u)) in later]


def _mind_repicked(ctx: MessageContext) -> None:
    """(prec25) A day or clock picked before the message's words of a change of mind (:data:`_MIND_CHANGED`) and
    another of its kind picked after them: the later one is the user's. A later pick the steps kept overtakes the
    earlier ones ("13号 … 哦还是平日吧，11号礼拜四"); a later day or clock said as a pick that no step kept takes the
    earlier pick's place under its key ("8点那个 … 算了还是9点半"). In place on ``ctx.units``.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh", today="2027-08-01")
    >>> _ = t.observe({"role": "assistant", "content": "可以约8月5号上午、6号下午或9号上午。"})
    >>> _ = t.observe({"role": "user", "content": "5号上午 要去买东西 哦 6号下午算了 5号我要上班"})
    >>> [f.value for f in t.state().facts if f.status == "current" and f.key == "date"]
    ['6号下午']
    """
    for lo, hi in reversed(_mind_changed(ctx)):
        picks = [(n, u) for n, u in enumerate(ctx.units) if isinstance(u, FactUnit) and not u.offered and u.value
                 and not u.key.startswith(("want", "problem"))]
        said = {n: _said_at(ctx.text, u.value) for n, u in picks}
        before = [(n, u) for n, u in picks if 0 <= said[n] < lo]
        if not before:
            continue
        kinds = {_kind(u.value.split(" (")[0]) for n, u in picks if said[n] >= hi and _PICKED.match(u.key)}
        drop = {n for n, u in before if _PICKED.match(u.key) and _kind(u.value.split(" (")[0]) in kinds}
        for m in reversed(_marked_picks(ctx, hi)):
            n, u = next(((n, u) for n, u in before if n not in drop and _same_slot(ctx, u, m)), (None, None))
            if u is not None:
                ctx.units[n] = u.model_copy(update=dict(value=m.text, normalized=m.value))
                break
        ctx.units[:] = [u for n, u in enumerate(ctx.units) if n not in drop]
        return


#: a day in a value: a weekday, a day of the month ("21st", "16号", "10月16日"), 周/星期
_DAYISH = re.compile(r"mon|tue|wed|thu|fri|sat|sun|\d{1,2}(?:st|nd|rd|th)\b|周|星期|礼拜|\d+[号日月]", re.I)


def _kind(value: str) -> str:
    """What a picked value settles: a day ("weds pm", "周三那个 (周三下午5点半)") or only a clock ("7.30pm").

    >>> _kind("weds pm"), _kind("周一那个 (周一上午10点)"), _kind("7.30pm")
    ('day', 'day', 'clock')
    """
    return "day" if _DAYISH.search(value) else "clock"


def _value(ctx: MessageContext, u: _Unit) -> str:
    """The value a pick unit holds: its own, or the accepted option's."""
    return u.value if isinstance(u, FactUnit) else str(ctx.graph.nodes[u.fact]["value"])


#: (miss20) a part of the day (the Cantonese 上昼, 下昼 too) in a zh pick
_PART = re.compile(r"上午|下午|中午|早上|傍晚|晚上|上昼|下昼")
#: (miss20) a part of the day said bare, as a clause's pick: no day or clock before it, nothing but a particle after it
#: ("，下午吧", "下昼啦"; not "周三晚上…", not "下午我们不在家")
_BARE_PART = re.compile(r"(?<![一二三四五六日天末号\d])(" + _PART.pattern + r")(?![点:：\d])"
                        r"(?=\s*(?:吧|啦|喇|先得|先|啊|呀|嘞|就行|就好|好了|可以)?\s*(?:[，,。！!~～\s]|$))")


def _part_repicked(ctx: MessageContext, corrections: list[tuple[int, int]]) -> None:
    """(miss20) A day with its part picked before the message's last correction or take-back words, and only another
    part of the day said bare after them, as a clause's pick: the pick keeps its day with the later part (the reason
    between often names the first pick again). In place on ``ctx.units``.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh", today="2027-03-08")
    >>> _ = t.observe({"role": "assistant", "content": "可以约3月13号（周六）上午或者下午。"})
    >>> _ = t.observe({"role": "user", "content": "礼拜六上昼。啊唔系，礼拜六上昼我要陪阿妈饮茶，下昼啦"})
    >>> [f.value for f in t.state().facts if f.status == "current" and f.key == "date"]
    ['礼拜六下昼']
    """
    cues = corrections + [c.span() for rx in getattr(ctx.pack, "take_backs", ()) for c in rx.finditer(ctx.text)]
    if ctx.lang != "zh" or not cues:
        return
    lo, hi = max(cues)
    bare = list(_BARE_PART.finditer(ctx.text, hi))
    if not bare:
        return
    new = bare[-1].group(1)
    for n, u in enumerate(ctx.units):
        if not isinstance(u, FactUnit) or u.offered or not _PICKED.match(u.key) or _kind(u.value) != "day":
            continue
        parts = list(_PART.finditer(u.value))
        if len(parts) == 1 and parts[0].group(0) != new and 0 <= _said_at(ctx.text, u.value) < lo:
            value = u.value[:parts[0].start()] + new + u.value[parts[0].end():]
            ctx.units[n] = u.model_copy(update=dict(value=value, normalized=None, correction=True))


@step("overtaken", roles=("user",))
def overtaken(ctx: MessageContext) -> list[_Unit]:
    """Drop the values this message says as what they were, and the picks it takes back for another; keep the
    corrected part of a value read whole."""
    cues = [c.span() for rx in ctx.pack.self_corrections for c in rx.finditer(ctx.text)]
    repicked = {id(u) for u in _repicked(ctx, cues)}
    if repicked:
        ctx.units[:] = [u for u in ctx.units if id(u) not in repicked]
    _part_repicked(ctx, cues)
    _mind_repicked(ctx)
    was = _WAS.get(ctx.lang)
    given_up = [(m.start("v"), m.end("v"), m.end()) for m in was.finditer(ctx.text)] if was else []
    if not given_up and not cues:
        return []
    kept: list[_Unit] = []
    gone: list[_Unit] = []
    for u in ctx.units:
        if not isinstance(u, FactUnit) or u.offered or u.key.startswith("want"):
            kept.append(u)
            continue
        at = ctx.text.find(u.value)
        but = next((c for a, b, c in given_up if at >= 0 and a <= at and at + len(u.value) <= b
                    and (ctx.lang != "en" or (at == a and b - at - len(u.value) <= _EN_TAIL))), None)
        if but is not None:
            # "budget was 350 but …": given up as it is said, and with it the slot's earlier value; a value of
            # the same kind said after the "but" in its sentence is the slot's now ("was about £80 but I can go to £120")
            now = _said_after(ctx, at, but)
            if now is not None:
                kept.append(u.model_copy(update=dict(value=now.text, normalized=now.value, correction=True)))
            else:
                gone += [RetractUnit(fact=f) for f in g.current_with_key(ctx.graph, u.key)]
            continue
        value = "" if u.key.startswith("problem") else _corrected(ctx.text, u.value, at, cues)
        kept.append(u.model_copy(update=dict(value=value, normalized=None, correction=True)) if value else u)
    ctx.units[:] = kept
    return gone


def _said_after(ctx: MessageContext, at: int, but: int):
    """The value mention after ``but`` in its sentence with the label of the one at ``at``, or None."""
    first = next((m for m in ctx.mentions if m.start == at and m.kind in ("value", "id")), None)
    end = next((m.start() for m in SENTENCE_END.finditer(ctx.text, but)), len(ctx.text))
    return next((m for m in ctx.mentions if first and but <= m.start < end and m.label == first.label), None)


def _corrected(text: str, value: str, at: int, cues: list[tuple[int, int]]) -> str:
    """The part of ``value`` (found at ``at`` in ``text``, -1: not as one span) after the last correction's
    words inside it; a value joined from parts ("Declan Hughes, Deklan Hughes") keeps its parts said after
    them. Empty: nothing corrected.

    >>> _corrected("黄小燕 哦不对 是黄晓燕 晓是春晓的晓", "黄小燕 哦不对 是黄晓燕 晓是春晓的晓", 0, [(4, 7)])
    '黄晓燕 晓是春晓的晓'
    >>> _corrected("Declan Hughes, sorry, Deklan Hughes", "Declan Hughes, Deklan Hughes", -1, [(15, 20)])
    'Deklan Hughes'
    """
    if at >= 0:
        inside = [(a, b) for a, b in cues if at < a and b < at + len(value)]
        if not inside:
            return _tail_corrected(text, value, at, cues)
        if inside[0][0] - at > _OLD_CHARS:
            return ""  # "the parcel came crushed and the box was wet, sorry to bother you": a story, no value corrected
        inside = [b for _, b in inside]
        new = _LEAD.sub("", text[max(inside):at + len(value)]).strip(_TRAIL)
        return new if new and new != value else ""
    parts = [p for p in re.split(r"[,，、]\s*", value) if p.strip()]
    spots = [text.find(p) for p in parts]
    if len(parts) < 2 or min(spots) < 0:
        return ""
    last = max((b for a, b in cues if min(spots) < a), default=-1)
    after = [p for p, s in zip(parts, spots) if s >= last]
    return ", ".join(after) if last >= 0 and after and len(after) < len(parts) else ""


def _tail_corrected(text: str, value: str, at: int, cues: list[tuple[int, int]]) -> str:
    """A value right before a correction's words whose new form names only its last numbered part ("滨江区江南大道
    1088号 不对 是1068号", "Flat 12, sorry 21"): that part changed in the value. Empty: nothing corrected.

    >>> _tail_corrected("江南大道1088号 不对 是1068号 3幢502", "江南大道1088号", 0, [(10, 12)])
    '江南大道1068号'
    >>> _tail_corrected("江南大道1088号 不对 是北路", "江南大道1088号", 0, [(10, 12)])
    ''
    """
    end = at + len(value)
    after = next((b for a, b in cues if end <= a <= end + _AFTER), None)
    if after is None:
        return ""
    new = _NUMBERED.match(_LEAD.sub("", text[after:]))
    old = list(_NUMBERED.finditer(value))
    if not new or not old or old[-1].group(2) != new.group(2) or old[-1].group(1) == new.group(1):
        return ""
    return value[:old[-1].start()] + new.group(0) + value[old[-1].end():]
