"""``ctxgraph bench probes``: is the context ever worse than the raw window? (issue 20)

Three probes, in Chinese and English, against the raw window measured in the same run:

- **short chat**: a four-message chat (about 70 tokens) at budgets that hold it: tokens sent
  against the history's tokens (the context must not be longer than the chat itself);
- **long message**: the order id in the first message, then one long angry message without
  punctuation that states a rule ("不要" / "don't"): is the order id in the context, and how
  much of the budget is used;
- **pasted log**: a megabyte pasted mid-chat (the order id before it): is the order id in
  the context, do the turns before the log come in.

"raw window" is the newest whole messages that fit (the recency baseline).

>>> [m["role"] for m in SHORT_CHATS["en"]]
['user', 'assistant', 'user', 'assistant', 'user']
>>> ORDER_IDS["zh"] in angry_chat("zh")[0]["content"], len(angry_chat("en")[2]["content"]) > 1000
(True, True)
"""

from __future__ import annotations

import json
import time
from typing import Any

#: The order id each probe gives in its first message.
ORDER_IDS = {"zh": "SO202411300088", "en": "A-5529014"}

#: Four messages and the question (about 70 tokens with it).
SHORT_CHATS: dict[str, list[dict[str, Any]]] = {
    "zh": [{"role": "user", "content": "你好，我的订单号是SO202411300088，想改一下收货地址。"},
           {"role": "assistant", "content": "好的，请问新的收货地址是哪里？"},
           {"role": "user", "content": "改成上海市浦东新区张江路88号，不要放快递柜。"},
           {"role": "assistant", "content": "已为您修改，预计明天送达。"},
           {"role": "user", "content": "谢谢，那运费会变吗？"}],
    "en": [{"role": "user", "content": "Hi, my order number is A-5529014 and I need to change the address."},
           {"role": "assistant", "content": "Sure, what is the new shipping address?"},
           {"role": "user", "content": "221B Baker Street, London. Do not leave it with a neighbour."},
           {"role": "assistant", "content": "Done, it should arrive tomorrow."},
           {"role": "user", "content": "Thanks, does the shipping fee change?"}],
}

#: The long message: a complaint without punctuation, the rule inside it.
ANGRY = {
    "zh": {"cue": "不要", "piece": "我等了整整两个星期了每天打电话都说在处理可是一点消息都没有客服态度也很差",
           "rule": "你们不要再给我打电话推销了", "word_sep": "", "chars": 1200},
    "en": {"cue": "don't", "piece": "i have been waiting for two whole weeks and every time i call you say it is "
                                    "being handled but nothing happens and nobody calls back ",
           "rule": "and don't call me again to sell me anything ", "word_sep": " ", "chars": 1200},
}
_FIRST = {"zh": "你好，我的订单号是SO202411300088，买的耳机一直没有发货。",
          "en": "Hi, my order number is A-5529014 and the headphones I bought have not shipped."}
_REPLY = {"zh": "抱歉让您久等了，我帮您查一下。", "en": "Sorry for the wait, let me check that for you."}
_ASK = {"zh": "现在到底什么时候能发货？", "en": "So when will it ship?"}


def angry_chat(lang: str) -> list[dict[str, Any]]:
    """The order id, a reply, the long message (rule in its middle), then the question."""
    a = ANGRY[lang]
    half = a["chars"] // 2
    body = (a["piece"] * (half // len(a["piece"]) + 1))[:half]
    return [{"role": "user", "content": _FIRST[lang]}, {"role": "assistant", "content": _REPLY[lang]},
            {"role": "user", "content": (body + a["word_sep"] + a["rule"] + body)[: a["chars"]]},
            {"role": "user", "content": _ASK[lang]}]


#: The pasted log: where it is in the chat, and its size.
LOG_CHAT = {"log_index": 2, "chars": 1_000_000}
_LOG_LINE = "2026-11-30T10:15:{s:02d}Z ERROR payment-gateway timeout after 30000 ms request_id={n:08x} retry={r}\n"


def log_chat(lang: str) -> list[dict[str, Any]]:
    """The order id, a reply, a megabyte of log, a reply, then the question."""
    lines, size, n = [], 0, 0
    while size < LOG_CHAT["chars"]:
        line = _LOG_LINE.format(s=n % 60, n=n * 2654435761 % 2**32, r=n % 4)
        lines.append(line)
        size += len(line)
        n += 1
    paste = {"zh": "支付一直失败，这是日志：\n", "en": "Payment keeps failing, here is the log:\n"}[lang]
    after = {"zh": "收到日志了，我转给技术同事看一下。", "en": "Got the log, I am passing it to our engineers."}[lang]
    return [{"role": "user", "content": _FIRST[lang]}, {"role": "assistant", "content": _REPLY[lang]},
            {"role": "user", "content": (paste + "".join(lines))[: LOG_CHAT["chars"]]},
            {"role": "assistant", "content": after}, {"role": "user", "content": _ASK[lang]}]


SHORT_BUDGETS = (600, 1500)
LONG_BUDGETS = (200, 300, 600, 1000)
LOG_BUDGETS = (300, 600)


def _raw_window(messages: list[dict], budget: int, encoding: Any) -> list[dict]:
    """The recency baseline: the newest whole messages that fit, the question included."""
    from .._tokens import count_message_tokens

    *history, question = messages
    out, used = [question], count_message_tokens([question], encoding)
    for m in reversed(history):
        cost = count_message_tokens([m], encoding)
        if used + cost > budget:
            break
        out.insert(0, m)
        used += cost
    return out


def _probe(name: str, lang: str, messages: list[dict], budgets: tuple[int, ...]) -> list[dict[str, Any]]:
    from .. import Tracker
    from .._tokens import count_message_tokens

    *history, question = messages
    t = Tracker(lang)
    for m in history:
        t.observe(m)
    full = count_message_tokens(messages, t.encoding)
    rows = []
    for budget in budgets:
        for method in ("ctxgraph", "raw window"):
            start = time.perf_counter()
            sent = (t.assemble(question["content"], budget=budget).messages if method == "ctxgraph"
                    else _raw_window(messages, budget, t.encoding))
            before = json.dumps(sent[:-1], ensure_ascii=False)
            first = [i for i, m in enumerate(history) if m.get("content") and json.dumps(m["content"], ensure_ascii=False)[1:-1] in before]
            rows.append({"probe": name, "lang": lang, "budget": budget, "method": method,
                         "history_tokens": full, "sent_tokens": count_message_tokens(sent, t.encoding),
                         "order_id": ORDER_IDS[lang] in before, "earlier_turns": bool([i for i in first if i < 2]),
                         "ms": round((time.perf_counter() - start) * 1000, 1)})
    return rows


def run_probes() -> dict[str, Any]:
    """Every probe in zh and en at its budgets, ctxgraph beside the raw window."""
    from ._run import machine

    start = time.perf_counter()
    results = []
    for lang in ("zh", "en"):
        results += _probe("short chat", lang, SHORT_CHATS[lang], SHORT_BUDGETS)
        results += _probe("long message", lang, angry_chat(lang), LONG_BUDGETS)
        results += _probe("pasted log", lang, log_chat(lang), LOG_BUDGETS)
    return {"dataset": "probes", "results": results, "seconds": round(time.perf_counter() - start, 1),
            "machine": machine()}


def format_probes(report: dict[str, Any]) -> tuple[str, list[str], list[list[Any]]]:
    """(title, header, rows): one row per probe, language, budget and method."""
    rows = [[r["probe"], r["lang"], r["budget"], r["method"], r["history_tokens"], r["sent_tokens"],
             "yes" if r["order_id"] else "no", "yes" if r["earlier_turns"] else "no"] for r in report["results"]]
    title = ("issue 20 probes: tokens sent against the history's, the first message's order id in the context, "
             "the turns before the long message or log in it (raw window: the newest whole messages that fit)")
    return title, ["probe", "lang", "budget", "method", "history tokens", "sent tokens", "order id in context",
                   "earlier turns in"], rows
