"""The assistant's promises (the ``commitments`` step): made, due, kept, dropped, replaced.

A promise is a clause with a promise cue ("I'll email you", "稍后短信发您"), with the clauses of
its sentence that belong to it; it is due when its words name a date; the chat shows it kept
(the assistant reports it, the user says it came) or dropped, and a newer promise about the same
thing replaces it. A tool call that does the deed keeps it too (``follow.promises_kept``).

>>> from ctxgraph import Tracker
>>> t = Tracker("zh")
>>> t.observe_many([{"role": "assistant", "content": "我把报价单发您邮箱，您邮箱是多少？"}])
>>> [(c.text, c.status) for c in t.state().commitments]
[('我把报价单发您邮箱', 'open')]
"""

from __future__ import annotations

import re
from functools import lru_cache

from .. import _graph as g
from .._units import CommitmentUnit, FulfilUnit, _Unit
from .context import MessageContext
from . import cues as _cues
from .cues import _ENDS_ASKING, _NAMELESS as _NAMELESS_WORDS, _named_overlap, _outside, _overlap, _stems
from .registry import step
from .surface import _user_texts as user_texts
from .text import STATEMENT_END as _SENTENCE_END, clauses, first_match, in_spans, question_sentences


_TRIM = " \t,，、:：;；"


def _sentence_from(text: str, start: int) -> str:
    """``text`` from ``start`` to the end of its sentence, the closing mark included."""
    m = _SENTENCE_END.search(text, start)
    return text[start:m.end()].strip() if m else text[start:].strip()


#: a casual zh assistant's "you": 你 (not 你们, the service's "you" in the user's mouth); one letter as 您 is
_NI = re.compile(r"你(?!们)")


def _addressed(ctx: MessageContext, text: str) -> str:
    """``text`` to match the pack's promise cues against: in Chinese the user addressed as 你 reads as 您, the
    same deeds in another form of address ("视频跳完当天发你微信", "我等下微信发你付款码哈"; prom12: blind11's casual
    chats, the first of any set to say 你). Same length, so offsets into it are offsets into ``text``.

    >>> from types import SimpleNamespace
    >>> _addressed(SimpleNamespace(lang="zh"), "草图我明天发你看看，你们那边定")
    '草图我明天发您看看，你们那边定'
    """
    return _NI.sub("您", text) if ctx.lang == "zh" else text


def _bare(ctx: MessageContext, clause: str) -> bool:
    """A clause that names at most one thing besides its numbers ("10分钟内到账", "3个工作日内寄出")."""
    return len([w for w in _stems(clause.strip(), ctx.lang) if not w.isdigit()]) <= 1


#: a clause that goes on with the deed before it, the same doer's next step ("我先帮您锁定，再把详情发您", "我去问一下，
#: 明天上午回复您", "I'll check the stock, then ring you back"): one promise; so is the word to the user once it is done
#: ("我去问一下清洗部，问好了回复您": prom16)
_CONTINUES = re.compile(r"\s*(?:再|然后|并且?|接着|随后|(?:今天|明天|今晚|明早|稍后|晚点|回头)(?![^，,。！？]*我)|and then\b|then\b"
                        r"|[\u4e00-\u9fff]{1,2}(?:好|完)了(?=[^，,。！？]{0,6}?您)"
                        # (user33) "我帮您查一下周末的工位，确定后给您回电话": the word back once the look-up is settled
                        r"|(?:确定|定下来|查到|查清楚|问清楚|核实|落实|有结果|有消息)(?:了)?(?:之后|以后|后)(?=[^，,。！？]{0,6}?您))", re.I)


#: a promise that names its thing by a pronoun: the thing is in the clause before a semicolon
_POINTS_BACK = re.compile(r"\b(?:it|them|those)\b|它|这个|这些", re.I)

#: after a semicolon, a deed that only sets up the promise before it: a call to fix its time, a word to confirm it
#: ("I'll get our site surveyor to walk the field; they'll call you next week to arrange a time", "…I'll hold your first
#: session for the following Saturday; the nurse will confirm it on the day", "…；他会提前一天打电话跟您约具体时间"): one
#: promise with it, not a second one (prom12: blind11's halves, beside prom11's halves joined by "and")
_SETS_UP = re.compile(r"\b(?:arrange|fix|agree|book|sort out|set up|find)\s+(?:a|the|your|a convenient|a suitable)\s+(?:time|date|day|slot)s?\b"
                      r"|\bconfirm (?:it|that|them|the (?:time|date|day|slot))\b|约(?:个|一下|好)?(?:具体|上门|见面)?(?:的)?(?:时间|日子)"
                      r"|确认(?:具体|上门)?(?:的)?时间", re.I)
#: …when the clauses before the semicolon name a deed of the service that nothing read as a promise ("Our driver can
#: collect the frame from you; they'll call you …"), not a price or a booking's report ("The deposit is £600; …")
_DEED_BEFORE = re.compile(r"\b(?:can|could|will|'ll|going to)\b|可以|让|会|去", re.I)


def _promises(ctx: MessageContext, pieces: list[tuple[int, str]], kinds: list[str]) -> list[tuple[int, int]]:
    """(start, end) of each promise in the message: a clause with a promise cue, with the
    clauses of its sentence before it that neither promise nor report ("补送1盒牛奶，今天中午
    12点前送到" is one promise), and those after the sentence's last promise; two promises
    in one sentence stay two ("…45天内通知您" beside "…会先临时退回您的额度"), but a bare
    deadline after a promise is that promise's ("这一份我马上给您退，10分钟内到账"); a promise that names
    its thing by a pronoun takes the clauses before a semicolon too ("wetsuit hire is £8 a day each;
    I'll add it to your booking")."""
    ends = [m.end() for m in _SENTENCE_END.finditer(ctx.text)]
    spans: list[tuple[int, int]] = []
    sentence, waiting, last, carried = -1, [], None, []
    for (offset, clause), kind in zip(pieces, kinds):
        here = sum(1 for e in ends if e <= offset)
        if here != sentence:
            after_semicolon = ctx.text[:offset].rstrip().endswith((";", "；"))
            if kind == "make" and after_semicolon and last is not None and _SETS_UP.search(clause):
                spans[last] = (spans[last][0], offset + len(clause))  # "…walk the field; they'll call you … to arrange a time"
                sentence, waiting = here, []
                continue
            carried = waiting if after_semicolon else []
            sentence, waiting, last = here, [], None
        if kind == "make" and not waiting and carried and (_POINTS_BACK.search(clause) or _SETS_UP.search(clause)
                                                           and _DEED_BEFORE.search(ctx.text[carried[0][0]:carried[-1][1]])):
            waiting = carried  # "wetsuit hire is £8 a day each; I'll add it to your booking": "it" is the wetsuit
        if kind == "plain":
            waiting.append((offset, offset + len(clause)))
            if last is not None:  # after the sentence's last promise so far: it belongs to it
                spans[last] = (spans[last][0], offset + len(clause))
                waiting = []
        elif kind == "make" and last is not None and (_bare(ctx, clause) or _CONTINUES.match(clause)):
            spans[last] = (spans[last][0], offset + len(clause))  # "…我马上给您退，10分钟内到账"; "我先…锁定，再把…发您"
        elif kind == "make":
            start = waiting[0][0] if waiting else offset
            spans.append((start, offset + len(clause)))
            last, waiting = len(spans) - 1, []
        else:
            waiting = []
    return spans


def _due(ctx: MessageContext, start: int, end: int) -> str | None:
    """When a promise is due: the words of its dates, days and times, with the ISO date after
    them when a date resolves (a date without a year takes the next such day from ``today``):
    "5 pm today (2026-11-30)", "Friday" ("Friday (2026-12-04)" with ``today``); else a span
    of time as said ("within 24 hours", "24小时内": from when, the message does not say)."""
    mentions = [m for m in ctx.mentions if start <= m.start < end and m.label in ("DATE", "TIME", "DAY")]
    words = " ".join(m.text for m in mentions)
    for m in mentions:
        value = m.value if isinstance(m.value, str) else None
        if value and value.startswith("--") and ctx.today is not None:
            value = _next_date(ctx.today, value)
        if value and re.fullmatch(r"\d{4}-\d\d-\d\d", value):
            value = _weekday_ahead(ctx.today, value, ctx.text[start:end])
            return value if words == value else f"{words} ({value})"
    if ctx.today is not None:  # a day the entity rules do not mark ("by Friday")
        from .._normalize import parse_date

        value = parse_date(ctx.text[start:end], ctx.today)
        if value and re.fullmatch(r"\d{4}-\d\d-\d\d", value):
            value = _weekday_ahead(ctx.today, value, ctx.text[start:end])
            return f"{words} ({value})" if words else value
    if not words and ctx.profile.within:
        span = re.search(ctx.profile.within, ctx.text[start:end], ctx.profile.regex_flags)
        return span.group(0) if span else None
    return words or None


#: (user37) a day of the week named in a promise: "by Wednesday", "周三前", "礼拜三"
_WEEKDAY_NAMED = re.compile(r"\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*day\b|(?:周|星期|礼拜)[一二三四五六日天]", re.I)


def _weekday_ahead(today, iso: str, said: str) -> str:
    """(user37) A promise's weekday resolved to a day before ``today`` is the next one: "I'll call you by Wednesday"
    said on a Saturday is due the coming Wednesday (it was due three days ago). Other days stay as they are.

    >>> import datetime
    >>> _weekday_ahead(datetime.date(2026, 12, 5), "2026-12-02", "call you by Wednesday")
    '2026-12-09'
    >>> _weekday_ahead(datetime.date(2026, 12, 5), "2026-12-02", "周三前给您回电"), _weekday_ahead(datetime.date(2026, 12, 5), "2026-12-09", "by Wednesday")
    ('2026-12-09', '2026-12-09')
    >>> _weekday_ahead(datetime.date(2026, 12, 5), "2026-12-02", "by 2 December")
    '2026-12-02'
    """
    import datetime

    if today is None or not _WEEKDAY_NAMED.search(said):
        return iso
    day = datetime.date.fromisoformat(iso)
    return (day + datetime.timedelta(days=7)).isoformat() if today - datetime.timedelta(days=7) < day < today else iso


def _next_date(today, month_day: str) -> str | None:
    """The first ``--MM-DD`` day on or after ``today`` (a promise is due ahead, not behind).

    >>> import datetime
    >>> _next_date(datetime.date(2026, 12, 30), "--01-05"), _next_date(datetime.date(2026, 3, 1), "--05-16")
    ('2027-01-05', '2026-05-16')
    """
    import datetime

    month, day = int(month_day[2:4]), int(month_day[5:7])
    for year in (today.year, today.year + 1):
        try:
            d = datetime.date(year, month, day)
        except ValueError:
            continue
        if d >= today - datetime.timedelta(days=1):
            return d.isoformat()
    return None


#: a span of time names no deed: "… the join code 10 minutes before" and "… valid for 30 minutes" are two deeds
_DURATION = re.compile(r"(?:\d+|an?|a few|few|several|一|两|几)\s*(?:minutes?|mins?|hours?|hrs?|days?|weeks?|months?"
                       r"|个?(?:分钟|小时|工作日|星期|礼拜|月)|天|周)", re.I)


def _kept(ctx: MessageContext, clause: str, open_, status: str, *, rest: str = "", fallback: bool = True,
          notes: bool = True) -> list[_Unit]:
    """The open promise a report ("I've texted you the link", "取件码已经发到您手机了",
    "got the label") is about: the one sharing most words with it, the latest on a tie. A report
    that names no deed ("Done", "好了") keeps the one promise open, unless the ``rest`` of its
    sentence says the deed is still ahead ("Done, the reminder will go out on Wednesday": the
    go-ahead is taken, the reminder is not sent yet); with ``fallback`` off it must name the promise. A note put on the
    record keeps none (:func:`_noted_only`) unless ``notes`` is off."""
    if notes and _noted_only(clause, open_):
        return []  # (cons23) "已经备注了，师傅带鞋套" records what the user just said; it keeps no "到之前半小时给您打电话"
    said = _DURATION.sub(" ", _without_people(ctx, clause))
    after_tool = _after_tool(ctx)
    best, best_score = None, _just_kept(ctx, said) if after_tool else 0
    told = _recipients(clause)
    for pid, d in open_:
        if after_tool and not ctx.profile.segmented and not _stems(said, ctx.lang) & _stems(d["text"], ctx.lang):
            continue  # "Sent to 07562 118 904." after a tool result reports the tool's deed, not this promise
        if any(_done_by(d["text"], name) for name in told):
            continue  # "Message sent to Tomasz" keeps no "Tomasz will send you a checklist": he does that one
        if ctx.role == "user" and _sent_elsewhere(clause, d["text"], told):
            continue  # (fix16) the user's "发票已经发给她本人的邮箱了": their own sending, not the promise to them
        if _another_thing(ctx, said, d["text"]):
            continue  # (cons33) "I've just sent the payment link" keeps no "I'll email you photos of him": the deed alone is shared
        score = _overlap(ctx, said, _DURATION.sub(" ", _with_its_thing(ctx, d))) + sum(name in d["text"] for name in told)
        if score and score >= best_score:
            best, best_score = pid, score
    if best is None and fallback and len(open_) == 1 and ctx.role == "assistant" and not after_tool and not _names_a_deed(ctx, clause) \
            and not _AHEAD.search(rest) and not _for_another(ctx, clause, open_[0][1]["text"]) \
            and not _books_instead(ctx, clause, open_[0][1]["text"]) and not _checked_other(ctx, clause, open_[0][1]["text"]) \
            and not _changes_instead(ctx, clause, open_[0][1]["text"]) \
            and not any(_done_by(open_[0][1]["text"], name) for name in told) and not _someone_elses(ctx, open_[0][1]["text"]):
        best = open_[0][0]  # "发好了，请查收" / "Done!" names no deed: the one promise open is the one
    return [FulfilUnit(commitment=best, status=status)] if best else []


#: (cons33) words of a report or a promise that name how a thing goes, not the thing: where it goes ("your inbox", 微信,
#: 邮箱), to whom, when, a word passed on ("let Tomasz know", "message sent"); a deed of sending itself is the pack's
#: ``same_deed``
_WAY_WORDS = frozenset("inbox email e-mail mail phone mobile number text sms post way address account today tonight now "
                       "just already tomorrow morning afternoon evening you your yours me my us our message note word "
                       "let know tell told over across through back off out up along on ahead".split())
_ZH_WAY = re.compile(r"微信|短信|邮箱|邮件|手机号?|电话|号码|地址|已经|今天|明天|马上|现在|稍后|一下|过去|过来|[^\u4e00-\u9fff]")
#: (cons33, zh) letters of grammar and of the deed of sending, which two texts share whatever their things
_ZH_GRAMMAR = frozenset("您你我们他她它的了是在和与及就都也还这那个些已给到发寄送把被让请会将要可以能于至里上下中")
#: (cons33, en) where the thing of a deed ends: "photos | of him before and after", "the payment link | to you", "text you |
#: when the driver leaves" (the event told of is no thing sent)
_THING_ENDS = re.compile(r"\b(?:to|for|of|with|by|before|after|while|once|when|until|till|so|on|in|at|from|as|if|via)\b", re.I)
_EVENT = re.compile(r"before|after|while|once|when|until|till|as|if", re.I)
#: (cons33) how much of a report or a promise is read for its thing
_THING_CHARS = 200
#: (cons33) a deed of sending the user a thing, promised or reported: send, email, text, post (发, 寄, 传)
_SENDING = re.compile(r"\b(?:send|sent|sending|e-?mail(?:ed|ing)?|text(?:ed|ing)?|post(?:ed|ing)?|mail(?:ed|ing)?)\b|[发寄传](?!票|现|生|烧|货)", re.I)


def _things(ctx: MessageContext, text: str) -> frozenset[str]:
    """(cons33) What names the thing of ``text``: in spaced writing its content words up to where the thing ends, but the
    deed of sending, where it goes, to whom, when, numbers and addresses ("I've just sent the payment link to you" ->
    payment, link); in Chinese its letters but those of such words and of grammar ("样例已发您微信" -> 样, 例), since a
    word the segmenter cuts otherwise (提醒短信) must still be found."""
    text = text[:_THING_CHARS]  # a thing is named early; the prefixes read below stay short on a long run of words
    if ctx.profile.segmented:
        return frozenset(_ZH_WAY.sub("", text)) - _ZH_GRAMMAR
    first = _THING_ENDS.search(text)
    if first and _EVENT.fullmatch(first.group(0)) and not _things_in(ctx, text[:first.start()]):
        return frozenset()  # "I'll text you when the driver leaves": a word on an event, no thing
    cut = next((m.start() for m in _THING_ENDS.finditer(text) if _things_in(ctx, text[:m.start()])), len(text))
    return _things_in(ctx, text[:cut])


def _things_in(ctx: MessageContext, text: str) -> frozenset[str]:
    """The content words of ``text`` but those of :func:`_things`' exceptions."""
    deeds = ctx.pack.deed_words
    return frozenset(w for w in _stems(text, ctx.lang) if w.casefold() not in _NAMELESS_WORDS and w.casefold() not in _WAY_WORDS
                     and w.casefold() not in deeds and not any(c.isdigit() or c in "@." for c in w))


#: (fix37) a report whose deed of sending takes a pronoun for its thing ("sent it over", "emailed them to you")
_SENT_PRONOUN = re.compile(r"\b(?:sent|emailed|e-mailed|texted|posted|mailed|forwarded)\s+(?:it|them|those|that|these|this)\b", re.I)


def _another_thing(ctx: MessageContext, report: str, promise: str) -> bool:
    """(cons33) Whether a report of a deed of sending and an open promise to send each name a thing and no thing of one
    is in the other (in Chinese, no letter of one in the other: 照片 is of 拍照): the report keeps another promise, or a
    deed no promise named
    ("I've just sent the payment link to you" after "I'll email you photos of him"; "样例已发您微信" after
    "5月11号前把名单发您微信"), not this one. (fix37) An English report's thing is read from all its content words
    ("… check your inbox for the confirmation"), a report of "it" / "them" sent names no other thing, and a thing of one
    word each side ("invoice" / "bill") is no sure other thing: such a report keeps the promise, as before cons33.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "assistant", "content": "I'll email you photos of him before and after."},
    ...                 {"role": "assistant", "content": "I've just sent the payment link to you."}])
    >>> [(c.text, c.status) for c in t.state().commitments]
    [("I'll email you photos of him before and after", 'open'), ("I've just sent the payment link to you", 'done')]
    """
    if not (_SENDING.search(report) and _SENDING.search(promise)):
        return False  # only deeds of sending: what a report of another deed is about, a bag of words does not tell
    if not ctx.profile.segmented and _SENT_PRONOUN.search(report[:_THING_CHARS]):
        return False  # (fix37) "I've just sent it over, check your inbox …": the thing is the promise's
    said = _things_in(ctx, report[:_THING_CHARS]) if not ctx.profile.segmented else _things(ctx, report)
    owed = _things(ctx, promise)
    if not said or not owed:
        return False
    if not ctx.profile.segmented and len(said) == 1 and len(owed) == 1:
        return False  # (fix37) one word each ("the invoice" / "the bill", "photos" / "pictures"): unsure, it is kept
    return not said & owed


def _sent_again(ctx: MessageContext, report: str) -> bool:
    """(cons33) Whether a report of a thing sent names the thing of a promise to send already kept: the same thing
    reported again ("The quote has gone to your email", later "…, and the updated quote is in your email"), no deed of
    its own. Spaced writing only (a Chinese thing is read by its letters, too loose to say two are the same).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "assistant", "content": "I'll email you a quote with the final order."},
    ...                 {"role": "assistant", "content": "The quote has been emailed to you."},
    ...                 {"role": "assistant", "content": "Order changed, and the updated quote has been emailed to you."}])
    >>> [(c.text, c.status) for c in t.state().commitments]
    [("I'll email you a quote with the final order", 'done')]
    """
    if ctx.profile.segmented or not _SENDING.search(report) and not _IN_INBOX.search(report):
        return False
    said = _things(ctx, report)
    return bool(said) and any(d.get("status") == "done" and _SENDING.search(d["text"]) and said & _things(ctx, d["text"])
                              for _, d in g.nodes_of(ctx.graph, "commitment"))


#: (cons33) a thing reported where the user receives it: "is in your inbox / email", "has gone to your phone"
_IN_INBOX = re.compile(r"\b(?:is|are|has gone|have gone|went)\s+(?:now\s+)?(?:in|to|into)\s+your\s+(?:inbox|e-?mail|phone|mobile)\b", re.I)


#: (cons33, en) a promise whose deed takes a pronoun for its thing ("I'll email it to you", "we'll put them on the sheet"),
#: not one told of an event ("I'll email you once it's cleared")
_ONLY_PRONOUN = re.compile(r"(?:'ll|\bwill|\bshall)\s+(?:also\s+|just\s+|then\s+)?[a-z]+\s+(?:it|them)\b", re.I)


def _with_its_thing(ctx: MessageContext, d: dict) -> str:
    """(cons33) A promise's text to match a report against: an English promise that names its thing only by "it" or
    "them" ("Then we need a signed GP consent form before your first session. I'll email it to you.") takes the sentence
    before it in its message, where the thing is named, so "The GP consent form is in your inbox" keeps it.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "assistant", "content": "We need a signed consent form first. I'll email it to you."},
    ...                 {"role": "assistant", "content": "The consent form is in your inbox now."}])
    >>> [(c.text, c.status) for c in t.state().commitments]
    [("I'll email it to you", 'done')]
    """
    text = d["text"]
    if ctx.profile.segmented or not _ONLY_PRONOUN.search(text) or _things(ctx, text):
        return text
    said = ctx.graph.nodes.get(f"t{d.get('turn')}", {}).get("text") or ""
    at = said.find(text)
    if at <= 0:
        return text
    before = [m.end() for m in _SENTENCE_END.finditer(said, 0, at)]
    if not before:
        return text
    start = max([0] + [e for e in before if e < before[-1]])
    return said[start:before[-1]].strip() + " " + text


#: (cons27) an English promise of a deed by someone else of the service, the assistant not among its doers: "Maya will send
#: 4 concepts by Monday", "Our operations lead will send you a site plan", "Thank you, Martin will ring Bill"
_SOMEONE_ELSE_WILL = re.compile(r"(?:^|[,:;]\s*)\W*(?!i\b|we\b)(?:[A-Za-z][\w'&-]*\s+){0,4}?[A-Za-z][\w'&-]*\s+(?:will|is going to|are going to)\b"
                                r"|(?:^|[,:;]\s*)\W*(?:he|she|they)'ll\b", re.I)
_FIRST_PERSON = re.compile(r"\b(?:i|we|me|us)\b", re.I)


def _someone_elses(ctx: MessageContext, promise: str) -> bool:
    """(cons27) Whether an English promise is someone else's deed (:data:`_SOMEONE_ELSE_WILL`, no I / we in it): the
    assistant's bare "Done" reports its own deed (putting the user's details on the record), not theirs ("Maya will send
    4 concepts by Monday", then the user's emails, then "Done, both on the emails." leaves the concepts owed).

    >>> from types import SimpleNamespace as N
    >>> en = N(lang="en")
    >>> _someone_elses(en, "Maya will send 4 concepts by Monday 9 August"), _someone_elses(en, "Our operations lead will send you a site plan")
    (True, True)
    >>> _someone_elses(en, "I'll send the deposit invoice today"), _someone_elses(en, "we will text you a code")
    (False, False)
    >>> _someone_elses(en, "Martin will call you and I'll email the form")
    False
    """
    return ctx.lang == "en" and bool(_SOMEONE_ELSE_WILL.search(promise)) and not _FIRST_PERSON.search(promise)


#: (cons23) a report that a note went on the record: "I've put a note on the job that …", "I've added 07954 228 613 and a
#: note", "noted", 已经备注了, 记下了
_NOTED = re.compile(r"\b(?:noted|(?:put|added|made|left)\b[^.;!?]{0,30}?\bnotes?)\b|备注|(?<![登忘])记(?:下|上|好)", re.I)  # not 登记好了: a booking made; (fix26) nor 忘记下单


def _noted_only(clause: str, open_) -> bool:
    """(cons23) Whether ``clause`` reports a note put on the record and no open promise is itself to note something:
    then it keeps none of them (blind18, blind20, blind21: "I've put a note on the job that they must be back by 1st July"
    left "we'll phone you to arrange delivery back" done).

    >>> _noted_only("I've put a note on the job that they must be back by 1st July", [("c1", {"text": "we'll phone you"})])
    True
    >>> _noted_only("已经备注了", [("c1", {"text": "我帮您备注一下"})]), _noted_only("I've sent the link", [("c1", {"text": "I'll send it"})])
    (False, False)
    >>> _noted_only("I've sent the confirmation email and added a note about the high chair", [("c1", {"text": "I'll send it"})])
    False
    """
    return bool(_NOTED.search(clause)) and not any(_NOTED.search(d["text"]) for _, d in open_) \
        and not _OTHER_DEED.search(_NOTED.sub(" ", clause))


#: (fix26) a deed other than a note reported beside it: "I've sent the confirmation email and added a note about the high
#: chair" keeps "I'll send you the confirmation email" (the note alone keeps none)
_OTHER_DEED = re.compile(r"\b(?:sent|re-?sent|emailed|texted|posted|mailed|booked|ordered|refunded|credited|cancell?ed|called|rang|phoned)\b"
                         r"|已(?:经)?(?:为您|给您|帮您)?(?:发送|寄出|退款|发出|取消|下单)|(?:发|寄|退)(?:好了|过去了|给您了)", re.I)


#: (cons23) a link handed over in the message, its name before it: "付款链接：https://…", "报名链接: www.…"
_LINK = re.compile(r"([\u4e00-\u9fff]{1,4}?(?:链接|二维码|码|网址))\s*[：:]\s*(?:https?://|www\.)")


def _link_given(clause: str, open_) -> list[_Unit]:
    """(cons23) The open promise that names the link the clause hands over, by the link's whole name ("付款链接：https://…"
    keeps "我发个付款链接给您"; "地图链接：…" keeps no "我发个报名链接给您": prom18's probes).

    >>> _link_given("付款链接：https://pay.example/7", [("c1", {"text": "我发个付款链接给您"})])[0].commitment
    'c1'
    >>> _link_given("地图链接：https://map.example/p/7", [("c1", {"text": "我发个报名链接给您"})])
    []
    >>> _link_given("这是付款链接：https://pay.example/7", [("c1", {"text": "我发个付款链接给您"})])[0].commitment
    'c1'
    """
    m = _LINK.search(clause)
    names = _link_names(m.group(1)) if m else []
    named = [pid for pid, d in open_ if any(n in d["text"] for n in names)]
    return [FulfilUnit(commitment=named[-1], status="done")] if named else []


def _link_names(said: str) -> list[str]:
    """(fix26) The names a link's lead-in may give it, its kind word with two characters or more before it: the search
    starts the lead-in at the leftmost character, so "这是付款链接" holds the name "付款链接".

    >>> _link_names("这是付款链接"), _link_names("地图链接"), _link_names("图码")
    (['这是付款链接', '是付款链接', '付款链接'], ['地图链接'], ['图码'])
    """
    kind = re.search(r"(?:链接|二维码|码|网址)$", said)
    head = said[:kind.start()] if kind else said
    return [head[i:] + (kind.group(0) if kind else "") for i in range(max(1, len(head) - 1))]


#: (prom16) a look-up said done: 查了一下, 刚查过, 核实了, "I've checked", "I looked it up"
_CHECK_DONE = re.compile(r"(?:查|问|核实|核对)(?:了|过|好|完)|\b(?:checked|looked (?:it |that |them )?up)\b", re.I)


def _checked_other(ctx: MessageContext, clause: str, promise: str) -> bool:
    """(prom16) A look-up said done keeps no promise that is no look-up: "刚查了一下，楼道灯工单已经完成" reports what a
    check found, and leaves "厂家师傅出发前给您打电话" open.

    >>> from types import SimpleNamespace
    >>> zh = SimpleNamespace(pack=SimpleNamespace(checks=[__import__("re").compile("我(?:先|再|去)?查一下")]))
    >>> _checked_other(zh, "刚查了一下", "厂家师傅出发前给您打电话"), _checked_other(zh, "查过了", "我查一下库存")
    (True, False)
    """
    return bool(_CHECK_DONE.search(clause)) and not first_match(ctx.pack.checks, promise)


#: a report of the booking itself: 登记好了, 已下单, 约好了, "Booked", "You're enrolled"
_BOOKED = re.compile(r"(?:登记|下单|订|预订|预约|约|报名|挂号|签约)(?:好了|上了|成功)|已(?:经)?(?:为您|给您|帮您)?(?:下单|预约|预订|登记|订|约|报名|挂号)"
                     r"|^\W*(?:all |you'?re |you are |that'?s )?(?:booked|reserved|registered|enrolled|signed up|ordered)\b", re.I)
#: a promise to book or order something: the booking's report keeps it ("我帮您约一下周六" then "约好了")
_BOOKING_DEED = re.compile(r"登记|下单|订|约|报名|挂号|签约|\b(?:book|reserve|register|enrol|sign (?:you |him |her |them )?up|order)", re.I)


def _books_instead(ctx: MessageContext, clause: str, promise: str) -> bool:
    """Whether a bare report right after a tool's result reports the booking that tool made, not the one open promise
    ("登记好了，学号WT-0931" after ``register`` keeps no "我会告诉厨房阿姨每天单独注意"; "已下单" after ``create_order`` keeps no
    "刘师傅到楼下先给您打电话"), unless that promise is itself to book ("我帮您约一下周六的" then "约好了"; prom13: blind10, blind12).

    >>> _BOOKED.search("登记好了") is not None, _BOOKING_DEED.search("我会告诉厨房阿姨每天单独注意") is None
    (True, True)
    """
    return _reports_tool_deed(ctx, clause, promise, _BOOKED, _BOOKING_DEED)


def _reports_tool_deed(ctx: MessageContext, clause: str, promise: str, report: re.Pattern, deed: re.Pattern) -> bool:
    """(fix31) Whether ``clause``, right after a tool's result, is a ``report`` of what that tool did while the one open
    ``promise`` names no such ``deed``: the report is the tool's, it keeps no promise (shared by :func:`_books_instead`
    and :func:`_changes_instead`).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "assistant", "content": "拍好的照片我会发给您。"},
    ...                 {"role": "user", "content": "帮我把取件改到后天上午"},
    ...                 {"role": "tool", "content": "ok"},
    ...                 {"role": "assistant", "content": "改好了，后天上午10点上门。"}])
    >>> [c.status for c in t.state().commitments]
    ['open']
    """
    G, last = ctx.graph, ctx.graph.graph.get("last_turn")
    return bool(last) and G.nodes[last]["role"] == "tool" and bool(report.search(clause)) and not deed.search(promise)


#: (cons29zh) a report of a change made: 改好了, 已改到…, 已经帮您换好了, "Rescheduled", "Changed"
_CHANGED = re.compile(r"(?:改|换|调)(?:好了|成功)|已(?:经)?(?:为您|给您|帮您)?(?:改|换|调整)"
                      r"|^\W*(?:all )?(?:changed|rescheduled|updated|moved)\b", re.I)
#: a promise that is itself to change something ("我帮您改到周日", "I'll move it to Friday"): the change's report keeps it
_CHANGE_DEED = re.compile(r"改|换|调|挪|\b(?:change|move|reschedul|updat|switch)", re.I)


def _changes_instead(ctx: MessageContext, clause: str, promise: str) -> bool:
    """(cons29zh) Whether a bare report right after a tool's result reports the change that tool made, not the one open
    promise: the user asked to move the pick-up, the tool moved it, and "改好了，后天上午10点阿杰上门" keeps no "拍好的照片发给您";
    a promise that is itself to change something is kept ("我帮您改一下时间" then "改好了").

    >>> _CHANGED.search("改好了") is not None, _CHANGED.search("已改到9月20号") is not None, _CHANGE_DEED.search("拍好的照片发给您")
    (True, True, None)
    """
    return _reports_tool_deed(ctx, clause, promise, _CHANGED, _CHANGE_DEED)


def _booked_promise(ctx: MessageContext, clause: str, open_) -> list[_Unit]:
    """(prom16) A report of a booking made (已登记, 约好了, "booked") keeps the open promise to make that booking that names
    the same thing ("要不要我顺便帮您登记一下空调滤网的更换提醒？" - "登记吧", then "滤网更换提醒已登记"); a booking of
    something else keeps nothing (the clause must name the promise).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "assistant", "content": "我帮您登记一下茶具的保养提醒。"},
    ...                 {"role": "assistant", "content": "茶具保养提醒已登记，半年后短信提醒您。"}])
    >>> [c.status for c in t.state().commitments]
    ['done']
    """
    if not _BOOKED.search(clause):
        return []
    named = [(pid, d) for pid, d in open_ if _BOOKING_DEED.search(d["text"])]
    return _kept(ctx, clause, named, "done", fallback=False) if named else []


#: (fix16) a user's report of their own sending: "I" / 我 sends, or the thing went to a third person ("to her", 发给她)
_SENT_BY_USER = re.compile(r"\b(?:i|we)(?:'ve| have| had)?\s+(?:already\s+|just\s+)?(?:sent|forwarded|emailed|mailed|posted|passed|handed)\b"
                           r"|我(?:们)?(?:已经?|刚|也)?(?:把[^，,。]{0,8})?(?:发|寄|转|交)", re.I)
_TO_THIRD = re.compile(r"\bto (?:her|him|them)\b|\b(?:her|his|their) (?:own )?(?:e-?mail|inbox)|(?:给|到)(?:她|他)(?:们)?(?:本人)?(?:的)?", re.I)


def _sent_elsewhere(clause: str, promise: str, told: list[str] | None = None) -> bool:
    """Whether the user's report tells of their own sending, or of a sending to a third person the promise does not name
    (her, him, or (fix17) a named one: "报价单已经发给王姐了", "the quote was sent to Priya"; ``told``: the clause's
    :func:`_recipients`, when read already): then it keeps no promise to send the user something.

    >>> _sent_elsewhere("发票已经发给她本人的邮箱了", "我稍后把发票发到您的邮箱"), _sent_elsewhere("I already sent the invoice to her", "I'll email you the invoice")
    (True, True)
    >>> _sent_elsewhere("发票已经发到我邮箱了", "我稍后把发票发到您的邮箱"), _sent_elsewhere("发票已经发给她了", "我把发票发到她邮箱")
    (False, False)
    >>> _sent_elsewhere("合同已经转给李经理了", "我下午把合同发您微信"), _sent_elsewhere("合同已经发给李经理了", "我把合同发给您和李经理")
    (True, False)
    """
    if any(name not in promise for name in (_recipients(clause) if told is None else told)):
        return True  # (fix17) a named person the promise does not name got it
    return bool(_SENT_BY_USER.search(clause)) or (bool(_TO_THIRD.search(clause)) and not _TO_THIRD.search(promise)
                                                   and not re.search(r"[她他]|\b(?:her|him|them)\b", promise, re.I))


def _for_another(ctx: MessageContext, clause: str, promise: str) -> bool:
    """Whether a report is of another deed than its one open promise, which the bare-report fallback must not take for
    that promise: it names a person the promise does not, a deed done for someone else ("已经给小唐约上了" after
    "我等下微信发你付款码哈": the friend's booking, not the payment code), or it reports a change of the order (the pack's
    ``corrections``: "已经给你改成自然款了"; prom12, blind11)."""
    return any(m.label == "PERSON" and m.text in clause and m.text not in promise for m in ctx.mentions) \
        or (first_match(ctx.pack.corrections, clause) is not None and first_match(ctx.pack.corrections, promise) is None)


#: a report that the user's detail went into the booking's record ("I've added that to the job notes for Nadia", "I've
#: added it to HF-90417", "I've added it to your Wednesday pickup"): a change of the booking the facts hold, no deed kept
_INTO_RECORD = re.compile(r"\b(?:added|noted|put)\b[^.;!?]*?\bto (?:the |your |this |that )?(?:[\w'-]+ ){0,2}?"
                          r"(?:booking|job|order|notes?|record|file|account|pickup|visit|appointment|reservation)\b"
                          r"|\b(?:added|noted|put)\b[^.;!?]*?\bto [A-Z]{2,}-?\d+", re.I)


#: (prom30) the report of a change, a booking or a filing the user asked for, made in the record as they spoke ("改好了：8月12号
#: 下午2点", "修改已提交", "已办理12期分期", "申请已受理", "I've booked her, reference SB-40871", "Submitted: …"): the state of
#: the booking, kept as its facts, no deed owed or kept; a thing sent, held or cancelled is not this ("付款链接已发到您手机",
#: "先帮您保留了名额", "预约已取消")
_RECORD_MADE = re.compile(r"^\W*改好了|已(?:经)?(?:帮您|为您|给您)?(?:线上)?(?:提交|办理|受理)(?!.*(?:发|寄))"
                          r"|\bI(?:'ve| have) (?:now |just )?booked\b|^\W*(?:submitted|updated|changed)\s*:", re.I)


def _record_made(clause: str) -> bool:
    """(prom30) Whether a report with no promise before it only tells the record was changed as the user asked
    (:data:`_RECORD_MADE`): no commitment of its own.

    >>> _record_made("改好了：8月12号下午2点"), _record_made("修改已提交"), _record_made("I've booked her, reference SB-40871")
    (True, True, True)
    >>> _record_made("付款链接已发到您手机"), _record_made("先帮您保留了名额"), _record_made("The invoice is on its way to you")
    (False, False, False)
    """
    return bool(_RECORD_MADE.search(clause))


#: (prom32zh) money or a credit put into the user's account: the verb, then where it went
_CREDITED = re.compile(r"(?:退回|退到|到账|放到|放进|存入|打到)[^，,。！？]{0,12}?(?:账户|卡|余额|钱包|支付宝|微信|零钱)")


def _credited(clause: str) -> bool:
    """(prom32zh) Whether a report with no promise before it only tells that money or a credit reached the user's account
    ("16:05已经退回您尾号5516的一卡通", "送您一张20元无门槛券，已经放到账户里了", "20元寄件券已放进您的账户"): the money's
    way, a fact of the refund or the goodwill, no deed the annotators list; a thing sent (付款链接已发到您手机) is not this.

    >>> _credited("16:05已经退回您尾号5516的一卡通"), _credited("已经放到账户里了"), _credited("付款链接已发到您手机")
    (True, True, False)
    """
    return bool(_CREDITED.search(clause))


def _just_kept(ctx: MessageContext, said: str) -> int:
    """How much a report shares with the promise the tool call just before it kept: a report after the call
    is about that deed unless it names another open one as well ("术前注意事项已经发到您微信了" after ``send_wechat`` is
    the kept 术前注意事项 one, not "检查前一天我们会短信提醒您", though 发 and 短信 are one deed)."""
    G, last = ctx.graph, ctx.graph.graph.get("last_turn")
    kept = [v for _, v, k in G.out_edges(last, keys=True) if k == "fulfills"]
    return max((_overlap(ctx, said, _DURATION.sub(" ", G.nodes[v].get("text") or "")) for v in kept), default=0)


def _recipients(clause: str) -> list[str]:
    """The people a report says it told or sent something to.

    >>> _recipients("Message sent to Tomasz, and I told Priya Shah."), _recipients("已转告王师傅，他会提前联系您")
    (['Tomasz', 'Priya Shah'], ['王师傅'])
    """
    return [m.group(1) or m.group(2) for m in _RECIPIENT.finditer(clause)]


#: someone a report's deed went to: "sent to Tomasz", "told Priya", 转告/通知/告诉 + a name of two or three letters
#: (fix17: 转给/交给 and 王姐, 李哥, 张总 too); 备注给/交代给 + a role (prom16: 已经备注给设计师了)
_RECIPIENT = re.compile(r"(?-i:\b(?:to|told|informed|let|messaged|emailed|texted|called|rang) ([A-Z][a-z]+(?: [A-Z][a-z]+)?)\b)"
                        r"|(?:转告|告诉|通知|发给|转给|交给|跟|备注给|交代给)(?:了)?"
                        r"([\u4e00-\u9fff]{1,2}(?:师傅|老师|经理|医生|教练|阿姨|姐|哥|总)|[\u4e00-\u9fff]{1,2}师)")


def _done_by(text: str, name: str) -> bool:
    """Whether a promise is the named person's own deed: its clause opens with the name and a will/会/can.

    >>> _done_by("Tomasz will send you a prep checklist", "Tomasz"), _done_by("I'll let Tomasz know", "Tomasz")
    (True, False)
    >>> _done_by("好的，记上墙宽2.4米，刘设计师上门会再复核一遍", "设计师")  # prom16: "已经备注给设计师了" keeps it not
    True
    """
    return bool(re.match(rf"\W*(?:\w+\W+){{0,3}}?\w{{0,2}}?{re.escape(name)}\s*(?:上门|到时候?|当天|到了)?(?:will|'ll|can|会|将|可以)", text))


#: a deed still ahead: "… will go out on Wednesday", "…周三会发给您"
_AHEAD = re.compile(r"\b(?:will|'ll|shall|going to)\b|(?:会|将)(?!员|议|所|计|场|话|儿)", re.I)


def _without_people(ctx: MessageContext, clause: str) -> str:
    """``clause`` without the people it names: "I've added that to the job notes for Nadia"
    reports another deed than "I'll send a text when Nadia is on her way"."""
    people = {m.text for m in ctx.mentions if m.label == "PERSON" and m.text in clause}
    for name in sorted(people, key=len, reverse=True):
        clause = clause.replace(name, " ")
    return clause if ctx.profile.segmented else _NAME_INSIDE.sub(" ", clause)


#: a capitalised word inside a sentence of spaced writing: a name ("… the job notes for Nadia")
_NAME_INSIDE = re.compile(r"(?<=[a-z,] )[A-Z][a-z]+(?:\s[A-Z][a-z]+)?\b")


def _after_tool(ctx: MessageContext) -> bool:
    """Whether the message before this one is a tool's result that kept a promise: the
    assistant's report after it ("Sent to 07562 118 904.") is about that deed."""
    G, last = ctx.graph, ctx.graph.graph.get("last_turn")
    return ctx.role == "assistant" and bool(last) and G.nodes[last]["role"] == "tool" \
        and any(k == "fulfills" for _, _, k in G.out_edges(last, keys=True))


#: a done cue said of a deed still ahead: after when/once/if … or will ("We'll text you when the van is on its way"), or
#: a zh "X好了" with a deed to the user after it (办好了短信通知您: once it is done, a text)
_WHEN_BEFORE = re.compile(r"\b(?:when|once|as soon as|after|until|till|if|before|will|shall)\b|'ll\b", re.I)
#: (prom32zh) or a deed brought to the user after 给您 (做好了给您送过去); (fix33) a call too, 打 / 回 after 给您 (做好了我给您打电话,
#: 修好了给您回个电话), once 做好了 became a done cue
_TO_USER_AFTER = re.compile(r"^[^，,。！？]{0,6}?(?:(?:通知|告诉|告知|发|寄|转|回复|联系|打电话给|打给)(?:给)?您|给您(?:送|寄|发|带|拿|装|打|回))")
#: a span still to run after the deed: "… are posted to you within 10 days of the course" is a schedule, not a report
#: (not "has been processed and will reach your card within 5 days": a deed done, then another ahead)
_WITHIN_AFTER = re.compile(r"^(?![^.?!;]*?\b(?:and|will|should|but)\b[^.?!;]*?\bwithin\b)[^.?!;]{0,40}?\bwithin (?:\d|a |an |the next\b)", re.I)


def _done_ahead(clause: str, done: re.Match) -> bool:
    """Whether a clause's done cue names a deed still ahead, not one done: it follows when/once/if or a will
    ("We'll text you when the van is on its way"), or a zh "X好了" is followed by a deed to the user
    ("办好了短信通知您": once it is done, we text you), or a span to run follows it ("Certificates are posted to you within
    10 days of the course": a schedule, cp15). Then the clause is no report (prom11: blind10 xmastree, weizhang).

    >>> import re
    >>> _done_ahead("We'll text you when the van is on its way", re.search("is on its way", "We'll text you when the van is on its way"))
    True
    >>> _done_ahead("办好了短信通知您", re.search("办好了", "办好了短信通知您")), _done_ahead("已经发到您微信了", re.search("已经.{0,20}了", "已经发到您微信了"))
    (True, False)
    >>> _done_ahead("做好了我给您打电话", re.search("做好了", "做好了我给您打电话"))  # (fix33) a call to the user after it
    True
    >>> _done_ahead("ID cards are posted to you within 10 days", re.search("are posted to", "ID cards are posted to you within 10 days"))
    True
    """
    if _WHEN_BEFORE.search(clause[:done.start()]) or _WITHIN_AFTER.search(clause[done.end():]):
        return True
    return done.group(0).endswith("好了") and bool(_TO_USER_AFTER.search(clause[done.end():]))


#: the assistant's side reports a deed in the plain past, with no done cue: "The kit list went to your inbox the evening I
#: booked the trial", "I rang the farrier this morning", "I spoke to Kirby & Webb a moment ago", "Martin emailed you the
#: survey map"; 测评报告刚发到您微信了, 电子票昨晚发到您邮箱了, 队长刚才给您打电话了 (prom13: blind10, blind12)
_PAST_DEED = {
    "en": re.compile(r"(?<!\byou )(?<!\bto )\b(?:went (?:to|out|off|over|through|in the post|by (?:post|e-?mail|text))|sent|e-?mailed|texted|posted"
                     r"|mailed|rang|phoned|spoke (?:to|with)|messaged|forwarded|dropped (?:off|round|in)"
                     r"|(?<!\bis )(?<!'s )(?<!\bwas )(?<!\bare )(?<!\bwere )(?<!\bbe )(?<!\bbeen )(?<!so-)called)\b", re.I),
    "zh": re.compile(r"(?:刚刚?|刚才|昨天|昨晚|前天|今早|今天(?:上午|早上|一早)|早上|上午|中午|一早)[^，,。！？]{0,8}?"
                     r"(?:发|寄|送|转|打|联系|说|告诉|通知|交)[^，,。！？]{0,10}?了(?!解|吗|么|没)"
                     r"|(?:发|寄|送|转|交)(?:到|给)您[^，,。！？]{0,8}?了(?!解|吗|么|没)"),
}
#: before the past verb, a word that puts the deed ahead, in doubt or in the negative ("once it went", "didn't send"),
#: or the user as its doer is handled in the pattern ("you sent")
_NOT_PAST = re.compile(r"\b(?:will|'ll|would|shall|should|could|can|may|might|when|once|if|as soon as|after|before|until|till"
                       r"|not|n't|never|please)\b|n't\b|会|将|等|如果|要是|的话|没|未|还没|之后|以后|再", re.I)


def _past_report(ctx: MessageContext, clause: str) -> re.Match | None:
    """Whether an assistant's clause reports a deed of its side done, in the plain past and with no done cue ("The free
    practice paper went to your inbox last night", 测评报告刚发到您微信了); not a deed ahead or in doubt ("once it went",
    "如果明天发给您了"), not denied ("I didn't send it"), not a question. Such a report keeps only an open promise it names.

    >>> from types import SimpleNamespace as N
    >>> en, zh = N(lang="en"), N(lang="zh")
    >>> bool(_past_report(en, "The kit list went to your inbox the evening I booked the trial")), bool(_past_report(en, "I rang the farrier"))
    (True, True)
    >>> [bool(_past_report(en, c)) for c in ("I'll text you when it went out", "it's called a sizer", "Did you get the map I sent?")]
    [False, False, False]
    >>> bool(_past_report(en, "30 medium boxes, $105, delivered Saturday Aug 1"))  # the booking's delivery day, ahead
    False
    >>> [bool(_past_report(zh, c)) for c in ("测评报告刚发到您微信了", "等开好了发到您邮箱", "昨天发给您了吗")]
    [True, False, False]
    """
    rx = _PAST_DEED.get(ctx.lang)
    m = rx.search(clause) if rx is not None else None
    return m if m and not _NOT_PAST.search(clause[:m.start()]) and not _ENDS_ASKING.search(clause) \
        and not _TO_OTHER.search(m.group(0)) else None


#: fix14b: a zh deed whose recipient is a third person (上次那位客人的发票昨天发给他了): none of the user's promises
_TO_OTHER = re.compile(r"(?:给|到)(?:他|她)们?(?!们?的)")
#: fix14b: a clause that asks closes nothing: it ends in 吗/么 or a tag question ("I sent the invoice, didn't I?")
_TAG_QUESTION = re.compile(r"[,，]\s*(?:(?:did|do|does|have|has|had|is|are|was|were|wo|ca|could|would|should)n[o'’]?t"
                           r"\s+(?:i|you|we|he|she|it|they)|right|no)\s*[?？]?\s*$|[吗么]呢?\s*$", re.I)


def _asks(text: str, offset: int, clause: str) -> bool:
    """Whether a clause asks: a question mark closes it in the message, or it ends in 吗 or a tag question; a deed asked
    about ("Did you get the invoice I sent?", 发票发给您了吗) is not reported done.

    >>> t = "Did you get the invoice I sent? Thanks"
    >>> _asks(t, 0, "Did you get the invoice I sent"), _asks("I sent it, didn't I", 0, "I sent it, didn't I"), _asks("发票发给您了吗", 0, "发票发给您了吗")
    (True, True, True)
    >>> _asks("I sent the invoice. Thanks", 0, "I sent the invoice"), _asks("发票已经发给您了。", 0, "发票已经发给您了")
    (False, False)
    """
    after = text[offset + len(clause):].lstrip()
    return bool(after[:1] and after[0] in "?？") or bool(_TAG_QUESTION.search(clause.strip()))


#: where a sent thing went and when: no part of the thing ("… went to your inbox last night", "… a moment ago")
_WHERE_WHEN = frozenset("you your inbox email phone post first class morning evening night afternoon tonight today yesterday "
                        "earlier moment ago minute minutes hour hours week day last this just already".split())
#: where the thing a past report names ends: a preposition, a time, a new clause ("you the survey map | on Thursday")
_THING_END = re.compile(r"\b(?:on|at|by|in|to|for|this|last|yesterday|today|tonight|earlier|a moment|first|as|so|and|but|with)\b|[,:;.!]", re.I)
_DOER = re.compile(r"(?:\b(?:i|we|he|she|they)\b|(?-i:\b[A-Z][a-z]+\b)(?:\s*&\s*\w+)?)\W*(?:\b(?:just|also|then|already)\s+)?$", re.I)
_ZH_LEAD = re.compile(r"^\W*(?:好的|嗯|对|是的|另外|还有|那个|这个|您的|您)*")


def _same_thing(ctx: MessageContext, clause: str, past: re.Match, promise: str) -> bool:
    """Whether a past report (:func:`_past_report`) is of the thing ``promise`` owes: every word of the thing it names is the
    promise's ("The house keys went in the post" is not "I'll call you when the car key is programmed"; "The free practice
    paper went to your inbox" is "I'll email you a free practice paper"); a report that names no thing ("I texted you this
    morning") leaves the choice to the words it shares with the promise.

    >>> from types import SimpleNamespace as N
    >>> en, zh = N(lang="en"), N(lang="zh")
    >>> rx = lambda ctx, c: _same_thing(ctx, c, _past_report(ctx, c), "I'll call you when the car key is programmed")
    >>> rx(en, "The house keys went in the post yesterday"), rx(en, "I rang you this morning")
    (False, True)
    >>> _same_thing(zh, "收据刚发到您微信了", _past_report(zh, "收据刚发到您微信了"), "我明天把发票开好发您邮箱")
    False
    >>> _same_thing(zh, "测评报告刚发到您微信了", _past_report(zh, "测评报告刚发到您微信了"), "测评完我会把测评报告发给您")
    True
    """
    if ctx.lang == "zh":
        thing = _ZH_LEAD.sub("", clause[:past.start()])
        return len(thing) < 2 or any(thing[i:i + 2] in promise for i in range(len(thing) - 1))
    before = clause[:past.start()]
    thing = _THING_END.split(clause[past.end():], 1)[0] if not before.strip() or _DOER.search(before) else before
    words = {w for w in _stems(thing, ctx.lang) if w not in _WHERE_WHEN and w not in _cues._NAMELESS}
    return words <= _stems(promise, ctx.lang)


#: (cons27) the verb of an English promise the assistant's side makes ("I'll copy all DNS records", "we will confirm by Friday")
_OWN_VERB = re.compile(r"\b(?:i|we)(?:'ll| will| shall)\s+(?:also\s+|then\s+|first\s+|just\s+)?([a-z]{3,})\b", re.I)
#: (cons27) a deed reported in the passive, ahead of nothing and not denied: "… are copied", "… is now confirmed"
_PASSIVE_DONE = r"(?<!\bwill )(?<!\bto )(?<!\bnot )\b(?:is|are|was|were|has been|have been|'s|'re)\s+(?:now\s+|all\s+|also\s+|already\s+)?{}\b"


def _participles(verb: str) -> list[str]:
    """The regular past participles of an English verb ("copy" -> "copied", "confirm" -> "confirmed", "renew" -> "renewed").

    >>> _participles("copy"), _participles("confirm"), _participles("update")
    (['copied'], ['confirmed'], ['updated'])
    """
    v = verb.lower()
    if v.endswith("e"):
        return [v + "d"]
    if v.endswith("y") and v[-2:-1] not in "aeiou":
        return [v[:-1] + "ied"]
    return [v + "ed"]


def _own_verb_done(ctx: MessageContext, clause: str, sentence: str, open_) -> list[_Unit]:
    """(cons27) An open English promise of the assistant's side reported done in the passive with its own verb, its sentence
    naming what the promise names: "All 9 DNS records including the Microsoft MX are copied" keeps "I'll copy all DNS
    records before the move"; "Marek Nowak, counterbalance licence, is confirmed" keeps "I'm still looking for one with a
    counterbalance licence and I'll confirm by Friday". "Your booking is confirmed" keeps no "I'll confirm the time with
    the engineer" (no shared word), "it will be copied" and "isn't copied yet" keep nothing. Only one promise may match.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "assistant", "content": "I'll copy all DNS records before the move so nothing changes."},
    ...                 {"role": "assistant", "content": "It's arrived. All 9 DNS records are copied, so email keeps working."}])
    >>> [c.status for c in t.state().commitments]
    ['done']
    """
    if ctx.lang != "en" or re.search(r"\byet\b", clause, re.I):
        return []
    found = []
    for pid, d in open_:
        verbs = {m.group(1).lower() for m in _OWN_VERB.finditer(d["text"])}
        for verb in verbs:
            said = [m for p in _participles(verb) for m in [re.search(_PASSIVE_DONE.format(re.escape(p)), clause, re.I)] if m]
            if not said or _NOT_PAST.search(clause[:said[0].start()]):
                continue
            rest = re.sub(rf"\b{re.escape(verb)}\w*", " ", d["text"], flags=re.I)
            if _stems(sentence, "en") & _stems(rest, "en"):
                found.append(pid)
                break
    return [FulfilUnit(commitment=found[0], status="done")] if len(found) == 1 else []


def _plain_past_only(ctx: MessageContext, cue: str, done: re.Match) -> bool:
    """Whether a clause's done cue is only a zh deed in the plain past, with no 已 and no 好了 (给您发了…, 课程表我发到您短信了,
    cp15's cue) said by the assistant, that :func:`_past_report` reads as well (the user's "师傅刚打电话了" stays a report): with a promise open, that reading (the same thing named) decides
    which promise it keeps, not a report's word overlap; with none open it is a deed done for the user.

    >>> from types import SimpleNamespace as N
    >>> zh = N(lang="zh", role="assistant")
    >>> c = "收据刚发到您微信了"
    >>> _plain_past_only(zh, c, re.search("发到您微信了", c)), _plain_past_only(zh, "已经发到您微信了", re.search("已经.{0,20}了", "已经发到您微信了"))
    (True, False)
    """
    return ctx.role == "assistant" and ctx.lang == "zh" and "已" not in cue[:done.end()] and "好了" not in done.group(0) and bool(_past_report(ctx, cue))


#: (user33) a promise whose deed is a word back to the user once something is found out: "I'll check with the mechanic and
#: get back to you today", "…and call you back tomorrow", "查一下周末的工位，确定后给您回电话"
_WORD_BACK = re.compile(r"\b(?:call|ring|phone|text|email|write)\s+(?:you\s+)?back\b|\b(?:get|come)\s+back\s+to\s+you\b"
                        r"|\blet you know\b(?!\s+(?:when|once|if|as soon as)\b)"
                        r"|回复您|回电话|答复您|给您回话|给您回个?话", re.I)
#: …and the assistant's later clause that brings the news: "Good news: Sam is free on 12 June", "I've heard back from the
#: garage", "Update: …", "好消息", "查到了", "问过了"
_NEWS = re.compile(r"\b(?:good|great|bad|some) news\b|\b(?:i|we)(?:'ve| have)?\s+(?:just\s+)?heard back\b|^\W*update\b"
                   r"|\b(?:i|we)(?:'ve| have)\s+(?:just\s+)?(?:checked|confirmed|spoken to|talked to)\b|好消息|查到了|问过了|问好了|确认过了|核实过了", re.I)
#: …or names a day, a clock or an amount, the answer itself ("The mechanic can come Thursday at 9am")
_ANSWER_VALUE = re.compile(r"\d|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|\btomorrow\b|\btonight\b|周[一二三四五六日天]|明天|今天", re.I)


def _answered(ctx: MessageContext, clause: str, open_) -> list[_Unit]:
    """(user33) The one open promise of a word back to the user ("I'll check the photographer's availability and call you
    back tomorrow") kept by the assistant's later clause that brings the answer: news said as news ("Good news: Sam is
    free on 12 June"), or the thing the promise looks into with a day, a clock or an amount ("The mechanic can come
    Thursday at 9am" after "I'll check with the mechanic and get back to you today"). A clause that asks keeps none.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en", today="2027-05-20")
    >>> _ = t.observe_many([{"role": "assistant", "content": "I'll check with the mechanic and get back to you today."},
    ...                     {"role": "assistant", "content": "The mechanic can come Thursday at 9am."}])
    >>> [c.status for c in t.state().commitments]
    ['done']
    >>> t = Tracker("en")
    >>> _ = t.observe_many([{"role": "assistant", "content": "I will call you back about the refund for order SO-99 tomorrow."},
    ...                     {"role": "assistant", "content": "Order SO-100 is in transit; it left the north hub on Monday."}])
    >>> [c.status for c in t.state().commitments]  # (review) another order's news answers nothing
    ['open']
    """
    if not (_NEWS.search(clause) or _ANSWER_VALUE.search(clause)):
        return []  # the clause first (cheap, every assistant clause), the open promises only for one that may answer
    back = [(pid, d) for pid, d in open_ if _WORD_BACK.search(d["text"])]
    if len(back) != 1 or _ENDS_ASKING.search(clause) or first_match(ctx.pack.make, _addressed(ctx, clause)):
        return []  # "I'll hold the room until Friday" is a promise of its own, no answer to "…let you know by Friday"
    pid, d = back[0]
    codes = _promise_words(d["text"], ctx.lang)[1]  # the order, booking or ticket it names: the answer names the same one
    if codes and not codes & _identifiers(clause):
        return []  # (review) "…call you back about the refund for order SO-99" is no answer to "Order SO-100 is in transit"
    looked_into = _ANSWER_VALUE.sub(" ", _WORD_BACK.sub(" ", d["text"]))  # the day it is due by names nothing looked into
    if _NEWS.search(clause) or _ANSWER_VALUE.search(clause) and _overlap(ctx, _ANSWER_VALUE.sub(" ", clause), looked_into):
        return [FulfilUnit(commitment=pid, status="done")]
    return []


#: (user33) the assistant hands over what it promised, its thing named: "Here are the two menus: Menu A $850, …",
#: "Here's your quote: £45 a visit"; zh: "给您找了三家：A酒店480，…" after "我找到合适的房间后发给您几个选择"
_HANDED = re.compile(r"^\W*(?:ok(?:ay)?|right|so|great|sure)?\W*here(?:'s| is| are)\s+(?P<thing>[^:.!?]{2,60})", re.I)
_ZH_HANDED = re.compile(r"^\W*(?:好的\W*)?给您(?P<verb>找|挑|选|整理|列)了")


def _handed_over(ctx: MessageContext, clause: str, open_) -> list[_Unit]:
    """(user33) The one open promise whose thing an assistant's "Here are the …" names ("Here are the two menus: …"
    keeps "I'll put together two menus and send them by Monday"), or in zh whose verb "给您找了…" says again ("给您找了三
    家：…" keeps "我找到合适的房间后发给您几个选择"); with two such promises, none.

    >>> _ZH_HANDED.search("给您找了三家：A酒店480").group("verb"), bool(_HANDED.search("Here are the two menus"))
    ('找', True)
    """
    m, z = _HANDED.search(clause), _ZH_HANDED.search(clause)
    if m:
        named = [pid for pid, d in open_ if _overlap(ctx, m.group("thing"), d["text"]) and not ctx.profile.segmented]
    elif z:
        named = [pid for pid, d in open_ if z.group("verb") in d["text"]]
    else:
        return []
    return [FulfilUnit(commitment=named[0], status="done")] if len(named) == 1 else []


#: (user33) a promise to tell the user who comes ("I'll send you his name shortly", "I'll text you the driver's name"), and
#: the later clause that names them ("It's Dave, he's on his way", "Your technician is Priya", "His name is Tom")
_NAME_PROMISED = re.compile(r"\b(?:his|her|their|the [a-z]+'s|your [a-z]+'s) name\b", re.I)
_NAME_GIVEN = re.compile(r"^\W*(?:it(?:'s| is| will be|'ll be)|(?:his|her|their) name(?:'s| is)|your [a-z]+(?:'s| is| will be))"
                         r"\s+(?!(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|(?:january|february|march|april|may|june|july|august"
                         r"|september|october|november|december|today|tomorrow|the|a|an|all|done|booked|confirmed|sent|ready)\b)"
                         r"(?-i:[A-Z][a-z]+)\b", re.I)


def _name_given(clause: str, open_) -> list[_Unit]:
    """(user33) The one open promise to send a person's name, kept by a clause that gives a name ("It's Dave, he's on his
    way" after "I'll send you his name shortly").

    >>> _name_given("It's Dave, he's on his way", [("p1", {"text": "I'll send you his name shortly"})])[0].commitment
    'p1'
    >>> _name_given("it's raining", [("p1", {"text": "I'll send you his name shortly"})])
    []
    """
    if not _NAME_GIVEN.search(clause):
        return []  # the clause first: the open promises are read only for one that gives a name
    named = [pid for pid, d in open_ if _NAME_PROMISED.search(d["text"])]
    return [FulfilUnit(commitment=named[0], status="done")] if len(named) == 1 else []


#: (user34) a promise to tell the user once the thing is ready ("I'll text you when it's ready for collection", "做好了我短信
#: 通知您来取", "修好了给您打电话"), and the later clause that says it is ("Your bike is ready for collection", "眼镜做好了")
_READY_PROMISED = re.compile(r"\b(?:when|once|as soon as)\b[^.;!?]{0,40}?\b(?:ready|done|finished|fixed|repaired)\b"
                             r"|(?:做|修|洗|改|弄|准备|配|装|换)好(?:了|之后|以后|后)")
#: (a booking, an order or a change said done is an update of the record, no thing made ready; a bare "it's done" names
#: nothing, so "it" takes only "ready"; zh 改好了 / 换好了 report a change made, 给您改好了)
_READY_TOLD = re.compile(r"^\W*(?:(?:good news|great news|ok(?:ay)?|hi|hello)\W+)?"
                         r"(?:(?:your|the|they|they're)\b(?!\s+(?:booking|order|appointment|reservation|payment|refund|address|"
                         r"change|update|request|form|details|slot|time|date)s?\b)[^.;!?]{0,40}?"
                         r"(?:\b(?:is|are|has been|have been)\s+|'s\s+|'re\s+)(?:now\s+)?(?:all\s+)?(?:ready|done|finished|fixed|repaired)"
                         r"|it(?:'s|\s+is|\s+has\s+been)\s+(?:now\s+|all\s+)?ready)\b(?!\s+(?:by|on|in|at|tomorrow|next)\b)"
                         r"|(?<![等待如若])(?:做|修|洗|弄|准备|配|装)好了(?![^，。！？,!?]*(?:后|再|就))", re.I)


#: (fix33) the deed of such a promise is a word to the user ("I'll text you", "we'll let you know", "give you a ring",
#: "短信通知您", "给您打电话"), not a thing sent or done once it is ready ("I'll email you the invoice once the repair is
#: done", "修好了我把发票寄给您": the readiness said later does not send the invoice)
_TELLS = re.compile(r"\b(?:text|call|ring|phone|e-?mail|message|contact|notify)\s+(?:you|u)\b(?!\s+(?:the|a|an|your|my|our|it|them|this|that|those|these)\b)"
                    r"|\b(?:let|tell)\s+(?:you|u)\b|\b(?:give|drop|send)\s+(?:you|u)\s+a\s+(?:text|call|ring|bell|shout|line|message|note|quick\s+\w+)\b"
                    r"|\b(?:be|get)\s+in\s+touch\b|通知|告诉|告知|打(?:个)?电话|回电|联系您|短信|说一声|知会", re.I)


def _ready_told(ctx: MessageContext, clause: str, open_) -> list[_Unit]:
    """(user34) The one open promise to tell the user once the thing is ready, kept by the assistant's clause that says
    it is ready now: the clause is the word promised ("Your bike is ready for collection" after "I'll text you when
    it's ready for collection"; "眼镜做好了" after "做好了我短信通知您来取"). A clause that asks, promises or puts the
    readiness ahead ("It'll be ready by Friday", "做好了以后再通知您") keeps none.

    >>> _ready_told(None, "Your bike is ready for collection", [("p1", {"text": "I'll text you when it's ready"})])[0].commitment
    'p1'
    >>> _ready_told(None, "It will be ready by Friday", [("p1", {"text": "I'll text you when it's ready"})])
    []
    >>> _ready_told(None, "眼镜做好了", [("p1", {"text": "好的，做好了我短信通知您来取"})])[0].commitment
    'p1'
    >>> _ready_told(None, "Your boiler is fixed now", [("p1", {"text": "I'll email you the invoice once the repair is done"})])
    []
    """
    if not _READY_TOLD.search(clause) or _ENDS_ASKING.search(clause):
        return []  # the clause first: the open promises are read only for one that says the thing is ready
    if ctx is not None and first_match(ctx.pack.make, _addressed(ctx, clause)):
        return []  # "做好了我短信通知您" is the promise itself, not the word it promises
    named = [pid for pid, d in open_ if _READY_PROMISED.search(d["text"]) and _TELLS.search(d["text"])]
    return [FulfilUnit(commitment=named[0], status="done")] if len(named) == 1 else []


def _clause_kinds(ctx: MessageContext, pieces, inner, open_, units: list[_Unit]) -> tuple[list[str], list]:
    """What each clause of the message does ("report", "make", "ask" or "plain"), and the open promises left once its
    reports are read: the units of the promises a report keeps or cancels (and a deed reported done with no promise
    before it) are added to ``units``."""
    pack = ctx.pack
    kinds, unkept, kept_end = [], False, None
    for offset, clause in pieces:
        after_unkept, unkept = unkept, False
        # lifts17: a clause after one that kept a promise, in its sentence, tells how that deed went ("留服账号已经帮您注册好，
        # 密码短信发到您手机了"): no deed of its own
        after_kept = kept_end is not None and not _SENTENCE_END.search(ctx.text, kept_end, offset)
        kept_end = None
        c = clause.strip()
        cue = _addressed(ctx, c) if ctx.role == "assistant" else c  # 发你 as 发您
        done = None if _asks(ctx.text, offset, clause) else first_match(pack.done, cue)
        if done and open_ and _plain_past_only(ctx, cue, done):
            done = None  # "收据刚发到您微信了" keeps no "我明天把发票开好发您邮箱": the plain-past reading below decides
        status = "done" if done and not _done_ahead(cue, done) else \
            "cancelled" if ctx.role == "assistant" and first_match(pack.cancel, c) else None  # the user's "we can't …" is theirs
        if status:
            # (prom16) a bare report right after one of a thing no promise names is that thing's ("发票已经开好，发您邮箱了"
            # keeps no "我问一下师傅…，再回复您")
            kept = _kept(ctx, c, open_, status, rest=_sentence_from(ctx.text, offset)[len(clause):], fallback=not after_unkept)
            unkept = not kept
            kept_end = offset + len(clause) if kept else None
            open_ = [(pid, d) for pid, d in open_ if not any(u.commitment == pid for u in kept)]
            units += kept
            if not kept and not after_kept and status == "done" and ctx.role == "assistant" and first_match(pack.deeds, cue) \
                    and _names_a_deed(ctx, c) and not _after_tool(ctx) and not _INTO_RECORD.search(c) and not _record_made(c) and not _credited(c) \
                    and not (_noted_only(c, open_) and _kept(ctx, c, open_, status, rest=_sentence_from(ctx.text, offset)[len(clause):],
                                                             fallback=not after_unkept, notes=False)):
                # after a tool that kept a promise it reports that one; "I've added it to your Wednesday pickup" is the record, and so is
                # (cons23) a note that would have been read as keeping a promise ("I've added 07954 228 613 and a note: no
                # calls before 10am" after "I'll text you the address"): what it kept before, it now keeps and adds nothing
                if not _sent_again(ctx, c):  # (cons33) "…, and the updated quote is in your email" after the quote was kept
                    units.append(CommitmentUnit(text=c.strip(_TRIM), status="done"))
        elif ctx.role == "assistant" and open_ and (given := _link_given(c, open_)):
            status = "done"  # (cons23) "付款链接：https://…" after "我发个付款链接给您": the link promised is in the message
            open_ = [(pid, d) for pid, d in open_ if not any(u.commitment == pid for u in given)]
            units += given
        elif ctx.role == "assistant" and open_ and not _asks(ctx.text, offset, clause) and (booked := _booked_promise(ctx, c, open_)):
            status = "done"  # (prom16) "滤网更换提醒已登记" after "…帮您登记一下空调滤网的更换提醒": the booking promised is made
            open_ = [(pid, d) for pid, d in open_ if not any(u.commitment == pid for u in booked)]
            units += booked
        elif ctx.role == "assistant" and open_ and not _asks(ctx.text, offset, clause) \
                and (said_done := _own_verb_done(ctx, c, _sentence_of(ctx.text, offset), open_)):
            status = "done"  # (cons27) "All 9 DNS records … are copied" after "I'll copy all DNS records before the move"
            open_ = [(pid, d) for pid, d in open_ if not any(u.commitment == pid for u in said_done)]
            units += said_done
        elif ctx.role == "assistant" and open_ and not _asks(ctx.text, offset, clause) and (past := _past_report(ctx, cue)):
            named = [(pid, d) for pid, d in open_ if _same_thing(ctx, cue, past, d["text"])]
            kept = _kept(ctx, c, named, "done", fallback=False)  # it must name the promise: "The invoice went …" keeps no form
            if kept:
                status = "done"  # "The free practice paper went to your inbox last night" after "I'll email you a free practice paper"
                open_ = [(pid, d) for pid, d in open_ if not any(u.commitment == pid for u in kept)]
                units += kept
        if not status and ctx.role == "assistant" and open_ and not _asks(ctx.text, offset, clause) \
                and (answer := _handed_over(ctx, c, open_) or _answered(ctx, c, open_) or _name_given(c, open_)
                           or _ready_told(ctx, c, open_)):
            status = "done"  # (user33) "Good news: Sam is free on 12 June" after "I'll check … and call you back tomorrow"
            open_ = [(pid, d) for pid, d in open_ if not any(u.commitment == pid for u in answer)]
            units += answer
        tagged = ctx.role == "assistant" and _tag_promise(ctx, c)
        promise = ctx.role == "assistant" and not status and first_match(pack.make, cue) \
            and (tagged or not _ENDS_ASKING.search(c) and (offset in inner or not in_spans(offset, ctx.asked))) \
            and not (_restates_booking(ctx.text, offset, c) and (_dated(ctx, offset, offset + len(clause)) or not _AHEAD.search(c))) \
            and not _restates_result(ctx, c, _sentence_of(ctx.text, offset))
        kinds.append("report" if status else "make" if promise else "ask" if _ENDS_ASKING.search(c) or in_spans(offset, ctx.asked) else "plain")
        if promise and tagged:
            kinds[-1] = "make"
    return kinds, open_


@step("commitments", roles=("assistant", "user"))
def commitments(ctx: MessageContext) -> list[_Unit]:
    """Promises the assistant makes (with their due date), and ones the chat shows kept or
    dropped: the assistant reports them done, or the user says they came.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en", today="2025-05-05")
    >>> _ = t.observe({"role": "assistant", "content": "An engineer will call you by May 9, and I'll email you the form."})
    >>> [(c.text, c.status, c.due) for c in t.state().commitments]
    [('An engineer will call you by May 9', 'open', 'May 9 (2025-05-09)'), ("and I'll email you the form", 'open', None)]
    >>> _ = t.observe({"role": "user", "content": "got the form, thanks"})
    >>> [c.status for c in t.state().commitments]
    ['open', 'done']
    """
    units: list[_Unit] = _expired(ctx)
    gone = {u.commitment for u in units}
    open_ = [(pid, d) for pid, d in g.open_items(ctx.graph, "commitment") if pid not in gone]
    pieces, inner = _pieces(ctx.text)
    kinds, open_ = _clause_kinds(ctx, pieces, inner, open_, units)
    if ctx.role == "user":
        units += _accepted_offers(ctx, open_) + _declined(ctx, open_) + _received(ctx, open_)
        units += _received_named(ctx, [(pid, d) for pid, d in open_ if not any(getattr(u, "commitment", None) == pid for u in units)])
    elif ctx.role == "assistant" and ctx.pack.waits_for:
        happened = _happened(ctx, open_)
        open_ = [(pid, d) for pid, d in open_ if not any(u.commitment == pid for u in happened)]
        units += happened
    if ctx.role == "assistant":
        units += _labelled_deed(ctx, [(pid, d) for pid, d in open_ if not any(getattr(u, "commitment", None) == pid for u in units)])
    reports = [clause for (_, clause), kind in zip(pieces, kinds) if kind == "report"]
    for start, end in _promises(ctx, pieces, kinds):
        sentence = _sentence_from(ctx.text, start)
        opening = max((m.end() for m in _SENTENCE_END.finditer(ctx.text, 0, start)), default=0)
        if _offers(ctx, sentence) and not _own_deed(ctx.text[opening:end]):  # "我去问一下，明天回复您，好吗？": both mine
            continue  # "我可以安排快递上门取件，可以吗？" offers; "I'll send a proof by Friday, ok?" promises (cons6)
        if _ENDS_ASKING.search(sentence) and first_match(ctx.pack.offer_cues, _addressed(ctx, sentence)):
            continue  # "要不我先让师傅看看照片，给您估个价？" offers what it says: a promise once the user says yes
        if _habitual(ctx.text[opening:_deed_end(pieces, kinds, start, end)]):
            continue  # "鉴定一般需要3到5个工作日，结果会以短信形式通知": how the service goes, said to anyone
        if _free_service(ctx.text[opening:end]):
            continue  # (prom32zh) "我们先免费做个检索", "寄修我们安排顺丰上门取件，免费": what the service offers, at its price
        if _money_way(ctx.text[opening:end]):
            continue  # (prom32zh) "赎回款到您尾号6612的建行卡，T+3个工作日到账": how the money arrives, a fact of the refund
        if _USER_CALLS_FIRST.search(ctx.text[opening:end]):
            continue  # "If it gets worse, ring us and we'll fit her in": the user's call comes first, the service answers it
        if _agrees_to_limit(ctx, ctx.text[start:end]) and not _due(ctx, start, end):  # a due time is a deed owed (review)
            own = min((o for (o, _), kind in zip(pieces, kinds) if kind == "make" and start <= o < end), default=start)
            if own == start or _agrees_to_limit(ctx, ctx.text[own:end]):
                continue  # "好的，我们不会联系房东" after "千万别联系房东": the user's rule, kept as a constraint
            start = own  # "整桌不用海鲜，我让厨师…，明天把调整后的菜单发您确认": the rule said back leads in, the promise follows
        if _limit_said_back(ctx, ctx.text[start:end], bool(_due(ctx, start, end))):
            continue  # "we'll only ring you before 6pm" after "I would rather not be telephoned after six": the rule (prom31)
        if _uses_only(ctx, ctx.text[start:end]) and not _due(ctx, start, end):
            continue  # "Of course, we'll use ruscus instead, it has no scent": how the service works, not a deed owed (prom31)
        if _says_back(ctx, ctx.text[opening:end], ctx.text[start:end]) and not _due(ctx, start, end):
            continue  # "Of course, we'll use ruscus instead" after "no lilies please": the user's rule, said back (prom30)
        if _contact_said_back(ctx, pieces, kinds, start, end):
            continue  # "Thanks, the crew will call Emre on 07700 918 550" after the user gave that number: the contact, a fact (prom31)
        for start, end in _joined(ctx, start, end):
            text = ctx.text[start:end]
            for report in reports:  # "…, and an SMS confirmation is on its way" is kept already
                text = text.replace(report, "")
            text = _without_question(text.strip(_TRIM), _sentence_from(ctx.text, start))
            if _schedule_only(ctx, start, end, text):
                continue  # "We'll collect on Monday 19 October": the booked service's day, a fact of the booking
            if _goes_again(text, open_):
                continue  # "Updated, the reminder will go to 07700 900562": the open reminder promise said again
            replaced = _superseded(ctx, text, open_)
            open_ = [(pid, d) for pid, d in open_ if not any(u.commitment == pid for u in replaced)]
            status = "done" if _checked_here(ctx, text, end, pieces, kinds) else "open"
            units += replaced + [CommitmentUnit(text=text, due=_due(ctx, start, end), status=status)]
    return units


#: (cons29zh) a message that opens with a label in brackets: "[提醒] 林女士您好，团子明天10:30洗护", "【通知】…", "[Reminder] …"
_LABEL = re.compile(r"^\s*[\[【]\s*([^\]】\s]{1,12})\s*[\]】]")


def _labelled_deed(ctx: MessageContext, open_) -> list[_Unit]:
    """(cons29zh) An assistant message labelled with a deed ("[提醒] 团子明天10:30洗护…") is that deed, sent: it keeps the
    latest open promise whose text names the label ("我会在前一天提醒您"); a label no promise names ("[系统]") keeps none.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "assistant", "content": "已预约周六上午10点，我会在前一天提醒您。"},
    ...                 {"role": "assistant", "content": "[提醒] 您好，明天上午10点洗牙，记得带医保卡。"}])
    >>> [c.status for c in t.state().commitments]
    ['done']
    """
    m = _LABEL.match(ctx.text)
    if not m:
        return []
    label = m.group(1).casefold()
    named = [pid for pid, d in open_ if label in d["text"].casefold()]
    return [FulfilUnit(commitment=named[-1], status="done")] if named else []


#: the user is asked to contact the service first, and the service's deed answers that call ("If he's still poorly on the
#: day, just call us and we'll move the appointment", "如果还有霉味，您再联系我们，我们给您换一饼"): how the service answers,
#: no deed the assistant's side owes until the user calls
_USER_CALLS_FIRST = re.compile(r"\b(?:(?:call|ring|phone|contact|email) us|give us a (?:ring|call|bell|shout))\b[^.;!?]{0,12}?(?:\band\b|,)\s*(?:we|i)(?:'ll| will)\b"
                               r"|(?:您|你)(?:再|就|直接|随时)?(?:联系|打电话给|打给|致电|告诉)我们[，,]\s*我们(?:会|再|就|马上)?", re.I)


#: a limit said of a deed: it is not done, or only in one way ("我们不会联系房东", "之后只通过微信联系您，不打电话",
#: "we'll only contact you by email", "we won't touch the paintwork")
_LIMIT = re.compile(r"不会|不再|不(?=[\u4e00-\u9fff]{0,3}(?:打|联系|发|碰|动|用|放|加|约|推|找|告诉|通知))|别|只(?!是|要|有|能|剩)|仅"
                    r"|\b(?:won't|will not|wouldn't|never|only|not)\b", re.I)


def _user_rules(ctx: MessageContext) -> list[str]:
    """The texts of the active rules the user set in their last message before this one."""
    G = ctx.graph
    user = g.previous_turn(G, ctx.index, "user")
    return [d["text"] for _, d in g.open_items(G, "constraint") if d.get("turn") == user] if user is not None else []


def _agrees_to_limit(ctx: MessageContext, span: str) -> bool:
    """Whether a promise only agrees to the limit the user just set: it says a deed is not done, or done
    only one way (:data:`_LIMIT`), and names what a rule of the user's last message names ("别打电话联系我
    …有事发微信" then "好的，之后只通过微信联系您，不打电话"; "pls email dont ring me" then "we'll only contact
    you by email"). That is the user's constraint said back, not a deed for the user; a positive deed the
    rule asks for ("师傅来之前先打电话") still promises.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "user", "content": "千万别联系房东，他知道了要涨房租"},
    ...                 {"role": "assistant", "content": "好的，我们不会联系房东。"}])
    >>> [c.text for c in t.state().commitments]
    []

    A promise that also holds a deed with no limit in it promises that deed (cons11): "can u not ring the
    doorbell … text marek" then "the fitter will text Marek on arrival and won't ring the bell".
    """
    if not _LIMIT.search(span) or any(not _LIMIT.search(piece) and _POSITIVE_DEED.search(piece) for piece in _AND.split(span)):
        return False
    return any(_overlap(ctx, _outside(span, [_LIMIT]), rule) for rule in _user_rules(ctx))


#: (prom31) no one, nothing: a limit said of who or what ("nobody will call Priya at work", "nothing will come through you")
_NONE = re.compile(r"\b(?:nobody|no one|nothing)\b", re.I)
#: a day or a time of day: a limit and a rule that both name one speak of when ("not friday or saturday" and "Monday to
#: Thursday only"; "not after six in the evening" and "only before 6pm")
_WHEN_OF = re.compile(r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|\bweek(?:end|day)s?\b|\b\d{1,2}(?::\d\d)?\s*(?:am|pm)\b"
                      r"|(?<![\d:.])\d{1,2}:[0-5]\d(?![\d:])"  # (fix33) a clock without am / pm: "not before 9:30", "after 17:00"
                      r"|\b(?:six|seven|eight|nine|ten) in the (?:morning|evening)\b|\b(?:morning|afternoon|evening|night)s?\b", re.I)


def _limit_said_back(ctx: MessageContext, span: str, dated: bool) -> bool:
    """(prom31) Whether an English promise only says back, as a limit, the rule the user set in their last message, where
    :func:`_agrees_to_limit` does not see it: the limit is said of no one or nothing ("can you not call priya at work" then
    "nobody will call Priya at work"), or limit and rule both speak of when, in other words ("please not friday or
    saturday" then "I'll note Monday to Thursday only"; "I would rather not be telephoned after six" then "we'll only ring
    you before 6pm"): the day or time in it is the limit's window, not a due. A positive deed beside the limit still
    promises ("We'll phone before anything above £30 extra and we won't touch the paintwork"), so does a limit with a
    due and no rule of when ("Sure, I'll only email you the signed contract tomorrow morning", review11), and Chinese
    (its annotators list "好的，联系您只发短信").

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "user", "content": "Please don't ring me after 8pm, the baby sleeps."},
    ...                 {"role": "assistant", "content": "Of course, we'll only call you before 8pm."}])
    >>> [c.text for c in t.state().commitments]
    []
    """
    if ctx.profile.segmented or not (_LIMIT.search(span) or _NONE.search(span)):
        return False
    if any(not _LIMIT.search(piece) and not _NONE.search(piece) and _POSITIVE_DEED.search(piece) for piece in _AND.split(span)):
        return False
    rules = _user_rules(ctx)
    if _when_is_window(span) and any(_WHEN_OF.search(rule) for rule in rules):
        return True
    return not dated and bool(_NONE.search(span)) and any(_overlap(ctx, _outside(span, [_NONE]), rule) for rule in rules)


#: (fix33) a limit that denies ("we won't ring on Fridays", "nobody will call after 6"): the time in it is what it rules out
_DENYING = re.compile(r"\b(?:won't|will not|wouldn't|never|not|nobody|no one|nothing)\b", re.I)
#: (fix33) the words that make a time a window, before it ("before 6pm", "after six in the evening", "from Monday") or after
#: it ("Monday to Thursday", "weekdays only", "9am onwards")
_WINDOW_BEFORE = re.compile(r"\b(?:before|after|until|till|between|from|outside(?: of)?|except|other than)\s+(?:the\s+|on\s+|in\s+|an?\s+)?$", re.I)
_WINDOW_AFTER = re.compile(r"\s*(?:only\b|onwards\b|or (?:later|earlier|after|before)\b|(?:to|through|till|until|-|–)\s*\w)", re.I)


def _when_is_window(span: str) -> bool:
    """(fix33) Whether the time an English promise names is the window of its limit ("we'll only ring you before 6pm",
    "I'll note Monday to Thursday only", "we won't come on Fridays"), not when the deed is due ("We'll only send the
    report once it is signed off on Tuesday": the report is owed on Tuesday, whatever rule of when the user set).

    >>> [_when_is_window(s) for s in ("we'll only ring you before 6pm", "I'll note Monday to Thursday only", "we won't come on Fridays")]
    [True, True, True]
    >>> _when_is_window("We'll only send the report once it is signed off on Tuesday")
    False
    """
    if _DENYING.search(span):
        return True
    return any(_WINDOW_BEFORE.search(span, max(0, m.start() - 24), m.start()) or _WINDOW_AFTER.match(span, m.end())
               for m in _WHEN_OF.finditer(span))


#: (prom31) the service's means, said with "use" and no other deed: "Of course, we'll use ruscus instead, it has no scent",
#: "Thanks, we'll use Bernadette Okafor-Reid", "we'll use 07786 450 129 for any questions", "We'll use sealed snap traps
#: indoors and tamper-proof stations outside only"
_USES = re.compile(r"^\W*(?:(?:and|so|then)\s+)?(?:(?:thanks|thank you|no problem|of course|certainly|noted|sure|ok(?:ay)?|great"
                   r"|perfect|got it|lovely|understood|fine|right|yes)\b[^,.:;!?]{0,20}[,.:;!]\s*)?(?:[a-z][\w'-]*\s+){0,3}?"
                   r"(?:we|i|he|she|they|[a-z]+)\s*(?:\bwill|'ll)\s+(?:still\s+|also\s+|just\s+|only\s+)?use\b", re.I)
#: a second deed in the promise ("… and text you when …", "… and we'll send …")
_SECOND_DEED = re.compile(r"\b(?:will|'ll|shall)\b|\band (?:then )?(?:send|call|ring|phone|text|e-?mail|let|bring|book|post)\b", re.I)


def _uses_only(ctx: MessageContext, span: str) -> bool:
    """(prom31) Whether an English promise only says which means the service will use: the thing, product or contact the
    user chose or the rule asks for ("no lilies please" then "Of course, we'll use ruscus instead"; "put it in my
    maiden name" then "Thanks, we'll use Bernadette Okafor-Reid"): how the service works for them, a fact of the booking,
    not a deed owed to the user. A second deed ("we'll use the side gate and text you when we arrive") or a due ("we'll use
    the new template from Monday", the caller) still promises; Chinese is left alone (its annotators list "欧师傅会用一条
    短网线把您弟弟的电脑接上", whose deed is the connecting).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "user", "content": "No bleach please, the cat is sensitive."},
    ...                 {"role": "assistant", "content": "Of course, we'll use a plant-based cleaner."}])
    >>> [c.text for c in t.state().commitments]
    []
    """
    if ctx.profile.segmented:
        return False
    m = _USES.match(span.strip())
    return bool(m) and not _SECOND_DEED.search(span.strip()[m.end():])


#: (prom30) a reply that opens by agreeing to what the user just asked ("Of course,", "Understood,", "Noted:", "No problem,",
#: "好的，", "可以，", "明白，", "记下了，")
_AGREED = re.compile(r"^\W*(?:(?:of course|certainly|understood|noted|no problem|no bother|sure|absolutely|lovely|perfect|great"
                     r"|that'?s (?:fine|no problem)|fine|ok(?:ay)?|got it|will do|yes)\b(?:[^.;:!?\n]{0,25}?\b(?:noted|understood))?"
                     r"|(?:好的|好嘞|好|可以的?|没问题|明白了?|收到|记下了|记住了|了解|行)(?=[，,。！!：:\s]))", re.I)


#: a deed of contact: one the user's rule asks for is owed to them, not said back
_CONTACT = re.compile(r"\b(?:call|ring|phone|text|e-?mail|message|contact|let (?:you|him|her|them) know)\b", re.I)


def _says_back(ctx: MessageContext, sentence: str, span: str) -> bool:
    """(prom30) Whether a promise, in a sentence that opens by agreeing ("Of course, we'll use ruscus instead", "Understood,
    we'll keep to 20cm depth near the gas line"), only says back how the service will go by the rule the user set in their last message ("no lilies, the
    scent…"): the user's constraint, kept as one, not a deed owed to the user. It must share two words with the rule (one
    thing and one deed); a deed of contact stays a promise (the word the rule asks for is owed), and so does Chinese (its
    annotators list "好的，会按潘通色号调色"); a limit is :func:`_agrees_to_limit`'s.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "user", "content": "Please use unscented products only, my son has asthma."},
    ...                 {"role": "assistant", "content": "Of course, we'll use unscented products."}])
    >>> [c.text for c in t.state().commitments]
    []
    """
    if ctx.profile.segmented or not _AGREED.match(sentence) or _CONTACT.search(span):
        return False  # a word to the user the rule asks for ("Of course, the fitter will call you before he comes") is owed (prom10)
    return any(_named_overlap(ctx, span, rule) >= 2 for rule in _user_rules(ctx))


#: (prom31) a promise that says only who will contact whom on which number or address, or where a thing will go: "Dr Okonjo
#: will call Declan on 07887 413 660", "No problem, we'll ring 0121 449 3807", "and we'll call Emrys on 01792 893 206",
#: "Certainly, the invoice will go by post to 9 Orchard Way", "The texts will go to you, Jean, on 07970 318 442", "The
#: invoices will go to that address"; nothing after the contact (no "the day before", "when she's on her way", "to confirm",
#: "within 2 working days")
_CONTACT_SAID_BACK = re.compile(
    r"^\W*(?i:(?:and|so|then)\s+)?(?i:(?:thanks|thank you|no problem|of course|certainly|noted|sure|ok(?:ay)?|great|perfect"
    r"|got it|lovely|understood|fine|right|updated|changed|done|sorted)\b[^,.:;!?]{0,20}[,.:;!]\s*)?"
    r"(?:(?!I\b)[A-Za-z][\w\s'-]{0,40}?\s*(?:\bwill\b|'ll\b)\s*(?i:call|ring|phone|text|contact)\s+"
    r"(?:(?:[A-Z][a-z]+(?:\s[A-Z][a-z]+)?|you|him|her|them|your (?:cell|mobile|landline|home phone|work phone|number),?)\s+)?(?:on\s+|at\s+)?"
    r"|(?i:the) [a-z][\w\s'-]{0,30}? will (?:go|come)(?: by (?:post|e-?mail|text))?\s+to\s+"
    r"(?:you,?\s+(?:[A-Z][a-z]+,?\s+)?(?:on\s+|at\s+)?)?)"
    r"(?P<contact>\+?\d[\d -]{5,}\d|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\d+[A-Za-z]?\s[A-Z][a-z]+(?:\s[A-Z][a-z]+){0,2}"
    r"|(?:that|this|the same) (?:address|number|e-?mail(?: address)?))\W*$")
#: the user asks to be called back: the call is a deed they wait for
_CALL_BACK = re.compile(r"\b(?:call|ring|phone|text)\s+(?:me|us)\s+back\b|\bget back to (?:me|us)\b|\bcall back\b", re.I)
#: a contact value in a message: a phone number, an email address
_CONTACT_VALUE = re.compile(r"\d[\d -]{5,}\d|@[\w-]+\.")


def _contact_said_back(ctx: MessageContext, pieces, kinds, start: int, end: int) -> bool:
    """(prom31) Whether a promise only says back a contact the user gave: who will call whom on a number the user wrote
    ("07887 413 660, evenings after 6 only" then "Dr Ruth Okonjo will call Declan on 07887 413 660"), or that a thing will
    go to an address or number the user wrote ("Could the invoice go by post? … 9 Orchard Way" then "Certainly, the
    invoice will go by post to 9 Orchard Way"). The contact is a fact (the number, the address), the deed the service's
    way of working or a promise made before; a call or a thing sent with a when, a purpose or a condition ("Martin will
    ring Bill on 01347 868 402 the day before", "The receipt will come to jay@… after the fit") still promises. The
    booking's day before it is no due of the call ("Booked PR-6120 …, Friday 10 September at 11am, and we'll call Emrys
    on 01792 893 206"). The assistant's own "I'll call you on …" and a call the user asked for ("call me back on …") still
    promise. English: no Chinese chat says a contact back as a promise.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "user", "content": "Call my landline instead, 0121 449 3807"},
    ...                 {"role": "assistant", "content": "No problem, we'll ring 0121 449 3807."}])
    >>> [c.text for c in t.state().commitments]
    []
    """
    own = min((o for (o, _), kind in zip(pieces, kinds) if kind == "make" and start <= o < end), default=None)
    if ctx.profile.segmented or own is None or _due(ctx, own, end):
        return False
    m = _CONTACT_SAID_BACK.match(ctx.text[own:end].strip())
    if not m:
        return False
    if _due(ctx, start, end) and not _BOOKING_HEAD.search(_sentence_of(ctx.text, start)):
        return False  # "Tomorrow at 9, Gary will call you on …" is a dated call; "Booked …, Friday at 11am, and we'll call …" the booking's day
    contact, users = m.group("contact"), user_texts(ctx.graph, last=ctx.index + 1)  # every user message, newest first
    if users and _CALL_BACK.search(users[0]):
        return False  # "can someone call me back on 07700 900 123?" then "Sure, Sam will call you on 07700 900 123": the call asked for
    if re.fullmatch(r"\+?[\d -]+", contact):
        digits = re.sub(r"\D", "", contact)
        return len(digits) >= 7 and any(digits in re.sub(r"\D", "", v.group(0)) for u in users for v in _CONTACT_VALUE.finditer(u))
    if contact.split()[0].casefold() in ("that", "this", "the"):
        return bool(users) and bool(_CONTACT_VALUE.search(users[0]))  # "The invoices will go to that address" after "invoice to accounts@…"
    return any(contact.casefold() in u.casefold() for u in users)


#: the joins of a promise's deeds ("will text Marek on arrival and won't ring the bell", "会先打电话，不敲门")
_AND = re.compile(r"\band\b|[,，;；]")
#: a deed promised in the piece itself ("the fitter will text Marek", "师傅会先打电话"), not a pronoun or a courtesy ("好的")
_POSITIVE_DEED = re.compile(r"\b(?:will|'ll)\s+(?:also\s+|first\s+|then\s+)?[a-z]{3,}|(?:会|先|再)[\u4e00-\u9fff]{2,}", re.I)


#: a word of what happens as a rule, to anyone ("一般", "usually"); with no "I"/"we will"/我 in the promise, it describes the service
_HABIT = re.compile(r"一般|通常|平时|往往|正常情况下|是[^，,。！？]{2,}?的\s*(?:[。！，,]|$)|\b(?:usually|normally|typically|generally)\b", re.I)
#: a deed done every time; with no "you"/您 it is how the service goes for everyone ("营地每天晚上都会在家长群里发照片"),
#: with one it is this user's ("小林每次上门后会给您发视频")
_EVERY = re.compile(r"每(?:天|次|周|晚|节课|个月)|\balways\b|\bevery (?:day|time|week|class|session)\b|\bafter each\b", re.I)
_OWN = re.compile(r"\b(?:i|we)\b|我", re.I)
_USER = re.compile(r"\byou(?:r|rs)?\b|您|你", re.I)
#: (cons27) a deed of contact aimed at one person, the user's (the contact they named): "每次接种前一天会短信提醒她",
#: "the driver always texts him on the way"; them all (她们, them) is how the service goes for everyone
_TO_THEIR_PERSON = re.compile(r"(?:提醒|通知|联系|告诉|打电话给|发给|转告)(?:她|他)(?!们)|给(?:她|他)(?!们)(?:打|发|回)"
                              r"|\b(?:remind|reminds|text|texts|call|calls|ring|rings|email|emails|phone|phones|tell|tells) (?:her|him)\b", re.I)


def _deed_end(pieces, kinds, start: int, end: int) -> int:
    """(prom18) Where the last clause that promises in a span ends: a bare span after it ("运输证办好会短信通知您，一般三个
    工作日") tells how long the service usually takes, it does not make the deed before it a habit.

    >>> pieces = [(0, "运输证办好会短信通知您"), (12, "一般三个工作日")]
    >>> _deed_end(pieces, ["make", "plain"], 0, 19), _deed_end(pieces, ["plain", "plain"], 0, 19)
    (11, 19)
    """
    return max((o + len(c) for (o, c), kind in zip(pieces, kinds) if kind == "make" and start <= o < end), default=end)


def _habitual(span: str) -> bool:
    """Whether a promise's span says how the service goes as a rule rather than what the assistant's
    side will do for this user: a habit word (一般, 每天, "always", a 是…的 statement) and no "I"/"we"/我.

    >>> _habitual("鉴定一般需要3到5个工作日，结果会以短信形式通知"), _habitual("我们一般24小时内给您回电")
    (True, False)
    >>> _habitual("营地每天晚上都会在家长群里发照片"), _habitual("小林每次上门后会给您发视频")
    (True, False)

    A deed of contact aimed at the one person the user named is theirs too (cons27): "每次接种前一天会短信提醒她" (the user
    just made her the contact); one to everyone stays how the service goes.

    >>> _habitual("每次接种前一天会短信提醒她"), _habitual("每次上课前都会提醒她们带水")
    (False, True)

    A deed the service offers for free is what the offer includes (prom32zh, :func:`_free_service`), "we" or not:
    "我们免费帮您装好、调好卫星轴再发货"; the learned reader leaves it as the rule readers do.

    >>> _habitual("我们免费帮您装好、调好卫星轴再发货"), _habitual("我帮您申请免费上门取件")
    (True, False)
    """
    if _free_service(span):
        return True
    if _OWN.search(span):
        return False
    return bool(_HABIT.search(span)) or bool(_EVERY.search(span)) and not _USER.search(span) \
        and not _TO_THEIR_PERSON.search(span)


#: (prom32zh) a deed of the service told with its price, free ("我们先免费做个检索", "寄修我们安排顺丰上门取件，免费")
_FREE = re.compile(r"免费")
#: …and what makes it a deed owed to this user all the same: the assistant's own 我 (我帮您申请免费上门取件), a will (航班
#: 延误我们免费等候，司机会自己盯航班), a word to the user (到时候我们会提前通知您), a day or a time it is due (明天免费上门)
_OWED = re.compile(r"我(?!们)|(?:会|将)(?!员|议|所|计|场|话|儿)|通知|提醒|短信|联系|告诉|告知|打电话|回复|回电|发(?:到|给)?您|今天|明天|后天|今晚|明早|到时候?|届时"
                   r"|\d{1,2}(?:月|[日号点]|:\d)|周[一二三四五六日天]|(?:上|下)午"
                   # (fix33) a make-good of this user's order, done again or replaced for them: "我们免费给您重新寄一个", "免费为您补发"
                   r"|(?:给|为|帮)您(?:重新|再|补)(?:寄|发|送|做|换|装|修)|(?:给|为|帮)您(?:补发|补寄|换(?:一个|个|一台|台|一件|件|新))")


def _free_service(span: str) -> bool:
    """(prom32zh) Whether a promise's span only tells a deed the service offers for free ("我们先免费做个检索，看有没有相同的
    在先专利", "我们免费帮您装好、调好卫星轴再发货"): what the offer includes, said with its price as the service's habits
    are (the cue lines leave 免费 out for the same reason), not a deed owed; the assistant's own 我, a will (会), a word to
    the user and a due time still promise.

    >>> _free_service("我们先免费做个检索，看有没有相同的在先专利"), _free_service("寄修我们安排顺丰上门取件，免费")
    (True, True)
    >>> _free_service("换货我帮您申请免费上门取件"), _free_service("滤芯第一年免费上门换一次，到时候我们会提前通知您")
    (False, False)
    >>> _free_service("我们明天免费上门复查"), _free_service("航班延误我们免费等候，司机会自己盯航班")
    (False, False)
    >>> _free_service("非常抱歉，我们免费给您重新寄一个新的"), _free_service("我们免费给您送货上门")  # (fix33) a make-good is owed
    (False, True)
    """
    return bool(_FREE.search(span)) and not _OWED.search(span)


#: (prom32zh) money on its way to the user: it arrives (到账) or goes back the way it came (原路退回)
_MONEY_ARRIVES = re.compile(r"到账|原路退回")
#: a deed of the assistant's side in the span beside the money's way: its own voice, a deed for the user (为您申请退款), a
#: word to the user (到账后短信通知您, 没到账我们主动联系您)
#: or a step of the service's the refund waits on (仓库签收后1-3个工作日退款到账: the refund is the service's deed to do)
_MONEY_DEED = re.compile(r"我|(?:为|帮|给|替)您|通知|提醒|短信|联系|告诉|告知|打电话|回复|(?<=[\u4e00-\u9fff])(?:之)?后")


def _money_way(span: str) -> bool:
    """(prom32zh) Whether a promise's span only tells how the user's money arrives ("赎回款到您尾号6612的建行卡，T+3个工作日
    到账", "4770元会在7个工作日内原路退回您的支付宝", "原路退回微信，24小时内到账"): the way of the refund or payment, a fact
    of it that no annotator lists; a deed of the assistant's side beside it ("到账后我提醒您", "为您申请退款，299元原路退回",
    "退款如果24小时没到账，我们主动联系您") still promises, and so does a refund after a step of the service's
    ("仓库签收后1-3个工作日退款到账").

    >>> _money_way("赎回款到您尾号6612的建行卡，T+3个工作日到账"), _money_way("已取消，4770元会在7个工作日内原路退回您的支付宝")
    (True, True)
    >>> _money_way("到账后我提醒您"), _money_way("退款到账后会有短信通知您"), _money_way("1599元明天会先临时退回您的额度")
    (False, False, False)
    >>> _money_way("仓库签收后1-3个工作日退款到账")
    False
    """
    return bool(_MONEY_ARRIVES.search(span)) and not _MONEY_DEED.search(span)


#: a sentence that opens by reporting a booking ("Booked, reference EV-3318: …", "Confirmed: …", "已为您预约，…")
_BOOKING_HEAD = re.compile(r"^\W*(?:(?:all |you'?re |you are |that'?s |now )?(?:booked|confirmed|changed|rescheduled|moved|updated|reserved|scheduled|all set)\b"
                           r"[^.!?]{0,40}?[:,]|已(?:经)?(?:为您|给您|帮您)?(?:预约|预订|下单|改约|改好|安排好|约好|订好)[^。！？]{0,30}?[，,：:])", re.I)
#: the assistant's own voice: its promise stands whatever the sentence opens with
_OWN_VOICE = re.compile(r"\b(?:i|we)(?:'ll| will| shall)\b|我", re.I)
#: (prom16) a step ahead, then a deed sent to the user ("…，开好后电子版发到您邮箱"): the service's word to come, no part of
#: what was booked; not said done (…发到您邮箱了)
_SENT_LATER = re.compile(r"(?:后|之后|以后|到时候?)[^，,。！？]{0,8}?(?:发|寄|转|通知|告诉|联系)(?:给|到)?您(?![^，,。！？]*了)")


#: (cons27) a contact joined on to a booked visit with "and": "… will come today between 2 and 4pm and phone 20 minutes
#: before they arrive", "… and text you when he's on the way"
_AND_CONTACT = re.compile(r"\band (?:will )?(?:also |then |first )?(?:phone|call|ring|text|email|e-mail|message)\b"
                          r"(?! (?:number|line|address|details)\b)", re.I)


def _restates_booking(text: str, offset: int, clause: str) -> bool:
    """A third party's "will" inside a sentence that opens by reporting a booking restates what was
    booked when it names the booking's day or time (:func:`_dated`), it promises nothing more
    ("Booked, reference EV-3318: Lorna will visit on Monday at 9"); a deed of its own ("已预约，…，
    上门前林工会给您打电话"), the assistant's own "I'll …" and a deed sent to the user after a step (已下单，…开好后电子版
    发到您邮箱: prom16) there still promise. The caller also takes a clause with no
    will/会 there as the booking restated, dated or not ("已约好明晚9点半，小周给您做可视采耳": who does what, as booked).

    >>> _restates_booking("Booked, ref OT-2291: Priya will survey on Thursday.", 22, "Priya will survey on Thursday.")
    True
    >>> _restates_booking("Booked. Priya will email you the quote.", 8, "Priya will email you the quote.")
    False
    >>> _restates_booking("已下单，开好后电子版发到您邮箱。", 4, "开好后电子版发到您邮箱")
    False

    A contact joined on to the booked visit is a deed of its own (cons27): "Booked, job GT-33190: Marek will come today
    between 2 and 4pm and phone 20 minutes before he arrives" promises the call.

    >>> t = "Booked, job GT-33190: Marek will come today between 2 and 4pm and phone 20 minutes before he arrives."
    >>> _restates_booking(t, 22, t[22:-1])
    False
    """
    if _OWN_VOICE.search(clause) or _SENT_LATER.search(clause) or _AND_CONTACT.search(clause):
        return False
    start = max((m.end() for m in _SENTENCE_END.finditer(text, 0, offset)), default=0)
    return bool(_BOOKING_HEAD.search(text[start:offset + len(clause)]))


_CAN = re.compile(r"\bcan\b|可以", re.I)


def _sentence_of(text: str, offset: int) -> str:
    """The whole sentence the character at ``offset`` is in."""
    return _sentence_from(text, max((m.end() for m in _SENTENCE_END.finditer(text, 0, offset)), default=0))


def _restates_result(ctx: MessageContext, clause: str, sentence: str) -> bool:
    """A third party who *can* do a deed, said with the reference the tool just returned, restates what
    was booked ("Hannah can come this Thursday at 6:30pm, ref PAT-3391" after ``{"meet": "PAT-3391"}``);
    the assistant's own "I'll …" and a deed the service will do (…发货后会把快递单号发给您) still promise."""
    G, last = ctx.graph, ctx.graph.graph.get("last_turn")
    if _OWN_VOICE.search(clause) or not _CAN.search(clause) or not last or G.nodes[last]["role"] != "tool":
        return False
    return bool(_identifiers(sentence) & _identifiers(G.nodes[last].get("text") or ""))


_TO_YOU = re.compile(r"\byou(?:r|rs)?\b", re.I)
#: words of when, beside the day and time the entity rules mark
_WHEN_WORDS = frozenset("between from until till around about morn morning afternoon evening noon midday night day".split())


def _schedule_only(ctx: MessageContext, start: int, end: int, text: str) -> bool:
    """Whether a promise of spaced writing only says when the booked service happens: it names a day
    or a time, no "you", and one word besides them, the service's own verb ("We'll collect on Monday 19
    October", "Yes, we'll collect it on Thursday between 9 and 12"). That is the booking's day, not a
    deed for the user; "I'll call you tomorrow" and "we'll have the spring fitted by Friday" promise."""
    if ctx.profile.segmented or not _dated(ctx, start, end) or _TO_YOU.search(text):
        return False
    from .cues import _NAMELESS

    part = next((p for p in reversed(re.split(r"[,;:]\s+", text)) if _AHEAD.search(p)), text)  # not "Will do, …"
    when = " ".join(m.text for m in ctx.mentions if start <= m.start < end and m.label in ("DATE", "TIME", "DAY"))
    words = _stems(part, ctx.lang) - _stems(when, ctx.lang) - _NAMELESS - _WHEN_WORDS
    return len([w for w in words if not w[:1].isdigit()]) <= 1


def _dated(ctx: MessageContext, start: int, end: int) -> bool:
    """Whether the span names a day, a date or a time (the entity rules' mentions)."""
    return any(start <= m.start < end and m.label in ("DATE", "TIME", "DAY") for m in ctx.mentions)


def _without_question(text: str, sentence: str) -> str:
    """A promise's text without the question its ``sentence`` ends with ("I'll text a reminder
    on the day, is the number on file still yours?" -> "I'll text a reminder on the day").

    >>> s = "I'll text a reminder on the day, is the number on file still yours?"
    >>> _without_question(s[:-1], s), _without_question("I'll call you at 5", "I'll call you at 5.")
    ("I'll text a reminder on the day", "I'll call you at 5")
    >>> _without_question("好的，我们会把保修卡寄给您", "好的，我们会把保修卡寄给您，请问地址是？")
    '好的，我们会把保修卡寄给您'
    """
    parts, asked = _SENTENCE_PARTS.split(text), _SENTENCE_PARTS.split(sentence.strip())[-1]
    if len(parts) > 1 and _ENDS_ASKING.search(asked) and parts[-1].strip(_TRIM) == asked.strip(_TRIM + "?？"):
        return text[:len(text) - len(parts[-1])].strip(_TRIM)
    return text


#: a check that asks someone else ("I'll ask Ms Lin about spare nails"): its answer cannot be in the same message
_ASKS_SOMEONE = re.compile(r"^ask\b", re.I)


def _checked_here(ctx: MessageContext, text: str, end: int, pieces, kinds) -> bool:
    """A promise to look something up that the same message answers, with no tool call to
    wait for ("我帮您查一下，您的订单昨天已经发出了", "Let me check. It left the depot this
    morning."): it is done as it is said; not a question put to someone else ("I'll ask Ms Lin about spare
    nails. Your lesson is on Saturday at 10.": the lesson is no answer)."""
    check = None if ctx.message.tool_calls else first_match(ctx.pack.checks, text)
    if check is None or _ASKS_SOMEONE.match(check.group(0)):
        return False
    return any(offset >= end and kind in ("plain", "report") and clause.strip(_TRIM) and not _ENDS_ASKING.search(clause)
               for (offset, clause), kind in zip(pieces, kinds))


_DASH = re.compile(r"\s[-–—]+\s+|—+")


def _pieces(text: str) -> tuple[list[tuple[int, str]], set[int]]:
    """The message's clauses, each also cut at a dash ("I'll send you the checklist - which
    email?"), and the offsets of the pieces a dash closes (a question after the dash is not
    theirs)."""
    out, inner = [], set()
    for offset, clause in clauses(text):
        pos = 0
        for m in _DASH.finditer(clause):
            if clause[pos:m.start()].strip():
                out.append((offset + pos, clause[pos:m.start()]))
                inner.add(offset + pos)
            pos = m.end()
        out.append((offset + pos, clause[pos:]))
    return out, inner


def _offers(ctx: MessageContext, sentence: str) -> bool:
    """A sentence that ends asking offers what it says when its last part asks for the user's
    go-ahead (the pack's ``offer_tails``: "…, is that ok?", "…，可以吗？"); a last part that
    asks something else leaves the promise standing: a detail the deed needs ("I'll send you
    the checklist - which email?", "…，请问手机号是？") or another matter ("…, and do you want a
    meeting room?")."""
    if not _ENDS_ASKING.search(sentence):
        return False
    last = _SENTENCE_PARTS.split(sentence.strip())[-1]
    return bool(first_match(ctx.pack.offer_tails, last)) or not re.sub(r"\W", "", last.replace("吗", ""))


_SENTENCE_PARTS = re.compile(r"[,，]|\s[-–—]+\s|—+")


def _offered(ctx: MessageContext, sentence: str) -> str | None:
    """The deed a question sentence of the assistant offers, else None: the promise before an
    ``offer_tails`` part ("I'll text you the code, is that ok?" -> "I'll text you the code"), or
    what an ``offer_cues`` question asks to do ("Shall I set up a reminder?" -> "set up a
    reminder")."""
    said = sentence.strip()
    s = _addressed(ctx, said)  # 要不要我帮你…？ read as 帮您; the deed keeps the assistant's own words (below)
    if not _ENDS_ASKING.search(s):
        return None
    parts = _SENTENCE_PARTS.split(s)
    asked = next((p for p in (s, parts[-1]) if first_match(ctx.pack.offer_cues, p)), None)  # or "…，要不要我帮您登记一下？"
    if asked is not None:
        deed = re.sub(r"(?:[？?]|吗|么)+\s*$", "", asked[first_match(ctx.pack.offer_cues, asked).end():]).strip(_TRIM)
        if asked is s and len(parts) > 1 and first_match(ctx.pack.offer_tails, parts[-1]):  # "I could X, if you like?": X
            deed = deed[:len(deed) - len(parts[-1].rstrip("?？"))].strip(_TRIM) if deed.endswith(parts[-1].rstrip("?？").strip()) else deed
        if asked is not s and len(parts) > 1 and not _names_deed(ctx, deed):  # "I can get X done too, want me to?": X
            deed = s[:len(s) - len(parts[-1])].strip(_TRIM + "?？")
    elif len(parts) > 1 and first_match(ctx.pack.offer_tails, parts[-1]) and first_match(ctx.pack.make, s[:-len(parts[-1])]):
        deed = s[:len(s) - len(parts[-1])].strip(_TRIM + "?？")
    elif ctx.profile.segmented and (m := _GLUED_TAIL.search(parts[-1])) and first_match(ctx.pack.make, parts[-1][:m.start()]):
        deed = parts[-1][:m.start()].strip(_TRIM)  # "我先把植物清单发给您看看可以吗？": the go-ahead asked in the same clause
    elif ctx.profile.segmented and _ASKS_TO_DO.search(parts[-1]):
        deed = parts[-1].strip(_TRIM + "?？")  # "有的，我加您微信发几张实车图？"
        if len(parts) > 1 and not _names_deed(ctx, deed):
            deed = s.strip(_TRIM + "?？")  # (prom16) "有个体验账号您可以先登录看看，我发给您？": the thing is in the clause before
    elif ctx.profile.segmented and (m := _ASKS_FOR_YOU.match(parts[-1])):
        deed = re.sub(r"(?:[？?]|吗|么)+\s*$", "", parts[-1][m.end():]).strip(_TRIM)  # "能先给您寄一个样品看看吗？"
    else:
        return None
    # "Shall I send it?" names no deed of its own: the next message does it or not; "…一般在2500到3800之间，检测完给您出方案，
    # 您看可以吗？" asks about how the service goes
    if not (_names_deed(ctx, deed) or _FOR_SOMEONE.match(deed) and _stems(deed, ctx.lang)) or _habitual(deed):
        return None
    at = s.find(deed)
    return said[at:at + len(deed)] if at >= 0 else deed


#: a go-ahead asked at the end of the clause that says the deed, with no comma before it ("…发给您看看可以吗？")
_GLUED_TAIL = re.compile(r"(?<=[\u4e00-\u9fff])(?:这样)?(?:可以|好|行)(?:吗|么|不)\s*[？?]\s*$")
#: the assistant asks whether it shall do a deed for the user by saying it with a question mark, no question word
#: ("我加您微信发几张实车图？", "我帮您约周六上午？"): an offer, as "要不要我…？" is
_ASKS_TO_DO = re.compile(r"^\W*(?:那|那么|好的)?\s*我(?:们)?(?:先|再|这边|现在|马上|就)?(?!是|想|觉得|看|可以|能|不|没|会不会|要不要|需要|需不需要|该)"
                         r"(?![^，,。！？]*(?:什么|哪|多少|怎么|谁|为什么|如何|吗|呢|么|是否|还是|或者|对不对|是不是))"
                         r"[\u4e00-\u9fff][^，,。！？]*您[^，,。！？]*[？?]\s*$")


#: a yes/no question that asks whether to do a deed for the user or their party, the doer left out as Chinese leaves
#: it out: a modal, then 帮/给/替/为 and the person ("能先给您寄一个样品看看吗？", "要帮您留一条吗？", "要一起帮他报上吗？",
#: "需要给您开发票吗？"); not a thing to add to the order ("要不要加个锦盒？": no one it is done for), nor a question of which
#: ("要帮您留哪个品种的大棚？": the answer is a pick)
_ASKS_FOR_YOU = re.compile(r"^\W*(?:那|那么|好的)?\s*(?:要不要|需不需要|需要|要|能不能|能|可以)(?:我们?)?(?:先|一起|顺便|再|也|现在)?"
                           r"(?=(?:帮|给|替|为)(?:您|你|他|她)(?!们?(?:是|有|觉得|看|想))[\u4e00-\u9fff](?![^，,。！？?]*(?:哪|什么|几|多少|怎么|谁))[^，,。！？?]*[？?]\s*$)")
#: a deed done for the user or their party (帮您留一条, 帮他报上, 给您开发票): the beneficiary names whom, one word names what
_FOR_SOMEONE = re.compile(r"^\W*(?:先|一起|顺便|再|也)?(?:帮|给|替|为)(?:您|你|他|她)")


def _names_deed(ctx: MessageContext, deed: str) -> bool:
    """Whether an offered deed names a deed and its thing (two content words), not only "it"."""
    return len([w for w in _stems(deed, ctx.lang) if not w.isdigit()]) >= 2


def _happened(ctx: MessageContext, open_) -> list[_Unit]:
    """Open promises to tell the user when something happens (the pack's ``waits_for``, group
    ``event``) that this assistant message reports happened: a word of the event in its past
    form ("I'll let you know as soon as he approves it", then "Dr. Lee has just approved the
    renewal"; "… once the parts arrive", then "the parts arrived this morning").

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "assistant", "content": "I'll let you know once the landlord signs the form."},
    ...                 {"role": "assistant", "content": "Good news: the landlord signed it this morning."}])
    >>> [c.status for c in t.state().commitments]
    ['done']
    """
    units: list[_Unit] = []
    for pid, d in open_:
        m = first_match(ctx.pack.waits_for, d["text"])
        event = m.group("event") if m and "event" in m.re.groupindex else None
        words = [w for w in _stems(event or "", ctx.lang) if len(w) >= 3 and w.isalpha()]
        if any(re.search(rf"\b{re.escape(w)}\w*ed\b|\b{re.escape(w[:-1])}\w*ed\b", ctx.text, re.I) for w in words):
            units.append(FulfilUnit(commitment=pid, status="done"))
    return units


#: (lifts17) an offer that asks where to do the deed ("Where shall I send the e-tickets?"): an answer that gives the
#: detail, neither no nor a question, takes it as a yes does (not "What time should we deliver …?": the booking's time)
_WHERE_TO = re.compile(r"^\W*(?:where|which (?:address|email|number)) (?:shall|should) (?:i|we)\b", re.I)
#: a detail an answer to "Where shall I send …?" gives: an email, a number, a place word ("hannah@…", "to my work
#: address", "home please"); "hmm let me think" or "hold on, I need to check with my wife" gives none
_GIVES_DETAIL = re.compile(r"@|\d|\b(?:home|work|office|address|email|e-mail|inbox|post|same (?:as|one|place))\b", re.I)


def _accepted_offers(ctx: MessageContext, open_) -> list[_Unit]:
    """The user says yes (its first clause is a ``confirm`` cue: "yes please do", "可以。…"), or gives the detail an offer
    asked where to do it ("Where shall I send the proof?" - "hannah@…", lifts17), to the assistant's last message:
    each deed it offered is a promise, open ("Shall I set up
    an email reminder?" - "yes" makes "set up an email reminder" a promise; "到时我提前一天联系您
    确认时间，可以吗？" - "可以").

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "assistant", "content": "Your order is in. Shall I email you the receipt?"},
    ...                 {"role": "user", "content": "yes please"}])
    >>> [(c.text, c.status) for c in t.state().commitments]
    [('email you the receipt', 'open')]
    """
    G = ctx.graph
    last = G.graph.get("last_turn")
    if not last or G.nodes[last]["role"] != "assistant" or not (G.nodes[last]["text"] or "").strip():
        return []
    at, first = next(((o, c) for o, c in clauses(ctx.text) if c.strip()), (0, ""))
    confirm = [cues for name, cues in ctx.pack.intents if name == "confirm"]
    if not first.strip() or _ENDS_ASKING.search(first.strip()) or _asks(ctx.text, at, first):
        return []  # "what do you need to call about?" echoes the verb, and asks (lifts17)
    first = first.strip()
    said_yes = any(first_match(cues, first) for cues in confirm)
    said_no = any(first_match(cues, first) for name, cues in ctx.pack.intents if name == "deny") or first_match(ctx.pack.declines, first)
    units: list[_Unit] = []
    text = G.nodes[last]["text"]
    for start, end in question_sentences(text):
        deed = _offered(ctx, text[start:end])
        answered = not said_no and _WHERE_TO.match(text[start:end]) and _GIVES_DETAIL.search(first)
        if deed and not said_yes and not _echoes(ctx, first, text[start:end], deed) and not answered:
            continue
        made_there = [d["text"] for _, d in open_ if d["turn"] == G.nodes[last].get("index", -1)]
        if deed and _BOOKS_IT.match(deed):
            continue  # "Shall I book a pickup?" - "yes": the booking itself, its call and result are the record
        if deed and not any(_overlap(ctx, deed, d["text"]) >= max(2, len(_stems(deed, ctx.lang))) for _, d in open_) \
                and not any(m in deed for m in made_there):  # "我去申请一下协议价，明天回复您，可以吗？" is made already
            units.append(CommitmentUnit(text=deed, due=None, status="open"))
    return units


#: what a yes said by its verb may carry besides the verb: zh particles and "a bit" (查查吧, 要的要的, 查一下吧, 发吧)
_ECHO_FILL = re.compile(r"[吧的啊呀哈呗了嘛哦噢呢一下]")
#: a no said with the verb (不用问了, 先不发, 别查了, 甭寄了) or a word that puts it off (先, 再说, 等等)
_ECHO_NOT = re.compile(r"[不没别甭免]|先|再说|等等")
_EN_NOT = re.compile(r"\b(?:no|not|don'?t|do not|never|later|yet)\b|n't\b", re.I)


def _echoes(ctx: MessageContext, reply: str, offer: str, deed: str) -> bool:
    """Whether the user's first clause says yes to an offer by saying its verb again, the way a yes/no question is
    answered in Chinese (要不要我帮您问问… - 问问吧; …我发给您？ - 发吧; 要不要我先帮您留一对？ - 要的要的) and, in English,
    by the offered verb as a bare imperative ("Want me to send you the exercises?" - "send them over, thanks").
    Not a no said with the verb (不用问了, 先不发了, "don't check yet"), nor a clause that says more than the verb.

    >>> from types import SimpleNamespace
    >>> zh, en = SimpleNamespace(lang="zh"), SimpleNamespace(lang="en")
    >>> _echoes(zh, "问问吧", "要不要我帮您问问李师傅？", "帮您问问李师傅"), _echoes(zh, "不用问了", "要不要我帮您问问？", "帮您问问")
    (True, False)
    >>> _echoes(en, "send them over", "Want me to send you the list?", "send you the list"), _echoes(en, "don't send yet", "Want me to send you the list?", "send you the list")
    (True, False)
    """
    if ctx.lang == "zh":
        core = _ECHO_FILL.sub("", re.split(r"[\s，,。！!～~、；;]+", reply.strip(_TRIM + "。！!～~ "))[0])  # "发吧 微信就是这个手机号"
        return 0 < len(core) <= 3 and not _ECHO_NOT.search(core) and all(ch in offer for ch in core)
    words = re.findall(r"[a-z']+", re.split(r"[,.;!?]", reply.lower(), maxsplit=1)[0])
    verb = re.match(r"\W*(?:(?:also|just|then|quickly)\s+)?([a-z]+)", deed.lower())
    return bool(words and verb and words[0] == verb.group(1) and len(verb.group(1)) >= 3 and not _EN_NOT.search(reply)
                and _of_the_offered(words[1:], deed))


#: (fix15) what a yes said by the offered verb may say besides the thing offered: the thing as a pronoun, its way there,
#: the user as its receiver, politeness ("send them over, thanks", "email it over to me please")
_EN_ECHO_FILL = frozenset("it them that this those these one ones over across through along to me us please pls thanks thank "
                          "you then now yes yeah yep sure ok okay ahead on the a an both all straight away asap too".split())


def _of_the_offered(rest: list[str], deed: str) -> bool:
    """(fix15) Whether the words after the offered verb in a reply say only the offered thing: its words, a pronoun for
    it, the user as receiver, politeness; not another deed or thing ("check with my wife first", "call me instead").

    >>> _of_the_offered(["me", "the", "contract"], "email you the contract"), _of_the_offered(["them", "over"], "send you the list")
    (True, True)
    >>> _of_the_offered(["with", "my", "wife", "first"], "check the depot for you"), _of_the_offered(["me", "instead"], "call the depot")
    (False, False)
    """
    own = set(re.findall(r"[a-z']+", deed.lower()))
    return all(w in _EN_ECHO_FILL or w in own for w in rest)


#: an offered deed that is the booking the chat is making ("book a pickup", "confirm the Princess Palace for Saturday"):
#: the user's yes asks for the booking, which the booking call then records, not a promise to keep (no annotated chat
#: lists one; in Chinese since cp14 read offers with the doer left out: 要帮您取消吗？ - 取消吧, 要帮您锁定一个名额吗？ - 锁,
#: then the call; an offer to book a later visit, 要不要我帮您预约下周的复诊？ / 要不我帮您约…面诊, stays a promise as before); so is a
#: change of the order offered ("Shall I swap the Nordmann for one?" - "yes go on", then ``create_order``: prom11); and
#: (prom30) a booking said by another verb: "Shall I put the booking in your name?", "Shall I hold the 3:30pm class for
#: 12?", "Shall I set up a meet-and-greet with him first?" (the open groups list none of them; zh 登记/预约 offers are
#: listed, so Chinese keeps them)
_BOOKS_IT = re.compile(r"^\W*(?:go ahead and\s+)?(?:book|confirm|swap|switch|change|upgrade|hold (?:the|a|your|it|them)\b"
                       r"|put (?:the|a|your|it|them)\b[^.?!]{0,20}?\b(?:booking|reservation|order|down)\b"
                       r"|set up (?:a|the|your) (?:[\w-]+ ){0,2}?(?:meet-and-greet|meeting|appointment|visit|session|trial|consultation|booking)s?)\b"
                       r"|^\W*(?:先|一起|顺便|再|也)?(?:(?:帮|给|替|为)(?:您|你|他|她)们?)?(?:下单|确认|锁定|取消|退订|换|改|升级)", re.I)


#: the assistant's own future deed (cons6): "I'll …", "we will …", 我(们) + a deed not in the past; not an
#: ability or an offer ("I can …", "我可以帮您…")
_OWN_DEED = re.compile(r"\b(?:i|we)(?:'ll| will| shall|'m going to| am going to| are going to)\b"
                       r"|我(?:们)?(?!可以|能|想|觉得|建议|推荐|看|们)", re.I)


def _tag_promise(ctx: MessageContext, clause: str) -> bool:
    """A clause of spaced writing that is the assistant's own deed and then a go-ahead question
    after a comma ("I'll ring the stables tomorrow and confirm the pony, alright?"): a promise.

    """
    parts = _SENTENCE_PARTS.split(clause.strip())
    return len(parts) > 1 and bool(first_match(ctx.pack.offer_tails, parts[-1])) \
        and _own_deed(clause[:len(clause.strip()) - len(parts[-1])])


def _own_deed(promise: str) -> bool:
    """Whether a promise is the assistant's own future deed, which a go-ahead question after it
    ("…, ok?", "…，可以吗？") does not turn into an offer: the user's no cancels it (:func:`_declined`).

    >>> _own_deed("I'll send a digital proof within two working days"), _own_deed("我去申请一下协议价，明天上午回复您")
    (True, True)
    >>> _own_deed("I can send you the packing list"), _own_deed("我可以帮您预约")
    (False, False)
    """
    return bool(_OWN_DEED.search(promise))


#: the user says the thing came, naming nothing ("收到了，谢谢", "got it thanks")
_RECEIVED = re.compile(r"^\W*(?:好的?|嗯|ok(?:ay)?|great|thanks?)?\W*(?:收到(?:了|啦)?|(?:i\s+)?got (?:it|them)|received(?: it)?)(?:\W|$)", re.I)
#: a deed that sends the user something
_SENDS = re.compile(r"发|寄|\b(?:send|sent|email|text|post|mail)", re.I)
#: (lifts17) a due that is now: "now", "today", 马上, 现在; any other due ("within a week", 三天内, "Monday") is ahead
_DUE_NOW = re.compile(r"\b(?:now|today|tonight|right away|shortly|in a (?:minute|moment)|minutes?)\b|马上|现在|立刻|稍后|今天|今晚|分钟", re.I)


def _due_ahead(due: str | None) -> bool:
    """Whether a promise's due (``_due``) lies ahead of the message after it: a "got it" said then is the user's
    "understood", not a receipt ("Rosa will send you the report within a week of the visit" - "got it thanks": blind14).

    >>> _due_ahead("within a week"), _due_ahead("三天内"), _due_ahead("now"), _due_ahead("in the next few minutes"), _due_ahead(None)
    (True, True, False, False, False)
    """
    return bool(due) and not _DUE_NOW.search(due)


def _received(ctx: MessageContext, open_) -> list[_Unit]:
    """The user says it came, naming nothing ("收到了，谢谢", "got it thanks"), right after the assistant's
    message that promised to send one thing (beside promises that send nothing): that promise is kept (the annotators'
    reading of both open groups where it happens), unless it is due later ("within a week").

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "assistant", "content": "已改好。我会把取车须知发到您的手机上。"},
    ...                 {"role": "user", "content": "收到了，谢谢"}])
    >>> [(c.text, c.status) for c in t.state().commitments]
    [('我会把取车须知发到您的手机上', 'done')]
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "assistant", "content": "改好了。电子合同稍后发到您邮箱。"},
    ...                 {"role": "user", "content": "好的，收到，谢谢。"}])
    >>> [(c.text, c.status) for c in t.state().commitments]
    [('电子合同稍后发到您邮箱', 'open')]
    """
    G = ctx.graph
    last = G.graph.get("last_turn")
    if not last or G.nodes[last]["role"] != "assistant" or not _RECEIVED.search(ctx.text):
        return []
    made = [pid for pid, d in open_ if d["turn"] == G.nodes[last].get("index", -1)]
    sent = [pid for pid in made if _SENDS.search(G.nodes[pid]["text"])]  # "I'll leave you on Flex 30" sends nothing (lifts17)
    if len(sent) != 1 or _due_ahead(G.nodes[sent[0]].get("due")) or _LATER.search(G.nodes[sent[0]]["text"]):
        return []  # (cons25) "电子合同稍后发到您邮箱" then "好的，收到，谢谢": the word is taken, the contract is still to come
    return [FulfilUnit(commitment=sent[0], status="done")]


#: (cons25) a send said to come later than the next reply ("电子合同稍后发到您邮箱", "I'll email it over tomorrow"): a bare
#: "收到" / "got it" right after it takes the word, it reports no receipt
_LATER = re.compile(r"稍后|晚点|晚些|回头|一会儿?|等下|待会|明天|明早|今晚|今天(?:下午|晚上)|下班前|\blater\b|\btomorrow\b|\btonight\b"
                    r"|\bthis (?:afternoon|evening)\b|\bby (?:the end of|close of)\b", re.I)


#: the user says the thing came or was seen, naming it ("收到链接了", "视频看了，不错", "报价单我看过了"); not asked,
#: not negated (没收到, 还没看), not a condition (收到后…; cons29zh: "师父看了要是不合适我也不换", "看了如果…")
_GOT_NAMED = re.compile(r"(?<![没未不])(?:收到|看到|看过|看了)(?![^，,。！？\s]*(?:吗|么|没|[？?]|后|之后|以后|再|的话|要是|如果|万一|假如))")


#: words of a receipt clause that name no thing ("我看了一下", "我们收到了")
_NOT_A_THING = re.compile(r"一(?:下|眼|遍)|我们|咱们|你们|已经|刚刚?|今天|昨天")


def _received_named(ctx: MessageContext, open_) -> list[_Unit]:
    """The user says a thing came or was seen, naming it: the open promise that sends or shows the user
    that thing (its deed sends: 发/寄/"send"…, and it shares a word with the user's clause besides the
    receipt words) is kept ("付定金的链接我现在发您短信" then "好的 收到链接了"; "我先把表演视频发您微信看看" then
    "视频看了 不错"). Segmented writing only: English has its own cues ("the swatches came").

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "assistant", "content": "我先把去年的演出视频发您微信看看。"},
    ...                 {"role": "user", "content": "视频看了 不错"}])
    >>> [(c.text, c.status) for c in t.state().commitments]
    [('我先把去年的演出视频发您微信看看', 'done')]
    """
    if not ctx.profile.segmented or not open_:
        return []
    units: list[_Unit] = []
    for _, clause in clauses(ctx.text):
        m = _GOT_NAMED.search(clause)
        if not m:
            continue
        thing = _NOT_A_THING.sub(" ", clause[:m.start()] + " " + clause[m.end():]).strip(_TRIM)
        sent = [(pid, d) for pid, d in open_ if _SENDS.search(d["text"]) and thing
                and any(w in d["text"] for w in _stems(thing, ctx.lang) if len(w) >= 2 and not w.isdigit())]
        if len(sent) == 1 and not any(u.commitment == sent[0][0] for u in units):
            units.append(FulfilUnit(commitment=sent[0][0], status="done"))
    return units


def _declined(ctx: MessageContext, open_) -> list[_Unit]:
    """The user says no (a ``deny`` cue opens the message: "no thanks, leave it", "不用了") to the
    assistant's last message, whose promise asked the go-ahead ("I'll add the glazing kit to
    your order, ok?"): that promise is cancelled.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "assistant", "content": "I'll add the glazing kit to your order, ok?"},
    ...                 {"role": "user", "content": "no thanks, leave it"}])
    >>> [(c.text, c.status) for c in t.state().commitments]
    [("I'll add the glazing kit to your order", 'cancelled')]

    A message that asked nothing is turned down by a ``declines`` cue ("no need, …", "不用发了"):

    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "assistant", "content": "我回头把样品照片发给您。"},
    ...                 {"role": "user", "content": "不用发了，我已经定了"}])
    >>> [(c.text, c.status) for c in t.state().commitments]
    [('我回头把样品照片发给您', 'cancelled')]
    """
    G = ctx.graph
    last = G.graph.get("last_turn")
    if not last or G.nodes[last]["role"] != "assistant":
        return []
    first = next((c.strip() for _, c in clauses(ctx.text) if c.strip()), "")
    deny = [cues for name, cues in ctx.pack.intents if name == "deny"]
    if not first or not (any(first_match(cues, first) for cues in deny) or first_match(ctx.pack.declines, ctx.text)):
        return []
    said = G.nodes[last]["text"] or ""
    questions = list(question_sentences(said))
    asked = [said[s:e] for s, e in questions if _offers(ctx, said[s:e])]
    # a message that asked nothing: "no need" can only turn down what it promised ("I'll post you a brochure too")
    plain = not questions and bool(first_match(ctx.pack.declines, ctx.text))
    return [FulfilUnit(commitment=pid, status="cancelled") for pid, d in open_
            if d["turn"] == G.nodes[last].get("index", -1) and (plain or any(d["text"] in a for a in asked))]


def _joined(ctx: MessageContext, start: int, end: int) -> list[tuple[int, int]]:
    """A promise's span cut where a second deed is joined to it (the pack's ``joins``) and each deed has its
    own time: "I'll hold the room until Friday and email the contract today" is two promises, one can be kept
    while the other stays open. A second deed with no time of its own follows from the first and is one
    promise with it ("I'll ask the manager and let you know by Friday", "I'll ring the agents today to arrange
    the keys and confirm back to you", "I'll add it and send an updated quote tonight"): cut, its halves were
    promises nobody lists (prom11: dev, blind4, blind5, blind6, blind8, blind9, blind10).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en", today="2026-05-04")
    >>> _ = t.observe({"role": "assistant", "content": "I'll ask the manager and let you know by Friday."})
    >>> _ = t.observe({"role": "assistant", "content": "I'll hold the room until Friday and email the contract today."})
    >>> [c.text for c in t.state().commitments]
    ["I'll ask the manager and let you know by Friday", "I'll hold the room until Friday", 'email the contract today']
    """
    text = ctx.text[start:end]
    cuts = [m for m in (p.search(text) for p in ctx.pack.joins) if m and text[:m.start()].strip(_TRIM)
            and _due(ctx, start, start + m.start()) and _due(ctx, start + m.end(), end)]
    if not cuts:
        return [(start, end)]
    m = min(cuts, key=lambda m: m.start())
    return [(start, start + m.start())] + _joined(ctx, start + m.end(), end)


def _names_a_deed(ctx: MessageContext, clause: str) -> bool:
    """A report names what was done, a word besides its cue and numbers ("your e-ticket has
    been emailed", "8元红包已经放进您的账户了"), not only that something was ("Done.", "已经好了");
    with no open promise it names, a report of a deed (the pack's ``deeds``) is kept as a
    promise done.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "assistant", "content": "Done. Your e-ticket has been emailed to you."}])
    >>> [(c.text, c.status) for c in t.state().commitments]
    [('Your e-ticket has been emailed to you', 'done')]
    """
    rest = _outside(clause, ctx.pack.done)
    return any(not w.isdigit() for w in _stems(rest, ctx.lang))


def _expired(ctx: MessageContext) -> list[_Unit]:
    """Open promises made :data:`COMMITMENT_TURNS` messages ago or earlier, closed as
    expired (the open list is oldest first, so only the expiring ones are looked at)."""
    units: list[_Unit] = []
    for pid, d in g.open_items(ctx.graph, "commitment"):
        if ctx.index - d["turn"] < _cues.COMMITMENT_TURNS:  # read here: a test or a user may set it
            break
        units.append(FulfilUnit(commitment=pid, status="expired"))
    return units


_IDENTIFIER = re.compile(r"(?<![A-Za-z0-9-])(?=[A-Za-z0-9-]*\d)(?=[A-Za-z0-9-]*[A-Za-z])(?![0-9]+(?:am|pm|st|nd|rd|th|h|k)\b)"
                         r"[A-Za-z0-9][A-Za-z0-9-]*[A-Za-z0-9]|\d{5,}", re.IGNORECASE)


def _identifiers(text: str) -> set[str]:
    """What names one thing: letters and digits together ("SO-10001", "A12") or a long
    number (an order or ticket number), not a date or an hour.

    >>> sorted(_identifiers("订单SO-10001的发票, ticket 4452871, by May 9 at 5pm, room A12"))
    ['4452871', 'a12', 'so-10001']
    """
    return {m.group(0).casefold() for m in _IDENTIFIER.finditer(text)}


@lru_cache(maxsize=4096)
def _promise_words(text: str, lang: str) -> tuple[frozenset[str], frozenset[str]]:
    """(content words but numbers, identifiers) of a promise, read once per promise."""
    return frozenset(w for w in _stems(text, lang) if not w.isdigit()), frozenset(_identifiers(text))


#: the thing the user is owed, then where it will go: "Updated, the reminder will go to 07700 900562"
_GOES = re.compile(r"\b(?P<thing>[a-z][a-z-]+)(?: pack| form| list)?s? (?:will|'ll) go (?:out |over )?(?:to|in the post|by (?:post|e-?mail|text))\b", re.I)


def _goes_again(text: str, open_) -> bool:
    """Whether a promise of the form "the <thing> will go to …" names the thing an open promise already owes: that
    promise said again with where it goes, not a second one ("I'll text a reminder on the morning of the visit", then
    "Updated, the reminder will go to 07700 900562"; "Done, the reminder will go out to that number on Wednesday"
    after the reminder offer was taken; prom12). Where it goes is the booking's detail, a fact of its own.

    >>> _goes_again("Updated, the reminder will go to 07700 900562", [("c1", {"text": "I'll text a reminder on the day"})])
    True
    >>> _goes_again("The invoice will go to accounts@example.org", [("c1", {"text": "I'll text a reminder on the day"})])
    False
    """
    m = _GOES.search(text)
    if not m:
        return False
    thing = re.compile(rf"\b{re.escape(m.group('thing'))}s?\b", re.I)
    return any(thing.search(d["text"]) for _, d in open_)


def _superseded(ctx: MessageContext, text: str, open_) -> list[_Unit]:
    """An open promise a newer one restates (most of its words besides numbers, two at least,
    and the same order or ticket number if it names one): "I'll email you the corrected
    invoice tomorrow" replaces "I'll email you the invoice today"; it is closed as cancelled
    and the newer one stays open. "… the invoice for order SO-2" does not replace "… the
    invoice for order SO-1": that is another promise.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> for text in ["I'll email you the invoice for order SO-1 today.", "I'll email you the invoice for order SO-2 today.",
    ...              "I'll email you the corrected invoice for order SO-1 tomorrow."]:
    ...     _ = t.observe({"role": "assistant", "content": text})
    >>> [c.status for c in t.state().commitments]
    ['cancelled', 'open', 'open']
    """
    new, new_ids = _promise_words(text, ctx.lang)
    replaced = []
    for pid, d in open_:
        old, old_ids = _promise_words(d["text"], ctx.lang)
        if old_ids and not old_ids & new_ids:
            continue
        if len(new & old) >= max(2, 0.6 * len(old)):
            replaced.append(FulfilUnit(commitment=pid, status="cancelled"))
    return replaced
