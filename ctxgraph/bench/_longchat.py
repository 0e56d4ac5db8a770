"""A realistic, endless customer-service chat (zh and en) for long-conversation benchmarks.

Rounds repeat the shapes of a support chat that goes on for months: the user asks about an
order, the assistant looks it up with a tool call, the user changes a fact now and then
(budget, address, phone), the assistant promises things (an invoice by email, a call back,
a tracking link) and reports most of them done a few rounds later while some are never
mentioned again, and the assistant asks a question the user answers. Order numbers, amounts
and streets change from round to round, so the vocabulary of the conversation keeps
growing the way a real one does. Deterministic for a given seed.

>>> msgs = list(itertools.islice(long_chat("en"), 12))
>>> [m["role"] for m in msgs[:5]]
['user', 'assistant', 'tool', 'assistant', 'user']
>>> list(itertools.islice(long_chat("zh"), 1))[0]["content"]
'帮我查一下订单SO-10000现在到哪了？'

:func:`support_chat` is another mix, the shape of the store crash tests: a budget changed
every few turns, a new constraint kept active for good every few turns (so hundreds gather),
promises, tool calls with results of growing size.

>>> [m["role"] for m in itertools.islice(support_chat(), 7)]
['system', 'user', 'assistant', 'user', 'assistant', 'tool', 'user']
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any, Iterator

#: The question asked of a long chat in benchmarks and tests, and the fact it asks for.
QUESTION = {"en": "What was my budget again?", "zh": "我的预算是多少来着？"}

_EN = {
    "ask": "Can you check where order {order} is now?",
    "found": "Order {order} is {status}; it left the {hub} hub on {day}.",
    "budget": "Actually my budget is now ${amount}.",
    "address": "Please ship it to {number} {street}.",
    "phone": "My phone number is 555-{phone}.",
    "promise": ["I'll email you the invoice for order {order} by {day}.",
                "I will call you back about the refund for order {order} tomorrow.",
                "I'll send you the tracking link for order {order} today."],
    "kept": ["I've emailed you the invoice for order {order}.",
             "I have called you about the refund for order {order}, as promised.",
             "I've sent you the tracking link for order {order}."],
    "asks": "Would you like a paper receipt for order {order}?",
    "answer": "No thanks, email is fine.",
    "thanks": "Great, thank you.",
    "ok": "You're welcome, anything else?",
}
_ZH = {
    "ask": "帮我查一下订单{order}现在到哪了？",
    "found": "订单{order}{status}，{day}从{hub}仓发出。",
    "budget": "预算改成{amount}元吧。",
    "address": "收货地址改成{street}{number}号。",
    "phone": "我的手机号是138{phone}0000。",
    "promise": ["我会在{day}前把订单{order}的发票发到您邮箱。",
                "我会明天给您回电话说订单{order}退款的事。",
                "我稍后把订单{order}的物流链接发给您。"],
    "kept": ["订单{order}的发票已经发到您邮箱了。",
             "订单{order}退款的事已经给您回电话了。",
             "订单{order}的物流链接已经发给您了。"],
    "asks": "订单{order}需要纸质发票吗？",
    "answer": "不用了，电子的就行。",
    "thanks": "好的，谢谢。",
    "ok": "不客气，还有别的问题吗？",
}
_FILL = {
    "en": {"status": ["in transit", "out for delivery", "at the sorting centre"], "hub": ["north", "east", "river"],
           "day": ["Monday", "Wednesday", "Friday"], "street": ["Elm Street", "Mill Road", "Park Lane", "High Street"]},
    "zh": {"status": ["正在运输中", "正在派送", "在分拣中心"], "hub": ["北京", "上海", "广州"],
           "day": ["周一", "周三", "周五"], "street": ["建国路", "人民路", "中山路", "解放路"]},
}


def long_chat(lang: str = "en", seed: int = 7, *, promise_every: int = 2,
              kept_share: float = 0.8) -> Iterator[dict[str, Any]]:
    """Chat messages (user, assistant with tool calls, tool), endlessly (see the module doc).

    Per 10 rounds, about 58 messages: 10 tool calls, 5 fact changes, 5 promises (one every
    ``promise_every`` rounds) of which ``kept_share`` are reported kept 1-3 rounds later,
    2 assistant questions answered.
    """
    text = _ZH if lang == "zh" else _EN
    fill = _FILL["zh" if lang == "zh" else "en"]
    rng = random.Random(seed)
    kept_later: dict[int, list[tuple[int, str]]] = {}  # round -> (promise kind, order) to report then
    for r in itertools.count():
        order = f"SO-{10000 + r}"
        pick = {k: rng.choice(v) for k, v in fill.items()}
        yield {"role": "user", "content": text["ask"].format(order=order)}
        call = f"call_{r}"
        yield {"role": "assistant", "content": None, "tool_calls": [{"id": call, "type": "function", "function": {
            "name": "lookup_order", "arguments": json.dumps({"order_id": order})}}]}
        yield {"role": "tool", "tool_call_id": call, "content": json.dumps(
            {"order_id": order, "status": pick["status"], "hub": pick["hub"], "items": rng.randint(1, 4),
             "total": round(rng.uniform(5, 500), 2)}, ensure_ascii=False)}
        reply = text["found"].format(order=order, **pick)
        for kind, old in kept_later.pop(r, []):
            reply += " " + text["kept"][kind].format(order=old)
        if r % promise_every == promise_every - 1:
            kind = rng.randrange(3)
            reply += " " + text["promise"][kind].format(order=order, day=pick["day"])
            if rng.random() < kept_share:  # most promises are kept a few rounds later; the rest never come up
                kept_later.setdefault(r + rng.randint(1, 3), []).append((kind, order))
        yield {"role": "assistant", "content": reply}
        yield from _user_news(text, r, rng, pick)


def _user_news(text: dict, r: int, rng: random.Random, pick: dict[str, str]) -> Iterator[dict[str, Any]]:
    """The user's side of a round: a changed fact every other round, sometimes a question
    from the assistant to answer, else thanks."""
    if r % 2 == 0:
        which = ("budget", "address", "phone")[(r // 2) % 3]
        yield {"role": "user", "content": text[which].format(
            amount=rng.randrange(200, 2000, 10), number=rng.randint(1, 300), street=pick["street"],
            phone=f"{rng.randint(0, 9999):04d}")}
        yield {"role": "assistant", "content": text["ok"]}
    elif r % 5 == 1:
        yield {"role": "assistant", "content": text["asks"].format(order=f"SO-{10000 + r}")}
        yield {"role": "user", "content": text["answer"]}
    else:
        yield {"role": "user", "content": text["thanks"]}


def support_chat() -> Iterator[dict[str, Any]]:
    """A support chat of the shape of ``tests/test_stores_crash.py``, endlessly: per 6 messages a
    budget and a city, a promise with a ticket, a constraint (or a question about an order),
    a tool call and its result, and a corrected budget."""
    yield {"role": "system", "content": "You are the support assistant of a shop."}
    cities = ["Berlin", "Paris", "Madrid", "Vienna", "Oslo"]
    for i in itertools.count():
        k = i % 6
        if k == 0:
            yield {"role": "user", "content": f"My budget is ${400 + 10 * i}. Please ship it to {cities[i % 5]}."}
        elif k == 1:
            yield {"role": "assistant", "content": f"Noted (ticket T{i}). I will email you a quote by {i % 11 + 1} pm today."}
        elif k == 2:
            yield {"role": "user", "content": f"Do not ship with FedEx (ticket T{i})." if i % 4 else f"Can you check order A{i}?"}
        elif k == 3:
            yield {"role": "assistant", "content": None, "tool_calls": [{
                "id": f"call_{i}", "type": "function",
                "function": {"name": "lookup_order", "arguments": json.dumps({"order_id": f"A{i}"})}}]}
        elif k == 4:
            yield {"role": "tool", "tool_call_id": f"call_{i - 1}", "content": json.dumps(
                {"order_id": f"A{i - 1}", "status": "shipped", "eta": f"2026-12-{i % 27 + 1:02d}",
                 "items": [{"sku": f"SKU-{j}", "qty": j + 1} for j in range(i % 7)]})}
        else:
            yield {"role": "user", "content": f"Actually, make the budget ${500 + i} and call me Ann."}


def write_chat(out, messages: int, mix: str = "support", lang: str = "en") -> int:
    """Write the first ``messages`` messages of a long chat (``mix`` "support":
    :func:`support_chat`; "orders": :func:`long_chat` in ``lang``) to ``out`` as JSONL, the
    input of ``ctxgraph replay`` (the replay bench of docs/benchmarks.md "Long support chats").

    >>> import io
    >>> buf = io.StringIO()
    >>> write_chat(buf, 3)
    3
    >>> [json.loads(line)["role"] for line in buf.getvalue().splitlines()]
    ['system', 'user', 'assistant']
    """
    stream = support_chat() if mix == "support" else long_chat(lang)
    for m in itertools.islice(stream, messages):
        out.write(json.dumps(m, ensure_ascii=False) + "\n")
    return messages


if __name__ == "__main__":  # python -m ctxgraph.bench._longchat 20000 > support_20k.jsonl
    import argparse
    import sys

    p = argparse.ArgumentParser(prog="python -m ctxgraph.bench._longchat",
                                description="write a long chat as JSONL, for `ctxgraph replay`")
    p.add_argument("messages", type=int)
    p.add_argument("--mix", choices=["support", "orders"], default="support")
    p.add_argument("--lang", choices=["en", "zh"], default="en")
    a = p.parse_args()
    write_chat(sys.stdout, a.messages, a.mix, a.lang)
