"""The unneeded step: a value the user later says there is no need for is no longer current (wrong34).

The user asks for an option or a manner ("要加急的", "匿名得啦", "the express one please") and it becomes a fact
("speed: 加急", "public_name: 匿名"). Later they say it is not needed after all: "那不用加急了，普通就行", "唔使匿名",
"no need for express now". The noneed step lifts a rule said that way; a fact holding the very thing stayed current
beside the new choice. Here the thing after the no-need cue (the noneed step's cues, to the end of the comma piece,
with the particles that end it: 了, 啦, now, anymore) takes back every current fact said before this message whose
value is that thing word for word. A value only part of the thing ("不用加急处理" leaves "加急" alone: the thing is
another) and a question ("用不用加急") take nothing back.

>>> from ctxgraph import Tracker
>>> t = Tracker("zh")
>>> t.observe_many([{"role": "assistant", "content": "普通还是加急？"}, {"role": "user", "content": "加急"},
...                 {"role": "user", "content": "刚问了老板 不用加急了 普通就行"}])
>>> [f.value for f in t.state().facts if f.status == "current" and f.value == "加急"]
[]
"""

from __future__ import annotations

import re

from .. import _graph as g
from .._units import RetractUnit, _Unit
from .context import MessageContext
from .noneed import _EN_NO_NEED, _ZH_NO_NEED
from .registry import step

#: (zh) what ends the thing not needed without being part of it: an aspect or mood particle
_ZH_TAIL = re.compile(r"(?:了|啦|喇|嘞|咯|哦|哈|呢|吧|嘛|啊)+$")
#: (en) the same: a word of time or degree after the thing ("no need for express now", "… any more")
_EN_TAIL = re.compile(r"(?:\s+(?:now|anymore|any more|then|after all|either|really|thanks|thank you))+$", re.I)
#: (en) an article or a possessive before the thing ("no need for the express one")
_EN_HEAD = re.compile(r"^(?:the|a|an|that|this|my|our)\s+", re.I)
#: the question mark of the piece the cue is in: a question asks, it takes nothing back
_ASKS = re.compile(r"[?？]")
#: a value shorter than this names too little to be taken back by its words
MIN_CHARS = 2
#: a thing longer than this is a sentence, not a value said again
MAX_CHARS = 60


def unneeded_things(text: str, zh: bool) -> list[str]:
    """The things ``text`` says are not needed, each trimmed of its closing particles (no question's).

    >>> unneeded_things("刚问了财务 那不用加急了，普通就行", True), unneeded_things("唔使匿名 写阿妈个名", True)
    (['加急'], ['匿名'])
    >>> unneeded_things("ok no need for the express one now, standard is fine", False)
    ['express one']
    >>> unneeded_things("用不用加急？", True), unneeded_things("do we need express?", False)
    ([], [])
    """
    found = []
    for m in (_ZH_NO_NEED if zh else _EN_NO_NEED).finditer(text):
        end = m.end("thing")
        if _ASKS.match(text[end:end + 1]):
            continue
        thing = m.group("thing").strip()
        if len(thing) > MAX_CHARS:
            continue  # a value is taken back word for word: a long piece names none (and is never trimmed)
        thing = _ZH_TAIL.sub("", thing) if zh else _EN_HEAD.sub("", _EN_TAIL.sub("", thing))
        if len(thing) >= MIN_CHARS:
            found.append(thing)
    return found


def _same(value: str, thing: str, zh: bool) -> bool:
    """Whether a fact's ``value`` is the ``thing`` word for word (English: or with "one" / "option" after it).

    >>> _same("加急", "加急", True), _same("加急", "加急处理", True), _same("express", "express one", False)
    (True, False, True)
    """
    own = value.split(" (")[0].strip()
    if zh:
        return own == thing
    own, thing = own.casefold(), thing.casefold()
    return own == thing or re.sub(r"\s+(?:one|ones|option|service)$", "", thing) == own


@step("unneeded", roles=("user",))
def unneeded(ctx: MessageContext) -> list[_Unit]:
    """Retract the user's current facts whose value the message says is not needed (see the module docstring)."""
    zh = ctx.lang == "zh"
    things = unneeded_things(ctx.text, zh)
    if not things:
        return []
    return [RetractUnit(fact=fid) for fid, d in g.current_facts(ctx.graph)
            if int(d["turn"]) < ctx.index and d.get("status") == "current"
            and any(_same(str(d["value"]), t, zh) for t in things)]
