"""A rule taken back by saying the deed it rules out as a go-ahead (cons21).

The user rules a deed out ("please don't drill the tiles", "不要留我的电话", "我唔想留名") and later says that very deed,
without a negation, as what may be done: "he says drill the tiles if you have to", "我的电话也留上吧", "咁算啦 留啦". The
rule no longer holds. No cue list of lifting words reads these: the lift is the deed itself said again.

How the deed is read from the rule: the words right after its negator. In spaced writing the verb and the word it
governs ("drill the tiles" -> drill, tiles; "phone me" -> phone, me), a verb of the same deed standing for it (the
verbs of contact are one deed: "you can ring me now" says "phone me"). In segmented writing the verb and what follows it up to
the piece's end ("留我的电话" -> 留, 我的电话).

What says it again:

- (en) the verb in its bare form right before the word it governs (an article or a possessive between them), not
  negated, not in a condition ("if you cut the joists the ceiling cracks") and not in a question;
- (zh) a space- or comma-parted piece that asks nothing and negates nothing, holding the deed's whole object and
  ending on a go-ahead particle (吧, 啦) or saying 也 ("我的号也加上吧"); or a bare verb of the deed with its particle
  ("留啦", "登记吧") after a give-in in the same clause ("那算了", "咁算啦").

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> t.observe_many([{"role": "user", "content": "Please don't cut the joists, the surveyor was fussy"},
...                 {"role": "user", "content": "He says cut the joists if you have to"}])
>>> [(c.text, c.status) for c in t.state().constraints]
[("Please don't cut the joists", 'lifted')]
>>> t = Tracker("zh")
>>> t.observe_many([{"role": "user", "content": "不要留我的电话 我上班不方便接"},
...                 {"role": "user", "content": "想了想 我的电话也留上吧"}])
>>> [(c.text, c.status) for c in t.state().constraints]
[('不要留我的电话 我上班不方便接', 'lifted')]
"""

from __future__ import annotations

import functools
import re

from .. import _graph as g
from .._units import LiftUnit, _Unit
from .context import MessageContext

#: (en) the negator of a ruled-out deed and the deed after it: its verb and the word it governs
_EN_DEED = re.compile(r"\b(?:do ?n[o'’]?t|do not|never)\s+(?:ever\s+|please\s+)?(?P<verb>[a-z]{3,})\s+"
                      r"(?:(?:the|a|an|my|his|her|our|their|your|any|those|these|that|this)\s+)?(?P<thing>[a-z]{2,})\b", re.I)
#: (en) words before the deed said again that keep it ruled out or make it a condition
_EN_NOT_BEFORE = re.compile(r"(?:\b(?:not|never|no|don'?t|dont|do not|won'?t|cannot|can'?t|if|unless|when|before|whether"
                            r"|in case)\b|n[o'’]t)\s+(?:\w+\s+){0,2}$", re.I)
#: (zh) the negator of a ruled-out deed and the deed after it, to the piece's end
_ZH_DEED = re.compile(r"(?:不要|别|不准|不许|千万别|唔好|唔要|唔想|唔准|不想|莫)(?P<deed>[\u4e00-\u9fff]{2,10})")
#: (zh, cons34) a deed ruled out by a bare 不 or 不能 ("我不出镜哈", "也不能在地里打机井"), not 不过 / 不然 / 不用 / 不行 …
#: (those join no deed, or are no-needs read elsewhere)
_ZH_BARE_NOT = re.compile(r"(?:不能|不(?![过然管如是仅但只光论同少错行好太得用必会要想准许]))(?P<deed>[\u4e00-\u9fff]{2,10})")
#: (zh, cons34) a deed one cannot do, its 不得 between verb and thing ("老人家吃不得辣" -> 吃辣); not 不得行 / 不得了
_ZH_CANNOT = re.compile(r"(?P<verb>[\u4e00-\u9fff])不得(?![行了已])(?P<thing>[\u4e00-\u9fff]{1,4})")
#: (zh, cons34) a deed wanted: 要 / 想 right before it ("又说过年要吃辣的")
_ZH_WANTS = re.compile(r"[要想]$")
#: (zh, cons34) a piece said as a condition ("那要用高压水枪的话"), or a clause that ends asking: no go-ahead
_ZH_IF = re.compile(r"的话|如果|要是|假如|万一|若是")
_ZH_ENDS_ASKING = re.compile(r"(?:吗|么|呢|[？?])\W*$")
#: (zh, cons34) a deed given in to: "打井就打吧" (its verb said again after 就, with 吧)
_ZH_SO_BE_IT = re.compile(r"(?P<verb>[\u4e00-\u9fff])(?P<thing>[\u4e00-\u9fff]{1,2})就(?P=verb)吧")
#: (zh) a piece that negates or asks: it says no deed again ("还是要无坚果的那款吧" keeps "不要放坚果")
_ZH_NOT = re.compile(r"[不别没莫唔否勿无免]|吗|呢|[？?]")
#: (zh) a piece said as a go-ahead: it ends on 吧 / 啦 or says 也
_ZH_GO = re.compile(r"[吧啦罢]\W*$|也")
#: (zh, fix23) a piece that asks the thing kept apart says another deed: "香菜单独放一小盒吧" keeps "不要放香菜"
_ZH_APART = re.compile(r"单独|另外|分开|另[装放包拿]")
#: (zh) a give-in said before a bare verb: 那算了, 咁算啦, 好吧, 行吧
_ZH_GIVE_IN = re.compile(r"算了|算啦|罢了|好吧|行吧")
#: (fix37) another person, said before a deed, who does it ("我老公也吃辣", "我老婆要吃香菜"): no go-ahead for the user's rule
_ZH_OTHER_ONE = re.compile(r"[他她]|别人|其他人|大家|老婆|老公|爱人|媳妇|丈夫|妻子|孩子|小孩|儿子|女儿|宝宝|朋友|同事|同学|老板|领导|"
                           r"客户|客人|家人|爸|妈|爷|奶|外公|外婆|姥|哥|姐|弟|妹|叔|姨|舅|婶|老人")
#: (fix37) the deed given to someone else apart ("给他单独放点辣椒", "单独给她一小碟"): the rule stands
_ZH_FOR_ANOTHER = re.compile(r"单独|另外|给[他她]")
_ZH_PIECES = re.compile(r"[^\s，,。！？；;]+")
_ZH_PARTICLES = re.compile(r"[吧啦罢啊呀了嘛哈]+$")


def deed_again(ctx: MessageContext, clause: str) -> list[_Unit]:
    """Lifts of the active must_not rules whose ruled-out deed the user's ``clause`` says again as a go-ahead (the
    caller passes no clause that asks).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("en")
    >>> t.observe_many([{"role": "user", "content": "Don't cut the joists"},
    ...                 {"role": "user", "content": "If you cut the joists the ceiling will crack"}])
    >>> [(c.text, c.status) for c in t.state().constraints]
    [("Don't cut the joists", 'active')]
    """
    if ctx.role != "user":
        return []
    said = _said_in_zh if ctx.profile.segmented else _said_in_en
    return [LiftUnit(constraint=cid) for cid, d in g.open_items(ctx.graph, "constraint")
            if d["polarity"] == "must_not" and said(clause, d["text"])]


#: verbs of one deed of contact: a rule says one, its go-ahead another ("please don't phone me", "you can ring me now").
#: Not the pack's ``same_deed`` of promises: there "phone" is also the thing a code is sent to ("a new PIN went to your
#: phone" reports no call)
_ONE_DEED = (frozenset({"call", "ring", "phone"}),)


def _same_deed(verb: str) -> set[str]:
    """``verb`` and the verbs of the same deed ("phone" -> call, ring, phone).

    >>> sorted(_same_deed("Phone")), _same_deed("drill")
    (['call', 'phone', 'ring'], {'drill'})
    """
    low = verb.casefold()
    return {low}.union(*(w for w in _ONE_DEED if low in w))


def _said_in_en(clause: str, rule: str) -> bool:
    """Whether ``clause`` says the deed ``rule`` rules out, its verb bare, not negated nor a condition.

    >>> _said_in_en("you can ring me now", "please dont phone me at work")
    True
    >>> _said_in_en("I'll ring you if it changes", "please dont phone me at work")
    False
    >>> _said_in_en("so no drilling the tiles", "dont drill the tiles")
    False
    """
    said = _deed_said(rule)
    return said is not None and any(not _EN_NOT_BEFORE.search(clause[:s.start()]) for s in said.finditer(clause))


@functools.lru_cache(maxsize=256)
def _deed_said(rule: str) -> re.Pattern | None:
    """The pattern of the deed an English rule rules out said again (its verb or one of the same deed, then its thing),
    built once a rule: the step asks it for every clause of every later message while the rule is active."""
    m = _EN_DEED.search(rule)
    if not m:
        return None
    verbs = "|".join(sorted(map(re.escape, _same_deed(m.group("verb")))))
    return re.compile(rf"\b(?:{verbs})\s+(?:(?:the|a|an|my|his|her|our|their|your|any|those|these|that|this)\s+)?"
                      rf"{re.escape(m.group('thing'))}\b", re.I)


def _said_in_zh(clause: str, rule: str) -> bool:
    """Whether a piece of ``clause`` says the deed ``rule`` rules out as a go-ahead: its whole object with 吧 / 啦 / 也,
    or its bare verb after a give-in.

    >>> _said_in_zh("等下 我的号也加上吧", "不要放我的号"), _said_in_zh("咁算啦 留啦", "我唔想留名 怕佢哋搵上门")
    (True, True)
    >>> _said_in_zh("照片也放上吧 不过别放他哭的", "不要放带日期的照片"), _said_in_zh("留啦", "我唔想留名")
    (False, False)
    >>> _said_in_zh("香菜单独放一小盒吧", "不要放香菜"), _said_in_zh("香菜也放点吧", "不要放香菜")
    (False, True)
    """
    if whole_deed_said(clause, rule):
        return True
    m = _ZH_DEED.search(rule)
    if not m:
        return False
    deed = m.group("deed")
    verb, thing = deed[:1], deed[1:]
    for p in _ZH_PIECES.finditer(clause):
        piece = p.group(0)
        if _ZH_NOT.search(piece) or not _ZH_GO.search(piece) or _ZH_APART.search(piece):
            continue
        if len(thing) >= 2 and thing in piece:
            return True
        bare = _ZH_PARTICLES.sub("", piece)
        if bare and deed.startswith(bare) and len(bare) <= 2 and _ZH_GIVE_IN.search(clause[:p.start()]):
            return True
    return False


def _zh_deeds(rule: str) -> list[str]:
    """(cons34) The deeds a Chinese rule rules out whole, its particles dropped: after a negator (bare 不 and 不能 too),
    and a verb and its thing around 不得.

    >>> _zh_deeds("我不出镜哈 我普通话不行"), _zh_deeds("屋头有个老人家吃不得辣"), _zh_deeds("也不能在地里打机井")
    (['出镜'], ['吃辣'], ['在地里打机井'])
    >>> _zh_deeds("不过周末不得行")
    []
    """
    deeds = [m.group("deed") for rx in (_ZH_DEED, _ZH_BARE_NOT) for m in rx.finditer(rule)]
    deeds += [m.group("verb") + m.group("thing") for m in _ZH_CANNOT.finditer(rule)]
    return [d for d in dict.fromkeys(_ZH_PARTICLES.sub("", d) for d in deeds) if len(d) >= 2]


def _another_does_it(before: str, rule: str) -> bool:
    """(fix37) Whether ``before`` (a piece up to a deed) names another person as its doer whom ``rule`` does not name:
    "我老公也吃辣" does not lift "我不吃辣"; "老人家后来又说要吃辣" lifts "老人家吃不得辣".

    >>> _another_does_it("我老公也", "我不吃辣"), _another_does_it("老人家后来又说过年要", "老人家吃不得辣"), _another_does_it("那我也", "我不出镜")
    (True, False, False)
    """
    return any(m.group(0) not in rule for m in _ZH_OTHER_ONE.finditer(before))


def whole_deed_said(clause: str, rule: str) -> bool:
    """(cons34) Whether a piece of ``clause`` that negates and asks nothing says a deed ``rule`` rules out whole as a
    go-ahead (not in a condition, nor in a clause that ends asking): with 也 ("那我也出镜嘛" lifts "我不出镜"; a closing
    吧 alone does not: in "小李主持吧" another does it), wanted with 要 / 想 right before it ("又说过年要吃辣的" lifts
    "老人家吃不得辣"), or given in to, its verb said again ("那打井就打吧" lifts "不能在地里打机井").

    >>> whole_deed_said("林晓说老板出镜效果更好 那我也出镜嘛", "我不出镜哈 我普通话不行")
    True
    >>> whole_deed_said("老人家后来又说过年要吃辣的", "老人家吃不得辣"), whole_deed_said("村里也同意 那打井就打吧", "也不能在地里打机井")
    (True, True)
    >>> whole_deed_said("我还是不出镜", "我不出镜哈"), whole_deed_said("要吃辣的吗", "老人家吃不得辣")
    (False, False)
    >>> whole_deed_said("老板出镜效果好", "我不出镜哈"), whole_deed_said("小李主持吧", "我不主持")
    (False, False)
    >>> whole_deed_said("那要用高压水枪的话 会多收钱吗", "不要用高压水枪"), whole_deed_said("要是想吃辣 就点红锅", "吃不得辣")
    (False, False)
    >>> whole_deed_said("我老公也吃辣，给他单独放点辣椒", "我不吃辣"), whole_deed_said("我老婆要吃香菜", "孩子不吃香菜")
    (False, False)
    """
    deeds = _zh_deeds(rule)
    if not deeds or _ZH_ENDS_ASKING.search(clause) or _ZH_FOR_ANOTHER.search(clause):
        return False
    for p in _ZH_PIECES.finditer(clause):
        piece = p.group(0)
        if _ZH_NOT.search(piece) or _ZH_APART.search(piece) or _ZH_IF.search(piece):
            continue
        for deed in deeds:
            at = piece.find(deed)
            if at >= 0 and ("也" in piece or _ZH_WANTS.search(piece[:at])) and not _another_does_it(piece[:at], rule):
                return True
        given = _ZH_SO_BE_IT.search(piece)
        if given and any(re.search(re.escape(given.group("verb")) + r"[\u4e00-\u9fff]{0,2}" + re.escape(given.group("thing")[-1]), d)
                         for d in deeds):
            return True
    return False
