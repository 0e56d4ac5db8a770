"""Render selected items as a compact state block, in a zh or an en template.

One line per item, grouped in sections (goal, constraints, key facts with
"changed from" history, done actions, open promises, open questions, focus).

>>> from ctxgraph._graph import new_graph, apply
>>> from ctxgraph._units import TurnUnit, FactUnit
>>> from ctxgraph._select import Item
>>> G = new_graph()
>>> for u in [TurnUnit(index=0, role="user", text="", lang="zh"),
...           FactUnit(key="budget", name="预算", value="5000元"),
...           FactUnit(key="budget", name="预算", value="6000元", correction=True)]:
...     apply(G, u)
>>> print(render_block([line(G, Item("f2", "fact", 10), "zh", history=True)], "zh"))
[对话状态]
关键信息：
- 预算：6000元（原为5000元）
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

import networkx as nx

from . import _graph as g
from .extract.text import asking_clause
from .lang import get_profile
from ._select import TIER_NAMED_FACT, TIER_STRESSED, Item

SECTIONS = ("goal", "constraints", "facts", "actions", "promises", "questions", "recall", "focus")

@dataclass(frozen=True)
class Style:
    """How a state block is written: a language profile's templates and separators, with a
    pack's ``render_labels`` over the templates.

    >>> Style.of("en", {"facts": "Order details:"}).templates["facts"]
    'Order details:'
    >>> Style.of("zh").word_sep
    ''
    """

    templates: dict
    word_sep: str
    label_sep: str
    segmented: bool
    question_chars: int

    @classmethod
    def of(cls, lang: "str | Style", overrides: dict | None = None) -> "Style":
        if isinstance(lang, Style):
            return lang if not overrides else replace(lang, templates={**lang.templates, **overrides})
        p = get_profile(lang)
        return cls({**p.templates, **(overrides or {})}, p.word_sep, p.label_sep, p.segmented, p.question_chars)



@dataclass(frozen=True)
class Line:
    item: Item
    section: str
    text: str
    group: str | None = None  # lines of one group share a line: "- hotel: area east; stars 4"
    turn: int | None = None  # a recalled turn's message index: never shown beside the turn sent raw
    shorter: tuple[str, ...] = ()  # cut versions of ``text``, longest first, for when it does not fit


def _fact_name(G: nx.MultiDiGraph, d: dict) -> str:
    if d["subject"]:
        return f"{G.nodes[d['subject']]['text']} {d['name']}"
    return d["name"]


#: Where a cut text may end first: after a clause (before its punctuation) ...
_CLAUSE_END = re.compile(r"[,;:.!?](?=\s)|[，；：、。！？]")
#: ... else between words; never inside a latin word, a number or a code such as WH-1000XM5.
_WORD_CHAR = re.compile(r"[A-Za-z0-9_\-./]")
#: The lengths (characters) a goal is cut to, tried in turn, when the budget has no room for it
#: whole: shorter where words are written without spaces (a character says more).
GOAL_CUTS = {"segmented": (20, 12, 6), "spaced": (48, 32, 16)}


def cut(text: str, limit: int, *, segmented: bool = False) -> str:
    """``text`` whole when it has at most ``limit`` characters, else its head, marked "…",
    ending at a clause or word boundary. Text written without spaces between words
    (``segmented``, as Chinese) may also end between two characters, never inside a latin
    word or a number; text with spaces ends only between words (a first word longer than
    ``limit`` is kept whole).

    >>> cut("I need to return the WH-1000XM5 headphones I bought last week", 40)
    'I need to return the WH-1000XM5…'
    >>> cut("I need to return my headphones, and get store credit for the rest", 40)
    'I need to return my headphones…'
    >>> cut("我想买一部拍照好的手机，预算5000元左右", 14, segmented=True)
    '我想买一部拍照好的手机…'
    >>> cut("预算5000元左右的拍照手机", 5, segmented=True)
    '预算…'
    >>> cut("Supercalifragilistic expialidocious", 10)
    'Supercalifragilistic…'
    """
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    room = max(limit - 1, 1)  # the mark takes one character
    head = text[: room + 1]  # one more: a boundary right after the room counts
    ends = [m.start() for m in _CLAUSE_END.finditer(head) if room // 3 <= m.start() <= room]
    if ends:
        return _marked(text[: ends[-1]])
    spaces = [i for i, ch in enumerate(head) if ch == " " and 0 < i <= room]
    if spaces and (not segmented or spaces[-1] >= room // 2):
        return _marked(text[: spaces[-1]])
    if not segmented:
        first = text.find(" ")
        return _marked(text[:first]) if first > 0 else text
    end = room
    while 0 < end < len(text) and _WORD_CHAR.match(text[end - 1]) and _WORD_CHAR.match(text[end]):
        end -= 1
    if end == 0:  # the text opens with a latin word longer than the room: keep that word
        end = room
        while end < len(text) and _WORD_CHAR.match(text[end - 1]) and _WORD_CHAR.match(text[end]):
            end += 1
    return _marked(text[:end])


def _marked(head: str) -> str:
    return head.rstrip(" ,;:-，；：、") + "…"


def _goal_line(item: Item, text: str, profile: "Style") -> Line:
    """The goal whole; the fitting step uses a shorter cut only when the budget forces it."""
    full = " ".join(text.split())
    lengths = GOAL_CUTS["segmented" if profile.segmented else "spaced"]
    cuts = dict.fromkeys(cut(full, n, segmented=profile.segmented) for n in lengths)
    return Line(item, "goal", full, shorter=tuple(c for c in cuts if len(c) < len(full)))


def line(G: nx.MultiDiGraph, item: Item, lang: "str | Style", *, history: bool | None = None,
         compact: bool = False) -> Line:
    """The rendered line of one item; questions are cut to their asking clause, and a goal
    carries shorter versions the fitting step falls back to when it has no room for it whole.

    A fact's earlier value ("原为 / was") is shown when the question names the fact, or
    when ``history`` says so: tokens are not spent on what stopped being true otherwise.
    """
    if history is None:
        history = item.tier in (TIER_NAMED_FACT, TIER_STRESSED)
    profile = Style.of(lang)
    t = profile.templates
    d = G.nodes[item.node]
    kind = item.kind
    if kind == "goal":
        return _goal_line(item, d["text"], profile)
    if kind == "constraint":
        return Line(item, "constraints", f"- [{t[d['polarity']]}] {d['text']}")
    if kind == "commitment":
        return Line(item, "promises", f"- {d['text']}{_due(d, t)}")
    if kind == "question":  # the asking clause is enough: "…，请问收货地址是哪里？"
        clause = asking_clause(d["text"])
        return Line(item, "questions", f"- {cut(clause, profile.question_chars, segmented=profile.segmented)}")
    if kind == "fact":
        was = t["offered"] if d["status"] == "offered" else ""
        if history:
            old = g.fact_history(G, item.node, limit=1)
            if old:
                was = t["was"].format(old=old[0]["value"])
        group = d.get("group")
        if group and not d["subject"] and d["name"].startswith(group):
            short = d["name"][len(group):].strip()
            if d.get("terse") and compact:  # "east" needs no "area"
                return Line(item, "facts", f"{d['value']}{was}", group)
            return Line(item, "facts", f"{short}{profile.word_sep}{d['value']}{was}", group)
        return Line(item, "facts", t["fact"].format(name=_fact_name(G, d), value=d["value"]) + was)
    if kind == "action":
        from ._state import action_summary

        ref = f" [ref {d['ref']}]" if d.get("ref") else ""
        times = f" ×{item.count}" if item.count > 1 else ""
        return Line(item, "actions", f"- {action_summary(d)}{times}{ref}")
    if kind == "turn":  # a recalled turn, whole: "- user: I adopted a dog named Rex"
        text = d["text"] if len(d["text"]) <= 600 else d["text"][:599] + "…"
        return Line(item, "recall", f"- {t[d['role']]}{profile.label_sep}{text.replace(chr(10), ' ')}", turn=d["index"])
    # entity
    mark = t["selected"] if d.get("selected") else ""
    return Line(item, "focus", f"{d['text']}{mark}")


_ISO_DUE = re.compile(r"\s*\((\d{4}-\d{2}-\d{2})\)")


def _due(d: dict, t: dict) -> str:
    """A promise's due date, saying only what its text does not: the ISO date when the text
    already has the words ("… by May 9" -> " (due 2025-05-09)"), nothing when it has both.

    >>> t = {"due": " (due {due})"}
    >>> _due({"text": "I will call you by May 9", "due": "May 9 (2025-05-09)"}, t)
    ' (due 2025-05-09)'
    >>> _due({"text": "I will call you", "due": "by Friday"}, t)
    ' (due by Friday)'
    """
    due = d.get("due")
    if not due:
        return ""
    iso = _ISO_DUE.search(due)
    words = _ISO_DUE.sub("", due).strip()
    if words and words not in d["text"]:
        return t["due"].format(due=due)
    return t["due"].format(due=iso.group(1)) if iso and iso.group(1) not in d["text"] else ""


def group_header(group: str, lang: "str | Style") -> str:
    return Style.of(lang).templates["group"].format(group=group)


def group_separator(lang: "str | Style") -> str:
    return Style.of(lang).templates["group_sep"]


def focus_separator(lang: "str | Style") -> str:
    return Style.of(lang).templates["sep"]


def section_headers(lang: "str | Style", compact: bool = False) -> dict[str, str]:
    """The header line each section adds (goal and focus carry theirs on their line);
    the compact style has a short title and no section header lines."""
    t = Style.of(lang).templates
    return {"title": t["title_compact" if compact else "title"], "goal": t["goal"], "focus": t["focus"],
            **{sec: "" if compact else t[sec]
               for sec in ("constraints", "facts", "actions", "promises", "questions", "recall")}}


def render_block(lines: list[Line], lang: "str | Style", compact: bool = False) -> str:
    """The state block text of the given lines (sections in a fixed order).

    ``compact`` (for small budgets) drops the section header lines and shortens the title.
    """
    if not lines:
        return ""
    style = Style.of(lang)
    t = style.templates
    headers = section_headers(style, compact)
    out = [headers["title"]]
    for section in SECTIONS:
        chosen = [ln.text for ln in lines if ln.section == section]
        if not chosen:
            continue
        if section == "goal":
            out.append(f"{t['goal']}{style.word_sep}{chosen[0]}")
        elif section == "focus":
            out.append(f"{t['focus']}{style.word_sep}{t['sep'].join(chosen)}")
        else:
            if headers[section]:
                out.append(headers[section])
            out.extend(_grouped([ln for ln in lines if ln.section == section], t))
    return "\n".join(out)


def _grouped(lines: list[Line], t: dict) -> list[str]:
    """One output line per ungrouped line, and one per group at its first member's place."""
    members: dict[str, list[str]] = {}
    for ln in lines:
        if ln.group:
            members.setdefault(ln.group, []).append(ln.text)
    out, done = [], set()
    for ln in lines:
        if not ln.group:
            out.append(ln.text)
        elif ln.group not in done:
            done.add(ln.group)
            out.append(t["group"].format(group=ln.group) + t["group_sep"].join(members[ln.group]))
    return out
