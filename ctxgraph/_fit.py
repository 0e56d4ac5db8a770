"""Fit the state block, recent raw turns and the question into an exact token budget.

(Token fitting is called "fit" so that "pack" names only rule packs.)

Order of filling (each step only takes what fits, counted exactly with tiktoken):

1. the question (truncated, keeping its head, only if it alone exceeds the budget);
2. the conversation's system prompt (the state block follows it in a system message of its
   own, never appended to it: see :data:`STATE_ROLE`);
3. pinned state lines, by tier (a goal too long for the room is cut, at a word or clause
   boundary, only when the pinned lines do not all fit with it whole; a rule, promise or
   recalled turn that alone takes more than ``ITEM_SHARE`` of the room has its quote cut);
4. ranked state lines, until the state block holds ``state_share`` of what is left;
5. recent raw turns, newest first, whole turns only (an assistant tool call and its
   results are one unit, so the chat API never sees a tool result without its call);
   a turn sent raw takes the place of its "earlier in the conversation" line, so no turn
   is ever shown twice (the facts read from it keep their lines); a turn larger
   than ``TURN_SHARE`` of the room (a pasted log) is sent cut, head and tail with a marker,
   and the older turns still come in;
6. more ranked state lines, while anything fits; what is left goes to the turns sent cut.

A history that fits the budget whole never gets here: ``Tracker.assemble(state="auto")``
sends it unchanged (issue 20).

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

from ._errors import BudgetError, ConfigError, Errors
from ._render import (
    Line,
    Style,
    cut,
    quote,
    focus_separator,
    group_separator,
    render_block,
    section_headers,
)
from ._tokens import count_message_tokens, count_text_tokens


@dataclass
class Context:
    """What to send to the model, and how it was made.

    ``messages`` go straight into ``client.chat.completions.create``: the operator's
    system prompt, the state block in a system message of its own, recent raw turns and
    the question; ``tokens`` is their exact count (never above ``budget``); ``sections``
    splits it into system prompt, state block, raw history and question; ``node_ids`` are the
    graph nodes the state block shows; ``dropped`` says what did not fit. ``passed_through``
    is True when the whole history fitted the budget and was sent unchanged, with no state
    block (``assemble(..., state="auto")``, the default).
    """

    messages: list[dict[str, Any]]
    tokens: int
    budget: int
    sections: dict[str, int] = field(default_factory=dict)
    state_block: str = ""
    node_ids: list[str] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)
    passed_through: bool = False


#: What ``assemble(..., state=...)`` accepts: "auto" sends the whole history unchanged when it
#: fits the budget (the state block only when it does not), "always" renders the state block.
STATE_MODES = ("auto", "always")


def check_state_mode(state: object) -> None:
    """Raise :class:`~ctxgraph.ConfigError` (E090) unless ``state`` is one of :data:`STATE_MODES`.

    >>> check_state_mode("auto")
    >>> check_state_mode("never")
    Traceback (most recent call last):
    ...
    ctxgraph._errors.ConfigError: [E090] Invalid state='never': use "auto" (the whole history unchanged when it fits the budget, else the state block) or "always" (the state block even for a short chat).
    """
    if not isinstance(state, str) or state not in STATE_MODES:
        raise ConfigError(Errors.E090.format(value=state))


def check_budget(budget: object, per_message: int) -> None:
    """Raise :class:`BudgetError` unless ``budget`` is an int that holds one message."""
    if not isinstance(budget, int) or isinstance(budget, bool) or budget <= 0:
        raise BudgetError(Errors.E041.format(budget=budget))
    minimum = per_message + 1
    if budget < minimum:
        raise BudgetError(Errors.E040.format(budget=budget, minimum=minimum))


#: The role of the state block's own message. It follows the operator's system prompt as a
#: second system message (the OpenAI chat API takes several; ``developer`` is not accepted
#: by every compatible server) and opens with its frame: a record quoted from the
#: conversation, not instructions (see docs/security.md).
STATE_ROLE = "system"


def _system_messages(prompt: str | None, lines: list[Line], style: Style, compact: bool = False) -> list[dict]:
    """The operator's system prompt and the state block, each in its own message."""
    block = render_block(lines, style, compact)
    return ([{"role": "system", "content": prompt}] if prompt else []) + (
        [{"role": STATE_ROLE, "content": block}] if block else [])


def fit(
    *,
    question: str,
    budget: int,
    always_ask: bool = False,
    lines: list[Line],
    blocks: Iterable[tuple[list[int], list[dict], int]],
    total_turns: int,
    lang: "str | Style",
    encoding: tiktoken.Encoding,
    per_message: int,
    system_prompt: str | None = None,
    state_share: float = 0.9,
    compact: bool = False,
) -> Context:
    """Fit everything into ``budget`` tokens (see the module docstring for the order).
    ``lang`` is a language code or a :class:`~ctxgraph._render.Style` (a pack's labels)."""
    check_budget(budget, per_message)
    f = _Fitter(budget=budget, lines=lines, style=Style.of(lang), encoding=encoding, per_message=per_message,
                compact=compact)
    f.place_question(question, always_ask)
    f.place_prompt(system_prompt)
    f.place_pinned()
    rest = f.place_ranked(state_share)
    f.place_raw_turns(blocks)
    f.place_rest(rest)
    f.exact_fit()
    f.grow_cut_turns()
    return f.context(total_turns)


#: A pinned line may take at most this share of the room (after the question and the prompt);
#: a longer one has its quoted text cut, to no fewer than MIN_ITEM_CHARS characters.
ITEM_SHARE = 0.5
MIN_ITEM_CHARS = 8
#: A raw turn larger than this share of the room (after the question and the prompt), and
#: than OVERSIZED_TOKENS, is oversized: it is cut to this share of the room left for raw
#: turns, and the older turns still come in.
TURN_SHARE = 0.5
OVERSIZED_TOKENS = 100
#: A cut turn keeps at least this many tokens of its words (else it is left out) ...
MIN_CUT_TOKENS = 12
#: ... and this share of them from its head (the rest from its tail: a long paste often
#: ends with what the user asks).
HEAD_SHARE = 0.6


def cut_middle(text: str, tokens: int, encoding: tiktoken.Encoding) -> str | None:
    """``text`` in at most ``tokens`` tokens: whole when it fits, else its head and tail with
    a marker saying how many characters were left out between them; None when ``tokens``
    cannot hold :data:`MIN_CUT_TOKENS` of its words beside the marker. Only the head and the
    tail are ever encoded, so a megabyte costs what a page does.

    >>> from ctxgraph._tokens import get_encoding
    >>> enc = get_encoding()
    >>> text = "The order id is A-123. " + "It broke again and again. " * 200 + "Where is my refund?"
    >>> cut = cut_middle(text, 40, enc)
    >>> cut.startswith("The order id is A-123.") and cut.endswith("Where is my refund?"), count_text_tokens(cut, enc) <= 40
    (True, True)
    >>> cut_middle("short", 40, enc)
    'short'
    """
    if count_text_tokens(text[: tokens * 8 + 1], encoding) <= tokens and len(text) <= tokens * 8:
        return text
    marker = " …[{n} characters cut]… "
    words = tokens - count_text_tokens(marker.format(n=len(text)), encoding)
    if words < MIN_CUT_TOKENS:
        return None
    head_room = int(words * HEAD_SHARE)
    head = _edge(text, head_room, encoding)
    tail = _edge(text, words - head_room, encoding, tail=True)
    while head or tail:
        out = head.rstrip() + marker.format(n=len(text) - len(head) - len(tail)) + tail.lstrip()
        if count_text_tokens(out, encoding) <= tokens:
            return out
        head, tail = (head[: len(head) * 9 // 10], tail) if len(head) >= len(tail) else (head, tail[len(tail) // 10 + 1:])
    return None


def _edge(text: str, tokens: int, encoding: tiktoken.Encoding, *, tail: bool = False) -> str:
    """The longest head (or ``tail``) of ``text``, in whole characters, of at most ``tokens`` tokens."""
    lo, hi = 0, min(len(text), tokens * 8)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if count_text_tokens(text[len(text) - mid:] if tail else text[:mid], encoding) <= tokens:
            lo = mid
        else:
            hi = mid - 1
    return text[len(text) - lo:] if tail else text[:lo]


def _length(ln: Line, mark: int) -> int:
    """Characters of an item's own words in a line (``mark``: the "…" of a cut line)."""
    return ln.lengths[0] if ln.lengths else len(ln.text) + mark


class _Fitter:
    """The running state of one :func:`fit`: what is chosen and what it costs."""

    def __init__(self, *, budget: int, lines: list[Line], style: Style, encoding: tiktoken.Encoding,
                 per_message: int, compact: bool):
        self.budget, self.lines, self.style, self.encoding = budget, lines, style, encoding
        self.per_message, self.compact = per_message, compact
        self.truncated: list[str] = []
        self.cut_turns: list[str] = []  # raw turns sent cut (TURN_SHARE), as Context.dropped says
        self.shares: list[str] = []  # pinned lines cut to their share (ITEM_SHARE)
        self.cut: list[tuple[list[int], list[dict]]] = []  # their indexes and whole blocks
        self.skipped: list[tuple[list[int], list[dict]]] = []  # oversized turns with no room at their turn
        self.chosen: list[Line] = []
        self.tokens, self.sections, self.groups = 0, set(), set()
        self.subs: set[tuple[str, str | None]] = set()
        self.history: list[tuple[list[int], list[dict]]] = []
        self.history_tokens = 0
        self.raw: set[int] = set()  # message indexes sent as raw turns
        self.lost_pinned: list[Line] = []
        self.lost_ranked: list[Line] = []
        self.order = {id(ln): n for n, ln in enumerate(lines)}  # priority order, for rendering stability
        self.cuts: dict[int, list[Line]] = {}  # shorter forms of a line (the goal), longest first
        for ln in lines:
            if ln.shorter:
                self.cuts[id(ln)] = [replace(ln, text=text, shorter=(), lengths=ln.lengths[n + 1:n + 2])
                                     for n, text in enumerate(ln.shorter)]
                self.order.update((id(short), self.order[id(ln)]) for short in self.cuts[id(ln)])

    def count(self, msgs: list[dict]) -> int:
        return count_message_tokens(msgs, self.encoding, per_message=self.per_message)

    def sys_tokens(self, chosen: list[Line]) -> int:
        """Tokens of the system messages with ``chosen`` as the state block: the prompt's count
        (taken once, in :meth:`place_prompt`) plus the state message's (counts add up per message)."""
        block = render_block(chosen, self.style, self.compact)
        return self.prompt_tokens + (self.count([{"role": STATE_ROLE, "content": block}]) if block else 0)

    # ------------------------------------------------------------------ question and prompt
    def place_question(self, question: str, always_ask: bool) -> None:
        """The question, its head only if it alone exceeds the budget."""
        self.q_msgs: list[dict] = []
        if question or always_ask:
            self.q_msgs = [{"role": "user", "content": question}]
            if self.count(self.q_msgs) > self.budget:
                room = self.budget - self.per_message
                ids = self.encoding.encode(question, disallowed_special=())
                head = self.encoding.decode(ids[:room])
                while count_text_tokens(head, self.encoding) > room:
                    room -= 1
                    head = self.encoding.decode(ids[:room])
                self.q_msgs = [{"role": "user", "content": head}]
                self.truncated.append(f"question: truncated to its first {room} tokens")
        self.q_tokens = self.count(self.q_msgs)
        self.avail = self.budget - self.q_tokens

    def place_prompt(self, system_prompt: str | None) -> None:
        """The operator's prompt, unless it alone does not fit beside the question; then the
        per-line costs (a newline always ends a BPE piece, so line costs add up)."""
        self.prompt = system_prompt or None
        self.prompt_tokens = self.count([{"role": "system", "content": self.prompt}]) if self.prompt else 0
        if self.prompt and self.sys_tokens([]) > self.avail:
            self.truncated.insert(0, "system prompt")
            self.prompt, self.prompt_tokens = None, 0
        self.base = self.sys_tokens([])
        self.tokens = self.base
        enc = self.encoding
        self.headers = section_headers(self.style, self.compact)
        self.header_cost = {sec: count_text_tokens(hdr + ("" if sec in ("goal", "focus") else "\n"), enc) if hdr else 0
                            for sec, hdr in self.headers.items()}  # goal and focus share their line
        newline = count_text_tokens("\n", enc)  # the block's last line has none
        self.title_cost = count_text_tokens(self.headers["title"] + "\n", enc) - newline + self.per_message

    # ------------------------------------------------------------------ state lines
    def cost(self, ln: Line) -> int:
        """Tokens ``ln`` adds to the block as rendered so far (BPE pieces never span a newline,
        so pieces add up; a separator's space joins the next word, so it is counted with it)."""
        enc, style = self.encoding, self.style
        extra = 0 if self.chosen else self.title_cost
        if ln.section in ("goal", "focus"):
            if ln.section in self.sections:
                return extra + count_text_tokens(focus_separator(style) + ln.text, enc)
            return extra + count_text_tokens(self.headers[ln.section] + style.word_sep + ln.text + "\n", enc)
        if ln.section not in self.sections:
            extra += self.header_cost.get(ln.section, 0)
        if ln.group:  # a group is one line of its section (a source's facts, its recalled turns)
            sub = ln.sub if ln.sub is not None and (ln.group, ln.sub) not in self.subs else ""
            if (ln.section, ln.group) in self.groups:
                return extra + count_text_tokens(group_separator(style) + sub + ln.text, enc)
            return extra + count_text_tokens(ln.group + sub + ln.text + "\n", enc)  # a group's line starts with it
        return extra + count_text_tokens(ln.text + "\n", enc)

    def try_add(self, ln: Line, limit: int) -> bool:
        c = self.cost(ln)
        if self.tokens + c > limit:
            return False
        self.chosen.append(ln)
        self.tokens += c
        self.sections.add(ln.section)
        if ln.group:
            self.groups.add((ln.section, ln.group))
            self.subs.add((ln.group, ln.sub))
        return True

    def reset_to(self, kept: list[Line], tokens: int) -> None:
        self.chosen[:] = kept
        self.tokens = tokens
        self.sections = {ln.section for ln in kept}
        self.groups = {(ln.section, ln.group) for ln in kept if ln.group}
        self.subs = {(ln.group, ln.sub) for ln in kept if ln.group}

    def _place_forms(self, forms: list[Line]) -> list[Line]:
        """Fill the block with ``forms`` strictly by tier (never a lower one over a higher
        one); returns the lines that did not fit."""
        self.reset_to([], self.base)
        for n, ln in enumerate(forms):
            if not self.try_add(ln, self.avail):
                return forms[n:]
        return []

    def within_share(self, ln: Line) -> Line:
        """``ln``, or when it alone takes more than :data:`ITEM_SHARE` of the room, a form
        with its quoted text cut (its head, marked "…") that does not (issue 20: one rule
        quoting a long message sank every other item)."""
        enc = self.encoding
        limit = int(self.avail * ITEM_SHARE)
        if not ln.body or count_text_tokens(ln.text, enc) <= limit or quote(ln.body) not in ln.text:
            return ln
        before, after = ln.text.split(quote(ln.body), 1)
        n = len(ln.body)
        while n > MIN_ITEM_CHARS:
            n = n * 2 // 3
            short = cut(ln.body, n, segmented=self.style.segmented)
            text = before + quote(short) + after
            if count_text_tokens(text, enc) <= limit:
                self.shares.append(f"{ln.item.kind} {ln.item.node}: cut to {len(short) - 1} of {len(ln.body)} characters")
                shorter = replace(ln, text=text, body=short)
                self.order[id(shorter)] = self.order[id(ln)]
                return shorter
        return ln

    def place_pinned(self) -> None:
        """Pinned lines by tier; a long line is cut only when the pinned lines need its room."""
        self.lines = [self.within_share(ln) if ln.item.pinned else ln for ln in self.lines]
        pinned = [ln for ln in self.lines if ln.item.pinned]
        forms = list(pinned)
        lost = self._place_forms(forms)
        for n, ln in enumerate(pinned):
            for short in self.cuts.get(id(ln), ()):
                if not lost:
                    break
                trial = forms[:n] + [short] + forms[n + 1:]
                lost_trial = self._place_forms(trial)
                if len(lost_trial) < len(lost):
                    forms, lost = trial, lost_trial
        self.lost_pinned = self._place_forms(forms)

    def place_ranked(self, state_share: float) -> list[Line]:
        """Ranked lines, whole, until the block holds ``state_share`` of the room; returns
        the ones left for the end."""
        ranked = [ln for ln in self.lines if not ln.item.pinned]
        if self.lost_pinned:
            self.lost_ranked = list(ranked)
            return []
        share_limit = max(self.sys_tokens(self.chosen), int(self.avail * state_share))
        return [ln for ln in ranked if not self.try_add(ln, share_limit)]

    # ------------------------------------------------------------------ raw turns
    def place_raw_turns(self, blocks: Iterable[tuple[list[int], list[dict], int]]) -> None:
        """Recent raw turns, newest first, whole blocks only; a turn sent raw takes the place
        of its recalled line (and the tokens that line took).

        No turn can sink the older ones: a block larger than :data:`TURN_SHARE` of the room
        and than :data:`OVERSIZED_TOKENS` (a pasted log, a long angry message) is sent cut to
        its share of the room left, its head and tail with a marker (a message of its own
        words only; a tool call with its results is left out whole), and the older turns
        still come in. An ordinary turn that does not fit ends the raw turns: the rest of
        the room goes to state lines."""
        if self.lost_pinned:
            return
        oversized = max(int(self.avail * TURN_SHARE), OVERSIZED_TOKENS)
        share = int((self.avail - self.tokens) * TURN_SHARE)
        for idx, block, block_cost in blocks:
            recalled = [ln for ln in self.chosen if ln.turn is not None and ln.turn in idx]
            gone = {id(ln) for ln in recalled}
            kept = [ln for ln in self.chosen if id(ln) not in gone]
            state_tokens = self.sys_tokens(kept) if recalled else self.tokens
            if state_tokens + self.history_tokens + block_cost > self.avail:
                if block_cost <= oversized:
                    break
                room = min(share, self.avail - state_tokens - self.history_tokens)
                whole, block = block, self._cut_block(block, room)
                if block is None:
                    self.skipped.append((idx, whole))  # offered what is left at the end
                    continue  # the older turns go on
                block_cost = self.count(block)
                self.cut.append((idx, whole))
            if recalled:
                self.reset_to(kept, state_tokens)
            self.history.insert(0, (idx, block))
            self.history_tokens += block_cost
            self.raw.update(idx)

    def _cut_block(self, block: list[dict], room: int) -> list[dict] | None:
        """A one-message block of plain text cut to at most ``room`` tokens, or None."""
        if len(block) != 1 or block[0].get("tool_calls") or not isinstance(block[0].get("content"), str):
            return None
        m = block[0]
        text = cut_middle(m["content"], room - self.count([{**m, "content": ""}]), self.encoding)
        return None if text is None else [{**m, "content": text}]

    def grow_cut_turns(self) -> None:
        """Give the room nothing else took to the turns sent cut, newest first (they were cut
        to their share before the older turns and the remaining lines had their place), then
        to an oversized turn that had no room at its turn."""
        for idx, whole in self.skipped:
            left = self.avail - self.sys_tokens(self.chosen) - self.history_tokens
            if any(ln.turn is not None and ln.turn in idx for ln in self.chosen) or left <= 0:
                continue
            block = self._cut_block(whole, left)
            if block is not None:
                self.history.append((idx, block))
                self.history.sort(key=lambda h: h[0][0])
                self.history_tokens += self.count(block)
                self.raw.update(idx)
                self.cut.append((idx, whole))
        for idx, whole in self.cut:
            n = next(n for n, (i, _) in enumerate(self.history) if i == idx)
            cost = self.count(self.history[n][1])
            left = self.avail - self.sys_tokens(self.chosen) - self.history_tokens
            grown = self._cut_block(whole, cost + left) if left > 0 else None
            if grown is not None and self.count(grown) > cost:
                self.history[n] = (idx, grown)
                self.history_tokens += self.count(grown) - cost
        for idx, whole in self.cut:
            sent = next(block for i, block in self.history if i == idx)[0]["content"]
            self.cut_turns.append(f"turn {idx[0]}: cut to {len(sent)} of {len(whole[0]['content'])} characters")

    def place_rest(self, rest: list[Line]) -> None:
        """The best-scoring lines that still fit (cut if they have shorter forms)."""
        for n, ln in enumerate(rest):
            if ln.turn is not None and ln.turn in self.raw:
                continue  # sent whole as a raw turn
            if n - len(self.chosen) > 40 or not any(
                    self.try_add(form, self.avail - self.history_tokens) for form in (ln, *self.cuts.get(id(ln), ()))):
                self.lost_ranked.append(ln)
        self.chosen.sort(key=lambda ln: self.order[id(ln)])

    def exact_fit(self) -> None:
        """The exact count: drop the lowest-priority lines should the estimate be short, then
        offer the room an overestimate left to the best remaining lines."""
        order = self.order
        limit = self.avail - self.history_tokens
        while self.chosen and self.sys_tokens(self.chosen) > limit:
            lost = self.chosen.pop()
            (self.lost_ranked if not lost.item.pinned else self.lost_pinned).insert(0, lost)
        if not self.lost_pinned:
            misses = 0
            for ln in sorted(self.lost_ranked, key=lambda ln: order[id(ln)]):
                trial = sorted(self.chosen + [ln], key=lambda x: order[id(x)])
                if self.sys_tokens(trial) <= limit:
                    self.chosen[:] = trial
                    self.lost_ranked.remove(ln)
                else:
                    misses += 1
                    if misses >= 3:
                        break
        self.lost_ranked.sort(key=lambda ln: order[id(ln)])
        self.lost_pinned.sort(key=lambda ln: order[id(ln)])

    # ------------------------------------------------------------------ the result
    def dropped(self, total_turns: int) -> list[str]:
        """What was left out, in the order it gives way: lowest priority first."""
        dropped: list[str] = []
        skipped_turns = total_turns - sum(len(idx) for idx, _ in self.history)
        if skipped_turns:
            dropped.append(f"{skipped_turns} older raw turns")
        dropped += self.cut_turns
        dropped += [f"ranked {ln.item.kind} {ln.item.node}" for ln in reversed(self.lost_ranked)]
        dropped += [f"pinned {ln.item.kind} {ln.item.node}" for ln in reversed(self.lost_pinned)]
        whole = {id(short): ln for ln in self.lines for short in self.cuts.get(id(ln), ())}
        dropped += [f"{ln.item.kind} {ln.item.node}: cut to {_length(ln, -1)} of {_length(whole[id(ln)], 0)} characters"
                    for ln in self.chosen if id(ln) in whole]
        shown = {ln.item.node for ln in self.chosen}
        dropped += [s for s in self.shares if s.split(" ", 2)[1].rstrip(":") in shown]
        return dropped + self.truncated

    def context(self, total_turns: int) -> Context:
        messages = _system_messages(self.prompt, self.chosen, self.style, self.compact)
        for _, block in self.history:
            messages += block
        messages += self.q_msgs
        total = self.count(messages)
        assert total <= self.budget, (total, self.budget)  # guaranteed by construction
        prompt_tokens = self.prompt_tokens
        return Context(
            messages=messages,
            tokens=total,
            budget=self.budget,
            sections={  # they add up to ``tokens``: the state block is its own message
                "system": prompt_tokens,
                "state": self.sys_tokens(self.chosen) - prompt_tokens,
                "history": self.history_tokens,
                "question": self.q_tokens,
            },
            state_block=render_block(self.chosen, self.style, self.compact),
            node_ids=[ln.item.node for ln in self.chosen],
            turns=[i for idx, _ in self.history for i in idx],
            dropped=self.dropped(total_turns),
        )
