"""Fit the state block, recent raw turns and the question into an exact token budget.

(Token fitting is called "fit" so that "pack" names only rule packs.)

Order of filling (each step only takes what fits, counted exactly with tiktoken):

1. the question (truncated, keeping its head, only if it alone exceeds the budget);
2. the conversation's system prompt;
3. pinned state lines, by tier (a goal too long for the room is cut, at a word or clause
   boundary, only when the pinned lines do not all fit with it whole);
4. ranked state lines, until the state block holds ``state_share`` of what is left;
5. recent raw turns, newest first, whole turns only (an assistant tool call and its
   results are one unit, so the chat API never sees a tool result without its call);
   a turn sent raw takes the place of its "earlier in the conversation" line, so no turn
   is ever shown twice;
6. more ranked state lines, while anything fits.

Pinned lines are kept strictly by tier: when one does not fit, it and every pinned
line below it are dropped, and nothing of lower priority (ranked lines, raw turns)
is added. Ranked lines are the best-scoring ones that fit.

When the budget cannot hold everything, ``Context.dropped`` lists what was left
out in the order it gives way, lowest priority first: older raw turns, ranked
lines (lowest score first), pinned lines from the lowest tier up (stressed facts,
selected entities, open questions, named facts, open commitments, constraints,
goal), the tail of a goal shown cut, the system prompt (only when it alone does
not fit beside the question), and last the tail of the question.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Iterable

import tiktoken

from ._errors import BudgetError, Errors
from ._render import (
    Line,
    focus_separator,
    group_header,
    group_separator,
    render_block,
    section_headers,
)
from ._tokens import count_message_tokens, count_text_tokens


@dataclass
class Context:
    """What to send to the model, and how it was made.

    ``messages`` go straight into ``client.chat.completions.create``; ``tokens``
    is their exact count (never above ``budget``); ``sections`` splits it into
    system prompt + state block, raw history and question; ``node_ids`` are the
    graph nodes the state block shows; ``dropped`` says what did not fit.
    """

    messages: list[dict[str, Any]]
    tokens: int
    budget: int
    sections: dict[str, int] = field(default_factory=dict)
    state_block: str = ""
    node_ids: list[str] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)


def check_budget(budget: object, per_message: int) -> None:
    """Raise :class:`BudgetError` unless ``budget`` is an int that holds one message."""
    if not isinstance(budget, int) or isinstance(budget, bool) or budget <= 0:
        raise BudgetError(Errors.E041.format(budget=budget))
    minimum = per_message + 1
    if budget < minimum:
        raise BudgetError(Errors.E040.format(budget=budget, minimum=minimum))


def _system_content(prompt: str | None, lines: list[Line], lang: str, compact: bool = False) -> str:
    block = render_block(lines, lang, compact)
    return "\n\n".join(p for p in (prompt, block) if p)


def fit(
    *,
    question: str,
    budget: int,
    always_ask: bool = False,
    lines: list[Line],
    blocks: Iterable[tuple[list[int], list[dict], int]],
    total_turns: int,
    lang: str,
    encoding: tiktoken.Encoding,
    per_message: int,
    system_prompt: str | None = None,
    state_share: float = 0.9,
    compact: bool = False,
) -> Context:
    """Fit everything into ``budget`` tokens (see the module docstring for the order)."""
    check_budget(budget, per_message)
    truncated: list[str] = []
    count = lambda msgs: count_message_tokens(msgs, encoding, per_message=per_message)  # noqa: E731

    q_msgs: list[dict] = []
    if question or always_ask:
        q_msgs = [{"role": "user", "content": question}]
        if count(q_msgs) > budget:
            room = budget - per_message
            ids = encoding.encode(question, disallowed_special=())
            cut = encoding.decode(ids[:room])
            while count_text_tokens(cut, encoding) > room:
                room -= 1
                cut = encoding.decode(ids[:room])
            q_msgs = [{"role": "user", "content": cut}]
            truncated.append(f"question: truncated to its first {room} tokens")
    q_tokens = count(q_msgs)
    avail = budget - q_tokens

    def sys_tokens(prompt: str | None, chosen: list[Line]) -> int:
        content = _system_content(prompt, chosen, lang, compact)
        return count([{"role": "system", "content": content}]) if content else 0

    prompt = system_prompt or None
    if prompt and sys_tokens(prompt, []) > avail:
        truncated.insert(0, "system prompt")
        prompt = None

    chosen: list[Line] = []
    # Line costs add up (a newline always ends a BPE piece), so filling uses the running sum
    # of per-line costs and the exact count is checked once at the end (``exact_fit``).
    base = sys_tokens(prompt, [])
    headers = section_headers(lang, compact)
    header_cost = {sec: count_text_tokens(hdr + ("" if sec in ("goal", "focus") else "\n"), encoding) if hdr else 0
                   for sec, hdr in headers.items()}  # goal and focus share their line
    newline = count_text_tokens("\n", encoding)  # the block's last line has none
    title_cost = count_text_tokens(headers["title"] + "\n", encoding) - newline + (
        count_text_tokens("\n\n", encoding) if prompt else per_message)
    state = {"tokens": base, "sections": set(), "groups": set()}
    inline = " " if lang == "en" else ""

    def cost(ln: Line) -> int:
        """Tokens ``ln`` adds to the block as rendered so far (BPE pieces never span a newline,
        so pieces add up; a separator's space joins the next word, so it is counted with it)."""
        extra = 0 if chosen else title_cost
        if ln.section in ("goal", "focus"):
            if ln.section in state["sections"]:
                return extra + count_text_tokens(focus_separator(lang) + ln.text, encoding)
            return extra + count_text_tokens(headers[ln.section] + inline + ln.text + "\n", encoding)
        if ln.section not in state["sections"]:
            extra += header_cost.get(ln.section, 0)
        if ln.group:
            if ln.group in state["groups"]:
                return extra + count_text_tokens(group_separator(lang) + ln.text, encoding)
            return extra + count_text_tokens(group_header(ln.group, lang) + ln.text + "\n", encoding)
        return extra + count_text_tokens(ln.text + "\n", encoding)

    def try_add(ln: Line, limit: int) -> bool:
        c = cost(ln)
        if state["tokens"] + c <= limit:
            chosen.append(ln)
            state["tokens"] += c
            state["sections"].add(ln.section)
            if ln.group:
                state["groups"].add(ln.group)
            return True
        return False

    order = {id(ln): n for n, ln in enumerate(lines)}  # priority order, for rendering stability
    cuts: dict[int, list[Line]] = {}  # shorter forms of a line (the goal), longest first
    for ln in lines:
        if ln.shorter:
            cuts[id(ln)] = [replace(ln, text=text, shorter=()) for text in ln.shorter]
            order.update((id(short), order[id(ln)]) for short in cuts[id(ln)])

    def try_add_cut(ln: Line, limit: int) -> bool:
        """``ln`` whole if it fits, else its longest shorter form that fits."""
        return any(try_add(form, limit) for form in (ln, *cuts.get(id(ln), ())))

    def place_pinned(forms: list[Line]) -> list[Line]:
        """Fill the block with ``forms`` strictly by tier (never a lower one over a higher
        one); returns the lines that did not fit."""
        chosen.clear()
        state.update(tokens=base, sections=set(), groups=set())
        for n, ln in enumerate(forms):
            if not try_add(ln, avail):
                return forms[n:]
        return []

    pinned = [ln for ln in lines if ln.item.pinned]
    ranked = [ln for ln in lines if not ln.item.pinned]
    forms = list(pinned)
    lost_pinned = place_pinned(forms)
    for n, ln in enumerate(pinned):  # a long line is cut only when the pinned lines need its room
        for short in cuts.get(id(ln), ()):
            if not lost_pinned:
                break
            trial = forms[:n] + [short] + forms[n + 1:]
            lost = place_pinned(trial)
            if len(lost) < len(lost_pinned):
                forms, lost_pinned = trial, lost
    lost_pinned = place_pinned(forms)
    share_limit = max(sys_tokens(prompt, chosen), int(avail * state_share))
    rest: list[Line] = []
    for ln in ranked if not lost_pinned else ():
        if not try_add(ln, share_limit):  # whole here; cut only for the room left at the end
            rest.append(ln)

    def without(lines: list[Line]) -> list[Line]:
        gone = {id(ln) for ln in lines}
        return [ln for ln in chosen if id(ln) not in gone]

    raw: set[int] = set()  # message indexes sent as raw turns
    history: list[tuple[list[int], list[dict]]] = []
    history_tokens = 0
    for idx, block, block_cost in blocks if not lost_pinned else ():  # newest first
        # a turn sent raw takes the place of its recalled line (and the tokens that line took)
        recalled = [ln for ln in chosen if ln.turn is not None and ln.turn in idx]
        kept = without(recalled)
        state_tokens = sys_tokens(prompt, kept) if recalled else state["tokens"]
        if state_tokens + history_tokens + block_cost > avail:
            break
        if recalled:
            chosen[:] = kept
            state.update(tokens=state_tokens, sections={ln.section for ln in kept},
                         groups={ln.group for ln in kept if ln.group})
        history.insert(0, (idx, block))
        history_tokens += block_cost
        raw.update(idx)

    lost_ranked: list[Line] = list(ranked) if lost_pinned else []
    for n, ln in enumerate(rest):  # the best-scoring lines that still fit
        if ln.turn is not None and ln.turn in raw:
            continue  # sent whole as a raw turn
        if n - len(chosen) > 40 or not try_add_cut(ln, avail - history_tokens):
            lost_ranked.append(ln)
    chosen.sort(key=lambda ln: order[id(ln)])
    # the exact count: drop the lowest-priority lines should the estimate be short, then
    # offer the room an overestimate left to the best remaining lines
    limit = avail - history_tokens
    while chosen and sys_tokens(prompt, chosen) > limit:
        lost = chosen.pop()
        (lost_ranked if not lost.item.pinned else lost_pinned).insert(0, lost)
    if not lost_pinned:
        misses = 0
        for ln in sorted(lost_ranked, key=lambda ln: order[id(ln)]):
            trial = sorted(chosen + [ln], key=lambda x: order[id(x)])
            if sys_tokens(prompt, trial) <= limit:
                chosen[:] = trial
                lost_ranked.remove(ln)
            else:
                misses += 1
                if misses >= 3:
                    break
    lost_ranked.sort(key=lambda ln: order[id(ln)])
    lost_pinned.sort(key=lambda ln: order[id(ln)])

    # what was left out, in the order it gives way: lowest priority first
    dropped: list[str] = []
    skipped_turns = total_turns - sum(len(idx) for idx, _ in history)
    if skipped_turns:
        dropped.append(f"{skipped_turns} older raw turns")
    dropped += [f"ranked {ln.item.kind} {ln.item.node}" for ln in reversed(lost_ranked)]
    dropped += [f"pinned {ln.item.kind} {ln.item.node}" for ln in reversed(lost_pinned)]
    whole = {id(short): ln for ln in lines for short in cuts.get(id(ln), ())}
    dropped += [f"{ln.item.kind} {ln.item.node}: cut to {len(ln.text) - 1} of {len(whole[id(ln)].text)} characters"
                for ln in chosen if id(ln) in whole]
    dropped += truncated

    content = _system_content(prompt, chosen, lang, compact)
    messages = ([{"role": "system", "content": content}] if content else [])
    for _, block in history:
        messages += block
    messages += q_msgs
    total = count(messages)
    assert total <= budget, (total, budget)  # guaranteed by construction
    prompt_tokens = count([{"role": "system", "content": prompt}]) if prompt else 0
    return Context(
        messages=messages,
        tokens=total,
        budget=budget,
        sections={  # they add up to ``tokens``: the state block shares the system message
            "system": prompt_tokens,
            "state": sys_tokens(prompt, chosen) - prompt_tokens,
            "history": history_tokens,
            "question": q_tokens,
        },
        state_block=render_block(chosen, lang, compact),
        node_ids=[ln.item.node for ln in chosen],
        turns=[i for idx, _ in history for i in idx],
        dropped=dropped,
    )
