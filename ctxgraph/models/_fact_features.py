"""Features of one fact a rule step proposes, for the learned fact verifier (model33f, issue 19).

Structure only, like the clause readers: the step that made the fact, the class of its key, the shape of its
value (digits, clock, money, date, length, script, a leading "my" / 我的, a whole clause), who said the message
and what kind it is, whether the value sits in a question, what the assistant's message before did, whether the
value echoes it, whether the fact supersedes or corrects one, its place in the message, the language. **No
open-class word is a feature**: two facts that differ only by their nouns get the same features.

>>> f = fact_features(dict(key="phone", value="503-555-0187", origin="contacts", role="user", lang="en",
...                        text="my phone is 503-555-0187", before="", label_keys=frozenset()))
>>> f["step=contacts"], f["digits"], f["role=user"]
(1.0, 1.0, 1.0)
"""

from __future__ import annotations

import re
from typing import Any

#: keys the rules use for a value with no named slot: a class of their own
GENERIC_KEYS = frozenset({"value", "note", "problem", "kind", "item", "thing", "detail", "request", "want", "issue",
                          "goal", "choice", "pick", "other"})

#: (model33f) the slot ids the rule steps give facts, a closed set of the package's own (never a user's word); a
#: key whose first part is none of them is read by its class alone
SLOT_STEMS = frozenset({"date", "day", "time", "price", "budget", "destination", "origin", "place", "venue", "cuisine",
                        "children", "adults", "people", "count", "person", "extra", "choice", "duration", "weight",
                        "height", "length", "area", "address", "phone", "email", "name", "order", "deadline", "want",
                        "problem", "slot", "category", "deposit", "total", "amount", "size", "model", "color",
                        "colour", "quantity", "next", "note", "value", "kind", "account", "id", "age", "floor", "booking",
                        "condition", "postcode", "invoice", "payment", "checkout", "checkin", "card", "product",
                        "born", "company", "title", "start", "plate", "access", "measure", "car", "case"})
_CLOCK = re.compile(r"\d{1,2}[:：]\d{2}|\d{1,2}\s*(?:am|pm|a\.m\.|p\.m\.)|[点點]\d*|\d+\s*[时時]", re.I)
_MONEY = re.compile(r"[$€£¥￥]|\d\s*(?:元|块|万|dollars?|bucks|usd|eur|gbp|rmb)\b|\b(?:usd|eur|gbp|rmb)\b", re.I)
_DATE = re.compile(r"\d{1,4}[-/.]\d{1,2}(?:[-/.]\d{1,4})?|\d+\s*[月日号號]|周[一二三四五六日天]|星期|礼拜"
                   r"|\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*day\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b"
                   r"|\b(?:today|tomorrow|tonight|yesterday|next|this|last)\b|今天|明天|后天|下周|下个?月|本周", re.I)
_MY = re.compile(r"^\s*(?:my|our|我的|我们的|我家|我)\b|^\s*(?:我的|我们的|我家)", re.I)
_CJK = re.compile(r"[\u4e00-\u9fff]")
_LATIN = re.compile(r"[A-Za-z]")
_DIGIT = re.compile(r"\d")
_QUESTION_END = ("?", "？")
_CLAUSE_END = re.compile(r"[,，。.!！?？;；\n]")


def value_clause(text: str, at: int, end: int) -> tuple[str, str]:
    """The clause of ``text`` around the value at ``at``..``end`` (between clause punctuation) and what of it
    stands before the value; one backward and one forward scan, linear in the text.

    >>> value_clause("ok. not mondays, that's our day", 8, 15)
    (' not mondays', ' not ')
    """
    start = max((m.end() for m in _CLAUSE_END.finditer(text, 0, at)), default=0)
    stop = _CLAUSE_END.search(text, end)
    return text[start:stop.start() if stop else len(text)], text[start:at]


def context_classes(text: str, at: int, end: int, lang: str) -> dict[str, float]:
    """The closed classes of the value's clause (negation, bounds, time relations, asking ...: the constraint
    reader's classes) and the closed-class word just before the value ("prev=open" for an open one)."""
    from ._clause_features import _EN_WORDS, _ZH_WORDS, _classes, _en_words

    clause, head = value_clause(text, at, end)
    f = {f"cc={c}": 1.0 for c in _classes(clause, lang)}
    if lang == "zh":
        h = head.strip()
        prev = next((w for w in (h[-2:], h[-1:]) if w and w in _ZH_WORDS), None)
    else:
        words = _en_words(head)
        prev = words[-1] if words and words[-1] in _EN_WORDS else None
        if words and words[-1] in ("or", "and", "if", "unless", "than"):
            prev = words[-1]
    f[f"prev={prev or ('open' if head.strip() else 'none')}"] = 1.0
    if lang == "en" and re.search(r"\b(?:if|unless|whether|or)\b", clause, re.I) or lang == "zh" and re.search(
            r"如果|要是|的话|或者|还是|或", clause):
        f["cond_or_alt"] = 1.0
    return f


def _bucket(n: int, edges: tuple[int, ...]) -> str:
    """The first edge ``n`` is at or under ("<=3"), else the last one passed (">12").

    >>> _bucket(2, (1, 3, 6)), _bucket(9, (1, 3, 6))
    ('<=3', '>6')
    """
    for e in edges:
        if n <= e:
            return f"<={e}"
    return f">{edges[-1]}"


def key_class(key: str, label_keys: frozenset[str]) -> str:
    """The class of a fact's key: ``generic`` (value / note / problem ...), ``label`` (an entity label's key),
    ``domain`` (a per-domain slot, "hotel.area"), ``subject`` (a key about a subject, "phone@mom"), else ``named``.

    >>> key_class("note", frozenset()), key_class("date", frozenset({"date"})), key_class("sister_phone", frozenset())
    ('generic', 'label', 'named')
    """
    k = key.split("@", 1)[0].lower()
    if "@" in key:
        return "subject"
    if k in GENERIC_KEYS:
        return "generic"
    if "." in k:
        return "domain"
    if k in label_keys:
        return "label"
    return "named"


def value_shape(value: str) -> dict[str, float]:
    """The shape of a value: digits, clock, money, date, script, length in words and characters, a leading "my".

    >>> sorted(k for k, v in value_shape("$1,200").items() if v)
    ['chars=<=6', 'digits', 'money', 'script=none', 'words=<=1']
    """
    v = value.strip()
    cjk, latin = bool(_CJK.search(v)), bool(_LATIN.search(v))
    script = "mixed" if cjk and latin else "cjk" if cjk else "latin" if latin else "none"
    words = len(v.split()) if not cjk else max(1, len(_CJK.findall(v)) // 2)
    f = {"digits": float(bool(_DIGIT.search(v))), "clock": float(bool(_CLOCK.search(v))),
         "money": float(bool(_MONEY.search(v))), "date": float(bool(_DATE.search(v))),
         f"script={script}": 1.0, f"words={_bucket(words, (1, 2, 4, 7, 12))}": 1.0,
         f"chars={_bucket(len(v), (3, 6, 12, 24, 48))}": 1.0, "my": float(bool(_MY.search(v)))}
    if v and _DIGIT.fullmatch(v.replace(",", "").replace(".", "") or "x"):
        f["only_digits"] = 1.0
    return f


def fact_features(c: dict[str, Any]) -> dict[str, float]:
    """The features of one proposed fact ``c``: ``key``, ``value``, ``origin`` (the step), ``role``, ``lang``,
    ``text`` (the message), ``before`` (the assistant's message before, "" when none), ``label_keys`` (the entity
    labels' keys), and optionally ``asked`` (the value sits in a question clause), ``supersedes``, ``correction``,
    ``stressed``, ``subject``, ``same_key`` (facts of the message under the key), ``facts`` (facts the message
    makes), ``current_key`` (a current fact holds the key), ``current_value`` (a current fact holds the value)."""
    value, text, lang = str(c["value"]), c.get("text") or "", c["lang"]
    low_text, low_value = text.casefold(), value.strip().casefold()
    at = low_text.find(low_value) if low_value else -1
    before = (c.get("before") or "").casefold()
    kc = key_class(c["key"], c["label_keys"])
    f: dict[str, float] = {"bias": 1.0, f"lang={lang}": 1.0, f"step={c.get('origin') or 'unknown'}": 1.0,
                           f"key={kc}": 1.0, f"role={c['role']}": 1.0}
    f.update((k, v) for k, v in value_shape(value).items() if v)
    if at < 0:
        f["not_in_text"] = 1.0
    else:
        third = min(2, 3 * at // max(1, len(text)))
        f[f"place={third}"] = 1.0
        f.update(context_classes(text, at, at + len(low_value), lang))
        rest = text[at + len(low_value):].lstrip(" \t")
        if not rest or rest[0] in "。.!！\n":
            f["ends_sentence"] = 1.0
    stripped = text.strip().rstrip("。.!！?？").strip()
    if low_value and low_value == stripped.casefold():
        f["whole_message"] = 1.0
    elif len(low_value) >= 12 and at >= 0 and any(len(s.strip()) and s.strip().casefold() == low_value
                                                   for s in re.split(r"[,，。.!！?？;；\n]", text)):
        f["whole_clause"] = 1.0
    if text.rstrip().endswith(_QUESTION_END):
        f["message_asks"] = 1.0
    if before:
        f["after_assistant"] = 1.0
        if before.rstrip().endswith(_QUESTION_END) or "?" in before[-80:] or "？" in before[-80:]:
            f["assistant_asked"] = 1.0
        if low_value and low_value in before:
            f["echoes_assistant"] = 1.0
    for name in ("asked", "supersedes", "correction", "stressed", "subject", "current_key", "current_value"):
        if c.get(name):
            f[name] = 1.0
    f[f"facts={_bucket(int(c.get('facts') or 1), (1, 2, 4, 8))}"] = 1.0
    if int(c.get("same_key") or 1) > 1:
        f["same_key_many"] = 1.0
    # pairs the linear model cannot make itself: the step with the speaker, the step with the key's class
    f[f"step_role={c.get('origin') or 'unknown'}|{c['role']}"] = 1.0
    f[f"step_key={c.get('origin') or 'unknown'}|{kc}"] = 1.0
    f[f"step_my={c.get('origin') or 'unknown'}|{f.get('my', 0)}"] = 1.0
    f[f"step_words={c.get('origin') or 'unknown'}|{next(k for k in f if k.startswith('words='))}"] = 1.0
    stem = c["key"].split("@", 1)[0].split("_", 1)[0].split(".", 1)[-1].lower()
    if stem in SLOT_STEMS:
        f[f"slot={stem}"] = 1.0
    return f
