"""The contacts step: every address, email and phone a user message gives is a value of its own (issue 19, miss26en).

A user often gives two or more addresses in one message: where a thing is collected and where it goes
("collect from Unit 4, Burway Trading Estate, Ludlow SY8 1EN ... deliver to 60 Mugdock Road, Milngavie G62 8HW"),
the old and the new home ("Old address 9 Coronation Terrace, ... New one is Flat 12, Rosewood Court, ..."),
the properties of a job ("38 Albany Road, Reading RG30 2UT, and the studio is 9 Church Street RG4 8AU").
Or two emails or phones, the second another person's ("siobhan.b@gmail.com. send the school one to his SENCO,
Mrs Adeyemi, t.adeyemi@school.org.uk", "Mehmet 07700 900 442. my brother Emre will be there, call him 07700 900 550").
The facts and postal steps keep one ``address``, ``email`` and ``phone`` a message: the second replaced the first,
or was dropped. Here each further one keeps its own key: an address the role word said before it
(``address_from``: from, old, collect; ``address_to``: to, new, deliver, send, post), an email or phone the person
said before it (``email_mrs_adeyemi``, ``phone_my_brother``), else a number (``address_2``, ``email_2``).
A value said after a word that takes back what went before ("no sorry", "actually", "instead") is a
correction and stays the one value: (wrong33) for a phone, the one said last ("07970 312 448 but no signal, put
the landline, 01751 431 207"; in Chinese "15604517228，哦不是，15604517288"); a value ruled out ("not to Rosewood
Court", "不是139…") or asked about is none.

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> t.observe_many([{"role": "assistant", "content": "Where from and where to?"},
...     {"role": "user", "content": "Old address 9 Coronation Terrace, Ashington NE63 8JA. "
...                                 "New one is Flat 12, Rosewood Court, Morpeth NE61 2TX."}])
>>> sorted((f.key, f.value) for f in t.state().facts if f.status == "current")
[('address', '9 Coronation Terrace, Ashington NE63 8JA'), ('address_to', 'Flat 12, Rosewood Court, Morpeth NE61 2TX')]
"""

from __future__ import annotations

import re

from .._units import FactUnit, _Unit
from .context import MessageContext
from .parties import party_before
from .registry import step

#: a word before an address that says it is where a thing comes from
_FROM = re.compile(r"\b(?:from|old|collect(?:ion)?|pick(?:ing)?\s*up|currently|moving\s+out)\b", re.I)
#: a word before an address that says it is where a thing goes
_TO = re.compile(r"\b(?:to|new|deliver(?:y|ing)?|send|post|drop(?:\s*off)?|moving\s+(?:in)?to)\b", re.I)
#: words that take back what went before: the address after them corrects the one before, no second one
_TAKES_BACK = re.compile(r"\b(?:no|nope|sorry|actually|instead|wait|rather|i\s+mean|scratch\s+that)\b", re.I)
#: "not" right before the value, or before a few words that name it: a value ruled out ("not to Rosewood Court",
#: "accounts@firm.co.uk not my personal jo@gmail.com"), no "will be there not me, call him 07700 900 550"
_NOT_BEFORE = re.compile(r"\bnot\s+(?:to\s+|at\s+)?(?:(?:my|the|our|his|her|their|that|this)\s+)?(?:[\w'’]+\s+){0,2}$", re.I)
#: a person named with a title, whatever label the NER gave the name
_TITLED = re.compile(r"\b(?:Mr|Mrs|Ms|Miss|Mx|Dr)\.?\s+[A-Z][\w'’-]+")
#: what ends a clause: the window a role word is looked for in starts after it
_CLAUSE_END = re.compile(r"[.!?;\n]")


def _role(lead: str) -> str | None:
    """The role the words ``lead`` before an address give it, or None.

    >>> _role("collect from "), _role(" deliver to "), _role("New one is "), _role(", then ")
    ('address_from', 'address_to', 'address_to', None)
    """
    to, frm = list(_TO.finditer(lead)), list(_FROM.finditer(lead))
    if not to and not frm:
        return None
    last_to = to[-1].start() if to else -1
    last_from = frm[-1].start() if frm else -1
    return "address_to" if last_to > last_from else "address_from"


def _free_key(base: str, role: str | None, used: set[str]) -> str:
    """A key for a further value of ``base``: its role, or ``base_2``, ``base_3``..., none of ``used``.

    >>> _free_key("email", "email_tayo", {"email"}), _free_key("phone", None, {"phone", "phone_2"})
    ('email_tayo', 'phone_3')
    """
    if role and role not in used:
        return role
    n = 2
    while f"{base}_{n}" in used:
        n += 1
    return f"{base}_{n}"


def _holder(ctx: MessageContext, base: str, since: int, at: int) -> str | None:
    """The key of an email or phone at ``at`` by the person said before it (after ``since``): the pack's party
    ("my brother" -> ``phone_my_brother``) or a name the NER found ("cc Tayo, tayo@..." -> ``email_tayo``), else None.

    >>> from types import SimpleNamespace as N
    >>> ctx = N(text="cc Tayo, tayo@x.co.uk", pack=N(parties=()), mentions=[N(label="PERSON", start=3, end=7, text="Tayo")])
    >>> _holder(ctx, "email", 0, 9)
    'email_tayo'
    """
    party = party_before(ctx, at)
    if not party:
        names = [(x.start, x.text) for x in ctx.mentions if x.label == "PERSON" and since <= x.start and x.end <= at]
        names += [(m.start(), m.group(0)) for m in _TITLED.finditer(ctx.text, since, at)]  # "Mrs Adeyemi" read as a place
        party = max(names)[1] if names else None
    if not party:
        return None
    party = re.sub(r"['’]s(?:\s+\w+)?$", "", party.casefold()).strip()
    party = re.sub(r"\W+", "_", party).strip("_")
    return f"{base}_{party}" if party else None


def _spans(ctx: MessageContext, label: str, units: list[FactUnit]) -> list[tuple[int, int, FactUnit | None]]:
    """(start, end, unit) of the message's values of ``label`` in text order: the facts found so far (located in
    the text) and the mentions no fact holds (unit None)."""
    text, out = ctx.text, []
    for u in units:
        at = text.find(u.value)
        if at >= 0:
            out.append((at, at + len(u.value), u))
    for x in ctx.mentions:
        if x.label == label and not any(s <= x.start < e or x.start <= s < x.end for s, e, _ in out):
            out.append((x.start, x.end, None))
    return sorted(out, key=lambda s: s[0])


#: the labels read here, with the key of the one value the other steps keep
_KINDS = (("ADDRESS", "address"), ("EMAIL", "email"), ("PHONE", "phone"))


def _further(ctx: MessageContext, label: str, base: str) -> list[_Unit]:
    """The further values of ``label`` in the message as facts keyed by their role (renaming in ``ctx.units`` the
    ones another step keyed ``base``), beside the one value keyed ``base``."""
    held = [u for u in ctx.units if isinstance(u, FactUnit) and not u.offered and (u.key == base or u.key.startswith(base + "_"))
            and (base != "address" or re.search(r"\d", u.value))]  # (an address with no number may be a word read amiss: "the lane")
    spans = _spans(ctx, label, held)
    if len(spans) < 2 or any(_TAKES_BACK.search(ctx.text[a[1]:b[0]]) for a, b in zip(spans, spans[1:])):
        _corrected(ctx, spans, base)
        return []  # one value, or one that corrects another ("9 Fern Road. Actually no, 12 Oak Lane")
    text, used, units = ctx.text, {u.key for u in held} | {base}, []
    renamed: dict[int, FactUnit] = {}
    keeper = next((u for u in held if u.key == base), None)  # the one value the other steps read stays as it is
    prev_end = None
    for start, end, unit in spans:
        since = prev_end or 0
        prev_end = end
        if (unit is not None and (unit is keeper or unit.key != base)) or _NOT_BEFORE.search(text[:start]) \
                or ctx.asking(start) or any(s <= start < e for s, e in ctx.taken_back):
            continue  # the kept value, one another step keyed by its holder already, or no value given
        if base == "address":
            clause = max((m.end() for m in _CLAUSE_END.finditer(text, 0, start)), default=0)
            role = _role(text[max(clause, since):start])
        else:
            role = _holder(ctx, base, since, start)
        key = _free_key(base, role, used)
        used.add(key)
        if unit is not None:
            renamed[id(unit)] = unit.model_copy(update={"key": key, "name": key})
        else:
            value = text[start:end].strip(" ,")
            units.append(FactUnit(key=key, name=key, value=value, stressed=ctx.stressed_at(value)))
    if renamed:
        ctx.units[:] = [renamed.get(id(u), u) for u in ctx.units]
    return units


#: (wrong33, zh) words that take back the number said before them ("15604517228，哦不是，…15604517288", "说错了")
#: (fix35) the take-back word opens its clause: "不是工作时间的话" inside a clause takes nothing back
_ZH_TAKES_BACK = re.compile(r"(?:^|[，,\s。；;])(?:哦|啊|噢|呃)?(?:不是|不对|说错|写错|打错|搞错|更正)")
#: (fix35, zh) a number someone else owns, 的 right before it ("可以打我老公的13987654321")
_ZH_OWNED_BY = re.compile(r"的[：:\s]*$")
#: (zh) a number ruled out right where it is said ("我电话13912345678，不是13912345679")
_ZH_RULED_OUT = re.compile(r"(?:不是|不要|别用|不用|别打)[：:\s]*$")


def _corrected(ctx: MessageContext, spans: list[tuple[int, int, FactUnit | None]], base: str) -> None:
    """(wrong33) A value of ``base`` the other steps kept, taken back by a later one of the same kind in the message
    ("07970 312 448 but there's no signal, put the landline, 01751 431 207", "15604517228，哦不是，15604517288"):
    the kept fact takes the last value said after the take-back, in place (``ctx.units``); an email or an address
    stays as the other steps read it."""
    keeper = next((u for _, _, u in spans if u is not None and u.key == base), None)
    if base != "phone" or keeper is None:
        return
    takes_back, ruled_out = (_TAKES_BACK, _NOT_BEFORE) if ctx.lang == "en" else (_ZH_TAKES_BACK, _ZH_RULED_OUT)
    at = next(e for _, e, u in spans if u is keeper)
    later = [(s, e) for s, e, u in spans if u is None and s > at and takes_back.search(ctx.text, at, s)
             and not ruled_out.search(ctx.text[max(0, s - 60):s]) and not ctx.asking(s)
             and not (ctx.lang != "en" and _ZH_OWNED_BY.search(ctx.text[max(0, s - 4):s]))]
    if later:
        value = ctx.text[later[-1][0]:later[-1][1]].strip(" ,")
        fixed = keeper.model_copy(update={"value": value, "normalized": re.sub(r"\D", "", value) or None})
        ctx.units[:] = [fixed if u is keeper else u for u in ctx.units]


@step("contacts", roles=("user",))
def contacts(ctx: MessageContext) -> list[_Unit]:
    """Each further address, email and phone of a user message as a fact keyed by its role, beside the one kept;
    (wrong33) in Chinese only a phone taken back by a later one is read."""
    if ctx.lang != "en":
        phones = [u for u in ctx.units if isinstance(u, FactUnit) and u.key == "phone" and not u.offered]
        spans = _spans(ctx, "PHONE", phones)
        if len(spans) >= 2:
            _corrected(ctx, spans, "phone")
        return []
    return [u for label, base in _KINDS for u in _further(ctx, label, base)]
