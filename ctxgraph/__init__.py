"""ctxgraph: keep long LLM conversations sharp with a context graph.

>>> from ctxgraph import Tracker
>>> t = Tracker(lang="zh")
>>> _ = t.observe({"role": "user", "content": "预算5000元"})
>>> _ = t.observe({"role": "user", "content": "预算改成6000"})
>>> [(f.value, f.status) for f in t.state().facts]
[('5000元', 'superseded'), ('6000', 'current')]
"""

from __future__ import annotations

from ._catalog import load_catalog, load_catalog_attributes
from ._config import TrackerConfig
from ._errors import (
    BudgetError,
    ConfigError,
    CtxgraphError,
    EmbedError,
    Errors,
    ExtractionWarning,
    MessageError,
    RulesError,
    StateError,
    StoreError,
    TokenizerError,
)
from ._fit import Context
from ._llm import Extraction, ExtractionUsage
from ._messages import read_conversation
from ._rules import load_pack
from ._state import State
from ._tokens import count_message_tokens, get_encoding
from ._tracker import Tracker, rebuild_session
from .stores._session import open_session

__version__ = "0.1.0"

__all__ = [
    "BudgetError",
    "ConfigError",
    "Context",
    "CtxgraphError",
    "EmbedError",
    "Errors",
    "Extraction",
    "ExtractionUsage",
    "ExtractionWarning",
    "MessageError",
    "RulesError",
    "State",
    "StateError",
    "StoreError",
    "TokenizerError",
    "Tracker",
    "TrackerConfig",
    "__version__",
    "count_message_tokens",
    "get_encoding",
    "load_catalog",
    "load_catalog_attributes",
    "load_pack",
    "rebuild_session",
    "open_session",
    "read_conversation",
]
