"""The gateway's settings, checked once, and passed to uvicorn's worker processes as JSON.

>>> config = ServeConfig(upstream="http://127.0.0.1:9/v1/", budget=800, packs=("booking",))
>>> config.upstream, config.budget
('http://127.0.0.1:9/v1', 800)
>>> ServeConfig.from_json(config.to_json()) == config
True
>>> ServeConfig(upstream="api.openai.com")
Traceback (most recent call last):
...
ctxgraph._errors.ServeError: [E198] --upstream 'api.openai.com' is not an http(s) URL such as https://api.openai.com/v1.
"""

from __future__ import annotations

import dataclasses
import json
import os
from dataclasses import dataclass, field

from .._errors import BudgetError, Errors, ServeError
from .._fit import STATE_MODES, check_budget
from .._tokens import TOKENS_PER_MESSAGE

#: Where sessions are kept unless --store says otherwise (a file in the current folder).
DEFAULT_STORE = "sqlite:///ctxgraph-sessions.db"
#: The environment variable holding the admin routes' bearer token.
ADMIN_TOKEN_ENV = "CTXGRAPH_ADMIN_TOKEN"
#: The environment variable carrying the settings to uvicorn's worker processes.
CONFIG_ENV = "CTXGRAPH_SERVE_CONFIG"
#: Largest request body read (bytes, --max-body): 16 MiB holds a history of about 4 million
#: tokens; a 50 MB body took a worker 9 s and 800 MB.
MAX_BODY = 16 * 1024 * 1024
#: Most messages one tracked request may carry (--max-messages).
MAX_MESSAGES = 5000
#: What a history that does not continue its stored session does (--on-divergence).
ON_DIVERGENCE = ("forward", "refuse", "rebuild")
#: The encoders ``--embed`` names (a callable cannot cross to the worker processes).
EMBEDDINGS = (None, "minilm")


@dataclass(frozen=True)
class ServeConfig:
    """What ``ctxgraph serve`` was started with (every option of the command).

    ``upstream`` is the OpenAI-compatible base URL requests go to (``.../v1``);
    ``api_key_env`` names the variable holding the upstream key (else the caller's
    ``Authorization`` header is passed on); ``budget`` is the default token budget of an
    assembled context; ``store`` the session store URL; ``packs``/``lang`` the trackers'
    options; ``timeout`` the seconds the upstream may take. ``admin_open`` opens the
    state API without ``CTXGRAPH_ADMIN_TOKEN`` (else it is closed: 403, E240);
    ``max_body`` (bytes) and ``max_messages`` bound one request (413, E242/E243);
    ``on_divergence`` says what a history that does not continue its stored session does:
    ``forward`` (sent upstream untouched and not recorded; the stored session is kept),
    ``refuse`` (409, E241; the stored session is kept) or ``rebuild`` (it is started again
    from that history: for trusted callers only). ``state`` is ``"auto"`` (a history that
    fits the budget goes upstream unchanged) or ``"always"`` (the state block on every
    request), as ``Tracker.assemble(state=...)``. ``embed`` (``"minilm"``) gives every
    session's tracker semantic recall with the bundled encoder (``Tracker(embed=...)``), one
    model per worker process; None (default): lexical recall only.
    """

    upstream: str
    budget: int = 1500
    store: str = DEFAULT_STORE
    api_key_env: str | None = None
    packs: tuple[str, ...] = ()
    lang: str = "auto"
    timeout: float = 600.0
    workers: int = 1
    tracker_options: dict = field(default_factory=dict)
    admin_open: bool = False
    max_body: int = MAX_BODY
    max_messages: int = MAX_MESSAGES
    on_divergence: str = "forward"
    state: str = "auto"
    embed: str | None = None

    def __post_init__(self) -> None:
        upstream = str(self.upstream).rstrip("/")
        if not upstream.startswith(("http://", "https://")) or len(upstream.split("://", 1)[1]) == 0:
            raise ServeError(Errors.E198.format(upstream=self.upstream))
        object.__setattr__(self, "upstream", upstream)
        object.__setattr__(self, "packs", tuple(self.packs))
        try:
            check_budget(self.budget, TOKENS_PER_MESSAGE)
        except BudgetError as err:
            raise ServeError(Errors.E199.format(name="budget", value=self.budget, reason=err)) from None
        if self.state not in STATE_MODES:
            raise ServeError(Errors.E199.format(name="state", value=self.state, reason=" or ".join(STATE_MODES)))
        if not isinstance(self.timeout, (int, float)) or self.timeout <= 0:
            raise ServeError(Errors.E199.format(name="timeout", value=self.timeout, reason="seconds > 0"))
        if not isinstance(self.workers, int) or self.workers < 1:
            raise ServeError(Errors.E199.format(name="workers", value=self.workers, reason="an int >= 1"))
        for name in ("max_body", "max_messages"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ServeError(Errors.E199.format(name=name, value=value, reason="an int >= 1"))
        if self.embed not in EMBEDDINGS:
            raise ServeError(Errors.E199.format(name="embed", value=self.embed, reason='"minilm" or None'))
        if self.on_divergence not in ON_DIVERGENCE:
            raise ServeError(Errors.E199.format(name="on_divergence", value=self.on_divergence,
                                                reason=" or ".join(ON_DIVERGENCE)))
        if self.workers > 1 and self.store.startswith("memory:"):
            raise ServeError(Errors.E196.format(store=self.store, workers=self.workers))

    def api_key(self) -> str | None:
        """The upstream key from ``api_key_env`` (None: pass the caller's own header on)."""
        if not self.api_key_env:
            return None
        key = os.environ.get(self.api_key_env)
        if not key:
            raise ServeError(Errors.E197.format(name=self.api_key_env))
        return key

    def to_json(self) -> str:
        return json.dumps(dataclasses.asdict(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> "ServeConfig":
        return cls(**json.loads(text))

    @classmethod
    def from_env(cls) -> "ServeConfig":
        """The settings the parent process put into ``CTXGRAPH_SERVE_CONFIG``."""
        text = os.environ.get(CONFIG_ENV)
        if not text:
            raise ServeError(Errors.E199.format(name=CONFIG_ENV, value=text, reason="not set; start with ctxgraph serve"))
        return cls.from_json(text)


def admin_token() -> str | None:
    """``CTXGRAPH_ADMIN_TOKEN``, read when the app is made; None when unset, empty or only
    spaces (then the admin routes are closed unless ``admin_open``)."""
    token = os.environ.get(ADMIN_TOKEN_ENV, "").strip()
    return token or None
