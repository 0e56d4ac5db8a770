"""Catalogues: product or venue lists whose names and attributes become entity patterns.

A catalogue is JSON (a list of names, a list of objects with a ``name``, or
a list of ``[name, {fields}]`` pairs as the CrossWOZ database has) or CSV with a
``name`` column. An optional ``label`` field/column sets the entity label
(default ``PRODUCT``).

>>> import tempfile, pathlib
>>> p = pathlib.Path(tempfile.mkdtemp()) / "c.json"
>>> _ = p.write_text('[{"name": "小米14"}, {"name": "Hilton", "label": "PLACE"}]', encoding="utf-8")
>>> load_catalog(p)
[('小米14', 'PRODUCT'), ('Hilton', 'PLACE')]
>>> q = pathlib.Path(tempfile.mkdtemp()) / "h.json"
>>> _ = q.write_text('[["北京饭店", {"名称": "北京饭店", "酒店类型": "豪华型", "酒店设施": ["wifi", "早餐服务"]}]]', encoding="utf-8")
>>> load_catalog_attributes(q)
[('豪华型', '酒店类型', False), ('wifi', '酒店设施', True), ('早餐服务', '酒店设施', True)]

Attribute values are the short texts of each entry's other fields (a field whose value
is a list is *multi*: the values a message names are kept together). Names, ids and
long texts (over 20 characters) are not attributes.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

from ._errors import Errors, RulesError


def load_catalog(path: str | Path, default_label: str = "PRODUCT") -> list[tuple[str, str]]:
    """(name, label) pairs from a JSON or CSV catalogue file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")  # Excel's "CSV UTF-8" starts with a BOM
    except OSError as err:
        raise RulesError(Errors.E013.format(path=path, reason=err.strerror or err)) from None
    except UnicodeDecodeError:
        raise RulesError(Errors.E013.format(path=path, reason="not UTF-8 text; save the file as UTF-8")) from None
    pairs: list[tuple[str, str]] = []
    if not text.strip():
        return []  # an empty file is an empty catalogue
    if path.suffix.lower() == ".csv":
        reader = csv.DictReader(text.splitlines())
        if "name" not in (reader.fieldnames or []):
            raise RulesError(Errors.E013.format(path=path, reason="no 'name' column in the header"))
        rows = list(reader)
        pairs = [(r["name"].strip(), (r.get("label") or default_label).strip()) for r in rows if r.get("name")]
    else:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise RulesError(Errors.E013.format(path=path, reason=f"invalid JSON ({err.msg}, line {err.lineno})")) from None
        if isinstance(data, dict):
            data = [v for value in data.values() for v in (value if isinstance(value, list) else [value])]
        if not isinstance(data, list):
            raise RulesError(Errors.E013.format(path=path, reason="expected a list of names or of objects with a 'name'"))
        for n, item in enumerate(data):
            if isinstance(item, str):
                pairs.append((item, default_label))
            elif isinstance(item, dict) and item.get("name"):
                pairs.append((str(item["name"]), str(item.get("label") or default_label)))
            elif isinstance(item, list) and item and isinstance(item[0], str):
                pairs.append((item[0], default_label))
            else:
                raise RulesError(Errors.E013.format(path=path, reason=f"entry {n} has no name"))
    return [(name, label) for name, label in dict.fromkeys(pairs) if name]


#: Fields that are the entry itself, not an attribute of it.
NAME_FIELDS = {"name", "名称", "label", "id", "领域", "domain", "location", "type_id"}
MAX_ATTRIBUTE_CHARS = 20


def _entries(path: Path) -> list[dict]:
    """Each catalogue entry's fields (JSON objects, [name, {fields}] pairs, CSV rows)."""
    text = path.read_text(encoding="utf-8-sig")
    if not text.strip():
        return []
    if path.suffix.lower() == ".csv":
        return list(csv.DictReader(text.splitlines()))
    data = json.loads(text)
    if isinstance(data, dict):
        data = [v for value in data.values() for v in (value if isinstance(value, list) else [value])]
    out = []
    for item in data if isinstance(data, list) else []:
        if isinstance(item, dict):
            out.append(item)
        elif isinstance(item, list) and len(item) > 1 and isinstance(item[1], dict):
            out.append(item[1])
    return out


def load_catalog_attributes(path: str | Path) -> list[tuple[str, str, bool]]:
    """(value, field, multi) for the attributes of a catalogue's entries."""
    path = Path(path)
    names = {name for name, _ in load_catalog(path)}  # also validates, with the same errors
    out: dict[tuple[str, str], bool] = {}
    for entry in _entries(path):
        for field_name, value in entry.items():
            if str(field_name).casefold() in NAME_FIELDS:
                continue
            values, multi = (value, True) if isinstance(value, list) else ([value], False)
            for v in values:
                if isinstance(v, str) and 1 < len(v.strip()) <= MAX_ATTRIBUTE_CHARS and v.strip() not in names:
                    out.setdefault((v.strip(), str(field_name)), multi)
    return [(v, f, m) for (v, f), m in out.items()]
