"""Whose value the user gives (issue 19): the other party a sentence names before a value ("收件人李秀兰，电话…"), and
(miss25zh) another person's age beside the one the state holds. Kept apart from the facts step so the roles step can
read them too."""

from __future__ import annotations

import re

from .. import _graph as g
from .context import MessageContext


#: (miss22a) an English full stop ends a sentence: a dot before white space
_FULL_STOP = re.compile(r"\.(?=\s)")


def party_before(ctx: MessageContext, at: int) -> str | None:
    """The other party the sentence names last before ``at`` ("收件人", "他家"), None when it names
    none or the user last (the pack's ``parties``; a match with a group ``self`` is the user).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> _ = t.observe({"role": "user", "content": "收货人是我同事，电话13900001111，我的电话13800002222"})
    >>> sorted((f.key, f.value) for f in t.state().facts if f.key.startswith("phone"))
    [('phone', '13800002222'), ('phone_我同事', '13900001111')]
    """
    head = ctx.text[:at]
    start = max(head.rfind(ch) for ch in "。！？!?\n") + 1
    start = max([start] + [m.end() for m in _FULL_STOP.finditer(head)])  # (miss22a) "sams number is 07940 115 283. mine …"
    found = [m for rx in ctx.pack.parties for m in rx.finditer(ctx.text, start, at)]
    if not found:
        return None
    last = max(found, key=lambda m: m.end())
    if _PRONOUN_PARTY.fullmatch(last.group(0)):
        # (user25zh) "我让房东王先生给你们打电话，他电话是135…": 他 is the person the sentence named before it
        named = [m for m in found if m.end() <= last.start() and not m.groupdict().get("self")
                 and not _PRONOUN_PARTY.fullmatch(m.group(0))]
        if named:
            last = max(named, key=lambda m: m.end())
    return None if last.groupdict().get("self") else last.group(0)


_PRONOUN_PARTY = re.compile(r"[他她]")


def another_age(ctx: MessageContext, at: int) -> str | None:
    """(miss25zh) The other person whose age the user gives at ``at`` beside an age the state holds of someone the
    turn that said it did not name: "我今年68岁" … "我老伴也想报，他叫吴德明，73岁" is her husband's age, not hers
    changed. None when the sentence names no one else (or only 他 / 她 with no one named before it), when no age is
    held, or when the person was named where the held age was said ("孩子7岁" … "孩子8岁" corrects it).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "user", "content": "我今年68岁，想报声乐班"},
    ...                 {"role": "user", "content": "我老伴也想报，他叫吴德明，73岁"}])
    >>> sorted((f.key, f.value) for f in t.state().facts if f.key.startswith("age"))
    [('age', '68岁'), ('age_我老伴', '73岁')]
    """
    party = party_before(ctx, at)
    held = g.current_with_key(ctx.graph, "age")
    if not party or _PRONOUN_PARTY.fullmatch(party) or not held:
        return None
    G = ctx.graph
    if any(party in str(G.nodes.get(f"t{G.nodes[f]['turn']}", {}).get("text") or "") for f in held):
        return None
    return re.sub(r"\s+", "_", party)


def ages_by_party(ctx: MessageContext, ages: list) -> list[tuple[str, object]]:
    """(user32zh) The ages one message gives of several people, each after its own party ("我爸王建国 62岁 我妈李秀兰
    58岁"): (the party, the age's mention) for each, or [] when two ages share a party or one has none (then the last
    age said is the value, as before).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> t.observe_many([{"role": "assistant", "content": "请问两位的姓名和年龄？"},
    ...                 {"role": "user", "content": "我爸王建国 62岁 我妈李秀兰 58岁"}])
    >>> sorted((f.key, f.value) for f in t.state().facts if f.key.startswith("age"))
    [('age_我妈', '58岁'), ('age_我爸', '62岁')]
    """
    parties = [party_before(ctx, m.start) for m in ages]
    if len(ages) < 2 or None in parties or len(set(parties)) < len(parties):
        return []
    return [(re.sub(r"\s+", "_", party), m) for party, m in zip(parties, ages)]
