"""The change_reports step: a change the service reports it made replaces the booked value of its kind (wrong12).

After a booking the chat often changes it, and the change is confirmed only in the service's words, with no new
tool call: "I've moved it to 14:30", "Switched to Classic, 12 minutes, £2,800", "已改到8月23日周日上午9点，于老师",
"已经给你改成自然款了", "已改为邓致远". The booked value of the same kind (the tool's time, total, teacher, style,
the name it holds) is then no longer current. The act is the report itself: a change verb in the perfect or done
form ("I've changed it to", "moved to", 已改为, 改成…了), in a sentence that neither asks nor offers ("I can move it
to 13:00 if you like?", "要不要换成防水颜料？" change nothing). What follows the verb, to the sentence's end, is
read phrase by phrase; a phrase that says what stays ("still with Nell", "还是孙师傅", "老师不变") is skipped.
Each value there replaces the newest current fact of its kind that holds another value:

- a clock time, a day, a price or total (never a deposit or a budget: a total only replaces a total), a measure
  with the same unit ("20厘米" for "15厘米", "12 minutes" for "10 min");
- a short phrase naming a thing of the same head ("自然款" for "漫画款", "the full service" for "standard
  service"), a name spelt again ("Maureen Doolan" for "Maureen Dolan", "邓致远" for "邓知远", "梁淑贤" for "梁淑娴"),
  a person of the same title ("于老师" for "孙老师"), or the service's own person by name ("switched the job to Ian
  Clegg" for the technician the tool named, never a name the user said).

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> t.observe_many([{"role": "user", "content": "book me the pottery wheel taster on saturday 14 march at 10:00"},
...                 {"role": "assistant", "content": "Booked for Saturday 14 March, £45."},
...                 {"role": "user", "content": "can it be later? i work mornings"},
...                 {"role": "assistant", "content": "No problem, I've moved it to 14:30 the same day."}])
>>> sorted(f.value for f in t.state().facts if f.status == "current" and ":" in f.value)
['14:30']
>>> t = Tracker("zh")
>>> call = {"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function",
...         "function": {"name": "book", "arguments": '{"style": "团扇", "teacher": "钱老师"}'}}]}
>>> t.observe_many([{"role": "user", "content": "漆扇体验 想做团扇"}, call,
...                 {"role": "tool", "tool_call_id": "c1", "content": '{"order": "QS-1"}'},
...                 {"role": "user", "content": "团扇挂不起来 还是折扇吧"},
...                 {"role": "assistant", "content": "好的，已经给您改成折扇了，还是钱老师。"}])
>>> sorted((f.key, f.value) for f in t.state().facts if f.status == "current" and f.key in ("style", "teacher"))
[('style', '折扇'), ('teacher', '钱老师')]
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from .. import _graph as g
from .._units import FactUnit, _Unit
from .._normalize import _parse_cn_integer
from .changes import _kind_of_fact
from .context import MessageContext
from .dropped import list_items, lists_without
from .kin import _EN_KIN, _ZH_KIN
from .registry import step
from .text import SENTENCE_END

#: the service reports a change it made: the new value follows the match
_REPORT = {
    "en": re.compile(
        r"(?:(?:\b(?:i|we)(?:'ve| have)\s+(?:just\s+|now\s+|also\s+|already\s+)?|\bi\s+(?:just\s+)?|"
        r"(?:^|(?<=[.!,]\s))(?:all\s+)?(?:done,?\s+|now\s+)?)"
        r"(?:changed|moved|switched|swapped|updated|rebooked|amended)"
        # (fix13) the present only as a change promised on the spot: "How about I move it to 14:30", "Alternatively I
        # switch you to…" propose
        r"|\bi'll\s+(?:switch|change|move|swap))\s+"
        r"(?:(?:it|that|this|them|you|your\s+[\w:.]+|the\s+\w+(?:\s+\w+)?)\s+)?"
        # (fix13) the old value between the verb and "to": "moved your 10:00 to 14:30", "moved it from 10:00 to 14:30"
        r"(?:from\s+[^,.;!?]{1,30}?\s+)?(?:over\s+)?to\s+", re.I),
    "zh": re.compile(
        r"(?:已经?|都)(?:给您|给你|帮您|帮你|为您|为你|替您)?(?:更改|修改|变更|更换|改|换|调|挪)(?:成|为|到|至)?"
        r"|(?:改|换|调)(?:成|为|到)(?=[^，。！？,!?\n]{1,20}了)"),
}
#: a sentence that asks, offers or supposes: no change is made ("I can move it to 13:00 if you like?")
_NOT_DONE = {
    "en": re.compile(r"\?|\b(?:if|can|could|would|shall|should|want me to|happy to|able to|unless|or|once|when)\b", re.I),
    "zh": re.compile(r"[？?吗]|要不要|是否|可以帮|如果|的话|能不能"),
}
#: a phrase that says what stays as it was ("still with Nell", "还是孙师傅", "时间不变")
_STAYS = {"en": re.compile(r"\b(?:still|same|as before|unchanged|stays?)\b", re.I),
          "zh": re.compile(r"还是|不变|照旧|一样|同样|没变")}
_PHRASES = re.compile(r"[，,、；;]|\s+(?:and|so|but|with|on|for|at)\s+", re.I)
#: the phrases and statements a message is read in for what it says stays (:func:`change_reports`)
_STAYED_SPLIT = re.compile(_PHRASES.pattern + "|" + SENTENCE_END.pattern, re.I)
_CLOCK = re.compile(r"^(?:[上下]午|早上|晚上|中午|傍晚|凌晨)?\s*(?:\d{1,2}[:：]\d{2}|\d{1,2}(?:\.\d{2})?\s*(?:am|pm)|[\d一二三四五六七八九十]{1,3}点(?:半|\d{1,2}分?)?)\s*$", re.I)
_MONEY = re.compile(r"^\s*(?:[£$€¥]\s?\d[\d,.]*|\d[\d,.]*\s?(?:元|块|pounds?|quid|gbp|eur|usd))\s*$", re.I)
#: the price of the whole: a deposit, a budget or a fee per head is another amount
_TOTAL_KEY = re.compile(r"total|price|cost|总|价", re.I)
_NUMERAL = re.compile(r"[\d.,]+|[一二两三四五六七八九十百千半]")
_LEAD = re.compile(r"^(?:the|our|a|an|your|usual|normal|standard)\s+", re.I)
#: a person's name as written in English ("Ian Clegg", "Dr Kofi Mensah")
_NAME = re.compile(r"(?:(?:Dr|Mr|Mrs|Ms|Miss)\.? )?[A-Z][a-z]+(?: [A-Z][a-z'-]+){1,2}")
#: (fix13) a phrase that names its kind, no value of it: "a later time", "another date", "the new price", 另一个时间
_VAGUE = re.compile(r"^(?:another|other|different|new|later|earlier|next|better|cheaper|some)\b|^(?:另一|另外|别的|其他|新的|晚一点|早一点)", re.I)
_RANGE = re.compile(r"[到至~～–-]|\bto\b|\btill\b|\buntil\b", re.I)
_TRAIL = re.compile(r"(?:了|吧|的|啦|哈)+$")


_CN_RUN = re.compile(r"[零〇一二两三四五六七八九十百千万]+|\d+")
#: words before a value in its phrase that keep it out of the new state ("避开7月25日", "except the 3rd")
_BESIDE = re.compile(r"避开|除了|不要|不用|except|not|avoid", re.I)
_PM = re.compile(r"下午|晚上|傍晚|pm|p\.m", re.I)


def _numbers(text: str) -> list[int]:
    """The numbers a value holds, in digits or Chinese numerals ("一个小孩" and "1个小孩" hold the same)."""
    out = []
    for run in _CN_RUN.findall(text):
        n = int(run) if run.isdigit() else _parse_cn_integer(run.replace("两", "二"))
        if n is not None:
            out.append(n)
    return out


def _clock(text: str) -> int | None:
    """Minutes after midnight of the first clock time in ``text`` ("下午2:00" and "14:00" are one time)."""
    m = re.search(r"(\d{1,2})(?:[:：.](\d{2})|\s*(?:am|pm|点|时))(半)?", text, re.I)
    if not m:
        return None
    hour, minute = int(m.group(1)), int(m.group(2) or (30 if m.group(3) else 0))
    if hour < 12 and _PM.search(text[max(0, m.start() - 4):m.end() + 3]):
        hour += 12
    return hour * 60 + minute


def _same(old: str, new: str, kind: str | None) -> bool:
    """``new`` says the value ``old`` already holds, in another form."""
    if new.casefold() in old.casefold() or old.casefold() in new.casefold():
        return True
    if kind == "time":
        a, b = _clock(old), _clock(new)
        return a is not None and a == b
    if kind == "day":
        a, b = _numbers(old), _numbers(new)
        return not b or (bool(a) and set(b) <= set(a))  # a bare weekday beside a date is its appositive
    if kind in ("total", "measure"):
        return _numbers(old) == _numbers(new)
    return False


#: a unit word right after a bare number ("12 minutes", "3 hours"): with it the number is a measure
_UNIT_AFTER = re.compile(r"\s?(?:[A-Za-z]{2,10}|[\u4e00-\u9fff]{1,2}(?=[，,。.\s]|$))")


def _measured(text: str, m) -> str:
    """A bare number's mention with the unit word said right after it ("12 minutes"), else the mention's text."""
    if m.label not in ("NUMBER", "CARDINAL"):
        return m.text
    unit = _UNIT_AFTER.match(text, m.end)
    return text[m.start:unit.end()] if unit else m.text


def _unit_of(value: str) -> str:
    """The unit a measure is counted in ("15厘米" -> "厘米", "10 min" -> "min", "九米六" -> "米")."""
    return _NUMERAL.sub("", value).strip().casefold()


def _same_unit(a: str, b: str) -> bool:
    ua, ub = _unit_of(a), _unit_of(b)
    if not ua or not ub or ua == a.casefold() or ub == b.casefold():
        return False
    return ua[:3] == ub[:3] or ua.endswith(ub) or ub.endswith(ua)


def _kind(value: str, key: str, slot: str | None) -> str | None:
    """The kind of a current fact's value a report can replace."""
    if _CLOCK.match(value) or (slot == "time" or key == "time") and not re.search(r"[月日号]|day|\d{4}", value, re.I):
        return "time"
    if _kind_of_fact({"value": value, "key": key, "slot": slot}) == "day":
        return "day"
    if _MONEY.match(value) and (slot == "price" or _TOTAL_KEY.search(key)):
        return "total"
    return None


def _mention_kind(label: str) -> str | None:
    return {"TIME": "time", "DATE": "day", "DAY": "day", "MONEY": "total", "QUANTITY": "measure"}.get(label)


def _said_by_user(G, value: str) -> bool:
    return any(d.get("role") == "user" and value.casefold() in str(d.get("text", "")).casefold()
               for n, d in G.nodes(data=True) if str(n).startswith("t"))


def _respelt(old: str, new: str, lang: str) -> bool:
    """``new`` is ``old`` said again in another form: a name spelt again, a thing of the same head, a person of
    the same title."""
    if old == new or not old or not new:
        return False
    if lang == "zh":
        if not (2 <= len(new) <= 5 and 2 <= len(old) <= 5 and re.fullmatch(r"[\u4e00-\u9fff]+", old + new)):
            return False
        differ = sum(a != b for a, b in zip(old, new))
        return len(old) == len(new) and (differ == 1 or (old[-1] == new[-1] and differ < len(new)))
    ow, nw = old.casefold().split(), new.casefold().split()
    if not ow or not nw or len(nw) > 4 or len(ow) > 4:
        return False
    if "," in old or "," in new:
        return False
    if ow[-1] == nw[-1] and len(ow[-1]) >= 4 and ow[:-1] != nw[:-1] and not _NAME.fullmatch(old):
        return True  # "standard service" -> "full service"
    return len(ow) == len(nw) and ow[0] == nw[0] and SequenceMatcher(None, old.casefold(), new.casefold()).ratio() >= 0.8


#: (fix13) a person of the user's whose booking the report is about: their possessive ("your wife's", 您朋友那单,
#: 你老公的); the person as the object of the change is read in the match ("moved your wife to")
_ANOTHERS = {"en": re.compile(rf"\byour\s+(?:{_EN_KIN})['’]s\b", re.I),
             "zh": re.compile(rf"(?:您|你)(?:家)?(?:{_ZH_KIN}|[爸妈哥姐弟妹])(?:的|那)")}
_OBJECT = {"en": re.compile(rf"\byour\s+(?:{_EN_KIN})\b", re.I), "zh": re.compile(r"(?!)")}


#: (fix14) where a clause of a reported change ends: a mark, "so" / "but" opening a clause of its own, or "and" before a
#: supposition ("moved to 14:30 and if anything changes I'll let you know")
_CLAUSE_BREAK = re.compile(r"[，,；;]|\s+(?:so|but)\s+|\s+and\s+(?=(?:if|when|once|unless)\b)", re.I)


def _done_until(text: str, lang: str, m: re.Match, stop: int) -> int:
    """(fix14) Where the report ``m`` in ``text`` (its sentence ending at ``stop``) names its new state up to, or -1 when
    it is no change made. A change promised on the spot ("I'll move it to 14:30 …") is read with its whole sentence: a
    condition anywhere in it ("… on Saturday if the tutor agrees") holds the deed back. A change reported done ("I've
    moved it", 已经给您改到) is read in its own clause: a supposition or offer in a later clause ("… so you can have a
    lie-in", "…, if that's a problem just say", 已经给您改到下午3点了，如果不方便再跟我说) undoes nothing, and ends what it
    names.

    >>> said = "I've moved it to 14:30 so you can have a lie-in"
    >>> said[:_done_until(said, "en", _REPORT["en"].search(said), len(said))]
    "I've moved it to 14:30"
    >>> said = "I'll move it to 14:30 on Saturday if the tutor agrees"
    >>> _done_until(said, "en", _REPORT["en"].search(said), len(said))
    -1
    """
    not_done = _NOT_DONE[lang]
    if lang == "en" and m.group(0).lower().lstrip().startswith("i'll"):
        return -1 if not_done.search(text, m.end(), stop) else stop
    pos = m.end()
    for brk in _CLAUSE_BREAK.finditer(text, m.end(), stop):
        if not_done.search(text, pos, brk.start()):
            return -1 if pos == m.end() else cut
        pos, cut = brk.end(), brk.start()
    if not_done.search(text, pos, stop):
        return -1 if pos == m.end() else cut
    return stop


def _spans(ctx: MessageContext) -> list[tuple[int, int]]:
    """(start, end) of what each report in the message names as the new state."""
    rx = _REPORT.get(ctx.lang)
    if rx is None:
        return []
    out = []
    for m in rx.finditer(ctx.text):
        begin = max((e.end() for e in SENTENCE_END.finditer(ctx.text, 0, m.start())), default=0)
        end = SENTENCE_END.search(ctx.text, m.end())
        stop = end.start() if end else len(ctx.text)
        if end is not None and end.group(0) in "?？":
            continue  # "shall I move it to 13:00?"
        if _NOT_DONE[ctx.lang].search(ctx.text[begin:m.start()]):
            continue
        stop = _done_until(ctx.text, ctx.lang, m, stop)
        if stop < 0:
            continue
        if _ANOTHERS[ctx.lang].search(ctx.text[begin:m.start()]) or _ANOTHERS[ctx.lang].search(m.group(0)) \
                or _OBJECT[ctx.lang].search(m.group(0)):
            continue  # (fix13) "您朋友那单已经换成孙老师了", "I've moved your wife to 14:30": another person's booking
        out.append((m.end(), stop))
    return out


@step("change_reports", roles=("assistant",))
def change_reports(ctx: MessageContext) -> list[_Unit]:
    """A change the service reports it made replaces the current value of the same kind."""
    spans = _spans(ctx)
    if not spans:
        return []  # most messages report no change: nothing below to work out
    G, added, taken = ctx.graph, [], set()
    # (fix13) what a phrase of the message says stays ("课程还是北欧风", "your service stays the standard valet"): its value is kept
    stayed = [p.casefold() for p in _STAYED_SPLIT.split(ctx.text)
              if p and _STAYS[ctx.lang].search(p) and not _NOT_DONE[ctx.lang].search(p)]  # not "还是要上午10点的话…"
    for start, stop in spans:
        pos = start
        for part in filter(None, _PHRASES.split(ctx.text[start:stop])):
            at = ctx.text.find(part, pos)
            pos = at + len(part)
            stays = _STAYS[ctx.lang].search(part)
            if stays and (ctx.lang != "en" or stays.start() == 0 or not any(
                    at <= m.start < at + stays.start() for m in ctx.mentions)):
                continue  # "still with Nell", "还是孙师傅", "时间不变"; "14:30 the same day" keeps its 14:30
            values = [(_measured(ctx.text, m), _mention_kind(m.label) or "measure") for m in sorted(ctx.mentions, key=lambda m: m.start)
                      if at <= m.start and m.end <= at + len(part) and (_mention_kind(m.label) or _measured(ctx.text, m) != m.text)
                      and not (stays and m.start >= at + stays.start()) and not _BESIDE.search(ctx.text[at:m.start])]
            # one value of a kind a phrase: "4月20日（周日）" is one day, its weekday no second one
            values = [v for n, v in enumerate(values) if v[1] not in {k for _, k in values[:n]}]
            phrase = _TRAIL.sub("", _LEAD.sub("", part.strip(" .!"))).strip()
            people = [phrase] if ctx.lang == "en" and _NAME.fullmatch(phrase) else []
            # a value some current fact of its kind holds already is no change of it (the user's change act made it)
            # a value a current fact holds already is no change to make ("已改为10月7日15:00还车" after the tool's
            # `return: 10月7号下午 15:00`: the pickup's 早上9点 is not its old value)
            values = [(t, k) for t, k in values if not any(
                k != "measure" and (t.casefold() in str(d.get("value", "")).casefold() or (
                    _kind(str(d.get("value", "")), str(d.get("key", "")), d.get("slot")) == k
                    and _same(str(d.get("value", "")), t, k))) for _, d in g.recent_current_facts(G, 40))]
            for fid, d in g.recent_current_facts(G, 40):
                if fid in taken:
                    continue
                value, key, slot = str(d.get("value", "")), str(d.get("key", "")), d.get("slot")
                if len(value.strip()) > 1 and any(value.casefold() in p for p in stayed):
                    continue  # said to stay (above)
                new = None
                for text, kind in values:
                    if kind == "day" and _RANGE.search(text) and not _RANGE.search(value):
                        continue  # "1月23日到2月4日暂停": a span of days is no new day of a booking
                    if ((kind == "measure" and _same_unit(value, text) and _NUMERAL.search(value)) or
                            (kind != "measure" and kind == _kind(value, key, slot))) and not _same(value, text, kind):
                        new = text
                        break
                if new is None and not values and phrase and not _same(value, phrase, None):
                    items = re.split(r"\s*[,，、]\s*", value)
                    if _VAGUE.match(phrase):
                        pass  # (fix13) "a later time", "another date", "a different valet": no value named
                    elif _respelt(value, phrase, ctx.lang) or (ctx.lang == "en" and at == start and len(key) >= 4 and 2 <= len(phrase.split()) <= 4
                                                               and phrase.casefold().split()[-1] == key.casefold()
                                                               and _kind(value, key, slot) is None):
                        new = phrase  # right after the verb, "our usual life model" names the `model` it replaces
                    elif len(items) > 1 and sum(_respelt(i, phrase, ctx.lang) for i in items) == 1:
                        # one item of a list spelt again: "Priyanka Sharma, Rohan Sharma" -> "…, Rohan Kumar Sharma"
                        new = ", ".join(phrase if _respelt(i, phrase, ctx.lang) else i for i in items)
                    elif people and _NAME.fullmatch(value) and G.nodes.get(f"t{d['turn']}", {}).get("role") == "tool" \
                            and not _said_by_user(G, value):
                        new = people[0]  # "I've switched the job to Ian Clegg": the service's own person
                if new is None:
                    continue
                # the old value under every key that holds it ("child" and "person_孩子": one name)
                for fid2, d2 in g.recent_current_facts(G, 40):
                    if fid2 not in taken and str(d2.get("value", "")) == value:
                        taken.add(fid2)
                        added.append(FactUnit(key=d2["key"], name=d2.get("name", d2["key"]), value=new, slot=d2.get("slot"),
                                              group=d2.get("group"), correction=True, supersedes=fid2))
                values = [v for v in values if v[0] != new]
                phrase = "" if new in people else phrase  # a name spelt again may be held under other keys too
                if not values and not phrase:
                    break
    if added:
        keys = {u.key for u in added}
        ctx.units[:] = [u for u in ctx.units if not (isinstance(u, FactUnit) and not u.offered and u.key in keys)]
    return added


#: a tool call that cancels: its name says so ("cancel", "cancel_booking", "取消预约")
_CANCEL_CALL = re.compile(r"cancel|取消|撤销", re.I)
#: (fix13) a call's name that names, right after "cancel", a thing of the booking, not the booking ("cancel_reminder",
#: "cancel_addon", 取消短信提醒): the booking stays ("cancel_and_notify", "cancel_order" end it)
_ACCESSORY = re.compile(r"(?:cancel|取消|撤销)[\W_]*(?:the[\W_]*)?(?:remind|notif|alert|add[\W_]?on|extra|upsell|insurance|"
                        r"subscri|newsletter|marketing|sms|text|email|短信|提醒|通知|加购|附加|增值|保险)", re.I)
#: an argument naming what is cancelled: a booking's, an order's or an appointment's reference
_REF_ARG = re.compile(r"ref|order|book|reserv|appoint|confirm|预约|订单", re.I)
#: a reference's shape: letters or a dash beside its digits ("GJJ-0713-0452", "HC2103"); a bare number (a phone) is none
_REF = re.compile(r"(?=[^\s]*\d)(?=[^\s]*[A-Za-z-])[A-Za-z0-9][A-Za-z0-9\-_/·]{3,}")


def cancelled(ctx: MessageContext, aid: str | None, units: list[_Unit]) -> list[_Unit]:
    """A cancel call that succeeded (called by the ``tool_result`` step with the call's action and the units it made):
    the facts holding the reference it cancels by end, with the day and time said in the same message as the
    reference (the cancelled booking's slot), and its arguments are no facts of their own: "预约帮我取消掉" ->
    ``cancel(ref=GJJ-0713-0452)``. A call whose arguments are items of a list fact (``cancel_participant(participant:
    "Lena Ortiz")``, :func:`_listed_parts`) cancels those parts only: they leave their lists, the booking stays.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> call = {"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function",
    ...         "function": {"name": "cancel", "arguments": '{"booking": "HC-2103"}'}}]}
    >>> t.observe_many([{"role": "user", "content": "hovercraft taster for 2 please"},
    ...                 {"role": "assistant", "content": "Booked for Saturday 21 March at 10:00, booking HC-2103."},
    ...                 {"role": "user", "content": "sorry, please cancel it"}, call,
    ...                 {"role": "tool", "tool_call_id": "c1", "content": '{"ok": true}'},
    ...                 {"role": "assistant", "content": "Cancelled, HC-2103 is refunded in full."}])
    >>> [f.value for f in t.state().facts if f.status == "current" and ("HC-2103" in f.value or "March" in f.value)]
    []
    """
    from .._units import RetractUnit

    G = ctx.graph
    if aid is None or not _CANCEL_CALL.search(str(G.nodes[aid].get("tool", ""))) or _ACCESSORY.search(str(G.nodes[aid].get("tool", ""))):
        return units  # (fix13) "cancel_reminder", "cancel_addon": a thing of the booking, not the booking
    args = G.nodes[aid].get("arguments") or {}
    parts = _listed_parts(G, args)
    if parts:  # (prec18) "cancel_participant(booking, participant: Lena Ortiz)": a part of the booking, which stays
        return [u for u in units if not (isinstance(u, FactUnit) and u.value in parts)] + lists_without(G, dict.fromkeys(parts))
    refs = [str(v) for k, v in args.items() if _REF_ARG.search(str(k)) and _REF.fullmatch(str(v))] if isinstance(args, dict) else []
    if not refs:
        return units
    facts = g.recent_current_facts(G, 60)
    turns = {d["turn"] for _, d in facts if any(r in str(d.get("value", "")) for r in refs)}
    out = [u for u in units if not (isinstance(u, FactUnit) and any(r in u.value for r in refs))]
    for fid, d in facts:
        value = str(d.get("value", ""))
        if any(r in value for r in refs) or (d["turn"] in turns and _kind(value, str(d.get("key", "")), d.get("slot")) in ("day", "time")):
            out.append(RetractUnit(fact=fid))
    return out


#: (wrong33) an argument naming the thing a call gives up: the old, original or released one ("release_hold",
#: "old_order", "original_booking", "原预约号", "旧订单号")
#: (fix35) release/replaced or old_hold/old_booking give up in any call; old/original/previous/原/旧 only in a call
#: that moves or swaps ("start_return(original_order=…)" keeps the order the user gave; 原因 is a reason)
_GIVEN_UP_ARG = re.compile(r"^(?:release|released|replaced)(?:[_\s-]|$)|^old[_\s-](?:hold|booking)$", re.I)
_GIVEN_UP_IN_A_MOVE = re.compile(r"^(?:old|original|orig|previous|prev|former)(?:[_\s-]|$)|^(?:原(?!因)|旧)", re.I)
#: (fix35) a tool that moves or swaps a thing: its old/original argument is the one given up
_MOVING_TOOL = re.compile(r"reschedul|rebook|re_book|change|swap|move|改|换", re.I)


def given_up(ctx: MessageContext, aid: str | None, units: list[_Unit]) -> list[_Unit]:
    """(wrong33) A call that succeeded and names a reference as the one it gives up ("reschedule(原预约号: GS-0414-07)",
    "book_session(release_hold: PY-H-4410)"): that reference is no current state. It makes no fact of its own and a
    current fact holding just it ends. Only a reference's shape counts ("old_name", "原价", "original_date" stay).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> call = {"role": "assistant", "content": None, "tool_calls": [{"id": "c2", "type": "function",
    ...         "function": {"name": "book_room", "arguments": '{"release_hold": "HL-77", "room": "B"}'}}]}
    >>> t.observe_many([{"role": "user", "content": "hold room A please"},
    ...                 {"role": "assistant", "content": "Held room A, hold HL-77."},
    ...                 {"role": "user", "content": "room B instead, book it"}, call,
    ...                 {"role": "tool", "tool_call_id": "c2", "content": '{"booking": "BK-901"}'}])
    >>> [f.value for f in t.state().facts if f.status == "current" and "HL-77" in f.value]
    []
    """
    from .._units import RetractUnit

    args = ctx.graph.nodes[aid].get("arguments") if aid is not None else None
    if not isinstance(args, dict):
        return units
    moving = bool(_MOVING_TOOL.search(str(ctx.graph.nodes[aid].get("tool") or "")))
    refs = {str(v).strip() for k, v in args.items()
            if isinstance(v, str) and (_GIVEN_UP_ARG.search(str(k)) or moving and _GIVEN_UP_IN_A_MOVE.search(str(k)))
            and _REF.fullmatch(v.strip())}
    if not refs:
        return units
    out = [u for u in units if not (isinstance(u, FactUnit) and u.value.strip() in refs)]
    return out + [RetractUnit(fact=fid) for fid, d in g.recent_current_facts(ctx.graph, 60)
                  if str(d.get("value", "")).strip() in refs]


def _listed_parts(G, args) -> set[str]:
    """(prec18) The arguments of a cancel call that are items of a list fact the state holds or held ("participant":
    "Lena Ortiz" of "person: Hugo Marr, Lena Ortiz", taken off it already by the user's words): the call cancels
    those parts, not the booking.

    >>> from ctxgraph._graph import new_graph
    >>> _listed_parts(new_graph(), {"booking": "KY-3301"})
    set()
    """
    if not isinstance(args, dict):
        return set()
    items = {x for _, d in g.facts(G) if len(xs := list_items(str(d["value"]))) > 1 for x in xs}
    return {v for v in args.values() if isinstance(v, str) and v in items}


#: the service says the booking is cancelled ("Cancelled, …", "已取消", "订单作废")
_CANCEL_DONE = re.compile(r"\bcancell?ed\b|已(?:经)?(?:为您|给您|帮您)?取消|取消(?:好)?了|作废", re.I)


@step("cancel_confirmed", roles=("assistant",))
def cancel_confirmed(ctx: MessageContext) -> list[_Unit]:
    """"Cancelled, HC-2103 is refunded", "已取消，订单NJ-0315作废": a reference the service says again as it confirms the
    cancel is no booking made anew (the facts step's unit holding it is dropped)."""
    if not _CANCEL_DONE.search(ctx.text):
        return []
    G = ctx.graph
    ended = [r.group(0) for _, d in G.nodes(data=True) if d.get("kind") == "fact" and d.get("status") == "retracted"
             for r in [_REF.search(str(d.get("value", "")))] if r]
    ctx.units[:] = [u for u in ctx.units if not (isinstance(u, FactUnit) and any(r in u.value for r in ended))]
    return []


#: (prec22) the words right before an amount that say it is the whole price now: "共430元", "合计2150元", "一共是", "so it's
#: £220", "total £310", "comes to £95", "now £60"
_TOTAL_BEFORE = {"en": re.compile(r"(?:\btotal(?:\s+(?:is|of|now|comes\s+to))?|\bcomes?\s+to|\bso\s+it'?s|\bit'?s\s+now|\bnow)\s*[:：]?\s*$", re.I),
                 "zh": re.compile(r"(?:一共|总共|总计|合计|共计|总价|费用|共)(?:是|为|计|要)?\s*[:：]?\s*$")}
#: (prec22) the words right after an amount that say it is the whole: "£220 in total", "£95 altogether"
_TOTAL_AFTER = {"en": re.compile(r"^\s*(?:in\s+total|total|all\s+in|altogether)\b", re.I), "zh": re.compile(r"(?!)")}
#: (fix25) a word naming a part of the price or money of another kind said right before the amount ("the call-out fee
#: is now", "deposit now", "押金共", "运费"): that amount is no new total
_PART_PRICE = re.compile(r"(?i)\b(?:deposit|fee|surcharge|supplement|charge|refund|discount|saving|extra|each|per|tip|excess|"
                         r"balance|instal?ment)s?\b|定金|订金|押金|运费|服务费|差价|退款|优惠|减免|每|尾款|首付|附加费|夜间费")
#: (fix25) a word naming the whole ("total", "合计"): a part word before it does not stop the total
_WHOLE = re.compile(r"(?i)\btotal|\baltogether|\ball in\b|一共|总共|总计|合计|共计|总价")
#: (prec22) the user's message before gives something up or changes it without the pack's correction words
_CHANGED_BY_USER = {"en": re.compile(r"\b(?:actually|instead|forget|drop|skip|change|make it|switch|swap|remove|cancel)\b", re.I),
                    "zh": re.compile(r"改|换|不要了|算了|取消|去掉")}


def _after_change(ctx: MessageContext) -> int:
    """(prec22) The index of the user's message right before this one when it changes the booking (the pack's
    corrections, "forget the …", "改成…", "…不要了"), else -1."""
    G = ctx.graph
    index = g.previous_turn(G, ctx.index, "user")
    if index is None:
        return -1  # read back from this message to the user's last one, not a sort of every turn of the chat
    text = str(G.nodes[f"t{index}"].get("text") or "")
    rx = _CHANGED_BY_USER.get(ctx.lang)
    return index if any(r.search(text) for r in ctx.pack.corrections) or (rx and rx.search(text)) else -1


@step("totals_requoted", roles=("assistant",))
def totals_requoted(ctx: MessageContext) -> list[_Unit]:
    """(prec22) After the user changes a booking, the service states the new whole price in a statement ("改好了：草鱼2000尾、
    鲢鱼500尾，合计2150元", "晚上接机加收夜间费50元，共430元", "Removed, so it's £220 for the twin-feed dish"): the price or
    total the service stated before (a tool's ``total``, the booking's ``price``) is no longer current; the new
    amount replaces it under each key that held it. One total said, not asked, not offered; a price the user said
    (a budget, their own figure) is not the service's to replace.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "user", "content": "a dish with a twin feed and a second point please"},
    ...                 {"role": "assistant", "content": "Booked for Monday, total £280."},
    ...                 {"role": "user", "content": "actually forget the second point"},
    ...                 {"role": "assistant", "content": "Removed, so it's £220 for the dish."}])
    >>> [f.value for f in t.state().facts if f.status == "current" and "£" in f.value]
    ['£220']
    """
    said = [m for m in ctx.mentions if m.label == "MONEY" and isinstance(m.value, dict) and m.value.get("amount") is not None]
    before, after = _TOTAL_BEFORE.get(ctx.lang), _TOTAL_AFTER.get(ctx.lang)
    if not said or before is None:
        return []
    totals = []
    for m in said:
        begin = max((e.end() for e in SENTENCE_END.finditer(ctx.text, 0, m.start)), default=0)
        end = SENTENCE_END.search(ctx.text, m.end)
        sentence = ctx.text[begin:end.end() if end else len(ctx.text)]
        if _NOT_DONE[ctx.lang].search(sentence):
            continue  # "it would be £220 if you drop it", "要不要…共430元？": offered, not made
        lead = re.split(r"[,，;；:：]", ctx.text[max(begin, m.start - 30):m.start])[-1]  # the amount's own clause
        if _PART_PRICE.search(lead) and not _WHOLE.search(lead):
            continue  # (fix25) "The call-out fee is now £30", "押金共500元": the price of a part, not the whole
        if before.search(ctx.text[max(0, m.start - 16):m.start]) or after.search(ctx.text[m.end:m.end + 16]):
            totals.append(m.text.strip())
    changed_at = _after_change(ctx) if len(set(totals)) == 1 else -1
    if changed_at < 0:
        return []
    new = totals[0]
    G, out = ctx.graph, []
    for fid, d in g.recent_current_facts(G, 40):
        value, key = str(d.get("value", "")), str(d.get("key", ""))
        if _kind(value, key, d.get("slot")) != "total" or _same(value, new, "total") or int(d.get("turn", -1)) >= changed_at:
            continue  # a price stated since the change is of the changed booking (an add-on's own price beside the total)
        if G.nodes.get(f"t{d['turn']}", {}).get("role") == "user" or _said_by_user(G, value):
            continue  # the user's own figure
        out.append(FactUnit(key=key, name=d.get("name", key), value=new, slot=d.get("slot"), group=d.get("group"),
                            correction=True, supersedes=fid))
    return _superseding(ctx, out)


def _superseding(ctx: MessageContext, out: list[_Unit]) -> list[_Unit]:
    """``out``, the facts that replace earlier ones, with this message's own facts of their keys dropped (the
    replacement is the one value of each key)."""
    keys = {u.key for u in out}
    if keys:
        ctx.units[:] = [u for u in ctx.units if not (isinstance(u, FactUnit) and not u.offered and u.key in keys)]
    return out


#: (prec22) the user reports that a thing of theirs moved to another day: "the airline moved our flight to June 10", "the
#: launch got moved to May", "the opening got pushed to 2 April", "手术推到11号了", "考试推迟到下周五"
_MOVED = {"en": re.compile(r"\b(?:moved|postponed|pushed(?:\s+back)?|put\s+back|brought\s+forward|rescheduled)\s+(?:our|the|my|his|her|their)\s+"
                           r"(?P<thing>[a-z]{3,})\s+(?:back\s+)?(?:to|till|until)\s+"
                           r"|\b(?:the|our|my|his|her|their)\s+(?P<thing2>[a-z]{3,})\s+(?:has\s+|have\s+|got\s+|was\s+|were\s+|is\s+|'s\s+)?(?:been\s+|now\s+|just\s+)*"
                           r"(?:moved|postponed|pushed(?:\s+back)?|put\s+back|brought\s+forward|rescheduled)\s+(?:back\s+)?(?:to|till|until)\s+", re.I),
          "zh": re.compile(r"(?P<thing>[\u4e00-\u9fff]{2})(?:时间|日期)?(?:被|又|也|已经)?(?:推到|推迟到|延到|延期到|挪到|提前到|改期到)")}


#: (fix25) what parts two clauses of one sentence, each with its own thing and day ("… June 2 and my hotel … June 3")
_CLAUSE_CUT = {"en": r",|;|\band\b|\bbut\b|\bwhile\b", "zh": r"[，,；;]"}
#: (prec22) a value that is a day and nothing else: "12月3号", "9号", "18 March", "June 2"
_BARE_DAY = re.compile(r"(?:\d{1,2}月)?\d{1,2}[号日]|(?:\d{1,2}(?:st|nd|rd|th)?\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*(?:\s+\d{1,2}(?:st|nd|rd|th)?)?", re.I)
_MONTH_OR_WEEKDAY = re.compile(r"(?:next\s+)?(?:january|february|march|april|may|june|july|august|september|october|november|december"
                               r"|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b", re.I)


def _stem(word: str, lang: str) -> str:
    return word if lang == "zh" else word.casefold()[:4]


@step("days_moved", roles=("user",))
def days_moved(ctx: MessageContext) -> list[_Unit]:
    """(prec22) The user says a thing of theirs moved to another day ("the airline moved our flight to June 10", "手术推到11号了"):
    the day the user gave that thing before (a current day fact said in the same sentence as the thing: "We fly out June
    2", "12月9号手术") is no longer current; the new day replaces it under its key. Only a day the user said (a day the
    service offered is the booking's, which the service moves), only one thing named, not asked.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh", today="2026-12-01")
    >>> t.observe_many([{"role": "user", "content": "我妈12月9号手术 术后要请护工"}, {"role": "assistant", "content": "好的，一对一每天380元。"},
    ...                 {"role": "user", "content": "医生说手术推到11号了"}])
    >>> [f.value for f in t.state().facts if f.status == "current" and "号" in f.value]
    ['11号']
    """
    rx = _MOVED.get(ctx.lang)
    found = [m for m in (rx.finditer(ctx.text) if rx else ()) if not ctx.asking(m.start())]
    if len(found) != 1:
        return []
    m = found[0]
    thing = m.group("thing") or (m.groupdict().get("thing2") or "")
    days = [x.text.strip() + (ctx.text[x.end] if x.label in ("NUMBER", "CARDINAL") else "") for x in ctx.mentions
            if m.end() <= x.start <= m.end() + 3 and (x.label in ("DATE", "DAY") or x.label in ("NUMBER", "CARDINAL")
                                                       and ctx.text[x.end:x.end + 1] in ("号", "日"))]
    said = _MONTH_OR_WEEKDAY.match(ctx.text, m.end()) if ctx.lang == "en" else None
    days = days or ([said.group(0)] if said else [])  # "moved the launch to May": a month alone is no DATE mention
    if not thing or not days:
        return []
    new = days[0]  # (a zh day of the month said bare, "推到11号", is read as a number: the 号 makes it a day)
    G, stem, out = ctx.graph, _stem(thing, ctx.lang), []
    for fid, d in g.recent_current_facts(G, 40):
        value = str(d.get("value", ""))
        # "手术: 12月9号" keyed by the thing, "做白内障: 12月3号" keyed by a phrase: a bare day under a key of no kind
        named_by = (_stem(str(d.get("key", "")), ctx.lang) == stem and re.search(r"\d", value)) or _BARE_DAY.fullmatch(value.strip())
        if not (_kind_of_fact(d) == "day" or named_by) or new.casefold() in value.casefold():
            continue
        node = G.nodes.get(f"t{d['turn']}", {})
        if node.get("role") != "user":
            continue
        text = str(node.get("text") or "")
        at = text.casefold().find(value.casefold())
        if at < 0:
            continue
        begin = max((e.end() for e in SENTENCE_END.finditer(text, 0, at)), default=0)
        end = SENTENCE_END.search(text, at)
        sentence = text[begin:end.start() if end else len(text)]
        # (fix25) the clause that holds the day, not the whole sentence: "My flight is June 2 and my hotel check-in is
        # June 3" - "they moved the flight to June 4" moves the flight's day, not the check-in's
        cut = _CLAUSE_CUT.get(ctx.lang)
        if cut is not None:
            at_in = at - begin
            pieces = [(p.start(), p.end()) for p in re.finditer(r"(?:(?!" + cut + r").)+", sentence, re.S)]
            own = [sentence[a:b] for a, b in pieces if a <= at_in < b]
            sentence = own[0] if own else sentence
        words = [sentence] if ctx.lang == "zh" else [w.casefold()[:4] for w in re.findall(r"[A-Za-z]+", sentence)]
        if (stem in sentence) if ctx.lang == "zh" else (stem in words):
            out.append(FactUnit(key=d["key"], name=d.get("name", d["key"]), value=new, slot=d.get("slot"), group=d.get("group"),
                                correction=True, supersedes=fid))
    return _superseding(ctx, out)
