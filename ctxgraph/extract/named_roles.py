"""The named roles step: a person the user names by the role they hold keeps it in the key (issue 19, miss26en).

The user names the people around a job by their role, a possessive and a noun or two right before the name
("Our sexton Bill Harland, 01347 868 402", "my business partner Tayo", "our treasurer, Mr Colin Ashby", "our CEO,
Fiona Marsh"). The facts step keeps such a name under the one ``person`` key, and the next person the chat names
(the user signing off, "Addressed to me, Rosemary Thwaite") replaced it. The kin step reads a closed class of
relations (brother, neighbour, landlord ...); here the role is any one or two lower-case words (or an upper-case
short form: CEO, SENCO) between the possessive and a name the NER found, and the fact is ``person_<role>`` with
the user's words from the possessive to the end of the name, as the kin step's facts are. Not read: "my name",
a role the kin step read already, the assistant's words.

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> t.observe_many([{"role": "assistant", "content": "Who will let the engineer in?"},
...     {"role": "user", "content": "Our sexton Bill Harland, 01347 868 402. He has the tower key."}])
>>> [(f.key, f.value) for f in t.state().facts if f.key.startswith("person_")]
[('person_sexton', 'Our sexton Bill Harland')]
"""

from __future__ import annotations

import re

from .._units import FactUnit, _Unit
from .context import MessageContext
from .registry import step
from .text import in_spans

#: a possessive, the role (one or two lower-case words, or a short form in capitals), a comma or "is", a title
_ROLE_BEFORE = re.compile(r"\b(?P<own>[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir)\s+(?P<role>[a-z][a-z-]+(?:\s+[a-z][a-z-]+)?|[A-Z]{2,6})"
                          r"(?:,\s*|\s+is\s+|\s+)(?:(?:Mr|Mrs|Ms|Miss|Mx|Dr)\.?\s+)?$")
#: words after a possessive that name no role of a person: the user's own name, things, times
_NO_ROLE = re.compile(r"\b(?:name|names|surname|number|email|address|phone|account|booking|order|ref|reference|car|van|house"
                      r"|flat|home|office|shop|dog|cat|pet|own|new|old|last|first|next|usual|regular|friday|monday|tuesday"
                      r"|wednesday|thursday|saturday|sunday|is|was|and|or|the|a)$", re.I)


#: a second word that makes the two words no role: a preposition or joining word ("my workshop in Ludlow"), a verb
#: said of the first ("My daughter says Stockton", "my brother uses Wise"), a plural
_NOT_SECOND = re.compile(r"^(?:in|on|at|to|from|of|for|with|by|near|and|or|but|so|then|now|just|also|too|is|was|has|had|will"
                         r"|would|can|could|did|does|\w+s|\w+ed)$", re.I)


def _role_key(role: str) -> str:
    """The key of a role as said ("business partner" -> ``person_business_partner``, "CEO" -> ``person_ceo``)."""
    return "person_" + re.sub(r"\W+", "_", role.casefold()).strip("_")


@step("named_roles", roles=("user",))
def named_roles(ctx: MessageContext) -> list[_Unit]:
    """Each person the user names after a possessive and their role, as ``person_<role>``."""
    if ctx.lang != "en":
        return []
    held = [u for u in ctx.units if isinstance(u, FactUnit) and u.key.startswith("person_")]
    units: list[_Unit] = []
    for x in ctx.mentions:
        if x.label != "PERSON":
            continue
        m = _ROLE_BEFORE.search(ctx.text, max(0, x.start - 60), x.start)
        words = m.group("role").split() if m else []
        if m is None or _NO_ROLE.search(m.group("role")) or (len(words) == 2 and _NOT_SECOND.match(words[1])) or ctx.asking(x.start) or in_spans(x.start, ctx.taken_back):
            continue  # no role, a question, or a sentence taken back ("my neighbour Mrs Patel ... Actually no, I'll come")
        value = ctx.text[m.start():x.end]
        key = _role_key(m.group("role"))
        said = f"{m.group('own')} {m.group('role').split()[0]}".casefold()
        if any(x.text in u.value or u.key == key or u.value.casefold().startswith(said) for u in held + units):
            continue  # the kin step read the relation ("my brother Tiago", "my neighbour", "my brother uses Wise"),
            # or the role is named once already
        units.append(FactUnit(key=key, name=key, value=value, stressed=ctx.stressed_at(value)))
    return units


#: (miss27zh) the jieba tags of a word that names a role ("行政", "项目经理", "店长", "HR")
_ZH_ROLE_TAGS = ("n", "vn", "nz", "eng")
#: (miss27zh) what may part a role from the name after it: nothing, a space, a comma
_ZH_ROLE_SEP = re.compile(r"[\s，,]*")
#: (fix29) right after the name, a word that makes it another person's: "我是学生 王磊的家长", "我是老师 王磊家长",
#: "我是老板 王磊他爸": the user is that person's relation, the name is not the user's and the role not theirs
_ZH_NAME_OWNED = re.compile(r"的|他|她|家长|家属|[爸妈]|父亲|母亲|爷爷|奶奶|外公|外婆|姥姥|姥爷|哥|姐|弟|妹|老公|老婆|爱人|"
                            r"丈夫|妻子|儿子|女儿|孩子|朋友|同学|同事|室友|舍友|邻居|老师|班主任|领导|助理|秘书|司机")
#: (fix29) a word in the role's place written as a Latin given name ("我是Vivian 周薇", "我是Tony 王"): the user's English
#: name, no role (a role in Latin letters is written in capitals: "HR", "CEO")
_EN_GIVEN_NAME = re.compile(r"[A-Z][a-z]{1,11}")


def zh_self_roles(doc) -> list[tuple[str, int]]:
    """(miss27zh) (role, start) of each "我是<role> <name>" in a jieba ``doc``: the user says what they are, then who
    ("我是行政 赵悦", "我是项目经理 钱浩", "我是店长 姓骆"). The role is one or two noun words right after 我是, the name a
    word jieba tags a name (or 姓 and one) after the role, a space or a comma between; "我是他妈妈 李娜" (a pronoun
    first), "我是赵悦" (no role) and "我是学员王磊" (glued: how the user stands to the shop) give nothing; (fix29) nor does
    a name another person's by the word after it ("我是学生 王磊的家长": the user is the student's parent).

    >>> from ctxgraph.lang.zh import chinese_doc
    >>> [zh_self_roles(chinese_doc(s)) for s in ("好的 我是行政 赵悦 15800371926", "我是学员王磊", "我是他妈妈 李娜", "我是赵悦")]
    [[('行政', 5)], [], [], []]
    >>> [zh_self_roles(chinese_doc(s)) for s in ("我是学生 王磊的家长", "我是老师 王磊家长", "我是财务，李静，发票开专票")]
    [[], [], [('财务', 2)]]
    """
    toks = [t for t in doc]
    out = []
    for i in range(len(toks) - 2):
        if toks[i].text != "我" or toks[i + 1].text != "是":
            continue
        j = i + 2
        while j < len(toks) and j - i - 2 < 2 and toks[j].tag_ in _ZH_ROLE_TAGS and not toks[j].text.isspace():
            j += 1
        if j == i + 2 or j >= len(toks):
            continue
        role_start, role_end = toks[i + 2].idx, toks[j - 1].idx + len(toks[j - 1].text)
        k = j
        while k < len(toks) and _ZH_ROLE_SEP.fullmatch(toks[k].text) and toks[k].text:
            k += 1
        if k == j:
            continue  # "我是学员王磊", "我是主人陈嘉欣": a word glued to the name says how the user stands to the shop
            # more often than a job (open sets); the role is read when a space or a comma parts it from the name
        if k < len(toks) and toks[k].text == "姓":
            k += 1
        if k < len(toks) and toks[k].tag_.startswith("nr") and 2 <= role_end - role_start <= 6 \
                and not _ZH_NAME_OWNED.match(doc.text, toks[k].idx + len(toks[k].text)):
            out.append((doc.text[role_start:role_end], role_start))
    return out


@step("self_roles", roles=("user",))
def self_roles(ctx: MessageContext) -> list[_Unit]:
    """(miss27zh) The user's role said before their name ("我是行政 赵悦", "我是项目经理 钱浩"), as ``身份``: the name
    step keeps the name and the copula reader ("我是店长" → 情况) saw no role once a name followed it. Not a role the
    message asks about, takes back, or another fact of it holds already (a want that quotes the clause is no holder: it is
    replaced by the next want the user says).

    >>> from ctxgraph import Tracker
    >>> t = Tracker("zh")
    >>> _ = t.observe({"role": "user", "content": "我是项目经理 钱浩 13915036628"})
    >>> sorted((f.key, f.value) for f in t.state().facts)
    [('name', '钱浩'), ('phone', '13915036628'), ('身份', '项目经理')]
    >>> t = Tracker("zh")  # (fix29) a Latin given name in the role's place is the user's English name
    >>> _ = t.observe({"role": "user", "content": "我是Vivian 周薇 电话18612345678"})
    >>> [(f.key, f.value) for f in t.state().facts if f.key in ("身份", "英文名")]
    [('英文名', 'Vivian')]
    """
    if ctx.lang != "zh" or "我是" not in ctx.text:
        return []
    held = [u.value for u in ctx.units if isinstance(u, FactUnit) and not u.offered and not u.key.startswith("want")]
    for role, at in zh_self_roles(ctx.profile.doc(ctx.text)):
        if ctx.asking(at) or in_spans(at, ctx.taken_back) or any(role in h for h in held):
            continue
        key = "英文名" if _EN_GIVEN_NAME.fullmatch(role) else "身份"  # (fix29) "我是Vivian 周薇": a name, no role
        return [FactUnit(key=key, name=key, value=role, correction=ctx.correcting, stressed=ctx.stressed_at(role))]
    return []
