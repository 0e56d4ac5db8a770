"""The additions step: what the user adds to a choice in the same breath is a fact (issue 19, miss6).

"fine, frame then. with fairy lights inside and 8 round tables", "full day then, with a photo
package and lunch for two", "small mill is fine. with bottling and labels please": after taking
an option the user names what comes with it, in a clause that opens with "with". No other step
reads it (the pick keeps the option; the want was said at the start). Here a user's clause
opening with "with" (at the start of a sentence or right after a comma) that names things, not
people, is an ``with`` fact, its value the things as said ("fairy lights inside and 8 round
tables"). Not read: "with my husband", "with you", "with the kids" (company, not things), a
question ("with lunch?"), the assistant's words.

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> t.observe_many([{"role": "assistant", "content": "The canal trip is £40 or £65 with the lock tour."},
...                 {"role": "user", "content": "the £40 one. with a picnic hamper and two life jackets please"}])
>>> [(f.key, f.value) for f in t.state().facts if f.key == "with"]
[('with', 'a picnic hamper and two life jackets')]
"""

from __future__ import annotations

import re

from .._units import FactUnit, _Unit
from .context import MessageContext
from .registry import step

# "with X (and Y)" opening a sentence or a comma clause, up to the sentence's end or "please"
_WITH = re.compile(r"(?:^|(?<=[.!;,]\s)|(?<=[.!;,]))\s*with\s+(?P<x>[^.!?;\n]{3,80}?)\s*(?:,?\s*(?:please|pls|thanks|thank you|too|as well)\b|[.!;\n]|$)", re.I)
# company, not things: "with my husband", "with you", "with the kids", "with friends"
_COMPANY = re.compile(r"^(?:my|our|me|us|him|her|them|you|your|his|their|the (?:kids|children|family|baby|dog|group)|friends|family|kids|children|someone|a friend)\b", re.I)
# "with that / it / this" refers back; "with no / without" excludes
_REFERS = re.compile(r"^(?:that|it|this|those|these|no|nothing|none|any|everything|all)\b", re.I)


@step("additions", roles=("user",))
def additions(ctx: MessageContext) -> list[_Unit]:
    """Things the user adds with "with …" after a choice, as one ``with`` fact."""
    if ctx.lang != "en":
        return []
    for m in _WITH.finditer(ctx.text):
        x = m.group("x").strip(" ,")
        if not x or _COMPANY.match(x) or _REFERS.match(x) or ctx.asking(m.start("x")):
            continue
        if any(isinstance(u, FactUnit) and not u.offered and x in u.value for u in ctx.units):
            continue
        return [FactUnit(key="with", name="with", value=x, stressed=ctx.stressed_at(x), correction=ctx.correcting)]
    return []
