"""The public API is exactly ``ctxgraph.__all__`` (httpx's tests/test_exported_members.py)."""

from __future__ import annotations

import __future__ as future
import importlib.metadata
import types
from pathlib import Path

import ctxgraph

EXPECTED = [
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


def test_exported_members_all_is_the_expected_list():
    assert ctxgraph.__all__ == EXPECTED


def test_exported_members_all_are_importable():
    namespace: dict = {}
    exec("from ctxgraph import *", namespace)  # noqa: S102
    for name in ctxgraph.__all__:
        assert getattr(ctxgraph, name) is namespace[name]


def test_exported_members_every_public_name_is_in_all():
    public = {
        name
        for name, value in vars(ctxgraph).items()
        if not name.startswith("_")
        and not isinstance(value, types.ModuleType)  # submodules such as ctxgraph.schema
        and not isinstance(value, future._Feature)  # `from __future__ import annotations`
    }
    assert public == set(ctxgraph.__all__) - {"__version__"}


def test_exported_members_are_defined_in_ctxgraph():
    for name in ctxgraph.__all__:
        value = getattr(ctxgraph, name)
        if name != "__version__":
            assert value.__module__.startswith("ctxgraph."), name


def test_exported_members_version_matches_package_metadata():
    assert ctxgraph.__version__ == importlib.metadata.version("ctxgraph")


def test_exported_members_package_is_typed():
    assert (Path(ctxgraph.__file__).parent / "py.typed").is_file()
