"""JSON in and out that never raises on depth, number size or non-finite numbers.

Tool results and tool-call arguments come from other programs: they may nest a thousand
levels deep, hold an integer of 5,000 digits or ``NaN``. :func:`loads_bounded` reads them
without ``RecursionError`` or ``ValueError``: values nested deeper than
:data:`MAX_JSON_DEPTH` are kept as their JSON text, integers longer than Python's
int-string limit and ``NaN`` / ``Infinity`` / ``1e999`` are kept as text (strings).
:func:`strict_dumps` writes only strict JSON (``allow_nan=False``) with every string valid
UTF-8.

>>> loads_bounded('{"n": 12, "big": ' + '9' * 5000 + ', "x": NaN}')["x"]
'NaN'
>>> len(loads_bounded('{"big": ' + '9' * 5000 + '}')["big"])
5000
>>> deep = loads_bounded('{"id": "A-1", "deep": ' + '[' * 2000 + ']' * 2000 + '}')
>>> deep["id"], isinstance(deep["deep"], list)
('A-1', True)
>>> strict_dumps({"a": float("nan"), "b": "\\ud800"})
'{"a": null, "b": "\\ufffd"}'
"""

from __future__ import annotations

import json
import math
import re
import sys
from functools import lru_cache
from typing import Any

#: Values nested deeper than this are kept as their JSON text.
MAX_JSON_DEPTH = 32
#: A payload nested deeper than the parser can follow is re-read with its deep parts as
#: text only up to this size; a larger one is read as plain text, not JSON.
MAX_DEEP_JSON_CHARS = 20_000
#: A deep part kept as text is cut to this many characters.
DEEP_TEXT_CHARS = 200
#: :func:`scrub` keeps containers deeper than this as (the start of) their JSON text: a
#: caller's tool-call arguments nested 600 levels deep must not reach Python's recursion limit.
SCRUB_DEPTH = 2 * MAX_JSON_DEPTH
_INT_DIGITS = getattr(sys, "get_int_max_str_digits", lambda: 0)() or 4300  # 0: no limit set
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.S)
_SURROGATE = re.compile("[\ud800-\udfff]")


def _int(text: str) -> int | str:
    return int(text) if len(text) - text.startswith("-") <= _INT_DIGITS else text


def _float(text: str) -> float | str:
    value = float(text)
    return value if math.isfinite(value) else text


def _parse(text: str) -> Any:
    return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=str)


def loads_bounded(text: str) -> Any:
    """``json.loads`` of ``text`` that raises only :class:`json.JSONDecodeError` (not JSON),
    never on depth or number size; deep parts and unreadable numbers are kept as text."""
    try:
        return clip_depth(_parse(text))
    except RecursionError:
        if len(text) > MAX_DEEP_JSON_CHARS:
            raise json.JSONDecodeError("nested too deep to read as JSON", text[:40], 0) from None
        return clip_depth(_parse(_deep_parts_as_text(text)))


@lru_cache(maxsize=4)  # one tool result is read by several steps
def _deep_parts_as_text(text: str) -> str:
    """``text`` with every array or object that starts deeper than :data:`MAX_JSON_DEPTH`
    replaced by a JSON string of (the start of) its text."""
    out: list[str] = []
    depth, pos, deep_start = 0, 0, -1
    for m in _TOKEN.finditer(text):
        token = m.group(0)
        if token in "[{":
            depth += 1
            if depth == MAX_JSON_DEPTH + 1:
                deep_start = m.start()
        elif token in "]}":
            depth -= 1
            if depth == MAX_JSON_DEPTH and deep_start >= 0:
                out += [text[pos:deep_start], json.dumps(text[deep_start:m.end()][:DEEP_TEXT_CHARS])]
                pos, deep_start = m.end(), -1
    if deep_start >= 0:  # never closed: not JSON, the parser says where
        out += [text[pos:deep_start], json.dumps(text[deep_start:][:DEEP_TEXT_CHARS])]
        pos = len(text)
    return "".join(out) + text[pos:]


def clip_depth(value: Any, depth: int = 0) -> Any:
    """``value`` with containers deeper than :data:`MAX_JSON_DEPTH` kept as JSON text and
    non-finite floats as text ('nan', 'inf').

    >>> clip_depth({"a": [float("inf")]})
    {'a': ['inf']}
    """
    if isinstance(value, float) and not math.isfinite(value):
        return repr(value)
    if not isinstance(value, (dict, list, tuple)):
        return value
    if depth >= MAX_JSON_DEPTH:
        try:
            return json.dumps(value, ensure_ascii=False, default=str)[:DEEP_TEXT_CHARS]
        except (RecursionError, ValueError):
            return "[nested too deep]"
    if isinstance(value, dict):
        return {str(k): clip_depth(v, depth + 1) for k, v in value.items()}
    return [clip_depth(v, depth + 1) for v in value]


def scrub_text(text: str) -> tuple[str, bool]:
    """(``text`` with lone surrogates replaced by U+FFFD, whether any was replaced).

    >>> scrub_text("a\\ud800b")
    ('a\\ufffdb', True)
    """
    try:
        text.encode("utf-8")  # the common case, and fast
        return text, False
    except UnicodeEncodeError:
        return _SURROGATE.sub("\ufffd", text), True


def scrub(value: Any, _depth: int = 0) -> Any:
    """``value`` (JSON-like) with every string scrubbed of lone surrogates and non-finite
    floats as null: what :func:`strict_dumps` writes. Containers nested deeper than
    :data:`SCRUB_DEPTH` are kept as (the start of) their JSON text, so any depth is safe.

    >>> deep = {"a": 1}
    >>> for _ in range(5000):
    ...     deep = {"a": deep}
    >>> kept = scrub([deep])[0]
    >>> for _ in range(SCRUB_DEPTH - 1):
    ...     kept = kept["a"]
    >>> kept[:12]
    '{"a": {"a": '
    """
    if isinstance(value, str):
        return scrub_text(value)[0]
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, (dict, list, tuple)) and _depth >= SCRUB_DEPTH:
        return scrub_text(_deep_text(value))[0]
    if isinstance(value, dict):
        return {scrub(k) if isinstance(k, str) else k: scrub(v, _depth + 1) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [scrub(v, _depth + 1) for v in value]
    return value


def _deep_text(value: Any) -> str:
    """The start of ``value``'s JSON text, or a marker when even that is too deep to write."""
    try:  # clipped first: json.dumps itself recurses
        return json.dumps(clip_depth(value), ensure_ascii=False, default=str)[:DEEP_TEXT_CHARS]
    except (RecursionError, ValueError):
        return "[nested too deep]"


def strict_dumps(value: Any, **kwargs: Any) -> str:
    """Strict JSON of ``value``: no NaN/Infinity (they become null), valid UTF-8 (lone
    surrogates become U+FFFD). Fast when ``value`` is already clean."""
    kwargs.setdefault("ensure_ascii", False)
    try:
        text = json.dumps(value, allow_nan=False, **kwargs)
        text.encode("utf-8")
        return text
    except (ValueError, UnicodeEncodeError):
        return json.dumps(scrub(value), allow_nan=False, **kwargs)
