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
                         r"(?:ring|call|phone|text|email|e-mail|contact|send|write to|write|post|message)\b(?![^.?!]{0,80}\?)", re.I)
#: (zh) the same: "现在可以直接打他电话了", "可以联系她了", "可以给他发微信了"; 了 says it is allowed now, not asked
_ZH_ALLOWED = re.compile(r"(?:你们|您)?可以(?:直接)?(?:打|联系|给(?:他|她|我)[打发]|发给|寄给)[^，,。！？?]{0,8}了(?![^，,。！？]{0,30}[吗么？?])")
#: a rule on contacting someone: how, whom, or when not to
_CONTACT = re.compile(r"\b(?:call|ring|phone|text|email|e-mail|message|contact|write|send|post|letters?)(?:s|ed|ing)?\b"
                      r"|打电话|来电|电话|联系|短信|微信|寄", re.I)


def contact_allowed(ctx: MessageContext, clause: str) -> list[_Unit]:
    """The lift of the one active rule on contacting that the user's ``clause`` allows ("you can ring him now")."""
    if ctx.role != "user" or not (_ZH_ALLOWED if ctx.profile.segmented else _EN_ALLOWED).search(clause):
        return []
    on_contact = [cid for cid, d in g.open_items(ctx.graph, "constraint") if _CONTACT.search(d["text"])]
    return [LiftUnit(constraint=on_contact[0])] if len(on_contact) == 1 else []
