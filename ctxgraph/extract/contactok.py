"""A rule on how or whom the service contacts, taken back by allowing the contact (cons32).

The user sets a rule on contacting ("Please contact me not him, he gets flustered on the phone", "pls dont write to her
yet", "别给我老公打电话") and later allows it in other words than the rule's: "So you can ring him on 01792 893 206
instead of me", "you can send it to her now", "现在可以直接打他电话了". Ringing, calling, phoning, writing and sending
are one deed here, contacting, so the words need not be shared: the allowance lifts the one active rule on contacting
there is; with two or more it lifts none (which one?). Not in a question ("can you ring me?"), and only said to the
service ("you can ring him"), not a deed of the user's own ("I can send you photos").

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> t.observe_many([{"role": "user", "content": "Please contact me not him, he gets flustered on the phone. No stairs."},
...                 {"role": "user", "content": "He says he's not a child. So you can ring him on 01792 893 206 instead of me."}])
>>> [(c.text, c.status) for c in t.state().constraints]
[('Please contact me not him, he gets flustered on the phone', 'lifted'), ('No stairs', 'active')]
"""

from __future__ import annotations

import re

from .. import _graph as g
from .._units import LiftUnit, _Unit
from .context import MessageContext

#: (en) the service allowed to contact someone: "you can ring him", "you may send it to her now", "u can call me now"
_EN_ALLOWED = re.compile(r"\b(?:you|u|ye)\s+(?:can|may|could)\s+(?:now\s+|just\s+|go ahead and\s+|also\s+)?"
                         r"(?P<verb>ring|call|phone|text|email|e-mail|contact|send|write to|write|post|message)\b"
                         r"(?:\s+(?:it|them|this)\s+to)?(?:\s+(?P<who>him|her|them))?\b(?![^.?!]{0,80}\?)", re.I)
#: (en) a condition, not an allowance: "If you can text me the code", "when you can call him"
_EN_IF_BEFORE = re.compile(r"\b(?:if|when|as soon as|once)\s+$", re.I)
#: (en) the ways of contacting: allowing one way lifts a rule on that way only ("email" does not lift "don't phone")
_EN_WAYS = {"ring": "phone", "call": "phone", "phone": "phone", "text": "text", "message": "text",
            "email": "email", "e-mail": "email", "write": "letter", "write to": "letter", "send": "letter",
            "post": "letter"}
_EN_WAY_WORDS = {"phone": r"\b(?:ring|call|phon)\w*", "text": r"\b(?:text|messag|sms)\w*",
                 "email": r"\be-?mail\w*", "letter": r"\b(?:writ|wrote|send|sent|post|letter)\w*"}
#: (zh) the same: "现在可以直接打他电话了", "可以联系她了", "可以给他发微信了"; 了 says it is allowed now, not asked.
#: After 打 only 电话/给 (not 打开, 打包, 打折); after 给我发 only 短信/微信/消息 (not 发货).
_ZH_ALLOWED = re.compile(r"(?:你们|您)?可以(?:直接)?(?:打(?=[^，,。！？?]{0,3}电话|给|了)|联系|给(?:他|她|我)打"
                         r"|给(?:他|她|我)发(?=短信|微信|消息|信息)|发给|寄给)[^，,。！？?]{0,8}了(?![^，,。！？]{0,30}[吗么？?])")
#: (zh) the ways of contacting, as for English: 可以给我发微信了 does not lift 别打电话
_ZH_WAYS = {"phone": re.compile(r"打|电话|来电"), "text": re.compile(r"发|微信|短信|消息|信息"), "letter": re.compile(r"寄")}


def _zh_allowed_fits(rule: str, allowed: str) -> bool:
    """Whether the Chinese allowance is about the rule's way of contacting (联系 is any way; a rule naming no way fits).

    >>> _zh_allowed_fits("别打电话，发微信就行", "可以给我发微信了"), _zh_allowed_fits("别打我电话", "可以打了")
    (False, True)
    """
    if "联系" in rule or "联系" in allowed:
        return True
    said = {w for w, r in _ZH_WAYS.items() if r.search(allowed)}
    ruled = {w for w, r in _ZH_WAYS.items() if r.search(re.split(r"[，,；;]", rule)[0])}
    return not said or not ruled or bool(said & ruled)


#: a rule on contacting someone: how, whom, or when not to (not bare send/post/write: "don't send it yet" is shipping)
_CONTACT = re.compile(r"\b(?:call|ring|phone|text|email|e-mail|message|contact|letters?)(?:s|ed|ing)?\b|\bwrit(?:e|ing) to\b"
                      r"|打电话|来电|电话|联系|短信|微信|寄", re.I)


def _en_allowed_fits(rule: str, verb: str, who: str | None) -> bool:
    """Whether the allowance ("you can <verb> <who>") is about the rule's way of contacting or the rule's person.

    >>> _en_allowed_fits("Please don't phone me before 9am", "email", None)
    False
    >>> _en_allowed_fits("pls dont write to her yet", "send", "her")
    True
    >>> _en_allowed_fits("Please contact me not him", "ring", "him")
    True
    """
    verb = verb.lower()
    if verb == "contact" or re.search(r"\bcontact", rule, re.I):
        return True
    if re.search(_EN_WAY_WORDS[_EN_WAYS[verb]], rule, re.I):
        return True
    return bool(who) and re.search(rf"\b{who}\b", rule, re.I) is not None


def contact_allowed(ctx: MessageContext, clause: str) -> list[_Unit]:
    """The lift of the one active rule on contacting that the user's ``clause`` allows ("you can ring him now")."""
    if ctx.role != "user":
        return []
    m = (_ZH_ALLOWED if ctx.profile.segmented else _EN_ALLOWED).search(clause)
    if not m:
        return []
    on_contact = [(cid, d["text"]) for cid, d in g.open_items(ctx.graph, "constraint") if _CONTACT.search(d["text"])]
    if len(on_contact) != 1:
        return []
    if ctx.profile.segmented and not _zh_allowed_fits(on_contact[0][1], m.group()):
        return []
    if not ctx.profile.segmented:
        if _EN_IF_BEFORE.search(clause[:m.start()]) or not _en_allowed_fits(on_contact[0][1], m["verb"], m["who"]):
            return []
    return [LiftUnit(constraint=on_contact[0][0])]
