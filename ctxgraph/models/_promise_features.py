"""Features of an assistant clause for the learned promise reader, by structure only (issue 19, prom9).

A clause is described by the closed-class words it holds (who acts: 我/我们/"I"/"we", a role of the
service by its suffix, a name; whom for: 您/"you"; when: future and time words; what kind of
statement: past and report marks, habits, abilities, conditions, questions, requests), the shape of
its numbers, its place in the message, its neighbours' classes and what the message around it did
(a tool call in it, a tool result just before, the user's message before asked for something). No
open-class word (no domain noun, no verb of one trade) is a feature, so what the model learns is
the act of promising, not one chat's vocabulary.

>>> f = promise_features(["测绘员明天下午会先给您打电话"], "zh")[0]
>>> sorted(k for k in f if k.startswith("c="))
['c=FUT', 'c=GIVE', 'c=ROLE', 'c=TIME', 'c=YOU']
>>> sorted(k for k in promise_features(["I'll email you the form today"], "en")[0] if k.startswith("c="))
['c=FUT', 'c=GIVE', 'c=OWN', 'c=TIME', 'c=YOU']
"""

from __future__ import annotations

import re

from ._clause_features import in_sequence

#: closed classes of Chinese words and characters (matched as substrings)
ZH_CLASSES: dict[str, tuple[str, ...]] = {
    "OWN": ("我", "我们", "咱们", "我这边", "我们这边"),
    "YOU": ("您", "你"),
    "FUT": ("会", "将", "稍后", "马上", "这就", "立即", "立刻", "尽快", "回头", "晚点", "到时", "第一时间", "随后", "再", "先", "去", "争取", "尽量"),
    "GIVE": ("给您", "帮您", "为您", "替您", "把", "发您", "让", "跟您", "通知", "联系", "告诉", "回复"),
    "TIME": ("今天", "明天", "今晚", "明早", "后天", "上午", "下午", "晚上", "之前", "之后", "以内", "内", "当天", "前", "后",
             "周", "号", "点", "天", "小时", "分钟", "工作日"),
    "PAST": ("已", "已经", "了", "过", "好了", "完了", "刚"),
    "HABIT": ("一般", "通常", "都", "每", "正常", "大概", "大约", "预计", "可能", "左右", "基本", "自动", "随时"),
    "OPTION": ("也行", "也可以", "或者", "还是", "或", "要么", "也能"),
    "ABLE": ("可以", "能", "可", "支持", "提供"),
    "ASK": ("吗", "呢", "么", "什么", "哪", "多少", "几", "要不要", "需要", "还是", "是否"),
    "REQ": ("请", "麻烦", "记得", "建议", "注意", "您可以", "您把", "您先"),
    "COND": ("如果", "要是", "万一", "的话", "等", "一旦", "只要", "凡"),
    "NEG": ("不", "没", "无法", "别", "无"),
    "BOOK": ("订好", "约好", "预约", "预订", "订单", "已订", "办好", "下单"),
    "IS": ("是", "有", "在"),
}
#: a role of the service, by its suffix (师傅, 老师, 测绘员, 工作人员, …): a third party of the assistant's side
_ZH_ROLE = re.compile(r"[\u4e00-\u9fff](?:师傅|老师|教练|经理|顾问|医生|司机|骑手|员|人员|管家|阿姨|专员|团队|店长|客服)|师傅|老师|[A-Z]{2,3}(?=会|将)")
_EN_ROLE = re.compile(r"\b(?:the |our |your |a )?[a-z]+(?:er|or|ist|ian|ant|ent)s?\b(?= (?:will|would|can|is going|are going)\b)", re.I)
_EN_NAME_SUBJ = re.compile(r"^\W*(?:and |then |so )?[A-Z][a-z]+\s+(?:will|would|can|is|has|should)\b")
EN_CLASSES: dict[str, tuple[str, ...]] = {
    "OWN": ("i", "we", "me", "us", "our", "my"),
    "YOU": ("you", "your", "yours"),
    "FUT": ("will", "shall", "going", "gonna", "soon", "shortly", "asap", "let", "straight", "right", "now", "next"),
    "GIVE": ("send", "email", "text", "call", "ring", "post", "forward", "get", "back", "over", "to", "for"),
    "TIME": ("today", "tomorrow", "tonight", "by", "within", "before", "after", "monday", "tuesday", "wednesday",
             "thursday", "friday", "saturday", "sunday", "morning", "afternoon", "evening", "hour", "hours", "day",
             "days", "week", "minutes", "end", "once", "later"),
    "PAST": ("have", "has", "had", "been", "done", "already", "just", "was", "were", "sent", "booked", "confirmed"),
    "HABIT": ("usually", "normally", "always", "every", "each", "typically", "generally", "all", "any", "most",
              "automatically", "anytime"),
    "OPTION": ("or", "either", "alternatively", "instead", "otherwise"),
    "ABLE": ("can", "could", "may", "might", "able", "possible", "available"),
    "ASK": ("what", "which", "would", "shall", "do", "does", "want", "like", "how", "is", "are"),
    "REQ": ("please", "make", "sure", "remember", "bring", "need", "needs", "must", "should"),
    "COND": ("if", "when", "unless", "case", "whenever"),
    "NEG": ("not", "no", "never", "cant", "wont", "dont", "cannot", "nt"),
    "BOOK": ("booked", "confirmed", "reference", "ref", "order", "booking", "reserved"),
    "IS": ("is", "are", "its", "thats", "theres", "s"),
}
_EN_WORDS: dict[str, frozenset[str]] = {}
for _c, _ws in EN_CLASSES.items():
    for _w in _ws:
        _EN_WORDS[_w] = _EN_WORDS.get(_w, frozenset()) | {_c}
_ZH_PAIRS = tuple((w, c) for c, ws in ZH_CLASSES.items() for w in ws)
_EN_TOKEN = re.compile(r"[a-z]+|\d+|[£$€%?!:]")
_CONTRACTION = ((re.compile(r"['’]ll\b"), " will"), (re.compile(r"n['’]t\b"), " nt"), (re.compile(r"['’](?:m|re|ve|d|s)\b"), " s"))
_DIGIT = re.compile(r"\d")
_MONEY = re.compile(r"[£$€¥]|\d\s*(?:元|块|quid|pounds?\b)", re.I)
_ID = re.compile(r"[A-Za-z]+-?\d{2,}|\d{5,}")


def _en_words(text: str) -> list[str]:
    low = text.lower()
    for rx, sub in _CONTRACTION:
        low = rx.sub(sub, low)
    return _EN_TOKEN.findall(low)


def _own(text: str, lang: str) -> dict[str, float]:
    """A clause's own features (words of closed classes, their classes, shapes)."""
    f: dict[str, float] = {"bias": 1.0}
    s = text.strip()
    if lang == "zh":
        for w, c in _ZH_PAIRS:
            if w in s:
                f[f"w={w}"] = 1.0
                f[f"c={c}"] = 1.0
                if s.startswith(w):  # what opens the clause: 我…, 您…, 已…, 请…
                    f[f"first={c}"] = 1.0
        if _ZH_ROLE.search(s):
            f["c=ROLE"] = 1.0
        n = len(s)
    else:
        words = _en_words(s)
        for w in words:
            for c in _EN_WORDS.get(w, ()):
                f[f"w={w}"] = 1.0
                f[f"c={c}"] = 1.0
        for a, b in zip(words, words[1:]):  # "i will", "will send", "let me", "have sent"
            if a in _EN_WORDS and b in _EN_WORDS:
                f[f"ww={a}_{b}"] = 1.0
        if words:
            for c in _EN_WORDS.get(words[0], ("open",)):
                f[f"first={c}"] = 1.0
        if _EN_ROLE.search(s) or _EN_NAME_SUBJ.search(s):
            f["c=ROLE"] = 1.0
        if re.search(r"\b[a-z]{3,}ed\b", s.lower()):
            f["ed"] = 1.0
        n = len(words) * 3
    f[f"len={min(n // 8, 6)}"] = 1.0
    for name, rx in (("digit", _DIGIT), ("money", _MONEY), ("ident", _ID)):
        if rx.search(s):
            f[name] = 1.0
    if s.endswith(("?", "？")):
        f["asks"] = 1.0
    if s.endswith((":", "：")) or re.match(r"^\W*\w{1,12}[:：]", s):
        f["head"] = 1.0  # "订好了：…", "Booked:"
    return f


def _context(before: str, tool_call: bool, after_tool: bool) -> dict[str, float]:
    """What the message around the clause did: a tool call in it, a tool's result just before it,
    and whether the user's message before it asked for something."""
    f: dict[str, float] = {}
    if tool_call:
        f["msg=calls"] = 1.0
    if after_tool:
        f["msg=after_tool"] = 1.0
    tail = before.strip()[-80:]
    if tail.endswith(("?", "？", "吗", "呢")):
        f["user=asks"] = 1.0
    if re.search(r"帮我|能不能|可以.{0,6}吗|麻烦|\b(?:can|could) you\b|\bplease\b", tail, re.I):
        f["user=requests"] = 1.0
    if not tail:
        f["user=none"] = 1.0
    return f


def promise_features(clauses: list[str], lang: str, user_before: str = "", *, tool_call: bool = False,
                     after_tool: bool = False) -> list[dict[str, float]]:
    """The features of each clause of one assistant message (``clauses`` in order), given the text of the
    user's message before it, whether the message calls a tool and whether a tool's result came just before."""
    return in_sequence([_own(c, lang) for c in clauses], ("asks", "digit", "head", "ident"),
                       _context(user_before, tool_call, after_tool))


def unit_features(clause_feats: list[dict[str, float]], linked: list[int], status: str = "open") -> dict[str, float]:
    """(model33c) The features of one promise a rule reader made, for the promise verifier: the union of the features of
    the clauses it spans (``linked``, indices into ``clause_feats``, :func:`promise_features` of its message; a number
    kept at its largest), how many clauses it spans and the message has, whether it opens the message, and whether it is
    a promise (``open``) or a deed reported ``done``. Structure only, as the clause features.

    >>> f = unit_features(promise_features(["Sure", "we'll bring our own ladder"], "en"), [1])
    >>> f["c=OWN"], f["n_linked=1"], f["n_msg=2"], "later_linked" in f, f["status=open"]
    (1.0, 1.0, 1.0, True, 1.0)
    """
    f: dict[str, float] = {}
    for k in linked:
        for name, v in clause_feats[k].items():
            f[name] = max(f.get(name, 0.0), v)
    f[f"n_linked={min(len(linked), 3)}"] = 1.0
    f[f"n_msg={min(len(clause_feats), 6)}"] = 1.0
    f["first_linked" if 0 in linked else "later_linked"] = 1.0
    f[f"status={status}"] = 1.0
    return f
