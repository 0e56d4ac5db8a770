"""The means step: how the user pays, and how the user wants papers sent (issue 19, miss23en).

A user says how they will pay in passing, often inside a question: "I shall pay the deposit by cheque
when I come", "ok pay now by card", "can it be paid by card over the phone", "can we pay the deposit by
BACS from the school account?". And how a paper should reach them: "send everything by post please",
"could the invoice go by post?". No slot word names either, and no entity reader sees "cheque" or
"post" as a value, so the state missed them.

Read in English by shape: a verb of paying ("pay", "paid", "paying", "payment") and, within its clause,
"by" / "with" + a way of paying (cheque, card, BACS, bank transfer, cash, direct debit, PayPal), with
"over the phone" / "online" / "in person" kept when it follows; a verb of sending ("send", "post", "go",
"come", "arrive") and, within its clause, "by post". Not read: a negated clause ("please do not send
anything by post", "dont send the fees stuff by post"), a question of need ("do I need to send the
originals by post?"), the assistant's words. The value keeps "by" ("by cheque"); the keys are
``payment`` and ``send_by`` (a later one supersedes the earlier as any fact does).

>>> from ctxgraph import Tracker
>>> t = Tracker("en")
>>> _ = t.observe({"role": "user", "content": "Thank you. I shall pay the deposit by cheque when I come."})
>>> [(f.key, f.value) for f in t.state().facts if f.key == "payment"]
[('payment', 'by cheque')]
"""

from __future__ import annotations

import re

from .._units import FactUnit, _Unit
from .context import MessageContext
from .registry import step
from .text import in_spans, story_clause

#: a verb of paying, then (within its clause: no sentence mark, at most five words) "by" / "with" and a way
_EN_PAY = re.compile(
    r"\b(?:pay|pays|paid|paying|payment)\b(?:\s+(?!by\b|with\b)[\w'’£$€.,-]+){0,5}?\s+(?:by|with|via)\s+"
    r"(?P<way>(?:a\s+)?(?:cheque|check|credit card|debit card|card|bacs|bank transfer|transfer|cash|direct debit|"
    r"paypal|apple pay|google pay)(?:\s+(?:over the phone|on the phone|online|in person))?)\b", re.I)
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

    >>> en_means("can it be paid by card over the phone, I'm not there")
    [('payment', 'by card over the phone', 15)]
    >>> en_means("Lovely. Oh and send everything by post please")
    [('send_by', 'by post', 31)]
    >>> en_means("Please do not send anything by post, I am away"), en_means("do I need to send the originals by post?")
    ([], [])
    >>> en_means("I paid by card last time and it got declined"), en_means("last year they sent it all by post")
    ([], [])
    """
    found = []
    for key, rx in (("payment", _EN_PAY), ("send_by", _EN_SEND)):
        for m in rx.finditer(text):
            if _EN_NOT.search(text, _sentence_start(text, m.start()), m.start("way")) or story_clause(text, m.start("way")):
                continue  # (fix26) nor a story of the past: "I paid by card last time and it got declined"
            way = m.group("way")
            value = "by " + re.sub(r"^a\s+", "", way, flags=re.I) if key == "payment" else way
            found.append((key, value, m.start("way") - (3 if key == "payment" else 0)))
    return sorted(found, key=lambda f: f[2])


@step("means", roles=("user",))
def means(ctx: MessageContext) -> list[_Unit]:
    """How the user pays and how papers are sent, as ``payment`` / ``send_by`` facts (English)."""
    if ctx.lang != "en" or not re.search(r"(?i)\bpa(?:y|id)|\bby (?:post|mail)", ctx.text):
        return []
    held = {u.key for u in ctx.units if isinstance(u, FactUnit)}
    out: list[_Unit] = []
    for key, value, start in en_means(ctx.text):
        if key in held or in_spans(start, ctx.taken_back):
            continue
        held.add(key)
        out.append(FactUnit(key=key, name="payment" if key == "payment" else "send by", value=value,
                            stressed=ctx.stressed_at(value)))
    return out
