"""A promise of two deeds kept in part: what is left stays owed (cons33).

The assistant promises two things in one breath ("I'll send a written quote and weekly photos while it's in the
workshop", "I'll email you the care guide and post the diary sheets with the kit", "我先把合同发您邮箱，再寄两份样品过去")
and later reports one of them done, or a tool does it: the report keeps the whole promise, and the other thing, still to
come, drops out of the open promises. This step, run after the steps that keep promises, reads each promise a message
keeps (``done``): when the promise splits into two deeds at a join ("and", ", and"; 再 / 并 / 还会 / 另外 after a comma),
each naming a thing of its own, and what kept it (the message, without the promises it makes itself; a tool's call and
result) names the thing of one deed and nothing of the other, the other deed is a promise of its own, still open.

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> t.observe_many([{"role": "assistant", "content": "I'll send a written quote and weekly photos while it's in the workshop."},
...                 {"role": "assistant", "content": "The written quote has been emailed to you."}])
>>> [(c.text, c.status) for c in t.state().commitments]
[("I'll send a written quote and weekly photos while it's in the workshop", 'done'), ("I'll send weekly photos while it's in the workshop", 'open')]
"""

from __future__ import annotations

import re

from .._units import ActionResultUnit, CommitmentUnit, FulfilUnit, _Unit
from .context import MessageContext
from .cues import _stems
from .promises import _THING_CHARS  # how much of a deed is read for its thing, as the promise readers read it
from .registry import step

#: (en) where a promise joins a second deed: "and" (after a comma or not), "and then", "and also"
_EN_JOIN = re.compile(r",?\s+and\s+(?:then\s+|also\s+)?", re.I)
#: (fix37, en) what opens a second deed after a bare "and" (no comma): a determiner, a number, a doer, or a verb (one of
#: giving or arranging, or any word followed by its receiver: "and text you the tracking number"); "the black and white
#: prints", "salt and pepper grinders", "terms and conditions" are one thing
_EN_SECOND_OPENS = re.compile(r"(?:the|a|an|your|our|his|her|their|my|some|any|all|both|this|that|these|those|each|every"
                              r"|weekly|daily|monthly|regular|one|two|three|four|five|six|\d|i|we|i'll|we'll|he|she|they"
                              r"|send|e-?mail|text|post|mail|give|deliver|forward|call|ring|phone|book|let|bring|arrange|check"
                              r"|update|add|put|pass|share|drop|get|make|set|sort|confirm|order|reserve|follow|include|attach)\b"
                              r"|[a-z]+\s+(?:you|him|her|them|us|me)\b", re.I)
#: (zh) a comma, then a word that goes on to a second deed: 再 / 并 / 还会 / 另外 / 同时 / 然后
_ZH_JOIN = re.compile(r"[，,]\s*(?:(?:我们?|我这边)?(?:再|并且?|还会|还|另外|同时|然后))")
#: (en) where a deed's thing ends: what follows says to whom, when, why or how ("the consent form | for Grace to sign",
#: "weekly photos | while it's in the workshop", "a symptom questionnaire | to fill in")
_EN_THING_END = re.compile(r"\b(?:to|for|with|by|before|after|while|once|when|until|till|so|on|in|at|from|as|if|via"
                           r"|today|tonight|tomorrow|now|later|soon|this|next|within|every|each)\b", re.I)
#: (zh) the same: a time, a place it goes to, a purpose ("材料清单 | 发到您邮箱", "样品 | 明天寄出")
_ZH_THING_END = re.compile(r"(?:发|寄|送|传|转|给|到|在|于|之前|以前|以后|之后|后|前|今天|明天|今晚|稍后|马上|尽快|让|好)")
#: (en) a phrase that opens a modifier of the thing, which may hold an "and" of its own ("the welcome pack with the address
#: and parking details", "a checklist of the documents to bring: payslips and your statement"): a first deed holding one
#: is parted from the second by a comma before the "and" ("I'll email the consent form for Grace to sign, and the reading pack")
_EN_MODIFIER = re.compile(r"\b(?:to|for|with|of|so|that|which|including|on|in|at|from|about|before|after|while|once|when"
                          r"|until|till|if|by|between|plus)\b|[:;(]", re.I)
#: (en) a deed that gives the user a thing, which a report can name as kept or not: sending, posting, having one ready for
#: someone (not a booking, a check or a word back, which the call or the reply itself does; not what a visit brings along,
#: "We'll bring the test kit and let you know the readings")
_EN_GIVES = re.compile(r"\b(?:send|e-?mail|text|post|mail|give|deliver|drop off|forward)\b"
                       r"|\bhave (?:a|an|the|some)\b[^.;!?]{0,60}?\bfor (?:you|him|her|them)\b", re.I)
#: (en) a first deed that is the assistant's own (its doer said: "We text the video link …"), not the user asked to do
#: one ("Yes, send a photo of the meter")
_EN_OWN = re.compile(r"\b(?:i|we)\b|\b(?:will|shall)\b|'ll\b", re.I)
#: (zh) the same deed of giving: 发 / 寄 / 送 / 带 / 传 / 转给
_ZH_GIVES = re.compile(r"发(?!票|现|生|烧|货)|寄|送|带(?:上|过去|来)|传给|转给")
#: a tool result's field that reports a thing sent ("care_guide": "emailed", "questionnaire": "sent")
_SENT_FIELD = re.compile(r'"([^"]{1,40})"\s*:\s*"?((?:[^",}]{0,30}?\b)?(?:sent|emailed|posted|texted|mailed|dispatched|delivered)\b|已发送|已寄出|已发)', re.I)
#: a tool whose name sends ("send_invoice", "update_and_send_questionnaire"): the words after its verb name the thing
_SENDS_NAME = re.compile(r"(?:^|_)(?:send|email|mail|post|text)_(\w+)", re.I)

#: (en) words that name a deed, its doer or its receiver, not the thing: two deeds may share them
_EN_DEED_WORDS = frozenset("i we you he she they it them him her us me will shall going also then just first "
                           "send sent email emailed text texted post posted mail mailed bring ring call phone give get "
                           "have has let know drop put pass forward share deliver arrange book add make do prepare "
                           "our your their his the a an some any all both over across out up back".split())
#: (zh) the same
_ZH_DEED_WORDS = frozenset("我 我们 您 你 他 她 他们 会 先 再 并 还 把 给 帮 为 发 寄 送 带 拿 做 出 安排 准备 一下 一份 一个 两份 两个".split())
#: (en) a deed said without its verb ("… and weekly photos"): it takes the verb of the deed before it; not one with a doer
#: and a verb of its own ("the crew will have a card for him")
_EN_VERBLESS = re.compile(r"^(?:the|a|an|your|our|his|her|their|some|any|all|both|weekly|daily|monthly|regular|\d)\b"
                          r"(?![^.;!?]*?(?:\b(?:will|shall|can|could|would|going to)\b|'ll\b))", re.I)
#: (en) the doer and verb that open a promise ("I'll send", "We will also email", "Iain will bring"); the doer alone
_EN_LEAD = re.compile(r"^.*?\b(?:will|'ll|shall|going to)\s+(?:also\s+|then\s+|first\s+|just\s+)?[a-z]+", re.I)
_EN_DOER = re.compile(r"^.*?(?:\b(?:will|shall|going to)\b|'ll\b)", re.I)
#: (en) a deed that opens with its verb, no doer ("post the diary sheets with the kit"): it takes the doer before it
_EN_BARE_VERB = re.compile(r"^[a-z]+\s(?![^.;!?]*?(?:\b(?:will|shall|going to)\b|'ll\b))")


def _halves(text: str, lang: str) -> list[tuple[str, str]]:
    """The ways ``text`` splits into two deeds at a join, each (first, second).

    >>> _halves("I'll email the consent form for Grace, and the reading pack before the course", "en")
    [("I'll email the consent form for Grace", 'the reading pack before the course')]
    >>> _halves("I'll post you the black and white prints", "en"), _halves("I'll email you the invoice and text you the code", "en")
    ([], [("I'll email you the invoice", 'text you the code')])
    >>> _halves("我先把合同发您邮箱，再寄两份样品过去", "zh")
    [('我先把合同发您邮箱', '寄两份样品过去')]
    """
    join = _ZH_JOIN if lang == "zh" else _EN_JOIN
    out = []
    for m in join.finditer(text):
        first, second = text[:m.start()].strip(" ,，"), text[m.end():].strip(" ,，")
        if not first or not second:
            continue
        if lang != "zh" and "," not in m.group(0) and _EN_MODIFIER.search(first[_object_at(first):]):
            continue  # "the welcome pack with the address and parking details": one thing
        if lang != "zh" and "," not in m.group(0) and not _EN_SECOND_OPENS.match(second):
            continue  # (fix37) "the black and white prints", "the terms and conditions": one thing
        out.append((first, second))
    return out


#: (en) where a first deed's object starts: after its verb and the receiver ("I'll email you | the guide")
_EN_VERB = re.compile(r"(?:\b(?:will|shall|going to)\b|'ll\b|\b(?:i|we)\b)\s+(?:also\s+|then\s+|first\s+|just\s+)?[a-z]+"
                      r"(?:\s+(?:you|him|her|them|us))?", re.I)


def _object_at(first: str) -> int:
    """Where the object of a first deed starts: after its doer, verb and receiver, else at the start."""
    m = _EN_VERB.search(first)
    return m.end() if m else 0


def _thing(half: str, lang: str) -> frozenset[str]:
    """The words that name a deed's thing: its content words up to where the thing ends, the deed's own words aside.

    >>> sorted(_thing("I'll email the consent form for Grace to sign", "en")), sorted(_thing("weekly photos while it's away", "en"))
    (['consent', 'form'], ['photo', 'weekly'])
    >>> sorted(_thing("send them by Monday", "en"))
    []
    """
    half = half[:_THING_CHARS]  # a thing is named early; the prefixes read below stay short on a long run of words
    if lang == "zh":
        cut = next((m.start() for m in _ZH_THING_END.finditer(half) if _stems(half[:m.start()], lang) - _ZH_DEED_WORDS), len(half))
        return frozenset(w for w in _stems(half[:cut], lang) if w not in _ZH_DEED_WORDS and not w.isdigit())
    m = _EN_THING_END.search(half)  # "send them | by Monday": a pronoun for the thing, no thing of its own
    cut = m.start() if m else len(half)
    return frozenset(w for w in _stems(half[:cut], lang) if w.casefold() not in _EN_DEED_WORDS and not w.isdigit())


def _named(thing: frozenset[str], evidence: frozenset[str], said: str, lang: str) -> int:
    """How many of a thing's words what kept the promise names (in Chinese, a word inside the text counts)."""
    return sum(1 for w in thing if w in evidence or lang == "zh" and w in said)


def _evidence(ctx: MessageContext) -> str:
    """What kept the promises of this message: its text without the promises it makes itself ("The written quote has
    been emailed, and I'll send the first photos once it's on the bench": the photos are a new promise, not a report),
    and the calls and results of the tools it reports."""
    said = ctx.text
    for u in ctx.units:
        if isinstance(u, CommitmentUnit) and u.status == "open" and u.text:
            said = said.replace(u.text, " ")
    if ctx.role == "tool":  # the call's arguments name what it was about, not what it sent
        said = " ".join(f"{m.group(1)} {m.group(2)}" for m in _SENT_FIELD.finditer(ctx.text))
        said += " " + " ".join(m.group(1) for r in ctx.units_of(ActionResultUnit) if (m := _SENDS_NAME.search(r.tool)))
    return re.sub(r"[_\-.@{}\"':,]", " ", said)


def _left(kept: str, rest: str, lang: str) -> str:
    """The deed left to do as a promise of its own: a deed said without its verb takes the verb of the kept one
    ("I'll send a written quote" and "weekly photos …" -> "I'll send weekly photos …"), one said without its doer the
    doer ("I'll email you the guide" and "post the diary sheets" -> "I'll post the diary sheets").

    >>> _left("I'll send a written quote", "weekly photos while it's in the workshop", "en")
    "I'll send weekly photos while it's in the workshop"
    >>> _left("I'll email you the guide", "post the diary sheets with the kit", "en")
    "I'll post the diary sheets with the kit"
    >>> _left("I'll email the tickets today", "the crew will have a card for him", "en")
    'the crew will have a card for him'
    """
    if lang == "zh":
        return rest
    if _EN_VERBLESS.match(rest) and (m := _EN_LEAD.match(kept)):
        return f"{m.group(0)} {rest}"
    if not _EN_VERBLESS.match(rest) and _EN_BARE_VERB.match(rest) and (m := _EN_DOER.match(kept)):
        return f"{m.group(0)} {rest}"
    return rest


def _part_left(ctx: MessageContext, text: str, evidence: frozenset[str], said: str) -> str | None:
    """The deed of promise ``text`` that what kept it leaves undone, or None (one deed, both named, neither)."""
    lang = "zh" if ctx.profile.segmented else "en"
    for first, second in _halves(text, lang):
        a, b = _thing(first, lang), _thing(second, lang)
        if not a or not b or a & b:
            continue
        na, nb = _named(a, evidence, said, lang), _named(b, evidence, said, lang)
        if na and not nb:
            left = _left(first, second, lang)
        elif nb and not na:
            left = first if lang == "zh" or _EN_OWN.search(first) else None
        else:
            continue
        if left and (_ZH_GIVES if lang == "zh" else _EN_GIVES).search(left):
            return left
    return None


@step("promises_part_kept", roles=("assistant", "user", "tool"), needs_text=False)
def promises_part_kept(ctx: MessageContext) -> list[_Unit]:
    """For each promise this message keeps whose two deeds it names one of: the other deed, open (see the module).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "assistant", "content": "I'll email the tickets today, and the crew will have a card for him."},
    ...                 {"role": "assistant", "content": "I've emailed the tickets to you."}])
    >>> [(c.text, c.status) for c in t.state().commitments][1:]
    [('the crew will have a card for him', 'open')]
    """
    kept = list(dict.fromkeys(u.commitment for u in ctx.units if isinstance(u, FulfilUnit) and u.status == "done"))
    if not kept:
        return []
    said = _evidence(ctx)
    evidence = _stems(said, ctx.lang)
    units: list[_Unit] = []
    for pid in kept:
        d = ctx.graph.nodes.get(pid)
        if not d or d.get("kind") != "commitment":
            continue
        left = _part_left(ctx, d["text"], evidence, said)
        if left:
            due = d.get("due")
            units.append(CommitmentUnit(text=left, due=due if due and due.split(" (")[0] in left else None))
    return units
