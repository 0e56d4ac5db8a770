"""Tool steps: the assistant's tool calls, and tool results trimmed to their key fields.

>>> summarize_payload('{"order_id": "SO-1", "status": "paid", "items": [1, 2]}')
({'order_id': 'SO-1', 'status': 'paid', 'items.count': 2}, 'object', 'ok')
>>> summarize_payload('Error: timeout')[2]
'error'
"""

from __future__ import annotations

import json
import re
from typing import Any

from .. import _graph as g
from .._units import ActionResultUnit, ActionUnit, FactUnit, FulfilUnit, _Unit
from ..lang import DEFAULT_LANG, content_words, detect_lang
from .context import Message, MessageContext
from .registry import step

_ERROR_TEXT = re.compile(r"(?i)(error|exception|failed|failure|traceback|错误|失败|异常)")
_TEXT_ID = re.compile(r"\b[A-Z]{1,4}-?\d{5,}\b")


def parse_arguments(raw: Any) -> tuple[dict[str, Any], str | None]:
    """(arguments, error) of a tool call's ``arguments``: a dict, or JSON text of one."""
    if isinstance(raw, dict):
        return raw, None
    if not raw:
        return {}, None
    try:
        parsed = json.loads(raw)
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
    try:
        data = json.loads(text) if text[:1] in "[{" else None
    except json.JSONDecodeError:
        data = None
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


def _slot_facts(ctx: MessageContext, fields: dict[str, Any]) -> list[_Unit]:
    """Key fields that name a slot become facts ("order_id" -> 订单号 / order id)."""
    pack = ctx.pack
    units: list[_Unit] = []
    for name, value in fields.items():
        leaf = re.sub(r"[_\-.]+", " ", name.rsplit(".", 1)[-1]).strip().casefold()
        slot_id = pack.synonym_slot.get(leaf) or (leaf.replace(" ", "_") if leaf.replace(" ", "_") in pack.slots else None)
        if slot_id and isinstance(value, (str, int, float)) and str(value):
            slot = pack.slots[slot_id]
            units.append(FactUnit(key=slot.id, name=slot.name, value=str(value)))
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


@step("tool_result", roles=("tool",), needs_text=False)
def tool_result(ctx: MessageContext) -> list[_Unit]:
    message: Message = ctx.message
    G = ctx.graph
    call_id = message.tool_call_id or f"orphan_{ctx.index}"
    aid = G.graph["call_to_action"].get(call_id)
    tool = G.nodes[aid]["tool"] if aid else (message.name or "unknown")
    payload = message.text
    fields, result_type, status = summarize_payload(payload, ctx.pack.tool_field_rx)
    units: list[_Unit] = [ActionResultUnit(
        call_id=call_id, tool=tool, status=status, fields=fields, result_type=result_type,
        size=len(payload), ref=f"r{ctx.index}", orphan=aid is None)]
    units += _slot_facts(ctx, fields)
    if status == "ok":
        units += _fulfilled(ctx, tool)
    return units
