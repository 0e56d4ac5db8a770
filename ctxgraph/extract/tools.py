"""Tool steps: the assistant's tool calls, and tool results trimmed to their key fields.

>>> summarize_payload('{"order_id": "SO-1", "status": "paid", "items": [1, 2]}')
({'order_id': 'SO-1', 'status': 'paid', 'items.count': 2}, 'object', 'ok')
>>> summarize_payload('Error: timeout')[2]
'error'
"""

from __future__ import annotations

import json
import re
from typing import Any, Iterable, Iterator

from .. import _graph as g
from .._jsonsafe import clip_depth, loads_bounded
from .._units import ActionResultUnit, ActionUnit, FactUnit, FulfilUnit, _Unit
from ..lang import DEFAULT_LANG, content_words, detect_lang
from .context import Message, MessageContext
from .dates import ISO_DATE, MACHINE_CLOCK, said_dates, said_times, spoken_dates, spoken_times
from .surface import counted_form, counted_words, measured_form, names_money, priced_form, record_hours, said_in_hours, user_form, with_user_words
from .registry import step

_ERROR_TEXT = re.compile(r"(?i)(error|exception|failed|failure|traceback|错误|失败|异常)")
_TEXT_ID = re.compile(r"\b[A-Z]{1,4}-?\d{5,}\b")


def parse_arguments(raw: Any) -> tuple[dict[str, Any], str | None]:
    """(arguments, error) of a tool call's ``arguments``: a dict, or JSON text of one."""
    if isinstance(raw, dict):
        return clip_depth(raw), None
    if not raw:
        return {}, None
    try:
        parsed = loads_bounded(raw)
    except (json.JSONDecodeError, TypeError) as err:
        return {"_raw": str(raw)[:200]}, f"arguments are not valid JSON ({err.msg if hasattr(err, 'msg') else err})"
    return (parsed if isinstance(parsed, dict) else {"value": parsed}), None


@step("tool_calls", roles=("assistant",), needs_text=False)
def tool_calls(ctx: MessageContext) -> list[_Unit]:
    units: list[_Unit] = []
    for n, call in enumerate(ctx.message.tool_calls):
        fn = call.get("function") or {}
        args, error = parse_arguments(fn.get("arguments"))
        units.append(ActionUnit(call_id=str(call.get("id") or f"call_{n}"), tool=str(fn.get("name") or "unknown"),
                                arguments=args, arguments_error=error))
    return units


def _walk(node: Any, path: str, depth: int, fields: dict[str, Any], key_field: re.Pattern | None) -> None:
    if len(fields) >= 8 or depth > 3:
        return
    if isinstance(node, dict):
        for k, v in node.items():
            _walk(v, f"{path}.{k}" if path else str(k), depth + 1, fields, key_field)
    elif isinstance(node, list):
        fields[f"{path}.count" if path else "count"] = len(node)
        if node and len(node) <= 3:
            _walk(node[0], f"{path}[0]" if path else "[0]", depth + 1, fields, key_field)
    elif node is not None and key_field is not None and key_field.search(path.rsplit(".", 1)[-1]):
        fields[path] = node if not isinstance(node, str) else node[:60]


def summarize_payload(payload: str, key_field: re.Pattern | None = None) -> tuple[dict[str, Any], str, str]:
    """(key fields, result type, ok|error) of a tool result, JSON or text. ``key_field``
    matches the names of the fields worth keeping (the packs' ``tool_fields``; by default
    the core pack's)."""
    if key_field is None:
        from .compiled import compiled_packs

        key_field = compiled_packs((), ())[DEFAULT_LANG].tool_field_rx
    text = payload.strip()
    return _summary(text, parse_payload(text), key_field)


def parse_payload(text: str) -> Any:
    """The JSON of a (stripped) tool result, or None when it is text: read once per result.

    >>> parse_payload('{"ok": true}'), parse_payload("Error: timeout")
    ({'ok': True}, None)
    """
    try:
        return loads_bounded(text) if text[:1] in "[{" else None
    except ValueError:  # json.JSONDecodeError included
        return None


def _summary(text: str, data: Any, key_field: re.Pattern) -> tuple[dict[str, Any], str, str]:
    """:func:`summarize_payload` of a result already parsed (``data``: its JSON, or None)."""
    if data is None:
        status = "error" if _ERROR_TEXT.match(text) else "ok"
        ids = _TEXT_ID.findall(text[:4000])
        fields: dict[str, Any] = {"id": ids[0]} if ids else {}
        if status == "error":
            fields["error"] = text[:80]
        return fields, "text" if text else "empty", status
    fields = {}
    _walk(data, "", 0, fields, key_field)
    status = "ok"
    if isinstance(data, dict):
        st = str(data.get("status", "")).casefold()
        if "error" in data or st in ("error", "failed", "failure") or data.get("ok") is False or data.get("success") is False:
            status = "error"
    return fields, ("object" if isinstance(data, dict) else "array"), status


# a field naming an id: "rma_number", "claim_id", "case_no", "pickup_code", "booking_reference"
# or a record a write issues, named by the record alone ("receipt", "ticket", "voucher")
_ID_FIELD = re.compile(r"(?:^|[ _])(?:id|no|num|number|code|ref|reference)$|^(?:rma|pnr|sku|receipt|ticket|voucher|invoice|confirmation)$")
_NOT_ID_FIELD = re.compile(r"^(?:error|status|http|result|response|currency|country|lang|language|zip|post)")
# an id value: letters, digits and separators with a digit, no spaces between words
_ID_VALUE = re.compile(r"(?=[^\s]*\d)[A-Za-z0-9][A-Za-z0-9\-_/.]{3,39}")
# the object a result is about, whose "name" is a product or plan: {"plan": {"name": "Flex 30"}}
_ITEM_OBJECT = re.compile(r"^(?:product|plan|item|package|bundle|tariff|model|device|variant|offer)s?$")
_MAX_TOOL_FACTS = 3


def _leaf_words(path: str) -> str:
    """"pickup.rma_number" -> "rma number"."""
    return re.sub(r"[_\-.]+", " ", path.rsplit(".", 1)[-1]).strip().casefold()


def _field_slot(pack, leaf: str):
    """The slot a field's name says: a slot word or slot id of the pack, or an English slot
    word of the core pack (fields are named in English: "order_no" is the 订单号 too)."""
    from .compiled import compiled_packs

    slot_id = pack.synonym_slot.get(leaf) or (leaf.replace(" ", "_") if leaf.replace(" ", "_") in pack.slots else None)
    if slot_id is None and pack.lang != "en":
        slot_id = compiled_packs((), ())["en"].synonym_slot.get(leaf)
    return pack.slots[slot_id] if slot_id in pack.slots and not pack.slots[slot_id].role else None


def _item_name(data: Any) -> str | None:
    """The product or plan name of the one item a result (its parsed JSON) is about:
    ``{"plan": {"name": ..}}``, ``{"items": [{"name": ..}]}`` with a single item, or a
    top-level ``product_name``."""
    if not isinstance(data, dict):
        return None
    for key, value in data.items():
        leaf = str(key).casefold()
        if isinstance(value, list) and len(value) == 1:
            value = value[0]
        if _ITEM_OBJECT.match(leaf) and isinstance(value, dict) and isinstance(value.get("name"), str):
            return value["name"][:60]
        if re.fullmatch(r"(?:product|plan|item|package|model)_name", leaf) and isinstance(value, str):
            return value[:60]
    return None


# a field that counts things ("qty", "tickets", "pax"): its bare numbers are counts the user said
_COUNT_FIELD = re.compile(r"(?:^| )(?:qty|quantity|count|pax|tickets|seats|people|persons|guests|adults|copies|cups|units|pieces)$")
_LEADING_NUMBER = re.compile(r"\s*(\d+(?:\.\d+)?|[零〇一二两三四五六七八九十百千万]+)")


def _counted(ctx: MessageContext, leaf: str, value: str) -> str:
    """A tool's bare counts in the words the conversation used for them: ``qty: "12, 3"`` ->
    "12杯, 3杯" when the chat said "12杯拿铁加3杯美式" (the latest mention of each number);
    unchanged when a number was not said with its unit."""
    from .._normalize import parse_number

    numbers = [v.strip() for v in value.split(",")]
    if not _COUNT_FIELD.search(leaf) or not all(re.fullmatch(r"\d+", n) for n in numbers):
        return value
    G = ctx.graph
    said: dict[float, str] = {}
    for e in G.graph["kinds"].get("entity", [])[-200:]:  # oldest first: a later mention wins
        d = G.nodes[e]
        m = _LEADING_NUMBER.match(d["text"]) if d.get("label") == "QUANTITY" else None
        amount = parse_number(m.group(1)) if m else None
        if amount is not None:
            said[float(amount)] = d["text"]
    words = [said.get(float(n)) for n in numbers]
    return ", ".join(words) if all(words) else value  # type: ignore[arg-type]


def _without_english_noun(ctx: MessageContext, unit: FactUnit, own: str, value: str) -> FactUnit:
    """(prec33) A record's count in a Chinese chat that no reader put in the user's words keeps no English noun
    ("windows": 4 is "4", not "4 windows"): the user said it with a classifier (:func:`~ctxgraph.extract.surface.counted_form`
    reads those it can), never with the field's English word.

    >>> from ctxgraph.extract.asking import _demo_ctx
    >>> u = FactUnit(key="windows", name="windows", value="4 windows")
    >>> _without_english_noun(_demo_ctx("zh"), u, "windows", "4").value, _without_english_noun(_demo_ctx("en"), u, "windows", "4").value
    ('4', '4 windows')
    """
    if ctx.lang == "zh" and unit.value == f"{value} {own}":
        return unit.model_copy(update={"value": value})
    return unit


def _dated(ctx: MessageContext, unit: FactUnit, hours: tuple[int, int] | None = None) -> FactUnit:
    """A tool's fact in the user's own words, its normal form kept as the normalised value: a
    code, a numeric date or a number with a unit as the user wrote it ("FR 7124", "14/02/1981",
    "30公斤": :func:`~ctxgraph.extract.surface.user_form`); machine dates ("2026-05-29") in the
    words the conversation used for that day ("5月29日", "Friday 13 March"), a machine clock
    ("16:50") as the conversation last said that time ("4:50pm"), and before them the weekday
    and the part of the day the user named them by ("周四中午 26号 12:00", "this sunday 12 July":
    :func:`~ctxgraph.extract.surface.with_user_words`; ``hours``: those the fact's record books)."""
    own = user_form(unit.value, ctx.graph)
    if own is not None:
        return unit.model_copy(update=dict(value=own, normalized=unit.value))
    m = ISO_DATE.search(unit.value)
    if m is None and not MACHINE_CLOCK.search(unit.value):
        return unit
    value = spoken_times(unit.value, said_times(ctx.graph))
    hours = record_hours([unit.value], ctx.lang, inside=True) or hours
    if m is not None:
        value = spoken_dates(value, ctx.lang, said_in_hours(said_dates(ctx.graph), ctx.lang, hours), written=False,
                             own=said_in_hours(said_dates(ctx.graph, user=True), ctx.lang, hours))
    value = with_user_words(value, ctx.graph, ctx.lang, m.group(0) if m else None, today=ctx.today, hours=hours)
    if value == unit.value and m is None:
        return unit
    return unit.model_copy(update=dict(value=value, normalized=m.group(0) if m else unit.normalized))


def _told_by_user(ctx: MessageContext, key: str) -> bool:
    """Whether a current fact under ``key`` came from the user: a tool result never
    overwrites what the user said (as the assistant's own values never do)."""
    G = ctx.graph
    return any(G.nodes[f"t{G.nodes[f]['turn']}"]["role"] == "user" for f in g.current_with_key(G, key))


def _asked_only(ctx: MessageContext, key: str) -> bool:
    """(miss23en) Whether every current fact under ``key`` is the user's and was said inside a question
    ("can i pay by card at the door?"): asked about, not settled, so the write that follows settles it
    (place_order(payment="cash") after the assistant said card at the door is not available)."""
    G = ctx.graph
    facts = list(g.current_with_key(G, key))
    if not facts:
        return False
    for f in facts:
        turn = G.nodes.get(f"t{G.nodes[f]['turn']}", {})
        text, value = str(turn.get("text", "")), str(G.nodes[f].get("value", ""))
        at = text.find(value) if turn.get("role") == "user" else -1
        if at < 0 or not re.match(r"[^.!?\n]*\?", text[at:]):
            return False
    return True


def _booked(ctx: MessageContext, key: str) -> bool:
    """Whether a current fact under ``key`` came from the result of a write (a booking, a
    change): a later lookup's criteria ("query_trains(date=...)" for a return trip the user
    only asks about) do not replace it."""
    G = ctx.graph
    for f in g.current_with_key(G, key):
        turn = G.nodes.get(f"t{G.nodes[f]['turn']}", {})
        aid = G.graph["call_to_action"].get(turn.get("tool_call_id")) if turn.get("role") == "tool" else None
        words = _tool_words(str(G.nodes[aid].get("tool", ""))) if aid else []
        if words and _WRITE_VERB.fullmatch(words[0]):
            return True
    return False


def _tool_facts(ctx: MessageContext, fields: dict[str, Any], data: Any, *, writes: bool = False) -> list[_Unit]:
    """Facts of a tool result, at most three: key fields that name a slot ("order_id" ->
    订单号 / order id), then fields naming an id ("rma_number", "claim_id"), keyed by the field,
    then the name of the one product or plan the result is about. Never a bare price, total
    or amount (the assistant's numbers): an amount only where its field says what it is for
    ("refund_amount", a pack's slot word). Never over a value the user stated, never an id
    inside a list."""
    pack = ctx.pack
    slotted: list[_Unit] = []
    ids: list[_Unit] = []
    hours = record_hours([str(v) for v in fields.values() if isinstance(v, str)], ctx.lang)
    for path, value in fields.items():
        if not isinstance(value, (str, int, float)) or isinstance(value, bool) or not str(value).strip() or "[" in path:
            continue
        value, leaf = str(value).strip(), _leaf_words(path)
        if sent_notice(value):
            continue  # (prec33) "invoice": "emailed", "email": "quote sent": the tool's deed, no value under the field's slot
        slot = _field_slot(pack, leaf)
        if slot is not None:
            if "MONEY" in slot.types and " " not in leaf:
                continue  # a bare "price" or "total" is the assistant's number; "refund_amount" says what it is for
            slotted.append(_dated(ctx, FactUnit(key=slot.id, name=slot.name, value=value, slot=slot.id), hours))
        elif _ID_FIELD.search(leaf) and not _NOT_ID_FIELD.match(leaf) and _ID_VALUE.fullmatch(value):
            if leaf == "id":  # "card.id" -> "card id"; a bare "id" says nothing
                parent = _leaf_words(path.rsplit(".", 1)[0]) if "." in path else ""
                if not parent:
                    continue
                leaf = f"{parent} id"
            key = leaf.replace(" ", "_")
            ids.append(_dated(ctx, FactUnit(key=key, name=leaf, value=value), hours))
    units = slotted + ids
    name = _item_name(data)
    if name and "item" in pack.slots:
        units.append(FactUnit(key="item", name=pack.slots["item"].name, value=name, slot="item"))
    kept, keys = [], set()
    for u in units:
        if u.key in keys or _told_by_user(ctx, u.key) or (not writes and _booked(ctx, u.key)):
            continue  # a lookup's result does not replace what a write booked
        keys.add(u.key)
        kept.append(u)
    return kept[:_MAX_TOOL_FACTS]


# a field whose name says nothing without its parent: "items[].name" is the item name
_GENERIC_LEAF = frozenset({"name", "type", "id", "value", "qty", "quantity", "count", "size", "code", "number", "no"})
_MAX_ARGUMENT_FACTS = 8
_MAX_ARGUMENT_WORDS = 6
_MAX_ARGUMENT_CHARS = 60
_NOT_A_VALUE = re.compile(r"^(?:https?://|[\[{<])|[\n\r]"
                          r"|^[a-z0-9]+(?:_[a-z0-9]+)+$"  # an enum of the API ("card_on_file"), not a person's words
                          r"|^[\w\-]+\.(?:pdf|jpe?g|png|gif|docx?|xlsx?|csv|txt|zip)$"  # a file name
                          r"|^\d{4}-\d\d-\d\dT\d")  # a machine timestamp
#: (miss12) a slot a call books, written as an ISO datetime to the minute ("2026-05-14T16:15", "2026-03-14T10:30:00"):
#: the day and clock the user settled on, not a timestamp (those carry seconds, a fraction or a zone: "…T08:12:33Z"),
#: nor (fix14) a day's midnight ("expires": "2026-06-14T00:00"): a deadline's bound, no clock anyone said
_SLOT_DATETIME = re.compile(r"^(\d{4}-\d\d-\d\d)T(?!00:00)([01]\d|2[0-3]):([0-5]\d)(?::00)?$")
# arguments that carry free text, paging, or what is taken away or merely possible
_NOT_A_STATE_FIELD = re.compile(
    r"^(?:reason|notes?|comments?|message|description|remarks?|memo|instructions?|text|query|q|body|subject"
    r"|content|template|summary|details?|limit|page|offset|page size|per page|max results|top k|sort|order by"
    r"|format|locale|lang|language|remove|removed|delete|exclude|excluded|drop|without|options|choices"
    r"|alternatives|candidates)$")

#: (prec33) an argument whose name says its value is one to keep away from: "avoid", "not_next_to", "not_before",
#: "unavailable", "blocked_days" - the rule the user gave (the constraints step holds it), no value they chose
#: (fix36) "blocked" alone names what is blocked ("blocked": "kitchen sink", a fault), not a time kept away from
_REFUSED_FIELD = re.compile(r"^(?:avoid|avoids|avoiding|not|unavailable|blocked (?:days?|dates?|times?|slots?|hours?|"
                            r"periods?|weekdays?|windows?)|blackout|never)\b")


def _scalar_text(value: Any) -> str | None:
    """A tool argument's value as fact text, or None when it is no value a person would state:
    booleans, nulls, free text longer than a short phrase, URLs, markup.

    >>> _scalar_text("King Deluxe"), _scalar_text(2), _scalar_text(True), _scalar_text("Late arrival, please keep the room until 1am")
    ('King Deluxe', '2', None, None)
    >>> _scalar_text("2026-05-14T16:15"), _scalar_text("2026-03-14T10:30:00"), _scalar_text("2026-03-02T08:12:33Z")
    ('2026-05-14 16:15', '2026-03-14 10:30', None)
    >>> _scalar_text("2026-06-14T00:00") is None
    True
    """
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        return None
    text = str(value).strip()
    if slot := _SLOT_DATETIME.match(text):
        text = f"{slot.group(1)} {slot.group(2)}:{slot.group(3)}"
    if not text or len(text) > _MAX_ARGUMENT_CHARS or _NOT_A_VALUE.search(text):
        return None
    if len(text.split()) > _MAX_ARGUMENT_WORDS or re.fullmatch(r"[01](?:\.0+)?", text):  # 0 and 1 are defaults and flags
        return None
    return text


def _fanned_count(record: dict[str, Any]) -> bool:
    """(tools17) Whether an object maps three or more things to one and the same count: a count said once for all
    ("金银铜各10枚", "three of each") fanned out by the tool, no count the user gave any one of them (a pair such as
    adults and children, and counts that differ, are the user's).

    >>> _fanned_count({"金": 10, "银": 10, "铜": 10}), _fanned_count({"vhs": 24, "hi8": 6, "dvd": 1})
    (True, False)
    >>> _fanned_count({"adults": 2, "children": 2}), _fanned_count({"a": "x", "b": "x", "c": "x"})
    (False, False)
    """
    counts = list(record.values())
    return len(counts) >= 3 and all(isinstance(v, int) and not isinstance(v, bool) for v in counts) \
        and len(set(counts)) == 1


def argument_values(arguments: dict[str, Any], path: str = "", depth: int = 0) -> Iterator[tuple[str, str]]:
    """(field path, value) of the values in a tool call's arguments: scalars, lists of scalars
    joined, and the fields of a short list of objects, each field's values joined.

    >>> dict(argument_values({"order_id": "A-7", "items": [{"name": "Tea", "qty": 2}, {"name": "Cake", "qty": 1}],
    ...                       "gift": False, "sizes": ["S", "M"]}))
    {'order_id': 'A-7', 'items.name': 'Tea, Cake', 'items.qty': '2', 'sizes': 'S, M'}
    """
    for key, value in list(arguments.items())[:20]:
        here = f"{path}.{key}" if path else str(key)
        if isinstance(value, dict) and depth < 2:
            if not _fanned_count(value):
                yield from argument_values(value, here, depth + 1)
        elif isinstance(value, list) and 0 < len(value) <= 5 and all(isinstance(v, dict) for v in value):
            fields: dict[str, list[str]] = {}
            for item in value:
                for k, v in list(item.items())[:10]:
                    text = _scalar_text(v)
                    if text is not None and text not in fields.setdefault(str(k), []):
                        fields[str(k)].append(text)
            for k, texts in fields.items():
                if texts:
                    yield f"{here}.{k}", ", ".join(texts)
        elif isinstance(value, list) and 0 < len(value) <= 5:
            texts = [_scalar_text(v) for v in value]
            if all(texts):
                yield here, ", ".join(texts)  # type: ignore[arg-type]
        else:
            text = _scalar_text(value)
            if text is not None:
                yield here, text


def _argument_key(path: str) -> str:
    """"items.name" -> "item name", "check_in" -> "check in": a generic leaf takes its parent's name."""
    leaf = _leaf_words(path)
    if leaf in _GENERIC_LEAF and "." in path:
        parent = _leaf_words(path.rsplit(".", 1)[0])
        leaf = f"{parent[:-1] if parent.endswith('s') and len(parent) > 3 else parent} {leaf}"
    return leaf


# a tool that changes something, named verb first ("create_order", "changeTicket", "book"):
# its result is the record of what was done
_WRITE_VERB = re.compile(
    r"(?:book|create|place|make|modify|update|change|edit|cancel|submit|confirm|hold|reserve|schedule"
    r"|issue|add|apply|set|transfer|pay|register|report|open|activate|purchase|buy|refund|return|exchange"
    r"|upgrade|downgrade|switch|rebook|reschedule|assign|select|file|lodge|freeze|block"
    r"|enrol|enroll|dispatch|sign|renew|extend|rent|subscribe|arrange|move|swap|postpone)")


def _tool_words(tool: str) -> list[str]:
    """"changeTicket" / "change_ticket" -> ["change", "ticket"]."""
    return [w.casefold() for w in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+", tool)]


# result fields that describe the call, not the thing: they are never facts
_CALL_FIELD = re.compile(r"^(?:status|state|ok|success|error|errors|code|message|msg|result|http status|warning)$"
                         # when the record was touched, how long the business takes, what it was before:
                         # the system's bookkeeping, not what the user settled on
                         r"|(?:^| )(?:at|created|placed|updated|timestamp|eta|estimated|expected)$|^(?:eta|estimated|expected) "
                         r"|(?:^| )(?:days|hours|min|mins|minutes|secs|seconds|m|pct|percent)$"
                         r"|^(?:original|old|previous|prior|former|was) "
                         # (tools17) what the business keeps for itself: the places it has left
                         r"|(?:^| )(?:left|remaining)$"
                         # the state of a record or of a message it sent ("account_status", "sms_confirmation")
                         r"|. (?:status|state|confirmation|result)$")


def _value_slot(pack, value: str):
    """The slot a value says by its shape alone, whatever its field is called: a phone number
    under "contact" is the phone, so the user's new number replaces it."""
    for rx, label, slot_id in pack.entity_rules:
        slot_id = slot_id or pack.label_slots.get(label)
        if slot_id in pack.slots and pack.label_kind(label) == "id" and rx.fullmatch(value):
            return pack.slots[slot_id]
    return None


_UNIT_SUFFIX = {"gb": "GB", "tb": "TB", "mb": "MB", "kg": "kg", "km": "km", "cm": "cm", "mm": "mm", "ml": "ml"}


def with_its_field(leaf: str, value: str) -> str:
    """A bare number or short code said as a person says it, with what its field names:
    a count ("nights": 4 -> "4 nights"), a unit ("ram_gb": 32 -> "32GB"), a place in a row of
    things ("row": "K" -> "row K"); other values unchanged.

    >>> with_its_field("nights", "4"), with_its_field("ram gb", "32"), with_its_field("row", "K")
    ('4 nights', '32GB', 'row K')
    >>> with_its_field("order id", "A-7"), with_its_field("price", "59"), with_its_field("class", "business")
    ('A-7', '59', 'business')
    """
    words = leaf.split()
    if not words or not re.fullmatch(r"[a-z]+", words[-1]):
        return value
    if re.fullmatch(r"\d+(?:\.\d+)?", value):
        if words[-1] in _UNIT_SUFFIX:
            return value + _UNIT_SUFFIX[words[-1]]
        if len(words) == 1 and words[0].endswith("s") and not words[0].endswith("ss") and len(words[0]) > 3:
            return f"{value} {words[0]}"
    if len(words) == 1 and re.fullmatch(r"[A-Z]{1,2}\d{0,2}|\d{1,3}[A-Z]", value) and not words[0].endswith("s"):
        return f"{words[0]} {value}"
    return value


#: a value that says how the call went or when it takes effect ("cancel": "success",
#: "effective": "immediate"), whatever the field's name: the tool's outcome, no value the user chose
_OUTCOME_VALUE = re.compile(r"(?:success(?:ful)?|succeeded|ok|failed|failure|error|true|false|done|completed?|pending"
                            r"|immediate(?:ly)?|now|sent|delivered|成功|失败|已完成|完成|已发送|立即生效|即时生效"
                            # (prec14) how the tool sent it, to no address: "sent by SMS", "emailed", 发送至预留手机, 已短信发送
                            r"|emailed|texted|(?:sent|emailed|texted|posted)\s+(?:by|via)\s+(?:e-?mail|sms|text|post|whatsapp)"
                            r"|(?:已)?(?:短信|邮件|微信)?(?:已)?发送(?:至|到)预留(?:手机|邮箱)|已(?:短信|邮件|微信)发送"
                            # (prec16) the state of a step, to no address and no value: "requested", "sent to owner email",
                            # "posted when files received", 待分配
                            r"|requested|待(?:分配|确认|安排|派单)"
                            r"|(?:sent|emailed|texted|posted)\s+to\s+(?:the\s+)?(?:owner|customer|client|account|registered|user|your)"
                            r"(?:['’]s)?\s+(?:e-?mail|phone|mobile|number|address)"
                            r"|(?:sent|emailed|posted|dispatched)\s+(?:when|once|after)\s+[^@\d]+)", re.I)
#: (prec33) a record's word that a thing was sent, with no address in it: "emailed", "quote sent", "sent by text 1 hour
#: before", "已发送短信", "已发送邮箱", "已发短信", "已发送材料清单". How the tool delivered something is its deed, no
#: value the user gave; "sent to dan@mail.com" or "已发送至138…" keeps the address the user gave
_SENT_WORD = re.compile(r"\b(?:sent|e-?mailed|texted|messaged|whatsapped)\b|已(?:经)?(?:短信|邮件|微信)?发(?:送|出|到|至)?|发送(?:至|到)?", re.I)
_AN_ADDRESS = re.compile(r"@|\d[\d\s-]{6,}\d")
#: the longest record value read as a notice of a sending: a longer text is a message of its own
_MAX_NOTICE_CHARS = 40


def sent_notice(value: str) -> bool:
    """(prec33) Whether a tool record's value only says a thing was sent, to no address ("emailed", "quote sent",
    "已发送短信"): the tool's deed, no value of the user's (the promise it keeps is read by :func:`_fulfilled`).

    >>> [sent_notice(v) for v in ("emailed", "quote sent", "sent by text 1 hour before", "已发送短信", "已发短信", "已发送材料清单")]
    [True, True, True, True, True, True]
    >>> [sent_notice(v) for v in ("sent to dan.whelan@me.com", "已发送至13912345678", "Deluxe kit", "发票抬头", "¥1,800")]
    [False, False, False, False, False]
    """
    value = value.strip()
    return len(value) <= _MAX_NOTICE_CHARS and _SENT_WORD.search(value) is not None and _AN_ADDRESS.search(value) is None


# a contact field of another party than the user ("master_phone", "technician_email", "worker phone"):
# the user's own are bare ("phone") or say they are the user's ("customer_phone", "contact_mobile")
_OTHER_PARTYS_CONTACT = re.compile(r"^(?!(?:customer|user|client|contact|my|your|home|cell|mobile|guest|member|holder|owner)\b)"
                                   r"\w+ (?:phone|mobile|tel|telephone|email|wechat)$")


#: (tools17) a lowercase English word or list of them: in a Chinese chat, the API's enum ("online", "adult, child")
_API_WORDS = re.compile(r"[a-z]+(?:[ ,_-]+[a-z]+)*")


def _api_word(ctx: MessageContext, value: str) -> bool:
    """Whether a tool's value is the API's English for what a Chinese user said in Chinese ("mode": "online" for
    "线上上课"): no value in the chat's words (the user's own "ktv" stays). Every such tool fact on the open sets
    held a value no gold holds.

    >>> from ctxgraph.extract.asking import _demo_ctx
    >>> _api_word(_demo_ctx("zh"), "quarterly"), _api_word(_demo_ctx("en"), "quarterly"), _api_word(_demo_ctx("zh"), "VIP")
    (True, False, False)
    """
    if ctx.lang != "zh" or not _API_WORDS.fullmatch(value.strip()):
        return False
    from .surface import _user_texts

    return not any(value.strip() in text.casefold() for text in _user_texts(ctx.graph))


#: (tools17) a hold's life counted down from now ("expires_in": 15, "expires": "48h"), no day anyone can hold to
_EXPIRY_FIELD = re.compile(r"^(?:expires?|expiry|expiring)(?: in)?$")
_SPAN_VALUE = re.compile(r"\d+(?:\.\d+)?\s*(?:h|hrs?|hours?|m|mins?|minutes?|d|days?|小时|分钟|天)?", re.I)


def _countdown(leaf: str, value: str) -> bool:
    """Whether a record's expiry is a span from now, not a day (a hold's "expires": "June 27" stays: the user
    needs it later).

    >>> _countdown("expires in", "15"), _countdown("expires", "48h"), _countdown("expires", "2026-06-27")
    (True, True, False)
    """
    return _EXPIRY_FIELD.match(leaf) is not None and _SPAN_VALUE.fullmatch(value.strip()) is not None


# a day or a clock a write books: "2026-04-03", "12:30", "2026-03-26 12:00", "14:00-16:00"
_SETTLED = re.compile(r"(?:\d{4}-\d{2}-\d{2})?(?:\s*(?:[01]?\d|2[0-3]):[0-5]\d(?::00)?(?:\s*-\s*(?:[01]?\d|2[0-3]):[0-5]\d)?)?")


def _record_facts(ctx: MessageContext, values: Iterable[tuple[str, str]], taken: set[str], *,
                  booked: bool = False, shaped: set[str] | None = None) -> list[_Unit]:
    """Facts of a call's arguments or of a write's result, keyed by the field's name (a pack's
    slot when the name is a slot word): never a field that holds free text, paging, what is
    removed or only an option, never over a value the user stated under that key, never a
    key ``taken`` already; at most eight. ``shaped`` collects the keys known only by the
    value's shape (a membership number that looks like an order id)."""
    units: list[_Unit] = []
    values = list(values)
    hours = record_hours([value for _, value in values], ctx.lang)  # (prec21) a day's part the record does not book goes
    for path, value in values:
        leaf, own = _argument_key(path), _leaf_words(path)
        if _NOT_A_STATE_FIELD.match(own) or _CALL_FIELD.search(own) or _OUTCOME_VALUE.fullmatch(value.strip()) \
                or _OTHER_PARTYS_CONTACT.match(own) or _countdown(own, value) or _api_word(ctx, value) or sent_notice(value) \
                or _REFUSED_FIELD.match(own):
            continue
        slot = _field_slot(ctx.pack, leaf)
        by_shape = slot is None and (slot := _value_slot(ctx.pack, value)) is not None
        key, name = (slot.id, slot.name) if slot is not None else (leaf.replace(" ", "_"), leaf)
        # the day a write books is the day the conversation settled on, even over the user's
        # first date ("我买了4月4号的票，想改签到3号" - change_ticket(date="2026-04-03"))
        # and so is the clock it books, over the user's earlier wish ("中午12点到1点" - "周四的" - book(time="12:30"))
        # (miss17) not a deadline: the user's "5月1号之前" (deadlines.py) is the bound the write restates as a day
        over_user = booked and _SETTLED.fullmatch(value.strip()) is not None and key != "deadline" or _completes_place(ctx, key, value) \
            or booked and _asked_only(ctx, key)
        if by_shape and "ORDER_ID" in slot.types and re.search(r"[A-Za-z]", value) and leaf not in _GENERIC_LEAF \
                and (key in taken or _told_by_user(ctx, key)):
            # an id shaped like one the user gave, under a field naming another thing ("reservation":
            # "SW-5583021" after the user's order id): one of its own kind, keyed by its field
            by_shape, slot, key, name = False, None, leaf.replace(" ", "_"), leaf
        if key in taken or (_told_by_user(ctx, key) and not over_user) or (not booked and _booked(ctx, key)):
            continue
        if over_user and _restates_pick(ctx, key, value, [c for _, v in values for c in MACHINE_CLOCK.findall(v)]):
            continue  # (miss19) the write books the day the user picked: the pick's words stay
        taken.add(key)
        if by_shape and shaped is not None and not _ID_FIELD.search(own):
            shaped.add(key)  # "member": "VT-88214470"; not "pack_id": an id field names what the call acts on
        # the user's writing of it ("30公斤" for "30kg", "六级" for grade 6) before the field's words
        said = user_form(value, ctx.graph) or counted_form(value, own, ctx.graph) \
            or priced_form(value, own, ctx.graph, money=slot is not None and "MONEY" in slot.types) \
            or measured_form(value, own, ctx.graph) \
            or counted_words(value, own, ctx.graph)  # (prec14) "£108" for total: 108, "36平" for area_m2: 36; (miss25zh) "25袋"
        units.append(FactUnit(key=key, name=name, value=said, normalized=value, slot=slot.id if slot is not None else None)
                     if said is not None else
                     _without_english_noun(ctx, _dated(ctx, FactUnit(
                         key=key, name=name, value=_day_part(ctx, value) or _counted(ctx, leaf, with_its_field(own, value)),
                         slot=slot.id if slot is not None else None), hours), own, value))
        if len(units) == _MAX_ARGUMENT_FACTS:
            break
    return units


#: (miss22b) the half of the day a booking system codes as AM / PM, and the words users name it by
_DAY_HALF = {"am": re.compile(r"(?i)\b(?:mornings?|first thing)\b|上午|上半天|早上|早晨|上昼|朝早"),
             "pm": re.compile(r"(?i)\b(?:afternoons?)\b|下午|下半天|下昼|晏昼")}


def _day_part(ctx: MessageContext, value: str) -> str | None:
    """(miss22b) A tool's half-day code ("slot": "AM") in the words the user named that half by in the last three
    of their messages ("morning if poss", "下半天好伐"): "slot AM" is in no one's words. None when they named none.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> _ = t.observe({"role": "user", "content": "26号上半天店里忙 下半天好伐"})
    >>> ctx = type("Ctx", (), {"graph": t.graph})
    >>> _day_part(ctx, "PM"), _day_part(ctx, "AM"), _day_part(ctx, "14:00")
    ('下半天', '上半天', None)
    """
    rx = _DAY_HALF.get(value.strip().casefold().replace(".", ""))
    if rx is None:
        return None
    from .surface import _user_texts

    for text in _user_texts(ctx.graph)[:3]:
        found = rx.findall(text)
        if found:
            return found[-1]
    return None


# a pick in the user's words with the offer's words in brackets: "周六那个 (5月22号周六上午10点)"
_PICK_BRACKET = re.compile(r"那(?:个|班|趟|场|次|天)\s*\((?P<offer>[^()]+)\)$")


def _restates_pick(ctx: MessageContext, key: str, value: str, clocks: list[tuple[str, str]]) -> bool:
    """(miss19) Whether a write's day is the one a pick of the user's under ``key`` names in its bracket, at a clock
    the bracket names too when the write books one (``clocks``: the write's clocks): ``date: "2027-05-22"`` after
    "周六那个 (5月22号周六上午10点)" with ``time: "10:00"``. The write restates the pick; it does not replace the
    user's words with its own. At another clock (``time: "14:00"``) it moves the pick.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh", today="2027-05-17")
    >>> t.observe_many([{"role": "assistant", "content": "可以约5月22号周六上午10点，或者5月24号周一下午2点。"},
    ...                 {"role": "user", "content": "周六那个 我老公在家"}])
    >>> ctx = type("Ctx", (), {"graph": t.graph})
    >>> [_restates_pick(ctx, "date", day, [clock]) for day, clock in
    ...  [("2027-05-22", ("10", "00")), ("2027-05-24", ("14", "00")), ("2027-05-22", ("14", "00"))]]
    [True, False, False]
    """
    day = ISO_DATE.search(value)
    if day is None:
        return False
    month, date = int(day.group(2)), int(day.group(3))
    for fid in g.current_with_key(ctx.graph, key):
        m = _PICK_BRACKET.search(str(ctx.graph.nodes[fid].get("value", "")))
        if m is None or not re.search(rf"(?<!\d){month}月{date}[日号]", m.group("offer")):
            continue
        named = [h for h, _ in clocks if re.search(rf"(?<!\d)(?:{int(h)}|{int(h) - 12})[点:：]", m.group("offer"))]
        if not clocks or named:
            return True
    return False


def _completes_place(ctx: MessageContext, key: str, value: str) -> bool:
    """(miss15) Whether a call's address holds each address the user stated under ``key`` whole and adds to it (the
    district said turns earlier: "碧云路588弄12号602" -> "浦东新区碧云路588弄12号602"): the call's is the fuller
    writing of the user's, and replaces it.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "user", "content": "碧云路588弄12号602 张丽萍"},
    ...                 {"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function",
    ...                  "function": {"name": "book_pickup", "arguments": '{"address": "浦东新区碧云路588弄12号602"}'}}]},
    ...                 {"role": "tool", "tool_call_id": "c1", "content": '{"order_id": "HS-1"}'}])
    >>> [f.value for f in t.state().facts if f.key == "address" and f.status == "current"]
    ['浦东新区碧云路588弄12号602']
    """
    from .facts import PLACE_SLOTS

    if key not in PLACE_SLOTS:
        return False
    G, whole = ctx.graph, re.sub(r"\s+", "", value)
    said = [re.sub(r"\s+", "", str(G.nodes[f]["value"])) for f in g.current_with_key(G, key)
            if G.nodes[f"t{G.nodes[f]['turn']}"]["role"] == "user"]
    return bool(said) and all(s and s in whole and len(s) < len(whole) for s in said)


def _own_fields(record: dict[str, Any], tool_words: list[str]) -> dict[str, Any]:
    """A write's record without the nested objects of other parties: an object is kept when its
    name shares a word with the tool's ("new_ticket" of "change_ticket"), not the surveyor's.

    >>> _own_fields({"claim_no": "PA-1", "surveyor": {"phone": "138"}, "new_claim": {"date": "4/3"}}, ["report", "claim"])
    {'claim_no': 'PA-1', 'new_claim': {'date': '4/3'}}
    """
    return {k: v for k, v in record.items()
            if not isinstance(v, dict) or set(_tool_words(str(k))) & set(tool_words[1:])}


#: (prec9) a call that moves or swaps a thing ("move_lesson", "create_exchange"): its "from" argument is the
#: value given up, its "to" the new one (a trip's or a stay's "from" / "to" are its ends, no change)
_MOVE_VERB = re.compile(r"move|change|exchange|swap|switch|reschedule|rebook|modify|amend|update")
_MOVE_FROM = ("from", "old", "original", "current")
_MOVE_TO = ("to", "new")


def _moved(words: list[str], args: dict[str, Any]) -> tuple[str, str] | None:
    """(old, new) of a call that moves a thing from one value to another, else None.

    >>> _moved(["move", "lesson"], {"student_id": "CW-2091", "from": "2026-01-28 17:30", "to": "2026-01-28 18:00"})
    ('2026-01-28 17:30', '2026-01-28 18:00')
    >>> _moved(["book", "room"], {"from": "2026-08-13", "to": "2026-08-16"}), _moved(["book", "move"], {"from": "a", "to": "b"})
    (None, None)
    """
    # the verb first ("move_lesson"; not "book_move", a removal's trip), or the act's own noun ("create_exchange")
    if not words or not (_MOVE_VERB.fullmatch(words[0]) or any(w in ("exchange", "swap") for w in words)):
        return None
    old = next((_scalar_text(args[k]) for k in _MOVE_FROM if k in args), None)
    new = next((_scalar_text(args[k]) for k in _MOVE_TO if k in args), None)
    return (old, new) if old and new and old != new else None


def _moved_facts(ctx: MessageContext, old: str, new: str, taken: set[str]) -> list[_Unit]:
    """The new value of a moved thing under the key of the current fact that held the old one (by its
    normal form: "first_lesson" held "2026-01-28" of "2026-01-28 17:30"), so the old one is superseded."""
    G = ctx.graph
    for fid, d in g.recent_current_facts(G, 50):
        form = str(d.get("normalized") or "") if isinstance(d.get("normalized"), str) else ""
        if d["key"] in taken or not (str(d["value"]) == old or (len(form) > 3 and old.startswith(form))):
            continue
        taken.add(d["key"])
        return [_dated(ctx, FactUnit(key=d["key"], name=d["name"], value=new, slot=d.get("slot")))]
    return []


def _days_moved(ctx: MessageContext, units: list[_Unit]) -> list[_Unit]:
    """(acts20) A call that moves a booking ("move_consult", "reschedule") to a new day supersedes, besides the fact
    under its own field, every other current fact that held the old day (:func:`~ctxgraph.extract.changes.days_held`):
    the user's pick ("the saturday (Saturday 7 November 9am)") or the user's own date beside the call's "start". A
    change the user asked as a question ("can it be later", "能提前一天吗") is read here, once the assistant made it;
    asked and refused, no call moves anything.

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en", today="2026-03-09")
    >>> call = lambda n, a: {"role": "assistant", "content": None, "tool_calls": [{"id": n, "type": "function",
    ...                      "function": {"name": n, "arguments": a}}]}
    >>> t.observe_many([{"role": "user", "content": "I'd like the Tuesday 10 March slot at 11am please"},
    ...                 call("book_groom", '{"slot": "2026-03-10 11:00"}'),
    ...                 {"role": "tool", "tool_call_id": "book_groom", "content": '{"ref": "GR-1"}'},
    ...                 {"role": "user", "content": "could we do Friday 13 March instead?"},
    ...                 call("move_groom", '{"ref": "GR-1", "slot": "2026-03-13 11:00"}'),
    ...                 {"role": "tool", "tool_call_id": "move_groom", "content": '{"ok": true}'}])
    >>> any("10 March" in f.value for f in t.state().facts if f.status == "current")
    False
    """
    from .changes import days_held

    moved = []
    for u in units:
        new = ISO_DATE.search(str(u.normalized or u.value)) if isinstance(u, FactUnit) else None
        for fid in g.current_with_key(ctx.graph, u.key) if new is not None else ():
            day = ISO_DATE.search(str(ctx.graph.nodes[fid].get("normalized") or ctx.graph.nodes[fid]["value"]))
            if day is not None and day.group(0) != new.group(0):
                moved.append((fid, u))
    return days_held(ctx, moved, {u.key for u in units if isinstance(u, FactUnit)})


def _call_facts(ctx: MessageContext, aid: str | None, record: Any) -> list[_Unit]:
    """Facts of a call that succeeded: what the assistant asked the tool to do is what the
    conversation settled on ("modify_reservation(check_out="2025-10-31", room="King Deluxe")"),
    and when the tool changes something (book, place, modify, cancel ...), what its result
    records about it ("total": 1096.0, "seat": "14C"). A later call with the same argument or
    field supersedes them."""
    if aid is None:
        return []
    taken: set[str] = set()
    words = _tool_words(str(ctx.graph.nodes[aid].get("tool", "")))
    writes = bool(words) and _WRITE_VERB.fullmatch(words[0]) is not None
    raw = ctx.graph.nodes[aid].get("arguments") or {}
    moved = _moved(words, raw)
    units = _moved_facts(ctx, *moved, taken) if moved else []
    # (acts20) a "to" the move placed under the key that held the old value is no fact of its own ("to": "… 6pm")
    gone = _MOVE_FROM + _MOVE_TO if units else _MOVE_FROM if moved else ()
    arguments = argument_values({k: v for k, v in raw.items() if k not in gone})
    if not writes:  # a lookup's criteria are a moment's wishes: only what it looks up by (ids, named slots)
        arguments = ((p, v) for p, v in arguments if (_ID_FIELD.search(_leaf_words(p)) and _ID_VALUE.fullmatch(v))
                     or _field_slot(ctx.pack, _argument_key(p)) is not None)
    shaped: set[str] = set()
    units += _record_facts(ctx, arguments, taken, booked=writes, shaped=shaped)
    if words and _MOVE_VERB.fullmatch(words[0]):
        units += _days_moved(ctx, units)
    if writes and isinstance(record, dict):
        # an id the arguments hold only by its shape ("member": "VT-88214470", shaped like an order id)
        # yields to the one the write records under that key ("booking": "CB-10487")
        # several days or clocks in a write's result are the slots it offers ("slots": ["15:30", "16:30"]):
        # a booking settles on one, so none of them is the user's yet
        offered = {k for k, v in record.items() if isinstance(v, list) and len(v) >= 2
                   and all(isinstance(x, str) and x.strip() and _SETTLED.fullmatch(x.strip()) for x in v)}
        own = {k: v for k, v in _own_fields(record, words).items() if k not in offered}
        recorded = _record_facts(ctx, argument_values(own), taken - shaped, booked=True)
        again = shaped & {u.key for u in recorded if isinstance(u, FactUnit)}
        units = [u for u in units if not (isinstance(u, FactUnit) and u.key in again)] + recorded
    return units


def _fulfilled(ctx: MessageContext, tool: str) -> list[_Unit]:
    """Commitments a successful call keeps ("send_return_label" / "I will email you a return label")."""
    tool_words = {w for w in re.split(r"[_\W]+", tool.casefold()) if len(w) > 2}
    units: list[_Unit] = []
    for pid, d in g.open_items(ctx.graph, "commitment"):
        words = content_words(d["text"], detect_lang(d["text"]))
        if len(tool_words & words) >= 2 or (tool_words and tool_words <= words):
            units.append(FulfilUnit(commitment=pid, status="done"))
    return units


# a field naming the person the record is about: the user, as the tool knows them
_PERSON_FIELD = re.compile(r"^(?:customer|holder|account holder|policyholder|policy holder|cardholder|card holder|owner"
                           r"|member|passenger|applicant|insured|patient|client|guest|account name|customer name"
                           r"|holder name|owner name|member name|passenger name|full name)$")
_PERSON_VALUE = re.compile(r"[\u4e00-\u9fff]{2,4}|[A-Z][a-z]+(?:[ -][A-Z][a-z'-]+){1,2}")


# a tool about a person ("get_customer", "lookup_account", "find_member"): its record's "name" is theirs
_PERSON_TOOL = frozenset({"customer", "customers", "account", "accounts", "member", "members", "profile", "user",
                          "users", "patient", "patients", "client", "clients", "guest", "guests", "passenger",
                          "student", "students", "owner", "holder", "subscriber", "contact"})


def _person_facts(ctx: MessageContext, data: Any, tool: str = "") -> list[_Unit]:
    """The person a tool's record is about ("customer": "Tomasz Nowak", "passenger": "孔令宇",
    "holder": {"name": ...}): a fact keyed by the field, unless a current fact holds the name
    already. A masked name ("吴*婷") or a list of people names no one."""
    if not isinstance(data, dict):
        return []
    G = ctx.graph
    held = {str(G.nodes[f]["value"]).casefold() for f in G.graph["current_fact"].values()}
    units: list[_Unit] = []
    for key, value in list(data.items())[:30]:
        leaf = _leaf_words(str(key))
        if isinstance(value, dict):
            value = value.get("name") or value.get("full_name")
        about_person = _PERSON_FIELD.match(leaf) or (leaf == "name" and _PERSON_TOOL & set(_tool_words(tool)))
        if not isinstance(value, str) or not about_person or not _PERSON_VALUE.fullmatch(value.strip()):
            continue
        if value.strip().casefold() not in held and not any(u.value == value.strip() for u in units):
            units.append(FactUnit(key=leaf.replace(" ", "_"), name=leaf, value=value.strip()))
    return units[:2]


@step("tool_result", roles=("tool",), needs_text=False)
def tool_result(ctx: MessageContext) -> list[_Unit]:
    message: Message = ctx.message
    G = ctx.graph
    call_id = message.tool_call_id or f"orphan_{ctx.index}"
    aid = G.graph["call_to_action"].get(call_id)
    tool = G.nodes[aid]["tool"] if aid else (message.name or "unknown")
    payload = message.text
    text = payload.strip()
    data = parse_payload(text)  # read once: the summary, the item and the write's record use it
    fields, result_type, status = _summary(text, data, ctx.pack.tool_field_rx)
    units: list[_Unit] = [ActionResultUnit(
        call_id=call_id, tool=tool, status=status, fields=fields, result_type=result_type,
        size=len(payload), ref=f"r{ctx.index}", orphan=aid is None)]
    if status == "ok":  # a failed call's arguments and result fields are no state
        words = _tool_words(tool)
        writes = bool(words) and _WRITE_VERB.fullmatch(words[0]) is not None
        units += _call_facts(ctx, aid, data) + _tool_facts(ctx, fields, data, writes=writes) + _fulfilled(ctx, tool)
        taken = {u.key for u in units if isinstance(u, FactUnit)}
        units += [u for u in _person_facts(ctx, data, tool) if u.key not in taken and not _told_by_user(ctx, u.key)]
        from .reported import cancelled, given_up

        units = cancelled(ctx, aid, units)  # (wrong12) a cancel call ends the booking it names
        units = given_up(ctx, aid, units)  # (wrong33) a call's "release_hold" / "原预约号" ends the reference it names
    return units


@step("amounts_restated", roles=("assistant",))
def amounts_restated(ctx: MessageContext) -> list[_Unit]:
    """(prec14) A current fact a tool wrote as a bare amount under a money field ("total": 990, an amount nobody had
    said when the tool wrote it) takes the words the assistant uses for that amount right after ("£990 in total"):
    the fact is restated in the chat's words, the bare number kept as its normalised value.

    >>> from ctxgraph import Tracker
    >>> from tests.test_graph import bot, call, result, user
    >>> t = Tracker("en")
    >>> t.observe_many([user("book the screen please"), call("c1", "hold_screen", {"screen": "2"}),
    ...                 result("c1", {"hold": "RPH-0925", "total": 990}), bot("Held: RPH-0925, £990 in total.")])
    >>> [f.value for f in t.state().facts if f.key == "price" and f.status == "current"]
    ['£990']
    """
    said = [m for m in ctx.mentions if m.label == "MONEY" and isinstance(m.value, dict) and m.value.get("amount") is not None]
    if not said:
        return []
    G, units = ctx.graph, []
    for _, d in g.recent_current_facts(G, 40):
        value = str(d.get("value", "")).strip()
        if not re.fullmatch(r"\d+(?:\.\d+)?", value) or G.nodes.get(f"t{d['turn']}", {}).get("role") != "tool" \
                or not names_money(str(d.get("name") or d["key"]).replace("_", " "), money=_holds_money(ctx, d)):
            continue
        spoken = {m.text.strip() for m in said if m.value["amount"] == float(value)}
        if len(spoken) == 1:  # two ways of saying it name none
            units.append(FactUnit(key=d["key"], name=d["name"], value=spoken.pop(), normalized=value,
                                  slot=None if d.get("phrase") else d.get("slot"), group=d.get("group")))
    return units


def _holds_money(ctx: MessageContext, d: dict) -> bool:
    """Whether the pack's slot of the fact ``d`` holds money (a zh pack names its price slot 价格, no API word).

    >>> from ctxgraph.extract.asking import _demo_ctx
    >>> _holds_money(_demo_ctx("zh"), {"slot": "price"}), _holds_money(_demo_ctx("zh"), {"slot": None})
    (True, False)
    """
    slot = ctx.pack.slots.get(d.get("slot") or "")
    return slot is not None and "MONEY" in slot.types

