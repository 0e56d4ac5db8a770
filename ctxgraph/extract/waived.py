"""The waived step: a budget the user lets go by taking an option above it (prec19).

The user states a budget ("预算八千左右", "budget is about 800 tops"), the assistant quotes options, and
the user takes one above it and says so: "外景那个吧 贵点就贵点", "要明前的 超一点没关系", "happy to go over
the 800 for that", "the Stage kit. slightly over budget but it's his birthday so fine". The budget no longer
holds: its current facts are retracted. Said as a refusal ("can't go over budget", "不能超预算"), asked ("is
the system one over my budget?") or on a condition ("if it goes over budget, …"), it stays; a new budget said in
the same message replaces the old one the usual way and nothing is retracted here.

Two shapes say it, in both languages:

- **going over, willingly**: a verb of going over the budget or its amount ("go over the 800", "over budget
  but … fine", "超预算也行", "多花点也没关系"): a bare copula ("it's over budget") gives the budget up only with
  a word that accepts it after it ("but", "fine", "go for it", "worth it"), since "the suite is over budget"
  alone is the reason to decline it;
- (zh) **a concession said twice**: 贵点就贵点, 超就超吧 (X就X: let it be X).

>>> from ctxgraph import Tracker
>>> t = Tracker("zh")
>>> _ = t.observe({"role": "user", "content": "想拍婚纱照 预算八千左右"})
>>> _ = t.observe({"role": "user", "content": "外景那个吧 贵点就贵点"})
>>> [(f.value, f.status) for f in t.state().facts if f.key == "budget"]
[('八千左右', 'retracted')]
>>> t = Tracker("en")
>>> _ = t.observe({"role": "user", "content": "new boiler please, budget 2500"})
>>> _ = t.observe({"role": "user", "content": "can't go over budget, the combi then"})
>>> [(f.value, f.status) for f in t.state().facts if f.key == "budget"]
[('2500', 'current')]
"""

from __future__ import annotations

import re

from .. import _graph as g
from .._units import FactUnit, RetractUnit, _Unit
from .context import MessageContext
from .registry import step

#: the key of the budget the slot rules read
BUDGET_KEY = "budget"
#: what the user goes over: the budget or an amount
_EN_WHAT = r"(?:(?:the|my|our|your|that|this)\s+)?(?:budget|[£$€]?\d[\d,.]*k?\b)"
#: going over, said with a verb ("go over the 800", "going over budget", "stretch the budget")
_EN_GO = re.compile(rf"\b(?:go|going|goes|stretch(?:ing)?|blow(?:ing)?|bust(?:ing)?)\s+(?:a\s+(?:bit|little|tad)\s+|slightly\s+|way\s+)?"
                    rf"(?:over\s+)?{_EN_WHAT}", re.I)
#: over the budget, said with a copula or a degree word ("slightly over budget", "it's over", "the balcony one is over.")
_EN_OVER = re.compile(rf"\b(?:is|it'?s|its|that'?s|thats|be|a\s+(?:bit|little|tad)|bit|slightly|little|just|only)\s+over"
                      rf"(?:\s+{_EN_WHAT}|(?=\s*(?:[.!,;]|$)))", re.I)
#: a word after a bare "over" that accepts it ("slightly over budget but fine", "it's over. go for it")
_EN_ACCEPT = re.compile(r"\b(?:but|fine|ok|okay|go for it|worth it|anyway|happy|don'?t mind|never mind|whatever|sod it|treat)\b", re.I)
#: a refusal or a condition before it in its clause ("can't go over", "don't want to go over", "if it goes over")
_EN_NOT = re.compile(r"(?:n['’]?t|\bnot|\bnever|\bno|\bcannot|\bif|\bunless|\bwithout)\b[^,.;!?]*$", re.I)
#: (zh) going over, willingly: 超(出/过)(预算) or 贵 / 多花, a degree, then a word that allows it ("超一点没关系", "贵点也行")
_ZH_GO = re.compile(r"(?:超(?:出|过)?(?:预算)?|贵|多花|多出)(?:一?点|一些|些|了|点儿)?(?:钱)?(?:也|都)?"
                    r"(?:行|可以|没事|没关系|无所谓|不要紧|认了|值得|能接受)"
                    r"|预算(?:可以|能|就)?(?:超|放宽|不管了|无所谓)")
#: (zh) a concession said twice: 贵点就贵点, 超就超吧
_ZH_TWICE = re.compile(r"(贵|超)(?:一?点|一些|些|了)?就\1")
#: (zh) a refusal before it ("不能超", "别超", "不想多花")
_ZH_NOT = re.compile(r"[不别没勿](?:能|要|想|可以|会)?$")
#: (fix21) the budget held in the same message, for the rest ("瓷砖贵点就贵点，其他的别超预算"): it is let go for one item only
_ZH_HELD = re.compile(r"[不别勿](?:能|要|想|可以|会)?超(?:出|过)?预算")
#: (fix21) the allowing word asked as A-not-A or with a question particle ("超一点行不行", "贵点可以么")
_ZH_ASKED = re.compile(r"不(?!过|然)|吗|么|嘛")
#: (fix21) a going over of a count or a time is no going over of the budget ("over 30 people", "over 3 hours")
_NOT_AMOUNT = ("QUANTITY", "TIME", "DATE", "DURATION", "CARDINAL_UNIT")


def _waives_en(ctx: MessageContext) -> bool:
    """The English message goes over the budget willingly, in a clause that neither asks nor refuses.

    >>> from types import SimpleNamespace
    >>> ctx = lambda text: SimpleNamespace(text=text, asking=lambda pos: False)
    >>> [_waives_en(ctx(t)) for t in ("happy to go over the 800 for that", "slightly over budget but fine",
    ...                                "can't go over budget", "the suite is over budget, the balcony one then")]
    [True, True, False, False]
    """
    going = [m for m in _EN_GO.finditer(ctx.text)
             if "over" in m.group(0).lower() or m.group(0).lower().startswith(("stretch", "blow", "bust"))]
    over = [m for m in _EN_OVER.finditer(ctx.text) if _EN_ACCEPT.search(ctx.text, m.end())]  # a bare "over", accepted
    return any(not _of_a_count(ctx, m) and not _refused_en(ctx, m) for m in going + over)


def _refused_en(ctx: MessageContext, m: re.Match) -> bool:
    """The going over is refused or on a condition in its sentence ("can't go over", "if it goes over"), or asked."""
    return bool(_EN_NOT.search(ctx.text[:m.start()].split(".")[-1])) or ctx.asking(m.start())


def _of_a_count(ctx: MessageContext, m: re.Match) -> bool:
    """(fix21) The match goes over a count or a time, not an amount: its number is in a mention of people, hours,
    days ("it's over 30 people but fine", "we might go over 3 hours, that's ok")."""
    return any(mention.label in _NOT_AMOUNT and m.start() <= mention.start < m.end()
               for mention in getattr(ctx, "mentions", ()))


def _waives_zh(ctx: MessageContext) -> bool:
    """The Chinese message lets the budget go: a concession said twice, or going over allowed, not refused or asked.

    >>> from types import SimpleNamespace
    >>> ctx = lambda text: SimpleNamespace(text=text, asking=lambda pos: False)
    >>> [_waives_zh(ctx(t)) for t in ("贵点就贵点", "超一点没关系", "不能超预算 就学生老师吧", "贵了点 算了")]
    [True, True, False, False]
    >>> [_waives_zh(ctx(t)) for t in ("超一点行不行", "瓷砖贵点就贵点，其他的别超预算")]
    [False, False]
    """
    if _ZH_HELD.search(ctx.text):
        return False  # (fix21) held for the rest in the same message
    for rx in (_ZH_TWICE, _ZH_GO):
        for m in rx.finditer(ctx.text):
            if _ZH_ASKED.match(ctx.text, m.end()):
                continue  # (fix21) "超一点行不行": asked, not allowed
            if not _ZH_NOT.search(ctx.text[max(m.start() - 3, 0):m.start()]) and not ctx.asking(m.start()):
                return True
    return False


@step("budget_waived", roles=("user",))
def budget_waived(ctx: MessageContext) -> list[_Unit]:
    """Retract the current budget when the user takes an option above it and says so; a budget this message
    states itself is the new one, and then nothing is retracted."""
    current = g.current_with_key(ctx.graph, BUDGET_KEY)
    if not current or any(isinstance(u, FactUnit) and u.key == BUDGET_KEY for u in ctx.units):
        return []
    waives = _waives_zh if ctx.lang == "zh" else _waives_en
    return [RetractUnit(fact=f) for f in current] if waives(ctx) else []
