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
>>> print(render_block([line(G, Item("f2", "fact", 10), "zh")], "zh"))
[对话状态]
关键信息：
- 预算：6000元（原为5000元）
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import networkx as nx

from . import _graph as g
from ._select import Item

SECTIONS = ("goal", "constraints", "facts", "actions", "promises", "questions", "focus")

TEMPLATES = {
    "zh": {
        "title": "[对话状态]",
        "goal": "目标：", "constraints": "约束：", "facts": "关键信息：", "actions": "工具操作：",
        "promises": "待兑现承诺：", "questions": "待用户回答：", "focus": "当前关注：",
        "must": "必须", "must_not": "禁止", "prefer": "偏好",
        "fact": "- {name}：{value}", "was": "（原为{old}）", "due": "（期限：{due}）",
        "selected": "（已选）", "sep": "，",
    },
    "en": {
        "title": "[Conversation state]",
        "goal": "Goal:", "constraints": "Constraints:", "facts": "Key facts:", "actions": "Actions:",
        "promises": "Open promises:", "questions": "Asked, awaiting answer:", "focus": "Focus:",
        "must": "must", "must_not": "must not", "prefer": "prefer",
        "fact": "- {name}: {value}", "was": " (was {old})", "due": " (due {due})",
        "selected": " (selected)", "sep": ", ",
    },
}


@dataclass(frozen=True)
class Line:
    item: Item
    section: str
    text: str


def _fact_name(G: nx.MultiDiGraph, d: dict) -> str:
    if d["subject"]:
        return f"{G.nodes[d['subject']]['text']} {d['name']}"
    return d["name"]


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def line(G: nx.MultiDiGraph, item: Item, lang: str, *, history: bool = True) -> Line:
    """The rendered line of one item."""
    t = TEMPLATES[lang]
    d = G.nodes[item.node]
    kind = item.kind
    if kind == "goal":
        return Line(item, "goal", _short(d["text"], 40))
    if kind == "constraint":
        return Line(item, "constraints", f"- [{t[d['polarity']]}] {d['text']}")
    if kind == "commitment":
        due = t["due"].format(due=d["due"]) if d.get("due") and d["due"] not in d["text"] else ""
        return Line(item, "promises", f"- {d['text']}{due}")
    if kind == "question":  # the asking clause is enough: "…，请问收货地址是哪里？"
        clause = re.split(r"[，,；;]", d["text"])[-1].strip() or d["text"]
        return Line(item, "questions", f"- {_short(clause, 40)}")
    if kind == "fact":
        text = t["fact"].format(name=_fact_name(G, d), value=d["value"])
        if history:
            old = g.fact_history(G, item.node, limit=1)
            if old:
                text += t["was"].format(old=old[0]["value"])
        return Line(item, "facts", text)
    if kind == "action":
        from ._state import action_summary

        ref = f" [ref {d['ref']}]" if d.get("ref") else ""
        times = f" ×{item.count}" if item.count > 1 else ""
        return Line(item, "actions", f"- {action_summary(d)}{times}{ref}")
    # entity
    mark = t["selected"] if d.get("selected") else ""
    return Line(item, "focus", f"{d['text']}{mark}")


def section_headers(lang: str) -> dict[str, str]:
    """The header line each section adds (goal and focus carry theirs on their line)."""
    t = TEMPLATES[lang]
    return {"title": t["title"], "goal": t["goal"], "focus": t["focus"],
            **{sec: t[sec] for sec in ("constraints", "facts", "actions", "promises", "questions")}}


def render_block(lines: list[Line], lang: str) -> str:
    """The state block text of the given lines (sections in a fixed order)."""
    if not lines:
        return ""
    t = TEMPLATES[lang]
    out = [t["title"]]
    for section in SECTIONS:
        chosen = [ln.text for ln in lines if ln.section == section]
        if not chosen:
            continue
        if section == "goal":
            out.append(f"{t['goal']}{'' if lang == 'zh' else ' '}{chosen[0]}")
        elif section == "focus":
            out.append(f"{t['focus']}{'' if lang == 'zh' else ' '}{t['sep'].join(chosen)}")
        else:
            out.append(t[section])
            out.extend(chosen)
    return "\n".join(out)
