"""The means step: how the user wants papers sent (issue 19, miss23en).

A user says how a paper should reach them in passing: "send everything by post please", "could the invoice go by
post?". No slot word names it, and no entity reader sees "post" as a value, so the state missed it. How the user
pays ("I shall pay the deposit by cheque", "paid by card over the phone") is the English ``payment`` role of the
core pack (rules/core/en/roles.yml, user26); this step first read it too, and gave way to that role when both
landed in the blind22 round.

Read in English by shape: a verb of sending ("send", "post", "go", "come", "arrive") and, within its clause, "by
post". Not read: a negated clause ("please do not send anything by post", "dont send the fees stuff by post"), a
question of need ("do I need to send the originals by post?"), the assistant's words. The key is ``send_by``, the
value keeps "by" ("by post"; a later one supersedes the earlier as any fact does).

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> _ = t.observe({"role": "user", "content": "Lovely. Could the certificate go by post? I don't use email."})
>>> [(f.key, f.value) for f in t.state().facts if f.key == "send_by"]
[('send_by', 'by post')]
"""

from __future__ import annotations

import re

from .._units import FactUnit, _Unit
from .context import MessageContext
from .registry import step
from .text import in_spans, story_clause

#: a verb of sending, then (within its clause) "by post" / "by mail"
_EN_SEND = re.compile(
    r"\b(?:send|sent|sending|post|posted|go|goes|come|comes|arrive|arrives|deliver|delivered)\b"
    r"(?:\s+(?!by\b)[\w'’.-]+){0,4}?\s+(?P<way>by (?:post|mail|recorded delivery|royal mail))\b", re.I)
#: a negation or a question of need before the verb in its sentence: no means the user chose
_EN_NOT = re.compile(r"\b(?:not|no|never|don'?t|dont|do not|doesn'?t|won'?t|can'?t|cannot|nothing|do (?:i|we) (?:need|have) to|"
                     r"should (?:i|we)|must (?:i|we))\b|n['’]t\b", re.I)


def _sentence_start(text: str, at: int) -> int:
    """Where the sentence holding ``at`` starts (after the last ".", "!", "?" or line break before it)."""
    return max(text.rfind(c, 0, at) for c in ".!?\n") + 1


def en_means(text: str) -> list[tuple[str, str, int]]:
    """(key, value, start) of each means the English ``text`` says, in text order.

    >>> en_means("Lovely. Oh and send everything by post please")
    [('send_by', 'by post', 31)]
    >>> en_means("Please do not send anything by post, I am away"), en_means("do I need to send the originals by post?")
    ([], [])
    >>> en_means("last year they sent it all by post")
    []
    """
    found = []
    for m in _EN_SEND.finditer(text):
        if _EN_NOT.search(text, _sentence_start(text, m.start()), m.start("way")) or story_clause(text, m.start("way")):
            continue  # (fix26) nor a story of the past: "last year they sent it all by post"
        found.append(("send_by", m.group("way"), m.start("way")))
    return found


@step("means", roles=("user",))
def means(ctx: MessageContext) -> list[_Unit]:
    """How papers are sent, as a ``send_by`` fact (English)."""
    if ctx.lang != "en" or not re.search(r"(?i)\bby (?:post|mail)", ctx.text):
        return []
    held = {u.key for u in ctx.units if isinstance(u, FactUnit)}
    out: list[_Unit] = []
    for key, value, start in en_means(ctx.text):
        if key in held or in_spans(start, ctx.taken_back):
            continue
        held.add(key)
        out.append(FactUnit(key=key, name="send by", value=value,
                            stressed=ctx.stressed_at(value)))
    return out
