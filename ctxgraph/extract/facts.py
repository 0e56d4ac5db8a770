"""The facts step: slot values the message states, corrections and retractions.

In this order: fact patterns ("from X to Y", "for 4 people"), slot words with their value
("预算5000元"), bare values that name their slot (an email, a rating, a cuisine), slot-less
corrections and answers, then "X是Y" / "my X is Y" phrases.

In question clauses a value only fills a slot that has none yet, and only when it is a
recognised value: "有评分4.5分以上的酒店吗？" states a wish, "我的预算还是5000元吗？" and
"地址是哪里？" change nothing.

>>> from ctxgraph._graph import new_graph
>>> from ctxgraph.extract import RuleExtractor, Message
>>> units = RuleExtractor()(Message(role="user", text="my budget is $500"), 0, new_graph(), "en")
>>> [(u.key, u.value) for u in units if u.type == "fact"]
[('budget', '$500')]
"""

from __future__ import annotations

import re
from functools import cached_property

from .. import _graph as g
from .._nlp import ZH_SURNAMES
from .._rules import SlotRule
from .._units import FactUnit, RetractUnit, _Unit
from .asking import asked_slots as slots_in_question, when_slot
from .bounds import AMOUNT_BOUND
from .context import Mention, MessageContext
from .countwords import other_measure
from .domains import admits
from .glued import whole_place
from .kin import _EN_KIN
from .measures import dimension_at, dimensions
from .notvalues import appositive_day, day_said_unfit, day_unfit, named_as_matter, reason_or_condition, ruled_out, service_own
from .parties import another_age, party_before
from .registry import step
from .text import CLAUSE_END, HAN_SPACE, NAME_LEAD_EN, SENTENCE_END, clause_at, first_match, in_spans, list_value, mask, unmarked_question
from .unmet import after_none_found, breaks


#: (fix13) a word that only judges a value true or false ("是对的", "is correct"): no value of its own
_JUDGED = re.compile(r"(?:不)?(?:对|错|没错|正确|错误|准确|无误)(?:的)?|(?:in)?correct|wrong|(?:in)?accurate", re.I)


#: (prec18) what goes on after a bare number and makes it a part of another value: a unit of time ("3天", "2 days"),
#: the rest of a range ("1500到3000元", "800-1500")
_GOES_ON = re.compile(r"\s?(?:[天周]|个(?:月|星期|小时)|小时|分钟|(?:days?|weeks?|months?|hours?|mins?|minutes?)\b"
                      r"|(?:到|至|[-~～—])\s?\d)", re.I)


#: (lead18) the rest of a range after its first amount: "到5000", "-£500", " to 500 quid", "～8000元"
_RANGE_REST = re.compile(r"\s?(?:到|至|[-~～—]|to\b)\s?[$£€¥]?\s?\d[\d,]*(?:\.\d+)?"
                         r"(?:\s?(?:元|块钱?|万|个人|人|位|k\b|镑|quid\b|pounds\b|dollars\b|people\b|guests\b))?", re.I)


def range_to(text: str, end: int, mentions=()) -> int | None:
    """Where a range that starts with the amount ending at ``end`` ends, or None. (fix21) An end that opens another
    value of ``mentions`` running past it is no range's end: "预算5000到6月底" (a day), "budget 300 - 2 rooms" (a count).

    >>> t = "3000到5000吧"; t[:range_to(t, 4)]
    '3000到5000'
    >>> t = "£300-£500 tops"; t[:range_to(t, 4)]
    '£300-£500'
    >>> range_to("300 for the lot", 3) is None
    True
    >>> t = "my budget is £300-£500."; t[13:range_to(t, 17)]
    '£300-£500'
    >>> from types import SimpleNamespace
    >>> range_to("预算5000到6月底", 6, [SimpleNamespace(start=7, end=10)]) is None
    True
    """
    m = _RANGE_REST.match(text, end)
    if m is None or any(end < o.start < m.end() < o.end for o in mentions):
        return None
    return m.end()


def bound_to(text: str, end: int) -> int | None:
    """(prec21) Where the bound said right after the amount ending at ``end`` ends (:data:`~ctxgraph.extract.bounds.
    AMOUNT_BOUND`), or None.

    >>> t = "预算每人500以内。"; t[4:bound_to(t, 7)]
    '500以内'
    >>> t = "budget around £50 each, delivered"; t[14:bound_to(t, 17)]
    '£50 each'
    >>> bound_to("budget is 600 max", 13) is None
    True
    """
    m = AMOUNT_BOUND.match(text, end)
    return m.end() if m else None


class FactWriter:
    """Collects one message's facts: one value per key, the rules of who may change what."""

    def __init__(self, ctx: MessageContext):
        self.ctx = ctx
        self.units: list[_Unit] = []
        self.used: set[int] = set()  # mention indexes that became a value
        self.filled: set[str] = set()  # fact keys set by this message
        self.read: list[tuple[int, int]] = []  # values a pattern has read: their slot words are not read again
        # whole matches of patterns, by the slots they fill: those slots' words in them are not read again;
        # another slot's word is ("推荐您去人均消费68元的X": the venue's pattern, 人均消费 still read)
        self.matched: list[tuple[int, int, frozenset[str]]] = []
        self.options: dict[str, dict[str, dict]] = {}  # key -> things the assistant names for it

    def make(self, slot: SlotRule, value: str, at: int, *, subject: str | None = None,
             mention: Mention | None = None, supersedes: str | None = None, patterned: bool = False,
             domain: str | None = None, settled: bool = False, only_offer: bool = False) -> None:
        ctx, G = self.ctx, self.ctx.graph
        if domain is None or not admits(slot, domain):  # a domain this slot is not in ("east" for a train)
            domain = ctx.domain_at(at, slot)
        key, name, group = ctx.pack.scoped(slot, domain)
        if not value.strip() or _JUDGED.fullmatch(value.strip()):
            return  # (fix13) "快递单号是对的吧", "the tracking number is correct": the value said before is judged, none given
        if ctx.role == "assistant" and mention is None and not patterned:
            return  # "What name is the reservation under?", "I'll email the contract and the invoice tonight": the words
            # after a slot word in the assistant's message are no value of the user's unless a value was recognised (prec9)
        if not settled and (self.describes_an_option(slot, key, mention, value) or _proposed(ctx, mention, at)):
            self.units.append(FactUnit(
                key=key, name=name, value=value.strip(), subject=subject, slot=slot.id, group=group, terse=slot.terse,
                normalized=mention.value if mention else None, offered=True, detail=clause_at(ctx.text, at)))
            return
        if not settled and self.is_option(slot, mention):
            options = self.options.setdefault(key, {})
            options.setdefault(value.strip().casefold(), dict(
                slot=slot, value=value, at=at, subject=subject, mention=mention, patterned=patterned, domain=domain,
                only_offer=only_offer))
            return
        key, name = self.holders_key(slot, key, name, mention.start if mention else _value_at(ctx.text, value, at))
        if key in self.filled or self.names_an_offer(key, value, slot.id) or self.known_elsewhere(slot, key, value, mention):
            return
        if in_spans(at, ctx.service_asked) or in_spans(at, ctx.taken_back):
            return  # "do you deliver on Sundays?" asks what the service does, it wishes nothing
        value_at = mention.start if mention else _value_at(ctx.text, value, at)
        whole = range_to(ctx.text, mention.end, ctx.mentions) if mention is not None and mention.label in ("NUMBER", "MONEY") else None
        if whole and ctx.role == "user" and not ctx.asking(at):
            # (lead18) "预算3000到5000", "budget is 300-500 pounds": the user's range is the value, whole
            value, mention = ctx.text[mention.start:whole], None
        elif mention is not None and mention.label in ("NUMBER", "MONEY") and "MONEY" in slot.types and ctx.role == "user" \
                and (bound := bound_to(ctx.text, mention.end)):
            value = ctx.text[mention.start:bound]  # (prec21) "预算每人500以内", "budget around £50 each": the bound with it
        elif mention is not None and mention.label == "NUMBER" and _GOES_ON.match(ctx.text, mention.end):
            return  # (prec18) "人数出发前3天确认", "费用1500到3000元不等": the number is a part of a longer value
        if not settled and is_limit(ctx.text, value_at):
            return  # "总价别超过两万": a limit the rule holds (the constraints step), not a value settled on
        if ctx.role == "assistant" and not settled and is_capacity(ctx.text, value_at):
            return  # (user32) "$250 for up to 8 people": how much the service's thing holds, not the user's count
        if slot.id == "budget" and _WITHIN_BUDGET.match(ctx.text, value_at + len(value.strip())):
            return  # (miss7) "一共5200元，在预算内", "£1,130, so within your budget": a price held against the budget
        if not settled and ruled_out(ctx.text, value_at):
            return  # "but not on a friday", "I'm at work mondays": a value ruled out, not one settled on
        if not settled and mention is not None and day_said_unfit(ctx, mention):
            return  # (user31) "Wednesday is bad, is Thursday morning possible?", "Monday won't work": a day said not to
            # suit is no day the user settled on; the constraints step keeps the rule
        if mention is not None and mention.label == "DAY" and restates_a_date(ctx, mention):
            return  # (prec32en) "Thursday stays booked", "do the four for Sunday" while a current fact holds "Thursday
            # 13th", "Sunday, 14th November": the bare weekday restates that date, no new value beside it
        if mention is not None and appositive_day(ctx, mention):
            return  # "her birthday's the 11th of april, a saturday": the weekday of the date just said
        if ctx.role == "assistant" and self.assistant_settles_nothing(slot, subject, mention):
            return
        if service_own(ctx, slot.id, value_at):
            return  # "请寄到：上海市…", "The studio is at Unit 4, Mill Yard": the service's own address, not the user's
        if ctx.role == "assistant" and is_deed_deadline(ctx.text, value_at, value_at + len(value.strip())):
            return  # "I'll hold it until Friday": when the assistant's own deed is due, the promise's part
        if slot.id == "problem" and reason_or_condition(ctx, at):
            return  # "别动油烟机，上次别家阿姨拆坏了", "挂不上就算了": a rule's reason or a condition, no fault the user has
        if ctx.asking(at) and ((mention is None and not patterned) or slot.id == "problem"
                               or (g.current_with_key(G, key) and not after_none_found(ctx))):
            return  # a question fills an empty slot with a recognised value, never changes one (unless the
            # assistant just found nothing that meets it: "Do you have any Indian restaurants?"); a fault asked
            # about ("装好以后坏了保修几年？") is no fault the user has
        if ctx.role == "assistant" and any(G.nodes[f"t{G.nodes[f]['turn']}"]["role"] == "user"
                                           for f in g.current_with_key(G, key)):
            return  # what the assistant found ("arrives by 18:07") does not overwrite what the user asked for
        self.filled.add(key)
        self.units.append(FactUnit(
            key=key, name=name, value=value.strip(), subject=subject, slot=slot.id, group=group, terse=slot.terse,
            normalized=mention.value if mention else None, correction=ctx.correcting,
            stressed=ctx.stressed, supersedes=supersedes,
        ))

    def assistant_settles_nothing(self, slot: SlotRule, subject: str | None, mention: Mention | None) -> bool:
        """Whether the value the assistant's message says of ``slot`` settles nothing for the user: choices listed, days
        offered, another person's value, the service's schedule, a day it holds (the checks :meth:`make` runs on the
        assistant's words only)."""
        ctx = self.ctx
        if slot.id in self.listed:
            return True  # the assistant naming two values of one slot lists choices ("尾号6621；尾号0937"): none is settled
        if mention is not None and mention.label in ("DAY", "DATE") and days_offered(ctx):
            return True  # (prec32en) "A crew is free Thursday 13th or Monday 17th", "we can come Thursday 8, 15 or 22
            # April": days the assistant offers to choose from; none is settled until the user picks one
        if subject and any(m.key == subject and m.label == "PERSON" for m in ctx.mentions):
            return True  # "师傅电话139…", "the technician's number is …": another person's, not the user's
        if mention is not None and mention.label in ("DAY", "DATE") \
                and _EVERY_DAY.search(ctx.text[max(0, mention.start - 8):mention.end]):
            return True  # (prec9) "yes, Sundays at 8pm", "section 03 Saturdays 9am-noon", "每周六上午": the service's
            # schedule, a habit of its own, not the day the user books
        # (prec16) "we set it up on the Friday morning", "with you by Friday": a day held or a deadline
        return mention is not None and mention.label == "DAY" \
            and bool(_THE_DAY_BEFORE.search(ctx.text[max(0, mention.start - 16):mention.start]))

    def holders_key(self, slot: SlotRule, key: str, name: str, value_at: int) -> tuple[str, str]:
        """The key and name of a value another person holds, beside the user's own: "收件人李秀兰，电话139…" (the
        recipient's phone; miss22a: keyed before the message's own phone fills its key, "Me, 07700 918 244. … put my
        husband Tom first, 07700 918 577"), (miss25zh) "我老伴…他叫吴德明，73岁" beside "我今年68岁"; else as given."""
        ctx = self.ctx
        if ctx.role != "user":
            return key, name
        party = "PHONE" in slot.types and party_before(ctx, value_at)
        if party:
            party = re.sub(r"\s+", "_", party.casefold())  # (miss22a) "her mum" -> phone_her_mum
            party = re.sub(r"['’]s(?:_\w+)?$", "", party)  # (user25) "my husband's number" -> phone_husband, no apostrophe
            return f"{key}_{party}", f"{name}（{party}）"
        if slot.id == "age" and (other := another_age(ctx, value_at)):
            return f"{key}_{other}", f"{name}（{other}）"
        return key, name

    @cached_property
    def listed(self) -> set[str]:
        """Slots of which this message names two or more different ids or values (a card ending
        6621 and one ending 0937): the assistant lists them to choose from."""
        texts: dict[str, set[str]] = {}
        for m in self.ctx.mentions:
            if m.slot and m.kind in ("value", "id"):
                texts.setdefault(m.slot, set()).add(m.text)
        return {slot for slot, found in texts.items() if len(found) > 1}

    def names_an_offer(self, key: str, value: str, slot_id: str | None = None) -> bool:
        """The user naming an option the assistant offered decides on it (the offers step),
        rather than stating a new value; an option of the same slot offered in another domain
        counts too ("就去天安门广场吧，……周边有什么酒店吗？": the attraction offered, not a hotel)."""
        G = self.ctx.graph
        folded = value.strip().casefold()
        offers = G.graph["offers_by_key"].get(key, ()) if slot_id is None else \
            [f for f in G.graph["offers"] if G.nodes[f]["key"] == key or G.nodes[f]["slot"] == slot_id]
        return self.ctx.role == "user" and any(
            G.nodes[f]["value"].casefold() == folded and G.nodes[f]["status"] == "offered" for f in offers)

    def known_elsewhere(self, slot: SlotRule, key: str, value: str, mention: Mention | None) -> bool:
        """A thing the state already holds under the same slot in another domain keeps its
        domain: a domain word near a name the user repeats ("八达岭长城的电话是多少？周边都有哪些
        餐馆呢？") does not make it that domain's thing too."""
        if mention is None or mention.kind != "thing" or not slot.scoped or key == slot.id:
            return False
        G, folded = self.ctx.graph, value.strip().casefold()
        return any(G.nodes[f]["slot"] == slot.id and G.nodes[f]["key"] != key and str(G.nodes[f]["value"]).casefold() == folded
                   and _in_its_domains(slot, G.nodes[f]["key"]) for f in G.graph["current_fact"].values())

    def describes_an_option(self, slot: SlotRule, key: str, mention: Mention | None, value: str = "") -> bool:
        """A per-domain attribute the assistant states while naming a thing ("Acorn Guest House
        is in the north, moderately priced") describes that option, not what the user wants:
        offered until the user takes it, unless the user already said it (but for a value the
        assistant says does not meet the user's, the ``unmet`` step's evidence)."""
        ctx = self.ctx
        if ctx.role != "assistant" or not slot.scoped:
            return False
        if (held := g.current_with_key(ctx.graph, key)) and not (
                ctx.pack.unmet and first_match(ctx.pack.unmet, ctx.text)
                and any(breaks(ctx, slot.id, ctx.graph.nodes[f]["value"], value) for f in held)):
            return False
        if (mention is not None and mention.kind == "thing") or (slot.types and all(ctx.pack.is_thing(t) for t in slot.types)):
            return False  # the option itself (a venue's name), not an attribute of it
        # with a thing named or not: what it found or what the thing the user asked about is like
        # ("It is in the centre, moderately priced", "I have 5 guest houses in the north"), unless
        # it reports a booking it made ("I have booked the Acorn from Friday")
        return not first_match(ctx.pack.done, ctx.text)

    def is_option(self, slot: SlotRule, mention: Mention | None) -> bool:
        """What the assistant names as a thing (a product, a venue, a plan) is an option it
        offers, not the user's state: "推荐北京云天酒店", "we have the Starter and the Plus"."""
        if self.ctx.role != "assistant":
            return False
        if mention is not None:
            return mention.kind == "thing"
        return bool(slot.types) and all(self.ctx.pack.is_thing(t) for t in slot.types)

    def settle_options(self) -> None:
        """Things the assistant names: two or more for one key are options it offers (each
        "offered" until the user picks one); a single one is what it found or confirms."""
        ctx = self.ctx
        for key, options in self.options.items():
            # "I've booked you at X": done, not offered (the report cues read only when one thing is named)
            if len(options) == 1 and (ctx.role != "assistant" or first_match(ctx.pack.done, ctx.text)):
                (args,) = options.values()
                if not args.pop("only_offer"):
                    self.make(**args, settled=True)
                continue
            for o in options.values():
                _, name, group = ctx.pack.scoped(o["slot"], o["domain"] or ctx.domain_at(o["at"], o["slot"]))
                mention = o["mention"]
                self.units.append(FactUnit(
                    key=key, name=name, value=o["value"].strip(), subject=o["subject"], slot=o["slot"].id, group=group,
                    terse=o["slot"].terse, normalized=mention.value if mention else None, offered=True,
                    detail=clause_at(ctx.text, o["at"])))

    def mention_in(self, start: int, end: int) -> int | None:
        return next((i for i, m in enumerate(self.ctx.mentions) if m.start < end and start < m.end), None)


def _in_its_domains(slot: SlotRule, key: str) -> bool:
    """Whether a fact's key names a domain the slot exists in (any, when the slot lists none):
    "a trip to Cambridge" said in attraction talk is no attraction's end, so it keeps no train
    from going there.

    >>> slot = SlotRule(id="destination", name="to", scoped=True, domains=["train", "taxi"])
    >>> _in_its_domains(slot, "train.destination"), _in_its_domains(slot, "attraction.destination")
    (True, False)
    """
    domain = key.rpartition(".")[0]
    return not slot.domains or not domain or domain in slot.domains


#: a negated bound word right before a value: the value is the rule's limit, not a choice
_LIMIT_BEFORE = re.compile(
    r"(?:别|不要|不能|不可以|不得|不)(?:超过|超出|高于|低于|早于|晚于)(?:每[晚天月人个位次])?\s*$"
    r"|\b(?:no more than|not more than|nothing (?:before|after)|no later than|no earlier than)\s+$"
    # cons6: a value held to ("预算总共控制在一万五以内", "压在三千以下"), a clock a bound reaches with any verb
    # ("最多排到9点", "最晚拖到月底"), a negated modal before a comparison ("I don't want to go over £250")
    r"|(?:控制|压|限制?|卡|保持)(?:在|到)\s*$|(?:最多|顶多|最晚|最迟|最早)[^，,。！？\d一二两三四五六七八九十]{1,4}?(?:到|在)\s*$"
    r"|\b(?:can'?t|cannot|don'?t|dont|do not|won'?t|wont|never)\b(?:\s+[\w'-]+){0,4}?\s+(?:more than|over|above|past|beyond|exceed)\s*(?:[$£€]\s*)?$"
    # (miss7) a ceiling said as "max" ("budget is max 1200 all in", "at most £300"): the bound a raise replaces
    # ("I can stretch to 1250"), no value settled on
    r"|\b(?:max(?:imum)?|at most|at the most)\s+(?:of\s+)?(?:[$£€]\s*)?$", re.I)


#: (user32) the words right before a value that make it what a thing holds at most ("for up to 8 people", "seats 12",
#: "sleeps up to six"): said by the service, a capacity, not the user's count (Chinese reads "可容纳20人" as no count already)
_CAPACITY_BEFORE = re.compile(r"\b(?:up to|as many as|seats|sleeps|accommodates|fits)\s+$", re.I)


def is_capacity(text: str, at: int) -> bool:
    """(user32) Whether the value at ``at`` is what a thing holds at most ("A half day is $250 for up to 8 people",
    "the cabin sleeps 6"; the word must be right before the value).

    >>> t = "A half day is $250 for up to 8 people."
    >>> is_capacity(t, t.index("8 people")), is_capacity("Table for 8 people at 7pm.", 10)
    (True, False)
    """
    return bool(_CAPACITY_BEFORE.search(text[max(0, at - 20):at]))


#: right after a value: it is compared with the budget, so it is a price, not the budget
_WITHIN_BUDGET = re.compile(r"[^。.!?！？\n]{0,6}?(?:在|没超出?|没有超出?|不超出?|符合|低于|within|inside|under|below|in)\s*(?:您的|你的|您|your|the)?\s*(?:预算|budget)", re.I)


def is_limit(text: str, at: int) -> bool:
    """Whether the value at ``at`` is the limit of a negated bound ("总价别超过两万",
    "价格别超过每晚150", "no more than $200"): the constraint holds it; the user has settled on
    no such value.

    >>> is_limit("总价别超过两万。", 5), is_limit("价格别超过每晚150", 7), is_limit("预算改成800元", 4)
    (True, True, False)
    >>> is_limit("Spend no more than $200", 19)
    True
    >>> is_limit("预算总共控制在一万五以内", 7), is_limit("最多排到9点", 4), is_limit("I don't want to go over £250", 24)
    (True, True, True)
    """
    return bool(_LIMIT_BEFORE.search(text[max(0, at - 40):at]))


#: (lead18) a ceiling said after the amount, as a bare answer: "300以内吧", "两千块以下" (the constraint holds it)
_LIMIT_AFTER = re.compile(r"[\d.,一二两三四五六七八九十百千万]+\s*(?:元|块钱?|万)?\s*(?:以内|之内|以下)")


#: the assistant's own deed, then its deadline word right before the value ("I'll hold it until Friday")
_DEED_BY = re.compile(r"\b(?:I|we)(?:'ll| will| shall|'m going to| are going to)\s[^.!?\n]*?\b(?:by|until|till|before)\s+(?:the\s+)?$", re.I)
#: ... or after it ("明天下午前给您回复")
_DEED_BY_ZH = re.compile(r"^[^，。！？,]{0,6}?(?:之前|以前|前)(?:会|再)?(?:给您|联系您|回复您?|回电|通知您|答复您?|发给您)")


def is_deed_deadline(text: str, start: int, end: int) -> bool:
    """Whether the value at ``start:end`` is when the speaker's own deed is due ("I'll hold Studio
    2A for you until Friday", "send an updated invoice by tomorrow noon", "周三前给您回复"): the
    promise holds it, not the user's state.

    >>> t = "I'll hold Studio 2A for you until Friday and email the contract today."
    >>> is_deed_deadline(t, t.index("Friday"), t.index("Friday") + 6)
    True
    >>> t = "I'll book you on Monday 26 January."
    >>> is_deed_deadline(t, t.index("Monday"), t.index("Monday") + 6)
    False
    >>> is_deed_deadline("我周三前给您回复", 1, 3)
    True
    """
    sentence = text[max([0] + [m.end() for m in re.finditer(r"[.!?。！？\n]", text[:start])]):start]
    return bool(_DEED_BY.search(sentence) or _DEED_BY_ZH.search(text[end:]))


def _value_at(text: str, value: str, at: int) -> int:
    """Where ``value`` stands in ``text`` from ``at`` on (a slot word comes before its value), else ``at``."""
    found = text.find(value.strip(), at)
    return found if found >= 0 else at


def pattern_facts(w: FactWriter) -> None:
    """Fact patterns with a named group per slot, or a fixed slot and value (of one speaker when it says whose)."""
    ctx, pack = w.ctx, w.ctx.pack
    for rx, fixed_slot, fixed_value, only_in, said_by in pack.fact_patterns:
        if said_by and said_by != ctx.role:
            continue  # (miss16) "工行、建行都可以": the service's list, no bank of the user's
        for fm in _not_taken_back(ctx, list(rx.finditer(ctx.text))):
            domain = ctx.domain_at(fm.start())
            if only_in and domain not in only_in:
                # a pattern for some domains applies where a domain word inside the match names one
                inner = [pack.domain_of[c.casefold()] for c in pack.domain_rx.findall(fm.group(0))] \
                    if pack.domain_rx else []
                domain = next((d for d in reversed(inner) if d in only_in), None)
                # or, when the sentence names no other domain outside the match, one the message names
                # ("a taxi ... I want to leave the restaurant by 07:00": the place left, not the topic)
                if domain is None and not _other_domain_near(ctx, fm, only_in):
                    domain = ctx.domain_at(fm.start(), only_in)
                if domain not in only_in:
                    continue
            w.matched.append((*fm.span(), frozenset([fixed_slot] if fixed_slot else fm.groupdict())))
            w.read += [fm.span(g) for g, v in fm.groupdict().items() if v]
            if fixed_slot:
                w.make(pack.slots[fixed_slot], fixed_value, fm.start(), patterned=True, domain=domain)
                continue
            for slot_id, value in fm.groupdict().items():
                if value and pack.slots[slot_id].multi:
                    value = list_value(value)
                if value and value.strip():
                    i = w.mention_in(fm.start(slot_id), fm.end(slot_id))
                    if i is not None and not (ctx.mentions[i].start <= fm.start(slot_id) and fm.end(slot_id) <= ctx.mentions[i].end):
                        i = None  # a mention inside a longer value is not the value ("十" in "十渡风景名胜区")
                    # every value inside the group is read: "24小时热水" is no 游玩时间
                    w.used.update(k for k, m in enumerate(ctx.mentions)
                                  if m.start < fm.end(slot_id) and fm.start(slot_id) < m.end)
                    # one domain for the whole match: "从故宫到北京饭店" is one taxi ride
                    w.make(pack.slots[slot_id], value, fm.start(),
                           mention=ctx.mentions[i] if i is not None else None, patterned=True, domain=domain)


#: (prec24) at most this many characters between a pattern's value, the words taking it back and its next value
_PATTERN_BACK_GAP = 16


def _not_taken_back(ctx: MessageContext, matches: list[re.Match]) -> list[re.Match]:
    """(prec24) The matches of one fact pattern less those the user takes back for a later match of the same pattern:
    the pack's ``self_corrections`` or ``take_backs`` words between them ("打到建行卡 尾号6632。不 还是打到工行那张吧":
    the bank is 工行, not the first one said).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> _ = t.observe({"role": "user", "content": "退款打到建行卡吧。不对 还是打到工行那张"})
    >>> [f.value for f in t.state().facts if f.key == "own_bank" and f.status == "current"]
    ['工行']
    """
    if ctx.role != "user" or len(matches) < 2:
        return matches
    cues = [c for rx in [*ctx.pack.self_corrections, *getattr(ctx.pack, "take_backs", ())] for c in rx.finditer(ctx.text)]
    return [fm for n, fm in enumerate(matches) if not any(
        0 <= c.start() - fm.end() <= _PATTERN_BACK_GAP and any(
            later.start() >= c.end() and later.start() - c.end() <= _PATTERN_BACK_GAP and later.group(0) != fm.group(0)
            for later in matches[n + 1:]) for c in cues)]


def _other_domain_near(ctx: MessageContext, fm: re.Match, only_in) -> bool:
    """A domain word outside the match in its sentence names a domain the pattern is not for."""
    pack, text = ctx.pack, ctx.text
    lo = max([0] + [m.end() for m in SENTENCE_END.finditer(text[:fm.start()])])
    hi = next((fm.end() + m.start() for m in SENTENCE_END.finditer(text[fm.end():])), len(text))
    return any(pack.domain_of[c.group(0).casefold()] not in only_in
               for c in pack.domain_rx.finditer(text, lo, hi) if not (fm.start() <= c.start() < fm.end()))


#: (prec32en) the word joining two days offered to choose from ("Thursday 13th or Monday 17th")
_OR = re.compile(r"\bor\b", re.I)


def days_offered(ctx: MessageContext) -> bool:
    """(prec32en) Whether the assistant's message offers days to choose from: two different days or dates of
    its mentions, one after the other, joined by "or" ("free Thursday 13th or Monday 17th", "Thursday 8, 15 or
    22 April", "tomorrow morning ..., or Friday morning"). Its weekdays are then choices, not the day the user
    settled on ("A crew is free Thursday 13th or Monday 17th. Thursday gives you more margin.").

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "user", "content": "Can someone come next week to look at the boiler?"},
    ...                 {"role": "assistant", "content": "We can do Tuesday 9th or Friday 12th. Tuesday is quieter."}])
    >>> [f.key for f in t.state().facts if f.status == "current" and f.key in ("day", "date")]
    []
    """
    days = sorted((m for m in ctx.mentions if m.label in ("DAY", "DATE")), key=lambda m: m.start)
    return any(a.text.casefold() != b.text.casefold() and _OR.search(ctx.text, a.end, b.start)
               for a, b in zip(days, days[1:]))


#: (prec32en) a bare weekday, one day (no plural, no "next"): "Thursday", "on Sunday", "that Friday"
_BARE_WEEKDAY = re.compile(r"(?:(?:on|the|that|this)\s+)?(mon|tue|wed|thu|fri|sat|sun)[a-z]*?day", re.I)


def _weekday_word(head: str) -> re.Pattern:
    """(fix33) The words that name the weekday whose first three letters are ``head``: the whole name, singular or plural,
    or its short form ("Thursday", "Thu", "Thurs"); not another word that starts alike ("Sunnyside Farm, 4 Mill Lane",
    "Wedmore Hall, 3 Church Lane", "Monkton Road 14" hold no Sunday, Wednesday nor Monday).

    >>> [bool(_weekday_word(h).search(v)) for h, v in (("thu", "Thursday 13th"), ("thu", "Thurs 13"), ("sun", "Sun, 14th Nov"))]
    [True, True, True]
    >>> [bool(_weekday_word(h).search(v)) for h, v in (("sun", "Sunnyside Farm, 4 Mill Lane"), ("wed", "Wedmore Hall, 3"))]
    [False, False]
    """
    return re.compile(rf"\b{head}(?:[a-z]*days?|(?<=tue)s|(?<=thu)rs?)?\b", re.I)


def restates_a_date(ctx: MessageContext, mention: Mention) -> bool:
    """(prec32en) Whether the bare weekday ``mention`` restates the date a current fact already holds: a value with
    that weekday and a day number ("slot: Thursday 13th", "date: Sunday, 14th November"). "Thursday stays booked",
    "Do the four for Sunday" say that date again; a weekday on its own beside it adds nothing the state lacks.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "user", "content": "Can the fitter come on Thursday 13th?"},
    ...                 {"role": "assistant", "content": "Yes, Thursday is booked for you."}])
    >>> [f.value for f in t.state().facts if f.status == "current" and f.value.casefold() == "thursday"]
    []
    """
    bare = _BARE_WEEKDAY.fullmatch(mention.text.strip())
    if not bare:
        return False
    day = _weekday_word(bare.group(1))
    return any(day.search(str(d.get("value", ""))) and re.search(r"\d", str(d.get("value", "")))
               for _, d in g.current_facts(ctx.graph))


#: (prec9) a weekday said in the plural or with "every" / 每周: a schedule, not one day
_EVERY_DAY = re.compile(r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)days\b|\bevery (?:mon|tues|wednes|thurs|fri|satur|sun)day\b"
                        r"|每(?:个)?(?:周|星期|礼拜)[一二三四五六日天末]", re.I)


#: (prec16) the words before a bare weekday of the assistant's that make it a day the booking holds already ("we set it
#: up on the Friday morning", "ready for the Monday", "the following Saturday") or a deadline of its own ("the script
#: will be with you by Friday"): no day the user books
_THE_DAY_BEFORE = re.compile(r"\b(?:the(?:\s+(?:following|next|same|previous))?|by|before|until|till)\s+$", re.I)


#: (prec9) labels a slot with no types never takes: a time or an amount after "invoice", "courier",
#: "快递" says when or how much ("I'll email the invoice tonight", "快递共165元"), not which one
_OWN_SLOT_LABELS = frozenset({"DATE", "TIME", "DAY", "MONEY"})


#: (user27zh) a count of days or hours says how long, as a time says when: no value of a slot of free text ("普通快递约5天，
#: 45元" is no courier "5天"; "courier takes 3 days")
_SPAN_OF_TIME = re.compile(r"(?:天|小时|分钟|工作日|个月|周|星期|礼拜|\b(?:days?|hours?|minutes?|weeks?|months?|working days?))\s*$", re.I)


#: (user26) words between a slot word of free text and a mention that say the clause went on to something else:
#: the mention is no value of the slot ("open an investigation with the courier and get back to you within 48 hours",
#: "a cut and colour with Megan"); an "and" alone joins a second subject ("the invoice and the pack will go to X")
_CLAUSE_GOES_ON = re.compile(r"\b(?:but|so|then|because|with|within|if|when|until|after|before)\b|[,;]", re.I)


#: (prec31zh) what may stand between a Chinese slot word of free text and its value: a mark, "的话", a modal and a verb
#: of choosing or using ("快递用顺丰", "快递的话，走中通吧", "物流：德邦")
#: (fix33) the speaker and a please may lead the modal: "快递我要顺丰", "快递麻烦用顺丰", "快递我们就用顺丰"
_ZH_FREE_LEAD = re.compile(r"[\s：:，,]*(?:的话)?[\s，,]*(?:我们|我|咱们|咱)?(?:就|都|还是|一律|最好|必须|一定|要|得|请|麻烦|帮我|给我)*"
                           r"(?:是|为|用|走|发|选|改成|换成|改用|写|找|叫)?[\s：:]*")


def _zh_other_words_between(ctx: MessageContext, between: str) -> bool:
    """(prec31zh) Whether other words stand between a Chinese slot word of free text and a mention after it: the slot
    word is part of a phrase of its own ("快递路上 万一…", "物流公司 十二台车") or what follows refuses the value
    ("快递别用中通"); the mention is no value of the slot.

    >>> from types import SimpleNamespace as N
    >>> zh = N(lang="zh")
    >>> _zh_other_words_between(zh, "别用"), _zh_other_words_between(zh, "路上 "), _zh_other_words_between(zh, "用")
    (True, True, False)
    >>> _zh_other_words_between(zh, "的话，走"), _zh_other_words_between(N(lang="en"), " goes with ")
    (False, False)
    >>> _zh_other_words_between(zh, "我要"), _zh_other_words_between(zh, "麻烦用"), _zh_other_words_between(zh, "我不要")  # (fix33)
    (False, False, True)
    """
    return ctx.lang == "zh" and not _ZH_FREE_LEAD.fullmatch(between)


#: (user27zh) a word that says where something goes, right after a slot word: the place said after it is where it
#: goes, no value of a slot of free text ("寄个快递到乌鲁木齐": not the courier; "send it by courier to Leeds")
_GOES_TO = re.compile(r"\s*(?:到|往|去|至|to\b)\s*", re.I)
_PLACE_LABELS = frozenset({"PLACE", "GPE", "LOC", "FAC", "ADDRESS"})


def _goes_to_place(ctx: MessageContext, sm: re.Match) -> bool:
    """Whether the slot word ``sm`` is followed by a word of going and a place: the place is where something goes.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> _ = t.observe({"role": "user", "content": "寄个快递到乌鲁木齐"})
    >>> [(f.key, f.value) for f in t.state().facts if f.key != "want"]
    [('destination', '乌鲁木齐')]
    """
    goes = _GOES_TO.match(ctx.text, sm.end())
    return bool(goes) and any(m.start == goes.end() and m.label in _PLACE_LABELS for m in ctx.mentions)


def _holding_value(w: FactWriter, slot: SlotRule, sm: re.Match) -> int | None:
    """(user30) The unused mention of the slot's types that holds the slot word itself ("5 people" for "people"),
    if one does: the count said with its noun is the value, whatever number follows in the clause."""
    return next((i for i, m in enumerate(w.ctx.mentions) if i not in w.used and m.label in slot.types
                 and m.start < sm.start() and sm.end() <= m.end), None)


def _pick_value(w: FactWriter, slot: SlotRule, sm: re.Match, window_end: int) -> int | None:
    """The mention that is the value of the slot word ``sm``: the first fitting one after
    it, else one holding it ("2 units") or right before it ("5000元的预算"). (user30) A value that holds the word
    comes first: in "5 people with 3 suitcases" the party is the 5, not the next number."""
    mentions = w.ctx.mentions
    holder = _holding_value(w, slot, sm)
    if holder is not None:
        return holder
    for i, m in enumerate(mentions):
        if i in w.used or m.start < sm.end() or m.start > window_end:
            continue
        if m.label in slot.types or (not slot.types and m.label not in _OWN_SLOT_LABELS and not _SPAN_OF_TIME.search(m.text)
                                     and not _CLAUSE_GOES_ON.search(w.ctx.text[sm.end():m.start])
                                     and not _zh_other_words_between(w.ctx, w.ctx.text[sm.end():m.start])):
            return i
    pick = None
    if slot.types:
        for i, m in enumerate(mentions):
            if i in w.used or m.label not in slot.types:
                continue
            inside = m.start <= sm.start() and sm.end() <= m.end
            before = 0 <= sm.start() - m.end <= 2 and m.kind in ("value", "id")
            if inside or before:
                pick = i
    return pick


#: (lead20b) a comma right after a slot word that ends its clause: the value is said after it
_COMMA_AT = re.compile(r"[,，]\s*\S")
#: a capitalised name right after a slot word: the word describes that thing ("the budget Avon ZV7")
_NAME_AFTER = re.compile(r"[ \t]+[A-Z][a-z]*[A-Z0-9]?\w*")


def _own_value_ahead(ctx, slot: SlotRule, sm: re.Match, start: int, end: int) -> bool:
    """Whether a slot word at the end of its clause has its value right before it and the clause after its comma
    (``start``-``end``) holds a value of its types with words of their own after it ("5月1号入住，5月3号退房"): each
    clause holds its own value, and lead20b's comma reading ("报名写她的名字，张秀兰") does not apply.

    Examples: ``tests/test_trust_zh_parties.py`` (check-out-question), ``tests/test_trust_lead20.py``.
    """
    before = any(m.label in slot.types and m.end <= sm.start() and not ctx.text[m.end:sm.start()].strip()
                 for m in ctx.mentions)
    after = next((m for m in ctx.mentions if m.label in slot.types and start <= m.start < end), None)
    return before and after is not None and bool(ctx.text[after.end:end].strip())


def slot_word_facts(w: FactWriter) -> None:
    """A slot word followed (or preceded) by a value: "预算5000元", "my budget is $500"."""
    ctx, pack = w.ctx, w.ctx.pack
    if not pack.synonym_rx:
        return
    text = ctx.text
    sentence_ends = [m.start() for m in CLAUSE_END.finditer(text)]
    for sm in pack.synonym_rx.finditer(text):
        slot = pack.slots[pack.synonym_slot[sm.group(0).casefold()]]
        if pack.scoped(slot, ctx.domain_at(sm.start(), slot))[0] in w.filled \
                or in_spans(sm.start(), w.read) and not _request_word(w, slot, sm) \
                or any(a <= sm.start() < b and slot.id in slots for a, b, slots in w.matched):
            continue  # "its name is X": X is the venue's
        name = _NAME_AFTER.match(text, sm.end()) if slot.types and sm.group(0)[:1].islower() else None
        if name and not any(m.label in slot.types and m.start < name.end() and name.start() < m.end for m in ctx.mentions):
            continue  # "the budget Avon ZV7 at £64": the word describes the thing named right after it
        if not slot.types and _goes_to_place(ctx, sm):
            continue  # (user27zh) "寄个快递到乌鲁木齐": the place is where it goes
        clause_end = next((e for e in sentence_ends if e >= sm.end()), len(text))
        if ctx.lang == "zh" and slot.types and text[sm.end():sm.end() + 1].isspace() and any(
                m.label in slot.types and m.end == sm.start() for m in ctx.mentions):
            clause_end = sm.end()  # (lead25f) "20号入住 23号退房": the value glued before the word ends its spaced piece
        gaps = [gap.start() for gap in HAN_SPACE.finditer(text, sm.end(), clause_end)] if ctx.lang == "zh" and not slot.types else []
        if len(gaps) > 1 and text[sm.end():gaps[0]].strip():
            clause_end = gaps[1]  # (lead25) typed with spaces for commas ("颜色不对 我订的灰色 来的米色 订单88120045"): a free
            # value is in the slot word's piece or the next, not the order number three pieces on; a typed slot takes only
            # a value of its types, as far as it is said ("数量改一下 新来了一批实习生 要135份")
        if ctx.lang == "zh" and not text[sm.end():clause_end].strip() and _COMMA_AT.match(text, clause_end):
            # (lead20b) the word ends its clause and the value follows a comma ("报名写她的名字，张秀兰")
            following = next((e for e in sentence_ends if e > clause_end), len(text))
            clause_end = clause_end if _own_value_ahead(ctx, slot, sm, clause_end, following) else following
        window_end = sm.end() + len(text[sm.end():min(clause_end, sm.end() + ctx.profile.value_window)])
        free = ctx.profile.free_value(text[sm.end():clause_end]) if not slot.types else None
        pick = None if free else _pick_value(w, slot, sm, window_end)
        subject = subject_of(ctx, sm.start())
        if pick is not None:
            run = _name_run(ctx, pick) if ctx.lang == "zh" else [pick]
            w.used.update(run)
            value = " ".join(ctx.mentions[i].text for i in run) if len(run) > 1 else whole_place(ctx, ctx.mentions[pick])
            w.make(slot, value, sm.start(), subject=subject, mention=ctx.mentions[pick])
        elif not slot.types or not any(pack.is_value(t) for t in slot.types):
            value = free or ctx.profile.free_value(text[sm.end():clause_end])
            if value and _PRONOUN.fullmatch(value):
                continue  # (prec16) "invoice to me, Joanne Pryce": the speaker, whose name is read as a name
            if value and not slot.types and _names_own_slot(ctx, value):
                continue  # (lead24) "send the invoice to sara.k@gmial.com": where it goes, the email's own fact
            if value and not_an_id(pack, slot, value):
                continue  # (user32) "my order is late", "the order was damaged": a state of the thing, no order number
            if value and not in_spans(text.find(value, sm.end()), w.read):  # "its name is X": X is the venue's
                w.make(slot, value, sm.start(), subject=subject)


def not_an_id(pack, slot: SlotRule, value: str) -> bool:
    """(user32) Whether ``value``, said after the word of a slot of ids (an order number, a tracking number, a
    registration), holds no digit: "my order is late", "the order was damaged" say how the thing is, they give no id.

    >>> from ctxgraph.extract.compiled import compiled_packs
    >>> pack = compiled_packs((), (), (), packs=())["en"]
    >>> not_an_id(pack, pack.slots["order_id"], "late"), not_an_id(pack, pack.slots["order_id"], "ABX-77")
    (True, False)
    >>> not_an_id(pack, pack.slots["courier"], "DPD")
    False
    """
    kinds = {pack.label_kind(t) for t in slot.types}
    return kinds == {"id"} and not re.search(r"\d", value)


def _request_word(w: FactWriter, slot: SlotRule, sm: re.Match) -> bool:
    """(user31zh) The slot word is the request a pattern read ("我要退款50元": 退款 the request) and the slot takes a
    typed value (an amount): the word keys the value after it too, as "退款50元" does (50元 was lost)."""
    covering = [slots for a, b, slots in w.matched if a <= sm.start() < b]
    return bool(slot.types) and bool(covering) and all(slots <= _REQUEST_SLOTS for slots in covering)


#: (user31zh) the slots of a request read by a pattern ("我要退款"): its word may key an amount after it
_REQUEST_SLOTS = frozenset({"request"})


#: (lead24) labels of values that fill a slot of their own wherever they are said
_ADDRESSED_LABELS = frozenset({"EMAIL", "PHONE"})


def _names_own_slot(ctx: MessageContext, value: str) -> bool:
    """(lead24) Whether a free value after a slot word with no types is only an email or a phone number ("send the
    invoice to sara.k@gmial.com"): the value names where the thing goes and its own slot holds it.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> _ = t.observe({"role": "user", "content": "send the invoice to sara.k@gmail.com"})
    >>> [(f.key, f.value) for f in t.state().facts]
    [('email', 'sara.k@gmail.com')]

    (user32) The same with what it replaces after it ("send the invoice to accounts@brightco.com instead of my personal
    email"):

    >>> _ = t.observe({"role": "user", "content": "send the invoice to accounts@brightco.com instead of my personal email"})
    >>> [(f.key, f.value) for f in t.state().facts if f.status == "current"]
    [('email', 'accounts@brightco.com')]
    """
    return any(m.label in _ADDRESSED_LABELS and m.text in value and not _INSTEAD_OF.sub("", value.replace(m.text, "").strip(" ,.:;-")
               .casefold().removeprefix("to").strip()) for m in ctx.mentions)


#: (user32) what the value is given in place of, after it: "instead of my personal email", "rather than the old one"
_INSTEAD_OF = re.compile(r"^(?:instead of|rather than|in place of|not)\b.*$", re.I | re.S)


#: (prec16) a free value that is only a pronoun: it names the speaker or the listener, no value
_PRONOUN = re.compile(r"(?:me|us|myself|ourselves|him|her|them|you|我|我们|他|她|你|您)", re.I)


#: (miss15) what stands between two names of a list: spaces, a 、 or a 和
_NAME_GAP = re.compile(r"\s*(?:[、]|和|及)?\s*")


def _name_run(ctx: MessageContext, pick: int) -> list[int]:
    """(miss15) The picked mention and, when it is a person, the people listed right after it with nothing but a
    space, a 、 or a 和 between: "名字 周建国 林芳 马小军" -> the three, "联系人王强 他同事李娜" -> 王强 alone.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "user", "content": "证书上的名字 周建国 林芳 马小军 都是一个部门的"}])
    >>> [f.value for f in t.state().facts if f.key == "name"]
    ['周建国 林芳 马小军']
    """
    mentions, run = ctx.mentions, [pick]
    if mentions[pick].label != "PERSON":
        return run
    for i in range(pick + 1, len(mentions)):
        m, last = mentions[i], mentions[run[-1]]
        if m.label != "PERSON" or not _NAME_GAP.fullmatch(ctx.text, last.end, m.start):
            break
        run.append(i)
    return run


def asked_to_replace(ctx: MessageContext, m: Mention):
    """The user's current fact the assistant's last message asks to replace, when ``m`` answers
    it: the message names that fact's value and asks for another ("returning on 19 June. Which
    date would you like instead?", "4月4日的票，想改到哪天？") and ``m`` is of a type its slot takes.
    (key, name, fact id, slot, group), or None.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "user", "content": "We fly to Athens on 12 June and back on 19 June."},
    ...                 {"role": "assistant", "content": "You return on 19 June. Which date would you like instead?"},
    ...                 {"role": "user", "content": "22nd June please"}])
    >>> sorted((f.key, f.value) for f in t.state().facts if f.status == "current" and f.key != "destination")
    [('checkout', '22nd June'), ('date', '12 June')]
    """
    G = ctx.graph
    last = G.graph.get("last_turn")
    if ctx.role != "user" or not last or G.nodes[last]["role"] != "assistant":
        return None
    said = G.nodes[last]["text"]
    if not first_match(ctx.pack.proposals, said) or not first_match(ctx.pack.question_words, said):
        return None
    hits = []
    for fid, d in g.recent_current_facts(G, 50):
        slot = ctx.pack.slots.get(d["slot"])
        value = str(d["value"])
        if slot is not None and m.label in slot.types and len(value) > 1 and value.casefold() in said.casefold() \
                and G.nodes[f"t{d['turn']}"]["role"] == "user" and value.casefold() != m.text.casefold():
            hits.append((d["key"], d["name"], fid, d["slot"], d.get("group")))
    return hits[0] if len(hits) == 1 else None


#: (user28) the words before a day that make it the latest day a need is met: "I need the suit before Friday"
_BEFORE_DAY = re.compile(r"\b(?:before|no later than)\s+(?:the\s+|this\s+|next\s+)?$", re.I)


def _need_by_day(ctx: MessageContext, m: Mention) -> bool:
    """(user28) Whether the user's day ``m`` is said after "before" ("I need the suit before Friday"): the deadline
    the deadlines step reads, not a new day of the service (the caller asks it only where a day is held already:
    the drop-off "on Monday" stays; a first "before 1 August" is still the date).

    >>> from types import SimpleNamespace as N
    >>> t = "I need the suit before Friday"
    >>> _need_by_day(N(role="user", lang="en", text=t), N(label="DAY", start=t.index("Friday")))
    True
    >>> _need_by_day(N(role="user", lang="en", text="Friday please"), N(label="DAY", start=0))
    False
    """
    return ctx.role == "user" and ctx.lang == "en" and m.label in ("DAY", "DATE") \
        and bool(_BEFORE_DAY.search(ctx.text[max(0, m.start - 20):m.start]))


def bare_value_facts(w: FactWriter) -> None:
    """Bare values that name their own slot (emails, phones, order ids, ratings, cuisines)."""
    ctx, pack, G = w.ctx, w.ctx.pack, w.ctx.graph
    held = {k for k, ids in G.graph["facts_by_slot"].items() if ids}
    multi: dict[str, list[Mention]] = {}
    from .roles import reference_role

    for i, m in enumerate(ctx.mentions):
        if i in w.used or m.kind != "value" or ctx.asking(m.start):
            continue
        target = asked_to_replace(ctx, m)
        if target is not None and target[0] not in w.filled:  # "Which date would you like instead?" - "22nd June"
            w.used.add(i)
            w.filled.add(target[0])
            w.units.append(FactUnit(key=target[0], name=target[1], value=m.text, normalized=m.value, correction=True,
                                    supersedes=target[2], slot=target[3], group=target[4]))
    for i, m in enumerate(ctx.mentions):
        if i in w.used or not m.slot or m.slot not in pack.slots:
            continue
        if not (ctx.role == "user" or m.slot not in held or pack.slots[m.slot].scoped):
            continue
        if ctx.role == "user" and reference_role(ctx, m):
            continue  # "八达岭长城周边的景点": a reference point (the roles step), not the venue wanted
        if ctx.role == "user" and declined(ctx, m):
            w.used.add(i)
            continue  # "thursday's no good, saturday then": the value the clause declines is no wish
        if m.slot in held and _need_by_day(ctx, m):
            continue  # (user28) "I need the suit before Friday": the deadline, the day of the service held stays
        if ctx.role == "user" and ruled_out_again(ctx, m):
            continue  # (prec20) "sunday 10 is perfect. ohh wait he's on an early shift sunday, the saturday then"
        if ctx.role == "user" and picked_later(ctx, m):
            continue  # (prec30) "Ah wait, his cricket nets are Monday. Wednesday then": the later pick is the one wanted
        if ctx.role == "user" and named_as_matter(ctx.text, m.start, m.end):
            w.used.add(i)
            continue  # (user34) "the 10am thing is fine to ignore": the rule the value named before, no new value
        if pack.label_slots.get(m.label) == m.slot and pack.slots[m.slot].scoped \
                and ctx.domain_at(m.start, pack.slots[m.slot]) is None:
            continue  # "by 5 pm" is a hotel's or a train's time only where one is talked about
        w.used.add(i)
        if pack.slots[m.slot].multi:  # a list-valued slot: "wifi 早餐服务"
            multi.setdefault(m.slot, []).append(m)
        else:
            w.make(pack.slots[m.slot], m.text, m.start, mention=m)
    for slot_id, ms in multi.items():
        w.make(pack.slots[slot_id], " ".join(dict.fromkeys(m.text for m in ms)), ms[0].start)
    if ctx.role == "assistant":  # things listed with no slot of their own: options ("Starter or Plus")
        for i, m in enumerate(ctx.mentions):
            if i not in w.used and not m.slot and m.label in pack.offer_slots:
                w.make(pack.slots[pack.offer_slots[m.label]], m.text, m.start, mention=m, only_offer=True)


def ruled_out_again(ctx: MessageContext, m: Mention) -> bool:
    """(prec20) Whether the message says ``m``'s value again later and rules it out there, with another value of
    its kind after that: the user took the first back ("sunday 10 is perfect. ohh wait my fella is on an early
    shift sunday, the saturday then"); the value after is the one wanted.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> _ = t.observe({"role": "user", "content": "sunday is perfect. ohh wait he is on an early shift sunday, saturday then"})
    >>> [(f.key, f.value) for f in t.state().facts if f.status == "current"]
    [('day', 'saturday')]
    """
    later = [o for o in ctx.mentions if o.start >= m.end and o.label == m.label]
    said = m.text.casefold()
    again = next((o for o in later if o.text.casefold() == said and _ruled_out_at(ctx, o.start)), None)
    return again is not None and any(o.start >= again.end and not _ruled_out_at(ctx, o.start) for o in later)


def _ruled_out_at(ctx: MessageContext, at: int) -> bool:
    """(fix34) :func:`ruled_out` of the value at ``at``, worked out once per message and position: :func:`ruled_out_again`
    asks it of every later value for every value, which on a 15,000-character run of one deadline ("四月十号前" again and
    again) was 180,000 asks of the same few hundred positions.

    >>> from types import SimpleNamespace
    >>> ctx = SimpleNamespace(text="any day but not Tuesday. Thursday ideally", memo={})
    >>> _ruled_out_at(ctx, 16), _ruled_out_at(ctx, 25), sorted(ctx.memo)
    (True, False, [('ruled_out', 16), ('ruled_out', 25)])
    """
    key = ("ruled_out", at)
    if key not in ctx.memo:
        ctx.memo[key] = ruled_out(ctx.text, at)
    return ctx.memo[key]


#: (prec30) right after a value: it is said as the pick ("Wednesday then"; "the 14th instead" is a change mark the changes
#: step weighs; zh has its own readers of a change of mind between picks, overtaken's ``_mind_repicked``)
_SAID_AS_PICK = {"en": re.compile(r"\s*(?:(?:morning|afternoon|evening|one)\s*)?,?\s*then\b", re.I)}


#: (prec30) right after a value: the user takes it as it is ("Monday is fine", "Monday works")
_TAKEN_AS_IT_IS = re.compile(r"\s*(?:(?:is|are|'s)\s+(?:fine|good|ok|okay|perfect|great|best)|works|please|pls)\b", re.I)
#: (prec30) how far before a value a change act ("moved to", 改到) may stand (as the changes step's window)
_ACT_CHARS = 16


def picked_later(ctx: MessageContext, m: Mention) -> bool:
    """(prec30) Whether a later value of ``m``'s label in the message is said as the pick ("Wednesday then") and ``m``
    is not: ``m`` is said of something else on the way (a clash, a reason) and the later one is the one wanted.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> _ = t.observe({"role": "user", "content": "Monday is fine."})
    >>> _ = t.observe({"role": "user", "content": "Ah wait, his swimming is Monday. Wednesday then."})
    >>> [(f.key, f.value) for f in t.state().facts if f.status == "current" and f.key == "day"]
    [('day', 'Wednesday')]
    """
    rx = _SAID_AS_PICK.get(ctx.lang)
    if rx is None or rx.match(ctx.text, m.end) or _TAKEN_AS_IT_IS.match(ctx.text, m.end):
        return False  # "Monday is fine. Wednesday then for the second one": both are picks
    before = ctx.text[max(0, m.start - _ACT_CHARS):m.start]
    if any(act.search(before) for act in getattr(ctx.pack, "change_acts", ())):
        return False  # "his football moved to saturdays so … tuesday instead": a change the changes step weighs
    return any(o.start >= m.end and o.kind == "value" and o.label == m.label and o.text.casefold() != m.text.casefold()
               and rx.match(ctx.text, o.end) and not _fallback_lead(ctx.text, m.end, o.start) for o in ctx.mentions)


#: (fix33) a condition or an "otherwise" that leads a later value: a second choice should the first fail ("If that one
#: goes, Thursday then", "otherwise Friday then"), not the pick
_FALLBACK_LEAD_EN = re.compile(r"\b(?:if|unless|otherwise|failing that|or else|else|in case|as a (?:backup|fallback))\b", re.I)


def _fallback_lead(text: str, lo: int, at: int) -> bool:
    """(fix33) Whether the sentence of the value at ``at`` (from ``lo`` at the earliest) leads it with a condition or an
    "otherwise": the value is a fallback, the one said before it stays the pick.

    >>> t = "The Monday slot please. If that one goes, Thursday then."
    >>> _fallback_lead(t, 10, t.index("Thursday")), _fallback_lead("Monday is out. Thursday then.", 6, 15)
    (True, False)
    """
    start = max([lo] + [text.rfind(mark, lo, at) + 1 for mark in ".!?;\n"])
    return bool(_FALLBACK_LEAD_EN.search(text, start, at))


def declined(ctx: MessageContext, m: Mention) -> bool:
    """Whether ``m`` is the one value of a clause that declines ("thursday's no good", "my saturdays
    are taken now", "not the 9th"); a clause weighing two values ("the 14th instead of the 12th")
    declines neither here (the corrections read it).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "assistant", "content": "We can do Thursday at 10:00 or Saturday at 13:30."},
    ...                 {"role": "user", "content": "thursday's no good, saturday then"}])
    >>> [(f.key, f.value) for f in t.state().facts if f.status == "current"]  # the whole offered slot (slot6)
    [('day', 'Saturday at 13:30')]
    """
    start = max((c.end() for c in CLAUSE_END.finditer(ctx.text, 0, m.start)), default=0)
    end = next((c.start() for c in CLAUSE_END.finditer(ctx.text, m.start)), len(ctx.text))
    if ctx.lang == "zh":
        start, end = _zh_piece(ctx.text, m, start, end)
    if not first_match(ctx.pack.rejects, ctx.text[start:end]):
        return False
    if _IN_PLACE_OF.match(ctx.text, m.end):
        return False  # (user32) "send it to accounts@brightco.com instead of my personal email": the value wanted, in place of another
    return not any(o is not m and o.kind == "value" and o.label == m.label and start <= o.start < end for o in ctx.mentions)


#: (user32) right after a value: what it is wanted in place of ("accounts@brightco.com instead of my personal email")
_IN_PLACE_OF = re.compile(r"\s*,?\s*(?:instead of|rather than|in place of)\b", re.I)


#: (miss15) a space between two pieces of a zh message typed without punctuation ("别发顺丰 太贵了 收件人周敏 杭州市…")
_ZH_PIECE_GAP = re.compile(r"(?<=\w)\s+(?=\w)")


def _zh_piece(text: str, m: Mention, start: int, end: int) -> tuple[int, int]:
    """(miss15) The bounds, within the clause ``start``-``end``, of the space-separated piece a zh value is said in:
    a refusal in another piece ("别发顺丰 太贵了 收件人周敏 杭州市上城区解放路18号3幢201") declines nothing of this
    one. A piece that is the value alone takes the next piece with it, where the refusal of a bare value is said
    ("周六上午 不行"). A space inside the value (an address typed in parts) is no break.

    >>> from ctxgraph.extract.context import Mention
    >>> text = "别发顺丰 收件人周敏 杭州市上城区解放路18号3幢201"
    >>> m = Mention(text.index("杭州"), len(text), "ADDRESS", "杭州市上城区解放路18号3幢201", "", None, None, "value")
    >>> text[slice(*_zh_piece(text, m, 0, len(text)))]
    '杭州市上城区解放路18号3幢201'
    >>> text = "周六上午 不行 周日下午吧"
    >>> m = Mention(0, 4, "DATE", "周六上午", "", None, None, "value")
    >>> text[slice(*_zh_piece(text, m, 0, len(text)))]
    '周六上午 不行'
    >>> text = "我叫陈浩 13701762845 别老给她发消息"
    >>> m = Mention(5, 16, "PHONE", "13701762845", "", None, None, "value")
    >>> text[slice(*_zh_piece(text, m, 0, len(text)))]
    '13701762845'
    """
    gaps = [gap for gap in _ZH_PIECE_GAP.finditer(text, start, end) if gap.end() <= m.start or gap.start() >= m.end]
    lo = max((gap.end() for gap in gaps if gap.end() <= m.start), default=start)
    after = [gap for gap in gaps if gap.start() >= m.end]
    hi = after[0].start() if after else end
    if lo == m.start and hi == m.end and after:  # the value alone: its refusal follows ("周六上午 不行")
        nxt = after[1].start() if len(after) > 1 else end
        if _VERDICT_PIECE.fullmatch(text[hi:nxt].strip()):  # (miss23zh) not a rule of its own after it
            hi = nxt  # ("我叫陈浩 13701762845 别老给她发消息": the phone is given, the rule is about messages)
    return lo, hi


#: (miss23zh) a piece that judges the bare value before it: a few characters ("不行", "没空", "不要了") or one that
#: points back at it ("那天她要上班"); a longer piece is a clause of its own ("别老给她发消息")
_VERDICT_PIECE = re.compile(r".{0,4}|.*[这那].*")


def subject_of(ctx: MessageContext, slot_start: int) -> str | None:
    """The thing a slot word belongs to: "小米14的价格", "the MacBook's price"."""
    for m in ctx.mentions:
        if m.kind == "thing" and 0 <= slot_start - m.end <= 3:
            if re.fullmatch(r"\s*(?:的|'s|’s)?\s*", ctx.text[m.end:slot_start]):
                return m.key
    return None


#: (user26zh) a sentence of the assistant's that asks for a value without a question mark: "请提供保单号。", "麻烦发一下
#:订单号", "请留下您的会员卡号"
_REQUEST = re.compile(r"(?:^|(?<=[，,。！!；;\s]))(?:请|麻烦)(?:您|你)?(?:再)?"
                      r"(?:提供|告诉我|告知|留下|发(?:一下|下|给我)?|报(?:一下|下)?|输入|填写|说一下)[^。！!？?\n]{0,24}")


def requested(text: str) -> list[str]:
    """(user26zh) The requests for a value in the assistant's ``text`` that no question mark closes.

    >>> requested("好的，请提供一下订单号。我帮您查。")
    ['请提供一下订单号']
    >>> requested("请问您的订单号是多少？")
    []
    """
    return [m.group(0) for m in _REQUEST.finditer(text) if not re.match(r"[^。！!\n]*[？?]", text[m.end():])]


def asked_slots(ctx: MessageContext, *, requests: bool = False) -> list[SlotRule]:
    """Slots the assistant's open questions name ("请问几位？" -> people); with ``requests`` (user26zh) also those its
    last message asks for without a question mark ("请提供保单号。"), for a bare value that fills one."""
    pack = ctx.pack
    if not pack.synonym_rx:
        return []
    asks = [q["text"] for _, q in g.open_items(ctx.graph, "question")] + (requested(ctx.assistant_before) if requests else [])
    return [pack.slots[pack.synonym_slot[sm.group(0).casefold()]] for q in asks for sm in pack.synonym_rx.finditer(q)]


def _when_slots(ctx: MessageContext) -> list[SlotRule]:
    """(lead22) The date or clock slot an open when-question with no slot word asks for, alone in its message ("请问什么
    时间方便？" -> date, :func:`~ctxgraph.extract.asking.when_slot`): the reply's opening value answers it."""
    pack = ctx.pack
    questions = [q["text"] for _, q in g.open_items(ctx.graph, "question")]
    return [pack.slots[s] for q in questions if not (pack.synonym_rx and pack.synonym_rx.search(q))
            for s in [when_slot(ctx.lang, q)] if s in pack.slots and _asks_only(ctx, q, s)]


#: (lead22) a clause's end: a value after one is no opening answer to a when-question
CLAUSE_BREAK = re.compile(r"[，,。.!?！？；;]")
#: (lead22) a bound after a day or a clock ("月底之前", "6点之后", "before friday"): a limit the constraints hold, no day
_BOUND_AFTER = re.compile(r"\s*(?:之前|之后|以前|以后|前|后|before\b|after\b|at the latest\b)", re.I)


def bounded_after(ctx: MessageContext, m: Mention) -> bool:
    """(lead22) Whether a bound word follows ``m`` ("月底之前", "before friday"): a limit the constraints hold, no day.
    (user32) A bound word that opens the next value is that value's own: "tomorrow after 5pm" is the day tomorrow and
    the clock after 5pm, the day bounds nothing.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "user", "content": "I need a pickup for two bags of laundry"},
    ...                 {"role": "assistant", "content": "Sure. When?"}, {"role": "user", "content": "tomorrow after 5pm"}])
    >>> [(f.key, f.value) for f in t.state().facts if f.key in ("date", "time")]
    [('date', 'tomorrow'), ('time', 'after 5pm')]
    """
    bound = _BOUND_AFTER.match(ctx.text, m.end)
    if not bound:
        return False
    opens = bound.start() + len(bound.group(0)) - len(bound.group(0).lstrip())
    return not any(o.start == opens and o.end > bound.end() for o in ctx.mentions)


def _asks_only(ctx: MessageContext, q: str, slot: str) -> bool:
    """(lead22) The assistant's question ``q`` asks for the slot ``slot`` and nothing else ("请问什么时间方便？", not
    "交付是哪天？小区在哪里？": the reply's values answer the slots in their order, the asked_answers step)."""
    return [a.slot for a in slots_in_question(ctx, q)] == [slot]


def _names_old(old_text: str | None, value: str) -> bool:
    """"5000" names "5000元" and "$5,000"; "2" does not name "221B Baker Street"."""
    if not old_text:
        return False
    if re.fullmatch(r"[\d.,]+", old_text):
        return re.search(rf"(?<![\d.,]){re.escape(old_text)}(?![\d]|[.,]\d)", value.replace(",", "")) is not None
    return re.search(rf"(?<![\w.]){re.escape(old_text)}(?![\w])", value) is not None


def fits_role(ctx: MessageContext, slot_id: str, m: Mention) -> bool:
    """Whether ``m`` has the shape of a value of the role ``slot_id``, where the pack's roles give
    that slot's values a shape for ``m``'s label ("两晚" fits the nights, "3个" does not: "能改成3个
    大人吗" changes who comes, not how many nights). A slot with no shape takes any value of its types.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "user", "content": "想订两晚，两个大人"}, {"role": "user", "content": "能改成3个大人吗"}])
    >>> [(f.key, f.value) for f in t.state().facts if f.status == "current" and f.key == "nights"]
    [('nights', '两晚')]
    """
    shapes = [value_rx for slot, labels, *_, value_rx in ctx.pack.roles if slot == slot_id and m.label in labels]
    return not shapes or any(rx is None or rx.search(m.text) for rx in shapes)


#: slots of a place: a number in their value is a house, a flat or a room, never a count the user corrects
PLACE_SLOTS = ("address", "地址", "postcode", "邮编")


def corrected_fact(ctx: MessageContext, m: Mention, old_text: str | None, current):
    """The current fact a slot-less correction changes: one whose value is the old value
    named ("not 2") and whose slot takes this type, else the newest of that type."""
    ranked = []
    if ctx.role != "user":  # the assistant corrects only what it said itself, never the user's values
        current = [(fid, d) for fid, d in current if ctx.graph.nodes[f"t{d['turn']}"]["role"] != "user"]
    dim = dimension_at(m.text, 0, ctx.lang)
    for order, (fid, d) in enumerate(current):
        slot = ctx.pack.slots.get(d["slot"])
        if dim is not None and dim not in dimensions(str(d["value"]), ctx.lang):
            continue  # (lead20) "改成30平米" changes no lease of 三个月: a measure corrects one of its own dimension
        if (d.get("slot") in PLACE_SLOTS or d.get("key") in PLACE_SLOTS) and m.label not in ("ADDRESS", "POSTCODE"):
            continue  # (span7) "4 days not 3" changes no "flat 3, 41 Elm Park Road"
        if other_measure(m.text, d):
            continue  # (acts22) "改成4条" changes no "1个小时, 10分钟": a count of things is no length of time
        names = _names_old(old_text, str(d["value"]))
        same_type = slot is not None and m.label in slot.types and (m.label != "NUMBER" or names) \
            and fits_role(ctx, slot.id, m)
        if same_type or names:
            ranked.append(((same_type and names, same_type, order), fid, d))
    if not ranked:
        return None
    _, fid, d = max(ranked, key=lambda r: r[0])
    return d["key"], d["name"], fid, d["slot"], d.get("group")


def unslotted_values(w: FactWriter) -> None:
    """Values with no slot word: a correction of an existing fact ("不是5000，是6000"),
    or an answer to the assistant's open question that names a slot."""
    ctx = w.ctx
    current = g.recent_current_facts(ctx.graph, 50)[::-1]
    old_text = None
    for rx in ctx.pack.corrections:
        m = rx.search(ctx.text)
        if m and m.groupdict().get("old"):
            old_text = m.group("old").strip()
    asked = asked_slots(ctx, requests=True)
    when: list[SlotRule] | None = None  # (lead22) read only for a value no asked slot takes: it parses the questions
    for i, m in enumerate(ctx.mentions):
        if i in w.used or ctx.asking(m.start) or (m.kind != "value" and not _id_asked(ctx, m, asked)):
            continue
        if old_text and old_text in m.text:
            continue  # the value being replaced, not the new one
        target = corrected_fact(ctx, m, old_text, current) if ctx.correcting else None
        if target is None:
            slot = next((s for s in asked if m.label in s.types or _number_for_id(ctx, m, s)), None)
            if slot is None and ctx.role == "user" and not CLAUSE_BREAK.search(ctx.text, 0, m.start) \
                    and not bounded_after(ctx, m):
                when = _when_slots(ctx) if when is None else when
                slot = next((s for s in when if m.label in s.types), None)  # (lead22) "什么时候方便？" - "明天下午吧"
            if slot and _several_answers(ctx, slot, m):
                continue  # (lead18) "几位？" - "两个大人一个小孩": counts by kind (the roles step), not one value
            if slot:
                key, name, group = ctx.pack.scoped(slot, ctx.domain_at(m.start, slot))
                target = (key, name, None, slot.id, group)
        if target and target[0] not in w.filled and not ctx.correcting and _LIMIT_AFTER.match(ctx.text, m.start):
            continue  # (lead18) "预算多少？" - "300以内吧": a ceiling the constraint holds, no value settled on
        if target and target[0] not in w.filled:
            w.filled.add(target[0])
            w.used.add(i)
            whole = range_to(ctx.text, m.end, ctx.mentions) if m.label in ("NUMBER", "MONEY") else None
            w.units.append(FactUnit(key=target[0], name=target[1], value=ctx.text[m.start:whole] if whole else m.text,
                                    normalized=None if whole else m.value,
                                    correction=ctx.correcting, stressed=ctx.stressed, supersedes=target[2],
                                    slot=target[3], group=target[4]))
            if ctx.correcting:
                break  # a correction changes one value; other numbers are the old one or noise


def _number_for_id(ctx: MessageContext, m: Mention, slot: SlotRule) -> bool:
    """(user32) Whether the plain number ``m`` (five to twelve digits) is the id a slot of ids asks for, said in a longer
    answer ("What's your order number?" - "it's 4471920, placed last week"; a bare "4471920" was kept already).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "assistant", "content": "What's your order number?"},
    ...                 {"role": "user", "content": "it's 4471920, placed last week"}])
    >>> [(f.key, f.value) for f in t.state().facts if f.key == "order_id"]
    [('order_id', '4471920')]
    """
    return ctx.role == "user" and m.label == "NUMBER" and re.fullmatch(r"\d{5,12}", m.text) is not None \
        and not re.match(r"\s*[^\W\d_]", ctx.text[m.end:]) and not re.search(r"[$£€¥]\s*$", ctx.text[:m.start]) \
        and "id" in {ctx.pack.label_kind(t) for t in slot.types}  # a word after it is its unit ("25000 yen"): no id


def _id_asked(ctx: MessageContext, m: Mention, asked: list[SlotRule]) -> bool:
    """(user32) Whether the id ``m`` answers the slot of ids the assistant asked for, said first in a reply that goes
    on ("What's the license plate?" - "7ABC123, it's a blue Toyota Corolla"; a bare "7ABC123" was kept already) and
    read by no other step of this message.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "assistant", "content": "What's the license plate?"},
    ...                 {"role": "user", "content": "7ABC123, it's a blue Toyota Corolla"}])
    >>> [(f.key, f.value) for f in t.state().facts if f.key == "registration"]
    [('registration', '7ABC123')]
    """
    if m.kind != "id" or ctx.role != "user" or ctx.correcting or not any(m.label in s.types for s in asked):
        return False
    if any(o.start < m.start and o.kind == "id" for o in ctx.mentions):
        return False
    return not any(isinstance(u, FactUnit) and m.text in u.value for u in ctx.units)


def _several_answers(ctx: MessageContext, slot: SlotRule, m: Mention) -> bool:
    """Whether the answer holds another value of ``slot``'s types beside ``m``, not the rest of a range that
    starts at ``m``: "两个大人一个小孩", "2 adults and 1 child" are two values, "3000到5000" is one."""
    whole = range_to(ctx.text, m.end, ctx.mentions) or m.end
    return any(o is not m and o.kind == "value" and o.label in slot.types and not (m.start <= o.start < whole)
               for o in ctx.mentions)


def corrected_parts(w: FactWriter) -> bool:
    """A correction of part of a value: "是K65不是K56" changes "杭甬高速宁波方向K56绍兴段" to
    "...K65..."; "apt 6, not 4" changes "2140 Mission St, Apt 4". The old part must stand as
    a token inside recent current facts whose key this message has not set (each of them
    changes), and the new part must look like it (both with digits, or neither). Returns
    whether a value changed.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "user", "content": "Ship it to 14 Elm Road, Flat 3 please."},
    ...                 {"role": "user", "content": "Sorry, flat 5, not 3."}])
    >>> [f.value for f in t.state().facts if f.status == "current"]
    ['14 Elm Road, Flat 5']
    """
    ctx = w.ctx
    for rx in ctx.pack.corrections:
        m = rx.search(ctx.text)
        groups = m.groupdict() if m else {}
        old, new = (groups.get("old") or "").strip(), (groups.get("new") or "").strip()
        if not old or not new or old == new or any(c.isdigit() for c in old) != any(c.isdigit() for c in new):
            continue
        if _ASKED_NOT_TO.search(ctx.text, 0, m.start("new")):
            continue  # (miss26en) "can the trainer not park in the yard": a request not to do a thing, no part corrected
        changed = False
        for fid, d in g.recent_current_facts(ctx.graph, 50):
            value = str(d["value"])
            at = _token_at(old, value)
            if d["key"] in w.filled or at < 0 or _said_in_words(ctx, fid):
                continue  # the user's want and problem are said in their words, not values to patch
            # every current value holding the old part changes (a tool's form of the place and the user's words)
            w.filled.add(d["key"])
            end = at + len(old) + _said_on(new, old, value[at + len(old):])
            w.units.append(FactUnit(key=d["key"], name=d["name"], value=value[:at] + new + value[end:],
                                    correction=True, supersedes=fid, slot=d["slot"], group=d.get("group")))
            changed = True
        if changed:
            return True
    return False


#: (miss26en) a modal and at most two words right before "<new> not <old>": the user asks that someone not do a thing
#: ("can the trainer not park in the yard", "could you not ring"), no "<new>, not <old>" correction of a value's part
_ASKED_NOT_TO = re.compile(r"\b(?:can|could|would|will|should|pls|please)\s+(?:[\w'’]+\s+){0,2}$", re.I)


def _said_on(new: str, old: str, rest: str) -> int:
    """(user25zh) How much of the value after the old part the new part says again: "是3单元801，不是2单元" names
    the room 801 that follows 2单元 in "望京花园5号楼2单元801", so the new part replaces "2单元801", not "2单元" (the
    value was "…3单元801801"). The longest run of at least two characters that ends the new part, begins the rest
    and leaves the new part longer than the old one; 0 when none.

    >>> _said_on("3单元801", "2单元", "801"), _said_on("3单元", "2单元", "801"), _said_on("K65", "K56", "绍兴段")
    (3, 0, 0)
    >>> _said_on("525度", "500", "度"), _said_on("525", "500", "度")
    (1, 0)
    """
    for k in range(min(len(rest), len(new) - len(old)), 1, -1):
        if new.endswith(rest[:k]) and not (rest[k - 1:k + 1].isdigit() and len(rest[k - 1:k + 1]) == 2):
            return k
    # (user37) a unit said with the new number: "是525度不是500" in "500度" (the value was "525度度")
    unit = rest[:1]
    return 1 if unit and len(new) > len(old) and new.endswith(unit) and not unit.isascii() and new[-2:-1].isdigit() else 0


def _token_at(part: str, value: str) -> int:
    """Where ``part`` stands as a token of ``value`` (no letter or digit glued to an ASCII edge;
    Chinese has no spaces), case-insensitively; -1 when it does not.

    >>> _token_at("3单元", "幸福路12号3单元"), _token_at("3", "Flat 3"), _token_at("3", "Flat 13")
    (6, 5, -1)
    """
    head = r"(?<![A-Za-z0-9])" if part[:1].isascii() and part[:1].isalnum() else ""
    tail = r"(?![A-Za-z0-9])" if part[-1:].isascii() and part[-1:].isalnum() else ""
    m = re.search(head + re.escape(part) + tail, value, re.IGNORECASE)
    return m.start() if m else -1


#: At most this many characters between a value, the words taking it back and the new value.
SELF_CORRECTION_GAP = 16


def corrected_within(w: FactWriter) -> None:
    """A value taken back in the same message: "serial HX4-88310. Sorry, HX4-88301", "订单号
    E928306471，不对，是E928306417". The value of the same type right after the pack's
    ``self_corrections`` words replaces the one right before them in this message's fact.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> _ = t.observe({"role": "user", "content": "My serial number is HX4-88310. Sorry, HX4-88301"})
    >>> [(f.key, f.value) for f in t.state().facts if f.status == "current"]
    [('serial', 'HX4-88301')]
    """
    ctx = w.ctx
    mentions = [m for m in ctx.mentions if m.kind in ("value", "id")]
    # "actually no" followed by a value of the same kind corrects it too ("to 41 Heron Street.
    # Actually no, to 7 Wren Close"); without one it takes the value back (ctx.taken_back)
    changes = [c.end() for rx in ctx.pack.corrections for c in rx.finditer(ctx.text)]
    for rx in [*ctx.pack.self_corrections, *getattr(ctx.pack, "take_backs", ())]:
        for cue in rx.finditer(ctx.text):
            new = next((m for m in mentions if m.start >= cue.end()), None)
            before = [m for m in mentions if m.end <= cue.start() and cue.start() - m.end <= SELF_CORRECTION_GAP]
            if before:
                # "thursday morning. no wait, i leave at 7.30 on thursdays, make it the wednesday evening":
                # the new value is the one a change's words ("make it") bring later in the message
                new = next((m for m in mentions if m.start >= cue.end() and m.label == before[-1].label and any(
                    0 <= m.start - e <= SELF_CORRECTION_GAP for e in changes if e > cue.end())), new)
            if new is None or (new.start - cue.end() > SELF_CORRECTION_GAP
                               and not any(0 <= new.start - e <= SELF_CORRECTION_GAP for e in changes if e > cue.end())):
                continue
            old = next((m for m in reversed(mentions) if m.end <= cue.start() and m.label == new.label), None)
            if old is None or cue.start() - old.end > SELF_CORRECTION_GAP or old.text == new.text:
                continue
            if ruled_out(ctx.text, new.start):
                _replace_ruled_out(w, old, new, mentions)
                continue
            for n, u in enumerate(w.units):
                if isinstance(u, FactUnit) and not u.offered and old.text in u.value:
                    w.units[n] = u.model_copy(update=dict(value=new.text, normalized=new.value, correction=True))
                    # the new value read on its own as another fact is this one
                    w.units = [o for o in w.units if o is w.units[n] or not (
                        isinstance(o, FactUnit) and not o.offered and o.value == new.text)]
                    break


def _replace_ruled_out(w: FactWriter, old: Mention, new: Mention, mentions: list[Mention]) -> None:
    """(prec18) The value after a take-back's words is one the sentence rules out ("the tuesday one. actually no,
    he has football tuesdays. thursday then"): the earlier pick is taken back all the same; the next value of its
    kind the message does not rule out takes its place, or none does.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> _ = t.observe({"role": "user", "content": "the tuesday one. actually no, he has football tuesdays. thursday then"})
    >>> [(f.key, f.value) for f in t.state().facts if f.status == "current"]
    [('day', 'thursday')]
    """
    text = w.ctx.text
    then = next((m for m in mentions if m.start >= new.end and m.label == new.label and not ruled_out(text, m.start)), None)
    for n, u in enumerate(w.units):
        if isinstance(u, FactUnit) and not u.offered and old.text in u.value:
            w.units[n:n + 1] = [] if then is None else [
                u.model_copy(update=dict(value=then.text, normalized=then.value, correction=True))]
            return


#: At most this many characters between a change's words ("actually") and the slot's new value.
CHANGED_VALUE_GAP = 120


def changed_within(w: FactWriter) -> None:
    """Two values of one slot in a message with a change's words between them (the pack's
    ``corrections`` without an old/new part, "instead of" aside: that names the new value first):
    the later one is the fact.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> _ = t.observe({"role": "user", "content": "call me on 07123 456 789. actually I'm out all day, use my partner's 07987 654 321"})
    >>> [(f.key, f.value) for f in t.state().facts if f.status == "current"]
    [('phone', '07987 654 321'), ('person_partner', 'my partner')]
    """
    ctx = w.ctx
    mentions = [m for m in ctx.mentions if m.kind in ("value", "id") and m.slot]
    for rx in ctx.pack.corrections:
        if rx.groupindex or "instead" in rx.pattern:
            continue
        for cue in rx.finditer(ctx.text):
            old = next((m for m in reversed(mentions) if m.end <= cue.start()), None)
            new = next((m for m in mentions if old and cue.end() <= m.start <= cue.end() + CHANGED_VALUE_GAP
                        and m.slot == old.slot and m.label == old.label and m.text != old.text
                        and not ruled_out(ctx.text, m.start)), None)  # (prec18) "actually no, he has football tuesdays"
            if new is None:
                continue
            for n, u in enumerate(w.units):
                if isinstance(u, FactUnit) and not u.offered and u.value == old.text:
                    w.units[n] = u.model_copy(update=dict(value=new.text, normalized=new.value, correction=True))
                    # (miss22a) the new value read as a party's phone too ("use my partner's 07987 …") is this one
                    w.units = [o for o in w.units if o is w.units[n] or not (
                        isinstance(o, FactUnit) and not o.offered and o.value == new.text and o.key.startswith(u.key + "_"))]
                    return


#: (span7) a clause of a reply: the answer stops before a later clause that says what not to do
#: ("保留原色吧，有纪念意义，别给我刷成白的": the value is "保留原色吧，有纪念意义", not the colour refused)
_CLAUSE_END = re.compile(r"[，；;。！!？?]|,(?!\d)|\s[-–]\s")
_NOT_CLAUSE = re.compile(r"^\W*(?:\w+\s+){0,2}?(?:don'?t|dont|do not|not|never|no)\b|^\W*[\u4e00-\u9fff]{0,2}?(?:别|不要|不用|不想|不能|千万别|甭)", re.I)


def _until_refusal(text: str) -> str:
    """The reply up to the first later clause that refuses something.

    >>> _until_refusal("保留原色吧，有纪念意义，别给我刷成白的"), _until_refusal("the oak one, it matches the floor, just don't varnish it")
    ('保留原色吧，有纪念意义', 'the oak one, it matches the floor')
    """
    for m in _CLAUSE_END.finditer(text):
        if _NOT_CLAUSE.match(text[m.end():]) and text[:m.start()].strip():
            return text[:m.start()].strip()
    return text


#: (user26) labels a bare number never stands for: a person's name, an email address
_NEVER_A_NUMBER = frozenset({"PERSON", "EMAIL"})

#: A reply this short (characters) can be a bare answer to the assistant's question.
BARE_ANSWER_CHARS = 24


def bare_answer(w: FactWriter) -> None:
    """A short reply to the assistant's open question about one slot is that slot's value:
    "What size would you like?" - "10.5 should do it"; "请问要几间？" - "两间就行"."""
    ctx = w.ctx
    if w.units or ctx.asked or len(ctx.text.strip()) > BARE_ANSWER_CHARS:
        return
    asked = list(dict.fromkeys(s.id for s in asked_slots(ctx)))
    free = [m for i, m in enumerate(ctx.mentions) if i not in w.used]
    named = [s for s in asked if "PERSON" in ctx.pack.slots[s].types]
    if len(named) == 1 and not any(m.label == "PERSON" or m.kind in ("value", "id") for m in free) \
            and not first_match(ctx.pack.accepts, ctx.text) and not first_match(ctx.pack.rejects, ctx.text):
        # "What name shall I put on the order?" - "Eilidh Farquharson": a name the NER does not know
        reply = _without_fillers(ctx.text, ctx.pack.answer_fillers)
        name = _NAME_REPLY.fullmatch(reply) or (_one_name_word(reply, ctx.assistant_before) if asked == named else None)
        if name:
            w.make(ctx.pack.slots[named[0]], name.group(0), 0, patterned=True)
            return
    if len(asked) != 1:
        return
    slot = ctx.pack.slots[asked[0]]
    fitting = [m for m in free if not slot.types or m.label in slot.types]
    if slot.types and not fitting:
        if _NEVER_A_NUMBER.issuperset(slot.types):
            return  # (user26) "your son's name and how old is he?" - "Ewan, he's 6": a name is never the age said
        # a slot of typed values takes a value of its type, or a bare number ("10.5" for a size)
        fitting = [m for m in free if m.label == "NUMBER"]
        if len(fitting) != 1:
            return
    if slot.types and len(fitting) > 1 and (_several_answers(ctx, slot, fitting[0])
                                            or sum(m.label == "PERSON" for m in fitting) > 1):
        return  # (lead18) "几位？" - "两个大人一个小孩": counts by kind (the roles step), not one value; (user32zh)
        # "两位的姓名？" - "我爸王建国 62岁 我妈李秀兰 58岁": two people named, each their own fact, not the reply as one name
    if len(fitting) == 1 and _LIMIT_AFTER.match(ctx.text, fitting[0].start):
        return  # (lead18) "预算多少？" - "300以内吧": a ceiling the constraint holds, no value settled on
    value = fitting[0].text if len(fitting) == 1 else _without_fillers(_until_refusal(ctx.text), ctx.pack.answer_fillers)
    if value:
        w.make(slot, value, 0, mention=fitting[0] if len(fitting) == 1 else None, patterned=True)


#: (miss25en) a capitalised word of a name in Latin letters with their accents ("Wójcik", "Siobhán", "Łukasz")
_NAME_WORD = r"[A-ZÀ-ÖØ-ÞĀ-ž][a-zß-öø-ÿĀ-ž'’-]+"
#: a reply shaped like a person's name: two or three capitalised words, a title first or not
_NAME_REPLY = re.compile(r"(?!" + NAME_LEAD_EN + r")(?:(?:Mr|Mrs|Ms|Miss|Dr)\.? )?" + _NAME_WORD + r"(?: " + _NAME_WORD + r"){1,2}")
#: (lead24) one capitalised word, no lead-in: "Olu", "Okafor"
_ONE_NAME_WORD = re.compile(r"(?!" + NAME_LEAD_EN + r")" + _NAME_WORD)


#: (fix28a) one-word replies to a question for a name that give none: asking again, declining, thanking, agreeing
_NO_NAME_REPLY = frozenset({"pardon", "sorry", "what", "huh", "eh", "nope", "nah", "no", "dunno", "idk", "skip", "pass", "later",
                            "none", "anonymous", "unknown", "cheers", "thanks", "ta", "correct", "right", "exactly", "yup", "yeah",
                            "yes", "ok", "okay", "cool", "great", "perfect", "fine", "sure", "whatever", "anything", "anyone"})


def _one_name_word(reply: str, asked: str = "") -> re.Match | None:
    """(lead24) The reply as one name, where the question asked for a name alone ("What name should I put?" - "Olu"):
    a capitalised word that is no common English word (spaCy's stop words: "Same", "Whatever"); (fix28a) nor a reply
    that gives no name ("Pardon", "Nope", "Cheers"), nor a word of the question said back ("What name is the booking
    under?" - "Booking").

    >>> _one_name_word("Olu").group(0), _one_name_word("Whatever"), _one_name_word("olu")
    ('Olu', None, None)
    >>> _one_name_word("Pardon"), _one_name_word("Booking", "What name is the booking under?")
    (None, None)
    """
    from spacy.lang.en.stop_words import STOP_WORDS

    m = _ONE_NAME_WORD.fullmatch(reply)
    word = reply.casefold()
    if not m or word in STOP_WORDS or word in _NO_NAME_REPLY or re.search(rf"\b{re.escape(word)}\b", asked.casefold()):
        return None
    return m


#: (missen21) a reply that opens with a name, a comma, a dot, a phone number or nothing after it
_NAME_OPENS = re.compile(r"\W*" + NAME_LEAD_EN + "?(" + _NAME_REPLY.pattern + r")(?=\s*(?:[,.;]|\+?\d|$))")


#: (miss22a) a Chinese reply that opens with a name (a common surname and one or two characters, 叫 before it or not)
#: and then a comma, a space, a phone number or its word, or nothing ("王铁柱，电话159…", "叫贺一鸣 我是他妈妈")
_ZH_NAME_OPENS = re.compile(r"\W*(?:叫)?([" + ZH_SURNAMES + r"][\u4e00-\u9fff]{1,2})(?=\s*(?:[，,。；;、\s]|\+?\d|$|电话|手机))")


#: (lead25) words that say which number follows ("Mobile 07700 900123"), no name
_NUMBER_WORDS = frozenset({"mobile", "mob", "phone", "cell", "tel", "telephone", "number", "landline", "home", "work", "office",
                           "whatsapp", "text", "call", "ring", "contact", "ph", "no", "num"})
#: (lead25) a reply that opens with one capitalised word, then a phone number (a comma between or not): "Priya, 07700 900123"
_ONE_NAME_THEN_NUMBER = re.compile(r"\W*(" + _ONE_NAME_WORD.pattern + r")(?=\s*[,.;:-]?\s*\+?\d[\d ()-]{6,})")


def opening_name(w: FactWriter) -> None:
    """(missen21) A name the NER does not know that opens the reply to the assistant's question for a name and more
    ("Could I have your name and mobile?" - "Ffion Tudball 07700 900123. do you take cards?"), a comma, a dot or a
    number after it; capitalised common words ("Yes Please, 07700 900789") are none.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "assistant", "content": "Could I have your name and mobile?"},
    ...                 {"role": "user", "content": "Cerys Ollerenshaw, 07700 900456, ring before you come"}])
    >>> [f.value for f in t.state().facts if f.key == "name"]
    ['Cerys Ollerenshaw']
    >>> t = Tracker("en")  # (lead25) one name word, then the number asked with it
    >>> t.observe_many([{"role": "assistant", "content": "Name and number?"}, {"role": "user", "content": "Priya, 07700 900123"}])
    >>> sorted((f.key, f.value) for f in t.state().facts)
    [('name', 'Priya'), ('phone', '07700 900123')]
    """
    from spacy.lang.en.stop_words import STOP_WORDS  # spaCy's own list: "Same As Before" is no name

    ctx = w.ctx
    if ctx.lang not in ("en", "zh") \
            or any(u.slot and "PERSON" in ctx.pack.slots[u.slot].types for u in w.units if u.slot in ctx.pack.slots):
        return
    m = (_NAME_OPENS if ctx.lang == "en" else _ZH_NAME_OPENS).match(ctx.text)
    if m is None and ctx.lang == "en" and (one := _ONE_NAME_THEN_NUMBER.match(ctx.text)) \
            and _names_nobody_else(ctx, one) and _one_name_word(one.group(1), ctx.assistant_before):
        m = one  # (lead25) "Name and number?" - "Priya, 07700 900123": one name word, then the number asked with it
    # (miss22a) in Chinese a PERSON the NER found elsewhere in the reply ("杨梓涵 木子杨 我是她爸爸 杨波 185…": the
    # father's name) leaves the opening name the one asked for; one found over it is read by the asked step.
    # (miss25en) In English a PERSON that is only the surname of the opening name ("Mehmet Yilmaz 07700 …" read as
    # "Yilmaz") leaves the whole name to this reader
    if m is None or any(x.label == "PERSON" and (x.start < m.end(1) and m.start(1) < x.end if ctx.lang != "en"
                                                 else not (_surname_only(x, m) or _first_name_only(x, m) or _kin_named(ctx, x)))
                        for x in ctx.mentions):
        return
    named = [s for s in dict.fromkeys(s.id for s in asked_slots(ctx)) if "PERSON" in ctx.pack.slots[s].types]
    if len(named) != 1 or first_match(ctx.pack.accepts, m.group(1)) \
            or any(word.casefold() in STOP_WORDS for word in m.group(1).split()):
        return
    w.make(ctx.pack.slots[named[0]], m.group(1), m.start(1), patterned=True)


#: (fix29a) one word before a number that greets or names whose number it is, no name ("Hi, 07700 …", "Mum, 07700 …")
_NOT_ONE_NAME = re.compile(r"(?:hi|hiya|hello|hey|morning|evening|afternoon|reception|switchboard|daytime|direct|emergency|"
                           + _EN_KIN + r")", re.I)


def _names_nobody_else(ctx: MessageContext, one: re.Match) -> bool:
    """(lead25, fix29a) Whether the one word opening a reply before a phone number (``one``, group 1) may be the user's
    name: not a word naming the number ("Mobile 07700 …"), a greeting or a relation ("Hello, 07700 …", "Mum, 07700
    …"), nor a value the NER reads as something else, a place or a day ("London 020 7946 0000", "Tuesday, 07700 …").
    """
    word = one.group(1)
    return word.casefold() not in _NUMBER_WORDS and not _NOT_ONE_NAME.fullmatch(word) \
        and not any(x.label != "PERSON" and x.start < one.end(1) and one.start(1) < x.end for x in ctx.mentions)


def _surname_only(x, m: re.Match) -> bool:
    """(miss25en) Whether the NER's PERSON ``x`` is only the last word of the opening name ``m`` (group 1): "Yilmaz" of
    "Mehmet Yilmaz" (the NER ran it into the phone number after it). Not when the words before it are no name ("I'm
    Graham Ollerenshaw": the NER's person is the whole name).

    >>> import re
    >>> from types import SimpleNamespace as N
    >>> m = re.match("(Mehmet Yilmaz)", "Mehmet Yilmaz 07700")
    >>> _surname_only(N(start=7), m), _surname_only(N(start=7), re.match("(I'm Graham Ollerenshaw)", "I'm Graham Ollerenshaw, 46"))
    (True, False)
    """
    words = m.group(1).split()
    return len(words) > 1 and x.start == m.end(1) - len(words[-1]) and not any(c in m.group(1) for c in "'’")


def _first_name_only(x, m: re.Match) -> bool:
    """(lead25) Whether the NER's PERSON ``x`` is only the first word of the opening name ``m`` (group 1): "Dani" of
    "Dani Costa 07700 918 442" (the NER stopped before the surname); the whole name is the opening name reader's.

    >>> import re
    >>> from types import SimpleNamespace as N
    >>> m = re.match("(Dani Costa)", "Dani Costa 07700 918 442")
    >>> _first_name_only(N(start=0, end=4), m), _first_name_only(N(start=0, end=10), m)
    (True, False)
    """
    words = m.group(1).split()
    return len(words) > 1 and x.start == m.start(1) and x.end == m.start(1) + len(words[0])


def _kin_named(ctx: MessageContext, x) -> bool:
    """(miss25en) Whether the PERSON ``x`` is named right after a relation of the user's ("my brother Emre"): the
    relation's name (the kin step's), not the one the question asked of the user."""
    from .roles import _RELATION_BEFORE

    return bool(_RELATION_BEFORE.search(ctx.text, 0, x.start))


def _without_fillers(text: str, fillers) -> str:
    """ "L码就行吧。" -> "L码"; "The blue one, please." -> "The blue one"."""
    for rx in fillers:
        text = rx.sub(" ", text)
    return text.strip(" \t,.!?;:，。！？；：、") if len(text.strip()) > 0 else ""


#: a complement that tells an event, not a value: "is coming too", "are going", "is been"
_EVENT_COMPLEMENT = re.compile(r"^(?:[a-z]{2,}ing|gone|been)\b", re.I)


#: (prec25, zh) an interjection or "对了" that opens a clause is no part of the key after it ("哦走廊筒灯是14个")
_KEY_LEAD = re.compile(r"^(?:[哦噢喔啊哎诶欸呃嗯唉]+|对了|哦对了)+")


#: (user32) "<a noun> <a Name>" as the key of "my X is Y" ("daughter Emma", "dog Max"), and an age as its value
_NAMED_KEY = re.compile(r"[a-z]+ (?P<name>[A-Z][a-z]+)")
_AGE_VALUE = re.compile(r"\d{1,2}(?:\s*(?:years?|yrs?|months?|weeks?)(?: old)?)?(?![\w.,:/%-])(?! (?:people|kids|children|adults|guests|of us)\b)")


def _named_age(key: str, value: str) -> tuple[str, str] | None:
    """(user32) The key and the value of an age said as "my <relation> <Name> is <number>": "my daughter Emma is 9 and
    wants piano lessons" is Emma's age 9 (``age_emma``), not a fact keyed "daughter emma" holding the rest of the
    sentence; None for any other "my X is Y".

    >>> _named_age("daughter Emma", "9 and wants piano lessons"), _named_age("dog Max", "4 years old")
    (('age_emma', '9'), ('age_max', '4 years old'))
    >>> _named_age("daughter", "9"), _named_age("son Jack", "7 people"), _named_age("flat Number", "12")
    (None, None, ('age_number', '12'))
    """
    named = _NAMED_KEY.fullmatch(key)
    age = _AGE_VALUE.match(value) if named else None
    if not age:
        return None
    return f"age_{named.group('name').casefold()}", age.group(0)


def _typed_key_untyped_value(ctx: MessageContext, key: str, start: int, end: int) -> bool:
    """(user32) Whether the key of "my X is Y" is the word of a slot of typed values (a phone number, an email, an order
    number) and Y is a word or two with no value of those types and no digit: "my phone is broken", "my email is down"
    tell a fault of the thing (the problems step's), not its number.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> _ = t.observe({"role": "user", "content": "my phone is broken, the screen cracked"})
    >>> [f.key for f in t.state().facts]
    ['problem']
    """
    slot_id = ctx.pack.synonym_slot.get(key.casefold())
    slot = ctx.pack.slots.get(slot_id) if slot_id else None
    if slot is None or not slot.types or not {ctx.pack.label_kind(t) for t in slot.types} <= {"value", "id"}:
        return False
    said = ctx.text[start:end]
    if re.search(r"\d", said) or len(said.split()) > 2:
        return False  # a number, or words spelling one out ("jo at gmail dot com")
    return not any(m.label in slot.types and start <= m.start < end for m in ctx.mentions)


def phrase_facts(ctx: MessageContext) -> list[_Unit]:
    """Generic "X是Y" / "my X is Y" when no slot matched (the user's own words only); (prec25) a Chinese key less the
    interjection that opens its clause, so "哦走廊筒灯是14个" follows "走廊筒灯 12个".

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "user", "content": "阳台 插座 3个"}, {"role": "user", "content": "楼高两层 哦书房插座是5个"}])
    >>> [(f.key, f.value) for f in t.state().facts if f.status == "current" and "插座" in f.key]
    [('书房插座', '5个')]
    """
    from .attributes import judges

    profile = ctx.profile
    text = mask(ctx.text, list(ctx.asked))
    units: list[_Unit] = []
    for m in re.finditer(profile.phrase_fact, text, profile.regex_flags):
        key, value = m.group("key").strip(), m.group("value").strip()
        if ctx.lang == "zh" and len(lead := _KEY_LEAD.sub("", key)) >= 2:
            key = lead
        if not value or key[0] in profile.bad_key_starts or len(key.split()) > 4 or not profile.key_ok(key):
            continue
        if first_match(ctx.pack.rejects, m.group(0)):
            continue  # "my saturdays are taken now": declines the thing named, states no value of it
        if judges(ctx.lang, value) or _JUDGED.fullmatch(value):
            continue  # "my son is so excited": a feeling or a judgement, no value of the thing (attrs6); (fix14) "颜色是错的"
            # judges the value said before true or false, as in FactWriter.make
        if _EVENT_COMPLEMENT.match(value) or reason_or_condition(ctx, m.start("key")):
            continue  # "my cousin is coming too": an event; "nothing scented, my wife is pregnant": a rule's reason
        if _typed_key_untyped_value(ctx, key, m.start("value"), m.end("value")):
            continue  # (user32) "my phone is broken": the thing's state, no phone number
        if ctx.lang == "en" and (aged := _named_age(ctx.text[m.start("key"):m.end("key")], value)):
            key, value = aged  # (user32) "my daughter Emma is 9 and wants lessons": Emma's age, 9
        units.append(FactUnit(key=key.casefold(), name=key, value=value, correction=ctx.correcting,
                              stressed=ctx.stressed))
    return units


#: (lead21f) a question that proposes a value for a yes or a no ("Would Tuesday at 3pm work?", "How about Friday?",
#: "周六上午可以吗？"), not one that asks which or when
_PROPOSES_EN = re.compile(r"^\W*(?:(?:so|ok|okay|great|sure|right|then)\W+)*(?:would|could|shall|should|can|does|do|is|are|will|how about|"
                          r"what about)\b", re.I)
_PROPOSES_ZH = re.compile(r"(?:可以|行|好|方便|合适|没问题|OK|ok)(?:吗|么|不)[？?]?$|怎么样[？?]?$")
_ASKS_WHICH = re.compile(r"\b(?:which|what time|what day|when)\b|哪|几点|什么时候|还是", re.I)


#: (lead21f) the kinds of values a yes/no question of the assistant's proposes: a day, a date, a clock; (user36) and the
#: card or number it checks on the account ("Is it the one ending 4417?", "Is 07700 900123 still your number?"): the
#: user's "no, that's my old sim" leaves it out
_PROPOSED_LABELS = ("DATE", "DAY", "TIME", "CARD_TAIL", "PHONE")


def _proposed(ctx: MessageContext, mention: Mention | None, at: int) -> bool:
    """(lead21f) A day, a date or a clock the assistant proposes in a yes/no question ("Would Tuesday at 3pm work?"), or
    (user36) the card or phone number it checks ("Is it the one ending 4417?"): offered until the user takes it (a yes
    accepts it, the offers step), not the user's already."""
    if ctx.role != "assistant" or mention is None or mention.label not in _PROPOSED_LABELS:
        return False
    start = max((m.end() for m in re.finditer(r"[.!?。！？]\s*", ctx.text[:at])), default=0)
    end = next((m.end() for m in re.finditer(r"[.!?。！？]", ctx.text[at:])), None)
    if end is None:
        return False
    sentence = ctx.text[start:at + end].strip()
    if not sentence.endswith(("?", "？")) or _ASKS_WHICH.search(sentence):
        return False
    return bool(_PROPOSES_ZH.search(sentence) if ctx.profile.segmented else _PROPOSES_EN.match(sentence))


def retractions(ctx: MessageContext) -> list[_Unit]:
    """"不要那个发票了", "forget the gift wrap": the fact the key names is retracted; (lead22) a day the user gave
    and now rules out ("Tuesday doesn't work anymore", "周二不行了") too (:func:`days_ruled_out`)."""
    units: list[_Unit] = []
    for rx in ctx.pack.retractions:
        for m in rx.finditer(ctx.text):
            key = (m.groupdict().get("key") or "").strip()
            for fid, d in g.recent_current_facts(ctx.graph, 50):
                if key and (key in d["name"] or d["name"] in key or key.casefold() == d["key"].casefold()):
                    units.append(RetractUnit(fact=fid))
    return units + (days_ruled_out(ctx) if ctx.role == "user" else [])


def days_ruled_out(ctx: MessageContext) -> list[_Unit]:
    """(lead22) A day or date the user settled on and now rules out ("actually Tuesday doesn't work anymore, do you
    have thursday morning?"): the current fact holding that day is retracted (the constraints step keeps the rule).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "user", "content": "can I book a check-up on Tuesday"},
    ...                 {"role": "user", "content": "actually Tuesday doesn't work anymore, sorry"}])
    >>> [(f.key, f.status) for f in t.state().facts if f.key == "day"]
    [('day', 'retracted')]
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "user", "content": "deliver it on the 14th please"},
    ...                 {"role": "user", "content": "the 4th is no good now, but the 14th is fine"}])
    >>> [(f.key, f.status) for f in t.state().facts if f.key == "date"]
    [('date', 'current')]
    """
    units: list[_Unit] = []
    for m in ctx.mentions:
        if not day_unfit(ctx, m) or ctx.asking(m.start) or _said_fit_later(ctx, m):
            continue
        now = day_unfit(ctx, m, now=True)
        said = m.text.casefold().removeprefix("the ")
        # (fix26) the day whole in the value: "the 4th is no good now" retracts no "the 14th"
        whole = re.compile(rf"(?<![A-Za-z0-9]){re.escape(said)}(?![A-Za-z0-9])") if said else None
        for fid, d in g.recent_current_facts(ctx.graph, 50):
            if d.get("key") in ("day", "date") and whole and whole.search(str(d.get("value", "")).casefold()) \
                    and (now or _assistant_said(ctx, d)):
                units.append(RetractUnit(fact=fid))
    return units


def _assistant_said(ctx: MessageContext, d: dict) -> bool:
    """(user31) Whether the fact ``d`` was set by the assistant's message: the day it proposed ("our plumber can come
    Wednesday") is taken back by the user's plain "Wednesday is bad", no "anymore" needed.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "user", "content": "When can someone come to fix the sink?"},
    ...                 {"role": "assistant", "content": "Our plumber can come Wednesday between 1 and 3 pm."},
    ...                 {"role": "user", "content": "Wednesday is bad, is Thursday morning possible?"}])
    >>> [(f.key, f.value, f.status) for f in t.state().facts if f.key == "day"]
    [('day', 'Wednesday', 'retracted')]
    """
    turn = ctx.graph.nodes.get(f"t{d.get('turn')}")
    return turn is not None and turn.get("role") == "assistant"


def _said_fit_later(ctx: MessageContext, m: Mention) -> bool:
    """(fix26) Whether the message names the day ``m`` again after it, not ruled out there ("我老婆说周二不行了，我觉得可以，
    就周二吧"; "my wife says Tuesday doesn't work anymore, but Tuesday is fine for me"): the day stands."""
    return any(o.start > m.end and o.text.casefold() == m.text.casefold() and not day_unfit(ctx, o) for o in ctx.mentions)


@step("facts", roles=("user", "assistant"))  # the operator's system prompt states no facts of the conversation
def facts(ctx: MessageContext) -> list[_Unit]:
    w = FactWriter(ctx)
    pattern_facts(w)
    slot_word_facts(w)
    bare_value_facts(w)
    w.settle_options()
    corrected = ctx.correcting and ctx.role == "user" and corrected_parts(w)
    if (ctx.correcting or ctx.role == "user") and not corrected:
        unslotted_values(w)
    if ctx.role == "user":
        bare_answer(w)
        opening_name(w)
        corrected_within(w)
        changed_within(w)
    # the user's want and problem are said in their own words (the wants and problems steps): no answer,
    # pick or correction of a value names them as the fact it changes ("Is the PAX 150 or 200?" - "200")
    units = [u for u in w.units if not (isinstance(u, FactUnit) and u.supersedes and _said_in_words(ctx, u.supersedes))]
    if not units and ctx.role == "user":
        units += phrase_facts(ctx)
    return units + retractions(ctx) + (names_left(ctx) if ctx.role == "user" and ctx.lang == "zh" else [])


#: (miss15) a person of a list who no longer comes: "何军不去了", "小李来不了", "去掉何军"
_LEAVES_AFTER = re.compile(r"\s*(?:也|就|又|那天|临时)?(?:不去了|不来了|去不了|来不了|不参加了|参加不了)")
#: (fix17) 去了 only where a piece begins ("去了何军"), not a visit ("上周去了何军家")
_LEAVES_BEFORE = re.compile(r"(?:去掉|删掉|删了|(?:^|(?<=[\s，,。；;：:]))去了|不要)\s*$")


def names_left(ctx: MessageContext) -> list[_Unit]:
    """(miss15) A person the user takes off a list of names the user gave ("名字 黄磊 孙丽 何军" ... "何军不去了"): the
    list without that name supersedes it.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "user", "content": "名字 黄磊 孙丽 何军"}, {"role": "user", "content": "何军不去了"}])
    >>> [(f.value, f.status) for f in t.state().facts if f.key == "name"]
    [('黄磊 孙丽 何军', 'superseded'), ('黄磊 孙丽', 'current')]
    """
    units: list[_Unit] = []
    for m in ctx.mentions:
        if m.label != "PERSON" or not (_LEAVES_AFTER.match(ctx.text, m.end) or _LEAVES_BEFORE.search(ctx.text, 0, m.start)):
            continue
        if ctx.asking(m.start) or unmarked_question(ctx.text, m.start):
            continue  # (fix17) "何军不去了吗？": asked, not said
        for fid, d in g.recent_current_facts(ctx.graph, 50):
            names = str(d["value"]).split(" ")
            slot = ctx.pack.slots.get(d.get("slot") or "")
            if len(names) > 1 and m.text in names and slot is not None and "PERSON" in slot.types:
                units.append(FactUnit(key=d["key"], name=d["name"], value=" ".join(n for n in names if n != m.text),
                                      correction=True, supersedes=fid, slot=d.get("slot"), group=d.get("group")))
    return units


def _said_in_words(ctx: MessageContext, fid: str) -> bool:
    key = str(ctx.graph.nodes[fid].get("key", "")) if fid in ctx.graph else ""
    return key == "want" or key.startswith("problem")
